"""The rules of play and scoring of the 1888 laws, as data and small pure functions.

Trump order (law 8 and the chapter on technical terms): the right bower (knave of trumps),
the left bower (knave of the other suit of the same colour), then A K Q T 9 8 7 of trumps.
The left bower *is* a trump: it follows trumps, not its printed suit. In the other suit of the
trump colour the order is A K Q T 9 8 7; in the other colour A K Q J T 9 8 7.

Scoring (laws 2, 3): makers with 3 or 4 tricks score 1, with all 5 (a march) 2; a lone player
scores 1 for 3 or 4 tricks and 4 for a march; makers held to fewer than 3 tricks are euchred
and the adversaries score 2, or 4 against a lone hand.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from collections.abc import Iterable, Sequence

from analysis.cards import JACK, check_pack, rank_of, suit_of
from analysis.errors import EuchreError


@dataclass(frozen=True)
class Rules:
    """Everything that varies between the book's game and the modern one.

    ``pack``: 32 (the book, seven to ace) or 24 (modern, nine to ace).
    ``points_for_game``: 5 in the book (law 2), 10 in the modern game.
    ``stick_the_dealer``: when all pass twice, the dealer must name a suit (modern option);
    the book voids the deal (law 77).
    """

    pack: int = 32
    points_for_game: int = 5
    stick_the_dealer: bool = False

    def __post_init__(self):
        check_pack(self.pack)
        if not isinstance(self.points_for_game, int) or self.points_for_game < 1:
            raise EuchreError(f"points for game must be a positive whole number, not {self.points_for_game!r}")

    @classmethod
    def book(cls) -> "Rules":
        return cls(pack=32, points_for_game=5, stick_the_dealer=False)

    @classmethod
    def modern(cls) -> "Rules":
        return cls(pack=24, points_for_game=10, stick_the_dealer=False)

    def as_dict(self) -> dict:
        return asdict(self)


# --- seats and sides -------------------------------------------------------------------------

def side_of(seat: int) -> int:
    """0 for the side AC (the dealer's), 1 for BD."""
    return seat & 1


def partner_of(seat: int) -> int:
    return seat ^ 2


def active_seats(alone: int | None) -> list[int]:
    """The seats that play: all four, or three when ``alone`` plays without his partner."""
    return [s for s in range(4) if alone is None or s != partner_of(alone)]


def next_active(seat: int, alone: int | None) -> int:
    """The next seat to the left that plays (the lone player's partner is skipped)."""
    nxt = (seat + 1) % 4
    if alone is not None and nxt == partner_of(alone):
        nxt = (nxt + 1) % 4
    return nxt


def default_leader(alone: int | None) -> int:
    """The first active player to the dealer's (A's) left leads."""
    return next_active(0, alone)


# --- cards under a trump ---------------------------------------------------------------------

def is_left_bower(card: int, trump: int) -> bool:
    return rank_of(card) == JACK and suit_of(card) == (trump ^ 1)


def effective_suit(card: int, trump: int) -> int:
    """The suit a card belongs to in play: the left bower belongs to trumps."""
    return trump if is_left_bower(card, trump) else suit_of(card)


def is_trump(card: int, trump: int) -> bool:
    return effective_suit(card, trump) == trump


def trump_order(card: int, trump: int) -> int:
    """Rank among trumps, higher is better: right 8, left 7, A 6, K 5, Q 4, T 3 ... 7 is 0; -1 if not a trump."""
    if not is_trump(card, trump):
        return -1
    if rank_of(card) == JACK:
        return 8 if suit_of(card) == trump else 7
    return rank_of(card) if rank_of(card) < JACK else rank_of(card) - 1


def trick_power(card: int, trump: int, led: int) -> int:
    """Strength of a card in a trick whose led (effective) suit is ``led``; 0 cannot win."""
    s = effective_suit(card, trump)
    if s == trump:
        if rank_of(card) == JACK:
            return 31 if suit_of(card) == trump else 30
        return 16 + rank_of(card)
    if s == led:
        return 1 + rank_of(card)
    return 0


def legal_cards(hand: Iterable[int], led_suit: int | None, trump: int) -> list[int]:
    """Cards that may be played: any card when leading, else the effective suit led if able."""
    hand = list(hand)
    if led_suit is None:
        return hand
    follow = [c for c in hand if effective_suit(c, trump) == led_suit]
    return follow or hand


def trick_winner(plays: Sequence[tuple[int, int]], trump: int) -> int:
    """The seat that wins a trick given as (seat, card) pairs in the order played."""
    led = effective_suit(plays[0][1], trump)
    return max(plays, key=lambda sc: trick_power(sc[1], trump, led))[0]


# --- scoring ---------------------------------------------------------------------------------

def hand_points(maker_tricks: int, alone: bool) -> tuple[int, int]:
    """(points to the makers, points to the adversaries) for a hand, laws 2 and 3."""
    if not 0 <= maker_tricks <= 5:
        raise EuchreError(f"makers' tricks must be 0 to 5, not {maker_tricks!r}")
    if maker_tricks == 5:
        return (4 if alone else 2), 0
    if maker_tricks >= 3:
        return 1, 0
    return 0, (4 if alone else 2)


def score_hand(maker: int, alone: bool, maker_tricks: int) -> dict[str, int]:
    """Points of the hand by side, ``{"AC": n, "BD": m}``, when seat ``maker`` made trumps."""
    mine, theirs = hand_points(maker_tricks, alone)
    points = [0, 0]
    points[side_of(maker)] = mine
    points[1 - side_of(maker)] = theirs
    return {"AC": points[0], "BD": points[1]}

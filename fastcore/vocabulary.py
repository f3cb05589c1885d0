"""The game's vocabulary, defined once for the whole of euchrelab (the kernels' twin is cards.pxd).

Seats are the book's letters: A deals, B is the eldest hand (A's left), C is A's partner (the
second hand), D is A's right (the third hand). Play goes A -> B -> C -> D; the sides are AC (the
dealer's) and BD. In code a seat is 0..3 in that order and a side is 0 (AC) or 1 (BD).

A card is the integer ``suit * 8 + rank``: ranks 0..7 = ``7 8 9 T J Q K A``, suits 0..3 =
``S C H D``. S and C are black, H and D red, so the suit of the same colour as ``s`` (the
"next" suit) is ``s ^ 1``. A hand is also a bitmask with bit ``card`` set. Both packs use the
same ids; the 24-card pack never holds the sevens and eights.

Under a trump the knave of trumps is the right bower, the knave of the next suit the left
bower; the left bower *is* a trump for every purpose of play (it follows trumps, not its
printed suit). Trump order: right, left, A K Q T 9 8 7.
"""
from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from fastcore.errors import EuchreError

SEATS = "ABCD"
SEAT_NAMES = ("A, the dealer", "B, eldest hand", "C, dealer's partner", "D, third hand")
DEALER, ELDEST, SECOND, THIRD = 0, 1, 2, 3
SIDES = ("AC", "BD")
SUITS = "SCHD"
SUIT_NAMES = ("spades", "clubs", "hearts", "diamonds")
RANKS = "789TJQKA"
RANK_NAMES = ("seven", "eight", "nine", "ten", "knave", "queen", "king", "ace")
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
PACKS = (32, 24)
NO_SEAT = -1   # in arrays of seats: none (no lone hand, no maker on a void deal)


class Lettered(IntEnum):
    """An int (its index in the arrays) that prints as the book's letter for it."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Seat(Lettered):
    """A seat: A the dealer, B the eldest hand, C the dealer's partner, D the third hand."""

    A = 0
    B = 1
    C = 2
    D = 3

    @property
    def title(self) -> str:
        """Its letter and role: "B, eldest hand"."""
        return SEAT_NAMES[self]


class Suit(Lettered):
    """A suit: spades, clubs, hearts, diamonds."""

    S = 0
    C = 1
    H = 2
    D = 3


# --- seats and sides ------------------------------------------------------------------------

def side_of(seat: int) -> int:
    """0 for the side AC (the dealer's), 1 for BD."""
    return seat & 1


def partner_of(seat: int) -> int:
    return seat ^ 2


def active_seats(lone_seat: int | None) -> list[int]:
    """The seats that play: all four, or three when ``lone_seat`` plays without his partner."""
    return [s for s in range(4) if lone_seat is None or lone_seat < 0 or s != partner_of(lone_seat)]


def next_active(seat: int, lone_seat: int | None) -> int:
    """The next seat to the left that plays (a lone player's partner is skipped)."""
    nxt = (seat + 1) % 4
    if lone_seat is not None and lone_seat >= 0 and nxt == partner_of(lone_seat):
        nxt = (nxt + 1) % 4
    return nxt


def default_leader(lone_seat: int | None) -> int:
    """The first active player to the dealer's (A's) left leads (law 13)."""
    return next_active(DEALER, lone_seat)


# --- cards and packs ------------------------------------------------------------------------

def card_id(rank: int, suit: int) -> int:
    return suit * 8 + rank


def rank_of(card: int) -> int:
    return card & 7


def suit_of(card: int) -> int:
    return card >> 3


def next_suit(suit: int) -> int:
    """The other suit of the same colour."""
    return suit ^ 1


def card_text(card: int) -> str:
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def cards_text(mask: int) -> str:
    return " ".join(card_text(c) for c in mask_cards(mask))


def check_pack(pack) -> int:
    if pack not in PACKS:
        raise EuchreError(f"pack {pack!r} is not a euchre pack: use 32 (seven to ace) or 24 (nine to ace)")
    return pack


def pack_mask(pack: int) -> int:
    return 0xFFFFFFFF if check_pack(pack) == 32 else 0xFCFCFCFC


def pack_cards(pack: int = 32) -> list[int]:
    """The card ids of a pack: 32 cards (seven to ace) or 24 cards (nine to ace)."""
    return mask_cards(pack_mask(pack))


def in_pack(card: int, pack: int) -> bool:
    return pack == 32 or rank_of(card) >= NINE


# --- cards under a trump --------------------------------------------------------------------

def is_left_bower(card: int, trump: int) -> bool:
    return rank_of(card) == JACK and suit_of(card) == next_suit(trump)


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


def effective_suit_mask(suit: int, trump: int) -> int:
    """The cards whose effective suit is ``suit`` when ``trump`` is trumps (the left bower moves)."""
    mask = 0xFF << (suit * 8)
    left = 1 << (next_suit(trump) * 8 + JACK)
    if suit == trump:
        mask |= left
    elif suit == next_suit(trump):
        mask &= ~left
    return mask

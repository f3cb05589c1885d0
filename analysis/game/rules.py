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
from typing import NamedTuple

import numpy as np

from analysis.errors import EuchreError
from analysis.game.cards import check_pack, effective_suit, side_of, trick_power


@dataclass(frozen=True)
class Rules:
    """Everything that varies between the book's game and the modern one.

    ``pack``: 32 (the book, seven to ace) or 24 (modern, nine to ace).
    ``points_for_game``: 5 in the book (law 2), 10 in the modern game.
    ``stick_the_dealer``: when all pass twice, the dealer must name a suit (modern option);
    the book voids the deal (law 77).
    ``rubber``: True for the book's rubber (laws 1 and 7): three games and a fourth when the
    third laps, points beyond game carried to the next game, a game counting two when the losers
    have not scored, two more points to the side winning the rubber. False for a single game
    worth one point. Left out (None), it follows the game: True for a game of five points (the
    book), False otherwise.
    """

    pack: int = 32
    points_for_game: int = 5
    stick_the_dealer: bool = False
    rubber: bool | None = None

    def __post_init__(self):
        check_pack(self.pack)
        if not isinstance(self.points_for_game, int) or self.points_for_game < 1:
            raise EuchreError(f"points for game must be a positive whole number, not {self.points_for_game!r}")
        if self.rubber is None:   # a frozen dataclass: the default is set once, here
            object.__setattr__(self, "rubber", self._default_rubber())
        if not isinstance(self.rubber, bool):
            raise EuchreError(f"rubber must be true or false, not {self.rubber!r}")
        # A lap carries at most 3 points (4 to game, then a lone march): they must stay below game.
        if self.rubber and self.points_for_game < 4:
            raise EuchreError(f"a rubber needs a game of at least 4 points (the points of a lap are carried "
                              f"below game), not {self.points_for_game}")

    def _default_rubber(self) -> bool:
        return self.points_for_game == 5

    @classmethod
    def book(cls) -> "Rules":
        return cls(pack=32, points_for_game=5, stick_the_dealer=False, rubber=True)

    @classmethod
    def modern(cls) -> "Rules":
        return cls(pack=24, points_for_game=10, stick_the_dealer=False, rubber=False)

    @classmethod
    def of(cls, pack: int | None = None, points_for_game: int | None = None,
           stick_the_dealer: bool | None = None, rubber: bool | None = None) -> "Rules":
        """Rules from the values given, the rest by the pack: the 32-card pack by default, 5
        points for game with it (the book) and 10 with the 24 (the modern game), no
        stick-the-dealer unless asked, the rubber with a game of five and a single game
        otherwise unless asked."""
        pack = 32 if pack is None else pack
        if points_for_game is None:
            points_for_game = 10 if pack == 24 else 5
        return cls(pack=pack, points_for_game=points_for_game, stick_the_dealer=bool(stick_the_dealer), rubber=rubber)

    @property
    def words(self) -> str:
        """The rules as a result's heading says them: "pack 32, game 5[, stick the dealer]"."""
        return f"pack {self.pack}, game {self.points_for_game}" + (", stick the dealer" if self.stick_the_dealer else "")

    def as_dict(self) -> dict:
        """The rules by field; ``rubber`` only when it is not the game's default, so that the
        records of runs made before it existed read the same."""
        values = asdict(self)
        if self.rubber == self._default_rubber():
            del values["rubber"]
        return values

    def check_score(self, score: "Score", what: str = "score") -> "Score":
        """``score`` as a Score, each side below game; raises naming the problem."""
        score = Score.of(score)
        if not all(isinstance(x, int) and 0 <= x < self.points_for_game for x in score):
            raise EuchreError(f"{what} {score.ac}-{score.bd}: each side must have 0 to {self.points_for_game - 1} points")
        return score


class SideScore(NamedTuple):
    """The score seen from one side: its own points and the adversaries'."""

    own: int
    theirs: int


class Score(NamedTuple):
    """The score before a hand, by side: AC (the dealer's side) and BD."""

    ac: int = 0
    bd: int = 0

    @classmethod
    def of(cls, value) -> "Score":
        """A Score from a Score or a pair (AC, BD)."""
        if isinstance(value, Score):
            return value
        try:
            ac, bd = value
        except (TypeError, ValueError):
            raise EuchreError(f"a score is two numbers (AC, BD), not {value!r}") from None
        return cls(int(ac), int(bd))

    @classmethod
    def parse(cls, text: str) -> "Score":
        """``"4-2"``: AC has 4 points, BD 2."""
        try:
            ac, bd = (int(x) for x in str(text).split("-"))
        except ValueError:
            raise EuchreError(f"score {text!r} must be two numbers like 4-2 (A+C's points, then B+D's)") from None
        return cls(ac, bd)

    def side(self, side: int) -> SideScore:
        """The score seen from side 0 (AC) or 1 (BD)."""
        return SideScore(self.ac, self.bd) if side == 0 else SideScore(self.bd, self.ac)

    def seat(self, seat: int) -> SideScore:
        """The score seen from a seat's side."""
        return self.side(side_of(seat))

    def __str__(self) -> str:
        return f"{self.ac}-{self.bd}"


# --- play -------------------------------------------------------------------------------------

LOVE_ALL = (0, 0)              # the score before a game's first hand
ROUND_ORDER = (1, 2, 3, 0)     # the order of the bidding (laws 79, 84): B, C, D, then the dealer A
SEAT_ORDER = "BCDA"            # the same, as the seats' letters


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

def hand_points(maker_tricks: int, is_lone: bool) -> tuple[int, int]:
    """(points to the makers, points to the adversaries) for a hand, laws 2 and 3."""
    if not 0 <= maker_tricks <= 5:
        raise EuchreError(f"makers' tricks must be 0 to 5, not {maker_tricks!r}")
    if maker_tricks == 5:
        return (4 if is_lone else 2), 0
    if maker_tricks >= 3:
        return 1, 0
    return 0, (4 if is_lone else 2)


def score_hand(maker: int, is_lone: bool, maker_tricks: int) -> dict[str, int]:
    """Points of the hand by side, ``{"AC": n, "BD": m}``, when seat ``maker`` made trumps."""
    mine, theirs = hand_points(maker_tricks, is_lone)
    points = [0, 0]
    points[side_of(maker)] = mine
    points[1 - side_of(maker)] = theirs
    return {"AC": points[0], "BD": points[1]}


def points_by_side(maker, lone_seat, maker_tricks) -> np.ndarray:
    """Points (AC, BD) of whole arrays of hands, as :func:`hand_points` gives them one by one;
    ``maker`` -1 marks a void deal (no points)."""
    maker = np.asarray(maker)
    tricks = np.asarray(maker_tricks)
    lone = np.asarray(lone_seat) >= 0
    mine = np.where(tricks == 5, np.where(lone, 4, 2), np.where(tricks >= 3, 1, 0))
    theirs = np.where(tricks < 3, np.where(lone, 4, 2), 0)
    made = maker >= 0
    side = maker & 1
    points = np.zeros((len(maker), 2), dtype=np.int8)
    points[:, 0] = np.where(made, np.where(side == 0, mine, theirs), 0)
    points[:, 1] = np.where(made, np.where(side == 1, mine, theirs), 0)
    return points

"""Policies written as lists of the book's hand patterns, in Python or in a TOML file.

A TOML policy is data, loaded without executing code::

    name = "cautious"

    [first_round]            # call the turned-up suit when the hand matches one of these
    B = ["three medium trumps", "right and another"]
    C = ["three trumps", "right and another"]
    D = ["four trumps", "two bowers and another"]
    A = ["three trumps", "right and ace"]   # the dealer is judged after his discard

    [second_round]           # name a suit (not the turned-down one) whose trumps match one of these
    prefer_next = true       # try next first, then the suit with most trumps (then the higher ones)
    B = ["three trumps"]
    C = ["three trumps"]
    D = ["three trumps"]
    A = ["right and another"]

    [alone]                  # any seat, after calling
    patterns = ["two bowers, ace, and two others"]

    [take_from_partner]      # any seat, when his partner calls and he has not passed
    patterns = []

A seat left out never calls in that round. Under stick-the-dealer the dealer, stuck, names the
suit in which he holds most trumps (then the higher ones). The discard is the book's rule (:mod:`analysis.game.discard`).
"""
from __future__ import annotations


import numpy as np

from analysis.bidding.book_policy import best_suit
from analysis.game import SEATS, dealer_hand, parse_pattern
from analysis.errors import EuchreError
from analysis.storage import read_toml
from analysis.bidding.policy import Situations, VectorPolicy

_SECTIONS = {"first_round", "second_round", "alone", "take_from_partner"}


def _patterns(value, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise EuchreError(f"{where} must be a list of patterns such as [\"right and another\"]")
    for p in value:
        try:
            parse_pattern(p)
        except EuchreError as exc:
            raise EuchreError(f"{where}: {exc}") from None
    return tuple(value)


class PatternPolicy(VectorPolicy):
    """Calls when the hand matches one of the patterns listed for the seat and decision."""

    def __init__(self, first_round: dict | None = None, second_round: dict | None = None,
                 alone: list | None = None, take_from_partner: list | None = None,
                 prefer_next: bool = True, name: str = "patterns"):
        self.name = name
        self.prefer_next = bool(prefer_next)
        self.first = self._by_seat(first_round or {}, "first_round")
        self.second = self._by_seat(second_round or {}, "second_round")
        self.lone = _patterns(alone or [], "alone.patterns")
        self.take = _patterns(take_from_partner or [], "take_from_partner.patterns")

    @staticmethod
    def _by_seat(table: dict, section: str) -> dict[int, tuple[str, ...]]:
        out = {}
        for key, value in table.items():
            if key not in SEATS:
                raise EuchreError(f"[{section}] has an unknown key {key!r}: use the seats A, B, C, D")
            out[SEATS.index(key)] = _patterns(value, f"{section}.{key}")
        return out

    @classmethod
    def from_toml(cls, path) -> "PatternPolicy":
        return cls.from_data(read_toml(path, "policy file"), f"policy file {path}", str(path))

    @classmethod
    def from_data(cls, data: dict, where: str = "policy", name: str = "patterns") -> "PatternPolicy":
        """The policy of a TOML file's data (``where`` names it in the messages; ``name`` when it
        gives none)."""
        unknown = set(data) - _SECTIONS - {"name"}
        if unknown:
            raise EuchreError(f"{where}: unknown section {sorted(unknown)[0]!r} "
                              f"(known: name, {', '.join(sorted(_SECTIONS))})")
        second = dict(data.get("second_round", {}))
        prefer_next = second.pop("prefer_next", True)
        try:
            return cls(first_round=data.get("first_round"), second_round=second,
                       alone=data.get("alone", {}).get("patterns"),
                       take_from_partner=data.get("take_from_partner", {}).get("patterns"),
                       prefer_next=prefer_next, name=str(data.get("name", name)))
        except EuchreError as exc:
            raise EuchreError(f"{where}: {exc}") from None

    def describe(self) -> dict:
        return {"name": self.name, "class": type(self).__name__,
                "first_round": {SEATS[k]: list(v) for k, v in self.first.items()},
                "second_round": {SEATS[k]: list(v) for k, v in self.second.items()},
                "prefer_next": self.prefer_next, "alone": list(self.lone), "take_from_partner": list(self.take)}

    def playing_hands(self, t: Situations, alone) -> np.ndarray:
        """The dealer is judged on his hand after taking up the turn-up and the book's discard."""
        if t.seat == 0 and t.round == 1:
            return dealer_hand(t.hands, t.turn_up, alone)
        return t.hands

    def first_round_batch(self, t: Situations) -> np.ndarray:
        return t.has(self.first.get(t.seat, ()), hands=self.playing_hands(t, alone=False))

    def second_round_batch(self, t: Situations) -> np.ndarray:
        down = t.turn_suit
        patterns = self.second.get(t.seat, ())
        suit = np.full(len(t), -1, np.int8)
        if self.prefer_next:
            nxt = (down ^ 1).astype(np.int8)
            suit = np.where(t.has(patterns, nxt), nxt, suit).astype(np.int8)
        rest = best_suit(t, lambda x: down != x, patterns)
        suit = np.where(suit >= 0, suit, rest).astype(np.int8)
        if t.must_call:
            suit = np.where(suit >= 0, suit, best_suit(t, lambda x: down != x, None)).astype(np.int8)
        return suit

    def alone_batch(self, t: Situations) -> np.ndarray:
        return t.has(self.lone, hands=self.playing_hands(t, alone=True))

    def take_from_partner_batch(self, t: Situations) -> np.ndarray:
        return t.has(self.take, hands=self.playing_hands(t, alone=True))

"""Policies written as hand classes by score band: what ``euchrelab optimise`` writes.

A class policy names, for a band of scores (seen from the deciding side: its points and the
other side's), a seat and a decision, the action it takes with each hand class of the strategy
charts (:mod:`analysis.tools.strategy`: the trumps held by rank, outside aces, voids; in round two
next or cross, a bower turned down or not). Any decision, score or class it does not list is
the ``base`` policy's (the book's by default)::

    name = "optimised"
    base = "book"
    game = 5                          # the bands are read in a game of this many points

    [bands]                           # name = [[own points low, high], [theirs low, high]]
    early = [[0, 2], [0, 2]]
    "at the bridge" = [[4, 4], [0, 1]]

    [first_round.early.B]             # round one, seat B (eldest hand): pass, call or alone
    "R A x; 1 ace; a void" = "call"
    "R x x; no ace; no void" = "pass"

    [second_round.early.C]            # round two: pass, next, cross, other cross, alone
    "next: R x; aces; no bower down" = "next"

    [discard.early.A]                 # the dealer's discard: book's discard, lowest plain,
    "R A x; no ace; no void" = "make a void"   # longest suit, make a void

The dealer is classed in round one (and for his discard) on the hand he would hold after taking
up and making the book's discard, as in the strategy charts. A lone hand in round two is made
in the hand's strongest suit. Taking it from a partner is always the base policy's.
"""
from __future__ import annotations

import functools
import hashlib
import json

import numpy as np

from analysis.bidding.hand_classes import (ARMS, HOLDINGS, class_label, discard_choices, round_one_classes,
                                           round_two_classes, round_two_suits, strongest_suit)
from analysis.bidding.policy import Policy, Situations, VectorPolicy
from analysis.errors import EuchreError
from analysis.game import SEATS

ROUND_NAMES = {1: "first_round", 2: "second_round", 3: "discard"}
ROUND_OF = {name: rnd for rnd, name in ROUND_NAMES.items()}


def _labels():
    """Every class label of each decision and its code (see :func:`class_codes`)."""
    one = {}
    for h in range(len(HOLDINGS)):
        for aces in range(3):
            for voids in range(2):
                one[class_label(h, aces, voids)] = (h * 3 + aces) * 2 + voids
    two = {}
    for h in range(len(HOLDINGS)):
        for r, relation in enumerate(("next", "cross")):
            for d, down in enumerate(("no bower down", "bower down")):
                for aces in range(2):
                    two[class_label(h, aces, -1, relation, down)] = ((h * 2 + r) * 2 + d) * 2 + aces
    return {1: one, 2: two, 3: one}


LABELS = _labels()
CODES = {rnd: {code: label for label, code in table.items()} for rnd, table in LABELS.items()}
N_CODES = {rnd: len(table) for rnd, table in LABELS.items()}


def class_codes(frame, rnd: int) -> np.ndarray:
    """The code of each class of a frame of classes (:func:`analysis.tools.strategy.classes_of`)."""
    h = frame["holding"].to_numpy(np.int64)
    aces = frame["aces"].to_numpy(np.int64)
    if rnd == 2:
        r = (frame["relation"].to_numpy() == "cross").astype(np.int64)
        d = (frame["down"].to_numpy() == "bower down").astype(np.int64)
        return ((h * 2 + r) * 2 + d) * 2 + aces
    return (h * 3 + aces) * 2 + frame["voids"].to_numpy(np.int64)


def hand_codes(hands, turn_up, seat: int, rnd: int) -> np.ndarray:
    """The class code of each hand (N,) of ``seat`` at the decision ``rnd``; for the dealer in
    round one and the discard, the hand before the take-up (five cards)."""
    from analysis.game import dealer_hand
    hands = np.asarray(hands, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    if rnd == 2:
        return class_codes(round_two_classes(hands, turn_up), 2)
    if seat == 0:
        hands = dealer_hand(hands, turn_up, False)
    return class_codes(round_one_classes(hands, turn_up), rnd)


def _check_range(value, where: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value) or value[0] > value[1]):
        raise EuchreError(f"{where} must be [low, high], two whole numbers of points, low first")
    return int(value[0]), int(value[1])


class ClassPolicy(VectorPolicy):
    """Acts by hand class where its tables say; the ``base`` policy everywhere else.

    ``bands``: name -> ((own low, own high), (theirs low, theirs high)); ``tables``:
    (round, band, seat) -> {class code: action index of :data:`analysis.bidding.hand_classes.ARMS`}.
    """

    def __init__(self, base: Policy, bands: dict, tables: dict, game: int, name: str = "classes",
                 base_name: str = "book"):
        self.base, self.game, self.name, self.base_name = base, int(game), name, base_name
        self.bands = {str(k): (tuple(v[0]), tuple(v[1])) for k, v in bands.items()}
        self.band_index = np.full((self.game, self.game), -1, np.int64)
        self.band_names = names = list(self.bands)
        for i, (own, theirs) in enumerate(self.bands.values()):
            for o in range(own[0], min(own[1], self.game - 1) + 1):
                for t in range(theirs[0], min(theirs[1], self.game - 1) + 1):
                    if self.band_index[o, t] >= 0:
                        raise EuchreError(f"the bands {names[self.band_index[o, t]]!r} and {names[i]!r} "
                                          f"both hold the score {o}-{t}")
                    self.band_index[o, t] = i
        self.tables = {}
        for (rnd, band, seat), table in tables.items():
            if band not in self.bands:
                raise EuchreError(f"no band {band!r}: the bands are {', '.join(self.bands) or 'none'}")
            arr = np.full(N_CODES[rnd], -1, np.int8)
            for code, action in table.items():
                if not 0 <= int(action) < len(ARMS[rnd]):
                    raise EuchreError(f"no action {action!r} in {ROUND_NAMES[rnd]}")
                arr[int(code)] = int(action)
            self.tables[(rnd, band, int(seat))] = arr

    # -- reading a table ----------------------------------------------------------------------
    def band_of(self, own, theirs) -> np.ndarray:
        """The band's name of each score (the deciding side's points, the other side's), "" for none."""
        own, theirs = np.asarray(own, np.int64), np.asarray(theirs, np.int64)
        inside = (own >= 0) & (own < self.game) & (theirs >= 0) & (theirs < self.game)
        index = np.where(inside, self.band_index[np.clip(own, 0, self.game - 1), np.clip(theirs, 0, self.game - 1)], -1)
        return np.array(self.band_names + [""], object)[index]

    def check_rules(self, rules) -> None:
        if rules.points_for_game != self.game:
            raise EuchreError(f"policy {self.name!r} is written for a game of {self.game} points, "
                              f"not {rules.points_for_game}")
        self.base.check_rules(rules)

    def actions(self, t: Situations, rnd: int, hands=None) -> np.ndarray:
        """The listed action of each row (-1: not listed, the base decides)."""
        self.check_rules(t.rules)
        band = str(self.band_of(t.score.own, t.score.theirs))
        table = self.tables.get((rnd, band, t.seat))
        if table is None or not len(t):
            return np.full(len(t), -1, np.int8)
        return table[hand_codes(t.hands if hands is None else hands, t.turn_up, t.seat, rnd)]

    def first_round_batch(self, t: Situations) -> np.ndarray:
        act = self.actions(t, 1)
        return np.where(act >= 0, act >= 1, self.base.first_round_batch(t) if (act < 0).any() else False)

    def alone_batch(self, t: Situations) -> np.ndarray:
        act = self.actions(t, t.round)
        if t.round == 2 and t.must_call:   # a stuck dealer whose listed pass the base overrode
            act = np.where(act == 0, -1, act).astype(np.int8)
        if not (act < 0).any():
            return act == len(ARMS[t.round]) - 1
        return np.where(act >= 0, act == len(ARMS[t.round]) - 1, self.base.alone_batch(t))

    def take_from_partner_batch(self, t: Situations) -> np.ndarray:
        return self.base.take_from_partner_batch(t)

    def second_round_batch(self, t: Situations) -> np.ndarray:
        act = self.actions(t, 2)
        suits = round_two_suits(t.hands, t.turn_up)
        mine = np.where(act == 4, strongest_suit(t.hands, t.turn_up),
                        np.where(act >= 1, suits[np.arange(len(t)), np.clip(act - 1, 0, 2)], -1)).astype(np.int8)
        base_rows = (act < 0) | ((act == 0) & bool(t.must_call))   # a stuck dealer's pass: the base names
        if base_rows.any():
            mine = np.where(base_rows, self.base.second_round_batch(t), mine).astype(np.int8)
        return mine

    def discard_batch(self, t: Situations) -> np.ndarray:
        alone = np.zeros(len(t), bool) if t.is_lone is None else np.asarray(t.is_lone, bool)
        # the class is read on the five cards before the take-up: the six less the turn-up
        five = np.asarray(t.hands, np.uint32) & ~(np.uint32(1) << np.asarray(t.turn_up, np.uint32))
        act = self.actions(t, 3, hands=five)
        chosen = discard_choices(t.hands, t.turn_up, alone)[np.arange(len(t)), np.clip(act, 0, 3)]
        if (act < 0).any():
            chosen = np.where(act >= 0, chosen, self.base.discard_batch(t))
        return chosen.astype(np.int8)

    # -- as data --------------------------------------------------------------------------------
    @functools.cached_property
    def _digest(self) -> str:   # the tables never change once made
        return hashlib.sha256(json.dumps(self.to_data(), sort_keys=True).encode()).hexdigest()[:16]

    def describe(self) -> dict:
        return {"name": self.name, "class": type(self).__name__, "base": self.base.describe(),
                "game": self.game, "bands": {k: [list(v[0]), list(v[1])] for k, v in self.bands.items()},
                "listed": sum(int((a >= 0).sum()) for a in self.tables.values()), "tables": self._digest}

    def to_data(self) -> dict:
        """The policy as TOML data (see the module's docstring)."""
        data = {"name": self.name, "base": self.base_name, "game": self.game,
                "bands": {k: [list(v[0]), list(v[1])] for k, v in self.bands.items()}}
        for rnd, section in ROUND_NAMES.items():
            by_band = {}
            for band in self.bands:
                by_seat = {}
                for seat in (1, 2, 3, 0):
                    arr = self.tables.get((rnd, band, seat))
                    if arr is None or not (arr >= 0).any():
                        continue
                    by_seat[SEATS[seat]] = {CODES[rnd][int(c)]: ARMS[rnd][int(arr[c])]
                                            for c in np.flatnonzero(arr >= 0)}
                if by_seat:
                    by_band[band] = by_seat
            if by_band:
                data[section] = by_band
        return data

    @classmethod
    def from_data(cls, data: dict, resolve, where: str = "policy") -> "ClassPolicy":
        """The policy of TOML data; ``resolve(name)`` makes the base policy of its name
        (:func:`analysis.bidding.policies.policy_from_name`)."""
        known = {"name", "base", "game", "bands"} | set(ROUND_OF)
        unknown = set(data) - known
        if unknown:
            raise EuchreError(f"{where}: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(known))})")
        game = data.get("game", 5)
        if not isinstance(game, int) or isinstance(game, bool) or game < 1:
            raise EuchreError(f"{where}: game must be the points for game, a whole number, not {game!r}")
        bands = data.get("bands", {})
        if not isinstance(bands, dict):
            raise EuchreError(f"{where}: [bands] must be a table of name = [[own low, high], [theirs low, high]]")
        checked = {}
        for name, value in bands.items():
            if not isinstance(value, list) or len(value) != 2:
                raise EuchreError(f"{where}: band {name!r} must be [[own low, high], [theirs low, high]]")
            checked[name] = (_check_range(value[0], f"{where}: band {name!r}'s own points"),
                             _check_range(value[1], f"{where}: band {name!r}'s other side's points"))
        base_name = str(data.get("base", "book"))
        if base_name in ("optimised",):
            raise EuchreError(f"{where}: a class policy cannot take {base_name!r} as its base")
        base = resolve(base_name)
        tables = {}
        def table_of(value, at: str) -> dict:
            if not isinstance(value, dict):
                raise EuchreError(f"{where}: [{at}] must be a table")
            return value

        for section, rnd in ROUND_OF.items():
            for band, by_seat in table_of(data.get(section, {}), section).items():
                if band not in checked:
                    raise EuchreError(f"{where}: [{section}.{band}] names no band of [bands]")
                for seat, table in table_of(by_seat, f"{section}.{band}").items():
                    table = table_of(table, f"{section}.{band}.{seat}")
                    if seat not in SEATS:
                        raise EuchreError(f"{where}: [{section}.{band}] has an unknown seat {seat!r}: use A, B, C, D")
                    if rnd == 3 and seat != "A":
                        raise EuchreError(f"{where}: [{section}.{band}.{seat}]: only the dealer (A) discards")
                    codes = {}
                    for label, action in table.items():
                        if label not in LABELS[rnd]:
                            raise EuchreError(f"{where}: [{section}.{band}.{seat}] has no hand class {label!r}")
                        if action not in ARMS[rnd]:
                            raise EuchreError(f"{where}: [{section}.{band}.{seat}] {label!r}: no action {action!r} "
                                              f"(use {', '.join(ARMS[rnd])})")
                        codes[LABELS[rnd][label]] = ARMS[rnd].index(action)
                    tables[(rnd, band, SEATS.index(seat))] = codes
        try:
            return cls(base, checked, tables, game, name=str(data.get("name", "classes")), base_name=base_name)
        except EuchreError as exc:
            raise EuchreError(f"{where}: {exc}") from None


def is_class_policy(data: dict) -> bool:
    """Whether TOML policy data is a class policy (it has bands) rather than a pattern policy."""
    return "bands" in data

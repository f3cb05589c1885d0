"""What each seat's calls say about his hand: tables over every hand he might hold.

A seat's answers in the auction depend only on his hand and on what the table heard (the turn-up,
the score, the calls before his), so for a bidding heard the hands that answer as he did form a
fixed set. :class:`CallTables` builds it by asking the bidding policies themselves, on all the
five-card hands at once (:func:`analysis.bidding.auction.ask_first_round` and the rest: the very
questions :func:`analysis.bidding.auction.bid_batch` asks), and keeps it as a table of one bit a
hand, by the hand's rank (``fastcore.callreading``). A world is then one in which the others bid
as heard when each seat's hand as dealt is in his table (and the dealer who took up would have
discarded the card the world says he did): the compiled judge looks it up.

The questions asked of a seat, for a bidding that ended in round ``rnd`` with ``caller``:

* round one, each seat up to the caller: call or pass (the caller calls, the others pass);
* round two (when round one passed out), likewise: the caller names ``trump``, the others pass;
* the caller: alone or not; his partner, if he has not passed this round: take it or not;
* the dealer who took up: his discard, from his six cards.

A question is asked once per (the policy that answers it, rules, score) and kept, so readers
whose policies differ in one decision (a study's arms) share the rest (``Policy.answering``).
"""
from __future__ import annotations

import dataclasses
from collections import OrderedDict
from contextlib import contextmanager
from functools import lru_cache

import numpy as np

from analysis.bidding.auction import (ask_alone, ask_discard, ask_first_round, ask_second_round, ask_take,
                                      calls_of, four_policies)
from analysis.bidding.policy import Policy
from analysis.errors import EuchreError
from analysis.game import contract
from analysis.game.cards import pack_mask
from analysis.game import ROUND_ORDER, Rules, Score
from fastcore.callreading import N_HANDS as HANDS, N_TABLE_BYTES as TABLE_BYTES, all_hands

# the bytes of tables kept in a process, all readers together (a seat's table is 25 KB, an answer
# to one question 21 KB packed, 170 KB for a round-two suit or a discard); the least recently
# used go first. A study at one score asks about 1,300 questions of the 32-card pack. Below
# joblib's worker check, which restarts a worker whose memory grew by 300 MB.
BYTES_KEPT = 192 * 2 ** 20
READERS_KEPT = 64
_kept: OrderedDict = OrderedDict()      # (owner's policy key, rules, score, what) -> table
_bytes_kept = [0]


@contextmanager
def tables_kept(nbytes: int):
    """Keep up to ``nbytes`` of tables while in the block (a long chunk of random deals at one
    score reads more tables than :data:`BYTES_KEPT` holds, and would build them again and again);
    back to :data:`BYTES_KEPT` after it, the least recently used let go."""
    global BYTES_KEPT
    before, BYTES_KEPT = BYTES_KEPT, max(BYTES_KEPT, int(nbytes))
    try:
        yield
    finally:
        BYTES_KEPT = before
        while _bytes_kept[0] > BYTES_KEPT and len(_kept) > 1:
            _bytes_kept[0] -= _kept.popitem(last=False)[1].nbytes


@lru_cache(maxsize=1)
def _hands() -> np.ndarray:
    return all_hands()


@lru_cache(maxsize=64)
def _valid_ranks(pack: int, turn_up: int) -> np.ndarray:
    """The ranks of the five-card hands of the pack without the turn-up (shared by every reader)."""
    h = _hands()
    ok = ((h & ~np.uint32(pack_mask(pack))) == 0) & ((h >> np.uint32(turn_up)) & 1 == 0)
    return np.flatnonzero(ok).astype(np.int32)


def _pack(bits: np.ndarray) -> np.ndarray:
    return np.packbits(bits, bitorder="little")


@lru_cache(maxsize=None)
def _endings() -> dict:
    """Every way a bidding can end, by the calls heard: (round, caller, trump, alone, taken), the
    trump of round one (the turned-up suit, not named in the calls) as -1."""
    out = {calls_of(0, -1, -1, False, False): (0, -1, -1, False, False)}
    for rnd in (1, 2):
        for caller in range(4):
            for trump in ((-1,) if rnd == 1 else range(4)):
                for lone in (False, True):
                    for taker in ((False, True) if caller in (1, 2) else (False,)):
                        out[calls_of(rnd, caller, trump, lone, taker)] = (rnd, caller, trump, lone, taker)
    return out


def ending_of(calls, turn_up: int) -> tuple[int, int, int, bool, bool]:
    """(round, caller, trump, alone, taken from partner) of the bidding heard as ``calls`` with
    ``turn_up``; round 0 for a deal passed out. Refused for calls no auction gives."""
    got = _endings().get(tuple(calls), None)
    if got is None:
        raise EuchreError(f"the calls {list(calls)!r} are not a whole bidding of the laws' order")
    if got[0] == 1:
        return (1, got[1], int(turn_up) >> 3, got[3], got[4])
    return got


class CallTables:
    """The tables of the hands that answer as heard, for the bidding of ``policies`` (one or four)
    at ``score`` under ``rules``."""

    def __init__(self, policies, rules: Rules | None = None, score=None):
        self.policies = four_policies(policies)
        self.rules = rules or Rules()
        self.score = Score.of(score or Score())
        self._keys = [_policy_key(p) for p in self.policies]
        self._answerers: dict = {}

    def _answerer(self, question: tuple):
        """(the policy that answers ``question``, its key): readers whose policies answer a
        question alike (a study's arms differ in one decision of one seat) share its answers."""
        got = self._answerers.get(question)
        if got is None:
            kind, seat = question[0], question[1]
            rnd = {"first": 1, "second": 2}.get(kind, question[2] if len(question) > 2 else 1)
            policy = self.policies[seat].answering(QUESTION_DECISIONS[kind], seat, rnd)
            got = self._answerers[question] = (policy, _policy_key(policy))
        return got

    def _keep(self, what, make, owner):
        """The table ``what`` made by ``make``, kept under the key of the policy it reads
        (``owner``), these rules and this score."""
        key = (owner, self.rules, self.score, what)
        got = _kept.get(key)
        if got is None:
            got = make()
            _kept[key] = got
            _bytes_kept[0] += got.nbytes
            while _bytes_kept[0] > BYTES_KEPT and len(_kept) > 1:
                _bytes_kept[0] -= _kept.popitem(last=False)[1].nbytes
        else:
            _kept.move_to_end(key)
        return got

    def _valid(self, turn_up: int) -> np.ndarray:
        """The ranks of the hands a seat may hold: five cards of the pack, not the turn-up."""
        return _valid_ranks(self.rules.pack, turn_up)

    def _answers(self, question: tuple, turn_up: int) -> np.ndarray:
        """The answer of every valid hand to one question (bool, or the suit named in round two)."""
        owner = self._answerer(question)[1]
        if question[0] == "second":
            return self._keep(("answers", question, turn_up), lambda: self._ask(question, turn_up), owner)
        packed = self._keep(("answers", question, turn_up), lambda: _pack(self._ask(question, turn_up)), owner)
        return np.unpackbits(packed, count=len(self._valid(turn_up)), bitorder="little").view(bool)

    def _ask(self, question: tuple, turn_up: int) -> np.ndarray:
        """One question asked of every valid hand."""
        rows = self._valid(turn_up)
        hands = _hands()[rows]
        n = len(rows)
        up = np.full(n, turn_up, np.int8)
        kind, seat = question[0], question[1]
        policy = self._answerer(question)[0]
        if kind == "first":
            return ask_first_round(policy, seat, hands, up, self.rules, self.score)
        if kind == "second":
            return ask_second_round(policy, seat, hands, up, self.rules, self.score)
        rnd, trump = question[2], question[3]
        if kind == "alone":
            return ask_alone(policy, seat, rnd, hands, up, np.full(n, trump, np.int8), self.rules, self.score)
        if kind == "take":
            lone = question[4]
            calls = calls_of(rnd, seat ^ 2, trump, lone, False, upto="taker")
            return ask_take(policy, seat, rnd, hands, up, np.full(n, trump, np.int8), np.full(n, lone),
                            lambda i: calls, self.rules, self.score)
        raise AssertionError(kind)

    def seat_table(self, turn_up: int, ending, seat: int) -> np.ndarray:
        """(TABLE_BYTES,) uint8: bit r set when ``seat`` holding the hand of rank r answers every
        question of the bidding ``ending`` as heard."""
        def make():
            rnd, caller, trump, lone, taker = ending
            ok = np.ones(len(self._valid(turn_up)), bool)
            for r in ((1,) if rnd == 1 else (1, 2)):
                for s in ROUND_ORDER:
                    calls = r == rnd and s == caller
                    if s == seat:
                        if r == 1:
                            ok &= self._answers(("first", s), turn_up) == calls
                        else:
                            ok &= self._answers(("second", s), turn_up) == (trump if calls else -1)
                    if calls:
                        break
            if rnd and seat == caller:
                ok &= self._answers(("alone", seat, rnd, trump), turn_up) == lone
            if rnd and caller in (1, 2) and seat == caller ^ 2:
                ok &= self._answers(("take", seat, rnd, trump, lone), turn_up) == taker
            bits = np.zeros(HANDS, bool)
            bits[self._valid(turn_up)] = ok
            return _pack(bits)
        return self._keep(("seat", turn_up, ending, seat), make, self._keys[seat])

    def discard_table(self, turn_up: int, ending) -> np.ndarray | None:
        """(HANDS,) int8: the dealer's discard by the rank of his five cards as dealt, when the
        bidding ``ending`` has him take up (else None; -1 for hands he cannot hold)."""
        rnd, caller, trump, lone, taker = ending
        lone_seat = (caller ^ 2) if taker else (caller if lone else -1)
        if not contract.dealer_takes_up(np.array([rnd]), np.array([lone_seat]))[0]:
            return None

        dealer, owner = self._answerer(("discard", 0))

        def make():
            rows = self._valid(turn_up)
            n = len(rows)
            up = np.full(n, turn_up, np.int8)
            six = contract.with_turn_up(_hands()[rows], up)
            calls = calls_of(rnd, caller, trump, lone, taker)
            out = np.full(HANDS, -1, np.int8)
            out[rows] = ask_discard(dealer, six, up, np.full(n, trump, np.int8), lambda i: calls,
                                    np.full(n, lone_seat == 0), self.rules, self.score)
            return out
        return self._keep(("discard", turn_up, ending), make, owner)

    def heard(self, turn_up: int, calls) -> tuple[list[np.ndarray], np.ndarray | None]:
        """For the bidding heard as ``calls`` with ``turn_up``: (each seat's table, the dealer's
        discard table or None), the kept objects themselves."""
        ending = ending_of(calls, turn_up)
        return [self.seat_table(turn_up, ending, s) for s in range(4)], self.discard_table(turn_up, ending)

    def tables(self, turn_up: int, calls) -> tuple[np.ndarray, np.ndarray | None]:
        """:meth:`heard` as the judge takes it: ((4, TABLE_BYTES) uint8, the discard table or None)."""
        seats, discard = self.heard(turn_up, calls)
        return np.stack(seats), discard


_readers: OrderedDict = OrderedDict()

# the policy method asked by each kind of question
QUESTION_DECISIONS = {"first": "first_round", "second": "second_round", "alone": "alone",
                      "take": "take_from_partner", "discard": "discard"}


class _Identity:
    """A policy known by identity in a key; the key holds it, so its id is not reused while its
    tables are kept."""

    __slots__ = ("policy",)

    def __init__(self, policy):
        self.policy = policy

    def __eq__(self, other):
        return isinstance(other, _Identity) and other.policy is self.policy

    def __hash__(self):
        return id(self.policy)


def _plain(value):
    """A hashable value standing for ``value`` when it is made of plain data (numbers, text, frozen
    dataclasses, policies of plain data, and tuples, lists and dicts of them); None otherwise."""
    if value is None or isinstance(value, (bool, int, float, str, np.integer, np.floating)):
        return ("v", type(value).__name__, repr(value))
    if isinstance(value, (tuple, list)):
        items = [_plain(v) for v in value]
        return None if any(i is None for i in items) else ("seq", tuple(items))
    if isinstance(value, dict):
        items = [(_plain(k), _plain(v)) for k, v in value.items()]
        return None if any(k is None or v is None for k, v in items) else ("map", tuple(sorted(items, key=repr)))
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and value.__dataclass_params__.frozen:
        return _plain((type(value).__module__, type(value).__qualname__,
                       {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}))
    if isinstance(value, Policy):
        return _policy_key(value)
    return None


def _policy_key(policy):
    """A policy by what it is when its state is plain data (its class and attributes: the book's
    and pattern policies, the forced arms of a study...), so its tables outlive the object; any
    other by identity. A policy changed after its
    calls were first read is not seen to change: policies are taken as fixed."""
    state = _plain(vars(policy))
    if state is None:
        return ("object", _Identity(policy))
    return (type(policy).__module__, type(policy).__qualname__, state)


def tables_for(policies, rules: Rules | None = None, score=None) -> CallTables:
    """The :class:`CallTables` of these policies, rules and score, kept from one call to the next."""
    policies = four_policies(policies)
    rules = rules or Rules()
    score = Score.of(score or Score())
    key = (tuple(_policy_key(p) for p in policies), rules, score)
    got = _readers.get(key)
    if got is None:
        got = _readers[key] = CallTables(policies, rules, score)
        if len(_readers) > READERS_KEPT:
            _readers.popitem(last=False)
    else:
        _readers.move_to_end(key)
    return got


__all__ = ["CallTables", "ending_of", "tables_for", "TABLE_BYTES", "HANDS"]

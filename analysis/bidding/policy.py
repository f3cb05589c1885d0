"""The bidding policy interface: one method per decision of the laws (74-99).

A policy is asked, in turn, what a player does, and is told only what that player may know
(:class:`Situation`): his hand, the turn-up, his seat, the score, the calls so far.

| decision | asked of | answers |
|---|---|---|
| ``first_round`` | B, C, D, then A, on the turned-up suit | ``"pass"``; B and D ``"order up"``, C ``"assist"``, A ``"take up"`` (A's pass is also ``"turn down"``) |
| ``alone`` | the player who just called | ``True`` to play alone |
| ``take_from_partner`` | his partner, if he has not passed in this round (laws 93, 94) | ``True`` to take it from him and play alone |
| ``second_round`` | B, C, D, A after the turn-down | ``"pass"`` or a suit other than the one turned down; the dealer must name one under stick-the-dealer (``situation.must_call``) |
| ``discard`` | the dealer when the turn-up is made trump and he plays | one card of his six, never the turn-up (law 88) |

A policy returning anything else raises :class:`EuchreError` naming the policy, the decision
and the action. Write a policy by subclassing :class:`Policy`, or as a TOML file of pattern
rules (:mod:`analysis.bidding.pattern_policy`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from analysis.game import SEATS, SUITS, Seat, card_text, mask_cards, parse_seat
from analysis.errors import EuchreError
from analysis.game.patterns import Shape, matches, shape_of
from analysis.game.rules import Rules, SideScore

# The book's word for a first-round call, seat by seat: the one home of these words. A policy may
# answer "call" at any seat, or the seat's own word.
FIRST_ROUND_CALL = {Seat.B: "order up", Seat.C: "assist", Seat.D: "order up", Seat.A: "take up"}
CALL = "call"


def call_word(seat) -> str:
    """The seat's word for calling in round one ("order up", "assist", "take up"); ``seat`` an
    int, a :class:`Seat` or its letter."""
    return FIRST_ROUND_CALL[parse_seat(seat) if isinstance(seat, str) else seat]


@dataclass(frozen=True)
class Call:
    """One call of the bidding: ``action`` is pass, order up, assist, take up, turn down,
    make (with ``suit``), or take it from partner; ``is_lone`` when declared alone."""

    seat: int
    action: str
    suit: int | None = None
    is_lone: bool = False

    def as_dict(self) -> dict:
        out: dict = {"seat": SEATS[self.seat], "action": self.action}
        if self.suit is not None:
            out["suit"] = SUITS[self.suit]
        if self.is_lone:
            out["alone"] = True
        return out


@dataclass(frozen=True)
class Situation:
    """What a player may know when he decides."""

    seat: int
    hand: int                     # mask of his cards (the dealer's six when he discards)
    turn_up: int
    round: int                    # 1: on the turned-up suit, 2: after the turn-down
    score: SideScore              # (his side's points, the adversaries')
    calls: tuple[Call, ...]
    rules: Rules = field(default_factory=Rules)
    trump: int | None = None      # the suit in question (alone, take-from-partner, discard)
    must_call: bool = False       # stick the dealer: he must name a suit

    @property
    def turn_suit(self) -> int:
        return self.turn_up >> 3

    @property
    def is_dealer(self) -> bool:
        return self.seat == 0

    @property
    def partner(self) -> int:
        return self.seat ^ 2

    @property
    def cards(self) -> list[int]:
        return mask_cards(self.hand)

    def shape(self, trump: int | None = None) -> Shape:
        return shape_of(self.hand, self.turn_suit if trump is None else trump)

    def has(self, pattern: str, trump: int | None = None) -> bool:
        """Does his hand match the book's ``pattern`` under ``trump`` (default: the turned-up suit)?"""
        return matches(self.hand, self.turn_suit if trump is None else trump, pattern)

    @property
    def partner_called(self) -> bool:
        return any(c.seat == self.partner and c.action not in ("pass", "turn down") for c in self.calls)

    @property
    def right_turned(self) -> bool:
        return (self.turn_up & 7) == 4

    @property
    def is_lone(self) -> bool:
        """He has declared to play alone (or taken it from his partner)."""
        return any(c.seat == self.seat and c.is_lone for c in self.calls)

    @property
    def partner_is_lone(self) -> bool:
        """His partner has declared to play alone."""
        return any(c.seat == self.partner and c.is_lone for c in self.calls)


@dataclass
class Situations:
    """One decision of one seat for a batch of deals: what :class:`Situation` says, as arrays.

    ``hands`` are his hands (the dealer's six when he discards); ``trump`` the suit in question
    (the turned-up suit in round one); ``partner_is_lone`` (take-from-partner) whether the partner
    declared alone; ``is_lone`` (the discard) whether the dealer himself plays alone; ``calls``
    gives row i's calls so far (built only when asked).
    """

    seat: int
    hands: np.ndarray
    turn_up: np.ndarray
    round: int
    score: SideScore
    rules: Rules
    trump: np.ndarray
    calls: Callable[[int], tuple[Call, ...]]
    must_call: bool = False
    partner_is_lone: np.ndarray | None = None
    is_lone: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def turn_suit(self) -> np.ndarray:
        return self.turn_up >> 3

    @property
    def right_turned(self) -> np.ndarray:
        return (self.turn_up & 7) == 4

    def has(self, patterns, trump=None, hands=None) -> np.ndarray:
        """Rows whose hand matches one of the book's ``patterns`` under ``trump`` (default: the suit in question)."""
        from analysis.game import any_match
        patterns = (patterns,) if isinstance(patterns, str) else tuple(patterns)
        return any_match(self.hands if hands is None else hands, self.trump if trump is None else trump, patterns)

    def situation(self, i: int) -> Situation:
        trump = None if self.round == 2 and self.trump is None else int(self.trump[i])
        return Situation(self.seat, int(self.hands[i]), int(self.turn_up[i]), self.round, self.score,
                         self.calls(i), self.rules, trump, self.must_call)


class Policy:
    """Bidding decisions of one player. Override the methods; the defaults always pass.

    The simulator asks whole batches at once through the ``*_batch`` methods; by default they
    ask the one-deal methods row by row, so a policy need only write those. A policy may
    instead write the batch methods (see BookPolicy) for speed.
    """

    name = "policy"

    def check_rules(self, rules) -> None:
        """Refuses rules the policy was not written for, before any deal is bid (none by default)."""

    def first_round(self, s: Situation) -> str:
        return "pass"

    def alone(self, s: Situation) -> bool:
        return False

    def take_from_partner(self, s: Situation) -> bool:
        return False

    def second_round(self, s: Situation):
        return "pass"

    def discard(self, s: Situation) -> int:
        """Default: the book's rule, the lowest card of a short suit (see analysis.game.discard)."""
        from analysis.game import book_discard
        return book_discard(s.hand, s.turn_up, alone=s.is_lone)

    def describe(self) -> dict:
        return {"name": self.name, "class": type(self).__name__}

    def answering(self, decision: str, seat: int, round: int) -> "Policy":
        """The policy whose answer this one gives to ``decision`` (a method's name) of ``seat`` in
        ``round``: itself, or for a wrapper the policy it passes the question to, so that the
        readers of the calls (analysis.bidding.reading) ask a question once for both."""
        return self

    # -- batches: default to the one-deal methods -------------------------------------------
    def first_round_batch(self, t: Situations) -> np.ndarray:
        return np.array([ask_first_round(self, t.situation(i)) for i in range(len(t))], dtype=bool)

    def alone_batch(self, t: Situations) -> np.ndarray:
        return np.array([ask_bool(self, "alone", t.situation(i)) for i in range(len(t))], dtype=bool)

    def take_from_partner_batch(self, t: Situations) -> np.ndarray:
        return np.array([ask_bool(self, "take_from_partner", t.situation(i)) for i in range(len(t))], dtype=bool)

    def second_round_batch(self, t: Situations) -> np.ndarray:
        """Suit named per row, -1 for a pass."""
        out = [ask_second_round(self, t.situation(i)) for i in range(len(t))]
        return np.array([-1 if x is None else x for x in out], dtype=np.int8)

    def discard_batch(self, t: Situations) -> np.ndarray:
        return np.array([ask_discard(self, t.situation(i)) for i in range(len(t))], dtype=np.int8)


class VectorPolicy(Policy):
    """A policy written on batches; its one-deal methods ask a batch of one."""

    @staticmethod
    def batch_of(s: Situation) -> Situations:
        trump = s.turn_suit if s.trump is None else s.trump
        return Situations(s.seat, np.array([s.hand], np.uint32), np.array([s.turn_up], np.int8), s.round, s.score,
                          s.rules, np.array([trump], np.int8), lambda i: s.calls, s.must_call,
                          np.array([s.partner_is_lone]), np.array([s.is_lone]))

    def first_round(self, s: Situation) -> str:
        return FIRST_ROUND_CALL[s.seat] if self.first_round_batch(self.batch_of(s))[0] else "pass"

    def alone(self, s: Situation) -> bool:
        return bool(self.alone_batch(self.batch_of(s))[0])

    def take_from_partner(self, s: Situation) -> bool:
        return bool(self.take_from_partner_batch(self.batch_of(s))[0])

    def second_round(self, s: Situation):
        suit = int(self.second_round_batch(self.batch_of(s))[0])
        return "pass" if suit < 0 else SUITS[suit]

    def discard(self, s: Situation) -> int:
        return int(self.discard_batch(self.batch_of(s))[0])

    def discard_batch(self, t: Situations) -> np.ndarray:
        """The book's rule (D8)."""
        from analysis.game.contract import book_discards
        return book_discards(t.hands, t.turn_up, False if t.is_lone is None else t.is_lone)


def _illegal(policy: Policy, decision: str, action, why: str) -> EuchreError:
    return EuchreError(f"policy {policy.name!r} made an illegal {decision} decision {action!r}: {why}")


def ask_first_round(policy: Policy, s: Situation) -> bool:
    """True if the player calls (orders up, assists, takes up)."""
    action = policy.first_round(s)
    allowed = {"pass", CALL, FIRST_ROUND_CALL[s.seat]} | ({"turn down"} if s.seat == 0 else set())
    if action not in allowed:
        raise _illegal(policy, f"first-round ({SEATS[s.seat]})", action,
                       f"answer 'call' or 'pass' (or this seat's word, {FIRST_ROUND_CALL[s.seat]!r})")
    return action in (CALL, FIRST_ROUND_CALL[s.seat])


def ask_bool(policy: Policy, decision: str, s: Situation) -> bool:
    answer = getattr(policy, decision)(s)
    if not isinstance(answer, bool):
        raise _illegal(policy, decision.replace("_", " "), answer, "answer True or False")
    return answer


def ask_second_round(policy: Policy, s: Situation) -> int | None:
    """The suit named, or None for a pass."""
    action = policy.second_round(s)
    if action in (None, "pass"):
        if s.must_call:
            raise _illegal(policy, "second-round", action, "the dealer is stuck and must name a suit")
        return None
    if isinstance(action, str) and len(action) == 1 and action.upper() in SUITS:
        suit = SUITS.index(action.upper())
    elif isinstance(action, int) and not isinstance(action, bool) and 0 <= action < 4:
        suit = action
    else:
        raise _illegal(policy, "second-round", action, "answer 'pass' or a suit S, C, H, D")
    if suit == s.turn_suit:
        raise _illegal(policy, "second-round", action, f"{SUITS[suit]} was turned down and cannot be named (law 78)")
    return suit


def ask_discard(policy: Policy, s: Situation) -> int:
    card = policy.discard(s)
    if isinstance(card, str):
        from analysis.game import parse_card
        card = parse_card(card)
    if not isinstance(card, int) or not (s.hand >> card & 1):
        raise _illegal(policy, "discard", card, "discard one of the dealer's cards")
    if card == s.turn_up:
        raise _illegal(policy, "discard", card_text(card), "the trump card cannot be discarded (law 88)")
    return card


class Forced(Policy):
    """``base`` with one decision of one seat fixed: the two arms of a paired comparison.

    ``Forced(book, seat=1, decision="first_round", action="order up")`` against
    ``action="pass"`` compares ordering up with passing for the eldest hand on the same deals;
    every other decision stays the base policy's.
    """

    def __init__(self, base: Policy, seat: int, decision: str, action, round: int | None = None):
        if decision not in ("first_round", "second_round", "alone", "take_from_partner"):
            raise EuchreError(f"cannot force the decision {decision!r}")
        self.base, self.seat, self.decision, self.action, self.round = base, seat, decision, action, round
        self.name = f"{base.name} with {SEATS[seat]} {decision}={action}"

    def answering(self, decision: str, seat: int, round: int) -> Policy:
        if seat == self.seat and decision == self.decision and (self.round is None or round == self.round):
            return self
        return self.base.answering(decision, seat, round)

    def _pick(self, decision: str, s: Situation):
        if s.seat == self.seat and decision == self.decision and (self.round is None or s.round == self.round):
            return self.action
        return getattr(self.base, decision)(s)

    def first_round(self, s):
        return self._pick("first_round", s)

    def alone(self, s):
        return self._pick("alone", s)

    def take_from_partner(self, s):
        return self._pick("take_from_partner", s)

    def second_round(self, s):
        return self._pick("second_round", s)

    def discard(self, s):
        return self.base.discard(s)

    def _pick_batch(self, decision: str, t: Situations):
        if t.seat == self.seat and decision == self.decision and (self.round is None or t.round == self.round):
            return None
        return getattr(self.base, decision + "_batch")(t)

    def first_round_batch(self, t):
        got = self._pick_batch("first_round", t)
        return np.full(len(t), ask_first_round(self, t.situation(0)) if len(t) else False) if got is None else got

    def alone_batch(self, t):
        got = self._pick_batch("alone", t)
        return np.full(len(t), ask_bool(self, "alone", t.situation(0)) if len(t) else False) if got is None else got

    def take_from_partner_batch(self, t):
        got = self._pick_batch("take_from_partner", t)
        if got is None:
            return np.full(len(t), ask_bool(self, "take_from_partner", t.situation(0)) if len(t) else False)
        return got

    def second_round_batch(self, t):
        got = self._pick_batch("second_round", t)
        if got is None:  # the forced suit may be illegal on some rows (the turned-down suit): ask each
            return Policy.second_round_batch(self, t)
        return got

    def discard_batch(self, t):
        return self.base.discard_batch(t)

    def describe(self) -> dict:
        return {"name": self.name, "base": self.base.describe(), "seat": SEATS[self.seat],
                "decision": self.decision, "action": self.action}

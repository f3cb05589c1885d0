"""The auction: each player's policy asked in the laws' order (laws 74-99), and the calls heard.

Round one on the turned-up suit B, C, D, A; round two B, C, D, A naming another suit; the caller
may play alone and his partner, if he has not passed, may take it from him; the dealer discards
when the turn-up is made trump. :func:`bid_batch` bids a whole batch of deals seat by seat;
:func:`calls_of` gives the calls a table heard for a bidding that ended as given.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

import numpy as np

from analysis.errors import EuchreError
from analysis.game import contract
from analysis.game import ROUND_ORDER, Rules, SEATS, Score
from analysis.bidding.policy import FIRST_ROUND_CALL, Call, Policy, Situations


@dataclass
class Bidding:
    """How the bidding of one deal ended."""

    calls: list[Call]
    maker: int | None = None        # None: all passed twice, the deal is void
    trump: int | None = None
    lone_seat: int | None = None
    round: int = 0
    discard: int | None = None
    play_hands: list[int] = field(default_factory=list)


def four_policies(policies) -> list[Policy]:
    if isinstance(policies, Policy):
        return [policies] * 4
    policies = list(policies)
    if len(policies) != 4 or not all(isinstance(p, Policy) for p in policies):
        raise EuchreError("policies must be one Policy, or a list of four (for seats A, B, C, D)")
    return policies


def calls_of(rnd: int, caller: int, suit: int, caller_is_lone: bool, taker: bool, upto: str = "end") -> tuple[Call, ...]:
    """The calls of a deal whose bidding ended as given (``rnd`` 0 for a void deal), or its prefix
    ``upto`` "caller" (before the caller's call) or "taker" (before the partner's take)."""
    calls = []
    last = 2 if rnd == 0 else rnd
    for r in range(1, last + 1):
        for seat in ROUND_ORDER:
            if r == rnd and seat == caller:
                break
            calls.append(Call(seat, "turn down" if (r == 1 and seat == 0) else "pass"))
    if rnd == 0 or upto == "caller":
        return tuple(calls)
    calls.append(Call(caller, FIRST_ROUND_CALL[caller] if rnd == 1 else "make", suit if rnd == 2 else None, caller_is_lone))
    if upto == "taker":
        return tuple(calls)
    if taker:
        calls.append(Call(caller ^ 2, "take it from partner", None, True))
    return tuple(calls)


@dataclass
class BiddingBatch:
    """How the bidding of each deal ended; -1 marks "none"."""

    caller: np.ndarray          # seat that ordered, assisted, took up or made it
    round: np.ndarray           # 1, 2, or 0 for a void deal
    trump: np.ndarray
    caller_is_lone: np.ndarray  # bool: the caller declared alone
    taker: np.ndarray           # bool: the caller's partner took it from him
    maker: np.ndarray
    lone_seat: np.ndarray       # the seat that plays alone, -1 for none
    discard: np.ndarray
    play_hands: np.ndarray      # (N, 4) uint32
    # who bid: (the four policies, the rules, the score), for players who read the calls; None
    # for a contract fixed without bidding
    bidders: tuple | None = None

    def calls(self, i: int) -> tuple[Call, ...]:
        return calls_of(int(self.round[i]), int(self.caller[i]), int(self.trump[i]), bool(self.caller_is_lone[i]),
                        bool(self.taker[i]))

    def take(self, rows) -> "BiddingBatch":
        """The biddings of the deals ``rows`` only."""
        return BiddingBatch(**{f.name: getattr(self, f.name)[rows] for f in fields(self) if f.name != "bidders"},
                            bidders=self.bidders)


def _check_bool(policy, decision, got, n) -> np.ndarray:
    got = np.asarray(got)
    if got.shape != (n,) or got.dtype != bool:
        raise EuchreError(f"policy {policy.name!r} answered the {decision} decision with {got!r}: "
                          f"expected {n} true/false values")
    return got


def ask_first_round(policy: Policy, seat: int, hands, turn_up, rules: Rules, score) -> np.ndarray:
    """Round one, everyone before ``seat`` having passed: does he call (bool per row)?"""
    turn_up = np.asarray(turn_up, np.int8)
    prefix = calls_of(1, seat, -1, False, False, upto="caller")
    t = Situations(seat, hands, turn_up, 1, Score.of(score).seat(seat), rules, (turn_up >> 3).astype(np.int8),
                   lambda i, p=prefix: p)
    return _check_bool(policy, f"first-round ({SEATS[seat]})", policy.first_round_batch(t), len(hands))


def ask_second_round(policy: Policy, seat: int, hands, turn_up, rules: Rules, score) -> np.ndarray:
    """Round two, everyone before ``seat`` having passed twice: the suit he names, -1 to pass."""
    turn_up = np.asarray(turn_up, np.int8)
    prefix = calls_of(2, seat, -1, False, False, upto="caller")
    must = seat == 0 and rules.stick_the_dealer
    t = Situations(seat, hands, turn_up, 2, Score.of(score).seat(seat), rules, None, lambda i, p=prefix: p, must)
    named = np.asarray(policy.second_round_batch(t), dtype=np.int8)
    bad = (named == (turn_up >> 3)) | (named < -1) | (named > 3) | ((named < 0) & must)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise EuchreError(f"policy {policy.name!r} made an illegal second-round decision "
                          f"{int(named[i])!r} ({SEATS[seat]}): name a suit other than the one turned "
                          f"down{' (the dealer is stuck)' if must else ''}")
    return named


def ask_alone(policy: Policy, seat: int, rnd: int, hands, turn_up, trump, rules: Rules, score) -> np.ndarray:
    """The caller ``seat`` (round ``rnd``, ``trump``): does he play alone?"""
    prefix = calls_of(rnd, seat, -1, False, False, upto="caller")
    t = Situations(seat, hands, np.asarray(turn_up, np.int8), rnd, Score.of(score).seat(seat), rules,
                   np.asarray(trump, np.int8), lambda i, p=prefix: p)
    return _check_bool(policy, "alone", policy.alone_batch(t), len(hands))


def ask_take(policy: Policy, partner: int, rnd: int, hands, turn_up, trump, caller_is_lone, calls, rules: Rules,
             score) -> np.ndarray:
    """The caller's partner ``partner``, who has not passed this round: does he take it from him
    to play alone? ``calls(i)``: row i's calls so far."""
    t = Situations(partner, hands, np.asarray(turn_up, np.int8), rnd, Score.of(score).seat(partner), rules,
                   np.asarray(trump, np.int8), calls, partner_is_lone=np.asarray(caller_is_lone, bool))
    return _check_bool(policy, "take from partner", policy.take_from_partner_batch(t), len(hands))


def ask_discard(policy: Policy, six, turn_up, trump, calls, is_lone, rules: Rules, score) -> np.ndarray:
    """The dealer who took up, holding ``six``: the card he discards (never the turn-up, law 88)."""
    turn_up = np.asarray(turn_up, np.int8)
    t = Situations(0, six, turn_up, 1, Score.of(score).seat(0), rules, np.asarray(trump, np.int8), calls,
                   is_lone=np.asarray(is_lone, bool))
    d = np.asarray(policy.discard_batch(t), dtype=np.int8)
    if d.shape != (len(six),):
        raise EuchreError(f"policy {policy.name!r} answered the discard decision with {d!r}: expected {len(six)} cards")
    bad = (d < 0) | (d == turn_up) | ((six >> np.maximum(d, 0).astype(np.uint32)) & 1 == 0)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        why = "the trump card cannot be discarded (law 88)" if d[i] == turn_up[i] else "discard one of the dealer's cards"
        raise EuchreError(f"policy {policy.name!r} made an illegal discard decision {int(d[i])!r}: {why}")
    return d


def bid_batch(hands: np.ndarray, turn_up: np.ndarray, policies, rules: Rules = Rules(), score=Score()) -> BiddingBatch:
    """The bidding of every deal, seat by seat for the whole batch, in the laws' order; ``score``
    is the Score (AC, BD) before the hand."""
    policies = four_policies(policies)
    score = Score.of(score)
    hands = np.asarray(hands, dtype=np.uint32)
    turn_up = np.asarray(turn_up, dtype=np.int8)
    n = len(hands)
    turn = (turn_up >> 3).astype(np.int8)
    caller = np.full(n, -1, np.int8)
    rnd = np.zeros(n, np.int8)
    trump = np.full(n, -1, np.int8)
    open_ = np.ones(n, bool)

    for r in (1, 2):
        for seat in ROUND_ORDER:
            rows = np.flatnonzero(open_)
            if not len(rows):
                break
            if r == 1:
                called = ask_first_round(policies[seat], seat, hands[rows, seat], turn_up[rows], rules, score)
                named = np.where(called, turn[rows], -1)
            else:
                named = ask_second_round(policies[seat], seat, hands[rows, seat], turn_up[rows], rules, score)
            won = rows[named >= 0]
            caller[won], rnd[won], trump[won] = seat, r, named[named >= 0]
            open_[won] = False

    caller_is_lone = np.zeros(n, bool)
    taker = np.zeros(n, bool)
    for r in (1, 2):
        for seat in ROUND_ORDER:
            rows = np.flatnonzero((caller == seat) & (rnd == r))
            if not len(rows):
                continue
            caller_is_lone[rows] = ask_alone(policies[seat], seat, r, hands[rows, seat], turn_up[rows], trump[rows],
                                             rules, score)
            if seat not in (1, 2):  # his partner has passed this round and cannot take it (laws 93, 94)
                continue
            partner = seat ^ 2
            taker[rows] = ask_take(policies[partner], partner, r, hands[rows, partner], turn_up[rows], trump[rows],
                                   caller_is_lone[rows],
                                   lambda i, rows=rows: calls_of(r, seat, int(trump[rows[i]]), bool(caller_is_lone[rows[i]]),
                                                                 False, upto="taker"), rules, score)

    maker = np.where(taker, caller ^ 2, caller).astype(np.int8)
    lone_seat = np.where(taker, caller ^ 2, np.where(caller_is_lone, caller, -1)).astype(np.int8)
    discard = np.full(n, -1, np.int8)
    takes_up = contract.dealer_takes_up(rnd, lone_seat)
    rows = np.flatnonzero(takes_up)
    if len(rows):
        six = contract.with_turn_up(hands[rows, 0], turn_up[rows])
        batch = BiddingBatch(caller[rows], rnd[rows], trump[rows], caller_is_lone[rows], taker[rows],
                             maker[rows], lone_seat[rows], discard[rows], hands[rows])
        discard[rows] = ask_discard(policies[0], six, turn_up[rows], trump[rows], batch.calls, lone_seat[rows] == 0,
                                    rules, score)
    play = contract.hands_at_play(hands, turn_up, takes_up, discard, lone_seat)
    return BiddingBatch(caller, rnd, trump, caller_is_lone, taker, maker, lone_seat, discard, play,
                        bidders=(tuple(policies), rules, score))


def bid(hands: list[int], turn_up: int, policies, rules: Rules = Rules(), score=Score()) -> Bidding:
    """The bidding of one deal: ``hands`` are the four masks as dealt, A B C D."""
    b = bid_batch(np.array([hands], np.uint32), np.array([turn_up], np.int8), policies, rules, score)
    if b.round[0] == 0:
        return Bidding(list(b.calls(0)))
    return Bidding(list(b.calls(0)), int(b.maker[0]), int(b.trump[0]), None if b.lone_seat[0] < 0 else int(b.lone_seat[0]),
                   int(b.round[0]), None if b.discard[0] < 0 else int(b.discard[0]), [int(x) for x in b.play_hands[0]])

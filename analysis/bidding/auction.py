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
from analysis.game.cards import SEATS
from analysis.bidding.policy import FIRST_ROUND_CALL, Call, Policy, Situations
from analysis.game.rules import ROUND_ORDER, Rules, Score


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


def _policies(policies) -> list[Policy]:
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


def bid_batch(hands: np.ndarray, turn_up: np.ndarray, policies, rules: Rules = Rules(), score=Score()) -> BiddingBatch:
    """The bidding of every deal, seat by seat for the whole batch, in the laws' order; ``score``
    is the Score (AC, BD) before the hand."""
    policies = _policies(policies)
    score = Score.of(score)
    hands = np.asarray(hands, dtype=np.uint32)
    turn_up = np.asarray(turn_up, dtype=np.int8)
    n = len(hands)
    turn = (turn_up >> 3).astype(np.int8)
    caller = np.full(n, -1, np.int8)
    rnd = np.zeros(n, np.int8)
    trump = np.full(n, -1, np.int8)
    open_ = np.ones(n, bool)

    mine = score.seat

    for r in (1, 2):
        for seat in ROUND_ORDER:
            rows = np.flatnonzero(open_)
            if not len(rows):
                break
            prefix = calls_of(r, seat, -1, False, False, upto="caller")
            must = r == 2 and seat == 0 and rules.stick_the_dealer
            t = Situations(seat, hands[rows, seat], turn_up[rows], r, mine(seat), rules,
                      turn[rows] if r == 1 else None, lambda i, p=prefix: p, must)
            if r == 1:
                called = _check_bool(policies[seat], f"first-round ({SEATS[seat]})",
                                     policies[seat].first_round_batch(t), len(rows))
                named = np.where(called, turn[rows], -1)
            else:
                named = np.asarray(policies[seat].second_round_batch(t), dtype=np.int8)
                bad = (named == turn[rows]) | (named < -1) | (named > 3) | ((named < 0) & must)
                if bad.any():
                    i = int(np.flatnonzero(bad)[0])
                    raise EuchreError(f"policy {policies[seat].name!r} made an illegal second-round decision "
                                      f"{int(named[i])!r} ({SEATS[seat]}): name a suit other than the one turned "
                                      f"down{' (the dealer is stuck)' if must else ''}")
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
            prefix = calls_of(r, seat, -1, False, False, upto="caller")
            t = Situations(seat, hands[rows, seat], turn_up[rows], r, mine(seat), rules, trump[rows],
                           lambda i, p=prefix: p)
            caller_is_lone[rows] = _check_bool(policies[seat], "alone", policies[seat].alone_batch(t), len(rows))
            if seat not in (1, 2):  # his partner has passed this round and cannot take it (laws 93, 94)
                continue
            partner = seat ^ 2
            t = Situations(partner, hands[rows, partner], turn_up[rows], r, mine(partner), rules, trump[rows],
                           lambda i, rows=rows: calls_of(r, seat, int(trump[rows[i]]), bool(caller_is_lone[rows[i]]),
                                                         False, upto="taker"),
                           partner_is_lone=caller_is_lone[rows])
            taker[rows] = _check_bool(policies[partner], "take from partner",
                                      policies[partner].take_from_partner_batch(t), len(rows))

    maker = np.where(taker, caller ^ 2, caller).astype(np.int8)
    lone_seat = np.where(taker, caller ^ 2, np.where(caller_is_lone, caller, -1)).astype(np.int8)
    discard = np.full(n, -1, np.int8)
    takes_up = contract.dealer_takes_up(rnd, lone_seat)
    rows = np.flatnonzero(takes_up)
    if len(rows):
        six = contract.with_turn_up(hands[rows, 0], turn_up[rows])
        batch = BiddingBatch(caller[rows], rnd[rows], trump[rows], caller_is_lone[rows], taker[rows],
                             maker[rows], lone_seat[rows], discard[rows], hands[rows])
        t = Situations(0, six, turn_up[rows], 1, mine(0), rules, trump[rows], batch.calls,
                       is_lone=lone_seat[rows] == 0)
        d = np.asarray(policies[0].discard_batch(t), dtype=np.int8)
        bad = (d < 0) | (d == turn_up[rows]) | ((six >> np.maximum(d, 0).astype(np.uint32)) & 1 == 0)
        if d.shape != (len(rows),) or bad.any():
            i = int(np.flatnonzero(bad)[0]) if d.shape == (len(rows),) else 0
            why = "the trump card cannot be discarded (law 88)" if d[i] == turn_up[rows][i] else "discard one of the dealer's cards"
            raise EuchreError(f"policy {policies[0].name!r} made an illegal discard decision {int(d[i])!r}: {why}")
        discard[rows] = d
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

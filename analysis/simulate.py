"""The hand simulator: a deal, the bidding by policies (laws 74-99), the play, the score.

Follow one hand: the sampler deals; :func:`bid` asks each player's policy in the laws' order
(round one on the turned-up suit B, C, D, A; round two B, C, D, A naming another suit); the
caller may play alone and his partner, if he has not passed, may take it from him; the dealer
discards when the turn-up is made trump; the engine plays the hands; the laws score them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.errors import EuchreError
from analysis.cards import SEATS
from analysis.policy import FIRST_ROUND_CALL, Call, Policy, Situation, Table, ask_discard
from analysis.rules import Rules, default_leader, hand_points, side_of
from analysis.engine import PlayEngine, default_engine


@dataclass
class Bidding:
    """How the bidding of one deal ended."""

    calls: list[Call]
    maker: int | None = None        # None: all passed twice, the deal is void
    trump: int | None = None
    alone: int | None = None
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


ROUND_ORDER = (1, 2, 3, 0)   # B, C, D, then the dealer A


def calls_of(rnd: int, caller: int, suit: int, caller_alone: bool, taker: bool, upto: str = "end") -> tuple[Call, ...]:
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
    calls.append(Call(caller, FIRST_ROUND_CALL[caller] if rnd == 1 else "make", suit if rnd == 2 else None, caller_alone))
    if upto == "taker":
        return tuple(calls)
    if taker:
        calls.append(Call(caller ^ 2, "take it from partner", None, True))
    return tuple(calls)


@dataclass
class BiddingBatch:
    """How the bidding of each deal ended; -1 marks "none"."""

    caller: np.ndarray        # seat that ordered, assisted, took up or made it
    round: np.ndarray         # 1, 2, or 0 for a void deal
    trump: np.ndarray
    caller_alone: np.ndarray  # bool
    taker: np.ndarray         # bool: the caller's partner took it from him
    maker: np.ndarray
    alone: np.ndarray
    discard: np.ndarray
    play_hands: np.ndarray    # (N, 4) uint32

    def calls(self, i: int) -> tuple[Call, ...]:
        return calls_of(int(self.round[i]), int(self.caller[i]), int(self.trump[i]), bool(self.caller_alone[i]),
                        bool(self.taker[i]))


def _check_bool(policy, decision, got, n) -> np.ndarray:
    got = np.asarray(got)
    if got.shape != (n,) or got.dtype != bool:
        raise EuchreError(f"policy {policy.name!r} answered the {decision} decision with {got!r}: "
                          f"expected {n} true/false values")
    return got


def bid_batch(hands: np.ndarray, turn_up: np.ndarray, policies, rules: Rules = Rules(), score=(0, 0)) -> BiddingBatch:
    """The bidding of every deal, seat by seat for the whole batch, in the laws' order."""
    policies = _policies(policies)
    hands = np.asarray(hands, dtype=np.uint32)
    turn_up = np.asarray(turn_up, dtype=np.int8)
    n = len(hands)
    turn = (turn_up >> 3).astype(np.int8)
    caller = np.full(n, -1, np.int8)
    rnd = np.zeros(n, np.int8)
    trump = np.full(n, -1, np.int8)
    open_ = np.ones(n, bool)

    def mine(seat):
        return score[side_of(seat)], score[1 - side_of(seat)]

    for r in (1, 2):
        for seat in ROUND_ORDER:
            rows = np.flatnonzero(open_)
            if not len(rows):
                break
            prefix = calls_of(r, seat, -1, False, False, upto="caller")
            must = r == 2 and seat == 0 and rules.stick_the_dealer
            t = Table(seat, hands[rows, seat], turn_up[rows], r, mine(seat), rules,
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

    caller_alone = np.zeros(n, bool)
    taker = np.zeros(n, bool)
    for r in (1, 2):
        for seat in ROUND_ORDER:
            rows = np.flatnonzero((caller == seat) & (rnd == r))
            if not len(rows):
                continue
            prefix = calls_of(r, seat, -1, False, False, upto="caller")
            t = Table(seat, hands[rows, seat], turn_up[rows], r, mine(seat), rules, trump[rows],
                      lambda i, p=prefix: p)
            caller_alone[rows] = _check_bool(policies[seat], "alone", policies[seat].alone_batch(t), len(rows))
            if seat not in (1, 2):  # his partner has passed this round and cannot take it (laws 93, 94)
                continue
            partner = seat ^ 2
            t = Table(partner, hands[rows, partner], turn_up[rows], r, mine(partner), rules, trump[rows],
                      lambda i, rows=rows: calls_of(r, seat, int(trump[rows[i]]), bool(caller_alone[rows[i]]),
                                                    False, upto="taker"),
                      partner_alone=caller_alone[rows])
            taker[rows] = _check_bool(policies[partner], "take from partner",
                                      policies[partner].take_from_partner_batch(t), len(rows))

    maker = np.where(taker, caller ^ 2, caller).astype(np.int8)
    alone = np.where(taker, caller ^ 2, np.where(caller_alone, caller, -1)).astype(np.int8)
    play = hands.copy()
    discard = np.full(n, -1, np.int8)
    rows = np.flatnonzero((rnd == 1) & (alone != 2))   # the dealer takes the turn-up unless he sits out
    if len(rows):
        six = hands[rows, 0] | (np.uint32(1) << turn_up[rows].astype(np.uint32))
        batch = BiddingBatch(caller[rows], rnd[rows], trump[rows], caller_alone[rows], taker[rows],
                             maker[rows], alone[rows], discard[rows], play[rows])
        t = Table(0, six, turn_up[rows], 1, mine(0), rules, trump[rows], batch.calls,
                  partner_alone=alone[rows] == 0)
        d = np.asarray(policies[0].discard_batch(t), dtype=np.int8)
        bad = (d < 0) | (d == turn_up[rows]) | ((six >> np.maximum(d, 0).astype(np.uint32)) & 1 == 0)
        if d.shape != (len(rows),) or bad.any():
            i = int(np.flatnonzero(bad)[0]) if d.shape == (len(rows),) else 0
            why = "the trump card cannot be discarded (law 88)" if d[i] == turn_up[rows][i] else "discard one of the dealer's cards"
            raise EuchreError(f"policy {policies[0].name!r} made an illegal discard decision {int(d[i])!r}: {why}")
        discard[rows] = d
        play[rows, 0] = six & ~(np.uint32(1) << d.astype(np.uint32))
    lone_rows = np.flatnonzero(alone >= 0)
    play[lone_rows, alone[lone_rows] ^ 2] = 0
    return BiddingBatch(caller, rnd, trump, caller_alone, taker, maker, alone, discard, play)


def bid(hands: list[int], turn_up: int, policies, rules: Rules = Rules(), score=(0, 0)) -> Bidding:
    """The bidding of one deal: ``hands`` are the four masks as dealt, A B C D."""
    b = bid_batch(np.array([hands], np.uint32), np.array([turn_up], np.int8), policies, rules, score)
    if b.round[0] == 0:
        return Bidding(list(b.calls(0)))
    return Bidding(list(b.calls(0)), int(b.maker[0]), int(b.trump[0]), None if b.alone[0] < 0 else int(b.alone[0]),
                   int(b.round[0]), None if b.discard[0] < 0 else int(b.discard[0]), [int(x) for x in b.play_hands[0]])


@dataclass
class HandResults:
    """One row per deal. Seats are 0..3 = A..D; -1 marks "none" (void deal, no lone hand, no discard)."""

    maker: np.ndarray          # int8
    trump: np.ndarray          # int8
    alone: np.ndarray          # int8
    round: np.ndarray          # int8: 1, 2, or 0 for a void deal
    discard: np.ndarray        # int8 card id
    play_hands: np.ndarray     # (N, 4) uint32, the hands at the start of play
    maker_tricks: np.ndarray   # int8 (0 for a void deal)
    points: np.ndarray         # (N, 2) int8: AC, BD
    calls: list = field(default_factory=list)   # per deal, the list of Call

    def __len__(self) -> int:
        return len(self.maker)

    def to_frame(self):
        import pandas as pd
        return pd.DataFrame({
            "maker": self.maker, "trump": self.trump, "alone": self.alone, "round": self.round,
            "discard": self.discard, "maker_tricks": self.maker_tricks,
            "points_ac": self.points[:, 0], "points_bd": self.points[:, 1],
        })


def _score(maker: np.ndarray, alone: np.ndarray, tricks: np.ndarray) -> np.ndarray:
    """Points (AC, BD) by laws 2 and 3 (analysis.rules.hand_points, for whole arrays)."""
    lone = alone >= 0
    mine = np.where(tricks == 5, np.where(lone, 4, 2), np.where(tricks >= 3, 1, 0))
    theirs = np.where(tricks < 3, np.where(lone, 4, 2), 0)
    made = maker >= 0
    side = maker & 1
    points = np.zeros((len(maker), 2), dtype=np.int8)
    points[:, 0] = np.where(made, np.where(side == 0, mine, theirs), 0)
    points[:, 1] = np.where(made, np.where(side == 1, mine, theirs), 0)
    return points


def play_out(maker, trump, alone, play_hands, engine: PlayEngine | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Makers' tricks and the points (AC, BD) of hands whose contract is settled."""
    engine = engine or default_engine()
    maker = np.asarray(maker, dtype=np.int8)
    alone = np.asarray(alone, dtype=np.int8)
    tricks = np.zeros(len(maker), dtype=np.int8)
    live = np.flatnonzero(maker >= 0)
    if len(live):
        lone = alone[live]
        leader = np.where(lone == 3, 2, 1).astype(np.int8)  # B leads unless he sits out for D (default_leader)
        tricks[live] = engine.maker_tricks(np.asarray(play_hands, dtype=np.uint32)[live],
                                           np.asarray(trump, dtype=np.int8)[live], leader, lone,
                                           (maker[live] & 1).astype(np.int8))
    return tricks, _score(maker, alone, tricks)


def simulate(deals, policies, rules: Rules = Rules(), score=(0, 0), engine: PlayEngine | None = None,
             keep_calls: bool = False) -> HandResults:
    """Bid every deal by ``policies``, play it with ``engine`` and score it by the laws.

    ``deals`` has ``hands`` ((N, 4) uint32 masks, seats A B C D) and ``turn_up`` ((N,) card ids),
    as the sampler gives them; ``score`` is the score (AC, BD) before the hands.
    """
    b = bid_batch(deals.hands, deals.turn_up, policies, rules, score)
    tricks, points = play_out(b.maker, b.trump, b.alone, b.play_hands, engine)
    calls = [list(b.calls(i)) for i in range(len(b.maker))] if keep_calls else []
    return HandResults(b.maker, b.trump, b.alone, b.round, b.discard, b.play_hands, tricks, points, calls)


def play_contract(deals, maker, trump=None, alone=-1, take_up: bool = True, discard_policy: Policy | None = None,
                  rules: Rules = Rules(), score=(0, 0), engine: PlayEngine | None = None) -> HandResults:
    """Play every deal with the contract fixed, skipping the bidding: for studies that ask
    "what does this hand make if seat X makes trump?".

    ``maker``, ``trump`` (default: the turned-up suit) and ``alone`` are scalars or arrays. With
    ``take_up`` the trump must be the turned-up suit: the dealer takes it up and discards by
    ``discard_policy`` (default: the book's rule), unless he sits out for a lone partner.
    """
    hands = np.asarray(deals.hands, dtype=np.uint32)
    turn_up = np.asarray(deals.turn_up).astype(np.int64)
    n = len(hands)
    maker = np.broadcast_to(np.asarray(maker, dtype=np.int8), (n,)).copy()
    trump = (turn_up >> 3).astype(np.int8) if trump is None else np.broadcast_to(np.asarray(trump, np.int8), (n,)).copy()
    alone = np.broadcast_to(np.asarray(alone, dtype=np.int8), (n,)).copy()
    if take_up and np.any(trump != (turn_up >> 3)):
        raise EuchreError("the dealer can take up only the turned-up suit: pass take_up=False for round two")
    policy = discard_policy or Policy()
    play = hands.copy()
    discard = np.full(n, -1, np.int8)
    for i in range(n):
        if take_up and alone[i] != 2:
            t = int(turn_up[i])
            six = int(hands[i, 0]) | 1 << t
            calls = (Call(int(maker[i]), "take up" if maker[i] == 0 else "order up", None, bool(alone[i] >= 0)),)
            d = ask_discard(policy, Situation(0, six, t, 1, (score[0], score[1]), calls, rules, int(trump[i])))
            discard[i] = d
            play[i, 0] = six & ~(1 << d)
        if alone[i] >= 0:
            play[i, int(alone[i]) ^ 2] = 0
    tricks, points = play_out(maker, trump, alone, play, engine)
    rnd = np.full(n, 1 if take_up else 2, np.int8)
    return HandResults(maker, trump, alone, rnd, discard, play, tricks, points, [])

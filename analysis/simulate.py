"""The hand simulator: a deal, the bidding by policies (laws 74-99), the play, the score.

Follow one hand: the sampler deals; :func:`bid` asks each player's policy in the laws' order
(round one on the turned-up suit B, C, D, A; round two B, C, D, A naming another suit); the
caller may play alone and his partner, if he has not passed, may take it from him; the dealer
discards when the turn-up is made trump; the engine plays the hands; the laws score them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

import numpy as np

from analysis import contract
from analysis.errors import EuchreError
from analysis.cards import SEATS
from analysis.policy import FIRST_ROUND_CALL, Call, Policy, Situation, Situations, ask_discard
from analysis.rules import Rules, Score, points_by_side
from analysis.engine import PlayEngine, default_engine


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


ROUND_ORDER = (1, 2, 3, 0)   # B, C, D, then the dealer A


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

    def calls(self, i: int) -> tuple[Call, ...]:
        return calls_of(int(self.round[i]), int(self.caller[i]), int(self.trump[i]), bool(self.caller_is_lone[i]),
                        bool(self.taker[i]))

    def take(self, rows) -> "BiddingBatch":
        """The biddings of the deals ``rows`` only."""
        return BiddingBatch(**{f.name: getattr(self, f.name)[rows] for f in fields(self)})


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
    return BiddingBatch(caller, rnd, trump, caller_is_lone, taker, maker, lone_seat, discard, play)


def bid(hands: list[int], turn_up: int, policies, rules: Rules = Rules(), score=Score()) -> Bidding:
    """The bidding of one deal: ``hands`` are the four masks as dealt, A B C D."""
    b = bid_batch(np.array([hands], np.uint32), np.array([turn_up], np.int8), policies, rules, score)
    if b.round[0] == 0:
        return Bidding(list(b.calls(0)))
    return Bidding(list(b.calls(0)), int(b.maker[0]), int(b.trump[0]), None if b.lone_seat[0] < 0 else int(b.lone_seat[0]),
                   int(b.round[0]), None if b.discard[0] < 0 else int(b.discard[0]), [int(x) for x in b.play_hands[0]])


@dataclass
class HandResults:
    """One row per deal. Seats are 0..3 = A..D; -1 marks "none" (void deal, no lone hand, no discard)."""

    maker: np.ndarray          # int8
    trump: np.ndarray          # int8
    lone_seat: np.ndarray      # int8: the seat that plays alone, -1 for none
    round: np.ndarray          # int8: 1, 2, or 0 for a void deal
    discard: np.ndarray        # int8 card id
    play_hands: np.ndarray     # (N, 4) uint32, the hands at the start of play
    maker_tricks: np.ndarray   # int8 (0 for a void deal)
    points: np.ndarray         # (N, 2) int8: AC, BD
    calls: list = field(default_factory=list)   # per deal, the list of Call

    def __len__(self) -> int:
        return len(self.maker)

    def net(self, side) -> np.ndarray:
        """Each deal's points to ``side`` (0 AC, 1 BD; one value or one per deal) minus the other side's."""
        side = np.broadcast_to(np.asarray(side, np.int64), (len(self),))
        rows = np.arange(len(self))
        return self.points[rows, side].astype(np.int16) - self.points[rows, 1 - side]

    def to_frame(self):
        import pandas as pd
        return pd.DataFrame({
            "maker": self.maker, "trump": self.trump, "lone_seat": self.lone_seat, "round": self.round,
            "discard": self.discard, "maker_tricks": self.maker_tricks,
            "points_ac": self.points[:, 0], "points_bd": self.points[:, 1],
        })


def play_out(maker, trump, lone_seat, play_hands, engine: PlayEngine | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Makers' tricks and the points (AC, BD) of hands whose contract is settled."""
    engine = engine or default_engine()
    maker = np.asarray(maker, dtype=np.int8)
    lone_seat = np.asarray(lone_seat, dtype=np.int8)
    tricks = np.zeros(len(maker), dtype=np.int8)
    live = np.flatnonzero(maker >= 0)
    if len(live):
        lone = lone_seat[live]
        tricks[live] = engine.maker_tricks(np.asarray(play_hands, dtype=np.uint32)[live],
                                           np.asarray(trump, dtype=np.int8)[live], contract.leader(lone), lone,
                                           (maker[live] & 1).astype(np.int8))
    return tricks, points_by_side(maker, lone_seat, tricks)


def play_bidding(b: BiddingBatch, turn_up, engine: PlayEngine | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Makers' tricks and points (AC, BD) of a bidding batch played by ``engine``. Table-side
    players (an engine with ``play_bidding``) know what the table heard and saw: the turn-up, the
    calls and, the dealer, his discard."""
    engine = engine or default_engine()
    if hasattr(engine, "play_bidding"):
        tricks = engine.play_bidding(b, turn_up)
        return tricks, points_by_side(b.maker, b.lone_seat, tricks)
    return play_out(b.maker, b.trump, b.lone_seat, b.play_hands, engine)


def simulate(deals, policies, rules: Rules = Rules(), score=Score(), engine: PlayEngine | None = None,
             keep_calls: bool = False) -> HandResults:
    """Bid every deal by ``policies``, play it with ``engine`` and score it by the laws.

    ``deals`` has ``hands`` ((N, 4) uint32 masks, seats A B C D) and ``turn_up`` ((N,) card ids),
    as the sampler gives them; ``score`` is the Score (AC, BD) before the hands.
    """
    b = bid_batch(deals.hands, deals.turn_up, policies, rules, score)
    tricks, points = play_bidding(b, deals.turn_up, engine)
    calls = [list(b.calls(i)) for i in range(len(b.maker))] if keep_calls else []
    return HandResults(b.maker, b.trump, b.lone_seat, b.round, b.discard, b.play_hands, tricks, points, calls)


def play_contract(deals, maker, trump=None, lone_seat=-1, round_=1, discard_policy: Policy | None = None,
                  rules: Rules = Rules(), score=Score(), engine: PlayEngine | None = None) -> HandResults:
    """Play every deal with the contract fixed, skipping the bidding: for studies that ask
    "what does this hand make if seat X makes trump?".

    ``maker``, ``trump`` (default: the turned-up suit), ``lone_seat`` and ``round_`` are scalars
    or one value per deal. In round one the trump must be the turned-up suit: the dealer takes
    it up and discards by ``discard_policy`` (default: the book's rule, D8), unless he sits out
    for a lone partner; in round two nobody takes it up.
    """
    hands = np.asarray(deals.hands, dtype=np.uint32)
    turn_up = np.asarray(deals.turn_up).astype(np.int64)
    n = len(hands)
    score = Score.of(score)
    maker = np.broadcast_to(np.asarray(maker, dtype=np.int8), (n,)).copy()
    trump = (turn_up >> 3).astype(np.int8) if trump is None else np.broadcast_to(np.asarray(trump, np.int8), (n,)).copy()
    lone_seat = np.broadcast_to(np.asarray(lone_seat, dtype=np.int8), (n,)).copy()
    rnd = np.broadcast_to(np.asarray(round_, dtype=np.int8), (n,)).copy()
    if np.any((rnd == 1) & (trump != (turn_up >> 3))):
        raise EuchreError("in round one only the turned-up suit can be made trump: give round 2 for another suit")
    takes_up = contract.dealer_takes_up(rnd, lone_seat)
    discard = np.full(n, -1, np.int8)
    if discard_policy is None:
        rows = np.flatnonzero(takes_up)
        six = contract.with_turn_up(hands[rows, 0], turn_up[rows])
        discard[rows] = contract.book_discard(six, turn_up[rows], lone_seat[rows] == 0)
    else:
        for i in np.flatnonzero(takes_up):
            t = int(turn_up[i])
            calls = (Call(int(maker[i]), "take up" if maker[i] == 0 else "order up", None, bool(lone_seat[i] >= 0)),)
            six = int(hands[i, 0]) | 1 << t
            discard[i] = ask_discard(discard_policy, Situation(0, six, t, 1, score.seat(0), calls, rules, int(trump[i])))
    play = contract.hands_at_play(hands, turn_up, takes_up, discard, lone_seat)
    # table-side players hear the contract as calls: the passes before the maker, then his call
    b = BiddingBatch(maker, rnd, trump, (lone_seat >= 0) & (lone_seat == maker), (lone_seat >= 0) & (lone_seat != maker),
                     maker, lone_seat, discard, play)
    tricks, points = play_bidding(b, turn_up, engine)
    return HandResults(maker, trump, lone_seat, rnd, discard, play, tricks, points, [])

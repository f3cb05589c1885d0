"""The hand simulator: a deal, the bidding by policies (laws 74-99), the play, the score.

Follow one hand: the sampler deals; the auction (:mod:`analysis.bidding.auction`) asks each
player's policy in the laws' order; the contract is settled (:mod:`analysis.game.contract`); the
engine plays the hands (:mod:`analysis.play.engines`); the laws score them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.bidding import BiddingBatch, bid_batch
from analysis.bidding.policy import Call, Policy, Situation, ask_discard, call_word
from analysis.errors import EuchreError
from analysis.game import contract
from analysis.game import Rules, Score, points_by_side
from analysis.play import PlayEngine, default_engine


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
        discard[rows] = contract.book_discards(six, turn_up[rows], lone_seat[rows] == 0)
    else:
        for i in np.flatnonzero(takes_up):
            t = int(turn_up[i])
            calls = (Call(int(maker[i]), call_word(int(maker[i])), None, bool(lone_seat[i] >= 0)),)
            six = int(hands[i, 0]) | 1 << t
            discard[i] = ask_discard(discard_policy, Situation(0, six, t, 1, score.seat(0), calls, rules, int(trump[i])))
    play = contract.hands_at_play(hands, turn_up, takes_up, discard, lone_seat)
    # table-side players hear the contract as calls: the passes before the maker, then his call
    b = BiddingBatch(maker, rnd, trump, (lone_seat >= 0) & (lone_seat == maker), (lone_seat >= 0) & (lone_seat != maker),
                     maker, lone_seat, discard, play)
    tricks, points = play_bidding(b, turn_up, engine)
    return HandResults(maker, trump, lone_seat, rnd, discard, play, tricks, points, [])

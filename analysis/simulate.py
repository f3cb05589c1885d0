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
from analysis.policy import (
    FIRST_ROUND_CALL, Call, Policy, Situation, ask_bool, ask_discard, ask_first_round, ask_second_round,
)
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


def bid(hands: list[int], turn_up: int, policies, rules: Rules = Rules(), score=(0, 0)) -> Bidding:
    """Run the bidding of one deal: ``hands`` are the four masks as dealt, A B C D."""
    policies = _policies(policies)
    calls: list[Call] = []
    turn = turn_up >> 3

    def situation(seat, hand, rnd, trump=None, must=False):
        mine = score[side_of(seat)], score[1 - side_of(seat)]
        return Situation(seat, hand, turn_up, rnd, mine, tuple(calls), rules, trump, must)

    def settle(seat, trump, rnd) -> Bidding:
        round_start = 0 if rnd == 1 else 4
        alone = ask_bool(policies[seat], "alone", situation(seat, hands[seat], rnd, trump))
        calls.append(Call(seat, FIRST_ROUND_CALL[seat] if rnd == 1 else "make", trump if rnd == 2 else None, alone))
        maker, lone = seat, (seat if alone else None)
        partner = seat ^ 2
        partner_passed = any(c.seat == partner for c in calls[round_start:-1])
        if not partner_passed and ask_bool(policies[partner], "take_from_partner",
                                           situation(partner, hands[partner], rnd, trump)):
            calls.append(Call(partner, "take it from partner", None, True))  # laws 74, 75, 94
            maker = lone = partner
        play = list(hands)
        discard = None
        if rnd == 1 and lone != 2:  # the dealer takes the turn-up unless he sits out
            six = hands[0] | 1 << turn_up
            discard = ask_discard(policies[0], Situation(0, six, turn_up, 1, (score[0], score[1]),
                                                          tuple(calls), rules, trump))
            play[0] = six & ~(1 << discard)
        if lone is not None:
            play[lone ^ 2] = 0
        return Bidding(calls, maker, trump, lone, rnd, discard, play)

    for seat in (1, 2, 3, 0):
        if ask_first_round(policies[seat], situation(seat, hands[seat], 1, turn)):
            return settle(seat, turn, 1)
        calls.append(Call(seat, "turn down" if seat == 0 else "pass"))
    for seat in (1, 2, 3, 0):
        must = rules.stick_the_dealer and seat == 0
        suit = ask_second_round(policies[seat], situation(seat, hands[seat], 2, None, must))
        if suit is not None:
            return settle(seat, suit, 2)
        calls.append(Call(seat, "pass"))
    return Bidding(calls)


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
    points = np.zeros((len(maker), 2), dtype=np.int8)
    for i in np.flatnonzero(maker >= 0):
        mine, theirs = hand_points(int(tricks[i]), bool(alone[i] >= 0))
        side = int(maker[i]) & 1
        points[i, side] = mine
        points[i, 1 - side] = theirs
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
        leader = np.array([default_leader(None if a < 0 else int(a)) for a in lone], dtype=np.int8)
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
    hands = np.asarray(deals.hands, dtype=np.uint32)
    turn_up = np.asarray(deals.turn_up)
    n = len(hands)
    maker = np.full(n, -1, np.int8)
    trump = np.full(n, -1, np.int8)
    alone = np.full(n, -1, np.int8)
    rnd = np.zeros(n, np.int8)
    discard = np.full(n, -1, np.int8)
    play = np.zeros((n, 4), np.uint32)
    calls = []
    for i in range(n):
        b = bid([int(h) for h in hands[i]], int(turn_up[i]), policies, rules, score)
        if keep_calls:
            calls.append(b.calls)
        if b.maker is None:
            continue
        maker[i], trump[i], rnd[i] = b.maker, b.trump, b.round
        alone[i] = -1 if b.alone is None else b.alone
        discard[i] = -1 if b.discard is None else b.discard
        play[i] = b.play_hands
    tricks, points = play_out(maker, trump, alone, play, engine)
    return HandResults(maker, trump, alone, rnd, discard, play, tricks, points, calls)


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

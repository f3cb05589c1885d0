"""Baseline policies to measure the book against: always pass, order anything, and a
parametric point count a study can tune."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from analysis.game import SUITS, dealer_hand, shape_of
from analysis.bidding.policy import FIRST_ROUND_CALL, Policy, Situation


class AlwaysPass(Policy):
    """Never calls; under stick-the-dealer the dealer names his longest suit."""

    name = "always-pass"

    def second_round(self, s: Situation):
        if s.must_call:
            return SUITS[max((x for x in range(4) if x != s.turn_suit), key=lambda x: shape_of(s.hand, x).n_trumps)]
        return "pass"


class OrderAnything(Policy):
    """The first player asked calls the turned-up suit, whatever he holds."""

    name = "order-anything"

    def first_round(self, s: Situation) -> str:
        return FIRST_ROUND_CALL[s.seat]


@dataclass(frozen=True)
class PointCountParams:
    """Points per trump by trump order (right, left, A, K, Q, T, 9, 8, 7), per outside ace and per
    void, and the thresholds to call, per seat (A, B, C, D) and round."""

    trump_points: tuple = (3.0, 2.5, 2.0, 1.5, 1.2, 1.0, 1.0, 1.0, 1.0)   # right first
    ace_points: float = 1.0
    void_points: float = 0.5
    first_round: tuple = (6.0, 6.0, 6.0, 6.5)    # A (with the turn-up in hand), B, C, D
    second_round: tuple = (5.5, 6.0, 6.5, 6.5)
    alone: float = 10.5


class PointCount(Policy):
    """Counts points for the hand under a trump and calls when they reach the seat's threshold."""

    name = "point-count"

    def __init__(self, params: PointCountParams = PointCountParams()):
        self.params = params

    def describe(self) -> dict:
        return {"name": self.name, "class": type(self).__name__, "params": asdict(self.params)}

    def points(self, hand: int, trump: int) -> float:
        p = self.params
        shape = shape_of(hand, trump)
        total = sum(p.trump_points[8 - t] for t in shape.trumps)
        return total + p.ace_points * shape.outside_aces() + p.void_points * shape.voids()

    def _hand(self, s: Situation, trump: int) -> int:
        """The dealer is judged on his hand after taking up the turn-up and the book's discard."""
        if s.seat == 0 and s.round == 1 and trump == s.turn_suit:
            return int(dealer_hand([s.hand], [s.turn_up])[0])
        return s.hand

    def first_round(self, s: Situation) -> str:
        ok = self.points(self._hand(s, s.turn_suit), s.turn_suit) >= self.params.first_round[s.seat]
        return FIRST_ROUND_CALL[s.seat] if ok else "pass"

    def second_round(self, s: Situation):
        suits = [x for x in range(4) if x != s.turn_suit]
        best = max(suits, key=lambda x: self.points(s.hand, x))
        if s.must_call or self.points(s.hand, best) >= self.params.second_round[s.seat]:
            return SUITS[best]
        return "pass"

    def alone(self, s: Situation) -> bool:
        return self.points(self._hand(s, s.trump), s.trump) >= self.params.alone

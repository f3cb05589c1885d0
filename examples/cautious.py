"""The cautious bidder of analysis/data/policies/cautious.toml (the policy named ``cautious``), written by hand as a Python class."""
from analysis.bidding import FIRST_ROUND_CALL, Policy, Situation
from analysis.game import dealer_hand, matches as m, shape_of


class Cautious(Policy):
    name = "cautious (python)"

    def _hand(self, s: Situation, trump: int, alone: bool = False) -> int:
        if s.seat == 0 and s.round == 1 and trump == s.turn_suit:  # the dealer, after his discard
            return int(dealer_hand([s.hand], [s.turn_up], alone)[0])
        return s.hand

    def first_round(self, s: Situation) -> str:
        h, t = self._hand(s, s.turn_suit), s.turn_suit
        call = {
            1: m(h, t, "three medium trumps") or m(h, t, "right and another, and outside ace"),
            2: m(h, t, "three trumps") or m(h, t, "right and another"),
            3: m(h, t, "four trumps") or m(h, t, "two bowers and another") or m(h, t, "right, ace, and another"),
            0: m(h, t, "three trumps") or m(h, t, "right and ace") or m(h, t, "right and king"),
        }[s.seat]
        return FIRST_ROUND_CALL[s.seat] if call else "pass"

    def second_round(self, s: Situation):
        nxt = s.turn_suit ^ 1

        def strength(x):  # most trumps, then the higher ones
            shape = shape_of(s.hand, x)
            return shape.n_trumps, sum(shape.trumps)
        # next first, then the strongest suit; between equals the lower suit (S, C, H, D)
        suits = sorted((x for x in range(4) if x != s.turn_suit),
                       key=lambda x: (x != nxt, tuple(-v for v in strength(x)), x))
        for x in suits:
            ok = {
                1: m(s.hand, x, "three trumps") or m(s.hand, x, "right and another, and outside ace"),
                2: m(s.hand, x, "three trumps"),
                3: m(s.hand, x, "three trumps"),
                0: m(s.hand, x, "three trumps") or m(s.hand, x, "right and another"),
            }[s.seat]
            if ok:
                return "SCHD"[x]
        if s.must_call:
            return "SCHD"[min(suits, key=lambda x: (tuple(-v for v in strength(x)), x))]
        return "pass"

    def alone(self, s: Situation) -> bool:
        h = self._hand(s, s.trump, alone=True)
        return m(h, s.trump, "two bowers, ace, and two others") or m(h, s.trump, "two bowers, ace, another, and outside ace")

    def take_from_partner(self, s: Situation) -> bool:
        return m(self._hand(s, s.trump, alone=True), s.trump, "two bowers, ace, and two others")

"""Deal, bid by a policy, play and score N hands: what ``euchrelab play`` shows.

:func:`play_hands` returns :class:`Played`, whose ``str()`` is the makers' rates by seat with 95%
Wilson intervals and the mean points per hand, and whose ``to_json()`` is one object per hand
(its deal, calls, contract, tricks and points).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.bidding import policy_from_name
from analysis.experiment import wilson
from analysis.game import SEATS, SUITS, Rules, Score, card_text, format_cards, mask_cards
from analysis.play.engines import DEFAULT_WORLDS, get_engine
from analysis.simulator import simulate
from fastcore.sampler import sample_deals


@dataclass
class Played:
    """N hands dealt from ``seed``, bid by ``policy``, played by the engine and scored."""

    deals: object
    results: object
    policy: str
    seed: int
    rules: Rules
    engine: str

    def __len__(self) -> int:
        return len(self.results)

    def __str__(self) -> str:
        res = self.results

        def rate(k, n):
            if n == 0:
                return f"{'-':>22}"
            r = wilson(k, n)
            return f"{r.rate:6.1%} [{r.low:5.1%}, {r.high:5.1%}]"

        lines = [f"{len(res)} hands, policy {self.policy}, seed {self.seed}, {self.rules.words}; {self.engine} play.",
                 f"void deals (all passed twice): {int(np.sum(res.maker < 0))}",
                 "rates with 95% Wilson intervals; n = hands made by that seat",
                 f"{'maker':<6}{'n':>7}  {'made (3+ tricks)':>22}  {'euchred':>22}  {'march':>22}  {'alone':>22}"]
        for seat in list(range(4)) + [None]:
            sel = res.maker >= 0 if seat is None else res.maker == seat
            n = int(sel.sum())
            t = res.maker_tricks[sel]
            lines.append(f"{'all' if seat is None else SEATS[seat]:<6}{n:>7}  {rate((t >= 3).sum(), n)}  "
                         f"{rate((t < 3).sum(), n)}  {rate((t == 5).sum(), n)}  {rate((res.lone_seat[sel] >= 0).sum(), n)}")
        pts = res.points.astype(float)
        diff = pts[:, 0] - pts[:, 1]
        se = diff.std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else float("nan")
        lines.append(f"mean points per hand, A+C's less B+D's: {diff.mean():+.3f} (standard error {se:.3f}, n = {len(diff)})")
        return "\n".join(lines) + "\n"

    def to_json(self) -> list[dict]:
        """One object per hand: the deal, the calls, the contract, the hands played, tricks and points."""
        res, deals = self.results, self.deals
        out = []
        for i in range(len(res)):
            made = res.maker[i] >= 0
            tricks = int(res.maker_tricks[i])
            out.append({
                "deal": {"hands": _hands(deals.hands[i]), "turn_up": card_text(int(deals.turn_up[i]))},
                "calls": [c.as_dict() for c in res.calls[i]] if res.calls else None,
                "void": not made,
                "maker": SEATS[res.maker[i]] if made else None,
                "trump": SUITS[res.trump[i]] if made else None,
                "alone": SEATS[res.lone_seat[i]] if res.lone_seat[i] >= 0 else None,
                "discard": card_text(int(res.discard[i])) if res.discard[i] >= 0 else None,
                "hands": _hands(res.play_hands[i]) if made else None,
                "tricks": ({"A+C": tricks if res.maker[i] % 2 == 0 else 5 - tricks,
                            "B+D": tricks if res.maker[i] % 2 == 1 else 5 - tricks} if made else None),
                "points": {"A+C": int(res.points[i, 0]), "B+D": int(res.points[i, 1])},
            })
        return out

    def _repr_html_(self) -> str:
        return f"<pre>{str(self)}</pre>"


def _hands(masks) -> dict:
    return {SEATS[s]: format_cards(mask_cards(int(m))) for s, m in enumerate(masks)}


def play_hands(n: int = 10, seed: int = 0, policy="book", rules: Rules | None = None, score=Score(),
               play: str = "dd", worlds: int = DEFAULT_WORLDS, keep_calls: bool = True) -> Played:
    """Deals ``n`` hands from ``seed``; ``policy`` (a name or a policy) bids every seat, the engine
    ``play`` plays them (``worlds`` worlds a decision at the table), the laws score them."""
    from analysis.errors import check_whole
    check_whole(n, "n", 1)
    rules = rules or Rules()
    policy = policy_from_name(policy) if isinstance(policy, str) else policy
    engine = get_engine(play, worlds=worlds, seed=seed, pack=rules.pack)
    deals = sample_deals(n, seed, pack=rules.pack)
    res = simulate(deals, policy, rules, Score.of(score), engine=engine, keep_calls=keep_calls)
    return Played(deals, res, policy.name, seed, rules, engine.name)

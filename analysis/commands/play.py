"""``euchrelab play``: deal, bid by a policy, play (double-dummy, or at the table) and score N hands."""
from __future__ import annotations

import json
import sys

import numpy as np

from analysis.game.cards import SEATS, SUITS, card_text, mask_cards, format_cards
from analysis.commands.common import (add_play_arguments, add_rules_arguments, parse_score, play_from_args,
                                      rules_from_args)
from analysis.errors import EuchreError
from analysis.bidding.policies import policy_from_name
from analysis.simulator import simulate

NAME = "play"
HELP = "play N hands: policies bid, the play engine plays (double-dummy by default), score by the laws"


def add_arguments(parser) -> None:
    parser.add_argument("--n", type=int, default=10, help="number of hands (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument("--policy", default="book", help="book, pass, order, points, or a TOML policy file")
    add_rules_arguments(parser)
    parser.add_argument("--score", default="0-0", help="score before the hand, AC-BD (default 0-0)")
    parser.add_argument("--json", action="store_true", help="one JSON line per hand")
    add_play_arguments(parser)


def _hands_json(masks) -> dict:
    return {SEATS[s]: format_cards(mask_cards(int(m))) for s, m in enumerate(masks)}


def run(args) -> int:
    if args.n < 1:
        raise EuchreError("--n must be at least 1")
    from fastcore.sampler import sample_deals
    policy = policy_from_name(args.policy)
    rules = rules_from_args(args)
    score = parse_score(args.score, rules)
    from analysis.play.engines import get_engine
    play, worlds = play_from_args(args)
    engine = get_engine(play, worlds=worlds, seed=args.seed, pack=rules.pack)
    deals = sample_deals(args.n, args.seed, pack=rules.pack)
    res = simulate(deals, policy, rules, score, engine=engine, keep_calls=args.json)
    if args.json:
        for i in range(len(res)):
            made = res.maker[i] >= 0
            line = {
                "deal": {"hands": _hands_json(deals.hands[i]), "turn_up": card_text(int(deals.turn_up[i]))},
                "calls": [c.as_dict() for c in res.calls[i]],
                "void": not made,
                "maker": SEATS[res.maker[i]] if made else None,
                "trump": SUITS[res.trump[i]] if made else None,
                "alone": SEATS[res.lone_seat[i]] if res.lone_seat[i] >= 0 else None,
                "discard": card_text(int(res.discard[i])) if res.discard[i] >= 0 else None,
                "hands": _hands_json(res.play_hands[i]) if made else None,
                "tricks": ({"AC": int(res.maker_tricks[i]) if res.maker[i] % 2 == 0 else 5 - int(res.maker_tricks[i]),
                            "BD": int(res.maker_tricks[i]) if res.maker[i] % 2 == 1 else 5 - int(res.maker_tricks[i])}
                           if made else None),
                "points": {"AC": int(res.points[i, 0]), "BD": int(res.points[i, 1])},
            }
            sys.stdout.write(json.dumps(line) + "\n")
        return 0
    sys.stdout.write(summary_table(res, policy.name, args, rules, engine.name))
    return 0


def summary_table(res, policy_name: str, args, rules, engine_name: str = "double-dummy") -> str:
    """Makers' success, euchres, marches and lone hands by seat, with 95% Wilson intervals."""
    from scipy.stats import binomtest

    def rate(k, n):
        if n == 0:
            return f"{'-':>22}"
        ci = binomtest(int(k), int(n)).proportion_ci(method="wilson")
        return f"{k / n:6.1%} [{ci.low:5.1%}, {ci.high:5.1%}]"

    rules_text = (f"pack {rules.pack}, game {rules.points_for_game}"
                  + (", stick the dealer" if rules.stick_the_dealer else ""))
    lines = [f"{len(res)} hands, policy {policy_name}, seed {args.seed}, {rules_text}; {engine_name} play.",
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
    lines.append(f"mean points per hand AC - BD: {diff.mean():+.3f} (standard error {se:.3f}, n = {len(diff)})")
    return "\n".join(lines) + "\n"

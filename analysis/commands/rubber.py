"""``euchrelab rubber``: the game-win probability and the expected rubber points by score.

Deals at every score are bid by a policy and played double-dummy (:mod:`analysis.value.outcomes`);
the outcome counts give the rubber model (:mod:`analysis.value.rubber`), and its bootstrap the
intervals.
"""
from __future__ import annotations

import json
import sys

import numpy as np

from analysis.value import rubber
from analysis.commands.common import add_jobs_argument, add_rules_arguments, jobs_from_args, rules_from_args
from analysis.errors import EuchreError
from analysis.value.game_model import OUTCOMES
from analysis.value.outcomes import outcome_counts
from analysis.seeds import rubber_bootstrap_seed
from analysis.bidding.policies import policy_from_name

NAME = "rubber"
HELP = "game-win probability and expected rubber points by score (laws 1, 2, 7) under a policy"
CONFIDENCE = 0.95
WIDTH = 22   # of a cell of the table: "100.0% [99.9%, 100.0%]"


def add_arguments(parser) -> None:
    parser.add_argument("--policy", default="book", help="book, pass, order, points, or a TOML policy file")
    parser.add_argument("--deals", type=int, default=20_000, help="deals at each score (default 20000)")
    parser.add_argument("--seed", type=int, default=1888, help="root seed (default 1888)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--draws", type=int, default=1000,
                        help="bootstrap draws of the outcome counts for the intervals (default 1000)")
    parser.add_argument("--chart", metavar="FILE.png", help="write a chart (PNG) of the expected points by score")
    parser.add_argument("--progress", action="store_true", help="show a progress bar on standard error")
    parser.add_argument("--json", action="store_true", help="one JSON object: outcomes, game-win, rubber points")


def outcome_key(outcome: tuple[int, int]) -> str:
    """``"2-0"``: the points a hand gives the dealing side and the other."""
    return f"{outcome[0]}-{outcome[1]}"


def as_json(counts: np.ndarray, model: rubber.RubberModel) -> dict:
    """The command's JSON object; every score and state from the dealing side's view."""
    game = model.rules.points_for_game
    scores = [(m, o) for m in range(game) for o in range(game)]
    n = counts.sum(axis=-1)
    states = [(k, games) for k in range(1, rubber.GAMES + 1) for games in rubber.configurations(k, model.rules)]
    return {
        "game": game,
        "outcomes": [{"score": [m, o], "n": int(n[m, o]),
                      "p": {outcome_key(x): float(model.probs[m, o, i]) for i, x in enumerate(OUTCOMES)}}
                     for m, o in scores],
        "game_win": [{"score": [m, o], "p": float(model.game_win[m, o])} for m, o in scores],
        "rubber": [{"game": k, "games": [gd, go], "score": [m, o], "points": float(model.points[k - 1, gd, go, m, o])}
                   for k, (gd, go) in states for m, o in scores],
    }


def _interval(draws: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    tail = 50 * (1 - CONFIDENCE)
    return np.percentile(draws, tail, axis=0), np.percentile(draws, 100 - tail, axis=0)


def by_score(model: rubber.RubberModel, draws: rubber.RubberModel) -> dict[str, dict[str, np.ndarray]]:
    """For a side at (own, theirs) in the first game, dealing or not: P(win game) and its
    expected net points, each as (estimate, low, high) arrays (game, game)."""
    own, theirs = np.indices((model.rules.points_for_game,) * 2)
    out = {}
    for deals, side in ((True, "dealing"), (False, "not dealing")):
        values = {"win": [m.win_at((own, theirs), deals) for m in (model, draws)],
                  "points": [rubber.side_points_after(m, own, theirs, deals) for m in (model, draws)]}
        out[side] = {k: (est, *_interval(d)) for k, (est, d) in values.items()}
    return out


def run(args) -> int:
    if args.deals < 1:
        raise EuchreError(f"--deals must be at least 1, not {args.deals}")
    if args.seed < 0:
        raise EuchreError(f"--seed must be a whole number >= 0, not {args.seed}")
    jobs_from_args(args)
    if args.draws < 2:
        raise EuchreError(f"--draws must be at least 2, not {args.draws}")
    if args.chart is not None:
        from analysis.storage import check_chart_file
        check_chart_file(args.chart, "--chart")   # before the work, not after it
    policy = policy_from_name(args.policy)
    rules = rules_from_args(args)
    counts = outcome_counts(policy, rules, args.deals, args.seed, args.jobs, progress=args.progress)
    model = rubber.from_counts(counts, rules)
    if args.json:
        sys.stdout.write(json.dumps(as_json(counts, model)) + "\n")
        if args.chart is None:
            return 0
    draws = rubber.bootstrap(counts, rules, args.draws, rubber_bootstrap_seed(args.seed))
    table = by_score(model, draws)
    if args.chart is not None:
        write_chart(args.chart, table, counts, policy.name, args, rules)
    if not args.json:
        sys.stdout.write(summary(table, counts, model, draws, policy.name, args, rules))
    return 0


def _rules_text(rules) -> str:
    kind = ("the rubber: three games, a fourth when the third laps" if rules.rubber else "a single game")
    dealer = ", stick the dealer" if rules.stick_the_dealer else ""
    return f"pack {rules.pack}, game {rules.points_for_game}{dealer}; {kind}"


def summary(table, counts, model, draws, policy_name: str, args, rules) -> str:
    """The table a player reads: first game, by the side's score, dealing or not."""
    game = rules.points_for_game
    n = counts.sum(axis=-1)
    low, high = _interval(np.asarray(draws.start))
    unit = "rubber points" if rules.rubber else "game points"
    start = ("the side dealing the first hand of a rubber" if rules.rubber
             else "the side dealing the first hand (+1 a game won, -1 a game lost)")
    span = 2 * WIDTH + 1
    lines = [f"policy {policy_name}, {_rules_text(rules)}",
             f"{args.deals:,} deals at each of {game * game} scores ({int(n.sum()):,} in all), seed {args.seed}; "
             "double-dummy play",
             f"{CONFIDENCE:.0%} intervals from {args.draws} bootstrap draws of the outcome counts",
             "",
             f"expected net {unit} of {start}: {model.start:+.3f} [{low:+.3f}, {high:+.3f}]",
             "",
             f"{'first game, ' if rules.rubber else ''}by the score before a hand (the side's points first); "
             "n = deals simulated at that score",
             f"{'':>14}  {'P(win game)':^{span}}  {'expected net ' + unit:^{span}}",
             f"{'score':>6}{'n':>8}" + f"  {'dealing':^{WIDTH}} {'not dealing':^{WIDTH}}" * 2]
    for own in range(game):
        for theirs in range(game):
            cells = []
            for what, fmt in (("win", "{:.1%} [{:.1%}, {:.1%}]"), ("points", "{:+.2f} [{:+.2f}, {:+.2f}]")):
                for side in ("dealing", "not dealing"):
                    est, lo, hi = (float(v[own, theirs]) for v in table[side][what])
                    cells.append(f"{fmt.format(est, lo, hi):>{WIDTH}}")
            lines.append(f"{f'{own}-{theirs}':>6}{int(n[own, theirs]):>8,}  {cells[0]} {cells[1]}  {cells[2]} {cells[3]}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def write_chart(path, table, counts, policy_name: str, args, rules) -> None:
    """Expected net points in the first game by the side's score (rows) and the other's
    (columns), dealing or not, each cell with its interval's half-width and the hands behind it."""
    from analysis.reporting import charts
    game = rules.points_for_game
    n = counts.sum(axis=-1)
    panels = {}
    for side, n_side in (("dealing", n), ("not dealing", n.T)):
        est, lo, hi = (np.asarray(v, float) for v in table[side]["points"])
        panels[f"the side {side}"] = {"mean": est, "half": (hi - lo) / 2, "n": n_side}
    unit = "rubber points" if rules.rubber else "game points"
    labels = [str(x) for x in range(game)]
    charts.heatmap_panels(path, panels, row_labels=labels, col_labels=labels,
                          title=f"Expected net {unit} by score, first game, policy {policy_name}",
                          xlabel="the other side's score", ylabel="the side's score", unit=f"net {unit}",
                          note=f"{_rules_text(rules)}; {args.deals:,} deals per score, seed {args.seed}; "
                               f"{CONFIDENCE:.0%} intervals from {args.draws} bootstrap draws")

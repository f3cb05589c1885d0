"""``euchrelab compare A B``: duplicate comparison of two bidding policies."""
from __future__ import annotations

import json
import sys

from analysis.commands.common import (add_jobs_argument, add_play_arguments, add_reference_argument,
                                      add_rules_arguments, check_output_dir, jobs_from_args, parse_score,
                                      play_from_args, rules_from_args)
from analysis.errors import EuchreError, check_whole

NAME = "compare"
HELP = "compare two bidding policies by duplicate deals: points per hand, game and rubber"
DEFAULT_DEALS = 2_000


def add_arguments(parser) -> None:
    parser.add_argument("a", metavar="A", help="policy A: book, pass, order, points, a TOML file or package.module:NAME")
    parser.add_argument("b", metavar="B", help="policy B, as A")
    parser.add_argument("--deals", type=int, help=f"deals at each score below game (default {DEFAULT_DEALS:,})")
    parser.add_argument("--games", type=int, help="also play N whole games twice (duplicate), hand by hand, "
                                                  "beside the scores' tables of --deals")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    add_play_arguments(parser)
    parser.add_argument("--score", default="0-0", help="score before the hand, A's side first (default 0-0)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--report", metavar="DIR", help="write report.html and report.md (with a chart) to DIR")
    add_reference_argument(parser)


def run(args) -> int:
    from analysis.tools.compare import compare
    from analysis.bidding.policies import policy_from_name

    play, worlds = play_from_args(args)
    if args.deals is not None and args.deals < 1:
        raise EuchreError(f"--deals must be at least 1, not {args.deals}")
    if args.games is not None and args.games < 1:
        raise EuchreError(f"--games must be at least 1, not {args.games}")
    check_whole(args.seed, "--seed")
    jobs_from_args(args)
    if args.report:
        check_output_dir(args.report, "--report", args.reference)
    rules = rules_from_args(args)
    score = parse_score(args.score, rules)
    a, b = policy_from_name(args.a), policy_from_name(args.b)
    result = compare(a, b, rules, deals=args.deals or DEFAULT_DEALS, seed=args.seed, score=score,
                     n_jobs=args.jobs, games=args.games, play=play, worlds=worlds)
    if args.json:
        sys.stdout.write(json.dumps(result.as_dict()) + "\n")
    else:
        sys.stdout.write(text_table(result))
    if args.report:
        from analysis.tools.compare import write_report
        paths = write_report(result, args.report)
        if not args.json:
            sys.stdout.write(f"report: {paths['html']}\n")
    return 0


def _est(e) -> str:
    return f"{e.mean:+.4f}  [{e.low:+.4f}, {e.high:+.4f}]  se {e.se:.4f}"


def text_table(r) -> str:
    rules = r.rules
    rules_text = (f"pack {rules.pack}, game {rules.points_for_game}"
                  + (", stick the dealer" if rules.stick_the_dealer else "")
                  + (", rubber" if rules.rubber else ", single game"))
    lines = [f"A = {r.a}  vs  B = {r.b}; {rules_text}; {r.play_words}; seed {r.seed}",
             f"duplicate: {r.deals:,} deals at each score below game, each played with A sitting AC and "
             f"then BD; A minus B, 95% intervals",
             f"{'points per hand at ' + str(r.score.ac) + '-' + str(r.score.bd):<28}{_est(r.points_per_hand)}"
             "  (t over the deals)",
             f"{'game win (P(A) - P(B))':<28}{_est(r.game_win)}  (bootstrap over the deals, {r.bootstrap} draws)",
             f"{'rubber points' if rules.rubber else 'game points':<28}{_est(r.rubber_points)}"
             f"  (bootstrap over the deals, {r.bootstrap} draws)"]
    if r.games is not None:
        g = r.games
        lines.append(f"{'whole games, win rate A - B':<28}{_est(g['win_diff'])}  "
                     f"({g['pairs']:,} deal sequences, each played twice; A won {g['a_wins']:,} of {g['games_played']:,})")
    lines.append(f"biddings differ on {r.differ_share:.1%} of the deals at {r.score.ac}-{r.score.bd}; "
                 "by the first difference:")
    if r.by_decision:
        lines.append(f"  {'seat':<5}{'decision':<22}{'share':>8}  {'points per deal (A - B)':<}")
        for row in r.by_decision:
            e = row.points
            ci = f"[{e.low:+.3f}, {e.high:+.3f}]" if e.n > 1 else "[-, -]"
            lines.append(f"  {row.seat:<5}{row.decision:<22}{row.share:>8.2%}  {e.mean:+.3f} {ci}")
    else:
        lines.append("  (none: the two policies bid the same on every deal)")
    return "\n".join(lines) + "\n"


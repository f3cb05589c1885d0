"""``euchrelab size``: the deals a saved run's scenarios need for its primary tests to decide."""
from __future__ import annotations

from analysis.commands.common import add_json_argument, print_result

NAME = "size"
HELP = "the deals each scenario of a saved run needs for the primary tests it measures to decide (nothing is run)"


def add_arguments(parser) -> None:
    parser.add_argument("study", help="the study whose saved run is the pilot (e.g. primary_table)")
    parser.add_argument("--reports", default="reports", metavar="DIR",
                        help="the reports folder that holds the run (default reports)")
    parser.add_argument("--hours", type=float, default=1.0,
                        help="the most a scenario's extension may take on this machine's cores (default 1)")
    add_json_argument(parser, 'one JSON object: {"study", "cores", "budget_seconds", "needs", "scenarios", '
                              '"unmapped", "scenario_deals"}')


def run(args) -> int:
    from analysis.run.sizing import size

    print_result(size(args.reports, args.study, budget=args.hours * 3600), args.json)
    return 0

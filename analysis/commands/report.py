"""``euchrelab report``: re-render study reports from saved results, without re-running."""
from __future__ import annotations

import sys

NAME = "report"
HELP = "re-render the reports of saved study runs (a reports folder or one study's folder) and the index"


def add_arguments(parser) -> None:
    parser.add_argument("dir", nargs="?", default="reports", metavar="DIR",
                        help="reports folder (default reports) or one study's folder")


def run(args) -> int:
    from analysis.run.request import rerender_reports

    for line in rerender_reports(args.dir):
        sys.stdout.write(line + "\n")
    return 0

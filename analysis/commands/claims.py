"""``euchrelab claims``: the ledger of the book's claims, read from the saved results."""
from __future__ import annotations

import sys

from analysis.commands.common import add_json_argument, print_result

NAME = "claims"
HELP = "every claim of the book with its status and its tests, from the saved results (nothing is run)"


def add_arguments(parser) -> None:
    parser.add_argument("--reports", default="reports", metavar="DIR",
                        help="the reports folder to read (default reports)")
    add_json_argument(parser, 'one JSON list, one object per claim: {"id", "part", "kind", "status", "robust", '
                              '"summary", "note", "study", "models", "tests"}; each test with its "model" '
                              '{"engine", "unit", "state", "company", "play_company"} and "verdict"')
    parser.add_argument("--write", action="store_true",
                        help="also write claims.md, claims.html and index.html in the reports folder")


def run(args) -> int:
    from analysis.run.request import claims_ledger

    result = claims_ledger(args.reports, write=args.write)
    print_result(result, args.json, allow_nan=False)
    if result.written:
        sys.stderr.write(f"wrote {', '.join(str(p) for p in result.written)}\n")
    return 0

"""``euchrelab claims``: the ledger of the book's claims, read from the saved results."""
from __future__ import annotations

import sys

from analysis.commands.common import add_json_argument, print_result

NAME = "claims"
HELP = "every claim of the book with its status and its number, or the claims named whole (nothing is run)"


def add_arguments(parser) -> None:
    parser.add_argument("ids", nargs="*", metavar="ID",
                        help="claims to show whole (E1 S3 ...: any case): the book's words, the primary test, every "
                             "replication and the secondary tests; none: every claim in a line or two")
    parser.add_argument("--reports", metavar="DIR",
                        help="the reports folder to read (default: ./reports when it holds saved results, else the "
                             "reference runs' results shipped with euchrelab)")
    add_json_argument(parser, 'one JSON list, one object per claim (the claims named, else all): {"id", "part", '
                              '"kind", "status", "robust", "summary", "table_view", "note", "reading", "primary" (its "replications", '
                              '"anchor" and "split_axis": "engine", or two axes together "engine x state"), "flips", "not_deciding", "secondary", "secondary_disagreeing"}')
    parser.add_argument("--write", action="store_true",
                        help="also write claims.md, claims.html and index.html in the reports folder (in the "
                             "checkout's reports/: also the package's copy of their results, analysis/data/claims.json)")


def run(args) -> int:
    from analysis.run.request import claims_ledger

    result = claims_ledger(args.reports, write=args.write, ids=args.ids)
    if result.read_from:
        sys.stderr.write(f"euchrelab: {result.read_from}\n")
    print_result(result, args.json, allow_nan=False)
    if result.written:
        sys.stderr.write(f"wrote {', '.join(str(p) for p in result.written)}\n")
    return 0

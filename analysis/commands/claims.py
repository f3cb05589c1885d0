"""``euchrelab claims``: the ledger of the book's claims, read from the saved results."""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

NAME = "claims"
HELP = "every claim of the book with its status and its tests, from the saved results (nothing is run)"


def add_arguments(parser) -> None:
    parser.add_argument("--reports", default="reports", metavar="DIR",
                        help="the reports folder to read (default reports)")
    parser.add_argument("--json", action="store_true",
                        help='print one JSON list, one object per claim: {"id", "part", "kind", "status", '
                             '"robust", "summary", "note", "study", "models", "tests"}; each test with its "model" '
                             '{"engine", "unit", "state", "company"} and "verdict"')
    parser.add_argument("--write", action="store_true",
                        help="also write claims.md, claims.html and index.html in the reports folder")


def _plain(value):
    """JSON without NaN: a value that is not a finite number becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def run(args) -> int:
    from analysis.reporting.ledger import COUNTS, build_ledger
    from analysis.reporting.report import write_index

    if args.write:   # checked before the ledger is read
        from analysis.storage import check_output_folder
        check_output_folder(args.reports, "--reports")
    ledger = build_ledger(Path(args.reports))
    if args.json:
        sys.stdout.write(json.dumps(_plain(ledger.as_list()), allow_nan=False) + "\n")
    else:
        part = None
        for e in ledger.entries:
            if e.part != part:
                part = e.part
                sys.stdout.write(f"\n{e.claim.section}\n")
            summary = e.summary.removeprefix(f"{e.status}: ")   # the status has its column
            sys.stdout.write(f"  {e.claim.id:<4} {e.count_as:<24} {summary}\n")
        tally = ", ".join(f"{n} {s}" for s in COUNTS if (n := sum(e.count_as == s for e in ledger.entries)))
        sys.stdout.write(f"\n{len(ledger.entries)} claims: {tally}\n")
    if args.write:
        from analysis.run.runner import index_reference
        index = write_index(Path(args.reports), reference=index_reference(args.reports))
        sys.stderr.write(f"wrote {index.with_name('claims.html')}, {index.with_name('claims.md')}, {index}\n")
    return 0

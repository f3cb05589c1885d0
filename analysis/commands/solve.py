"""``euchrelab solve``: double-dummy tricks of each side for positions given as JSON lines.

A line with ``"view": "table"`` asks instead what the player to move can know: ``"worlds": N``
(default 32) worlds consistent with his information set are drawn from ``"seed": S`` (default 0),
and the answer gives, for each of his legal cards, A+C's mean tricks over the whole hand across
the worlds (``"moves"``), and the number of worlds used (``"worlds"``). The hands given are the
true deal; the view hides every card the player cannot see. Optional: ``"turn_up"`` (a card: in
the dealer's hand when its suit is trumps, unless the dealer sits out), ``"discard"`` (the dealer's,
known to him alone) and ``"calls"`` (the whole bidding heard, a list of ``{"seat": "B", "action":
"order up", "suit": "C", "alone": false}``), which keeps only the worlds in which the book's
bidding policy calls exactly so (the answer then gives their ``"acceptance"``).
"""
from __future__ import annotations

import argparse
import json
import sys

from analysis.errors import EuchreError

NAME = "solve"
HELP = "solve positions given as JSON lines: tricks each side takes under best play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help="file of JSON lines, or - for standard input (the default)")
    parser.add_argument("--input", "-i", default=None, help="the same as FILE")
    parser.add_argument("--reference", action="store_true", help="use the pure-Python reference solver (in the table view too)")


def _lines(path: str):
    if path == "-":
        yield from sys.stdin
        return
    try:
        with open(path, encoding="utf-8") as f:
            yield from f
    except OSError as exc:
        raise EuchreError(f"cannot read {path}: {exc.strerror}") from None


def source(args) -> str:
    """The input named positionally or by ``--input`` (not both), standard input by default."""
    if args.file is not None and args.input is not None and args.file != args.input:
        raise EuchreError(f"give the input once: {args.file!r} or --input {args.input!r}")
    return args.file or args.input or "-"


def run(args) -> int:
    from analysis.play.double_dummy import get_solver
    from analysis.tools.solve import answers

    for result in answers(_lines(source(args)), get_solver("reference" if args.reference else "compiled")):
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    return 0

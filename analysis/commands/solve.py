"""``euchrelab solve``: double-dummy tricks of each side for positions given as JSON lines."""
from __future__ import annotations

import argparse
import json
import sys

from analysis.cards import SEATS, card_str
from analysis.errors import EuchreError
from analysis.position import parse_position
from analysis import reference

NAME = "solve"
HELP = "solve positions given as JSON lines: tricks each side takes under best play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", "-i", default="-", help="file of JSON lines, or - for standard input (default)")
    parser.add_argument("--reference", action="store_true", help="use the pure-Python reference solver")


def solve_position(position, use_reference: bool) -> dict:
    state = reference.start(position.hands, position.trump, position.leader, position.alone, position.played)
    solution = reference.solve_state(state, analyse=position.analyse)
    out: dict = dict(solution.tricks)
    if position.analyse:
        out["to_move"] = None if solution.to_move is None else SEATS[solution.to_move]
        out["moves"] = {card_str(c): v for c, v in solution.moves.items()}
    return out


def _lines(path: str):
    if path == "-":
        yield from sys.stdin
        return
    try:
        with open(path, encoding="utf-8") as f:
            yield from f
    except OSError as exc:
        raise EuchreError(f"cannot read {path}: {exc.strerror}") from None


def run(args) -> int:
    for number, line in enumerate(_lines(args.input), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EuchreError(f"line {number}: not valid JSON ({exc.msg})") from None
        try:
            position = parse_position(obj)
            result = solve_position(position, args.reference)
        except EuchreError as exc:
            raise EuchreError(f"line {number}: {exc}") from None
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    return 0

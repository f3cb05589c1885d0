"""``euchrelab solve``: double-dummy tricks of each side for positions given as JSON lines."""
from __future__ import annotations

import argparse
import json
import sys

from analysis import reference
from analysis.cards import SEATS, card_text
from analysis.errors import EuchreError
from analysis.position import Position, parse_position
from analysis.solver import Solver, get_solver

NAME = "solve"
HELP = "solve positions given as JSON lines: tricks each side takes under best play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", "-i", default="-", help="file of JSON lines, or - for standard input (default)")
    parser.add_argument("--reference", action="store_true", help="use the pure-Python reference solver")


def solve_position(position: Position, solver: Solver) -> dict:
    """The answer printed for one position: tricks of each side, and each card's value if asked."""
    # The played cards are replayed (and checked) by the reference rules whichever solver answers.
    state = reference.start(position.hands, position.trump, position.leader, position.lone_seat, position.played)
    ac, bd = solver.tricks(state)
    out: dict = {"AC": ac, "BD": bd}
    if position.analyse:
        out["to_move"] = None if state.to_move is None else SEATS[state.to_move]
        out["moves"] = {card_text(c): v for c, v in solver.move_values(state).items()}
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
    solver = get_solver("reference" if args.reference else "compiled")
    for number, line in enumerate(_lines(args.input), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EuchreError(f"line {number}: not valid JSON ({exc.msg})") from None
        try:
            position = parse_position(obj)
            result = solve_position(position, solver)
        except EuchreError as exc:
            raise EuchreError(f"line {number}: {exc}") from None
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    return 0

"""``euchrelab solve``: double-dummy tricks of each side for positions given as JSON lines."""
from __future__ import annotations

import argparse
import json
import sys

from analysis.cards import SEATS, card_str, mask_of
from analysis.errors import EuchreError
from analysis.position import parse_position
from analysis import reference
from fastcore import solver

NAME = "solve"
HELP = "solve positions given as JSON lines: tricks each side takes under best play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", "-i", default="-", help="file of JSON lines, or - for standard input (default)")
    parser.add_argument("--reference", action="store_true", help="use the pure-Python reference solver")


def solve_position(position, use_reference: bool) -> dict:
    # The played cards are replayed (and checked) by the reference rules either way.
    state = reference.start(position.hands, position.trump, position.leader, position.alone, position.played)
    if use_reference:
        solution = reference.solve_state(state, analyse=position.analyse)
    else:
        solution = _fast_solution(state, position.analyse)
    out: dict = dict(solution.tricks)
    if position.analyse:
        out["to_move"] = None if solution.to_move is None else SEATS[solution.to_move]
        out["moves"] = {card_str(c): v for c, v in solution.moves.items()}
    return out


def _fast_solution(state: reference.PlayState, analyse: bool) -> reference.Solution:
    """The same Solution as the reference solver's, from the compiled solver."""
    lone = -1 if state.alone is None else state.alone
    won_ac, won_bd = state.won
    if state.finished:
        return reference.Solution(tricks={"AC": won_ac, "BD": won_bd}, moves={} if analyse else None)
    hands = [mask_of(h) for h in state.hands]
    trick = [card for _seat, card in state.trick]
    ac = won_ac + solver.solve_position(hands, state.trump, state.leader, trick, lone=lone, side=0)
    total = won_ac + won_bd + max(len(h) for h in state.hands)
    solution = reference.Solution(tricks={"AC": ac, "BD": total - ac})
    if analyse:
        to_move, values = solver.move_values(hands, state.trump, state.leader, trick, lone=lone, side=0)
        solution.to_move = to_move
        solution.moves = {card: won_ac + v for card, v in values.items()}
    return solution


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

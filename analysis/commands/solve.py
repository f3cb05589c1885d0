"""``euchrelab solve``: double-dummy tricks of each side for positions given as JSON lines.

A line with ``"view": "table"`` asks instead what the player to move can know: ``"worlds": N``
(default 32) worlds consistent with his information set are drawn from ``"seed": S`` (default 0),
and the answer gives, for each of his legal cards, AC's mean tricks over the whole hand across
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

from analysis.play import reference
from analysis.game.cards import SEATS, card_text
from analysis.errors import EuchreError
from analysis.game.position import Position, parse_position
from analysis.game.cards import parse_card, parse_seat, parse_suit
from analysis.play.double_dummy import Solver, get_solver

NAME = "solve"
HELP = "solve positions given as JSON lines: tricks each side takes under best play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default=None, metavar="FILE",
                        help="file of JSON lines, or - for standard input (the default)")
    parser.add_argument("--input", "-i", default=None, help="the same as FILE")
    parser.add_argument("--reference", action="store_true", help="use the pure-Python reference solver (in the table view too)")


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


TABLE_KEYS = {"view", "worlds", "seed", "calls", "discard"}


def _whole(obj, key, default, least):
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < least:
        raise EuchreError(f"\"{key}\" must be a whole number of at least {least}, not {v!r}")
    return v


def _calls(raw) -> tuple:
    from analysis.bidding.policy import Call
    if not isinstance(raw, list):
        raise EuchreError("\"calls\" must be a list of calls ({\"seat\": \"B\", \"action\": \"pass\"}, ...)")
    out = []
    for c in raw:
        if not isinstance(c, dict) or "seat" not in c or "action" not in c:
            raise EuchreError(f"a call must give its \"seat\" and \"action\", not {c!r}")
        suit = None if c.get("suit") is None else parse_suit(c["suit"])
        out.append(Call(parse_seat(c["seat"]), str(c["action"]), suit, bool(c.get("alone", False))))
    return tuple(out)


def table_view(obj: dict, solver: Solver | None = None) -> dict:
    """The answer to a line with ``"view": "table"``: what the player to move can know, valued by
    PIMC over the worlds consistent with it."""
    from analysis.play.information import info_from_state
    from analysis.play.pimc import pimc_values
    from analysis.play.worlds import BiddingModel
    if obj.get("view") != "table":
        raise EuchreError(f"\"view\" must be \"table\" (or absent for the double-dummy answer), not {obj.get('view')!r}")
    worlds = _whole(obj, "worlds", 32, 1)
    seed = _whole(obj, "seed", 0, 0)
    position = parse_position({k: v for k, v in obj.items() if k not in TABLE_KEYS})
    state = reference.start(position.hands, position.trump, position.leader, position.lone_seat, position.played)
    if state.to_move is None:
        raise EuchreError("the hand is over: there is no card to choose")
    # who played each card, by replaying them (the reference rules checked them above)
    replay = reference.start(position.hands, position.trump, position.leader, position.lone_seat)
    history = []
    for card in position.played:
        history.append((replay.to_move, card))
        replay.play(card)
    player = state.to_move
    lone = -1 if position.lone_seat is None else position.lone_seat
    turn_up = None if obj.get("turn_up") is None else parse_card(obj["turn_up"], position.pack)
    taken = turn_up is not None and turn_up >> 3 == position.trump and lone != 2
    if taken and turn_up not in position.hands[0]:
        raise EuchreError(f"the turn-up {card_text(turn_up)} is trumps: the dealer A took it up and must hold it")
    if turn_up is not None and not taken and any(turn_up in h for h in position.hands):
        raise EuchreError(f"the turn-up {card_text(turn_up)} was not taken up: it cannot be in a hand")
    discard = None if obj.get("discard") is None else parse_card(obj["discard"], position.pack)
    if discard is not None:
        if not taken:
            raise EuchreError("a discard needs the turn-up taken by the dealer (\"turn_up\" of the trump suit)")
        if any(discard in h for h in position.hands):
            raise EuchreError(f"the discard {card_text(discard)} is in a hand")
    calls = _calls(obj["calls"]) if obj.get("calls") is not None else ()
    maker = next((c.seat for c in reversed(calls) if c.action != "pass" and c.action != "turn down"), -1)
    info = info_from_state(player, sum(1 << c for c in position.hands[player]), history, position.trump, maker, lone,
                           turn_up, taken, discard if player == 0 else None, calls, position.pack, position.leader)
    model = None
    if calls:
        from analysis.bidding.book_policy import BookPolicy
        model = BiddingModel(BookPolicy())
    values, used, acceptance = pimc_values(info, worlds, seed, model, solver=solver)
    out = {"view": "table", "to_move": SEATS[player], "moves": {card_text(c): v for c, v in values.items()},
           "worlds": used}
    if model is not None:
        out["acceptance"] = acceptance
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


def source(args) -> str:
    """The input named positionally or by ``--input`` (not both), standard input by default."""
    if args.file is not None and args.input is not None and args.file != args.input:
        raise EuchreError(f"give the input once: {args.file!r} or --input {args.input!r}")
    return args.file or args.input or "-"


def run(args) -> int:
    solver = get_solver("reference" if args.reference else "compiled")
    for number, line in enumerate(_lines(source(args)), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EuchreError(f"line {number}: not valid JSON ({exc.msg})") from None
        try:
            if isinstance(obj, dict) and "view" in obj:
                result = table_view(obj, solver)
            else:
                position = parse_position(obj)
                result = solve_position(position, solver)
        except EuchreError as exc:
            raise EuchreError(f"line {number}: {exc}") from None
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    return 0

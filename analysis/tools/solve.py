"""Positions solved as ``euchrelab solve`` reads them, one JSON object a position.

An object without ``"view"`` asks for the double-dummy tricks of each side (and, with
``"analyse"``, each card's value); one with ``"view": "table"`` asks what the player to move can
know, valued by PIMC over the worlds consistent with his information (see ``euchrelab solve``).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from analysis.errors import EuchreError, check_whole
from analysis.limits import bounded
from analysis.game import SIDE_NAMES, Position, SEATS, card_text, parse_card, parse_position, parse_seat, parse_suit
from analysis.play import reference
from analysis.play import Solver


def solve_position(position: Position, solver: Solver) -> dict:
    """The answer printed for one position: tricks of each side (``"A+C"``, ``"B+D"``), and each
    card's value (A+C's tricks after it) if asked."""
    # The played cards are replayed (and checked) by the reference rules whichever solver answers.
    state = reference.start(position.hands, position.trump, position.leader, position.lone_seat, position.played)
    ac, bd = solver.tricks(state)
    out: dict = {SIDE_NAMES[0]: ac, SIDE_NAMES[1]: bd}
    if position.analyse:
        out["to_move"] = None if state.to_move is None else SEATS[state.to_move]
        out["moves"] = {card_text(c): v for c, v in solver.move_values(state).items()}
    return out


TABLE_KEYS = {"view", "worlds", "seed", "calls", "discard"}


def _whole(obj, key, default, least):
    return check_whole(obj.get(key, default), f'"{key}"', least)


def _calls(raw) -> tuple:
    from analysis.bidding import Call
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
    import numpy as np

    from analysis.experiment import mean_estimate
    from analysis.play.pimc import pimc_world_tricks
    from analysis.play import BiddingModel
    if obj.get("view") != "table":
        raise EuchreError(f"\"view\" must be \"table\" (or absent for the double-dummy answer), not {obj.get('view')!r}")
    worlds = bounded(_whole(obj, "worlds", 32, 1), "solve", "worlds", label='"worlds"')
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
        from analysis.bidding import BookPolicy
        model = BiddingModel(BookPolicy())
    legal, world_tricks, acceptance = pimc_world_tricks(info, worlds, seed, model, solver=solver)
    used, won = len(world_tricks), info.won[0]
    means = [won + float(t) / used for t in world_tricks.sum(axis=0)]    # as pimc_values gives them
    own = world_tricks if player % 2 == 0 else -world_tricks               # his side's tricks, up to a constant
    best = int(np.argmax(own.mean(axis=0)))
    ci = {card_text(c): [round(won + e.low, 6), round(won + e.high, 6)]
          for c, e in zip(legal, (mean_estimate(world_tricks[:, i]) for i in range(len(legal))))}
    vs_best = {card_text(c): estimate_list(mean_estimate(own[:, i] - own[:, best]))
               for i, c in enumerate(legal) if i != best}
    out = {"view": "table", "to_move": SEATS[player], "moves": {card_text(c): v for c, v in zip(legal, means)},
           "ci": ci, "best": card_text(legal[best]), "vs_best": vs_best, "worlds": used}
    if model is not None:
        out["acceptance"] = acceptance
    return out


def estimate_list(e) -> list[float]:
    """An estimate as [mean, low, high], rounded as the JSON gives it."""
    return [round(e.mean, 6), round(e.low, 6), round(e.high, 6)]


def answer(obj, solver: Solver) -> dict:
    """The answer to one position object: :func:`table_view` for a ``"view"``, else
    :func:`solve_position`."""
    if isinstance(obj, dict) and "view" in obj:
        return table_view(obj, solver)
    return solve_position(parse_position(obj), solver)


def answers(lines: Iterable[str], solver: Solver) -> Iterator[dict]:
    """The answer to each JSON line that is not blank, in order; a bad line is refused with
    its number."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EuchreError(f"line {number}: not valid JSON ({exc.msg})") from None
        try:
            yield answer(obj, solver)
        except EuchreError as exc:
            raise EuchreError(f"line {number}: {exc}") from None

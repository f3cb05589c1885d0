"""The double-dummy solver, one interface over two back ends.

``get_solver("compiled")`` is the compiled solver (``fastcore.solver``); ``get_solver("reference")``
is the pure-Python minimax of :mod:`analysis.play.reference`, slow and obviously right, the oracle the
compiled one is tested against. Both answer the same three questions alike:

* ``tricks(state)``: the tricks of AC and of BD over the whole hand, from a position with cards
  already played (tricks taken so far count; a trick may be in progress);
* ``move_values(state)``: for each legal card of the player to move, AC's tricks over the whole
  hand after he plays it;
* ``deal_tricks(hands, trump, leader, lone_seat, side)``: for a batch of hands at a trick
  boundary ((N, 4) card masks), the tricks ``side`` (0 = AC, 1 = BD) takes in each;
* ``world_values(hands, trump, leader, trick, lone_seat, side)``: one decision in many worlds (the
  table view): for each world ((W, 4) masks of the cards still held, the same trick on the table)
  and each card id, the tricks ``side`` takes from the current trick on after the player to move
  plays it, -1 for cards he cannot play; returns ``(to_move, (W, 32) int8)``.

A position is a :class:`analysis.play.reference.PlayState`: :func:`analysis.play.reference.start` builds one
from the hands at the start of play and replays, checking them, the cards played.
"""
from __future__ import annotations

from typing import Protocol

import numpy as np

from analysis.play import reference
from analysis.game.cards import mask_cards, mask_of
from analysis.errors import EuchreError
from analysis.play.reference import PlayState
from fastcore import solver as _compiled

SOLVERS = ("compiled", "reference")


class Solver(Protocol):
    name: str

    def tricks(self, state: PlayState) -> tuple[int, int]:
        """Tricks of AC and of BD over the whole hand, under best play from ``state``."""

    def move_values(self, state: PlayState) -> dict[int, int]:
        """AC's tricks over the whole hand after each legal card of the player to move, by card."""

    def deal_tricks(self, hands, trump, leader, lone_seat, side) -> np.ndarray:
        """int8 (N,): tricks ``side`` takes from a trick boundary, per row of ``hands``.

        trump, leader, lone_seat (-1 for none), side: one value or (N,) values. A lone player's
        partner's mask is ignored."""


def _remaining(state: PlayState) -> int:
    """Tricks still to be played, the trick in progress included."""
    return max(len(h) for h in state.hands)


class CompiledSolver:
    name = "compiled"

    def tricks(self, state: PlayState) -> tuple[int, int]:
        won_ac, won_bd = state.won
        if state.finished:
            return won_ac, won_bd
        ac = won_ac + _compiled.solve_position(*self._position(state), side=0)
        return ac, won_ac + won_bd + _remaining(state) - ac

    def move_values(self, state: PlayState) -> dict[int, int]:
        if state.finished:
            return {}
        _seat, values = _compiled.move_values(*self._position(state), side=0)
        return {int(c): state.won[0] + int(v) for c, v in values.items()}

    def deal_tricks(self, hands, trump, leader, lone_seat, side) -> np.ndarray:
        hands = np.ascontiguousarray(hands, dtype=np.uint32)
        return np.asarray(_compiled.solve_tricks(hands, trump, leader, lone_seat=lone_seat, side=side), dtype=np.int8)

    def world_values(self, hands, trump, leader, trick, lone_seat, side, pack=32):
        return _compiled.move_values_batch(np.ascontiguousarray(hands, dtype=np.uint32), int(trump), int(leader),
                                           list(trick), int(lone_seat), int(side), pack=pack)

    @staticmethod
    def _position(state: PlayState) -> tuple:
        """The arguments of the compiled position functions: cards still held, the trick on the table."""
        masks = [mask_of(h) for h in state.hands]
        lone_seat = -1 if state.lone_seat is None else state.lone_seat
        return masks, state.trump, state.leader, [card for _seat, card in state.trick], lone_seat


class ReferenceSolver:
    name = "reference"

    def tricks(self, state: PlayState) -> tuple[int, int]:
        t = reference.solve_state(state).tricks
        return t["AC"], t["BD"]

    def move_values(self, state: PlayState) -> dict[int, int]:
        return dict(reference.solve_state(state, analyse=True).moves)

    def deal_tricks(self, hands, trump, leader, lone_seat, side) -> np.ndarray:
        hands = np.asarray(hands, dtype=np.uint32)
        n = len(hands)
        trump, leader, lone_seat, side = (np.broadcast_to(np.asarray(x), (n,)) for x in (trump, leader, lone_seat, side))
        out = np.empty(n, dtype=np.int8)
        for i in range(n):
            state = reference.start([mask_cards(int(m)) for m in hands[i]], int(trump[i]), int(leader[i]), int(lone_seat[i]))
            out[i] = self.tricks(state)[int(side[i])]
        return out

    def world_values(self, hands, trump, leader, trick, lone_seat, side, pack=32):
        hands = np.asarray(hands, dtype=np.uint32)
        lone = None if lone_seat < 0 else int(lone_seat)
        out = np.full((len(hands), 32), -1, np.int8)
        seat = None
        for w, row in enumerate(hands):
            state = PlayState([frozenset(mask_cards(int(m))) if lone is None or s != (lone ^ 2) else frozenset()
                               for s, m in enumerate(row)], int(trump), lone, int(leader))
            # the cards on the table go back to their players, then are played again (checked)
            order = [int(leader)]
            while len(order) < len(trick):
                nxt = (order[-1] + 1) % 4
                if lone is not None and nxt == (lone ^ 2):
                    nxt = (nxt + 1) % 4
                order.append(nxt)
            for s, c in zip(order, trick):
                state.hands[s] = state.hands[s] | {int(c)}
            for c in trick:
                state.play(int(c))
            seat = state.to_move
            total = len(state.hands[seat])
            for card, ac in reference.solve_state(state, analyse=True).moves.items():
                out[w, card] = ac if side == 0 else total - ac
        return seat, out


def get_solver(name: str = "compiled") -> Solver:
    """The solver ``compiled`` (fastcore.solver) or ``reference`` (analysis.play.reference)."""
    if name == "compiled":
        return CompiledSolver()
    if name == "reference":
        return ReferenceSolver()
    raise EuchreError(f"solver {name!r} is unknown: use {' or '.join(SOLVERS)}")

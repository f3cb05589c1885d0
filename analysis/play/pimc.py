"""The PIMC player (perfect-information Monte Carlo).

At each decision with two or more legal cards it draws ``worlds`` worlds consistent with what it
knows (:mod:`analysis.play.worlds`), values every legal card in every world by the double-dummy
solver (one call of ``fastcore.solver.move_values_batch``), and plays the card with the best mean
tricks for its side. Ties go to the lowest card id. A single legal card is played without search.
The worlds of a decision are drawn from the seed and the key (deal, card number, seat), so a hand
is played the same whatever else is played beside it.

What it cannot see: each world is solved as if every player knew every card (strategy fusion: it
assumes it could play differently in worlds it cannot tell apart), and a card is valued for this
trick's worlds alone, not for what the others will infer from it (non-locality).
"""
from __future__ import annotations

import numpy as np

from analysis.errors import EuchreError
from analysis.play.information import InfoSet
from analysis.play.players import Player, cards_of
from analysis.play.worlds import BiddingModel, CallsContradicted, sample_worlds
from fastcore.solver import move_values_batch


def pimc_values(info: InfoSet, worlds: int, seed, model: BiddingModel | None = None, key=(),
                solver=None) -> tuple[dict[int, float], int, float | None]:
    """For each legal card of the player to move (who must be ``info.player``), AC's mean tricks
    over the whole hand across ``worlds`` worlds; returns (values by card, worlds used, acceptance).
    ``solver``: a solver of :mod:`analysis.play.double_dummy` (default: the compiled one)."""
    if info.to_move != info.player:
        raise EuchreError("the information set must be that of the player to move")
    w = sample_worlds(info, worlds, seed, key, model=model)
    trick = [c for _s, c in info.trick]
    if solver is None:
        _seat, values = move_values_batch(w.hands, info.trump, info.leader, trick, info.lone_seat, 0, pack=info.pack)
    else:
        _seat, values = solver.world_values(w.hands, info.trump, info.leader, trick, info.lone_seat, 0, info.pack)
    legal = cards_of(info.legal())
    sums = values[:, legal].astype(np.int64).sum(axis=0)
    n = len(w)
    return ({c: info.won[0] + float(sums[i]) / n for i, c in enumerate(legal)}, n, w.acceptance)


class PIMCPlayer(Player):
    """Perfect-information Monte Carlo with ``worlds`` worlds a decision, from ``seed``; ``model``
    (a :class:`analysis.play.worlds.BiddingModel`) keeps only the worlds in which the others bid as
    heard. ``decisions`` counts the decisions searched (two or more legal cards).

    When the calls contradict the model (a partner who did not bid as the model says he would),
    the player raises :class:`analysis.play.worlds.CallsContradicted`, or with ``fallback`` reads the
    cards alone from that decision to the end of the hand, as a player who sees he was misled;
    ``contradicted`` lists the keys of the decisions where he saw it (a key starts with the deal)."""

    def __init__(self, worlds: int = 32, seed: int = 0, model: BiddingModel | None = None, fallback: bool = False):
        if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
            raise EuchreError(f"worlds must be a whole number of at least 1, not {worlds!r}")
        self.worlds = int(worlds)
        self.seed = int(seed)
        self.model = model
        self.fallback = fallback
        self.name = f"pimc({self.worlds})"
        self.decisions = 0
        self.contradicted: list[tuple] = []
        self._misled: set[tuple] = set()      # the deals whose calls he found misleading

    def worlds_of(self, info: InfoSet, key: tuple):
        """The decision's worlds: read with the model, or from the cards alone when the calls
        contradict it and ``fallback`` is set."""
        if self.model is None or key[:1] in self._misled:
            return sample_worlds(info, self.worlds, self.seed, key)
        try:
            return sample_worlds(info, self.worlds, self.seed, key, model=self.model)
        except CallsContradicted:
            if not self.fallback:
                raise
            self.contradicted.append(key)
            self._misled.add(key[:1])
            return sample_worlds(info, self.worlds, self.seed, key)

    def choose(self, info: InfoSet, key: tuple) -> int:
        legal = cards_of(info.legal())
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        w = self.worlds_of(info, (*key, info.player))
        _seat, values = move_values_batch(w.hands, info.trump, info.leader, [c for _s, c in info.trick],
                                          info.lone_seat, info.player & 1, pack=info.pack)
        sums = values.sum(axis=0, dtype=np.int64).tolist()
        best = legal[0]
        for c in legal:                       # the first maximum: the lowest card id
            if sums[c] > sums[best]:
                best = c
        return best

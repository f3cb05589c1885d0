"""The game as a Markov chain: the probability of winning from a score, given what a hand scores.

State: the two sides' scores (m for the side that deals the next hand, o for the other), both
below the points for game of the Rules (five in the book, law 2). A hand gives points to one
side only (1, 2 or 4) or to nobody (a void deal); the deal then passes to the left, so the
other side deals the next hand. The distribution of a hand's outcome depends on the score and
on which side deals (the players' policy reads the score), so it is given per state as
probabilities of the outcomes in :data:`OUTCOMES`.

Assumptions: hands are independent given the score and the dealer; both sides follow the
policy that produced the distributions; nothing else (who is ahead in skill, the cards of the
previous hand) matters.

``f[m, o]`` is the probability that the dealing side wins the game; the non-dealing side at
(m, o) wins with ``1 - f[o, m]``. :func:`win_probability` solves it by value iteration; the
shape of ``f`` (game, game) carries the game's length to :func:`side_wins`.
"""
from __future__ import annotations

import numpy as np

from analysis.errors import EuchreError
from analysis.rules import Rules

# (dealing side's points, other side's points) of one hand.
OUTCOMES = ((0, 0), (1, 0), (2, 0), (4, 0), (0, 1), (0, 2), (0, 4))


def outcome_index(dealer_points: np.ndarray, other_points: np.ndarray) -> np.ndarray:
    """The index in :data:`OUTCOMES` of each hand's (dealer side, other side) points."""
    d = np.asarray(dealer_points, dtype=np.int64)
    o = np.asarray(other_points, dtype=np.int64)
    if np.any((d > 0) & (o > 0)):
        raise EuchreError("a hand gives points to one side only")
    code = {p: i for i, p in enumerate(OUTCOMES)}
    out = np.full(d.shape, -1, np.int8)
    for (a, b), i in code.items():
        out[(d == a) & (o == b)] = i
    if np.any(out < 0):
        raise EuchreError("hand points must be 0, 1, 2 or 4")
    return out


def win_probability(probs, rules: Rules = Rules(), tol: float = 1e-13, max_iter: int = 100_000) -> np.ndarray:
    """``f[m, o]``: the dealing side's probability of winning the game at score (m, o).

    ``probs[m, o]`` is the distribution (over :data:`OUTCOMES`) of one hand dealt by the side
    with ``m`` points against ``o``; shape (game, game, 7) for the ``rules``' points for game,
    rows summing to 1.
    """
    game = rules.points_for_game
    p = np.asarray(probs, dtype=float)
    if p.shape != (game, game, len(OUTCOMES)):
        raise EuchreError(f"probs must have shape ({game}, {game}, {len(OUTCOMES)}) for a game of {game} points, "
                          f"not {p.shape}")
    if np.any(p < 0) or not np.allclose(p.sum(axis=2), 1.0):
        raise EuchreError("each score's outcome probabilities must be >= 0 and sum to 1")
    if np.any(p[:, :, 0] >= 1.0):
        raise EuchreError("a score where no hand ever scores has no game value: every hand would be void")
    f = np.full((game, game), 0.5)
    for _ in range(max_iter):
        new = np.zeros_like(f)
        for m in range(game):
            for o in range(game):
                total = 0.0
                for k, (i, j) in enumerate(OUTCOMES):
                    mm, oo = m + i, o + j
                    if mm >= game:
                        value = 1.0
                    elif oo >= game:
                        value = 0.0
                    else:
                        value = 1.0 - f[oo, mm]   # the other side deals next
                    total += p[m, o, k] * value
                new[m, o] = total
        if np.max(np.abs(new - f)) < tol:
            return new
        f = new
    raise EuchreError("the game model did not converge: check the outcome probabilities")


def side_wins(f: np.ndarray, own, theirs, own_deals_next) -> np.ndarray:
    """A side's probability of winning from score (own, theirs) (arrays; at or past game the
    game is over), when it deals the next hand (``own_deals_next``) or not. ``f`` is the
    solved game (:func:`win_probability`); its size is the points for game."""
    game = len(f)
    own = np.asarray(own, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    nxt = np.broadcast_to(np.asarray(own_deals_next, dtype=bool), own.shape)
    if np.any((own >= game) & (theirs >= game)):
        raise EuchreError("both sides cannot reach game on one hand")
    m = np.minimum(own, game - 1)
    o = np.minimum(theirs, game - 1)
    live = np.where(nxt, f[m, o], 1.0 - f[o, m])
    return np.where(own >= game, 1.0, np.where(theirs >= game, 0.0, live))

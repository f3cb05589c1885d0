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

When the distributions are estimated from simulated hands (:func:`from_counts`), ``f`` carries
their sampling error. :func:`bootstrap` measures it: each score's outcome counts are drawn
again from the multinomial distribution of the observed frequencies (a parametric bootstrap)
and the game is solved again for each draw. Every function here takes a stack of models too
(leading axes before the (game, game) ones), so a thousand draws are solved at once.
"""
from __future__ import annotations

import numpy as np

from analysis.errors import EuchreError
from analysis.game.rules import Rules

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


def _moves(game: int):
    """Per outcome k and score (m, o): whether the dealers reach game, whether the others do,
    and else the score (other side first) from which the other side deals next."""
    m, o = np.indices((game, game))
    gain = np.array(OUTCOMES)[:, :, None, None]              # (7, 2, 1, 1)
    mm, oo = m + gain[:, 0], o + gain[:, 1]                   # (7, game, game)
    won, lost = mm >= game, oo >= game
    return won, lost, np.minimum(oo, game - 1), np.minimum(mm, game - 1)


def win_probability(probs, rules: Rules = Rules(), tol: float = 1e-13, max_iter: int = 100_000) -> np.ndarray:
    """``f[..., m, o]``: the dealing side's probability of winning the game at score (m, o).

    ``probs[..., m, o]`` is the distribution (over :data:`OUTCOMES`) of one hand dealt by the
    side with ``m`` points against ``o``; shape (game, game, 7) for the ``rules``' points for
    game, rows summing to 1, or a stack of such (leading axes), each solved on its own.
    """
    game = rules.points_for_game
    p = np.asarray(probs, dtype=float)
    if p.shape[-3:] != (game, game, len(OUTCOMES)):
        raise EuchreError(f"probs must have shape ({game}, {game}, {len(OUTCOMES)}) for a game of {game} points, "
                          f"not {p.shape}")
    if np.any(p < 0) or not np.allclose(p.sum(axis=-1), 1.0):
        raise EuchreError("each score's outcome probabilities must be >= 0 and sum to 1")
    if np.any(p[..., 0] >= 1.0):
        raise EuchreError("a score where no hand ever scores has no game value: every hand would be void")
    won, lost, next_m, next_o = _moves(game)
    by_outcome = np.moveaxis(p, -1, -3)                       # (..., 7, game, game)
    f = np.full(p.shape[:-1], 0.5)
    for _ in range(max_iter):
        # After outcome k the game is won, lost, or goes on with the other side dealing.
        value = np.where(won, 1.0, np.where(lost, 0.0, 1.0 - f[..., next_m, next_o]))
        new = (by_outcome * value).sum(axis=-3)
        if np.max(np.abs(new - f)) < tol:
            return new
        f = new
    raise EuchreError("the game model did not converge: check the outcome probabilities")


def visits(probs) -> np.ndarray:
    """``v[m, o]``: the expected number of hands dealt at score (m, o), the dealing side first, in a
    game from love-all whose hands' outcomes at each score are distributed as ``probs[m, o, k]``
    (a void deal passes the deal at the same score, so a score may be visited more than once)."""
    p = np.asarray(probs, dtype=float)
    game = p.shape[0]
    won, lost, next_m, next_o = _moves(game)
    n = game * game
    step = np.zeros((n, n))                  # step[i, j]: P(the next hand is dealt at j | one at i)
    for k in range(len(OUTCOMES)):
        for m in range(game):
            for o in range(game):
                if not (won[k, m, o] or lost[k, m, o]):
                    step[m * game + o, next_m[k, m, o] * game + next_o[k, m, o]] += p[m, o, k]
    start = np.zeros(n)
    start[0] = 1.0
    return np.linalg.solve(np.eye(n) - step.T, start).reshape(game, game)


def outcome_probabilities(counts, model: str = "game model") -> np.ndarray:
    """The outcome probabilities ``probs[..., m, o, k]`` of outcome counts ``counts[..., m, o, k]``
    (hands dealt by the side with m points against o that ended in outcome k); the ``model``
    they are for names it when a score has no hands."""
    counts = np.asarray(counts, dtype=float)
    totals = counts.sum(axis=-1, keepdims=True)
    if np.any(totals == 0):
        raise EuchreError(f"the {model} needs hands at every score below game: run every dealers' score")
    return counts / totals


def from_counts(counts, rules: Rules = Rules()) -> np.ndarray:
    """The game solved from outcome counts ``counts[..., m, o, k]`` (:func:`outcome_probabilities`)."""
    return win_probability(outcome_probabilities(counts), rules)


def bootstrap(counts, rules: Rules = Rules(), draws: int = 1000, seed=None) -> np.ndarray:
    """``draws`` games (draws, game, game), each solved from outcome counts drawn again, score
    by score, from the multinomial distribution of the observed ``counts`` (as many hands as
    observed): the spread of the game model's sampling error. ``seed``: anything
    :func:`numpy.random.default_rng` takes."""
    return from_counts(resample(counts, draws, seed), rules)


def resample(counts, draws: int = 1000, seed=None) -> np.ndarray:
    """``draws`` stacks of outcome counts (draws, ..., 7), each score's counts drawn again from
    the multinomial distribution of its observed frequencies (as many hands as observed): the
    parametric bootstrap behind :func:`bootstrap`, for any model solved from counts."""
    counts = np.asarray(counts, dtype=np.int64)
    probs = outcome_probabilities(counts)
    totals = counts.sum(axis=-1)
    rng = np.random.default_rng(seed)
    return rng.multinomial(totals, probs, size=(draws, *totals.shape))


def side_wins(f: np.ndarray, own, theirs, own_deals_next) -> np.ndarray:
    """A side's probability of winning from score (own, theirs) (arrays; at or past game the
    game is over), when it deals the next hand (``own_deals_next``) or not. ``f`` is the
    solved game (:func:`win_probability`), or a stack of them (the result then has the stack's
    leading axes); its size is the points for game."""
    f = np.asarray(f, dtype=float)
    game = f.shape[-1]
    own = np.asarray(own, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    nxt = np.broadcast_to(np.asarray(own_deals_next, dtype=bool), own.shape)
    if np.any((own >= game) & (theirs >= game)):
        raise EuchreError("both sides cannot reach game on one hand")
    m = np.minimum(own, game - 1)
    o = np.minimum(theirs, game - 1)
    live = np.where(nxt, f[..., m, o], 1.0 - f[..., o, m])
    return np.where(own >= game, 1.0, np.where(theirs >= game, 0.0, live))

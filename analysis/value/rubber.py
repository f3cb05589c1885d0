"""The rubber as a Markov chain: expected rubber points from a score, given what a hand scores.

The book's rubber (laws 1, 2 and 7, and the definitions of "Lap" and "Rubber"):

- a game is won by the first side to reach the points for game of the Rules (five, law 2);
  points beyond game are carried to the next game by the side that made them (a lap); the
  losers carry nothing;
- a game counts two when the losing side's score in it is 0 at its end, else one;
- the rubber is three games, the third always played; when the third laps, a fourth game is
  played from the carried points; it counts its game points only, and what it laps is lost;
- the side that won two or more of the first three games takes two more points, counted as
  soon as it has won its second game;
- the deal passes to the left after every hand, a void one too, so the sides deal in turn,
  from one game to the next as well.

With ``Rules.rubber`` False the game stands alone: it counts one point, with no laps and no
double games, so the expected net points are 2 P(win) - 1.

State, from the side that deals the next hand: the game k (1 to 4), the games won so far by
each side (in game 4, the results of the first three), and the two scores in the game. The
distribution of a hand's outcome at each score is the one of :mod:`analysis.value.game_model`, with
the same assumptions (hands independent given the score and the dealer; the policy reads the
score of the game only).

``points[..., k - 1, gd, go, m, o]`` is the dealing side's expected net rubber points (its
points minus the other side's, from the start of this hand to the end of the rubber; the
current game's points and, while not yet awarded, the rubber's two points included), in game
k, with gd games won by the dealing side and go by the other, at m points to o. The shape is
(..., 4, 4, 4, game, game); the entries of states that cannot occur (gd + go other than k - 1,
or 3 in game 4; any game but the first when ``rules.rubber`` is False) are NaN. The values of
game 4 do not depend on the games won (the rubber's points are already counted), but are kept
for each result of the first three so that every state reads the same way.

The games are solved from the last back to the first, each by value iteration as
:func:`analysis.value.game_model.win_probability` solves one game: within a game the scores only
rise, so the iteration converges as the game ends, and a game's end reads the next game's
values, already solved.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.value import game_model
from analysis.errors import EuchreError
from analysis.value.game_model import OUTCOMES
from analysis.game.rules import Rules

GAMES = 4                 # at most: three, and a fourth when the third laps (law 1)
RUBBER_POINTS = 2         # to the side winning the rubber (law 7)
_GAIN = np.array(OUTCOMES, dtype=np.int64)   # (7, 2): (dealing side, other side) points


def configurations(game: int, rules: Rules = Rules()) -> list[tuple[int, int]]:
    """The (dealing side's, other side's) games won before game ``game`` (1 to 4) can be."""
    if not rules.rubber:
        return [(0, 0)] if game == 1 else []
    if not 1 <= game <= GAMES:
        return []
    played = min(game - 1, 3)
    return [(played - go, go) for go in range(played + 1)]


def _check_state(rules: Rules, game, own_games, their_games) -> None:
    game = np.asarray(game)
    played = np.where(game == GAMES, 3, game - 1)
    last = GAMES if rules.rubber else 1
    if np.any((game < 1) | (game > last)):
        raise EuchreError(f"the game must be 1 to {last} {'in a rubber' if rules.rubber else 'in a single game'}, "
                          f"not {game.tolist()}")
    if np.any((np.asarray(own_games) < 0) | (np.asarray(their_games) < 0)
              | (np.asarray(own_games) + np.asarray(their_games) != played)):
        raise EuchreError("the games won so far must add up to the games played before this one "
                          "(in game 4, the first three)")


def _after(points, rules: Rules, game, own_games, their_games, own, theirs, own_deals_next) -> np.ndarray:
    """A side's expected net points after a hand that left game ``game`` at (own, theirs):
    what the game and the rubber award if it is over, plus the value of what comes next.
    ``points`` is the (stack of) solved state values; every argument broadcasts."""
    g = rules.points_for_game
    own, theirs = np.asarray(own), np.asarray(theirs)
    nxt = np.asarray(own_deals_next, dtype=bool)
    won, lost = own >= g, theirs >= g
    k = np.asarray(game) - 1
    m, o = np.minimum(own, g - 1), np.minimum(theirs, g - 1)
    live = np.where(nxt, points[..., k, own_games, their_games, m, o],
                    -points[..., k, their_games, own_games, o, m])
    if not rules.rubber:
        return np.where(won, 1.0, np.where(lost, -1.0, live))
    sign = np.where(won, 1.0, -1.0)
    carry = np.maximum(np.where(won, own, theirs) - g, 0)
    double = np.where(won, theirs, own) == 0                 # the losers have not scored
    ow, tw = own_games + won, their_games + lost
    decided = (np.maximum(ow, tw) >= 2) & (np.maximum(own_games, their_games) < 2)   # by this game
    awarded = sign * (1 + double + RUBBER_POINTS * decided)
    goes_on = (k < 2) | ((k == 2) & (carry > 0))              # games 2 and 3; a fourth on a lap
    # The next game starts at (carry, 0) for the winner; indices clipped where there is none.
    nk, ow, tw = np.minimum(k + 1, GAMES - 1), np.minimum(ow, 3), np.minimum(tw, 3)
    own_next, their_next = np.where(won, carry, 0), np.where(won, 0, carry)
    following = np.where(nxt, points[..., nk, ow, tw, own_next, their_next],
                         -points[..., nk, tw, ow, their_next, own_next])
    return np.where(won | lost, awarded + np.where(goes_on, following, 0.0), live)


@dataclass(frozen=True)
class RubberModel:
    """The rubber solved from one hand's outcome distributions (a stack of them: leading axes).

    ``probs`` (..., game, game, 7) over :data:`analysis.value.game_model.OUTCOMES`; ``game_win``
    (..., game, game) the dealing side's probability of winning the current game (the ``f`` of
    :mod:`analysis.value.game_model`); ``points`` (..., 4, 4, 4, game, game) the dealing side's
    expected net rubber points by state, laid out as the module's docstring says.
    """

    rules: Rules
    probs: np.ndarray
    game_win: np.ndarray
    points: np.ndarray

    @property
    def start(self) -> np.ndarray | float:
        """The expected net rubber points of the side that deals the first hand of a rubber."""
        return _plain(self.points[..., 0, 0, 0, 0, 0])

    def points_at(self, game: int = 1, games=(0, 0), score=(0, 0), deals: bool = True) -> np.ndarray | float:
        """A side's expected net rubber points at the start of a hand of game ``game``, with
        ``games`` = (its games won, the other's) so far and ``score`` = (its points, the
        other's) in this game, when it deals the hand (``deals``) or not."""
        own, theirs = (int(x) for x in score)
        g = self.rules.points_for_game
        if not (0 <= own < g and 0 <= theirs < g):
            raise EuchreError(f"score {own}-{theirs}: each side must have 0 to {g - 1} points")
        mine, other = (int(x) for x in games)
        _check_state(self.rules, game, mine, other)
        p = self.points[..., game - 1, :, :, :, :]
        return _plain(p[..., mine, other, own, theirs] if deals else -p[..., other, mine, theirs, own])

    def win_at(self, score=(0, 0), deals: bool = True) -> np.ndarray | float:
        """A side's probability of winning the current game at ``score`` (its points, the
        other's), when it deals the next hand or not."""
        return _plain(game_model.side_wins(self.game_win, score[0], score[1], deals))


def _plain(x):
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


def solve(probs, rules: Rules = Rules(), tol: float = 1e-13, max_iter: int = 100_000) -> RubberModel:
    """The rubber (or, with ``rules.rubber`` False, the single game) solved from ``probs``
    (..., game, game, 7): the distribution of a hand dealt by the side with m points against o,
    as :func:`analysis.value.game_model.win_probability` takes it; a stack is solved draw by draw."""
    f = game_model.win_probability(probs, rules, tol, max_iter)   # checks the probabilities too
    p = np.asarray(probs, dtype=float)
    g = rules.points_for_game
    stack = p.shape[:-3]
    points = np.full((*stack, GAMES, GAMES, GAMES, g, g), np.nan)
    m, o = np.indices((g, g))
    by_outcome = np.moveaxis(p, -1, 0)[:, ..., None, :, :]   # (7, ..., 1, game, game)
    for game in range(GAMES, 0, -1):
        configs = configurations(game, rules)
        if not configs:
            continue
        gd, go = (np.array(c)[:, None, None] for c in zip(*configs))   # (C, 1, 1)
        at = (..., game - 1, gd[:, 0, 0], go[:, 0, 0], slice(None), slice(None))
        points[at] = 0.0
        for _ in range(max_iter):
            # After the dealing side's hand the other side deals: the value is read from its view.
            new = sum(by_outcome[i] * _after(points, rules, game, gd, go, m + a, o + b, False)
                      for i, (a, b) in enumerate(_GAIN))
            change = np.max(np.abs(new - points[at]))
            points[at] = new
            if change < tol:
                break
        else:
            raise EuchreError("the rubber model did not converge: check the outcome probabilities")
    return RubberModel(rules, p, f, points)


def from_counts(counts, rules: Rules = Rules()) -> RubberModel:
    """The rubber solved from outcome counts ``counts[..., m, o, k]``
    (:func:`analysis.value.game_model.outcome_probabilities`)."""
    return solve(game_model.outcome_probabilities(counts, "rubber model"), rules)


def bootstrap(counts, rules: Rules = Rules(), draws: int = 1000, seed=None) -> RubberModel:
    """``draws`` rubbers (a stacked model), each solved from outcome counts drawn again score
    by score (:func:`analysis.value.game_model.resample`): the same draws as
    :func:`analysis.value.game_model.bootstrap` with the same seed."""
    return from_counts(game_model.resample(counts, draws, seed), rules)


def side_points_after(model: RubberModel, own, theirs, own_deals_next, game=1, games=(0, 0)) -> np.ndarray:
    """A side's expected net rubber points after a hand that left game ``game`` at (own,
    theirs) (arrays; at or past game the game is over: the winner's points beyond game are
    carried to the next game, the game's one or two points and, when decided, the rubber's two
    counted), when it deals the next hand (``own_deals_next``) or not; ``games`` = (its games
    won, the other's) before this game's end. The rubber analogue of
    :func:`analysis.value.game_model.side_wins`: a stacked model gives the stack's leading axes."""
    rules = model.rules
    g = rules.points_for_game
    own = np.asarray(own, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    mine, other = (np.asarray(x, dtype=np.int64) for x in games)
    _check_state(rules, game, mine, other)
    if np.any((own >= g) & (theirs >= g)):
        raise EuchreError("both sides cannot reach game on one hand")
    if np.any((own < 0) | (theirs < 0) | (own > g + 3) | (theirs > g + 3)):
        raise EuchreError(f"scores after a hand must be 0 to {g + 3} (game, and a lap of at most 3)")
    return _after(model.points, rules, game, mine, other, own, theirs, own_deals_next)


def simulate_rubbers(probs, rules: Rules = Rules(), n: int = 100_000, seed=None) -> np.ndarray:
    """``n`` rubbers (single games with ``rules.rubber`` False) played hand by hand, each hand's
    outcome drawn from ``probs`` (game, game, 7) at its score: the net rubber points of the side
    that deals first, one per rubber. A check of :func:`solve` by another road."""
    p = np.asarray(probs, dtype=float)
    g = rules.points_for_game
    game_model.win_probability(p, rules)          # the same checks of the probabilities
    if p.ndim != 3:
        raise EuchreError("simulate_rubbers takes one distribution per score (game, game, 7), not a stack")
    if not isinstance(n, (int, np.integer)) or n < 1:
        raise EuchreError(f"the number of rubbers must be at least 1, not {n!r}")
    cum = np.cumsum(p, axis=-1)
    rng = np.random.default_rng(seed)
    score = np.zeros((n, 2), np.int64)            # by side: 0 deals the first hand, 1 the second
    games = np.zeros((n, 2), np.int64)
    game = np.ones(n, np.int64)
    dealer = np.zeros(n, np.int64)
    net = np.zeros(n, np.int64)
    live = np.ones(n, bool)
    while live.any():
        i = np.flatnonzero(live)
        d = dealer[i]
        u = rng.random(len(i))
        k = np.minimum((u[:, None] >= cum[score[i, d], score[i, 1 - d]]).sum(axis=1), len(OUTCOMES) - 1)
        score[i, d] += _GAIN[k, 0]
        score[i, 1 - d] += _GAIN[k, 1]
        dealer[i] = 1 - d                         # the deal passes, void hands too
        over = score[i].max(axis=1) >= g
        j = i[over]
        if not len(j):
            continue
        w = np.argmax(score[j], axis=1)           # the side that reached game
        sign = np.where(w == 0, 1, -1)
        if not rules.rubber:
            net[j] += sign
            live[j] = False
            continue
        carry = score[j, w] - g
        double = score[j, 1 - w] == 0
        before = games[j].max(axis=1) >= 2
        games[j, w] += 1
        decided = (games[j].max(axis=1) >= 2) & ~before
        net[j] += sign * (1 + double + RUBBER_POINTS * decided)
        ended = (game[j] == GAMES) | ((game[j] == 3) & (carry == 0))
        score[j] = 0
        score[j, w] = carry
        game[j] += 1
        live[j[ended]] = False
    return net

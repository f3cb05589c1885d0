"""A hand's outcome valued by the game and the rubber it leads to, with the model's own error.

A study that values a decision by the score counts, in the same run, the book's hands by
outcome at every score (:data:`analysis.value.game_model.OUTCOMES`); from those counts :func:`solved`
gives the game model ``f``, the rubber model (:mod:`analysis.value.rubber`), and ``MODEL_DRAWS`` draws
of both solved from counts resampled score by score (a parametric bootstrap, seeded from the
run's root seed and the study's name). A paired estimate over deals then carries two errors: the
deals' sampling error (the paired interval) and the model's (the spread of the estimate over
the draws), joined in quadrature by :func:`with_model_error`.

Two units: :data:`GAME_WIN`, the deciding side's probability of winning the game, and
:data:`RUBBER`, its expected net rubber points (laws 1 and 7: its points minus the other
side's to the end of the rubber, laps, double games and the rubber's two points counted), in
the first game of a rubber, no game won yet (``RUBBER_STATE``).

Scores are written as in the studies' tables: ``a`` the dealers' (AC) points, ``b`` the other
side's (BD); the hand was dealt by A, so BD deals the next one.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as st

from analysis.value import rubber
from analysis.value.game_model import OUTCOMES, bootstrap, from_counts, side_wins
from analysis.game.rules import Rules
from analysis.experiment.stats import CONFIDENCE, Estimate, mean_from_sums
from analysis.experiment.study import GAME_WIN, RUBBER
from analysis.seeds import model_seed
from analysis.game.cards import SEATS

MODEL_DRAWS = 1000        # draws of the game model: its standard error to about 2%
RUBBER_STATE = {"game": 1, "games": (0, 0)}   # where a hand is valued in rubber points


def win_after(f, a, b, seat, net) -> np.ndarray:
    """The probability that ``seat``'s side wins the game after a hand at score (a: AC, the
    dealers; b: BD) that gave ``net`` points to that side (negative: to the other side).
    The next hand is dealt by BD. ``f``: the solved game, or a stack of draws of it."""
    own, theirs, deals_next = _own_theirs(a, b, seat, net)
    return side_wins(f, own, theirs, deals_next)


def _own_theirs(a, b, seat, net):
    """The seat's side's score and the other side's after a hand that gave ``net`` to the seat's
    side, and whether it deals next (BD deals after A)."""
    a = np.asarray(a, np.int64)
    b = np.asarray(b, np.int64)
    side = np.asarray(seat, np.int64) & 1
    net = np.asarray(net, np.int64)
    own = np.where(side == 0, a, b) + np.maximum(net, 0)
    theirs = np.where(side == 0, b, a) + np.maximum(-net, 0)
    return own, theirs, side == 1


def points_after(model: rubber.RubberModel, a, b, seat, net, state: dict = RUBBER_STATE) -> np.ndarray:
    """The seat's side's expected net rubber points after a hand at score (a: AC, the dealers;
    b: BD) that gave it ``net`` points, in the rubber's ``state`` (``game``: 1 to 4, ``games``:
    the seat's side's games won and the other's; default :data:`RUBBER_STATE`); ``model`` may be
    a stack of draws."""
    own, theirs, deals_next = _own_theirs(a, b, seat, net)
    return rubber.side_points_after(model, own, theirs, deals_next, **state)


def _cells(rows: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The score (a, b), the seat numbers and the deals of each row of a table of cells."""
    return (rows["a"].to_numpy(np.int64), rows["b"].to_numpy(np.int64), _seat_numbers(rows["seat"]),
            rows["deals"].to_numpy(float))


def _seat_numbers(seats: pd.Series) -> np.ndarray:
    """Seat letters (or numbers) as kernel seat numbers."""
    if seats.dtype.kind in "iu":
        return seats.to_numpy(np.int64)
    return seats.map(SEATS.index).to_numpy(np.int64)


@dataclass(frozen=True)
class GameModel:
    """The game model solved from the book's hands of a run (``f``), and ``draws`` of it solved
    from outcome counts resampled score by score: their spread is the model's sampling error."""

    counts: np.ndarray   # (game, game, 7) the book's hands per score by outcome
    f: np.ndarray        # (game, game) the dealing side's P(win game)
    draws: np.ndarray    # (MODEL_DRAWS, game, game)
    seed: int            # the run's root seed, from which the draws come
    rubber: rubber.RubberModel | None = None         # the rubber from the same counts
    rubber_draws: rubber.RubberModel | None = None   # and from the same resampled counts

    def after(self, a, b, seat, net, unit: str = GAME_WIN, draws: bool = False,
              state: dict = RUBBER_STATE) -> np.ndarray:
        """The seat's side's value (``unit``) after a hand at score (a, b) that gave it ``net``
        points; under every draw of the model when ``draws``; rubber points in the rubber's
        ``state`` (see :func:`points_after`)."""
        if unit == GAME_WIN:
            return win_after(self.draws if draws else self.f, a, b, seat, net)
        if unit == RUBBER:
            if self.rubber is None:
                raise ValueError("this game model was solved without the rubber")
            return points_after(self.rubber_draws if draws else self.rubber, a, b, seat, net, state)
        raise ValueError(f"no unit {unit!r}: {GAME_WIN!r} or {RUBBER!r}")

    @property
    def hands(self) -> np.ndarray:
        """The book's hands per score (a, b): the sample size behind each score's distribution."""
        return self.counts.sum(axis=2)

    @property
    def hands_text(self) -> str:
        """The sample behind the model, in words: "N hands at each score" or "N to M hands per score"."""
        low, high = int(self.hands.min()), int(self.hands.max())
        return f"{low:,} hands at each score" if low == high else f"{low:,} to {high:,} hands per score"

    def differences(self, rows: pd.DataFrame, arms=("arm1", "arm0"), unit: str = GAME_WIN,
                    state: dict = RUBBER_STATE) -> np.ndarray:
        """Per draw of the model: the mean, over the deals of ``rows`` (columns a, b, seat, the
        two arms' net points to the seat's side, deals), of the seat's side's value (``unit``)
        after the first arm minus after the second."""
        return self.contrast_draws(rows, arms[:1], arms[1:], unit, state)

    def contrast_draws(self, rows, plus, minus, unit, state=RUBBER_STATE) -> np.ndarray:
        """Per draw of the model, the mean over the deals of :meth:`_signed`."""
        w = rows["deals"].to_numpy(float)
        return self._signed(rows, plus, minus, unit, state, draws=True) @ w / w.sum()

    def _signed(self, rows, plus, minus, unit, state, draws: bool = False):
        """Per deal (and per draw with ``draws``): the values after the arms ``plus`` minus after ``minus``."""
        a, b, seat, _w = _cells(rows)
        total = 0.0
        for sign, arms in ((1, plus), (-1, minus)):
            for arm in arms:
                total = total + sign * self.after(a, b, seat, rows[arm].to_numpy(np.int64), unit, draws, state)
        return total

    def paired(self, rows: pd.DataFrame, arms=("arm1", "arm0"), unit: str = GAME_WIN,
               state: dict = RUBBER_STATE) -> tuple[Estimate, float]:
        """The mean over the deals of ``rows`` of the value (``unit``) after the first arm minus
        after the second, with its paired interval (the deals' error alone), and the model's
        standard error."""
        return self.contrast(rows, arms[:1], arms[1:], unit, state)

    def contrast(self, rows: pd.DataFrame, plus, minus, unit: str = GAME_WIN,
                 state: dict = RUBBER_STATE) -> tuple[Estimate, float]:
        """The mean over the deals of ``rows`` of the values (``unit``) after the arms ``plus``
        minus after the arms ``minus`` (a difference of differences, say), with its paired
        interval (the deals' error alone) and the model's standard error."""
        paired, draws = self.contrast_and_draws(rows, plus, minus, unit, state)
        return paired, float(np.std(draws, ddof=1)) if len(rows) else float("nan")

    def contrast_and_draws(self, rows: pd.DataFrame, plus, minus, unit: str = GAME_WIN,
                           state: dict = RUBBER_STATE) -> tuple[Estimate, np.ndarray]:
        """:meth:`contrast`'s paired estimate, and the contrast under every draw of the model (for
        an estimate pooled over several sets of rows, whose model error is pooled draw by draw)."""
        w = rows["deals"].to_numpy(np.int64)
        d = np.broadcast_to(np.asarray(self._signed(rows, plus, minus, unit, state), float), w.shape)
        paired = mean_from_sums(int(w.sum()), float(w @ d), float(w @ (d * d)))
        return paired, self.contrast_draws(rows, plus, minus, unit, state)

    def estimate(self, rows: pd.DataFrame, arms=("arm1", "arm0"), unit: str = GAME_WIN,
                 state: dict = RUBBER_STATE) -> Estimate:
        """:meth:`paired` with the model's error joined (:func:`with_model_error`)."""
        return with_model_error(*self.paired(rows, arms, unit, state))


def with_model_error(paired: Estimate, model_se: float, confidence: float = CONFIDENCE) -> Estimate:
    """The paired estimate with the game model's standard error added in quadrature (the two
    errors treated as independent); the t interval on the paired deals' degrees of freedom."""
    n = paired.n
    se = float(np.hypot(paired.se, model_se))
    if n < 2 or not np.isfinite(se):
        return paired
    df = n - 1
    q = float(st.t.ppf(0.5 + confidence / 2, df))
    p = float(2 * st.t.sf(abs(paired.mean) / se, df)) if se > 0 else float(paired.mean == 0)
    return Estimate(paired.mean, paired.mean - q * se, paired.mean + q * se, se, se * np.sqrt(n), n, p)


def solved(counts: np.ndarray, rules: Rules, root_seed: int, study: str, with_rubber: bool = False) -> GameModel:
    """The game model of outcome counts (game, game, 7), its draws keyed by the run's root seed
    and the study's name, and the rubber model when asked (solved once per distinct input)."""
    counts = np.ascontiguousarray(counts, np.int64)
    return _solved(counts.tobytes(), rules.points_for_game, int(root_seed), study, with_rubber)


@functools.lru_cache(maxsize=8)
def _solved(counts: bytes, game: int, seed: int, study: str, with_rubber: bool) -> GameModel:
    c = np.frombuffer(counts, np.int64).reshape(game, game, len(OUTCOMES))
    rules = Rules(points_for_game=game)
    draws = bootstrap(c, rules, MODEL_DRAWS, model_seed(seed, study))
    if not with_rubber:
        return GameModel(c, from_counts(c, rules), draws, seed)
    # The same resampled counts as the game model's draws: the two units share one bootstrap.
    stack = rubber.bootstrap(c, rules, MODEL_DRAWS, model_seed(seed, study))
    return GameModel(c, from_counts(c, rules), draws, seed, rubber.from_counts(c, rules), stack)

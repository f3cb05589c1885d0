"""Valuing a hand's points by the game and the rubber they lead to, with the model's error."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.value import game_value, rubber
from analysis.value.game_model import side_wins
from analysis.game.rules import Rules
from analysis.experiment.study import GAME_WIN, RUBBER


@pytest.fixture(scope="module")
def model():
    rng = np.random.default_rng(8)
    counts = rng.integers(50, 400, size=(5, 5, 7))
    return game_value.solved(counts, Rules(), 1888, "a study", with_rubber=True)


def test_the_rubber_draws_come_from_the_same_resampled_counts_as_the_games(model):
    np.testing.assert_allclose(model.rubber_draws.game_win, model.draws, atol=1e-9)
    np.testing.assert_allclose(model.rubber.game_win, model.f, atol=1e-9)


def test_a_hand_is_valued_from_the_deciders_side_with_bd_dealing_next(model):
    # C (AC) at 3-2 making 2: AC at 5 wins the game, BD at 2; D (BD) making 1 at 3-2: BD 3 against 3, deals next.
    assert game_value.win_after(model.f, 3, 2, 2, 2) == 1.0
    assert game_value.win_after(model.f, 3, 2, 3, 1) == pytest.approx(float(side_wins(model.f, 3, 3, True)))
    assert game_value.points_after(model.rubber, 3, 2, 3, 1) == pytest.approx(
        float(rubber.side_points_after(model.rubber, 3, 3, True)))
    # A euchre of AC by two: BD at 4, AC at 3, BD deals next; valued for A (AC) it does not.
    assert game_value.points_after(model.rubber, 3, 2, 0, -2) == pytest.approx(
        float(rubber.side_points_after(model.rubber, 3, 4, False)))


def test_estimates_are_the_weighted_values_in_each_unit_and_state(model):
    rows = pd.DataFrame({"a": [4, 4, 1], "b": [3, 3, 4], "seat": ["A", "C", "D"], "arm1": [1, -2, 4],
                         "arm0": [-2, 1, 1], "deals": [3, 5, 2]})
    w = rows["deals"].to_numpy(float)
    for unit, state in ((GAME_WIN, game_value.RUBBER_STATE), (RUBBER, game_value.RUBBER_STATE),
                        (RUBBER, {"game": 3, "games": (1, 1)})):
        seat = rows["seat"].map("ABCD".index).to_numpy()
        d = (model.after(rows["a"], rows["b"], seat, rows["arm1"], unit, state=state)
             - model.after(rows["a"], rows["b"], seat, rows["arm0"], unit, state=state))
        e = model.estimate(rows, ("arm1", "arm0"), unit, state)
        assert e.n == 10 and e.mean == pytest.approx(float(d @ w / w.sum()))
        assert e.low < e.mean < e.high
    # At one game all in the third, winning this game decides the rubber: worth more than in the first.
    first = model.estimate(rows, ("arm1", "arm0"), RUBBER).mean
    decider = model.estimate(rows, ("arm1", "arm0"), RUBBER, {"game": 3, "games": (1, 1)}).mean
    assert decider != first


def test_a_unit_unknown_or_a_model_without_the_rubber_is_an_error(model):
    bare = game_value.solved(model.counts, Rules(), 1888, "a study")
    with pytest.raises(ValueError, match="without the rubber"):
        bare.after(0, 0, 0, 1, RUBBER)
    with pytest.raises(ValueError, match="no unit"):
        model.after(0, 0, 0, 1, "furlongs")

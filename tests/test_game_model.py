"""The game model: game-win probabilities from what one hand scores, solved by hand."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.errors import EuchreError
from analysis.value.game_model import OUTCOMES, bootstrap, from_counts, outcome_index, side_wins, win_probability
from analysis.game.rules import Rules


def _probs(game: int = 5, **by_outcome) -> np.ndarray:
    """The same distribution at every score: ``p1_0=0.5`` gives the dealers 1 point half the time."""
    p = np.zeros((game, game, len(OUTCOMES)))
    for key, value in by_outcome.items():
        p[:, :, OUTCOMES.index(tuple(int(c) for c in key[1:].split("_")))] = value
    return p


def test_dealers_always_scoring_one_win_from_love_all():
    # X deals at 0-0 and scores 1, then Y deals and scores 1, ...: X reaches five first.
    f = win_probability(_probs(p1_0=1.0))
    assert f[0, 0] == pytest.approx(1.0)
    assert f[3, 4] == pytest.approx(0.0)       # X 3, Y 4: X to 4, Y deals and wins
    assert f[4, 4] == pytest.approx(1.0)


def test_fair_coin_per_point_is_a_symmetric_random_walk():
    f = win_probability(_probs(p1_0=0.5, p0_1=0.5))
    for m in range(5):
        assert f[m, m] == pytest.approx(0.5)
    assert f[4, 3] == pytest.approx(0.75)     # win now, or go to 4-4 and a coin
    assert f[4, 0] == pytest.approx(1 - 0.5 ** 5)


def test_a_game_of_two_points_solved_by_hand():
    # The dealers score 1 with probability p, else the others score 1; the deal alternates.
    # f11 = p; f10 = p + q (1 - f11); f01 = p (1 - f11); f00 = p (1 - f01) + q (1 - f10).
    p, q = 0.6, 0.4
    f = win_probability(_probs(2, p1_0=p, p0_1=q), Rules(points_for_game=2))
    f11 = p
    f10 = p + q * (1 - f11)
    f01 = p * (1 - f11)
    f00 = p * (1 - f01) + q * (1 - f10)
    np.testing.assert_allclose(f, [[f00, f01], [f10, f11]], atol=1e-12)
    assert f00 == pytest.approx(0.552)


def test_a_march_wins_a_short_game_at_once():
    # Game of two: a march (2) ends it from 0-0; the dealers march a quarter of the time, else are euchred.
    f = win_probability(_probs(2, p2_0=0.25, p0_2=0.75), Rules(points_for_game=2))
    np.testing.assert_allclose(f, np.full((2, 2), 0.25), atol=1e-12)


def test_void_deals_pass_the_deal():
    # Game of one: the dealers score with probability p, the others with q, else the deal passes.
    # f = p + v (1 - f)  =>  f = (p + v) / (1 + v)
    p, q, v = 0.3, 0.2, 0.5
    f = win_probability(_probs(1, p0_0=v, p1_0=p, p0_1=q), Rules(points_for_game=1))
    assert f[0, 0] == pytest.approx((p + v) / (1 + v))


def test_game_model_rejects_bad_distributions():
    with pytest.raises(EuchreError):
        win_probability(np.full((5, 5, 7), 0.5))
    with pytest.raises(EuchreError):
        win_probability(_probs(p0_0=1.0))
    with pytest.raises(EuchreError, match="game of 10 points"):
        win_probability(_probs(p1_0=1.0), Rules(points_for_game=10))
    with pytest.raises(EuchreError):
        outcome_index(np.array([3]), np.array([0]))
    with pytest.raises(EuchreError):
        outcome_index(np.array([1]), np.array([2]))


def test_outcome_index_names_each_hand():
    idx = outcome_index(np.array([0, 1, 2, 4, 0, 0, 0]), np.array([0, 0, 0, 0, 1, 2, 4]))
    assert list(idx) == list(range(len(OUTCOMES)))


def test_side_wins_ends_the_game_at_five():
    f = win_probability(_probs(p1_0=0.5, p0_1=0.5))
    assert side_wins(f, 5, 4, False) == 1.0
    assert side_wins(f, 3, 6, True) == 0.0
    assert side_wins(f, 4, 3, True) == pytest.approx(f[4, 3])
    assert side_wins(f, 4, 3, False) == pytest.approx(1 - f[3, 4])


def test_side_wins_reads_the_game_from_the_model():
    f = win_probability(_probs(2, p1_0=0.6, p0_1=0.4), Rules(points_for_game=2))
    assert side_wins(f, 2, 1, False) == 1.0                      # two points is game here
    assert side_wins(f, 1, 0, False) == pytest.approx(1 - f[0, 1])


# --- a stack of models, and the model's sampling error --------------------------------------------

def _random_counts(seed: int, hands: int = 2000) -> np.ndarray:
    rng = np.random.default_rng(seed)
    p = rng.dirichlet(np.ones(len(OUTCOMES)), size=(5, 5))
    return rng.multinomial(hands, p)


def test_a_stack_of_models_is_solved_each_on_its_own():
    counts = np.stack([_random_counts(s) for s in range(3)])
    stacked = from_counts(counts)
    for i in range(3):
        np.testing.assert_allclose(stacked[i], win_probability(counts[i] / counts[i].sum(axis=2, keepdims=True)),
                                   atol=1e-12)
    # side_wins reads every model of the stack at the same scores
    own, theirs = np.array([0, 3, 5]), np.array([4, 3, 1])
    np.testing.assert_allclose(side_wins(stacked, own, theirs, True)[1], side_wins(stacked[1], own, theirs, True))


def test_bootstrap_draws_are_reproducible_and_shrink_with_the_hands():
    counts = _random_counts(4)
    draws = bootstrap(counts, draws=400, seed=7)
    assert draws.shape == (400, 5, 5)
    np.testing.assert_array_equal(draws, bootstrap(counts, draws=400, seed=7))
    assert not np.array_equal(draws, bootstrap(counts, draws=400, seed=8))
    f = from_counts(counts)
    spread = draws.std(axis=0, ddof=1)
    assert np.all(np.abs(draws.mean(axis=0) - f) < 4 * spread / np.sqrt(400) + 1e-3)   # centred on the fit
    # A hundred times the hands, the same frequencies: about a tenth of the spread.
    ratio = spread / bootstrap(counts * 100, draws=400, seed=7).std(axis=0, ddof=1)
    assert 7 < np.median(ratio) < 14


def test_the_model_needs_hands_at_every_score():
    counts = _random_counts(1)
    counts[2, 3] = 0
    with pytest.raises(EuchreError, match="every score"):
        from_counts(counts)
    with pytest.raises(EuchreError, match="every score"):
        bootstrap(counts, draws=10, seed=1)

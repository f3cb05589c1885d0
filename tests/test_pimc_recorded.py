"""The compiled PIMC players play, card for card, the cards recorded from the player they replaced
(tests/recorded_pimc.py, recorded before worlds were judged one at a time and probes started at
the previous card's value): reading the calls, from the cards alone, in the 24-card pack, for the
hand's points, and misled by the calls."""
from __future__ import annotations

import numpy as np
import pytest

from recorded_pimc import CASES, PATH, play


@pytest.fixture(scope="module")
def recorded():
    return np.load(PATH)


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.slow
def test_the_same_cards_as_recorded(recorded, name):
    plays, won, decisions, contradicted = play(name)
    want = recorded[f"{name}_plays"]
    assert plays.shape == want.shape
    differ = np.flatnonzero((plays != want).any(axis=1))
    assert differ.size == 0, f"{name}: {differ.size} hands differ, the first {differ[:5].tolist()}"
    np.testing.assert_array_equal(won, recorded[f"{name}_won"])
    assert decisions == int(recorded[f"{name}_decisions"])
    np.testing.assert_array_equal(contradicted, recorded[f"{name}_contradicted"])


@pytest.mark.parametrize("name, threads", [("misled8", 2), ("misled8", 3), ("points16", 2), ("calls24", 4)])
def test_threads_play_the_same_cards(recorded, name, threads):
    """Hands shared among threads (each with its own search table): the same cards, decisions and
    contradicted decisions, in the same order, as one thread."""
    plays, won, decisions, contradicted = play(name, threads=threads)
    np.testing.assert_array_equal(plays, recorded[f"{name}_plays"])
    np.testing.assert_array_equal(won, recorded[f"{name}_won"])
    assert decisions == int(recorded[f"{name}_decisions"])
    np.testing.assert_array_equal(contradicted, recorded[f"{name}_contradicted"])


def test_threads_must_be_a_whole_number():
    from analysis.errors import EuchreError
    from fastcore.pimcplay import play_pimc_hands
    from fastcore.sampler import sample_deals
    d = sample_deals(4, 3)
    for bad in (0, 1.5, True):
        with pytest.raises(EuchreError, match="threads"):
            play_pimc_hands(d.hands, 0, -1, None, -1, 0, -1, 4, 1, threads=bad)

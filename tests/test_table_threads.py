"""A table-side engine built with ``threads``: its compiled players share each batch among that
many threads of the process, and every hand is played as on one thread."""
import numpy as np
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.play.engines import get_engine
from analysis.play.table import TablePlay
from analysis.simulator import play_contract, simulate
from fastcore.sampler import sample_deals


def _same(a, b):
    for name in ("maker", "trump", "lone_seat", "round", "discard", "play_hands", "maker_tricks", "points"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)


@pytest.mark.parametrize("name", ["pimc-calls", "pimc", "book"])
@pytest.mark.slow
def test_threads_play_the_same_hands(name):
    d = sample_deals(200, 71)
    one, two = (TablePlay(name, worlds=8, seed=3, threads=t) for t in (1, 2))
    got1, got2 = simulate(d, BookPolicy(), engine=one), simulate(d, BookPolicy(), engine=two)
    _same(got1, got2)
    if name != "book":
        assert one.players[0].decisions == two.players[0].decisions > 0
        assert one.players[0].contradicted == two.players[0].contradicted
    # a contract fixed without bidding (the engine's maker_tricks)
    _same(play_contract(d, maker=1, engine=one), play_contract(d, maker=1, engine=two))


def test_get_engine_passes_threads_and_bad_threads_are_refused():
    assert get_engine("pimc-calls", worlds=4, threads=2).threads == 2
    assert get_engine("simple").threads == 1
    for bad in (0, 1.5, True):
        with pytest.raises(EuchreError, match="threads"):
            TablePlay("pimc", worlds=4, threads=bad)

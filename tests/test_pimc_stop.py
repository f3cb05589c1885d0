"""The sequential stop of the PIMC player (``stop_at``, ``stop_margin``): the compiled player plays
the Python player's cards with it, every card legal; where the stop is never taken he plays the
full player's cards; the registry names him ``pimc32-calls-stop``, off the default ladder."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.play import registry
from analysis.play.pimc import PIMCPlayer, play_pimc_batch
from analysis.play.players import Player
from analysis.play.table import play_hand, play_hands
from analysis.play.worlds import BiddingModel
from recorded_pimc import CASES, PATH, bid, play

NEVER = 1000.0      # a lead no card can have: the stop never taken


@pytest.fixture(scope="module")
def recorded():
    return np.load(PATH)


@pytest.fixture(scope="module")
def dealt():
    args = bid(160, np.random.SeedSequence((39, 3)), 32)
    args["side"] = args["maker"] & 1
    return args


@pytest.mark.parametrize("name", ["calls32", "points16", "misled8"])
def test_never_stopping_plays_the_full_players_cards(recorded, name):
    stop_at = CASES[name][2] // 2
    plays, won, decisions, contradicted = play(name, stop_at=stop_at, stop_margin=NEVER)
    np.testing.assert_array_equal(plays, recorded[f"{name}_plays"])
    np.testing.assert_array_equal(won, recorded[f"{name}_won"])
    assert decisions == int(recorded[f"{name}_decisions"])
    np.testing.assert_array_equal(contradicted, recorded[f"{name}_contradicted"])


class Replay(Player):
    """Plays the cards of ``plays`` (one row a deal, in the order played): the table refuses an illegal one."""
    name = "replay"

    def __init__(self, plays):
        self.plays = plays

    def choose(self, info, key):
        deal, n = key
        return int(self.plays[deal][n])


def test_stopping_plays_legal_cards_and_changes_some(recorded, dealt):
    plays, won, _decisions, _c = play("calls32", stop_at=16, stop_margin=0.25)
    differ = (plays != recorded["calls32_plays"]).any(axis=1)
    assert 0 < differ.sum() < len(plays) // 4
    a = bid(500, np.random.SeedSequence((39, 500, 32, 2)), 32)      # the deals of calls32
    for j in np.flatnonzero(differ):
        _p, tricks = play_hand(a["hands"][j], int(a["trump"][j]), [Replay(plays)] * 4, int(a["lone_seat"][j]),
                               int(a["maker"][j]), None, int(a["turn_up"][j]), bool(a["taken"][j]),
                               int(a["discard"][j]) if a["discard"][j] >= 0 else None, a["calls"][j], 32, int(j))
        assert tricks == tuple(won[j])


@pytest.mark.parametrize("worlds, stop_at, margin, calls, points",
                         [(8, 4, 0.25, False, False), (8, 4, 0.0, True, False), (12, 6, 0.5, True, True),
                          (32, 16, 0.25, True, False)])
def test_compiled_stop_plays_the_python_players_cards(dealt, worlds, stop_at, margin, calls, points):
    model = BiddingModel(BookPolicy(), Rules()) if calls else None
    rows = slice(0, 40) if worlds == 32 else slice(None)
    args = {k: (v[rows] if isinstance(v, np.ndarray) else v[rows]) for k, v in dealt.items()}
    player = PIMCPlayer(worlds, 5, model, fallback=calls, points=points, stop_at=stop_at, stop_margin=margin)
    want = play_hands(players=[player] * 4, **args)
    got, decisions, contradicted = play_pimc_batch(worlds=worlds, seed=5, model=model, points=points,
                                                   stop_at=stop_at, stop_margin=margin, **args)
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions
    assert contradicted == player.contradicted


def test_the_stop_is_the_same_with_or_without_the_bounds(dealt):
    """The kernel settles the rivals' bounds only as far as the stop needs: the same cards as
    valuing every card exactly."""
    from analysis.seeds import root_state
    from fastcore.pimcplay import play_pimc_hands
    a = dealt
    call = (a["hands"], a["trump"], a["lone_seat"], None, a["turn_up"], a["taken"], a["discard"], 32, root_state(8))
    for margin in (0.0, 0.25, 0.5):
        exact = play_pimc_hands(*call, bounds=False, stop_at=16, stop_margin=margin)
        bounded = play_pimc_hands(*call, bounds=True, stop_at=16, stop_margin=margin)
        np.testing.assert_array_equal(bounded[0], exact[0])


def test_the_registry_names_the_stop_player_and_bad_settings_are_refused():
    p = registry.make_player("pimc32-calls-stop", seed=2)
    assert (p.worlds, p.stop_at, p.stop_margin) == (32, 16, 0.25) and p.model is not None
    assert p.reading(None).stop_at == 16
    assert "pimc32-calls-stop" not in registry.LADDER
    assert registry.make_player("pimc32-calls").stop_at == 0
    for bad in (dict(stop_at=-1), dict(stop_at=1.5), dict(stop_margin=-0.1), dict(stop_margin=float("nan"))):
        with pytest.raises(EuchreError, match="stop"):
            PIMCPlayer(32, **bad)

"""E11's primary: at four to three the eldest hand's careful play against his play for points, at the table."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.game import Rules
from fastcore.sampler import sample_deals
from studies import primary_careful as P


def test_hands_differ_only_where_careful_play_chose_another_card():
    cells = P.played(sample_deals(100, 5), "book", Rules(), 1)
    assert int(cells["deals"].sum()) > 60 and (cells["seat"] == "B").all()
    differ = cells[cells["book_net"] != cells["other_net"]]
    # some hands change, most do not (careful play and play for points mostly agree)
    assert 0 < int(differ["deals"].sum()) < int(cells["deals"].sum()) / 4
    # the score is four to three: careful play keeps AC from the two points they lack more often
    lost_game = {"careful": int(cells.loc[cells["book_net"] <= -2, "deals"].sum()),
                 "points": int(cells.loc[cells["other_net"] <= -2, "deals"].sum())}
    assert lost_game["careful"] <= lost_game["points"]


def test_the_study_values_both_rubber_states_in_both_companies(tmp_path):
    from analysis.run.runner import run_study, settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=30, chunk_size=30, seed=4, progress=False,
                            options={"model_deals": 200})
    outcome = run_study(P.STUDY, settings)
    table = P.STUDY.summarise(outcome.frame, settings)
    verdicts = {v.claim.name: v.row() for v in P.STUDY.verdicts(table, outcome.manifest)}
    assert set(verdicts) == {"E11", "E11.one-game-all", "E11.optimised", "E11.optimised.one-game-all"}
    first, rubber = verdicts["E11"], verdicts["E11.one-game-all"]
    assert (first["unit"], first["engine"], first["state"]) == ("expected net rubber points", "pimc-calls",
                                                               "first game")
    assert rubber["state"] == "one game all" and first["deals"] == rubber["deals"] > 20


def test_e11_is_the_book_s_game_only(tmp_path):
    from analysis.errors import EuchreError
    from analysis.run.runner import settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=10, pack=24)
    with pytest.raises(EuchreError, match="32-card pack and a game of 5"):
        P.STUDY.scenarios(settings)

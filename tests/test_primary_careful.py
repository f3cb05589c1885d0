"""E11's primary: at four to three the eldest hand's careful play against his play for points, at the table."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.game import Rules
from fastcore.sampler import sample_deals
from studies import primary_careful as P


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow   # often the first in its worker to build the call-reading tables (11 s)
def test_the_book_s_rules_in_the_other_seats_change_only_b_s_objective(monkeypatch):
    from analysis.game.primary import BOOK_RULES
    deals = sample_deals(60, 7)
    cells = P.played(deals, "book", Rules(), 3, others=BOOK_RULES)
    assert int(cells["deals"].sum()) > 30 and (cells["seat"] == "B").all()
    # with careful play switched off both arms are the same player over the same worlds: every hand
    # is played alike, so nothing but B's objective separates the arms
    monkeypatch.setattr(P, "NEED", 0)
    alike = P.played(deals, "book", Rules(), 3, others=BOOK_RULES)
    assert int(alike["deals"].sum()) == int(cells["deals"].sum())
    assert (alike["book_net"] == alike["other_net"]).all()


@pytest.mark.slow
def test_the_play_company_s_replication_is_its_own_study(tmp_path):
    from analysis.errors import EuchreError
    from analysis.run.runner import run_study, settings_for
    study = P.RULES_STUDY
    assert study.name == "primary_careful_rules" and study.name.startswith(P.STUDY.name + "_")
    settings = settings_for(study, out=str(tmp_path), deals=20, chunk_size=20, seed=4, progress=False,
                            options={"model_deals": 200})
    outcome = run_study(study, settings)
    verdicts = {v.claim.name: v.row() for v in study.verdicts(study.summarise(outcome.frame, settings),
                                                               outcome.manifest)}
    assert set(verdicts) == {"E11", "E11.one-game-all", "E11.optimised", "E11.optimised.one-game-all"}
    assert {row["play_company"] for row in verdicts.values()} == {"book rules"}
    with pytest.raises(EuchreError, match="play company"):
        P.played(sample_deals(5, 1), "book", Rules(), 1, others="nobody")


def test_with_the_book_s_rules_the_two_plays_part_at_b_s_first_differing_card():
    from analysis.game.cards import ELDEST
    from analysis.play.branching import hand_infos, played_with_the_book
    table = P.hands_at_four_three(sample_deals(60, 7), "book", Rules())
    model, n = P.reading_model("book", Rules()), len(table["hands"])
    careful = played_with_the_book(table, [ELDEST] * n, P.WORLDS, 3, model, careful=P.NEED)[0]
    points = played_with_the_book(table, [ELDEST] * n, P.WORLDS, 3, model)[0]
    parted = 0
    for i in range(n):
        differ = np.flatnonzero(careful[i] != points[i])
        if len(differ):
            parted += 1
            # the same cards up to there, and the first card that differs is B's
            assert hand_infos(table, i, careful[i])[int(differ[0])].player == ELDEST
    assert 0 < parted < n

"""The score chart: the ladder of hands, how far down it calling gains, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.game.cards import parse_cards
from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.run.runner import run_study, settings_for
from fastcore.vocabulary import mask_of
from studies import score_chart
from analysis.bidding.rungs import RUNGS, rung_of
from studies.score_chart import STUDY, lightest

SPADES = 0


def _rung(text: str) -> int:
    return int(rung_of(np.array([mask_of(parse_cards(text))], np.uint32), np.array([SPADES], np.int8))[0])


@pytest.mark.parametrize("hand, rung", [
    ("JS JC AS 7H 8D", 2),     # both bowers and the ace: three trumps with a bower
    ("9S TS QS KS AH", 1),     # four trumps
    ("JC 9S TS AH KD", 2),     # three trumps with the left
    ("AS KS 7S AH 8D", 3),     # three trumps, no bower
    ("JS 7S AH 8D 9D", 4),     # two trumps with the right
    ("JC 7S AH 8D 9D", 5),     # the left and another, an outside ace
    ("AS 7S KH 8D 9D", 6),     # the ace and another, no outside ace
    ("KS 7S AH AD 9D", 7),     # two lower trumps
    ("KS AH AD AC 9D", 8),     # one trump
    ("AH AD AC KH 9D", 0),     # none: not on the ladder (-1)
])
def test_the_ladder_reads_the_trumps_held(hand, rung):
    assert _rung(hand) == rung - 1


def test_how_far_down_calling_gains_stops_at_the_first_rung_that_loses():
    lad = pd.DataFrame({"seat": "C", "own": 0, "theirs": 0, "rung": [1, 2, 3, 4, 5],
                        "rubber": [0.5, 0.2, -0.1, 0.3, 0.1], "rubber_low": [0.4, -0.1, -0.2, 0.1, -0.1]})
    assert lightest(lad).to_dict("records") == [{"seat": "C", "own": 0, "theirs": 0, "rung": 2, "sure": False}]
    none = lad.assign(rubber=-0.1)
    assert lightest(none)["rung"].tolist() == [0]


def test_every_seat_and_score_is_a_scenario_and_a_game_of_ten_is_refused():
    names = STUDY.scenarios(settings_for(STUDY, options={"replicates": 2}))
    assert names[:5] == [f"game-{a}" for a in range(5)] and len(names) == 5 + 4 * 25 * 2
    assert len(STUDY.scenarios(settings_for(STUDY, options={"seats": "B"}))) == 5 + 25
    with pytest.raises(EuchreError, match="option seats"):
        STUDY.scenarios(settings_for(STUDY, options={"seats": "X"}))
    with pytest.raises(EuchreError, match="game of 5"):
        STUDY.scenarios(settings_for(STUDY, rules=Rules.of(pack=24)))


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs_and_a_chart(tmp_path):
    kw = dict(deals=250, chunk_size=250, progress=False, options={"cap": 6, "seats": "CA"})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    lad = score_chart.ladder(table, {"root_seed": 1888})
    assert set(lad["seat"]) == set("CA") and lad["rung"].between(1, len(RUNGS)).all()
    assert (lad["rubber_low"] <= lad["rubber"]).all() and (lad["rubber"] <= lad["rubber_high"]).all()
    report = STUDY.render(table, {"rules": {"pack": 32}, "root_seed": 1888, "options": {"cap": 6}}, tmp_path)
    assert (tmp_path / "ladder.csv").exists() and (tmp_path / "lightest_call.png").exists()
    assert "love-all" in report.headline

"""The lone_play study: the lone_hands study's own rows and estimators, on the same deals under each engine."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.game.rules import Rules, Score
from analysis.run.runner import run_study, settings_for
from fastcore.sampler import sample_deals
from studies import lone_play
from studies.common import lone_arms
from studies.common.table_side import SIDE_BY_SIDE_ENGINES
from studies.lone_play import STUDY

RULES = Rules()


def test_the_chosen_deals_are_the_lone_hands_rows_of_strong_decisions_under_every_engine():
    deals = sample_deals(1000, np.random.SeedSequence(7), pack=32)
    table = lone_play.chunk_rows(deals, 3, RULES, 25, 4, np.random.SeedSequence(11))
    per_engine = table.groupby("engine")["deals"].sum()
    assert set(per_engine.index) == set(SIDE_BY_SIDE_ENGINES) and len(set(per_engine)) == 1
    assert (table["strength"] >= 1).all() and (table["kind"] != lone_arms.KINDS.index("void")).all()
    # the double-dummy rows are the lone_hands study's rows of the first 25 such deals, at their scores
    expected = []
    for b in range(5):
        idx = np.arange(b, 1000, 5)
        rows = lone_arms.score_rows(deals[idx], Score(3, b), RULES)
        rows = rows[(rows["kind"] != 0) & (rows["strength"] >= 1)]
        expected.append(rows.assign(deal=idx[rows["deal"]]))
    expected = pd.concat(expected)
    first = np.sort(expected["deal"].unique())[:25]
    expected = expected[expected["deal"].isin(first)].assign(engine="dd")
    want = expected.groupby(lone_play.ROW_KEYS).size().rename("deals").reset_index()
    got = table[table["engine"] == "dd"].reset_index(drop=True)
    pd.testing.assert_frame_equal(got.sort_values(lone_play.ROW_KEYS).reset_index(drop=True),
                                  want.sort_values(lone_play.ROW_KEYS).reset_index(drop=True), check_dtype=False)


def test_the_estimates_are_the_lone_hands_estimators_on_each_engines_rows():
    rows = pd.DataFrame({"engine": ["dd", "dd", "pimc", "pimc"], "a": 0, "b": 0, "kind": 1, "seat": 1, "round": 1,
                         "strength": 1, "trumps": 3, "right": 1, "left": 0, "aces": 0, "book_alone": False,
                         "arm1": [-2, 1, 4, 1], "arm0": [1, 1, 1, 2], "deals": [3, 1, 2, 2]})
    dd = STUDY.estimate("L2.desperate.dd", rows)          # with the partner - alone
    assert dd.n == 4 and dd.mean == pytest.approx((3 * 3 + 0) / 4)
    assert STUDY.estimate("L2.desperate.pimc", rows).mean == pytest.approx((2 * -3 + 2 * 1) / 4)
    assert STUDY.estimate("L2.light.pimc", rows) is None       # no light hands
    assert [t.claim for t in STUDY.claims] == ["L2", "L2", "L5", "L5", "L5", "L7"]
    assert all(t.key.endswith(".pimc") for t in STUDY.claims)


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=1_000, chunk_size=500, progress=False, options={"cap": 6, "worlds": 8})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    assert set(table["engine"]) == set(SIDE_BY_SIDE_ENGINES)
    report = STUDY.render(table, {"rules": {"pack": 32}, "options": {"cap": 6, "worlds": 8}}, tmp_path)
    assert len(report.table) == len(lone_play.KEYS_AT_TABLE) and "PIMC - double-dummy [95%]" in report.table.columns

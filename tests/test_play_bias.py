"""The play_bias study: the book's orientation, the bias on the same deals, reproducibility."""
from __future__ import annotations

import pandas as pd
import pytest

from analysis.run.runner import run_study, settings_for
from studies import play_bias as pb
from studies.play_bias import STUDY


def test_the_books_orientation_and_the_bias_are_paired_on_the_same_deals():
    table = pd.DataFrame({"group": ["E2", "E2", "E1"], "book": [False, False, True],
                          "dd_call": [2, -2, 1], "dd_pass": [0, 1, -1], "pimc_call": [1, -2, 1], "pimc_pass": [0, 0, 1],
                          "book_call": [1, 1, 1], "book_pass": [1, 1, 1], "deals": [3, 1, 2]})
    dd = pb.gain(table, "E2", "dd")                  # the book passes with E2: pass - call
    assert dd.n == 4 and dd.mean == pytest.approx(-(3 * 2 + 1 * -3) / 4)
    assert pb.gain(table, "E1", "pimc").mean == pytest.approx(0)
    assert pb.bias(table, "E2", "pimc").mean == pytest.approx(-((3 * 1 + 1 * -2) - (3 * 2 + 1 * -3)) / 4)
    assert pb.gain(table, "D1", "dd") is None and STUDY.estimate("E2.pimc", table).mean == pytest.approx(-0.25)


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=2_000, chunk_size=1_000, progress=False, options={"cap": 3, "worlds": 8})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    n = table.groupby("group")["deals"].sum()
    assert set(table["group"]) == set(pb.GROUPS) and n.between(1, 6).all() and (n == 6).sum() >= 6
    report = STUDY.render(table, {"rules": {"pack": 32}, "options": {"cap": 3, "worlds": 8}}, tmp_path)
    assert len(report.table) == len(pb.GROUPS) and "PIMC - double-dummy [95%]" in report.table.columns

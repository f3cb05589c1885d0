"""The modern game beside Benjamin's chart: the game model of each policy and rule at ten points."""
import numpy as np
import pandas as pd
import pytest

from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.run.runner import report_study, run_study, settings_for
from fastcore.sampler import sample_deals
from studies import modern_game as mg
from studies.modern_game import STUDY


def test_deals_are_spread_over_every_score_and_counted_by_outcome():
    rows = mg.game_rows(sample_deals(1000, 4, pack=24), "book", "void")
    assert rows["deals"].sum() == 1000
    per_score = rows.groupby(["a", "b"])["deals"].sum()
    assert len(per_score) == 100 and set(per_score) == {10}
    stuck = mg.game_rows(sample_deals(1000, 4, pack=24), "book", "stick")
    assert (stuck["outcome"] == 0).sum() == 0            # stick-the-dealer: no void hand
    assert rows.loc[rows["outcome"] == 0, "deals"].sum() > 0   # the same deals, void when all pass


def test_the_readings_of_benjamins_figures():
    f = np.arange(100, dtype=float).reshape(10, 10) / 100
    read = {what: fn(f) for what, fn, _ in mg.BENJAMIN}
    assert read["dealing, tied 9-9"] == f[9, 9]
    assert read["dealing at 2 to 8"] == f[2, 8]
    assert read["not dealing at 9 to 6"] == 1 - f[6, 9]
    assert read["dealing at 9 to 8"] == f[9, 8]
    assert [his for _, _, his in mg.BENJAMIN].count(0.51) == 6


def test_the_study_is_the_modern_game_only():
    assert STUDY.refuses(Rules()) and "--pack 24" in STUDY.refuses(Rules())
    assert STUDY.refuses(Rules(pack=24, points_for_game=10)) is None
    with pytest.raises(EuchreError):
        STUDY.scenarios(settings_for(STUDY, pack=32, points_for_game=5))
    assert STUDY.scenarios(settings_for(STUDY)) == ["book-void", "book-stick", "optimised-void", "optimised-stick"]


def test_the_optimised_policies_are_the_modern_games():
    from analysis.bidding.policies import policy_from_name
    for name in ("modern", "modern_stick"):
        assert policy_from_name(name).game == 10


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs_and_a_report_beside_benjamin(tmp_path):
    kw = dict(deals=3000, chunk_size=1500, progress=False)
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw))
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw))
    pd.testing.assert_frame_equal(one.frame, two.frame)
    table = STUDY.summarise(one.frame)
    fitted = mg.models(table, one.manifest)
    assert set(fitted) == {("book", "void"), ("book", "stick"), ("optimised", "void"), ("optimised", "stick")}
    rows = mg.beside_benjamin(fitted)
    assert len(rows) == 4 * len(mg.BENJAMIN)
    assert ((rows["low"] <= rows["ours"]) & (rows["ours"] <= rows["high"])).all()
    out = tmp_path / "1" / "modern_game"
    report_study(STUDY, table, one.manifest, out)
    read = pd.read_csv(out / "beside_benjamin.csv")
    np.testing.assert_allclose(read["ours"], rows["ours"], atol=1e-5)
    f = pd.read_csv(out / "win_book_stick.csv", index_col=0).to_numpy()
    np.testing.assert_allclose(f, fitted[("book", "stick")].f, atol=1e-5)
    text = (out / "report.md").read_text()
    headline = mg._headline(rows)
    assert headline in text and len(headline.split()) <= 60
    assert "Why the figures differ" in text

"""Advice at the table: the worlds shared between the table and its double-dummy twin, the twin's
adjustment, the unit that chooses, the game models played at the table (built once, resumable)."""
import json

import numpy as np
import pytest

import analysis.tools.advise as adv
import analysis.value.outcomes as outcomes
from analysis.commands.cli import main
from analysis.errors import EuchreError
from analysis.game.rules import Rules, Score
from analysis.tools.advise import Spot, advise, table_share, twin_estimate
from analysis.value import models

MODEL_DEALS = 150


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("EUCHRELAB_CACHE", str(tmp_path_factory.getbasetemp() / "advise-cache"))


def test_the_table_worlds_are_shared_out_over_the_chunks():
    assert table_share(40_000, 1_000) == [125] * 8
    assert table_share(12_000, 1_000, chunk=5_000) == [416, 417, 167]
    assert sum(table_share(7, 3, chunk=2)) == 3 and table_share(7, 7, chunk=2) == [2, 2, 2, 1]


def test_the_twin_adjusts_toward_the_whole_sample_and_keeps_less_variance():
    rng = np.random.default_rng(3)
    d_all = rng.normal(0, 1, 20_000)
    t = 0.5 + 0.8 * d_all[:500] + rng.normal(0, 0.5, 500)       # the table's values on the first 500
    est, kept, slope = twin_estimate(t, d_all[:500], d_all)
    plain = t.mean()
    assert slope == pytest.approx(0.8, abs=0.08)
    assert est.mean == pytest.approx(plain + slope * (d_all.mean() - d_all[:500].mean()))
    assert abs(est.mean - 0.5) < abs(plain - 0.5) + 0.05 and kept < 0.35
    assert est.low < est.mean < est.high and est.n == 500
    same, kept_same, _ = twin_estimate(t, np.zeros(500), np.zeros(20_000))   # a twin that says nothing
    assert same.mean == pytest.approx(plain) and kept_same == 1.0


def test_the_unit_that_chooses_is_the_points_at_love_all_and_the_game_elsewhere():
    assert adv.deciding_unit(None, Score(0, 0)) == "points"
    assert adv.deciding_unit(None, Score(2, 3)) == "game"
    assert adv.deciding_unit("points", Score(2, 3)) == "points"
    with pytest.raises(EuchreError, match="by 'rubber'"):
        adv.deciding_unit("rubber", Score(0, 0))


def small(**kw):
    return advise(worlds=300, table_worlds=30, seed=3, model_deals=MODEL_DEALS, **kw)


def test_advice_at_the_table_by_default_in_the_modern_game():
    """24 cards (the calls' tables are small): PIMC reading the calls by default, on 30 of 300 worlds,
    each action's table value adjusted by its twin, the game's chance as the game's unit."""
    got = small(seat="C", hand="JH QH AH KD 9C", turn_up="TH", score="4-6", rules=Rules.modern())
    assert got.play == "pimc-calls" and got.table_worlds == 30 and got.worlds == 300
    assert got.game_unit == "game_win" and got.by == "game"
    assert [v.n for v in got.actions] == [30, 30, 30]
    assert all(0 <= v.kept <= 1 for v in got.actions)
    best = next(v for v in got.actions if v.action == got.best)
    assert best.game.mean == max(v.game.mean for v in got.actions)
    assert all(v.game_vs_best.mean <= 0 for v in got.actions if v.action != got.best)
    text = str(got)
    assert "at the table on 30 of the worlds, table-side play (PIMC reading the calls, 32 worlds a decision)" in text
    assert "the twin left" in text and "best by game-win chance (the score is 4-6: the game is at stake)" in text
    as_json = got.to_json()
    assert as_json["table_worlds"] == 30 and as_json["game_unit"] == "game_win"
    assert json.loads(json.dumps(as_json))["valued"] == adv.worlds_words(got)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_table_answer_whatever_the_jobs(monkeypatch):
    monkeypatch.setattr(adv, "CHUNK", 100)
    spot = Spot.of("B", "JS 9C AS KS QH", "9S", rules=Rules.modern())
    one = advise(spot, worlds=300, table_worlds=45, seed=4, model_deals=MODEL_DEALS).as_dict()
    two = advise(spot, worlds=300, table_worlds=45, seed=4, model_deals=MODEL_DEALS, n_jobs=2).as_dict()
    assert one == two


def test_the_dd_engine_values_every_world_without_a_twin():
    got = advise(seat="B", hand="JS 9C AS KS QH", turn_up="9S", worlds=300, seed=1, model_deals=MODEL_DEALS,
                 play="dd")
    assert got.table_worlds == 0 and all(v.kept == 1.0 and v.n == 300 for v in got.actions)
    assert got.game_unit == "rubber_points" and got.by == "points"
    assert "Valued: 300 worlds, double-dummy play." in str(got)


def test_the_table_plays_a_subset_of_the_worlds(monkeypatch):
    """The table's worlds are the first of each chunk's: its double-dummy twin on them is the
    double-dummy value of those worlds."""
    monkeypatch.setattr(adv, "CHUNK", 100)
    spot = Spot.of("D", "JH AH 9H AS KC", "TH", rules=Rules.modern())
    acts, dd, table, played, _, _ = adv.twin_nets(spot, 250, 20, 5, play="simple")
    assert table.shape == (len(acts), 20) and dd.shape == (len(acts), 250)
    assert list(played) == list(range(0, 8)) + list(range(100, 108)) + list(range(200, 204))
    _, alone, _, _ = adv.action_nets(spot, 250, 5, play="dd")
    np.testing.assert_array_equal(alone, dd)


def test_the_game_model_says_what_its_hands_were_played_by(monkeypatch):
    _, words = models.advice_model(Rules(), "dd", MODEL_DEALS)
    assert words == f"the book's hands, {MODEL_DEALS} at each score, double-dummy play"
    stick = Rules(pack=24, points_for_game=10, stick_the_dealer=True)
    monkeypatch.setattr(models, "shipped_table_model", lambda rules: None)
    _, words = models.advice_model(stick, "pimc-calls", MODEL_DEALS)
    assert words.endswith(": none played at the table is shipped for these rules")


def test_a_table_model_is_built_resumably_and_read_back(tmp_path, monkeypatch):
    rules = Rules(pack=24, points_for_game=2, rubber=False)
    whole, meta = models.build_table_model(rules, tmp_path / "whole.npz", 20, seed=2, play="simple")
    assert whole.shape == (2, 2, 7) and (whole.sum(axis=2) == 20).all() and meta["play"] == "simple"
    calls = []
    real = outcomes.chunk_counts

    def stopping(*args, **kwargs):
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)
    monkeypatch.setattr(outcomes, "chunk_counts", stopping)
    out = tmp_path / "model.npz"
    with pytest.raises(KeyboardInterrupt):
        models.build_table_model(rules, out, 20, seed=2, play="simple")
    assert not out.exists() and len(list((tmp_path / "model.npz.parts").glob("*.npy"))) == 2
    monkeypatch.setattr(outcomes, "chunk_counts", real)
    with pytest.raises(EuchreError, match="other settings"):
        models.build_table_model(rules, out, 20, seed=3, play="simple")
    again, _ = models.build_table_model(rules, out, 20, seed=2, play="simple")
    np.testing.assert_array_equal(again, whole)
    counts, read = models.read_model_file(out)
    np.testing.assert_array_equal(counts, whole)
    assert read == meta and not (tmp_path / "model.npz.parts").exists()


def test_the_game_model_command_refuses_bad_input_in_one_line(tmp_path, capsys):
    for argv, says in ((["--play", "dd"], "--play dd"), (["--deals", "0"], "--deals"),
                       (["--out", str(tmp_path / "m.npy"), "--deals", "5"], "ends in .npz")):
        assert main(["game-model", *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith("euchrelab: error: ") and says in err and err.count("\n") == 1, err


@pytest.mark.parametrize("rules", [Rules(), Rules.modern()], ids=["book", "modern"])
def test_the_shipped_table_models_cover_every_score(rules):
    counts, meta = models.shipped_table_model(rules)
    game = rules.points_for_game
    assert counts.shape == (game, game, 7) and (counts.sum(axis=2) == meta["deals"]).all()
    assert meta["play"] == "pimc-calls" and meta["policy"] == "book" and meta["rules"] == rules.as_dict()

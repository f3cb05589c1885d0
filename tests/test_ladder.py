"""The strength ladder: the double-dummy player, the duplicate matches, the ratings, the command."""
import json

import numpy as np
import pytest

from analysis.commands.cli import main
from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.play.players import DoubleDummyPlayer
from analysis.play.table import play_hands
from analysis.tools.ladder import fit_ratings, match_chunk, run_ladder, write_report
from fastcore.sampler import sample_deals
from fastcore.solver import solve_tricks


@pytest.mark.parametrize("pack", [32, 24])
def test_double_dummy_players_in_every_seat_take_the_solvers_tricks(pack):
    d = sample_deals(60, 11, pack=pack)
    trump = (d.turn_up >> 3).astype(np.int64)
    lone = np.where(np.arange(60) % 3 == 0, np.arange(60) % 4, -1)
    side = np.where(lone >= 0, lone & 1, np.arange(60) & 1)
    got = play_hands(d.hands, trump, lone, side, [DoubleDummyPlayer()] * 4, pack=pack)
    want = solve_tricks(d.hands, trump, None, lone, side, pack=pack)
    assert np.array_equal(got, want)


def test_the_double_dummy_player_needs_to_see_the_hands():
    with pytest.raises(NotImplementedError):
        DoubleDummyPlayer().choose(None, ())


def test_a_match_is_antisymmetric_and_a_player_ties_himself():
    rules = Rules()
    ab = match_chunk("simple", "dd", 0, 40, 5, rules)
    ba = match_chunk("dd", "simple", 0, 40, 5, rules)
    assert np.array_equal(ab, -ba)
    assert ab.mean() < 0                       # seeing every card pays
    assert not match_chunk("simple", "simple", 0, 40, 5, rules).any()


def test_ratings_recover_known_strengths():
    rng = np.random.default_rng(3)
    theta = np.array([0.0, 0.5, 1.2])
    tallies = {}
    for i in range(3):
        for j in range(i + 1, 3):
            p = 1 / (1 + np.exp(-(theta[i] - theta[j])))
            w = rng.binomial(20000, p)
            tallies[(i, j)] = np.array([w, 20000 - w, 0])
    got = fit_ratings(["a", "b", "c"], tallies)
    assert got[0] == 0
    assert np.allclose(got, theta, atol=0.05)


def test_the_ladder_is_the_same_with_one_or_two_workers_and_puts_double_dummy_on_top(tmp_path):
    one = run_ladder(["simple", "book", "dd"], deals=50, seed=2, chunk_size=25, n_jobs=1, bootstrap=30)
    two = run_ladder(["simple", "book", "dd"], deals=50, seed=2, chunk_size=25, n_jobs=2, bootstrap=30)
    a, b = one.as_dict(), two.as_dict()
    for x in (a, b):
        for p in x["players"]:
            p.pop("hands_per_s")
    assert a == b
    assert one.players[0].name == "dd"
    assert {p["name"] for p in a["players"]} == {"simple", "book", "dd"}
    for p in a["players"]:
        assert set(p) >= {"name", "rating", "ci"} and p["ci"][0] <= p["rating"] <= p["ci"][1]
    for p in a["pairs"]:
        assert set(p) >= {"a", "b", "points_per_hand", "ci", "deals"} and p["deals"] > 40
    paths = write_report(one, tmp_path / "ladder")
    text = paths["md"].read_text()
    assert "dd" in text and "Bradley-Terry" in text
    assert json.loads(paths["json"].read_text())["players"][0]["name"] == "dd"


def test_the_command_prints_the_contract_and_refuses_bad_players(capsys, tmp_path):
    assert main(["ladder", "--players", "simple,dd", "--deals", "20", "--json", "--out", str(tmp_path / "l")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in out["players"]] == ["dd", "simple"]
    assert all(isinstance(p["hands_per_s"], float) and p["hands_per_s"] > 0 for p in out["players"])
    assert out["pairs"][0]["a"] == "simple" and out["pairs"][0]["b"] == "dd"
    assert (tmp_path / "l" / "report.html").exists()
    assert main(["ladder", "--players", "simple,nobody"]) == 2
    err = capsys.readouterr().err
    assert "nobody" in err and len(err.strip().splitlines()) == 1
    assert main(["ladder", "--players", "simple"]) == 2
    with pytest.raises(EuchreError):
        run_ladder(["simple", "simple"], deals=5)


def test_the_headline_names_as_many_players_as_its_limits_allow():
    from analysis.game.rules import Rules
    from analysis.reporting.report import headline_problem
    from analysis.tools.ladder import Ladder, Rating, headline_text
    players = [Rating(f"pimc{k}-calls", 100.0 - k, 90.0 - k, 110.0 - k, 1.0) for k in range(80)]
    few = Ladder(players[:3], [], 100, 0, Rules(), 30)
    assert headline_text(few) == ("pimc0-calls tops the ladder at +100 [+90, +110] Elo over simple; the order, "
                                  "strongest first: pimc0-calls, pimc1-calls, pimc2-calls.")
    text = headline_text(Ladder(players, [], 100, 0, Rules(), 30))
    assert headline_problem(text) is None and text.endswith(" more.")
    shown = text.split("strongest first: ")[1].split(" and ")[0].split(", ")
    assert shown == [p.name for p in players[:len(shown)]] and f"and {80 - len(shown)} more." in text


def test_the_ladder_prints_the_commands_table(capsys):
    """str() of the ladder is what ``euchrelab ladder`` prints (its speeds aside, which are measured anew)."""
    import re
    result = run_ladder(["simple", "dd"], deals=20, seed=3)
    assert main(["ladder", "--players", "simple,dd", "--deals", "20", "--seed", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    no_speed = lambda text: re.sub(r"\s+[\d,]+\n", "\n", text)   # noqa: E731 (the hands/s column)
    assert no_speed(str(result)) == no_speed(out)
    assert str(result).startswith("strength ladder: 20 deals") and "<table" in result._repr_html_()
    assert result.to_json()["players"][0]["name"] == "dd"

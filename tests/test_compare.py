"""``euchrelab compare``: duplicate comparison of two policies, the two-policy chain, the CLI."""
import json

import numpy as np
import pytest

from analysis.tools import compare as C
from analysis.value import game_model, rubber
from analysis.commands.cli import main
from analysis.errors import EuchreError
from analysis.bidding.policies import policy_from_name
from analysis.bidding.policy import Policy
from analysis.game.rules import Rules, Score


@pytest.fixture(scope="module")
def book():
    return policy_from_name("book")


def _signed(r):
    """Every signed number of a comparison, in a fixed order."""
    out = []
    for e in (r.points_per_hand, r.game_win, r.rubber_points):
        out += [e.mean, e.low, e.high, e.se]
    return out


def _negated(r):
    out = []
    for e in (r.points_per_hand, r.game_win, r.rubber_points):
        out += [-e.mean, -e.high, -e.low, e.se]
    return out


@pytest.mark.parametrize("rules", [Rules.book(), Rules.of(pack=24, stick_the_dealer=True)])
def test_chain_with_one_table_is_the_rubber_and_game_models(rules):
    rng = np.random.default_rng(3)
    g = rules.points_for_game
    p = rng.dirichlet(np.ones(7), size=(g, g))
    if rules.stick_the_dealer:
        p[..., 0] = 0
        p /= p.sum(axis=-1, keepdims=True)
    assert C.chain_value(p, p, rules, first_deals=True) == pytest.approx(rubber.solve(p, rules).start, abs=1e-10)
    single = Rules(rules.pack, g, rules.stick_the_dealer, rubber=False)
    f = game_model.win_probability(p, single)
    assert C.chain_value(p, p, single, first_deals=True) == pytest.approx(2 * f[0, 0] - 1, abs=1e-10)
    q = rng.dirichlet(np.ones(7), size=(g, g))
    assert C.antisymmetric(p, q, rules) == -C.antisymmetric(q, p, rules)
    assert C.antisymmetric(p, p, rules) == 0.0


@pytest.mark.slow
def test_self_play_is_exactly_zero(book):
    for score in (Score(0, 0), Score(3, 1)):
        r = C.compare(book, book, Rules.book(), deals=30, seed=4, score=score)
        for e in (r.points_per_hand, r.game_win, r.rubber_points):
            assert (e.mean, e.low, e.high) == (0.0, 0.0, 0.0)
        assert all(row.points.mean == 0.0 for row in r.by_decision)
    assert r.differ_share >= 0
    r = C.compare(book, book, Rules.book(), deals=30, seed=4)
    assert r.differ_share == 0.0 and r.by_decision == []


@pytest.mark.slow
def test_swapping_the_policies_negates_every_number(book):
    cautious = policy_from_name("analysis/data/policies/cautious.toml")
    ab = C.compare(book, cautious, Rules.book(), deals=40, seed=2)
    ba = C.compare(cautious, book, Rules.book(), deals=40, seed=2)
    assert _signed(ba) == _negated(ab)
    assert ab.differ_share == ba.differ_share > 0
    assert [(x.seat, x.decision, x.share) for x in ab.by_decision] == [(x.seat, x.decision, x.share) for x in ba.by_decision]
    assert np.array_equal([(-x.points.mean, -x.points.high, -x.points.low) for x in ab.by_decision],
                          [(x.points.mean, x.points.low, x.points.high) for x in ba.by_decision], equal_nan=True)
    # At an unequal score, B against A with the score turned round is the same question negated.
    ab = C.compare(book, cautious, Rules.book(), deals=20, seed=2, score=Score(3, 1))
    ba = C.compare(cautious, book, Rules.book(), deals=20, seed=2, score=Score(1, 3))
    assert _signed(ba) == _negated(ab)


def test_book_clearly_beats_always_pass(book):
    r = C.compare(book, policy_from_name("pass"), Rules.book(), deals=60, seed=1)
    assert r.points_per_hand.low > 0.1
    assert r.game_win.low > 0.3
    assert r.rubber_points.low > 1.0
    # Deals bid alike contribute nothing: the mean is the sum of share x mean by decision.
    total = sum(row.share * row.points.mean for row in r.by_decision)
    assert total == pytest.approx(r.points_per_hand.mean, abs=1e-12)


def _cli(capsys, *argv):
    code = main(["compare", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_json_contract_and_jobs(capsys):
    base = ["book", "analysis/data/policies/cautious.toml", "--games", "12", "--seed", "5", "--json"]
    code, one, _ = _cli(capsys, *base, "--jobs", "1")
    assert code == 0
    code, two, _ = _cli(capsys, *base, "--jobs", "2")
    assert code == 0 and one == two
    obj = json.loads(one)
    assert obj["a"] == "book" and obj["b"] == "cautious" and obj["deals"] == 2000
    for key in ("points_per_hand", "game_win", "rubber_points"):
        assert set(obj[key]) >= {"estimate", "ci", "se"} and len(obj[key]["ci"]) == 2
        lo, hi = obj[key]["ci"]
        assert lo <= obj[key]["estimate"] <= hi
    assert 0 < obj["differ_share"] <= 1
    assert obj["by_decision"] and all(set(x) >= {"seat", "decision", "share", "points"} for x in obj["by_decision"])
    assert {x["decision"] for x in obj["by_decision"]} <= set(C.DECISIONS)
    assert obj["games"]["pairs"] == 12 and set(obj["games"]["win_diff"]) >= {"estimate", "ci", "se"}


def test_whole_games_self_play_and_swap(book):
    cautious = policy_from_name("analysis/data/policies/cautious.toml")
    same = C.duplicate_games(book, book, Rules.book(), games=10, seed=3)
    assert same["win_diff"].mean == 0.0 and same["a_wins"] == 10
    ab = C.duplicate_games(book, cautious, Rules.book(), games=10, seed=3)
    ba = C.duplicate_games(cautious, book, Rules.book(), games=10, seed=3)
    assert ab["win_diff"].mean == -ba["win_diff"].mean


def test_modern_rules_and_text(capsys):
    code, out, _ = _cli(capsys, "book", "points", "--deals", "12", "--pack", "24", "--game", "10",
                        "--stick-the-dealer", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["rules"]["pack"] == 24 and obj["rules"]["points_for_game"] == 10
    assert obj["rubber_points"] == obj["game_win"]          # a single game counts one point
    code, out, _ = _cli(capsys, "book", "pass", "--deals", "10", "--score", "2-1")
    assert code == 0 and "bootstrap" in out and "points per hand at 2-1" in out


def test_report(tmp_path, capsys):
    code, out, _ = _cli(capsys, "book", "pass", "--deals", "10", "--report", str(tmp_path / "cmp"))
    assert code == 0
    for name in ("report.html", "report.md", "by_decision.png", "compare.json"):
        assert (tmp_path / "cmp" / name).stat().st_size > 0
    page = (tmp_path / "cmp" / "report.html").read_text()
    assert 'src="by_decision.png"' in page and 'href="../index.html"' in page      # a page of the reports' site


@pytest.mark.parametrize("argv", [
    ["book", "nosuch"],
    ["book", "pass", "--deals", "0"],
    ["book", "pass", "--deals", "10", "--games", "0"],
    ["book", "pass", "--score", "5-0"],
    ["book", "pass", "--score", "x"],
    ["book", "pass", "--play", "pimcx"],
    ["book", "pass", "--play", "pimc", "--worlds", "0"],
    ["book", "no_such_module_here:Policy"],
    ["book", "examples.cautious:FIRST_ROUND_CALL"],
    ["pass", "pass", "--deals", "5"],
])
def test_bad_input_is_one_line_exit_2(capsys, argv):
    code, out, err = _cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("euchrelab: error:")
    if "pimcx" in argv:
        assert "play engine 'pimcx' is unknown" in err


def test_table_side_self_play_is_exactly_zero_and_named(capsys):
    code, out, _err = _cli(capsys, "book", "book", "--deals", "20", "--play", "simple", "--json")
    got = json.loads(out)
    assert code == 0 and got["play"] == "simple" and got["points_per_hand"]["estimate"] == 0

def test_python_policy_by_module_name():
    p = policy_from_name("examples.cautious:Cautious")
    assert isinstance(p, Policy) and p.name == "cautious (python)"
    with pytest.raises(EuchreError, match="not a Policy"):
        policy_from_name("json:dumps")
    with pytest.raises(EuchreError, match="cannot import"):
        policy_from_name("no_such_pkg.mod:X")


def test_the_report_chart_shows_the_differences_by_decision(book, tmp_path, saved_figures):
    from matplotlib.text import Text
    from PIL import Image
    from analysis.reporting.charts import OKABE_ITO
    result = C.compare(book, policy_from_name("pass"), deals=40, seed=3)
    C.write_report(result, tmp_path)
    fig = saved_figures["by_decision.png"]
    ax = fig.axes[0]
    rows = result.by_decision
    assert rows
    assert [t.get_text() for t in ax.get_yticklabels()] == [f"{r.seat}: {r.decision} ({r.share:.1%})" for r in rows]
    data_line, _, (bars,) = ax.containers[1]          # the bars first, then the error bars
    assert list(data_line.get_xdata()) == pytest.approx([r.points.mean for r in rows])
    ends = [x for seg in bars.get_segments() for x in (seg[0][0], seg[1][0])]
    # a decision met on one deal has no interval: drawn as a bar of no width at its mean
    known = [(r.points.low, r.points.high) if np.isfinite(r.points.low) else (r.points.mean,) * 2 for r in rows]
    assert ends == pytest.approx([x for pair in known for x in pair])
    widths = [p.get_width() for p in ax.containers[0]]
    assert widths == pytest.approx([r.share * r.points.mean for r in rows])
    assert data_line.get_color().upper() == OKABE_ITO[0]
    assert all(p.get_facecolor()[:3] == pytest.approx(tuple(int(OKABE_ITO[4][i:i + 2], 16) / 255 for i in (1, 3, 5)))
               for p in ax.containers[0])
    texts = [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]
    assert min(t.get_fontsize() for t in texts) >= 8
    assert "double-dummy play" in ax.get_title()
    assert Image.open(tmp_path / "by_decision.png").size[0] <= 1250


@pytest.mark.parametrize("play, words", [("dd", "double-dummy play"), ("simple", "table-side play")])
def test_the_report_title_names_the_engine_and_the_headline_keeps_its_limits(book, tmp_path, play, words):
    from analysis.reporting.report import headline_problem
    result = C.compare(book, policy_from_name("pass"), deals=10, seed=1, play=play)
    C.write_report(result, tmp_path)
    title, headline = (tmp_path / "report.md").read_text().split("\n\n")[:2]   # the index reads these two
    headline = headline.removeprefix("**Headline.** ")
    assert title == f"# Duplicate comparison, {words}: book against always-pass"
    assert headline_problem(headline) is None
    assert headline.startswith(f"book minus always-pass, {C.play_words(play, 32)}: ")
    result.a = "a policy of the book with a long name read from a file of settings"
    result.b = "the same policy with every call of the dealer in the second round made lighter"
    assert headline_problem(C.headline_text(result)) is None


def test_the_text_names_the_policies_never_seats_as_policies(capsys):
    """The policies by their names, the sides as A+C and B+D, each seat's role said once."""
    code, out, _ = _cli(capsys, "book", "pass", "--deals", "10", "--score", "3-1", "--games", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("book against always-pass; ")
    assert lines[1] == "seats: A dealer · B eldest hand · C dealer's partner · D third hand"
    assert "book sitting A+C and always-pass B+D, then the other way round" in lines[2]
    assert lines[3] == "book minus always-pass, 95% intervals:"
    assert "(t over the deals; book's side first)" in out and "book won " in out
    assert "points per deal (book - always-pass)" in out
    for seats_as_policies in ("A = ", "B = ", "P(A)", "A - B", "A minus B", " AC", " BD", "A won"):
        assert seats_as_policies not in out, seats_as_policies


def test_two_policies_of_one_name_are_first_and_second(book, tmp_path):
    result = C.compare(book, book, deals=10, seed=2)
    assert C.policy_labels("book", "book") == ("book (first)", "book (second)")
    assert str(result).startswith("book (first) against book (second); ")
    assert "book (first) minus book (second), 95% intervals:" in str(result)
    data = result.as_dict()                      # the JSON keeps the names as they are
    assert data["a"] == data["b"] == "book"


def test_the_report_and_its_chart_name_the_policies(book, tmp_path, saved_figures):
    result = C.compare(book, policy_from_name("pass"), deals=10, seed=1)
    C.write_report(result, tmp_path)
    assert saved_figures["by_decision.png"].axes[0].get_xlabel() == (
        "points, book minus always-pass\nseats: A dealer · B eldest hand · C dealer's partner · D third hand")
    md = (tmp_path / "report.md").read_text()
    assert "measure (book minus always-pass)" in md and "book sitting A+C then B+D" in md
    assert "A dealer · B eldest hand · C dealer's partner · D third hand" in md
    assert "A (" not in md and "AC" not in md and "A's" not in md
    assert "book minus always-pass" in result._repr_html_()

"""Reports: the Markdown and HTML pages, the charts, the index, re-rendering, and
the study commands of the command line."""
from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest

import toy_study as toy
from analysis.reporting import charts
from analysis import storage
from analysis.commands.cli import main
from analysis.reporting.markup import html_grid, md_grid, md_to_html, page_head
from analysis.reporting.report import write_index
from analysis.run.runner import rerender, run_and_report, run_study


def _run(tmp_path, **overrides):
    return run_and_report(toy, toy.toy_settings(tmp_path, **overrides))


@pytest.fixture
def figures(monkeypatch):
    """Every chart drawn while the test runs, by file name, as the matplotlib figure it saved."""
    drawn = {}
    save = charts._save

    def keep(fig, path):
        drawn[path.name] = fig
        return save(fig, path)
    monkeypatch.setattr(charts, "_save", keep)
    return drawn


def _png(path) -> np.ndarray:
    """The pixels of a PNG as (height, width, 3) integers 0-255."""
    from matplotlib.image import imread
    return np.round(imread(path)[:, :, :3] * 255).astype(int)


def _pixels_near(image: np.ndarray, rgb, tolerance: int = 12) -> int:
    return int((np.abs(image - np.array(rgb)).max(axis=2) <= tolerance).sum())


@pytest.mark.slow
def test_report_has_verdicts_charts_and_the_double_dummy_caveat(tmp_path):
    _outcome, paths = _run(tmp_path)
    md = paths["markdown"].read_text()
    page = paths["html"].read_text()
    assert "## Verdicts" in md and "| X1 |" in md
    assert "supported" in md          # high - low = 0.5 over 2000 deals is decisive
    assert "![The means.](means.png)" in md
    assert "double-dummy" in md and "perfect-information" in md
    # the HTML page links its charts, the PNG files beside it
    images = re.findall(r'<img [^>]*src="([^"]+)"', page)
    assert images == ["means.png"] and (tmp_path / "toy" / "means.png").stat().st_size > 1000
    assert '<td class="supported">supported (material)</td>' in page   # +0.5 is far beyond the margin
    assert "High is higher than low." in page
    verdicts = pd.read_csv(paths["verdicts"])
    assert list(verdicts["claim"]) == ["X1"] and verdicts["verdict"][0] == "supported"
    assert pd.read_parquet(paths["results"]).shape[0] == 2


@pytest.mark.slow
def test_the_chart_shows_the_results_of_the_table(tmp_path, figures):
    _outcome, paths = _run(tmp_path)
    table = pd.read_parquet(paths["results"]).set_index("scenario")
    ax = figures["means.png"].axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == list(table.index)
    points = ax.containers[0].lines[0]          # the error bars' points: one per scenario
    assert np.allclose(points.get_ydata(), table["mean"].to_numpy())
    assert abs(table.loc["high", "mean"] - table.loc["low", "mean"] - 0.5) < 0.15   # the toy's shift
    bars = ax.containers[0].lines[2][0].get_segments()   # one vertical segment per point
    assert np.allclose([abs(b[1, 1] - b[0, 1]) for b in bars], 0.2)   # the toy draws +- 0.1
    assert np.allclose([b[:, 1].mean() for b in bars], table["mean"].to_numpy())
    image = _png(tmp_path / "toy" / "means.png")
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 20              # not blank
    assert _pixels_near(image, (0, 114, 178)) > 20                        # the points, in the palette's first colour


def test_a_heatmap_prints_each_cell_and_colours_it_by_sign(tmp_path, figures):
    mean = np.array([[1.5, -1.5], [np.nan, 0.25]])
    panel = {"mean": mean, "half": np.array([[0.1, 0.2], [np.nan, 0.05]]), "n": np.array([[120, 40_000], [0, 77]])}
    path = charts.heatmap_panels(tmp_path / "h.png", {"one": panel}, row_labels=["r0", "r1"], col_labels=["c0", "c1"],
                                 title="t", xlabel="x", ylabel="y", unit="points", limit=2.0)
    ax = figures["h.png"].axes[0]
    cells = {(round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in ax.texts}
    assert cells == {(0, 0): "+1.50\n±0.10\nn=120", (0, 1): "-1.50\n±0.20\nn=40k", (1, 1): "+0.25\n±0.05\nn=77"}
    drawn = ax.images[0].get_array()
    assert drawn.mask.tolist() == [[False, False], [True, False]]
    assert np.allclose(drawn.data[~drawn.mask], mean[np.isfinite(mean)])
    image = _png(path)
    blue = tuple(round(255 * c) for c in ax.images[0].cmap(ax.images[0].norm(1.5))[:3])
    red = tuple(round(255 * c) for c in ax.images[0].cmap(ax.images[0].norm(-1.5))[:3])
    assert blue[2] > blue[0] and red[0] > red[2]           # gains blue, losses red
    for colour in (blue, red, (217, 217, 217)):              # and the empty cell grey
        assert _pixels_near(image, colour, 3) > 200, colour


@pytest.mark.slow
def test_index_links_every_study_with_a_report_including_foreign_ones(tmp_path):
    _run(tmp_path)
    coups = tmp_path / "coups"
    coups.mkdir()
    (coups / "report.md").write_text("# The coups of the book\n\nSix of nine coups hold double-dummy.\n")
    (coups / "report.html").write_text("<html></html>")
    (tmp_path / "empty").mkdir()
    index = write_index(tmp_path).read_text()
    assert 'href="toy/report.html"' in index and 'href="coups/report.html"' in index
    assert "Six of nine coups hold double-dummy." in index and "high - low" in index
    assert "empty" not in index


def test_rerender_from_saved_results_and_from_chunks(tmp_path):
    _outcome, paths = _run(tmp_path)
    first = paths["markdown"].read_text()
    paths["markdown"].unlink()
    again = rerender(tmp_path / "toy")
    assert again["markdown"].read_text() == first
    again["results"].unlink()   # only the chunks left: summarised again
    assert rerender(tmp_path / "toy")["markdown"].read_text() == first
    assert not (tmp_path / "toy" / storage.LOCK_NAME).exists()


@pytest.mark.slow
def test_a_report_saved_by_another_version_is_named_in_one_line_and_the_others_still_drawn(tmp_path, capsys):
    _run(tmp_path)
    _run(tmp_path / "other")
    (tmp_path / "other" / "toy").rename(tmp_path / "toy_again")
    saved = storage.read_table(tmp_path / "toy" / "results.parquet")
    storage.write_table(saved.drop(columns=["var"]), tmp_path / "toy" / "results.parquet")
    before = (tmp_path / "toy" / "report.md").read_text()
    (tmp_path / "toy_again" / "report.md").unlink()
    assert main(["report", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "missing from the saved run ('var')" in err and "run it again" in err
    assert (tmp_path / "toy" / "report.md").read_text() == before       # nothing half-written
    assert (tmp_path / "toy_again" / "report.md").exists() and (tmp_path / "index.html").exists()


def test_rerender_of_a_run_with_other_rules_summarises_with_those_rules(tmp_path, user_studies):
    from analysis.run.registry import load_study
    from analysis.run.runner import settings_for
    coin = load_study("userstudies.coin")
    settings = settings_for(coin, deals=200, chunk_size=100, pack=24, out=str(tmp_path), progress=False)
    _outcome, paths = run_and_report(coin, settings)
    paths["results"].unlink()
    again = rerender(tmp_path / "coin")
    assert again["markdown"].read_text() == paths["markdown"].read_text()
    manifest = json.loads((tmp_path / "coin" / "manifest.json").read_text())
    assert manifest["rules"] == {"pack": 24, "points_for_game": 10, "stick_the_dealer": False}


@pytest.mark.slow
def test_report_command(tmp_path, capsys):
    _run(tmp_path)
    assert main(["report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("index.html") and "toy" in out
    assert main(["report", str(tmp_path / "nothing")]) == 2


def test_markdown_subset():
    html = md_to_html("> *quoted*\n\n- a `b`\n- **c**\n\n| x | y |\n|---|---|\n| 1 | 2 |")
    assert "<blockquote><em>quoted</em></blockquote>" in html
    assert "<li>a <code>b</code></li>" in html and "<strong>c</strong>" in html
    assert "<th>x</th>" in html and "<td>2</td>" in html


def test_tables_of_text_cells_in_markdown_and_html():
    head, rows = ["claim", "verdict"], [["E1", "a | b"], ["E2", "*mixed*"]]
    md = md_grid(head, rows)
    assert md.splitlines() == ["| claim | verdict |", "|---|---|", "| E1 | a \\| b |", "| E2 | *mixed* |"]
    assert md_to_html(md) == "<table><thead><tr><th>claim</th><th>verdict</th></tr></thead><tbody>" \
        "<tr><td>E1</td><td>a | b</td></tr><tr><td>E2</td><td><em>mixed</em></td></tr></tbody></table>"
    page = html_grid(head, rows, css="counts")
    assert page.startswith('<table class="counts"><thead><tr><th>claim</th>') and "<td><em>mixed</em></td>" in page


def test_every_page_opens_alike():
    start, title, style = page_head("A &amp; B", "h1{color:red}")
    assert start == '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    assert title == "<title>A &amp; B</title>" and style == "<style>h1{color:red}</style></head><body>"


def test_studies_command_lists_the_installed_studies(capsys):
    assert main(["studies", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert {"name", "title", "description", "default_suite", "defaults"} == set(items[0])
    assert [i["name"] for i in items[:3]] == ["hand_strength", "book_bidding", "lone_hands"]
    assert all(i["default_suite"] for i in items[:3])
    assert main(["studies"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("* hand_strength ") and lines[2].startswith("* lone_hands ")


def test_studies_command_describes_a_study_of_ones_own(capsys, user_studies):
    assert main(["studies", "userstudies.coin", "--json"]) == 0
    items = {i["name"]: i for i in json.loads(capsys.readouterr().out)}
    assert items["userstudies.coin"]["description"] == "heads in fair coin flips"
    assert not items["userstudies.coin"]["default_suite"]


def test_run_command_rejects_unknown_study_before_any_work(tmp_path, capsys):
    assert main(["run", "toy_study.nope", "no_such_study", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot import the study module 'toy_study.nope'" in err and err.count("\n") == 1
    assert main(["run", "no_such_study", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no study 'no_such_study': known studies are " in err
    assert all(f"{name}, " in err for name in ("book_bidding", "hand_strength", "lone_hands"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_studies_of_the_books_scores_refuse_another_game_and_the_suite_leaves_them_out(tmp_path, capsys,
                                                                                       monkeypatch, user_studies):
    assert main(["run", "score", "--game", "10", "--pack", "24", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "the score study tests the scores the book names in its game of 5 points" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
    from analysis.run import registry
    monkeypatch.setattr(registry, "default_suite", lambda: ["userstudies.several:FAIR", "score", "bridge"])
    code = main(["run", "default", "--game", "10", "--pack", "24", "--deals", "150", "--chunk-size", "100",
                 "--out", str(tmp_path), "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "score left out" in err and "bridge left out" in err
    assert out.count(" deals in ") == 1   # the one study that plays this game


def test_run_command_runs_a_study_of_ones_own_with_the_rules_given(tmp_path, capsys, user_studies):
    code = main(["run", "userstudies.several:FAIR", "--deals", "150", "--chunk-size", "100", "--pack", "24",
                 "--game", "7", "--stick-the-dealer", "--out", str(tmp_path), "--no-progress"])
    assert code == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert out.startswith("coin: 300 deals in ") and "(4 chunks computed, 0 resumed)" in out
    manifest = json.loads((tmp_path / "coin" / "manifest.json").read_text())
    assert manifest["rules"] == {"pack": 24, "points_for_game": 7, "stick_the_dealer": True}
    chunk_frame = pd.concat(pd.read_parquet(p) for p in sorted((tmp_path / "coin" / "chunks").glob("*/*.parquet")))
    assert set(chunk_frame["pack"]) == {24} and set(chunk_frame["game"]) == {7}


def test_run_command_rejects_bad_rules_in_one_line(tmp_path, capsys, user_studies):
    assert main(["run", "userstudies.coin", "--game", "0", "--out", str(tmp_path)]) == 2
    assert "points for game must be a positive whole number" in capsys.readouterr().err


@pytest.mark.slow
def test_hand_strength_study_end_to_end(tmp_path, capsys, figures):
    code = main(["run", "hand_strength", "--deals", "400", "--jobs", "1", "--out", str(tmp_path), "--no-progress"])
    assert code == 0
    folder = tmp_path / "hand_strength"
    md = (folder / "report.md").read_text()
    for needle in ("## Verdicts", "| S6 |", "## Position alone", "| B - D |", "heatmap_turn.png", "double-dummy"):
        assert needle in md
    table = pd.read_parquet(folder / "results.parquet")
    assert table["deals"].sum() == 400 * 4 * 3    # 4 seats x 3 contracts
    assert set(table["contract"]) == {"turn", "next", "cross"}
    assert (table[[f"tricks_{k}" for k in range(6)]].sum(axis=1) == table["deals"]).all()
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["deals"] == 1600
    assert manifest["module"] == "studies.hand_strength"
    assert capsys.readouterr().out.strip().endswith("index.html")

    # The round-one heatmap prints, in each cell of each seat's panel, the makers' mean net points
    # and the deals of that hand class in the results table, and draws the same means.
    turn = table[table["contract"] == "turn"]
    by_class = turn.groupby(["seat", "trumps", "outside_aces"])[["net_sum", "deals"]].sum()
    fig = figures["heatmap_turn.png"]
    panels = [ax for ax in fig.axes if ax.images]
    assert len(panels) == 4
    checked = 0
    for ax, seat in zip(panels, "ABCD"):
        assert ax.get_title().startswith(seat)
        drawn = ax.images[0].get_array()
        printed = {}
        for text in ax.texts:
            x, y = text.get_position()
            first, *_rest, last = text.get_text().split("\n")
            printed[(round(y), round(x))] = (float(first), int(last.removeprefix("n=")))
        expected = {(int(t), int(a)): (row.net_sum / row.deals, int(row.deals))
                    for (s, t, a), row in by_class.iterrows() if s == seat and row.deals >= 30 and t < 6 and a < 4}
        assert set(printed) == set(expected)
        for cell, (mean, deals) in expected.items():
            assert printed[cell][1] == deals and abs(printed[cell][0] - mean) <= 0.005 + 1e-9
            assert abs(drawn[cell] - mean) < 1e-9
            checked += 1
        assert drawn.mask.sum() == drawn.size - len(expected)
    assert checked >= 8


@pytest.mark.slow
def test_csv_fallback_without_pyarrow(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "HAVE_PARQUET", False)
    _outcome, paths = _run(tmp_path)
    assert paths["results"].name == "results.csv"
    assert list((tmp_path / "toy" / "chunks").glob("*/*.csv")) and not list((tmp_path / "toy").rglob("*.parquet"))
    first = paths["markdown"].read_text()
    assert rerender(tmp_path / "toy")["markdown"].read_text() == first
    # a resumed run reads the CSV chunks back
    outcome = run_study(toy, toy.toy_settings(tmp_path, resume=True))
    assert outcome.computed == [] and len(outcome.frame) == 2_000


def test_a_registered_study_that_cannot_be_loaded_is_named(tmp_path, monkeypatch, capsys):
    from importlib.metadata import EntryPoint

    from analysis.run import registry
    points = {**registry.registered(), "broken": EntryPoint("broken", "no_such_package.study", registry.GROUP)}
    monkeypatch.setattr(registry, "registered", lambda: points)
    assert main(["studies"]) == 0
    line = [x for x in capsys.readouterr().out.splitlines() if "broken" in x]
    assert len(line) == 1 and "cannot import the study module 'no_such_package.study'" in line[0]
    assert main(["run", "default", "--out", str(tmp_path)]) == 2   # the suite needs every study
    assert "cannot be loaded" in capsys.readouterr().err and list(tmp_path.iterdir()) == []


def test_the_table_side_headline_names_the_verdicts_that_change():
    from analysis.reporting.report import table_side_headline
    from analysis.experiment.stats import Claim, Estimate, verdicts

    def judged(key, mean):
        return verdicts([Claim("E1", "", "", Estimate(mean, mean - 0.02, mean + 0.02, 0.01, 1.0, 10_000, 0.0),
                               key=key)])[0]
    dd = {"E1": judged("E1.dd", 0.3)}
    assert table_side_headline([judged("E1.pimc", 0.3)], dd, "class", "classes") == (
        "Every class keeps its double-dummy verdict when all four players play by PIMC instead (1 classes, the same deals).")
    changed = table_side_headline([judged("E1.pimc", -0.3)], dd, "class", "classes")
    assert changed.startswith("Verdicts that change") and "E1: supported (material) double-dummy, contradicted " \
        "(material) at the table (+0.300 -> -0.300)" in changed
    assert table_side_headline([], dd, "class", "classes") == "No class was measured."


def test_a_claims_chart_shows_each_test_row_by_row_in_its_unit(tmp_path, saved_figures):
    from chart_data import check_claims_chart
    from analysis.experiment.stats import Claim, Estimate, verdicts
    tests = verdicts([Claim("E1", "", "", Estimate(0.7, 0.6, 0.8, 0.05, 1.0, 400, 0.0), key="E1", label="E1 call"),
                      Claim("E2", "", "", Estimate(-0.2, -0.3, -0.1, 0.05, 1.0, 900, 0.0), key="E2", label="E2 pass"),
                      Claim("E3", "", "", Estimate(0.01, -0.5, 0.5, 0.25, 1.0, 50, 0.5), key="E3", label="E3 next"),
                      Claim("L1", "", "", Estimate(0.3, 0.2, 0.4, 0.05, 1.0, 70, 0.0), key="L1",
                            unit="expected net rubber points")])
    charts.claims_chart(tmp_path / "claims.png", tests, unit="points per hand")
    check_claims_chart(saved_figures["claims.png"], tests, "points per hand")
    colours = [line.get_color() for line in saved_figures["claims.png"].axes[0].lines if len(line.get_xdata()) == 1]
    assert colours == [charts.VERDICT_COLOURS[v.verdict] for v in tests[:3]]


def test_a_study_report_prints_its_verdicts():
    """A study's report prints its title, headline and verdicts; JSON and HTML say the same."""
    from analysis.experiment.stats import Claim, Estimate, verdicts
    from analysis.reporting.report import StudyReport
    tests = verdicts([Claim("E1", "", "ordering - passing", Estimate(0.7, 0.6, 0.8, 0.05, 1.0, 400, 0.0),
                            key="E1", label="E1 call"),
                      Claim("E2", "", "passing - ordering", Estimate(0.01, -0.5, 0.5, 0.25, 1.0, 50, 0.5),
                            key="E2", label="E2 pass")])
    report = StudyReport("toy", "A toy study", "", "", pd.DataFrame(), verdicts=tests, headline="E1 holds.")
    text = str(report)
    assert text.startswith("A toy study\n\nE1 holds.") and "| E1 " in text and "| E2 " in text
    assert [v["verdict"] for v in report.to_json()["verdicts"]] == [t.verdict for t in tests]
    assert json.dumps(report.to_json()) and "<table" in report._repr_html_()

"""The figure of every claim on the index: its data (claims.csv), what it draws, and the index
that opens with it."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_hex

from test_ledger import every_coup, row, write_study
from analysis.reporting import overview
from analysis.reporting.charts import VERDICT_COLOURS
from analysis.reporting.ledger import build_ledger
from analysis.reporting.report import write_index


@pytest.fixture
def reports(tmp_path):
    """E1 supported in points and in game-win, E2 contradicted, S3 with four entries that disagree,
    the coups double-dummy (no margin)."""
    write_study(tmp_path, "bidding", [
        row("E1", "E1", "supported"),
        row("E1", "E1.game", "supported", unit="probability of winning the game", margin=0.005, estimate=0.02,
            sim_low=0.01, sim_high=0.03),
        row("E2", "E2", "contradicted"),
        *[row("S3", f"S3.{k}", outcome) for k, outcome in enumerate(("supported", "negligible", "inconclusive",
                                                                        "contradicted"))],
        row("T1", "T1", "supported", engine="pimc-calls")])
    every_coup(tmp_path)
    return tmp_path


def test_each_test_is_its_estimate_and_interval_in_margins(reports):
    frame = overview.overview_frame(build_ledger(reports))
    e1 = frame[frame["claim"] == "E1"].set_index("test")
    assert e1.loc["E1 label", "in_margins"] == pytest.approx(0.20 / 0.05)
    assert (e1.loc["E1.game label", ["in_margins", "low_in_margins", "high_in_margins"]].tolist()
            == pytest.approx([4.0, 2.0, 6.0]))
    assert set(frame[frame["claim"] == "S3"]["verdict"]) == {"supported", "negligible", "inconclusive", "contradicted"}
    coups = frame[frame["part"] == "Coups"]
    assert len(coups) and coups["in_margins"].isna().sum() == (coups["margin"].isna()).sum()
    assert frame.loc[frame["claim"] == "T1", "marker"].item() == "PIMC reading the calls"


def test_the_figure_draws_every_test_where_its_data_says(reports):
    ledger = build_ledger(reports)
    frame = overview.overview_frame(ledger)
    fig = overview.draw_overview(ledger)
    ax, side = fig.axes[:2]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == len(ledger.entries)                  # a row for every claim, tested or not
    assert labels[0].startswith("E1  supported (robust)") and any(x.startswith("E11  untested") for x in labels)
    # the markers: one per test with a margin, at its estimate in margins, coloured by its verdict
    points = [(line.get_xdata()[0], to_hex(line.get_color())) for line in ax.lines
              if line.get_marker() not in ("None", "", None) and len(line.get_xdata()) == 1]
    scaled = frame[np.isfinite(frame["in_margins"])]
    assert sorted(x for x, _ in points) == pytest.approx(sorted(scaled["in_margins"]))
    want = sorted((round(x, 6), VERDICT_COLOURS[v].lower()) for x, v in zip(scaled["in_margins"], scaled["verdict"]))
    assert sorted((round(x, 6), c) for x, c in points) == want
    # the tests with no margin (the coups' printed deals) stand in the side column
    marked = [line for line in side.lines if line.get_marker() not in ("None", "", None)]
    assert len(marked) == int(frame["in_margins"].isna().sum()) > 0
    # the margin band: -1 to +1 on every test's scale
    band = ax.patches[0]
    assert (band.get_x(), band.get_x() + band.get_width()) == (-1, 1)
    assert all(t.get_fontsize() >= 7.5 for t in ax.get_yticklabels() + ax.get_xticklabels())


def test_a_permissive_test_is_hollow_and_a_test_beyond_the_axis_has_an_arrow(tmp_path):
    write_study(tmp_path, "bidding", [
        row("S4", "S4", "supported", permissive=True, estimate=-0.02, sim_low=-0.04, sim_high=0.0),
        row("E1", "E1", "supported", estimate=20.0, sim_low=19.0, sim_high=21.0)])
    ledger = build_ledger(tmp_path)
    frame = overview.overview_frame(ledger)
    assert frame.set_index("claim").loc["S4", "permissive"] and frame.set_index("claim").loc["E1", "in_margins"] == 400
    ax = overview.draw_overview(ledger).axes[0]
    dots = {round(line.get_xdata()[0], 6): line for line in ax.lines if len(line.get_xdata()) == 1}
    hollow = dots[round(-0.02 / 0.05, 6)]
    assert to_hex(hollow.get_markerfacecolor()) == "#ffffff"
    assert to_hex(dots[overview.LIMIT].get_markerfacecolor()) == VERDICT_COLOURS["supported"].lower()
    assert len(ax.texts) >= 1 and any(getattr(t, "arrow_patch", None) is not None for t in ax.texts)


def test_stale_pages_of_the_figure_are_removed(reports):
    (reports / "claims_3.png").write_bytes(b"old")
    (reports / "claims_notes.png").write_bytes(b"mine")
    pages, _ = overview.write_overview(build_ledger(reports), reports)
    assert [p.name for p in pages] == ["claims_1.png", "claims_2.png"]
    assert not (reports / "claims_3.png").exists() and (reports / "claims_notes.png").exists()


def test_the_index_opens_with_the_figure_then_the_counts_then_one_line_a_study(reports):
    page = write_index(reports).read_text()
    first, second, counts = (page.index(x) for x in ('src="claims_1.png"', 'src="claims_2.png"', 'class="counts"'))
    assert first < second < counts
    assert (reports / "claims_1.png").stat().st_size > 10_000 and not (reports / "claims_3.png").exists()
    data = pd.read_csv(reports / "claims.csv")
    assert len(data) == len(overview.overview_frame(build_ledger(reports)))
    assert 'src="claims_2.png"' in (reports / "claims.html").read_text()


def test_the_figure_is_in_two_pages_that_each_print_on_a_sheet(reports, saved_figures):
    ledger = build_ledger(reports)
    pages, _ = overview.write_overview(ledger, reports)
    drawn = [[t.get_text().split()[0] for t in saved_figures[p.name].axes[0].get_yticklabels()] for p in pages]
    assert drawn[0][0] == "E1" and drawn[0][-1] == "T5" and drawn[1][0] == "D1" and drawn[1][-1] == "C9"
    assert sorted(drawn[0] + drawn[1]) == sorted(e.claim.id for e in ledger.entries)
    assert all(saved_figures[p.name].get_size_inches()[1] < 10 for p in pages)


def test_the_index_gives_a_study_the_first_sentence_of_its_headline(tmp_path):
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "report.html").write_text("<html></html>")
    (folder / "summary.json").write_text('{"name": "study", "title": "A study", "headline": '
                                         '"The book gains +0.12 [+0.10, +0.14] points. More in the report."}')
    page = write_index(tmp_path).read_text()
    line = re.search(r'<li><a href="study/report.html">.*?</li>', page).group(0)
    assert "The book gains +0.12 [+0.10, +0.14] points." in line and "More in the report" not in line

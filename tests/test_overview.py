"""The figure of every claim on the index: its data (claims.csv), what it draws, and the index
that opens with it."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_hex

from test_ledger import COLUMNS, every_coup, primary_row, row, write_study
from analysis.reporting import overview
from analysis.reporting.charts import VERDICT_COLOURS
from analysis.reporting.ledger import build_ledger
from analysis.reporting.report import write_index


@pytest.fixture
def reports(tmp_path):
    """E1's primary supported double-dummy in both companies and at the table in the book's; E2's
    contradicted; S3's secondary tests (no primary); the coups (secondary)."""
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"),
                                      primary_row("E1", "E1.optimised", "supported", company="optimised"),
                                      primary_row("E2", "E2", "contradicted")])
    write_study(tmp_path, "primary_table", [primary_row("E1", "E1", "supported", engine="pimc-calls")])
    write_study(tmp_path, "bidding", [row("S3", f"S3.{k}", outcome) for k, outcome in
                                      enumerate(("supported", "negligible", "inconclusive", "contradicted"))])
    every_coup(tmp_path)
    return tmp_path


def test_each_replication_is_its_estimate_and_interval_in_margins(reports):
    frame = overview.overview_frame(build_ledger(reports))
    assert set(frame["claim"]) == {"E1", "E2"}                # only primaries' replications: no secondary test
    e1 = frame[frame["claim"] == "E1"].set_index("replication")
    book = e1.loc["double-dummy, in the book's company"]
    assert book["in_margins"] == pytest.approx(0.20 / 0.05)
    assert book["low_in_margins"] == pytest.approx((0.20 - 3.3282 * 0.01) / 0.05, abs=1e-3)
    assert e1.loc["at the table, in the book's company", "marker"] == "at the table (PIMC reading the calls)"
    assert len(e1) == 3 and set(e1["verdict"]) == {"supported"}


def test_the_figure_draws_every_replication_where_its_data_says(reports):
    ledger = build_ledger(reports)
    frame = overview.overview_frame(ledger)
    ax = overview.draw_overview(ledger).axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == len(ledger.entries)                  # a row for every claim, tested or not
    assert labels[0].startswith("E1  supported (robust)") and any(x.startswith("E11  untested") for x in labels)
    points = [(line.get_xdata()[0], to_hex(line.get_color())) for line in ax.lines
              if line.get_marker() not in ("None", "", None) and len(line.get_xdata()) == 1]
    want = sorted((round(x, 6), VERDICT_COLOURS[v].lower()) for x, v in zip(frame["in_margins"], frame["verdict"]))
    assert sorted((round(x, 6), c) for x, c in points) == want
    band = ax.patches[0]
    assert (band.get_x(), band.get_x() + band.get_width()) == (-1, 1)
    assert all(t.get_fontsize() >= 7.5 for t in ax.get_yticklabels() + ax.get_xticklabels())


def test_each_replication_is_drawn_with_the_shape_of_how_its_cards_were_played(tmp_path):
    from analysis.game.primary import BOOK_RULES
    table = dict(engine="pimc-calls", unit="points per hand")
    write_study(tmp_path, "primary_play", [row("E6", "E6", "supported", estimate=0.30, se=0.01, **table)])
    write_study(tmp_path, "primary_play_rules", [row("E6", "E6", "supported", estimate=0.50, se=0.01,
                                                     play_company=BOOK_RULES, **table)],
                columns=[*COLUMNS, "play_company"])
    ax = overview.draw_overview(build_ledger(tmp_path)).axes[0]
    shapes = {round(line.get_xdata()[0], 6): line.get_marker() for line in ax.lines if len(line.get_xdata()) == 1}
    assert shapes == {round(0.30 / 0.05, 6): "^", round(0.50 / 0.05, 6): "s"}


def test_the_optimised_company_is_hollow_and_a_replication_beyond_the_axis_has_an_arrow(tmp_path):
    write_study(tmp_path, "primary", [primary_row("E1", "E1.optimised", "contradicted", company="optimised"),
                                      row("E2", "E2", "supported", estimate=20.0, se=0.1)])
    ledger = build_ledger(tmp_path)
    frame = overview.overview_frame(ledger).set_index("claim")
    assert frame.loc["E2", "in_margins"] == 400
    ax = overview.draw_overview(ledger).axes[0]
    dots = {round(line.get_xdata()[0], 6): line for line in ax.lines if len(line.get_xdata()) == 1}
    assert to_hex(dots[round(-0.20 / 0.05, 6)].get_markerfacecolor()) == "#ffffff"
    assert to_hex(dots[overview.LIMIT].get_markerfacecolor()) == VERDICT_COLOURS["supported"].lower()
    assert any(getattr(t, "arrow_patch", None) is not None for t in ax.texts)


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

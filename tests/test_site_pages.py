"""The reports are one site: every page links the index, has the studies' style and a main figure;
the command-line tools' pages are drawn again from their saved data, the same bytes each time."""
from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest
from matplotlib.colors import to_hex

from analysis.game.rules import Rules
from analysis.reporting.markup import STUDY_STYLE
from analysis.tools import call_card, compare, ladder
from analysis.tools.coups import figure as coups_figure
from analysis.tools.coups.render import redraw_report

REPORTS = Path(__file__).resolve().parents[1] / "reports"
PAGES = sorted(REPORTS.glob("*/report.html"))

# The committed call cards' settings: call_card.csv does not hold them (see call_card.redraw_page).
CARDS = {"card_optimised": Rules.of(), "card_modern": Rules.of(pack=24),
         "card_modern_stick": Rules.of(pack=24, stick_the_dealer=True)}
CARD_DEALS, CARD_SEED = 400_000, 1888


def redraw(folder: Path) -> None:
    """A tool's page drawn again from the data saved in ``folder``."""
    if (folder / "compare.json").exists():
        compare.redraw_page(folder)
    elif (folder / "ladder.json").exists():
        ladder.redraw_page(folder)
    elif (folder / "verdicts.json").exists():
        redraw_report(folder)
    else:
        call_card.redraw_page(folder, CARDS[folder.name], CARD_DEALS, CARD_SEED)


TOOLS = ["card_optimised", "card_modern", "card_modern_stick", "coups", "ladder", "optimised", "optimised_table",
         "modern", "modern_stick"]


def test_the_tools_pages_are_committed():
    assert {p.parent.name for p in PAGES} >= set(TOOLS)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.parent.name)
def test_every_page_links_the_index_in_the_shared_style_with_a_figure_near_the_top(page):
    text = page.read_text(encoding="utf-8")
    assert '<a href="../index.html">' in text
    assert STUDY_STYLE in text
    images = re.findall(r'<img [^>]*src="([^"]+)"', text)
    assert images and all((page.parent / src).is_file() for src in images)
    # the main figure comes straight after the title and the headline
    assert text.index("<figure>") < text.index("<h2")


@pytest.mark.parametrize("name", TOOLS)
def test_a_tools_page_drawn_again_from_its_data_is_the_committed_page_byte_for_byte(tmp_path, name):
    folder = tmp_path / name
    shutil.copytree(REPORTS / name, folder)
    redraw(folder)
    first = {f.name: f.read_bytes() for f in folder.iterdir()}
    redraw(folder)
    assert {f.name: f.read_bytes() for f in folder.iterdir()} == first
    committed = {f.name: f.read_bytes() for f in (REPORTS / name).iterdir()}
    assert first == committed      # the data untouched, the pages as committed


def test_the_index_lists_every_tools_page():
    index = (REPORTS / "index.html").read_text(encoding="utf-8")
    for name in TOOLS:
        assert f'href="{name}/report.html"' in index
    assert "**Headline.**" not in index


# --- the coups' figure ------------------------------------------------------------------------

def test_the_coups_figure_shows_the_verdicts_as_saved():
    record = json.loads((REPORTS / "coups" / "verdicts.json").read_text(encoding="utf-8"))
    fig = coups_figure.coups_figure(record)
    left, right = fig.axes[:2]
    cases = record["cases"]
    assert [t.get_text() for t in left.get_yticklabels()] == [coups_figure.row_label(c) for c in cases]
    # left: a square a remark, on its case's row, in its verdict's colour
    squares = [(tuple(c.get_offsets()[0]), to_hex(c.get_facecolor()[0])) for c in left.collections]
    expected = [((j, k), coups_figure.REMARK_COLOURS[claim["verdict"]].lower())
                for k, case in enumerate(cases) for j, claim in enumerate(case["claims"])]
    assert squares == expected
    # right: the views with the calls, then from the cards alone, case by case
    views = [(k, c["table_side"]) for k, c in enumerate(cases) if c["table_side"]]
    assert len(right.containers) == 2 * len(views) == 18
    for container, data in zip(right.containers, [t for _, t in views] + [t["cards_only"] for _, t in views]):
        line, _, (bars,) = container
        assert line.get_xdata()[0] == pytest.approx(data["mean_gain_points"])
        (x0, _), (x1, _) = bars.get_segments()[0]
        assert (x0, x1) == pytest.approx(tuple(data["ci95"]))
    for container, (_, view) in zip(right.containers, views):
        assert to_hex(container.lines[0].get_color()) == coups_figure.VIEW_COLOURS[coups_figure.view_kind(view)].lower()
    kinds = [coups_figure.view_kind(t) for _, t in views]
    assert (kinds.count("gain"), kinds.count("loss"), kinds.count("neither")) == (4, 3, 2)   # as the headline says


def test_the_coups_figure_is_readable(tmp_path):
    from matplotlib.text import Text
    from PIL import Image
    record = json.loads((REPORTS / "coups" / "verdicts.json").read_text(encoding="utf-8"))
    fig = coups_figure.coups_figure(record)
    texts = [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]
    assert min(t.get_fontsize() for t in texts) >= 8
    path = coups_figure.draw_figure(record, tmp_path)
    assert Image.open(path).size[0] <= 1250
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# --- the data a page is drawn from ------------------------------------------------------------

def test_a_comparison_reads_back_from_its_json():
    saved = json.loads((REPORTS / "optimised_table" / "compare.json").read_text(encoding="utf-8"))
    result = compare.comparison_from_dict(saved)
    assert result.as_dict() == {**saved, "worlds": 32}        # a file of before the worlds were kept: the default
    assert "32 worlds a decision" in compare.headline_text(result)
    pimc = dataclasses.replace(result, worlds=8)
    assert compare.comparison_from_dict(pimc.as_dict()).worlds == 8
    book = json.loads((REPORTS / "optimised" / "compare.json").read_text(encoding="utf-8"))
    assert compare.comparison_from_dict(book).as_dict() == book      # double-dummy: no worlds to keep


def test_the_ladder_reads_back_from_its_json():
    saved = json.loads((REPORTS / "ladder" / "ladder.json").read_text(encoding="utf-8"))
    assert ladder.ladder_from_dict(saved).as_dict() == saved


@pytest.mark.slow
def test_call_cards_drawn_again_from_their_csv_are_the_page_first_written(tmp_path):
    from analysis.bidding.policies import policy_from_name
    table = call_card.shares({"book": policy_from_name("book"), "pass": policy_from_name("pass")}, Rules(), 300,
                             seed=4)
    call_card.write_cards(table, tmp_path, "book", "pass", Rules(), 300, 4, seats=("B", "A"))
    first = {f: (tmp_path / f).read_bytes() for f in ("report.md", "report.html")}
    call_card.redraw_page(tmp_path, Rules(), 300, 4, seats=("B", "A"))   # the shares read back from the rounded file
    assert {f: (tmp_path / f).read_bytes() for f in first} == first
    assert b'href="../index.html"' in first["report.html"] and b'src="call_card_B.png"' in first["report.html"]


# --- one style ---------------------------------------------------------------------------------

def test_the_reports_the_ledger_and_the_workbench_colour_a_status_alike():
    """The statuses' colours and words come from analysis.reporting.palette: the reports' and the
    ledger's style sheets are written from it (the ledger's is the studies' plus its own), and every
    workbench page carries it after its stylesheet, which names no status colour of its own."""
    from analysis.reporting.markup import LEDGER_STYLE, VERDICT_CSS
    from analysis.reporting.palette import BADGE, INK, VERDICT_COLOURS, workbench_css
    from analysis.reporting.primary_status import STATUSES
    from analysis.web import pages
    assert VERDICT_COLOURS["supported"] == INK["supported"] == BADGE["supported"][0] == "#0072B2"
    assert LEDGER_STYLE.startswith(STUDY_STYLE) and f".status.supported{{background:{BADGE['supported'][0]}" in LEDGER_STYLE
    assert f".supported{{color:{INK['supported']}" in VERDICT_CSS
    assert workbench_css() in pages.layout("x", "y")
    assert all(f"--{s.replace(' ', '-')}:{BADGE[s][0]}" in workbench_css() for s in STATUSES)
    sheet = re.sub(r"/\*.*?\*/", "", (Path(pages.__file__).parent / "static" / "style.css").read_text(encoding="utf-8"),
                   flags=re.S)
    assert not re.search(r"--(supported|contradicted|negligible|split|not-shown|untested)\s*:", sheet)
    assert not re.search(r"\.s-(supported|contradicted|negligible|split|not-shown|untested)\b", sheet)
    ledger = (REPORTS / "claims.html").read_text(encoding="utf-8")
    assert LEDGER_STYLE in ledger

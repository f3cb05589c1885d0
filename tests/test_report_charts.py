"""The charts of the committed reports, drawn again from their saved results and read back: each
claims chart shows its study's verdicts row by row, and every chart is legible at 100% on a
1280-pixel screen (at most 1,250 pixels wide, as the page shows it unscaled) and in print (no
text under 7 points)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.text import Text

from chart_data import claims_chart_rows
from analysis.run.runner import rerender

REPORTS = Path(__file__).resolve().parents[1] / "reports"
# one committed run of each study that draws charts from its results (the variants draw the same charts)
STUDIES = ["assist_take", "book_bidding", "bridge", "card_play", "discard", "hand_strength", "lone_hands",
           "lone_play", "modern_game", "pimc_audit", "play_bias", "round_two", "score", "score_chart",
           "stick_the_dealer"]
WIDEST = 1250        # pixels
SMALLEST = 7.0       # points


def _texts(fig) -> list[Text]:
    return [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]


@pytest.mark.slow
@pytest.mark.parametrize("name", [s for s in STUDIES if (REPORTS / s / "manifest.json").exists()])
def test_the_charts_of_a_committed_report_show_its_data_legibly(name, tmp_path, saved_figures):
    from PIL import Image
    folder = tmp_path / name
    shutil.copytree(REPORTS / name, folder, ignore=shutil.ignore_patterns("*.png", "*.html", "*.pdf"))
    rerender(folder)
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert pngs and set(pngs) <= set(saved_figures)
    for png in pngs:
        fig = saved_figures[png]
        small = sorted({round(t.get_fontsize(), 1) for t in _texts(fig) if t.get_fontsize() < SMALLEST})
        assert not small, f"{png}: text of {small} points"
        width = Image.open(folder / png).size[0]
        assert width <= WIDEST, f"{png} is {width} pixels wide"
    if not (folder / "verdicts.csv").exists():
        return
    verdicts = pd.read_csv(folder / "verdicts.csv")
    by_label = {f"{r.label} (n={int(r.deals):,}): {r.verdict}": r for r in verdicts.itertuples()}
    charts = [p for p in pngs if p.startswith("claims")]
    shown = 0
    for png in charts:
        for row in claims_chart_rows(saved_figures[png]):
            r = by_label[row["label"]]
            assert row["estimate"] == pytest.approx(r.estimate)
            assert row["ci"] == pytest.approx((r.ci_low, r.ci_high))
            assert row["simultaneous"] == pytest.approx((r.sim_low, r.sim_high))
            shown += 1
    assert shown or not charts

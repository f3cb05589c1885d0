"""The figure of every claim: what the book got right, at a glance.

One row per claim of the catalogue, grouped by part of the book; on its row every test of the
claim (:mod:`analysis.reporting.ledger`) as a marker at its estimate with its simultaneous
interval, the colour its verdict, the marker its play engine.

Tests are measured in different units (points per hand, game-win, rubber points), each with its
own margin of what matters. To put them on one axis each is divided by its margin: the verdicts'
boundaries then line up for every test (negligible: the interval inside the shaded band from -1
to +1; supported: above 0; contradicted: below 0). The axis is linear inside the band and
logarithmic beyond it (matplotlib's symlog), as effects run from a tenth of a margin to a hundred
margins. A test with no estimate or no margin (a remark on a coup's printed deal) stands in the
narrow column on the right, by its verdict alone.

:func:`overview_frame` is the figure's data, one row per test (``claims.csv`` beside the index);
:func:`draw_overview` draws it; :func:`write_overview` writes it in two pages that each print on a
sheet.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.experiment.stats import AGAINST_PIMC, DOUBLE_DUMMY, VERDICTS
from analysis.reporting.charts import VERDICT_COLOURS, plt, save_chart
from analysis.reporting.ledger import MIXED, MODEL_DEPENDENT, UNTESTED, Ledger

# The marker of a test's play engine; a comparison of engines (the bridge's B3) is "between engines".
ENGINE_MARKERS = {DOUBLE_DUMMY: ("o", "double-dummy"), "pimc-calls": ("^", "PIMC reading the calls"),
                  "pimc": ("v", "PIMC"), "book": ("s", "the book's card play"),
                  AGAINST_PIMC: ("D", "the book's card against PIMC's")}
BETWEEN_ENGINES = ("P", "between engines")

# A claim's status as its row label is coloured: the verdicts' colours, darker where they are pale.
STATUS_INK = {"supported": VERDICT_COLOURS["supported"], "contradicted": VERDICT_COLOURS["contradicted"],
              "negligible": "#4D4D4D", "inconclusive": "#9A6700", MODEL_DEPENDENT: "#A0527E", MIXED: "#222222",
              UNTESTED: "#999999"}
LIMIT = 300.0        # the axis runs from -LIMIT to +LIMIT margins
ROW = 0.21           # inches a row
FONT = 8.5


def _marker(engine: str) -> tuple[str, str]:
    return ENGINE_MARKERS.get(engine, BETWEEN_ENGINES)


def overview_frame(ledger: Ledger) -> pd.DataFrame:
    """One row per test of a catalogued claim: its claim, part and status, the test, its engine,
    unit, verdict, estimate, simultaneous interval and margin, and the estimate and interval in
    margins (NaN where the test has no estimate or no margin)."""
    rows = []
    for e in ledger.entries:
        for t in e.tests:
            scale = t.margin if t.margin and t.estimate is not None and t.ci is not None else None
            rows.append({
                "claim": e.claim.id, "part": e.part, "status": e.count_as, "study": t.study, "test": t.label,
                "engine": t.engine, "marker": _marker(t.engine)[1], "unit": t.unit, "verdict": t.verdict,
                "permissive": t.permissive,
                "estimate": t.estimate, "low": t.ci[0] if t.ci else None, "high": t.ci[1] if t.ci else None,
                "margin": t.margin, "n": t.n,
                "in_margins": t.estimate / scale if scale else np.nan,
                "low_in_margins": t.ci[0] / scale if scale else np.nan,
                "high_in_margins": t.ci[1] / scale if scale else np.nan})
    columns = ["claim", "part", "status", "study", "test", "engine", "marker", "unit", "verdict", "permissive",
               "estimate", "low",
               "high", "margin", "n", "in_margins", "low_in_margins", "high_in_margins"]
    return pd.DataFrame(rows, columns=columns)


# The figure in two pages, each of which prints on a sheet: the three hands before the dealer, then
# the dealer, the bridge, lone hands and the coups.
PAGES = (("Eldest hand", "Second hand", "Third hand"), ("Dealer", "Bridge", "Lone hands", "Coups"))


def _layout(ledger: Ledger) -> tuple[list[tuple[float, str]], dict[str, float]]:
    """The parts' heading rows and each claim's row, from the top down (y falls)."""
    headings, rows, y = [], {}, 0.0
    for part in dict.fromkeys(e.part for e in ledger.entries):
        headings.append((y, part))
        y -= 1.0
        for e in (e for e in ledger.entries if e.part == part):
            rows[e.claim.id] = y
            y -= 1.0
        y -= 0.4
    return headings, rows


def draw_overview(ledger: Ledger, parts=None):
    """The figure of every claim (see the module's notes), or of the claims of the given ``parts``
    of the book; returns the matplotlib figure."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if parts is not None:
        ledger = Ledger([e for e in ledger.entries if e.part in parts], [])
    frame = overview_frame(ledger)
    headings, rows = _layout(ledger)
    height = ROW * (len(rows) + len(headings) * 1.4) + 2.1
    fig, (ax, side) = plt.subplots(1, 2, figsize=(8.0, height), sharey=True,
                                   gridspec_kw={"width_ratios": [12, 1], "wspace": 0.04})
    ax.axvspan(-1, 1, color="0.88", zorder=0)
    ax.axvline(0, color="0.35", linewidth=0.8, zorder=1)
    for claim, tests in frame.groupby("claim", sort=False):
        y0 = rows[claim]
        scaled = tests[np.isfinite(tests["in_margins"])].sort_values("in_margins")
        spread = np.linspace(-0.32, 0.32, len(scaled)) if len(scaled) > 1 else np.zeros(len(scaled))
        fade = max(0.2, 0.8 / np.sqrt(max(len(scaled), 1)))     # many tests on a row: their intervals lighter
        for dy, t in zip(spread, scaled.itertuples(index=False)):
            colour = VERDICT_COLOURS[t.verdict]
            low, high, mid = (float(np.clip(v, -LIMIT, LIMIT)) for v in (t.low_in_margins, t.high_in_margins,
                                                                         t.in_margins))
            ax.plot([low, high], [y0 + dy, y0 + dy], color=colour, linewidth=0.7, alpha=fade, zorder=2)
            # hollow: a sentence that only permits, judged for non-inferiority (supported may lie below 0)
            ax.plot([mid], [y0 + dy], marker=_marker(t.engine)[0], color=colour, markersize=3.6,
                    markeredgewidth=0.6 if t.permissive else 0.4,
                    markerfacecolor="white" if t.permissive else colour,
                    markeredgecolor=colour if t.permissive else "white", linestyle="none", zorder=3)
            if abs(t.in_margins) > LIMIT:     # beyond the axis: an arrow at its end, pointing on
                ax.annotate("", xy=(mid, y0 + dy), xytext=(mid / 1.6, y0 + dy),
                            arrowprops={"arrowstyle": "->", "color": colour, "linewidth": 0.8})
        exact = tests[~np.isfinite(tests["in_margins"])]
        for k, t in enumerate(exact.itertuples(index=False)):
            side.plot([0.5 + 0.12 * (k - (len(exact) - 1) / 2)], [y0], marker=_marker(t.engine)[0],
                      color=VERDICT_COLOURS[t.verdict], markersize=4, linestyle="none")
    labels = {e.claim.id: e for e in ledger.entries}
    ax.set_yticks(list(rows.values()))
    ax.set_yticklabels([f"{cid}  {labels[cid].count_as}" + (f"  ({len(labels[cid].tests)} tests)"
                                                              if len(labels[cid].tests) > 1 else "")
                        for cid in rows], fontsize=FONT)
    for tick, cid in zip(ax.get_yticklabels(), rows):
        tick.set_color(STATUS_INK.get(labels[cid].status, "#222222"))
    for y, part in headings:
        ax.text(-0.01, y, part, transform=ax.get_yaxis_transform(), ha="right", va="center", fontsize=FONT + 1,
                fontweight="bold")
        ax.axhline(y + 0.55, color="0.75", linewidth=0.6)
        side.axhline(y + 0.55, color="0.75", linewidth=0.6)
    ax.set_ylim(min(rows.values()) - 0.7, 0.7)
    ax.set_xscale("symlog", linthresh=1.0, linscale=1.0)
    ax.set_xlim(-LIMIT, LIMIT)
    ticks = [-100, -10, -1, 0, 1, 10, 100]
    ax.set_xticks(ticks)
    ax.set_xticklabels([f"{t:+d}" if t else "0" for t in ticks], fontsize=FONT)
    ax.xaxis.set_ticks_position("both")
    ax.tick_params(axis="x", labeltop=True, labelsize=FONT)
    ax.grid(axis="x", color="0.8", linewidth=0.5)
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel("each test's estimate in multiples of its margin (positive: the book's advice gains), with its "
                  "simultaneous interval;\nthe shaded band is the margin, within which a difference does not matter; "
                  "beyond it the scale is logarithmic", fontsize=FONT)
    side.set_xlim(0, 1)
    side.set_xticks([0.5])
    side.set_xticklabels(["no\nmargin"], fontsize=FONT - 1)
    side.tick_params(axis="x", top=True, labeltop=True, bottom=False, labelbottom=False)
    side.tick_params(axis="y", length=0)
    for spine in ("top", "right", "left"):
        side.spines[spine].set_visible(False)
    verdicts = [Patch(color=VERDICT_COLOURS[v], label=v) for v in VERDICTS]
    order = [*ENGINE_MARKERS.values(), BETWEEN_ENGINES]         # the same order on every run
    engines = sorted({_marker(e) for e in frame["engine"]}, key=order.index)
    markers = [Line2D([], [], marker=m, color="0.3", linestyle="none", markersize=5, label=words)
               for m, words in engines]
    first = fig.legend(handles=verdicts, loc="upper center", ncol=len(verdicts), fontsize=FONT, frameon=False,
                       bbox_to_anchor=(0.5, 1.0), title="colour: the test's verdict", title_fontsize=FONT)
    fig.add_artist(first)
    fig.legend(handles=markers, loc="upper center", ncol=3, fontsize=FONT, frameon=False,
               bbox_to_anchor=(0.5, 1.0 - 0.48 / height), title="marker: how the cards were played",
               title_fontsize=FONT)
    top = 1 - 1.4 / height
    fig.subplots_adjust(left=0.30, right=0.98, top=top, bottom=0.9 / height)
    return fig


def write_overview(ledger: Ledger, reports_dir) -> tuple[list[Path], Path]:
    """The figure in its pages (``claims_1.png``, ``claims_2.png``: :data:`PAGES`; the parts of the
    book that no page names, a catalogue of one's own, on a further page) and its data
    (``claims.csv``) in ``reports_dir``."""
    from analysis.storage import write_table
    reports_dir = Path(reports_dir)
    data = write_table(overview_frame(ledger), reports_dir / "claims.csv")
    parts = list(dict.fromkeys(e.part for e in ledger.entries))
    pages = [[p for p in page if p in parts] for page in PAGES]
    pages.append([p for p in parts if not any(p in page for page in PAGES)])
    figures = []
    for page in (page for page in pages if page):
        name = f"claims_{len(figures) + 1}.png"
        figures.append(save_chart(draw_overview(ledger, page), reports_dir / name, dpi=125))
    for stale in reports_dir.glob("claims_*.png"):     # pages of an earlier, larger figure
        if stale.stem.removeprefix("claims_").isdigit() and stale not in figures:
            stale.unlink()
    return figures, data

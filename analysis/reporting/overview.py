"""The figure of every claim: what the book got right, at a glance.

One row per claim of the catalogue, grouped by part of the book; on its row every replication of
the claim's primary test (:mod:`analysis.reporting.primary_status`) as a marker at its estimate
with its simultaneous interval: the colour its verdict, the shape its play engine (and play company), filled in the
book's company and hollow in the optimised company. A claim whose primary is not built has an
empty row; its label says so.

The primaries are measured in points per hand or rubber points, each with its own margin of what
matters. To put them on one axis each is divided by its margin: the verdicts' boundaries then
line up (negligible: the interval inside the shaded band from -1 to +1; supported: above 0;
contradicted: below 0). The axis is linear inside the band and logarithmic beyond it
(matplotlib's symlog), as effects run from a tenth of a margin to a hundred margins.

:func:`overview_frame` is the figure's data, one row per replication (``claims.csv`` beside the
index); :func:`draw_overview` draws it; :func:`write_overview` writes it in two pages that each
print on a sheet.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.experiment.stats import VERDICTS
from analysis.play.registry import engine_entry
from analysis.reporting.charts import VERDICT_COLOURS, plt, save_chart
from analysis.reporting.palette import INK
from analysis.game.primary import AT_TABLE, BOOK_RULES, DOUBLE_DUMMY
from analysis.reporting.ledger import Ledger
from analysis.reporting.primary_status import STATUSES

# The shape of how a replication's cards were played: by its engine in every seat, or (a play company)
# with the three others by the book's card-play rules. An engine's marker is its entry's (analysis.play.registry).
PLAY_MARKERS = {**{engine: engine_entry(engine).marker for engine in (DOUBLE_DUMMY, AT_TABLE)},
                BOOK_RULES: ("s", "at the table, the three others by the book's card-play rules")}
OTHER_PLAY = ("D", "another engine")

# A claim's status as its row label is coloured: words in the status's colour, as on every page.
STATUS_INK = {status: INK[status] for status in STATUSES}
LIMIT = 300.0        # the axis runs from -LIMIT to +LIMIT margins
ROW = 0.21           # inches a row
FONT = 8.5


def _marker(engine: str, play_company) -> tuple[str, str]:
    """The marker and its words of a replication's play company, or where every seat is the engine's
    player (no play company: None, or NaN once in a frame), of its engine."""
    return PLAY_MARKERS.get(play_company if isinstance(play_company, str) else engine, OTHER_PLAY)


def overview_frame(ledger: Ledger) -> pd.DataFrame:
    """One row per replication run of a claim's primary: its claim, part and status, the cell
    (engine, company, rubber state), unit, verdict, estimate, simultaneous interval and margin, and
    the estimate and interval in margins."""
    rows = []
    for e in ledger.entries:
        margin = e.primary.margin
        for r in (r for r in e.standing.replications if r.run):
            known = r.estimate is not None and r.ci is not None
            rows.append({
                "claim": e.claim.id, "part": e.part, "status": e.count_as, "replication": r.words(),
                "engine": r.engine, "company": r.company, "state": r.state, "play_company": r.play,
                "marker": _marker(r.engine, r.play)[1],
                "unit": e.primary.unit, "verdict": r.verdict, "estimate": r.estimate,
                "low": r.ci[0] if r.ci else None, "high": r.ci[1] if r.ci else None, "margin": margin, "n": r.n,
                "in_margins": r.estimate / margin if known else np.nan,
                "low_in_margins": r.ci[0] / margin if known else np.nan,
                "high_in_margins": r.ci[1] / margin if known else np.nan})
    columns = ["claim", "part", "status", "replication", "engine", "company", "state", "play_company", "marker", "unit", "verdict",
               "estimate", "low", "high", "margin", "n", "in_margins", "low_in_margins", "high_in_margins"]
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
    fig, ax = plt.subplots(figsize=(8.0, height))
    ax.axvspan(-1, 1, color="0.88", zorder=0)
    ax.axvline(0, color="0.35", linewidth=0.8, zorder=1)
    for claim, reps in frame.groupby("claim", sort=False):
        y0 = rows[claim]
        scaled = reps[np.isfinite(reps["in_margins"])]
        spread = np.linspace(-0.3, 0.3, len(scaled)) if len(scaled) > 1 else np.zeros(len(scaled))
        for dy, r in zip(spread, scaled.itertuples(index=False)):
            colour = VERDICT_COLOURS[r.verdict]
            low, high, mid = (float(np.clip(v, -LIMIT, LIMIT)) for v in (r.low_in_margins, r.high_in_margins,
                                                                         r.in_margins))
            hollow = r.company != "book"       # the optimised company
            ax.plot([low, high], [y0 + dy, y0 + dy], color=colour, linewidth=0.8, alpha=0.7, zorder=2)
            ax.plot([mid], [y0 + dy], marker=_marker(r.engine, r.play_company)[0], color=colour, markersize=4,
                    markeredgewidth=0.8 if hollow else 0.4, markerfacecolor="white" if hollow else colour,
                    markeredgecolor=colour if hollow else "white", linestyle="none", zorder=3)
            if abs(r.in_margins) > LIMIT:     # beyond the axis: an arrow at its end, pointing on
                ax.annotate("", xy=(mid, y0 + dy), xytext=(mid / 1.6, y0 + dy),
                            arrowprops={"arrowstyle": "->", "color": colour, "linewidth": 0.8})
    labels = {e.claim.id: e for e in ledger.entries}
    ax.set_yticks(list(rows.values()))
    ax.set_yticklabels([f"{cid}  {labels[cid].count_as}" for cid in rows], fontsize=FONT)
    for tick, cid in zip(ax.get_yticklabels(), rows):
        tick.set_color(STATUS_INK.get(labels[cid].status, "#222222"))
    for y, part in headings:
        ax.text(-0.01, y, part, transform=ax.get_yaxis_transform(), ha="right", va="center", fontsize=FONT + 1,
                fontweight="bold")
        ax.axhline(y + 0.55, color="0.75", linewidth=0.6)
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
    ax.set_xlabel("each replication of the claim's primary test: its estimate in multiples of the margin (positive: "
                  "the book's advice gains),\nwith its simultaneous interval; the shaded band is the margin, within "
                  "which a difference does not matter; beyond it the scale is logarithmic", fontsize=FONT)
    verdicts = [Patch(color=VERDICT_COLOURS[v], label=v) for v in VERDICTS]
    markers = [Line2D([], [], marker=m, color="0.3", linestyle="none", markersize=5, label=words)
               for m, words in PLAY_MARKERS.values()]
    markers.append(Line2D([], [], marker="o", color="0.3", markerfacecolor="white", linestyle="none", markersize=5,
                          label="hollow: the optimised company"))
    first = fig.legend(handles=verdicts, loc="upper center", ncol=len(verdicts), fontsize=FONT, frameon=False,
                       bbox_to_anchor=(0.5, 1.0), title="colour: the replication's verdict", title_fontsize=FONT)
    fig.add_artist(first)
    fig.legend(handles=markers, loc="upper center", ncol=3, fontsize=FONT, frameon=False,
               bbox_to_anchor=(0.5, 1.0 - 0.48 / height), title="marker: how the cards were played, and the company",
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

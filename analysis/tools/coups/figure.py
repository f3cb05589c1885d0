"""The coups' figure, drawn from their verdicts (``verdicts.json``): a row per case, on the left each of
the book's remarks by its verdict, on the right the coup card weighed from the seat of the player who
made it (the mean gain over the natural play with its 95% interval, with the calls read and from the
cards alone). It shows both sentences of the report's headline at a glance."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from analysis.reporting.charts import OKABE_ITO, save_chart

FILE = "coups.png"
BLUE, VERMILLION, SKY, GREY = OKABE_ITO[0], OKABE_ITO[1], OKABE_ITO[4], "#6E6E6E"
# the remarks' verdicts: a remark that holds only under a reading is a paler "holds"
REMARK_COLOURS = {"true": BLUE, "true only under a reading": SKY, "false": VERMILLION}
REMARK_LEGEND = {"true": "holds", "true only under a reading": "holds only under the reading stated",
                 "false": "does not hold"}
# the coup card from the player's seat, as the headline counts it
VIEW_COLOURS = {"gain": BLUE, "loss": VERMILLION, "neither": GREY}
VIEW_LEGEND = {"gain": "gains on average (95% interval above 0)", "loss": "loses on average (95% interval below 0)",
               "neither": "not shown either way"}


def view_kind(view: dict) -> str:
    """"gain", "loss" or "neither": what the coup card does on average over the worlds with the calls
    read, as the headline counts it (a card equal in every world is neither)."""
    low, high = view["ci95"]
    if view["share_tie"] < 1 and low > 0:
        return "gain"
    if view["share_tie"] < 1 and high < 0:
        return "loss"
    return "neither"


def row_label(case: dict) -> str:
    """A case's row: its id and number, and the coup card against the natural play."""
    t = case.get("table_side")
    coup = f": {t['player']} {t['coup']} rather than {t['natural']}" if t else ""
    return f"{case['id']} (Case {case['case']}){coup}"


def coups_figure(record: dict):
    """The figure of the verdicts ``record`` (as ``verdicts.json`` holds them). Left, a square per remark
    (its number in it) coloured by verdict; right, for each case with a table-side view, first the coup
    card's mean gain with the calls read (a filled dot and its 95% interval, coloured as the headline
    counts it), then, a little below, the same from the cards alone (a hollow diamond): the right panel's
    error bars are the cases' views with the calls in order, then the cards-alone ones. Returns the figure."""
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    cases = record["cases"]
    rows = np.arange(len(cases))
    widest = max([len(c["claims"]) for c in cases] + [1])
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.55 * len(cases) + 2.4), sharey=True, layout="constrained",
                                      gridspec_kw={"width_ratios": [0.3 * widest + 0.2, 5]})
    for k, case in enumerate(cases):
        for j, claim in enumerate(case["claims"]):
            colour = REMARK_COLOURS.get(claim["verdict"], GREY)
            left.scatter([j], [k], marker="s", s=330, color=colour)
            left.text(j, k, claim["id"].rsplit(".", 1)[-1], ha="center", va="center", fontsize=8,
                      color="black" if colour == SKY else "white")
    left.set_xlim(-0.6, widest - 0.4)
    left.set_xticks([])
    left.set_yticks(rows, [row_label(c) for c in cases])
    left.tick_params(axis="y", labelsize=9, length=0)
    for spine in left.spines.values():
        spine.set_visible(False)
    left.set_title("The book's remarks", fontsize=10)
    shown = [v for v in REMARK_COLOURS if any(c["verdict"] == v for case in cases for c in case["claims"])]
    left.legend(handles=[Line2D([], [], marker="s", ls="", ms=9, color=REMARK_COLOURS[v], label=REMARK_LEGEND[v])
                         for v in shown], fontsize=8, loc="upper right", bbox_to_anchor=(1.0, -0.02), frameon=False)

    views = [(k, c["table_side"]) for k, c in enumerate(cases) if c.get("table_side")]
    for k, t in views:
        mean, (low, high) = t["mean_gain_points"], t["ci95"]
        right.errorbar([mean], [k], xerr=[[mean - low], [high - mean]], fmt="o", ms=7, capsize=3, elinewidth=2,
                       color=VIEW_COLOURS[view_kind(t)])
    for k, t in views:
        u = t["cards_only"]
        mean, (low, high) = u["mean_gain_points"], u["ci95"]
        right.errorbar([mean], [k + 0.28], xerr=[[mean - low], [high - mean]], fmt="D", ms=5, capsize=2, elinewidth=1,
                       color="black", markerfacecolor="white")
    right.axvline(0, color="black", lw=0.8)
    right.grid(axis="x", alpha=0.3)
    right.tick_params(labelsize=9)
    right.tick_params(axis="y", left=False)
    right.set_ylim(len(cases) - 0.4, -0.6)       # the first case at the top
    worlds = record.get("worlds")
    right.set_title(f"The coup card from the player's seat{f' ({worlds:,} worlds a coup)' if worlds else ''}",
                    fontsize=10)
    right.set_xlabel("mean net points the coup card gains over the natural play\nfor the coup player's side, "
                     "with its 95% interval", fontsize=9)
    if not views:
        right.text(0.5, 0.5, "no table-side view (no worlds sampled)", ha="center", va="center", fontsize=9,
                   transform=right.transAxes)
    kinds = [v for v in VIEW_COLOURS if any(view_kind(t) == v for _, t in views)]
    handles = [Line2D([], [], marker="o", ls="-", color=VIEW_COLOURS[v], label=f"with the calls read: {VIEW_LEGEND[v]}")
               for v in kinds]
    handles.append(Line2D([], [], marker="D", ls="-", color="black", markerfacecolor="white",
                          label="from the cards alone, the calls not read"))
    right.legend(handles=handles, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=2, frameon=False)
    return fig


def draw_figure(record: dict, directory) -> Path:
    """``coups.png`` in ``directory``, written whole or not at all."""
    return save_chart(coups_figure(record), Path(directory) / FILE)

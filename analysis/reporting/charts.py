"""Charts of a study: every estimate with its 95% interval and the deals behind it.

matplotlib with the Agg backend (no display needed). Heatmaps of strategy charts use a
diverging colour map centred on zero, so gains and losses read at a glance: blue for the
makers' gain, red for their loss, white for nothing either way.
"""
from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.colors import TwoSlopeNorm  # noqa: E402

from analysis.reporting.palette import OKABE_ITO, VERDICT_COLOURS  # noqa: E402

DIVERGING = "RdBu"          # red-blue: readable with the common colour-vision deficiencies
DPI = 100

# Okabe and Ito's palette (analysis.reporting.palette): every chart's series take its colours in
# turn, and a verdict always has the same colour.
plt.rcParams["axes.prop_cycle"] = matplotlib.cycler(color=OKABE_ITO)


def save_chart(fig, path, dpi: int = DPI) -> Path:
    """A figure as PNG, trimmed to its contents, written whole or not at all; the figure is closed."""
    from analysis.storage import write_atomic
    try:   # same bytes whatever the matplotlib version
        return write_atomic(path, lambda tmp: fig.savefig(tmp, dpi=dpi, bbox_inches="tight", format="png",
                                                          metadata={"Software": None}))
    finally:
        plt.close(fig)


_save = save_chart


def _errors(mean, low, high) -> np.ndarray:
    mean, low, high = (np.asarray(v, dtype=float) for v in (mean, low, high))
    return np.vstack([np.clip(mean - low, 0, None), np.clip(high - mean, 0, None)])


def error_bars(path, groups: Sequence[str], series: dict[str, tuple], *, title: str, ylabel: str,
               xlabel: str = "", note: str = "", zero_line: bool = False, legend_n: bool = True) -> Path:
    """Grouped points with 95% error bars. ``series``: name -> (mean, low, high, n) arrays
    aligned with ``groups``; the legend gives each series' total ``n`` (``legend_n=False`` when
    the groups' deals overlap and the labels give them instead)."""
    fig, ax = plt.subplots(figsize=(max(6.0, 0.55 * len(groups) * max(1, len(series)) ** 0.5 + 3), 4.2))
    x = np.arange(len(groups), dtype=float)
    width = 0.8 / max(1, len(series))
    for k, (name, (mean, low, high, n)) in enumerate(series.items()):
        offset = (k - (len(series) - 1) / 2) * width
        mean = np.asarray(mean, dtype=float)
        ok = np.isfinite(mean)
        total = int(np.nansum(np.asarray(n, dtype=float)))
        ax.errorbar(x[ok] + offset, mean[ok], yerr=_errors(mean, low, high)[:, ok], fmt="o", capsize=3,
                    markersize=4, label=f"{name} (n={total:,})" if legend_n else name)
    if zero_line:
        ax.axhline(0, color="0.4", linewidth=0.8)
    ax.set_xticks(x)
    ax.set_xticklabels(groups, rotation=30 if max((len(g) for g in groups), default=0) > 6 else 0, ha="right"
                       if max((len(g) for g in groups), default=0) > 6 else "center")
    ax.set_ylabel(ylabel)
    # the note goes under the axis label, where rotated tick labels cannot cover it
    ax.set_xlabel(xlabel + ("\n" if xlabel and note else "") + note, fontsize=8 if note else None)
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=min(4, len(series)))
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def heatmap_panels(path, panels: dict[str, dict], *, row_labels: Sequence[str], col_labels: Sequence[str],
                   title: str, xlabel: str, ylabel: str, unit: str, note: str = "",
                   limit: float | None = None, cell_width: float = 0.95) -> Path:
    """One heatmap per panel, one shared diverging colour scale centred on zero.

    Each panel is ``{"mean": 2-D, "half": 2-D (95% half-width), "n": 2-D}``; a cell prints its
    mean, +- half-width and deals; cells with no deals are left grey. ``cell_width`` in inches: a
    panel of many columns takes narrower cells, to keep the chart within a screen's width.
    """
    means = [np.asarray(p["mean"], dtype=float) for p in panels.values()]
    finite = np.concatenate([m[np.isfinite(m)].ravel() for m in means]) if means else np.array([])
    vmax = limit or (float(np.max(np.abs(finite))) if finite.size else 1.0) or 1.0
    cols = min(len(panels), 2)
    rows = int(np.ceil(len(panels) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(1.0 + cell_width * len(col_labels) * cols + 1.5,
                                                 0.75 + 0.62 * len(row_labels) * rows + 0.6),
                             squeeze=False, constrained_layout=True)
    norm = TwoSlopeNorm(vmin=-vmax, vcenter=0.0, vmax=vmax)
    cmap = plt.get_cmap(DIVERGING).with_extremes(bad="0.85")
    image = None
    for ax, (name, panel) in zip(axes.ravel(), panels.items()):
        mean = np.asarray(panel["mean"], dtype=float)
        half = np.asarray(panel["half"], dtype=float)
        n = np.asarray(panel["n"])
        image = ax.imshow(np.ma.masked_invalid(mean), cmap=cmap, norm=norm, aspect="auto", origin="lower")
        for i in range(mean.shape[0]):
            for j in range(mean.shape[1]):
                if not np.isfinite(mean[i, j]) or n[i, j] == 0:
                    continue
                dark = abs(mean[i, j]) > 0.6 * vmax
                text = f"{mean[i, j]:+.2f}\n±{half[i, j]:.2f}" if np.isfinite(half[i, j]) else f"{mean[i, j]:+.2f}"
                ax.text(j, i, f"{text}\nn={_short(n[i, j])}", ha="center", va="center", fontsize=8,
                        color="white" if dark else "black")
        ax.set_xticks(range(len(col_labels)))
        ax.set_xticklabels(col_labels, fontsize=8)
        ax.set_yticks(range(len(row_labels)))
        ax.set_yticklabels(row_labels, fontsize=8)
        ax.set_title(name, fontsize=10)
        ax.set_xlabel(xlabel, fontsize=8)
        ax.set_ylabel(ylabel, fontsize=8)
    for ax in axes.ravel()[len(panels):]:
        ax.axis("off")
    if image is not None:
        fig.colorbar(image, ax=axes, shrink=0.8, label=unit)
    fig.suptitle(title, fontsize=11)
    if note:   # wrapped to the figure's width, which a long line would otherwise widen
        width = int(fig.get_size_inches()[0] * 15)
        fig.text(0.01, -0.01, textwrap.fill(note, width), fontsize=8, ha="left", va="top", color="0.3")
    return _save(fig, path)


def distribution_bars(path, groups: Sequence[str], categories: Sequence[str], rates: dict[str, tuple],
                      *, title: str, ylabel: str = "share of deals", note: str = "") -> Path:
    """For each group, the share of each category as bars with Wilson error bars.

    ``rates``: group -> (share, low, high) arrays over ``categories``, plus ``n`` per group in
    the legend label.
    """
    fig, ax = plt.subplots(figsize=(max(6.0, 0.5 * len(categories) * len(groups) ** 0.5 + 3), 4.2))
    x = np.arange(len(categories), dtype=float)
    width = 0.8 / max(1, len(groups))
    for k, group in enumerate(groups):
        share, low, high = (np.asarray(v, dtype=float) for v in rates[group])
        offset = (k - (len(groups) - 1) / 2) * width
        ax.bar(x + offset, share, width=width, yerr=_errors(share, low, high), capsize=2, label=group,
               error_kw={"elinewidth": 0.8})
    ax.set_xticks(x)
    ax.set_xticklabels(categories)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.set_xlabel("tricks" + ("\n" + note if note else ""), fontsize=8)
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def _short(n) -> str:
    n = int(n)
    if n >= 1_000_000:
        return f"{n / 1e6:.1f}M"
    if n >= 10_000:
        return f"{n / 1e3:.0f}k"
    return str(n)


def claims_figure(out_dir, verdict_list, *, unit: str, title: str, measured: str,
                  name: str = "claims.png") -> list[tuple[Path, str]]:
    """A study's claims chart (:func:`claims_chart`) in ``out_dir`` with its caption, as the
    report's list of (file, caption); empty when nothing was measured. ``measured`` says what
    each row is, up to its intervals."""
    if not verdict_list:
        return []
    path = claims_chart(Path(out_dir) / name, verdict_list, unit=unit, title=title)
    return [(path, f"{measured}, with its 95% interval (thick) and the simultaneous interval over the study's "
                   "tests (thin); the shaded band is the margin.")]


def claims_chart(path, verdict_list, *, unit: str, title: str | None = None) -> Path:
    """The tests of a study measured in ``unit``, one row each: the estimate oriented so that
    positive is the book's side, its 95% interval (thick) and its simultaneous interval (thin),
    the margin shaded around zero, and the verdict; one chart for every study."""
    chosen = [v for v in verdict_list if v.claim.unit == unit]
    fig, ax = plt.subplots(figsize=(8.5, 1.2 + 0.38 * max(len(chosen), 1)))
    y = np.arange(len(chosen))[::-1].astype(float)
    margin = max((v.claim.margin for v in chosen), default=0.0)
    if margin:
        ax.axvspan(-margin, margin, color="0.9", zorder=0, label=f"margin ±{margin:g}")
    ax.axvline(0, color="0.4", linewidth=0.8)
    colours = VERDICT_COLOURS
    for yi, v in zip(y, chosen):
        e, colour = v.estimate, colours.get(v.verdict, "0.2")
        ax.plot([v.low, v.high], [yi, yi], color=colour, linewidth=1.0)
        ax.plot([e.low, e.high], [yi, yi], color=colour, linewidth=3.5, solid_capstyle="butt")
        ax.plot([e.mean], [yi], "o", color=colour, markersize=4)
    ax.set_yticks(y)
    ax.set_yticklabels([f"{v.claim.label or v.claim.name} (n={v.estimate.n:,}): {v.verdict}" for v in chosen], fontsize=8)
    ax.set_xlabel(f"{unit}, oriented: positive = the book's advice gains\n"
                  "dot: estimate; thick: 95% interval; thin: simultaneous interval (the verdicts' basis)", fontsize=8)
    ax.set_title(title or f"The claims measured in {unit}", fontsize=10)
    if margin:
        ax.legend(fontsize=8, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)

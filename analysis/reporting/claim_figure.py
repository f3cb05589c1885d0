"""A claim's figure, drawn from the ledger: every replication of its primary test as a row, the
estimate a dot and the simultaneous interval a line on the primary's own axis, the margin shaded;
above each row where it was measured, its n, its verdict and its numbers. The replication that
carries the claim's status (its one number) is marked.

It is an inline SVG built from a claim of :meth:`analysis.reporting.ledger.Ledger.as_list`, so the
labels are the ledger's words and numbers (a study's own figure judges each test within that study's
family, and may word a replication otherwise). Colours come from the page's style sheet: each row has
the class ``v-<verdict>``.
"""
from __future__ import annotations

import math
import textwrap
from html import escape

from analysis.reporting.ledger import estimate_text

WIDTH = 860
PAD = 16            # left and right of the plot
LINE = 16           # a line of a row's label (a row: its label, on one line or two, then its interval)
LINE_CHARS = 118    # the characters a line of label holds at the width of the figure
GAP = 22            # below a row's label: its interval
TOP = 8
AXIS = 70           # the axis, its ticks and its caption below the rows


CARRIES = "the claim's number: "   # before the label of the replication that carries the status


def figure_rows(claim: dict) -> list[dict]:
    """The figure's rows, one per replication in the primary's order: its label (its verdict and
    numbers, where it was measured, its n), its verdict and numbers, and whether it carries the status."""
    p = claim["primary"]
    anchor = p["anchor"] or {}
    rows = []
    for r in p["replications"]:
        run = r["verdict"] != "not run"
        label = r["verdict"]
        if run and r["estimate"] is not None:
            label += " " + estimate_text(r["estimate"], r["ci"], p["margin"])
        label += f"; {r['cell']}" + ("" if r["n"] is None else f", n = {r['n']:,}")
        carries = run and r.get("source") is not None and r.get("source") == anchor.get("source")
        rows.append({"label": (CARRIES if carries else "") + label, "verdict": r["verdict"],
                     "estimate": r["estimate"], "ci": r["ci"], "n": r["n"], "carries": carries})
    return rows


def ticks(low: float, high: float, most: int = 7) -> list[float]:
    """Round ticks from ``low`` to ``high``: a step of 1, 2 or 5 times a power of ten, at most ``most``."""
    span = high - low
    if not span > 0:
        return [low]
    for power in range(math.floor(math.log10(span / most)), 10):
        for m in (1, 2, 5):
            step = m * 10.0 ** power
            first = math.ceil(low / step)
            count = math.floor(high / step) - first + 1
            if count <= most:
                return [round((first + i) * step, 12) for i in range(count)]
    return [low, high]


def claim_svg(claim: dict) -> str:
    """The figure of a claim (see the module's notes), or "" when none of its replications has an estimate."""
    p = claim["primary"]
    rows = figure_rows(claim)
    drawn = [r for r in rows if r["estimate"] is not None]
    if not drawn:
        return ""
    margin = p["margin"]
    values = [0.0, -margin, margin] + [v for r in drawn for v in (r["ci"] or [r["estimate"]] * 2) + [r["estimate"]]
                                       if v is not None]
    low, high = min(values), max(values)
    pad = (high - low) * 0.06
    low, high = low - pad, high + pad

    def x(v: float) -> float:
        return PAD + (v - low) / (high - low) * (WIDTH - 2 * PAD)

    lines = [textwrap.wrap(r["label"], LINE_CHARS) for r in rows]
    tops = [TOP + sum(LINE * len(w) + GAP for w in lines[:i]) for i in range(len(rows))]
    bottom = TOP + sum(LINE * len(w) + GAP for w in lines)
    height = bottom + AXIS
    out = [f'<svg class="claim-figure" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" '
           f'aria-label="the replications of {escape(claim["id"])}\'s primary test">',
           f'<rect class="margin" x="{x(-margin):.1f}" y="{TOP}" width="{x(margin) - x(-margin):.1f}" '
           f'height="{bottom - TOP}"/>']
    for t in ticks(low, high):
        out.append(f'<line class="{"zero" if t == 0 else "grid"}" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{TOP}" '
                   f'y2="{bottom}"/><text class="tick" x="{x(t):.1f}" y="{bottom + 16}">{f"{t:+g}" if t else "0"}</text>')
    for r, top, wrapped in zip(rows, tops, lines):
        css = f'rep v-{r["verdict"].replace(" ", "-")}' + (" carries" if r["carries"] else "")
        out.append(f'<g class="{css}">' + "".join(f'<text class="label" x="{PAD}" y="{top + LINE * (k + 1) - 3}">'
                                                  f'{escape(words)}</text>' for k, words in enumerate(wrapped)))
        if r["estimate"] is not None:
            line = top + LINE * len(wrapped) + GAP / 2
            if r["ci"]:
                out.append(f'<line class="ci" x1="{x(r["ci"][0]):.1f}" x2="{x(r["ci"][1]):.1f}" y1="{line}" '
                           f'y2="{line}"/>')
            out.append(f'<circle cx="{x(r["estimate"]):.1f}" cy="{line}" r="5"/>')
        out.append("</g>")
    caption = (f"{p['unit']}, oriented: positive means the book's advice gains",
               f"dot: the estimate; line: its simultaneous interval (the primaries' rule); shaded: the margin ±{margin:g}")
    out += [f'<text class="axis" x="{WIDTH / 2:.0f}" y="{bottom + 36 + 15 * i}">{escape(c)}</text>'
            for i, c in enumerate(caption)]
    out.append("</svg>")
    return "".join(out)

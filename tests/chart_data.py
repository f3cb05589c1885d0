"""Reading a chart's data back from the figure that was saved: what a test of a chart checks,
rather than that its file exists."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest


def final_name(target) -> str:
    """The file a figure was saved to, its temporary name (".name.tmp", ".name.<pid>.tmp") undone."""
    name = Path(str(target)).name
    return re.sub(r"^\.(.+?)(\.\d+)?\.tmp$", r"\1", name)


@pytest.fixture
def saved_figures(monkeypatch):
    """Every matplotlib figure saved while the test runs, by the name of its file."""
    from matplotlib.figure import Figure
    drawn, save = {}, Figure.savefig

    def keep(fig, fname, *args, **kwargs):
        if isinstance(fname, (str, Path)):
            drawn[final_name(fname)] = fig
        return save(fig, fname, *args, **kwargs)
    monkeypatch.setattr(Figure, "savefig", keep)
    return drawn


def claims_chart_rows(fig) -> list[dict]:
    """The rows of a claims chart (analysis.reporting.charts.claims_chart), from the top: each row's label,
    its dot (the estimate), its thick line (the 95% interval) and its thin line (the simultaneous interval)."""
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    ys = list(ax.get_yticks())
    rows = {y: {} for y in ys}
    for line in ax.lines:
        x, y = np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)
        if len(y) == 0 or y[0] not in rows or (len(y) == 2 and y[0] != y[1]):
            continue
        if len(x) == 1:
            rows[y[0]]["estimate"] = x[0]
        elif line.get_linewidth() > 2:
            rows[y[0]]["ci"] = (x[0], x[1])
        else:
            rows[y[0]]["simultaneous"] = (x[0], x[1])
    return [dict(label=label, **rows[y]) for label, y in zip(labels, ys)]


def check_claims_chart(fig, verdict_list, unit: str) -> None:
    """A claims chart shows, row by row, each test in ``unit`` with its estimate, 95% interval,
    simultaneous interval and verdict."""
    chosen = [v for v in verdict_list if v.claim.unit == unit]
    rows = claims_chart_rows(fig)
    assert len(rows) == len(chosen) > 0
    for row, v in zip(rows, chosen):
        assert row["label"].endswith(f": {v.verdict}") and f"n={v.estimate.n:,}" in row["label"]
        assert row["estimate"] == pytest.approx(v.estimate.mean)
        assert row["ci"] == pytest.approx((v.estimate.low, v.estimate.high))
        assert row["simultaneous"] == pytest.approx((v.low, v.high))

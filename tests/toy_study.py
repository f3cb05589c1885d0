"""A small study of the runner's own tests: numpy only, so the runner is tested apart from the solver.

It is written as a module (``NAME``, ``DEFAULTS``, the four functions), the older form of a
study, which the registry presents as a study object. Two scenarios of normal draws, ``high``
shifted by the option ``shift``; ``EUCHRELAB_TOY_FAIL_AT=scenario:chunk`` makes that chunk
raise KeyboardInterrupt, as if the user pressed Ctrl-C while it ran, and
``EUCHRELAB_TOY_SECONDS`` makes every chunk take that long.
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np
import pandas as pd

NAME = "toy"
TITLE = "A toy study"
DESCRIPTION = "normal draws per scenario"
DEFAULTS = {"deals": 1_000, "chunk_size": 150, "shift": 0.5}
POLICIES = "none: normal draws"
FAIL_AT = "EUCHRELAB_TOY_FAIL_AT"
SECONDS = "EUCHRELAB_TOY_SECONDS"


def scenarios(settings):
    return ["low", "high"]


def run_chunk(scenario, chunk_index, n_deals, seed, settings):
    if os.environ.get(FAIL_AT) == f"{scenario}:{chunk_index}":
        raise KeyboardInterrupt  # as if the user pressed Ctrl-C during this chunk
    time.sleep(float(os.environ.get(SECONDS, 0)))
    rng = np.random.default_rng(seed)
    shift = settings.options["shift"] if scenario == "high" else 0.0
    return pd.DataFrame({"scenario": scenario, "chunk": chunk_index, "x": rng.normal(shift, 1.0, n_deals)})


def summarise(frame, settings):
    return frame.groupby("scenario").agg(n=("x", "size"), mean=("x", "mean"), var=("x", "var")).reset_index()


def render(table, manifest, out_dir):
    from scipy.stats import norm

    from analysis.reporting import charts
    from analysis.reporting.report import Chart, StudyReport
    from analysis.experiment.stats import Claim, Estimate, verdicts
    rows = table.set_index("scenario")
    se = float(np.sqrt(rows.loc["high", "var"] / rows.loc["high", "n"] + rows.loc["low", "var"] / rows.loc["low", "n"]))
    diff = float(rows.loc["high", "mean"] - rows.loc["low", "mean"])
    est = Estimate(diff, diff - 1.96 * se, diff + 1.96 * se, se, se * np.sqrt(rows["n"].sum()), int(rows["n"].sum()),
                   float(2 * norm.sf(abs(diff / se))))
    claim = Claim("X1", '"High is higher than low."', "high - low", est)
    chart = charts.error_bars(out_dir / "means.png", list(rows.index),
                              {"mean": (rows["mean"], rows["mean"] - 0.1, rows["mean"] + 0.1, rows["n"])},
                              title="Means", ylabel="x")
    return StudyReport(name=NAME, title=TITLE, question='> "High is higher than low."', method="Normal draws.",
                       table=table, charts=[Chart(chart.name, "The means.")], verdicts=verdicts([claim]),
                       headline=f"high - low = {diff:+.3f}")


def toy_settings(out, **overrides):
    """The toy's settings, writing under ``out``, with no progress bar."""
    from analysis.run.runner import settings_for
    return settings_for(sys.modules[__name__], out=str(out), progress=False, **overrides)

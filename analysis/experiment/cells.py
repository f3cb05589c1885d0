"""Statistics from summed cells: what a study's results table holds.

A study's chunks return, per cell of its keys (seat, hand class, score, ...), the number of
deals and, for each per-deal value ``v``, the columns ``v_sum`` and ``v_sumsq`` (the sum of the
values and of their squares). Every estimate of a report is computed from these sums: a mean
with its t-interval over any union of cells, a difference stratified by cells, a grid of cells
for a strategy chart.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis.experiment.stats import CONFIDENCE, Estimate, mean_from_sums, normal_quantile, stratified_from_cells

MIN_CELL_DEALS = 30   # a chart cell with fewer deals gives no readable estimate: drawn grey


def sums(frame: pd.DataFrame, keys: list[str], values: list[str]) -> pd.DataFrame:
    """Per cell of ``keys``: ``deals`` and, for each per-deal column of ``values``, ``v_sum`` and
    ``v_sumsq`` (values are summed as 64-bit integers when they are integers)."""
    cols = {}
    for v in values:
        x = frame[v]
        x = x.astype(np.int64) if np.issubdtype(x.dtype, np.integer) or x.dtype == bool else x.astype(float)
        cols[f"{v}_sum"] = x
        cols[f"{v}_sumsq"] = x * x
    f = pd.concat([frame[keys], pd.DataFrame(cols, index=frame.index)], axis=1)
    g = f.groupby(keys, observed=True)
    out = g[list(cols)].sum().reset_index()
    out.insert(len(keys), "deals", g.size().to_numpy())
    return out


def counted(frames, keys: list[str]) -> pd.DataFrame:
    """Per-deal rows (a list of DataFrames with the columns ``keys``) as one row per distinct value
    of ``keys`` with its number of ``deals``; with no rows, an empty table of those columns."""
    frames = [f for f in frames if len(f)]
    if not frames:
        return pd.DataFrame({k: pd.Series(dtype=object) for k in keys} | {"deals": pd.Series(dtype=np.int64)})
    f = pd.concat(frames, ignore_index=True)
    return f.groupby(keys, observed=True).size().rename("deals").reset_index()


def summed_counts(frame: pd.DataFrame, keys: list[str], types: dict | None = None) -> pd.DataFrame:
    """Counted rows of many chunks (see :func:`counted`) as one table: the deals summed per
    distinct value of ``keys``, sorted by them; ``types``: the dtypes some keys are given back
    (the chunks' frames put together may have widened them)."""
    if frame.empty:
        return counted([], keys)
    table = frame.groupby(keys, observed=True)["deals"].sum().reset_index().astype(types or {})
    return table.sort_values(keys).reset_index(drop=True)


def paired_mean(rows: pd.DataFrame, a: str, b: str) -> Estimate | None:
    """The mean over deals of column ``a`` minus column ``b`` of counted rows (each row standing
    for its ``deals``), with its paired t-interval; None under two deals."""
    n = int(rows["deals"].sum())
    if n < 2:
        return None
    d = rows[a].astype(np.int64).to_numpy() - rows[b].astype(np.int64).to_numpy()
    w = rows["deals"].to_numpy(np.int64)
    return mean_from_sums(n, float(w @ d), float(w @ (d * d)))


def cell_stats(table: pd.DataFrame, by: list[str], value: str) -> pd.DataFrame:
    """Deals, sums, mean and variance (ddof=1) of ``value`` per group ``by`` (all rows if empty)."""
    s, ss = f"{value}_sum", f"{value}_sumsq"
    if by:
        g = table.groupby(by, observed=True)[["deals", s, ss]].sum().reset_index()
    else:
        g = table[["deals", s, ss]].sum().to_frame().T
    n = g["deals"].astype(float)
    g["mean"] = g[s] / n
    g["var"] = ((g[ss] - n * g["mean"] ** 2) / (n - 1)).where(n > 1).clip(lower=0)
    return g


def mean_of(table: pd.DataFrame, value: str, confidence: float = CONFIDENCE) -> Estimate:
    """The mean of a per-deal ``value`` over all the rows (cells) of ``table``, t-interval."""
    return mean_from_sums(table["deals"].sum(), table[f"{value}_sum"].sum(), table[f"{value}_sumsq"].sum(),
                          confidence)


def stratified(table: pd.DataFrame, rows_a, rows_b, value: str, strata: list[str]) -> Estimate:
    """Mean of ``value`` in rows_a minus in rows_b *within* cells of ``strata`` (independent
    samples), averaged over the cells weighted by their pooled deals."""
    a = cell_stats(table[rows_a], strata, value).set_index(strata)
    b = cell_stats(table[rows_b], strata, value).set_index(strata)
    both = a.add_suffix("_a").join(b.add_suffix("_b"), how="inner")
    return stratified_from_cells(both["deals_a"], both["mean_a"], both["var_a"],
                                 both["deals_b"], both["mean_b"], both["var_b"])


def grid(table: pd.DataFrame, row: str, col: str, value: str, rows, cols,
         min_deals: int = MIN_CELL_DEALS) -> dict[str, np.ndarray]:
    """A strategy chart's panel: per (row, col) cell the mean of ``value``, the half-width of its
    95% interval and the deals; NaN where a cell has fewer than ``min_deals`` deals."""
    rows, cols = list(rows), list(cols)
    mean = np.full((len(rows), len(cols)), np.nan)
    half = np.full_like(mean, np.nan)
    n = np.zeros_like(mean, dtype=np.int64)
    if len(table):
        for _, r in cell_stats(table, [row, col], value).iterrows():
            if r[row] not in rows or r[col] not in cols or r["deals"] < min_deals:
                continue
            i, j = rows.index(r[row]), cols.index(r[col])
            mean[i, j] = r["mean"]
            half[i, j] = normal_quantile() * math.sqrt(r["var"] / r["deals"])
            n[i, j] = int(r["deals"])
    return {"mean": mean, "half": half, "n": n}

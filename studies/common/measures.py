"""A test of a score's advice in every unit and rubber state: the measures a score test is valued in.

A test at a score the book names is measured in net rubber points in the first game of a rubber (no
game won: its study's chart and headline) and at one game all (the third game, the rubber riding on
it), in the probability of winning the game, and in net points per hand. Each measure is a test of
its own under its own model (:class:`analysis.experiment.stats.Model`), keyed by the first
measure's key and a suffix, so that the ledger can say whether the verdict depends on the unit or
on the state of the rubber.
"""
from __future__ import annotations

from dataclasses import replace

import pandas as pd

from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL, RUBBER_STATES
from analysis.experiment import ClaimTest, GAME_WIN, POINTS, RUBBER, verdict_of
from analysis.reporting.markup import md_table

# key suffix -> (unit, rubber state, words, a short name); the first is the test as first declared
MEASURES = {"": (RUBBER, FIRST_GAME, "net rubber points in the first game", "rubber"),
            ".one game all": (RUBBER, ONE_GAME_ALL, "net rubber points at one game all", "one game all"),
            ".game": (GAME_WIN, None, "the probability of winning the game", "game-win"),
            ".points": (POINTS, None, "net points per hand", "points")}


def in_every_measure(test: ClaimTest, permissive: bool = False) -> tuple[ClaimTest, ...]:
    """``test`` (declared in rubber points) in each measure: the same hands and arms, the unit,
    state, key, label and words of the measure."""
    out = []
    for suffix, (unit, state, words, short) in MEASURES.items():
        out.append(replace(test, key=test.key + suffix, unit=unit, state=state, margin=None,
                           label=test.label + (f" ({short})" if suffix else ""),
                           test=test.test.replace("net rubber points", words), permissive=permissive))
    return tuple(out)


def split(key: str) -> tuple[str, str]:
    """A measured test's key as (the first measure's key, the suffix)."""
    for suffix in MEASURES:
        if suffix and key.endswith(suffix):
            return key[:-len(suffix)], suffix
    return key, ""


def unit_and_state(key: str) -> tuple[str, dict]:
    """The unit of a measured test's key, and the rubber state to value it in (the first game for
    a unit the rubber does not value, where the state is not read)."""
    unit, state, _words, _short = MEASURES[split(key)[1]]
    return unit, RUBBER_STATES[state or FIRST_GAME]


def primary(verdict_list) -> list:
    """The verdicts in the first measure: net rubber points in the first game (and every test in
    another unit that is not a score test)."""
    return [v for v in verdict_list if split(v.claim.name)[1] == ""]


def flipped(verdict_list, keys) -> dict[str, dict[str, str]]:
    """Of the tests ``keys`` (first measures), those whose verdict is not the same in every
    measure: key -> {short name of the measure: verdict}."""
    out = {}
    for key in keys:
        got = {MEASURES[s][3]: v.verdict for s in MEASURES if (v := verdict_of(verdict_list, key + s)) is not None}
        if len(set(got.values())) > 1:
            out[key] = got
    return out


def measures_table(verdict_list, keys) -> pd.DataFrame:
    """Each test ``keys`` (first measures) in every measure: its estimate, simultaneous interval
    and verdict (the book's side positive)."""
    rows = []
    for key in keys:
        first = verdict_of(verdict_list, key)
        if first is None:
            continue
        row = {"test": first.claim.label}
        for suffix, (_unit, _state, _words, short) in MEASURES.items():
            v = verdict_of(verdict_list, key + suffix)
            if v is not None:
                pct = short == "game-win"
                row[short] = (f"{v.estimate.mean:+.2%} [{v.low:+.2%}, {v.high:+.2%}] {v.verdict}" if pct else
                              f"{v.estimate.mean:+.3f} [{v.low:+.3f}, {v.high:+.3f}] {v.verdict}")
        rows.append(row)
    return pd.DataFrame(rows)


def measures_section(verdict_list, keys) -> tuple[str, str]:
    """A report's section: the score tests in every unit and rubber state, and how many change their
    verdict with them."""
    changed = flipped(verdict_list, keys)
    n = sum(verdict_of(verdict_list, k) is not None for k in keys)
    lead = (f"{len(changed)} of {n} tests change their verdict with the unit or the rubber state: "
            + "; ".join(f"{verdict_of(verdict_list, k).claim.label} ("
                        + ", ".join(f"{m} {w}" for m, w in got.items()) + ")" for k, got in changed.items()) + "."
            if changed else f"None of the {n} tests changes its verdict with the unit or the rubber state.")
    return ("Every unit and state of the rubber",
            "Each test that names a score, measured four ways on the same deals: net rubber points in the first game "
            "(no game won) and at one game all (the third game), the probability of winning the game, and net "
            "points per hand; the estimate, its simultaneous interval (the tests in one unit and state are one "
            "family) and the verdict. " + lead + "\n\n" + md_table(measures_table(verdict_list, keys)))

"""Benchmark of advice at the table: ``euchrelab advise`` at its default settings (all four seats
at the table, PIMC reading the calls, on :data:`analysis.tools.advise.TABLE_WORLDS` of the
worlds, its double-dummy twin on all of them) on the ten hands of docs/advice.md, one core.

``advise_table_s`` is the mean of the hands' seconds of CPU time on the calling thread (one
core: the rate, not the share of a busy machine), the game model already read. ``python -m
analysis.bench.advise`` prints the table of docs/advice.md: each hand's seconds, the widest 95%
half-width of its actions' values in points, and the share of the table's variance its twin
left, from lowest to highest action.
"""
from __future__ import annotations

import time

from analysis.bench.registry import benchmark

# (seat, hand, turn-up, score (his side first), calls before him): the hands of the README and
# the docs, then the book's rules the tests name (tests/test_advise.py)
HANDS = (
    ("D", "JH AH 9H AS KC", "TH", "2-3", None),
    ("D", "JH AH 9H AS KC", "TH", "0-0", None),
    ("B", "JS 9C AS KS QH", "9S", "0-0", None),
    ("B", "JS JC AS KS QS", "9S", "0-0", None),
    ("A", "JD QD AD KS 9C", "TH", "0-0", "pass,pass,pass,turn down,pass,pass,pass"),
    ("B", "7C 8C 7H 8D 9D", "9S", "0-0", None),
    ("D", "AH KH 9H AS KC", "JH", "0-0", None),
    ("A", "AD KD 9D 7S 8C", "TD", "3-3", None),
    ("A", "JD AS 7C 8C 9S", "AH", "4-2", None),
    ("C", "JH QH AH KD 9C", "TS", "0-0", "pass,pass,pass,turn down,pass"),
)


def one(seat, hand, turn_up, score, calls) -> dict:
    """One hand advised at the default settings: its CPU seconds and what its intervals came to."""
    from analysis.tools.advise import Spot, advise
    from analysis.value.models import advice_model
    spot = Spot.of(seat, hand, turn_up, score, calls)
    advice_model(spot.rules, "pimc-calls")          # read once, not timed
    start = time.thread_time()
    advice = advise(spot)
    seconds = time.thread_time() - start
    half = max((v.points.high - v.points.low) / 2 for v in advice.actions)
    kept = [v.kept for v in advice.actions]
    return {"hand": f"{seat} {hand}, {turn_up} turned, {score}" + (" (round 2)" if spot.round == 2 else ""),
            "actions": len(advice.actions), "seconds": seconds, "half_width": half,
            "kept_low": min(kept), "kept_high": max(kept), "best": advice.best, "by": advice.by}


@benchmark("advise_table_s", "advice at the table, default settings, one core: mean CPU seconds over ten hands (s)")
def advise_table_s(_min_seconds: float) -> float:
    rows = [one(*h) for h in HANDS]
    return sum(r["seconds"] for r in rows) / len(rows)


def main() -> None:
    rows = [one(*h) for h in HANDS]
    print("| hand | actions | CPU s | widest half-width (points) | variance left by the twin | best (by) |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        print(f"| {r['hand']} | {r['actions']} | {r['seconds']:.1f} | {r['half_width']:.3f} | "
              f"{r['kept_low']:.0%} to {r['kept_high']:.0%} | {r['best']} ({r['by']}) |")
    print(f"\nmean {sum(r['seconds'] for r in rows) / len(rows):.1f} s a hand")


if __name__ == "__main__":
    main()

"""A policy's strategy charts, as ``euchrelab chart`` draws them: per seat and hand class, the
best bid and what the policy does (:mod:`analysis.tools.strategy` holds the method and drawing)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from analysis.errors import EuchreError
from analysis.limits import bounded
from analysis.game import Rules, Score
from analysis.tools import strategy


@dataclass
class PolicyCharts:
    """The charts and table written for a policy, and its hand classes' verdicts."""

    policy: str
    table: pd.DataFrame
    files: list[Path]

    def judged(self) -> pd.DataFrame:
        """The classes played on enough hands to judge."""
        return self.table[self.table["verdict"] != "few deals"]

    def verdicts(self) -> str:
        """The classes judged and their verdicts, in a line."""
        judged = self.judged()
        w = judged["deals"]
        if not len(judged):
            return f"0 classes judged: none has {strategy.MIN_DEALS} hands played; give more --deals or a larger --cap"
        counts = judged["verdict"].value_counts()
        return (f"{len(judged)} classes judged: agrees {counts.get('agrees', 0)}, close {counts.get('close', 0)}, "
                f"too cautious {counts.get('too cautious', 0)}, too bold {counts.get('too bold', 0)}, "
                f"wrong suit {counts.get('wrong suit', 0)}, wrong discard {counts.get('wrong discard', 0)}; "
                "mean loss against the best "
                f"{(judged['policy_loss'] * w).sum() / w.sum():+.3f} points per hand played")

    def __str__(self) -> str:
        return "\n".join([*(str(path) for path in self.files), self.verdicts()]) + "\n"

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_table
        return html_table(self.judged())


def chart_policy(policy, seats, deals: int, seed: int, rules: Rules, score: Score, cap: int, out, jobs: int = 1,
                 progress=None, shown_name: str | None = None) -> PolicyCharts:
    """The strategy charts of ``policy`` (a policy or its name) for ``seats`` (seat numbers):
    ``deals`` fresh deals per seat and round from ``seed`` at ``score``, at most ``cap`` hands of
    a class per 25,000 deals played under each action; the charts (PNG, PDF) and the table (CSV)
    written to the folder ``out``."""
    from analysis.bidding import policy_from_name

    if isinstance(policy, str):
        shown_name = shown_name or policy
        policy = policy_from_name(policy)
    name = getattr(policy, "name", shown_name)
    bounded(deals, "chart", "deals")
    frame = strategy.chart_rows(policy, seats, deals, seed, rules, score, cap, progress=progress, jobs=jobs)
    table = strategy.action_table(frame)
    letters = [strategy.SEATS[s] for s in seats]
    if table.empty:
        raise EuchreError(f"no decision of {', '.join(letters)} was reached under the policy {name!r} (an earlier "
                          "player always called): chart another seat, or give more --deals")
    score_words = "love-all" if tuple(score) == (0, 0) else f"A+C {score[0]}, B+D {score[1]}"
    method = (f"Method: {deals:,} fresh deals per seat and round (round two {3 * deals:,}), seed {seed}, at "
              f"{score_words}, bid by the policy {name!r}; where the seat's decision is reached, at most {cap} hands "
              "of a class per 25,000 deals are played under each action, paired on the same deals, every other "
              f"decision by the policy; double-dummy play; pack {rules.pack}, game of {rules.points_for_game}"
              f"{', stick the dealer' if rules.stick_the_dealer else ''}.")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    csv = strategy.write_csv(table, out / "chart.csv")
    paths = strategy.write_charts(table, out, title=f"The best bid by hand class, and what {name!r} does",
                                  method=method, policy_name=f"policy {name!r}", seats=letters, prefix="chart")
    return PolicyCharts(name, table, [csv, *(v for k, v in paths.items() if k != "pdf"), paths["pdf"]])

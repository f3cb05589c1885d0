"""A policy's game-win probability and expected rubber points by score: ``euchrelab rubber``.

Deals at every score are bid by the policy and played double-dummy (:mod:`analysis.value.outcomes`);
the outcome counts give the rubber model (:mod:`analysis.value.rubber`), and a bootstrap of the
counts the intervals. The result prints itself as the command's table (``str()``), gives the
command's JSON object (``to_json()``) and draws the chart of ``--chart`` (``write_chart()``).
"""
from __future__ import annotations

import functools
import html
from dataclasses import dataclass

import numpy as np

from analysis.bidding import Policy
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.game import Rules
from analysis.seeds import DEFAULT_SEED, rubber_bootstrap_seed
from analysis.value import rubber
from analysis.value import OUTCOMES, outcome_counts

CONFIDENCE = 0.95
WIDTH = 22   # of a cell of the table: "100.0% [99.9%, 100.0%]"


def outcome_key(outcome: tuple[int, int]) -> str:
    """``"2-0"``: the points a hand gives the dealing side and the other."""
    return f"{outcome[0]}-{outcome[1]}"


def interval(draws: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The central interval of :data:`CONFIDENCE` of bootstrap draws (first axis)."""
    tail = 50 * (1 - CONFIDENCE)
    return np.percentile(draws, tail, axis=0), np.percentile(draws, 100 - tail, axis=0)


def rules_text(rules: Rules) -> str:
    kind = ("the rubber: three games, a fourth when the third laps" if rules.rubber else "a single game")
    return f"{rules.words}; {kind}"


@dataclass
class RubberTable:
    """The outcome counts of a policy's hands at every score (game, game, outcomes), the rubber
    model they give, and (drawn when first needed) its bootstrap."""

    policy: str
    rules: Rules
    deals: int
    seed: int
    draws: int
    counts: np.ndarray
    model: rubber.RubberModel

    @functools.cached_property
    def bootstrap(self) -> rubber.RubberModel:
        """The model of each of ``draws`` bootstrap draws of the counts."""
        return rubber.bootstrap(self.counts, self.rules, self.draws, rubber_bootstrap_seed(self.seed))

    @property
    def unit(self) -> str:
        return "rubber points" if self.rules.rubber else "game points"

    @functools.cached_property
    def hands(self) -> np.ndarray:
        """The hands behind each score (own, theirs)."""
        return self.counts.sum(axis=-1)

    @functools.cached_property
    def by_score(self) -> dict[str, dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]]:
        """For a side at (own, theirs) in the first game, dealing or not: P(win game) and its
        expected net points, each as (estimate, low, high) arrays (game, game)."""
        own, theirs = np.indices((self.rules.points_for_game,) * 2)
        out = {}
        for deals, side in ((True, "dealing"), (False, "not dealing")):
            models = (self.model, self.bootstrap)
            values = {"win": [m.win_at((own, theirs), deals) for m in models],
                      "points": [rubber.side_points_after(m, own, theirs, deals) for m in models]}
            out[side] = {k: (est, *interval(d)) for k, (est, d) in values.items()}
        return out

    def to_json(self) -> dict:
        """The command's JSON object; every score and state from the dealing side's view."""
        model = self.model
        game = self.rules.points_for_game
        scores = [(m, o) for m in range(game) for o in range(game)]
        n = self.hands
        states = [(k, games) for k in range(1, rubber.GAMES + 1) for games in rubber.configurations(k, self.rules)]
        return {
            "game": game,
            "outcomes": [{"score": [m, o], "n": int(n[m, o]),
                          "p": {outcome_key(x): float(model.probs[m, o, i]) for i, x in enumerate(OUTCOMES)}}
                         for m, o in scores],
            "game_win": [{"score": [m, o], "p": float(model.game_win[m, o])} for m, o in scores],
            "rubber": [{"game": k, "games": [gd, go], "score": [m, o],
                        "points": float(model.points[k - 1, gd, go, m, o])}
                       for k, (gd, go) in states for m, o in scores],
        }

    def _rows(self) -> list[tuple[str, int, list[str]]]:
        """(score, deals, the four cells) of the table, a row per score of the first game."""
        game = self.rules.points_for_game
        n = self.hands
        table = self.by_score
        rows = []
        for own in range(game):
            for theirs in range(game):
                cells = []
                for what, fmt in (("win", "{:.1%} [{:.1%}, {:.1%}]"), ("points", "{:+.2f} [{:+.2f}, {:+.2f}]")):
                    for side in ("dealing", "not dealing"):
                        est, lo, hi = (float(v[own, theirs]) for v in table[side][what])
                        cells.append(fmt.format(est, lo, hi))
                rows.append((f"{own}-{theirs}", int(n[own, theirs]), cells))
        return rows

    def __str__(self) -> str:
        """The table a player reads: first game, by the side's score, dealing or not."""
        rules = self.rules
        game = rules.points_for_game
        low, high = interval(np.asarray(self.bootstrap.start))
        start = ("the side dealing the first hand of a rubber" if rules.rubber
                 else "the side dealing the first hand (+1 a game won, -1 a game lost)")
        span = 2 * WIDTH + 1
        lines = [f"policy {self.policy}, {rules_text(rules)}",
                 f"{self.deals:,} deals at each of {game * game} scores ({int(self.counts.sum()):,} in all), "
                 f"seed {self.seed}; double-dummy play",
                 f"{CONFIDENCE:.0%} intervals from {self.draws} bootstrap draws of the outcome counts",
                 "",
                 f"expected net {self.unit} of {start}: {self.model.start:+.3f} [{low:+.3f}, {high:+.3f}]",
                 "",
                 f"{'first game, ' if rules.rubber else ''}by the score before a hand (the side's points first); "
                 "n = deals simulated at that score",
                 f"{'':>14}  {'P(win game)':^{span}}  {'expected net ' + self.unit:^{span}}",
                 f"{'score':>6}{'n':>8}" + f"  {'dealing':^{WIDTH}} {'not dealing':^{WIDTH}}" * 2]
        for score, n, cells in self._rows():
            c = [f"{cell:>{WIDTH}}" for cell in cells]
            lines.append(f"{score:>6}{n:>8,}  {c[0]} {c[1]}  {c[2]} {c[3]}")
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def _repr_html_(self) -> str:
        head = ["score", "n", "P(win game), dealing", "not dealing", f"net {self.unit}, dealing", "not dealing"]
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in (score, f"{n:,}", *cells))
                       + "</tr>" for score, n, cells in self._rows())
        return (f"<table><caption>policy {html.escape(self.policy)}, first game, {CONFIDENCE:.0%} intervals</caption>"
                f"<thead><tr>{''.join(f'<th>{html.escape(h)}</th>' for h in head)}</tr></thead>"
                f"<tbody>{body}</tbody></table>")

    def write_chart(self, path) -> None:
        """Expected net points in the first game by the side's score (rows) and the other's
        (columns), dealing or not, each cell with its interval's half-width and the hands behind it."""
        from analysis.reporting import charts
        game = self.rules.points_for_game
        n = self.hands
        table = self.by_score
        panels = {}
        for side, n_side in (("dealing", n), ("not dealing", n.T)):
            est, lo, hi = (np.asarray(v, float) for v in table[side]["points"])
            panels[f"the side {side}"] = {"mean": est, "half": (hi - lo) / 2, "n": n_side}
        labels = [str(x) for x in range(game)]
        charts.heatmap_panels(path, panels, row_labels=labels, col_labels=labels,
                              title=f"Expected net {self.unit} by score, first game, policy {self.policy}",
                              xlabel="the other side's score", ylabel="the side's score", unit=f"net {self.unit}",
                              note=f"{rules_text(self.rules)}; {self.deals:,} deals per score, seed {self.seed}; "
                                   f"{CONFIDENCE:.0%} intervals from {self.draws} bootstrap draws")


def rubber_table(policy: Policy | str = "book", rules: Rules = Rules(), deals: int = 20_000, seed: int = DEFAULT_SEED,
                 n_jobs: int = 1, draws: int = 1000, progress: bool = False) -> RubberTable:
    """The game-win probability and expected rubber points by score under ``policy`` (a policy
    or its name): ``deals`` deals at each score, from ``seed``, played double-dummy; intervals
    from ``draws`` bootstrap draws of the outcome counts. ``str()`` of the result is the table
    ``euchrelab rubber`` prints."""
    from analysis.bidding import policy_from_name
    deals = check_whole(deals, "deals", 1)
    seed = check_whole(seed, "seed")
    check_jobs(n_jobs, "n_jobs")
    draws = check_whole(draws, "draws", 2)
    if isinstance(policy, str):
        policy = policy_from_name(policy)
    if not isinstance(policy, Policy):
        raise EuchreError(f"give a policy or its name, not {policy!r}")
    counts = outcome_counts(policy, rules, deals, seed, n_jobs, progress=progress)
    return RubberTable(policy.name, rules, deals, seed, draws, counts, rubber.from_counts(counts, rules))

"""The game and rubber models of the studies that value a hand by the score.

Such a study deals, in its own ``game`` scenarios, the book's hands at every score below game
and counts them by outcome (:data:`analysis.value.game_model.OUTCOMES`); from those counts
:func:`analysis.value.game_value.solved` gives the game model, the rubber model and their draws,
seeded from the run's root seed and the study's name.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy
from analysis.errors import EuchreError
from analysis.experiment.stats import normal_quantile
from analysis.experiment import Study
from analysis.game import Rules
from analysis.reporting.markup import md_table
from analysis.run import Settings
from analysis.value import game_value, outcomes
from analysis.value import GameModel, OUTCOMES

BOOK_GAME = 5             # the scores the book names are scores of its game of five


class BookGameStudy(Study):
    """A study of scores the book names: it needs the book's game of five points."""

    refusal = ""   # what the study does, up to "game of 5 points"

    def refuses(self, rules) -> str | None:
        game = rules.points_for_game
        if game != BOOK_GAME:
            return f"{self.refusal} game of {BOOK_GAME} points, not a game of {game}: run it with --game {BOOK_GAME}"
        return None

    def book_game_options(self, settings, **defaults) -> list[int]:
        """Refuses another game, then the whole-number options named in ``defaults``."""
        reason = self.refuses(settings.rules)
        if reason:
            raise EuchreError(reason)
        return self.whole_options(settings, **defaults)


def root_seed(manifest: dict | None) -> int:
    """The run's root seed, from its manifest (the default seed without one)."""
    return int((manifest or {}).get("root_seed", Settings.seed))


def book_game_rows(deals, a: int, rules, columns, **fixed) -> pd.DataFrame:
    """The book's hands dealt by AC at ``a`` points, deal i against the other side's (i mod game)
    points, bid and played by the book: the deals per (score, outcome) the game model reads, as
    rows of a results table of ``columns`` whose other columns hold ``fixed``."""
    scores = [(a, b) for b in range(rules.points_for_game)]
    rows = [{**fixed, "a": m, "b": o, "outcome": k, "deals": n}
            for m, o, k, n in outcomes.by_score(deals, BookPolicy(), rules, scores)]
    return pd.DataFrame(rows, columns=[*columns, "deals"])


def table_outcome_counts(rows: pd.DataFrame, game: int = BOOK_GAME, column: str = "outcome") -> np.ndarray:
    """The book's hands per score (a, b) by outcome, from rows of a results table (``a``, ``b``,
    the outcome's index in ``column``, ``deals``): what the game model reads."""
    counts = np.zeros((game, game, len(OUTCOMES)), np.int64)
    np.add.at(counts, (rows["a"].to_numpy(int), rows["b"].to_numpy(int), rows[column].to_numpy(int)),
              rows["deals"].to_numpy(np.int64))
    return counts


def book_game_model(table: pd.DataFrame, manifest: dict | None, study: str, kind: str = "cls") -> GameModel:
    """The game and rubber model of the book's game from a results table's game rows (those whose
    column ``kind`` is "game"), its draws seeded from the run's root seed and the study's name."""
    counts = table_outcome_counts(table[table[kind] == "game"])
    return game_value.solved(counts, Rules(), root_seed(manifest), study, with_rubber=True)


def model_table(model: GameModel) -> pd.DataFrame:
    """The game model by score: the dealing side's P(win game) ± the 95% half-width of its
    sampling error."""
    half = normal_quantile() * model.draws.std(axis=0, ddof=1)
    game = model.f.shape[0]
    return pd.DataFrame([{"dealing side's score": m,
                          **{f"other {o}": f"{model.f[m, o]:.3f} ±{half[m, o]:.3f}" for o in range(game)}}
                         for m in range(game)])


def model_section(model: GameModel) -> tuple[str, str]:
    """A report's section on the game model under the book's policy."""
    return ("The game model", "The probability that the side about to deal wins the game, by score, under the "
            "book's policy, ± the 95% half-width of its sampling error.\n\n" + md_table(model_table(model)))

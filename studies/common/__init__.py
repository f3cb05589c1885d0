"""What the studies share. Not a study: it registers no entry point, and no study imports another.

- :mod:`~studies.common.round_one`: the round-one decision, the book's classes of hands seat by
  seat, the deals played calling and passing, and the studies of the calls at scores;
- :mod:`~studies.common.book_arms`: the book's action against the other, a paired test's arms;
- :mod:`~studies.common.game_models`: the book's game of five, and the game and rubber models of
  the studies that value a hand by the score;
- :mod:`~studies.common.lone_arms`: lone hands played alone and with the partner, and the tests
  of the book's claims on them;
- :mod:`~studies.common.table_side`: the studies that play a double-dummy study's deals again
  with players who see only their own cards;
- :mod:`~studies.common.report`: the parts of a study's report.
"""
from studies.common.book_arms import BOOK_ARMS, arm_columns, book_and_other, book_gain
from studies.common.game_models import (BOOK_GAME, BookGameStudy, book_game_model, book_game_rows, model_section,
                                        model_table, table_outcome_counts, root_seed)
from analysis.bidding.rungs import RUNGS, rung_of
from studies.common.lone_arms import (KINDS, LONE_CLAIMS, READINGS, hand_class, points_estimate, rows_read,
                                      score_rows)
from studies.common.report import (charts, claims_figure, love_all_report, options_of, pack_of, study_report,
                                   verdict_columns)
from studies.common.round_one import (CALL_KEYS, GROUPS, CallsAtScoresStudy, book_calls, call_and_pass,
                                      classify, played, reached)
from studies.common.table_side import SIDE_BY_SIDE_ENGINES, TableSideStudy, table_side_report

__all__ = [
    # round_one
    "CALL_KEYS", "GROUPS", "CallsAtScoresStudy", "book_calls", "call_and_pass", "classify", "played",
    "reached",
    # book_arms
    "BOOK_ARMS", "arm_columns", "book_and_other", "book_gain",
    # game_models
    "BOOK_GAME", "BookGameStudy", "book_game_model", "book_game_rows", "model_section", "model_table",
    "table_outcome_counts", "root_seed",
    # the rungs of hands (analysis.bidding.rungs)
    "RUNGS", "rung_of",
    # lone_arms
    "KINDS", "LONE_CLAIMS", "READINGS", "hand_class", "points_estimate", "rows_read", "score_rows",
    # table_side
    "SIDE_BY_SIDE_ENGINES", "TableSideStudy", "table_side_report",
    # report
    "charts", "claims_figure", "love_all_report", "options_of", "pack_of", "study_report", "verdict_columns",
]

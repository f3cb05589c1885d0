"""The book's bidding by the score, at the table: the score study with every player table-side.

The score study (:mod:`studies.score`) plays its decisions double-dummy: every player sees all four
hands. Here the same cases, the same classes, the same readings and the same four measures (net
rubber points in the first game and at one game all, game-win, points per hand) are played by
four PIMC players reading the calls (the table engine: 32 worlds, from their own cards, what has
been played and the calls heard, read under the policies that bid), the book's hands at every
score that the game and rubber models read included. Its tests
are the score study's, measured under another engine: the ledger sets them beside the
double-dummy ones, so a verdict that holds only with perfect information shows as model-dependent.
"""
from __future__ import annotations

from analysis.play.engines import TABLE_PLAYER
from studies.common.variant import variant
from studies.score import STUDY as SCORE

# PIMC plays some hundreds of hands a second a core: not in the default suite
STUDY = variant(SCORE, "score_table", {"deals": 50_000, "chunk_size": 50_000, "replicates": 8, "cap": 1000},
                engine=TABLE_PLAYER)
STUDY.title = "The book's bidding by the score, at the table"

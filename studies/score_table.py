"""The book's bidding by the score, at the table: the score study with every player table-side.

The score study (:mod:`studies.score`) plays its decisions double-dummy: every player sees all four
hands. Here the same cases, the same classes, the same readings and the same four measures (net
rubber points in the first game and at one game all, game-win, points per hand) are played by
four PIMC players (32 worlds, from their own cards and what has been played; they do not read the
calls), the book's hands at every score that the game and rubber models read included. Its tests
are the score study's, measured under another engine: the ledger sets them beside the
double-dummy ones, so a verdict that holds only with perfect information shows as model-dependent.
"""
from __future__ import annotations

from dataclasses import replace

from analysis.play.engines import DEFAULT_WORLDS, chunk_engine, play_record, playing
from studies.score import ScoreStudy, render

ENGINE = "pimc"


class ScoreTableStudy(ScoreStudy):
    name = "score_table"
    title = "The book's bidding by the score, at the table"
    description = ("The score study's cases (S3, S4, T4, D1-D4 at the scores the book names) with every player "
                   "table-side (PIMC, 32 worlds), in the same four measures; its tests join the ledger beside the "
                   "double-dummy ones.")
    policies = ScoreStudy.policies + "; every card played by PIMC (32 worlds, uniform: the calls are not read)"
    defaults = {"deals": 50_000, "chunk_size": 50_000, "replicates": 8, "cap": 1000}
    suite_position = None        # PIMC plays about a thousand hands a second a core
    takes_play = False           # its play is PIMC, whatever the run's engine
    claims = tuple(replace(t, engine=ENGINE) for t in ScoreStudy.claims)

    def run_chunk(self, scenario, chunk_index, n_deals, seed, settings):
        with playing(chunk_engine(ENGINE, DEFAULT_WORLDS, seed, settings.pack)):
            return super().run_chunk(scenario, chunk_index, n_deals, seed, settings)

    def render(self, table, manifest, out_dir):
        # the report's play note and run section name the engine the chunks played with
        return render(self, table, manifest | {"play": play_record(ENGINE, DEFAULT_WORLDS)}, out_dir)


STUDY = ScoreTableStudy()

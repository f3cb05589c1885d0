"""Lone hands at the table: the lone_hands study's main tests with players who see only their own cards.

Every verdict of the lone_hands study rests on double-dummy play, in which a lone hand's
adversaries see every card and never misguard. Here its tests in points per hand (L2 by class,
L5 by seat, L7 after the assist: :data:`KEYS_AT_TABLE`) are measured again on a subsample of the
same population of deals and scores, played three ways:

- ``dd``: double-dummy (the lone_hands study's engine), on the same deals;
- ``pimc``: every player by perfect-information Monte Carlo (``worlds`` worlds a decision,
  consistent with his cards, the turn-up, whether it was taken and the cards played);
- ``book``: every player by the book's card-play rules.

The deals are dealt as the lone_hands study deals them (scenario ``dealers-a``: AC at ``a``
points, deal i at the other side's ``i mod game``), bid by the book's policy, and each made hand
is played alone and with the partner (and the dealer alone after C's assist). Per chunk the
first ``cap`` deals on which some decision is taken with a desperate-or-better lone hand are
played by every engine; the rows, the estimators and their orientation are the lone_hands
study's own. The PIMC estimates are claim tests (they join the ledger beside the double-dummy
ones); the book-rules estimates are shown, not judged.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.errors import EuchreError
from analysis.experiment import ClaimTest, POINTS, Study, counted, summed_counts
from analysis.experiment.stats import Estimate, independent_difference
from analysis.game import SEATS, Score
from analysis.play import DEFAULT_WORLDS, chunk_engine
from analysis.reporting.report import interval
from fastcore.sampler import sample_deals
from studies.common.lone_arms import KINDS, LONE_CLAIMS, points_estimate, score_rows
from studies.common.report import options_of, pack_of
from studies.common.table_side import (PLAYED_SIDE_BY_SIDE, SIDE_BY_SIDE_ENGINES, TableSideStudy, engine_columns,
                                       table_side_report, verdicts_side_by_side)

KEYS_AT_TABLE = ("L2.desperate", "L2.light", "L5.B-A", "L5.A-C", "L5.A-D", "L7")
DEFAULT_CAP = 40
LONE_TEST_BY_KEY = {t.key: t for t in LONE_CLAIMS}   # the lone_hands study's tests
ROW_KEYS = ["engine", "a", "b", "kind", "seat", "round", "strength", "trumps", "right", "left", "aces",
            "book_alone", "arm1", "arm0"]


def decisions(deals, score: Score, rules, engine) -> pd.DataFrame:
    """The lone_hands rows of ``deals`` played by ``engine`` whose decision is taken with a
    desperate-or-better lone hand."""
    rows = score_rows(deals, score, rules, engine)
    return rows[(rows["kind"] != KINDS.index("void")) & (rows["strength"] >= 1)]


def chunk_rows(deals, a: int, rules, cap: int, worlds: int, seed) -> pd.DataFrame:
    """The chunk's first ``cap`` deals with a desperate-or-better lone decision, each played by
    every engine (the table-side players those of the chunk ``seed``) at its score (a, i mod game):
    the lone_hands rows of those decisions."""
    engines = {e: chunk_engine(e, worlds, seed, deals.pack) for e in SIDE_BY_SIDE_ENGINES}
    game = rules.points_for_game
    n = len(deals.hands)
    decided = []       # the double-dummy rows of every deal, the deal named by its index in ``deals``
    for b in range(game):
        idx = np.arange(b, n, game)
        rows = decisions(deals[idx], Score(a, b), rules, engines["dd"])
        decided.append(rows.assign(deal=idx[rows["deal"].to_numpy()]))
    dd = pd.concat(decided, ignore_index=True)
    chosen = np.sort(dd["deal"].unique())[:cap]
    frames = [dd[dd["deal"].isin(chosen)].assign(engine="dd")]     # a deal's rows do not depend on its batch
    for e in SIDE_BY_SIDE_ENGINES[1:]:
        for b in range(game):
            idx = chosen[chosen % game == b]
            if len(idx):
                frames.append(decisions(deals[idx], Score(a, b), rules, engines[e]).assign(engine=e))
    return counted(frames, ROW_KEYS)


def lone_table(table: pd.DataFrame, engine: str) -> pd.DataFrame:
    """An engine's rows as the lone_hands study's results table (kind and seat by name, the sums
    of the arms' points and of their difference), which its estimators read."""
    t = table[table["engine"] == engine].copy()
    t["kind"] = t["kind"].map(lambda k: KINDS[int(k)])
    t["seat"] = t["seat"].map(lambda s: SEATS[int(s)])
    w = t["deals"].astype(float)
    for name, x in (("arm1", t["arm1"].astype(float)), ("arm0", t["arm0"].astype(float)),
                    ("dpts", t["arm1"].astype(float) - t["arm0"])):
        t[f"{name}_sum"] = w * x
        t[f"{name}_sumsq"] = w * x * x
    return t


def gain(table: pd.DataFrame, key: str, engine: str) -> Estimate | None:
    """The lone_hands test ``key`` under ``engine``, the book's side positive."""
    t = lone_table(table, engine)
    if t["deals"].sum() < 2:
        return None
    return points_estimate(key, t)


def _test(key: str) -> ClaimTest:
    t = LONE_TEST_BY_KEY[key]
    return ClaimTest(f"{key}.pimc", t.claim, f"{t.label} (PIMC)", f"{t.test}; every player table-side (PIMC)",
                     POINTS, t.sign, engine="pimc")


CLAIMS = tuple(_test(k) for k in KEYS_AT_TABLE)


class LonePlay(TableSideStudy):
    name = "lone_play"
    title = "Lone hands at the table"
    description = ("The lone_hands study's tests in points per hand (L2, L5, L7) played again by players who see "
                   "only their own cards (PIMC; the book's card-play rules), beside double-dummy on the same deals.")
    policies = ("bidding: the book's policy (BookPolicy) for all four players at the lone_hands study's scores; each "
                f"made hand played alone and with the partner; {PLAYED_SIDE_BY_SIDE}")
    defaults = {"deals": 20_000, "chunk_size": 5_000, "cap": DEFAULT_CAP, "worlds": DEFAULT_WORLDS}
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        self.table_options(settings)
        return [f"dealers-{a}" for a in range(settings.rules.points_for_game)]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        if not scenario.startswith("dealers-"):
            raise EuchreError(f"no scenario {scenario!r} in the lone_play study")
        cap, worlds = self.table_options(settings)
        return chunk_rows(sample_deals(n_deals, seed, pack=settings.pack), int(scenario.split("-")[1]),
                          settings.rules, cap, worlds, seed)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, ROW_KEYS)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        return gain(table, key.rsplit(".", 1)[0], key.rsplit(".", 1)[1])

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = LonePlay()


# --- the report -----------------------------------------------------------------------------------

def difference(x: Estimate | None, y: Estimate | None) -> Estimate | None:
    """x - y as independent estimates (conservative here: both are of the same deals)."""
    return None if x is None or y is None else independent_difference(x, y)


def side_by_side(table: pd.DataFrame, verdict_list, dd: dict) -> pd.DataFrame:
    out = []
    for key in KEYS_AT_TABLE:
        est = {e: gain(table, key, e) for e in SIDE_BY_SIDE_ENGINES}
        out.append({"test": key, "what": LONE_TEST_BY_KEY[key].test, "hands (double-dummy)": est["dd"].n if est["dd"] else 0,
                    **engine_columns(est), "PIMC - double-dummy [95%]": interval(difference(est["pimc"], est["dd"])),
                    **verdicts_side_by_side(verdict_list, dd, key)})
    return pd.DataFrame(out)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    options = options_of(manifest)
    method = (
        f"Uniform random deals of the {pack_of(manifest)}-card pack, dealt as the lone_hands "
        "study deals them: in scenario dealers-a the dealers AC have a points and deal i is played at the other "
        "side's i mod game, so every score below game has its share. Each deal is bid by the book's policy at its "
        "score; every made hand is played with the caller alone and with his partner, and where C assisted the "
        "dealer alone too (the lone_hands study's arms and hand classes, computed by its own code). Per chunk, the "
        f"first {options.get('cap', DEFAULT_CAP)} deals with a decision on a desperate-or-better lone hand (a bower "
        "and three trumps or better) are played three ways: double-dummy; every player by PIMC "
        f"({options.get('worlds', DEFAULT_WORLDS)} worlds a decision, consistent with his cards, the turn-up, whether "
        "it was taken, the calls as the contract's and the cards played; the best mean card, ties to the lowest "
        "card id); every player by the book's card-play rules. The tests are the lone_hands study's tests in points "
        "per hand, with its estimators (L2: the class's mean of with the partner - alone; L5: the points alone "
        "at two seats within hand classes; L7: the dealer's gain alone after C's assist - unassisted, within "
        "classes). The PIMC estimates are the claim tests and join the ledger beside the lone_hands study's "
        "double-dummy tests; the double-dummy verdicts shown beside them are of the same deals, judged the same "
        "way. The difference PIMC - double-dummy treats the two as independent, which overstates its interval "
        "(they share the deals). Not measured here: the lone_hands tests in rubber points at named scores (L1, L3), "
        "whose game model needs the book's hands at every score.")
    dd_rows = table[table["engine"] == "dd"] if len(table) else table
    deals = int(dd_rows["deals"].sum()) if len(dd_rows) else 0
    return table_side_report(
        study, table, manifest, out_dir, gain, side_by_side, chart_title="Lone hands with table-side (PIMC) play",
        measured="Each test as the lone_hands study orients it (positive: the book's advice gains), every player "
                 "by PIMC; net points per hand",
        question="Do the lone-hand verdicts hold when nobody sees the hidden cards?", method=method,
        caption=(f"Each test ({deals:,} deals with a desperate-or-better lone decision): the estimate under each "
                 "engine, PIMC minus double-dummy, and the verdicts."),
        noun="lone-hand test", nouns="tests", seen=", so a lone hand's adversaries never misguard")

"""The double-dummy bias of the bidding verdicts: the same tests with players who see only their own cards.

Every bidding verdict of the book_bidding study rests on double-dummy play, in which every player
sees all four hands. Here the round-one classes it tests at love-all (E1, E2, S2, S3, S5, T4, T1's
pass, D1: :data:`studies.common.round_one.GROUPS`) are played again on the same deals, calling and
passing, under three play engines:

- ``dd``: double-dummy (the book_bidding study's engine);
- ``pimc``: every player by perfect-information Monte Carlo (:class:`analysis.play.pimc.PIMCPlayer`,
  ``worlds`` worlds a decision, worlds consistent with his cards and the cards played, not with the
  calls);
- ``book``: every player by the book's card-play rules (:class:`analysis.play.book.BookPlayer`).

Per class, the book's action minus the other in the deciding side's net points per hand under each
engine, and the table-side estimate minus the double-dummy one on the same deals (the bias). The
PIMC estimates are claim tests (they join the ledger beside the double-dummy ones; T1's pass is
described, as in the book_bidding study); the book-rules estimates are shown, not judged.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, Forced, bid_batch, call_word
from analysis.errors import EuchreError
from analysis.experiment import ClaimTest, POINTS, Study, counted, paired_mean, summed_counts
from analysis.experiment.stats import Estimate, negated
from analysis.game import LOVE_ALL, SEATS
from analysis.play import DEFAULT_WORLDS, chunk_engine
from analysis.reporting.report import interval
from analysis.simulator import simulate
from fastcore.handpatterns import hand_numbers
from fastcore.sampler import sample_deals
from studies.common.report import options_of, pack_of
from studies.common.round_one import E2_TURNED_TRUMPS, GROUPS as BOOK_GROUPS, classify, reached
from studies.common.table_side import (PLAYED_SIDE_BY_SIDE, SIDE_BY_SIDE_ENGINES, TableSideStudy, engine_columns,
                                       table_side_report, verdicts_side_by_side)

GROUPS = ("E1", "E2", "S2", "S3", "S5", "T4", "T1pass", "D1")
ARMS = ("call", "pass")
KEYS = ["group", "book"] + [f"{e}_{a}" for e in SIDE_BY_SIDE_ENGINES for a in ARMS]
DEFAULT_CAP = 50


def group_rows(deals, rules, cap: int) -> dict[str, np.ndarray]:
    """Per group, the first ``cap`` deals whose seat's round-one decision is reached with a hand of
    the group (E2: with three trumps of the turned-up suit, as the book_bidding study tests it)."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, BookPolicy(), rules, LOVE_ALL)
    out = {}
    for g in GROUPS:
        seat = SEATS.index(BOOK_GROUPS[g][0])
        rows = np.flatnonzero(reached(b.caller, b.round, seat))
        classes, _judged = classify(seat, hands[rows, seat], turn_up[rows], rules)
        member = classes[g][0]
        if g == "E2":
            trumps = hand_numbers(hands[rows, seat], (turn_up[rows] >> 3).astype(np.int8))[:, 0]
            member = member & (trumps >= E2_TURNED_TRUMPS)
        out[g] = rows[np.flatnonzero(member)[:cap]]
    return out


def bias_rows(deals, rules, cap: int, worlds: int, seed) -> pd.DataFrame:
    """Per group's deals: the deciding side's net points calling and passing under each engine
    (the table-side players those of the chunk ``seed``)."""
    chosen = group_rows(deals, rules, cap)
    book = BookPolicy()
    frames = []
    for g, rows in chosen.items():
        if not len(rows):
            continue
        seat = SEATS.index(BOOK_GROUPS[g][0])
        sub = deals[rows]
        cols = {}
        for e in SIDE_BY_SIDE_ENGINES:
            engine = chunk_engine(e, worlds, seed, deals.pack)
            for arm in ARMS:
                action = call_word(seat) if arm == "call" else "pass"
                res = simulate(sub, Forced(book, seat, "first_round", action), rules, LOVE_ALL, engine=engine)
                cols[f"{e}_{arm}"] = res.net(np.full(len(rows), seat & 1)).astype(np.int8)
        frames.append(pd.DataFrame({"group": g, "book": BOOK_GROUPS[g][1] == "call", **cols}))
    return counted(frames, KEYS)


# --- estimates ------------------------------------------------------------------------------------

def gain(table: pd.DataFrame, group: str, engine: str) -> Estimate | None:
    """The book's action minus the other under ``engine``."""
    rows = table[table["group"] == group]
    if not len(rows):
        return None
    e = paired_mean(rows, f"{engine}_call", f"{engine}_pass")
    return e if e is None or bool(rows["book"].iloc[0]) else negated(e)


def bias(table: pd.DataFrame, group: str, engine: str) -> Estimate | None:
    """The table-side gain minus the double-dummy gain on the same deals (book's orientation)."""
    rows = table[table["group"] == group]
    if not len(rows):
        return None
    d = pd.DataFrame({"a": rows[f"{engine}_call"].astype(np.int64) - rows[f"{engine}_pass"].astype(np.int64),
                      "b": rows["dd_call"].astype(np.int64) - rows["dd_pass"].astype(np.int64),
                      "deals": rows["deals"]})
    e = paired_mean(d, "a", "b")
    return e if e is None or bool(rows["book"].iloc[0]) else negated(e)


def _test(g: str) -> ClaimTest:
    seat, action, _patterns, words = BOOK_GROUPS[g]
    claim = g
    other = "pass" if action == "call" else "call"
    return ClaimTest(f"{g}.pimc", claim, f"{g} at the table (PIMC)",
                     f"{seat} at love-all, {words}: net points per hand after the book's {action} - after {other}, "
                     "every player table-side (PIMC)", POINTS, engine="pimc")


# T1's pass is described, not tested, as in the book_bidding study: T1 compares two seats.
DESCRIBED = ("T1pass",)
CLAIMS = tuple(_test(g) for g in GROUPS if g not in DESCRIBED)


class PlayBias(TableSideStudy):
    name = "play_bias"
    title = "The double-dummy bias of the bidding verdicts"
    description = ("The book_bidding study's round-one classes at love-all played again by players who see only their "
                   "own cards (PIMC; the book's card-play rules) on the same deals, beside double-dummy; points per hand.")
    policies = ("bidding: the book's policy (BookPolicy) for all four players at love-all, the deciding seat's round-one "
                f"call forced both ways; {PLAYED_SIDE_BY_SIDE}")
    defaults = {"deals": 20_000, "chunk_size": 10_000, "cap": DEFAULT_CAP, "worlds": DEFAULT_WORLDS}
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        self.table_options(settings)
        return ["love-all"]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        if scenario != "love-all":
            raise EuchreError(f"no scenario {scenario!r} in the play_bias study")
        cap, worlds = self.table_options(settings)
        return bias_rows(sample_deals(n_deals, seed, pack=settings.pack), settings.rules, cap, worlds, seed)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, KEYS)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        group, engine = key.split(".")
        return gain(table, group, engine)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = PlayBias()


# --- the report -----------------------------------------------------------------------------------

def side_by_side(table: pd.DataFrame, verdict_list, dd_verdicts: dict) -> pd.DataFrame:
    out = []
    for g in GROUPS:
        rows = table[table["group"] == g]
        out.append({
            "class": g, "seat": BOOK_GROUPS[g][0], "the book": BOOK_GROUPS[g][1], "deals": int(rows["deals"].sum()),
            **engine_columns({e: gain(table, g, e) for e in SIDE_BY_SIDE_ENGINES}),
            "PIMC - double-dummy [95%]": interval(bias(table, g, "pimc")),
            "book's rules - double-dummy [95%]": interval(bias(table, g, "book")),
            **verdicts_side_by_side(verdict_list, dd_verdicts, g),
        })
    return pd.DataFrame(out)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    options = options_of(manifest)
    method = (
        f"Uniform random deals of the {pack_of(manifest)}-card pack, every player bidding by "
        "the book's policy at love-all. Where a seat's round-one decision is reached with a hand of one of the book_"
        "bidding study's classes (the same classifier; E2 on the hands with three trumps of the turned-up suit), "
        f"the first {options.get('cap', DEFAULT_CAP)} deals of a class per chunk are bid twice (the seat calling and "
        "passing, every other decision by the book's policy) and each bidding is played three ways on the same "
        "deals: double-dummy; every player by PIMC "
        f"({options.get('worlds', DEFAULT_WORLDS)} worlds a decision, the worlds consistent with his cards, the "
        "turn-up, whether it was taken, his discard and the cards played, not with the calls; the best mean card, "
        "ties to the lowest card id); every player by the book's card-play rules. Each estimate: the book's action "
        "minus the other in the deciding side's net points per hand; the bias: the table-side estimate minus the "
        "double-dummy one, paired on the same deals. The PIMC estimates are the study's claim tests (they join the "
        "ledger beside the book_bidding study's double-dummy tests, which pool a class's entries the same way); "
        "the double-dummy verdicts shown beside them are of the same deals, judged the same way. T1's pass (E1's "
        "class held by the third hand, not on his order list) is described, not judged, as in the book_bidding "
        "study: T1 compares the eldest hand's order with the third hand's.")
    deals = int(table["deals"].sum()) if len(table) else 0
    return table_side_report(
        study, table, manifest, out_dir, gain, side_by_side,
        chart_title="The book's bidding with table-side (PIMC) play",
        measured="Each class: the book's action minus the other in the deciding side's net points per hand at "
                 "love-all, every player by PIMC",
        question="Do the bidding verdicts hold when nobody sees the hidden cards?", method=method,
        caption=(f"Each class ({deals:,} deals in all): the book's action minus the other under each engine, the "
                 "table-side estimates minus double-dummy on the same deals, and the verdicts."),
        noun="class", nouns="classes", seen="")

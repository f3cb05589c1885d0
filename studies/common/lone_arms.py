"""Lone hands, alone and with the partner, on the same deals: the class of the hand a caller
would play alone, the two arms played, the rows of a results table, and the tests of the book's
claims on lone hands, with the estimators of those measured in points per hand.

Each made hand is played twice by the book's bidding at its score: the caller alone ("arm1")
and with his partner ("arm0"); where C assisted, the dealer alone is played a third time
("take"). The rows name the decider's seat, round, hand class and whether the book plays alone.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.bidding import BiddingBatch, BookPolicy, Situations, bid_batch
from analysis.experiment import cells
from analysis.experiment import ClaimTest, Paired, RUBBER, contract_arm, play_arms
from analysis.experiment.stats import Estimate, negated
from studies.common.measures import in_every_measure
from analysis.game.cards import DEALER, JACK, SECOND, side_of
from analysis.game import Rules, Score, dealer_hand
from analysis.simulator import play_bidding
from analysis.value.game_model import outcome_index
from fastcore.handpatterns import hand_numbers

KINDS = ("void", "call", "take", "bridge")   # "bridge": rows of runs made before B1 moved to the bridge study
STRENGTHS = ("none", "desperate", "light", "sound")
CLASS_COLUMNS = ("strength", "trumps", "right", "left", "aces")
L5_STRATA = ["round", "strength", "trumps", "right", "left", "aces"]   # the strata comparing two seats (L5)


# --- the two arms of a deal ------------------------------------------------------------------

def hand_class(seat: int, hands, turn_up, rnd: int, score, rules, trump) -> dict[str, np.ndarray]:
    """Trumps, right, left, outside aces and the book's lone strength (0 none .. 3 sound) of hands."""
    hands = np.asarray(hands, np.uint32)
    trump = np.asarray(trump, np.int8)
    t = Situations(seat, hands, np.asarray(turn_up, np.int8), rnd, score, rules, trump, lambda i: ())
    sound, light, desperate = BookPolicy.lone_strength(t, hands)
    numbers = hand_numbers(hands, trump) if len(hands) else np.zeros((0, 3), np.int32)
    right = (hands >> (trump.astype(np.uint32) * 8 + JACK)) & 1
    left = (hands >> ((trump.astype(np.uint32) ^ 1) * 8 + JACK)) & 1
    strength = np.where(sound, 3, np.where(light, 2, np.where(desperate, 1, 0)))
    return {"strength": strength.astype(np.int8), "trumps": numbers[:, 0].astype(np.int8),
            "right": right.astype(np.int8), "left": left.astype(np.int8), "aces": numbers[:, 1].astype(np.int8)}


def caller_lone_hand(seat: int, hands, turn_up, rnd) -> np.ndarray:
    """The hand a caller at ``seat`` would play alone: the dealer's in round one after he takes up
    and makes his lone discard, anyone else's as dealt."""
    hands = np.asarray(hands, np.uint32)
    if seat != DEALER:
        return hands
    return np.where(np.asarray(rnd) == 1, dealer_hand(hands, turn_up, is_lone=True), hands)


@dataclass
class LoneArms:
    """The book's bidding of a batch of deals and the arms of each caller's lone decision."""

    bidding: BiddingBatch
    called: np.ndarray     # the deals where a player made trump
    lone: Paired           # on those deals: "alone" and "with partner", to the caller's side
    assisted: np.ndarray   # the deals where C assisted (ordered up in round one)
    take: Paired           # on those deals: "dealer alone", to the dealer's side
    book: np.ndarray       # (N, 2) the points (AC, BD) of every deal as the book plays it


def book_and_arms(deals, score: Score, rules: Rules, engine=None) -> LoneArms:
    """The book's bidding of ``deals`` at ``score``, each caller's hand played alone and with
    his partner, and the dealer's lone hand where C assisted; played by ``engine`` (default
    double-dummy).

    The book's own result of each deal is read from the arm it chose; only the deals where a
    partner took it from the caller (other than the dealer from C) are played once more.
    """
    hands = np.asarray(deals.hands, np.uint32)
    b = bid_batch(hands, deals.turn_up, BookPolicy(), rules, score)
    called = np.flatnonzero(b.caller >= 0)
    caller, rnd, trump = b.caller[called], b.round[called], b.trump[called]
    lone = play_arms(deals[called], {
        "alone": contract_arm(caller, trump, rnd, lone_seat=caller, rules=rules, score=score, engine=engine),
        "with partner": contract_arm(caller, trump, rnd, lone_seat=-1, rules=rules, score=score, engine=engine),
    }, side=side_of(caller))
    assisted = called[(caller == SECOND) & (rnd == 1)]
    take = play_arms(deals[assisted], {
        "dealer alone": contract_arm(DEALER, b.trump[assisted], 1, lone_seat=DEALER, rules=rules, score=score,
                                     engine=engine),
    }, side=side_of(DEALER))

    book = np.zeros((len(hands), 2), np.int8)
    done = b.caller < 0                                  # void deals: no points
    lone_seat = b.lone_seat[called]
    for arm, chosen in (("with partner", lone_seat < 0), ("alone", lone_seat == caller)):
        book[called[chosen]] = lone.results[arm].points[chosen]
        done[called[chosen]] = True
    took = b.lone_seat[assisted] == DEALER               # the dealer took it from C
    book[assisted[took]] = take.results["dealer alone"].points[took]
    done[assisted[took]] = True
    rest = np.flatnonzero(~done)                         # another partner took it: play the book's contract
    if len(rest):
        _, book[rest] = play_bidding(b.take(rest), np.asarray(deals.turn_up)[rest], engine)
    return LoneArms(b, called, lone, assisted, take, book)


def score_rows(deals, score, rules: Rules, engine=None) -> pd.DataFrame:
    """The rows of ``deals`` bid and played at ``score`` (AC, the dealers; BD), by ``engine``
    (default double-dummy); each row names its ``deal`` (an index into ``deals``)."""
    score = Score.of(score)
    turn_up = np.asarray(deals.turn_up).astype(np.int8)
    arms = book_and_arms(deals, score, rules, engine)
    bid, called, assisted = arms.bidding, arms.called, arms.assisted
    frames = []

    outcome = outcome_index(arms.book[:, 0], arms.book[:, 1])   # the dealer's side is AC
    void = np.flatnonzero(bid.caller < 0)
    frames.append(_rows(score, "void", void, -1, 0, _no_class(len(void)), False, 0, 0, outcome[void]))

    # The class of the hand each caller would play alone (the dealer's after his lone discard).
    caller, rnd, trump = bid.caller[called], bid.round[called], bid.trump[called]
    alone_hands = arms.lone.results["alone"].play_hands
    cls = {k: np.zeros(len(called), np.int8) for k in CLASS_COLUMNS}
    for seat in range(4):
        for r in (1, 2):
            rows = np.flatnonzero((caller == seat) & (rnd == r))
            if len(rows):
                found = hand_class(seat, alone_hands[rows, seat], turn_up[called[rows]], r, score.seat(seat), rules,
                                   trump[rows])
                for k, v in found.items():
                    cls[k][rows] = v
    with_partner = arms.lone.net("with partner")
    frames.append(_rows(score, "call", called, caller, rnd, cls, bid.caller_is_lone[called],
                        arms.lone.net("alone"), with_partner, outcome[called]))

    # C assisted: the dealer alone against C and the dealer together.
    cls = hand_class(DEALER, arms.take.results["dealer alone"].play_hands[:, DEALER], turn_up[assisted], 1,
                     score.seat(DEALER), rules, bid.trump[assisted])
    frames.append(_rows(score, "take", assisted, DEALER, 1, cls, bid.taker[assisted], arms.take.net("dealer alone"),
                        with_partner[np.searchsorted(called, assisted)], -1))

    return pd.concat(frames, ignore_index=True)


def _no_class(n: int) -> dict[str, np.ndarray]:
    return {k: np.full(n, -1, np.int8) for k in CLASS_COLUMNS}


def _rows(score: Score, kind: str, deal, seat, rnd, cls, book_alone, arm1, arm0, outcome) -> pd.DataFrame:
    """One row per deal of ``deal``: arm1 is the lone arm's net points to the decider's side
    (the dealer alone, for "take"), arm0 the other arm's; ``outcome`` the book's hand (void and call)."""
    n = len(deal)

    def column(x, dtype=np.int8):
        return np.broadcast_to(np.asarray(x).astype(dtype), (n,)).copy()

    return pd.DataFrame({"deal": column(deal, np.int64), "a": column(score.ac), "b": column(score.bd),
                         "kind": column(KINDS.index(kind)),
                         "seat": column(seat), "round": column(rnd), **{k: column(v) for k, v in cls.items()},
                         "book_alone": column(book_alone, bool), "arm1": column(arm1), "arm0": column(arm0),
                         "outcome": column(outcome)})


# --- the results table ----------------------------------------------------------------------------

def own_theirs(table: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """The decider's side's score and the adversaries' for each row."""
    bd = table["seat"].isin(["B", "D"])
    return table["a"].where(~bd, table["b"]), table["b"].where(~bd, table["a"])


# --- the tests of the book's claims -------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """Which rows of the results table a test reads, and which arm is the book's advice."""

    kind: str                          # "call": arm1 alone, arm0 with partner
    book_arm: str                      # "arm1" or "arm0": the test's estimate is the book's arm - the other
    strength: int | None = None        # the lone class (index in STRENGTHS); None: any
    score: tuple[int, int] | None = None   # (the decider's side, the adversaries); None: every score


def score_name(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"


LIGHT, DESPERATE = STRENGTHS.index("light"), STRENGTHS.index("desperate")
# "Three-all, four-all, or any score in your favor", the maker's side first: each score on its own.
L1_SCORES = ((3, 3), (4, 4), (1, 0), (2, 0), (3, 0), (4, 0), (2, 1), (3, 1), (4, 1), (3, 2), (4, 2), (4, 3))
L3_SCORES = ((1, 4), (2, 4))   # "four-one or four-two against you"


def _l1(score) -> tuple[ClaimTest, Reading]:
    where = {(3, 3): "three-all", (4, 4): "four-all"}.get(score, "in the maker's favour")
    return (ClaimTest(f"L1.{score_name(score)}", "L1", f"L1 light, {score_name(score)}",
                      f"light lone hands at {score_name(score)} ({where}; the maker's side first): "
                      "net rubber points with the partner - alone", RUBBER),
            Reading("call", "arm0", LIGHT, score))


def _l3(score) -> tuple[ClaimTest, Reading]:
    return (ClaimTest(f"L3.{score_name(score)}", "L3", f"L3 desperate, {score_name(score)}",
                      f"desperate hands (a bower and three trumps, not light) at {score_name(score)} against "
                      "the maker: net rubber points alone - with the partner", RUBBER),
            Reading("call", "arm1", DESPERATE, score))


LONE_TESTS = (
    # L2 by class: what going alone costs where the partner would have gone for the march.
    (ClaimTest("L2.desperate", "L2", "L2 desperate",
               "desperate hands (a bower and three trumps, not light), every score: net points with the "
               "partner - alone"),
     Reading("call", "arm0", DESPERATE)),
    (ClaimTest("L2.light", "L2", "L2 light",
               "light lone hands (the right with the left or the ace, three trumps, at most one card neither a "
               "trump nor an outside ace), every score: net points with the partner - alone"),
     Reading("call", "arm0", LIGHT)),
    *(_l1(s) for s in L1_SCORES),
    *(_l3(s) for s in L3_SCORES),
    (ClaimTest("L5.B-A", "L5", "L5 B - A",
               "lone hands (desperate or better), points alone: B - A, same hand class"), None),
    (ClaimTest("L5.A-C", "L5", "L5 A - C",
               "lone hands (desperate or better), points alone: A - C, same hand class"), None),
    (ClaimTest("L5.A-D", "L5", "L5 A - D",
               "lone hands (desperate or better), points alone: A - D, same hand class"), None),
    (ClaimTest("L7", "L7", "L7 assisted - not",
               "the dealer's lone hand (desperate or better), gain alone - with partner: "
               "after C assisted - taking up unassisted, same hand class"), None),
)
# The tests that name a score (L1, L3, declared in rubber points) in every unit and rubber state.
MEASURED_TESTS = tuple((m, reading) for test, reading in LONE_TESTS
                       for m in (in_every_measure(test) if test.unit == RUBBER else (test,)))
READINGS = {test.key: reading for test, reading in MEASURED_TESTS if reading is not None}
LONE_CLAIMS = tuple(test for test, _ in MEASURED_TESTS)


def rows_read(table: pd.DataFrame, reading: Reading) -> pd.DataFrame:
    """The rows of ``table`` a test reads."""
    rows = table[table["kind"] == reading.kind]
    keep = pd.Series(True, index=rows.index)
    if reading.strength is not None:
        keep &= rows["strength"] == reading.strength
    if reading.score is not None:
        own, theirs = own_theirs(rows)
        keep &= (own == reading.score[0]) & (theirs == reading.score[1])
    return rows[keep]


def points_estimate(key: str, table: pd.DataFrame) -> Estimate | None:
    """The estimate of a test in points per hand (L2, L5, L7), the book's side positive, from a
    results table of summed rows (kind and seat by name; the sums of the arms' points and of
    their difference, ``dpts``)."""
    call = table[table["kind"] == "call"]
    if key.startswith("L5."):   # the lone player's points at two seats, within hand classes
        x, y = key[3], key[5]
        strong = call[call["strength"] >= 1]
        return cells.stratified(strong, strong["seat"] == x, strong["seat"] == y, "arm1", L5_STRATA)
    if key == "L7":             # the dealer's gain from going alone, after C assisted and not
        dealer = table[(table["seat"] == "A") & (table["round"] == 1) & (table["strength"] >= 1)
                       & table["kind"].isin(["call", "take"])]
        return cells.stratified(dealer, dealer["kind"] == "take", dealer["kind"] == "call", "dpts",
                                ["strength", "trumps", "right", "left", "aces"])
    reading = READINGS[key]
    rows = rows_read(table, reading)
    if rows["deals"].sum() == 0:
        return None
    e = cells.mean_of(rows, "dpts")
    return e if reading.book_arm == "arm1" else negated(e)

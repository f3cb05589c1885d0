"""Assisting too light (S1) and taking it from a partner who plays alone (L8), at love-all.

S1: "Do not assist too light. This is the most common error in Euchre." The second hand's
(C's) hands the book does not assist with at love-all are put on a ladder of lightness, each rung
a test of its own: C passing against C assisting on the same deals, in points per hand, positive
when passing (the book's advice) gains. The ladder (trumps of the turned-up suit, the left bower
counted; "lower" trumps are the queen and below):

1. ace and another (S4's first entry: the book keeps it for four-all and four-love);
2. king and another (S4's second entry);
3. two lower trumps and an outside ace;
4. two lower trumps, no outside ace;
5. one trump, the right;
6. one trump, the left or the ace;
7. one trump, lower.

Rungs 3-7 hold only hands in none of the classes S2, S3, S4, S5 of
:func:`studies.common.round_one.classify`; rungs 1-2 are S4's class split by its first entry matched. Of each rung, the first ``cap`` hands
of a chunk are kept, bid by the book's policy at love-all, and where B passed, played twice
double-dummy (C assisting and passing, everything else by the book's policy:
:func:`studies.common.round_one.played`).

L8: take it from a partner who declares alone (laws 93, 94) "if you have a fair trump hand with
no weakness in lay suits". The book's policy reads it (``BookPolicy.take_from_partner_batch``):
a fair trump hand is three trumps or more with a bower, no weakness is every plain card an ace.
Every deal is bid by the book's policy at love-all; where the eldest hand or the second hand
declares alone (their partners, D and A, have not yet passed in that round and may take it),
the partner's hand is classed (the dealer's after taking up and discarding alone, as the policy
judges it): the L8 class; fair in trumps but with a weak lay suit; the rest. Each deal is played
twice double-dummy, the partner taking it alone and letting his partner go alone
(``Forced(book, seat, "take_from_partner", True/False)``), every other decision by the book's
policy. Each class is a test: the book's action minus the other, in points per hand (positive =
the book gains: taking with the L8 hand, letting him go with the others). The two classes fair
in trumps are rare beside a lone partner: each chunk also searches ``l8_extra`` times its number
of deals for them (the others of those deals are left out), so their deals are many more than
the chunk's.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import Forced, bid_batch
from analysis.bidding.company import seated
from analysis.bidding.book_policy import ASSIST_FOUR_ALL, BookPolicy
from analysis.errors import EuchreError
from analysis.experiment import ClaimTest, Estimate, POINTS, Study, counted, play_arms, policy_arm, summed_counts
from analysis.game.cards import ACE, JACK, KING, SEATS, SECOND
from analysis.game import LOVE_ALL, dealer_hand, match_table
from analysis.reporting.markup import md_table
from analysis.reporting.report import interval
from analysis.seeds import extra_seed
from fastcore.handpatterns import hand_numbers
from fastcore.sampler import sample_deals
from studies.common.book_arms import arm_columns, book_and_other, book_gain
from studies.common.report import love_all_report, options_of, pack_of, verdict_columns
from studies.common.round_one import classify, played

KEYS = ["part", "seat", "cls", "book", "call_net", "pass_net"]
DEFAULT_CAP = 2000        # hands of one rung played per chunk at most
DEFAULT_L8_EXTRA = 40     # batches of extra deals per chunk (each the chunk's size) searched for fair trump hands

S1_RUNGS = ("ace and another", "king and another", "two lower trumps and an outside ace",
         "two lower trumps, no outside ace", "one trump, the right", "one trump, the left or the ace",
         "one trump, lower")
TAKER_CLASSES = ("L8: fair trumps, no weakness", "fair trumps, a weak lay suit", "the rest")
TAKER_SHORT = ("L8 hand", "fair, weak lay suit", "the rest")


def _bits(hands, trump):
    hands = np.asarray(hands, np.uint32)
    t = np.asarray(trump, np.int8).astype(np.uint32)
    right = ((hands >> (t * 8 + JACK)) & 1).astype(bool)
    left = ((hands >> ((t ^ 1) * 8 + JACK)) & 1).astype(bool)
    ace = ((hands >> (t * 8 + ACE)) & 1).astype(bool)
    king = ((hands >> (t * 8 + KING)) & 1).astype(bool)
    numbers = hand_numbers(hands, np.asarray(trump, np.int8))
    return numbers[:, 0], numbers[:, 1], right, left, ace, king


def s1_rung_of(hands: np.ndarray, turn_up: np.ndarray, rules) -> np.ndarray:
    """C's hand's rung at love-all (0 the first of :data:`S1_RUNGS`; -1 none: a hand the book
    assists with, an S5 hand, no trump)."""
    hands = np.asarray(hands, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    trump = (turn_up >> 3).astype(np.int8)
    found, _ = classify(SECOND, hands, turn_up, rules)
    listed = found["S2"][0] | found["S3"][0] | found["S4"][0] | found["S5"][0]
    s4 = match_table(hands, trump, ASSIST_FOUR_ALL.patterns)
    trumps, aces, right, left, ace, king = _bits(hands, trump)
    rest = ~listed
    lower = rest & (trumps == 2) & ~(right | left | ace | king)
    one = rest & (trumps == 1)
    return np.select(
        [found["S4"][0] & s4[:, 0], found["S4"][0] & s4[:, 1], lower & (aces >= 1), lower, one & right,
         one & (left | ace), one], list(range(len(S1_RUNGS))), -1).astype(np.int8)


def taker_class(hands: np.ndarray, trump: np.ndarray) -> np.ndarray:
    """0 the L8 class (three trumps or more with a bower, every plain card an ace), 1 fair in
    trumps but a plain card not an ace, 2 the rest."""
    trumps, aces, right, left, _, _ = _bits(hands, trump)
    fair = (trumps >= 3) & (right | left)
    return np.where(fair & (trumps + aces == 5), 0, np.where(fair, 1, 2)).astype(np.int8)


# --- one chunk ----------------------------------------------------------------------------------------

def assist_rows(deals, rules, cap: int) -> pd.DataFrame:
    """S1: of each rung, the first ``cap`` of C's hands, played assisting and passing at love-all
    where B passed."""
    hands = np.asarray(deals.hands, np.uint32)
    rung = s1_rung_of(hands[:, 2], np.asarray(deals.turn_up, np.int8), rules)
    got = played(deals, "C", LOVE_ALL, rules, {(S1_RUNGS[r], None): rung == r for r in range(len(S1_RUNGS))}, cap)
    if got.empty:
        return _counted([])
    return got.assign(part="S1")[KEYS + ["deals"]]


def may_hold_fair(hands: np.ndarray) -> np.ndarray:
    """Deals where a fair trump hand (the L8 class or the weak one) beside a lone partner is
    possible: for some suit, B holds its
    right bower and D its left, or C its right and A its left. At love-all the book plays alone
    only with the right (a sound or a light hand), so his partner's bower is the left (never the
    turn-up, which is of the turned-up suit)."""
    hands = np.asarray(hands, np.uint32)
    out = np.zeros(len(hands), bool)
    for x in range(4):
        for caller in (1, 2):
            out |= (((hands[:, caller] >> np.uint32(x * 8 + JACK)) & 1).astype(bool)
                    & ((hands[:, caller ^ 2] >> np.uint32((x ^ 1) * 8 + JACK)) & 1).astype(bool))
    return out


def take_rows(deals, rules, only_fair: bool = False) -> pd.DataFrame:
    """L8: the deals where B or C declares alone at love-all, played with his partner taking it
    alone and letting him go (``only_fair``: only the deals where the partner's hand is fair in
    trumps, the L8 class or the weak one)."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    book = BookPolicy()
    frames = []
    bids = {}     # in the book's company both takers' bidding is the same: bid once
    for caller in (1, 2):
        taker = caller ^ 2
        policies = seated(book, taker)
        if id(policies) not in bids:
            bids[id(policies)] = bid_batch(hands, turn_up, policies, rules, LOVE_ALL)
        b = bids[id(policies)]
        rows = np.flatnonzero(b.caller_is_lone & (b.caller == caller))
        hand = hands[rows, taker]
        if taker == 0 and len(rows):   # the dealer judges his hand after taking up and discarding alone, in round one
            hand = np.where(b.round[rows] == 1, dealer_hand(hand, turn_up[rows], True), hand)
        cls = taker_class(hand, b.trump[rows])
        if only_fair:
            rows, cls = rows[cls <= 1], cls[cls <= 1]
        if not len(rows):
            continue
        arms = {"take": policy_arm(seated(Forced(book, taker, "take_from_partner", True), taker), rules, LOVE_ALL),
                "let": policy_arm(seated(Forced(book, taker, "take_from_partner", False), taker), rules, LOVE_ALL)}
        paired = play_arms(deals[rows], arms, side=taker & 1)
        frames.append(pd.DataFrame({"part": "L8", "seat": SEATS[taker],
                                    "cls": np.asarray(TAKER_CLASSES, object)[cls], "book": b.taker[rows],
                                    "call_net": paired.net("take").astype(np.int8),
                                    "pass_net": paired.net("let").astype(np.int8)}))
    return _counted(frames)


def l8_rows(n_deals: int, seed, settings) -> pd.DataFrame:
    """Extra deals for the rare classes fair in trumps: of ``n_deals`` deals, those where the
    partner of a lone player holds a fair trump hand (found among the deals :func:`may_hold_fair`
    keeps), played both ways."""
    deals = sample_deals(n_deals, seed, pack=settings.pack)
    keep = np.flatnonzero(may_hold_fair(deals.hands))
    return take_rows(deals[keep], settings.rules, only_fair=True) if len(keep) else _counted([])


def _counted(frames) -> pd.DataFrame:
    return counted(frames, KEYS)


# --- the tests ------------------------------------------------------------------------------------------

def _s1_test(i: int, rung: str) -> ClaimTest:
    return ClaimTest(f"S1.{i + 1}", "S1", f"S1 {i + 1}. {rung}",
                     f"C at love-all with {rung} (no S2, S3 or S5 entry; the book passes), B having passed: "
                     "net points per hand after passing - after assisting", POINTS)


def _l8_test(i: int, cls: str) -> ClaimTest:
    book = "taking it alone - letting him go alone" if i == 0 else "letting him go alone - taking it alone"
    return ClaimTest(f"L8.{i + 1}", "L8", f"L8 {TAKER_SHORT[i]}",
                     f"the partner (D or A) of a player declaring alone at love-all, his hand {cls}: net points "
                     f"per hand after {book} (the book's action first)", POINTS)


CLAIMS = tuple(_s1_test(i, r) for i, r in enumerate(S1_RUNGS)) + tuple(_l8_test(i, c) for i, c in enumerate(TAKER_CLASSES))


def test_rows(table: pd.DataFrame, key: str) -> pd.DataFrame:
    """The cells of a test with each arm's net points as the book's and the other's: the book
    passes on every S1 rung, takes it with the L8 hand only."""
    part, k = key.split(".")
    i = int(k) - 1
    if part == "S1":
        rows = table[(table["part"] == "S1") & (table["cls"] == S1_RUNGS[i])]
        book_calls = False
    else:
        rows = table[(table["part"] == "L8") & (table["cls"] == TAKER_CLASSES[i])]
        book_calls = i == 0
    return book_and_other(rows, book_calls)


# --- the study ------------------------------------------------------------------------------------------

class AssistTake(Study):
    name = "assist_take"
    title = "Assisting too light and taking it from a lone partner"
    description = ("S1: C's hands lighter than the book's assist lists at love-all, on a ladder, passing against "
                   "assisting; L8: the partner of a lone player taking it alone or not, by his hand; points per hand.")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players at "
                "love-all; C's round-one call forced to assist or to pass (S1); the lone player's partner's "
                "take-from-partner decision forced both ways (L8)")
    defaults = {"deals": 250_000, "chunk_size": 50_000, "cap": DEFAULT_CAP, "l8_extra": DEFAULT_L8_EXTRA}
    suite_position = 9
    takes_company = True     # its arms are built through analysis.bidding.company.seated
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        for name, value, least in (("cap", settings.options.get("cap", DEFAULT_CAP), 1),
                                   ("l8_extra", settings.options.get("l8_extra", DEFAULT_L8_EXTRA), 0)):
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise EuchreError(f"option {name} must be a whole number >= {least}, not {value!r}")
        return ["assist", "take"]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        if scenario == "assist":
            return assist_rows(deals, settings.rules, settings.options.get("cap", DEFAULT_CAP))
        if scenario == "take":
            return pd.concat([take_rows(deals, settings.rules)]
                             + [l8_rows(n_deals, extra_seed(seed, k), settings) for k in
                                range(settings.options.get("l8_extra", DEFAULT_L8_EXTRA))], ignore_index=True)
        raise EuchreError(f"no scenario {scenario!r} in the assist_take study")

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """Deals per (part, seat, class, the book's action, each arm's net points)."""
        return summed_counts(frame, KEYS, {"call_net": np.int8, "pass_net": np.int8, "book": bool})

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        return book_gain(test_rows(table, key))

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = AssistTake()


# --- the report -----------------------------------------------------------------------------------------

def results_table(study: Study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    out = []
    for t in study.claims:
        rows = test_rows(table, t.key)
        n = int(rows["deals"].sum())
        book_acts = int(rows.loc[rows["book"], "deals"].sum())
        s1 = t.claim == "S1"
        i = int(t.key.split(".")[1]) - 1
        line = {"claim": t.claim, "hands": f"{i + 1}. {S1_RUNGS[i]}" if s1 else TAKER_CLASSES[i],
                "the book": "pass" if s1 else ("take it alone" if i == 0 else "let him go alone"), "deals": n,
                "the policy assists (S1) / takes (L8)": f"{book_acts / n:.0%}" if n else "", **arm_columns(rows),
                "book - other, points per hand [95%]": interval(book_gain(rows)), **verdict_columns(verdict_list, t.key)}
        out.append(line)
    return pd.DataFrame(out)


def seats_table(table: pd.DataFrame) -> pd.DataFrame:
    """L8 by the taker's seat: D (his partner B alone) and A (his partner C alone)."""
    out = []
    for seat in ("D", "A"):
        for i, cls in enumerate(TAKER_CLASSES):
            rows = test_rows(table, f"L8.{i + 1}")
            rows = rows[rows["seat"] == seat]
            out.append({"taker": seat, "hands": cls, "deals": int(rows["deals"].sum()),
                        "book - other, points per hand [95%]": interval(book_gain(rows))})
    return pd.DataFrame(out)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    cap = options_of(manifest).get("cap", DEFAULT_CAP)
    method = (
        "Uniform random deals of the "
        f"{pack_of(manifest)}-card pack, every player bidding by the book's policy at "
        "love-all (the score is never varied here: the score study tests the sentences dependent upon it).\n\n"
        "S1, the reading: \"too light\" is any hand lighter than the book's assist lists, where the book passes "
        "at love-all; each rung of a ladder of lightness is a test of its own, never pooled. The ladder (trumps of "
        "the turned-up suit, the left bower counted; lower trumps are the queen and below): "
        + "; ".join(f"{i + 1}. {r}" for i, r in enumerate(S1_RUNGS)) + ". Rungs 1 and 2 are S4's hands (no S2 or S3 "
        "entry), which the book assists with only at four-all and four-love; rungs 3 to 7 are in none of the "
        "classes S2, S3, S4, S5. (Every hand with three trumps, the right and another, the left and another, or "
        "two trumps and two aces is in the lists.) Of each rung, the first "
        f"{cap:,} of C's hands of a chunk are kept (the deals are independent, so the first are a random sample "
        "of the rung); where the eldest hand passed, the deal is played twice, C passing and C assisting, every "
        "other decision by the book's policy (the dealer's discard, round two, lone hands). The estimate: C's "
        "side's net points (its points minus the adversaries') after passing minus after assisting, per hand.\n\n"
        "L8, the reading: the book's policy's (BookPolicy.take_from_partner_batch): a \"fair trump hand\" is three "
        "trumps or more with a bower, \"no weakness in lay suits\" every plain card an ace. Every deal is bid by "
        "the book's policy; where the eldest hand (B) or the second hand (C) declares alone, his partner (D or A) "
        "has not passed in that round and may take it (laws 93, 94; the third hand's and the dealer's partners "
        "have passed). The partner's hand is classed as the policy judges it (the dealer's after taking up and "
        "discarding alone in round one): the L8 class; fair in trumps but with a plain card not an ace; the rest. "
        "Each deal is played twice, the partner taking it alone and letting his partner go alone, every other "
        "decision by the book's policy. The estimate: the partner's side's net points after the book's action "
        "(take it with the L8 hand; let him go with the others) minus after the other. The L8 hand beside a "
        "lone partner is rare (the partner holds most of the high trumps): for the two classes fair in trumps, "
        f"each chunk also searches {options_of(manifest).get('l8_extra', DEFAULT_L8_EXTRA)} times its number "
        "of deals more (those where, for some suit, the lone player's partner holds its left bower and the lone "
        "player its right: the book plays alone at love-all only with the right), keeping only the deals of "
        "those classes; the rest come from the chunk's own deals.\n\n"
        "Points per hand, not rubber points: at love-all one hand's points are what the claims speak of, and "
        "the score is far from game. Each test's interval is a paired t-interval over the deals; the verdicts "
        "correct for the study's tests together. Double-dummy play sees every card: it flatters the makers and "
        "the defenders alike, and a lone hand's play (which knows where every card lies) more than most.")
    question = ("Is assisting too light a costly error, and how light is too light? When should a player take it "
                "from a partner who declares alone?\n\n" + study.quoted(("S1", "L8")))
    sections = [("L8 by the taker's seat",
                 "D takes it from the eldest hand, A (the dealer, taking up) from the second hand.\n\n"
                 + md_table(seats_table(table)))]
    return love_all_report(
        study, table, manifest, out_dir, results_table,
        chart_title="Assisting too light (S1) and taking it from a lone partner (L8): book - other",
        question=question, method=method, sections=sections,
        caption=("the book's action, the deals, how often the book's policy itself assists (S1) or takes (L8) there, "
                 "each arm's mean net points per hand, the book's action minus the other (95% interval), the "
                 "simultaneous interval and the verdict."))

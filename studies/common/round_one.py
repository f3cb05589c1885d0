"""The round-one decision as the bidding studies test it: the book's classes of hands seat by
seat, what the book's policy calls, and the deals played twice, the seat calling and passing.

A class of hands is matched by :mod:`analysis.game.patterns` on the deciding seat's hand under
the turned-up suit (the dealer's after taking up and the book's discard); ``GROUPS`` names each
class with the seat, the book's action and the list whose first entry matched breaks it down.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import FIRST_ROUND_CALL, Forced, Situations, bid_batch
from analysis.bidding.company import seated
from analysis.bidding.book_policy import (ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_FOUR_ALL,
                                          ASSIST_RIGHT_TURNED, DEALER_BY_SCORE, DEALER_TAKE, MAKE_NEXT,
                                          THIRD_BY_SCORE, THIRD_ORDER, BookPolicy)
from analysis.experiment import Paired, counted, play_arms, policy_arm
from analysis.game.cards import ELDEST, SEATS, SECOND, THIRD
from analysis.game import ROUND_ORDER, Score, dealer_hand, match_table
from fastcore.sampler import sample_deals
from studies.common.game_models import BookGameStudy, book_game_rows

GROUP_ALL = "all"            # every hand where the decision is reached

E1_BREAKDOWN = THIRD_ORDER.patterns + ("three medium trumps",)
DEALER_LIST = DEALER_TAKE.patterns + DEALER_BY_SCORE.patterns

# group -> (seat, the book's action, patterns naming the breakdown, what the class is)
GROUPS = {
    "E1": ("B", "call", E1_BREAKDOWN,
           "right not turned; three medium trumps and some strength in suit; nothing to go to (nothing it could "
           "make next)"),
    "E2": ("B", "pass", MAKE_NEXT.patterns,
           "can make it next, not of great strength; tested on the hands with three trumps of the turned-up suit"),
    "E2medium": ("B", "pass", MAKE_NEXT.patterns,
                 "E2's class with E1's strength: right not turned, three medium trumps and some strength in suit, "
                 "but something to go to and no hand of great strength (described, not tested)"),
    "S2": ("C", "call", ASSIST.patterns, "the assist list: three trumps; right and another; left and another, "
           "and outside ace (not S5's two small ones)"),
    "S3": ("C", "call", ASSIST_ALWAYS.patterns + ASSIST_BY_SCORE.patterns,
           "not in the S2 list; two trumps and two aces (always), or an entry dependent upon the score (left and "
           "another; ace and another, and outside ace; two medium trumps and one suit of three headed by ace), "
           "which the book's policy plays at love-all"),
    "S4": ("C", "pass", ASSIST_FOUR_ALL.patterns,
           "ace and another, or king and another, and no S2 or S3 entry: the book passes except at four-all or "
           "four-love"),
    "S5": ("C", "pass", ("two small ones",), "right turned; two small trumps (none above the ten), not three "
           "trumps, not two outside aces"),
    "T4": ("D", "call", THIRD_ORDER.patterns + THIRD_BY_SCORE.patterns,
           "right not turned; the third hand's order list, with left, ace, king (dependent upon the score: "
           "played at love-all)"),
    "T1": ("D", "mixed", E1_BREAKDOWN, "E1's class (as for the eldest hand) held by the third hand"),
    "T1pass": ("D", "pass", E1_BREAKDOWN, "E1's class held by the third hand, not in the third hand's order "
               "list: the book's policy orders it from the eldest hand, not from the third (described, not tested)"),
    "D1": ("A", "call", DEALER_LIST,
           "the take-up list (with ace, king, and one suit headed by ace, dependent upon the score: played at "
           "love-all), judged on the hand after taking up and the book's discard; not D6's pass (both bowers and "
           "better at next)"),
}

# E2 is judged on the hands that could order: three trumps of the turned-up suit, as in both of
# the book's examples ("right, ten, and nine of clubs"; "left, ace and seven of clubs", clubs
# turned). In E2's class such a hand always holds a bower, and never four trumps (that is great
# strength), so "three" is "three with a bower".
E2_TURNED_TRUMPS = 3


# --- hand classes -------------------------------------------------------------------------------

def round_one_situations(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules, score=Score()) -> Situations:
    """The seat's round-one decision on a batch of hands, at ``score`` (AC, BD)."""
    turn_up = np.asarray(turn_up, np.int8)
    return Situations(seat, np.asarray(hands, np.uint32), turn_up, 1, Score.of(score).seat(seat), rules,
                      (turn_up >> 3).astype(np.int8), lambda i: ())


def first_pattern(t: Situations, patterns, hands=None, trump=None) -> np.ndarray:
    """Per row, the index of the first of ``patterns`` the hand matches, -1 if none."""
    table = match_table(t.hands if hands is None else hands, t.trump if trump is None else trump, patterns)
    return np.where(table.any(axis=1), table.argmax(axis=1), -1).astype(np.int16)


def _e1_class(t: Situations) -> np.ndarray:
    return ~t.right_turned & BookPolicy.medium_with_strength(t) & ~t.has(MAKE_NEXT.patterns, t.trump ^ 1)


def classify(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> tuple[dict, np.ndarray]:
    """The claim classes of the deciding seat's hands: group -> (member mask, first pattern index
    in the group's breakdown list), and the hands the classes are judged on (the dealer's after
    taking up and discarding)."""
    t = round_one_situations(seat, hands, turn_up, rules)
    out = {}
    judged = t.hands
    if seat == ELDEST:
        great = t.has(THIRD_ORDER.patterns)
        out["E1"] = _e1_class(t)
        out["E2"] = t.has(MAKE_NEXT.patterns, t.trump ^ 1) & ~great
        out["E2medium"] = out["E2"] & BookPolicy.medium_with_strength(t) & ~t.right_turned
    elif seat == SECOND:
        s2 = t.has(ASSIST.patterns)
        s3 = ~s2 & (t.has(ASSIST_ALWAYS.patterns + ASSIST_BY_SCORE.patterns)
                    | (t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns)))
        s5 = t.right_turned & BookPolicy.two_small_ones(t)
        out["S2"] = s2 & ~s5
        out["S3"] = s3 & ~s5
        out["S4"] = t.has(ASSIST_FOUR_ALL.patterns) & ~s2 & ~s3 & ~s5
        out["S5"] = s5
    elif seat == THIRD:
        order = t.has(THIRD_ORDER.patterns + THIRD_BY_SCORE.patterns)
        e1 = _e1_class(t)
        out["T4"] = ~t.right_turned & order
        out["T1"] = e1
        out["T1pass"] = e1 & ~order
    else:
        # the dealer is judged on the hand he would play: the turn-up taken, the book's discard made
        judged = dealer_hand(t.hands, t.turn_up, is_lone=False)
        out["D1"] = t.has(DEALER_LIST, hands=judged) & ~d6_pass(t, judged)
    # E2's patterns are the next suit's (can he make it next?); the others', the turned-up suit's
    classes = {g: (mask, first_pattern(t, GROUPS[g][2], hands=judged,
                                       trump=t.trump ^ 1 if g.startswith("E2") else None))
               for g, mask in out.items()}
    return classes, judged


def d6_pass(t: Situations, judged: np.ndarray) -> np.ndarray:
    """D6: a fair hand, better at next, with both knaves of the other colour: the dealer passes."""
    return BookPolicy.cross_bowers_better_next(t, judged)


def book_calls(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules, score=Score()) -> np.ndarray:
    """What the book's policy does at this seat in round one at ``score`` (AC, BD), row by row."""
    return np.asarray(BookPolicy().first_round_batch(round_one_situations(seat, hands, turn_up, rules, score)), bool)


# --- the decision played both ways --------------------------------------------------------------

def reached(caller: np.ndarray, rnd: np.ndarray, seat: int) -> np.ndarray:
    """Rows where the seat's round-one decision is reached: no earlier seat called in round one."""
    earlier = ROUND_ORDER[:ROUND_ORDER.index(seat)]
    return ~((rnd == 1) & np.isin(caller, earlier))


def call_and_pass(deals, seat: int, rules, score=Score()) -> Paired:
    """The same deals played twice, the seat calling ("call") and passing ("pass") in round one,
    every other decision by the book's policy at ``score`` (AC, BD), the other three chairs by the
    company (:mod:`analysis.bidding.company`); seen from the deciding seat's side."""
    book = BookPolicy()
    arms = {"call": policy_arm(seated(Forced(book, seat, "first_round", FIRST_ROUND_CALL[seat]), seat), rules, score),
            "pass": policy_arm(seated(Forced(book, seat, "first_round", "pass"), seat), rules, score)}
    return play_arms(deals, arms, side=seat & 1)


# --- the calls at scores ------------------------------------------------------------------------

# The results table of chosen hands played at a score: the deals per (seat, score, class, entry,
# the book's action, each arm's net points to the seat's side); "outcome" is for the game rows
# (the book's hands by outcome) a study keeps in the same table.
CALL_KEYS = ["seat", "a", "b", "cls", "entry", "book", "call_net", "pass_net", "outcome"]


def played(deals, seat_letter: str, score: tuple[int, int], rules, masks: dict, cap: int) -> pd.DataFrame:
    """The first ``cap`` deals of each (class, entry) (``masks``: its hands among the deals; the
    deals are independent, so the first are a random sample of it, and the cap keeps the common
    classes from crowding out the rare ones) bid by the book at ``score``; where the seat's
    round-one decision is reached, played calling and passing: counts per class, entry, the
    book's action and the two arms' net points to the seat's side (:data:`CALL_KEYS`)."""
    chosen = {key: np.flatnonzero(mask)[:cap] for key, mask in masks.items()}
    seat = SEATS.index(seat_letter)
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    rows = np.unique(np.concatenate(list(chosen.values()))) if chosen else np.zeros(0, np.int64)
    frames = []
    if len(rows):
        b = bid_batch(hands[rows], turn_up[rows], seated(BookPolicy(), seat), rules, score)
        rows = rows[reached(b.caller, b.round, seat)]
    if len(rows):
        paired = call_and_pass(deals[rows], seat, rules, score)
        book = book_calls(seat, hands[rows, seat], turn_up[rows], rules, score)
        call_net, pass_net = paired.net("call"), paired.net("pass")
        for (cls, entry), members in chosen.items():
            at = np.searchsorted(rows, members)
            at = at[(at < len(rows)) & (rows[np.minimum(at, len(rows) - 1)] == members)]   # the decision reached
            if len(at):
                frames.append(pd.DataFrame({
                    "seat": seat_letter, "a": score[0], "b": score[1], "cls": cls, "entry": entry or "",
                    "book": book[at], "call_net": call_net[at].astype(np.int8),
                    "pass_net": pass_net[at].astype(np.int8), "outcome": -1}))
    return counted(frames, CALL_KEYS)


def game_rows_of_calls(deals, a: int, rules) -> pd.DataFrame:
    """The book's hands by score and outcome (:func:`studies.common.game_models.book_game_rows`)
    as rows of a :data:`CALL_KEYS` table, of class "game"."""
    return book_game_rows(deals, a, rules, CALL_KEYS, seat="-", cls="game", entry="", book=False, call_net=0,
                          pass_net=0)


def summed_calls(frame: pd.DataFrame) -> pd.DataFrame:
    """The chunks' counts of a :data:`CALL_KEYS` table summed, each column in its type."""
    if frame.empty:
        return counted([], CALL_KEYS)
    table = frame.groupby(CALL_KEYS, observed=True)["deals"].sum().reset_index()
    for k in ("a", "b", "call_net", "pass_net", "outcome"):
        table[k] = table[k].astype(np.int8)
    table["book"] = table["book"].astype(bool)
    return table.sort_values(CALL_KEYS).reset_index(drop=True)


class CallsAtScoresStudy(BookGameStudy):
    """A study of the seats' round-one calls at scores of the book's game: its scenarios are the
    book's hands at every score (``game-a``, for the game and rubber models) and one seat at one
    score (:func:`seat_scenario`); its results, a :data:`CALL_KEYS` table."""

    def call_scenarios(self, settings, seat_scores) -> list[str]:
        """The game scenarios, then each (seat, score) of ``seat_scores`` the option ``replicates``
        times."""
        replicates, _cap = self.book_game_options(settings, replicates=1, cap=self.defaults["cap"])
        return ([f"game-{a}" for a in range(settings.rules.points_for_game)]
                + [seat_scenario(s, score, k) for s, score in seat_scores for k in range(1, replicates + 1)])

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        if scenario.startswith("game-"):
            return game_rows_of_calls(deals, int(scenario.split("-")[1]), settings.rules)
        seat, score = parse_seat_scenario(scenario)
        return self.calls_at(deals, seat, score, settings.rules, settings.options.get("cap", self.defaults["cap"]))

    def calls_at(self, deals, seat_letter: str, score: tuple[int, int], rules, cap: int) -> pd.DataFrame:
        """The rows of a chunk of one seat at one score: the hands the study tests there, played
        calling and passing (:func:`played`)."""
        raise NotImplementedError

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """The chunks' counts summed: deals per (seat, score, class, entry, the book's action, each
        arm's net points to the decider's side) and, for the models, the book's hands per (score,
        outcome)."""
        return summed_calls(frame)


def seat_scenario(seat: str, score: tuple[int, int], replicate: int) -> str:
    """The scenario of one seat's decision at one score (AC, BD): "A4-3.1"."""
    return f"{seat}{score[0]}-{score[1]}.{replicate}"


def parse_seat_scenario(name: str) -> tuple[str, tuple[int, int]]:
    """The seat and the score of a :func:`seat_scenario` name."""
    seat, rest = name[0], name[1:].split(".")[0]
    a, b = rest.split("-")
    return seat, (int(a), int(b))

"""The book's bidding advice, claim by claim: the round-one lists tested seat by seat.

For each seat, on uniform deals, the bidding is run by the book's policy up to that seat's
round-one decision; where the earlier seats passed (the decision is reached) the hand is played
out twice, the seat calling (ordering up, assisting, taking up) and passing, everything else
by the book's policy (round two, lone hands, taking it from a partner, the dealer's discard),
with double-dummy card play. The two arms are identical up to the decision, so each deal gives
a paired difference: the deciding side's net points calling minus passing.

A claim of the book is a class of hands (matched by :mod:`analysis.patterns` on the deciding
seat's hand under the turned-up suit; the dealer's hand after taking up and the book's
discard) and the action the book gives it. The estimand is the mean difference between the
book's action and the other, in the deciding side's net points per hand, at love-all.

Scale: each seat is split into ``replicates`` scenarios of ``--deals`` deals each (independent
seeds), so a seat gets ``replicates x --deals`` deals; chunks return summed cells (deals, sums
and sums of squares of the differences per hand class), not one row per deal.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd

from analysis import cells
from analysis.book_policy import (ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_FOUR_ALL, ASSIST_RIGHT_TURNED,
                                  DEALER_BY_SCORE, DEALER_TAKE, MAKE_NEXT, THIRD_BY_SCORE, THIRD_ORDER, BookPolicy)
from analysis.contract import dealer_hand
from analysis.errors import EuchreError
from analysis.paired import Paired, play_arms, policy_arm
from analysis.policy import FIRST_ROUND_CALL, Forced, Situations
from analysis.stats import CONTRADICTED, INCONCLUSIVE, SUPPORTED, Estimate, negated
from analysis.study import POINTS, ClaimTest, Study, verdict_of
from fastcore.handpatterns import hand_numbers
from fastcore.vocabulary import ELDEST, SEAT_NAMES, SEATS, SECOND, THIRD

SEAT_ORDER = "BCDA"          # the order of the round-one decisions
ROUND_ORDER = (1, 2, 3, 0)
CALL_WORD = {"B": "order up", "C": "assist", "D": "order up", "A": "take up"}
GROUP_ALL = "all"            # every hand where the decision is reached

E1_BREAKDOWN = THIRD_ORDER.patterns + ("three medium trumps",)
DEALER_LIST = DEALER_TAKE.patterns + DEALER_BY_SCORE.patterns

# group -> (seat, the book's action, patterns naming the breakdown, what the class is)
GROUPS = {
    "E1": ("B", "call", E1_BREAKDOWN,
           "right not turned; three medium trumps and some strength in suit (an outside ace, or an outside king "
           "guarded); nothing to go to (no MAKE_NEXT hand in the next suit)"),
    "E2": ("B", "pass", MAKE_NEXT.patterns,
           "can make it next (a MAKE_NEXT hand in the next suit), not of great strength (no hand of the third "
           "hand's order list)"),
    "E2medium": ("B", "pass", MAKE_NEXT.patterns,
                 "E2's class with E1's strength: right not turned, three medium trumps and some strength in suit, "
                 "but a MAKE_NEXT hand in the next suit (\"something to go to\") and no hand of great strength"),
    "S2": ("C", "call", ASSIST.patterns, "the assist list: three trumps; right and another; left and another, "
           "and outside ace"),
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
               "list: the book orders it from the eldest hand, not from the third"),
    "D1": ("A", "call", DEALER_LIST,
           "the take-up list (with ace, king, and one suit headed by ace, dependent upon the score: played at "
           "love-all), judged on the hand after taking up and the book's discard; not D6's pass (both bowers and "
           "better at next)"),
}
KEYS = ["seat", "group", "pattern", "trumps", "outside_aces"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "call_sum", "pass_sum"]
HAND_CELLS = ["pattern", "trumps", "outside_aces"]   # like hands, for comparing two seats

# claim test -> the class of hands it is measured on (T1.order compares two classes)
TESTED_GROUP = {"E1": "E1", "E2": "E2", "E2.medium": "E2medium", "S2": "S2", "S3": "S3", "S4": "S4",
                "S5": "S5", "T4": "T4", "T1.pass": "T1pass", "D1": "D1"}


def _seat_name(letter: str) -> str:
    return SEAT_NAMES[SEATS.index(letter)]


# --- hand classes -------------------------------------------------------------------------------

def _table(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> Situations:
    turn_up = np.asarray(turn_up, np.int8)
    return Situations(seat, np.asarray(hands, np.uint32), turn_up, 1, (0, 0), rules, (turn_up >> 3).astype(np.int8),
                      lambda i: ())


def _first_pattern(t: Situations, patterns, hands=None, trump=None) -> np.ndarray:
    """Per row, the index of the first of ``patterns`` the hand matches, -1 if none."""
    from analysis.patterns import match_table
    table = match_table(t.hands if hands is None else hands, t.trump if trump is None else trump, patterns)
    return np.where(table.any(axis=1), table.argmax(axis=1), -1).astype(np.int16)


def _medium(t: Situations) -> np.ndarray:
    """E1's "three medium trumps ... and some strength in suit", as the book's policy reads it."""
    return t.has("three medium trumps") & BookPolicy._strength_in_suit(t)


def _e1_class(t: Situations) -> np.ndarray:
    return ~t.right_turned & _medium(t) & ~t.has(MAKE_NEXT.patterns, t.trump ^ 1)


def classify(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> tuple[dict, np.ndarray]:
    """The claim classes of the deciding seat's hands: group -> (member mask, first pattern index
    in the group's breakdown list), and the hands the classes are judged on (the dealer's after
    taking up and discarding)."""
    t = _table(seat, hands, turn_up, rules)
    out = {}
    judged = t.hands
    if seat == ELDEST:
        great = t.has(THIRD_ORDER.patterns)
        out["E1"] = _e1_class(t)
        out["E2"] = t.has(MAKE_NEXT.patterns, t.trump ^ 1) & ~great
        out["E2medium"] = out["E2"] & _medium(t) & ~t.right_turned
    elif seat == SECOND:
        s2 = t.has(ASSIST.patterns)
        s3 = ~s2 & (t.has(ASSIST_ALWAYS.patterns + ASSIST_BY_SCORE.patterns)
                    | (t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns)))
        two_small = t.has("two small ones") & ~t.has("three trumps") & ~t.has("two aces")
        s5 = t.right_turned & two_small
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
        better_next = hand_numbers(t.hands, t.trump ^ 1)[:, 0] > hand_numbers(judged, t.trump)[:, 0]
        d6 = t.has("two bowers", hands=judged) & better_next
        out["D1"] = t.has(DEALER_LIST, hands=judged) & ~d6
    # E2's patterns are the next suit's (can he make it next?); the others', the turned-up suit's
    classes = {g: (mask, _first_pattern(t, GROUPS[g][2], hands=judged,
                                        trump=t.trump ^ 1 if g.startswith("E2") else None))
               for g, mask in out.items()}
    return classes, judged


def book_calls(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> np.ndarray:
    """What the book's policy does at this seat in round one (love-all), row by row."""
    return np.asarray(BookPolicy().first_round_batch(_table(seat, hands, turn_up, rules)), bool)


# --- one chunk ------------------------------------------------------------------------------------

def reached(caller: np.ndarray, rnd: np.ndarray, seat: int) -> np.ndarray:
    """Rows where the seat's round-one decision is reached: no earlier seat called in round one."""
    earlier = ROUND_ORDER[:ROUND_ORDER.index(seat)]
    return ~((rnd == 1) & np.isin(caller, earlier))


def call_and_pass(deals, seat: int, rules) -> Paired:
    """The same deals played twice, the seat calling ("call") and passing ("pass") in round one,
    every other decision by the book's policy; seen from the deciding seat's side."""
    book = BookPolicy()
    arms = {"call": policy_arm(Forced(book, seat, "first_round", FIRST_ROUND_CALL[seat]), rules),
            "pass": policy_arm(Forced(book, seat, "first_round", "pass"), rules)}
    return play_arms(deals, arms, side=seat & 1)


def summed_cells(seat_letter: str, classes: dict, trumps, aces, gain, net_call, net_pass) -> pd.DataFrame:
    """Summed cells per (group, pattern, trumps, outside aces): every estimate of the report is
    computed from these sums."""
    frames = []
    gain = gain.astype(np.int64)
    groups = {GROUP_ALL: (np.ones(len(gain), bool), np.full(len(gain), -1, np.int16)), **classes}
    for group, (mask, pattern) in groups.items():
        if not mask.any():
            continue
        f = pd.DataFrame({"pattern": pattern[mask], "trumps": trumps[mask], "outside_aces": aces[mask],
                          "deals": 1, "gain_sum": gain[mask], "gain_sumsq": gain[mask] ** 2,
                          "call_sum": net_call[mask].astype(np.int64), "pass_sum": net_pass[mask].astype(np.int64)})
        g = f.groupby(HAND_CELLS, observed=True)[SUMS].sum().reset_index()
        names = GROUPS[group][2] if group in GROUPS else ()
        g["pattern"] = [names[int(p)] if p >= 0 else "" for p in g["pattern"]]
        g.insert(0, "group", group)
        g.insert(0, "seat", seat_letter)
        frames.append(g)
    return pd.concat(frames, ignore_index=True)[KEYS + SUMS]


# --- the results table --------------------------------------------------------------------------

def _member(table: pd.DataFrame, seat: str, group: str) -> pd.Series:
    return (table["seat"] == seat) & (table["group"] == group)


def _rows(table: pd.DataFrame, seat: str, group: str) -> pd.DataFrame:
    return table[_member(table, seat, group)]


def group_gain(table: pd.DataFrame, seat: str, group: str) -> Estimate:
    """Calling minus passing, mean over the group's deals."""
    return cells.mean_of(_rows(table, seat, group), "gain")


def book_minus_other(table: pd.DataFrame, group: str) -> Estimate:
    """The book's action minus the other, for a group whose book action is fixed."""
    seat, action = GROUPS[group][0], GROUPS[group][1]
    gain = group_gain(table, seat, group)
    return gain if action == "call" else negated(gain)


def t1_difference(table: pd.DataFrame) -> Estimate:
    """E1's class: the gain of ordering at B minus at D, within (pattern, trumps, outside aces)
    cells, weighted by their pooled deals (B and D are independent samples)."""
    return cells.stratified(table, _member(table, "B", "E1"), _member(table, "D", "T1"), "gain", HAND_CELLS)


class BookBidding(Study):
    name = "book_bidding"
    title = "The book's bidding advice, claim by claim"
    description = ("The book's round-one bidding lists, seat by seat: calling against passing with the hands each "
                   "list names, paired on the same deals, the others bidding by the book.")
    defaults = {"deals": 50_000, "chunk_size": 50_000, "replicates": 6}
    suite_position = 2
    policies = ("the book's policy (analysis.book_policy.BookPolicy, default parameters) for all four players; "
                "the deciding seat's round-one call forced to call or to pass (the two arms); score love-all")
    # Each estimate is the book's action minus the other, so the book says it is positive.
    claims = (
        ClaimTest("E1", "E1", "E1 (B, E1's class)", "B, E1's class: order up - pass"),
        ClaimTest("E2", "E2", "E2 (B, can make it next)", "B, can make it next, not great: pass - order up"),
        ClaimTest("E2.medium", "E2", "E2 (B, E1's strength)",
                  "B, E1's strength but can make it next: pass - order up"),
        ClaimTest("S2", "S2", "S2 (C, the assist list)", "C, the assist list: assist - pass"),
        ClaimTest("S3", "S3", "S3 (C, by the score)",
                  "C, S3 entries at love-all (the policy's reading of the score): assist - pass"),
        ClaimTest("S4", "S4", "S4 (C, ace/king and another)", "C, ace/king and another only, love-all: pass - assist"),
        ClaimTest("S5", "S5", "S5 (C, two small ones)", "C, right turned, two small ones: pass - assist"),
        ClaimTest("T4", "T4", "T4 (D, the order list)", "D, the order list: order up - pass"),
        ClaimTest("T1.order", "T1", "T1 (E1's class, B - D)",
                  "E1's class: gain of ordering at B - at D (same hand cells)"),
        ClaimTest("T1.pass", "T1", "T1 (D, E1's class not listed)",
                  "D, E1's class not in the order list: pass - order up"),
        ClaimTest("D1", "D1", "D1 (A, the take-up list)", "A, the take-up list: take up - turn down"),
    )

    def scenarios(self, settings) -> list[str]:
        seats = settings.options.get("seats", list(SEAT_ORDER))
        replicates = settings.options.get("replicates", 1)
        if not isinstance(replicates, int) or isinstance(replicates, bool) or replicates < 1:
            raise EuchreError(f"option replicates must be a whole number >= 1, not {replicates!r}")
        return [f"{s}{k}" for s in SEAT_ORDER if s in seats for k in range(1, replicates + 1)]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        """The deals where the scenario's seat decides in round one, each played calling and
        passing, summed per hand class."""
        from analysis.simulate import bid_batch
        from fastcore.sampler import sample_deals

        letter = scenario[0]
        seat = SEATS.index(letter)
        rules = settings.rules
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        hands = np.asarray(deals.hands, np.uint32)
        turn_up = np.asarray(deals.turn_up, np.int8)
        b = bid_batch(hands, turn_up, BookPolicy(), rules)
        rows = np.flatnonzero(reached(b.caller, b.round, seat))
        sub = SimpleNamespace(hands=hands[rows], turn_up=turn_up[rows])
        paired = call_and_pass(sub, seat, rules)
        classes, judged = classify(seat, sub.hands[:, seat], sub.turn_up, rules)
        numbers = hand_numbers(judged, (sub.turn_up >> 3).astype(np.int8))
        return summed_cells(letter, classes, numbers[:, 0].astype(np.int8), numbers[:, 1].astype(np.int8),
                            paired.difference("call", "pass"), paired.net("call"), paired.net("pass"))

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """The chunks' cells summed: per (seat, group, pattern, trumps, outside aces) the deals and
        the sums of the paired gain (calling minus passing), its square, and of each arm's net."""
        if frame.empty:
            return pd.DataFrame(columns=KEYS + SUMS)
        table = frame.groupby(KEYS, observed=True)[SUMS].sum().reset_index()
        order = {s: i for i, s in enumerate(SEAT_ORDER)}
        return table.sort_values(KEYS, key=lambda c: c.map(order) if c.name == "seat" else c).reset_index(drop=True)

    def estimate(self, key: str, table: pd.DataFrame) -> Estimate | None:
        if key == "T1.order":
            if _rows(table, "B", "E1").empty or _rows(table, "D", "T1").empty:
                return None
            return t1_difference(table)
        group = TESTED_GROUP[key]
        if _rows(table, GROUPS[group][0], group).empty:
            return None
        return book_minus_other(table, group)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = BookBidding()


# --- the report ----------------------------------------------------------------------------------

def _charts():
    # Imported when rendering only: workers that compute chunks need no matplotlib.
    from analysis import charts
    return charts


def _fmt(e: Estimate) -> str:
    return f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"


def _reached(table: pd.DataFrame, seat: str) -> int:
    return int(_rows(table, seat, GROUP_ALL)["deals"].sum())


def claims_table(table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for group, (seat, action, _patterns, _what) in GROUPS.items():
        sub = _rows(table, seat, group)
        n = int(sub["deals"].sum())
        if n == 0:
            continue
        gain = group_gain(table, seat, group)
        rows.append({"class": group, "seat": seat, "book's action": {"call": CALL_WORD[seat], "pass": "pass",
                                                                     "mixed": "order up if in T4, else pass"}[action],
                     "deals": n, "share of reached": f"{n / max(_reached(table, seat), 1):.1%}",
                     "net calling": float(sub["call_sum"].sum()) / n, "net passing": float(sub["pass_sum"].sum()) / n,
                     "calling - passing [95% CI]": _fmt(gain)})
    return pd.DataFrame(rows)


def pattern_table(table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for group, (seat, action, patterns, _what) in GROUPS.items():
        sub = _rows(table, seat, group)
        for pattern in patterns:
            cell = sub[sub["pattern"] == pattern]
            n = int(cell["deals"].sum())
            if n == 0:
                continue
            e = cells.mean_of(cell, "gain")
            rows.append({"class": group, "first pattern matched": pattern, "deals": n,
                         "calling - passing [95% CI]": _fmt(e) if n >= 2 else f"{e.mean:+.3f}",
                         "book's action": action})
    return pd.DataFrame(rows)


def t1_by_trumps(table: pd.DataFrame) -> pd.DataFrame:
    """Ordering minus passing at B and at D over every reached hand, by trumps held."""
    rows = []
    for trumps in range(6):
        row = {"trumps held": trumps}
        for seat in "BD":
            sub = _rows(table, seat, GROUP_ALL)
            cell = sub[sub["trumps"] == trumps]
            e = cells.mean_of(cell, "gain")
            row[f"{seat}: deals"] = int(cell["deals"].sum())
            row[f"{seat}: order - pass [95% CI]"] = _fmt(e) if e.n >= 2 else ""
        rows.append(row)
    return pd.DataFrame(rows)


def _heatmap(table: pd.DataFrame, path: Path) -> Path:
    rows, cols = range(6), range(4)
    panels = {_seat_name(seat): cells.grid(_rows(table, seat, GROUP_ALL), "trumps", "outside_aces", "gain", rows, cols)
              for seat in SEAT_ORDER if _reached(table, seat) > 0}
    return _charts().heatmap_panels(
        path, panels, row_labels=[str(r) for r in rows], col_labels=[str(c) for c in cols],
        title="Calling minus passing in round one, by trumps x outside aces, per seat (decision reached)",
        xlabel="aces of other suits", ylabel="trumps held (left bower counted)",
        unit="deciding side's net points per hand, calling - passing",
        note="Each cell: mean paired gain of calling (order up / assist / take up) over passing, ± half-width of "
             "the 95% interval, deals. The dealer's hand after taking up and discarding. "
             f"Grey: fewer than {cells.MIN_CELL_DEALS} deals.",
        limit=1.5)


def _pattern_chart(table: pd.DataFrame, path: Path) -> Path:
    p = pattern_table(table)
    p = p[(p["deals"] >= 200) & (p["class"] != "T1")]
    labels, mean, low, high, n = [], [], [], [], []
    for _, r in p.iterrows():
        sub = _rows(table, GROUPS[r["class"]][0], r["class"])
        gain = cells.mean_of(sub[sub["pattern"] == r["first pattern matched"]], "gain")
        e = gain if r["book's action"] == "call" else negated(gain)
        labels.append(f"{r['class']}: {r['first pattern matched']} (n={int(r['deals']):,})")
        mean.append(e.mean), low.append(e.low), high.append(e.high), n.append(e.n)
    return _charts().error_bars(path, labels, {"book's action - the other": (mean, low, high, n)},
                                title="By the first pattern of the class the hand matches",
                                ylabel="points per hand", xlabel="class: pattern", legend_n=False, zero_line=True,
                                note="95% intervals; patterns with at least 200 deals. Positive: the book's advice gains.")


def _headline(study: Study, verdict_list, per_seat: int) -> str:
    measured = [v for v in (verdict_of(verdict_list, test.key) for test in study.claims) if v is not None]

    def items(verdict):
        return "; ".join(f"{v.claim.label} {v.claim.estimate.mean:+.2f}" for v in measured if v.verdict == verdict)

    supported = sum(v.verdict == SUPPORTED for v in measured)
    parts = [f"At love-all, the others bidding by the book and the play double-dummy ({per_seat:,} deals per seat), "
             f"the book's round-one action beats the alternative in {supported} of {len(measured)} tests "
             f"(points per hand: {items(SUPPORTED)})"]
    if items(CONTRADICTED):
        parts.append(f"It is contradicted in {items(CONTRADICTED)}")
    if items(INCONCLUSIVE):
        parts.append(f"Inconclusive at this precision: {items(INCONCLUSIVE)}")
    return ". ".join(parts) + "."


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    from analysis.report import Chart, StudyReport, md_table
    out_dir = Path(out_dir)
    verdict_list = study.verdicts(table)
    files = [
        (_heatmap(table, out_dir / "heatmap_call_minus_pass.png"),
         "Strategy chart: the mean gain of calling over passing in round one (deciding side's net points per "
         "hand, paired on the same deals), by trumps held and aces of other suits, one panel per seat, over every "
         "deal where the decision is reached. Blue: calling gains; red: passing gains."),
        (_charts().claims_chart(out_dir / "claims.png", verdict_list, unit=POINTS,
                                title="Claims: the book's action minus the other, net points per hand"),
         "Each claim test: the book's action minus the other, with its 95% interval."),
        (_pattern_chart(table, out_dir / "patterns.png"),
         "Each claim class broken down by the first pattern of its list the hand matches."),
    ]
    replicates = manifest.get("options", {}).get("replicates", 1)
    per_seat = int(manifest.get("deals_per_scenario", 0)) * int(replicates)
    classes = "\n".join(f"- **{g}** ({_seat_name(s)}; the book: {a}): {what}."
                        for g, (s, a, _p, what) in GROUPS.items())
    method = (
        f"Deals: {per_seat:,} uniform random deals of the {manifest.get('rules', {}).get('pack', 32)}-card pack "
        f"per seat ({replicates} scenarios of {int(manifest.get('deals_per_scenario', 0)):,} deals per seat, "
        "independent seeds; the seats have independent deals). All four players bid by the book's policy "
        "(analysis.book_policy.BookPolicy, default parameters: the score-dependent entries apply unless the "
        "adversaries have 3 or more points), the score love-all. On each deal the bidding runs up to the seat's "
        "round-one decision; the deal is kept when the earlier seats passed (by the book's policy: the decision "
        "is reached). It is then played twice, the seat calling (eldest and third hand: order up; second hand: "
        "assist; dealer: take up) and passing, everything else by the book's policy: lone hands, taking it from "
        "a partner, the dealer's discard (D8), round two when all pass; a deal passed by all twice scores 0. "
        "The two arms are the same deal and the same bidding up to the decision, so the difference is paired.\n\n"
        "Estimand: the mean, over the deals where the decision is reached and the hand is in the claim's class, "
        "of the deciding side's net points (own points minus the adversaries') with the book's action minus with "
        "the other action. Positive means the book's advice gains. The hand classes are matched by the book's "
        "patterns (analysis.patterns) on the deciding seat's hand under the turned-up suit; the dealer's on his "
        "hand after taking up and discarding by the book's rule:\n\n" + classes + "\n\n"
        "T1 is tested twice: the gain of ordering with E1's class at the eldest hand minus at the third hand, "
        "within cells of the same first pattern, trumps and outside aces (independent samples, normal interval), "
        "and, at the third hand, passing minus ordering for E1's class hands outside the third hand's list. "
        "Intervals are t intervals of paired differences (95%); the Monte Carlo standard error and the deals are "
        "in the verdicts table. The margin, the smallest gain that matters, is 0.05 points per hand.")
    question = (
        "Does the book's round-one advice gain points, seat by seat, against the alternative, when the "
        "others bid by the book?\n\n" + study.quoted())
    sections = [
        ("By pattern", "Each class broken down by the first pattern of its breakdown list the hand matches "
         "(E1 and T1: the first of the third hand's order list, else three medium trumps alone; D1: the dealer's "
         "hand after the discard). Calling minus passing, whatever the book's action.\n\n"
         + md_table(pattern_table(table))),
        ("T1 beyond E1's class", "The T1 test above compares like hands of E1's class. Over every hand where "
         "the decision is reached, by trumps held (all outside aces pooled), the gain of ordering at the eldest and "
         "the third hand is below; the third hand's hands are those left after two passes, which tell him the "
         "eldest and second hands are not strong in the suit, so a cell of this table is not the same hand at "
         "both seats and the comparison mixes position with what the passes reveal.\n\n"
         + md_table(t1_by_trumps(table))),
        ("Decisions reached", "Deals per seat where the round-one decision is reached (the earlier seats passed "
         "by the book's policy).\n\n" + md_table(pd.DataFrame(
             [{"seat": _seat_name(s), "decisions reached": _reached(table, s),
               "calling - passing, all hands [95% CI]": _fmt(group_gain(table, s, GROUP_ALL))}
              for s in SEAT_ORDER if _reached(table, s) > 0]))),
    ]
    return StudyReport(
        name=study.name, title=study.title, question=question, method=method, table=claims_table(table),
        table_caption="Per claim class: deals where the decision is reached and the hand is in the class, the "
                      "deciding side's mean net points calling and passing, and the paired difference (calling - "
                      "passing) with its 95% interval.",
        charts=[Chart(Path(p).name, caption) for p, caption in files],
        verdicts=verdict_list, headline=_headline(study, verdict_list, per_seat), sections=sections)

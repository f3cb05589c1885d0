"""The book's bidding advice, entry by entry: the round-one lists tested seat by seat.

For each seat, on uniform deals, the bidding is run by the book's policy up to that seat's
round-one decision; where the earlier seats passed (the decision is reached) the hand is played
out twice, the seat calling (ordering up, assisting, taking up) and passing, everything else
by the book's policy (round two, lone hands, taking it from a partner, the dealer's discard),
with double-dummy card play. The two arms are identical up to the decision, so each deal gives
a paired difference: the deciding side's net points calling minus passing.

A claim of the book is a class of hands (:data:`studies.common.round_one.GROUPS`, matched by
:mod:`analysis.game.patterns` on the deciding seat's hand under the turned-up suit; the dealer's
hand after taking up and the book's discard) and the action the book gives it. The book gives its advice as lists ("Take up three
trumps. right and ace. ..."), so each list is judged entry by entry: a hand belongs to the
first entry of its list it matches, and each entry is one test. The estimand is the mean
difference between the book's action and the other, in the deciding side's net points per
hand, at love-all.

Scale: each seat is split into ``replicates`` scenarios of ``--deals`` deals each (independent
seeds), so a seat gets ``replicates x --deals`` deals; chunks return summed cells (deals, sums
and sums of squares of the differences per hand class and first entry matched), not one row
per deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch, call_word
from analysis.bidding.book_policy import (ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_FOUR_ALL, DEALER_BY_SCORE,
                                          DEALER_TAKE, THIRD_BY_SCORE, THIRD_ORDER)
from analysis.bidding.company import seated
from analysis.experiment import cells
from analysis.experiment.stats import CONTRADICTED, SUPPORTED, Estimate, bonferroni_quantile, negated
from analysis.experiment import ClaimTest, POINTS, Study, verdict_of
from analysis.game import SEATS, SEAT_NAMES, SEAT_ORDER
from analysis.reporting.ledger import read_study_verdicts
from analysis.reporting.markup import md_table
from analysis.reporting.report import verdict_words
from fastcore.handpatterns import hand_numbers
from fastcore.sampler import sample_deals
from studies.common.report import (charts, in_full, options_of, pack_of, played_how, setting_of, study_report,
                                   verdicts_headline)
from studies.common.round_one import (E1_BREAKDOWN, E2_TURNED_TRUMPS, GROUP_ALL, GROUPS, call_and_pass,
                                      classify, reached)

KEYS = ["seat", "group", "pattern", "trumps", "outside_aces"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "call_sum", "pass_sum"]
HAND_CELLS = ["pattern", "trumps", "outside_aces"]   # like hands, for comparing two seats


def _seat_name(letter: str) -> str:
    return SEAT_NAMES[SEATS.index(letter)]


# --- one chunk ------------------------------------------------------------------------------------

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


# --- what each test measures ----------------------------------------------------------------------

MIN_ENTRY_DEALS = 200   # an entry with fewer deals in the results table is described, not judged


@dataclass(frozen=True)
class Hands:
    """The hands of the results table a test is measured on, and the book's action with them."""

    seat: str
    group: str
    action: str                  # "call" or "pass": what the book does with these hands
    pattern: str | None = None   # an entry of a list: the hands whose first entry matched is this one
    min_trumps: int = 0          # at least this many trumps of the turned-up suit


@dataclass(frozen=True)
class Entry:
    """One entry of one of the book's lists, judged on its own."""

    key: str           # "D1.three trumps"
    claim: str         # "D1"
    pattern: str       # as the book's policy words it: the results table's ``pattern``
    label: str         # a few words, for the charts
    by_score: bool     # "dependent upon the score": played by the book's policy at love-all

    @property
    def hands(self) -> Hands:
        seat, group, action = LIST_CLASS[self.claim]
        return Hands(seat, group, action, pattern=self.pattern)


# list -> (seat, class in the results table, the book's action with every entry)
LIST_CLASS = {"S2": ("C", "S2", "call"), "S3": ("C", "S3", "call"), "S4": ("C", "S4", "pass"),
              "T4": ("D", "T4", "call"), "D1": ("A", "D1", "call")}
LIST_NAME = {"S2": "the second hand's assist list", "S3": "the second hand's further assists",
             "S4": "the second hand's ace or king and another", "T4": "the third hand's order list",
             "D1": "the dealer's take-up list"}
SCORE = "dependent upon the score"

# The lists are the book's policy's own rules (analysis.bidding.book_policy), which hold the
# patterns and the book's sentences: list -> its rules, the entry said always first (S3), then the
# list, then its entries dependent upon the score.
LIST_RULES = {"S2": (ASSIST,), "S3": (ASSIST_ALWAYS, ASSIST_BY_SCORE), "S4": (ASSIST_FOUR_ALL,),
              "T4": (THIRD_ORDER, THIRD_BY_SCORE), "D1": (DEALER_TAKE, DEALER_BY_SCORE)}
BY_SCORE = (ASSIST_BY_SCORE, THIRD_BY_SCORE, DEALER_BY_SCORE)   # "dependent upon the score"
# Where the book prints the entry dependent upon the score, among the others (the policy matches
# it last): T4's "left, ace, king" and D1's "ace, king, and one suit headed by ace" are both ninth.
PRINTED_AT = {"T4": 8, "D1": 8}
# The entries' words on the charts, where shorter than the pattern.
CHART_WORDS = {
    "left and another, and outside ace": "left and another, outside ace",
    "two trumps and two aces": "two trumps, two aces",
    "ace and another, and outside ace": "ace and another, outside ace",
    "two medium trumps, and one suit of three headed by ace": "two medium trumps, suit of three to ace",
    "two bowers and outside ace": "two bowers, outside ace",
    "three trumps and two aces": "three trumps, two aces",
    "three trumps and one suit headed by ace": "three trumps, one suit to ace",
    "right, ace, and another": "right, ace, another",
    "left, ace, king, and outside ace": "left, ace, king, outside ace",
    "left, ace, king, and one suit": "left, ace, king, one suit",
    "left, king and another, and outside ace": "left, king, another, outside ace",
    "left, queen and another, and outside ace": "left, queen, another, outside ace",
    "ace, king and another, and outside ace": "ace, king, another, outside ace",
    "right and another, and one suit": "right, another, one suit",
    "right, another, and outside ace": "right, another, outside ace",
    "left, ace, and outside ace": "left, ace, outside ace",
    "left, another, outside ace, and king queen of the third suit": "left, another, outside ace, K Q third",
    "ace, king, and one suit headed by ace": "ace, king, one suit to ace",
}


def _entries(claim: str) -> tuple[Entry, ...]:
    """A list's entries in the book's order, from the policy's rules. S3's entry said always
    (its key S3.always) comes first: a hand with left and another and two aces is assisted
    whatever the score."""
    passes = LIST_CLASS[claim][2] == "pass"
    out, by_score = [], []
    for rule in LIST_RULES[claim]:
        for pattern in rule.patterns:
            scored = rule in BY_SCORE
            always = rule is ASSIST_ALWAYS
            words = ("always: " if always else "") + CHART_WORDS.get(pattern, pattern)
            label = f"{claim} {'pass: ' if passes else ''}{words}" + (" (score)" if scored else "")
            entry = Entry(f"{claim}.{'always' if always else pattern}", claim, pattern, label, scored)
            (by_score if scored and claim in PRINTED_AT else out).append(entry)
    at = PRINTED_AT.get(claim, len(out))
    return tuple(out[:at] + by_score + out[at:])


# The lists as the book prints them, entry by entry.
LISTS = {claim: _entries(claim) for claim in LIST_CLASS}
ENTRIES = {e.key: e for entries in LISTS.values() for e in entries}

# The tests that are not entries of a list: one sentence of the book, one class of hands.
SINGLE = {
    "E1": Hands("B", "E1", "call"),
    "E2": Hands("B", "E2", "pass", min_trumps=E2_TURNED_TRUMPS),
    "S5": Hands("C", "S5", "pass"),
}
T1_KEY = "T1"   # E1's class, ordering at the eldest hand minus at the third (two seats, like cells)


def measured_on(key: str) -> Hands:
    """The hands a test (other than T1's) is measured on."""
    return SINGLE[key] if key in SINGLE else ENTRIES[key].hands


def _entry_test(e: Entry) -> ClaimTest:
    seat, _group, action = LIST_CLASS[e.claim]
    book, other = (call_word(seat), "pass") if action == "call" else ("pass", call_word(seat))
    hand = " (hand after the discard)" if seat == "A" else ""
    note = (", at love-all" if e.by_score or e.claim == "S4" else
            " (always)" if e.key == "S3.always" else "")
    return ClaimTest(e.key, e.claim, e.label,
                     f"{seat}{hand}, first {e.claim} entry matched \"{e.pattern}\"{note}: {book} - {other}")


def _claim_tests() -> tuple[ClaimTest, ...]:
    # Every estimate is the book's action minus the other (sign +1); unit and margin are the
    # default: points per hand, 0.05.
    return (
        ClaimTest("E1", "E1", "E1 three medium trumps, strength in suit",
                  "B, E1's class (right not turned, three medium trumps, some strength in suit, nothing to go "
                  "to): order up - pass"),
        ClaimTest("E2", "E2", "E2 pass: three trumps of the turn-up, can go next",
                  "B, can make it next, not of great strength, three trumps of the turned-up suit: pass - order up"),
        *map(_entry_test, LISTS["S2"] + LISTS["S3"] + LISTS["S4"]),
        ClaimTest("S5", "S5", "S5 pass: two small ones, right turned",
                  "C, right turned, two small ones: pass - assist"),
        *map(_entry_test, LISTS["T4"]),
        ClaimTest(T1_KEY, "T1", "T1 E1's class, ordering at B - at D",
                  "E1's class: gain of ordering at B - gain of ordering at D, within cells of the same first "
                  "entry, trumps and outside aces"),
        *map(_entry_test, LISTS["D1"]),
    )


# --- the results table --------------------------------------------------------------------------

def _member(table: pd.DataFrame, seat: str, group: str) -> pd.Series:
    return (table["seat"] == seat) & (table["group"] == group)


def _rows(table: pd.DataFrame, seat: str, group: str) -> pd.DataFrame:
    return table[_member(table, seat, group)]


def hand_rows(table: pd.DataFrame, hands: Hands) -> pd.DataFrame:
    """The results table's cells of the given hands."""
    rows = _rows(table, hands.seat, hands.group)
    if hands.pattern is not None:
        rows = rows[rows["pattern"] == hands.pattern]
    if hands.min_trumps:
        rows = rows[rows["trumps"] >= hands.min_trumps]
    return rows


def group_gain(table: pd.DataFrame, seat: str, group: str) -> Estimate:
    """Calling minus passing, mean over the group's deals."""
    return cells.mean_of(_rows(table, seat, group), "gain")


def _oriented(gain: Estimate, action: str) -> Estimate:
    return gain if action == "call" else negated(gain)


def book_minus_other(table: pd.DataFrame, hands: Hands) -> Estimate:
    """The book's action minus the other over the given hands (calling minus passing, negated
    where the book passes)."""
    return _oriented(cells.mean_of(hand_rows(table, hands), "gain"), hands.action)


def t1_difference(table: pd.DataFrame) -> Estimate:
    """E1's class: the gain of ordering at B minus at D, within (pattern, trumps, outside aces)
    cells, weighted by their pooled deals (B and D are independent samples)."""
    return cells.stratified(table, _member(table, "B", "E1"), _member(table, "D", "T1"), "gain", HAND_CELLS)


class BookBidding(Study):
    name = "book_bidding"
    title = "The book's bidding advice, entry by entry"
    description = ("The book's round-one bidding lists, seat by seat and entry by entry: calling against passing "
                   "with the hands each entry names, paired on the same deals, the others bidding by the book.")
    defaults = {"deals": 50_000, "chunk_size": 50_000, "replicates": 6}
    suite_position = 2
    takes_company = True     # its arms are built through analysis.bidding.company.seated
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players; "
                "the deciding seat's round-one call forced to call or to pass (the two arms); score love-all")
    claims = _claim_tests()

    def scenarios(self, settings) -> list[str]:
        seats = settings.options.get("seats", list(SEAT_ORDER))
        (replicates,) = self.whole_options(settings, replicates=1)
        return [f"{s}{k}" for s in SEAT_ORDER if s in seats for k in range(1, replicates + 1)]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        """The deals where the scenario's seat decides in round one, each played calling and
        passing, summed per hand class."""
        letter = scenario[0]
        seat = SEATS.index(letter)
        rules = settings.rules
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        hands = np.asarray(deals.hands, np.uint32)
        turn_up = np.asarray(deals.turn_up, np.int8)
        b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), rules)
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

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        if key == T1_KEY:
            if _rows(table, "B", "E1").empty or _rows(table, "D", "T1").empty:
                return None
            return t1_difference(table)
        hands = measured_on(key)
        n = int(hand_rows(table, hands)["deals"].sum())
        if n == 0 or (key in ENTRIES and n < MIN_ENTRY_DEALS):
            return None
        return book_minus_other(table, hands)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = BookBidding()


# --- the report ----------------------------------------------------------------------------------

def _fmt(e: Estimate, n: bool = False) -> str:
    if e.n < 2 or not np.isfinite(e.low):
        text = f"{e.mean:+.3f}" if np.isfinite(e.mean) else "–"
    else:
        text = f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"
    return text + (f" ({e.n:,} deals)" if n else "")


def _short(e: Estimate) -> str:
    """Two decimals with the 95% interval and the deals, for the headline."""
    return f"{e.mean:+.2f} [{e.low:+.2f}, {e.high:+.2f}] ({e.n:,} deals)"


def _reached(table: pd.DataFrame, seat: str) -> int:
    return int(_rows(table, seat, GROUP_ALL)["deals"].sum())


def list_outcome(verdict_list, claim: str) -> dict[str, list]:
    """A list's entries by outcome, found by key: "gain" (supported), "lose" (contradicted),
    "open" (negligible or inconclusive), "unjudged" (too few deals, no verdict)."""
    out = {"gain": [], "lose": [], "open": [], "unjudged": []}
    for e in LISTS[claim]:
        v = verdict_of(verdict_list, e.key)
        kind = "unjudged" if v is None else {SUPPORTED: "gain", CONTRADICTED: "lose"}.get(v.verdict, "open")
        out[kind].append((e, v))
    return out


def entries_table(table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    """Each tested class, entry by entry, with its list's pooled line (descriptive)."""
    rows = []

    def row(claim, seat, what, hands, verdict_text):
        sub = hand_rows(table, hands)
        n = int(sub["deals"].sum())
        list_n = int(_rows(table, hands.seat, hands.group)["deals"].sum())
        e = book_minus_other(table, hands) if n else None
        rows.append({"claim": claim, "hands (claim: entry or class)": f"{claim}: {what}", "seat": seat, "deals": n,
                     "share of the class": f"{n / list_n:.1%}" if list_n else "",
                     "net calling": float(sub["call_sum"].sum()) / n if n else float("nan"),
                     "net passing": float(sub["pass_sum"].sum()) / n if n else float("nan"),
                     "book's action - other [95% CI]": _fmt(e) if e is not None else "",
                     "verdict": verdict_text})

    def verdict_text(key):
        v = verdict_of(verdict_list, key)
        return f"not judged: fewer than {MIN_ENTRY_DEALS} deals" if v is None else verdict_words(v)

    for key, what in (("E1", "right not turned, three medium trumps, strength in suit, nothing to go to"),
                      ("E2", "can make it next, three trumps of the turn-up")):
        row(key, "B", what, SINGLE[key], verdict_text(key))
    seat, group, action = SINGLE["E2"].seat, SINGLE["E2"].group, SINGLE["E2"].action
    row("E2", "B", "the whole class, can make it next (descriptive)", Hands(seat, group, action), "descriptive")
    for claim, entries in LISTS.items():
        seat, group, action = LIST_CLASS[claim]
        for e in entries:
            row(claim, seat, e.pattern + (f" ({SCORE})" if e.by_score else ""), e.hands, verdict_text(e.key))
        row(claim, seat, "all entries pooled (descriptive)", Hands(seat, group, action), "descriptive")
        if claim == "S4":
            row("S5", "C", "two small ones, right turned", SINGLE["S5"], verdict_text("S5"))
    order = {c: i for i, c in enumerate(["E1", "E2", "S2", "S3", "S4", "S5", "T4", "D1"])}
    frame = pd.DataFrame(rows)
    frame = frame.sort_values("claim", key=lambda c: c.map(order), kind="stable").reset_index(drop=True)
    return frame.drop(columns="claim")


def e2_table(table: pd.DataFrame) -> pd.DataFrame:
    """E2's whole class by trumps of the turned-up suit held: pass minus order up."""
    rows = []
    sub = _rows(table, "B", "E2")
    for trumps in sorted(sub["trumps"].unique()):
        cell = sub[sub["trumps"] == trumps]
        rows.append({"trumps of the turned-up suit": int(trumps), "deals": int(cell["deals"].sum()),
                     "pass - order up [95% CI]": _fmt(negated(cells.mean_of(cell, "gain"))),
                     "tested": "yes" if trumps >= E2_TURNED_TRUMPS else "no"})
    return pd.DataFrame(rows)


def t1_cells(table: pd.DataFrame) -> pd.DataFrame:
    """E1's class at B and at D, by the first entry matched: the cells T1 compares."""
    rows = []
    b, d = _rows(table, "B", "E1"), _rows(table, "D", "T1")
    for pattern in E1_BREAKDOWN:
        cb, cd = b[b["pattern"] == pattern], d[d["pattern"] == pattern]
        if cb.empty and cd.empty:
            continue
        rows.append({"first entry matched": pattern,
                     "B: deals": int(cb["deals"].sum()), "B: order - pass [95% CI]": _fmt(cells.mean_of(cb, "gain")),
                     "D: deals": int(cd["deals"].sum()), "D: order - pass [95% CI]": _fmt(cells.mean_of(cd, "gain"))})
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
    return charts().heatmap_panels(
        path, panels, row_labels=[str(r) for r in rows], col_labels=[str(c) for c in cols],
        title="Calling minus passing in round one, by trumps x outside aces, per seat (decision reached)",
        xlabel="aces of other suits", ylabel="trumps held (left bower counted)",
        unit="deciding side's net points per hand, calling - passing",
        note="Each cell: mean paired gain of calling (order up / assist / take up) over passing, ± half-width of "
             "the 95% interval, deals. The dealer's hand after taking up and discarding. "
             f"Grey: fewer than {cells.MIN_CELL_DEALS} deals.",
        limit=1.5)


# The claims charts, one per decision: ordering up (the eldest and the third hand, T1 comparing
# the two), assisting, taking up.
CLAIM_CHARTS = (("ordering", "Ordering up: the eldest hand (E1, E2) and the third hand (T4, T1)",
                 ("E1", "E2", "T4", "T1")),
                ("assisting", "Assisting: the second hand (S2, S3, S4, S5)", ("S2", "S3", "S4", "S5")),
                ("taking_up", "Taking up: the dealer (D1)", ("D1",)))


def _figures_in_full(verdict_list, per_seat: int, how: str = "double-dummy") -> str:
    """Every test in words: the lists whose entries disagree, those that agree, the single tests."""
    words = sorted({v.verdict for v in verdict_list}, key=lambda w: ({SUPPORTED: 0, CONTRADICTED: 1}.get(w, 2), w))
    tally = ", ".join(f"{sum(v.verdict == w for v in verdict_list)} {w}" for w in words)
    parts = [f"At love-all, the others bidding by the book and the play {how} ({per_seat:,} deals per seat), "
             f"{len(verdict_list)} tests, one per entry of each list and one per other sentence (the book's action "
             f"minus the other, points per hand, with 95% intervals): {tally}"]
    mixed, agreeing = [], []
    for claim in LISTS:
        o = list_outcome(verdict_list, claim)
        judged = len(o["gain"]) + len(o["lose"]) + len(o["open"])
        if not judged:
            continue
        if o["gain"] and o["lose"]:
            losers = "; ".join(f"{e.pattern}{' (by the score, at love-all)' if e.by_score else ''} "
                               f"{_short(v.estimate)}" for e, v in o["lose"])
            undecided = f", {len(o['open'])} undecided" if o["open"] else ""
            mixed.append(f"{claim} ({LIST_NAME[claim]}): of {judged} entries {len(o['gain'])} gain{undecided}, "
                         f"{len(o['lose'])} {'loses' if len(o['lose']) == 1 else 'lose'}: {losers}")
        else:
            word = "gain" if o["gain"] else "lose" if o["lose"] else "are undecided"
            n = len(o["gain"]) or len(o["lose"]) or len(o["open"])
            passing = " (passing, as the book says)" if LIST_CLASS[claim][2] == "pass" and o["gain"] else ""
            agreeing.append(f"{claim} ({LIST_NAME[claim]}): {n} of {judged} entries {word}{passing}")
    if mixed:
        parts.append("Mixed lists, whose entries disagree. " + ". ".join(mixed))
    if agreeing:
        parts.append("Lists whose entries agree: " + "; ".join(agreeing))
    singles = [f"{v.claim.label} {_short(v.estimate)} {v.verdict}"
               for v in (verdict_of(verdict_list, k) for k in ("E1", "E2", "S5", T1_KEY)) if v is not None]
    if singles:
        parts.append("Single tests: " + "; ".join(singles))
    parts.append("The entries dependent upon the score and S4 are tested here at love-all, and at the scores the "
                 "book names in the score study")
    return ". ".join(parts) + "."


def _readings(m: int, m_claims: int) -> str:
    z, z_claims = bonferroni_quantile(m), bonferroni_quantile(m_claims)
    return (
        "**Readings.** Where the book is not exact, the reading taken (analysis.bidding.book_policy):\n\n"
        "- \"Three medium trumps or better\" (E1): three trumps or more whose best three add up, in trump order "
        "(right 8, left 7, ace 6, king 5, queen 4, ten 3, nine 2, eight 1, seven 0), to at least the book's own "
        "example, ace, queen, ten; \"two medium trumps\" (S3): two adding up to queen, ten or better.\n"
        "- \"Some strength in suit\" (E1): an outside ace, or an outside king with another card of its suit.\n"
        "- \"Nothing to go to\" (E1) and \"if you can make it next\" (E2): the hand holds, in the next suit (the "
        "turn-up's colour), three trumps; right and another; left and another, and outside ace; or two trumps "
        "and two aces.\n"
        "- \"Great strength\" (E2): a hand of the third hand's order list (T4).\n"
        "- E2, the hands tested: E2's class with three trumps of the turned-up suit, hands that could order. "
        "Both of the book's examples are such hands (\"right, ten, and nine of clubs\"; \"left, ace and seven of "
        "clubs\", clubs turned); with two trumps or fewer of the turn-up ordering is hardly an option (E1 asks "
        "three), so passing there says little of the advice. In this class such a hand always holds a bower and "
        "never four trumps. E1's strength (three medium trumps and some strength in suit) would leave out the "
        "book's second example, which has no outside ace or guarded king; it is given below as a descriptive "
        "line, as is the whole class. "
        "Whether the right is turned is not asked: the sentence does not say, and the results table does not "
        "record it.\n"
        "- \"Dependent upon the score\" (S3's three entries, T4's left, ace, king, D1's ace, king, and one suit "
        "headed by ace): the entry applies unless the adversaries have 3 points or more, and always at four-all. "
        "At love-all it applies, so each is tested as a call, at love-all only.\n"
        "- S3, split: \"always with two trumps and two aces\" (S3.always) is judged apart from the entries "
        "dependent upon the score, each its own test. A hand with left and another and two aces counts under "
        "\"always\". \"Ace and another, and outside ace\" includes the hands where the right is turned, with "
        "which the book assists always; the results table does not separate them.\n"
        "- \"Another\": any trump (the book: \"a small one\"). \"One suit\": every plain card of one suit "
        "(\"headed by ace\": its ace held). \"Two small ones\" (S5): two trumps or more, none above the ten; S5's "
        "class: the right turned, two small ones, not three trumps, not two outside aces.\n"
        "- The dealer (D1) is judged on the hand he would play, after taking up and discarding by the book's "
        "rule (D8); hands of D6's pass (both bowers of the suit, and better at next) are left out.\n"
        "- Entries: a hand counts under the first entry of its list it matches, in the book's order (but S3's "
        "entry said always first; in T4 and D1 the entry dependent upon the score is matched last, which moves "
        "no hand). So an entry is judged on "
        "the hands it adds to the entries above it: the dealer's \"right and ace\" is right and ace without a "
        "third trump, the third hand's \"two bowers and outside ace\" is both bowers and an outside ace without "
        "a third trump.\n"
        "- T1's estimand: E1's class (as read above) held by the eldest and by the third hand; the gain of "
        "ordering over passing at the eldest hand minus at the third hand, within cells of the same first entry "
        "(of T4's list, else three medium trumps), trumps and outside aces, weighted by their pooled deals; a "
        "normal interval (the two seats are independent samples). The book says it is positive. One test: the "
        "third hand's passing with E1's class outside T4's list is described below, not judged, because T4 "
        "gives \"most of\" the hands that compel ordering, not all, and so does not say to pass with the rest.\n\n"
        f"**Entry by entry, and its price.** Each list (S2, S3, S4, T4, D1) is judged entry by entry, one test per "
        f"entry; an entry with fewer than {MIN_ENTRY_DEALS:,} deals is not judged (its line says so). E1, E2 and "
        f"S5 are one sentence and one test each, T1 one test. A list's pooled figure is given only as a "
        f"description: it is mostly its commonest entry. All {m} tests are corrected together: each test's "
        f"simultaneous interval is its estimate plus or minus {z:.2f} standard errors, where one test per "
        f"claim ({m_claims} tests) would give {z_claims:.2f}. Every interval is "
        f"{z / z_claims - 1:.0%} wider: that is the price of judging the entries one by one.")


def at_the_table(verdict_list, play_bias_verdicts: Path, how: str = "double-dummy") -> str:
    """This study's double-dummy tests beside the play_bias study's table-side (PIMC) test of the
    same claim, read from that study's saved verdicts in the same reports folder."""
    if not play_bias_verdicts.exists():
        return (f"Every estimate here is {how}. The play_bias study plays these classes again with players who "
                "see only their own cards (`euchrelab run play_bias`); once its results sit beside this report, this "
                "section sets them side by side.")
    rows = []
    for t in read_study_verdicts(play_bias_verdicts, "play_bias"):
        mine = [v for v in verdict_list if v.claim.id == t.claim]
        tally = ", ".join(f"{sum(v.verdict == w for v in mine)} {w}" for w in dict.fromkeys(v.verdict for v in mine))
        lo, hi = t.ci if t.ci else (float("nan"), float("nan"))
        rows.append({"claim": t.claim, "double-dummy (this study): tests": len(mine),
                     "double-dummy verdicts": tally,
                     "double-dummy estimates": "; ".join(f"{v.estimate.mean:+.3f}" for v in mine),
                     "table-side (PIMC, the class pooled)": f"{t.estimate:+.3f} [{lo:+.3f}, {hi:+.3f}]",
                     "PIMC deals": f"{t.n:,}" if t.n else "", "PIMC verdict": verdict_words(t)})
    return ("The same claims with every player table-side: the play_bias study's PIMC test of each claim (its class "
            "pooled, at love-all, 32 worlds a decision; read from play_bias/verdicts.csv beside this report, the "
            "simultaneous interval shown) beside this study's double-dummy tests of it (entry by entry; the "
            "estimates in the order of the verdicts table). The play_bias report sets the two engines side by side "
            "on the same deals.\n\n" + md_table(pd.DataFrame(rows)))


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    verdict_list = study.verdicts(table, manifest)
    files = [
        (_heatmap(table, out_dir / "heatmap_call_minus_pass.png"),
         "Strategy chart: the mean gain of calling over passing in round one (deciding side's net points per "
         "hand, paired on the same deals), by trumps held and aces of other suits, one panel per seat, over every "
         "deal where the decision is reached. Blue: calling gains; red: passing gains."),
    ]
    for word, title, claims in CLAIM_CHARTS:
        chosen = [v for v in verdict_list if v.claim.id in claims]
        if chosen:
            path = charts().claims_chart(out_dir / f"claims_{word}.png", chosen, unit=POINTS,
                                         title=f"{title}: the book's action minus the other")
            files.append((path, f"{title}, entry by entry: each test's estimate (points per hand, positive: the "
                                "book's advice gains; \"pass:\" where the book passes), its 95% interval (thick) "
                                "and its simultaneous interval (thin), on which the verdict rests."))
    replicates = options_of(manifest).get("replicates", 1)
    per_seat = int(manifest.get("deals_per_scenario", 0)) * int(replicates)
    m, m_claims = len(verdict_list), len({v.claim.id for v in verdict_list})
    classes = "\n".join(f"- **{g}** ({_seat_name(s)}): {what}." for g, (s, _a, _p, what) in GROUPS.items()
                        if g not in ("E2medium", "T1pass"))
    method = (
        f"Deals: {per_seat:,} uniform random deals of the {pack_of(manifest)}-card pack "
        f"per seat ({replicates} scenarios of {int(manifest.get('deals_per_scenario', 0)):,} deals per seat, "
        "independent seeds; the seats have independent deals). All four players bid by the book's policy "
        "(analysis.bidding.book_policy.BookPolicy, default parameters), the score love-all. On each deal the bidding "
        "runs up to the seat's round-one decision; the deal is kept when the earlier seats passed (by the book's "
        "policy: the decision is reached). It is then played twice, the seat calling (eldest and third hand: "
        "order up; second hand: assist; dealer: take up) and passing, everything else by the book's policy: lone "
        "hands, taking it from a partner, the dealer's discard (D8), round two when all pass; a deal passed by "
        "all twice scores 0. The two arms are the same deal and the same bidding up to the decision, so the "
        "difference is paired.\n\n"
        "Estimand: the mean, over the deals where the decision is reached and the hand is in the test's class, "
        "of the deciding side's net points (own points minus the adversaries') with the book's action minus with "
        "the other action. Positive means the book's advice gains. The classes of hands, matched by the book's "
        "patterns (analysis.game.patterns) on the deciding seat's hand under the turned-up suit:\n\n" + classes + "\n\n"
        + _readings(m, m_claims) + "\n\n"
        "**Scores.** Every deal is played at love-all, so the entries dependent upon the score (S3's three, "
        "T4's left, ace, king, D1's ace, king, and one suit headed by ace) and S4 (ace or king and another, "
        "permissible at four-all or four-love) are tested at love-all only: there the book's policy plays the "
        "former and passes with the latter, and that is what is judged here. The same entries where the score "
        "forbids them (the adversaries at 3 or 4 points), S4's assist at four-all and four-love, and D2-D4 are "
        "tested in the score study, in rubber points, at each score the book names.\n\n"
        "Intervals: t intervals of paired differences (95%), T1's a normal interval; the Monte Carlo standard "
        "error and the deals are in the verdicts table. The margin, the smallest gain that matters, is 0.05 "
        "points per hand.")
    question = (
        "Does the book's round-one advice gain points, seat by seat and entry by entry, against the alternative, "
        "when the others bid by the book?\n\n" + study.quoted())
    t1pass = cells.mean_of(_rows(table, "D", "T1pass"), "gain")
    sections = [
        ("The eldest hand: E2 beyond the hands tested",
         "E2 is tested on the hands with three trumps of the turned-up suit. E2's whole class, hands that can "
         "make it next, is mostly hands weak in the turned suit, with which nobody would order: there passing "
         "gains by a wide margin and says little of the advice. By trumps of the turned-up suit held (pass minus "
         "order up, points per hand):\n\n" + md_table(e2_table(table)) + "\n\n"
         "Described, not judged: E2's whole class, pass - order up "
         f"{_fmt(negated(group_gain(table, 'B', 'E2')), n=True)}; E2's class with E1's strength (right not turned, "
         "three medium trumps and some strength in suit, but something to go to), pass - order up "
         f"{_fmt(negated(group_gain(table, 'B', 'E2medium')), n=True)}."),
        ("T1: the same hands at the eldest and the third hand",
         "The T1 test compares E1's class at the two seats within like cells. By the first entry matched "
         "(ordering minus passing, points per hand):\n\n" + md_table(t1_cells(table)) + "\n\n"
         "Outside T4's list, described, not judged: the third hand's E1 class hands that match no entry of T4's "
         f"list, which the book's policy passes: ordering minus passing {_fmt(t1pass, n=True)}. T4 gives "
         "\"most of\" the hands that compel the third hand to order, so passing with the rest is the policy's "
         "closure of the list, not the book's sentence.\n\n"
         "Beyond E1's class: over every hand where the decision is reached, by trumps held (all outside aces "
         "pooled), the gain of ordering at the eldest and at the third hand. The third hand's hands are those "
         "left after two passes, which tell him the eldest and second hands are not strong in the suit, so a "
         "cell of this table is not the same hand at both seats and the comparison mixes position with what the "
         "passes reveal.\n\n" + md_table(t1_by_trumps(table))),
        ("At the table", at_the_table(verdict_list, out_dir.parent / "play_bias" / "verdicts.csv", played_how(manifest))),
        ("Decisions reached", "Deals per seat where the round-one decision is reached (the earlier seats passed "
         "by the book's policy).\n\n" + md_table(pd.DataFrame(
             [{"seat": _seat_name(s), "decisions reached": _reached(table, s),
               "calling - passing, all hands [95% CI]": _fmt(group_gain(table, s, GROUP_ALL))}
              for s in SEAT_ORDER if _reached(table, s) > 0]))),
        in_full(_figures_in_full(verdict_list, per_seat, played_how(manifest))),
    ]
    return study_report(
        study, question=question, method=method, table=entries_table(table, verdict_list),
        caption="Entry by entry: for each tested class of hands, the deals where the decision is reached and the hand "
                "is in it (an entry: the hands whose first entry matched is this one), its share of its class, the "
                "deciding side's mean net points calling and passing, and the book's action minus the other with its "
                "95% interval. The pooled lines are descriptive, not verdicts.",
        files=files, verdicts=verdict_list,
        headline=verdicts_headline(verdict_list, setting_of(manifest, verdict_list)), sections=sections)

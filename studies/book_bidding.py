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
from scipy import stats as _st

from analysis.book_policy import (ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_FOUR_ALL, ASSIST_RIGHT_TURNED,
                                  DEALER_BY_SCORE, DEALER_TAKE, MAKE_NEXT, THIRD_BY_SCORE, THIRD_ORDER, BookPolicy)
from analysis.errors import EuchreError
from analysis.policy import FIRST_ROUND_CALL, Table
from analysis.stats import CONTRADICTED, INCONCLUSIVE, SUPPORTED, Claim, Estimate, stratified_from_cells, verdicts
from fastcore.handpatterns import hand_numbers

NAME = "book_bidding"
TITLE = "The book's bidding advice, claim by claim"
DESCRIPTION = ("The book's round-one bidding lists, seat by seat: calling against passing with the hands each "
               "list names, paired on the same deals, the others bidding by the book.")
DEFAULTS = {"deals": 50_000, "chunk_size": 50_000, "replicates": 6}
SUITE_POSITION = 2   # second in the default suite (euchrelab run default)
POLICIES = ("the book's policy (analysis.book_policy.BookPolicy, default parameters) for all four players; "
            "the deciding seat's round-one call forced to call or to pass (the two arms); score love-all")

SEATS = "ABCD"
SEAT_NAMES = {"B": "B, eldest hand", "C": "C, second hand (dealer's partner)", "D": "D, third hand",
              "A": "A, the dealer"}
SEAT_ORDER = "BCDA"          # the order of the round-one decisions
ROUND_ORDER = (1, 2, 3, 0)
CALL_WORD = {"B": "order up", "C": "assist", "D": "order up", "A": "take up"}
GROUP_ALL = "all"

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

QUOTES = {
    "E1": "\"When the right is not turned, order with three medium trumps or better, and some strength in suit, "
          "provided you have nothing to go to.\"",
    "E2": "\"Do not order (unless with great strength) if you can make it next.\"",
    "S2": "Assist with: three trumps; right and another; left and another, and outside ace.",
    "S3": "Assist, \"dependent upon the score\", with: left and another; ace and another, and outside ace; two "
          "medium trumps and one suit of three headed by the ace. Always with two trumps and two aces.",
    "S4": "\"Ace and another, and king and another, even when short of a suit, are permissible only when justified "
          "by scores of four-all or four-love in your favor. Anything less than this is not good Euchre.\"",
    "S5": "\"Do not assist the right with two small ones ... By too light an assistance you may tempt him into a "
          "lone hand.\"",
    "T4": "Order (the right not being turned) with: four trumps; two bowers and another; two bowers and outside ace; "
          "three trumps and two aces; three trumps and one suit headed by ace; right, ace, and another; left, ace, "
          "king, and outside ace; left, ace, king, and one suit; left, ace, king (\"dependent upon the score\"); "
          "left, king and another, and outside ace; left, queen and another, and outside ace; ace, king and "
          "another, and outside ace.",
    "T1": "\"It requires a stronger hand to order or make the trump in this position [third hand] than in the "
          "eldest hand.\"",
    "D1": "Take up: three trumps; right and ace; right and king; right and queen; right and another, and one suit; "
          "right, another, and outside ace; left, ace, and outside ace; left, another, outside ace, and king, queen "
          "of the third suit; ace, king, and one suit headed by ace (\"dependent upon score\"); two trumps and two "
          "aces.",
}


def scenarios(settings) -> list[str]:
    seats = settings.options.get("seats", list(SEAT_ORDER))
    replicates = settings.options.get("replicates", 1)
    if not isinstance(replicates, int) or isinstance(replicates, bool) or replicates < 1:
        raise EuchreError(f"option replicates must be a whole number >= 1, not {replicates!r}")
    return [f"{s}{k}" for s in SEAT_ORDER if s in seats for k in range(1, replicates + 1)]


# --- hand classes -------------------------------------------------------------------------------

def _table(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> Table:
    turn_up = np.asarray(turn_up, np.int8)
    return Table(seat, np.asarray(hands, np.uint32), turn_up, 1, (0, 0), rules, (turn_up >> 3).astype(np.int8),
                 lambda i: ())


def _first_pattern(t: Table, patterns, hands=None, trump=None) -> np.ndarray:
    """Per row, the index of the first of ``patterns`` the hand matches, -1 if none."""
    from analysis.patterns import match_table
    table = match_table(t.hands if hands is None else hands, t.trump if trump is None else trump, patterns)
    return np.where(table.any(axis=1), table.argmax(axis=1), -1).astype(np.int16)


def _medium(t: Table) -> np.ndarray:
    """E1's "three medium trumps ... and some strength in suit", as the book's policy reads it."""
    return t.has("three medium trumps") & BookPolicy._strength_in_suit(t)


def _e1_class(t: Table) -> np.ndarray:
    return ~t.right_turned & _medium(t) & ~t.has(MAKE_NEXT.patterns, t.trump ^ 1)


def classify(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> tuple[dict, np.ndarray]:
    """The claim classes of the deciding seat's hands: group -> (member mask, first pattern index
    in the group's breakdown list), and the hands the classes are judged on (the dealer's after
    taking up and discarding)."""
    t = _table(seat, hands, turn_up, rules)
    out = {}
    if seat == 1:
        great = t.has(THIRD_ORDER.patterns)
        out["E1"] = _e1_class(t)
        out["E2"] = t.has(MAKE_NEXT.patterns, t.trump ^ 1) & ~great
        out["E2medium"] = out["E2"] & _medium(t) & ~t.right_turned
        judged = t.hands
    elif seat == 2:
        s2 = t.has(ASSIST.patterns)
        s3 = ~s2 & (t.has(ASSIST_ALWAYS.patterns + ASSIST_BY_SCORE.patterns)
                    | (t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns)))
        two_small = t.has("two small ones") & ~t.has("three trumps") & ~t.has("two aces")
        s5 = t.right_turned & two_small
        out["S2"] = s2 & ~s5
        out["S3"] = s3 & ~s5
        out["S4"] = t.has(ASSIST_FOUR_ALL.patterns) & ~s2 & ~s3 & ~s5
        out["S5"] = s5
        judged = t.hands
    elif seat == 3:
        order = t.has(THIRD_ORDER.patterns + THIRD_BY_SCORE.patterns)
        e1 = _e1_class(t)
        out["T4"] = ~t.right_turned & order
        out["T1"] = e1
        out["T1pass"] = e1 & ~order
        judged = t.hands
    else:
        after = BookPolicy.after_discard(t, alone=False)
        better_next = hand_numbers(t.hands, t.trump ^ 1)[:, 0] > hand_numbers(after, t.trump)[:, 0]
        d6 = t.has("two bowers", hands=after) & better_next
        out["D1"] = t.has(DEALER_LIST, hands=after) & ~d6
        judged = after
    # E2's patterns are the next suit's (can he make it next?); the others', the turned-up suit's
    classes = {g: (mask, _first_pattern(t, GROUPS[g][2], hands=judged, trump=t.trump ^ 1 if g.startswith("E2") else None))
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


def paired_nets(deals, seat: int, rules) -> tuple[np.ndarray, np.ndarray]:
    """The deciding side's net points with the seat calling and passing in round one."""
    from analysis.policy import Forced
    from analysis.simulate import simulate
    book = BookPolicy()
    side = seat & 1
    nets = []
    for action in (FIRST_ROUND_CALL[seat], "pass"):
        r = simulate(deals, Forced(book, seat, "first_round", action), rules)
        nets.append(r.points[:, side].astype(np.int16) - r.points[:, 1 - side])
    return nets[0], nets[1]


def cells(seat_letter: str, classes: dict, trumps, aces, gain, net_call, net_pass) -> pd.DataFrame:
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
        g = f.groupby(["pattern", "trumps", "outside_aces"], observed=True)[SUMS].sum().reset_index()
        names = GROUPS[group][2] if group in GROUPS else ()
        g["pattern"] = [names[int(p)] if p >= 0 else "" for p in g["pattern"]]
        g.insert(0, "group", group)
        g.insert(0, "seat", seat_letter)
        frames.append(g)
    return pd.concat(frames, ignore_index=True)[KEYS + SUMS]


def run_chunk(scenario: str, chunk_index: int, n_deals: int, seed: np.random.SeedSequence, settings) -> pd.DataFrame:
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
    net_call, net_pass = paired_nets(sub, seat, rules)
    classes, judged = classify(seat, sub.hands[:, seat], sub.turn_up, rules)
    numbers = hand_numbers(judged, (sub.turn_up >> 3).astype(np.int8))
    return cells(letter, classes, numbers[:, 0].astype(np.int8), numbers[:, 1].astype(np.int8),
                 net_call - net_pass, net_call, net_pass)


# --- the results table ------------------------------------------------------------------------

def summarise(frame: pd.DataFrame, settings=None) -> pd.DataFrame:
    """The chunks' cells summed: per (seat, group, pattern, trumps, outside aces) the deals and
    the sums of the paired gain (calling minus passing), its square, and of each arm's net."""
    if frame.empty:
        return pd.DataFrame(columns=KEYS + SUMS)
    table = frame.groupby(KEYS, observed=True)[SUMS].sum().reset_index()
    order = {s: i for i, s in enumerate(SEAT_ORDER)}
    return table.sort_values(KEYS, key=lambda c: c.map(order) if c.name == "seat" else c).reset_index(drop=True)


def estimate_from_sums(n, total, total_sq, confidence: float = 0.95) -> Estimate:
    """The mean of per-deal values with its t-interval, from their count, sum and sum of squares."""
    n = int(n)
    if n < 2:
        return Estimate(float(total) / n if n else float("nan"), float("nan"), float("nan"), float("nan"),
                        float("nan"), n, float("nan"))
    mean = float(total) / n
    var = max((float(total_sq) - n * mean * mean) / (n - 1), 0.0)
    se = float(np.sqrt(var / n))
    q = float(_st.t.ppf(0.5 + confidence / 2, n - 1))
    p = (1.0 if mean == 0 else 0.0) if se == 0 else float(2 * _st.t.sf(abs(mean / se), n - 1))
    return Estimate(mean, mean - q * se, mean + q * se, se, se * np.sqrt(n), n, p)


def _signed(e: Estimate, sign: int) -> Estimate:
    if sign > 0:
        return e
    return Estimate(-e.mean, -e.high, -e.low, e.se, e.sd, e.n, e.p_value)


def _rows(table: pd.DataFrame, seat: str, group: str) -> pd.DataFrame:
    return table[(table["seat"] == seat) & (table["group"] == group)]


def group_gain(table: pd.DataFrame, seat: str, group: str) -> Estimate:
    """Calling minus passing, mean over the group's deals."""
    sub = _rows(table, seat, group)
    return estimate_from_sums(sub["deals"].sum(), sub["gain_sum"].sum(), sub["gain_sumsq"].sum())


def book_minus_other(table: pd.DataFrame, group: str) -> Estimate:
    """The book's action minus the other, for a group whose book action is fixed."""
    seat, action = GROUPS[group][0], GROUPS[group][1]
    return _signed(group_gain(table, seat, group), 1 if action == "call" else -1)


def _cell_stats(sub: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    g = sub.groupby(by, observed=True)[SUMS].sum()
    n = g["deals"].astype(float)
    g["mean"] = g["gain_sum"] / n
    g["var"] = ((g["gain_sumsq"] - n * g["mean"] ** 2) / (n - 1)).where(n > 1).clip(lower=0)
    return g


def t1_difference(table: pd.DataFrame) -> Estimate:
    """E1's class: the gain of ordering at B minus at D, within (pattern, trumps, outside aces)
    cells, weighted by their pooled deals (B and D are independent samples)."""
    by = ["pattern", "trumps", "outside_aces"]
    a = _cell_stats(_rows(table, "B", "E1"), by)
    b = _cell_stats(_rows(table, "D", "T1"), by)
    both = a.add_suffix("_a").join(b.add_suffix("_b"), how="inner")
    return stratified_from_cells(both["deals_a"], both["mean_a"], both["var_a"],
                                 both["deals_b"], both["mean_b"], both["var_b"])


CLAIM_TESTS = [
    ("E1", "E1", "B, E1's class: order up - pass"),
    ("E2", "E2", "B, can make it next, not great: pass - order up"),
    ("E2", "E2medium", "B, E1's strength but can make it next: pass - order up"),
    ("S2", "S2", "C, the assist list: assist - pass"),
    ("S3", "S3", "C, S3 entries at love-all (the policy's reading of the score): assist - pass"),
    ("S4", "S4", "C, ace/king and another only, love-all: pass - assist"),
    ("S5", "S5", "C, right turned, two small ones: pass - assist"),
    ("T4", "T4", "D, the order list: order up - pass"),
    ("T1", None, "E1's class: gain of ordering at B - at D (same hand cells)"),
    ("T1", "T1pass", "D, E1's class not in the order list: pass - order up"),
    ("D1", "D1", "A, the take-up list: take up - turn down"),
]


def claims(table: pd.DataFrame) -> list[Claim]:
    out = []
    for cid, group, test in CLAIM_TESTS:
        if group is None:
            if _rows(table, "B", "E1").empty or _rows(table, "D", "T1").empty:
                continue
            estimate = t1_difference(table)
        else:
            if _rows(table, GROUPS[group][0], group).empty:
                continue
            estimate = book_minus_other(table, group)
        out.append(Claim(cid, QUOTES[cid], test, estimate))
    return out


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
            e = estimate_from_sums(n, cell["gain_sum"].sum(), cell["gain_sumsq"].sum())
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
            e = estimate_from_sums(cell["deals"].sum(), cell["gain_sum"].sum(), cell["gain_sumsq"].sum())
            row[f"{seat}: deals"] = int(cell["deals"].sum())
            row[f"{seat}: order - pass [95% CI]"] = _fmt(e) if e.n >= 2 else ""
        rows.append(row)
    return pd.DataFrame(rows)


def _heatmap(table: pd.DataFrame, path: Path) -> Path:
    rows, cols = list(range(6)), list(range(4))
    panels = {}
    for seat in SEAT_ORDER:
        sub = _rows(table, seat, GROUP_ALL)
        if sub.empty:
            continue
        g = _cell_stats(sub, ["trumps", "outside_aces"])
        mean = np.full((len(rows), len(cols)), np.nan)
        half = np.full_like(mean, np.nan)
        n = np.zeros_like(mean, dtype=np.int64)
        for (i, j), r in g.iterrows():
            if r["deals"] >= 30:  # fewer deals give no readable estimate
                e = estimate_from_sums(r["deals"], r["gain_sum"], r["gain_sumsq"])
                mean[int(i), int(j)], half[int(i), int(j)], n[int(i), int(j)] = e.mean, e.half_width, int(r["deals"])
        panels[SEAT_NAMES[seat]] = {"mean": mean, "half": half, "n": n}
    return _charts().heatmap_panels(
        path, panels, row_labels=[str(r) for r in rows], col_labels=[str(c) for c in cols],
        title="Calling minus passing in round one, by trumps x outside aces, per seat (decision reached)",
        xlabel="aces of other suits", ylabel="trumps held (left bower counted)",
        unit="deciding side's net points per hand, calling - passing",
        note="Each cell: mean paired gain of calling (order up / assist / take up) over passing, ± half-width of "
             "the 95% interval, deals. The dealer's hand after taking up and discarding. Grey: fewer than 30 deals.",
        limit=1.5)


def _claims_chart(verdict_list, path: Path) -> Path:
    labels = [f"{v.claim.id}: {v.claim.test.split(':')[0]}\n(n={v.claim.estimate.n:,})" for v in verdict_list]
    e = [v.claim.estimate for v in verdict_list]
    return _charts().error_bars(path, labels, {"book's action - the other": (
        [x.mean for x in e], [x.low for x in e], [x.high for x in e], [x.n for x in e])},
        title="Claims: the book's action minus the other, net points per hand", ylabel="points per hand",
        xlabel="claim (deals compared)", legend_n=False, zero_line=True,
        note="95% intervals (not corrected for multiplicity; the verdicts are). Positive: the book's advice gains.")


def _pattern_chart(table: pd.DataFrame, path: Path) -> Path:
    p = pattern_table(table)
    p = p[(p["deals"] >= 200) & (p["class"] != "T1")]
    labels, mean, low, high, n = [], [], [], [], []
    for _, r in p.iterrows():
        sub = _rows(table, GROUPS[r["class"]][0], r["class"])
        cell = sub[sub["pattern"] == r["first pattern matched"]]
        e = _signed(estimate_from_sums(cell["deals"].sum(), cell["gain_sum"].sum(), cell["gain_sumsq"].sum()),
                    1 if r["book's action"] == "call" else -1)
        labels.append(f"{r['class']}: {r['first pattern matched']} (n={int(r['deals']):,})")
        mean.append(e.mean), low.append(e.low), high.append(e.high), n.append(e.n)
    return _charts().error_bars(path, labels, {"book's action - the other": (mean, low, high, n)},
                                title="By the first pattern of the class the hand matches",
                                ylabel="points per hand", xlabel="class: pattern", legend_n=False, zero_line=True,
                                note="95% intervals; patterns with at least 200 deals. Positive: the book's advice gains.")


def _headline(verdict_list, per_seat: int) -> str:
    def item(v):
        return f"{v.claim.id} ({v.claim.test.split(':')[0]}) {v.claim.estimate.mean:+.2f}"
    by = {k: [v for v in verdict_list if v.verdict == k] for k in (SUPPORTED, CONTRADICTED, INCONCLUSIVE)}
    parts = [f"At love-all, the others bidding by the book and the play double-dummy ({per_seat:,} deals per seat), "
             f"the book's round-one action beats the alternative in {len(by[SUPPORTED])} of {len(verdict_list)} "
             f"tests (points per hand: " + "; ".join(item(v) for v in by[SUPPORTED]) + ")"]
    if by[CONTRADICTED]:
        parts.append("It is contradicted in " + "; ".join(item(v) for v in by[CONTRADICTED]))
    if by[INCONCLUSIVE]:
        parts.append("Inconclusive at this precision: " + "; ".join(item(v) for v in by[INCONCLUSIVE]))
    return ". ".join(parts) + "."


def render(table: pd.DataFrame, manifest: dict, out_dir):
    from analysis.report import Chart, StudyReport, md_table
    out_dir = Path(out_dir)
    verdict_list = verdicts(claims(table))
    files = [
        (_heatmap(table, out_dir / "heatmap_call_minus_pass.png"),
         "Strategy chart: the mean gain of calling over passing in round one (deciding side's net points per "
         "hand, paired on the same deals), by trumps held and aces of other suits, one panel per seat, over every "
         "deal where the decision is reached. Blue: calling gains; red: passing gains."),
        (_claims_chart(verdict_list, out_dir / "claims.png"),
         "Each claim: the book's action minus the other, with its 95% interval."),
        (_pattern_chart(table, out_dir / "patterns.png"),
         "Each claim class broken down by the first pattern of its list the hand matches."),
    ]
    by_id = {}
    for v in verdict_list:
        by_id.setdefault(v.claim.id, []).append(v)
    replicates = manifest.get("options", {}).get("replicates", 1)
    per_seat = int(manifest.get("deals_per_scenario", 0)) * int(replicates)
    headline = _headline(verdict_list, per_seat)
    classes = "\n".join(f"- **{g}** ({SEAT_NAMES[s]}; the book: {a}): {what}."
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
        "others bid by the book?\n\n" + "\n\n".join(f"> {QUOTES[k]} ({k})" for k in QUOTES))
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
             [{"seat": SEAT_NAMES[s], "decisions reached": _reached(table, s),
               "calling - passing, all hands [95% CI]": _fmt(group_gain(table, s, GROUP_ALL))}
              for s in SEAT_ORDER if _reached(table, s) > 0]))),
    ]
    return StudyReport(
        name=NAME, title=TITLE, question=question, method=method, table=claims_table(table),
        table_caption="Per claim class: deals where the decision is reached and the hand is in the class, the "
                      "deciding side's mean net points calling and passing, and the paired difference (calling - "
                      "passing) with its 95% interval.",
        charts=[Chart(Path(p).name, caption) for p, caption in files],
        verdicts=verdict_list, headline=headline, sections=sections)

"""What does a hand make? The makers' tricks and points by the trumps and top trumps they hold.

For each seat as the maker, each deal is played out under three contracts, with the bidding
skipped (the contract is fixed):

- **turn**: the seat orders up (the dealer: takes up) the turned-up suit; the dealer takes the
  turn-up and discards by the book's rule (D8);
- **next**: in round two the seat makes the other suit of the turn-up's colour;
- **cross**: in round two the seat makes one of the two suits of the other colour, chosen at
  random per deal (the two are alike by symmetry, so one row per deal keeps every deal's
  rows independent).

No lone hands. The makers' hand is described under the trump by the number of trumps (the
left bower counted), which of the right bower, left bower and ace of trumps it holds, the aces
of the other suits, and whether it is void in a plain suit ("short"). The seats are separate
scenarios with independent deals, so comparisons between seats are of independent samples,
made within hand classes (stratified).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.stats import Claim, stratified_from_cells, verdicts, wilson

NAME = "hand_strength"
TITLE = "What does a hand make?"
DESCRIPTION = ("What does a hand make? Tricks, makers' success, euchres and marches by trumps and top "
               "trumps held, for each seat, ordering up the turn-up or making a suit in round two.")
DEFAULTS = {"deals": 20_000, "chunk_size": 2_500}
POLICIES = ("no bidding: the contract is fixed (the seat of the scenario makes trump, with his partner); "
            "the dealer discards by the book's rule (D8) when the turn-up is taken up; no lone hands")

SEATS = "ABCD"
SEAT_NAMES = {"A": "A, the dealer", "B": "B, eldest hand", "C": "C, dealer's partner", "D": "D, third hand"}
CONTRACTS = ("turn", "next", "cross")
CONTRACT_NAMES = {"turn": "ordering up the turn-up (round one)", "next": "making next in round two",
                  "cross": "crossing the suit in round two"}
# top = 4*right + 2*left + ace
TOP_LABELS = {7: "R L A", 6: "R L", 5: "R A", 4: "R", 3: "L A", 2: "L", 1: "A", 0: "none"}
STRATA = ["trumps", "top", "outside_aces", "short"]
KEYS = ["seat", "contract"] + STRATA
RIGHT, ACE = 4, 7

CLAIMS = {
    "T1": "\"It requires a stronger hand to order or make the trump in this position [third hand, D] "
          "than in the eldest hand.\"",
    "D5": "\"If it comes round to the dealer to make a trump, it is permissible to make it with somewhat "
          "less strength than would be required in the other three hands.\"",
    "S6": "\"To be short of one or two suits is a great advantage to an assisting hand.\"",
}


def scenarios(settings) -> list[str]:
    seats = settings.options.get("seats", list(SEATS))
    return [s for s in SEATS if s in seats]


# --- one chunk --------------------------------------------------------------------------------

def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(x.astype(np.uint32)).astype(np.int8)


def describe(hand: np.ndarray, trump: np.ndarray) -> dict[str, np.ndarray]:
    """Trumps, top trumps, outside aces and shortness of hands (uint32 masks) under ``trump``."""
    hand = hand.astype(np.uint32)
    t = trump.astype(np.uint32)
    left_bit = np.left_shift(np.uint32(1), (t ^ 1) * 8 + RIGHT)
    trump_mask = np.left_shift(np.uint32(0xFF), t * 8) | left_bit
    right = (hand >> (t * 8 + RIGHT)) & 1
    left = (hand >> ((t ^ 1) * 8 + RIGHT)) & 1
    ace = (hand >> (t * 8 + ACE)) & 1
    outside_aces = np.zeros(len(hand), np.int8)
    voids = np.zeros(len(hand), np.int8)
    for s in range(4):
        plain = s != t
        suit_mask = np.left_shift(np.uint32(0xFF), np.uint32(s * 8)) & ~trump_mask
        outside_aces += (plain & ((hand >> (s * 8 + ACE)) & 1).astype(bool)).astype(np.int8)
        voids += (plain & ((hand & suit_mask) == 0)).astype(np.int8)
    return {
        "trumps": _popcount(hand & trump_mask),
        "top": (4 * right + 2 * left + ace).astype(np.int8),
        "outside_aces": outside_aces,
        "short": (voids > 0).astype(np.int8),
    }


def run_chunk(scenario: str, chunk_index: int, n_deals: int, seed: np.random.SeedSequence, settings) -> pd.DataFrame:
    from analysis.simulate import play_contract
    from fastcore.sampler import sample_deals

    deal_seed, choice_seed = seed.spawn(2)
    deals = sample_deals(n_deals, deal_seed, pack=settings.pack)
    rules = settings.rules
    seat = SEATS.index(scenario)
    turned = (deals.turn_up.astype(np.int64) >> 3).astype(np.int8)
    cross_pick = np.random.default_rng(choice_seed).integers(0, 2, n_deals).astype(np.int8)
    suits = {"turn": turned, "next": turned ^ 1, "cross": ((turned ^ 2) ^ cross_pick).astype(np.int8)}
    frames = []
    for contract, trump in suits.items():
        result = play_contract(deals, seat, trump=trump, take_up=contract == "turn", rules=rules)
        hand = result.play_hands[:, seat]
        side = seat & 1
        frame = pd.DataFrame({"seat": np.full(n_deals, seat, np.int8),
                              "contract": np.full(n_deals, CONTRACTS.index(contract), np.int8),
                              **describe(hand, trump),
                              "turn_rank": (deals.turn_up & 7).astype(np.int8),
                              "tricks": result.maker_tricks.astype(np.int8),
                              "net": (result.points[:, side].astype(np.int16) - result.points[:, 1 - side]).astype(np.int8)})
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


# --- the results table ----------------------------------------------------------------------------

def summarise(frame: pd.DataFrame, settings=None) -> pd.DataFrame:
    """Per hand class (seat, contract, trumps, top, outside aces, short): the deals, the counts of
    0..5 tricks and the sum and sum of squares of the makers' net points: every estimate of the
    report can be computed from these."""
    f = frame.copy()
    f["net2"] = f["net"].astype(np.int64) ** 2
    for k in range(6):
        f[f"tricks_{k}"] = (f["tricks"] == k).astype(np.int64)
    agg = {"net": "sum", "net2": "sum", **{f"tricks_{k}": "sum" for k in range(6)}}
    table = f.groupby(KEYS, observed=True).agg(agg).reset_index()
    table.insert(len(KEYS), "deals", f.groupby(KEYS, observed=True).size().to_numpy())
    table = table.rename(columns={"net": "net_sum", "net2": "net_sumsq"})
    table["seat"] = table["seat"].map(lambda s: SEATS[int(s)])
    table["contract"] = table["contract"].map(lambda c: CONTRACTS[int(c)])
    table["top"] = table["top"].map(lambda t: TOP_LABELS[int(t)])
    return table.sort_values(KEYS).reset_index(drop=True)


def _cells(table: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Sums the table over everything but ``by``; adds mean, variance and rates of each group."""
    cols = ["deals", "net_sum", "net_sumsq"] + [f"tricks_{k}" for k in range(6)]
    g = table.groupby(by, observed=True)[cols].sum().reset_index() if by else table[cols].sum().to_frame().T
    n = g["deals"].astype(float)
    g["mean"] = g["net_sum"] / n
    g["var"] = ((g["net_sumsq"] - n * g["mean"] ** 2) / (n - 1)).where(n > 1).clip(lower=0)
    g["tricks_mean"] = sum(k * g[f"tricks_{k}"] for k in range(6)) / n
    g["made"] = g[["tricks_3", "tricks_4", "tricks_5"]].sum(axis=1)
    g["euchred"] = g[["tricks_0", "tricks_1", "tricks_2"]].sum(axis=1)
    g["marched"] = g["tricks_5"]
    return g


def _mean_ci(row) -> tuple[float, float, float, float]:
    n, mean, var = int(row["deals"]), float(row["mean"]), float(row["var"])
    if n < 2 or not np.isfinite(var):
        return mean, float("nan"), float("nan"), float("nan")
    half = 1.96 * np.sqrt(var / n)
    return mean, mean - half, mean + half, half


def _stratified(table: pd.DataFrame, a_rows, b_rows, strata=STRATA):
    a = _cells(table[a_rows], strata).set_index(strata)
    b = _cells(table[b_rows], strata).set_index(strata)
    both = a.add_suffix("_a").join(b.add_suffix("_b"), how="inner")
    return stratified_from_cells(both["deals_a"], both["mean_a"], both["var_a"],
                                 both["deals_b"], both["mean_b"], both["var_b"])


def claims(table: pd.DataFrame) -> list[Claim]:
    seat, contract = table["seat"], table["contract"]
    out = [
        Claim("T1", CLAIMS["T1"], "position alone, ordering up: B's net points - D's, same hand class",
              _stratified(table, (seat == "B") & (contract == "turn"), (seat == "D") & (contract == "turn"))),
        Claim("T1", CLAIMS["T1"], "position alone, making next in round two: B's net points - D's, same hand class",
              _stratified(table, (seat == "B") & (contract == "next"), (seat == "D") & (contract == "next"))),
        Claim("D5", CLAIMS["D5"], "position alone, making next in round two: A's net points - B, C, D's, same hand class",
              _stratified(table, (seat == "A") & (contract == "next"), (seat != "A") & (contract == "next"))),
        Claim("S6", CLAIMS["S6"], "C's hand, turn-up made trump: short - not short, same trumps, top trumps, aces",
              _stratified(table[(seat == "C") & (contract == "turn")], table.loc[(seat == "C") & (contract == "turn"), "short"] == 1,
                          table.loc[(seat == "C") & (contract == "turn"), "short"] == 0, ["trumps", "top", "outside_aces"])),
    ]
    return out


# --- the report --------------------------------------------------------------------------------

def _charts():
    # Imported when rendering only: workers that compute chunks need no matplotlib.
    from analysis import charts
    return charts


def _results_table(table: pd.DataFrame, contract: str) -> pd.DataFrame:
    g = _cells(table[table["contract"] == contract], ["seat", "trumps"])
    rows = []
    for _, r in g.iterrows():
        n = int(r["deals"])
        if n < 1:
            continue
        mean, low, high, _half = _mean_ci(r)
        made, euchred, marched = (wilson(int(r[k]), n) for k in ("made", "euchred", "marched"))
        rows.append({"seat": r["seat"], "trumps": int(r["trumps"]), "deals": n,
                     "mean tricks": float(r["tricks_mean"]),
                     "makers succeed [95% CI]": f"{made.rate:.1%} [{made.low:.1%}, {made.high:.1%}]",
                     "euchred": f"{euchred.rate:.1%} [{euchred.low:.1%}, {euchred.high:.1%}]",
                     "march": f"{marched.rate:.1%} [{marched.low:.1%}, {marched.high:.1%}]",
                     "net points [95% CI]": f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]"})
    return pd.DataFrame(rows)


def _overall_table(table: pd.DataFrame) -> pd.DataFrame:
    g = _cells(table, ["contract", "seat"])
    rows = []
    for _, r in g.iterrows():
        n = int(r["deals"])
        mean, low, high, _half = _mean_ci(r)
        made = wilson(int(r["made"]), n)
        rows.append({"contract": CONTRACT_NAMES[r["contract"]], "seat": r["seat"], "deals": n,
                     "makers succeed [95% CI]": f"{made.rate:.1%} [{made.low:.1%}, {made.high:.1%}]",
                     "net points [95% CI]": f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]"})
    order = {name: i for i, name in enumerate(CONTRACT_NAMES.values())}
    return pd.DataFrame(rows).sort_values(["contract", "seat"], key=lambda c: c.map(order) if c.name == "contract" else c)


def _heatmap(table: pd.DataFrame, contracts, path: Path, title: str) -> Path:
    g = _cells(table[table["contract"].isin(contracts)], ["seat", "trumps", "outside_aces"])
    rows = list(range(0, 6))
    cols = list(range(0, 4))
    panels = {}
    for seat in SEATS:
        mean = np.full((len(rows), len(cols)), np.nan)
        half = np.full_like(mean, np.nan)
        n = np.zeros_like(mean, dtype=np.int64)
        for _, r in g[g["seat"] == seat].iterrows():
            i, j = int(r["trumps"]), int(r["outside_aces"])
            if r["deals"] >= 30:  # fewer deals give no readable estimate
                m, _lo, _hi, h = _mean_ci(r)
                mean[i, j], half[i, j], n[i, j] = m, h, int(r["deals"])
        panels[SEAT_NAMES[seat]] = {"mean": mean, "half": half, "n": n}
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in rows], col_labels=[str(c) for c in cols],
                                 title=title, xlabel="aces of other suits", ylabel="trumps held (left bower counted)",
                                 unit="makers' net points per hand",
                                 note="Each cell: mean net points to the makers, ± half-width of the 95% interval, deals. "
                                      "Cells with fewer than 30 deals are grey.",
                                 limit=2.0)


def _top_chart(table: pd.DataFrame, path: Path) -> Path:
    g = _cells(table[table["contract"] == "turn"], ["seat", "top"])
    order = [TOP_LABELS[k] for k in sorted(TOP_LABELS, reverse=True)]
    series = {}
    for seat in SEATS:
        sub = g[g["seat"] == seat].set_index("top").reindex(order)
        rates = [wilson(int(m), int(n)) if n == n and n > 0 else None for m, n in zip(sub["made"], sub["deals"])]
        series[SEAT_NAMES[seat]] = (
            [r.rate if r else np.nan for r in rates], [r.low if r else np.nan for r in rates],
            [r.high if r else np.nan for r in rates], [r.n if r else 0 for r in rates])
    return _charts().error_bars(path, order, series, title="Makers' success ordering up the turn-up, by top trumps held",
                             ylabel="share of hands the makers take 3+ tricks", xlabel="top trumps held (R right, L left, A ace)",
                             note="Error bars: Wilson 95% intervals. Success = the makers take at least three tricks.")


def _tricks_chart(table: pd.DataFrame, path: Path) -> Path:
    g = _cells(table[table["contract"] == "turn"], ["trumps"])
    groups, rates = [], {}
    for _, r in g.iterrows():
        n = int(r["deals"])
        if n < 30:
            continue
        label = f"{int(r['trumps'])} trumps (n={n:,})"
        ws = [wilson(int(r[f"tricks_{k}"]), n) for k in range(6)]
        groups.append(label)
        rates[label] = ([w.rate for w in ws], [w.low for w in ws], [w.high for w in ws])
    return _charts().distribution_bars(path, groups, [str(k) for k in range(6)], rates,
                                    title="Tricks the makers take ordering up the turn-up (all seats), by trumps held",
                                    ylabel="share of hands", note="Error bars: Wilson 95% intervals.")


def _claims_chart(verdict_list, path: Path) -> Path:
    labels = [f"{v.claim.id}: {v.claim.test.split(':')[0].replace('position alone, ', '')}\n(n={v.claim.estimate.n:,})"
              for v in verdict_list]
    e = [v.claim.estimate for v in verdict_list]
    return _charts().error_bars(path, labels, {"estimate": ([x.mean for x in e], [x.low for x in e], [x.high for x in e],
                                                         [x.n for x in e])},
                             title="Claims: estimated differences in net points per hand", ylabel="points per hand",
                             xlabel="claim (deals compared)", legend_n=False,
                             zero_line=True, note="95% intervals (not corrected for multiplicity; the verdicts are).")


def render(table: pd.DataFrame, manifest: dict, out_dir):
    from analysis.report import Chart, StudyReport, md_table
    out_dir = Path(out_dir)
    verdict_list = verdicts(claims(table))
    files = [
        (_heatmap(table, ["turn"], out_dir / "heatmap_turn.png",
                  "Makers' net points ordering up the turn-up, by trumps × outside aces, per seat"),
         "Strategy chart, round one: the makers' expected net points per hand when the seat orders up "
         "(the dealer takes up) the turned-up suit, by trumps held and aces of other suits."),
        (_heatmap(table, ["next", "cross"], out_dir / "heatmap_round2.png",
                  "Makers' net points making a suit in round two (next or cross), per seat"),
         "Strategy chart, round two: the makers' expected net points when the seat makes next or crosses "
         "the suit (pooled), by trumps held and aces of other suits."),
        (_top_chart(table, out_dir / "success_by_top.png"),
         "The makers' success rate ordering up the turn-up, by which of right, left and ace of trumps the "
         "maker holds, per seat."),
        (_tricks_chart(table, out_dir / "tricks_by_trumps.png"),
         "The distribution of the makers' tricks when the turn-up is ordered up, by trumps held."),
        (_claims_chart(verdict_list, out_dir / "claims.png"), "The claims' estimates with their 95% intervals."),
    ]
    best = _cells(table[table["contract"] == "turn"], ["trumps"])
    three = best[best["trumps"] == 3]
    headline = ""
    if len(three):
        m, lo, hi, _ = _mean_ci(three.iloc[0])
        made = wilson(int(three.iloc[0]["made"]), int(three.iloc[0]["deals"]))
        e = [v.claim.estimate for v in verdict_list]
        headline = (f"Ordering up with three trumps the makers succeed {made.rate:.0%} of the time "
                    f"(net {m:+.2f} [{lo:+.2f}, {hi:+.2f}] points per hand, double-dummy). By position alone, "
                    f"the same hand is worth {e[0].mean:+.3f} points more ordering up from the eldest hand than "
                    f"from the third (T1: {verdict_list[0].verdict}), and {e[2].mean:+.2f} points to the dealer "
                    f"making next in round two, against the other seats (D5: {verdict_list[2].verdict}); a void "
                    f"is worth {e[3].mean:+.2f} points to the assisting hand (S6: {verdict_list[3].verdict}).")
    sections = [
        ("Round two: making next", "Per seat and number of trumps held, when the seat makes the suit of the "
         "turn-up's colour in round two (no discard: the turn-up is turned down).\n\n"
         + md_table(_results_table(table, "next"))),
        ("Round two: crossing the suit", "The same when the seat makes a suit of the other colour.\n\n"
         + md_table(_results_table(table, "cross"))),
        ("Every hand, by seat", "Over all hands, weak ones included (a player would pass with most of "
         "them), so these rates describe the seat and the contract, not a bidding rule. Summed over the "
         "four seats the makers' success is near one half by symmetry: what one side does not take, the "
         "other does.\n\n" + md_table(_overall_table(table))),
    ]
    deals = manifest.get("deals_per_scenario", 0)
    method = (
        f"Deals: {deals:,} uniform random deals of the {manifest.get('rules', {}).get('pack', 32)}-card pack per "
        "seat (each seat is a scenario with its own independent deals). On each deal the seat of the "
        "scenario makes trump with his partner, the bidding skipped, three times: ordering up the turn-up "
        "(the dealer takes it up and discards by the book's rule, D8: the lowest card of his shortest suit, "
        "keeping a lone ace), making next in round two, and making one of the two cross suits (chosen at "
        "random: they are alike by symmetry). No lone hands. Every hand is played out double-dummy and "
        "scored by the laws (makers 1 point for 3-4 tricks, 2 for a march; euchred makers give 2).\n\n"
        "The maker's hand is classed under the trump at the start of play (the dealer's after his discard): "
        "trumps held (left bower counted), which of the right bower, left bower and ace of trumps it holds, "
        "aces of other suits, and whether it is void in a plain suit. *Net points* are the makers' points "
        "minus the adversaries' points on that hand.\n\n"
        "Rates carry Wilson 95% intervals, means t (normal) 95% intervals. The claims compare seats (or short "
        "and long hands) *within* the same hand class and average the differences over the classes weighted "
        "by their deals, so a difference in what hands a seat holds cannot pass for a difference of position. "
        "The study evaluates making, not the choice between making and passing: the value of passing "
        "depends on what the others then do, which a bidding study measures.\n\n"
        "What the verdicts test: the deals are uniform, not conditioned on the bidding before the maker's "
        "turn. T1 and D5 are tested for the effect of *position alone* (who leads, who plays last, who holds "
        "the turn-up), the same hand held at two seats; what the others' passes tell about their hands, "
        "which is part of the book's reasoning for the dealer in round two, is not included, and a bidding "
        "study conditioned on those passes is needed for that part.")
    question = (
        "What is a hand worth when its holder makes trump, at each seat? The book's advice on bidding "
        "rests on such values; three of its sentences compare them directly:\n\n"
        + "\n\n".join(f"> {CLAIMS[k]} ({k})" for k in ("T1", "D5", "S6")))
    return StudyReport(
        name=NAME, title=TITLE, question=question, method=method,
        table=_results_table(table, "turn"),
        table_caption="Ordering up the turn-up (round one), per seat of the maker and number of trumps held "
                      "at the start of play. Intervals are 95% (Wilson for rates).",
        charts=[Chart(Path(p).name, caption) for p, caption in files],
        verdicts=verdict_list, headline=headline, sections=sections)

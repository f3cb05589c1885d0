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

from analysis.experiment import cells
from analysis.experiment import ClaimTest, POINTS, Study, contract_arm, play_arms, verdict_of, wilson
from analysis.game.cards import ACE, JACK, SEAT_NAMES, SEATS, effective_suit_mask
from analysis.reporting.markup import md_table
from fastcore.sampler import sample_deals
from studies.common.report import amount, charts, headline, in_full, pack_of, played_how, study_report

CONTRACTS = ("turn", "next", "cross")
CONTRACT_NAMES = {"turn": "ordering up the turn-up (round one)", "next": "making next in round two",
                  "cross": "crossing the suit in round two"}
# top = 4*right + 2*left + ace
TOP_LABELS = {7: "R L A", 6: "R L", 5: "R A", 4: "R", 3: "L A", 2: "L", 1: "A", 0: "none"}
STRATA = ["trumps", "top", "outside_aces", "short"]
KEYS = ["seat", "contract"] + STRATA
VALUES = ["net"]
TRICK_COUNTS = [f"tricks_{k}" for k in range(6)]


# --- one chunk --------------------------------------------------------------------------------

def _popcount(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(x.astype(np.uint32)).astype(np.int8)


def describe(hand: np.ndarray, trump: np.ndarray) -> dict[str, np.ndarray]:
    """Trumps, top trumps, outside aces and shortness of hands (uint32 masks) under ``trump``."""
    hand = hand.astype(np.uint32)
    t = trump.astype(np.uint32)
    trump_mask = np.array([effective_suit_mask(x, x) for x in range(4)], np.uint32)[t]
    right = (hand >> (t * 8 + JACK)) & 1
    left = (hand >> ((t ^ 1) * 8 + JACK)) & 1
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


class HandStrength(Study):
    name = "hand_strength"
    title = "What does a hand make?"
    description = ("What does a hand make? Tricks, makers' success, euchres and marches by trumps and top "
                   "trumps held, for each seat, ordering up the turn-up or making a suit in round two.")
    defaults = {"deals": 20_000, "chunk_size": 2_500}
    suite_position = 1
    policies = ("no bidding: the contract is fixed (the seat of the scenario makes trump, with his partner); "
                "the dealer discards by the book's rule (D8) when the turn-up is taken up; no lone hands")
    # T1 is tested once, where the third hand's decision is reached (the bidding study); D5 is
    # about the dealer's last say after seven passes, which fixed contracts cannot reach. What
    # position alone is worth is reported here as a description (see "Position alone").
    claims = (
        ClaimTest("S6", "S6", "S6 short",
                  "C's hand, turn-up made trump: short - not short, same trumps, top trumps, aces"),
    )

    def scenarios(self, settings) -> list[str]:
        seats = settings.options.get("seats", list(SEATS))
        return [s for s in SEATS if s in seats]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        """S6 is C's hand (the assisting hand's void): his seat's deals measure it."""
        return ("C",) if key == "S6" else ()

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        """Each deal played three times by the scenario's seat as maker: ordering up the turn-up,
        making next, crossing the suit (one of the two cross suits at random per deal)."""
        deal_seed, choice_seed = seed.spawn(2)
        deals = sample_deals(n_deals, deal_seed, pack=settings.pack)
        seat = SEATS.index(scenario)
        turned = (deals.turn_up.astype(np.int64) >> 3).astype(np.int8)
        cross_pick = np.random.default_rng(choice_seed).integers(0, 2, n_deals).astype(np.int8)
        suits = {"turn": turned, "next": turned ^ 1, "cross": ((turned ^ 2) ^ cross_pick).astype(np.int8)}
        arms = {c: contract_arm(seat, trump, round_=1 if c == "turn" else 2, rules=settings.rules)
                for c, trump in suits.items()}
        paired = play_arms(deals, arms, side=seat & 1)
        frames = []
        for contract, trump in suits.items():
            result = paired.results[contract]
            frames.append(pd.DataFrame({
                "seat": np.full(n_deals, seat, np.int8),
                "contract": np.full(n_deals, CONTRACTS.index(contract), np.int8),
                **describe(result.play_hands[:, seat], trump),
                "turn_rank": (deals.turn_up & 7).astype(np.int8),
                "tricks": result.maker_tricks.astype(np.int8),
                "net": paired.net(contract).astype(np.int8)}))
        return pd.concat(frames, ignore_index=True)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
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

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        if key == "S6":
            c = table[(table["seat"] == "C") & (table["contract"] == "turn")]
            return cells.stratified(c, c["short"] == 1, c["short"] == 0, "net", ["trumps", "top", "outside_aces"])
        raise KeyError(key)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = HandStrength()


# --- the report --------------------------------------------------------------------------------

def _outcomes(table: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Per group: deals, the net points' mean and variance, the tricks' mean and the makers'
    success, euchre and march counts."""
    g = cells.cell_stats(table, by, "net")
    counts = table.groupby(by, observed=True)[TRICK_COUNTS].sum().reset_index() if by else \
        table[TRICK_COUNTS].sum().to_frame().T
    g = g.merge(counts, on=by) if by else pd.concat([g, counts], axis=1)
    n = g["deals"].astype(float)
    g["tricks_mean"] = sum(k * g[f"tricks_{k}"] for k in range(6)) / n
    g["made"] = g[["tricks_3", "tricks_4", "tricks_5"]].sum(axis=1)
    g["euchred"] = g[["tricks_0", "tricks_1", "tricks_2"]].sum(axis=1)
    g["marched"] = g["tricks_5"]
    return g


def _net_text(table: pd.DataFrame) -> str:
    e = cells.mean_of(table, "net")
    return f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"


def _rate_text(k: int, n: int) -> str:
    r = wilson(k, n)
    return f"{r.rate:.1%} [{r.low:.1%}, {r.high:.1%}]"


def _results_table(table: pd.DataFrame, contract: str) -> pd.DataFrame:
    sub = table[table["contract"] == contract]
    rows = []
    for _, r in _outcomes(sub, ["seat", "trumps"]).iterrows():
        n = int(r["deals"])
        if n < 1:
            continue
        cell = sub[(sub["seat"] == r["seat"]) & (sub["trumps"] == r["trumps"])]
        rows.append({"seat": r["seat"], "trumps": int(r["trumps"]), "deals": n,
                     "mean tricks": float(r["tricks_mean"]),
                     "makers succeed [95% CI]": _rate_text(int(r["made"]), n),
                     "euchred": _rate_text(int(r["euchred"]), n),
                     "march": _rate_text(int(r["marched"]), n),
                     "net points [95% CI]": _net_text(cell)})
    return pd.DataFrame(rows)


def _overall_table(table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for _, r in _outcomes(table, ["contract", "seat"]).iterrows():
        n = int(r["deals"])
        cell = table[(table["contract"] == r["contract"]) & (table["seat"] == r["seat"])]
        rows.append({"contract": CONTRACT_NAMES[r["contract"]], "seat": r["seat"], "deals": n,
                     "makers succeed [95% CI]": _rate_text(int(r["made"]), n),
                     "net points [95% CI]": _net_text(cell)})
    order = {name: i for i, name in enumerate(CONTRACT_NAMES.values())}
    return pd.DataFrame(rows).sort_values(["contract", "seat"], key=lambda c: c.map(order) if c.name == "contract" else c)


def _heatmap(table: pd.DataFrame, contracts, path: Path, title: str) -> Path:
    sub = table[table["contract"].isin(contracts)]
    panels = {SEAT_NAMES[SEATS.index(seat)]: cells.grid(sub[sub["seat"] == seat], "trumps", "outside_aces", "net",
                                                        range(6), range(4))
              for seat in SEATS}
    return charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(6)],
                                    col_labels=[str(c) for c in range(4)],
                                    title=title, xlabel="aces of other suits", ylabel="trumps held (left bower counted)",
                                    unit="makers' net points per hand",
                                    note="Each cell: mean net points to the makers, ± half-width of the 95% interval, "
                                         f"deals. Cells with fewer than {cells.MIN_CELL_DEALS} deals are grey.",
                                    limit=2.0)


def _top_chart(table: pd.DataFrame, path: Path) -> Path:
    g = _outcomes(table[table["contract"] == "turn"], ["seat", "top"])
    order = [TOP_LABELS[k] for k in sorted(TOP_LABELS, reverse=True)]
    series = {}
    for seat in SEATS:
        sub = g[g["seat"] == seat].set_index("top").reindex(order)
        rates = [wilson(int(m), int(n)) if n == n and n > 0 else None for m, n in zip(sub["made"], sub["deals"])]
        series[SEAT_NAMES[SEATS.index(seat)]] = (
            [r.rate if r else np.nan for r in rates], [r.low if r else np.nan for r in rates],
            [r.high if r else np.nan for r in rates], [r.n if r else 0 for r in rates])
    return charts().error_bars(path, order, series, title="Makers' success ordering up the turn-up, by top trumps held",
                                ylabel="share of hands the makers take 3+ tricks",
                                xlabel="top trumps held (R right, L left, A ace)",
                                note="Error bars: Wilson 95% intervals. Success = the makers take at least three tricks.")


def _tricks_chart(table: pd.DataFrame, path: Path) -> Path:
    g = _outcomes(table[table["contract"] == "turn"], ["trumps"])
    groups, rates = [], {}
    for _, r in g.iterrows():
        n = int(r["deals"])
        if n < cells.MIN_CELL_DEALS:
            continue
        label = f"{int(r['trumps'])} trumps (n={n:,})"
        ws = [wilson(int(r[f"tricks_{k}"]), n) for k in range(6)]
        groups.append(label)
        rates[label] = ([w.rate for w in ws], [w.low for w in ws], [w.high for w in ws])
    return charts().distribution_bars(path, groups, [str(k) for k in range(6)], rates,
                                       title="Tricks the makers take ordering up the turn-up (all seats), by trumps held",
                                       ylabel="share of hands", note="Error bars: Wilson 95% intervals.")


POSITIONS = (("B", "D"), ("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"))


def position_alone(table: pd.DataFrame, contract: str, a: str, b: str):
    """The same hand class made by seat ``a`` rather than ``b`` (the makers' net points), with
    the contract fixed: what position alone is worth (who leads, who plays last)."""
    made = table["contract"] == contract
    return cells.stratified(table, made & (table["seat"] == a), made & (table["seat"] == b), "net", STRATA)


def _position_table(table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for contract in CONTRACTS:
        for a, b in POSITIONS:
            e = position_alone(table, contract, a, b)
            if e.n:
                rows.append({"contract": CONTRACT_NAMES[contract], "seats": f"{a} - {b}", "deals": e.n,
                             "net points, same hand class [95% CI]": f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"})
    return pd.DataFrame(rows)


def _headline(table: pd.DataFrame, verdict_list, played: str = "double-dummy") -> str:
    """What ordering up with three trumps makes, then what a void is worth to the assisting hand (S6)."""
    three = table[(table["contract"] == "turn") & (table["trumps"] == 3)]
    if three.empty:
        return ""
    made = wilson(int(three[["tricks_3", "tricks_4", "tricks_5"]].to_numpy().sum()), int(three["deals"].sum()))
    s6 = verdict_of(verdict_list, "S6")
    return headline(f"Ordering up with three trumps, the makers succeed {made.rate:.0%} of the time and net "
                    f"{amount(cells.mean_of(three, 'net'))}, {played}.",
                    f"A void is worth {amount(s6.estimate)} to the assisting hand (S6: {s6.verdict})." if s6 else "")


def _figures_in_full(table: pd.DataFrame, verdict_list, played: str = "double-dummy") -> str:
    three = table[(table["contract"] == "turn") & (table["trumps"] == 3)]
    if three.empty:
        return ""
    net = cells.mean_of(three, "net")
    made = wilson(int(three[["tricks_3", "tricks_4", "tricks_5"]].to_numpy().sum()), int(three["deals"].sum()))

    s6 = verdict_of(verdict_list, "S6")
    s6_text = (f"a void is worth {s6.estimate.mean:+.2f} [{s6.estimate.low:+.2f}, {s6.estimate.high:+.2f}] points "
               f"to the assisting hand (S6: {s6.verdict})") if s6 else "S6 not measured"
    text = (f"Ordering up with three trumps the makers succeed {made.rate:.0%} of the time "
            f"(net {net.mean:+.2f} [{net.low:+.2f}, {net.high:+.2f}] points per hand, {played}); {s6_text}.")
    if not {"A", "B", "C"} <= set(table["seat"]):
        return text      # a run of some seats only: no position to compare
    lead = position_alone(table, "next", "A", "B")
    same_side = position_alone(table, "next", "A", "C")
    return (f"{text} Position alone, making next with the same hand: the dealer against the eldest hand "
            f"{lead.mean:+.2f} [{lead.low:+.2f}, {lead.high:+.2f}], against his partner {same_side.mean:+.3f} "
            f"[{same_side.low:+.3f}, {same_side.high:+.3f}]: the gap lies between the sides (B's side leads the "
            f"first trick), not between partners.")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    verdict_list = study.verdicts(table, manifest)
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
        (charts().claims_chart(out_dir / "claims.png", verdict_list, unit=POINTS,
                                title="The claim tested here, in net points per hand"),
         "The claim's estimate, oriented so that positive is the book's side, with its intervals."),
    ]
    sections = [
        ("Position alone", "The same hand class made by one seat rather than another, the contract fixed "
         "(no bidding): what the seat itself is worth, from who leads and who plays last. Not a test of T1 "
         "or D5: the book's third hand and dealer decide after passes that tell them about the other hands, "
         "which fixed contracts do not have (T1 is tested where the third hand's decision is reached, in the "
         "bidding study; D5, the dealer's last say after seven passes, needs a round-two study).\n\n"
         + md_table(_position_table(table))),
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
    played = played_how(manifest)
    method = (
        f"Deals: {deals:,} uniform random deals of the {pack_of(manifest)}-card pack per "
        "seat (each seat is a scenario with its own independent deals). On each deal the seat of the "
        "scenario makes trump with his partner, the bidding skipped, three times: ordering up the turn-up "
        "(the dealer takes it up and discards by the book's rule, D8: the lowest card of his shortest suit, "
        "keeping a lone ace), making next in round two, and making one of the two cross suits (chosen at "
        f"random: they are alike by symmetry). No lone hands. Every hand is played out {played} and "
        "scored by the laws (makers 1 point for 3-4 tricks, 2 for a march; euchred makers give 2).\n\n"
        "The maker's hand is classed under the trump at the start of play (the dealer's after his discard): "
        "trumps held (left bower counted), which of the right bower, left bower and ace of trumps it holds, "
        "aces of other suits, and whether it is void in a plain suit. *Net points* are the makers' points "
        "minus the adversaries' points on that hand.\n\n"
        "Rates carry Wilson 95% intervals, means t 95% intervals. Comparisons of seats (or of short and long "
        "hands) are made *within* the same hand class and averaged over the classes weighted by their deals, "
        "so a difference in what hands a seat holds cannot pass for a difference of position. The study "
        "evaluates making, not the choice between making and passing: the value of passing depends on what "
        "the others then do, which a bidding study measures.\n\n"
        "What is tested: S6, on uniform deals, the assisting hand's void against no void with the same "
        "trumps, top trumps and aces. The deals are not conditioned on the bidding, so the sentences about "
        "a seat's decision after the others' passes (T1, D5) are not tested here; the section *Position "
        "alone* describes what the seat itself is worth.")
    question = (
        "What is a hand worth when its holder makes trump, at each seat? The book's advice on bidding "
        "rests on such values. One of its sentences compares them directly and is tested here; two others "
        "are about the seat's decision after the others' passes, tested elsewhere, and this study describes "
        "what position alone is worth beside them:\n\n"
        + study.quoted() + "\n\n" + study.quoted(["T1", "D5"]))
    return study_report(
        study, question=question, method=method, table=_results_table(table, "turn"),
        caption="Ordering up the turn-up (round one), per seat of the maker and number of trumps held at the start "
                "of play. Intervals are 95% (Wilson for rates).",
        files=files, verdicts=verdict_list, headline=_headline(table, verdict_list, played),
        sections=[*sections, in_full(_figures_in_full(table, verdict_list, played))])

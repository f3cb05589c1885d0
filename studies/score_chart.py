"""Strategy by the score: the lightest hand worth calling, for each seat, at each of the 25 scores.

The book changes its advice at a few scores (the score study tests each sentence there). A
player wants the whole picture: at any score, how light a hand should he call with? Each seat's
round-one call (the eldest hand and the third hand ordering up, the second hand assisting, the
dealer taking up) is measured on a ladder of hands from strong to light, at every score below
game, as the book's other three players bid:

1. four or five trumps;
2. three trumps with a bower;
3. three trumps, no bower;
4. two trumps with the right;
5. two trumps with the left or the ace, and an outside ace;
6. two trumps with the left or the ace, no outside ace;
7. two lower trumps (king or below);
8. one trump.

Trumps are the turned-up suit's, the left bower counted; the dealer's hand is judged after
taking up and the book's discard. Each scenario is one seat at one score: of each rung, the
first ``cap`` hands of a chunk are kept, bid by the book's policy at that score, and where the
seat's decision is reached, played twice double-dummy, calling and passing (as the score study
plays its cases: :func:`studies.common.round_one.played`). The value of calling minus passing is in the deciding side's expected net
rubber points (the first game of a rubber), with the probability of winning the game and the
points per hand beside; the game and rubber models come from the book's own hands at every
score, played in this study's ``game-a`` scenarios.

The study is descriptive: it declares no claim tests. The chart marks, at each score, how far
down the ladder calling gains (the rungs from the strongest while each gain is positive).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.errors import EuchreError
from analysis.experiment import GAME_WIN, RUBBER, Study, paired_mean
from analysis.game import SEATS, SEAT_ORDER, Score
from studies.common.game_models import BOOK_GAME, book_game_model
from analysis.bidding.rungs import RUNGS, decision_rung
from studies.common.report import charts, headline, in_full, options_of, study_report
from analysis.bidding import call_word
from studies.common.round_one import CallsAtScoresStudy, played

DEFAULT_CAP = 200        # hands of one rung played per chunk at most


def ladder_rows(deals, seat_letter: str, score: tuple[int, int], rules, cap: int) -> pd.DataFrame:
    seat = SEATS.index(seat_letter)
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    rung = decision_rung(hands, turn_up, seat, 1)
    return played(deals, seat_letter, score, rules, {(RUNGS[r], None): rung == r for r in range(len(RUNGS))}, cap)


class ScoreChart(CallsAtScoresStudy):
    name = "score_chart"
    title = "Strategy by the score: the lightest hand worth calling"
    description = ("Each seat's round-one call on a ladder of hands from four trumps to one, at each of the 25 "
                   "scores: calling against passing on the same deals, in rubber points (descriptive).")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players at "
                "the scenario's score; the deciding seat's round-one call forced to call or to pass")
    defaults = {"deals": 20_000, "chunk_size": 20_000, "replicates": 1, "cap": DEFAULT_CAP}
    suite_position = 6
    claims = ()

    refusal = "the score chart is drawn for the book's"

    def scenarios(self, settings) -> list[str]:
        game = settings.rules.points_for_game
        seats = settings.options.get("seats", SEAT_ORDER)
        if not isinstance(seats, str) or not seats or set(seats) - set(SEAT_ORDER):
            raise EuchreError(f"option seats must name seats among {SEAT_ORDER}, not {seats!r}")
        return self.call_scenarios(settings, [(s, (a, b)) for s in SEAT_ORDER if s in seats
                                              for a in range(game) for b in range(game)])

    def calls_at(self, deals, seat_letter: str, score: tuple[int, int], rules, cap: int) -> pd.DataFrame:
        return ladder_rows(deals, seat_letter, score, rules, cap)

    def estimate(self, key, table, manifest=None):
        return None

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = ScoreChart()


# --- the chart's numbers ----------------------------------------------------------------------------

def ladder(table: pd.DataFrame, manifest: dict | None = None) -> pd.DataFrame:
    """One row per seat, score (the decider's side first) and rung: the deals, the share the book
    calls, and calling minus passing in rubber points, P(win game) and points per hand."""
    model = book_game_model(table, manifest, ScoreChart.name)
    decisions = table[table["cls"] != "game"]
    out = []
    for (seat, a, b, cls), rows in decisions.groupby(["seat", "a", "b", "cls"], observed=True):
        n = int(rows["deals"].sum())
        if n < 2:
            continue
        own, theirs = Score(int(a), int(b)).seat(SEATS.index(seat))
        r = model.estimate(rows, ("call_net", "pass_net"), RUBBER)
        g = model.estimate(rows, ("call_net", "pass_net"), GAME_WIN)
        p = paired_mean(rows, "call_net", "pass_net")
        out.append({"seat": seat, "own": own, "theirs": theirs, "rung": RUNGS.index(cls) + 1, "hands": cls,
                    "deals": n, "book calls": int(rows.loc[rows["book"], "deals"].sum()) / n,
                    "rubber": r.mean, "rubber_low": r.low, "rubber_high": r.high,
                    "game_win": g.mean, "game_win_low": g.low, "game_win_high": g.high,
                    "points": p.mean, "points_low": p.low, "points_high": p.high})
    return pd.DataFrame(out).sort_values(["seat", "own", "theirs", "rung"], key=lambda c: c.map(
        {s: i for i, s in enumerate(SEAT_ORDER)}) if c.name == "seat" else c).reset_index(drop=True)


def lightest(lad: pd.DataFrame) -> pd.DataFrame:
    """Per seat and score: how far down the ladder calling gains, the rungs taken from the
    strongest while each one's gain is positive (0: not even the first), and whether the last of
    them is sure (its 95% interval above zero)."""
    out = []
    for (seat, own, theirs), g in lad.groupby(["seat", "own", "theirs"], sort=False):
        rung, sure = 0, False
        for r in g.sort_values("rung").itertuples():
            if r.rung != rung + 1 or r.rubber <= 0:
                break
            rung, sure = r.rung, bool(r.rubber_low > 0)
        out.append({"seat": seat, "own": own, "theirs": theirs, "rung": rung, "sure": sure})
    return pd.DataFrame(out)


# --- the report -------------------------------------------------------------------------------------

def _chart(lad: pd.DataFrame, light: pd.DataFrame, path: Path) -> Path:
    # Imported when drawing only: workers that compute chunks need no matplotlib.
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(10, 9.6), constrained_layout=True)   # two by two: a screen's width
    cmap = plt.get_cmap("viridis_r", len(RUNGS) + 1)
    for ax, seat in zip(axes.ravel(), SEAT_ORDER):
        grid = np.full((BOOK_GAME, BOOK_GAME), np.nan)
        sure = np.zeros((BOOK_GAME, BOOK_GAME), bool)
        for r in light[light["seat"] == seat].itertuples():
            grid[r.own, r.theirs], sure[r.own, r.theirs] = r.rung, r.sure
        im = ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=len(RUNGS) + 0.5, origin="lower")
        for i in range(BOOK_GAME):
            for j in range(BOOK_GAME):
                if np.isfinite(grid[i, j]):
                    text = str(int(grid[i, j])) if grid[i, j] else "-"
                    ax.text(j, i, text + ("" if sure[i, j] or not grid[i, j] else "?"), ha="center", va="center",
                            color="white" if grid[i, j] >= 5 else "black", fontsize=11)
        ax.set_title(f"{seat}: {call_word(seat)}")
        ax.set_xticks(range(BOOK_GAME))
        ax.set_yticks(range(BOOK_GAME))
        ax.set_xlabel("the adversaries' score")
        ax.set_ylabel("the decider's side's score")
    cbar = fig.colorbar(im, ax=axes, ticks=range(len(RUNGS) + 1), shrink=0.9)
    cbar.ax.set_yticklabels(["none"] + [f"{i + 1} {name}" for i, name in enumerate(RUNGS)], fontsize=8)
    fig.suptitle("The lightest hand worth calling, by score: calling - passing > 0 in net rubber points for\n"
                 "this rung and every stronger one (?: its 95% interval reaches below 0)")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _gain_chart(lad: pd.DataFrame, path: Path) -> Path:
    scores = [(o, t) for o in range(BOOK_GAME) for t in range(BOOK_GAME)]
    panels = {}
    for seat in SEAT_ORDER:
        mean = np.full((len(scores), len(RUNGS)), np.nan)
        half = np.full_like(mean, np.nan)
        n = np.zeros_like(mean, dtype=np.int64)
        for r in lad[lad["seat"] == seat].itertuples():
            i, j = scores.index((r.own, r.theirs)), r.rung - 1
            mean[i, j], half[i, j], n[i, j] = r.rubber, (r.rubber_high - r.rubber_low) / 2, r.deals
        panels[f"{seat}: {call_word(seat)}"] = {"mean": mean, "half": half, "n": n}
    return charts().heatmap_panels(path, panels, row_labels=[f"{o}-{t}" for o, t in scores],
                                 col_labels=[f"{i + 1}" for i in range(len(RUNGS))],
                                 title="Calling - passing, net rubber points, by score (rows, the decider's side "
                                       "first) and rung (columns, 1 the strongest)",
                                 xlabel="rung", ylabel="score", unit="calling - passing, net rubber points",
                                 note="Each cell: mean, ± 95% half-width (with the model's error), deals. Rungs: "
                                      + "; ".join(f"{i + 1} {r}" for i, r in enumerate(RUNGS)) + ".", limit=1.0,
                                 cell_width=0.6)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    lad = ladder(table, manifest)
    light = lightest(lad)
    lad.to_csv(out_dir / "ladder.csv", index=False, float_format="%.5f")
    files = [(_chart(lad, light, out_dir / "lightest_call.png"),
              "Strategy chart: at each score (the decider's side's points up, the adversaries' across), how far "
              "down the ladder calling gains over passing in net rubber points (the rungs taken from the strongest "
              "while each gains); '?' where the last one's 95% interval reaches below zero, '-' where not even the "
              "first gains. The full table, with intervals, is ladder.csv."),
             (_gain_chart(lad, out_dir / "gain_by_rung.png"),
              "Calling minus passing in net rubber points for every rung and score, per seat.")]
    shown = lad.assign(**{"score": lad["own"].astype(str) + "-" + lad["theirs"].astype(str),
                          "book calls": lad["book calls"].map("{:.0%}".format),
                          "rubber points [95%]": [f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}]" for m, lo, hi in
                                                  zip(lad["rubber"], lad["rubber_low"], lad["rubber_high"])],
                          "P(win game)": [f"{m:+.1%}" for m in lad["game_win"]],
                          "points per hand": [f"{m:+.3f}" for m in lad["points"]]})
    key_scores = shown[shown["score"].isin(["0-0", "4-4", "3-3", "4-0", "0-4"])]
    game_deals = int(table.loc[table["cls"] == "game", "deals"].sum())
    method = (
        "The ladder (trumps of the turned-up suit, the left bower counted; the dealer's hand after taking up and "
        "the book's discard): " + "; ".join(f"{i + 1}. {r}" for i, r in enumerate(RUNGS)) + ". Each scenario is one "
        "seat at one score; of each rung, the first "
        f"{options_of(manifest).get('cap', DEFAULT_CAP):,} hands of a chunk of uniform deals are kept, bid "
        "by the book's policy at that score, and where the seat's round-one decision is reached (the earlier seats "
        "passed), played twice double-dummy, calling and passing, every other decision by the book's policy at "
        "that score. Calling includes what the book does after the call: at four-one and four-two against him "
        "(L3) the caller plays a desperate hand (a bower and three trumps) alone, which is why the second rung "
        "loses there while the third gains. Calling minus passing is valued in the deciding side's expected net rubber points (laws 1 "
        "and 7, in the first game of a rubber) by the rubber model, solved from the book's own hands at every "
        f"score ({game_deals:,} hands in this study's game scenarios), its sampling error in every interval. The "
        "lightest rung worth calling is the last of the rungs, taken from the strongest, whose estimates are all "
        "positive; the gains are not always monotone down the ladder, so read the full table where it matters. The study tests no claim of the book: the score study "
        "does that, at the scores the book names. Double-dummy play sees every card.")
    return study_report(
        study, question="At each score, how light a hand should each seat call with, when the others bid by the book?",
        method=method, table=key_scores[["seat", "score", "rung", "hands", "deals", "book calls",
                                         "rubber points [95%]", "P(win game)", "points per hand"]],
        caption="The ladder at five scores (the decider's side first): calling minus passing. Every score is in "
                "ladder.csv.",
        files=files, headline=_headline(light), sections=[in_full(_figures_in_full(light))])


# the seats in a headline's lists, in SEAT_ORDER (the list's first names the hand)
HEADLINE_SEATS = {"B": "the eldest hand", "C": "the second", "D": "the third", "A": "the dealer"}


def _headline(light: pd.DataFrame) -> str:
    """The lightest rung worth calling at love-all, seat by seat, then its range over the scores."""
    def rung(r) -> str:
        return str(r) if r else "none"

    at_love, over = {}, {}
    for seat in SEAT_ORDER:
        g = light[light["seat"] == seat]
        if g.empty:
            continue
        love = g[(g["own"] == 0) & (g["theirs"] == 0)]["rung"]
        if len(love):
            at_love[seat] = rung(love.iloc[0])
        over[seat] = f"{rung(g['rung'].min())} to {rung(g['rung'].max())}"
    if not over:
        return "No seat's decision was reached."

    def listed(parts, named=True):
        parts = [f"{x} for {HEADLINE_SEATS[seat]}" if named else x for seat, x in parts.items()]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    lightest = f"the lightest rung worth calling (of {len(RUNGS)}, from the strongest)"
    if not at_love:
        return f"Over the scores, in net rubber points, {lightest} ranges from {listed(over)}."
    same = list(at_love) == list(over)    # the same seats: the second list need not name them again
    return headline(f"At love-all, in net rubber points, {lightest} is {listed(at_love)}.",
                    f"Over the scores it ranges from {listed(over, not same)}{', in that order' if same else ''}.")


def _figures_in_full(light: pd.DataFrame) -> str:
    parts = []
    for seat in SEAT_ORDER:
        g = light[light["seat"] == seat]
        if g.empty:
            continue
        at = {f"{r.own}-{r.theirs}": r.rung for r in g.itertuples()}
        parts.append(f"{seat} ({call_word(seat)}): rung {at.get('0-0', '-')} at love-all, "
                     f"{min(at.values())} to {max(at.values())} over the scores")
    return ("How far down the ladder calling gains (1 the strongest, 8 one trump; net rubber points, the "
            "rungs from the strongest while each gains): "
            + "; ".join(parts) + ".")

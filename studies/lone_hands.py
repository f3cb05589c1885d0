"""Lone hands and the score: going alone against playing with the partner, on the same deals.

Each scenario is the dealer's side's score ``dealers-a`` (AC has ``a`` points, a below game);
its deals are shared out in turn among the scores ``a-b`` of the other side (b below game), so
every score below game gets an equal number of deals (25 scores in the book's game of five).
Each deal is bid by the book's policy at its score (analysis.bidding.book_policy). On every deal where
a player made trump (ordered up, assisted, took up or made it), the hand is then played twice,
double-dummy, with everything else as the book has it:

- **alone**: the caller plays alone (his partner sits out; the dealer still takes up the
  turn-up in round one unless he is the one who sits out);
- **with partner**: the caller plays with his partner.

When the dealer's partner C assisted (ordered up in round one), the dealer may take it from
him and play alone (laws 93, 94): those deals are played a third time, the dealer alone, and
give a second pair ("take": the dealer alone against C and the dealer together). No one else
takes it from a partner in either arm, so the pair compares exactly alone against partner.

Each pair is a row: the decider's seat, round, the class of the hand he would play alone
(trumps held, right and left bower, aces of other suits, the book's lone strength: sound,
light, desperate), whether the book plays alone with it, and the net points of each arm to the
decider's side. Deals where nobody makes trump are rows too (kind "void"), so that every deal's
outcome under the book's policy is counted: :mod:`analysis.value.game_model` turns those outcomes,
per score, into the probability of winning the game, and each arm of a pair is valued by the
game-win probability of the score it leads to.

The claims that name scores are tested at each score they name, and the claims about lone
hands class by class (sound, light, desperate are a list, not a scale to pool). Every test is
oriented so that positive means the book's advice gains. The claims that name scores are
valued in net rubber points (:mod:`analysis.value.rubber`), the probability of winning the game
beside; both estimates carry the model's own sampling error: the model is solved again from
resampled outcome counts (a parametric bootstrap, seeded from the run's root seed) and its
spread joins the paired sampling error. (The bridge, B1, is the bridge study's.)
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.errors import EuchreError
from analysis.experiment import cells
from analysis.experiment.stats import Estimate, negated, normal_quantile
from analysis.experiment import GAME_WIN, MARGINS, POINTS, RUBBER, Study, verdict_of
from analysis.game import Rules, SEATS, SEAT_NAMES, Score
from analysis.reporting.markup import md_table
from analysis.reporting.report import interval, verdict_words
from analysis.run import Settings
from analysis.value import game_value
from analysis.value.game_model import OUTCOMES, from_counts
from analysis.value.game_value import MODEL_DRAWS, GameModel, win_after, with_model_error
from fastcore.sampler import sample_deals
from studies.common.game_models import model_table, root_seed
from studies.common.measures import measures_section, primary, unit_and_state
from studies.common.lone_arms import (CLASS_COLUMNS, KINDS, L1_SCORES, LONE_CLAIMS, READINGS, STRENGTHS, own_theirs,
                                      points_estimate, rows_read, score_name, score_rows)
from studies.common.report import charts, in_full, played_how, setting_of, study_report, verdicts_headline

KEYS = ["a", "b", "kind", "seat", "round", *CLASS_COLUMNS, "book_alone"]
ARMS = ["arm1", "arm0"]   # the two arms' net points: the table keeps them, so any game model can value them


def game_of(settings) -> int:
    """The points for game of a run (the book's five when there are no settings)."""
    return (settings.rules if settings is not None else Rules()).points_for_game


# --- the results table ----------------------------------------------------------------------------

def summed_outcome_counts(table: pd.DataFrame, game: int) -> np.ndarray:
    """The book's hands per score (a, b) by outcome (:data:`OUTCOMES`), from the table's summed
    counts ``out_k``: what the game model reads."""
    counts = np.zeros((game, game, len(OUTCOMES)), np.int64)
    for k in range(len(OUTCOMES)):
        g = table.groupby(["a", "b"])[f"out_{k}"].sum()
        for (a, b), v in g.items():
            counts[int(a), int(b), k] = v
    return counts


def game_of_table(table: pd.DataFrame) -> int:
    """The points for game of a results table: it holds every score below game."""
    return int(max(table["a"].max(), table["b"].max())) + 1


# --- the game model and its error -------------------------------------------------------------------

def game_model(table: pd.DataFrame, seed: int = Settings.seed) -> GameModel:
    """The game model of a results table, its draws seeded from ``seed`` (the run's root seed)."""
    game = game_of_table(table)
    return game_value.solved(summed_outcome_counts(table, game), Rules(points_for_game=game), seed, LoneHands.name,
                             with_rubber=True)


def paired_game_win(model: GameModel, rows: pd.DataFrame, book_arm: str = "arm1") -> tuple[Estimate, float]:
    """The mean game-win gain of the book's arm over the other on ``rows`` with its paired
    interval (the deals' sampling error alone, from the table's summed ``dwin``), and the game
    model's standard error."""
    paired = cells.mean_of(rows, "dwin")
    paired = paired if book_arm == "arm1" else negated(paired)
    model_se = float(np.std(model.differences(rows), ddof=1)) if len(rows) else float("nan")
    return paired, model_se


class LoneHands(Study):
    name = "lone_hands"
    title = "Lone hands and the score"
    description = ("Lone hands: going alone against playing with the partner on the same deals, in points per "
                   "hand and in the probability of winning the game, by seat, hand and score.")
    policies = ("the book's policy (analysis.bidding.book_policy, BookParams defaults) for every seat; each made hand "
                "played both alone and with the partner, and the dealer alone where C assisted")
    defaults = {"deals": 40_000, "chunk_size": 5_000}
    suite_position = 3
    claims = LONE_CLAIMS

    def scenarios(self, settings) -> list[str]:
        return [f"dealers-{a}" for a in range(game_of(settings))]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        a = int(scenario.split("-")[1])
        game = game_of(settings)
        frames = []
        for b in range(game):   # deal i is played at score a-(i mod game)
            rows = np.arange(b, n_deals, game)
            if len(rows):
                frames.append(score_rows(deals[rows], Score(a, b), settings.rules).drop(columns="deal"))
        return pd.concat(frames, ignore_index=True)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """Per cell (score, kind, seat, round, hand class, the book's lone decision) and per pair of
        the arms' net points (arm1, arm0): deals, sums and sums of squares of each arm's net points
        and of the differences arm1 - arm0 in points (dpts) and in game-win probability (dwin, by
        the game model solved from this table), marches and euchres of each arm, and the counts of
        the book's hand outcomes (out_k, for the game model). Keeping the arms' points as keys lets
        a game-win difference be valued again under another draw of the game model."""
        rules = settings.rules if settings is not None else Rules()
        game = rules.points_for_game
        # Every per-row value is a function of the keys and the (few) arm outcomes: count those first.
        g = frame.groupby(KEYS + ARMS + ["outcome"], observed=True).size().rename("w").reset_index()
        w = g["w"].to_numpy(np.int64)
        counts = np.zeros((game, game, len(OUTCOMES)), np.int64)
        book_hands = (g["kind"] <= KINDS.index("call")).to_numpy()
        np.add.at(counts, (g["a"].to_numpy()[book_hands], g["b"].to_numpy()[book_hands],
                           g["outcome"].to_numpy()[book_hands]), w[book_hands])
        f = from_counts(counts, rules)
        seat = g["seat"].clip(lower=0)
        values_of = {"arm1": g["arm1"].astype(float), "arm0": g["arm0"].astype(float),
                     "dpts": g["arm1"].astype(float) - g["arm0"],
                     "dwin": pd.Series(win_after(f, g["a"], g["b"], seat, g["arm1"])
                                       - win_after(f, g["a"], g["b"], seat, g["arm0"]), index=g.index)}
        cols = {"deals": w}
        for name, x in values_of.items():
            cols[f"{name}_sum"] = w * x
            cols[f"{name}_sumsq"] = w * x ** 2
        for name in ARMS:
            cols[f"{name}_march"] = w * ((g[name] == 2) | (g[name] == 4))
            cols[f"{name}_euchred"] = w * (g[name] < 0)
        for k in range(len(OUTCOMES)):
            cols[f"out_{k}"] = w * (g["outcome"] == k)
        both = pd.concat([g[KEYS + ARMS], pd.DataFrame(cols, index=g.index)], axis=1)
        table = both.groupby(KEYS + ARMS, observed=True).sum().reset_index()
        table["kind"] = table["kind"].map(lambda k: KINDS[int(k)])
        table["seat"] = table["seat"].map(lambda s: SEATS[int(s)] if s >= 0 else "-")
        return table.sort_values(KEYS + ARMS).reset_index(drop=True)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        """The test ``key``'s estimate, the book's side positive; a game-win estimate's interval
        includes the game model's error, its draws seeded from the run's root seed (the
        manifest's), so a report re-rendered from the same results says the same."""
        if self.claim_test(key).unit == POINTS:
            return points_estimate(key, table)
        if rows_read(table, READINGS[key])["deals"].sum() == 0:
            return None
        return with_model_error(*self.model_parts(key, table, root_seed(manifest)))

    def model_parts(self, key: str, table: pd.DataFrame, seed: int = Settings.seed,
                    unit: str | None = None) -> tuple[Estimate, float]:
        """A test's paired estimate in ``unit`` (default: the test's own; game-win or rubber
        points) with the deals' error alone, and the model's standard error, before they are joined."""
        unit = unit or self.claim_test(key).unit
        if unit == GAME_WIN:
            return self.game_win_parts(key, table, seed)
        reading = READINGS[key]
        arms = ARMS if reading.book_arm == "arm1" else ARMS[::-1]
        state = unit_and_state(key)[1]       # a test in rubber points: its state
        return game_model(table, seed).paired(rows_read(table, reading), arms, unit, state)

    def game_win_parts(self, key: str, table: pd.DataFrame, seed: int = Settings.seed) -> tuple[Estimate, float]:
        """A game-win test's paired estimate (the deals' error alone) and the game model's
        standard error, before they are joined."""
        if "arm1" not in table.columns:
            raise EuchreError("this results table predates the arms' points as keys (needed to carry the game "
                              "model's error): run the study again")
        reading = READINGS[key]
        return paired_game_win(game_model(table, seed), rows_read(table, reading), reading.book_arm)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = LoneHands()


# --- the report --------------------------------------------------------------------------------

def _rate(k, n) -> str:
    """A rate with the half-width of its 95% interval (normal; the counts are large)."""
    p = k / n
    return f"{p:.1%} ±{normal_quantile() * np.sqrt(p * (1 - p) / n):.1%}"


def _game_win(model: GameModel, rows: pd.DataFrame, book_arm: str = "arm1") -> Estimate:
    """alone - with partner (or the book's arm - the other) in P(win game), the model's error included."""
    return with_model_error(*paired_game_win(model, rows, book_arm))


BOWER_LABELS = ["none", "left", "right", "both"]
CELL_NOTE = (f"Each cell: mean of the paired difference, ± 95% half-width, deals. Grey: under "
             f"{cells.MIN_CELL_DEALS} deals.")


def _gain_heatmap(call: pd.DataFrame, path: Path, title: str, columns: str = "aces") -> Path:
    """Alone - with partner per seat, by trumps (rows) and outside aces or bowers held (columns)."""
    call = call.assign(bowers=2 * call["right"] + call["left"])
    labels = BOWER_LABELS if columns == "bowers" else [str(c) for c in range(4)]
    low = int(call["trumps"].min()) if len(call) else 0   # callers hold at least this many trumps
    panels = {SEAT_NAMES[i]: cells.grid(call[call["seat"] == seat], "trumps", columns, "dpts", range(low, 6), range(4))
              for i, seat in enumerate(SEATS)}
    return charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(low, 6)], col_labels=labels,
                                    title=title, xlabel="aces of other suits" if columns == "aces" else "bowers held",
                                    ylabel="trumps held (left bower counted)",
                                    unit="alone - with partner, points per hand", note=CELL_NOTE, limit=1.5)


def _score_heatmap(call: pd.DataFrame, model: GameModel, path: Path, game: int) -> Path:
    """Alone - with partner in net rubber points by the maker's score, per lone strength; the
    half-widths include the model's error."""
    own, theirs = own_theirs(call)
    panels = {}
    for s in (3, 2, 1):
        mean, half = np.full((game, game), np.nan), np.full((game, game), np.nan)
        n = np.zeros((game, game), np.int64)
        for o in range(game):
            for t in range(game):
                rows = call[(call["strength"] == s) & (own == o) & (theirs == t)]
                n[o, t] = int(rows["deals"].sum())
                if n[o, t] >= cells.MIN_CELL_DEALS:
                    e = model.estimate(rows, ARMS, RUBBER)
                    mean[o, t], half[o, t] = e.mean, e.half_width
        panels[f"{STRENGTHS[s]} lone hands"] = {"mean": mean, "half": half, "n": n}
    return charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(game)],
                                    col_labels=[str(c) for c in range(game)],
                                    title="Alone - with partner, in net rubber points, by score",
                                    xlabel="the adversaries' score", ylabel="the maker's side's score",
                                    unit="alone - with partner, net rubber points (first game)", limit=1.0,
                                    note=CELL_NOTE + " The half-widths include the model's error.")


def _game_chart(model: GameModel, path: Path) -> Path:
    game = len(model.f)
    half = normal_quantile() * model.draws.std(axis=0, ddof=1)
    panels = {"the dealing side's P(win game)": {"mean": 100 * (model.f - 0.5), "half": 100 * half,
                                                   "n": model.hands.astype(np.int64)}}
    return charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(game)],
                                    col_labels=[str(c) for c in range(game)],
                                    title="The game model: P(win) - 1/2 for the side about to deal, % of a game",
                                    xlabel="the other side's score", ylabel="the dealing side's score",
                                    unit="P(win game) - 50%, % of a game", limit=50,
                                    note="Both sides play the book's policy; hands independent given score and dealer. "
                                         "± 95% half-width of the model's sampling error (parametric bootstrap); "
                                         "n: the book's hands behind that score's distribution.")


def _score_tests(verdict_list, claim: str) -> list:
    """The verdicts of a claim's tests at one score each (L1, L3)."""
    return [v for v in verdict_list if v.claim.id == claim and v.claim.name in READINGS
            and READINGS[v.claim.name].score is not None]


def _score_of(v) -> str:
    return score_name(READINGS[v.claim.name].score)


def _value(v) -> str:
    """A test's estimate (the book's side positive) with its 95% interval and hands, in its unit."""
    e = v.estimate
    if v.claim.unit == GAME_WIN:
        return f"{e.mean:+.2%} of a game [{e.low:+.2%}, {e.high:+.2%}], {e.n:,} deals"
    if v.claim.unit == RUBBER:
        return f"{e.mean:+.3f} rubber points [{e.low:+.3f}, {e.high:+.3f}], {e.n:,} deals"
    return f"{e.mean:+.3f} points per hand [{e.low:+.3f}, {e.high:+.3f}], {e.n:,} deals"


def _scores_sentence(tests) -> str:
    """The scores of a claim's tests grouped by verdict; the figures where the book loses or is undecided."""
    by = {}
    for v in tests:
        by.setdefault(v.verdict, []).append(v)

    def material(v):
        return "; material" if v.material else ""

    parts = []
    if by.get("contradicted"):
        parts.append("**against the book** at " + ", ".join(f"{_score_of(v)} ({_value(v)}{material(v)})"
                                                           for v in by["contradicted"]))
    if by.get("supported"):
        slight = ", ".join(_score_of(v) for v in by["supported"] if not v.material)
        clear = ", ".join(_score_of(v) for v in by["supported"] if v.material)
        parts.append("for it " + " and ".join(x for x in (slight and f"at {slight}", clear and f"materially at {clear}")
                                              if x))
    if by.get("negligible"):
        parts.append("negligible at " + ", ".join(_score_of(v) for v in by["negligible"]))
    if by.get("inconclusive"):
        parts.append("undecided at " + ", ".join(f"{_score_of(v)} ({_value(v)})" for v in by["inconclusive"]))
    return "; ".join(parts)


def _figures_in_full(verdict_list, n_calls: int, deals: int, game: int) -> str:
    def one(key):
        v = verdict_of(verdict_list, key)
        return f"{interval(v.estimate)} ({v.verdict})" if v else "not measured"

    text = [f"On {n_calls:,} made hands ({deals:,} deals over the {game * game} scores); every figure is the "
            "book's side, positive when its advice gains. L2, what taking the partner saves (net points with the "
            f"partner - alone, per hand): desperate hands {one('L2.desperate')}, light hands {one('L2.light')}."]
    l1, l3 = (_score_tests(verdict_list, c) for c in ("L1", "L3"))
    if l1:
        text.append("L1, no light lone hand at three-all, four-all or a score in your favour (net rubber points "
                    "with the partner - alone): " + _scores_sentence(l1) + ".")
    if l3:
        text.append("L3, a desperate chance at four-one or four-two against (net rubber points alone - with the "
                    "partner): " + _scores_sentence(l3) + ".")
    positions = [v for v in (verdict_of(verdict_list, k) for k in ("L5.B-A", "L5.A-C", "L5.A-D", "L7")) if v]
    if positions:
        text.append("Positions (L5) and the assisted dealer (L7), points per hand: "
                    + "; ".join(f"{v.claim.label} {one(v.claim.name)}" for v in positions) + ".")
    text.append("Scores are the maker's side's first; rubber points are valued "
                "in the first game of a rubber; materially: the whole simultaneous interval beyond the margin; the "
                "intervals in rubber points and game-win probability include the model's error.")
    return " ".join(text)


def _reading(verdict_list) -> str:
    """What the verdicts say beyond their names: signs sure but sizes slight."""
    lines = []
    small = [v for v in verdict_list if v.verdict in ("supported", "contradicted") and not v.material]
    if small:
        lines.append("Sure of their sign but not of a size that matters (the simultaneous interval reaches inside "
                     f"the margin, {MARGINS[POINTS]:g} points per hand or {MARGINS[RUBBER]:g} rubber points):\n\n"
                     + "\n".join(f"- {v.claim.label}, {v.verdict}: {_value(v)}" for v in small))
    return "\n\n".join(lines) or "Every supported or contradicted test is material (beyond the margin)."


def _errors_table(study: "LoneHands", verdict_list, table: pd.DataFrame, seed: int) -> pd.DataFrame:
    """Each test valued by the score: in rubber points (its verdict's unit) and in P(win game), each
    with the paired standard error, the model's, and the interval of both."""
    rows = []
    for v in verdict_list:
        if v.claim.unit == POINTS or v.claim.name not in READINGS:
            continue
        rubber_paired, rubber_se = study.model_parts(v.claim.name, table, seed, RUBBER)
        win_paired, win_se = study.model_parts(v.claim.name, table, seed, GAME_WIN)
        win = with_model_error(win_paired, win_se)
        rows.append({"test": v.claim.label, "deals": f"{rubber_paired.n:,}",
                     "rubber points": f"{rubber_paired.mean:+.3f}",
                     "s.e. deals / model": f"{rubber_paired.se:.3f} / {rubber_se:.3f}",
                     "95% CI, deals only": f"[{rubber_paired.low:+.3f}, {rubber_paired.high:+.3f}]",
                     "95% CI, with the model": f"[{v.estimate.low:+.3f}, {v.estimate.high:+.3f}]",
                     "P(win game), with the model": interval(win, pct=True),
                     "s.e. deals / model (game)": f"{win_paired.se:.2%} / {win_se:.2%}",
                     "verdict": verdict_words(v)})
    return pd.DataFrame(rows)


def _by_strength(call: pd.DataFrame, model: GameModel) -> pd.DataFrame:
    rows = []
    for (seat, strength), g in call.groupby(["seat", "strength"], observed=True):
        n = int(g["deals"].sum())
        if n < 2:
            continue
        rows.append({"seat": seat, "lone strength": STRENGTHS[int(strength)], "deals": n,
                     "book plays alone": f"{g.loc[g['book_alone'], 'deals'].sum() / n:.0%}",
                     "alone: net points": interval(cells.mean_of(g, "arm1")),
                     "with partner: net points": interval(cells.mean_of(g, "arm0")),
                     "march alone / with partner": " / ".join(_rate(g[f"{arm}_march"].sum(), n) for arm in ARMS),
                     "euchred alone / with partner": " / ".join(_rate(g[f"{arm}_euchred"].sum(), n) for arm in ARMS),
                     "alone - partner, points": interval(cells.mean_of(g, "dpts")),
                     "alone - partner, P(win game)": interval(_game_win(model, g), pct=True)})
    return pd.DataFrame(rows)


def _by_score(call: pd.DataFrame, model: GameModel, game: int) -> pd.DataFrame:
    own, theirs = own_theirs(call)
    rows = []
    for strength in (3, 2, 1):
        for o in range(game):
            for t in range(game):
                g = call[(call["strength"] == strength) & (own == o) & (theirs == t)]
                n = int(g["deals"].sum())
                if n < 2:
                    continue
                rows.append({"lone strength": STRENGTHS[strength], "score (maker - adversaries)": f"{o}-{t}",
                             "deals": n, "book plays alone": f"{g.loc[g['book_alone'], 'deals'].sum() / n:.0%}",
                             "alone - partner, points": interval(cells.mean_of(g, "dpts")),
                             "alone - partner, P(win game)": interval(_game_win(model, g), pct=True),
                             "alone - partner, rubber points": interval(model.estimate(g, ARMS, RUBBER))})
    return pd.DataFrame(rows)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    saved = manifest.get("rules", {})
    rules = Rules(points_for_game=saved.get("points_for_game", Rules().points_for_game))
    game = rules.points_for_game
    seed = root_seed(manifest)
    every = study.verdicts(table, manifest)
    verdict_list = primary(every)        # the score tests in rubber points in the first game, and the rest
    call = table[table["kind"] == "call"]
    model = game_model(table, seed)
    files = [
        (_gain_heatmap(call[~call["book_alone"]], out_dir / "gain_not_lone.png",
                       "Alone - with partner (net points per hand), hands the book does not play alone"),
         "Strategy chart: what going alone gains (blue) or loses (red) against taking the partner, for "
         "the hands the book plays with the partner, by trumps and outside aces, per seat of the caller."),
        (_gain_heatmap(call[~call["book_alone"]], out_dir / "gain_not_lone_bowers.png",
                       "Alone - with partner (net points per hand), hands the book does not play alone, by bowers",
                       columns="bowers"),
         "The same hands by trumps held and which bowers they include."),
        (_gain_heatmap(call[call["strength"] >= 1], out_dir / "gain_lone_class.png",
                       "Alone - with partner (net points), hands with a bower and three trumps or better"),
         "The same for the hands of the book's lone classes (desperate, light, sound), whatever the book did."),
        (_score_heatmap(call, model, out_dir / "gain_by_score.png", game),
         "Strategy chart by score: what going alone gains (blue) or loses (red) in net rubber points (the "
         "first game of a rubber: laps, double games and the rubber's two points counted), for sound, light and "
         "desperate hands (the book's lone classes), by the score "
         "from the maker's side. L1 is the light panel's diagonal cells 3-3 and 4-4 and its cells below the "
         "diagonal (the maker ahead), L3 the desperate panel's cells 1-4 and 2-4."),
        (_game_chart(model, out_dir / "game_model.png"),
         "The game model: the probability that the side about to deal wins the game, by score, with the "
         "95% half-width of its sampling error."),
        (charts().claims_chart(out_dir / "claims_points.png", verdict_list, unit=POINTS),
         "Tests measured in points per hand, each oriented so that positive is the book's side."),
        (charts().claims_chart(out_dir / "claims_rubber.png", verdict_list, unit=RUBBER),
         "Tests measured in net rubber points (the claims that name scores), each oriented so that positive is "
         "the book's side; the intervals include the model's error."),
    ]
    deals = int(table.loc[table["kind"].isin(["void", "call"]), "deals"].sum())
    n_calls = int(call["deals"].sum())
    hands = model.hands
    first = model.counts[0, 0] / hands[0, 0]
    sections = [
        ("Reading the verdicts", _reading(verdict_list)),
        ("The tests by the score: the deals' error and the model's",
         "Each test that names a score, in net rubber points (its verdict's unit) and in the probability of "
         "winning the game, the book's side positive, with the standard error of the paired deals alone, the "
         f"model's (the spread of the estimate over {MODEL_DRAWS:,} draws of the model), and the 95% intervals "
         "without and with the model's error. The verdicts use the latter.\n\n"
         + md_table(_errors_table(study, verdict_list, table, seed))),
        ("By score", "The lone classes at each score (from the maker's side), paired differences alone - with "
         "partner in points, in the probability of winning the game and in net rubber points (with the model's "
         "error).\n\n"
         + md_table(_by_score(call, model, game))),
        ("The game model", f"The probability that the side about to deal wins the game ({game} points), by score, "
         f"when both sides play the book's policy, ± the 95% half-width of its sampling error, from "
         + model.hands_text + ". At 0-0 a hand gives the dealers "
         + ", ".join(f"{p}: {q:.1%}" for p, q in zip(OUTCOMES, first))
         + f" (dealers' points, others' points; {int(hands[0, 0]):,} hands).\n\n" + md_table(model_table(model))),
    ]
    in_favour = ", ".join(score_name(s) for s in L1_SCORES[2:])
    method = (
        f"Scores: the {game * game} scores below game, the dealer's side AC having the first number (a scenario "
        f"per dealers' score, its deals shared equally among the other side's {game} scores). At each score, "
        f"uniform random deals of the {saved.get('pack', 32)}-card pack ({deals:,} deals in all) are bid by "
        "the book's policy (analysis.bidding.book_policy, BookParams defaults: "
        f"the bridge not kept). On every deal where a player made trump, the hand is played twice {played_how(manifest)}: "
        "the caller alone, and the caller with his partner (the dealer taking up and discarding by the book "
        "in round one, unless he is the one who sits out); no one takes it from a partner in either arm. "
        "When C assisted, a third play has the dealer take it from him alone (L7). The two arms share the "
        "deal, the bidding before the decision and the other players' policy: a paired comparison.\n\n"
        "Hand classes: the hand the decider would play alone (the dealer's after his lone discard), by "
        "trumps held (left bower counted), right and left bowers, aces of other suits, and the book's lone "
        "strength, a list of three classes, each judged on its own: *sound*, both bowers and three trumps or "
        "more, every other card an outside ace; *light*, the right with the left or the ace, three trumps or "
        "more, at most one card that is neither a trump nor an outside ace (and not sound); *desperate*, a "
        "bower and three trumps or more (and not light). The deals are conditioned on the bidding: a hand "
        "class at a seat is the hands the book calls with there.\n\n"
        "The readings. L2 (\"a great many points are lost by not taking your partner with you for a march\") "
        "is tested class by class on the hands a player might risk alone, desperate and light, in net points "
        "with the partner - alone, over every score (sound hands are the book's lone hands, shown in the "
        "tables). L1 names scores, so it is tested at each: light hands at three-all, four-all, and at each "
        f"score in the maker's favour ({in_favour}; the maker's side first), never pooled, in net rubber points "
        "with the partner - alone (the probability of winning the game beside). L3, desperate hands at 1-4 and "
        "at 2-4 against the maker, alone - with the partner. The bridge (B1, B2, L4) is the bridge study's.\n\n"
        f"The game model (analysis/value/game_model.py): the game-win probability of each score and dealer, solved "
        f"by value iteration over the {game * game} scores, from the distribution of one hand's points under the "
        "book's policy at that score, estimated from the same deals (the dealer is part of the state: the side "
        "about to deal, AC in every scenario; the deal passes to BD after the hand). Assumptions: hands are "
        "independent given the score and the dealer; both sides play the book's policy, with its lone "
        "hands and the bridge not kept, for the rest of the game. An arm's value is the decider's side's "
        "probability of winning from the score that arm's points lead to. At three-all a march with the "
        "partner (2 points) already wins the game, so a lone march adds nothing to the game there and a lone "
        "euchre loses it: the game measure sees what points per hand cannot.\n\n"
        "The rubber model (analysis/value/rubber.py), the unit of the claims that name scores: the laws play for the "
        "rubber, not the game. Law 1: the best of three games, a fourth when the third laps; law 7: a game counts "
        "two when the losers have not scored, and the rubber's winners take two more; points beyond game are "
        "carried to the next game (a lap). From the same outcome distributions, value iteration gives each "
        "side's expected net rubber points (its points minus the other side's to the end of the rubber) in "
        "every state; an arm is valued by the state its points lead to, in the first game of a rubber with no "
        "game won yet. So a lone march at four-all wins the game and carries three points into the next, where "
        "with the partner it carries one: the rubber sees that, the game-win probability does not.\n\n"
        "The model's error in the intervals: the outcome distributions are estimated, not known, and at the "
        "size of the L3 effects their error matters. A parametric bootstrap measures it: each score's "
        f"outcome counts are drawn again from the multinomial of its observed frequencies ({MODEL_DRAWS:,} "
        f"draws, seeded from the run's root seed {seed}), the model is solved again for each draw, and every "
        "estimate in game-win probability or rubber points is recomputed on the same deals under each draw (the "
        "game and the rubber from the same draws). The spread of those estimates is the model's standard "
        "error; it is added in quadrature to the paired standard error of the deals (the two treated as "
        "independent, though both come from the same deals) for every such interval, "
        "verdict, table and chart cell.\n\n"
        "Estimates: paired differences with t intervals; L5 and L7 compare independent samples (different "
        "seats, or assisted against unassisted deals) within the same hand class, averaged over classes "
        "(stratified Welch). Double-dummy play is perfect-information play: an approximation of play at the "
        "table, kinder to the lone player's adversaries' defence and to his own play alike.")
    question = ("When should a player go alone, and when take his partner? The book's sentences:\n\n"
                + study.quoted(("L1", "L2", "L3", "L5", "L7")))
    return study_report(
        study, question=question, method=method, table=_by_strength(call, model),
        caption=f"Every made hand by the caller's seat and the book's lone strength, pooled over the {game * game} "
                "scores (an equal number of deals at each): the share the book plays alone, each arm's net points to "
                "the caller's side, marches and euchres (± 95% half-widths), and the paired differences alone - with "
                "partner (the game-win one with the game model's error).",
        files=files, verdicts=every, headline=verdicts_headline(verdict_list, setting_of(manifest, verdict_list, "in a rubber's first game")),
        sections=sections + [measures_section(every, [v.claim.name for v in verdict_list if v.claim.id in ("L1", "L3")]),
                             in_full(_figures_in_full(verdict_list, n_calls, deals, game))])

"""The modern game beside Fred Benjamin's chart: the probability of winning a game of ten points.

The modern game deals a 24-card pack (nine to ace) and plays to ten points, often with
stick-the-dealer. Benjamin's published chart gives the dealing side's chance of winning at a
few scores; the study measures the whole chart, under two rules (the deal void when all pass
twice, as in the book's law 77, and stick-the-dealer) and two policies for all four players:
the book's, and the optimised policy of that rule (``modern``, ``modern_stick``: made by
``euchrelab optimise --pack 24 --unit game``, packaged in ``analysis/data/policies``).

Each scenario (``<policy>-<rule>``) deals uniform 24-card deals, deal i of a chunk at score i
mod 100 (every score below ten alike, the dealers' points first), bid by the policy and played
(double-dummy, or by the run's engine in the table variant); each hand is counted by outcome
(:data:`analysis.value.game_model.OUTCOMES`), and the game model (:mod:`analysis.value.game_model`)
is solved from the counts: ``f[m, o]``, the dealing side's chance of winning at m to o, with the
95% percentile interval of its parametric bootstrap.

Benjamin's figures (the dealing side's chance unless said): 51% at every tied score up to 5-5,
54% at 8-8, 65% at 9-9; dealing at 2 to 8, 8%; the side at 9 not dealing against 6, 82%
(``1 - f[6, 9]``); dealing at 9 to 8, 72%.

The study tests no claim of the book: the book's game is five points with 32 cards.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch, policy_from_name
from analysis.errors import EuchreError
from analysis.experiment import Study, summed_counts
from analysis.game import Rules, Score
from analysis.reporting.markup import md_table
from analysis.simulator import play_bidding
from analysis.storage import write_text
from analysis.tools.strategy import save_figure
from analysis.value import game_value
from analysis.value.game_model import OUTCOMES, outcome_index
from fastcore.sampler import sample_deals
from studies.common.game_models import root_seed, table_outcome_counts
from studies.common.report import study_report

PACK, GAME = 24, 10
RULES = {"void": "all passing twice voids the deal", "stick": "stick-the-dealer"}
OPTIMISED = {"void": "modern", "stick": "modern_stick"}       # the packaged optimised policy of each rule
POLICY_WORDS = {"book": "the book's policy", "optimised": "the optimised policy"}
KEYS = ["policy", "rule", "a", "b", "outcome"]


def rules_of(rule: str) -> Rules:
    return Rules(pack=PACK, points_for_game=GAME, stick_the_dealer=rule == "stick", rubber=False)


def policy_of(policy: str, rule: str):
    return BookPolicy() if policy == "book" else policy_from_name(OPTIMISED[rule])


# Benjamin's chart: (what, our reading of f, his figure). f[m, o]: the dealing side at m against o.
BENJAMIN = ([(f"dealing, tied {k}-{k}", (lambda f, k=k: f[..., k, k]), 0.51) for k in range(6)]
            + [("dealing, tied 8-8", lambda f: f[..., 8, 8], 0.54),
               ("dealing, tied 9-9", lambda f: f[..., 9, 9], 0.65),
               ("dealing at 2 to 8", lambda f: f[..., 2, 8], 0.08),
               ("not dealing at 9 to 6", lambda f: 1 - f[..., 6, 9], 0.82),
               ("dealing at 9 to 8", lambda f: f[..., 9, 8], 0.72)])


def game_rows(deals, policy: str, rule: str) -> pd.DataFrame:
    """Deal i at score i mod 100 (the dealers' points first), bid by the scenario's policy and
    played: the deals per (score, outcome)."""
    rules = rules_of(rule)
    bidder = policy_of(policy, rule)
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    which = np.arange(len(hands)) % (GAME * GAME)
    out = np.zeros(len(hands), np.int8)
    for s in range(GAME * GAME):
        rows = np.flatnonzero(which == s)
        if not len(rows):
            continue
        b = bid_batch(hands[rows], turn_up[rows], bidder, rules, Score(int(s // GAME), int(s % GAME)))
        _, points = play_bidding(b, turn_up[rows])
        out[rows] = outcome_index(points[:, 0], points[:, 1])
    frame = pd.DataFrame({"policy": policy, "rule": rule, "a": which // GAME, "b": which % GAME, "outcome": out})
    return frame.groupby(KEYS).size().rename("deals").reset_index()


class ModernGame(Study):
    name = "modern_game"
    title = "The modern game beside Benjamin's chart"
    description = ("The chance of winning a game of ten points with 24 cards, at every score, with and without "
                   "stick-the-dealer, under the book's policy and the optimised modern policies, beside Fred "
                   "Benjamin's published figures (descriptive).")
    policies = ("all four players bid by the book's policy (analysis.bidding.book_policy.BookPolicy, default "
                "parameters) or by the optimised policy of the rule (modern, modern_stick)")
    defaults = {"deals": 1_000_000, "chunk_size": 100_000, "pack": PACK, "points_for_game": GAME}
    suite_position = 13
    claims = ()

    def refuses(self, rules) -> str | None:
        if rules.pack != PACK or rules.points_for_game != GAME:
            return (f"the modern game study is the {PACK}-card pack and a game of {GAME}, not {rules.pack} cards "
                    f"and {rules.points_for_game}: run it with --pack {PACK} --game {GAME}")
        return None

    def scenarios(self, settings) -> list[str]:
        reason = self.refuses(settings.rules)
        if reason:
            raise EuchreError(reason)
        return [f"{p}-{r}" for p in POLICY_WORDS for r in RULES]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        policy, rule = scenario.split("-")
        return game_rows(sample_deals(n_deals, seed, pack=PACK), policy, rule)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, KEYS)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = ModernGame()


# --- the numbers ------------------------------------------------------------------------------------

def models(table: pd.DataFrame, manifest: dict | None = None) -> dict:
    """The game model of each scenario that has hands at every score, by (policy, rule)."""
    out = {}
    for (policy, rule), rows in table.groupby(["policy", "rule"], sort=False):
        counts = table_outcome_counts(rows, GAME)
        try:
            out[(policy, rule)] = game_value.solved(counts, rules_of(rule), root_seed(manifest),
                                                    f"{ModernGame.name}/{policy}/{rule}")
        except EuchreError:      # a score without hands (a tiny run): no model
            continue
    return out


def interval(values: np.ndarray) -> tuple[float, float]:
    low, high = np.percentile(values, [2.5, 97.5])
    return float(low), float(high)


def beside_benjamin(fitted: dict) -> pd.DataFrame:
    """One row per figure of Benjamin's chart and model: his figure, ours with its 95% interval,
    and ours minus his."""
    out = []
    for what, read, his in BENJAMIN:
        for (policy, rule), m in fitted.items():
            ours = float(read(m.f))
            low, high = interval(read(m.draws))
            out.append({"what": what, "policy": policy, "rule": rule, "benjamin": his, "ours": ours, "low": low,
                        "high": high, "hands": int(m.counts.sum())})
    return pd.DataFrame(out)


def share_void(table: pd.DataFrame) -> dict:
    """The share of hands void (no points: all passed twice), by (policy, rule)."""
    out = {}
    for key, rows in table.groupby(["policy", "rule"], sort=False):
        n = rows["deals"].sum()
        out[key] = float(rows.loc[rows["outcome"] == 0, "deals"].sum() / n) if n else np.nan
    return out


def scored_first(table: pd.DataFrame) -> dict:
    """The share of hands on which the dealing side scores, by (policy, rule), over every score."""
    out = {}
    for key, rows in table.groupby(["policy", "rule"], sort=False):
        n = rows["deals"].sum()
        dealers = rows["outcome"].isin([i for i, (d, _) in enumerate(OUTCOMES) if d > 0])
        out[key] = float(rows.loc[dealers, "deals"].sum() / n) if n else np.nan
    return out


# --- the report -------------------------------------------------------------------------------------

LABELS = {("book", "void"): "book, deal void", ("book", "stick"): "book, stick",
          ("optimised", "void"): "optimised, deal void", ("optimised", "stick"): "optimised, stick"}
IN_WORDS = {("book", "void"): "the book's policy, the deal void when all pass",
            ("book", "stick"): "the book's policy and stick-the-dealer",
            ("optimised", "void"): "the optimised policy, the deal void when all pass",
            ("optimised", "stick"): "the optimised policy and stick-the-dealer"}
# Okabe-Ito: told apart by readers with the common colour-vision deficiencies
COLOURS = {("book", "void"): "#E69F00", ("book", "stick"): "#D55E00", ("optimised", "void"): "#56B4E9",
           ("optimised", "stick"): "#0072B2"}
MARKERS = {("book", "void"): "o", ("book", "stick"): "s", ("optimised", "void"): "^", ("optimised", "stick"): "D"}


def _beside_chart(rows: pd.DataFrame, path: Path) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from analysis.reporting.charts import DPI

    whats = list(dict.fromkeys(rows["what"]))
    keys = list(dict.fromkeys(zip(rows["policy"], rows["rule"])))
    fig, ax = plt.subplots(figsize=(11, 5.2))
    x = np.arange(len(whats), dtype=float)
    width = 0.8 / (len(keys) + 1)
    his = rows.drop_duplicates("what").set_index("what").loc[whats, "benjamin"].to_numpy()
    ax.scatter(x - 0.4 + width / 2, his, marker="_", s=260, linewidths=3, color="black", label="Benjamin's chart",
               zorder=3)
    for k, key in enumerate(keys):
        r = rows[(rows["policy"] == key[0]) & (rows["rule"] == key[1])].set_index("what").loc[whats]
        xs = x - 0.4 + (k + 1.5) * width
        ax.errorbar(xs, r["ours"], yerr=[r["ours"] - r["low"], r["high"] - r["ours"]], fmt=MARKERS[key],
                    color=COLOURS[key], capsize=2, markersize=5,
                    label=f"{LABELS[key]} (n={int(r['hands'].iloc[0]):,} hands)")
    ax.set_xticks(x)
    ax.set_xticklabels(whats, rotation=30, ha="right", fontsize=10)
    ax.set_ylabel("chance of winning the game", fontsize=11)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_ylim(0, 1)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=9, loc="upper left", ncol=2)
    ax.set_title("The modern game (24 cards, 10 points): our game model beside Benjamin's chart", fontsize=12)
    fig.text(0.01, 0.01, "Ours: the game model solved from each policy's hands at every score, double-dummy "
             "unless the report says otherwise; 95% bootstrap intervals.", fontsize=8)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return save_figure(fig, path, dpi=DPI)


def _heatmaps(fitted: dict, path: Path) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from analysis.reporting.charts import DPI

    keys = [k for k in LABELS if k in fitted]
    cols = min(2, len(keys))          # two a row: a screen's width
    rows = -(-len(keys) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.8 * cols, 4.9 * rows), squeeze=False)
    for ax in axes.ravel()[len(keys):]:
        ax.axis("off")
    for ax, key in zip(axes.ravel(), keys):
        f = fitted[key].f
        ax.imshow(f, cmap="cividis", vmin=0, vmax=1, origin="lower")
        for m in range(GAME):
            for o in range(GAME):
                ax.text(o, m, f"{100 * f[m, o]:.0f}", ha="center", va="center", fontsize=8,
                        color="black" if f[m, o] > 0.55 else "white")
        ax.set_title(LABELS[key], fontsize=11)
        ax.set_xticks(range(GAME))
        ax.set_yticks(range(GAME))
        ax.set_xlabel("the other side's score")
        ax.set_ylabel("the dealing side's score")
    fig.suptitle("The dealing side's chance of winning the game (%), by score", fontsize=12)
    fig.tight_layout()
    return save_figure(fig, path, dpi=DPI)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    fitted = models(table, manifest)
    rows = beside_benjamin(fitted)
    voids = share_void(table)
    first = scored_first(table)
    files = []
    if not rows.empty:
        write_text(out_dir / "beside_benjamin.csv", rows.to_csv(index=False, float_format="%.5f"))
        files.append((_beside_chart(rows, out_dir / "beside_benjamin.png"),
                      "Each of Benjamin's figures (black bar) beside the game model of each policy and rule "
                      "(95% bootstrap intervals)."))
        files.append((_heatmaps(fitted, out_dir / "win_by_score.png"),
                      "The dealing side's chance of winning the game at every score, each policy and rule."))
    for (policy, rule), m in fitted.items():
        f = pd.DataFrame(m.f, index=pd.Index(range(GAME), name="dealing side"),
                         columns=[f"other {o}" for o in range(GAME)])
        write_text(out_dir / f"win_{policy}_{rule}.csv", f.to_csv(float_format="%.5f"))
    shown = pd.DataFrame([{"Benjamin's figure": r["what"], "his": _pct(r["benjamin"]),
                           **{LABELS[k]: _fmt(rows, r["what"], k) for k in LABELS if k in fitted}}
                          for r in rows.drop_duplicates("what").to_dict("records")])
    deals = int(table["deals"].sum()) if len(table) else 0
    method = (
        f"The modern rules: the {PACK}-card pack (nine to ace), a game of {GAME} points, scoring as in the book "
        "(one for three tricks, two for a march or a euchre, four for a lone march), no rubber. Two rules when all "
        "four pass twice: the deal is void (the book's law 77), or stick-the-dealer (the dealer must name a suit). "
        "Two policies, all four players alike: the book's, and the optimised policy of the rule, made by "
        "`euchrelab optimise --pack 24 --unit game` (iterated best response over hand classes in nine score "
        "bands, valued by the chance of winning the game, double-dummy; packaged as `modern` and "
        "`modern_stick`). Each scenario deals uniform deals, deal i of a chunk at score i mod 100 (every score "
        "below game alike, the dealing side's points first), bids them by the policy at that score and plays "
        "them, and counts the hands by outcome. The game model (analysis/value/game_model.py) treats the game as "
        "a Markov chain over the scores, the deal passing to the left after every hand: f[m, o], the dealing "
        "side's chance of winning at m to o, solved from each score's outcome frequencies, with the 95% "
        "percentile interval of a parametric bootstrap (1,000 multinomial draws per score). Benjamin's figures "
        "are as published; how they were obtained is not measured here. The book's policy reads the score as in "
        "the book's game of five: its score rules (caution when the other side has three or more, the light "
        "calls at four-all, the lone hand at four-one) apply at those raw points, not scaled to a game of ten, "
        "so at ten points it plays the book's love-all advice almost throughout and none of its end-game "
        "rules near game; the optimised policies start from it and change what their sweeps measured. Our model assumes every hand is "
        f"bid by the one policy and played as the report's engine plays ({deals:,} hands in all). The study "
        "tests no claim of the book: the book's game is five points with 32 cards.")
    nine = scored_first(table[(table["a"] == GAME - 1) & (table["b"] == GAME - 1)])
    sections = [("Why the figures differ", _differences(rows, voids, first, nine))] if not rows.empty else []
    sections.append(("The hands", md_table(pd.DataFrame([
        {"policy and rule": LABELS[k], "hands": f"{int(fitted[k].counts.sum()):,}",
         "void hands": _pct(voids[k]), "hands the dealing side scores": _pct(first[k])}
        for k in LABELS if k in fitted]))))
    return study_report(
        study, question=("How likely is the dealing side to win a game of ten points from each score, and how do "
                         "Benjamin's published figures compare?"),
        method=method, table=shown,
        caption="Each of Benjamin's figures beside ours: the dealing side's chance of winning the game unless "
                "said (95% bootstrap intervals). Every score is in win_<policy>_<rule>.csv.",
        files=files, headline=_headline(rows), sections=sections)


def _fmt(rows: pd.DataFrame, what: str, key) -> str:
    r = rows[(rows["what"] == what) & (rows["policy"] == key[0]) & (rows["rule"] == key[1])].iloc[0]
    return f"{_pct(r['ours'])} [{_pct(r['low'])}, {_pct(r['high'])}]"


def _gaps(rows: pd.DataFrame, key) -> pd.Series:
    r = rows[(rows["policy"] == key[0]) & (rows["rule"] == key[1])]
    return pd.Series((r["ours"] - r["benjamin"]).to_numpy(), index=r["what"])


def _headline(rows: pd.DataFrame) -> str:
    if rows.empty:
        return "Too few hands at some score to solve the game."
    gaps = {key: _gaps(rows, key).abs() for key in LABELS
            if ((rows["policy"] == key[0]) & (rows["rule"] == key[1])).any()}
    close = min(gaps, key=lambda k: gaps[k].max())
    text = (f"Our game model is within {100 * gaps[close].max():.1f} percentage points of each of Benjamin's "
            f"{len(gaps[close])} figures with {IN_WORDS[close]}")
    key = ("optimised", "stick")
    if key in gaps and key != close:
        worst = gaps[key].idxmax()
        ours = float(rows[(rows["policy"] == key[0]) & (rows["rule"] == key[1]) & (rows["what"] == worst)]["ours"].iloc[0])
        his = float(rows.loc[rows["what"] == worst, "benjamin"].iloc[0])
        text += (f". With {IN_WORDS[key]} it is within {100 * gaps[key].max():.1f}; the largest gap is {worst}: "
                 f"{_pct(ours)} against his {100 * his:.0f}%")
    return text + "."


def _differences(rows: pd.DataFrame, voids: dict, first: dict, nine: dict) -> str:
    """The measured reasons the models differ from each other and from Benjamin, in words;
    ``nine``: the share of hands the dealing side scores at 9-9, by (policy, rule)."""
    lines = []
    for key in LABELS:
        if ((rows["policy"] == key[0]) & (rows["rule"] == key[1])).any():
            g = _gaps(rows, key)
            lines.append(f"- {LABELS[key]}: ours minus Benjamin's from {100 * g.min():+.1f} to {100 * g.max():+.1f} "
                         f"percentage points (mean {100 * g.mean():+.1f}); {_pct(voids[key])} of hands void; the "
                         f"dealing side scores on {_pct(first[key])} of hands.")
    text = ("Ours minus Benjamin's, over his figures (his are whole percentages, so a gap within half a "
            "point is his rounding):\n\n" + "\n".join(lines) + "\n\n")
    if ("book", "stick") in first and ("optimised", "stick") in first:
        opt, book = first[("optimised", "stick")], first[("book", "stick")]
        text += (f"Under stick-the-dealer the dealing side scores on {_pct(opt)} of hands under the optimised policy "
                 f"and {_pct(book)} under the book's ({'fewer' if opt < book else 'more'}), over every score; at 9-9, "
                 f"where the next hand decides and f[9, 9] is that share, {_pct(nine[('optimised', 'stick')])} "
                 f"against {_pct(nine[('book', 'stick')])}.\n\n")
    text += ("What moves the figures, as measured here: at 9-9 the next hand decides the game, so f[9, 9] is the "
             "dealing side's chance of scoring on that hand (and, when the deal is void, of winning after the "
             "other side deals): a model that makes the dealers score more often raises it. At tied scores below "
             "the end, one hand is a small part of the game, so every model is near one half; the dealing side's "
             "edge there is what the deal is worth over the rest of the game. The rule moves the figures through "
             "the void hands (none under stick-the-dealer); the policy through how often and how lightly each "
             "seat calls. Two things are not in our model: players who see only their own cards (the play here "
             "sees every card unless the report names a table engine; the table variant of this study measures "
             "it), and players who bid unlike either policy, as Benjamin's players may.")
    return text

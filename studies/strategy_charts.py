"""Strategy charts: what each seat should do with each class of hand, against book-playing others.

For every seat and each of its bidding decisions (round one: pass, call or call alone; round two:
pass, make next, make the stronger or the weaker cross suit, make the strongest alone), and the
dealer's discard after taking up (four rules), the value
of every action per hand class a player recognises (:mod:`analysis.tools.strategy`), in the deciding
side's net points per hand at love-all, every other decision by the book's policy; the best
action per class with its margin over the next best; and what the book does there.

Scenarios ``r1-<seat>``, ``r2-<seat>`` and ``d-A`` (the dealer's discard): deals at love-all
(``r1-<seat>@<a>-<b>`` at each other
score of the option ``scores``, AC-BD) bid by the book's policy; where the
seat's decision is reached (the earlier players' passes as they happened), the first ``cap``
hands of each class of a chunk are played once per action, double-dummy, on the same deals
(:func:`analysis.tools.strategy.decision_rows`). Round two is reached on about a third of the deals
(the dealer's on fewer): its scenarios deal ``round_two_factor`` times the chunk's deals.

At a score other than love-all the actions are valued in the deciding side's probability of
winning the game (:mod:`analysis.value.game_value`: the game model solved from the book's own hands at
every score, which the scenario ``game`` deals, deal i of a chunk at the i-th score in turn).

The table is the counted frame (deals per class, the book's action and each action's net
points); :func:`analysis.tools.strategy.action_table` turns it into the charts' table, also written as
``strategy_table.csv`` in the report folder.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from analysis.bidding import BookPolicy
from analysis.errors import EuchreError
from analysis.experiment import GAME_WIN, Study
from analysis.game import LOVE_ALL, Rules, SEATS, SEAT_NAMES, SEAT_ORDER, Score
from analysis.reporting.markup import md_table
from analysis.tools import strategy
from analysis.value import game_value, outcomes
from fastcore.sampler import sample_deals
from studies.common.game_models import table_outcome_counts, root_seed
from studies.common.report import headline, options_of, pack_of, study_report

DEFAULT_CAP = 100             # hands of one class played per chunk at most
DEFAULT_ROUND_TWO_FACTOR = 3  # round two's scenarios deal this many times the chunk's deals
DEFAULT_SCORES = ["0-0", "4-2"]   # AC-BD: love-all, and one side at four against two (both sides' view)


class StrategyCharts(Study):
    name = "strategy_charts"
    title = "Strategy charts: the best bid by hand class, seat by seat"
    description = ("Every seat's round-one call (pass, call, alone), round-two make (pass, next, cross, alone) and "
                   "the dealer's discard valued per hand class against book-playing others, at love-all and 4-2; "
                   "the best action and the book's own.")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players at "
                "love-all; the deciding seat's decision forced to each action in turn (analysis.tools.strategy.ArmPolicy)")
    defaults = {"deals": 250_000, "chunk_size": 25_000, "cap": DEFAULT_CAP,
                "round_two_factor": DEFAULT_ROUND_TWO_FACTOR, "scores": DEFAULT_SCORES}
    suite_position = 11
    claims = ()

    def refuses(self, rules) -> str | None:
        if rules.stick_the_dealer:
            return ("the strategy_charts study charts the book's game, where the dealer may pass in round two: "
                    "run it without stick-the-dealer")
        return None

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, cap=DEFAULT_CAP, round_two_factor=DEFAULT_ROUND_TWO_FACTOR)
        why = self.refuses(settings.rules)
        if why:
            raise EuchreError(why)
        scores = charted_scores(settings.options.get("scores", DEFAULT_SCORES), settings.rules)
        names = []
        for score in scores:
            at = "" if score == LOVE_ALL else f"@{score[0]}-{score[1]}"
            names += [f"r{rnd}-{seat}{at}" for rnd in (1, 2) for seat in SEAT_ORDER] + [f"d-A{at}"]
        return names + (["game"] if any(score != LOVE_ALL for score in scores) else [])

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        cap, factor = self.whole_options(settings, cap=DEFAULT_CAP, round_two_factor=DEFAULT_ROUND_TWO_FACTOR)
        if scenario == "game":
            return every_score_game_rows(sample_deals(n_deals, seed, pack=settings.pack), settings.rules)
        try:
            name, _, at = scenario.partition("@")
            rnd = strategy.DISCARD if name.startswith("d-") else int(name[1])
            seat = SEATS.index(name.split("-")[1])
            if rnd == strategy.DISCARD and seat != 0:
                raise EuchreError("only the dealer discards")
            score = charted_scores([at], settings.rules)[0] if at else LOVE_ALL
        except (ValueError, IndexError, EuchreError):
            raise EuchreError(f"no scenario {scenario!r} in the strategy_charts study") from None
        deals = sample_deals(n_deals * (factor if rnd == 2 else 1), seed, pack=settings.pack)
        return strategy.decision_rows(deals, BookPolicy(), seat, rnd, settings.rules, score, cap)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """Deals per (round, seat, class, the book's action, each action's net points)."""
        return strategy.counted([frame]) if len(frame) else strategy.counted([])

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        return None

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = StrategyCharts()


def charted_scores(texts, rules) -> list[tuple[int, int]]:
    """The option ``scores`` ("AC-BD" each) as scores, checked against the game."""
    if isinstance(texts, str) or not isinstance(texts, (list, tuple)) or not texts:
        raise EuchreError(f"option scores must be a list of scores like [\"0-0\", \"4-2\"], not {texts!r}")
    out = []
    for text in texts:
        score = rules.check_score(Score.parse(text), "option scores:")
        if (score.ac, score.bd) not in out:
            out.append((score.ac, score.bd))
    return out


def every_score_game_rows(deals, rules) -> pd.DataFrame:
    """The book's hands by outcome at every score, a chunk's deals shared among all of them (deal i
    at the i-th score in turn): the counts the game model is solved from, as rows of round 0
    (``choice`` the outcome's index)."""
    game = rules.points_for_game
    scores = [divmod(k, game) for k in range(game * game)]
    rows = [{"a": a, "b": b, "round": 0, "seat": "-", "holding": -1, "aces": 0, "voids": 0, "relation": "", "down": "",
             "choice": i, **dict.fromkeys(strategy.NETS, 0), "deals": n}
            for a, b, i, n in outcomes.by_score(deals, BookPolicy(), rules, scores)]
    return strategy.counted([pd.DataFrame(rows, columns=strategy.KEYS + ["deals"])])


def actions_of(table: pd.DataFrame, manifest: dict) -> pd.DataFrame:
    """The charts' table at every score: net points per hand at love-all, the deciding side's
    probability of winning the game elsewhere (the game model of the run's own book hands)."""
    if table.empty:
        return strategy.action_table(table)
    love = table[(table["a"] == 0) & (table["b"] == 0)]
    others = table[((table["a"] != 0) | (table["b"] != 0)) & (table["round"] > 0)]
    parts = [strategy.action_table(love)]
    if len(others):
        rules = Rules(**{k: v for k, v in manifest.get("rules", {}).items()
                         if k in ("pack", "points_for_game", "stick_the_dealer")})
        counts = table_outcome_counts(table[table["round"] == 0], rules.points_for_game, "choice")
        if (counts.sum(axis=2) == 0).any():
            raise EuchreError("the game model needs the book's hands at every score: run the study with more deals")
        model = game_value.solved(counts, rules, root_seed(manifest), STUDY.name)
        parts.append(strategy.action_table(others, value=lambda a, b, seat, nets: model.after(a, b, seat, nets),
                                           unit=GAME_WIN))
    return pd.concat([p for p in parts if len(p)], ignore_index=True)


def changes(actions: pd.DataFrame) -> pd.DataFrame:
    """Classes whose best action, clear (its margin's interval above zero) at love-all and at
    another score, differs between the two."""
    if actions.empty:
        return pd.DataFrame()
    clear = actions[(actions["verdict"] != "few deals") & (actions["margin_low"] > 0)]
    keys = ["round", "seat", "class"]
    love = clear[(clear["a"] == 0) & (clear["b"] == 0)][keys + ["best"]]
    other = clear[(clear["a"] != 0) | (clear["b"] != 0)]
    both = other.merge(love, on=keys, suffixes=("", "_love"))
    both = both[both["best"] != both["best_love"]]
    return pd.DataFrame({
        "score (AC-BD)": [f"{a}-{b}" for a, b in zip(both["a"], both["b"])], "seat": both["seat"],
        "decision": both["round"].map(strategy.DECISIONS), "class": both["class"],
        "best at love-all": both["best_love"], "best at the score": both["best"],
        "its margin, game-win [95%]": [f"{100 * m:+.1f}% [{100 * lo:+.1f}%, {100 * hi:+.1f}%]" for m, lo, hi in
                                       zip(both["margin"], both["margin_low"], both["margin_high"])],
        "the book (usual)": both["policy_usual"]}).reset_index(drop=True)


# --- the report ---------------------------------------------------------------------------------------------

def method_words(cap: int, factor: int, pack: int) -> str:
    return (
        f"Uniform random deals of the {pack}-card pack at love-all, every player bidding by the book's policy. For "
        "each seat and round, where the book's bidding reaches the seat's decision (the earlier players passing "
        f"as they did), the hand is classed and the first {cap:,} hands of each class of a chunk are played once "
        "per action, on the same deals (paired), the seat's decision forced and every other decision by the "
        "book's policy; double-dummy play. Round one's actions: pass, call (order up, assist, take up) not alone, "
        "call alone. Round two's: pass, make next, make the stronger cross suit, make the weaker one, each not "
        "alone, and make his strongest legal suit alone (the book's own lone hand in another suit, rare, is "
        "counted as that suit made). The dealer's discard, where he takes up the turn-up and plays (scenario "
        "d-A): the book's rule (the lowest card of a short suit, a lone ace kept unless alone), the lowest plain "
        "card, the lowest card of the longest plain suit, the lowest singleton (to make a void); with no plain "
        "card, or no singleton for the last, the book's card; the bidding is the book's and unchanged, the hand "
        "classed as in round one (after the book's discard), the book's usual rule the first that throws its "
        "card. Round two's scenarios deal "
        f"{factor} times as many deals, since its decisions are reached less often.")


def flagged(actions: pd.DataFrame) -> pd.DataFrame:
    """The classes where the book's usual action loses to the best beyond its interval."""
    if actions.empty:
        return actions
    bad = actions[actions["verdict"].isin(["too cautious", "too bold", "wrong suit", "wrong discard"])]
    bad = bad.sort_values(["a", "b", "policy_loss"], ascending=[True, True, False])
    return pd.DataFrame({
        "score (AC-BD)": [f"{a}-{b}" for a, b in zip(bad["a"], bad["b"])],
        "decision": bad["round"].map(strategy.DECISIONS), "seat": bad["seat"], "class": bad["class"],
        "deals": bad["deals"],
        "the book (usual)": bad["policy_usual"], "best": bad["best"], "verdict": bad["verdict"],
        "book's loss [95%]": [_value(m, lo, hi, u) for m, lo, hi, u in
                              zip(bad["policy_loss"], bad["policy_loss_low"], bad["policy_loss_high"], bad["unit"])],
    }).reset_index(drop=True)


def _value(m: float, lo: float, hi: float, unit: str) -> str:
    if unit == strategy.POINTS_UNIT:
        return f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}] points per hand"
    return f"{100 * m:+.1f}% [{100 * lo:+.1f}%, {100 * hi:+.1f}%] of a game"


def seat_summary(actions: pd.DataFrame) -> pd.DataFrame:
    """Per seat and round: classes judged, how many the book agrees with, is too cautious, too bold."""
    out = []
    if actions.empty:
        return pd.DataFrame(out)
    for (a, b, rnd, seat), g in actions.groupby(["a", "b", "round", "seat"], sort=False):
        judged = g[g["verdict"] != "few deals"]
        w = judged["deals"].to_numpy(float)
        counts = judged["verdict"].value_counts()
        loss = (judged["policy_loss"] * w).sum() / w.sum() if w.sum() else float("nan")
        unit = g["unit"].iloc[0]
        out.append({"score (AC-BD)": f"{a}-{b}", "decision": strategy.DECISIONS[int(rnd)], "seat": seat,
                    "classes judged": len(judged),
                    "hands played": int(g["deals"].sum()),
                    "agrees": int(counts.get("agrees", 0)), "close": int(counts.get("close", 0)),
                    "too cautious": int(counts.get("too cautious", 0)), "too bold": int(counts.get("too bold", 0)),
                    "wrong suit or discard": int(counts.get("wrong suit", 0) + counts.get("wrong discard", 0)),
                    "book's mean loss per hand played": "" if not w.sum() else
                    (f"{loss:+.3f} points" if unit == strategy.POINTS_UNIT else f"{100 * loss:+.1f}% of a game")})
    return pd.DataFrame(out)


FLAG_WORDS = {"too cautious": "too cautious", "too bold": "too bold",
              "wrong suit or discard": "of the wrong suit or discard"}


def headline_of(summary: pd.DataFrame, actions: pd.DataFrame) -> str:
    """How often the book's usual action is the best (or within the interval of it), which way it
    errs most, and the seat and decision where it costs most at love-all."""
    if summary.empty:
        return ""
    judged = int(summary["classes judged"].sum())
    fine = int(summary["agrees"].sum() + summary["close"].sum())
    if not judged:
        return f"No class was judged: none had the {strategy.MIN_DEALS} hands it needs."
    first = (f"The book's usual action is the best, or within the 95% interval of it, in {fine:,} of {judged:,} "
             f"judged {_cells(judged)}")
    if judged == fine:
        return first + "."
    errs = {word: int(summary[word].sum()) for word in FLAG_WORDS}
    most = max(errs, key=errs.get)
    others = ", ".join(f"{n:,} {word}" for word, n in errs.items() if word != most)
    first += f"; elsewhere it is mostly {FLAG_WORDS[most]} ({errs[most]:,} {_cells(errs[most])}; {others})."
    love = actions[(actions["a"] == 0) & (actions["b"] == 0) & (actions["verdict"] != "few deals")]
    if love.empty:
        return first
    by = love.groupby(["round", "seat"])
    cost = (love["policy_loss"] * love["deals"]).groupby([love["round"], love["seat"]]).sum() / by["deals"].sum()
    rnd, seat = cost.idxmax()
    where = by.get_group((rnd, seat))
    flags = where["verdict"][where["verdict"].isin(["too cautious", "too bold", "wrong suit", "wrong discard"])]
    how = f", {flags.mode()[0]} in {(flags == flags.mode()[0]).sum()} of {len(where)} {_cells(len(where))}" \
        if len(flags) else ""
    decision = "the dealer's discard" if rnd == strategy.DISCARD else strategy.DECISIONS[rnd]
    return headline(first, f"It costs most in {decision} for {SEAT_NAMES[SEATS.index(seat)]}: "
                           f"{cost.max():.2f} points per hand at love-all{how}.")


def _cells(n: int) -> str:
    return "cell" if n == 1 else "cells"


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    options = options_of(manifest)
    cap = options.get("cap", DEFAULT_CAP)
    factor = options.get("round_two_factor", DEFAULT_ROUND_TWO_FACTOR)
    method = method_words(cap, factor, pack_of(manifest))
    actions = actions_of(table, manifest)
    strategy.write_csv(actions, out_dir / "strategy_table.csv")
    caption_method = ("Method: the book's policy bids deals at the page's score; where the seat's decision is reached, "
                      f"at most {cap} hands of a class per chunk are played under each action, paired, double-dummy.")
    paths = strategy.write_charts(actions, out_dir, title="The best bid by hand class against the book's players",
                                  method=caption_method, policy_name="the book", prefix="strategy")
    files = []
    for key, path in paths.items():
        if key == "pdf":
            continue
        seat, rnd, (a, b) = strategy.read_page_key(key)
        unit = ("net points per hand" if (a, b) == LOVE_ALL else
                "percentage points of the probability of winning the game")
        what = "discard rule" if rnd == strategy.DISCARD else "action"
        caption = (f"{SEAT_NAMES[SEATS.index(seat)]} at {strategy.score_words(a, b, seat)}, "
                   f"{strategy.PAGE_TITLES[rnd]}: the best {what} per hand class, its margin over the next best in "
                   f"{unit} (95%), and the book's usual {what} with its share; a mark and a frame where the book's "
                   f"{what} loses beyond its interval. One A4 page of strategy.pdf.")
        files.append((path, caption))
    summary = seat_summary(actions)
    bad = flagged(actions)
    moved = changes(actions)
    question = ("What should each seat do with each class of hand, and where does the book's advice differ? Charts "
                "a player can print and carry to the table.")
    method += ("\n\nHand classes: " + strategy.CLASS_NOTE + "\n\nThe value of an action: the deciding side's net "
               "points (its points minus the adversaries') "
               "per hand; its interval a t-interval over the deals. The best action is the one of highest mean; "
               "its margin over the next best is their paired difference on the same deals, with its 95% interval "
               "(choosing the best on the same data makes the margin a little optimistic). The book's usual "
               "action is the one it takes on most of the class's hands; it is marked too cautious (it passes, or "
               "does not go alone, where a bolder action is better), too bold, or of the wrong suit only where the "
               "best action beats it by more than the 95% interval of their paired difference; each class is its "
               f"own comparison, with no correction for the many classes, so a few of the flags are chance. Classes "
               f"with fewer than {strategy.MIN_DEALS} hands are listed, not judged. The full table "
               "(every action's value and interval, the book's share of each action) is strategy_table.csv in "
               "this folder. Double-dummy play sees every card: it favours whoever the unseen cards favour, "
               "makers and defenders alike.\n\nOther scores: at each score of the option scores (AC-BD) other "
               "than love-all the same is done at that score, and the actions are valued in the deciding side's "
               "probability of winning the game after the hand, by the game model (analysis.value.game_value) solved from "
               "the book's own hands at every score (the scenario game); the model's own sampling error is left "
               "out of the intervals. Only the first game's value is charted, not the rubber's points.\n\n"
               "Reading the charts: " + strategy.CHART_NOTE.format(policy="the book", min=strategy.MIN_DEALS))
    headline = headline_of(summary, actions)
    return study_report(
        study, question=question, method=method, table=summary,
        caption=(f"Per score, decision and seat: the classes judged (at least {strategy.MIN_DEALS} hands), how the "
                 "book's usual action stands against the best action, and the book's mean loss against the best per "
                 "hand of the classes played (each class weighted by its hands played, which the cap makes more "
                 "even than the deal)."),
        files=files, headline=headline,
        sections=[("Where the book's action loses beyond its interval",
                   "Love-all first, then each score, the largest losses first; 40 at most here, all in "
                   "strategy_table.csv.\n\n" + md_table(bad.head(40))
                   if len(bad) else "Nowhere."),
                  ("Where the best action changes with the score",
                   "Classes whose best action is clear (its margin's 95% interval above zero) both at love-all and "
                   "at the score, and differs.\n\n" + (md_table(moved) if len(moved) else "None at these scores."))])

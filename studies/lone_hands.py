"""Lone hands and the score: going alone against playing with the partner, on the same deals.

Each scenario is the dealer's side's score ``dealers-a`` (AC has ``a`` points, a below game);
its deals are shared out in turn among the scores ``a-b`` of the other side (b below game), so
every score below game gets an equal number of deals (25 scores in the book's game of five).
Each deal is bid by the book's policy at its score (analysis.book_policy). On every deal where
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
outcome under the book's policy is counted: :mod:`analysis.game_model` turns those outcomes,
per score, into the probability of winning the game, and each arm of a pair is valued by the
game-win probability of the score it leads to.

At 1-4 and 2-4 (BD, the eldest hand's side, at four), each deal is also bid by the book with
the bridge kept (B1: the eldest hand orders whatever he holds) and the two biddings' results
are compared by game-win probability (kind "bridge").
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analysis import cells
from analysis.book_policy import BookParams, BookPolicy
from analysis.errors import EuchreError
from analysis.game_model import OUTCOMES, outcome_index, side_wins, win_probability
from analysis.paired import Paired, contract_arm, play_arms, policy_arm
from analysis.policy import Situations
from analysis.rules import Rules, Score
from analysis.simulate import BiddingBatch, bid_batch, play_out
from analysis.study import GAME_WIN, MARGINS, POINTS, ClaimTest, Study, verdict_of
from fastcore.handpatterns import hand_numbers
from fastcore.vocabulary import DEALER, ELDEST, JACK, SEAT_NAMES, SEATS, SECOND, side_of

KINDS = ("void", "call", "take", "bridge")
STRENGTHS = ("none", "desperate", "light", "sound")
CLASS_COLUMNS = ("strength", "trumps", "right", "left", "aces")
KEYS = ["a", "b", "kind", "seat", "round", *CLASS_COLUMNS, "book_alone"]
CLASS = ["round", "strength", "trumps", "right", "left", "aces"]


def game_of(settings) -> int:
    """The points for game of a run (the book's five when there are no settings)."""
    return (settings.rules if settings is not None else Rules()).points_for_game


def is_bridge(score: Score) -> bool:
    """B1's scores: the eldest hand's side (BD) at four, the dealers at one or two."""
    return score.bd == 4 and score.ac in (1, 2)


# --- one chunk --------------------------------------------------------------------------------

def hand_class(seat: int, hands, turn_up, rnd: int, score, rules, trump) -> dict[str, np.ndarray]:
    """Trumps, right, left, outside aces and the book's lone strength (0 none .. 3 sound) of hands."""
    hands = np.asarray(hands, np.uint32)
    trump = np.asarray(trump, np.int8)
    t = Situations(seat, hands, np.asarray(turn_up, np.int8), rnd, score, rules, trump, lambda i: ())
    sound, light, desperate = BookPolicy.lone_strength(t, hands)
    numbers = hand_numbers(hands, trump) if len(hands) else np.zeros((0, 3), np.int32)
    right = (hands >> (trump.astype(np.uint32) * 8 + JACK)) & 1
    left = (hands >> ((trump.astype(np.uint32) ^ 1) * 8 + JACK)) & 1
    strength = np.where(sound, 3, np.where(light, 2, np.where(desperate, 1, 0)))
    return {"strength": strength.astype(np.int8), "trumps": numbers[:, 0].astype(np.int8),
            "right": right.astype(np.int8), "left": left.astype(np.int8), "aces": numbers[:, 1].astype(np.int8)}


@dataclass
class LoneArms:
    """The book's bidding of a batch of deals and the arms of each caller's lone decision."""

    bidding: BiddingBatch
    called: np.ndarray     # the deals where a player made trump
    lone: Paired           # on those deals: "alone" and "with partner", to the caller's side
    assisted: np.ndarray   # the deals where C assisted (ordered up in round one)
    take: Paired           # on those deals: "dealer alone", to the dealer's side
    book: np.ndarray       # (N, 2) the points (AC, BD) of every deal as the book plays it


def book_and_arms(deals, score: Score, rules: Rules) -> LoneArms:
    """The book's bidding of ``deals`` at ``score``, each caller's hand played alone and with
    his partner, and the dealer's lone hand where C assisted.

    The book's own result of each deal is read from the arm it chose; only the deals where a
    partner took it from the caller (other than the dealer from C) are played once more.
    """
    hands = np.asarray(deals.hands, np.uint32)
    b = bid_batch(hands, deals.turn_up, BookPolicy(), rules, score)
    called = np.flatnonzero(b.caller >= 0)
    caller, rnd, trump = b.caller[called], b.round[called], b.trump[called]
    lone = play_arms(deals[called], {
        "alone": contract_arm(caller, trump, rnd, lone_seat=caller, rules=rules, score=score),
        "with partner": contract_arm(caller, trump, rnd, lone_seat=-1, rules=rules, score=score),
    }, side=side_of(caller))
    assisted = called[(caller == SECOND) & (rnd == 1)]
    take = play_arms(deals[assisted], {
        "dealer alone": contract_arm(DEALER, b.trump[assisted], 1, lone_seat=DEALER, rules=rules, score=score),
    }, side=side_of(DEALER))

    book = np.zeros((len(hands), 2), np.int8)
    done = b.caller < 0                                  # void deals: no points
    lone_seat = b.lone_seat[called]
    for arm, chosen in (("with partner", lone_seat < 0), ("alone", lone_seat == caller)):
        book[called[chosen]] = lone.results[arm].points[chosen]
        done[called[chosen]] = True
    took = b.lone_seat[assisted] == DEALER               # the dealer took it from C
    book[assisted[took]] = take.results["dealer alone"].points[took]
    done[assisted[took]] = True
    rest = np.flatnonzero(~done)                         # another partner took it: play the book's contract
    if len(rest):
        _, book[rest] = play_out(b.maker[rest], b.trump[rest], b.lone_seat[rest], b.play_hands[rest])
    return LoneArms(b, called, lone, assisted, take, book)


def score_rows(deals, score, rules: Rules) -> pd.DataFrame:
    """The rows of ``deals`` bid and played at ``score`` (AC, the dealers; BD)."""
    score = Score.of(score)
    n = len(deals.hands)
    turn_up = np.asarray(deals.turn_up).astype(np.int8)
    arms = book_and_arms(deals, score, rules)
    bid, called, assisted = arms.bidding, arms.called, arms.assisted
    frames = []

    outcome = outcome_index(arms.book[:, 0], arms.book[:, 1])   # the dealer's side is AC
    void = np.flatnonzero(bid.caller < 0)
    frames.append(_rows(score, "void", void, -1, 0, _no_class(len(void)), False, 0, 0, outcome[void]))

    # The class of the hand each caller would play alone (the dealer's after his lone discard).
    caller, rnd, trump = bid.caller[called], bid.round[called], bid.trump[called]
    alone_hands = arms.lone.results["alone"].play_hands
    cls = {k: np.zeros(len(called), np.int8) for k in CLASS_COLUMNS}
    for seat in range(4):
        for r in (1, 2):
            rows = np.flatnonzero((caller == seat) & (rnd == r))
            if len(rows):
                found = hand_class(seat, alone_hands[rows, seat], turn_up[called[rows]], r, score.seat(seat), rules,
                                   trump[rows])
                for k, v in found.items():
                    cls[k][rows] = v
    with_partner = arms.lone.net("with partner")
    frames.append(_rows(score, "call", called, caller, rnd, cls, bid.caller_is_lone[called],
                        arms.lone.net("alone"), with_partner, outcome[called]))

    # C assisted: the dealer alone against C and the dealer together.
    cls = hand_class(DEALER, arms.take.results["dealer alone"].play_hands[:, DEALER], turn_up[assisted], 1,
                     score.seat(DEALER), rules, bid.trump[assisted])
    frames.append(_rows(score, "take", assisted, DEALER, 1, cls, bid.taker[assisted], arms.take.net("dealer alone"),
                        with_partner[np.searchsorted(called, assisted)], -1))

    if is_bridge(score):   # B1: every deal bid by the book keeping the bridge, and not keeping it
        bridge = play_arms(deals, {
            "keeping the bridge": policy_arm(BookPolicy(BookParams(keep_bridge=True)), rules, score),
            "not keeping it": policy_arm(BookPolicy(), rules, score),
        }, side=side_of(ELDEST))
        frames.append(_rows(score, "bridge", np.arange(n), ELDEST, np.maximum(bid.round, 0), _no_class(n), False,
                            bridge.net("keeping the bridge"), bridge.net("not keeping it"), -1))
    return pd.concat(frames, ignore_index=True)


def _no_class(n: int) -> dict[str, np.ndarray]:
    return {k: np.full(n, -1, np.int8) for k in CLASS_COLUMNS}


def _rows(score: Score, kind: str, deal, seat, rnd, cls, book_alone, arm1, arm0, outcome) -> pd.DataFrame:
    """One row per deal of ``deal``: arm1 is the lone arm's net points to the decider's side
    (or keeping the bridge), arm0 the other arm's; ``outcome`` the book's hand (void and call)."""
    n = len(deal)

    def column(x, dtype=np.int8):
        return np.broadcast_to(np.asarray(x).astype(dtype), (n,)).copy()

    return pd.DataFrame({"a": column(score.ac), "b": column(score.bd), "kind": column(KINDS.index(kind)),
                         "seat": column(seat), "round": column(rnd), **{k: column(v) for k, v in cls.items()},
                         "book_alone": column(book_alone, bool), "arm1": column(arm1), "arm0": column(arm0),
                         "outcome": column(outcome)})


# --- the results table ----------------------------------------------------------------------------

def game_values(outcome_counts: np.ndarray, rules: Rules) -> np.ndarray:
    """The dealing side's game-win probability f[m, o] from outcome counts (game, game, 7)."""
    counts = np.asarray(outcome_counts, dtype=float)
    totals = counts.sum(axis=2, keepdims=True)
    if np.any(totals == 0):
        raise EuchreError("the game model needs deals at every score below game: run every dealers' score")
    return win_probability(counts / totals, rules)


def win_after(f, a, b, seat, net) -> np.ndarray:
    """The probability that ``seat``'s side wins the game after a hand at score (a: AC, the
    dealers; b: BD) that gave ``net`` points to that side (negative: to the other side).
    The next hand is dealt by BD."""
    a = np.asarray(a, np.int64)
    b = np.asarray(b, np.int64)
    side = np.asarray(seat, np.int64) & 1
    net = np.asarray(net, np.int64)
    gain, loss = np.maximum(net, 0), np.maximum(-net, 0)
    own = np.where(side == 0, a, b) + gain
    theirs = np.where(side == 0, b, a) + loss
    return side_wins(f, own, theirs, side == 1)


def own_theirs(table: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """The decider's side's score and the adversaries' for each row."""
    bd = table["seat"].isin(["B", "D"])
    return table["a"].where(~bd, table["b"]), table["b"].where(~bd, table["a"])


def outcome_counts(table: pd.DataFrame, game: int) -> np.ndarray:
    """The book's hands per score (a, b) by outcome (:data:`OUTCOMES`): what the game model reads."""
    counts = np.zeros((game, game, len(OUTCOMES)))
    for k in range(len(OUTCOMES)):
        g = table.groupby(["a", "b"])[f"out_{k}"].sum()
        for (a, b), v in g.items():
            counts[int(a), int(b), k] = v
    return counts


class LoneHands(Study):
    name = "lone_hands"
    title = "Lone hands and the score"
    description = ("Lone hands: going alone against playing with the partner on the same deals, in points per "
                   "hand and in the probability of winning the game, by seat, hand and score.")
    policies = ("the book's policy (analysis.book_policy, BookParams defaults) for every seat; each made hand "
                "played both alone and with the partner, and the dealer alone where C assisted; at one-four and "
                "two-four also the book keeping the bridge")
    defaults = {"deals": 40_000, "chunk_size": 5_000}
    suite_position = 3
    claims = (
        ClaimTest("L2.not_lone", "L2", "L2 not lone",
                  "hands the book does not play alone (neither sound nor light), every score: "
                  "alone - with partner", sign=-1),
        ClaimTest("L2.light", "L2", "L2 light",
                  "the book's light lone hands, every score: alone - with partner", sign=-1),
        ClaimTest("L1.three_all", "L1", "L1 3-all",
                  "light lone hands at three-all: P(win game) alone - with partner", GAME_WIN, sign=-1),
        ClaimTest("L1.four_all", "L1", "L1 4-all",
                  "light lone hands at four-all: P(win game) alone - with partner", GAME_WIN, sign=-1),
        ClaimTest("L1.ahead", "L1", "L1 ahead",
                  "light lone hands, any score in the maker's favour: P(win game) alone - with partner",
                  GAME_WIN, sign=-1),
        ClaimTest("L3", "L3", "L3 desperate",
                  "desperate hands (a bower, three trumps; not light) at one-four or two-four against: "
                  "P(win game) alone - with partner", GAME_WIN),
        ClaimTest("L5.B-A", "L5", "L5 B - A",
                  "lone hands (desperate or better), points alone: B - A, same hand class"),
        ClaimTest("L5.A-C", "L5", "L5 A - C",
                  "lone hands (desperate or better), points alone: A - C, same hand class"),
        ClaimTest("L5.A-D", "L5", "L5 A - D",
                  "lone hands (desperate or better), points alone: A - D, same hand class"),
        ClaimTest("L7", "L7", "L7 assisted - not",
                  "the dealer's lone hand (desperate or better), gain alone - with partner: "
                  "after C assisted - taking up unassisted, same hand class"),
        # Tested as the rule's purpose: keeping the bridge raises the eldest hand's side's chances.
        ClaimTest("B1", "B1", "B1 bridge",
                  "one-four and two-four against the dealer's side: the eldest hand's side's "
                  "P(win game) keeping the bridge - not keeping it", GAME_WIN),
    )

    def scenarios(self, settings) -> list[str]:
        return [f"dealers-{a}" for a in range(game_of(settings))]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        from fastcore.sampler import sample_deals

        deals = sample_deals(n_deals, seed, pack=settings.pack)
        a = int(scenario.split("-")[1])
        game = game_of(settings)
        frames = []
        for b in range(game):   # deal i is played at score a-(i mod game)
            rows = np.arange(b, n_deals, game)
            if len(rows):
                frames.append(score_rows(deals[rows], Score(a, b), settings.rules))
        return pd.concat(frames, ignore_index=True)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """Per cell (score, kind, seat, round, hand class, the book's lone decision): deals, sums and
        sums of squares of each arm's net points and of the differences arm1 - arm0 in points and in
        game-win probability, marches and euchres of each arm, and the counts of the book's hand
        outcomes (for the game model)."""
        rules = settings.rules if settings is not None else Rules()
        game = rules.points_for_game
        # Every per-row value is a function of the keys and the (few) arm outcomes: count those first.
        g = frame.groupby(KEYS + ["arm1", "arm0", "outcome"], observed=True).size().rename("w").reset_index()
        w = g["w"].to_numpy(np.int64)
        counts = np.zeros((game, game, len(OUTCOMES)))
        book_hands = (g["kind"] <= KINDS.index("call")).to_numpy()
        np.add.at(counts, (g["a"].to_numpy()[book_hands], g["b"].to_numpy()[book_hands],
                           g["outcome"].to_numpy()[book_hands]), w[book_hands])
        values = game_values(counts, rules)
        seat = g["seat"].clip(lower=0)
        values_of = {"arm1": g["arm1"].astype(float), "arm0": g["arm0"].astype(float),
                     "dpts": g["arm1"].astype(float) - g["arm0"],
                     "dwin": pd.Series(win_after(values, g["a"], g["b"], seat, g["arm1"])
                                       - win_after(values, g["a"], g["b"], seat, g["arm0"]), index=g.index)}
        cols = {"deals": w}
        for name, x in values_of.items():
            cols[f"{name}_sum"] = w * x
            cols[f"{name}_sumsq"] = w * x ** 2
        for name in ("arm1", "arm0"):
            cols[f"{name}_march"] = w * ((g[name] == 2) | (g[name] == 4))
            cols[f"{name}_euchred"] = w * (g[name] < 0)
        for k in range(len(OUTCOMES)):
            cols[f"out_{k}"] = w * (g["outcome"] == k)
        both = pd.concat([g[KEYS], pd.DataFrame(cols, index=g.index)], axis=1)
        table = both.groupby(KEYS, observed=True).sum().reset_index()
        table["kind"] = table["kind"].map(lambda k: KINDS[int(k)])
        table["seat"] = table["seat"].map(lambda s: SEATS[int(s)] if s >= 0 else "-")
        return table.sort_values(KEYS).reset_index(drop=True)

    def estimate(self, key: str, table: pd.DataFrame):
        call = table[table["kind"] == "call"]
        if key.startswith("L5."):   # the lone player's points at two seats, within hand classes
            x, y = key[3], key[5]
            strong = call[call["strength"] >= 1]
            return cells.stratified(strong, strong["seat"] == x, strong["seat"] == y, "arm1", CLASS)
        if key == "L7":             # the dealer's gain from going alone, after C assisted and not
            dealer = table[(table["seat"] == "A") & (table["round"] == 1) & (table["strength"] >= 1)
                           & table["kind"].isin(["call", "take"])]
            return cells.stratified(dealer, dealer["kind"] == "take", dealer["kind"] == "call", "dpts",
                                    ["strength", "trumps", "right", "left", "aces"])
        if key == "B1":
            bridge = table[table["kind"] == "bridge"]
            return cells.mean_of(bridge, "dwin") if len(bridge) else None
        own, theirs = own_theirs(call)
        light, desperate = call["strength"] == 2, call["strength"] == 1
        rows = {
            "L2.not_lone": ~call["book_alone"] & (call["strength"] < 2),
            "L2.light": light,
            "L1.three_all": light & (own == 3) & (theirs == 3),
            "L1.four_all": light & (own == 4) & (theirs == 4),
            "L1.ahead": light & (own > theirs),
            "L3": desperate & (theirs == 4) & own.isin([1, 2]),
        }[key]
        return cells.mean_of(call[rows], "dpts" if self.claim_test(key).unit == POINTS else "dwin")

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = LoneHands()


# --- the report --------------------------------------------------------------------------------

def _charts():
    # Imported when rendering only: workers that compute chunks need no matplotlib.
    from analysis import charts
    return charts


def _ci(est, digits: int = 3, pct: bool = False) -> str:
    if pct:
        return f"{est.mean:+.2%} [{est.low:+.2%}, {est.high:+.2%}]"
    return f"{est.mean:+.{digits}f} [{est.low:+.{digits}f}, {est.high:+.{digits}f}]"


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
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(low, 6)], col_labels=labels,
                                    title=title, xlabel="aces of other suits" if columns == "aces" else "bowers held",
                                    ylabel="trumps held (left bower counted)",
                                    unit="alone - with partner, points per hand", note=CELL_NOTE, limit=1.5)


def _score_heatmap(call: pd.DataFrame, path: Path, game: int) -> Path:
    """Alone - with partner in game-win probability by the maker's score, per lone strength."""
    own, theirs = own_theirs(call)
    call = call.assign(own=own, theirs=theirs)
    panels = {f"{STRENGTHS[s]} lone hands": cells.grid(call[call["strength"] == s], "own", "theirs", "dwin",
                                                       range(game), range(game))
              for s in (3, 2, 1)}
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(game)],
                                    col_labels=[str(c) for c in range(game)],
                                    title="Alone - with partner, in the probability of winning the game, by score",
                                    xlabel="the adversaries' score", ylabel="the maker's side's score",
                                    unit="alone - with partner, P(win game)", limit=0.2, note=CELL_NOTE)


def _game_chart(f: np.ndarray, deals: np.ndarray, path: Path) -> Path:
    game = len(f)
    panels = {"the dealing side's P(win game)": {"mean": f - 0.5, "half": np.full_like(f, np.nan),
                                                   "n": deals.astype(np.int64)}}
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(game)],
                                    col_labels=[str(c) for c in range(game)],
                                    title="The game model: P(win) - 1/2 for the side about to deal",
                                    xlabel="the other side's score", ylabel="the dealing side's score",
                                    unit="P(win game) - 0.5", limit=0.5,
                                    note="Both sides play the book's policy; hands independent given score and dealer. "
                                         "n: the deals whose outcomes give the hand's distribution at that score.")


def _reading(verdict_list) -> str:
    """Which supported claims are smaller than the margin that matters to a player."""
    small = [v for v in verdict_list if v.verdict == "supported" and abs(v.claim.estimate.mean) < v.claim.margin]
    if not small:
        return (f"Every supported claim's estimate is at least the margin that matters ({MARGINS[POINTS]:g} points "
                f"per hand, or {MARGINS[GAME_WIN]:.0%} of the game).")
    return ("Supported, but smaller than the margin that matters to a player (the sign is sure, the size is "
            "slight): " + "; ".join(f"{v.claim.id} ({v.claim.label}): {v.claim.estimate.mean:+.4f} "
                                     f"{v.claim.unit}, margin {v.claim.margin:g}" for v in small) + ".")


def _by_strength(call: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (seat, strength), g in call.groupby(["seat", "strength"], observed=True):
        n = int(g["deals"].sum())
        if n < 2:
            continue
        d, w = cells.mean_of(g, "dpts"), cells.mean_of(g, "dwin")
        rows.append({"seat": seat, "lone strength": STRENGTHS[int(strength)], "deals": n,
                     "book plays alone": f"{g.loc[g['book_alone'], 'deals'].sum() / n:.0%}",
                     "alone: net points": f"{g['arm1_sum'].sum() / n:+.3f}",
                     "with partner: net points": f"{g['arm0_sum'].sum() / n:+.3f}",
                     "march alone / with partner": f"{g['arm1_march'].sum() / n:.1%} / {g['arm0_march'].sum() / n:.1%}",
                     "euchred alone / with partner": f"{g['arm1_euchred'].sum() / n:.1%} / {g['arm0_euchred'].sum() / n:.1%}",
                     "alone - partner, points [95% CI]": _ci(d),
                     "alone - partner, P(win game) [95% CI]": _ci(w, pct=True)})
    return pd.DataFrame(rows)


def _by_score(call: pd.DataFrame, game: int) -> pd.DataFrame:
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
                             "alone - partner, points": _ci(cells.mean_of(g, "dpts")),
                             "alone - partner, P(win game)": _ci(cells.mean_of(g, "dwin"), pct=True)})
    return pd.DataFrame(rows)


def _headline(verdict_list, n_calls: int, deals: int, game: int) -> str:
    def said(key, pct=False):
        v = verdict_of(verdict_list, key)
        return (_ci(v.claim.estimate, pct=pct), v.verdict) if v else ("n/a", "not measured")

    not_lone, light = said("L2.not_lone"), said("L2.light")
    by_game = [verdict_of(verdict_list, key) for key in ("L1.three_all", "L1.four_all", "L1.ahead", "L3", "B1")]
    return (f"On {n_calls:,} made hands ({deals:,} deals over the {game * game} scores), going alone with a hand the "
            f"book plays with its partner changes the caller's net points by {not_lone[0]} per hand (L2: "
            f"{not_lone[1]}); light lone hands: {light[0]} points ({light[1]}). By game-win probability: "
            + "; ".join(f"{v.claim.id} {v.claim.test.split(':')[0]}: {_ci(v.claim.estimate, pct=True)} "
                        f"({v.verdict})" for v in by_game if v) + ".")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    from analysis.report import Chart, StudyReport, md_table
    out_dir = Path(out_dir)
    saved = manifest.get("rules", {})
    rules = Rules(points_for_game=saved.get("points_for_game", Rules().points_for_game))
    game = rules.points_for_game
    verdict_list = study.verdicts(table)
    call = table[table["kind"] == "call"]
    counts = outcome_counts(table, game)
    f = game_values(counts, rules)
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
        (_score_heatmap(call, out_dir / "gain_by_score.png", game),
         "Strategy chart by score: what going alone gains (blue) or loses (red) in the probability of "
         "winning the game, for sound, light and desperate hands (the book's lone classes), by the score "
         "from the maker's side. L1 is the light panel's diagonal and upper triangle, L3 its 1-4 and 2-4."),
        (_game_chart(f, counts.sum(axis=2), out_dir / "game_model.png"),
         "The game model: the probability that the side about to deal wins the game, by score."),
        (_charts().claims_chart(out_dir / "claims_points.png", verdict_list, unit=POINTS),
         "Claims measured in points per hand, each oriented so that positive is the book's side, with 95% "
         "intervals."),
        (_charts().claims_chart(out_dir / "claims_game.png", verdict_list, unit=GAME_WIN),
         "Claims measured in the probability of winning the game, each oriented so that positive is the "
         "book's side, with 95% intervals."),
    ]
    deals = int(table.loc[table["kind"].isin(["void", "call"]), "deals"].sum())
    n_calls = int(call["deals"].sum())
    model_rows = pd.DataFrame([{"dealing side's score": m, **{f"other {o}": f"{f[m, o]:.3f}" for o in range(game)}}
                               for m in range(game)])
    first = counts[0, 0] / counts[0, 0].sum()
    sections = [
        ("Reading the verdicts", _reading(verdict_list)),
        ("Per seat and lone strength", f"Every made hand, pooled over the {game * game} scores: the book's lone "
         "classes (sound: both bowers, three trumps, every card a trump or an outside ace; light: the right with "
         "the left or the ace, three trumps, at most one other card; desperate: a bower and three trumps), the "
         "share the book plays alone, each arm's net points, marches and euchres, and the paired differences.\n\n"
         + md_table(_by_strength(call))),
        ("By score", "The lone classes at each score (from the maker's side), paired differences alone - with "
         "partner in points and in the probability of winning the game.\n\n" + md_table(_by_score(call, game))),
        ("The game model", f"The probability that the side about to deal wins the game ({game} points), by score, "
         "when both sides play the book's policy. At 0-0 a hand gives the dealers "
         + ", ".join(f"{p}: {q:.1%}" for p, q in zip(OUTCOMES, first)) + " (dealers' points, others' points).\n\n"
         + md_table(model_rows)),
    ]
    method = (
        f"Scores: the {game * game} scores below game, the dealer's side AC having the first number (a scenario "
        f"per dealers' score, its deals shared equally among the other side's {game} scores). At each score, "
        f"uniform random deals of the {saved.get('pack', 32)}-card pack ({deals:,} deals in all) are bid by "
        "the book's policy (analysis.book_policy, BookParams defaults: "
        "the bridge not kept). On every deal where a player made trump, the hand is played twice double-dummy: "
        "the caller alone, and the caller with his partner (the dealer taking up and discarding by the book "
        "in round one, unless he is the one who sits out); no one takes it from a partner in either arm. "
        "When C assisted, a third play has the dealer take it from him alone (L7). The two arms share the "
        "deal, the bidding before the decision and the other players' policy: a paired comparison.\n\n"
        "Hand classes: the hand the decider would play alone (the dealer's after his lone discard), by "
        "trumps held (left bower counted), right and left bowers, aces of other suits, and the book's lone "
        "strength. The deals are conditioned on the bidding: a hand class at a seat is the hands the book "
        "calls with there.\n\n"
        f"The game model (analysis/game_model.py): the game-win probability of each score and dealer, solved "
        f"by value iteration over the {game * game} scores, from the distribution of one hand's points under the "
        "book's policy at that score, estimated from the same deals (the dealer is part of the state: the side "
        "about to deal, AC in every scenario; the deal passes to BD after the hand). Assumptions: hands are "
        "independent given the score and the dealer; both sides play the book's policy, with its lone "
        "hands, for the rest of the game; the model's own sampling error is not in the intervals of the "
        "game-probability claims (it is shared by both arms, so it moves little). An arm's value is the "
        "decider's side's probability of winning from the score that arm's points lead to. At three-all a "
        "march with the partner (2 points) already wins the game, so a lone march adds nothing there and a "
        "lone euchre loses it: the game measure sees what points per hand cannot.\n\n"
        "B1: at one-four and two-four (the eldest hand's side at four) each deal is bid twice, by the book "
        "with and without the bridge kept (the eldest hand orders up whatever he holds); the authors "
        "themselves \"doubt the expediency of keeping the bridge strictly\". The claim is tested as the "
        "rule's purpose: keeping it raises the eldest hand's side's chance of winning the game.\n\n"
        "Estimates: paired differences (alone - with partner) with t intervals; L5 and L7 compare "
        "independent samples (different seats, or assisted against unassisted deals) within the same hand "
        "class, averaged over classes (stratified Welch). Holm's correction across the study's claims. "
        "Double-dummy play is perfect-information play: an approximation of play at the table, kinder to "
        "the lone player's adversaries' defence and to his own play alike.")
    question = ("When should a player go alone, and when take his partner? The book's sentences:\n\n"
                + study.quoted(("L1", "L2", "L3", "L5", "L7", "B1")))
    return StudyReport(
        name=study.name, title=study.title, question=question, method=method,
        table=_by_strength(call),
        table_caption="Made hands by the caller's seat and the book's lone strength, all scores pooled: "
                      "each arm's net points to the caller's side, and the paired differences.",
        charts=[Chart(Path(p).name, caption) for p, caption in files],
        verdicts=verdict_list, headline=_headline(verdict_list, n_calls, deals, game), sections=sections)

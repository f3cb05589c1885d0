"""Lone hands and the score: going alone against playing with the partner, on the same deals.

Each scenario is the dealer's side's score ``dealers-a`` (AC has ``a`` points, a = 0..4); its
deals are shared out in turn among the five scores ``a-b`` of the other side (b = 0..4), so the
25 scores below game get equal numbers of deals. Each deal is bid by the book's policy at its
score (analysis.book_policy). On
every deal where a player made trump (ordered up, assisted, took up or made it), the hand is
then played twice, double-dummy, with everything else as the book has it:

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
outcome under the book's policy is counted: :mod:`studies.game_model` turns those outcomes,
per score, into the probability of winning the game, and each arm of a pair is valued by the
game-win probability of the score it leads to.

At 1-4 and 2-4 (BD, the eldest hand's side, at four), each deal is also bid by the book with
the bridge kept (B1: the eldest hand orders whatever he holds) and the two biddings' results
are compared by game-win probability (kind "bridge").
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.stats import Claim, Estimate, _from_se, stratified_from_cells, verdicts
from studies.game_model import OUTCOMES, outcome_index, side_wins, win_probability

NAME = "lone_hands"
TITLE = "Lone hands and the score"
DESCRIPTION = ("Lone hands: going alone against playing with the partner on the same deals, in points per "
               "hand and in the probability of winning the game, by seat, hand and score.")
DEFAULTS = {"deals": 40_000, "chunk_size": 5_000}
SUITE_POSITION = 3   # third in the default suite (euchrelab run default)
GAME = 5
SEATS = "ABCD"
SEAT_NAMES = {"A": "A, the dealer", "B": "B, eldest hand", "C": "C, dealer's partner", "D": "D, third hand"}
KINDS = ("void", "call", "take", "bridge")
STRENGTHS = ("none", "desperate", "light", "sound")
KEYS = ["a", "b", "kind", "seat", "round", "strength", "trumps", "right", "left", "aces", "book_alone"]
CLASS = ["round", "strength", "trumps", "right", "left", "aces"]
MARGIN_WIN = 0.01   # one percentage point of the game: the smallest change in a game's odds that matters

CLAIMS = {
    "L1": "\"With the score three-all, four-all, or any score in your favor, do not risk a light lone hand.\"",
    "L2": "\"A great many points are lost by not taking your partner with you for a march.\"",
    "L3": "\"With the score four-one or four-two against you, you may take a desperate chance.\"",
    "L5": "\"The eldest hand has the best position to play a lone hand, and the dealer the next best. The second "
          "and third hands have the weakest positions.\"",
    "L7": "\"With an assistance you may play a lone hand with less strength than otherwise.\"",
    "B1": "\"Bridge — when the score of the eldest hand is four to one or four to two in his favor.\" Keeping it, "
          "the eldest hand orders up whatever he holds.",
}


def scenarios(settings) -> list[str]:
    return [f"dealers-{a}" for a in range(GAME)]


# --- one chunk --------------------------------------------------------------------------------

def hand_class(policy, seat: int, hands, turn_up, rnd: int, score, rules, trump) -> dict[str, np.ndarray]:
    """Trumps, right, left, outside aces and the book's lone strength (0 none .. 3 sound) of hands."""
    from analysis.policy import Table
    from fastcore.handpatterns import hand_numbers

    hands = np.asarray(hands, np.uint32)
    trump = np.asarray(trump, np.int8)
    t = Table(seat, hands, np.asarray(turn_up, np.int8), rnd, score, rules, trump, lambda i: ())
    sound, light, desperate = policy.lone_strength(t, hands)
    numbers = hand_numbers(hands, trump) if len(hands) else np.zeros((0, 3), np.int32)
    right = (hands >> (trump.astype(np.uint32) * 8 + 4)) & 1
    left = (hands >> ((trump.astype(np.uint32) ^ 1) * 8 + 4)) & 1
    strength = np.where(sound, 3, np.where(light, 2, np.where(desperate, 1, 0)))
    return {"strength": strength.astype(np.int8), "trumps": numbers[:, 0].astype(np.int8),
            "right": right.astype(np.int8), "left": left.astype(np.int8), "aces": numbers[:, 1].astype(np.int8)}


def _dealer_hand(hands0, turn_up, alone) -> np.ndarray:
    """The dealer's hand once he has taken up the turn-up and made the book's discard."""
    from fastcore.handpatterns import book_discard_batch
    six = np.asarray(hands0, np.uint32) | (np.uint32(1) << turn_up.astype(np.uint32))
    d = book_discard_batch(six, turn_up.astype(np.int8), np.broadcast_to(alone, six.shape).astype(bool).copy())
    return six & ~(np.uint32(1) << d.astype(np.uint32))


def contract_hands(hands, turn_up, rnd, player, alone: bool) -> np.ndarray:
    """The hands at the start of play when ``player`` (per row) made trump, alone or not."""
    play = np.asarray(hands, np.uint32).copy()
    rows = np.arange(len(play))
    first = (rnd == 1) & ~(alone & (player == 2))     # the dealer takes up unless he sits out
    if first.any():
        play[first, 0] = _dealer_hand(play[first, 0], turn_up[first], alone & (player[first] == 0))
    if alone:
        play[rows, player ^ 2] = 0
    return play


def _net(points: np.ndarray, seat) -> np.ndarray:
    side = np.asarray(seat) & 1
    own = points[np.arange(len(points)), side].astype(np.int16)
    return (own - points[np.arange(len(points)), 1 - side]).astype(np.int8)


def book_and_arms(deals, score, rules, params=None):
    """The book's bidding of ``deals`` at ``score`` and the arms of each caller's lone decision.

    Returns (bidding, arms, book_points): ``arms`` maps "partner", "alone" (rows with a caller)
    and "take" (rows where C assisted: the dealer alone) to (rows, points (N, 2)); the book's
    own result of each deal (points (N, 2) AC/BD) is read from the arms it chose, playing only
    the deals whose bidding matches no arm.
    """
    from analysis.book_policy import BookParams, BookPolicy
    from analysis.simulate import bid_batch, play_out

    policy = BookPolicy(params or BookParams())
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up).astype(np.int8)
    b = bid_batch(hands, turn_up, policy, rules, score)
    called = np.flatnonzero(b.caller >= 0)
    caller, rnd, trump = b.caller[called], b.round[called], b.trump[called]
    arms = {}
    for name, alone in (("partner", False), ("alone", True)):
        play = contract_hands(hands[called], turn_up[called], rnd, caller, alone)
        _, points = play_out(caller, trump, np.where(alone, caller, -1).astype(np.int8), play)
        arms[name] = (called, points)
    assisted = called[(caller == 2) & (rnd == 1)]
    zeros = np.zeros(len(assisted), np.int8)
    play = contract_hands(hands[assisted], turn_up[assisted], np.ones(len(assisted), np.int8), zeros, True)
    _, points = play_out(zeros, b.trump[assisted], zeros, play)
    arms["take"] = (assisted, points)

    book = np.zeros((len(hands), 2), np.int8)
    done = np.zeros(len(hands), bool)
    done[b.caller < 0] = True                          # void deals: no points
    alone = b.alone[called]
    for name, pick in (("partner", alone < 0), ("alone", (alone == caller) & ~b.taker[called])):
        book[called[pick]] = arms[name][1][pick]
        done[called[pick]] = True
    pick = b.alone[assisted] == 0
    book[assisted[pick]] = arms["take"][1][pick]
    done[assisted[pick]] = True
    rest = np.flatnonzero(~done)                       # a partner took it from B: play the book's contract
    if len(rest):
        _, book[rest] = play_out(b.maker[rest], b.trump[rest], b.alone[rest], b.play_hands[rest])
    return b, arms, book


def run_chunk(scenario: str, chunk_index: int, n_deals: int, seed: np.random.SeedSequence, settings) -> pd.DataFrame:
    from types import SimpleNamespace
    from fastcore.sampler import sample_deals

    deals = sample_deals(n_deals, seed, pack=settings.pack)
    a = int(scenario.split("-")[1])
    frames = []
    for b in range(GAME):   # deal i is played at score a-(i mod 5)
        rows = np.arange(b, n_deals, GAME)
        if len(rows):
            sub = SimpleNamespace(hands=np.asarray(deals.hands)[rows], turn_up=np.asarray(deals.turn_up)[rows])
            frames.append(score_rows(sub, (a, b), settings.rules))
    return pd.concat(frames, ignore_index=True)


def score_rows(deals, score, rules) -> pd.DataFrame:
    """The rows of ``deals`` bid and played at ``score`` (AC, the dealers; BD)."""
    from analysis.book_policy import BookParams, BookPolicy

    n = len(deals.hands)
    policy = BookPolicy()
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up).astype(np.int8)
    bid, arms, book = book_and_arms(deals, score, rules)
    frames = []

    outcome = outcome_index(book[:, 0], book[:, 1])   # the dealer's side is AC
    void = np.flatnonzero(bid.caller < 0)
    frames.append(_rows(score, 0, void, np.full(len(void), -1, np.int8), np.zeros(len(void), np.int8),
                        {k: np.full(len(void), -1, np.int8) for k in ("strength", "trumps", "right", "left", "aces")},
                        np.zeros(len(void), bool), np.zeros(len(void), np.int8), np.zeros(len(void), np.int8),
                        outcome[void]))

    called, partner = arms["partner"]
    _, alone = arms["alone"]
    caller, rnd, trump = bid.caller[called], bid.round[called], bid.trump[called]
    cls = {k: np.zeros(len(called), np.int8) for k in ("strength", "trumps", "right", "left", "aces")}
    for seat in range(4):
        for r in (1, 2):
            rows = np.flatnonzero((caller == seat) & (rnd == r))
            if not len(rows):
                continue
            h = hands[called[rows], seat]
            if seat == 0 and r == 1:   # the dealer judges the hand he would play alone, after his discard
                h = _dealer_hand(h, turn_up[called[rows]], True)
            mine = score if seat % 2 == 0 else score[::-1]
            for k, v in hand_class(policy, seat, h, turn_up[called[rows]], r, mine, rules, trump[rows]).items():
                cls[k][rows] = v
    frames.append(_rows(score, 1, called, caller, rnd, cls, bid.caller_alone[called],
                        _net(alone, caller), _net(partner, caller), outcome[called]))

    assisted, take = arms["take"]
    pick = np.searchsorted(called, assisted)
    h = _dealer_hand(hands[assisted, 0], turn_up[assisted], True)
    mine = score
    cls = hand_class(policy, 0, h, turn_up[assisted], 1, mine, rules, bid.trump[assisted])
    zeros = np.zeros(len(assisted), np.int8)
    frames.append(_rows(score, 2, assisted, zeros, np.ones(len(assisted), np.int8), cls,
                        bid.taker[assisted], _net(take, zeros), _net(partner[pick], zeros),
                        np.full(len(assisted), -1, np.int8)))

    if score[1] == 4 and score[0] in (1, 2):          # B1: the eldest hand's side at four to one or two
        _, _, bridge = book_and_arms(deals, score, rules, BookParams(keep_bridge=True))
        every = np.arange(n)
        ones = np.ones(n, np.int8)
        frames.append(_rows(score, 3, every, ones, np.where(bid.round > 0, bid.round, 0).astype(np.int8),
                            {k: np.full(n, -1, np.int8) for k in ("strength", "trumps", "right", "left", "aces")},
                            np.zeros(n, bool), _net(bridge, ones), _net(book, ones), np.full(n, -1, np.int8)))
    return pd.concat(frames, ignore_index=True)


def _rows(score, kind, deal, seat, rnd, cls, book_alone, arm1, arm0, outcome) -> pd.DataFrame:
    n = len(deal)
    return pd.DataFrame({"a": np.full(n, score[0], np.int8), "b": np.full(n, score[1], np.int8),
                         "kind": np.full(n, kind, np.int8), "seat": np.asarray(seat, np.int8),
                         "round": np.asarray(rnd, np.int8), **{k: np.asarray(v, np.int8) for k, v in cls.items()},
                         "book_alone": np.asarray(book_alone, bool),
                         "arm1": np.asarray(arm1, np.int8), "arm0": np.asarray(arm0, np.int8),
                         "outcome": np.asarray(outcome, np.int8)})


# --- the results table ----------------------------------------------------------------------------

def game_values(outcome_counts: np.ndarray) -> np.ndarray:
    """The dealing side's game-win probability f[m, o] from outcome counts (game, game, 7)."""
    counts = np.asarray(outcome_counts, dtype=float)
    totals = counts.sum(axis=2, keepdims=True)
    if np.any(totals == 0):
        from analysis.errors import EuchreError
        raise EuchreError("the game model needs deals at every score below game: run all 25 scores")
    return win_probability(counts / totals, GAME)


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
    return side_wins(f, own, theirs, side == 1, GAME)


def summarise(frame: pd.DataFrame, settings=None) -> pd.DataFrame:
    """Per cell (score, kind, seat, round, hand class, the book's lone decision): deals, sums and
    sums of squares of each arm's net points and of the differences arm1 - arm0 in points and in
    game-win probability, marches and euchres of each arm, and the counts of the book's hand
    outcomes (for the game model)."""
    # Every per-row value is a function of the keys and the (few) arm outcomes: count those first.
    g = frame.groupby(KEYS + ["arm1", "arm0", "outcome"], observed=True).size().rename("w").reset_index()
    w = g["w"].to_numpy(np.int64)
    counts = np.zeros((GAME, GAME, len(OUTCOMES)))
    one = (g["kind"] <= 1).to_numpy()
    np.add.at(counts, (g["a"].to_numpy()[one], g["b"].to_numpy()[one], g["outcome"].to_numpy()[one]), w[one])
    values = game_values(counts)
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


# --- estimates from the table -------------------------------------------------------------------

def cells(table: pd.DataFrame, by: list[str], value: str) -> pd.DataFrame:
    """Deals, mean and variance (ddof=1) of ``value`` (dpts, dwin, arm1, arm0) per group ``by``."""
    s, ss = f"{value}_sum", f"{value}_sumsq"
    if by:
        g = table.groupby(by, observed=True)[["deals", s, ss]].sum().reset_index()
    else:
        g = table[["deals", s, ss]].sum().to_frame().T
    n = g["deals"].astype(float)
    g["mean"] = g[s] / n
    g["var"] = ((g[ss] - n * g["mean"] ** 2) / (n - 1)).where(n > 1).clip(lower=0)
    return g


def mean_of(table: pd.DataFrame, value: str) -> Estimate:
    """The mean of a per-deal ``value`` over the rows of ``table`` (paired differences: dpts, dwin)."""
    n = int(table["deals"].sum())
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), float("nan"), float("nan"), 0, float("nan"))
    g = cells(table, [], value).iloc[0]
    se = math.sqrt(g["var"] / n) if n > 1 else float("nan")
    return _from_se(float(g["mean"]), se, n - 1, n, 0.95)


def stratified(table: pd.DataFrame, rows_a, rows_b, value: str, strata=CLASS) -> Estimate:
    """Mean of ``value`` in rows_a minus rows_b within hand classes (independent samples)."""
    a = cells(table[rows_a], strata, value).set_index(strata)
    b = cells(table[rows_b], strata, value).set_index(strata)
    both = a.add_suffix("_a").join(b.add_suffix("_b"), how="inner")
    return stratified_from_cells(both["deals_a"], both["mean_a"], both["var_a"],
                                 both["deals_b"], both["mean_b"], both["var_b"])


def own_theirs(table: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """The decider's side's score and the adversaries' for each row."""
    bd = table["seat"].isin(["B", "D"])
    return table["a"].where(~bd, table["b"]), table["b"].where(~bd, table["a"])


def claims(table: pd.DataFrame) -> list[Claim]:
    call = table[table["kind"] == "call"]
    own, theirs = own_theirs(call)
    light = call["strength"] == 2
    desperate_only = call["strength"] == 1
    out = [
        Claim("L2", CLAIMS["L2"], "hands the book does not play alone (neither sound nor light), every score: "
              "alone - with partner", mean_of(call[~call["book_alone"] & (call["strength"] < 2)], "dpts"), sign=-1),
        Claim("L2", CLAIMS["L2"], "the book's light lone hands, every score: alone - with partner",
              mean_of(call[light], "dpts"), sign=-1),
        Claim("L1", CLAIMS["L1"], "light lone hands at three-all: P(win game) alone - with partner",
              mean_of(call[light & (own == 3) & (theirs == 3)], "dwin"), sign=-1, margin=MARGIN_WIN,
              unit="probability of winning the game"),
        Claim("L1", CLAIMS["L1"], "light lone hands at four-all: P(win game) alone - with partner",
              mean_of(call[light & (own == 4) & (theirs == 4)], "dwin"), sign=-1, margin=MARGIN_WIN,
              unit="probability of winning the game"),
        Claim("L1", CLAIMS["L1"], "light lone hands, any score in the maker's favour: P(win game) alone - with partner",
              mean_of(call[light & (own > theirs)], "dwin"), sign=-1, margin=MARGIN_WIN,
              unit="probability of winning the game"),
        Claim("L3", CLAIMS["L3"], "desperate hands (a bower, three trumps; not light) at one-four or two-four against: "
              "P(win game) alone - with partner",
              mean_of(call[desperate_only & (theirs == 4) & own.isin([1, 2])], "dwin"), sign=1, margin=MARGIN_WIN,
              unit="probability of winning the game"),
    ]
    strong = call[call["strength"] >= 1]
    seat = strong["seat"]
    for x, y in (("B", "A"), ("A", "C"), ("A", "D")):
        out.append(Claim("L5", CLAIMS["L5"], f"lone hands (desperate or better), points alone: {x} - {y}, same hand class",
                         stratified(strong, seat == x, seat == y, "arm1")))
    dealer = table[(table["seat"] == "A") & (table["round"] == 1) & (table["strength"] >= 1)
                   & table["kind"].isin(["call", "take"])]
    out.append(Claim("L7", CLAIMS["L7"], "the dealer's lone hand (desperate or better), gain alone - with partner: "
                     "after C assisted - taking up unassisted, same hand class",
                     stratified(dealer, dealer["kind"] == "take", dealer["kind"] == "call", "dpts",
                                ["strength", "trumps", "right", "left", "aces"])))
    bridge = table[table["kind"] == "bridge"]
    if len(bridge):
        out.append(Claim("B1", CLAIMS["B1"], "one-four and two-four against the dealer's side: the eldest hand's side's "
                         "P(win game) keeping the bridge - not keeping it", mean_of(bridge, "dwin"), sign=1,
                         margin=MARGIN_WIN, unit="probability of winning the game"))
    return out


def outcome_counts(table: pd.DataFrame) -> np.ndarray:
    counts = np.zeros((GAME, GAME, len(OUTCOMES)))
    for k in range(len(OUTCOMES)):
        g = table.groupby(["a", "b"])[f"out_{k}"].sum()
        for (a, b), v in g.items():
            counts[int(a), int(b), k] = v
    return counts


# --- the report --------------------------------------------------------------------------------

def _charts():
    from analysis import charts
    return charts


def _ci(est: Estimate, digits: int = 3, pct: bool = False) -> str:
    if pct:
        return f"{est.mean:+.2%} [{est.low:+.2%}, {est.high:+.2%}]"
    return f"{est.mean:+.{digits}f} [{est.low:+.{digits}f}, {est.high:+.{digits}f}]"


BOWER_LABELS = ["none", "left", "right", "both"]


def _gain_heatmap(call: pd.DataFrame, path: Path, title: str, note: str, columns: str = "aces") -> Path:
    """Alone - with partner per seat, by trumps (rows) and outside aces or bowers held (columns)."""
    call = call.assign(bowers=2 * call["right"] + call["left"])
    labels = BOWER_LABELS if columns == "bowers" else [str(c) for c in range(4)]
    low = int(call["trumps"].min()) if len(call) else 0   # callers hold at least this many trumps
    panels = {}
    for seat in SEATS:
        g = cells(call[call["seat"] == seat], ["trumps", columns], "dpts")
        mean = np.full((6, 4), np.nan)
        half = np.full_like(mean, np.nan)
        n = np.zeros_like(mean, dtype=np.int64)
        for _, r in g.iterrows():
            i, j = int(r["trumps"]), int(r[columns])
            if r["deals"] >= 30:   # fewer deals give no readable estimate
                mean[i, j] = r["mean"]
                half[i, j] = 1.96 * math.sqrt(r["var"] / r["deals"])
                n[i, j] = int(r["deals"])
        panels[SEAT_NAMES[seat]] = {"mean": mean[low:], "half": half[low:], "n": n[low:]}
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(low, 6)], col_labels=labels,
                                    title=title, xlabel="aces of other suits" if columns == "aces" else "bowers held",
                                    ylabel="trumps held (left bower counted)",
                                    unit="alone - with partner, points per hand", note=note, limit=1.5)


def _score_heatmap(call: pd.DataFrame, path: Path) -> Path:
    """Alone - with partner in game-win probability by the maker's score, per lone strength."""
    own, theirs = own_theirs(call)
    call = call.assign(own=own, theirs=theirs)
    panels = {}
    for strength in (3, 2, 1):
        g = cells(call[call["strength"] == strength], ["own", "theirs"], "dwin")
        mean = np.full((GAME, GAME), np.nan)
        half = np.full_like(mean, np.nan)
        n = np.zeros_like(mean, dtype=np.int64)
        for _, r in g.iterrows():
            if r["deals"] >= 30:
                i, j = int(r["own"]), int(r["theirs"])
                mean[i, j] = r["mean"]
                half[i, j] = 1.96 * math.sqrt(r["var"] / r["deals"])
                n[i, j] = int(r["deals"])
        panels[f"{STRENGTHS[strength]} lone hands"] = {"mean": mean, "half": half, "n": n}
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(GAME)],
                                    col_labels=[str(c) for c in range(GAME)],
                                    title="Alone - with partner, in the probability of winning the game, by score",
                                    xlabel="the adversaries' score", ylabel="the maker's side's score",
                                    unit="alone - with partner, P(win game)", limit=0.2,
                                    note="Each cell: mean paired difference, ± 95% half-width, deals. Grey: under 30 deals.")


def _game_chart(f: np.ndarray, deals: np.ndarray, path: Path) -> Path:
    panels = {"the dealing side's P(win game)": {"mean": f - 0.5, "half": np.full_like(f, np.nan),
                                                   "n": deals.astype(np.int64)}}
    return _charts().heatmap_panels(path, panels, row_labels=[str(r) for r in range(GAME)],
                                    col_labels=[str(c) for c in range(GAME)],
                                    title="The game model: P(win) - 1/2 for the side about to deal",
                                    xlabel="the other side's score", ylabel="the dealing side's score",
                                    unit="P(win game) - 0.5", limit=0.5,
                                    note="Both sides play the book's policy; hands independent given score and dealer. "
                                         "n: the deals whose outcomes give the hand's distribution at that score.")


def short_label(claim: Claim) -> str:
    """A few words naming a claim's test, for chart axes."""
    t = claim.test
    if claim.id == "L2":
        return "L2 not lone" if "does not" in t else "L2 light"
    if claim.id == "L1":
        return "L1 " + ("3-all" if "three-all" in t else "4-all" if "four-all" in t else "ahead")
    if claim.id == "L5":
        return "L5 " + t.split(": ")[1].split(",")[0]
    return {"L3": "L3 desperate", "L7": "L7 assisted - not", "B1": "B1 bridge"}.get(claim.id, claim.id)


def _reading(verdict_list) -> str:
    """Which supported claims are smaller than the margin that matters to a player."""
    small = [v for v in verdict_list if v.verdict == "supported" and abs(v.claim.estimate.mean) < v.claim.margin]
    if not small:
        return ("Every supported claim's estimate is at least the margin that matters (0.05 points per hand, "
                f"or {MARGIN_WIN:.0%} of the game).")
    return ("Supported, but smaller than the margin that matters to a player (the sign is sure, the size is "
            "slight): " + "; ".join(f"{v.claim.id} ({short_label(v.claim)}): {v.claim.estimate.mean:+.4f} "
                                     f"{v.claim.unit}, margin {v.claim.margin:g}" for v in small) + ".")


def _claims_chart(verdict_list, path: Path, unit: str) -> Path:
    chosen = [v for v in verdict_list if v.claim.unit == unit]
    labels = [f"{short_label(v.claim)}\n(n={v.claim.estimate.n:,})" for v in chosen]
    e = [v.claim.estimate for v in chosen]
    return _charts().error_bars(path, labels, {"estimate": ([x.mean for x in e], [x.low for x in e],
                                                           [x.high for x in e], [x.n for x in e])},
                                title=f"Claims measured in {unit}", ylabel=unit, xlabel="claim (deals)",
                                legend_n=False, zero_line=True,
                                note="95% intervals (not corrected for multiplicity; the verdicts are).")


def _by_strength(call: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (seat, strength), g in call.groupby(["seat", "strength"], observed=True):
        n = int(g["deals"].sum())
        if n < 2:
            continue
        d, w = mean_of(g, "dpts"), mean_of(g, "dwin")
        rows.append({"seat": seat, "lone strength": STRENGTHS[int(strength)], "deals": n,
                     "book plays alone": f"{g.loc[g['book_alone'], 'deals'].sum() / n:.0%}",
                     "alone: net points": f"{g['arm1_sum'].sum() / n:+.3f}",
                     "with partner: net points": f"{g['arm0_sum'].sum() / n:+.3f}",
                     "march alone / with partner": f"{g['arm1_march'].sum() / n:.1%} / {g['arm0_march'].sum() / n:.1%}",
                     "euchred alone / with partner": f"{g['arm1_euchred'].sum() / n:.1%} / {g['arm0_euchred'].sum() / n:.1%}",
                     "alone - partner, points [95% CI]": _ci(d),
                     "alone - partner, P(win game) [95% CI]": _ci(w, pct=True)})
    return pd.DataFrame(rows)


def _by_score(call: pd.DataFrame) -> pd.DataFrame:
    own, theirs = own_theirs(call)
    rows = []
    for strength in (3, 2, 1):
        for o in range(GAME):
            for t in range(GAME):
                g = call[(call["strength"] == strength) & (own == o) & (theirs == t)]
                n = int(g["deals"].sum())
                if n < 2:
                    continue
                rows.append({"lone strength": STRENGTHS[strength], "score (maker - adversaries)": f"{o}-{t}",
                             "deals": n, "book plays alone": f"{g.loc[g['book_alone'], 'deals'].sum() / n:.0%}",
                             "alone - partner, points": _ci(mean_of(g, "dpts")),
                             "alone - partner, P(win game)": _ci(mean_of(g, "dwin"), pct=True)})
    return pd.DataFrame(rows)


def render(table: pd.DataFrame, manifest: dict, out_dir):
    from analysis.report import Chart, StudyReport, md_table
    out_dir = Path(out_dir)
    verdict_list = verdicts(claims(table))
    call = table[table["kind"] == "call"]
    f = game_values(outcome_counts(table))
    files = [
        (_gain_heatmap(call[~call["book_alone"]], out_dir / "gain_not_lone.png",
                       "Alone - with partner (net points per hand), hands the book does not play alone",
                       "Each cell: mean of the paired difference, ± 95% half-width, deals. Grey: under 30 deals."),
         "Strategy chart: what going alone gains (blue) or loses (red) against taking the partner, for "
         "the hands the book plays with the partner, by trumps and outside aces, per seat of the caller."),
        (_gain_heatmap(call[~call["book_alone"]], out_dir / "gain_not_lone_bowers.png",
                       "Alone - with partner (net points per hand), hands the book does not play alone, by bowers",
                       "Each cell: mean of the paired difference, ± 95% half-width, deals. Grey: under 30 deals.",
                       columns="bowers"),
         "The same hands by trumps held and which bowers they include."),
        (_gain_heatmap(call[call["strength"] >= 1], out_dir / "gain_lone_class.png",
                       "Alone - with partner (net points), hands with a bower and three trumps or better",
                       "Each cell: mean of the paired difference, ± 95% half-width, deals. Grey: under 30 deals."),
         "The same for the hands of the book's lone classes (desperate, light, sound), whatever the book did."),
        (_score_heatmap(call, out_dir / "gain_by_score.png"),
         "Strategy chart by score: what going alone gains (blue) or loses (red) in the probability of "
         "winning the game, for sound, light and desperate hands (the book's lone classes), by the score "
         "from the maker's side. L1 is the light panel's diagonal and upper triangle, L3 its 1-4 and 2-4."),
        (_game_chart(f, outcome_counts(table).sum(axis=2), out_dir / "game_model.png"),
         "The game model: the probability that the side about to deal wins the game, by score."),
        (_claims_chart(verdict_list, out_dir / "claims_points.png", "points per hand"),
         "Claims measured in points per hand, with 95% intervals."),
        (_claims_chart(verdict_list, out_dir / "claims_game.png", "probability of winning the game"),
         "Claims measured in the probability of winning the game, with 95% intervals."),
    ]
    deals = int(table.loc[table["kind"].isin(["void", "call"]), "deals"].sum())
    n_calls = int(call["deals"].sum())
    not_lone = mean_of(call[~call["book_alone"] & (call["strength"] < 2)], "dpts")
    headline = (f"On {n_calls:,} made hands ({deals:,} deals over the 25 scores), going alone with a hand the book "
                f"plays with its partner changes the caller's net points by {_ci(not_lone)} per hand (L2: "
                f"{verdict_list[0].verdict}); light lone hands: {_ci(verdict_list[1].claim.estimate)} points "
                f"({verdict_list[1].verdict}). By game-win probability: "
                + "; ".join(f"{v.claim.id} {v.claim.test.split(':')[0]}: {_ci(v.claim.estimate, pct=True)} "
                            f"({v.verdict})" for v in verdict_list if v.claim.unit != "points per hand") + ".")
    model_rows = pd.DataFrame([{"dealing side's score": m, **{f"other {o}": f"{f[m, o]:.3f}" for o in range(GAME)}}
                               for m in range(GAME)])
    rates = outcome_counts(table)
    first = rates[0, 0] / rates[0, 0].sum()
    sections = [
        ("Reading the verdicts", _reading(verdict_list)),
        ("Per seat and lone strength", "Every made hand, pooled over the 25 scores: the book's lone classes "
         "(sound: both bowers, three trumps, every card a trump or an outside ace; light: the right with the "
         "left or the ace, three trumps, at most one other card; desperate: a bower and three trumps), the "
         "share the book plays alone, each arm's net points, marches and euchres, and the paired differences.\n\n"
         + md_table(_by_strength(call))),
        ("By score", "The lone classes at each score (from the maker's side), paired differences alone - with "
         "partner in points and in the probability of winning the game.\n\n" + md_table(_by_score(call))),
        ("The game model", "The probability that the side about to deal wins the game (5 points), by score, "
         "when both sides play the book's policy. At 0-0 a hand gives the dealers "
         + ", ".join(f"{p}: {q:.1%}" for p, q in zip(OUTCOMES, first)) + " (dealers' points, others' points).\n\n"
         + md_table(model_rows)),
    ]
    method = (
        "Scores: the 25 scores below game, the dealer's side AC having the first number (a scenario per "
        "dealers' score, its deals shared equally among the other side's five). At each score, "
        f"uniform random deals of the {manifest.get('rules', {}).get('pack', 32)}-card pack (a fifth of "
        f"--deals per score, {deals:,} deals in all) are bid by the book's policy (analysis.book_policy, BookParams defaults: "
        "the bridge not kept). On every deal where a player made trump, the hand is played twice double-dummy: "
        "the caller alone, and the caller with his partner (the dealer taking up and discarding by the book "
        "in round one, unless he is the one who sits out); no one takes it from a partner in either arm. "
        "When C assisted, a third play has the dealer take it from him alone (L7). The two arms share the "
        "deal, the bidding before the decision and the other players' policy: a paired comparison.\n\n"
        "Hand classes: the hand the decider would play alone (the dealer's after his lone discard), by "
        "trumps held (left bower counted), right and left bowers, aces of other suits, and the book's lone "
        "strength. The deals are conditioned on the bidding: a hand class at a seat is the hands the book "
        "calls with there.\n\n"
        "The game model (studies/game_model.py): the game-win probability of each score and dealer, solved "
        "by value iteration over the 25 scores, from the distribution of one hand's points under the book's "
        "policy at that score, estimated from the same deals (the dealer is part of the state: the side "
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
                + "\n\n".join(f"> {CLAIMS[k]} ({k})" for k in ("L1", "L2", "L3", "L5", "L7", "B1")))
    return StudyReport(
        name=NAME, title=TITLE, question=question, method=method,
        table=_by_strength(call),
        table_caption="Made hands by the caller's seat and the book's lone strength, all scores pooled: "
                      "each arm's net points to the caller's side, and the paired differences.",
        charts=[Chart(Path(p).name, caption) for p, caption in files],
        verdicts=verdict_list, headline=headline, sections=sections)

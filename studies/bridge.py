"""The bridge: the eldest hand at four to one or four to two, keeping it or not, against lone hands.

"Bridge — when the score of the eldest hand is four to one or four to two in his favor" (B1):
one more point gives the eldest hand's side BD the game, and a lone march (four points) gives
it to the dealers AC. Keeping the bridge, the eldest hand orders up whatever he holds, so that
no adversary can make trump and play alone; the authors "doubt ... the expediency of keeping the
bridge strictly", and report that players "now ... take their chances with two lay aces, or the
ace and another in trumps" (B2). Against a keeper, "you must, of course, be more careful if they
have passed" (L4).

The eldest hand's three ways (:class:`analysis.bidding.book_policy.BookParams`):

- ``never``: the book's bidding (the bridge not kept);
- ``strict``: he orders up in round one whatever he holds (``keep_bridge``);
- ``exceptions``: he keeps it, but passes with two lay aces (two aces of plain suits) or the ace
  and another in trumps, unless the book's ordinary rule orders the hand anyway
  (``bridge_exceptions``). In round two he bids by the book's rule (E3): the chance was taken in
  round one; the strict keeper never reaches round two.

The adversaries' lone hands at one or two to four (:data:`ADVERSARIES`): *cautious*, sound lone
hands only; *the book's*, "a desperate chance" (L3: a bower and three trumps or better);
*reckless*, any hand with three trumps or the right and another. Everything else they do is
the book's; the eldest hand's partner D and the eldest hand himself play the book's lone hands.

Scenarios: ``game-a`` (a = 0..4) deal and play the book's hands at every score (the dealers at
``a``, the deals shared out among the other side's scores): the outcome counts the game and
rubber models read (:mod:`analysis.value.game_value`; option ``game_replicates`` adds ``game-a.k``,
k = 2.., for more of them: the model's error is most of B1's); ``bridge-4-a.k`` (a = 1, 2;
replicate k, option ``replicates``) deal the hands at B1's scores. Every deal of a bridge scenario is bid under each of the eldest hand's
three ways and each of the adversaries' three lone policies (nine biddings of the same deal)
and played double-dummy; equal contracts are played once. Where the dealers' side made trump
with a desperate-or-better lone hand after the eldest hand passed (under ``never``), the hand is
also played with the maker alone and with his partner (L4). The table keeps summed counts: per
score, adversary policy and exception hand, the three ways' net points to BD; per L4 hand class,
the two arms' net points to AC; per score, the book's hands by outcome.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.bidding import BiddingBatch, Situations, bid_batch
from analysis.bidding.book_policy import BRIDGE_EXCEPTIONS, BookParams, BookPolicy
from analysis.experiment import ClaimTest, GAME_WIN, POINTS, RUBBER, Study, counted, paired_mean, verdict_of
from analysis.experiment.stats import BOOK_COMPANY, FIRST_GAME, Estimate, stratified_from_cells
from analysis.game.cards import DEALER, SEATS
from analysis.game import Score, dealer_hand
from analysis.play import BiddingModel, DEFAULT_WORLDS, PIMCPlayer, TablePlay, chunk_engine
from analysis.play.registry import short_name
from analysis.reporting.markup import md_table
from analysis.reporting.report import PIMC_SEES, interval, play_note, tally_sentence, verdict_words
from analysis.simulator import play_bidding, play_contract
from analysis.value.game_value import MODEL_DRAWS, RUBBER_STATE, GameModel, with_model_error
from fastcore.sampler import sample_deals
from studies.common.game_models import BookGameStudy, book_game_model, book_game_rows, model_section, root_seed
from studies.common.lone_arms import hand_class
from studies.common.measures import in_every_measure, measures_section, primary, split, unit_and_state
from studies.common.report import (amount, charts, figure, headline, in_full, options_of, pack_of, played_how,
                                   study_report)

DEFAULT_TABLE_CAP = 100      # B3's deals per chunk of a table scenario
DEFAULT_DECEIVE_CAP = 10     # B4's
SCORES = ((1, 4), (2, 4))            # B1's scores (a: the dealers AC, b: the eldest hand's side BD)
WAYS = ("never", "strict", "exceptions")
LONE = ("cautious", "book", "reckless")
EXCEPTIONS = ("none", "two lay aces", "ace and another in trumps", "both")   # the column exc
L4_STRATA = ["seat", "round", "strength", "trumps", "right", "left", "aces"]
CLASS_COLUMNS = ["strength", "trumps", "right", "left", "aces"]
# B3, B4: the players by strength (every seat alike), and the bridge-keeper's partner reading his pass
PLAYERS = ("simple", "book", "pimc", "dd")
PLAYER_WORDS = {"simple": "the simple players (win as cheaply as they can, else throw the lowest)",
                "book": "players by the book's card-play rules", "pimc": "PIMC players (each sees only his cards)",
                "dd": "double-dummy players (every card seen)"}
B3_COLUMNS = [f"{way}_{p}" for p in PLAYERS for way in ("never", "strict")]
READINGS = ("truth", "promise")     # D reads B's pass as B bid (never keeping it), or as the bridge promises
TABLE_COLUMNS = [*B3_COLUMNS, *READINGS, "misled"]   # misled: the pass contradicted D's promise reading
KEYS = ["kind", "a", "b", "lone", "seat", "exc", "round", *CLASS_COLUMNS, *WAYS, "alone", "partner", "outcome",
        *TABLE_COLUMNS]
INT_KEYS = [k for k in KEYS if k not in ("kind", "lone", "seat")]


def view(a: int, b: int) -> str:
    """A bridge score from the eldest hand's side: "4-1"."""
    return f"{b}-{a}"


# --- the policies ------------------------------------------------------------------------------

def at_bridge(t: Situations) -> bool:
    """The adversaries' side of B1's scores: one or two to four."""
    own, theirs = t.score
    return theirs == 4 and own in (1, 2)


class BridgeLone(BookPolicy):
    """The book's policy with its own lone hands at the bridge (going alone, and taking it from a
    partner, which weighs the same hands): its other answers are the book's."""

    def answering(self, decision, seat, round):
        return self if decision in ("alone", "take_from_partner") else BookPolicy(self.params)


class Cautious(BridgeLone):
    """The book's policy, but at one or two to four only sound lone hands."""

    name = "book, cautious lone hands at the bridge"

    def lone_ok(self, t, hands, with_assistance):
        if not at_bridge(t):
            return super().lone_ok(t, hands, with_assistance)
        return self.lone_strength(t, hands)[0] & self.params.lone_hands


class Reckless(BridgeLone):
    """The book's policy, but at one or two to four alone with three trumps or the right and another."""

    name = "book, reckless lone hands at the bridge"

    def lone_ok(self, t, hands, with_assistance):
        if not at_bridge(t):
            return super().lone_ok(t, hands, with_assistance)
        return t.has(("three trumps", "right and another"), hands=hands) & self.params.lone_hands


ADVERSARIES = {"cautious": Cautious, "book": BookPolicy, "reckless": Reckless}
PARAMS = {"never": BookParams(), "strict": BookParams(keep_bridge=True),
          "exceptions": BookParams(keep_bridge=True, bridge_exceptions=True)}


def policies(way: str, lone: str) -> list:
    """The four players' policies (A B C D): the adversaries' lone policy for AC, the eldest
    hand's way for BD (only B reads it)."""
    adversary, keeper = ADVERSARIES[lone](), BookPolicy(PARAMS[way])
    return [adversary, keeper, adversary, keeper]


def exception_kind(hands_b, turn_up, score, rules, orders=None) -> np.ndarray:
    """Per deal, the exception hand the keeper passes with (index in :data:`EXCEPTIONS`): 0 where
    he orders (no such hand, or one his ordinary rule orders anyway). His ordinary rule is the
    book's, or where ``orders`` is given (per deal: does the eldest hand's ordinary bidding order
    up?) that bidding's: a keeper in other company keeps the bridge over his own ordinary calls."""
    hands_b = np.asarray(hands_b, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    t = Situations(1, hands_b, turn_up, 1, Score.of(score).seat(1), rules, (turn_up >> 3).astype(np.int8),
                   lambda i: ())
    two_aces, ace_another = (t.has(p) for p in BRIDGE_EXCEPTIONS.patterns)
    if orders is None:
        passes = ~BookPolicy(PARAMS["exceptions"]).first_round_batch(t)
    else:
        passes = (two_aces | ace_another) & ~np.asarray(orders, bool)
    return np.where(passes, two_aces.astype(np.int8) + 2 * ace_another.astype(np.int8), 0).astype(np.int8)


# --- one chunk ------------------------------------------------------------------------------------

def play_unique(bids: list[BiddingBatch], turn_up, engine=None) -> list[np.ndarray]:
    """The points (AC, BD) of every bidding's deals (the same deals in each), a deal's contract
    (maker, trump, lone player, hands at play) played once when several biddings reach it; by
    ``engine`` (default: the run's; table-side players hear the bidding that reached it)."""
    out = []
    for k, b in enumerate(bids):
        points = np.zeros((len(b.maker), 2), np.int8)
        todo = np.ones(len(b.maker), bool)
        for j in range(k):
            c = bids[j]
            same = (todo & (c.maker == b.maker) & (c.trump == b.trump) & (c.lone_seat == b.lone_seat)
                    & (c.play_hands == b.play_hands).all(axis=1))
            points[same] = out[j][same]
            todo &= ~same
        rows = np.flatnonzero(todo)
        if len(rows):
            _, points[rows] = play_bidding(b.take(rows), np.asarray(turn_up)[rows], engine)
        out.append(points)
    return out


def lone_class(deals, caller, rnd, trump, score: Score, rules) -> dict[str, np.ndarray]:
    """The class of the hand each caller would play alone (the dealer's after his lone discard in
    round one), as :func:`studies.common.lone_arms.hand_class` gives it."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    rows_all = np.arange(len(hands))
    own = hands[rows_all, caller]
    up = (caller == DEALER) & (rnd == 1)
    own[up] = dealer_hand(hands[up, DEALER], turn_up[up], True)
    cls = {k: np.zeros(len(hands), np.int8) for k in CLASS_COLUMNS}
    for seat in np.unique(caller):
        for r in (1, 2):
            rows = np.flatnonzero((caller == seat) & (rnd == r))
            if len(rows):
                found = hand_class(int(seat), own[rows], turn_up[rows], r, score.seat(int(seat)), rules, trump[rows])
                for k, v in found.items():
                    cls[k][rows] = v
    return cls


def l4_rows(deals, bid: BiddingBatch, score: Score, rules, exc: np.ndarray) -> pd.DataFrame:
    """L4: the deals where the dealers' side made trump (the eldest hand having passed in round
    one) with a desperate-or-better lone hand, played with the maker alone and with his partner;
    net points to AC."""
    made = np.flatnonzero((bid.caller == 0) | (bid.caller == 2))
    caller, rnd, trump = bid.caller[made], bid.round[made], bid.trump[made]
    cls = lone_class(deals[made], caller, rnd, trump, score, rules)
    strong = cls["strength"] >= 1
    rows, caller, rnd, trump = made[strong], caller[strong], rnd[strong], trump[strong]
    sub = deals[rows]
    alone = play_contract(sub, caller, trump, caller, rnd, rules=rules, score=score)
    partner = play_contract(sub, caller, trump, -1, rnd, rules=rules, score=score)
    return pd.DataFrame({"kind": "l4", "a": score.ac, "b": score.bd, "lone": "-",
                         "seat": [SEATS[s] for s in caller], "exc": exc[rows], "round": rnd,
                         **{k: v[strong] for k, v in cls.items()}, **{w: 0 for w in WAYS},
                         "alone": alone.net(0), "partner": partner.net(0), "outcome": -1})


def bridge_rows(deals, score: tuple[int, int], rules) -> pd.DataFrame:
    """One chunk of a bridge scenario: every deal bid under each way and adversary policy and
    played (net points to BD), and the L4 rows."""
    score = Score.of(score)
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    exc = exception_kind(hands[:, 1], turn_up, score, rules)
    combos = [(lone, way) for lone in LONE for way in WAYS]
    bids = [bid_batch(hands, turn_up, policies(way, lone), rules, score) for lone, way in combos]
    points = dict(zip(combos, play_unique(bids, turn_up)))
    frames = []
    for lone in LONE:
        frames.append(pd.DataFrame({"kind": "bridge", "a": score.ac, "b": score.bd, "lone": lone, "seat": "B",
                                    "exc": exc, "round": 0, **{k: -1 for k in CLASS_COLUMNS},
                                    **{w: points[lone, w][:, 1].astype(np.int16) - points[lone, w][:, 0]
                                       for w in WAYS},
                                    "alone": 0, "partner": 0, "outcome": -1}))
    frames.append(l4_rows(deals, bids[combos.index(("book", "never"))], score, rules, exc))
    return _counted(frames)


def game_rows_of_kinds(deals, a: int, rules) -> pd.DataFrame:
    """The book's hands by score and outcome (the bridge not kept: what the game model reads) as
    rows of kind "game" (:func:`studies.common.game_models.book_game_rows`)."""
    rows = book_game_rows(deals, a, rules, KEYS, kind="game", lone="-", seat="-", exc=0, round=0,
                          **{k: -1 for k in CLASS_COLUMNS}, **{w: 0 for w in WAYS}, alone=0, partner=0)
    return rows.fillna({k: 0 for k in TABLE_COLUMNS})


def _counted(frames) -> pd.DataFrame:
    """Per-deal rows of any kind counted; the columns a kind does not use hold 0."""
    return counted([f.reindex(columns=KEYS, fill_value=0) for f in frames], KEYS)


# --- B3 and B4: play at the table -----------------------------------------------------------------

def strength_rows(deals, bids: dict, score: Score, worlds: int, seed) -> pd.DataFrame:
    """B3: the deals bid never keeping the bridge and keeping it strictly (the book's adversaries),
    each bidding played by every seat alike at each strength (:data:`PLAYERS`), the players those
    of the chunk ``seed``; net points to BD."""
    cols = {}
    for player in PLAYERS:
        engine = chunk_engine(player, worlds, seed, deals.pack)   # dd too, whatever the run's engine
        points = play_unique([bids["never"], bids["strict"]], deals.turn_up, engine)
        for way, pts in zip(("never", "strict"), points):
            cols[f"{way}_{player}"] = pts[:, 1].astype(np.int16) - pts[:, 0]
    return pd.DataFrame({"kind": "b3", "a": score.ac, "b": score.bd, "lone": "book", "seat": "B", **cols})


def deceiving(bid: BiddingBatch, exc: np.ndarray) -> np.ndarray:
    """The deals where B's pass deceives a partner who reads it as the bridge promises: B (not
    keeping it) passed in round one where a keeper (with the exceptions) would have ordered up, and
    the hand was played."""
    ordered = (bid.caller == 1) & (bid.round == 1)
    return (exc == 0) & ~ordered & (bid.round > 0)


def reading_rows(deals, bid: BiddingBatch, score: Score, rules, worlds: int, seed) -> pd.DataFrame:
    """B4: the deals as bid (B not keeping the bridge, the book's adversaries) played by PIMC in
    every seat (the chunk ``seed``'s players), D reading the calls as B bid them and as a
    bridge-keeper's: net points to BD."""
    others = chunk_engine("pimc", worlds, seed, deals.pack).players[0]
    cols, partners = {}, {}
    for reading, way in zip(READINGS, ("never", "exceptions")):
        # D is the others' player but for the calls he reads; where the calls cannot be read his way
        # (the cards he sees rule it out), he reads the cards alone
        partners[reading] = partner = PIMCPlayer(worlds, others.seed, BiddingModel(policies(way, "book"), rules, score),
                                                 fallback=True)
        _, pts = play_bidding(bid, deals.turn_up, TablePlay(players=[others, others, others, partner], pack=deals.pack))
        cols[reading] = pts[:, 1].astype(np.int16) - pts[:, 0]
    misled = np.isin(np.arange(len(bid.maker)), [key[0] for key in partners["promise"].contradicted])
    return pd.DataFrame({"kind": "b4", "a": score.ac, "b": score.bd, "lone": "book", "seat": "D", **cols,
                         "misled": misled.astype(np.int8)})


def table_rows(deals, score: tuple[int, int], rules, cap: int, deceive_cap: int, worlds: int, seed) -> pd.DataFrame:
    """One chunk of a table scenario (``seed``: the chunk's): B3 on the chunk's first ``cap``
    deals, B4 on its first ``deceive_cap`` deals where B's pass deceives."""
    score = Score.of(score)
    first = deals[:cap]
    bids = {way: bid_batch(first.hands, first.turn_up, policies(way, "book"), rules, score) for way in ("never", "strict")}
    hands = np.asarray(deals.hands, np.uint32)
    never = bid_batch(hands, deals.turn_up, policies("never", "book"), rules, score)
    rows = np.flatnonzero(deceiving(never, exception_kind(hands[:, 1], deals.turn_up, score, rules)))[:deceive_cap]
    return _counted([strength_rows(first, bids, score, worlds, seed),
                     reading_rows(deals[rows], never.take(rows), score, rules, worlds, seed)])


def scenario_name(score: tuple[int, int], replicate: int) -> str:
    return f"bridge-{view(*score)}.{replicate}"


def table_scenario(score: tuple[int, int]) -> str:
    return f"table-{view(*score)}"


def parse_scenario(name: str) -> tuple[int, int]:
    """(a, b) of a bridge or table scenario "bridge-4-1.1", "table-4-1" (the eldest hand's side
    first in the name)."""
    b, a = name.split("-", 1)[1].split(".")[0].split("-")
    return int(a), int(b)


# --- the tests ---------------------------------------------------------------------------------------

COMPANY = {"cautious": "cautious adversaries", "book": BOOK_COMPANY, "reckless": "reckless adversaries"}
LONE_WORDS = {"cautious": "cautious adversaries (sound lone hands only)",
              "book": "the book's adversaries (a desperate chance, L3)",
              "reckless": "reckless adversaries (alone with three trumps or the right and another)"}


def _tests() -> tuple[ClaimTest, ...]:
    out = []
    ways = {"B1": ("never - strict", ": its net rubber points not keeping the bridge - keeping it strictly"),
            "B2": ("exceptions - strict", ", on the deals where he holds two lay aces or the ace and another in "
                   "trumps (and the book would not order): its net rubber points passing (the chance taken) - "
                   "ordering up (the bridge kept strictly)")}
    for claim, (label, what) in ways.items():
        for a, b in SCORES:
            for lone in LONE:
                v = view(a, b)
                out.extend(in_every_measure(ClaimTest(
                    f"{claim}.{v}.{lone}", claim, f"{claim} {label}, {v}, {lone}",
                    f"the eldest hand's side at {v} against {LONE_WORDS[lone]}{what}", RUBBER, company=COMPANY[lone])))
    for a, b in SCORES:
        v = view(a, b)
        for weaker, stronger in zip(PLAYERS, PLAYERS[1:]):
            out.append(ClaimTest(f"B3.{v}.{weaker}-{stronger}", "B3", f"B3 {weaker} - {stronger}, {v}",
                                 f"the eldest hand's side at {v} against the book's adversaries: the value of keeping "
                                 f"the bridge strictly (keeping it - never, net rubber points) with {PLAYER_WORDS[weaker]} "
                                 f"- with {PLAYER_WORDS[stronger]}, every seat alike", RUBBER,
                                 engine=f"{weaker} and {stronger}", state=FIRST_GAME))
    for a, b in SCORES:
        v = view(a, b)
        out.append(ClaimTest(f"B4.{v}", "B4", f"B4 partner deceived, {v}",
                             f"the eldest hand's side at {v}, B not keeping the bridge and passing a hand a keeper would "
                             "order with: its net rubber points with D reading the pass as B bid it - with D reading it "
                             "as the bridge promises (two lay aces, or the ace and another in trumps; every seat "
                             "PIMC)", RUBBER, engine="pimc", state=FIRST_GAME))
    for a, b in SCORES:
        out.extend(in_every_measure(ClaimTest(
            f"L4.{a}-{b}", "L4", f"L4 care after a keeper's pass, {a}-{b}",
            f"the dealers' side at {a}-{b}, a desperate-or-better lone hand made after the eldest "
            "hand passed: the gain alone - with the partner (the maker's side's net rubber points) "
            "after a non-keeper's pass - after a keeper's (exceptions) pass, within hand classes", RUBBER)))
    return tuple(out)


TESTS = _tests()


def bridge_cells(table: pd.DataFrame, score: tuple[int, int], lone: str | None = None) -> pd.DataFrame:
    rows = table[(table["kind"] == "bridge") & (table["a"] == score[0]) & (table["b"] == score[1])]
    return rows if lone is None else rows[rows["lone"] == lone]


def l4_cells(table: pd.DataFrame, score: tuple[int, int]) -> pd.DataFrame:
    return table[(table["kind"] == "l4") & (table["a"] == score[0]) & (table["b"] == score[1])]


def table_cells(table: pd.DataFrame, kind: str, score: tuple[int, int]) -> pd.DataFrame:
    """The B3 ("b3") or B4 ("b4") cells of a score."""
    return table[(table["kind"] == kind) & (table["a"] == score[0]) & (table["b"] == score[1])]


def played_at_table(table: pd.DataFrame, kind: str):
    """Each score of the bridge with its B3 ("b3") or B4 ("b4") cells, where they hold two deals or more."""
    for score in SCORES:
        rows = table_cells(table, kind, score)
        if rows["deals"].sum() >= 2:
            yield score, rows


def keeping_value(model: GameModel, rows: pd.DataFrame, player: str, unit: str = RUBBER) -> Estimate:
    """The value of keeping the bridge strictly (keeping it - never) with every seat ``player``."""
    return with_model_error(*model.contrast(rows, (f"strict_{player}",), (f"never_{player}",), unit))


def strength_gain(model: GameModel, rows: pd.DataFrame, weaker: str, stronger: str, unit: str = RUBBER) -> Estimate:
    """B3: the value of keeping the bridge with weaker players - with stronger, on the same deals."""
    return with_model_error(*model.contrast(rows, (f"strict_{weaker}", f"never_{stronger}"),
                                            (f"never_{weaker}", f"strict_{stronger}"), unit))


def _score_of_key(key: str) -> tuple[int, int]:
    """(a, b) of a test key: B keys give the eldest hand's side first, L4 keys the dealers'."""
    first, second = (int(x) for x in key.split(".")[1].split("-"))
    return (second, first) if key[0] == "B" else (first, second)


def l4_parts(model: GameModel | None, rows: pd.DataFrame, unit: str = RUBBER,
             state: dict = RUBBER_STATE) -> tuple[Estimate, float]:
    """L4's estimate, the deals' error alone, and the game model's standard error (see
    :func:`l4_estimate_and_draws`)."""
    est, per_draw = l4_estimate_and_draws(model, rows, unit, state)
    if per_draw is None:
        return est, float("nan")
    return est, float(np.std(per_draw, ddof=1)) if len(per_draw) else 0.0


def l4_estimate_and_draws(model: GameModel | None, rows: pd.DataFrame, unit: str = RUBBER,
                          state: dict = RUBBER_STATE) -> tuple[Estimate, np.ndarray | None]:
    """L4's estimate, the deals' error alone, and the estimate under every draw of the game model
    (none in points per hand, an empty array; None where no class has deals on both sides), for
    an estimate pooled over scores whose model error is pooled draw by draw.

    The gain g of a lone hand (alone - with the partner, in ``unit``) is compared after a
    keeper's pass (the exceptions keeper passes: the deals with an exception hand, X) and after a
    non-keeper's pass (every deal here, X and the rest Y), within each hand class s of
    :data:`L4_STRATA`. The keeper's passes are a subset of the non-keeper's, and the hand is
    the same after either, so the difference is E[g | X or Y] - E[g | X] = p_Y (E[g | Y] -
    E[g | X]) with p_Y the share of Y in the class: two independent samples. Classes with two
    deals or more on each side count, weighted by their deals."""
    g = rows.groupby(["a", "b", *L4_STRATA, "exc", "alone", "partner"], observed=True)["deals"].sum().reset_index()
    w = g["deals"].to_numpy(float)
    keeper = (g["exc"] > 0).to_numpy()
    stratum = pd.MultiIndex.from_frame(g[["a", "b", *L4_STRATA]]).factorize()[0] if len(g) else np.zeros(0, np.int64)
    if unit == POINTS:
        value = (g["alone"] - g["partner"]).to_numpy(float)[None, :]
        draws = None
    else:
        seat = g["seat"].map(SEATS.index).to_numpy(np.int64)

        def diff(d):
            return (model.after(g["a"], g["b"], seat, g["alone"], unit, draws=d, state=state)
                    - model.after(g["a"], g["b"], seat, g["partner"], unit, draws=d, state=state))
        value, draws = diff(False)[None, :], diff(True)
    n_strata = int(stratum.max()) + 1 if len(g) else 0
    one_hot = np.zeros((len(g), n_strata))
    one_hot[np.arange(len(g)), stratum] = 1.0

    def by_side(x, side):   # per stratum: deals, sum, sum of squares of x (k, cells) on one side
        m = one_hot * (w * side)[:, None]
        return m.sum(axis=0), x @ m, (x * x) @ m

    nx, sx, ssx = by_side(value, keeper)
    ny, sy, ssy = by_side(value, ~keeper)
    keep = (nx >= 2) & (ny >= 2)
    if not keep.any():
        return stratified_from_cells([], [], [], [], [], []), None
    py = ny / np.maximum(nx + ny, 1)

    def stats(n, s, ss):
        mean = s[0] / np.maximum(n, 1)
        var = np.clip((ss[0] - n * mean ** 2) / np.maximum(n - 1, 1), 0, None)
        return mean, var

    mx, vx = stats(nx, sx, ssx)
    my, vy = stats(ny, sy, ssy)
    k = keep
    est = stratified_from_cells(ny[k], py[k] * my[k], py[k] ** 2 * vy[k], nx[k], py[k] * mx[k], py[k] ** 2 * vx[k])
    if draws is None:
        return est, np.zeros(0)
    _, dsx, _ = by_side(draws, keeper)
    _, dsy, _ = by_side(draws, ~keeper)
    weights = (nx + ny)[k] / (nx + ny)[k].sum()
    return est, (py[k] * (dsy[:, k] / ny[k] - dsx[:, k] / nx[k])) @ weights


class BridgeStudy(BookGameStudy):
    name = "bridge"
    title = "The bridge: keeping it at four-one and four-two"
    description = ("B1, B2, L4: the eldest hand at four to one or four to two keeping the bridge (never, strictly, "
                   "with the exceptions of two lay aces or the ace and another in trumps) against three lone "
                   "policies of the adversaries, on the same deals, in rubber points and P(win game).")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy) for all four players; the eldest hand B never "
                "keeping the bridge, keeping it strictly (BookParams(keep_bridge=True)), or keeping it with the "
                "exceptions (bridge_exceptions=True); the dealers' lone hands at one or two to four cautious (sound), "
                "the book's (desperate or better) or reckless (three trumps or the right and another)")
    defaults = {"deals": 50_000, "chunk_size": 25_000, "replicates": 1, "game_replicates": 1,
                "table_cap": DEFAULT_TABLE_CAP, "deceive_cap": DEFAULT_DECEIVE_CAP, "worlds": DEFAULT_WORLDS}
    suite_position = 5
    claims = TESTS

    refusal = "the bridge study tests the book's scores of four to one and four to two in its"

    def scenarios(self, settings) -> list[str]:
        game = settings.rules.points_for_game
        replicates, game_replicates, *_ = self.options(settings)
        # The game model's error dominates B1's: game_replicates deals it more hands at every score.
        return ([f"game-{a}" + (f".{k}" if k > 1 else "") for a in range(game) for k in range(1, game_replicates + 1)]
                + [scenario_name(s, k) for s in SCORES for k in range(1, replicates + 1)]
                + [table_scenario(s) for s in SCORES])

    def options(self, settings) -> list[int]:
        """replicates, game_replicates, table_cap, deceive_cap, worlds."""
        return self.book_game_options(settings, replicates=1, game_replicates=1, table_cap=DEFAULT_TABLE_CAP,
                                      deceive_cap=DEFAULT_DECEIVE_CAP, worlds=DEFAULT_WORLDS)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        if scenario.startswith("game-"):
            return game_rows_of_kinds(deals, int(scenario[len("game-"):].split(".")[0]), settings.rules)
        if scenario.startswith("table-"):
            _r, _g, cap, deceive_cap, worlds = self.options(settings)
            return table_rows(deals, parse_scenario(scenario), settings.rules, cap, deceive_cap, worlds, seed)
        return bridge_rows(deals, parse_scenario(scenario), settings.rules)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """The chunks' counts summed: deals per (kind, score, adversary policy, seat, exception hand,
        L4 hand class, the three ways' net points to BD, the two L4 arms' net points to AC, the
        book's hand outcome)."""
        if frame.empty:
            return pd.DataFrame(columns=KEYS + ["deals"])
        # rows of the kinds that do not use B3's and B4's columns (and runs made before them) lack them
        frame = frame.reindex(columns=KEYS + ["deals"]).fillna({c: 0 for c in TABLE_COLUMNS})
        table = frame.groupby(KEYS, observed=True)["deals"].sum().reset_index()
        for k in INT_KEYS:
            table[k] = table[k].astype(np.int8)
        table["deals"] = table["deals"].astype(np.int64)
        return table.sort_values(KEYS).reset_index(drop=True)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        unit, state = unit_and_state(key)
        key = split(key)[0]          # the first measure's key names the score and the adversaries
        score = _score_of_key(key)

        def model():   # solved only for a test with deals: a small run may lack the game rows
            return book_game_model(table, manifest, self.name, kind="kind")

        if key.startswith("B3"):
            rows = table_cells(table, "b3", score)
            weaker, stronger = key.split(".")[2].split("-")
            return strength_gain(model(), rows, weaker, stronger) if rows["deals"].sum() >= 2 else None
        if key.startswith("B4"):
            rows = table_cells(table, "b4", score)
            return model().estimate(rows, READINGS, RUBBER) if rows["deals"].sum() >= 2 else None
        if key.startswith("L4"):
            rows = l4_cells(table, score)
            if rows["deals"].sum() < 4:
                return None
            est, model_se = l4_parts(None if unit == POINTS else model(), rows, unit, state)
            if est.n < 4:
                return None
            return est if unit == POINTS else with_model_error(est, model_se)
        rows = bridge_cells(table, score, key.split(".")[2])
        arms = ("never", "strict")
        if key.startswith("B2"):
            rows, arms = rows[rows["exc"] > 0], ("exceptions", "strict")
        if rows["deals"].sum() < 2:
            return None
        if unit == POINTS:
            return paired_mean(rows, *arms)
        return model().estimate(rows, arms, unit, state)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = BridgeStudy()


# --- the report -----------------------------------------------------------------------------------------

def _share(rows: pd.DataFrame, mask, n: int) -> str:
    return f"{rows.loc[mask, 'deals'].sum() / n:.1%}" if n else ""


def results_table(table: pd.DataFrame, model: GameModel, verdict_list) -> pd.DataFrame:
    """Per score and adversary policy: the deals, how often B orders under each way, the
    adversaries' lone marches, and the tests' differences in rubber points, P(win game), points."""
    out = []
    for a, b in SCORES:
        for lone in LONE:
            rows = bridge_cells(table, (a, b), lone)
            n = int(rows["deals"].sum())
            line = {"score (eldest hand's side first)": view(a, b), "adversaries' lone hands": lone, "deals": n}
            if n < 2:
                out.append(line)
                continue
            exc = rows[rows["exc"] > 0]
            line["exception hands"] = _share(rows, rows["exc"] > 0, n)
            line["-4 (their lone march): never / strict / exceptions"] = " / ".join(
                _share(rows, rows[w] == -4, n) for w in WAYS)
            line["never - strict: rubber points"] = interval(model.estimate(rows, ("never", "strict"), RUBBER))
            line["never - strict: P(win game)"] = interval(model.estimate(rows, ("never", "strict"), GAME_WIN), pct=True)
            line["never - strict: points per hand"] = interval(paired_mean(rows, "never", "strict"))
            line["B1 verdict"] = _verdict_text(verdict_list, f"B1.{view(a, b)}.{lone}")
            if exc["deals"].sum() >= 2:
                line["exceptions - strict on the exception hands: rubber points"] = interval(
                    model.estimate(exc, ("exceptions", "strict"), RUBBER))
                line["exceptions - strict: P(win game)"] = interval(model.estimate(exc, ("exceptions", "strict"), GAME_WIN), pct=True)
            line["B2 verdict"] = _verdict_text(verdict_list, f"B2.{view(a, b)}.{lone}")
            out.append(line)
    return pd.DataFrame(out)


def keeping_values(table: pd.DataFrame, model: GameModel) -> list[dict]:
    """Per score and adversary policy, the value of keeping the bridge (strict - never,
    exceptions - never) to the eldest hand's side in rubber points and P(win game), all deals."""
    out = []
    for a, b in SCORES:
        for lone in LONE:
            rows = bridge_cells(table, (a, b), lone)
            if rows["deals"].sum() < 2:
                continue
            line = {"score": view(a, b), "lone": lone, "deals": int(rows["deals"].sum())}
            for way in ("strict", "exceptions"):
                line[way] = model.estimate(rows, (way, "never"), RUBBER)
                line[f"{way} win"] = model.estimate(rows, (way, "never"), GAME_WIN)
            out.append(line)
    return out


def keeping_chart(values: list[dict], path: Path) -> Path:
    groups = [f"{v['score']} {v['lone']}" for v in values]
    series = {}
    for way, name in (("strict", "keeping it strictly - never"), ("exceptions", "keeping it with the exceptions - never")):
        est = [v[way] for v in values]
        series[name] = ([e.mean for e in est], [e.low for e in est], [e.high for e in est], [e.n for e in est])
    return charts().error_bars(path, groups, series, title="The value of keeping the bridge to the eldest hand's side",
                             ylabel="net rubber points (first game of a rubber)",
                             xlabel="score (the eldest hand's side first) and the adversaries' lone hands",
                             note="95% intervals, the game model's error included; positive: keeping it gains",
                             zero_line=True, legend_n=False)


def exceptions_table(table: pd.DataFrame, model: GameModel) -> pd.DataFrame:
    """B2 by the kind of exception hand, against the book's adversaries."""
    out = []
    for a, b in SCORES:
        rows = bridge_cells(table, (a, b), "book")
        for k in (1, 2, 3):
            cell = rows[rows["exc"] == k]
            n = int(cell["deals"].sum())
            if n < 2:
                continue
            out.append({"score (eldest hand's side first)": view(a, b), "hand": EXCEPTIONS[k], "deals": n,
                        "-4 (their lone march): exceptions / strict": " / ".join(
                            _share(cell, cell[w] == -4, n) for w in ("exceptions", "strict")),
                        "exceptions - strict: rubber points": interval(model.estimate(cell, ("exceptions", "strict"), RUBBER)),
                        "P(win game)": interval(model.estimate(cell, ("exceptions", "strict"), GAME_WIN), pct=True),
                        "points per hand": interval(paired_mean(cell, "exceptions", "strict"))})
    return pd.DataFrame(out)


NETS = (4, 2, 1, 0, -1, -2, -4)


def outcomes_table(table: pd.DataFrame, model: GameModel) -> pd.DataFrame:
    """Per score, adversary policy and way: the share of each net outcome of the hand to the
    eldest hand's side, and its value in P(win game) and rubber points."""
    out = []
    for a, b in SCORES:
        values = {n: (model.after(a, b, 1, n, GAME_WIN), model.after(a, b, 1, n, RUBBER)) for n in NETS}
        out.append({"score (eldest hand's side first)": view(a, b), "adversaries' lone hands": "",
                    "eldest hand": "value of the outcome: P(win game) / rubber points",
                    **{f"{n:+d}": f"{float(values[n][0]):.3f} / {float(values[n][1]):+.2f}" for n in NETS}})
        for lone in LONE:
            rows = bridge_cells(table, (a, b), lone)
            total = rows["deals"].sum()
            if total == 0:
                continue
            for way in WAYS:
                share = rows.groupby(way)["deals"].sum() / total
                out.append({"score (eldest hand's side first)": view(a, b), "adversaries' lone hands": lone,
                            "eldest hand": way, **{f"{n:+d}": f"{share.get(n, 0.0):.1%}" for n in NETS}})
    return pd.DataFrame(out)


def l4_table(table: pd.DataFrame, model: GameModel, verdict_list) -> pd.DataFrame:
    out = []
    for a, b in SCORES:
        rows = l4_cells(table, (a, b))
        n = int(rows["deals"].sum())
        if n < 4:
            continue
        keeper = rows[rows["exc"] > 0]
        line = {"score (dealers first)": f"{a}-{b}", "lone hands made after B's pass": n,
                "of them after a keeper's pass": int(keeper["deals"].sum()),
                "alone - partner after any pass: rubber points": interval(model.estimate(rows, ("alone", "partner"), RUBBER))}
        if keeper["deals"].sum() >= 2:
            line["after a keeper's pass"] = interval(model.estimate(keeper, ("alone", "partner"), RUBBER))
        line["L4 (non-keeper's - keeper's pass, within classes): rubber points"] = interval(
            with_model_error(*l4_parts(model, rows, RUBBER)))
        line["L4: P(win game)"] = interval(with_model_error(*l4_parts(model, rows, GAME_WIN)), pct=True)
        line["L4: points per hand"] = interval(l4_parts(None, rows, POINTS)[0])
        line["verdict"] = _verdict_text(verdict_list, f"L4.{a}-{b}")
        out.append(line)
    return pd.DataFrame(out)


PLAYER_SHORT = {p: short_name(p) for p in PLAYERS}


def _verdict_text(verdict_list, key: str) -> str:
    return verdict_words(verdict_of(verdict_list, key))


def strength_table(table: pd.DataFrame, model: GameModel, verdict_list) -> pd.DataFrame:
    """B3: per score and players' strength, the adversaries' lone marches and the value of keeping
    the bridge strictly, and each step up in strength."""
    out = []
    for (a, b), rows in played_at_table(table, "b3"):
        n = int(rows["deals"].sum())
        for k, player in enumerate(PLAYERS):
            never, strict = f"never_{player}", f"strict_{player}"
            line = {"score (eldest hand's side first)": view(a, b), "players": PLAYER_SHORT[player], "deals": n,
                    "-4 (their lone march): never / strict": f"{_share(rows, rows[never] == -4, n)} / "
                                                             f"{_share(rows, rows[strict] == -4, n)}",
                    "keeping it strictly - never: rubber points": interval(keeping_value(model, rows, player)),
                    "P(win game)": interval(keeping_value(model, rows, player, GAME_WIN), pct=True),
                    "points per hand": interval(paired_mean(rows, strict, never))}
            if k:
                weaker = PLAYERS[k - 1]
                key = f"B3.{view(a, b)}.{weaker}-{player}"
                line["B3: the value with the next weaker players - with these"] = interval(
                    strength_gain(model, rows, weaker, player))
                line["B3 verdict"] = _verdict_text(verdict_list, key)
            out.append(line)
    return pd.DataFrame(out)


def strength_chart(table: pd.DataFrame, model: GameModel, path: Path) -> Path | None:
    series = {}
    for (a, b), rows in played_at_table(table, "b3"):
        est = [keeping_value(model, rows, p) for p in PLAYERS]
        series[f"at {view(a, b)}"] = ([e.mean for e in est], [e.low for e in est], [e.high for e in est],
                                      [e.n for e in est])
    if not series:
        return None
    return charts().error_bars(path, [PLAYER_SHORT[p] for p in PLAYERS], series,
                             title="B3: the value of keeping the bridge, by the players' strength",
                             ylabel="keeping it strictly - never\n(net rubber points)",
                             xlabel="every seat played by (weakest to strongest)",
                             note="the book's adversaries; 95% intervals, the game model's error included; "
                                  "the same deals under every strength", zero_line=True, legend_n=False)


def reading_table(table: pd.DataFrame, model: GameModel, verdict_list) -> pd.DataFrame:
    """B4: per score, D reading B's pass as B bid it - as the bridge promises."""
    out = []
    for (a, b), rows in played_at_table(table, "b4"):
        n = int(rows["deals"].sum())
        out.append({"score (eldest hand's side first)": view(a, b), "deals": n,
                    "the two readings end differently": _share(rows, rows["truth"] != rows["promise"], n),
                    "the promise read was ruled out at a card (D then read the cards alone)":
                        _share(rows, rows["misled"] > 0, n),
                    "as bid - as promised: rubber points": interval(model.estimate(rows, READINGS, RUBBER)),
                    "P(win game)": interval(model.estimate(rows, READINGS, GAME_WIN), pct=True),
                    "points per hand": interval(paired_mean(rows, *READINGS)),
                    "B4 verdict": _verdict_text(verdict_list, f"B4.{view(a, b)}")})
    return pd.DataFrame(out)


def _word(e: Estimate) -> str:
    """What keeping the bridge does, from its estimate (keeping - never)."""
    return "gains" if e.low > 0 else "loses" if e.high < 0 else "is undecided"


# what keeping the bridge does, as the headline answers the authors' question
PAYS = {"gains": "pays", "loses": "does not pay", "is undecided": "may or may not pay"}


def _headline(values: list[dict], verdict_list) -> str:
    """Whether keeping the bridge pays at each of B1's scores, against the book's adversaries (the
    first score with its interval and unit, the others after it), then the tests' tally."""
    by = {(v["score"], v["lone"]): v for v in values}
    scores = [s for s in (view(a, b) for a, b in SCORES) if (s, "book") in by]
    if not scores:
        return "No deals at the bridge's scores."
    first, *others = scores
    e = by[first, "book"]["strict"]
    also = "".join(f" (at {s} {figure(by[s, 'book']['strict'])})" for s in others)
    answer = (f"Keeping the bridge at {first} {PAYS[_word(e)]}: strictly rather than never, it is worth "
              f"{amount(e, RUBBER)} to the eldest hand's side{also}.")
    return headline(answer, tally_sentence(verdict_list, "in rubber points in a rubber's first game"))


def _figures_in_full(values: list[dict], verdict_list) -> str:
    """Every estimate of keeping the bridge and every test, in words."""
    by = {(v["score"], v["lone"]): v for v in values}
    scores = [s for s in (view(a, b) for a, b in SCORES) if (s, "book") in by]
    if not scores:
        return "No deals at the bridge's scores."
    book = [by[s, "book"] for s in scores]
    words = [_word(v["strict"]) for v in book]
    text = ["Against the book's adversaries (a desperate chance alone), keeping the bridge strictly "
            + (f"{words[0]} at " + " and at ".join(scores) if len(set(words)) == 1
               else " and ".join(f"{w} at {s}" for s, w in zip(scores, words)))
            + ": " + " and ".join(f"{interval(v['strict'])}" for v in book)
            + " net rubber points a hand to the eldest hand's side (keeping it - never, 95% intervals with the game "
            "model's error; in P(win game) " + " and ".join(interval(v["strict win"], pct=True) for v in book)
            + "); keeping it with the exceptions " + " and ".join(interval(v["exceptions"]) for v in book) + "."]
    for lone in ("cautious", "reckless"):
        found = [(s, by[s, lone]) for s in scores if (s, lone) in by]
        if found:
            text.append(f"Against {lone} adversaries keeping it strictly: " + " and ".join(
                f"{interval(v['strict'])} at {s}" for s, v in found) + ".")
    split = [s for s, v in zip(scores, book) if (v["strict win"].low > 0) != (v["strict"].low > 0)
             and (v["strict win"].low > 0 or v["strict win"].high < 0) and (v["strict"].low > 0 or v["strict"].high < 0)]
    if split:
        text.append(f"At {' and '.join(split)} the two units disagree: there keeping it {_word(by[split[0], 'book']['strict win'])} "
                    "in P(win game) alone, since the keeper wins the game by a single point where the non-keeper wins "
                    "it by euchres carried into the next game (see the outcomes).")
    b2 = [verdict_of(verdict_list, f"B2.{s}.book") for s in scores]
    l4 = [verdict_of(verdict_list, f"L4.{a}-{b}") for a, b in SCORES]
    if all(b2):
        text.append("Taking the chance with two lay aces or the ace and another in trumps (B2, passing - ordering on "
                    "those hands, the book's adversaries): " + " and ".join(
                        f"{interval(v.estimate)} at {s} ({v.verdict})" for s, v in zip(scores, b2)) + ".")
    if all(l4):
        text.append("After a keeper's pass a lone hand is worth less (L4, non-keeper's - keeper's pass, the dealers' "
                    "side's rubber points): " + " and ".join(
                        f"{interval(v.estimate)} at {a}-{b} ({v.verdict})" for (a, b), v in zip(SCORES, l4)) + ".")
    b3 = [v for v in verdict_list if v.claim.id == "B3"]
    if b3:
        steps = "; ".join(f"{v.claim.key.split('.')[2]} at {v.claim.key.split('.')[1]}: {interval(v.estimate)} "
                          f"({v.verdict})" for v in b3)
        text.append("B3, the value of keeping the bridge with weaker players minus with stronger (rubber points, "
                    f"positive: the better the players, the less it is worth): {steps}.")
    b4 = [verdict_of(verdict_list, f"B4.{s}") for s in scores]
    if all(b4) and b4:
        text.append("B4, the partner reading an irregular keeper's pass as the bridge promises costs the eldest hand's "
                    "side (as bid - as promised, rubber points): " + " and ".join(
                        f"{interval(v.estimate)} at {s} ({v.verdict})" for s, v in zip(scores, b4)) + ".")
    return " ".join(text)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    every = study.verdicts(table, manifest)
    verdict_list = primary(every)       # the tests in rubber points in the first game
    model = book_game_model(table, manifest, study.name, kind="kind")
    seed = root_seed(manifest)
    values = keeping_values(table, model)
    files = []
    if values:
        files.append((keeping_chart(values, out_dir / "keeping.png"),
                      "The authors' question at a glance: what keeping the bridge is worth to the eldest hand's side "
                      "(keeping it strictly, and with the exceptions, each minus never keeping it), on the same deals, "
                      "by score and the adversaries' lone hands, in expected net rubber points with 95% intervals "
                      "(the game model's error included). Above zero keeping it gains."))
    strength = strength_chart(table, model, out_dir / "strength.png")
    if strength is not None:
        files.append((strength, "B3 at a glance: the value of keeping the bridge strictly (keeping it - never, the "
                      "eldest hand's side's net rubber points) when every seat is played by players of one strength, "
                      "weakest to strongest, on the same deals against the book's adversaries. The book: the better "
                      "the players, the less the bridge is worth."))
    if verdict_list:
        files.append((charts().claims_chart(out_dir / "claims.png", verdict_list, unit=RUBBER,
                                            title="The bridge: each test, the book's side positive, rubber points"),
                      "Each test oriented so that positive is the book's side (B1: not keeping the bridge strictly "
                      "gains; B2: taking the chance gains; L4: a lone hand is worth less after a keeper's pass), "
                      "with its 95% interval (thick) and the simultaneous interval (thin); the shaded band is the "
                      "margin."))
    game = model.f.shape[0]
    bridge_deals = int(table.loc[table["kind"] == "bridge", "deals"].sum()) // len(LONE)
    b3_deals = int(table.loc[table["kind"] == "b3", "deals"].sum())
    b4_deals = int(table.loc[table["kind"] == "b4", "deals"].sum())
    options = options_of(manifest)
    pack = pack_of(manifest)
    question = ("Should the eldest hand keep the bridge at four to one and four to two, always, with exceptions, or "
                "never? Should the adversaries be more careful with a lone hand after a bridge-keeper has passed? Is "
                "the bridge worth less among better players, and does a keeper who keeps it only now and then deceive "
                "his partner? The book's sentences:\n\n" + study.quoted(("B1", "B2", "B3", "B4", "L3", "L4")))
    method = (
        f"Scenarios: at each of B1's scores, 4-1 and 4-2 (the eldest hand's side BD first; the dealers AC at one or "
        f"two), uniform random deals of the {pack}-card pack ({bridge_deals:,} deals in all). Every deal is bid nine "
        "times, under each of the eldest hand's three ways and each of the adversaries' three lone policies, and "
        f"played {played_how(manifest)}: the arms share the deal and differ only in what the ways and the policies decide "
        "(equal contracts are played once).\n\n"
        "The eldest hand's ways (analysis.bidding.book_policy.BookParams): *never*, the book's bidding, the bridge not kept "
        "(he orders up by E1 and E2); *strict*, he orders up in round one whatever he holds (keep_bridge), so he "
        "never reaches round two; *exceptions*, he keeps it but passes with two lay aces (two aces of plain suits, "
        "the turned-up suit being trumps) or the ace and another in trumps (the ace of the turned-up suit and one "
        "more trump at least), unless the book's ordinary rule orders the hand anyway (bridge_exceptions). The book "
        "is silent on round two: the keeper who passed in round one is read as bidding by the book's rule there "
        "(E3), the chance having been taken on his cards in round one. His partner D and he himself play the "
        "book's lone hands (sound only, the score being in their favour).\n\n"
        "The adversaries' lone hands at one or two to four (from their side; the book's policy everywhere else): "
        "*cautious*, sound lone hands only (both bowers, three trumps or more, every other card an outside ace); "
        "*the book's*, \"a desperate chance\" (L3): a bower and three trumps or better, as its policy plays; "
        "*reckless*, any hand with three trumps or the right and another. The dealer judges his hand after his "
        "lone discard; taking it from a partner follows the book's rule (the dealer after C's assist reads the "
        "same lone policy; any other partner takes it with a sound hand only).\n\n"
        "B1 (the authors' doubt) is the eldest hand's side's net rubber points never keeping the bridge - keeping "
        "it strictly, on all the deals; B2 is keeping it with the exceptions - strictly, on the deals where the "
        "keeper holds an exception hand and the book would not order (elsewhere the two ways bid alike). Each score "
        "and each adversary policy is a test of its own. Negligible B1 reads: keeping the bridge strictly gains "
        "nothing that matters (the doubt holds); supported: keeping it loses; contradicted: keeping it gains.\n\n"
        "L4: on the deals where the eldest hand passed in round one (under never) and a dealers'-side player then "
        "made trump with a desperate-or-better lone hand (L3's class, judged on the hand he would play alone), the "
        "hand is played with the maker alone and with his partner. The exceptions keeper passes on a subset of "
        "these deals (the exception hands), and the hand after his pass is the same as after a non-keeper's pass. "
        "L4's estimate is the gain alone - with the partner after a non-keeper's pass minus after a keeper's, "
        "within hand classes (the maker's seat, round, lone strength, trumps, bowers, outside aces): in each class "
        "p_Y (E[gain | no exception hand] - E[gain | exception hand]), p_Y the share without one, two independent "
        "samples, weighted by the class's deals (stratified Welch, with the game model's error from its draws). "
        "Positive: a lone hand is worth less after a keeper's pass, so more care is right. It is valued in the "
        "dealers' side's net rubber points; points per hand beside.\n\n"
        "Valuation: every hand's points are valued by the game and the rubber they lead to, in the first game of a "
        "rubber: the side's expected net rubber points (laws 1 and 7: its points minus the other side's to the end "
        "of the rubber, laps, double games and the rubber's two points), with the probability of winning the game "
        "beside. The game and rubber models (analysis/value/game_model.py, analysis/value/rubber.py) are solved from the "
        f"book's hands at each of the {game * game} scores below game, dealt and played in this study's game "
        f"scenarios ({model.hands_text}): the rest of the rubber is "
        "valued under the book's policy with the bridge not kept and the book's lone hands. Their sampling error "
        f"(each score's outcome counts drawn again from their multinomial, {MODEL_DRAWS:,} draws seeded from the "
        f"run's root seed {seed}) joins every interval in quadrature with the deals' error.\n\n"
        "B3 and B4 are played at the table (scenarios table-4-1 and table-4-2, uniform deals of the same pack; "
        f"{b3_deals:,} and {b4_deals:,} deals in all). B3: the first {options.get('table_cap', DEFAULT_TABLE_CAP)} "
        "deals of each chunk are bid never keeping the bridge and keeping it strictly, against the book's "
        "adversaries (the ordinary lone hand), and each bidding is played four times, every seat by players of one "
        "strength: the simple players (win the trick as cheaply as they can unless the partner is winning it, else "
        "throw the lowest), the book's card-play rules, PIMC (perfect-information Monte Carlo, "
        f"{options.get('worlds', DEFAULT_WORLDS)} worlds a decision) and double-dummy; equal contracts are played "
        "once. The value of the bridge is keeping it strictly - never, in the eldest hand's side's net rubber points; "
        "each B3 test is that value with one strength minus with the next stronger, on the same deals (positive: "
        "the better the players, the less the bridge is worth, as the book says). B4: the first "
        f"{options.get('deceive_cap', DEFAULT_DECEIVE_CAP)} deals of each chunk where B, not keeping the bridge, "
        "passes in round one a hand an exceptions keeper would order with (the deals where his pass deceives a "
        "partner who trusts the bridge), the hand played out, bid as it went (the book's policy, B not keeping it) "
        "and played twice by PIMC in every seat: D reads the calls as B bid them (his worlds are those in which "
        "the book's policy, B not keeping the bridge, bids exactly as heard) or as the bridge promises (the worlds "
        "in which an exceptions keeper bids as heard: B's pass promises two lay aces or the ace and another in "
        "trumps). The other three players read the cards alone and play alike in both. Where D's cards rule the "
        "promise out (under 0.1% of 4,096 worlds accepted), D reads the cards alone from that card to the end of "
        "the hand. B4's test is "
        "the eldest hand's side's net rubber points with D reading the truth - with D deceived (positive: an "
        "irregular keeper deceives his partner at a cost). Only D's card play reads the pass: D's own bidding is "
        "the book's policy, which does not read B's pass, so a deception in D's bidding is not measured.\n\n"
        + ("Limits: B1, B2 and L4 rest on double-dummy play, which sees every card, so the lone player's adversaries "
           "defend perfectly and the lone player never misguesses; " if played_how(manifest) == "double-dummy" else
           f"Limits: B1, B2 and L4 are played here {played_how(manifest)}; ")
        + "B3 measures how the bridge's value moves with the players' strength. The table-side hands are valued by "
        "the same game and rubber model as the rest (the rest of the rubber under double-dummy play).")
    sections = [
        ("The hand's outcomes, and what each is worth", "The share of deals ending in each net outcome to the eldest "
         "hand's side (+4 his side's lone march or a lone adversary euchred, +2 a march or the adversaries euchred, "
         "+1 three or four tricks, 0 a void deal, -1 the adversaries' point, -2 his side euchred or the adversaries' "
         "march, -4 their lone march or his side's lone hand euchred), by score, the adversaries' lone hands and his way; the first row of each score gives what each "
         "outcome is worth to his side, in P(win game) and in net rubber points. The two units weigh the outcomes "
         "differently: every outcome that reaches five wins the game alike, but in the rubber the points beyond "
         "game are carried into the next game (a lap), so a euchre of the adversaries (+2, +4 if one was alone) "
         "is worth more than the single point of an order that just makes it. Where the two units disagree on "
         "keeping the bridge, this is why.\n\n" + md_table(outcomes_table(table, model))),
        ("B2 by the exception hand", "Against the book's adversaries, the keeper passing (the chance taken) - "
         "ordering up, by the hand he holds: two lay aces, the ace and another in trumps, or both; the share of "
         "-4 outcomes (their lone marches) under each way.\n\n" + md_table(exceptions_table(table, model))),
        ("L4: a lone hand after a keeper's pass", "The lone hands (desperate or better) the dealers' side made after "
         "the eldest hand passed, the gain alone - with the partner in the dealers' side's net rubber points, after "
         "any pass (a non-keeper's) and after a keeper's, and L4's estimate within hand classes in rubber points, in "
         "P(win game) (both with the game model's error) and in points per hand (95% intervals).\n\n"
         + md_table(l4_table(table, model, verdict_list))),
        ("B3: the bridge against players of each strength", "Per score and the players' strength (every seat "
         "alike, the book's adversaries): the share of deals ending in the adversaries' lone march (-4 to the eldest "
         "hand's side) never keeping the bridge and keeping it strictly; the value of keeping it strictly in rubber "
         "points, P(win game) and points per hand; and B3's test, the value with the next weaker players minus with "
         "these (95% intervals, the game model's error included in the first two units).\n\n"
         + md_table(strength_table(table, model, verdict_list))),
        ("B4: the partner who trusts the bridge", "Per score, on the deals where B's pass deceives: how often the two "
         "readings end the hand differently, how often D's cards ruled out the promise at some card, and B4's test, "
         "the eldest hand's side's value with D reading the pass as bid minus as promised.\n\n"
         + md_table(reading_table(table, model, verdict_list))),
        measures_section(every, [v.claim.name for v in verdict_list if v.claim.id in ("B1", "B2", "L4")]),
        model_section(model),
        in_full(_figures_in_full(values, verdict_list)),
    ]
    return study_report(
        study, question=question, method=method, table=results_table(table, model, verdict_list),
        caption=("Per score and the adversaries' lone hands: the deals; the eldest hand's exception hands (where the "
                 "exceptions keeper passes); the share of deals ending -4 to the eldest hand's side under each way "
                 "(the adversaries' lone march, which wins them the game; or, rarely, his side's sound lone hand "
                 "euchred); B1, never - strict, to the eldest hand's side in net rubber points, P(win game) and "
                 "points per hand; B2, exceptions - strict on the exception hands (95% intervals, the game model's "
                 "error included in the first two units) and the verdicts."),
        files=files, verdicts=every, headline=_headline(values, verdict_list), sections=sections,
        play_note=bridge_play_note(manifest))


def bridge_play_note(manifest: dict) -> str:
    """B1, B2 and L4 play with the run's engine (double-dummy unless ``--play`` said otherwise);
    B3 and B4 with their own."""
    return ("B1, B2 and L4: " + play_note(manifest) + "\n\nB3 and B4 choose their players themselves, whatever "
            "the run's engine: B3 every strength from the simple baseline to double-dummy, B4 PIMC. The table-side "
            "players see only their own cards (D in B4 reads the calls too). " + PIMC_SEES)

"""The primary tests of the book's bidding and lone-hand claims at love-all, as pre-registered
(``analysis/data/primaries.toml``): E1, E2, E3, S1, S2, S5, S7, T2, T3, T4, D1, D5, D6, L2, L7 and L8.

Each is one class of hands at one seat and round, at love-all, and one decision: the book's action against
the one the player would otherwise take, on the same deals (paired), in the deciding side's net
points per hand. A class is reached as the company's bidding reaches it: the eldest hand decides
first; the dealer's partner after the eldest passed; the third hand after both passed; the dealer
after three passes; round two only after four passes. The decider follows the book's policy in all his other decisions; the other
three chairs are the *company*, the book's policy or the optimised policy
(``analysis/data/policies/optimised.toml``), each a replication. The play engine is the run's
(double-dummy here; every seat at the table reading the calls in ``primary_table``).

The classes are registered in ``analysis/data/primaries.toml``: each entry's ``hands`` in the
pre-registration's words, its ``class`` in the few words the report gives it (the dealer's
judged after taking up and the book's discard). The lone hands (L2, L7, L8) are played with the
contract fixed once the company's bidding (the decider by the book's policy) has made it; D8 plays
the hand with the book's discard and with the lowest plain card (the suit, not the card, is what
the book teaches). D6 and L8 are rare: their scenarios draw ``rare`` times the deals.

Chunks return counted cells per claim, company, deciding seat and pair of the two arms' net points
to the decider's side (book_net, other_net): the deals, the sum and sum of squares of the book's
action minus the other, and the deals where it gained and lost (for the exact test of a small class).

At the table (``primary_table``) every deal of a class reached in a chunk is also played double-dummy
with both arms, its *twin* (cheap and precise): the twin's own cells (``twin`` 1) over all of them,
and beside the table's cells the twin's difference on the same deals (its sum, sum of squares and
product with the table's). The table's estimate is then the regression estimator of two-phase
sampling (:func:`analysis.experiment.stats.twin_adjusted`): the table's mean adjusted by the twin's
mean on the deals played at the table against its mean on all of them, the capped deals being a
random subset of the class (the first reached of independent deals); the report gives the share of
the plain mean's variance each test keeps.

The unit check (the pre-registration's, for a claim in points at love-all): the same test valued in
net rubber points of the first game at love-all, each arm's outcome valued by the company's rubber
model (``E1.rp``, ``E1.optimised.rp``). The model is solved from ``model_deals`` hands at each score
bid by the company and played double-dummy (whatever the run's engine), seeded from the run's seed;
its error (a bootstrap of the counts) is joined to the deals' in quadrature. A unit check whose sign
is the opposite of its primary's marks the claim *unit-sensitive*; it never moves the status.
Option ``cap``: at most so many deals of a class played a chunk (0: all), for the table, where the
common classes would otherwise take the time the rare ones need.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, Forced, bid_batch, call_word
from analysis.bidding.book_policy import (ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_RIGHT_TURNED, MAKE_NEXT,
                                          THIRD_BY_SCORE, THIRD_ORDER, THIRD_RIGHT_TURNED, hand_numbers_of)
from analysis.bidding.company import keeping, seated
from analysis.bidding.policies import policy_from_name
from analysis.experiment import ClaimTest, POINTS, RUBBER, Study, contract_arm, play_arms, policy_arm
from analysis.errors import EuchreError
from analysis.experiment.stats import FIRST_GAME, RUBBER_STATES, from_se, mean_from_sums, twin_adjusted
from analysis.game import Rules, Score, any_match, contract, dealer_hand, primaries
from analysis.value import game_value, outcomes
from analysis.game.cards import DEALER, ELDEST, SECOND, THIRD
from analysis.play import DoubleDummy, default_engine, playing
from analysis.simulator import play_bidding
from fastcore.sampler import sample_deals
from studies.common.report import love_all_report, measured_tests
from studies import discard as discard_study, round_two
from studies.common.lone_arms import LIGHT, caller_lone_hand, hand_class
from studies.common.round_one import DEALER_LIST, round_one_situations

CALL, PASS = "call", "pass"
COMPANIES = ("book", "optimised")
KEYS = ["claim", "company", "twin", "seat", "book_net", "other_net"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "gained", "lost", "dd_sum", "dd_sumsq", "cross_sum"]
ORDER_LIST = THIRD_ORDER.patterns + THIRD_BY_SCORE.patterns     # the third hand's order list at love-all


@dataclass(frozen=True)
class Primary:
    """One claim's class: the deciding seat and round, the book's action and the other (arms:
    round one "call"/"pass"; round two a suit rule of :func:`studies.round_two.arm_suit`) and the
    hands."""

    claim: str
    seat: int
    round: int
    book: str                 # the book's arm
    other: str                # the other arm
    action: str               # the book's action, in words
    alternative: str          # the other, in words

    @property
    def hands(self) -> str:
        """The class, in words: the registry's (``class`` in primaries.toml)."""
        return primaries()[self.claim].class_words


# claim -> the decider, the round, the arms and the action in words (the class's words are the registry's)
CLASSES = {c: Primary(c, *row) for c, row in {
    "E1": (ELDEST, 1, CALL, PASS, call_word(ELDEST), "pass"),
    "E2": (ELDEST, 1, PASS, CALL, "pass", call_word(ELDEST)),
    "E3": (ELDEST, 2, "next", "cross", "make it next", "cross the suit"),
    "S1": (SECOND, 1, PASS, CALL, "pass", call_word(SECOND)),
    "S2": (SECOND, 1, CALL, PASS, call_word(SECOND), "pass"),
    "S5": (SECOND, 1, PASS, CALL, "pass", call_word(SECOND)),
    "S7": (SECOND, 2, "red", "otherwise", "make it red", "next if he can make it, else pass"),
    "T2": (THIRD, 1, CALL, PASS, call_word(THIRD), "pass"),
    "T3": (THIRD, 1, PASS, CALL, "pass", call_word(THIRD)),
    "T4": (THIRD, 1, CALL, PASS, call_word(THIRD), "pass"),
    "D1": (DEALER, 1, CALL, PASS, call_word(DEALER), "turn down"),
    "D5": (DEALER, 2, "light", PASS, "make it", "pass (the deal void)"),
    "D6": (DEALER, 1, PASS, CALL, "turn down", call_word(DEALER)),
}.items()}
RARE = ("D6",)
# the decisions, each a scenario of its own (with D6, rare, apart)
DECISIONS = {"B": (ELDEST, 1), "C": (SECOND, 1), "D": (THIRD, 1), "A": (DEALER, 1), "B2": (ELDEST, 2),
             "C2": (SECOND, 2), "A2": (DEALER, 2), "A-D6": (DEALER, 1)}


def classes(seat: int, round_: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> dict[str, np.ndarray]:
    """The classes of the claims decided at ``seat`` in ``round_``: claim -> member mask of the
    seat's hands."""
    if round_ == 2:
        return round_two_classes(seat, hands, turn_up, rules)
    t = round_one_situations(seat, hands, turn_up, rules)
    right = t.right_turned
    if seat == ELDEST:
        can_next = t.has(MAKE_NEXT.patterns, t.trump ^ 1)
        return {"E1": ~right & BookPolicy.medium_with_strength(t) & ~can_next,
                "E2": t.has("three trumps") & can_next & ~t.has(ORDER_LIST)}
    if seat == SECOND:
        s5 = right & BookPolicy.two_small_ones(t)
        s2 = t.has(ASSIST.patterns)
        s3 = t.has(ASSIST_ALWAYS.patterns + ASSIST_BY_SCORE.patterns) | (right & t.has(ASSIST_RIGHT_TURNED.patterns))
        two = hand_numbers_of(t.hands, t.trump)[:, 0] == 2
        return {"S1": two & ~s2 & ~s3 & ~s5, "S2": s2 & ~s5, "S5": s5}
    if seat == THIRD:
        order = t.has(ORDER_LIST)
        return {"T2": ~right & t.has(MAKE_NEXT.patterns) & ~order & t.has(ORDER_LIST, t.trump ^ 1),
                "T3": right & order & ~t.has(THIRD_RIGHT_TURNED.patterns),
                "T4": ~right & order}
    judged = dealer_hand(t.hands, t.turn_up, is_lone=False)
    d6 = BookPolicy.cross_bowers_better_next(t, judged)
    return {"D1": t.has(DEALER_LIST, hands=judged) & ~d6, "D6": d6}


def round_two_classes(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> dict[str, np.ndarray]:
    hands = np.asarray(hands, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    if seat == ELDEST:
        return {"E3": round_two.classes(ELDEST, 2, hands, turn_up, rules)["e3_next_or_cross"]}
    if seat == SECOND:
        black = (turn_up >> 4) == 0       # clubs and spades
        return {"S7": black & (round_two.arm_suit("red", hands, turn_up) >= 0)}
    if seat == DEALER:
        can_make = np.zeros(len(hands), bool)
        down = turn_up >> 3
        for x in range(4):
            can_make |= (down != x) & round_two.on_list(hands, x, MAKE_NEXT)
        return {"D5": (round_two.arm_suit("light", hands, turn_up) >= 0) & ~can_make}
    return {}


def arms_of(seat: int, round_: int, arms, rules) -> dict:
    """The policies of the arms (the company in the other chairs): round one forced to call or
    pass, round two naming the arm's suit."""
    book = BookPolicy()
    if round_ == 1:
        return {a: policy_arm(seated(Forced(book, seat, "first_round", call_word(seat) if a == CALL else "pass"),
                                     seat), rules) for a in arms}
    return {a: policy_arm(seated(round_two.Acting(seat, 2, a), seat), rules) for a in arms}


def played(deals, decision: str, rules, only=None, cap: int = 0) -> pd.DataFrame:
    """Summed cells of the claims of ``decision`` (:data:`DECISIONS`; ``only``: these claims) on
    ``deals``: where the decision is reached under the company's bidding, the deal played under the
    book's arm and the other. ``cap`` > 0: at most the first ``cap`` reached deals of each class are
    played (the deals are independent, so the first are a random sample of the class; the cap keeps
    the common classes from crowding out the rare ones at the table)."""
    seat, round_ = DECISIONS[decision]
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    masks = {c: m for c, m in classes(seat, round_, hands[:, seat], turn_up, rules).items()
             if only is None or c in only}
    rows = np.flatnonzero(np.logical_or.reduce(list(masks.values()))) if masks else np.zeros(0, np.int64)
    if len(rows):
        b = bid_batch(hands[rows], turn_up[rows], seated(BookPolicy(), seat), rules)
        rows = rows[round_two.decision_reached(b, seat, round_)]
    reached_class = {c: rows[m[rows]] for c, m in masks.items()}
    members = {c: r[:cap] if cap else r for c, r in reached_class.items()}
    rows = np.unique(np.concatenate([rows[:0], *members.values()]))
    frames = []
    if len(rows):
        arms = sorted({a for c in masks for a in (CLASSES[c].book, CLASSES[c].other)})
        played_arms = arms_of(seat, round_, arms, rules)
        paired = play_arms(deals[rows], played_arms, side=seat & 1)
        for claim, chosen in members.items():
            c = CLASSES[claim]
            at = np.searchsorted(rows, chosen)
            twin_gain = None
            if at_the_table() and len(chosen):
                twin, twin_gain = twin_cells(claim, seat, deals, played_arms, seat & 1, c.book, c.other,
                                             reached_class[claim], chosen)
                frames.append(twin)
            frames.append(pair_cells(claim, seat, paired.net(c.book)[at], paired.net(c.other)[at], twin_gain))
    return pd.concat(frames, ignore_index=True) if frames else empty()


# --- lone hands ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Lone:
    """A lone-hand claim's class (and D8's): the deciding seat, the book's contract and the other, in
    words (the class's words are the registry's)."""

    claim: str
    seat: int                 # the decider
    action: str
    alternative: str

    @property
    def hands(self) -> str:
        return primaries()[self.claim].class_words


LONE = {c: Lone(c, *row) for c, row in {
    "L2": (-1, "with partner", "alone"),
    "L7": (DEALER, "alone", "with partner"),
    "L8": (-1, "take it alone", "let him go"),
}.items()}
# the lone decisions: the decider's seat; L8's, rare, apart
LONE_DECISIONS = {"LA": DEALER, "LB": ELDEST, "LC": SECOND, "LD": THIRD, "LA-L8": DEALER, "LD-L8": THIRD}


def lone_class(seat: int, hands, turn_up, rnd, trump, rules) -> tuple[np.ndarray, np.ndarray]:
    """(light, fair) of ``seat``'s hands with ``trump`` (the pre-registration's words): light,
    the right with the left or the ace, three trumps or more, at most one card neither a trump nor
    an outside ace, not sound; fair (L8), two trumps or more with a bower or the ace and every plain
    card an ace."""
    found = hand_class(seat, hands, turn_up, rnd, Score(0, 0), rules, trump)
    high = (found["right"] == 1) | (found["left"] == 1) | any_match(np.asarray(hands, np.uint32),
                                                                    np.asarray(trump, np.int8), ("ace",))
    fair = (found["trumps"] >= 2) & high & (found["trumps"] + found["aces"] == 5)
    return found["strength"] == LIGHT, fair


CELL = ["claim", "twin", "seat", "book_net", "other_net", *SUMS]


def pair_cells(claim: str, seat: int, book_net: np.ndarray, other_net: np.ndarray, twin_gain=None,
               twin: int = 0) -> pd.DataFrame:
    """One claim's counted cells from its deals' net points to the decider's side under the book's
    action and the other: one row per pair of the two, with its deals and their sums; ``twin_gain``:
    each deal's difference played double-dummy too (its sum, sum of squares and its products with
    the difference, per cell); ``twin`` 1: the cells are the double-dummy twin's own."""
    book_net, other_net = np.asarray(book_net, np.int64), np.asarray(other_net, np.int64)
    g = book_net - other_net
    d = np.zeros_like(g) if twin_gain is None else np.asarray(twin_gain, np.int64)
    deals = pd.DataFrame({"book_net": book_net, "other_net": other_net, "deals": 1, "dd_sum": d, "dd_sumsq": d * d,
                          "cross_sum": g * d})
    cells = deals.groupby(["book_net", "other_net"], as_index=False).sum()
    g = (cells["book_net"] - cells["other_net"]).to_numpy(np.int64)
    n = cells["deals"].to_numpy(np.int64)
    cells = cells.assign(claim=claim, twin=twin, seat="ABCD"[seat], gain_sum=n * g, gain_sumsq=n * g * g,
                         gained=np.where(g > 0, n, 0), lost=np.where(g < 0, n, 0))
    return cells[CELL].sort_values(["book_net", "other_net"], ignore_index=True)


def at_the_table() -> bool:
    """The run's engine is not double-dummy: its cells get a double-dummy twin."""
    return not isinstance(default_engine(), DoubleDummy)


def twin_cells(claim: str, seat: int, deals, arms, side, book: str, other: str, members, capped) -> list:
    """The double-dummy twin of a claim's deals at the table: every deal of the class reached
    (``members``, rows of ``deals``) played double-dummy with both arms, as twin cells, and the
    double-dummy difference of the deals played at the table (``capped``, a subset of them)."""
    with playing(DoubleDummy()):
        paired = play_arms(deals[members], arms, side=side)
    gain = paired.difference(book, other)
    at = np.searchsorted(members, capped)
    return [pair_cells(claim, seat, paired.net(book), paired.net(other), twin=1), gain[at]]


def empty() -> pd.DataFrame:
    return pd.DataFrame(columns=CELL)


def per_claim(frame: pd.DataFrame) -> pd.DataFrame:
    """The cells summed per claim (and company, when the frame has it): the paired difference's sums."""
    keys = [k for k in ("claim", "company") if k in frame.columns]
    return frame.groupby(keys, observed=True)[SUMS].sum().astype(np.int64)


def lone_played(deals, decision: str, rules, only=None, cap: int = 0) -> pd.DataFrame:
    """Summed cells of the lone-hand claims decided at the seat of ``decision`` (:data:`LONE_DECISIONS`)
    on ``deals``, bid by the company with that seat by the book's policy: where the class arises,
    the hand played under the book's contract and the other."""
    seat = LONE_DECISIONS[decision]
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), rules)
    caller, rnd, trump = b.caller, b.round, b.trump
    contracts: dict[str, tuple] = {}       # claim -> (rows, the book's contract, the other's): maker, lone seat
    if only is None or "L2" in only:
        rows = np.flatnonzero(caller == seat)
        own = caller_lone_hand(seat, hands[rows, seat], turn_up[rows], rnd[rows])
        light, _ = lone_class(seat, own, turn_up[rows], rnd[rows], trump[rows], rules)
        rows = rows[light]
        contracts["L2"] = (rows, (seat, -1), (seat, seat))
    if seat == DEALER and (only is None or "L7" in only):
        rows = np.flatnonzero((caller == SECOND) & (rnd == 1) & ~b.caller_is_lone)
        light, _ = lone_class(DEALER, dealer_hand(hands[rows, DEALER], turn_up[rows], is_lone=True), turn_up[rows],
                              1, trump[rows], rules)
        contracts["L7"] = (rows[light], (SECOND, DEALER), (SECOND, -1))
    if seat in (DEALER, THIRD) and (only is None or "L8" in only):
        partner = seat ^ 2
        rows = np.flatnonzero((caller == partner) & b.caller_is_lone & ((rnd == 1) if seat == DEALER else True))
        mine = hands[rows, seat]
        if seat == DEALER:       # he takes up and discards for his lone hand
            mine = dealer_hand(mine, turn_up[rows], is_lone=True)
        _, fair = lone_class(seat, mine, turn_up[rows], rnd[rows], trump[rows], rules)
        contracts["L8"] = (rows[fair], (partner, seat), (partner, partner))
    frames = []
    for claim, (reached_class, book, other) in contracts.items():
        rows = reached_class[:cap] if cap else reached_class
        if not len(rows):
            continue
        arms = {name: contract_arm(maker, trump[rows], rnd[rows], lone_seat=lone, rules=rules)
                for name, (maker, lone) in (("book", book), ("other", other))}
        paired = play_arms(deals[rows], arms, side=seat & 1)
        twin_gain = None
        if at_the_table():
            every = {name: contract_arm(maker, trump[reached_class], rnd[reached_class], lone_seat=lone, rules=rules)
                     for name, (maker, lone) in (("book", book), ("other", other))}
            twin, twin_gain = twin_cells(claim, seat, deals, every, seat & 1, "book", "other", reached_class, rows)
            frames.append(twin)
        frames.append(pair_cells(claim, seat, paired.net("book"), paired.net("other"), twin_gain))
    return pd.concat(frames, ignore_index=True) if frames else empty()


# --- the dealer's discard --------------------------------------------------------------------------

D8 = Lone("D8", DEALER, "the book's discard", "the lowest plain card")


def discard_played(deals, rules, cap: int = 0) -> pd.DataFrame:
    """Summed cells of D8 on ``deals`` bid by the company (the dealer by the book's policy): where
    the dealer took up with his partner and the book's discard differs from the lowest plain card,
    the hand played with each, the rest of the contract as bid."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, seated(BookPolicy(), DEALER), rules)
    rows = np.flatnonzero((b.round == 1) & (b.caller == DEALER) & (b.lone_seat < 0))
    six = contract.with_turn_up(hands[rows, DEALER], turn_up[rows])
    ways = discard_study.discards(six, turn_up[rows], False)
    differ = ways["book"] != ways["lowest"]
    every, every_book, every_lowest = rows[differ], ways["book"][differ], ways["lowest"][differ]
    n = min(cap, len(every)) if cap else len(every)
    if not n:
        return empty()
    net = _discard_nets(b, hands, turn_up, every[:n], every_book[:n], every_lowest[:n])
    if not at_the_table():
        return pair_cells("D8", DEALER, net["book"], net["lowest"])
    with playing(DoubleDummy()):        # the double-dummy twin: every such deal, the table's first n among them
        twin = _discard_nets(b, hands, turn_up, every, every_book, every_lowest)
    gain = twin["book"] - twin["lowest"]
    return pd.concat([pair_cells("D8", DEALER, twin["book"], twin["lowest"], twin=1),
                      pair_cells("D8", DEALER, net["book"], net["lowest"], gain[:n])], ignore_index=True)


def _discard_nets(b, hands, turn_up, rows, book, lowest) -> dict:
    """The dealer's side's net points on the deals ``rows`` of bidding ``b`` with each discard."""
    sub = b.take(rows)
    net = {}
    for name, discard in (("book", book), ("lowest", lowest)):
        play = contract.hands_at_play(hands[rows], turn_up[rows], np.ones(len(rows), bool), discard, sub.lone_seat)
        _, points = play_bidding(replace(sub, discard=discard, play_hands=play), turn_up[rows])
        net[name] = points[:, 0].astype(np.int64) - points[:, 1]         # the dealer's side, AC
    return net


def described(claim: str):
    """The claim's class: a :class:`Primary` or a :class:`Lone` (action, alternative, hands)."""
    if claim == "D8":
        return D8
    return CLASSES.get(claim) or LONE[claim]


def _test(claim: str, company: str, unit_check: bool = False) -> ClaimTest:
    """The primary's test in the company (``unit_check``: the same test in rubber points at love-all)."""
    c = described(claim)
    key = (claim if company == "book" else f"{claim}.{company}") + (UNIT_CHECK if unit_check else "")
    words = ("" if company == "book" else f", {company} company") + (", rubber points (unit check)" if unit_check else "")
    return ClaimTest(key, claim, f"{claim} {c.action} - {c.alternative}{words}",
                     f"{c.hands}: {c.action} - {c.alternative}", RUBBER if unit_check else POINTS,
                     state=FIRST_GAME if unit_check else None, company=company,
                     permissive=primaries()[claim].permissive)


UNIT_CHECK = ".rp"         # the key's ending of a unit check
# The report's method names the classes' source as it always has (its text was cut from the
# module docstring, which now points to the registry instead of listing the classes).
METHOD_CLASSES = "The classes, in the pre-registration's words (the dealer's judged after taking up and the book's discard):"
MODEL_DEALS = 20_000       # the unit check's rubber model: the company's hands at each score


@functools.lru_cache(maxsize=4)
def company_model(company: str, deals: int, seed: int) -> game_value.GameModel:
    """The company's game and rubber model of the book's game: ``deals`` hands at each score bid by
    the company and played double-dummy, with its bootstrap draws (seeded from ``seed``)."""
    policy = BookPolicy() if company == "book" else policy_from_name(company)
    counts = outcomes.outcome_counts(policy, Rules(), deals, seed)
    return game_value.solved(counts, Rules(), seed, f"primary-{company}", with_rubber=True)


def in_rubber_points(rows: pd.DataFrame, model: game_value.GameModel):
    """The unit check of a claim's cells: the book's action minus the other valued in the deciding
    side's net rubber points of the first game from love-all, the deals' error and the model's (its
    draws) in quadrature; Student's t on the deals less one."""
    cells = rows.assign(a=0, b=0)
    paired, draws = model.contrast_and_draws(cells, ["book_net"], ["other_net"], RUBBER, RUBBER_STATES[FIRST_GAME])
    se = float(np.hypot(paired.se, np.std(draws, ddof=1)))
    return from_se(paired.mean, se, paired.n - 1, paired.n)


class PrimaryBidding(Study):
    name = "primary"
    title = "The primary tests of the claims at love-all"
    description = ("The pre-registered primary test of each bidding, lone-hand and discard claim at love-all (E1, E2, "
                   "E3, S1, S2, S5, S7, T2, T3, T4, D1, D5, D6, D8, L2, L7, L8): the book's action against the other "
                   "on the same deals, in the book's and in the optimised company")
    policies = ("the decider by the book's policy; the other three chairs by the book's policy, or by the optimised "
                "policy")
    defaults = {"deals": 500_000, "chunk_size": 50_000, "rare": 20, "cap": 0, "model_deals": MODEL_DEALS}
    suite_position = None
    claims = tuple(_test(claim, company, check) for check in (False, True) for claim in [*CLASSES, *LONE, "D8"]
                   for company in COMPANIES)

    def scenarios(self, settings) -> list[str]:
        """One scenario a decision and company ("B.book", "B2.optimised": B in round two); D6, rare, its
        own ("A-D6.book")."""
        self.whole_options(settings, rare=self.defaults["rare"], model_deals=MODEL_DEALS)
        cap = settings.options.get("cap", 0)
        if not isinstance(cap, int) or isinstance(cap, bool) or cap < 0:
            raise EuchreError(f"option cap must be a whole number >= 0 (0: no cap), not {cap!r}")
        return [f"{d}.{company}" for d in [*DECISIONS, *LONE_DECISIONS, "A-D8"] for company in COMPANIES]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        """The decision scenarios where a claim's class is reached (L2's caller at any seat)."""
        claim, company = key.split(".")[0], "optimised" if "optimised" in key.split(".") else "book"
        if claim in CLASSES:
            c = CLASSES[claim]
            decisions = ["A-D6"] if claim in RARE else [d for d, (seat, round_) in DECISIONS.items()
                                                        if d != "A-D6" and (seat, round_) == (c.seat, c.round)]
        else:
            decisions = {"L2": ["LA", "LB", "LC", "LD"], "L7": ["LA"], "L8": ["LA-L8", "LD-L8"],
                         "D8": ["A-D8"]}.get(claim, [])
        return tuple(f"{d}.{company}" for d in decisions)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        decision, company = scenario.split(".")
        rare = decision.endswith(("-D6", "-L8"))
        n = n_deals * settings.options.get("rare", self.defaults["rare"]) if rare else n_deals
        deals = sample_deals(n, seed, pack=settings.pack)
        cap = settings.options.get("cap", 0)
        with keeping(company):
            if decision == "A-D8":
                frame = discard_played(deals, settings.rules, cap)
            elif decision in LONE_DECISIONS:
                only = ("L8",) if rare else ("L2", "L7")
                frame = lone_played(deals, decision, settings.rules, only, cap)
            else:
                only = RARE if rare else tuple(c for c in CLASSES if c not in RARE)
                frame = played(deals, decision, settings.rules, only, cap)
        frame.insert(1, "company", company)
        return frame[KEYS + SUMS]

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=KEYS + SUMS)
        return frame.groupby(KEYS, observed=True)[SUMS].sum().astype(np.int64).reset_index()

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        rows = self._rows(key, table)
        if rows.empty or int(rows["deals"].sum()) < 1:
            return None
        twin = self._rows(key, table, twin=1)
        if not key.endswith(UNIT_CHECK) and not twin.empty:
            return self.adjusted(rows, twin)[0]
        if key.endswith(UNIT_CHECK):
            rules = (manifest or {}).get("rules", {})
            if rules.get("points_for_game", 5) != 5 or rules.get("pack", 32) != 32 or int(rows["deals"].sum()) < 2:
                return None      # the rubber is the book's game
            options = (manifest or {}).get("options", {})
            model = company_model(self.claim_test(key).company, int(options.get("model_deals", MODEL_DEALS)),
                                  int((manifest or {}).get("root_seed", 0)))
            return in_rubber_points(rows, model)
        return mean_from_sums(rows["deals"].sum(), rows["gain_sum"].sum(), rows["gain_sumsq"].sum())

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int]:
        rows = self._rows(key, table)
        return int(rows["gained"].sum()), int(rows["lost"].sum())

    @staticmethod
    def adjusted(rows: pd.DataFrame, twin: pd.DataFrame):
        """The table's mean adjusted by its double-dummy twin (:func:`twin_adjusted`), and the share
        of the plain mean's variance it keeps."""
        s = rows[SUMS].sum()
        return twin_adjusted(s["deals"], s["gain_sum"], s["gain_sumsq"], s["dd_sum"], s["dd_sumsq"], s["cross_sum"],
                             twin["deals"].sum(), twin["gain_sum"].sum(), twin["gain_sumsq"].sum())

    @staticmethod
    def _rows(key: str, table: pd.DataFrame, twin: int = 0) -> pd.DataFrame:
        """The cells of a test's key ("E1", "E1.optimised", "E1.optimised.rp"); ``twin`` 1: its
        double-dummy twin's (a table run's)."""
        claim, *rest = key.removesuffix(UNIT_CHECK).split(".")
        own = table["twin"] == twin if "twin" in table else pd.Series(twin == 0, index=table.index)
        return table[(table["claim"] == claim) & (table["company"] == (rest[0] if rest else "book")) & own]

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return love_all_report(
            self, table, manifest, out_dir, _results_table, chart_title="The primary tests at love-all",
            question="Is each sentence of the book's advice at love-all right, by its pre-registered primary "
                     "test?\n\n" + self.quoted(),
            method="Uniform deals; for each claim, the deals where its class is reached under the company's bidding "
                   "are played twice, the book's action and the other, everything else by the book's policy for the "
                   "decider and by the company for the other three chairs. " + METHOD_CLASSES,
            caption="per claim and company, the deals of the class reached, the book's action minus the other with its "
                    "95% interval, the deals where it gained and lost, and the study's verdict (the ledger judges the "
                    "primaries again, the 57 primaries of a replication cell as the family).")


def _results_table(study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    rows = []
    for test, v, e, signs in measured_tests(study, table, verdict_list):
        c = described(test.claim)
        twin = study._rows(test.key, table, twin=1)
        kept = (f"{study.adjusted(study._rows(test.key, table), twin)[1]:.2f}"
                if not twin.empty and test.unit != RUBBER else "")
        rows.append({"claim": test.claim, "company": test.company, "class": c.hands,
                     "book's action - other": f"{c.action} - {c.alternative}",
                     "unit": "rubber points, love-all (unit check)" if test.unit == RUBBER else "points per hand",
                     "deals": f"{e.n:,}", "estimate [95%]": f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]",
                     "gained / lost": signs,
                     **({"variance kept by the double-dummy twin": kept} if kept else {}), "verdict": v.verdict})
    return pd.DataFrame(rows)


STUDY = PrimaryBidding()

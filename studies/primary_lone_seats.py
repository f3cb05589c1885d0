"""The primary test of L5, as pre-registered (``analysis/data/primaries.toml``): which seat is the
best for a lone hand?

"The eldest hand has the best position to play a lone hand, and the dealer the next best. The
second and third hands have the weakest positions for lone hands, especially the third hand, if
the turn-up is the trump, since if the third hand declares to play alone it has become an
established custom for the dealer to discard next in suit, and for his partner to lead it to him."

The same lone hand is played from each seat on the same deal (rotated, paired). Of each deal one
hand fixed in advance is H, the lone hand (the sampler's first, the dealer's as dealt); the deal is kept when H is desperate or better on its five
dealt cards (the project's lone classes: *sound*, both bowers and three trumps or more, every other
card an outside ace; *light*, the right with the left or the ace, three trumps or more, at most one
card neither a trump nor an outside ace; *desperate*, a bower and three trumps or more), judged in the
turned-up suit (H plays alone in round one on it) or, failing that, in another suit (H plays alone
in round two on it: the suit where H's class is highest, then where he holds most trumps, then the
first of spades, clubs, hearts, diamonds). The deals of both rounds are pooled as they come, by
their natural frequency. Since the hands dealt are exchangeable, the other three hands are those
of a deal in which one hand is such a lone hand, and a deal gives one H only (no deal counts twice).

H is then placed at B, C, D and A in turn, the four hands turned round the table together (the
others keeping their cyclic order after H) with the same turn-up, the dealer's. Every call before
H's is a forced pass (in round two all four pass in round one, and those before H again); H calls
and declares alone by force, and his partner, where he may still take it from him (laws 93, 94),
lets him go. The dealer takes up the turn-up when the trump is made in round one, unless he is the
partner who sits out: by the book's lone discard when he is H himself, by his own policy (the
company's) when the eldest hand is alone. The lone player's side's net points per hand at love-all
is measured at each seat, and the contrasts eldest minus dealer (B-A), dealer minus second hand
(A-C) and dealer minus third hand (A-D) are an intersection-union test: the book is supported when
all three are above 0, contradicted when any is below minus the margin (0.05 points). Secondary:
the third hand against the second on the deals played at the turn-up, the book's "especially" (the
registered D - C, turned so that positive is the book's: C - D).

The custom, when the third hand (D) plays alone at the turn-up. The eldest hand, who leads, sits out
as D's partner, so the lead passes to his left, to C (:func:`analysis.game.contract.leader`). The
book's sentence is read as it stands: the dealer, taking up, discards a card of next (the other
suit of the turn-up's colour; the left bower is a trump, not next), his lowest where he holds
several, so as to be short of it and ruff it over the lone hand, who plays before him; and his
partner leads next ("the only case when the original lead of next in suit has any significance").
The lead is blind (C cannot see the discard), so C leads next whenever he holds a card of it,
whether or not the dealer could discard one; the card within next is the player's own choice
(double-dummy: the best for C's side; at the table: the card his PIMC values most among his cards
of next). A dealer without a card of next discards by his own policy; a C without one leads as the
engine plays. Nobody else follows a custom.

The company: the three chairs other than H's bid by the company's policy (the book's, or the
optimised policy, ``analysis/data/policies/optimised.toml``), H by the book's. With every call
before H's forced, the company decides only what comes after the lone call: the dealer's discard
when the eldest hand is alone (and when the third hand is alone and the dealer holds no card of
next), and, at the table, how the players read the calls. The forced passes are read as forced (they
say nothing of the hand); H's call is read as the study makes it (:class:`AloneByClass`): he holds a
desperate-or-better lone hand in the trump (and in round two none at the turn-up), as a player who
hears a lone call knows; the dealer's discard is read under his policy (the custom's, when D is
alone). At love-all the optimised policy discards by the
book's rule too, so the two companies play every deal alike: each is its own scenario, on its own
deals, and the company's replication is in effect a second sample of the same test.

The engine is the run's: double-dummy here; every seat PIMC reading the calls in
``primary_lone_seats_table`` (32 worlds). There each chunk plays at most ``cap`` of its deals at the
table (the first, a random sample: the deals are independent) and every one of its deals
double-dummy, the *twin*; the table's estimate is the regression estimator of two-phase sampling
(:func:`analysis.experiment.stats.twin_adjusted`), the table's mean adjusted by the twin's on the
deals played at the table against its mean on them all.

Chunks return counted cells: per company, round, H's class and the four seats' net points (and, at
the table, their double-dummy twins'), the deals; whether the custom's discard and lead were made
(``custom``: 1 the dealer discarded next, 2 his partner led it, 3 both). Every estimate is a mean of
paired differences with Student's t interval.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, Forced, Policy, VectorPolicy, bid_batch, call_word
from analysis.bidding.company import keeping, seated
from analysis.errors import EuchreError
from analysis.experiment import POINTS, ClaimTest, Study
from analysis.experiment.stats import mean_from_sums, twin_adjusted
from analysis.game import ROUND_ORDER, SUITS, Score, primaries
from analysis.game.cards import DEALER, ELDEST, SECOND, THIRD
from analysis.game.rules import points_by_side
from analysis.play import DoubleDummy, default_engine, playing
from analysis.play.information import start_info, suit_masks
from analysis.play.pimc import first_max
from analysis.play.players import cards_of
from analysis.play.table import TablePlay
from analysis.simulator import play_bidding
from fastcore.sampler import sample_deals
from fastcore.solver import move_values_batch
from studies.common.lone_arms import STRENGTHS, hand_class
from studies.common.report import claims_figure, in_full, study_report, verdicts_headline
from studies.primary import at_the_table

SEATS_IN_TURN = (ELDEST, SECOND, THIRD, DEALER)       # H placed at B, C, D and A in turn
LETTER = "ABCD"
# the intersection-union test's contrasts (a seat's net points minus another's), and the secondary
CONTRASTS = {"B-A": (ELDEST, DEALER), "A-C": (DEALER, SECOND), "A-D": (DEALER, THIRD)}
SECONDARY = {"C-D": (SECOND, THIRD)}      # at the turn-up only, "especially the third hand": the registered
#                                         D - C turned so that positive is the book's
COMPANIES = ("book", "optimised")
NETS = [LETTER[s] for s in SEATS_IN_TURN]             # the lone player's side's net points, H at each seat
TWINS = [f"dd_{x}" for x in NETS]                     # at the table: the same deal's double-dummy nets
KEYS = ["company", "twin", "round", "strength", "custom", *NETS, *TWINS]
DISCARDED_NEXT, LED_NEXT = 1, 2                       # the custom's bits (D alone at the turn-up)


# --- the lone hand and the rotation ---------------------------------------------------------------

def lone_hands(hands, turn_up, rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(round, trump, class) of each hand as a lone hand on its five dealt cards: round 1 in the
    turned-up suit where it is desperate or better there; else round 2 in the suit (not the turned-up
    one) where its class is highest, then its trumps most, then the first suit; round 0 where it is
    neither. The class is the index of :data:`STRENGTHS` (1 desperate, 2 light, 3 sound)."""
    hands = np.asarray(hands, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    n = len(hands)
    turned = (turn_up >> 3).astype(np.int8)
    rnd, trump, strength = np.zeros(n, np.int8), np.full(n, -1, np.int8), np.zeros(n, np.int8)
    first = hand_class(ELDEST, hands, turn_up, 1, Score(), rules, turned)
    at_turn = first["strength"] >= 1
    rnd[at_turn], trump[at_turn], strength[at_turn] = 1, turned[at_turn], first["strength"][at_turn]
    best = np.full(n, -1, np.int32)           # strength * 8 + trumps of the best other suit so far
    for suit in range(4):
        found = hand_class(ELDEST, hands, turn_up, 2, Score(), rules, np.full(n, suit, np.int8))
        score = found["strength"].astype(np.int32) * 8 + found["trumps"]
        better = ~at_turn & (turned != suit) & (found["strength"] >= 1) & (score > best)
        rnd[better], trump[better], strength[better] = 2, suit, found["strength"][better]
        best = np.where(better, score, best)
    return rnd, trump, strength


def rotated(hands, seat: int) -> np.ndarray:
    """The deals' four hands turned round the table so that the sampler's first hand (H) sits at
    ``seat``, the others following it in their cyclic order: hand j goes to seat ``seat + j``."""
    hands = np.asarray(hands, np.uint32)
    return np.roll(hands, seat, axis=1)


def next_cards(hands, trump) -> np.ndarray:
    """The cards of next (the other suit of the trump's colour, less the left bower) in ``hands``."""
    masks = np.array([suit_masks(t)[t ^ 1] for t in range(4)], np.uint32)
    return np.asarray(hands, np.uint32) & masks[np.asarray(trump, np.int64)]


# --- the arms: forced passes, the lone call, the custom -------------------------------------------

class Over(Policy):
    """``base`` in every decision but those the subclass answers itself (:meth:`mine`)."""

    def __init__(self, base: Policy):
        self.base = base

    def mine(self, decision: str, seat: int) -> bool:
        return False

    def answering(self, decision: str, seat: int, round: int) -> Policy:
        return self if self.mine(decision, seat) else self.base.answering(decision, seat, round)

    def check_rules(self, rules) -> None:
        self.base.check_rules(rules)

    def first_round(self, s):
        return self.base.first_round(s)

    def alone(self, s):
        return self.base.alone(s)

    def take_from_partner(self, s):
        return self.base.take_from_partner(s)

    def second_round(self, s):
        return self.base.second_round(s)

    def discard(self, s):
        return self.base.discard(s)

    def first_round_batch(self, t):
        return self.base.first_round_batch(t)

    def alone_batch(self, t):
        return self.base.alone_batch(t)

    def take_from_partner_batch(self, t):
        return self.base.take_from_partner_batch(t)

    def second_round_batch(self, t):
        return self.base.second_round_batch(t)

    def discard_batch(self, t):
        return self.base.discard_batch(t)

    def describe(self) -> dict:
        return {"name": self.name, "base": self.base.describe()}


class DiscardsNext(Over):
    """``base``, but the dealer discards next in suit (his lowest card of it) when he holds one: the
    custom when the third hand plays alone at the turn-up. His other decisions are the base's."""

    def __init__(self, base: Policy):
        super().__init__(base)
        self.name = f"{base.name}, discarding next in suit"

    def mine(self, decision: str, seat: int) -> bool:
        return decision == "discard"

    def discard(self, s):
        return int(self.discard_batch(VectorPolicy.batch_of(s))[0])

    def discard_batch(self, t) -> np.ndarray:
        own = np.asarray(self.base.discard_batch(t), np.int8)
        mine = next_cards(t.hands, t.trump)
        lowest = np.array([(m & -m).bit_length() - 1 for m in mine.tolist()], np.int8)
        return np.where(mine != 0, lowest, own).astype(np.int8)


class AloneByClass(Over):
    """H's bidding as the study makes it, so that the others read his calls for what they are: in
    round one he orders up (the dealer takes up) where his five cards are a lone hand in the
    turned-up suit, in round two he names the suit :func:`lone_hands` chooses, and he goes alone.
    On the deals played this is his forced call; read over the hands he might hold, it tells the
    others he holds a desperate-or-better lone hand in the trump (and, in round two, none at the
    turn-up). His other decisions are the base's."""

    def __init__(self, base: Policy, seat: int):
        super().__init__(base)
        self.seat = seat
        self.name = f"{base.name} with {LETTER[seat]} alone by the lone classes"

    def mine(self, decision: str, seat: int) -> bool:
        return seat == self.seat and decision in ("first_round", "second_round", "alone")

    def first_round(self, s):
        if s.seat != self.seat:
            return self.base.first_round(s)
        return call_word(s.seat) if self.first_round_batch(VectorPolicy.batch_of(s))[0] else "pass"

    def alone(self, s):
        return True if s.seat == self.seat else self.base.alone(s)

    def second_round(self, s):
        if s.seat != self.seat:
            return self.base.second_round(s)
        suit = int(self.second_round_batch(VectorPolicy.batch_of(s))[0])
        return "pass" if suit < 0 else SUITS[suit]

    def first_round_batch(self, t):
        if t.seat != self.seat:
            return self.base.first_round_batch(t)
        return lone_hands(t.hands, t.turn_up, t.rules)[0] == 1

    def alone_batch(self, t):
        return np.ones(len(t), bool) if t.seat == self.seat else self.base.alone_batch(t)

    def second_round_batch(self, t):
        if t.seat != self.seat:
            return self.base.second_round_batch(t)
        rnd, trump, _strength = lone_hands(t.hands, t.turn_up, t.rules)
        return np.where((rnd == 2) & (trump != np.asarray(t.turn_up) >> 3), trump, -1).astype(np.int8)


class NamesInRoundTwo(Forced):
    """A forced round-two decision (``suit``, or -1 to pass) answered for a whole batch at once, as
    the readers of the calls ask it over every hand (:class:`Forced` asks such a batch hand by hand);
    where ``suit`` is the turned-down suit (never on the deals played) it passes."""

    def __init__(self, base: Policy, seat: int, suit: int):
        super().__init__(base, seat, "second_round", "pass" if suit < 0 else int(suit))

    def second_round_batch(self, t) -> np.ndarray:
        if t.seat != self.seat:
            return self.base.second_round_batch(t)
        suit = -1 if self.action == "pass" else self.action
        return np.where(np.asarray(t.turn_suit) == suit, -1, suit).astype(np.int8)


def arm_policies(seat: int, rnd: int) -> list[Policy]:
    """The four chairs' policies when H at ``seat`` plays alone in round ``rnd``: H by the book's
    policy, the others by the company's; every call before H's a forced pass, H's call and lone
    declaration by the lone classes (:class:`AloneByClass`, which names his round-two suit), his
    partner forced to let him go; the dealer discarding next in suit when the third hand is alone at
    the turn-up."""
    base = seated(BookPolicy(), seat)
    base = list(base) if isinstance(base, list) else [base] * 4
    out = []
    for s in range(4):
        p = DiscardsNext(base[s]) if (s == DEALER and seat == THIRD and rnd == 1) else base[s]
        if rnd == 2:
            p = Forced(p, s, "first_round", "pass")
        before = ROUND_ORDER.index(s) < ROUND_ORDER.index(seat)
        if s == seat:
            p = AloneByClass(p, s)
        elif before:
            p = Forced(p, s, "first_round", "pass") if rnd == 1 else NamesInRoundTwo(p, s, -1)
        if s == seat ^ 2:
            p = Forced(p, s, "take_from_partner", False)
        out.append(p)
    return out


def alone_at(seat: int, hands, turn_up, rnd, trump, rules) -> tuple[np.ndarray, np.ndarray]:
    """H (the deals' first hand) at ``seat`` playing alone, in round ``rnd`` on ``trump`` (per deal),
    by the run's engine: the lone player's side's net points per deal and the custom's bits."""
    hands = rotated(hands, seat)
    turn_up = np.asarray(turn_up, np.int8)
    n = len(hands)
    net, custom = np.zeros(n, np.int64), np.zeros(n, np.int8)
    groups = [(1, -1)] + [(2, suit) for suit in range(4)]
    for r, suit in groups:
        rows = np.flatnonzero((rnd == r) & ((trump == suit) if r == 2 else True))
        if not len(rows):
            continue
        b = bid_batch(hands[rows], turn_up[rows], arm_policies(seat, r), rules)
        if not ((b.lone_seat == seat) & (b.round == r) & (b.trump == trump[rows])).all():
            raise EuchreError(f"the forced bidding did not put the lone hand at {LETTER[seat]} (round {r})")
        if seat == THIRD and r == 1:
            points, custom[rows] = _with_the_custom(b, turn_up[rows])
        else:
            points = _played(b, turn_up[rows])
        side = seat & 1
        net[rows] = points[:, side].astype(np.int64) - points[:, side ^ 1]
    return net, custom


def _played(b, turn_up, forced=None) -> np.ndarray:
    """The points (AC, BD) of a bidding batch played by the run's engine (``forced``: the first
    cards given, at the table)."""
    engine = default_engine()
    if forced is None:
        return play_bidding(b, turn_up, engine)[1]
    tricks = engine.play_bidding(b, turn_up, forced=forced)
    return points_by_side(b.maker, b.lone_seat, tricks)


def _with_the_custom(b, turn_up) -> tuple[np.ndarray, np.ndarray]:
    """D alone at the turn-up: the points (AC, BD) with C leading next where he holds it (the
    dealer's discard is already the custom's), and the custom's bits per deal."""
    discard = np.left_shift(np.uint32(1), np.maximum(b.discard, 0).astype(np.uint32))
    discarded = (b.discard >= 0) & (next_cards(discard, b.trump) != 0)
    c_next = next_cards(b.play_hands[:, SECOND], b.trump)
    leads = c_next != 0
    custom = (np.where(discarded, DISCARDED_NEXT, 0) | np.where(leads, LED_NEXT, 0)).astype(np.int8)
    points = np.zeros((len(turn_up), 2), np.int8)
    rest = np.flatnonzero(~leads)
    if len(rest):
        points[rest] = _played(b.take(rest), turn_up[rest])
    rows = np.flatnonzero(leads)
    if not len(rows):
        return points, custom
    engine = default_engine()
    sub = b.take(rows)
    if isinstance(engine, DoubleDummy):
        tricks = _dd_lead_next(sub, c_next[rows])
        points[rows] = points_by_side(sub.maker, sub.lone_seat, tricks)
    elif isinstance(engine, TablePlay):
        forced = np.full((len(rows), 20), -1, np.int8)
        forced[:, 0] = _table_lead_next(engine, sub, turn_up[rows], c_next[rows])
        points[rows] = _played(sub, turn_up[rows], forced)
    else:
        raise EuchreError(f"the custom's lead cannot be played by the engine {engine.name!r}")
    return points, custom


def _dd_lead_next(b, c_next) -> np.ndarray:
    """The lone player's tricks, double-dummy, C leading the best of his cards of next for his side."""
    tricks = np.zeros(len(c_next), np.int8)
    for suit in range(4):
        rows = np.flatnonzero(b.trump == suit)
        if not len(rows):
            continue
        _seat, values = move_values_batch(np.ascontiguousarray(b.play_hands[rows], np.uint32), suit, SECOND, [],
                                          THIRD, 0, same_mover=False)
        for j, i in enumerate(rows):
            tricks[i] = 5 - max(int(values[j, c]) for c in cards_of(int(c_next[i])))
    return tricks


def _table_lead_next(engine: TablePlay, b, turn_up, c_next) -> np.ndarray:
    """C's card of next at the table: the one his player values most among them (PIMC's values over
    his worlds, reading the calls as the table does), else his lowest of it."""
    player = engine.hearing(b.bidders)[SECOND]
    out = np.zeros(len(c_next), np.int8)
    for i in range(len(c_next)):
        mine = cards_of(int(c_next[i]))
        if not hasattr(player, "values_at") or len(mine) == 1:
            out[i] = mine[0]
            continue
        info = start_info(SECOND, int(b.play_hands[i, SECOND]), int(b.trump[i]), THIRD, THIRD, int(turn_up[i]),
                          True, None, b.calls(i), engine.pack)
        out[i] = first_max(mine, player.values_at(info, (i, 0, SECOND)))
    return out


# --- a chunk ------------------------------------------------------------------------------------------

def seat_nets(deals, rules) -> dict:
    """Of ``deals`` whose first hand is a lone hand (desperate or better), each seat's net points
    with H alone there, the round, H's class and the custom's bits."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    rnd, trump, strength = lone_hands(hands[:, 0], turn_up, rules)
    out = {"round": rnd, "strength": strength}
    for seat in SEATS_IN_TURN:
        out[LETTER[seat]], custom = alone_at(seat, hands, turn_up, rnd, trump, rules)
        if seat == THIRD:
            out["custom"] = custom
    return out


def cells(company: str, nets: dict, twin: int = 0, twins: dict | None = None) -> pd.DataFrame:
    """The counted cells of the deals' nets (``twins``: the same deals' double-dummy nets)."""
    n = len(nets["round"])
    frame = pd.DataFrame({"company": company, "twin": twin, **{k: nets[k] for k in ("round", "strength", "custom")},
                          **{x: nets[x] for x in NETS},
                          **{f"dd_{x}": (twins[x] if twins is not None else np.zeros(n, np.int64)) for x in NETS}})
    return frame.groupby(KEYS, observed=True).size().rename("deals").reset_index()


def played(deals, company: str, rules, cap: int = 0) -> pd.DataFrame:
    """The chunk's cells: the deals whose first hand is a lone hand, H played alone from each seat by
    the run's engine; at the table the first ``cap`` of them (0: all), and every one double-dummy
    as their twin."""
    hands = np.asarray(deals.hands, np.uint32)
    rnd = lone_hands(hands[:, 0], deals.turn_up, rules)[0]
    members = np.flatnonzero(rnd > 0)
    chosen = members[:cap] if cap else members
    if not len(chosen):
        return pd.DataFrame(columns=[*KEYS, "deals"])
    nets = seat_nets(deals[chosen], rules)
    if not at_the_table():
        return cells(company, nets)
    with playing(DoubleDummy()):
        dd = seat_nets(deals[members], rules)
    at = np.searchsorted(members, chosen)
    twins = {x: dd[x][at] for x in NETS}
    return pd.concat([cells(company, dd, twin=1), cells(company, nets, twins=twins)], ignore_index=True)


# --- the estimates -------------------------------------------------------------------------------------

def contrast(table: pd.DataFrame, company: str, name: str, round_: int | None = None):
    """The contrast ``name`` ("B-A": B's net points minus A's) of a company's deals (``round_``: of
    that round only), with its Student's t interval (at the table adjusted by the double-dummy twin);
    None without two deals."""
    got = adjusted_contrast(table, company, name, round_)
    return None if got is None else got[0]


def adjusted_contrast(table: pd.DataFrame, company: str, name: str, round_: int | None = None):
    """:func:`contrast` and the share of the plain mean's variance it keeps (None without a twin, as
    double-dummy); None without two deals."""
    x, y = {**CONTRASTS, **SECONDARY}[name]
    rows = table[(table["company"] == company) & ((table["round"] == round_) if round_ else True)]
    own, twin = rows[rows["twin"] == 0], rows[rows["twin"] == 1]
    n = int(own["deals"].sum())
    if n < 2:
        return None
    w = own["deals"].to_numpy(np.int64)
    g = (own[LETTER[x]] - own[LETTER[y]]).to_numpy(np.int64)
    if twin.empty:
        return mean_from_sums(n, (w * g).sum(), (w * g * g).sum()), None
    d = (own[f"dd_{LETTER[x]}"] - own[f"dd_{LETTER[y]}"]).to_numpy(np.int64)
    wa = twin["deals"].to_numpy(np.int64)
    da = (twin[LETTER[x]] - twin[LETTER[y]]).to_numpy(np.int64)
    return twin_adjusted(n, (w * g).sum(), (w * g * g).sum(), (w * d).sum(), (w * d * d).sum(), (w * g * d).sum(),
                         wa.sum(), (wa * da).sum(), (wa * da * da).sum())


def _key(name: str, company: str) -> str:
    return f"L5.{name}" + ("" if company == "book" else f".{company}")


def _test(name: str, company: str) -> ClaimTest:
    x, y = {**CONTRASTS, **SECONDARY}[name]
    words = "" if company == "book" else f", {company} company"
    if name in SECONDARY:
        return ClaimTest(_key(name, company), "L5", f"L5 {name.replace('-', ' - ')} at the turn-up{words}",
                         f"the same lone hand (desperate or better) played alone at {LETTER[x]} and at {LETTER[y]} "
                         "on the same deals, at the turn-up (round one), the custom's discard and lead against the "
                         f"third hand: net points at {LETTER[x]} - at {LETTER[y]} (secondary: the registered D - C, "
                         "turned so that positive is the book's)", POINTS, company=company)
    return ClaimTest(_key(name, company), "L5", f"L5 {name.replace('-', ' - ')}{words}",
                     f"the same lone hand (desperate or better) played alone at {LETTER[x]} and at {LETTER[y]} on the "
                     "same deals, earlier calls forced passes, both rounds pooled: net points at "
                     f"{LETTER[x]} - at {LETTER[y]}", POINTS, company=company,
                     permissive=primaries()["L5"].permissive)


def _name_of(key: str) -> tuple[str, str]:
    parts = key.split(".")
    return parts[1], parts[2] if len(parts) > 2 else "book"


class PrimaryLoneSeats(Study):
    name = "primary_lone_seats"
    title = "The primary test of L5: the same lone hand from every seat"
    description = ("L5 as pre-registered: a lone hand (desperate or better on its five dealt cards) played alone from "
                   "B, C, D and A on the same deal, earlier calls forced passes, the dealer discarding next and his "
                   "partner leading it when the third hand is alone at the turn-up; an intersection-union test of "
                   "B - A, A - C and A - D in net points per hand at love-all, in the book's and the optimised company")
    policies = ("the lone hand by the book's policy (its call and lone declaration forced, the dealer's lone discard by "
                "the book), every call before it a forced pass; the other three chairs by the company (the book's or "
                "the optimised policy): the dealer's discard; the custom's discard and lead when the third hand is "
                "alone at the turn-up")
    defaults = {"deals": 200_000, "chunk_size": 20_000, "cap": 0}
    suite_position = None
    claims = tuple(_test(name, company) for company in COMPANIES for name in (*CONTRASTS, *SECONDARY))

    def scenarios(self, settings) -> list[str]:
        cap = settings.options.get("cap", 0)
        if not isinstance(cap, int) or isinstance(cap, bool) or cap < 0:
            raise EuchreError(f"option cap must be a whole number >= 0 (0: no cap), not {cap!r}")
        if settings.pack != 32:
            raise EuchreError("L5 is a claim of the book's game: run it with the 32-card pack")
        return list(COMPANIES)

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        return (_name_of(key)[1],)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        with keeping(scenario):
            return played(deals, scenario, settings.rules, settings.options.get("cap", 0))

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=[*KEYS, "deals"])
        return frame.groupby(KEYS, observed=True)["deals"].sum().astype(np.int64).reset_index()

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        name, company = _name_of(key)
        return contrast(table, company, name, 1 if name in SECONDARY else None)

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int]:
        name, company = _name_of(key)
        x, y = {**CONTRASTS, **SECONDARY}[name]
        rows = table[(table["company"] == company) & (table["twin"] == 0)]
        if name in SECONDARY:
            rows = rows[rows["round"] == 1]
        g = rows[LETTER[x]] - rows[LETTER[y]]
        return int(rows.loc[g > 0, "deals"].sum()), int(rows.loc[g < 0, "deals"].sum())

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        verdict_list = self.verdicts(table, manifest)
        files = claims_figure(out_dir, verdict_list, title="L5: the same lone hand from each seat",
                              measured="the lone player's side's net points per hand, one seat minus another, on "
                                       "the same deals")
        rows = []
        for v in verdict_list:
            e = v.estimate
            name, company = _name_of(v.claim.name)
            gained, lost = self.signs(v.claim.name, table)
            kept = adjusted_contrast(table, company, name, 1 if name in SECONDARY else None)[1]
            rows.append({"contrast": name, "company": company,
                         "deals": f"{e.n:,}" + (" (turn-up)" if name in SECONDARY else ""),
                         "estimate [95%]": f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]",
                         "gained / lost": f"{gained:,} / {lost:,}",
                         **({"variance kept by the double-dummy twin": f"{kept:.2f}"} if kept is not None else {}),
                         "role": "secondary" if name in SECONDARY else "primary (intersection-union)",
                         "verdict": v.verdict})
        return study_report(
            self, question="Is the eldest hand the best seat for a lone hand, the dealer the next, and the second "
                           "and third hands the weakest, especially the third at the turn-up?\n\n" + self.quoted(),
            method=" ".join(__doc__.split("\n\n")[2:7]).replace("\n", " "),
            table=pd.DataFrame(rows),
            caption="Per contrast and company: the deals (each a lone hand played from both seats), the first seat's "
                    "net points minus the second's with its 95% interval, the deals where the first seat did better "
                    "and worse (at the table, the share of the plain mean's variance that the double-dummy twin's "
                    "adjustment keeps), and the study's verdict on each contrast (the ledger judges the primary again: "
                    "supported when all three contrasts are above 0, contradicted when any is below -0.05, the 57 "
                    "primaries of a replication cell as the family).",
            files=files, verdicts=verdict_list, headline=verdicts_headline(verdict_list, "at love-all"),
            sections=[("Each seat's points", _seats_text(table)), in_full(
                "; ".join(f"{v.claim.key} {v.estimate.mean:+.4f} ({v.verdict})" for v in verdict_list))])


def _seats_text(table: pd.DataFrame) -> str:
    """Each seat's mean net points alone, per company and round, and how often the custom applied."""
    lines = []
    for company in COMPANIES:
        rows = table[(table["company"] == company) & (table["twin"] == 0)]
        for r, words in ((1, "at the turn-up"), (2, "in round two"), (None, "both rounds")):
            got = rows[rows["round"] == r] if r else rows
            n = int(got["deals"].sum())
            if not n:
                continue
            means = ", ".join(f"{x} {(got[x] * got['deals']).sum() / n:+.3f}" for x in NETS)
            lines.append(f"- {company} company, {words} ({n:,} deals): {means}")
        turn = rows[rows["round"] == 1]
        n = int(turn["deals"].sum())
        if n:
            share = {bit: int(turn.loc[(turn["custom"] & bit) > 0, "deals"].sum()) / n
                     for bit in (DISCARDED_NEXT, LED_NEXT)}
            lines.append(f"- {company} company, D alone at the turn-up: the dealer discarded next on "
                         f"{share[DISCARDED_NEXT]:.0%} of the deals, his partner led it on {share[LED_NEXT]:.0%}")
        by_class = ", ".join(f"{STRENGTHS[s]} {int(rows.loc[rows['strength'] == s, 'deals'].sum()):,}"
                             for s in (1, 2, 3))
        lines.append(f"- {company} company, the lone hands by class: {by_class}")
    return ("The lone player's side's mean net points per hand with H alone at each seat (B, C, D, A), on the same "
            "deals (at the table, the deals played there, their plain means without the twin's adjustment):\n\n"
            + "\n".join(lines))


STUDY = PrimaryLoneSeats()

"""Round two, the third hand's order and the dealer's last say: E3, S7, T2, T3, D5, D6 at love-all.

Every deal is bid by the book's policy (:class:`analysis.bidding.book_policy.BookPolicy`) for all four
players at love-all. A decision is studied where the book's bidding reaches it: the earlier
players passed as they did (round two only after all four passed the turn-up). There the deal is
played once per action of the deciding player, every other decision by the book's policy, on the
same deals (double-dummy); each test is the book's action minus the other, in the deciding side's
net points per hand (positive: the book gains).

The sentences and their readings (trumps are counted in the suit named; "can make it" is the
book's own list for making it next, :data:`analysis.bidding.book_policy.MAKE_NEXT`; "very strong" the
third hand's order list, :data:`analysis.bidding.book_policy.THIRD_ORDER`; the cross suit named is the
one of the two where the hand is stronger by the strength key, most trumps then higher trumps):

- E3, the eldest hand (B) in round two: "make it next when you can" (next against passing, a
  bower turned down and another card turned down apart); "do not cross the suit, unless very
  strong" (passing against crossing with a hand that could make the cross suit but is not very
  strong in it; crossing against passing when very strong; next against crossing when he could
  make either), "especially when a bower is turned down" (the tests apart by the card turned down).
- S7, the second hand (C) in round two after his partner turned down black: "make it red if you
  can" (a hand of the assist list in the stronger red suit: red against passing, and red against
  next when he could make next too), "especially if he has turned down the bower".
- T2, the third hand (D) in round one: "a good hand at the turn-up" (the make-it list in the
  turned-up suit, but not the order list, which the book orders anyway) and "very strong at
  next" (the make-it list in next; the order list in next): ordering against passing. The
  book's policy does not encode this sentence (it orders only the order list), so the test
  states the sentence's action and the report shows how often the policy takes it.
- T3, the third hand with the right turned: "see your way absolutely clear to three tricks
  before ordering the right" (the book's list for it: ordering against passing; the order list
  without the right turned, which the book then passes: passing against ordering).
- D5, the dealer (A) in round two after seven passes (his pass voids the deal, law 77): "somewhat
  less strength": a hand of the dealer's round-two list but of no suit's order list, making
  against passing for the dealer; the same hands for the third hand (D) in round two, who needs
  the order list (T1), and for the second and eldest hands where the book's policy passes with
  them: passing against making.
- D6, the dealer in round one: "usually better with a fair hand to try for a point rather than to
  turn down for a euchre" (a fair hand: after taking up and discarding, two trumps or more with
  the right, the left or the ace among them; on the take-up list and off it apart: taking up
  against turning down); "if, however, the dealer is better at next, and holds both bowers of the
  cross-suit, it is good euchre to pass": turning down against taking up, the dealer having more
  trumps at next than in the turned-up suit after taking up, in two readings of "the cross-suit".
  D6.4 reads it as the suit the eldest hand will cross to, next (E3): both bowers of the turned-up
  colour, which are next's too, a trap for the eldest hand who makes it next. D6.5 reads "cross"
  as the glossary does ("making the trump of a different color from the suit turned down"): both
  knaves of the other colour; this is the reading the book's policy plays and D6's primary test
  (studies.primary) tests. Both stay here as secondary tests of D6.

Of each test's hands the first ``cap`` of a chunk are played (the deals are independent, so the
first are a random sample of the class); rare classes are searched among ``extra`` times more
deals (see :func:`rare_rows`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.bidding import Situations, bid_batch, call_word
from analysis.bidding.company import seated
from analysis.bidding.book_policy import (ASSIST, DEALER_ROUND_TWO, MAKE_NEXT, THIRD_BY_SCORE, THIRD_ORDER,
                                          THIRD_RIGHT_TURNED, BookPolicy)
from analysis.errors import EuchreError
from analysis.experiment import (ClaimTest, Estimate, POINTS, Study, counted, play_arms, policy_arm,
                                 summed_counts, welch_difference)
from analysis.game.cards import JACK
from analysis.game.claims import claim as book_claim
from analysis.game import LOVE_ALL, ROUND_ORDER, any_match, dealer_hand
from analysis.reporting.markup import md_table
from analysis.reporting.report import interval
from analysis.seeds import extra_seed
from fastcore.handpatterns import hand_numbers
from fastcore.sampler import sample_deals
from studies.common.book_arms import arm_columns, book_gain
from studies.common.report import love_all_report, options_of, pack_of, played_how, verdict_columns

A, B, C, D = 0, 1, 2, 3     # the seats, the dealer A
KEYS = ["key", "seat", "bower_down", "policy", "book_net", "other_net"]
DEFAULT_CAP = 1500
DEFAULT_EXTRA = 8


# --- suits and hands ------------------------------------------------------------------------------

def key_in(hands, suit) -> np.ndarray:
    """(N,) the strength key of each hand with ``suit`` trumps (100 x trumps + their orders)."""
    hands = np.asarray(hands, np.uint32)
    return hand_numbers(hands, np.broadcast_to(np.asarray(suit, np.int8), hands.shape).copy())[:, 2]


def trumps_in(hands, suit) -> np.ndarray:
    hands = np.asarray(hands, np.uint32)
    return hand_numbers(hands, np.broadcast_to(np.asarray(suit, np.int8), hands.shape).copy())[:, 0]


def stronger_cross(hands, turn_up) -> np.ndarray:
    """The cross suit (the other colour) where the hand is stronger; ties to the lower suit."""
    down = np.asarray(turn_up, np.int8) >> 3
    low = ((down & 2) ^ 2).astype(np.int8)
    high = (low + 1).astype(np.int8)
    return np.where(key_in(hands, high) > key_in(hands, low), high, low).astype(np.int8)


def strongest_suit(hands, turn_up, eligible) -> np.ndarray:
    """Per row, of the suits other than the turned-down one where ``eligible(x)`` holds, the one
    where the hand is strongest by the strength key (ties to the lower suit); -1 if none."""
    down = np.asarray(turn_up, np.int8) >> 3
    best = np.full(len(down), -1, np.int8)
    best_key = np.full(len(down), -1, np.int64)
    for x in range(4):
        ok = (down != x) & eligible(x)
        key = key_in(hands, x)
        better = ok & (key > best_key)
        best[better], best_key[better] = x, key[better]
    return best


def make_suit(hands, turn_up) -> np.ndarray:
    """The suit the dealer makes in round two by the book (D5): of the suits where the hand is on
    his round-two list, the strongest; -1 if none."""
    return strongest_suit(hands, turn_up,
                          lambda x: any_match(hands, np.full(len(hands), x, np.int8), DEALER_ROUND_TWO.patterns))


def light_suit(hands, suit) -> np.ndarray:
    """D5's "somewhat less" in ``suit`` (the pre-registration's reading: one rung below the make-it
    list): exactly two trumps with the left or the ace, and not the make-it list there."""
    suit = np.full(len(hands), suit, np.int8) if np.ndim(suit) == 0 else np.asarray(suit, np.int8)
    high = any_match(hands, suit, ("left",)) | any_match(hands, suit, ("ace",))
    return (trumps_in(hands, suit) == 2) & high & ~on_list(hands, suit, MAKE_NEXT)


def is_cross(suit, turn_up) -> np.ndarray:
    """Is ``suit`` of the other colour than the turned-down card?"""
    return (np.asarray(suit, np.int8) >> 1) != (np.asarray(turn_up, np.int8) >> 4)


def on_list(hands, suit, rule) -> np.ndarray:
    """Is the hand on ``rule``'s list with ``suit`` trumps (a suit per row, or one for all; -1: no)?"""
    suit = np.full(len(hands), suit, np.int8) if np.ndim(suit) == 0 else np.asarray(suit, np.int8)
    return (suit >= 0) & any_match(hands, np.maximum(suit, 0).astype(np.int8), rule.patterns)


def on_order_list(hands, suit) -> np.ndarray:
    """The third hand's order list (T4, the by-score entry included: love-all allows it)."""
    suit = np.asarray(suit, np.int8)
    return (suit >= 0) & any_match(hands, np.maximum(suit, 0).astype(np.int8),
                                   THIRD_ORDER.patterns + THIRD_BY_SCORE.patterns)


def bower_turned(turn_up) -> np.ndarray:
    return (np.asarray(turn_up, np.int8) & 7) == JACK


# --- the arms: how the deciding player acts ---------------------------------------------------------

ROUND_ONE_ARMS = ("call", "pass")
ROUND_TWO_ARMS = ("pass", "next", "cross", "make")


def arm_suit(arm: str, hands, turn_up) -> np.ndarray:
    """The suit a round-two arm names per row (-1: pass): ``next``; ``cross``, the stronger cross
    suit; ``make``, the dealer's round-two list (D5's study); ``red``, the stronger cross suit where
    the hand can make it (the make-it list: S7's primary); ``otherwise``, next where it can make it,
    else pass; ``light``, the strongest suit of D5's "somewhat less" (D5's primary)."""
    down = (np.asarray(turn_up, np.int8) >> 3).astype(np.int8)
    nxt = down ^ 1
    if arm == "pass":
        return np.full(len(down), -1, np.int8)
    if arm == "next":
        return nxt
    if arm == "cross":
        return stronger_cross(hands, turn_up)
    if arm == "make":
        return make_suit(hands, turn_up)
    if arm == "red":
        return strongest_suit(hands, turn_up, lambda x: is_cross(x, turn_up) & on_list(hands, x, MAKE_NEXT))
    if arm == "otherwise":
        return np.where(on_list(hands, nxt, MAKE_NEXT), nxt, -1).astype(np.int8)
    if arm == "light":
        return strongest_suit(hands, turn_up, lambda x: light_suit(hands, x))
    raise EuchreError(f"no round-two arm {arm!r}")


class Acting(BookPolicy):
    """The book's policy, but ``seat`` takes ``arm`` at his decision of round ``round_``."""

    def __init__(self, seat: int, round_: int, arm: str):
        super().__init__()
        self.seat, self.round_, self.arm = seat, round_, arm
        self.name = f"book, {'ABCD'[seat]} {arm} in round {round_}"

    def answering(self, decision, seat, round):
        mine = "first_round" if self.round_ == 1 else "second_round"
        return self if (decision, seat, round) == (mine, self.seat, self.round_) else BookPolicy(self.params)

    def first_round_batch(self, t):
        if t.seat == self.seat and self.round_ == 1:
            return np.full(len(t), self.arm == "call")
        return super().first_round_batch(t)

    def second_round_batch(self, t):
        if t.seat == self.seat and self.round_ == 2:
            return arm_suit(self.arm, t.hands, t.turn_up)
        return super().second_round_batch(t)


# --- the tests ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One test: the deciding seat and round, the hands (a function of hands, turn-up, and the
    dealer's hand after taking up for D6), the sentence's action and the other."""

    key: str
    claim: str
    label: str
    seat: int
    round: int
    hands: str          # the class's name in :func:`classes`
    book: str
    other: str
    words: str          # the hands, in words


CASES = (
    Case("E3.1", "E3", "E3 next, bower turned down", B, 2, "e3_next_bower", "next", "pass",
         "B in round two with a hand that can make it next (the make-it list in next), a bower turned down"),
    Case("E3.2", "E3", "E3 next, other turned down", B, 2, "e3_next_other", "next", "pass",
         "B in round two with a hand that can make it next, a card other than a bower turned down"),
    Case("E3.3", "E3", "E3 next rather than cross", B, 2, "e3_next_or_cross", "next", "cross",
         "B in round two who can make it next and could make the cross suit (the make-it list there) "
         "without being very strong in it"),
    Case("E3.4", "E3", "E3 no cross, bower turned down", B, 2, "e3_nocross_bower", "pass", "cross",
         "B in round two who cannot make it next, could make the cross suit but is not very strong "
         "in it (not the order list), a bower turned down"),
    Case("E3.5", "E3", "E3 no cross, other turned down", B, 2, "e3_nocross_other", "pass", "cross",
         "the same hands, a card other than a bower turned down"),
    Case("E3.6", "E3", "E3 cross, very strong", B, 2, "e3_cross_strong", "cross", "pass",
         "B in round two who cannot make it next and is very strong in the cross suit (the order list)"),
    Case("S7.1", "S7", "S7 red, black bower turned down", C, 2, "s7_red_bower", "cross", "pass",
         "C in round two, his partner having turned down a black bower, with a hand of the assist list "
         "in the stronger red suit"),
    Case("S7.2", "S7", "S7 red, other black card turned down", C, 2, "s7_red_other", "cross", "pass",
         "the same hands, his partner having turned down another black card"),
    Case("S7.3", "S7", "S7 red rather than next", C, 2, "s7_red_or_next", "cross", "next",
         "C in round two after a black turn-down, with a hand of the assist list in the stronger red suit "
         "and of the make-it list in next"),
    Case("T2.1", "T2", "T2 good at the turn-up, can make next", D, 1, "t2_next", "call", "pass",
         "D in round one, the right not turned: the make-it list in the turned-up suit but not the order "
         "list, and the make-it list in next but not the order list there"),
    Case("T2.2", "T2", "T2 good at the turn-up, very strong at next", D, 1, "t2_very", "call", "pass",
         "the same at the turn-up, and the order list in next"),
    Case("T3.1", "T3", "T3 order the right: the book's list", D, 1, "t3_list", "call", "pass",
         "D in round one, the right turned, with the book's hands for ordering it (left, ace, king, and "
         "outside ace; four trumps, left and ace)"),
    Case("T3.2", "T3", "T3 pass the right: the order list", D, 1, "t3_order", "pass", "call",
         "D in round one, the right turned, with a hand of the order list but not of the right's list"),
    Case("D5.1", "D5", "D5 the dealer makes lighter", A, 2, "d5_light", "make", "pass",
         "A (the dealer) in round two after seven passes, with a hand of his round-two list in some suit "
         "but of no suit's order list"),
    Case("D5.2", "D5", "D5 the third hand passes them", D, 2, "d5_light", "pass", "make",
         "D (the third hand) in round two, B and C having passed, with the same hands"),
    Case("D5.3", "D5", "D5 the second hand passes them", C, 2, "d5_light_passed", "pass", "make",
         "C (the second hand) in round two, B having passed, with the same hands, where the book's policy "
         "passes (it makes it red or makes the order list)"),
    Case("D5.4", "D5", "D5 the eldest hand passes them", B, 2, "d5_light_passed", "pass", "make",
         "B (the eldest hand) in round two with the same hands, where the book's policy passes (it makes it "
         "next when it can, E3)"),
    Case("D6.1", "D6", "D6 fair hand, on the take-up list", A, 1, "d6_fair_listed", "call", "pass",
         "A in round one, all having passed: after taking up, two trumps or more with the right, the left "
         "or the ace, on the book's take-up list"),
    Case("D6.2", "D6", "D6 fair hand off the list, outside ace", A, 1, "d6_unlisted_ace", "call", "pass",
         "the same but not on the take-up list (the book's policy turns them down: two trumps), with an "
         "outside ace"),
    Case("D6.3", "D6", "D6 fair hand off the list, no outside ace", A, 1, "d6_unlisted_none", "call", "pass",
         "the same, without an outside ace"),
    Case("D6.4", "D6", "D6 better at next with both bowers", A, 1, "d6_exception", "pass", "call",
         "A in round one holding both bowers after taking up, with more trumps at next than in the "
         "turned-up suit"),
    Case("D6.5", "D6", "D6 better at next, both cross-suit bowers", A, 1, "d6_cross", "pass", "call",
         "A in round one with a fair hand (D6.1-D6.3) holding both knaves of the other colour (the cross suit's "
         "bowers), with more trumps at next than in the turned-up suit after taking up"),
)


def arm_words(c: Case, arm: str) -> str:
    """The arm in the book's words at the case's decision."""
    if c.round == 1:
        return {"call": call_word(c.seat),
                "pass": "turn down" if c.seat == A else "pass"}[arm]
    return {"pass": "pass", "next": "make it next", "make": "make it",
            "cross": "make it red" if c.claim == "S7" else "cross the suit"}[arm]


def _claim_test(c: Case) -> ClaimTest:
    # a sentence that permits (D5.1, "it is permissible to make it with somewhat less strength") is
    # judged by non-inferiority: the catalogue of claims says which
    return ClaimTest(c.key, c.claim, c.label, f"{c.words}: net points per hand after {arm_words(c, c.book)} - after "
                     f"{arm_words(c, c.other)}", POINTS, permissive=book_claim(c.claim).permits(c.key))


CLAIMS = tuple(_claim_test(c) for c in CASES)


def classes(seat: int, round_: int, hands: np.ndarray, turn_up: np.ndarray, rules,
            called: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """The test classes of the seat's decision, on his hands (N,) with the turn-ups (N,);
    ``called``: whether the book's policy calls there (default: never)."""
    hands = np.asarray(hands, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    down = (turn_up >> 3).astype(np.int8)
    nxt = (down ^ 1).astype(np.int8)
    bower = bower_turned(turn_up)
    out = {}
    if round_ == 2:
        out.update(d5_classes(hands, turn_up, np.zeros(len(hands), bool) if called is None else called))
    if (seat, round_) == (B, 2):
        can_next = on_list(hands, nxt, MAKE_NEXT)
        cross = stronger_cross(hands, turn_up)
        very = on_order_list(hands, cross)
        could_cross = on_list(hands, cross, MAKE_NEXT) & ~very
        out["e3_next_bower"] = can_next & bower
        out["e3_next_other"] = can_next & ~bower
        out["e3_next_or_cross"] = can_next & could_cross
        out["e3_nocross_bower"] = ~can_next & could_cross & bower
        out["e3_nocross_other"] = ~can_next & could_cross & ~bower
        out["e3_cross_strong"] = ~can_next & very
    elif (seat, round_) == (C, 2):
        black = down <= 1
        red = black & on_list(hands, stronger_cross(hands, turn_up), ASSIST)
        out["s7_red_bower"] = red & bower
        out["s7_red_other"] = red & ~bower
        out["s7_red_or_next"] = red & on_list(hands, nxt, MAKE_NEXT)
    elif (seat, round_) == (D, 1):
        right = bower
        good = ~right & on_list(hands, down, MAKE_NEXT) & ~on_order_list(hands, down)
        very = on_order_list(hands, nxt)
        out["t2_next"] = good & on_list(hands, nxt, MAKE_NEXT) & ~very
        out["t2_very"] = good & very
        out["t3_list"] = right & on_list(hands, down, THIRD_RIGHT_TURNED)
        out["t3_order"] = right & on_order_list(hands, down) & ~on_list(hands, down, THIRD_RIGHT_TURNED)
    elif (seat, round_) == (A, 1):
        after = dealer_hand(hands, turn_up, False)
        n = hand_numbers(after, down.copy())
        high = any_match(after, down, ("right", "left", "ace"))
        two_bowers = any_match(after, down, ("two bowers",))
        better_next = trumps_in(hands, nxt) > n[:, 0]
        exception = two_bowers & better_next
        fair = (n[:, 0] >= 2) & high & ~exception
        cross = fair & better_next & holds_cross_bowers(hands, down)     # the exception to a fair hand
        fair &= ~cross
        listed = book_takes(hands, turn_up, rules)
        out["d6_fair_listed"] = fair & listed
        ace = n[:, 1] >= 1
        out["d6_unlisted_ace"] = fair & ~listed & ace
        out["d6_unlisted_none"] = fair & ~listed & ~ace
        out["d6_exception"] = exception
        out["d6_cross"] = cross
    return out


def holds_cross_bowers(hands, down) -> np.ndarray:
    """Does the hand hold both knaves of the other colour than the turned-up suit ``down``?"""
    low = ((np.asarray(down, np.int8) & 2) ^ 2).astype(np.uint32)
    hands = np.asarray(hands, np.uint32)
    return (((hands >> (low * 8 + JACK)) & 1) & ((hands >> ((low | 1) * 8 + JACK)) & 1)).astype(bool)


def d5_classes(hands, turn_up, called) -> dict[str, np.ndarray]:
    """D5's hands: the dealer's round-two list in some suit, no suit's order list; and those of them
    the book's policy passes with (``called``: where it makes a suit)."""
    down = np.asarray(turn_up, np.int8) >> 3
    strong = np.zeros(len(hands), bool)
    for x in range(4):
        strong |= (down != x) & on_order_list(hands, np.full(len(hands), x, np.int8))
    light = (make_suit(hands, turn_up) >= 0) & ~strong
    return {"d5_light": light, "d5_light_passed": light & ~np.asarray(called, bool)}


def book_takes(hands, turn_up, rules) -> np.ndarray:
    """What the book's policy does with the dealer's hands in round one at love-all."""
    turn_up = np.asarray(turn_up, np.int8)
    t = Situations(A, np.asarray(hands, np.uint32), turn_up, 1, LOVE_ALL, rules, (turn_up >> 3).astype(np.int8),
                   lambda i: ())
    return np.asarray(BookPolicy().first_round_batch(t), bool)


# --- one chunk ------------------------------------------------------------------------------------

SCENARIOS = {"eldest": (B, 2), "second": (C, 2), "third": (D, 1), "third-two": (D, 2), "dealer": (A, 1),
             "dealer-two": (A, 2)}


def decision_reached(b, seat: int, round_: int) -> np.ndarray:
    """Rows of a bidding batch where the seat's decision of ``round_`` is reached."""
    earlier = np.array(ROUND_ORDER[:ROUND_ORDER.index(seat)], np.int8)
    if round_ == 1:
        return ~((b.round == 1) & np.isin(b.caller, earlier))
    return (b.round != 1) & ~((b.round == 2) & np.isin(b.caller, earlier))


def policy_took(b, rows, seat: int, round_: int, arm: str, hands, turn_up) -> np.ndarray:
    """Did the book's policy itself take ``arm`` at the decision (rows reached)?"""
    called = (b.caller[rows] == seat) & (b.round[rows] == round_)
    if round_ == 1:
        return called if arm == "call" else ~called
    if arm == "pass":
        return ~called
    return called & (b.trump[rows] == arm_suit(arm, hands, turn_up))


def decision_rows(deals, scenario: str, rules, cap: int, only=None) -> pd.DataFrame:
    """The scenario's tests on ``deals``: of each test's class the first ``cap`` reached hands,
    played under each arm the tests need; counts per (test, the book's net, the other's, ...).
    ``only``: the test keys to play (default all of the scenario)."""
    seat, round_ = SCENARIOS[scenario]
    cases = [c for c in CASES if (c.seat, c.round) == (seat, round_) and (only is None or c.key in only)]
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), rules, LOVE_ALL)
    rows = np.flatnonzero(decision_reached(b, seat, round_))
    called = (b.caller[rows] == seat) & (b.round[rows] == round_)
    found = classes(seat, round_, hands[rows, seat], turn_up[rows], rules, called)
    chosen = {c.key: rows[np.flatnonzero(found[c.hands])[:cap]] for c in cases}
    union = np.unique(np.concatenate([np.zeros(0, np.int64)] + list(chosen.values())))
    if not len(union):
        return _counted([])
    arms = sorted({a for c in cases for a in (c.book, c.other)})
    paired = play_arms(deals[union], {a: policy_arm(seated(Acting(seat, round_, a), seat), rules, LOVE_ALL) for a in arms},
                       side=seat & 1)
    nets = {a: paired.net(a) for a in arms}
    frames = []
    for c in cases:
        at = np.searchsorted(union, chosen[c.key])
        if not len(at):
            continue
        members = union[at]
        frames.append(pd.DataFrame({
            "key": c.key, "seat": "ABCD"[seat], "bower_down": bower_turned(turn_up[members]),
            "policy": policy_took(b, members, seat, round_, c.book, hands[members, seat], turn_up[members]),
            "book_net": nets[c.book][at].astype(np.int8), "other_net": nets[c.other][at].astype(np.int8)}))
    return _counted(frames)


RARE = ("S7.1", "S7.3", "T2.2", "T3.1", "T3.2", "D6.4", "D6.5")


def rare_rows(scenario: str, n_deals: int, seed, settings, cap: int) -> pd.DataFrame:
    """The rare classes of the scenario (:data:`RARE`) on ``n_deals`` more deals."""
    seat_round = SCENARIOS[scenario]
    only = [c.key for c in CASES if c.key in RARE and (c.seat, c.round) == seat_round]
    if not only:
        return _counted([])
    deals = sample_deals(n_deals, seed, pack=settings.pack)
    return decision_rows(deals, scenario, settings.rules, cap, only=only)


def _counted(frames) -> pd.DataFrame:
    return counted(frames, KEYS)


# --- estimates ------------------------------------------------------------------------------------

def rows_of(table: pd.DataFrame, key: str) -> pd.DataFrame:
    return table[table["key"] == key]


def estimate_of(key: str, table: pd.DataFrame) -> Estimate | None:
    return book_gain(rows_of(table, key))


# --- the study ------------------------------------------------------------------------------------

class RoundTwo(Study):
    name = "round_two"
    title = "Round two, the third hand's order and the dealer's last say"
    description = ("E3, S7, D5: making next, crossing, making it red and the dealer's last say in round two; T2, T3: "
                   "the third hand's order; D6: trying for a point or turning down for a euchre; love-all, points.")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players at "
                "love-all; the deciding player's action at the decision studied is fixed to each arm in turn")
    defaults = {"deals": 250_000, "chunk_size": 50_000, "cap": DEFAULT_CAP, "extra": DEFAULT_EXTRA}
    suite_position = 10
    takes_company = True     # its arms are built through analysis.bidding.company.seated
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, cap=DEFAULT_CAP)
        extra = settings.options.get("extra", DEFAULT_EXTRA)
        if not isinstance(extra, int) or isinstance(extra, bool) or extra < 0:
            raise EuchreError(f"option extra must be a whole number >= 0, not {extra!r}")
        return list(SCENARIOS)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        if scenario not in SCENARIOS:
            raise EuchreError(f"no scenario {scenario!r} in the round_two study")
        cap = settings.options.get("cap", DEFAULT_CAP)
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        frames = [decision_rows(deals, scenario, settings.rules, cap)]
        frames += [rare_rows(scenario, n_deals, extra_seed(seed, k), settings, cap)
                   for k in range(settings.options.get("extra", DEFAULT_EXTRA))]
        return pd.concat(frames, ignore_index=True)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """Deals per (test, seat, bower turned down, the policy takes the book's action, each arm's net)."""
        return summed_counts(frame, KEYS, {"book_net": np.int8, "other_net": np.int8, "bower_down": bool,
                                           "policy": bool})

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        return estimate_of(key, table)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = RoundTwo()


# --- the report -----------------------------------------------------------------------------------

def results_table(study: Study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    cases = {c.key: c for c in CASES}
    out = []
    for t in study.claims:
        c = cases[t.key]
        rows = rows_of(table, t.key)
        n = int(rows["deals"].sum())
        out.append({"claim": t.claim, "test": t.label, "seat": "ABCD"[c.seat],
                    "the book": f"{arm_words(c, c.book)} (not {arm_words(c, c.other)})", "deals": n,
                    "the policy does it": f"{rows.loc[rows['policy'], 'deals'].sum() / n:.0%}" if n else "",
                    **arm_columns(rows), "book - other, points per hand [95%]": interval(estimate_of(t.key, table)),
                    **verdict_columns(verdict_list, t.key)})
    return pd.DataFrame(out)


def t2_contrast(table: pd.DataFrame) -> str:
    """The T2 tests beside each other: the sentence's reasoning is that the stronger at next, the
    more ordering gains."""
    parts = [f"{c.label}: {interval(book_gain(rows_of(table, c.key)))} ({int(rows_of(table, c.key)['deals'].sum()):,} deals)"
             for c in CASES if c.claim == "T2"]
    return "; ".join(parts)


def _per_deal(rows: pd.DataFrame) -> np.ndarray:
    d = rows["book_net"].astype(np.int64).to_numpy() - rows["other_net"].astype(np.int64).to_numpy()
    return np.repeat(d, rows["deals"].to_numpy(np.int64))


# "especially when (if) a bower is turned down": the test with the bower turned down against its twin.
ESPECIALLY = (("E3", "E3.1", "E3.2", "making it next rather than passing"),
              ("E3", "E3.4", "E3.5", "passing rather than crossing"), ("S7", "S7.1", "S7.2", "making it red"))


def especially_table(table: pd.DataFrame) -> pd.DataFrame:
    """The "especially" clauses: the book's gain with a bower turned down minus with another card
    (different deals: Welch's interval). The book says it is larger with the bower."""
    out = []
    for claim, bower, other, action in ESPECIALLY:
        a, b = rows_of(table, bower), rows_of(table, other)
        line = {"claim": claim, "the book's action": action, "bower turned down": interval(book_gain(a)),
                "another card": interval(book_gain(b))}
        if a["deals"].sum() >= 2 and b["deals"].sum() >= 2:
            line["bower - another [95%]"] = interval(welch_difference(_per_deal(a), _per_deal(b)))
        out.append(line)
    return pd.DataFrame(out)


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    options = options_of(manifest)
    cap, extra = options.get("cap", DEFAULT_CAP), options.get("extra", DEFAULT_EXTRA)
    method = (
        f"Uniform random deals of the {pack_of(manifest)}-card pack, every player bidding by "
        "the book's policy at love-all. A decision is studied where the book's bidding reaches it, the earlier "
        "players having passed as they did: round two only on the deals all four passed in round one, and a "
        "round-two decision only where the players before him passed again. The deciding player's hand is classed, "
        "and the deal is played once per action (every other decision by the book's policy: the others' round-two "
        f"makes, lone hands, the dealer's discard), {played_how(manifest)}, on the same deals. The estimate: the deciding "
        "side's net points (its points minus the adversaries') after the sentence's action minus after the "
        "other, per hand.\n\n"
        "The readings: \"can make it\" is the book's list for making it next (three trumps; right and another; "
        "left and another, and outside ace; two trumps and two aces); \"very strong\" is the third hand's order "
        "list; the cross suit named is the one of the two where the hand is stronger (most trumps, then the "
        "higher); \"make it red\" is a hand of the assist list in the stronger red suit; \"a good hand at the "
        "turn-up\" is the make-it list in the turned-up suit but not the order list (which the book orders "
        "anyway); the dealer's \"somewhat less strength\" is his round-two list (the make-it list and ace and "
        "another, and outside ace) without any suit's order list, and the same hands for the third hand in round "
        "two (who, by T1, needs the order list: the book's policy passes them there), and for the second and "
        "eldest hands where the book's policy passes with them (it makes it red or next with some); \"a fair hand\" is, after taking up and discarding, two trumps or more with the "
        "right, the left or the ace; \"both bowers of the cross-suit\" with \"better at next\" is both bowers after "
        "taking up, with more trumps at next than in the turned-up suit. The book's policy does not make T2's "
        "order nor D6's take-up with a fair hand off the take-up list: those tests state the sentence's action, "
        "and the column \"the policy does it\" shows how often the policy takes it.\n\n"
        f"Of each test's hands, the first {cap:,} of a chunk are played; the rarer classes ({', '.join(RARE)}) are "
        f"also searched in {extra} times the chunk's deals more. Each test's interval is a paired t-interval over "
        "the deals; the "
        "verdicts correct for the study's tests together. Points per hand, not rubber points: the sentences "
        "name no score. Double-dummy play sees every card: a round-two maker's play knows where the turned-down "
        "suit's cards lie, which table-side play cannot.")
    question = ("After the turn-down, what should each player make, and with how much? When should the third hand "
                "order, and the dealer take up or turn down?\n\n" + study.quoted(("E3", "S7", "T2", "T3", "D5", "D6")))
    sections = [("\"Especially when a bower is turned down\"",
                 "E3 and S7 say their advice holds the more when the card turned down is a bower (E3's \"especially\" "
                 "may qualify making it next or not crossing: both are shown). Each row: the "
                 "book's gain (its action minus the other, points per hand) with a bower turned down, with another "
                 "card, and the difference (positive: the book's \"especially\" holds; different deals, so Welch's "
                 "interval).\n\n" + md_table(especially_table(table))),
                ("T2 side by side",
                 "The sentence's reason is that \"the stronger you are at next, the greater the improbability that "
                 "your partner will be able to make it next\": ordering should gain more the stronger the hand at "
                 "next. " + t2_contrast(table) + ".")]
    return love_all_report(
        study, table, manifest, out_dir, results_table,
        chart_title="Round two, the third hand's order, the dealer's last say: book - other",
        question=question, method=method, sections=sections,
        caption=("the seat, the book's action, the deals, how often the book's policy itself takes the sentence's "
                 "action there, each arm's mean net points per hand, the difference (95% interval), the "
                 "simultaneous interval and the verdict."))

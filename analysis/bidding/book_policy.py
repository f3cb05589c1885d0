"""The Leeds & Dwight policy: the General Remarks of the 1888 book, seat by seat, as rules.

Each rule carries the id of the claim it encodes (``../claims.md`` numbering: E eldest hand,
S second hand, T third hand, D dealer, B bridge, L lone hands) and the book's sentence, so a
report can quote what was tested. Where the book is vague, :class:`BookParams` holds the
definition chosen, as a parameter a study can vary:

* "dependent upon the score" (S3, T4, D1): the entry applies unless the adversaries stand at
  ``caution_from`` points or more (default 3: a euchre would give them game or the brink),
  and always at four-all;
* "some strength in suit" (E1): an outside ace, or an outside king with another card of its suit;
* "nothing to go to" (E1) and "if you can make it next" (E2, E3): the hand matches the
  ``MAKE_NEXT`` list in the next suit;
* "great strength", "very strong" (E2, E3): the hand matches the third hand's order list (T4);
* a lone hand (L1, L3, L7): *sound* — both bowers, at least three trumps, and every card a trump
  or an outside ace; *light* — the right with the left or the ace, at least three trumps, and at most one card
  that is neither a trump nor an outside ace; *desperate* — a bower and at least three trumps;
* "a fair trump hand with no weakness in lay suits" (L8): three trumps or more with a bower, and
  every plain card an ace.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from analysis.game.claims import quote
from analysis.game.contract import dealer_hand
from analysis.bidding.policy import Situations, VectorPolicy
from fastcore.handpatterns import hand_numbers
from analysis.game.cards import effective_suit_mask

# SUIT_MASKS[trump, suit]: the cards whose effective suit is ``suit`` when ``trump`` is trumps.
SUIT_MASKS = np.array([[effective_suit_mask(s, t) for s in range(4)] for t in range(4)], dtype=np.uint32)


@dataclass(frozen=True)
class Rule:
    """One list of the book: the claim it encodes, which part of it (``note``), and its patterns."""

    claim: str
    note: str
    patterns: tuple[str, ...]

    @property
    def quote(self) -> str:
        """The book's sentence, from the catalogue of claims."""
        return quote(self.claim)


# --- the book's lists ------------------------------------------------------------------------

ELDEST_ORDER = Rule("E1", "the right not turned: three medium trumps or better, some strength in suit, nothing to go to",
                    ("three medium trumps",))
MAKE_NEXT = Rule("E2", "can he make it next? (also what the eldest hand makes next, E3)",
                 ("three trumps", "right and another", "left and another, and outside ace",
                  "two trumps and two aces"))
ASSIST = Rule("S2", "the assist list",
              ("three trumps", "right and another", "left and another, and outside ace"))
ASSIST_ALWAYS = Rule("S3", "always",
                     ("two trumps and two aces",))
ASSIST_BY_SCORE = Rule("S3", "dependent upon the score",
                       ("left and another", "ace and another, and outside ace",
                        "two medium trumps, and one suit of three headed by ace"))
ASSIST_RIGHT_TURNED = Rule("S3", "always, however, if right is turned",
                           ("ace and another, and outside ace",))
ASSIST_FOUR_ALL = Rule("S4", "only at four-all or four-love in his favour",
                       ("ace and another", "king and another"))
THIRD_ORDER = Rule("T4", "the third hand's order list, the right not being turned",
                   ("four trumps", "two bowers and another", "two bowers and outside ace", "three trumps and two aces",
                    "three trumps and one suit headed by ace", "right, ace, and another",
                    "left, ace, king, and outside ace", "left, ace, king, and one suit",
                    "left, king and another, and outside ace", "left, queen and another, and outside ace",
                    "ace, king and another, and outside ace"))
THIRD_BY_SCORE = Rule("T4", "dependent upon the score",
                      ("left, ace, king",))
THIRD_RIGHT_TURNED = Rule("T3", "ordering the right: three tricks absolutely clear",
                          ("left, ace, king, and outside ace", "four trumps, left and ace"))
DEALER_TAKE = Rule("D1", "the take-up list",
                   ("three trumps", "right and ace", "right and king", "right and queen",
                    "right and another, and one suit", "right, another, and outside ace",
                    "left, ace, and outside ace", "left, another, outside ace, and king queen of the third suit",
                    "two trumps and two aces"))
DEALER_BY_SCORE = Rule("D1", "dependent upon score",
                       ("ace, king, and one suit headed by ace",))
DEALER_LIGHT = Rule("D2", "four-all or four-love in his favour: a lighter hand",
                    ("right and another", "left and another", "ace and another", "two trumps and outside ace"))
DEALER_SHADE = Rule("D4", "four to three in his favour: a shade lighter",
                    ("left and another, and outside ace", "ace and another, and outside ace"))
DEALER_CAUTION = Rule("D3", "three-all and four to two in his favour: more than ordinary caution",
                      ("three medium trumps", "right and ace", "right and king", "right, another, and outside ace",
                       "left, ace, and outside ace"))
DEALER_ROUND_TWO = Rule("D5", "round two, the dealer's last say: somewhat less strength",
                        ("three trumps", "right and another", "left and another, and outside ace",
                         "two trumps and two aces", "ace and another, and outside ace"))
MAKE_RED = Rule("S7", "partner turned down black: make it red", ASSIST.patterns)
RULES = [ELDEST_ORDER, MAKE_NEXT, ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_RIGHT_TURNED, ASSIST_FOUR_ALL,
         THIRD_ORDER, THIRD_BY_SCORE, THIRD_RIGHT_TURNED, DEALER_TAKE, DEALER_BY_SCORE, DEALER_LIGHT, DEALER_SHADE,
         DEALER_CAUTION, DEALER_ROUND_TWO, MAKE_RED]


# B2: "now the same players take their chances with two lay aces, or the ace and another in trumps".
BRIDGE_EXCEPTIONS = Rule("B2", "a bridge-keeper passes with these (unless the book orders them anyway)",
                         ("two aces", "ace and another"))


@dataclass(frozen=True)
class BookParams:
    keep_bridge: bool = False        # B1: the authors "doubt the expediency of keeping the bridge strictly"
    bridge_exceptions: bool = False  # B2: keeping it, pass with two lay aces or the ace and another in trumps
    caution_from: int = 3            # "dependent upon the score": not when the adversaries have this many
    lone_hands: bool = True          # play alone at all (L1-L8)


def hand_numbers_of(hands, trump) -> np.ndarray:
    """(N, 3): trumps held, outside aces, strength key (see fastcore.handpatterns.hand_numbers)."""
    return hand_numbers(hands, np.broadcast_to(np.asarray(trump, np.int8), np.shape(hands)))


def best_suit(t: Situations, eligible, patterns) -> np.ndarray:
    """Per row, of the eligible suits where the hand matches one of ``patterns``, the one with the
    most trumps (then the higher trumps; then the lower suit); -1 if none. ``eligible(x)``
    gives the rows where suit ``x`` may be named."""
    best = np.full(len(t), -1, np.int8)
    best_key = np.full(len(t), -1, np.int32)
    for x in range(4):
        trump = np.full(len(t), x, np.int8)
        ok = eligible(x) & (t.has(patterns, trump) if patterns is not None else True)
        key = hand_numbers_of(t.hands, trump)[:, 2]
        better = ok & (key > best_key)
        best[better], best_key[better] = x, key[better]
    return best


class BookPolicy(VectorPolicy):
    """The book's advice for every seat and decision (see the module docstring).

    Written on batches of deals: ``t.has(patterns)`` is true for the rows whose hand matches one
    of the book's patterns; ``&``, ``|`` and ``~`` read "and", "or" and "not".
    """

    name = "book"

    def __init__(self, params: BookParams = BookParams()):
        self.params = params

    def describe(self) -> dict:
        return {"name": self.name, "class": type(self).__name__, "params": asdict(self.params)}

    # -- the score ---------------------------------------------------------------------------
    def score_allows(self, t: Situations) -> bool:
        """Entries "dependent upon the score" apply."""
        own, theirs = t.score
        return (own == 4 and theirs == 4) or theirs < self.params.caution_from

    @staticmethod
    def strength_in_suit(t: Situations) -> np.ndarray:
        """An outside ace, or an outside king with another card of its suit."""
        strong = t.has("outside ace")
        for suit in range(4):
            plain = SUIT_MASKS[t.trump, suit] * (t.trump != suit)
            cards = t.hands & plain
            king = (cards >> np.uint32(suit * 8 + 6)) & 1
            strong |= (king == 1) & (np.bitwise_count(cards) >= 2)
        return strong

    # -- round one ---------------------------------------------------------------------------
    def first_round_batch(self, t: Situations) -> np.ndarray:
        return {1: self._eldest, 2: self._second, 3: self._third, 0: self._dealer}[t.seat](t)

    def _eldest(self, t: Situations) -> np.ndarray:
        own, theirs = t.score
        bridge = self.params.keep_bridge and own == 4 and theirs in (1, 2)
        if bridge and not self.params.bridge_exceptions:
            return np.ones(len(t), bool)                                          # B1
        great = t.has(THIRD_ORDER.patterns)
        can_next = t.has(MAKE_NEXT.patterns, t.trump ^ 1)
        medium = t.has("three medium trumps") & self.strength_in_suit(t)         # E1
        order = great | (~t.right_turned & ~can_next & medium)                    # E2
        if bridge:   # B2: the bridge kept, but the chance taken with two lay aces or the ace and another
            return order | ~t.has(BRIDGE_EXCEPTIONS.patterns)
        return order

    def _second(self, t: Situations) -> np.ndarray:
        own, theirs = t.score
        call = t.has(ASSIST.patterns + ASSIST_ALWAYS.patterns)                    # S2, S3
        call |= t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns)              # S3
        if self.score_allows(t):
            call |= t.has(ASSIST_BY_SCORE.patterns)                               # S3, by score
        if own == 4 and theirs in (0, 4):
            call |= t.has(ASSIST_FOUR_ALL.patterns)                               # S4
        two_small = t.has("two small ones") & ~t.has("three trumps") & ~t.has("two aces")
        return call & ~(t.right_turned & two_small)                               # S5

    def _third(self, t: Situations) -> np.ndarray:
        call = t.has(THIRD_ORDER.patterns)                                        # T4
        if self.score_allows(t):
            call |= t.has(THIRD_BY_SCORE.patterns)                                # T4, by score
        return np.where(t.right_turned, t.has(THIRD_RIGHT_TURNED.patterns), call)  # T3

    def _dealer(self, t: Situations) -> np.ndarray:
        own, theirs = t.score
        after = self.after_discard(t, alone=False)
        trump = t.trump
        if (own, theirs) in ((3, 3), (4, 2)):
            call = t.has(DEALER_CAUTION.patterns, hands=after)                    # D3
        else:
            call = t.has(DEALER_TAKE.patterns, hands=after)                       # D1
            if self.score_allows(t):
                call |= t.has(DEALER_BY_SCORE.patterns, hands=after)              # D1, by score
            if own == 4 and theirs in (0, 4):
                call |= t.has(DEALER_LIGHT.patterns, hands=after)                 # D2
            if (own, theirs) == (4, 3):
                call |= t.has(DEALER_SHADE.patterns, hands=after)                 # D4
        # D6: better at next and holding both bowers of that colour (next's bowers too): pass,
        # to euchre the eldest hand who makes it next (E3). The glossary's "cross" (the other
        # colour) is the study's second reading (studies.round_two, D6.5), not played here.
        better_next = hand_numbers_of(t.hands, trump ^ 1)[:, 0] > hand_numbers_of(after, trump)[:, 0]
        return call & ~(t.has("two bowers", hands=after) & better_next)

    @staticmethod
    def after_discard(t: Situations, alone: bool) -> np.ndarray:
        """The dealer's hand once he has taken up the turn-up and made the book's discard."""
        return dealer_hand(t.hands, t.turn_up, alone)

    # -- round two ---------------------------------------------------------------------------
    def second_round_batch(self, t: Situations) -> np.ndarray:
        down = t.turn_suit
        nxt = down ^ 1

        def others(x):
            return down != x

        def cross(x):
            return (down != x) & (nxt != x)

        if t.seat == 1:                                                           # E3
            make_next = t.has(MAKE_NEXT.patterns, nxt)
            return np.where(make_next, nxt, best_suit(t, cross, THIRD_ORDER.patterns)).astype(np.int8)
        if t.seat == 2:
            red = best_suit(t, lambda x: cross(x) & (down <= 1), MAKE_RED.patterns)   # S7: black turned down
            return np.where(red >= 0, red, best_suit(t, others, THIRD_ORDER.patterns)).astype(np.int8)
        if t.seat == 3:                                                           # T1
            return best_suit(t, others, THIRD_ORDER.patterns)
        suit = best_suit(t, others, DEALER_ROUND_TWO.patterns)                   # D5
        if t.must_call:
            suit = np.where(suit >= 0, suit, best_suit(t, others, None)).astype(np.int8)
        return suit

    # -- lone hands --------------------------------------------------------------------------
    @staticmethod
    def lone_strength(t: Situations, hands) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(sound, light, desperate) per row; the definitions are in the module docstring."""
        numbers = hand_numbers_of(hands, t.trump)
        three = numbers[:, 0] >= 3
        losers = 5 - numbers[:, 0] - numbers[:, 1]
        right, left, ace = (t.has(p, hands=hands) for p in ("right", "left", "ace"))
        sound = three & right & left & (losers <= 0)
        light = three & right & (left | ace) & (losers <= 1)
        desperate = three & (right | left)
        return sound, light, desperate

    def lone_ok(self, t: Situations, hands, with_assistance: bool) -> np.ndarray:
        if not self.params.lone_hands:
            return np.zeros(len(t), bool)
        sound, light, desperate = self.lone_strength(t, hands)
        own, theirs = t.score
        if theirs == 4 and own in (1, 2):
            return desperate                                                      # L3
        if (own, theirs) in ((3, 3), (4, 4)) or own > theirs:
            return sound                                                          # L1
        return sound | light | (desperate & with_assistance)                      # L7

    def lone_hand(self, s, hand: int | None = None, with_assistance: bool = False) -> bool:
        """Would the book play alone with ``hand`` (default: his hand) in the situation ``s``?"""
        hands = np.array([s.hand if hand is None else hand], np.uint32)
        return bool(self.lone_ok(self.batch_of(s), hands, with_assistance)[0])

    def playing_hands(self, t: Situations) -> np.ndarray:
        if t.seat == 0 and t.round == 1:  # the dealer judges his hand after a lone hand's discard
            return self.after_discard(t, alone=True)
        return t.hands

    def alone_batch(self, t: Situations) -> np.ndarray:
        return self.lone_ok(t, self.playing_hands(t), with_assistance=False)

    def take_from_partner_batch(self, t: Situations) -> np.ndarray:
        hands = self.playing_hands(t)
        numbers = hand_numbers_of(hands, t.trump)
        fair = (numbers[:, 0] >= 3) & t.has(("right", "left"), hands=hands)
        no_weakness = numbers[:, 0] + numbers[:, 1] == 5     # every plain card an ace
        take_lone = fair & no_weakness & self.params.lone_hands                   # L8
        assisted = t.seat == 0 and t.round == 1                                   # L7: the dealer, assisted
        take_call = self.lone_ok(t, hands, with_assistance=True) if assisted else self.lone_strength(t, hands)[0]
        return np.where(t.partner_is_lone, take_lone, take_call & self.params.lone_hands)

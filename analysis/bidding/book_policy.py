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

from dataclasses import asdict, dataclass, replace

import numpy as np

from analysis.game import SUITS, dealer_hand, quote
from analysis.bidding.policy import FIRST_ROUND_CALL, Situation, Situations, VectorPolicy
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
# D3's "more than ordinary caution" read as the smallest step: the take-up list less its weakest
# rung, the hands with exactly two trumps and no right (BookPolicy.weakest_rung); no list of its own.
DEALER_CAUTION = Rule("D3", "three-all and four to two in his favour: more than ordinary caution, the take-up list "
                            "less its weakest rung (exactly two trumps without the right)", ())
DEALER_ROUND_TWO = Rule("D5", "round two, the dealer's last say: somewhat less strength",
                        ("three trumps", "right and another", "left and another, and outside ace",
                         "two trumps and two aces", "ace and another, and outside ace"))
MAKE_RED = Rule("S7", "partner turned down black: make it red", ASSIST.patterns)
RULES = [ELDEST_ORDER, MAKE_NEXT, ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_RIGHT_TURNED, ASSIST_FOUR_ALL,
         THIRD_ORDER, THIRD_BY_SCORE, THIRD_RIGHT_TURNED, DEALER_TAKE, DEALER_BY_SCORE, DEALER_LIGHT, DEALER_SHADE,
         DEALER_CAUTION, DEALER_ROUND_TWO, MAKE_RED]

# The sentences that decide without a list of their own: they say when a list's call is not made,
# or how far a lone hand may go.
GREAT_STRENGTH = Rule("E2", "do not order if you can make it next, unless with great strength (the third hand's "
                            "order list)", THIRD_ORDER.patterns)
NEXT_NOT_CROSS = Rule("E3", "make it next when you can; do not cross the suit unless very strong", MAKE_NEXT.patterns)
TWO_SMALL_ONES = Rule("S5", "the right turned, two small ones: do not assist", ("two small ones",))
THIRD_ROUND_TWO = Rule("T1", "round two: make a suit with the third hand's order list", THIRD_ORDER.patterns)
BOTH_BOWERS_NEXT = Rule("D6", "a fair hand, better at next, and both bowers of the cross suit (the knaves of the "
                               "other colour, as the glossary reads \"crossing\"): pass", ())
KEEP_BRIDGE = Rule("B1", "keeping the bridge: the eldest hand at four to one or two orders up", ())
SOUND_LONE = Rule("L1", "a sound lone hand; a light one not at three-all, four-all or any score in his favour", ())
DESPERATE_LONE = Rule("L3", "four-one or four-two against him: a desperate chance", ())
ASSISTED_LONE = Rule("L7", "with an assistance, a lone hand with less strength", ())

# B2: "now the same players take their chances with two lay aces, or the ace and another in trumps".
BRIDGE_EXCEPTIONS = Rule("B2", "a bridge-keeper passes with these (unless the book orders them anyway)",
                         ("two aces", "ace and another"))
# Every rule that can decide a hand, for the explanations (Ruling)
DECIDING = [*RULES, GREAT_STRENGTH, NEXT_NOT_CROSS, TWO_SMALL_ONES, THIRD_ROUND_TWO, BOTH_BOWERS_NEXT, KEEP_BRIDGE,
            BRIDGE_EXCEPTIONS, SOUND_LONE, DESPERATE_LONE, ASSISTED_LONE]




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


class Ruling:
    """A batch's round-one calls and, row by row, the book's rule that decides each one.

    Rules are offered in the book's order: ``offer(rule, names, calls)`` says the rule names the
    rows ``names`` and calls on those where ``calls`` also holds (the score allows it). A row is
    decided by the first rule that calls on it, else by the first that names it (a pass by that
    rule, the book naming the hand only at another score); ``veto(rule, rows)`` turns those rows
    into passes decided by ``rule``. Without ``explain`` only the calls are kept."""

    def __init__(self, n: int, explain: bool = False):
        self.call = np.zeros(n, bool)
        self.named = np.zeros(n, bool)
        self.explain = explain
        self._by_call = np.full(n, -1, np.int16) if explain else None
        self._by_name = np.full(n, -1, np.int16) if explain else None

    def offer(self, rule: Rule, names, calls=True) -> None:
        names = np.asarray(names, bool)
        fires = names & calls
        if self.explain:
            i = DECIDING.index(rule)
            self._by_call[fires & ~self.call] = i
            self._by_name[names & ~self.named] = i
        self.call |= fires
        self.named |= names

    def veto(self, rule: Rule, rows) -> None:
        rows = np.asarray(rows, bool)
        self.call &= ~rows
        if self.explain:
            i = DECIDING.index(rule)
            self._by_call[rows], self._by_name[rows] = -1, i

    def rules(self) -> list[Rule | None]:
        """Per row, the rule that decides it (None: no rule names the hand, and the book passes)."""
        index = np.where(self._by_call >= 0, self._by_call, self._by_name)
        return [DECIDING[i] if i >= 0 else None for i in index]


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

    @classmethod
    def medium_with_strength(cls, t: Situations) -> np.ndarray:
        """E1's hand: "three medium trumps or better, and some strength in suit"."""
        return t.has("three medium trumps") & cls.strength_in_suit(t)

    @staticmethod
    def two_small_ones(t: Situations) -> np.ndarray:
        """S5's hand: two small trumps (none above the ten), not three trumps, not two outside aces."""
        return t.has("two small ones") & ~t.has("three trumps") & ~t.has("two aces")

    @staticmethod
    def cross_bowers_better_next(t: Situations, after: np.ndarray) -> np.ndarray:
        """D6's hand, where the dealer passes: he holds both knaves of the other colour (both bowers
        of either cross suit); he is better at next (more trumps of next in the dealt hand, next's
        bowers counted, than of the turned-up suit after taking up and discarding, ``after``; or as
        many, higher in trump order summed); and his hand is fair (after taking up, two trumps or
        more with the ace)."""
        turned, nxt = hand_numbers_of(after, t.trump), hand_numbers_of(t.hands, t.trump ^ 1)
        better_next = nxt[:, 2] > turned[:, 2]      # the strength key: trumps held, then their orders summed
        fair = (turned[:, 0] >= 2) & t.has("ace", hands=after)
        return t.has("two bowers", t.trump ^ 2) & better_next & fair

    @staticmethod
    def weakest_rung(t: Situations, after: np.ndarray) -> np.ndarray:
        """The take-up list's weakest rung, which D3's caution drops: exactly two trumps after
        taking up and discarding (``after``), and not the right."""
        return (hand_numbers_of(after, t.trump)[:, 0] == 2) & ~t.has("right", hands=after)

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
        return self.first_round_ruling(t).call

    def first_round_ruling(self, t: Situations, explain: bool = False) -> Ruling:
        """The round-one calls, and with ``explain`` the rule deciding each (see :class:`Ruling`)."""
        ruling = Ruling(len(t), explain)
        {1: self._eldest, 2: self._second, 3: self._third, 0: self._dealer}[t.seat](t, ruling)
        return ruling

    def _eldest(self, t: Situations, r: Ruling) -> None:
        own, theirs = t.score
        bridge = self.params.keep_bridge and own == 4 and theirs in (1, 2)
        if bridge and not self.params.bridge_exceptions:
            r.offer(KEEP_BRIDGE, np.ones(len(t), bool))                           # B1
            return
        can_next = t.has(MAKE_NEXT.patterns, t.trump ^ 1)
        r.offer(GREAT_STRENGTH, t.has(THIRD_ORDER.patterns))                     # E2: unless great strength
        r.offer(MAKE_NEXT, can_next, False)                                       # E2: pass, make it next
        r.offer(ELDEST_ORDER, self.medium_with_strength(t), ~t.right_turned & ~can_next)                # E1: nothing to go to
        if bridge:   # B2: the bridge kept, but the chance taken with two lay aces or the ace and another
            r.offer(KEEP_BRIDGE, ~t.has(BRIDGE_EXCEPTIONS.patterns))
            r.offer(BRIDGE_EXCEPTIONS, t.has(BRIDGE_EXCEPTIONS.patterns), False)

    def _second(self, t: Situations, r: Ruling) -> None:
        own, theirs = t.score
        r.offer(ASSIST, t.has(ASSIST.patterns))                                   # S2
        r.offer(ASSIST_ALWAYS, t.has(ASSIST_ALWAYS.patterns))                     # S3, always
        r.offer(ASSIST_RIGHT_TURNED, t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns))
        r.offer(ASSIST_BY_SCORE, t.has(ASSIST_BY_SCORE.patterns), self.score_allows(t))   # S3, by score
        r.offer(ASSIST_FOUR_ALL, t.has(ASSIST_FOUR_ALL.patterns), own == 4 and theirs in (0, 4))   # S4
        r.veto(TWO_SMALL_ONES, t.right_turned & self.two_small_ones(t) & r.named)   # S5

    def _third(self, t: Situations, r: Ruling) -> None:
        right = t.right_turned
        r.offer(THIRD_RIGHT_TURNED, right & t.has(THIRD_RIGHT_TURNED.patterns))   # T3: three tricks clear
        r.offer(THIRD_RIGHT_TURNED, right & t.has(THIRD_ORDER.patterns + THIRD_BY_SCORE.patterns), False)
        r.offer(THIRD_ORDER, ~right & t.has(THIRD_ORDER.patterns))               # T4
        r.offer(THIRD_BY_SCORE, ~right & t.has(THIRD_BY_SCORE.patterns), self.score_allows(t))

    def _dealer(self, t: Situations, r: Ruling) -> None:
        own, theirs = t.score
        after = self.after_discard(t, alone=False)
        listed = t.has(DEALER_TAKE.patterns + DEALER_BY_SCORE.patterns, hands=after)
        r.offer(DEALER_TAKE, t.has(DEALER_TAKE.patterns, hands=after))             # D1
        r.offer(DEALER_BY_SCORE, t.has(DEALER_BY_SCORE.patterns, hands=after), self.score_allows(t))
        r.offer(DEALER_LIGHT, t.has(DEALER_LIGHT.patterns, hands=after), own == 4 and theirs in (0, 4))  # D2
        r.offer(DEALER_SHADE, t.has(DEALER_SHADE.patterns, hands=after), (own, theirs) == (4, 3))      # D4
        if (own, theirs) in ((3, 3), (4, 2)):                                       # D3: the weakest rung dropped
            r.veto(DEALER_CAUTION, listed & self.weakest_rung(t, after))
        # D6: better at next and holding both bowers of the cross suit, read as the glossary reads
        # "crossing the suit" (the other colour): pass. Next's bowers (the turned-up colour's
        # knaves) are the other reading, a secondary test of studies.round_two (D6.4), not played here.
        r.veto(BOTH_BOWERS_NEXT, self.cross_bowers_better_next(t, after))

    @staticmethod
    def after_discard(t: Situations, alone: bool) -> np.ndarray:
        """The dealer's hand once he has taken up the turn-up and made the book's discard."""
        return dealer_hand(t.hands, t.turn_up, alone)

    # -- round two ---------------------------------------------------------------------------
    def second_round_batch(self, t: Situations) -> np.ndarray:
        return self.second_round_ruling(t)[0]

    def second_round_ruling(self, t: Situations, explain: bool = False) -> tuple[np.ndarray, list | None]:
        """The suit each row makes (-1: pass) and, with ``explain``, the rule that chose it (None:
        a pass, or the dealer stuck with nothing): the first of the seat's choices naming a suit."""
        down = t.turn_suit
        nxt = down ^ 1

        def others(x):
            return down != x

        def cross(x):
            return (down != x) & (nxt != x)

        if t.seat == 1:                                                           # E3
            choices = [(NEXT_NOT_CROSS, np.where(t.has(MAKE_NEXT.patterns, nxt), nxt, -1)),
                       (NEXT_NOT_CROSS, best_suit(t, cross, THIRD_ORDER.patterns))]
        elif t.seat == 2:                                                         # S7: black turned down
            choices = [(MAKE_RED, best_suit(t, lambda x: cross(x) & (down <= 1), MAKE_RED.patterns)),
                       (THIRD_ORDER, best_suit(t, others, THIRD_ORDER.patterns))]
        elif t.seat == 3:                                                         # T1
            choices = [(THIRD_ROUND_TWO, best_suit(t, others, THIRD_ORDER.patterns))]
        else:
            choices = [(DEALER_ROUND_TWO, best_suit(t, others, DEALER_ROUND_TWO.patterns))]   # D5
            if t.must_call:
                choices.append((None, best_suit(t, others, None)))
        suit = np.full(len(t), -1, np.int8)
        rule = np.full(len(t), -1, np.int16)
        for i, (_, named) in enumerate(choices):
            first = (suit < 0) & (named >= 0)
            suit[first], rule[first] = named[first], i
        return suit, [choices[i][0] if i >= 0 else None for i in rule] if explain else None

    # -- the rules behind a decision ---------------------------------------------------------
    def explain(self, s: Situation) -> tuple[str, tuple[Rule, ...]]:
        """The book's action at one decision of the bidding ("pass", "assist", "make H alone", ...)
        and the rules that decide it: the call's (none when no rule names the hand), then, when he
        plays alone, the lone hand's."""
        if s.round == 1:
            ruling = self.first_round_ruling(self.batch_of(s), explain=True)
            rules = tuple(r for r in ruling.rules() if r is not None)
            if not ruling.call[0]:
                return "pass", rules
            word, trump = FIRST_ROUND_CALL[s.seat], s.turn_suit
        else:
            suit, chosen = self.second_round_ruling(self.batch_of(s), explain=True)
            rules = tuple(r for r in chosen if r is not None)
            if suit[0] < 0:
                return "pass", rules
            word, trump = f"make {SUITS[suit[0]]}", int(suit[0])
        t = self.batch_of(replace(s, trump=trump))
        alone, lone = self.lone_ruling(t, self.playing_hands(t), with_assistance=False, explain=True)
        if alone[0]:
            return f"{word} alone", rules + (lone[0],)
        return word, rules

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
        return self.lone_ruling(t, hands, with_assistance)[0]

    def lone_ruling(self, t: Situations, hands, with_assistance: bool,
                    explain: bool = False) -> tuple[np.ndarray, list | None]:
        """Per row, whether the book plays alone, and with ``explain`` the rule that allows it (L3
        a desperate chance, L1 a sound or a light hand where one may risk it, L7 less strength with
        an assistance)."""
        if not self.params.lone_hands:
            return np.zeros(len(t), bool), [SOUND_LONE] * len(t) if explain else None
        sound, light, desperate = self.lone_strength(t, hands)
        own, theirs = t.score
        strong = sound | light
        if theirs == 4 and own in (1, 2):
            ok, rule = desperate, DESPERATE_LONE                                  # L3
        elif (own, theirs) in ((3, 3), (4, 4)) or own > theirs:
            ok, rule = sound, SOUND_LONE                                          # L1
        else:
            ok, rule = strong | (desperate & with_assistance), None              # L7
        if not explain:
            return ok, None
        if rule is not None:
            return ok, [rule] * len(t)
        return ok, [SOUND_LONE if s else ASSISTED_LONE for s in strong]

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

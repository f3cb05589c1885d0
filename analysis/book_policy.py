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

from analysis.discard import book_discard
from analysis.patterns import LEFT, RIGHT, T_ACE, matches_any, next_suit, shape_of, is_cross
from analysis.policy import Policy, Situation


@dataclass(frozen=True)
class Rule:
    claim: str
    sentence: str
    patterns: tuple[str, ...]


# --- the book's lists ------------------------------------------------------------------------

ELDEST_ORDER = Rule("E1", "When the right is not turned, order with three medium trumps or better, and some "
                    "strength in suit, provided you have nothing to go to.", ("three medium trumps",))
MAKE_NEXT = Rule("E2", "Do not order (unless with great strength) if you can make it next.",
                 ("three trumps", "right and another", "left and another, and outside ace",
                  "two trumps and two aces"))
ASSIST = Rule("S2", "Assist with three trumps; right and another; left and another, and outside ace.",
              ("three trumps", "right and another", "left and another, and outside ace"))
ASSIST_ALWAYS = Rule("S3", "[Assist] always with two trumps and two aces.", ("two trumps and two aces",))
ASSIST_BY_SCORE = Rule("S3", "Assist with left and another; ace and another, and outside ace; two medium trumps, "
                       "and one suit of three, headed by the ace; dependent upon the score.",
                       ("left and another", "ace and another, and outside ace",
                        "two medium trumps, and one suit of three headed by ace"))
ASSIST_RIGHT_TURNED = Rule("S3", "Ace and another, and outside ace ... always, however, if right is turned.",
                           ("ace and another, and outside ace",))
ASSIST_FOUR_ALL = Rule("S4", "Ace and another, and king and another, even when short of a suit, are permissible "
                       "only when justified by scores of four-all or four-love in your favor.",
                       ("ace and another", "king and another"))
THIRD_ORDER = Rule("T4", "Order with four trumps; two bowers and another; two bowers and outside ace; three trumps "
                   "and two aces; three trumps and one suit, headed by ace; right, ace, and another; left, ace, "
                   "king, and outside ace; left, ace, king, and one suit; left, king and another, and outside ace; "
                   "left, queen and another, and outside ace; ace, king and another, and outside ace.",
                   ("four trumps", "two bowers and another", "two bowers and outside ace", "three trumps and two aces",
                    "three trumps and one suit headed by ace", "right, ace, and another",
                    "left, ace, king, and outside ace", "left, ace, king, and one suit",
                    "left, king and another, and outside ace", "left, queen and another, and outside ace",
                    "ace, king and another, and outside ace"))
THIRD_BY_SCORE = Rule("T4", "[Order with] left, ace, king, dependent upon the score.", ("left, ace, king",))
THIRD_RIGHT_TURNED = Rule("T3", "It is wise to see your way absolutely clear to three tricks before ordering the right.",
                          ("left, ace, king, and outside ace", "four trumps, left and ace"))
DEALER_TAKE = Rule("D1", "Take up three trumps; right and ace; right and king; right and queen; right and another, "
                   "and one suit; right, another, and outside ace; left, ace, and outside ace; left, another, "
                   "outside ace, and king, queen of the third suit; two trumps and two aces.",
                   ("three trumps", "right and ace", "right and king", "right and queen",
                    "right and another, and one suit", "right, another, and outside ace",
                    "left, ace, and outside ace", "left, another, outside ace, and king queen of the third suit",
                    "two trumps and two aces"))
DEALER_BY_SCORE = Rule("D1", "[Take up] ace, king, and one suit headed by ace; dependent upon score.",
                       ("ace, king, and one suit headed by ace",))
DEALER_LIGHT = Rule("D2", "With the score at four-all or four-love in his favor, the dealer may play a lighter hand "
                    "than any mentioned above.",
                    ("right and another", "left and another", "ace and another", "two trumps and outside ace"))
DEALER_SHADE = Rule("D4", "With score four to three in dealer's favor he may play a shade lighter than ordinary.",
                    ("left and another, and outside ace", "ace and another, and outside ace"))
DEALER_CAUTION = Rule("D3", "Scores of three-all and four to two in dealer's favor require more than ordinary "
                      "caution.",
                      ("three medium trumps", "right and ace", "right and king", "right, another, and outside ace",
                       "left, ace, and outside ace"))
DEALER_ROUND_TWO = Rule("D5", "If it comes round to the dealer to make a trump, it is permissible to make it with "
                        "somewhat less strength than would be required in the other three hands.",
                        ("three trumps", "right and another", "left and another, and outside ace",
                         "two trumps and two aces", "ace and another, and outside ace"))
MAKE_RED = Rule("S7", "If your partner turn down black, make it red if you can, especially if he has turned down "
                "the bower.", ASSIST.patterns)
RULES = [ELDEST_ORDER, MAKE_NEXT, ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_RIGHT_TURNED, ASSIST_FOUR_ALL,
         THIRD_ORDER, THIRD_BY_SCORE, THIRD_RIGHT_TURNED, DEALER_TAKE, DEALER_BY_SCORE, DEALER_LIGHT, DEALER_SHADE,
         DEALER_CAUTION, DEALER_ROUND_TWO, MAKE_RED]

BRIDGE = ("B1", "Bridge — when the score of the eldest hand is four to one or four to two in his favor: "
          "keeping it, the eldest hand orders up whatever he holds.")
LONE = ("L1", "With the score three-all, four-all, or any score in your favor, do not risk a light lone hand.")
DESPERATE = ("L3", "With the score four-one or four-two against you, you may take a desperate chance.")
WITH_ASSISTANCE = ("L7", "With an assistance you may play a lone hand with less strength than otherwise.")
TAKE_IT = ("L8", "Should your partner declare to play alone, and you have a fair trump hand with no weakness in "
           "lay suits, it is good play to take it from him.")


@dataclass(frozen=True)
class BookParams:
    keep_bridge: bool = False        # B1: the authors "doubt the expediency of keeping the bridge strictly"
    caution_from: int = 3            # "dependent upon the score": not when the adversaries have this many
    lone_hands: bool = True          # play alone at all (L1-L8)


def _best_suit(hand: int, suits, patterns) -> int | None:
    """Of the suits where the hand matches one of ``patterns``, the one with the most trumps."""
    ok = [s for s in suits if matches_any(hand, s, patterns)]
    if not ok:
        return None
    return max(ok, key=lambda s: (shape_of(hand, s).n_trumps, sum(shape_of(hand, s).trumps)))


class BookPolicy(Policy):
    """The book's advice for every seat and decision (see the module docstring)."""

    name = "book"

    def __init__(self, params: BookParams = BookParams()):
        self.params = params

    def describe(self) -> dict:
        return {"name": self.name, "class": type(self).__name__, "params": asdict(self.params)}

    # -- the score ---------------------------------------------------------------------------
    def score_allows(self, s: Situation) -> bool:
        """Entries "dependent upon the score" apply."""
        own, theirs = s.score
        return (own == 4 and theirs == 4) or theirs < self.params.caution_from

    @staticmethod
    def _strength_in_suit(s: Situation, trump: int) -> bool:
        shape = s.shape(trump)
        return shape.outside_aces() > 0 or any(6 in shape.plain[x] and len(shape.plain[x]) >= 2
                                               for x in shape.plain_suits())

    # -- round one ---------------------------------------------------------------------------
    def first_round(self, s: Situation) -> str:
        call = {1: self._eldest, 2: self._second, 3: self._third, 0: self._dealer}[s.seat](s)
        return {1: "order up", 2: "assist", 3: "order up", 0: "take up"}[s.seat] if call else "pass"

    def _eldest(self, s: Situation) -> bool:
        own, theirs = s.score
        if self.params.keep_bridge and own == 4 and theirs in (1, 2):
            return True                                                           # B1
        great = matches_any(s.hand, s.turn_suit, THIRD_ORDER.patterns) is not None
        if s.right_turned:
            return great
        can_next = matches_any(s.hand, next_suit(s.turn_suit), MAKE_NEXT.patterns) is not None
        if can_next:
            return great                                                          # E2
        return great or (s.has("three medium trumps") and self._strength_in_suit(s, s.turn_suit))  # E1

    def _second(self, s: Situation) -> bool:
        own, theirs = s.score
        if s.right_turned and s.has("two small ones") and s.shape().n_trumps == 2:
            if not (s.has("outside ace") and s.has("two aces")):
                return False                                                      # S5
        if matches_any(s.hand, s.turn_suit, ASSIST.patterns + ASSIST_ALWAYS.patterns):
            return True                                                           # S2, S3
        if s.right_turned and s.has("ace and another, and outside ace"):
            return True                                                           # S3
        if self.score_allows(s) and matches_any(s.hand, s.turn_suit, ASSIST_BY_SCORE.patterns):
            return True                                                           # S3
        if own == 4 and theirs in (0, 4) and matches_any(s.hand, s.turn_suit, ASSIST_FOUR_ALL.patterns):
            return True                                                           # S4
        return False

    def _third(self, s: Situation) -> bool:
        if s.right_turned:
            return matches_any(s.hand, s.turn_suit, THIRD_RIGHT_TURNED.patterns) is not None   # T3
        if matches_any(s.hand, s.turn_suit, THIRD_ORDER.patterns):
            return True                                                           # T4
        return self.score_allows(s) and s.has("left, ace, king")                 # T4, by score

    def _dealer(self, s: Situation) -> bool:
        own, theirs = s.score
        after = (s.hand | 1 << s.turn_up) & ~(1 << book_discard(s.hand | 1 << s.turn_up, s.turn_up))
        trump = s.turn_suit
        # D6: better at next and holding both bowers of that colour: pass for a euchre.
        held = set(shape_of(after, trump).trumps)
        if {RIGHT, LEFT} <= held and shape_of(s.hand, next_suit(trump)).n_trumps > shape_of(after, trump).n_trumps:
            return False
        if (own, theirs) in ((3, 3), (4, 2)):
            return matches_any(after, trump, DEALER_CAUTION.patterns) is not None  # D3
        if matches_any(after, trump, DEALER_TAKE.patterns):
            return True                                                           # D1
        if self.score_allows(s) and matches_any(after, trump, DEALER_BY_SCORE.patterns):
            return True                                                           # D1, by score
        if own == 4 and theirs in (0, 4) and matches_any(after, trump, DEALER_LIGHT.patterns):
            return True                                                           # D2
        if (own, theirs) == (4, 3) and matches_any(after, trump, DEALER_SHADE.patterns):
            return True                                                           # D4
        return False

    # -- round two ---------------------------------------------------------------------------
    def second_round(self, s: Situation):
        down = s.turn_suit
        others = [x for x in range(4) if x != down]
        nxt = next_suit(down)
        cross = [x for x in others if is_cross(x, down)]
        suit = None
        if s.seat == 1:                                                           # E3
            suit = nxt if matches_any(s.hand, nxt, MAKE_NEXT.patterns) else _best_suit(s.hand, cross, THIRD_ORDER.patterns)
        elif s.seat == 2:
            if down in (0, 1):                                                    # S7: black turned down
                suit = _best_suit(s.hand, cross, MAKE_RED.patterns)
            if suit is None:
                suit = _best_suit(s.hand, others, THIRD_ORDER.patterns)
        elif s.seat == 3:                                                         # T1
            suit = _best_suit(s.hand, others, THIRD_ORDER.patterns)
        else:                                                                     # D5
            suit = _best_suit(s.hand, others, DEALER_ROUND_TWO.patterns)
            if suit is None and s.must_call:
                suit = max(others, key=lambda x: (shape_of(s.hand, x).n_trumps, sum(shape_of(s.hand, x).trumps)))
        return "pass" if suit is None else "SCHD"[suit]

    # -- lone hands --------------------------------------------------------------------------
    @staticmethod
    def lone_strength(hand: int, trump: int) -> str | None:
        """'sound', 'light', 'desperate' or None (definitions in the module docstring)."""
        shape = shape_of(hand, trump)
        held = set(shape.trumps)
        losers = 5 - shape.n_trumps - shape.outside_aces()
        if shape.n_trumps >= 3 and {RIGHT, LEFT} <= held and losers <= 0:
            return "sound"
        if shape.n_trumps >= 3 and RIGHT in held and (LEFT in held or T_ACE in held) and losers <= 1:
            return "light"
        if shape.n_trumps >= 3 and (RIGHT in held or LEFT in held):
            return "desperate"
        return None

    def _lone_ok(self, s: Situation, hand: int, trump: int) -> bool:
        if not self.params.lone_hands:
            return False
        strength = self.lone_strength(hand, trump)
        if strength is None:
            return False
        own, theirs = s.score
        if strength == "sound":
            return True
        if theirs == 4 and own in (1, 2):
            return True                                                           # L3
        if (own, theirs) in ((3, 3), (4, 4)) or own > theirs:
            return False                                                          # L1
        if strength == "light":
            return True
        return s.seat == 0 and s.partner_called                                   # L7

    def alone(self, s: Situation) -> bool:
        trump = s.trump
        hand = s.hand
        if s.seat == 0 and s.round == 1:  # the dealer judges his hand after a lone hand's discard
            six = hand | 1 << s.turn_up
            hand = six & ~(1 << book_discard(six, s.turn_up, alone=True))
        return self._lone_ok(s, hand, trump)

    def take_from_partner(self, s: Situation) -> bool:
        trump = s.trump
        hand = s.hand
        if s.seat == 0 and s.round == 1:
            six = hand | 1 << s.turn_up
            hand = six & ~(1 << book_discard(six, s.turn_up, alone=True))
        shape = shape_of(hand, trump)
        partner_alone = bool(s.calls) and s.calls[-1].alone
        if partner_alone:                                                         # L8
            fair = shape.n_trumps >= 3 and (RIGHT in shape.trumps or LEFT in shape.trumps)
            no_weakness = all(all(r == 7 for r in shape.plain[x]) for x in shape.plain_suits())
            return fair and no_weakness and self.params.lone_hands
        return self.lone_strength(hand, trump) == "sound" and self.params.lone_hands

    def discard(self, s: Situation) -> int:
        return book_discard(s.hand, s.turn_up, alone=bool(s.calls) and s.calls[-1].alone)

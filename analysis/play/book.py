"""The book's card-play advice as a table-side player: each rule carries the claim it encodes.

:class:`BookPlayer` sees only its information set (:mod:`analysis.play.information`). At each card it
asks the book's rules in order; the first that applies names the card. Where the book is silent
it plays as :class:`analysis.play.players.SimplePlayer` (win the trick as cheaply as it can unless
its partner is winning it, else throw its lowest card; leading, its lowest card). A study tests a
rule by switching it off: ``BookPlayer(off={"E7"})`` plays exactly as the book's player except
that the rules of claim E7 never fire.

The rules, by who plays (the claims are numbered as in the catalogue of claims):

Leading
  E9   two bowers and an outside ace: lead them in that order (right, left, the ace);
  E10  partner made the trump (ordered up, took up, made it): lead a trump; with the left and a
       small one lead the left, with any two others the smallest unless they are equals;
  D9   the dealer assisted by his partner, having taken the first or second trick: give him a
       trump if he has not played one;
  D7   the dealer who took up without assistance, holding the right and another, having taken the
       first trick with his small trump: do not lead the right unless he can follow with an ace;
  E4   making it in round two with the ace and two others (no king): lead the ace in next, a
       small one when crossing the suit;
  E7   the eldest hand's opening lead, the dealer having taken up (assisted or not), with one or
       two trumps and two aces: lead trumps;
  E5   the eldest hand, the dealer assisted, the right not turned: lead trumps through the
       assisting hand (not with the left and a small one, nor the ace and a small one);
  E6   a large tenace (right and ace, or right and king) with no outside ace: lead an off-suit;
  E9   the dealer adopted the trump: do not lead trumps up to him;
  S11  the third hand alone after the dealer turned down: his partner leads the turn-down's suit;
  L6   against a lone hand: lead from a short suit or a suit of equals;
  E8   the dealer adopted the trump: lead an ace, or a short king or queen, or from equals; not
       from king-seven or queen-seven;
  E10  do not lead the turn-down's suit before a round of trumps;
  S10  having taken the first trick in suit, do not lead the suit your partner threw away.
Following
  S8   led through with the right and another, play the right unless the ace is turned; with the
       left and another, the left unless the right or the ace is turned;
  S10  second to a small card on the first trick: do not ruff with the right alone, ruff with the
       left alone; with one small trump ruff as soon as you can; do not finesse in lay cards;
  S9   the dealer's partner with two small trumps, the dealer having taken up without him: ruff
       with the big one;
  T5   ruffing, beat the turn-up (while the dealer still holds it and is to play).

Not encoded (the book's words are about signalling, which a rule on one's own cards cannot
capture): D7's "never play false cards", D9's "show command of a suit by throwing its ace", L6's
"the fourth card played tells partner which suit you keep".

:func:`play_book_batch` plays whole hands with the book's player in every seat through the
compiled twin of these rules (:mod:`fastcore.bookplay`), card for card as :class:`BookPlayer`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from analysis.bidding import call_word
from analysis.errors import EuchreError
from analysis.play.information import InfoSet, suit_masks
from analysis.play.players import Player, SimplePlayer, cards_of
from fastcore.bookplay import CLAIMS as COMPILED_CLAIMS, play_book_hands
from analysis.game.cards import ACE, KING, QUEEN, effective_suit, rank_of, suit_of, trick_power, trump_order

A, B, C, D = 0, 1, 2, 3
ASSIST = call_word(C)     # C's round-one call


# --- what the player sees, in the book's words ------------------------------------------------------

def trumps(info: InfoSet) -> list[int]:
    """His trumps, highest first."""
    return sorted(cards_of(info.hand & suit_masks(info.trump)[info.trump]), key=lambda c: -trump_order(c, info.trump))


def plain_suits(info: InfoSet) -> dict[int, list[int]]:
    """His plain cards by suit, highest first."""
    out = {}
    for s in range(4):
        if s != info.trump:
            cards = cards_of(info.hand & suit_masks(info.trump)[s])
            if cards:
                out[s] = sorted(cards, key=lambda c: -rank_of(c))
    return out


def is_right(card: int, trump: int) -> bool:
    return trump_order(card, trump) == 8


def is_left(card: int, trump: int) -> bool:
    return trump_order(card, trump) == 7


def small(card: int, trump: int) -> bool:
    """A small trump: the queen or below (the book's "another" is a small one)."""
    return 0 <= trump_order(card, trump) <= 4


def outside_aces(info: InfoSet) -> list[int]:
    return [c for cards in plain_suits(info).values() for c in cards if rank_of(c) == ACE]


def tricks_done(info: InfoSet) -> int:
    return info.won[0] + info.won[1]


def called(info: InfoSet, seat: int, action: str) -> bool:
    return any(c.seat == seat and c.action == action for c in info.calls)


def partner(seat: int) -> int:
    return seat ^ 2


def dealer_adopted(info: InfoSet) -> bool:
    """The dealer took up the turn-up (with or without assistance)."""
    return bool(info.taken)


def assisted(info: InfoSet) -> bool:
    return called(info, C, ASSIST)


def made_in_round_two(info: InfoSet) -> bool:
    return info.turn_up is not None and not info.taken


def trump_led_before(info: InfoSet) -> bool:
    """A trick has been led with a trump."""
    n = len(info.active)
    history = info.history
    return any(effective_suit(history[i][1], info.trump) == info.trump for i in range(0, len(history) - len(info.trick), n))


def equals(cards: list[int]) -> bool:
    """Two or more cards of a plain suit in sequence at the top of his holding (e.g. king, queen)."""
    return len(cards) >= 2 and rank_of(cards[0]) - rank_of(cards[1]) == 1 and rank_of(cards[0]) >= QUEEN


def smallest(cards: Iterable[int], trump: int) -> int:
    return min(cards, key=lambda c: (trick_power(c, trump, effective_suit(c, trump)), c))


def winning(info: InfoSet) -> tuple[int, int]:
    """(seat, power) of the card winning the trick so far."""
    led = info.led_suit
    seat, best = info.trick[0]
    power = trick_power(best, info.trump, led)
    for s, c in info.trick[1:]:
        p = trick_power(c, info.trump, led)
        if p > power:
            seat, power = s, p
    return seat, power


def last_to_play(info: InfoSet) -> bool:
    return len(info.trick) == len(info.active) - 1


# --- the rules: each returns a card, or None when it does not apply --------------------------------

@dataclass(frozen=True)
class PlayRule:
    claim: str
    words: str
    leading: bool
    choose: Callable[[InfoSet], int | None]


def _two_bowers_and_ace(info: InfoSet) -> int | None:                                  # E9
    t = info.trump
    mine = trumps(info)
    if not outside_aces(info):
        return None
    right = [c for c in mine if is_right(c, t)]
    left = [c for c in mine if is_left(c, t)]
    played = cards_of(info.played[info.player])
    led_right = any(is_right(c, t) for c in played)
    if right and left:
        return right[0]
    if left and led_right and not any(is_left(c, t) for c in played):
        return left[0]
    if led_right and any(is_left(c, t) for c in played) and tricks_done(info) == 2:
        return outside_aces(info)[0]
    return None


def _lead_trump_for_partner(info: InfoSet) -> int | None:                              # E10
    if info.maker != partner(info.player):
        return None
    return _which_trump(info)


def _which_trump(info: InfoSet) -> int | None:
    """E10: with the left and a small one lead the left; with any two others the smallest,
    unless equals (then the higher); else the smallest."""
    t = info.trump
    mine = trumps(info)
    if not mine:
        return None
    if len(mine) == 2 and is_left(mine[0], t) and small(mine[1], t):
        return mine[0]
    if len(mine) == 2 and trump_order(mine[0], t) - trump_order(mine[1], t) == 1:
        return mine[0]
    return mine[-1]


def _give_partner_a_trump(info: InfoSet) -> int | None:                                # D9
    if info.player != A or not assisted(info) or info.maker != A:
        return None
    if tricks_done(info) not in (1, 2) or info.leader != A:
        return None
    if any(effective_suit(c, info.trump) == info.trump for c in cards_of(info.played[C])):
        return None
    return _which_trump(info)


def _dealer_keeps_the_right(info: InfoSet) -> int | None:                              # D7
    t = info.trump
    if info.player != A or info.maker != A or assisted(info) or not info.taken or tricks_done(info) != 1:
        return None
    first = info.history[:len(info.active)]
    mine_first = [c for s, c in first if s == A]
    if not mine_first or not small(mine_first[0], t) or info.leader != A:
        return None
    mine = trumps(info)
    if not mine or not is_right(mine[0], t) or outside_aces(info):
        return None
    plain = [c for cards in plain_suits(info).values() for c in cards]
    return smallest(plain, t) if plain else None


def _ace_and_two_in_round_two(info: InfoSet) -> int | None:                            # E4
    t = info.trump
    if info.maker != info.player or not made_in_round_two(info) or tricks_done(info) != 0:
        return None
    mine = trumps(info)
    ranks = [trump_order(c, t) for c in mine]
    if len(mine) != 3 or 6 not in ranks or 5 in ranks or 8 in ranks or 7 in ranks:
        return None
    nxt = t == (suit_of(info.turn_up) ^ 1)
    return mine[0] if nxt else mine[-1]


def _one_or_two_trumps_and_two_aces(info: InfoSet) -> int | None:                      # E7
    # The eldest hand's opening lead against the dealer's adoption, "whether through assistance or not".
    if info.player != B or tricks_done(info) != 0 or not info.taken or info.maker not in (A, C):
        return None
    mine = trumps(info)
    if len(mine) in (1, 2) and len(outside_aces(info)) >= 2:
        return mine[0]
    return None


def _through_the_assisting_hand(info: InfoSet) -> int | None:                          # E5
    t = info.trump
    if info.player != B or tricks_done(info) != 0 or not assisted(info) or info.turn_up is None:
        return None
    if is_right(info.turn_up, t) or info.lone_seat >= 0:
        return None
    mine = trumps(info)
    if not mine:
        return None
    if len(mine) == 2 and small(mine[1], t) and (is_left(mine[0], t) or trump_order(mine[0], t) == 6):
        return None
    return mine[-1]


def _large_tenace(info: InfoSet) -> int | None:                                        # E6
    t = info.trump
    mine = trumps(info)
    orders = {trump_order(c, t) for c in mine}
    if 8 not in orders or 7 in orders or not (6 in orders or 5 in orders) or outside_aces(info):
        return None
    plain = [c for cards in plain_suits(info).values() for c in cards]
    return smallest(plain, t) if plain else None


def _not_up_to_the_dealer(info: InfoSet) -> int | None:                                # E9
    if info.player != B or info.maker != A or not dealer_adopted(info):
        return None
    plain = plain_suits(info)
    if not plain or not trumps(info):
        return None
    return _defender_plain_lead(info, plain)


def _turn_down_against_the_third_hand(info: InfoSet) -> int | None:                    # S11
    if info.player != C or info.lone_seat != D or info.taken or info.turn_up is None or tricks_done(info) != 0:
        return None
    cards = cards_of(info.hand & suit_masks(info.trump)[effective_suit(info.turn_up, info.trump)])
    return max(cards, key=rank_of) if cards else None


def _against_a_lone_hand(info: InfoSet) -> int | None:                                 # L6
    if info.lone_seat < 0 or (info.lone_seat & 1) == (info.player & 1):
        return None
    plain = plain_suits(info)
    if not plain:
        return None
    eq = [cards for cards in plain.values() if equals(cards)]
    if eq:
        return eq[0][0]
    short = min(plain.values(), key=lambda cards: (len(cards), -rank_of(cards[0])))
    return short[0]


def _against_the_dealers_adoption(info: InfoSet) -> int | None:                        # E8
    if (info.maker & 1) == (info.player & 1) or info.maker != A or not dealer_adopted(info) or tricks_done(info):
        return None
    plain = plain_suits(info)
    return _defender_plain_lead(info, plain) if plain else None


def _defender_plain_lead(info: InfoSet, plain: dict[int, list[int]]) -> int:
    """E8: an ace, or a short king or queen, or from equals; not from king-seven or queen-seven."""
    aces = [cards[0] for cards in plain.values() if rank_of(cards[0]) == ACE]
    if aces:
        return aces[0]
    short = [cards[0] for cards in plain.values() if len(cards) == 1 and rank_of(cards[0]) in (KING, QUEEN)]
    if short:
        return short[0]
    eq = [cards[0] for cards in plain.values() if equals(cards)]
    if eq:
        return eq[0]
    guarded = [cards for cards in plain.values() if rank_of(cards[0]) in (KING, QUEEN) and len(cards) >= 2]
    rest = [cards for cards in plain.values() if cards not in guarded]
    pool = rest or list(plain.values())
    return smallest([c for cards in pool for c in cards], info.trump)


def _not_the_turn_down(info: InfoSet) -> int | None:                                  # E10
    if info.taken or info.turn_up is None or trump_led_before(info):
        return None
    down = suit_of(info.turn_up)
    hand = cards_of(info.hand)
    if not any(effective_suit(c, info.trump) == down for c in hand):
        return None
    others = [c for c in hand if effective_suit(c, info.trump) != down]
    return smallest(others, info.trump) if others else None


def _not_partners_suit(info: InfoSet) -> int | None:                                  # S10
    if tricks_done(info) != 1 or info.leader != info.player:
        return None
    first = info.history[:len(info.active)]
    led = effective_suit(first[0][1], info.trump)
    if led == info.trump:
        return None
    shown = [effective_suit(c, info.trump) for s, c in first if s == partner(info.player)]
    if not shown or shown[0] in (led, info.trump):
        return None
    hand = cards_of(info.hand)
    if not any(effective_suit(c, info.trump) == shown[0] for c in hand):
        return None
    others = [c for c in hand if effective_suit(c, info.trump) != shown[0]]
    return smallest(others, info.trump) if others else None


def _led_through(info: InfoSet) -> int | None:                                         # S8
    t = info.trump
    if info.player != C or len(info.trick) != 1 or info.trick[0][0] != B or info.led_suit != t:
        return None
    mine = trumps(info)
    if len(mine) != 2 or not small(mine[1], t) or info.turn_up is None:
        return None
    turned = trump_order(info.turn_up, t)
    if is_right(mine[0], t):
        return mine[1] if turned == 6 else mine[0]
    if is_left(mine[0], t):
        return mine[1] if turned in (8, 6) else mine[0]
    return None


def _ruffing(info: InfoSet) -> int | None:                                             # S10, S9
    t = info.trump
    led = info.led_suit
    if led == t or info.hand & suit_masks(t)[led]:
        return None
    mine = trumps(info)
    if not mine:
        return None
    seat, power = winning(info)
    if seat == partner(info.player):
        return None
    first_trick = tricks_done(info) == 0
    if first_trick and len(info.trick) == 1 and len(mine) == 1:
        only = mine[0]
        if is_right(only, t):
            plain = [c for c in cards_of(info.hand) if c != only]
            return smallest(plain, t) if plain else None
        if is_left(only, t):
            return only
    if len(mine) == 1 and small(mine[0], t) and trick_power(mine[0], t, led) > power:
        return mine[0]
    return None


def _big_one_first(info: InfoSet) -> int | None:                                      # S9
    t = info.trump
    led = info.led_suit
    if info.player != C or info.maker != A or assisted(info) or led == t or info.hand & suit_masks(t)[led]:
        return None
    mine = trumps(info)
    if len(mine) != 2 or not all(small(c, t) for c in mine):
        return None
    return mine[0] if trick_power(mine[0], t, led) > winning(info)[1] else None


def _beat_the_turn_up(info: InfoSet) -> int | None:                                   # T5
    t = info.trump
    led = info.led_suit
    if led == t or info.hand & suit_masks(t)[led] or not info.taken or info.turn_up is None:
        return None
    if (info.played[A] >> info.turn_up) & 1 or any(s == A for s, _c in info.trick) or info.player == A:
        return None
    if info.lone_seat == C or (info.player & 1) == (A & 1):
        return None
    seat, power = winning(info)
    if seat == partner(info.player):
        return None
    above = [c for c in trumps(info) if trump_order(c, t) > trump_order(info.turn_up, t)
             and trick_power(c, t, led) > power]
    return min(above, key=lambda c: trump_order(c, t)) if above else None


def _no_finesse(info: InfoSet) -> int | None:                                         # S10
    led = info.led_suit
    if led == info.trump or last_to_play(info):
        return None
    cards = cards_of(info.hand & suit_masks(info.trump)[led])
    if len(cards) < 2:
        return None
    seat, power = winning(info)
    if seat == partner(info.player):
        return None
    top = max(cards, key=rank_of)
    cheapest = min((c for c in cards if trick_power(c, info.trump, led) > power), key=rank_of, default=None)
    if cheapest is None or cheapest == top:
        return None
    return top


RULES = (
    PlayRule("E9", "two bowers and an outside ace: lead them in the order named", True, _two_bowers_and_ace),
    PlayRule("E10", "partner made the trump: lead a trump (the left with a small one; else the smallest unless "
                    "equals)", True, _lead_trump_for_partner),
    PlayRule("D9", "assisted, having taken the first or second trick: give partner a trump (read: the trump "
                    "E10 leads, the smallest unless the left with a small one or equals)", True, _give_partner_a_trump),
    PlayRule("D7", "took up alone with the right and another, first trick won with the small one: no right without "
                   "an ace to follow", True, _dealer_keeps_the_right),
    PlayRule("E4", "made in round two with ace and two others: the ace in next, a small one crossing", True,
             _ace_and_two_in_round_two),
    PlayRule("E7", "the eldest hand's opening lead against the dealer's adoption, one or two trumps and two aces: "
             "lead trumps", True, _one_or_two_trumps_and_two_aces),
    PlayRule("E5", "the right not turned: lead trumps through the assisting hand", True, _through_the_assisting_hand),
    PlayRule("E6", "a large tenace in trumps, nothing outside: an off-suit", True, _large_tenace),
    PlayRule("E9", "do not lead trumps up to the dealer's adoption", True, _not_up_to_the_dealer),
    PlayRule("S11", "the third hand alone after the turn-down: lead the turn-down's suit", True,
             _turn_down_against_the_third_hand),
    PlayRule("L6", "against a lone hand: a short suit or a suit of equals", True, _against_a_lone_hand),
    PlayRule("E8", "against the dealer's adoption: an ace, a short king or queen, or equals", True,
             _against_the_dealers_adoption),
    PlayRule("E10", "not the turn-down's suit before a round of trumps", True, _not_the_turn_down),
    PlayRule("S10", "not the suit partner threw away", True, _not_partners_suit),
    PlayRule("S8", "led through: the right (the left) unless the ace (the right or ace) is turned", False, _led_through),
    PlayRule("S9", "two small trumps, partner took up alone: ruff with the big one", False, _big_one_first),
    PlayRule("T5", "ruffing, beat the turn-up", False, _beat_the_turn_up),
    PlayRule("S10", "ruffing second on the first trick: not the right alone, the left alone; one small trump ruffs",
             False, _ruffing),
    PlayRule("S10", "do not finesse in lay cards", False, _no_finesse),
)
CLAIMS = tuple(dict.fromkeys(r.claim for r in RULES))


class BookPlayer(Player):
    """The book's card play (see the module's notes); ``off``: claims whose rules never fire."""

    def __init__(self, off: Iterable[str] = ()):
        off = frozenset(off)
        unknown = off - set(CLAIMS)
        if unknown:
            raise EuchreError(f"no card-play rule of claim {', '.join(sorted(unknown))}: the rules are of "
                              f"{', '.join(CLAIMS)}")
        self.off = off
        self.rules = tuple(r for r in RULES if r.claim not in off)
        self.fallback = SimplePlayer()
        self.name = "book" + (f" without {', '.join(sorted(off))}" if off else "")
        self.fired: dict[str, int] = {}

    def rule_card(self, info: InfoSet) -> tuple[str, int] | None:
        """(claim, card) of the first of his rules that chooses a legal card here, or None."""
        legal = info.legal()
        leading = not info.trick
        for rule in self.rules:
            if rule.leading != leading:
                continue
            card = rule.choose(info)
            if card is not None and (legal >> card) & 1:
                return rule.claim, card
        return None

    def choose(self, info: InfoSet, key: tuple) -> int:
        legal = info.legal()
        if legal & (legal - 1) == 0:       # one legal card
            return legal.bit_length() - 1
        got = self.rule_card(info)
        if got is None:
            return self.fallback.choose(info, key)
        return self.play_rule(*got, info, key)

    def play_rule(self, claim: str, card: int, info: InfoSet, key: tuple) -> int:
        """The card he plays where a rule of ``claim`` chose ``card``: that card."""
        self.fired[claim] = self.fired.get(claim, 0) + 1
        return card

    def play_compiled(self, hands, trump, lone_seat, side, pack: int = 32, threads: int = 1, **table) -> np.ndarray:
        """He in every seat, compiled (:func:`play_book_batch`): the same cards, ``fired`` counted alike;
        on one thread whatever ``threads`` (his rules are cheap beside the rest of a simulation)."""
        return play_book_batch(hands, trump, lone_seat, side, pack=pack, off=self.off, fired=self.fired, **table)


class DeferringBookPlayer(BookPlayer):
    """The book's player who, wherever a rule of ``claim`` would choose his card, plays the card
    of ``strong`` (another player, PIMC say) instead: the rule against strong play in the very
    positions where it applies, everything else the book's. ``deferred`` counts those positions."""

    def __init__(self, claim: str, strong: Player):
        super().__init__()
        if claim not in CLAIMS:
            raise EuchreError(f"no card-play rule of claim {claim}: the rules are of {', '.join(CLAIMS)}")
        self.claim, self.strong = claim, strong
        self.name = f"book, {strong.name}'s card where {claim} applies"
        self.deferred = 0

    def play_rule(self, claim: str, card: int, info: InfoSet, key: tuple) -> int:
        if claim != self.claim:
            return super().play_rule(claim, card, info, key)
        self.deferred += 1
        return self.strong.choose(info, key)


def play_book_batch(hands, trump, lone_seat, side, leader=None, maker=None, turn_up=None, taken=None,
                    discard=None, calls=None, pack: int = 32, off: Iterable[str] = (),
                    fired: dict[str, int] | None = None) -> np.ndarray:
    """:func:`analysis.play.table.play_hands` with ``BookPlayer(off)`` in every seat, compiled: the
    same arguments and the same tricks taken by ``side``. ``discard`` is taken for the likeness
    only (no rule reads it); ``fired``: a dict (such as a BookPlayer's ``fired``) to which the
    counts of the claims whose rules chose a card are added."""
    n = len(np.asarray(hands))

    def col(x, default):
        return np.full(n, default, np.int64) if x is None else np.broadcast_to(np.asarray(x), (n,))
    assisted = np.zeros(n, bool) if calls is None else np.fromiter(
        (any(c.seat == C and c.action == ASSIST for c in cs) for cs in calls), bool, n)
    _plays, won, counts = play_book_hands(hands, col(trump, 0), col(lone_seat, -1), leader, col(maker, -1),
                                          col(turn_up, -1), col(taken, 0), assisted, off, pack=pack)
    if fired is not None:
        for k, total in zip(COMPILED_CLAIMS, counts.sum(axis=(0, 1)).tolist()):
            if total:
                fired[k] = fired.get(k, 0) + total
    return won[np.arange(n), col(side, 0).astype(np.intp)]

"""Hand classes a player recognises, and the bidding actions a class can take.

Under a candidate trump suit a hand is read as its *holding*, the trumps it holds by rank (the
right bower ``R``, the left ``L``, the ace ``A``, the king ``K``, the queen and below each an
``x``: ``"R A x"``; four trumps or more by their bowers alone), its outside aces and its voids in
plain suits; in round two the suit is the hand's strongest legal suit, next or cross, and whether
a bower was turned down counts too. The strategy charts (:mod:`analysis.tools.strategy`, where the
classes are described in full) and the class policies (:mod:`analysis.bidding.class_policy`) share
them.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from analysis.game.cards import ACE, JACK, KING, effective_suit_mask
from fastcore.handpatterns import hand_numbers

# --- hand classes -----------------------------------------------------------------------------------------

TOP = ("R", "L", "A", "K")
ORDERS = {"R": 8, "L": 7, "A": 6, "K": 5, "x": 2}


def _holdings() -> list[tuple[int, str]]:
    out = []
    for n in range(4):
        for k in range(n + 1):
            for combo in combinations(TOP, k):
                cards = combo + ("x",) * (n - k)
                out.append((100 * n + sum(ORDERS[c] for c in cards), " ".join(cards) or "none"))
    for bowers in (("R", "L"), ("R",), ("L",), ()):
        out.append((400 + sum(ORDERS[c] for c in bowers), "4+ " + (" ".join(bowers) if bowers else "no bower")))
    return sorted(out)


HOLDINGS: tuple[str, ...] = tuple(name for _, name in _holdings())
HOLDING_KEYS: tuple[int, ...] = tuple(key for key, _ in _holdings())


def _lookup() -> np.ndarray:
    """Holding index by R | L<<1 | A<<2 | K<<3 | min(trumps, 4)<<4 (-1: impossible)."""
    table = np.full(80, -1, np.int16)
    for code in range(80):
        flags, n = code & 15, code >> 4
        held = [c for i, c in enumerate(TOP) if flags >> i & 1]
        if n >= 4:
            bowers = [c for c in held if c in ("R", "L")]
            table[code] = HOLDINGS.index("4+ " + (" ".join(bowers) if bowers else "no bower"))
        elif len(held) <= n:
            table[code] = HOLDINGS.index(" ".join(held + ["x"] * (n - len(held))) or "none")
    return table


LOOKUP = _lookup()
# PLAIN[trump]: the masks of the three plain suits' cards under ``trump`` (the left bower is a trump).
PLAIN = np.array([[effective_suit_mask(s, t) for s in range(4) if s != t] for t in range(4)], np.uint32)


def _bit(hands, card) -> np.ndarray:
    return ((hands >> np.asarray(card, np.uint32)) & 1).astype(np.int64)


def holding_of(hands, trump) -> np.ndarray:
    """Index in :data:`HOLDINGS` of each hand's trumps under ``trump`` (one suit or one per hand)."""
    hands = np.asarray(hands, np.uint32)
    trump = np.broadcast_to(np.asarray(trump, np.int64), hands.shape)
    n = hand_numbers(hands, trump.astype(np.int8))[:, 0]
    code = (_bit(hands, trump * 8 + JACK) | _bit(hands, (trump ^ 1) * 8 + JACK) << 1
            | _bit(hands, trump * 8 + ACE) << 2 | _bit(hands, trump * 8 + KING) << 3 | np.minimum(n, 4) << 4)
    return LOOKUP[code].astype(np.int16)


def outside_aces(hands, trump) -> np.ndarray:
    hands = np.asarray(hands, np.uint32)
    return hand_numbers(hands, np.broadcast_to(np.asarray(trump, np.int8), hands.shape).copy())[:, 1]


def voids(hands, trump) -> np.ndarray:
    """Plain suits the hand holds no card of under ``trump``."""
    hands = np.asarray(hands, np.uint32)
    plain = PLAIN[np.broadcast_to(np.asarray(trump, np.int64), hands.shape)]      # (N, 3)
    return ((hands[:, None] & plain) == 0).sum(axis=1)


def round_two_suits(hands, turn_up) -> np.ndarray:
    """(N, 3) the suits of the round-two makes: next, the stronger cross suit, the weaker cross
    suit (by the strength key of the hand in each; ties to the lower suit)."""
    hands = np.asarray(hands, np.uint32)
    down = np.asarray(turn_up, np.int64) >> 3
    low = (down & 2) ^ 2
    key_low = hand_numbers(hands, low.astype(np.int8))[:, 2]
    key_high = hand_numbers(hands, (low + 1).astype(np.int8))[:, 2]
    strong = np.where(key_high > key_low, low + 1, low)
    weak = np.where(key_high > key_low, low, low + 1)
    return np.stack([down ^ 1, strong, weak], axis=1).astype(np.int8)


def strongest_suit(hands, turn_up) -> np.ndarray:
    """The hand's strongest legal suit in round two by the strength key: the stronger cross
    suit where it beats next, else next."""
    hands = np.asarray(hands, np.uint32)
    suits = round_two_suits(hands, turn_up)
    key_next = hand_numbers(hands, suits[:, 0])[:, 2]
    key_cross = hand_numbers(hands, suits[:, 1])[:, 2]
    return np.where(key_cross > key_next, suits[:, 1], suits[:, 0]).astype(np.int8)


def round_one_classes(hands, turn_up) -> pd.DataFrame:
    """The class of each hand under the turned-up suit (the dealer's: pass his hand after the
    take-up, see :func:`seat_hands`)."""
    trump = np.asarray(turn_up, np.int64) >> 3
    return pd.DataFrame({"holding": holding_of(hands, trump), "aces": np.minimum(outside_aces(hands, trump), 2),
                         "voids": np.minimum(voids(hands, trump), 1), "relation": "", "down": ""})


def round_two_classes(hands, turn_up) -> pd.DataFrame:
    """The class of each hand in round two: its strongest legal suit (next or cross) and the
    holding and outside aces there; whether a bower was turned down."""
    hands = np.asarray(hands, np.uint32)
    suits = round_two_suits(hands, turn_up)
    best = strongest_suit(hands, turn_up)
    cross = best != suits[:, 0]
    bower = (np.asarray(turn_up, np.int64) & 7) == JACK
    return pd.DataFrame({"holding": holding_of(hands, best), "aces": np.minimum(outside_aces(hands, best), 1),
                         "voids": -1, "relation": np.where(cross, "cross", "next"),
                         "down": np.where(bower, "bower down", "no bower down")})


def seat_hands(hands, turn_up, seat: int, rnd: int) -> np.ndarray:
    """The hand a seat is classed on: his own; the dealer's in round one after taking up the
    turn-up and making the book's discard."""
    from analysis.game import dealer_hand
    hands = np.asarray(hands, np.uint32)[:, seat]
    return dealer_hand(hands, np.asarray(turn_up, np.int8), False) if (seat == 0 and rnd == 1) else hands


def classes_of(hands, turn_up, seat: int, rnd: int) -> pd.DataFrame:
    """The class of each deal's hand of ``seat`` at the decision of round ``rnd`` (3: the
    dealer's discard, classed as in round one)."""
    own = seat_hands(hands, turn_up, seat, 1 if rnd == 3 else rnd)
    return round_two_classes(own, turn_up) if rnd == 2 else round_one_classes(own, turn_up)


def class_label(holding, aces, voids_, relation="", down="") -> str:
    """A class in words: ``"R A x; 1 ace; a void"``, ``"next: R x; aces; no bower down"``."""
    h = HOLDINGS[int(holding)]
    if relation:
        return f"{relation}: {h}; {'aces' if int(aces) else 'no ace'}; {down}"
    a = {0: "no ace", 1: "1 ace", 2: "2+ aces"}[int(aces)]
    return f"{h}; {a}; {'a void' if int(voids_) else 'no void'}"


CLASS_NOTE = (
    "Under a candidate trump suit a hand is read as its *holding*, the trumps it holds by rank (R the right bower, "
    "L the left, A the ace, K the king, each lower trump an x: \"R A x\"; four trumps or more by their bowers "
    "alone: \"4+ R L\", \"4+ R\", \"4+ L\", \"4+ no bower\"; \"none\"), 36 holdings in all; its outside aces; "
    "and its voids in plain suits. In round one the suit is the turned-up one, with outside aces none, one or two "
    "and more, and voids none or some; the dealer is classed on the hand he would hold after taking the turn-up "
    "and making the book's discard. In round two the suit is the hand's strongest legal suit (ties to next), and "
    "the class says whether it is next (the turned-down suit's colour) or cross, whether the card turned down was "
    "a knave (a bower turned down), and whether the hand holds an outside ace; voids are left out there to keep "
    "the chart to one page. The holdings are ordered by the key the book's policy uses to choose between suits: "
    "100 x trumps held + their trump orders (right 8, left 7, ace 6, king 5, each x counted 2, the middle of the "
    "queen's 4 and the seven's 0); four trumps or more count 400 + their bowers' orders.")


# --- the actions --------------------------------------------------------------------------------------------

ARMS = {1: ("pass", "call", "alone"), 2: ("pass", "next", "cross", "other cross", "alone"),
        3: ("book's discard", "lowest plain", "longest suit", "make a void")}
BOLDNESS = {1: (0, 1, 2), 2: (0, 1, 1, 1, 2), 3: (0, 0, 0, 0)}
DISCARD = 3   # the dealer's discard after taking up, charted as a third "round"
DECISIONS = {1: "round one", 2: "round two", DISCARD: "discard"}


def _plain_cards(six, trump) -> tuple[np.ndarray, np.ndarray]:
    """(N, 3) masks of the six cards' plain suits under ``trump``, and their counts."""
    plain = PLAIN[np.asarray(trump, np.int64)]                        # (N, 3)
    cards = np.asarray(six, np.uint32)[:, None] & plain
    return cards, np.bitwise_count(cards).astype(np.int64)


def _lowest_card(cards) -> np.ndarray:
    """The lowest card (lowest id: the suits' bits are ordered by rank) of each mask, -1 for none."""
    cards = np.asarray(cards, np.uint32)
    low = cards & (~cards + np.uint32(1))                              # the lowest set bit
    out = np.full(cards.shape, -1, np.int64)
    nonzero = low != 0
    out[nonzero] = np.log2(low[nonzero].astype(np.float64)).astype(np.int64)
    return out


def _rank_key(cards) -> np.ndarray:
    """The rank (0 the seven .. 7 the ace) of the lowest card of each mask, 99 for none."""
    low = _lowest_card(cards)
    return np.where(low >= 0, low & 7, 99)


def discard_choices(six, turn_up, alone) -> np.ndarray:
    """(N, 4) the card each discard rule of :data:`ARMS` round 3 throws from the dealer's six:
    the book's (the lowest card of a short suit, a lone ace kept unless alone: D8); the lowest
    plain card; the lowest card of the longest plain suit; the lowest singleton, to make a void.
    With no plain card, or no singleton for the last, the book's card."""
    from analysis.game.contract import book_discards

    six = np.asarray(six, np.uint32)
    turn_up = np.asarray(turn_up, np.int64)
    book = np.asarray(book_discards(six, turn_up.astype(np.int8), alone), np.int64)
    cards, counts = _plain_cards(six, turn_up >> 3)
    rows = np.arange(len(six))
    ranks = _rank_key(cards)                                           # (N, 3)
    lowest = _lowest_card(cards)
    has_plain = counts.sum(axis=1) > 0
    low_plain = np.where(has_plain, lowest[rows, np.argmin(ranks, axis=1)], book)
    longest = np.where(has_plain, lowest[rows, np.argmax(counts * 100 - ranks, axis=1)], book)
    single = np.where(counts == 1, ranks, 99)
    void = np.where(single.min(axis=1) < 99, lowest[rows, np.argmin(single, axis=1)], book)
    return np.stack([book, low_plain, longest, void], axis=1).astype(np.int8)

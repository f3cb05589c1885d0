"""The rungs of hands from strong to light: trumps of one suit, the left bower counted.

The score chart measures a seat's call on it, the stick-the-dealer study the third hand's
round-two make, and the call cards (:mod:`analysis.tools.call_card`) draw a policy's line on it."""
from __future__ import annotations

import numpy as np

from analysis.bidding.hand_classes import strongest_suit
from analysis.game.cards import ACE, JACK, SEATS
from analysis.game import dealer_hand
from fastcore.handpatterns import hand_numbers

RUNGS = ("four or five trumps", "three trumps with a bower", "three trumps, no bower", "two trumps with the right",
         "two trumps, left or ace, and an outside ace", "two trumps, left or ace, no outside ace",
         "two lower trumps", "one trump")
# the same rungs in few words, for a printed card's cells
SHORT = ("4-5 trumps", "3 trumps, a bower", "3 trumps", "2 trumps, the right", "2 (L or A) + ace",
         "2 (L or A)", "2 low trumps", "1 trump")


def rung_of(hands: np.ndarray, trump: np.ndarray) -> np.ndarray:
    """Each hand's rung (0 the strongest, see :data:`RUNGS`; -1 none: no trump)."""
    hands = np.asarray(hands, np.uint32)
    trump = np.asarray(trump, np.int8)
    numbers = hand_numbers(hands, trump)
    trumps, aces = numbers[:, 0], numbers[:, 1]
    t = trump.astype(np.uint32)
    right = ((hands >> (t * 8 + JACK)) & 1).astype(bool)
    left = ((hands >> ((t ^ 1) * 8 + JACK)) & 1).astype(bool)
    ace = ((hands >> (t * 8 + ACE)) & 1).astype(bool)
    bower = right | left
    return np.select(
        [trumps >= 4, (trumps == 3) & bower, trumps == 3, (trumps == 2) & right,
         (trumps == 2) & (left | ace) & (aces >= 1), (trumps == 2) & (left | ace), trumps == 2, trumps == 1],
        list(range(len(RUNGS))), -1).astype(np.int8)


def decision_rung(hands: np.ndarray, turn_up: np.ndarray, seat: int, rnd: int) -> np.ndarray:
    """Each deal's rung for the seat's decision of round ``rnd`` (``hands``: (N, 4)): in round one
    the turned-up suit's trumps, the dealer's hand taken after taking up and the book's discard;
    in round two his strongest legal suit's."""
    own = np.asarray(hands, np.uint32)[:, seat]
    turn_up = np.asarray(turn_up, np.int8)
    if rnd == 1:
        if SEATS[seat] == "A":
            own = dealer_hand(own, turn_up, is_lone=False)
        return rung_of(own, (turn_up >> 3).astype(np.int8))
    return rung_of(own, strongest_suit(own, turn_up).astype(np.int8))

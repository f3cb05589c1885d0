"""The contract, once the trump is made: who plays, with which cards, and who leads.

This is the one place that computes, for the simulator, every study and the coups,

- the dealer's hand after taking up the turn-up and discarding (law 88: when the turn-up is
  made trump in round one the dealer takes it into his hand and discards one card, unless he
  is the partner who sits out of a lone hand);
- the partner who sits out when a player goes alone (laws 93-95): his cards take no part;
- the leader: the first active seat to the dealer's left (B, or C when B sits out).

Everything works on whole batches: ``hands`` are (N, 4) uint32 card masks of A B C D, a
``lone_seat`` is a seat or -1 (no lone hand), per row.
"""
from __future__ import annotations

import numpy as np

from fastcore.handpatterns import book_discard_batch
from analysis.game.cards import DEALER, NO_SEAT, SECOND

_ONE = np.uint32(1)


def _bit(cards) -> np.ndarray:
    return _ONE << np.asarray(cards).astype(np.uint32)


def dealer_takes_up(round_, lone_seat) -> np.ndarray:
    """Rows where the dealer takes up the turn-up: the trump made in round one, and the dealer
    not the partner who sits out."""
    return (np.asarray(round_) == 1) & (np.asarray(lone_seat) != SECOND)


def with_turn_up(dealer_hands, turn_up) -> np.ndarray:
    """The dealer's six cards once he has taken up the turn-up."""
    return np.asarray(dealer_hands, np.uint32) | _bit(turn_up)


def book_discards(six, turn_up, is_lone) -> np.ndarray:
    """The book's discard (D8) from the dealer's six cards, per row (``is_lone``: he plays alone):
    :func:`analysis.game.discard.book_discard` for a batch of hands, compiled."""
    six = np.asarray(six, np.uint32)
    alone = np.broadcast_to(np.asarray(is_lone, bool), six.shape).copy()
    return book_discard_batch(six, np.asarray(turn_up, np.int8), alone)


def after_discard(six, discard) -> np.ndarray:
    """The dealer's five cards once he has discarded."""
    return np.asarray(six, np.uint32) & ~_bit(discard)


def dealer_hand(dealer_hands, turn_up, is_lone=False) -> np.ndarray:
    """The dealer's hand after taking up the turn-up and making the book's discard."""
    six = with_turn_up(dealer_hands, turn_up)
    return after_discard(six, book_discards(six, turn_up, is_lone))


def sits_out(lone_seat) -> np.ndarray:
    """The seat of the partner who sits out of a lone hand, -1 where nobody does."""
    lone_seat = np.asarray(lone_seat, np.int8)
    return np.where(lone_seat >= 0, lone_seat ^ 2, NO_SEAT).astype(np.int8)


def leader(lone_seat) -> np.ndarray:
    """The seat that leads the first trick: B, or C when B sits out for D's lone hand."""
    return np.where(sits_out(lone_seat) == 1, 2, 1).astype(np.int8)


def hands_at_play(hands, turn_up, takes_up, discard, lone_seat) -> np.ndarray:
    """The four hands at the start of play: where ``takes_up``, the dealer holds his six cards
    less ``discard``; the partner of a lone player holds nothing."""
    play = np.asarray(hands, np.uint32).copy()
    rows = np.flatnonzero(takes_up)
    if len(rows):
        six = with_turn_up(play[rows, DEALER], np.asarray(turn_up)[rows])
        play[rows, DEALER] = after_discard(six, np.asarray(discard)[rows])
    out = sits_out(lone_seat)
    lone_rows = np.flatnonzero(out >= 0)
    play[lone_rows, out[lone_rows]] = 0
    return play

"""The dealer's discard, as the book gives it (claim D8).

"If the dealer adopts the turn-up, he should discard the lowest card of a short suit; for
example, with three trumps, ace, seven of one suit, and outside king, discard the king ... With
two trumps (clubs), ace, seven of hearts, and king, seven of diamonds, discard the seven of
diamonds. With three trumps (clubs), ace, king of hearts, and ace of diamonds, discard the king
of hearts, except when playing a lone hand, in which case discard the ace of diamonds."

Read as a rule: among the plain suits, keep a lone ace (a singleton ace is a trick, not a
weakness) unless playing alone, where making a void comes first; discard from the shortest
remaining suit, and between suits equally short, from the one with the lower top card; the
card discarded is the lowest of that suit. With nothing but trumps, discard the lowest trump.
"""
from __future__ import annotations

from analysis.game.cards import ACE, effective_suit, mask_cards, trump_order


def book_discard(hand6: int, turn_up: int, alone: bool = False) -> int:
    """The card the dealer discards from his six (``hand6``, a mask including the turn-up)."""
    trump = turn_up >> 3
    cards = [c for c in mask_cards(hand6) if c != turn_up]
    plain: dict[int, list[int]] = {}
    for c in cards:
        s = effective_suit(c, trump)
        if s != trump:
            plain.setdefault(s, []).append(c)
    if not plain:
        return min(cards, key=lambda c: trump_order(c, trump))
    suits = list(plain)
    if not alone:
        keep_lone_aces = [s for s in suits if not (len(plain[s]) == 1 and plain[s][0] & 7 == ACE)]
        suits = keep_lone_aces or suits
    suit = min(suits, key=lambda s: (len(plain[s]), max(c & 7 for c in plain[s])))
    return min(plain[suit], key=lambda c: c & 7)

"""PIMC with the player's next decision postponed: one card for the worlds he cannot tell apart.

PIMC (:mod:`analysis.play.pimc`) values a card by its double-dummy value summed over the worlds,
as if at each later decision the player could play differently in worlds he cannot tell apart:
strategy fusion. :class:`PostponedPIMCPlayer` removes it at his next decision, in the manner of
EPIMC (PIMC with the perfect-information reasoning postponed a few moves). After each legal card,
the other seats answer world by world as double-dummy play has them (each the card best for his
side in that world, ties to the lowest card id), until the player is to move again. Worlds in
which the same cards were played meanwhile look alike to him then, so he must play one card in all
of them: the card with the best sum over them. A card's value is the sum, over those groups of
worlds, of that best sum; with no next decision (the hand over first) it is the tricks taken.

It draws the same worlds as the PIMC player of the same seed, model and key, so the two differ
only in how a card is valued; each card's value is at most PIMC's (a maximum taken over a group
rather than world by world), equal when one card is best in every world of each group.
"""
from __future__ import annotations

import numpy as np

from analysis.game.cards import effective_suit, effective_suit_mask
from analysis.play.information import InfoSet
from analysis.play.pimc import PIMCPlayer
from analysis.play.players import cards_of
from fastcore.solver import move_values_batch


def _legal(hands: np.ndarray, info: InfoSet) -> np.ndarray:
    """The legal cards (masks) of the seat to move in each world, ``hands`` his cards per world."""
    if not info.trick:
        return hands
    follow = hands & np.uint32(effective_suit_mask(effective_suit(info.trick[0][1], info.trump), info.trump))
    return np.where(follow != 0, follow, hands)


def _values(hands: np.ndarray, info: InfoSet, side: int) -> np.ndarray:
    """(worlds, 32): each card's tricks for ``side`` from the current trick on, world by world (the
    seat to move may hold other cards in each)."""
    _seat, values = move_values_batch(hands, info.trump, info.leader, [c for _s, c in info.trick],
                                      info.lone_seat, side, pack=info.pack, same_mover=False)
    return values.astype(np.int64)


def _best_cards(values: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Each world's best legal card (the first maximum in card id order)."""
    masked = np.where((legal[:, None] >> np.arange(32, dtype=np.uint32)) & 1 == 1, values, np.iinfo(np.int64).min)
    return masked.argmax(axis=1)


def group_value(info: InfoSet, hands: np.ndarray, player: int) -> int:
    """The player's side's tricks summed over the worlds ``hands`` (their cards still held, as
    seen in the public state ``info``), the others answering world by world and the player
    playing one card in all of them at his next decision."""
    side = player & 1
    n = len(hands)
    if info.finished:
        return n * info.won[side]
    seat = info.to_move
    if seat == player:
        values = _values(hands, info, side)
        legal = cards_of(info.legal())
        return n * info.won[side] + int(values[:, legal].sum(axis=0).max())
    best = _best_cards(_values(hands, info, seat & 1), _legal(hands[:, seat], info))
    total = 0
    for card in np.unique(best):
        rows = hands[best == card].copy()
        rows[:, seat] &= ~np.uint32(1 << int(card))
        total += group_value(_public_play(info, seat, int(card)), rows, player)
    return total


def _public_play(info: InfoSet, seat: int, card: int) -> InfoSet:
    """``info`` after ``seat`` plays ``card``, as a state of the public play (the checks of a
    player's own knowledge left out: the card is one the world gives him)."""
    public = info.of(seat, 1 << card)
    return public.play(card).of(info.player, info.hand, info.discard)


def postponed_values(info: InfoSet, hands: np.ndarray) -> dict[int, int]:
    """Each legal card of the player to move: his side's tricks summed over the worlds ``hands``,
    his next decision made once for the worlds he cannot tell apart."""
    player = info.player
    out = {}
    for card in cards_of(info.legal()):
        rows = np.asarray(hands, np.uint32).copy()
        rows[:, player] &= ~np.uint32(1 << card)
        out[card] = group_value(info.play(card), rows, player)
    return out


class PostponedPIMCPlayer(PIMCPlayer):
    """The PIMC player (same worlds, same seed, model and fallback, ties to the lowest card id)
    valuing each card with his next decision postponed (:func:`postponed_values`)."""

    def __init__(self, worlds: int = 32, seed: int = 0, model=None, fallback: bool = False,
                 reads_calls: bool = False):
        super().__init__(worlds, seed, model, fallback, reads_calls)
        self.name = f"postponed pimc({self.worlds}{', calls' if reads_calls else ''})"

    def reading(self, model):
        return PostponedPIMCPlayer(self.worlds, self.seed, model, fallback=True)

    def card_values(self, info: InfoSet, hands: np.ndarray) -> dict[int, int]:
        return postponed_values(info, hands)

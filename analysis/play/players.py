"""Players who see only their own cards: the interface, and the simple baseline.

A player answers one question: given his information set (:mod:`analysis.play.information`),
which card does he play? :class:`SimplePlayer` wins the trick as cheaply as possible unless the
partner is already winning it, else throws the lowest card (the cheapest card by its power in the
trick; leading, the cheapest card of the hand). The stronger players are PIMC
(:mod:`analysis.play.pimc`) and the book's rules (:mod:`analysis.play.book`).
"""
from __future__ import annotations

import numpy as np

from analysis.game.cards import effective_suit, trick_power
from analysis.play.information import InfoSet
from fastcore.solver import move_values_batch


def cards_of(mask: int) -> list[int]:
    """The card ids of a hand mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Player:
    name = "player"
    sees_all = False     # True: the table gives him every hand (:meth:`choose_seen`), not only his own
    reads_calls = False  # True: the table gives him the bidders of the calls (:meth:`hearing`)

    # His compiled twin, or None: a method (hands, trump, lone_seat, side, pack, threads, **table) -> the
    # tricks of ``side`` per deal with him in every seat, card for card as at the table, or None
    # where the twin cannot play these deals (the table then plays them card by card).
    play_compiled = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # a twin plays one class's cards: a subclass that plays otherwise never inherits it
        if "play_compiled" not in cls.__dict__:
            cls.play_compiled = None

    def hearing(self, model) -> "Player":
        """The same player reading the calls under ``model`` (an analysis.play.worlds.BiddingModel,
        or None: the cards alone)."""
        return self

    def choose(self, info: InfoSet, key: tuple) -> int:
        """The card to play (``info`` is the player's to move; ``key`` names the decision)."""
        raise NotImplementedError

    def choose_seen(self, info: InfoSet, key: tuple, hands: tuple[int, int, int, int]) -> int:
        """The card to play by a player who sees ``hands``, the cards every seat still holds."""
        return self.choose(info, key)


def card_cost(card: int, trump: int) -> int:
    """A card's power as a card to throw: plain cards by rank, trumps above every plain card."""
    return trick_power(card, trump, effective_suit(card, trump))


class SimplePlayer(Player):
    """The baseline: win the trick as cheaply as possible unless the partner is winning it, else
    throw the lowest card; leading, the lowest card."""

    name = "simple"

    def choose(self, info: InfoSet, key: tuple) -> int:
        legal = cards_of(info.legal())
        if len(legal) == 1:
            return legal[0]
        trump = info.trump
        cheapest = min(legal, key=lambda c: (card_cost(c, trump), c))
        if not info.trick:
            return cheapest
        led = info.led_suit
        best_seat, best = info.trick[0]
        best_power = trick_power(best, trump, led)
        for seat, card in info.trick[1:]:
            p = trick_power(card, trump, led)
            if p > best_power:
                best_seat, best_power = seat, p
        if best_seat == (info.player ^ 2):
            return cheapest
        winners = [c for c in legal if trick_power(c, trump, led) > best_power]
        if winners:
            return min(winners, key=lambda c: (trick_power(c, trump, led), c))
        return cheapest


class DoubleDummyPlayer(Player):
    """Sees every card and plays the card that takes the most tricks for his side when all four
    then play double-dummy (ties to the lowest card id): the ceiling of the strength ladder, since
    no player who sees only his own cards can do better on average."""

    name = "dd"
    sees_all = True

    def choose(self, info: InfoSet, key: tuple) -> int:
        raise NotImplementedError("the double-dummy player must see every hand: seat him at a table (play_hand)")

    def choose_seen(self, info: InfoSet, key: tuple, hands: tuple[int, int, int, int]) -> int:
        legal = cards_of(info.legal())
        if len(legal) == 1:
            return legal[0]
        _seat, values = move_values_batch(np.array([hands], np.uint32), info.trump, info.leader,
                                          [c for _s, c in info.trick], info.lone_seat, info.player & 1, pack=info.pack)
        row = values[0]
        best = legal[0]
        for c in legal:
            if row[c] > row[best]:
                best = c
        return best

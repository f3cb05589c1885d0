"""Play at the table: players who see only their own cards, card by card through whole hands.

A player answers one question: given his information set (:mod:`analysis.information`), which
card does he play? Two players are here:

* :class:`PIMCPlayer` (perfect-information Monte Carlo): at each decision with two or more legal
  cards it draws ``worlds`` worlds consistent with what it knows (:mod:`analysis.worlds`), values
  every legal card in every world by the double-dummy solver (one call of
  ``fastcore.solver.move_values_batch``), and plays the card with the best mean tricks for its
  side. Ties go to the lowest card id. A single legal card is played without search. The worlds
  of a decision are drawn from the seed and the key (deal, card number, seat), so a hand is
  played the same whatever else is played beside it.
  What it cannot see: each world is solved as if every player knew every card (strategy fusion:
  it assumes it could play differently in worlds it cannot tell apart), and a card is valued for
  this trick's worlds alone, not for what the others will infer from it (non-locality).
* :class:`SimplePlayer`: win the trick as cheaply as possible unless the partner is already
  winning it, else throw the lowest card (the cheapest card by its power in the trick; leading,
  the cheapest card of the hand).

:func:`play_hands` plays a batch of deals with any player in each seat and returns the makers'
tricks; :class:`TablePlay` puts it behind the :class:`analysis.engine.PlayEngine` interface.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analysis.engine import PlayEngine
from analysis.errors import EuchreError
from analysis.information import InfoSet, start_info
from analysis.rules import effective_suit, trick_power
from analysis.worlds import BiddingModel, CallsContradicted, sample_worlds
from fastcore.solver import move_values_batch


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def pimc_values(info: InfoSet, worlds: int, seed, model: BiddingModel | None = None, key=(),
                solver=None) -> tuple[dict[int, float], int, float | None]:
    """For each legal card of the player to move (who must be ``info.player``), AC's mean tricks
    over the whole hand across ``worlds`` worlds; returns (values by card, worlds used, acceptance).
    ``solver``: a solver of :mod:`analysis.solver` (default: the compiled one)."""
    if info.to_move != info.player:
        raise EuchreError("the information set must be that of the player to move")
    w = sample_worlds(info, worlds, seed, key, model=model)
    trick = [c for _s, c in info.trick]
    if solver is None:
        _seat, values = move_values_batch(w.hands, info.trump, info.leader, trick, info.lone_seat, 0, pack=info.pack)
    else:
        _seat, values = solver.world_values(w.hands, info.trump, info.leader, trick, info.lone_seat, 0, info.pack)
    legal = _cards(info.legal())
    sums = values[:, legal].astype(np.int64).sum(axis=0)
    n = len(w)
    return ({c: info.won[0] + float(sums[i]) / n for i, c in enumerate(legal)}, n, w.acceptance)


class Player:
    name = "player"

    def choose(self, info: InfoSet, key: tuple) -> int:
        """The card to play (``info`` is the player's to move; ``key`` names the decision)."""
        raise NotImplementedError


class PIMCPlayer(Player):
    """Perfect-information Monte Carlo with ``worlds`` worlds a decision, from ``seed``; ``model``
    (a :class:`analysis.worlds.BiddingModel`) keeps only the worlds in which the others bid as
    heard. ``decisions`` counts the decisions searched (two or more legal cards).

    When the calls contradict the model (a partner who did not bid as the model says he would),
    the player raises :class:`analysis.worlds.CallsContradicted`, or with ``fallback`` reads the
    cards alone from that decision to the end of the hand, as a player who sees he was misled;
    ``contradicted`` lists the keys of the decisions where he saw it (a key starts with the deal)."""

    def __init__(self, worlds: int = 32, seed: int = 0, model: BiddingModel | None = None, fallback: bool = False):
        if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
            raise EuchreError(f"worlds must be a whole number of at least 1, not {worlds!r}")
        self.worlds = int(worlds)
        self.seed = int(seed)
        self.model = model
        self.fallback = fallback
        self.name = f"pimc({self.worlds})"
        self.decisions = 0
        self.contradicted: list[tuple] = []
        self._misled: set[tuple] = set()      # the deals whose calls he found misleading

    def worlds_of(self, info: InfoSet, key: tuple):
        """The decision's worlds: read with the model, or from the cards alone when the calls
        contradict it and ``fallback`` is set."""
        if self.model is None or key[:1] in self._misled:
            return sample_worlds(info, self.worlds, self.seed, key)
        try:
            return sample_worlds(info, self.worlds, self.seed, key, model=self.model)
        except CallsContradicted:
            if not self.fallback:
                raise
            self.contradicted.append(key)
            self._misled.add(key[:1])
            return sample_worlds(info, self.worlds, self.seed, key)

    def choose(self, info: InfoSet, key: tuple) -> int:
        legal = _cards(info.legal())
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        w = self.worlds_of(info, (*key, info.player))
        _seat, values = move_values_batch(w.hands, info.trump, info.leader, [c for _s, c in info.trick],
                                          info.lone_seat, info.player & 1, pack=info.pack)
        sums = values.sum(axis=0, dtype=np.int64).tolist()
        best = legal[0]
        for c in legal:                       # the first maximum: the lowest card id
            if sums[c] > sums[best]:
                best = c
        return best


def card_cost(card: int, trump: int) -> int:
    """A card's power as a card to throw: plain cards by rank, trumps above every plain card."""
    return trick_power(card, trump, effective_suit(card, trump))


class SimplePlayer(Player):
    """The baseline: win the trick as cheaply as possible unless the partner is winning it, else
    throw the lowest card; leading, the lowest card."""

    name = "simple"

    def choose(self, info: InfoSet, key: tuple) -> int:
        legal = _cards(info.legal())
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


PLAYERS = ("pimc", "book", "simple")


def make_player(kind: str, worlds: int = 32, seed: int = 0, model=None) -> Player:
    if kind == "pimc":
        return PIMCPlayer(worlds, seed, model)
    if kind == "simple":
        return SimplePlayer()
    if kind == "book":
        from analysis.book_play import BookPlayer   # the book's rules build on this module
        return BookPlayer()
    raise EuchreError(f"table player {kind!r} is unknown: use {' or '.join(PLAYERS)}")


def play_hand(hands: Sequence[int], trump: int, players: Sequence[Player], lone_seat: int = -1,
              maker: int = -1, leader: int | None = None, turn_up: int | None = None, taken: bool = False,
              discard: int | None = None, calls=(), pack: int = 32, deal: int = 0) -> tuple[list, tuple]:
    """One hand played card by card: returns (the (seat, card) plays, tricks won by AC and BD).

    hands: the four masks at the start of play (a lone player's partner's is ignored); players:
    one :class:`Player` per seat; ``deal`` names the hand in the decisions' keys."""
    active = [s for s in range(4) if lone_seat < 0 or s != (lone_seat ^ 2)]
    left = [int(h) if s in active else 0 for s, h in enumerate(hands)]
    # the public knowledge, followed from the first active seat's chair; the player to move sees it
    # with his own cards (and the dealer his discard)
    public = start_info(active[0], left[active[0]], trump, maker, lone_seat, turn_up, taken,
                        discard if active[0] == 0 else None, calls, pack, leader)
    plays = []
    for n in range(5 * len(active)):
        seat = public.to_move
        info = public if seat == public.player else public.of(seat, left[seat], discard if seat == 0 else None)
        card = players[seat].choose(info, (deal, n))
        if not (info.legal() >> card) & 1:
            raise EuchreError(f"player {players[seat].name!r} chose an illegal card {card}")
        plays.append((seat, card))
        left[seat] &= ~(1 << card)
        public = public.play(card)
    return plays, public.won


def play_hands(hands, trump, lone_seat, side, players: Sequence[Player], leader=None, maker=None,
               turn_up=None, taken=None, discard=None, calls=None, pack: int = 32) -> np.ndarray:
    """Tricks taken by ``side`` (0 AC, 1 BD) in each deal, played card by card by ``players``.

    hands: (N, 4) uint32 masks at the start of play; trump, lone_seat (-1 none), side, leader
    (default: the first active seat left of A), maker (default unknown, -1), turn_up (default
    unknown), taken (the dealer took it up), discard (the dealer's, -1 none): one value or (N,)
    values; calls: None or one tuple of Call per deal."""
    hands = np.asarray(hands, dtype=np.uint32)
    n = len(hands)
    if len(players) != 4:
        raise EuchreError("give one player per seat (A, B, C, D)")

    def col(x, default):
        if x is None:
            return np.full(n, default, np.int64)
        return np.broadcast_to(np.asarray(x, np.int64), (n,))
    trump, lone_seat, side = col(trump, 0), col(lone_seat, -1), col(side, 0)
    maker, turn_up, taken, discard = col(maker, -1), col(turn_up, -1), col(taken, 0), col(discard, -1)
    out = np.zeros(n, np.int8)
    for i in range(n):
        ld = None if leader is None else int(np.broadcast_to(np.asarray(leader), (n,))[i])
        tu = None if turn_up[i] < 0 else int(turn_up[i])
        _plays, won = play_hand(hands[i], int(trump[i]), players, int(lone_seat[i]), int(maker[i]), ld, tu,
                                bool(taken[i]), None if discard[i] < 0 else int(discard[i]),
                                () if calls is None else tuple(calls[i]), pack, i)
        out[i] = won[int(side[i])]
    return out


class TablePlay(PlayEngine):
    """Table-side play behind the engine interface: ``TablePlay("pimc", worlds=32, seed=0)`` or
    ``TablePlay("simple")`` in every seat, or ``TablePlay(players=[...])`` with one player per seat.

    The interface gives the hands at play, the trump, the leader, the lone seat and the makers'
    side, not the turn-up, the discard or the calls: the players play without them (they know
    less than at the table; :func:`play_hands` takes them when the caller has them). One
    :class:`analysis.book_play.BookPlayer` in every seat plays through the compiled
    :func:`analysis.book_play.play_book_batch`, card for card the same."""

    def __init__(self, kind: str = "pimc", worlds: int = 32, seed: int = 0, players: Sequence[Player] | None = None,
                 pack: int = 32):
        if players is None:
            player = make_player(kind, worlds, seed)
            players = [player] * 4
            self.name = "table-side " + player.name
        else:
            players = list(players)
            if len(players) != 4 or not all(isinstance(p, Player) for p in players):
                raise EuchreError("players must be four table players (seats A, B, C, D)")
            self.name = "table-side " + "/".join(p.name for p in players)
        self.players = players
        self.pack = pack

    def _play(self, hands, trump, lone_seat, side, **kw) -> np.ndarray:
        """play_hands with this table's players; the book's player alone at the table plays compiled
        (the same cards, his ``fired`` counted alike)."""
        from analysis.book_play import BookPlayer, play_book_batch   # the book's rules build on this module
        p = self.players[0]
        if type(p) is BookPlayer and all(q is p for q in self.players):
            return play_book_batch(hands, trump, lone_seat, side, pack=self.pack, off=p.off, fired=p.fired, **kw)
        return play_hands(hands, trump, lone_seat, side, self.players, pack=self.pack, **kw)

    def maker_tricks(self, hands, trump, leader, lone_seat, side):
        return self._play(hands, trump, lone_seat, side, leader=leader)

    def play_bidding(self, bidding, turn_up) -> np.ndarray:
        """The makers' tricks of the deals of a :class:`analysis.simulate.BiddingBatch` (0 for a
        deal passed out), the players knowing the turn-up, whether the dealer took it, the calls
        and (the dealer) his discard, as at the table."""
        from analysis import contract
        b = bidding
        n = len(b.maker)
        out = np.zeros(n, np.int8)
        live = np.flatnonzero(np.asarray(b.maker) >= 0)
        if not len(live):
            return out
        takes = contract.dealer_takes_up(b.round, b.lone_seat)
        out[live] = self._play(b.play_hands[live], b.trump[live], b.lone_seat[live], b.maker[live] & 1,
                               leader=contract.leader(b.lone_seat[live]), maker=b.maker[live],
                               turn_up=np.asarray(turn_up, np.int64)[live], taken=takes[live],
                               discard=b.discard[live], calls=[b.calls(int(i)) for i in live])
        return out

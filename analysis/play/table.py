"""Whole hands at the table, card by card, and table-side play as an engine.

:func:`play_hands` plays a batch of deals with any player in each seat and returns the makers'
tricks; :class:`TablePlay` puts it behind the :class:`analysis.play.engine.PlayEngine` interface,
its players by name from :mod:`analysis.play.registry`.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analysis.errors import EuchreError, check_whole
from analysis.game import contract
from analysis.game.rules import Rules
from analysis.play.engine import PlayEngine
from analysis.play.information import start_info
from analysis.play.players import Player
from analysis.play.registry import DEFAULT_WORLDS, make_player
from fastcore.pimcplay import checked_forced
from analysis.play.worlds import BiddingModel


def play_hand(hands: Sequence[int], trump: int, players: Sequence[Player], lone_seat: int = -1,
              maker: int = -1, leader: int | None = None, turn_up: int | None = None, taken: bool = False,
              discard: int | None = None, calls=(), pack: int = 32, deal: int = 0,
              forced=(), stop=None) -> tuple[list, tuple]:
    """One hand played card by card: returns (the (seat, card) plays, tricks won by AC and BD).

    hands: the four masks at the start of play (a lone player's partner's is ignored); players:
    one :class:`Player` per seat; ``deal`` names the hand in the decisions' keys; ``forced``: the
    cards to play as given, by card number (-1: the player decides), a legal card each; ``stop``:
    None, or a function of the information set of the seat to move that ends the hand there when
    it says so (the tricks then are those won so far)."""
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
        if stop is not None and stop(info):
            break
        player = players[seat]
        if n < len(forced) and forced[n] != -1:
            card = int(forced[n])
            if not 0 <= card < 32 or not (info.legal() >> card) & 1:
                raise EuchreError(f"deal {deal}, {'ABCD'[seat]}: a forced card is not one of his legal cards")
        else:
            card = (player.choose_seen(info, (deal, n), tuple(left)) if player.sees_all
                    else player.choose(info, (deal, n)))
        if not (info.legal() >> card) & 1:
            raise EuchreError(f"player {players[seat].name!r} chose an illegal card {card}")
        plays.append((seat, card))
        left[seat] &= ~(1 << card)
        public = public.play(card)
    return plays, public.won


def play_hands(hands, trump, lone_seat, side, players: Sequence[Player], leader=None, maker=None,
               turn_up=None, taken=None, discard=None, calls=None, pack: int = 32, forced=None) -> np.ndarray:
    """Tricks taken by ``side`` (0 AC, 1 BD) in each deal, played card by card by ``players``.

    hands: (N, 4) uint32 masks at the start of play; trump, lone_seat (-1 none), side, leader
    (default: the first active seat left of A), maker (default unknown, -1), turn_up (default
    unknown), taken (the dealer took it up), discard (the dealer's, -1 none): one value or (N,)
    values; calls: None or one tuple of Call per deal; forced: None or (N, 20) cards to play as given
    by card number (-1: the player decides)."""
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
    if forced is not None:
        forced = checked_forced(forced, n, lone_seat, pack)      # one check of the forced cards for both paths
    out = np.zeros(n, np.int8)
    for i in range(n):
        ld = None if leader is None else int(np.broadcast_to(np.asarray(leader), (n,))[i])
        tu = None if turn_up[i] < 0 else int(turn_up[i])
        _plays, won = play_hand(hands[i], int(trump[i]), players, int(lone_seat[i]), int(maker[i]), ld, tu,
                                bool(taken[i]), None if discard[i] < 0 else int(discard[i]),
                                () if calls is None else tuple(calls[i]), pack, i,
                                () if forced is None else tuple(int(c) for c in forced[i]))
        out[i] = won[int(side[i])]
    return out


class TablePlay(PlayEngine):
    """Table-side play behind the engine interface: ``TablePlay("pimc", worlds=32, seed=0)``,
    ``TablePlay("pimc-calls")`` (PIMC reading the calls) or ``TablePlay("simple")`` in every seat, or
    ``TablePlay(players=[...])`` with one player per seat.

    The interface gives the hands at play, the trump, the leader, the lone seat and the makers'
    side, not the turn-up, the discard or the calls: the players play without them (they know
    less than at the table; :func:`play_hands` takes them when the caller has them). One player
    in every seat who has a compiled twin (:meth:`analysis.play.players.Player.play_compiled`: the
    book's player, PIMC from the cards alone or reading the calls with the fallback) plays through
    it, card for card the same.

    ``threads`` (default 1): the compiled twin shares each batch's hands among that many threads
    of this process (PIMC's kernel releases the GIL; the book's twin plays on one); the cards and
    the tricks are the same whatever the threads, so a run's results do not depend on it."""

    def __init__(self, kind: str = "pimc", worlds: int = DEFAULT_WORLDS, seed: int = 0,
                 players: Sequence[Player] | None = None, pack: int = 32, threads: int = 1):
        check_whole(threads, "threads", 1)
        if players is None:
            player = make_player(kind, worlds, seed, Rules.of(pack=pack))
            players = [player] * 4
            self.name = "table-side " + player.name
        else:
            players = list(players)
            if len(players) != 4 or not all(isinstance(p, Player) for p in players):
                raise EuchreError("players must be four table players (seats A, B, C, D)")
            self.name = "table-side " + "/".join(p.name for p in players)
        self.players = players
        self.pack = pack
        self.threads = int(threads)

    def _play(self, hands, trump, lone_seat, side, players=None, **kw) -> np.ndarray:
        """play_hands with this table's players; one player alone at the table plays through his
        compiled twin where he has one for these deals (the same cards, his counts kept alike)."""
        players = self.players if players is None else players
        p = players[0]
        if p.play_compiled is not None and all(q is p for q in players):
            tricks = p.play_compiled(hands, trump, lone_seat, side, pack=self.pack, threads=self.threads, **kw)
            if tricks is not None:
                return tricks
        return play_hands(hands, trump, lone_seat, side, players, pack=self.pack, **kw)

    def hearing(self, bidders) -> list[Player]:
        """The players, those who read the calls reading them under ``bidders`` (the policies,
        rules and score that bid; None for a contract fixed without bidding: the cards alone)."""
        model = None if bidders is None else BiddingModel(list(bidders[0]), bidders[1], bidders[2])
        heard: dict[int, Player] = {}
        for p in self.players:
            if id(p) not in heard:
                heard[id(p)] = p.hearing(model) if p.reads_calls else p
        return [heard[id(p)] for p in self.players]

    def maker_tricks(self, hands, trump, leader, lone_seat, side):
        return self._play(hands, trump, lone_seat, side, leader=leader)

    def play_bidding(self, bidding, turn_up, forced=None) -> np.ndarray:
        """The makers' tricks of the deals of a :class:`analysis.bidding.auction.BiddingBatch` (0 for a
        deal passed out), the players knowing the turn-up, whether the dealer took it, the calls
        and (the dealer) his discard, as at the table; players who read the calls read them under
        the policies that bid (the batch's ``bidders``). ``forced``: None or (N, 20) cards to play as
        given by card number (-1: the player decides), one row a deal."""
        b = bidding
        n = len(b.maker)
        out = np.zeros(n, np.int8)
        live = np.flatnonzero(np.asarray(b.maker) >= 0)
        if not len(live):
            return out
        takes = contract.dealer_takes_up(b.round, b.lone_seat)
        more = {} if forced is None else {"forced": np.asarray(forced)[live]}
        out[live] = self._play(b.play_hands[live], b.trump[live], b.lone_seat[live], b.maker[live] & 1,
                               players=self.hearing(b.bidders),
                               leader=contract.leader(b.lone_seat[live]), maker=b.maker[live],
                               turn_up=np.asarray(turn_up, np.int64)[live], taken=takes[live],
                               discard=b.discard[live], calls=[b.calls(int(i)) for i in live], **more)
        return out

"""What a player knows at a card of the play: his information set, as a value.

At the table a player sees his own cards, the turn-up and whether the dealer took it (then the
dealer holds it until he plays it), his own discard if he dealt and took it up, the calls (who
made the trump, which suit, who plays alone), every card played and by whom, and so every void
shown: a player who did not follow the suit led holds no card of that (effective) suit.

:class:`InfoSet` holds exactly that and nothing else; :meth:`InfoSet.play` gives the information
set after one more card, so a whole hand is followed card by card without replaying it. The
worlds consistent with an information set are drawn by :mod:`analysis.play.worlds`.

Cards are ids and hands bitmasks (bit ``suit * 8 + rank``); seats 0..3 = A B C D; sides AC = 0,
BD = 1. A lone player's partner takes no part: he holds nothing and never plays.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from analysis.game.cards import SEATS, card_text
from analysis.errors import EuchreError
from analysis.game.rules import trick_winner
from analysis.game.cards import effective_suit
from analysis.game.cards import effective_suit_mask, pack_mask

_SUIT_MASKS = {t: tuple(effective_suit_mask(s, t) for s in range(4)) for t in range(4)}


def suit_masks(trump: int) -> tuple[int, int, int, int]:
    """The cards of each effective suit under ``trump``, as masks."""
    return _SUIT_MASKS[trump]


@dataclass(frozen=True)
class InfoSet:
    """One player's knowledge at one moment of the play (all masks are card bitmasks).

    player: whose knowledge; hand: the cards he still holds; trump, maker, lone_seat (-1: none);
    turn_up (None when not known) and taken (the dealer took it up); discard: the dealer's own
    discard, known only to him (None otherwise); calls: the bidding as heard (a tuple of
    analysis.bidding.policy.Call, may be empty); leader: who led (or is to lead) the current trick;
    trick: the (seat, card) pairs on the table; played: per seat, the cards he has played;
    history: every (seat, card) in the order played; voids: per seat, a bitmask of the
    effective suits he showed out of; won: tricks taken by AC and BD.
    """

    player: int
    hand: int
    trump: int
    maker: int
    lone_seat: int = -1
    turn_up: int | None = None
    taken: bool = False
    discard: int | None = None
    calls: tuple = ()
    pack: int = 32
    leader: int = 1
    trick: tuple = ()
    played: tuple = (0, 0, 0, 0)
    history: tuple = ()
    voids: tuple = (0, 0, 0, 0)
    won: tuple = (0, 0)
    _tricks_done: int = field(default=0, repr=False)

    # --- who plays -------------------------------------------------------------------------
    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if self.lone_seat < 0 or s != (self.lone_seat ^ 2))

    def next_seat(self, seat: int) -> int:
        n = (seat + 1) & 3
        if self.lone_seat >= 0 and n == (self.lone_seat ^ 2):
            n = (n + 1) & 3
        return n

    @property
    def finished(self) -> bool:
        return self._tricks_done == 5

    @property
    def to_move(self) -> int | None:
        if self.finished:
            return None
        return self.next_seat(self.trick[-1][0]) if self.trick else self.leader

    @property
    def led_suit(self) -> int | None:
        return effective_suit(self.trick[0][1], self.trump) if self.trick else None

    def sizes(self) -> tuple[int, int, int, int]:
        """How many cards each seat still holds."""
        left = 5 - self._tricks_done
        out = [left, left, left, left]
        for s, _c in self.trick:
            out[s] -= 1
        if self.lone_seat >= 0:
            out[self.lone_seat ^ 2] = 0
        return tuple(out)

    def legal(self, hand: int | None = None) -> int:
        """The legal cards (a mask) of ``hand`` (default: the player's own) in the current trick."""
        hand = self.hand if hand is None else hand
        if not self.trick:
            return hand
        follow = hand & suit_masks(self.trump)[self.led_suit]
        return follow or hand

    # --- what is known of the other hands --------------------------------------------------
    def known(self) -> tuple[int, int, int, int]:
        """Cards known to be still held by each seat: the player's hand, and the turn-up in the
        dealer's hand while he has not played it."""
        out = [0, 0, 0, 0]
        out[self.player] = self.hand
        if self.taken and self.turn_up is not None and self.lone_seat != 2 and not (self.played[0] >> self.turn_up) & 1:
            out[0] |= 1 << self.turn_up
        return tuple(out)

    def gone(self) -> int:
        """Cards the player knows are in no hand: those played, his own discard, a turned-down turn-up."""
        m = 0
        for p in self.played:
            m |= p
        if self.discard is not None:
            m |= 1 << self.discard
        if self.turn_up is not None and not self.taken:
            m |= 1 << self.turn_up
        return m

    def hidden(self) -> int:
        """The cards the player cannot place: in another seat's hand or among the undealt."""
        placed = self.gone()
        for k in self.known():
            placed |= k
        return pack_mask(self.pack) & ~placed

    # --- one more card ---------------------------------------------------------------------
    def play(self, card: int) -> "InfoSet":
        """The information set after the player to move plays ``card`` (seen by everyone)."""
        seat = self.to_move
        if seat is None:
            raise EuchreError(f"card {card_text(card)} played after the hand is over")
        bit = 1 << card
        if seat == self.player:
            if not self.hand & bit:
                raise EuchreError(f"card {card_text(card)} is not in {SEATS[seat]}'s hand")
            if not self.legal() & bit:
                raise EuchreError(f"{SEATS[seat]} revokes: {card_text(card)} does not follow {card_text(self.trick[0][1])}")
        elif (self.hand | self.gone()) & bit or (self.taken and seat != 0 and card == self.turn_up):
            raise EuchreError(f"card {card_text(card)} cannot be in {SEATS[seat]}'s hand")
        voids = self.voids
        if self.trick and effective_suit(card, self.trump) != self.led_suit:
            v = list(voids)
            v[seat] |= 1 << self.led_suit
            voids = tuple(v)
        played = list(self.played)
        played[seat] |= bit
        trick = self.trick + ((seat, card),)
        changes = dict(played=tuple(played), history=self.history + ((seat, card),), voids=voids,
                       hand=self.hand & ~bit if seat == self.player else self.hand)
        if len(trick) == len(self.active):
            winner = trick_winner(trick, self.trump)
            won = list(self.won)
            won[winner & 1] += 1
            changes.update(trick=(), leader=winner, won=tuple(won), _tricks_done=self._tricks_done + 1)
        else:
            changes["trick"] = trick
        return replace(self, **changes)

    def of(self, player: int, hand: int, discard: int | None = None) -> "InfoSet":
        """The same public knowledge seen by another player holding ``hand`` (and his discard)."""
        return replace(self, player=player, hand=hand, discard=discard)


def start_info(player: int, hand: int, trump: int, maker: int, lone_seat: int = -1, turn_up: int | None = None,
               taken: bool = False, discard: int | None = None, calls=(), pack: int = 32,
               leader: int | None = None) -> InfoSet:
    """A player's information set at the first card of the play (``hand``: his cards at play)."""
    if leader is None:
        leader = 2 if lone_seat == 3 else 1
    if discard is not None and player != 0:
        raise EuchreError("only the dealer (A) knows his discard")
    return InfoSet(player=player, hand=int(hand), trump=int(trump), maker=int(maker), lone_seat=int(lone_seat),
                   turn_up=turn_up, taken=bool(taken), discard=discard, calls=tuple(calls), pack=pack,
                   leader=int(leader))


def info_from_state(player: int, start_hand: int, played: list[tuple[int, int]], trump: int, maker: int,
                    lone_seat: int = -1, turn_up: int | None = None, taken: bool = False,
                    discard: int | None = None, calls=(), pack: int = 32, leader: int | None = None) -> InfoSet:
    """The information set after the cards ``played`` ((seat, card) in order) from the start."""
    info = start_info(player, start_hand, trump, maker, lone_seat, turn_up, taken, discard, calls, pack, leader)
    for seat, card in played:
        if info.to_move != seat:
            raise EuchreError(f"card {card_text(card)} played by {SEATS[seat]} out of turn")
        info = info.play(card)
    return info

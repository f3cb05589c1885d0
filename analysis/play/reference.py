"""The reference double-dummy solver: plain minimax, written to be obviously right.

It is the oracle the compiled solver is tested against, and it stays in the package. The only
concession to speed is a memo of positions already valued (the value of a position does not
depend on how it was reached), which leaves the minimax itself untouched.

A position is the hands at the start of play, the trump, the leader, the lone seat (a seat, or
None or -1 for no lone hand) and the cards already played, in order. The played cards are
replayed and checked: a card not in the hand of the player to move, or a revoke, is an error.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analysis.game.cards import SEATS, card_text
from analysis.errors import EuchreError
from analysis.game.rules import legal_cards, trick_winner
from analysis.game.cards import active_seats, default_leader, effective_suit, next_active, side_of


@dataclass
class PlayState:
    """Where play stands: cards left in each hand, the trick on the table, tricks won by side."""

    hands: list[frozenset]
    trump: int
    lone_seat: int | None            # the seat playing alone, None for none
    leader: int                      # who led (or is to lead) the current trick
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) on the table
    won: list[int] = field(default_factory=lambda: [0, 0])      # tricks taken by AC, BD

    @property
    def finished(self) -> bool:
        return not self.trick and all(not self.hands[s] for s in active_seats(self.lone_seat))

    @property
    def to_move(self) -> int | None:
        if self.finished:
            return None
        if not self.trick:
            return self.leader
        return next_active(self.trick[-1][0], self.lone_seat)

    def legal(self) -> list[int]:
        seat = self.to_move
        if seat is None:
            return []
        led = effective_suit(self.trick[0][1], self.trump) if self.trick else None
        return sorted(legal_cards(self.hands[seat], led, self.trump))

    def play(self, card: int) -> None:
        """Play ``card`` for the player to move, checking that it is his and that it follows suit."""
        seat = self.to_move
        if seat is None:
            raise EuchreError(f"card {card_text(card)} played after the hand is over")
        if card not in self.hands[seat]:
            raise EuchreError(f"card {card_text(card)} is not in {SEATS[seat]}'s hand")
        if card not in self.legal():
            led = card_text(self.trick[0][1])
            raise EuchreError(f"{SEATS[seat]} revokes: {card_text(card)} does not follow {led} and he can follow")
        self.hands[seat] = self.hands[seat] - {card}
        self.trick.append((seat, card))
        if len(self.trick) == len(active_seats(self.lone_seat)):
            winner = trick_winner(self.trick, self.trump)
            self.won[side_of(winner)] += 1
            self.leader = winner
            self.trick = []


def start(hands, trump: int, leader: int | None = None, lone_seat: int | None = None, played=()) -> PlayState:
    """The state after replaying ``played`` from the start of play (hands as lists of card ids)."""
    if lone_seat is not None and lone_seat < 0:
        lone_seat = None
    if leader is None:
        leader = default_leader(lone_seat)
    if lone_seat is not None and leader == (lone_seat ^ 2):
        raise EuchreError(f"{SEATS[leader]} cannot lead: he sits out while his partner plays alone")
    active = active_seats(lone_seat)
    sizes = {len(hands[s]) for s in active}
    if len(sizes) != 1:
        raise EuchreError("the hands of the players who play must all hold the same number of cards")
    state = PlayState(
        hands=[frozenset(h) if s in active else frozenset() for s, h in enumerate(hands)],
        trump=trump, lone_seat=lone_seat, leader=leader,
    )
    for card in played:
        state.play(card)
    return state


def _value(state_key, trump: int, lone_seat: int | None, memo: dict) -> int:
    """Tricks side AC takes from here to the end of the hand, under best play by both sides."""
    if state_key in memo:
        return memo[state_key]
    hands, leader, trick = state_key
    active = active_seats(lone_seat)
    if len(trick) == len(active):
        winner = trick_winner(trick, trump)
        value = (side_of(winner) == 0) + _value((hands, winner, ()), trump, lone_seat, memo)
    elif not trick and not hands[leader]:
        value = 0
    else:
        seat = next_active(trick[-1][0], lone_seat) if trick else leader
        led = effective_suit(trick[0][1], trump) if trick else None
        values = []
        for card in legal_cards(hands[seat], led, trump):
            rest = hands[:seat] + (hands[seat] - {card},) + hands[seat + 1:]
            values.append(_value((rest, leader, trick + ((seat, card),)), trump, lone_seat, memo))
        value = max(values) if side_of(seat) == 0 else min(values)
    memo[state_key] = value
    return value


@dataclass
class Solution:
    tricks: dict[str, int]                  # whole hand, tricks already played included
    to_move: int | None = None
    moves: dict[int, int] | None = None     # AC's tricks in the whole hand after each legal card


def solve_state(state: PlayState, analyse: bool = False) -> Solution:
    memo: dict = {}
    key = (tuple(state.hands), state.leader, tuple(state.trick))
    ac = state.won[0] + _value(key, state.trump, state.lone_seat, memo)
    remaining = max(len(state.hands[s]) for s in active_seats(state.lone_seat))
    total = state.won[0] + state.won[1] + remaining
    solution = Solution(tricks={"AC": ac, "BD": total - ac})
    if analyse:
        solution.to_move = state.to_move
        solution.moves = {}
        for card in state.legal():
            child = PlayState(list(state.hands), state.trump, state.lone_seat, state.leader, list(state.trick), list(state.won))
            child.play(card)
            ckey = (tuple(child.hands), child.leader, tuple(child.trick))
            solution.moves[card] = child.won[0] + _value(ckey, state.trump, state.lone_seat, memo)
    return solution


def solve(hands, trump: int, leader: int | None = None, lone_seat: int | None = None, played=(),
          analyse: bool = False) -> Solution:
    """Tricks each side takes in the whole hand under best play; optionally each legal card's value."""
    return solve_state(start(hands, trump, leader, lone_seat, played), analyse)

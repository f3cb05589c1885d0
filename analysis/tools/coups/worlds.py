"""The coup player's side of the table: what he knows, and the worlds consistent with it.

At a card of the play a player knows his own hand, the turn-up in the dealer's hand, the cards
played so far and by whom, and every void shown (a player who did not follow the suit led holds
none of it). Those are exact constraints, and the worlds are drawn uniformly among the deals that
meet them, as every table-side player draws his (:mod:`analysis.play.worlds`). What the calls tell is
softer: each call heard becomes a predicate on a world, and only the worlds the predicate accepts
are kept.

A world is the four hands at the start of play, so it replays the play so far legally.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from analysis.bidding import BookPolicy, Call, Situation, call_word
from analysis.game.cards import mask_of, pack_cards
from analysis.tools.coups.cases import Case, call_holds
from analysis.errors import EuchreError
from analysis.play.information import InfoSet, info_from_state
from analysis.play.worlds import start_of_play_worlds
from analysis.game import Score
from analysis.game.cards import effective_suit, is_trump, trump_order

World = list[list[int]]          # the four hands at the start of play
Accept = Callable[[World], bool]


@dataclass
class Knowledge:
    """What a player knows at a card of the play, as constraints on a world."""

    player: int
    fixed: list[list[int]]          # cards known to be (or have been) in each seat's hand
    need: list[int]                 # further cards each seat holds, unknown to the player
    voids: list[int]                # per seat: bitmask of effective suits he showed out of
    pool: list[int]                 # the cards the player cannot place
    played: list[list[int]]         # the cards each seat has played so far
    info: InfoSet                   # the same knowledge as the play's information set


def knowledge(case: Case, player: int, after: Sequence[int]) -> Knowledge:
    """The player's knowledge after ``after``: his hand, the turn-up, the cards played, the voids."""
    state = case.start()
    played_by: list[list[int]] = [[] for _ in range(4)]
    voids = [0, 0, 0, 0]
    order = []
    for card in after:
        seat = state.to_move
        order.append((seat, card))
        if state.trick:
            led = effective_suit(state.trick[0][1], case.trump)
            if effective_suit(card, case.trump) != led:
                voids[seat] |= 1 << led
        played_by[seat].append(card)
        state.play(card)
    fixed = [list(played_by[s]) for s in range(4)]
    fixed[player] = list(case.hands[player])
    if case.turn_up not in fixed[0]:
        fixed[0].append(case.turn_up)  # the dealer took it up; everyone saw it
    known = {c for f in fixed for c in f}
    pool = [c for c in pack_cards(32) if c not in known]
    need = [5 - len(fixed[s]) for s in range(4)]
    lone = -1 if case.lone_seat is None else case.lone_seat
    info = info_from_state(player, mask_of(case.hands[player]), order, case.trump, case.maker, lone, case.turn_up,
                           True, leader=case.leader)
    return Knowledge(player, fixed, need, voids, pool, played_by, info)


def player_worlds(k: Knowledge, trump: int, n: int, seed: int, accept: Accept | None = None) -> tuple[list[World], int]:
    """``n`` worlds the player could believe in: drawn uniformly among those consistent with his
    knowledge ``k`` and accepted by ``accept``.

    Returns (worlds, candidates): the candidates are the worlds consistent with ``k`` that
    ``accept`` judged (``n`` without it), so ``len(worlds) / candidates`` is the acceptance of
    the calls. The worlds are the play's (:func:`analysis.play.worlds.start_of_play_worlds`): the
    played cards are out of play, each seat holds 5 less what he has played, the player's
    remaining cards and the dealer's turn-up (if unplayed) are fixed, every shown void is a
    constraint, and a lone player's partner is dealt from the undealt cards (his calls still
    speak of his hand). A world is each seat's sampled cards plus the cards he played. The same
    seed gives the same worlds.
    """
    if trump != k.info.trump:
        raise EuchreError(f"the worlds of this knowledge have trump {k.info.trump}, not {trump}")
    return start_of_play_worlds(k.info, n, seed, accept=accept, deal_sitting_out=True)


# --- the calls as predicates on a world -------------------------------------------------------

def call_predicate(case: Case, calls: Sequence[tuple[int, str]], player: int) -> Accept:
    """The calls the player heard (his own excepted), each read by :func:`call_holds`, as one predicate."""
    others = [(s, c) for s, c in calls if s != player and c != "pass"]

    def accept(world: World) -> bool:
        return all(call_holds(c, world[s], case.trump) for s, c in others)
    return accept


def _action(seat: int, call: str) -> str:
    """A case's call ("pass", "order", "assist", "adopt") as the bidding's action: the seat's word for a call."""
    return "pass" if call == "pass" else call_word(seat)


def book_call_predicate(case: Case, calls: Sequence[tuple[int, str]], player: int) -> Accept:
    """The calls the player heard as the book policy's decisions (analysis.bidding.book_policy).

    Each call of a player other than the coup player must be what the book policy would call
    with that player's hand in that world, at the case's score, after the calls before it. The
    dealer's hand before his discard is not known (the book never prints the discard), so his
    taking up is judged by the stand-in reading, and his lone hand by the policy's judgement of
    the five cards he plays with (L7: an assisted dealer by the lighter standard).
    """
    policy = BookPolicy()
    score = Score(*case.score_points)
    steps = []
    history: list[Call] = []
    for seat, call in calls:
        steps.append((seat, call, tuple(history)))
        if call == "alone":
            if history and history[-1].seat == seat:
                history[-1] = Call(seat, history[-1].action, is_lone=True)
            else:
                history.append(Call(seat, call_word(seat), is_lone=True))
        else:
            history.append(Call(seat, _action(seat, call)))

    def accept(world: World) -> bool:
        for seat, call, before in steps:
            if seat == player:
                continue
            hand = mask_of(world[seat])
            sit = Situation(seat=seat, hand=hand, turn_up=case.turn_up, round=1, score=score.seat(seat),
                            calls=before, trump=case.trump)
            if seat == 0:
                if call == "alone":
                    if not policy.lone_hand(sit, hand, with_assistance=sit.partner_called):
                        return False
                elif not call_holds(call, world[seat], case.trump):
                    return False
                continue
            if call == "alone":
                if not policy.alone(sit):
                    return False
            elif policy.first_round(sit) != _action(seat, call):
                return False
        return True
    return accept


# --- inferences from the play -----------------------------------------------------------------

INFERENCE_TEXT = {"first-lead-top-trump": "the leader of the first trick, leading a trump, led his highest trump"}


def inference_holds(name: str, world: World, case: Case, after: Sequence[int]) -> bool:
    """A named inference from the play, as a predicate on a world."""
    if name == "first-lead-top-trump":
        # The leader of trick one, leading a trump, led his highest one.
        if not after or not is_trump(after[0], case.trump):
            return True
        first = after[0]
        return all(trump_order(c, case.trump) <= trump_order(first, case.trump)
                   for c in world[case.leader] if is_trump(c, case.trump))
    raise EuchreError(f"unknown inference {name!r}: known are {', '.join(INFERENCE_TEXT)}")

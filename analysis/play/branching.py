"""A hand branched where a card-play rule applies: the book's card against the card it warns against.

The card-play template of the primary tests. Every seat plays table-side PIMC reading the calls
(playing for the hand's points). The hand is played to the *first* position where a rule applies.
There, if the legal cards of the seat to move hold both a card the rule prescribes (``P``) and a
card it warns against (``W``) that is not equivalent to a card of ``P`` (of the same suit, with
every card between them in his hand or played: the two arms would differ in name only), the hand
branches: the book's arm plays PIMC's best card within ``P``, the other arm PIMC's best card within
``W`` (each valued over the same worlds, those the player to move draws there); the rest of the
hand is played by the same players in both arms, compiled (:func:`analysis.play.pimc.pimc_hands`
with the cards before the branch and the branch's card forced, and the deals whose calls misled the
players before it marked so). Hands where no position arises, or where at the first one ``P`` or
``W`` holds no such legal card, are not branched.

The play company (``others``): every seat PIMC as above (:data:`EVERY_SEAT`, compiled), or
:data:`BOOK_RULES`: the decider (the seat the rule is about: its ``seat``, or the opening leader for
an opening lead) PIMC reading the calls and the three other seats the book's card-play rules
(:class:`analysis.play.book.BookPlayer`), before the branch and after it, played card by card.

A rule is a function of the information set of the seat to move (:class:`InfoSet`) returning the
two masks ``(P, W)`` of cards, or None where it does not apply. A rule that applies only to the
opening lead says so (``opening_lead=True``): then no card is played before the branch. A rule may
also say, from one seat's cards and the calls at the start of play (``seat``, ``could``), in which
hands it can apply at all: only those are played to find its positions. The hands are played in
blocks, so that a cap on the positions stops the play as soon as it is reached.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from analysis.errors import EuchreError
from analysis.game.cards import effective_suit, pack_mask, trick_power
from analysis.game.primary import BOOK_RULES
from analysis.play.book import BookPlayer
from analysis.play.information import InfoSet, start_info, suit_masks
from analysis.game.rules import points_by_side
from analysis.play.pimc import PIMCPlayer, first_max, pimc_hands
from analysis.play.players import cards_of
from analysis.play.table import play_hand
from analysis.play.worlds import BiddingModel

PLAYS = 20      # the most cards of a hand
EVERY_SEAT = None       # the play company where every seat is PIMC reading the calls
PLAY_COMPANIES = (EVERY_SEAT, BOOK_RULES)
KEYS = ("hands", "trump", "lone_seat", "maker", "turn_up", "taken", "discard", "calls")


@dataclass(frozen=True)
class Rule:
    """A card-play rule as the template reads it: ``applies(info)`` gives (P, W) or None."""

    name: str
    applies: Callable[[InfoSet], tuple[int, int] | None]
    opening_lead: bool = False      # the rule can apply only to the hand's first card
    seat: int = -1                  # with ``could``: the seat whose cards at the start of play it reads
    could: Callable[[InfoSet], bool] | None = None   # can the rule apply in this hand at all (from the start)?


@dataclass(frozen=True)
class Branches:
    """The branched hands of a batch: for each, its row in the batch, the card number and seat of the
    branch, the two arms' cards, and the net points of the branching seat's side under each arm."""

    rows: np.ndarray
    card_number: np.ndarray
    seat: np.ndarray
    book_card: np.ndarray
    other_card: np.ndarray
    book_net: np.ndarray
    other_net: np.ndarray

    def __len__(self) -> int:
        return len(self.rows)


def hand_infos(table: dict, i: int, plays) -> list[InfoSet]:
    """The information set of the seat to move before each card of hand ``i`` played as ``plays``."""
    hands, lone = table["hands"][i], int(table["lone_seat"][i])
    active = [s for s in range(4) if lone < 0 or s != (lone ^ 2)]
    turn_up = int(table["turn_up"][i])
    discard = int(table["discard"][i])
    public = start_info(active[0], int(hands[active[0]]), int(table["trump"][i]), int(table["maker"][i]), lone,
                        turn_up if turn_up >= 0 else None, bool(table["taken"][i]),
                        discard if active[0] == 0 and discard >= 0 else None, tuple(table["calls"][i]),
                        table["pack"], None)
    left = [int(h) if s in active else 0 for s, h in enumerate(hands)]
    out = []
    for card in plays:
        seat = public.to_move
        if seat is None:
            break
        out.append(public if seat == public.player else
                   public.of(seat, left[seat], discard if seat == 0 and discard >= 0 else None))
        if card < 0:
            break
        left[seat] &= ~(1 << int(card))
        public = public.play(int(card))
    return out


def equivalent_to(info: InfoSet, cards: int) -> int:
    """The cards of the player's hand equivalent to a card of ``cards`` (a mask): of the same
    effective suit, with every card of the pack between them in power in his hand or played in an
    earlier trick (a card on the table between them decides this trick)."""
    trump, hand = info.trump, info.hand
    on_table = 0
    for _s, c in info.trick:
        on_table |= 1 << c
    known = hand | (info.gone() & ~on_table)
    out = 0
    for a in cards_of(cards):
        suit = effective_suit(a, trump)
        suit_cards = [c for c in cards_of(suit_masks(trump)[suit] & pack_mask(info.pack))]
        power = {c: trick_power(c, trump, suit) for c in suit_cards}
        for b in cards_of(hand & suit_masks(trump)[suit]):
            lo, hi = sorted((power[a], power[b]))
            if b != a and all(known >> c & 1 for c in suit_cards if lo < power[c] < hi):
                out |= 1 << b
    return out


def _subset(table: dict, rows) -> dict:
    return {k: (np.asarray(v)[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) if k != "pack" else v
            for k, v in table.items()}


def _could(table: dict, i: int, rule: Rule) -> bool:
    lone, seat = int(table["lone_seat"][i]), rule.seat
    if lone >= 0 and seat == lone ^ 2:
        return False
    turn_up, discard = int(table["turn_up"][i]), int(table["discard"][i])
    info = start_info(seat, int(table["hands"][i][seat]), int(table["trump"][i]), int(table["maker"][i]), lone,
                      turn_up if turn_up >= 0 else None, bool(table["taken"][i]),
                      discard if seat == 0 and discard >= 0 else None, tuple(table["calls"][i]), table["pack"], None)
    return bool(rule.could(info))


BLOCK = 256     # hands played at once to find positions


def branch(table: dict, rule: Rule, worlds: int, seed, model: BiddingModel, threads: int = 1,
           cap: int = 0, others: str | None = EVERY_SEAT) -> Branches:
    """The hands of ``table`` (the arguments of :func:`pimc_hands`: hands, trump, lone_seat, maker,
    turn_up, taken, discard, calls as lists or arrays of one value a hand, and ``pack``) branched
    where ``rule`` first applies, PIMC with ``worlds`` worlds from ``seed`` reading the calls under
    ``model`` and playing for the hand's points in every seat, or with ``others`` = BOOK_RULES in
    the decider's seat only; ``cap`` > 0: only the first ``cap`` positions found (the hands are
    independent, so the first are a random sample of them)."""
    n = len(table["hands"])
    if n and (np.asarray(table["maker"]) < 0).any():
        raise EuchreError("branching plays for the hand's points: every hand needs its maker")
    if others not in PLAY_COMPANIES:
        raise EuchreError(f"the play company is every seat PIMC (None) or {BOOK_RULES!r}, not {others!r}")
    if others == BOOK_RULES and not rule.opening_lead and rule.seat < 0:
        raise EuchreError(f"rule {rule.name}: the book's rules in the other seats need the rule's seat (the decider)")
    rows = np.arange(n)
    if rule.could is not None:
        rows = np.array([i for i in range(n) if _could(table, i, rule)], np.int64)
    found = []
    for start in range(0, len(rows), BLOCK):
        block = rows[start:start + BLOCK]
        found += _positions(_subset(table, block), block, rule, worlds, seed, model, threads, others)
        if cap and len(found) >= cap:
            found = found[:cap]
            break
    return _play_arms(table, found, worlds, seed, model, threads, others)


def _positions(table: dict, rows: np.ndarray, rule: Rule, worlds: int, seed, model, threads, others) -> list:
    """The first position of each hand of ``table`` (its rows ``rows`` of the whole batch) where the
    rule applies and both sets hold a legal card: (row, card number, information set there, the two
    legal sets, the cards played before it, the card from which the calls misled the players, and
    the hand's number in the block, which keys the worlds of its decisions)."""
    n = len(table["hands"])
    misled = [PLAYS] * n
    if rule.opening_lead:
        plays = np.full((n, PLAYS), -1, np.int8)
    elif others == BOOK_RULES:     # played only up to the decider's first position: the rest is the arms'
        plays, misled, _won = played_with_the_book(table, [rule.seat] * n, worlds, seed, model,
                                                    stop=lambda info: info.player == rule.seat
                                                    and rule.applies(info) is not None)
    else:
        plays, _won, _d, contradicted = pimc_hands(worlds=worlds, seed=seed, pack=table["pack"], model=model,
                                                   points=True, threads=threads, **{k: table[k] for k in KEYS})
        for deal, card, _seat in contradicted:      # from that card on the players read the cards alone
            misled[deal] = min(misled[deal], card)
    found = []
    for i in range(n):
        for k, info in enumerate(hand_infos(table, i, plays[i][:1] if rule.opening_lead else plays[i])):
            masks = rule.applies(info)
            if masks is None:
                continue
            if others == BOOK_RULES and not rule.opening_lead and info.player != rule.seat:
                break       # a rule of one seat (every seat rule so far checks it): no position in this hand
            legal = info.legal()
            book, other = masks[0] & legal, masks[1] & legal
            other &= ~equivalent_to(info, book)
            if book and other and not book & other:
                found.append((int(rows[i]), k, info, book, other, plays[i, :k].copy(), misled[i], i))
            break
    return found


def played_with_the_book(table: dict, deciders, worlds: int, seed, model, forced=None, misled=(), stop=None,
                         careful: int = 0):
    """Each hand of ``table`` played card by card, its decider (``deciders``, a seat a hand) PIMC
    reading the calls (``careful``: carefully, :class:`PIMCPlayer`'s) and the three other seats by
    the book's card-play rules; ``forced``: None or
    the cards to play as given, by card number (-1: the player decides); ``misled``: the hands whose
    calls misled the decider already; ``stop``: where to end a hand (:func:`play_hand`). Returns
    (plays (N, 20), the card of each hand from which the calls misled the decider (20: never), the
    tricks of AC and BD (N, 2))."""
    n = len(table["hands"])
    pimc, book = PIMCPlayer(worlds, seed, model, fallback=True, points=True, careful=careful), BookPlayer()
    pimc.misled_on(misled)
    plays, won = np.full((n, PLAYS), -1, np.int8), np.zeros((n, 2), np.int64)
    for i in range(n):
        turn_up, discard = int(table["turn_up"][i]), int(table["discard"][i])
        got, won[i] = play_hand(table["hands"][i], int(table["trump"][i]),
                                [pimc if s == deciders[i] else book for s in range(4)], int(table["lone_seat"][i]),
                                int(table["maker"][i]), None, turn_up if turn_up >= 0 else None,
                                bool(table["taken"][i]), discard if discard >= 0 else None, tuple(table["calls"][i]),
                                table["pack"], i, () if forced is None else tuple(int(c) for c in forced[i]),
                                stop)
        plays[i, :len(got)] = [c for _s, c in got]
    first_misled = [PLAYS] * n
    for deal, card, _seat in pimc.contradicted:
        first_misled[deal] = min(first_misled[deal], card)
    return plays, first_misled, won


def _play_arms(table: dict, found: list, worlds: int, seed, model, threads, others=EVERY_SEAT) -> Branches:
    """Each position's two cards, PIMC's best within each set over the worlds of the player there,
    and each arm played on from it by the same players."""
    if not found:
        empty = np.zeros(0, np.int64)
        return Branches(empty, empty, empty, empty, empty, empty, empty)
    rows = np.array([f[0] for f in found], np.int64)
    number = np.array([f[1] for f in found], np.int64)
    seats = np.array([f[2].player for f in found], np.int64)
    chosen = np.zeros((len(found), 2), np.int64)
    for j, (_row, k, info, book, other, _before, misled, deal) in enumerate(found):
        # the worlds the player there drew in the block's play: the same key (deal, card number, seat)
        player = PIMCPlayer(worlds, seed, model, fallback=True, points=True)
        values = player.values_at(info, (deal, k, info.player), misled=misled <= k)
        chosen[j] = first_max(cards_of(book), values), first_max(cards_of(other), values)
    sub = _subset({k: table[k] for k in KEYS}, rows)
    misled = np.array([f[6] <= f[1] for f in found])        # the calls misled them before the branch
    maker, lone = np.asarray(sub["maker"], np.int64), np.asarray(sub["lone_seat"], np.int64)
    side = seats & 1
    nets = []
    for arm in range(2):
        forced = np.full((len(found), PLAYS), -1, np.int8)
        for j, (_row, k, _info, _b, _o, before, _m, _deal) in enumerate(found):
            forced[j, :k] = before
            forced[j, k] = chosen[j, arm]
        if others == BOOK_RULES:
            _p, _m, won = played_with_the_book({**sub, "pack": table["pack"]}, seats, worlds, seed, model,
                                                forced, np.flatnonzero(misled))
        else:
            _p, won, _d, _c = pimc_hands(worlds=worlds, seed=seed, pack=table["pack"], model=model, points=True,
                                         threads=threads, forced=forced, misled=misled, **sub)
        points = points_by_side(maker, lone, won[np.arange(len(found)), maker & 1]).astype(np.int64)
        nets.append(points[np.arange(len(found)), side] - points[np.arange(len(found)), side ^ 1])
    return Branches(rows, number, seats, chosen[:, 0], chosen[:, 1], nets[0], nets[1])

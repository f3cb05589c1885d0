"""What is known about a deal, and the plan the sampler follows to deal uniformly around it.

A deal gives each seat A B C D its hand (five cards, or fewer in the middle of the play), turns
one card up, and leaves the rest undealt. :class:`Constraints` says what a player knows:

- ``hands``: cards fixed in a seat's hand (a whole hand or part of one);
- ``turn_up``: the turned-up card (it is in no hand, unless ``taken``: the dealer A took it up,
  and it then counts as one of A's cards);
- ``out``: cards out of play (played to a trick, or the dealer's discard as the dealer knows it).
  Out of play means gone: such a card is in no hand, is not the turn-up and is not among the
  undealt ``rest`` of a sampled deal;
- ``voids``: (seat, suit, trump): the seat holds no card whose *effective* suit is ``suit`` when
  ``trump`` is trumps (a void in trumps excludes the left bower; a void in the left bower's
  printed suit does not);
- ``somewhere``: (cards, seats): each of these cards is in the hand of one of these seats;
- ``hand_sizes``: how many cards each seat holds (default 5 each; fewer in mid-hand worlds,
  where the cards a seat has played are ``out``).

The sampler deals uniformly over every deal consistent with these constraints, by construction:
each unseen card may go to a set of places (the four hands, the turn-up, the undealt rest);
cards with the same set form a class; :meth:`Constraints.plan` counts the completions of every
split of a class among its places by dynamic programming over the classes, so the kernel picks
each class's split with its exact share of the deals and then shuffles the class's cards into
the places. Counts are exact integers; the split probabilities are rounded to 2**-64.

Cards are ids (suit * 8 + rank, ranks 7 8 9 T J Q K A, suits S C H D), seats 0..3 or A..D.
"""
from __future__ import annotations

import collections
import functools
import itertools
import math
from collections.abc import Iterable, Mapping

import numpy as np

from fastcore.errors import EuchreError
from fastcore.vocabulary import (
    SEATS, SUIT_NAMES, SUITS, card_text, cards_text, effective_suit_mask, mask_cards, pack_mask,
)

TURN, REST = 4, 5  # the places besides the four seats
N_PLACES = 6
PLACE_NAMES = ("A", "B", "C", "D", "the turn-up", "the undealt cards")


def _one_of_four(value, letters: str, kind: str, what: str) -> int:
    """A seat or suit given as its index 0..3 or its letter in ``letters``."""
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().upper() in letters:
        return letters.index(value.strip().upper())
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < 4:
        return int(value)
    raise EuchreError(f"{what}: {value!r} is not a {kind} (0..3 or {', '.join(letters)})")


def _seat(value, what: str) -> int:
    return _one_of_four(value, SEATS, "seat", what)


def _suit(value, what: str) -> int:
    return _one_of_four(value, SUITS, "suit", what)


def _card(value, what: str) -> int:
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < 32:
        return int(value)
    raise EuchreError(f"{what}: {value!r} is not a card id (0..31, suit * 8 + rank)")


def _card_mask(cards, what: str) -> int:
    """A set of card ids (an iterable of ids, or a mask given as a Python int) as a mask."""
    if cards is None:
        return 0
    if isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
        raise EuchreError(f"{what}: give a list of card ids, not the single number {cards!r}")
    if not isinstance(cards, Iterable) or isinstance(cards, str):
        raise EuchreError(f"{what}: give a list of card ids, not {cards!r}")
    mask = 0
    for value in cards:
        card = _card(value, what)
        if mask >> card & 1:
            raise EuchreError(f"{what}: card {card_text(card)} appears twice")
        mask |= 1 << card
    return mask


def _seats_text(seat_mask: int) -> str:
    return ", ".join(SEATS[s] for s in range(4) if seat_mask >> s & 1)


class Constraints:
    """What is known about a deal (see the module's notes). Cards are ids, seats 0..3 or A..D.

    ``hands`` maps a seat to its fixed cards (or is a sequence of four card lists);
    ``voids`` is a list of (seat, suit, trump); ``somewhere`` a list of (cards, seats).
    The object is checked against a pack when a plan is made (the sampler does that first),
    and a contradiction raises EuchreError saying which constraint cannot hold.
    """

    def __init__(self, hands=None, turn_up=None, out=(), voids=(), somewhere=(), hand_sizes=(5, 5, 5, 5),
                 taken: bool = False):
        fixed = [0, 0, 0, 0]
        if hands is not None:
            if isinstance(hands, Mapping):
                items = [(_seat(k, "hands"), v) for k, v in hands.items()]
            elif isinstance(hands, Iterable) and not isinstance(hands, str):
                given = list(hands)
                if len(given) != 4:
                    raise EuchreError(f"hands: give four card lists (A, B, C, D) or a mapping seat -> cards, not {len(given)}")
                items = list(enumerate(given))
            else:
                raise EuchreError(f"hands must map seats to card lists, not {hands!r}")
            for seat, cards in items:
                fixed[seat] |= _card_mask(cards, f"hand {SEATS[seat]}")
        self.fixed = tuple(fixed)
        self.turn_up = None if turn_up is None else _card(turn_up, "turn_up")
        self.out = _card_mask(out, "out of play")
        self.voids = tuple((_seat(s, "void"), _suit(e, "void suit"), _suit(t, "void trump")) for s, e, t in voids)
        where = []
        for cards, seats in somewhere:
            if isinstance(seats, str):
                seats = list(seats.replace(",", " ").replace(" ", ""))
            elif not isinstance(seats, Iterable):
                seats = [seats]
            seat_mask = 0
            for s in seats:
                seat_mask |= 1 << _seat(s, "somewhere")
            if not seat_mask:
                raise EuchreError("somewhere: give at least one seat for each set of cards")
            where.append((_card_mask(cards, "somewhere"), seat_mask))
        self.somewhere = tuple(where)
        sizes = tuple(hand_sizes)
        if len(sizes) != 4 or not all(isinstance(k, (int, np.integer)) and not isinstance(k, bool) and 0 <= k <= 5
                                      for k in sizes):
            raise EuchreError(f"hand_sizes must be four whole numbers from 0 to 5 (A, B, C, D), not {hand_sizes!r}")
        self.hand_sizes = tuple(int(k) for k in sizes)
        if taken and self.turn_up is None:
            raise EuchreError("taken=True says the dealer took up the turn-up: give the turn_up card too")
        self.taken = bool(taken)
        self._plans: dict[int, Plan] = {}

    def __repr__(self):
        parts = [f"{SEATS[s]}={cards_text(m)!r}" for s, m in enumerate(self.fixed) if m]
        if self.turn_up is not None:
            parts.append(f"turn_up={card_text(self.turn_up)}" + (" (taken)" if self.taken else ""))
        if self.out:
            parts.append(f"out={cards_text(self.out)!r}")
        parts += [f"void {SEATS[s]} {SUITS[e]}:{SUITS[t]}" for s, e, t in self.voids]
        parts += [f"{cards_text(m)!r} in {_seats_text(sm)}" for m, sm in self.somewhere]
        if self.hand_sizes != (5, 5, 5, 5):
            parts.append(f"hand_sizes={self.hand_sizes}")
        return f"Constraints({', '.join(parts)})"

    def plan(self, pack: int = 32) -> "Plan":
        """The sampling plan for this pack (made once, then cached); raises on a contradiction."""
        if pack not in self._plans:
            self._plans[pack] = _make_plan(self, pack)
        return self._plans[pack]

    def count(self, pack: int = 32) -> int:
        """The number of deals consistent with the constraints (an exact integer)."""
        return self.plan(pack).count


class Plan:
    """Tables for the kernel: fixed cards, the classes of unseen cards and the split tree.

    The split tree has one node per (class, capacities left); a node's splits give how many of
    the class's cards go to each place, the next node, and a 64-bit threshold such that a random
    64-bit word below it (and not below the previous one) picks the split.
    """

    def __init__(self, pack, fixed, turn_up, out, classes, nodes, splits, count):
        self.pack = pack
        self.pack_mask = pack_mask(pack)
        self.fixed = np.array(fixed, dtype=np.uint32)
        self.turn_up = -1 if turn_up is None else turn_up
        self.out = out
        self.class_start = np.array([0] + list(itertools.accumulate(len(c) for c in classes)), dtype=np.int32)
        self.class_cards = np.array([c for cls in classes for c in cls] or [0], dtype=np.int8)
        self.n_classes = len(classes)
        self.node_first = np.array([n[0] for n in nodes] or [0], dtype=np.int32)
        self.node_count = np.array([n[1] for n in nodes] or [0], dtype=np.int32)
        self.split_threshold = np.array([s[0] for s in splits] or [0], dtype=np.uint64)
        self.split_next = np.array([s[1] for s in splits] or [0], dtype=np.int32)
        self.split_places = np.array([s[2] for s in splits] or [[0] * N_PLACES], dtype=np.int8).reshape(-1, N_PLACES)
        self.count = count


@functools.lru_cache(maxsize=None)
def _multinomial(parts) -> int:
    out, total = 1, 0
    for k in parts:
        total += k
        out *= math.comb(total, k)
    return out


def _make_plan(con: Constraints, pack: int) -> Plan:
    pm = pack_mask(pack)
    fixed = list(con.fixed)
    out = con.out
    turn = con.turn_up
    what = {}  # card -> description of where a constraint puts it, for the messages

    def name(card):
        return card_text(card)

    # Every card named must be in the pack.
    named = [(m, f"hand {SEATS[s]}") for s, m in enumerate(fixed)] + [(out, "out of play")]
    named += [(1 << turn, "the turn-up")] if turn is not None else []
    named += [(m, "the cards known to be in " + _seats_text(sm)) for m, sm in con.somewhere]
    for mask, label in named:
        outside = mask & ~pm
        if outside:
            raise EuchreError(f"{label}: card {name(mask_cards(outside)[0])} is not in the {pack}-card pack (nine to ace)")

    # A card can be in one place only.
    for s, m in enumerate(fixed):
        for card in mask_cards(m):
            if card in what:
                raise EuchreError(f"contradictory constraints: card {name(card)} is fixed in both {what[card]} and hand {SEATS[s]}")
            what[card] = f"hand {SEATS[s]}"
    for card in mask_cards(out):
        if card in what:
            raise EuchreError(f"contradictory constraints: card {name(card)} is fixed in {what[card]} but is also out of play")
        what[card] = "out of play"
    if turn is not None:
        where = what.get(turn)
        if con.taken:
            if where is not None and where not in ("hand A", "out of play"):
                raise EuchreError(f"contradictory constraints: the turn-up {name(turn)} was taken up by the dealer A "
                                  f"but is fixed in {where}")
            if where is None:
                fixed[0] |= 1 << turn  # the dealer holds it: one of A's cards
                what[turn] = "hand A"
        elif where is not None:
            raise EuchreError(f"contradictory constraints: the turn-up {name(turn)} is also {'in ' if where.startswith('hand') else ''}"
                              f"{where} (the turn-up is in no hand: say taken=True if the dealer took it up)")
        else:
            what[turn] = "the turn-up"

    sizes = con.hand_sizes
    for s in range(4):
        k = bin(fixed[s]).count("1")
        if k > sizes[s]:
            raise EuchreError(f"contradictory constraints: hand {SEATS[s]} has {k} fixed cards "
                              f"({cards_text(fixed[s])}) but holds only {sizes[s]}")

    # Voids: the cards each seat cannot hold.
    barred = [0, 0, 0, 0]
    for s, e, t in con.voids:
        m = effective_suit_mask(e, t) & pm
        clash = m & fixed[s]
        if clash:
            raise EuchreError(f"contradictory constraints: hand {SEATS[s]} holds {name(mask_cards(clash)[0])} "
                              f"but is void in {SUIT_NAMES[e]} (trumps {SUIT_NAMES[t]})")
        barred[s] |= m

    all_fixed = fixed[0] | fixed[1] | fixed[2] | fixed[3]
    unseen = pm & ~(all_fixed | out | (1 << turn if turn is not None else 0))
    cap = [sizes[s] - bin(fixed[s]).count("1") for s in range(4)]
    cap.append(0 if turn is not None else 1)
    n_unseen = bin(unseen).count("1")
    cap.append(n_unseen - sum(cap))
    if cap[REST] < 0:
        raise EuchreError(f"contradictory constraints: the hands{' and the turn-up' if cap[TURN] else ''} need "
                          f"{sum(cap[:5])} more cards but only {n_unseen} unseen cards are left in the pack")

    # The places each unseen card may go to.
    allowed = {}
    for card in mask_cards(unseen):
        places = 0
        for s in range(4):
            if cap[s] > 0 and not barred[s] >> card & 1:
                places |= 1 << s
        if cap[TURN]:
            places |= 1 << TURN
        places |= 1 << REST
        allowed[card] = places
    for m, seat_mask in con.somewhere:
        for card in mask_cards(m):
            if card in allowed:
                allowed[card] &= seat_mask
                if not allowed[card]:
                    raise EuchreError(f"contradictory constraints: card {name(card)} is known to be in "
                                      f"{_seats_text(seat_mask)}, but none of them can hold it (void or hand full)")
            else:
                where = what[card]
                if not (where.startswith("hand") and seat_mask >> SEATS.index(where[-1]) & 1):
                    raise EuchreError(f"contradictory constraints: card {name(card)} is known to be in "
                                      f"{_seats_text(seat_mask)} but is {'in ' if where.startswith('hand') else ''}{where}")

    _check_room(allowed, cap)

    # Classes: the largest last, since the last class's split is forced by what is left.
    groups: dict[int, list[int]] = {}
    for card, places in allowed.items():
        groups.setdefault(places, []).append(card)
    keys = sorted(groups, key=lambda p: (len(groups[p]), p))
    classes = [groups[k] for k in keys]
    nodes, splits, count = _split_tree(classes, keys, cap)
    if count == 0:  # _check_room should have said why; this is the safety net
        raise EuchreError("contradictory constraints: no deal satisfies them all")
    return Plan(pack, fixed, turn, out, classes, nodes, splits, count)


def _check_room(allowed: dict[int, int], cap: list[int]) -> None:
    """Hall's condition: every set of places can be filled, and no set of cards is crammed."""
    for r in range(1, N_PLACES + 1):
        for group in itertools.combinations(range(N_PLACES), r):
            q = sum(1 << p for p in group)
            room = sum(cap[p] for p in group)
            can = sum(1 for places in allowed.values() if places & q)
            must = sum(1 for places in allowed.values() if places & ~q == 0)
            names = " and ".join(PLACE_NAMES[p] if p >= 4 else f"hand {PLACE_NAMES[p]}" for p in group)
            if can < room:
                raise EuchreError(f"contradictory constraints: {names} must still receive {room} cards "
                                  f"but only {can} unseen cards may go there (voids, seat sets, fixed cards)")
            if must > room:
                raise EuchreError(f"contradictory constraints: {must} unseen cards can only be in {names}, "
                                  f"which {'has' if r == 1 else 'have'} room for {room}")


def _split_tree(classes, keys, cap):
    """Count completions by DP over the classes and lay out the reachable split nodes."""
    n = len(classes)
    sizes = [len(c) for c in classes]
    suffix = list(itertools.accumulate(reversed(sizes)))[::-1] + [0]
    memo: dict[tuple, int] = {}

    def splits_of(c, state):
        # state: room left in places 0..4; the undealt rest takes whatever the classes leave.
        m, places = sizes[c], keys[c]
        rest_room = suffix[c] - sum(state)
        if c == n - 1:
            x = list(state) + [rest_room]
            if all(x[p] == 0 or places >> p & 1 for p in range(N_PLACES)) and rest_room >= 0:
                return [tuple(x)]
            return []
        ranges = [range(0, min(state[p], m) + 1) if places >> p & 1 else range(1) for p in range(5)]
        out = []
        for x in itertools.product(*ranges):
            left = m - sum(x)
            if left < 0 or (left and not places >> REST & 1) or left > rest_room:
                continue
            out.append(x + (left,))
        return out

    options_of: dict[tuple, list] = {}  # (class, state) -> [(weight, split, next state)], weight > 0

    def count(c, state):
        if c == n:
            return 1 if not any(state) else 0
        key = (c, state)
        if key not in memo:
            options = []
            for x in splits_of(c, state):
                nxt = tuple(state[p] - x[p] for p in range(5))
                w = count(c + 1, nxt)
                if w:
                    options.append((w * _multinomial(x), x, nxt))
            options_of[key] = options
            memo[key] = sum(w for w, _, _ in options)
        return memo[key]

    start = tuple(cap[:5])
    total = count(0, start) if n else (1 if not any(start) else 0)
    nodes, splits = [], []
    index = {(0, start): 0}
    queue = collections.deque([(0, start)])
    while queue and n:
        c, state = queue.popleft()
        options = options_of[(c, state)]
        whole = memo[(c, state)]
        nodes.append((len(splits), len(options)))
        acc = 0
        for i, (w, x, nxt) in enumerate(options):
            acc += w
            threshold = (acc << 64) // whole if i < len(options) - 1 else (1 << 64) - 1
            if c + 1 < n:
                key = (c + 1, nxt)
                if key not in index:
                    index[key] = len(index)
                    queue.append(key)
                nxt_id = index[key]
            else:
                nxt_id = -1
            splits.append((min(threshold, (1 << 64) - 1), nxt_id, x))
    return nodes, splits, total


class Deals:
    """A batch of N deals as numpy arrays, seats in the order A B C D.

    ``hands`` (N, 4) uint32 card masks; ``turn_up`` (N,) int8 card id; ``rest`` (N,) uint32 mask
    of the undealt cards other than the turn-up (out-of-play cards are in none of these);
    ``cards`` (N, 4, 5) int8 card ids of each hand in increasing id order (suit S C H D, then
    rank 7..A), padded with -1 when a hand holds fewer than five cards.
    ``acceptance`` and ``candidates``: when an acceptance predicate was used, the share of the
    candidate deals it accepted and how many candidates it judged (None otherwise).
    """

    def __init__(self, hands, turn_up, rest, cards, pack=32, acceptance=None, candidates=None):
        self.hands = hands
        self.turn_up = turn_up
        self.rest = rest
        self.cards = cards
        self.pack = pack
        self.acceptance = acceptance
        self.candidates = candidates

    def __len__(self) -> int:
        return len(self.hands)

    def __getitem__(self, key) -> "Deals":
        if isinstance(key, (int, np.integer)):
            key = slice(key, key + 1 if key != -1 else None)
        return Deals(self.hands[key], self.turn_up[key], self.rest[key], self.cards[key], self.pack,
                     self.acceptance, self.candidates)

    def __repr__(self):
        return f"Deals(n={len(self)}, pack={self.pack})"

    def __str__(self) -> str:
        """The deals as cards, one a line: each seat's hand and the turn-up."""
        return "\n".join("  ".join([*(f"{seat}: {hand}" for seat, hand in d["hands"].items()),
                                    f"turn-up: {d['turn_up']}"]) for d in self.to_json())

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{x}</th>" for x in (*SEATS, "turn-up"))
        rows = "".join("<tr>" + "".join(f"<td>{x}</td>" for x in (*d["hands"].values(), d["turn_up"])) + "</tr>"
                       for d in self.to_json())
        return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"

    def deal_json(self, i: int) -> dict:
        """Deal ``i`` in the input form of ``euchrelab solve`` plus the turn-up:
        ``{"pack": 32, "hands": {"A": "9C JC AH KH 8S", ...}, "turn_up": "9C"}``, each hand in
        the order S C H D then 7 .. A."""
        hands = {SEATS[s]: " ".join(card_text(c) for c in self.hand(i, s)) for s in range(4)}
        return {"pack": self.pack, "hands": hands, "turn_up": card_text(int(self.turn_up[i]))}

    def to_json(self) -> list[dict]:
        """Every deal as :meth:`deal_json` gives it."""
        return [self.deal_json(i) for i in range(len(self))]

    @classmethod
    def empty(cls, pack=32) -> "Deals":
        return cls(np.zeros((0, 4), np.uint32), np.zeros(0, np.int8), np.zeros(0, np.uint32),
                   np.zeros((0, 4, 5), np.int8), pack)

    @classmethod
    def concat(cls, parts) -> "Deals":
        parts = list(parts)
        if not parts:
            return cls.empty()
        last = parts[-1]
        return cls(np.concatenate([p.hands for p in parts]), np.concatenate([p.turn_up for p in parts]),
                   np.concatenate([p.rest for p in parts]), np.concatenate([p.cards for p in parts]),
                   last.pack, last.acceptance, last.candidates)

    def hand(self, i: int, seat: int) -> list[int]:
        """The card ids of one hand of deal ``i``."""
        return [int(c) for c in self.cards[i, seat] if c >= 0]

    def equals(self, other: "Deals") -> bool:
        return (len(self) == len(other) and np.array_equal(self.hands, other.hands)
                and np.array_equal(self.turn_up, other.turn_up) and np.array_equal(self.rest, other.rest))

"""Hand patterns in the book's own words.

A pattern is a phrase of the General Remarks, such as ``"left, ace, and outside ace"``, read as
a list of terms joined by commas and "and". A hand matches a pattern under a trump suit when it
holds everything the terms ask for (patterns ask for *at least* what they name). Every term is
defined once, here, in the table ``TERMS`` and in docs/policies.md:

| term | meaning (under the trump suit in question) |
|---|---|
| right, left | the knave of trumps; the knave of the same colour |
| ace, king, queen | that card of trumps |
| two bowers | right and left |
| another | one more trump besides those named ("another" means "a small one": any trump will do) |
| two trumps, three trumps, four trumps, five trumps | at least that many trumps |
| two medium trumps, three medium trumps | at least that many trumps, the best of them adding up in trump order to at least ace, queen, ten (or queen, ten for two); the book's own example of "three medium trumps" is ace, queen, ten |
| two small ones | two trumps or more, none above the ten (no bower, ace, king or queen) |
| outside ace, two aces | one, two aces of plain suits |
| one suit | all the plain cards are of one suit |
| one suit headed by ace | one suit, and its ace is held |
| one suit of three headed by ace | one suit of three cards, its ace held |
| king queen of the third suit | king and queen of a plain suit other than the suit of a counted outside ace |
| short of a suit, short of two suits | void in at least one, two plain suits |

Trump order: right 8, left 7, ace 6, king 5, queen 4, ten 3, nine 2, eight 1, seven 0.
"Next" is the suit of the same colour as the turned-down card; "crossing the suit" is naming a
suit of the other colour (:func:`next_suit`, :func:`is_cross`).
"""
from __future__ import annotations

import re
import numpy as np
from dataclasses import dataclass
from functools import lru_cache

from analysis.errors import EuchreError
from analysis.game.cards import ACE, JACK, KING, QUEEN

RIGHT, LEFT, T_ACE, T_KING, T_QUEEN, T_TEN = 8, 7, 6, 5, 4, 3
MEDIUM_THREE = T_ACE + T_QUEEN + T_TEN   # ace, queen, ten: the book's "three medium trumps"
MEDIUM_TWO = T_QUEEN + T_TEN


def is_cross(suit: int, turned_down: int) -> bool:
    """Naming a suit of the other colour than the turn-down is "crossing the suit"."""
    return suit not in (turned_down, turned_down ^ 1)


_DESC = [tuple(r for r in range(7, -1, -1) if b >> r & 1) for b in range(256)]  # ranks in a suit byte


class Shape:
    """What the patterns look at: a hand seen under one trump suit."""

    __slots__ = ("trumps", "plain", "trump", "n_trumps", "held", "aces", "n_voids")

    def __init__(self, trumps: tuple[int, ...], plain: tuple[tuple[int, ...], ...], trump: int):
        self.trumps = trumps            # trump orders held, highest first
        self.plain = plain              # ranks held in each suit, highest first (empty for trumps)
        self.trump = trump
        self.n_trumps = len(trumps)
        self.held = sum(1 << t for t in trumps)
        self.aces = sum(1 for s in range(4) if s != trump and plain[s][:1] == (ACE,))
        self.n_voids = sum(1 for s in range(4) if s != trump and not plain[s])

    def plain_suits(self) -> list[int]:
        return [s for s in range(4) if s != self.trump]

    def outside_aces(self, exclude: int | None = None) -> int:
        if exclude is None:
            return self.aces
        return sum(1 for s in self.plain_suits() if s != exclude and ACE in self.plain[s])

    def voids(self) -> int:
        return self.n_voids


@lru_cache(maxsize=1 << 18)
def shape_of(mask: int, trump: int) -> Shape:
    """The shape of the hand ``mask`` (a card mask) under ``trump``."""
    tbyte = (mask >> (trump * 8)) & 0xFF
    trumps = [RIGHT] if tbyte & 0x10 else []
    if mask >> ((trump ^ 1) * 8 + JACK) & 1:
        trumps.append(LEFT)
    trumps.extend(r if r < JACK else r - 1 for r in _DESC[tbyte & ~0x10])
    plain = []
    for s in range(4):
        b = 0 if s == trump else (mask >> (s * 8)) & 0xFF
        if s == (trump ^ 1):
            b &= ~0x10
        plain.append(_DESC[b])
    return Shape(tuple(trumps), tuple(plain), trump)


# --- terms -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Need:
    """What a whole pattern needs, collected from its terms."""

    named: frozenset = frozenset()        # trump orders that must be held
    others: int = 0                       # trumps beyond the named ones ("another")
    min_trumps: int = 0
    medium: int = 0                       # 2 or 3: "two/three medium trumps"
    small_two: bool = False
    aces: int = 0
    one_suit: bool = False
    one_suit_ace: bool = False
    one_suit_len: int = 0
    king_queen_third: bool = False
    voids: int = 0

    def __post_init__(self):
        object.__setattr__(self, "named_bits", sum(1 << t for t in self.named))

    def __add__(self, other: "Need") -> "Need":
        return Need(
            named=self.named | other.named, others=self.others + other.others,
            min_trumps=max(self.min_trumps, other.min_trumps), medium=max(self.medium, other.medium),
            small_two=self.small_two or other.small_two, aces=self.aces + other.aces,
            one_suit=self.one_suit or other.one_suit, one_suit_ace=self.one_suit_ace or other.one_suit_ace,
            one_suit_len=max(self.one_suit_len, other.one_suit_len),
            king_queen_third=self.king_queen_third or other.king_queen_third, voids=max(self.voids, other.voids),
        )


TERMS: dict[str, Need] = {
    "right": Need(named=frozenset({RIGHT})),
    "left": Need(named=frozenset({LEFT})),
    "ace": Need(named=frozenset({T_ACE})),
    "king": Need(named=frozenset({T_KING})),
    "queen": Need(named=frozenset({T_QUEEN})),
    "two bowers": Need(named=frozenset({RIGHT, LEFT})),
    "another": Need(others=1),
    "two others": Need(others=2),
    "two trumps": Need(min_trumps=2),
    "three trumps": Need(min_trumps=3),
    "four trumps": Need(min_trumps=4),
    "five trumps": Need(min_trumps=5),
    "two medium trumps": Need(medium=2),
    "three medium trumps": Need(medium=3),
    "two small ones": Need(small_two=True),
    "outside ace": Need(aces=1),
    "two aces": Need(aces=2),
    "one suit": Need(one_suit=True),
    "one suit headed by ace": Need(one_suit=True, one_suit_ace=True),
    "one suit of three headed by ace": Need(one_suit=True, one_suit_ace=True, one_suit_len=3),
    "king queen of the third suit": Need(king_queen_third=True),
    "short of a suit": Need(voids=1),
    "short of two suits": Need(voids=2),
}


def _normalise(text: str) -> str:
    t = text.lower().replace("the turn-up", "").replace(";", ",").replace("  ", " ")
    t = re.sub(r"king,\s*queen of the third suit", "king queen of the third suit", t)
    t = re.sub(r"one suit,\s*headed by", "one suit headed by", t)
    t = re.sub(r"one suit of three,\s*headed by", "one suit of three headed by", t)
    t = t.replace("the ace", "ace").replace("headed by the ace", "headed by ace")
    return t


@lru_cache(maxsize=4096)
def parse_pattern(text: str) -> Need:
    """Read a pattern phrase into what it needs; an unknown term is an error naming it."""
    if not isinstance(text, str) or not text.strip():
        raise EuchreError(f"a pattern must be a phrase such as 'right and another', not {text!r}")
    need = Need()
    for part in re.split(r",|\band\b", _normalise(text)):
        term = " ".join(part.split())
        if not term:
            continue
        if term not in TERMS:
            raise EuchreError(f"unknown term {term!r} in pattern {text!r}; known terms: {', '.join(TERMS)}")
        need = need + TERMS[term]
    return need


def _satisfies(shape: Shape, need: Need) -> bool:
    if need.named_bits & ~shape.held:
        return False
    if shape.n_trumps < max(need.min_trumps, len(need.named) + need.others):
        return False
    if need.medium and (shape.n_trumps < need.medium
                        or sum(shape.trumps[:need.medium]) < (MEDIUM_THREE if need.medium == 3 else MEDIUM_TWO)):
        return False
    if need.small_two and (shape.n_trumps < 2 or shape.trumps[0] > T_TEN):
        return False
    held_suits = [s for s in shape.plain_suits() if shape.plain[s]]
    if need.one_suit:
        if len(held_suits) != 1:
            return False
        cards = shape.plain[held_suits[0]]
        if need.one_suit_ace and ACE not in cards:
            return False
        if need.one_suit_len and len(cards) < need.one_suit_len:
            return False
    if need.voids and shape.n_voids < need.voids:
        return False
    if need.king_queen_third:
        kq = [s for s in shape.plain_suits() if KING in shape.plain[s] and QUEEN in shape.plain[s]]
        return any(shape.outside_aces(exclude=s) >= need.aces for s in kq)
    return shape.aces >= need.aces


def matches(mask: int, trump: int, pattern: str) -> bool:
    """Does the hand ``mask`` match ``pattern`` (a phrase of the book) when ``trump`` is trumps?"""
    return _satisfies(shape_of(mask, trump), parse_pattern(pattern))


# --- whole batches of hands (compiled twin: fastcore.handpatterns) ----------------------------

def encode(need: Need) -> list[int]:
    """The row of integers the compiled matcher reads (fastcore.handpatterns.NEED_FIELDS)."""
    return [need.named_bits, max(need.min_trumps, len(need.named) + need.others), need.medium,
            int(need.small_two), need.aces, int(need.one_suit), int(need.one_suit_ace), need.one_suit_len,
            int(need.king_queen_third), need.voids]


@lru_cache(maxsize=1024)
def _encoded(patterns: tuple[str, ...]):
    return np.array([encode(parse_pattern(p)) for p in patterns], dtype=np.int32).reshape(-1, 10)


def match_table(masks, trumps, patterns) -> "np.ndarray":
    """(N, P) bool: does hand i match pattern p when trumps[i] is trumps?"""
    from fastcore.handpatterns import match_needs
    return match_needs(masks, trumps, _encoded(tuple(patterns)))


def any_match(masks, trumps, patterns) -> "np.ndarray":
    """(N,) bool: does hand i match at least one of ``patterns``?"""
    if not patterns:
        return np.zeros(len(masks), dtype=bool)
    return match_table(masks, trumps, patterns).any(axis=1)

"""Card and seat notation: parsing and printing, as the book writes a deal.

A card prints as rank + suit: ranks ``7 8 9 T J Q K A`` (``10`` accepted), suits ``S C H D``
(any case, the four suit symbols accepted). Internally a card is the integer
``suit * 8 + rank`` (rank 0 = seven ... 7 = ace), the id the compiled kernels use, and a hand
is also a bitmask with bit ``id`` set.

Seats are the book's letters (A deals, B is the eldest hand); the vocabulary itself (seats,
sides, suits, ranks, packs) is defined once, in :mod:`fastcore.vocabulary`, and re-exported here.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from analysis.errors import EuchreError
# The one home of the card vocabulary above the kernels: fastcore.vocabulary's names, with the
# parsing and printing of this module.
from fastcore.vocabulary import (  # noqa: F401
    ACE, DEALER, EIGHT, ELDEST, JACK, KING, NINE, NO_SEAT, PACKS, QUEEN, RANK_NAMES, RANKS, SEAT_NAMES, SEATS,
    SECOND, SEVEN, SIDES, SUIT_NAMES, SUITS, TEN, THIRD, Seat, Suit, active_seats, card_id, card_text, cards_text, check_pack,
    default_leader, effective_suit, effective_suit_mask, in_pack, is_left_bower, is_trump, mask_cards, mask_of,
    next_active, next_suit, pack_cards, pack_mask, partner_of, rank_of, side_of, suit_of, trick_power, trump_order,
)

# Each seat's role, as a menu or a legend names it beside the letter ("C (dealer's partner)"), and
# the two sides written as their seats, never "AC" (the ace of clubs).
SEAT_ROLES = tuple(name.split(", ", 1)[1].removeprefix("the ") for name in SEAT_NAMES)
SEAT_LEGEND = " · ".join(f"{s} {role}" for s, role in zip(SEATS, SEAT_ROLES))
SEAT_LABELS = tuple(f"{s} ({role})" for s, role in zip(SEATS, SEAT_ROLES))     # "C (dealer's partner)"
SEAT_CHOICES = ", ".join(SEAT_LABELS)
SIDE_NAMES = ("A+C", "B+D")

_SUIT_ALIASES = {
    "S": 0, "C": 1, "H": 2, "D": 3,
    "\u2660": 0, "\u2663": 1, "\u2665": 2, "\u2666": 3,  # black symbols
    "\u2664": 0, "\u2667": 1, "\u2661": 2, "\u2662": 3,  # white symbols
}


def parse_suit(text) -> int:
    """A suit letter or symbol, any case: ``S C H D``."""
    key = str(text).strip().upper()
    if key not in _SUIT_ALIASES:
        raise EuchreError(f"{text!r} is not a suit: use S, C, H or D")
    return _SUIT_ALIASES[key]


def parse_card(text, pack: int = 32) -> int:
    """A card such as ``TH``, ``10h``, ``J\u2663``; raises EuchreError naming a bad card."""
    raw = str(text).strip()
    token = raw.upper()
    if len(token) < 2:
        raise EuchreError(f"{raw!r} is not a card: write rank then suit, like 9C or TH")
    rank_text, suit_text = token[:-1], token[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise EuchreError(f"card {raw!r} has an unknown rank {rank_text!r}: ranks are 7 8 9 T J Q K A")
    if suit_text not in _SUIT_ALIASES:
        raise EuchreError(f"card {raw!r} has an unknown suit {suit_text!r}: suits are S C H D")
    card = card_id(RANKS.index(rank_text), _SUIT_ALIASES[suit_text])
    if not in_pack(card, check_pack(pack)):
        raise EuchreError(f"card {card_text(card)} is not in the {pack}-card pack (nine to ace)")
    return card


def card_name(card: int) -> str:
    """The book's words: 'knave of clubs'."""
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def parse_cards(cards, pack: int = 32, what: str = "hand") -> list[int]:
    """A list of cards from a space/comma-separated string or a list of strings; no card twice."""
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
    elif isinstance(cards, Iterable):
        tokens = list(cards)
    else:
        raise EuchreError(f"{what} must be a string of cards or a list of cards, not {cards!r}")
    out: list[int] = []
    for token in tokens:
        card = token if isinstance(token, int) and not isinstance(token, bool) else parse_card(token, pack)
        if not 0 <= card < 32 or not in_pack(card, pack):
            raise EuchreError(f"{what}: card id {card!r} is not in the {pack}-card pack")
        if card in out:
            raise EuchreError(f"{what}: card {card_text(card)} appears twice")
        out.append(card)
    return out


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in cards)


def parse_seat(text) -> Seat:
    """A seat from its letter ("B", "b") or a :class:`Seat`."""
    if isinstance(text, Seat):
        return text
    key = str(text).strip().upper()
    if len(key) != 1 or key not in SEATS:
        raise EuchreError(f"{text!r} is not a seat: seats are {SEAT_CHOICES}")
    return Seat(SEATS.index(key))


def parse_hands(hands: Mapping, pack: int = 32, hand_size: int = 5, absent: int | None = None) -> list[list[int]]:
    """The four hands of a deal, keyed by seat letter; every card once, ``hand_size`` per hand.

    ``absent`` is a seat whose hand may be omitted (a lone player's partner): it is then empty.
    """
    if not isinstance(hands, Mapping):
        raise EuchreError("hands must map the seats A, B, C, D to their cards")
    for key in hands:
        parse_seat(key)
    out: list[list[int]] = []
    seen: dict[int, str] = {}
    for seat, letter in enumerate(SEATS):
        given = hands.get(letter, hands.get(letter.lower()))
        if given is None:
            if seat == absent:
                out.append([])
                continue
            raise EuchreError(f"hand {letter} is missing")
        cards = parse_cards(given, pack, what=f"hand {letter}")
        if len(cards) != hand_size:
            raise EuchreError(f"hand {letter} has {len(cards)} cards, not {hand_size}")
        for c in cards:
            if c in seen:
                raise EuchreError(f"card {card_text(c)} is dealt twice (hands {seen[c]} and {letter})")
            seen[c] = letter
        out.append(cards)
    return out

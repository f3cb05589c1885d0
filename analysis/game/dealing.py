"""Deals a user asks for: what is known about them written as ``euchrelab deal`` takes it, and
the deals of a seed's stream, a block at a time."""
from __future__ import annotations

from collections.abc import Iterator

from analysis.errors import EuchreError
from analysis.game.cards import SEATS, check_pack, format_cards, parse_card, parse_cards, parse_seat, parse_suit


def _split(option: str, text: str, sep: str = "=") -> tuple[str, str]:
    if sep not in text:
        raise EuchreError(f"{option} {text!r}: write {'SEAT=CARDS' if option == '--hand' else 'SEAT=SUIT:TRUMP'}")
    left, right = text.split(sep, 1)
    return left, right


def constraints_from_text(pack: int = 32, hands=(), turn_up=None, voids=(), played=()):
    """:class:`fastcore.deals.Constraints` from text in the notation of ``euchrelab deal``'s
    options, which its messages name: ``hands`` ("B=9C JC", cards fixed in a hand), ``turn_up``
    ("9C"), ``voids`` ("D=H:C": D holds no heart when clubs are trumps), ``played`` ("7D 8D",
    cards out of play)."""
    from fastcore.sampler import Constraints

    fixed: dict[int, list[int]] = {}
    for text in hands:
        seat_text, cards_text = _split("--hand", text)
        seat = parse_seat(seat_text)
        cards = parse_cards(cards_text, pack, what=f"hand {SEATS[seat]}")
        fixed.setdefault(seat, [])
        for c in cards:
            if c in fixed[seat]:
                raise EuchreError(f"hand {SEATS[seat]}: card {format_cards([c])} is given twice")
            fixed[seat].append(c)
    void_list = []
    for text in voids:
        seat_text, rest = _split("--void", text)
        if ":" not in rest:
            raise EuchreError(f"--void {text!r}: write SEAT=SUIT:TRUMP, e.g. D=H:C (D has no hearts, clubs trumps)")
        suit_text, trump_text = rest.split(":", 1)
        void_list.append((parse_seat(seat_text), parse_suit(suit_text), parse_suit(trump_text)))
    gone: list[int] = []
    for text in played:
        for c in parse_cards(text, pack, what="--played"):
            if c in gone:
                raise EuchreError(f"--played: card {format_cards([c])} is given twice")
            gone.append(c)
    turn = None if turn_up is None else parse_card(turn_up, pack)
    return Constraints(hands=fixed, turn_up=turn, out=gone, voids=void_list)


def deal_blocks(n: int, seed: int = 0, start: int = 0, pack: int = 32, constraints=None) -> Iterator:
    """Deals ``start`` to ``start + n`` of the stream of ``seed`` (uniform around ``constraints``),
    as :class:`fastcore.deals.Deals` of at most one sampler block each, so that many deals
    stream out without being held at once."""
    from fastcore.sampler import BLOCK, DealStream

    check_pack(pack)
    for value, name in ((n, "n"), (seed, "seed"), (start, "start")):
        if value < 0:
            raise EuchreError(f"{name} must be 0 or more, not {value}")
    stream = DealStream(seed, pack, constraints)
    stream.skip(start)
    left = n
    while left > 0:
        deals = stream.take(min(left, BLOCK))
        yield deals
        left -= len(deals)

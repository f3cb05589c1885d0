"""A play position read from the JSON form that ``euchrelab solve`` takes.

``{"pack": 32|24, "trump": "C", "hands": {"A": "9C JC AH KH 8S", "B": [...], ...},
"leader": "B", "alone": null|"A".."D", "played": ["JD", "7D"], "analyse": false}``

``pack`` defaults to 32, ``leader`` to the first active seat left of A, ``alone`` (the seat
that plays alone) to null, ``played`` to none. A lone player's partner's hand may be given (it
is ignored) or omitted.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analysis.game.cards import check_pack, mask_of, parse_cards, parse_hands, parse_seat, parse_suit
from analysis.errors import EuchreError
from analysis.game.cards import default_leader, partner_of

KNOWN_KEYS = {"pack", "trump", "hands", "leader", "alone", "played", "analyse", "turn_up"}


@dataclass
class Position:
    hands: list[list[int]]
    trump: int
    leader: int
    lone_seat: int | None = None      # the JSON key "alone"
    played: list[int] = field(default_factory=list)
    pack: int = 32
    analyse: bool = False

    def masks(self) -> list[int]:
        """The hands as card masks; a lone player's partner holds nothing."""
        return [0 if self.lone_seat is not None and s == partner_of(self.lone_seat) else mask_of(h)
                for s, h in enumerate(self.hands)]


def parse_position(obj) -> Position:
    if not isinstance(obj, dict):
        raise EuchreError("a position must be a JSON object")
    unknown = set(obj) - KNOWN_KEYS
    if unknown:
        raise EuchreError(f"unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(KNOWN_KEYS))})")
    pack = obj.get("pack", 32)
    check_pack(pack)
    if "trump" not in obj:
        raise EuchreError("the trump is missing (\"trump\": \"S\", \"C\", \"H\" or \"D\")")
    trump = parse_suit(obj["trump"])
    lone_seat = None if obj.get("alone") is None else parse_seat(obj["alone"])
    if "hands" not in obj:
        raise EuchreError("the hands are missing (\"hands\": {\"A\": \"...\", ...})")
    hands = parse_hands(obj["hands"], pack, absent=None if lone_seat is None else partner_of(lone_seat))
    if lone_seat is not None:
        hands[partner_of(lone_seat)] = []  # he sits out: his cards take no part
    leader = default_leader(lone_seat) if obj.get("leader") is None else parse_seat(obj["leader"])
    played = parse_cards(obj.get("played") or [], pack, what="played cards")
    analyse = obj.get("analyse", False)
    if not isinstance(analyse, bool):
        raise EuchreError("\"analyse\" must be true or false")
    return Position(hands=hands, trump=trump, leader=leader, lone_seat=lone_seat, played=played, pack=pack,
                    analyse=analyse)

"""``euchrelab deal``: random deals as JSON lines, uniform or conditioned on what a player knows.

Each line is the ``euchrelab solve`` input form plus the turned-up card (add a trump to solve it):
``{"pack": 32, "hands": {"A": "9C JC AH KH 8S", ...}, "turn_up": "9C"}``.
"""
from __future__ import annotations

import argparse
import json
import sys

from analysis.game.cards import SEATS, check_pack, format_cards, parse_card, parse_cards, parse_seat, parse_suit
from analysis.errors import EuchreError
from analysis.storage import check_output_file, write_atomic

NAME = "deal"
HELP = "print random deals as JSON lines (uniform, or with fixed cards, turn-up, voids, cards played)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--n", type=int, default=1, help="number of deals (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0); the same seed gives the same deals")
    parser.add_argument("--start", type=int, default=0, help="index of the first deal of the seed's stream (default 0)")
    parser.add_argument("--pack", type=int, default=32, help="32 (seven to ace, the book) or 24 (nine to ace)")
    parser.add_argument("--hand", action="append", default=[], metavar="SEAT=CARDS",
                        help="cards fixed in a hand, e.g. B='9C JC AH' (fewer than five fixes part of it; repeatable)")
    parser.add_argument("--turn-up", metavar="CARD", help="the turned-up card")
    parser.add_argument("--void", action="append", default=[], metavar="SEAT=SUIT:TRUMP",
                        help="SEAT holds no card of effective SUIT when TRUMP is trumps, e.g. D=H:C (repeatable)")
    parser.add_argument("--played", action="append", default=[], metavar="CARDS",
                        help="cards out of play (played or discarded): in no hand, not the turn-up, not undealt")
    parser.add_argument("--out", metavar="FILE", help="write the deals to FILE (JSON lines) instead of printing them")


def _split(option: str, text: str, sep: str = "=") -> tuple[str, str]:
    if sep not in text:
        raise EuchreError(f"{option} {text!r}: write {'SEAT=CARDS' if option == '--hand' else 'SEAT=SUIT:TRUMP'}")
    left, right = text.split(sep, 1)
    return left, right


def build_constraints(pack: int = 32, hands=(), turn_up=None, voids=(), played=()):
    """Constraints from the command's text options (``hands``: "B=9C JC", ``voids``: "D=H:C")."""
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


def deal_lines(deals) -> list[str]:
    """One JSON line per deal, hands in the order S C H D then 7 .. A."""
    lines = []
    for i in range(len(deals)):
        hands = {SEATS[s]: format_cards(deals.hand(i, s)) for s in range(4)}
        obj = {"pack": deals.pack, "hands": hands, "turn_up": format_cards([int(deals.turn_up[i])])}
        lines.append(json.dumps(obj))
    return lines


def run(args) -> int:
    from fastcore.sampler import BLOCK, DealStream

    check_pack(args.pack)
    if args.n < 0:
        raise EuchreError("--n must be 0 or more")
    if args.seed < 0:
        raise EuchreError("--seed must be 0 or more")
    if args.start < 0:
        raise EuchreError("--start must be 0 or more")
    if args.out is not None:
        check_output_file(args.out, "--out")
    constraints = build_constraints(args.pack, args.hand, args.turn_up, args.void, args.played)
    stream = DealStream(args.seed, args.pack, constraints)
    stream.skip(args.start)

    def write(file) -> None:
        left = args.n
        while left > 0:  # a block at a time, so a large --n streams out
            deals = stream.take(min(left, BLOCK))
            file.write("\n".join(deal_lines(deals)) + "\n")
            left -= len(deals)
        file.flush()

    if args.out is None:
        write(sys.stdout)
    else:   # the whole file or none of it
        def to_file(tmp) -> None:
            with open(tmp, "w", encoding="utf-8") as file:
                write(file)
        write_atomic(args.out, to_file)
        sys.stderr.write(f"wrote {args.n:,} deals to {args.out}\n")
    return 0

"""``euchrelab deal``: random deals as JSON lines, uniform or conditioned on what a player knows.

Each line is the ``euchrelab solve`` input form plus the turned-up card (add a trump to solve it):
``{"pack": 32, "hands": {"A": "9C JC AH KH 8S", ...}, "turn_up": "9C"}``.
"""
from __future__ import annotations

import argparse
import json
import sys

from analysis.limits import bounded
from analysis.game.cards import check_pack
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


def run(args) -> int:
    from analysis.game.dealing import constraints_from_text, deal_blocks

    check_pack(args.pack)
    for option in ("n", "seed", "start"):
        if getattr(args, option) < 0:
            raise EuchreError(f"--{option} must be 0 or more")
    bounded(args.n, "deal", "n", least=0, label="--n")
    if args.out is not None:
        check_output_file(args.out, "--out")
    constraints = constraints_from_text(args.pack, args.hand, args.turn_up, args.void, args.played)
    blocks = deal_blocks(args.n, args.seed, args.start, args.pack, constraints)

    def write(file) -> None:
        for deals in blocks:
            file.write("".join(json.dumps(d) + "\n" for d in deals.to_json()))
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

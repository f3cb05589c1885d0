"""``euchrelab studies``: the studies that can be run, one line each."""
from __future__ import annotations

import json
import sys

NAME = "studies"
HELP = "list the studies of the book's advice that euchrelab can run"


def add_arguments(parser) -> None:
    parser.add_argument("--json", action="store_true", help='print a JSON list of {"name": ..., "description": ...}')


def run(args) -> int:
    from studies.registry import DEFAULT_SUITE, STUDIES
    items = [{"name": name, "description": description} for name, (_module, description) in STUDIES.items()]
    if args.json:
        sys.stdout.write(json.dumps(items) + "\n")
        return 0
    width = max((len(x["name"]) for x in items), default=0)
    for item in items:
        mark = "*" if item["name"] in DEFAULT_SUITE else " "
        sys.stdout.write(f"{mark} {item['name']:<{width}}  {item['description']}\n")
    sys.stdout.write("(* = in the default suite of `make report`; run one with: euchrelab run NAME)\n")
    return 0

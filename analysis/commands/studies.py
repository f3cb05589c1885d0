"""``euchrelab studies``: the studies that can be run, one line each."""
from __future__ import annotations

import json
import sys

NAME = "studies"
HELP = "list the studies of the book's advice that euchrelab can run (installed ones, and any named)"


def add_arguments(parser) -> None:
    parser.add_argument("study", nargs="*", metavar="STUDY",
                        help="also describe these studies of your own (pkg.mod or pkg.mod:ATTR)")
    parser.add_argument("--json", action="store_true",
                        help='print a JSON list of {"name", "title", "description", "default_suite", "defaults"}')


def run(args) -> int:
    from analysis.run.registry import load_installed, load_study

    studies, failed = load_installed()
    suite = {name for name, study in studies.items() if study.suite_position is not None}
    for target in args.study:   # listed by the name that runs them
        if target not in studies:
            studies[target] = load_study(target)
    items = [{"name": name, "title": study.title, "description": study.description,
              "default_suite": name in suite, "defaults": study.defaults}
             for name, study in studies.items()]
    items += [{"name": name, "title": None, "description": message, "default_suite": False,
               "defaults": None} for name, message in failed.items()]
    if args.json:
        sys.stdout.write(json.dumps(items, default=str) + "\n")
        return 0
    width = max((len(x["name"]) for x in items), default=0)
    for item in items:
        mark = "*" if item["default_suite"] else " "
        sys.stdout.write(f"{mark} {item['name']:<{width}}  {item['description']}\n")
    if not items:
        sys.stdout.write("no study is installed: install a package of studies, or name a module of your own\n")
    sys.stdout.write("(* = in the default suite of `make report`; run one with: euchrelab run NAME)\n")
    return 0

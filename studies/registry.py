"""The studies euchrelab knows: name -> module and a one-line description.

A study is a module of ``studies/`` with the interface described in :mod:`studies.runner`.
Add a study by adding one line here. ``euchrelab run`` also accepts a dotted module path, so
a user's own study module (installed or on ``PYTHONPATH``) runs without being listed.
"""
from __future__ import annotations

from analysis.errors import EuchreError

# name: (module, one-line description); DEFAULT_SUITE is what `make report` runs.
STUDIES: dict[str, tuple[str, str]] = {
    "hand_strength": (
        "studies.hand_strength",
        "What does a hand make? Tricks, makers' success, euchres and marches by trumps and top "
        "trumps held, for each seat, ordering up the turn-up or making a suit in round two.",
    ),
    "lone_hands": ("studies.lone_hands", "Lone hands and the score: alone against with the partner on the same deals, in points per hand and in game-win probability."),
    "book_bidding": ("studies.book_bidding", "The book's round-one bidding lists, seat by seat: calling against passing with the hands each list names, paired on the same deals."),
}

DEFAULT_SUITE = ["hand_strength", "book_bidding", "lone_hands"]


def names() -> list[str]:
    return list(STUDIES)


def description(name: str) -> str:
    return STUDIES[name][1]


def module_name(name: str) -> str:
    """The module of a registered study, or ``name`` itself when it is a dotted module path."""
    if name in STUDIES:
        return STUDIES[name][0]
    if "." in name:
        return name
    raise EuchreError(f"no study {name!r}: known studies are {', '.join(STUDIES)} (see euchrelab studies)")

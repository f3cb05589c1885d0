"""Policies by name, for the command line and study settings: ``book``, ``pass``, ``order``,
``points``, or the path of a TOML policy file."""
from __future__ import annotations

import os

from analysis.baselines import AlwaysPass, OrderAnything, PointCount
from analysis.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.pattern_policy import PatternPolicy
from analysis.policy import Policy

NAMED = {"book": BookPolicy, "pass": AlwaysPass, "order": OrderAnything, "points": PointCount}


def policy_from_name(name: str) -> Policy:
    if name in NAMED:
        return NAMED[name]()
    if name.endswith(".toml") or os.path.exists(name):
        return PatternPolicy.from_toml(name)
    raise EuchreError(f"unknown policy {name!r}: use {', '.join(NAMED)} or the path of a .toml policy file")

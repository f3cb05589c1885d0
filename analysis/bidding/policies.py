"""Policies by name, for the command line and study settings: ``book``, ``pass``, ``order``,
``points``, ``cautious``, ``optimised``, ``modern`` and ``modern_stick`` (policies of the package's ``data/policies``), the path
of a TOML policy file (patterns, or hand classes by score band), or a Python policy
``package.module:NAME`` (a Policy instance, or a Policy class taking no arguments)."""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from analysis.bidding.baselines import AlwaysPass, OrderAnything, PointCount
from analysis.bidding.book_policy import BookPolicy
from analysis.bidding.class_policy import ClassPolicy, is_class_policy
from analysis.errors import EuchreError
from analysis.bidding.pattern_policy import PatternPolicy
from analysis.bidding.policy import Policy
from analysis.storage import read_toml

POLICY_FILES = Path(__file__).resolve().parent.parent / "data" / "policies"


def policy_from_toml(path) -> Policy:
    """A TOML policy file: hand classes by score band when it has ``[bands]``
    (:mod:`analysis.bidding.class_policy`), else the book's patterns (:mod:`analysis.bidding.pattern_policy`)."""
    data = read_toml(path, "policy file")
    policy = class_policy(data, f"policy file {path}") if is_class_policy(data) else PatternPolicy.from_toml(path)
    why = inert(policy)
    if why:   # a file that can only pass is a mistake (an empty file, a misspelt section), not a policy
        raise EuchreError(f"policy file {path}: {why}, so it would pass every hand")
    return policy


def inert(policy: Policy) -> str | None:
    """Why a policy read from a file can never call, or None when it may.

    Told from its rules alone, soundly: a pattern policy with no pattern for round one or two
    never calls (its alone and take-from-partner patterns are asked only once a call is made); a
    class policy never calls when its base never does (the ``pass`` baseline) and every round-one
    and round-two class it lists is passed. A stuck dealer still names a suit: the rules make him."""
    if isinstance(policy, PatternPolicy):
        if not any(policy.first.values()) and not any(policy.second.values()):
            if policy.lone or policy.take:
                return "the policy has no rule for round one or two (its alone and take-from-partner rules " \
                       "are asked only after a call)"
            return "the policy has no rules"
        return None
    if isinstance(policy, ClassPolicy) and isinstance(policy.base, AlwaysPass):
        calls = any((table > 0).any() for (rnd, _, _), table in policy.tables.items() if rnd in (1, 2))
        if not calls:
            return f"the policy calls with no hand class and its base {policy.base_name!r} never calls"
    return None


def class_policy(data: dict, where: str = "policy") -> ClassPolicy:
    """A class policy from its TOML data, its base named as every policy is."""
    return ClassPolicy.from_data(data, policy_from_name, where)


def packaged(name: str):
    """The TOML policy ``name`` shipped in ``analysis/data/policies``, as a maker of it."""
    return lambda: policy_from_toml(POLICY_FILES / f"{name}.toml")


NAMED = {"book": BookPolicy, "pass": AlwaysPass, "order": OrderAnything, "points": PointCount,
         "cautious": packaged("cautious"), "optimised": packaged("optimised"),
         "modern": packaged("modern"), "modern_stick": packaged("modern_stick")}


# The optimiser's policy shipped for each set of rules (pack, points for game, stick the dealer).
OPTIMISED = {(32, 5, False): "optimised", (24, 10, False): "modern", (24, 10, True): "modern_stick"}


def optimised_for(rules) -> str | None:
    """The name of the packaged optimised policy made for ``rules``, or None when none was."""
    return OPTIMISED.get((rules.pack, rules.points_for_game, bool(rules.stick_the_dealer)))


def named_policy(name: str) -> Policy:
    """A policy by one of the names of :data:`NAMED` only: never a file or a Python module (what a
    policy from outside the machine, such as the workbench's, may name)."""
    if name not in NAMED:
        raise EuchreError(f"unknown policy {name!r}: use {', '.join(NAMED)}, or give the policy's TOML text")
    return NAMED[name]()


def policy_from_text(text: str, where: str = "the policy") -> Policy:
    """A TOML policy given as text rather than a file (patterns, or hand classes by score band); a
    class policy's base is one of the names of :data:`NAMED`. The errors begin with ``where``, and
    TOML's own name the line."""
    import tomllib
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EuchreError(f"{where} is not valid TOML: {exc}") from None
    if is_class_policy(data):
        policy = ClassPolicy.from_data(data, named_policy, where)
    else:
        policy = PatternPolicy.from_data(data, where, str(data.get("name", "patterns")))
    why = inert(policy)
    if why:
        raise EuchreError(f"{where}: {why}, so it would pass every hand")
    return policy


def policy_from_name(name: str) -> Policy:
    if name in NAMED:
        return NAMED[name]()
    if name.endswith(".toml") or os.path.exists(name):
        return policy_from_toml(name)
    if ":" in name:
        return python_policy(name)
    raise EuchreError(f"unknown policy {name!r}: use {', '.join(NAMED)}, the path of a .toml policy file "
                      f"or a Python policy package.module:NAME")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _import(module: str):
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        # As ``python -m`` does, look in the current directory too (examples.cautious:Cautious).
        here = os.getcwd()
        top = module.split(".")[0]
        if exc.name != top or here in sys.path or not os.path.exists(os.path.join(here, top)) \
                and not os.path.exists(os.path.join(here, top + ".py")):
            raise
        sys.path.append(here)
        return importlib.import_module(module)


def python_policy(spec: str) -> Policy:
    """The policy ``package.module:NAME``: an instance of Policy, or a Policy class called
    with no arguments."""
    module, _, attr = spec.partition(":")
    if not module or not attr:
        raise EuchreError(f"a Python policy is package.module:NAME, not {spec!r}")
    try:
        found = _import(module)
    except Exception as exc:  # noqa: BLE001 - any failure of the user's module is one line
        raise EuchreError(f"cannot import the policy module {module!r} ({_first_line(exc)})") from None
    obj = found
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise EuchreError(f"module {module!r} has no {attr!r} (policy {spec!r})")
        obj = getattr(obj, part)
    if isinstance(obj, type) and issubclass(obj, Policy):
        try:
            obj = obj()
        except Exception as exc:  # noqa: BLE001
            raise EuchreError(f"cannot make the policy {spec!r} with no arguments ({_first_line(exc)})") from None
    if not isinstance(obj, Policy):
        raise EuchreError(f"{spec!r} is not a Policy (a Policy instance or a Policy class), "
                          f"but {type(obj).__name__}")
    return obj

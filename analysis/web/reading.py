"""A request of the browser read as the command line reads its options.

The workbench is given the command line's own subcommands (:class:`Commands`, by ``euchrelab
serve``): a request's parameters become the subcommand's options, parsed by its own parser and
checked by its own ``request(args)``, so that a number and an error message are the same in the
browser as at the command line, but for the names: where the command line names an option by its
flag (``--turn-up``) or an argument by its metavar (``POLICY``), the browser names the form's field
(``turn-up``, ``policy``; :func:`in_field_words`). No parameter may name a file or a Python module:
policies are named from a fixed list or given as TOML text.
"""
from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType

from analysis.errors import EuchreError
from analysis.game.cards import SEAT_CHOICES, SEATS

ADVISE_PARAMS = ("seat", "hand", "turn_up", "score", "calls", "round", "worlds", "table_worlds", "play", "seed", "pack",
                 "game", "stick_the_dealer")
COMPARE_PARAMS = ("a", "b", "deals", "games", "seed", "play", "worlds", "score", "pack", "game", "stick_the_dealer")
CARD_PARAMS = ("policy", "against", "deals", "seed", "pack", "game", "stick_the_dealer")
CHART_PARAMS = ("policy", "seat", "deals", "seed", "cap", "score", "pack", "game", "stick_the_dealer")
# The charts page: a call card (its seat only chooses the page shown: a card is drawn for every seat)
# or a strategy chart, of a named policy or of the TOML text given.
CHARTS_PARAMS = ("kind", "policy", "policy_toml", "against", "seat", "score", "deals", "seed", "cap", "pack", "game",
                 "stick_the_dealer")
KINDS = {"card": "call cards", "chart": "strategy charts"}
# The position page: the keys of a line of ``euchrelab solve`` (the hands by seat), each a field.
POSITION_PARAMS = ("pack", "trump", "A", "B", "C", "D", "leader", "alone", "played", "turn_up", "discard", "worlds",
                   "seed")
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
# A field as an error names it, where its parameter's name is not the word (the rest: "stick_the_dealer"
# is "stick the dealer"); the API's "field" keeps the parameter's name.
FIELD_WORDS = {"turn_up": "turn-up", "a": "first policy", "b": "second policy", "policy_toml": "your policy"}


@dataclass(frozen=True)
class Commands:
    """The subcommands whose parsers and checks the workbench reads its requests with, and the
    command line's wording of a library error (an argument's name as its flag)."""

    advise: ModuleType
    compare: ModuleType
    card: ModuleType
    chart: ModuleType
    flag_words: Callable[[str, argparse.ArgumentParser], str]


class Refused(EuchreError):
    """A bad request: the command line's one-line message, and the parameter it is about (or None)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class _Parser(argparse.ArgumentParser):
    def error(self, message):   # what the command line prints after "euchrelab advise: error: "
        raise EuchreError(message)


def parser_of(module: ModuleType) -> argparse.ArgumentParser:
    parser = _Parser(prog=f"euchrelab {module.NAME}", add_help=False)
    module.add_arguments(parser)
    return parser


def argv_of(params: Mapping[str, str], allowed: tuple[str, ...], positional: tuple[str, ...] = ()) -> list[str]:
    """The command line of ``params``: ``turn_up=9S`` is ``--turn-up=9S``, ``stick_the_dealer``
    true or false ``--stick-the-dealer`` or ``--no-stick-the-dealer``; an empty value is left
    out (a form's empty field means the default)."""
    for name in params:
        if name not in allowed:
            raise Refused(f"unknown parameter {name!r}: use {', '.join(allowed)}", name)
    options, values = [], []
    for name in allowed:
        value = params.get(name)
        if value is None or not str(value).strip():
            continue
        value = str(value).strip()
        if name in positional:
            values.append(value)
        elif name == "stick_the_dealer":
            if value.lower() not in TRUE + FALSE:
                raise Refused(f"{field_word(name)} must be true or false, not {value!r}", name)
            options.append("--stick-the-dealer" if value.lower() in TRUE else "--no-stick-the-dealer")
        else:
            options.append(f"--{name.replace('_', '-')}={value}")
    return options + (["--", *values] if values else [])


def field_word(name: str) -> str:
    """How an error names the field of parameter ``name``: ``turn_up`` is "turn-up"."""
    return FIELD_WORDS.get(name, name.replace("_", " "))


def in_field_words(message: str, allowed: tuple[str, ...],
                   parser: argparse.ArgumentParser | None = None) -> tuple[str, str | None]:
    """A command-line message in the form's words, and the parameter it is about (the first it
    names, or None): each flag of a parameter in ``allowed`` (argparse's "argument --pack:" too)
    as its field's word, each of ``parser``'s positional arguments by its metavar likewise
    ("POLICY and --against are the same policy" is "policy and against are the same policy");
    a seat refused is the seat's field."""
    named: list[tuple[int, str]] = []

    def word(match: re.Match, name: str) -> str:
        named.append((match.start(), name))
        return field_word(name)

    def flag(match: re.Match) -> str:
        name = match.group(1).replace("-", "_")
        return word(match, name) if name in allowed else match.group(0)

    message = re.sub(r"(?:\bargument )?--([a-z][a-z-]*)", flag, message)
    for action in getattr(parser, "_actions", ()):
        if not action.option_strings and action.dest in allowed:
            metavar = action.metavar or action.dest.upper()
            message = re.sub(rf"\b{re.escape(metavar)}\b", lambda m, d=action.dest: word(m, d), message)
    if not named and "is not a seat" in message and "seat" in allowed:
        named.append((0, "seat"))
    return message, min(named)[1] if named else None


def refusal(message: str, allowed: tuple[str, ...], parser: argparse.ArgumentParser | None = None,
            field: str | None = None) -> Refused:
    """A command-line message refused in the form's words (:func:`in_field_words`), about ``field``
    if given, else about the parameter it names first."""
    message, named = in_field_words(message, allowed, parser)
    return Refused(message, field or named)


def parsed(module: ModuleType, commands: Commands, params: Mapping[str, str], allowed: tuple[str, ...],
           positional: tuple[str, ...] = ()) -> tuple[argparse.Namespace, argparse.ArgumentParser]:
    parser = parser_of(module)
    try:
        return parser.parse_args(argv_of(params, allowed, positional)), parser
    except Refused:
        raise
    except EuchreError as exc:
        raise refusal(str(exc), allowed, parser) from None


def checked(commands: Commands, parser, allowed, step):
    """``step()``, its library errors worded as the command line words them, in the form's words."""
    try:
        return step()
    except Refused:
        raise
    except EuchreError as exc:
        raise refusal(commands.flag_words(str(exc), parser), allowed, parser) from None


def refused(commands: Commands, module: ModuleType, message: str) -> Refused:
    """A library's error worded as the subcommand ``module`` words it at the command line, in the
    form's words."""
    allowed = {commands.advise: ADVISE_PARAMS, commands.card: CARD_PARAMS,
               commands.chart: CHART_PARAMS}.get(module, COMPARE_PARAMS)
    parser = parser_of(module)
    return refusal(commands.flag_words(message, parser), allowed, parser)


def advise_request(commands: Commands, params: Mapping[str, str], model_deals: int) -> dict:
    """The arguments of :func:`analysis.tools.advise.advise` for ``/api/advise`` and the hand page,
    checked as ``euchrelab advise`` checks them; the game model of the server's ``model_deals``."""
    args, parser = parsed(commands.advise, commands, params, ADVISE_PARAMS)
    args.model_deals = model_deals
    return checked(commands, parser, ADVISE_PARAMS, lambda: commands.advise.request(args))


def compare_request(commands: Commands, params: Mapping[str, str], texts: Mapping[str, str]) -> dict:
    """The arguments of :func:`analysis.tools.compare.compare` for ``/api/compare``, checked as
    ``euchrelab compare`` checks them. A policy is one of the named ones, or, when ``texts`` holds
    TOML text for ``a`` or ``b``, that text (its name then only labels it)."""
    from analysis.bidding.policies import named_policy, policy_from_text

    params = dict(params)
    for side in ("a", "b"):
        if texts.get(side) and not params.get(side):
            params[side] = "uploaded"
    args, parser = parsed(commands.compare, commands, params, COMPARE_PARAMS, positional=("a", "b"))
    request = checked(commands, parser, COMPARE_PARAMS, lambda: commands.compare.request(args))
    for side in ("a", "b"):
        text = texts.get(side)
        try:
            request[side] = (policy_from_text(text, "your policy" if side == "a" else "your other policy") if text
                             else named_policy(request[side]))
        except EuchreError as exc:
            raise Refused(str(exc), f"{side}_toml" if text else side) from None
    request["n_jobs"] = 1    # one process a job: the queue bounds the machine's load
    return request


def charts_request(commands: Commands, params: Mapping[str, str]) -> tuple[str, dict, str | None]:
    """The charts page's request: its kind ("card" or "chart"), the arguments of
    :func:`analysis.tools.card_set.call_cards` or :func:`analysis.tools.policy_charts.chart_policy`
    checked as ``euchrelab card`` or ``euchrelab chart`` checks them, and the seat whose card is
    shown (None for a chart). The policy is one of the named ones or the TOML text ``policy_toml``."""
    from analysis.bidding.policies import named_policy, policy_from_text

    for name in params:
        if name not in CHARTS_PARAMS:
            raise Refused(f"unknown parameter {name!r}: use {', '.join(CHARTS_PARAMS)}", name)
    params = {k: v for k, v in params.items() if str(v).strip()}   # an empty field means the default
    kind = params.pop("kind", "card")
    if kind not in KINDS:
        raise Refused(f"kind must be card or chart, not {kind!r}", "kind")
    text = params.pop("policy_toml", "")
    if text and params.get("policy"):
        raise Refused("give the policy once: a name, or its TOML text with no name chosen", "policy")
    if text:
        params["policy"] = "yours"     # a placeholder the parser reads; the text is the policy
    shown = None
    if kind == "card":
        given = params.pop("seat", "B")
        shown = given.strip().upper()
        if shown not in SEATS:
            raise Refused(f"seat {given!r} is not a seat: give {SEAT_CHOICES}", "seat")
    module, allowed = (commands.card, CARD_PARAMS) if kind == "card" else (commands.chart, CHART_PARAMS)
    for name in params:
        if name not in allowed:
            raise Refused(f"{name} is not an option of {KINDS[kind]} (euchrelab {module.NAME}): leave it empty",
                          name)
    args, parser = parsed(module, commands, params, allowed, positional=("policy",))
    request = checked(commands, parser, allowed, lambda: module.request(args))
    sides = ("policy", "against") if kind == "card" else ("policy",)
    for side in sides:
        try:
            request[side] = (policy_from_text(text, "your policy") if side == "policy" and text
                             else named_policy(request[side]))
        except EuchreError as exc:
            if side == "policy" and text:
                line = line_of(str(exc), text)
                raise Refused((f"line {line}: " if line else "") + str(exc), "policy_toml") from None
            raise Refused(str(exc), side) from None
    for side in sides:     # a policy written for another game, refused as the bidding refuses it
        try:
            request[side].check_rules(request["rules"])
        except EuchreError as exc:
            raise Refused(str(exc), "game") from None
    if kind == "card":     # the same policy twice, refused as the card refuses it, before any work
        from analysis.tools.card_set import policy_names
        try:
            policy_names(request["policy"], request["against"], params["policy"], params.get("against", "book"))
        except EuchreError as exc:
            raise refusal(str(exc), allowed, parser, "against") from None
    request["jobs"] = 1    # one process a job: the queue bounds the machine's load
    return kind, request, shown


def solve_request(lines: list[str], reference: str | None) -> dict:
    """``/api/solve``: positions as JSON lines, solved by the compiled solver (or ``reference``)."""
    if reference is not None and reference.lower() not in TRUE + FALSE:
        raise Refused(f"reference must be true or false, not {reference!r}", "reference")
    if not any(line.strip() for line in lines):
        raise Refused("give a position: position={...} (a JSON object), one per line or parameter", "position")
    return {"lines": lines, "solver": "reference" if reference and reference.lower() in TRUE else "compiled"}


def position_lines(params: Mapping[str, str]) -> list[str]:
    """The position page's fields as two lines of ``euchrelab solve``: the position double-dummy
    with each card's value (``"analyse"``), then as the player to move sees it (``"view":
    "table"``). An empty field is left out (the command's default); a number is given as one."""
    import json

    for name in params:
        if name not in POSITION_PARAMS:
            raise Refused(f"unknown parameter {name!r}: use {', '.join(POSITION_PARAMS)}", name)
    given = {k: v.strip() for k, v in params.items() if v.strip()}

    def value(key):
        text = given[key]
        return int(text) if key in ("pack", "worlds", "seed") and re.fullmatch(r"-?\d+", text) else text

    hands = {seat: given[seat] for seat in "ABCD" if seat in given}
    position = {k: value(k) for k in ("pack", "trump", "leader", "alone", "played") if k in given}
    if hands or "trump" in given:
        position["hands"] = hands
    table = {**position, "view": "table", **{k: value(k) for k in ("turn_up", "discard", "worlds", "seed") if k in given}}
    return [json.dumps({**position, "analyse": True}), json.dumps(table)]


def position_field(message: str, params: Mapping[str, str]) -> str | None:
    """The field of the position page an error of ``euchrelab solve`` is about (None: the form's):
    the hand it names, else the field whose value it quotes, else the field it names."""
    hands = re.search(r"\bhands? ([ABCD])(?: and ([ABCD]))?\b", message)
    if hands:
        return hands.group(2) or hands.group(1)     # a card dealt twice: the second hand holding it
    for quoted in re.findall(r"'([^']*)'", message):
        for name in POSITION_PARAMS:
            if quoted and params.get(name, "").strip() == quoted:
                return name
    for field, words in (("played", ("played", "'s hand", "revokes")), ("leader", ("cannot lead",)), ("turn_up", ("turn-up", "turn_up")), ("discard", ("discard",)),
                         ("worlds", ('"worlds"',)), ("seed", ('"seed"',)), ("trump", ("trump",)),
                         ("pack", ("pack",)), ("alone", ('"alone"',)), ("leader", ("leader",))):
        if any(w in message for w in words):
            return field
    return None


def line_of(message: str, text: str) -> int | None:
    """The line of a policy's TOML an error is about: the line TOML names, else the first line that
    holds a name the message quotes (an unknown section, key or pattern)."""
    found = re.search(r"at line (\d+)", message)
    if found:
        return int(found.group(1))
    lines = text.splitlines()
    if "at end of document" in message:
        return max(len(lines), 1)
    for quoted in re.findall(r"'([^']+)'", message):
        for number, line in enumerate(lines, start=1):
            if quoted in line.split("#")[0]:
                return number
    return None

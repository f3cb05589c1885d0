"""The book's nine coup cases (Case I-IX, claims C1-C9): load, check, replay and judge them.

Each case is data in ``analysis/data/coups.toml``: the four hands, the turn-up, the trump, who
made it and how, the score, the book's line of play and each claim of the REMARKS as a
checkable statement. This module

* loads and validates the cases (every card once, five per hand, the turn-up in the dealer's
  hand, every card of the book's line and of every claim legal);
* replays the book's line and values every legal alternative at each card double-dummy
  (makers' tricks and points, laws 2-3);
* checks each claim: "true", "false", or "true only under a reading" (and says which);
* takes the table-side view: at the coup card it samples the worlds the coup player could
  believe in (his hand, the turn-up, the calls, the cards played, the voids shown), solves each
  world for the coup card and the natural play, and reports how often the coup gains;
* renders the result as text, JSON, and the report ``reports/coups/``.

Double-dummy play is perfect-information play: it favours whoever the unseen cards favour and
is an approximation of play at the table. The table-side view is the honest complement.
"""
from __future__ import annotations

import html
import math
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from analysis import reference
from analysis.cards import (
    SEATS, SUIT_NAMES, card_name, card_str, cards_of, mask_of, pack_cards, parse_card, parse_cards,
    parse_seat, parse_suit, rank_of, suit_of,
)
from analysis.errors import EuchreError
from analysis.rules import (
    active_seats, default_leader, effective_suit, is_trump, partner_of, score_hand, side_of,
    trump_order,
)

DATA_FILE = Path(__file__).with_name("data") / "coups.toml"
REPORT_DIR = Path("reports") / "coups"   # beside the studies' reports, from the working folder
HOWS = ("adopted", "assisted", "ordered", "alone")
CLAIM_KINDS = ("outcome", "better", "line", "advice", "table-choice", "table-holding")
CALLS = ("pass", "order", "assist", "adopt", "alone")


# --- the cases as data ---------------------------------------------------------------------

@dataclass
class Claim:
    id: str
    text: str
    kind: str
    player: int
    after: list[int]
    cards: list[int] | None = None       # None means every legal card ("*")
    versus: list[int] = field(default_factory=list)
    outcome: str = ""
    reading: dict | None = None          # {"cards": [...], "versus": [...], "text": "..."}
    calls: list[tuple[int, str]] | None = None   # table-side claims: the calls assumed
    better: int | None = None            # table-choice: the card the claim says is better
    worse: int | None = None
    seat: int | None = None              # table-holding: whose trumps
    trumps: list[int] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)   # table-holding: named inferences from the play


@dataclass
class Case:
    id: str
    number: str
    title: str
    trump: int
    turn_up: int
    maker: int
    how: str
    alone: bool
    score: str
    score_points: tuple[int, int]        # (A-C, B-D) before the hand
    hands: list[list[int]]
    calls: list[tuple[int, str]]
    line: list[int]
    coup_player: int
    coup_after: list[int]
    coup_card: int
    natural: int
    claims: list[Claim]
    notes: list[str]
    readings: list[dict] = field(default_factory=list)
    c_not_printed: bool = False

    @property
    def lone(self) -> int | None:
        """The seat playing alone, or None."""
        return self.maker if self.alone else None

    @property
    def makers(self) -> int:
        return side_of(self.maker)

    def start(self, played: Sequence[int] = ()) -> reference.PlayState:
        return reference.start(self.hands, self.trump, default_leader(self.lone), self.lone, list(played))

    def with_hands(self, hands: list[list[int]]) -> "Case":
        """The same case on other hands (a reading of a misprint, or a sampled world)."""
        return replace(self, hands=hands)


def _cards(value, what: str) -> list[int]:
    if value == ["*"] or value == "*":
        raise EuchreError(f"{what}: '*' (every legal card) is allowed only in a claim's cards")
    return parse_cards(value, 32, what=what)


def _claim(case_id: str, raw: dict) -> Claim:
    cid = raw.get("id", "?")
    where = f"case {case_id} claim {cid}"
    kind = raw.get("kind")
    if kind not in CLAIM_KINDS:
        raise EuchreError(f"{where}: kind {kind!r} is not one of {', '.join(CLAIM_KINDS)}")
    cards_raw = raw.get("cards", [])
    cards = None if cards_raw == ["*"] else _cards(cards_raw, f"{where} cards")
    claim = Claim(
        id=cid, text=raw.get("text", ""), kind=kind, player=parse_seat(raw.get("player", "?")),
        after=_cards(raw.get("after", []), f"{where} after"), cards=cards,
        versus=_cards(raw.get("versus", []), f"{where} versus"), outcome=raw.get("outcome", ""),
    )
    if "reading" in raw:
        r = raw["reading"]
        claim.reading = {"cards": _cards(r["cards"], f"{where} reading cards"),
                         "versus": _cards(r.get("versus", []), f"{where} reading versus"), "text": r["text"]}
    if "calls" in raw:
        claim.calls = [(parse_seat(s), c) for s, c in raw["calls"]]
    if kind == "table-choice":
        claim.better = parse_card(raw["better"])
        claim.worse = parse_card(raw["worse"])
    if kind == "table-holding":
        claim.seat = parse_seat(raw["seat"])
        claim.trumps = _cards(raw["trumps"], f"{where} trumps")
        claim.extra = list(raw.get("extra", []))
    return claim


def load_cases(path: str | Path | None = None) -> list[Case]:
    """The nine cases, validated (see :func:`validate`)."""
    path = Path(path) if path else DATA_FILE
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise EuchreError(f"cannot read the coup cases {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise EuchreError(f"the coup cases {path} are not valid TOML: {exc}") from None
    cases = []
    for raw in data.get("case", []):
        cid = raw.get("id", "?")
        try:
            coup = raw["coup"]
            case = Case(
                id=cid, number=raw["number"], title=raw["title"], trump=parse_suit(raw["trump"]),
                turn_up=parse_card(raw["turn_up"]), maker=parse_seat(raw["maker"]), how=raw["how"],
                alone=bool(raw["alone"]), score=raw["score"], score_points=tuple(raw["score_points"]),
                hands=[_cards(raw["hands"][s], f"case {cid} hand {s}") for s in SEATS],
                calls=[(parse_seat(s), c) for s, c in raw.get("calls", [])],
                line=_cards(raw["line"], f"case {cid} line"),
                coup_player=parse_seat(coup["player"]), coup_after=_cards(coup["after"], f"case {cid} coup"),
                coup_card=parse_card(coup["card"]), natural=parse_card(coup["natural"]),
                claims=[_claim(cid, c) for c in raw.get("claims", [])],
                notes=list(raw.get("notes", [])), readings=list(raw.get("readings", [])),
                c_not_printed=bool(raw.get("c_not_printed", False)),
            )
        except KeyError as exc:
            raise EuchreError(f"case {cid} lacks the field {exc.args[0]!r}") from None
        validate(case)
        cases.append(case)
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise EuchreError("two coup cases share an id")
    return cases


def select_cases(cases: list[Case], wanted: Sequence[str]) -> list[Case]:
    """Cases by id (C5), roman number (V) or number (5); all of them when none is named."""
    if not wanted:
        return cases
    out = []
    for w in wanted:
        key = str(w).strip().upper()
        match = [c for c in cases if key in (c.id, c.number, c.id[1:]) or key == f"CASE{c.number}"]
        if not match:
            raise EuchreError(f"no coup case {w!r}: name one of {', '.join(c.id for c in cases)} (or I..IX, 1..9)")
        out.extend(m for m in match if m not in out)
    return out


def call_holds(call: str, seat: int, hand: Sequence[int], case: Case) -> bool:
    """The stand-in reading of a call as a necessary condition on the caller's hand.

    The book's own lists (General Remarks) ask at least: three trumps to order up ("three medium
    trumps or better"; Case VIII: "B must have had three trumps to order with"), two to assist
    ("right and another", "two trumps and two aces", ...), two for the dealer to take up
    (the turn-up and one more: "right and ace", "two trumps and two aces", ...), three to play
    alone. A pass constrains nothing: the book passes for many reasons (the right turned, a
    better hand at next, the score), so no card count follows from it.
    """
    n = sum(1 for c in hand if is_trump(c, case.trump))
    if call == "order":
        return n >= 3
    if call == "assist":
        return n >= 2
    if call == "adopt":
        return n >= 2
    if call == "alone":
        return n >= 3
    return True


CALL_TEXT = {
    "order": "ordered up: holds at least three trumps",
    "assist": "assisted: holds at least two trumps",
    "adopt": "took up the turn-up: holds at least two trumps, the turn-up included",
    "alone": "played alone: holds at least three trumps",
    "pass": "passed: no constraint",
}


def validate(case: Case) -> None:
    """Raise EuchreError unless the case is a consistent deal and every play in it is legal."""
    where = f"case {case.id}"
    if case.how not in HOWS:
        raise EuchreError(f"{where}: 'how' {case.how!r} is not one of {', '.join(HOWS)}")
    seen: dict[int, str] = {}
    for seat, hand in enumerate(case.hands):
        if len(hand) != 5:
            raise EuchreError(f"{where}: hand {SEATS[seat]} has {len(hand)} cards, not 5")
        for c in hand:
            if c in seen:
                raise EuchreError(f"{where}: card {card_str(c)} is in hands {seen[c]} and {SEATS[seat]}")
            seen[c] = SEATS[seat]
    if case.turn_up not in case.hands[0]:
        raise EuchreError(f"{where}: the turn-up {card_str(case.turn_up)} is not in the dealer A's hand")
    if suit_of(case.turn_up) != case.trump:
        raise EuchreError(f"{where}: the turn-up {card_str(case.turn_up)} is not of the trump suit (all nine cases are made in the turned-up suit)")
    for seat, call in case.calls:
        if call not in CALLS:
            raise EuchreError(f"{where}: call {call!r} is not one of {', '.join(CALLS)}")
        if not call_holds(call, seat, case.hands[seat], case):
            raise EuchreError(f"{where}: {SEATS[seat]}'s hand does not meet the reading of '{call}' ({CALL_TEXT[call]})")
    try:
        case.start(case.line)
    except EuchreError as exc:
        raise EuchreError(f"{where}: the book's line is not legal: {exc}") from None
    _check_prefix(case, case.coup_after, case.coup_player, [case.coup_card, case.natural], f"{where} coup")
    for claim in case.claims:
        cw = f"{where} claim {claim.id}"
        cards = [] if claim.cards is None else claim.cards
        if claim.kind in ("outcome", "better"):
            if claim.kind == "better" and (len(cards) != 1 or not claim.versus):
                raise EuchreError(f"{cw}: a 'better' claim names one card and at least one card in versus")
            _check_prefix(case, claim.after, claim.player, cards + claim.versus, cw)
            if claim.reading:
                for seq in (claim.reading["cards"], claim.reading.get("versus", [])):
                    try:
                        case.start(claim.after + seq)
                    except EuchreError as exc:
                        raise EuchreError(f"{cw} reading: {exc}") from None
        elif claim.kind in ("table-choice", "table-holding", "line"):
            _check_prefix(case, claim.after, claim.player, [], cw)


def _check_prefix(case: Case, after: list[int], player: int, cards: list[int], where: str) -> None:
    try:
        state = case.start(after)
    except EuchreError as exc:
        raise EuchreError(f"{where}: {exc}") from None
    if state.to_move != player:
        who = "nobody" if state.to_move is None else SEATS[state.to_move]
        raise EuchreError(f"{where}: after {' '.join(map(card_str, after)) or 'no cards'} it is {who}'s turn, not {SEATS[player]}'s")
    legal = state.legal()
    for c in cards:
        if c not in legal:
            raise EuchreError(f"{where}: {card_str(c)} is not a legal card for {SEATS[player]} there (legal: {' '.join(map(card_str, legal))})")


# --- double-dummy engines ------------------------------------------------------------------

class Engine:
    """A double-dummy solver: AC's tricks in the whole hand after each legal card of the player to move."""

    name = "abstract"

    def move_values(self, hands, trump: int, leader: int, alone: int | None, played: Sequence[int]) -> dict[int, int]:
        raise NotImplementedError

    def value(self, hands, trump: int, leader: int, alone: int | None, played: Sequence[int]) -> int:
        """AC's tricks in the whole hand from the position after ``played``."""
        raise NotImplementedError


class ReferenceEngine(Engine):
    name = "reference"

    def move_values(self, hands, trump, leader, alone, played):
        state = reference.start(hands, trump, leader, alone, list(played))
        return dict(reference.solve_state(state, analyse=True).moves)

    def value(self, hands, trump, leader, alone, played):
        state = reference.start(hands, trump, leader, alone, list(played))
        return reference.solve_state(state).tricks["AC"]


def compiled_available() -> bool:
    try:
        import fastcore.solver  # noqa: F401
    except ImportError:
        return False
    return True


class CompiledEngine(Engine):
    """fastcore.solver: the same answers as the reference, compiled."""

    name = "compiled"

    def __init__(self):
        try:
            from fastcore import solver
        except ImportError:
            raise EuchreError("the compiled solver fastcore.solver is not built: run `make build`, or use the reference engine") from None
        self._solver = solver

    def _position(self, hands, trump, leader, alone, played):
        # The compiled solver takes a position (cards still held, the trick on the table);
        # the replay also checks the played cards.
        state = reference.start(hands, trump, leader, alone, list(played))
        masks = np.array([mask_of(h) for h in state.hands], dtype=np.uint32)
        lone = -1 if alone is None else alone
        return state, (masks, trump, state.leader, [c for _, c in state.trick], lone, 0)

    def move_values(self, hands, trump, leader, alone, played):
        state, args = self._position(hands, trump, leader, alone, played)
        _seat, values = self._solver.move_values(*args)
        return {int(c): state.won[0] + int(v) for c, v in values.items()}

    def value(self, hands, trump, leader, alone, played):
        state, args = self._position(hands, trump, leader, alone, played)
        if state.finished:
            return state.won[0]
        return state.won[0] + int(self._solver.solve_position(*args))


def get_engine(name: str = "auto") -> Engine:
    """``reference``, ``compiled``, or ``auto`` (the compiled one when it is built)."""
    if name == "reference":
        return ReferenceEngine()
    if name == "compiled":
        return CompiledEngine()
    if name == "auto":
        return CompiledEngine() if compiled_available() else ReferenceEngine()
    raise EuchreError(f"engine {name!r} is unknown: use auto, reference or compiled")


# --- values --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Value:
    """A double-dummy result from the makers' side: their tricks and the points of the hand."""

    makers_tricks: int
    points: tuple[int, int]          # (AC, BD)

    def net(self, side: int) -> int:
        """Points to ``side`` minus points to the other side."""
        return self.points[side] - self.points[1 - side]

    @property
    def outcome(self) -> str:
        if self.makers_tricks == 5:
            return "march"
        return "made" if self.makers_tricks >= 3 else "euchred"

    def short(self) -> str:
        return f"{self.makers_tricks}"


def value_of(case: Case, ac_tricks: int) -> Value:
    mt = ac_tricks if case.makers == 0 else 5 - ac_tricks
    pts = score_hand(case.maker, case.alone, mt)
    return Value(mt, (pts["AC"], pts["BD"]))


def outcome_holds(value: Value, outcome: str) -> bool:
    if outcome.startswith("tricks="):
        return value.makers_tricks == int(outcome.split("=", 1)[1])
    if outcome == "made":
        return value.makers_tricks >= 3
    return value.outcome == outcome


def describe(value: Value) -> str:
    who = "makers"
    pts = f"AC {value.points[0]}, BD {value.points[1]}"
    return f"{who} {value.makers_tricks} tricks, {value.outcome} ({pts})"


# --- replay of the book's line -------------------------------------------------------------

@dataclass
class Step:
    index: int                      # 0-based position in the line
    trick: int                      # 1-based
    seat: int
    card: int
    values: dict[int, Value]        # every legal card's value
    coup: bool = False

    @property
    def book(self) -> Value:
        return self.values[self.card]

    def best_net(self) -> int:
        side = side_of(self.seat)
        return max(v.net(side) for v in self.values.values())

    @property
    def book_is_best(self) -> bool:
        return self.book.net(side_of(self.seat)) == self.best_net()

    def better_cards(self) -> list[int]:
        side = side_of(self.seat)
        b = self.book.net(side)
        return [c for c, v in self.values.items() if v.net(side) > b]


def replay(case: Case, engine: Engine) -> list[Step]:
    """Each card of the book's line with the double-dummy value of every legal card there."""
    steps = []
    state = case.start()
    n_active = len(active_seats(case.lone))
    for i, card in enumerate(case.line):
        seat = state.to_move
        raw = engine.move_values(case.hands, case.trump, default_leader(case.lone), case.lone, case.line[:i])
        values = {c: value_of(case, v) for c, v in sorted(raw.items())}
        coup = i == len(case.coup_after) and card == case.coup_card and case.line[:i] == case.coup_after
        steps.append(Step(i, i // n_active + 1, seat, card, values, coup))
        state.play(card)
    return steps


def line_result(case: Case, engine: Engine) -> tuple[Value, bool]:
    """The value at the end of the book's line, and whether the line is played to the end."""
    state = case.start(case.line)
    if state.finished:
        return value_of(case, state.won[0]), True
    v = engine.value(case.hands, case.trump, default_leader(case.lone), case.lone, case.line)
    return value_of(case, v), False


# --- claims --------------------------------------------------------------------------------

@dataclass
class Verdict:
    claim: Claim
    verdict: str          # "true", "false", "true only under a reading", "not checkable", "inconclusive"
    detail: str
    reading: str = ""
    values: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        out = {"id": self.claim.id, "text": self.claim.text, "kind": self.claim.kind,
               "player": SEATS[self.claim.player], "verdict": self.verdict, "detail": self.detail}
        if self.reading:
            out["reading"] = self.reading
        if self.values:
            out["values"] = self.values
        return out


def _seq_value(case: Case, engine: Engine, after: list[int], seq: list[int]) -> Value:
    played = list(after) + list(seq)
    case.start(played)  # legality, with a clear message
    return value_of(case, engine.value(case.hands, case.trump, default_leader(case.lone), case.lone, played))


def check_claim(case: Case, claim: Claim, engine: Engine) -> Verdict:
    """The double-dummy verdict on one claim (table-side claims are judged in :func:`table_view`)."""
    if claim.kind == "advice":
        return Verdict(claim, "not checkable", "advice about other deals: no statement about this deal to check")
    if claim.kind in ("table-choice", "table-holding"):
        return Verdict(claim, "see table-side view", "judged on the sampled worlds, not on this deal")
    if claim.kind == "line":
        value, complete = line_result(case, engine)
        ok = outcome_holds(value, claim.outcome)
        how = "played to the end" if complete else "completed double-dummy"
        return Verdict(claim, "true" if ok else "false",
                       f"the book's line ({how}): {describe(value)}; claimed: {claim.outcome}",
                       values={"line": value.makers_tricks})
    if claim.kind == "outcome":
        state = case.start(claim.after)
        cards = state.legal() if claim.cards is None else claim.cards
        raw = engine.move_values(case.hands, case.trump, default_leader(case.lone), case.lone, claim.after)
        vals = {c: value_of(case, raw[c]) for c in cards}
        bad = [c for c, v in vals.items() if not outcome_holds(v, claim.outcome)]
        parts = ", ".join(f"{card_str(c)}: {v.makers_tricks} ({v.outcome})" for c, v in vals.items())
        detail = f"makers' tricks after {parts}; claimed: {claim.outcome}"
        values = {card_str(c): v.makers_tricks for c, v in vals.items()}
        if not bad:
            return Verdict(claim, "true", detail, values=values)
        detail += f"; fails for {' '.join(map(card_str, bad))}"
        if claim.reading:
            rv = _seq_value(case, engine, claim.after, claim.reading["cards"])
            detail += f". Under the reading ({' '.join(map(card_str, claim.reading['cards']))}): {describe(rv)}"
            if outcome_holds(rv, claim.outcome):
                return Verdict(claim, "true only under a reading", detail, reading=claim.reading["text"], values=values)
        return Verdict(claim, "false", detail, values=values)
    # better: the player's side scores more with `cards` than with each of `versus`
    side = side_of(claim.player)
    mine = _seq_value(case, engine, claim.after, claim.cards or [])
    theirs = {c: _seq_value(case, engine, claim.after, [c]) for c in claim.versus}
    gains = {c: mine.net(side) - v.net(side) for c, v in theirs.items()}
    values = {"+".join(map(card_str, claim.cards or [])): mine.makers_tricks}
    values.update({card_str(c): v.makers_tricks for c, v in theirs.items()})
    detail = (f"{' '.join(map(card_str, claim.cards or []))}: {describe(mine)}; "
              + "; ".join(f"{card_str(c)}: {describe(v)}" for c, v in theirs.items()))
    if all(g > 0 for g in gains.values()):
        return Verdict(claim, "true", detail, values=values)
    if claim.reading:
        rm = _seq_value(case, engine, claim.after, claim.reading["cards"])
        rv = _seq_value(case, engine, claim.after, claim.reading["versus"])
        detail += (f". Under the reading: {' '.join(map(card_str, claim.reading['cards']))}: {describe(rm)}; "
                   f"{' '.join(map(card_str, claim.reading['versus']))}: {describe(rv)}")
        if rm.net(side) > rv.net(side):
            return Verdict(claim, "true only under a reading", detail, reading=claim.reading["text"], values=values)
    ties = [card_str(c) for c, g in gains.items() if g == 0]
    losses = [card_str(c) for c, g in gains.items() if g < 0]
    why = ([f"ties with {' '.join(ties)}"] if ties else []) + ([f"loses to {' '.join(losses)}"] if losses else [])
    return Verdict(claim, "false", detail + f" (double-dummy it {' and '.join(why)})", values=values)


def check_claims_under_readings(case: Case, engine: Engine) -> list[dict]:
    """Each alternative reading of a misprinted hand: are the claims' verdicts unchanged?

    A reading ``{seat, replace, by}`` swaps one card of a hand. For a reading we also try every
    card outside the four hands in place of the doubtful one, so a verdict that depends on the
    repair shows up.
    """
    out = []
    for r in case.readings:
        seat, old = parse_seat(r["seat"]), parse_card(r["by"])
        dealt = {c for h in case.hands for c in h}
        results = {}
        for sub in sorted(set(pack_cards(32)) - dealt | {old}):
            hands = [list(h) for h in case.hands]
            hands[seat] = [sub if c == old else c for c in hands[seat]]
            swap = lambda cards: [sub if c == old else c for c in cards]  # noqa: E731
            alt = case.with_hands(hands)
            alt.claims = [replace(cl, after=swap(cl.after)) for cl in case.claims]
            try:
                verdicts = [check_claim(alt, cl, engine).verdict for cl in alt.claims
                            if cl.kind in ("outcome", "better")]
            except EuchreError:
                results[card_str(sub)] = "illegal"
                continue
            results[card_str(sub)] = ",".join(verdicts)
        out.append({"reading": r["name"], "doubtful": r["replace"], "chosen": r["by"], "by_substitute": results,
                    "stable": len(set(v for v in results.values() if v != "illegal")) == 1})
    return out


# --- the table-side view -------------------------------------------------------------------

@dataclass
class Knowledge:
    """What the coup player knows at the coup card, as constraints on a world."""

    player: int
    fixed: list[list[int]]          # cards known to be (or have been) in each seat's hand
    need: list[int]                 # further cards each seat holds, unknown to the player
    voids: list[int]                # per seat: bitmask of effective suits he showed out of
    pool: list[int]                 # the cards the player cannot place
    played: list[list[int]]         # the cards each seat has played so far


def knowledge(case: Case, player: int, after: Sequence[int]) -> Knowledge:
    """The coup player's knowledge after ``after``: his hand, the turn-up, the cards played, the voids."""
    state = case.start()
    played_by: list[list[int]] = [[] for _ in range(4)]
    voids = [0, 0, 0, 0]
    for card in after:
        seat = state.to_move
        if state.trick:
            led = effective_suit(state.trick[0][1], case.trump)
            if effective_suit(card, case.trump) != led:
                voids[seat] |= 1 << led
        played_by[seat].append(card)
        state.play(card)
    fixed = [list(played_by[s]) for s in range(4)]
    fixed[player] = list(case.hands[player])
    if case.turn_up not in fixed[0]:
        fixed[0].append(case.turn_up)  # the dealer took it up; everyone saw it
    known = {c for f in fixed for c in f}
    pool = [c for c in pack_cards(32) if c not in known]
    need = [5 - len(fixed[s]) for s in range(4)]
    return Knowledge(player, fixed, need, voids, pool, played_by)


def _world_ok(k: Knowledge, hands: list[list[int]], trump: int) -> bool:
    for s in range(4):
        v = k.voids[s]
        if v and any(v >> effective_suit(c, trump) & 1 for c in hands[s] if c not in k.fixed[s]):
            return False
    return True


def sample_worlds_python(k: Knowledge, trump: int, n: int, rng: np.random.Generator,
                         accept: Callable[[list[list[int]]], bool] | None = None,
                         max_draws: int | None = None) -> tuple[list[list[list[int]]], int]:
    """Uniform worlds consistent with ``k`` (rejection on voids and on ``accept``).

    Returns (worlds, candidates): the candidates are the draws consistent with the cards and
    voids that ``accept`` judged, so ``len(worlds) / candidates`` is the acceptance of the calls.

    A pure-Python sampler: each draw shuffles the unplaced cards, deals each seat the number of
    cards he still lacks (the rest stay out of play), and keeps the deal if every shown void
    holds and ``accept`` agrees. Uniform over the worlds consistent with the constraints.
    """
    pool = np.array(k.pool)
    total_need = sum(k.need)
    if total_need > len(pool):
        raise EuchreError("the coup player's knowledge leaves fewer unseen cards than the hands need")
    worlds, draws, candidates = [], 0, 0
    max_draws = max_draws or 2000 * max(n, 1)
    while len(worlds) < n:
        if draws >= max_draws:
            raise EuchreError(f"only {len(worlds)} of {n} worlds found in {draws} draws: the constraints are nearly unsatisfiable")
        draws += 1
        perm = rng.permutation(pool)
        hands, at = [], 0
        for s in range(4):
            hands.append(list(k.fixed[s]) + [int(c) for c in perm[at:at + k.need[s]]])
            at += k.need[s]
        if not _world_ok(k, hands, trump):
            continue
        candidates += 1
        if accept is not None and not accept(hands):
            continue
        worlds.append(hands)
    return worlds, candidates


def sampler_available() -> bool:
    try:
        import fastcore.sampler  # noqa: F401
    except ImportError:
        return False
    return True


def sample_worlds_fastcore(k: Knowledge, trump: int, n: int, seed: int,
                           accept: Callable[[list[list[int]]], bool] | None = None) -> tuple[list[list[list[int]]], int]:
    """The same worlds drawn by the constrained sampler fastcore.sampler (uniform by construction).

    The cards still to be played are sampled: the played cards are out of play, each seat holds
    5 less what he has played, the coup player's remaining cards and the dealer's turn-up (if
    unplayed) are fixed, and every shown void is a constraint. A world is then the hands at the
    start of play: each seat's sampled cards plus the cards he played.
    """
    from fastcore.sampler import Constraints, sample_deals

    remaining_known = [[c for c in k.fixed[s] if c not in k.played[s]] for s in range(4)]
    out = [c for s in range(4) for c in k.played[s]]
    voids = [(s, suit, trump) for s in range(4) for suit in range(4) if k.voids[s] >> suit & 1]
    sizes = tuple(5 - len(k.played[s]) for s in range(4))
    con = Constraints(hands=remaining_known, out=out, voids=voids, hand_sizes=sizes)

    def worlds_of(deals):
        return [[deals.hand(i, s) + list(k.played[s]) for s in range(4)] for i in range(len(deals))]

    judge = None
    if accept is not None:
        def judge(deals):
            return np.array([accept(w) for w in worlds_of(deals)], dtype=bool)
    deals = sample_deals(n, np.random.SeedSequence(seed), 32, con, judge)
    worlds = worlds_of(deals)
    return worlds, (deals.candidates if accept is not None else len(worlds))


def sample_worlds(k: Knowledge, trump: int, n: int, seed: int,
                  accept: Callable[[list[list[int]]], bool] | None = None,
                  sampler: str = "auto") -> tuple[list[list[list[int]]], int, str]:
    """Worlds for the table-side view: (worlds, candidates judged by ``accept``, sampler name).

    ``sampler``: ``fastcore`` (the compiled constrained sampler), ``python`` (rejection, the
    reference), or ``auto`` (the compiled one when it is built).
    """
    if sampler == "auto":
        sampler = "fastcore" if sampler_available() else "python"
    if sampler == "fastcore":
        worlds, candidates = sample_worlds_fastcore(k, trump, n, seed, accept)
        return worlds, candidates, "fastcore"
    if sampler != "python":
        raise EuchreError(f"sampler {sampler!r} is unknown: use auto, fastcore or python")
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    worlds, candidates = sample_worlds_python(k, trump, n, rng, accept)
    return worlds, candidates, "python"


def _holding_ok(extra: str, world: list[list[int]], case: Case, after: Sequence[int]) -> bool:
    """Named inferences from the play, as predicates on a world."""
    if extra == "first-lead-top-trump":
        # The leader of trick one, leading a trump, led his highest one.
        if not after:
            return True
        leader = default_leader(case.lone)
        first = after[0]
        if not is_trump(first, case.trump):
            return True
        return all(trump_order(c, case.trump) <= trump_order(first, case.trump)
                   for c in world[leader] if is_trump(c, case.trump))
    raise EuchreError(f"unknown inference {extra!r}")


EXTRA_TEXT = {"first-lead-top-trump": "the leader of the first trick, leading a trump, led his highest trump"}


def call_predicate(case: Case, calls: Sequence[tuple[int, str]], player: int) -> Callable[[list[list[int]]], bool]:
    """The calls the player heard (his own excepted) as one predicate on a world."""
    others = [(s, c) for s, c in calls if s != player and c != "pass"]

    def accept(world):
        return all(call_holds(c, s, world[s], case) for s, c in others)
    return accept


def book_policy_available() -> bool:
    try:
        from analysis.book_policy import BookPolicy  # noqa: F401
    except ImportError:
        return False
    return True


_ACTIONS = {"pass": "pass", "order": "order up", "assist": "assist", "adopt": "take up", "alone": "alone"}


def book_call_predicate(case: Case, calls: Sequence[tuple[int, str]], player: int) -> Callable[[list[list[int]]], bool]:
    """The calls the player heard as the book policy's decisions (analysis.book_policy).

    Each call of a player other than the coup player must be what the book policy would call
    with that player's hand in that world, at the case's score, after the calls before it. The
    dealer's hand before his discard is not known (the book never prints the discard), so his
    taking up is judged by the stand-in reading, and his lone hand by the policy's judgement of
    the five cards he plays with.
    """
    from analysis.book_policy import BookPolicy
    from analysis.policy import Call, Situation

    policy = BookPolicy()
    steps = []
    history: list = []
    for seat, call in calls:
        steps.append((seat, call, tuple(history)))
        if call == "alone":
            if history and history[-1].seat == seat:
                history[-1] = Call(seat, history[-1].action, alone=True)
            else:
                history.append(Call(seat, "take up" if seat == 0 else "order up", alone=True))
        else:
            history.append(Call(seat, _ACTIONS[call]))

    def score_for(seat):
        ac, bd = case.score_points
        return (ac, bd) if side_of(seat) == 0 else (bd, ac)

    def accept(world):
        for seat, call, before in steps:
            if seat == player:
                continue
            hand = mask_of(world[seat])
            sit = Situation(seat=seat, hand=hand, turn_up=case.turn_up, round=1, score=score_for(seat),
                            calls=before, trump=case.trump)
            if seat == 0:
                if call == "alone":
                    if not policy.lone_hand(sit, hand, with_assistance=sit.partner_called):  # L7
                        return False
                elif not call_holds(call, seat, world[seat], case):
                    return False
                continue
            if call == "alone":
                if not policy.alone(sit):
                    return False
            elif policy.first_round(sit) != _ACTIONS[call]:
                return False
        return True
    return accept


def mean_ci(x: np.ndarray) -> tuple[float, float, float, float]:
    """Mean, standard error and a 95% normal interval."""
    n = len(x)
    m = float(np.mean(x)) if n else float("nan")
    se = float(np.std(x, ddof=1) / math.sqrt(n)) if n > 1 else float("nan")
    return m, se, m - 1.96 * se, m + 1.96 * se


@dataclass
class TableView:
    player: int
    coup: int
    natural: int
    worlds: int
    draws: int
    sampler: str
    engine: str
    calls_used: list[str]
    gain: float
    se: float
    lo: float
    hi: float
    share_gain: float
    share_loss: float
    share_tie: float
    unconstrained: dict
    book: dict = field(default_factory=dict)
    holdings: list[dict] = field(default_factory=list)
    choices: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "player": SEATS[self.player], "coup": card_str(self.coup), "natural": card_str(self.natural),
            "worlds": self.worlds, "draws": self.draws, "acceptance": self.worlds / self.draws if self.draws else None,
            "sampler": self.sampler, "engine": self.engine, "calls": self.calls_used,
            "mean_gain_points": self.gain, "se": self.se, "ci95": [self.lo, self.hi],
            "share_gain": self.share_gain, "share_loss": self.share_loss, "share_tie": self.share_tie,
            "cards_only": self.unconstrained, "book_policy_calls": self.book,
            "holdings": self.holdings, "table_claims": self.choices,
        }


def _gains(case: Case, worlds, after, player, coup, natural, engine: Engine) -> np.ndarray:
    side = side_of(player)
    out = np.empty(len(worlds))
    for i, w in enumerate(worlds):
        raw = engine.move_values(w, case.trump, default_leader(case.lone), case.lone, after)
        out[i] = value_of(case, raw[coup]).net(side) - value_of(case, raw[natural]).net(side)
    return out


def _summary(g: np.ndarray) -> dict:
    m, se, lo, hi = mean_ci(g)
    n = len(g)
    return {"worlds": n, "mean_gain_points": m, "se": se, "ci95": [lo, hi],
            "share_gain": float(np.mean(g > 0)) if n else float("nan"),
            "share_loss": float(np.mean(g < 0)) if n else float("nan"),
            "share_tie": float(np.mean(g == 0)) if n else float("nan")}


def table_view(case: Case, engine: Engine, n_worlds: int = 200, seed: int = 1888) -> TableView:
    """Sample the coup player's worlds and weigh the coup card against the natural play in each."""
    p, after = case.coup_player, case.coup_after
    k = knowledge(case, p, after)
    accept = call_predicate(case, case.calls, p)
    worlds, draws, sampler = sample_worlds(k, case.trump, n_worlds, seed, accept)
    g = _gains(case, worlds, after, p, case.coup_card, case.natural, engine)
    s = _summary(g)
    # The same question without the calls: how much do the calls change the picture?
    free, _, _ = sample_worlds(k, case.trump, n_worlds, seed + 1, None)
    free_s = _summary(_gains(case, free, after, p, case.coup_card, case.natural, engine))
    book = book_view(case, engine, k, n_worlds, seed + 3)
    calls_used = [f"{SEATS[s_]} {CALL_TEXT[c]}" for s_, c in case.calls if s_ != p]
    view = TableView(p, case.coup_card, case.natural, len(worlds), draws, sampler, engine.name, calls_used,
                     s["mean_gain_points"], s["se"], s["ci95"][0], s["ci95"][1],
                     s["share_gain"], s["share_loss"], s["share_tie"], free_s, book)
    for claim in case.claims:
        if claim.kind == "table-holding":
            view.holdings.append(_holding(case, claim, k, worlds, free, after))
        elif claim.kind == "table-choice":
            view.choices.append(_choice(case, claim, engine, n_worlds, seed + 2))
    return view


def book_view(case: Case, engine: Engine, k: Knowledge, n: int, seed: int) -> dict:
    """The coup weighed over the worlds where every call heard is the book policy's call."""
    if not book_policy_available():
        return {"available": False}
    p = case.coup_player
    accept = book_call_predicate(case, case.calls, p)
    out = {"available": True, "true_deal_accepted": bool(accept(case.hands))}
    try:
        worlds, candidates, _ = sample_worlds(k, case.trump, n, seed, accept)
    except EuchreError as exc:
        out["error"] = str(exc)
        return out
    out.update(_summary(_gains(case, worlds, case.coup_after, p, case.coup_card, case.natural, engine)))
    out["acceptance"] = len(worlds) / candidates if candidates else None
    return out


def _holding(case: Case, claim: Claim, k: Knowledge, worlds, free, after) -> dict:
    target = set(claim.trumps)

    def exact(w):
        return {c for c in w[claim.seat] if is_trump(c, case.trump)} == target
    with_calls = float(np.mean([exact(w) for w in worlds]))
    cards_only = float(np.mean([exact(w) for w in free]))
    inferred = [w for w in worlds if all(_holding_ok(e, w, case, after) for e in claim.extra)]
    with_extra = float(np.mean([exact(w) for w in inferred])) if inferred else float("nan")
    true_deal = exact(case.hands)
    return {"claim": claim.id, "seat": SEATS[claim.seat], "trumps": [card_str(c) for c in claim.trumps],
            "true_on_the_deal": true_deal, "share_cards_only": cards_only, "share_with_calls": with_calls,
            "inferences": [EXTRA_TEXT[e] for e in claim.extra],
            "share_with_calls_and_inferences": with_extra,
            "worlds_kept_by_inferences": len(inferred)}


def _choice(case: Case, claim: Claim, engine: Engine, n: int, seed: int) -> dict:
    p = claim.player
    k = knowledge(case, p, claim.after)
    calls = claim.calls if claim.calls is not None else case.calls
    worlds, draws, _ = sample_worlds(k, case.trump, n, seed, call_predicate(case, calls, p))
    s = _summary(_gains(case, worlds, claim.after, p, claim.better, claim.worse, engine))
    s.update({"claim": claim.id, "better": card_str(claim.better), "worse": card_str(claim.worse),
              "calls": [f"{SEATS[x]} {CALL_TEXT[c]}" for x, c in calls if x != p],
              "acceptance": len(worlds) / draws})
    return s


def table_verdict(view: TableView, claim: Claim) -> Verdict:
    """The verdict of a table-side claim from the sampled worlds."""
    if claim.kind == "table-holding":
        h = next(x for x in view.holdings if x["claim"] == claim.id)
        share = h["share_with_calls"]
        ext = h["share_with_calls_and_inferences"]
        detail = (f"{h['seat']} holds exactly {' '.join(h['trumps'])} as trumps in {h['share_cards_only']:.0%} of the worlds "
                  f"from the cards alone, {share:.0%} with the calls, {ext:.0%} adding: {'; '.join(h['inferences'])}")
        if share == 1.0:
            return Verdict(claim, "true", detail)
        if ext == 1.0:
            return Verdict(claim, "true only under a reading", detail,
                           reading="; ".join(view.calls_used + h["inferences"]))
        return Verdict(claim, "false", detail)
    c = next(x for x in view.choices if x["claim"] == claim.id)
    lo, hi = c["ci95"]
    detail = (f"{c['better']} rather than {c['worse']}: mean gain {c['mean_gain_points']:+.3f} points "
              f"(95% CI {lo:+.3f} to {hi:+.3f}) over {c['worlds']} worlds with {'; '.join(c['calls']) or 'no calls'}")
    if lo > 0:
        return Verdict(claim, "true", detail)
    if hi < 0:
        return Verdict(claim, "false", detail)
    return Verdict(claim, "inconclusive", detail + "; the interval holds 0")


# --- the whole analysis of a case ----------------------------------------------------------

@dataclass
class CaseResult:
    case: Case
    steps: list[Step]
    final: Value
    complete: bool
    verdicts: list[Verdict]
    readings: list[dict]
    table: TableView | None

    def improvements(self) -> list[dict]:
        """Cards of the book's line where double-dummy play finds a better card for the mover's side."""
        out = []
        for st in self.steps:
            better = st.better_cards()
            if better:
                side = side_of(st.seat)
                out.append({"trick": st.trick, "seat": SEATS[st.seat], "side": "AC" if side == 0 else "BD",
                            "book": card_str(st.card), "book_makers_tricks": st.book.makers_tricks,
                            "better": {card_str(c): st.values[c].makers_tricks for c in better},
                            "gain_points": st.best_net() - st.book.net(side)})
        return out

    def as_dict(self) -> dict:
        c = self.case
        return {
            "id": c.id, "case": c.number, "title": c.title, "trump": SUIT_NAMES[c.trump], "turn_up": card_str(c.turn_up),
            "maker": SEATS[c.maker], "how": c.how, "alone": c.alone, "score": c.score,
            "hands": {SEATS[s]: [card_str(x) for x in c.hands[s]] for s in range(4)},
            "c_not_printed": c.c_not_printed,
            "line": [card_str(x) for x in c.line],
            "coup": {"player": SEATS[c.coup_player], "trick": len(c.coup_after) // len(active_seats(c.lone)) + 1,
                     "card": card_str(c.coup_card), "natural": card_str(c.natural)},
            "steps": [{"trick": s.trick, "seat": SEATS[s.seat], "card": card_str(s.card), "coup": s.coup,
                       "makers_tricks": {card_str(x): v.makers_tricks for x, v in s.values.items()},
                       "points": {card_str(x): list(v.points) for x, v in s.values.items()},
                       "book_is_best": s.book_is_best} for s in self.steps],
            "line_result": {"makers_tricks": self.final.makers_tricks, "outcome": self.final.outcome,
                            "points": {"AC": self.final.points[0], "BD": self.final.points[1]},
                            "played_to_the_end": self.complete},
            "double_dummy_improvements": self.improvements(),
            "claims": [v.as_dict() for v in self.verdicts],
            "readings": self.readings,
            "notes": c.notes,
            "table_side": None if self.table is None else self.table.as_dict(),
        }


def analyse_case(case: Case, engine: Engine, n_worlds: int = 200, seed: int = 1888, table: bool = True) -> CaseResult:
    steps = replay(case, engine)
    final, complete = line_result(case, engine)
    view = table_view(case, engine, n_worlds, seed + int(case.id[1:]) * 7919) if table and n_worlds > 0 else None
    verdicts = []
    for claim in case.claims:
        if claim.kind.startswith("table-") and view is not None:
            verdicts.append(table_verdict(view, claim))
        else:
            verdicts.append(check_claim(case, claim, engine))
    readings = check_claims_under_readings(case, engine)
    return CaseResult(case, steps, final, complete, verdicts, readings, view)


# --- rendering -----------------------------------------------------------------------------

def _hand_text(cards: Sequence[int], trump: int) -> str:
    """Trumps first, highest first (bowers on top), then the plain suits S C H D, highest first."""
    return " ".join(card_str(c) for c in sorted(
        cards, key=lambda c: (0, -trump_order(c, trump)) if is_trump(c, trump) else (1 + suit_of(c), -rank_of(c))))


def diagram(case: Case) -> list[str]:
    """The four hands around the table as the book prints them: A above, D left, B right, C below."""
    label = {0: "A (dealer)", 1: "B", 2: "C", 3: "D"}
    if case.c_not_printed:
        label[2] = "C (not printed; placeholder, sits out)"
    elif case.lone is not None:
        label[partner_of(case.lone)] += " (sits out)"
    h = [_hand_text(x, case.trump) for x in case.hands]
    pad = " " * 22
    return [
        f"{pad}{label[0]}",
        f"{pad}{h[0]}",
        f"{label[3]:<22}{'':22}{label[1]}",
        f"{h[3]:<22}{'':22}{h[1]}",
        f"{pad}{label[2]}",
        f"{pad}{h[2]}",
    ]


def _made_text(case: Case) -> str:
    how = {"adopted": "A takes up the turn-up", "assisted": "C assists", "ordered": f"{SEATS[case.maker]} orders up",
           "alone": f"{SEATS[case.maker]} plays alone"}[case.how]
    if case.alone and case.how != "alone":
        how += f", and {SEATS[case.maker]} plays alone"
    return how


def trick_table(result: CaseResult) -> list[str]:
    """One row per card of the book's line: every legal card and the makers' tricks after it."""
    rows = ["trick seat card   makers' tricks after each legal card ([book's card], * coup)   note"]
    for st in result.steps:
        cells = []
        for c, v in st.values.items():
            mark = f"[{card_str(c)} {v.makers_tricks}]" if c == st.card else f"{card_str(c)} {v.makers_tricks}"
            cells.append(mark)
        note = []
        if st.coup:
            note.append("coup")
        better = st.better_cards()
        if better:
            note.append(f"better for {'AC' if side_of(st.seat) == 0 else 'BD'}: {' '.join(map(card_str, better))}")
        rows.append(f"{st.trick:>5} {SEATS[st.seat]:>4} {card_str(st.card) + ('*' if st.coup else ''):<6} "
                    f"{'  '.join(cells):<46} {'; '.join(note)}")
    return rows


def render_text(result: CaseResult) -> str:
    c = result.case
    out = [f"{c.id}  CASE {c.number}. {c.title}.", ""]
    out += diagram(c)
    out += ["", f"Trumps: {SUIT_NAMES[c.trump]} (turn-up {card_name(c.turn_up)}). {_made_text(c)}; makers {'AC' if c.makers == 0 else 'BD'}. "
            f"Score: {c.score}.", ""]
    out += trick_table(result)
    f = result.final
    how = "as played" if result.complete else "the book's line completed double-dummy"
    out += ["", f"Result of the book's line ({how}): makers {f.makers_tricks} tricks, {f.outcome}; points AC {f.points[0]}, BD {f.points[1]}."]
    imp = result.improvements()
    if imp:
        out.append("Double-dummy finds better cards than the book's:")
        for i in imp:
            out.append(f"  trick {i['trick']}, {i['seat']} ({i['side']}): {', '.join(f'{k} (makers {v})' for k, v in i['better'].items())} "
                       f"instead of {i['book']} (makers {i['book_makers_tricks']}), {i['gain_points']:+d} points for {i['side']}")
    else:
        out.append("Double-dummy finds no better card than the book's at any card of its line.")
    out += ["", "Claims:"]
    for v in result.verdicts:
        out.append(f"  {v.claim.id} [{v.verdict}] \"{v.claim.text}\"")
        out.append(f"      {v.detail}")
        if v.reading:
            out.append(f"      reading: {v.reading}")
    for r in result.readings:
        out.append(f"  reading of a misprint ({r['reading']}, doubtful {r['doubtful']}): verdicts "
                   f"{'the same' if r['stable'] else 'NOT the same'} with every undealt card in its place")
    t = result.table
    if t is not None:
        out += ["", f"Table-side view: {SEATS[t.player]} at the coup card, {card_str(t.coup)} (coup) against {card_str(t.natural)} (natural play)."]
        out.append(f"  {t.worlds} worlds ({t.sampler} sampler, {t.engine} solver), acceptance of the calls {t.worlds / t.draws:.1%}"
                   f" ({t.draws} candidate worlds); calls used: {'; '.join(t.calls_used) or 'none'}")
        out.append(f"  coup gains in {t.share_gain:.0%}, loses in {t.share_loss:.0%}, ties in {t.share_tie:.0%} of the worlds; "
                   f"mean gain {t.gain:+.3f} points for {SEATS[t.player]}'s side (95% CI {t.lo:+.3f} to {t.hi:+.3f})")
        u = t.unconstrained
        out.append(f"  from the cards alone (no calls): gains {u['share_gain']:.0%}, loses {u['share_loss']:.0%}, "
                   f"mean {u['mean_gain_points']:+.3f} (95% CI {u['ci95'][0]:+.3f} to {u['ci95'][1]:+.3f})")
        out.append("  " + book_text(t.book))
    out += ["", "Notes on the text:"] + [f"  - {n}" for n in c.notes]
    return "\n".join(out)


def render_summary(results: list[CaseResult]) -> str:
    """One line per claim and one per coup: what holds, what does not, what the table changed."""
    out = ["Summary of the verdicts", ""]
    counts: dict[str, int] = {}
    for r in results:
        for v in r.verdicts:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
            out.append(f"  {v.claim.id:<6} {v.verdict:<27} {v.claim.text[:90]}")
    out.append("")
    out.append("  " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    views = [r for r in results if r.table is not None]
    if views:
        out += ["", "Table-side view of each coup (mean gain of the coup over the natural play, points, 95% CI):"]
        for r in views:
            t = r.table
            out.append(f"  {r.case.id} {SEATS[t.player]} {card_str(t.coup)} vs {card_str(t.natural)}: {t.gain:+.3f} "
                       f"({t.lo:+.3f} to {t.hi:+.3f}); gains {t.share_gain:.0%}, loses {t.share_loss:.0%}, "
                       f"ties {t.share_tie:.0%} of {t.worlds} worlds; {table_word(t)}")
    return "\n".join(out)


def book_text(b: dict) -> str:
    """One sentence on the worlds where every call heard is the book policy's call."""
    if not b.get("available"):
        return "with the book policy's calls: not available (analysis.book_policy is not installed)"
    head = (f"with the book policy's calls (the real deal {'is' if b['true_deal_accepted'] else 'is NOT'} among them): ")
    if "error" in b:
        return head + f"no worlds ({b['error']})"
    return (head + f"acceptance {b['acceptance']:.1%}; gains {b['share_gain']:.0%}, loses {b['share_loss']:.0%}, "
            f"mean {b['mean_gain_points']:+.3f} (95% CI {b['ci95'][0]:+.3f} to {b['ci95'][1]:+.3f})")


def table_word(t: TableView) -> str:
    if t.share_tie == 1.0:
        return "equal in every world: double-dummy play cannot value it"
    if t.lo > 0:
        return "right from what he could know"
    if t.hi < 0:
        return "a loss on average over the worlds he could believe in"
    return "not shown right or wrong at this precision"


# --- the report ----------------------------------------------------------------------------

def _blocks(results: list[CaseResult], n_worlds: int, seed: int, engine: str) -> list[tuple]:
    """The report as blocks (kind, content), rendered to Markdown and to HTML alike."""
    b: list[tuple] = [("h1", "The book's coups, Cases I-IX (claims C1-C9)")]
    b.append(("p", "The Laws of Euchre (Leeds & Dwight, 1888) closes with nine cases of fine play. Each is laid out "
                   "here as the book prints it, its line of play is replayed with the double-dummy value of every "
                   "legal card at every card, each remark is checked as a statement about the deal, and the coup card "
                   "is weighed from the seat of the player who made it: over the worlds he could believe in at the table."))
    b.append(("p", "Double-dummy play is perfect-information play: both sides see all the cards. It favours whoever the "
                   "unseen cards favour and is an approximation of play at the table. A coup that wins double-dummy on "
                   "the printed deal may still be a poor play from what the player could know, and the reverse."))
    b.append(("h2", "Method"))
    b.append(("ul", [
        "Values: makers' tricks in the whole hand after each legal card, both sides playing perfectly afterwards; "
        "points by laws 2-3 (makers 3-4 tricks 1, 5 tricks 2 or 4 alone; makers under 3 are euchred, 2 to the adversaries, 4 against a lone hand).",
        "Verdicts: 'true', 'false', or 'true only under a reading' (the reading is stated: usually a reply the book supposes "
        "an adversary makes, which double-dummy play would not make). Table-side claims are 'true', 'false' or 'inconclusive' by their 95% interval.",
        f"Table-side view: {n_worlds} worlds per coup, sampled uniformly among the deals consistent with what the coup player "
        "knew: his own hand, the turn-up in the dealer's hand, the cards played so far and by whom, and every void shown "
        "(a player who did not follow the suit led holds none of it). The dealer's discard is not printed in any case, so "
        "it is treated as unknown: a dealer coup player is given one card less of knowledge than he had.",
        "The calls as constraints (a necessary condition on the caller's hand, drawn from the book's lists in General Remarks): "
        + "; ".join(f"{k}: {v}" for k, v in CALL_TEXT.items()) + ". The acceptance rate (worlds kept among candidates) shows how much the calls narrow the worlds.",
        "A second call model, when the book policy (analysis.book_policy) is installed: every call heard must be the call "
        "the book policy makes with that hand at the case's score (the dealer's taking up, whose hand before the discard is "
        "never printed, keeps the reading above). Its acceptance rate and whether the real deal passes are shown.",
        "Limits: each world is solved double-dummy, so after the coup card both sides play perfectly with all cards seen. "
        "A play whose value lies in what it tells or hides (Case II: the king or the queen, equals in A's hand) is worth "
        "exactly nothing there, and a coup that pays only through an adversary's later error (Case VIII: B throwing the ten "
        "of spades) cannot gain. Such cases are judged by their stated reading, not by the table-side numbers.",
        f"In each world the coup card and the natural play are solved double-dummy; the gain is the difference in the coup "
        f"player's side's net points (its points less the adversaries'; turning a made point into a euchre is worth 3, "
        f"and every 'points' figure of this report is counted so). Reported: the shares of worlds where the coup gains, loses or ties, the mean gain, "
        f"and its 95% normal interval. Seed {seed}; solver: {engine}.",
    ]))
    rows = [["claim", "verdict", "statement"]]
    for r in results:
        for v in r.verdicts:
            rows.append([v.claim.id, v.verdict, v.claim.text])
    b.append(("h2", "Summary of the claims"))
    b.append(("table", rows))
    views = [r for r in results if r.table is not None]
    if views:
        rows = [["case", "coup", "natural", "worlds", "acceptance", "gains", "loses", "ties", "mean gain (95% CI)", "verdict from the table"]]
        for r in views:
            t = r.table
            rows.append([r.case.id, f"{SEATS[t.player]} {card_str(t.coup)}", card_str(t.natural), str(t.worlds),
                         f"{t.worlds / t.draws:.1%}", f"{t.share_gain:.0%}", f"{t.share_loss:.0%}", f"{t.share_tie:.0%}",
                         f"{t.gain:+.3f} ({t.lo:+.3f} to {t.hi:+.3f})", table_word(t)])
        b.append(("h2", "The coups from the table"))
        b.append(("table", rows))
    b.append(("h2", "What holds and what does not"))
    b.append(("ul", conclusions(results)))
    for r in results:
        c = r.case
        b.append(("h2", f"{c.id}: Case {c.number}. {c.title}"))
        b.append(("pre", "\n".join(diagram(c))))
        b.append(("p", f"Trumps {SUIT_NAMES[c.trump]}, turn-up the {card_name(c.turn_up)}. {_made_text(c)}; the makers are "
                       f"{'A and C' if c.makers == 0 else 'B and D'}. Score: {c.score}."))
        b.append(("pre", "\n".join(trick_table(r))))
        f = r.final
        b.append(("p", f"The book's line {'as played' if r.complete else 'completed double-dummy'}: makers {f.makers_tricks} tricks, "
                       f"{f.outcome} (AC {f.points[0]}, BD {f.points[1]})."))
        imp = r.improvements()
        b.append(("p", "Double-dummy finds a better card than the book's: " + "; ".join(
            f"trick {i['trick']}, {i['seat']} ({i['side']}): {', '.join(i['better'])} instead of {i['book']}, {i['gain_points']:+d} points"
            for i in imp) + "." if imp else "Double-dummy finds no better card than the book's anywhere in its line."))
        b.append(("h3", "Claims"))
        b.append(("ul", [f"**{v.claim.id} — {v.verdict}.** \"{v.claim.text}\" {v.detail}." + (f" Reading: {v.reading}." if v.reading else "")
                         for v in r.verdicts]))
        for rd in r.readings:
            b.append(("p", f"Misprint check ({rd['reading']}): with each card outside the four hands in place of the doubtful "
                           f"{rd['doubtful']}, the verdicts are {'unchanged' if rd['stable'] else 'NOT unchanged'} "
                           f"({', '.join(f'{k}: {v}' for k, v in rd['by_substitute'].items())})."))
        if r.table is not None:
            t = r.table
            u = t.unconstrained
            b.append(("h3", "From the table"))
            items = [
                f"{SEATS[t.player]} at the coup: {card_str(t.coup)} (coup) against {card_str(t.natural)} (natural play); "
                f"{t.worlds} worlds, acceptance of the calls {t.worlds / t.draws:.1%} of {t.draws} candidates "
                f"({'; '.join(t.calls_used) or 'no call constrains the worlds'}).",
                f"With the calls: the coup gains in {t.share_gain:.0%}, loses in {t.share_loss:.0%}, ties in {t.share_tie:.0%}; "
                f"mean gain {t.gain:+.3f} points (95% CI {t.lo:+.3f} to {t.hi:+.3f}): {table_word(t)}.",
                f"From the cards alone: gains {u['share_gain']:.0%}, loses {u['share_loss']:.0%}, ties {u['share_tie']:.0%}; "
                f"mean {u['mean_gain_points']:+.3f} (95% CI {u['ci95'][0]:+.3f} to {u['ci95'][1]:+.3f}).",
                book_text(t.book)[0].upper() + book_text(t.book)[1:] + ".",
            ]
            for h in t.holdings:
                items.append(f"{h['claim']}: {h['seat']} holds exactly {' '.join(h['trumps'])} as trumps in "
                             f"{h['share_cards_only']:.0%} of the worlds from the cards alone, {h['share_with_calls']:.0%} "
                             f"with the calls, and {h['share_with_calls_and_inferences']:.0%} of the {h['worlds_kept_by_inferences']} "
                             f"worlds left when also {'; '.join(h['inferences'])}.")
            for ch in t.choices:
                items.append(f"{ch['claim']}: with {'; '.join(ch['calls'])}, {ch['better']} rather than {ch['worse']} gains "
                             f"{ch['mean_gain_points']:+.3f} points (95% CI {ch['ci95'][0]:+.3f} to {ch['ci95'][1]:+.3f}); "
                             f"gains in {ch['share_gain']:.0%}, loses in {ch['share_loss']:.0%} of {ch['worlds']} worlds "
                             f"(acceptance {ch['acceptance']:.1%}).")
            b.append(("ul", items))
        b.append(("h3", "Notes on the text"))
        b.append(("ul", list(c.notes)))
    return b


def conclusions(results: list[CaseResult]) -> list[str]:
    """The note: which claims hold, which do not, what the table-side view changed."""
    by = {}
    for r in results:
        for v in r.verdicts:
            by.setdefault(v.verdict, []).append(v.claim.id)
    out = [f"{k.capitalize()}: {', '.join(ids)}." for k, ids in sorted(by.items())]
    errs = [f"{r.case.id} trick {i['trick']} {i['seat']} ({i['book']}; better {' '.join(i['better'])}, {i['gain_points']:+d} for {i['side']})"
            for r in results for i in r.improvements()]
    if errs:
        out.append("Double-dummy finds better cards than the book's line at: " + "; ".join(errs) + ".")
    for r in results:
        t = r.table
        if t is None:
            continue
        dd = next((s for s in r.steps if s.coup), None)
        if dd is None:
            continue
        side = side_of(t.player)
        dd_gain = dd.values[t.coup].net(side) - dd.values[t.natural].net(side)
        out.append(f"{r.case.id}: on the printed deal the coup gains {dd_gain:+d} points double-dummy over {card_str(t.natural)}; "
                   f"from {SEATS[t.player]}'s seat it gains {t.gain:+.3f} on average ({t.lo:+.3f} to {t.hi:+.3f}) — {table_word(t)}; "
                   f"from the cards alone, without the calls, {t.unconstrained['mean_gain_points']:+.3f} "
                   f"({t.unconstrained['ci95'][0]:+.3f} to {t.unconstrained['ci95'][1]:+.3f}).")
    return out


def _md_inline(text: str) -> str:
    return text


def _html_inline(text: str) -> str:
    parts = html.escape(text).split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def to_markdown(blocks: list[tuple]) -> str:
    out = []
    for kind, content in blocks:
        if kind == "h1":
            out.append(f"# {content}")
        elif kind == "h2":
            out.append(f"## {content}")
        elif kind == "h3":
            out.append(f"### {content}")
        elif kind == "p":
            out.append(content)
        elif kind == "pre":
            out.append("```\n" + content + "\n```")
        elif kind == "ul":
            out.append("\n".join(f"- {x}" for x in content))
        elif kind == "table":
            head, *rows = content
            cell = lambda x: str(x).replace("|", "\\|")  # noqa: E731
            out.append("\n".join(["| " + " | ".join(map(cell, head)) + " |", "|" + "---|" * len(head)]
                                 + ["| " + " | ".join(map(cell, r)) + " |" for r in rows]))
        out.append("")
    return "\n".join(out)


def to_html(blocks: list[tuple]) -> str:
    body = []
    for kind, content in blocks:
        if kind in ("h1", "h2", "h3"):
            body.append(f"<{kind}>{html.escape(content)}</{kind}>")
        elif kind == "p":
            body.append(f"<p>{_html_inline(content)}</p>")
        elif kind == "pre":
            body.append(f"<pre>{html.escape(content)}</pre>")
        elif kind == "ul":
            body.append("<ul>" + "".join(f"<li>{_html_inline(x)}</li>" for x in content) + "</ul>")
        elif kind == "table":
            head, *rows = content
            body.append("<table><thead><tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in head) + "</tr></thead><tbody>"
                        + "".join("<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in r) + "</tr>" for r in rows)
                        + "</tbody></table>")
    style = ("body{font-family:Georgia,serif;max-width:60em;margin:2em auto;padding:0 1em;line-height:1.45;color:#222}"
             "pre{background:#f6f4ee;padding:.6em;overflow-x:auto;font-size:.85em}"
             "table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top}"
             "th{background:#eee}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>The book's coups, Cases I-IX</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def write_report(results: list[CaseResult], n_worlds: int, seed: int, directory: str | Path | None = None) -> list[Path]:
    """Write ``report.md`` and a self-contained ``report.html`` for the cases analysed."""
    directory = Path(directory) if directory else REPORT_DIR
    directory.mkdir(parents=True, exist_ok=True)
    engine = results[0].table.engine if results and results[0].table else "compiled or reference"
    blocks = _blocks(results, n_worlds, seed, engine)
    md, page = directory / "report.md", directory / "report.html"
    from analysis.report import write_atomic  # whole files or none: never a half-written report
    write_atomic(md, lambda tmp: tmp.write_text(to_markdown(blocks), encoding="utf-8"))
    write_atomic(page, lambda tmp: tmp.write_text(to_html(blocks), encoding="utf-8"))
    return [md, page]

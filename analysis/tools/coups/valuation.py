"""The printed deal, double-dummy: the book's line replayed, every card valued, every remark checked.

A card's value is the makers' tricks over the whole hand after it, both sides playing perfectly
afterwards, and the points it brings (laws 2-3). A remark's finding is "true", "false", or "true
only under a reading" (a narrower statement, usually a reply the book supposes an adversary makes,
which double-dummy play would not make); the table-side remarks are checked in
:mod:`analysis.tools.coups.table`.

Double-dummy play is perfect-information play: it favours whoever the unseen cards favour and is
an approximation of play at the table.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from analysis.game.cards import SEATS, card_text, pack_cards, parse_card, parse_seat
from analysis.tools.coups.cases import Case, Remark
from analysis.errors import EuchreError
from analysis.game import score_hand
from analysis.game.cards import active_seats, side_of
from analysis.play import Solver


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


def value_of(case: Case, ac_tricks: int) -> Value:
    """The Value of a hand in which AC take ``ac_tricks`` tricks."""
    mt = ac_tricks if case.makers == 0 else 5 - ac_tricks
    pts = score_hand(case.maker, case.is_lone, mt)
    return Value(mt, (pts["AC"], pts["BD"]))


def card_values(case: Case, solver: Solver, played: Sequence[int]) -> dict[int, Value]:
    """The value of each legal card of the player to move after ``played``, by card."""
    return {c: value_of(case, v) for c, v in sorted(solver.move_values(case.start(played)).items())}


def position_value(case: Case, solver: Solver, played: Sequence[int]) -> Value:
    """The value of the position after ``played`` (checked card by card)."""
    return value_of(case, solver.tricks(case.start(played))[0])


def outcome_holds(value: Value, outcome: str) -> bool:
    if outcome.startswith("tricks="):
        return value.makers_tricks == int(outcome.split("=", 1)[1])
    if outcome == "made":
        return value.makers_tricks >= 3
    return value.outcome == outcome


def describe(value: Value) -> str:
    return f"makers {value.makers_tricks} tricks, {value.outcome} (A+C {value.points[0]}, B+D {value.points[1]})"


# --- the book's line -------------------------------------------------------------------------

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


def replay(case: Case, solver: Solver) -> list[Step]:
    """Each card of the book's line with the double-dummy value of every legal card there."""
    steps = []
    state = case.start()
    n_active = len(active_seats(case.lone_seat))
    for i, card in enumerate(case.line):
        seat = state.to_move
        values = card_values(case, solver, case.line[:i])
        coup = i == len(case.coup_after) and card == case.coup_card and case.line[:i] == case.coup_after
        steps.append(Step(i, i // n_active + 1, seat, card, values, coup))
        state.play(card)
    return steps


def line_result(case: Case, solver: Solver) -> tuple[Value, bool]:
    """The value at the end of the book's line, and whether the line is played to the end."""
    return position_value(case, solver, case.line), case.start(case.line).finished


# --- remarks ---------------------------------------------------------------------------------

@dataclass
class Finding:
    """What checking a remark found: its verdict word and the numbers behind it."""

    remark: Remark
    verdict: str          # "true", "false", "true only under a reading", "not checkable", "inconclusive"
    detail: str
    reading: str = ""
    values: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        out = {"id": self.remark.id, "text": self.remark.text, "kind": self.remark.kind,
               "player": SEATS[self.remark.player], "verdict": self.verdict, "detail": self.detail}
        if self.reading:
            out["reading"] = self.reading
        if self.values:
            out["values"] = self.values
        return out


def check_remark(case: Case, remark: Remark, solver: Solver) -> Finding:
    """The double-dummy finding on one remark (table-side remarks are checked on sampled worlds)."""
    if remark.kind == "advice":
        return Finding(remark, "not checkable", "advice about other deals: no statement about this deal to check")
    if remark.kind in ("table-choice", "table-holding"):
        return Finding(remark, "see table-side view", "judged on the sampled worlds, not on this deal")
    if remark.kind == "line":
        value, complete = line_result(case, solver)
        ok = outcome_holds(value, remark.outcome)
        how = "played to the end" if complete else "completed double-dummy"
        return Finding(remark, "true" if ok else "false",
                       f"the book's line ({how}): {describe(value)}; claimed: {remark.outcome}",
                       values={"line": value.makers_tricks})
    if remark.kind == "outcome":
        return _check_outcome(case, remark, solver)
    return _check_better(case, remark, solver)


def _check_outcome(case: Case, remark: Remark, solver: Solver) -> Finding:
    """Every card of the remark, followed by best play, ends in the claimed outcome."""
    every = card_values(case, solver, remark.after)
    vals = every if remark.cards is None else {c: every[c] for c in remark.cards}
    bad = [c for c, v in vals.items() if not outcome_holds(v, remark.outcome)]
    parts = ", ".join(f"{card_text(c)}: {v.makers_tricks} ({v.outcome})" for c, v in vals.items())
    detail = f"makers' tricks after {parts}; claimed: {remark.outcome}"
    values = {card_text(c): v.makers_tricks for c, v in vals.items()}
    if not bad:
        return Finding(remark, "true", detail, values=values)
    detail += f"; fails for {' '.join(map(card_text, bad))}"
    if remark.reading:
        rv = position_value(case, solver, remark.after + remark.reading["cards"])
        detail += f". Under the reading ({' '.join(map(card_text, remark.reading['cards']))}): {describe(rv)}"
        if outcome_holds(rv, remark.outcome):
            return Finding(remark, "true only under a reading", detail, reading=remark.reading["text"], values=values)
    return Finding(remark, "false", detail, values=values)


def _check_better(case: Case, remark: Remark, solver: Solver) -> Finding:
    """The player's side scores more with the remark's cards than with each card of ``versus``."""
    side = side_of(remark.player)
    cards = remark.cards or []
    mine = position_value(case, solver, remark.after + cards)
    theirs = {c: position_value(case, solver, remark.after + [c]) for c in remark.versus}
    gains = {c: mine.net(side) - v.net(side) for c, v in theirs.items()}
    values = {"+".join(map(card_text, cards)): mine.makers_tricks}
    values.update({card_text(c): v.makers_tricks for c, v in theirs.items()})
    detail = (f"{' '.join(map(card_text, cards))}: {describe(mine)}; "
              + "; ".join(f"{card_text(c)}: {describe(v)}" for c, v in theirs.items()))
    if all(g > 0 for g in gains.values()):
        return Finding(remark, "true", detail, values=values)
    if remark.reading:
        rm = position_value(case, solver, remark.after + remark.reading["cards"])
        rv = position_value(case, solver, remark.after + remark.reading["versus"])
        detail += (f". Under the reading: {' '.join(map(card_text, remark.reading['cards']))}: {describe(rm)}; "
                   f"{' '.join(map(card_text, remark.reading['versus']))}: {describe(rv)}")
        if rm.net(side) > rv.net(side):
            return Finding(remark, "true only under a reading", detail, reading=remark.reading["text"], values=values)
    ties = [card_text(c) for c, g in gains.items() if g == 0]
    losses = [card_text(c) for c, g in gains.items() if g < 0]
    why = ([f"ties with {' '.join(ties)}"] if ties else []) + ([f"loses to {' '.join(losses)}"] if losses else [])
    return Finding(remark, "false", detail + f" (double-dummy it {' and '.join(why)})", values=values)


def check_remarks_under_readings(case: Case, solver: Solver) -> list[dict]:
    """Each alternative reading of a misprinted hand: are the remarks' verdicts unchanged?

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
            def swap(cards, sub=sub):
                return [sub if c == old else c for c in cards]
            alt = case.with_hands([swap(h) if s == seat else list(h) for s, h in enumerate(case.hands)])
            alt.remarks = [replace(cl, after=swap(cl.after)) for cl in case.remarks]
            try:
                verdicts = [check_remark(alt, cl, solver).verdict for cl in alt.remarks
                            if cl.kind in ("outcome", "better")]
            except EuchreError:
                results[card_text(sub)] = "illegal"
                continue
            results[card_text(sub)] = ",".join(verdicts)
        out.append({"reading": r["name"], "doubtful": r["replace"], "chosen": r["by"], "by_substitute": results,
                    "stable": len(set(v for v in results.values() if v != "illegal")) == 1})
    return out

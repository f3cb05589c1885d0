"""The whole analysis of one case: the replay, the remarks, the misprint readings, the table-side view."""
from __future__ import annotations

from dataclasses import dataclass

from analysis.game import SEATS, SUIT_NAMES, card_text
from analysis.tools.coups.cases import Case
from analysis.tools.coups.table import TableView, table_finding, table_view
from analysis.tools.coups.valuation import Step, Value, Finding, check_remark, check_remarks_under_readings, line_result, replay
from analysis.game.cards import active_seats, side_of
from analysis.play import Solver
from analysis.seeds import DEFAULT_SEED, case_seed


@dataclass
class CaseResult:
    case: Case
    steps: list[Step]
    final: Value
    complete: bool
    findings: list[Finding]
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
                            "book": card_text(st.card), "book_makers_tricks": st.book.makers_tricks,
                            "better": {card_text(c): st.values[c].makers_tricks for c in better},
                            "gain_points": st.best_net() - st.book.net(side)})
        return out

    def as_dict(self) -> dict:
        c = self.case
        return {
            "id": c.id, "case": c.number, "title": c.title, "trump": SUIT_NAMES[c.trump], "turn_up": card_text(c.turn_up),
            "maker": SEATS[c.maker], "how": c.how, "alone": c.is_lone, "score": c.score,
            "hands": {SEATS[s]: [card_text(x) for x in c.hands[s]] for s in range(4)},
            "c_not_printed": c.c_not_printed,
            "line": [card_text(x) for x in c.line],
            "coup": {"player": SEATS[c.coup_player], "trick": len(c.coup_after) // len(active_seats(c.lone_seat)) + 1,
                     "card": card_text(c.coup_card), "natural": card_text(c.natural)},
            "steps": [{"trick": s.trick, "seat": SEATS[s.seat], "card": card_text(s.card), "coup": s.coup,
                       "makers_tricks": {card_text(x): v.makers_tricks for x, v in s.values.items()},
                       "points": {card_text(x): list(v.points) for x, v in s.values.items()},
                       "book_is_best": s.book_is_best} for s in self.steps],
            "line_result": {"makers_tricks": self.final.makers_tricks, "outcome": self.final.outcome,
                            "points": {"AC": self.final.points[0], "BD": self.final.points[1]},
                            "played_to_the_end": self.complete},
            "double_dummy_improvements": self.improvements(),
            "claims": [v.as_dict() for v in self.findings],
            "readings": self.readings,
            "notes": c.notes,
            "table_side": None if self.table is None else self.table.as_dict(),
        }


def analyse_case(case: Case, solver: Solver, n_worlds: int = 200, seed: int = DEFAULT_SEED, table: bool = True) -> CaseResult:
    """Replay the case, check its remarks and, unless ``table`` is false or ``n_worlds`` is 0, take the table-side view."""
    steps = replay(case, solver)
    final, complete = line_result(case, solver)
    view = table_view(case, solver, n_worlds, case_seed(case.id, seed)) if table and n_worlds > 0 else None
    findings = []
    for remark in case.remarks:
        if remark.kind.startswith("table-") and view is not None:
            findings.append(table_finding(view, remark))
        else:
            findings.append(check_remark(case, remark, solver))
    readings = check_remarks_under_readings(case, solver)
    return CaseResult(case, steps, final, complete, findings, readings, view)

"""The table-side view: the coup card weighed from the seat of the player who made it.

At the coup card the worlds the coup player could believe in are sampled (see
:mod:`analysis.tools.coups.worlds`); each world is solved double-dummy for the coup card and for the
natural play, and the gain is the difference in his side's net points. Reported: the shares of
worlds where the coup gains, loses or ties, and the mean gain with its 95% interval
(:func:`analysis.experiment.stats.mean_estimate`), with the calls read as trump counts, with the cards alone,
and with the calls read as the book policy's. The table-side remarks are checked here too.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from analysis.game import SEATS, card_text, parse_card
from analysis.tools.coups.cases import CALL_TEXT, Case, Remark
from analysis.tools.coups.valuation import Finding, value_of
from analysis.tools.coups.worlds import INFERENCE_TEXT, Knowledge, World, book_call_predicate, call_predicate, inference_holds, knowledge, player_worlds
from analysis.errors import EuchreError
from analysis.game.cards import is_trump, side_of
from analysis.play import Solver
from analysis.seeds import DEFAULT_SEED
from analysis.experiment import mean_estimate

SAMPLER = "fastcore"   # the worlds' sampler, as the results name it


@dataclass
class TableView:
    player: int
    coup: int
    natural: int
    worlds: int
    draws: int                      # candidate worlds the calls judged
    solver: str
    calls_used: list[str]
    gain: float
    se: float
    lo: float
    hi: float
    share_gain: float
    share_loss: float
    share_tie: float
    unconstrained: dict             # the same question from the cards alone
    book: dict = field(default_factory=dict)
    holdings: list[dict] = field(default_factory=list)
    choices: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "player": SEATS[self.player], "coup": card_text(self.coup), "natural": card_text(self.natural),
            "worlds": self.worlds, "draws": self.draws, "acceptance": self.worlds / self.draws if self.draws else None,
            "sampler": SAMPLER, "engine": self.solver, "calls": self.calls_used,
            "mean_gain_points": self.gain, "se": self.se, "ci95": [self.lo, self.hi],
            "share_gain": self.share_gain, "share_loss": self.share_loss, "share_tie": self.share_tie,
            "cards_only": self.unconstrained, "book_policy_calls": self.book,
            "holdings": self.holdings, "table_claims": self.choices,
        }

    @classmethod
    def from_dict(cls, d: dict) -> "TableView":
        """The view as :meth:`as_dict` saved it (in ``verdicts.json``)."""
        low, high = d["ci95"]
        return cls(SEATS.index(d["player"]), parse_card(d["coup"]), parse_card(d["natural"]), d["worlds"], d["draws"],
                   d["engine"], list(d["calls"]), d["mean_gain_points"], d["se"], low, high, d["share_gain"],
                   d["share_loss"], d["share_tie"], d["cards_only"], d["book_policy_calls"], list(d["holdings"]),
                   list(d["table_claims"]))


def gains(case: Case, worlds: Sequence[World], after: Sequence[int], player: int, card: int, other: int,
          solver: Solver) -> np.ndarray:
    """Per world, the net points ``card`` gains over ``other`` for the player's side."""
    side = side_of(player)
    out = np.empty(len(worlds))
    for i, w in enumerate(worlds):
        raw = solver.move_values(case.with_hands(w).start(after))
        out[i] = value_of(case, raw[card]).net(side) - value_of(case, raw[other]).net(side)
    return out


def summary(g: np.ndarray) -> dict:
    """The mean gain with its 95% interval, and the shares of worlds where it gains, loses, ties."""
    e = mean_estimate(g)
    return {"worlds": len(g), "mean_gain_points": e.mean, "se": e.se, "ci95": [e.low, e.high],
            "share_gain": float(np.mean(g > 0)), "share_loss": float(np.mean(g < 0)),
            "share_tie": float(np.mean(g == 0))}


def table_view(case: Case, solver: Solver, n_worlds: int = 200, seed: int = DEFAULT_SEED) -> TableView:
    """Sample the coup player's worlds and weigh the coup card against the natural play in each."""
    p, after = case.coup_player, case.coup_after
    k = knowledge(case, p, after)
    worlds, draws = player_worlds(k, case.trump, n_worlds, seed, call_predicate(case, case.calls, p))
    s = summary(gains(case, worlds, after, p, case.coup_card, case.natural, solver))
    # The same question without the calls: how much do the calls change the picture?
    free, _ = player_worlds(k, case.trump, n_worlds, seed + 1)
    free_s = summary(gains(case, free, after, p, case.coup_card, case.natural, solver))
    book = book_view(case, solver, k, n_worlds, seed + 3)
    calls_used = [f"{SEATS[s_]} {CALL_TEXT[c]}" for s_, c in case.calls if s_ != p]
    view = TableView(p, case.coup_card, case.natural, len(worlds), draws, solver.name, calls_used,
                     s["mean_gain_points"], s["se"], s["ci95"][0], s["ci95"][1],
                     s["share_gain"], s["share_loss"], s["share_tie"], free_s, book)
    for remark in case.remarks:
        if remark.kind == "table-holding":
            view.holdings.append(_holding(case, remark, worlds, free, after))
        elif remark.kind == "table-choice":
            view.choices.append(_choice(case, remark, solver, n_worlds, seed + 2))
    return view


def book_view(case: Case, solver: Solver, k: Knowledge, n: int, seed: int) -> dict:
    """The coup weighed over the worlds where every call heard is the book policy's call."""
    p = case.coup_player
    accept = book_call_predicate(case, case.calls, p)
    # "available" stays in the results, which have always carried it
    out = {"available": True, "true_deal_accepted": bool(accept(case.hands))}
    try:
        worlds, candidates = player_worlds(k, case.trump, n, seed, accept)
    except EuchreError as exc:   # the policy's calls may leave (almost) no world
        out["error"] = str(exc)
        return out
    out.update(summary(gains(case, worlds, case.coup_after, p, case.coup_card, case.natural, solver)))
    out["acceptance"] = len(worlds) / candidates if candidates else None
    return out


def _holding(case: Case, remark: Remark, worlds: list[World], free: list[World], after: Sequence[int]) -> dict:
    target = set(remark.trumps)

    def exact(w: World) -> bool:
        return {c for c in w[remark.seat] if is_trump(c, case.trump)} == target
    with_calls = float(np.mean([exact(w) for w in worlds]))
    cards_only = float(np.mean([exact(w) for w in free]))
    inferred = [w for w in worlds if all(inference_holds(e, w, case, after) for e in remark.extra)]
    with_extra = float(np.mean([exact(w) for w in inferred])) if inferred else float("nan")
    return {"claim": remark.id, "seat": SEATS[remark.seat], "trumps": [card_text(c) for c in remark.trumps],
            "true_on_the_deal": exact(case.hands), "share_cards_only": cards_only, "share_with_calls": with_calls,
            "inferences": [INFERENCE_TEXT[e] for e in remark.extra],
            "share_with_calls_and_inferences": with_extra,
            "worlds_kept_by_inferences": len(inferred)}


def _choice(case: Case, remark: Remark, solver: Solver, n: int, seed: int) -> dict:
    p = remark.player
    k = knowledge(case, p, remark.after)
    calls = remark.calls if remark.calls is not None else case.calls
    worlds, draws = player_worlds(k, case.trump, n, seed, call_predicate(case, calls, p))
    s = summary(gains(case, worlds, remark.after, p, remark.better, remark.worse, solver))
    s.update({"claim": remark.id, "better": card_text(remark.better), "worse": card_text(remark.worse),
              "calls": [f"{SEATS[x]} {CALL_TEXT[c]}" for x, c in calls if x != p],
              "acceptance": len(worlds) / draws})
    return s


def table_finding(view: TableView, remark: Remark) -> Finding:
    """The finding on a table-side remark, from the sampled worlds."""
    if remark.kind == "table-holding":
        h = next(x for x in view.holdings if x["claim"] == remark.id)
        share = h["share_with_calls"]
        ext = h["share_with_calls_and_inferences"]
        detail = (f"{h['seat']} holds exactly {' '.join(h['trumps'])} as trumps in {h['share_cards_only']:.0%} of the worlds "
                  f"from the cards alone, {share:.0%} with the calls, {ext:.0%} adding: {'; '.join(h['inferences'])}")
        if share == 1.0:
            return Finding(remark, "true", detail)
        if ext == 1.0:
            return Finding(remark, "true only under a reading", detail,
                           reading="; ".join(view.calls_used + h["inferences"]))
        return Finding(remark, "false", detail)
    c = next(x for x in view.choices if x["claim"] == remark.id)
    lo, hi = c["ci95"]
    detail = (f"{c['better']} rather than {c['worse']}: mean gain {c['mean_gain_points']:+.3f} points "
              f"(95% CI {lo:+.3f} to {hi:+.3f}) over {c['worlds']} worlds with {'; '.join(c['calls']) or 'no calls'}")
    if lo > 0:
        return Finding(remark, "true", detail)
    if hi < 0:
        return Finding(remark, "false", detail)
    return Finding(remark, "inconclusive", detail + "; the interval holds 0")


def table_word(t: TableView) -> str:
    """What the table-side numbers say of the coup, in a few words."""
    if t.share_tie == 1.0:
        return "equal in every world: double-dummy play cannot value it"
    if t.lo > 0:
        return "right from what he could know"
    if t.hi < 0:
        return "a loss on average over the worlds he could believe in"
    return "not shown right or wrong at this precision"

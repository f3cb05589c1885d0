"""The deals that would decide a primary's replication, by its test's own rule: superiority (the
half-width half the margin: then any estimate decides), non-inferiority, supported only above a
threshold (and a coup, contradicted only below minus the margin), the intersection-union test.
Each number is checked by judging the cell again at that many deals, its estimate and spread per
deal held; where no number decides, at a trillion deals it still does not."""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from analysis.game.primary import primaries
from analysis.reporting import ledger as L
from analysis.reporting.primary_status import ESTIMATE_HELD, primary_tests, replication_of, rule_of

CELL = ("dd", "book", None, None)
MULTIPLES = (-2.5, -1.5, -1.2, -1.0, -0.9, -0.6, -0.5, -0.3, 0.0, 0.2, 0.4, 0.5, 0.7, 0.9, 1.0, 1.1, 1.5, 2.5)
NEVER = 10 ** 12


def saved(estimate: float, se: float, n: int = 10_000, key: str = "X") -> SimpleNamespace:
    return SimpleNamespace(estimate=estimate, se=se, n=n, dof=None, gained=None, lost=None, study="s", key=key)


def at(test, deals: float):
    """``test`` (or an intersection-union cell's contrasts) at ``deals`` deals of the cell, the
    estimate and the spread per deal held: every contrast grows in the same proportion."""
    if isinstance(test, dict):
        base = min(t.n for t in test.values())
        return {c: at(t, t.n * deals / base) for c, t in test.items()}
    deals = math.ceil(deals)
    grown = deals / test.n
    return SimpleNamespace(**{**vars(test), "n": deals, "se": test.se / math.sqrt(grown),
                              "dof": None if test.dof is None else test.dof * grown})


def check(primary, test) -> str:
    """Judge ``test`` as a cell of ``primary``; where it does not decide, check its deals to decide by
    judging it again there (and, for a number read from the estimate, just short of it), or that no
    number decides it where it says so. Returns what was checked."""
    rep = replication_of(primary, test, CELL)
    if rep.powered:
        return "decides"
    assert (rep.deals_to_decide is None) == bool(rep.settled), rep
    if rep.settled:
        assert not replication_of(primary, at(test, NEVER), CELL).powered, rep.settled
        return "settled"
    assert rep.deals_to_decide >= (rep.n or 0)
    assert replication_of(primary, at(test, rep.deals_to_decide), CELL).powered, rep
    if rule_of(primary) in ESTIMATE_HELD:       # the least such number (Student's t barely moves here)
        assert not replication_of(primary, at(test, rep.deals_to_decide * 0.97), CELL).powered, rep
    return "deals"


@pytest.mark.parametrize("cid, rule", [("E1", "superiority"), ("S4", "non-inferiority"), ("S6", "threshold"),
                                       ("B3", "threshold"), ("T1", "threshold"), ("C1", "coup")])
def test_a_single_tests_deals_to_decide_follow_its_rule(cid, rule):
    primary = primaries()[cid]
    assert rule_of(primary) == rule
    m = primary.margin
    seen = {check(primary, saved(k * m, m)) for k in MULTIPLES}
    assert "deals" in seen
    if rule == "superiority":
        # any estimate decides at the same deals: those at which the half-width is half the margin
        needed = {replication_of(primary, saved(k * m, m), CELL).deals_to_decide for k in MULTIPLES} - {None}
        assert len(needed) == 1 and needed.pop() == pytest.approx(10_000 * (3.32 * m / (m / 2)) ** 2, rel=0.01)
    else:
        assert "settled" in seen      # an estimate on the threshold: no number of deals decides it


def test_non_inferiority_near_minus_the_margin_needs_more_deals_than_it_has():
    """S4's anchor as saved (-0.0419, n 130,202): the half-width half the margin (53,763 deals) would
    not decide it, nor any number below the deals it has."""
    s4 = primaries()["S4"]
    test = saved(-0.04185647751, 0.00385, 130_202)
    rep = replication_of(s4, test, CELL)
    assert rep.verdict == "inconclusive" and rep.deals_to_decide > 40 * test.n
    check(s4, test)


@pytest.mark.parametrize("cid", ["S3", "L5"])
def test_an_intersection_union_cells_deals_to_decide_follow_its_rule(cid):
    primary = primaries()[cid]
    m, names = primary.margin, primary.contrasts
    seen = set()
    for first in MULTIPLES:
        for second in (-1.5, -0.5, 0.3, 1.0, 1.6):
            estimates = [first, second, 1.4][:len(names)]
            cell = {c: saved(k * m, m * (1 + i / 3), 10_000 + 1000 * i, f"{cid}.{c}")
                    for i, (c, k) in enumerate(zip(names, estimates))}
            seen.add(check(primary, cell))
    assert {"deals", "settled"} <= seen


def test_every_committed_replication_states_its_deals_by_its_rule():
    """The reference runs' ledger: every replication that does not decide decides at the deals it
    states, judged again there from its saved tests, or says why no number would."""
    ledger = L.ledger_of(L.read_snapshot())
    checked = 0
    for e in ledger.entries:
        found = primary_tests(e.primary, e.tests)
        for r in e.standing.replications:
            if not r.run or r.powered or r.n is None:
                continue
            test = found[r.engine, r.company, r.state, r.play]
            assert check(e.primary, test) in ("deals", "settled"), (e.claim.id, r.words())
            checked += 1
    assert checked > 10

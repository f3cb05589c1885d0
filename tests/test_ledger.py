"""The ledger of the book's claims, from saved verdicts (fixtures in the form the studies and the
coups write them), its pages, and the provenance of the reference runs."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import toy_study as toy
from analysis.reporting import ledger as L
from analysis.run import runner
from analysis.game.claims import catalogue
from analysis.game.primary import primaries
from analysis.errors import EuchreError
from analysis.reporting.report import write_index

COLUMNS = ["claim", "key", "label", "test", "unit", "engine", "state", "company", "permissive", "estimate", "ci_low",
           "ci_high", "sim_low", "sim_high", "margin", "se", "deals", "p", "p_bonferroni", "family", "verdict",
           "material", "deals_needed"]
INTERVALS = {"supported": (0.10, 0.30), "contradicted": (-0.30, -0.10), "negligible": (-0.02, 0.02),
             "inconclusive": (-0.04, 0.12)}


def row(claim: str, key: str, outcome: str, **values) -> dict:
    """A row of verdicts.csv as analysis.experiment.stats.Verdict.row writes it, with the verdict ``outcome``
    and a simultaneous interval that gives it (``values`` replace any column)."""
    low, high = INTERVALS[outcome]
    estimate = (low + high) / 2
    base = {"claim": claim, "key": key, "label": f"{key} label", "test": f"{key}: call - pass",
            "unit": "points per hand", "estimate": estimate, "ci_low": estimate - 0.05, "ci_high": estimate + 0.05,
            "sim_low": low, "sim_high": high, "margin": 0.05, "se": 0.03, "deals": 20_000, "p": 1e-4,
            "p_bonferroni": 1e-3, "family": 4, "engine": "dd", "state": None, "company": "book", "permissive": False,
            "verdict": outcome, "material": low > 0.05 or high < -0.05,
            "deals_needed": 90_000 if outcome == "inconclusive" else None}
    base.update(values)
    return base


def write_study(reports, name: str, rows: list[dict], columns=COLUMNS):
    folder = reports / name
    folder.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows, columns=columns).to_csv(folder / "verdicts.csv", index=False)
    return folder


def coup_case(cid: str, *remarks, table=True) -> dict:
    """A case of reports/coups/verdicts.json: remarks (id, kind, verdict), its table-side view."""
    claims = [{"id": rid, "text": f"{rid} as the book says it.", "kind": kind, "player": "A", "verdict": verdict,
               "detail": "", **({"reading": "B replies naturally"} if verdict == "true only under a reading" else {})}
              for rid, kind, verdict in remarks]
    choices = [{"claim": rid, "worlds": 500, "mean_gain_points": 0.4, "se": 0.05, "ci95": [0.3, 0.5]}
               for rid, kind, _ in remarks if kind == "table-choice"]
    view = {"player": "A", "coup": "8S", "natural": "JC", "worlds": 500, "mean_gain_points": 0.05,
            "ci95": [-0.01, 0.11], "word": "not shown right or wrong at this precision", "table_claims": choices}
    return {"id": cid, "case": "I", "title": "A case", "claims": claims, "table_side": view if table else None}


def write_coups(reports, cases: list[dict]):
    folder = reports / "coups"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "verdicts.json").write_text(json.dumps({"worlds": 500, "seed": 1, "solver": "compiled", "cases": cases}))


def every_coup(reports):
    """All nine coups, each with one remark true double-dummy; C2 with a reading, C3 one false."""
    cases = [coup_case(f"C{i}", (f"C{i}.1", "outcome", "true")) for i in range(1, 10)]
    cases[1] = coup_case("C2", ("C2.1", "outcome", "true"), ("C2.2", "better", "true only under a reading"))
    cases[2] = coup_case("C3", ("C3.1", "line", "true"), ("C3.2", "better", "false"),
                         ("C3.3", "advice", "not checkable"))
    cases[3] = coup_case("C4", ("C4.1", "table-choice", "true"), ("C4.2", "outcome", "true"))
    write_coups(reports, cases)


def entry(ledger, cid):
    return next(e for e in ledger.entries if e.claim.id == cid)


def unbuilt(monkeypatch, cid: str):
    """The ledger reads the primary of ``cid`` as not built yet, waiting for its design (every primary
    may be built by now); returns that primary."""
    from dataclasses import replace
    primary = replace(primaries()[cid], source="", waits="the design of its test: not built yet")
    monkeypatch.setattr(L, "primaries", lambda: {**primaries(), cid: primary})
    return primary


# --- statuses, from the primary's replications --------------------------------------------------

RUBBER = "expected net rubber points"
# estimates and standard errors that Student's t at 1 - 0.05/57 judges each way (20,000 deals)
JUDGED = {"supported": (0.20, 0.01), "contradicted": (-0.20, 0.01), "negligible": (-0.01, 0.005),
          "inconclusive": (0.02, 0.03)}


def primary_row(claim: str, key: str, outcome: str, **values) -> dict:
    """A row of a primary's replication whose estimate and standard error give ``outcome`` under the
    primaries' rule (the file's own verdict is the study's, and deliberately left "inconclusive")."""
    estimate, se = JUDGED[outcome]
    return row(claim, key, "inconclusive", estimate=estimate, se=se, **values)


def test_a_primary_is_judged_again_by_students_t_in_the_family_of_57(tmp_path):
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"),
                                      primary_row("E1", "E1.optimised", "supported", company="optimised")])
    e1 = entry(L.build_ledger(tmp_path), "E1")
    assert e1.status == "supported" and e1.note is None and not e1.robust
    reps = {(r.engine, r.company): r for r in e1.standing.replications}
    assert list(reps) == [("dd", "book"), ("dd", "optimised"), ("pimc-calls", "book"), ("pimc-calls", "optimised")]
    r = reps["dd", "book"]
    q = 3.3282  # Student's t, 19,999 degrees of freedom, two-sided at 0.05/57
    assert r.verdict == "supported" and r.ci == pytest.approx((0.20 - q * 0.01, 0.20 + q * 0.01), abs=1e-3)
    assert not reps["pimc-calls", "book"].run and e1.standing.anchor is r
    assert e1.summary == "supported by both replications deciding; not run: 2 of 4 cells"


def test_replications_on_two_axes_that_agree_are_robust(tmp_path):
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "contradicted"),
                                      primary_row("E1", "E1.optimised", "contradicted", company="optimised")])
    write_study(tmp_path, "primary_table", [primary_row("E1", "E1", "contradicted", engine="pimc-calls"),
                                            primary_row("E1", "E1.optimised", "inconclusive", engine="pimc-calls",
                                                        company="optimised")])
    ledger = L.build_ledger(tmp_path)
    e1 = entry(ledger, "E1")
    assert (e1.status, e1.robust, e1.count_as) == ("contradicted", True, "contradicted (robust)")
    assert "robust: engine and company" in e1.summary and "at the table, in the optimised company" in e1.summary
    assert [r.words() for r in e1.standing.not_deciding] == ["at the table, in the optimised company"]
    assert ledger.counts().set_index("part of the book").loc["All claims", "contradicted (robust)"] == 1


def test_replications_that_disagree_split_the_claim_and_name_the_axis(tmp_path):
    write_study(tmp_path, "primary", [primary_row("T2", "T2", "supported"),
                                      primary_row("T2", "T2.optimised", "supported", company="optimised")])
    write_study(tmp_path, "primary_table", [primary_row("T2", "T2", "negligible", engine="pimc-calls"),
                                            primary_row("T2", "T2.optimised", "negligible", engine="pimc-calls",
                                                        company="optimised")])
    e = entry(L.build_ledger(tmp_path), "T2")
    assert (e.status, e.standing.split_axis) == ("split", "engine")
    assert e.summary == "split (engine): supported double-dummy, negligible at the table"
    assert e.standing.split_axis == "engine"
    assert e.standing.flips == ("engine",)        # +0.20 against -0.01 on the same company


def test_two_axes_that_both_explain_a_split_are_named_confounded(tmp_path):
    write_study(tmp_path, "primary", [primary_row("T2", "T2", "supported")])
    write_study(tmp_path, "primary_table", [primary_row("T2", "T2.optimised", "negligible", engine="pimc-calls",
                                                        company="optimised")])
    e = entry(L.build_ledger(tmp_path), "T2")
    assert e.status == "split" and e.standing.split_axis is None
    assert e.summary.startswith("split (engine or company (confounded)): ")


def test_a_split_set_by_two_axes_together_names_their_interaction(tmp_path):
    """L1: double-dummy at one game all negligible, every other cell contradicted: neither the engine
    nor the state alone sets the verdict, the two together do ("engine x state")."""
    rubber = dict(unit=RUBBER, margin=0.04)
    first, all_ = dict(state="first game", **rubber), dict(state="one game all", **rubber)
    write_study(tmp_path, "primary_scores", [
        primary_row("L1", "L1", "contradicted", **first), primary_row("L1", "L1.one-game-all", "negligible", **all_),
        primary_row("L1", "L1.optimised", "contradicted", company="optimised", **first),
        primary_row("L1", "L1.optimised.one-game-all", "negligible", company="optimised", **all_)])
    write_study(tmp_path, "primary_scores_table", [
        primary_row("L1", "L1", "contradicted", engine="pimc-calls", **first),
        primary_row("L1", "L1.one-game-all", "contradicted", engine="pimc-calls", **all_)])
    ledger = L.build_ledger(tmp_path)
    e = entry(ledger, "L1")
    assert (e.status, e.standing.split_axis) == ("split", "engine x state")
    assert e.summary.startswith("split (engine x state): negligible double-dummy, at one game all; contradicted in "
                                "the other deciding cells")
    assert e.as_dict()["primary"]["split_axis"] == "engine x state"
    assert "1 on the engine with the rubber state" in ledger.headline()
    assert L.status_text(e) == "split (engine x state)"


def test_a_coups_split_on_the_reading_of_the_calls_is_named_so(tmp_path):
    """A coup's company is how the calls are read: its axis is "calls", alone or with the engine."""
    coup = dict(unit=RUBBER, margin=0.04, state="first game")
    up = {**coup, "state": "one game up"}                  # C9's printed state
    write_study(tmp_path, "coups_primary", [
        primary_row("C9", "C9", "contradicted", engine="pimc", company="necessary", **up),
        primary_row("C9", "C9.book", "negligible", engine="pimc", company="book", **up),
        primary_row("C1", "C1", "supported", engine="pimc", company="necessary", **coup),
        primary_row("C1", "C1.book", "supported", engine="pimc", company="book", **coup),
        primary_row("C1", "C1.dd", "negligible", engine="dd", company="necessary", **coup),
        primary_row("C1", "C1.book.dd", "supported", engine="dd", company="book", **coup)])
    ledger = L.build_ledger(tmp_path)
    c9, c1 = entry(ledger, "C9"), entry(ledger, "C1")
    assert (c9.status, c9.standing.split_axis) == ("split", "calls")
    assert c9.summary.startswith("split (calls): contradicted with the calls read by their necessary conditions, "
                                 "negligible with the calls read as the book's company bids them")
    assert (c1.status, c1.standing.split_axis) == ("split", "engine x calls")
    assert "1 on the reading of the calls" in ledger.headline()


def test_a_claim_supported_by_estimates_all_inside_the_margin_says_so_and_counts_apart(tmp_path):
    """E8: supported in every deciding cell, each estimate below the margin (its interval reaching above
    it): still supported, but "smaller than the margin" in its status line, its count and the headline.
    A claim with only some estimates inside says in how many; a split with all inside says so."""
    small = dict(estimate=0.04, se=0.005)              # [+0.023, +0.057]: supported, the estimate below 0.05
    write_study(tmp_path, "primary", [row("E1", "E1", "inconclusive", **small),
                                      row("E1", "E1.optimised", "inconclusive", company="optimised", **small),
                                      primary_row("E2", "E2", "supported"),
                                      row("E2", "E2.optimised", "inconclusive", company="optimised", **small),
                                      primary_row("T2", "T2", "negligible"),
                                      row("T2", "T2.optimised", "inconclusive", company="optimised", **small)])
    ledger = L.build_ledger(tmp_path)
    e1, e2, t2 = (entry(ledger, c) for c in ("E1", "E2", "T2"))
    assert (e1.status, e1.standing.small, e1.count_as) == ("supported", True, "supported, smaller than the margin")
    assert e1.summary == ("supported, smaller than the margin, by both replications deciding, every estimate "
                          "inside \u00b10.05; not run: 2 of 4 cells")
    assert e1.as_dict()["primary"]["smaller_than_margin"] is True
    assert (e2.status, e2.standing.small) == ("supported", False)
    assert "; smaller than the margin in 1 of the 2 deciding cells" in e2.summary
    assert t2.status == "split" and t2.summary.endswith("every deciding estimate inside \u00b10.05; not run: 2 of 4 cells")
    assert "right 1, right but by less than it matters 1, wrong 0," in ledger.headline()
    counts = ledger.counts().set_index("part of the book")
    assert counts.loc["All claims", "supported, smaller than the margin"] == 1
    assert counts.loc["All claims", "supported"] == 1 and counts.loc["All claims", "claims"] == 57


def test_no_deciding_replication_is_not_shown_with_the_deals_that_would_decide(tmp_path):
    write_study(tmp_path, "primary", [primary_row("S5", "S5", "inconclusive")])
    e = entry(L.build_ledger(tmp_path), "S5")
    assert e.status == "not shown"
    needed = e.standing.replications[0].deals_to_decide
    assert needed == pytest.approx(20_000 * (3.3282 * 0.03 / 0.025) ** 2, rel=1e-3)
    assert f"double-dummy, in the book's company: {needed:,}" in e.summary


def test_secondary_tests_never_move_the_status_and_those_that_disagree_are_named(tmp_path):
    write_study(tmp_path, "primary", [primary_row("D1", "D1", "supported")])
    write_study(tmp_path, "bidding", [row("D1", "D1.a", "contradicted"), row("D1", "D1.b", "supported")])
    e = entry(L.build_ledger(tmp_path), "D1")
    assert e.status == "supported" and e.study == "bidding, primary"
    assert [t.key for t in e.secondary] == ["D1.a", "D1.b"] and [t.key for t in e.disagreeing] == ["D1.a"]
    data = e.as_dict()
    assert data["secondary_disagreeing"] == ["bidding/D1.a"] and len(data["secondary"]) == 2


def test_a_class_below_30_deals_is_judged_by_the_exact_sign_test(tmp_path):
    write_study(tmp_path, "primary", [primary_row("D6", "D6", "supported", deals=20, gained=18, lost=0),
                                      primary_row("D6", "D6.optimised", "supported", deals=20, company="optimised")],
                columns=COLUMNS + ["gained", "lost"])
    reps = entry(L.build_ledger(tmp_path), "D6").standing.replications
    assert (reps[0].verdict, reps[0].how) == ("supported", "exact sign test (18 gained, 0 lost)")
    assert reps[1].verdict == "inconclusive" and "signs were not saved" in reps[1].how


def test_an_unbuilt_primary_says_what_it_waits_for_and_keeps_its_tests_as_secondary(tmp_path, monkeypatch):
    write_study(tmp_path, "lone_hands", [row("L4", "L4", "supported")])
    waiting = unbuilt(monkeypatch, "L4")
    ledger = L.build_ledger(tmp_path)
    assert [e.claim.id for e in ledger.entries] == list(catalogue())
    l4 = entry(ledger, "L4")
    assert l4.status == "untested" and l4.note == waiting.waits and "not built yet" in l4.note
    assert [t.key for t in l4.secondary] == ["L4"]
    e1 = entry(ledger, "E1")                       # built, but no run saved
    assert e1.status == "untested" and "no run of it is saved" in e1.summary and e1.note is None


def test_the_counts_by_part_of_the_book(tmp_path):
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"), primary_row("S2", "S2", "contradicted")])
    ledger = L.build_ledger(tmp_path)
    counts = ledger.counts().set_index("part of the book")
    assert list(counts.index) == ["Eldest hand", "Second hand", "Third hand", "Dealer", "Bridge", "Lone hands",
                                  "Coups", "All claims"]
    assert counts.loc["Eldest hand", "supported"] == 1 and counts.loc["Eldest hand", "untested"] == 10
    assert counts.loc["All claims", "claims"] == len(catalogue())
    assert counts.loc["All claims", "contradicted"] == 1 and counts.loc["All claims", "supported (robust)"] == 0
    assert ledger.headline().startswith("Of the book's 57 claims, by their primary tests: right 1, wrong 1,")


def test_the_claims_json_contract(tmp_path):
    write_study(tmp_path, "primary", [primary_row("E2", "E2", "supported")])
    data = entry(L.build_ledger(tmp_path), "E2").as_dict()
    assert {"status", "primary", "flips", "secondary"} <= set(data)
    primary = data["primary"]
    assert {"test", "reading", "hands", "decision", "unit", "margin", "axes", "replications"} <= set(primary)
    assert primary["unit"] == "points per hand" and primary["margin"] == 0.05 and primary["axes"] == ["engine",
                                                                                                      "company"]
    first = primary["replications"][0]
    assert {"engine", "company", "state", "estimate", "ci", "n", "powered", "verdict"} <= set(first)
    assert (first["engine"], first["company"], first["verdict"], first["powered"]) == ("dd", "book", "supported",
                                                                                       True)
    assert primary["replications"][1]["verdict"] == "not run"


def test_a_rubber_point_primary_has_a_cell_for_each_rubber_state():
    p = primaries()["D2"]
    assert p.unit == RUBBER and p.permissive and p.margin == 0.04
    assert {state for _e, _c, state, _p in p.cells()} == {"first game", "one game all"}
    assert primaries()["E4"].engines == ("pimc-calls",)
    assert [play for *_cell, play in primaries()["E4"].cells()] == [None, "book rules", None, "book rules"]


def test_the_model_and_permission_of_a_test_are_read_and_given(tmp_path):
    write_study(tmp_path, "score", [row("S4", "S4.4-4", "supported", unit=RUBBER, margin=0.04, state="one game all",
                                        company="cautious adversaries", permissive=True)],
                )
    t = entry(L.build_ledger(tmp_path), "S4").tests[0]
    assert t.as_dict()["model"] == {"engine": "dd", "unit": RUBBER, "state": "one game all",
                                    "company": "cautious adversaries", "play_company": None}
    assert t.permissive and L.model_cell(t) == "double-dummy; one game all; cautious adversaries; non-inferiority"


# --- reading the files ----------------------------------------------------------------------

def test_a_verdicts_file_of_the_old_columns_is_read(tmp_path):
    old = ["claim", "test", "estimate", "ci_low", "ci_high", "se", "deals", "p", "p_holm", "verdict", "deals_needed",
           "unit"]
    write_study(tmp_path, "bidding", [row("E2", "", "supported"), row("E2", "", "inconclusive",
                                      verdict="inconclusive at this precision")], columns=old)
    tests = entry(L.build_ledger(tmp_path), "E2").tests
    assert [t.key for t in tests] == ["E2", "E2#2"] and [t.verdict for t in tests] == ["supported", "inconclusive"]
    assert tests[0].label == tests[0].test == ": call - pass"
    assert tests[0].ci is None and tests[0].margin is None and tests[0].material is None
    assert tests[0].model.engine == "dd" and tests[0].model.company == "book" and not tests[0].permissive


def test_tests_of_ids_outside_the_catalogue_are_kept_aside(tmp_path):
    write_study(tmp_path, "primary", [row("X1", "X1", "supported"), primary_row("E1", "E1", "supported")])
    ledger = L.build_ledger(tmp_path)
    assert [t.claim for t in ledger.foreign] == ["X1"] and entry(ledger, "E1").status == "supported"


@pytest.mark.parametrize("rows, columns, message", [
    ([{"claim": "E1", "estimate": 0.1}], ["claim", "estimate"], "no column test, verdict"),
    ([row("E1", "E1", "supported", verdict="probable")], COLUMNS, "unknown verdict 'probable' for E1"),
])
def test_a_bad_verdicts_file_is_one_line_naming_it(tmp_path, rows, columns, message):
    write_study(tmp_path, "bad", rows, columns)
    with pytest.raises(EuchreError, match=message) as err:
        L.build_ledger(tmp_path)
    assert "bad/verdicts.csv" in str(err.value) and "\n" not in str(err.value)


def test_a_missing_reports_folder_is_refused(tmp_path):
    with pytest.raises(EuchreError, match="is not a folder"):
        L.build_ledger(tmp_path / "nowhere")


def test_the_coups_take_their_status_from_their_verdicts(tmp_path):
    every_coup(tmp_path)
    ledger = L.build_ledger(tmp_path)
    assert all(entry(ledger, f"C{i}").study == "coups" for i in range(1, 10))
    c1 = entry(ledger, "C1")      # the coups' primaries wait for their two-part test: today's are secondary
    assert c1.status == "untested" and [t.verdict for t in c1.secondary] == ["supported"]
    # its table-side view, a secondary test in points, is said apart from the status line
    assert "the coup 8S against JC from A's seat" in c1.view_text and "8S" not in c1.summary
    assert c1.view_text.startswith("Secondary, the coups report's table-side view: ")
    assert c1.as_dict()["table_view"] == c1.table_view
    c2 = entry(ledger, "C2")      # true only under a reading: not decided by the deal
    assert [t.verdict for t in c2.tests] == ["supported", "inconclusive"]
    assert "true only under a reading: B replies naturally" in c2.tests[1].test
    c3 = entry(ledger, "C3")      # advice about other deals is no test
    assert [t.key for t in c3.tests] == ["C3.1", "C3.2"]
    choice = entry(ledger, "C4").tests[0]
    assert (choice.estimate, choice.ci, choice.n, choice.verdict) == (0.4, (0.3, 0.5), 500, "supported")
    assert (choice.margin, choice.material) == (0.05, True)     # in points: the points' margin


def test_the_coups_report_saves_the_verdicts_the_ledger_reads(tmp_path):
    from analysis.tools import coups
    from analysis.play.double_dummy import get_solver
    cases = coups.select_cases(coups.load_cases(), ["C1", "C3"])
    results = [coups.analyse_case(c, get_solver("compiled"), n_worlds=0) for c in cases]
    paths = coups.write_report(results, 0, 1888, "compiled", tmp_path / "coups")
    assert [p.name for p in paths] == ["report.md", "report.html"]
    saved = json.loads((tmp_path / "coups" / "verdicts.json").read_text())
    assert [c["id"] for c in saved["cases"]] == ["C1", "C3"]
    ledger = L.build_ledger(tmp_path)
    c1 = entry(ledger, "C1")
    assert c1.tests[0].key == "C1.1" and c1.tests[0].verdict == "supported"
    assert [t.verdict for t in entry(ledger, "C3").tests] == ["supported", "contradicted"]   # C3.2: false
    assert entry(ledger, "C2").tests == ()


# --- the pages ------------------------------------------------------------------------------

def test_the_pages_show_every_claim_and_the_index_links_them(tmp_path, monkeypatch):
    unbuilt(monkeypatch, "L4")
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"),
                                      primary_row("E2", "E2", "supported"),
                                      primary_row("E2", "E2.optimised", "negligible", company="optimised")])
    write_study(tmp_path, "bidding", [row("L2", "L2.a", "supported"), row("L2", "L2.b", "contradicted")])
    every_coup(tmp_path)
    index = write_index(tmp_path).read_text()
    page = (tmp_path / "claims.html").read_text()
    md = (tmp_path / "claims.md").read_text()
    for cid in catalogue():
        assert f'<section id="{cid}">' in page and f"### {cid} — " in md
    assert '<span class="status split">split</span>' in page and '<td class="contradicted">' in page
    assert ("Split (company): supported in the book's company, negligible in the optimised company; not run: 2 of 4 "
            "cells.") in md
    assert "[+0.100, +0.300]" in page and "<details><summary>Secondary tests (2)</summary>" in page
    assert "Untested as pre-registered: waits for the design of its test: not built yet" in md
    assert 'href="claims.html"' in index and "<h2>The studies</h2>" in index
    assert "<td>Lone hands</td>" in index and "<th>split</th>" in index
    assert "right 1, wrong 0, it does not matter 0, it depends 1 (1 on the company)" in index


def test_the_index_says_which_study_lines_are_secondary_and_gives_the_ledgers_verdicts(tmp_path):
    """A study whose tests are all secondary says so; one holding primary replications says its own
    verdicts are judged within the study, and gives the ledger's verdicts of those replications."""
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"), primary_row("E2", "E2", "inconclusive")])
    write_study(tmp_path, "bidding", [row("L2", "L2.a", "supported")])
    for name in ("primary", "bidding"):
        (tmp_path / name / "report.html").write_text("<html></html>")
        (tmp_path / name / "summary.json").write_text(json.dumps(
            {"title": f"The {name} study", "headline": "Of 2 tests, 2 support the book. More.",
             "deals": 1000, "verdicts": {"supported": 2}}))
    index = write_index(tmp_path).read_text()
    lines = {name: next(x for x in index.split("<li>") if f'href="{name}/report.html"' in x)
             for name in ("primary", "bidding")}
    assert "</a>. Secondary tests: Of 2 tests, 2 support the book." in lines["bidding"]
    assert "all 2 tests, judged within the study: 2 supported" in lines["bidding"]
    assert "</a>. Judged within the study: Of 2 tests, 2 support the book." in lines["primary"]
    assert ("The ledger, by the primaries&#x27; rule, of its 2 primary replications: 1 supported (E1), "
            "1 not deciding (E2).") in lines["primary"]


# --- provenance of the reference runs -------------------------------------------------------

@pytest.fixture
def dirty_checkout(tmp_path, monkeypatch):
    """A checkout with uncommitted changes whose reference reports folder is ``tmp_path/reports``."""
    reference = tmp_path / "reports"
    monkeypatch.setattr(runner, "git_commit", lambda: "0123456789abcdef-dirty")
    monkeypatch.setattr(runner, "reference_reports", lambda: reference.resolve())
    return reference


def test_a_run_of_ones_own_never_writes_the_reference_reports(dirty_checkout, monkeypatch):
    monkeypatch.setattr(runner, "git_commit", lambda: "0123456789abcdef")   # even from a clean tree
    with pytest.raises(EuchreError, match="holds the committed reference runs.*--reference") as err:
        runner.run_and_report(toy, toy.toy_settings(dirty_checkout, deals=300))
    assert "\n" not in str(err.value)
    assert not dirty_checkout.exists()          # refused before anything is written


def test_a_reference_run_from_a_dirty_tree_is_refused(dirty_checkout):
    with pytest.raises(EuchreError, match="uncommitted changes to 0123456789ab") as err:
        runner.run_and_report(toy, toy.toy_settings(dirty_checkout, deals=300, reference=True))
    assert "\n" not in str(err.value)
    assert not dirty_checkout.exists()


def test_a_dirty_tree_may_write_anywhere_else_and_the_report_says_so(dirty_checkout, tmp_path):
    _outcome, paths = runner.run_and_report(toy, toy.toy_settings(tmp_path / "elsewhere", deals=300))
    md = paths["markdown"].read_text()
    assert "- provenance: made from uncommitted changes to 0123456789abcdef\n" in md
    assert "made from uncommitted changes to 0123456789abcdef" in paths["html"].read_text()


def test_a_local_runs_index_says_so_and_links_the_reference(dirty_checkout, tmp_path):
    _outcome, paths = runner.run_and_report(toy, toy.toy_settings(tmp_path / "mine", deals=300))
    index = paths["index"].read_text()
    assert "A local run</strong> (1 study, 300 deals a scenario, run 20" in index
    assert 'href="../reports/index.html"' in index


@pytest.mark.slow
def test_a_clean_tree_writes_the_reference_reports_with_the_flag(dirty_checkout, monkeypatch):
    monkeypatch.setattr(runner, "git_commit", lambda: "0123456789abcdef")
    _outcome, paths = runner.run_and_report(toy, toy.toy_settings(dirty_checkout, deals=300, reference=True))
    assert "uncommitted" not in paths["markdown"].read_text()
    assert "A local run" not in paths["index"].read_text()


@pytest.mark.slow
def test_the_run_command_refuses_with_one_line_and_replaces_with_the_flag(dirty_checkout, user_studies, capsys,
                                                                          monkeypatch):
    from analysis.commands.cli import main
    monkeypatch.setattr(runner, "git_commit", lambda: "0123456789abcdef")
    args = ["run", "userstudies.toy", "--deals", "300", "--out", str(dirty_checkout), "--no-progress"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--reference" in err and not dirty_checkout.exists()
    assert main(["run", "userstudies.toy", "--deals", "300", "--reference", "--no-progress"]) == 0
    assert (dirty_checkout / "toy" / "report.md").exists()
    assert main(["run", "userstudies.toy", "--deals", "200", "--reference", "--no-progress"]) == 0
    assert "toy: replaced the reference run of 300 deals a scenario, seed 1888, commit 0123456789ab" \
        in capsys.readouterr().out


def test_the_catalogue_says_which_sentences_permit():
    """Permissive sentences are judged for non-inferiority; the catalogue is their one list."""
    c = catalogue()
    assert c["S4"].permits() and c["D2"].permits("D2.any") and c["D4"].permits()
    assert c["D5"].permits("D5.1") and not c["D5"].permits("D5.2") and not c["S2"].permits()
    from studies.round_two import CLAIMS
    assert {t.key for t in CLAIMS if t.permissive} == {"D5.1"}


def test_an_intersection_union_primary_needs_every_contrast(tmp_path):
    rubber = {"unit": RUBBER, "margin": 0.04, "state": "first game"}
    write_study(tmp_path, "primary_scores", [
        row("S3", "S3.assist", "inconclusive", estimate=0.30, se=0.01, **rubber),      # both above the margin
        row("S3", "S3.pass", "inconclusive", estimate=0.20, se=0.01, **rubber),
        row("S3", "S3.assist.optimised", "inconclusive", estimate=0.30, se=0.01, company="optimised", **rubber),
        row("S3", "S3.pass.optimised", "inconclusive", estimate=0.03, se=0.01, company="optimised", **rubber),
        row("S3", "S3.assist.one-game-all", "inconclusive", estimate=0.30, se=0.01, **{**rubber,
                                                                                    "state": "one game all"}),
        row("S3", "S3.pass.one-game-all", "inconclusive", estimate=-0.20, se=0.01, **{**rubber,
                                                                                   "state": "one game all"})])
    reps = {(r.company, r.state): r for r in entry(L.build_ledger(tmp_path), "S3").standing.replications
            if r.engine == "dd"}
    first = reps["book", "first game"]
    assert first.verdict == "supported" and first.estimate == 0.20 and "assist +0.300" in first.how
    assert reps["optimised", "first game"].verdict == "inconclusive"      # +0.03 is not above the margin
    # nor would it be with more deals if the estimates held (the truth may lie elsewhere: said so)
    optimised = reps["optimised", "first game"]
    assert optimised.deals_to_decide is None and "pass +0.0300 lies between -0.04 and +0.04" in optimised.settled
    assert "assist +0.3000 lies outside \u00b10.04, so it is not negligible" in optimised.settled
    assert optimised.settled.startswith("if the estimates held, no number of deals would decide it: ")
    assert reps["book", "one game all"].verdict == "contradicted"          # one contrast below minus the margin
    assert not reps["optimised", "one game all"].run


def test_an_intersection_union_contrast_settled_within_the_margin_decides_at_no_number_of_deals(tmp_path):
    write_study(tmp_path, "primary_lone_seats", [
        row("L5", "L5.B-A", "negligible", estimate=-0.02, se=0.001),
        row("L5", "L5.A-C", "supported", estimate=0.40, se=0.001),
        row("L5", "L5.A-D", "supported", estimate=0.60, se=0.001)])
    e = entry(L.build_ledger(tmp_path), "L5")
    dd = e.standing.replications[0]
    assert dd.verdict == "inconclusive" and dd.deals_to_decide is None
    assert dd.settled == ("if the estimates held, no number of deals would decide it: B-A -0.020 lies between "
                          "-0.05 and +0.00, so it is neither supported nor contradicted; A-C +0.400, A-D +0.600 "
                          "lie outside \u00b10.05, so it is not negligible")
    assert e.status == "not shown" and dd.settled in e.summary
    # the pages say it where the deals to decide would stand, and the index lists it
    assert dd.settled in L.render_markdown(L.build_ledger(tmp_path))
    assert ("No number of deals would decide 1 of them, if their estimates held: L5, double-dummy, in the book's "
            "company (B-A -0.020 lies between") in L.deciding_note(L.build_ledger(tmp_path))


def test_an_intersection_union_cell_is_negligible_when_every_contrast_lies_inside_the_margin(tmp_path):
    """S3's equivalence outcome: every contrast's interval inside +-m is negligible (the cell can decide);
    its contradicted side, any one contrast below -m, is adjusted for the contrasts (Bonferroni over k:
    each contrast's interval at 1 - 0.05/(57 k)), so a contrast just below -m at 1 - 0.05/57 alone does
    not contradict it."""
    from analysis.experiment.stats import judge_primary
    rubber = {"unit": RUBBER, "margin": 0.04, "state": "first game"}
    write_study(tmp_path, "primary_scores", [
        row("S3", "S3.assist", "inconclusive", estimate=0.004, se=0.002, **rubber),
        row("S3", "S3.pass", "inconclusive", estimate=-0.01, se=0.003, **rubber),
        row("S3", "S3.assist.optimised", "inconclusive", estimate=0.30, se=0.01, company="optimised", **rubber),
        row("S3", "S3.pass.optimised", "inconclusive", estimate=-0.0745, se=0.01, company="optimised", **rubber)])
    reps = {r.company: r for r in entry(L.build_ledger(tmp_path), "S3").standing.replications
            if r.engine == "dd" and r.state == "first game"}
    book, optimised = reps["book"], reps["optimised"]
    assert book.verdict == "negligible" and book.powered and not book.settled
    alone, adjusted = (judge_primary(-0.0745, 0.01, 20_000, 0.04, family=f) for f in (57, 114))
    assert alone.high < -0.04 < adjusted.high          # below -m at 57 alone, not at 114
    assert optimised.verdict == "inconclusive" and optimised.deals_to_decide > 20_000
    assert "1 - 0.05/114, 2 contrasts" in optimised.how
    # further below, the adjusted interval clears -m: contradicted, the adjusted interval in its words
    write_study(tmp_path, "primary_scores", [
        row("S3", "S3.assist", "inconclusive", estimate=0.30, se=0.01, **rubber),
        row("S3", "S3.pass", "inconclusive", estimate=-0.10, se=0.01, **rubber)])
    book = next(r for r in entry(L.build_ledger(tmp_path), "S3").standing.replications
                if r.engine == "dd" and r.company == "book" and r.state == "first game")
    adjusted = judge_primary(-0.10, 0.01, 20_000, 0.04, family=114)
    low, high = adjusted.low, adjusted.high
    plain = judge_primary(-0.10, 0.01, 20_000, 0.04)
    assert book.verdict == "contradicted" and book.ci == pytest.approx((plain.low, plain.high))
    assert f"lies below -0.04: pass [{low:+.3f}, {high:+.3f}]" in book.how


def test_a_points_claim_whose_unit_check_has_the_opposite_sign_is_unit_sensitive(tmp_path):
    rp = dict(unit=RUBBER, state="first game", margin=0.04)
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"),
                                      primary_row("E1", "E1.rp", "contradicted", **rp),
                                      primary_row("S2", "S2", "supported"),
                                      primary_row("S2", "S2.rp", "supported", **rp),
                                      primary_row("T4", "T4", "supported"),
                                      primary_row("T2", "T2", "inconclusive"),
                                      primary_row("T2", "T2.rp", "contradicted", **rp)])
    ledger = L.build_ledger(tmp_path)
    e1, s2, t4, t2 = (entry(ledger, c) for c in ("E1", "S2", "T4", "T2"))
    # the unit check never moves the status, is never taken for a replication nor named as disagreeing
    assert (e1.status, s2.status) == ("supported", "supported")
    assert [r.source for r in e1.standing.replications if r.run] == ["primary/E1"]
    assert e1.disagreeing == () and [t.key for t in e1.secondary] == ["E1.rp"]
    assert e1.standing.unit_sensitive is True and "unit-sensitive" in e1.summary
    assert s2.standing.unit_sensitive is False and "unit-sensitive" not in s2.summary
    assert t4.standing.unit_sensitive is None          # no check saved
    assert t2.standing.unit_sensitive is None          # no replication decides
    assert e1.as_dict()["primary"]["unit_sensitive"] is True


def test_a_replication_held_only_by_the_claims_threshold_states_the_deals_that_would_clear_it():
    """S6 counts only above its margin, a coup is contradicted only below minus its margin: a replication
    kept inconclusive by that threshold states the deals at which its interval would clear it (the
    estimate and spread held), as every other replication that does not decide states its deals."""
    from types import SimpleNamespace
    from analysis.reporting.primary_status import deals_to_decide, replication_of
    s6, c1 = primaries()["S6"], primaries()["C1"]
    assert deals_to_decide(s6, [(0.07, 0.04, 0.10)], 1000)[0] == pytest.approx(2250, abs=1)  # (0.03 / 0.02) ** 2
    assert deals_to_decide(c1, [(-0.115, -0.19, -0.04)], 2000)[0] == pytest.approx(2000, abs=1)
    needed, why = deals_to_decide(s6, [(0.05, 0.04, 0.06)], 1000)            # on the threshold: none
    assert needed is None and why == "if the estimate held, no number of deals would decide it: +0.0500 lies on +0.05"
    test = SimpleNamespace(estimate=0.07, se=0.01, n=1000, dof=None, gained=None, lost=None, study="s", key="S6")
    rep = replication_of(s6, test, ("pimc-calls", "book", None, None))
    assert rep.verdict == "inconclusive" and "supported only above +0.05" in rep.how
    assert rep.deals_to_decide == deals_to_decide(s6, [(0.07, *rep.ci)], 1000)[0] > 1000
    clear = replication_of(s6, SimpleNamespace(**{**vars(test), "estimate": 0.2}), ("pimc-calls", "book", None, None))
    assert clear.verdict == "supported" and clear.deals_to_decide is None


def test_the_ledger_says_which_studies_are_run_to_decide_their_table_replications(tmp_path):
    """Read from the runs' manifests: a run sized by euchrelab size records the deals of each scenario;
    a study whose table replications all decide is not named as waiting, and one sized that still has
    some not deciding (extended in part, or as far as the time allowed) is."""
    write_study(tmp_path, "primary_table", [primary_row("E1", "E1", "supported", engine="pimc-calls"),
                                            primary_row("E1", "E1.optimised", "inconclusive", engine="pimc-calls",
                                                        company="optimised")])
    write_study(tmp_path, "primary_play", [primary_row("E4", "E4", "inconclusive", engine="pimc-calls")])
    write_study(tmp_path, "hand_strength_table", [primary_row("S6", "S6", "supported", engine="pimc-calls")])
    (tmp_path / "primary_play" / "manifest.json").write_text(json.dumps({"deals_by_scenario": {"E4.book": 9000}}))
    (tmp_path / "primary_table" / "manifest.json").write_text(json.dumps({"deals_per_scenario": 100}))
    ledger = L.build_ledger(tmp_path)
    assert dict((n, (s, k)) for n, s, k in ledger.sized) == {"primary_table": (False, 1), "primary_play": (True, 1),
                                                             "hand_strength_table": (False, 0)}
    text = L.not_yet(ledger)
    assert "the table replications of primary_play are extended to the deals `euchrelab size` gave them" in text
    assert "those not deciding yet are in primary_play (1) and primary_table (1)" in text
    assert "hand_strength_table" not in text
    assert text in L.render_markdown(ledger)

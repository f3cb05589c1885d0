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


# --- statuses ---------------------------------------------------------------------------------

def test_a_claim_whose_tests_all_agree_takes_their_verdict(tmp_path):
    write_study(tmp_path, "bidding", [row("E1", "E1.a", "supported"), row("E1", "E1.b", "supported"),
                                      row("S3", "S3", "negligible"), row("T4", "T4", "inconclusive")])
    ledger = L.build_ledger(tmp_path)
    e1 = entry(ledger, "E1")
    assert e1.status == "supported" and e1.note is None and e1.study == "bidding"
    assert [t.key for t in e1.tests] == ["E1.a", "E1.b"]
    assert e1.summary.startswith("supported by both tests")
    assert entry(ledger, "S3").status == "negligible"
    t4 = entry(ledger, "T4")
    assert t4.status == "inconclusive" and t4.tests[0].deals_needed == 90_000
    assert t4.tests[0].ci == (-0.04, 0.12) and t4.tests[0].margin == 0.05 and t4.tests[0].n == 20_000


def test_one_contradicted_test_among_supported_ones_makes_the_claim_mixed_and_is_named(tmp_path):
    write_study(tmp_path, "lone", [row("L2", "L2.a", "supported"), row("L2", "L2.b", "supported"),
                                   row("L2", "L2.c", "contradicted", label="light lone hands")])
    e = entry(L.build_ledger(tmp_path), "L2")
    assert e.status == "mixed"
    assert "2 supported, 1 contradicted" in e.summary
    assert "light lone hands (contradicted)" in e.summary and "L2.a" not in e.summary


def test_tests_of_one_claim_in_two_studies(tmp_path):
    write_study(tmp_path, "bidding", [row("T1", "T1.order", "supported")])
    write_study(tmp_path, "strength", [row("T1", "T1.position", "negligible")])
    e = entry(L.build_ledger(tmp_path), "T1")
    assert e.status == "mixed" and e.study == "bidding, strength"
    assert "T1.position label (negligible)" in e.summary


def test_an_untested_claim_says_what_it_waits_for(tmp_path):
    ledger = L.build_ledger(tmp_path)
    assert [e.claim.id for e in ledger.entries] == list(catalogue())
    assert all(e.status == "untested" and e.tests == () and e.note for e in ledger.entries)
    notes = {e.claim.id: e.note for e in ledger.entries}
    assert notes["E4"] == notes["L6"] == L.PLAY       # card play
    assert notes["B2"] == notes["L4"] == L.BRIDGE
    waits = {cid: c.waits for cid, c in catalogue().items() if c.waits}   # the catalogue's own word
    assert {"B3", "B4", "E11", "E3", "S7", "D6", "L8"} <= set(waits)
    assert all(notes[cid] == w for cid, w in waits.items())
    assert "table-side" in notes["B3"] and notes["E3"] == notes["S7"] == notes["D6"]
    assert notes["E11"].startswith("a rule of play, not of bidding")   # not tested as a rule of bidding
    assert notes["D2"] == L.SCORE_BIDDING   # bidding at a score the book names
    assert notes["D8"] == L.DISCARD
    assert notes["D2"] == L.SCORE_BIDDING and notes["C1"] == L.COUPS_NOTE
    assert entry(ledger, "E4").summary == f"untested: {L.PLAY}"


def test_the_counts_by_part_of_the_book(tmp_path):
    write_study(tmp_path, "bidding", [row("E1", "E1", "supported"), row("S2", "S2", "contradicted")])
    counts = L.build_ledger(tmp_path).counts().set_index("part of the book")
    assert list(counts.index) == ["Eldest hand", "Second hand", "Third hand", "Dealer", "Bridge", "Lone hands",
                                  "Coups", "All claims"]
    assert counts.loc["Eldest hand", "supported (one model)"] == 1 and counts.loc["Eldest hand", "untested"] == 10
    assert counts.loc["All claims", "claims"] == len(catalogue())
    assert counts.loc["All claims", "contradicted (one model)"] == 1
    assert counts.loc["All claims", "supported (robust)"] == 0


# --- models -------------------------------------------------------------------------------------

RUBBER = "expected net rubber points"
GAME = "probability of winning the game"


def test_agreement_under_two_models_is_robust(tmp_path):
    write_study(tmp_path, "bidding", [row("E1", "E1", "supported"), row("E1", "E1.pimc", "supported", engine="pimc"),
                                      row("E2", "E2", "supported")])
    ledger = L.build_ledger(tmp_path)
    e1, e2 = entry(ledger, "E1"), entry(ledger, "E2")
    assert (e1.status, e1.robust, e1.count_as) == ("supported", True, "supported (robust)")
    assert (e2.status, e2.robust, e2.count_as) == ("supported", None, "supported (one model)")
    assert ledger.counts().set_index("part of the book").loc["All claims", "supported (robust)"] == 1


def test_a_verdict_that_flips_with_the_unit_is_model_dependent_and_names_it(tmp_path):
    rows = [row("L1", f"L1.{s}", "contradicted", unit=RUBBER, margin=0.04, state="first game") for s in ("3-1", "3-3")]
    rows += [row("L1", f"L1.{s}.game", "supported", unit=GAME, margin=0.01) for s in ("3-1", "3-3")]
    write_study(tmp_path, "lone", rows)
    e = entry(L.build_ledger(tmp_path), "L1")
    assert (e.status, e.robust) == ("model-dependent", False)
    assert e.summary == "model-dependent: contradicted in rubber points; supported in game-win"


def test_a_verdict_that_flips_with_the_rubber_state_names_the_state(tmp_path):
    rows = [row("D2", "D2.4-4", "contradicted", unit=RUBBER, margin=0.04, state="first game"),
            row("D2", "D2.4-4.third", "supported", unit=RUBBER, margin=0.04, state="one game all"),
            row("D2", "D2.4-4.points", "contradicted")]
    write_study(tmp_path, "score", rows)
    e = entry(L.build_ledger(tmp_path), "D2")
    assert e.status == "model-dependent"
    assert e.summary == ("model-dependent: contradicted in the first game and in points per hand; "
                         "supported at one game all")


def test_entries_that_disagree_under_one_model_are_mixed_whatever_the_others(tmp_path):
    rows = [row("S3", "S3.a", "supported"), row("S3", "S3.b", "contradicted"),
            row("S3", "S3.a.pimc", "supported", engine="pimc")]
    write_study(tmp_path, "bidding", rows)
    e = entry(L.build_ledger(tmp_path), "S3")
    assert (e.status, e.robust) == ("mixed", None)


def test_a_negligible_test_and_a_supported_one_under_two_engines(tmp_path):
    write_study(tmp_path, "bidding", [row("E1", "E1", "supported"), row("E1", "E1.pimc", "negligible", engine="pimc")])
    e = entry(L.build_ledger(tmp_path), "E1")
    assert e.status == "model-dependent"
    assert e.summary == "model-dependent: supported double-dummy; negligible at the table (PIMC)"


def test_the_model_and_permission_are_read_and_given(tmp_path):
    write_study(tmp_path, "score", [row("S4", "S4.4-4", "supported", unit=RUBBER, margin=0.04, state="one game all",
                                        company="cautious adversaries", permissive=True)],
                )
    t = entry(L.build_ledger(tmp_path), "S4").tests[0]
    assert t.as_dict()["model"] == {"engine": "dd", "unit": RUBBER, "state": "one game all",
                                    "company": "cautious adversaries"}
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
    write_study(tmp_path, "mine", [row("X1", "X1", "supported"), row("E1", "E1", "supported")])
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
    assert entry(ledger, "C1").status == "supported"
    assert "the coup 8S against JC from A's seat" in entry(ledger, "C1").summary
    c2 = entry(ledger, "C2")      # true only under a reading: not decided by the deal
    assert c2.status == "mixed" and "true only under a reading: B replies naturally" in c2.tests[1].test
    c3 = entry(ledger, "C3")      # advice about other deals is no test
    assert c3.status == "mixed" and [t.key for t in c3.tests] == ["C3.1", "C3.2"]
    choice = entry(ledger, "C4").tests[0]
    assert (choice.estimate, choice.ci, choice.n, choice.verdict) == (0.4, (0.3, 0.5), 500, "supported")


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
    assert c1.status != "untested" and c1.tests[0].key == "C1.1" and c1.tests[0].verdict == "supported"
    assert entry(ledger, "C3").status == "mixed"       # C3.2 is false double-dummy
    assert entry(ledger, "C2").status == "untested"


# --- the pages ------------------------------------------------------------------------------

def test_the_pages_show_every_claim_and_the_index_links_them(tmp_path):
    write_study(tmp_path, "bidding", [row("E1", "E1", "supported"), row("L2", "L2.a", "supported"),
                                      row("L2", "L2.b", "contradicted")])
    every_coup(tmp_path)
    index = write_index(tmp_path).read_text()
    page = (tmp_path / "claims.html").read_text()
    md = (tmp_path / "claims.md").read_text()
    for cid in catalogue():
        assert f'<section id="{cid}">' in page and f"### {cid} — " in md
    assert '<span class="status mixed">mixed</span>' in page and '<td class="contradicted">' in page
    assert "[+0.100, +0.300]" in page and f"*Untested:* {L.PLAY}." in md
    assert 'href="claims.html"' in index and "<h2>The studies</h2>" in index
    assert "<td>Lone hands</td>" in index and "<th>mixed</th>" in index


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


def test_a_clean_tree_writes_the_reference_reports_with_the_flag(dirty_checkout, monkeypatch):
    monkeypatch.setattr(runner, "git_commit", lambda: "0123456789abcdef")
    _outcome, paths = runner.run_and_report(toy, toy.toy_settings(dirty_checkout, deals=300, reference=True))
    assert "uncommitted" not in paths["markdown"].read_text()
    assert "A local run" not in paths["index"].read_text()


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

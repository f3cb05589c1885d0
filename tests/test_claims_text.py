"""``euchrelab claims`` read as a new user reads it, on the checkout's reference runs: every claim in a
line or two with its words in brief and its number, a claim named whole, an unknown id, and the copy
of the reference runs' results shipped in the package, read from any folder."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from cli_run import run_cli

from analysis.reporting import ledger as L
from analysis.run.request import ClaimsLedger

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"


@pytest.fixture(scope="module")
def saved():
    return L.saved_results(REPORTS)


@pytest.fixture(scope="module")
def ledger(saved):
    return L.ledger_of(saved)


def test_the_shipped_copy_is_the_reference_runs_results(saved):
    assert L.read_snapshot() == saved, (
        f"{L.SNAPSHOT} is not what reports/ holds now: write it again with `make claims` (euchrelab claims --write)")


def test_the_list_gives_each_claim_its_words_status_and_number(ledger):
    text = L.render_text(ledger)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 99          # a terminal of 100 columns
    for e in ledger.entries:
        head = L.text_head(e)          # the title from the 29th column, or after a long status
        assert head.startswith(f"  {e.claim.id:<4}{L.status_text(e)}") and head.endswith(" ")
        first = next(i for i, x in enumerate(lines) if x.startswith(head) and x[len(head):].strip()
                     and e.primary.title.startswith(x[len(head):]))
        r = e.standing.anchor
        under = next(x for x in lines[first + 1:] if not x.startswith(" " * 28))     # after the title's lines
        if r is None:
            assert e.status == "untested"
        else:
            assert under.startswith(f"        {L.number(r.estimate, e.primary.margin)} [") and f", n {r.n:,};" in under
    # E1's number is its primary row of the reference run, as the study saved it (the book's company, double-dummy)
    row = pd.read_csv(REPORTS / "primary" / "verdicts.csv").set_index("key").loc["E1"]
    assert f"  E1  supported (robust)    Right not turned" in text
    assert f"        {row['estimate']:+.3f} [" in text and f"points per hand, n {int(row['deals']):,}; double-dummy" in text


def test_the_carrier_has_the_claims_status_where_one_has_it(ledger):
    by_id = {e.claim.id: e for e in ledger.entries}
    l5 = by_id["L5"]     # contradicted by one replication of two: not the first cell, which does not decide
    assert l5.status == "contradicted" and not l5.standing.replications[0].powered
    assert l5.standing.anchor.verdict == "contradicted" and l5.standing.anchor.engine == "pimc-calls"
    s3 = by_id["S3"]     # split: its number is the first cell that decides, negligible in the book's company
    assert s3.status == "split" and s3.standing.anchor is s3.standing.replications[0]
    assert s3.standing.anchor.verdict == "negligible"
    for e in ledger.entries:
        r = e.standing.anchor
        if e.status in ("supported", "contradicted", "negligible") and r is not None and r.verdict != e.status:
            assert not any(x.verdict == e.status for x in e.standing.replications)   # a coup judged on its printed deal


def test_a_claim_named_is_shown_whole(ledger):
    done = run_cli("claims", "e1", "--reports", str(REPORTS))
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    e1 = next(e for e in ledger.entries if e.claim.id == "E1")
    assert out.startswith("E1 — Eldest hand (B) — supported (robust)\n")
    assert "When the right is not turned, order with three medium trumps" in out
    assert "Primary test (pre-registered): Right not turned" in out and "Compared: order up vs pass." in out
    assert "margin 0.05" in out and "points per hand" in out
    for r in e1.standing.replications:
        assert f"    {r.words()}: {L.number(r.estimate, 0.05)} [{L.number(r.ci[0], 0.05)}, " in out
    assert f"Secondary tests ({len(e1.secondary)};" in out
    assert out.count("    secondary ") == len(e1.secondary)
    assert max(len(line) for line in out.splitlines()) <= 99


def test_a_replication_that_does_not_decide_says_why(ledger):
    s1 = next(e for e in ledger.entries if e.claim.id == "S1")
    idle = next(r for r in s1.standing.replications if r.run and not r.powered)
    text = L.render_entry_text(s1)
    assert f"inconclusive; does not decide: {idle.deals_to_decide:,} deals of its class would decide it" in \
        " ".join(text.split())


def test_unknown_ids_are_one_line_exit_2():
    done = run_cli("claims", "E1", "X9", "e99")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "'X9' or 'e99'" in done.stderr and "E1-E11 (eldest hand)" in done.stderr and "C1-C9 (coups)" in done.stderr


def test_json_with_ids_gives_those_claims(ledger):
    done = run_cli("claims", "--json", "s3", "E1", "S3", "--reports", str(REPORTS))
    assert done.returncode == 0
    items = json.loads(done.stdout)
    assert [x["id"] for x in items] == ["S3", "E1"]
    assert items == json.loads(json.dumps(ClaimsLedger(ledger, [], ("S3", "E1")).to_json()))


def test_from_any_folder_it_reads_the_shipped_copy_and_says_so(tmp_path, monkeypatch, ledger):
    monkeypatch.chdir(tmp_path)
    done = run_cli("claims", "--json")
    assert done.returncode == 0
    assert done.stderr.count("\n") == 1 and "no saved results in ./reports" in done.stderr
    assert str(L.SNAPSHOT) in done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(ClaimsLedger(ledger, []).to_json()))
    assert list(tmp_path.iterdir()) == []                  # nothing written where it ran
    text = run_cli("claims", "T2")
    assert text.returncode == 0 and text.stdout.startswith("T2 — Third hand (D) — contradicted (robust)\n")


def test_an_explicit_reports_folder_is_never_replaced_by_the_copy(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = run_cli("claims", "--reports", "reports")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "reports is not a folder" in done.stderr

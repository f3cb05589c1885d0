"""One number per claim on every view: for each claim of the committed reports, the status, the
claim's one number (the replication that carries its status) and each replication's verdict and
estimate are the ledger's on the workbench's book page, on its claim page (the table and the figure),
in ``euchrelab claims --json`` and, for the coups, in ``euchrelab coups``."""
from __future__ import annotations

import io
import json
import re
from html import unescape
from pathlib import Path

import pytest

from analysis.commands.cli import main
from analysis.reporting import ledger as L
from analysis.reporting.claim_figure import CARRIES
from analysis.tools.coups import replay
from analysis.web import pages

REPORTS = Path(__file__).resolve().parents[1] / "reports"


@pytest.fixture(scope="module")
def ledger():
    return L.build_ledger(REPORTS)


@pytest.fixture(scope="module")
def claims(ledger):
    return ledger.as_list()


@pytest.fixture
def saved_ledger(ledger, monkeypatch):
    """The commands read the module's ledger instead of building it again (4 s each)."""
    monkeypatch.setattr(L, "build_ledger", lambda folder: ledger)


def text(html: str) -> str:
    """What a reader sees of some HTML: its text, spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def verdict_of(r) -> str:
    return r.verdict if r.run else "not run"


def shown(r, margin: float) -> str:
    """A replication's estimate and interval as every view prints them ("–": none)."""
    return L.estimate_text(r.estimate, r.ci, margin) if r.estimate is not None else "–"


def test_the_one_number_carries_the_status(ledger):
    """The anchor is a replication whose verdict is the status wherever one is (L5: the one deciding
    cell, at the table, not the double-dummy first cell, which does not decide); the claims the issue found."""
    for e in ledger.entries:
        a, run = e.standing.anchor, [r for r in e.standing.replications if r.run]
        assert (a is None) == (not run)
        if any(r.verdict == e.status for r in run):
            assert a.verdict == e.status, e.claim.id
    by_id = {e.claim.id: e for e in ledger.entries}
    l5 = by_id["L5"].standing
    assert l5.anchor.verdict == "contradicted" == by_id["L5"].status and l5.anchor is not l5.replications[0]
    assert by_id["C4"].anchor_text.endswith(" expected net rubber points")


def test_the_book_page_shows_each_claims_status_and_number(ledger, claims):
    page = pages.book(claims, ledger.headline(), "", "", False)
    rows = dict(re.findall(r'<tr data-part="[^"]*" data-status="[^"]*" data-claim="(\w+)">(.*?)</tr>', page, re.S))
    assert list(rows) == [e.claim.id for e in ledger.entries]
    for e in ledger.entries:
        row = rows[e.claim.id]
        assert re.search(r'class="status s-[\w-]+">([^<]+)</span>', row).group(1) == e.status
        cell = text(re.search(r'<td class="anchor">(.*?)</td>', row, re.S).group(1))
        a = e.standing.anchor
        if a is None:
            assert cell == "no run saved"
            continue
        assert cell.startswith(e.anchor_text + " ")                  # the number and its unit
        assert (f"this replication {a.verdict}" in cell) == (a.verdict != e.status)
        assert a.n is None or f"n = {a.n:,}" in cell


def test_each_claim_page_shows_the_ledgers_numbers_in_its_table_and_figure(ledger, claims):
    for e, c in zip(ledger.entries, claims):
        page = pages.claim(c, REPORTS)
        assert re.search(r'<h1>\w+ <span class="status s-[\w-]+">([^<]+)</span>', page).group(1) == e.status
        reps, margin, a = e.standing.replications, e.primary.margin, e.standing.anchor
        if a is not None:
            answer = text(re.search(r'<p class="answer">(.*?)</p>', page, re.S).group(1))
            assert answer.startswith(f"Its number: {e.anchor_text}")
        # the table of replications, in the primary's order
        table = re.search(r'<table class="reps">.*?<tbody>(.*?)</tbody>', page, re.S)
        rows = re.findall(r"<tr( class=carries)?>(.*?)</tr>", table.group(1) if table else "", re.S)
        assert len(rows) == len(reps), e.claim.id
        for r, (carries, row) in zip(reps, rows):
            cells = [text(x) for x in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            assert shown(r, margin) in cells and verdict_of(r) in cells, (e.claim.id, cells)
            assert bool(carries) == (r is a)
        # the figure: each replication's label, drawn from the ledger
        labels = [" ".join(text(t) for t in re.findall(r'<text class="label"[^>]*>(.*?)</text>', g))
                  for g in re.findall(r'<g class="rep[^"]*">(.*?)</g>', page, re.S)]
        if not any(r.estimate is not None for r in reps):
            assert labels == []
            continue
        assert len(labels) == len(reps), e.claim.id
        for r, label in zip(reps, labels):
            head = (CARRIES.strip() + " " if r is a else "") + verdict_of(r)
            assert label.startswith(head + (" " + shown(r, margin) if r.estimate is not None else ";")), label
            assert r.n is None or f"n = {r.n:,}" in label


def test_claims_json_gives_the_ledgers_numbers(ledger, saved_ledger, capsys):
    assert main(["claims", "--json", "--reports", str(REPORTS)]) == 0
    items = json.loads(capsys.readouterr().out)
    for e, x in zip(ledger.entries, items, strict=True):
        p, a = x["primary"], e.standing.anchor
        assert (x["id"], x["status"], p["anchor_text"]) == (e.claim.id, e.status, e.anchor_text)
        assert (p["anchor"] is None) == (a is None)
        if a is not None:
            assert (p["anchor"]["verdict"], p["anchor"]["estimate"], p["anchor"]["n"]) == (a.verdict, a.estimate, a.n)
        assert [(r["verdict"], r["estimate"]) for r in p["replications"]] == \
            [(verdict_of(r), r.estimate) for r in e.standing.replications]


def test_the_coups_give_each_claim_the_ledgers_status_and_number(ledger, saved_ledger, capsys):
    assert main(["coups", "--worlds", "0", "--no-progress", "--reports", str(REPORTS)]) == 0
    out = capsys.readouterr().out
    summary = out.split("The claims, by their primary tests", 1)[1].split("\n\n", 2)[1]
    lines = re.sub(r"\n {3,}", " ", summary).strip().splitlines()    # each claim's wrapped lines joined
    coups = [e for e in ledger.entries if e.part == "Coups"]
    assert [line.split()[0] for line in lines] == [e.claim.id for e in coups]
    for e, line in zip(coups, lines):
        assert line.strip() == f"{e.claim.id} {e.count_as}: {e.anchor_text} ({e.anchor_where})"
        case = out.split(f"{e.claim.id}  CASE ", 1)[1]
        said = " ".join(case.split("The claim, by its primary test (the ledger): ", 1)[1].split("\n\n", 1)[0].split())
        assert said == line.strip() + "."


def test_the_coups_summary_keeps_each_statement_whole():
    from analysis.tools import coups
    from analysis.play.double_dummy import get_solver
    [result] = [coups.analyse_case(c, get_solver("compiled"), n_worlds=0) for c in coups.select_cases(
        coups.load_cases(), ["C4"])]
    summary = coups.render_summary([result])
    joined = " ".join(summary.split())
    for v in result.findings:
        assert v.remark.text in joined            # "...since B wins the last three tricks." whole
    assert max(len(line) for line in summary.splitlines()) <= 110


def test_the_coups_progress_bar_is_drawn_once(monkeypatch):
    """What a terminal keeps when the cases' text goes between the bar's redraws: one bar, at the end."""
    screen = io.StringIO()
    monkeypatch.setattr("sys.stderr", screen)
    for result in replay.replay_cases(["C4", "C7"], worlds=0, progress=True):
        screen.write(f"the text of {result.case.id}\n")
    kept = [line.rsplit("\r", 1)[-1] for line in screen.getvalue().split("\n")]
    assert [line for line in kept if line.strip()][:2] == ["the text of C4", "the text of C7"]
    assert sum("coups:" in line for line in kept) == 1 and "100%" in kept[-2]


def test_the_ledgers_markdown_is_rendered_on_the_claim_pages(claims):
    t2 = pages.claim(next(c for c in claims if c["id"] == "T2"), REPORTS)
    assert "<strong>T4-list in next</strong>" in t2 and "A replication <em>decides</em>" in t2
    for c in claims:
        seen = text(pages.claim(c, REPORTS))
        assert "**" not in seen and "`" not in seen, c["id"]


def test_the_markdown_renderer_escapes_first_and_follows_no_script():
    from analysis.reporting.markup import inline
    assert inline("**<b>bold</b>** and *it* `a*b*`") == \
        "<strong>&lt;b&gt;bold&lt;/b&gt;</strong> and <em>it</em> <code>a*b*</code>"
    assert inline("[x](javascript:alert(1))") == "[x](javascript:alert(1))"
    assert inline('[x](a.html"onclick=y)') == '<a href="a.html%22onclick=y">x</a>'
    assert inline("[x](https://example.org/?a=1&b=2)") == '<a href="https://example.org/?a=1&amp;b=2">x</a>'


def test_coups_with_a_reports_folder_that_is_none_is_one_line(tmp_path, capsys):
    assert main(["coups", "C4", "--worlds", "0", "--reports", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--reports" in err and "is not a folder" in err


def test_the_ledgers_own_page_gives_each_claim_its_number(ledger):
    md = L.render_markdown(ledger)
    for e in ledger.entries:
        section = md.split(f"### {e.claim.id} — {e.count_as}\n", 1)[1].split("\n### ", 1)[0]
        assert (f"**Its number**: {e.anchor_text} ({e.anchor_where})." in section) == (e.anchor_text is not None)

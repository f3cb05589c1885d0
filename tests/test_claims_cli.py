"""``euchrelab claims``: the text table, the JSON contract, the pages, and bad input."""
from __future__ import annotations

import json

from test_ledger import every_coup, primary_row, row, unbuilt, write_study

from analysis.game.claims import catalogue
from analysis.commands.cli import main

STATUSES = {"supported", "contradicted", "negligible", "split", "not shown", "untested"}
VERDICTS = {"supported", "contradicted", "negligible", "inconclusive"}
TEST_KEYS = {"study", "key", "label", "test", "estimate", "ci", "margin", "unit", "n", "verdict", "material",
             "p_adjusted", "deals_needed", "model", "permissive"}
REPLICATION_KEYS = {"engine", "company", "state", "play_company", "estimate", "ci", "n", "powered", "verdict", "material",
                    "deals_to_decide", "judged_by", "source", "settled", "cell"}


def reports(tmp_path):
    """A reports folder: the primary study (E1 supported in both companies; E2 split by company), a
    study of secondary tests (L2; a test with no interval) and the coups."""
    write_study(tmp_path, "primary", [primary_row("E1", "E1", "supported"),
                                      primary_row("E1", "E1.optimised", "supported", company="optimised"),
                                      primary_row("E2", "E2", "supported"),
                                      primary_row("E2", "E2.optimised", "contradicted", company="optimised")])
    write_study(tmp_path, "bidding", [row("E1", "E1.a", "contradicted"), row("L2", "L2.a", "supported"),
                                      row("L2", "L2.b", "contradicted")])
    write_study(tmp_path, "lone", [row("L5", "L5", "inconclusive", sim_low=float("nan"), sim_high=float("nan"))])
    every_coup(tmp_path)
    return tmp_path


def claims_json(capsys, folder) -> list[dict]:
    assert main(["claims", "--json", "--reports", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1          # one JSON list on one line
    return json.loads(out)


def test_json_is_one_object_per_claim_of_the_catalogue(tmp_path, capsys):
    items = claims_json(capsys, reports(tmp_path))
    assert [x["id"] for x in items] == list(catalogue())     # each id once, in the catalogue's order
    for x in items:
        assert {"id", "part", "kind", "status", "robust", "summary", "note", "reading", "primary", "flips",
                "secondary"} <= set(x)
        assert x["status"] in STATUSES and isinstance(x["summary"], str) and "\n" not in x["summary"]
        assert x["robust"] in (True, False) and isinstance(x["flips"], list)
        p = x["primary"]
        assert {"test", "reading", "hands", "decision", "unit", "margin", "axes", "replications"} <= set(p)
        assert p["unit"] in ("points per hand", "expected net rubber points") and p["margin"] in (0.05, 0.04)
        if x["status"] == "untested":
            assert x["summary"].startswith("untested")
        for r in p["replications"]:
            assert set(r) == REPLICATION_KEYS and (r["verdict"] in VERDICTS | {"not run"})
            assert r["powered"] == (r["verdict"] in VERDICTS - {"inconclusive"})
        for t in x["secondary"]:
            assert set(t) == TEST_KEYS and t["verdict"] in VERDICTS
            assert t["ci"] is None or (len(t["ci"]) == 2 and all(isinstance(v, float) for v in t["ci"]))
            assert set(t["model"]) == {"engine", "unit", "state", "company", "play_company"}


def test_json_statuses_from_the_primaries_only(tmp_path, capsys, monkeypatch):
    unbuilt(monkeypatch, "L4")
    items = {x["id"]: x for x in claims_json(capsys, reports(tmp_path))}
    e1 = items["E1"]
    assert e1["status"] == "supported" and e1["kind"] == ["bid"] and e1["secondary_disagreeing"] == ["bidding/E1.a"]
    assert [t["key"] for t in e1["secondary"]] == ["E1.a"]
    first = e1["primary"]["replications"][0]
    assert (first["engine"], first["company"], first["state"], first["estimate"], first["n"]) == \
        ("dd", "book", None, 0.2, 20000)
    assert items["E2"]["status"] == "split" and items["E2"]["flips"] == ["company"]
    assert items["E2"]["summary"] == "split (company): supported in the book's company, contradicted in the " \
                                     "optimised company; not run: 2 of 4 cells"
    assert items["L2"]["status"] == "untested" and len(items["L2"]["secondary"]) == 2   # its tests: secondary
    assert items["L5"]["secondary"][0]["ci"] is None and items["L5"]["secondary"][0]["deals_needed"] == 90000
    assert items["L4"]["status"] == "untested" and "not built yet" in items["L4"]["note"]
    assert all(items[f"C{i}"]["status"] == "untested" and items[f"C{i}"]["secondary"] for i in range(1, 10))


def test_text_table_by_part_of_the_book(tmp_path, capsys):
    assert main(["claims", "--reports", str(reports(tmp_path))]) == 0
    out = capsys.readouterr().out
    for cid in catalogue():
        assert f"\n  {cid} " in out
    e1 = "  E1  supported             Right not turned: order with three medium trumps, suit strength.\n"
    assert f"Eldest hand (B)\n{e1}        +0.200 [+0.167, +0.233] points per hand, n 20,000; double-dummy, in the " \
           "book's company\n" in out
    assert "  E2  split (company)       Do not order if you can make it next.\n        +0.200 [+0.167, +0.233] points " \
           "per hand, n 20,000; double-dummy, in the book's company:\n          supported\n" in out   # one side of the split
    assert "  L2  untested              Many points lost by not taking partner for a march.\n" \
           "        Untested: the primary is built (primary) but no run of it is saved\n" in out
    assert " ".join(out.split("\n\n")[0].split()).startswith(
        "Of the book's 57 claims, by their primary tests: right 1, wrong 0, it does not matter 0, it depends 1 (1 "
        "on the company), not yet decided 0, untested as pre-registered 55 (")


def test_write_makes_the_pages_and_the_index(tmp_path, capsys):
    folder = reports(tmp_path)
    assert main(["claims", "--write", "--reports", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "claims.html" in err and "claims.json" not in err      # the package's copy: only from the checkout's reports
    page = (folder / "claims.html").read_text()
    assert all(f'id="{cid}"' in page for cid in catalogue())
    assert (folder / "claims.md").exists() and 'href="claims.html"' in (folder / "index.html").read_text()


def test_a_reports_folder_that_does_not_exist_is_one_line_exit_2(tmp_path, capsys):
    assert main(["claims", "--reports", str(tmp_path / "nowhere")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "nowhere is not a folder" in captured.err


def test_a_claim_read_one_way_of_several_says_how(tmp_path, capsys):
    items = {x["id"]: x for x in claims_json(capsys, reports(tmp_path))}
    d6 = items["D6"]["reading"]
    assert "glossary" in d6 and "other colour" in d6 and "policy plays this reading" in d6
    assert "bowers of next" in d6 and "secondary reading" in d6
    assert "smallest step" in items["D3"]["reading"] and "no right" in items["D3"]["reading"]
    assert "non-inferiority" in items["D2"]["reading"] and items["E1"]["reading"] == ""

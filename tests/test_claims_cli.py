"""``euchrelab claims``: the text table, the JSON contract, the pages, and bad input."""
from __future__ import annotations

import json

from test_ledger import every_coup, row, write_study

from analysis.game.claims import catalogue
from analysis.commands.cli import main

STATUSES = {"supported", "contradicted", "model-dependent", "negligible", "inconclusive", "mixed", "untested"}
TEST_KEYS = {"study", "key", "label", "test", "estimate", "ci", "margin", "unit", "n", "verdict", "material",
             "p_adjusted", "deals_needed", "model", "permissive"}


def reports(tmp_path):
    """A reports folder: two studies (E1 supported; L2 mixed; a test with no interval) and the coups."""
    write_study(tmp_path, "bidding", [row("E1", "E1", "supported"), row("L2", "L2.a", "supported"),
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
        assert set(x) == {"id", "part", "kind", "status", "robust", "summary", "note", "reading", "study", "models", "tests"}
        assert x["robust"] in (True, False, None)
        assert (x["robust"] is False) == (x["status"] == "model-dependent")
        assert isinstance(x["kind"], list) and all(isinstance(k, str) for k in x["kind"])
        assert x["status"] in STATUSES and isinstance(x["summary"], str) and "\n" not in x["summary"]
        if x["status"] == "untested":
            assert x["note"] and x["study"] is None and x["tests"] == []
        else:
            assert x["note"] is None and isinstance(x["study"], str) and x["tests"]
        for t in x["tests"]:
            assert set(t) == TEST_KEYS
            assert t["ci"] is None or (len(t["ci"]) == 2 and all(isinstance(v, float) for v in t["ci"]))
            assert t["estimate"] is None or isinstance(t["estimate"], float)
            assert t["n"] is None or isinstance(t["n"], int)
            assert t["verdict"] in STATUSES - {"mixed", "untested", "model-dependent"}
            assert set(t["model"]) == {"engine", "unit", "state", "company"}


def test_json_statuses_from_the_studies_and_the_coups(tmp_path, capsys):
    items = {x["id"]: x for x in claims_json(capsys, reports(tmp_path))}
    e1 = items["E1"]
    assert e1["status"] == "supported" and e1["study"] == "bidding" and e1["kind"] == ["bid"]
    assert e1["tests"][0] == {"study": "bidding", "key": "E1", "label": "E1 label", "test": "E1: call - pass",
                              "estimate": 0.2, "ci": [0.1, 0.3], "margin": 0.05, "unit": "points per hand",
                              "n": 20000, "verdict": "supported", "material": True, "p_adjusted": 0.001,
                              "deals_needed": None, "permissive": False,
                              "model": {"engine": "dd", "unit": "points per hand", "state": None, "company": "book"}}
    assert items["L2"]["status"] == "mixed" and "L2.b label (contradicted)" in items["L2"]["summary"]
    assert items["L5"]["tests"][0]["ci"] is None and items["L5"]["tests"][0]["deals_needed"] == 90000
    assert items["E4"]["status"] == "untested" and "table-side play engine" in items["E4"]["note"]
    for i in range(1, 10):                                    # the coups, from their verdicts
        assert items[f"C{i}"]["study"] == "coups" and items[f"C{i}"]["status"] != "untested"
    assert items["C2"]["status"] == "mixed" and items["C1"]["status"] == "supported"
    assert items["C4"]["robust"] is True and items["C1"]["robust"] is None   # C4: double-dummy and at the table


def test_text_table_by_part_of_the_book(tmp_path, capsys):
    assert main(["claims", "--reports", str(reports(tmp_path))]) == 0
    out = capsys.readouterr().out
    for cid in catalogue():
        assert f"\n  {cid} " in out
    assert ("Eldest hand (B)\n  E1   supported (one model)    E1 label, +0.200 [+0.100, +0.300] points per hand\n"
            in out)
    assert out.rstrip().endswith(f"{len(catalogue())} claims: 1 supported (robust), 7 supported (one model), 3 mixed, "
                                 "1 inconclusive, 45 untested")


def test_write_makes_the_pages_and_the_index(tmp_path, capsys):
    folder = reports(tmp_path)
    assert main(["claims", "--write", "--reports", str(folder)]) == 0
    assert "claims.html" in capsys.readouterr().err
    page = (folder / "claims.html").read_text()
    assert all(f'id="{cid}"' in page for cid in catalogue())
    assert (folder / "claims.md").exists() and 'href="claims.html"' in (folder / "index.html").read_text()


def test_a_reports_folder_that_does_not_exist_is_one_line_exit_2(tmp_path, capsys):
    assert main(["claims", "--reports", str(tmp_path / "nowhere")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "nowhere is not a folder" in captured.err


def test_a_claim_read_one_way_of_several_says_how(tmp_path, capsys):
    items = {x["id"]: x for x in claims_json(capsys, reports(tmp_path))}
    assert "both tested" in items["D6"]["reading"] and "glossary" in items["D6"]["reading"]
    assert "non-inferiority" in items["D2"]["reading"] and items["E1"]["reading"] == ""

"""Results print themselves: ``str()`` of what the library returns is exactly what the command
line prints, ``to_json()`` what its --json prints, and ``_repr_html_()`` a table for a notebook."""
from __future__ import annotations

import json

import pytest

import analysis
from analysis.commands.cli import main
from analysis.errors import EuchreError


def _stdout(capsys, *argv) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.slow
def test_a_comparison_prints_what_the_command_prints(capsys):
    result = analysis.compare("optimised", "book", deals=200, seed=1)
    assert str(result) == _stdout(capsys, "compare", "optimised", "book", "--deals", "200", "--seed", "1")
    assert json.dumps(result.to_json()) + "\n" == _stdout(capsys, "compare", "optimised", "book", "--deals", "200",
                                                          "--seed", "1", "--json")
    assert result.to_json() == result.as_dict()
    page = result._repr_html_()
    assert page.startswith("<table") and "chance of winning a game" in page and "rubber points" in page


def test_compare_takes_a_users_deals_and_refuses_others(capsys):
    deals = analysis.sample_deals(20, 4)
    mine = analysis.compare("book", "pass", deals=deals, seed=2)
    assert mine.deals == 20 and "20 deals at each score" in str(mine)
    # the same deals as a count would deal differently, but the same batch gives the same numbers
    again = analysis.compare(analysis.BookPolicy(), analysis.policy_from_name("pass"), deals=deals, seed=2)
    assert str(again) == str(mine)
    with pytest.raises(EuchreError, match="32-card pack, the rules of the 24-card pack"):
        analysis.compare("book", "pass", analysis.Rules.modern(), deals=deals)
    with pytest.raises(EuchreError, match="deals must be"):
        analysis.compare("book", "pass", deals=0)
    with pytest.raises(EuchreError, match="unknown policy"):
        analysis.compare("book", "no_such_policy", deals=5)


def test_a_rubber_table_prints_what_the_command_prints(capsys, tmp_path):
    argv = ["--deals", "40", "--seed", "3", "--draws", "20"]
    table = analysis.rubber_table("book", deals=40, seed=3, draws=20)
    assert str(table) == _stdout(capsys, "rubber", *argv)
    assert json.dumps(table.to_json()) + "\n" == _stdout(capsys, "rubber", *argv, "--json")
    page = table._repr_html_()
    assert page.startswith("<table") and page.count("<tr>") == 1 + 25
    table.write_chart(tmp_path / "r.png")
    assert (tmp_path / "r.png").stat().st_size > 0
    with pytest.raises(EuchreError, match="draws must be"):
        analysis.rubber_table(deals=5, draws=1)


def test_deals_print_as_cards_one_a_line_and_as_the_deal_command_writes_them(capsys):
    deals = analysis.sample_deals(3, 7)
    assert repr(deals) == "Deals(n=3, pack=32)"
    lines = str(deals).splitlines()
    assert len(lines) == 3
    for i, line in enumerate(lines):
        for seat in "ABCD":
            hand = analysis.format_cards(deals.hand(i, "ABCD".index(seat)))
            assert f"{seat}: {hand}" in line
        assert line.endswith(f"turn-up: {analysis.format_cards([int(deals.turn_up[i])])}")
    printed = _stdout(capsys, "deal", "--n", "3", "--seed", "7")
    assert printed == "".join(json.dumps(d) + "\n" for d in deals.to_json())
    assert deals._repr_html_().count("<tr>") == 4


def test_the_claims_and_the_studies_print_what_the_commands_print(capsys):
    from analysis.run.request import claims_ledger, study_list
    ledger = claims_ledger("reports")
    assert str(ledger) == _stdout(capsys, "claims")
    assert json.dumps(ledger.to_json(), allow_nan=False) + "\n" == _stdout(capsys, "claims", "--json")
    studies = study_list()
    assert str(studies) == _stdout(capsys, "studies")
    assert "<table" in ledger._repr_html_() and "<table" in studies._repr_html_()

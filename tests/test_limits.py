"""The bounds on one request's work (:mod:`analysis.limits`): one line at the command line and in
Python beyond the limit, a lower limit in the workbench, the defaults the commands' own, the table
in docs/cli.md."""
from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import run_cli

from analysis.commands.cli import build_parser
from analysis.errors import EuchreError
from analysis.limits import SETTINGS, bounded, limits_markdown, setting

ROOT = Path(__file__).resolve().parents[1]

# the least command line of each command, to read its parser's defaults
REQUIRED = {"advise": ["--seat", "B", "--hand", "JS 9C AS KS QH", "--turn-up", "9S"], "compare": ["book", "optimised"],
            "card": ["book"], "chart": ["book"], "solve": [], "coups": [], "play": [], "deal": [], "ladder": [],
            "rubber": [], "optimise": ["--out", "x.toml"], "run": ["primary"], "review": ["game.egn"],
            "game-model": []}


def test_a_count_over_its_limit_is_one_line_naming_the_limit():
    s = setting("advise", "worlds")
    assert bounded(s.limit, "advise", "worlds") == s.limit
    with pytest.raises(EuchreError) as got:
        bounded(s.limit + 1, "advise", "worlds")
    assert str(got.value) == (f"worlds {s.limit + 1:,} is over the limit of {s.limit:,} worlds he could be in: "
                              "a bound on one request's work")
    with pytest.raises(EuchreError, match=r"^deals 200,001 is over the workbench's limit of 200,000 deals at each "
                                          r"score: .*\(the command line allows 10,000,000\)$"):
        bounded(200_001, "compare", "deals", web=True)
    with pytest.raises(EuchreError, match="at least 2"):
        bounded(1, "advise", "worlds", least=2)


@pytest.mark.parametrize("argv, flag", [
    (["advise", "--seat", "B", "--hand", "JS 9C AS KS QH", "--turn-up", "9S", "--worlds", "1000000000"], "--worlds"),
    (["advise", "--seat", "B", "--hand", "JS 9C AS KS QH", "--turn-up", "9S", "--play-worlds", "5000"],
     "--play-worlds"),
    (["card", "book", "--deals", "20000000"], "--deals"),
    (["chart", "book", "--deals", "20000000"], "--deals"),
    (["play", "--n", "2000000"], "--n"),
    (["deal", "--n", "200000000"], "--n"),
    (["ladder", "--deals", "2000000"], "--deals"),
    (["rubber", "--deals", "20000000"], "--deals"),
    (["optimise", "--out", "x.toml", "--deals", "20000000"], "--deals"),
    (["run", "primary", "--deals", "2000000000", "--out", "x"], "--deals"),
    (["review", "tests/data/egn/custom-scenario.egn", "--worlds", "1000000"], "--worlds"),
])
def test_the_command_line_refuses_too_much_work_before_any(argv, flag):
    got = run_cli(*argv)
    code, out, err = got.returncode, got.stdout, got.stderr
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"euchrelab: error: {flag} ") and "is over the limit of" in err


def test_every_limit_is_above_its_default_and_the_default_is_the_commands():
    for s in SETTINGS:
        assert s.default is None or 0 <= s.default <= s.limit, s
        assert s.web_limit is None or s.page_default <= s.web_limit <= s.limit, s
        assert (s.web_default is None) == (s.web_why == ""), f"{s}: a page's own default says why"
        if s.command == "solve":      # worlds of a position's line, not an option
            from analysis.tools import solve
            assert f'"worlds", {s.default}' in Path(solve.__file__).read_text()
            continue
        commands = next(a for a in build_parser()._actions if a.dest == "command").choices
        given = getattr(commands[s.command].parse_args(REQUIRED[s.command]), s.name)
        if s.default is None:      # each study's own
            assert given is None, s
            continue
        if given is None and s.command == "advise":   # --table-worlds: the library's, or every world if fewer
            from analysis.tools.advise import TABLE_WORLDS
            given = TABLE_WORLDS
        elif given is None:      # compare's --deals and --games: the library's default
            import inspect

            from analysis.tools.compare import compare
            given = inspect.signature(compare).parameters[s.name].default or 0
        assert int(given) == s.default, s


def test_the_table_of_limits_is_in_the_cli_docs():
    assert limits_markdown() in (ROOT / "docs" / "cli.md").read_text()

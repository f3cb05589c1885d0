"""``euchrelab solve`` end to end: in this process (:mod:`cli_run`), and as a program where a test says so."""
import json

import pytest
from cli_run import as_program, run_cli

CASE_I = {"trump": "C", "hands": {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS",
                                  "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}}


@pytest.mark.parametrize("flags", [[], ["--reference"]])
def test_solve_reads_json_lines_and_writes_one_result_per_line(flags):
    lines = [
        dict(CASE_I, played=["JD", "7D", "TC"], analyse=True),
        dict(CASE_I, hands={**CASE_I["hands"], "C": None}, alone="A"),
    ]
    lines[1]["hands"] = {k: v for k, v in CASE_I["hands"].items() if k != "C"}
    out = run_cli("solve", *flags, stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    assert out.returncode == 0, out.stderr
    first, second = [json.loads(x) for x in out.stdout.splitlines()]
    assert first["A+C"] == 4 and first["B+D"] == 1
    assert first["to_move"] == "A" and first["moves"]["8S"] == 4 and first["moves"]["JC"] == 2
    assert second["A+C"] + second["B+D"] == 5


@pytest.mark.parametrize("line, message", [
    ("{not json", "line 1: not valid JSON"),
    (json.dumps({**CASE_I, "trump": "X"}), "line 1: 'X' is not a suit"),
    (json.dumps({**CASE_I, "hands": {**CASE_I["hands"], "B": "9C QH 8H JD TS"}}), "line 1: card 9C is dealt twice"),
    (json.dumps({**CASE_I, "played": ["AS"]}), "line 1: card AS is not in B's hand"),
    (json.dumps({**CASE_I, "pack": 24}), "line 1: card 8S is not in the 24-card pack"),
    (json.dumps({**CASE_I, "colour": 1}), "line 1: unknown key 'colour'"),
])
def test_a_bad_line_gets_one_line_on_stderr_and_status_2(line, message):
    out = run_cli("solve", stdin=line + "\n")
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "Traceback" not in out.stderr
    assert message in out.stderr


def test_a_missing_file_is_a_clear_error():
    out = run_cli("solve", "--input", "/nonexistent/positions.jsonl")
    assert out.returncode == 2 and "cannot read /nonexistent/positions.jsonl" in out.stderr


def test_unknown_subcommand_is_a_usage_error():
    out = as_program("frobnicate")
    assert out.returncode == 2 and "Traceback" not in out.stderr


@pytest.mark.slow
def test_the_examples_give_the_same_answers_with_either_solver():
    from pathlib import Path
    examples = Path(__file__).parent.parent / "examples" / "positions.jsonl"
    compiled, ref = (run_cli("solve", *flags, "--input", str(examples)) for flags in ([], ["--reference"]))
    assert compiled.returncode == ref.returncode == 0, compiled.stderr + ref.stderr
    assert compiled.stdout == ref.stdout
    answers = [json.loads(x) for x in compiled.stdout.splitlines()]
    assert answers[0]["moves"] == {"8S": 4, "9C": 2, "JC": 2, "KH": 2, "AH": 2}
    assert answers[1] == {"A+C": 2, "B+D": 3}
    assert answers[2] == {"A+C": 3, "B+D": 2}   # A's lone hand ("alone": "A") in the 24-card pack


def test_the_input_is_a_file_given_by_position_or_by_option_or_standard_input(tmp_path):
    line = json.dumps(dict(CASE_I, played=["JD", "7D", "TC"])) + "\n"
    path = tmp_path / "case.jsonl"
    path.write_text(line)
    outs = [run_cli("solve", str(path)), run_cli("solve", "--input", str(path)), run_cli("solve", "-", stdin=line),
            run_cli("solve", stdin=line)]
    assert all(o.returncode == 0 for o in outs), [o.stderr for o in outs]
    assert len({o.stdout for o in outs}) == 1 and json.loads(outs[0].stdout) == {"A+C": 4, "B+D": 1}
    both = run_cli("solve", str(path), "--input", "/elsewhere.jsonl")
    assert both.returncode == 2 and "give the input once" in both.stderr and "Traceback" not in both.stderr

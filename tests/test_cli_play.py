"""``euchrelab play`` end to end."""
import json
import subprocess
import sys


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "analysis.cli", *args], capture_output=True, text=True, timeout=300)


def test_play_json_lines_carry_the_whole_hand():
    out = run_cli("play", "--n", "40", "--seed", "2", "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(lines) == 40
    for h in lines:
        assert set(h) >= {"deal", "calls", "void", "maker", "trump", "alone", "discard", "hands", "tricks", "points"}
        if h["void"]:
            assert h["points"] == {"AC": 0, "BD": 0} and len(h["calls"]) == 8
        else:
            assert h["tricks"]["AC"] + h["tricks"]["BD"] == 5
            assert sum(h["points"].values()) in (1, 2, 4)
            assert h["discard"] != h["deal"]["turn_up"]


def test_play_summary_and_a_toml_policy(tmp_path):
    out = run_cli("play", "--n", "200", "--policy", "examples/cautious.toml")
    assert out.returncode == 0, out.stderr
    assert "Wilson" in out.stdout and "mean points per hand" in out.stdout


def test_play_errors_are_one_line():
    for args, fragment in [(["--policy", "nonsense"], "unknown policy 'nonsense'"),
                           (["--n", "0"], "--n must be at least 1"),
                           (["--score", "4-x"], "--score '4-x'")]:
        out = run_cli("play", *args)
        assert out.returncode == 2 and fragment in out.stderr and "Traceback" not in out.stderr

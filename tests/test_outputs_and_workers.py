"""Nothing lost, nothing wild: worker counts bounded by the machine, workers that die with their
parent, every output checked before any work, the committed reports never touched by a run of
one's own, and one vocabulary of options across the commands."""
from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analysis.commands.cli import build_parser, main
from analysis.errors import cores

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
TOO_MANY = str(cores() + 1)


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): hashlib.sha1(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module", autouse=True)
def reports_untouched():
    """No test here changes a file of the committed reports."""
    before = _snapshot(REPORTS)
    yield
    assert _snapshot(REPORTS) == before


@pytest.fixture
def read_only(tmp_path) -> Path:
    """A folder this process cannot write in: /sys for root (whom permissions do not stop), else a
    folder without write permission."""
    if os.geteuid() == 0:
        return Path("/sys")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


def _refused(capsys, argv: list[str], *words: str) -> None:
    """The command exits 2 with one line naming the problem, and nothing on standard output."""
    start = time.perf_counter()
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("euchrelab: error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err
    assert time.perf_counter() - start < 30   # refused before the work, which would take far longer


# --- workers ---------------------------------------------------------------------------------

PARALLEL_COMMANDS = [
    ["compare", "book", "pass", "--deals", "1000000"],
    ["card", "optimised", "--deals", "1000000"],
    ["chart", "book", "--deals", "1000000"],
    ["ladder", "--deals", "1000000"],
    ["optimise", "--out", "OUT.toml"],
    ["rubber", "--deals", "1000000"],
    ["advise", "--seat", "B", "--hand", "JS 9C AS KS QH", "--turn-up", "9S"],
    ["run", "hand_strength", "--deals", "1000000"],
    ["coups"],
]


@pytest.mark.parametrize("argv", PARALLEL_COMMANDS, ids=lambda a: a[0])
def test_more_workers_than_cores_are_refused(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _refused(capsys, [*argv, "--jobs", TOO_MANY], f"--jobs {TOO_MANY} is more workers than this machine's",
             f"give at most {cores()}")
    assert list(tmp_path.iterdir()) == []


def test_every_parallel_command_takes_jobs_and_every_pack_dependent_one_pack():
    parser = build_parser()
    subs = next(a for a in parser._actions if a.dest == "command").choices
    for name in ("advise", "card", "chart", "compare", "coups", "ladder", "optimise", "rubber", "run"):
        assert "--jobs" in subs[name]._option_string_actions, name
    for name in ("advise", "card", "chart", "compare", "deal", "ladder", "optimise", "rubber", "run"):
        assert "--pack" in subs[name]._option_string_actions, name


def _children(pid: int) -> set[int]:
    """Every live process whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(cores() < 2, reason="needs two cores for two workers")
def test_workers_exit_when_their_parent_is_killed(tmp_path):
    """A run killed by the kernel (as the out-of-memory killer does) leaves no worker computing."""
    command = [sys.executable, "-m", "analysis.commands.cli", "run", "hand_strength", "--deals", "2000000",
               "--chunk-size", "100000", "--jobs", "2", "--out", str(tmp_path / "out"), "--no-progress"]
    parent = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:
            workers = {w for w in _children(parent.pid)
                       if b"loky" in Path(f"/proc/{w}/cmdline").read_bytes() and _alive(w)}
            time.sleep(0.2)
        assert len(workers) >= 2, "the run started no workers"
        time.sleep(2)   # the workers are computing their first chunk
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.2)
        left = [w for w in workers if _alive(w)]
    finally:
        parent.kill()
    for w in left:   # never leave them behind, even when the test fails
        os.kill(w, signal.SIGKILL)
    assert left == []


# --- outputs checked before any work --------------------------------------------------------

@pytest.fixture
def a_file(tmp_path) -> Path:
    path = tmp_path / "a_file"
    path.write_text("mine\n")
    return path


def test_an_output_folder_that_is_a_file_or_under_one_is_refused(capsys, a_file, tmp_path):
    cases = [
        (["run", "hand_strength", "--deals", "1000000", "--out", str(a_file)], "is a file: give a folder"),
        (["card", "optimised", "--deals", "1000000", "--out", str(a_file)], "is a file: give a folder"),
        (["chart", "book", "--deals", "1000000", "--out", str(a_file / "sub")], "is a file, so no folder"),
        (["ladder", "--deals", "1000000", "--out", str(a_file)], "is a file: give a folder"),
        (["compare", "book", "pass", "--deals", "1000000", "--report", str(a_file)], "is a file: give a folder"),
        (["coups", "--out", str(a_file)], "is a file: give a folder"),
    ]
    for argv, words in cases:
        _refused(capsys, argv, words)
    assert a_file.read_text() == "mine\n" and sorted(p.name for p in tmp_path.iterdir()) == ["a_file"]


def test_an_output_folder_that_cannot_be_written_is_refused(capsys, read_only):
    for argv in (["run", "hand_strength", "--deals", "1000000", "--out"], ["card", "optimised", "--deals", "1000000", "--out"],
                 ["chart", "book", "--deals", "1000000", "--out"], ["ladder", "--deals", "1000000", "--out"],
                 ["compare", "book", "pass", "--deals", "1000000", "--report"], ["coups", "--out"]):
        _refused(capsys, [*argv, str(read_only / "euchrelab-out")], "cannot write in")


def test_output_files_are_checked_before_the_work(capsys, tmp_path, read_only):
    advise = ["advise", "--seat", "B", "--hand", "JS 9C AS KS QH", "--turn-up", "9S", "--worlds", "10000000"]
    rubber = ["rubber", "--deals", "1000000"]
    (tmp_path / "folder.png").mkdir()
    for argv, words in [
        ([*rubber, "--chart", str(tmp_path / "r.txt")], "must name a .png file"),
        ([*advise, "--chart", str(tmp_path / "r.svg")], "must name a .png file"),
        ([*rubber, "--chart", str(read_only / "r.png")], "cannot write in"),
        ([*advise, "--chart", str(read_only / "r.png")], "cannot write in"),
        ([*rubber, "--chart", str(tmp_path / "folder.png")], "is a folder"),
        (["optimise", "--out", str(read_only / "p.toml")], "cannot write in"),
        (["optimise", "--out", str(tmp_path / "p.txt")], "must name a .toml file"),
        (["deal", "--n", "10", "--out", str(tmp_path / "no" / "deals.jsonl")], "no folder"),
    ]:
        _refused(capsys, argv, words)
    (tmp_path / "p.toml.state.json").mkdir()
    _refused(capsys, ["optimise", "--out", str(tmp_path / "p.toml")], "its state file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.png", "p.toml.state.json"]


def test_report_into_a_folder_it_cannot_write_is_refused(tmp_path):
    """A reports folder on a read-only mount: root, whom permission bits do not stop, gets one through
    a private mount namespace; another user, a folder without write permission."""
    reports = tmp_path / "reports"
    (reports / "toy").mkdir(parents=True)
    (reports / "toy" / "manifest.json").write_text("{}")
    command = [sys.executable, "-m", "analysis.commands.cli", "report", str(reports)]
    if os.geteuid() == 0:
        script = (f"mount --bind {reports} {reports} && mount -o remount,bind,ro {reports} && "
                  + " ".join(command))
        command = ["unshare", "--map-root-user", "--mount", "sh", "-c", script]
    else:
        (reports / "toy").chmod(0o555)
        reports.chmod(0o555)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("euchrelab: error: DIR ") and done.stderr.count("\n") == 1
    assert "cannot write in" in done.stderr and done.stdout == ""
    assert sorted(p.name for p in reports.rglob("*")) == ["manifest.json", "toy"]


# --- the committed reports -----------------------------------------------------------------

def test_a_run_of_ones_own_goes_to_a_folder_git_ignores():
    from analysis.run.runner import DEFAULT_OUT, Settings
    assert Settings(study="x", deals=1, chunk_size=1).out == str(DEFAULT_OUT) == "runs"
    ignored = subprocess.run(["git", "check-ignore", "-q", "runs/hand_strength/report.html"], cwd=ROOT)
    assert ignored.returncode == 0
    make = (ROOT / "Makefile").read_text()
    assert "REPORT_DIR ?= runs" in make and "--out $(REPORT_DIR)" in make and "--reference" not in make


def test_the_reference_reports_are_refused_without_the_flag(capsys):
    _refused(capsys, ["run", "hand_strength", "--deals", "1000000", "--out", str(REPORTS)],
             "holds the committed reference runs", "--reference")
    _refused(capsys, ["ladder", "--deals", "1000000", "--out", str(REPORTS / "ladder")], "--reference")
    _refused(capsys, ["coups", "--out", str(REPORTS / "coups")], "--reference")


# --- one vocabulary --------------------------------------------------------------------------

def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("euchrelab ")


def test_deal_out_is_a_file_and_played_cards_are_played(tmp_path, capsys):
    path = tmp_path / "deals.jsonl"
    assert main(["deal", "--n", "3", "--seed", "7", "--played", "7D 8D", "--out", str(path)]) == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and all("7D" not in line and "8D" not in line for line in lines)
    assert main(["deal", "--n", "3", "--seed", "7", "--played", "7D 8D"]) == 0
    assert capsys.readouterr().out.splitlines() == lines


@pytest.mark.slow
def test_compare_takes_deals_and_games_together(capsys):
    assert main(["compare", "book", "pass", "--deals", "30", "--games", "4", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"deals": 30' in out and '"games"' in out


@pytest.mark.skipif(cores() < 2, reason="needs two cores for two workers")
def test_chart_rows_are_the_same_with_one_worker_or_two():
    from analysis.bidding.policies import policy_from_name
    from analysis.game.rules import Rules
    from analysis.tools.strategy import chart_rows
    book, rules = policy_from_name("book"), Rules()
    one = chart_rows(book, [1], 30_000, 7, rules, (0, 0), cap=10, jobs=1)
    two = chart_rows(book, [1], 30_000, 7, rules, (0, 0), cap=10, jobs=2)
    assert len(one) > 0
    assert one.equals(two)


def test_an_interrupted_run_says_how_to_go_on_in_the_words_typed(monkeypatch):
    from analysis.commands.run import AGAIN, continue_words
    monkeypatch.delenv(AGAIN, raising=False)
    assert continue_words() == "add --resume to the same command to continue"
    monkeypatch.setenv(AGAIN, "make report")
    assert continue_words() == "run `make report` again to continue"
    assert 'EUCHRELAB_AGAIN="make report"' in (ROOT / "Makefile").read_text()

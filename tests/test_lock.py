"""A run owns its study folder: a second run into it is refused, a killed run's lock is taken
over, and the lock goes when the run ends, however it ends."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

import toy_study as toy
from analysis import storage
from analysis.commands.cli import main
from analysis.errors import EuchreError
from analysis.run.runner import rerender, run_and_report, run_study
from toy_study import FAIL_AT, SECONDS, toy_settings


def _lock(out):
    return out / "toy" / storage.LOCK_NAME


def _write_lock(out, **owner):
    path = _lock(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"host": socket.gethostname(), "started": "2026-01-01T00:00:00+00:00", **owner}))
    return path


@pytest.fixture
def live_process():
    """Another process of this host, alive while the test runs."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield process
    process.kill()
    process.wait()


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()   # reaped: its pid names no process now
    return process.pid


def test_a_lock_held_by_a_live_process_refuses_the_run(tmp_path, live_process):
    lock = _write_lock(tmp_path, pid=live_process.pid)
    with pytest.raises(EuchreError, match=f"in use by another run \\(pid {live_process.pid} on "):
        run_study(toy, toy_settings(tmp_path))
    assert sorted(p.name for p in (tmp_path / "toy").iterdir()) == [storage.LOCK_NAME]   # nothing written
    assert json.loads(lock.read_text())["pid"] == live_process.pid                      # the lock is still his


@pytest.mark.slow
def test_re_rendering_waits_for_the_run_too(tmp_path, live_process):
    run_and_report(toy, toy_settings(tmp_path))
    _write_lock(tmp_path, pid=live_process.pid)
    with pytest.raises(EuchreError, match="in use by another run"):
        rerender(tmp_path / "toy")


def test_the_command_line_refuses_a_folder_in_use_in_one_line(tmp_path, live_process, capsys, user_studies):
    _write_lock(tmp_path, pid=live_process.pid)
    assert main(["run", "userstudies.toy", "--out", str(tmp_path), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("euchrelab: error: ")
    assert f"{tmp_path / 'toy'} is in use by another run (pid {live_process.pid}" in err and "Traceback" not in err


def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path):
    _write_lock(tmp_path, pid=_dead_pid())
    outcome = run_study(toy, toy_settings(tmp_path))
    assert outcome.manifest["status"] == "complete" and len(outcome.frame) == 2_000
    assert not _lock(tmp_path).exists()


def test_a_lock_left_unwritten_is_in_use_at_first_and_stale_later(tmp_path):
    lock = _lock(tmp_path)
    lock.parent.mkdir(parents=True)
    lock.write_text("")   # as if its owner were between creating and writing it
    with pytest.raises(EuchreError, match="in use by another run"):
        run_study(toy, toy_settings(tmp_path))
    old = time.time() - 2 * storage.UNWRITTEN_LOCK_SECONDS
    os.utime(lock, (old, old))   # its owner was killed right after creating it
    assert run_study(toy, toy_settings(tmp_path)).manifest["status"] == "complete"
    assert not lock.exists()


def test_a_lock_of_another_host_is_respected(tmp_path):
    _write_lock(tmp_path, pid=_dead_pid(), host=socket.gethostname() + "-elsewhere")
    with pytest.raises(EuchreError, match="-elsewhere"):
        run_study(toy, toy_settings(tmp_path))


def test_the_lock_is_held_for_the_whole_run_and_removed_after_it(tmp_path):
    seen = []

    class Probe:
        """The toy study, looking at its folder's lock from inside each chunk and from the render."""
        name, title, description, policies, suite_position = "toy", "probe", "probe", "probe", None
        defaults = {"deals": 300, "chunk_size": 150, "shift": 0.5}
        scenarios, summarise = staticmethod(toy.scenarios), staticmethod(toy.summarise)

        def run_chunk(self, *args):
            seen.append(json.loads(_lock(tmp_path).read_text()))
            with pytest.raises(EuchreError, match="in use by another run"):   # a second run in the meantime
                run_study(toy, toy_settings(tmp_path))
            return toy.run_chunk(*args)

        def render(self, table, manifest, out_dir):
            seen.append(json.loads(_lock(tmp_path).read_text()))
            return toy.render(table, manifest, out_dir)

    _outcome, paths = run_and_report(Probe(), toy_settings(tmp_path, deals=300))
    assert len(seen) == 4 + 1 and all(owner == seen[0] for owner in seen)
    assert seen[0]["pid"] == os.getpid() and seen[0]["host"] == socket.gethostname() and seen[0]["started"]
    assert not _lock(tmp_path).exists() and paths["html"].exists()


@pytest.mark.slow
def test_the_lock_is_removed_after_an_interrupted_or_failed_run(tmp_path, monkeypatch):
    monkeypatch.setenv(FAIL_AT, "high:1")
    with pytest.raises(KeyboardInterrupt):
        run_and_report(toy, toy_settings(tmp_path))
    assert not _lock(tmp_path).exists()
    monkeypatch.delenv(FAIL_AT)
    with pytest.raises(EuchreError, match="cannot resume"):
        run_study(toy, toy_settings(tmp_path, seed=2, resume=True))
    assert not _lock(tmp_path).exists()
    assert run_study(toy, toy_settings(tmp_path, resume=True)).manifest["chunks_resumed"] == 7 + 1


@pytest.mark.slow
def test_two_commands_into_one_folder_the_second_is_refused_and_ctrl_c_frees_it(tmp_path, user_studies):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(user_studies), os.environ.get("PYTHONPATH", "")]),
           SECONDS: "2"}   # long enough to outlast the second command on a loaded machine
    command = [sys.executable, "-m", "analysis.commands.cli", "run", "userstudies.toy", "--out", str(tmp_path), "--no-progress"]
    # a test before may leave Ctrl-C ignored in this process, which a child would inherit: give it the default
    first = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.time() + 60
        while not (tmp_path / "toy" / "chunks" / "plan.json").exists():
            assert time.time() < deadline and first.poll() is None, "the first run did not start"
            time.sleep(0.05)
        second = subprocess.run(command, env={**env, SECONDS: "0"}, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2 and second.stdout == ""
        assert second.stderr.count("\n") == 1 and f"in use by another run (pid {first.pid} on " in second.stderr
        first.send_signal(signal.SIGINT)   # Ctrl-C
        _out, err = first.communicate(timeout=60)
    finally:
        first.kill()
    assert first.returncode == 130 and "add --resume" in err
    assert not _lock(tmp_path).exists()
    third = subprocess.run(command + ["--resume"], env={**env, SECONDS: "0"}, capture_output=True, text=True, timeout=120)
    assert third.returncode == 0, third.stderr
    assert "resumed" in third.stdout and not _lock(tmp_path).exists()

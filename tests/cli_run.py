"""The command line run in the test's own process: what a separate ``python -m
analysis.commands.cli`` would give (exit status, standard output and error), without the second
or two a new interpreter takes to import numpy, pandas and matplotlib. A test that means the
program itself (the console script, its status when Python exits) starts a process instead."""
from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

from analysis.commands.cli import main


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    out, err = io.StringIO(), io.StringIO()
    before = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:   # argparse's own errors, and --help
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin = before
    return subprocess.CompletedProcess(["euchrelab", *args], code, out.getvalue(), err.getvalue())


def as_program(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """The command line as a program of its own: ``python -m analysis.commands.cli``."""
    return subprocess.run([sys.executable, "-m", "analysis.commands.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)

"""What a job's process does: one library call, its answer sent back on a pipe.

Imported by the server of processes before any job (:mod:`analysis.web.jobs`), so that the
analysis is loaded once and each job starts at once.
"""
from __future__ import annotations

import os
import traceback

from analysis.errors import EuchreError
from analysis.parallel import watch_parent
from analysis.play.double_dummy import get_solver
from analysis.tools.advise import advise
from analysis.tools.compare import compare
from analysis.tools.solve import answers


def work(kind: str, request: dict, progress):
    """The answer to one request: what the command line prints as JSON (``compare`` also gives its
    table as text, the report to download)."""
    if kind == "advise":
        return advise(**request).to_json()
    if kind == "solve":
        return list(answers(request["lines"], get_solver(request["solver"])))
    if kind == "compare":
        result = compare(**request, progress=progress)
        return {"json": result.to_json(), "text": str(result)}
    raise EuchreError(f"unknown kind of job {kind!r}")


def run_job(pipe, kind: str, request: dict) -> None:
    """A job's process: ("progress", done, total) as it goes, then ("done", answer), ("error",
    the one-line message of a bad request) or ("crash", a line, the traceback)."""
    watch_parent(os.getppid())   # ends with the server of processes, hence with the server
    try:
        answer = work(kind, request, lambda done, total: pipe.send(("progress", done, total)))
        pipe.send(("done", answer))
    except EuchreError as exc:
        pipe.send(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - a fault of the program: one line to the page, the traceback to the log
        pipe.send(("crash", f"internal error: {type(exc).__name__}: {exc}", traceback.format_exc()))
    finally:
        pipe.close()

"""What a job's process does: one library call, its answer sent back on a pipe.

Imported by the server of processes before any job (:mod:`analysis.web.jobs`), so that the
analysis is loaded once and each job starts at once.
"""
from __future__ import annotations

import os
import tempfile
import traceback
from pathlib import Path

from analysis.errors import EuchreError
from analysis.parallel import watch_parent
from analysis.play.double_dummy import get_solver
from analysis.tools import call_card
from analysis.tools.advise import advise
from analysis.tools.card_set import call_cards
from analysis.tools.compare import compare
from analysis.tools.policy_charts import chart_policy
from analysis.tools.review import review
from analysis.tools.solve import answers

SHOWN = (".png", ".pdf", ".csv")    # the files of a card or chart the browser is given; the reports are not


def work(kind: str, request: dict, progress):
    """The answer to one request: what the command line prints as JSON (``compare`` also gives its
    table as text, the report to download; ``review`` the game with its labels as EGN annotations)."""
    if kind == "advise":
        return advise(**request).to_json()
    if kind == "solve":
        return list(answers(request["lines"], get_solver(request["solver"])))
    if kind == "compare":
        result = compare(**request, progress=progress)
        return {"json": result.to_json(), "text": str(result)}
    if kind == "card":
        with tempfile.TemporaryDirectory(prefix="euchrelab-card-") as out:
            cards = call_cards(**request, out=out, progress=progress)
            differ = call_card.summary(cards.lined, cards.policy, cards.against, cards.rules.stick_the_dealer)
            return {"headline": cards.headline, "differ": differ, "files": files(out)}
    if kind == "chart":
        with tempfile.TemporaryDirectory(prefix="euchrelab-chart-") as out:
            charts = chart_policy(**request, out=out, progress=chart_progress(request, progress))
            pages = [p.name for p in charts.files if p.suffix == ".png"]
            return {"policy": charts.policy, "verdicts": charts.verdicts(), "pages": pages, "files": files(out)}
    if kind == "review":
        from analysis.game.egn import to_egn
        from analysis.web.games import read_game
        game = read_game(request["data"], request["source"])
        rv = review(game, request["worlds"], request["play_worlds"], request["seed"], 1, request["model_deals"],
                    progress=progress)
        # each decision's deal by its index in the file (the JSON gives its dealNumber, which may repeat)
        return {"json": rv.to_json(), "deals": [d.deal for d in rv.decisions],
                "skipped_deals": [s.deal for s in rv.skipped], "egn": to_egn(game, *rv.annotations())}
    raise EuchreError(f"unknown kind of job {kind!r}")


def files(folder) -> dict[str, bytes]:
    """The files a tool wrote to ``folder``, by name, kept in memory: the folder is the job's own
    and goes with it."""
    return {p.name: p.read_bytes() for p in sorted(Path(folder).iterdir()) if p.suffix in SHOWN}


def chart_progress(request: dict, progress):
    """The chart's progress, by seat and decision, as the deals done of all its deals: each seat
    deals ``deals`` for round one, three times as many for round two, and the dealer as many
    again for his discard (:func:`analysis.tools.strategy.chart_rows`)."""
    deals = request["deals"]
    total = sum(deals * (5 if seat == 0 else 4) for seat in request["seats"])
    done: dict = {}

    def step(seat, rnd, finished, _of):
        done[seat, rnd] = finished
        progress(sum(done.values()), total)
    return step


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

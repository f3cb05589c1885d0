"""The workbench's web application: the pages and the JSON API behind them (Starlette).

Every answer comes from the library call the command line makes, through the command line's own
parsing and checks (:mod:`analysis.web.reading`); the long ones run as jobs in the bounded queue
(:mod:`analysis.web.jobs`). A bad request gets a 4xx and the command line's one-line message; a full
queue, or a short request that waited too long for a worker, a 503 with Retry-After.
"""
from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from analysis.errors import EuchreError
from analysis.web import pages
from analysis.web.games import (MAX_BYTES, MAX_GAMES, REVIEW_DEFAULTS, REVIEW_FIELDS, Games, TooLarge, check_size,
                                review_settings, size_words, source_name)
from analysis.web.jobs import CANCELLED, DONE, FAILED, FINISHED, Jobs, QueueFull
from analysis.web.reading import (COMPARE_PARAMS, POSITION_PARAMS, Commands, Refused, advise_request, charts_request,
                                  compare_request, in_field_words, line_of, position_field, position_lines, refused,
                                  solve_request)

STATIC = Path(__file__).resolve().parent / "static"
POLL = 0.1     # seconds between looks at a job a request waits for
MEDIA = {".png": "image/png", ".pdf": "application/pdf", ".csv": "text/csv; charset=utf-8"}
LEDGER_SECONDS = 10


def json_response(data, status: int = 200, headers: dict | None = None) -> Response:
    """JSON as the command line prints it (json.dumps' defaults), not re-encoded by the framework."""
    return Response(json.dumps(data) + "\n", status, headers, media_type="application/json")


def error_response(message: str, status: int = 400, **extra) -> Response:
    return json_response({"error": message, **{k: v for k, v in extra.items() if v is not None}}, status)


def busy_response(exc: QueueFull) -> Response:
    return json_response({"error": f"the workbench is busy: {exc}; try again in {exc.retry_after} s"}, 503,
                         {"Retry-After": str(exc.retry_after)})


def busy_page(exc: QueueFull) -> Response:
    return HTMLResponse(pages.busy(exc.retry_after, str(exc)), 503, {"Retry-After": str(exc.retry_after)})


class ClientGone(Exception):
    """The browser went away before its answer: its job is cancelled and nothing is sent."""

    def __init__(self, job):
        super().__init__(f"job {job.id} ({job.kind})")
        self.job = job


async def client_gone(request: Request, exc: ClientGone) -> Response:
    """One line in the log, not a traceback: a closed tab is not a fault."""
    job = exc.job
    sys.stderr.write(f"euchrelab serve: the browser left {request.url.path}; its job {job.id} ({job.kind}) "
                     f"was cancelled after {job.seconds or 0.0:.1f} s\n")
    return Response(status_code=499)    # the client's close, as proxies log it; nobody reads it


GONE = ("no such game: the workbench keeps the last games opened while it runs; open the file again on the game "
        "page (/game)")


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body; TooLarge, in the words of a file over the bound, as soon as it is over
    ``limit`` bytes (a form's encoding may take up to three bytes for one of the file's)."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        check_size(int(length)) if limit == MAX_BYTES else check_size(MAX_BYTES + 1, more=True)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            check_size(MAX_BYTES + 1, more=True)
        chunks.append(chunk)
    return b"".join(chunks)


def game_summary(kept) -> dict:
    """What ``/api/game`` answers: the game's id and page, its title, players, deals and problems."""
    g, rep = kept.game, kept.replay
    return {"id": kept.id, "page": pages.game_address(kept.id), "title": g.title, "players": list(g.players),
            "deals": len(g.deals), "final_score": list(rep.final_score), "problems": list(rep.problems)}


def game_step(kept, params) -> tuple[int, int]:
    """The deal (0-based) and step (0 the bidding, then each trick) a game's page shows, from
    ``deal`` (1-based) and ``trick``; a number out of range is brought within it."""
    def number(name: str) -> int:
        text = str(params.get(name) or "").strip()
        return int(text) if text.isdigit() else 0
    deals = kept.replay.deals
    deal = min(max(number("deal") - 1, 0), max(len(deals) - 1, 0))
    steps = len(deals[deal].tricks) if deals else 0
    return deal, min(number("trick"), steps)


def review_query(params: dict) -> dict:
    return {k: params[k] for k in REVIEW_FIELDS if k in params}


async def json_params(request: Request) -> dict[str, str]:
    """A request's JSON object of parameters, each value as a form would give it (None as "");
    Refused when the body is not one."""
    try:
        body = await request.json()
    except ValueError:
        raise Refused("the request's body is not valid JSON") from None
    if not isinstance(body, dict):
        raise Refused("the request's body must be a JSON object of parameters")
    return {k: "" if v is None else str(v) for k, v in body.items()}


def web_bounds(kind: str, params: dict) -> None:
    """The workbench's limits (:mod:`analysis.limits`) on a request's fields, checked before the
    command line's reading of them, which would name its own, higher limits; each error names the
    form's field. A field that is not a whole number is left to that reading."""
    from analysis.limits import bounded
    settings = {"advise": {"worlds": "worlds", "table_worlds": "table_worlds"}, "compare": {"deals": "deals", "games": "games", "worlds": "play_worlds"},
                "card": {"deals": "deals"}, "chart": {"deals": "deals"}, "solve": {"worlds": "worlds"}}
    for field, name in settings[kind].items():
        text = str(params.get(field) or "").strip()
        if text.isdigit():
            try:
                bounded(int(text), kind, name, least=0, web=True, label=field)
            except EuchreError as exc:
                raise Refused(str(exc), field) from None


def solve_bounds(lines: list[str]) -> None:
    """:func:`web_bounds` of each position's line of ``/api/solve``."""
    for line in lines:
        try:
            worlds = json.loads(line).get("worlds") if line.strip() else None
        except (ValueError, AttributeError):
            continue     # the solver's own reading says what is wrong with the line
        web_bounds("solve", {"worlds": str(worlds)})


class Workbench:
    """The application's state: the command line's subcommands, the reports folder the ledger is
    read from, the game model's hands for the advice and the reviews, the queue of jobs, and the
    games opened (:mod:`analysis.web.games`)."""

    def __init__(self, commands: Commands, reports="reports", model_deals: int = 20_000, workers: int = 2,
                 waiting: int = 4, **queue):
        self.commands = commands
        self.reports = Path(reports)
        self.model_deals = model_deals
        self.jobs = Jobs(workers, waiting, **queue)
        self.ledger = None     # (when read, the ledger)
        self.drawn: dict[str, str] = {}    # a charts page's request -> the job drawing it
        self.games = Games()
        self.reviewing: dict[tuple, str] = {}    # (a game's id, its review's settings) -> the job reviewing it

    # -- work ---------------------------------------------------------------------------------
    async def answer(self, request: Request, kind: str, work: dict, params: dict, command=None):
        """Runs ``work`` as a short job and waits for it (cancelled if the browser goes away): (the
        answer, seconds taken). Raises QueueFull, also when no worker was free for the queue's
        ``short_wait`` seconds, or Refused for a bad request the library found, worded as
        ``command`` (a subcommand's module) words it."""
        job = self.jobs.submit(kind, work, params, short=True)
        given_up = time.monotonic() + self.jobs.short_wait
        try:
            while job.state not in FINISHED:
                if await request.is_disconnected():
                    self.jobs.cancel(job.id)
                    raise ClientGone(job)
                if time.monotonic() > given_up and self.jobs.withdraw(job):
                    raise QueueFull(f"every worker has been running for {self.jobs.short_wait:g} s")
                await asyncio.sleep(POLL)
        finally:
            if job.state not in FINISHED:
                self.jobs.cancel(job.id)
        self.jobs.forget(job.id)
        if job.state == FAILED:
            if job.internal:
                raise RuntimeError(job.error)
            if command is None:
                raise Refused(job.error)
            raise refused(self.commands, command, job.error)
        if job.state == CANCELLED:
            raise Refused("cancelled")
        return job.result, job.seconds

    def claims(self):
        """The ledger of the reports folder, read again at most every LEDGER_SECONDS: a page of the
        book and each of its claims' pages in a row read it once, and a new run shows soon after."""
        from analysis.run.request import claims_ledger
        now = time.monotonic()
        if self.ledger is None or now - self.ledger[0] > LEDGER_SECONDS:
            self.ledger = (now, claims_ledger(self.reports))
        return self.ledger[1]

    # -- the API ------------------------------------------------------------------------------
    async def api_advise(self, request: Request) -> Response:
        params = dict(request.query_params)
        return await self.api_answer(request, "advise", lambda: self.advise_work(params), params,
                                     self.commands.advise)

    def advise_work(self, params: dict) -> dict:
        web_bounds("advise", params)
        return advise_request(self.commands, params, self.model_deals)

    async def api_solve(self, request: Request) -> Response:
        lines = request.query_params.getlist("position")
        if request.method == "POST":
            lines += (await request.body()).decode("utf-8", "replace").splitlines()
        def work():
            solve_bounds(lines)
            return solve_request(lines, request.query_params.get("reference"))
        return await self.api_answer(request, "solve", work, {})

    async def api_answer(self, request: Request, kind: str, read, params: dict, command=None) -> Response:
        """A short request of the API: its work read (``read()``), run (:meth:`answer`) and given as
        JSON; a bad one as the command line's message, a full queue as 503."""
        try:
            result, _ = await self.answer(request, kind, read(), params, command)
        except Refused as exc:
            return error_response(str(exc), field=exc.field)
        except QueueFull as exc:
            return busy_response(exc)
        return json_response(result)

    async def api_claims(self, request: Request) -> Response:
        try:
            ledger = await run_in_threadpool(self.claims)
        except EuchreError as exc:
            return error_response(str(exc))
        return Response(json.dumps(ledger.to_json(), allow_nan=False) + "\n", media_type="application/json")

    async def api_compare(self, request: Request) -> Response:
        """Starts a comparison: parameters in the query, a form or a JSON object; a policy's TOML
        text as ``a_toml`` or ``b_toml``. Answers 202 with the job's id."""
        params = dict(request.query_params)
        content = request.headers.get("content-type", "")
        if content.startswith("application/json"):
            try:
                params.update(await json_params(request))
            except Refused as exc:
                return error_response(str(exc))
        elif content.startswith("application/x-www-form-urlencoded"):
            params.update(dict(await request.form()))
        texts = {side: params.pop(f"{side}_toml", "") for side in ("a", "b")}
        try:
            web_bounds("compare", params)
            work = compare_request(self.commands, params, texts)
            shown = {k: v for k, v in params.items() if k in COMPARE_PARAMS}
            job = self.jobs.submit("compare", work, {**shown, **{f"{s}_toml": t for s, t in texts.items() if t}})
        except Refused as exc:    # a policy's error also by its line, as the check gives it
            line = line_of(str(exc), texts[exc.field[0]]) if exc.field in ("a_toml", "b_toml") else None
            return error_response(str(exc), field=exc.field, line=line)
        except QueueFull as exc:
            return busy_response(exc)
        return json_response({"id": job.id, "state": job.state, "url": f"/api/jobs/{job.id}",
                              "page": f"/jobs/{job.id}"}, 202)

    def job_dict(self, job) -> dict:
        out = job.as_dict()
        if job.kind == "compare" and job.state == FAILED and not job.internal:    # in the form's words
            out["error"] = in_field_words(job.error, COMPARE_PARAMS)[0]
        out["params"] = {k: v for k, v in out["params"].items() if not k.endswith("_toml")}
        out["uploaded"] = [k[0] for k in job.params if k.endswith("_toml")]    # its policies, to download
        if job.kind == "compare" and job.state == DONE:
            out["result"] = job.result["json"]    # what `euchrelab compare --json` prints
        elif job.kind == "review" and job.state == DONE:
            out["result"] = job.result["json"]    # what `euchrelab review --json` prints
        elif job.kind in ("card", "chart") and job.state == DONE:   # the files by their names, not their bytes
            out["result"] = {**{k: v for k, v in job.result.items() if k != "files"},
                             "files": [f"/api/jobs/{job.id}/{name}" for name in job.result["files"]]}
        out["waiting_before"] = self.jobs.position(job)
        return out

    async def api_job(self, request: Request) -> Response:
        job = self.jobs.get(request.path_params["id"])
        if job is None:
            return error_response("no such job: it finished more than an hour ago, or was read long ago", 404)
        return json_response(self.job_dict(job))

    async def api_cancel(self, request: Request) -> Response:
        job = self.jobs.cancel(request.path_params["id"])
        if job is None:
            return error_response("no such job", 404)
        return json_response(self.job_dict(job))

    async def api_job_file(self, request: Request) -> Response:
        """A finished comparison's downloads: its report (the table the command prints), its JSON,
        and the policy uploaded for it."""
        job = self.jobs.get(request.path_params["id"])
        name = request.path_params["name"]
        if job is not None and job.kind in ("card", "chart"):
            if job.state != DONE or name not in job.result["files"]:
                return error_response(f"no {name} for this job", 404)
            suffix = Path(name).suffix
            shown = "inline" if suffix == ".png" else f'attachment; filename="{name}"'
            return Response(job.result["files"][name], media_type=MEDIA[suffix],
                            headers={"Content-Disposition": shown, "Cache-Control": "private, max-age=600"})
        if job is None or job.kind != "compare":
            return error_response("no such job", 404)
        if name.endswith("policy.toml") and name[:1] in "ab" and job.params.get(f"{name[0]}_toml"):
            body, media = job.params[f"{name[0]}_toml"], "application/toml"
        elif job.state != DONE or name not in ("report.txt", "compare.json"):
            return error_response(f"no {name} for this job", 404)
        elif name == "report.txt":
            body, media = job.result["text"], "text/plain; charset=utf-8"
        else:
            body, media = json.dumps(job.result["json"], indent=2) + "\n", "application/json"
        return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def api_check_policy(self, request: Request) -> Response:
        """A policy's TOML text checked at once: its name and rules, or the error and its line."""
        from analysis.bidding.policies import policy_from_text
        text = (await request.body()).decode("utf-8", "replace")
        try:
            policy = policy_from_text(text)
        except EuchreError as exc:
            return error_response(str(exc), line=line_of(str(exc), text))
        return json_response({"name": policy.name, "describe": policy.describe()})

    # -- the pages ----------------------------------------------------------------------------
    async def home(self, request: Request) -> Response:
        return HTMLResponse(pages.home())

    async def hand(self, request: Request) -> Response:
        params = dict(request.query_params)
        if not params:
            return HTMLResponse(pages.hand(pages.HAND_DEFAULTS))
        status, advice, errors, extra = 200, None, {}, {}
        try:
            work = self.advise_work(params)
            advice, seconds = await self.answer(request, "advise", work, params, self.commands.advise)
            extra = {"seconds": seconds, **pages.other_actions(work["spot"])}
        except Refused as exc:
            status, errors = 400, {exc.field if exc.field in pages.HAND_BLANK else "": str(exc)}
        except QueueFull as exc:
            return busy_page(exc)
        return HTMLResponse(pages.hand({**pages.HAND_BLANK, **params}, advice, errors, extra), status)

    async def book(self, request: Request) -> Response:
        ledger = await run_in_threadpool(self.claims)
        part, status = request.query_params.get("part", ""), request.query_params.get("status", "")
        return HTMLResponse(pages.book(ledger.to_json(), ledger.ledger.headline(), part, status,
                                       (self.reports / "index.html").exists()))

    async def claim(self, request: Request) -> Response:
        ledger = await run_in_threadpool(self.claims)
        found = [c for c in ledger.to_json() if c["id"] == request.path_params["id"]]
        if not found:
            return HTMLResponse(pages.not_found(f"no claim {request.path_params['id']!r}: the claims are listed on "
                                                "the book's page"), 404)
        return HTMLResponse(pages.claim(found[0], self.reports))

    async def heuristic(self, request: Request) -> Response:
        return HTMLResponse(pages.heuristic())

    async def charts(self, request: Request) -> Response:
        """A call card or a strategy chart: drawn by a job the first time its address is opened,
        the same job shown while it is kept (the page follows its progress and reloads), drawn
        again from the same seed after."""
        params = dict(request.query_params)
        if not params:
            return HTMLResponse(pages.charts(pages.CHARTS_DEFAULTS))
        shown = {**pages.CHARTS_BLANK, **params}
        try:
            web_bounds("chart" if params.get("kind") == "chart" else "card", params)
            kind, work, seat = charts_request(self.commands, params)
        except Refused as exc:
            field = exc.field if exc.field in pages.CHARTS_BLANK else ""
            return HTMLResponse(pages.charts(shown, errors={field: str(exc)}), 400)
        key = json.dumps(sorted((k, v) for k, v in params.items() if v.strip() and not (kind == "card" and k == "seat")))
        job = self.jobs.get(self.drawn.get(key, ""))
        if job is None or job.state == CANCELLED:     # cancelled: opening its address again draws it
            try:
                job = self.jobs.submit(kind, work, {k: v for k, v in params.items() if k != "policy_toml"})
            except QueueFull as exc:
                return busy_page(exc)
            self.drawn = {k: v for k, v in self.drawn.items() if self.jobs.get(v, read=False)} | {key: job.id}
        errors, status = {}, 200
        if job.state == FAILED:
            message = str(refused(self.commands, self.commands.card if kind == "card" else self.commands.chart,
                                  job.error)) if not job.internal else job.error
            errors, status = {"": message}, 500 if job.internal else 400
        return HTMLResponse(pages.charts(shown, self.job_dict(job), errors, seat), status)

    async def position(self, request: Request) -> Response:
        """A position in play: each legal card double-dummy and from what the player can know, by
        ``euchrelab solve``'s two answers to it, run as one job."""
        params = dict(request.query_params)
        if not params:
            return HTMLResponse(pages.position(pages.POSITION_DEFAULTS))
        status, answer, errors, seconds, lines = 200, None, {}, 0.0, None
        try:
            web_bounds("solve", params)
            lines = position_lines(params)
            answer, seconds = await self.answer(request, "solve", solve_request(lines, None), {})
        except Refused as exc:
            message = re.sub(r"^line \d+: ", "", str(exc))    # the form holds one position, not lines
            field = exc.field if exc.field is not None else position_field(message, params)
            field = field if field in POSITION_PARAMS else ""
            status, errors = 400, {field or "": message}
        except QueueFull as exc:
            return busy_page(exc)
        return HTMLResponse(pages.position({**pages.POSITION_BLANK, **params}, answer, errors, seconds, lines), status)

    async def job_page(self, request: Request) -> Response:
        job = self.jobs.get(request.path_params["id"])
        if job is None:
            return HTMLResponse(pages.not_found("no such job: a job is kept for an hour after it ends, and ten "
                                                "minutes after its result is first read"), 404)
        if job.kind == "review":     # a review is shown on its game's page
            return RedirectResponse(pages.game_address(job.params["game"], settings=review_query(job.params)), 303)
        return HTMLResponse(pages.job(self.job_dict(job), job.result["text"] if job.state == DONE else None))

    # -- a game -----------------------------------------------------------------------------
    async def game_upload(self, request: Request) -> Response:
        return HTMLResponse(pages.game_upload(limit_games=MAX_GAMES, limit_bytes=size_words(MAX_BYTES)))

    async def game_form(self, request: Request) -> Response:
        """The upload form sent without the page's script: the text pasted, as a urlencoded form."""
        try:
            body = await read_body(request, 3 * MAX_BYTES + 1024)   # percent-encoding triples a byte at most
        except TooLarge as exc:
            return HTMLResponse(pages.game_upload(error=str(exc), limit_games=MAX_GAMES,
                                                  limit_bytes=size_words(MAX_BYTES)), 413)
        form = parse_qs(body.decode("latin-1"), keep_blank_values=True, encoding="utf-8", errors="replace")
        text, name = (form.get("egn") or [""])[0], (form.get("name") or [""])[0]
        try:
            kept = await run_in_threadpool(self.games.add, text.encode("utf-8"), source_name(name))
        except EuchreError as exc:
            return HTMLResponse(pages.game_upload(text if len(text) <= MAX_BYTES else "", name, str(exc), MAX_GAMES,
                                                  size_words(MAX_BYTES)), 413 if isinstance(exc, TooLarge) else 400)
        return RedirectResponse(pages.game_address(kept.id), 303)

    async def api_game(self, request: Request) -> Response:
        """A game's file as the request's body (its name, for messages, in ``name``): kept, and its
        address given; a bad file refused with the command line's message."""
        try:
            data = await read_body(request, MAX_BYTES)
            kept = await run_in_threadpool(self.games.add, data, source_name(request.query_params.get("name")))
        except TooLarge as exc:
            return error_response(str(exc), 413)
        except EuchreError as exc:
            return error_response(str(exc))
        return json_response(game_summary(kept))

    def kept_game(self, request: Request):
        return self.games.get(request.path_params["id"])

    def review_of(self, kept, key: tuple) -> tuple[dict | None, object]:
        """A game's review of settings ``key``: (the finished review, None), or (None, the job
        reviewing it, if any is kept). A finished job's result moves to the game, which keeps it."""
        if key in kept.reviews:
            return kept.reviews[key], None
        job = self.jobs.get(self.reviewing.get((kept.id, key), ""))
        if job is not None and job.state == DONE:
            kept.add_review(key, job.result)
            self.jobs.forget(job.id)
            return job.result, None
        return None, job

    def start_review(self, kept, key: tuple):
        """The job reviewing a game with settings ``key``: the one running, else a new one (None
        when the review is done already). Raises QueueFull."""
        review, job = self.review_of(kept, key)
        if review is not None:
            return None
        if job is None or job.state in (FAILED, CANCELLED):
            worlds, play_worlds, seed = key
            work = {"data": kept.data, "source": kept.game.source, "worlds": worlds, "play_worlds": play_worlds,
                    "seed": seed, "model_deals": self.model_deals}
            job = self.jobs.submit("review", work, {"game": kept.id, **dict(zip(REVIEW_FIELDS, key))})
            self.reviewing = ({k: v for k, v in self.reviewing.items() if self.jobs.get(v, read=False)}
                              | {(kept.id, key): job.id})
        return job

    async def game_page(self, request: Request) -> Response:
        kept = self.kept_game(request)
        if kept is None:
            return HTMLResponse(pages.not_found(GONE), 404)
        params = request.query_params
        deal, step = game_step(kept, params)
        values = {k: params.get(k, "") for k in REVIEW_FIELDS}
        errors, review, job, settings = {}, None, None, None
        if any(values.values()):
            try:
                key = review_settings(values)
                settings = dict(zip(REVIEW_FIELDS, key))
                review, job = self.review_of(kept, key)
            except Refused as exc:
                errors = {exc.field or "": str(exc)}
        if not any(values.values()):
            values = {k: str(v) for k, v in REVIEW_DEFAULTS.items()}
        html = pages.game(kept, deal, step, values, settings, review, None if job is None else self.job_dict(job),
                          errors, self.jobs.time_limit, tuple(kept.reviews))
        return HTMLResponse(html, 400 if errors else 200)

    async def game_review(self, request: Request) -> Response:
        """The review form: its job started (or the one reviewing the game with the same settings
        found), then the game's page following it."""
        kept = self.kept_game(request)
        if kept is None:
            return HTMLResponse(pages.not_found(GONE), 404)
        try:
            body = await read_body(request, 4096)
        except TooLarge:
            body = b""
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).items()}
        deal, step = game_step(kept, form)
        try:
            key = review_settings(form)
            self.start_review(kept, key)
        except Refused as exc:
            values = {k: form.get(k, "") for k in REVIEW_FIELDS}
            return HTMLResponse(pages.game(kept, deal, step, values, None, errors={exc.field or "": str(exc)},
                                           time_limit=self.jobs.time_limit, reviewed=tuple(kept.reviews)), 400)
        except QueueFull as exc:
            return busy_page(exc)
        return RedirectResponse(pages.game_address(kept.id, deal, step, dict(zip(REVIEW_FIELDS, key)), "review"),
                                303)

    async def api_game_review(self, request: Request) -> Response:
        """Starts a game's review (settings in the query or a JSON object): 202 with its job, or 200
        with the review when it is done already."""
        kept = self.kept_game(request)
        if kept is None:
            return error_response(GONE, 404)
        params = dict(request.query_params)
        try:
            if request.headers.get("content-type", "").startswith("application/json"):
                params.update(await json_params(request))
            key = review_settings(params)
            job = self.start_review(kept, key)
        except Refused as exc:
            return error_response(str(exc), field=exc.field)
        except QueueFull as exc:
            return busy_response(exc)
        page = pages.game_address(kept.id, settings=dict(zip(REVIEW_FIELDS, key)))
        if job is None:
            return json_response({"state": DONE, "page": page, "result": kept.reviews[key]["json"]})
        return json_response({"id": job.id, "state": job.state, "url": f"/api/jobs/{job.id}", "page": page}, 202)

    async def game_file(self, request: Request) -> Response:
        """A finished review's downloads: the game with its labels as EGN annotations, and its JSON."""
        kept = self.kept_game(request)
        if kept is None or request.path_params["name"] not in ("annotated.egn", "review.json"):
            return error_response(GONE if kept is None else "no such file", 404)
        try:
            key = review_settings(request.query_params)
        except Refused as exc:
            return error_response(str(exc), field=exc.field)
        review, _job = self.review_of(kept, key)
        if review is None:
            return error_response("this game has not been reviewed with these settings: review it on its page", 404)
        stem = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(kept.game.source).stem).strip("-") or "game"
        if request.path_params["name"] == "annotated.egn":
            body, name = json.dumps(review["egn"], indent=2, default=str) + "\n", f"{stem}-reviewed.egn"
        else:
            body, name = json.dumps(review["json"]) + "\n", f"{stem}-review.json"
        return Response(body, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def app(self) -> Starlette:
        routes = [
            Route("/", self.home), Route("/hand", self.hand), Route("/book", self.book),
            Route("/book/{id}", self.claim), Route("/heuristic", self.heuristic), Route("/jobs/{id}", self.job_page),
            Route("/charts", self.charts), Route("/position", self.position),
            Route("/game", self.game_upload), Route("/game", self.game_form, methods=["POST"]),
            Route("/game/{id}", self.game_page), Route("/game/{id}/review", self.game_review, methods=["POST"]),
            Route("/game/{id}/{name:str}", self.game_file),
            Route("/api/game", self.api_game, methods=["POST"]),
            Route("/api/game/{id}/review", self.api_game_review, methods=["POST"]),
            Route("/api/advise", self.api_advise), Route("/api/solve", self.api_solve, methods=["GET", "POST"]),
            Route("/api/claims", self.api_claims), Route("/api/compare", self.api_compare, methods=["POST"]),
            Route("/api/jobs/{id}", self.api_job), Route("/api/jobs/{id}", self.api_cancel, methods=["DELETE"]),
            Route("/api/jobs/{id}/cancel", self.api_cancel, methods=["POST"]),
            Route("/api/jobs/{id}/{name}", self.api_job_file),
            Route("/api/policy/check", self.api_check_policy, methods=["POST"]),
            Route("/favicon.ico", lambda request: RedirectResponse("/static/favicon.svg")),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
        if self.reports.is_dir():
            routes.append(Mount("/reports", StaticFiles(directory=self.reports, html=True), name="reports"))

        async def server_error(request: Request, exc: Exception) -> Response:
            message = f"internal error: {exc}"
            if request.url.path.startswith("/api/"):
                return error_response(message, 500)
            return HTMLResponse(pages.not_found(message, "Something went wrong"), 500)

        @asynccontextmanager
        async def lifespan(app):
            yield
            self.jobs.close()     # no job outlives the server

        return Starlette(routes=routes, exception_handlers={500: server_error, ClientGone: client_gone},
                         lifespan=lifespan)


def create_app(commands: Commands, reports="reports", model_deals: int = 20_000, workers: int = 2,
               waiting: int = 4, **queue) -> Starlette:
    """The workbench's application (an ASGI app) over ``commands``; see :class:`Workbench` (and
    :class:`~analysis.web.jobs.Jobs` for ``queue``'s short_waiting and short_wait)."""
    return Workbench(commands, reports, model_deals, workers, waiting, **queue).app()


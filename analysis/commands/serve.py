"""``euchrelab serve``: the workbench, a local web application of the pages and the JSON API
(:mod:`analysis.web`), reading its requests with the command line's own subcommands."""
from __future__ import annotations

import ipaddress
import sys

from analysis.commands.common import at_least
from analysis.errors import EuchreError, cores
from analysis.limits import WEB_SECONDS

NAME = "serve"
HELP = "the workbench in the browser: a hand, a position, a game reviewed, a heuristic, charts and the book's claims, and their JSON API"
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8765


def add_arguments(parser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"the address to listen on (default {DEFAULT_HOST}, this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    parser.add_argument("--reports", default="reports", metavar="DIR",
                        help="the reports folder the book's claims are read from (default reports)")
    parser.add_argument("--workers", type=int, default=min(2, cores()), metavar="N",
                        help="jobs that run at once, one process each, at most the machine's cores (default 2)")
    parser.add_argument("--queue", type=int, default=4, metavar="N",
                        help="comparisons and charts that may wait for a worker; beyond them one is refused with "
                             "503 (default 4). A hand's or a position's answer waits ahead of them, among at most "
                             "32 such, for at most 30 s")
    parser.add_argument("--time-limit", type=float, default=WEB_SECONDS, metavar="SECONDS",
                        help=f"a job running longer is stopped and its page says so (default {WEB_SECONDS})")
    parser.add_argument("--model-deals", type=int, default=None, metavar="N",
                        help="the game model of the advice, as euchrelab advise --model-deals (default 20,000)")


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def workbench(reports="reports", model_deals: int | None = None, workers: int = 2, waiting: int = 4, **queue):
    """The workbench's application (ASGI), its requests read by the subcommands advise and compare;
    ``queue``: the bounds of the short jobs (:class:`analysis.web.jobs.Jobs`)."""
    from analysis.commands import advise, card, chart, compare
    from analysis.commands.cli import in_flag_words
    from analysis.tools.advise import MODEL_DEALS
    from analysis.web import Commands, create_app

    return create_app(Commands(advise, compare, card, chart, in_flag_words), reports,
                      MODEL_DEALS if model_deals is None else model_deals, workers, waiting, **queue)


def run(args) -> int:
    import uvicorn

    at_least(args.port, "--port", 0)
    if args.port > 65535:
        raise EuchreError(f"--port must be at most 65535, not {args.port}")
    at_least(args.workers, "--workers", 1)
    if args.workers > cores():
        raise EuchreError(f"--workers {args.workers} is more than this machine's {cores()} cores")
    at_least(args.queue, "--queue", 0)
    at_least(args.model_deals, "--model-deals", 1)
    if not 0 < args.time_limit < 10 ** 9:     # nan and inf too
        raise EuchreError(f"--time-limit must be a positive number of seconds, not {args.time_limit:g}")
    if not loopback(args.host):
        sys.stderr.write(f"euchrelab: warning: listening on {args.host}, not on this machine alone: anyone who can "
                         f"reach it on port {args.port} can use the workbench and its workers\n")
    app = workbench(args.reports, args.model_deals, args.workers, args.queue, time_limit=args.time_limit)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    sys.stderr.write(f"euchrelab: the workbench at http://{shown}:{args.port}/ (Ctrl-C to stop)\n")
    sys.stderr.flush()
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    except OSError as exc:
        raise EuchreError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    return 0

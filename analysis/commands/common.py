"""Options shared by several subcommands: the rules of the game, a score, and the play engine."""
from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager

from analysis.play.engines import DEFAULT_WORLDS, check_play, engines_help, resolve_play
from analysis.errors import EuchreError, check_jobs
from analysis.game.rules import Rules, Score


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--pack 32|24``, ``--game POINTS`` and ``--stick-the-dealer``; each left out means the
    default (or, for ``euchrelab run``, the settings file's or the study's)."""
    parser.add_argument("--pack", type=int, choices=(32, 24),
                        help="32 cards, seven to ace (the book, default), or 24, nine to ace")
    parser.add_argument("--game", type=int, metavar="POINTS",
                        help="points for game (default 5 with the 32-card pack, as in the book; 10 with the 24)")
    parser.add_argument("--stick-the-dealer", action=argparse.BooleanOptionalAction,
                        help="when all pass twice the dealer must name a suit (default: the deal is void, law 77)")


def rule_values(args) -> dict:
    """The rules given on the command line, by the names of :class:`analysis.game.rules.Rules`."""
    values = {"pack": args.pack, "points_for_game": args.game, "stick_the_dealer": args.stick_the_dealer}
    return {k: v for k, v in values.items() if v is not None}


def rules_from_args(args) -> Rules:
    """The rules of the command line, with the defaults for what it leaves out."""
    return Rules.of(**rule_values(args))


def parse_score(text: str, rules: Rules, option: str = "--score", order: str = "A+C's points, then B+D's") -> Score:
    """``"4-2"``: the score before a hand (A+C's points first, unless ``order`` says otherwise), each
    side below the points for game."""
    try:
        score = Score.parse(text)
    except EuchreError:
        raise EuchreError(f"{option} {text!r} must be two numbers like 4-2 ({order})") from None
    return rules.check_score(score, option)


def add_play_arguments(parser: argparse.ArgumentParser, worlds: str = "--worlds", defaults: bool = True) -> None:
    """``--play ENGINE`` and the worlds a decision of ``--play pimc``: ``--worlds N``, or another
    option where the command's --worlds counts something else. Without ``defaults`` an option
    left out is None (for ``euchrelab run``: the settings file's, else the default)."""
    parser.add_argument("--play", default="dd" if defaults else None, metavar="ENGINE", help=engines_help())
    parser.add_argument(worlds, dest="play_worlds", type=int, default=DEFAULT_WORLDS if defaults else None,
                        metavar="N", help=f"worlds a decision for --play pimc or pimc-calls (default {DEFAULT_WORLDS})")


def add_model_deals_argument(parser: argparse.ArgumentParser, default: int) -> None:
    """``--model-deals N``: the hands per score of the book's game model (``advise``, ``review``)."""
    parser.add_argument("--model-deals", type=int, default=default,
                        help=f"the game model: the book's hands per score (default {default:,}; cached on disk)")


def play_from_args(args, worlds: str = "--worlds") -> tuple[str, int]:
    """The engine and its worlds a decision given by :func:`add_play_arguments`, checked."""
    check_play(args.play, args.play_worlds, worlds)
    return resolve_play(args.play), args.play_worlds


def whole(text: str) -> int:
    """An argparse type: a whole number, with or without underscores (``250_000``)."""
    try:
        return int(str(text).replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def add_json_argument(parser: argparse.ArgumentParser, what: str = "one JSON object") -> None:
    """``--json``: print the result as ``what`` instead of text."""
    parser.add_argument("--json", action="store_true", help=f"print {what}")


def print_result(result, as_json: bool = False, **dumps) -> None:
    """A library result on standard output: its text, or with ``as_json`` its ``to_json()`` as one
    JSON line (``dumps``: options of :func:`json.dumps`)."""
    import json
    import sys
    sys.stdout.write(json.dumps(result.to_json(), **dumps) + "\n" if as_json else str(result))


def at_least(value, option: str, least: int) -> None:
    """An option's number, when given, checked before any work: ``--deals must be at least 1, not 0``."""
    if value is not None and value < least:
        raise EuchreError(f"{option} must be at least {least}, not {value}")


def add_jobs_argument(parser: argparse.ArgumentParser, default: int | None = 1) -> None:
    """``--jobs N``, the same for every command whose work runs in parallel."""
    parser.add_argument("--jobs", type=whole, default=default, metavar="N",
                        help="worker processes on this machine, at most its cores (default 1; -1: every core)")


def jobs_from_args(args) -> int:
    """``--jobs``, checked: a positive number at most the machine's cores, or -1."""
    return check_jobs(args.jobs)


def add_reference_argument(parser: argparse.ArgumentParser) -> None:
    """``--reference``: the one way to write into the checkout's committed reports/ folder."""
    parser.add_argument("--reference", action="store_true",
                        help="replace a committed reference run in the checkout's reports/ (needs a clean tree)")


def check_output_dir(path, option: str, reference: bool = False):
    """An output folder checked before any work: not the checkout's reference reports unless
    ``--reference`` (from a clean tree), and a folder this process can write in."""
    from analysis.run.runner import check_reference_write
    from analysis.storage import check_output_folder

    check_reference_write(path, f"{option} {path}", reference)
    return check_output_folder(path, option)


@contextmanager
def progress_bar(desc: str, unit: str = "chunk"):
    """A progress bar on standard error while long work runs (none when standard error is not a
    terminal), and its callback ``step(done, total)`` for a library call's ``progress``."""
    from tqdm import tqdm

    bar = tqdm(desc=desc, unit=unit, disable=None, file=sys.stderr, leave=False, dynamic_ncols=True)

    def step(done: int, total: int) -> None:
        bar.total, bar.n = total, done
        bar.refresh()
    try:
        yield step
    finally:
        bar.close()

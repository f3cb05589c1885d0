"""The most work one request may ask for: every count of worlds, deals and games a user gives,
with its default, its limit and the workbench's (lower) limit, in one table.

A limit is there so that a typo (``--worlds 1000000000``) is one line at once, not hours of work
or a browser left waiting: the command line (and Python) allows about ten minutes of work on a
two-core machine at the default engine, the workbench about half a minute, its job's time limit
catching the rest (:data:`WEB_SECONDS`). The pages start from the command line's defaults, save
where :attr:`Setting.web_default` says otherwise and why; docs/cli.md lists the table.
"""
from __future__ import annotations

from dataclasses import dataclass

from analysis.errors import EuchreError, check_whole

WEB_SECONDS = 120    # a workbench job running longer is stopped: its page says so and what to do


@dataclass(frozen=True)
class Setting:
    """One count a user gives: ``name`` the library's argument, ``what`` its meaning."""

    command: str
    name: str
    what: str
    default: int | None        # None: each study's own
    limit: int
    web_limit: int | None      # None: not in the workbench
    web_default: int | None = None
    web_why: str = ""

    @property
    def page_default(self) -> int | None:
        return self.default if self.web_default is None else self.web_default


SETTINGS = (
    Setting("advise", "worlds", "worlds he could be in", 40_000, 4_000_000, 400_000),
    Setting("advise", "table_worlds", "of them, worlds played at the table", 1_000, 1_000_000, 4_000),
    Setting("advise", "play_worlds", "worlds a decision of a table player", 32, 1_000, 200),
    Setting("advise", "model_deals", "hands per score of the game model", 20_000, 1_000_000, None),   # serve's own
    Setting("compare", "deals", "deals at each score", 2_000, 10_000_000, 200_000),
    Setting("compare", "games", "whole games, each played twice", 0, 1_000_000, 20_000),
    Setting("compare", "play_worlds", "worlds a decision of a table player", 32, 1_000, 200),
    Setting("card", "deals", "deals a score band and side", 100_000, 10_000_000, 1_000_000, 10_000,
            "the form starts at 10,000, to answer soon; the command line's 100,000 give intervals a third as wide"),
    Setting("chart", "deals", "deals a seat and round", 20_000, 10_000_000, 200_000, 5_000,
            "the form starts at 5,000, to answer soon; the command line's 20,000 give intervals half as wide"),
    Setting("solve", "worlds", "worlds drawn for the table's answer", 32, 100_000, 10_000, 100,
            "the form starts at 100, for intervals almost half as wide as the command line's 32 give"),
    Setting("coups", "worlds", "worlds of each coup's table-side view", 2_000, 1_000_000, None),
    Setting("review", "worlds", "worlds each decision is valued over", 100, 100_000, 2_000, 40,
            "the form starts at 40, so that a whole game's review, on one core, ends within the job's time limit"),
    Setting("review", "play_worlds", "worlds a decision of a table player", 32, 1_000, 200),
    Setting("review", "model_deals", "hands per score of the game model", 20_000, 1_000_000, None),
    Setting("game-model", "deals", "hands at each score", 20_000, 1_000_000, None),
    Setting("game-model", "play_worlds", "worlds a decision of a table player", 32, 1_000, None),
    Setting("play", "n", "hands", 10, 1_000_000, None),
    Setting("deal", "n", "deals", 1, 100_000_000, None),
    Setting("ladder", "deals", "deals every pair plays, twice", 1_000, 1_000_000, None),
    Setting("rubber", "deals", "deals at each score", 20_000, 10_000_000, None),
    Setting("optimise", "deals", "deals per decision and score band each sweep", 50_000, 10_000_000, None),
    Setting("optimise", "model_deals", "deals per score for the value of a score", 4_000, 1_000_000, None),
    # a study runs for hours by design, in chunks it resumes from: its limit is a typo's
    Setting("run", "deals", "deals per scenario", None, 1_000_000_000, None),
)


def setting(command: str, name: str) -> Setting:
    for s in SETTINGS:
        if s.command == command and s.name == name:
            return s
    raise KeyError(f"no limit for {command} {name}")


def bounded(value, command: str, name: str, least: int = 1, web: bool = False, label: str | None = None) -> int:
    """``value`` as an int, refused in one line, named ``label`` (default the argument's name:
    the command line puts its flag there), unless a whole number from ``least`` to the limit of
    ``command``'s ``name`` (the workbench's limit when ``web``)."""
    label = label or name
    value = check_whole(value, label, least)
    s = setting(command, name)
    limit = s.web_limit if web and s.web_limit is not None else s.limit
    if value > limit:
        which = "the workbench's limit" if web else "the limit"
        raise EuchreError(f"{label} {value:,} is over {which} of {limit:,} {s.what}: a bound on one request's work"
                          + (f" (the command line allows {s.limit:,})" if web else ""))
    return value


def limits_markdown() -> str:
    """The table of docs/cli.md's section on limits."""
    rows = ["| command | setting | default | at most | the workbench: default, at most |", "|---|---|---|---|---|"]
    for s in SETTINGS:
        page = "(not in the workbench)"
        if s.web_limit is not None:
            page = f"{s.page_default:,}" + (f" ({s.web_why})" if s.web_default is not None else "")
            page += f", {s.web_limit:,}"
        default = "the study's" if s.default is None else f"{s.default:,}"
        rows.append(f"| {s.command} | {s.what} | {default} | {s.limit:,} | {page} |")
    return "\n".join(rows)

"""The ``euchrelab`` command: one subcommand per module of ``analysis.commands``.

A user's mistake (bad input, an impossible request) is reported as one line on standard error,
``euchrelab: error: ...``, with exit status 2 and no traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from analysis.errors import EuchreError

# Each module of analysis.commands that defines NAME, HELP, add_arguments(parser) and
# run(args) -> int is a subcommand: these first, in this order, then any others by name.
ORDER = ["solve", "bench", "play", "replay", "review", "compare", "advise", "coups", "deal", "studies", "run", "report", "claims", "size", "rubber", "chart", "card", "optimise", "ladder", "serve"]


def command_modules() -> list:
    """The subcommands' modules, found in the package analysis.commands."""
    import pkgutil

    import analysis.commands as package
    modules = [importlib.import_module(f"{package.__name__}.{info.name}")
               for info in pkgutil.iter_modules(package.__path__) if not info.name.startswith("_")]
    commands = [m for m in modules if hasattr(m, "NAME") and hasattr(m, "run")]
    return sorted(commands, key=lambda m: (ORDER.index(m.NAME) if m.NAME in ORDER else len(ORDER), m.NAME))


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own usage errors: one line, exit 2
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    from analysis.run.runner import package_version
    parser = _Parser(prog="euchrelab", description="Monte Carlo strategy analyser for Euchre, after The Laws of Euchre (1888).")
    parser.add_argument("--version", action="version", version=f"euchrelab {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in command_modules():
        cmd = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(_run=module.run, _parser=cmd)
    return parser


def in_flag_words(message: str, parser: argparse.ArgumentParser | None) -> str:
    """The library names an argument by its Python name at the start of an error ("turn_up 9S is
    in the hand"); the command line names it by its flag ("--turn-up 9S is in the hand")."""
    first, space, rest = message.partition(" ")
    name = first.rstrip(":")
    for action in getattr(parser, "_actions", ()):
        if action.dest == name and action.option_strings:
            return action.option_strings[-1] + first[len(name):] + space + rest
    return message


CLI_DOCS = "docs/cli.md"
OPTIONS_HEADING = "## Every option"


def options_markdown() -> str:
    """The closing section of docs/cli.md: every subcommand's arguments and options as its parser
    has them, so the page cannot drift from the command line (a test compares them)."""
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    lines = [OPTIONS_HEADING, "",
             "Written from the command line's own parsers by `make docs`; a test checks that it still matches them.",
             ""]
    for name, command in commands.items():
        formatter = command._get_formatter()
        lines += [f"### `euchrelab {name}`", "", command.description or "", ""]
        for action in command._actions:
            if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
                continue
            if action.option_strings:
                shown = ", ".join(action.option_strings)
                if action.nargs != 0:
                    shown += " " + formatter._format_args(action, action.dest.upper())
            else:
                shown = formatter._format_args(action, action.dest.upper())
            lines.append(f"- `{shown}`: {formatter._expand_help(action) if action.help else ''}".rstrip())
        lines.append("")
    return "\n".join(lines)


def write_cli_docs(path: str = CLI_DOCS) -> None:
    """Replaces the closing section of ``path`` by :func:`options_markdown`, and the table of its
    section on limits by :func:`analysis.limits.limits_markdown`."""
    import re
    from pathlib import Path

    from analysis.limits import limits_markdown
    from analysis.storage import write_text
    text = Path(path).read_text(encoding="utf-8")
    text = re.sub(r"^\| command \| setting \|.*?\n(?=\n)", lambda _: limits_markdown() + "\n", text,
                  flags=re.M | re.S)
    head = text.split(OPTIONS_HEADING)[0].rstrip("\n")
    write_text(path, head + "\n\n" + options_markdown())


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args._run(args) or 0
    except EuchreError as exc:
        sys.stderr.write(f"euchrelab: error: {in_flag_words(str(exc), getattr(args, '_parser', None))}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("euchrelab: interrupted\n")
        return 130
    except BrokenPipeError:  # e.g. `euchrelab deal | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())

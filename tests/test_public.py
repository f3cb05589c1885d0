"""Each package states its public names, and they resolve; the examples and the README import
only public names (from ``analysis`` or one of its packages, each name in its ``__all__``)."""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = sorted(".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "analysis").rglob("__init__.py"))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_states_its_public_names_and_they_resolve(package):
    module = importlib.import_module(package)
    assert module.__doc__ and module.__doc__.strip(), f"{package} says nothing of itself"
    names = getattr(module, "__all__", None)
    assert names, f"{package} has no __all__"
    for name in names:
        assert getattr(module, name) is not None, f"{package}.{name}"


def test_a_user_script_finds_what_it_needs_in_analysis():
    import analysis
    for name in ("Rules", "Score", "sample_deals", "BookPolicy", "policy_from_name", "simulate", "compare",
                 "advise", "Study", "get_engine", "EuchreError"):
        assert name in analysis.__all__
    assert callable(analysis.simulate) and callable(analysis.compare) and callable(analysis.advise)
    with pytest.raises(AttributeError):
        analysis.no_such_name


def python_of_readme() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))


def imports(source: str) -> list[tuple[str, list[str]]]:
    return [(n.module, [a.name for a in n.names]) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.ImportFrom) and n.module and n.module.split(".")[0] == "analysis"]


@pytest.mark.parametrize("where", ["README.md", *sorted(p.name for p in (ROOT / "examples").glob("*.py"))])
def test_the_readme_and_the_examples_import_only_public_names(where):
    source = python_of_readme() if where == "README.md" else (ROOT / "examples" / where).read_text()
    found = imports(source)
    assert found, f"{where} imports nothing of analysis"
    wrong = []
    for module, names in found:
        if module not in PACKAGES:
            wrong.append(f"from {module} import ...: {module} is not a package's public face")
            continue
        public = importlib.import_module(module).__all__
        wrong += [f"{module}.{n} is not public" for n in names if n not in public]
    assert not wrong, "\n".join(wrong)


@pytest.mark.slow
def test_the_readmes_python_api_runs_as_written():
    """The README's Python API section, run as it is printed: its solution is Case I's."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Python API"):]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    scope: dict = {}
    exec(compile(block, "README.md (Python API)", "exec"), scope)
    assert str(scope["advice"]).startswith("B (eldest hand) holds JS 9C AS KS QH, 9S turned") and scope["advice"].best
    assert str(scope["versus"]).startswith("three trumps against book; ")
    assert scope["solution"].tricks == {"AC": 4, "BD": 1}
    assert len(scope["results"]) == 10_000 and len(scope["table"]) == 200
    assert -4 <= float(scope["model"].points_at(game=1, games=(0, 0), score=(4, 4))) <= 4


def test_the_cli_page_lists_every_option_as_the_parsers_have_it():
    """docs/cli.md's closing section is what `make docs` writes from the parsers today."""
    from analysis.commands.cli import OPTIONS_HEADING, options_markdown
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert OPTIONS_HEADING in text, "docs/cli.md has no options section: run make docs"
    assert text[text.index(OPTIONS_HEADING):].rstrip("\n") == options_markdown().rstrip("\n"), \
        "docs/cli.md's options differ from the parsers': run make docs"


def test_the_readme_is_a_front_page_whose_commands_parse():
    """At most 250 lines; each `$E ...` line of its examples is a command the parser takes."""
    import shlex

    from analysis.commands.cli import build_parser
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    commands = [line.split("#")[0] for line in text.splitlines() if line.startswith("$E ")]
    assert len(commands) >= 15
    parser = build_parser()
    for line in commands:
        args = parser.parse_args(shlex.split(line)[1:])
        assert callable(args._run), line


@pytest.mark.parametrize("page", ["policies.md", "studies.md", "cli.md"])
def test_the_docs_python_blocks_import_only_public_names(page):
    source = "\n".join(re.findall(r"```python\n(.*?)```", (ROOT / "docs" / page).read_text(encoding="utf-8"), re.S))
    for module, names in imports(source):
        assert module in PACKAGES, f"{page}: from {module} import ...: not a package's public face"
        public = importlib.import_module(module).__all__
        assert all(n in public for n in names), f"{page}: {module} {names}"

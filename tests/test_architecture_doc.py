"""docs/architecture.md is kept true where a fact can be checked: every module it names exists (and
every name it reads in one), every study module has a row in the table of its section on the
studies, and its layers are those of tests/test_layers.py, in the same order.

What counts as naming a module: in a code block, any dotted name that starts with ``analysis``,
``studies`` or ``fastcore``; in a span of code (between backticks), such a dotted name (with
``:NAME`` for a name in the module), a path that starts with one of the project's folders
(``analysis/value/models.py``, ``studies/common/``), or a bare file name (``egn.py``,
``callreading.pyx``, ``coups/``), which is in the package the heading above it names (a heading
such as ``### `analysis.game```).
"""
from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

from test_layers import LAYERS

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"

PACKAGES = ("analysis", "studies", "fastcore")
FOLDERS = (*PACKAGES, "tests", "docs", "reports", "examples")
DOTTED = re.compile(r"\b(?:analysis|studies|fastcore)(?:\.\w+)+(?::\w+)?")
PATH = re.compile(r"\b(?:" + "|".join(FOLDERS) + r")/[\w./*-]*")
BARE = re.compile(r"^\w+(?:\.py|\.pyx|\.pxd|/)$")
SPAN = re.compile(r"`([^`\n]+(?:\n[^`\n]+)?)`")     # code, perhaps over two lines of a paragraph
FENCE = re.compile(r"^```")
STUDIES_HEADING = "## The studies"
LAYERS_HEADING = "## Layers"


def named(text: str) -> list[tuple[str, str, str]]:
    """(where, kind, name) of every module name of the page: kind "dotted", "path", or "bare", whose
    name is prefixed by the package of the heading above it ("analysis.game:egn.py"; no prefix when
    no heading names one)."""
    found, fenced, prose = [], False, []
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            prose.append("")
        elif fenced:
            found += [(f"line {number}", "dotted", m) for m in DOTTED.findall(line)]
            found += [(f"line {number}", "path", m) for m in PATH.findall(line)]
            prose.append("")
        else:
            prose.append(line)
    prose = "\n".join(prose)
    headings = [(m.start(), SPAN.findall(m.group())) for m in re.finditer(r"^#.*$", prose, re.M)]
    for match in SPAN.finditer(prose):     # a span may run on to the next line of its paragraph
        span, where = " ".join(match.group(1).split()), f"line {prose.count(chr(10), 0, match.start()) + 1}"
        above = [spans for at, spans in headings if at <= match.start()]
        package = next((s for s in (above[-1] if above else []) if s in PACKAGES or DOTTED.fullmatch(s)), None)
        if BARE.match(span) and span.rstrip("/") not in FOLDERS:
            found.append((where, "bare", f"{package}:{span}" if package else span))
            continue
        found += [(where, "dotted", m) for m in DOTTED.findall(span)]
        found += [(where, "path", m) for m in PATH.findall(span)]
    return found


def module_file(parts: list[str]) -> Path | None:
    base = ROOT.joinpath(*parts)
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    for suffix in (".py", ".pyx", ".pxd"):
        if Path(f"{base}{suffix}").is_file():
            return Path(f"{base}{suffix}")
    return None


def dotted_problem(name: str) -> tuple[Path | None, str | None]:
    """The module file a dotted name is in, and what is wrong with the name (None: nothing)."""
    module, _, attribute = name.partition(":")
    parts = module.split(".")
    for i in range(len(parts), 0, -1):
        path = module_file(parts[:i])
        if path is not None:
            break
    else:
        return None, f"{name}: no such module"
    rest = parts[i:] + ([attribute] if attribute else [])
    if not rest:
        return path, None
    if path.suffix == ".pxd":
        return path, f"{name}: {'.'.join(parts[:i])} is a .pxd, whose names Python cannot read"
    found = importlib.import_module(".".join(parts[:i]))
    for part in rest:
        if not hasattr(found, part):
            return path, f"{name}: {'.'.join(parts[:i])} has no {'.'.join(rest)}"
        found = getattr(found, part)
    return path, None


def resolved(where: str, kind: str, name: str) -> tuple[Path | None, str | None]:
    """The file (or folder) a name of the page stands for, and what is wrong with it."""
    if kind == "dotted":
        return dotted_problem(name)
    if kind == "bare":
        package, _, file = name.rpartition(":")
        if not package:
            return None, f"{where}: {file} is named under no heading that names its package"
        name = "/".join(package.split(".")) + "/" + file
    name = name.rstrip(".,;")
    matches = sorted(ROOT.glob(name)) if "*" in name else [ROOT / name] if (ROOT / name).exists() else []
    return (matches[0] if matches else None), (None if matches else f"{where}: {name} does not exist")


def module_problems(text: str) -> list[str]:
    problems = []
    for where, kind, name in named(text):
        _path, problem = resolved(where, kind, name)
        if problem:
            problems.append(problem if problem.startswith(where) else f"{where}: {problem}")
    return problems


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:] if end < 0 else text[start:end]


def study_modules() -> set[Path]:
    """The module of every registered study (pyproject.toml's entry points) and every module of
    studies/ (its top level)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    refs = project["entry-points"]["euchrelab.studies"].values()
    registered = {module_file(ref.split(":")[0].split(".")) for ref in refs}
    return registered | {p for p in (ROOT / "studies").glob("*.py") if p.name != "__init__.py"}


def unlisted_studies(text: str) -> list[str]:
    """The study modules no row of the table of the page's section on the studies names."""
    rows = "\n".join(line for line in section(text, STUDIES_HEADING).splitlines() if line.startswith("|"))
    listed = {resolved(*name)[0] for name in named(rows)}
    return sorted(str(p.relative_to(ROOT)) for p in study_modules() if p not in listed)


def layers_of(text: str) -> list[tuple[str, ...]]:
    """The layers of the page's table, top first: each row's first cell, its names in backticks."""
    rows = [line for line in section(text, LAYERS_HEADING).splitlines() if line.startswith("|")]
    return [tuple(SPAN.findall(row.split("|")[1])) for row in rows[2:]]


def test_every_module_the_page_names_exists():
    problems = module_problems(DOC.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def test_every_study_is_listed():
    missing = unlisted_studies(DOC.read_text(encoding="utf-8"))
    assert not missing, f"docs/architecture.md's section on the studies leaves out {missing}"


def test_the_layers_are_those_of_test_layers_in_the_same_order():
    page = layers_of(DOC.read_text(encoding="utf-8"))
    assert [set(layer) for layer in reversed(page)] == [set(layer) for layer in LAYERS], page
    assert sum(len(layer) for layer in page) == sum(len(layer) for layer in LAYERS)


def test_the_checks_fail_on_a_page_gone_stale():
    text = DOC.read_text(encoding="utf-8")
    assert named(text) and not module_problems(text)
    # a study left out
    row = next(line for line in text.splitlines() if line.startswith("| `studies/"))
    study = SPAN.findall(row)[0]
    assert unlisted_studies(text.replace(row + "\n", "")) == [study]
    # modules and names that are not there, in a span, a code block and under a package's heading
    stale = (text.replace("`analysis.limits`", "`analysis.limit`", 1)
             .replace("analysis.simulator.simulate ", "analysis.simulator.simulated", 1)
             .replace("`egn.py`", "`egg.py`", 1)
             .replace("`analysis/limits.py`", "`analysis/limit.py`", 1))
    problems = module_problems(stale)
    for wrong in ("analysis.limit:", "simulated", "analysis/game/egg.py", "analysis/limit.py"):
        assert any(wrong in p for p in problems), (wrong, problems)
    assert len(problems) == 4, problems
    # two layers swapped
    lines = text.splitlines()
    value, experiment = (next(i for i, line in enumerate(lines) if line.startswith(f"| `analysis.{name}` |"))
                         for name in ("value", "experiment"))
    lines[value], lines[experiment] = lines[experiment], lines[value]
    swapped = layers_of("\n".join(lines))
    assert [set(layer) for layer in reversed(swapped)] != [set(layer) for layer in LAYERS]

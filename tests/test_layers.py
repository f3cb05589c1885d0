"""The code's layers hold: every import of the project's modules, at module level, inside
functions or by name through importlib.import_module / __import__, points down the layers
below; no import cycle among the project's modules; no private name crosses a module."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Lowest first. A module may import its own package and any package of a lower layer; two
# packages of one layer know nothing of each other.
LAYERS: list[tuple[str, ...]] = [
    ("fastcore",),
    ("analysis.errors",),
    ("analysis.storage", "analysis.seeds", "analysis.public", "analysis.parallel", "analysis.limits"),
    ("analysis.game",),
    ("analysis.bidding",),
    ("analysis.play",),
    ("analysis.simulator",),
    ("analysis.experiment",),
    ("analysis.value",),
    ("analysis.reporting",),
    ("analysis.run", "analysis.tools"),
    ("analysis.bench", "analysis.web"),
    ("analysis.commands",),
    ("analysis",),            # the package's public names, resolved lazily (analysis/__init__.py)
    ("studies",),
]
BY_NAME = {"import_module", "__import__"}
# Cython: `import a.b`, `cimport a.b`, `from a.b cimport c`, `from a import b`
PYX_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import\b|c?import\s+([\w.]+(?:\s*,\s*[\w.]+)*))", re.MULTILINE)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> list[Path]:
    return sorted(p for package in ("fastcore", "analysis", "studies")
                  for pattern in ("*.py", "*.pyx", "*.pxd") for p in (ROOT / package).rglob(pattern))


def resolve(importer: str, is_package: bool, level: int, module: str | None) -> str:
    if not level:
        return module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def imports_of(path: Path, root: Path = ROOT) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) of every import of a file; relative imports made absolute; names
    are those of a ``from`` import."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".pyx", ".pxd"):
        found = []
        for match in PYX_IMPORT.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            names = [match.group(1)] if match.group(1) else [n.strip() for n in match.group(2).split(",")]
            found += [(line, name, []) for name in names]
        return found
    me, package = module_name(path, root), path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(text, filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, resolve(me, package, node.level, node.module), [a.name for a in node.names]))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in BY_NAME and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value, []))
    return sorted(found)


def layer_of(module: str) -> tuple[int, str] | None:
    """(rank, package) of a project module: the longest prefix named in LAYERS."""
    best = None
    for rank, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (best is None or len(name) > len(best[1])):
                best = (rank, name)
    return best


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sources() if p.suffix == ".py"}


def targets(module: str, names: list[str], known: dict) -> list[str]:
    """The project modules an import reaches: ``from a import b`` reaches a.b when b is a module,
    else a."""
    if not names:
        return [module]
    return sorted({f"{module}.{n}" if f"{module}.{n}" in known else module for n in names})


def test_every_import_points_down_the_layers():
    known = project_modules()
    wrong = []
    for path in sources():
        me = module_name(path)
        mine = layer_of(me)
        for line, module, names in imports_of(path):
            for target in targets(module, names, known):
                theirs = layer_of(target)
                if mine is None or theirs is None or theirs[1] == mine[1]:
                    continue
                if theirs[0] >= mine[0]:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} ({mine[1]}) imports {target} ({theirs[1]})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle_among_the_projects_modules():
    known = project_modules()
    edges = {m: set() for m in known}
    for m, path in known.items():
        for _line, module, names in imports_of(path):
            edges[m] |= {t for t in targets(module, names, known) if t in known and t != m}
    # Tarjan's strongly connected components, iteratively
    index, low, stack, on, cycles, counter = {}, {}, [], set(), [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        cycles.append(sorted(comp))
    assert not cycles, cycles


def private_uses(path: Path, root: Path = ROOT) -> list[str]:
    """Private names (one leading underscore) of another project module: imported by name, or
    read as an attribute of a module or class imported from one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me, package = module_name(path, root), path.name == "__init__.py"
    bound: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = resolve(me, package, node.level, node.module)
            if module.split(".")[0] not in ("analysis", "studies", "fastcore") or module == me:
                continue
            for a in node.names:
                if a.name.startswith("_") and not a.name.startswith("__"):
                    found.append(f"{path.relative_to(root)}:{node.lineno} imports {module}.{a.name}")
                bound.add(a.asname or a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in ("analysis", "studies", "fastcore"):
                    bound.add(a.asname or a.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound \
                and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.append(f"{path.relative_to(root)}:{node.lineno} reads {node.value.id}.{node.attr}")
    return found


def test_no_private_name_crosses_a_module():
    known = project_modules()
    found = [f for path in known.values() for f in private_uses(path)]
    assert not found, "\n".join(found)


def test_the_checker_sees_every_kind_of_import(tmp_path):
    code = tmp_path / "m.py"
    code.write_text("import os, studies.x\nfrom studies import y\nfrom . import z\n"
                    "def f():\n    import studies.inner\n    importlib.import_module('studies.a')\n"
                    "    __import__('studies.b')\n    import_module(name)\n")
    got = [(line, module) for line, module, _names in imports_of(code, tmp_path)]
    assert (5, "studies.inner") in got and (6, "studies.a") in got and (7, "studies.b") in got
    assert (1, "os") in got and (1, "studies.x") in got and (2, "studies") in got
    pyx = tmp_path / "k.pyx"
    pyx.write_text("# cython: language_level=3\ncimport numpy as cnp\nfrom analysis.cards cimport X\n"
                   "import analysis.rules, os\nfrom libc.stdint cimport uint32_t\n")
    assert [(line, m) for line, m, _ in imports_of(pyx, tmp_path)] == [(2, "numpy"), (3, "analysis.cards"),
                                                              (4, "analysis.rules"), (4, "os"), (5, "libc.stdint")]


def test_the_layer_rule_refuses_an_upward_and_a_sideways_import():
    assert layer_of("analysis.play.pimc")[0] > layer_of("analysis.bidding.policy")[0]
    assert layer_of("analysis.run.runner")[0] == layer_of("analysis.tools.compare")[0]
    assert layer_of("analysis.seeds")[1] == "analysis.seeds"
    assert layer_of("analysis.simulator") == (LAYERS.index(("analysis.simulator",)), "analysis.simulator")
    assert layer_of("numpy") is None


def test_the_private_checker_sees_an_import_and_an_attribute(tmp_path):
    (tmp_path / "analysis").mkdir()
    code = tmp_path / "analysis" / "x.py"
    code.write_text("from analysis.game.rules import _hidden, Rules\nimport analysis.game.cards as C\n"
                    "Rules._secret\nC._table\nC.__name__\n")
    found = private_uses(code, tmp_path)
    assert len(found) == 3 and "_hidden" in found[0] and "Rules._secret" in found[1] and "C._table" in found[2]


@pytest.mark.parametrize("package", ["analysis"])
def test_analysis_keeps_at_most_ten_modules_at_its_top_level(package):
    top = sorted(p.name for p in (ROOT / package).glob("*.py"))
    assert len(top) <= 10, top

"""Imports point one way: studies -> analysis -> fastcore. fastcore imports nothing of analysis
or studies, analysis nothing of studies: at module level, inside functions, or by name through
importlib.import_module / __import__."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"fastcore": {"analysis", "studies"}, "analysis": {"studies"}}
BY_NAME = {"import_module", "__import__"}
# Cython: `import a.b`, `cimport a.b`, `from a.b cimport c`, `from a import b`
PYX_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import\b|c?import\s+([\w.]+(?:\s*,\s*[\w.]+)*))", re.MULTILINE)


def imported_names(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of a file, absolute imports only (relative ones stay in
    their package)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".pyx", ".pxd"):
        found = []
        for match in PYX_IMPORT.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            names = [match.group(1)] if match.group(1) else [n.strip() for n in match.group(2).split(",")]
            found += [(line, name) for name in names]
        return found
    found = []
    for node in ast.walk(ast.parse(text, filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in BY_NAME and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return sorted(found)


def sources(package: str) -> list[Path]:
    return sorted(p for pattern in ("*.py", "*.pyx", "*.pxd") for p in (ROOT / package).rglob(pattern))


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_point_one_way(package):
    files = sources(package)
    assert len(files) > 3
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in files for line, name in imported_names(path)
             if name.split(".")[0] in FORBIDDEN[package]]
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_every_kind_of_import(tmp_path):
    code = tmp_path / "m.py"
    code.write_text("import os, studies.x\nfrom studies import y\nfrom . import z\n"
                    "def f():\n    import studies.inner\n    importlib.import_module('studies.a')\n"
                    "    __import__('studies.b')\n    import_module(name)\n")
    assert imported_names(code) == [(1, "os"), (1, "studies.x"), (2, "studies"), (5, "studies.inner"),
                                    (6, "studies.a"), (7, "studies.b")]
    pyx = tmp_path / "k.pyx"
    pyx.write_text("# cython: language_level=3\ncimport numpy as cnp\nfrom analysis.cards cimport X\n"
                   "import analysis.rules, os\nfrom libc.stdint cimport uint32_t\n")
    assert imported_names(pyx) == [(2, "numpy"), (3, "analysis.cards"), (4, "analysis.rules"), (4, "os"),
                                   (5, "libc.stdint")]

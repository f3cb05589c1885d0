"""The wheel installs a working ``euchrelab``: built from the source files alone, installed into a
fresh virtual environment, run from a folder outside the source tree.

The new environment has no network: it reaches the dependencies already installed here through
a ``.pth`` file naming this environment's site-packages. Python does not read the ``.pth``
files of a folder added that way, so the editable install of the checkout stays out; the test
checks that euchrelab is imported from the new environment.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASE_I = {"trump": "C", "hands": {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH",
                                  "D": "KC TC AS 9S 9H"}, "played": ["JD", "7D", "TC"], "analyse": True}


BUILD_PRODUCTS = {".git", ".venv", "build", "dist", "reports", "__pycache__", ".pytest_cache", ".hypothesis"}


def source_files() -> list[str]:
    """The source files of the checkout, without any build product (compiled kernels, generated
    C, build folders): those git tracks or would track, or, outside a git checkout (an unpacked
    source archive), every file but the build products."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                                capture_output=True, text=True, timeout=60, check=True).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):
        listed = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                  if p.is_file() and not BUILD_PRODUCTS & set(p.relative_to(ROOT).parts)
                  and not p.name.endswith((".so", ".c", ".pyc")) and ".egg-info" not in str(p)]
    return [f for f in listed if f and not f.startswith("reports/") and (ROOT / f).is_file()]


def run(args, cwd, env, timeout=300) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_wheel_installs_a_working_command(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"

    source = tmp_path / "source"
    for name in source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    assert not list(source.glob("fastcore/*.so")) and not list(source.glob("fastcore/*.c"))
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
         "-w", str(tmp_path / "dist"), str(source)], cwd=tmp_path, env=env, timeout=900)
    wheel, = (tmp_path / "dist").glob("euchrelab-*.whl")

    target = tmp_path / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    site = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                    cwd=tmp_path, env=env).strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)],
        cwd=tmp_path, env=env)

    work = tmp_path / "work"   # outside the source tree
    work.mkdir()
    where = json.loads(run([str(python), "-c", "import json, analysis, fastcore.solver, studies; "
                            "print(json.dumps([analysis.__file__, fastcore.solver.__file__, studies.__file__]))"],
                           cwd=work, env=env))
    assert all(Path(path).is_relative_to(target) for path in where), where
    euchrelab = str(target / "bin" / "euchrelab")

    help_text = run([euchrelab, "--help"], cwd=work, env=env)
    for command in ("solve", "deal", "play", "studies", "run", "report", "coups", "bench"):
        assert command in help_text

    solved = subprocess.run([euchrelab, "solve"], input=json.dumps(CASE_I) + "\n", cwd=work, env=env,
                            capture_output=True, text=True, timeout=120)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout) == {"A+C": 4, "B+D": 1, "to_move": "A",
                                         "moves": {"8S": 4, "9C": 2, "JC": 2, "KH": 2, "AH": 2}}

    listed = run([euchrelab, "studies"], cwd=work, env=env).splitlines()
    assert [line.split()[:2] for line in listed[:3]] == [["*", "hand_strength"], ["*", "book_bidding"],
                                                         ["*", "lone_hands"]]

    played = run([euchrelab, "play", "--n", "3", "--seed", "1"], cwd=work, env=env)
    assert played.startswith("3 hands, policy book, seed 1, pack 32, game 5; double-dummy play.")
    assert "mean points per hand, A+C's less B+D's" in played

    coups = run([euchrelab, "coups", "I", "--worlds", "20"], cwd=work, env=env)
    assert "CASE I." in coups and "makers' tricks after JC: 2 (euchred)" in coups and "20 worlds" in coups
    assert "C2 " not in coups   # the one case asked for
    # the claims, from the reference runs' results shipped in the package (no reports folder here)
    claims = subprocess.run([euchrelab, "claims"], cwd=work, env=env, capture_output=True, text=True, timeout=120)
    assert claims.returncode == 0 and "analysis/data/claims.json" in claims.stderr, claims.stderr
    assert claims.stdout.startswith("Of the book's 57 claims") and "\n  E1  " in claims.stdout
    e1 = run([euchrelab, "claims", "E1"], cwd=work, env=env)
    assert e1.startswith("E1 — Eldest hand (B) — ") and "Replications (4;" in e1
    assert sorted(p.name for p in work.iterdir()) == []   # nothing written where it ran

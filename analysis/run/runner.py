"""The parallel study runner: chunks of deals, reproducible seeds, checkpoints, a manifest.

A study (see :mod:`analysis.run.registry` for its attributes and methods, and how it is found)
declares its scenarios and computes a chunk of deals of a scenario; the runner does the rest.

The runner splits ``deals`` of each scenario into chunks of ``chunk_size`` deals. Chunk ``i``
of scenario ``s`` draws its randomness from ``SeedSequence(root_seed, spawn_key=(key(study),
key(s), i))`` and nothing else, so a chunk is the same whoever computes it, in whatever order:
results are identical with one job, two jobs, threads, processes or a Dask cluster, and after
an interrupted run is resumed. Each chunk plays its cards with the run's engine
(``Settings.play``, :func:`analysis.play.engines.playing`), a table-side player's randomness drawn
from the same seed. Chunks are combined in (scenario, chunk) order.

Each finished chunk is written to ``<out>/<study>/chunks/<scenario>/<index>-<n>.parquet`` the
moment the main process receives it, through a temporary file renamed into place: a crash, a
Ctrl-C or a full disk never leaves a half-written chunk, and ``--resume`` skips every chunk
already on disk. ``chunks/plan.json`` records what the chunks depend on (study, seed, chunk
size, rules, options, the play engine when it is not double-dummy, and a digest of the code);
resuming with different settings, or after the code changed, is refused. While it runs, a run
holds the lock of its study folder (:func:`analysis.storage.folder_lock`): a second run into the same folder is refused rather than
mixing its files with the first one's.

Workers: ``loky`` processes by default. The solver releases the GIL, so threads would share
its work, but the rest of a chunk (sampling set-up, policies, the discard, building the
table) is Python that holds it; processes keep both cores busy whatever the study does.
``--jobs 1`` runs in the calling process with no pool at all. Worker processes (loky, Dask)
receive the study's reference (``module`` or ``module:attr``) and load the study themselves.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import os
import platform
import subprocess
import shutil
import sys
import time
from dataclasses import dataclass, field, fields, replace
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pandas as pd

from analysis import storage
from analysis.play.engines import DEFAULT_WORLDS, check_play, chunk_engine, play_record, playing, resolve_play
from analysis.parallel import dask_client, local_parallel
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.run.registry import load_study, reference_of, resolve
from analysis.reporting.report import write_index, write_report
from analysis.game.rules import Rules
from analysis.run.run_config import RULE_KEYS
from analysis.storage import folder_lock, read_json, read_table, results_path, write_json, write_table
from analysis.seeds import DEFAULT_SEED, chunk_seed

BACKENDS = ("loky", "threading")
DEFAULT_BACKEND = "loky"
DEFAULT_REPORTS = Path("reports")   # the checkout's committed reference runs
DEFAULT_OUT = Path("runs")          # a user's own runs (git ignores it)


@dataclass(frozen=True)
class Settings:
    """Everything a run depends on; the chunks depend only on the fields of :meth:`plan_key`."""

    study: str
    deals: int                       # per scenario
    chunk_size: int
    seed: int = DEFAULT_SEED
    rules: Rules = field(default_factory=Rules)
    options: dict = field(default_factory=dict)   # study-specific (from the defaults and TOML)
    jobs: int = 1
    backend: str = DEFAULT_BACKEND
    scheduler: str | None = None
    out: str = str(DEFAULT_OUT)
    resume: bool = False
    progress: bool = True
    reference: bool = False          # replaces a committed reference run (in the checkout's reports/)
    play: str = "dd"                 # the play engine of every chunk (analysis.play.engines.get_engine)
    worlds: int = DEFAULT_WORLDS     # worlds a decision, for play "pimc"
    scenario_deals: dict = field(default_factory=dict)   # the deals of named scenarios, in place of ``deals``

    def deals_of(self, scenario: str) -> int:
        """The deals of ``scenario``: its own (a run sized to decide its tests), else ``deals``."""
        return int(self.scenario_deals.get(scenario, self.deals))

    @property
    def pack(self) -> int:
        return self.rules.pack

    @property
    def study_dir(self) -> Path:
        return Path(self.out) / self.study

    def plan_key(self) -> dict:
        key = {"study": self.study, "seed": self.seed, "chunk_size": self.chunk_size,
               "rules": self.rules.as_dict(), "options": self.options}
        if self.play_key() is not None:   # double-dummy runs keep the key they always had
            key["play"] = self.play_key()
        return key

    def __post_init__(self):
        # "table" is run and recorded as the player it names (analysis.play.engines.TABLE_PLAYER)
        object.__setattr__(self, "play", resolve_play(self.play))
        if self.reference and Path(self.out) == DEFAULT_OUT:   # a reference run goes to the reference folder
            object.__setattr__(self, "out", str(reference_reports()))

    def play_key(self) -> dict | None:
        """The play engine as the plan and the manifest record it; None for double-dummy play."""
        return None if self.play == "dd" else play_record(self.play, self.worlds)

    def check(self) -> None:
        if not isinstance(self.deals, int) or self.deals < 1:
            raise EuchreError(f"--deals must be a positive whole number, not {self.deals!r}")
        if not isinstance(self.chunk_size, int) or self.chunk_size < 1:
            raise EuchreError(f"chunk size must be a positive whole number, not {self.chunk_size!r}")
        check_whole(self.seed, "--seed")
        check_jobs(self.jobs, local=self.scheduler is None)
        if self.backend not in BACKENDS:
            raise EuchreError(f"backend {self.backend!r} is unknown: use {' or '.join(BACKENDS)} (or --scheduler for Dask)")
        if not isinstance(self.rules, Rules):
            raise EuchreError(f"the rules of a run must be analysis.game.rules.Rules, not {type(self.rules).__name__}")
        check_play(self.play, self.worlds)
        if not isinstance(self.scenario_deals, dict) or any(
                not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in self.scenario_deals.values()):
            raise EuchreError(f"scenario_deals must map scenarios to positive whole numbers of deals, "
                              f"not {self.scenario_deals!r}")


@dataclass(frozen=True)
class Chunk:
    scenario: str
    index: int
    n_deals: int


@dataclass
class Outcome:
    """What :func:`run_study` did: the combined frame, and which chunks it computed."""

    frame: pd.DataFrame
    manifest: dict
    computed: list[Chunk]
    reused: list[Chunk]


# --- seeds ----------------------------------------------------------------------------------

# --- the plan -------------------------------------------------------------------------------

def plan(study, settings: Settings) -> list[Chunk]:
    study = load_study(study)
    chunks = []
    scenarios = study.scenarios(settings)
    unknown = sorted(set(settings.scenario_deals) - set(scenarios))
    if unknown:
        raise EuchreError(f"scenario_deals names {', '.join(unknown)}, not scenarios of {settings.study} "
                          f"(its scenarios: {', '.join(scenarios)})")
    for scenario in scenarios:
        if "/" in scenario or scenario.startswith("."):
            raise EuchreError(f"scenario name {scenario!r} must not contain '/' or start with '.'")
        full, last = divmod(settings.deals_of(scenario), settings.chunk_size)
        sizes = [settings.chunk_size] * full + ([last] if last else [])
        chunks.extend(Chunk(scenario, i, n) for i, n in enumerate(sizes))
    return chunks


def compute_chunk(study, chunk: Chunk, settings: Settings) -> tuple[Chunk, pd.DataFrame, float]:
    """One chunk. ``study`` is the study, or its reference in a worker process, which loads it."""
    if isinstance(study, str):
        study = resolve(study)
    start = time.perf_counter()
    seed = chunk_seed(settings.seed, settings.study, chunk.scenario, chunk.index)
    with playing(chunk_engine(settings.play, settings.worlds, seed, settings.pack)):
        frame = study.run_chunk(chunk.scenario, chunk.index, chunk.n_deals, seed, settings)
    if not isinstance(frame, pd.DataFrame):
        raise EuchreError(f"study {settings.study}: run_chunk must return a pandas DataFrame, not {type(frame).__name__}")
    return chunk, frame, time.perf_counter() - start


def _prepare_chunk_dir(study, settings: Settings) -> Path:
    chunk_dir = settings.study_dir / "chunks"
    plan_file = chunk_dir / "plan.json"
    # chunks of other code are never resumed into a run
    module = (_reference_or_none(study) or "").partition(":")[0] or None    # the study's own code
    key = json.loads(json.dumps({**settings.plan_key(), "code": code_fingerprint(module)}))
    if settings.resume and plan_file.exists():
        saved = read_json(plan_file)
        if "pack" in saved and "rules" not in saved:   # saved before the rules were recorded whole
            saved["rules"] = Rules(pack=saved.pop("pack")).as_dict()
        if saved != key:
            changed = sorted(k for k in set(saved) | set(key) if saved.get(k) != key.get(k))
            what = [k for k in changed if k != "code"]
            made = (f"with a different {', '.join(what)}" if what else
                    "by other code (euchrelab or the study changed since, or the chunks predate this check)")
            raise EuchreError(
                f"cannot resume {settings.study}: the saved chunks in {chunk_dir} were made {made}; "
                f"run without --resume to start again, use another --out, or delete {chunk_dir}")
    elif chunk_dir.exists() and not settings.resume:
        shutil.rmtree(chunk_dir)  # a fresh run never mixes with an older one
    chunk_dir.mkdir(parents=True, exist_ok=True)
    write_json(plan_file, key)
    return chunk_dir


# --- provenance -----------------------------------------------------------------------------

CODE_PACKAGES = ("analysis", "fastcore")
CODE_SUFFIXES = (".py", ".pyx", ".pxd", ".so", ".pyd", ".toml")   # .toml: the policies and the claims, as data


def code_fingerprint(module: str | None = None) -> str:
    """A digest of the code a run's chunks come from: euchrelab's packages (their Python, Cython
    and compiled files, and the policies and claims they read as data), the study's own
    ``module`` and the modules of its package it imports, however deep (``studies.primary_lone_care``
    counts ``studies.bridge``, whose rows it reuses, and no other study). A chunk saved by other
    code, even with the same settings, may hold other numbers, so ``--resume`` refuses it; git
    cannot tell this for an installed package, or for a checkout whose changes are not committed.
    Each file counts by its path inside its package; a Python file by its syntax tree without
    docstrings, so that editing a comment or a docstring (which no chunk reads) keeps the saved
    chunks resumable, and editing another study keeps them too."""
    files: dict[str, Path] = {}
    for name in CODE_PACKAGES:
        spec = importlib.util.find_spec(name)
        for root in (spec.submodule_search_locations or []) if spec else []:
            for f in Path(root).rglob("*"):
                inside = f.relative_to(root)
                if (f.suffix in CODE_SUFFIXES and f.is_file() and not f.is_symlink()
                        and not any(p.startswith(".") or p == "__pycache__" for p in inside.parts)):
                    files.setdefault(f"{name}/{inside.as_posix()}", f)
    if module:
        files.update(_study_files(module))
    digest = hashlib.sha256()
    for label in sorted(files):
        try:
            data = files[label].read_bytes()
        except OSError as exc:
            raise EuchreError(f"cannot read {files[label]} to trace the run to its code: {exc.strerror}") from None
        if label.endswith(".py"):
            data = _python_code(data)
        digest.update(f"{label}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()[:16]


def _study_files(module: str) -> dict[str, Path]:
    """The files of ``module`` and of every module of its top package that it imports, directly
    or through another (by reading their import statements: nothing is run), with the package's
    ``__init__`` files on the way; each labelled by its dotted name."""
    package = module.partition(".")[0]
    files: dict[str, Path] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        if name in files:
            continue
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None or not spec.origin or not Path(spec.origin).is_file():
            continue
        files[name] = Path(spec.origin)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]      # the packages it lies in
        try:
            tree = ast.parse(files[name].read_bytes())
        except (SyntaxError, ValueError):
            continue
        here = parts if spec.submodule_search_locations else parts[:-1]     # where relative imports start
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                todo += [a.name for a in node.names if a.name.partition(".")[0] == package]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
                if base.partition(".")[0] == package:
                    todo.append(base)
                    todo += [f"{base}.{a.name}" for a in node.names]     # a submodule imported by name
    return {f"{name}.py": path for name, path in files.items()}


def _python_code(source: bytes) -> bytes:
    """A Python file's code as its syntax tree without docstrings and comments (a file that does not
    parse counts as it is)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


def git_commit() -> str | None:
    """The checkout's commit, with "-dirty" when its code has uncommitted changes. The reports
    folder is left out: what runs write there (the default suite rewrites one study after
    another) does not change the code a run is traced to."""
    here = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=10)
        if commit.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                f":(exclude){DEFAULT_REPORTS}"], cwd=here, capture_output=True, text=True, timeout=10)
        return commit.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return None


def reference_reports() -> Path:
    """The checkout's committed reports folder: where its reference runs are written."""
    return Path(__file__).resolve().parents[2] / DEFAULT_REPORTS


def is_reference(folder) -> bool:
    """Whether ``folder`` is the checkout's reference reports folder or inside it."""
    folder, reference = Path(folder).resolve(), reference_reports()
    return folder == reference or reference in folder.parents


def index_reference(folder) -> Path | None:
    """The reference folder that the index of ``folder`` links as a local run's, or None when
    ``folder`` is the reference folder itself."""
    return None if is_reference(folder) else reference_reports()


def check_reference_write(folder, shown: str, reference: bool = False, flag: str = "--reference") -> None:
    """A run of one's own never replaces a committed reference run: writing into the checkout's
    reports folder (``folder``, shown as the user gave it) is refused unless ``reference`` (the
    command's ``flag``), and then only from a clean tree, so the run is traced to a commit."""
    if not is_reference(folder):
        if reference:
            raise EuchreError(f"{flag} writes the checkout's reference runs in {reference_reports()}: "
                              f"leave out the output folder {shown}")
        return
    if not reference:
        raise EuchreError(f"{shown} holds the committed reference runs: a run of your own goes to another "
                          f"folder (the default {DEFAULT_OUT}/, or --out DIR); to replace a reference run add {flag}")
    commit = git_commit()
    if commit is None:
        raise EuchreError(f"{flag} needs the checkout's git commit, to trace the run to it: none was found")
    if commit.endswith("-dirty"):
        raise EuchreError(f"{flag} replaces a committed reference run, which must be traced to a commit: "
                          f"commit the uncommitted changes to {commit.removesuffix('-dirty')[:12]} first")


def check_provenance(settings: Settings) -> None:
    """Refuses a run into the checkout's reference reports unless ``settings.reference`` and a clean
    tree (:func:`check_reference_write`)."""
    check_reference_write(settings.study_dir, settings.out, settings.reference)


def replaced(study_dir) -> str | None:
    """What a run into ``study_dir`` replaces, in a few words (None when nothing is there)."""
    try:
        m = read_json(Path(study_dir) / "manifest.json")
    except (OSError, ValueError):
        return None
    commit = (m.get("git_commit") or "no commit")[:12]
    return (f"{m.get('deals_per_scenario', 0):,} deals a scenario, seed {m.get('root_seed')}, "
            f"commit {commit}, {str(m.get('finished') or m.get('started', ''))[:10]}")


def check_takes_play(study, settings: Settings) -> None:
    """Refuses another play engine for a study that chooses its engines itself."""
    if settings.play != "dd" and not getattr(study, "takes_play", True):   # a study of one's own need not say
        raise EuchreError(f"study {settings.study} chooses its own play engines: run it without --play {settings.play}")


def package_version() -> str:
    try:
        from importlib.metadata import version
        return version("euchrelab")
    except Exception:  # not installed (running from a checkout)
        return "unknown"


def _reference_or_none(study) -> str | None:
    try:
        return reference_of(study)
    except EuchreError:
        return None


def base_manifest(study, settings: Settings, chunks: list[Chunk], workers: int, backend: str) -> dict:
    manifest = {
        "study": settings.study,
        "module": _reference_or_none(study),     # the study's reference: "module" or "module:attr"
        "title": study.title,
        "status": "running",
        "euchrelab_version": package_version(),
        "git_commit": git_commit(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "rules": settings.rules.as_dict(),
        "policies": study.policies,
        "root_seed": settings.seed,
        "chunk_size": settings.chunk_size,
        "deals_per_scenario": settings.deals,
        "scenarios": sorted({c.scenario for c in chunks}, key=[c.scenario for c in chunks].index),
        "deals": int(sum(c.n_deals for c in chunks)),
        "chunks": len(chunks),
        "options": settings.options,
        "workers": workers,
        "backend": backend,
        "scheduler": settings.scheduler,
        "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    if settings.play_key() is not None:   # no entry: double-dummy play, as in every earlier manifest
        manifest["play"] = settings.play_key()
    if settings.scenario_deals:         # no entry: every scenario has deals_per_scenario
        manifest["deals_by_scenario"] = {s: settings.deals_of(s) for s in manifest["scenarios"]}
    return manifest


# --- execution ------------------------------------------------------------------------------

def _n_workers(settings: Settings) -> int:
    if settings.jobs == -1:
        return os.cpu_count() or 1
    return settings.jobs


def _results(study, todo: list[Chunk], settings: Settings):
    """Yields (chunk, frame, seconds) as chunks finish, on the chosen backend."""
    if settings.scheduler is None and _n_workers(settings) == 1:
        for chunk in todo:
            yield compute_chunk(study, chunk, settings)
        return
    from joblib import Parallel, delayed, parallel_config
    # Threads share the study object; processes and Dask workers load it from its reference.
    shared = settings.scheduler is None and settings.backend == "threading"
    target = study if shared else reference_of(study)
    # Workers get plain settings: no client object, no progress bar of their own.
    plain = replace(settings, scheduler=None, progress=False)
    tasks = (delayed(compute_chunk)(target, chunk, plain) for chunk in todo)
    if settings.scheduler is None:
        parallel = local_parallel(settings.jobs, backend=settings.backend, return_as="generator_unordered",
                                  batch_size=1)
        yield from parallel(tasks)
        return
    client = dask_client(settings.scheduler)
    try:
        with parallel_config(backend="dask"):
            yield from Parallel(n_jobs=-1, return_as="generator_unordered", batch_size=1)(tasks)
    finally:
        if isinstance(settings.scheduler, str):
            client.close()


def _describe_backend(settings: Settings) -> tuple[int, str]:
    if settings.scheduler is not None:
        client = settings.scheduler
        if not isinstance(client, str):
            return len(client.scheduler_info().get("workers", {})), "dask"
        return -1, "dask"
    workers = _n_workers(settings)
    return workers, ("sequential" if workers == 1 else settings.backend)


def run_study(study, settings: Settings) -> Outcome:
    """Runs (or resumes) every chunk of a study and returns the combined per-deal frame.

    ``study`` is a study, a module or a reference (see :func:`analysis.run.registry.load_study`).
    ``settings.scheduler`` may be an address (``tcp://host:8786``) or a connected
    ``distributed.Client``. The study folder is locked while the run lasts.
    """
    settings.check()
    check_provenance(settings)
    study = load_study(study)
    check_takes_play(study, settings)
    with folder_lock(settings.study_dir):
        return _run_chunks(study, settings)


def _run_chunks(study, settings: Settings) -> Outcome:
    """:func:`run_study` for a caller that holds the study folder's lock."""
    chunks = plan(study, settings)
    chunk_dir = _prepare_chunk_dir(study, settings)
    existing = storage.find_chunks(chunk_dir)
    done = {c: existing[(c.scenario, c.index, c.n_deals)] for c in chunks
            if (c.scenario, c.index, c.n_deals) in existing}
    todo = [c for c in chunks if c not in done]
    workers, backend = _describe_backend(settings)
    manifest = base_manifest(study, settings, chunks, workers, backend)
    manifest_path = settings.study_dir / "manifest.json"
    write_json(manifest_path, manifest)

    from tqdm.auto import tqdm
    total = sum(c.n_deals for c in chunks)
    resumed = sum(c.n_deals for c in done)
    bar = tqdm(total=total, initial=resumed, unit=" deals", unit_scale=True, disable=not settings.progress,
               desc=settings.study, dynamic_ncols=True, smoothing=0.1, file=sys.stderr)
    start = time.perf_counter()
    computed: list[Chunk] = []
    compute_seconds = 0.0
    by_scenario: dict[str, list] = {}     # the deals computed and their seconds: what a deal costs
    try:
        for chunk, frame, seconds in _results(study, todo, settings):
            write_table(frame, storage.chunk_path(chunk_dir, chunk.scenario, chunk.index, chunk.n_deals))
            done[chunk] = frame   # kept: no need to read back what was just written
            computed.append(chunk)
            compute_seconds += seconds
            cost = by_scenario.setdefault(chunk.scenario, [0, 0.0])
            cost[0] += chunk.n_deals
            cost[1] += seconds
            bar.update(chunk.n_deals)
    finally:
        bar.close()
        wall = time.perf_counter() - start
        manifest.update({
            "status": "complete" if len(done) == len(chunks) else "interrupted",
            "wall_seconds": round(wall, 3),
            "chunk_seconds": round(compute_seconds, 3),
            "scenario_seconds": {s: {"deals": n, "seconds": round(t, 3)} for s, (n, t) in by_scenario.items()},
            "chunks_computed": len(computed),
            "chunks_resumed": len(chunks) - len(todo),
            "deals_per_second": round(sum(c.n_deals for c in computed) / wall, 1) if wall > 0 and computed else None,
            "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        })
        write_json(manifest_path, manifest)
    frame = combine(chunks, done)
    return Outcome(frame, manifest, computed, [c for c in chunks if c not in computed])


def combine(chunks: list[Chunk], saved: dict) -> pd.DataFrame:
    """All chunks in (scenario, chunk) order, whatever order they finished in; ``saved`` maps a
    chunk to its frame or to its file."""
    frames = []
    for chunk in chunks:
        item = saved[chunk]
        frames.append(item if isinstance(item, pd.DataFrame) else read_table(item))
    if not frames:
        return pd.DataFrame()
    return pd.concat(frames, ignore_index=True)


def load_chunks(study_dir: Path) -> pd.DataFrame:
    """The per-deal frame of a finished run from its chunk files (for re-rendering)."""
    study_dir = Path(study_dir)
    manifest = read_json(study_dir / "manifest.json")
    existing = storage.find_chunks(study_dir / "chunks")
    order = {s: i for i, s in enumerate(manifest.get("scenarios", []))}
    keys = sorted(existing, key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    if not keys:
        return pd.DataFrame()
    return pd.concat([read_table(existing[k]) for k in keys], ignore_index=True)


def report_study(study, table: pd.DataFrame, manifest: dict, study_dir) -> dict[str, Path]:
    """Renders a study's report from its results table and writes every file of it."""
    study = load_study(study)
    report = study.render(table, manifest, Path(study_dir))
    return write_report(report, table, manifest, study_dir)


def run_and_report(study, settings: Settings):
    """Runs a study, then writes its results table, charts, report and the reports index; the
    study folder is locked from the first chunk to the last file of the report."""
    settings.check()
    check_provenance(settings)
    study = load_study(study)
    check_takes_play(study, settings)
    with folder_lock(settings.study_dir):
        outcome = _run_chunks(study, settings)
        table = study.summarise(outcome.frame, settings)
        paths = report_study(study, table, outcome.manifest, settings.study_dir)
    paths["index"] = write_index(Path(settings.out), reference=index_reference(settings.out))
    return outcome, paths


def settings_from_manifest(manifest: dict, out) -> Settings:
    """The settings a run's manifest records (for summarising its chunks again)."""
    saved = manifest.get("rules", {})
    rules = Rules(**{k: saved[k] for k in (f.name for f in fields(Rules)) if k in saved})
    play = manifest.get("play", {})
    deals = int(manifest["deals_per_scenario"])
    sized = {s: int(n) for s, n in manifest.get("deals_by_scenario", {}).items() if int(n) != deals}
    return Settings(study=manifest["study"], deals=deals,
                    chunk_size=int(manifest["chunk_size"]), seed=int(manifest["root_seed"]),
                    rules=rules, options=manifest.get("options", {}), out=str(out), progress=False,
                    play=play.get("engine", "dd"), worlds=int(play.get("worlds", DEFAULT_WORLDS)),
                    scenario_deals=sized)


def rerender(study_dir) -> dict[str, Path]:
    """Re-renders a study's report from what a run saved, without running anything.

    Uses the saved results table; when only the chunks are there (a run interrupted before its
    report, or a results table deleted), summarises the chunks first. Refused while a run
    holds the folder.
    """
    study_dir = Path(study_dir)
    manifest_file = study_dir / "manifest.json"
    if not manifest_file.exists():
        raise EuchreError(f"{study_dir} holds no manifest.json: it is not the folder of a study run")
    manifest = read_json(manifest_file)
    reference = manifest.get("module")   # the study's reference, recorded by the run
    study = resolve(reference) if reference else load_study(manifest["study"])
    with folder_lock(study_dir):
        saved = results_path(study_dir)
        if saved is not None:
            table = read_table(saved)
        else:
            frame = load_chunks(study_dir)
            if frame.empty:
                raise EuchreError(f"{study_dir} has neither a results table nor chunks: run the study again")
        try:
            if saved is None:
                table = study.summarise(frame, settings_from_manifest(manifest, study_dir.parent))
            return report_study(study, table, manifest, study_dir)
        except KeyError as exc:     # a column or key this version of the study reads, not in what the run saved
            raise EuchreError(f"{study_dir}: a column or key this version of {manifest.get('study', 'the study')} "
                              f"reads is missing from the saved run ({exc}); run it again to report it") from None


def settings_for(study, **overrides) -> Settings:
    """Settings of a study from its defaults, with the given fields replaced.

    The rules come from ``rules`` (a Rules), or from the keys ``pack``, ``points_for_game`` and
    ``stick_the_dealer`` of the overrides and of the study's defaults (see
    :meth:`analysis.game.rules.Rules.of`). ``options`` update the study's own options.
    """
    study = load_study(study)
    defaults = dict(study.defaults)
    rule_values = {k: defaults.pop(k) for k in RULE_KEYS if k in defaults}
    rule_values.update({k: overrides.pop(k) for k in RULE_KEYS if overrides.get(k) is not None})
    for k in RULE_KEYS:
        overrides.pop(k, None)
    rules = overrides.pop("rules", None) or Rules.of(**rule_values)
    values = {
        "study": study.name,
        "deals": defaults.pop("deals", 10_000),
        "chunk_size": defaults.pop("chunk_size", 2_000),
        "seed": defaults.pop("seed", DEFAULT_SEED),
        "rules": rules,
    }
    options = dict(defaults)
    options.update(overrides.pop("options", {}) or {})
    values["options"] = options
    values.update({k: v for k, v in overrides.items() if v is not None})
    return Settings(**values)

"""The files of a study run: atomic writes, tables, chunk files, and the lock of a study folder.

Every file is written to a temporary name and renamed into place, so a reader (or a resumed
run) sees the old file or the whole new one, never half of it. Tables are Parquet, or CSV when
pyarrow is missing.

A run's chunks live in ``<study folder>/chunks/<scenario>/<index>-<deals>.parquet`` (six-digit
index). While a run uses a study folder it holds the folder's lock, ``.run.lock``: a file created
with ``O_CREAT | O_EXCL`` (so only one process can create it) holding the owner's pid, host and
start time. A second run into the same folder is refused; a lock whose owner is no longer alive
on this host (a killed run) is stale, and the next run takes it over.
"""
from __future__ import annotations

import json
import os
import secrets
import tomllib
import socket
import tempfile
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

import pandas as pd

from analysis.errors import EuchreError

try:
    import pyarrow  # noqa: F401
    HAVE_PARQUET = True
except ImportError:  # pragma: no cover - depends on the installation
    HAVE_PARQUET = False

TABLE_SUFFIXES = (".parquet", ".csv")
LOCK_NAME = ".run.lock"
UNWRITTEN_LOCK_SECONDS = 10.0   # a lock file still empty after this long was left by a killed process


# --- whole files ----------------------------------------------------------------------------

def write_atomic(path, write) -> Path:
    """``write(tmp_path)`` then rename onto ``path``: readers see the old file or the whole new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def write_text(path, text: str) -> Path:
    return write_atomic(path, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))


def write_json(path, obj) -> Path:
    return write_text(path, json.dumps(obj, indent=2, default=str) + "\n")


def read_json(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


# --- outputs, checked before any work ------------------------------------------------------

CHART_SUFFIX = ".png"   # every chart a command writes is a PNG image


def _nearest_existing(path: Path) -> Path:
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _check_can_write_in(folder: Path, shown: str) -> None:
    """Creates and removes a file in ``folder``: the one sure test (permissions, read-only mounts)."""
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=".euchrelab-check-")
    except OSError as exc:
        raise EuchreError(f"{shown}: cannot write in {folder} ({(exc.strerror or str(exc)).lower()})") from None
    os.close(fd)
    os.unlink(name)


def check_output_folder(path, option: str) -> Path:
    """An output folder, refused (one line naming ``option``) unless it is a folder, or can be made
    one, that this process can write in. Nothing is created: the command makes it when it writes."""
    path = Path(path)
    shown = f"{option} {path}"
    if path.exists() and not path.is_dir():
        raise EuchreError(f"{shown} is a file: give a folder")
    base = _nearest_existing(path)
    if not base.is_dir():
        raise EuchreError(f"{shown}: {base} is a file, so no folder can be made under it")
    _check_can_write_in(base, shown)
    return path


def check_output_file(path, option: str, suffix: str | None = None) -> Path:
    """An output file, refused (one line naming ``option``) unless it ends in ``suffix`` (when
    given), is not a folder, and lies in an existing folder this process can write in."""
    path = Path(path)
    shown = f"{option} {path}"
    if suffix is not None and path.suffix.lower() != suffix:
        raise EuchreError(f"{shown} must name a {suffix} file")
    if path.is_dir():
        raise EuchreError(f"{shown} is a folder: give a file")
    parent = path.parent
    if not parent.is_dir():
        raise EuchreError(f"{shown}: no folder {parent}" if not parent.exists() else f"{shown}: {parent} is a file")
    _check_can_write_in(parent, shown)
    return path


def check_chart_file(path, option: str) -> Path:
    """A chart's output file: the one rule for every command, a PNG image (``.png``)."""
    return check_output_file(path, option, CHART_SUFFIX)


# --- tables ---------------------------------------------------------------------------------

def read_toml(path, what: str) -> dict:
    """A TOML file (``what`` names it in the messages: "the settings file", "policy file")."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as exc:
        raise EuchreError(f"cannot read {what} {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise EuchreError(f"{what} {path} is not valid TOML: {exc}") from None


def table_suffix() -> str:
    """The suffix tables are written with: .parquet, or .csv without pyarrow."""
    return ".parquet" if HAVE_PARQUET else ".csv"


def write_table(frame: pd.DataFrame, path) -> Path:
    """A table as Parquet, or as CSV (suffix .csv) when pyarrow is missing."""
    path = Path(path)
    if HAVE_PARQUET and path.suffix == ".parquet":
        return write_atomic(path, lambda tmp: frame.to_parquet(tmp, index=False))
    path = path.with_suffix(".csv")
    return write_atomic(path, lambda tmp: frame.to_csv(tmp, index=False))


def read_table(path) -> pd.DataFrame:
    path = Path(path)
    if path.suffix == ".parquet":
        if not HAVE_PARQUET:
            raise EuchreError(f"{path} is a Parquet file and pyarrow is not installed: pip install pyarrow")
        return pd.read_parquet(path)
    return pd.read_csv(path)


def results_path(study_dir) -> Path | None:
    """The saved results table of a study folder (Parquet or CSV), or None."""
    for name in ("results.parquet", "results.csv"):
        if (Path(study_dir) / name).exists():
            return Path(study_dir) / name
    return None


# --- chunk files ----------------------------------------------------------------------------

def chunk_path(chunk_dir, scenario: str, index: int, n_deals: int) -> Path:
    """Where a chunk of a scenario is saved: ``<scenario>/<index>-<deals><suffix>``."""
    return Path(chunk_dir) / scenario / f"{index:06d}-{n_deals}{table_suffix()}"


def find_chunks(chunk_dir) -> dict[tuple[str, int, int], Path]:
    """The chunk files saved in a chunk folder, by (scenario, index, deals); temporary files
    and anything else are ignored."""
    found: dict[tuple[str, int, int], Path] = {}
    chunk_dir = Path(chunk_dir)
    if not chunk_dir.is_dir():
        return found
    for path in chunk_dir.glob("*/*"):
        if path.name.startswith(".") or path.suffix not in TABLE_SUFFIXES:
            continue
        try:
            index, n = (int(x) for x in path.stem.split("-"))
        except ValueError:
            continue
        found[(path.parent.name, index, n)] = path
    return found


# --- the lock of a study folder -------------------------------------------------------------

def _alive(pid: int) -> bool:
    """Whether a process of this host has the id ``pid``."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # alive, owned by another user
        return True
    except (OverflowError, ValueError):
        return False
    return True


def _read_lock(path: Path) -> dict | None:
    """The owner recorded in a lock file; ``{}`` when it cannot be read (being written, or
    damaged); None when there is no lock."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError:
        return {}
    try:
        owner = json.loads(text)
    except json.JSONDecodeError:
        return {}
    return owner if isinstance(owner, dict) else {}


def _is_stale(path: Path, owner: dict) -> bool:
    """A lock whose owner is known to be gone: its pid is dead on this host, or it stayed
    unwritten for longer than a process takes to write it."""
    if not owner:
        try:
            return time.time() - path.stat().st_mtime > UNWRITTEN_LOCK_SECONDS
        except FileNotFoundError:
            return True
    if owner.get("host") != socket.gethostname() or not isinstance(owner.get("pid"), int):
        return False   # another machine's process (a shared disk): cannot tell, so it is in use
    return owner["pid"] != os.getpid() and not _alive(owner["pid"])


def _in_use(path: Path, owner: dict) -> EuchreError:
    folder = path.parent
    if not owner:
        return EuchreError(f"{folder} is in use by another run (its lock {path} is being written); "
                           f"wait for that run, or use another --out")
    return EuchreError(f"{folder} is in use by another run (pid {owner.get('pid')} on {owner.get('host')}, "
                       f"started {owner.get('started')}); wait for it, use another --out, or delete {path} "
                       f"if that run is over")


def acquire_lock(folder) -> dict:
    """Takes the lock of ``folder`` (created if missing) for this process and returns what it
    wrote; raises EuchreError, naming the owner, when another run holds it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    mine = {"pid": os.getpid(), "host": socket.gethostname(),
            "started": datetime.now(timezone.utc).isoformat(timespec="seconds"), "token": secrets.token_hex(8)}
    for _attempt in range(5):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            owner = _read_lock(path)
            if owner is None:
                continue          # released meanwhile: try again
            if not _is_stale(path, owner):
                raise _in_use(path, owner) from None
            if _read_lock(path) == owner:   # still the same stale lock: take it over
                path.unlink(missing_ok=True)
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(mine, f)
        return mine
    raise _in_use(path, _read_lock(path) or {})


def release_lock(folder, mine: dict) -> None:
    """Removes the lock of ``folder`` if it is still the one ``mine`` describes."""
    path = Path(folder) / LOCK_NAME
    if _read_lock(path) == mine:
        path.unlink(missing_ok=True)


@contextmanager
def folder_lock(folder):
    """Holds the lock of a study folder for the duration of a ``with`` block, and removes it
    however the block ends (an error, Ctrl-C)."""
    mine = acquire_lock(folder)
    try:
        yield mine
    finally:
        release_lock(folder, mine)

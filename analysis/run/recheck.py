"""Is a committed reference run still what the code computes? Its first chunk, simulated again.

A reference run keeps its summed table (``results.parquet``), not its chunks. Beside it,
``first_chunk.parquet`` keeps the rows of the run's first chunk (its first scenario, chunk 0)
computed at a small size from the run's own seed and settings, and ``first_chunk.json`` that size.
Simulating that chunk again with the code of today and comparing the rows bit for bit tells
whether the code still computes the run: a change of seeds, of sampling or of play shows at once.
"""
from __future__ import annotations

import io
from pathlib import Path

import pandas as pd

from analysis.errors import EuchreError
from analysis.run.registry import resolve
from analysis.run.runner import Chunk, compute_chunk, settings_from_manifest
from analysis.storage import read_json, read_table, write_json, write_table

CHECK_FILE = "first_chunk.parquet"
CHECK_META = "first_chunk.json"
CHECK_DEALS = 1000   # small: every study's first chunk at this size takes seconds at most


def first_chunk(study_dir, n_deals: int) -> tuple[pd.DataFrame, str]:
    """The rows of the run's first chunk at ``n_deals`` deals, as the code computes them today,
    and the scenario they are of."""
    study_dir = Path(study_dir)
    manifest = read_json(study_dir / "manifest.json")
    settings = settings_from_manifest(manifest, study_dir.parent)
    study = resolve(manifest.get("module") or manifest["study"])
    if not manifest["scenarios"]:
        raise EuchreError(f"{study_dir}: the run has no scenario")
    scenario = manifest["scenarios"][0]
    _chunk, frame, _seconds = compute_chunk(study, Chunk(scenario, 0, int(n_deals)), settings)
    return frame, scenario


def as_stored(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame as it reads back from a Parquet file (column types as stored), to compare like with like."""
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    buffer.seek(0)
    return pd.read_parquet(buffer)


def write_check(study_dir, n_deals: int = CHECK_DEALS) -> Path:
    """Keeps the first chunk's rows beside the run (after a reference run)."""
    study_dir = Path(study_dir)
    frame, scenario = first_chunk(study_dir, n_deals)
    path = write_table(frame, study_dir / CHECK_FILE)
    write_json(study_dir / CHECK_META, {"deals": int(n_deals), "scenario": scenario, "chunk": 0})
    return path


def kept_check(study_dir) -> tuple[pd.DataFrame, int]:
    """The rows kept beside the run, and their size in deals."""
    study_dir = Path(study_dir)
    return read_table(study_dir / CHECK_FILE), int(read_json(study_dir / CHECK_META)["deals"])

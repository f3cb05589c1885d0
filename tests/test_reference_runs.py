"""Every committed reference run is current: its first chunk, simulated again with today's code
from the run's own seed and settings, gives the rows kept beside it, bit for bit."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from analysis.run.recheck import CHECK_FILE, as_stored, first_chunk, kept_check, write_check

REPORTS = Path(__file__).resolve().parents[1] / "reports"
RUNS = sorted(p.parent.name for p in REPORTS.glob("*/manifest.json"))


def test_every_reference_run_keeps_its_first_chunk():
    assert len(RUNS) >= 15
    missing = [name for name in RUNS if not (REPORTS / name / CHECK_FILE).exists()]
    assert not missing, f"reference runs without {CHECK_FILE}: {missing}"


@pytest.mark.parametrize("name", RUNS)
@pytest.mark.slow
def test_the_first_chunk_of_a_reference_run_simulates_again_bit_for_bit(name):
    kept, deals = kept_check(REPORTS / name)
    assert len(kept) > 0
    pd.testing.assert_frame_equal(as_stored(first_chunk(REPORTS / name, deals)[0]), kept, check_exact=True)


def test_a_changed_row_is_seen(tmp_path):
    """The check can fail: a run whose kept rows differ from the code's is caught."""
    import shutil
    study = tmp_path / "book_bidding"
    shutil.copytree(REPORTS / "book_bidding", study, ignore=shutil.ignore_patterns("*.png", "*.html"))
    write_check(study, 300)
    kept, deals = kept_check(study)
    assert deals == 300
    pd.testing.assert_frame_equal(as_stored(first_chunk(study, deals)[0]), kept, check_exact=True)
    column = next(c for c in kept.columns if pd.api.types.is_numeric_dtype(kept[c]) and kept[c].sum() > 0)
    kept.loc[0, column] += 1
    with pytest.raises(AssertionError):
        pd.testing.assert_frame_equal(as_stored(first_chunk(study, deals)[0]), kept, check_exact=True)

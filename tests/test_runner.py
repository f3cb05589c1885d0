"""The study runner: reproducible chunks whatever the workers, resume after an interruption."""
from __future__ import annotations

import json
import os

import numpy as np
import pandas as pd
import pytest

from analysis.errors import EuchreError
from analysis.report import write_atomic
from studies import runner
from studies.runner import chunk_seed, run_study, settings_for

# A small study of the runner's own: numpy only, so the runner is tested apart from the solver.
NAME = "toy"
TITLE = "A toy study"
DESCRIPTION = "normal draws per scenario"
DEFAULTS = {"deals": 1_000, "chunk_size": 150, "shift": 0.5}
FAIL_AT = "EUCHRELAB_TOY_FAIL_AT"


def scenarios(settings):
    return ["low", "high"]


def run_chunk(scenario, chunk_index, n_deals, seed, settings):
    if os.environ.get(FAIL_AT) == f"{scenario}:{chunk_index}":
        raise KeyboardInterrupt  # as if the user pressed Ctrl-C during this chunk
    rng = np.random.default_rng(seed)
    shift = settings.options["shift"] if scenario == "high" else 0.0
    return pd.DataFrame({"scenario": scenario, "chunk": chunk_index, "x": rng.normal(shift, 1.0, n_deals)})


def summarise(frame, settings):
    return frame.groupby("scenario").agg(n=("x", "size"), mean=("x", "mean"), var=("x", "var")).reset_index()


def render(table, manifest, out_dir):
    from analysis import charts
    from analysis.report import Chart, StudyReport
    from analysis.stats import Claim, Estimate, verdicts
    rows = table.set_index("scenario")
    se = float(np.sqrt(rows.loc["high", "var"] / rows.loc["high", "n"] + rows.loc["low", "var"] / rows.loc["low", "n"]))
    diff = float(rows.loc["high", "mean"] - rows.loc["low", "mean"])
    from scipy.stats import norm
    est = Estimate(diff, diff - 1.96 * se, diff + 1.96 * se, se, se * np.sqrt(rows["n"].sum()), int(rows["n"].sum()),
                   float(2 * norm.sf(abs(diff / se))))
    claim = Claim("X1", '"High is higher than low."', "high - low", est)
    chart = charts.error_bars(out_dir / "means.png", list(rows.index),
                              {"mean": (rows["mean"], rows["mean"] - 0.1, rows["mean"] + 0.1, rows["n"])},
                              title="Means", ylabel="x")
    return StudyReport(name=NAME, title=TITLE, question='> "High is higher than low."', method="Normal draws.",
                       table=table, charts=[Chart(chart.name, "The means.")], verdicts=verdicts([claim]),
                       headline=f"high - low = {diff:+.3f}")


def toy_settings(tmp_path, **kw):
    return settings_for(_study(), out=str(tmp_path), progress=False, **kw)


def _study():
    return __import__(__name__)


def test_seed_keys_are_stable_and_distinct():
    a = chunk_seed(7, "toy", "low", 3).generate_state(4)
    assert np.array_equal(a, chunk_seed(7, "toy", "low", 3).generate_state(4))
    for other in (chunk_seed(8, "toy", "low", 3), chunk_seed(7, "other", "low", 3),
                  chunk_seed(7, "toy", "high", 3), chunk_seed(7, "toy", "low", 4)):
        assert not np.array_equal(a, other.generate_state(4))
    # the key of a name does not depend on Python's per-process hash seed
    assert runner.name_key("hand_strength") == runner.name_key("hand_strength")


def test_plan_splits_deals_into_chunks_with_a_short_last_one(tmp_path):
    chunks = runner.plan(_study(), toy_settings(tmp_path))
    low = [c for c in chunks if c.scenario == "low"]
    assert [c.n_deals for c in low] == [150] * 6 + [100]
    assert sum(c.n_deals for c in chunks) == 2_000


@pytest.mark.slow
def test_same_results_with_one_and_two_jobs_processes_and_threads(tmp_path):
    one = run_study(_study(), toy_settings(tmp_path / "one", jobs=1)).frame
    two = run_study(_study(), toy_settings(tmp_path / "two", jobs=2)).frame
    threads = run_study(_study(), toy_settings(tmp_path / "threads", jobs=2, backend="threading")).frame
    assert len(one) == 2_000
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, threads)
    assert list(one["scenario"].unique()) == ["low", "high"]


def test_resume_after_interruption_recomputes_no_finished_chunk(tmp_path, monkeypatch):
    reference = run_study(_study(), toy_settings(tmp_path / "ref")).frame
    settings = toy_settings(tmp_path / "run")
    monkeypatch.setenv(FAIL_AT, "high:2")
    with pytest.raises(KeyboardInterrupt):
        run_study(_study(), settings)
    chunk_dir = tmp_path / "run" / "toy" / "chunks"
    saved = sorted(chunk_dir.glob("*/*.parquet"))
    assert len(saved) == 7 + 2   # all of low, chunks 0 and 1 of high
    assert not list(chunk_dir.rglob("*.tmp"))
    manifest = json.loads((tmp_path / "run" / "toy" / "manifest.json").read_text())
    assert manifest["status"] == "interrupted"
    stamps = {p: p.stat().st_mtime_ns for p in saved}

    monkeypatch.delenv(FAIL_AT)
    outcome = run_study(_study(), toy_settings(tmp_path / "run", resume=True))
    assert [(c.scenario, c.index) for c in outcome.computed] == [("high", i) for i in range(2, 7)]
    assert {p: p.stat().st_mtime_ns for p in saved} == stamps   # finished chunks untouched
    pd.testing.assert_frame_equal(outcome.frame, reference)
    assert outcome.manifest["status"] == "complete" and outcome.manifest["chunks_resumed"] == 9


def test_resume_refuses_chunks_of_other_settings(tmp_path):
    run_study(_study(), toy_settings(tmp_path))
    with pytest.raises(EuchreError, match="seed"):
        run_study(_study(), toy_settings(tmp_path, seed=99, resume=True))


def test_fresh_run_discards_old_chunks_and_more_deals_extend_a_resumed_run(tmp_path):
    small = run_study(_study(), toy_settings(tmp_path, deals=300)).frame
    more = run_study(_study(), toy_settings(tmp_path, deals=600, resume=True))
    assert len(more.computed) == 4  # chunks 2 and 3 of each scenario
    big = more.frame
    pd.testing.assert_frame_equal(big[big["chunk"] < 2].reset_index(drop=True), small)


def test_manifest_records_the_run(tmp_path):
    outcome = run_study(_study(), toy_settings(tmp_path, seed=5))
    m = json.loads((tmp_path / "toy" / "manifest.json").read_text())
    assert m == outcome.manifest
    for key in ("euchrelab_version", "git_commit", "rules", "policies", "root_seed", "chunk_size", "deals",
                "wall_seconds", "workers", "backend"):
        assert key in m
    assert m["root_seed"] == 5 and m["deals"] == 2_000 and m["chunk_size"] == 150
    assert m["rules"]["pack"] == 32 and m["status"] == "complete"


def test_bad_settings_are_one_clear_error(tmp_path):
    for kw, word in (({"deals": 0}, "deals"), ({"jobs": 0}, "jobs"), ({"backend": "mpi"}, "backend"),
                     ({"pack": 52}, "pack")):
        with pytest.raises(EuchreError, match=word):
            run_study(_study(), toy_settings(tmp_path, **kw))


def test_writing_a_chunk_never_leaves_a_partial_file(tmp_path):
    target = tmp_path / "t.parquet"

    def fails(tmp):
        tmp.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        write_atomic(target, fails)
    assert list(tmp_path.iterdir()) == []


def test_config_file_settings(tmp_path):
    from studies.config import load_config, study_overrides
    path = tmp_path / "s.toml"
    path.write_text('seed = 3\n[cluster]\nscheduler = "tcp://127.0.0.1:1"\n[toy]\ndeals = 40\n[toy.options]\nshift = 2.0\n')
    over = study_overrides(load_config(path), "toy", {"toy"})
    s = settings_for(_study(), **over)
    assert (s.seed, s.deals, s.scheduler, s.options["shift"]) == (3, 40, "tcp://127.0.0.1:1", 2.0)
    path.write_text("colour = 1\n")
    with pytest.raises(EuchreError, match="colour"):
        study_overrides(load_config(path), "toy", {"toy"})


def test_hand_strength_chunk_is_a_pure_function_of_its_seed(tmp_path):
    from studies import hand_strength
    settings = settings_for(hand_strength, out=str(tmp_path), progress=False)
    first = hand_strength.run_chunk("B", 3, 60, chunk_seed(1, "hand_strength", "B", 3), settings)
    again = hand_strength.run_chunk("B", 3, 60, chunk_seed(1, "hand_strength", "B", 3), settings)
    other = hand_strength.run_chunk("B", 4, 60, chunk_seed(1, "hand_strength", "B", 4), settings)
    pd.testing.assert_frame_equal(first, again)
    assert not first.equals(other)
    assert len(first) == 3 * 60 and set(first["contract"]) == {0, 1, 2}


@pytest.mark.slow
def test_hand_strength_same_with_one_and_two_jobs(tmp_path):
    from studies import hand_strength
    kw = {"deals": 300, "chunk_size": 100, "progress": False, "options": {"seats": ["A", "D"]}}
    one = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    assert len(one) == 2 * 300 * 3


def test_hand_strength_describes_a_hand_under_trump():
    from analysis.cards import parse_card
    from studies.hand_strength import describe

    def mask(text):
        return sum(1 << parse_card(c) for c in text.split())
    hands = np.array([mask("JC JS AC AH 7D"), mask("9H TH KD AS 8S"), mask("JD 7C 8C 9C TC")], dtype=np.uint32)
    trump = np.array([1, 2, 2], dtype=np.int8)   # clubs, hearts, hearts
    got = describe(hands, trump)
    # JC right, JS left, AC ace: 3 trumps, top R L A; outside aces AH; void in spades (JS is a trump)
    assert [int(x) for x in got["trumps"]] == [3, 2, 1]
    assert [int(x) for x in got["top"]] == [7, 0, 2]
    assert [int(x) for x in got["outside_aces"]] == [1, 1, 0]
    assert [int(x) for x in got["short"]] == [1, 1, 1]

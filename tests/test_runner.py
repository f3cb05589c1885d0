"""The study runner: reproducible chunks whatever the workers, resume after an interruption,
settings and rules, and how studies are found."""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import toy_study as toy
from analysis.run import registry, runner
from analysis.errors import EuchreError
from analysis.storage import write_atomic
from analysis.game.rules import Rules
from analysis.seeds import chunk_seed, name_key
from analysis.run.runner import run_study, settings_for
from toy_study import FAIL_AT, toy_settings


# --- seeds: the committed reference results depend on these numbers ----------------------------

def test_name_keys_are_the_committed_constants():
    assert name_key("hand_strength") == 1543165850
    assert name_key("book_bidding") == 1669982615
    assert name_key("lone_hands") == 3323677139
    assert name_key("toy") == 2988364187
    assert name_key("B") == 385758303
    assert name_key("dealers-0") == 685116131


def test_chunk_seeds_are_the_committed_constants():
    assert list(chunk_seed(7, "toy", "low", 3).generate_state(4)) == [532785714, 1799165276, 3567953811, 1192033963]
    assert list(chunk_seed(1888, "hand_strength", "B", 0).generate_state(4)) == \
        [1536546807, 898235388, 3538218064, 3642526588]
    assert list(chunk_seed(1888, "lone_hands", "dealers-2", 5).generate_state(4)) == \
        [4161131482, 1147371850, 342678036, 82200626]


def test_each_part_of_a_chunk_key_changes_its_seed():
    a = chunk_seed(7, "toy", "low", 3).generate_state(4)
    for other in (chunk_seed(8, "toy", "low", 3), chunk_seed(7, "other", "low", 3),
                  chunk_seed(7, "toy", "high", 3), chunk_seed(7, "toy", "low", 4)):
        assert not np.array_equal(a, other.generate_state(4))


def test_a_name_key_is_the_same_in_another_process():
    # Python's own hash() of a string changes from one process to the next; the key must not
    code = "from analysis.seeds import name_key; print(name_key('hand_strength'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert out.stdout.strip() == "1543165850", out.stderr


# --- the plan and the runs ----------------------------------------------------------------------

def test_plan_splits_deals_into_chunks_with_a_short_last_one(tmp_path):
    chunks = runner.plan(toy, toy_settings(tmp_path))
    low = [c for c in chunks if c.scenario == "low"]
    assert [c.n_deals for c in low] == [150] * 6 + [100]
    assert sum(c.n_deals for c in chunks) == 2_000


@pytest.mark.slow
def test_same_results_with_one_and_two_jobs_processes_and_threads(tmp_path):
    one = run_study(toy, toy_settings(tmp_path / "one", jobs=1)).frame
    two = run_study(toy, toy_settings(tmp_path / "two", jobs=2)).frame
    threads = run_study(toy, toy_settings(tmp_path / "threads", jobs=2, backend="threading")).frame
    assert len(one) == 2_000
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, threads)
    assert list(one["scenario"].unique()) == ["low", "high"]


@pytest.mark.slow
def test_resume_after_interruption_recomputes_no_finished_chunk(tmp_path, monkeypatch):
    reference = run_study(toy, toy_settings(tmp_path / "ref")).frame
    settings = toy_settings(tmp_path / "run")
    monkeypatch.setenv(FAIL_AT, "high:2")
    with pytest.raises(KeyboardInterrupt):
        run_study(toy, settings)
    chunk_dir = tmp_path / "run" / "toy" / "chunks"
    saved = sorted(chunk_dir.glob("*/*.parquet"))
    assert len(saved) == 7 + 2   # all of low, chunks 0 and 1 of high
    assert not list(chunk_dir.rglob("*.tmp"))
    manifest = json.loads((tmp_path / "run" / "toy" / "manifest.json").read_text())
    assert manifest["status"] == "interrupted"
    stamps = {p: p.stat().st_mtime_ns for p in saved}

    monkeypatch.delenv(FAIL_AT)
    outcome = run_study(toy, toy_settings(tmp_path / "run", resume=True))
    assert [(c.scenario, c.index) for c in outcome.computed] == [("high", i) for i in range(2, 7)]
    assert {p: p.stat().st_mtime_ns for p in saved} == stamps   # finished chunks untouched
    pd.testing.assert_frame_equal(outcome.frame, reference)
    assert outcome.manifest["status"] == "complete" and outcome.manifest["chunks_resumed"] == 9


@pytest.mark.slow
def test_resume_refuses_chunks_of_other_settings_or_rules(tmp_path):
    run_study(toy, toy_settings(tmp_path))
    with pytest.raises(EuchreError, match="seed"):
        run_study(toy, toy_settings(tmp_path, seed=99, resume=True))
    with pytest.raises(EuchreError, match="rules"):
        run_study(toy, toy_settings(tmp_path, points_for_game=7, resume=True))
    with pytest.raises(EuchreError, match="rules"):
        run_study(toy, toy_settings(tmp_path, stick_the_dealer=True, resume=True))


@pytest.mark.slow
def test_resume_refuses_chunks_saved_by_other_code(tmp_path, monkeypatch):
    # the same settings but an edited study: its saved chunks may hold other numbers
    source = Path(toy.__file__).read_text()
    (tmp_path / "edited_study.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    settings = toy_settings(tmp_path / "out")
    edited = importlib.import_module("edited_study")
    first = run_study(edited, settings)
    assert runner.read_json(tmp_path / "out" / "toy" / "chunks" / "plan.json")["code"] == \
        runner.code_fingerprint("edited_study")
    assert run_study(edited, runner.replace(settings, resume=True)).computed == []
    # a comment or a docstring is no code: the chunks still resume
    (tmp_path / "edited_study.py").write_text(source.replace('"""', '"""Edited. ', 1) + "\n# a comment\n")
    assert run_study(edited, runner.replace(settings, resume=True)).computed == []
    (tmp_path / "edited_study.py").write_text(source + "\nCHANGED = 1\n")
    with pytest.raises(EuchreError, match="made by other code"):
        run_study(edited, runner.replace(settings, resume=True))
    again = run_study(edited, settings)   # without --resume it starts again
    assert len(again.computed) == len(first.computed)


def test_the_code_digest_reads_the_policies_and_ignores_editor_files(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "policy.toml").write_text("[rules]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(runner, "CODE_PACKAGES", ("pkg",))
    before = runner.code_fingerprint()
    (package / ".#edited.py").symlink_to(package / "nowhere.py")   # an editor's lock: a dangling link
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "x.py").write_text("cached")
    assert runner.code_fingerprint() == before
    (package / "data" / "policy.toml").write_text("[rules]\nassist = 1\n")
    assert runner.code_fingerprint() != before


@pytest.mark.slow
def test_the_code_digest_reads_the_study_and_what_it_imports_of_its_package(tmp_path, monkeypatch):
    # a study's chunks answer to its own code and the helpers it imports, not to another study
    package = tmp_path / "mystudies"
    (package / "common").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "common" / "__init__.py").write_text("")
    (package / "common" / "rows.py").write_text("ROWS = 1\n")
    (package / "helper.py").write_text("from .common import rows\nHELP = rows.ROWS\n")
    (package / "mine.py").write_text("import json\nfrom mystudies.helper import HELP\n")
    (package / "other.py").write_text("OTHER = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert sorted(runner._study_files("mystudies.mine")) == [
        "mystudies.common.py", "mystudies.common.rows.py", "mystudies.helper.py", "mystudies.mine.py", "mystudies.py"]
    before = runner.code_fingerprint("mystudies.mine")
    (package / "other.py").write_text("OTHER = 2\n")
    assert runner.code_fingerprint("mystudies.mine") == before
    (package / "common" / "rows.py").write_text("ROWS = 2\n")
    assert runner.code_fingerprint("mystudies.mine") != before


@pytest.mark.slow
def test_resume_accepts_a_plan_saved_with_the_pack_alone(tmp_path):
    first = run_study(toy, toy_settings(tmp_path))
    plan_file = tmp_path / "toy" / "chunks" / "plan.json"
    key = json.loads(plan_file.read_text())
    assert key["rules"] == {"pack": 32, "points_for_game": 5, "stick_the_dealer": False}
    del key["rules"]
    plan_file.write_text(json.dumps({**key, "pack": 32}))   # as runs saved it before the rules were whole
    again = run_study(toy, toy_settings(tmp_path, resume=True))
    assert again.computed == []
    pd.testing.assert_frame_equal(again.frame, first.frame)


@pytest.mark.slow
def test_fresh_run_discards_old_chunks_and_more_deals_extend_a_resumed_run(tmp_path):
    small = run_study(toy, toy_settings(tmp_path, deals=300)).frame
    more = run_study(toy, toy_settings(tmp_path, deals=600, resume=True))
    assert len(more.computed) == 4  # chunks 2 and 3 of each scenario
    big = more.frame
    pd.testing.assert_frame_equal(big[big["chunk"] < 2].reset_index(drop=True), small)


def test_manifest_records_the_run_and_the_whole_rules(tmp_path):
    outcome = run_study(toy, toy_settings(tmp_path, seed=5, pack=24, stick_the_dealer=True))
    m = json.loads((tmp_path / "toy" / "manifest.json").read_text())
    assert m == outcome.manifest
    for key in ("euchrelab_version", "git_commit", "rules", "policies", "root_seed", "chunk_size", "deals",
                "wall_seconds", "workers", "backend"):
        assert key in m
    assert m["root_seed"] == 5 and m["deals"] == 2_000 and m["chunk_size"] == 150 and m["status"] == "complete"
    assert m["rules"] == {"pack": 24, "points_for_game": 10, "stick_the_dealer": True}
    assert m["module"] == "toy_study" and m["policies"] == toy.POLICIES


def test_rules_are_the_single_source_of_the_pack_and_the_game(tmp_path):
    book = toy_settings(tmp_path)
    assert book.rules == Rules(32, 5, False) and book.pack == 32
    modern = toy_settings(tmp_path, pack=24)
    assert modern.rules == Rules(24, 10, False) and modern.pack == 24   # the modern game by default
    assert toy_settings(tmp_path, pack=24, points_for_game=7).rules == Rules(24, 7, False)
    given = Rules(pack=24, points_for_game=11, stick_the_dealer=True)
    assert toy_settings(tmp_path, rules=given).rules == given
    with pytest.raises(AttributeError):
        book.pack = 24   # read-only: the rules hold it


def test_settings_from_a_manifest_rebuild_the_rules(tmp_path):
    manifest = {"study": "toy", "deals_per_scenario": 300, "chunk_size": 100, "root_seed": 4,
                "rules": {"pack": 32, "points_for_game": 5, "stick_the_dealer": False}, "options": {"shift": 1.0}}
    settings = runner.settings_from_manifest(manifest, tmp_path)
    assert settings.rules == Rules() and (settings.deals, settings.seed, settings.options) == (300, 4, {"shift": 1.0})
    manifest["rules"] = {"pack": 24, "points_for_game": 10, "stick_the_dealer": True}
    assert runner.settings_from_manifest(manifest, tmp_path).rules == Rules(24, 10, True)


def test_bad_settings_are_one_clear_error(tmp_path):
    for kw, word in (({"deals": 0}, "deals"), ({"jobs": 0}, "jobs"), ({"backend": "mpi"}, "backend"),
                     ({"pack": 52}, "pack"), ({"points_for_game": 0}, "points for game")):
        with pytest.raises(EuchreError, match=word):
            run_study(toy, toy_settings(tmp_path, **kw))


def test_writing_a_chunk_never_leaves_a_partial_file(tmp_path):
    target = tmp_path / "t.parquet"

    def fails(tmp):
        tmp.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        write_atomic(target, fails)
    assert list(tmp_path.iterdir()) == []


def test_config_file_settings(tmp_path):
    from analysis.run.run_config import load_config, study_overrides
    path = tmp_path / "s.toml"
    path.write_text('seed = 3\npack = 24\n[cluster]\nscheduler = "tcp://127.0.0.1:1"\n'
                    '[toy]\ndeals = 40\nstick_the_dealer = true\n[toy.options]\nshift = 2.0\n')
    over = study_overrides(load_config(path), "toy", {"toy"})
    s = settings_for(toy, **over)
    assert (s.seed, s.deals, s.scheduler, s.options["shift"]) == (3, 40, "tcp://127.0.0.1:1", 2.0)
    assert s.rules == Rules(pack=24, points_for_game=10, stick_the_dealer=True)
    path.write_text("colour = 1\n")
    with pytest.raises(EuchreError, match="colour"):
        study_overrides(load_config(path), "toy", {"toy"})


def test_a_study_table_named_like_a_rule_is_the_study_s():
    # stick_the_dealer is both a rule (a top-level boolean) and a study (a table)
    from analysis.run.run_config import load_config, study_overrides
    path = Path(__file__).parents[1] / "examples" / "reference_runs.toml"
    config = load_config(path)
    known = set(registry.names())
    assert study_overrides(config, "bridge", known).get("stick_the_dealer") is None
    assert study_overrides(config, "stick_the_dealer", known)["options"] == {"replicates": 4, "cap": 250}


def test_reference_runs_toml_gives_each_committed_run_its_settings():
    from analysis.run.run_config import load_config, study_overrides
    root = Path(__file__).parents[1]
    config = load_config(root / "examples" / "reference_runs.toml")
    known = set(registry.names())
    for manifest in sorted((root / "reports").glob("*/manifest.json")):
        m = json.loads(manifest.read_text())
        over = study_overrides(config, m["study"], known)
        got = (over.get("seed"), over.get("deals"), over.get("chunk_size"), over["options"],
               over.get("scenario_deals", {}))
        sized = {s: n for s, n in m.get("deals_by_scenario", {}).items() if n != m["deals_per_scenario"]}
        assert got == (m["root_seed"], m["deals_per_scenario"], m["chunk_size"], m["options"], sized), m["study"]


# --- how studies are found ------------------------------------------------------------------------

def test_the_installed_studies_are_found_by_entry_point_in_suite_order():
    assert registry.default_suite() == ["hand_strength", "book_bidding", "lone_hands", "score", "bridge",
                                        "score_chart", "stick_the_dealer", "discard", "assist_take", "round_two",
                                        "strategy_charts", "card_play", "modern_game"]
    studies = registry.installed()
    assert list(studies)[:3] == ["hand_strength", "book_bidding", "lone_hands"]
    hand = studies["hand_strength"]
    assert (hand.name, hand.suite_position, registry.reference_of(hand)) == ("hand_strength", 1, "studies.hand_strength")
    assert hand.defaults["deals"] > 0 and hand.title and hand.description and hand.policies


def test_an_unknown_study_is_one_line_naming_the_known_ones():
    with pytest.raises(EuchreError) as info:
        registry.load_study("hand_strenght")
    message = str(info.value)
    assert "no study 'hand_strenght'" in message and "known studies are " in message
    assert all(f"{name}, " in message for name in ("book_bidding", "hand_strength", "lone_hands"))
    assert "\n" not in message
    for target, words in (("userstudies_missing.mod", "cannot import"), ("toy_study:NOPE", "has no 'NOPE'"),
                          ("analysis.game.cards", "not a study")):
        with pytest.raises(EuchreError, match=words):
            registry.load_study(target)


def test_a_study_module_is_presented_as_a_study_object(user_studies):
    study = registry.load_study("userstudies.toy")
    assert isinstance(study, registry.ModuleStudy)
    assert (study.name, study.title, study.description, study.policies, study.suite_position) == \
        ("toy", "A toy study", "normal draws per scenario", "none: normal draws", None)
    assert study.defaults == {"deals": 1_000, "chunk_size": 150, "shift": 0.5}
    assert registry.reference_of(study) == "userstudies.toy"


def test_study_objects_by_module_and_by_attribute(user_studies):
    coin = registry.load_study("userstudies.coin")   # a module with STUDY
    assert type(coin).__name__ == "Coin" and registry.reference_of(coin) == "userstudies.coin"
    fair = registry.load_study("userstudies.several:FAIR")
    assert fair is not coin and registry.reference_of(fair) == "userstudies.several:FAIR"
    with pytest.raises(EuchreError, match="not a study"):
        registry.load_study("userstudies.several:NOT_A_STUDY")


def test_a_user_study_object_runs_with_its_rules(tmp_path, user_studies):
    study = registry.load_study("userstudies.several:FAIR")
    outcome = run_study(study, settings_for(study, out=str(tmp_path), pack=24, progress=False))
    frame = outcome.frame
    assert len(frame) == 600 and set(frame["pack"]) == {24} and set(frame["game"]) == {10}
    assert outcome.manifest["module"] == "userstudies.several:FAIR"


@pytest.mark.slow
def test_an_object_workers_cannot_load_is_refused_for_processes(tmp_path, user_studies):
    from userstudies.coin import Coin
    loose = Coin()   # bound to no module-level name
    assert len(run_study(loose, settings_for(loose, out=str(tmp_path / "1"), progress=False)).frame) == 600
    with pytest.raises(EuchreError, match="--jobs 1"):
        run_study(loose, settings_for(loose, out=str(tmp_path / "2"), jobs=2, progress=False))


@pytest.mark.slow
def test_worker_processes_load_a_user_study_by_its_reference(tmp_path, user_studies):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(user_studies), os.environ.get("PYTHONPATH", "")])}
    frames = []
    for jobs, target in (("1", "userstudies.several:FAIR"), ("2", "userstudies.several:FAIR"), ("2", "userstudies.toy")):
        out = tmp_path / f"{jobs}-{target}"
        done = subprocess.run([sys.executable, "-m", "analysis.commands.cli", "run", target, "--jobs", jobs, "--out", str(out),
                               "--no-progress", "--deals", "250"], capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stderr
        name = "coin" if "coin" in target or "FAIR" in target else "toy"
        manifest = json.loads((out / name / "manifest.json").read_text())
        assert manifest["workers"] == int(jobs) and manifest["module"] == target
        frames.append(runner.load_chunks(out / name))
    pd.testing.assert_frame_equal(frames[0], frames[1])
    assert len(frames[2]) == 500


# --- the studies of the book through the runner ---------------------------------------------------

def test_hand_strength_chunk_is_a_pure_function_of_its_seed(tmp_path):
    hand_strength = registry.load_study("hand_strength")
    settings = settings_for(hand_strength, out=str(tmp_path), progress=False)
    first = hand_strength.run_chunk("B", 3, 60, chunk_seed(1, "hand_strength", "B", 3), settings)
    again = hand_strength.run_chunk("B", 3, 60, chunk_seed(1, "hand_strength", "B", 3), settings)
    other = hand_strength.run_chunk("B", 4, 60, chunk_seed(1, "hand_strength", "B", 4), settings)
    pd.testing.assert_frame_equal(first, again)
    assert not first.equals(other)
    assert len(first) == 3 * 60 and set(first["contract"]) == {0, 1, 2}


@pytest.mark.slow
def test_hand_strength_same_with_one_and_two_jobs(tmp_path):
    hand_strength = registry.load_study("hand_strength")
    kw = {"deals": 300, "chunk_size": 100, "progress": False, "options": {"seats": ["A", "D"]}}
    one = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    assert len(one) == 2 * 300 * 3


def test_hand_strength_describes_a_hand_under_trump():
    from analysis.game.cards import parse_card
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


# --- the play engine of a run ---------------------------------------------------------------------

def test_the_default_engine_is_the_innermost_playing_block_and_comes_back():
    import threading

    from analysis.play.engine import DoubleDummy
    from analysis.play.engines import default_engine, get_engine, playing
    simple = get_engine("simple")
    assert isinstance(default_engine(), DoubleDummy)
    seen = []
    with pytest.raises(RuntimeError):
        with playing(simple):
            assert default_engine() is simple
            thread = threading.Thread(target=lambda: seen.append(default_engine()))
            thread.start()
            thread.join()
            raise RuntimeError
    assert isinstance(default_engine(), DoubleDummy)
    assert isinstance(seen[0], DoubleDummy)   # another thread keeps its own default


@pytest.mark.slow
def test_a_double_dummy_run_keeps_its_plan_and_another_engine_does_not_resume_it(tmp_path):
    first = run_study(toy, toy_settings(tmp_path))
    plan_file = tmp_path / "toy" / "chunks" / "plan.json"
    assert set(json.loads(plan_file.read_text())) == {"study", "seed", "chunk_size", "rules", "options", "code"}
    assert "play" not in first.manifest
    with pytest.raises(EuchreError, match="different play"):
        run_study(toy, toy_settings(tmp_path, play="simple", resume=True))
    again = run_study(toy, toy_settings(tmp_path, resume=True))
    assert again.computed == []
    pd.testing.assert_frame_equal(again.frame, first.frame)
    pimc = run_study(toy, toy_settings(tmp_path / "pimc", play="pimc", worlds=4))
    assert pimc.manifest["play"] == {"engine": "pimc", "worlds": 4}
    assert json.loads((tmp_path / "pimc" / "toy" / "chunks" / "plan.json").read_text())["play"] == pimc.manifest["play"]
    with pytest.raises(EuchreError, match="different play"):
        run_study(toy, toy_settings(tmp_path / "pimc", play="pimc", worlds=8, resume=True))


@pytest.mark.slow
def test_run_plays_every_chunk_with_the_engine_given(tmp_path, capsys, monkeypatch):
    from pathlib import Path

    import matplotlib.pyplot as plt

    from analysis.reporting import charts
    from analysis.commands.cli import main
    from analysis.play.registry import engine_entry
    dd_note = engine_entry("dd").sentence      # the report's note on double-dummy play

    def unsaved(fig, path):   # the charts are not what this test checks, and drawing them is slow
        plt.close(fig)
        Path(path).write_bytes(b"")
        return Path(path)
    monkeypatch.setattr(charts, "_save", unsaved)
    config = tmp_path / "settings.toml"
    config.write_text('[hand_strength.options]\nseats = ["B"]\n')
    argv = ["run", "hand_strength", "--deals", "300", "--chunk-size", "100", "--seed", "3", "--config", str(config),
            "--no-progress", "--out"]
    assert main(argv + [str(tmp_path / "dd")]) == 0, capsys.readouterr().err
    assert main(argv + [str(tmp_path / "simple"), "--play", "simple"]) == 0, capsys.readouterr().err
    dd, simple = tmp_path / "dd" / "hand_strength", tmp_path / "simple" / "hand_strength"
    assert "play" not in json.loads((dd / "manifest.json").read_text())
    assert json.loads((simple / "manifest.json").read_text())["play"] == {"engine": "simple"}
    assert not runner.load_chunks(simple).equals(runner.load_chunks(dd))
    assert dd_note in (dd / "report.md").read_text()
    note = (simple / "report.md").read_text()
    assert dd_note not in note and "every player sees only his own cards" in note
    hand_strength = registry.load_study("hand_strength")
    two = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "two"), deals=300, chunk_size=100,
                                                seed=3, options={"seats": ["B"]}, play="simple", jobs=2,
                                                progress=False))
    pd.testing.assert_frame_equal(two.frame, runner.load_chunks(simple))   # worker processes play the same


def test_a_pimc_run_draws_its_worlds_from_the_chunk_seeds(tmp_path):
    hand_strength = registry.load_study("hand_strength")
    kw = {"deals": 30, "chunk_size": 15, "options": {"seats": ["D"]}, "play": "pimc", "worlds": 4, "progress": False}
    one = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "1"), **kw))
    threads = run_study(hand_strength, settings_for(hand_strength, out=str(tmp_path / "2"), jobs=2,
                                                    backend="threading", **kw))
    pd.testing.assert_frame_equal(one.frame, threads.frame)
    assert one.manifest["play"] == {"engine": "pimc", "worlds": 4}


@pytest.mark.parametrize("argv, words", [
    (["hand_strength", "--play", "nonsense"], "play engine 'nonsense' is unknown"),
    (["hand_strength", "--play", "pimc", "--worlds", "0"], "--worlds must be a whole number of at least 1"),
    (["play_bias", "--play", "pimc"], "play_bias chooses its own play engines"),
    (["card_play", "--play", "book"], "card_play chooses its own play engines"),
])
def test_run_refuses_a_bad_engine_in_one_line_before_any_work(tmp_path, capsys, argv, words):
    from analysis.commands.cli import main
    assert main(["run", *argv, "--deals", "10", "--out", str(tmp_path), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("euchrelab: error: ") and err.count("\n") == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []

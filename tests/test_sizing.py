"""A run sized to decide its primary tests: a scenario's own deals, what each costs, and the deals
each scenario needs, from the saved run as the pilot."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import toy_study as toy
from analysis.commands.cli import main
from analysis.errors import EuchreError
from analysis.run.run_config import study_overrides
from analysis.run.runner import report_study, run_study, settings_for, settings_from_manifest
from analysis.run.sizing import size
from toy_study import toy_settings


@pytest.mark.slow
def test_a_scenario_of_its_own_deals_extends_only_it_with_the_same_first_chunks(tmp_path):
    first = run_study(toy, toy_settings(tmp_path, deals=300))
    more = run_study(toy, toy_settings(tmp_path, deals=300, scenario_deals={"high": 600}, resume=True))
    assert sorted((c.scenario, c.index) for c in more.computed) == [("high", 2), ("high", 3)]
    frame = more.frame
    assert (frame["scenario"] == "high").sum() == 600 and (frame["scenario"] == "low").sum() == 300
    pd.testing.assert_frame_equal(frame[frame["chunk"] < 2].reset_index(drop=True), first.frame)
    m = more.manifest
    assert m["deals_by_scenario"] == {"low": 300, "high": 600} and m["deals"] == 900
    assert m["scenario_seconds"]["high"]["deals"] == 300 and "low" not in m["scenario_seconds"]
    again = settings_from_manifest(m, tmp_path)
    assert again.deals_of("high") == 600 and again.deals_of("low") == 300
    assert "deals_by_scenario" not in first.manifest and set(first.manifest["scenario_seconds"]) == {"low", "high"}


def test_an_unknown_scenario_or_a_bad_size_is_refused_in_one_line(tmp_path):
    with pytest.raises(EuchreError, match="names middle, not scenarios of toy"):
        run_study(toy, toy_settings(tmp_path, scenario_deals={"middle": 10}))
    with pytest.raises(EuchreError, match="positive whole numbers"):
        run_study(toy, toy_settings(tmp_path, scenario_deals={"high": 0}))


def test_the_settings_file_gives_a_study_its_scenarios_deals():
    config = {"primary_play": {"deals": 1000, "scenario_deals": {"E4.book": 5000}}}
    assert study_overrides(config, "primary_play", {"primary_play"})["scenario_deals"] == {"E4.book": 5000}
    with pytest.raises(EuchreError, match=r"\[primary_play.scenario_deals\]"):
        study_overrides({"primary_play": {"scenario": 1}}, "primary_play", {"primary_play"})


def test_a_deal_costs_the_compute_time_over_the_deals_computed_not_those_resumed():
    from analysis.run.sizing import seconds_a_deal
    timed = {"deals": 3000, "chunk_seconds": 60.0, "chunks_computed": 2, "chunks_resumed": 1,
             "scenario_seconds": {"high": {"deals": 1000, "seconds": 40.0}, "mid": {"deals": 1000, "seconds": 20.0}}}
    assert seconds_a_deal(timed, "high") == pytest.approx(0.04)
    assert seconds_a_deal(timed, "low") == pytest.approx(0.03)      # resumed: the average of those computed
    older = {"deals": 3000, "chunk_seconds": 60.0, "chunks_computed": 2, "chunks_resumed": 1}
    assert seconds_a_deal(older, "low") == pytest.approx(0.03)      # two thirds of the deals were computed
    with pytest.raises(EuchreError, match="records no compute time"):
        seconds_a_deal({"study": "x", "deals": 3000}, "low")


@pytest.fixture(scope="module")
def pilot(tmp_path_factory):
    """A small saved run of E11's primary: none of its replications decides."""
    from studies import primary_careful as P
    out = tmp_path_factory.mktemp("reports")
    settings = settings_for(P.STUDY, out=str(out), deals=40, chunk_size=20, seed=4, progress=False,
                            options={"model_deals": 200})
    outcome = run_study(P.STUDY, settings)
    report_study(P.STUDY, P.STUDY.summarise(outcome.frame, settings), outcome.manifest, out / "primary_careful")
    return out


@pytest.mark.slow
def test_each_scenario_is_sized_from_the_pilot_to_decide_its_tests(pilot):
    got = size(pilot, "primary_careful")
    assert got.needs and not got.unmapped
    assert {n.scenarios for n in got.needs} <= {("4-3.book",), ("4-3.optimised",)}
    by = {s.scenario: s for s in got.sizes}
    for need in got.needs:
        s = by[need.scenarios[0]]
        # the class grows with the scenario's deals: the size gives it the deals that decide it
        assert s.wanted >= 40 * need.needed / need.n and s.wanted % 20 == 0 and s.deals == 40
        assert s.sized == s.wanted and s.seconds > 0
    assert got.toml().startswith("[primary_careful.scenario_deals]")
    assert all(f'"{s.scenario}" = {s.sized}' in got.toml() for s in got.sizes)


@pytest.mark.slow
def test_a_size_beyond_the_budget_is_capped_and_says_what_would_decide(pilot):
    tight = size(pilot, "primary_careful", budget=1e-3)
    assert all(s.capped and s.sized == s.deals for s in tight.sizes)
    assert "capped at the budget" in str(tight)


@pytest.mark.slow
def test_the_command_prints_the_sizes_and_refuses_a_study_without_a_run(pilot, capsys):
    assert main(["size", "primary_careful", "--reports", str(pilot), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["scenario_deals"] and set(got["scenario_deals"]) <= {"4-3.book", "4-3.optimised"}
    assert main(["size", "primary_play", "--reports", str(pilot)]) == 2
    assert "no saved run of primary_play" in capsys.readouterr().err


def test_the_studies_name_the_scenarios_that_feed_their_table_replications():
    """What euchrelab size extends for a replication measured at the table: S6's is C's hand (the assisting
    hand's void), in the uniform deals of the hand-strength study and its table variant alike."""
    from analysis.run.registry import load_study
    for name in ("hand_strength", "hand_strength_table"):
        study = load_study(name)
        assert study.scenarios_of("S6") == ("C",) and study.scenarios_of("E1") == ()

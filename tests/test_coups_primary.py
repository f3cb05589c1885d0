"""The coups' primaries: (a) the printed deal double-dummy, (b) the coup weighed from the coup player's
seat over his worlds, continued at the table or double-dummy, in rubber points at the printed score;
and the ledger's reading of them."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from studies import coups_primary as P


def test_the_printed_deal_is_one_of_the_coup_players_worlds():
    for cid in ("C1", "C6"):
        case = P.cases()[cid]
        holds, book, other = P.printed(case)
        assert holds
        # double-dummy, the printed deal played on from each card gives (a)'s points
        assert P.continued(case, [case.hands], case.coup_card, "dd", 0).tolist() == [book]
        assert P.continued(case, [case.hands], case.natural, "dd", 0).tolist() == [other]
        # at the table the same deal is played on too, to a hand's points
        assert P.continued(case, [case.hands], case.coup_card, "pimc", 0)[0] in (-4, -2, -1, 1, 2, 4)


def test_each_reading_weighs_both_engines_on_the_same_worlds():
    case = P.cases()["C1"]
    cells = P.weighed(case, "necessary", 30, 3, 5)
    by_engine = cells.groupby("engine")["deals"].sum()
    assert by_engine.to_dict() == {"dd": 30, "pimc": 30} and set(cells["seat"]) == {"ABCD"[case.coup_player]}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    from analysis.run.runner import run_study, settings_for
    out = tmp_path_factory.mktemp("coups")
    settings = settings_for(P.STUDY, out=str(out), deals=24, chunk_size=24, seed=2, progress=False,
                            options={"model_deals": 200})
    outcome = run_study(P.STUDY, settings)
    return P.STUDY.summarise(outcome.frame, settings), outcome.manifest


@pytest.mark.slow
def test_the_study_judges_every_case_by_engine_reading_and_the_printed_deal(run):
    table, manifest = run
    rows = {v.claim.key: v.row() for v in P.STUDY.verdicts(table, manifest)}
    assert {"C1", "C1.dd", "C1.book", "C1.book.dd", "C1.printed"} <= set(rows) and len(rows) == 9 * 5
    assert rows["C1"]["engine"] == "pimc" and rows["C1.book.dd"]["company"] == "book"
    assert rows["C8"]["state"] == "one game all" and rows["C9"]["state"] == "one game up"
    assert rows["C1.printed"]["verdict"] in ("supported", "contradicted") and rows["C1"]["deals"] == 24


@pytest.mark.slow
def test_the_ledger_reads_a_coup_with_its_printed_deal(run, tmp_path):
    from analysis.reporting import ledger as L
    table, manifest = run
    verdicts = [v.row() for v in P.STUDY.verdicts(table, manifest)]
    folder = tmp_path / "coups_primary"
    folder.mkdir()
    frame = pd.DataFrame(verdicts)
    frame.to_csv(folder / "verdicts.csv", index=False)
    entries = {e.claim.id: e for e in L.build_ledger(tmp_path).entries}
    c1 = entries["C1"]
    assert [r.source for r in c1.standing.replications][0] == "coups_primary/C1"      # the anchor: at the table
    assert "printed deal" in c1.summary
    # a printed deal that fails contradicts the coup, whatever the worlds say
    frame.loc[frame["key"] == "C1.printed", "verdict"] = "contradicted"
    frame.to_csv(folder / "verdicts.csv", index=False)
    c1 = {e.claim.id: e for e in L.build_ledger(tmp_path).entries}["C1"]
    assert c1.status == "contradicted" and c1.summary.startswith("contradicted on the printed deal")


def test_a_coup_worth_the_alternative_from_his_seat_is_right_on_the_deal_only(tmp_path):
    from analysis.reporting import ledger as L
    from test_ledger import row, write_study
    rp = dict(unit="expected net rubber points", margin=0.04, state="first game")
    write_study(tmp_path, "coups_primary", [
        row("C2", "C2", "negligible", engine="pimc", company="necessary", estimate=0.001, se=0.002, **rp),
        row("C2", "C2.printed", "supported", engine="dd", company="printed deal", deals=1, **rp),
        row("C5", "C5", "supported", engine="pimc", company="necessary", estimate=0.045, se=0.003, **rp),
        row("C5", "C5.printed", "supported", engine="dd", company="printed deal", deals=1, **rp)])
    entries = {e.claim.id: e for e in L.build_ledger(tmp_path).entries}
    c2, c5 = entries["C2"], entries["C5"]
    assert c2.status == "negligible" and c2.summary.startswith("right on the deal only")
    # +0.045 [+0.035, +0.055]: clear of 0, not of the margin: a coup is supported only above +0.04
    assert c5.status == "not shown" and "supported only above +0.04" in c5.standing.replications[0].how
    assert ("coups_primary", "C2.printed") not in {(t.study, t.key) for t in c2.secondary}


def test_a_coups_tests_are_fed_by_its_worlds_under_their_reading():
    """What a run sized to decide the coups extends: each test's worlds (both engines weigh the same
    ones), never the printed deal."""
    study = P.CoupsPrimary()
    settings_scenarios = {f"{c}.{r}" for c in P.CASE_IDS for r in P.READINGS}
    for test in study.claims:
        fed = study.scenarios_of(test.key)
        if test.key.endswith(P.PRINTED):
            assert fed == ()
        else:
            assert fed == (f"{test.claim}.{test.company}",) and set(fed) <= settings_scenarios
    assert study.scenarios_of("C3.book.dd") == ("C3.book",) and study.scenarios_of("C6") == ("C6.necessary",)

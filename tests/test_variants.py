"""The bidding studies under a second model: at the table, and in other company."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.bidding.company import BOOK, COMPANIES, company_name, keeping, seated
from analysis.experiment.stats import BOOK_COMPANY
from analysis.bidding.pattern_policy import PatternPolicy
from analysis.errors import EuchreError
from analysis.play.engines import default_engine
from analysis.play.engine import DoubleDummy
from analysis.play.table import TablePlay
from analysis.run.runner import settings_for
from studies import variants as V
from studies.book_bidding import STUDY as BOOK_BIDDING
from analysis.run.registry import load_study


def test_the_company_takes_the_three_other_chairs_only_within_its_block():
    book = BookPolicy()
    assert seated(book, 2) is book and company_name() == "book"
    with keeping("cautious"):
        got = seated(book, 2)
        assert company_name() == "cautious"
        assert got[2] is book and all(isinstance(got[s], PatternPolicy) and got[s].name == "cautious"
                                      for s in (0, 1, 3))
    assert seated(book, 2) is book
    assert COMPANIES[BOOK] == BOOK == BOOK_COMPANY
    with pytest.raises(EuchreError, match="company 'reckless' is unknown"):
        with keeping("reckless"):
            pass


@pytest.mark.parametrize("study", V.VARIANTS, ids=lambda s: s.name)
def test_a_variant_records_its_model_on_every_test(study):
    base = study.name.rsplit("_", 1)[0]
    assert study.claims and study.suite_position is None
    if study.name.endswith("_table"):
        assert {t.engine for t in study.claims} == {"pimc-calls"} and not study.takes_play
        assert "PIMC" in study.title and "calls" in study.title
        assert all(t.label.endswith("(PIMC, calls)") for t in study.claims)
    else:
        assert {t.engine for t in study.claims} == {None} and study.takes_play
        assert {t.company for t in study.claims} == {"cautious bidders"}
        assert "cautious" in study.policies
    assert study.claims and {t.key for t in study.claims} <= {t.key for t in load_study(base).claims}


def test_the_bridge_at_the_table_leaves_its_own_table_tests_out():
    assert {t.claim for t in V.BRIDGE_TABLE.claims} == {"B1", "B2", "L4"}
    scenarios = V.BRIDGE_TABLE.scenarios(settings_for(V.BRIDGE_TABLE))
    assert scenarios and not any(s.startswith("table-") for s in scenarios)
    assert {t.claim for t in V.LONE_HANDS_TABLE.claims} == {"L1", "L3"}


def test_a_table_variant_plays_its_chunks_with_pimc_and_a_company_variant_in_its_company(monkeypatch):
    from studies.round_two import RoundTwo

    seen = []     # the base study's chunk, as the variants call it
    monkeypatch.setattr(RoundTwo, "run_chunk",
                        lambda self, *a: seen.append((default_engine(), company_name())) or pd.DataFrame())
    V.ROUND_TWO_TABLE.run_chunk("dealer", 0, 10, np.random.SeedSequence(1), settings_for(V.ROUND_TWO_TABLE))
    V.ROUND_TWO_CAUTIOUS.run_chunk("dealer", 0, 10, np.random.SeedSequence(1), settings_for(V.ROUND_TWO_CAUTIOUS))
    assert isinstance(seen[0][0], TablePlay) and seen[0][1] == "book"
    assert all(p.reads_calls for p in seen[0][0].players)
    assert isinstance(seen[1][0], DoubleDummy) and seen[1][1] == "cautious"


def test_the_cautious_company_changes_what_is_played():
    settings = settings_for(BOOK_BIDDING)
    seed = np.random.SeedSequence(7)
    book = BOOK_BIDDING.run_chunk("B1", 0, 3000, seed, settings)
    cautious = V.BOOK_BIDDING_CAUTIOUS.run_chunk("B1", 0, 3000, seed, settings_for(V.BOOK_BIDDING_CAUTIOUS))
    again = V.BOOK_BIDDING_CAUTIOUS.run_chunk("B1", 0, 3000, seed, settings_for(V.BOOK_BIDDING_CAUTIOUS))
    pd.testing.assert_frame_equal(cautious, again)
    assert not book.equals(cautious)
    assert company_name() == "book"      # the block ended with the chunk


def test_a_company_variant_seats_the_company_around_the_book_decider(monkeypatch):
    from studies.common import round_one

    seen = []
    monkeypatch.setattr(round_one, "policy_arm", lambda policies, *a: seen.append(policies) or (lambda deals: None))
    monkeypatch.setattr(round_one, "play_arms", lambda deals, arms, side: arms)
    with keeping("cautious"):
        round_one.call_and_pass(None, 2, None)
    round_one.call_and_pass(None, 2, None)
    for policies in seen[:2]:        # in company: C (the decider) forced on the book's policy, the rest cautious
        assert policies[2].base.name == "book" and policies[2].seat == 2
        assert [policies[s].name for s in (0, 1, 3)] == ["cautious"] * 3
    assert all(p.base.name == "book" for p in seen[2:])   # in the book's: one policy for every chair


def test_a_study_that_does_not_seat_a_company_cannot_be_run_in_one():
    from studies.common.variant import variant
    from studies.lone_hands import STUDY as LONE_HANDS

    with pytest.raises(EuchreError, match="does not seat a company"):
        variant(LONE_HANDS, "lone_hands_cautious", {}, company="cautious")
    assert "L8.1" not in {t.key for t in V.ASSIST_TAKE_CAUTIOUS.claims}
    assert "book's players' game" in V.SCORE_CAUTIOUS.policies


def test_a_table_variant_s_report_says_its_play_is_at_the_table(tmp_path):
    import shutil
    from pathlib import Path
    from analysis.run.runner import rerender
    folder = tmp_path / "discard_table"
    shutil.copytree(Path(__file__).parents[1] / "reports" / "discard_table", folder)
    paths = rerender(folder)
    text = Path(paths["md"]).read_text() if "md" in paths else (folder / "report.md").read_text()
    assert "The card play of this run is **at the table**" in text
    assert "The card play is solved **double-dummy**" not in text

"""B3's and B4's primaries: at four to one and four to two, the lone hands of A and C defended by B and
D by PIMC against by the book's rules (every deal at the score in the class); D reading B's pass as B
bid it against as the bridge promises (the deals where it deceives)."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.game import Rules, primaries
from analysis.reporting.primary_status import standing
from fastcore.sampler import sample_deals
from studies import primary_bridge as P


@pytest.mark.slow
def test_every_deal_counts_and_only_the_lone_hands_of_a_and_c_can_differ():
    deals = sample_deals(120, 5)
    cells = P.played(deals, "book", (4, 1), Rules(), 7)
    assert int(cells["deals"].sum()) == 120 and set(cells[["a", "b"]].itertuples(index=False)) == {(1, 4)}
    quiet = cells[(cells["book_net"] == 0) & (cells["other_net"] == 0)]
    lone = cells[(cells["book_net"] != 0) | (cells["other_net"] != 0)]
    assert int(quiet["deals"].sum()) > 0 and int(lone["deals"].sum()) > 10      # behind 1-4 A and C often go alone
    # BD's net points of a lone hand (the laws' as the project reads them): -4 a march, -1 three or four
    # tricks, +4 a euchre of the lone player
    assert set(lone["book_net"]) | set(lone["other_net"]) <= {-4, -1, 4}
    g = (cells["book_net"] - cells["other_net"]) * cells["deals"]
    assert g.sum() == cells["gain_sum"].sum()


@pytest.mark.slow
def test_the_study_is_b3s_and_b4s_primary_in_both_companies_and_rubber_states(tmp_path):
    from analysis.reporting.ledger import read_study_verdicts
    from analysis.run.runner import report_study, run_study, settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=24, chunk_size=24, seed=3, progress=False,
                            options={"model_deals": 300})
    outcome = run_study(P.STUDY, settings)
    report_study(P.STUDY, P.STUDY.summarise(outcome.frame, settings), outcome.manifest, tmp_path / "primary_bridge")
    tests = read_study_verdicts(tmp_path / "primary_bridge" / "verdicts.csv", "primary_bridge")
    assert {t.key for t in tests} == {f"{c}{k}" for c in ("B3", "B4")
                                      for k in ("", ".one-game-all", ".optimised", ".optimised.one-game-all")}
    for claim in ("B3", "B4"):
        s = standing(primaries()[claim], [t for t in tests if t.claim == claim])
        assert len(s.replications) == 4 and all(r.run for r in s.replications)
    assert all(t.n == 48 for t in tests if t.claim == "B3")           # 24 deals at each of the two scores
    assert all(0 < t.n < 48 for t in tests if t.claim == "B4")        # the deals where B's pass deceives


@pytest.mark.slow
def test_b4_plays_the_deals_where_the_pass_deceives_with_d_reading_it_two_ways():
    model = P.deceived("book", 1, 4, Rules())
    assert model.policies[1].params == P.KEEPER and model.policies[3].params != P.KEEPER
    cells = P.deceived_played(sample_deals(80, 9), "book", (4, 1), Rules(), 11)
    dealt = cells[cells["dealt"] == 1]
    played = cells[cells["dealt"] == 0]
    assert int(dealt["deals"].sum()) == 80 and 0 < int(played["deals"].sum()) < 80
    assert set(played["book_net"]) | set(played["other_net"]) <= {-4, -2, -1, 1, 2, 4}
    assert int(dealt["gain_sum"].sum()) == 0 and int(dealt["gained"].sum()) == 0     # a count, not a hand


def test_b3_is_the_book_s_game_only(tmp_path):
    from analysis.errors import EuchreError
    from analysis.run.runner import settings_for
    with pytest.raises(EuchreError, match="32-card pack and a game of 5"):
        P.STUDY.scenarios(settings_for(P.STUDY, out=str(tmp_path), deals=10, pack=24))

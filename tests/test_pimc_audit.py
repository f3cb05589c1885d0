"""The pimc_audit study: a tiny run is the same with one and two workers and its tables read right."""
from __future__ import annotations

import pandas as pd
import pytest

from analysis.run.runner import run_study, settings_for
from studies import pimc_audit as pa
from studies.pimc_audit import STUDY


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs_and_the_audit_tables(tmp_path):
    kw = dict(deals=40, chunk_size=20, progress=False,
              options={"worlds": 8, "reference_worlds": 64, "bid_worlds": 8, "decisions": 5})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    worlds = pa.worlds_table(table)
    assert list(worlds["worlds"]) == list(pa.NS) and (worlds["all decisions: decisions"] == 10).all()
    bias = pa.bias_table(table, 8)
    every = bias[bias["which deals"] == "every deal"]
    assert list(every["eldest hand's call"]) == ["order up", "order up alone"] and (every["hands"] == 40).all()
    report = STUDY.render(table, {"rules": {"pack": 32}, "options": kw["options"]}, tmp_path)
    assert report.headline.startswith("With 32 worlds PIMC")


def test_the_eldest_hand_is_made_to_order_up_alone_or_not():
    import numpy as np
    from analysis.bidding.auction import bid_batch
    from fastcore.sampler import sample_deals
    d = sample_deals(300, np.random.SeedSequence((2, 9)))
    for alone in (False, True):
        b = bid_batch(d.hands, d.turn_up, pa.EldestOrders(alone))
        assert ((b.caller == 1) & (b.round == 1)).all()
        assert (b.caller_is_lone == alone).all()

"""A study on a Dask cluster (a LocalCluster on loopback) equals the local run bit for bit."""
from __future__ import annotations

import pandas as pd
import pytest

import toy_study as toy
from analysis.run.runner import run_study

distributed = pytest.importorskip("distributed")


@pytest.mark.slow
def test_dask_cluster_gives_the_local_results(tmp_path):
    local = run_study(toy, toy.toy_settings(tmp_path / "local", jobs=1)).frame
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        # by address, as `euchrelab run --scheduler ADDRESS` does
        outcome = run_study(toy, toy.toy_settings(tmp_path / "dask", scheduler=cluster.scheduler_address))
    assert outcome.manifest["backend"] == "dask"
    pd.testing.assert_frame_equal(outcome.frame, local)

"""Fixtures shared by the tests of the runner and the command line."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

# A study written as an object, as a package of one's own would write it.
COIN = '''
import numpy as np
import pandas as pd


class Coin:
    name = "coin"
    title = "Coin flips"
    description = "heads in fair coin flips"
    defaults = {"deals": 300, "chunk_size": 100, "bias": 0.5}
    policies = "none: coin flips"
    suite_position = None

    def scenarios(self, settings):
        return ["first", "second"]

    def run_chunk(self, scenario, chunk_index, n_deals, seed, settings):
        rng = np.random.default_rng(seed)
        return pd.DataFrame({"scenario": scenario, "heads": rng.random(n_deals) < settings.options["bias"],
                             "pack": settings.pack, "game": settings.rules.points_for_game})

    def summarise(self, frame, settings):
        return frame.groupby("scenario", sort=False).agg(flips=("heads", "size"), heads=("heads", "sum")).reset_index()

    def render(self, table, manifest, out_dir):
        from analysis.reporting.report import StudyReport
        heads, flips = int(table["heads"].sum()), int(table["flips"].sum())
        return StudyReport(name=self.name, title=self.title, question="> Heads as often as tails?",
                           method="Flips of a fair coin.", table=table, headline=f"{heads} heads in {flips} flips")


STUDY = Coin()
'''

SEVERAL = '''
from userstudies.coin import Coin

FAIR = Coin()
NOT_A_STUDY = 42
'''


@pytest.fixture(scope="session")
def user_studies(tmp_path_factory) -> Path:
    """A package ``userstudies`` on ``sys.path``, as a user's own studies would be: ``toy`` (a
    study module, a copy of toy_study), ``coin`` (a module with a STUDY object) and ``several``
    (study objects under other names). Returns the folder to put on PYTHONPATH."""
    root = tmp_path_factory.mktemp("user")
    package = root / "userstudies"
    package.mkdir()
    (package / "__init__.py").write_text('"""Studies of a user of euchrelab."""\n')
    shutil.copy(HERE / "toy_study.py", package / "toy.py")
    (package / "coin.py").write_text(COIN)
    (package / "several.py").write_text(SEVERAL)
    sys.path.insert(0, str(root))
    yield root
    sys.path.remove(str(root))


from chart_data import saved_figures  # noqa: E402,F401 - the fixture, for every test

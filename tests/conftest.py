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


# --- the workbench (euchrelab serve) --------------------------------------------------------------

SERVE_MODEL_DEALS = 150   # a small game model for the advice: the tests check the plumbing, not the model


class Workbench:
    """A workbench served on a free port of the loopback in a thread of the test process."""

    def __init__(self, **settings):
        import threading

        import uvicorn

        from analysis.commands.serve import workbench

        app = workbench(HERE.parent / "reports", SERVE_MODEL_DEALS, **settings)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        import time
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the workbench did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    def get(self, path: str, **params):
        """(status, headers, body as text) of a GET."""
        return self.request("GET", path, params)

    def request(self, method: str, path: str, params=None, body: bytes | None = None, headers=None):
        import urllib.error
        import urllib.parse
        import urllib.request

        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        req = urllib.request.Request(self.url + path + query, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=60) as answer:
                return answer.status, answer.headers, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers, exc.read().decode()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture(scope="session")
def serve_cache(tmp_path_factory):
    """The game model's cache of the workbench's tests, in the environment before any job's process
    starts (they inherit it), restored after the session."""
    import os
    folder = tmp_path_factory.getbasetemp() / "serve-cache"
    before = os.environ.get("EUCHRELAB_CACHE")
    os.environ["EUCHRELAB_CACHE"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("EUCHRELAB_CACHE", None)
    else:
        os.environ["EUCHRELAB_CACHE"] = before


@pytest.fixture(scope="session")
def served(serve_cache):
    """One workbench for the session's tests (two workers, four waiting)."""
    served = Workbench(workers=2, waiting=4)
    yield served
    served.stop()


# --- the system's Chromium, driven by Playwright (no browser is downloaded) -------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def page():
    """A page of the system's Chromium, headless, 1280 wide; one per test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        context.set_default_timeout(30_000)
        yield context.new_page()
        browser.close()


# --- the time budget: a test over BUDGET seconds belongs to the slow tier -------------------------

BUDGET = 10.0
_seconds: dict[str, float] = {}
_slow: set[str] = set()


def pytest_runtest_logreport(report):
    """Each test's time, setting up and tearing down included (also from xdist's workers)."""
    _seconds[report.nodeid] = _seconds.get(report.nodeid, 0.0) + report.duration
    if "slow" in report.keywords:
        _slow.add(report.nodeid)


def pytest_terminal_summary(terminalreporter):
    """The tests' total time, then a warning (not a failure: the machines are shared and noisy)
    naming each test not marked slow that took more than BUDGET seconds."""
    if not _seconds:
        return
    write = terminalreporter.write_line
    slow = f", {len(_slow)} of them marked slow" if _slow else ""
    write(f"euchrelab tests: {len(_seconds)} tests{slow}, {sum(_seconds.values()):.0f} s of test time in all "
          f"(over the workers, setting up included)")
    over = sorted(((s, n) for n, s in _seconds.items() if s > BUDGET and n not in _slow), reverse=True)
    for seconds, nodeid in over:
        write(f"WARNING: {nodeid} took {seconds:.1f} s and is not marked slow "
              f"(over {BUDGET:.0f} s: mark it @pytest.mark.slow or make it cheaper)", yellow=True)

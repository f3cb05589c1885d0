"""A study: a question of the book turned into a declared, paired Monte Carlo experiment.

A study subclasses :class:`Study` and declares

- ``name`` (the folder and the seed key), ``title``, ``description`` (one line), ``policies``
  (who bids how, in words), ``defaults`` (``deals`` per scenario, ``chunk_size``, the study's
  options), ``suite_position`` (its place in the default suite, or None);
- ``takes_play``: False when it chooses its play engines itself, so that a run
  with another engine than double-dummy (``euchrelab run --play``) is refused;
- ``takes_company``: True when its arms seat the company of :mod:`analysis.bidding.company` in the
  chairs other than the decider's, so that it can be run in other company;
- ``claims``: the tests it makes, each a :class:`ClaimTest` naming a claim of the catalogue
  (:mod:`analysis.game.claims`), its unit and margin and the side the book takes;

and writes four steps:

- ``scenarios(settings)``: the names of its independent parts;
- ``run_chunk(scenario, chunk_index, n_deals, seed, settings)``: a pure function of its
  arguments returning a DataFrame (usually summed cells, see :mod:`analysis.experiment.cells`);
- ``summarise(frame, settings)``: the results table from all chunks;
- ``estimate(key, table, manifest=None)``: one claim test's :class:`~analysis.experiment.stats.Estimate`
  (or None when the table has no deals for it); the run's manifest is there for what an
  estimate needs of the run (its root seed, say);
- ``render(table, manifest, out_dir)``: its report (:class:`analysis.reporting.report.StudyReport`).

The runner (:mod:`analysis.run.runner`) does the rest: chunks, seeds, workers, checkpoints. A study
package registers its studies under the entry-point group ``euchrelab.studies``.
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from analysis.game import quote
from analysis.experiment.stats import BOOK_COMPANY, DOUBLE_DUMMY, Claim, Estimate, Verdict, verdicts

POINTS = "points per hand"
GAME_WIN = "probability of winning the game"
RUBBER = "expected net rubber points"
# The smallest effect that matters to a player, per unit. In the book's rubber under its policy,
# winning the first game rather than losing it is worth about four net rubber points (the game's
# own one or two points each way, and 1.85 for the rest of the rubber), so 0.04 rubber points is
# about 1% of a game: the game-win margin.
MARGINS = {POINTS: 0.05, GAME_WIN: 0.01, RUBBER: 0.04}


@dataclass(frozen=True)
class ClaimTest:
    """One test of one claim of the book.

    ``key`` names the test in its study (unique there); ``claim`` is the catalogue id; ``label``
    a few words for chart axes; ``test`` says in words what is compared. ``sign`` is +1 when the
    book says the estimate (as the study computes it) is positive, -1 when negative.

    The model it is measured under (:class:`analysis.experiment.stats.Model`): ``engine`` (None:
    the run's play engine), ``unit``, ``state`` (the rubber state of a test in rubber points) and
    ``company`` (who the other players are). ``permissive``: the sentence permits rather than
    prescribes, and is judged for non-inferiority.
    """

    key: str
    claim: str
    label: str
    test: str
    unit: str = POINTS
    sign: int = 1
    margin: float | None = None   # default: MARGINS[unit]
    engine: str | None = None
    state: str | None = None
    company: str = BOOK_COMPANY
    permissive: bool = False
    play: str | None = None        # the play company: None, every seat the engine's player

    def measured(self, estimate: Estimate, simulated: int | None = None, engine: str = DOUBLE_DUMMY,
                 signs: tuple[int, int] | None = None) -> Claim:
        """The test with its estimate; ``engine``: the run's play engine, unless the test names its own;
        ``signs``: the deals where the book's action gained and lost, when the study keeps them."""
        margin = MARGINS.get(self.unit, 0.05) if self.margin is None else self.margin
        return Claim(self.claim, quote(self.claim), self.test, estimate, self.sign, margin, self.unit,
                     key=self.key, label=self.label, simulated=simulated, engine=self.engine or engine,
                     state=self.state, company=self.company, permissive=self.permissive, signs=signs,
                     play=self.play)


class Study:
    """The base of every study; see the module's notes for what a subclass declares."""

    name = ""
    title = ""
    description = ""
    policies = ""
    defaults: dict = {}
    suite_position: int | None = None
    takes_play = True    # its chunks play with the run's engine (analysis.play.engines.default_engine)
    takes_company = False  # its arms seat the company (analysis.bidding.company.seated)
    claims: tuple[ClaimTest, ...] = ()

    def scenarios(self, settings) -> list[str]:
        raise NotImplementedError

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        """The scenarios whose deals measure the test ``key``: more deals there, more deals of its
        class (what a run sized to decide its tests extends, :mod:`analysis.run.sizing`); none
        where the study does not say."""
        return ()

    def whole_options(self, settings, **defaults) -> list[int]:
        """The study's options named in ``defaults`` (with those defaults), each checked to be a
        whole number >= 1."""
        from analysis.errors import EuchreError
        values = []
        for name, default in defaults.items():
            value = settings.options.get(name, default)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise EuchreError(f"option {name} must be a whole number >= 1, not {value!r}")
            values.append(value)
        return values

    def refuses(self, rules) -> str | None:
        """Why the study cannot run under ``rules`` (one line), or None when it can. A study of
        the scores the book names, say, needs the book's game of five."""
        return None

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        raise NotImplementedError

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        raise NotImplementedError

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        raise NotImplementedError

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        raise NotImplementedError

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int] | None:
        """The deals where the test's book action gained and lost, for an exact test of a small
        class; None when the study does not keep them."""
        return None

    # -- shared by every study ------------------------------------------------------------------
    def claim_test(self, key: str) -> ClaimTest:
        for test in self.claims:
            if test.key == key:
                return test
        raise KeyError(f"study {self.name} has no claim test {key!r}")

    def measure(self, table: pd.DataFrame, manifest: dict | None = None) -> list[Claim]:
        """Every declared claim test with its estimate (tests without deals are left out);
        with the run's manifest, each knows the deals the study simulated."""
        simulated = (manifest or {}).get("deals")
        engine = run_engine(manifest)
        out = []
        for test in self.claims:
            estimate = self.estimate(test.key, table, manifest)
            if estimate is not None:
                out.append(test.measured(estimate, simulated, engine, self.signs(test.key, table)))
        return out

    def verdicts(self, table: pd.DataFrame, manifest: dict | None = None) -> list[Verdict]:
        """The verdicts of every test, under one correction (:func:`analysis.experiment.stats.verdicts`)."""
        return verdicts(self.measure(table, manifest))

    def quoted(self, ids=None) -> str:
        """The book's sentences of the study's claims (or of ``ids``), as Markdown quotes."""
        ids = list(dict.fromkeys(ids if ids is not None else (t.claim for t in self.claims)))
        return "\n\n".join(f"> {quote(cid)} ({cid})" for cid in ids)

    def __repr__(self) -> str:
        return f"<study {self.name}>"


def run_engine(manifest: dict | None) -> str:
    """The play engine a run's manifest names (double-dummy when it names none)."""
    play = (manifest or {}).get("play") or {}
    return play.get("engine") or DOUBLE_DUMMY


def verdict_of(verdict_list: list[Verdict], key: str) -> Verdict | None:
    """The verdict of the claim test ``key`` (None if it was not measured)."""
    for v in verdict_list:
        if v.claim.name == key:
            return v
    return None


def same_deals_verdicts(tests, estimate) -> dict:
    """The verdicts of ``tests`` (a study's table-side tests, keys "X.pimc") with each estimate taken
    by ``estimate(key without its last part)`` instead (double-dummy on the same deals), judged the
    same way; keyed by that key."""
    claims = []
    for t in tests:
        key = t.key.rsplit(".", 1)[0]
        e = estimate(key)
        if e is not None:
            claims.append(ClaimTest(f"{key}.dd", t.claim, t.label, t.test, t.unit, t.sign, engine=DOUBLE_DUMMY).measured(e))
    return {v.claim.key.rsplit(".", 1)[0]: v for v in verdicts(claims)}

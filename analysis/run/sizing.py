"""A run sized to decide its primary tests: the deals each scenario needs, from the run itself.

A saved run is the pilot. For each replication of a claim's primary that the run measures and that
does not decide (its simultaneous interval, family 57, holds both 0 and the margin), the ledger
gives the deals of the class at which it would decide (``deals_to_decide``, by its test's rule:
for superiority, the half-width half the margin; else, if its estimate held). The class's deals
grow in proportion to its scenarios' deals (the same chunks, more of them), so each scenario
feeding that test needs its deals times the ratio, rounded up to whole chunks; a scenario feeding
several tests takes the largest. What a scenario's deal costs is the run's own measure (the
manifest's seconds a scenario, else the run's average); a scenario whose extension would take more
than the budget (about an hour of the machine's cores) is sized to the budget, and its tests keep
saying the deals they need.

The sizes go into the study's ``[study.scenario_deals]`` table of the settings file; the run made
again with them and ``--resume`` keeps its chunks and adds the new ones (the same seeds: the first
chunks are the pilot's).
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from analysis.errors import EuchreError
from analysis.storage import read_json

BUDGET_SECONDS = 3600.0     # about an hour of the machine's cores a scenario


@dataclass(frozen=True)
class Need:
    """One replication that does not decide: where it stands and what deciding it would take."""

    claim: str
    cell: str              # the replication in words
    key: str               # its test in the study
    n: int                 # the class's deals now
    needed: int            # the class's deals that would decide it
    scenarios: tuple[str, ...]


@dataclass(frozen=True)
class ScenarioSize:
    scenario: str
    deals: int             # now
    sized: int             # to decide its tests, within the budget
    wanted: int            # to decide its tests
    seconds: float         # the extension's wall time on ``cores`` cores (estimated)

    @property
    def capped(self) -> bool:
        return self.sized < self.wanted


@dataclass
class Sizing:
    study: str
    needs: list[Need]
    sizes: list[ScenarioSize]
    cores: int
    budget: float
    unmapped: list[str]    # tests the study cannot place in its scenarios

    def toml(self) -> str:
        grown = [s for s in self.sizes if s.sized > s.deals]
        if not grown:
            return ""
        lines = [f"[{self.study}.scenario_deals]"] + [f'"{s.scenario}" = {s.sized}' for s in grown]
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        if not self.needs:
            return f"{self.study}: every primary replication it measures decides; nothing to add\n"
        out = [f"{self.study}: {len(self.needs)} primary replication(s) do not decide"]
        for n in self.needs:
            out.append(f"  {n.claim} ({n.cell}): {n.n:,} deals of the class, {n.needed:,} would decide it "
                       f"[{', '.join(n.scenarios) or 'scenarios unknown'}]")
        if self.sizes:
            out.append(f"scenarios (the extension's time on {self.cores} cores, the budget "
                       f"{self.budget / 3600:g} h a scenario):")
            for s in self.sizes:
                note = f", capped at the budget ({s.wanted:,} would decide)" if s.capped else ""
                out.append(f"  {s.scenario}: {s.deals:,} -> {s.sized:,} deals, about {s.seconds / 60:,.0f} min{note}")
        if self.unmapped:
            out.append(f"not sized (the study does not say which scenarios measure them): {', '.join(self.unmapped)}")
        snippet = self.toml()
        if snippet:
            out += ["", "Add to the settings file, then run the study again with it and --resume:", "", snippet]
        return "\n".join(out) + "\n"

    def to_json(self) -> dict:
        return {"study": self.study, "cores": self.cores, "budget_seconds": self.budget,
                "needs": [vars(n) | {"scenarios": list(n.scenarios)} for n in self.needs],
                "scenarios": [vars(s) | {"capped": s.capped} for s in self.sizes],
                "unmapped": self.unmapped, "scenario_deals": {s.scenario: s.sized for s in self.sizes
                                                              if s.sized > s.deals}}


def seconds_a_deal(manifest: dict, scenario: str) -> float:
    """What one deal of ``scenario`` cost the run in compute seconds: its own measure when the
    manifest has one, else the run's average over the deals it computed. A resumed run's compute
    time covers only the chunks it computed, not those it kept, so they alone divide it."""
    timed = manifest.get("scenario_seconds") or {}
    own = timed.get(scenario)
    if own and own.get("deals"):
        return float(own["seconds"]) / float(own["deals"])
    computed = sum(float(t.get("deals") or 0) for t in timed.values())
    if not computed:       # a run saved before the scenarios were timed: its share of chunks computed
        done, kept = manifest.get("chunks_computed") or 0, manifest.get("chunks_resumed") or 0
        computed = float(manifest.get("deals") or 0) * (done / (done + kept) if done + kept else 1.0)
    if not computed or not manifest.get("chunk_seconds"):
        raise EuchreError(f"the run of {manifest.get('study')} records no compute time: it cannot be sized")
    return float(manifest["chunk_seconds"]) / computed


def size(reports, study_name: str, budget: float = BUDGET_SECONDS, cores: int | None = None) -> Sizing:
    """The deals each scenario of the saved run ``reports/<study_name>`` needs for the primary
    replications it measures to decide (see the module's notes)."""
    from analysis.reporting.ledger import build_ledger
    from analysis.run.registry import load_study

    folder = Path(reports) / study_name
    if not (folder / "manifest.json").exists():
        raise EuchreError(f"no saved run of {study_name} in {reports}: run it first (it is the pilot)")
    if budget <= 0:
        raise EuchreError(f"the budget must be a positive number of hours, not {budget / 3600:g}")
    manifest = read_json(folder / "manifest.json")
    if manifest.get("status") != "complete":
        raise EuchreError(f"the run of {study_name} in {reports} is not complete: finish it (--resume) first")
    study = load_study(manifest.get("module") or study_name)
    scenarios = list(manifest.get("scenarios", []))
    deals_now = {s: int((manifest.get("deals_by_scenario") or {}).get(s, manifest["deals_per_scenario"]))
                 for s in scenarios}
    chunk = int(manifest["chunk_size"])
    cores = cores or os.cpu_count() or 1
    needs, unmapped = [], []
    for entry in build_ledger(Path(reports)).entries:
        for r in entry.standing.replications:
            if not r.run or r.powered or not r.deals_to_decide or not r.n or not r.source:
                continue
            study_of, _, key = r.source.partition("/")
            if study_of != study_name:
                continue
            fed = tuple(s for s in study.scenarios_of(key) if s in deals_now)
            if not fed:
                unmapped.append(key)
            needs.append(Need(entry.claim.id, r.words(), key, int(r.n), int(r.deals_to_decide), fed))
    wanted: dict[str, int] = {}
    for need in needs:
        for s in need.scenarios:
            deals = math.ceil(deals_now[s] * need.needed / need.n / chunk) * chunk
            wanted[s] = max(wanted.get(s, deals_now[s]), deals)
    sizes = []
    for s in scenarios:
        if s not in wanted or wanted[s] <= deals_now[s]:
            continue
        cost = seconds_a_deal(manifest, s) / cores
        affordable = deals_now[s] + int(budget / cost // chunk) * chunk if cost > 0 else wanted[s]
        sized = min(wanted[s], affordable)
        sizes.append(ScenarioSize(s, deals_now[s], sized, wanted[s], (sized - deals_now[s]) * cost))
    return Sizing(study_name, needs, sizes, cores, budget, sorted(set(unmapped)))

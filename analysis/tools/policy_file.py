"""The optimiser's policy written as a policy file, and what the optimisation found: what
``euchrelab optimise`` does (:mod:`analysis.tools.optimise` holds the optimisation)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from analysis.errors import EuchreError
from analysis.tools.optimise import Settings, optimise, to_toml


def state_file(out) -> Path:
    """The optimiser's saved state beside the policy file ``out`` (FILE.state.json)."""
    out = Path(out)
    return out.with_name(out.name + ".state.json")


def check_policy_file(out, option: str = "out") -> Path:
    """The policy file and its state file beside it, both to be written: checked before any work
    (``option`` names the file in the messages)."""
    from analysis.storage import check_output_file
    out = check_output_file(out, option, ".toml")
    if state_file(out).is_dir():
        raise EuchreError(f"{option} {out}: its state file {state_file(out)} is a folder")
    return out


@dataclass
class OptimisedPolicy:
    """A policy file written by the optimiser, with its state: the sweeps, whether it settled,
    and the most each seat could still gain by deviating."""

    out: Path
    unit: str
    listed: int
    state: object

    def to_json(self) -> dict:
        s = self.state
        return {"out": str(self.out), "sweeps": s.sweep, "settled": s.done, "verdict": s.verdict, "open": s.open,
                "unit": self.unit, "listed": self.listed, "history": s.history, "bound": s.bound}

    def __str__(self) -> str:
        s = self.state
        lines = [f"wrote {self.out}: {self.listed:,} hand classes listed, {s.sweep} sweeps, {s.verdict}",
                 "what a seat could gain by deviating, measured in the last sweep before its changes "
                 f"({self.unit} per hand, the band where it gains most, 95% interval):"]
        lines += [f"  {seat}: {b['gain']:+.4f} [{b['low']:+.4f}, {b['high']:+.4f}] at {b['band']}"
                  for seat, b in s.bound.items()]
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_grid
        return html_grid(["seat", f"gain by deviating ({self.unit} per hand)", "95% interval", "band"],
                         [[seat, f"{b['gain']:+.4f}", f"[{b['low']:+.4f}, {b['high']:+.4f}]", b["band"]]
                          for seat, b in self.state.bound.items()])


def optimise_to_file(settings: Settings, out, jobs: int = 1, resume: bool = False, progress=None,
                     scheduler=None, option: str = "out") -> OptimisedPolicy:
    """Optimises by ``settings`` (:func:`analysis.tools.optimise.optimise`, its state saved beside
    ``out`` and resumed from there with ``resume``) and writes the policy to ``out`` (.toml)."""
    from analysis.bidding import policy_from_name
    from analysis.storage import write_atomic

    out = check_policy_file(out, option)
    policy_from_name(settings.base)   # a bad base fails here, before any work
    policy, state = optimise(settings, jobs, state_file(out), resume, progress, scheduler)
    rules = settings.rules
    comments = [f"A bidding policy made by `euchrelab optimise` (iterated best response over hand classes, "
                f"double-dummy), from {settings.base!r}:",
                f"{state.sweep} sweeps, {'settled' if state.done else 'not settled'}; {settings.unit} units; "
                f"{settings.deals:,} deals per decision and band a sweep; seed {settings.seed}; "
                f"pack {rules.pack}, game {rules.points_for_game}"
                f"{', stick the dealer' if rules.stick_the_dealer else ''}.",
                "Decisions, scores and hand classes it does not list are the base policy's."]
    text = to_toml(policy.to_data(), comments)
    write_atomic(out, lambda tmp: Path(tmp).write_text(text))
    return OptimisedPolicy(out, settings.unit, policy.describe()["listed"], state)

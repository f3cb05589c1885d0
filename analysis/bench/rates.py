"""The rates ``euchrelab bench`` measures, as a result that prints itself."""
from __future__ import annotations

from dataclasses import dataclass

from analysis.bench.registry import labels, run_benchmarks
from analysis.errors import EuchreError


def seconds(key: str) -> bool:
    """A benchmark that measures a time (``review_game_s``), not a rate (``..._per_s``)."""
    return key.endswith("_s") and not key.endswith("_per_s")


@dataclass
class Rates:
    """Each benchmark's rate by its key (``cores``: the machine's cores), and their labels."""

    results: dict
    names: dict[str, str]

    def to_json(self) -> dict:
        return self.results

    def __str__(self) -> str:
        results, names = self.results, self.names
        lines = [f"euchrelab bench: single-threaded rates (a time in seconds says its cores), "
                 f"machine with {results['cores']} cores"]
        lines += [f"  {names[key]:<58} {key:<26} " + (f"{value:>14,.1f} s" if seconds(key) else f"{value:>14,.0f} /s")
                  for key, value in results.items() if key != "cores"]
        ref = results.get("reference_per_s")
        if ref:   # the compiled kernels against the pure-Python reference solver
            lines += [f"  ratio {key} / reference_per_s: {results[key] / ref:,.0f}x"
                      for key in ("exact_per_s", "exact24_per_s", "scoring_per_s", "lone_per_s") if key in results]
        exact = results.get("exact_per_s")
        if exact:
            lines += [f"  {key} / exact_per_s: {results[key] / exact:.4f}" for key in results if key.startswith("ladder_")]
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_grid
        return html_grid(["benchmark", "key", "measured"],
                         [[self.names[k], k, f"{v:,.1f} s" if seconds(k) else f"{v:,.0f} /s"]
                          for k, v in self.results.items() if k != "cores"])


def measure(seconds: float = 1.0, only: list[str] | None = None) -> Rates:
    """Runs the benchmarks (``only`` those keys), each for at least ``seconds``, on one core."""
    if not seconds > 0:
        raise EuchreError(f"seconds must be positive, not {seconds}")
    names = labels()
    for key in only or []:
        if key not in names:
            raise EuchreError(f"no benchmark {key!r}: known are {', '.join(sorted(names))}")
    return Rates(run_benchmarks(seconds, only), names)

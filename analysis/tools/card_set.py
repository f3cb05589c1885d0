"""A policy's call cards beside another policy's line, as ``euchrelab card`` draws them
(:mod:`analysis.tools.call_card` holds the cards' numbers and drawing)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.limits import bounded
from analysis.game import Rules
from analysis.seeds import DEFAULT_SEED
from analysis.tools import call_card


def policy_names(policy, against, policy_text: str, against_text: str) -> tuple[str, str]:
    """The two policies' names on the cards ("the book" for the book's), told apart by the names
    they were given by when their own names are the same; refused when those are the same too."""
    names = ["the book" if n == "book" else n
             for n in (getattr(policy, "name", policy_text), getattr(against, "name", against_text))]
    if names[0] == names[1]:
        names = [policy_text, against_text]
    if names[0] == names[1]:
        raise EuchreError(f"POLICY and --against are the same policy ({policy_text!r}): give another to compare")
    return names[0], names[1]


@dataclass
class CallCards:
    """The cards drawn for ``policy`` beside ``against``: the lines by seat, round and band, and
    the files written."""

    policy: str
    against: str
    rules: Rules
    deals: int
    seed: int
    lined: pd.DataFrame
    paths: dict
    out: Path

    @property
    def headline(self) -> str:
        return call_card.headline(self.lined, self.policy, self.against, self.rules)

    def to_json(self) -> dict:
        return {"policy": self.policy, "against": self.against, "deals": self.deals, "seed": self.seed,
                "headline": self.headline, "lines": self.lined.to_dict(orient="records"),
                "files": {k: str(v) for k, v in self.paths.items()}}

    def __str__(self) -> str:
        differ = call_card.summary(self.lined, self.policy, self.against, stuck=self.rules.stick_the_dealer)
        return "\n".join([self.headline,
                          f"Where {self.policy}'s line differs from {self.against}'s (rung of the ladder, 1 the "
                          "strongest):",
                          "\n".join("  " + line for line in differ),
                          f"Wrote {self.paths['pdf']}, call_card_<seat>.png and {self.paths['csv'].name} in {self.out}"]) + "\n"

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_table
        return html_table(self.lined)


def call_cards(policy, against="book", rules: Rules = Rules(), deals: int = 100_000, seed: int = DEFAULT_SEED,
               jobs: int = 1, out="card", progress=None) -> CallCards:
    """The call cards of ``policy`` beside ``against`` (each a policy or its name), from ``deals``
    deals a score band and side, written to the folder ``out`` (PDF, a PNG a seat, CSV, a report);
    ``progress(done, total)`` as :func:`analysis.tools.call_card.shares` tells it."""
    from analysis.bidding import policy_from_name

    deals, seed, jobs = bounded(deals, "card", "deals"), check_whole(seed, "seed"), check_jobs(jobs, "jobs")
    first, second = (policy_from_name(p) if isinstance(p, str) else p for p in (policy, against))
    names = policy_names(first, second, *(p if isinstance(p, str) else p.name for p in (policy, against)))
    table = call_card.shares(dict(zip(names, (first, second))), rules, deals, seed, jobs, progress)
    paths = call_card.write_cards(table, out, names[0], names[1], rules, deals, seed)
    return CallCards(names[0], names[1], rules, deals, seed, call_card.lines(table), paths, Path(out))

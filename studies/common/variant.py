"""A study run again under another model: its cases played at the table, or in other company.

A verdict may hold only under the model it was measured in: double-dummy play, where every player
sees all four hands, or the book's company, where the other three players bid by the book. A
variant is the same study (the same cases, classes, readings, measures and report) with one axis
changed, under its own name, so that its tests join the ledger beside the original's:

* ``engine``: every card played by table-side players (``pimc``: PIMC, 32 worlds a decision from
  the cards alone; ``pimc-calls``: reading the calls too), whatever the run's engine; its tests
  record that engine;
* ``company``: the three chairs other than the decider's bid by another policy
  (:mod:`analysis.bidding.company`); its tests record that company.

Only the tests the run's engine plays (those of no fixed engine) are kept, and those ``keep``
accepts; ``scenarios`` may drop scenarios that only the dropped tests read.
"""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace

from analysis.bidding.company import BOOK, COMPANIES, keeping
from analysis.errors import EuchreError
from analysis.experiment import Study
from analysis.play.engines import DEFAULT_WORLDS, chunk_engine, play_record, play_words, playing
from analysis.play.registry import short_name
from analysis.reporting.report import play_note

def variant(base: Study, name: str, defaults: dict, *, engine: str | None = None, company: str = BOOK,
            keep=lambda test: True, scenarios=lambda scenario: True, note: str = "") -> Study:
    """``base`` under ``name``, played by ``engine`` (None: the run's) in ``company``, with
    ``defaults`` (deals, chunk size and options) of its own; ``note``: what else the reader must
    know of the variant (a sentence)."""
    if company != BOOK and not getattr(base, "takes_company", False):
        raise EuchreError(f"study {base.name} does not seat a company: it cannot be run in {company} company")
    label = COMPANIES[company]
    changed = ([play_words(engine, DEFAULT_WORLDS)] if engine else []) + \
        ([f"the other three chairs bid by the {company} policy"] if company != BOOK else [])

    class Variant(type(base)):
        def scenarios(self, settings):
            return [s for s in super().scenarios(settings) if scenarios(s)]

        def run_chunk(self, scenario, chunk_index, n_deals, seed, settings):
            with ExitStack() as stack:
                if engine:
                    stack.enter_context(playing(chunk_engine(engine, DEFAULT_WORLDS, seed, settings.pack)))
                stack.enter_context(keeping(company))
                return super().run_chunk(scenario, chunk_index, n_deals, seed, settings)

        def render(self, table, manifest, out_dir):
            # the report's play note and run section name the engine the chunks played with
            if engine:
                manifest = manifest | {"play": play_record(engine, DEFAULT_WORLDS)}
            report = super().render(table, manifest, out_dir)
            report.method = f"{said} {report.method}"
            if engine and report.play_note is None:   # the writer reads the run's manifest, not this one
                report.play_note = play_note(manifest)
            return report

    Variant.__name__ = Variant.__qualname__ = f"{type(base).__name__}Variant"
    study = Variant()
    study.name = name
    study.title = f"{base.title}, {' and '.join(changed)}"
    study.description = (f"The {base.name} study's tests, {'; '.join(changed)}; they join the ledger beside its own."
                         if base.claims else f"The {base.name} study, {'; '.join(changed)} (descriptive).")
    said = (f"The {base.name} study's cases, {'; '.join(changed)}; what follows is the {base.name} study's "
            f"method{', read with that change' if company != BOOK else ''}." + (f" {note}" if note else ""))
    study.policies = base.policies + "".join(f"; {c}" for c in changed) + (f" ({note})" if note else "")
    study.defaults = dict(defaults)
    study.suite_position = None
    study.takes_play = engine is None
    # a label names the model too: the ledger lists a claim's tests by label
    suffix = "".join([f" ({short_name(engine)})" if engine else "", f" ({label})" if company != BOOK else ""])
    study.claims = tuple(replace(t, engine=engine, company=label if company != BOOK else t.company,
                                 label=t.label + suffix)
                         for t in base.claims if t.engine is None and keep(t))
    return study

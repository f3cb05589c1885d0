"""What the studies' reports share: the report put together from its parts, the headline, the
claims chart, the verdict columns of a results table, and the run's pack and options as a method
states them."""
from __future__ import annotations

import math
from pathlib import Path

from analysis.experiment.stats import BOOK_COMPANY, CONTRADICTED, SUPPORTED, Estimate
from analysis.experiment import GAME_WIN, POINTS, RUBBER, verdict_of
from analysis.game.primary import DOUBLE_DUMMY
from analysis.play.registry import AT_THE_TABLE, DEFAULT_ENGINE, engine_entry, short_name
from analysis.reporting.report import (Chart, StudyReport, claim_by_claim, headline_problem, interval, tally_sentence,
                                       verdict_words)

# The studies at love-all that test the book's action against the other, test by test, in points per hand.
MEASURED_AT_LOVE_ALL = "Each test: the book's action minus the other in the deciding side's net points per hand at love-all"
HEADLINE_AT_LOVE_ALL = "The book's action minus the other, in net points per hand at love-all (positive: the book gains): "


def charts():
    """The charts module. Imported when a report is drawn only: workers that compute chunks need
    no matplotlib."""
    from analysis.reporting import charts as module
    return module


def pack_of(manifest: dict) -> int:
    """The run's pack (the book's 32 cards when the manifest does not say)."""
    return manifest.get("rules", {}).get("pack", 32)


def played_how(manifest: dict) -> str:
    """How the run's hands were played, for a sentence ("played twice {played_how}"): "double-dummy",
    or "at the table (PIMC, 32 worlds a decision)" and the like (the engine's entry says it)."""
    play = manifest.get("play") or {"engine": DEFAULT_ENGINE}
    return engine_entry(play["engine"]).played(play.get("worlds"))


def options_of(manifest: dict) -> dict:
    """The run's study options (none when the manifest does not say)."""
    return manifest.get("options", {})


# --- the headline: the answer in a sentence, then the number that matters most -----------------

FIGURES_IN_FULL = "The figures in full"
_HEADLINE_UNITS = {POINTS: "points a hand", RUBBER: "rubber points a hand"}


def headline(first: str, *seconds: str) -> str:
    """A headline: ``first``, the answer in one sentence, then the first of ``seconds`` with which
    the two stay within a headline's limits (:func:`analysis.reporting.report.headline_problem`);
    ``first`` alone when none does."""
    for second in seconds:
        text = f"{first} {second}".strip()
        if second and headline_problem(text) is None:
            return text
    return first


def in_full(text: str) -> tuple[str, str]:
    """A report's section with the figures a headline leaves out (the page folds it away)."""
    return (FIGURES_IN_FULL, text)


def figure(e: Estimate) -> str:
    """An estimate with its 95% interval as a headline gives it: the fewest decimals, from two to
    four, that keep the estimate strictly inside its interval and an interval clear of zero clear
    of it when rounded."""
    def shown(d: int) -> bool:
        low, mean, high = round(e.low, d), round(e.mean, d), round(e.high, d)
        clear = not (e.low > 0 or e.high < 0) or (low > 0 or high < 0)
        return low < mean < high and clear
    digits = next((d for d in (2, 3) if shown(d)), 4)
    return interval(e, digits)


def amount(e: Estimate, unit: str = POINTS) -> str:
    """An estimate with its interval and unit: "+0.70 [+0.68, +0.71] points a hand"."""
    if unit == GAME_WIN:
        return f"{interval(e, pct=True)} in the chance of winning the game"
    return f"{figure(e)} {_HEADLINE_UNITS.get(unit, unit)}"


def setting_of(manifest: dict, verdict_list, score: str = "at love-all") -> str:
    """Where a study's tests were measured, in a few words for a headline: the score, the play
    (double-dummy or at the table) and the other players when they are not the book's."""
    run_dd = (manifest.get("play") or {"engine": DEFAULT_ENGINE})["engine"] == DOUBLE_DUMMY
    own = {v.claim.engine for v in verdict_list}      # a study that plays at the table itself names it per test
    play = short_name(DOUBLE_DUMMY) if run_dd and not (own and DOUBLE_DUMMY not in own) else AT_THE_TABLE
    companies = sorted({v.claim.company for v in verdict_list} - {BOOK_COMPANY})
    return ", ".join([x for x in (score, play) if x] + [f"among {c}" for c in companies])


def label_words(v) -> str:
    """A test's label without its claim id and without the model a variant adds to it (the
    headline's setting says that): "left, ace, outside ace"."""
    words = v.claim.label.removeprefix(v.claim.id).strip()
    engine = short_name(v.claim.engine) if v.claim.engine else None
    for model in (v.claim.company, engine):   # the variant adds the engine, then the company
        if model and model != BOOK_COMPANY:
            words = words.removesuffix(f"({model})").strip()
    return words


def furthest(verdict_list, verdict: str):
    """Of the tests with ``verdict``, the one furthest from zero in multiples of its margin (so that
    tests in different units compare); None when there is none."""
    found = [v for v in verdict_list if v.verdict == verdict and math.isfinite(v.estimate.mean)]
    scaled = [v for v in found if v.claim.margin > 0] or found     # no margin: by the estimate itself
    return max(scaled, key=lambda v: abs(v.estimate.mean) / (v.claim.margin if v.claim.margin > 0 else 1.0),
               default=None)


def largest_effect(verdict_list, named: bool = True) -> list[str]:
    """The second sentence of a headline on tests, longest first: the book's largest loss (its
    contradicted test furthest below zero) or, none contradicted, its largest gain; ``named``, with
    the test's words (from its label), and without them as the shorter choice. None when no test
    is supported or contradicted."""
    v = furthest(verdict_list, CONTRADICTED) or furthest(verdict_list, SUPPORTED)
    if v is None:
        return []
    which = "loss" if v.verdict == CONTRADICTED else "gain"
    words = label_words(v).replace(" (", ", ").replace(")", "")    # in brackets below: none inside
    said = amount(v.estimate, v.claim.unit)
    return ([f"The largest {which} is in {v.claim.id} ({words}): {said}."] if words and named else []) + \
        [f"The largest {which} is in {v.claim.id}: {said}."]


def verdicts_headline(verdict_list, setting: str, named: bool = True) -> str:
    """A study's headline on its tests: how many support the book and how many contradict it, then
    the largest loss (or gain) with its interval (``named``: with the test's words)."""
    return headline(tally_sentence(verdict_list, setting), *largest_effect(verdict_list, named))


def verdict_columns(verdict_list, key: str) -> dict:
    """A test's simultaneous interval and verdict, as the last columns of a results table's row
    (none when the test was not measured)."""
    v = verdict_of(verdict_list, key)
    if v is None:
        return {}
    return {"simultaneous interval": f"[{v.low:+.3f}, {v.high:+.3f}]", "verdict": verdict_words(v)}


def measured_tests(study, table, verdict_list):
    """(test, verdict, its estimate, "gained / lost") for each of the study's tests that has a verdict,
    in the study's order: the rows of a primary study's results table."""
    by_key = {v.claim.name: v for v in verdict_list}
    for test in study.claims:
        v = by_key.get(test.key)
        if v is not None:
            gained, lost = study.signs(test.key, table)
            yield test, v, v.estimate, f"{gained:,} / {lost:,}"


def claims_figure(out_dir, verdict_list, *, title: str, measured: str, unit: str = POINTS) -> list[tuple[Path, str]]:
    """The study's claims chart with its caption (:func:`analysis.reporting.charts.claims_figure`)."""
    return charts().claims_figure(out_dir, verdict_list, unit=unit, title=title, measured=measured)


def study_report(study, *, question: str, method: str, table, caption: str, files=(), verdicts=(),
                 headline: str = "", sections=(), play_note: str | None = None) -> StudyReport:
    """The study's report: its question and method, the results table with its caption, the
    charts ``files`` as (file, caption), the verdicts, the headline and the further sections."""
    return StudyReport(name=study.name, title=study.title, question=question, method=method, table=table,
                       table_caption=caption, charts=[Chart(Path(p).name, text) for p, text in files],
                       verdicts=list(verdicts), headline=headline, sections=list(sections), play_note=play_note)


def love_all_report(study, table, manifest: dict, out_dir, results_table, *, chart_title: str, question: str,
                    method: str, caption: str, sections=(), play_note: str | None = None) -> StudyReport:
    """The report of a study at love-all of the book's action against the other, test by test, in
    points per hand: its claims chart, the results table ``results_table(study, table, verdicts)``
    (``caption`` after the deals played in all), a headline on its tests (where the run measured
    them: :func:`setting_of`) and, last, every test's estimate claim by claim."""
    verdict_list = study.verdicts(table, manifest)
    files = claims_figure(out_dir, verdict_list, title=chart_title, measured=MEASURED_AT_LOVE_ALL)
    deals = int(table["deals"].sum()) if len(table) else 0
    setting = setting_of(manifest, verdict_list)
    return study_report(study, question=question, method=method, table=results_table(study, table, verdict_list),
                        caption=f"Every test ({deals:,} played deals in all): {caption}", files=files,
                        verdicts=verdict_list, headline=verdicts_headline(verdict_list, setting),
                        sections=[*sections, in_full(claim_by_claim(verdict_list, HEADLINE_AT_LOVE_ALL))],
                        play_note=play_note)

"""What the studies' reports share: the report put together from its parts, the claims chart,
the verdict columns of a results table, and the run's pack and options as a method states them."""
from __future__ import annotations

from pathlib import Path

from analysis.experiment.study import POINTS, verdict_of
from analysis.reporting.report import Chart, StudyReport, claim_by_claim, verdict_words

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


PLAYED = {"pimc": "at the table (PIMC, {worlds} worlds a decision)", "pimc-calls":
          "at the table (PIMC reading the calls, {worlds} worlds a decision)",
          "book": "at the table (the book's card-play rules)", "simple": "at the table (the simple baseline)"}


def played_how(manifest: dict) -> str:
    """How the run's hands were played, for a sentence ("played twice {played_how}"): "double-dummy",
    or "at the table (PIMC, 32 worlds a decision)" and the like."""
    play = manifest.get("play") or {"engine": "dd"}
    return "double-dummy" if play["engine"] == "dd" else PLAYED[play["engine"]].format(worlds=play.get("worlds"))


def options_of(manifest: dict) -> dict:
    """The run's study options (none when the manifest does not say)."""
    return manifest.get("options", {})


def verdict_columns(verdict_list, key: str) -> dict:
    """A test's simultaneous interval and verdict, as the last columns of a results table's row
    (none when the test was not measured)."""
    v = verdict_of(verdict_list, key)
    if v is None:
        return {}
    return {"simultaneous interval": f"[{v.low:+.3f}, {v.high:+.3f}]", "verdict": verdict_words(v)}


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


def love_all_report(study, table, verdict_list, out_dir, *, chart_title: str, question: str, method: str, results,
                    caption: str, sections=()) -> StudyReport:
    """The report of a study at love-all of the book's action against the other, test by test, in
    points per hand: its claims chart, the results table (``caption`` after the deals played in
    all) and a headline claim by claim."""
    files = claims_figure(out_dir, verdict_list, title=chart_title, measured=MEASURED_AT_LOVE_ALL)
    deals = int(table["deals"].sum()) if len(table) else 0
    return study_report(study, question=question, method=method, table=results,
                        caption=f"Every test ({deals:,} played deals in all): {caption}", files=files,
                        verdicts=verdict_list, headline=claim_by_claim(verdict_list, HEADLINE_AT_LOVE_ALL),
                        sections=sections)

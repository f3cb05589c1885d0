"""Studies run as ``euchrelab run`` asks: names, a settings file and the options given, merged and
checked for every study before the first one runs, then each run and reported in turn."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from analysis.errors import EuchreError


@dataclass
class StudyRun:
    """One study run and reported."""

    study: str
    deals: int
    seconds: float
    computed: int
    resumed: int
    html: Path
    index: Path
    replaced: str | None = None   # the reference run it replaced, when it did

    def __str__(self) -> str:
        lines = [f"{self.study}: replaced the reference run of {self.replaced}"] if self.replaced else []
        lines.append(f"{self.study}: {self.deals:,} deals in {self.seconds:.1f} s ({self.computed} chunks computed, "
                     f"{self.resumed} resumed) -> {self.html}")
        return "\n".join(lines) + "\n"


class StudyRuns:
    """The studies of a request, their settings merged and checked; iterating runs them one by one
    (:class:`StudyRun` each). ``current``: the study running, and the folder of its saved chunks."""

    def __init__(self, runs: list):
        self.runs = runs
        self.current: tuple[str, Path] | None = None
        self.index: Path | None = None

    def __iter__(self) -> Iterator[StudyRun]:
        from analysis.run.recheck import write_check
        from analysis.run.runner import replaced, run_and_report

        for study, settings in self.runs:
            self.current = (study.name, settings.study_dir / "chunks")
            before = replaced(settings.study_dir) if settings.reference else None
            outcome, paths = run_and_report(study, settings)
            self.current = None
            write_check(settings.study_dir)   # the first chunk kept, so a later checkout can tell the run is current
            m = outcome.manifest
            self.index = paths["index"]
            yield StudyRun(study.name, m["deals"], m["wall_seconds"], len(outcome.computed), len(outcome.reused),
                           paths["html"], paths["index"], before)

    def closing(self) -> str:
        """The last line, once the studies have run: where to open the report."""
        if self.index is None:
            return ""
        return f"Open the report in a browser: file://{Path(self.index).resolve()}\n"


def run_studies(names: list[str], config: str | None = None, left_out: Callable[[str], None] | None = None,
                **options) -> StudyRuns:
    """The studies ``names`` ('default': the default suite), with the settings of the TOML file
    ``config`` overridden by ``options`` (those of :func:`analysis.run.runner.settings_for`, None
    meaning not given), each checked before any runs. A study of the default suite that the rules
    rule out is left out, its reason told to ``left_out``; one named is refused."""
    from analysis.run.registry import default_suite, load_study, names as registered_names
    from analysis.run.run_config import load_config, study_overrides
    from analysis.run.runner import check_provenance, check_takes_play, settings_for
    from analysis.storage import check_output_folder

    targets: list[tuple[str, bool]] = []   # (name, from the default suite)
    for name in names:
        targets.extend([(s, True) for s in default_suite()] if name == "default" else [(name, False)])
    studies = [(load_study(target), suite) for target, suite in targets]   # unknown names fail before any work
    settings_file = load_config(config) if config else {}
    known = set(registered_names()) | {study.name for study, _ in studies}
    given = {k: v for k, v in options.items() if v is not None}
    runs = []
    for study, suite in studies:   # every study's settings are checked before the first runs
        overrides = study_overrides(settings_file, study.name, known) if settings_file else {"options": {}}
        overrides.update(given)
        settings = settings_for(study, **overrides)
        settings.check()
        refuses = getattr(study, "refuses", None)   # a study of one's own need not say
        reason = refuses(settings.rules) if refuses else None
        if reason and suite:   # the suite under other rules: the studies that apply to them
            if left_out is not None:
                left_out(f"{study.name} left out: {reason}")
            continue
        if reason:
            raise EuchreError(reason)
        check_takes_play(study, settings)
        check_provenance(settings)
        runs.append((study, settings))
    for folder in {settings.out for _study, settings in runs}:   # writable, before any work (provenance above)
        check_output_folder(folder, "--out")
    return StudyRuns(runs)


# --- the reports folder, again ---------------------------------------------------------------------

def rerender_reports(root, option: str = "DIR") -> Iterator[str]:
    """Every study report under ``root`` (a reports folder, or one study's folder) drawn again
    from its saved results, then the index: a line for each page written (the study's name and
    its page; the index last). Every folder is checked writable before the first page."""
    from analysis.reporting.report import write_index
    from analysis.run.runner import index_reference, rerender
    from analysis.storage import check_output_folder

    root = Path(root)
    if not root.is_dir():
        raise EuchreError(f"{root} is not a folder: give the reports folder or a study's folder")
    if (root / "manifest.json").exists():
        folders, index_dir = [root], root.parent
    else:
        folders = sorted(p for p in root.iterdir() if (p / "manifest.json").exists())
        index_dir = root
    for folder in [index_dir, *folders]:   # every folder written, checked before the first page
        check_output_folder(folder, option)
    failed = []
    for folder in folders:      # one study that cannot be drawn again does not stop the others
        try:
            paths = rerender(folder)
        except EuchreError as exc:
            failed.append(str(exc))
            continue
        yield f"{folder.name}: {paths['html']}"
    yield str(write_index(index_dir, reference=index_reference(index_dir)).resolve())
    if failed:
        raise EuchreError(f"{len(failed)} of {len(folders)} reports not drawn again: " + " | ".join(failed))


# --- the studies and the claims --------------------------------------------------------------------

@dataclass
class StudyList:
    """The studies that can be run: the installed ones, any named, and those that failed to load."""

    items: list[dict]

    def to_json(self) -> list[dict]:
        """``{"name", "title", "description", "default_suite", "defaults"}`` a study."""
        return self.items

    def __str__(self) -> str:
        width = max((len(x["name"]) for x in self.items), default=0)
        lines = [f"{'*' if x['default_suite'] else ' '} {x['name']:<{width}}  {x['description']}" for x in self.items]
        if not self.items:
            lines.append("no study is installed: install a package of studies, or name a module of your own")
        lines.append("(* = in the default suite of `make report`; run one with: euchrelab run NAME)")
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_grid
        return html_grid(["study", "default suite", "description"],
                         [[x["name"], "yes" if x["default_suite"] else "", str(x["description"])] for x in self.items])


def study_list(names=()) -> StudyList:
    """The installed studies, and the studies of one's own ``names`` (pkg.mod or pkg.mod:ATTR)
    listed by the name that runs them."""
    from analysis.run.registry import load_installed, load_study

    studies, failed = load_installed()
    suite = {name for name, study in studies.items() if study.suite_position is not None}
    for target in names:
        if target not in studies:
            studies[target] = load_study(target)
    items = [{"name": name, "title": study.title, "description": study.description,
              "default_suite": name in suite, "defaults": study.defaults}
             for name, study in studies.items()]
    items += [{"name": name, "title": None, "description": message, "default_suite": False,
               "defaults": None} for name, message in failed.items()]
    return StudyList(items)


def _plain(value):
    """JSON without NaN: a value that is not a finite number becomes null."""
    import math
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@dataclass
class ClaimsLedger:
    """The ledger of the book's claims (:mod:`analysis.reporting.ledger`), the claims asked for
    (every one when ``ids`` is empty), where the saved results were read, and the files written."""

    ledger: object
    written: list[Path]
    ids: tuple[str, ...] = ()
    read_from: str = ""        # a line saying which results were read, when not the reports folder given

    @property
    def entries(self) -> list:
        if not self.ids:
            return self.ledger.entries
        by_id = {e.claim.id: e for e in self.ledger.entries}
        return [by_id[cid] for cid in self.ids]

    def to_json(self) -> list[dict]:
        """One object a claim, numbers that are not finite as null."""
        return _plain([e.as_dict() for e in self.entries])

    def __str__(self) -> str:
        from analysis.reporting.ledger import render_entry_text, render_text
        if not self.ids:
            return render_text(self.ledger)
        return "\n".join(render_entry_text(e) for e in self.entries)

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_grid
        return html_grid(["claim", "status", "summary"],
                         [[e.claim.id, e.count_as, e.summary.removeprefix(f"{e.status}: ")] for e in self.entries])


DEFAULT_REPORTS = "reports"


def claims_ledger(reports=None, write: bool = False, option: str = "--reports", ids=()) -> ClaimsLedger:
    """The ledger of the claims from the saved results under ``reports`` (nothing is run); ``ids``,
    the claims asked for (any case; an unknown one raises). With no ``reports``: ./reports when it
    holds saved results, else the copy of the reference runs' results shipped in the package
    (:data:`analysis.reporting.ledger.SNAPSHOT`). With ``write``, also its pages and the index in that
    folder (checked writable first; ./reports when none is given), and, when that folder is the
    checkout's reference runs, the package's copy of their results."""
    from analysis.reporting.ledger import (SNAPSHOT, claim_ids, holds_results, ledger_of, read_snapshot,
                                           saved_results, write_snapshot)
    from analysis.reporting.report import write_index
    from analysis.run.runner import index_reference, reference_reports

    ids = tuple(claim_ids(ids))
    read_from = ""
    if reports is None and not write and not holds_results(DEFAULT_REPORTS):
        saved = read_snapshot()
        read_from = (f"no saved results in ./{DEFAULT_REPORTS}: read the reference runs' results shipped with "
                     f"euchrelab ({SNAPSHOT}); give --reports DIR for runs of your own")
        return ClaimsLedger(ledger_of(saved), [], ids, read_from)
    reports = Path(DEFAULT_REPORTS if reports is None else reports)
    if write:
        from analysis.storage import check_output_folder
        check_output_folder(reports, option)
    saved = saved_results(reports)
    written = []
    if write:
        index = write_index(reports, reference=index_reference(reports))
        written = [index.with_name("claims.html"), index.with_name("claims.md"), index]
        if reports.resolve() == reference_reports():
            written.append(write_snapshot(saved))
    return ClaimsLedger(ledger_of(saved), written, ids, read_from)

"""The ledger of the book's claims: every claim of the catalogue with its status and its tests,
assembled from the results saved under a reports folder. Nothing is recomputed.

It reads

- ``<reports>/<study>/verdicts.csv`` of every study folder: one row per test, as
  :meth:`analysis.experiment.stats.Verdict.row` writes it (the estimate and the simultaneous interval
  oriented so that a positive value means the book's advice gains). A file written before the
  columns ``key``, ``label``, ``sim_low``, ``sim_high``, ``margin`` and ``material`` existed is
  read too: ``key`` becomes the claim id (numbered when repeated), ``label`` the ``test``, the
  others null, and its verdict "inconclusive at this precision" becomes "inconclusive";
- ``<reports>/coups/verdicts.json``, written by ``euchrelab coups --out <reports>/coups``: the verdict
  on each remark of the nine coup cases (C1.1, C1.2, ...), read as tests of C1-C9. A remark
  that is "true" is supported, "false" contradicted, "inconclusive" or "true only under a
  reading" (true only if an adversary replies as the book supposes) inconclusive; advice about
  other deals, which the printed deal cannot check, is no test.

A claim's status comes from its primary test alone (:mod:`analysis.reporting.primary_status`,
the catalogue of primaries :mod:`analysis.game.primary`): the primary's replications are picked
out of the saved tests and judged by :data:`analysis.experiment.stats.PRIMARY_RULE` (Student's t,
the 57 primaries of a replication cell as the multiplicity family). Every other test of the claim
is *secondary*: shown beside it, never moving its status; the ledger lists the secondary tests
whose verdict is the opposite of the claim's status. Tests of ids outside the catalogue (a study of
one's own) are kept aside in :attr:`Ledger.foreign`.

:func:`write_ledger` writes the ledger as ``claims.md`` and a self-contained ``claims.html``;
``reports/index.html`` shows its counts by part of the book (:func:`analysis.reporting.report.write_index`).
"""
from __future__ import annotations

import html
import json
import math
import textwrap
from collections import Counter
from dataclasses import MISSING, dataclass, fields
from pathlib import Path

import pandas as pd

from analysis.game import BookClaim, Primary, catalogue, primaries
from analysis.game.primary import AT_TABLE, BOOK_RULES
from analysis.errors import EuchreError
from analysis.experiment.stats import (PRIMARY_RULE, AGAINST_PIMC, BOOK_COMPANY, CONTRADICTED, DOUBLE_DUMMY, FIRST_GAME, INCONCLUSIVE,  # a test's verdict
                                       NEGLIGIBLE, SUPPORTED, VERDICTS, Model)
from analysis.experiment import MARGINS, POINTS, RUBBER
from analysis.play.registry import short_name
from analysis.reporting.primary_status import (ENGINE_WORDS, ESTIMATE_HELD, NOT_SHOWN, SMALL, SPLIT, UNIT_CHECK,
                                               UNTESTED, Replication, Standing, rule_of, standing)
from analysis.reporting.markup import LEDGER_STYLE, PAGE_END, html_grid, inline, listed, md_grid, page_head
from analysis.storage import write_text

OLD_WORDS = {"inconclusive at this precision": INCONCLUSIVE}        # verdicts.csv before "negligible"

COUPS = "coups"
COUP_FILE = "verdicts.json"
COUP_VERDICTS = {"true": SUPPORTED, "false": CONTRADICTED, "inconclusive": INCONCLUSIVE,
                 "true only under a reading": INCONCLUSIVE}
COUP_NO_TEST = ("not checkable", "see table-side view")
TABLE_UNIT = "net points of the coup player's side, per world"

# The parts of the book, in its order: the catalogue's section -> the short name.
PARTS = {
    "Eldest hand (B)": "Eldest hand",
    "Second hand (C, the dealer's partner)": "Second hand",
    "Third hand (D)": "Third hand",
    "The dealer (A)": "Dealer",
    "The bridge": "Bridge",
    "Lone hands": "Lone hands",
    "Coups": "Coups",
}

# --- the ledger -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    """One test of a claim, as its study saved it."""

    study: str
    claim: str                 # the catalogue id
    key: str                   # the test's name in its study
    label: str                 # a few words
    test: str                  # what is compared, in words
    verdict: str               # one of VERDICTS (judged within its study's family)
    estimate: float | None = None              # oriented: positive means the book's advice gains
    ci: tuple[float, float] | None = None      # the simultaneous interval (a coup: its 95% interval)
    margin: float | None = None
    unit: str | None = None
    n: int | None = None                       # deals (a coup: worlds)
    p_adjusted: float | None = None
    material: bool | None = None
    deals_needed: int | None = None
    engine: str = DOUBLE_DUMMY
    state: str | None = None                   # the rubber state of a test in rubber points
    company: str = BOOK_COMPANY
    permissive: bool = False                   # judged for non-inferiority
    se: float | None = None                    # the estimate's standard error
    dof: float | None = None                   # its degrees of freedom (None: the deals less one)
    gained: int | None = None                  # deals where the book's action gained, lost (the exact test)
    lost: int | None = None
    play: str | None = None                    # the play company (None: every seat the engine's player)

    @property
    def model(self) -> Model:
        return Model(self.engine, self.unit or "", self.state, self.company, self.play)

    def as_dict(self) -> dict:
        return {"study": self.study, "key": self.key, "label": self.label, "test": self.test,
                "estimate": self.estimate, "ci": None if self.ci is None else list(self.ci),
                "margin": self.margin, "unit": self.unit, "n": self.n, "verdict": self.verdict,
                "material": self.material, "p_adjusted": self.p_adjusted, "deals_needed": self.deals_needed,
                "model": self.model.as_dict(), "permissive": self.permissive}


OPPOSITE = {SUPPORTED: CONTRADICTED, CONTRADICTED: SUPPORTED}


@dataclass(frozen=True)
class Entry:
    """A claim of the catalogue with its primary, its status and all its tests."""

    claim: BookClaim
    primary: Primary
    standing: Standing
    tests: tuple[Result, ...]                  # every saved test of the claim
    table_view: str | None = None              # a coup's table-side view, in words

    @property
    def status(self) -> str:
        return self.standing.status

    @property
    def robust(self) -> bool:
        return self.standing.robust

    @property
    def summary(self) -> str:
        """The status line, in the primary's terms only (a coup's table-side view, a secondary test in
        points, is :attr:`view_text`, said apart)."""
        unit = ("; unit-sensitive: in rubber points at love-all its unit check has the opposite sign"
                if self.standing.unit_sensitive else "")
        return self.standing.words + unit

    @property
    def view_text(self) -> str | None:
        """A coup's table-side view (secondary), as a sentence of its own after the status line."""
        return self.table_view[0].upper() + self.table_view[1:] + "." if self.table_view else None

    @property
    def anchor_text(self) -> str | None:
        """The claim's one number: the estimate and simultaneous interval of the replication that carries
        its status (:attr:`Standing.anchor`) in the primary's unit, as every view shows it; None if none is run."""
        a = self.standing.anchor
        if a is None or a.estimate is None:
            return None
        return f"{estimate_text(a.estimate, a.ci, self.primary.margin)} {self.primary.unit}"

    @property
    def anchor_where(self) -> str:
        """Where the claim's one number was measured, its n, and its own verdict where that is not the
        status (a split claim, one not shown): "at the table, in the book's company; n = 18,379"."""
        a = self.standing.anchor
        if a is None:
            return ""
        words = a.words() + ("" if a.n is None else f"; n = {a.n:,}")
        return words + (f"; this replication {a.verdict}" if a.verdict != self.status else "")

    @property
    def note(self) -> str | None:
        """What an untested claim's primary waits for."""
        return self.primary.waits or None if self.status == UNTESTED else None

    @property
    def secondary(self) -> tuple[Result, ...]:
        """Every test that is not one of the primary's replications."""
        return tuple(t for t in self.tests if (t.study, t.key) not in self.standing.used)

    @property
    def disagreeing(self) -> tuple[Result, ...]:
        """The secondary tests whose verdict is the opposite of the claim's status (a unit check,
        in the other unit, is read by the unit-sensitive flag instead)."""
        against = OPPOSITE.get(self.status)
        return tuple(t for t in self.secondary if t.verdict == against and not t.key.endswith(UNIT_CHECK))

    @property
    def part(self) -> str:
        return PARTS.get(self.claim.section, self.claim.section)

    @property
    def study(self) -> str | None:
        """The studies that test the claim (joined by ", "), or None."""
        names = list(dict.fromkeys(t.study for t in self.tests))
        return ", ".join(names) or None

    @property
    def count_as(self) -> str:
        """The column the ledger's counts put the claim in (:data:`COUNTS`): a claim supported or
        contradicted by estimates all inside the margin apart ("supported, smaller than the margin"),
        robust or not."""
        if self.standing.small:
            return f"{self.status}, {SMALL}"
        if self.status in (SUPPORTED, CONTRADICTED, NEGLIGIBLE) and self.robust:
            return f"{self.status} (robust)"
        return self.status

    def as_dict(self) -> dict:
        p, s = self.primary, self.standing
        primary = {**p.as_dict(), "replications": [r.as_dict() for r in s.replications],
                   "anchor": None if s.anchor is None else s.anchor.as_dict(), "anchor_text": self.anchor_text,
                   "split_axis": s.split_axis, "smaller_than_margin": s.small,
                   "unit_sensitive": s.unit_sensitive}
        return {"id": self.claim.id, "part": self.part, "kind": list(self.claim.kind), "status": s.status,
                "robust": s.robust, "summary": self.summary, "table_view": self.table_view, "note": self.note,
                "reading": self.claim.reading,
                "primary": primary, "flips": list(s.flips),
                "not_deciding": [r.words() for r in s.not_deciding],
                "secondary": [t.as_dict() for t in self.secondary],
                "secondary_disagreeing": list(dict.fromkeys(f"{t.study}/{t.key}" for t in self.disagreeing))}


@dataclass(frozen=True)
class Ledger:
    entries: list[Entry]       # every claim of the catalogue, in its order
    foreign: list[Result]      # tests of ids outside the catalogue
    sized: tuple[tuple[str, bool, int], ...] = ()   # each study measuring table replications: sized? not deciding

    def as_list(self) -> list[dict]:
        return [e.as_dict() for e in self.entries]

    def counts(self) -> pd.DataFrame:
        """Claims by status (columns, :data:`COUNTS`) per part of the book (rows), with a total row."""
        parts = list(dict.fromkeys(e.part for e in self.entries))
        rows = []
        for part in parts + ["All claims"]:
            chosen = [e for e in self.entries if part in (e.part, "All claims")]
            row = {"part of the book": part}
            row.update({s: sum(e.count_as == s for e in chosen) for s in COUNTS})
            row["claims"] = len(chosen)
            rows.append(row)
        return pd.DataFrame(rows)

    def headline(self) -> str:
        """The answers counted, in one sentence: right, wrong, does not matter, depends (on which
        axis), not yet decided, untested."""
        c = Counter(e.status for e in self.entries)
        small = Counter(e.status for e in self.entries if e.standing.small)
        axes = Counter(e.standing.split_axis or "several axes" for e in self.entries if e.status == SPLIT)
        on = ", ".join(f"{n} on {axis_phrase(a)}" for a, n in axes.items())
        waiting = sum(e.status == UNTESTED and e.primary.built for e in self.entries)

        def apart(status: str, word: str) -> str:
            return f"{word} {c[status] - small[status]}" + (
                f", {word} but by less than it matters {small[status]}" if small[status] else "")
        return (f"Of the book's {len(self.entries)} claims, by their primary tests: {apart(SUPPORTED, 'right')}, "
                f"{apart(CONTRADICTED, 'wrong')}, it does not matter {c[NEGLIGIBLE]}, it depends {c[SPLIT]}"
                + (f" ({on})" if on else "") + f", not yet decided {c[NOT_SHOWN]}, untested as pre-registered "
                f"{c[UNTESTED]}" + (f" ({waiting} of them built, no run saved)" if waiting else "") + ".")


AXIS_PHRASES = {"engine": "the engine", "company": "the company", "state": "the rubber state",
                "play company": "the play company", "calls": "the reading of the calls"}


def axis_phrase(axis: str) -> str:
    """A split's axis in the headline's words: "the engine", an interaction "the engine with the
    rubber state" (``split_axis`` "engine x state")."""
    return " with ".join(AXIS_PHRASES.get(a, a) for a in axis.split(" x "))


def build_ledger(reports_dir) -> Ledger:
    """The ledger of the results saved under ``reports_dir`` (which must exist)."""
    return ledger_of(saved_results(reports_dir))


@dataclass(frozen=True)
class Saved:
    """What the ledger reads from a reports folder: every saved test, each coup's table-side view in
    words, and for each study folder whether its run was sized to decide (``euchrelab size``: its
    manifest records the deals of each scenario). The ledger is built from this alone, so a copy of
    it (:data:`SNAPSHOT`) gives the same ledger as the folder it was read from."""

    tests: tuple[Result, ...]
    table_views: dict
    sized: dict

    def to_json(self) -> dict:
        """Plain data; a test's fields at their defaults are left out."""
        return {"sized": self.sized, "table_views": self.table_views, "tests": [_result_json(t) for t in self.tests]}

    @classmethod
    def from_json(cls, data: dict) -> "Saved":
        tests = tuple(Result(**{k: tuple(v) if k == "ci" else v for k, v in t.items()}) for t in data["tests"])
        return cls(tests, dict(data["table_views"]), dict(data["sized"]))


def _result_json(t: Result) -> dict:
    return {f.name: list(v) if f.name == "ci" else v for f in fields(Result)
            if (v := getattr(t, f.name)) != f.default or f.default is MISSING}


def saved_results(reports_dir) -> Saved:
    """What the ledger reads under ``reports_dir`` (which must exist): see the module's notes."""
    reports_dir = Path(reports_dir)
    if not reports_dir.is_dir():
        raise EuchreError(f"{reports_dir} is not a folder: give the reports folder (default reports)")
    tests: list[Result] = []
    sized: dict[str, bool] = {}
    for folder in sorted(p for p in reports_dir.iterdir() if p.is_dir()):
        if (folder / "verdicts.csv").exists():
            tests += read_study_verdicts(folder / "verdicts.csv", folder.name)
            manifest = folder / "manifest.json"
            sized[folder.name] = manifest.exists() and bool(json.loads(manifest.read_text()).get("deals_by_scenario"))
    coups = reports_dir / COUPS / COUP_FILE
    table_views: dict[str, str] = {}
    if coups.exists():
        coup_tests, table_views = read_coup_verdicts(coups)
        tests += coup_tests
    return Saved(tuple(tests), table_views, sized)


def holds_results(reports_dir) -> bool:
    """Whether ``reports_dir`` is a folder with a saved result the ledger reads."""
    reports_dir = Path(reports_dir)
    return reports_dir.is_dir() and ((reports_dir / COUPS / COUP_FILE).exists() or any(
        (p / "verdicts.csv").exists() for p in reports_dir.iterdir() if p.is_dir()))


def ledger_of(saved: Saved) -> Ledger:
    """The ledger of the saved results: each claim of the catalogue with its primary's standing."""
    known, registered = catalogue(), primaries()
    by_claim: dict[str, list[Result]] = {}
    for t in saved.tests:
        by_claim.setdefault(t.claim, []).append(t)
    entries = []
    for cid, c in known.items():
        own = tuple(by_claim.get(cid, ()))
        entries.append(Entry(c, registered[cid], standing(registered[cid], own), own, saved.table_views.get(cid)))
    return Ledger(entries, [t for t in saved.tests if t.claim not in known], sized_runs(saved.sized, entries))


def sized_runs(sized: dict, entries: list[Entry]) -> tuple[tuple[str, bool, int], ...]:
    """Each study whose run measures a replication at the table: whether that run was sized to decide
    them (``sized``, by study: its manifest records the deals of each scenario, as ``euchrelab size``
    gave them), and how many of its table replications do not decide."""
    not_deciding: Counter = Counter()
    for e in entries:
        for r in e.standing.replications:
            if r.run and r.engine != DOUBLE_DUMMY and r.source:
                not_deciding[r.source.partition("/")[0]] += not r.powered
    return tuple((name, bool(sized.get(name)), not_deciding[name]) for name in sorted(not_deciding))


# --- the ledger shipped with the package ------------------------------------------------------

SNAPSHOT = Path(__file__).parents[1] / "data" / "claims.json"
SNAPSHOT_ABOUT = ("The saved results the ledger of the book's claims reads (every study's verdicts.csv and the coups' "
                  "verdicts.json), as read from the checkout's reference runs in reports/ by `euchrelab claims --write` "
                  "(make claims). `euchrelab claims` reads it where no reports folder with saved results is at hand.")


def write_snapshot(saved: Saved, path=SNAPSHOT) -> Path:
    """``saved`` as the package's copy of the reference runs' results: one JSON object, a test a line."""
    data = saved.to_json()
    tests = ",\n".join(json.dumps(t, allow_nan=False, ensure_ascii=False) for t in data["tests"])
    text = (f'{{"about": {json.dumps(SNAPSHOT_ABOUT)},\n"sized": {json.dumps(data["sized"])},\n'
            f'"table_views": {json.dumps(data["table_views"], ensure_ascii=False)},\n"tests": [\n{tests}\n]}}\n')
    return write_text(Path(path), text)


def read_snapshot(path=SNAPSHOT) -> Saved:
    """The saved results :func:`write_snapshot` wrote."""
    path = Path(path)
    try:
        return Saved.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise EuchreError(f"{path} cannot be read as the claims' saved results: {exc}") from None


# The ledger's counts: supported, contradicted and negligible split by whether they are robust, and a claim
# supported or contradicted by estimates all inside the margin apart.
COUNTS = (f"{SUPPORTED} (robust)", SUPPORTED, f"{SUPPORTED}, {SMALL}", f"{CONTRADICTED} (robust)", CONTRADICTED,
          f"{CONTRADICTED}, {SMALL}", f"{NEGLIGIBLE} (robust)", NEGLIGIBLE, SPLIT, NOT_SHOWN, UNTESTED)


def describe(t: Result) -> str:
    """A test in a few words: its label, estimate and simultaneous interval."""
    if t.estimate is None:
        return t.label
    text = f"{t.label}, {number(t.estimate, t.margin)}"
    if t.ci is not None:
        text += f" [{number(t.ci[0], t.margin)}, {number(t.ci[1], t.margin)}]"
    return text + (f" {t.unit}" if t.unit else "")


def estimate_text(estimate: float | None, ci, margin: float | None = None) -> str:
    """An estimate and its interval as every view prints them: "+0.027 [+0.003, +0.052]"."""
    if ci is None or ci[0] is None or ci[1] is None:
        return number(estimate, margin)
    return f"{number(estimate, margin)} [{number(ci[0], margin)}, {number(ci[1], margin)}]"


def number(x: float | None, margin: float | None = None) -> str:
    """A signed estimate: four decimals when the margin is below 0.05 (game-win probabilities)."""
    if x is None:
        return "–"
    digits = 4 if margin is not None and margin < 0.05 else 3
    return f"{x:+.{digits}f}"


# --- reading the saved results --------------------------------------------------------------

REQUIRED = ("claim", "test", "estimate", "verdict")


def read_study_verdicts(path, study: str) -> list[Result]:
    """The tests of one study's ``verdicts.csv`` (new or old columns; see the module's notes)."""
    path = Path(path)
    try:
        frame = pd.read_csv(path, dtype={"claim": str, "key": str, "label": str, "test": str, "verdict": str})
    except (OSError, ValueError, pd.errors.ParserError) as exc:
        raise EuchreError(f"{path} cannot be read as a verdicts table: {str(exc).splitlines()[0]}") from None
    missing = [c for c in REQUIRED if c not in frame.columns]
    if missing:
        raise EuchreError(f"{path} is not a verdicts table: no column {', '.join(missing)}")
    tests, seen = [], Counter()
    for row in frame.to_dict("records"):
        claim = _text(row.get("claim"))
        word = _text(row.get("verdict"))
        verdict = OLD_WORDS.get(word, word)
        if verdict not in VERDICTS:
            raise EuchreError(f"{path}: unknown verdict {word!r} for {claim} (expected {', '.join(VERDICTS)})")
        seen[claim] += 1
        key = _text(row.get("key")) or (claim if seen[claim] == 1 else f"{claim}#{seen[claim]}")
        test = _text(row.get("test"))
        low, high = _number(row.get("sim_low")), _number(row.get("sim_high"))
        tests.append(Result(
            study=study, claim=claim, key=key, label=_text(row.get("label")) or test or key, test=test,
            verdict=verdict, estimate=_number(row.get("estimate")),
            ci=None if low is None or high is None else (low, high),
            margin=_number(row.get("margin")), unit=_text(row.get("unit")) or None,
            n=_whole(row.get("deals")), p_adjusted=_number(row.get("p_bonferroni", row.get("p_holm"))),
            material=_flag(row.get("material")), deals_needed=_whole(row.get("deals_needed")),
            se=_number(row.get("se")), dof=_number(row.get("dof")), gained=_whole(row.get("gained")),
            lost=_whole(row.get("lost")), **_model_of(row)))
    return tests


def _model_of(row: dict) -> dict:
    """A row's model; a file written before the model's columns existed: double-dummy (PIMC when its
    label says so), the first game for rubber points, the book's company, prescriptive."""
    label, unit = _text(row.get("label")), _text(row.get("unit"))
    engine = _text(row.get("engine")) or ("pimc" if "(PIMC)" in label else DOUBLE_DUMMY)
    if "state" in row:
        state = _text(row.get("state")) or None
    else:
        state = FIRST_GAME if unit == RUBBER else None
    return {"engine": engine, "state": state, "company": _text(row.get("company")) or BOOK_COMPANY,
            "permissive": bool(_flag(row.get("permissive"))), "play": _text(row.get("play_company")) or None}


def read_coup_verdicts(path) -> tuple[list[Result], dict[str, str]]:
    """The coups' remarks as tests of C1-C9, and each case's table-side view in a few words."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cases = data["cases"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise EuchreError(f"{path} cannot be read as the coups' verdicts: {exc}") from None
    tests, views = [], {}
    for case in cases:
        table = case.get("table_side") or {}
        choices = {c["claim"]: c for c in table.get("table_claims", [])}
        for remark in case.get("claims", []):
            word = remark.get("verdict")
            if word in COUP_NO_TEST:
                continue
            if word not in COUP_VERDICTS:
                raise EuchreError(f"{path}: unknown verdict {word!r} for {remark.get('id')}")
            text = remark.get("text", "")
            if word == "true only under a reading":
                text += f" — true only under a reading: {remark.get('reading', '')}"
            choice = choices.get(remark.get("id"))
            if choice is not None:
                lo, hi = choice["ci95"]
                margin = MARGINS[POINTS]       # in points of the coup player's side: the points' margin
                numbers = dict(estimate=_number(choice["mean_gain_points"]), ci=(lo, hi), unit=TABLE_UNIT,
                               n=_whole(choice.get("worlds")), margin=margin, material=lo > margin or hi < -margin)
            else:
                numbers = dict(unit="the printed deal, double-dummy")
            table_side = remark.get("kind", "").startswith("table-")
            how = "from the table" if table_side else "double-dummy"
            tests.append(Result(study=COUPS, claim=case["id"], key=remark["id"], label=f"{remark['id']} {how}",
                              test=text, verdict=COUP_VERDICTS[word], engine="pimc" if table_side else DOUBLE_DUMMY,
                              **numbers))
        if table.get("word"):
            lo, hi = table["ci95"]
            views[case["id"]] = (f"secondary, the coups report's table-side view: the coup {table['coup']} against "
                                 f"{table['natural']} from {table['player']}'s seat, {table['mean_gain_points']:+.3f} "
                                 f"[{lo:+.3f}, {hi:+.3f}] {TABLE_UNIT} (95%), {table['worlds']:,} worlds: "
                                 f"{table['word']}")
    return tests, views


def _text(x) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    return str(x).strip()


def _number(x) -> float | None:
    try:
        value = float(x)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _whole(x) -> int | None:
    value = _number(x)
    return None if value is None else int(value)


def _flag(x) -> bool | None:
    if isinstance(x, bool):
        return x
    text = _text(x).lower()
    return {"true": True, "false": False, "1": True, "0": False, "1.0": True, "0.0": False}.get(text)


# --- the ledger as pages --------------------------------------------------------------------

INTRO = (
    "Every claim of the chapter General Remarks of *The Laws of Euchre* (Leeds & Dwight, 1888) and of its "
    "nine coup cases, each with one answer. Each claim has one *primary test*, pre-registered before the runs "
    "that judge it: the hands, the book's action against the one the player would otherwise take on the same "
    "deals, the unit (net points per hand at love-all; net rubber points of the book's game for a claim that "
    "names a score) and the margin, the smallest effect that matters (0.05 points, 0.04 rubber points). The "
    "primary is repeated in *replication cells*, the same question under another play engine (double-dummy, "
    "which sees every card; the table, every seat playing PIMC reading the calls), company (the book's policy "
    "or the optimised policy in the three other chairs) and rubber state (the first game, one game all). A "
    "claim's status comes from those replications only: *supported* or *contradicted* when every replication "
    "that decides says so, *negligible* when every one that decides finds the effect inside the margin, "
    "*split* when they disagree (the axis that flips it is named, or two together: \"engine x state\"), "
    "*not shown* when none decides (with the deals that would), *untested* when the primary is not built yet (with what it waits for); *robust* when "
    "the deciding replications vary along two axes or more and agree; *smaller than the margin* when a claim is "
    "supported or contradicted by estimates all inside the margin (counted apart: right, or wrong, but by less "
    "than it matters); *unit-sensitive* when a claim in points, "
    "measured again in rubber points at love-all (its unit check), has there the opposite sign. Estimates are oriented so that a positive "
    "value means the book's advice gains. Every other test of a claim is *secondary*: shown in its fold, judged "
    "within its own study, never moving the status; a secondary test whose verdict is the opposite of the "
    "status is named. Nothing here is recomputed but the primaries' verdicts, from the estimates and standard "
    "errors saved in the studies' `verdicts.csv`."
)

# What the primaries here do not yet do as pre-registered, said on every page of the ledger.
NOT_YET = (
    "Not yet as pre-registered: the coups' continuation at the table reads the cards alone (the dealer's discard is "
    "unknown to the others), and so does L4's table replication (its contract is the study's: B's pass is read "
    "alike after a keeper and a non-keeper); L5's company axis is no replication (every call before the lone hand "
    "forced, the two companies play every deal alike); {sized}. A claim pooled over several scores has each score "
    "alone among its secondary tests (\"D2@44\"): one whose verdict is the opposite of the claim's status is named, a "
    "per-score flip."
)


def not_yet(ledger: Ledger) -> str:
    """:data:`NOT_YET` with the studies whose runs were extended by ``euchrelab size`` (read from their
    manifests), and every study with table replications that do not decide yet, sized or not: a sized
    run may have been extended in part, or as far as the time allowed."""
    done = [name for name, sized, _n in ledger.sized if sized]
    todo = [f"{name} ({n})" for name, _sized, n in ledger.sized if n]
    words = []
    if done:
        words.append(f"the table replications of {listed(done)} are extended to the deals `euchrelab size` gave them")
    if todo:
        words.append(f"those not deciding yet are in {listed(todo)}: each has the deals of its reference run and "
                     "says how many deals would decide it (or why none would)")
    return NOT_YET.format(sized=", ".join(words) if words else "every table replication decides")


REPLICATION_COLUMNS = ("engine", "company", "rubber state", "play company", "estimate", "simultaneous interval",
                       "in margins", "n", "verdict", "deals to decide", "judged by", "source")
# a replication's engine in its cell: the primary's two engines as the status's words name them
SHORT_CELL = {engine: ENGINE_WORDS[engine] for engine in (DOUBLE_DUMMY, AT_TABLE)}


def _replication_columns(p: Primary) -> list[str]:
    """The columns of a primary's replications (the rubber state only for rubber points, the play
    company only for card play)."""
    return [c for c in REPLICATION_COLUMNS if (c != "rubber state" or p.states != (None,))
            and (c != "play company" or p.plays != (None,))]

TEST_COLUMNS = ("study", "test", "model", "estimate", "simultaneous interval", "margin", "unit", "n",
                "p (Bonferroni)", "verdict", "deals needed")
VERDICT_COLUMN = TEST_COLUMNS.index("verdict")


def engine_short(engine: str) -> str:
    """A test's engine in a few words: the engine's short name (:mod:`analysis.play.registry`), or for a
    card-play rule set against PIMC's card, the book's play against it."""
    return f"{short_name('book')} against PIMC's card" if engine == AGAINST_PIMC else short_name(engine)


def model_cell(t) -> str:
    """A test's model in a few words (a :class:`Result` or a study's
    :class:`~analysis.experiment.stats.Claim`): engine, rubber state, company; the unit has its column."""
    parts = [engine_short(t.engine)]
    if t.state:
        parts.append(t.state)
    if t.company != BOOK_COMPANY:
        parts.append(t.company)
    if getattr(t, "play", None):
        parts.append("the others by the book's rules" if t.play == BOOK_RULES else f"the others: {t.play}")
    if t.permissive:
        parts.append("non-inferiority")
    return "; ".join(parts)


def _cells(t: Result) -> list[str]:
    verdict = t.verdict + (" (material)" if t.material else "")
    ci = "" if t.ci is None else f"[{number(t.ci[0], t.margin)}, {number(t.ci[1], t.margin)}]"
    return [t.study, t.label, model_cell(t), "" if t.estimate is None else number(t.estimate, t.margin), ci,
            "" if t.margin is None else f"±{t.margin:g}", t.unit or "", "" if t.n is None else f"{t.n:,}",
            _p_text(t.p_adjusted), verdict,
            "" if t.deals_needed is None else f"{t.deals_needed:,}"]


def _p_text(p: float | None) -> str:
    """A p-value as the tables show it ("< 1e-300" where it underflows)."""
    if p is None:
        return ""
    return "< 1e-300" if p == 0 else f"{p:.2g}"


def _counts_rows(ledger: Ledger) -> tuple[list[str], list[list[str]]]:
    frame = ledger.counts()
    head = [str(c) for c in frame.columns]
    return head, [[str(v) if v != 0 else "·" for v in row] for row in frame.itertuples(index=False)]


def _replication_cells(r: Replication, p: Primary) -> list[str]:
    cell = [SHORT_CELL.get(r.engine, r.engine), r.company]
    if p.states != (None,):
        cell.append(r.state or "")
    if p.plays != (None,):
        cell.append("the others by the book's rules" if r.play else "every seat PIMC")
    if not r.run:
        return [*cell, "", "", "", "", "not run", "", "", ""]
    margin = p.margin
    ci = "" if r.ci is None else f"[{number(r.ci[0], margin)}, {number(r.ci[1], margin)}]"
    multiples = "" if r.estimate is None else f"{r.estimate / margin:+.1f}"
    verdict = r.verdict + (" (material)" if r.material else "")
    return [*cell, number(r.estimate, margin), ci, multiples, "" if r.n is None else f"{r.n:,}", verdict,
            deals_cell(r), r.how, r.source]


def deals_cell(r: Replication) -> str:
    """A replication's deals to decide as its table shows them: the number, or where no number of
    deals decides it, why ("" where it decides)."""
    if r.powered or not r.run:
        return ""
    if r.settled:
        return r.settled
    return "" if r.deals_to_decide is None else f"{r.deals_to_decide:,}"


def undecidable(ledger: "Ledger") -> list[tuple[str, Replication]]:
    """Every replication run that no number of deals would decide if its estimates held: (claim, cell)."""
    return [(e.claim.id, r) for e in ledger.entries for r in e.standing.replications
            if r.run and not r.powered and r.settled]


def deciding_note(ledger: "Ledger") -> str:
    """The replications that do not decide, in a sentence: how many, where their deals are told,
    and each that no number of deals would decide, with why (the index shows it)."""
    run = [r for e in ledger.entries for r in e.standing.replications if r.run]
    idle = [r for r in run if not r.powered]
    if not idle:
        return f"Every one of the {len(run)} replications run decides."
    words = (f"Of the {len(run)} replications run, {len(idle)} do not decide: the claims' page gives for each the "
             "deals of its class that would decide it, by its test's own rule (where a threshold can hold it, "
             "if its estimate held), or why no number would.")
    never = undecidable(ledger)
    if never:
        words += (f" No number of deals would decide {len(never)} of them, if their estimates held: "
                  + "; ".join(f"{cid}, {r.words()} ({r.settled.partition(': ')[2] or r.settled})" for cid, r in never)
                  + ".")
    return words


def primary_text(p: Primary) -> str:
    """The primary test in words: what is compared, on which hands, in which unit."""
    unit = f"{p.unit}, margin {p.margin:g}, judged for {p.judged}"
    parts = [f"**Primary test** (pre-registered): {p.title}", f"Hands: {p.hands}" if p.hands else "",
             f"Decision: {p.decision}" if p.decision else "", f"Score: {p.score}" if p.score else "",
             f"Unit: {unit}.", f"Reading: {p.reading}" if p.reading else "",
             f"Replications: {', '.join(p.axes)}." if p.axes else "",
             f"*Built as:* {p.built_as}." if p.built_as else ""]
    return " ".join(x for x in parts if x)


def _disagreeing_text(e: Entry) -> str:
    if not e.disagreeing:
        return ""
    return (f"Secondary tests that say the opposite ({len(e.disagreeing)}): "
            + ", ".join(f"{t.study}/{t.key}" for t in e.disagreeing) + ".")


def render_markdown(ledger: Ledger) -> str:
    parts = ["# The book's claims, one by one", "", INTRO, "", PRIMARY_RULE, "", ledger.headline(), "", not_yet(ledger), "",
             md_grid(*_counts_rows(ledger)), ""]
    for part in dict.fromkeys(e.part for e in ledger.entries):
        entries = [e for e in ledger.entries if e.part == part]
        parts += [f"## {entries[0].claim.section}", ""]
        for e in entries:
            parts += [f"### {e.claim.id} — {e.count_as}", "", f"> {e.claim.text}", ""]
            if e.claim.reading:
                parts += [f"*Read as:* {e.claim.reading}", ""]
            parts += [primary_text(e.primary), "", e.summary[0].upper() + e.summary[1:] + ".", ""]
            if e.view_text:
                parts += [e.view_text, ""]
            if e.anchor_text:
                parts += [f"**Its number**: {e.anchor_text} ({e.anchor_where}).", ""]
            if e.standing.replications:
                parts += [md_grid(_replication_columns(e.primary),
                                  [_replication_cells(r, e.primary) for r in e.standing.replications]), ""]
            if e.disagreeing:
                parts += [_disagreeing_text(e), ""]
            if e.secondary:
                parts += [f"Secondary tests ({len(e.secondary)}):", "",
                          md_grid(list(TEST_COLUMNS), [_cells(t) for t in e.secondary]), ""]
    if ledger.foreign:
        parts += ["## Tests of claims outside the catalogue", "",
                  ", ".join(f"{t.claim} ({t.study}: {t.verdict})" for t in ledger.foreign), ""]
    return "\n".join(parts)


def counts_html(ledger: Ledger) -> str:
    """The counts by status per part of the book, as an HTML table (the index shows it too)."""
    return html_grid(*_counts_rows(ledger), css="counts")


def _tests_html(tests: tuple[Result, ...]) -> str:
    rows = []
    for t in tests:
        c = [html.escape(x) for x in _cells(t)]
        small = f"<small>{html.escape(t.test)}</small>" if t.test and t.test != t.label else ""
        c[1] = f'<td class="test">{c[1]}{small}</td>'
        c[VERDICT_COLUMN] = f'<td class="{t.verdict}">{c[VERDICT_COLUMN]}</td>'
        rows.append("<tr>" + "".join(x if x.startswith("<td") else f"<td>{x}</td>" for x in c) + "</tr>")
    th = "".join(f'<th class="test">{h}</th>' if h == "test" else f"<th>{h}</th>" for h in TEST_COLUMNS)
    return f'<table class="tests"><thead><tr>{th}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _replications_html(e: Entry) -> str:
    rows, columns = [], _replication_columns(e.primary)
    at = columns.index("verdict")
    for r in e.standing.replications:
        c = [html.escape(x) for x in _replication_cells(r, e.primary)]
        word = r.verdict if r.run else "not-run"
        c[at] = f'<td class="{word}">{c[at]}</td>'
        rows.append("<tr>" + "".join(x if x.startswith("<td") else f"<td>{x}</td>" for x in c) + "</tr>")
    th = "".join(f"<th>{h}</th>" for h in columns)
    return f'<table class="tests primary"><thead><tr>{th}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def render_html(ledger: Ledger, figures=()) -> str:
    """The ledger as a self-contained page; ``figures``: the file names of the figure of every claim
    beside it (its pages), shown after the counts."""
    parts = [*page_head("The book's claims, one by one", LEDGER_STYLE),
             '<p class="nav"><a href="index.html">All the reports</a> · <a href="claims.md">Markdown</a></p>',
             "<h1>The book's claims, one by one</h1>", f'<p class="headline">{html.escape(ledger.headline())}</p>',
             counts_html(ledger), f'<p class="note">{inline(not_yet(ledger))}</p>', f"<p>{inline(INTRO)}</p>",
             f'<p class="note">{inline(PRIMARY_RULE)}</p>']
    parts += [f'<figure><img alt="the claims of the book with their primary tests" src="{html.escape(name)}">'
              "</figure>" for name in figures]
    if figures:
        parts.append('<p class="note">Every claim\'s primary test, each replication a marker, in multiples of its '
                     "margin (the index explains the figure).</p>")
    sections = list(dict.fromkeys(e.claim.section for e in ledger.entries))
    parts.append('<p class="nav">' + " · ".join(
        f'<a href="#{_anchor(s)}">{html.escape(PARTS.get(s, s))}</a>' for s in sections) + "</p>")
    for section in sections:
        parts.append(f'<h2 id="{_anchor(section)}">{html.escape(section)}</h2>')
        for e in (e for e in ledger.entries if e.claim.section == section):
            parts.append(f'<section id="{html.escape(e.claim.id)}"><h3>{html.escape(e.claim.id)}'
                         f'<span class="status {e.status.replace(" ", "-")}">{html.escape(e.count_as)}</span></h3>')
            parts.append(f"<blockquote>{html.escape(e.claim.text)}</blockquote>")
            if e.claim.reading:
                parts.append(f'<p class="reading"><strong>Read as:</strong> {html.escape(e.claim.reading)}</p>')
            parts.append(f'<p class="primary">{inline(primary_text(e.primary))}</p>')
            parts.append(f'<p class="summary">{html.escape(e.summary[0].upper() + e.summary[1:])}.</p>')
            if e.view_text:
                parts.append(f'<p class="note">{html.escape(e.view_text)}</p>')
            if e.anchor_text:
                parts.append(f'<p class="answer"><strong>Its number</strong>: {html.escape(e.anchor_text)} '
                             f'({html.escape(e.anchor_where)}).</p>')
            if e.standing.replications:
                parts.append(_replications_html(e))
            if e.disagreeing:
                parts.append(f'<p class="note">{html.escape(_disagreeing_text(e))}</p>')
            if e.secondary:
                parts.append(f"<details><summary>Secondary tests ({len(e.secondary)})</summary>"
                             f"{_tests_html(e.secondary)}</details>")
            parts.append("</section>")
    if ledger.foreign:
        parts += ["<h2>Tests of claims outside the catalogue</h2>", "<p>" + html.escape(
            ", ".join(f"{t.claim} ({t.study}: {t.verdict})" for t in ledger.foreign)) + "</p>"]
    parts.append(PAGE_END)
    return "\n".join(parts) + "\n"


def _anchor(section: str) -> str:
    return PARTS.get(section, section).lower().replace(" ", "-")


def write_ledger(ledger: Ledger, reports_dir, figures=()) -> list[Path]:
    """``claims.md`` and ``claims.html`` in ``reports_dir`` (each whole or not at all); ``figures``
    as :func:`render_html` takes them."""
    reports_dir = Path(reports_dir)
    return [write_text(reports_dir / "claims.md", render_markdown(ledger)),
            write_text(reports_dir / "claims.html", render_html(ledger, figures))]


# --- the ledger as text (euchrelab claims) ----------------------------------------------------------

WIDTH = 99        # a line of text fits a terminal of 100 columns
TEXT_KEY = ("Under each claim, the replication that carries its status: its estimate (+: the book's advice gains), "
            "[its interval at the simultaneous level 1 - 0.05/57, 95% over the 57 primaries], unit, n (deals; the "
            "coups: worlds) and where it was measured.")


def claim_ids(names) -> list[str]:
    """The catalogue's ids of ``names`` (any case), each once in the order given; an unknown one
    raises, naming it and how ids look."""
    known = catalogue()
    out, unknown = [], []
    for name in names:
        cid = str(name).strip().upper()
        if cid not in known:
            unknown.append(str(name))
        elif cid not in out:
            out.append(cid)
    if unknown:
        raise EuchreError(f"no claim {' or '.join(repr(x) for x in unknown)} in the book: an id is a letter and a "
                          f"number, {id_ranges()}")
    return out


def id_ranges() -> str:
    """The catalogue's ids by part of the book: "E1-E11 (eldest hand), S1-S11 (second hand), ..."."""
    by_part: dict[str, list[str]] = {}
    for cid, c in catalogue().items():
        by_part.setdefault(PARTS.get(c.section, c.section), []).append(cid)
    return ", ".join(f"{ids[0]}-{ids[-1]} ({part.lower()})" for part, ids in by_part.items())


def status_text(e: Entry) -> str:
    """The status as the text shows it: with "(robust)", or a split's axis."""
    if e.status == SPLIT:
        return f"{SPLIT} ({e.standing.split_axis or 'several axes'})"
    return e.count_as


def text_head(e: Entry) -> str:
    """A claim's id and status, the start of its line in the text: the title from the 29th column,
    or two spaces after a status too long for its column ("supported, smaller than the margin")."""
    head = f"  {e.claim.id:<4}{status_text(e)}"
    return head.ljust(28) if len(head) < 28 else head + "  "


def replication_text(r: Replication, p: Primary) -> str:
    """A replication's estimate, interval, unit and deals: "+0.717 [+0.660, +0.775] points per hand, n 11,836"."""
    if r.estimate is None:
        return f"no estimate, n {r.n or 0:,}"
    return f"{estimate_text(r.estimate, r.ci, p.margin)} {p.unit}, n {r.n or 0:,}"


def _wrap(text: str, indent: str, hang: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=hang if hang is not None else indent,
                         break_on_hyphens=False, break_long_words=False) or [indent.rstrip()]


def render_text(ledger: Ledger) -> str:
    """The ledger in a terminal: the headline, then by part of the book each claim's id, status and
    primary test in a few words, and under it its carrier's estimate (or what an untested claim waits for)."""
    lines = [*_wrap(ledger.headline(), ""), *_wrap(TEXT_KEY, "")]
    section = None
    for e in ledger.entries:
        if e.claim.section != section:
            section = e.claim.section
            lines += ["", section]
        lines += _wrap(e.primary.title, text_head(e), " " * 28)
        r = e.standing.anchor
        if r is None:
            under = e.note or e.summary
            under = under[0].upper() + under[1:]
        else:
            under = f"{replication_text(r, e.primary)}; {r.words()}" + ("" if r.verdict == e.status else f": {r.verdict}")
            if e.primary.permissive:
                under += f" (non-inferiority: supported above -{e.primary.margin:g})"
        lines += _wrap(under, " " * 8, " " * 10)
    lines += ["", "A claim whole, with every replication and its secondary tests: euchrelab claims E1 (any ids)."]
    return "\n".join(lines) + "\n"


def why_not_deciding(r: Replication, p: Primary | None = None) -> str:
    """Why a replication that was run does not decide: the deals that would (by the rule of its
    primary ``p``: if its estimate held, where a threshold can hold it), or why none would."""
    if r.settled:
        return r.settled
    threshold = next((part.strip() for part in r.how.split(";") if " only " in part), "")
    held = ""
    if p is not None and rule_of(p) in ESTIMATE_HELD:
        held = " if its estimates held" if p.contrasts else " if its estimate held"
    deals = f"{r.deals_to_decide:,} deals of its class would decide it{held}" if r.deals_to_decide else ""
    return "; ".join(x for x in (threshold, deals) if x) or "its interval holds 0 and the margin"


def render_entry_text(e: Entry) -> str:
    """One claim whole: the book's words, the status, the primary test, every replication and the
    secondary tests in brief."""
    p = e.primary
    lines = [f"{e.claim.id} — {e.claim.section} — {status_text(e)}", *_wrap(e.claim.text, "  ")]
    if e.claim.reading:
        lines += _wrap(f"Read as: {e.claim.reading}", "  ")
    lines += _wrap(f"Status: {e.summary}.", "  ")
    if e.view_text:
        lines += _wrap(e.view_text, "  ")
    lines += ["", *_wrap(f"Primary test (pre-registered): {p.title}", "  ")]
    facts = [("Hands", p.hands), ("Compared", p.decision), ("Score", p.score), ("Reading", p.reading),
             ("Unit", f"{p.unit}, + means the book's advice gains; margin {p.margin:g}; judged for {p.judged}."),
             ("Replications", ", ".join(p.axes) if p.axes else "none: one cell"), ("Built as", p.built_as),
             ("Waits for", p.waits if not p.built else "")]
    for name, text in facts:
        if text:
            lines += _wrap(f"{name}: {text}", "    ", "      ")
    if e.standing.replications:
        lines += ["", f"  Replications ({len(e.standing.replications)}; the interval at the simultaneous level "
                      "1 - 0.05/57, 95% over the 57 primaries):"]
        for r in e.standing.replications:
            if not r.run:
                lines += _wrap(f"{r.words()}: not run", "    ", "      ")
                continue
            text = f"{r.words()}: {replication_text(r, p)}"
            if r.how.startswith("intersection-union"):
                text += f" (the binding contrast; {r.how})"
            text += f", {r.verdict}" + (" (material)" if r.material else "")
            if not r.powered:
                text += f"; does not decide: {why_not_deciding(r, p)}"
            lines += _wrap(text, "    ", "      ")
    if e.secondary:
        against = set(e.disagreeing)
        opposite = f"; {len(against)} say the opposite of the status, marked \"opposite\"" if against else ""
        lines += [""] + _wrap(f"Secondary tests ({len(e.secondary)}{opposite}; each judged within its own study, none "
                              "moves the status):", "  ")
        for t in e.secondary:
            if t.estimate is None:
                numbers = t.unit or "no estimate"
            else:
                numbers = f"{estimate_text(t.estimate, t.ci, t.margin)} {t.unit or ''}".rstrip() + \
                    ("" if t.n is None else f", n {t.n:,}")
            label = t.label.removeprefix(t.key).removeprefix(t.claim).strip()
            label = f" — {label}" if label else ""
            mark = ", opposite" if t in against else ""
            lines += _wrap(f"secondary {t.study}/{t.key}{label}: {numbers}, {t.verdict}{mark}", "    ", "      ")
    return "\n".join(lines) + "\n"

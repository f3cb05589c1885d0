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

Every test carries its model (:class:`analysis.experiment.stats.Model`: play engine, unit, rubber
state, company). A claim's status (:func:`status_of`): ``untested`` when nothing tests it (its
``note`` says what it waits for); ``mixed`` when tests under the same model disagree (the
entries of the claim, hands or scores, go different ways); ``model-dependent`` when each model's
tests agree but the models do not (the summary names the axis and the value that flips it);
else the verdict every test gives (supported, contradicted, negligible, inconclusive). ``robust``
is true when that verdict holds under two models or more, null when one model was tried (or the
claim is untested or mixed), false when it is model-dependent. Tests of ids outside the
catalogue (a study of one's own) are kept aside in :attr:`Ledger.foreign`.

:func:`write_ledger` writes the ledger as ``claims.md`` and a self-contained ``claims.html``;
``reports/index.html`` shows its counts by part of the book (:func:`analysis.reporting.report.write_index`).
"""
from __future__ import annotations

import html
import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from analysis.game import BookClaim, catalogue
from analysis.errors import EuchreError
from analysis.experiment.stats import (AGAINST_PIMC, BOOK_COMPANY, CONTRADICTED, DOUBLE_DUMMY, FIRST_GAME, INCONCLUSIVE,  # a test's verdict
                                       NEGLIGIBLE, SUPPORTED, VERDICTS, Model)
from analysis.experiment import GAME_WIN, POINTS, RUBBER
from analysis.reporting.markup import LEDGER_STYLE, PAGE_END, html_grid, inline, md_grid, page_head
from analysis.storage import write_text

MIXED, UNTESTED, MODEL_DEPENDENT = "mixed", "untested", "model-dependent"
STATUSES = (SUPPORTED, CONTRADICTED, MODEL_DEPENDENT, MIXED, NEGLIGIBLE, INCONCLUSIVE, UNTESTED)   # a claim's status
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

# --- what an untested claim waits for -------------------------------------------------------

PLAY = "needs card play that does not see the hidden cards (table-side play engine)"
BRIDGE = "needs the bridge study: the ways of keeping it against the adversaries' lone policies, in rubber points"
DISCARD = "needs a discard study: the book's discard against the others, on the same deals"
SCORE_BIDDING = "needs a study of bidding at the scores it names, valued in rubber points (the score study)"
BIDDING = "needs a round-one bidding study of this advice: calling against passing on the same deals"
LONE = "needs a lone-hands study of this case: alone against with the partner on the same deals"
COUPS_NOTE = "needs the coups' saved verdicts: run `euchrelab coups --out REPORTS/coups`"



def waits_for(claim: BookClaim) -> str:
    """What an untested claim needs before it can be tested: the catalogue's word (``waits``), else
    what its kind needs."""
    kind = set(claim.kind)
    if claim.waits:
        return claim.waits
    if "play" in kind:
        return PLAY
    if "coup" in kind:
        return COUPS_NOTE
    if "bridge" in kind:
        return BRIDGE
    if "discard" in kind:
        return DISCARD
    if "score" in kind:
        return SCORE_BIDDING
    if "lone" in kind:
        return LONE
    return BIDDING


# --- the ledger -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    """One test of a claim, as its study saved it."""

    study: str
    claim: str                 # the catalogue id
    key: str                   # the test's name in its study
    label: str                 # a few words
    test: str                  # what is compared, in words
    verdict: str               # one of VERDICTS
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

    @property
    def model(self) -> Model:
        return Model(self.engine, self.unit or "", self.state, self.company)

    def as_dict(self) -> dict:
        return {"study": self.study, "key": self.key, "label": self.label, "test": self.test,
                "estimate": self.estimate, "ci": None if self.ci is None else list(self.ci),
                "margin": self.margin, "unit": self.unit, "n": self.n, "verdict": self.verdict,
                "material": self.material, "p_adjusted": self.p_adjusted, "deals_needed": self.deals_needed,
                "model": self.model.as_dict(), "permissive": self.permissive}


@dataclass(frozen=True)
class Entry:
    """A claim of the catalogue with its status and its tests."""

    claim: BookClaim
    status: str
    summary: str               # one line
    note: str | None           # what an untested claim waits for
    tests: tuple[Result, ...]
    robust: bool | None = None # see the module's notes

    @property
    def part(self) -> str:
        return PARTS.get(self.claim.section, self.claim.section)

    @property
    def study(self) -> str | None:
        """The study that tests the claim (several joined by ", "), or None."""
        names = list(dict.fromkeys(t.study for t in self.tests))
        return ", ".join(names) or None

    def as_dict(self) -> dict:
        return {"id": self.claim.id, "part": self.part, "kind": list(self.claim.kind), "status": self.status,
                "robust": self.robust, "summary": self.summary, "note": self.note, "reading": self.claim.reading,
                "study": self.study,
                "models": len({t.model for t in self.tests}), "tests": [t.as_dict() for t in self.tests]}

    @property
    def count_as(self) -> str:
        """The column the ledger's counts put the claim in (:data:`COUNTS`)."""
        if self.status in (SUPPORTED, CONTRADICTED):
            return f"{self.status} (robust)" if self.robust else f"{self.status} (one model)"
        return self.status


@dataclass(frozen=True)
class Ledger:
    entries: list[Entry]       # every claim of the catalogue, in its order
    foreign: list[Result]        # tests of ids outside the catalogue

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


def build_ledger(reports_dir) -> Ledger:
    """The ledger of the results saved under ``reports_dir`` (which must exist)."""
    reports_dir = Path(reports_dir)
    if not reports_dir.is_dir():
        raise EuchreError(f"{reports_dir} is not a folder: give the reports folder (default reports)")
    tests: list[Result] = []
    for folder in sorted(p for p in reports_dir.iterdir() if p.is_dir()):
        if (folder / "verdicts.csv").exists():
            tests += read_study_verdicts(folder / "verdicts.csv", folder.name)
    coups = reports_dir / COUPS / COUP_FILE
    table_views: dict[str, str] = {}
    if coups.exists():
        coup_tests, table_views = read_coup_verdicts(coups)
        tests += coup_tests
    known = catalogue()
    by_claim: dict[str, list[Result]] = {}
    for t in tests:
        by_claim.setdefault(t.claim, []).append(t)
    entries = [_entry(c, tuple(by_claim.get(cid, ())), table_views.get(cid)) for cid, c in known.items()]
    return Ledger(entries, [t for t in tests if t.claim not in known])


# The ledger's counts: supported and contradicted split by whether more than one model agrees.
COUNTS = (f"{SUPPORTED} (robust)", f"{SUPPORTED} (one model)", f"{CONTRADICTED} (robust)", f"{CONTRADICTED} (one model)",
          MODEL_DEPENDENT, MIXED, NEGLIGIBLE, INCONCLUSIVE, UNTESTED)


def status_of(tests) -> tuple[str, bool | None]:
    """A claim's status and whether it is robust, from its tests (the rule in the module's notes)."""
    if not tests:
        return UNTESTED, None
    by_model = {m: {t.verdict for t in ts} for m, ts in _by_model(tests).items()}
    if any(len(v) > 1 for v in by_model.values()):
        return MIXED, None
    verdicts = {next(iter(v)) for v in by_model.values()}
    if len(verdicts) > 1:
        return MODEL_DEPENDENT, False
    return verdicts.pop(), (True if len(by_model) > 1 else None)


def _by_model(tests) -> dict[Model, list[Result]]:
    """The tests grouped by their model, in the order first seen."""
    out: dict[Model, list[Result]] = {}
    for t in tests:
        out.setdefault(t.model, []).append(t)
    return out


ENGINE_WORDS = {DOUBLE_DUMMY: "double-dummy", "pimc": "at the table (PIMC)",
                "pimc-calls": "at the table (PIMC reading the calls)", "book": "with the book's card play at the table",
                AGAINST_PIMC: "against PIMC's card in the rules' place (the book's card play at the table)"}
UNIT_WORDS = {POINTS: "in points per hand", GAME_WIN: "in game-win", RUBBER: "in rubber points"}


def _axis_words(axis: str, value) -> str:
    if axis == "engine":
        return ENGINE_WORDS.get(value, f"comparing {value}")
    if axis == "unit":
        return UNIT_WORDS.get(value, f"in {value}")
    if axis == "state":
        return "in the first game" if value == FIRST_GAME else f"at {value}" if value else "outside the rubber"
    return "in the book's company" if value == BOOK_COMPANY else f"against {value}"


def _model_words(m: Model) -> str:
    parts = [_axis_words("engine", m.engine), _axis_words("unit", m.unit)]
    if m.state:
        parts.append(_axis_words("state", m.state))
    if m.company != BOOK_COMPANY:
        parts.append(_axis_words("company", m.company))
    return " ".join(parts)


def flips(tests) -> str:
    """Of a model-dependent claim: the axis whose value sets the verdict, in words ("contradicted in
    rubber points; supported in game-win and in points per hand"), or each model's verdict when no
    one axis does."""
    verdict = {m: ts[0].verdict for m, ts in _by_model(tests).items()}     # one verdict a model: not mixed
    for axis in ("unit", "state", "engine", "company"):
        by_value: dict = {}
        for m in verdict:
            by_value.setdefault(getattr(m, axis), set()).add(verdict[m])
        if len(by_value) < 2 or any(len(v) > 1 for v in by_value.values()) \
                or len({next(iter(v)) for v in by_value.values()}) < 2:
            continue
        said: dict[str, list[str]] = {}
        for value, v in by_value.items():
            if axis == "state" and value is None:     # the tests in units the rubber does not value
                units = dict.fromkeys(m.unit for m in verdict if m.state is None)
                words = " and ".join(_axis_words("unit", u) for u in units)
            else:
                words = _axis_words(axis, value)
            said.setdefault(next(iter(v)), []).append(words)
        return "; ".join(f"{w} {' and '.join(values)}" for w, values in said.items())
    said = {}
    for m, w in verdict.items():
        said.setdefault(w, []).append(_model_words(m))
    return "; ".join(f"{w} {', '.join(values)}" for w, values in said.items())


def _entry(claim: BookClaim, tests: tuple[Result, ...], table_view: str | None) -> Entry:
    status, robust = status_of(tests)
    if status == UNTESTED:
        note = waits_for(claim)
        return Entry(claim, UNTESTED, f"untested: {note}", note, tests)
    summary = _summary(status, tests, robust)
    if table_view:
        summary += f"; {table_view}"
    return Entry(claim, status, summary, None, tests, robust)


def _summary(status: str, tests: tuple[Result, ...], robust: bool | None = None) -> str:
    if status == MODEL_DEPENDENT:
        return f"{status}: {flips(tests)}"
    if len(tests) == 1:
        return f"{status}: {describe(tests[0])}"
    if status != MIXED:
        every = "both tests" if len(tests) == 2 else f"all {len(tests)} tests"
        models = len({t.model for t in tests})
        under = f", under {models} models" if robust else ", under one model" if models == 1 else ""
        return f"{status} by {every}{under} ({'; '.join(t.label for t in tests)})"
    by_model = _by_model(tests)
    if len(by_model) > 1:     # each model's tally: where the entries go, and how the models differ
        return "mixed: " + "; ".join(f"{_model_words(m)}: {_tally(ts)}" for m, ts in by_model.items())
    counts = Counter(t.verdict for t in tests)
    lead = max(VERDICTS, key=lambda v: (counts[v], -VERDICTS.index(v)))
    others = "; ".join(f"{t.label} ({t.verdict})" for t in tests if t.verdict != lead)
    return f"mixed: {_tally(tests)}; not {lead}: {others}"


def _tally(tests) -> str:
    counts = Counter(t.verdict for t in tests)
    return ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v])


def describe(t: Result) -> str:
    """A test in a few words: its label, estimate and simultaneous interval."""
    if t.estimate is None:
        return t.label
    text = f"{t.label}, {number(t.estimate, t.margin)}"
    if t.ci is not None:
        text += f" [{number(t.ci[0], t.margin)}, {number(t.ci[1], t.margin)}]"
    return text + (f" {t.unit}" if t.unit else "")


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
            **_model_of(row)))
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
            "permissive": bool(_flag(row.get("permissive")))}


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
                numbers = dict(estimate=_number(choice["mean_gain_points"]), ci=(lo, hi), unit=TABLE_UNIT,
                               n=_whole(choice.get("worlds")))
            else:
                numbers = dict(unit="the printed deal, double-dummy")
            table_side = remark.get("kind", "").startswith("table-")
            how = "from the table" if table_side else "double-dummy"
            tests.append(Result(study=COUPS, claim=case["id"], key=remark["id"], label=f"{remark['id']} {how}",
                              test=text, verdict=COUP_VERDICTS[word], engine="pimc" if table_side else DOUBLE_DUMMY,
                              **numbers))
        if table.get("word"):
            lo, hi = table["ci95"]
            views[case["id"]] = (f"the coup {table['coup']} against {table['natural']} from {table['player']}'s seat: "
                                 f"{table['mean_gain_points']:+.3f} [{lo:+.3f}, {hi:+.3f}] points over "
                                 f"{table['worlds']} worlds, {table['word']}")
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
    "nine coup cases, with the tests the studies made of it. Each test is measured under a *model*: the card "
    "play (double-dummy, which sees every card; PIMC or the book's card-play rules at the table, players who "
    "see only their own cards), the unit (points per hand, the probability of winning the game, net rubber "
    "points), the rubber state of a test in rubber points (the first game, one game all) and the company (the "
    "other players: the book's, unless the test names others). A claim's status is *supported*, "
    "*contradicted*, *negligible* or *inconclusive* when every test agrees, and *robust* when they agree under "
    "two models or more; *model-dependent* when each model's tests agree but the models do not (the summary "
    "names what flips it); *mixed* when tests under the same model disagree; *untested* when no study tests it "
    "yet (then it says what it waits for). Estimates are oriented so that a positive value means the book's "
    "advice gains; the interval is the simultaneous interval of the study's tests under the same model (for a "
    "coup's table-side remark, its 95% interval); a test is *negligible* when the interval lies inside the "
    "margin, else *supported* when it lies above 0, *contradicted* below 0, *inconclusive* otherwise, and "
    "*material* when it lies beyond the margin; a sentence that only permits (\"may\") is judged for "
    "non-inferiority (*supported* when the book's option is not worse by more than the margin). "
    "Nothing here is recomputed: it is read from the studies' `verdicts.csv` and the coups' `verdicts.json`."
)

TEST_COLUMNS = ("study", "test", "model", "estimate", "simultaneous interval", "margin", "unit", "n",
                "p (Bonferroni)", "verdict", "deals needed")
VERDICT_COLUMN = TEST_COLUMNS.index("verdict")
SHORT_ENGINE = {DOUBLE_DUMMY: "double-dummy", "pimc": "PIMC", "pimc-calls": "PIMC, calls", "book": "book's play",
                AGAINST_PIMC: "book's play against PIMC's card"}


def model_cell(t) -> str:
    """A test's model in a few words (a :class:`Result` or a study's
    :class:`~analysis.experiment.stats.Claim`): engine, rubber state, company; the unit has its column."""
    parts = [SHORT_ENGINE.get(t.engine, t.engine)]
    if t.state:
        parts.append(t.state)
    if t.company != BOOK_COMPANY:
        parts.append(t.company)
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


def render_markdown(ledger: Ledger) -> str:
    parts = ["# The book's claims, one by one", "", INTRO, "", md_grid(*_counts_rows(ledger)), ""]
    for part in dict.fromkeys(e.part for e in ledger.entries):
        entries = [e for e in ledger.entries if e.part == part]
        parts += [f"## {entries[0].claim.section}", ""]
        for e in entries:
            parts += [f"### {e.claim.id} — {e.count_as}", "", f"> {e.claim.text}", ""]
            if e.claim.reading:
                parts += [f"*Read as:* {e.claim.reading}", ""]
            if e.status == UNTESTED:
                parts += [f"*Untested:* {e.note}.", ""]
                continue
            parts += [e.summary[0].upper() + e.summary[1:] + ".", "",
                      md_grid(list(TEST_COLUMNS), [_cells(t) for t in e.tests]), ""]
            read = [f"- {t.label}: {t.test} ({t.study}; its report states the readings)"
                    for t in e.tests if t.test and t.test != t.label]
            if read:
                parts += ["Tested as:", "", *read, ""]
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


def render_html(ledger: Ledger, figures=()) -> str:
    """The ledger as a self-contained page; ``figures``: the file names of the figure of every claim
    beside it (its pages), shown after the counts."""
    parts = [*page_head("The book's claims, one by one", LEDGER_STYLE),
             '<p class="nav"><a href="index.html">All the reports</a> · <a href="claims.md">Markdown</a></p>',
             "<h1>The book's claims, one by one</h1>", f"<p>{inline(INTRO)}</p>", counts_html(ledger)]
    parts += [f'<figure><img alt="the claims of the book with their tests" src="{html.escape(name)}"></figure>'
              for name in figures]
    if figures:
        parts.append('<p class="note">Every claim with its tests, each in multiples of its margin (the index '
                     "explains the figure).</p>")
    sections = list(dict.fromkeys(e.claim.section for e in ledger.entries))
    parts.append('<p class="nav">' + " · ".join(
        f'<a href="#{_anchor(s)}">{html.escape(PARTS.get(s, s))}</a>' for s in sections) + "</p>")
    for section in sections:
        parts.append(f'<h2 id="{_anchor(section)}">{html.escape(section)}</h2>')
        for e in (e for e in ledger.entries if e.claim.section == section):
            parts.append(f'<section id="{html.escape(e.claim.id)}"><h3>{html.escape(e.claim.id)}'
                         f'<span class="status {e.status}">{html.escape(e.count_as)}</span></h3>')
            parts.append(f"<blockquote>{html.escape(e.claim.text)}</blockquote>")
            if e.claim.reading:
                parts.append(f'<p class="reading"><strong>Read as:</strong> {html.escape(e.claim.reading)}</p>')
            if e.status == UNTESTED:
                parts.append(f'<p class="waits"><strong>Untested:</strong> {inline(e.note)}.</p>')
            else:
                parts.append(f'<p class="summary">{html.escape(e.summary[0].upper() + e.summary[1:])}.</p>')
                parts.append(_tests_html(e.tests))
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

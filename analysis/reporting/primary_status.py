"""A claim's status from its primary test's replications only (the rule of
:data:`analysis.experiment.stats.PRIMARY_RULE` and the pre-registration's status words).

Each replication cell the primary names (engine x company x rubber state x play company) is judged on its own,
the multiplicity family being the 57 primaries within that cell. From the cells that *decide*
(a verdict other than inconclusive):

- *supported* / *contradicted* / *negligible*: at least one decides and every one that decides
  says so;
- *split*: the deciding cells disagree; the axis along which the verdict changes is named, with
  each side's verdict ("split (engine): supported double-dummy, negligible at the table"), or where
  no axis alone sets it, the two that do together, an interaction ("split (engine x state):
  negligible double-dummy, at one game all; contradicted in the other deciding cells"); a coup's
  company is how its calls are read ("calls");
- *not shown*: none decides (each with the deals that would decide it, :func:`deals_to_decide`,
  or why none would);
- *untested*: the primary is not built (what it waits for).

A claim supported or contradicted by deciding cells whose estimates all lie inside the margin is
so "smaller than the margin" (``small``): its status is unchanged, its status line and count say so
(one where only some do says in how many; a split where all do says so too).

Beside it: *robust* when the deciding cells vary along at least two axes and agree; the cells
that do not decide; the axes along which deciding cells differing in that axis alone disagree in
sign (``flips``); *unit-sensitive* when a claim in points has, in some cell where its replication
decides, its unit check (the same test in rubber points of the first game at love-all, key
``<key>.rp``) estimated with the opposite sign. Secondary tests never move a status.
"""
from __future__ import annotations

import itertools
import math

from dataclasses import dataclass, field, replace

from analysis.experiment.stats import CONTRADICTED, EXACT_BELOW, INCONCLUSIVE, NEGLIGIBLE, SUPPORTED, judge_primary
from analysis.play.registry import AT_THE_TABLE, short_name
from analysis.game.primary import (AT_TABLE, BOOK, BOOK_RULES, DOUBLE_DUMMY, FAMILY, FIRST_GAME, POINTS, RUBBER,
                                   Primary)

SPLIT, NOT_SHOWN, UNTESTED = "split", "not shown", "untested"
STATUSES = (SUPPORTED, CONTRADICTED, NEGLIGIBLE, SPLIT, NOT_SHOWN, UNTESTED)
CELL_AXES = ("engine", "company", "state", "play company")

ENGINE_WORDS = {DOUBLE_DUMMY: short_name(DOUBLE_DUMMY), AT_TABLE: AT_THE_TABLE, "pimc": f"continued {AT_THE_TABLE}"}
COMPANY_WORDS = {BOOK: "in the book's company", "optimised": "in the optimised company",
                 "necessary": "the calls read by their necessary conditions", "printed deal": "on the printed deal"}
STATE_WORDS = {FIRST_GAME: "in the first game", "one game all": "at one game all", "one game up": "a game up"}
PLAY_WORDS = {None: "with every seat PIMC", BOOK_RULES: "with the three others playing the book's card-play rules"}
PRINTED = ".printed"      # a coup's check on the printed deal, (a)


CALLS_WORDS = {"necessary": "with the calls read by their necessary conditions",
               BOOK: "with the calls read as the book's company bids them"}    # a coup's company


def cell_words(axis: str, value) -> str:
    words = {"engine": ENGINE_WORDS, "company": COMPANY_WORDS, "state": STATE_WORDS, "play company": PLAY_WORDS,
             "calls": CALLS_WORDS}
    return words[axis].get(value, str(value))


@dataclass(frozen=True)
class Replication:
    """One cell of a primary: where it was measured and, when it was, its estimate and verdict."""

    engine: str
    company: str
    state: str | None
    play: str | None = None                    # the play company: None, every seat the engine's player
    estimate: float | None = None
    ci: tuple[float, float] | None = None      # the simultaneous interval (Student's t, family 57)
    n: int | None = None
    verdict: str | None = None                 # None: not run
    material: bool = False
    deals_to_decide: int | None = None
    how: str = ""
    source: str = ""                           # study/key
    settled: str = ""                          # why no number of deals decides it ("" where some would)

    @property
    def run(self) -> bool:
        return self.verdict is not None

    @property
    def powered(self) -> bool:
        """The replication decides: a verdict other than inconclusive."""
        return self.verdict not in (None, INCONCLUSIVE)

    def value(self, axis: str):
        return self.play if axis == "play company" else getattr(self, axis)

    def words(self) -> str:
        parts = [cell_words("engine", self.engine), cell_words("company", self.company)]
        if self.state:
            parts.append(cell_words("state", self.state))
        if self.play:
            parts.append(cell_words("play company", self.play))
        return ", ".join(parts)

    def as_dict(self) -> dict:
        return {"engine": self.engine, "company": self.company, "state": self.state, "play_company": self.play,
                "estimate": self.estimate,
                "ci": None if self.ci is None else list(self.ci), "n": self.n, "powered": self.powered,
                "verdict": self.verdict if self.run else "not run", "material": self.material,
                "deals_to_decide": self.deals_to_decide, "judged_by": self.how or None, "source": self.source or None,
                "settled": self.settled or None, "cell": self.words()}


@dataclass(frozen=True)
class Standing:
    """A claim's status from its primary."""

    status: str
    words: str                                   # the status line
    replications: tuple[Replication, ...] = ()   # every cell the primary names, the anchor cell first
    robust: bool = False
    flips: tuple[str, ...] = ()
    split_axis: str | None = None
    unit_sensitive: bool | None = None           # None: the other unit's check was not run
    used: frozenset = field(default_factory=frozenset)   # the (study, key) of the tests the primary read
    carrier: Replication | None = None           # the test that sets the status where no replication does
    small: bool = False                          # supported or contradicted, every deciding estimate inside +-m

    @property
    def not_deciding(self) -> list[Replication]:
        return [r for r in self.replications if r.run and not r.powered]

    @property
    def anchor(self) -> Replication | None:
        """The replication that carries the status, the one number every view shows for the claim: the
        first (in the pre-registered order, the anchor cell first) whose verdict is the status; for a
        split or a claim not shown, where none is, the first that decides, else the first run; None
        when none is run. A coup contradicted on its printed deal: that check."""
        if self.carrier is not None:
            return self.carrier
        run = [r for r in self.replications if r.run]
        return next((r for r in run if r.verdict == self.status), None) or \
            next((r for r in run if r.powered), None) or (run[0] if run else None)


def replication_of(primary: Primary, test, cell) -> Replication:
    """A saved test (a ledger's Result) judged as one cell of ``primary``; an intersection-union
    primary's cell is a dict of its contrasts' tests (:func:`intersection_union`)."""
    if isinstance(test, dict):
        return intersection_union(primary, test, cell)
    j = _judged(primary, test, primary.permissive)
    ci = None if j.low != j.low else (j.low, j.high)
    verdict, how = j.verdict, j.how
    if verdict == SUPPORTED and primary.support_above > 0 and not j.low > primary.support_above:
        verdict, how = INCONCLUSIVE, f"{how}; supported only above +{primary.support_above:g}"
    if primary.judged == "coup" and verdict == CONTRADICTED and not j.high < -primary.margin:
        verdict, how = INCONCLUSIVE, f"{how}; contradicted only below -{primary.margin:g}"
    needed, settled = None, ""
    if verdict == INCONCLUSIVE and ci is not None:
        needed, settled = deals_to_decide(primary, [(test.estimate, j.low, j.high)], test.n or 0)
    return Replication(*cell, test.estimate, ci, test.n, verdict, j.material, needed, how,
                       f"{test.study}/{test.key}", settled)


def rule_of(primary: Primary) -> str:
    """The rule a primary's replication is decided by, as :func:`deals_to_decide` reads it:
    ``superiority`` (also a comparative or valuation test: negligible inside the margin, else
    supported above 0, contradicted below 0), ``non-inferiority`` (supported above minus the margin,
    contradicted below it), ``threshold`` (the same as superiority, but supported only above the
    claim's ``support_above``), ``coup`` (a threshold test contradicted only below minus the margin)
    or ``intersection-union``."""
    if primary.contrasts:
        return "intersection-union"
    if primary.judged == "coup":
        return "coup"
    if primary.permissive:
        return "non-inferiority"
    return "threshold" if primary.support_above > 0 else "superiority"


ESTIMATE_HELD = ("non-inferiority", "threshold", "coup", "intersection-union")   # deals to decide if the estimate held


def reach(primary: Primary, parts) -> float:
    """The fraction of its present half-width(s) below which a replication decides by its primary's
    own rule (0: at none). ``parts``: (estimate, low, high) of each interval, one for a single test,
    one a contrast for an intersection-union test, every interval shrinking alike with more deals.

    - superiority: any estimate decides once the half-width is half the margin (an interval of
      width m about any point excludes 0 or lies inside +-m), so the fraction is m/2 over it;
    - every other rule has a threshold on which an estimate can stand and never decide, so the
      fraction is the one at which the interval about the estimate held would decide:
      non-inferiority, the distance of the estimate from minus the margin; a threshold test, the
      largest of its distances above the threshold (supported), inside the margin (negligible) and
      below 0 (contradicted; a coup: below minus the margin); an intersection-union test, every
      contrast inside the margin (negligible), every contrast above its bar (supported), or one
      below minus the margin (contradicted, by its interval adjusted for the contrasts)."""
    m, bar = primary.margin, primary.support_above
    rule = rule_of(primary)
    if rule == "intersection-union":     # (estimate, low, high, and the interval adjusted for the contrasts)
        parts = [(e, (high - low) / 2, (ahigh - alow) / 2) for e, low, high, alow, ahigh in parts]
        if not parts or any(not (h > 0 and a > 0 and math.isfinite(a) and math.isfinite(e)) for e, h, a in parts):
            return 0.0
        negligible = min((m - abs(e)) / h for e, h, _a in parts)
        support = min((e - bar) / h for e, h, _a in parts)
        contradict = max((-m - e) / a for e, _h, a in parts)
        return max(negligible, support, contradict, 0.0)
    parts = [(e, (high - low) / 2) for e, low, high in parts]
    if not parts or any(not (h > 0 and math.isfinite(h) and math.isfinite(e)) for e, h in parts):
        return 0.0
    (e, h), = parts
    if rule == "superiority":
        return m / 2 / h
    if rule == "non-inferiority":
        return abs(e + m) / h
    floor = -m if rule == "coup" else 0.0
    return max(e - bar, min(e + m, m - e), floor - e, 0.0) / h


def deals_to_decide(primary: Primary, parts, n: int, names=()) -> tuple[int | None, str]:
    """The deals of its class at which a replication that does not decide would (see :func:`reach`:
    the half-width falls as one over the root of the deals), and, where no number of deals would,
    why (the ``settled`` words; then the deals are None); ``names``: an intersection-union test's
    contrasts, in the order of ``parts``. Below the exact test's 30 deals, at least 30."""
    if not n or not parts or any(not math.isfinite(x) for part in parts for x in part):
        return None, ""
    r = reach(primary, parts)
    if not r > 0:
        return None, _settled(primary, parts, names)
    needed = math.floor(n / r ** 2) + 1
    return (max(needed, EXACT_BELOW) if n < EXACT_BELOW else needed), ""


def _settled(primary: Primary, parts, names=()) -> str:
    """Why no number of deals decides a replication if its estimates held (:func:`reach` is 0)."""
    m, bar = primary.margin, primary.support_above
    rule = rule_of(primary)
    if rule == "intersection-union":
        digits = 4 if m < 0.05 else 3      # as the ledger prints an estimate in its unit

        def named(chosen) -> str:
            return ", ".join(f"{c} {part[0]:+.{digits}f}" for c, part in zip(names, parts) if chosen(part[0]))

        def lie(words: str) -> str:
            return "lies" if "," not in words else "lie"
        between, above = named(lambda e: -m <= e <= bar), named(lambda e: abs(e) >= m)
        why = f"{between} {lie(between)} between {-m:+.2f} and {bar:+.2f}, so it is neither supported nor contradicted"
        if above:
            why += f"; {above} {lie(above)} outside \u00b1{m:.2f}, so it is not negligible"
        return f"if the estimates held, no number of deals would decide it: {why}"
    e = parts[0][0]
    on = {"non-inferiority": -m, "coup": -m if e < 0 else bar}.get(rule, bar)
    return f"if the estimate held, no number of deals would decide it: {e:+.4f} lies on {on:+.2f}"


def _judged(primary: Primary, test, permissive: bool, family: int = FAMILY):
    signs = (test.gained, test.lost) if test.gained is not None and test.lost is not None else None
    return judge_primary(test.estimate if test.estimate is not None else float("nan"),
                         test.se if test.se is not None else float("nan"), test.n or 0, primary.margin,
                         permissive, test.dof, family, signs)


def intersection_union(primary: Primary, tests: dict, cell) -> Replication:
    """One cell of an intersection-union primary, each contrast judged by the primaries' rule:
    negligible when every contrast's interval lies inside minus to plus the margin, supported when
    every contrast's lower bound is above ``support_above`` (each an intersection-union test: every
    contrast must pass, at the primaries' level unadjusted), contradicted when any contrast's upper
    bound is below minus the margin, that union adjusted for the contrasts (each contrast's interval
    at 1 - 0.05/(57 k) for k contrasts, Bonferroni), else inconclusive. Its estimate and interval (at
    the primaries' level, as every replication's) are the contrast that binds: for a contradicted
    cell, the one whose adjusted interval lies lowest (that interval in ``how``); else the one with
    the lowest lower bound."""
    missing = [c for c in primary.contrasts if c not in tests]
    if missing:
        return Replication(*cell, how=f"contrasts not run: {', '.join(missing)}")
    k = len(primary.contrasts)
    judged = {c: (tests[c], _judged(primary, tests[c], False), _judged(primary, tests[c], False, FAMILY * k))
              for c in primary.contrasts}
    m, bar = primary.margin, primary.support_above
    if all(-m < j.low and j.high < m for _t, j, _a in judged.values()):
        verdict = NEGLIGIBLE
    elif all(j.low > bar for _t, j, _a in judged.values()):
        verdict = SUPPORTED
    elif any(a.high < -m for _t, _j, a in judged.values()):
        verdict = CONTRADICTED
    else:
        verdict = INCONCLUSIVE
    if verdict == CONTRADICTED:      # binds: the contrast whose adjusted interval lies lowest
        binds = min(judged, key=lambda c: judged[c][2].high)
    else:
        binds = min(judged, key=lambda c: judged[c][1].low if judged[c][1].low == judged[c][1].low else float("-inf"))
    t, j, adjusted = judged[binds]
    needed, settled = None, ""
    if verdict == INCONCLUSIVE:
        parts = [(tt.estimate if tt.estimate is not None else float("nan"), jj.low, jj.high, aa.low, aa.high)
                 for tt, jj, aa in judged.values()]
        needed, settled = deals_to_decide(primary, parts, min(tt.n or 0 for tt, _j, _a in judged.values()),
                                          list(judged))
    how = "intersection-union: " + "; ".join(f"{c} {tt.estimate:+.3f} [{jj.low:+.3f}, {jj.high:+.3f}]"
                                             for c, (tt, jj, _a) in judged.items())
    how += f" (contradicted where a contrast's interval at 1 - 0.05/{FAMILY * k}, {k} contrasts, lies below {-m:+.2f}"
    how += f": {binds} [{adjusted.low:+.3f}, {adjusted.high:+.3f}])" if verdict == CONTRADICTED else ")"
    return Replication(*cell, t.estimate, (j.low, j.high), min(tt.n or 0 for tt, _j, _a in judged.values()),
                       verdict, False, needed, how, f"{t.study}/{t.key}", settled)


def primary_tests(primary: Primary, tests) -> dict:
    """The saved tests that are the primary's replications: cell -> test (the first found), or for
    an intersection-union primary cell -> {contrast: test}."""
    if not primary.built:
        return {}
    cells = set(primary.cells())
    out: dict = {}
    for t in tests:
        same_study = t.study == primary.study or t.study.startswith(primary.study + "_")
        cell = (t.engine, t.company, t.state, t.play)
        if not (same_study and _names(primary, t.key) and t.unit == primary.unit and cell in cells):
            continue
        if primary.contrasts:
            contrast = t.key.split(".")[1] if "." in t.key else ""
            if contrast in primary.contrasts:
                out.setdefault(cell, {}).setdefault(contrast, t)
        elif cell not in out:
            out[cell] = t
    return out


def _names(primary: Primary, key: str) -> bool:
    """Is ``key`` a replication of the primary's test? In a study built for the primaries (a source
    with no key), any key of the claim ("E1", "E1.optimised", "D2.optimised.one-game-all": the
    cell is in the row); in another study, its key or the key a table variant gives it (".pimc")."""
    if ":" not in primary.source:
        return key.partition(".")[0] == primary.key
    return key in (primary.key, primary.key + ".pimc")


def standing(primary: Primary, tests) -> Standing:
    """The claim's status from ``tests`` (all its saved tests; the primary's are picked out). A
    coup's is read with its check on the printed deal, (a): contradicted when the book's line or
    card fails there; where it holds, a status of negligible is "right on the deal only"."""
    got = _standing(primary, tests)
    if primary.judged != "coup" or got.status == UNTESTED:
        return got
    gate = next((t for t in tests if t.key == primary.id + PRINTED and t.study == primary.study), None)
    used = got.used | ({(gate.study, gate.key)} if gate is not None else set())
    if gate is None:
        return replace(got, words=got.words + "; the printed deal's check is not saved", used=used)
    if gate.verdict == CONTRADICTED:
        check = Replication(gate.engine, gate.company, gate.state, gate.play, gate.estimate, gate.ci, gate.n,
                            CONTRADICTED, how="the printed deal double-dummy", source=f"{gate.study}/{gate.key}")
        return replace(got, status=CONTRADICTED, robust=False, split_axis=None, small=False, used=used, carrier=check,
                       words="contradicted on the printed deal: double-dummy the book's line does not give the "
                             "stated result or the coup is worth less than the alternative; from his seat: "
                             + got.words)
    if got.status == NEGLIGIBLE:
        return replace(got, used=used, words="right on the deal only (the printed deal holds; from his seat the "
                                             "coup is worth the alternative within the margin): " + got.words)
    return replace(got, used=used, words=got.words + "; the printed deal holds")


def _standing(primary: Primary, tests) -> Standing:
    if not primary.built:
        return Standing(UNTESTED, f"untested as pre-registered: waits for {primary.waits}")
    found = primary_tests(primary, tests)
    reps = tuple(replication_of(primary, found[c], c) if c in found else Replication(*c)
                 for c in primary.cells())
    used = frozenset((t.study, t.key) for got in found.values()
                     for t in (got.values() if isinstance(got, dict) else (got,)))
    run = [r for r in reps if r.run]
    if not run:
        return Standing(UNTESTED, f"untested: the primary is built ({primary.source}) but no run of it is saved",
                        reps, used=used)
    deciding = [r for r in reps if r.powered]
    flips = tuple(axis_name(primary, a) for a in _flips(deciding))
    unit = unit_sensitive(primary, tests, reps)
    idle = [r for r in run if not r.powered]
    if not deciding:
        needs = "; ".join(f"{r.words()}: {r.deals_to_decide:,}" if r.deals_to_decide else
                          f"{r.words()}: {r.settled}" if r.settled else r.words() for r in idle)
        return Standing(NOT_SHOWN, f"not shown: no replication decides (deals of the class that would decide it: "
                                   f"{needs})" + _left(reps, []), reps,
                        flips=flips, unit_sensitive=unit, used=used)
    verdicts = {r.verdict for r in deciding}
    inside = [r for r in deciding if r.estimate is not None and abs(r.estimate) < primary.margin]
    within = f"inside \u00b1{primary.margin:g}"
    if len(verdicts) == 1:
        status = verdicts.pop()
        varied = [a for a in CELL_AXES if len({r.value(a) for r in deciding}) > 1]
        robust = len(varied) >= 2
        small = status in (SUPPORTED, CONTRADICTED) and len(inside) == len(deciding)
        if small:
            words = f"{status}, {SMALL}, by {_count(deciding)} deciding, every estimate {within}"
        else:
            words = f"{status} by {_count(deciding)} deciding"
        if robust:
            words += f" (robust: {' and '.join(axis_name(primary, a) for a in varied)})"
        if inside and not small and status in (SUPPORTED, CONTRADICTED):
            words += f"; {SMALL} in {len(inside)} of the {len(deciding)} deciding cells"
        return Standing(status, words + _left(reps, idle), reps, robust, flips, unit_sensitive=unit, used=used,
                        small=small)
    axes = _split_axes(deciding)
    named = [" x ".join(axis_name(primary, a) for a in axis) for axis in axes]
    axis = named[0] if len(named) == 1 else None
    said = named[0] if len(named) == 1 else " or ".join(named) + " (confounded)" if named else "several axes"
    sides = _sides(deciding, axes[0] if axes else None, primary)
    if len(inside) == len(deciding):
        sides += f"; every deciding estimate {within}"
    return Standing(SPLIT, f"split ({said}): {sides}" + _left(reps, idle), reps, False, flips, axis, unit,
                    used=used)


SMALL = "smaller than the margin"     # a claim supported or contradicted by estimates all inside the margin


def axis_name(primary: Primary, axis: str) -> str:
    """A cell axis as the primary names it: a coup's company is how the calls are read ("calls")."""
    return "calls" if axis == "company" and "calls" in primary.axes else axis


UNIT_CHECK = ".rp"       # the key's ending of a points primary's unit check


def unit_sensitive(primary: Primary, tests, reps) -> bool | None:
    """Whether, in some cell where the replication of a points primary decides, its unit check (the
    same test in rubber points at love-all) has an estimate of the opposite sign; None when the
    primary is not in points or no deciding cell has a check."""
    if primary.unit != POINTS or ":" in primary.source:
        return None
    checks = {(t.engine, t.company, t.play): t for t in tests
              if t.key.endswith(UNIT_CHECK) and t.unit == RUBBER and _names(primary, t.key.removesuffix(UNIT_CHECK))
              and (t.study == primary.study or t.study.startswith(primary.study + "_"))}
    compared = [(r.estimate, checks[r.engine, r.company, r.play].estimate) for r in reps
                if r.powered and (r.engine, r.company, r.play) in checks and r.estimate is not None
                and checks[r.engine, r.company, r.play].estimate is not None]
    if not compared:
        return None
    return any(a * b < 0 for a, b in compared)


def _left(reps, idle) -> str:
    """The cells that do not decide and those not run, in words."""
    words = ""
    if idle:
        words += "; not deciding: " + "; ".join(r.words() for r in idle)
    missing = [r for r in reps if not r.run]
    if missing:
        words += f"; not run: {len(missing)} of {len(reps)} cells"
    return words


def _count(reps) -> str:
    return {1: "the one replication", 2: "both replications"}.get(len(reps), f"all {len(reps)} replications")


def _split_axes(reps) -> list[tuple[str, ...]]:
    """What sets the verdict among the deciding cells: the axes whose value alone does (each a
    tuple of one axis; several when the cells that disagree differ along more than one: then they
    are confounded), else the pairs of axes whose values together do and neither alone (an
    interaction: ("engine", "state") where double-dummy at one game all disagrees with the other
    cells), else none."""
    def sets(axes) -> bool:
        by_value: dict = {}
        for r in reps:
            by_value.setdefault(tuple(r.value(a) for a in axes), set()).add(r.verdict)
        return len(by_value) > 1 and all(len(v) == 1 for v in by_value.values()) \
            and len({next(iter(v)) for v in by_value.values()}) > 1
    alone = [(axis,) for axis in CELL_AXES if sets((axis,))]
    if alone:
        return alone
    varied = [a for a in CELL_AXES if len({r.value(a) for r in reps}) > 1]
    return [pair for pair in itertools.combinations(varied, 2) if sets(pair)]


def _sides(reps, axes: tuple[str, ...] | None, primary: Primary) -> str:
    """Each side's verdict: by the value of one axis ("supported double-dummy, negligible at the
    table"); for two axes together, the cells where the verdict differs from the rest named
    ("negligible double-dummy, at one game all; contradicted in the other deciding cells"); with no
    axis, every cell."""
    if axes is None:
        return "; ".join(f"{r.verdict} {r.words()}" for r in reps)
    said: dict = {}
    for r in reps:
        said.setdefault(tuple(r.value(a) for a in axes), r.verdict)
    if len(axes) == 1:
        return ", ".join(f"{v} {cell_words(axis_name(primary, axes[0]), value[0])}" for value, v in said.items())
    groups: dict[str, list] = {}
    for value, v in said.items():
        groups.setdefault(v, []).append(value)

    def where(value) -> str:
        return ", ".join(cell_words(axis_name(primary, a), x) for a, x in zip(axes, value))
    if len(groups) == 2 and min(len(g) for g in groups.values()) == 1:
        odd = next(v for v, g in groups.items() if len(g) == 1)
        rest = next(v for v in groups if v != odd)
        return f"{odd} {where(groups[odd][0])}; {rest} in the other deciding cells"
    return "; ".join(f"{v} {where(value)}" for value, v in said.items())


def _flips(reps) -> tuple[str, ...]:
    """The axes along which two deciding cells differing in that axis alone have estimates of
    opposite sign."""
    out = []
    for axis in CELL_AXES:
        others = [a for a in CELL_AXES if a != axis]
        for i, r in enumerate(reps):
            for s in reps[i + 1:]:
                if all(r.value(a) == s.value(a) for a in others) and r.value(axis) != s.value(axis) \
                        and r.estimate is not None and s.estimate is not None and r.estimate * s.estimate < 0:
                    out.append(axis)
                    break
            if axis in out:
                break
    return tuple(out)

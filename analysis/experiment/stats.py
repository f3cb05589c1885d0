"""Statistics of a study: estimates with their uncertainty, corrections, verdicts.

Every number a study reports is an :class:`Estimate` (a mean, a difference of means) or a
:class:`Rate` (a proportion), each with a 95% confidence interval, its Monte Carlo standard
error and the number of deals behind it.

Verdicts (:func:`verdicts`, the rule in :data:`VERDICT_RULE`). Each test of a claim of the
book has an estimate oriented so that a positive value means the book's advice gains, in the
test's own unit, and a *margin*, the smallest effect that matters to a player in that unit
(0.05 points per hand, 0.01 of a game, 0.04 net rubber points). It is measured under a
:class:`Model`: the play engine, the unit, the rubber state and the company. The tests of a
study under one model are a *family*: over its ``m`` tests one procedure, Bonferroni's, gives
both the printed p-value (``m p``, at most 1) and the *simultaneous interval* (the 95% interval
widened to the level ``1 - 0.05 / m``, Student's t on the deals less one), so the two never
disagree. Below 30 deals an exact sign test decides instead, where the deals' signs were saved
(else the test is inconclusive). Size is judged first, then direction:

- **negligible**: the simultaneous interval lies inside ``(-margin, +margin)``, whether or not
  it contains 0 (an equivalence test: whatever the sign, no effect that matters);
- **supported**: otherwise, the interval lies above 0;
- **contradicted**: it lies below 0;
- **inconclusive**: otherwise;

and **material** beside: the interval lies beyond the margin. A sentence that only permits
("may", "permissible", "a shade lighter") is judged for non-inferiority: supported when the
interval's lower end is above ``-margin`` (the book's option is not worse by more than the
margin), contradicted when its upper end is below ``-margin``, inconclusive otherwise.

For an inconclusive test, *deals needed* is the number of deals to simulate (the study's deals
in all) at which the simultaneous interval would, with 80% power, be decided: ``n =
((z_{1-0.05/(2m)} + z_0.80) * sd / d)^2`` with ``d`` the distance the interval's half-width must
fall below (``max(|e|, margin - |e|)`` inside the margin, ``|e|`` beyond it; a permissive test
``|e + margin|``) and ``sd = se * sqrt(deals)`` (so paired and stratified designs are accounted
for), scaled by the study's deals simulated per deal of the test. A planning figure, not a
promise: the observed effect is itself uncertain.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np
from scipy import stats as _st

from analysis.errors import EuchreError
from analysis.game.primary import DOUBLE_DUMMY   # the engine's name, defined once there

CONFIDENCE = 0.95
ALPHA = 0.05
POWER = 0.80



@dataclass(frozen=True)
class Estimate:
    """A mean (or a difference of means) with its 95% interval.

    ``se`` is the Monte Carlo standard error, ``sd`` the standard deviation of one deal's
    contribution (for a stratified difference, the sd that gives ``se = sd / sqrt(n)``),
    ``p_value`` the two-sided p-value of the hypothesis that the true value is 0.
    """

    mean: float
    low: float
    high: float
    se: float
    sd: float
    n: int
    p_value: float

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


@dataclass(frozen=True)
class Rate:
    """A proportion ``k / n`` with its Wilson 95% interval."""

    rate: float
    low: float
    high: float
    k: int
    n: int

    @property
    def se(self) -> float:
        return math.sqrt(self.rate * (1 - self.rate) / self.n) if self.n else float("nan")

    def as_dict(self) -> dict:
        return asdict(self)


def normal_quantile(confidence: float = CONFIDENCE) -> float:
    """The normal quantile of a two-sided interval at ``confidence``: 1.959964 at 95%. The one home
    of the number: the studies, the charts' cells and the optimiser read it here."""
    return float(_st.norm.ppf(0.5 + confidence / 2))


def bonferroni_quantile(m: int, alpha: float = ALPHA) -> float:
    """The normal quantile of a two-sided interval at level ``1 - alpha / m``: the interval of each
    of ``m`` tests that holds for all of them together (Bonferroni's correction)."""
    return float(_st.norm.ppf(1 - alpha / (2 * max(m, 1))))


def _from_se(mean: float, se: float, df: float, n: int, confidence: float) -> Estimate:
    if n < 2 or not np.isfinite(se):
        return Estimate(mean, float("nan"), float("nan"), float("nan"), float("nan"), n, float("nan"))
    q = float(_st.t.ppf(0.5 + confidence / 2, df))
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = float(2 * _st.t.sf(abs(mean / se), df))
    return Estimate(mean, mean - q * se, mean + q * se, se, se * math.sqrt(n), n, p)


def from_se(mean: float, se: float, dof: float, n: int, confidence: float = CONFIDENCE) -> Estimate:
    """An estimate of ``n`` deals from its mean and standard error, its interval Student's t on ``dof``
    degrees of freedom (a pooled estimate's, say)."""
    return _from_se(mean, se, dof, n, confidence)


def pooled_by_weight(parts) -> Estimate | None:
    """sum_s w(s) e(s) over ``parts``, each (w(s), the estimate e(s) at score s, its values over the
    rubber model's draws), the weights normalised over the parts given: the scores' errors
    (independent deals) and the model's (pooled draw by draw, the same model at every score) in
    quadrature, on n - 1 degrees of freedom over all the deals; None without parts."""
    parts = list(parts)
    total = sum(w for w, _e, _d in parts)
    if not parts or total <= 0:
        return None
    mean, var, draws, n = 0.0, 0.0, 0.0, 0
    for w, e, by_draw in parts:
        w = w / total
        mean += w * e.mean
        var += w * w * e.se ** 2
        draws = draws + w * by_draw
        n += e.n
    se = float(np.hypot(np.sqrt(var), np.std(draws, ddof=1)))
    return from_se(float(mean), se, n - 1, n)


def mean_estimate(x, confidence: float = CONFIDENCE) -> Estimate:
    """The mean of ``x`` with its t-interval (deals are independent)."""
    x = np.asarray(x, dtype=float)
    n = int(x.size)
    if n == 0:
        raise EuchreError("cannot estimate a mean from no deals: run the study with more deals")
    mean = float(x.mean())
    if n < 2:
        return _from_se(mean, float("nan"), 1, n, confidence)
    se = float(x.std(ddof=1) / math.sqrt(n))
    return _from_se(mean, se, n - 1, n, confidence)


def twin_adjusted(n, t_sum, t_sumsq, d_sum, d_sumsq, td_sum, n_all, d_all_sum, d_all_sumsq,
                  confidence: float = CONFIDENCE, with_slope: bool = False):
    """The mean of a costly measurement T on a random subset of ``n`` deals, adjusted by a cheap twin D
    measured on the same deals and on all ``n_all`` deals the subset was drawn from (the regression
    estimator of two-phase sampling): ``mean(T) + b (mean_all(D) - mean(D))``, ``b`` the slope of T on
    D in the subset. Its variance: the residual variance over ``n`` plus ``b^2`` times D's variance over
    ``n_all``; Student's t on ``n - 2`` degrees of freedom. From the sums of T, T^2, D, D^2 and T D over
    the subset and of D and D^2 over all. Returns the estimate and the share of the plain mean's
    variance it keeps (1: the twin did not help); and with ``with_slope`` the slope ``b`` used (0
    where the plain mean is returned)."""
    n, n_all = int(n), int(n_all)
    plain = mean_from_sums(n, t_sum, t_sumsq, confidence)
    if n < 3 or n_all < n or not np.isfinite(plain.se) or plain.se == 0:
        return (plain, 1.0, 0.0) if with_slope else (plain, 1.0)
    t_bar, d_bar, d_all = t_sum / n, d_sum / n, d_all_sum / n_all
    s_dd = (d_sumsq - n * d_bar * d_bar) / (n - 1)
    if s_dd <= 0:
        return (plain, 1.0, 0.0) if with_slope else (plain, 1.0)
    s_td = (td_sum - n * t_bar * d_bar) / (n - 1)
    s_tt = (t_sumsq - n * t_bar * t_bar) / (n - 1)
    b = s_td / s_dd
    residual = max((s_tt - b * s_td) * (n - 1) / (n - 2), 0.0)
    s_dd_all = max((d_all_sumsq - n_all * d_all * d_all) / (n_all - 1), 0.0) if n_all > 1 else 0.0
    se = math.sqrt(residual / n + b * b * s_dd_all / n_all)
    adjusted = _from_se(t_bar + b * (d_all - d_bar), se, n - 2, n, confidence)
    return (adjusted, (se / plain.se) ** 2, b) if with_slope else (adjusted, (se / plain.se) ** 2)


def mean_from_sums(n, total, total_sq, confidence: float = CONFIDENCE) -> Estimate:
    """The mean of per-deal values with its t-interval, from their count, sum and sum of squares
    (what a study's summed cells hold; see :mod:`analysis.experiment.cells`)."""
    n = int(n)
    if n < 2:
        return Estimate(float(total) / n if n else float("nan"), float("nan"), float("nan"), float("nan"),
                        float("nan"), n, float("nan"))
    mean = float(total) / n
    var = max((float(total_sq) - n * mean * mean) / (n - 1), 0.0)
    return _from_se(mean, math.sqrt(var / n), n - 1, n, confidence)


def independent_difference(x: Estimate, y: Estimate, confidence: float = CONFIDENCE) -> Estimate:
    """x - y of two estimates taken as independent (their standard errors in quadrature; the
    t-interval on the smaller sample's degrees of freedom). Of two estimates that share deals and
    agree with each other, its interval is wider than a paired one."""
    n = min(x.n, y.n)
    return _from_se(x.mean - y.mean, float(math.hypot(x.se, y.se)), max(n - 1, 1), n, confidence)


def negated(e: Estimate) -> Estimate:
    """The same estimate of the opposite difference (b - a for a - b)."""
    return Estimate(-e.mean, -e.high, -e.low, e.se, e.sd, e.n, e.p_value)


def paired_difference(a, b, confidence: float = CONFIDENCE) -> Estimate:
    """Mean of ``a - b`` where ``a[i]`` and ``b[i]`` are two actions on the same deal ``i``.

    Pairing (common random numbers) removes the variance the two actions share, the deal
    itself, so the interval is much narrower than that of two independent samples.
    """
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape:
        raise EuchreError(f"a paired difference needs the same deals for both actions: got {a.shape} and {b.shape}")
    return mean_estimate(a - b, confidence)


def welch_difference(a, b, confidence: float = CONFIDENCE) -> Estimate:
    """Mean of ``a`` minus mean of ``b`` for two independent samples (Welch's interval)."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.size < 2 or b.size < 2:
        return Estimate(float("nan"), float("nan"), float("nan"), float("nan"), float("nan"), int(a.size + b.size), float("nan"))
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (a.size - 1) + vb ** 2 / (b.size - 1)) if se > 0 else a.size + b.size - 2
    return _from_se(float(a.mean() - b.mean()), se, df, int(a.size + b.size), confidence)


def stratified_difference(a, strata_a, b, strata_b, weights: str = "pooled",
                          confidence: float = CONFIDENCE) -> Estimate:
    """Difference of means of two independent samples *within* strata, averaged over strata.

    For "the same kind of hand held at two seats": ``a`` and ``b`` are outcomes, ``strata_*``
    the hand class of each. Each stratum present in both samples contributes
    ``mean_a - mean_b`` weighted by its share of the pooled deals (``weights="pooled"``) or of
    sample ``a`` (``weights="a"``). Strata with fewer than two deals on either side are
    dropped. The interval is Student's t on the pooled deals less one (the strata are many and large).
    """
    fa = _groups(np.asarray(a, dtype=float), np.asarray(strata_a))
    fb = _groups(np.asarray(b, dtype=float), np.asarray(strata_b))
    keys = [k for k in fa if k in fb]
    cells = np.array([fa[k] + fb[k] for k in keys], dtype=float).reshape(-1, 6)
    return stratified_from_cells(*cells.T, weights=weights, confidence=confidence)


def stratified_from_cells(n_a, mean_a, var_a, n_b, mean_b, var_b, weights: str = "pooled",
                          confidence: float = CONFIDENCE) -> Estimate:
    """:func:`stratified_difference` from per-stratum summaries (n, mean, variance ddof=1),
    arrays aligned by stratum: what a study's saved results table holds."""
    n_a, mean_a, var_a, n_b, mean_b, var_b = (np.asarray(x, dtype=float) for x in (n_a, mean_a, var_a, n_b, mean_b, var_b))
    keep = (n_a >= 2) & (n_b >= 2)
    if not keep.any():
        return Estimate(float("nan"), float("nan"), float("nan"), float("nan"), float("nan"), 0, float("nan"))
    n_a, mean_a, var_a, n_b, mean_b, var_b = (x[keep] for x in (n_a, mean_a, var_a, n_b, mean_b, var_b))
    if weights == "pooled":
        w = n_a + n_b
    elif weights == "a":
        w = n_a.copy()
    else:
        raise EuchreError(f"weights must be 'pooled' or 'a', not {weights!r}")
    w = w / w.sum()
    mean = float(w @ (mean_a - mean_b))
    se = float(math.sqrt(w ** 2 @ (var_a / n_a + var_b / n_b)))
    n = int((n_a + n_b).sum())
    return _from_se(mean, se, max(n - 1, 1), n, confidence)


def _groups(x: np.ndarray, strata: np.ndarray) -> dict:
    """stratum -> (n, mean, variance with ddof=1)."""
    out = {}
    if x.size == 0:
        return out
    keys, inverse = np.unique(strata, return_inverse=True, axis=0 if strata.ndim > 1 else None)
    inverse = inverse.reshape(-1)
    n = np.bincount(inverse)
    s = np.bincount(inverse, weights=x)
    ss = np.bincount(inverse, weights=x * x)
    for i, key in enumerate(keys):
        key = tuple(key) if strata.ndim > 1 else key.item()
        m = s[i] / n[i]
        var = (ss[i] - n[i] * m * m) / (n[i] - 1) if n[i] > 1 else float("nan")
        out[key] = (int(n[i]), float(m), float(max(var, 0.0)))
    return out


def wilson(k: int, n: int, confidence: float = CONFIDENCE) -> Rate:
    """Wilson score interval for a rate ``k / n`` (good near 0 and 1, unlike the normal one)."""
    k, n = int(k), int(n)
    if n < 0 or k < 0 or k > n:
        raise EuchreError(f"a rate needs 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return Rate(float("nan"), float("nan"), float("nan"), 0, 0)
    z = normal_quantile(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Rate(p, max(0.0, centre - half), min(1.0, centre + half), k, n)


SUPPORTED = "supported"
CONTRADICTED = "contradicted"
NEGLIGIBLE = "negligible"
INCONCLUSIVE = "inconclusive"
VERDICTS = (SUPPORTED, CONTRADICTED, NEGLIGIBLE, INCONCLUSIVE)
EXACT_BELOW = 30     # deals below which a test is judged by an exact sign test, not by Student's t

VERDICT_RULE = (
    "Verdicts. Every estimate is oriented so that a positive value means the book's advice gains. A "
    "study's tests are judged in families: the tests measured under one model (the same play engine, unit, "
    "rubber state and company at the table). Within a family of m tests one procedure, Bonferroni's, sets "
    "both the printed p-value (m times the test's own, at most 1) and the *simultaneous interval* (the "
    "interval at level 1 - 0.05/m, Student's t on the deals less one, which holds for all m tests together), "
    "so a p below 0.05 and an interval clear of 0 say the same thing. Below 30 deals the verdict is an exact "
    "sign test at the same level where the deals' signs were saved (supported or contradicted only, and only "
    "where the mean lies on the median's side of 0), else inconclusive; the interval and p-value printed beside it "
    "are still Student's t's. A test is *negligible* when its "
    "simultaneous interval lies "
    "inside plus or minus the margin (the smallest effect that matters: 0.05 points per hand, 0.01 of a "
    "game, 0.04 net rubber points), whether or not it contains 0; otherwise *supported* when the interval "
    "lies above 0, *contradicted* when it lies below 0, and *inconclusive* when it contains 0; it is "
    "*material* when the interval lies beyond the margin. A permissive sentence (\"may\", \"permissible\", "
    "\"a shade lighter\") is tested for non-inferiority: *supported* when the book's option is not worse "
    "than the other by more than the margin (the interval's lower end above minus the margin), "
    "*contradicted* when it is worse by more than the margin (the upper end below minus the margin), "
    "*inconclusive* otherwise. For an inconclusive test, *deals needed* is the number of deals the study "
    "would have to simulate for its simultaneous interval to be decided, with 80% power, given the effect "
    "and spread observed."
)


def deals_needed(estimate: Estimate, margin: float = 0.0, alpha: float = ALPHA,
                 power: float = POWER, permissive: bool = False) -> int | None:
    """Deals of the test for it to be decided: its interval at level ``1 - alpha`` must exclude
    0 or fit inside ``(-margin, margin)`` (a permissive test: clear ``-margin`` on either side),
    with probability ``power`` (see the module's notes).

    None when no finite number can be given (no variance, or no effect and no margin).
    """
    e = abs(estimate.mean)
    if permissive:
        distance = abs(estimate.mean + margin)
    else:
        distance = max(e, margin - e) if e < margin else e
    if not np.isfinite(estimate.sd) or distance <= 0 or estimate.sd <= 0:
        return None
    z = normal_quantile(1 - alpha) + float(_st.norm.ppf(power))
    return int(math.ceil((z * estimate.sd / distance) ** 2))


# The rubber states a score's tests are valued in (rubber points): the game, and the games won so
# far by the deciding side and by the other (see analysis.value.rubber).
FIRST_GAME = "first game"
ONE_GAME_ALL = "one game all"
RUBBER_STATES = {FIRST_GAME: {"game": 1, "games": (0, 0)}, ONE_GAME_ALL: {"game": 3, "games": (1, 1)}}

# the engine of a card-play rule set against PIMC's card in the same positions (the book's players
# otherwise): a question of its own, beside the rule against its weak replacement
AGAINST_PIMC = "book, PIMC's card"
BOOK_COMPANY = "book"


@dataclass(frozen=True)
class Model:
    """What a test's verdict depends on besides the deals: the play engine (``dd``: double-dummy;
    ``pimc``, ``pimc-calls``: table-side players; ``book``: the book's card-play rules), the unit,
    the rubber state (for rubber points: :data:`RUBBER_STATES`; None for the other units), the
    company (who the other players are: ``book``, the book's policy, unless the test says) and, for
    card play at the table, the play company (None: every seat the engine's player; ``book rules``:
    the three seats besides the decider by the book's card-play rules)."""

    engine: str = DOUBLE_DUMMY
    unit: str = "points per hand"
    state: str | None = None
    company: str = BOOK_COMPANY
    play: str | None = None

    def as_dict(self) -> dict:
        out = asdict(self)
        out["play_company"] = out.pop("play")
        return out


@dataclass(frozen=True)
class Claim:
    """A test of a claim of the book: the book says ``estimate`` has the sign ``sign``."""

    id: str                # from the catalogue of claims, e.g. "T1"
    quote: str             # the book's sentence
    test: str              # what is compared, in words
    estimate: Estimate     # as computed; :attr:`oriented` turns it to the book's side
    sign: int = 1          # +1: the book says the estimand is positive; -1: negative
    margin: float = 0.05   # smallest effect that matters, in the estimand's unit (points per hand)
    unit: str = "points per hand"
    key: str = ""          # the test's name in its study (unique there); "" = the claim id
    label: str = ""        # a few words naming the test, for chart axes
    simulated: int | None = None   # the deals the study simulated to measure it (None: unknown)
    engine: str = DOUBLE_DUMMY     # the model (see :class:`Model`), the unit above
    state: str | None = None
    company: str = BOOK_COMPANY
    permissive: bool = False       # a sentence that permits ("may"): judged for non-inferiority
    signs: tuple[int, int] | None = None   # the deals where the book's action gained, lost (when saved)
    play: str | None = None        # the play company (see :class:`Model`)

    @property
    def name(self) -> str:
        return self.key or self.id

    @property
    def model(self) -> Model:
        return Model(self.engine, self.unit, self.state, self.company, self.play)

    @property
    def oriented(self) -> Estimate:
        """The estimate oriented so that positive means the book's advice gains."""
        return self.estimate if self.sign > 0 else negated(self.estimate)


@dataclass(frozen=True)
class Verdict:
    claim: Claim
    p_adjusted: float          # Bonferroni's, within the test's family
    verdict: str
    deals_needed: int | None   # deals to simulate (the study's, in all) to decide an inconclusive test
    low: float = float("nan")  # the simultaneous interval, oriented
    high: float = float("nan")
    material: bool = False
    family: int = 1            # the tests judged together (the study's tests under the same model)

    @property
    def estimate(self) -> Estimate:
        """The test's estimate oriented so that positive means the book's advice gains."""
        return self.claim.oriented

    def row(self) -> dict:
        e, c = self.estimate, self.claim
        return {
            "claim": c.id, "key": c.name, "label": c.label, "test": c.test,
            "unit": c.unit, "engine": c.engine, "state": c.state, "company": c.company, "permissive": c.permissive,
            "estimate": e.mean, "ci_low": e.low, "ci_high": e.high,
            "sim_low": self.low, "sim_high": self.high, "margin": c.margin, "se": e.se, "deals": e.n,
            "p": e.p_value, "p_bonferroni": self.p_adjusted, "family": self.family, "verdict": self.verdict,
            "material": self.material, "deals_needed": self.deals_needed,
        } | ({} if c.signs is None else {"gained": c.signs[0], "lost": c.signs[1]}) \
          | ({} if c.play is None else {"play_company": c.play})


def decide(low: float, high: float, margin: float, permissive: bool = False) -> tuple[str, bool]:
    """The verdict and the material flag of a simultaneous interval [low, high] (oriented); a
    permissive sentence is judged for non-inferiority (see :data:`VERDICT_RULE`)."""
    if not (np.isfinite(low) and np.isfinite(high)):
        return INCONCLUSIVE, False
    material = low > margin or high < -margin
    if permissive:
        if low > -margin:
            return SUPPORTED, material
        if high < -margin:
            return CONTRADICTED, material
        return INCONCLUSIVE, False
    if -margin < low and high < margin:
        return NEGLIGIBLE, False
    if low > 0:
        return SUPPORTED, material
    if high < 0:
        return CONTRADICTED, material
    return INCONCLUSIVE, False


def bonferroni_p(estimate: Estimate, m: int) -> float:
    """The two-sided p-value of ``estimate`` being 0, by Student's t on its deals less one (the law
    its simultaneous interval uses), times the family's ``m`` tests (at most 1): below ``alpha``
    exactly when the interval at level ``1 - alpha/m`` excludes 0."""
    if not np.isfinite(estimate.se) or not np.isfinite(estimate.mean) or estimate.n < 2:
        return float("nan")
    if estimate.se == 0:
        return 1.0 if estimate.mean == 0 else 0.0
    return float(min(1.0, m * 2 * _st.t.sf(abs(estimate.mean) / estimate.se, estimate.n - 1)))


def exact_sign_verdict(signs: tuple[int, int], level: float, mean: float, permissive: bool = False) -> tuple[str, float]:
    """The verdict of an exact sign test at ``level`` on the deals where the book's action gained
    and lost (``signs``), and its p-value: supported or contradicted only where the ``mean`` lies on
    the same side of 0 as the median (else the test of the median decides nothing), and a permissive
    sentence never contradicted by it (losing more often is not losing by more than the margin)."""
    wins, losses = (int(x) for x in signs)
    p = float(_st.binomtest(wins, wins + losses, 0.5).pvalue) if wins + losses else 1.0
    verdict = INCONCLUSIVE if p >= level else SUPPORTED if wins > losses else CONTRADICTED
    if (verdict == SUPPORTED and mean <= 0) or (verdict == CONTRADICTED and mean >= 0):
        verdict = INCONCLUSIVE
    if permissive and verdict == CONTRADICTED:
        verdict = INCONCLUSIVE
    return verdict, p


def verdicts(claims: list[Claim], alpha: float = ALPHA) -> list[Verdict]:
    """Decides each test, the tests under one model judged together (the rule is in the module's
    notes and :data:`VERDICT_RULE`); in the order given."""
    families: dict[Model, int] = {}
    for claim in claims:
        families[claim.model] = families.get(claim.model, 0) + 1
    out = []
    for claim in claims:
        m = families[claim.model]
        e = claim.oriented
        if e.n >= 2 and np.isfinite(e.se):
            q = float(_st.t.ppf(1 - alpha / (2 * m), e.n - 1))
            low, high = e.mean - q * e.se, e.mean + q * e.se
        else:
            low = high = float("nan")
        p_adjusted = bonferroni_p(e, m)
        if e.n < EXACT_BELOW:
            verdict, material = INCONCLUSIVE, False
            if claim.signs is not None and np.isfinite(e.mean):
                verdict, p = exact_sign_verdict(claim.signs, alpha / m, e.mean, claim.permissive)
                p_adjusted = min(1.0, m * p)
        else:
            verdict, material = decide(low, high, claim.margin, claim.permissive)
        needed = None
        if verdict == INCONCLUSIVE:
            n = deals_needed(e, claim.margin, alpha / m, permissive=claim.permissive)
            if n is not None or e.n < EXACT_BELOW:
                n = max(n or 0, EXACT_BELOW)                      # t decides from 30 deals on
            if n is not None and claim.simulated and e.n:
                n = int(math.ceil(n * claim.simulated / e.n))
            needed = n
        out.append(Verdict(claim, p_adjusted, verdict, needed, float(low), float(high), material, m))
    return out


# --- the primaries' rule ----------------------------------------------------------------------

PRIMARY_RULE = (
    "The primaries' rule. Each claim has one primary test, repeated in replication cells (play engine, company, "
    "rubber state). Its interval is Student's t on the test's degrees of freedom (the deals less one for a paired "
    "mean), at the simultaneous level 1 - 0.05/57: the multiplicity family is the 57 primaries within one "
    "replication cell (Bonferroni), so an estimate gets the same verdict wherever it stands. Below 30 deals the "
    "verdict is an exact sign test at the same level (supported or contradicted only), which decides only where the "
    "mean lies on the same side of 0 as the median. The verdict words are the "
    "studies' (negligible inside the margin, else supported above 0, contradicted below 0, inconclusive; a "
    "permissive sentence judged for non-inferiority). An intersection-union test of several contrasts (a ranking, "
    "a rule that depends on the score) is negligible when every contrast's interval lies inside the margin, "
    "supported when every contrast's lower bound clears its bar, and contradicted when one contrast's interval, "
    "adjusted for the k contrasts (at 1 - 0.05/(57k)), lies below minus the margin. A replication *decides* when "
    "its verdict is not "
    "inconclusive; one that does not is shown with the deals of its class that would decide it by its test's own "
    "rule: for superiority, those at which its simultaneous half-width would be half its margin (then it always "
    "decides); for a test with a threshold an estimate can stand on (non-inferiority at minus the margin, a claim "
    "supported only above its margin, a coup contradicted only below minus it, the bars of an intersection-union "
    "test), those at which its interval would decide if its estimate held; where no number of deals would, why."
)


@dataclass(frozen=True)
class Judged:
    """A primary's replication judged by :data:`PRIMARY_RULE`: the simultaneous interval, the verdict,
    the deals that would decide it (when it does not) and how it was judged."""

    low: float
    high: float
    verdict: str
    material: bool
    deals_to_decide: int | None
    how: str


def judge_primary(estimate: float, se: float, n: int, margin: float, permissive: bool = False,
                  dof: float | None = None, family: int = 57, signs: tuple[int, int] | None = None,
                  alpha: float = ALPHA) -> Judged:
    """One replication of a primary by :data:`PRIMARY_RULE`; ``signs``: the deals where the book's
    action gained and lost, for the exact test below :data:`EXACT_BELOW` deals."""
    level = alpha / family
    if not (np.isfinite(estimate) and np.isfinite(se)) or n < 2:
        return Judged(float("nan"), float("nan"), INCONCLUSIVE, False, None, "no estimate")
    dof = float(n - 1 if dof is None else dof)
    q = float(_st.t.ppf(1 - level / 2, dof))
    low, high = estimate - q * se, estimate + q * se
    # the deals that would decide it: superiority, those at which the half-width is half the margin (any
    # estimate then decides); non-inferiority, those at which the interval clears minus the margin if the
    # estimate held (none when it stands on it)
    gap = abs(estimate + margin) if permissive else margin / 2
    needed = int(math.ceil(n * (q * se / gap) ** 2)) if se > 0 and gap > 0 else None
    if n < EXACT_BELOW:
        if signs is None:
            return Judged(low, high, INCONCLUSIVE, False, max(needed or 0, EXACT_BELOW),
                          f"exact test needed below {EXACT_BELOW} deals; the deals' signs were not saved")
        wins, losses = (int(x) for x in signs)
        verdict, _p = exact_sign_verdict(signs, level, estimate, permissive)
        return Judged(low, high, verdict, False, max(needed or 0, EXACT_BELOW) if verdict == INCONCLUSIVE else None,
                      f"exact sign test ({wins} gained, {losses} lost)")
    verdict, material = decide(low, high, margin, permissive)
    return Judged(float(low), float(high), verdict, material, needed if verdict == INCONCLUSIVE else None,
                  f"Student's t, {dof:,.0f} d.f.")

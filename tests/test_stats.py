"""Statistics against known cases: scipy's Wilson interval, the verdict rule, synthetic means."""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as st

from analysis.errors import EuchreError
from analysis.experiment.stats import CONTRADICTED, INCONCLUSIVE, NEGLIGIBLE, SUPPORTED, Claim, Estimate, bonferroni_p, twin_adjusted, decide, deals_needed, mean_estimate, paired_difference, stratified_difference, stratified_from_cells, verdicts, welch_difference, wilson


@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (7, 20), (20, 20), (512, 1000), (3, 100_000)])
def test_wilson_matches_scipy(k, n):
    ours = wilson(k, n)
    ref = st.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert ours.low == pytest.approx(ref.low, abs=1e-12)
    assert ours.high == pytest.approx(ref.high, abs=1e-12)
    assert ours.rate == k / n and ours.n == n


def test_wilson_rejects_impossible_counts():
    with pytest.raises(EuchreError):
        wilson(5, 3)


def test_mean_interval_is_scipys_t_interval():
    x = np.array([1.0, 2.5, -0.5, 3.0, 0.0, 1.5])
    e = mean_estimate(x)
    low, high = st.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=st.sem(x))
    assert (e.low, e.high) == (pytest.approx(low), pytest.approx(high))
    assert e.p_value == pytest.approx(st.ttest_1samp(x, 0).pvalue)
    assert e.se == pytest.approx(st.sem(x))


@pytest.mark.statistical
def test_paired_difference_recovers_a_known_mean():
    # Two actions on the same deals: a shared deal effect (sd 3) plus a true gain of 0.2.
    rng = np.random.default_rng(12)
    n = 20_000
    deal = rng.normal(0, 3, n)
    a = deal + 0.2 + rng.normal(0, 0.5, n)
    b = deal + rng.normal(0, 0.5, n)
    e = paired_difference(a, b)
    # se of the difference is sqrt(0.5) / sqrt(n) = 0.005: the truth is within 4 se.
    assert abs(e.mean - 0.2) < 4 * 0.005
    assert e.se == pytest.approx(np.sqrt(0.5 / n), rel=0.05)
    # pairing removes the shared variance: far narrower than the two-sample interval
    assert welch_difference(a, b).se > 5 * e.se


def test_paired_difference_needs_the_same_deals():
    with pytest.raises(EuchreError):
        paired_difference([1, 2, 3], [1, 2])


def test_welch_matches_scipy():
    rng = np.random.default_rng(3)
    a, b = rng.normal(1, 2, 40), rng.normal(0, 1, 70)
    e = welch_difference(a, b)
    assert e.p_value == pytest.approx(st.ttest_ind(a, b, equal_var=False).pvalue)


def test_stratified_difference_removes_a_difference_of_mix():
    # Seat a holds strong hands more often, but within each class the two seats are equal:
    # the naive difference is large, the stratified one is not.
    rng = np.random.default_rng(5)
    cls_a = rng.choice([0, 1], 40_000, p=[0.2, 0.8])
    cls_b = rng.choice([0, 1], 40_000, p=[0.8, 0.2])
    a = np.where(cls_a == 1, 1.0, -1.0) + rng.normal(0, 1, cls_a.size)
    b = np.where(cls_b == 1, 1.0, -1.0) + rng.normal(0, 1, cls_b.size)
    assert welch_difference(a, b).mean > 1.0
    e = stratified_difference(a, cls_a, b, cls_b)
    assert abs(e.mean) < 4 * e.se
    # the same from per-class summaries
    cells = [(x[c == k].size, x[c == k].mean(), x[c == k].var(ddof=1)) for x, c in ((a, cls_a), (b, cls_b)) for k in (0, 1)]
    f = stratified_from_cells([cells[0][0], cells[1][0]], [cells[0][1], cells[1][1]], [cells[0][2], cells[1][2]],
                              [cells[2][0], cells[3][0]], [cells[2][1], cells[3][1]], [cells[2][2], cells[3][2]])
    assert f.mean == pytest.approx(e.mean) and f.se == pytest.approx(e.se)


def _est(mean, se, n=10_000):
    from scipy.stats import norm
    return Estimate(mean, mean - 1.96 * se, mean + 1.96 * se, se, se * np.sqrt(n), n, float(2 * norm.sf(abs(mean / se))))


def test_verdicts_answer_direction_and_size_separately():
    claims = [Claim("A", "q", "t", _est(0.30, 0.05)), Claim("B", "q", "t", _est(-0.30, 0.05)),
              Claim("C", "q", "t", _est(0.02, 0.05)), Claim("D", "q", "t", _est(-0.30, 0.05), sign=-1),
              Claim("E", "q", "t", _est(0.001, 0.005)), Claim("F", "q", "t", _est(0.04, 0.005))]
    v = verdicts(claims)
    assert [x.verdict for x in v] == [SUPPORTED, CONTRADICTED, INCONCLUSIVE, SUPPORTED, NEGLIGIBLE, SUPPORTED]
    # the simultaneous interval: Bonferroni over the 6 tests, oriented to the book's side
    q = st.t.ppf(1 - 0.05 / 6 / 2, 10_000 - 1)      # Student's t on the deals less one
    assert (v[3].low, v[3].high) == pytest.approx((0.30 - q * 0.05, 0.30 + q * 0.05))
    assert v[3].estimate.mean == pytest.approx(0.30)            # D: the book says negative, -0.30 is its side
    assert [x.material for x in v] == [True, True, False, True, False, False]   # F: sure of its sign, too small
    assert v[0].deals_needed is None
    # C: sd = 0.05 * 100 = 5; |e| = 0.02 < margin 0.05, so the nearer decision is to fit inside the
    # margin: distance max(0.02, 0.05 - 0.02) = 0.03, at the Bonferroni level 0.05 / 6
    zp = st.norm.ppf(1 - 0.05 / 6 / 2) + st.norm.ppf(0.8)
    assert v[2].deals_needed == int(np.ceil((zp * 5 / 0.03) ** 2))


def test_deals_needed_counts_the_deals_to_simulate():
    # a test whose hands are one deal in four of those simulated needs four times its own deals
    own = verdicts([Claim("C", "q", "t", _est(0.02, 0.05))])[0].deals_needed
    scaled = verdicts([Claim("C", "q", "t", _est(0.02, 0.05), simulated=40_000)])[0].deals_needed
    assert scaled == int(np.ceil(own * 40_000 / 10_000))


def test_more_deals_never_turn_supported_into_contradicted():
    # the same true effect, +0.02 points per hand (below the margin), measured ever more precisely
    seen = [verdicts([Claim("X", "q", "t", _est(0.02, se))])[0].verdict for se in (0.05, 0.02, 0.01, 0.004, 0.001)]
    assert CONTRADICTED not in seen
    assert seen[0] == INCONCLUSIVE and seen[-1] == NEGLIGIBLE     # sure it is below what matters


def test_a_small_margin_keeps_a_tiny_effect_undecided():
    tight = Claim("E", "q", "t", _est(0.001, 0.005))
    loose = Claim("F", "q", "t", _est(0.001, 0.03))       # could still be 0.07: undecided
    small_margin = Claim("G", "q", "t", _est(0.001, 0.005), margin=0.01)
    v = verdicts([tight, loose, small_margin])
    assert [x.verdict for x in v] == [NEGLIGIBLE, INCONCLUSIVE, INCONCLUSIVE]
    assert v[0].deals_needed is None and v[1].deals_needed > tight.estimate.n


def test_decide_reads_the_interval():
    assert decide(0.01, 0.2, 0.05) == (SUPPORTED, False)
    assert decide(0.06, 0.2, 0.05) == (SUPPORTED, True)
    assert decide(-0.2, -0.06, 0.05) == (CONTRADICTED, True)
    assert decide(-0.04, 0.04, 0.05) == (NEGLIGIBLE, False)
    assert decide(0.01, 0.04, 0.05) == (NEGLIGIBLE, False)          # clear of 0 but inside the margin
    assert decide(-0.04, -0.001, 0.05) == (NEGLIGIBLE, False)
    assert decide(-0.04, 0.06, 0.05) == (INCONCLUSIVE, False)
    assert decide(float("nan"), 0.1, 0.05) == (INCONCLUSIVE, False)


def test_the_family_can_turn_a_nominal_result_inconclusive():
    claims = [Claim(str(i), "q", "t", _est(0.1, 0.045)) for i in range(5)]   # p ~ 0.026 each
    assert all(c.estimate.p_value < 0.05 for c in claims)
    assert all(v.verdict == INCONCLUSIVE for v in verdicts(claims))


def test_deals_needed_without_effect_or_margin_is_none():
    assert deals_needed(_est(0.0, 0.05), margin=0.0) is None


def test_a_precisely_measured_zero_is_negligible():
    # the discard's book - guard: +0.000 [+0.000, +0.000], clear of 0 by a hair, far inside the margin
    tiny = Claim("D8", "q", "t", _est(2e-5, 4e-6, n=2_000_000))
    v = verdicts([tiny])[0]
    assert v.low > 0 and v.verdict == NEGLIGIBLE and not v.material


def test_a_permissive_sentence_is_judged_for_non_inferiority():
    assert decide(-0.04, 0.02, 0.05, permissive=True) == (SUPPORTED, False)     # not worse by more than the margin
    assert decide(-0.03, -0.01, 0.05, permissive=True) == (SUPPORTED, False)    # worse, but not by what matters
    assert decide(0.06, 0.2, 0.05, permissive=True) == (SUPPORTED, True)
    assert decide(-0.2, -0.06, 0.05, permissive=True) == (CONTRADICTED, True)
    assert decide(-0.08, 0.01, 0.05, permissive=True) == (INCONCLUSIVE, False)
    # the same interval, read as compulsory, is contradicted
    assert decide(-0.03, -0.01, 0.05) == (NEGLIGIBLE, False)
    assert decide(-0.2, -0.01, 0.05) == (CONTRADICTED, False)
    v = verdicts([Claim("S4", "q", "t", _est(-0.08, 0.02), permissive=True)])[0]
    assert v.verdict == INCONCLUSIVE
    # decided when the interval's half-width falls below |e + margin| = 0.03
    zp = st.norm.ppf(1 - 0.05 / 2) + st.norm.ppf(0.8)
    assert v.deals_needed == int(np.ceil((zp * 0.02 * 100 / 0.03) ** 2))


def test_one_procedure_sets_the_printed_p_and_the_interval():
    claims = [Claim(str(i), "q", "t", _est(m, 0.02)) for i, m in enumerate((0.03, 0.05, 0.055, 0.06, 0.2, -0.06))]
    for v in verdicts(claims):
        assert v.family == 6
        assert v.p_adjusted == pytest.approx(min(1.0, 6 * 2 * st.t.sf(abs(v.estimate.mean) / 0.02, 10_000 - 1)))
        assert (v.p_adjusted < 0.05) == (v.low > 0 or v.high < 0)
    assert bonferroni_p(Estimate(0.0, 0.0, 0.0, 0.0, 0.0, 10, 1.0), 3) == 1.0


def test_tests_under_another_model_are_another_family():
    one = [Claim(str(i), "q", "t", _est(0.1, 0.045)) for i in range(5)]
    other = [Claim("X", "q", "t", _est(0.1, 0.045), unit="expected net rubber points", margin=0.04,
                   state="first game"),
             Claim("Y", "q", "t", _est(0.1, 0.045), engine="pimc")]
    v = verdicts(one + other)
    assert [x.family for x in v] == [5] * 5 + [1, 1]
    assert [x.verdict for x in v[5:]] == [SUPPORTED, SUPPORTED]   # alone, each is judged at the 95% level
    assert v[5].claim.model.as_dict() == {"engine": "dd", "unit": "expected net rubber points",
                                          "state": "first game", "company": "book", "play_company": None}


def test_a_test_on_few_deals_is_judged_by_student_t_and_below_30_by_the_exact_sign_test():
    # 8 deals, +0.5 with se 0.15: the normal quantile would call it supported; with t on 7 d.f. the
    # interval reaches below 0, and without the deals' signs no exact test can be made
    few = _est(0.5, 0.15, n=8)
    assert 0.5 - st.norm.ppf(1 - 0.025) * 0.15 > 0
    v = verdicts([Claim("L8", "q", "t", few)])[0]
    assert v.verdict == INCONCLUSIVE and v.deals_needed >= 30
    assert v.low == pytest.approx(0.5 - st.t.ppf(0.975, 7) * 0.15)
    # with its signs: 8 gained of 8 is p = 2/256, below 0.05, and the mean agrees with the median
    assert verdicts([Claim("L8", "q", "t", few, signs=(8, 0))])[0].verdict == SUPPORTED
    # 6 of 8 (p = 0.29) decides nothing; 8 lost of 8 beside a positive mean decides nothing either
    assert verdicts([Claim("L8", "q", "t", few, signs=(6, 2))])[0].verdict == INCONCLUSIVE
    assert verdicts([Claim("L8", "q", "t", few, signs=(0, 8))])[0].verdict == INCONCLUSIVE
    # the same estimate on 30 deals is judged by t again
    assert verdicts([Claim("L8", "q", "t", _est(0.5, 0.15, n=30))])[0].verdict == SUPPORTED


@pytest.mark.statistical
def test_the_twin_adjusted_mean_covers_at_its_stated_rate_and_keeps_one_less_rho_squared():
    """A costly T on 200 deals drawn from 2,000 on which a cheap twin D is measured, T and D
    correlated (rho 0.8): over 2,000 repetitions the 95% interval of the adjusted mean covers T's
    true mean about 95% of the time, and keeps about 1 - rho^2 (1 - n/N) of the plain variance."""
    rng = np.random.default_rng(12)
    n, n_all, reps, rho = 200, 2000, 2000, 0.8
    covered, kept = 0, []
    for _ in range(reps):
        d = rng.normal(0.3, 1.0, n_all)
        t = 0.1 + rho * (d - 0.3) + np.sqrt(1 - rho ** 2) * rng.normal(0, 1.0, n_all)   # true mean 0.1
        ts, ds = t[:n], d[:n]
        e, k = twin_adjusted(n, ts.sum(), (ts * ts).sum(), ds.sum(), (ds * ds).sum(), (ts * ds).sum(),
                             n_all, d.sum(), (d * d).sum())
        covered += e.low <= 0.1 <= e.high
        kept.append(k)
    assert abs(covered / reps - 0.95) < 0.02
    assert np.mean(kept) == pytest.approx(1 - rho ** 2 * (1 - n / n_all), abs=0.03)
    # no correlation: nothing to gain
    d = rng.normal(0, 1, n_all)
    t = rng.normal(0, 1, n_all)
    _e, k = twin_adjusted(n, t[:n].sum(), (t[:n] ** 2).sum(), d[:n].sum(), (d[:n] ** 2).sum(),
                          (t[:n] * d[:n]).sum(), n_all, d.sum(), (d * d).sum())
    assert k > 0.95


def test_pooling_by_weight_normalises_the_weights_and_joins_the_model_s_error():
    import numpy as np
    from analysis.experiment.stats import from_se, pooled_by_weight
    a, b = from_se(1.0, 0.3, 99, 100), from_se(-1.0, 0.4, 299, 300)
    still = np.zeros(50)                          # a model without error: the deals' alone
    got = pooled_by_weight([(3.0, a, still), (1.0, b, still)])
    assert got.mean == pytest.approx(0.75 * 1.0 + 0.25 * -1.0) and got.n == 400
    assert got.se == pytest.approx(np.hypot(0.75 * 0.3, 0.25 * 0.4))
    moving = np.random.default_rng(1).normal(size=50)     # the same model at both scores: its draws add
    joined = pooled_by_weight([(3.0, a, moving), (1.0, b, moving)])
    assert joined.se == pytest.approx(np.hypot(got.se, np.std(moving, ddof=1)))
    assert pooled_by_weight([]) is None


def test_the_intervals_quantile_has_one_home():
    from pathlib import Path
    from analysis.experiment.stats import bonferroni_quantile, normal_quantile
    assert normal_quantile() == pytest.approx(1.959963984540054, abs=1e-15)
    assert normal_quantile(0.99) == pytest.approx(st.norm.ppf(0.995))
    assert bonferroni_quantile(1) == pytest.approx(normal_quantile())
    assert bonferroni_quantile(40) == pytest.approx(st.norm.ppf(1 - 0.05 / 80))
    root = Path(__file__).resolve().parents[1]
    written = [f"{p.relative_to(root)}" for folder in ("analysis", "studies") for p in (root / folder).rglob("*.py")
               if "1.96 " in p.read_text(encoding="utf-8") or "1.96*" in p.read_text(encoding="utf-8")]
    assert not written      # the 95% quantile written by hand

"""L4's primary: at one to four and two to four, the dealers' side's desperate-or-better lone hands after
B's pass, the gain alone - with the partner after a non-keeper's pass against after a keeper's, within
hand classes, per score and pooled by w(s), in both companies and rubber states."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.bidding import BookPolicy, Situations, bid_batch
from analysis.bidding.book_policy import BRIDGE_EXCEPTIONS
from analysis.bidding.company import keeping, seated
from analysis.errors import EuchreError
from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL
from analysis.game import Rules, Score, primaries
from analysis.game.cards import DEALER, ELDEST, SECOND
from analysis.value.game_value import with_model_error
from fastcore.sampler import sample_deals
from studies import bridge
from studies import primary_lone_care as P
from studies.common.lone_arms import caller_lone_hand, hand_class

RULES = Rules()
MANIFEST = {"options": {"model_deals": 300}, "root_seed": 4}
PRIMARY_KEYS = {"L4", "L4.one-game-all", "L4.optimised", "L4.optimised.one-game-all"}
PER_SCORE_KEYS = {"L4@14", "L4@24", "L4@14.optimised", "L4@24.optimised"}


def _class_by_hand(deals, seat, score, company):
    """The class found directly: the deals where the decider (by the book's policy, the company in
    the other chairs) made trump holding a desperate-or-better lone hand, with B's hand's exception
    patterns on the turn-up suit and whether B ordered up in round one."""
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    sc = Score(*score)
    with keeping(company):
        b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), RULES, sc)
    rows = np.flatnonzero(b.caller == seat)
    strength = np.zeros(len(rows), np.int8)
    own = caller_lone_hand(seat, hands[rows, seat], turn_up[rows], b.round[rows])
    for r in (1, 2):
        at = b.round[rows] == r
        if at.any():
            strength[at] = hand_class(seat, own[at], turn_up[rows][at], r, sc.seat(seat), RULES,
                                      b.trump[rows][at])["strength"]
    rows = rows[strength >= 1]
    t = Situations(ELDEST, hands[rows, ELDEST], turn_up[rows], 1, sc.seat(ELDEST), RULES,
                   (turn_up[rows] >> 3).astype(np.int8), lambda i: ())
    two_aces, ace_another = (t.has(p) for p in BRIDGE_EXCEPTIONS.patterns)
    return rows, two_aces.astype(int) + 2 * ace_another.astype(int), b


def _table(deals_per_scenario=1500, seed=11):
    """A results table of every scenario played directly (double-dummy), as the runner sums it."""
    frames = []
    for k, name in enumerate(P.STUDY.scenarios(_settings())):
        seat, score, company = P.parse_scenario(name)
        with keeping(company):
            frames.append(P.played(sample_deals(deals_per_scenario, seed + k), seat, score, RULES).assign(company=company))
    return P.STUDY.summarise(pd.concat(frames, ignore_index=True))


def _settings(**kw):
    from analysis.run.runner import settings_for
    return settings_for(P.STUDY, **kw)


@pytest.fixture(scope="module")
def table():
    return _table()


# --- the class -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat, score, company", [(DEALER, (1, 4), "book"), (SECOND, (2, 4), "optimised")])
def test_the_class_is_the_deciders_desperate_or_better_lone_hands_after_bs_round_one_pass(seat, score, company):
    deals = sample_deals(1500, 3)
    with keeping(company):
        cells = P.played(deals, seat, score, RULES)
    dealt, hands = cells[cells["kind"] == P.DEALT], cells[cells["kind"] == P.HAND]
    assert int(dealt["deals"].sum()) == 1500 and set(dealt["seat"]) == {"ABCD"[seat]}
    rows, kind, b = _class_by_hand(deals, seat, score, company)
    assert int(hands["deals"].sum()) == len(rows) > 50
    assert set(hands["seat"]) == {"ABCD"[seat]} and (hands["strength"] >= 1).all()
    assert set(zip(hands["a"], hands["b"])) == {score}
    # every deal of the class comes after B's pass in round one, and some after four passes
    assert not ((b.caller[rows] == ELDEST) & (b.round[rows] == 1)).any()
    assert set(hands["round"]) <= {1, 2}
    # the deals made by another seat (B or D, or the decider's partner) are not in the scenario's class
    others = np.flatnonzero((b.caller >= 0) & (b.caller != seat))
    assert len(others) > 0 and not np.isin(others, rows).any()


@pytest.mark.parametrize("company", ["book", "optimised"])
def test_the_keepers_passes_are_the_class_deals_where_b_holds_an_exception_hand(company):
    deals = sample_deals(3000, 8)
    with keeping(company):
        cells = P.played(deals, DEALER, (1, 4), RULES)
    hands = cells[cells["kind"] == P.HAND]
    rows, kind, b = _class_by_hand(deals, DEALER, (1, 4), company)
    for k in (0, 1, 2, 3):
        assert int(hands.loc[hands["exc"] == k, "deals"].sum()) == int((kind == k).sum())
    assert 0 < int(hands.loc[hands["exc"] > 0, "deals"].sum()) < int(hands["deals"].sum())
    if company == "book":
        # the book's own exceptions keeper passes with exactly these hands among the class's: his passes
        # are a subset of the non-keeper's, who passed every hand of the class
        hands_b, turn_up = np.asarray(deals.hands, np.uint32)[rows, ELDEST], np.asarray(deals.turn_up, np.int8)[rows]
        np.testing.assert_array_equal(bridge.exception_kind(hands_b, turn_up, Score(1, 4), RULES), kind)


def test_the_keeper_in_other_company_keeps_the_bridge_over_his_own_ordinary_calls():
    deals = sample_deals(4000, 2)
    hands_b, turn_up = np.asarray(deals.hands, np.uint32)[:, ELDEST], np.asarray(deals.turn_up, np.int8)
    sc = Score(1, 4)
    t = Situations(ELDEST, hands_b, turn_up, 1, sc.seat(ELDEST), RULES, (turn_up >> 3).astype(np.int8), lambda i: ())
    book_orders = BookPolicy().first_round_batch(t)
    # the book's ordinary rule given as his: the book's exceptions keeper, deal for deal
    np.testing.assert_array_equal(bridge.exception_kind(hands_b, turn_up, sc, RULES, orders=book_orders),
                                  bridge.exception_kind(hands_b, turn_up, sc, RULES))
    # a keeper whose ordinary bidding orders nothing passes with every exception hand; one that orders
    # everything never passes
    every = bridge.exception_kind(hands_b, turn_up, sc, RULES, orders=np.zeros(len(t), bool))
    assert (every > 0).sum() > (bridge.exception_kind(hands_b, turn_up, sc, RULES) > 0).sum()
    assert not bridge.exception_kind(hands_b, turn_up, sc, RULES, orders=np.ones(len(t), bool)).any()


# --- the estimate --------------------------------------------------------------------------------------

def test_the_weights_are_the_visits_times_the_class_rate_of_both_deciders(table):
    rows = table[table["company"] == "book"]
    model = P.STUDY.model("book", MANIFEST)
    w = P.weights(rows, model.counts)
    from analysis.value.game_model import outcome_probabilities, visits
    v = visits(outcome_probabilities(model.counts))
    rate = {}
    for s in P.SCORES:
        at = rows[(rows["a"] == s[0]) & (rows["b"] == s[1])]
        rate[s] = sum(at.loc[(at["kind"] == P.HAND) & (at["seat"] == x), "deals"].sum()
                      / at.loc[(at["kind"] == P.DEALT) & (at["seat"] == x), "deals"].sum() for x in "AC")
    assert sum(w.values()) == pytest.approx(1.0)
    assert w[1, 4] / w[2, 4] == pytest.approx(v[1, 4] * rate[1, 4] / (v[2, 4] * rate[2, 4]))


def test_the_pooled_estimate_is_the_w_weighted_per_score_estimates(table):
    for company in ("book", "optimised"):
        suffix = "" if company == "book" else ".optimised"
        rows = table[table["company"] == company]
        model = P.STUDY.model(company, MANIFEST)
        w = P.weights(rows, model.counts)
        per_score = {s: P.STUDY.estimate(f"L4@{s[0]}{s[1]}{suffix}", table, MANIFEST) for s in P.SCORES}
        pooled = P.STUDY.estimate(f"L4{suffix}", table, MANIFEST)
        assert pooled.mean == pytest.approx(sum(w[s] * per_score[s].mean for s in P.SCORES), abs=1e-12)
        assert pooled.n == sum(e.n for e in per_score.values())
        # each score alone is the bridge study's within-class estimate, with the game model's error joined
        for s, e in per_score.items():
            direct = with_model_error(*bridge.l4_parts(model, rows[(rows["kind"] == P.HAND) & (rows["a"] == s[0])
                                                                   & (rows["b"] == s[1])]))
            assert (e.mean, e.n) == (pytest.approx(direct.mean), direct.n) and e.se == pytest.approx(direct.se)
        # pooled, the deals' errors add in quadrature: below either score's alone
        assert pooled.se < min(e.se for e in per_score.values())
        # one game all is valued in its own rubber state, on the same deals
        other = P.STUDY.estimate(f"L4{suffix}.one-game-all", table, MANIFEST)
        assert other.n == pooled.n and other.mean != pooled.mean


def test_the_book_side_is_positive_when_the_keepers_passes_hurt_the_lone_hand():
    """A synthetic class: the lone hand marches unless B holds an exception hand, when it is euchred;
    with the partner it makes one point either way. Positive: more care after a keeper's pass."""
    cells = []
    for (a, b) in P.SCORES:
        base = {"company": "book", "a": a, "b": b, "seat": "A", "round": 1, "strength": 1, "trumps": 3, "right": 1,
                "left": 0, "aces": 1}
        cells += [{**base, "kind": P.DEALT, "round": -1, "strength": -1, "trumps": -1, "right": -1, "left": -1,
                   "aces": -1, "exc": 0, "alone": 0, "partner": 0, "deals": 1000},
                  {**base, "kind": P.HAND, "exc": 0, "alone": 4, "partner": 1, "deals": 60},
                  {**base, "kind": P.HAND, "exc": 0, "alone": 1, "partner": 1, "deals": 20},
                  {**base, "kind": P.HAND, "exc": 1, "alone": -2, "partner": 1, "deals": 15},
                  {**base, "kind": P.HAND, "exc": 2, "alone": 1, "partner": 1, "deals": 5}]
    table = P.STUDY.summarise(pd.DataFrame(cells))
    e = P.STUDY.estimate("L4", table, MANIFEST)
    assert e.mean > 0 and e.n == 200
    assert P.STUDY.estimate("L4.optimised", table, MANIFEST) is None


# --- the study -----------------------------------------------------------------------------------------

def test_the_tests_are_l4s_primary_and_its_scores_secondary():
    keys = [t.key for t in P.STUDY.claims]
    assert len(keys) == len(set(keys)) and set(keys) == PRIMARY_KEYS | PER_SCORE_KEYS
    assert {t.claim for t in P.STUDY.claims} == {"L4"} and not primaries()["L4"].permissive
    assert all(t.unit == "expected net rubber points" and t.engine is None for t in P.STUDY.claims)
    assert primaries()["L4"].source == "primary_lone_care" and primaries()["L4"].built
    assert P.STUDY.scenarios_of("L4@24.optimised") == ("A-24.optimised", "C-24.optimised")
    assert len(P.STUDY.scenarios_of("L4.one-game-all")) == 4


def test_bad_settings_and_options_are_refused_in_one_line():
    for kw, said in [({"pack": 24}, "32-card pack and a game of 5"), ({"points_for_game": 7}, "a game of 5"),
                     ({"options": {"model_deals": 0}}, "option model_deals must be a whole number >= 1")]:
        with pytest.raises(EuchreError, match=said) as got:
            P.STUDY.scenarios(_settings(**kw))
        assert "\n" not in str(got.value)


def test_the_cli_refuses_a_pack_the_scores_do_not_fit(tmp_path, capsys):
    from analysis.commands.cli import main
    assert main(["run", "primary_lone_care", "--pack", "24", "--deals", "10", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "32-card pack and a game of 5" in err and "\n" not in err and "Traceback" not in err


@pytest.mark.slow
def test_a_small_run_writes_the_verdicts_of_both_companies_and_rubber_states(tmp_path):
    from analysis.reporting.ledger import build_ledger, read_study_verdicts
    from analysis.reporting.primary_status import standing
    from analysis.run.runner import report_study, run_study
    settings = _settings(out=str(tmp_path), deals=800, chunk_size=400, seed=3, progress=False,
                         options={"model_deals": 300})
    outcome = run_study(P.STUDY, settings)
    folder = tmp_path / "primary_lone_care"
    report_study(P.STUDY, P.STUDY.summarise(outcome.frame, settings), outcome.manifest, folder)
    tests = read_study_verdicts(folder / "verdicts.csv", "primary_lone_care")
    assert {t.key for t in tests} == PRIMARY_KEYS | PER_SCORE_KEYS
    assert all(t.unit == "expected net rubber points" and t.engine == "dd" for t in tests)
    assert {(t.company, t.state) for t in tests if "@" not in t.key} == \
        {(c, s) for c in ("book", "optimised") for s in (FIRST_GAME, ONE_GAME_ALL)}
    s = standing(primaries()["L4"], tests)
    assert len(s.replications) == 8                    # two engines x two companies x two states
    assert [r.run for r in s.replications] == [True] * 4 + [False] * 4      # the table's not run here
    assert {key for _study, key in s.used} == PRIMARY_KEYS       # each score alone is secondary
    entry = next(e for e in build_ledger(tmp_path).entries if e.claim.id == "L4")
    assert entry.status != "untested" and {t.key for t in entry.secondary} == PER_SCORE_KEYS
    assert "The class at each score" in (folder / "report.md").read_text()


def test_the_table_replication_plays_the_same_class_at_the_table():
    from studies.variants import PRIMARY_LONE_CARE_TABLE as T
    assert {t.engine for t in T.claims} == {"pimc-calls"} and {t.key for t in T.claims} == PRIMARY_KEYS | PER_SCORE_KEYS
    seed = np.random.SeedSequence(5)
    table = T.run_chunk("C-24.book", 0, 300, seed, _settings())
    dd = P.STUDY.run_chunk("C-24.book", 0, 300, seed, _settings())
    keys = ["kind", "seat", "round", "strength", "trumps", "right", "left", "aces", "exc"]
    # the same deals and bidding, so the same class; played at the table, other results
    pd.testing.assert_series_equal(table.groupby(keys)["deals"].sum(), dd.groupby(keys)["deals"].sum())
    hands = ["alone", "partner"]
    assert not table.groupby(keys + hands)["deals"].sum().equals(dd.groupby(keys + hands)["deals"].sum())


@pytest.mark.slow
def test_one_and_two_workers_give_the_same_table(tmp_path):
    from analysis.run.runner import run_study
    kw = dict(deals=1000, chunk_size=500, seed=9, progress=False, options={"model_deals": 300})
    one = run_study(P.STUDY, _settings(out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(P.STUDY, _settings(out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(P.STUDY.summarise(one), P.STUDY.summarise(two))
    pd.testing.assert_frame_equal(one, two)

"""The lone-hands study: its rows against the simulator, the claims, the game length, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.value.game_model import OUTCOMES, outcome_index, win_probability
from analysis.bidding.policy import Policy
from analysis.game.rules import Rules, Score
from analysis.reporting.report import headline_problem
from analysis.run.runner import run_study, settings_for
from analysis.simulator import simulate
from analysis.experiment.stats import CONTRADICTED, SUPPORTED
from analysis.value import rubber
from analysis.experiment.study import GAME_WIN, POINTS, RUBBER
from fastcore.sampler import sample_deals
from studies import lone_hands
from studies.common import lone_arms
from studies.lone_hands import STUDY

RULES = Rules(pack=32)


class FixedLone(Policy):
    """The book's bidding with the lone decisions fixed: every caller plays alone or not, and only
    the dealer takes it from his partner (always, when ``dealer_takes``)."""

    def __init__(self, alone: bool, dealer_takes: bool = False):
        self.book, self.go_alone, self.dealer_takes = BookPolicy(), alone, dealer_takes
        self.name = f"book, alone={alone}, dealer takes={dealer_takes}"

    def first_round_batch(self, t):
        return self.book.first_round_batch(t)

    def second_round_batch(self, t):
        return self.book.second_round_batch(t)

    def alone_batch(self, t):
        return np.full(len(t), self.go_alone)

    def take_from_partner_batch(self, t):
        return np.full(len(t), self.dealer_takes and t.seat == 0)

    def discard_batch(self, t):
        return self.book.discard_batch(t)


def _kind(rows: pd.DataFrame, kind: str) -> pd.DataFrame:
    return rows[rows["kind"] == lone_arms.KINDS.index(kind)]


# --- the rows against the simulator ---------------------------------------------------------------

@pytest.mark.parametrize("score", [Score(0, 0), Score(3, 3), Score(2, 4), Score(4, 1)])
def test_rows_are_the_simulators_plays_of_each_arm(score):
    # Each arm played independently: the whole deal simulated with the lone decision fixed.
    deals = sample_deals(400, np.random.SeedSequence(7), pack=32)
    rows = lone_arms.score_rows(deals, score, RULES).drop(columns="deal")
    book = simulate(deals, BookPolicy(), RULES, score)
    alone = simulate(deals, FixedLone(True), RULES, score)
    partner = simulate(deals, FixedLone(False), RULES, score)

    called = np.flatnonzero(partner.maker >= 0)
    side = partner.maker & 1
    call = _kind(rows, "call")
    np.testing.assert_array_equal(call["seat"], partner.maker[called])
    np.testing.assert_array_equal(call["arm1"], alone.net(side)[called])
    np.testing.assert_array_equal(call["arm0"], partner.net(side)[called])
    assert set(np.unique(call["arm1"])) <= {-4, 1, 4}
    assert set(np.unique(call["arm0"])) <= {-2, 1, 2}

    # The dealer alone where C assisted, against C and the dealer together.
    taken = simulate(deals, FixedLone(False, dealer_takes=True), RULES, score)
    assisted = np.flatnonzero((partner.maker == 2) & (partner.round == 1))
    take = _kind(rows, "take")
    assert len(take) == len(assisted) > 0
    np.testing.assert_array_equal(take["arm1"], taken.net(0)[assisted])
    np.testing.assert_array_equal(take["arm0"], partner.net(0)[assisted])

    # The book's own hand, read from the arms it chose, is the simulator's.
    void = _kind(rows, "void")
    outcome = outcome_index(book.points[:, 0], book.points[:, 1])
    np.testing.assert_array_equal(void["outcome"], outcome[book.maker < 0])
    np.testing.assert_array_equal(call["outcome"], outcome[called])

    # The paired difference over these deals, straight from the simulator.
    direct = (alone.net(side) - partner.net(side))[called].mean()
    assert (call["arm1"].astype(int) - call["arm0"]).mean() == pytest.approx(direct)


@pytest.mark.parametrize("score, lone_from", [(Score(0, 0), 2), (Score(3, 3), 3)])
def test_hand_classes_agree_with_the_books_lone_decision(score, lone_from):
    # Unassisted and at an even score below three the book plays sound and light hands alone;
    # at three-all only sound ones (L1): the classes must say the same of the hand played alone.
    deals = sample_deals(1500, np.random.SeedSequence(5), pack=32)
    call = _kind(lone_arms.score_rows(deals, score, RULES), "call")
    strong = call["strength"] >= lone_from
    np.testing.assert_array_equal(call["book_alone"], strong)
    assert strong.any() and (~strong).any()


# --- the results table and the claims on a synthetic frame --------------------------------------

def _filler(rng, game: int = 5, n: int = 400) -> pd.DataFrame:
    """Void deals with random book outcomes at every score: what the game model reads."""
    return pd.concat([pd.DataFrame({"a": a, "b": b, "kind": 0, "seat": -1, "round": 0, "strength": -1,
                                    "trumps": -1, "right": -1, "left": -1, "aces": -1, "book_alone": False,
                                    "arm1": 0, "arm0": 0, "outcome": rng.integers(0, len(OUTCOMES), n)})
                      for a in range(game) for b in range(game)], ignore_index=True)


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    for c in frame.columns:
        frame[c] = frame[c].astype(bool if c == "book_alone" else np.int8)
    return frame


def _synthetic(rng, game: int = 5) -> pd.DataFrame:
    """A chunk-like frame: void deals at every score, calls with known arms."""
    rows = [_filler(rng, game)]
    for a in range(game):
        for b in range(game):
            n = 400
            seat = rng.integers(0, 4, n)
            strength = rng.integers(0, 4, n)
            # going alone loses 2 points with weak hands, gains with light and sound ones
            arm0 = rng.choice([1, 2, -2], n)
            arm1 = np.where(strength >= 2, rng.choice([1, 4], n), rng.choice([1, -4], n))
            rows.append(pd.DataFrame({"a": a, "b": b, "kind": 1, "seat": seat, "round": rng.integers(1, 3, n),
                                      "strength": strength, "trumps": 3, "right": 1, "left": strength % 2,
                                      "aces": 1, "book_alone": strength == 3, "arm1": arm1, "arm0": arm0,
                                      "outcome": rng.integers(0, len(OUTCOMES), n)}))
    return _typed(pd.concat(rows, ignore_index=True))


def _own_theirs(frame):
    bd = frame["seat"] % 2 == 1
    return np.where(bd, frame["b"], frame["a"]), np.where(bd, frame["a"], frame["b"])


@pytest.mark.slow
def test_claims_measure_what_they_say_on_synthetic_rows():
    frame = _synthetic(np.random.default_rng(11))
    table = STUDY.summarise(frame)
    assert int(table["deals"].sum()) == len(frame)
    calls = frame[frame["kind"] == 1]
    gain = calls["arm0"].astype(int) - calls["arm1"]          # L2: with the partner - alone, the book's side
    for key, strength in (("L2.desperate", 1), ("L2.light", 2)):
        chosen = gain[calls["strength"] == strength]
        e = STUDY.estimate(key, table)
        assert e.n == len(chosen)
        assert e.mean == pytest.approx(chosen.mean())
        assert e.se == pytest.approx(chosen.std(ddof=1) / np.sqrt(len(chosen)))
    found = {v.claim.name: v.verdict for v in STUDY.verdicts(table)}
    assert found["L2.desperate"] == SUPPORTED      # alone loses with weak hands, as the book says
    assert found["L2.light"] == CONTRADICTED       # and gains with light ones here
    # L1 is measured at each score on its own, on the light hands of that score from the decider's side.
    own, theirs = _own_theirs(calls)
    for score in lone_arms.L1_SCORES:
        at = (calls["strength"] == 2) & (own == score[0]) & (theirs == score[1])
        assert STUDY.estimate(f"L1.{score[0]}-{score[1]}", table).n == int(at.sum()) > 0


def test_every_test_is_oriented_to_the_books_side_and_names_one_score():
    keys = [t.key for t in STUDY.claims]
    assert len(keys) == len(set(keys))
    first = [t.key for t in STUDY.claims if t.state == "first game"]
    assert [k for k in first if k.startswith("L1.")] == [f"L1.{o}-{t}" for o, t in (
        (3, 3), (4, 4), (1, 0), (2, 0), (3, 0), (4, 0), (2, 1), (3, 1), (4, 1), (3, 2), (4, 2), (4, 3))]
    assert [k for k in first if k.startswith("L3.")] == ["L3.1-4", "L3.2-4"]
    assert not any(t.claim == "B1" for t in STUDY.claims)   # the bridge is the bridge study's
    assert all(t.sign == 1 for t in STUDY.claims)   # each estimate is computed as the book's side
    # each score test in rubber points in two states of the rubber, in game-win and in points
    for key in first:
        measured = [(t.unit, t.state) for t in STUDY.claims if t.key.startswith(key + ".") or t.key == key]
        assert measured == [(RUBBER, "first game"), (RUBBER, "one game all"), (GAME_WIN, None), (POINTS, None)]


def _deals_at(score: Score, n: int, seed: int):
    """A few hundred deals bid and played at one score, with void filler at every score for the model."""
    deals = sample_deals(n, np.random.SeedSequence(seed), pack=32)
    rows = lone_arms.score_rows(deals, score, RULES).drop(columns="deal")
    frame = pd.concat([rows, _filler(np.random.default_rng(seed))], ignore_index=True)
    return rows, _typed(frame)


def _probs(frame):
    counts = np.zeros((5, 5, len(OUTCOMES)))
    book = frame[frame["kind"] <= 1]
    np.add.at(counts, (book["a"], book["b"], book["outcome"]), 1)
    return counts / counts.sum(axis=2, keepdims=True)


def _model(frame):
    return win_probability(_probs(frame))


def test_per_score_estimates_equal_a_direct_computation_at_one_score():
    # 1-4 for the dealers: AC's desperate hands there are L3 at 1-4; BD's light hands are L1 at 4-1.
    rows, frame = _deals_at(Score(1, 4), 400, 19)
    table = STUDY.summarise(frame)
    f = _model(frame)
    model = rubber.solve(_probs(frame))

    def chance(r, net):
        bd = r.seat % 2 == 1
        own, theirs = (r.b, r.a) if bd else (r.a, r.b)
        return _chance(f, own + max(net, 0), theirs + max(-net, 0), bd)

    def points(r, net):
        bd = r.seat % 2 == 1
        own, theirs = (r.b, r.a) if bd else (r.a, r.b)
        return float(rubber.side_points_after(model, own + max(net, 0), theirs + max(-net, 0), bd))

    call = _kind(rows, "call")
    ac = call["seat"] % 2 == 0
    chosen = {"L3.1-4": (call[ac & (call["strength"] == 1)], "arm1", "arm0"),     # alone - with the partner
              "L1.4-1": (call[~ac & (call["strength"] == 2)], "arm0", "arm1")}    # with the partner - alone
    for key, (rows_, book, other) in chosen.items():
        for value, parts in ((chance, STUDY.game_win_parts(key, table)), (points, STUDY.model_parts(key, table))):
            values = [value(r, int(getattr(r, book))) - value(r, int(getattr(r, other))) for r in rows_.itertuples()]
            paired, model_se = parts
            assert paired.n == len(values) > 1, key
            assert paired.mean == pytest.approx(np.mean(values), abs=1e-9), key
            assert paired.se == pytest.approx(np.std(values, ddof=1) / np.sqrt(len(values))), key
        e = STUDY.estimate(key, table)          # in rubber points, the claims that name scores
        assert e.mean == STUDY.model_parts(key, table)[0].mean
    # No deals at the other scores' own hands: those tests are not measured, never borrowed from 1-4.
    for key in ("L1.1-0", "L1.3-3", "L3.2-4"):
        assert STUDY.estimate(key, table) is None


@pytest.mark.slow
def test_the_model_error_is_reproducible_from_the_seed_and_widens_the_interval():
    _, frame = _deals_at(Score(2, 4), 300, 23)
    table = STUDY.summarise(frame)
    paired, model_se = STUDY.model_parts("L3.2-4", table, seed=5)
    again = STUDY.estimate("L3.2-4", table, {"root_seed": 5})
    assert again == STUDY.estimate("L3.2-4", table, {"root_seed": 5})
    assert model_se > 0
    assert again.se == pytest.approx(np.hypot(paired.se, model_se))
    assert again.se > paired.se and again.high - again.low > paired.high - paired.low
    other = STUDY.estimate("L3.2-4", table, {"root_seed": 6})
    assert other.mean == again.mean and other.se != again.se   # the draws differ, the estimate does not
    # The run's root seed, from the manifest, seeds the draws of every game-win test.
    measured = {c.key: c.estimate for c in STUDY.measure(table, {"root_seed": 5, "deals": 300})}
    assert measured["L3.2-4"] == again
    for test in STUDY.claims:
        if test.unit == RUBBER and test.key in measured:
            assert measured[test.key].se >= STUDY.model_parts(test.key, table, seed=5)[0].se


def _chance(f, own: int, theirs: int, own_deals_next: bool) -> float:
    if own >= 5:
        return 1.0
    if theirs >= 5:
        return 0.0
    return f[own, theirs] if own_deals_next else 1 - f[theirs, own]


def test_game_win_differences_are_the_game_models():
    # The model is solved on the book's hands (void and call rows) of the frame; each row's dwin is
    # the decider's side's chance after the lone arm's points minus after the partner's, BD dealing next.
    frame = _synthetic(np.random.default_rng(3))
    table = STUDY.summarise(frame)
    f = _model(frame)
    total = 0.0
    for r in frame[frame["kind"] == 1].itertuples():
        bd = r.seat % 2 == 1
        own, theirs = (r.b, r.a) if bd else (r.a, r.b)
        after = [_chance(f, own + max(x, 0), theirs + max(-x, 0), bd) for x in (int(r.arm1), int(r.arm0))]
        total += after[0] - after[1]
    assert table.loc[table["kind"] == "call", "dwin_sum"].sum() == pytest.approx(total, abs=1e-9)
    assert total != 0


def test_win_after_reads_the_score_from_the_deciders_side():
    f = win_probability(np.tile([0, 0.5, 0, 0, 0.5, 0, 0], (5, 5, 1)))
    # at 3-3, a march (2) wins for either side; a euchre gives the game to the adversaries
    assert lone_hands.win_after(f, 3, 3, 0, 2) == 1.0
    assert lone_hands.win_after(f, 3, 3, 1, 2) == 1.0
    assert lone_hands.win_after(f, 3, 3, 3, -2) == 0.0
    # B's side at 1 against 4 makes 1: BD 2, AC 4, BD deals next
    assert lone_hands.win_after(f, 4, 1, 1, 1) == pytest.approx(f[2, 4])


def test_l5_compares_seats_within_hand_classes():
    # Seat B's lone hands make one point more than seat A's in every class; the classes' mix differs,
    # so a plain difference of means would be about 2.2 points, the stratified one is 1.
    rows = []
    for seat, shift in (("B", 1.0), ("A", 0.0)):
        for trumps, n in ((3, 100 if seat == "B" else 400), (5, 400 if seat == "B" else 100)):
            x = np.full(n, 2.0 * trumps + shift) + np.resize([-1.0, 1.0], n)
            rows.append({"a": 0, "b": 0, "kind": "call", "seat": seat, "round": 1, "strength": 1, "trumps": trumps,
                         "right": 1, "left": 0, "aces": 0, "deals": n, "arm1_sum": x.sum(),
                         "arm1_sumsq": (x ** 2).sum()})
    table = pd.DataFrame(rows)
    assert STUDY.estimate("L5.B-A", table).mean == pytest.approx(1.0)


# --- the game length follows the rules ----------------------------------------------------------

def test_a_longer_game_has_more_scores():
    settings = settings_for(STUDY, rules=Rules(pack=32, points_for_game=7))
    assert STUDY.scenarios(settings) == [f"dealers-{a}" for a in range(7)]
    frame = STUDY.run_chunk("dealers-6", 0, 21, np.random.SeedSequence(2), settings)
    assert (frame["a"] == 6).all()
    assert frame.loc[frame["kind"] <= 1].groupby("b").size().to_dict() == {b: 3 for b in range(7)}
    table = STUDY.summarise(_synthetic(np.random.default_rng(1), game=7), settings)
    assert set(table["a"]) == set(range(7))


# --- reproducibility ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=150, chunk_size=60, progress=False)
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    t1, t2 = STUDY.summarise(one), STUDY.summarise(two)
    pd.testing.assert_frame_equal(t1, t2)
    assert set(one["kind"]) == {0, 1, 2}
    report = STUDY.render(t1, {"rules": {"pack": 32}}, tmp_path)
    # A test with no deals at its score in so small a run is left out, never filled from other scores.
    measured = [t.key for t in STUDY.claims if STUDY.estimate(t.key, t1) is not None]
    assert [v.claim.name for v in report.verdicts] == measured and "L2.light" in measured
    for v in report.verdicts:
        assert v.claim.estimate.mean == STUDY.estimate(v.claim.name, t1).mean or v.claim.estimate.n < 2
    light = next(v for v in report.verdicts if v.claim.name == "L2.light").estimate
    assert f"light hands {light.mean:+.3f}" in dict(report.sections)["The figures in full"]
    assert report.headline.startswith("Of ") and headline_problem(report.headline) is None


def test_a_chunk_shares_its_deals_among_the_five_scores(tmp_path):
    settings = settings_for(STUDY, out=str(tmp_path))
    assert STUDY.scenarios(settings) == [f"dealers-{a}" for a in range(5)]
    frame = STUDY.run_chunk("dealers-2", 0, 23, np.random.SeedSequence(5), settings)
    per_score = frame[frame["kind"] <= 1].groupby("b").size()
    assert (frame["a"] == 2).all()
    assert per_score.to_dict() == {0: 5, 1: 5, 2: 5, 3: 4, 4: 4}
    assert not (frame["kind"] == 3).any()      # no bridge rows: the bridge is the bridge study's

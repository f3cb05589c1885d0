"""The lone-hands study: the game model, the paired arms, the claims, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.rules import Rules
from analysis.simulate import simulate
from analysis.stats import CONTRADICTED, SUPPORTED, verdicts
from fastcore.sampler import sample_deals
from studies import lone_hands
from studies.game_model import OUTCOMES, outcome_index, side_wins, win_probability
from studies.runner import run_study, settings_for


def _probs(**by_outcome) -> np.ndarray:
    p = np.zeros((5, 5, len(OUTCOMES)))
    for key, value in by_outcome.items():
        p[:, :, OUTCOMES.index(tuple(int(c) for c in key[1:].split("_")))] = value
    return p


# --- the game model ------------------------------------------------------------------------------

def test_dealers_always_scoring_one_win_from_love_all():
    # X deals at 0-0 and scores 1, then Y deals and scores 1, ...: X reaches five first.
    f = win_probability(_probs(p1_0=1.0))
    assert f[0, 0] == pytest.approx(1.0)
    assert f[3, 4] == pytest.approx(0.0)       # X 3, Y 4: X to 4, Y deals and wins
    assert f[4, 4] == pytest.approx(1.0)


def test_fair_coin_per_point_is_a_symmetric_random_walk():
    f = win_probability(_probs(p1_0=0.5, p0_1=0.5))
    for m in range(5):
        assert f[m, m] == pytest.approx(0.5)
    assert f[4, 3] == pytest.approx(0.75)     # win now, or go to 4-4 and a coin
    assert f[4, 0] == pytest.approx(1 - 0.5 ** 5)


def test_void_deals_only_delay_the_game():
    plain = win_probability(_probs(p2_0=0.6, p0_2=0.4))
    with_voids = win_probability(_probs(p0_0=0.5, p2_0=0.3, p0_2=0.2))
    # A void deal passes the deal: with dealer-dependent odds it changes the values but stays a probability.
    assert np.all((with_voids > 0) & (with_voids < 1))
    assert plain[0, 0] != pytest.approx(with_voids[0, 0])


def test_game_model_rejects_bad_distributions():
    with pytest.raises(EuchreError):
        win_probability(np.full((5, 5, 7), 0.5))
    with pytest.raises(EuchreError):
        win_probability(_probs(p0_0=1.0))
    with pytest.raises(EuchreError):
        outcome_index(np.array([3]), np.array([0]))


def test_side_wins_ends_the_game_at_five():
    f = win_probability(_probs(p1_0=0.5, p0_1=0.5))
    assert side_wins(f, 5, 4, False) == 1.0
    assert side_wins(f, 3, 6, True) == 0.0
    assert side_wins(f, 4, 3, True) == pytest.approx(f[4, 3])
    assert side_wins(f, 4, 3, False) == pytest.approx(1 - f[3, 4])


def test_win_after_reads_the_score_from_the_deciders_side():
    f = win_probability(_probs(p1_0=0.5, p0_1=0.5))
    # at 3-3, a march (2) wins for either side; a euchre gives the game to the adversaries
    assert lone_hands.win_after(f, 3, 3, 0, 2) == 1.0
    assert lone_hands.win_after(f, 3, 3, 1, 2) == 1.0
    assert lone_hands.win_after(f, 3, 3, 3, -2) == 0.0
    # B's side at 1 against 4 makes 1: BD 2, AC 4, BD deals next
    assert lone_hands.win_after(f, 4, 1, 1, 1) == pytest.approx(f[2, 4])


# --- the arms ------------------------------------------------------------------------------------

@pytest.mark.parametrize("score", [(0, 0), (3, 3), (4, 1), (1, 4), (4, 4)])
def test_book_result_read_from_the_arms_is_the_simulators(score):
    deals = sample_deals(1500, np.random.SeedSequence(7), pack=32)
    rules = Rules(pack=32)
    bid, arms, book = lone_hands.book_and_arms(deals, score, rules)
    direct = simulate(deals, BookPolicy(), rules, score)
    np.testing.assert_array_equal(book, direct.points)
    called, partner = arms["partner"]
    np.testing.assert_array_equal(called, np.flatnonzero(direct.maker >= 0))
    # the caller's side scores only in the two arms' legal amounts
    _, alone = arms["alone"]
    net_alone = lone_hands._net(alone, bid.caller[called])
    net_partner = lone_hands._net(partner, bid.caller[called])
    assert set(np.unique(net_alone)) <= {-4, 1, 4}
    assert set(np.unique(net_partner)) <= {-2, 1, 2}


def test_contract_hands_sit_out_the_partner_and_discard_for_the_dealer():
    deals = sample_deals(50, np.random.SeedSequence(3), pack=32)
    hands = deals.hands.astype(np.uint32)
    turn = deals.turn_up.astype(np.int8)
    rnd = np.ones(50, np.int8)
    for player in range(4):
        seat = np.full(50, player, np.int8)
        play = lone_hands.contract_hands(hands, turn, rnd, seat, True)
        assert np.all(play[:, player ^ 2] == 0)
        counts = np.bitwise_count(play)
        assert np.all(counts[:, [s for s in range(4) if s != player ^ 2]] == 5)
        if player != 2:   # the dealer holds the turn-up unless he sits out
            assert np.all((play[:, 0] >> turn.astype(np.uint32)) & 1 == 1)


# --- the claims on a synthetic table --------------------------------------------------------------

def _synthetic(rng) -> pd.DataFrame:
    """A chunk-like frame: void deals at every score, calls with known arms."""
    rows = []
    for a in range(5):
        for b in range(5):
            n = 400
            outcome = rng.integers(0, len(OUTCOMES), n)
            rows.append(pd.DataFrame({"a": a, "b": b, "kind": 0, "seat": -1, "round": 0, "strength": -1,
                                      "trumps": -1, "right": -1, "left": -1, "aces": -1, "book_alone": False,
                                      "arm1": 0, "arm0": 0, "outcome": outcome}))
            seat = rng.integers(0, 4, n)
            strength = rng.integers(0, 4, n)
            # going alone loses 2 points with weak hands, gains with light and sound ones
            arm0 = rng.choice([1, 2, -2], n)
            arm1 = np.where(strength >= 2, rng.choice([1, 4], n), rng.choice([1, -4], n))
            rows.append(pd.DataFrame({"a": a, "b": b, "kind": 1, "seat": seat, "round": rng.integers(1, 3, n),
                                      "strength": strength, "trumps": 3, "right": 1, "left": strength % 2,
                                      "aces": 1, "book_alone": strength == 3, "arm1": arm1, "arm0": arm0,
                                      "outcome": rng.integers(0, len(OUTCOMES), n)}))
    frame = pd.concat(rows, ignore_index=True)
    for c in frame.columns:
        frame[c] = frame[c].astype(bool if c == "book_alone" else np.int8)
    return frame


def test_claims_measure_what_they_say_on_synthetic_rows():
    rng = np.random.default_rng(11)
    frame = _synthetic(rng)
    table = lone_hands.summarise(frame)
    assert int(table["deals"].sum()) == len(frame)
    claims = lone_hands.claims(table)
    calls = frame[frame["kind"] == 1]
    weak = calls[(calls["strength"] < 2) & ~calls["book_alone"]]
    l2 = claims[0]
    assert l2.id == "L2"
    assert l2.estimate.n == len(weak)
    assert l2.estimate.mean == pytest.approx((weak["arm1"].astype(int) - weak["arm0"]).mean())
    light = calls[calls["strength"] == 2]
    assert claims[1].estimate.mean == pytest.approx((light["arm1"].astype(int) - light["arm0"]).mean())
    found = {v.claim.test.split(":")[0]: v.verdict for v in verdicts(claims)}
    assert found["hands the book does not play alone (neither sound nor light), every score"] == SUPPORTED
    assert found["the book's light lone hands, every score"] == CONTRADICTED
    # L1 at three-all is measured on the light hands of the calls at 3-3 only
    call = table[table["kind"] == "call"]
    own, theirs = lone_hands.own_theirs(call)
    assert claims[2].estimate.n == int(call.loc[(own == 3) & (theirs == 3) & (call["strength"] == 2), "deals"].sum())


def test_l5_compares_seats_within_hand_classes():
    # Seat B's lone hands make one point more than seat A's in every class; the classes' mix differs.
    rows = []
    for seat, shift in (("B", 1.0), ("A", 0.0)):
        for trumps, n in ((3, 100 if seat == "B" else 400), (5, 400 if seat == "B" else 100)):
            x = np.full(n, 2.0 * trumps + shift) + np.resize([-1.0, 1.0], n)
            rows.append({"seat": seat, "round": 1, "strength": 1, "trumps": trumps, "right": 1, "left": 0,
                         "aces": 0, "deals": n, "arm1_sum": x.sum(), "arm1_sumsq": (x ** 2).sum()})
    table = pd.DataFrame(rows)
    est = lone_hands.stratified(table, table["seat"] == "B", table["seat"] == "A", "arm1")
    assert est.mean == pytest.approx(1.0)


# --- reproducibility ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=150, chunk_size=60, progress=False)
    one = run_study(lone_hands, settings_for(lone_hands, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(lone_hands, settings_for(lone_hands, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    t1, t2 = lone_hands.summarise(one), lone_hands.summarise(two)
    pd.testing.assert_frame_equal(t1, t2)
    assert set(one["kind"]) >= {0, 1, 2, 3}
    report = lone_hands.render(t1, {"rules": {"pack": 32}}, tmp_path)
    assert [v.claim.id for v in report.verdicts] == ["L2", "L2", "L1", "L1", "L1", "L3", "L5", "L5", "L5", "L7", "B1"]
    assert all((tmp_path / c.file).exists() for c in report.charts)


def test_a_chunk_shares_its_deals_among_the_five_scores(tmp_path):
    settings = settings_for(lone_hands, out=str(tmp_path))
    assert lone_hands.scenarios(settings) == [f"dealers-{a}" for a in range(5)]
    frame = lone_hands.run_chunk("dealers-2", 0, 23, np.random.SeedSequence(5), settings)
    per_score = frame[frame["kind"] <= 1].groupby("b").size()
    assert (frame["a"] == 2).all()
    assert per_score.to_dict() == {0: 5, 1: 5, 2: 5, 3: 4, 4: 4}
    assert (frame["kind"] == 3).sum() == 4      # B1 at 2-4: every deal of that score, bid twice

"""The bidding study: its hand classes agree with the book's policy, the paired arms, the claim
arithmetic on known cells, and the same tables with one and two jobs."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from analysis.book_policy import BookPolicy
from analysis.cards import parse_card
from analysis.errors import EuchreError
from analysis.rules import Rules
from analysis.simulate import bid_batch, simulate
from analysis.stats import paired_difference
from fastcore.sampler import sample_deals
from studies import book_bidding as bb
from studies.runner import run_study, settings_for

RULES = Rules()


def mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


@pytest.fixture(scope="module")
def deals():
    return sample_deals(20_000, np.random.SeedSequence(7), pack=32)


@pytest.mark.parametrize("seat", [1, 2, 3, 0])
def test_each_class_gets_the_action_the_book_policy_takes(deals, seat):
    hands = np.asarray(deals.hands[:, seat], np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    classes, _ = bb.classify(seat, hands, turn_up, RULES)
    book = bb.book_calls(seat, hands, turn_up, RULES)
    for group, (member, pattern) in classes.items():
        action = bb.GROUPS[group][1]
        assert member.sum() > 10, group          # every class occurs in 20,000 deals
        assert (pattern[member] >= 0).all(), group   # each member matches a pattern of its breakdown
        if action == "call":
            assert book[member].all(), group
        elif action == "pass":
            assert not book[member].any(), group
    if seat == 3:   # T1: the book orders E1's class from the third hand exactly when T4's list matches
        t1, _ = classes["T1"]
        t1pass, _ = classes["T1pass"]
        assert (book[t1] == ~t1pass[t1]).all()
        assert book[t1].any() and (~book[t1]).any()


def test_classes_are_disjoint_where_the_book_says_different_things(deals):
    hands = np.asarray(deals.hands[:, 2], np.uint32)
    classes, _ = bb.classify(2, hands, np.asarray(deals.turn_up, np.int8), RULES)
    names = ["S2", "S3", "S4", "S5"]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not (classes[a][0] & classes[b][0]).any(), (a, b)
    b_classes, _ = bb.classify(1, np.asarray(deals.hands[:, 1], np.uint32), np.asarray(deals.turn_up, np.int8), RULES)
    assert not (b_classes["E1"][0] & b_classes["E2"][0]).any()


def test_the_dealer_is_judged_on_his_hand_after_taking_up_and_discarding():
    # Hearts turned (the ace): holding right and the seven he takes up to right, ace, seven:
    # three trumps after the discard, though the hand as dealt is only "right and another".
    hand = mask("JH 7H 8S 9C TC")
    classes, judged = bb.classify(0, np.array([hand], np.uint32), np.array([parse_card("AH")], np.int8), RULES)
    assert classes["D1"][0][0]
    assert bb.DEALER_LIST[classes["D1"][1][0]] == "three trumps"
    assert judged[0] >> parse_card("AH") & 1 and bin(int(judged[0])).count("1") == 5
    assert not judged[0] >> parse_card("8S") & 1     # the book discards the lowest of a short suit


def test_decision_reached_only_when_the_earlier_seats_passed_in_round_one():
    caller = np.array([1, 2, 3, 0, 1, -1, 2], np.int8)
    rnd = np.array([1, 1, 1, 1, 2, 0, 2], np.int8)
    assert bb.reached(caller, rnd, 1).all()
    assert bb.reached(caller, rnd, 2).tolist() == [False, True, True, True, True, True, True]
    assert bb.reached(caller, rnd, 3).tolist() == [False, False, True, True, True, True, True]
    assert bb.reached(caller, rnd, 0).tolist() == [False, False, False, True, True, True, True]


def test_the_arm_with_the_book_action_is_the_book_policy_itself(deals):
    sub = SimpleNamespace(hands=np.asarray(deals.hands[:3000], np.uint32), turn_up=np.asarray(deals.turn_up[:3000], np.int8))
    for seat in (2, 0):
        b = bid_batch(sub.hands, sub.turn_up, BookPolicy(), RULES)
        rows = np.flatnonzero(bb.reached(b.caller, b.round, seat))
        part = SimpleNamespace(hands=sub.hands[rows], turn_up=sub.turn_up[rows])
        net_call, net_pass = bb.paired_nets(part, seat, RULES)
        book = simulate(part, BookPolicy(), RULES)
        side = seat & 1
        net_book = book.points[:, side].astype(np.int16) - book.points[:, 1 - side]
        calls = bb.book_calls(seat, part.hands[:, seat], part.turn_up, RULES)
        assert calls.any() and (~calls).any()
        assert (net_book[calls] == net_call[calls]).all()
        assert (net_book[~calls] == net_pass[~calls]).all()
        assert (net_call != net_pass).any()


def test_estimate_from_sums_is_the_paired_interval():
    rng = np.random.default_rng(3)
    a, b = rng.integers(-4, 5, 500), rng.integers(-4, 5, 500)
    d = a - b
    got = bb.estimate_from_sums(len(d), d.sum(), (d.astype(np.int64) ** 2).sum())
    want = paired_difference(a, b)
    for field in ("mean", "low", "high", "se", "p_value"):
        assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-9)


def _cell(seat, group, pattern, trumps, aces, gains):
    g = np.asarray(gains, np.int64)
    return {"seat": seat, "group": group, "pattern": pattern, "trumps": trumps, "outside_aces": aces,
            "deals": len(g), "gain_sum": int(g.sum()), "gain_sumsq": int((g ** 2).sum()), "call_sum": 0, "pass_sum": 0}


def _test_of(group):
    return next(test for _cid, g, test in bb.CLAIM_TESTS if g == group)


def test_claims_sign_follows_the_book_action_and_t1_compares_like_cells():
    rows = [
        _cell("B", "E1", "three medium trumps", 3, 1, [1, 1, 2, 0, 1, 1]),      # ordering gains at B
        _cell("B", "E1", "three medium trumps", 4, 0, [2, 2, 1, 2]),
        _cell("B", "E2", "three trumps", 3, 0, [-2, -1, -2, -1, 0]),           # ordering loses: pass is right
        _cell("D", "T1", "three medium trumps", 3, 1, [0, 0, 1, -1, 0, 0]),
        _cell("D", "T1", "three medium trumps", 5, 2, [4, 4, 4]),              # no B cell: left out of T1
        _cell("D", "T1pass", "three medium trumps", 3, 1, [0, -1, 0, -1]),     # ordering loses: pass is right
    ]
    table = bb.summarise(pd.DataFrame(rows))
    got = {(c.id, c.test): c.estimate for c in bb.claims(table)}
    e1 = got[("E1", _test_of("E1"))]
    assert e1.mean == pytest.approx(13 / 10)
    e2 = got[("E2", _test_of("E2"))]
    assert e2.mean == pytest.approx(6 / 5) and e2.low > 0
    t1 = got[("T1", _test_of(None))]
    # one common cell (3 trumps, 1 ace): B mean 1, D mean 0
    assert t1.mean == pytest.approx(1.0)
    assert t1.n == 12
    t1pass = got[("T1", _test_of("T1pass"))]
    assert t1pass.mean == pytest.approx(0.5)
    assert {c.id for c in bb.claims(table)} == {"E1", "E2", "T1"}   # no rows: no claim


def test_scenarios_split_each_seat_into_replicates():
    s = settings_for(bb, options={"replicates": 2, "seats": ["A", "C"]})
    assert bb.scenarios(s) == ["C1", "C2", "A1", "A2"]
    for bad in (0, "4", 2.5):
        with pytest.raises(EuchreError, match="replicates"):
            bb.scenarios(settings_for(bb, options={"replicates": bad}))


@pytest.mark.slow
def test_same_tables_with_one_and_two_jobs(tmp_path):
    kw = {"deals": 1_500, "chunk_size": 500, "progress": False, "options": {"replicates": 1}}
    one = run_study(bb, settings_for(bb, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(bb, settings_for(bb, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    t1, t2 = bb.summarise(one), bb.summarise(two)
    pd.testing.assert_frame_equal(t1, t2)
    reached = t1[t1["group"] == bb.GROUP_ALL].groupby("seat")["deals"].sum()
    assert reached["B"] == 1_500 and 0 < reached["A"] < reached["D"] < reached["C"] < 1_500


def test_render_writes_a_report_with_verdicts(tmp_path):
    from studies.runner import report_study
    s = settings_for(bb, deals=4_000, chunk_size=4_000, progress=False, out=str(tmp_path), options={"replicates": 1})
    outcome = run_study(bb, s)
    table = bb.summarise(outcome.frame, s)
    paths = report_study(bb, table, outcome.manifest, s.study_dir)
    text = paths["markdown"].read_text()
    assert "Verdicts" in text and "E1" in text and "D1" in text
    assert (s.study_dir / "heatmap_call_minus_pass.png").exists()
    verdicts = pd.read_csv(paths["verdicts"])
    assert len(verdicts) == len(bb.CLAIM_TESTS)

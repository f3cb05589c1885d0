"""The bidding study: its hand classes agree with the book's policy, a chunk holds the paired
differences of the same deals played both ways, the claim tests' arithmetic on known cells,
the same tables with one and two jobs, and the report's verdicts and headline."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from analysis.book_policy import BookPolicy
from analysis.cards import parse_card
from analysis.claims import catalogue
from analysis.errors import EuchreError
from analysis.policy import Forced
from analysis.rules import Rules
from analysis.runner import report_study, run_study, settings_for
from analysis.simulate import bid_batch, simulate
from analysis.stats import SUPPORTED, paired_difference
from analysis.study import verdict_of
from fastcore.sampler import sample_deals
from studies import book_bidding as bb

RULES = Rules()
STUDY = bb.STUDY


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
        paired = bb.call_and_pass(part, seat, RULES)
        net_call, net_pass = paired.net("call"), paired.net("pass")
        book = simulate(part, BookPolicy(), RULES)
        side = seat & 1
        net_book = book.points[:, side].astype(np.int16) - book.points[:, 1 - side]
        calls = bb.book_calls(seat, part.hands[:, seat], part.turn_up, RULES)
        assert calls.any() and (~calls).any()
        assert (net_book[calls] == net_call[calls]).all()
        assert (net_book[~calls] == net_pass[~calls]).all()
        assert (net_call != net_pass).any()


# The seats that decide before each seat in round one: B, then C, D, A.
EARLIER = {"B": [], "C": [1], "D": [1, 2], "A": [1, 2, 3]}


@pytest.mark.parametrize("letter, group", [("C", "S4"), ("A", "D1")])
def test_a_chunk_holds_the_paired_differences_of_the_same_deals_played_both_ways(letter, group):
    """The chunk's cells against the same deals bid, forced and played here directly."""
    seat, n, seed = "ABCD".index(letter), 2_000, np.random.SeedSequence(11)
    table = STUDY.summarise(STUDY.run_chunk(f"{letter}1", 0, n, seed, settings_for(STUDY)))

    d = sample_deals(n, seed, pack=32)
    b = bid_batch(d.hands, d.turn_up, BookPolicy(), RULES)
    kept = ~((b.round == 1) & np.isin(b.caller, EARLIER[letter]))
    part = SimpleNamespace(hands=np.asarray(d.hands, np.uint32)[kept], turn_up=np.asarray(d.turn_up, np.int8)[kept])
    side = seat & 1

    def net(action):
        r = simulate(part, Forced(BookPolicy(), seat, "first_round", action), RULES)
        return r.points[:, side].astype(np.int64) - r.points[:, 1 - side]

    call, pass_ = net(bb.CALL_WORD[letter]), net("pass")
    every = table[(table["seat"] == letter) & (table["group"] == bb.GROUP_ALL)]
    assert int(every["deals"].sum()) == kept.sum() > 100
    assert int(every["gain_sum"].sum()) == (call - pass_).sum()
    assert int(every["gain_sumsq"].sum()) == ((call - pass_) ** 2).sum()
    assert int(every["call_sum"].sum()) == call.sum() and int(every["pass_sum"].sum()) == pass_.sum()

    member = bb.classify(seat, part.hands[:, seat], part.turn_up, RULES)[0][group][0]
    assert member.sum() >= 10
    book_first = bb.GROUPS[group][1] == "call"
    want = paired_difference(call[member], pass_[member]) if book_first else paired_difference(pass_[member], call[member])
    got = STUDY.estimate(group, table)
    assert got.n == member.sum()
    for field in ("mean", "low", "high", "se", "p_value"):
        assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-9), field


def _cell(seat, group, pattern, trumps, aces, gains):
    g = np.asarray(gains, np.int64)
    return {"seat": seat, "group": group, "pattern": pattern, "trumps": trumps, "outside_aces": aces,
            "deals": len(g), "gain_sum": int(g.sum()), "gain_sumsq": int((g ** 2).sum()), "call_sum": 0, "pass_sum": 0}


def test_claim_tests_are_signed_by_the_book_action_and_t1_compares_like_cells():
    rows = [
        _cell("B", "E1", "three medium trumps", 3, 1, [1, 1, 2, 0, 1, 1]),      # ordering gains at B
        _cell("B", "E1", "three medium trumps", 4, 0, [2, 2, 1, 2]),
        _cell("B", "E2", "three trumps", 3, 0, [-2, -1, -2, -1, 0]),           # ordering loses: pass is right
        _cell("D", "T1", "three medium trumps", 3, 1, [0, 0, 1, -1, 0, 0]),
        _cell("D", "T1", "three medium trumps", 5, 2, [4, 4, 4]),              # no B cell: left out of T1
        _cell("D", "T1", "three medium trumps", 3, 0, [4, 4]),                 # nor with other outside aces
        _cell("D", "T1", "three trumps and two aces", 3, 1, [3, 3]),          # nor with another pattern
        _cell("D", "T1pass", "three medium trumps", 3, 1, [0, -1, 0, -1]),     # ordering loses: pass is right
    ]
    table = STUDY.summarise(pd.DataFrame(rows))
    assert STUDY.estimate("E1", table).mean == pytest.approx(13 / 10)
    e2 = STUDY.estimate("E2", table)
    assert e2.mean == pytest.approx(6 / 5) and e2.low > 0
    t1 = STUDY.estimate("T1.order", table)
    # one common cell (3 trumps, 1 ace): B mean 1, D mean 0
    assert t1.mean == pytest.approx(1.0)
    assert t1.n == 12
    assert STUDY.estimate("T1.pass", table).mean == pytest.approx(0.5)
    measured = STUDY.measure(table)
    assert [c.key for c in measured] == ["E1", "E2", "T1.order", "T1.pass"]   # no rows: no test
    assert [c.id for c in measured] == ["E1", "E2", "T1", "T1"]


def test_claim_tests_name_claims_of_the_catalogue_once_each():
    keys = [t.key for t in STUDY.claims]
    assert len(set(keys)) == len(keys) == 11
    assert {t.claim for t in STUDY.claims} <= set(catalogue())
    assert {t.claim for t in STUDY.claims} == {"E1", "E2", "S2", "S3", "S4", "S5", "T4", "T1", "D1"}
    # every test but T1's comparison of two seats is measured on one class, at the seat the claim is about
    for t in STUDY.claims:
        if t.key != "T1.order":
            assert bb.GROUPS[bb.TESTED_GROUP[t.key]][0] == {"E": "B", "S": "C", "T": "D", "D": "A"}[t.claim[0]], t.key


def test_scenarios_split_each_seat_into_replicates():
    s = settings_for(STUDY, options={"replicates": 2, "seats": ["A", "C"]})
    assert STUDY.scenarios(s) == ["C1", "C2", "A1", "A2"]
    for bad in (0, "4", 2.5):
        with pytest.raises(EuchreError, match="replicates"):
            STUDY.scenarios(settings_for(STUDY, options={"replicates": bad}))


@pytest.mark.slow
def test_same_tables_with_one_and_two_jobs(tmp_path):
    kw = {"deals": 1_500, "chunk_size": 500, "progress": False, "options": {"replicates": 1}}
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    t1, t2 = STUDY.summarise(one), STUDY.summarise(two)
    pd.testing.assert_frame_equal(t1, t2)
    reached = t1[t1["group"] == bb.GROUP_ALL].groupby("seat")["deals"].sum()
    assert reached["B"] == 1_500 and 0 < reached["A"] < reached["D"] < reached["C"] < 1_500


def test_the_report_gives_each_claim_test_its_verdict_and_the_headline_its_numbers(tmp_path):
    s = settings_for(STUDY, deals=4_000, chunk_size=4_000, progress=False, out=str(tmp_path), options={"replicates": 1})
    outcome = run_study(STUDY, s)
    table = STUDY.summarise(outcome.frame, s)
    paths = report_study(STUDY, table, outcome.manifest, s.study_dir)
    rows = pd.read_csv(paths["verdicts"])
    verdicts = STUDY.verdicts(table)
    assert rows["test"].tolist() == [t.test for t in STUDY.claims]
    # D1 from the table's cells: take up minus turn down over the class's deals
    d1 = table[(table["seat"] == "A") & (table["group"] == "D1")]
    assert rows.set_index("test").loc[STUDY.claim_test("D1").test, "estimate"] == pytest.approx(
        d1["gain_sum"].sum() / d1["deals"].sum())
    report = STUDY.render(table, outcome.manifest, tmp_path / "again")
    supported = sum(v.verdict == SUPPORTED for v in verdicts)
    assert f"in {supported} of {len(verdicts)} tests" in report.headline
    for t in STUDY.claims:
        v = verdict_of(verdicts, t.key)
        assert f"{t.label} {v.claim.estimate.mean:+.2f}" in report.headline, t.key
    text = paths["markdown"].read_text()
    assert "Verdicts" in text and "It requires a stronger hand" in text

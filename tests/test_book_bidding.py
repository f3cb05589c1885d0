"""The bidding study: its hand classes agree with the book's policy, a chunk holds the paired
differences of the same deals played both ways, each entry of the book's lists is its own test
and its estimate is the direct computation on the same deals, E2's restriction selects what it
says, and the report names the losing entries of the lists whose entries disagree."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from analysis.bidding.book_policy import ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_FOUR_ALL, DEALER_BY_SCORE, DEALER_TAKE, THIRD_BY_SCORE, THIRD_ORDER, BookPolicy
from analysis.game.cards import parse_card
from analysis.game.claims import catalogue
from analysis.errors import EuchreError
from analysis.game.patterns import match_table
from analysis.bidding.policy import Forced, call_word
from analysis.game.rules import Rules
from analysis.run.runner import report_study, run_study, settings_for
from analysis.bidding.auction import bid_batch
from analysis.simulator import simulate
from analysis.experiment.stats import CONTRADICTED, SUPPORTED, paired_difference
from analysis.experiment.study import POINTS, verdict_of
from analysis.reporting.report import headline_problem
from fastcore.handpatterns import hand_numbers
from fastcore.sampler import sample_deals
from studies import book_bidding as bb
from studies.common import round_one
from studies.common.report import verdicts_headline

RULES = Rules()
STUDY = bb.STUDY


def mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


@pytest.fixture(scope="module")
def deals():
    return sample_deals(20_000, np.random.SeedSequence(7), pack=32)


# --- the hand classes --------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [1, 2, 3, 0])
def test_each_class_gets_the_action_the_book_policy_takes(deals, seat):
    hands = np.asarray(deals.hands[:, seat], np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    classes, _ = round_one.classify(seat, hands, turn_up, RULES)
    book = round_one.book_calls(seat, hands, turn_up, RULES)
    for group, (member, pattern) in classes.items():
        action = round_one.GROUPS[group][1]
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
    classes, _ = round_one.classify(2, hands, np.asarray(deals.turn_up, np.int8), RULES)
    names = ["S2", "S3", "S4", "S5"]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not (classes[a][0] & classes[b][0]).any(), (a, b)
    b_classes, _ = round_one.classify(1, np.asarray(deals.hands[:, 1], np.uint32), np.asarray(deals.turn_up, np.int8), RULES)
    assert not (b_classes["E1"][0] & b_classes["E2"][0]).any()


def test_the_dealer_is_judged_on_his_hand_after_taking_up_and_discarding():
    # Hearts turned (the ace): holding right and the seven he takes up to right, ace, seven:
    # three trumps after the discard, though the hand as dealt is only "right and another".
    hand = mask("JH 7H 8S 9C TC")
    classes, judged = round_one.classify(0, np.array([hand], np.uint32), np.array([parse_card("AH")], np.int8), RULES)
    assert classes["D1"][0][0]
    assert round_one.DEALER_LIST[classes["D1"][1][0]] == "three trumps"
    assert judged[0] >> parse_card("AH") & 1 and bin(int(judged[0])).count("1") == 5
    assert not judged[0] >> parse_card("8S") & 1     # the book discards the lowest of a short suit


def test_the_e2_restriction_holds_three_trumps_of_the_turn_up_with_a_bower(deals):
    """E2 is tested on the hands of its class with three trumps of the turned-up suit: in that
    class they always hold a bower and never four trumps, and the book's examples are among them."""
    hands = np.asarray(deals.hands[:, 1], np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    trump = (turn_up >> 3).astype(np.int8)
    e2, _ = round_one.classify(1, hands, turn_up, RULES)[0]["E2"]
    trumps = hand_numbers(hands, trump)[:, 0]
    tested = e2 & (trumps >= round_one.E2_TURNED_TRUMPS)
    assert 50 < tested.sum() < e2.sum() / 5         # a small part of the class
    bowers = match_table(hands, trump, ("right", "left")).any(axis=1)
    assert bowers[tested].all()
    assert (trumps[e2] <= 3).all()
    # the book's examples, queen of clubs turned: right, ten, nine of clubs, king, ten of spades;
    # left, ace, seven of clubs, seven of spades, seven of diamonds
    examples = np.array([mask("JC TC 9C KS TS"), mask("JS AC 7C 7S 7D")], np.uint32)
    qc = np.full(2, parse_card("QC"), np.int8)
    ex, _ = round_one.classify(1, examples, qc, RULES)[0]["E2"]
    assert ex.all() and (hand_numbers(examples, (qc >> 3).astype(np.int8))[:, 0] == 3).all()
    # E1's strength (the descriptive line) takes only the first: the second has no strength in suit
    medium, _ = round_one.classify(1, examples, qc, RULES)[0]["E2medium"]
    assert medium.tolist() == [True, False]


def test_a_hand_counts_under_the_first_entry_of_its_list_in_the_book_s_order(deals):
    """The results table matches the policy's lists, the entries dependent upon the score last;
    in T4 and D1 the book's order gives every hand the same first entry."""
    turn_up = np.asarray(deals.turn_up, np.int8)
    for seat, group in ((3, "T4"), (0, "D1")):
        classes, judged = round_one.classify(seat, np.asarray(deals.hands[:, seat], np.uint32), turn_up, RULES)
        member, first = classes[group]
        book_order = [e.pattern for e in bb.LISTS[group]]
        table = match_table(judged[member], (turn_up[member] >> 3).astype(np.int8), book_order)
        by_book = [book_order[i] for i in table.argmax(axis=1)]
        assert by_book == [round_one.GROUPS[group][2][i] for i in first[member]]


def test_decision_reached_only_when_the_earlier_seats_passed_in_round_one():
    caller = np.array([1, 2, 3, 0, 1, -1, 2], np.int8)
    rnd = np.array([1, 1, 1, 1, 2, 0, 2], np.int8)
    assert round_one.reached(caller, rnd, 1).all()
    assert round_one.reached(caller, rnd, 2).tolist() == [False, True, True, True, True, True, True]
    assert round_one.reached(caller, rnd, 3).tolist() == [False, False, True, True, True, True, True]
    assert round_one.reached(caller, rnd, 0).tolist() == [False, False, False, True, True, True, True]


def test_the_arm_with_the_book_action_is_the_book_policy_itself(deals):
    sub = SimpleNamespace(hands=np.asarray(deals.hands[:3000], np.uint32),
                          turn_up=np.asarray(deals.turn_up[:3000], np.int8))
    for seat in (2, 0):
        b = bid_batch(sub.hands, sub.turn_up, BookPolicy(), RULES)
        rows = np.flatnonzero(round_one.reached(b.caller, b.round, seat))
        part = SimpleNamespace(hands=sub.hands[rows], turn_up=sub.turn_up[rows])
        paired = round_one.call_and_pass(part, seat, RULES)
        net_call, net_pass = paired.net("call"), paired.net("pass")
        book = simulate(part, BookPolicy(), RULES)
        side = seat & 1
        net_book = book.points[:, side].astype(np.int16) - book.points[:, 1 - side]
        calls = round_one.book_calls(seat, part.hands[:, seat], part.turn_up, RULES)
        assert calls.any() and (~calls).any()
        assert (net_book[calls] == net_call[calls]).all()
        assert (net_book[~calls] == net_pass[~calls]).all()
        assert (net_call != net_pass).any()


# --- a chunk against the same deals played directly -----------------------------------------------

# The seats that decide before each seat in round one: B, then C, D, A.
EARLIER = {"B": [], "C": [1], "D": [1, 2], "A": [1, 2, 3]}


def _direct(letter: str, n: int, seed):
    """The chunk's deals, bid by the book; where the seat's decision is reached, the deals, the
    classes and a function playing a subset both ways (net points of the deciding side)."""
    seat = "ABCD".index(letter)
    d = sample_deals(n, seed, pack=32)
    b = bid_batch(d.hands, d.turn_up, BookPolicy(), RULES)
    kept = ~((b.round == 1) & np.isin(b.caller, EARLIER[letter]))
    part = SimpleNamespace(hands=np.asarray(d.hands, np.uint32)[kept], turn_up=np.asarray(d.turn_up, np.int8)[kept])
    classes, judged = round_one.classify(seat, part.hands[:, seat], part.turn_up, RULES)
    side = seat & 1

    def net(rows, action):
        sub = SimpleNamespace(hands=part.hands[rows], turn_up=part.turn_up[rows])
        r = simulate(sub, Forced(BookPolicy(), seat, "first_round", action), RULES)
        return r.points[:, side].astype(np.int64) - r.points[:, 1 - side]

    return part, classes, judged, net


def _same(got, want):
    assert got.n == want.n
    for field in ("mean", "low", "high", "se", "p_value"):
        assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-9), field


def test_a_chunk_holds_the_paired_differences_of_the_same_deals_played_both_ways():
    """Every reached deal of the chunk against the same deals bid, forced and played here."""
    letter, n, seed = "C", 2_000, np.random.SeedSequence(11)
    table = STUDY.summarise(STUDY.run_chunk(f"{letter}1", 0, n, seed, settings_for(STUDY)))
    part, classes, _, net = _direct(letter, n, seed)
    every = np.arange(len(part.hands))
    call, pass_ = net(every, call_word(letter)), net(every, "pass")
    rows = table[(table["seat"] == letter) & (table["group"] == round_one.GROUP_ALL)]
    assert int(rows["deals"].sum()) == len(every) > 100
    assert int(rows["gain_sum"].sum()) == (call - pass_).sum()
    assert int(rows["gain_sumsq"].sum()) == ((call - pass_) ** 2).sum()
    assert int(rows["call_sum"].sum()) == call.sum() and int(rows["pass_sum"].sum()) == pass_.sum()
    # an entry where the book passes: S4's king and another, pass - assist
    member, first = classes["S4"]
    rows_of = np.flatnonzero(member & (first == round_one.GROUPS["S4"][2].index("king and another")))
    want = paired_difference(net(rows_of, "pass"), net(rows_of, "assist"))
    _same(bb.book_minus_other(table, bb.ENTRIES["S4.king and another"].hands), want)


@pytest.mark.parametrize("letter, n, keys", [
    ("A", 12_000, ["D1.three trumps", "D1.two trumps and two aces", "D1.left, ace, and outside ace"]),
    ("D", 40_000, ["T4.four trumps", "T4.two bowers and another", "T4.two bowers and outside ace"]),
    ("B", 20_000, ["E2"]),
])
def test_each_entry_s_estimate_is_the_direct_computation_on_its_deals(letter, n, keys):
    """The entry's estimate from the chunk's cells equals the book's action minus the other on
    the deals whose hand first matches that entry (E2: its class with three trumps of the
    turn-up), played here; an entry under the threshold is described, not judged."""
    seed = np.random.SeedSequence(1888)
    table = STUDY.summarise(STUDY.run_chunk(f"{letter}1", 0, n, seed, settings_for(STUDY)))
    part, classes, judged, net = _direct(letter, n, seed)
    for key in keys:
        hands = bb.measured_on(key)
        member, first = classes[hands.group]
        if hands.pattern is not None:
            member = member & (first == round_one.GROUPS[hands.group][2].index(hands.pattern))
        if hands.min_trumps:
            trumps = hand_numbers(judged, (part.turn_up >> 3).astype(np.int8))[:, 0]
            member = member & (trumps >= hands.min_trumps)
        rows = np.flatnonzero(member)
        call, pass_ = net(rows, call_word(letter)), net(rows, "pass")
        want = paired_difference(call, pass_) if hands.action == "call" else paired_difference(pass_, call)
        _same(bb.book_minus_other(table, hands), want)
        got = STUDY.estimate(key, table)
        if key in bb.ENTRIES and len(rows) < bb.MIN_ENTRY_DEALS:
            assert got is None, key
        else:
            _same(got, want)
    judged_entry = [k for k in keys if STUDY.estimate(k, table) is not None]
    assert judged_entry and all(STUDY.estimate(k, table).n >= bb.MIN_ENTRY_DEALS for k in judged_entry)


# --- the tests declared ---------------------------------------------------------------------------

def test_every_entry_of_the_book_s_lists_is_one_test_with_a_unique_key_naming_a_claim():
    keys = [t.key for t in STUDY.claims]
    assert len(set(keys)) == len(keys) == 35
    ids = set(catalogue())
    for t in STUDY.claims:
        assert t.claim in ids and t.key.split(".")[0] == t.claim, t.key
        assert t.unit == POINTS and t.sign == 1 and t.margin is None, t.key   # book's action minus the other
    # the lists tested are the policy's own rules: every pattern of them, and nothing else, is an
    # entry tested on its own, dependent upon the score where the policy's rule is
    policy_lists = {"S2": (ASSIST,), "S3": (ASSIST_ALWAYS, ASSIST_BY_SCORE), "S4": (ASSIST_FOUR_ALL,),
                    "T4": (THIRD_ORDER, THIRD_BY_SCORE), "D1": (DEALER_TAKE, DEALER_BY_SCORE)}
    by_score_rules = (ASSIST_BY_SCORE, THIRD_BY_SCORE, DEALER_BY_SCORE)
    assert bb.LIST_RULES.keys() == policy_lists.keys()
    for claim, rules in policy_lists.items():
        assert all(a is b for a, b in zip(bb.LIST_RULES[claim], rules, strict=True)), claim
        patterns = [p for r in rules for p in r.patterns]
        assert sorted(e.pattern for e in bb.LISTS[claim]) == sorted(patterns), claim
        assert list(round_one.GROUPS[bb.LIST_CLASS[claim][1]][2]) == patterns, claim
        by_score = {p for r in rules if r in by_score_rules for p in r.patterns}
        assert {e.pattern for e in bb.LISTS[claim] if e.by_score} == by_score, claim
    assert set(bb.CHART_WORDS) <= {p for rules in policy_lists.values() for r in rules for p in r.patterns}
    # the book's order: the entry dependent upon the score printed among the others in T4 and D1
    assert [e.pattern for e in bb.LISTS["T4"]][7:10] == ["left, ace, king, and one suit", "left, ace, king",
                                                        "left, king and another, and outside ace"]
    assert [e.pattern for e in bb.LISTS["D1"]][8:] == ["ace, king, and one suit headed by ace", "two trumps and two aces"]
    assert [e.key for e in bb.LISTS["S3"]][:2] == ["S3.always", "S3.left and another"]
    assert {e.key for es in bb.LISTS.values() for e in es} | {"E1", "E2", "S5", "T1"} == set(keys)
    assert bb.ENTRIES["S3.always"].pattern == "two trumps and two aces"
    assert "always" in STUDY.claim_test("S3.always").test and "love-all" in STUDY.claim_test("S3.left and another").test
    # each test is measured at the seat the claim is about (T1 compares B with D)
    for t in STUDY.claims:
        if t.key != bb.T1_KEY:
            assert bb.measured_on(t.key).seat == {"E": "B", "S": "C", "T": "D", "D": "A"}[t.claim[0]], t.key


def _cell(seat, group, pattern, trumps, aces, gains):
    g = np.asarray(gains, np.int64)
    return {"seat": seat, "group": group, "pattern": pattern, "trumps": trumps, "outside_aces": aces,
            "deals": len(g), "gain_sum": int(g.sum()), "gain_sumsq": int((g ** 2).sum()), "call_sum": 0, "pass_sum": 0}


def test_estimates_are_oriented_to_the_book_s_action_and_t1_compares_like_cells(monkeypatch):
    monkeypatch.setattr(bb, "MIN_ENTRY_DEALS", 3)
    rows = [
        _cell("B", "E1", "three medium trumps", 3, 1, [1, 1, 2, 0, 1, 1]),      # ordering gains at B
        _cell("B", "E1", "three medium trumps", 4, 0, [2, 2, 1, 2]),
        _cell("B", "E2", "three trumps", 3, 0, [-2, -1, -2, -1, 0]),           # tested: three of the turn-up
        _cell("B", "E2", "three trumps", 1, 0, [-4, -4, -4]),                  # not tested: one of the turn-up
        _cell("C", "S4", "king and another", 1, 0, [-1, -1, 0, -2]),           # assisting loses: pass is right
        _cell("C", "S4", "ace and another", 1, 0, [1, 1]),                     # under the threshold: not judged
        _cell("A", "D1", "right and ace", 2, 1, [2, 2, -1, 1]),
        _cell("A", "D1", "two trumps and two aces", 2, 2, [-2, 0, -1]),
        _cell("D", "T1", "three medium trumps", 3, 1, [0, 0, 1, -1, 0, 0]),
        _cell("D", "T1", "three medium trumps", 5, 2, [4, 4, 4]),              # no B cell: left out of T1
        _cell("D", "T1", "three medium trumps", 3, 0, [4, 4]),                 # nor with other outside aces
        _cell("D", "T1", "three trumps and two aces", 3, 1, [3, 3]),          # nor with another pattern
    ]
    table = STUDY.summarise(pd.DataFrame(rows))
    assert STUDY.estimate("E1", table).mean == pytest.approx(13 / 10)
    e2 = STUDY.estimate("E2", table)
    assert e2.mean == pytest.approx(6 / 5) and e2.n == 5 and e2.low > 0
    assert STUDY.estimate("S4.king and another", table).mean == pytest.approx(1.0)
    assert STUDY.estimate("S4.ace and another", table) is None
    assert STUDY.estimate("D1.right and ace", table).mean == pytest.approx(1.0)
    assert STUDY.estimate("D1.two trumps and two aces", table).mean == pytest.approx(-1.0)
    assert STUDY.estimate("D1.three trumps", table) is None                    # no deals
    t1 = STUDY.estimate("T1", table)
    assert t1.mean == pytest.approx(1.0) and t1.n == 12   # one common cell (3 trumps, 1 ace): B 1, D 0
    measured = STUDY.measure(table)
    assert [c.key for c in measured] == ["E1", "E2", "S4.king and another", "T1", "D1.right and ace",
                                         "D1.two trumps and two aces"]


def _table_of(means: dict, n: int = 4_000) -> pd.DataFrame:
    """Cells with the given mean gain (calling - passing) per (seat, group, pattern), tight
    enough for the verdicts to follow the sign."""
    rows = []
    for (seat, group, pattern), mean in means.items():
        g = np.where(np.arange(n) % 2 == 0, mean + 0.5, mean - 0.5)
        rows.append({"seat": seat, "group": group, "pattern": pattern, "trumps": 3, "outside_aces": 1, "deals": n,
                     "gain_sum": float(g.sum()), "gain_sumsq": float((g ** 2).sum()), "call_sum": 0, "pass_sum": 0})
    return pd.DataFrame(rows)


def test_the_figures_in_full_name_the_losing_entries_of_mixed_lists_by_key():
    table = _table_of({("A", "D1", "three trumps"): 1.0, ("A", "D1", "left, ace, and outside ace"): -0.3,
                       ("A", "D1", "right and ace"): 0.3, ("C", "S2", "three trumps"): 0.7,
                       ("C", "S2", "right and another"): 0.3, ("C", "S4", "king and another"): -0.1,
                       ("B", "E1", "three medium trumps"): 0.7})
    verdicts = STUDY.verdicts(table)
    assert verdict_of(verdicts, "D1.left, ace, and outside ace").verdict == CONTRADICTED
    assert verdict_of(verdicts, "S4.king and another").verdict == SUPPORTED    # passing gains
    assert bb.list_outcome(verdicts, "D1")["lose"][0][0].key == "D1.left, ace, and outside ace"
    full = bb._figures_in_full(verdicts, 1_000)
    assert "D1 (the dealer's take-up list): of 3 entries 2 gain, 1 loses: left, ace, and outside ace -0.30" in full
    assert "S2 (the second hand's assist list): 2 of 2 entries gain" in full
    assert "S4 (the second hand's ace or king and another): 1 of 1 entries gain (passing" in full
    assert "E1 three medium trumps, strength in suit +0.70" in full
    assert "at the scores the book names in the score study" in full
    # by key, not by place: the verdicts in another order give the same figures
    assert bb._figures_in_full(verdicts[::-1], 1_000).split(": ", 1)[1] == full.split(": ", 1)[1]
    # the headline: the tally, then the largest loss with its interval
    headline = verdicts_headline(verdicts, "at love-all, double-dummy")
    assert headline.startswith(f"Of {len(verdicts)} tests (at love-all, double-dummy), ")
    assert "1 contradicts it (D1)" in headline
    assert "The largest loss is in D1 (left, ace, outside ace): -0.30 [" in headline
    assert headline_problem(headline) is None


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
    reached = t1[t1["group"] == round_one.GROUP_ALL].groupby("seat")["deals"].sum()
    assert reached["B"] == 1_500 and 0 < reached["A"] < reached["D"] < reached["C"] < 1_500


@pytest.mark.slow
def test_the_report_gives_each_judged_entry_its_verdict_and_says_what_is_not_judged(tmp_path):
    s = settings_for(STUDY, deals=4_000, chunk_size=4_000, progress=False, out=str(tmp_path), options={"replicates": 1})
    outcome = run_study(STUDY, s)
    table = STUDY.summarise(outcome.frame, s)
    paths = report_study(STUDY, table, outcome.manifest, s.study_dir)
    rows = pd.read_csv(paths["verdicts"])
    verdicts = STUDY.verdicts(table, outcome.manifest)
    judged = [t for t in STUDY.claims if STUDY.estimate(t.key, table) is not None]
    assert rows["test"].tolist() == [t.test for t in judged] and len(judged) < len(STUDY.claims)
    d1 = table[(table["seat"] == "A") & (table["group"] == "D1") & (table["pattern"] == "three trumps")]
    assert rows.set_index("test").loc[STUDY.claim_test("D1.three trumps").test, "estimate"] == pytest.approx(
        d1["gain_sum"].sum() / d1["deals"].sum())
    text = paths["markdown"].read_text()
    assert f"not judged: fewer than {bb.MIN_ENTRY_DEALS} deals" in text
    assert "Readings." in text and "tested at love-all only" in text and "It requires a stronger hand" in text
    for t in judged:
        assert verdict_of(verdicts, t.key) is not None
    for name in ("claims_ordering.png", "claims_assisting.png", "claims_taking_up.png"):
        assert (tmp_path / STUDY.name / name).exists()



def test_the_table_side_tests_sit_beside_the_double_dummy_ones(tmp_path):
    from pathlib import Path
    from analysis.experiment.stats import Claim, Estimate, verdicts
    from studies.book_bidding import at_the_table
    assert "euchrelab run play_bias" in at_the_table([], tmp_path / "play_bias" / "verdicts.csv")
    saved = Path(__file__).resolve().parents[1] / "reports" / "play_bias" / "verdicts.csv"
    mine = verdicts([Claim("E1", "", "", Estimate(0.7, 0.6, 0.8, 0.05, 1.0, 400, 0.0), key="E1")])
    text = at_the_table(mine, saved)
    assert "| E1 | 1 | 1 supported | +0.700 |" in text and "| D1 | 0 |" in text

"""The primary study of the round-one bidding claims: its classes are the pre-registration's, its
estimates the paired difference of the book's action and the other on the class's deals, in both
companies."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bidding import BookPolicy, bid_batch
from analysis.bidding.company import keeping, seated
from analysis.game import Rules, parse_cards, parse_card
from analysis.game.cards import DEALER, ELDEST, SECOND, THIRD, mask_of
from fastcore.sampler import sample_deals
from studies import primary as P
from studies.common.round_one import call_and_pass, reached
from studies.round_two import arm_suit

RULES = Rules()


def seat_classes(seat: int, hand: str, turn_up: str, round_: int = 1) -> set[str]:
    hands = np.array([mask_of(parse_cards(hand))], np.uint32)
    turn = np.array([parse_card(turn_up)], np.int8)
    return {c for c, m in P.classes(seat, round_, hands, turn, RULES).items() if m[0]}


@pytest.mark.parametrize("seat, hand, turn_up, expected", [
    (ELDEST, "AS QS TS KH 9H", "7S", {"E1"}),          # the book's example: three medium, strength in suit
    (ELDEST, "JC TC 9C KS TS", "QC", {"E2"}),          # the book's example: right, ten, nine; can go next (spades)
    (ELDEST, "AS QS TS KH 9H", "JS", set()),            # the same hand with the right turned
    (SECOND, "AS 9S 8H 9D TD", "7S", {"S1"}),          # ace and another, no outside ace: too light
    (SECOND, "JS 9S 8H 9D TD", "7S", {"S2"}),          # right and another
    (SECOND, "TS 9S 8H 9D TD", "JS", {"S5"}),          # the right turned, two small ones
    (THIRD, "JS AS 9S 8H 9D", "7S", {"T4"}),           # right, ace, and another
    (THIRD, "JC AS KS AH 9D", "JS", set()),            # left, ace, king and outside ace: three clear tricks
    (THIRD, "JC AS KS 9D 8H", "JS", {"T3"}),           # left, ace, king: on the list, but no outside ace
])
def test_the_classes_are_the_pre_registrations(seat, hand, turn_up, expected):
    assert seat_classes(seat, hand, turn_up) == expected


@pytest.mark.parametrize("seat, hand, turn_up, expected", [
    (ELDEST, "AH KH 7H JS TC", "KS", {"E3"}),          # the book's example: could cross (hearts), makes it next
    (SECOND, "JD 9D 8H 8S 7C", "KS", {"S7"}),          # right and another of diamonds after spades turned down
    (SECOND, "JD 9D 8H 8S 7C", "KH", set()),           # a red turn-down
    (DEALER, "JH 9D 8S 8C 7C", "KS", {"D5"}),          # left and another of diamonds, no outside ace
    (DEALER, "JH 9D AS 8C 7C", "KS", set()),           # left, another and outside ace: the make-it list
])
def test_the_round_two_classes(seat, hand, turn_up, expected):
    assert seat_classes(seat, hand, turn_up, round_=2) == expected


def test_the_dealers_classes_are_judged_after_taking_up():
    assert "D1" in seat_classes(DEALER, "JS AS 8H 9D 8C", "7S")       # right and ace after taking up
    # both knaves of the other colour, better at next (clubs), fair (the ace and the turn-up): turn down
    d6 = seat_classes(DEALER, "JH JD AS QC KC", "9S")
    assert d6 == {"D6"}


@pytest.mark.parametrize("company", ["book", "optimised"])
def test_a_chunk_is_the_paired_difference_on_the_reached_class(company):
    deals = sample_deals(4000, 7)
    with keeping(company):
        frame = P.per_claim(P.played(deals, "C", RULES, only=("S1", "S2", "S5")))
        hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
        mask = P.classes(SECOND, 1, hands[:, SECOND], turn_up, RULES)["S2"]
        rows = np.flatnonzero(mask)
        b = bid_batch(hands[rows], turn_up[rows], seated(BookPolicy(), SECOND), RULES)
        rows = rows[reached(b.caller, b.round, SECOND)]
        gain = call_and_pass(deals[rows], SECOND, RULES).difference("call", "pass")     # S2: assist - pass
    s2 = frame.loc["S2"]
    assert s2["deals"] == len(rows) > 50
    assert s2["gain_sum"] == gain.sum() and s2["gain_sumsq"] == (gain.astype(np.int64) ** 2).sum()
    assert s2["gained"] == (gain > 0).sum() and s2["lost"] == (gain < 0).sum()
    # S1 and S5 are the book's pass: saved as pass - assist
    assert set(frame.index) == {"S1", "S2", "S5"}


@pytest.mark.slow
def test_the_study_measures_each_claim_in_both_companies_and_saves_the_signs(tmp_path):
    from analysis.run.runner import run_study, settings_for

    settings = settings_for(P.STUDY, out=str(tmp_path), deals=4000, chunk_size=2000, seed=3, progress=False,
                            options={"rare": 2, "model_deals": 300})
    outcome = run_study(P.STUDY, settings)
    table = P.STUDY.summarise(outcome.frame, settings)
    verdicts = P.STUDY.verdicts(table, outcome.manifest)
    names = {v.claim.name for v in verdicts}
    assert {"E1", "E1.optimised", "D1", "D1.optimised", "S2", "S2.optimised"} <= names
    row = next(v for v in verdicts if v.claim.name == "D1.optimised").row()
    assert row["company"] == "optimised" and row["gained"] + row["lost"] <= row["deals"]
    # each claim's unit check: the same deals in rubber points at love-all
    check = next(v for v in verdicts if v.claim.name == "D1.optimised.rp").row()
    assert (check["unit"], check["state"], check["deals"]) == ("expected net rubber points", "first game", row["deals"])


def test_the_round_two_arms_name_the_pre_registrations_suits():
    hands = np.array([mask_of(parse_cards("JD 9D 8H 8S 7C")), mask_of(parse_cards("JS 9S AH KH 7C"))], np.uint32)
    turn = np.array([parse_card("KS"), parse_card("KC")], np.int8)
    diamonds, spades = parse_card("9D") >> 3, parse_card("9S") >> 3
    assert arm_suit("red", hands, turn).tolist() == [diamonds, -1]
    assert arm_suit("otherwise", hands, turn).tolist() == [-1, spades]    # next (spades) after clubs: right, another


def test_a_cap_plays_only_the_first_reached_deals_of_each_class():
    deals = sample_deals(4000, 11)
    whole = P.per_claim(P.played(deals, "A", RULES, only=("D1",)))
    capped = P.per_claim(P.played(deals, "A", RULES, only=("D1",), cap=25))
    head = P.per_claim(P.played(deals[:200], "A", RULES, only=("D1",), cap=25))
    assert whole.loc["D1", "deals"] > 1000 and capped.loc["D1", "deals"] == head.loc["D1", "deals"] == 25
    # the 25 played are the first reached: the same within the first 200 deals
    assert (head.loc["D1", ["gain_sum", "gain_sumsq"]] == capped.loc["D1", ["gain_sum", "gain_sumsq"]]).all()


def test_the_lone_classes_are_the_pre_registrations():
    spades = parse_card("9S") >> 3
    hands = np.array([mask_of(parse_cards(h)) for h in ("JS JC 9S AH KD", "JS AS 9S KH KD", "JS JC AS KS QS",
                                                        "AS 9S AH AD AC", "JC 9S AH AD 8C")], np.uint32)
    light, fair = P.lone_class(ELDEST, hands, np.full(5, parse_card("8S"), np.int8), 1, np.full(5, spades, np.int8),
                               RULES)
    assert light.tolist() == [True, False, False, False, False]   # sound (JS JC AS KS QS) is not light
    assert fair.tolist() == [False, False, True, True, False]      # every plain card an ace


@pytest.mark.parametrize("decision, claim", [("LD", "L2"), ("LA", "L7")])
def test_a_lone_chunk_is_the_paired_difference_of_the_two_contracts(decision, claim):
    from analysis.experiment import contract_arm, play_arms
    deals = sample_deals(3000, 5)
    frame = P.per_claim(P.lone_played(deals, decision, RULES, only=(claim,)))
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    seat = P.LONE_DECISIONS[decision]
    b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), RULES)
    if claim == "L2":
        rows = np.flatnonzero(b.caller == seat)
        light, _ = P.lone_class(seat, hands[rows, seat], turn_up[rows], b.round[rows], b.trump[rows], RULES)
        rows, book, other = rows[light], (seat, -1), (seat, seat)
    else:
        from analysis.game import dealer_hand
        rows = np.flatnonzero((b.caller == SECOND) & (b.round == 1) & ~b.caller_is_lone)
        light, _ = P.lone_class(DEALER, dealer_hand(hands[rows, 0], turn_up[rows], is_lone=True), turn_up[rows], 1,
                                b.trump[rows], RULES)
        rows, book, other = rows[light], (SECOND, DEALER), (SECOND, -1)
    arms = {k: contract_arm(m, b.trump[rows], b.round[rows], lone_seat=lone, rules=RULES)
            for k, (m, lone) in (("book", book), ("other", other))}
    gain = play_arms(deals[rows], arms, side=seat & 1).difference("book", "other")
    assert frame.loc[claim, "deals"] == len(rows) > 5 and frame.loc[claim, "gain_sum"] == gain.sum()


def test_d8_counts_only_where_the_book_and_the_lowest_card_differ():
    from analysis.game import contract
    from analysis.simulator import play_out
    from studies.discard import discards
    deals = sample_deals(3000, 9)
    got = P.per_claim(P.discard_played(deals, RULES)).loc["D8"]
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, BookPolicy(), RULES)
    rows = np.flatnonzero((b.round == 1) & (b.caller == DEALER) & (b.lone_seat < 0))
    ways = discards(contract.with_turn_up(hands[rows, 0], turn_up[rows]), turn_up[rows], False)
    differ = ways["book"] != ways["lowest"]
    rows = rows[differ]
    net = []
    for d in (ways["book"][differ], ways["lowest"][differ]):
        play = contract.hands_at_play(hands[rows], turn_up[rows], np.ones(len(rows), bool), d, b.lone_seat[rows])
        _, points = play_out(b.maker[rows], b.trump[rows], b.lone_seat[rows], play)
        net.append(points[:, 0].astype(np.int64) - points[:, 1])
    assert 0 < got["deals"] == len(rows) < differ.size and got["gain_sum"] == (net[0] - net[1]).sum()


def test_a_claims_cells_count_each_pair_of_the_two_arms_points():
    cells = P.pair_cells("S2", SECOND, np.array([1, 1, -2, 2, 4]), np.array([-1, -1, 1, 2, -2]))
    got = {(r.book_net, r.other_net): r.deals for r in cells.itertuples()}
    assert got == {(1, -1): 2, (-2, 1): 1, (2, 2): 1, (4, -2): 1} and set(cells["seat"]) == {"C"}
    summed = P.per_claim(cells).loc["S2"]
    gain = np.array([2, 2, -3, 0, 6])
    assert (summed["deals"], summed["gain_sum"], summed["gain_sumsq"]) == (5, gain.sum(), (gain ** 2).sum())
    assert (summed["gained"], summed["lost"]) == (3, 1)


def test_the_unit_check_values_each_arm_in_rubber_points_from_love_all():
    from analysis.experiment import RUBBER
    model = P.company_model("book", 200, 5)
    cells = P.pair_cells("E1", ELDEST, np.array([1, 1, -2, 2, 4, 1]), np.array([-2, -2, 1, 1, -1, 1]))
    e = P.in_rubber_points(cells, model)
    # each deal: the eldest hand's side's rubber points after the book's arm minus after the other
    per_deal = [model.after(0, 0, ELDEST, b, RUBBER) - model.after(0, 0, ELDEST, o, RUBBER)
                for b, o in [(1, -2), (1, -2), (-2, 1), (2, 1), (4, -1), (1, 1)]]
    assert e.mean == pytest.approx(np.mean(per_deal)) and e.n == 6
    # more points are worth more rubber points at love-all: the check's sign is the points' sign here
    assert e.mean > 0 and e.se > float(np.std(per_deal, ddof=1) / np.sqrt(6)) * 0.999


@pytest.mark.parametrize("decision, only", [("C", ("S2",)), ("LA", ("L7",)), ("A-D8", None)])
def test_at_the_table_every_reached_deal_is_played_double_dummy_too_as_its_twin(decision, only):
    from analysis.play import get_engine, playing
    deals = sample_deals(2500, 13)

    def chunk(cap):
        if decision == "A-D8":
            return P.discard_played(deals, RULES, cap)
        if decision in P.LONE_DECISIONS:
            return P.lone_played(deals, decision, RULES, only, cap)
        return P.played(deals, decision, RULES, only, cap)
    dd_capped, dd_all = chunk(6), chunk(0)              # double-dummy: no twin
    assert (dd_all["twin"] == 0).all() and (dd_all["dd_sum"] == 0).all()
    with playing(get_engine("pimc", worlds=4, seed=3)):
        table = chunk(6)
    own, twin = table[table["twin"] == 0], table[table["twin"] == 1]
    # the twin: every deal of the class, double-dummy; the table's deals' double-dummy sums: the first six
    assert int(own["deals"].sum()) == 6 and int(twin["deals"].sum()) == int(dd_all["deals"].sum()) > 6
    assert int(twin["gain_sum"].sum()) == int(dd_all["gain_sum"].sum())
    assert int(own["dd_sum"].sum()) == int(dd_capped["gain_sum"].sum())
    assert int(own["dd_sumsq"].sum()) == int(dd_capped["gain_sumsq"].sum())


def test_the_twin_adjusts_a_table_estimate_and_says_how_much_variance_it_keeps():
    from analysis.experiment.stats import mean_from_sums
    rows = P.pair_cells("S2", SECOND, np.array([1, 2, -2, 1, 1, 4, -1, 2]), np.array([-1, 1, 1, 1, -2, 1, 1, -2]),
                        twin_gain=np.array([2, 1, -3, 0, 3, 3, -2, 4]))
    twin = P.pair_cells("S2", SECOND, np.array([1, 2, -2, 1, 1, 4, -1, 2, 2, 1]),
                        np.array([-1, 1, 1, 1, -2, 1, 1, -2, -2, -1]), twin=1)
    adjusted, kept = P.STUDY.adjusted(rows, twin)
    plain = mean_from_sums(8, rows["gain_sum"].sum(), rows["gain_sumsq"].sum())
    assert adjusted.n == 8 and 0 < kept < 1 and adjusted.se < plain.se
    # here the table's difference is the twin's on every deal: the adjusted mean is the twin's mean over all
    assert adjusted.mean == pytest.approx(twin["gain_sum"].sum() / twin["deals"].sum())


def test_the_classes_are_read_from_the_registry_and_written_nowhere_else():
    """primaries.toml is the one home of each class's words (its ``class``): the study's classes
    read it, and the module's docstring points to it instead of listing them."""
    from analysis.game import primaries
    registered = {cid for cid, p in primaries().items() if p.study == "primary"}
    assert {*P.CLASSES, *P.LONE, "D8"} == registered
    for cid in registered:
        c = P.described(cid)
        assert c.hands == primaries()[cid].class_words and c.hands, cid
    assert "primaries.toml" in P.__doc__
    assert not any(f"- {cid}:" in P.__doc__ for cid in registered)

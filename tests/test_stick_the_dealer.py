"""The stick-the-dealer study: the stuck dealer's suits, the classes, the paired arms, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.game.cards import parse_card, parse_cards
from analysis.errors import EuchreError
from analysis.run.runner import run_study, settings_for
from fastcore.sampler import sample_deals
from fastcore.vocabulary import mask_of
from studies import stick_the_dealer as std
from studies.stick_the_dealer import CLASSES, STUDY, arm_suits, class_of, tie_arm, top_trump

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)


def _hand(text: str) -> np.ndarray:
    return np.array([mask_of(parse_cards(text))], np.uint32)


def _turn(card: str) -> np.ndarray:
    return np.array([parse_card(card)], np.int8)


def test_the_arms_are_next_then_the_crosses_by_strength():
    # hearts turned down: next is diamonds; clubs (two trumps) is the stronger cross suit
    hand = _hand("AC KC 9S 8D TH")
    assert arm_suits(hand, _turn("7H")).tolist() == [[DIAMONDS, CLUBS, SPADES]]
    # spades turned down: next is clubs, then hearts and diamonds (ties to the lower suit)
    assert arm_suits(_hand("AH 7D 8C 9C TS"), _turn("QS")).tolist() == [[CLUBS, HEARTS, DIAMONDS]]


@pytest.mark.parametrize("hand, suit, top", [
    ("JS 7S AH 8D 9D", SPADES, 9),    # the right
    ("JC 7S AH 8D 9D", SPADES, 8),    # the left
    ("AS 7S KH 8D 9D", SPADES, 7),    # the ace
    ("9S 7S KH 8D 9D", SPADES, 2),    # the nine
    ("AH KH QH 8D 9D", SPADES, -1),   # no trump
])
def test_the_highest_trump(hand, suit, top):
    assert int(top_trump(_hand(hand), np.array([suit]))[0]) == top


@pytest.mark.parametrize("hand, down, cls", [
    ("JD 9H AC 7S 8S", "7C", "2 trumps with a bower"),        # hearts: the left and the nine
    ("AH 9H KC 7S 8D", "7C", "2 trumps, the ace high"),
    ("KH 9H QC 7S 8D", "7C", "2 trumps, king or lower high"),
    ("KH 9H 8H 7S 8D", "7C", "3+ trumps"),
    ("KH 9S QC 7D 8C", "7C", "0-1 trump"),
])
def test_the_dealer_is_classed_by_his_strongest_suit(hand, down, cls):
    h, t = _hand(hand), _turn(down)
    assert CLASSES[int(class_of(h, arm_suits(h, t))[0])] == cls


def test_most_trumps_ties_to_next():
    h = _hand("AH 9H KD 8D 7S")            # spades down: next clubs has none; hearts and diamonds two
    assert tie_arm(h, arm_suits(h, _turn("QS"))).tolist() == [1]
    h = _hand("AC 9C KH 8H 7S")            # next (clubs) ties the stronger cross suit (hearts)
    assert tie_arm(h, arm_suits(h, _turn("QS"))).tolist() == [0]


def test_stuck_deals_are_played_three_ways_and_the_policy_is_one_of_them():
    deals = sample_deals(3000, np.random.SeedSequence(7), pack=32)
    rows = std.stuck_rows(deals, "book")
    assert rows["deals"].sum() > 50 and set(rows["kind"]) == {"stuck"}
    frame = std.stuck_frame(STUDY.summarise(rows), "book")
    assert set(frame["pol"]) <= {0, 1} and set(frame["high"]) <= {0, 1, 2}
    for k in range(3):   # every arm's points are a hand's: the makers' 1, 2, 4 or the euchre's -2, -4
        assert set(frame[f"n{k}"]) <= {-4, -2, 1, 2, 4}


def test_the_rule_changes_only_the_void_deals():
    deals = sample_deals(2500, np.random.SeedSequence(3), pack=24)
    table = STUDY.summarise(std.rule_game_rows(deals, "modern"))
    assert table["deals"].sum() == 2500
    assert set(table["a"]) == set(range(10)) and set(table["b"]) == set(range(10))
    changed = table[table["out_off"] != table["out_on"]]
    assert (changed["out_off"] == 0).all() and (table["out_on"] > 0).all()


def test_scenarios_and_options():
    names = STUDY.scenarios(settings_for(STUDY, options={"replicates": 2}))
    assert names == ["game-book", "game-modern", "stuck-book.1", "stuck-book.2", "stuck-modern.1", "stuck-modern.2",
                     "third-book", "third-modern"]
    with pytest.raises(EuchreError, match="replicates"):
        STUDY.scenarios(settings_for(STUDY, options={"replicates": 0}))
    with pytest.raises(EuchreError, match="cap"):
        STUDY.scenarios(settings_for(STUDY, options={"cap": "many"}))


def test_the_third_hand_is_played_four_ways_at_most_cap_of_a_rung():
    deals = sample_deals(3000, np.random.SeedSequence(5), pack=32)
    rows = STUDY.summarise(std.third_rows(deals, "book", cap=20))
    assert set(rows["kind"]) == {"third"}
    per_rung = rows.groupby("cls")["deals"].sum()
    assert per_rung.max() <= 20 and len(per_rung) >= 6
    for k in (0, 2):      # his side makes: 1, 2, 4, or is euchred: -2, -4
        assert set(rows[f"n{k}"]) <= {-4, -2, 1, 2, 4}
    # passing, the other side may make it (-1, -2, -4) or be euchred (+2, +4); without the rule
    # the deal may be void (0), with it never
    assert set(rows["n1"]) <= {-4, -2, -1, 0, 2, 4} and (rows["n1"] == 0).any()
    assert set(rows["n3"]) <= {-4, -2, -1, 2, 4}
    assert (rows["n0"] == rows["n2"]).all()   # making is the same hand whatever the rule


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs_and_a_report(tmp_path):
    kw = dict(deals=1500, chunk_size=1500, progress=False, options={"replicates": 1})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw))
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw))
    pd.testing.assert_frame_equal(one.frame, two.frame)
    table = STUDY.summarise(one.frame)
    effects = std.game_effects(table)
    assert list(effects["rules"]) == ["book", "modern"]
    assert all(0 < r["void"].mean < 0.2 for r in effects.to_dict("records"))
    from analysis.run.runner import report_study
    report_study(STUDY, table, one.manifest, tmp_path / "1" / "stick_the_dealer")
    assert (tmp_path / "1" / "stick_the_dealer" / "stuck_suits.png").exists()
    text = (tmp_path / "1" / "stick_the_dealer" / "report.md").read_text()
    assert "void" in text and "The seat before the stuck dealer" in text

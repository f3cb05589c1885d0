"""The assist_take study: the ladder's rungs, the taker's classes, the orientation, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.game.rules import LOVE_ALL, Rules
from analysis.run.runner import run_study, settings_for
from fastcore.sampler import sample_deals
from studies import assist_take as at
from studies.assist_take import STUDY
from studies.common.round_one import book_calls

RULES = Rules()


@pytest.fixture(scope="module")
def deals():
    return sample_deals(40_000, np.random.SeedSequence((7, 1)), pack=32)


def test_every_rung_is_a_hand_the_book_passes_with_at_love_all(deals):
    hands = np.asarray(deals.hands, np.uint32)[:, 2]
    turn_up = np.asarray(deals.turn_up, np.int8)
    rung = at.s1_rung_of(hands, turn_up, RULES)
    assert set(np.unique(rung)) == set(range(-1, len(at.S1_RUNGS)))
    calls = book_calls(2, hands, turn_up, RULES, LOVE_ALL)
    assert not calls[rung >= 0].any()
    assert calls[rung < 0].mean() > 0.2   # the hands left out hold the ones the book assists with
    from fastcore.handpatterns import hand_numbers
    trumps = hand_numbers(hands, (turn_up >> 3).astype(np.int8))[:, 0]
    assert (trumps[rung >= 4] == 1).all() and (trumps[(rung >= 0) & (rung < 4)] == 2).all()


def test_the_taker_classes_are_the_books_take_from_partner():
    # D's hands with spades trumps: the left, two more trumps and two aces; the same with a king.
    from analysis.game.cards import parse_card
    mask = lambda cards: sum(1 << parse_card(c) for c in cards.split())
    l8 = mask("JC AS KS AH AD")
    weak = mask("JC AS KS AH KD")
    light = mask("JC AS AH AD KD")
    assert list(at.taker_class(np.array([l8, weak, light], np.uint32), np.zeros(3, np.int8))) == [0, 1, 2]


@pytest.fixture(scope="module")
def take(deals):
    return at.take_rows(deals, RULES)


def test_the_book_takes_exactly_with_the_l8_hand(take):
    assert set(take["part"]) == {"L8"} and set(take["seat"]) <= {"A", "D"}
    assert (take["book"] == (take["cls"] == at.TAKER_CLASSES[0])).all()
    assert take["deals"].sum() > 500


def test_the_prefilter_loses_no_fair_trump_hand():
    d = sample_deals(300_000, np.random.SeedSequence((7, 2)), pack=32)
    whole = at.take_rows(d, RULES)
    whole = whole[whole["cls"] != at.TAKER_CLASSES[2]].reset_index(drop=True)
    keep = np.flatnonzero(at.may_hold_fair(d.hands))
    filtered = at.take_rows(d[keep], RULES, only_fair=True).reset_index(drop=True)
    assert set(whole["cls"]) == set(at.TAKER_CLASSES[:2]) and whole["deals"].sum() > 10
    pd.testing.assert_frame_equal(whole, filtered)


def test_orientation_book_minus_other():
    table = pd.DataFrame({"part": ["S1", "S1", "L8", "L8"], "seat": ["C", "C", "A", "D"],
                          "cls": [at.S1_RUNGS[0], at.S1_RUNGS[0], at.TAKER_CLASSES[0], at.TAKER_CLASSES[2]],
                          "book": [False, False, True, False], "call_net": [1, -2, 4, 4], "pass_net": [-1, 1, 1, 1],
                          "deals": [3, 1, 2, 5]})
    e = STUDY.estimate("S1.1", table)
    assert e.n == 4 and e.mean == pytest.approx((3 * -2 + 1 * 3) / 4)     # pass - assist
    assert STUDY.estimate("L8.1", table) is not None and STUDY.estimate("L8.1", table).mean == pytest.approx(3)
    assert STUDY.estimate("L8.3", table).mean == pytest.approx(-3)          # let go - take
    assert STUDY.estimate("L8.2", table) is None


def test_assist_rows_keep_at_most_cap_per_rung(deals):
    rows = at.assist_rows(deals, RULES, cap=50)
    n = rows.groupby("cls")["deals"].sum()
    assert set(n.index) == set(at.S1_RUNGS) and (n <= 50).all() and (n > 30).all()
    assert not rows["book"].any() and (rows["seat"] == "C").all()


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=20_000, chunk_size=10_000, progress=False, options={"cap": 100, "l8_extra": 2})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    report = STUDY.render(table, {"rules": {"pack": 32}, "root_seed": 1888, "options": {"cap": 100}}, tmp_path)
    assert report.verdicts and (tmp_path / "claims.png").exists()
    assert len(report.table) == len(STUDY.claims)

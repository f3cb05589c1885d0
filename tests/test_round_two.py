"""The round_two study: its classes on the book's own example, the arms, the orientation, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.game.cards import parse_card
from analysis.game.rules import LOVE_ALL, Rules
from analysis.run.runner import run_study, settings_for
from analysis.bidding.auction import bid_batch
from fastcore.sampler import sample_deals
from studies import round_two as r2
from studies.round_two import STUDY

RULES = Rules()


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


def classed(seat, round_, hands, turn_up):
    found = r2.classes(seat, round_, np.array([mask(h) for h in hands], np.uint32),
                       np.array([parse_card(t) for t in turn_up], np.int8), RULES)
    return {k: list(v) for k, v in found.items()}


def test_the_books_e3_example_makes_it_next():
    # "king of spades turned down, holding ace, king, seven of hearts, knave of spades, ten of clubs:
    # make it next": clubs with the left and another and an outside ace; hearts three trumps.
    got = classed(r2.B, 2, ["AH KH 7H JS TC", "AH KH 7H 8D TC"], ["KS", "KS"])
    assert got["e3_next_other"] == [True, False] and got["e3_next_bower"] == [False, False]
    assert got["e3_next_or_cross"] == [True, False]
    # the second hand cannot make it next (one club) and could make hearts, not very strong there
    assert got["e3_nocross_other"] == [False, True]
    assert r2.stronger_cross(np.array([mask("AH KH 7H JS TC")], np.uint32), np.array([parse_card("KS")])) == [2]


def test_s7_only_after_a_black_turn_down():
    got = classed(r2.C, 2, ["JH JD AH 9C 8S", "JH JD AH 9C 8S"], ["JS", "JH"])
    assert got["s7_red_bower"] == [True, False] and got["s7_red_other"] == [False, False]


def test_t3_and_d6_classes():
    # D with the right (JS) turned: left, ace, king and an outside ace is the book's list for ordering it
    got = classed(r2.D, 1, ["JC AS KS AH 9D", "JC AS 9S AH KD"], ["JS", "JS"])
    assert got["t3_list"] == [True, False]
    # A with the nine of spades turned: both bowers after taking up, four clubs at next against three
    # spades: the exception; three spades with the ace after taking up is on the take-up list
    got = classed(r2.A, 1, ["JS JC QC KC AD", "AS 8S AH KD 9C"], ["9S", "9S"])
    assert got["d6_exception"] == [True, False]
    assert got["d6_fair_listed"] == [False, True]
    assert got["d6_cross"] == [False, False]
    # D6's second reading, an exception to a fair hand: the right and the turn-up after taking up, both
    # red knaves (the cross suit's bowers, spades turned), three clubs at next counting the left; without
    # the knave of diamonds the same hand is a fair hand of neither reading
    got = classed(r2.A, 1, ["JS JH JD QC KC", "JS JH 7D QC KC"], ["9S", "9S"])
    assert got["d6_cross"] == [True, False]
    assert got["d6_exception"] == [False, False]
    assert not got["d6_fair_listed"][0] and not got["d6_unlisted_ace"][0] and not got["d6_unlisted_none"][0]
    assert got["d6_fair_listed"][1] or got["d6_unlisted_ace"][1] or got["d6_unlisted_none"][1]
    assert list(r2.holds_cross_bowers(np.array([mask("JH JD 7S 8S 9S"), mask("JC JS 7H 8H 9H")], np.uint32),
                                      np.array([0, 2], np.int8))) == [True, True]


def test_d5_hands_the_policy_passes_with():
    hands = np.array([mask("AH 9H AC 8S 7D")] * 2, np.uint32)   # ace and another, and outside ace, in hearts
    turn_up = np.array([parse_card("KS")] * 2, np.int8)
    got = r2.d5_classes(hands, turn_up, np.array([False, True]))
    assert list(got["d5_light"]) == [True, True] and list(got["d5_light_passed"]) == [True, False]
    assert r2.make_suit(hands, turn_up)[0] == 2


def test_the_arms_fix_only_the_deciding_players_action():
    deals = sample_deals(20_000, np.random.SeedSequence((7, 3)), pack=32)
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    book = bid_batch(hands, turn_up, BookPolicy(), RULES, LOVE_ALL)
    rows = np.flatnonzero(r2.decision_reached(book, r2.B, 2))
    assert len(rows) > 3000 and (book.round[rows] != 1).all()
    for arm in ("next", "cross", "pass"):
        b = bid_batch(hands[rows], turn_up[rows], r2.Acting(r2.B, 2, arm), RULES, LOVE_ALL)
        if arm == "pass":
            assert not ((b.caller == r2.B) & (b.round == 2)).any()
        else:
            assert ((b.caller == r2.B) & (b.round == 2)).all()
            assert (b.trump == r2.arm_suit(arm, hands[rows, r2.B], turn_up[rows])).all()
    # elsewhere the book's bidding is unchanged: round one is the same on every deal
    b = bid_batch(hands, turn_up, r2.Acting(r2.B, 2, "next"), RULES, LOVE_ALL)
    assert ((b.round == 1) == (book.round == 1)).all()
    assert (b.caller[book.round == 1] == book.caller[book.round == 1]).all()


def test_orientation_book_minus_other():
    table = pd.DataFrame({"key": ["E3.4", "E3.4", "T2.1"], "seat": ["B", "B", "D"], "bower_down": [True, False, False],
                          "policy": [True, True, False], "book_net": [0, -2, 1], "other_net": [1, 2, -1],
                          "deals": [3, 1, 4]})
    e = STUDY.estimate("E3.4", table)
    assert e.n == 4 and e.mean == pytest.approx((3 * -1 + 1 * -4) / 4)      # pass - cross
    assert STUDY.estimate("T2.1", table).mean == pytest.approx(2)
    assert STUDY.estimate("D6.1", table) is None


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=6_000, chunk_size=3_000, progress=False, options={"cap": 60, "extra": 1})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    assert set(table["key"]) == {c.key for c in r2.CASES}
    assert (table.groupby("key")["deals"].sum() <= 60 * 2 * 2).all()
    report = STUDY.render(table, {"rules": {"pack": 32}, "root_seed": 1888, "options": {"cap": 60, "extra": 1}},
                          tmp_path)
    assert (tmp_path / "claims.png").exists() and len(report.table) == len(STUDY.claims)

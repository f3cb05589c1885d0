"""The rules of play and scoring, checked against the laws by hand-made cases."""
import pytest

from analysis.game.cards import parse_card as c, parse_cards
from analysis.errors import EuchreError
from analysis.game.rules import Rules, hand_points, legal_cards, score_hand, trick_winner
from analysis.game.cards import active_seats, default_leader, effective_suit, is_trump, next_active, trump_order
from fastcore.cards import py_effective_suit, py_suit_mask, py_trick_power, py_trump_order
from fastcore.vocabulary import effective_suit_mask
from analysis.game.cards import trick_power

S, C, H, D = range(4)


def test_the_left_bower_is_a_trump_and_not_of_its_printed_suit():
    assert effective_suit(c("JS"), C) == C and is_trump(c("JS"), C)
    assert effective_suit(c("JC"), C) == C
    assert effective_suit(c("JH"), C) == H  # the other colour keeps its knave
    assert effective_suit(c("JD"), H) == H
    assert trump_order(c("JC"), C) > trump_order(c("JS"), C) > trump_order(c("AC"), C) > trump_order(c("KC"), C)
    assert trump_order(c("7C"), C) == 0 and trump_order(c("AS"), C) == -1


def test_when_trumps_are_led_a_player_whose_only_trump_is_the_left_must_play_it():
    hand = parse_cards("JS AS KS AH 7D")
    assert legal_cards(hand, led_suit=C, trump=C) == [c("JS")]


def test_when_the_lefts_printed_suit_is_led_the_left_does_not_follow_it():
    hand = parse_cards("JS AH 7D 8D 9D")  # clubs trumps: JS is a trump, so no spade
    assert sorted(legal_cards(hand, led_suit=S, trump=C)) == sorted(hand)
    hand = parse_cards("JS QS AH 7D 8D")
    assert legal_cards(hand, led_suit=S, trump=C) == [c("QS")]


def test_leading_is_free():
    hand = parse_cards("JS QS AH 7D 8D")
    assert legal_cards(hand, None, C) == hand


@pytest.mark.parametrize("trump, plays, winner", [
    (C, "AH KH QH JH", 0),            # no trump: highest of the suit led; JH is a plain knave
    (C, "AH 7C QH JH", 1),            # a small trump ruffs
    (C, "AC JS KC JC", 3),            # right beats left beats ace
    (C, "AC JS KC QC", 1),            # left beats ace
    (S, "AC JS KC QC", 1),            # spades trumps: JS is the right
    (H, "9D JD AD KD", 1),            # hearts trumps: JD is the left bower, a trump
    (D, "9H JH AH KH", 1),            # diamonds trumps: JH the left
    (D, "9S 8S AH KH", 0),            # off-suit aces do not win
    (S, "KH AD 7S JC", 3),            # spades trumps: JC left bower beats 7S
])
def test_trick_winner(trump, plays, winner):
    cards = parse_cards(plays)
    assert trick_winner(list(enumerate(cards)), trump) == winner


def test_trick_winner_24_card_pack():
    cards = parse_cards("9H TH AH JD", pack=24)
    assert trick_winner(list(zip([1, 2, 3, 0], cards)), H) == 0  # JD is the left when hearts are trumps
    assert trick_winner(list(zip([1, 2, 3, 0], cards)), S) == 3  # ... and a plain diamond otherwise


def test_compiled_card_tables_agree_with_the_rules():
    for trump in range(4):
        for card in range(32):
            assert py_effective_suit(card, trump) == effective_suit(card, trump)
            for led in range(4):
                assert py_trick_power(card, trump, led) == trick_power(card, trump, led)
            if is_trump(card, trump):
                assert py_trump_order(card, trump) == trump_order(card, trump)
        for suit in range(4):
            mask = py_suit_mask(suit, trump)
            assert {x for x in range(32) if mask >> x & 1} == {x for x in range(32) if effective_suit(x, trump) == suit}
            assert mask == effective_suit_mask(suit, trump)


def test_lone_hands_skip_the_partner():
    assert active_seats(None) == [0, 1, 2, 3]
    assert active_seats(1) == [0, 1, 2]
    assert next_active(2, 1) == 0 and next_active(0, 1) == 1 and next_active(1, 1) == 2
    assert default_leader(None) == 1
    assert default_leader(3) == 2  # D alone: B sits out, C leads
    assert default_leader(0) == 1


@pytest.mark.parametrize("tricks, alone, points", [
    (5, False, (2, 0)), (4, False, (1, 0)), (3, False, (1, 0)), (2, False, (0, 2)), (0, False, (0, 2)),
    (5, True, (4, 0)), (4, True, (1, 0)), (3, True, (1, 0)), (2, True, (0, 4)), (0, True, (0, 4)),
])
def test_scoring_table_laws_2_and_3(tricks, alone, points):
    assert hand_points(tricks, alone) == points


def test_score_by_side():
    assert score_hand(maker=1, is_lone=False, maker_tricks=2) == {"AC": 2, "BD": 0}
    assert score_hand(maker=2, is_lone=True, maker_tricks=5) == {"AC": 4, "BD": 0}
    with pytest.raises(EuchreError):
        hand_points(6, False)


def test_rules_are_data():
    assert Rules.book() == Rules(pack=32, points_for_game=5)
    assert Rules.modern().pack == 24 and Rules.modern().points_for_game == 10
    with pytest.raises(EuchreError, match="pack"):
        Rules(pack=52)
    with pytest.raises(EuchreError, match="points for game"):
        Rules(points_for_game=0)


def test_the_array_scoring_equals_the_table():
    import numpy as np
    from analysis.game.rules import points_by_side
    maker = np.repeat(np.array([-1, 0, 1, 2, 3], np.int8), 12)
    alone = np.tile(np.repeat(np.array([-1, 0], np.int8), 6), 5)
    alone = np.where(alone >= 0, maker, -1).astype(np.int8)
    tricks = np.tile(np.arange(6, dtype=np.int8), 10)
    points = points_by_side(maker, alone, tricks)
    for m, a, t, p in zip(maker, alone, tricks, points):
        want = (0, 0) if m < 0 else tuple(score_hand(int(m), bool(a >= 0), int(t)).values())
        assert tuple(p) == want


def test_the_simulators_leader_is_the_first_active_seat():
    import numpy as np
    from analysis.game.contract import leader
    for alone in (None, 0, 1, 2, 3):
        assert default_leader(alone) == (2 if alone == 3 else 1)
    lone = np.array([-1, 0, 1, 2, 3], np.int8)
    assert list(leader(lone)) == [default_leader(None if s < 0 else int(s)) for s in lone]


def test_a_score_says_whose_points_are_whose():
    from analysis.game.rules import Score
    s = Score.parse("4-1")
    assert (s.ac, s.bd) == (4, 1) and str(s) == "4-1"
    assert s.seat(0) == (4, 1) and s.seat(2).own == 4       # A and C: the dealer's side
    assert s.seat(1) == (1, 4) and s.seat(3).theirs == 4    # B and D
    assert Rules().check_score((4, 4)) == Score(4, 4)
    with pytest.raises(EuchreError, match="0 to 4"):
        Rules().check_score(Score(5, 0))
    with pytest.raises(EuchreError, match="two numbers"):
        Score.parse("four-two")

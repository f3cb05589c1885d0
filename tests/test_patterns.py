"""The book's hand patterns on hand-made hands."""
import pytest

from analysis.game.cards import mask_of, parse_cards
from analysis.errors import EuchreError
from analysis.game.patterns import is_cross, matches, parse_pattern
from analysis.game.cards import next_suit

S, C, H, D = range(4)


def hand(text):
    return mask_of(parse_cards(text))


@pytest.mark.parametrize("cards, trump, pattern, expected", [
    ("JC 7C AH KS 8D", C, "right and another", True),
    ("JC AH KS 8D 9D", C, "right and another", False),
    ("JS 7C AH KS 8D", C, "left and another", True),              # JS is the left when clubs are trumps
    ("JS 7C AH KS 8D", C, "left and another, and outside ace", True),
    ("JS 7C QH KS 8D", C, "left and another, and outside ace", False),
    ("JS AC 7C 7H 7D", C, "left, ace, and another", True),
    ("AC QC TC 8H 9H", C, "three medium trumps", True),           # the book's own example
    ("KC QC TC 8H 9H", C, "three medium trumps", False),
    ("JC JS 7C 8H 9H", C, "three medium trumps", True),           # "or better"
    ("AC 9C 8C 8H 9H", C, "three trumps", True),
    ("AC 9C 8H 9H TD", C, "three trumps", False),
    ("JC JS AC 7H 8D", C, "two bowers and another", True),
    ("JC JS QH 7H 8D", C, "two bowers and another", False),
    ("9C 8C AH KH QS", C, "two small ones", True),
    ("QC 8C AH KH QS", C, "two small ones", False),
    ("9C 8C AH AD QS", C, "two trumps and two aces", True),
    ("9C 8C AH KD QS", C, "two trumps and two aces", False),
    ("JC 9C AH KH 8H", C, "right and another, and one suit", True),
    ("JC 9C AH KH 8D", C, "right and another, and one suit", False),
    ("AC QC 9C AH 8H", C, "three trumps and one suit, headed by ace", True),
    ("AC QC 9C KH 8H", C, "three trumps and one suit, headed by ace", False),
    ("QC TC AH KH 8H", C, "two medium trumps, and one suit of three, headed by the ace", True),
    ("QC TC AH KH 8D", C, "two medium trumps, and one suit of three, headed by the ace", False),
    ("JS 9C AH KD QD", C, "left, another, outside ace; and king, queen of the third suit", True),
    ("JS 9C AD KD QD", C, "left, another, outside ace; and king, queen of the third suit", False),  # same suit
    ("JC 9C 8C AH KH", C, "short of a suit", True),
    ("JC 9C AS AH KD", C, "short of a suit", False),
    ("JH AD KD 7S 8S", D, "left, ace, king, and one suit", True),   # 24/32: red trumps
])
def test_patterns_on_hand_made_hands(cards, trump, pattern, expected):
    assert matches(hand(cards), trump, pattern) is expected


def test_next_and_crossing():
    assert next_suit(C) == S and next_suit(H) == D
    assert not is_cross(S, C) and is_cross(H, C) and is_cross(D, S)


def test_an_unknown_term_is_named():
    with pytest.raises(EuchreError, match="unknown term 'jack of hearts'"):
        parse_pattern("right and jack of hearts")

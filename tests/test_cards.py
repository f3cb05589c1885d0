"""Card and seat notation, and the parser's errors."""
import pytest

from analysis.game.cards import card_text, format_cards, mask_of, mask_cards, pack_cards, parse_card, parse_cards, parse_hands, parse_seat, parse_suit
from analysis.errors import EuchreError


@pytest.mark.parametrize("text, printed", [
    ("TH", "TH"), ("10h", "TH"), ("jc", "JC"), ("9\u2663", "9C"), ("A\u2666", "AD"),
    ("7s", "7S"), ("Q\u2661", "QH"), (" KD ", "KD"),
])
def test_cards_parse_in_any_accepted_form_and_print_canonically(text, printed):
    assert card_text(parse_card(text)) == printed


def test_every_card_of_each_pack_round_trips():
    assert len(pack_cards(32)) == 32 and len(pack_cards(24)) == 24
    for pack in (32, 24):
        for card in pack_cards(pack):
            assert parse_card(card_text(card), pack) == card
    assert set(pack_cards(24)) < set(pack_cards(32))


@pytest.mark.parametrize("text, fragment", [
    ("1H", "unknown rank"), ("XH", "unknown rank"), ("9X", "unknown suit"), ("9", "not a card"),
    ("", "not a card"), ("11S", "unknown rank"),
])
def test_bad_cards_are_rejected_by_name(text, fragment):
    with pytest.raises(EuchreError, match=fragment):
        parse_card(text)


def test_a_card_outside_the_24_card_pack_is_rejected():
    with pytest.raises(EuchreError, match="8C is not in the 24-card pack"):
        parse_card("8C", pack=24)
    assert card_text(parse_card("8C", pack=32)) == "8C"


def test_suits_and_seats():
    assert [parse_suit(s) for s in "schd"] == [0, 1, 2, 3]
    assert parse_suit("\u2665") == 2
    with pytest.raises(EuchreError, match="not a suit"):
        parse_suit("N")
    assert [parse_seat(s) for s in "abcd"] == [0, 1, 2, 3]
    with pytest.raises(EuchreError, match="not a seat"):
        parse_seat("E")


def test_hands_parse_from_strings_or_lists_and_masks_round_trip():
    cards = parse_cards(["9C", "JC", "AH"]) 
    assert cards == parse_cards("9C, JC AH")
    assert mask_cards(mask_of(cards)) == sorted(cards)
    assert format_cards(cards) == "9C JC AH"


DEAL = {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}


def test_a_deal_parses_and_each_error_names_the_card_or_hand():
    hands = parse_hands(DEAL)
    assert [len(h) for h in hands] == [5, 5, 5, 5]
    with pytest.raises(EuchreError, match="card 9C is dealt twice"):
        parse_hands({**DEAL, "B": "9C QH 8H JD TS"})
    with pytest.raises(EuchreError, match="hand C has 4 cards, not 5"):
        parse_hands({**DEAL, "C": "7D 8D TD QS"})
    with pytest.raises(EuchreError, match="hand B: card QH appears twice"):
        parse_hands({**DEAL, "B": "AC QH QH JD TS"})
    with pytest.raises(EuchreError, match="hand D is missing"):
        parse_hands({k: v for k, v in DEAL.items() if k != "D"})
    with pytest.raises(EuchreError, match="card 8S is not in the 24-card pack"):
        parse_hands(DEAL, pack=24)
    with pytest.raises(EuchreError, match="not a seat"):
        parse_hands({**DEAL, "E": "7C"})
    # A lone player's partner may be left out.
    assert parse_hands({k: v for k, v in DEAL.items() if k != "C"}, absent=2)[2] == []

"""The reference solver on hand-checked positions."""
import pytest

from analysis.play import reference
from analysis.game.cards import parse_card as c, parse_hands
from analysis.errors import EuchreError

CASE_I = parse_hands({"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"})
CLUBS = 1


def test_case_i_refusing_to_over_trump():
    """Book, Case I: after JD, 7D, TC, A over-ruffing with the right is euchred; the 8S wins four."""
    played = [c("JD"), c("7D"), c("TC")]
    sol = reference.solve(CASE_I, CLUBS, leader=1, played=played, analyse=True)
    assert sol.to_move == 0
    assert sol.moves[c("JC")] == 2     # over-ruff: euchred
    assert sol.moves[c("8S")] == 4     # throw the eight of spades: four tricks
    assert sol.tricks == {"AC": 4, "BD": 1}


def test_a_finished_hand_counts_its_tricks():
    # The book's whole line of Case I: A and C take four tricks.
    line = "JD 7D TC 8S  AS 9C TS QS  JC AC TH KC  KH 8H 8D 9H  AH QH TD 9S".split()
    sol = reference.solve(CASE_I, CLUBS, leader=1, played=[c(x) for x in line], analyse=True)
    assert sol.tricks == {"AC": 4, "BD": 1}
    assert sol.to_move is None and sol.moves == {}


def test_a_lone_hand_with_every_trump_marches():
    hands = parse_hands({"A": "JC JS AC KC QC", "B": "AH KH QH JH TH", "D": "AD KD QD JD TD"}, absent=2)
    sol = reference.solve(hands, CLUBS, lone_seat=0)
    assert sol.tricks == {"AC": 5, "BD": 0}


def test_no_lone_hand_is_none_or_minus_one():
    played = [c("JD"), c("7D"), c("TC")]
    state = reference.start(CASE_I, CLUBS, 1, -1, played)
    assert state.lone_seat is None and state.to_move == 0
    assert reference.solve_state(state).tricks == reference.solve(CASE_I, CLUBS, 1, None, played).tricks


def test_a_lone_players_partner_takes_no_part():
    state = reference.start(CASE_I, CLUBS, lone_seat=0)
    assert state.lone_seat == 0 and state.hands[2] == frozenset() and state.to_move == 1
    state.play(c("JD"))
    assert state.to_move == 3   # C sits out: D plays after B


def test_a_revoke_or_a_card_not_held_is_an_error():
    with pytest.raises(EuchreError, match="C revokes"):
        reference.solve(CASE_I, CLUBS, played=[c("JD"), c("QS")])  # C holds diamonds
    with pytest.raises(EuchreError, match="not in B's hand"):
        reference.solve(CASE_I, CLUBS, played=[c("AS")])


def test_a_sitting_out_player_cannot_lead():
    with pytest.raises(EuchreError, match="sits out"):
        reference.solve(CASE_I, CLUBS, leader=2, lone_seat=0)

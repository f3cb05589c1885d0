"""``euchrelab deal`` end to end: JSON lines in the solve input form, options honoured, clear errors."""
import json

import pytest
from cli_run import as_program as program, run_cli as in_process

from analysis.game.cards import mask_of, parse_card, parse_cards
from analysis.game.position import parse_position


def run_cli(*args):
    return in_process("deal", *args)


def as_program(*args):
    return program("deal", *args)


def deals_of(out):
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_deals_are_json_lines_in_the_solve_form_plus_the_turn_up():
    deals = deals_of(as_program("--n", "5", "--seed", "3"))   # the program itself, once
    assert len(deals) == 5
    for deal in deals:
        assert set(deal) == {"pack", "hands", "turn_up"} and deal["pack"] == 32
        position = parse_position({**deal, "trump": deal["turn_up"][-1]})  # every card once, five a hand
        turn = parse_card(deal["turn_up"])
        assert all(turn not in hand for hand in position.hands)
        for text in deal["hands"].values():
            ids = parse_cards(text)
            assert ids == sorted(ids)  # a fixed order: suits S C H D, ranks 7 .. A
    assert len({json.dumps(d) for d in deals}) == 5


def test_the_same_seed_gives_the_same_deals_and_start_reads_on():
    first = run_cli("--n", "6", "--seed", "12").stdout.splitlines()
    assert run_cli("--n", "6", "--seed", "12").stdout.splitlines() == first
    assert run_cli("--n", "3", "--seed", "12", "--start", "2").stdout.splitlines() == first[2:5]
    assert run_cli("--n", "6", "--seed", "13").stdout.splitlines() != first


def test_the_24_card_pack_deals_nine_to_ace():
    for deal in deals_of(run_cli("--n", "20", "--pack", "24", "--seed", "1")):
        assert deal["pack"] == 24
        cards = [c for hand in deal["hands"].values() for c in hand.split()] + [deal["turn_up"]]
        assert not any(c[0] in "78" for c in cards)


def test_fixed_cards_turn_up_voids_and_out_cards_are_honoured():
    deals = deals_of(run_cli("--n", "200", "--seed", "4", "--hand", "B=9C JC", "--hand", "A=AH KH QH JH TH",
                             "--turn-up", "9D", "--void", "D=S:C", "--played", "7S 8S", "--played", "7C"))
    spades_under_clubs = mask_of(parse_cards("7S 8S 9S TS QS KS AS"))  # the knave of spades is a club
    seen_js_in_d = False
    for deal in deals:
        hands = {k: parse_cards(v) for k, v in deal["hands"].items()}
        assert set(parse_cards("9C JC")) <= set(hands["B"])
        assert hands["A"] == parse_cards("TH JH QH KH AH")
        assert deal["turn_up"] == "9D"
        assert not mask_of(hands["D"]) & spades_under_clubs
        seen_js_in_d |= parse_card("JS") in hands["D"]
        assert not set(parse_cards("7S 8S 7C")) & {c for h in hands.values() for c in h}
    assert seen_js_in_d


@pytest.mark.parametrize("args, fragment", [
    (["--hand", "A=9C", "--hand", "B=9C"], "card 9C is fixed in both hand A and hand B"),
    (["--hand", "A=9C", "--turn-up", "9C"], "the turn-up 9C is also in hand A"),
    (["--played", "9C", "--turn-up", "9C"], "the turn-up 9C is also out of play"),
    (["--hand", "D=AH", "--void", "D=H:C"], "hand D holds AH but is void in hearts"),
    (["--hand", "B=9C TC JC QC KC AC"], "hand B has 6 fixed cards"),
    (["--void", "B=X:C"], "'X' is not a suit"),
    (["--void", "B=H"], "write SEAT=SUIT:TRUMP"),
    (["--hand", "B"], "write SEAT=CARDS"),
    (["--hand", "E=9C"], "'E' is not a seat"),
    (["--pack", "24", "--hand", "B=7S"], "card 7S is not in the 24-card pack"),
    (["--pack", "36"], "not a euchre pack"),
    (["--played", "7S 8S 9S TS JS QS KS AS 7C 8C 9C TC"], "only 20 unseen cards"),
    (["--n", "-1"], "--n must be 0 or more"),
])
def test_contradictory_or_bad_options_exit_2_with_one_line(args, fragment):
    out = run_cli(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("euchrelab: error:") and fragment in lines[0], out.stderr

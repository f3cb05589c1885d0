"""The eldest hand's card-play primaries by the template: each position in the pre-registration's
words, the sets the book prescribes and warns against, and the study's cells."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bidding.policy import Call
from analysis.game import parse_card, parse_cards
from analysis.game.cards import mask_of, suit_of
from analysis.play.information import start_info
from studies import primary_play as P

A, B, C, D = 0, 1, 2, 3
PASS3 = (Call(B, "pass"), Call(C, "pass"), Call(D, "pass"))


def lead(hand: str, turn_up: str, maker: int, calls, taken=True, trump: str | None = None, lone: int = -1):
    up = parse_card(turn_up)
    t = suit_of(up) if trump is None else parse_card("7" + trump) >> 3
    return start_info(B, mask_of(parse_cards(hand)), t, maker, lone, up, taken, None, tuple(calls))


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


TOOK_UP = PASS3 + (Call(A, "take up"),)
ASSIST = (Call(B, "pass"), Call(C, "assist"), Call(A, "take up"))
ORDERED = (Call(B, "pass"), Call(C, "pass"), Call(D, "order up"), Call(A, "take up"))
ROUND_TWO = PASS3 + (Call(A, "turn down"),)


@pytest.mark.parametrize("rule, info, book, other", [
    # E4: the ace and two below the king; next (diamonds after hearts): the ace; crossed (clubs): the lowest
    (P.e4, lead("AD QD 9D 7S 8C", "KH", B, ROUND_TWO + (Call(B, "make", 3),), False, "D"), "AD", "QD 9D 7S 8C"),
    (P.e4, lead("AC QC 9C 7S 8H", "KH", B, ROUND_TWO + (Call(B, "make", 1),), False, "C"), "9C", "AC QC 7S 8H"),
    # E5: C assisted, the right not turned: his trumps, not his plain cards
    (P.e5, lead("QS 7S KH KD KC", "9S", A, ASSIST), "QS 7S", "KH KD KC"),
    # E6: right and ace, nothing outside: a plain card, not a trump
    (P.e6, lead("JS AS 8H 9D TC", "9S", A, TOOK_UP), "8H 9D TC", "JS AS"),
    # E7: one trump and two aces against the take-up: the trump
    (P.e7, lead("JS AH AD 9C 8C", "9S", A, TOOK_UP), "JS", "AH AD 9C 8C"),
    # E8: the ace and the top of queen-knave, not from king-seven
    (P.e8, lead("KH 7H AD QC JC", "9S", A, TOOK_UP), "AD QC", "KH 7H"),
    # E9: (b) both bowers and an ace: the right; (a) a trump and plain cards: a plain card
    (P.e9, lead("JS JC AH 7D 8D", "9S", A, TOOK_UP), "JS", "JC AH 7D 8D"),
    (P.e9, lead("QS AH KD 8C 7C", "9S", A, TOOK_UP), "AH KD 8C 7C", "QS"),
    # E10: the left and a small one: the left; two others not touching: the smaller; touching: the higher
    (P.e10, lead("JC 9S AH KD 8C", "9S", D, ORDERED), "JC", "AH KD 8C"),
    (P.e10, lead("KS TS AH KD 8C", "9S", D, ORDERED), "TS", "AH KD 8C"),
    (P.e10, lead("QS TS AH KD 8C", "9S", D, ORDERED), "QS", "AH KD 8C"),     # the knave gone: queen-ten touch
    (P.e10, lead("KS QS AH KD 8C", "9S", D, ORDERED), "KS", "AH KD 8C"),
    # (b) made in round two, no trump: not the turned-down suit
    (P.e10, lead("AS KS 8C 9D TD", "9S", D, ROUND_TWO[:3] + (Call(A, "turn down"), Call(B, "pass"),
                                                             Call(C, "pass"), Call(D, "make", 2)), False, "H"),
     "8C 9D TD", "AS KS"),
])
def test_each_position_gives_the_books_cards_and_those_it_warns_against(rule, info, book, other):
    got = rule(info)
    assert got is not None
    assert got[0] == cards(book)
    assert got[1] & info.hand == cards(other) & info.hand


@pytest.mark.parametrize("rule, info", [
    (P.e4, lead("AD KD 9D 7S 8C", "KH", B, ROUND_TWO + (Call(B, "make", 3),), False, "D")),   # the king too
    (P.e5, lead("AS 7S KH KD KC", "9S", A, ASSIST)),                # exactly the ace and one small
    (P.e5, lead("QS 7S KH KD QD", "9S", A, ASSIST)),                # void in clubs
    (P.e5, lead("QS 7S KH KD KC", "JS", A, ASSIST)),                # the right turned
    (P.e6, lead("JS AS KH 9H TC", "9S", A, TOOK_UP)),               # a guarded king outside
    (P.e7, lead("JS AS 9S AH AD", "9S", A, TOOK_UP)),               # three trumps
    (P.e7, lead("JS AH AD 9C 8C", "9S", D, ORDERED)),               # not against the dealer's side
    (P.e9, lead("QS AH KD 8C 7C", "9S", A, ASSIST)),                # assisted
    (P.e10, lead("QS TS AH KD 8C", "9S", A, TOOK_UP)),              # the partner did not make it
])
def test_outside_the_position_no_rule_applies(rule, info):
    assert rule(info) is None


def test_a_later_card_is_never_the_opening_lead():
    info = lead("JS AH AD 9C 8C", "9S", A, TOOK_UP).play(parse_card("AH"))
    assert P.e7(info) is None


def test_the_study_branches_in_both_companies_and_counts_its_cells(tmp_path):
    from analysis.run.runner import run_study, settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=2000, chunk_size=2000, seed=2, progress=False,
                            options={"cap": 8})
    outcome = run_study(P.STUDY, settings)
    table = P.STUDY.summarise(outcome.frame, settings)
    verdicts = {v.claim.name: v for v in P.STUDY.verdicts(table, outcome.manifest)}
    assert {"E7", "E7.optimised", "E9", "E9.optimised"} <= set(verdicts)
    e9 = table[(table["claim"] == "E9") & (table["company"] == "book")]
    assert 0 < e9["deals"].sum() <= 8 and (e9["seat"] == "B").all()
    gain = (e9["book_net"] - e9["other_net"]) * e9["deals"]
    assert gain.sum() == e9["gain_sum"].sum()
    row = verdicts["E9"].row()
    assert row["engine"] == "pimc-calls" and row["gained"] + row["lost"] <= row["deals"]

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
    # in next (clubs, spades trump) the knave is the left bower: queen-ten are in sequence, a good lead
    (P.e8, lead("KH 7H QC TC 8D", "9S", A, TOOK_UP), "QC", "KH 7H"),
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


@pytest.mark.slow
def test_the_study_branches_in_both_companies_and_counts_its_cells(tmp_path):
    from analysis.run.runner import run_study, settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=2000, chunk_size=2000, seed=2, progress=False,
                            options={"cap": 8, "claims": "E9,D9"})
    outcome = run_study(P.STUDY, settings)
    table = P.STUDY.summarise(outcome.frame, settings)
    verdicts = {v.claim.name: v for v in P.STUDY.verdicts(table, outcome.manifest)}
    assert {"E9", "E9.optimised", "D9", "D9.optimised"} <= set(verdicts) and "E7" not in set(verdicts)
    e9 = table[(table["claim"] == "E9") & (table["company"] == "book")]
    assert 0 < e9["deals"].sum() <= 8 and (e9["seat"] == "B").all()
    gain = (e9["book_net"] - e9["other_net"]) * e9["deals"]
    assert gain.sum() == e9["gain_sum"].sum()
    row = verdicts["E9"].row()
    assert row["engine"] == "pimc-calls" and row["gained"] + row["lost"] <= row["deals"]


def test_the_play_company_replication_is_its_own_cell_of_the_primary(tmp_path):
    from analysis.reporting.ledger import read_study_verdicts
    from analysis.reporting.primary_status import standing
    from analysis.game import primaries
    from analysis.run.runner import report_study, run_study, settings_for
    study = P.RULES_STUDY
    assert study.name == "primary_play_rules" and all(t.play == "book rules" for t in study.claims)
    settings = settings_for(study, out=str(tmp_path), deals=1000, chunk_size=1000, seed=2, progress=False,
                            options={"cap": 6, "claims": "E9"})
    outcome = run_study(study, settings)
    report_study(study, study.summarise(outcome.frame, settings), outcome.manifest, tmp_path / "primary_play_rules")
    tests = read_study_verdicts(tmp_path / "primary_play_rules" / "verdicts.csv", "primary_play_rules")
    assert {t.key for t in tests} == {"E9", "E9.optimised"} and all(t.play == "book rules" for t in tests)
    s = standing(primaries()["E9"], tests)
    cells = {(r.company, r.play): r.run for r in s.replications}
    assert cells == {("book", None): False, ("book", "book rules"): True,
                     ("optimised", None): False, ("optimised", "book rules"): True}
    assert outcome.manifest["policies"].endswith("the three other seats the book's card-play rules")


def at(seat: int, hand: str, played: str, turn_up: str, maker: int, calls, taken=True, trump: str = "S",
       lone: int = -1):
    """The information set of ``seat`` (his cards at the start of play) after the cards ``played``, in
    seat order from the leader: "B:AC C:9C"."""
    from analysis.play.information import info_from_state
    plays = [("ABCD".index(p[0]), parse_card(p[2:])) for p in played.split()]
    return info_from_state(seat, cards(hand), plays, parse_card("7" + trump) >> 3, maker, lone, parse_card(turn_up),
                           taken, None, tuple(calls))


LONE_ROUND_TWO = ROUND_TWO + (Call(B, "pass"), Call(C, "pass"), Call(D, "make", 2, True))
LONE_A = PASS3 + (Call(A, "take up", None, True),)


@pytest.mark.parametrize("rule, info, book, other", [
    # S8 (a): led through with the right and one other: the right
    (P.s8, at(C, "JS 8S KH KD KC", "B:QS", "9S", C, ASSIST), "JS", "8S"),
    # S9 (a): the queen and the seven, the first chance to ruff: the higher
    (P.s9, at(C, "QS 7S AH KH QD", "B:AC", "9S", A, TOOK_UP), "QS", "7S AH KH QD"),
    # S10 (d): second in hearts, the ace still out in his hand: the ace, not the nine
    (P.s10, at(C, "AH 9H KD QC 7C", "B:KH", "9S", A, TOOK_UP), "AH", "9H"),
    # S11: against D's lone hand in hearts after spades were turned down: lead a spade
    (P.s11, at(C, "AS 8S KD QC 7C", "", "9S", D, LONE_ROUND_TWO, False, "H", D), "AS 8S", "KD QC 7C"),
    # T5: ruffing with the nine still in the dealer's hand: above it, not below
    (P.t5, at(D, "AS 7S KH QH JD", "B:AC C:9C", "9S", A, TOOK_UP), "AS", "7S"),
    # D7: won the first trick with the nine, the right kept, no outside ace: not the right
    (P.d7, at(A, "JS 9S KH QD 8D", "B:7C C:8C D:QC A:9S", "9S", A, TOOK_UP), "KH QD 8D", "JS"),
    # D9: partner assisted, the dealer won the first trick: give him a trump
    (P.d9, at(A, "AS 9S KH QD 8D", "B:7C C:KC D:QC A:9S", "9S", C, ASSIST), "AS", "KH QD 8D"),
    # L6: against the dealer's lone hand: a singleton (the queen of diamonds, the ten of clubs)
    (P.l6, at(B, "KH 9H QD TC 7S", "", "9S", A, LONE_A, True, "S", A), "QD TC", "KH 9H 7S"),
])
def test_each_later_position_gives_the_books_cards_and_those_it_warns_against(rule, info, book, other):
    got = rule(info)
    assert got is not None
    legal = info.legal()
    assert got[0] & legal == cards(book)
    assert got[1] & legal == cards(other)


@pytest.mark.parametrize("rule, info", [
    (P.s8, at(C, "JS 8S 7S KD KC", "B:QS", "9S", C, ASSIST)),                 # three trumps: not (a)
    (P.s9, at(C, "KS 7S AH KH QD", "B:AC", "9S", A, TOOK_UP)),                # the higher above the queen
    (P.t5, at(D, "AS KS KH QH JD", "B:AC C:9C", "9S", A, TOOK_UP)),           # no trump below the nine
    (P.d7, at(A, "JS 9S AH QD 8D", "B:7C C:8C D:QC A:9S", "9S", A, TOOK_UP)), # an outside ace
    (P.d9, at(A, "AS 9S KH QD 8D", "B:7C C:KC D:QC A:9S", "9S", A, TOOK_UP)), # not assisted
    (P.l6, at(B, "KH 9H QD TC 7S", "", "9S", A, TOOK_UP)),                    # not against a lone hand
    # S10 (d): the ace led, his king is not the highest out; a trump on the table
    (P.s10, at(C, "KH 9H KD QC 7C", "B:AH", "9S", A, TOOK_UP)),
    (P.s10, at(C, "AH 9H 8D QC 7C", "B:7D C:8D D:9D A:AD A:KH B:TS", "9S", A, TOOK_UP)),
    # the eldest hand's leads are not against a lone hand (that is L6)
    (P.e7, at(B, "JS AH AD 9C 8C", "", "9S", A, LONE_A, True, "S", A)),
])
def test_outside_the_later_positions_no_rule_applies(rule, info):
    assert rule(info) is None


def test_an_unknown_claim_is_refused_in_one_line(tmp_path):
    from analysis.errors import EuchreError
    from analysis.run.runner import settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=100, options={"claims": "E9,X1"})
    with pytest.raises(EuchreError, match="option claims must name claims"):
        P.STUDY.scenarios(settings)

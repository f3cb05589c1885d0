"""The book's coup cases: the data, the values along the book's lines, the claims, the table-side worlds."""
from __future__ import annotations

import json

import numpy as np
import pytest

from analysis.tools import coups
from analysis.play import reference
from analysis.game.cards import parse_card, parse_cards
from analysis.commands.cli import main
from analysis.tools.coups import table, valuation, worlds
from analysis.errors import EuchreError
from analysis.game.cards import effective_suit, side_of
from analysis.play.double_dummy import get_solver
from analysis.experiment.stats import mean_estimate

CASES = coups.load_cases()
BY_ID = {c.id: c for c in CASES}
COMPILED = get_solver("compiled")


# --- the cases as data -----------------------------------------------------------------------

def test_nine_cases_with_the_ids_of_claims_md():
    assert [c.id for c in CASES] == [f"C{i}" for i in range(1, 10)]
    assert [c.number for c in CASES] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_each_case_is_a_consistent_deal(case):
    cards = [c for h in case.hands for c in h]
    assert len(cards) == 20 == len(set(cards))
    assert all(len(h) == 5 for h in case.hands)
    assert case.turn_up in case.hands[0]
    # the book's line replays legally, card by card, from the default leader
    state = case.start()
    for card in case.line:
        assert card in state.legal()
        state.play(card)
    assert case.remarks, "every case carries at least one remark"
    assert case.notes, "every case records the reading of its text"


def test_case_ix_c_is_a_placeholder_outside_the_play():
    c9 = BY_ID["C9"]
    assert c9.c_not_printed and c9.is_lone and c9.lone_seat == 0
    assert any("not printed" in n for n in c9.notes)


def test_case_v_misprint_is_recorded_not_silently_repaired():
    c5 = BY_ID["C5"]
    assert any("both C" in n and "D" in n for n in c5.notes)
    assert c5.readings and c5.readings[0]["replace"] == "TS"


def _toml_with(tmp_path, *pairs):
    text = coups.DATA_FILE.read_text()
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "coups.toml"
    path.write_text(text)
    return path


def test_loader_rejects_a_card_dealt_twice(tmp_path):
    path = _toml_with(tmp_path, 'hands.C = "7D 8D TD QS TH"', 'hands.C = "7D 8D TD QS 9H"')
    with pytest.raises(EuchreError, match="9H is in hands"):
        coups.load_cases(path)


def test_loader_rejects_a_revoke_in_the_line(tmp_path):
    # Case I: C throws the queen of spades on the lead of diamonds though he holds three
    path = _toml_with(tmp_path, '"JD", "7D", "TC", "8S",', '"JD", "QS", "TC", "8S",',
                      '"AS", "9C", "TS", "QS",', '"AS", "9C", "TS", "7D",')
    with pytest.raises(EuchreError, match="C revokes"):
        coups.load_cases(path)


def test_loader_rejects_a_turn_up_outside_the_dealers_hand(tmp_path):
    path = _toml_with(tmp_path, 'turn_up = "9C"', 'turn_up = "7C"')
    with pytest.raises(EuchreError, match="turn-up 7C is not in the dealer"):
        coups.load_cases(path)


def test_loader_rejects_a_call_the_hand_cannot_make(tmp_path):
    # Case VIII: B orders up; with the ten of trumps swapped for D's nine of spades he holds two
    path = _toml_with(tmp_path, 'hands.B = "AD KD TD AS TS"', 'hands.B = "AD KD 9S AS TS"',
                      'hands.D = "AC QC TC KH 9S"', 'hands.D = "AC QC TC KH TD"')
    with pytest.raises(EuchreError, match="case C8: B's hand does not meet the reading of 'order'"):
        coups.load_cases(path)


def test_loader_rejects_an_unknown_call_in_a_claim(tmp_path):
    path = _toml_with(tmp_path, '["C", "assist"], ["D", "pass"], ["A", "adopt"]]\nbetter',
                      '["C", "help"], ["D", "pass"], ["A", "adopt"]]\nbetter')
    with pytest.raises(EuchreError, match="claim C1.4: call 'help' is not one of"):
        coups.load_cases(path)


def test_select_cases_by_id_roman_or_number():
    assert [c.id for c in coups.select_cases(CASES, ["C4", "ix", "2"])] == ["C4", "C9", "C2"]
    with pytest.raises(EuchreError, match="no coup case"):
        coups.select_cases(CASES, ["X"])


# --- the values on the printed deal ------------------------------------------------------------

def _cards(text):
    return parse_cards(text.split()) if text else []


# What the book says each play leads to, as the makers' tricks it gives (card None: the position
# after ``played`` itself). Each number is the book's stated outcome: 2 or fewer is a euchre.
BOOK_OUTCOMES = [
    ("C1", "JD 7D TC", "8S", 4, "A throws the eight of spades and makes his point"),
    ("C1", "JD 7D TC", "JC", 2, "over-trumping with the right, A is euchred"),
    ("C2", "JH AH 7H QH", "8H", 2, "after A's queen, B's eight of hearts effects the euchre"),
    ("C2", "JH AH 7H KH", "AC", 3, "after A's king, B's ace of clubs lets A and C make their point"),
    ("C3", "TH JH KH 7H AC TC 8C KC AS KS", "9H", 5, "ruffing the winning ace of spades scores two"),
    ("C4", "", "JD", 2, "B's lead of the left up to the right euchres A"),
    ("C4", "", "AD", 3, "the natural lead of the ace lets A make his point"),
    ("C5", "AH TH 8H 7H QH KH TS 9H JH QS 7D", "TD", 2, "B's under-play with the ten makes the euchre certain"),
    ("C5", "AH TH 8H 7H QH KH TS 9H JH QS 7D", "JD", 3, "winning with the right does not"),
    ("C6", "KC 7C 8C TC QC JC 9C TD KS AS QS", "QD", 2, "D trumping his partner's trick euchres A"),
    ("C7", "AH JH QC JC 8C 9S KS", "9H", 2, "B refusing to ruff euchres the lone hand"),
    ("C7", "AH JH QC JC 8C 9S KS", "JS", 4, "ruffing with the high trump lets A make his point"),
    ("C8", "AD 7D TC JH QS AS 8D 9S 8H KH 9H TS", None, 2, "C's eight of hearts, with B's ten of spades, euchres B"),
    ("C9", "AD TD JD", "7D", 2, "B's small diamond euchres the lone hand"),
]


@pytest.mark.parametrize("solver_name", ["compiled", pytest.param("reference", marks=pytest.mark.slow)])
@pytest.mark.parametrize("case_id, played, card, makers_tricks, book", BOOK_OUTCOMES,
                         ids=[f"{o[0]}-{o[2]}" for o in BOOK_OUTCOMES])
def test_the_books_stated_outcomes_hold_double_dummy(solver_name, case_id, played, card, makers_tricks, book):
    case, solver = BY_ID[case_id], get_solver(solver_name)
    if card is None:
        value = valuation.position_value(case, solver, _cards(played))
    else:
        value = valuation.card_values(case, solver, _cards(played))[parse_card(card)]
    assert value.makers_tricks == makers_tricks, book


def test_case_i_the_eight_of_spades_keeps_four_tricks_the_right_only_two():
    values = valuation.card_values(BY_ID["C1"], COMPILED, _cards("JD 7D TC"))
    assert {c: v.makers_tricks for c, v in values.items()} == {
        parse_card("8S"): 4, parse_card("9C"): 2, parse_card("JC"): 2, parse_card("KH"): 2, parse_card("AH"): 2}
    assert values[parse_card("8S")].points == (1, 0) and values[parse_card("JC")].points == (0, 2)


# The net points the coup card gains over the natural play on the printed deal, for the coup
# player's side: a made point against a euchre is 3, a euchre of a lone hand against its point 5.
COUP_GAINS = {"C1": 3, "C2": 0, "C3": 0, "C4": 3, "C5": 3, "C6": 3, "C7": 5, "C8": 0, "C9": 0}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_who_wins_by_the_coup_on_the_printed_deal(case):
    result = coups.analyse_case(case, COMPILED, table=False)
    (step,) = [s for s in result.steps if s.coup]
    assert step.card == case.coup_card and step.index == len(case.coup_after)
    side = side_of(case.coup_player)
    assert step.values[case.coup_card].net(side) - step.values[case.natural].net(side) == COUP_GAINS[case.id]


def _reference_values_along_the_line(case):
    """Makers' tricks after each legal card at each card of the line, by the reference solver alone."""
    out = []
    for i in range(len(case.line)):
        moves = reference.solve(case.hands, case.trump, None, case.lone_seat, case.line[:i], analyse=True).moves
        out.append({c: (ac if case.makers == 0 else 5 - ac) for c, ac in moves.items()})
    return out


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_values_along_the_books_line_equal_the_reference_solvers(case):
    steps = valuation.replay(case, COMPILED)
    assert [s.card for s in steps] == case.line
    got = [{c: v.makers_tricks for c, v in s.values.items()} for s in steps]
    assert got == _reference_values_along_the_line(case)


# The verdict on each claim judged on the printed deal (the table-side claims C1.4 and C8.3 are
# judged on sampled worlds, below).
VERDICTS = {
    "C1.1": "true", "C1.2": "true", "C1.3": "true",
    "C2.1": "true", "C2.2": "true", "C2.3": "true only under a reading",
    "C3.1": "true", "C3.2": "false",
    "C4.1": "true", "C4.2": "true",
    "C5.1": "true", "C5.2": "true",
    "C6.1": "true", "C6.2": "true", "C6.3": "true",
    "C7.1": "true", "C7.2": "true",
    "C8.1": "true only under a reading", "C8.2": "true only under a reading",
    "C9.1": "true", "C9.2": "true", "C9.3": "false",
}


def test_the_verdict_on_each_claim_of_the_printed_deals():
    got = {cl.id: valuation.check_remark(case, cl, COMPILED).verdict for case in CASES for cl in case.remarks
           if not cl.kind.startswith("table-")}
    assert got == VERDICTS


def test_claims_carry_their_numbers_and_readings():
    v = {cl.id: valuation.check_remark(case, cl, COMPILED) for case in CASES for cl in case.remarks
         if not cl.kind.startswith("table-")}
    assert v["C1.3"].values == {"AH": 4, "KH": 4}
    assert set(v["C4.1"].values) == {"KH", "AC", "KS"} and set(v["C4.1"].values.values()) == {2}
    assert v["C3.2"].values == {"9H": 5, "QC": 5} and "ties with QC" in v["C3.2"].detail
    assert v["C9.3"].values == {"7D": 2, "KD": 2, "AC": 3}
    assert v["C2.3"].reading and v["C8.1"].reading


def test_a_misprint_reading_gives_the_same_verdicts_with_any_undealt_card():
    (rd,) = valuation.check_remarks_under_readings(BY_ID["C5"], COMPILED)
    assert rd["stable"] and rd["doubtful"] == "TS"
    dealt = {c for h in BY_ID["C5"].hands for c in h}
    assert len(rd["by_substitute"]) == 32 - len(dealt) + 1


def test_replay_finds_the_better_double_dummy_card_in_case_i():
    result = coups.analyse_case(BY_ID["C1"], COMPILED, table=False)
    # D's ruff in trick one is an error double-dummy: throwing the nine of hearts euchres A
    imp = result.improvements()
    assert imp[0]["trick"] == 1 and imp[0]["seat"] == "D" and imp[0]["better"] == {"9H": 2}
    assert imp[0]["gain_points"] == 3
    assert result.final.makers_tricks == 4 and result.complete


# --- the table-side worlds ---------------------------------------------------------------------

def _played_by(case, after):
    state = case.start()
    out = [set(), set(), set(), set()]
    for c in after:
        out[state.to_move].add(c)
        state.play(c)
    return out


def _voids(case, after):
    state = case.start()
    out = [set(), set(), set(), set()]
    for c in after:
        seat = state.to_move
        if state.trick and effective_suit(c, case.trump) != effective_suit(state.trick[0][1], case.trump):
            out[seat].add(effective_suit(state.trick[0][1], case.trump))
        state.play(c)
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_world_is_consistent_with_what_the_player_knows(case):
    p, after = case.coup_player, case.coup_after
    k = worlds.knowledge(case, p, after)
    accept = worlds.call_predicate(case, case.calls, p)
    sampled, candidates = worlds.player_worlds(k, case.trump, 150, seed=7, accept=accept)
    assert len(sampled) == 150 and candidates >= 150
    seen = set(case.hands[p]) | set(after) | {case.turn_up}
    played_by = _played_by(case, after)
    voids = _voids(case, after)
    for w in sampled:
        assert sorted(w[p]) == sorted(case.hands[p])          # his own hand
        assert case.turn_up in w[0]                           # the turn-up, in the dealer's hand
        cards = [c for h in w for c in h]
        assert len(cards) == len(set(cards)) == 20
        for seat in range(4):
            assert len(w[seat]) == 5
            assert played_by[seat] <= set(w[seat])            # the cards each seat was seen to play
            unseen_here = set(w[seat]) - played_by[seat] - ({case.turn_up} if seat == 0 else set())
            if seat != p:
                assert not (unseen_here & seen)               # no seen card placed elsewhere
            for suit in voids[seat]:                          # the voids shown
                assert all(effective_suit(c, case.trump) != suit for c in unseen_here)
        assert accept(w)
        case.with_hands(w).start(after)                       # the world replays the play so far


def test_the_printed_deal_meets_every_call_heard():
    for case in CASES:
        assert worlds.call_predicate(case, case.calls, case.coup_player)(case.hands), case.id


def test_the_same_seed_gives_the_same_worlds_and_numbers():
    c7 = BY_ID["C7"]
    k = worlds.knowledge(c7, c7.coup_player, c7.coup_after)
    a, _ = worlds.player_worlds(k, c7.trump, 50, seed=5)
    b, _ = worlds.player_worlds(k, c7.trump, 50, seed=5)
    c, _ = worlds.player_worlds(k, c7.trump, 50, seed=6)
    assert a == b and a != c
    first = table.table_view(c7, COMPILED, n_worlds=40, seed=5).as_dict()
    assert table.table_view(c7, COMPILED, n_worlds=40, seed=5).as_dict() == first
    assert first["worlds"] == 40 and first["cards_only"]["worlds"] == 40


def test_the_view_reports_the_gains_of_its_worlds():
    c4 = BY_ID["C4"]
    view = table.table_view(c4, COMPILED, n_worlds=60, seed=9)
    k = worlds.knowledge(c4, c4.coup_player, c4.coup_after)
    sampled, draws = worlds.player_worlds(k, c4.trump, 60, 9, worlds.call_predicate(c4, c4.calls, c4.coup_player))
    g = table.gains(c4, sampled, c4.coup_after, c4.coup_player, c4.coup_card, c4.natural, COMPILED)
    e = mean_estimate(g)
    assert (view.worlds, view.draws) == (60, draws)
    assert (view.gain, view.se, view.lo, view.hi) == (e.mean, e.se, e.low, e.high)
    assert (view.share_gain, view.share_loss, view.share_tie) == (np.mean(g > 0), np.mean(g < 0), np.mean(g == 0))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_on_the_printed_deal_the_table_gain_is_the_double_dummy_gain(case):
    g = table.gains(case, [case.hands], case.coup_after, case.coup_player, case.coup_card, case.natural, COMPILED)
    assert g.tolist() == [COUP_GAINS[case.id]]


def test_both_solvers_weigh_sampled_worlds_alike():
    for case_id in ("C7", "C6"):
        case = BY_ID[case_id]
        k = worlds.knowledge(case, case.coup_player, case.coup_after)
        sampled, _ = worlds.player_worlds(k, case.trump, 12, seed=3)
        args = (case, sampled, case.coup_after, case.coup_player, case.coup_card, case.natural)
        np.testing.assert_array_equal(table.gains(*args, COMPILED), table.gains(*args, get_solver("reference")))


def test_case_viii_voids_are_known():
    c8 = BY_ID["C8"]
    k = worlds.knowledge(c8, c8.coup_player, c8.coup_after)
    # D threw a club on the lead of trumps: void in trumps (diamonds, 3)
    assert k.voids[3] >> 3 & 1
    assert set(k.fixed[1]) == set(parse_cards("AD AS"))


@pytest.mark.statistical
def test_sampler_is_uniform_over_one_unseen_card():
    # Case IX after trick one from B's seat: each unseen card reaches each unseen hand about as
    # often as its share of the places says, without calls.
    c9 = BY_ID["C9"]
    k = worlds.knowledge(c9, 1, c9.coup_after)
    sampled, _ = worlds.player_worlds(k, c9.trump, 3000, seed=3)
    card = parse_card("AH")  # no void concerns it: hearts were never led
    for seat in (0, 2, 3):
        expected = k.need[seat] / len(k.pool)
        share = np.mean([card in w[seat] for w in sampled])
        assert abs(share - expected) < 4 * np.sqrt(expected * (1 - expected) / 3000)


def test_case_viii_inference_needs_the_lead_convention():
    c8 = BY_ID["C8"]
    view = table.table_view(c8, COMPILED, n_worlds=80, seed=11)
    h = view.holdings[0]
    assert h["true_on_the_deal"]
    assert h["share_cards_only"] < h["share_with_calls"] < h["share_with_calls_and_inferences"] == 1.0
    verdict = table.table_finding(view, c8.remarks[2])
    assert verdict.verdict == "true only under a reading"


def test_the_book_policys_calls_as_a_second_model():
    c1 = BY_ID["C1"]
    book = table.table_view(c1, COMPILED, n_worlds=30, seed=2).book
    assert isinstance(book["true_deal_accepted"], bool)
    if "error" not in book:   # the policy's calls may leave too few worlds to sample
        assert 0 < book["acceptance"] <= 1 and book["worlds"] == 30
        assert abs(book["share_gain"] + book["share_loss"] + book["share_tie"] - 1) < 1e-12


# --- the command line --------------------------------------------------------------------------

@pytest.mark.slow
def test_cli_text_and_json(capsys):
    assert main(["coups", "C1", "IV", "--worlds", "20"]) == 0
    out = capsys.readouterr().out
    assert "CASE I." in out and "CASE IV." in out and "C1.1 [true]" in out and "The claims, by their primary tests" in out
    assert main(["coups", "C7", "--json", "--worlds", "20", "--seed", "4"]) == 0
    obj = json.loads(capsys.readouterr().out.strip())
    assert obj["id"] == "C7" and obj["alone"] is True and obj["table_side"]["worlds"] == 20
    assert {c["id"]: c["verdict"] for c in obj["claims"]} == {"C7.1": "true", "C7.2": "true"}


@pytest.mark.slow
def test_cli_either_solver_gives_the_same_analysis(capsys):
    answers = {}
    for engine in ("compiled", "reference"):
        assert main(["coups", "C7", "--json", "--worlds", "15", "--engine", engine]) == 0
        obj = json.loads(capsys.readouterr().out)
        assert obj["table_side"].pop("engine") == engine
        answers[engine] = obj
    assert answers["compiled"] == answers["reference"]


def test_cli_bad_case_is_one_line_exit_2(capsys):
    assert main(["coups", "C12"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no coup case" in err


@pytest.mark.slow
def test_report_is_written(tmp_path):
    results = [coups.analyse_case(c, COMPILED, n_worlds=10, seed=1) for c in CASES[:2]]
    md, page = coups.write_report(results, 10, 1, "compiled", tmp_path)
    text, html = md.read_text(), page.read_text()
    assert text.startswith("# The book's coups") and "| C1.1 | true |" in text and "solver: compiled" in text
    assert '<table class="text">' in html and "<strong>C2.3 — true only under a reading.</strong>" in html
    assert 'src="coups.png"' in html and (tmp_path / "coups.png").exists()
    assert "**" not in html and "<pre>" in html


# --- the headline --------------------------------------------------------------------------------

def test_the_committed_coups_headline_is_two_sentences_and_60_words_at_most():
    from pathlib import Path
    from analysis.reporting.report import headline_problem, sentences
    md = (Path(__file__).resolve().parents[1] / "reports" / "coups" / "report.md").read_text(encoding="utf-8")
    title, headline = md.split("\n\n")[:2]          # what the index reads
    headline = headline.removeprefix("**Headline.** ")
    assert title.startswith("# ") and headline_problem(headline) is None and len(sentences(headline)) == 2
    assert headline.startswith("Of the book's 24 remarks on its nine coups, ")


def _fake(case_id: str, verdicts: list[str], lo: float | None = None, hi: float | None = None):
    """A case's result as the headline reads it: its remarks' verdicts and its table-side interval."""
    from types import SimpleNamespace
    findings = [SimpleNamespace(verdict=v, remark=SimpleNamespace(id=f"{case_id}.{k + 1}")) for k, v in enumerate(verdicts)]
    view = None if lo is None else SimpleNamespace(lo=lo, hi=hi, share_tie=0.5)
    return SimpleNamespace(case=SimpleNamespace(id=case_id), findings=findings, table=view)


def test_the_coups_headline_counts_the_remarks_and_the_coups_from_the_players_seat():
    from analysis.tools.coups.render import headline
    results = [_fake("C1", ["true", "true"], 0.1, 0.2), _fake("C2", ["false"], -0.3, -0.1),
               _fake("C3", ["true only under a reading"], -0.1, 0.1)]
    assert headline(results) == (
        "Of the book's 4 remarks on its three coups, 2 hold, 1 holds only under the reading stated and 1 does not "
        "(C2.1). From what the coup player could know, 1 of the 3 coup cards gains on average (C1), 1 loses (C2) "
        "and 1 is not shown either way.")
    assert headline([_fake("C4", ["true"])]) == "Of the book's 1 remark on its one coup, 1 holds."


def test_the_coups_headline_keeps_its_limits_with_many_cases_and_verdicts():
    from analysis.reporting.report import headline_problem, sentences
    from analysis.tools.coups.render import headline

    def many(kinds):
        centre = [0.2 * (i % 3 - 1) for i in range(40)]     # a loss, not shown either way, a gain, in turn
        return [_fake(f"C{i}", [kinds[(i + k) % len(kinds)] for k in range(4)], centre[i] - 0.05, centre[i] + 0.05)
                for i in range(1, 40)]
    text = headline(many(["true", "false"]))
    assert headline_problem(text) is None and len(sentences(text)) == 2
    assert "and 74 more)" in sentences(text)[0]
    assert sentences(text)[1] == ("From what the coup player could know, 13 of the 39 coup cards gain on average, "
                                  "13 lose and 13 are not shown either way.")        # the ids dropped to fit
    text = headline(many(["true", "false", "true only under a reading", "inconclusive", "not checkable"]))
    assert headline_problem(text) is None and len(sentences(text)) == 1           # the tally alone fits
    assert text.startswith("Of the book's 156 remarks on its 39 coups, ") and "31 do not (" in text

"""The book's coup cases: data, replay, claims (both solvers) and the table-side sampler."""
from __future__ import annotations

import json

import numpy as np
import pytest

from analysis import coups
from analysis.cards import parse_card, parse_cards
from analysis.cli import main
from analysis.errors import EuchreError
from analysis.rules import effective_suit

CASES = coups.load_cases()
BY_ID = {c.id: c for c in CASES}
ENGINES = ["reference"] + (["compiled"] if coups.compiled_available() else [])
SAMPLERS = ["python"] + (["fastcore"] if coups.sampler_available() else [])


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
    assert case.claims, "every case carries at least one claim"
    assert case.notes, "every case records the reading of its text"


def test_case_ix_c_is_a_placeholder_outside_the_play():
    c9 = BY_ID["C9"]
    assert c9.c_not_printed and c9.alone and c9.lone == 0
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


def test_select_cases_by_id_roman_or_number():
    assert [c.id for c in coups.select_cases(CASES, ["C4", "ix", "2"])] == ["C4", "C9", "C2"]
    with pytest.raises(EuchreError, match="no coup case"):
        coups.select_cases(CASES, ["X"])


def _verdicts(case, engine_name):
    engine = coups.get_engine(engine_name)
    return {cl.id: coups.check_claim(case, cl, engine) for cl in case.claims}


@pytest.mark.parametrize("engine_name", ENGINES)
def test_case_i_claims(engine_name):
    v = _verdicts(BY_ID["C1"], engine_name)
    # over-trumping with the right in trick one: euchred (makers 2 tricks)
    assert v["C1.1"].verdict == "true" and v["C1.1"].values == {"JC": 2}
    assert v["C1.2"].verdict == "true" and v["C1.2"].values == {"8S": 4}
    assert v["C1.3"].verdict == "true" and v["C1.3"].values == {"AH": 4, "KH": 4}


@pytest.mark.parametrize("engine_name", ENGINES)
def test_case_iv_claims(engine_name):
    v = _verdicts(BY_ID["C4"], engine_name)
    # after two tricks every card of A loses the last three tricks
    assert v["C4.1"].verdict == "true"
    assert set(v["C4.1"].values) == {"KH", "AC", "KS"} and set(v["C4.1"].values.values()) == {2}
    # the lead of the left up to the right euchres; the ace of diamonds lets A make his point
    assert v["C4.2"].verdict == "true" and v["C4.2"].values["AD"] == 3


@pytest.mark.skipif(len(ENGINES) < 2, reason="the compiled solver is not built")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_both_solvers_value_every_card_of_every_line_alike(case):
    ref = coups.replay(case, coups.get_engine("reference"))
    fast = coups.replay(case, coups.get_engine("compiled"))
    assert [s.values for s in ref] == [s.values for s in fast]


def test_readings_and_false_claims_are_reported():
    engine = coups.get_engine(ENGINES[-1])
    v2 = _verdicts(BY_ID["C2"], ENGINES[-1])
    assert v2["C2.3"].verdict == "true only under a reading" and v2["C2.3"].reading
    v8 = _verdicts(BY_ID["C8"], ENGINES[-1])
    assert v8["C8.1"].verdict == "true only under a reading"
    v3 = _verdicts(BY_ID["C3"], ENGINES[-1])
    assert v3["C3.2"].verdict == "false"
    result = coups.analyse_case(BY_ID["C5"], engine, table=False)
    assert result.readings and result.readings[0]["stable"]


def test_replay_marks_the_coup_and_finds_better_double_dummy_cards():
    result = coups.analyse_case(BY_ID["C1"], coups.get_engine(ENGINES[-1]), table=False)
    coup_steps = [s for s in result.steps if s.coup]
    assert len(coup_steps) == 1 and coup_steps[0].card == parse_card("8S")
    # D's ruff in trick one is an error double-dummy: throwing the nine of hearts euchres A
    imp = result.improvements()
    assert imp[0]["trick"] == 1 and imp[0]["seat"] == "D" and "9H" in imp[0]["better"]


# --- the table-side sampler ----------------------------------------------------------------

@pytest.mark.parametrize("sampler", SAMPLERS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_worlds_keep_seen_cards_and_shown_voids(case, sampler):
    k = coups.knowledge(case, case.coup_player, case.coup_after)
    accept = coups.call_predicate(case, case.calls, case.coup_player)
    worlds, candidates, used = coups.sample_worlds(k, case.trump, 150, seed=7, accept=accept, sampler=sampler)
    assert used == sampler
    assert len(worlds) == 150 and candidates >= 150
    seen = set(case.hands[case.coup_player]) | set(case.coup_after) | {case.turn_up}
    played_by = _played_by(case, case.coup_after)
    voids = _voids(case, case.coup_after)
    for w in worlds:
        assert sorted(w[case.coup_player]) == sorted(case.hands[case.coup_player])
        assert case.turn_up in w[0]
        cards = [c for h in w for c in h]
        assert len(cards) == len(set(cards)) == 20
        for seat in range(4):
            assert len(w[seat]) == 5
            unseen_here = [c for c in w[seat] if c not in played_by[seat] and not (seat == 0 and c == case.turn_up)]
            if seat != case.coup_player:
                # no card the player has seen lands among another seat's unseen cards
                assert not (set(unseen_here) & seen)
            for suit in voids[seat]:
                assert all(effective_suit(c, case.trump) != suit for c in unseen_here)
        assert accept(w)
        # the world replays the play so far legally
        case.with_hands(w).start(case.coup_after)


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


def test_case_viii_voids_are_known():
    c8 = BY_ID["C8"]
    k = coups.knowledge(c8, c8.coup_player, c8.coup_after)
    # D threw a club on the lead of trumps: void in trumps (diamonds, 3)
    assert k.voids[3] >> 3 & 1
    assert set(k.fixed[1]) == set(parse_cards("AD AS"))


@pytest.mark.statistical
@pytest.mark.parametrize("sampler", SAMPLERS)
def test_sampler_is_uniform_over_one_unseen_card(sampler):
    # Case IX after trick two from B's seat: a simple check that each unseen card reaches each
    # unseen hand about as often as its share of the places says, without calls.
    c9 = BY_ID["C9"]
    k = coups.knowledge(c9, 1, c9.coup_after)
    worlds, _, _ = coups.sample_worlds(k, c9.trump, 3000, seed=3, sampler=sampler)
    card = parse_card("AH")  # no void concerns it: hearts were never led
    free = len(k.pool)
    for seat in (0, 2, 3):
        expected = k.need[seat] / free
        share = np.mean([card in w[seat] for w in worlds])
        assert abs(share - expected) < 4 * np.sqrt(expected * (1 - expected) / 3000)


def test_table_view_statistics_are_consistent():
    view = coups.table_view(BY_ID["C7"], coups.get_engine(ENGINES[-1]), n_worlds=60, seed=5)
    assert view.worlds == 60
    assert abs(view.share_gain + view.share_loss + view.share_tie - 1) < 1e-9
    assert view.lo <= view.gain <= view.hi


def test_case_viii_inference_needs_the_lead_convention():
    c8 = BY_ID["C8"]
    view = coups.table_view(c8, coups.get_engine(ENGINES[-1]), n_worlds=80, seed=11)
    h = view.holdings[0]
    assert h["true_on_the_deal"]
    assert h["share_cards_only"] < h["share_with_calls"] <= h["share_with_calls_and_inferences"] == 1.0


# --- the command line ----------------------------------------------------------------------

def test_cli_text_and_json(capsys):
    assert main(["coups", "C1", "IV", "--worlds", "20"]) == 0
    out = capsys.readouterr().out
    assert "CASE I." in out and "CASE IV." in out and "C1.1 [true]" in out and "Summary of the verdicts" in out
    assert main(["coups", "C7", "--json", "--worlds", "20", "--seed", "4"]) == 0
    obj = json.loads(capsys.readouterr().out.strip())
    assert obj["id"] == "C7" and obj["claims"] and obj["table_side"]["worlds"] == 20
    assert all(c["verdict"] for c in obj["claims"])


def test_cli_bad_case_is_one_line_exit_2(capsys):
    assert main(["coups", "C12"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no coup case" in err


def test_report_is_written(tmp_path):
    engine = coups.get_engine(ENGINES[-1])
    results = [coups.analyse_case(c, engine, n_worlds=10, seed=1) for c in CASES[:2]]
    md, page = coups.write_report(results, 10, 1, tmp_path)
    assert "C1.1" in md.read_text() and "<html" in page.read_text() and "C2.3" in page.read_text()


@pytest.mark.skipif(not coups.book_policy_available(), reason="analysis.book_policy is not installed")
def test_book_policy_calls_as_a_second_model():
    c1 = BY_ID["C1"]
    view = coups.table_view(c1, coups.get_engine(ENGINES[-1]), n_worlds=30, seed=2)
    assert view.book["available"]
    assert "true_deal_accepted" in view.book
    if "error" not in view.book:
        assert 0 < view.book["acceptance"] <= 1 and view.book["worlds"] == 30

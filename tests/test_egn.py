"""Euchre Game Notation: files read and refused, games replayed by the laws with every kind of
problem named, euchrelab's hands written as EGN and read back, every file written valid against
the format's schema (tests/data/egn: EGN's schema and examples, under their licence)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cli_run import as_program, run_cli

from analysis.errors import EuchreError
from analysis.game.cards import parse_card
from analysis.game.egn import (LEFT_OF_DEALER, LEFT_OF_LONER, UNPLAYED_RULES, EgnRules, first_leader, parse_egn,
                               read_egn, replay, to_egn, write_egn)
from analysis.game.rules import Rules

DATA = Path(__file__).resolve().parent / "data" / "egn"
SCHEMA = jsonschema.Draft7Validator(json.loads((DATA / "egn-schema-v1.json").read_text()),
                                    format_checker=jsonschema.FormatChecker())


def valid(doc: dict) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in SCHEMA.iter_errors(doc)]
    assert not errors, errors[:3]


def example(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


# custom-scenario.egn's one deal: seat 0 deals, JC turned down, seat 1 names spades and takes 3 tricks
HANDS = [["Kh", "As", "Jd", "Th", "Ah"], ["9c", "9h", "Qc", "Qd", "Kc"], ["Jh", "Ad", "Tc", "Kd", "Ac"],
         ["Qs", "9d", "Js", "9s", "Td"]]
TRICKS = [["9h", "Jh", "9s", "Ah"], ["Js", "As", "9c", "Tc"], ["Td", "Jd", "Qd", "Kd"], ["Ad", "9d", "Th", "Qc"],
          ["Ac", "Qs", "Kh", "Kc"]]
CALLS = ["Pass"] * 4 + ["s"]


def deal(calls=CALLS, tricks=TRICKS, hands=None, dealer=0, up="Jc", alone=False, discard=None, **play) -> dict:
    bidding = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": list(calls), "isAlone": alone}
    if discard is not None:
        bidding["discard"] = discard
    state = {"dealer": dealer, "upCard": up}
    if hands is not None:
        state["playerCards"] = hands
    phases = [bidding]
    if tricks is not None:
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": copy.deepcopy(tricks), **play})
    return {"dealNumber": 0, "initialState": state, "phases": phases}


def game(*deals, ruleset=None, score=(0, 0), version="1.4") -> dict:
    return {"fileType": "Euchre Game Notation", "version": version,
            "metadata": {"players": ["North", "East", "South", "West"], "initialScore": list(score),
                         "ruleset": {"std": True} if ruleset is None else ruleset},
            "deals": list(deals)}


def replayed(doc: dict):
    return replay(parse_egn(doc, "test.egn"))


def with_trick(tricks, t, i, card):
    out = copy.deepcopy(tricks)
    out[t][i] = card
    return out


# --- the examples ------------------------------------------------------------------------------

def test_the_whole_online_game_replays_to_ten_seven_without_a_problem():
    rep = replay(read_egn(DATA / "annotated-game.egn"))
    assert rep.final_score == (10, 7) and rep.problems == ()
    assert len(rep.deals) == 11 and all(r.complete and r.scored for r in rep.deals)
    first = rep.deals[0]     # seat 2 deals KD; seat 1 orders it up; the dealer discards KS
    assert (first.dealer, first.maker, first.trump, first.round, first.leader) == (2, 1, 3, 1, 3)
    assert first.winners == (1, 2, 1, 3, 1) and first.team_tricks == (1, 4) and first.points == (0, 1)
    # the dealer's hands worked back: the five he played, less the turn-up, with his discard
    assert first.at_play[2] == sum(1 << parse_card(c) for c in ("KD", "AC", "AH", "TH", "QH"))
    assert first.dealt[2] == sum(1 << parse_card(c) for c in ("KS", "AC", "AH", "TH", "QH"))
    last = rep.deals[-1]     # the dealer alone, his partner sitting out: a march of 4
    assert last.alone and last.sits_out == 2 and last.points == (4, 0) and last.dealt[2] is None
    assert all(len(t) == 3 for t in last.tricks)
    # a dealer who took up without a recorded discard: his hand at play is known, not as dealt
    second = rep.deals[1]
    assert second.dealer == 3 and second.discard is None and second.dealt[3] is None and second.at_play[3] is not None


def test_the_short_scenarios_replay_without_a_problem():
    rep = replay(read_egn(DATA / "six-points-in-two-hands.egn"))
    assert rep.final_score == (10, 9) and rep.problems == ()      # 4-9, a lone march, then a march
    assert [r.points for r in rep.deals] == [(4, 0), (2, 0)]
    assert rep.deals[0].sits_out == 0 and rep.deals[0].leader == 1          # the dealer sits out: his left leads
    rep = replay(read_egn(DATA / "custom-scenario.egn"))
    assert rep.final_score == (0, 1) and rep.problems == () and rep.deals[0].complete
    assert rep.deals[0].dealt == tuple(sum(1 << parse_card(c) for c in h) for h in HANDS)


def test_the_older_annotated_file_is_read_and_its_problems_named():
    """Version 1.0.0 (snake_case fields, a kitty, initialLead): its first deal has the turn-up the
    dealer took played by another seat; its second, a lone hand, four reneges."""
    game_ = read_egn(DATA / "annotated.egn")
    assert game_.version == "1.0.0" and game_.initial_score == (2, 1)
    first = game_.deals[0]
    assert first.lead == 1 and len(first.kitty) == 3 and first.notes_calls == {4: ["not sure about this order"]}
    assert game_.deals[1].hands[1] is not None and game_.deals[1].hands[0] is None
    rep = replay(game_)
    assert rep.final_score == (4, 1)
    assert rep.problems[0].startswith("deal 1, trick 3, seat 3 (p4): plays QS, the turn-up, which the dealer took up: "
                                      "a card twice")
    assert not rep.deals[0].scored and len(rep.deals[0].tricks) == 3
    reneges = rep.problems[1:]
    assert [p.split(":")[0] for p in reneges] == ["deal 2, trick 2, seat 0 (p1)", "deal 2, trick 4, seat 3 (p4)",
                                                  "deal 2, trick 4, seat 0 (p1)", "deal 2, trick 5, seat 3 (p4)"]
    assert all("a renege (the deal is scored as played)" in p for p in reneges)
    second = rep.deals[1]
    assert second.scored and not second.complete and second.points == (2, 0)     # the lone hand euchred


@pytest.mark.parametrize("name, says", [
    ("invalid1.json", "its fileType is 'Euchre Layout Template', not 'Euchre Game Notation'"),
    ("invalid2.json", "it holds an array, not an object"),
])
def test_files_that_are_not_egn_are_refused_in_one_line(name, says):
    with pytest.raises(EuchreError) as err:
        read_egn(DATA / name)
    assert str(err.value).startswith(f"{DATA / name} is not an EGN file: {says}") and "\n" not in str(err.value)
    out = run_cli("replay", str(DATA / name))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("euchrelab: error: ") and out.stderr.count("\n") == 1


def test_the_program_refuses_a_bad_file_without_a_traceback(tmp_path):
    out = as_program("replay", str(DATA / "invalid2.json"))
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.count("\n") == 1


@pytest.mark.parametrize("text, says", [
    ("{not json", "is not an EGN file: not JSON (Expecting property name"),
    (None, ": no such file"),
])
def test_a_missing_file_or_bad_json_is_refused_in_one_line(tmp_path, text, says):
    path = tmp_path / "game.egn"
    if text is not None:
        path.write_text(text)
    with pytest.raises(EuchreError, match="^" + str(path).replace(".", r"\.")) as err:
        read_egn(path)
    assert says in str(err.value) and "\n" not in str(err.value)
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and out.stderr.count("\n") == 1


# --- refused -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rule", UNPLAYED_RULES)
def test_a_rule_euchrelab_does_not_play_is_refused_naming_it_and_the_file(rule):
    with pytest.raises(EuchreError) as err:
        parse_egn(game(deal(), ruleset={rule: True}), "house.egn")
    assert str(err.value) == f"house.egn: ruleset: the rule {rule} is on, and euchrelab does not play it"
    parse_egn(game(deal(), ruleset={rule: False}), "house.egn")      # named but off: read


@pytest.mark.parametrize("ruleset, says", [
    ({"num_players": 3}, "num_players is 3"),
    ({"min_rank": 8}, "min_rank 8 is not played"),
    ({"winning_score": 0}, "the game has no end"),
    ({"winning_score": 10, "num_deals": 8}, "both winning_score and num_deals"),
    ({"loner_lead": "LEFT_OF_PARTNER"}, "loner_lead 'LEFT_OF_PARTNER'"),
    ({"std": "yes"}, "std must be true or false"),
])
def test_rules_out_of_range_are_refused(ruleset, says):
    with pytest.raises(EuchreError, match=f"^house.egn: ruleset: .*{says}"):
        parse_egn(game(deal(), ruleset=ruleset), "house.egn")


@pytest.mark.parametrize("change, says", [
    (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(0, "9t"), "names a generic suit"),
    (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(0, "B"), "the joker"),
    (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(0, "7h"), "not in the 24-card pack"),
    (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(0, "9q"), "unknown suit"),
    (lambda d: d["deals"].__setitem__(0, "AQIDBA=="), "condensed deals are not supported"),
    (lambda d: d["deals"][0]["initialState"].pop("upCard"), "deal 1: the field upCard is missing"),
    (lambda d: d["metadata"].pop("players"), "metadata: the field players is missing"),
    (lambda d: d.pop("deals"), "the field deals is missing"),
    (lambda d: d.__setitem__("version", "2.0"), "EGN version '2.0' is not read"),
    (lambda d: d["deals"][0]["phases"][0]["calls"].__setitem__(0, "Bid"), "is not an EGN call"),
    (lambda d: d["deals"][0]["phases"][0].__setitem__("aloneDefender", 2), "defend_alone"),
    (lambda d: d["deals"][0]["initialState"]["playerCards"][1].pop(), "playerCards of seat 1 must be 5 cards"),
    (lambda d: d["metadata"]["players"].append("Fifth"), "5 players"),
])
def test_a_malformed_file_is_refused_in_one_line_naming_it(change, says):
    doc = game(deal(hands=copy.deepcopy(HANDS)))
    change(doc)
    with pytest.raises(EuchreError) as err:
        parse_egn(doc, "bad.egn")
    assert str(err.value).startswith("bad.egn") and says in str(err.value) and "\n" not in str(err.value)


# --- cards and players as EGN writes them ---------------------------------------------------------

def test_nines_as_n_bowers_as_r_and_l_and_player_objects_are_read():
    tricks = with_trick(TRICKS, 1, 0, "R")                # the knave of spades, trumps
    tricks = with_trick(tricks, 0, 0, "Nh")
    doc = game(deal(tricks=tricks))
    doc["metadata"]["players"][1] = {"name": "East", "playerIds": [{"id": "e-1", "source": "club"}]}
    rep = replayed(doc)
    assert rep.problems == () and rep.final_score == (0, 1)
    assert rep.deals[0].tricks[1][0] == (3, parse_card("JS")) and rep.deals[0].tricks[0][0] == (1, parse_card("9H"))
    assert rep.game.players[1] == "East"
    out = to_egn(rep.game)
    assert out["metadata"]["players"][1] == {"name": "East", "playerIds": [{"id": "e-1", "source": "club"}]}
    valid(out)
    six = example("six-points-in-two-hands.egn")         # hearts: the left bower is the knave of diamonds
    six["deals"][0]["phases"][1]["tricks"][2][0] = "L"
    assert replay(parse_egn(six, "six")).deals[0].tricks[2][0] == (2, parse_card("JD"))


def test_an_unknown_card_that_cannot_change_a_trick_is_scored_but_not_complete():
    tricks = with_trick(TRICKS, 1, 1, "Xx")               # under the right bower
    r = replayed(game(deal(tricks=tricks))).deals[0]
    assert r.problems == () and r.scored and not r.complete and r.points == (0, 1)
    assert r.tricks[1][1] == (0, None) and r.at_play[0] is None and r.at_play[1] is not None


def test_an_unknown_card_that_may_win_a_trick_stops_the_deal():
    tricks = with_trick(TRICKS, 0, 3, "Xs")               # over seat 3's nine of trumps
    rep = replayed(game(deal(tricks=tricks)))
    assert rep.problems == ("deal 1, trick 1: an unknown card leaves the trick's winner open; the rest of the deal "
                            "cannot be read: not scored",)
    assert not rep.deals[0].scored and rep.final_score == (0, 0) and rep.deals[0].winners == (None,)
    # with the hands recorded the unknown card is one of seat 0's, and the ace of trumps is one
    assert not replayed(game(deal(tricks=tricks, hands=copy.deepcopy(HANDS)))).deals[0].scored


# --- problems, each named ---------------------------------------------------------------------

# seat 0, holding JD, throws TH on the ten of diamonds in trick 3, then plays JD in trick 4
RENEGE = with_trick(with_trick(TRICKS, 2, 1, "Th"), 3, 2, "Jd")


def test_a_renege_is_caught_at_once_where_the_hand_is_known():
    rep = replayed(game(deal(tricks=RENEGE, hands=copy.deepcopy(HANDS))))
    assert rep.problems == ("deal 1, trick 3, seat 0 (North): does not follow diamonds, holding JD: a renege (the "
                            "deal is scored as played)",)
    r = rep.deals[0]
    assert r.scored and not r.complete and r.points == (0, 1) and rep.final_score == (0, 1)


def test_a_renege_is_proven_when_the_suit_he_did_not_follow_appears_later():
    rep = replayed(game(deal(tricks=RENEGE)))
    assert rep.problems == ("deal 1, trick 4, seat 0 (North): plays JD, of diamonds, which he did not follow in "
                            "trick 3: a renege (the deal is scored as played)",)
    assert rep.deals[0].scored and rep.final_score == (0, 1)
    assert replayed(game(deal())).deals[0].complete      # the same deal played by the laws


@pytest.mark.parametrize("tricks, hands, says", [
    (with_trick(TRICKS, 4, 0, "As"), None, "deal 1, trick 5, seat 2 (South): plays AS, which seat 0 (North) played "
                                           "in trick 2: a card twice"),
    (with_trick(TRICKS, 0, 0, "Th"), HANDS, "deal 1, trick 1, seat 1 (East): plays TH, dealt to seat 0 (North): a "
                                            "card twice"),
    (with_trick(TRICKS, 1, 3, "Jc"), None, "deal 1, trick 2, seat 2 (South): plays JC, the turn-up, turned down: a "
                                           "card twice"),
    (with_trick(TRICKS, 1, 3, "Qh"), HANDS, "deal 1, trick 2, seat 2 (South): plays QH, which is not in his "
                                            "recorded hand"),
    ([TRICKS[0], TRICKS[1][:3]] + TRICKS[2:], None, "deal 1, trick 2: the trick has 3 cards, but 4 players play"),
    (TRICKS + [["9h", "Th", "Jh", "Qh"]], None, "deal 1, trick 6: one trick too many, a deal has five"),
    (TRICKS[:4], None, "deal 1: the play ends after 4 tricks"),
])
def test_a_card_the_record_cannot_have_stops_the_deal(tricks, hands, says):
    rep = replayed(game(deal(tricks=tricks, hands=copy.deepcopy(hands))))
    assert len(rep.problems) == 1 and rep.problems[0].startswith(says), rep.problems
    assert rep.problems[0].endswith("; the rest of the deal cannot be read: not scored")
    assert not rep.deals[0].scored and rep.final_score == (0, 0)


def test_a_card_twice_in_the_record_of_the_deal_is_named():
    hands = copy.deepcopy(HANDS)
    hands[2][0] = "Kh"                      # seat 0 holds it too
    rep = replayed(game(deal(hands=hands)))
    assert rep.problems[0].startswith("deal 1: KH is dealt to seat 0 (North) and dealt to seat 2 (South): a card twice")
    hands = copy.deepcopy(HANDS)
    hands[1][0] = "Jc"                      # the turn-up
    assert "JC is dealt to seat 1 (East) and the turn-up, turned down: a card twice" in replayed(
        game(deal(hands=hands))).problems[0]


@pytest.mark.parametrize("calls, std, says", [
    (CALLS + ["Pass"], True, "deal 1, call 6, seat 2 (South): a call after trumps were made at call 5: calls out of "
                             "turn"),
    (["s"], True, "deal 1, call 1, seat 1 (East): names spades in round one"),
    (["Pass"] * 4 + ["c"], True, "deal 1, call 5, seat 1 (East): names clubs, the suit turned down"),
    (["Pass"] * 4 + ["Order"], True, "deal 1, call 5, seat 1 (East): orders up in round two"),
    (["Pass"] * 8, True, "deal 1, call 8, seat 0 (North): the dealer passes in round two, but with stick the dealer"),
    (["Pass"] * 8 + ["s"], False, "deal 1, call 9, seat 1 (East): a ninth call"),
    (["Pass", "x"], True, "deal 1, call 2, seat 2 (South): the call is not known (x)"),
    (["Pass", "n"], True, "deal 1, call 2, seat 2 (South): calls no trump"),
    (["Pass", "Pass"], True, "deal 1: the calls end after 2 passes, no trump made"),
])
def test_a_bad_sequence_of_calls_stops_the_deal(calls, std, says):
    rep = replayed(game(deal(calls=calls), ruleset={"std": std}))
    assert len(rep.problems) == 1 and rep.problems[0].startswith(says), rep.problems
    assert rep.problems[0].endswith("; the rest of the deal cannot be read: not scored")
    assert not rep.deals[0].scored and rep.final_score == (0, 0)


def test_all_passing_twice_without_stick_the_dealer_voids_the_deal():
    rep = replayed(game(deal(calls=["Pass"] * 8, tricks=None), deal(), ruleset={"std": False}))
    void = rep.deals[0]
    assert void.complete and void.maker is None and void.points == (0, 0) and rep.problems == ()
    assert rep.final_score == (0, 1)
    rep = replayed(game(deal(calls=["Pass"] * 8), ruleset={"std": False}))
    assert rep.problems[0].startswith("deal 1, trick 1: cards are played though all passed twice")


def test_deals_after_the_game_ended_are_named_and_not_scored():
    rep = replayed(game(deal(), deal(), score=(9, 9)))
    assert rep.final_score == (9, 10)
    assert rep.problems == ("deal 2: played after the game ended (the game was won at 9-10): not scored",)
    assert rep.deals[0].scored and not rep.deals[1].scored and len(rep.deals[1].tricks) == 5
    rep = replayed(game(deal(), deal(), ruleset={"num_deals": 1}))
    assert rep.problems == ("deal 2: played after the game ended (the game was of 1 deal): not scored",)
    assert parse_egn(game(deal(), ruleset={"num_deals": 1}), "x").rules.rules.points_for_game == 10


# --- lone hands -----------------------------------------------------------------------------------

def test_the_first_leader_of_a_lone_hand_follows_loner_lead():
    rules = {lead: EgnRules(Rules(24, 10, True, False), loner_lead=lead) for lead in (LEFT_OF_DEALER, LEFT_OF_LONER)}
    for dealer in range(4):
        assert first_leader(rules[LEFT_OF_DEALER], dealer, (dealer + 2) % 4, False) == (dealer + 1) % 4
        for maker in range(4):
            left = first_leader(rules[LEFT_OF_DEALER], dealer, maker, True)
            # the dealer's left, unless he is the partner who sits out: then the seat after him
            assert left == ((dealer + 2) % 4 if maker == (dealer + 3) % 4 else (dealer + 1) % 4)
            assert left != maker ^ 2
            assert first_leader(rules[LEFT_OF_LONER], dealer, maker, True) == (maker + 1) % 4


def test_a_recorded_first_lead_is_checked_against_the_laws():
    six = example("six-points-in-two-hands.egn")
    six["deals"][0]["phases"][1]["initialLead"] = 1         # the older files' field: right
    assert replay(parse_egn(six, "six")).problems == ()
    six["deals"][0]["phases"][1]["initialLead"] = 3
    rep = replay(parse_egn(six, "six"))
    assert rep.problems[0].startswith("deal 1: the first lead is recorded as seat 3's, but by the laws seat 1 "
                                      "(24wil) leads")
    six["deals"][0]["phases"][1].pop("initialLead")
    six["metadata"]["ruleset"]["loner_lead"] = LEFT_OF_LONER
    assert replay(parse_egn(six, "six")).deals[0].leader == 3


def test_the_ruleset_scores_lone_hands():
    six = example("six-points-in-two-hands.egn")
    six["metadata"]["ruleset"]["loner_march_score"] = 5
    assert replay(parse_egn(six, "six")).final_score == (11, 9)
    old = example("annotated.egn")
    old["metadata"]["ruleset"]["loner_euchred_score"] = 4
    assert replay(parse_egn(old, "old")).final_score == (6, 1)


# --- writing ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["annotated-game.egn", "annotated.egn", "custom-scenario.egn",
                                  "six-points-in-two-hands.egn"])
def test_each_example_written_again_is_valid_and_replays_the_same(name, tmp_path):
    game_ = read_egn(DATA / name)
    path = write_egn(tmp_path / "again.egn", to_egn(game_))
    doc = json.loads(path.read_text())
    valid(doc)
    assert doc["version"] == "1.4"
    again = read_egn(path)
    assert replay(again).to_json() == replay(game_).to_json()
    assert [d.hands for d in again.deals] == [tuple(h if h is None or None not in h else None for h in d.hands)
                                             for d in game_.deals]


def test_notes_are_added_after_the_files_own():
    game_ = read_egn(DATA / "annotated-game.egn")
    doc = to_egn(game_, {10: {0: ["[?!]a pass"], 3: ["[!]alone"]}}, {0: {2: ["[??]the ace"]}})
    valid(doc)
    calls = doc["deals"][10]["phases"][0]["callAnnotations"]
    assert calls == {"0": ["Can't really consider donating with the L here. Just bad luck for them.", "[?!]a pass"],
                     "3": ["[!]alone"]}
    assert doc["deals"][0]["phases"][1]["playAnnotations"] == {"2": ["[??]the ace"]}
    assert len(doc["deals"][1]["alternativeLines"]) == 1           # analysis kept as it was
    old = to_egn(read_egn(DATA / "annotated.egn"))
    valid(old)
    assert old["deals"][0]["alternativeLines"][0]["phases"][0]["playAnnotations"] == {"0": ["better line"]}


# --- euchrelab's hands, written and read back -----------------------------------------------------

def check_round_trip(played, tmp_path) -> None:
    """``played`` (:class:`analysis.tools.play_hands.Played`) as EGN: valid; read back, the same
    game; replayed, the same hands, calls, tricks, cards and points as the simulator's."""
    plays = played.plays()
    game_ = played.to_game()
    path = write_egn(tmp_path / "hands.egn", to_egn(game_))
    doc = json.loads(path.read_text())
    valid(doc)
    back = read_egn(path)
    assert back.deals == game_.deals and back.rules == game_.rules and back.players == game_.players
    rep = replay(back)
    res = played.results
    assert rep.problems == ()
    total = np.asarray(played.score, np.int64) + res.points.astype(np.int64).sum(axis=0)
    assert rep.final_score == tuple(int(x) for x in total)
    for i, r in enumerate(rep.deals):
        assert r.complete and r.dealer == 0
        assert r.dealt == tuple(int(h) for h in played.deals.hands[i])
        assert r.points == tuple(int(x) for x in res.points[i])
        if res.maker[i] < 0:
            assert r.maker is None and plays[i] is None
            continue
        assert (r.maker, r.trump, r.round) == (res.maker[i], res.trump[i], res.round[i])
        assert r.alone == (res.lone_seat[i] >= 0) and r.sits_out == (res.lone_seat[i] ^ 2 if r.alone else None)
        assert r.discard == (None if res.discard[i] < 0 else res.discard[i])
        assert [sc for trick in r.tricks for sc in trick] == plays[i]
        assert r.team_tricks[r.maker % 2] == res.maker_tricks[i]
        for seat in range(4):
            if seat != r.sits_out:
                assert r.at_play[seat] == res.play_hands[i][seat]


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), pack=st.sampled_from([24, 32]), stick=st.booleans(), n=st.integers(1, 12),
       ac=st.integers(0, 4), bd=st.integers(0, 4))
def test_hands_played_round_trip_through_egn(tmp_path, seed, pack, stick, n, ac, bd):
    from analysis.tools.play_hands import play_hands
    rules = Rules.of(pack=pack, stick_the_dealer=stick)
    check_round_trip(play_hands(n, seed, "book", rules, (ac, bd), "dd", keep_calls=True), tmp_path)


@pytest.mark.parametrize("engine", ["pimc", "book", "table"])
def test_table_side_hands_written_are_the_cards_the_engine_played(engine, tmp_path):
    from analysis.tools.play_hands import play_hands
    played = play_hands(12, 4, "book", Rules.of(pack=24), (0, 0), engine, worlds=4, keep_calls=True)
    check_round_trip(played, tmp_path)


def test_a_player_taking_it_from_his_partner_is_written_as_his_own_call_with_a_note(tmp_path):
    from analysis.tools.play_hands import play_hands
    played = play_hands(40, 3, "book", Rules.of(), (0, 0), "dd", keep_calls=True)
    taken = [i for i, calls in enumerate(played.results.calls) if calls[-1].action == "take it from partner"]
    assert taken, "no hand of this seed has a player taking it from his partner"
    check_round_trip(played, tmp_path)
    game_ = played.to_game()
    d = game_.deals[taken[0]]
    assert any("took it from his partner" in t for texts in d.notes_calls.values() for t in texts)
    assert "which EGN cannot write" in game_.description and "in a rubber" in game_.description


def test_hands_whose_cards_differ_from_the_engines_tricks_are_refused():
    from analysis.tools.play_hands import play_hands
    played = play_hands(6, 1, "book", Rules.of(), (0, 0), "dd", keep_calls=True)
    i = int(np.flatnonzero(played.results.maker >= 0)[0])
    played.results.maker_tricks[i] = (played.results.maker_tricks[i] + 1) % 6
    with pytest.raises(EuchreError, match=f"^hand {i + 1}: played again card by card the makers take"):
        played.to_game()


def test_play_writes_an_egn_file_that_replays_to_its_points(tmp_path):
    path = tmp_path / "hands.egn"
    out = run_cli("play", "--n", "8", "--seed", "7", "--pack", "24", "--stick-the-dealer", "--score", "3-5",
                  "--json", "--egn", str(path))
    assert out.returncode == 0, out.stderr
    hands = [json.loads(x) for x in out.stdout.splitlines()]
    doc = json.loads(path.read_text())
    valid(doc)
    rules = doc["metadata"]["ruleset"]
    assert rules == {"std": True, "min_rank": 9, "num_deals": 8, "loner_lead": "LEFT_OF_DEALER",
                     "loner_march_score": 4, "loner_euchred_score": 4}
    assert doc["metadata"]["initialScore"] == [3, 5] and "seed 7" in doc["metadata"]["description"]
    assert "rubber" not in doc["metadata"]["description"]
    rep = json.loads(run_cli("replay", str(path), "--json").stdout)
    assert rep["problems"] == []
    assert [d["points"] for d in rep["deals"]] == [[h["points"]["A+C"], h["points"]["B+D"]] for h in hands]
    assert rep["final_score"] == [3 + sum(h["points"]["A+C"] for h in hands), 5 + sum(h["points"]["B+D"] for h in hands)]


def test_play_refuses_a_bad_egn_path_or_too_many_hands_before_any_work(tmp_path, monkeypatch):
    import analysis.tools.play_hands as tool

    def no_work(*args, **kwargs):
        raise AssertionError("hands were played")
    monkeypatch.setattr(tool, "play_hands", no_work)
    out = run_cli("play", "--n", "5", "--egn", str(tmp_path / "missing" / "hands.egn"))
    assert out.returncode == 2 and out.stderr.startswith("euchrelab: error: --egn ") and out.stderr.count("\n") == 1
    out = run_cli("play", "--n", "101", "--egn", str(tmp_path / "hands.egn"))
    assert out.returncode == 2 and "at most 100 hands" in out.stderr
    assert not (tmp_path / "hands.egn").exists()


def test_replay_prints_the_game_deal_by_deal():
    out = run_cli("replay", str(DATA / "annotated-game.egn"))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.startswith("Quite the Hustle: EGN 1.4, ")
    assert "deal 1: seat 2 (Brownsbacker07) deals, KD turned up" in text
    assert ("calls: seat 3 (boombaddis) passes; seat 0 (Charliehustle4192) passes; seat 1 (Big Bad Bill) orders it up"
            in text)
    assert "trick 1: 9D (3)  AD (0)  JD (1)  KD (2)  won by seat 1 (Big Bad Bill)" in text
    assert "the makers (team 1) take 4 tricks, made: 1 point to team 1; score 0-1" in text
    assert text.rstrip().endswith("final score 10-7 (team 0: seats 0 and 2; team 1: seats 1 and 3), 11 deals, "
                                  "0 not scored\nproblems: none")
    data = json.loads(run_cli("replay", str(DATA / "annotated-game.egn"), "--json").stdout)
    assert data["final_score"] == [10, 7] and data["problems"] == [] and len(data["deals"]) == 11
    first = {"number": 1, "dealer": 2, "trump": "D", "maker": 1, "alone": False, "tricks": [1, 4], "points": [0, 1],
             "score": [0, 1]}
    assert {k: data["deals"][0][k] for k in first} == first
    old = run_cli("replay", str(DATA / "annotated.egn"))
    assert old.returncode == 0 and "problems (5):" in old.stdout

"""The review of a played game: constructed games whose answer is known, and the command line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analysis.errors import EuchreError
from analysis.game.egn import parse_egn, replay, to_egn
from analysis.tools.review import THRESHOLDS, review

DATA = Path(__file__).parent / "data" / "egn"
FAST = dict(worlds=40, play_worlds=8, model_deals=500)


def game(deal: dict, title: str) -> dict:
    """An EGN file of one deal at love-all, 24 cards, a game of ten, no stick-the-dealer."""
    return {"fileType": "Euchre Game Notation", "version": "1.4",
            "metadata": {"title": title, "players": ["North", "East", "South", "West"], "initialScore": [0, 0],
                         "ruleset": {"std": False, "min_rank": 9, "winning_score": 10}},
            "deals": [deal]}


def march_thrown(d_plays: str) -> dict:
    """North deals, 9H turned; West (D) orders up with JH JD KH 9C 9D. Makers take the first three
    tricks; in the fourth East (B) leads the AS, a certain winner, every trump but West's right
    bower being out. West, void in spades, keeps the right bower for the last trick with 9C (a
    march), or trumps his partner's ace (JH) and leads 9C into the clubs left out."""
    last = "9c" if d_plays == "Jh" else "Jh"
    fifth = ["Ts", "Kc", last, "Ac"] if d_plays == "9c" else [last, "Ac", "Ts", "Kc"]
    return game({"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "9h", "playerCards": [
        ["Th", "Qd", "Ks", "Ac", "Js"], ["Ah", "Ad", "As", "9s", "Ts"],
        ["Qh", "Td", "Kd", "Qs", "Kc"], ["Jh", "Jd", "Kh", "9c", "9d"]]},
        "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Order"], "isAlone": False,
                    "discard": "Js"},
                   {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
                       ["Ah", "Qh", "Jd", "9h"], ["Kh", "Th", "9s", "Td"], ["9d", "Qd", "Ad", "Kd"],
                       ["As", "Qs", d_plays, "Ks"], fifth]}]}, f"West plays {d_plays}")


def lone_order() -> dict:
    """East (B, left of the dealer North) orders up alone with five low cards of three plain suits:
    euchred in every world."""
    return game({"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "Jh", "playerCards": [
        [], ["9c", "Tc", "9d", "Td", "9s"], [], []]},
        "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "isAlone": True}]},
        "a hopeless lone hand")


def decision(rv, kind: str, index: int):
    return next(d for d in rv.decisions if d.kind == kind and d.index == index)


def test_trumping_a_partners_certain_ace_throws_away_the_march():
    rv = review(parse_egn(march_thrown("Jh")), **FAST)
    blunder = decision(rv, "card", 14)
    assert blunder.chosen == "JH" and blunder.best == "9C"
    assert blunder.label == "[??]", blunder.words
    assert blunder.cost.high < -THRESHOLDS["points"]["[??]"]
    # the march lost is the only thing at stake: 2 points against 1, in nearly every world
    assert -1.0 <= blunder.cost.mean <= -0.6
    assert "9C was better" in blunder.words


def test_the_right_play_gets_no_mistake_label():
    rv = review(parse_egn(march_thrown("9c")), **FAST)
    right = decision(rv, "card", 14)
    assert right.chosen == "9C" and right.best == "9C"
    assert right.label in (None, "[!]")
    assert right.cost.mean == 0
    assert not [d for d in rv.decisions if d.label in ("[??]", "[?]") and d.seat == 3]


def test_a_hopeless_lone_order_is_a_blunder_and_its_pass_would_not_be():
    rv = review(parse_egn(lone_order()), **FAST)
    call = decision(rv, "call", 0)
    assert call.chosen == "order up alone" and call.best == "pass"
    assert call.label == "[??]"
    assert call.cost.mean < -2          # a lone euchre costs four points; a pass about nothing
    # the same worlds double-dummy agree
    assert call.cost_dd.high < 0
    assert [o.name for o in call.options] == ["pass", "order up", "order up alone"]


def test_a_review_is_the_same_with_two_workers():
    g = parse_egn(march_thrown("Jh"))
    few = {**FAST, "worlds": 12}
    one, two = review(g, **few).to_json(), review(g, **few, n_jobs=2).to_json()
    assert len(one["decisions"]) > 5
    assert one == two


def test_hidden_hands_are_skipped_with_the_reason():
    rv = review(parse_egn(lone_order()), **FAST)
    assert len(rv.decisions) == 1      # the others' hands are not recorded, and the deal is not played
    assert rv.replay.deals[0].dealt[2] is None


def test_the_annotated_file_keeps_its_own_notes_beside_the_reviews():
    g = parse_egn(march_thrown("Jh"))
    rv = review(g, **FAST)
    calls, play = rv.annotations()
    out = to_egn(g, calls, play)
    notes = out["deals"][0]["phases"][1]["playAnnotations"]["14"]
    assert notes[0].startswith("[??]")
    again = replay(parse_egn(out))
    assert again.final_score == rv.replay.final_score


def test_bad_settings_are_refused():
    with pytest.raises(EuchreError, match="worlds"):
        review(parse_egn(lone_order()), worlds=1)


def test_the_command_line_reviews_a_file_and_writes_its_labels(tmp_path):
    src = tmp_path / "game.egn"
    src.write_text(json.dumps(lone_order()))
    out = tmp_path / "reviewed.egn"
    run = subprocess.run([sys.executable, "-m", "analysis.commands.cli", "review", str(src), "--worlds", "40",
                          "--play-worlds", "8", "--model-deals", "500", "--json", "--out", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert got["decisions"][0]["label"] == "[??]"
    written = json.loads(out.read_text())
    assert written["deals"][0]["phases"][0]["callAnnotations"]["0"][0].startswith("[??]")
    import jsonschema
    schema = json.loads((DATA / "egn-schema-v1.json").read_text())
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(written)


def test_the_command_line_refuses_a_file_that_is_not_a_game(tmp_path):
    run = subprocess.run([sys.executable, "-m", "analysis.commands.cli", "review", str(DATA / "invalid2.json")],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.startswith("euchrelab: error:") and run.stderr.count("\n") == 1


def test_the_dealers_partner_alone_leaves_the_turn_up_where_it_lay():
    """South (C) assists alone: North, the dealer, sits out and never takes the 9H up; nobody's
    worlds may deal it to a hand."""
    g = parse_egn(game({"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "9h", "playerCards": [
        ["9c", "9s", "9d", "Td", "Qd"], ["As", "Ks", "Qs", "Js", "Ts"],
        ["Jh", "Jd", "Ah", "Kh", "Qh"], ["Ac", "Kc", "Qc", "Jc", "Tc"]]},
        "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"], "isAlone": True},
                   {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
                       ["As", "Qh", "Tc"], ["Jh", "Qc", "Ks"], ["Jd", "Jc", "Qs"], ["Ah", "Kc", "Js"],
                       ["Kh", "Ac", "Ts"]]}]}, "South alone"))
    from analysis.tools.review import tasks_of
    tasks, _ = tasks_of(replay(g))
    cards = [t for t in tasks if t.kind == "card"]
    assert cards and not any(t.info.taken for t in cards)
    assert not [t for t in tasks if t.kind == "discard"]
    rv = review(g, **FAST)
    call = decision(rv, "call", 1)
    # five top trumps: a lone march is certain, assisting with partner gives away two of its points
    assert call.chosen == "assist alone" and call.label == "[!]"
    assert all(d.read.startswith("book") for d in rv.decisions if d.kind == "card")


def test_a_dealer_whose_discard_is_not_recorded_is_reviewed_from_the_cards():
    g = march_thrown("Jh")
    del g["deals"][0]["phases"][0]["discard"]
    rv = review(parse_egn(g), **FAST)
    north = [d for d in rv.decisions if d.seat == 0]
    assert north and all(d.kind == "card" and d.read.startswith("cards") for d in north)
    assert [s for s in rv.skipped if s.kind == "discard"]

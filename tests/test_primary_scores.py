"""The primaries of the claims that name a score: their classes, the visits of the company's game,
the weights and the pooled estimate in rubber points."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.game import Rules, parse_card, parse_cards
from analysis.game.cards import DEALER, ELDEST, SECOND, mask_of
from analysis.value.game_model import OUTCOMES, visits
from fastcore.sampler import sample_deals
from studies import primary_scores as P

RULES = Rules()


def one_class(claim, seat, hand, turn_up, score):
    hands = np.array([mask_of(parse_cards(hand))], np.uint32)
    return bool(P.round_one_class(claim, seat, hands, np.array([parse_card(turn_up)], np.int8), RULES,
                                  P.Score(*score))[0])


@pytest.mark.parametrize("claim, seat, hand, turn_up, score, member", [
    ("D2", DEALER, "AS 8H 9D 8C 7C", "9S", (4, 4), True),      # ace and the turn-up: two trumps, off the list
    ("D2", DEALER, "JS AS 8H 9D 8C", "9S", (4, 4), False),     # three trumps
    ("D3", DEALER, "JC AH 8H 9D 8C", "AS", (3, 3), True),      # left, ace and outside ace: two trumps, no right
    ("D3", DEALER, "JS AS 8H 9D 8C", "7S", (3, 3), False),     # the right
    ("S4", SECOND, "AS 8S 8H 9D 8C", "9S", (4, 4), True),      # ace and another
    ("S4", SECOND, "AS 8S AH 9D 8C", "9S", (4, 4), False),     # ace, another and outside ace: S3's entry
    ("B2", ELDEST, "AH AD 8S 9C 8C", "9S", (1, 4), True),      # two lay aces (AC 1, BD 4)
])
def test_the_classes_are_the_pre_registrations(claim, seat, hand, turn_up, score, member):
    assert one_class(claim, seat, hand, turn_up, score) == member


def test_visits_count_the_hands_dealt_at_each_score_in_a_game_from_love_all():
    probs = np.zeros((5, 5, len(OUTCOMES)))
    probs[..., OUTCOMES.index((1, 0))] = 1.0          # the dealers always make one point
    v = visits(probs)
    # love-all, then the others deal at 0-1 (them first: (0, 1)), then 1-1, 1-2, 2-2, ... to game
    assert v[0, 0] == pytest.approx(1.0) and v[0, 1] == pytest.approx(1.0) and v[1, 1] == pytest.approx(1.0)
    assert v[1, 0] == pytest.approx(0.0) and v.sum() == pytest.approx(9.0)
    probs[...] = 0.0
    probs[..., 0], probs[..., OUTCOMES.index((1, 0))] = 0.5, 0.5      # half the deals void: twice the visits
    assert visits(probs)[0, 0] == pytest.approx(2.0)


def test_the_weights_are_the_visits_times_the_rate_normalised():
    table = pd.DataFrame([
        {"kind": "dealt", "claim": "D2", "a": 4, "b": 4, "seat": "A", "deals": 1000},
        {"kind": "reached", "claim": "D2", "a": 4, "b": 4, "seat": "A", "deals": 50},
        {"kind": "dealt", "claim": "D2", "a": 4, "b": 0, "seat": "A", "deals": 1000},
        {"kind": "reached", "claim": "D2", "a": 4, "b": 0, "seat": "A", "deals": 100}])
    counts = np.full((5, 5, len(OUTCOMES)), 10, np.int64)
    v = visits(counts / counts.sum(axis=-1, keepdims=True))
    w = P.weights("D2", table, counts)
    assert sum(w.values()) == pytest.approx(1.0)
    assert w["A", (4, 4)] / w["A", (4, 0)] == pytest.approx(v[4, 4] * 0.05 / (v[4, 0] * 0.10))


def test_a_scenario_counts_its_deals_its_class_and_plays_the_class():
    deals = sample_deals(3000, 4)
    rows = P.played(deals, "S4", SECOND, (4, 4), RULES).set_index("kind")
    assert rows.loc["dealt", "deals"] == 3000 and rows.loc["reached", "deals"] > 20
    hands = P.played(deals, "S4", SECOND, (4, 4), RULES)
    assert hands.loc[hands["kind"] == "hand", "deals"].sum() == rows.loc["reached", "deals"]
    capped = P.played(deals, "S4", SECOND, (4, 4), RULES, cap=10)
    assert capped.loc[capped["kind"] == "hand", "deals"].sum() == 10
    assert capped.loc[capped["kind"] == "reached", "deals"].item() == rows.loc["reached", "deals"]


@pytest.mark.slow
def test_the_study_pools_each_claim_in_both_companies_and_both_rubber_states(tmp_path):
    from analysis.run.runner import run_study, settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=600, chunk_size=600, seed=2, progress=False)
    outcome = run_study(P.STUDY, settings)
    table = P.STUDY.summarise(outcome.frame, settings)
    verdicts = {v.claim.name: v for v in P.STUDY.verdicts(table, outcome.manifest)}
    assert {"L1", "L1.one-game-all", "L1.optimised", "L1.optimised.one-game-all", "B1"} <= set(verdicts)
    assert {"L1@33", "L1@43.optimised", "D2@44", "D2@40"} <= set(verdicts) and "S3@00" not in verdicts
    assert verdicts["D2@44"].row()["state"] == "first game"
    b1 = verdicts["B1"].row()
    assert b1["unit"] == "expected net rubber points" and b1["state"] == "first game" and b1["permissive"]


def test_s3s_rule_and_its_two_contrasts():
    assert P.s3_rule_assists(["always", "score", "score", "score"], [0, 0, 4, 2], [4, 2, 4, 3]).tolist() == \
        [True, True, True, False]
    rows = pd.DataFrame({"group": ["score", "always"], "book_net": [1, 2], "other_net": [0, 0], "deals": [3, 4]})
    assist, sign = P._chosen("S3", "assist", rows, (1, 3))       # the adversaries at three: "score" passes
    passing, back = P._chosen("S3", "pass", rows, (1, 3))
    assert (assist["group"].tolist(), sign, passing["group"].tolist(), back) == (["always"], 1, ["score"], -1)


def test_the_scores_and_classes_are_read_from_the_registry():
    """primaries.toml is the one home of the scores each claim names and of its class's words: the
    study declares none of them, and every primary it holds names its scores there."""
    from analysis.game import primaries
    registered = {cid for cid, p in primaries().items() if p.study == "primary_scores"}
    assert set(P.CLAIMS) == registered
    for cid, c in P.CLAIMS.items():
        p = primaries()[cid]
        assert c.scores == p.scores and c.hands == p.class_words and c.scores and c.hands, cid
        assert len(set(c.scores)) == len(c.scores) and all(0 <= a <= 4 and 0 <= b <= 4 for a, b in c.scores), cid
    assert P.CLAIMS["S3"].scores == tuple((a, b) for a in range(5) for b in range(5))     # "all"
    assert P.CLAIMS["D2"].scores == ((4, 4), (4, 0)) and P.CLAIMS["L3"].scores == ((1, 4), (2, 4))
    assert "scores" not in vars(P.ScoreClaim).get("__dataclass_fields__", {})


def test_a_registered_score_is_all_or_own_theirs_below_game():
    from analysis.errors import EuchreError
    from analysis.game.primary import _scores
    assert _scores({"scores": ["4-3", "0-4"]}) == ((4, 3), (0, 4)) and _scores({}) == ()
    assert len(_scores({"scores": "all"})) == 25
    with pytest.raises(EuchreError, match="scores"):
        _scores({"scores": ["5-0"]})

"""The score study: the cases the book names, the book's action at each, the valuation, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.errors import EuchreError
from analysis.value import rubber
from analysis.value.game_model import win_probability
from analysis.value.game_value import win_after
from analysis.game.rules import Rules
from analysis.run.runner import run_study, settings_for
from fastcore.sampler import sample_deals
from studies import score
from studies.common.book_arms import BOOK_ARMS
from studies.common.game_models import book_game_model, table_outcome_counts
from studies.score import CASES, STUDY

CALLS = {"assist", "order up", "take up"}


def test_each_sentence_is_tested_at_each_score_it_names():
    at = {}
    for c in CASES:
        at.setdefault((c.claim, c.entry), set()).add(c.view)
    assert at["S4", "ace and another"] == at["S4", "king and another"] == {"4-4", "4-0"}
    assert all(at["D2", e] == {"4-4", "4-0"} for e in ("right and another", "left and another", "ace and another",
                                                       "two trumps and outside ace"))
    assert at["D3", None] == {"3-3", "4-2"}
    assert at["D4", "left and another, and outside ace"] == {"4-3"}
    assert at["T4", "left, ace, king"] == {"2-2", "4-4", "3-3", "2-4"}    # the third hand's side first
    assert at["E11", None] == {"4-3"}         # played, as data; E11 is a rule of play: no test
    assert len({c.key for c in CASES}) == len(CASES)
    assert len({t.key for t in STUDY.claims}) == len(STUDY.claims) == 4 * (len(CASES) - 1)
    assert "E11" not in {t.claim for t in STUDY.claims}
    # every case in three units, rubber points in two states of the rubber
    measured = {(t.unit, t.state) for t in STUDY.claims}
    assert measured == {(score.RUBBER, "first game"), (score.RUBBER, "one game all"), (score.GAME_WIN, None),
                        (score.POINTS, None)}
    assert {t.claim for t in STUDY.claims if t.permissive} == {"S4", "D2", "D4"}


def synthetic_game_rows(seed: int, game: int = 5) -> pd.DataFrame:
    """The book's hands at every score by outcome, drawn from random outcome distributions."""
    probs = np.random.default_rng(seed).dirichlet(np.ones(7), size=(game, game))
    counts = np.maximum((probs * 1_000_000).round().astype(np.int64), 1)
    return pd.DataFrame([{"seat": "-", "a": a, "b": b, "cls": "game", "entry": "", "book": False,
                          "call_net": 0, "pass_net": 0, "outcome": k, "deals": counts[a, b, k]}
                         for a in range(game) for b in range(game) for k in range(7)])


def test_each_unit_of_a_case_is_its_estimate_in_that_unit(chunk_rows):
    manifest = {"root_seed": 5}
    key = "D3.class.3-3"
    chunk_rows = STUDY.summarise(pd.concat([chunk_rows, synthetic_game_rows(4)], ignore_index=True))
    model = book_game_model(chunk_rows, manifest, STUDY.name)
    rows = score.case_rows(chunk_rows, score.BY_KEY[key])
    first = STUDY.estimate(key, chunk_rows, manifest)
    third = STUDY.estimate(key + ".one game all", chunk_rows, manifest)
    win = STUDY.estimate(key + ".game", chunk_rows, manifest)
    points = STUDY.estimate(key + ".points", chunk_rows, manifest)
    assert first.mean == pytest.approx(model.estimate(rows, BOOK_ARMS, score.RUBBER).mean)
    assert third.mean == pytest.approx(model.estimate(rows, BOOK_ARMS, score.RUBBER,
                                                      {"game": 3, "games": (1, 1)}).mean)
    assert win.mean == pytest.approx(model.estimate(rows, BOOK_ARMS, score.GAME_WIN).mean)
    book = rows["pass_net"] - rows["call_net"]          # D3's case: the larger cautious list turned down
    assert points.mean == pytest.approx(float(book @ rows["deals"] / rows["deals"].sum()))
    assert first.mean != pytest.approx(third.mean)      # a hand's points weigh otherwise at one game all


@pytest.fixture(scope="module")
def chunk_rows():
    """Every (seat, score) of the cases, one small chunk each."""
    frames = []
    for k, (seat, sc) in enumerate(score.situations()):
        deals = sample_deals(30_000, np.random.SeedSequence((11, k)), pack=32)
        frames.append(score.decision_rows(deals, seat, sc, Rules(), cap=40))
    return STUDY.summarise(pd.concat(frames, ignore_index=True))


def test_the_books_action_at_each_score_is_the_one_the_case_states(chunk_rows):
    for c in CASES:
        rows = score.case_rows(chunk_rows, c)
        n = int(rows["deals"].sum())
        assert 0 < n <= 40, c.key
        calls = int(rows.loc[rows["book"], "deals"].sum())
        if c.claim == "E11":       # a sentence the policy does not encode: E11, its policy orders
            assert calls == n and (rows["book_net"] == rows["pass_net"]).all(), c.key
        elif c.action is not None:  # D3 on the larger cautious list: the policy takes up some of it
            assert c.claim == "D3" and c.action == "pass" and 0 < calls < n, c.key
            assert (rows["book_net"] == rows["pass_net"]).all(), c.key
        elif c.book in CALLS:
            assert calls == n, c.key
        elif c.book == "pass":
            assert calls == 0, c.key
        else:   # pass, but assist with the right turned: a minority of the hands
            assert 0 <= calls < n / 2, c.key
        assert (rows["seat"] == c.seat).all() and (rows["a"] == c.score[0]).all() and (rows["b"] == c.score[1]).all()


def test_an_estimate_is_the_game_value_of_the_books_arm_minus_the_others():
    game = 5
    rng = np.random.default_rng(3)
    probs = rng.dirichlet(np.ones(7), size=(game, game))
    f = win_probability(probs)
    # A synthetic table: D at 2-4 (the dealers AC at 4), the book passes on two cells, calls on one.
    decisions = pd.DataFrame({"seat": "D", "a": 4, "b": 2, "cls": "T4", "entry": "left, ace, king",
                              "book": [False, False, True], "call_net": [1, -2, 2], "pass_net": [-1, -1, -2],
                              "outcome": -1, "deals": [3, 5, 2]})
    counts = np.maximum((probs * 1_000_000).round().astype(np.int64), 1)
    game_rows = pd.DataFrame([{"seat": "-", "a": a, "b": b, "cls": "game", "entry": "", "book": False,
                               "call_net": 0, "pass_net": 0, "outcome": k, "deals": counts[a, b, k]}
                              for a in range(game) for b in range(game) for k in range(7)])
    table = STUDY.summarise(pd.concat([decisions, game_rows], ignore_index=True))
    e = STUDY.estimate("T4.left, ace, king.2-4", table, {"root_seed": 5})
    model = book_game_model(table, {"root_seed": 5}, STUDY.name)
    np.testing.assert_allclose(model.f, f, atol=2e-3)
    win = model.estimate(score.case_rows(table, score.BY_KEY["T4.left, ace, king.2-4"]), BOOK_ARMS, score.GAME_WIN)
    per_deal, per_deal_win = [], []
    for book, call, pas, w in zip(decisions["book"], decisions["call_net"], decisions["pass_net"], decisions["deals"]):
        mine, other = (call, pas) if book else (pas, call)
        # D's side (BD) after the hand: its points first, the dealers' second; B deals next.
        own, theirs = [2 + max(x, 0) for x in (mine, other)], [4 + max(-x, 0) for x in (mine, other)]
        values = [rubber.side_points_after(model.rubber, o, t, True) for o, t in zip(own, theirs)]
        per_deal += [float(values[0] - values[1])] * w
        per_deal_win += [float(win_after(model.f, 4, 2, 3, mine) - win_after(model.f, 4, 2, 3, other))] * w
    assert e.n == win.n == 10
    assert e.mean == pytest.approx(np.mean(per_deal))
    assert win.mean == pytest.approx(np.mean(per_deal_win))
    assert e.low < e.mean < e.high


def test_a_game_of_ten_is_refused():
    settings = settings_for(STUDY, rules=Rules.of(pack=24))
    with pytest.raises(EuchreError, match="game of 5"):
        STUDY.scenarios(settings)


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=4000, chunk_size=2000, progress=False, options={"cap": 30})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    counts = table_outcome_counts(table[table["cls"] == "game"])
    assert counts.sum() == 5 * 4000 and (counts.sum(axis=2) > 0).all()   # every score has the book's hands
    report = STUDY.render(table, {"rules": {"pack": 32}, "root_seed": 1888, "options": {"cap": 30}}, tmp_path)
    assert report.verdicts and (tmp_path / "claims.png").exists()


def test_the_table_side_twin_measures_the_same_tests_with_pimc(monkeypatch):
    from analysis.play.engines import default_engine
    from analysis.play.table import TablePlay
    from studies.score_table import STUDY as TABLE

    assert [t.key for t in TABLE.claims] == [t.key for t in STUDY.claims]
    assert {t.engine for t in TABLE.claims} == {"pimc-calls"} and {t.engine for t in STUDY.claims} == {None}
    seen = []
    monkeypatch.setattr(type(TABLE), "calls_at", lambda self, *args: seen.append(default_engine()) or pd.DataFrame())
    TABLE.run_chunk("C4-4.1", 0, 10, np.random.SeedSequence(1), settings_for(TABLE))
    assert isinstance(seen[0], TablePlay) and "PIMC" in seen[0].name.upper()

"""Strategy charts: hand classes on hand-made hands, the study's table on a tiny run, the chart command."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.tools import strategy
from analysis.bidding import hand_classes
from analysis.game.cards import parse_card
from analysis.commands.cli import main
from analysis.run.runner import run_study, settings_for
from studies.strategy_charts import STUDY


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


def labels(frame: pd.DataFrame) -> list[str]:
    return [strategy.class_label(*row) for row in frame[["holding", "aces", "voids", "relation", "down"]].itertuples(
        index=False)]


def test_the_holdings_are_every_trump_holding_once_ordered_by_strength():
    assert len(strategy.HOLDINGS) == len(set(strategy.HOLDINGS)) == 36
    assert list(strategy.HOLDING_KEYS) == sorted(strategy.HOLDING_KEYS)
    assert strategy.HOLDINGS[0] == "none" and strategy.HOLDINGS[-1] == "4+ R L"
    assert strategy.HOLDINGS.index("R A x") > strategy.HOLDINGS.index("R x x") > strategy.HOLDINGS.index("A K")
    assert set(hand_classes.LOOKUP[hand_classes.LOOKUP >= 0]) == set(range(36))


def test_round_one_classes_of_hand_made_hands():
    hands = np.array([mask("JS JC AS 9S AH"),      # spades: R L A x -> 4+ R L; the ace of hearts; two voids
                      mask("JC KS AH AD 9C"),      # the left and the king; two aces; no void
                      mask("JS AS 9S KH QH"),      # R A x; no ace; void in clubs and diamonds
                      mask("7S 8S 9S TS QS"),      # five small trumps
                      mask("AH KH QH AD KD")],     # no trump, two aces, void in clubs
                     np.uint32)
    classes = strategy.round_one_classes(hands, np.full(len(hands), parse_card("KS"), np.int8))
    assert labels(classes) == ["4+ R L; 1 ace; a void", "L K; 2+ aces; no void", "R A x; no ace; a void",
                               "4+ no bower; no ace; a void", "none; 2+ aces; a void"]


def test_round_two_classes_read_the_strongest_legal_suit_and_the_turned_down_card():
    hands = np.array([mask("JC KC AH AD 9C"),      # clubs (next to spades): R K x; aces
                      mask("AH KH QH AD KD"),      # hearts (cross): A K x; the ace of diamonds
                      mask("9C 9H 8D TS QS")],     # a nine of clubs and of hearts: next wins ties
                     np.uint32)
    down = strategy.round_two_classes(hands, np.full(3, parse_card("JS"), np.int8))
    assert labels(down) == ["next: R K x; aces; bower down", "cross: A K x; aces; bower down",
                            "next: x; no ace; bower down"]
    suits = strategy.round_two_suits(hands, np.full(3, parse_card("9S"), np.int8))
    assert suits[:, 0].tolist() == [1, 1, 1] and suits[1, 1] == 2 and suits[1, 2] == 3   # next clubs; hearts stronger


def test_the_discard_rules_on_hand_made_six_cards():
    from fastcore.vocabulary import card_text
    six = np.array([mask("JS KS 9S AH 7H KD"),      # spades trumps: a short king, the ace and seven of hearts
                    mask("JS KS 9C 8C 7H 8D")], np.uint32)
    got = strategy.discard_choices(six, np.full(2, parse_card("KS"), np.int8), np.zeros(2, bool))
    # the book's, the lowest plain card, the longest plain suit's lowest, the lowest singleton
    assert [[card_text(int(c)) for c in row] for row in got] == [["KD", "7H", "7H", "KD"], ["7H", "7H", "8C", "7H"]]


def test_the_dealer_is_classed_on_his_hand_after_taking_up():
    dealt = np.array([[mask("JS AS 7H 8H 9D"), 0, 0, 0]], np.uint32)
    turn_up = np.array([parse_card("KS")], np.int8)
    assert labels(strategy.classes_of(dealt, turn_up, 0, 1)) == ["R A K; no ace; a void"]
    # round two: hearts, 7 8, beat the left bower alone in clubs
    assert labels(strategy.classes_of(dealt, turn_up, 0, 2)) == ["cross: x x; aces; no bower down"]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    out = tmp_path_factory.mktemp("sc")
    kw = dict(deals=1_600, chunk_size=800, progress=False,
              options={"cap": 12, "round_two_factor": 2, "scores": ["0-0"]})
    one = run_study(STUDY, settings_for(STUDY, out=str(out / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(out / "2"), jobs=2, **kw)).frame
    return one, two


def test_same_frame_with_one_and_two_jobs(tiny):
    one, two = tiny
    pd.testing.assert_frame_equal(STUDY.summarise(one), STUDY.summarise(two))


def test_the_table_is_consistent(tiny):
    counted = STUDY.summarise(tiny[0])
    assert set(zip(counted["round"], counted["seat"])) == {(r, s) for r in (1, 2) for s in "ABCD"} | {(3, "A")}
    per_chunk = counted.groupby(strategy.CLASS_KEYS)["deals"].sum()
    assert per_chunk.max() <= 12 * 2          # the cap: 12 hands of a class per chunk, two chunks
    table = strategy.action_table(counted)
    assert len(table) == len(per_chunk) and table["deals"].sum() == counted["deals"].sum()
    for rnd, arms in strategy.ARMS.items():
        rows = table[table["round"] == rnd]
        cols = [strategy.column(a) for a in arms]
        values = rows[cols].to_numpy(float)
        assert (np.asarray(arms, object)[values.argmax(axis=1)] == rows["best"].to_numpy()).all()
        shares = rows[[f"policy_{c}" for c in cols]].to_numpy(float)
        assert (rows["margin"] >= 0).all()
        # where the policy always takes one action, its loss is the best's value minus that action's
        # (elsewhere it may even gain: the policy sees more than the class, the turn-up's rank say)
        pure = shares.max(axis=1) == 1
        usual = values[np.arange(len(rows)), shares.argmax(axis=1)]
        assert np.allclose((values.max(axis=1) - usual)[pure], rows["policy_loss"].to_numpy()[pure])
        assert ((shares >= 0) & (shares <= 1)).all() and np.allclose(shares.sum(axis=1), 1)
        assert (np.asarray(arms, object)[shares.argmax(axis=1)] == rows["policy_usual"].to_numpy()).all()
    # round one: the book never plays alone with no trump, and passing holds there
    none = table[(table["round"] == 1) & (table["holding"] == "none")]
    assert (none["policy_pass"] == 1).all() and (none["best"] == "pass").all()
    assert set(table["verdict"]) <= {"agrees", "close", "too cautious", "too bold", "wrong suit", "few deals"}


def test_another_score_is_valued_in_game_win_by_the_book_hands_game_model():
    from analysis.seeds import chunk_seed

    settings = settings_for(STUDY, deals=2_500, chunk_size=2_500, progress=False, options={"scores": ["0-0", "4-2"]})
    names = STUDY.scenarios(settings)
    assert names[:9] == [f"r{r}-{s}" for r in (1, 2) for s in "BCDA"] + ["d-A"] and names[-1] == "game"
    assert "r1-A@4-2" in names and "d-A@4-2" in names and len(names) == 19
    frame = pd.concat([STUDY.run_chunk(name, 0, 2_500, chunk_seed(1888, STUDY.name, name, 0), settings)
                       for name in ("r1-A", "r1-A@4-2", "game")], ignore_index=True)
    table = STUDY.summarise(frame)
    assert table.loc[table["round"] == 0, "deals"].sum() == 2_500       # the game model's hands, every score
    from studies.strategy_charts import actions_of, changes
    actions = actions_of(table, {"rules": {"pack": 32, "points_for_game": 5}, "root_seed": 1888})
    assert set(zip(actions["a"], actions["b"], actions["unit"])) == {(0, 0, strategy.POINTS_UNIT),
                                                                      (4, 2, "probability of winning the game")}
    at = actions[actions["a"] == 4]
    assert ((at["pass"] >= 0) & (at["pass"] <= 1) & (at["alone"] <= 1)).all()   # probabilities
    # the dealer's side at four: a point wins the game, so playing alone gains nothing over calling
    assert not (at.loc[at["verdict"] != "few deals", "best"] == "alone").any()
    assert set(changes(actions).columns) >= {"best at love-all", "best at the score"} or changes(actions).empty


def test_the_chart_command_writes_its_files(tmp_path, capsys):
    out = tmp_path / "chart"
    assert main(["chart", "book", "--deals", "2000", "--seat", "B", "--cap", "20", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["chart.csv", "chart.pdf", "chart_B.png"]
    table = pd.read_csv(out / "chart.csv")
    assert set(table["seat"]) == {"B"} and set(table["round"]) == {1, 2}
    assert "classes judged" in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [(["--seat", "E"], "--seat 'E' is not a seat"),
                                         (["--deals", "0"], "--deals must be a whole number >= 1"),
                                         (["--score", "5-0"], "--score")])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, argv, words):
    out = tmp_path / "chart"
    assert main(["chart", "book", "--out", str(out), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and err.startswith("euchrelab: error:")
    assert not out.exists()


def test_an_unknown_policy_is_refused(tmp_path, capsys):
    assert main(["chart", "no_such_policy", "--out", str(tmp_path / "c")]) == 2
    assert "unknown policy 'no_such_policy'" in capsys.readouterr().err


@pytest.mark.parametrize("seat, rnd", [(0, 1), (2, 1), (1, 2), (0, 2), (0, 3)])
def test_the_arm_of_the_policys_own_action_replays_the_policy(seat, rnd):
    from analysis.bidding.book_policy import BookPolicy
    from analysis.game.rules import Rules
    from analysis.bidding.auction import bid_batch
    from analysis.simulator import simulate
    from fastcore.sampler import sample_deals

    deals = sample_deals(1_500, np.random.SeedSequence((14, seat, rnd)), pack=32)
    book = BookPolicy()
    b = bid_batch(deals.hands, deals.turn_up, book, Rules(), (0, 0))
    rows = np.flatnonzero(strategy.reached(b, seat, rnd))
    choice = strategy.choice_of(b, seat, rnd, deals.hands, deals.turn_up)[rows]
    # the book's own discard is its rule, the first of the discard rules
    assert len(rows) > 100 and (set(choice) == {0} if rnd == 3 else len(set(choice)) >= 2)
    own = simulate(deals[rows], book, Rules(), (0, 0)).net(seat & 1)
    # a lone hand in a suit other than his strongest is counted as that suit made: not replayed exactly
    elsewhere = (b.caller_is_lone & (b.trump != strategy.strongest_suit(deals.hands[:, seat], deals.turn_up)))[rows]
    for arm in set(choice):
        forced = simulate(deals[rows], strategy.ArmPolicy(book, seat, rnd, int(arm)), Rules(), (0, 0)).net(seat & 1)
        same = (choice == arm) & ~(elsewhere & (rnd == 2) & (arm > 0))
        assert (forced[same] == own[same]).all()

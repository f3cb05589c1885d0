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


@pytest.mark.slow
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


def test_the_headline_is_two_sentences_of_the_tables_own_counts(tiny):
    from analysis.reporting.report import headline_problem, sentences
    from studies.strategy_charts import actions_of, headline_of, seat_summary

    actions = actions_of(STUDY.summarise(tiny[0]), {})      # too few hands a class to judge any
    assert headline_of(seat_summary(actions), actions).startswith("No class was judged")
    # B and C pass where calling gains 2 a hand (B calls rightly too); D goes alone where passing gains 3.5
    actions = strategy.action_table(pd.concat([synthetic("B", 1, keep=("R A x", "R L")),
                                               synthetic("C", 1, keep=("R A x",)),
                                               synthetic("D", 2, keep=("x",))], ignore_index=True))
    headline = headline_of(seat_summary(actions), actions)
    assert headline_problem(headline) is None and sentences(headline) == [
        ("The book's usual action is the best, or within the 95% interval of it, in 1 of 4 judged cells; elsewhere it "
         "is mostly too cautious (2 cells; 1 too bold, 0 wrong suit or discard)."),
        "It costs most in round two for D, third hand: 3.50 points per hand at love-all, too bold in 1 of 1 cell."]


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


@pytest.mark.slow
def test_the_chart_command_writes_its_files(tmp_path, capsys):
    out = tmp_path / "chart"
    assert main(["chart", "book", "--deals", "2000", "--seat", "B", "--cap", "20", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["chart.csv", "chart.pdf", "chart_B_round1.png",
                                                     "chart_B_round2.png"]
    table = pd.read_csv(out / "chart.csv")
    assert set(table["seat"]) == {"B"} and set(table["round"]) == {1, 2}
    assert "classes judged" in capsys.readouterr().out


# --- the chart pages, read back ----------------------------------------------------------------------------

def synthetic(seat: str = "B", rnd: int = 1, keep=("R A x", "x", "R L", "A")) -> pd.DataFrame:
    """A counted frame of three classes of round ``rnd`` (pass, call or next, alone; round two's
    cross suits the worst), 50 hands each, whose verdicts are known, and one of too few hands; those
    of ``keep``."""
    alone = len(strategy.ARMS[rnd]) - 1
    classes = [("R A x", 0, [(-1, 2, 0), (-1, 0, -2)]),        # passes where calling gains 2: too cautious
               ("x", alone, [(1, -1, -2), (0, -1, -4)]),        # alone where passing is best: too bold
               ("R L", 1, [(0, 1, 0), (-1, 2, 1)]),             # calls, the best: agrees
               ("A", 0, [(0, 1, 0)])]                           # 10 hands: too few to judge
    rows = []
    for holding, choice, nets in (c for c in classes if c[0] in keep):
        for values in nets:
            worse = (min(values) - 1,) * (alone - 2)     # round two's cross suits: worse than any other
            arms = dict(zip(strategy.NETS, values[:2] + worse + values[2:] + (0,) * 5))
            rows.append({"a": 0, "b": 0, "round": rnd, "seat": seat, "holding": strategy.HOLDINGS.index(holding),
                         "aces": 1, "voids": 0 if rnd == 1 else -1, "relation": "" if rnd == 1 else "next",
                         "down": "" if rnd == 1 else "bower down", "choice": choice, **arms,
                         "deals": 10 if holding == "A" else 25})
    return strategy.counted([pd.DataFrame(rows)])


def cell_texts(ax, rnd: int, holding: str, col) -> list[str]:
    """The texts drawn in one cell of a chart, left to right, top to bottom."""
    x, y = strategy._columns(rnd).index(col), strategy.HOLDINGS.index(holding)
    found = [t for t in ax.texts if x <= t.get_position()[0] < x + 1 and y <= t.get_position()[1] < y + 1]
    return [t.get_text() for t in sorted(found, key=lambda t: (-t.get_position()[1], t.get_position()[0]))]


def test_the_synthetic_classes_have_the_verdicts_they_were_made_for():
    table = strategy.action_table(synthetic()).set_index("holding")
    assert table.loc["R A x", "verdict"] == "too cautious" and table.loc["R A x", "best"] == "call"
    assert table.loc["x", "verdict"] == "too bold" and table.loc["x", "best"] == "pass"
    assert table.loc["R L", "verdict"] == "agrees" and table.loc["A", "verdict"] == "few deals"


@pytest.mark.parametrize("rnd", [1, 2])
def test_a_page_shows_each_cell_from_the_table_on_a4_in_7_points_or_more(rnd):
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle
    from matplotlib.text import Text

    table = strategy.action_table(synthetic(rnd=rnd))
    fig = strategy.draw_page(table, rnd, title="B, eldest hand, at love-all", subtitle="a test",
                             note=strategy.chart_key(strategy.POINTS_UNIT, "the book"))
    try:
        assert tuple(fig.get_size_inches()) == pytest.approx((8.27, 11.69), abs=0.01)   # A4 portrait
        texts = [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]
        assert min(t.get_fontsize() for t in texts) >= 7
        ax = fig.axes[0]
        col = (1, 0) if rnd == 1 else ("next", "bower down", 1)
        for r in table.itertuples(index=False):
            shown = cell_texts(ax, rnd, r.holding, col)
            if r.deals < strategy.MIN_DEALS:
                assert shown == [strategy.FEW_MARK, str(r.deals)]   # too few hands: marked, with its count
                continue
            half = (r.margin_high - r.margin_low) / 2
            share = getattr(r, "policy_" + strategy.column(r.policy_usual))
            mark = {"too cautious": ["▲"], "too bold": ["▼"]}.get(r.verdict, [])
            assert shown == [f"{strategy.LETTERS[r.best]} {r.margin:.2f}±{half:.2f}", *mark,
                             f"{strategy.LETTERS[r.policy_usual]} {share:.0%}", str(r.deals)]
        # the known cells: passing where calling gains 2 points a hand; calling, the best, every time
        assert cell_texts(ax, rnd, "R A x", col)[0].startswith(("C 2.00±", "N 2.00±"))
        assert cell_texts(ax, rnd, "R L", col)[1:] == ["C 100%" if rnd == 1 else "N 100%", "50"]
        # the flags apart without colour: the frame's dash
        frames = {(p.get_x() // 1, p.get_y() // 1): p.get_linestyle() for p in ax.patches if isinstance(p, Rectangle)}
        x = strategy._columns(rnd).index(col)
        assert frames[(x, strategy.HOLDINGS.index("R A x"))] == "solid"
        assert frames[(x, strategy.HOLDINGS.index("x"))] not in ("solid", None)
        assert (x, strategy.HOLDINGS.index("R L")) not in frames
        # every cell's text within its cell, with room to spare for the widest count
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for t in ax.texts:
            x0, y0 = np.floor(t.get_position())
            cell = ax.transData.transform([(x0, y0), (x0 + 1, y0 + 1)])
            box = t.get_window_extent(renderer)
            assert cell[0][0] < box.x0 and box.x1 < cell[1][0] and cell[0][1] < box.y0 and box.y1 < cell[1][1]
    finally:
        plt.close(fig)


def test_the_widest_cell_text_fits_its_cell():
    """The widest letters, a share of 100% and a four-figure count in round two's narrow columns."""
    import matplotlib.pyplot as plt

    table = strategy.action_table(synthetic(rnd=2))
    table = table.assign(best="other cross", policy_usual="other cross", policy_other_cross=1.0, deals=9999,
                         verdict="wrong suit", margin=9.99, margin_low=0.0, margin_high=19.98)
    fig = strategy.draw_page(table, 2, title="t", subtitle="s", note="n")
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        ax = fig.axes[0]
        cells = {}
        for t in ax.texts:
            cells.setdefault(tuple(np.floor(t.get_position())), []).append(t.get_window_extent(renderer))
        assert len(cells) == len(table) == 4
        for (x0, y0), boxes in cells.items():
            cell = ax.transData.transform([(x0, y0), (x0 + 1, y0 + 1)])
            assert all(cell[0][0] < b.x0 and b.x1 < cell[1][0] for b in boxes)
            assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    finally:
        plt.close(fig)


def test_the_actions_take_okabe_and_itos_colours_and_passing_grey():
    from analysis.reporting.charts import OKABE_ITO
    assert set(strategy.COLOURS.values()) - {strategy.GREY} <= set(OKABE_ITO)
    for arms in strategy.ARMS.values():   # within a decision, one colour an action
        shown = [strategy.COLOURS[a] for a in arms]
        assert len(set(shown)) == len(shown)
    assert len({strategy.FLAGS[w] for w in ("too cautious", "too bold", "wrong suit")}) == 3


@pytest.mark.parametrize("key, read", [("B_round1", ("B", 1, (0, 0))), ("D_round2_4-2", ("D", 2, (4, 2))),
                                       ("A_discard", ("A", 3, (0, 0))), ("A_discard_2-4", ("A", 3, (2, 4)))])
def test_page_keys_name_the_seat_the_decision_and_the_score(key, read):
    assert strategy.read_page_key(key) == read
    seat, rnd, (a, b) = read
    assert strategy.page_key(seat, a, b, rnd) == key


@pytest.mark.slow
def test_write_charts_writes_a_page_per_seat_and_decision_and_one_pdf_of_them_all(tmp_path):
    import re

    from PIL import Image

    b = strategy.action_table(pd.concat([synthetic("B", 1), synthetic("B", 2)], ignore_index=True))
    a = strategy.action_table(synthetic("A", 1))
    at_4_2 = a.assign(a=4, b=2, unit="probability of winning the game")
    table = pd.concat([b, a, at_4_2], ignore_index=True)
    paths = strategy.write_charts(table, tmp_path, title="t", method="Method: m.", policy_name="the book",
                                  prefix="chart")
    pages = ["B_round1", "B_round2", "A_round1", "A_round1_4-2"]
    assert list(paths) == pages + ["pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"chart_{k}.png" for k in pages] + ["chart.pdf"])
    for key in pages:
        with Image.open(paths[key]) as image:
            assert image.size == pytest.approx((1240, 1754), abs=1)       # A4 at 150 dots an inch
    pdf = paths["pdf"].read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == len(pages)


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


def _hatched(ax) -> set[tuple[int, int]]:
    """The cells (column, row) a chart marks as resting on too few hands."""
    return {(int(p.get_x()), int(p.get_y())) for p in ax.patches if p.get_gid() == "few hands"}


def test_cells_on_too_few_hands_are_marked_on_a_chart_from_a_tiny_run_and_the_key_says_so():
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    from analysis.bidding.book_policy import BookPolicy
    from analysis.game.rules import Rules
    frame = strategy.chart_rows(BookPolicy(), [1], 3000, 7, Rules(), cap=60)
    table = strategy.action_table(frame)
    rows = table[(table["seat"] == "B") & (table["round"] == 1)]
    few = rows["deals"] < strategy.MIN_DEALS
    assert few.any() and (~few).any()                 # a tiny run: some classes thin, some judged
    fig = strategy.draw_page(rows, 1, title="t", subtitle="s", note=strategy.chart_key(strategy.POINTS_UNIT, "b"))
    try:
        ax = fig.axes[0]
        cols = strategy._columns(1)
        cell = {(cols.index((r.aces, r.voids)), strategy.HOLDINGS.index(r.holding)): r.deals
                for r in rows.itertuples(index=False)}
        assert _hatched(ax) == {xy for xy, n in cell.items() if n < strategy.MIN_DEALS}
        for (x, y), n in cell.items():
            texts = cell_texts(ax, 1, strategy.HOLDINGS[y], cols[x])
            assert (strategy.FEW_MARK in texts) == (n < strategy.MIN_DEALS)
        words = " ".join(" ".join(t.get_text() for t in fig.findobj(Text)).split())   # the lines of the key joined
        assert f"{strategy.FEW_MARK}: fewer than {strategy.MIN_DEALS} played" in words      # the legend
        assert f'Hatched, with "{strategy.FEW_MARK}" and the hands played: fewer than 30, too few to judge' in words
    finally:
        plt.close(fig)
    # the table written beside the chart says which classes were too few to judge, with their hands
    assert (table["verdict"] == "few deals").equals(table["deals"] < strategy.MIN_DEALS)


def test_the_charts_the_cards_and_the_optimiser_share_one_least_number_of_hands():
    from analysis.experiment.cells import MIN_CELL_DEALS
    from analysis.tools import call_card, optimise
    assert strategy.MIN_DEALS == optimise.MIN_HANDS == call_card.MIN_HANDS == MIN_CELL_DEALS == 30

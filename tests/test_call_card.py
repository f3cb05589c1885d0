"""Call cards: a policy's line on the ladder, read from its bidding, one printed page a seat."""
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.bidding.rungs import rung_of
from analysis.bidding.policies import policy_from_name
from analysis.game.rules import Rules
from analysis.seeds import card_batch_seed
from analysis.tools import call_card
from fastcore.sampler import sample_deals

DEALS = 10_000


@pytest.fixture(scope="module")
def table():
    return call_card.shares({"order": policy_from_name("order"), "pass": policy_from_name("pass"),
                             "book": BookPolicy()}, Rules(), DEALS, seed=5)


def _line(lined, policy, seat, rnd, band):
    row = lined[(lined["policy"] == policy) & (lined["seat"] == seat) & (lined["round"] == rnd)
                & (lined["band"] == band)]
    return int(row["line"].iloc[0])


@pytest.mark.slow
def test_the_eldest_hand_is_read_on_every_deal_with_a_trump(table):
    # B decides first: every deal reaches him; his rung is that of the turned-up suit's trumps
    bands = list(call_card.default_bands(5))
    band = bands[0]
    deals = sample_deals(DEALS, card_batch_seed(5, 1, 0, 0))
    trumps = rung_of(np.asarray(deals.hands, np.uint32)[:, 1], (np.asarray(deals.turn_up) >> 3).astype(np.int8))
    got = table[(table["policy"] == "book") & (table["seat"] == "B") & (table["round"] == 1) & (table["band"] == band)]
    assert got["hands"].to_numpy().tolist() == np.bincount(trumps[trumps >= 0], minlength=8).tolist()


@pytest.mark.slow
def test_a_policy_that_orders_everything_calls_down_to_one_trump_and_never_reaches_round_two(table):
    lined = call_card.lines(table)
    for band in call_card.default_bands(5):
        assert _line(lined, "order", "B", 1, band) == 8
        assert _line(lined, "pass", "B", 1, band) == 0
        assert _line(lined, "order", "B", 2, band) == -1          # never reached: too few hands to tell
    shares = table[table["policy"] == "order"]
    assert (shares.loc[shares["round"] == 2, "hands"] == 0).all()
    assert (shares.loc[(shares["seat"] == "B") & (shares["round"] == 1), "share"] == 1).all()
    never = table[(table["policy"] == "pass") & (table["hands"] > 0)]
    assert len(never) and (never["calls"] == 0).all()


@pytest.mark.slow
def test_the_book_eldest_orders_four_trumps_but_not_one_and_shares_have_intervals(table):
    book = table[(table["policy"] == "book") & (table["hands"] > 0)]
    assert ((book["share_low"] <= book["share"]) & (book["share"] <= book["share_high"])).all()
    lined = call_card.lines(table)
    # the book's eldest hand orders up four or five trumps (S1), and not one trump
    b = lined[(lined["policy"] == "book") & (lined["seat"] == "B") & (lined["round"] == 1)]
    assert (b["line"] >= 1).all() and (b["line"] < 8).all()


def test_the_same_table_with_one_worker_or_two():
    one = call_card.shares({"book": BookPolicy()}, Rules(), 600, seed=9, jobs=1)
    two = call_card.shares({"book": BookPolicy()}, Rules(), 600, seed=9, jobs=2)
    pd.testing.assert_frame_equal(one, two)


@pytest.mark.slow
def test_cards_are_a4_pages_one_a_seat(tmp_path, table):
    paths = call_card.write_cards(table, tmp_path, "book", "order", Rules(), DEALS, 5)
    pdf = paths["pdf"].read_bytes()
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 4
    import matplotlib.image as mpimg
    for seat in "ABCD":
        h, w = mpimg.imread(paths[seat]).shape[:2]
        assert abs(w / h - 8.27 / 11.69) < 0.01
    read = pd.read_csv(paths["csv"])
    assert len(read) == len(table) and set(read["policy"]) == {"order", "pass", "book"}
    text = paths["md"].read_text()
    assert all(f"call_card_{seat}.png" in text for seat in "ABCD")
    assert call_card.headline(call_card.lines(table), "book", "order", Rules()) in text


@pytest.mark.slow
def test_the_headline_counts_the_cells_where_the_lines_differ(table):
    lined = call_card.lines(table)
    same = call_card.headline(lined, "book", "book", Rules())
    assert "differ in 0 of" in same and "lighter in 0 of them" in same
    # "order": the eldest hand calls down to one trump, so nobody else is reached and round two never is
    # (no line there); "pass" reaches every seat and calls nothing: B's nine bands differ, all lighter
    text = call_card.headline(lined, "order", "pass", Rules())
    assert "differ in 9 of 9 cells (9 in round one, 0 in round two)" in text and "lighter in 9" in text
    # the index shows it as a headline: one sentence, within 60 words, with two-word names and every rule named
    from analysis.reporting.report import headline_problem, sentences
    longest = call_card.headline(lined, "cautious (python)", "optimised (python)",
                                 Rules(pack=24, points_for_game=10, stick_the_dealer=True))
    assert headline_problem(longest) is None and len(sentences(longest)) == 1


@pytest.mark.slow
def test_a_stuck_dealer_must_name_a_suit():
    rules = Rules(pack=24, points_for_game=10, stick_the_dealer=True)
    tab = call_card.shares({"pass": policy_from_name("pass"), "book": BookPolicy()}, rules, 400, seed=2)
    a2 = tab[(tab["policy"] == "pass") & (tab["seat"] == "A") & (tab["round"] == 2)]
    assert a2["hands"].sum() > 0 and (a2.loc[a2["hands"] > 0, "share"] == 1).all()
    fig = call_card.draw_card(call_card.lines(tab), "A", "pass", "book", rules, 400, 2)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert sum("must name" in t for t in texts) == 2 * len(call_card.default_bands(10))


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "analysis.commands.cli", "card", *args], capture_output=True, text=True)


@pytest.mark.parametrize("args, word", [(["nope"], "unknown policy"), (["book", "--deals", "0"], "--deals"),
                                        (["book"], "same policy"), (["optimised", "--pack", "24"], "game")])
@pytest.mark.slow
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, word):
    out = tmp_path / "card"
    r = _cli(*args, "--out", str(out))
    assert r.returncode == 2, r.stderr
    assert word in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not out.exists()


# --- small samples marked, and the bands in the optimiser's words ---------------------------------------

def _cells(fig, gid=None):
    """The cells of a card's table, (band row, column) from the top left, that carry a patch of ``gid``."""
    ax = fig.axes[0]
    rows = len(call_card.default_bands(5))
    height, width = 1.0 / (rows + 1.6), 0.8 / 4
    return {(round((1.0 - p.get_y() - 0.004) / height - 2.6), round((p.get_x() - 0.004 - 0.2) / width))
            for p in ax.patches if p.get_gid() == gid}


@pytest.fixture(scope="module")
def tiny():
    return call_card.shares({"book": BookPolicy(), "pass": policy_from_name("pass")}, Rules(), 1500, seed=3)


@pytest.mark.slow
def test_a_line_resting_on_too_few_hands_is_flagged_and_only_then(tiny):
    lined = call_card.lines(tiny)
    assert lined["few_hands"].any() and (~lined["few_hands"]).any()
    for r in lined.itertuples():
        g = tiny[(tiny["policy"] == r.policy) & (tiny["seat"] == r.seat) & (tiny["round"] == r.round)
                 & (tiny["band"] == r.band)].sort_values("rung")
        shares, hands = g["share"].to_numpy(), g["hands"].to_numpy()
        # the rungs the line was read from: down to the first read below half, or all of them
        ends = [i for i in range(len(g)) if hands[i] >= call_card.MIN_HANDS and shares[i] < call_card.HALF]
        read = hands[: ends[0] + 1] if ends else hands
        assert r.few_hands == bool((read < call_card.MIN_HANDS).any()), r


def test_the_card_marks_the_cells_on_too_few_hands_and_its_key_says_so(tiny, tmp_path):
    from analysis.tools.strategy import FEW_MARK
    lined = call_card.lines(tiny)
    bands = list(call_card.default_bands(5))
    cols = [(1, "book"), (1, "pass"), (2, "book"), (2, "pass")]
    marked_somewhere = False
    for seat in "BCDA":
        fig = call_card.draw_card(lined, seat, "book", "pass", Rules(), 1500, 3)
        want = set()
        for r in lined[lined["seat"] == seat].itertuples():
            if r.few_hands:
                want.add((bands.index(r.band), cols.index((r.round, r.policy))))
        assert _cells(fig, "few hands") == want
        marked_somewhere |= bool(want)
        texts = [t.get_text() for t in fig.axes[0].texts]
        assert sum(FEW_MARK in t for t in texts) == len(lined[(lined["seat"] == seat) & lined["few_hands"]
                                                              & (lined["line"] >= 0)])
        key = " ".join(" ".join(t.get_text() for t in fig.texts).split())
        assert f'Hatched, with "{FEW_MARK}": a rung down to where the line ends was met on fewer than 30 hands' in key
        import matplotlib.pyplot as plt
        plt.close(fig)
    assert marked_somewhere
    # the CSV flags each rung read on too few hands beside its count
    paths = call_card.write_cards(tiny, tmp_path, "book", "pass", Rules(), 1500, 3, seats=("B",))
    read = pd.read_csv(paths["csv"])
    assert (read["few_hands"] == (read["hands"] < call_card.MIN_HANDS)).all() and read["few_hands"].any()


@pytest.mark.parametrize("rules", [Rules(), Rules(pack=24, points_for_game=10)])
def test_the_card_names_the_bands_by_the_points_held_as_the_optimiser_does(tiny, rules):
    import matplotlib.pyplot as plt
    fig = call_card.draw_card(call_card.lines(tiny), "B", "book", "pass", rules, 1500, 3)
    try:
        texts = fig.axes[0].texts
        column = {x: [t.get_text() for t in sorted((t for t in texts if round(t.get_position()[0], 6) == x),
                                                   key=lambda t: -t.get_position()[1])] for x in (0.05, 0.15)}
        own, theirs = column[0.05], column[0.15]
        assert own[0] == "own" and theirs[0] == "theirs"
        names = [f"own {a}, theirs {b}" for a, b in zip(own[1:], theirs[1:])]
        assert names == list(call_card.default_bands(rules.points_for_game))
    finally:
        plt.close(fig)

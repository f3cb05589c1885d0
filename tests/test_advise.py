"""``euchrelab advise``: one player's actions valued over the worlds he could be in."""
import json
from pathlib import Path

import numpy as np
import pytest

import analysis.tools.advise as adv
from analysis.tools.advise import Spot, actions, advise, read_calls, why
from analysis.bidding.book_policy import BookPolicy
from analysis.game.cards import SEATS, mask_cards
from analysis.commands.cli import main
from analysis.game.rules import Rules, Score
from analysis.bidding.auction import bid_batch

MODEL_DEALS = 150   # a small game model: the tests check the plumbing, not the model's precision


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    """One game-model cache for the whole module (the model is estimated once per rules)."""
    folder = tmp_path_factory.getbasetemp() / "advise-cache"
    monkeypatch.setenv("EUCHRELAB_CACHE", str(folder))
    return folder


def run(argv, capsys):
    """``euchrelab advise`` played double-dummy unless the arguments name the play (the table's
    path has its own tests, with few worlds)."""
    play = [] if "--play" in argv else ["--play", "dd"]
    code = main(["advise", "--model-deals", str(MODEL_DEALS), *play, *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_five_top_trumps_at_b_order_and_no_trump_passes():
    strong = advise(Spot.of("B", "JS JC AS KS QS", "9S"), worlds=2000, seed=1, model_deals=MODEL_DEALS, play="dd")
    assert strong.best in ("order up", "order up alone")
    names = [v.action for v in strong.actions]
    assert names == ["pass", "order up", "order up alone"]
    by = {v.action: v for v in strong.actions}
    assert by["order up"].points.mean == 2.0        # a march with every top trump
    assert by["order up alone"].points.mean == 4.0
    assert strong.book[0] == "order up alone"
    weak = advise(Spot.of("B", "7C 8C 7H 8D 9D", "9S"), worlds=2000, seed=1, model_deals=MODEL_DEALS, play="dd")
    assert weak.best == "pass"
    assert weak.book == ("pass", "none")
    best = {v.action: v for v in weak.actions}["pass"]
    assert all(v.points_vs_best.high < 0 for v in weak.actions if v.action != "pass")
    assert best.game.low <= best.game.mean <= best.game.high


@pytest.mark.parametrize("seat, hand, turn_up, score, calls, expected", [
    ("B", "JS JC AS KS QS", "9S", None, None, ("order up alone", "E2 L1")),
    ("B", "JS 9S TS KH TH", "QC", None, None, ("pass", "E2")),              # can make it next (spades)
    ("B", "7C 8C 7H 8D 9D", "9S", None, None, ("pass", "none")),
    ("D", "JH AH 9H AS KC", "TH", None, None, ("order up alone", "T4 L1")),
    ("D", "AH KH 9H AS KC", "JH", None, None, ("pass", "T3")),              # the right turned: not three clear tricks
    ("A", "AD KD 9D 7S 8C", "TD", "3-3", None, ("take up", "D1")),         # four trumps: D3 drops only two
    ("A", "JD AS 7C 8C 9S", "AH", "3-3", None, ("pass", "D3")),            # left, ace, outside ace: two, no right
    ("A", "JD AS 7C 8C 9S", "AH", "4-2", None, ("pass", "D3")),
    ("A", "JD AS 7C 8C 9S", "AH", None, None, ("take up", "D1")),
    ("A", "JS JC JH KD QD", "AH", None, None, ("pass", "D6")),             # both black knaves, three at next
    ("A", "JD QD AD KS 9C", "TH", None, "pass,pass,pass,turn down,pass,pass,pass", ("make D", "D5")),
    ("C", "JH QH AH KD 9C", "TS", None, "pass,pass,pass,turn down,pass", ("make H", "S7")),
])
def test_the_books_claim_for_known_hands(seat, hand, turn_up, score, calls, expected):
    assert why(Spot.of(seat, hand, turn_up, score, calls)) == expected


@pytest.mark.slow
def test_why_gives_the_action_the_book_takes_in_play():
    """On random deals the book's bidding (the simulator's) and ``why`` agree, seat by seat."""
    from fastcore.sampler import sample_deals
    rules = Rules()
    deals = sample_deals(300, 11)
    for score in (Score(0, 0), Score(3, 3), Score(4, 2), Score(1, 4)):
        b = bid_batch(deals.hands, deals.turn_up, BookPolicy(), rules, score)
        for i in range(len(deals.hands)):
            calls = b.calls(i)
            turn = int(deals.turn_up[i])
            for k, call in enumerate(calls):
                if call.action == "take it from partner":
                    break
                rnd = 1 if k < 4 else 2
                spot = Spot(call.seat, tuple(mask_cards(int(deals.hands[i, call.seat]))), turn, score, rnd, rules)
                action, claim = why(spot)
                if call.action in ("pass", "turn down"):
                    assert action == "pass", (i, SEATS[call.seat], claim)
                    continue
                word = call.action if rnd == 1 else f"make {'SCHD'[call.suit]}"
                assert action == word + (" alone" if call.is_lone else ""), (i, SEATS[call.seat], claim)
                assert claim != "none"


@pytest.mark.slow
def test_the_same_seed_gives_the_same_answer_whatever_the_jobs(monkeypatch):
    spot = Spot.of("D", "JH AH 9H AS KC", "TH")
    monkeypatch.setattr(adv, "CHUNK", 400)
    one = advise(spot, worlds=1000, seed=5, model_deals=MODEL_DEALS, play="dd").as_dict()
    again = advise(spot, worlds=1000, seed=5, model_deals=MODEL_DEALS, n_jobs=2, play="dd").as_dict()
    assert one == again
    assert 0 < one["acceptance"] < 1            # B and C must have passed under the book's policy
    other = advise(spot, worlds=1000, seed=6, model_deals=MODEL_DEALS, play="dd").as_dict()
    assert other != one
    uniform = advise(spot, worlds=500, seed=5, model="uniform", model_deals=MODEL_DEALS, play="dd").as_dict()
    assert uniform["acceptance"] == 1


def test_the_json_contract(capsys):
    code, out, err = run(["--seat", "C", "--hand", "JH QH AH KD 9C", "--turn-up", "TH", "--score", "2-3",
                          "--worlds", "600", "--seed", "2", "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert set(got) >= {"actions", "best", "book", "worlds", "acceptance"}
    assert [a["action"] for a in got["actions"]] == ["pass", "assist", "assist alone"]
    assert got["game_unit"] == "rubber_points" and got["by"] == "game"      # the book's rubber, at 2-3
    for a in got["actions"]:
        assert set(a) >= {"action", "points", "rubber_points", "n"}
        for unit in ("points", "rubber_points"):
            lo, hi = a[unit]["ci"]
            assert lo <= a[unit]["estimate"] <= hi
        assert -5 <= a["rubber_points"]["estimate"] <= 5 and a["n"] == 600
    assert got["best"] == max(got["actions"], key=lambda a: a["rubber_points"]["estimate"])["action"]
    assert "the score is 2-3: the game is at stake" in got["by_words"]
    assert set(got["book"]) == {"action", "claim", "rules"} and got["worlds"] == 600
    assert 0 < got["acceptance"] <= 1
    code, out, err = run(["--seat", "C", "--hand", "JH QH AH KD 9C", "--turn-up", "TH", "--worlds", "300"], capsys)
    assert code == 0 and "best by points per hand (love-all)" in out and "the book:" in out


def test_advice_played_at_the_table_names_its_engine(capsys):
    argv = ["--seat", "C", "--hand", "JH QH AH KD 9C", "--turn-up", "TH", "--worlds", "300", "--json"]
    code, out, err = run(argv + ["--play", "simple", "--table-worlds", "120"], capsys)
    assert code == 0, err
    simple = json.loads(out)
    assert simple["play"] == {"engine": "simple"} and simple["worlds"] == 300 and simple["table_worlds"] == 120
    assert all(a["n"] == 120 and 0 <= a["variance_kept"] <= 1 for a in simple["actions"])
    code, out, err = run(argv, capsys)
    dd = json.loads(out)
    assert dd["play"] == {"engine": "dd"} and dd["table_worlds"] == 0 and "variance_kept" not in dd["actions"][0]
    assert [a["points"] for a in simple["actions"]] != [a["points"] for a in dd["actions"]]
    code, out, err = run(argv[:-1] + ["--play", "simple", "--table-worlds", "120"], capsys)
    assert code == 0 and ("Valued: at the table on 120 of the worlds, table-side play (the simple baseline); each "
                          "action's mean there adjusted by its double-dummy twin") in out
    assert "none played at the table is shipped for these rules" not in out   # the book's game: shipped
    code, out, err = run(argv[:-1] + ["--play", "simple", "--table-worlds", "400"], capsys)
    assert code == 2 and "--table-worlds 400 is more than the 300 worlds" in err


def test_the_calls_before_him():
    assert read_calls(None, 3, 0) == 1
    assert read_calls("pass,pass", 3, 0) == 1
    assert read_calls("pass,pass,pass,turn down,pass,pass", 3, 0) == 2
    assert read_calls(None, 1, 0, 2) == 2
    spot = Spot.of("D", "JH AH 9H AS KC", "TS", calls="p,p,p,turn down,p,p")
    assert spot.round == 2 and [a.name for a in actions(spot)][:3] == ["pass", "make C", "make C alone"]


@pytest.mark.parametrize("argv", [
    ["--seat", "B", "--hand", "JS JC AS KS", "--turn-up", "9S"],                  # four cards
    ["--seat", "B", "--hand", "JS JC AS KS JS", "--turn-up", "9S"],               # a card twice
    ["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "QS"],               # the turn-up in the hand
    ["--seat", "B", "--hand", "JS JC AS KS 7S", "--turn-up", "9S", "--pack", "24"],   # not in the pack
    ["--seat", "B", "--hand", "JS JC AS KS XS", "--turn-up", "9S"],               # not a card
    ["--seat", "E", "--hand", "JS JC AS KS QS", "--turn-up", "9S"],               # not a seat
    ["--seat", "D", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--calls", "order up,pass"],   # after an order-up
    ["--seat", "D", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--calls", "pass,order up"],   # C cannot order
    ["--seat", "D", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--calls", "pass"],            # one call short
    ["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "9S", "--score", "5-0"],             # impossible score
    ["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "9S", "--score", "three"],
    ["--seat", "C", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--round", "2", "--calls", "order up"],
    ["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "9S", "--play", "tables"],
    ["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "9S", "--play", "pimc", "--play-worlds", "0"],
    ["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "9S", "--worlds", "1"],
    ["--seat", "C", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--calls", "p,p,p,turn down,H"],  # turned down
])
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("euchrelab: error: ") and err.count("\n") == 1, err


def test_no_worlds_accepted_says_so(monkeypatch, capsys):
    monkeypatch.setattr(adv, "reading", lambda spot, model="book", policy=None: lambda deals: np.zeros(len(deals), bool))
    code, out, err = run(["--seat", "D", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--worlds", "100"], capsys)
    assert code == 2 and "no worlds accepted" in err and err.count("\n") == 1


def test_modern_rules(capsys):
    argv = ["--pack", "24", "--game", "10", "--stick-the-dealer", "--seat", "A", "--hand", "9S TS 9C TC QH",
            "--turn-up", "9D", "--round", "2", "--score", "9-8", "--worlds", "300", "--json"]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    got = json.loads(out)
    names = [a["action"] for a in got["actions"]]
    assert "pass" not in names and "make D" not in names            # stuck, diamonds turned down
    assert names == ["make S", "make S alone", "make C", "make C alone", "make H", "make H alone"]
    assert got["book"]["action"].startswith("make ")
    code, _, err = run(argv[:-5] + ["--score", "10-0", "--worlds", "300"], capsys)
    assert code == 2 and "0 to 9" in err


# --- the chart ------------------------------------------------------------------------------------

def chart_rows(fig) -> list[dict]:
    """Each panel's rows, read back from the figure: the action's label, the plotted value and the
    ends of its interval bar, the best row's shading."""
    panels = []
    for ax in fig.axes:
        data_line, _, (bars,) = ax.containers[0]
        x, y = data_line.get_data()
        ends = [x for seg in bars.get_segments() for x in (seg[0][0], seg[1][0])]   # low, high of each row
        band = ax.patches[0].get_extents().transformed(ax.transData.inverted())
        panels.append({"x": list(x), "y": list(y), "ends": ends, "band": sorted((band.y0, band.y1)),
                       "colour": data_line.get_color()})
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    return panels, labels


def test_the_chart_shows_each_actions_value_and_interval_in_both_units(tmp_path, saved_figures):
    from PIL import Image
    from matplotlib.text import Text
    from analysis.reporting.charts import OKABE_ITO
    advice = advise(Spot.of("C", "JH QH AH KD 9C", "TH", "2-3"), worlds=600, seed=2, model_deals=MODEL_DEALS, play="dd")
    path = adv.write_chart(advice, tmp_path / "advice.png")
    fig = saved_figures["advice.png"]
    (points, game), labels = chart_rows(fig)
    assert [label.removesuffix(" (the book)") for label in labels] == [v.action for v in advice.actions]
    for panel, unit in ((points, "points"), (game, "game")):
        values = [getattr(v, unit) for v in advice.actions]
        assert panel["x"] == pytest.approx([e.mean for e in values])
        assert panel["ends"] == pytest.approx([x for e in values for x in (e.low, e.high)])
        best = [v.action for v in advice.actions].index(advice.best)
        assert panel["y"][best] == pytest.approx(best) and panel["band"][0] < best < panel["band"][1]
        assert panel["colour"].upper() == OKABE_ITO[0]
    texts = [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]
    assert min(t.get_fontsize() for t in texts) >= 8
    title = fig.get_suptitle()
    assert "600 worlds" in title and "double-dummy play" in title
    assert fig.axes[0].get_xlabel() == "his side's net points per hand"
    assert Image.open(path).size[0] <= 1250          # whole at 100% on a 1280-pixel screen


def test_the_chart_option_writes_a_png_and_leaves_the_json_alone(tmp_path, capsys):
    argv = ["--seat", "C", "--hand", "JH QH AH KD 9C", "--turn-up", "TH", "--worlds", "300", "--json"]
    code, plain, err = run(argv, capsys)
    assert code == 0, err
    code, out, err = run(argv + ["--chart", str(tmp_path / "c.png")], capsys)
    assert code == 0, err
    assert out == plain and json.loads(out)["worlds"] == 300
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert err == f"wrote {tmp_path / 'c.png'}\n"


@pytest.mark.parametrize("chart, says", [
    ("no_such_folder/c.png", "no folder"),
    ("a_file/c.png", "is a file"),
    ("c.pdf", "must name a .png file"),
    ("c", "must name a .png file"),
    ("folder.png", "is a folder"),
])
def test_a_bad_chart_path_is_one_line_exit_2_before_any_work(chart, says, tmp_path, monkeypatch, capsys):
    import analysis.commands.advise as command
    (tmp_path / "a_file").write_text("x")
    (tmp_path / "folder.png").mkdir()
    monkeypatch.setattr(command, "advise", lambda *a, **k: pytest.fail("the worlds were drawn"))
    before = sorted(tmp_path.rglob("*"))
    code, out, err = run(["--seat", "C", "--hand", "JH QH AH KD 9C", "--turn-up", "TH", "--chart",
                          str(tmp_path / chart)], capsys)
    assert code == 2 and out == "" and says in err
    assert err.startswith("euchrelab: error: --chart ") and err.count("\n") == 1, err
    assert sorted(tmp_path.rglob("*")) == before


def test_a_chart_that_fails_to_draw_leaves_no_file(tmp_path, monkeypatch):
    from matplotlib.figure import Figure
    advice = advise(Spot.of("B", "JS JC AS KS QS", "9S"), worlds=200, seed=1, model_deals=MODEL_DEALS, play="dd")

    def broken(fig, fname, *args, **kwargs):
        Path(fname).write_bytes(b"\x89PNG half")
        raise OSError("disk full")
    monkeypatch.setattr(Figure, "savefig", broken)
    with pytest.raises(OSError):
        adv.write_chart(advice, tmp_path / "c.png")
    assert list(tmp_path.iterdir()) == []


def test_the_advice_prints_the_table_the_command_prints(capsys):
    """``print(analysis.advise(...))`` shows what ``euchrelab advise`` shows for the same arguments."""
    import analysis
    advice = analysis.advise(seat="B", hand="JS 9C AS KS QH", turn_up="9S", worlds=300, seed=1,
                             model_deals=MODEL_DEALS, play="dd")
    code, out, err = run(["--seat", "B", "--hand", "JS 9C AS KS QH", "--turn-up", "9S", "--worlds", "300",
                          "--seed", "1"], capsys)
    assert code == 0, err
    assert str(advice) == out
    assert json.loads(json.dumps(advice.to_json()))["best"] == advice.best
    page = advice._repr_html_()
    assert page.count("<tr") == len(advice.actions) + 1 and "the book:" in page
    assert out.rstrip().endswith("the book: order up (E2: do not order if you can make it next, unless with great "
                                 "strength (the third hand's order list))")
    with pytest.raises(analysis.EuchreError, match="seat, hand and turn_up"):
        analysis.advise(hand="JS 9C AS KS QH", turn_up="9S")


def test_errors_in_the_apis_words_and_the_flags_at_the_command_line(capsys):
    import analysis
    with pytest.raises(analysis.EuchreError, match=r"^hand has 4 cards"):
        analysis.advise(seat="B", hand="JS JC AS KS", turn_up="9S")
    with pytest.raises(analysis.EuchreError, match=r"^turn_up QS is in the hand"):
        analysis.advise(seat="B", hand="JS JC AS KS QS", turn_up="QS")
    code, out, err = run(["--seat", "B", "--hand", "JS JC AS KS", "--turn-up", "9S"], capsys)
    assert code == 2 and err == "euchrelab: error: --hand has 4 cards: a hand is five cards\n"
    code, out, err = run(["--seat", "B", "--hand", "JS JC AS KS QS", "--turn-up", "QS"], capsys)
    assert err.startswith("euchrelab: error: --turn-up QS is in the hand")
    code, out, err = run(["--seat", "D", "--hand", "JS JC AS KS QS", "--turn-up", "9H", "--calls", "pass"], capsys)
    assert err.startswith("euchrelab: error: --calls has 1 call(s)")



@pytest.mark.parametrize("pack", [32, 24])
def test_every_world_of_round_two_reaches_the_players_decision_and_makes_his_call(pack):
    """The calls before the spot are facts, his own round-one pass included: at every seat, on random
    hands and under either model, every world reaches his round-two decision (as counted) and the call made is the action
    valued (the book orders up this hand in round one: replayed by the book, his round one would
    end the bidding before round two)."""
    from fastcore.sampler import DealStream
    from analysis.simulator import simulate
    rules = Rules(pack=pack)
    rng = np.random.default_rng(pack)
    cards = [c for c in range(32) if (c & 7) >= (2 if pack == 24 else 0)]
    spots = []
    for seat in "ABCD":     # the strong hand the book orders up with, and two hands at random
        spots.append(Spot.of(seat, "JH AH KH QH AS", "TH", round=2, rules=rules))
        for _ in range(2):
            drawn = rng.choice(cards, 6, replace=False)
            spots.append(Spot(SEATS.index(seat), tuple(int(c) for c in drawn[:5]), int(drawn[5]), round=2,
                              rules=rules))
    for spot in spots:
        for model in ("book", "uniform"):
            deals = DealStream(7, pack, adv._constraints(spot), adv.reading(spot, model)).take(40)
            for action in actions(spot):
                acting = adv.Acting(BookPolicy(), spot, action)
                got = simulate(deals, acting, rules, spot.score, keep_calls=True)
                assert acting.reached == len(deals)
                for calls in got.calls:
                    assert [c.action for c in calls[:len(spot.before)]] == [c.action for c in spot.calls()]
                    mine = calls[len(spot.before)]
                    assert mine.seat == spot.seat and mine.suit == action.suit and mine.is_lone == action.alone
                if action.calls:   # a lone call may be taken from him by his partner (the book's law)
                    assert (got.trump == action.suit).all() and (got.maker % 2 == spot.seat % 2).all()


def test_round_two_advice_tells_the_suits_apart():
    """D holding JH AH 9H AS KC, TH turned, 2-3, round two (hearts cannot be named): making
    diamonds (the left bower's suit: JH is its left) and making clubs or spades differ."""
    got = advise(Spot.of("D", "JH AH 9H AS KC", "TH", score="2-3", round=2), worlds=400, seed=1,
                 model_deals=MODEL_DEALS, play="dd")
    by = {a.action: a.points.mean for a in got.actions}
    assert len(set(by.values())) > 3, by
    assert by["make D"] != by["make C"] and by["pass"] != by["make D"]
    assert got.reached == got.worlds == 400 and got.to_json()["reached"] == 400
    assert "400 worlds, every one reaching his decision" in str(got)

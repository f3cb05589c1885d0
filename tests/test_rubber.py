"""The rubber model (laws 1, 2, 7) and ``euchrelab rubber``: by hand, by another value
iteration, by simulating whole rubbers, and the command's contract."""
from __future__ import annotations

import contextlib
import io
import json

import numpy as np
import pytest

from analysis.value import game_model, rubber
from analysis.bidding.book_policy import BookPolicy
from analysis.commands.cli import main
from analysis.errors import EuchreError
from analysis.value.game_model import OUTCOMES
from analysis.value.outcomes import chunk_counts, outcome_counts
from analysis.game.rules import Rules

KEYS = [f"{a}-{b}" for a, b in OUTCOMES]


def _probs(game: int = 5, **by_outcome) -> np.ndarray:
    """The same distribution at every score: ``p1_0=1.0`` always gives the dealers 1 point."""
    p = np.zeros((game, game, len(OUTCOMES)))
    for key, value in by_outcome.items():
        p[:, :, OUTCOMES.index(tuple(int(c) for c in key[1:].split("_")))] = value
    return p


def _json(*args) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["rubber", *args, "--json"]) == 0
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def printed() -> dict:
    """What ``euchrelab rubber --json`` prints for a small run of the book's game."""
    return _json("--deals", "300", "--seed", "3")


def _table(printed: dict) -> np.ndarray:
    game = printed["game"]
    p = np.zeros((game, game, len(OUTCOMES)))
    for row in printed["outcomes"]:
        p[tuple(row["score"])] = [row["p"][k] for k in KEYS]
    return p


# --- (a) another value iteration, state by state ---------------------------------------------------

def plain_value_iteration(p: dict, game: int):
    """The game and the rubber solved over explicit dicts of states, from the laws as printed.

    ``p[(m, o)]``: {(dealers' points, others' points): probability} of a hand dealt by the side
    with m points against o. Returns f[(m, o)] and V[(k, dealers' games, others' games, m, o)],
    both from the side about to deal."""
    scores = [(m, o) for m in range(game) for o in range(game)]
    f = {s: 0.5 for s in scores}
    while True:
        new = {}
        for m, o in scores:
            total = 0.0
            for (a, b), q in p[(m, o)].items():
                if m + a >= game:
                    total += q
                elif o + b < game:
                    total += q * (1.0 - f[(o + b, m + a)])   # the others deal next
            new[(m, o)] = total
        change = max(abs(new[s] - f[s]) for s in scores)
        f = new
        if change < 1e-15:
            break

    games_before = {1: [(0, 0)], 2: [(1, 0), (0, 1)], 3: [(2, 0), (1, 1), (0, 2)], 4: [(3, 0), (2, 1), (1, 2), (0, 3)]}
    V = {(k, gd, go, m, o): 0.0 for k, gs in games_before.items() for gd, go in gs for m, o in scores}

    def winner_gets(k, won, lost, carry, loser_score, winner_deals_next):
        """What the winner of game k collects from its end to the end of the rubber."""
        points = 2 if loser_score == 0 else 1           # law 7: a double game when the losers have not scored
        won += 1
        if k <= 3 and won == 2:                         # the rubber is decided: two more points
            points += 2
        if k < 3 or (k == 3 and carry > 0):             # the next game, the winner carrying the lap
            if winner_deals_next:
                points += V[(k + 1, won, lost, carry, 0)]
            else:
                points -= V[(k + 1, lost, won, 0, carry)]
        return points

    while True:
        new = {}
        for (k, gd, go, m, o) in V:
            total = 0.0
            for (a, b), q in p[(m, o)].items():
                mm, oo = m + a, o + b
                if mm >= game:      # the dealers win; the others deal next
                    total += q * winner_gets(k, gd, go, mm - game, oo, False)
                elif oo >= game:    # the others win and deal next
                    total -= q * winner_gets(k, go, gd, oo - game, mm, True)
                else:
                    total -= q * V[(k, go, gd, oo, mm)]
            new[(k, gd, go, m, o)] = total
        change = max(abs(new[s] - V[s]) for s in V)
        V = new
        if change < 1e-14:
            break
    return f, V


def test_another_value_iteration_gives_what_the_command_prints(printed):
    game = printed["game"]
    p = {tuple(row["score"]): {tuple(int(x) for x in k.split("-")): q for k, q in row["p"].items()}
         for row in printed["outcomes"]}
    f, V = plain_value_iteration(p, game)
    assert len(printed["game_win"]) == game * game
    for row in printed["game_win"]:
        assert row["p"] == pytest.approx(f[tuple(row["score"])], abs=1e-9)
    assert len(printed["rubber"]) == len(V) == 10 * game * game
    for row in printed["rubber"]:
        assert row["points"] == pytest.approx(V[(row["game"], *row["games"], *row["score"])], abs=1e-9)


# --- (b) by hand ------------------------------------------------------------------------------------

def test_dealers_always_scoring_one():
    # A deals at 0-0: the dealers score 1 a hand, so A wins game 1 at 5-4 on his own deal, B
    # deals first in game 2 and wins it, A wins game 3: 1 - 1 + 1 and the rubber's 2.
    m = rubber.solve(_probs(p1_0=1.0))
    assert m.start == pytest.approx(3.0)
    assert m.points_at(2, games=(1, 0), deals=False) == pytest.approx(2.0)      # -1 + 1 + 2
    assert m.points_at(3, games=(1, 1), deals=True) == pytest.approx(3.0)
    assert m.points_at(3, games=(2, 0), deals=False) == pytest.approx(-1.0)     # the rubber already counted
    assert m.points_at(4, games=(2, 1), score=(1, 0), deals=False) == pytest.approx(1.0)
    np.testing.assert_allclose(m.game_win, game_model.win_probability(m.probs))
    # A wins game 1 five-love (2), B deals first in game 2 (-1), A game 3 and the rubber (1 + 2).
    assert rubber.side_points_after(m, 5, 0, own_deals_next=False) == pytest.approx(4.0)
    # Game 3 at one game all, won 6-3: the rubber, then game 4 from a lap of 1, the others dealing.
    assert rubber.side_points_after(m, 6, 3, False, game=3, games=(1, 1)) == pytest.approx(1 + 2 + 1)
    assert rubber.side_points_after(m, 3, 6, True, game=3, games=(1, 1)) == pytest.approx(-4.0)


def test_marches_lap_into_a_fourth_game():
    # The dealers march every hand: A wins game 1 at 6-4 (a lap of 1), game 2 at 5-4 from it
    # (the rubber), B wins game 3 at 6-4 and, from his lap, game 4 at 5-4.
    m = rubber.solve(_probs(p2_0=1.0))
    assert m.start == pytest.approx(1 + 1 + 2 - 1 - 1)


def test_lone_marches_carry_three():
    # The dealers march alone every hand: A wins game 1 at 8-4 (a lap of 3), game 2 at 7-4,
    # game 3 at 6-4 and game 4 at 5-4 from the laps; the fourth game's own lap is lost.
    m = rubber.solve(_probs(p4_0=1.0))
    assert m.start == pytest.approx(1 + 1 + 2 + 1 + 1)
    assert m.points_at(4, games=(3, 0), score=(1, 0), deals=False) == pytest.approx(1.0)


def test_double_games():
    # The side ahead (or the dealers when level) scores 1 every hand: every game is five-love,
    # A wins games 1 and 3 and B game 2: 2 - 2 + 2 and the rubber's 2.
    p = np.zeros((5, 5, len(OUTCOMES)))
    m, o = np.indices((5, 5))
    p[..., OUTCOMES.index((1, 0))] = m >= o
    p[..., OUTCOMES.index((0, 1))] = m < o
    model = rubber.solve(p)
    assert model.start == pytest.approx(4.0)
    assert model.win_at((0, 0)) == pytest.approx(1.0)


def test_the_game_win_is_the_game_models_and_the_bootstrap_draws_are_its_own():
    rng = np.random.default_rng(4)
    counts = rng.multinomial(400, rng.dirichlet(np.ones(7), size=(5, 5)))
    model = rubber.from_counts(counts)
    np.testing.assert_allclose(model.game_win, game_model.from_counts(counts), atol=1e-12)
    draws = rubber.bootstrap(counts, Rules(), 40, seed=9)
    np.testing.assert_allclose(draws.game_win, game_model.bootstrap(counts, Rules(), 40, seed=9), atol=1e-12)
    assert draws.points.shape == (40, 4, 4, 4, 5, 5) and np.shape(draws.start) == (40,)
    # A stacked model gives one value per draw, as side_wins does with a stack of f.
    after = rubber.side_points_after(draws, np.array([2, 5, 1]), np.array([3, 1, 7]), [True, False, True])
    assert after.shape == (40, 3)
    assert np.allclose(after[:, 0], draws.points[:, 0, 0, 0, 2, 3])
    assert np.allclose(after[:, 2], -rubber.side_points_after(draws, 7, 1, False))
    with pytest.raises(EuchreError, match="every score"):
        rubber.from_counts(np.zeros((5, 5, 7)))


def test_every_state_is_worth_what_its_hands_lead_to():
    # The Bellman equation through the public function, state by state.
    rng = np.random.default_rng(11)
    model = rubber.solve(rng.dirichlet(np.ones(7), size=(5, 5)))
    for k in range(1, 5):
        for gd, go in rubber.configurations(k):
            for m, o in ((0, 0), (4, 3), (2, 4)):
                after = [rubber.side_points_after(model, m + a, o + b, False, game=k, games=(gd, go))
                         for a, b in OUTCOMES]
                assert model.points_at(k, (gd, go), (m, o)) == pytest.approx(float(model.probs[m, o] @ after), abs=1e-11)


def test_impossible_states_are_refused():
    model = rubber.solve(_probs(p1_0=0.5, p0_1=0.5))
    with pytest.raises(EuchreError, match="games won"):
        model.points_at(2, games=(0, 0))
    with pytest.raises(EuchreError, match="game must be"):
        rubber.side_points_after(model, 1, 1, True, game=5, games=(3, 1))
    with pytest.raises(EuchreError, match="both sides"):
        rubber.side_points_after(model, 5, 5, True)


# --- (c) whole rubbers, hand by hand ------------------------------------------------------------------

@pytest.mark.statistical
def test_simulated_rubbers_agree_with_the_model(printed):
    lone = np.random.default_rng(2).dirichlet([1, 2, 2, 2, 2, 2, 2], size=(5, 5))   # laps and fourth games often
    for p, rules in ((_table(printed), Rules()), (lone, Rules()), (_table(printed), Rules(rubber=False))):
        net = rubber.simulate_rubbers(p, rules, n=150_000, seed=1888)
        half = 3.29 * net.std(ddof=1) / np.sqrt(len(net))                 # 99.9%
        assert abs(net.mean() - rubber.solve(p, rules).start) < half


# --- (d) the outcome counts ------------------------------------------------------------------------------

def test_outcome_counts_are_the_same_whatever_the_workers():
    one = outcome_counts(BookPolicy(), Rules(), deals=90, seed=5, n_jobs=1, chunk_size=40)
    two = outcome_counts(BookPolicy(), Rules(), deals=90, seed=5, n_jobs=2, chunk_size=40)
    np.testing.assert_array_equal(one, two)
    assert one.shape == (5, 5, 7) and (one.sum(axis=-1) == 90).all()
    # the last chunk of a score holds what is left
    assert (chunk_counts(BookPolicy(), Rules(), (4, 2), 2, 10, 5)
            == one[4, 2] - chunk_counts(BookPolicy(), Rules(), (4, 2), 0, 40, 5)
            - chunk_counts(BookPolicy(), Rules(), (4, 2), 1, 40, 5)).all()


# --- (e) the command ------------------------------------------------------------------------------------

def test_the_json_object(printed):
    assert set(printed) == {"game", "outcomes", "game_win", "rubber"} and printed["game"] == 5
    scores = [[m, o] for m in range(5) for o in range(5)]
    assert [r["score"] for r in printed["outcomes"]] == scores == [r["score"] for r in printed["game_win"]]
    for row in printed["outcomes"]:
        assert row["n"] == 300 and list(row["p"]) == KEYS and sum(row["p"].values()) == pytest.approx(1.0)
    states = {(r["game"], tuple(r["games"])) for r in printed["rubber"]}
    assert states == {(k, g) for k in range(1, 5) for g in rubber.configurations(k)}
    assert all(sum(r["games"]) == min(r["game"] - 1, 3) for r in printed["rubber"])
    for row in printed["game_win"]:
        assert 0 <= row["p"] <= 1


def test_a_single_game_is_worth_two_chances_less_one():
    single = _json("--deals", "12", "--seed", "1", "--game", "6")
    assert single["game"] == 6 and len(single["rubber"]) == 36 and {r["game"] for r in single["rubber"]} == {1}
    win = {tuple(r["score"]): r["p"] for r in single["game_win"]}
    for row in single["rubber"]:
        assert row["games"] == [0, 0] and row["points"] == pytest.approx(2 * win[tuple(row["score"])] - 1, abs=1e-9)


def test_the_table_and_the_chart(tmp_path, capsys):
    chart = tmp_path / "rubber.png"
    assert main(["rubber", "--deals", "30", "--seed", "2", "--draws", "20", "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "first hand of a rubber" in out and "not dealing" in out and "4-4" in out
    assert chart.stat().st_size > 0


@pytest.mark.parametrize("args, word", [
    (["--deals", "0"], "--deals"),
    (["--deals", "5", "--policy", "nonesuch"], "unknown policy"),
    (["--deals", "5", "--game", "0"], "points for game"),
    (["--deals", "5", "--jobs", "0"], "--jobs"),
    (["--deals", "5", "--policy", "pass"], "void"),
])
def test_bad_input_is_one_line_and_status_2(args, word, capsys):
    assert main(["rubber", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("euchrelab: error:") and word in err


def test_a_bad_pack_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["rubber", "--pack", "52"])
    assert stop.value.code == 2 and capsys.readouterr().err.count("\n") == 1


# --- (f) the rules ------------------------------------------------------------------------------------------

def test_the_rubber_follows_the_game_unless_told():
    assert Rules().rubber and Rules.book().rubber and Rules.of().rubber
    assert not Rules.modern().rubber and not Rules.of(pack=24).rubber and not Rules.of(points_for_game=7).rubber
    assert Rules.of(points_for_game=7, rubber=True).rubber and not Rules.of(rubber=False).rubber
    assert Rules(24, 10, False) == Rules.modern() and Rules(32, 5, False) == Rules.book()
    # the records of runs stay as they were, and a rubber other than the game's is kept
    assert Rules().as_dict() == {"pack": 32, "points_for_game": 5, "stick_the_dealer": False}
    assert Rules(**Rules(rubber=False).as_dict()) == Rules(rubber=False)
    with pytest.raises(EuchreError, match="rubber"):
        Rules(rubber="yes")
    with pytest.raises(EuchreError, match="at least 4 points"):
        Rules(points_for_game=3, rubber=True)


def test_a_single_game_model():
    p = np.random.default_rng(3).dirichlet(np.ones(7), size=(10, 10))
    model = rubber.solve(p, Rules.modern())
    np.testing.assert_allclose(model.points[0, 0, 0], 2 * model.game_win - 1, atol=1e-9)
    assert np.isnan(model.points[1:]).all()
    assert rubber.side_points_after(model, 11, 4, True) == 1.0
    assert rubber.side_points_after(model, 3, 10, True) == -1.0
    with pytest.raises(EuchreError, match="single game"):
        model.points_at(2, games=(1, 0))

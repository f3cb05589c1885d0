"""PIMC with the next decision postponed (analysis.play.postponed): a card is worth at most its PIMC
value, exactly that when nothing is left to fuse, and the solver reads an answer world by world."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bench.table import book_hands
from analysis.play.information import start_info
from analysis.play.pimc import PIMCPlayer
from analysis.play.players import cards_of
from analysis.play.postponed import PostponedPIMCPlayer, postponed_values
from analysis.play.table import play_hand
from analysis.play.worlds import sample_worlds
from fastcore.solver import move_values_batch


def _decisions(n: int = 40):
    """The information sets of decisions with two or more legal cards, hands played by PIMC (8 worlds)."""
    args = book_hands(200, 1266)
    rows = list(np.flatnonzero(args["lone_seat"] < 0)[:n]) + list(np.flatnonzero(args["lone_seat"] >= 0)[:6])
    seen = []

    class Recorder(PIMCPlayer):
        def choose(self, info, key):
            if bin(info.legal()).count("1") >= 2:
                seen.append((info, key))
            return super().choose(info, key)
    player = Recorder(8, 3)
    for i in rows:
        play_hand(args["hands"][i], int(args["trump"][i]), [player] * 4, int(args["lone_seat"][i]),
                  int(args["maker"][i]), None, int(args["turn_up"][i]), bool(args["taken"][i]),
                  int(args["discard"][i]) if args["discard"][i] >= 0 else None, args["calls"][i], 32, int(i))
    return seen


@pytest.fixture(scope="module")
def decisions():
    return _decisions()


@pytest.mark.slow
def test_a_card_is_worth_at_most_its_pimc_value_and_exactly_that_with_nothing_left_to_fuse(decisions):
    fused = 0
    lone = 0
    for info, key in decisions[::2]:
        w = sample_worlds(info, 12, 5, key)
        side = info.player & 1
        _s, v = move_values_batch(w.hands, info.trump, info.leader, [c for _s, c in info.trick], info.lone_seat,
                                  side, pack=info.pack)
        got = postponed_values(info, w.hands)
        assert sorted(got) == cards_of(info.legal())
        for c, value in got.items():
            pimc = len(w) * info.won[side] + int(v[:, c].astype(np.int64).sum())
            assert value <= pimc
            if bin(info.hand).count("1") <= 2:      # his next card is forced: nothing to fuse
                assert value == pimc
            fused += pimc - value
        lone += info.lone_seat >= 0
    assert fused > 0 and lone > 0          # some strategy fusion removed; lone hands among the decisions


def test_the_solver_values_a_seat_whose_hand_differs_world_by_world_as_one_world_at_a_time(decisions):
    info, key = decisions[5]
    w = sample_worlds(info, 10, 2, key)
    after = info.play(cards_of(info.legal())[0])
    seat = after.to_move
    hands = w.hands.copy()
    hands[:, info.player] &= ~np.uint32(1 << cards_of(info.legal())[0])
    assert len(np.unique(hands[:, seat])) > 1
    trick = [c for _s, c in after.trick]
    _s, together = move_values_batch(hands, after.trump, after.leader, trick, after.lone_seat, seat & 1,
                                     pack=32, same_mover=False)
    for i in range(len(hands)):
        _s, one = move_values_batch(hands[i:i + 1], after.trump, after.leader, trick, after.lone_seat, seat & 1, pack=32)
        np.testing.assert_array_equal(together[i], one[0])
    with pytest.raises(Exception, match="same cards in every world"):
        move_values_batch(hands, after.trump, after.leader, trick, after.lone_seat, seat & 1, pack=32)


def test_the_postponed_player_draws_pimc_s_worlds_and_hears_the_calls_as_himself():
    info = start_info(1, 0b11111 << 8, 0, 1, turn_up=3, taken=True, calls=(), pack=32)
    a, b = PIMCPlayer(6, 9), PostponedPIMCPlayer(6, 9)
    np.testing.assert_array_equal(a.worlds_of(info, (0, 0, 1)).hands, b.worlds_of(info, (0, 0, 1)).hands)
    heard = PostponedPIMCPlayer(6, 9, reads_calls=True).hearing(None)
    assert type(heard) is PostponedPIMCPlayer and heard.fallback

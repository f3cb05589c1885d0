"""Information sets and the worlds drawn from them: every world is consistent with what the player
knows, the draw is uniform and reproducible, and the calls can be read under a bidding model."""
import dataclasses

import numpy as np
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.play.information import info_from_state, start_info, suit_masks
from analysis.bidding.auction import bid_batch
from analysis.play.worlds import BiddingModel, constraints_of, sample_worlds
from fastcore.sampler import sample_deals


def _cards(mask):
    return [c for c in range(32) if (mask >> c) & 1]


def _deal(seed):
    d = sample_deals(1, seed)
    return [int(x) for x in d.hands[0]], int(d.turn_up[0])


def _info_after(hands, trump, player, n_cards, rng, lone_seat=-1, turn_up=None, taken=False):
    """The player's information set after ``n_cards`` random legal cards, and the true hands left."""
    left = list(hands)
    info = start_info(player, hands[player], trump, -1, lone_seat, turn_up, taken)
    for _ in range(n_cards):
        seat = info.to_move
        legal = _cards(info.legal(left[seat]))
        card = int(rng.choice(legal))
        left[seat] &= ~(1 << card)
        info = info.play(card)
    return info, left


def test_information_set_follows_the_play():
    hands, turn_up = _deal(1)
    trump = turn_up >> 3
    rng = np.random.default_rng(0)
    info, left = _info_after(hands, trump, 2, 9, rng)
    assert info.hand == left[2]
    assert sum(info.won) == 2 and len(info.trick) == 1 and len(info.history) == 9
    for seat, card in info.history:
        assert (info.played[seat] >> card) & 1
    # a void shown is a void held
    for s in range(4):
        for suit in range(4):
            if (info.voids[s] >> suit) & 1:
                assert left[s] & suit_masks(trump)[suit] == 0
    assert info.sizes() == tuple(bin(m).count("1") for m in left)
    again = info_from_state(2, hands[2], info.history, trump, -1)
    assert again == info


@pytest.mark.parametrize("method", ["counting", "exact", "rejection"])
def test_every_world_is_consistent_with_the_information_set(method):
    rng = np.random.default_rng(3)
    for seed in range(6):
        hands, turn_up = _deal(seed + 10)
        trump = turn_up >> 3
        lone = [-1, -1, 0, 1, 3, -1][seed]
        if lone >= 0:
            hands[lone ^ 2] = 0
        player = [s for s in range(4) if lone < 0 or s != lone ^ 2][seed % (3 if lone >= 0 else 4)]
        info, left = _info_after(hands, trump, player, int(rng.integers(1, 12 if lone >= 0 else 16)), rng, lone)
        w = sample_worlds(info, 40, seed, method=method)
        assert w.hands.shape == (40, 4)
        masks = suit_masks(trump)
        for row in w.hands:
            assert int(row[player]) == info.hand
            assert sum(bin(int(m)).count("1") for m in row) == bin(int(np.bitwise_or.reduce(row))).count("1")
            assert tuple(bin(int(m)).count("1") for m in row) == info.sizes()
            assert int(np.bitwise_or.reduce(row)) & info.gone() == 0
            for s in range(4):
                for suit in range(4):
                    if (info.voids[s] >> suit) & 1:
                        assert int(row[s]) & masks[suit] == 0


def test_worlds_are_reproducible_and_hide_the_hidden_cards():
    hands, turn_up = _deal(4)
    info = start_info(1, hands[1], turn_up >> 3, 1, turn_up=turn_up, taken=True)
    hands[0] |= 1 << turn_up
    a = sample_worlds(info, 32, 9)
    b = sample_worlds(info, 32, 9)
    assert (a.hands == b.hands).all()
    assert not (a.hands == sample_worlds(info, 32, 10).hands).all()
    # the dealer holds the turn-up he took, in every world
    assert ((a.hands[:, 0] >> turn_up) & 1).all()


@pytest.mark.slow
def test_rejection_and_exact_draws_agree_in_distribution():
    # B showed out of clubs: where does each hidden card lie? Both draws, 4000 worlds each.
    hands, turn_up = _deal(2)
    trump = 0
    info = start_info(2, hands[2], trump, 1)
    info = dataclasses.replace(info, voids=(0, 1 << 1, 0, 0))
    a = sample_worlds(info, 4000, 1, method="rejection").hands
    b = sample_worlds(info, 4000, 2, method="exact").hands
    c = sample_worlds(info, 4000, 3, method="counting").hands
    for s in (0, 1, 3):
        pa = np.array([((a[:, s] >> x) & 1).mean() for x in range(32)])
        pb = np.array([((b[:, s] >> x) & 1).mean() for x in range(32)])
        pc = np.array([((c[:, s] >> x) & 1).mean() for x in range(32)])
        assert np.abs(pa - pb).max() < 0.05 and np.abs(pc - pb).max() < 0.05
    assert (c[:, 1] & np.uint32(suit_masks(trump)[1]) == 0).all()


def test_counting_kernel_is_uniform_on_a_small_case():
    # 4 cards, places taking 1, 1, 0 and 2; card 0 cannot go to place 0: 9 deals, each equally likely
    from fastcore.worldsampler import count_places, deal_places
    allowed = np.array([0b1010, 0b1011, 0b1011, 0b1011], np.uint8)
    assert count_places([0, 1, 2, 3], allowed, [1, 1, 0, 2]) == 9
    u = np.random.default_rng(0).random((18000, 4))
    out = deal_places([0, 1, 2, 3], allowed, [1, 1, 0, 2], u)
    assert not (out[:, 0] & 1).any()
    _keys, counts = np.unique(out[:, 0].astype(np.int64) * 64 + out[:, 1], return_counts=True)
    assert len(counts) == 9 and counts.min() > 1700 and counts.max() < 2300


def test_constraints_of_counts_the_same_worlds():
    hands, turn_up = _deal(5)
    info = start_info(3, hands[3], turn_up >> 3, 3, turn_up=turn_up, taken=False)
    con = constraints_of(info)
    assert con.count(32) > 0
    assert con.out == 1 << turn_up


def test_the_calls_read_under_the_book_policy():
    d = sample_deals(400, 17)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    i = int(np.flatnonzero((b.round == 1) & (b.lone_seat < 0) & (b.caller != 0))[0])
    player = 2
    info = start_info(player, int(b.play_hands[i, player]), int(b.trump[i]), int(b.maker[i]), -1,
                      int(d.turn_up[i]), True, None, b.calls(i))
    w = sample_worlds(info, 16, 1, model=BiddingModel(BookPolicy()))
    assert len(w) == 16 and 0 < w.acceptance <= 1
    # each world, as dealt, bids as heard
    assert ((w.hands[:, 0] >> int(d.turn_up[i])) & 1).all()


def test_bad_requests():
    hands, turn_up = _deal(6)
    info = start_info(1, hands[1], 0, 1)
    with pytest.raises(EuchreError, match="whole number"):
        sample_worlds(info, 0, 1)
    with pytest.raises(EuchreError, match="method"):
        sample_worlds(info, 4, 1, method="magic")
    with pytest.raises(EuchreError, match="only the dealer"):
        start_info(1, hands[1], 0, 1, discard=3)


def test_start_of_play_worlds_replay_the_play():
    from analysis.play.worlds import start_of_play_worlds
    hands, turn_up = _deal(8)
    rng = np.random.default_rng(2)
    info, _left = _info_after(hands, turn_up >> 3, 3, 6, rng)
    worlds, cand = start_of_play_worlds(info, 5, 1, accept=lambda w: True)
    assert len(worlds) == 5 and cand >= 5
    for w in worlds:
        assert all(len(h) == 5 for h in w) and sorted(w[3]) == _cards(hands[3])
        for seat, card in info.history:
            assert card in w[seat]


def test_without_voids_the_plain_shuffle_deals_like_the_exact_sampler():
    hands, turn_up = _deal(3)
    info = start_info(1, hands[1], turn_up >> 3, 1, turn_up=turn_up, taken=True)
    a = sample_worlds(info, 3000, 1, method="counting").hands
    b = sample_worlds(info, 3000, 2, method="exact").hands
    for s in (0, 2, 3):
        pa = np.array([((a[:, s] >> x) & 1).mean() for x in range(32)])
        pb = np.array([((b[:, s] >> x) & 1).mean() for x in range(32)])
        assert np.abs(pa - pb).max() < 0.05
    assert (np.bitwise_count(a) == [5, 5, 5, 5]).all()


def test_the_calls_model_keeps_exactly_the_worlds_that_bid_as_heard():
    # the eldest hand B after a round-one order he did not make: no discard to guess (not taken
    # by anyone but the dealer, whose discard B cannot see, so take a deal the dealer turned down)
    d = sample_deals(600, 23)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    i = int(np.flatnonzero((b.round == 2) & (b.lone_seat < 0))[0])
    player = 1
    info = start_info(player, int(b.play_hands[i, player]), int(b.trump[i]), int(b.maker[i]), -1,
                      int(d.turn_up[i]), False, None, b.calls(i))
    candidates = sample_worlds(info, 300, 4).hands
    model = BiddingModel(BookPolicy())
    keep = model.accept(info, candidates, 0)
    again = bid_batch(candidates, np.full(len(candidates), d.turn_up[i]), BookPolicy())
    direct = np.array([again.round[k] > 0 and tuple(again.calls(k)) == tuple(b.calls(i))
                       for k in range(len(candidates))])
    np.testing.assert_array_equal(keep, direct)
    assert keep.any() and not keep.all()


@pytest.mark.parametrize("voids", [False, True])
def test_hands_judged_while_dealt_leave_the_same_worlds(voids):
    """The dealer that judges each hand as it is dealt refuses exactly the worlds a seat's table refuses,
    and deals every other world as deal_hidden does from the same stream (a refused world's draws are
    skipped, not saved): checked on random tables, with and without voids."""
    from fastcore.callreading import N_TABLE_BYTES, hand_ranks
    from fastcore.worldsampler import deal_hidden, deal_hidden_judged
    rng = np.random.default_rng(7 + voids)
    for trial in range(12):
        cards = rng.permutation(32)
        mine, played = cards[:3], cards[3:9]
        hidden = int(np.bitwise_or.reduce(1 << cards[9:29].astype(np.int64)))
        seats = [1, 2, 3]
        caps = [5, 3, 3, 20 - 11]      # B holds five; C and D three, and have played two
        forbidden = [0, 0, 0]
        if voids:
            forbidden = [0xFF << (8 * int(rng.integers(4))), 0, 0xFF << (8 * int(rng.integers(4)))]
        add = [int(1 << int(played[k])) | int(1 << int(played[k + 3])) if k else 0 for k in range(3)]
        tables = [rng.integers(0, 256, N_TABLE_BYTES, dtype=np.uint8) for _ in range(3)]
        tables[1] = None if trial % 3 == 0 else tables[1]
        known = [int(np.bitwise_or.reduce(1 << mine.astype(np.int64))), 0, 0, 0]
        try:
            plain = deal_hidden(hidden, seats, forbidden, caps, 1000 + trial, 300, known=known)
        except EuchreError:
            continue
        ok, worlds = deal_hidden_judged(hidden, seats, forbidden, caps, 1000 + trial, 300, known, tables, add)
        want = np.ones(300, bool)
        for p, seat in enumerate(seats):
            if tables[p] is None:
                continue
            hands = plain[:, seat] | np.uint32(add[p])
            r = hand_ranks(hands)
            want &= (r >= 0) & ((tables[p][np.maximum(r, 0) >> 3] >> (np.maximum(r, 0) & 7)) & 1).astype(bool)
        assert 0 < want.sum() < 300
        np.testing.assert_array_equal(ok, want)
        np.testing.assert_array_equal(worlds[ok], plain[ok])

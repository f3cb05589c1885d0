"""The compiled book's play (fastcore.bookplay) equals the Python BookPlayer card for card."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.game import contract
from analysis.play.book import CLAIMS, RULES, BookPlayer, play_book_batch
from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.bidding.auction import bid_batch
from analysis.play.table import TablePlay, play_hand
from fastcore import bookplay
from fastcore.sampler import sample_deals

A, C = 0, 2


def bid(n, seed, pack):
    """Deals bid by the book's policy, the played ones as play_hands' arguments (as bench_table.book_hands)."""
    d = sample_deals(n, seed, pack=pack)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    keep = np.flatnonzero(b.round > 0)
    takes = contract.dealer_takes_up(b.round, b.lone_seat)
    return dict(hands=b.play_hands[keep], trump=b.trump[keep], lone_seat=b.lone_seat[keep],
                side=b.maker[keep] & 1, maker=b.maker[keep], turn_up=d.turn_up[keep].astype(np.int64),
                taken=takes[keep], discard=b.discard[keep], calls=[b.calls(int(i)) for i in keep])


def compiled(args, rows, off, pack):
    assisted = [any(c.seat == C and c.action == "assist" for c in args["calls"][i]) for i in rows]
    return bookplay.play_book_hands(args["hands"][rows], args["trump"][rows], args["lone_seat"][rows], None,
                                    args["maker"][rows], args["turn_up"][rows], args["taken"][rows], assisted, off,
                                    pack=pack)


def assert_same_play(args, rows, off, pack):
    """Every card, the tricks and each seat's fired counts of the kernel equal the Python player's."""
    plays, won, fired = compiled(args, rows, off, pack)
    players = [BookPlayer(off) for _ in range(4)]          # one per seat: his own fired counts
    for j, i in enumerate(rows):
        before = [dict(p.fired) for p in players]
        discard = int(args["discard"][i])
        want, tricks = play_hand(args["hands"][i], int(args["trump"][i]), players, int(args["lone_seat"][i]),
                                 int(args["maker"][i]), None, int(args["turn_up"][i]), bool(args["taken"][i]),
                                 discard if discard >= 0 else None, args["calls"][i], pack, int(i))
        got = plays[j][plays[j] >= 0].tolist()
        assert got == [c for _s, c in want], (pack, off, i)
        assert tuple(won[j]) == tricks, (pack, off, i)
        for s, p in enumerate(players):
            counts = {k: p.fired.get(k, 0) - before[s].get(k, 0) for k in CLAIMS}
            assert counts == dict(zip(bookplay.CLAIMS, fired[j, s].tolist())), (pack, off, i, s)
    return fired


@pytest.fixture(scope="module", params=[32, 24])
def dealt(request):
    pack = request.param
    return pack, bid(1200, np.random.SeedSequence((11, pack)), pack)


def test_the_rules_and_claims_are_the_pythons_in_order():
    assert bookplay.CLAIMS == CLAIMS
    assert bookplay.RULE_CLAIMS == tuple(r.claim for r in RULES)


def test_every_card_as_the_python_player(dealt):
    pack, args = dealt
    assert (args["lone_seat"] >= 0).sum() > 50                    # lone hands are among them
    fired = assert_same_play(args, np.arange(len(args["hands"])), (), pack)
    assert (fired.sum(axis=(0, 1)) > 0).all()                      # and every claim's rules fire


def test_every_card_with_each_claim_switched_off(dealt):
    pack, args = dealt
    _plays, _won, fired = compiled(args, np.arange(len(args["hands"])), (), pack)
    for k, claim in enumerate(bookplay.CLAIMS):
        rows = np.flatnonzero(fired[:, :, k].sum(axis=1))[:30]    # hands where switching it off matters
        off_fired = assert_same_play(args, rows, {claim}, pack)
        assert not off_fired[:, :, k].any()


def test_table_play_book_plays_compiled_and_alike(dealt):
    pack, _args = dealt
    d = sample_deals(200, np.random.SeedSequence((12, pack)), pack=pack)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    fast = TablePlay("book", pack=pack)
    slow = TablePlay(players=[BookPlayer() for _ in range(4)], pack=pack)     # four players: the Python path
    np.testing.assert_array_equal(fast.play_bidding(b, d.turn_up), slow.play_bidding(b, d.turn_up))
    total = {}
    for p in slow.players:
        for k, v in p.fired.items():
            total[k] = total.get(k, 0) + v
    assert fast.players[0].fired == total
    live = np.flatnonzero(b.maker >= 0)
    tricks = [t.maker_tricks(b.play_hands[live], b.trump[live], contract.leader(b.lone_seat[live]),
                             b.lone_seat[live], b.maker[live] & 1) for t in (fast, slow)]
    np.testing.assert_array_equal(*tricks)


def test_bad_input_is_named():
    args = bid(40, 3, 32)
    with pytest.raises(EuchreError, match="no card-play rule of claim X1"):
        play_book_batch(**args, off={"X1"})
    with pytest.raises(EuchreError, match=r"shape \(N, 4\)"):
        play_book_batch(**{**args, "hands": args["hands"][:, :3]})
    short = args["hands"].copy()
    short[0, 1] &= short[0, 1] - 1                                 # B holds four cards
    with pytest.raises(EuchreError, match="deal 0: the hands hold"):
        play_book_batch(**{**args, "hands": short})
    with pytest.raises(EuchreError, match="maker of deal 0 is 4"):
        play_book_batch(**{**args, "maker": np.where(np.arange(len(short)) == 0, 4, args["maker"])})
    with pytest.raises(EuchreError, match="not in the 24-card pack"):
        play_book_batch(**args, pack=24)


def test_one_side_without_a_claim_as_the_python_players(dealt):
    pack, args = dealt
    rows = np.arange(60)
    off = [(), {"E7", "S10"}, (), {"E7", "S10"}]                  # BD without two claims, AC with all
    assisted = [any(c.seat == C and c.action == "assist" for c in args["calls"][i]) for i in rows]
    plays, won, _f = bookplay.play_book_hands(args["hands"][rows], args["trump"][rows], args["lone_seat"][rows],
                                              None, args["maker"][rows], args["turn_up"][rows], args["taken"][rows],
                                              assisted, pack=pack, off_by_seat=off)
    players = [BookPlayer(o) for o in off]
    for j, i in enumerate(rows):
        discard = int(args["discard"][i])
        want, tricks = play_hand(args["hands"][i], int(args["trump"][i]), players, int(args["lone_seat"][i]),
                                 int(args["maker"][i]), None, int(args["turn_up"][i]), bool(args["taken"][i]),
                                 discard if discard >= 0 else None, args["calls"][i], pack, int(i))
        assert plays[j][plays[j] >= 0].tolist() == [c for _s, c in want] and tuple(won[j]) == tricks
    with pytest.raises(EuchreError, match="four sets"):
        bookplay.play_book_hands(args["hands"][:2], args["trump"][:2], -1, None, -1, -1, 0, 0, off_by_seat=[()])

"""The compiled PIMC play (fastcore.pimcplay, analysis.play.pimc.play_pimc_batch) equals the Python
PIMCPlayer at the table (analysis.play.table.play_hands) card for card, with uniform worlds."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bidding.auction import bid_batch
from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.game import contract
from analysis.game.rules import Rules
from analysis.play.pimc import PIMCPlayer, play_pimc_batch
from analysis.play.table import play_hand, play_hands
from fastcore.pimcplay import play_pimc_hands
from analysis.seeds import root_state
from fastcore.sampler import sample_deals

A, B, C, D = 0, 1, 2, 3


def bid(n, seed, pack):
    """Deals bid by the book's policy, the played ones as play_hands' arguments (as bench.table.book_hands)."""
    d = sample_deals(n, seed, pack=pack)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    keep = np.flatnonzero(b.round > 0)
    takes = contract.dealer_takes_up(b.round, b.lone_seat)
    return dict(hands=b.play_hands[keep], trump=b.trump[keep], lone_seat=b.lone_seat[keep],
                side=b.maker[keep] & 1, maker=b.maker[keep], turn_up=d.turn_up[keep].astype(np.int64),
                taken=takes[keep], discard=b.discard[keep], calls=[b.calls(int(i)) for i in keep])


@pytest.fixture(scope="module", params=[32, 24])
def dealt(request):
    """A pack and about 280 bid deals: 200 played by two, and up to 20 lone hands of each lone seat."""
    pack = request.param
    args = bid(1500, np.random.SeedSequence((31, pack)), pack)
    lone = args["lone_seat"]
    rows = list(np.flatnonzero(lone < 0)[:200])
    for seat in range(4):
        rows += list(np.flatnonzero(lone == seat)[:20])
    rows = np.array(sorted(rows))
    assert all((lone[rows] == seat).sum() >= 10 for seat in range(4))
    picked = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    return pack, picked


@pytest.mark.parametrize("worlds, seed", [(1, 0), (3, 7), (32, 2), (32, 19)])
def test_compiled_hands_equal_the_python_players(dealt, worlds, seed):
    pack, args = dealt
    player = PIMCPlayer(worlds, seed)
    want = play_hands(players=[player] * 4, pack=pack, **args)
    got, decisions, contradicted = play_pimc_batch(worlds=worlds, seed=seed, pack=pack, **args)
    assert contradicted == []
    assert got.dtype == np.int8
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions


def test_compiled_cards_equal_the_python_players_card_for_card(dealt):
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 3)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    plays, won, _decisions = play_pimc_hands(sub["hands"], sub["trump"], sub["lone_seat"], None, sub["turn_up"],
                                             sub["taken"], sub["discard"], 4, root_state(9), pack=pack)
    player = PIMCPlayer(4, 9)
    for j in range(len(rows)):
        discard = int(sub["discard"][j])
        want, tricks = play_hand(sub["hands"][j], int(sub["trump"][j]), [player] * 4, int(sub["lone_seat"][j]),
                                 int(sub["maker"][j]), None, int(sub["turn_up"][j]), bool(sub["taken"][j]),
                                 discard if discard >= 0 else None, sub["calls"][j], pack, j)
        assert plays[j][plays[j] >= 0].tolist() == [c for _s, c in want], (pack, j)
        assert tuple(won[j]) == tricks, (pack, j)


@pytest.mark.parametrize("told", ["nothing", "leader", "turn_up", "turn_up_taken"])
def test_compiled_hands_equal_the_python_players_told_less(dealt, told):
    """Without the turn-up, whether it was taken or the discard (as TablePlay.maker_tricks plays), or with
    part of them."""
    pack, args = dealt
    base = dict(hands=args["hands"], trump=args["trump"], lone_seat=args["lone_seat"], side=args["side"])
    if told == "leader":
        base["leader"] = contract.leader(args["lone_seat"])
    if told == "turn_up":             # known where turned down (not taken: then it is in no hand)
        base["turn_up"] = np.where(args["taken"], -1, args["turn_up"])
    if told == "turn_up_taken":
        base["turn_up"] = args["turn_up"]
        base["taken"] = args["taken"]
    player = PIMCPlayer(3, 11)
    want = play_hands(players=[player] * 4, pack=pack, **base)
    got, decisions, _c = play_pimc_batch(worlds=3, seed=11, pack=pack, **base)
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions


def test_the_table_kept_and_the_shortcut_change_no_card(dealt):
    """The transposition table kept across decisions, hands or the batch, of any size, and the
    equivalent legal cards played without search: the same cards as one table a decision."""
    pack, args = dealt
    call = (args["hands"], args["trump"], args["lone_seat"], None, args["turn_up"], args["taken"], args["discard"],
            8, root_state(3))
    plays, won, decisions = play_pimc_hands(*call, pack=pack, table_clear="decision", shortcut=False, table_bits=12)
    for kw in (dict(), dict(table_clear="hand"), dict(table_clear="batch", table_bits=6),
               dict(table_clear="decision", shortcut=True)):
        p, w, dec = play_pimc_hands(*call, pack=pack, **kw)
        np.testing.assert_array_equal(p, plays)
        np.testing.assert_array_equal(w, won)
        assert dec == decisions


def test_one_deal_with_scalars_and_an_empty_batch():
    args = bid(40, 5, 32)
    i = int(np.flatnonzero(args["lone_seat"] < 0)[0])
    one = dict(hands=args["hands"][i:i + 1], trump=int(args["trump"][i]), lone_seat=-1, side=int(args["side"][i]),
               turn_up=int(args["turn_up"][i]), taken=bool(args["taken"][i]), discard=int(args["discard"][i]))
    player = PIMCPlayer(5, 12)
    want = play_hands(players=[player] * 4, **one)
    got, decisions, _c = play_pimc_batch(worlds=5, seed=12, **one)
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions
    got, decisions, _c = play_pimc_batch(np.zeros((0, 4), np.uint32), 0, -1, 0, 4, 1)
    assert got.shape == (0,) and decisions == 0


def _bad(**change):
    args = bid(60, 5, 32)
    i = int(np.flatnonzero((args["lone_seat"] < 0) & args["taken"])[0])
    kw = dict(hands=args["hands"][i:i + 1].copy(), trump=args["trump"][i:i + 1], lone_seat=-1, side=0,
              worlds=4, seed=1, turn_up=args["turn_up"][i:i + 1], taken=True, discard=args["discard"][i:i + 1])
    kw.update({k: (v(kw) if callable(v) else v) for k, v in change.items()})
    return kw


def _card_of(mask):
    return int(mask).bit_length() - 1


@pytest.mark.parametrize("change, message", [
    (dict(hands=np.zeros((2, 3), np.uint32)), "shape"),
    (dict(hands=lambda kw: kw["hands"] & ~np.uint32(1 << _card_of(kw["hands"][0, 1]))), "every player who plays"),
    (dict(trump=4), "trump of deal 0 is 4"),
    (dict(lone_seat=1, leader=3), "cannot lead"),
    (dict(side=2), "side of deal 0 is 2"),
    (dict(maker=7), "maker of deal 0 is 7"),
    (dict(worlds=0), "worlds must be a whole number"),
    (dict(worlds=True), "worlds must be a whole number"),
    (dict(seed=-1), "seed must be"),
    (dict(pack=28), "not a euchre pack"),
    (dict(turn_up=40), "turn-up of deal 0 is 40"),
    (dict(turn_up=lambda kw: np.array([_card_of(kw["hands"][0, 1])])), "A does not hold it"),
    (dict(turn_up=lambda kw: np.array([_card_of(kw["hands"][0, 2])]), taken=False), "turned down but C holds it"),
    (dict(discard=lambda kw: np.array([_card_of(kw["hands"][0, 3])])), "the discard .* is in D's hand"),
    (dict(taken=2), "taken of deal 0 is 2"),
])
def test_bad_input_is_refused_clearly(change, message):
    with pytest.raises(EuchreError, match=message):
        play_pimc_batch(**_bad(**change))


def test_cards_out_of_the_24_card_pack_are_refused():
    args = bid(60, 5, 32)
    sevens = np.flatnonzero((args["hands"][:, 1] & np.uint32(0x03030303)) != 0)
    i = int(sevens[0])
    with pytest.raises(EuchreError, match="not in the 24-card pack"):
        play_pimc_batch(args["hands"][i:i + 1], args["trump"][i], args["lone_seat"][i], 0, 4, 1, pack=24)
    args24 = bid(60, 5, 24)
    with pytest.raises(EuchreError, match="turn-up of deal 0, .* is not in the 24-card pack"):
        play_pimc_batch(args24["hands"][:1], args24["trump"][0], -1, 0, 4, 1, turn_up=0, pack=24)


# --- reading the calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("worlds, seed", [(4, 3), (32, 2)])
@pytest.mark.slow
def test_compiled_hands_reading_the_calls_equal_the_python_players(dealt, worlds, seed):
    """PIMC reading the calls under the book's bidding, falling back to the cards alone when they
    mislead: the same cards as the Python player (its worlds judged by the same tables)."""
    from analysis.play.worlds import BiddingModel
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 2 if worlds < 32 else 6)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    model = BiddingModel(BookPolicy(), Rules(pack=pack))
    player = PIMCPlayer(worlds, seed, model, fallback=True)
    want = play_hands(players=[player] * 4, pack=pack, **sub)
    got, decisions, contradicted = play_pimc_batch(worlds=worlds, seed=seed, pack=pack, model=model, **sub)
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions
    assert contradicted == player.contradicted


def test_reading_the_calls_needs_them():
    from analysis.play.worlds import BiddingModel
    args = bid(40, 5, 32)
    with pytest.raises(EuchreError, match="calls and turn-up"):
        play_pimc_batch(args["hands"], args["trump"], args["lone_seat"], args["side"], 4, 1,
                        model=BiddingModel(BookPolicy()))


def test_compiled_players_misled_by_the_calls_fall_back_as_the_python_players(dealt):
    """Under a model in which B never orders up, the deals where he did contradict it: both
    players see it at the same decision and read the cards alone for the rest of the hand."""
    from analysis.bidding.policy import Forced
    from analysis.play.worlds import BiddingModel
    pack, args = dealt
    ordered = [i for i, calls in enumerate(args["calls"]) if any(c.seat == B and c.action == "order up" for c in calls)]
    rows = np.array(ordered[:30] + list(range(6)))
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    model = BiddingModel(Forced(BookPolicy(), B, "first_round", "pass"), Rules(pack=pack))
    player = PIMCPlayer(4, 5, model, fallback=True)
    want = play_hands(players=[player] * 4, pack=pack, **sub)
    got, decisions, contradicted = play_pimc_batch(worlds=4, seed=5, pack=pack, model=model, **sub)
    np.testing.assert_array_equal(got, want)
    assert contradicted == player.contradicted
    assert {k[0] for k in contradicted} >= set(range(min(6, len(ordered))))


# --- playing for the hand's points ---------------------------------------------------------------------

def test_net_points_are_the_laws_points_of_the_hand():
    from analysis.game.rules import hand_points
    from analysis.play.pimc import net_points
    for maker in range(4):
        for lone in (-1, maker):
            for side in (0, 1):
                for tricks in range(6):
                    made = tricks if side == maker & 1 else 5 - tricks
                    mine, theirs = hand_points(made, lone >= 0)
                    want = (mine - theirs) * (1 if side == maker & 1 else -1)
                    assert net_points(np.array([tricks]), side, maker, lone)[0] == want
    with pytest.raises(EuchreError, match="makers' seat"):
        net_points(np.array([3]), 0, -1, -1)


def test_compiled_players_for_points_equal_the_python_players_card_for_card(dealt):
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 2)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    plays, won, _d = play_pimc_hands(sub["hands"], sub["trump"], sub["lone_seat"], None, sub["turn_up"],
                                     sub["taken"], sub["discard"], 8, root_state(4), pack=pack,
                                     makers=sub["maker"] & 1)
    tricks_plays, _w, _d = play_pimc_hands(sub["hands"], sub["trump"], sub["lone_seat"], None, sub["turn_up"],
                                           sub["taken"], sub["discard"], 8, root_state(4), pack=pack)
    assert (plays != tricks_plays).any(axis=1).sum() >= 3      # the points change some cards
    player = PIMCPlayer(8, 4, points=True)
    for j in range(len(rows)):
        discard = int(sub["discard"][j])
        want, tricks = play_hand(sub["hands"][j], int(sub["trump"][j]), [player] * 4, int(sub["lone_seat"][j]),
                                 int(sub["maker"][j]), None, int(sub["turn_up"][j]), bool(sub["taken"][j]),
                                 discard if discard >= 0 else None, sub["calls"][j], pack, j)
        assert plays[j][plays[j] >= 0].tolist() == [c for _s, c in want], (pack, j)
        assert tuple(won[j]) == tricks, (pack, j)


def test_compiled_players_for_points_reading_the_calls_equal_the_python_players(dealt):
    from analysis.play.worlds import BiddingModel
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 4)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    model = BiddingModel(BookPolicy(), Rules(pack=pack))
    player = PIMCPlayer(16, 5, model, fallback=True, points=True)
    want = play_hands(players=[player] * 4, pack=pack, **sub)
    got, decisions, contradicted = play_pimc_batch(worlds=16, seed=5, pack=pack, model=model, points=True, **sub)
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions and contradicted == player.contradicted
    # the maker unknown, both refuse to play for the points
    told = {k: v for k, v in sub.items() if k != "maker"}
    with pytest.raises(EuchreError, match="makers' seat"):
        play_pimc_batch(worlds=16, seed=5, pack=pack, model=model, points=True, **told)
    with pytest.raises(EuchreError, match="makers' seat"):
        play_hands(players=[player] * 4, pack=pack, **told)


def test_forced_cards_are_played_as_given_and_the_rest_as_the_python_players(dealt):
    """A hand's first cards replayed and one branch's card after them: the compiled players and the
    Python players continue alike, reading the calls, for points."""
    from analysis.play.pimc import pimc_hands
    from analysis.play.worlds import BiddingModel
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 5)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    model = BiddingModel(BookPolicy(), Rules(pack=pack))
    plays, _won, _d, _c = pimc_hands(worlds=8, seed=3, pack=pack, model=model, points=True,
                                     **{k: v for k, v in sub.items() if k != "side"})
    # force each hand's first k cards as played, then the lowest other legal card at card k
    rng = np.random.default_rng(4)
    forced = np.full(plays.shape, -1, np.int8)
    branched = 0
    for j in range(len(rows)):
        # at a trick's lead every card held is legal: branch there, after the first trick or two
        active = 3 if sub["lone_seat"][j] >= 0 else 4
        k = active * int(rng.integers(0, 3))
        forced[j, :k] = plays[j, :k]
        seat_at, _card = play_hand(sub["hands"][j], int(sub["trump"][j]), [PIMCPlayer(1, 0)] * 4,
                                   int(sub["lone_seat"][j]), forced=tuple(int(c) for c in plays[j, :k]))[0][k]
        held = int(sub["hands"][j][seat_at]) & ~sum(1 << int(c) for c in plays[j, :k])
        others = [c for c in range(32) if held >> c & 1 and c != plays[j, k]]
        if others:
            forced[j, k] = others[0]
            branched += 1
    assert branched > 5
    player = PIMCPlayer(8, 3, model, fallback=True, points=True)
    want = play_hands(players=[player] * 4, pack=pack, forced=forced, **sub)
    got, decisions, contradicted = play_pimc_batch(worlds=8, seed=3, pack=pack, model=model, points=True,
                                                   forced=forced, **sub)
    np.testing.assert_array_equal(got, want)
    assert decisions == player.decisions and contradicted == player.contradicted
    again, _w, _d, _c = pimc_hands(worlds=8, seed=3, pack=pack, model=model, points=True, forced=forced,
                                   **{k: v for k, v in sub.items() if k != "side"})
    given = forced >= 0
    np.testing.assert_array_equal(again[given], forced[given])


def test_a_forced_card_that_is_not_legal_is_refused():
    args = bid(200, 8, 32)
    hands = args["hands"][:1]
    other = next(c for c in range(32) if hands[0, 2] >> c & 1)      # a card of C, forced on B's lead
    forced = np.full((1, 20), -1, np.int8)
    forced[0, 0] = other
    with pytest.raises(EuchreError, match="forced card is not one of his legal cards"):
        play_pimc_batch(hands, args["trump"][:1], args["lone_seat"][:1], 0, 4, 1, forced=forced)
    with pytest.raises(EuchreError, match="forced card is not one of his legal cards"):
        play_hands(hands, args["trump"][:1], args["lone_seat"][:1], 0, [PIMCPlayer(4, 1)] * 4, forced=forced)
    with pytest.raises(EuchreError, match="one row of 20"):
        play_pimc_batch(hands, args["trump"][:1], args["lone_seat"][:1], 0, 4, 1, forced=forced[:, :5])


def test_forced_cards_out_of_range_or_after_a_lone_hand_are_refused_by_both_paths():
    args = bid(300, 8, 32)
    lone = np.flatnonzero(args["lone_seat"] >= 0)[:1]
    rows = np.concatenate([[0], lone])
    hands, trump, lone_seat = args["hands"][rows], args["trump"][rows], args["lone_seat"][rows]
    for bad, message in ((256, "cards of the 32-card pack"), (-2, "cards of the 32-card pack"),
                         (0, "15 cards")):
        forced = np.full((len(rows), 20), -1, np.int64)
        forced[-1, 19 if message == "15 cards" else 0] = bad
        with pytest.raises(EuchreError, match=message):
            play_pimc_batch(hands, trump, lone_seat, 0, 4, 1, forced=forced)
        with pytest.raises(EuchreError, match=message):
            play_hands(hands, trump, lone_seat, 0, [PIMCPlayer(4, 1)] * 4, forced=forced)


def test_players_told_a_deal_misled_them_read_the_cards_alone_in_it_on_both_paths(dealt):
    from analysis.play.pimc import pimc_hands
    from analysis.play.worlds import BiddingModel
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 6)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    model = BiddingModel(BookPolicy(), Rules(pack=pack))
    misled = np.arange(len(rows)) % 2 == 0
    player = PIMCPlayer(8, 3, model, fallback=True, points=True)
    player.misled_on(np.flatnonzero(misled))
    want = play_hands(players=[player] * 4, pack=pack, **sub)
    _p, won, decisions, _c = pimc_hands(worlds=8, seed=3, pack=pack, model=model, points=True, misled=misled,
                                        **{k: v for k, v in sub.items() if k != "side"})
    np.testing.assert_array_equal(won[np.arange(len(rows)), np.asarray(sub["side"])], want)
    # the misled deals are played as from the cards alone
    alone = play_hands(players=[PIMCPlayer(8, 3, points=True)] * 4, pack=pack, **sub)
    np.testing.assert_array_equal(want[misled], alone[misled])


def test_a_careful_seat_plays_as_the_python_careful_player_and_only_it(dealt):
    """B plays carefully (the other side 2 points short of game), the others for points: the compiled
    players play the Python players' cards, and careful play changes some hand."""
    from analysis.play.worlds import BiddingModel
    pack, args = dealt
    rows = np.arange(0, len(args["hands"]), 3)
    sub = {k: (v[rows] if isinstance(v, np.ndarray) else [v[i] for i in rows]) for k, v in args.items()}
    model = BiddingModel(BookPolicy(), Rules(pack=pack))
    careful = PIMCPlayer(8, 2, model, fallback=True, points=True, careful=2)
    plain = PIMCPlayer(8, 2, model, fallback=True, points=True)
    want = play_hands(players=[plain, careful, plain, plain], pack=pack, **sub)
    got, _d, _c = play_pimc_batch(worlds=8, seed=2, pack=pack, model=model, points=True, careful_seat=1,
                                  careful_need=2, **sub)
    np.testing.assert_array_equal(got, want)
    ordinary, _d, _c = play_pimc_batch(worlds=8, seed=2, pack=pack, model=model, points=True, **sub)
    assert (ordinary != got).any()
    with pytest.raises(EuchreError, match="careful play"):
        play_pimc_batch(worlds=8, seed=2, pack=pack, model=model, careful_seat=1, careful_need=2, **sub)

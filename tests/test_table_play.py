"""Table-side play: the batch of one decision in many worlds against the reference solver, the
PIMC and simple players, and the table view of ``euchrelab solve``."""
import numpy as np
import pytest

from analysis.play import reference
from analysis.bidding.book_policy import BookPolicy
from analysis.game.cards import mask_of, pack_cards
from analysis.play.engines import get_engine
from analysis.errors import EuchreError
from analysis.play.information import start_info
from analysis.game.cards import effective_suit, partner_of
from analysis.bidding.auction import bid_batch
from analysis.simulator import simulate
from analysis.play.pimc import PIMCPlayer
from analysis.play.players import SimplePlayer
from analysis.play.table import TablePlay, play_hand, play_hands
from fastcore import solver
from fastcore.sampler import sample_deals


def _rng(seed):
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))


def random_state(rng, pack=32, lone_seat=None, trump=0, n_played=0):
    cards = rng.permutation(pack_cards(pack)).tolist()
    hands = [sorted(cards[5 * s:5 * s + 5]) for s in range(4)]
    if lone_seat is not None:
        hands[partner_of(lone_seat)] = []
    active = [s for s in range(4) if lone_seat is None or s != partner_of(lone_seat)]
    leader = active[int(rng.integers(len(active)))]
    state = reference.start(hands, trump, leader, lone_seat)
    for _ in range(n_played):
        state.play(int(rng.choice(state.legal())))
    return state


def other_worlds(rng, state, n):
    """Worlds of ``state``: the cards still held by the players other than the one to move dealt
    again among them (same sizes), keeping only deals in which nobody revoked in the trick."""
    mover = state.to_move
    others = [s for s in range(4) if s != mover and state.hands[s]]
    pool = [c for s in others for c in state.hands[s]]
    led = effective_suit(state.trick[0][1], state.trump) if state.trick else None
    worlds = [[set(h) for h in state.hands]]
    while len(worlds) < n:
        perm = rng.permutation(pool).tolist()
        w = [set(h) for h in state.hands]
        at = 0
        for s in others:
            w[s] = set(perm[at:at + len(state.hands[s])])
            at += len(state.hands[s])
        if any(effective_suit(c, state.trump) != led and any(effective_suit(x, state.trump) == led for x in w[s])
               for s, c in state.trick[1:]):
            continue
        worlds.append(w)
    return worlds


@pytest.mark.slow
@pytest.mark.parametrize("pack", [32, 24])
@pytest.mark.parametrize("lone_seat", [None, 0, 1])
def test_batch_move_values_equal_the_reference(pack, lone_seat):
    rng = _rng((pack, 9 if lone_seat is None else lone_seat, 13))
    per_trick = 3 if lone_seat is not None else 4
    for i in range(14):
        state = random_state(rng, pack, lone_seat, trump=i % 4,
                             n_played=int(rng.integers(per_trick, 2 * per_trick + per_trick - 1)))
        worlds = other_worlds(rng, state, 4)
        masks = np.array([[mask_of(h) for h in w] for w in worlds], np.uint32)
        side = int(rng.integers(2))
        lone = -1 if lone_seat is None else lone_seat
        seat, values = solver.move_values_batch(masks, state.trump, state.leader, [c for _s, c in state.trick],
                                                lone, side, pack=pack)
        assert seat == state.to_move
        for w, hands in enumerate(worlds):
            ws = reference.PlayState([frozenset(h) for h in hands], state.trump, state.lone_seat, state.leader,
                                     list(state.trick), list(state.won))
            ref = reference.solve_state(ws, analyse=True).moves
            total = 5 - state.won[0] - state.won[1]
            expect = np.full(32, -1, np.int8)
            for card, ac in ref.items():
                expect[card] = ac - state.won[0] if side == 0 else total - (ac - state.won[0])
            assert values[w].tolist() == expect.tolist(), (i, w)


def test_batch_threads_and_start_of_play_agree_with_move_values():
    rng = _rng(21)
    state = random_state(rng, 32, None, trump=2, n_played=0)
    worlds = other_worlds(rng, state, 16)
    masks = np.array([[mask_of(h) for h in w] for w in worlds], np.uint32)
    _seat, one = solver.move_values_batch(masks, 2, state.leader, (), -1, 0)
    _seat, two = solver.move_values_batch(masks, 2, state.leader, (), -1, 0, threads=2)
    assert (one == two).all()
    for w in range(3):
        _s, mv = solver.move_values(masks[w], 2, state.leader, (), -1, 0)
        assert {c: int(one[w, c]) for c in range(32) if one[w, c] >= 0} == mv


def test_batch_errors():
    rng = _rng(5)
    state = random_state(rng, 32, None, trump=0, n_played=1)
    worlds = other_worlds(rng, state, 2)
    masks = np.array([[mask_of(h) for h in w] for w in worlds], np.uint32)
    trick = [c for _s, c in state.trick]
    bad = masks.copy()
    mover = state.to_move
    bad[1, mover] = masks[0, (mover + 1) % 4]
    with pytest.raises(EuchreError, match="same cards in every world"):
        solver.move_values_batch(bad, 0, state.leader, trick, -1, 0)
    with pytest.raises(EuchreError, match="on the table and in a hand"):
        solver.move_values_batch(masks, 0, state.leader, [c for c in pack_cards(32) if (int(masks[0, mover]) >> c) & 1][:1], -1, 0)
    with pytest.raises(EuchreError, match="trump"):
        solver.move_values_batch(masks, 7, state.leader, trick, -1, 0)


# --- players and whole hands -----------------------------------------------------------------


def test_simple_player_wins_cheaply_or_throws_low():
    from analysis.game.cards import parse_card
    from analysis.play.information import InfoSet
    c = {t: parse_card(t) for t in ("KH", "AH", "QH", "9S", "TD", "7C", "JS", "TH")}
    # spades trumps; B led the king of hearts; C holds the ace and queen of hearts and the nine of spades
    i = InfoSet(player=2, hand=(1 << c["AH"]) | (1 << c["QH"]) | (1 << c["9S"]), trump=0, maker=1, leader=1,
                trick=((1, c["KH"]),), played=(0, 1 << c["KH"], 0, 0), _tricks_done=2)
    assert SimplePlayer().choose(i, (0, 0)) == c["AH"]
    # void in hearts: the cheapest winner is a trump
    i = InfoSet(player=2, hand=(1 << c["TD"]) | (1 << c["9S"]) | (1 << c["JS"]), trump=0, maker=1, leader=1,
                trick=((1, c["KH"]),), played=(0, 1 << c["KH"], 0, 0), _tricks_done=2)
    assert SimplePlayer().choose(i, (0, 0)) == c["9S"]
    # the partner (A) is winning: throw the lowest
    i = InfoSet(player=2, hand=(1 << c["TD"]) | (1 << c["7C"]) | (1 << c["JS"]), trump=0, maker=1, leader=0,
                trick=((0, c["KH"]), (1, c["QH"])), played=(1 << c["KH"], 1 << c["QH"], 0, 0), _tricks_done=2)
    assert SimplePlayer().choose(i, (0, 0)) == c["7C"]
    # nothing wins: throw the lowest
    i = InfoSet(player=2, hand=(1 << c["TH"]) | (1 << c["JS"]), trump=0, maker=1, leader=1,
                trick=((1, c["AH"]),), played=(0, 1 << c["AH"], 0, 0), _tricks_done=3)
    assert SimplePlayer().choose(i, (0, 0)) == c["TH"]


def test_pimc_hands_are_deterministic_and_mixed_seats_play():
    d = sample_deals(6, 31)
    b = bid_batch_book(d)
    pimc = PIMCPlayer(8, seed=5)
    players = [pimc, SimplePlayer(), pimc, SimplePlayer()]
    one = play_hands(b.play_hands, b.trump, b.lone_seat, b.maker & 1, players)
    two = play_hands(b.play_hands, b.trump, b.lone_seat, b.maker & 1, players)
    assert (one == two).all() and ((0 <= one) & (one <= 5)).all()
    plays, won = play_hand(b.play_hands[0], int(b.trump[0]), [pimc] * 4, int(b.lone_seat[0]))
    assert sum(won) == 5 and len(plays) == (20 if b.lone_seat[0] < 0 else 15)


def bid_batch_book(d):
    from analysis.bidding.auction import bid_batch
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    keep = b.round > 0
    b.play_hands, b.trump, b.lone_seat, b.maker = (b.play_hands[keep], b.trump[keep], b.lone_seat[keep],
                                                  b.maker[keep])
    return b


def test_pimc_values_cover_the_legal_cards():
    d = sample_deals(1, 8)
    hands = [int(x) for x in d.hands[0]]
    info = start_info(1, hands[1], 0, 1)
    from analysis.play.pimc import pimc_values
    values, n, _acc = pimc_values(info, 16, 3)
    assert n == 16 and set(values) == {c for c in range(32) if (hands[1] >> c) & 1}
    assert all(0 <= v <= 5 for v in values.values())


def test_pimc_plays_the_best_mean_for_its_side_lowest_card_on_ties():
    from analysis.bench.table import decisions
    from analysis.play.pimc import pimc_values
    player = PIMCPlayer(8, seed=4)
    for info, key in decisions(6, 77)[:25]:
        values, _n, _a = pimc_values(info, 8, 4, key=(*key, info.player))
        mine = {c: (v if info.player % 2 == 0 else -v) for c, v in values.items()}
        best = max(mine.values())
        assert player.choose(info, key) == min(c for c, v in mine.items() if abs(v - best) < 1e-9)


def test_engines_through_simulate():
    d = sample_deals(8, 3)
    base = simulate(d, BookPolicy())
    for name in ("simple", "pimc"):
        r = simulate(d, BookPolicy(), engine=get_engine(name, worlds=4, seed=2))
        assert (r.maker == base.maker).all()
        assert ((r.maker_tricks >= 0) & (r.maker_tricks <= 5)).all()
    with pytest.raises(EuchreError, match="unknown"):
        get_engine("psychic")
    d24 = sample_deals(4, 3, 24)
    r = simulate(d24, BookPolicy(), engine=get_engine("pimc", worlds=4, seed=2, pack=24))
    assert ((r.maker_tricks >= 0) & (r.maker_tricks <= 5)).all()


# --- the table view of euchrelab solve ---------------------------------------------------------

def _table(obj):
    from analysis.tools.solve import table_view
    return table_view(obj)


def _table_with(obj, solver):
    from analysis.tools.solve import table_view
    return table_view(obj, solver)


def test_table_view_uses_only_what_the_player_can_know():
    from analysis.game.cards import card_text, parse_cards
    hands = {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}
    line = {"view": "table", "worlds": 24, "seed": 7, "trump": "C", "turn_up": "9C", "hands": hands,
            "played": ["JD", "7D", "TC"]}
    first = _table(line)
    assert first["to_move"] == "A" and first["worlds"] == 24 and set(first["moves"]) == {"8S", "9C", "JC", "KH", "AH"}
    # the hidden cards dealt otherwise: B, C and D swap unplayed cards, D's diamond void kept
    other = {"A": hands["A"], "B": "AC QH 8H JD 9S", "C": "7D 8D TD AS TH", "D": "KC TC QS TS 9H"}
    assert _table({**line, "hands": other}) == first
    # the reference solver gives the same answer
    from analysis.play.double_dummy import get_solver
    assert _table_with({**line, "worlds": 4}, get_solver("reference")) == _table({**line, "worlds": 4})
    # the dealer's discard is known to him alone: it changes his worlds, and nobody else's
    assert _table({**line, "discard": "QC"})["moves"] != first["moves"]
    d_to_move = {**line, "played": ["JD", "7D"]}
    assert _table({**d_to_move, "discard": "QC"}) == _table(d_to_move)
    del card_text, parse_cards


def test_table_view_through_the_command_line():
    import json
    import subprocess
    import sys
    line = {"view": "table", "worlds": 8, "trump": "C", "hands": {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS",
            "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}}
    lines = [json.dumps(line), json.dumps({**line, "worlds": 0})]
    out = subprocess.run([sys.executable, "-m", "analysis.commands.cli", "solve"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=120)
    got = json.loads(out.stdout.splitlines()[0])
    assert got["worlds"] == 8 and got["to_move"] == "B" and len(got["moves"]) == 5
    assert out.returncode == 2 and "line 2" in out.stderr and "worlds" in out.stderr


def test_table_view_gives_each_mean_its_interval_and_each_card_its_difference_from_the_best():
    """Each mean has its 95% interval over the worlds, and every card but the best (the mover's
    side's highest mean) its paired difference from it, in his side's tricks."""
    hands = {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}
    for played, side in ((["JD"], 1), (["JD", "7D"], -1)):        # C (with A) to move, then D (with B)
        got = _table({"view": "table", "worlds": 60, "seed": 2, "trump": "C", "hands": hands, "played": played})
        assert got["worlds"] == 60
        for card, mean in got["moves"].items():
            low, high = got["ci"][card]
            assert low <= mean <= high and high - low < 2
        own = {card: side * mean for card, mean in got["moves"].items()}
        assert got["best"] == max(own, key=own.get)
        assert set(got["vs_best"]) == set(got["moves"]) - {got["best"]}
        for card, (diff, low, high) in got["vs_best"].items():
            assert diff == pytest.approx(own[card] - own[got["best"]], abs=1e-5) and low <= diff <= high


def test_table_view_reads_the_calls_under_the_book_policy():
    line = {"view": "table", "worlds": 8, "seed": 1, "trump": "C", "turn_up": "TC",
            "hands": {"A": "TC AC KH QD KD", "B": "TS 9C 7H QH TD", "C": "KS AS JC 8H JH", "D": "8S 7C 8C QC KC"},
            "calls": [{"seat": "B", "action": "pass"}, {"seat": "C", "action": "pass"},
                      {"seat": "D", "action": "order up"}]}
    got = _table(line)
    assert got["worlds"] == 8 and 0 < got["acceptance"] < 1 and got["to_move"] == "B"
    # the calls are public: the same calls over hidden cards dealt otherwise give the same answer
    other = {**line, "hands": {**line["hands"], "C": "KS AS JC 8H 8S", "D": "JH 7C 8C QC KC"}}
    assert _table(other) == got


def test_world_values_of_both_solvers_agree():
    from analysis.play.double_dummy import get_solver
    rng = _rng(44)
    for i, lone in enumerate([None, 3, None]):
        state = random_state(rng, 32, lone, trump=i, n_played=int(rng.integers(5, 10)))
        worlds = other_worlds(rng, state, 3)
        masks = np.array([[mask_of(h) for h in w] for w in worlds], np.uint32)
        args = (masks, state.trump, state.leader, [c for _s, c in state.trick], -1 if lone is None else lone, i % 2)
        fast = get_solver("compiled").world_values(*args)
        slow = get_solver("reference").world_values(*args)
        assert fast[0] == slow[0] and (fast[1] == slow[1]).all()


def test_table_play_of_a_bidding_knows_the_turn_up_and_the_calls():
    from analysis.bidding.auction import bid_batch
    d = sample_deals(6, 12)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    engine = TablePlay("pimc", worlds=4, seed=3)
    got = engine.play_bidding(b, d.turn_up)
    assert got.shape == (6,) and (got[b.maker < 0] == 0).all() and ((got >= 0) & (got <= 5)).all()


def test_table_view_refuses_a_turn_up_where_it_cannot_be():
    hands = {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}
    with pytest.raises(EuchreError, match="must hold it"):
        _table({"view": "table", "trump": "C", "turn_up": "7C", "hands": hands})
    with pytest.raises(EuchreError, match="cannot be in a hand"):
        _table({"view": "table", "trump": "C", "turn_up": "AH", "hands": hands})
    with pytest.raises(EuchreError, match="worlds"):
        _table({"view": "table", "worlds": 0, "trump": "C", "hands": hands})


def test_a_pimc_player_whose_reading_the_calls_rule_out_raises_or_reads_the_cards_alone():
    from analysis.bidding.policy import Forced
    from analysis.play.worlds import BiddingModel, CallsContradicted
    d = sample_deals(400, 41)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    i = int(np.flatnonzero((b.caller == 1) & (b.round == 1) & (b.lone_seat < 0))[0])
    info = start_info(3, int(b.play_hands[i, 3]), int(b.trump[i]), int(b.maker[i]), -1, int(d.turn_up[i]), True,
                      None, b.calls(i))
    while info.to_move != 3 or bin(info.legal()).count("1") < 2:   # D's first decision with a choice
        seat = info.to_move
        info = info.of(seat, int(b.play_hands[i, seat]) & ~info.gone()).play(
            SimplePlayer().choose(info.of(seat, int(b.play_hands[i, seat]) & ~info.gone()), ()))
        info = info.of(3, int(b.play_hands[i, 3]) & ~info.gone())
    never_orders = BiddingModel(Forced(BookPolicy(), 1, "first_round", "pass"))   # B would never order up
    with pytest.raises(CallsContradicted, match="contradict"):
        PIMCPlayer(8, 1, never_orders).choose(info, (0, 0))
    reader = PIMCPlayer(8, 1, never_orders, fallback=True)
    assert reader.choose(info, (0, 0)) == PIMCPlayer(8, 1).choose(info, (0, 0))
    assert reader.contradicted == [(0, 0, 3)]
    reader.choose(info, (0, 1))           # the same hand: he reads the cards alone from then on
    reader.choose(info, (1, 0))           # another hand: he tries the model again
    assert reader.contradicted == [(0, 0, 3), (1, 0, 3)]


def test_pimc_at_the_table_plays_compiled_the_same_cards_and_counts_its_decisions():
    from analysis.bidding.auction import bid_batch
    from analysis.bidding.book_policy import BookPolicy
    from analysis.play.pimc import PIMCPlayer
    from analysis.play.table import TablePlay, play_hands
    from fastcore.sampler import sample_deals

    d = sample_deals(40, 9)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    engine = TablePlay("pimc", worlds=3, seed=5)
    got = engine.play_bidding(b, d.turn_up)
    live = np.flatnonzero(b.maker >= 0)
    reference = PIMCPlayer(3, 5)
    from analysis.game import contract
    want = play_hands(b.play_hands[live], b.trump[live], b.lone_seat[live], b.maker[live] & 1, [reference] * 4,
                      leader=contract.leader(b.lone_seat[live]), maker=b.maker[live], turn_up=d.turn_up[live],
                      taken=contract.dealer_takes_up(b.round, b.lone_seat)[live], discard=b.discard[live])
    assert np.array_equal(got[live], want)
    assert engine.players[0].decisions == reference.decisions > 0


@pytest.mark.slow
def test_pimc_reading_the_calls_hears_the_policies_that_bid():
    from analysis.bidding.auction import bid_batch
    from analysis.bidding.book_policy import BookPolicy, BookParams
    from analysis.play.table import TablePlay
    from analysis.simulator import play_contract
    from fastcore.sampler import sample_deals

    d = sample_deals(12, 4)
    policy = BookPolicy(BookParams(caution_from=4))
    b = bid_batch(d.hands, d.turn_up, policy)
    engine = TablePlay("pimc-calls", worlds=4, seed=2)
    heard = engine.hearing(b.bidders)
    assert heard[0].model is not None and heard[0].model.policies == [policy] * 4
    assert heard[0] is heard[1] is heard[2] is heard[3]
    assert b.take(np.arange(3)).bidders == b.bidders
    engine.play_bidding(b, d.turn_up)
    assert engine.players[0].decisions > 0
    assert engine.hearing(None)[0].model is None         # a fixed contract: the cards alone
    r = play_contract(d, maker=1, engine=engine)
    assert len(r) == 12


def test_play_table_is_the_strongest_fast_table_player():
    from analysis.play.engines import TABLE_PLAYER, get_engine, play_record, resolve_play
    from analysis.run.runner import settings_for

    assert resolve_play("table") == TABLE_PLAYER == "pimc-calls" and resolve_play("book") == "book"
    assert get_engine("table", worlds=8).name == get_engine("pimc-calls", worlds=8).name
    assert play_record("table", 32) == {"engine": "pimc-calls", "worlds": 32}
    assert settings_for("book_bidding", play="table").play == "pimc-calls"


def test_a_fixed_contracts_dealer_hears_the_makers_own_word():
    """The call a dealer's discard hears is the game's word for the maker's seat: C assists, B and
    D order up, A takes up."""
    from analysis.simulator import play_contract
    heard = []

    class Listening(BookPolicy):
        def discard(self, s):
            heard.append(s.calls[-1].action)
            return super().discard(s)

    d = sample_deals(3, 5)
    for maker in (2, 1, 0):
        play_contract(d, maker=maker, discard_policy=Listening())
    assert heard == ["assist"] * 3 + ["order up"] * 3 + ["take up"] * 3

"""The compiled double-dummy solver against the reference solver, under symmetries, and its errors."""
import numpy as np
import pytest

from analysis.play import reference
from analysis.game.cards import mask_of, pack_cards
from analysis.errors import EuchreError
from analysis.game.cards import default_leader, partner_of
from analysis.play.double_dummy import get_solver
from fastcore import solver


def _rng(seed):
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))


def random_state(rng, pack=32, lone_seat=None, leader=None, trump=None, n_played=0):
    """A random deal, with ``n_played`` random legal cards already played from the start."""
    cards = rng.permutation(pack_cards(pack)).tolist()
    hands = [sorted(cards[5 * s:5 * s + 5]) for s in range(4)]
    if trump is None:
        trump = int(rng.integers(4))
    if lone_seat is not None:
        hands[partner_of(lone_seat)] = []
    if leader is None:
        leader = default_leader(lone_seat)
    state = reference.start(hands, trump, leader, lone_seat)
    for _ in range(n_played):
        state.play(int(rng.choice(state.legal())))
    return state


def masks_of(state):
    return [mask_of(h) for h in state.hands]


def fast_whole_hand(state, side=0):
    """Tricks of ``side`` over the whole hand, from the compiled solver."""
    lone_seat = -1 if state.lone_seat is None else state.lone_seat
    trick = [c for _s, c in state.trick]
    rest = solver.solve_position(masks_of(state), state.trump, state.leader, trick, lone_seat=lone_seat, side=side)
    return state.won[side] + rest


def leaders_for(lone_seat):
    return [s for s in range(4) if lone_seat is None or s != partner_of(lone_seat)]


# --- equality with the reference solver --------------------------------------------------------

@pytest.mark.parametrize("pack", [32, 24])
@pytest.mark.parametrize("lone_seat", [None, 0, 1, 2, 3])
def test_mid_hand_positions_equal_the_reference(pack, lone_seat):
    # 2 to 3 tricks played, often with a trick in progress: many cheap reference solves.
    rng = _rng((pack, 9 if lone_seat is None else lone_seat, 11))
    for i in range(120):
        leader = leaders_for(lone_seat)[i % len(leaders_for(lone_seat))]
        per_trick = 3 if lone_seat is not None else 4
        state = random_state(rng, pack, lone_seat, leader, trump=i % 4,
                             n_played=int(rng.integers(2 * per_trick, 3 * per_trick + per_trick - 1)))
        want = reference.solve_state(state).tricks["AC"]
        assert fast_whole_hand(state, 0) == want
        total = state.won[0] + state.won[1] + max(len(h) for h in state.hands)
        assert fast_whole_hand(state, 1) == total - want


@pytest.mark.parametrize("pack", [32, 24])
@pytest.mark.slow
def test_batches_at_trick_boundaries_equal_the_reference(pack):
    rng = _rng((pack, 12))
    states = []
    for i in range(400):
        lone_seat = [None, None, 0, 1, 2, 3][i % 6]
        per_trick = 3 if lone_seat is not None else 4
        leader = leaders_for(lone_seat)[(i // 6) % len(leaders_for(lone_seat))]
        states.append(random_state(rng, pack, lone_seat, leader, trump=(i // 2) % 4,
                                   n_played=per_trick * int(rng.integers(1, 4))))
    hands = np.array([masks_of(s) for s in states], dtype=np.uint32)
    trump = np.array([s.trump for s in states])
    leader = np.array([s.leader for s in states])
    lone_seat = np.array([-1 if s.lone_seat is None else s.lone_seat for s in states], dtype=np.int8)
    want = np.array([reference.solve_state(s).tricks["AC"] - s.won[0] for s in states])
    rem = np.array([len(s.hands[s.leader]) for s in states])
    got = solver.solve_tricks(hands, trump, leader, lone_seat, side=0, pack=pack)
    assert got.dtype == np.int8 and got.shape == (len(states),)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(solver.solve_tricks(hands, trump, leader, lone_seat, side=1, pack=pack), rem - want)
    for k in range(0, 4):
        np.testing.assert_array_equal(solver.can_take(hands, trump, leader, k, lone_seat, side=0), want >= k)
        np.testing.assert_array_equal(solver.can_take(hands, trump, leader, k, lone_seat, side=1), rem - want >= k)


def _full_deal_cases(n, seed):
    rng = _rng(seed)
    cases = []
    for i in range(n):
        pack = (32, 24)[i % 2]
        lone_seat = [None, None, 0, 1, 2, 3][i % 6]
        leader = leaders_for(lone_seat)[(i // 2) % len(leaders_for(lone_seat))]
        cases.append(random_state(rng, pack, lone_seat, leader, trump=(i // 3) % 4))
    return cases


def _check_full_deals(states):
    hands = np.array([masks_of(s) for s in states], dtype=np.uint32)
    trump = np.array([s.trump for s in states])
    leader = np.array([s.leader for s in states])
    lone_seat = np.array([-1 if s.lone_seat is None else s.lone_seat for s in states], dtype=np.int8)
    want = np.array([reference.solve_state(s).tricks["AC"] for s in states])
    np.testing.assert_array_equal(solver.solve_tricks(hands, trump, leader, lone_seat, side=0), want)
    # the default side: the lone player's, else AC
    default_side = np.where(lone_seat >= 0, lone_seat & 1, 0)
    np.testing.assert_array_equal(solver.solve_tricks(hands, trump, leader, lone_seat),
                                  np.where(default_side == 0, want, 5 - want))
    expected_scoring = np.where(want == 5, 5, np.where(want >= 3, 3, 2))
    np.testing.assert_array_equal(solver.scoring_tricks(hands, trump, leader, lone_seat, side=0), expected_scoring)
    bd = 5 - want
    np.testing.assert_array_equal(solver.scoring_tricks(hands, trump, leader, lone_seat, side=1),
                                  np.where(bd == 5, 5, np.where(bd >= 3, 3, 2)))


@pytest.mark.slow
def test_full_deals_equal_the_reference():
    _check_full_deals(_full_deal_cases(16, 13))


@pytest.mark.slow
def test_many_full_deals_equal_the_reference():
    _check_full_deals(_full_deal_cases(30, 14))


@pytest.mark.parametrize("lone_seat", [None, 1, 2])
def test_card_values_equal_the_reference(lone_seat):
    rng = _rng((15, 9 if lone_seat is None else lone_seat))
    per_trick = 3 if lone_seat is not None else 4
    for i in range(40):
        state = random_state(rng, (32, 24)[i % 2], lone_seat, trump=i % 4,
                             n_played=int(rng.integers(per_trick, 3 * per_trick)))
        want = reference.solve_state(state, analyse=True)
        trick = [c for _s, c in state.trick]
        lone_arg = -1 if lone_seat is None else lone_seat
        to_move, values = solver.move_values(masks_of(state), state.trump, state.leader, trick, lone_seat=lone_arg, side=0)
        assert to_move == want.to_move
        assert {c: state.won[0] + v for c, v in values.items()} == want.moves
        _, bd_values = solver.move_values(masks_of(state), state.trump, state.leader, trick, lone_seat=lone_arg, side=1)
        rem = len(state.hands[to_move])
        assert bd_values == {c: rem - v for c, v in values.items()}


def test_the_book_case_from_the_command_line_tests():
    # Case I with JD 7D TC played: A to move; the 8S keeps four tricks, the right bower only two.
    hands = {"A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H"}
    from analysis.game.cards import parse_cards
    cards = [parse_cards(hands[s]) for s in "ABCD"]
    state = reference.start(cards, 1, 1, None, parse_cards("JD 7D TC"))
    to_move, values = solver.move_values(masks_of(state), 1, 1, [c for _s, c in state.trick], side=0)
    assert to_move == 0
    from analysis.game.cards import parse_card
    assert values[parse_card("8S")] == 4 and values[parse_card("JC")] == 2


def test_euchrelab_solve_gives_the_reference_output_with_either_solver():
    from analysis.tools.solve import solve_position as cli_solve
    from analysis.game.position import Position
    compiled, ref = get_solver("compiled"), get_solver("reference")
    rng = _rng(21)
    for i in range(80):
        lone_seat = [None, 0, 1, None, 2, 3][i % 6]
        pack = (32, 24)[i % 2]
        leader = leaders_for(lone_seat)[i % len(leaders_for(lone_seat))]
        per_trick = 3 if lone_seat is not None else 4
        state = random_state(rng, pack, lone_seat, leader, trump=i % 4)
        hands = [sorted(h) for h in state.hands]
        played = []
        for _ in range(int(rng.integers(per_trick, 5 * per_trick + 1))):  # up to the end of the hand
            card = int(rng.choice(state.legal()))
            state.play(card)
            played.append(card)
        position = Position(hands=hands, trump=state.trump, leader=leader, lone_seat=lone_seat, played=played,
                            pack=pack, analyse=bool(i % 4))
        assert cli_solve(position, compiled) == cli_solve(position, ref)


# --- the facade (analysis.play.double_dummy): both back ends answer alike ---------------------------------

FACADE = [get_solver("compiled"), get_solver("reference")]


def test_the_facades_back_ends_agree_on_positions():
    rng = _rng(22)
    for i in range(60):
        lone_seat = [None, 0, 1, None, 2, 3][i % 6]
        per_trick = 3 if lone_seat is not None else 4
        # from one trick played to the end of the hand (a finished hand included)
        state = random_state(rng, (32, 24)[i % 2], lone_seat, trump=i % 4,
                             n_played=int(rng.integers(per_trick, 5 * per_trick + 1)))
        compiled, ref = (s.tricks(state) for s in FACADE)
        assert compiled == ref and sum(compiled) == 5
        values = [s.move_values(state) for s in FACADE]
        assert values[0] == values[1]
        if state.finished:
            assert values[0] == {} and compiled == tuple(state.won)
        else:
            assert set(values[0]) == set(state.legal())
            best = max if state.to_move % 2 == 0 else min   # AC's tricks: AC maximise, BD minimise
            assert best(values[0].values()) == compiled[0]


def test_the_facades_batches_agree_and_take_one_value_for_all():
    rng = _rng(23)
    states = []
    for i in range(30):
        lone_seat = [None, 1, None, 2, 0, 3][i % 6]
        per_trick = 3 if lone_seat is not None else 4
        states.append(random_state(rng, 32, lone_seat, trump=2, n_played=per_trick * int(rng.integers(2, 4))))
    hands = np.array([masks_of(s) for s in states], dtype=np.uint32)
    leader = np.array([s.leader for s in states])
    lone_seat = np.array([-1 if s.lone_seat is None else s.lone_seat for s in states], dtype=np.int8)
    side = np.arange(30) % 2
    want = np.array([reference.solve_state(s).tricks["AC" if k == 0 else "BD"] - s.won[k] for s, k in zip(states, side)])
    for facade in FACADE:
        got = facade.deal_tricks(hands, 2, leader, lone_seat, side)
        assert got.dtype == np.int8
        np.testing.assert_array_equal(got, want, err_msg=facade.name)


def test_the_play_engines_are_the_facades_batches():
    from analysis.play.engine import DoubleDummy, ReferenceDoubleDummy
    from analysis.play.engines import default_engine
    hands, trump, leader, lone_seat = _random_batch(_rng(24), 5, 32)
    side = np.zeros(5, dtype=np.int8)
    engine = default_engine()
    assert isinstance(engine, DoubleDummy) and engine.solver.name == "compiled"
    np.testing.assert_array_equal(engine.maker_tricks(hands, trump, leader, lone_seat, side),
                                  ReferenceDoubleDummy().maker_tricks(hands, trump, leader, lone_seat, side))


def test_an_unknown_solver_is_named():
    with pytest.raises(EuchreError, match="solver 'fast' is unknown: use compiled or reference"):
        get_solver("fast")


# --- transformations that must not change the result ------------------------------------------

def _swap_suits(mask, a, b):
    out = 0
    for c in range(32):
        if mask >> c & 1:
            s = c >> 3
            s = b if s == a else a if s == b else s
            out |= 1 << (s * 8 + (c & 7))
    return out


def _random_batch(rng, n, pack):
    cards = np.array(pack_cards(pack))
    perm = np.argsort(rng.random((n, len(cards))), axis=1)
    dealt = cards[perm][:, :20].reshape(n, 4, 5)
    hands = np.bitwise_or.reduce(np.uint32(1) << dealt.astype(np.uint32), axis=2).astype(np.uint32)
    trump = rng.integers(0, 4, n)
    lone_seat = rng.integers(-1, 4, n)
    leader = rng.integers(0, 4, n)
    sits_out = (lone_seat >= 0) & (leader == (lone_seat ^ 2))
    leader[sits_out] = lone_seat[sits_out]
    return hands, trump, leader, lone_seat


@pytest.mark.parametrize("pack", [32, 24])
def test_exchanging_the_two_suits_of_the_other_colour_changes_nothing(pack):
    rng = _rng((pack, 16))
    hands, trump, leader, lone_seat = _random_batch(rng, 3000, pack)
    swapped = np.array([[_swap_suits(int(m), int(t) ^ 2, int(t) ^ 3) for m in row]
                        for row, t in zip(hands, trump)], dtype=np.uint32)
    a = solver.solve_tricks(hands, trump, leader, lone_seat, pack=pack)
    b = solver.solve_tricks(swapped, trump, leader, lone_seat, pack=pack)
    np.testing.assert_array_equal(a, b)
    assert len(set(a.tolist())) > 2  # the deals are varied enough to mean something


@pytest.mark.parametrize("pack", [32, 24])
def test_rotating_every_seat_by_two_changes_nothing(pack):
    rng = _rng((pack, 17))
    hands, trump, leader, lone_seat = _random_batch(rng, 3000, pack)
    rotated = hands[:, [2, 3, 0, 1]]  # seat s's cards go to seat s + 2
    rotated_lone_seat = np.where(lone_seat >= 0, (lone_seat + 2) % 4, -1)
    for side in (0, 1):
        a = solver.solve_tricks(hands, trump, leader, lone_seat, side=side, pack=pack)
        b = solver.solve_tricks(rotated, trump, (leader + 2) % 4, rotated_lone_seat, side=side, pack=pack)
        np.testing.assert_array_equal(a, b)


def test_every_technique_set_gives_the_same_answers():
    rng = _rng(18)
    hands, trump, leader, lone_seat = _random_batch(rng, 300, 32)
    want = solver.solve_tricks(hands, trump, leader, lone_seat)
    for name, flag in solver.TECHNIQUES.items():
        got = solver.solve_tricks(hands, trump, leader, lone_seat, techniques=solver.ALL_TECHNIQUES & ~flag)
        np.testing.assert_array_equal(got, want, err_msg=f"without {name}")
    np.testing.assert_array_equal(solver.solve_tricks(hands[:60], trump[:60], leader[:60], lone_seat[:60], techniques=0), want[:60])
    # a tiny table (many collisions) must still give exact answers
    np.testing.assert_array_equal(solver.solve_tricks(hands, trump, leader, lone_seat, table_bits=4), want)
    # the portable position keys (processors without BMI2) give the same answers
    had = solver._use_bmi2()
    try:
        solver._use_bmi2(False)
        np.testing.assert_array_equal(solver.solve_tricks(hands, trump, leader, lone_seat), want)
    finally:
        solver._use_bmi2(had)


def test_batches_release_the_gil_and_threads_agree():
    from concurrent.futures import ThreadPoolExecutor
    rng = _rng(19)
    hands, trump, leader, lone_seat = _random_batch(rng, 2000, 32)
    want = solver.solve_tricks(hands, trump, leader, lone_seat)
    parts = np.array_split(np.arange(2000), 4)
    with ThreadPoolExecutor(2) as pool:
        got = list(pool.map(lambda ix: solver.solve_tricks(hands[ix], trump[ix], leader[ix], lone_seat[ix]), parts))
    np.testing.assert_array_equal(np.concatenate(got), want)
    np.testing.assert_array_equal(solver.solve_tricks(hands, trump, leader, lone_seat, threads=2), want)
    np.testing.assert_array_equal(solver.scoring_tricks(hands, trump, leader, lone_seat, threads=3),
                                  solver.scoring_tricks(hands, trump, leader, lone_seat))
    with pytest.raises(EuchreError, match="threads must be a whole number of at least 1"):
        solver.solve_tricks(hands, trump, leader, lone_seat, threads=0)


# --- errors of the Python layer ------------------------------------------------------------------

def _one_deal():
    state = random_state(_rng(20), 32, None, 1, trump=1)
    return np.array([masks_of(state)], dtype=np.uint32)


@pytest.mark.parametrize("call, message", [
    (lambda h: solver.solve_tricks(h[0], 1, 1), "shape (N, 4)"),
    (lambda h: solver.solve_tricks(h[:, :3], 1, 1), "shape (N, 4)"),
    (lambda h: solver.solve_tricks(h.astype(float), 1, 1), "integer card masks"),
    (lambda h: solver.solve_tricks(h.astype(np.int64) - 2**40, 1, 1), "32-bit card masks"),
    (lambda h: solver.solve_tricks(h, 4, 1), "trump of deal 0 is 4"),
    (lambda h: solver.solve_tricks(h, [1, 1], 1), "trump must be one number or an array of shape (1,)"),
    (lambda h: solver.solve_tricks(h, 1.5, 1), "trump must be whole numbers"),
    (lambda h: solver.solve_tricks(h, 1, -1), "leader of deal 0 is -1"),
    (lambda h: solver.solve_tricks(h, 1, 1, lone_seat=5), "lone seat of deal 0 is 5"),
    (lambda h: solver.solve_tricks(h, 1, 1, lone_seat=3), "B cannot lead: he sits out"),
    (lambda h: solver.solve_tricks(h, 1, 1, side=2), "side of deal 0 is 2"),
    (lambda h: solver.solve_tricks(h, 1, 1, pack=36), "pack 36 is not a euchre pack"),
    (lambda h: solver.can_take(h, 1, 1, k=6), "k of deal 0 is 6"),
])
def test_bad_batches_raise_euchre_error(call, message):
    with pytest.raises(EuchreError) as err:
        call(_one_deal())
    assert message in str(err.value)


def test_a_card_in_two_hands_is_named():
    h = _one_deal()
    low = int(h[0, 0]) & -int(h[0, 0])
    h[0, 1] |= low
    with pytest.raises(EuchreError, match=r"deal 0: card .. is in two hands \(A and B\)"):
        solver.solve_tricks(h, 1, 1)


def test_hands_of_unequal_or_wrong_size_are_refused():
    h = _one_deal()
    short = h.copy()
    short[0, 2] &= short[0, 2] - 1  # C loses a card
    with pytest.raises(EuchreError, match="hold A 5, B 5, C 4, D 5 cards: every player who plays must hold the same"):
        solver.solve_tricks(short, 1, 1)
    six = np.array([[0x3F, 0x3F << 6, 0x3F << 12, 0x3F << 18]], dtype=np.uint32)
    with pytest.raises(EuchreError, match="the same number of cards, 1 to 5"):
        solver.solve_tricks(six, 1, 1)
    with pytest.raises(EuchreError, match="1 to 5"):
        solver.solve_tricks(np.zeros((1, 4), dtype=np.uint32), 1, 1)
    four = h.copy()
    for s in range(4):
        four[0, s] &= four[0, s] - 1
    assert solver.solve_tricks(four, 1, 1).shape == (1,)  # a later trick boundary is fine
    with pytest.raises(EuchreError, match="scoring_tricks needs whole hands of 5 cards"):
        solver.scoring_tricks(four, 1, 1)


def test_a_lone_players_partners_cards_are_ignored():
    h = _one_deal()
    cleared = h.copy()
    cleared[0, 2] = 0
    assert solver.solve_tricks(h, 1, 1, lone_seat=0)[0] == solver.solve_tricks(cleared, 1, 1, lone_seat=0)[0]


def test_cards_outside_the_24_card_pack_are_refused():
    h = np.array([[0x1F << 2, 0x1F << 10, 0x1F << 18, (0x7 << 26) | 0x3]], dtype=np.uint32)
    with pytest.raises(EuchreError, match="card 7S in D's hand is not in the 24-card pack"):
        solver.solve_tricks(h, 0, 1, pack=24)
    assert solver.solve_tricks(h, 0, 1, pack=32).shape == (1,)


def test_an_empty_batch_gives_an_empty_answer():
    empty = np.zeros((0, 4), dtype=np.uint32)
    assert solver.solve_tricks(empty, [], []).shape == (0,)
    assert solver.can_take(empty, [], [], 3).shape == (0,)


@pytest.mark.parametrize("kwargs, message", [
    (dict(trick_cards=[40]), "trick card 40 is not a card id"),
    (dict(trick_cards=[3, 3]), "a card appears twice among the trick cards"),
    (dict(trick_cards=[1, 2, 3, 4]), "4 cards on the table: a trick in progress has at most 3"),
    (dict(lone_seat=7), "lone seat must be -1 (none) or 0 to 3"),
    (dict(leader=9), "leader must be a seat 0 to 3"),
])
def test_bad_positions_raise_euchre_error(kwargs, message):
    masks = [int(m) for m in _one_deal()[0]]
    args = dict(trump=1, leader=1)
    args.update(kwargs)
    with pytest.raises(EuchreError) as err:
        solver.solve_position(masks, **args)
    assert message in str(err.value)


def test_position_errors_for_cards_and_revokes():
    # B leads a heart; C then discards while holding a heart.
    hands = [0, 0, 0, 0]
    cards = {0: [0, 1, 2, 3, 5], 1: [16, 8, 9, 10, 11], 2: [17, 24, 25, 26, 27], 3: [18, 12, 13, 14, 15]}
    for s, cs in cards.items():
        hands[s] = mask_of(cs)
    with pytest.raises(EuchreError, match="is on the table and in a hand"):
        solver.solve_position(hands, 0, 1, [16])
    after = list(hands)
    after[1] &= ~(1 << 16)
    after[2] &= ~(1 << 24)
    with pytest.raises(EuchreError, match="C revokes: 7D does not follow 7H and he can follow"):
        solver.solve_position(after, 0, 1, [16, 24])
    with pytest.raises(EuchreError, match="shape"):
        solver.solve_position(hands[:3], 0, 1)
    with pytest.raises(EuchreError, match="the same number of cards"):
        solver.move_values(after, 0, 1, [16])

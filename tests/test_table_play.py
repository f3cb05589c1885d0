"""Table-side play: the batch of one decision in many worlds against the reference solver, the
PIMC and simple players, and the table view of ``euchrelab solve``."""
import numpy as np
import pytest

from analysis import reference
from analysis.cards import mask_of, pack_cards
from analysis.errors import EuchreError
from analysis.rules import default_leader, effective_suit, partner_of
from fastcore import solver


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

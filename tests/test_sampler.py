"""The deal sampler: deals are well formed, uniform, honour every constraint exactly, and are reproducible.

Statistical tests use fixed seeds and a p-value floor of 1e-4 split among the tests of a case
(Bonferroni), so they are deterministic and would fail by chance with probability ~1e-4 for
another seed.
"""
import itertools
import math

import numpy as np
import pytest
from scipy.stats import chi2_contingency, chisquare

from fastcore.deals import effective_suit_mask
from fastcore.errors import EuchreError
from fastcore.sampler import BLOCK, Constraints, Deals, DealStream, sample_deals

S, C, H, D = range(4)
ALPHA = 1e-4


def card(text):
    return "789TJQKA".index(text[0]) + 8 * "SCHD".index(text[1])


def cards(text):
    return [card(t) for t in text.split()]


def pack_list(pack):
    return [c for c in range(32) if pack == 32 or c & 7 >= 2]


def places_of(deals):
    """(N, 32) place of each card: 0..3 the seats, 4 the turn-up, 5 the undealt rest, 6 gone."""
    n = len(deals)
    bits = np.arange(32, dtype=np.uint32)
    place = np.full((n, 32), 6, dtype=np.int8)
    for s in range(4):
        place[(deals.hands[:, s, None] >> bits) & 1 == 1] = s
    place[(deals.rest[:, None] >> bits) & 1 == 1] = 5
    place[np.arange(n), deals.turn_up.astype(np.int64)] = 4
    return place


def assert_place_frequencies(deals, probabilities, alpha=ALPHA):
    """Each card's place follows ``probabilities[card]`` (a length-6 vector), chi-square per card."""
    place = places_of(deals)
    tests = [(c, p) for c, p in probabilities.items() if np.count_nonzero(p) > 1]
    for c, p in tests:
        p = np.append(np.asarray(p, dtype=float), 0.0)  # never gone
        observed = np.bincount(place[:, c], minlength=7)
        assert observed[p == 0].sum() == 0, f"card {c} went to a place it may not go"
        keep = p > 0
        result = chisquare(observed[keep], len(deals) * p[keep] / p.sum())
        assert result.pvalue > alpha / len(tests), f"card {c}: {observed} vs {p}: p = {result.pvalue:.2g}"


def hypergeometric(pack, good, k, draws=5):
    return math.comb(good, k) * math.comb(pack - good, draws - k) / math.comb(pack, draws)


def brute_force(pack, unseen, sizes, turn_free, accept):
    """Every deal of ``unseen`` into hands of ``sizes`` (+ turn-up if free, the rest undealt), filtered."""
    out = []

    def place(left, seat, hands):
        if seat == 4:
            for t in (left if turn_free else [None]):
                deal = (*hands, t)
                if accept(deal):
                    out.append(deal)
            return
        for hand in itertools.combinations(left, sizes[seat]):
            place([c for c in left if c not in hand], seat + 1, hands + [frozenset(hand)])

    place(list(unseen), 0, [])
    return out


def deal_keys(deals, fixed_hands=(0, 0, 0, 0)):
    return [(tuple(int(h) & ~f for h, f in zip(deals.hands[i], fixed_hands)), int(deals.turn_up[i]))
            for i in range(len(deals))]


def mask(cs):
    return sum(1 << c for c in cs)


# --- well-formed deals ---------------------------------------------------------------------

@pytest.mark.parametrize("pack", [32, 24])
def test_every_deal_splits_the_pack_into_four_hands_a_turn_up_and_the_rest(pack):
    deals = sample_deals(20000, 11, pack=pack)
    assert isinstance(deals, Deals) and len(deals) == 20000
    assert deals.hands.dtype == np.uint32 and deals.hands.shape == (20000, 4)
    assert deals.turn_up.dtype == np.int8 and deals.rest.dtype == np.uint32
    assert deals.cards.shape == (20000, 4, 5)
    full = mask(pack_list(pack))
    counts = np.bitwise_count(deals.hands)
    assert (counts == 5).all()
    assert (np.bitwise_count(deals.rest) == pack - 21).all()
    union = deals.hands[:, 0] | deals.hands[:, 1] | deals.hands[:, 2] | deals.hands[:, 3]
    assert (np.bitwise_count(union) == 20).all()  # disjoint hands
    turn_bit = np.left_shift(np.uint32(1), deals.turn_up.astype(np.uint32))
    assert (union & turn_bit == 0).all() and (deals.rest & turn_bit == 0).all() and (union & deals.rest == 0).all()
    assert ((union | turn_bit | deals.rest) == full).all()
    # cards: the same hands as ids, increasing
    from_cards = np.zeros((20000, 4), np.uint32)
    for k in range(5):
        from_cards |= np.left_shift(np.uint32(1), deals.cards[:, :, k].astype(np.uint32))
    assert (from_cards == deals.hands).all()
    assert (np.diff(deals.cards, axis=2) > 0).all()


@pytest.mark.statistical
@pytest.mark.parametrize("pack", [32, 24])
def test_each_card_is_in_each_seat_turn_up_and_rest_uniformly(pack):
    deals = sample_deals(200000, 2024, pack=pack)
    share = [5, 5, 5, 5, 1, pack - 21]
    assert_place_frequencies(deals, {c: share for c in pack_list(pack)})


@pytest.mark.statistical
@pytest.mark.parametrize("pack", [32, 24])
@pytest.mark.parametrize("trump", [C, H])
def test_a_hands_number_of_trumps_follows_the_hypergeometric_law(pack, trump):
    deals = sample_deals(200000, 99 + trump, pack=pack)
    trumps = effective_suit_mask(trump, trump) & mask(pack_list(pack))
    good = bin(trumps).count("1")
    assert good == (9 if pack == 32 else 7)  # the left bower counts
    law = np.array([hypergeometric(pack, good, k) for k in range(6)])
    for seat in range(4):
        observed = np.bincount(np.bitwise_count(deals.hands[:, seat] & np.uint32(trumps)), minlength=6)
        result = chisquare(observed, len(deals) * law)
        assert result.pvalue > ALPHA / 4, f"seat {seat}: {observed} vs {law * len(deals)}"


# --- constraints -----------------------------------------------------------------------------

@pytest.mark.statistical
def test_fixed_cards_stay_put_and_the_other_cards_are_uniform_over_the_places_left():
    fixed_a = cards("9C JC AH KH 8S")
    fixed_b = cards("AC QH")
    out = cards("7D 8D")
    con = Constraints(hands={"A": fixed_a, 1: fixed_b}, turn_up=card("TS"), out=out)
    deals = sample_deals(150000, 5, constraints=con)
    assert (deals.hands[:, 0] == mask(fixed_a)).all()
    assert (deals.hands[:, 1] & mask(fixed_b) == mask(fixed_b)).all()
    assert (deals.turn_up == card("TS")).all()
    gone = np.uint32(mask(out))
    assert ((deals.hands & gone) == 0).all() and (deals.rest & gone == 0).all()
    assert (np.bitwise_count(deals.rest) == 32 - 20 - 1 - 2).all()
    unseen = [c for c in range(32) if c not in fixed_a + fixed_b + out + [card("TS")]]
    assert len(unseen) == 22
    assert_place_frequencies(deals, {c: [0, 3, 5, 5, 0, 9] for c in unseen})


@pytest.mark.statistical
def test_partial_hands_in_the_24_card_pack_leave_the_rest_uniform():
    con = Constraints(hands={2: cards("JH JD")}, out=cards("9S"))
    deals = sample_deals(150000, 6, pack=24, constraints=con)
    assert (deals.hands[:, 2] & mask(cards("JH JD")) == mask(cards("JH JD"))).all()
    unseen = [c for c in pack_list(24) if c not in cards("JH JD 9S")]
    assert_place_frequencies(deals, {c: [5, 5, 3, 5, 1, 2] for c in unseen})


def small_case(**extra):
    """24-card pack, eight unseen cards, mid-hand sizes: small enough to list every deal."""
    unseen = cards("JS JC 9S AS AH KH 9C TD")
    out = [c for c in pack_list(24) if c not in unseen]
    sizes = (2, 2, 1, 1)
    return unseen, out, sizes


def void_check(voids, somewhere):
    def ok(deal):
        hands = deal[:4]
        for seat, suit, trump in voids:
            if mask(hands[seat]) & effective_suit_mask(suit, trump):
                return False
        for cs, seats in somewhere:
            for c in cs:
                if not any(c in hands[s] for s in seats):
                    return False
        return True
    return ok


@pytest.mark.statistical
def test_voids_and_seat_sets_hold_and_deals_are_uniform_like_brute_force_rejection():
    unseen, out, sizes = small_case()
    # B has shown out of trumps (clubs, so the knave of spades too); D out of spades (not JS).
    voids = [(1, C, C), (3, S, C)]
    somewhere = [([card("AH")], [0, 2])]
    con = Constraints(out=out, voids=voids, somewhere=somewhere, hand_sizes=sizes)
    everything = brute_force(24, unseen, sizes, True, lambda deal: True)
    allowed = brute_force(24, unseen, sizes, True, void_check(voids, somewhere))
    assert con.count(24) == len(allowed) and 0 < len(allowed) < len(everything)
    n = 120000
    deals = sample_deals(n, 8, pack=24, constraints=con)
    index = {(tuple(mask(h) for h in d[:4]), d[4]): i for i, d in enumerate(allowed)}
    keys = deal_keys(deals)
    assert set(keys) == set(index)  # every deal respects the constraints, and every such deal occurs
    observed = np.bincount([index[k] for k in keys], minlength=len(allowed))
    assert chisquare(observed).pvalue > ALPHA / 2
    # Rejection from the unconstrained sampler must agree with the sampler's construction.
    plain = Constraints(out=out, hand_sizes=sizes)
    check = void_check(voids, somewhere)

    def accept(batch):  # the same knowledge, judged on whole deals
        ok = np.ones(len(batch), bool)
        for seat, suit, trump in voids:
            ok &= batch.hands[:, seat] & np.uint32(effective_suit_mask(suit, trump)) == 0
        ok &= (batch.hands[:, 0] | batch.hands[:, 2]) & np.uint32(1 << card("AH")) != 0
        return ok

    rejected = sample_deals(n, 9, pack=24, constraints=plain, accept=accept)
    assert all(check(tuple(set(rejected.hand(i, s)) for s in range(4))) for i in range(0, n, 97))
    assert rejected.acceptance == pytest.approx(len(allowed) / len(everything), abs=6 * 0.01)
    by_rejection = np.bincount([index[k] for k in deal_keys(rejected)], minlength=len(allowed))
    table = np.vstack([observed, by_rejection])
    assert chi2_contingency(table).pvalue > ALPHA / 2


@pytest.mark.parametrize("kwargs, turn_free", [
    (dict(hand_sizes=(1, 2, 1, 1)), True),
    (dict(hand_sizes=(2, 1, 1, 1), hands={0: cards("JS")}), True),
    (dict(hand_sizes=(1, 2, 1, 2), turn_up=card("9C")), False),
    (dict(hand_sizes=(2, 2, 1, 1), voids=[(1, C, C), (3, S, C)], somewhere=[(cards("AH"), "AC")]), True),
    (dict(hand_sizes=(2, 2, 1, 1), voids=[(0, H, D), (2, S, S)], somewhere=[(cards("JC 9S"), "BD")]), True),
    (dict(hand_sizes=(2, 2, 2, 0), voids=[(1, S, C)], somewhere=[(cards("AS"), "AB")]), True),
])
def test_the_number_of_consistent_deals_equals_brute_force_counting(kwargs, turn_free):
    unseen, out, _ = small_case()
    fixed = kwargs.get("hands", {})
    turn = kwargs.get("turn_up")
    con = Constraints(out=out, **kwargs)
    left = [c for c in unseen if c != turn and all(c not in h for h in fixed.values())]
    sizes = [k - len(fixed.get(s, [])) for s, k in enumerate(kwargs["hand_sizes"])]

    def check(deal):
        hands = [set(h) | set(fixed.get(s, [])) for s, h in enumerate(deal[:4])]
        return void_check(kwargs.get("voids", []),
                          [(cs, ["ABCD".index(x) for x in seats]) for cs, seats in kwargs.get("somewhere", [])])(hands)

    expected = len(brute_force(24, left, sizes, turn_free, check))
    assert con.count(24) == expected > 0
    deals = sample_deals(3000, 1, pack=24, constraints=con)
    assert all(check(tuple(set(deals.hand(i, s)) for s in range(4))) for i in range(len(deals)))


def test_a_void_follows_the_effective_suit_of_the_bowers():
    # Clubs trumps: a void in spades leaves the knave of spades (a trump) possible,
    # a void in clubs (trumps) excludes it.
    assert Constraints(hands={1: [card("JS")]}, voids=[(1, S, C)]).count() > 0
    with pytest.raises(EuchreError, match="void in clubs"):
        Constraints(hands={1: [card("JS")]}, voids=[(1, C, C)]).count()
    deals = sample_deals(20000, 3, constraints=Constraints(voids=[(3, S, C), (1, C, C)]))
    assert (deals.hands[:, 3] & np.uint32(effective_suit_mask(S, C)) == 0).all()
    assert (deals.hands[:, 1] & np.uint32(effective_suit_mask(C, C)) == 0).all()
    assert (deals.hands[:, 3] & np.uint32(1 << card("JS")) != 0).any()


def test_mid_hand_world_with_the_turn_up_taken_by_the_dealer():
    played = cards("9H AH TH 7H JD 8D")  # two tricks
    con = Constraints(hands={0: cards("JC 9D")}, turn_up=card("9C"), taken=True, out=played,
                      hand_sizes=(4, 4, 4, 3), voids=[(3, H, D)])
    deals = sample_deals(5000, 4, constraints=con)
    assert (deals.turn_up == card("9C")).all()
    assert (deals.hands[:, 0] & mask(cards("JC 9D 9C")) == mask(cards("JC 9D 9C"))).all()
    assert (np.bitwise_count(deals.hands) == np.array([4, 4, 4, 3])).all()
    gone = np.uint32(mask(played))
    assert ((deals.hands & gone) == 0).all() and (deals.rest & gone == 0).all()
    assert (np.bitwise_count(deals.rest) == 32 - 15 - 6).all()
    assert (deals.hands[:, 3] & np.uint32(effective_suit_mask(H, D)) == 0).all()
    assert (deals.cards[:, 3, 3:] == -1).all()
    # The dealer played the card he took up: it is gone, and still shown as the turn-up.
    con = Constraints(turn_up=card("9C"), taken=True, out=[card("9C")], hand_sizes=(4, 4, 4, 4))
    deals = sample_deals(2000, 4, constraints=con)
    assert (deals.hands & np.uint32(1 << card("9C")) == 0).all() and (deals.turn_up == card("9C")).all()


# --- reproducibility ---------------------------------------------------------------------------

@pytest.mark.parametrize("constraints", [None, Constraints(hands={1: cards("AC QH 8H JD TS")}, turn_up=card("9C")),
                                         Constraints(voids=[(2, H, S)], somewhere=[(cards("JS JC"), "AB")])])
def test_the_same_seed_gives_the_same_deals_whatever_the_batch_size(constraints):
    whole = sample_deals(3 * BLOCK + 100, 17, constraints=constraints)
    assert sample_deals(1000, 17, constraints=constraints).equals(whole[:1000])
    assert sample_deals(500, 17, constraints=constraints, start=BLOCK - 200).equals(whole[BLOCK - 200:BLOCK + 300])
    stream = DealStream(np.random.SeedSequence(17), constraints=constraints)
    parts = [stream.take(k) for k in (1, 7, BLOCK, 3, 2 * BLOCK, 89)]
    assert Deals.concat(parts).equals(whole) and stream.position == len(whole)
    assert not sample_deals(100, 18, constraints=constraints).equals(whole[:100])


def test_accepted_deals_are_reproducible_across_batch_sizes_and_report_their_rate():
    def accept(deals):  # B holds at least two trumps (hearts)
        return np.bitwise_count(deals.hands[:, 1] & np.uint32(effective_suit_mask(H, H))) >= 2

    whole = sample_deals(3000, 5, accept=accept)
    assert accept(whole).all()
    assert sample_deals(700, 5, accept=accept).equals(whole[:700])
    assert sample_deals(700, 5, accept=accept, start=1200).equals(whole[1200:1900])
    stream = DealStream(5, accept=accept)
    assert Deals.concat([stream.take(k) for k in (1000, 1, 1999)]).equals(whole)
    p = 1 - hypergeometric(32, 9, 0) - hypergeometric(32, 9, 1)
    sd = math.sqrt(p * (1 - p) / whole.candidates)
    assert whole.acceptance == pytest.approx(p, abs=6 * sd)
    assert whole.candidates >= 3000


# --- contradictions and bad input --------------------------------------------------------------

@pytest.mark.parametrize("kwargs, pack, fragment", [
    (dict(hands={0: cards("9C"), 1: cards("9C")}), 32, "card 9C is fixed in both hand A and hand B"),
    (dict(hands={1: cards("9C")}, out=cards("9C")), 32, "9C is fixed in hand B but is also out of play"),
    (dict(hands={2: cards("9C")}, turn_up=card("9C")), 32, "the turn-up 9C is also in hand C"),
    (dict(turn_up=card("9C"), out=cards("9C")), 32, "the turn-up 9C is also out of play"),
    (dict(turn_up=card("9C"), taken=True, hands={1: cards("9C")}), 32, "taken up by the dealer A but is fixed in hand B"),
    (dict(hands={0: cards("9C TC JC QC KC AC")}), 32, "hand A has 6 fixed cards"),
    (dict(hands={0: cards("9C TC")}, hand_sizes=(1, 5, 5, 5)), 32, "holds only 1"),
    (dict(out=cards("7S 8S 9S TS JS QS KS AS 7C 8C 9C TC")), 32, "only 20 unseen cards"),
    (dict(hands={1: cards("AH")}, voids=[(1, H, C)]), 32, "hand B holds AH but is void in hearts"),
    (dict(voids=[(1, S, H), (1, C, H), (1, H, H), (1, D, H)]), 32, "hand B must still receive 5 cards but only 0"),
    (dict(voids=[(1, S, H), (1, C, H), (1, H, H)], hands={0: cards("9D TD")}), 24,
     "hand B must still receive 5 cards but only 3 unseen cards"),
    (dict(somewhere=[(cards("AS"), "B")], hands={2: cards("AS")}), 32, "AS is known to be in B but is in hand C"),
    (dict(somewhere=[(cards("AS"), "BC")], out=cards("AS")), 32, "AS is known to be in B, C but is out of play"),
    (dict(somewhere=[(cards("AS"), "BD")], voids=[(1, S, H), (3, S, H)]), 32, "none of them can hold it"),
    (dict(somewhere=[(cards("7S 8S 9S TS JS QS"), "B")]), 32, "6 unseen cards can only be in hand B"),
    (dict(hands={0: cards("7S")}), 24, "card 7S is not in the 24-card pack"),
])
def test_every_contradiction_raises_a_clear_error(kwargs, pack, fragment):
    with pytest.raises(EuchreError, match="^contradictory constraints|not in the"):
        sample_deals(10, 1, pack=pack, constraints=Constraints(**kwargs))
    with pytest.raises(EuchreError) as info:
        Constraints(**kwargs).count(pack)
    assert fragment in str(info.value)


@pytest.mark.parametrize("call, fragment", [
    (lambda: Constraints(taken=True), "give the turn_up card too"),
    (lambda: Constraints(hands={"E": [1]}), "is not a seat"),
    (lambda: Constraints(out=[32]), "is not a card id"),
    (lambda: Constraints(out=[3, 3]), "appears twice"),
    (lambda: Constraints(hand_sizes=(5, 5, 6, 5)), "hand_sizes"),
    (lambda: sample_deals(-1, 1), "whole number >= 0"),
    (lambda: sample_deals(1, -4), "seed must be"),
    (lambda: sample_deals(1, 1, pack=36), "not a euchre pack"),
    (lambda: sample_deals(1, 1, constraints={"A": 1}), "must be a fastcore.sampler.Constraints"),
    (lambda: sample_deals(1, 1, accept=lambda d: np.ones(3, bool)), "one truth value per deal"),
    (lambda: sample_deals(1, 1, min_acceptance=0), "min_acceptance"),
])
def test_bad_arguments_raise_a_clear_error(call, fragment):
    with pytest.raises(EuchreError, match=fragment):
        call()


def test_an_acceptance_rate_below_the_floor_raises_instead_of_running_forever():
    def never(deals):
        return np.zeros(len(deals), bool)

    with pytest.raises(EuchreError, match="accepted 0 of 4096 candidate deals"):
        sample_deals(10, 1, accept=never)

    def rare(deals):  # B holds all five top trumps of clubs: about 1 deal in 1.6 million
        top = np.uint32(mask(cards("JC JS AC KC QC")))
        return deals.hands[:, 1] & top == top

    with pytest.raises(EuchreError, match="below min_acceptance=0.01"):
        sample_deals(10, 1, accept=rare, min_acceptance=0.01)

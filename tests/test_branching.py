"""The card-play template's branching: the first position where a rule applies, PIMC's best card
within what the rule prescribes and within what it warns against, each arm played on by the same
players."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bidding import BookPolicy, bid_batch
from analysis.errors import EuchreError
from analysis.game import Rules, contract
from analysis.game.primary import BOOK_RULES
from analysis.play import branching
from analysis.play.book import BookPlayer
from analysis.play.branching import Rule, branch, hand_infos
from analysis.play.information import suit_masks
from analysis.play.pimc import pimc_hands
from analysis.play.worlds import BiddingModel
from fastcore.sampler import sample_deals

WORLDS, SEED = 6, 3


def table(n: int, seed: int, pack: int = 32) -> dict:
    d = sample_deals(n, seed, pack=pack)
    b = bid_batch(d.hands, d.turn_up, BookPolicy(), Rules(pack=pack))
    keep = np.flatnonzero(b.round > 0)
    return dict(hands=b.play_hands[keep], trump=b.trump[keep], lone_seat=b.lone_seat[keep], maker=b.maker[keep],
                turn_up=d.turn_up[keep].astype(np.int64), taken=contract.dealer_takes_up(b.round, b.lone_seat)[keep],
                discard=b.discard[keep], calls=[b.calls(int(i)) for i in keep], pack=pack)


def trumps_or_plain(info):
    trumps = suit_masks(info.trump)[info.trump]
    return trumps, ~trumps & 0xFFFFFFFF


OPENING = Rule("B leads: a trump, not a plain card", lambda info: trumps_or_plain(info)
               if info.player == 1 and not info.history else None, opening_lead=True)
LATER = Rule("a lead after the first trick: a trump, not a plain card", lambda info: trumps_or_plain(info)
             if info.history and not info.trick else None)
LATER_C = Rule("C leads after the first trick: a trump, not a plain card", lambda info: trumps_or_plain(info)
               if info.player == 2 and info.history and not info.trick else None, seat=2)


@pytest.fixture(scope="module")
def hands():
    return table(250, 21)


@pytest.mark.slow
def test_the_opening_lead_branches_where_the_leader_holds_both(hands):
    model = BiddingModel(BookPolicy(), Rules())
    got = branch(hands, OPENING, WORLDS, SEED, model)
    trumps = np.array([suit_masks(int(t))[int(t)] for t in hands["trump"]], np.int64)
    b_hand = np.asarray(hands["hands"])[:, 1].astype(np.int64)
    both = np.flatnonzero((b_hand & trumps != 0) & (b_hand & ~trumps & 0xFFFFFFFF != 0)
                          & (np.asarray(hands["lone_seat"]) != 3))
    assert got.rows.tolist() == both.tolist() and len(got) > 50
    assert (got.card_number == 0).all() and (got.seat == 1).all()
    for j, i in enumerate(got.rows):
        t = trumps[i]
        assert (t >> got.book_card[j]) & 1 and not (t >> got.other_card[j]) & 1
    # each arm is the hand played on from its card: the same as forcing that card alone
    forced = np.full((len(got), 20), -1, np.int8)
    forced[:, 0] = got.other_card
    sub = {k: (np.asarray(v)[got.rows] if isinstance(v, np.ndarray) else [v[i] for i in got.rows])
           for k, v in hands.items() if k != "pack"}
    _p, won, _d, _c = pimc_hands(worlds=WORLDS, seed=SEED, model=model, points=True, forced=forced, **sub)
    maker_tricks = won[np.arange(len(got)), np.asarray(sub["maker"]) & 1]
    from analysis.game.rules import points_by_side
    pts = points_by_side(np.asarray(sub["maker"]), np.asarray(sub["lone_seat"]), maker_tricks).astype(np.int64)
    np.testing.assert_array_equal(got.other_net, pts[:, 1] - pts[:, 0])
    # the arms differ somewhere, and net points are the laws' (one side scores 1, 2 or 4, or nothing)
    assert (got.book_net != got.other_net).any()
    assert set(np.unique(got.book_net)) <= {-4, -2, -1, 1, 2, 4}


@pytest.mark.slow
def test_a_later_position_replays_the_hand_to_it_and_values_cards_as_the_player_there(hands):
    model = BiddingModel(BookPolicy(), Rules())
    import analysis.play.branching as branching
    sub = {k: (v[:120] if isinstance(v, (np.ndarray, list)) else v) for k, v in hands.items()}
    block, branching.BLOCK = branching.BLOCK, 50          # three blocks: the worlds are keyed within each
    try:
        got = branch(sub, LATER, WORLDS, SEED, model)
    finally:
        branching.BLOCK = block
    args = {k: v for k, v in sub.items() if k != "pack"}
    plays = np.concatenate([pimc_hands(worlds=WORLDS, seed=SEED, model=model, points=True,
                                       **{k: v[lo:lo + 50] for k, v in args.items()})[0] for lo in (0, 50, 100)])
    assert len(got) > 10 and (got.card_number > 0).all() and got.rows.max() >= 100
    for j, i in enumerate(got.rows):
        k = int(got.card_number[j])
        # the table's own card there is PIMC's best of all: it is the best of whichever set holds it
        own = int(plays[i, k])
        trump = int(sub["trump"][i])
        is_trump = (suit_masks(trump)[trump] >> own) & 1
        assert own == (got.book_card[j] if is_trump else got.other_card[j])


@pytest.mark.slow
def test_a_rule_that_says_where_it_could_apply_branches_only_there_and_a_cap_stops_early(hands):
    model = BiddingModel(BookPolicy(), Rules())
    seat_b = Rule("B leads holding the right", OPENING.applies, opening_lead=True, seat=1,
                  could=lambda info: any((info.hand >> c) & 1 and c == 8 * info.trump + 4 for c in range(32)))
    every = branch(hands, OPENING, WORLDS, SEED, model)
    some = branch(hands, seat_b, WORLDS, SEED, model)
    holds_right = [int(i) for i in every.rows if (int(hands["hands"][i][1]) >> (8 * int(hands["trump"][i]) + 4)) & 1]
    assert some.rows.tolist() == holds_right and 0 < len(some) < len(every)
    capped = branch(hands, OPENING, WORLDS, SEED, model, cap=7)
    assert capped.rows.tolist() == every.rows[:7].tolist()
    np.testing.assert_array_equal(capped.book_net, every.book_net[:7])


def test_branching_plays_for_points_and_needs_the_makers():
    t = table(60, 5)
    t["maker"] = np.full(len(t["hands"]), -1)
    with pytest.raises(EuchreError, match="maker"):
        branch(t, OPENING, WORLDS, SEED, BiddingModel(BookPolicy(), Rules()))


def test_a_card_equivalent_to_the_books_is_no_alternative():
    from analysis.game import parse_card, parse_cards
    from analysis.game.cards import mask_of
    from analysis.play.branching import equivalent_to
    from analysis.play.information import start_info

    def hand(text):
        return mask_of(parse_cards(text))
    spades = parse_card("9S") >> 3
    info = start_info(1, hand("JS JC AH 7D 8D"), spades, 0, -1, parse_card("9S"), True)
    # the right and the left touch: the left is the right's equal; the ace of hearts is not
    assert equivalent_to(info, hand("JS")) == hand("JC")
    # king and nine of spades, the queen and ten out: not equal; played in an earlier trick: equal
    from analysis.play.information import info_from_state

    def c_after(played):
        plays = [("ABCD".index(p[0]), parse_card(p[2:])) for p in played.split()]
        return info_from_state(2, hand("KS 9S 8S AH 7D"), plays, spades, 0, -1, parse_card("7S"), True)
    assert equivalent_to(c_after("B:AD"), hand("KS")) == 0
    assert equivalent_to(c_after("B:QS C:8S D:TS A:AS A:KD B:9D"), hand("KS")) == hand("9S")
    # the ten on the table decides this trick: the king and the nine are not equal in it
    assert equivalent_to(c_after("B:QS C:8S D:JD A:AS A:TS B:9D"), hand("KS")) == 0


@pytest.mark.slow   # the first in its worker to build the call-reading tables (15 s)
def test_with_the_books_rules_in_the_other_seats_only_the_decider_plays_pimc(hands):
    model = BiddingModel(BookPolicy(), Rules())
    n = 150
    sub = {k: (v[:n] if isinstance(v, (np.ndarray, list)) else v) for k, v in hands.items()}
    got = branch(sub, LATER_C, WORLDS, SEED, model, others=BOOK_RULES)
    every_seat = branch(sub, LATER_C, WORLDS, SEED, model)
    plays, _misled, _won = branching.played_with_the_book(sub, [2] * n, WORLDS, SEED, model)
    book = BookPlayer()
    for i in range(n):      # before and after the decider's cards, the others play the book's card
        for k, info in enumerate(hand_infos(sub, i, plays[i])):
            if info.player != 2 and plays[i, k] >= 0:
                assert plays[i, k] == book.choose(info, (i, k))
    assert len(got) > 5 and (got.seat == 2).all() and got.rows.tolist() != every_seat.rows.tolist()
    for j, i in enumerate(got.rows):
        k = int(got.card_number[j])
        own = int(plays[i, k])        # the decider's own card there is PIMC's best of all
        trump = int(sub["trump"][i])
        assert own == (got.book_card[j] if (suit_masks(trump)[trump] >> own) & 1 else got.other_card[j])
    assert set(np.unique(got.book_net)) <= {-4, -2, -1, 1, 2, 4}
    # played only to the position, the hands are the same up to it
    stopped, _m, _w = branching.played_with_the_book(
        sub, [2] * n, WORLDS, SEED, model, stop=lambda info: info.player == 2 and LATER_C.applies(info) is not None)
    for j, i in enumerate(got.rows):
        k = int(got.card_number[j])
        assert stopped[i, :k].tolist() == plays[i, :k].tolist() and (stopped[i, k:] == -1).all()
    with pytest.raises(EuchreError, match="the rule's seat"):
        branch(sub, LATER, WORLDS, SEED, model, others=BOOK_RULES)
    with pytest.raises(EuchreError, match="play company"):
        branch(sub, LATER_C, WORLDS, SEED, model, others="simple")

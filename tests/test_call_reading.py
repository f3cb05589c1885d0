"""Reading the calls through tables: each seat's table holds exactly the hands that bid as heard,
and the compiled judge keeps exactly the worlds that the auction, played again, bids as heard."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.bidding.auction import bid_batch
from analysis.bidding.book_policy import BookParams, BookPolicy
from analysis.bidding.policies import policy_from_name
from analysis.bidding.reading import CallTables, _endings, ending_of
from analysis.errors import EuchreError
from analysis.game.rules import Rules, Score
from analysis.play.information import start_info
from analysis.play.worlds import BiddingModel, sample_worlds
from fastcore.callreading import all_hands, hand_ranks
from fastcore.sampler import sample_deals

COMPANIES = [
    ("book at 4-1", [BookPolicy()] * 4, Rules(), Score(4, 1)),
    ("cautious and book, 24 cards, stuck dealer", [policy_from_name("cautious"), BookPolicy()] * 2,
     Rules(pack=24, stick_the_dealer=True), Score(2, 3)),
    ("book keeping the bridge", [BookPolicy(BookParams(keep_bridge=True))] * 4, Rules(), Score(4, 2)),
]


def test_hand_ranks_number_every_five_card_hand_once():
    hands = all_hands()
    assert len(hands) == 201376 and (np.bitwise_count(hands) == 5).all()
    np.testing.assert_array_equal(hand_ranks(hands), np.arange(len(hands)))
    assert hand_ranks(np.array([0b1111, 0b111111], np.uint32)).tolist() == [-1, -1]


def _bit(table, hand) -> bool:
    r = int(hand_ranks(np.uint32(hand)))
    return bool((table[r >> 3] >> (r & 7)) & 1)


@pytest.mark.parametrize("name,policies,rules,score", COMPANIES, ids=[c[0] for c in COMPANIES])
@pytest.mark.slow
def test_the_tables_accept_a_deal_exactly_under_the_bidding_it_bids(name, policies, rules, score):
    d = sample_deals(24, 11, pack=rules.pack)
    b = bid_batch(d.hands, d.turn_up, policies, rules, score)
    tables = CallTables(policies, rules, score)
    others = list(_endings().values())
    rng = np.random.default_rng(3)
    for i in range(len(d.hands)):
        up = int(d.turn_up[i])
        heard = ending_of(b.calls(i), up)
        dealt = [int(x) for x in d.hands[i]]
        assert all(_bit(tables.seat_table(up, heard, s), dealt[s]) for s in range(4))
        discards = tables.discard_table(up, heard)
        assert (discards is None) == (b.discard[i] < 0)
        if discards is not None:
            assert discards[int(hand_ranks(np.uint32(dealt[0])))] == b.discard[i]
        for j in rng.choice(len(others), 3, replace=False):
            rnd, caller, trump, lone, taker = others[j]
            other = (rnd, caller, up >> 3 if rnd == 1 else trump, lone, taker)
            if other != heard:
                assert not all(_bit(tables.seat_table(up, other, s), dealt[s]) for s in range(4))


def test_calls_no_auction_gives_are_refused():
    with pytest.raises(EuchreError, match="not a whole bidding"):
        ending_of(("nonsense",), 3)


def _reader_infos(policies, rules, score, deals=120, seed=23):
    """Start-of-play information sets of each deal played, for each seat as reader."""
    d = sample_deals(deals, seed, pack=rules.pack)
    b = bid_batch(d.hands, d.turn_up, policies, rules, score)
    for i in np.flatnonzero(b.maker >= 0):
        lone = int(b.lone_seat[i])
        taken = bool(b.round[i] == 1 and lone != 2)
        for reader in range(4):
            if lone >= 0 and reader == lone ^ 2:
                continue
            yield i, start_info(reader, int(b.play_hands[i, reader]), int(b.trump[i]), int(b.maker[i]), lone,
                                int(d.turn_up[i]), taken, int(b.discard[i]) if reader == 0 and taken else None,
                                b.calls(i), rules.pack)


@pytest.mark.parametrize("name,policies,rules,score", COMPANIES[:2], ids=[c[0] for c in COMPANIES[:2]])
@pytest.mark.slow
def test_the_judge_keeps_exactly_the_worlds_the_auction_bids_as_heard(name, policies, rules, score):
    """Every kind of reader: the dealer who took up (his own discard), a reader who must guess the
    discard, a lone player's partner's hand drawn from the undealt cards."""
    model = BiddingModel(policies, rules, score)
    kinds = set()
    for i, info in _reader_infos(policies, rules, score):
        worlds = sample_worlds(info, 40, 5, key=(i,)).hands
        keep, dealt, discard = model_accept_drawn(model, info, worlds, state=i)
        np.testing.assert_array_equal(keep, model.replay(info, dealt, discard))
        kinds.add((info.taken, info.player == 0, info.lone_seat >= 0))
    assert {(True, True, False), (True, False, False)} <= kinds
    assert any(lone for _t, _p, lone in kinds)


def model_accept_drawn(model, info, worlds, state):
    from analysis.game.cards import pack_mask
    from fastcore.callreading import judge_worlds
    accept, discards = model.tables.tables(info.turn_up, info.calls)
    return judge_worlds(worlds, info.played, info.gone(), pack_mask(info.pack), info.turn_up, info.taken,
                        info.lone_seat, info.player, -1 if info.discard is None else info.discard, accept, discards,
                        state, drawn=True)


def test_the_judge_is_the_model_s_accept():
    policies, rules, score = COMPANIES[0][1:]
    model = BiddingModel(policies, rules, score)
    for i, info in list(_reader_infos(policies, rules, score, deals=30))[:20]:
        worlds = sample_worlds(info, 30, 2, key=(i,)).hands
        np.testing.assert_array_equal(model.accept(info, worlds, 77), model_accept_drawn(model, info, worlds, 77)[0])


def test_the_tables_are_shared_by_policies_of_the_same_plain_state():
    from analysis.bidding.policy import Forced
    from analysis.bidding.reading import tables_for
    book = tables_for(BookPolicy(), Rules(), Score(1, 2))
    assert tables_for(BookPolicy(), Rules(), Score(1, 2)) is book
    assert tables_for(BookPolicy(BookParams(keep_bridge=True)), Rules(), Score(1, 2)) is not book
    assert tables_for(BookPolicy(), Rules(), Score(2, 1)) is not book
    arm = tables_for(Forced(BookPolicy(), 1, "first_round", "pass"))
    assert tables_for(Forced(BookPolicy(), 1, "first_round", "pass")) is arm
    assert tables_for(Forced(BookPolicy(), 1, "first_round", "order up")) is not arm

    class Holding(BookPolicy):          # state that is not plain data: read by identity
        def __init__(self):
            super().__init__()
            self.table = np.zeros(3)
    first = Holding()
    assert tables_for(first) is tables_for(first) and tables_for(Holding()) is not tables_for(first)


def _arms():
    from analysis.bidding.policy import Forced
    from studies.bridge import Cautious, Reckless
    from studies.round_two import Acting
    return [
        ("eldest forced to order up", Forced(BookPolicy(), 1, "first_round", "order up"), Score()),
        ("dealer forced to pass", Forced(BookPolicy(), 0, "first_round", "pass"), Score()),
        ("eldest names next in round two", Acting(1, 2, "next"), Score()),
        ("dealer's partner calls in round one", Acting(2, 1, "call"), Score()),
        ("cautious lone hands at the bridge", Cautious(), Score(4, 1)),
        ("reckless lone hands at the bridge", Reckless(), Score(1, 4)),
    ]



class _Unshared(CallTables):
    """A reader that asks every question of the seat's own policy."""

    def _answerer(self, question):
        return self.policies[question[1]], ("unshared", question)


@pytest.mark.parametrize("index", range(6), ids=[a[0] for a in _arms()])
@pytest.mark.slow
def test_an_arm_asks_only_its_own_questions_and_its_base_answers_the_rest_as_it_would(index, monkeypatch):
    from collections import OrderedDict

    from analysis.bidding import reading
    name, arm, score = _arms()[index]
    monkeypatch.setattr(reading, "_kept", OrderedDict())
    monkeypatch.setattr(reading, "_bytes_kept", [0])
    d = sample_deals(24, 5)
    b = bid_batch(d.hands, d.turn_up, arm, Rules(), score)
    heard = [(int(d.turn_up[i]), b.calls(i)) for i in range(len(d.hands))]
    for up, calls in heard:
        CallTables(BookPolicy(), Rules(), score).tables(up, calls)
    asked, used = [], set()
    real_ask, real_answers = CallTables._ask, CallTables._answers

    def ask(self, question, turn_up):
        asked.append(self._answerer(question)[0])
        return real_ask(self, question, turn_up)

    def answers(self, question, turn_up):
        used.add((question, turn_up))
        return real_answers(self, question, turn_up)
    monkeypatch.setattr(CallTables, "_ask", ask)
    monkeypatch.setattr(CallTables, "_answers", answers)
    tables = CallTables(arm, Rules(), score)
    for i, (up, calls) in enumerate(heard):
        seats, discard = tables.tables(up, calls)
        assert all(_bit(seats[s], int(d.hands[i, s])) for s in range(4))
        if discard is not None:
            assert discard[int(hand_ranks(np.uint32(d.hands[i, 0])))] == b.discard[i]
    assert asked and all(p is arm for p in asked)     # the arm asked only its own questions
    own = _Unshared(arm, Rules(), score)
    for question, up in sorted(used, key=repr)[::3]:
        np.testing.assert_array_equal(np.asarray(real_answers(tables, question, up)),
                                      np.asarray(real_ask(own, question, up)), err_msg=repr(question))

"""L5's primary: the same lone hand played alone from B, C, D and A on the same deal (rotated,
paired), the calls before it forced passes, the dealer discarding next and his partner leading it
when the third hand is alone at the turn-up; an intersection-union test of B - A, A - C and A - D."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.bidding import BookPolicy, bid_batch
from analysis.errors import EuchreError
from analysis.game import Rules, contract, primaries
from analysis.game.cards import DEALER, ELDEST, SECOND, THIRD, mask_of, parse_card
from analysis.play.double_dummy import get_solver
from analysis.play.reference import PlayState
from analysis.play.players import cards_of
from fastcore.sampler import sample_deals
from fastcore.solver import solve_tricks
from studies import primary_lone_seats as P

RULES = Rules()


def _hand(text: str) -> int:
    return mask_of([parse_card(c) for c in text.split()])


def _lone_deals(n: int, seed: int, round_: int | None = None):
    """Deals whose first hand is a lone hand (of that round), with their round and trump."""
    deals = sample_deals(n, seed)
    rnd, trump, _strength = P.lone_hands(deals.hands[:, 0], deals.turn_up, RULES)
    rows = np.flatnonzero(rnd == round_ if round_ else rnd > 0)
    return deals[rows], rnd[rows], trump[rows]


def test_the_lone_hand_is_judged_on_its_five_dealt_cards_at_the_turn_up_or_else_in_round_two():
    hands = np.array([_hand("JS JC AS KS QH"),      # spades turned: right, left, ace, king and a losing queen
                      _hand("JS JC AS 9D 9H"),      # hearts turned: three spades with both bowers (and clubs)
                      _hand("JS 7S 8S AD AH"),      # spades turned: the right and two small ones
                      _hand("9S TC QD KH 8H")], np.uint32)
    turn_up = np.array([parse_card(c) for c in ("9S", "7H", "TS", "7S")], np.int8)
    rnd, trump, strength = P.lone_hands(hands, turn_up, RULES)
    assert rnd.tolist() == [1, 2, 1, 0]
    assert trump[:3].tolist() == [0, 0, 0]                # spades (in clubs the second hand has two trumps only)
    assert [P.STRENGTHS[s] for s in strength[:3]] == ["light", "desperate", "desperate"]


def test_the_rotation_puts_the_same_five_cards_at_each_seat_the_others_following_in_their_order():
    deals = sample_deals(50, 1)
    hands = np.asarray(deals.hands)
    for seat in range(4):
        turned = P.rotated(hands, seat)
        for j in range(4):
            assert (turned[:, (seat + j) % 4] == hands[:, j]).all()
    # H plays from the chosen seat with the same turn-up: his cards at play are his dealt five
    # (the dealer's with the turn-up taken and one discarded)
    lone, rnd, trump = _lone_deals(2000, 2, round_=1)
    for seat in P.SEATS_IN_TURN:
        b = bid_batch(P.rotated(lone.hands, seat), lone.turn_up, P.arm_policies(seat, 1), RULES)
        assert (b.lone_seat == seat).all() and (b.trump == trump).all()
        played = b.play_hands[:, seat]
        if seat == DEALER:
            six = contract.with_turn_up(lone.hands[:, 0], lone.turn_up)
            assert ((played & ~six) == 0).all() and ((played & (1 << lone.turn_up.astype(np.uint32))) != 0).all()
        else:
            assert (played == lone.hands[:, 0]).all()


@pytest.mark.parametrize("round_", [1, 2])
def test_every_call_before_the_lone_call_is_a_forced_pass(round_):
    lone, rnd, trump = _lone_deals(3000, 3, round_=round_)
    overruled = 0
    for seat in P.SEATS_IN_TURN:
        hands = P.rotated(lone.hands, seat)
        book = bid_batch(hands, lone.turn_up, BookPolicy(), RULES)
        suit = int(trump[0])
        rows = np.flatnonzero(trump == suit)
        b = bid_batch(hands[rows], lone.turn_up[rows], P.arm_policies(seat, round_), RULES)
        assert (b.lone_seat == seat).all() and (b.round == round_).all() and not b.taker.any()
        for i in range(len(rows)):
            calls = b.calls(i)
            assert all(c.action in ("pass", "turn down") for c in calls[:-1])
            assert calls[-1].seat == seat and calls[-1].is_lone and len(calls) == (round_ - 1) * 4 + \
                (1, 2, 3, 0).index(seat) + 1
        # where the book would have called before him, the pass is forced all the same
        before = (1, 2, 3, 0)[:(1, 2, 3, 0).index(seat)]
        overruled += int((np.isin(book.caller[rows], before) & (book.round[rows] == 1)).sum()) if round_ == 1 else \
            int(((book.round[rows] == 1) | np.isin(book.caller[rows], before)).sum())
    assert overruled > 0


def test_when_the_third_hand_is_alone_at_the_turn_up_the_dealer_discards_next_and_his_partner_leads_it():
    lone, rnd, trump = _lone_deals(6000, 4, round_=1)
    hands = P.rotated(lone.hands, THIRD)
    b = bid_batch(hands, lone.turn_up, P.arm_policies(THIRD, 1), RULES)
    assert (b.lone_seat == THIRD).all()
    dealer_next = P.next_cards(hands[:, DEALER], trump)
    held = dealer_next != 0
    assert held.any() and (~held).any()
    lowest = [cards_of(int(m))[0] for m in dealer_next[held]]
    assert (b.discard[held] == lowest).all()                              # his lowest card of next
    six = contract.with_turn_up(hands[~held, DEALER], lone.turn_up[~held])
    assert (b.discard[~held] == contract.book_discards(six, lone.turn_up[~held], False)).all()   # else his own
    # the other seats' lone hands: the dealer keeps his own discard
    eldest = bid_batch(P.rotated(lone.hands, ELDEST), lone.turn_up, P.arm_policies(ELDEST, 1), RULES)
    six = contract.with_turn_up(P.rotated(lone.hands, ELDEST)[:, DEALER], lone.turn_up)
    assert (eldest.discard == contract.book_discards(six, lone.turn_up, False)).all()

    # C leads (B sits out), a card of next where he holds one, the best of them for his side
    net, custom = P.alone_at(THIRD, lone.hands, lone.turn_up, rnd, trump, RULES)
    c_next = P.next_cards(b.play_hands[:, SECOND], trump)
    assert ((custom & P.LED_NEXT) != 0).tolist() == (c_next != 0).tolist()
    assert ((custom & P.DISCARDED_NEXT) != 0).tolist() == held.tolist()
    plain = np.asarray(solve_tricks(np.ascontiguousarray(b.play_hands), trump, contract.leader(b.lone_seat),
                                    lone_seat=b.lone_seat, side=1), np.int8)
    solver = get_solver("compiled")
    made = {}
    for i in np.flatnonzero(c_next != 0)[:40]:
        state = PlayState([frozenset(cards_of(int(m))) for m in b.play_hands[i]], int(trump[i]), THIRD, SECOND)
        values = solver.move_values(state)                   # AC's tricks after each of C's leads
        made[i] = 5 - max(values[c] for c in cards_of(int(c_next[i])))
        assert made[i] >= plain[i]                           # a lead of next can only help the lone hand
    # the lone player's side's net points from his tricks: 4 a march, 1 three or four, -4 euchred
    assert all(net[i] == (4 if t == 5 else 1 if t >= 3 else -4) for i, t in made.items())
    assert any(made[i] > plain[i] for i in made)


def test_in_round_two_the_second_and_third_hands_play_the_same_lone_hand_alike():
    """Without a turn-up taken, H at C and H at D sit in the same place in the play (the adversary on
    his right leads, the other plays after him, the same partner's hand sits out): double-dummy
    their points are the same on every deal; at the turn-up they are not."""
    deals = sample_deals(4000, 8)
    rnd, trump, _strength = P.lone_hands(deals.hands[:, 0], deals.turn_up, RULES)
    nets = {seat: P.alone_at(seat, deals.hands, deals.turn_up, rnd, trump, RULES)[0] for seat in (SECOND, THIRD)}
    two, one = rnd == 2, rnd == 1
    assert two.sum() > 100 and (nets[SECOND][two] == nets[THIRD][two]).all()
    assert (nets[SECOND][one] != nets[THIRD][one]).any() and (nets[SECOND][rnd == 0] == 0).all()


def test_a_chunk_counts_each_lone_hand_once_with_its_four_seats():
    deals = sample_deals(3000, 5)
    cells = P.played(deals, "book", RULES)
    rnd = P.lone_hands(deals.hands[:, 0], deals.turn_up, RULES)[0]
    assert int(cells["deals"].sum()) == int((rnd > 0).sum()) and set(cells["twin"]) == {0}
    assert set(cells["round"]) == {1, 2} and set(cells["strength"]) <= {1, 2, 3}
    assert set(np.unique(cells[P.NETS].to_numpy())) <= {-4, 1, 4}
    assert (cells.loc[cells["round"] == 2, "custom"] == 0).all() and (cells["custom"] > 0).any()
    capped = P.played(deals, "book", RULES, cap=25)
    assert int(capped["deals"].sum()) == 25
    e = P.contrast(cells, "book", "A-D")
    w, g = cells["deals"], cells["A"] - cells["D"]
    assert e.n == int(w.sum()) and e.mean == pytest.approx((w * g).sum() / w.sum())


@pytest.mark.slow
def test_the_table_plays_the_custom_lead_within_next_and_keeps_a_double_dummy_twin():
    from analysis.play import chunk_engine, playing
    lone, rnd, trump = _lone_deals(3000, 6, round_=1)
    engine = chunk_engine("pimc-calls", 8, np.random.SeedSequence(1), 32)
    b = bid_batch(P.rotated(lone.hands, THIRD), lone.turn_up, P.arm_policies(THIRD, 1), RULES)
    c_next = P.next_cards(b.play_hands[:, SECOND], trump)
    rows = np.flatnonzero(c_next != 0)[:6]
    sub = b.take(rows)
    led = P._table_lead_next(engine, sub, lone.turn_up[rows], c_next[rows])
    assert all((int(c_next[i]) >> int(card)) & 1 for i, card in zip(rows, led))
    with playing(engine):
        cells = P.played(sample_deals(400, 7), "book", RULES, cap=4)
    assert int(cells.loc[cells["twin"] == 0, "deals"].sum()) == 4
    assert int(cells.loc[cells["twin"] == 1, "deals"].sum()) > 4
    e = P.contrast(cells, "book", "B-A")
    assert e is not None and e.n == 4


def test_the_twin_reports_the_variance_it_keeps():
    """A table run's contrast is adjusted by its double-dummy twin and says how much of the plain
    variance it keeps; here the table plays its deals exactly as double-dummy does (a perfect
    twin), so what is left is the twin's own error over all its deals: about n / N. A double-dummy
    run has no twin, and keeps no share to report."""
    deals = sample_deals(3000, 5)
    members = np.flatnonzero(P.lone_hands(deals.hands[:, 0], deals.turn_up, RULES)[0] > 0)
    nets = P.seat_nets(deals[members], RULES)
    first = {k: np.asarray(v)[:200] for k, v in nets.items()}
    table = pd.concat([P.cells("book", nets, twin=1),
                       P.cells("book", first, twins={x: first[x] for x in P.NETS})], ignore_index=True)
    e, kept = P.adjusted_contrast(table, "book", "A-D")
    plain = P.adjusted_contrast(P.cells("book", first), "book", "A-D")[0]
    assert e.n == 200 and 0 < kept < 2 * 200 / len(members)
    assert e.high - e.low < plain.high - plain.low
    assert P.adjusted_contrast(P.cells("book", nets), "book", "A-D")[1] is None


def test_at_love_all_the_company_plays_every_deal_as_the_book_does():
    """What the report and primaries.toml say: with every call before the lone hand forced, the
    company decides only the dealer's discard (and the reading of the calls), and at love-all the
    optimised policy discards by the book's rule."""
    from analysis.bidding.company import keeping
    deals = sample_deals(6000, 9)
    with keeping("book"):
        book = P.played(deals, "same", RULES)
    with keeping("optimised"):
        optimised = P.played(deals, "same", RULES)
    pd.testing.assert_frame_equal(book, optimised)


def test_bad_options_are_refused_in_one_line(tmp_path):
    from analysis.run.runner import settings_for
    for cap in (-1, 2.5, True):
        with pytest.raises(EuchreError, match="option cap must be a whole number") as got:
            P.STUDY.scenarios(settings_for(P.STUDY, out=str(tmp_path), options={"cap": cap}))
        assert "\n" not in str(got.value)
    with pytest.raises(EuchreError, match="32-card pack"):
        P.STUDY.scenarios(settings_for(P.STUDY, out=str(tmp_path), pack=24))


def test_the_study_reports_the_intersection_union_test_the_ledger_reads(tmp_path):
    from analysis.reporting.ledger import read_study_verdicts
    from analysis.reporting.primary_status import standing
    from analysis.run.runner import report_study, run_study, settings_for
    settings = settings_for(P.STUDY, out=str(tmp_path), deals=3000, chunk_size=1500, seed=3, progress=False)
    outcome = run_study(P.STUDY, settings)
    report_study(P.STUDY, P.STUDY.summarise(outcome.frame, settings), outcome.manifest, tmp_path / P.STUDY.name)
    tests = read_study_verdicts(tmp_path / P.STUDY.name / "verdicts.csv", P.STUDY.name)
    assert {t.key for t in tests} == {f"L5.{c}{k}" for c in ("B-A", "A-C", "A-D", "C-D") for k in ("", ".optimised")}
    s = standing(primaries()["L5"], tests)
    # double-dummy and the table, in the book's company: the optimised company plays every deal alike
    # here (a second sample, secondary), so it is no replication
    assert len(s.replications) == 2
    assert [r.run for r in s.replications] == [True, False]
    assert not {key for _study, key in s.used} & {"L5.B-A.optimised", "L5.A-C.optimised", "L5.A-D.optimised"}
    assert all("intersection-union: B-A" in r.how for r in s.replications if r.run)
    assert s.status != "untested"


@pytest.mark.slow
def test_one_and_two_workers_give_the_same_results(tmp_path):
    from analysis.run.runner import run_study, settings_for
    kw = dict(deals=2000, chunk_size=500, seed=11, progress=False)
    one = run_study(P.STUDY, settings_for(P.STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(P.STUDY, settings_for(P.STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(P.STUDY.summarise(one), P.STUDY.summarise(two))
    assert set(one["company"]) == {"book", "optimised"}


def test_the_table_plays_the_cards_it_is_given_first():
    from analysis.play.players import SimplePlayer
    from analysis.play.table import TablePlay

    class Recording(SimplePlayer):
        def __init__(self):
            self.numbers = []

        def choose(self, info, key):
            self.numbers.append(key[1])
            return super().choose(info, key)

    lone, rnd, trump = _lone_deals(3000, 6, round_=1)
    b = bid_batch(P.rotated(lone.hands, THIRD), lone.turn_up, P.arm_policies(THIRD, 1), RULES)
    c_next = P.next_cards(b.play_hands[:, SECOND], trump)
    rows = np.flatnonzero(c_next != 0)[:5]
    player = Recording()
    engine = TablePlay(players=[player] * 4)
    forced = np.full((len(rows), 20), -1, np.int8)
    forced[:, 0] = [cards_of(int(m))[-1] for m in c_next[rows]]       # his highest card of next
    engine.play_bidding(b.take(rows), lone.turn_up[rows], forced=forced)
    assert 0 not in player.numbers and len(player.numbers) == 14 * len(rows)
    player.numbers.clear()
    engine.play_bidding(b.take(rows), lone.turn_up[rows])
    assert player.numbers.count(0) == len(rows)
    assert (P._table_lead_next(engine, b.take(rows), lone.turn_up[rows], c_next[rows])
            == [cards_of(int(m))[0] for m in c_next[rows]]).all()        # a player who values no cards: the lowest


def test_the_others_read_the_lone_call_as_a_lone_hand():
    # at the table the defenders hear H's call as the study makes it: in every world they draw, H
    # holds a lone hand in the trump (the calls before his, forced passes, tell them nothing)
    from analysis.play.information import start_info
    from analysis.play.worlds import BiddingModel, sample_worlds
    lone, _rnd, trump = _lone_deals(400, 12, round_=1)
    policies = P.arm_policies(ELDEST, 1)
    model = BiddingModel(policies, RULES)
    b = bid_batch(P.rotated(lone.hands, ELDEST)[:3], lone.turn_up[:3], policies, RULES)
    for i in range(3):
        info = start_info(SECOND, int(b.play_hands[i][SECOND]), int(b.trump[i]), int(b.maker[i]), int(b.lone_seat[i]),
                          int(lone.turn_up[i]), True, None, b.calls(i), 32, None)
        worlds = sample_worlds(info, 64, 5, (i,), model=model)
        rnd, suit, _s = P.lone_hands(worlds.hands[:, ELDEST], np.full(64, lone.turn_up[i], np.int8), RULES)
        assert (rnd == 1).all() and (suit == trump[i]).all()

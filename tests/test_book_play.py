"""The book's card play: each rule on a position the book describes, whole hands, switching rules off."""
from __future__ import annotations

import numpy as np
import pytest

from analysis.play.book import CLAIMS, BookPlayer
from analysis.game.cards import parse_card
from analysis.errors import EuchreError
from analysis.play.information import info_from_state, start_info
from analysis.bidding.policy import Call
from analysis.play.players import SimplePlayer
from analysis.play.table import play_hand

A, B, C, D = 0, 1, 2, 3
S, CL, H, DI = 0, 1, 2, 3


def mask(cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards.split())


def card(text: str) -> int:
    return parse_card(text)


def choose(info, off=()):
    return BookPlayer(off).choose(info, (0, 0))


def test_partner_made_it_lead_a_trump_the_left_with_a_small_one():      # E10
    # B leads; his partner D ordered up spades (the turn-up 9S taken by A)
    calls = (Call(B, "pass"), Call(C, "pass"), Call(D, "order up"))
    info = start_info(B, mask("JC 8S AH KD 7D"), S, D, turn_up=card("9S"), taken=True, calls=calls)
    assert choose(info) == card("JC")
    info = start_info(B, mask("QS 8S AH KD 7D"), S, D, turn_up=card("9S"), taken=True, calls=calls)
    assert choose(info) == card("8S")                                      # any two others: the smallest
    # switched off, no other rule applies here: the baseline's lowest card
    assert choose(info, off={"E10"}) == SimplePlayer().choose(info, (0, 0)) == card("7D")


def test_two_bowers_and_an_outside_ace_are_led_in_that_order():          # E9
    hand = mask("JS JC AH 9D 7D")
    info = start_info(B, hand, S, B, turn_up=card("9S"), taken=False)
    assert choose(info) == card("JS")


def test_one_or_two_trumps_and_two_aces_lead_trumps():                   # E7
    info = start_info(B, mask("QS 9S AH AD 7C"), S, A, turn_up=card("KS"), taken=True,
                      calls=(Call(B, "pass"), Call(C, "pass"), Call(D, "pass"), Call(A, "take up")))
    assert choose(info) == card("QS")
    assert choose(info, off={"E7"}) != card("QS")                           # E9: not up to the dealer
    # the sentence is the eldest hand's opening lead: not D's, and not when B's side made it
    info = start_info(D, mask("QS 9S AH AD 7C"), S, A, turn_up=card("KS"), taken=True,
                      calls=(Call(B, "pass"), Call(C, "pass"), Call(D, "pass"), Call(A, "take up")))
    for info in (info, start_info(B, mask("QS 9S AH AD 7C"), S, D, turn_up=card("KS"), taken=True,
                                  calls=(Call(B, "pass"), Call(C, "pass"), Call(D, "order up")))):
        player = BookPlayer()
        player.choose(info, (0, 0))
        assert "E7" not in player.fired


def test_against_the_dealers_adoption_an_ace_not_king_seven():          # E8
    calls = (Call(B, "pass"), Call(C, "pass"), Call(D, "pass"), Call(A, "take up"))
    info = start_info(B, mask("KH 7H AD 8C 9C"), S, A, turn_up=card("KS"), taken=True, calls=calls)
    assert choose(info) == card("AD")
    info = start_info(B, mask("KH 7H QD 8C 9C"), S, A, turn_up=card("KS"), taken=True, calls=calls)
    assert choose(info) == card("QD")                                       # a short queen, not king-seven
    assert choose(info, off={"E8"}) != card("QD")


def test_led_through_with_the_right_and_another():                        # S8
    calls = (Call(B, "pass"), Call(C, "assist"))
    hand = mask("JS 8S AH KD 7D")
    info = info_from_state(C, hand, [(B, card("9S"))], S, A, turn_up=card("QS"), taken=True, calls=calls)
    assert choose(info) == card("JS")
    info = info_from_state(C, hand, [(B, card("9S"))], S, A, turn_up=card("AS"), taken=True, calls=calls)
    assert choose(info) == card("8S")                                       # the ace turned: finesse allowed


def test_do_not_ruff_a_small_card_with_the_right_alone_on_the_first_trick():   # S10
    calls = (Call(B, "order up"),)
    info = info_from_state(C, mask("JS AD KD 7D 8C"), [(B, card("9H"))], S, B, turn_up=card("QS"), taken=True,
                           calls=calls)
    assert choose(info) != card("JS")
    info = info_from_state(C, mask("JC AD KD 7D 8C"), [(B, card("9H"))], S, B, turn_up=card("QS"), taken=True,
                           calls=calls)
    assert choose(info) == card("JC")                                       # the left alone: ruff


def test_ruffing_beat_the_turn_up():                                     # T5
    # D ordered up the king of spades; B led hearts, C followed, D is void: ruff above the king
    calls = (Call(B, "pass"), Call(C, "pass"), Call(D, "order up"))
    info = info_from_state(D, mask("AS 9S AD KD 7C"), [(B, card("9H")), (C, card("AH"))], S, D,
                           turn_up=card("KS"), taken=True, calls=calls)
    assert choose(info) == card("AS")


def test_lead_the_turn_down_against_the_third_hand_alone():              # S11
    calls = (Call(B, "pass"), Call(C, "pass"), Call(D, "pass"), Call(A, "turn down"), Call(B, "pass"),
             Call(C, "pass"), Call(D, "make", H, True))
    info = start_info(C, mask("9C TC AD 7S 8S"), H, D, lone_seat=D, turn_up=card("KC"), taken=False, calls=calls)
    assert info.to_move == C
    assert choose(info) == card("TC")


def test_unknown_claim_is_named():
    with pytest.raises(EuchreError, match="no card-play rule of claim X1"):
        BookPlayer({"X1"})
    assert set(CLAIMS) >= {"E4", "E5", "E6", "E7", "E8", "E9", "E10", "S8", "S9", "S10", "S11", "T5", "D7", "D9", "L6"}


def _hand_kwargs(b, turn_up, i: int) -> dict:
    """play_hand's arguments for deal i of a bidding: what the table saw and heard."""
    from analysis.game import contract
    takes = contract.dealer_takes_up(b.round[i:i + 1], b.lone_seat[i:i + 1])[0]
    return dict(lone_seat=int(b.lone_seat[i]), maker=int(b.maker[i]), turn_up=int(turn_up[i]), taken=bool(takes),
                discard=None if b.discard[i] < 0 else int(b.discard[i]), calls=b.calls(i), deal=int(i),
                leader=int(contract.leader(b.lone_seat[i:i + 1])[0]))


@pytest.mark.slow
def test_whole_hands_are_legal_and_every_rule_fires():
    from fastcore.sampler import sample_deals
    from analysis.bidding.book_policy import BookPolicy
    from analysis.bidding.auction import bid_batch

    deals = sample_deals(1500, np.random.SeedSequence((5, 5)), pack=32)
    b = bid_batch(deals.hands, deals.turn_up, BookPolicy())
    player = BookPlayer()
    other = BookPlayer({"E10"})
    differ = 0
    for i in np.flatnonzero(b.maker >= 0):
        kw = _hand_kwargs(b, np.asarray(deals.turn_up, np.int64), int(i))
        plays, won = play_hand(b.play_hands[i], int(b.trump[i]), [player] * 4, **kw)
        assert sum(won) == 5 and len(plays) == 5 * (3 if b.lone_seat[i] >= 0 else 4)
        plays2, _ = play_hand(b.play_hands[i], int(b.trump[i]), [other] * 4, **kw)
        differ += plays != plays2
    assert differ > 0
    assert set(player.fired) == set(CLAIMS)


def test_card_play_rows_are_the_python_players_hand_by_hand():
    # the study plays compiled; here the same rows by the Python players, hand by hand
    import pandas as pd
    from fastcore.sampler import sample_deals
    from analysis.bidding.book_policy import BookPolicy
    from analysis.game.rules import Rules, points_by_side
    from analysis.bidding.auction import bid_batch
    from studies.card_play import KEYS, SIDES, card_play_rows

    deals = sample_deals(300, np.random.SeedSequence((6, 6)), pack=32)
    turn_up = np.asarray(deals.turn_up, np.int64)
    b = bid_batch(deals.hands, deals.turn_up, BookPolicy())

    def net(won, i, side):
        maker = int(b.maker[i])
        pts = points_by_side(np.array([maker]), np.array([int(b.lone_seat[i])]), np.array([won[maker & 1]]))[0]
        return int(pts[side]) - int(pts[1 - side])
    book = [BookPlayer() for _ in range(4)]
    rows = []
    for i in np.flatnonzero(b.maker >= 0):
        kw = _hand_kwargs(b, turn_up, int(i))
        before = [dict(p.fired) for p in book]
        _plays, won = play_hand(b.play_hands[i], int(b.trump[i]), book, **kw)
        fired = [{k: p.fired.get(k, 0) - before[s].get(k, 0) for k in CLAIMS} for s, p in enumerate(book)]
        for k in CLAIMS:
            sides = [side for side, seats in enumerate(SIDES) if any(fired[s][k] for s in seats)]
            with_net = without_net = 0
            for side in sides:
                players = [BookPlayer({k}) if s in SIDES[side] else book[s] for s in range(4)]
                _p, won_off = play_hand(b.play_hands[i], int(b.trump[i]), players, **kw)
                with_net += net(won, int(i), side)
                without_net += net(won_off, int(i), side)
            rows.append((k, len(sides), with_net, without_net))
    want = pd.DataFrame(rows, columns=KEYS[:4]).assign(strong=False, strong_net=0)
    want = want.groupby(KEYS).size().rename("deals").reset_index()
    got = card_play_rows(deals, Rules(), strong_cap=0)
    pd.testing.assert_frame_equal(got.sort_values(KEYS).reset_index(drop=True),
                                  want.sort_values(KEYS).reset_index(drop=True), check_dtype=False)
    assert (got["fired"] > 0).sum() > 10


@pytest.mark.slow
def test_card_play_study_same_table_with_one_and_two_jobs(tmp_path):
    import pandas as pd
    from analysis.run.runner import run_study, settings_for
    from studies.card_play import STUDY

    kw = dict(deals=240, chunk_size=80, progress=False)
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    per_claim = table.groupby("claim")["deals"].sum()
    assert per_claim.nunique() == 1 and 200 < per_claim.iloc[0] <= 240          # every made hand, once per claim
    assert (table.loc[table["fired"] == 0, ["with_net", "without_net"]] == 0).all().all()
    report = STUDY.render(table, {"rules": {"pack": 32}}, tmp_path)
    assert len(report.table) == len(CLAIMS) and len(STUDY.claims) == 2 * len(CLAIMS)


def test_the_strong_players_card_in_the_rules_place(monkeypatch):
    # a "strong" player who plays the book's own card changes nothing: the arm is the rules' arm
    # card for card (the Python players against the compiled ones); PIMC changes some hands
    import studies.card_play as cp
    from fastcore.sampler import sample_deals
    from analysis.game.rules import Rules

    deals = sample_deals(2000, np.random.SeedSequence(11), pack=32)
    pimc = cp.card_play_rows(deals, Rules(), seed=3, strong_cap=15)
    monkeypatch.setattr(cp, "PIMCPlayer", lambda worlds, seed: BookPlayer())
    same = cp.card_play_rows(deals, Rules(), seed=3, strong_cap=15)
    chosen = same[same["strong"]]
    assert (chosen["strong_net"] == chosen["with_net"]).all()
    assert chosen.groupby("claim")["deals"].sum().between(1, 15).all() and len(chosen.groupby("claim")) >= 12
    moved = pimc[pimc["strong"] & (pimc["strong_net"] != pimc["with_net"])]
    assert moved["deals"].sum() > 0
    e = cp.STUDY.estimate("E7.strong", pimc)
    assert e is not None and e.n == int(pimc[pimc["strong"] & (pimc["claim"] == "E7") & (pimc["fired"] > 0)]["deals"].sum())

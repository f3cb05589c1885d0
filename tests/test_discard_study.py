"""The discard study: the ways of discarding, the book's examples, the cells, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.game.cards import parse_card, parse_cards
from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.run.runner import run_study, settings_for
from analysis.bidding.auction import bid_batch
from analysis.simulator import simulate
from fastcore.sampler import sample_deals
from fastcore.vocabulary import mask_of
from studies import discard
from studies.discard import STUDY, discards


def _ways(hand: str, turn_up: str, alone: bool = False) -> dict[str, str]:
    six = np.array([mask_of(parse_cards(hand))], np.uint32)
    t = np.array([parse_card(turn_up)], np.int8)
    got = discards(six, t, np.array([alone]))
    return {k: "789TJQKA"[int(v[0]) & 7] + "SCHD"[int(v[0]) >> 3] for k, v in got.items()}


def test_the_books_examples():
    # three trumps (clubs), ace, seven of one suit, and outside king: discard the king
    w = _ways("AC QC 9C AH 7H KD", "9C")
    assert w["book"] == w["void"] == w["keep king"] == "KD"
    assert w["lowest"] == w["longest"] == "7H"
    # two trumps (clubs), ace, seven of hearts, and king, seven of diamonds: the seven of diamonds
    w = _ways("AC 9C AH 7H KD 7D", "9C")
    assert w["book"] == "7D"
    assert w["guard"] == "7H"            # never from a king-and-one
    assert w["lowest"] == "7H"           # equal ranks: the suit of the lower index (hearts before diamonds)
    # three trumps (clubs), ace, king of hearts, and ace of diamonds: the king of hearts, alone the ace
    w = _ways("AC QC 9C AH KH AD", "9C")
    assert w["book"] == w["guard"] == "KH" and w["void"] == "AD"
    assert _ways("AC QC 9C AH KH AD", "9C", alone=True)["book"] == "AD"


def test_keeping_the_king_with_two_trumps():
    w = _ways("AC 9C KD AH 8H 7H", "9C")
    assert w["book"] == "KD" and w["keep king"] == "7H"
    w = _ways("AC 9C JS KD AH 7H", "9C")   # the left bower is a trump: three trumps, the variant does not apply
    assert w["book"] == w["keep king"] == "KD"


def test_the_alternatives_on_random_hands():
    deals = sample_deals(4000, np.random.SeedSequence(7), pack=32)
    six = np.asarray(deals.hands[:, 0], np.uint32) | (np.uint32(1) << deals.turn_up.astype(np.uint32))
    alone = np.arange(len(six)) % 5 == 0
    ways = discards(six, deals.turn_up, alone)
    trump = deals.turn_up >> 3
    for i in range(len(six)):
        t = int(trump[i])
        plain = [c for c in range(32) if six[i] >> c & 1 and c >> 3 != t and not (c & 7 == 4 and c >> 3 == t ^ 1)]
        cards = {k: int(v[i]) for k, v in ways.items()}
        assert all(six[i] >> c & 1 and c != deals.turn_up[i] for c in cards.values())
        if not plain:
            assert len(set(cards.values())) == 1
            continue
        assert cards["lowest"] == min(plain, key=lambda c: (c & 7, c >> 3))
        by_suit = {}
        for c in plain:
            by_suit.setdefault(c >> 3, []).append(c)
        longest = max(len(v) for v in by_suit.values())
        assert len(by_suit[cards["longest"] >> 3]) == longest
        shortest = min(len(v) for v in by_suit.values())
        assert len(by_suit[cards["void"] >> 3]) == shortest
        if cards["void"] != cards["book"]:   # only where the book keeps a lone ace
            assert not alone[i] and cards["void"] & 7 == 7 and len(by_suit[cards["void"] >> 3]) == 1
    assert (ways["guard"] != ways["book"]).any() and (ways["void"] != ways["book"]).any()


def test_the_book_arm_is_the_simulators_hand():
    deals = sample_deals(3000, np.random.SeedSequence(3), pack=32)
    table = discard.take_up_rows(deals, (0, 0), Rules(), ["lowest", "keep king"])
    r = simulate(deals, BookPolicy(), Rules(), (0, 0))
    b = bid_batch(deals.hands, deals.turn_up, BookPolicy(), Rules(), (0, 0))
    takes = (b.round == 1) & (b.caller == 0)     # the dealer takes up himself (not taken from his partner)
    assert (r.maker[takes] == 0).all()
    lowest = table[table["cls"] == "lowest"]
    assert lowest["deals"].sum() == takes.sum()
    net = r.points[takes, 0].astype(int) - r.points[takes, 1]
    assert (lowest["book_net"].astype(int) * lowest["deals"]).sum() == net.sum()
    assert (lowest.loc[lowest["same"], "book_net"] == lowest.loc[lowest["same"], "alt_net"]).all()
    king = table[table["cls"] == "keep king"]
    assert (king["trumps"] == 2).all() and not king["same"].any()


def test_scenarios_and_a_game_of_ten_is_refused():
    assert STUDY.scenarios(settings_for(STUDY)) == [f"game-{a}" for a in range(5)] + ["love-all", "four-all"]
    with pytest.raises(EuchreError, match="game of 5"):
        STUDY.scenarios(settings_for(STUDY, rules=Rules.of(pack=24)))
    assert {t.key for t in STUDY.claims} == {"D8.lowest.love-all", "D8.longest.love-all", "D8.guard.love-all",
                                             "D8.void.love-all", "D8.keep king.four-all"}


@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=3000, chunk_size=1500, progress=False)
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    manifest = {"rules": {"pack": 32}, "root_seed": 1888}
    assert len(STUDY.verdicts(table, manifest)) == 5
    report = STUDY.render(table, manifest, tmp_path)
    assert (tmp_path / "claims.png").exists() and (tmp_path / "claims_four_all.png").exists()
    assert report.headline.startswith("Of 5 tests (the book's discard against each alternative, double-dummy), ")
    assert "lowest" in dict(report.sections)["The figures in full"]

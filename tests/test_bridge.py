"""The bridge study: the keeper's exceptions, the arms against the simulator, the estimates, reproducibility."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.value import rubber
from analysis.bidding.book_policy import MAKE_NEXT, THIRD_ORDER, BookParams, BookPolicy
from analysis.game.cards import parse_card
from analysis.errors import EuchreError
from analysis.value.game_model import win_probability
from analysis.game.patterns import matches
from analysis.bidding.policy import Situation, Situations
from analysis.game.rules import Rules, Score
from analysis.reporting.report import headline_problem
from analysis.run.runner import run_study, settings_for
from analysis.bidding.auction import bid_batch
from analysis.simulator import simulate
from analysis.experiment.study import GAME_WIN, POINTS, RUBBER
from fastcore.sampler import sample_deals
from studies import bridge
from studies.bridge import LONE, STUDY, WAYS
from studies.common import lone_arms
from studies.common.game_models import book_game_model, table_outcome_counts

RULES = Rules(pack=32)
BRIDGE_SCORES = [Score(1, 4), Score(2, 4)]


def m(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def _deals(n: int, seed: int):
    return sample_deals(n, np.random.SeedSequence(seed), pack=32)


def _eldest(deals, score: Score) -> Situations:
    turn_up = np.asarray(deals.turn_up, np.int8)
    return Situations(1, np.asarray(deals.hands[:, 1], np.uint32), turn_up, 1, score.seat(1), RULES,
                      (turn_up >> 3).astype(np.int8), lambda i: ())


def _old_eldest(t: Situations) -> np.ndarray:
    """The eldest hand's round-one rule as it was before the keeper's exceptions (E1, E2)."""
    great = t.has(THIRD_ORDER.patterns)
    can_next = t.has(MAKE_NEXT.patterns, t.trump ^ 1)
    medium = t.has("three medium trumps") & BookPolicy.strength_in_suit(t)
    return great | (~t.right_turned & ~can_next & medium)


# --- the keeper's exceptions -------------------------------------------------------------------------

def test_the_exceptions_keeper_passes_exactly_with_the_hands_named():
    keeper = BookPolicy(bridge.PARAMS["exceptions"])
    book = BookPolicy()
    deals = _deals(3000, 1)
    for score in BRIDGE_SCORES:
        t = _eldest(deals, score)
        ordered = keeper.first_round_batch(t)
        named = np.array([matches(int(h), int(x), "two aces") or matches(int(h), int(x), "ace and another")
                          for h, x in zip(t.hands, t.trump)])
        np.testing.assert_array_equal(ordered, book.first_round_batch(t) | ~named)
        assert (~ordered).sum() > 100 and (named & ordered).any()   # the book orders some named hands anyway
        kind = bridge.exception_kind(t.hands, t.turn_up, score, RULES)
        np.testing.assert_array_equal(kind > 0, ~ordered)
    s = (4, 1)   # the eldest hand's side first
    assert keeper.first_round(Situation(1, m("AH AS 7D 8D 9C"), parse_card("TC"), 1, s, ())) == "pass"   # two lay aces
    assert keeper.first_round(Situation(1, m("AC 7C 8H 9D KS"), parse_card("9C"), 1, s, ())) == "pass"   # ace and another
    assert keeper.first_round(Situation(1, m("AC JS 8H 9D KS"), parse_card("9C"), 1, s, ())) == "pass"   # the left is a trump
    assert keeper.first_round(Situation(1, m("AD 7C 8H 9D KS"), parse_card("9C"), 1, s, ())) == "order up"
    assert keeper.first_round(Situation(1, m("7H 8H 9S 9D KS"), parse_card("9C"), 1, s, ())) == "order up"
    assert keeper.first_round(Situation(1, m("AH AS 7D 8D 9C"), parse_card("TC"), 1, (4, 3), ())) == "pass"
    assert keeper.first_round(Situation(1, m("7H 8H 9S 9D KS"), parse_card("9C"), 1, (4, 3), ())) == "pass"


def test_the_books_defaults_are_unchanged():
    deals = _deals(2000, 2)
    for ac in range(5):
        for bd in range(5):
            t = _eldest(deals, Score(ac, bd))
            np.testing.assert_array_equal(BookPolicy().first_round_batch(t), _old_eldest(t))
            # the exceptions are read only when the bridge is kept
            np.testing.assert_array_equal(BookPolicy(BookParams(bridge_exceptions=True)).first_round_batch(t),
                                          _old_eldest(t))
            strict = BookPolicy(BookParams(keep_bridge=True)).first_round_batch(t)
            assert strict.all() if (ac, bd) in ((1, 4), (2, 4)) else (strict == _old_eldest(t)).all()


def test_away_from_the_bridge_the_keepers_bid_as_the_book():
    deals = _deals(1500, 3)
    for score in (Score(0, 4), Score(3, 4), Score(4, 1), Score(1, 3), Score(0, 0)):
        book = bid_batch(deals.hands, deals.turn_up, bridge.policies("never", "book"), RULES, score)
        for way in ("strict", "exceptions"):
            for lone in LONE:
                b = bid_batch(deals.hands, deals.turn_up, bridge.policies(way, lone), RULES, score)
                for field in ("maker", "trump", "lone_seat", "round", "discard"):
                    np.testing.assert_array_equal(getattr(b, field), getattr(book, field))


def test_the_adversaries_lone_policies_differ_only_at_the_bridge():
    deals = _deals(3000, 4)
    hands = np.asarray(deals.hands[:, 2], np.uint32)
    for ac, bd in ((1, 4), (2, 4), (0, 4), (3, 1)):
        t = Situations(2, hands, np.asarray(deals.turn_up, np.int8), 1, Score(ac, bd).seat(2), RULES,
                       (np.asarray(deals.turn_up) >> 3).astype(np.int8), lambda i: ())
        ok = {lone: cls().alone_batch(t) for lone, cls in bridge.ADVERSARIES.items()}
        if (ac, bd) in ((1, 4), (2, 4)):
            sound, _, desperate = BookPolicy.lone_strength(t, hands)
            np.testing.assert_array_equal(ok["cautious"], sound)
            np.testing.assert_array_equal(ok["book"], desperate)
            np.testing.assert_array_equal(ok["reckless"], t.has(("three trumps", "right and another")))
            assert (ok["cautious"] <= ok["book"]).all() and (ok["book"] <= ok["reckless"]).all()
            assert ok["reckless"].sum() > ok["book"].sum() > ok["cautious"].sum()
        else:
            assert (ok["cautious"] == ok["book"]).all() and (ok["reckless"] == ok["book"]).all()


# --- the arms --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def chunk():
    deals = _deals(1200, 5)
    return deals, {(s.ac, s.bd): bridge.bridge_rows(deals, s, RULES) for s in BRIDGE_SCORES}


def test_the_bridge_rows_are_the_simulators_plays(chunk):
    deals, rows = chunk
    for score in BRIDGE_SCORES:
        exc = bridge.exception_kind(deals.hands[:, 1], deals.turn_up, score, RULES)
        got = rows[score.ac, score.bd]
        for lone in LONE:
            nets = {w: simulate(deals, bridge.policies(w, lone), RULES, score).net(1) for w in WAYS}
            direct = (pd.DataFrame({"exc": exc, **nets}).groupby(["exc", *WAYS]).size().rename("deals")
                      .reset_index())
            mine = got[(got["kind"] == "bridge") & (got["lone"] == lone)]
            mine = mine.groupby(["exc", *WAYS])["deals"].sum().reset_index()
            pd.testing.assert_frame_equal(mine.astype(np.int64), direct.astype(np.int64))
            # without an exception hand the keeper orders as strictly as the strict one: the same hands
            plain = exc == 0
            np.testing.assert_array_equal(nets["exceptions"][plain], nets["strict"][plain])
            assert (nets["exceptions"][~plain] != nets["strict"][~plain]).any()


def test_the_l4_rows_are_the_lone_arms_of_the_dealers_side(chunk):
    deals, rows = chunk
    for score in BRIDGE_SCORES:
        l4 = rows[score.ac, score.bd]
        l4 = l4[l4["kind"] == "l4"]
        call = lone_arms.score_rows(deals, score, RULES)
        call = call[(call["kind"] == lone_arms.KINDS.index("call")) & call["seat"].isin([0, 2])
                    & (call["strength"] >= 1)]
        direct = (call.assign(seat=call["seat"].map(lambda s: "AC"[s // 2]))
                  .rename(columns={"arm1": "alone", "arm0": "partner"})
                  .groupby(bridge.L4_STRATA + ["alone", "partner"]).size().rename("deals").reset_index())
        mine = l4.groupby(bridge.L4_STRATA + ["alone", "partner"])["deals"].sum().reset_index()
        pd.testing.assert_frame_equal(mine.astype({c: np.int64 for c in mine.columns if c != "seat"}),
                                      direct.astype({c: np.int64 for c in direct.columns if c != "seat"}))
        assert (l4["exc"] > 0).any() and (l4["exc"] == 0).any()


# --- the estimates on a synthetic table --------------------------------------------------------------

def _game_rows(rng, game: int = 5):
    probs = rng.dirichlet(np.ones(7), size=(game, game))
    counts = np.maximum((probs * 1_000_000).round().astype(np.int64), 1)
    rows = pd.DataFrame([{"kind": "game", "a": a, "b": b, "lone": "-", "seat": "-", "exc": 0, "round": 0,
                          **{k: -1 for k in bridge.CLASS_COLUMNS}, **{w: 0 for w in WAYS}, "alone": 0, "partner": 0,
                          "outcome": k, "deals": counts[a, b, k]}
                         for a in range(game) for b in range(game) for k in range(7)])
    return probs, rows


def _bridge_cells(lone, exc, nets, deals):
    return pd.DataFrame({"kind": "bridge", "a": 1, "b": 4, "lone": lone, "seat": "B", "exc": exc, "round": 0,
                         **{k: -1 for k in bridge.CLASS_COLUMNS}, **{w: [n[i] for n in nets] for i, w in enumerate(WAYS)},
                         "alone": 0, "partner": 0, "outcome": -1, "deals": deals})


def _l4_cells(seat, strength, exc, alone, partner, deals):
    return pd.DataFrame({"kind": "l4", "a": 2, "b": 4, "lone": "-", "seat": seat, "exc": exc, "round": 1,
                         "strength": strength, "trumps": 3, "right": 1, "left": 0, "aces": 1, **{w: 0 for w in WAYS},
                         "alone": alone, "partner": partner, "outcome": -1, "deals": deals})


def test_estimates_are_the_direct_computation():
    probs, game = _game_rows(np.random.default_rng(3))
    nets = [(-1, -2, -2), (2, 1, 1), (-4, -2, 1), (1, 1, -1)]   # never, strict, exceptions
    cells = [_bridge_cells("book", [0, 0, 1, 2], nets, [5, 3, 2, 4]),
             _l4_cells(["A", "A", "A", "A", "C", "C", "C"], [1, 1, 1, 1, 2, 2, 2], [0, 0, 1, 1, 0, 2, 2],
                       [4, -4, -4, 1, 4, 1, -4], [1, 2, -2, 2, 2, -2, 1], [4, 3, 2, 3, 5, 2, 2])]
    table = STUDY.summarise(pd.concat([game, *cells], ignore_index=True))
    manifest = {"root_seed": 5}
    model = book_game_model(table, manifest, STUDY.name, kind="kind")
    np.testing.assert_allclose(model.f, win_probability(probs), atol=2e-3)

    def value(a, b, seat, net):   # the seat's side's net rubber points after the hand; BD deal next
        bd = seat % 2 == 1
        own, theirs = (b, a) if bd else (a, b)
        return float(rubber.side_points_after(model.rubber, own + max(net, 0), theirs + max(-net, 0), bd))

    per_deal = [value(1, 4, 1, n[0]) - value(1, 4, 1, n[1]) for n, w in zip(nets, [5, 3, 2, 4]) for _ in range(w)]
    e = STUDY.estimate("B1.4-1.book", table, manifest)
    assert e.n == 14 and e.mean == pytest.approx(np.mean(per_deal)) and e.low < e.mean < e.high
    per_deal = [value(1, 4, 1, n[2]) - value(1, 4, 1, n[1]) for n, w in zip(nets[2:], [2, 4]) for _ in range(w)]
    e = STUDY.estimate("B2.4-1.book", table, manifest)
    assert e.n == 6 and e.mean == pytest.approx(np.mean(per_deal))
    assert STUDY.estimate("B1.4-1.cautious", table, manifest) is None
    assert STUDY.estimate("B1.4-2.book", table, manifest) is None

    # L4 by hand: in each class the gain after any pass minus after a keeper's pass (exc > 0).
    l4 = cells[1]
    for unit in (RUBBER, POINTS):
        total, weight = 0.0, 0
        for _, cls in l4.groupby("strength"):
            gains = {True: [], False: []}
            for r in cls.itertuples():
                seat = "AC".index(r.seat) * 2
                g = (r.alone - r.partner if unit == POINTS
                     else value(2, 4, seat, r.alone) - value(2, 4, seat, r.partner))
                gains[r.exc > 0] += [g] * r.deals
            n = len(gains[True]) + len(gains[False])
            total += n * (np.mean(gains[True] + gains[False]) - np.mean(gains[True]))
            weight += n
        est, model_se = bridge.l4_parts(None if unit == POINTS else model, bridge.l4_cells(table, (2, 4)), unit)
        assert est.mean == pytest.approx(total / weight) and est.n == 21
        assert model_se == 0 if unit == POINTS else 0 < model_se < est.se
    assert STUDY.estimate("L4.2-4", table, manifest).mean == pytest.approx(
        bridge.l4_parts(model, bridge.l4_cells(table, (2, 4)))[0].mean)
    assert STUDY.estimate("L4.1-4", table, manifest) is None


def test_the_tests_are_unique_and_the_score_tests_in_every_measure():
    keys = [t.key for t in STUDY.claims]
    # B1, B2 (two scores, three adversaries) and L4 (two scores) in four measures; B3 and B4 in rubber points
    assert len(keys) == len(set(keys)) == (2 * 2 * 3 + 2) * 4 + 2 * 3 + 2
    assert all(t.sign == 1 for t in STUDY.claims)
    assert {t.claim for t in STUDY.claims} == {"B1", "B2", "B3", "B4", "L4"}
    first = [t for t in STUDY.claims if t.unit == RUBBER and t.state == "first game"]
    assert len(first) == 2 * 2 * 3 + 2 * 3 + 2 + 2
    assert {(t.unit, t.state) for t in STUDY.claims if t.claim in ("B1", "B2", "L4")} == {
        (RUBBER, "first game"), (RUBBER, "one game all"), (GAME_WIN, None), (POINTS, None)}
    # the adversaries' lone hands are the company of B1 and B2
    assert {t.company for t in STUDY.claims if t.claim == "B1"} == {"cautious adversaries", "book",
                                                                    "reckless adversaries"}
    assert {t.engine for t in STUDY.claims if t.claim == "B4"} == {"pimc"}


def test_a_game_of_ten_is_refused():
    with pytest.raises(EuchreError, match="game of 5"):
        STUDY.scenarios(settings_for(STUDY, rules=Rules.of(pack=24)))
    with pytest.raises(EuchreError, match="replicates"):
        STUDY.scenarios(settings_for(STUDY, options={"replicates": 0}))
    assert STUDY.scenarios(settings_for(STUDY, options={"replicates": 2})) == [
        "game-0", "game-1", "game-2", "game-3", "game-4", "bridge-4-1.1", "bridge-4-1.2", "bridge-4-2.1", "bridge-4-2.2",
        "table-4-1", "table-4-2"]
    assert bridge.parse_scenario("table-4-2") == (2, 4)
    with pytest.raises(EuchreError, match="worlds"):
        STUDY.scenarios(settings_for(STUDY, options={"worlds": 0}))
    assert STUDY.scenarios(settings_for(STUDY, options={"game_replicates": 2}))[:3] == ["game-0", "game-0.2", "game-1"]


# --- reproducibility -----------------------------------------------------------------------------------

@pytest.mark.slow
def test_same_table_with_one_and_two_jobs(tmp_path):
    kw = dict(deals=2000, chunk_size=1000, progress=False,
              options={"game_replicates": 2, "table_cap": 20, "deceive_cap": 3, "worlds": 8})
    one = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "1"), jobs=1, **kw)).frame
    two = run_study(STUDY, settings_for(STUDY, out=str(tmp_path / "2"), jobs=2, **kw)).frame
    pd.testing.assert_frame_equal(one, two)
    table = STUDY.summarise(one)
    counts = table_outcome_counts(table[table["kind"] == "game"])
    assert counts.sum() == 5 * 2 * 2000 and (counts.sum(axis=2) > 0).all()
    assert int(table.loc[table["kind"] == "bridge", "deals"].sum()) == 2 * 3 * 2000
    report = STUDY.render(table, {"rules": {"pack": 32}, "root_seed": 1888}, tmp_path)
    assert len(report.verdicts) == len(STUDY.claims)
    assert (tmp_path / "claims.png").exists() and (tmp_path / "keeping.png").exists()
    assert (tmp_path / "strength.png").exists()
    assert int(table.loc[table["kind"] == "b3", "deals"].sum()) == 2 * 2 * 20
    assert int(table.loc[table["kind"] == "b4", "deals"].sum()) == 2 * 2 * 3
    assert report.headline.startswith("Keeping the bridge at 4-1 ") and "rubber points a hand" in report.headline
    assert headline_problem(report.headline) is None
    assert "keeping the bridge strictly" in dict(report.sections)["The figures in full"]


# --- B3 and B4: play at the table -----------------------------------------------------------------------

def test_the_strength_arms_are_the_biddings_played_by_each_player():
    from analysis.play.engines import get_engine
    from analysis.simulator import play_bidding
    deals, score = _deals(60, 31), Score(1, 4)
    bids = {w: bid_batch(deals.hands, deals.turn_up, bridge.policies(w, "book"), RULES, score) for w in ("never", "strict")}
    rows = bridge.strength_rows(deals, bids, score, 4, np.random.SeedSequence(9))
    assert len(rows) == 60 and set(bridge.B3_COLUMNS) <= set(rows.columns)
    for way in ("never", "strict"):
        for player in ("dd", "simple"):
            engine = None if player == "dd" else get_engine(player, pack=32)
            _, pts = play_bidding(bids[way], deals.turn_up, engine)
            np.testing.assert_array_equal(rows[f"{way}_{player}"], pts[:, 1].astype(int) - pts[:, 0])
    same = ((bids["never"].caller == bids["strict"].caller) & (bids["never"].round == bids["strict"].round)
            & (bids["never"].lone_seat == bids["strict"].lone_seat))
    assert same.any() and not same.all()
    for player in bridge.PLAYERS:      # where keeping the bridge changes nothing, no player's result changes
        assert (rows.loc[same, f"never_{player}"] == rows.loc[same, f"strict_{player}"]).all()


def test_the_deceiving_deals_are_the_passes_a_keeper_would_not_make():
    deals, score = _deals(3000, 32), Score(2, 4)
    never = bid_batch(deals.hands, deals.turn_up, bridge.policies("never", "book"), RULES, score)
    keeper = bid_batch(deals.hands, deals.turn_up, bridge.policies("exceptions", "book"), RULES, score)
    found = bridge.deceiving(never, bridge.exception_kind(deals.hands[:, 1], deals.turn_up, score, RULES))
    b_ordered = lambda b: (b.caller == 1) & (b.round == 1)
    np.testing.assert_array_equal(found, b_ordered(keeper) & ~b_ordered(never) & (never.round > 0))
    assert 0.3 < found.mean() < 0.95


def test_the_partner_reads_the_truth_without_contradiction_and_the_promise_with_cost_counted():
    from analysis.play.engines import chunk_engine
    from analysis.play.pimc import PIMCPlayer
    from analysis.play.table import TablePlay
    from analysis.simulator import play_bidding
    from analysis.play.worlds import BiddingModel
    deals, score = _deals(2000, 33), Score(1, 4)
    never = bid_batch(deals.hands, deals.turn_up, bridge.policies("never", "book"), RULES, score)
    rows = np.flatnonzero(bridge.deceiving(never, bridge.exception_kind(deals.hands[:, 1], deals.turn_up, score, RULES)))[:6]
    sub, bid = deals[rows], never.take(rows)
    # the truth is never ruled out: the true deal bids as heard
    seed = np.random.SeedSequence(3)      # the chunk's: its players are the chunk engine's
    others = chunk_engine("pimc", 8, seed, 32).players[0]
    truth = PIMCPlayer(8, others.seed, BiddingModel(bridge.policies("never", "book"), RULES, score))
    _, pts = play_bidding(bid, sub.turn_up, TablePlay(players=[others, others, others, truth]))
    got = bridge.reading_rows(sub, bid, score, RULES, 8, seed)
    np.testing.assert_array_equal(got["truth"], pts[:, 1].astype(int) - pts[:, 0])
    assert set(got["misled"]) <= {0, 1} and len(got) == 6


def test_the_b3_and_b4_estimates_are_the_direct_computation():
    probs, game = _game_rows(np.random.default_rng(4))
    n = 6
    rng = np.random.default_rng(5)
    nets = {c: rng.choice([-4, -2, -1, 1, 2, 4], n) for c in bridge.TABLE_COLUMNS if c != "misled"}
    b3 = pd.DataFrame({"kind": "b3", "a": 1, "b": 4, "lone": "book", "seat": "B", **nets, "deals": 1})
    b4 = pd.DataFrame({"kind": "b4", "a": 1, "b": 4, "lone": "book", "seat": "D", **nets, "deals": 1})
    frame = pd.concat([game, b3.reindex(columns=bridge.KEYS + ["deals"], fill_value=0),
                       b4.reindex(columns=bridge.KEYS + ["deals"], fill_value=0)], ignore_index=True)
    table = STUDY.summarise(frame)
    manifest = {"root_seed": 5}
    model = book_game_model(table, manifest, STUDY.name, kind="kind")

    def value(net):
        return float(rubber.side_points_after(model.rubber, 4 + max(net, 0), 1 + max(-net, 0), True))

    v = {c: np.array([value(x) for x in nets[c]]) for c in nets}
    e = STUDY.estimate("B3.4-1.book-pimc", table, manifest)
    direct = (v["strict_book"] - v["never_book"]) - (v["strict_pimc"] - v["never_pimc"])
    assert e.n == n and e.mean == pytest.approx(direct.mean()) and e.low < e.mean < e.high
    assert bridge.keeping_value(model, bridge.table_cells(table, "b3", (1, 4)), "dd").mean == pytest.approx(
        (v["strict_dd"] - v["never_dd"]).mean())
    assert STUDY.estimate("B4.4-1", table, manifest).mean == pytest.approx((v["truth"] - v["promise"]).mean())
    assert STUDY.estimate("B3.4-2.book-pimc", table, manifest) is None

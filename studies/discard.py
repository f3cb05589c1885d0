"""The dealer's discard (D8): the lowest card of a short suit, against other ways of discarding.

"If the dealer adopts the turn-up, he should discard the lowest card of a short suit ... Some
prefer to keep the king with score four-all with only two trumps in the hand."

Each scenario deals uniform deals and bids them by the book's policy at its score; the deals
where the dealer himself takes up the turn-up (he "adopts" it: round one, no seat before him
called) are kept. His six cards are then discarded several ways, and each resulting contract is
played double-dummy on the same deals (paired; the maker, the trump and the lone decision are
the book's bidding's and stay unchanged):

- ``book``: the book's rule (:func:`analysis.game.discard.book_discard`: the lowest card of the
  shortest plain suit, a lone ace kept unless alone, between equally short suits the one with
  the lower top card);
- ``lowest``: the lowest plain card, with no regard to suits (between equal ranks, the suit of
  the lower index);
- ``longest``: the lowest card of the longest plain suit (between equally long, the lower top);
- ``guard``: the book's rule, but never from a king-and-one (a plain king with one lower card),
  so a guarded king stays guarded;
- ``void``: make a void whenever possible: the lowest card of the shortest plain suit, a lone
  ace discarded too (the book's rule without its lone-ace exception);
- ``keep king``: where the dealer holds only two trumps after taking up and the book's rule
  discards a king, keep it and discard by the book's rule among the other plain suits.

Love-all tests each alternative in points per hand (the book's rule minus the alternative,
positive where the book's rule gains); four-all tests keeping the king in net rubber points,
valued by the game and rubber models solved from the book's own hands in this study's
``game-a`` scenarios (:mod:`studies.common.game_models`).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch
from analysis.experiment import ClaimTest, Estimate, GAME_WIN, POINTS, RUBBER, Study, counted, paired_mean
from analysis.game import contract
from analysis.game.cards import ACE, JACK, KING
from analysis.reporting.markup import md_table
from analysis.reporting.report import interval
from analysis.simulator import play_out
from fastcore.sampler import sample_deals
from studies.common.game_models import BookGameStudy, book_game_model, book_game_rows
from studies.common.report import (charts, in_full, pack_of, played_how, setting_of, study_report, verdict_columns,
                                   verdicts_headline)

KEYS = ["a", "b", "seat", "cls", "trumps", "void", "lone", "same", "book_net", "alt_net", "outcome"]
ALTERNATIVES = {
    "lowest": "the lowest plain card, no regard to suits",
    "longest": "the lowest card of the longest plain suit",
    "guard": "the book's rule, never from a king-and-one (keep a guarded king)",
    "void": "make a void whenever possible (a lone ace discarded too)",
    "keep king": "keep the king (two trumps, the book's rule would discard a king): the book's rule among the "
                 "other plain suits",
}
SCORES = {"love-all": (0, 0), "four-all": (4, 4)}
ARMS = ("book_net", "alt_net")
_BIG = 1 << 12


# --- the ways of discarding, on whole batches ------------------------------------------------------

def _suit_cards(six: np.ndarray, trump: np.ndarray) -> np.ndarray:
    """(N, 4) the dealer's plain cards of each suit (a mask of the suit's 8 bits; trumps and the
    left bower removed, the trump suit empty)."""
    six = np.asarray(six, np.uint32)
    trump = np.asarray(trump, np.int64)
    out = np.zeros((len(six), 4), np.uint32)
    for s in range(4):
        bits = (six >> np.uint32(8 * s)) & np.uint32(0xFF)
        bits = np.where(trump == (s ^ 1), bits & np.uint32(0xFF ^ (1 << JACK)), bits)
        out[:, s] = np.where(trump == s, 0, bits)
    return out


def _counts(bits: np.ndarray) -> np.ndarray:
    return sum(((bits >> np.uint32(r)) & 1).astype(np.int64) for r in range(8))


def _low(bits: np.ndarray) -> np.ndarray:
    """The lowest rank of each mask (8 when empty)."""
    out = np.full(bits.shape, 8, np.int64)
    for r in range(7, -1, -1):
        out = np.where((bits >> np.uint32(r)) & 1, r, out)
    return out


def _top(bits: np.ndarray) -> np.ndarray:
    """The highest rank of each mask (-1 when empty)."""
    out = np.full(bits.shape, -1, np.int64)
    for r in range(8):
        out = np.where((bits >> np.uint32(r)) & 1, r, out)
    return out


def _choose(cards: np.ndarray, key: np.ndarray, allowed: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """Per row, the lowest card of the allowed suit with the smallest key (ties: the lower suit),
    or ``fallback`` where no suit is allowed."""
    k = np.where(allowed & (cards != 0), key * 4 + np.arange(4), _BIG)
    suit = k.argmin(axis=1)
    rows = np.arange(len(cards))
    card = suit * 8 + _low(cards[rows, suit])
    return np.where(k[rows, suit] < _BIG, card, fallback).astype(np.int8)


def _book_allowed(cards: np.ndarray, alone: np.ndarray) -> np.ndarray:
    """The suits the book's rule may discard from: a lone ace kept unless alone (or nothing else)."""
    n = _counts(cards)
    lone_ace = (n == 1) & (cards == (1 << ACE))
    keep = ~lone_ace & (n > 0)
    return np.where(((~np.asarray(alone, bool)) & keep.any(axis=1))[:, None], keep, n > 0)


def discards(six, turn_up, alone) -> dict[str, np.ndarray]:
    """Every way of discarding, per row of the dealer's six cards: name -> card (int8). ``keep
    king`` differs from ``book`` only where the dealer holds two trumps and the book discards a king."""
    six = np.asarray(six, np.uint32)
    turn_up = np.asarray(turn_up, np.int8)
    alone = np.broadcast_to(np.asarray(alone, bool), six.shape)
    trump = (turn_up >> 3).astype(np.int64)
    book = contract.book_discards(six, turn_up, alone)          # the study's reference: the book's kernel
    cards = _suit_cards(six, trump)
    n, top, low = _counts(cards), _top(cards), _low(cards)
    short = n * 8 + top
    allowed = _book_allowed(cards, alone)
    king_and_one = (n == 2) & ((cards >> np.uint32(KING)) & 1 == 1) & (top == KING)
    guard_allowed = allowed & ~king_and_one
    guard_allowed = np.where(guard_allowed.any(axis=1)[:, None], guard_allowed, allowed)
    out = {"book": book,
           "lowest": _choose(cards, low, n > 0, book),
           "longest": _choose(cards, (8 - n) * 8 + top, n > 0, book),
           "guard": _choose(cards, short, guard_allowed, book),
           "void": _choose(cards, short, n > 0, book)}
    king_suit = np.where((book & 7) == KING, book >> 3, -1).astype(np.int64)
    eligible = keep_king_rows(six, turn_up, book)
    others = allowed & (np.arange(4) != king_suit[:, None])
    others_any = (cards != 0) & (np.arange(4) != king_suit[:, None])
    others = np.where(others.any(axis=1)[:, None], others, others_any)
    out["keep king"] = np.where(eligible, _choose(cards, short, others, book), book).astype(np.int8)
    return out


def trumps_held(six, turn_up) -> np.ndarray:
    """The trumps among the dealer's six cards (the turn-up and the left bower counted)."""
    six = np.asarray(six, np.uint32)
    trump = (np.asarray(turn_up, np.int64) >> 3)
    bits = (six >> (8 * trump).astype(np.uint32)) & np.uint32(0xFF)
    left = (six >> (8 * (trump ^ 1) + JACK).astype(np.uint32)) & 1
    return (_counts(bits) + left).astype(np.int8)


def keep_king_rows(six, turn_up, book) -> np.ndarray:
    """The rows of the four-all variant: two trumps after taking up, and the book discards a king."""
    book = np.asarray(book, np.int64)
    return (trumps_held(six, turn_up) == 2) & ((book & 7) == KING)


def makes_void(six, turn_up, discard) -> np.ndarray:
    """Whether the discard leaves the dealer void of its suit."""
    cards = _suit_cards(np.asarray(six, np.uint32), np.asarray(turn_up, np.int64) >> 3)
    discard = np.asarray(discard, np.int64)
    suit = np.clip(discard >> 3, 0, 3)
    return _counts(cards[np.arange(len(cards)), suit]) == 1


# --- one chunk -----------------------------------------------------------------------------------

def take_up_rows(deals, score: tuple[int, int], rules, arms) -> pd.DataFrame:
    """The deals where the book's dealer takes up at ``score``, played with the book's discard and
    with each alternative of ``arms``: cells of (class, trumps, void, lone, same, both arms' net
    points to the dealer's side)."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, BookPolicy(), rules, score)
    rows = np.flatnonzero((b.round == 1) & (b.caller == 0))
    if not len(rows):
        return _counted([])
    t = turn_up[rows]
    lone = b.lone_seat[rows] == 0
    six = contract.with_turn_up(hands[rows, 0], t)
    ways = discards(six, t, lone)
    assert np.array_equal(ways["book"], b.discard[rows])
    maker, trump, lone_seat = b.maker[rows], b.trump[rows], b.lone_seat[rows]
    takes = np.ones(len(rows), bool)

    def net(discard, which):
        play = contract.hands_at_play(hands[rows[which]], t[which], takes[which], discard[which], lone_seat[which])
        _, points = play_out(maker[which], trump[which], lone_seat[which], play)
        return points[:, 0].astype(np.int64) - points[:, 1]

    everyone = np.arange(len(rows))
    book_net = net(ways["book"], everyone)
    held = trumps_held(six, t)
    void = makes_void(six, t, ways["book"])
    eligible = keep_king_rows(six, t, ways["book"])
    frames = []
    for name in arms:
        which = eligible if name == "keep king" else np.ones(len(rows), bool)
        same = ways[name] == ways["book"]
        alt = book_net.copy()
        differ = np.flatnonzero(which & ~same)
        if len(differ):
            alt[differ] = net(ways[name], differ)
        w = np.flatnonzero(which)
        frames.append(pd.DataFrame({
            "a": score[0], "b": score[1], "seat": "A", "cls": name, "trumps": held[w], "void": void[w],
            "lone": lone[w], "same": same[w], "book_net": book_net[w].astype(np.int8),
            "alt_net": alt[w].astype(np.int8), "outcome": -1}))
    return _counted(frames)


def _counted(frames) -> pd.DataFrame:
    return counted(frames, KEYS)


# --- the study ------------------------------------------------------------------------------------

def _tests() -> tuple[ClaimTest, ...]:
    out = [ClaimTest(f"D8.{name}.love-all", "D8", f"D8 book - {name}, love-all",
                     f"the dealer's take-ups at love-all (the book's bidding): net points per hand with the book's "
                     f"discard - with {ALTERNATIVES[name]}", POINTS)
           for name in ("lowest", "longest", "guard", "void")]
    out.append(ClaimTest("D8.keep king.four-all", "D8", "D8 book - keep king, four-all",
                         "the dealer's take-ups at four-all with two trumps where the book's rule discards a king: "
                         "net rubber points with the book's discard - keeping the king", RUBBER))
    return tuple(out)


class DiscardStudy(BookGameStudy):
    name = "discard"
    title = "The dealer's discard"
    description = ("The dealer's discard after taking up (D8): the book's lowest card of a short suit against the "
                   "lowest card, the longest suit, a guarded king and a void on the same deals; keeping the king "
                   "at four-all in rubber points.")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players at "
                "the scenario's score; where the dealer takes up, his discard by the book's rule or an alternative")
    defaults = {"deals": 250_000, "chunk_size": 125_000}
    suite_position = 8
    claims = _tests()

    refusal = "the discard study tests four-all of the book's"

    def scenarios(self, settings) -> list[str]:
        self.book_game_options(settings)
        return [f"game-{a}" for a in range(settings.rules.points_for_game)] + list(SCORES)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        if scenario.startswith("game-"):
            return book_game_rows(deals, int(scenario.split("-")[1]), settings.rules, KEYS, seat="-", cls="game",
                                  trumps=0, void=False, lone=False, same=True, book_net=0, alt_net=0)
        arms = list(ALTERNATIVES) if scenario == "love-all" else ["keep king"]
        return take_up_rows(deals, SCORES[scenario], settings.rules, arms)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        """Deals per cell: score, arm, trumps held, whether the book's discard makes a void, lone,
        whether the arm's discard is the book's, both arms' net points; the book's hands per score
        and outcome for the models."""
        if frame.empty:
            return _counted([])
        table = frame.groupby(KEYS, observed=True)["deals"].sum().reset_index()
        for k in ("a", "b", "trumps", "book_net", "alt_net", "outcome"):
            table[k] = table[k].astype(np.int8)
        for k in ("void", "lone", "same"):
            table[k] = table[k].astype(bool)
        return table.sort_values(KEYS).reset_index(drop=True)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        _, name, where = key.split(".")
        rows = arm_rows(table, name, SCORES[where])
        if rows["deals"].sum() < 2:
            return None
        if self.claim_test(key).unit == RUBBER:
            return book_game_model(table, manifest, self.name).estimate(rows, ARMS, RUBBER)
        return paired_mean(rows, *ARMS)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = DiscardStudy()


def arm_rows(table: pd.DataFrame, name: str, score: tuple[int, int]) -> pd.DataFrame:
    return table[(table["cls"] == name) & (table["a"] == score[0]) & (table["b"] == score[1])]


# --- the report -----------------------------------------------------------------------------------

def arms_table(study: Study, table: pd.DataFrame, verdict_list, manifest) -> pd.DataFrame:
    out = []
    for where, score in SCORES.items():
        for name in ALTERNATIVES:
            rows = arm_rows(table, name, score)
            n = int(rows["deals"].sum())
            if n < 2:
                continue
            differ = rows[~rows["same"]]
            nd = int(differ["deals"].sum())
            line = {"score": where, "alternative": ALTERNATIVES[name], "deals": n,
                    "discard differs": f"{nd / n:.1%}",
                    "book - alternative, points per hand": interval(paired_mean(rows, *ARMS)),
                    "where it differs": interval(paired_mean(differ, *ARMS))}
            if where == "four-all":
                model = book_game_model(table, manifest, study.name)
                line["rubber points"] = interval(model.estimate(rows, ARMS, RUBBER))
                line["P(win game)"] = interval(model.estimate(rows, ARMS, GAME_WIN))
            out.append(line | verdict_columns(verdict_list, f"D8.{name}.{where}"))
    return pd.DataFrame(out).fillna("")


def class_table(table: pd.DataFrame) -> pd.DataFrame:
    """At love-all, by the dealer's hand class (trumps held after taking up; whether the book's
    discard makes a void): deals, and the book's rule minus each alternative in points per hand."""
    love = table[(table["cls"] != "game") & (table["a"] == 0) & (table["b"] == 0)]
    out = []
    for (trumps, void), g in love[love["cls"] == "lowest"].groupby(["trumps", "void"]):
        line = {"trumps held": int(trumps), "the book's discard makes a void": "yes" if void else "no",
                "deals": int(g["deals"].sum())}
        for name in ("lowest", "longest", "guard", "void"):
            rows = love[(love["cls"] == name) & (love["trumps"] == trumps) & (love["void"] == void)]
            if rows["deals"].sum() >= 2:
                line[f"book - {name}"] = interval(paired_mean(rows, *ARMS))
        out.append(line)
    return pd.DataFrame(out).fillna("")


def _figures_in_full(verdict_list) -> str:
    parts = []
    for v in verdict_list:
        unit = "rubber points" if v.claim.unit == RUBBER else "points per hand"
        parts.append(f"{v.claim.label.removeprefix('D8 ')}: {v.estimate.mean:+.3f} {unit} "
                     f"[{v.low:+.3f}, {v.high:+.3f}] {v.verdict}")
    return "The book's discard minus each alternative (simultaneous intervals): " + "; ".join(parts) + "."


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    verdict_list = study.verdicts(table, manifest)
    model = book_game_model(table, manifest, study.name)
    files = []
    for unit, stem, title in ((POINTS, "claims.png", "The dealer's discard at love-all: the book's rule - the "
                               "alternative, points per hand"),
                              (RUBBER, "claims_four_all.png", "Keeping the king at four-all: the book's rule - "
                               "keeping it, net rubber points")):
        if any(v.claim.unit == unit for v in verdict_list):
            path = Path(out_dir) / stem
            charts().claims_chart(path, verdict_list, unit=unit, title=title)
            files.append((path, f"Each test in {unit}: the book's discard minus the alternative, its 95% interval "
                                "(thick) and the simultaneous interval over the study's tests (thin); the shaded band "
                                "is the margin."))
    take_ups = int(arm_rows(table, "lowest", (0, 0))["deals"].sum())
    method = (
        "Scenarios: love-all and four-all, uniform random deals of the "
        f"{pack_of(manifest)}-card pack, bid by the book's policy at that score. The deals "
        "kept are those where the dealer himself takes up the turn-up in round one (he \"adopts\" it, the book's "
        "words; the deals where he is ordered up or assisted are left out, and so are the deals where his partner "
        f"plays alone): {take_ups:,} at love-all. His six cards are discarded each way below and each contract is "
        f"played {played_how(manifest)} on the same deals; the maker, the trump and the lone decision are the book's bidding's "
        "and do not change, so the comparison is of the discard alone.\n\n"
        "The readings. The book's rule (analysis/game/discard.py): \"the lowest card of a short suit\" read as the "
        "lowest card of the shortest plain suit; between equally short suits, the one with the lower top card; a "
        "lone ace is kept (its example of three trumps, ace, king of hearts and ace of diamonds discards the king of "
        "hearts) unless the dealer plays alone, where he makes the void (\"in which case discard the ace of "
        "diamonds\"); with nothing but trumps, the lowest trump. The alternatives: "
        + "; ".join(f"{k}: {v}" for k, v in ALTERNATIVES.items()) + ". The void rule is the book's wording taken "
        "literally (the lowest card of the shortest suit, nothing kept): it differs from the book's rule only where "
        "the book keeps a lone ace, so it tests that exception. \"Keep a guarded king\" differs where the shortest "
        "suit is a king and a lower card. \"Some prefer to keep the king with score four-all with only two trumps\" "
        "is read as: after taking up the dealer holds two trumps and the book's rule would discard a king (a "
        "singleton king, as in its example); keeping it, he discards by the book's rule among the other plain "
        "suits. The book reports that preference without taking it, so the test is the book's own rule against it "
        "(positive: discarding the king, the book's rule, gains).\n\n"
        "The estimands: at love-all, the dealer's side's net points per hand with the book's discard minus with "
        "the alternative, over all the take-ups (zero where the two discards agree; the table also gives the mean "
        "where they differ); at four-all, over the take-ups where the variant applies, the dealer's side's expected "
        "net rubber points (the first game of a rubber) after the hand with the book's discard minus after keeping "
        "the king, valued by the game and rubber models (analysis/value/game_model.py, analysis/value/rubber.py) solved from "
        f"the book's own hands at every score below game in this study's game-a scenarios ({model.hands_text}), "
        "their sampling error joined to every interval. Every test is under one correction for the study's tests. "
        "Double-dummy play sees every card: the discard's worth in hiding or keeping guards against an unseen "
        "lead is measured as if everyone knew where the cards lie, which flatters a king-and-one and blunts the "
        "value of a void against a defender's guess.")
    question = ("Which card should the dealer discard after taking up the turn-up?\n\n" + study.quoted(("D8",)))
    sections = [("By the dealer's hand at love-all",
                 "The book's discard minus each alternative in net points per hand (95% intervals), by the trumps "
                 "held after taking up and whether the book's discard makes a void.\n\n" + md_table(class_table(table)))]
    return study_report(
        study, question=question, method=method, table=arms_table(study, table, verdict_list, manifest),
        caption=("Each alternative at each score: the take-ups, how often its discard differs from the book's, the "
                 "book's discard minus it in the dealer's side's net points per hand (over all the take-ups, and "
                 "where the discards differ), at four-all in rubber points and P(win game) too (95% intervals with "
                 "the model's error), the simultaneous interval and the verdict."),
        files=files, verdicts=verdict_list,
        headline=verdicts_headline(verdict_list,
                                   setting_of(manifest, verdict_list, "the book's discard against each alternative")),
        sections=[*sections, in_full(_figures_in_full(verdict_list))])

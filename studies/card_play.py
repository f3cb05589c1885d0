"""The book's card play, rule by rule, at the table (E4-E10, S8-S11, T5, D7, D9, L6).

Every deal is bid by the book's policy at love-all; each made hand is played card by card by four
players who see only their own cards and play by the book's card-play rules
(:class:`analysis.play.book.BookPlayer`, played by its compiled twin ``fastcore.bookplay``; where
the book is silent, the baseline: win as cheaply as you can unless partner is winning, else throw
the lowest). For each claim, the hands in which one
of its rules chose a card for a side are played again with that side's two players (one, against
a lone hand) playing without the claim's rules, the other side unchanged: the same deals, the same
bidding. The estimate, per hand where the claim's rules applied: the points they gained the side
that followed them (its net points with the rules minus without), summed over the sides for
which they applied.

No double-dummy play here: the claims are about play at the table, so every player is a
table-side player. What the estimate measures is the rule against the baseline that replaces it,
among players who otherwise play by the book's rules; a stronger player (PIMC) in the other
seats would be a different question.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding.auction import bid_batch
from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.experiment.cells import counted, paired_mean, summed_counts
from analysis.experiment.stats import Estimate
from analysis.experiment.study import POINTS, ClaimTest, Study
from analysis.game import contract
from analysis.game.rules import LOVE_ALL, points_by_side
from analysis.play.book import CLAIMS as RULE_CLAIMS, RULES
from analysis.reporting.report import interval
from fastcore.bookplay import CLAIMS as KERNEL_CLAIMS, play_book_hands
from fastcore.sampler import sample_deals
from studies.common.report import claims_figure, pack_of, study_report, verdict_columns

KEYS = ["claim", "fired", "with_net", "without_net"]
SIDES = ((0, 2), (1, 3))


def _nets(b, rows: np.ndarray, won: np.ndarray, side: int) -> np.ndarray:
    """The net points of ``side`` (0 AC, 1 BD) in the made hands ``rows`` of bidding ``b``, from
    the tricks won (rows of (AC, BD))."""
    maker = b.maker[rows]
    tricks = won[np.arange(len(rows)), maker & 1]
    pts = points_by_side(maker, b.lone_seat[rows], tricks).astype(np.int64)
    return pts[:, side] - pts[:, 1 - side]


def card_play_rows(deals, rules) -> pd.DataFrame:
    """Per claim and made hand: whether its rules chose a card (for how many sides), and the
    rule-followers' net points with and without them (summed over those sides). The hands are
    played by the compiled book's player (``fastcore.bookplay``, card for card the same as
    :class:`analysis.play.book.BookPlayer`)."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int64)
    b = bid_batch(hands, turn_up.astype(np.int8), BookPolicy(), rules, LOVE_ALL)
    made = np.flatnonzero(b.maker >= 0)
    # C assisted: he ordered up in round one, his partner the dealer
    assisted = (b.caller[made] == 2) & (b.round[made] == 1)
    args = (b.play_hands[made], b.trump[made], b.lone_seat[made], contract.leader(b.lone_seat[made]), b.maker[made],
            turn_up[made], contract.dealer_takes_up(b.round, b.lone_seat)[made], assisted)
    _plays, won, fired = play_book_hands(*args, pack=deals.pack)
    frames = []
    for k in RULE_CLAIMS:
        j = KERNEL_CLAIMS.index(k)
        sides = np.zeros(len(made), np.int64)
        with_net = np.zeros(len(made), np.int64)
        without_net = np.zeros(len(made), np.int64)
        for side, seats in enumerate(SIDES):
            rows = np.flatnonzero(fired[:, list(seats), j].sum(axis=1) > 0)
            if not len(rows):
                continue
            off = [{k} if s in seats else () for s in range(4)]
            _p, won_off, _f = play_book_hands(*(np.asarray(x)[rows] for x in args), pack=deals.pack, off_by_seat=off)
            sides[rows] += 1
            with_net[rows] += _nets(b, made[rows], won[rows], side)
            without_net[rows] += _nets(b, made[rows], won_off, side)
        frames.append(pd.DataFrame({"claim": k, "fired": sides, "with_net": with_net, "without_net": without_net}))
    return counted(frames, KEYS)


def _claim_test(k: str) -> ClaimTest:
    words = "; ".join(r.words for r in RULES if r.claim == k)
    return ClaimTest(k, k, f"{k} card play", f"hands where the book's card play of {k} chose a card ({words}): the "
                     "rule-followers' net points per hand with the rules minus without (table-side play)", POINTS,
                     engine="book")


CLAIMS = tuple(_claim_test(k) for k in RULE_CLAIMS)


def fired_rows(table: pd.DataFrame, key: str) -> pd.DataFrame:
    return table[(table["claim"] == key) & (table["fired"] > 0)]


def estimate_of(key: str, table: pd.DataFrame) -> Estimate | None:
    return paired_mean(fired_rows(table, key), "with_net", "without_net")


class CardPlay(Study):
    name = "card_play"
    title = "The book's card play at the table"
    description = ("E4-E10, S8-S11, T5, D7, D9, L6: each card-play rule of the book against the baseline that "
                   "replaces it, all four players table-side by the book's rules, on the same deals; points per hand.")
    policies = ("bidding: the book's policy (BookPolicy) for all four players at love-all; play: every player by the "
                "book's card-play rules (analysis.play.book.BookPlayer), the side tested without one claim's rules")
    defaults = {"deals": 200_000, "chunk_size": 50_000}
    suite_position = 12
    takes_play = False       # it chooses its play engines itself
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        return ["play"]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        if scenario != "play":
            raise EuchreError(f"no scenario {scenario!r} in the card_play study")
        return card_play_rows(sample_deals(n_deals, seed, pack=settings.pack), settings.rules)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, KEYS)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        return estimate_of(key, table)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = CardPlay()


# --- the report -----------------------------------------------------------------------------------

def results_table(study: Study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    out = []
    for t in study.claims:
        rows = table[table["claim"] == t.key]
        hands = int(rows["deals"].sum())
        fired = fired_rows(table, t.key)
        n = int(fired["deals"].sum())
        out.append({"claim": t.key, "the rules": "; ".join(r.words for r in RULES if r.claim == t.key),
                    "made hands": hands, "hands it applied to": n, "share": f"{n / hands:.1%}" if hands else "",
                    "with - without, points per hand [95%]": interval(estimate_of(t.key, table)),
                    **verdict_columns(verdict_list, t.key)})
    return pd.DataFrame(out)


def _headline(verdict_list) -> str:
    words = "; ".join(f"{v.claim.name} {v.estimate.mean:+.3f} ({v.verdict})" for v in verdict_list)
    return ("Each claim's card-play rules against the baseline that replaces them, in the rule-followers' net points "
            f"per hand where they applied, all four players table-side: {words}.")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    verdict_list = study.verdicts(table, manifest)
    files = claims_figure(
        out_dir, verdict_list, title="The book's card play: with the rules - without",
        measured="Each claim: the rule-followers' net points per hand with the book's rules minus without, where they "
                 "applied")
    method = (
        f"Uniform random deals of the {pack_of(manifest)}-card pack, bid by the book's "
        "policy at love-all. Each made hand is played card by card by four table-side players: each sees his own "
        "cards, the turn-up and whether it was taken, the calls, his own discard, and the cards played. They play "
        "by the book's card-play rules (the rules are listed in the table, each with its claim); where no rule "
        "applies, the baseline: win the trick as cheaply as possible unless the partner is winning it, else throw "
        "the lowest card; leading, the lowest card. For each claim, the hands where one of its rules chose a card "
        "for a side are played again with that side's players without the claim's rules (the baseline, or a later "
        "rule, takes over), the other side unchanged. The estimate, per hand where the rules applied: the points "
        "they gained the side that followed them (net points with minus without, summed over the sides for which "
        "they applied). Each interval is a paired t-interval over those hands; the verdicts correct for the "
        "study's tests together. The rules' readings of the book's words are in analysis/play/book.py. Not "
        "encoded: the book's advice on signalling (false cards, showing command of a suit, the fourth card "
        "against a lone hand), and E9's exception at two points in your favour (the players do not know the "
        "score).")
    play_note = (
        "The card play is **at the table, by rules**: no player sees a hidden card, and no hand is solved "
        "double-dummy. Each estimate is a rule against the play that replaces it (the baseline, or the book's "
        "next rule) among players of the book's rules, not against the best play: a rule can gain against a "
        "weak replacement and still be worse than what a strong player would do.")
    question = ("Does the book's card play gain, rule by rule, when nobody sees the hidden cards?\n\n"
                + study.quoted(RULE_CLAIMS))
    hands = int(table["deals"].sum()) // max(1, len(RULE_CLAIMS)) if len(table) else 0
    return study_report(
        study, question=question, method=method, table=results_table(study, table, verdict_list),
        caption=(f"Every claim ({hands:,} made hands): how many hands its rules applied to, the points they gained "
                 "per such hand (95% interval), the simultaneous interval and the verdict."),
        files=files, verdicts=verdict_list, headline=_headline(verdict_list), play_note=play_note)

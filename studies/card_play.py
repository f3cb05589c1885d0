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

from analysis.bidding import BookPolicy, bid_batch
from analysis.errors import EuchreError
from analysis.experiment import ClaimTest, POINTS, Study, counted, paired_mean, summed_counts
from analysis.experiment.stats import AGAINST_PIMC, Estimate
from analysis.game import contract
from analysis.game import LOVE_ALL, points_by_side
from analysis.play.book import CLAIMS as RULE_CLAIMS, RULES, BookPlayer, DeferringBookPlayer
from analysis.play import PIMCPlayer, play_hands
from analysis.seeds import play_seed
from analysis.reporting.report import interval
from fastcore.bookplay import CLAIMS as KERNEL_CLAIMS, play_book_hands
from fastcore.sampler import sample_deals
from studies.common.report import (claims_figure, in_full, options_of, pack_of, study_report, verdict_columns,
                                   verdicts_headline)

KEYS = ["claim", "fired", "with_net", "without_net", "strong", "strong_net"]
SIDES = ((0, 2), (1, 3))
STRONG_WORLDS = 32          # the strong player's worlds a decision (PIMC, the cards alone)
DEFAULT_STRONG_CAP = 100    # hands a claim and chunk played with the strong player's card


def _nets(b, rows: np.ndarray, won: np.ndarray, side: int, maker_tricks: np.ndarray | None = None) -> np.ndarray:
    """The net points of ``side`` (0 AC, 1 BD) in the made hands ``rows`` of bidding ``b``, from
    the tricks won (rows of (AC, BD)), or the makers' tricks ``maker_tricks``."""
    maker = b.maker[rows]
    tricks = won[np.arange(len(rows)), maker & 1] if maker_tricks is None else maker_tricks
    pts = points_by_side(maker, b.lone_seat[rows], tricks).astype(np.int64)
    return pts[:, side] - pts[:, 1 - side]


def strong_tricks(args, calls, claim: str, seats, seed: int, pack: int) -> np.ndarray:
    """The makers' tricks in the hands ``args`` (the compiled play's arguments: hands, trump, lone
    seat, leader, maker, turn-up, taken, assisted) with their ``calls``, played by the book's
    players but with the strong player's card (PIMC) wherever a rule of ``claim`` applies for
    ``seats`` (Python players, card for card the compiled book's elsewhere)."""
    hands, trump, lone, leader, maker, turn_up, taken, _assisted = args
    pimc = PIMCPlayer(STRONG_WORLDS, seed)
    players = [DeferringBookPlayer(claim, pimc) if s in seats else BookPlayer() for s in range(4)]
    return play_hands(hands, trump, lone, maker & 1, players, leader=leader, maker=maker, turn_up=turn_up,
                      taken=taken, calls=calls, pack=pack).astype(np.int64)


def card_play_rows(deals, rules, seed=0, strong_cap: int = DEFAULT_STRONG_CAP) -> pd.DataFrame:
    """Per claim and made hand: whether its rules chose a card (for how many sides), and the
    rule-followers' net points with and without them (summed over those sides). The hands are
    played by the compiled book's player (``fastcore.bookplay``, card for card the same as
    :class:`analysis.play.book.BookPlayer`). Of each claim's hands the first ``strong_cap`` are
    played once more with the strong player's card in the rules' place (``strong``; their net
    points ``strong_net``), the strong player's worlds drawn from ``seed``."""
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
        strong = np.zeros(len(made), bool)
        strong_net = np.zeros(len(made), np.int64)
        chosen = np.flatnonzero(sides > 0)[:strong_cap]
        for side, seats in enumerate(SIDES):
            rows = chosen[fired[chosen][:, list(seats), j].sum(axis=1) > 0]
            if len(rows):
                tricks = strong_tricks([np.asarray(x)[rows] for x in args], [b.calls(int(i)) for i in made[rows]],
                                       k, seats, seed, deals.pack)
                strong_net[rows] += _nets(b, made[rows], None, side, tricks)
        strong[chosen] = True
        frames.append(pd.DataFrame({"claim": k, "fired": sides, "with_net": with_net, "without_net": without_net,
                                    "strong": strong, "strong_net": strong_net}))
    return counted(frames, KEYS)


def _claim_test(k: str) -> ClaimTest:
    words = "; ".join(r.words for r in RULES if r.claim == k)
    return ClaimTest(k, k, f"{k} card play", f"hands where the book's card play of {k} chose a card ({words}): the "
                     "rule-followers' net points per hand with the rules minus without (table-side play)", POINTS,
                     engine="book")


STRONG = ".strong"


def _strong_test(k: str) -> ClaimTest:
    # "matches strong play": not worse than PIMC's card by more than the margin (non-inferiority)
    return ClaimTest(k + STRONG, k, f"{k} against PIMC's card",
                     f"hands where the book's card play of {k} chose a card: the rule-followers' net points per hand "
                     f"with the rules' card minus with PIMC's card ({STRONG_WORLDS} worlds) in its place, the rest of "
                     "the hand by the book's rules (table-side play)", POINTS, engine=AGAINST_PIMC, permissive=True)


CLAIMS = tuple(t for k in RULE_CLAIMS for t in (_claim_test(k), _strong_test(k)))


def fired_rows(table: pd.DataFrame, key: str) -> pd.DataFrame:
    return table[(table["claim"] == key) & (table["fired"] > 0)]


class CardPlay(Study):
    name = "card_play"
    title = "The book's card play at the table"
    description = ("E4-E10, S8-S11, T5, D7, D9, L6: each card-play rule of the book against the baseline that "
                   "replaces it, all four players table-side by the book's rules, on the same deals; points per hand.")
    policies = ("bidding: the book's policy (BookPolicy) for all four players at love-all; play: every player by the "
                "book's card-play rules (analysis.play.book.BookPlayer), the side tested without one claim's rules")
    defaults = {"deals": 200_000, "chunk_size": 50_000, "strong_cap": DEFAULT_STRONG_CAP}
    suite_position = 12
    takes_play = False       # it chooses its play engines itself
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        return ["play"]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        if scenario != "play":
            raise EuchreError(f"no scenario {scenario!r} in the card_play study")
        (cap,) = self.whole_options(settings, strong_cap=DEFAULT_STRONG_CAP)
        return card_play_rows(sample_deals(n_deals, seed, pack=settings.pack), settings.rules, play_seed(seed), cap)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, KEYS)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        if key.endswith(STRONG):
            if "strong" not in table:            # a run made before the strong player's arm
                return None
            rows = fired_rows(table, key.removesuffix(STRONG))
            return paired_mean(rows[rows["strong"].astype(bool)], "with_net", "strong_net")
        return paired_mean(fired_rows(table, key), "with_net", "without_net")

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = CardPlay()


# --- the report -----------------------------------------------------------------------------------

def results_table(study: Study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    out = []
    for k in RULE_CLAIMS:
        rows = table[table["claim"] == k]
        hands = int(rows["deals"].sum())
        n = int(fired_rows(table, k)["deals"].sum())
        strong = verdict_columns(verdict_list, k + STRONG)
        out.append({"claim": k, "the rules": "; ".join(r.words for r in RULES if r.claim == k),
                    "made hands": hands, "hands it applied to": n, "share": f"{n / hands:.1%}" if hands else "",
                    "with - without, points per hand [95%]": interval(study.estimate(k, table)),
                    **verdict_columns(verdict_list, k),
                    "against PIMC's card: hands": int(fired_rows(table, k).query("strong")["deals"].sum()) if strong else "",
                    "with - PIMC's card [95%]": interval(study.estimate(k + STRONG, table)),
                    "against PIMC: verdict": strong.get("verdict", "")})
    return pd.DataFrame(out)


def _headline(verdict_list) -> str:
    """The rules against the baseline that replaces them: the tally, then the largest loss (or gain),
    by claim (the labels say only "card play")."""
    rules = [v for v in verdict_list if not v.claim.key.endswith(STRONG)]
    return verdicts_headline(rules, "at the table, each rule against the baseline that replaces it", named=False)


def _figures_in_full(verdict_list) -> str:
    def words(suffix):
        return "; ".join(f"{v.claim.id} {v.estimate.mean:+.3f} ({v.verdict})" for v in verdict_list
                         if v.claim.key.endswith(STRONG) == bool(suffix))
    return ("Each claim's card-play rules against the baseline that replaces them, in the rule-followers' net points "
            f"per hand where they applied, all four players table-side: {words('')}. Against the card PIMC plays in "
            f"the same positions (not worse by more than the margin: supported): {words(STRONG)}.")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    verdict_list = study.verdicts(table, manifest)
    strong_cap = options_of(manifest).get("strong_cap", DEFAULT_STRONG_CAP)
    files = claims_figure(
        out_dir, verdict_list, title="The book's card play: with the rules - without; - PIMC's card",
        measured="Each claim: the rule-followers' net points per hand with the book's rules minus without, and minus "
                 "with PIMC's card in the rules' place, where they applied")
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
        "they applied). "
        f"Of each claim's hands the first {strong_cap} of a chunk (option strong_cap) are played once more "
        f"with the rule-followers playing the card PIMC chooses ({STRONG_WORLDS} worlds a decision, from the cards "
        "alone; the strongest of the ladder's table players within its intervals) wherever the claim's rules would "
        "choose, every other card by the book's rules: the rules' card against strong play in the same positions, "
        "judged for non-inferiority (supported when the rules' card is not worse by more than the margin). Each "
        "interval is a paired t-interval over those hands; the verdicts correct for the "
        "study's tests together. The rules' readings of the book's words are in analysis/play/book.py. Not "
        "encoded: the book's advice on signalling (false cards, showing command of a suit, the fourth card "
        "against a lone hand), and E9's exception at two points in your favour (the players do not know the "
        "score).")
    play_note = (
        "The card play is **at the table, by rules**: no player sees a hidden card, and no hand is solved "
        "double-dummy. Each estimate is a rule against the play that replaces it (the baseline, or the book's "
        "next rule) among players of the book's rules; the second test sets the rule against the card a strong "
        "player (PIMC) plays in the same positions, since a rule can gain against a weak replacement and still be "
        "worse than what a strong player would do.")
    question = ("Does the book's card play gain, rule by rule, when nobody sees the hidden cards?\n\n"
                + study.quoted(RULE_CLAIMS))
    hands = int(table["deals"].sum()) // max(1, len(RULE_CLAIMS)) if len(table) else 0
    return study_report(
        study, question=question, method=method, table=results_table(study, table, verdict_list),
        caption=(f"Every claim ({hands:,} made hands): how many hands its rules applied to, the points they gained "
                 "per such hand (95% interval), the simultaneous interval and the verdict."),
        files=files, verdicts=verdict_list, headline=_headline(verdict_list),
        sections=[in_full(_figures_in_full(verdict_list))], play_note=play_note)

"""The book's card play, rule by rule, at the table (E4-E10, S8-S11, T5, D7, D9, L6).

Every deal is bid by the book's policy at love-all; each made hand is played card by card by four
players who see only their own cards and play by the book's card-play rules
(:class:`analysis.book_play.BookPlayer`; where the book is silent, the baseline: win as cheaply as
you can unless partner is winning, else throw the lowest). For each claim, the hands in which one
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

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.book_play import CLAIMS as RULE_CLAIMS, RULES, BookPlayer
from analysis.cells import counted, paired_mean, summed_counts
from analysis.errors import EuchreError
from analysis.report import interval
from analysis.rules import points_by_side
from analysis.stats import Estimate
from analysis.study import POINTS, ClaimTest, Study

LOVE_ALL = (0, 0)
KEYS = ["claim", "fired", "with_net", "without_net"]
SIDES = ((0, 2), (1, 3))


def _hand_kwargs(b, turn_up, i: int) -> dict:
    from analysis import contract
    takes = contract.dealer_takes_up(b.round[i:i + 1], b.lone_seat[i:i + 1])[0]
    return dict(lone_seat=int(b.lone_seat[i]), maker=int(b.maker[i]), turn_up=int(turn_up[i]), taken=bool(takes),
                discard=None if b.discard[i] < 0 else int(b.discard[i]), calls=b.calls(i), deal=int(i),
                leader=int(contract.leader(b.lone_seat[i:i + 1])[0]))


def _net(won: tuple, b, i: int, side: int) -> int:
    maker = int(b.maker[i])
    tricks = won[maker & 1]
    pts = points_by_side(np.array([maker]), np.array([int(b.lone_seat[i])]), np.array([tricks]))[0]
    return int(pts[side]) - int(pts[1 - side])


def card_play_rows(deals, rules) -> pd.DataFrame:
    """Per claim and made hand: whether its rules chose a card (for how many sides), and the
    rule-followers' net points with and without them (summed over those sides)."""
    from analysis.book_policy import BookPolicy
    from analysis.simulate import bid_batch
    from analysis.table_play import play_hand

    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int64)
    b = bid_batch(hands, turn_up.astype(np.int8), BookPolicy(), rules, LOVE_ALL)
    book = [BookPlayer() for _ in range(4)]
    without = {k: BookPlayer({k}) for k in RULE_CLAIMS}
    rows = []
    for i in np.flatnonzero(b.maker >= 0):
        kw = _hand_kwargs(b, turn_up, int(i))
        trump = int(b.trump[i])
        before = [dict(p.fired) for p in book]
        _plays, won = play_hand(b.play_hands[i], trump, book, pack=deals.pack, **kw)
        fired = [{k: p.fired.get(k, 0) - before[s].get(k, 0) for k in RULE_CLAIMS} for s, p in enumerate(book)]
        for k in RULE_CLAIMS:
            sides = [side for side, seats in enumerate(SIDES) if any(fired[s][k] for s in seats)]
            if not sides:
                rows.append((k, 0, 0, 0))
                continue
            with_net = without_net = 0
            for side in sides:
                players = [without[k] if s in SIDES[side] else book[s] for s in range(4)]
                _p, won_off = play_hand(b.play_hands[i], trump, players, pack=deals.pack, **kw)
                with_net += _net(won, b, int(i), side)
                without_net += _net(won_off, b, int(i), side)
            rows.append((k, len(sides), with_net, without_net))
    frame = pd.DataFrame(rows, columns=KEYS)
    return counted([frame], KEYS)


def _claim_test(k: str) -> ClaimTest:
    words = "; ".join(r.words for r in RULES if r.claim == k)
    return ClaimTest(k, k, f"{k} card play", f"hands where the book's card play of {k} chose a card ({words}): the "
                     "rule-followers' net points per hand with the rules minus without (table-side play)", POINTS)


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
                "book's card-play rules (analysis.book_play.BookPlayer), the side tested without one claim's rules")
    defaults = {"deals": 20_000, "chunk_size": 2_000}
    # Not in the default suite: table-side play by rules runs a few hundred deals a second, so the
    # suite's scale (250,000 deals a study) would take hours; its reference run is committed.
    suite_position = None
    takes_play = False       # it chooses its play engines itself
    claims = CLAIMS

    def scenarios(self, settings) -> list[str]:
        return ["play"]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        from fastcore.sampler import sample_deals
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


def results_table(study: Study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    from analysis.study import verdict_of
    out = []
    for t in study.claims:
        rows = table[table["claim"] == t.key]
        hands = int(rows["deals"].sum())
        fired = fired_rows(table, t.key)
        n = int(fired["deals"].sum())
        line = {"claim": t.key, "the rules": "; ".join(r.words for r in RULES if r.claim == t.key),
                "made hands": hands, "hands it applied to": n,
                "share": f"{n / hands:.1%}" if hands else "",
                "with - without, points per hand [95%]": interval(estimate_of(t.key, table))}
        v = verdict_of(verdict_list, t.key)
        if v is not None:
            line["simultaneous interval"] = f"[{v.low:+.3f}, {v.high:+.3f}]"
            line["verdict"] = v.verdict + (" (material)" if v.material else "")
        out.append(line)
    return pd.DataFrame(out)


def _headline(verdict_list) -> str:
    words = "; ".join(f"{v.claim.name} {v.estimate.mean:+.3f} ({v.verdict})" for v in verdict_list)
    return ("Each claim's card-play rules against the baseline that replaces them, in the rule-followers' net points "
            f"per hand where they applied, all four players table-side: {words}.")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    from analysis import charts
    from analysis.report import Chart, StudyReport

    verdict_list = study.verdicts(table, manifest)
    files = charts.claims_figure(
        out_dir, verdict_list, unit=POINTS, title="The book's card play: with the rules - without",
        measured="Each claim: the rule-followers' net points per hand with the book's rules minus without, where they "
                 "applied")
    method = (
        f"Uniform random deals of the {manifest.get('rules', {}).get('pack', 32)}-card pack, bid by the book's "
        "policy at love-all. Each made hand is played card by card by four table-side players: each sees his own "
        "cards, the turn-up and whether it was taken, the calls, his own discard, and the cards played. They play "
        "by the book's card-play rules (the rules are listed in the table, each with its claim); where no rule "
        "applies, the baseline: win the trick as cheaply as possible unless the partner is winning it, else throw "
        "the lowest card; leading, the lowest card. For each claim, the hands where one of its rules chose a card "
        "for a side are played again with that side's players without the claim's rules (the baseline, or a later "
        "rule, takes over), the other side unchanged. The estimate, per hand where the rules applied: the points "
        "they gained the side that followed them (net points with minus without, summed over the sides for which "
        "they applied). Each interval is a paired t-interval over those hands; the verdicts correct for the "
        "study's tests together. The rules' readings of the book's words are in analysis/book_play.py. Not "
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
    played = int(table["deals"].sum()) // max(1, len(RULE_CLAIMS)) if len(table) else 0
    return StudyReport(
        name=study.name, title=study.title, question=question, method=method,
        table=results_table(study, table, verdict_list),
        table_caption=(f"Every claim ({played:,} made hands): how many hands its rules applied to, the points they "
                       "gained per such hand (95% interval), the simultaneous interval and the verdict."),
        charts=[Chart(Path(p).name, caption) for p, caption in files],
        verdicts=verdict_list, headline=_headline(verdict_list), play_note=play_note)

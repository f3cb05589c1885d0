"""The book's bidding by the score: at each score a sentence names, the book's action against the other.

The book's bidding advice changes with the score: the second hand may assist with ace and
another or king and another "only when justified by scores of four-all or four-love in your
favor" (S4); the dealer "may play a lighter hand" at four-all or four-love in his favour (D2),
needs "more than ordinary caution" at three-all and four to two in his favour (D3), may play "a
shade lighter" at four to three in his favour (D4); and some entries of the lists are
"dependent upon the score" (S3, T4, D1). Each is tested at each score it names, never pooled.

Each decision scenario is one seat at one score (AC, the dealers, first). Uniform deals are
dealt; the deciding seat's hands in the classes tested there are kept (at most ``cap`` of each
case per chunk, the first ones dealt, so that common classes do not crowd out rare ones); the
bidding is run by the book's policy at that score up to the seat's round-one decision, and
where the earlier seats passed, the hand is played twice, double-dummy: the seat calling and
passing, everything else by the book's policy at that score. The estimate is the deciding
side's expected net rubber points after the book's action minus after the other (in the first
game of a rubber), with the probability of winning the game beside, on the same deals; the
book's action is read from its policy at that score, deal by deal.

A hand's points are valued by the game and the rubber they lead to: the game model
(:mod:`analysis.value.game_model`) and the rubber model (:mod:`analysis.value.rubber`) are solved from the
book's own hands at every score below game, dealt and played in this study's ``game-a``
scenarios (the dealers at ``a``, the deals shared equally among the other side's scores), and
their sampling error (a bootstrap over those counts, :mod:`analysis.value.game_value`) joins every
interval.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.bidding.book_policy import (ASSIST_BY_SCORE, ASSIST_FOUR_ALL, DEALER_BY_SCORE, DEALER_LIGHT,
                                          DEALER_SHADE, THIRD_BY_SCORE)
from analysis.bidding import call_word
from analysis.game.claims import claim as book_claim
from analysis.experiment.stats import ONE_GAME_ALL, RUBBER_STATES, Estimate, normal_quantile
from analysis.experiment import ClaimTest, GAME_WIN, POINTS, RUBBER, Study, verdict_of
from studies.common.measures import MEASURES, flipped, in_every_measure, primary, split, unit_and_state
from analysis.game import Rules, SEATS, SEAT_ORDER
from analysis.reporting.markup import md_table
from analysis.reporting.report import interval, play_note
from analysis.value import rubber
from analysis.value.game_value import MODEL_DRAWS, GameModel
from studies.common.book_arms import BOOK_ARMS, book_and_other, book_gain
from studies.common.game_models import book_game_model, model_section, root_seed
from studies.common.report import (claims_figure, in_full, options_of, pack_of, played_how, setting_of, study_report,
                                   verdict_columns, verdicts_headline)
from studies.common.round_one import (DEALER_LIST, GROUPS, CallsAtScoresStudy, classify, d6_pass,
                                      first_pattern, played, round_one_situations)

DEFAULT_CAP = 1000        # hands of one case played per chunk at most

# The project's old, larger cautious list of three-all and four-two, kept as a secondary test of D3:
# the book's policy now drops only the take-up list's weakest rung (BookPolicy.weakest_rung).
LARGER_CAUTION = ("three medium trumps", "right and ace", "right and king", "right, another, and outside ace",
                  "left, ace, and outside ace")


# --- the classes of hands tested ------------------------------------------------------------------

# class -> (seat, the list whose first entry matched names the hand, what the class is)
CLASSES = {
    "E1": ("B", GROUPS["E1"][2], "E1's class: the right not turned, three medium trumps and some strength in "
           "suit, nothing to go to"),
    "S3": ("C", GROUPS["S3"][2], "not in the S2 assist list; an S3 entry (the first matched)"),
    "S4": ("C", GROUPS["S4"][2], "ace and another, or king and another; no S2 or S3 entry"),
    "T4": ("D", GROUPS["T4"][2], "the right not turned; an entry of the third hand's order list"),
    "D1": ("A", DEALER_LIST, "the take-up list (the hand after taking up and the book's discard); not D6"),
    "D2": ("A", DEALER_LIGHT.patterns, "a lighter hand than the take-up list: right and another, left and "
           "another, ace and another, or two trumps and outside ace; not in the take-up list, not D6"),
    "D3": ("A", DEALER_LIST, "the take-up list but not the cautious list of three-all and four-two (three medium "
           "trumps, right and ace, right and king, right, another and outside ace, left, ace and outside ace)"),
    "D4": ("A", DEALER_SHADE.patterns, "a shade lighter: left and another and outside ace, or ace and another "
           "and outside ace; not in the take-up list, not D6"),
}

SHORT = {"D3": "take-up list less the cautious list", "E1": "E1's class (three medium trumps)"}   # the classes tested whole, in a few words


def classes(seat: int, hands: np.ndarray, turn_up: np.ndarray, rules) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The deciding seat's hands in each class tested at that seat: class -> (member mask, index
    of the first entry matched in the class's list, -1 if none)."""
    found, judged = classify(seat, hands, turn_up, rules)
    out = {c: found[c] for c in ("E1", "S3", "S4", "T4", "D1") if c in found}
    if SEATS[seat] == "A":
        t = round_one_situations(seat, hands, turn_up, rules)
        d1, first = found["D1"]
        lighter = ~d1 & ~d6_pass(t, judged)
        light_first = first_pattern(t, DEALER_LIGHT.patterns, hands=judged)
        shade_first = first_pattern(t, DEALER_SHADE.patterns, hands=judged)
        out["D2"] = ((light_first >= 0) & lighter, light_first)
        out["D3"] = (d1 & ~t.has(LARGER_CAUTION, hands=judged), first)
        out["D4"] = ((shade_first >= 0) & lighter, shade_first)
    return out


# --- the tests --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One claim at one score: a class of hands (or one entry of its list) at one seat."""

    claim: str
    cls: str
    entry: str | None          # the first entry matched; None: the whole class
    score: tuple[int, int]     # (AC, BD): the dealers' side first
    book: str                  # what the book does there, in words
    why: str                   # the book's words for this score
    action: str | None = None  # "call" or "pass" where the policy does not encode the sentence; None: the policy's

    @property
    def seat(self) -> str:
        return CLASSES[self.cls][0]

    @property
    def view(self) -> str:
        """The score from the deciding side: its points first."""
        a, b = self.score
        return f"{a}-{b}" if self.seat in "AC" else f"{b}-{a}"

    @property
    def hands(self) -> str:
        """The hands in a few words: the entry, or the class's short name."""
        return self.entry or SHORT[self.cls]

    @property
    def key(self) -> str:
        return f"{self.cls}.{self.entry or 'class'}.{self.view}"

    def test(self) -> ClaimTest:
        what = f'first entry "{self.entry}"' if self.entry else CLASSES[self.cls][2]
        hand = " (hand after the discard)" if self.seat == "A" else ""
        label = f"{self.claim} {self.hands}, {self.view}"
        return ClaimTest(self.key, self.claim, label,
                         f"{self.seat}{hand} at {self.view} ({self.why}; the decider's side first), {what}: "
                         f"net rubber points after the book's action ({self.book}) - after the other", RUBBER)

    def tests(self) -> tuple[ClaimTest, ...]:
        """The case in every unit and rubber state (:data:`studies.common.measures.MEASURES`); a
        sentence that permits (``permissive`` in the catalogue of claims) is judged for non-inferiority."""
        return in_every_measure(self.test(), permissive=book_claim(self.claim).permits())


ASSIST, ORDER, TAKE = call_word("C"), call_word("D"), call_word("A")
_S3_PASS = "pass (assist with ace and another, and outside ace if the right is turned)"


def _cases() -> tuple[Case, ...]:
    out = []
    for entry in ASSIST_FOUR_ALL.patterns:                                        # S4
        out += [Case("S4", "S4", entry, (4, 4), ASSIST, "four-all"),
                Case("S4", "S4", entry, (4, 0), ASSIST, "four-love in his favour")]
    for entry in ASSIST_BY_SCORE.patterns:                                        # S3, by score
        pass_word = _S3_PASS if entry == "ace and another, and outside ace" else "pass"
        out += [Case("S3", "S3", entry, (2, 2), ASSIST, "dependent upon the score: adversaries at two"),
                Case("S3", "S3", entry, (3, 4), pass_word, "dependent upon the score: adversaries at four"),
                Case("S3", "S3", entry, (4, 4), ASSIST, "dependent upon the score: four-all, assist"),
                Case("S3", "S3", entry, (3, 3), pass_word, "dependent upon the score: adversaries at three"),
                Case("S3", "S3", entry, (4, 3), pass_word, "dependent upon the score: adversaries at three")]
    for entry in THIRD_BY_SCORE.patterns:                                         # T4, by score
        out += [Case("T4", "T4", entry, (2, 2), ORDER, "dependent upon the score: adversaries at two"),
                Case("T4", "T4", entry, (4, 4), ORDER, "dependent upon the score: four-all, order"),
                Case("T4", "T4", entry, (3, 3), "pass", "dependent upon the score: adversaries at three"),
                Case("T4", "T4", entry, (4, 2), "pass", "dependent upon the score: adversaries at four")]
    for entry in DEALER_BY_SCORE.patterns:                                        # D1, by score
        out += [Case("D1", "D1", entry, (2, 2), TAKE, "dependent upon score: adversaries at two"),
                Case("D1", "D1", entry, (3, 4), "pass", "dependent upon score: adversaries at four"),
                Case("D1", "D1", entry, (4, 4), TAKE, "dependent upon score: four-all, take up"),
                Case("D1", "D1", entry, (4, 0), TAKE, "dependent upon score: adversaries at love"),
                Case("D1", "D1", entry, (3, 3), "pass", "three-all: more than ordinary caution (D3)"),
                Case("D1", "D1", entry, (4, 2), "pass", "four to two: more than ordinary caution (D3)"),
                Case("D1", "D1", entry, (4, 3), TAKE, "four to three: a shade lighter (D4) overrides the caution")]
    for entry in DEALER_LIGHT.patterns:                                           # D2
        out += [Case("D2", "D2", entry, (4, 4), TAKE, "four-all: a lighter hand"),
                Case("D2", "D2", entry, (4, 0), TAKE, "four-love in his favour: a lighter hand")]
    # D3 on the larger list: its hands turned down (the policy takes up some of them, not all)
    out += [Case("D3", "D3", None, (3, 3), "pass", "three-all: more than ordinary caution", action="pass"),
            Case("D3", "D3", None, (4, 2), "pass", "four to two in his favour: more than ordinary caution",
                 action="pass")]
    for entry in DEALER_SHADE.patterns:                                           # D4
        out.append(Case("D4", "D4", entry, (4, 3), TAKE, "four to three in his favour: a shade lighter"))
    # E1's class passed at four to three in the eldest hand's favour: played, not a test. E11 ("your
    # play should be very conservative") is a rule of play, not of bidding (see UNTESTED_E11).
    out.append(Case("E11", "E1", None, (3, 4), "pass: very conservative", "four to three in his favour: a "
                    "position of caution", action="pass"))
    return tuple(out)


CASES = _cases()
TESTED = tuple(c for c in CASES if c.claim != "E11")
BY_KEY = {c.key: c for c in CASES}
TESTED_KEYS = {c.key: c for c in TESTED}


def situations() -> list[tuple[str, tuple[int, int]]]:
    """The (seat, score) pairs the cases need, in the order of the round-one decisions."""
    pairs = dict.fromkeys((c.seat, c.score) for c in CASES)
    return sorted(pairs, key=lambda p: (SEAT_ORDER.index(p[0]), p[1]))


# --- one chunk ----------------------------------------------------------------------------------------

def decision_rows(deals, seat_letter: str, score: tuple[int, int], rules, cap: int) -> pd.DataFrame:
    """The deals of the cases of (seat, score): each case's first ``cap`` hands, bid by the book
    at the score; where the seat's decision is reached, played calling and passing."""
    seat = SEATS.index(seat_letter)
    hands = np.asarray(deals.hands, np.uint32)
    found = classes(seat, hands[:, seat], np.asarray(deals.turn_up, np.int8), rules)
    masks = {}   # (class, entry) -> the hands of that case
    for c in CASES:
        if (c.seat, c.score) != (seat_letter, score) or (c.cls, c.entry) in masks:
            continue
        mask, first = found[c.cls]
        if c.entry is not None:
            mask = mask & (first == CLASSES[c.cls][1].index(c.entry))
        masks[c.cls, c.entry] = mask
    return played(deals, seat_letter, score, rules, masks, cap)


# --- the study ---------------------------------------------------------------------------------------

class ScoreStudy(CallsAtScoresStudy):
    name = "score"
    title = "The book's bidding by the score"
    description = ("The book's bidding at the scores it names (S4, D2, D3, D4 and the entries dependent upon the score "
                   "of S3, T4, D1): its action against the other on the same deals, in rubber points in the first game "
                   "and at one game all, in P(win game) and in points per hand.")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters: \"dependent upon the "
                "score\" read as not when the adversaries have three or more, always at four-all) for all four "
                "players at the scenario's score; the deciding seat's round-one call forced to call or to pass")
    defaults = {"deals": 50_000, "chunk_size": 50_000, "replicates": 1, "cap": DEFAULT_CAP}
    suite_position = 4
    takes_company = True     # its arms are built through analysis.bidding.company.seated
    claims = tuple(t for c in TESTED for t in c.tests())

    refusal = "the score study tests the scores the book names in its"

    def scenarios(self, settings) -> list[str]:
        return self.call_scenarios(settings, situations())

    def calls_at(self, deals, seat_letter: str, score: tuple[int, int], rules, cap: int) -> pd.DataFrame:
        return decision_rows(deals, seat_letter, score, rules, cap)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        rows = case_rows(table, TESTED_KEYS[split(key)[0]])
        if rows["deals"].sum() < 2:
            return None
        unit, state = unit_and_state(key)
        if unit == POINTS:
            return book_gain(rows)
        return book_game_model(table, manifest, self.name).estimate(rows, BOOK_ARMS, unit, state)

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = ScoreStudy()


def case_rows(table: pd.DataFrame, case: Case) -> pd.DataFrame:
    """The results table's cells of a case, with each arm's net points as the book's and the other's."""
    rows = table[(table["seat"] == case.seat) & (table["cls"] == case.cls) & (table["a"] == case.score[0])
                 & (table["b"] == case.score[1])]
    if case.entry is not None:
        rows = rows[rows["entry"] == case.entry]
    return book_and_other(rows, rows["book"].to_numpy(bool) if case.action is None else case.action == "call")


# --- the report ----------------------------------------------------------------------------------------

def _pct(e: Estimate) -> str:
    return f"{e.mean:+.1%} [{e.low:+.1%}, {e.high:+.1%}]"


def cases_table(study: Study, table: pd.DataFrame, verdict_list, manifest) -> pd.DataFrame:
    """Every case: the book's action, the deals, the share the book calls, each arm's points, the
    gain in points, in P(win game) and in rubber points (simultaneous interval), the verdict."""
    model = book_game_model(table, manifest, study.name)
    out = []
    for c in CASES:
        rows = case_rows(table, c)
        n = int(rows["deals"].sum())
        called = int(rows.loc[rows["book"], "deals"].sum()) if c.action is None else n * (c.action == "call")
        line = {"claim": c.claim, "seat": c.seat, "score (decider first)": c.view,
                "hands": c.hands, "the book": c.book, "deals": n,
                "book calls": f"{called / n:.0%}" if n else ""}
        if c.claim == "E11":
            line["claim"] = "(E1's class; no test)"
        if n >= 2:
            line["points per hand"] = interval(book_gain(rows))
            line["P(win game)"] = _pct(model.estimate(rows, BOOK_ARMS, GAME_WIN))
            line["rubber points [95%]"] = interval(model.estimate(rows, BOOK_ARMS, RUBBER))
            line["rubber points, one game all"] = interval(
                model.estimate(rows, BOOK_ARMS, RUBBER, RUBBER_STATES[ONE_GAME_ALL]))
        line |= verdict_columns(verdict_list, c.key)
        line["other measures"] = "; ".join(f"{MEASURES[x][3]}: {v.verdict}" for x in MEASURES
                                           if x and (v := verdict_of(verdict_list, c.key + x)) is not None)
        out.append(line)
    return pd.DataFrame(out)


# Readings of "dependent upon the score": the entry applies unless the adversaries have this many
# points or more (always at four-all); the book's policy reads 3 (BookParams.caution_from).
READINGS = {"adversaries at 2 or more": 2, "at 3 or more (the policy's)": 3, "at 4 only": 4, "never: always call": 99}


def reading_applies(own: int, theirs: int, caution_from: int) -> bool:
    return (own == 4 and theirs == 4) or theirs < caution_from


def readings_table(table: pd.DataFrame, manifest) -> pd.DataFrame:
    """Each entry dependent upon the score, under each reading: the mean over the deals of every
    score it is tested at of the reading's action minus the other, in rubber points (the model's
    error included). The other players keep the policy's reading."""
    model = book_game_model(table, manifest, ScoreStudy.name)
    out = []
    for claim, cls in (("S3", "S3"), ("T4", "T4"), ("D1", "D1")):
        for entry in dict.fromkeys(c.entry for c in CASES if c.cls == cls):
            cases = [c for c in CASES if c.cls == cls and c.entry == entry and c.why.startswith("dependent upon")]
            rows = []
            for c in cases:
                r = case_rows(table, c)
                own, theirs = (int(x) for x in c.view.split("-"))
                rows.append(r.assign(own=own, theirs=theirs))
            rows = pd.concat(rows, ignore_index=True)
            if rows["deals"].sum() < 2:
                continue
            line = {"entry": f"{claim}: {entry}", "scores (decider first)": ", ".join(c.view for c in cases),
                    "deals": int(rows["deals"].sum())}
            for name, k in READINGS.items():
                applies = np.array([reading_applies(o, t, k) for o, t in zip(rows["own"], rows["theirs"])], bool)
                r = rows.assign(mine=np.where(applies, rows["call_net"], rows["pass_net"]),
                                theirs_arm=np.where(applies, rows["pass_net"], rows["call_net"]))
                e = model.estimate(r, ("mine", "theirs_arm"), RUBBER)
                calls = ", ".join(c.view for c in cases if reading_applies(*map(int, c.view.split("-")), k))
                line[name] = f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}] (call at {calls or 'none'})"
            out.append(line)
    return pd.DataFrame(out)


RUBBERS_SIMULATED = 200_000   # whole rubbers played hand by hand to check the rubber model


def rubber_check(model: GameModel, seed: int) -> dict:
    """The rubber model's value for the side dealing first, with its bootstrap interval, against
    the mean of whole rubbers simulated hand by hand from the same outcome distributions."""
    probs = model.counts / model.counts.sum(axis=2, keepdims=True)
    simulated = rubber.simulate_rubbers(probs, Rules(), RUBBERS_SIMULATED, np.random.SeedSequence(seed))
    low, high = np.percentile(model.rubber_draws.start, [2.5, 97.5])
    return {"model": float(model.rubber.start), "low": float(low), "high": float(high), "n": RUBBERS_SIMULATED,
            "simulated": float(simulated.mean()), "se": float(simulated.std(ddof=1) / np.sqrt(len(simulated)))}


def _figures_in_full(verdict_list) -> str:
    """Per claim, its tests by verdict, with the largest effect each way (rubber points)."""
    by_claim: dict[str, list] = {}
    for v in primary(verdict_list):
        by_claim.setdefault(v.claim.id, []).append(v)
    parts = []
    for claim, vs in by_claim.items():
        words = []
        for verdict in ("supported", "contradicted", "negligible", "inconclusive"):
            these = [v for v in vs if v.verdict == verdict]
            if not these:
                continue
            text = f"{verdict} {len(these)}"
            if verdict in ("supported", "contradicted"):
                big = max(these, key=lambda v: abs(v.estimate.mean))
                case = TESTED_KEYS[big.claim.name]
                text += f" (largest: {case.hands} at {case.view}, {big.estimate.mean:+.2f} [{big.low:+.2f}, {big.high:+.2f}])"
            words.append(text)
        parts.append(f"{claim}: " + ", ".join(words))
    changed = flipped(verdict_list, TESTED_KEYS)
    return ("Each sentence at each score it names, the book's action minus the other in net rubber points (the "
            "first game of a rubber; the simultaneous interval): " + "; ".join(parts) + ". "
            + (f"{len(changed)} of {len(TESTED)} cases change their verdict with the unit or the rubber state."
               if changed else f"No case changes its verdict with the unit or the rubber state ({len(TESTED)} cases)."))


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    verdict_list = study.verdicts(table, manifest)
    model = book_game_model(table, manifest, study.name)
    seed = root_seed(manifest)
    files = claims_figure(
        out_dir, primary(verdict_list), unit=RUBBER,
        title="The book's bidding by the score: the book's action - the other, rubber points",
        measured="Each test: the book's action minus the other in the decider's side's expected net rubber points "
                 "(the first game of a rubber)")
    game = model.f.shape[0]
    decisions = table[table["cls"] != "game"]
    table_side = bool(manifest.get("play"))
    played = played_how(manifest)
    caveat = ("The table-side players see only their own cards (how they choose is said below)." if table_side else
              "Double-dummy play sees every card: it flatters the makers and the defenders alike.")
    method = (
        "Scenarios: for each seat and score a case needs, uniform random deals of the "
        f"{pack_of(manifest)}-card pack. The deciding seat's hand is classed (the "
        "dealer's after taking up and the book's discard); for each case tested there (a class, or one "
        "entry of its list), the first "
        f"{options_of(manifest).get('cap', DEFAULT_CAP):,} hands of a chunk are kept (the deals are "
        "independent, so the first ones are a random sample of the case; the cap keeps the common classes from "
        "crowding out the rare ones, and each class is a test of its own, never pooled with another). Each kept "
        "deal is bid by the book's policy at the scenario's score; where the earlier seats passed, it is played "
        f"twice, {played}: the seat calling (ordering up, assisting, taking up) and passing, every other "
        "decision by the book's policy at that score (round two, lone hands, the dealer's discard).\n\n"
        "The estimand: the deciding side's expected net rubber points (its points minus the other side's to the "
        "end of the rubber: laws 1 and 7, laps, double games and the rubber's two points) after the book's action "
        "minus after the other, on the same deals, in the first game of a rubber; the probability of winning the "
        "game is shown beside it. The book's action is read from its policy deal by deal at that score (the "
        "table shows how often it calls). A hand's points are valued by the rubber model and the game model "
        "(analysis/value/rubber.py, analysis/value/game_model.py): the value of the state the hand leads to, the other side "
        "dealing next, solved by value iteration from the distribution of one hand's points under the book's "
        f"policy at each of the {game * game} scores below game, dealt and played in this study's own scenarios "
        f"({model.hands_text}). The models' sampling error is carried "
        f"into every interval: each score's outcome counts are drawn again from their multinomial ({MODEL_DRAWS:,} "
        f"draws, seeded from the run's root seed {seed}), the estimate is recomputed under each draw, and the "
        "spread joins the deals' paired error in quadrature.\n\n"
        "The readings. \"Dependent upon the score\" (S3, T4, D1) is read by the book's policy as: the entry "
        "applies unless the adversaries have three points or more, and always at four-all; it is tested at "
        "four-all (the book calls), and where the adversaries stand at three or four (the book passes; but at four "
        "to three the dealer plays a shade lighter, D4, and takes up ace, king and one suit headed by ace). S4 and D2 "
        "at four-all and four-love in the decider's favour, where the book calls with those hands. D3: the "
        "hands of the ordinary take-up list that the cautious list drops (the book passes with them at "
        "three-all and four to two). D4: the two entries the dealer adds at four to three. S4, D2 and D4 "
        "permit (\"permissible\", \"may play a lighter hand\", \"may play a shade lighter\"): they are judged for non-inferiority, the book's call not worse "
        "than passing by more than the margin. E11 (\"a position of caution ... your play should be very "
        "conservative\") is a rule of play, not of bidding, and is not tested here (the ledger says why); E1's class "
        "passed at four to three is still played and shown, as data. "
        "Each case is measured in three units, and in rubber points in two states of the rubber: net rubber points "
        "in the first game (no game won: the chart and the headline) and at one game all (the third game, where "
        "the rubber's two points ride on it), the probability of winning the game, and net points per hand. "
        "Each entry and each "
        "score is a test; the tests in one unit and state are a family, under one correction. " + caveat)
    question = ("Does the book's bidding change with the score the way its sentences say?\n\n"
                + study.quoted(("S3", "S4", "T4", "D1", "D2", "D3", "D4")))
    rubbers = rubber_check(model, seed)
    sections = [
        ("Other readings of \"dependent upon the score\"",
         "The book does not say which scores it means. Each reading calls with the entry unless the adversaries "
         "have so many points (always at four-all); for each entry, the mean over the deals of every score it is "
         "tested at of the reading's action minus the other, in net rubber points (95% interval with the model's "
         "error; the scores weigh as their deals). The highest is the best of these readings on these scores. The "
         "other three players keep the policy's reading.\n\n" + md_table(readings_table(table, manifest))),
        model_section(model),
        ("The rubber model and its check",
         f"The side that deals the first hand of a rubber expects {rubbers['model']:+.3f} net rubber points "
         f"(95% interval from the model's bootstrap [{rubbers['low']:+.3f}, {rubbers['high']:+.3f}]). Checked by "
         f"another road: {rubbers['n']:,} whole rubbers played hand by hand (laps, double games, a fourth game when "
         "the third laps), each hand's outcome drawn from the same per-score distributions, give "
         f"{rubbers['simulated']:+.3f} ± {rubbers['se']:.3f} (standard error) for that side: "
         + ("within" if abs(rubbers["simulated"] - rubbers["model"]) <= normal_quantile() * rubbers["se"] else "outside")
         + " its 95% interval of the model's value."),
    ]
    return study_report(
        study, question=question, method=method, table=cases_table(study, table, verdict_list, manifest),
        caption=(f"Every case ({int(decisions['deals'].sum()):,} played decisions in all): the book's action at "
                 "that score, the deals, the share of them where the book calls, the gain of the book's action over "
                 "the other in net points per hand, in the probability of winning the game and in net rubber points "
                 "(95% intervals, the last two with the model's error), the simultaneous interval of the "
                 "rubber-points test, and the verdict."),
        files=files, verdicts=verdict_list,
        headline=verdicts_headline(primary(verdict_list),
                                   setting_of(manifest, verdict_list, "at the scores the book names, in rubber points in a rubber's first game")),
        sections=[*sections, in_full(_figures_in_full(verdict_list))],
        play_note=play_note(manifest) if table_side else None)

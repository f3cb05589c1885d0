"""The primary tests of the claims that name a score (S3, S4, D2, D3, D4, B1, B2, L1, L3), as pre-registered
(``analysis/data/primaries.toml``): measured in net rubber points of the book's game and pooled over
the named scores, in the book's and in the optimised company.

Each claim is a class of hands at one decision (or, for the lone hands, the caller's), played at
each named score under the book's action and the other; every deal is valued by the rubber
model of the company's game: the deciding side's expected net rubber points to the end of the
rubber from the state the hand leads to, in the first game or at one game all. The scores named
as a list are pooled into one estimate sum_s w(s) delta(s), where w(s) is the share of the class's
decisions that arise at score s in first games under the company: the expected visits of the
score in a first game from love-all (the company's game model) times the rate at which the class
is reached there (measured), normalised over the named scores. S3 ("dependent upon the score") is
an intersection-union test of two contrasts over all 25 scores: the book's rule (the "always"
entries assist everywhere; the others pass when the adversaries have three or more, except at
four-all) against never assisting where the rule assists, and against always assisting where it
passes.

The scores are written the deciding side's points first, as the book writes them. The decider
follows the book's policy in all his other decisions; the other three chairs are the company. The
company's game (the game model that values a hand and gives the visits) is its players' hands at
every score below game (the ``game`` scenarios), all four seats bidding by the company's policy.

Scenarios: one a claim, decider and score ("D2-A-44.book"), and the company's game ("game-2.book":
the dealers at two points against each score of the others). Option ``cap``: at most so many deals
of a class played a chunk (0: all).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, Forced, bid_batch, call_word
from analysis.bidding.company import keeping
from analysis.bidding.policies import policy_from_name
from analysis.bidding.book_policy import (ASSIST, ASSIST_ALWAYS, ASSIST_BY_SCORE, ASSIST_FOUR_ALL,
                                          ASSIST_RIGHT_TURNED, hand_numbers_of)
from analysis.bidding.company import seated
from analysis.errors import EuchreError
from analysis.experiment import RUBBER, ClaimTest, contract_arm, counted, play_arms, policy_arm
from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL
from analysis.experiment.stats import RUBBER_STATES, Estimate, pooled_by_weight
from analysis.game import Rules, Score, dealer_hand
from analysis.game.cards import DEALER, ELDEST, SECOND, THIRD
from analysis.value.game_model import outcome_probabilities, visits
from analysis.game import primaries
from analysis.value import game_value, outcomes
from fastcore.sampler import sample_deals
from studies.common.game_models import BookGameStudy, root_seed
from studies.common.report import claims_figure, study_report, verdicts_headline
from studies.common.lone_arms import DESPERATE, LIGHT, caller_lone_hand, hand_class
from studies.common.round_one import DEALER_LIST, reached, round_one_situations

COLUMNS = ["kind", "claim", "a", "b", "seat", "group", "book_net", "other_net", "outcome"]
CALL, PASS, ORDINARY = "call", "pass", "ordinary"

# S3's two contrasts (an intersection-union test): the book against never assisting where its rule
# assists, and against always assisting where it passes
S3_CONTRASTS = ("assist", "pass")
ALWAYS, BY_SCORE = "always", "score"      # S3's entries: assist at every score, or by the score


@dataclass(frozen=True)
class ScoreClaim:
    """A claim measured at the scores it names: the decider (-1: the caller, any seat), the book's
    arm and the other, and the book's action and the other in words; the scores (the decider's side
    first) and the hands, in words, are the registry's (``scores`` and ``class`` in primaries.toml)."""

    claim: str
    seat: int
    book: str
    other: str
    action: str
    alternative: str

    @property
    def scores(self) -> tuple[tuple[int, int], ...]:
        return primaries()[self.claim].scores

    @property
    def hands(self) -> str:
        return primaries()[self.claim].class_words

    @property
    def seats(self) -> tuple[int, ...]:
        return (DEALER, ELDEST, SECOND, THIRD) if self.seat < 0 else (self.seat,)

    @property
    def lone(self) -> bool:
        return self.book in ("alone", "with partner")


CLAIMS = {c: ScoreClaim(c, *row) for c, row in {
    "D2": (DEALER, CALL, PASS, call_word(DEALER), "turn down"),
    "D3": (DEALER, PASS, CALL, "turn down", call_word(DEALER)),
    "D4": (DEALER, CALL, PASS, call_word(DEALER), "turn down"),
    "S4": (SECOND, CALL, PASS, call_word(SECOND), "pass"),
    "S3": (SECOND, CALL, PASS, "the book's rule", "a score-blind rule"),
    "B1": (ELDEST, ORDINARY, CALL, "the ordinary bidding", "keep the bridge strictly"),
    "B2": (ELDEST, PASS, CALL, "pass", f"{call_word(ELDEST)} (keep the bridge)"),
    "L1": (-1, "with partner", "alone", "with partner", "alone"),
    "L3": (-1, "alone", "with partner", "alone", "with partner"),
}.items()}


def absolute(seat: int, score: tuple[int, int]) -> tuple[int, int]:
    """The score (AC, BD) of a score written the seat's side first."""
    return score if seat % 2 == 0 else (score[1], score[0])


def scenario_name(claim: str, seat: int, score: tuple[int, int]) -> str:
    """"D2-A-44": the claim, the decider's seat and the score, his side first."""
    return f"{claim}-{'ABCD'[seat]}-{score[0]}{score[1]}"


def parse_scenario(name: str) -> tuple[str, int, tuple[int, int]]:
    claim, seat, score = name.split("-")
    return claim, "ABCD".index(seat), (int(score[0]), int(score[1]))


def scenarios() -> list[str]:
    return [scenario_name(c, seat, s) for c, sc in CLAIMS.items() for seat in sc.seats for s in sc.scores]


# --- the classes ------------------------------------------------------------------------------------

def round_one_class(claim: str, seat: int, hands, turn_up, rules, score) -> np.ndarray:
    """The members of a round-one claim's class at ``score`` (AC, BD)."""
    t = round_one_situations(seat, hands, turn_up, rules, score)
    if claim in ("D2", "D3", "D4"):
        after = dealer_hand(t.hands, t.turn_up, is_lone=False)
        two = hand_numbers_of(after, t.trump)[:, 0] == 2
        listed = t.has(DEALER_LIST, hands=after)
        if claim == "D2":
            return two & ~listed
        if claim == "D3":
            return listed & two & ~t.has("right", hands=after)
        shade = t.has(("left and another, and outside ace", "ace and another, and outside ace"), hands=after)
        return shade & ~listed
    if claim == "S3":
        return s3_groups(t) != ""
    if claim == "S4":
        s2s3 = t.has(ASSIST.patterns + ASSIST_ALWAYS.patterns + ASSIST_BY_SCORE.patterns) \
            | (t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns))
        return t.has(ASSIST_FOUR_ALL.patterns) & ~s2s3
    if claim == "B1":
        return np.ones(len(t), bool)
    if claim == "B2":
        ordinary = np.asarray(BookPolicy().first_round_batch(t), bool)
        return (t.has("two aces") | t.has("ace and another")) & ~ordinary
    raise KeyError(claim)


def s3_groups(t) -> np.ndarray:
    """S3's entry group of each hand: "always", "score" or "" (not in S3's class)."""
    s2 = t.has(ASSIST.patterns)
    always = (t.has(ASSIST_ALWAYS.patterns) | (t.right_turned & t.has(ASSIST_RIGHT_TURNED.patterns))) & ~s2
    by_score = t.has(ASSIST_BY_SCORE.patterns) & ~s2 & ~always
    return np.where(always, ALWAYS, np.where(by_score, BY_SCORE, ""))


def s3_rule_assists(group, own, theirs) -> np.ndarray:
    """S3's rule as read: the "always" entries assist at every score; the others pass when the
    adversaries have three or more, except at four-all."""
    own, theirs = np.asarray(own), np.asarray(theirs)
    return (np.asarray(group) == ALWAYS) | (theirs < 3) | ((own == 4) & (theirs == 4))


def lone_class(claim: str, seat: int, hands, turn_up, rnd, trump, rules) -> np.ndarray:
    """L1's light hands, L3's desperate ones (the pre-registration's classes: light and not sound;
    a bower and three trumps, neither light nor sound), with ``trump``."""
    strength = hand_class(seat, hands, turn_up, rnd, Score(0, 0), rules, trump)["strength"]
    return strength == (LIGHT if claim == "L1" else DESPERATE)


# --- a chunk ------------------------------------------------------------------------------------------

def _arms(claim: str, seat: int, rules, score) -> dict:
    c = CLAIMS[claim]
    book = BookPolicy()

    def forced(arm):
        if arm == ORDINARY:
            return book
        return Forced(book, seat, "first_round", call_word(seat) if arm == CALL else "pass")
    return {arm: policy_arm(seated(forced(arm), seat), rules, score) for arm in (c.book, c.other)}


def played(deals, claim: str, seat: int, score: tuple[int, int], rules, cap: int = 0) -> pd.DataFrame:
    """The rows of one scenario: the deals dealt (kind "dealt"), the class reached (kind "reached",
    before any cap) and the hands played (kind "hand": counts per pair of the two arms' net points
    to the decider's side), at ``score`` (the decider's side first)."""
    c = CLAIMS[claim]
    ac_bd = absolute(seat, score)
    sc = Score(*ac_bd)
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), rules, sc)
    if c.lone:
        rows = np.flatnonzero(b.caller == seat)
        own = caller_lone_hand(seat, hands[rows, seat], turn_up[rows], b.round[rows])
        rows = rows[lone_class(claim, seat, own, turn_up[rows], b.round[rows], b.trump[rows], rules)]
    else:
        rows = np.flatnonzero(reached(b.caller, b.round, seat))
        rows = rows[round_one_class(claim, seat, hands[rows, seat], turn_up[rows], rules, sc)]
    group = np.full(len(rows), "")
    if claim == "S3":
        group = s3_groups(round_one_situations(seat, hands[rows, seat], turn_up[rows], rules, sc))
    base = {"claim": claim, "a": ac_bd[0], "b": ac_bd[1], "seat": "ABCD"[seat], "outcome": -1}
    frames = [pd.DataFrame([{**base, "kind": "dealt", "group": "", "book_net": 0, "other_net": 0,
                             "deals": len(hands)}]),
              pd.DataFrame([{**base, "kind": "reached", "group": g, "book_net": 0, "other_net": 0,
                             "deals": int((group == g).sum())} for g in sorted(set(group.tolist()))])]
    if cap:
        rows, group = rows[:cap], group[:cap]
    if len(rows):
        if c.lone:
            trump, rnd = b.trump[rows], b.round[rows]
            arms = {"alone": contract_arm(seat, trump, rnd, lone_seat=seat, rules=rules, score=sc),
                    "with partner": contract_arm(seat, trump, rnd, lone_seat=-1, rules=rules, score=sc)}
        else:
            arms = _arms(claim, seat, rules, sc)
        paired = play_arms(deals[rows], arms, side=seat & 1)
        frames.append(counted([pd.DataFrame({**base, "kind": "hand", "group": group,
                                             "book_net": paired.net(c.book).astype(np.int8),
                                             "other_net": paired.net(c.other).astype(np.int8)})], COLUMNS))
    return pd.concat(frames, ignore_index=True)[[*COLUMNS, "deals"]]


# --- the company's game and the weights -----------------------------------------------------------

def _chosen(claim: str, contrast: str | None, rows: pd.DataFrame, score: tuple[int, int]) -> tuple[pd.DataFrame, int]:
    """Of a claim's rows at ``score`` (the decider's side first), those a contrast reads and its
    sign: S3's "assist" reads the hands its rule assists with (book: assist), its "pass" those it
    passes with (book: pass, so the difference turns round); any other claim, all, as saved."""
    if contrast is None:
        return rows, 1
    assists = s3_rule_assists(rows["group"], score[0], score[1])
    return (rows[assists], 1) if contrast == "assist" else (rows[~assists], -1)


def weights(claim: str, table: pd.DataFrame, counts: np.ndarray, contrast: str | None = None
            ) -> dict[tuple[str, tuple[int, int]], float]:
    """w per (seat, score as the book writes it) of a claim (or of one of S3's contrasts): the
    score's expected visits in a first game (A deals: the score AC first) times the rate at which
    the class is reached there, normalised."""
    v = visits(outcome_probabilities(counts, "company's game model"))
    raw = {}
    c = CLAIMS[claim]
    for seat in c.seats:
        for s in c.scores:
            ac_bd = absolute(seat, s)
            rows = table[(table["claim"] == claim) & (table["seat"] == "ABCD"[seat]) & (table["a"] == ac_bd[0])
                         & (table["b"] == ac_bd[1])]
            dealt = rows.loc[rows["kind"] == "dealt", "deals"].sum()
            found = _chosen(claim, contrast, rows[rows["kind"] == "reached"], s)[0]["deals"].sum()
            raw["ABCD"[seat], s] = v[ac_bd[0], ac_bd[1]] * (found / dealt if dealt else 0.0)
    total = sum(raw.values())
    return {k: x / total for k, x in raw.items()} if total > 0 else {}


def pooled(claim: str, table: pd.DataFrame, model, state: str, contrast: str | None = None,
           score: tuple[int, int] | None = None) -> Estimate | None:
    """The claim's pooled estimate sum_s w(s) delta(s) (or one of S3's contrasts') in net rubber
    points (``state``: the rubber state's name), with the deals' error and the rubber model's (its
    draws) in quadrature; ``score``: that score alone (its seats pooled); None without hands."""
    hands = table[(table["claim"] == claim) & (table["kind"] == "hand")]
    if hands.empty:
        return None
    rubber_state = RUBBER_STATES[state]
    cells = []
    for (seat, s), ws in weights(claim, table, model.counts, contrast).items():
        if score is not None and s != score:
            continue
        ac_bd = absolute("ABCD".index(seat), s)
        rows, sign = _chosen(claim, contrast, hands[(hands["seat"] == seat) & (hands["a"] == ac_bd[0])
                                                   & (hands["b"] == ac_bd[1])], s)
        if ws > 0 and rows["deals"].sum() >= 2:
            cells.append((ws, rows, (["book_net"], ["other_net"]) if sign > 0 else (["other_net"], ["book_net"])))
    # the weights of the scores played, normalised again
    return pooled_by_weight((ws, *model.contrast_and_draws(rows, plus, minus, RUBBER, rubber_state))
                            for ws, rows, (plus, minus) in cells)


# --- the study ------------------------------------------------------------------------------------------

COMPANIES = ("book", "optimised")
STATES = {FIRST_GAME: "", ONE_GAME_ALL: ".one-game-all"}


def game_rows(deals, a: int, company: str, rules) -> pd.DataFrame:
    """The company's hands dealt by AC at ``a`` points against each score of BD (deal i against
    i mod game), all four seats by the company's policy: the deals per (score, outcome)."""
    policy = policy_from_name(company)
    scores = [(a, b) for b in range(rules.points_for_game)]
    rows = [{"kind": "game", "claim": "", "a": m, "b": o, "seat": "A", "group": "", "book_net": 0, "other_net": 0,
             "outcome": k, "deals": n} for m, o, k, n in outcomes.by_score(deals, policy, rules, scores)]
    return pd.DataFrame(rows, columns=[*COLUMNS, "deals"])


def _key(claim: str, company: str, state: str, contrast: str | None = None) -> str:
    return claim + (f".{contrast}" if contrast else "") + ("" if company == "book" else f".{company}") + STATES[state]


def _score_of(key: str) -> tuple[int, int] | None:
    """The score of a per-score test ("D2@44": four-all), else None."""
    head = key.split(".")[0]
    return (int(head[-2]), int(head[-1])) if "@" in head else None


def _per_score(claim: str, company: str, score: tuple[int, int]) -> ClaimTest:
    """A secondary test: the claim at one of its scores alone, in the first game (a sign there
    that differs from the pooled primary's is a per-score flip the ledger names)."""
    c = CLAIMS[claim]
    words = "" if company == "book" else f", {company} company"
    key = f"{claim}@{score[0]}{score[1]}" + ("" if company == "book" else f".{company}")
    return ClaimTest(key, claim, f"{claim} at {score[0]}-{score[1]} alone, first game{words}",
                     f"{c.hands}, at {score[0]}-{score[1]} (the decider's side first) alone: {c.action} - "
                     f"{c.alternative}, net rubber points (a secondary test of the pooled primary)", RUBBER,
                     state=FIRST_GAME, company=company, permissive=primaries()[claim].permissive)


def _contrast_of(key: str) -> str | None:
    parts = key.split(".")
    return parts[1] if parts[0] == "S3" and len(parts) > 1 and parts[1] in S3_CONTRASTS else None


def _test(claim: str, company: str, state: str, contrast: str | None = None) -> ClaimTest:
    c = CLAIMS[claim]
    if contrast:
        where = "first game" if state == FIRST_GAME else "one game all"
        words = "" if company == "book" else f", {company} company"
        against = "never assist, where the rule assists" if contrast == "assist" else \
            "always assist, where the rule passes"
        return ClaimTest(_key(claim, company, state, contrast), claim, f"S3 the rule - {against.split(',')[0]}, "
                         f"{where}{words}", f"{c.hands}, every score pooled by its share of first games: the book's "
                         f"rule - {against}, net rubber points", RUBBER, state=state, company=company)
    scores = ", ".join(f"{a}-{b}" for a, b in c.scores)
    where = "first game" if state == FIRST_GAME else "one game all"
    words = "" if company == "book" else f", {company} company"
    return ClaimTest(_key(claim, company, state), claim, f"{claim} {c.action} - {c.alternative}, {where}{words}",
                     f"{c.hands}, at {scores} (the decider's side first), pooled by the scores' share of the class's "
                     f"decisions in first games: {c.action} - {c.alternative}, net rubber points", RUBBER,
                     state=state, company=company, permissive=primaries()[claim].permissive)


class PrimaryScores(BookGameStudy):
    name = "primary_scores"
    title = "The primary tests of the claims that name a score"
    description = ("The pre-registered primary test of each claim that names a score (S3, S4, D2, D3, D4, B1, B2, L1, L3): "
                   "the book's action against the other at the named scores, in net rubber points pooled by the "
                   "scores' share of first games, in the book's and in the optimised company")
    policies = ("the decider by the book's policy; the other three chairs by the book's policy, or by the optimised "
                "policy; the company's game by its policy")
    refusal = "The primary tests of the scores are measured in the book's"
    defaults = {"deals": 200_000, "chunk_size": 50_000, "cap": 0}
    suite_position = None
    claims = tuple(_test(c, company, state, contrast) for c in CLAIMS for company in COMPANIES for state in STATES
                   for contrast in (S3_CONTRASTS if c == "S3" else (None,))) + \
        tuple(_per_score(c, company, score) for c in CLAIMS if c != "S3" and len(CLAIMS[c].scores) > 1
              for company in COMPANIES for score in CLAIMS[c].scores)

    def scenarios(self, settings) -> list[str]:
        self.book_game_options(settings)
        cap = settings.options.get("cap", 0)
        if not isinstance(cap, int) or isinstance(cap, bool) or cap < 0:
            raise EuchreError(f"option cap must be a whole number >= 0 (0: no cap), not {cap!r}")
        names = [f"game-{a}" for a in range(settings.rules.points_for_game)] + scenarios()
        return [f"{n}.{company}" for n in names for company in COMPANIES]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        """A claim's scenarios at every seat and score it names (a per-score test's at its score)."""
        head, company = key.split(".")[0], "optimised" if "optimised" in key.split(".") else "book"
        claim, _, at = head.partition("@")
        if claim not in CLAIMS:
            return ()
        c = CLAIMS[claim]
        return tuple(f"{scenario_name(claim, seat, s)}.{company}" for seat in c.seats for s in c.scores
                     if not at or f"{s[0]}{s[1]}" == at)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        name, company = scenario.split(".")
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        with keeping(company):
            if name.startswith("game-"):
                frame = game_rows(deals, int(name.split("-")[1]), company, settings.rules)
            else:
                claim, seat, score = parse_scenario(name)
                frame = played(deals, claim, seat, score, settings.rules, settings.options.get("cap", 0))
        frame.insert(2, "company", company)
        return frame

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        keys = [*COLUMNS[:2], "company", *COLUMNS[2:]]
        return frame.groupby(keys, observed=True)["deals"].sum().reset_index()

    def model(self, table: pd.DataFrame, manifest: dict | None, company: str):
        """The company's game and rubber model, from its game rows."""
        rows = table[(table["kind"] == "game") & (table["company"] == company)]
        counts = np.zeros((5, 5, 7), np.int64)
        np.add.at(counts, (rows["a"].to_numpy(int), rows["b"].to_numpy(int), rows["outcome"].to_numpy(int)),
                  rows["deals"].to_numpy(np.int64))
        return game_value.solved(counts, Rules(), root_seed(manifest), f"{self.name}-{company}", with_rubber=True)

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        test = self.claim_test(key)
        rows = table[table["company"] == test.company]
        if rows.empty or (rows["kind"] == "game").sum() == 0:
            return None
        return pooled(test.claim, rows, self.model(table, manifest, test.company), test.state, _contrast_of(key),
                      _score_of(key))

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        verdict_list = self.verdicts(table, manifest)
        rows = []
        for v in verdict_list:
            e = v.estimate
            rows.append({"claim": v.claim.id, "company": v.claim.company, "rubber state": v.claim.state,
                         "class": CLAIMS[v.claim.id].hands,
                         "book's action - other": f"{CLAIMS[v.claim.id].action} - {CLAIMS[v.claim.id].alternative}",
                         "deals": f"{e.n:,}", "estimate [95%]": f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]",
                         "verdict": v.verdict})
        hands = int(table.loc[table["kind"] == "hand", "deals"].sum())
        pooled_tests = [v for v in verdict_list if "@" not in v.claim.name]      # the primaries, not each score
        files = claims_figure(out_dir, pooled_tests, unit=RUBBER, title="The primary tests of the claims that name a "
                              "score", measured="Each primary, pooled over its scores: the book's action minus the "
                              "other in net rubber points")
        return study_report(
            self, question="Is each sentence of the book's advice that names a score right, by its pre-registered "
                           "primary test?\n\n" + self.quoted(),
            method=__doc__.split("\n\n", 1)[1].replace("\n", " "), table=pd.DataFrame(rows),
            caption=f"Every test ({hands:,} played decisions in all): the claim, the company and the rubber state, "
                    "the class, the book's action minus the other pooled over the named scores in net rubber points "
                    "with its 95% interval (the deals' error and the game model's), and the study's verdict (the "
                    "ledger judges the primaries again, the 57 primaries of a replication cell as the family).",
            files=files, verdicts=verdict_list,
            headline=verdicts_headline(pooled_tests, "at the scores the book names, in net rubber points"))


STUDY = PrimaryScores()

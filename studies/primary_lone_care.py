"""The primary test of L4, as pre-registered (``analysis/data/primaries.toml``): "If your opponents
keep bridges tolerably strictly, you must, of course, be more careful if they have passed."

At one to four and two to four (the dealers' side AC first; A deals) the eldest hand B wants one
point for game and holds the bridge. A keeper orders up whatever he holds, save that, as the book
says the same players now do, he takes his chance with two lay aces or the ace and another in
trumps (B2), unless his ordinary bidding orders those anyway: so a keeper's pass says he holds
cards that may stop a lone march. A non-keeper passes whatever his ordinary bidding does not order.
The book: after a keeper's pass a lone hand of the dealers' side is worth less, so go alone with
more care.

The deals: uniform deals at each score, bid by the company with the decider, A or C (each a scenario
of its own), by the book's policy and the other three chairs by the company, the book's policy or
the optimised policy; B does not keep the bridge. Where the decider made trump (B having passed in
round one) holding a desperate-or-better lone hand (a bower and three trumps or better; the dealer's
judged after his lone discard, as ``studies/common/lone_arms.py`` classes it), the hand is played twice,
the maker alone and with his partner, the contract otherwise as bid (``studies.bridge.l4_rows``); the
gain is the maker's side's value alone minus with the partner. The keeper's passes are the deals of
the class where B holds an exception hand (``studies.bridge.exception_kind``, his ordinary bidding
being the company's): a subset of the non-keeper's passes, after which the hand is the same.

The estimate: within each hand class (the maker's seat, round, lone strength, trumps, bowers and
outside aces), the mean gain after a non-keeper's pass (every deal of the class) minus after a
keeper's pass (the deals with an exception hand), that is p_Y (E[gain | no exception hand] -
E[gain | exception hand]) with p_Y the class's share without one, two independent samples; the
classes weighted by their deals (``studies.bridge.l4_parts``). Positive: a lone hand is worth less
after a keeper's pass, as the book says. It is taken at each score, then the two scores pooled by
w(s), the score's expected visits in a first game from love-all under the company's game model times
the class's rate there (its deals per deal dealt, the two seats' summed), normalised over the scores
measured. Each hand's outcome is valued in the maker's side's net rubber points of the book's game,
in the first game and at one game all, by the rubber model of the company's game (``model_deals``
hands at each score bid by the company and played double-dummy, seeded from the run's seed); the
model's error, from its draws, joins the deals' in quadrature, and the interval is Student's t on the
deals less one. Each score alone, in the first game, is a secondary test ("L4@14").

The play engine is the run's (double-dummy unless the run names another); ``primary_lone_care_table``
plays every card at the table (PIMC, 32 worlds a decision). Its players hear the contract, the passes before the maker and his
call, but read them under no policy (the contract is the study's, not a bidding's: the cards alone),
so B's pass is read alike whoever passed; what the replication changes is the play of the lone hand
and its defence.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch
from analysis.bidding.company import keeping, seated
from analysis.errors import EuchreError
from analysis.experiment import RUBBER, ClaimTest, Study
from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL, RUBBER_STATES, Estimate, pooled_by_weight
from analysis.game import Score, primaries
from analysis.game.cards import DEALER, ELDEST, SECOND
from analysis.reporting.markup import md_table
from analysis.value.game_model import outcome_probabilities, visits
from fastcore.sampler import sample_deals
from studies.bridge import EXCEPTIONS, L4_STRATA, exception_kind, l4_estimate_and_draws, l4_rows
from studies.common.report import claims_figure, in_full, study_report, verdicts_headline
from studies.primary import MODEL_DEALS, company_model

SCORES = ((1, 4), (2, 4))          # the dealers' side AC first, as the book writes it from their side
DECIDERS = (DEALER, SECOND)        # the dealers' side's makers, A and C
COMPANIES = ("book", "optimised")
STATES = {FIRST_GAME: "", ONE_GAME_ALL: ".one-game-all"}
KEYS = ["kind", "company", "a", "b", *L4_STRATA, "exc", "alone", "partner"]
CELL = [k for k in KEYS if k != "company"]      # a chunk's cells, before the company is named
DEALT, HAND = "dealt", "hand"      # a scenario's deals dealt; the class's deals played both ways


def scenario_name(seat: int, score: tuple[int, int], company: str) -> str:
    """"A-14.book": the decider's seat, the score (AC first) and the company."""
    return f"{'ABCD'[seat]}-{score[0]}{score[1]}.{company}"


def parse_scenario(name: str) -> tuple[int, tuple[int, int], str]:
    head, company = name.split(".")
    seat, score = head.split("-")
    return "ABCD".index(seat), (int(score[0]), int(score[1])), company


def played(deals, seat: int, score: tuple[int, int], rules) -> pd.DataFrame:
    """The counted rows of one scenario on ``deals`` at ``score`` (AC, BD), bid by the company of
    the enclosing :func:`keeping` block with the decider at ``seat`` by the book's policy: the deals
    dealt (kind "dealt"), and the deals where the decider made trump holding a desperate-or-better
    lone hand (kind "hand"), by hand class and B's exception hand (0: none, so a keeper would have
    ordered), with the maker's side's net points alone and with his partner."""
    sc = Score(*score)
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, seated(BookPolicy(), seat), rules, sc)
    ordered = (b.caller == ELDEST) & (b.round == 1)          # B's ordinary bidding ordered up
    # on the class's deals B passed, so ``orders`` never changes them; it keeps the keeper's passes a
    # subset of the non-keeper's wherever the study looks
    exc = exception_kind(hands[:, ELDEST], turn_up, sc, rules, orders=ordered)
    rows = np.flatnonzero(b.caller == seat)                  # B passed in round one: he bids first
    dealt = pd.DataFrame([{"kind": DEALT, "a": sc.ac, "b": sc.bd, "seat": "ABCD"[seat],
                           **{k: -1 for k in L4_STRATA[1:]}, "exc": 0, "alone": 0, "partner": 0,
                           "deals": len(hands)}])
    frames = [dealt]
    if len(rows):
        hand = l4_rows(deals[rows], b.take(rows), sc, rules, exc[rows])
        if len(hand):
            frames.append(hand.assign(kind=HAND).groupby(CELL, observed=True).size().rename("deals").reset_index())
    return pd.concat(frames, ignore_index=True)[CELL + ["deals"]]


def _key(company: str, state: str, score: tuple[int, int] | None = None) -> str:
    head = "L4" if score is None else f"L4@{score[0]}{score[1]}"
    return head + ("" if company == "book" else f".{company}") + STATES[state]


def _test(company: str, state: str, score: tuple[int, int] | None = None) -> ClaimTest:
    where = "first game" if state == FIRST_GAME else "one game all"
    words = "" if company == "book" else f", {company} company"
    at = ("one to four and two to four, pooled by the scores' share of the class's decisions in first games"
          if score is None else f"{score[0]}-{score[1]} alone (a secondary test of the pooled primary)")
    label = (f"L4 non-keeper's pass - keeper's, {where}{words}" if score is None else
             f"L4 at {score[0]}-{score[1]} alone, {where}{words}")
    return ClaimTest(_key(company, state, score), "L4", label,
                     f"the dealers' side at {at}, A or C making trump after B's pass with a desperate-or-better lone "
                     "hand: the gain alone - with the partner (the maker's side's net rubber points) after a "
                     "non-keeper's pass - after a keeper's (exceptions) pass, within hand classes", RUBBER,
                     state=state, company=company, permissive=primaries()["L4"].permissive)


def weights(table: pd.DataFrame, counts: np.ndarray) -> dict[tuple[int, int], float]:
    """w(s) of one company's rows: each score's expected visits in a first game from love-all (A
    deals: the score AC first) times the class's rate there (its deals per deal dealt, each
    decider's scenario's rate summed), normalised over the scores."""
    v = visits(outcome_probabilities(counts, "company's game model"))
    raw = {}
    for a, b in SCORES:
        at = table[(table["a"] == a) & (table["b"] == b)]
        rate = 0.0
        for seat in DECIDERS:
            mine = at[at["seat"] == "ABCD"[seat]]
            dealt = int(mine.loc[mine["kind"] == DEALT, "deals"].sum())
            rate += int(mine.loc[mine["kind"] == HAND, "deals"].sum()) / dealt if dealt else 0.0
        raw[a, b] = float(v[a, b]) * rate
    total = sum(raw.values())
    return {s: w / total for s, w in raw.items()} if total > 0 else {}


def pooled(table: pd.DataFrame, model, state: str, score: tuple[int, int] | None = None) -> Estimate | None:
    """L4's estimate for one company's rows: sum_s w(s) L4(s) over the scores measured (``score``:
    that score alone), L4(s) the within-class comparison at s in net rubber points in ``state``, the
    deals' error and the game model's (pooled draw by draw) in quadrature; None without a class
    measured on both sides of the pass."""
    hands = table[table["kind"] == HAND]
    parts = []
    for s, w in weights(table, model.counts).items():
        if (score is not None and s != score) or w <= 0:
            continue
        rows = hands[(hands["a"] == s[0]) & (hands["b"] == s[1])]
        if rows.empty:
            continue
        est, draws = l4_estimate_and_draws(model, rows, RUBBER, RUBBER_STATES[state])
        if draws is not None and est.n >= 2 and np.isfinite(est.se):
            parts.append((w, est, draws))
    return pooled_by_weight(parts)          # the weights of the scores measured, normalised again


def _score_of(key: str) -> tuple[int, int] | None:
    head = key.split(".")[0]
    return (int(head[-2]), int(head[-1])) if "@" in head else None


class PrimaryLoneCare(Study):
    name = "primary_lone_care"
    title = "The primary test of L4: more care with a lone hand after a bridge-keeper's pass"
    description = ("L4 as pre-registered, at one to four and two to four: the dealers' side's desperate-or-better lone "
                   "hands after B's pass, the gain alone - with the partner after a non-keeper's pass against after "
                   "a keeper's (with the exceptions), within hand classes, in net rubber points pooled by w(s), in "
                   "the book's and the optimised company")
    policies = ("bidding: the decider (A or C) by the book's policy, the other three chairs by the company (the book's "
                "or the optimised policy), B not keeping the bridge; the keeper's passes: B's exception hands (two "
                "lay aces, or the ace and another in trumps) that his ordinary bidding does not order; play: the "
                "run's engine, the maker alone and with his partner")
    defaults = {"deals": 100_000, "chunk_size": 25_000, "model_deals": MODEL_DEALS}
    suite_position = None
    claims = (tuple(_test(company, state) for company in COMPANIES for state in STATES)
              + tuple(_test(company, FIRST_GAME, s) for company in COMPANIES for s in SCORES))

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, model_deals=MODEL_DEALS)
        if settings.rules.points_for_game != 5 or settings.pack != 32:
            raise EuchreError("L4 is a score of the book's game: run it with the 32-card pack and a game of 5")
        return [scenario_name(seat, s, company) for company in COMPANIES for s in SCORES for seat in DECIDERS]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        company = "optimised" if "optimised" in key.split(".") else "book"
        at = _score_of(key)
        return tuple(scenario_name(seat, s, company) for s in SCORES for seat in DECIDERS if at in (None, s))

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        seat, score, company = parse_scenario(scenario)
        with keeping(company):
            frame = played(sample_deals(n_deals, seed, pack=settings.pack), seat, score, settings.rules)
        frame.insert(1, "company", company)
        return frame

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=KEYS + ["deals"])
        table = frame.groupby(KEYS, observed=True)["deals"].sum().reset_index()
        return table.astype({k: np.int64 for k in KEYS if k not in ("kind", "company", "seat")} | {"deals": np.int64})

    def model(self, company: str, manifest: dict | None):
        """The company's game and rubber model (cached across the study's tests)."""
        options = (manifest or {}).get("options", {})
        return company_model(company, int(options.get("model_deals", MODEL_DEALS)),
                             int((manifest or {}).get("root_seed", 0)))

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        test = self.claim_test(key)
        rows = table[table["company"] == test.company]
        if int(rows.loc[rows["kind"] == HAND, "deals"].sum()) < 4:
            return None
        return pooled(rows, self.model(test.company, manifest), test.state, _score_of(key))

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        verdict_list = self.verdicts(table, manifest)
        primary = [v for v in verdict_list if "@" not in v.claim.name]
        files = claims_figure(out_dir, primary, unit=RUBBER, title="L4: a lone hand after a keeper's pass",
                              measured="the gain alone - with the partner after a non-keeper's pass minus after a "
                                       "keeper's, within hand classes, pooled over one to four and two to four, in "
                                       "the maker's side's net rubber points")
        rows = []
        for v in verdict_list:
            e, c = v.estimate, v.claim
            rows.append({"test": c.label, "company": c.company, "rubber state": c.state,
                         "deals of the class measured": f"{e.n:,}",
                         "estimate [95%]": f"{e.mean:+.4f} [{e.low:+.4f}, {e.high:+.4f}]", "verdict": v.verdict})
        return study_report(
            self, question="Is a lone hand of the dealers' side worth less after the pass of an eldest hand who keeps "
                           "the bridge than after the pass of one who does not, so that more care is right?\n\n"
                           + self.quoted(("L4", "B2")),
            method=" ".join(__doc__.split("\n\n")[1:5]).replace("\n", " "), table=pd.DataFrame(rows),
            caption="Every test: the pooled primary in each company and rubber state, then each score alone in the "
                    "first game (secondary); the deals of the class in the hand classes measured on both sides of "
                    "the pass, and the estimate with its 95% interval (the deals' error and the game model's). The "
                    "ledger judges the primaries again, the 57 primaries of a replication cell as the family.",
            files=files, verdicts=verdict_list,
            headline=verdicts_headline(primary, "at one to four and two to four, in net rubber points"),
            sections=[("The class at each score", by_score_text(self, table, manifest)),
                      in_full("; ".join(f"{v.claim.key} {v.estimate.mean:+.4f} ({v.verdict})" for v in verdict_list))])


def by_score_text(study: PrimaryLoneCare, table: pd.DataFrame, manifest: dict) -> str:
    """Per company and score: the deals dealt, the class's deals and rate, the share after which a
    keeper would also have passed (by exception hand), and w(s)."""
    out = []
    for company in COMPANIES:
        rows = table[table["company"] == company]
        if rows.empty or int(rows.loc[rows["kind"] == HAND, "deals"].sum()) < 1:
            continue
        w = weights(rows, study.model(company, manifest).counts)
        for a, b in SCORES:
            at = rows[(rows["a"] == a) & (rows["b"] == b)]
            dealt = int(at.loc[at["kind"] == DEALT, "deals"].sum())
            hands = at[at["kind"] == HAND]
            n = int(hands["deals"].sum())
            line = {"company": company, "score (dealers first)": f"{a}-{b}", "deals dealt (A's and C's)": f"{dealt:,}",
                    "deals of the class": f"{n:,}", "w(s)": f"{w.get((a, b), 0.0):.3f}"}
            for k in (1, 2, 3):
                line[f"after a keeper's pass: {EXCEPTIONS[k]}"] = (
                    f"{int(hands.loc[hands['exc'] == k, 'deals'].sum()) / n:.1%}" if n else "")
            out.append(line)
    return ("Per company and score: the deals dealt in the two deciders' scenarios, the deals of the class (A or C "
            "made trump after B's pass holding a desperate-or-better lone hand), the share of them in which B holds "
            "each exception hand (a keeper would have passed too), and the score's weight w(s) in the pooled "
            "primary.\n\n" + md_table(pd.DataFrame(out)))


STUDY = PrimaryLoneCare()

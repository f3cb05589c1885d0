"""The primary test of B3, as pre-registered (``analysis/data/primaries.toml``): do better players
make the bridge worth less against lone hands?

"The bridge" is worth V(X) = BD's net rubber points keeping it strictly minus never keeping it, at
four to one and four to two (BD's points first; A deals), where X is how well B and D defend a lone
hand. Keeping it strictly, B orders up every hand: A and C never play alone. Never keeping it (the
book's ordinary bidding), the company's lone hands come, and X decides what they make. So
B3 = V(the book's rules) - V(PIMC) = BD's net rubber points never keeping it with B and D defending
the lone hands by PIMC minus with B and D defending them by the book's card-play rules; the book is
right if better defenders (PIMC) lower the bridge's value by more than the margin.

Each deal at the score is bid by the company (B by the book's ordinary bidding, the company in the
other chairs); where A or C declares alone, the hand is played twice: every seat PIMC reading the
calls at the score (compiled), and the lone player PIMC while B and D play the book's rules (card
by card). The deals with no lone hand of A or C count with a difference of 0: the estimate is per
deal at the score. Each hand's result is valued by the company's rubber model at its score, in the
first game and at one game all, and the two scores are pooled by w(s), the score's share of the
expected visits in a first game from love-all (the company's game model); every deal is in the class.
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch
from analysis.bidding.company import keeping, seated
from analysis.errors import EuchreError
from analysis.experiment import RUBBER, ClaimTest, Study
from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL, RUBBER_STATES, from_se
from analysis.game import Score, contract, primaries
from analysis.game.cards import DEALER, ELDEST, SECOND
from analysis.game.rules import points_by_side
from analysis.play.book import BookPlayer
from analysis.play.pimc import PIMCPlayer, pimc_hands
from analysis.play.table import play_hand
from analysis.play.worlds import BiddingModel
from analysis.seeds import play_seed
from analysis.value.game_model import outcome_probabilities, visits
from fastcore.sampler import sample_deals
from studies.common.report import claims_figure, in_full, study_report, verdicts_headline
from studies.primary import MODEL_DEALS, company_model, pair_cells

SCORES = ((4, 1), (4, 2))          # BD's points first, as the book writes them; A deals
COMPANIES = ("book", "optimised")
STATES = {FIRST_GAME: "", ONE_GAME_ALL: ".one-game-all"}
WORLDS = 32
KEYS = ["company", "a", "b", "book_net", "other_net"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "gained", "lost"]


def scenario_name(score: tuple[int, int], company: str) -> str:
    return f"B3-{score[0]}{score[1]}.{company}"


@functools.lru_cache(maxsize=8)
def reading(company: str, ac: int, bd: int, rules) -> BiddingModel:
    """The players' reading of the calls at the score: B by the book's policy, the company in the
    other chairs (kept across a worker's chunks)."""
    with keeping(company):
        policies = seated(BookPolicy(), ELDEST)
    return BiddingModel(policies, rules, Score(ac, bd))


def played(deals, company: str, score: tuple[int, int], rules, seed) -> pd.DataFrame:
    """The counted cells of one score (BD's points first): BD's net points with B and D defending
    A's or C's lone hand by PIMC (book_net, the arm the book's reading favours) and by the book's
    rules (other_net); a deal with no such lone hand counts as 0 against 0."""
    bd, ac = score
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    with keeping(company):
        b = bid_batch(hands, turn_up, seated(BookPolicy(), ELDEST), rules, Score(ac, bd))
    rows = np.flatnonzero(np.isin(b.lone_seat, (DEALER, SECOND)))
    quiet = len(hands) - len(rows)
    cells = [pd.DataFrame({"book_net": [0], "other_net": [0], "deals": [quiet]})] if quiet else []
    if len(rows):
        model = reading(company, ac, bd, rules)
        taken = contract.dealer_takes_up(b.round, b.lone_seat)[rows]
        args = dict(hands=b.play_hands[rows], trump=b.trump[rows], lone_seat=b.lone_seat[rows], maker=b.maker[rows],
                    turn_up=turn_up[rows].astype(np.int64), taken=taken, discard=b.discard[rows],
                    calls=[b.calls(int(i)) for i in rows])
        _p, pimc_won, _d, _c = pimc_hands(worlds=WORLDS, seed=seed, pack=rules.pack, model=model, points=True, **args)
        book_won = np.zeros_like(pimc_won)
        lone_player, book = PIMCPlayer(WORLDS, seed, model, fallback=True, points=True), BookPlayer()
        for j in range(len(rows)):
            lone, discard = int(args["lone_seat"][j]), int(args["discard"][j])
            players = [lone_player if s == lone else book for s in range(4)]
            _plays, book_won[j] = play_hand(args["hands"][j], int(args["trump"][j]), players, lone,
                                            int(args["maker"][j]), None, int(args["turn_up"][j]), bool(taken[j]),
                                            discard if discard >= 0 else None, tuple(args["calls"][j]),
                                            rules.pack, j)
        maker, lone_seat = np.asarray(args["maker"], np.int64), np.asarray(args["lone_seat"], np.int64)
        nets = []
        for won in (pimc_won, book_won):
            points = points_by_side(maker, lone_seat, won[np.arange(len(rows)), maker & 1]).astype(np.int64)
            nets.append(points[:, 1] - points[:, 0])                  # BD's
        cells.append(pair_cells("B3", ELDEST, nets[0], nets[1])[["book_net", "other_net", "deals"]])
    out = pd.concat(cells, ignore_index=True).groupby(["book_net", "other_net"], as_index=False)["deals"].sum()
    g = (out["book_net"] - out["other_net"]).to_numpy(np.int64)
    n = out["deals"].to_numpy(np.int64)
    return out.assign(company=company, a=ac, b=bd, gain_sum=n * g, gain_sumsq=n * g * g,
                      gained=np.where(g > 0, n, 0), lost=np.where(g < 0, n, 0))[KEYS + SUMS]


def _key(company: str, state: str) -> str:
    return "B3" + ("" if company == "book" else f".{company}") + STATES[state]


def _test(company: str, state: str) -> ClaimTest:
    words = ("" if company == "book" else f", {company} company") + ("" if state == FIRST_GAME else f", {state}")
    return ClaimTest(_key(company, state), "B3", f"B3 PIMC defenders - the book's rules{words}",
                     "every deal at four to one and four to two, never keeping the bridge: BD's net rubber points "
                     "with B and D defending A's or C's lone hand by PIMC minus by the book's card-play rules",
                     RUBBER, engine="pimc-calls", state=state, company=company, permissive=primaries()["B3"].permissive)


class PrimaryBridge(Study):
    name = "primary_bridge"
    title = "The primary test of B3: the bridge against lone hands, and the defenders' strength"
    description = ("B3 as pre-registered: at four to one and four to two, never keeping the bridge, A's and C's lone "
                   "hands defended by B and D by PIMC against by the book's card-play rules, BD's net rubber points "
                   "per deal pooled by w(s), in the book's and the optimised company")
    policies = ("bidding: B by the book's ordinary bidding (never keeping the bridge), the company (the book's or the "
                "optimised policy) in the other chairs, at the score; play: PIMC reading the calls, 32 worlds, for the "
                "hand's points, B and D by the book's card-play rules in the other arm")
    defaults = {"deals": 20_000, "chunk_size": 5_000, "model_deals": MODEL_DEALS}
    suite_position = None
    takes_play = False
    claims = tuple(_test(company, state) for company in COMPANIES for state in STATES)

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, model_deals=MODEL_DEALS)
        if settings.rules.points_for_game != 5 or settings.pack != 32:
            raise EuchreError("B3 is a score of the book's game: run it with the 32-card pack and a game of 5")
        return [scenario_name(s, company) for company in COMPANIES for s in SCORES]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        company = "optimised" if "optimised" in key.split(".") else "book"
        return tuple(scenario_name(s, company) for s in SCORES)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        name, company = scenario.split(".")
        digits = name.split("-")[1]
        return played(sample_deals(n_deals, seed, pack=settings.pack), company, (int(digits[0]), int(digits[1])),
                      settings.rules, play_seed(seed))

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=KEYS + SUMS)
        return frame.groupby(KEYS, observed=True)[SUMS].sum().astype(np.int64).reset_index()

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        test = self.claim_test(key)
        rows = table[table["company"] == test.company]
        if int(rows["deals"].sum()) < 2:
            return None
        options = (manifest or {}).get("options", {})
        model = company_model(test.company, int(options.get("model_deals", MODEL_DEALS)),
                              int((manifest or {}).get("root_seed", 0)))
        v = visits(outcome_probabilities(model.counts, "company's game model"))
        weights = {(a, b): float(v[a, b]) for a, b in {(int(a), int(b)) for a, b in zip(rows["a"], rows["b"])}}
        total = sum(weights.values())
        mean, var, draws, n = 0.0, 0.0, 0.0, 0
        for (a, b), w in weights.items():       # w(s): the score's share of the visits
            cells = rows[(rows["a"] == a) & (rows["b"] == b)].assign(seat="B")
            e, by_draw = model.contrast_and_draws(cells, ["book_net"], ["other_net"], RUBBER, RUBBER_STATES[test.state])
            mean += w / total * e.mean
            var += (w / total) ** 2 * e.se ** 2
            draws = draws + w / total * by_draw
            n += e.n
        se = float(np.hypot(np.sqrt(var), np.std(draws, ddof=1)))
        return from_se(mean, se, n - 1, n)

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int]:
        rows = table[table["company"] == self.claim_test(key).company]
        return int(rows["gained"].sum()), int(rows["lost"].sum())

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        verdict_list = self.verdicts(table, manifest)
        files = claims_figure(out_dir, verdict_list, title="B3: the bridge against lone hands",
                              measured="BD's net rubber points a deal at 4-1 and 4-2, PIMC defenders minus the book's rules")
        rows = []
        for v in verdict_list:
            e, c = v.estimate, v.claim
            cells = table[table["company"] == c.company]
            lone = int(cells.loc[(cells["book_net"] != 0) | (cells["other_net"] != 0), "deals"].sum())
            differ = int(cells.loc[cells["book_net"] != cells["other_net"], "deals"].sum())
            rows.append({"company": c.company, "rubber state": c.state, "deals": f"{e.n:,}",
                         "lone hands of A or C": f"{lone:,}", "lone hands whose result the defence changed":
                         f"{differ:,}", "PIMC - the book's rules [95%]": f"{e.mean:+.4f} [{e.low:+.4f}, {e.high:+.4f}]",
                         "verdict": v.verdict})
        return study_report(
            self, question="Is the bridge worth less against lone hands when the defenders are better players?\n\n"
                           + self.quoted(),
            method=" ".join(__doc__.split("\n\n")[1:4]).replace("\n", " "),
            table=pd.DataFrame(rows), caption="Per company and rubber state: the deals at the two scores, the lone "
                                              "hands of A or C among them, those whose result the defence changed, "
                                              "and the estimate per deal with its 95% interval.",
            files=files, verdicts=verdict_list, headline=verdicts_headline(verdict_list, "at four to one and two"),
            sections=[in_full("; ".join(f"{v.claim.key} {v.estimate.mean:+.4f} ({v.verdict})" for v in verdict_list))])


STUDY = PrimaryBridge()

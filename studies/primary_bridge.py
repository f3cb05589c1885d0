"""The primary tests of B3 and B4, as pre-registered (``analysis/data/primaries.toml``): do better
players make the bridge worth less against lone hands, and does a partner who trusts the bridge
lose by it when it is not kept?

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

B4: the deals at the score where B, by the book's ordinary bidding, passes a hand a bridge-keeper
(keeping it with the book's exceptions) would order up, and the hand is played. Each is played
twice card by card, every seat PIMC reading the calls at the score; the two differ only in how D
reads B's pass: as B bid it (the truth) or as the bridge promises (B's policy in D's reading is the
keeper's; where the cards D sees rule that out, D reads the cards alone). BD's net rubber points,
truth minus deceived, per deal of the class, the two scores pooled by w(s) (their visits times the
rate at which the class arises there).
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch
from analysis.bidding.book_policy import BookParams
from analysis.bidding.company import keeping, seated
from analysis.errors import EuchreError
from analysis.experiment import RUBBER, ClaimTest, Study
from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL, RUBBER_STATES, pooled_by_weight
from analysis.game import Score, contract, primaries
from analysis.game.cards import DEALER, ELDEST, SECOND, THIRD
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
CLAIMS = ("B3", "B4")
COMPANIES = ("book", "optimised")
STATES = {FIRST_GAME: "", ONE_GAME_ALL: ".one-game-all"}
WORLDS = 32
KEYS = ["claim", "company", "a", "b", "book_net", "other_net", "dealt"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "gained", "lost"]


def scenario_name(claim: str, score: tuple[int, int], company: str) -> str:
    return f"{claim}-{score[0]}{score[1]}.{company}"


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
    return out.assign(claim="B3", company=company, a=ac, b=bd, dealt=0, gain_sum=n * g, gain_sumsq=n * g * g,
                      gained=np.where(g > 0, n, 0), lost=np.where(g < 0, n, 0))[KEYS + SUMS]


KEEPER = BookParams(keep_bridge=True, bridge_exceptions=True)    # B4's bridge-keeper, with the exceptions


@functools.lru_cache(maxsize=8)
def deceived(company: str, ac: int, bd: int, rules) -> BiddingModel:
    """D's reading of the calls as the bridge promises: B's policy in it is the keeper's."""
    with keeping(company):
        policies = seated(BookPolicy(), ELDEST)
    policies = list(policies) if isinstance(policies, list) else [policies] * 4
    policies[ELDEST] = BookPolicy(KEEPER)
    return BiddingModel(policies, rules, Score(ac, bd))


def deceived_played(deals, company: str, score: tuple[int, int], rules, seed) -> pd.DataFrame:
    """B4's counted cells at one score (BD's points first): the deals where B's pass deceives, BD's
    net points with D reading it truthfully (book_net) and as the bridge promises (other_net); and
    the deals dealt (a cell of its own, ``dealt``), for the class's rate."""
    bd, ac = score
    sc = Score(ac, bd)
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    with keeping(company):
        b = bid_batch(hands, turn_up, seated(BookPolicy(), ELDEST), rules, sc)
        keeper = bid_batch(hands, turn_up, seated(BookPolicy(KEEPER), ELDEST), rules, sc)
    b_ordered = (b.caller == ELDEST) & (b.round == 1)
    keeper_ordered = (keeper.caller == ELDEST) & (keeper.round == 1)
    rows = np.flatnonzero(~b_ordered & keeper_ordered & (b.round > 0) & (b.maker >= 0))
    dealt = pd.DataFrame({"book_net": [0], "other_net": [0], "deals": [len(hands)], "dealt": [1]})
    cells = [dealt]
    if len(rows):
        truth, promise = reading(company, ac, bd, rules), deceived(company, ac, bd, rules)
        taken = contract.dealer_takes_up(b.round, b.lone_seat)
        nets = {}
        for arm, model in (("truth", truth), ("promise", promise)):
            others = PIMCPlayer(WORLDS, seed, truth, fallback=True, points=True)
            partner = PIMCPlayer(WORLDS, seed, model, fallback=True, points=True)
            won = np.zeros((len(rows), 2), np.int64)
            for j, i in enumerate(rows):
                discard, lone = int(b.discard[i]), int(b.lone_seat[i])
                _plays, won[j] = play_hand(b.play_hands[i], int(b.trump[i]),
                                           [partner if s == THIRD else others for s in range(4)], lone,
                                           int(b.maker[i]), None, int(turn_up[i]), bool(taken[i]),
                                           discard if discard >= 0 else None, b.calls(int(i)), rules.pack, j)
            maker, lone_seat = b.maker[rows].astype(np.int64), b.lone_seat[rows].astype(np.int64)
            points = points_by_side(maker, lone_seat, won[np.arange(len(rows)), maker & 1]).astype(np.int64)
            nets[arm] = points[:, 1] - points[:, 0]                  # BD's
        cells.append(pair_cells("B4", THIRD, nets["truth"], nets["promise"])[["book_net", "other_net", "deals"]]
                     .assign(dealt=0))
    out = pd.concat(cells, ignore_index=True)
    g = (out["book_net"] - out["other_net"]).to_numpy(np.int64)
    n = out["deals"].to_numpy(np.int64) * (1 - out["dealt"].to_numpy(np.int64))
    return out.assign(claim="B4", company=company, a=ac, b=bd, gain_sum=n * g, gain_sumsq=n * g * g,
                      gained=np.where(g > 0, n, 0), lost=np.where(g < 0, n, 0))[KEYS + SUMS]


def _key(claim: str, company: str, state: str) -> str:
    return claim + ("" if company == "book" else f".{company}") + STATES[state]


def _test(claim: str, company: str, state: str) -> ClaimTest:
    words = ("" if company == "book" else f", {company} company") + ("" if state == FIRST_GAME else f", {state}")
    if claim == "B3":
        return ClaimTest(_key(claim, company, state), "B3", f"B3 PIMC defenders - the book's rules{words}",
                         "every deal at four to one and four to two, never keeping the bridge: BD's net rubber points "
                         "with B and D defending A's or C's lone hand by PIMC minus by the book's card-play rules",
                         RUBBER, engine="pimc-calls", state=state, company=company,
                         permissive=primaries()["B3"].permissive)
    return ClaimTest(_key(claim, company, state), "B4", f"B4 partner reads the pass truly - deceived{words}",
                     "the deals at four to one and four to two where B, not keeping the bridge, passes a hand a "
                     "keeper would order: BD's net rubber points with D reading the pass as B bid it minus as the "
                     "bridge promises", RUBBER, engine="pimc-calls", state=state, company=company,
                     permissive=primaries()["B4"].permissive)


class PrimaryBridge(Study):
    name = "primary_bridge"
    title = "The primary tests of B3 and B4: the bridge against lone hands, and the partner it deceives"
    description = ("B3 and B4 as pre-registered, at four to one and four to two: never keeping the bridge, A's and C's "
                   "lone hands defended by B and D by PIMC against by the book's card-play rules (B3); D reading B's "
                   "pass as B bid it against as the bridge promises (B4); BD's net rubber points pooled by w(s), in "
                   "the book's and the optimised company")
    policies = ("bidding: B by the book's ordinary bidding (never keeping the bridge), the company (the book's or the "
                "optimised policy) in the other chairs, at the score; play: PIMC reading the calls, 32 worlds, for the "
                "hand's points; B3's other arm: B and D by the book's card-play rules; B4's other arm: D reading B's "
                "pass as a bridge-keeper's")
    defaults = {"deals": 20_000, "chunk_size": 5_000, "model_deals": MODEL_DEALS}
    suite_position = None
    takes_play = False
    claims = tuple(_test(claim, company, state) for claim in CLAIMS for company in COMPANIES for state in STATES)

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, model_deals=MODEL_DEALS)
        if settings.rules.points_for_game != 5 or settings.pack != 32:
            raise EuchreError("B3 and B4 are scores of the book's game: run them with the 32-card pack and a game of 5")
        return [scenario_name(c, s, company) for c in CLAIMS for company in COMPANIES for s in SCORES]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        claim, company = key.split(".")[0], "optimised" if "optimised" in key.split(".") else "book"
        return tuple(scenario_name(claim, s, company) for s in SCORES)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        name, company = scenario.split(".")
        claim, digits = name.split("-")
        play = played if claim == "B3" else deceived_played
        return play(sample_deals(n_deals, seed, pack=settings.pack), company, (int(digits[0]), int(digits[1])),
                    settings.rules, play_seed(seed))

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=KEYS + SUMS)
        return frame.groupby(KEYS, observed=True)[SUMS].sum().astype(np.int64).reset_index()

    def _rows(self, test, table: pd.DataFrame) -> pd.DataFrame:
        """The test's cells (the class's deals; B4's count of the deals dealt apart)."""
        return table[(table["claim"] == test.claim) & (table["company"] == test.company)]

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        test = self.claim_test(key)
        rows = self._rows(test, table)
        played_rows = rows[rows["dealt"] == 0]
        if int(played_rows["deals"].sum()) < 2:
            return None
        options = (manifest or {}).get("options", {})
        model = company_model(test.company, int(options.get("model_deals", MODEL_DEALS)),
                               int((manifest or {}).get("root_seed", 0)))
        v = visits(outcome_probabilities(model.counts, "company's game model"))
        weights = {}
        for a, b in sorted({(int(a), int(b)) for a, b in zip(played_rows["a"], played_rows["b"])}):
            at = rows[(rows["a"] == a) & (rows["b"] == b)]
            dealt = int(at.loc[at["dealt"] == 1, "deals"].sum())
            found = int(at.loc[at["dealt"] == 0, "deals"].sum())
            rate = found / dealt if dealt else 1.0      # B3: every deal is in the class
            weights[a, b] = float(v[a, b]) * rate      # w(s): the score's visits times the class's rate there
        parts = []
        for (a, b), w in weights.items():
            cells = played_rows[(played_rows["a"] == a) & (played_rows["b"] == b)].assign(seat="B")
            if int(cells["deals"].sum()) < 2 or w <= 0:
                continue
            parts.append((w, *model.contrast_and_draws(cells, ["book_net"], ["other_net"], RUBBER,
                                                       RUBBER_STATES[test.state])))
        return pooled_by_weight(parts)

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int]:
        rows = self._rows(self.claim_test(key), table)
        return int(rows["gained"].sum()), int(rows["lost"].sum())

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        verdict_list = self.verdicts(table, manifest)
        files = claims_figure(out_dir, verdict_list, title="B3 and B4: the bridge at the table",
                              measured="BD's net rubber points a deal of the class at 4-1 and 4-2")
        rows = []
        for v in verdict_list:
            e, c = v.estimate, v.claim
            cells = self._rows(self.claim_test(c.name), table)
            cells = cells[cells["dealt"] == 0]
            differ = int(cells.loc[cells["book_net"] != cells["other_net"], "deals"].sum())
            what = ("the lone hands of A or C" if c.id == "B3" else "the deals where B's pass deceives")
            lone = (int(cells.loc[(cells["book_net"] != 0) | (cells["other_net"] != 0), "deals"].sum())
                    if c.id == "B3" else e.n)
            rows.append({"claim": c.id, "company": c.company, "rubber state": c.state, "deals of the class": f"{e.n:,}",
                         "played twice": f"{lone:,} ({what})", "whose result the two arms changed": f"{differ:,}",
                         "estimate [95%]": f"{e.mean:+.4f} [{e.low:+.4f}, {e.high:+.4f}]", "verdict": v.verdict})
        return study_report(
            self, question="Is the bridge worth less against lone hands when the defenders are better players (B3)? "
                           "Does a partner who reads a pass as the bridge promises lose by it (B4)?\n\n"
                           + self.quoted(),
            method=" ".join(__doc__.split("\n\n")[1:5]).replace("\n", " "),
            table=pd.DataFrame(rows), caption="Per claim, company and rubber state: the deals of the class at the two "
                                              "scores, those played twice, those whose result the arms changed, and "
                                              "the estimate with its 95% interval (B3: PIMC defenders minus the "
                                              "book's rules; B4: the pass read truly minus as the bridge promises).",
            files=files, verdicts=verdict_list, headline=verdicts_headline(verdict_list, "at four to one and two"),
            sections=[in_full("; ".join(f"{v.claim.key} {v.estimate.mean:+.4f} ({v.verdict})" for v in verdict_list))])


STUDY = PrimaryBridge()

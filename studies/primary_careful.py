"""The primary test of E11: "at four to three in your favour ... your play should be very conservative".

As pre-registered (``analysis/data/primaries.toml``, E11, read as card play): every hand at BD 4 - AC 3,
A dealing, bid by the company at that score (the book's policy, or the optimised policy, in every
chair), in which the eldest hand has a card to choose. Every seat plays table-side PIMC reading the
calls (32 worlds a decision). B's cards are chosen two ways, over the same worlds: *careful* (first keep
AC short of the two points they lack for game: when AC made, no march; when BD made, three tricks;
then the hand's points: :class:`analysis.play.pimc.PIMCPlayer` ``careful``), or for the points alone.
The hand is played for points by everyone to B's first decision where the two choose different cards;
there it branches: the careful arm plays the careful card and B plays carefully to the end, the other
arm the points card and B for points to the end; the other three play alike in both. A hand where
the two never differ counts with a difference of 0.

The unit: BD's net rubber points after the hand, careful minus for points, in the first game and at one
game all, each hand's outcome valued by the company's rubber model (``company_model``, as the primary
study's unit check). Chunks return counted cells per company of the pair of the two arms' net points to
BD. Option ``cap``: at most so many hands a chunk (0: all). Not built: the score-aware arm (the
rubber-points objective), a secondary test of the pre-registration.

The play company's other replication (``primary_careful_rules``): B is PIMC reading the calls as
above, the three others play by the book's card-play rules (:class:`analysis.play.book.BookPlayer`).
Each hand is played card by card twice, B careful throughout in one and for the points throughout
in the other, over the same worlds at each decision (the same seed and keys) while the others'
rules are fixed: the two plays are the same card for card up to B's first card where careful play
and play for points differ, and go their ways from there, as the branch above.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.bidding import bid_batch
from analysis.bidding.policies import policy_from_name
from analysis.errors import EuchreError
from analysis.experiment import RUBBER, ClaimTest, Study
from analysis.experiment.stats import FIRST_GAME, ONE_GAME_ALL, RUBBER_STATES, from_se
from analysis.game import Score, contract, primaries
from analysis.game.cards import ELDEST
from analysis.game.primary import BOOK_RULES
from analysis.game.rules import points_by_side
from analysis.play.branching import EVERY_SEAT, PLAY_COMPANIES, hand_infos, played_with_the_book
from analysis.play.pimc import PIMCPlayer, first_max, pimc_hands
from analysis.play.players import cards_of
from analysis.seeds import play_seed
from fastcore.sampler import sample_deals
from studies.common.report import study_report, claims_figure, verdicts_headline, in_full
from studies.primary import MODEL_DEALS, company_model, pair_cells
from studies.primary_play import reading_model

AC, BD = 3, 4                 # the score: four to three in the eldest hand's favour
NEED = 5 - AC                 # the points AC lack for game
WORLDS = 32
PLAYS = 20
COMPANIES = ("book", "optimised")
STATES = {FIRST_GAME: "", ONE_GAME_ALL: ".one-game-all"}
KEYS = ["claim", "company", "seat", "book_net", "other_net"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "gained", "lost"]


def hands_at_four_three(deals, company: str, rules, cap: int = 0) -> dict:
    """The hands of ``deals`` bid by the company at four to three in which B plays (the first ``cap``
    when ``cap`` > 0), as the arguments of :func:`pimc_hands` with ``pack``."""
    policy = policy_from_name(company)       # the company in every chair
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, policy, rules, Score(AC, BD))
    rows = np.flatnonzero((b.maker >= 0) & (b.lone_seat != ELDEST ^ 2))      # B plays
    if cap:
        rows = rows[:cap]
    return dict(hands=b.play_hands[rows], trump=b.trump[rows], lone_seat=b.lone_seat[rows], maker=b.maker[rows],
                turn_up=turn_up[rows].astype(np.int64), taken=contract.dealer_takes_up(b.round, b.lone_seat)[rows],
                discard=b.discard[rows], calls=[b.calls(int(i)) for i in rows], pack=rules.pack)


def played(deals, company: str, rules, seed, cap: int = 0, others=EVERY_SEAT) -> pd.DataFrame:
    """The counted cells of the company's hands at four to three on ``deals`` (the first ``cap`` a
    chunk when ``cap`` > 0): BD's net points, careful arm and points arm; ``others``: the play
    company (every seat PIMC, or BOOK_RULES: the three besides B by the book's rules)."""
    if others not in PLAY_COMPANIES:
        raise EuchreError(f"the play company is every seat PIMC (None) or {BOOK_RULES!r}, not {others!r}")
    table = hands_at_four_three(deals, company, rules, cap)
    if not len(table["hands"]):
        return pd.DataFrame(columns=KEYS + SUMS)
    rows = np.arange(len(table["hands"]))
    model = reading_model(company, rules)
    if others == BOOK_RULES:
        return _cells(company, *_played_with_the_book(table, model, seed))
    keys = ("hands", "trump", "lone_seat", "maker", "turn_up", "taken", "discard", "calls")
    args = {k: table[k] for k in keys}
    plays, won, _d, contradicted = pimc_hands(worlds=WORLDS, seed=seed, pack=rules.pack, model=model, points=True,
                                              **args)
    misled = np.full(len(rows), PLAYS)
    for deal, card, _seat in contradicted:
        misled[deal] = min(misled[deal], card)
    forced = {"careful": np.full((len(rows), PLAYS), -1, np.int8), "points": np.full((len(rows), PLAYS), -1, np.int8)}
    branched = []
    for i in range(len(rows)):
        for k, info in enumerate(hand_infos(table, i, plays[i])):
            if info.player != ELDEST or len(cards_of(info.legal())) < 2:
                continue
            points = PIMCPlayer(WORLDS, seed, model, fallback=True, points=True)
            careful = PIMCPlayer(WORLDS, seed, model, fallback=True, points=True, careful=NEED)
            key = (i, k, ELDEST)
            worlds = points.worlds_of(info, key).hands if misled[i] > k else None
            if worlds is None:          # the calls misled them before: the cards alone
                points.misled_on([i])
                careful.misled_on([i])
                worlds = points.worlds_of(info, key).hands
            legal = cards_of(info.legal())
            by_points = first_max(legal, points.card_values(info, worlds))
            by_care = first_max(legal, careful.card_values(info, worlds))
            if by_points != by_care:
                for arm, card in (("careful", by_care), ("points", by_points)):
                    forced[arm][i, :k] = plays[i, :k]
                    forced[arm][i, k] = card
                branched.append(i)
                break
    net = {}
    for arm in ("careful", "points"):
        got = won
        if branched:
            sub = {k: (np.asarray(v)[branched] if isinstance(v, np.ndarray) else [v[i] for i in branched])
                   for k, v in args.items()}
            _p, arm_won, _d, _c = pimc_hands(worlds=WORLDS, seed=seed, pack=rules.pack, model=model, points=True,
                                             forced=forced[arm][branched], misled=misled[branched] < PLAYS,
                                             careful_seat=ELDEST if arm == "careful" else -1,
                                             careful_need=NEED if arm == "careful" else 0, **sub)
            got = won.copy()
            got[branched] = arm_won
        net[arm] = _bd_net(table, got)
    return _cells(company, net["careful"], net["points"])


def _bd_net(table: dict, won: np.ndarray) -> np.ndarray:
    """BD's net points of each hand from the tricks (AC, BD) it won."""
    maker, lone = np.asarray(table["maker"], np.int64), np.asarray(table["lone_seat"], np.int64)
    pts = points_by_side(maker, lone, won[np.arange(len(maker)), maker & 1]).astype(np.int64)
    return pts[:, 1] - pts[:, 0]


def _cells(company: str, careful: np.ndarray, points: np.ndarray) -> pd.DataFrame:
    cells = pair_cells("E11", ELDEST, careful, points)
    cells.insert(1, "company", company)
    return cells[KEYS + SUMS]


def _played_with_the_book(table: dict, model, seed) -> tuple[np.ndarray, np.ndarray]:
    """BD's net points of each hand played card by card with B careful and with B for the points, PIMC
    reading the calls, the three others by the book's rules. The two B players draw the same worlds
    at the same decision (seed and key), so the hands are alike up to B's first differing card."""
    deciders = [ELDEST] * len(table["hands"])
    nets = [_bd_net(table, played_with_the_book(table, deciders, WORLDS, seed, model, careful=care)[2])
            for care in (NEED, 0)]
    return nets[0], nets[1]


def _key(company: str, state: str) -> str:
    return "E11" + ("" if company == "book" else f".{company}") + STATES[state]


def _test(company: str, state: str, others=EVERY_SEAT) -> ClaimTest:
    words = (("" if company == "book" else f", {company} company") + ("" if state == FIRST_GAME else f", {state}")
             + ("" if others is EVERY_SEAT else ", the others by the book's rules"))
    return ClaimTest(_key(company, state), "E11", f"E11 careful - for points{words}",
                     "every hand at BD 4 - AC 3 where B has a card to choose: B's cards by careful play minus by the "
                     "points, BD's net rubber points", RUBBER, engine="pimc-calls", state=state, company=company,
                     permissive=primaries()["E11"].permissive, play=others)


class PrimaryCareful(Study):
    defaults = {"deals": 20_000, "chunk_size": 2_000, "cap": 0, "model_deals": MODEL_DEALS}
    suite_position = None
    takes_play = False

    def __init__(self, others=EVERY_SEAT):
        self.others = others
        every = others is EVERY_SEAT
        self.name = "primary_careful" if every else "primary_careful_rules"
        self.title = "The primary test of E11: careful play at four to three" + (
            "" if every else ", the others by the book's rules")
        self.description = (
            "E11 as card play: at BD 4 - AC 3 the eldest hand's cards by careful play (first keep AC from game) "
            "against his cards for the points, " + ("every seat at the table reading the calls" if every else
                                                    "B at the table reading the calls, the three others by the "
                                                    "book's card-play rules")
            + ", in BD's net rubber points (first game; one game all), in the book's and the optimised company")
        self.policies = ("bidding: the company's policy (the book's, or the optimised) in every chair at BD 4 - AC 3; "
                         "play: " + ("every seat" if every else "B") + " PIMC reading the calls, 32 worlds, for the "
                         "hand's points, B careful in one arm" + ("" if every else "; the three other seats the "
                                                                  "book's card-play rules"))
        self.claims = tuple(_test(company, state, others) for company in COMPANIES for state in STATES)

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, model_deals=MODEL_DEALS)
        cap = settings.options.get("cap", 0)
        if not isinstance(cap, int) or isinstance(cap, bool) or cap < 0:
            raise EuchreError(f"option cap must be a whole number >= 0 (0: no cap), not {cap!r}")
        if settings.rules.points_for_game != 5 or settings.pack != 32:
            raise EuchreError("E11 is a score of the book's game: run it with the 32-card pack and a game of 5")
        return [f"4-3.{company}" for company in COMPANIES]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        return (f"4-3.{'optimised' if 'optimised' in key.split('.') else 'book'}",)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        company = scenario.split(".")[1]
        return played(sample_deals(n_deals, seed, pack=settings.pack), company, settings.rules, play_seed(seed),
                      settings.options.get("cap", 0), self.others)

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
        cells = rows.assign(a=AC, b=BD)
        paired, draws = model.contrast_and_draws(cells, ["book_net"], ["other_net"], RUBBER, RUBBER_STATES[test.state])
        se = float(np.hypot(paired.se, np.std(draws, ddof=1)))
        return from_se(paired.mean, se, paired.n - 1, paired.n)

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int]:
        rows = table[table["company"] == self.claim_test(key).company]
        return int(rows["gained"].sum()), int(rows["lost"].sum())

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        verdict_list = self.verdicts(table, manifest)
        files = claims_figure(out_dir, verdict_list, title="E11: careful play at four to three",
                              measured="BD's net rubber points after the hand, B careful minus B for the points")
        rows = []
        for v in verdict_list:
            e, c = v.estimate, v.claim
            cells = table[table["company"] == c.company]
            differ = int(cells.loc[cells["book_net"] != cells["other_net"], "deals"].sum())
            rows.append({"company": c.company, "rubber state": c.state, "hands": f"{e.n:,}",
                         "hands where the arms' results differ": f"{differ:,}",
                         "careful - for points [95%]": f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]",
                         "verdict": v.verdict})
        return study_report(
            self, question="At four to three in the eldest hand's favour, should his play be very conservative?\n\n"
                           + self.quoted(),
            method=" ".join(__doc__.split("\n\n")[i].replace("\n", " ")
                            for i in ((1, 2) if self.others is EVERY_SEAT else (1, 2, 3))),
            table=pd.DataFrame(rows), caption="Per company and rubber state: the hands played, those where careful "
                                              "play changed the result, and careful minus for points with its 95% "
                                              "interval.",
            files=files, verdicts=verdict_list, headline=verdicts_headline(verdict_list, "at four to three"),
            sections=[in_full("; ".join(f"{v.claim.key} {v.estimate.mean:+.3f} ({v.verdict})" for v in verdict_list))])


STUDY = PrimaryCareful()
RULES_STUDY = PrimaryCareful(BOOK_RULES)

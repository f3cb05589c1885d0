"""The primary tests of the coups (C1-C9), as pre-registered: the printed deal, and the coup weighed
from the coup player's seat, continued at the table, in rubber points at the printed score.

Each case (``analysis/data/coups.toml``) has two parts:

- (a) the printed deal double-dummy: the book's line gives the stated result and the coup card is
  worth at least the alternative there, in rubber points at the printed score (the test
  ``C1.printed``: supported when both hold, else contradicted);
- (b) from the coup player's seat at the coup: worlds drawn uniformly among those consistent with all
  he saw (his hand, the turn-up, the cards played, the voids shown) and with the calls, read either
  by their necessary conditions (the anchor) or as the book's policy would make them (the "calls"
  axis, recorded as the company: how the others are taken to bid). In each world the hand is played
  on twice, from the coup card and from the alternative: by PIMC in every seat (32 worlds a decision,
  for the hand's points, from the cards alone: the dealer's discard, which reading the calls needs,
  is never printed), or double-dummy (the engine axis). The estimate: the coup player's side's net
  rubber points after the hand, coup minus alternative, at the printed score and rubber state, by
  the book's rubber model (``studies.primary.company_model``), the worlds' error and the model's in
  quadrature.

Scenarios are a case and a reading of the calls; a chunk is so many worlds. C9's "and one game" is
read as B and D a game up (the coup player's side).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.errors import EuchreError
from analysis.experiment import RUBBER, ClaimTest, Study
from analysis.experiment.stats import (FIRST_GAME, ONE_GAME_ALL, RUBBER_STATES, Estimate, Verdict, from_se,
                                       verdicts)
from analysis.game.cards import mask_of, side_of
from analysis.game.rules import points_by_side
from analysis.play import get_solver
from analysis.play.pimc import pimc_hands
from analysis.seeds import play_seed
from analysis.tools.coups.cases import load_cases
from analysis.tools.coups.valuation import check_remark, value_of
from analysis.tools.coups.worlds import book_call_predicate, call_predicate, knowledge, player_worlds
from studies.primary import MODEL_DEALS, company_model

WORLDS = 32
PLAYS = 20
READINGS = {"necessary": call_predicate, "book": book_call_predicate}
ENGINES = ("pimc", "dd")
ONE_GAME_UP = "one game up"     # the coup player's side a game up (C9's "and one game")
STATE_OF = {"C8": ONE_GAME_ALL, "C9": ONE_GAME_UP}
GAME_STATES = {**RUBBER_STATES, ONE_GAME_UP: {"game": 2, "games": (1, 0)}}
KEYS = ["case", "reading", "engine", "seat", "book_net", "other_net"]
PRINTED = ".printed"


def cases() -> dict:
    return {c.id: c for c in load_cases()}


def continued(case, worlds: list, card: int, engine: str, seed) -> np.ndarray:
    """The coup player's side's net points in each world after he plays ``card`` at the coup, the
    rest of the hand by ``engine``: PIMC in every seat (from the cards alone) or double-dummy."""
    side = side_of(case.coup_player)
    after = list(case.coup_after)
    if engine == "dd":
        solver = get_solver("compiled")
        return np.array([value_of(case, solver.move_values(case.with_hands(w).start(after))[card]).net(side)
                         for w in worlds], np.int64)
    hands = np.array([[mask_of(h) for h in w] for w in worlds], np.uint32)
    forced = np.full((len(worlds), PLAYS), -1, np.int8)
    forced[:, :len(after)] = after
    forced[:, len(after)] = card
    lone = -1 if case.lone_seat is None else case.lone_seat
    maker = np.full(len(worlds), case.maker)
    _p, won, _d, _c = pimc_hands(hands, case.trump, lone, WORLDS, seed, maker=maker, turn_up=case.turn_up, taken=1,
                                 points=True, forced=forced)
    pts = points_by_side(maker, np.full(len(worlds), lone), won[:, side_of(case.maker)]).astype(np.int64)
    return pts[:, side] - pts[:, 1 - side]


def weighed(case, reading: str, n: int, seed: int, play_seed_) -> pd.DataFrame:
    """The counted cells of ``n`` worlds of the coup player's at the coup, read by ``reading``: each
    engine's net points after the coup card and after the alternative."""
    player, after = case.coup_player, case.coup_after
    k = knowledge(case, player, after)
    worlds, _judged = player_worlds(k, case.trump, n, seed, READINGS[reading](case, case.calls, player))
    frames = []
    for engine in ENGINES:
        book = continued(case, worlds, case.coup_card, engine, play_seed_)
        other = continued(case, worlds, case.natural, engine, play_seed_)
        pairs = pd.DataFrame({"book_net": book, "other_net": other})
        cells = pairs.value_counts().rename("deals").reset_index()
        frames.append(cells.assign(case=case.id, reading=reading, engine=engine, seat="ABCD"[player]))
    return pd.concat(frames, ignore_index=True)[KEYS + ["deals"]]


STATED = ("line", "outcome")    # the remarks that state the result of the book's line


def printed(case) -> tuple[bool, int, int]:
    """(a): whether the book's line gives the stated result double-dummy (every remark of the case
    stating a result holds, under its printed reading where it has one), and the coup player's
    side's net points after the coup card and after the alternative on the printed deal."""
    solver = get_solver("compiled")
    holds = all(check_remark(case, r, solver).verdict in ("true", "true only under a reading")
                for r in case.remarks if r.kind in STATED)
    values = solver.move_values(case.start(list(case.coup_after)))
    side = side_of(case.coup_player)
    return holds, value_of(case, values[case.coup_card]).net(side), value_of(case, values[case.natural]).net(side)


def _key(cid: str, reading: str, engine: str) -> str:
    return cid + ("" if reading == "necessary" else f".{reading}") + ("" if engine == "pimc" else ".dd")


def _test(cid: str, reading: str, engine: str) -> ClaimTest:
    words = ("" if reading == "necessary" else ", the calls read by the book's policy") + (
        "" if engine == "pimc" else ", double-dummy")
    return ClaimTest(_key(cid, reading, engine), cid, f"{cid} the coup - the alternative{words}",
                     "the coup player's worlds at the coup: his side's net rubber points, the coup card minus the "
                     "alternative", RUBBER, engine=engine, state=STATE_OF.get(cid, FIRST_GAME), company=reading)


def _printed_test(cid: str) -> ClaimTest:
    return ClaimTest(cid + PRINTED, cid, f"{cid} on the printed deal", "the printed deal double-dummy: the book's "
                     "line gives the stated result, and the coup card is worth at least the alternative", RUBBER,
                     engine="dd", state=STATE_OF.get(cid, FIRST_GAME), company="printed deal")


CASE_IDS = tuple(f"C{i}" for i in range(1, 10))


class CoupsPrimary(Study):
    name = "coups_primary"
    title = "The primary tests of the coups"
    description = ("C1-C9 as pre-registered: the printed deal double-dummy, and the coup weighed from the coup "
                   "player's seat over the worlds consistent with all he saw, continued at the table (and "
                   "double-dummy), in rubber points at the printed score, the calls read by their necessary "
                   "conditions or by the book's policy")
    policies = ("the worlds: the calls read by their necessary conditions, or as the book's policy makes them; play "
                "after the coup: PIMC in every seat from the cards alone, 32 worlds, for the hand's points; or "
                "double-dummy")
    defaults = {"deals": 2000, "chunk_size": 500, "model_deals": MODEL_DEALS}
    suite_position = None
    takes_play = False
    claims = tuple(_test(c, r, e) for c in CASE_IDS for r in READINGS for e in ENGINES) + \
        tuple(_printed_test(c) for c in CASE_IDS)

    def scenarios(self, settings) -> list[str]:
        self.whole_options(settings, model_deals=MODEL_DEALS)
        if settings.rules.points_for_game != 5 or settings.pack != 32:
            raise EuchreError("the coups are deals of the book's game: run them with the 32-card pack and a game of 5")
        return [f"{c}.{r}" for c in CASE_IDS for r in READINGS]

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        """A coup's worlds under one reading of the calls feed both its engines' tests; the printed
        deal is one deal, which more worlds do not change."""
        if key.endswith(PRINTED):
            return ()
        parts = key.split(".")
        return (f"{parts[0]}.{'book' if 'book' in parts else 'necessary'}",)

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        cid, reading = scenario.split(".")
        case = cases()[cid]
        world_seed = int(seed.generate_state(1)[0])
        frame = weighed(case, reading, n_deals, world_seed, play_seed(seed))
        if chunk_index == 0 and reading == "necessary":
            holds, book, other = printed(case)
            frame = pd.concat([frame, pd.DataFrame([{"case": cid, "reading": "printed", "engine": "dd",
                                                     "seat": "ABCD"[case.coup_player], "book_net": book,
                                                     "other_net": other, "deals": int(holds)}])], ignore_index=True)
        return frame

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=KEYS + ["deals"])
        return frame.groupby(KEYS, observed=True)["deals"].sum().astype(np.int64).reset_index()

    def _rubber(self, case, rows: pd.DataFrame, manifest: dict | None, state: str):
        options = (manifest or {}).get("options", {})
        model = company_model("book", int(options.get("model_deals", MODEL_DEALS)),
                              int((manifest or {}).get("root_seed", 0)))
        cells = rows.assign(a=case.score_points[0], b=case.score_points[1])
        return model.contrast_and_draws(cells, ["book_net"], ["other_net"], RUBBER, GAME_STATES[state])

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None) -> Estimate | None:
        test = self.claim_test(key)
        case = cases()[test.claim]
        if key.endswith(PRINTED):
            rows = table[(table["case"] == test.claim) & (table["reading"] == "printed")]
            if rows.empty:
                return None
            paired, _draws = self._rubber(case, rows.assign(deals=1), manifest, test.state)
            return Estimate(paired.mean, paired.mean, paired.mean, 0.0, 0.0, 1, float("nan"))
        rows = table[(table["case"] == test.claim) & (table["reading"] == test.company) & (table["engine"] == test.engine)]
        if int(rows["deals"].sum()) < 2:
            return None
        paired, draws = self._rubber(case, rows, manifest, test.state)
        se = float(np.hypot(paired.se, np.std(draws, ddof=1)))
        return from_se(paired.mean, se, paired.n - 1, paired.n)

    def verdicts(self, table: pd.DataFrame, manifest: dict | None = None) -> list[Verdict]:
        """The study's tests judged as every study's; the printed deal's as (a): supported when the line
        gives the stated result and the coup card is worth at least the alternative, else contradicted."""
        measured = self.measure(table, manifest)
        out = verdicts([c for c in measured if not c.key.endswith(PRINTED)])
        for c in measured:
            if c.key.endswith(PRINTED):
                rows = table[(table["case"] == c.id) & (table["reading"] == "printed")]
                holds = bool(int(rows["deals"].sum())) and c.estimate.mean >= 0
                out.append(Verdict(c, float("nan"), "supported" if holds else "contradicted", None,
                                   c.estimate.mean, c.estimate.mean, False, 1))
        return out

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        from studies.common.report import claims_figure, in_full, study_report, verdicts_headline
        verdict_list = self.verdicts(table, manifest)
        files = claims_figure(out_dir, [v for v in verdict_list if not v.claim.key.endswith(PRINTED)],
                              title="The coups: the coup minus the alternative",
                              measured="The coup player's side's net rubber points at the printed score")
        rows = []
        for v in verdict_list:
            e, c = v.estimate, v.claim
            rows.append({"case": c.id, "test": c.test, "engine": c.engine, "calls": c.company, "state": c.state,
                         "worlds": f"{e.n:,}", "estimate [95%]": (f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"
                                                                  if e.n > 1 else f"{e.mean:+.3f}"),
                         "verdict": v.verdict})
        return study_report(
            self, question="Is each coup of the book right, on the printed deal and from the coup player's seat?\n\n"
                           + self.quoted(),
            method=" ".join(p.replace("\n", " ") for p in __doc__.split("\n\n")[1:]),
            table=pd.DataFrame(rows), caption="Per case: the printed deal's check (a), and the coup minus the "
                                              "alternative from the coup player's seat (b) by engine and reading of "
                                              "the calls, with its 95% interval.",
            files=files, verdicts=verdict_list,
            headline=verdicts_headline([v for v in verdict_list if not v.claim.key.endswith(PRINTED)],
                                       "from the coup player's seat"),
            sections=[in_full("; ".join(f"{v.claim.key} {v.estimate.mean:+.3f} ({v.verdict})" for v in verdict_list))])


STUDY = CoupsPrimary()

"""The best bidding we can find: iterated best response over hand classes, by score band.

``euchrelab optimise`` starts from a base policy (the book's) played by all four seats and
improves it one decision at a time, in the order of the bidding (B, C, D, A in round one, the
dealer's discard, then B, C, D, A in round two), each seat answering the others' current policy:

1. The value of a score. The current policy plays itself at every score below game
   (:func:`analysis.value.outcomes.outcome_counts`, fresh deals each sweep); the game and rubber
   models solved from those hands value a hand's result by where it leaves the game: the deciding
   side's expected net rubber points in the first game of a rubber (the book's game), or its
   probability of winning the game (``unit="game"``, a single game).
2. One decision. Fresh deals at every score of a band are bid by the current policy; where the
   seat's decision is reached, every hand is played once per action (pass, call, alone; the
   round-two makes; the discard rules), every other decision by the current policy, double-dummy
   (:func:`analysis.tools.strategy.decision_rows`). Per hand class and band, each action's value
   is compared with the policy's own choice on the same deals.
3. A switch. A class's action changes to the best one when its gain over the current choice
   clears zero at a Bonferroni-corrected 95% level (over the classes of that decision and band),
   on :data:`MIN_HANDS` hands or more: noise alone seldom moves a class, so the sweeps settle.
4. The stop. When a whole sweep switches nothing, or after ``sweeps`` sweeps. The bound then
   reported is, per seat, how much its side would gain per hand if that seat alone played the best
   action of every class, as the last sweep measured it before its own switches: the sum over its
   decisions and the classes met on :data:`MIN_HANDS` hands or more of (hands in the class per
   deal) x (the best action's mean minus the policy's), with its 95% interval, in the band where it
   is largest. It is an upper estimate (the best is picked on the same deals); when the last sweep
   switched nothing, it bounds the final policy.
5. Settled (:func:`settled`). The run is settled only when the last sweep switched no class and
   no seat could still gain beyond its 95% interval: in no band does the interval of its bound (as
   above, in every band, not only the largest) lie above zero, and no decision reached in a band
   went unjudged (every class met on fewer than :data:`MIN_HANDS` hands, so nothing measured). A
   quiet sweep with such a gain is not settled: the classes' intervals are too wide for a switch,
   and more deals would narrow them.

Every batch of deals is seeded by (seed, sweep, seat, round, score, batch), so the result is the
same with 1 or N workers; after each sweep the state is saved beside the output, and
``resume=True`` goes on from it.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as st

from analysis.bidding.class_policy import ClassPolicy, class_codes
from analysis.bidding.policies import class_policy
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.experiment.cells import MIN_CELL_DEALS
from analysis.experiment.stats import normal_quantile
from analysis.game import Rules, SEATS
from analysis.seeds import optimise_batch_seed
from analysis.tools.strategy import ARMS, DISCARD, NETS

ARMS_NAMES = {1: "round one", 2: "round two", DISCARD: "discard"}
# The decisions in the order of the bidding: (seat, round); round 3 is the dealer's discard.
DECISIONS = ((1, 1), (2, 1), (3, 1), (0, 1), (0, DISCARD), (1, 2), (2, 2), (3, 2), (0, 2))
BATCH = 25_000          # deals per batch at most
ROUND_TWO_FACTOR = 3    # round two is reached on about a third of the deals
UNITS = ("rubber", "game")
MIN_HANDS = MIN_CELL_DEALS   # a class met on fewer hands in a sweep is never switched (30, as every chart's cells)


def held_words(points: tuple[int, int]) -> str:
    """A range of points held, as a band's name says it: ``"0-2"``, ``"3"``."""
    low, high = points
    return str(low) if low == high else f"{low}-{high}"


def band_name(own: tuple[int, int], theirs: tuple[int, int]) -> str:
    """A band's name, by the points each side holds (the one vocabulary of the command line, the
    tables, the policy files and the call cards): ``"own 0-2, theirs 3"``."""
    return f"own {held_words(own)}, theirs {held_words(theirs)}"


def default_bands(game: int) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """Nine bands by how far each side is from game: three or more points to go, two, one."""
    def parts():
        yield (0, game - 3) if game >= 3 else None
        yield (game - 2, game - 2) if game >= 2 else None
        yield (game - 1, game - 1)
    ranges = [r for r in parts() if r is not None and r[0] >= 0]
    return {band_name(o, t): (o, t) for o in ranges for t in ranges}


def score_bands(game: int) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """One band per score."""
    return {band_name((o, o), (t, t)): ((o, o), (t, t)) for o in range(game) for t in range(game)}


@dataclass
class Settings:
    rules: Rules = field(default_factory=Rules)
    unit: str = "rubber"
    deals: int = 50_000          # deals per decision and band each sweep (round two: three times)
    model_deals: int = 4_000     # deals per score for the value of a score, each sweep
    sweeps: int = 10
    seed: int = 0
    bands: str = "coarse"        # coarse (nine bands) or scores (one band per score)
    base: str = "book"
    name: str = "optimised"

    def check(self) -> None:
        if self.unit not in UNITS:
            raise EuchreError(f"no unit {self.unit!r}: use {' or '.join(UNITS)}")
        if self.unit == "rubber" and not self.rules.rubber:
            raise EuchreError("rubber points need the book's rubber: use --unit game for a single game")
        if self.bands not in ("coarse", "scores"):
            raise EuchreError(f"no bands {self.bands!r}: use coarse or scores")
        check_whole(self.deals, "the deals per decision", 1)
        check_whole(self.model_deals, "the deals per score of the model", 1)
        check_whole(self.sweeps, "the sweeps", 1)
        check_whole(self.seed, "the seed")

    def key(self) -> dict:
        d = asdict(self)
        d["rules"] = asdict(self.rules)
        return d

    def band_table(self):
        g = self.rules.points_for_game
        return default_bands(g) if self.bands == "coarse" else score_bands(g)


def band_scores(band, seat: int) -> list[tuple[int, int]]:
    """The scores (AC, BD) of a band ((own low, high), (theirs low, high)) seen from ``seat``'s side."""
    (o0, o1), (t0, t1) = band
    out = []
    for own in range(o0, o1 + 1):
        for theirs in range(t0, t1 + 1):
            out.append((own, theirs) if seat % 2 == 0 else (theirs, own))
    return out


def _tasks(settings: Settings, sweep: int, seat: int, rnd: int):
    """(band, score, batch, deals) of one decision in one sweep."""
    total = settings.deals * (ROUND_TWO_FACTOR if rnd == 2 else 1)
    for band, ranges in settings.band_table().items():
        scores = band_scores(ranges, seat)
        per_score = math.ceil(total / len(scores))
        for score in scores:
            for k, start in enumerate(range(0, per_score, BATCH)):
                yield band, score, k, min(BATCH, per_score - start)


def decision_batch(policy, seat: int, rnd: int, rules: Rules, score, n: int, seed) -> pd.DataFrame:
    """The counted frame (:func:`analysis.tools.strategy.decision_rows`) of ``n`` fresh deals,
    every reached hand played under every action."""
    from analysis.tools.strategy import decision_rows
    from fastcore.sampler import sample_deals
    deals = sample_deals(n, seed, pack=rules.pack)
    return decision_rows(deals, policy, seat, rnd, rules, score, cap=n)


def _parallel(tasks, jobs: int, scheduler=None):
    from joblib import Parallel, parallel_config

    from analysis.parallel import dask_client, local_parallel
    if scheduler is None:
        return local_parallel(jobs, batch_size=1)(tasks)
    client = dask_client(scheduler)
    try:
        with parallel_config(backend="dask"):
            return Parallel(n_jobs=-1, batch_size=1)(tasks)
    finally:
        if isinstance(scheduler, str):
            client.close()


def score_values(policy, settings: Settings, sweep: int, jobs: int = 1):
    """``value(a, b, seat, net)``: the deciding side's value after a hand (rubber points or
    game-win), from the models solved from ``policy``'s own hands at every score."""
    from analysis.value import game_model, game_value, outcomes, rubber
    rules = settings.rules
    seed = int(optimise_batch_seed(settings.seed, sweep, 4, 0, (0, 0), 0).generate_state(1)[0])
    counts = outcomes.outcome_counts(policy, rules, settings.model_deals, seed, n_jobs=jobs)
    if settings.unit == "rubber":
        model = rubber.from_counts(counts, rules)
        return lambda a, b, seat, net: game_value.points_after(model, a, b, seat, net)
    f = game_model.from_counts(counts, rules)
    return lambda a, b, seat, net: game_value.win_after(f, a, b, seat, net)


def class_gains(frame: pd.DataFrame, value, rnd: int, policy: ClassPolicy, seat: int) -> pd.DataFrame:
    """Per (band, class): hands, and for each action its mean gain over the policy's own choice
    (value units), with the sum of squares for the interval."""
    arms = len(ARMS[rnd])
    if frame.empty:
        return pd.DataFrame()
    a, b = frame["a"].to_numpy(np.int64), frame["b"].to_numpy(np.int64)
    vals = np.stack([value(a, b, seat, frame[NETS[k]].to_numpy(np.int64)) for k in range(arms)], axis=1)
    choice = frame["choice"].to_numpy(np.int64)
    gain = vals - vals[np.arange(len(frame)), choice][:, None]
    w = frame["deals"].to_numpy(np.float64)
    own, theirs = (a, b) if seat % 2 == 0 else (b, a)
    out = pd.DataFrame({"band": policy.band_of(own, theirs), "code": class_codes(frame, rnd), "n": w})
    for k in range(arms):
        out[f"s{k}"] = w * gain[:, k]
        out[f"q{k}"] = w * gain[:, k] ** 2
    for k in range(arms):   # the policy's share of each action
        out[f"c{k}"] = w * (choice == k)
    return out.groupby(["band", "code"], sort=True).sum().reset_index()


def decide(gains: pd.DataFrame, rnd: int, deals_by_band: dict, alpha: float = 0.05) -> pd.DataFrame:
    """Per (band, class): the best action, its gain over the policy's choice with a 95% interval
    and a Bonferroni-corrected lower bound (over the band's classes), the policy's usual action,
    and the class's hands per deal."""
    arms = len(ARMS[rnd])
    if gains.empty:
        return pd.DataFrame(columns=["band", "code", "n", "best", "usual", "gain", "low95", "high95", "low_strict",
                                     "per_deal", "var_term"])
    n = gains["n"].to_numpy()
    s = gains[[f"s{k}" for k in range(arms)]].to_numpy()
    q = gains[[f"q{k}" for k in range(arms)]].to_numpy()
    best = np.argmax(s, axis=1)
    rows = np.arange(len(gains))
    mean = s[rows, best] / n
    var = np.where(n > 1, np.maximum(q[rows, best] - n * mean ** 2, 0) / np.maximum(n - 1, 1), np.inf)
    se = np.sqrt(var / n)
    classes = gains.groupby("band")["code"].transform("count").to_numpy()
    df = np.maximum(n - 1, 1)
    q95 = st.t.ppf(0.975, df)
    strict = st.t.ppf(1 - alpha / (2 * classes), df)
    deals = gains["band"].map(deals_by_band).to_numpy(np.float64)
    out = gains[["band", "code", "n"]].copy()
    out["best"] = best
    out["usual"] = np.argmax(gains[[f"c{k}" for k in range(arms)]].to_numpy(), axis=1)
    out["gain"] = mean
    out["low95"], out["high95"] = mean - q95 * se, mean + q95 * se
    out["low_strict"] = mean - strict * se
    out["per_deal"] = n / deals
    # the variance of per_deal x gain, for the bound's interval
    out["var_term"] = (n / deals) ** 2 * se ** 2
    return out


@dataclass
class State:
    settings: dict
    sweep: int = 0                       # sweeps finished
    policy: dict = field(default_factory=dict)
    history: list = field(default_factory=list)   # per sweep: switches per decision
    bound: dict = field(default_factory=dict)     # the last sweep's bound per seat
    done: bool = False                   # settled (see settled): the run is over
    quiet: bool = False                  # the last sweep switched nothing: the run stops, settled or not
    open: list = field(default_factory=list)      # what could still gain beyond its interval (see still_open)
    verdict: str = ""                    # settled or not, in words, with what would be needed


def _policy_of(data: dict, settings: Settings) -> ClassPolicy:
    if not data:
        data = {"name": settings.name, "base": settings.base, "game": settings.rules.points_for_game,
                "bands": {k: [list(v[0]), list(v[1])] for k, v in settings.band_table().items()}}
    return class_policy(data, "the optimiser's policy")


def _mutable(policy: ClassPolicy) -> dict:
    """The policy's tables as {(rnd, band, seat): {code: action}}."""
    return {key: {int(c): int(arr[c]) for c in np.flatnonzero(arr >= 0)} for key, arr in policy.tables.items()}


def optimise(settings: Settings, jobs: int = 1, state_path=None, resume: bool = False, progress=None,
             scheduler=None) -> tuple[ClassPolicy, State]:
    """Iterated best response from ``settings.base``; returns the policy and the state (history and
    bound). ``state_path``: where the state is saved after each sweep (and read when ``resume``)."""
    settings.check()
    check_jobs(jobs, "the jobs")
    from joblib import delayed
    from analysis.storage import write_atomic

    state = State(settings.key())
    if resume:
        if state_path is None or not Path(state_path).exists():
            raise EuchreError(f"nothing to resume: no saved state at {state_path}")
        saved = json.loads(Path(state_path).read_text())
        same = {k: v for k, v in json.loads(json.dumps(settings.key())).items() if k != "sweeps"}
        if {k: v for k, v in saved.get("settings", {}).items() if k != "sweeps"} != same:
            raise EuchreError(f"the saved state at {state_path} was made with other settings: "
                              "give the same settings, or start again without --resume")
        if "quiet" not in saved:   # saved before settling was checked: its stop kept, not called settled
            saved["quiet"], saved["done"] = saved.get("done", False), False
        state = State(**saved)
        state.settings = settings.key()
    policy = _policy_of(state.policy, settings)
    while not (state.done or state.quiet) and state.sweep < settings.sweeps:
        sweep = state.sweep + 1
        value = score_values(policy, settings, sweep, jobs)
        switched, parts, unjudged = {}, {}, []
        for seat, rnd in DECISIONS:
            tasks = list(_tasks(settings, sweep, seat, rnd))
            frames = _parallel((delayed(decision_batch)(policy, seat, rnd, settings.rules, score, n,
                                                        optimise_batch_seed(settings.seed, sweep, seat, rnd, score, k))
                                for _, score, k, n in tasks), jobs, scheduler)
            deals_by_band = {}
            for (band, _, _, n) in tasks:
                deals_by_band[band] = deals_by_band.get(band, 0) + n
            frames = [f for f in frames if len(f)]
            frame = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
            table = decide(class_gains(frame, value, rnd, policy, seat), rnd, deals_by_band)
            tables = _mutable(policy)
            moved = 0
            judged = {band: int(table.loc[table["band"] == band, "n"].sum()) for band in table["band"].unique()
                      if (table.loc[table["band"] == band, "n"] < MIN_HANDS).all()}
            unjudged += [{"seat": SEATS[seat], "decision": ARMS_NAMES[rnd], "band": band, "hands": n}
                         for band, n in judged.items()]
            for r in table.itertuples(index=False):
                current = tables.get((rnd, r.band, seat), {}).get(int(r.code))
                if r.n >= MIN_HANDS and r.low_strict > 0 and current != r.best:
                    tables.setdefault((rnd, r.band, seat), {})[int(r.code)] = int(r.best)
                    moved += 1
                # the seat's gain per hand from playing the best action of every class, by band
                # (classes met on too few hands to judge are left out)
                if r.n < MIN_HANDS:
                    continue
                part = parts.setdefault((SEATS[seat], r.band), [0.0, 0.0])
                part[0] += r.per_deal * r.gain
                part[1] += r.var_term if np.isfinite(r.var_term) else 0.0
            switched[f"{SEATS[seat]} {ARMS_NAMES[rnd]}"] = moved
            policy = ClassPolicy(policy.base, policy.bands, tables, policy.game, policy.name, policy.base_name)
            if progress:
                progress(sweep, SEATS[seat], rnd, moved)
        state.sweep = sweep
        state.policy = policy.to_data()
        state.history.append(switched)
        state.bound = bound_of(parts)
        state.open = still_open(parts, unjudged)
        state.quiet = sum(switched.values()) == 0
        state.done = settled(switched, state.open)
        state.verdict = verdict(state, settings)
        if state_path is not None:
            text = json.dumps(asdict(state), indent=1, sort_keys=True)
            write_atomic(state_path, lambda tmp: Path(tmp).write_text(text))
    if not state.verdict:   # a state saved before the verdict was kept
        state.verdict = verdict(state, settings)
    return policy, state


def band_bounds(parts: dict) -> list[dict]:
    """Per seat and band, what it could gain per hand by playing the best action of every class
    (the sum over its decisions of ``parts``: (gain, variance)), with a 95% interval."""
    z = normal_quantile()
    return [{"seat": seat, "band": band, "gain": gain, "low": gain - z * math.sqrt(var),
             "high": gain + z * math.sqrt(var)} for (seat, band), (gain, var) in parts.items()]


def bound_of(parts: dict) -> dict:
    """Per seat, the band where it could gain most per hand by playing the best action of every
    class (the sum over its decisions), with a 95% interval."""
    out = {}
    for b in band_bounds(parts):
        if b["seat"] not in out or b["gain"] > out[b["seat"]]["gain"]:
            out[b["seat"]] = {k: b[k] for k in ("band", "gain", "low", "high")}
    return {s: out[s] for s in SEATS if s in out}


def still_open(parts: dict, unjudged: list[dict] = ()) -> list[dict]:
    """What could still gain beyond its 95% interval: each seat and band whose bound
    (:func:`band_bounds`) has its interval above zero, the clearest first; then each decision and
    band of ``unjudged`` (reached, but every class on fewer than :data:`MIN_HANDS` hands: its gain
    unmeasured, so not known to be none). A class met on too few hands in a judged decision is left
    out, as from the bound: on so few hands its interval is no guide (two alike give none at all)."""
    found = sorted(({"what": "bound", **b} for b in band_bounds(parts) if b["low"] > 0), key=lambda x: -x["low"])
    return found + [{"what": "unjudged", **u} for u in unjudged]


def settled(switched: dict, open_: list) -> bool:
    """The rule: settled when the last sweep switched no class and nothing could still gain beyond
    its 95% interval (``open_``, :func:`still_open`). A sweep that switched nothing is not enough:
    a gain too uncertain to switch on, whose interval still lies above zero, is a gain not taken."""
    return sum(switched.values()) == 0 and not open_


def verdict(state: State, settings: Settings) -> str:
    """Settled or not, in a sentence, and if not what would be needed."""
    if state.done:
        return ("settled: the last sweep changed nothing and no seat, band or class could still gain "
                "beyond its 95% interval")
    changed = sum(state.history[-1].values()) if state.history else 0
    words = []
    if changed:
        words.append(f"the last sweep still changed {changed} classes: more sweeps would go on "
                     f"(--sweeps above {settings.sweeps}, or --resume)")
    gains = [x for x in state.open if x["what"] == "bound"]
    blind = [x for x in state.open if x["what"] == "unjudged"]
    more_deals = f"more deals would narrow the intervals (--deals above {settings.deals:,})"
    if gains:
        top = gains[0]
        more = f" (and {len(gains) - 1} other seats and bands)" if len(gains) > 1 else ""
        words.append(f"{top['seat']} could still gain {top['gain']:+.4f} [{top['low']:+.4f}, {top['high']:+.4f}] "
                     f"per hand at {top['band']}{more}, an interval above zero: {more_deals}")
    if blind:
        top = blind[0]
        more = f" (and {len(blind) - 1} other decisions and bands)" if len(blind) > 1 else ""
        words.append(f"{top['seat']} {top['decision']} at {top['band']} met no class on {MIN_HANDS} hands or more"
                     f"{more}, so its gain is unmeasured: " + ("more deals would measure it" if gains else more_deals))
    if not words:
        words.append("no sweep has been run")
    return "not settled: " + "; ".join(words)


def to_toml(data: dict, comments: list[str] = ()) -> str:
    """A class policy's data as TOML text (strings, whole numbers and tables of them)."""
    def q(s):
        return json.dumps(str(s), ensure_ascii=False)

    lines = [f"# {c}" for c in comments]
    for key in ("name", "base"):
        lines.append(f"{key} = {q(data[key])}")
    lines.append(f"game = {int(data['game'])}")
    lines += ["", "[bands]   # name = [[own points low, high], [the other side's low, high]]"]
    for name, ((o0, o1), (t0, t1)) in data["bands"].items():
        lines.append(f"{q(name)} = [[{o0}, {o1}], [{t0}, {t1}]]")
    for section in ("first_round", "second_round", "discard"):
        for band, by_seat in data.get(section, {}).items():
            for seat, table in by_seat.items():
                lines += ["", f"[{section}.{q(band)}.{seat}]"]
                lines += [f"{q(label)} = {q(action)}" for label, action in table.items()]
    return "\n".join(lines) + "\n"

"""The strength ladder: how well each card player plays, measured by duplicate matches.

Every pair of players meets on the same deals, bid by one fixed policy (the book's, at
love-all). Each deal is played twice: the first player holding A and C's cards against the
second in B and D, then the sides swapped, the cards and the contract the same. A deal's score
for the first player is the mean of his side's net points over the two plays, so the luck of
the cards cancels and what is left is the play. Deals passed out are not played.

* Points per hand of each pair: the mean over the deals with its 95% t-interval.
* One rating per player: a Bradley-Terry model fitted to the deals each pair won, lost and
  tied (a tie counts half a win each way; every pair also gets one tied deal, so a clean sweep
  keeps a finite rating), on the Elo scale (400 points: ten to one odds of winning a deal that
  is not tied), the simple player at 0. Intervals: a bootstrap over the deals, the same deals
  drawn for every pair (they played the same cards).
* Speed: each player's whole hands a second with him in all four seats, on a fixed set of the
  ladder's deals, timed by the calling thread's CPU time (one core), after one untimed play of
  the same hands (the calls' tables built).

The double-dummy player sees every card: no player who sees only his own can beat him on
average, so he tops the ladder and measures how far the others are from perfect play.
"""
from __future__ import annotations

import itertools
import math
import os
import time
from dataclasses import dataclass, field

import numpy as np

from analysis.bidding import BookPolicy, bid_batch
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.experiment.stats import Estimate, mean_estimate, negated
from analysis.game import Rules, Score
from analysis.play import Player, TablePlay
from analysis.play.registry import DEFAULT_WORLDS, LADDER, entry, find, make_player
from analysis.seeds import ladder_bootstrap_seed, ladder_deals_seed, ladder_player_seed
from analysis.simulator import play_bidding
from fastcore.sampler import sample_deals

# the players of analysis.play.registry on the ladder by default, in its order of presentation
DEFAULT_PLAYERS = LADDER
BASELINE = "simple"          # rated 0
BOOTSTRAP = 400
SPEED_HANDS = 40             # hands each player plays in all four seats to measure his speed
ELO = 400 / math.log(10)


def ladder_player(name: str, seed: int, rules: Rules = Rules()) -> Player:
    """The player ``name`` of :mod:`analysis.play.registry`, his worlds drawn from ``seed``
    (a player who takes his worlds from the caller: :data:`DEFAULT_WORLDS`)."""
    return make_player(name, DEFAULT_WORLDS, seed, rules)


def description(name: str) -> str:
    """Who the player ``name`` is, in one line ("" for a name the registry does not know)."""
    got = find(name)
    return "" if got is None else got.description


def check_players(names) -> tuple[str, ...]:
    names = tuple(names)
    for name in names:
        entry(name)
    if len(set(names)) != len(names):
        raise EuchreError("a ladder player is named twice")
    if len(names) < 2:
        raise EuchreError("a ladder needs at least two players")
    return names


def ladder_deals(chunk: int, n: int, seed: int, rules: Rules):
    """The bidding of the chunk's deals by the book at love-all, passed-out deals dropped:
    (bidding, turn-ups)."""
    d = sample_deals(n, ladder_deals_seed(seed, chunk), pack=rules.pack)
    b = bid_batch(d.hands, d.turn_up, BookPolicy(), rules, Score())
    keep = np.flatnonzero(b.round > 0)
    return b.take(keep), np.asarray(d.turn_up)[keep]


def match_chunk(a: str, b: str, chunk: int, n: int, seed: int, rules: Rules) -> np.ndarray:
    """Per deal played, ``a``'s mean net points over the two plays (``a`` on AC, then on BD)."""
    bidding, turn_up = ladder_deals(chunk, n, seed, rules)
    pa = ladder_player(a, ladder_player_seed(seed, chunk, a), rules)
    pb = ladder_player(b, ladder_player_seed(seed, chunk, b), rules)
    _t, first = play_bidding(bidding, turn_up, TablePlay(players=[pa, pb, pa, pb], pack=rules.pack))
    _t, second = play_bidding(bidding, turn_up, TablePlay(players=[pb, pa, pb, pa], pack=rules.pack))
    first = first.astype(np.int64)
    second = second.astype(np.int64)
    return ((first[:, 0] - first[:, 1]) + (second[:, 1] - second[:, 0])) / 2.0


def hands_per_second(name: str, seed: int, rules: Rules, hands: int = SPEED_HANDS) -> float:
    """Whole hands a second with ``name`` in all four seats (one core: the thread's CPU time), the
    hands played once beforehand untimed: what a player builds once (the calls' tables of the
    player who reads them) is not counted against every hand."""
    bidding, turn_up = ladder_deals(0, max(2 * hands, 16), seed, rules)
    rows = np.arange(min(hands, len(bidding.maker)))
    bidding, turn_up = bidding.take(rows), turn_up[rows]
    play_bidding(bidding, turn_up, TablePlay(players=[ladder_player(name, ladder_player_seed(seed, 0, name), rules)] * 4,
                                             pack=rules.pack))
    player = ladder_player(name, ladder_player_seed(seed, 0, name), rules)
    start = time.thread_time()
    play_bidding(bidding, turn_up, TablePlay(players=[player] * 4, pack=rules.pack))
    return len(rows) / max(time.thread_time() - start, 1e-9)


@dataclass
class Pair:
    a: str
    b: str
    points: Estimate          # a's net points per hand over b
    wins: int                 # deals a scored better on
    losses: int
    ties: int

    @property
    def deals(self) -> int:
        return self.points.n


@dataclass
class Rating:
    name: str
    rating: float
    low: float
    high: float
    hands_per_s: float


@dataclass
class Ladder:
    players: list[Rating]
    pairs: list[Pair]
    deals: int                # deals dealt a pair (before the passed-out are dropped)
    seed: int
    rules: Rules
    bootstrap: int
    cores: int = field(default_factory=lambda: os.cpu_count() or 1)
    commit: str | None = None     # the code's commit, when the caller knows it

    def __str__(self) -> str:
        w = max([14] + [len(r.name) + 1 for r in self.players])   # the names' column
        lines = [f"strength ladder: {self.deals:,} deals dealt a pair (bid by the book at love-all, each played "
                 f"twice), seed {self.seed}, pack {self.rules.pack}",
                 f"  {'player':<{w}}{'rating (Elo)':>13}  {'95% interval':<16}{'hands/s':>10}"]
        for r in self.players:
            ci = f"[{r.low:+.0f}, {r.high:+.0f}]"
            lines.append(f"  {r.name:<{w}}{r.rating:>+13.0f}  {ci:<16}{r.hands_per_s:>10,.0f}")
        lines.append("  pairs: points per hand of the first over the second, 95% interval, deals")
        for p in self.pairs:
            e = p.points
            lines.append(f"  {p.a:>{w}} - {p.b:<{w}}{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]  {p.deals:,}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        return self.as_dict()

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_table
        return html_table(players_frame(self)) + html_table(pairs_frame(self))

    def as_dict(self) -> dict:
        def num(x):
            return None if x is None or not math.isfinite(x) else float(x)
        return {
            "players": [{"name": r.name, "rating": num(r.rating), "ci": [num(r.low), num(r.high)],
                         "hands_per_s": num(r.hands_per_s), "description": description(r.name)}
                        for r in self.players],
            "pairs": [{"a": p.a, "b": p.b, "points_per_hand": num(p.points.mean),
                       "ci": [num(p.points.low), num(p.points.high)], "deals": p.deals,
                       "wins": p.wins, "losses": p.losses, "ties": p.ties} for p in self.pairs],
            "deals_dealt": self.deals, "seed": self.seed, "pack": self.rules.pack, "bidding": "book, love-all",
            "rating": f"Bradley-Terry on deals won, lost and tied, Elo scale, {BASELINE} = 0",
            "bootstrap": self.bootstrap, "cores": self.cores, "git_commit": self.commit,
        }


def _tallies(x: np.ndarray) -> np.ndarray:
    return np.array([(x > 0).sum(), (x < 0).sum(), (x == 0).sum()], np.int64)


def fit_ratings(names: list[str], tallies: dict[tuple[int, int], np.ndarray]) -> np.ndarray:
    """Bradley-Terry strengths (natural log scale) from each pair's (wins, losses, ties) of the
    first over the second; ties count half a win each way and each pair gets one tie more. The
    first name is fixed at 0."""
    from scipy.optimize import minimize

    k = len(names)
    rows = []
    for (i, j), (w, l, t) in tallies.items():
        rows.append((i, j, w + (t + 1) / 2, l + (t + 1) / 2))
    i_, j_, wij, wji = (np.array(v, dtype=float) for v in zip(*rows))
    i_, j_ = i_.astype(int), j_.astype(int)

    def loss(free):
        theta = np.concatenate([[0.0], free])
        d = theta[i_] - theta[j_]
        ll = -(wij * np.logaddexp(0, -d) + wji * np.logaddexp(0, d)).sum()
        p = 1 / (1 + np.exp(-d))
        g_d = wij * (1 - p) - wji * p
        grad = np.zeros(k)
        np.add.at(grad, i_, g_d)
        np.add.at(grad, j_, -g_d)
        return -ll, -grad[1:]
    res = minimize(loss, np.zeros(k - 1), jac=True, method="BFGS")
    return np.concatenate([[0.0], res.x])


def run_ladder(players=DEFAULT_PLAYERS, deals: int = 1000, seed: int = 0, rules: Rules = Rules(),
               chunk_size: int = 250, n_jobs: int = 1, bootstrap: int = BOOTSTRAP, progress: bool = False) -> Ladder:
    """Every pair of ``players`` meets on the same ``deals`` deals (see the module docstring).
    The deals are dealt chunk by chunk (``chunk_size`` is part of the settings); the result
    depends on the settings alone, not on ``n_jobs``."""
    names = list(check_players(players))
    check_whole(deals, "deals", 1)
    check_whole(seed, "seed")
    check_whole(chunk_size, "chunk size", 1)
    check_jobs(n_jobs)
    if BASELINE in names:                      # the baseline first: it is rated 0
        names.remove(BASELINE)
        names.insert(0, BASELINE)
    pairs = list(itertools.combinations(range(len(names)), 2))
    chunks = [(c, min(chunk_size, deals - c * chunk_size)) for c in range(math.ceil(deals / chunk_size))]
    tasks = [(i, j, c, n) for (i, j) in pairs for c, n in chunks]
    from joblib import delayed

    from analysis.parallel import local_parallel
    jobs = local_parallel(n_jobs, return_as="generator")(
        delayed(match_chunk)(names[i], names[j], c, n, seed, rules) for i, j, c, n in tasks)
    if progress:
        from tqdm import tqdm
        jobs = tqdm(jobs, total=len(tasks), desc="ladder", unit="match")
    got: dict[tuple[int, int], list[np.ndarray]] = {p: [None] * len(chunks) for p in pairs}
    for (i, j, c, _n), x in zip(tasks, jobs):
        got[(i, j)][c] = x
    outcome = {p: np.concatenate(v) for p, v in got.items()}
    result_pairs = []
    for (i, j), x in outcome.items():
        w, l, t = _tallies(x)
        result_pairs.append(Pair(names[i], names[j], mean_estimate(x), int(w), int(l), int(t)))
    theta = fit_ratings(names, {p: _tallies(x) for p, x in outcome.items()})
    rng = np.random.default_rng(ladder_bootstrap_seed(seed))
    n_deals = len(next(iter(outcome.values())))
    draws = np.empty((bootstrap, len(names)))
    for k in range(bootstrap):
        idx = rng.integers(0, n_deals, n_deals)
        draws[k] = fit_ratings(names, {p: _tallies(x[idx]) for p, x in outcome.items()})
    low, high = np.percentile(draws, [2.5, 97.5], axis=0)
    speed = {name: hands_per_second(name, seed, rules) for name in names}
    ratings = [Rating(name, ELO * theta[k], ELO * low[k], ELO * high[k], speed[name]) for k, name in enumerate(names)]
    ratings.sort(key=lambda r: -r.rating)
    return Ladder(ratings, result_pairs, deals, seed, rules, bootstrap)


# --- the report -------------------------------------------------------------------------------

def players_frame(result: Ladder):
    import pandas as pd
    return pd.DataFrame({"player": [r.name for r in result.players],
                         "rating (Elo)": [round(r.rating) for r in result.players],
                         "95% low": [round(r.low) for r in result.players],
                         "95% high": [round(r.high) for r in result.players],
                         "hands/s (one core)": [round(r.hands_per_s) for r in result.players],
                         "who he is": [description(r.name) for r in result.players]})


def pairs_frame(result: Ladder):
    import pandas as pd
    order = {r.name: k for k, r in enumerate(result.players)}
    rows = []
    for p in result.pairs:   # the stronger of the two first
        a, b, e, w, l = p.a, p.b, p.points, p.wins, p.losses
        if order[a] > order[b]:
            a, b, e, w, l = b, a, negated(e), l, w
        rows.append((order[a], order[b], a, b, e.mean, e.low, e.high, e.n, w, l, p.ties))
    rows.sort()
    return pd.DataFrame({"player": [r[2] for r in rows], "against": [r[3] for r in rows],
                         "points per hand": [r[4] for r in rows], "95% low": [r[5] for r in rows],
                         "95% high": [r[6] for r in rows], "deals": [r[7] for r in rows],
                         "won": [r[8] for r in rows], "lost": [r[9] for r in rows], "tied": [r[10] for r in rows]})


def _chart(result: Ladder, path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from analysis.storage import write_atomic

    rows = result.players[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.42 * len(rows) + 1.4))
    y = np.arange(len(rows))
    mean = np.array([r.rating for r in rows])
    err = np.vstack([mean - np.array([r.low for r in rows]), np.array([r.high for r in rows]) - mean])
    ax.errorbar(mean, y, xerr=np.clip(err, 0, None), fmt="o", color="#0072B2", capsize=3)
    ax.set_yticks(y, [f"{r.name}  ({r.hands_per_s:,.0f} hands/s)" for r in rows])
    ax.axvline(0, color="0.5", lw=0.8)
    n = result.pairs[0].deals if result.pairs else 0
    ax.set_xlabel(f"rating, Elo scale ({BASELINE} = 0); 95% bootstrap interval; {n:,} deals a pair, played twice")
    ax.set_title("The card players' strength ladder")
    ax.grid(axis="x", alpha=0.3)

    def save(tmp):
        fig.savefig(tmp, dpi=110, bbox_inches="tight", format="png", metadata={"Software": None})
    try:
        write_atomic(path, save)
    finally:
        plt.close(fig)


def method_text(result: Ladder) -> str:
    n = result.pairs[0].deals if result.pairs else 0
    return (f"Pack {result.rules.pack}; every pair of players meets on the same {result.deals:,} deals (seed "
            f"{result.seed}), bid by the book's policy at love-all; the {n:,} deals not passed out are each played "
            f"twice, the first player holding A and C's cards, then B and D's, and his score on a deal is his side's "
            f"mean net points over the two plays. Points per hand: a t-interval over the deals. Ratings: a "
            f"Bradley-Terry model of the deals won, lost and tied (a tie half a win each way, one tie added to each "
            f"pair), on the Elo scale with {BASELINE} at 0; 95% intervals from {result.bootstrap} bootstrap draws "
            f"of the deals. Speed: whole hands a second with the player in all four seats, the calling thread's "
            f"CPU time on a machine of {result.cores} cores."
            + (f" Code: commit {result.commit}." if result.commit else ""))


def headline_text(result: Ladder) -> str:
    """The top player and his rating, then the order: as many players named as a headline's 60
    words allow, the rest counted."""
    from analysis.reporting.report import headline_problem
    top = result.players[0]
    names = [r.name for r in result.players]
    for shown in range(len(names), 0, -1):
        rest = len(names) - shown
        order = ", ".join(names[:shown]) + (f" and {rest} more" if rest else "")
        text = (f"{top.name} tops the ladder at {top.rating:+.0f} [{top.low:+.0f}, {top.high:+.0f}] Elo over "
                f"{BASELINE}; the order, strongest first: {order}.")
        if headline_problem(text) is None:
            break
    return text


CHART = "ratings.png"


def write_report(result: Ladder, folder) -> dict:
    """``ratings.png``, ``ladder.json``, ``report.md`` and ``report.html`` (the chart linked)."""
    from pathlib import Path

    from analysis.storage import write_json

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    chart = folder / CHART
    _chart(result, chart)
    data = write_json(folder / "ladder.json", result.as_dict())
    return {"json": data, **write_page(result, folder), "png": chart}


def write_page(result: Ladder, folder) -> dict:
    """``report.md`` and ``report.html`` of the ladder, a page of the reports' site, its chart
    (``ratings.png``, already drawn) beside them."""
    import html

    from analysis.reporting.markup import html_table, md_table
    from analysis.reporting.report import Chart, folded, write_page as write_site_page

    title = "The strength ladder of the card players"
    method = method_text(result)
    main = Chart(CHART, f"Each player's rating on the Elo scale ({BASELINE} at 0) with its 95% bootstrap interval, "
                        "the strongest at the top; beside his name, the whole hands he plays a second on one core.")
    pairs = "Pairs (points per hand of the first over the second)"
    md = "\n\n".join(["## Players", md_table(players_frame(result)), f"## {pairs}", md_table(pairs_frame(result)),
                       "## Method", method])
    body = "\n".join([
        "<h2>Players</h2>", f'<div class="wide">{html_table(players_frame(result), "results")}</div>',
        f"<h2>{html.escape(pairs)}</h2>", f'<div class="wide">{html_table(pairs_frame(result), "results")}</div>',
        folded("Method", f"<p>{html.escape(method)}</p>")])
    return write_site_page(folder, title, headline_text(result), main, md, body)


def ladder_from_dict(data: dict) -> Ladder:
    """The ladder as its ``ladder.json`` keeps it (:meth:`Ladder.as_dict`): what its page shows."""
    def num(x):
        return math.nan if x is None else float(x)

    players = [Rating(p["name"], num(p["rating"]), num(p["ci"][0]), num(p["ci"][1]), num(p["hands_per_s"]))
               for p in data["players"]]
    pairs = [Pair(p["a"], p["b"], Estimate(num(p["points_per_hand"]), num(p["ci"][0]), num(p["ci"][1]), math.nan,
                                           math.nan, int(p["deals"]), math.nan), int(p["wins"]), int(p["losses"]),
                  int(p["ties"])) for p in data["pairs"]]
    return Ladder(players, pairs, int(data["deals_dealt"]), int(data["seed"]), Rules.of(pack=int(data["pack"])),
                  int(data["bootstrap"]), int(data["cores"]), data.get("git_commit"))


def redraw_page(folder) -> dict:
    """The ladder's page drawn again from its ``ladder.json``, without playing a deal: only
    ``report.md`` and ``report.html`` are written."""
    import json
    from pathlib import Path

    data = json.loads((Path(folder) / "ladder.json").read_text(encoding="utf-8"))
    return write_page(ladder_from_dict(data), folder)

"""Duplicate comparison of two bidding policies: ``euchrelab compare FIRST SECOND``.

Every deal is played twice: the first policy (A below) sitting A+C (seat A deals) and the second
(B below) sitting B+D, then the same cards with the sides swapped, so the luck of the cards
cancels. The per-deal result is A's side's net points (its points minus the other side's) averaged
over the two seatings. What is printed names the policies by their names (:func:`policy_labels`),
never by these letters, which are the seats'.

- ``points_per_hand``: the mean per-deal result at one score M-O (A's side's points first), with
  a t-interval over the deals (independent pairs). At an unequal score the per-deal result is
  made antisymmetric too: A's side's result holding M against O, minus B's side's result holding
  M against O (the same cards played at O-M), halved; so it measures the policies, not the
  score, and ``compare(B, A, score=O-M)`` negates it exactly.
- ``game_win`` and ``rubber_points``: A's probability of winning a game minus B's, and A's
  expected net rubber points minus B's, from the start (0-0, first game, the first dealer drawn
  evenly between the sides). A Markov chain over (A's score, B's score, which side deals), in
  every game of the rubber (laws 1, 2 and 7, as in :mod:`analysis.value.rubber`; a single game when
  ``Rules.rubber`` is False), reads the distribution of a hand's outcome per state from the same
  duplicate deals played at every score below game for both seatings. :func:`chain_value`
  solves it for the first policy of a pair of tables; the value reported is
  ``(v(A, B) - v(B, A)) / 2``, each computed by the same code from the two seatings' tables, so
  that a policy against itself gives exactly 0 and swapping the policies negates the numbers.
  Their intervals come from a bootstrap over the deals (a deal's plays kept together).
- ``by_decision``: where the two seatings' bidding first differs on a deal, the seat and the
  decision (round one call, round two make/suit, alone, take from partner, discard); the share
  of deals of each kind and their mean per-deal result. At a score M-M, deals whose bidding is
  the same in both seatings are played the same (every engine is deterministic) and contribute 0, so
  ``points_per_hand`` is the sum over the kinds of share times mean. (At M-O with M other than
  O the kinds are read from the two seatings at M-O, A holding M.)

Seeding: the deals at A-score (m, o) come in chunks seeded by ``SeedSequence(seed,
spawn_key=(min(m, o), max(m, o), chunk))``: scores m-o and o-m play the same cards, so the
table of "A deals at m-o" and the table of "B deals at m-o" are built from the same deals (what
makes self-play exactly 0). The bootstrap's draws of the deals are seeded by the same pair of scores,
so every number is the same whatever the number of workers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from analysis.game.cards import SEAT_LEGEND, SEATS, SIDE_NAMES
from analysis.play.engines import check_play, chunk_engine, play_words, resolve_play
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.limits import bounded
from analysis.value.game_model import OUTCOMES, outcome_index
from analysis.bidding.policy import Policy
from analysis.game.rules import Rules, Score
from analysis.bidding.auction import bid_batch
from analysis.simulator import play_bidding
from analysis.experiment.stats import Estimate, mean_estimate
from analysis.seeds import duplicate_bootstrap_seed, duplicate_chunk_seed, game_hand_seed

CHUNK = 5_000            # deals per chunk: part of the seeding
GAME_CHUNK = 250         # duplicate game pairs per chunk (--games): part of the seeding
BOOTSTRAP = 1000         # bootstrap draws of the game and rubber values
RUBBER_GAMES = 4
RUBBER_POINTS = 2
DECISIONS = ("round one call", "round two make/suit", "alone", "take from partner", "discard")
_GAIN = np.array(OUTCOMES, dtype=np.int64)


# --- the two-policy chain -------------------------------------------------------------------

def chain_value(first, second, rules: Rules = Rules(), first_deals: bool | None = None) -> np.ndarray | float:
    """The first policy's expected net rubber points (with ``rules.rubber`` False: net game
    points, its probability of winning the game minus the other's) from the start of a rubber,
    the first dealer drawn evenly between the sides.

    ``first[..., m, o, k]``: the distribution over :data:`analysis.value.game_model.OUTCOMES`
    (dealing side first) of a hand dealt by the first policy's side with m points against o;
    ``second`` the same for hands dealt by the second policy's side. Leading axes are a stack
    (bootstrap draws), solved draw by draw.

    The state is (game, games won by each side, the first side's score a, the other's b, which
    side deals). Scores only rise except on a void deal, which passes the deal: each score's two
    states (either side dealing) are solved together from the higher scores, exactly, from the
    last game back to the first.
    """
    pa = np.asarray(first, dtype=float)
    pb = np.asarray(second, dtype=float)
    g = rules.points_for_game
    if pa.shape != pb.shape or pa.shape[-3:] != (g, g, len(OUTCOMES)):
        raise EuchreError(f"the two tables must both have shape (..., {g}, {g}, {len(OUTCOMES)})")
    stack = pa.shape[:-3]
    games = RUBBER_GAMES if rules.rubber else 1
    # v[..., game, games won by the first side, by the other, who deals (0 first), a, b]
    v = np.zeros((*stack, games, 4, 4, 2, g, g))
    gw, lw = np.indices((4, 4))

    def after(k, a, b, nxt):
        """The first side's value after a hand of game k left it at a to b, ``nxt`` dealing next."""
        if a < g and b < g:
            return v[..., k, :, :, nxt, a, b]
        won = a >= g
        if not rules.rubber:
            return np.full((*stack, 4, 4), 1.0 if won else -1.0)
        mine, theirs = (gw + 1, lw) if won else (gw, lw + 1)
        decided = (np.maximum(mine, theirs) >= 2) & (np.maximum(gw, lw) < 2)
        double = (b if won else a) == 0
        value = (1.0 + double + RUBBER_POINTS * decided) * (1.0 if won else -1.0)
        carry = (a if won else b) - g
        if k < 2 or (k == 2 and carry > 0):
            nxt_game = v[..., k + 1, :, :, nxt, :, :]
            mi, ti = np.minimum(mine, 3), np.minimum(theirs, 3)
            sa, sb = (carry, 0) if won else (0, carry)
            value = value + nxt_game[..., mi, ti, sa, sb]
        return np.broadcast_to(value, (*stack, 4, 4))

    for k in range(games - 1, -1, -1):
        for total in range(2 * g - 2, -1, -1):
            for a in range(max(0, total - g + 1), min(total, g - 1) + 1):
                b = total - a
                qa, qb = pa[..., a, b, :], pb[..., b, a, :]     # first side deals; the other deals
                rest_a = sum(qa[..., i, None, None] * after(k, a + x, b + y, 1)
                             for i, (x, y) in enumerate(_GAIN) if i)
                rest_b = sum(qb[..., i, None, None] * after(k, a + y, b + x, 0)
                             for i, (x, y) in enumerate(_GAIN) if i)
                va, vb = qa[..., 0, None, None], qb[..., 0, None, None]   # void: the deal passes
                denom = 1.0 - va * vb
                with np.errstate(divide="ignore", invalid="ignore"):
                    v0 = np.where(denom > 0, (rest_a + va * rest_b) / np.where(denom > 0, denom, 1.0), 0.0)
                v[..., k, :, :, 0, a, b] = v0
                v[..., k, :, :, 1, a, b] = rest_b + vb * v0
    if first_deals is None:
        start = 0.5 * (v[..., 0, 0, 0, 0, 0, 0] + v[..., 0, 0, 0, 1, 0, 0])
    else:
        start = v[..., 0, 0, 0, 0 if first_deals else 1, 0, 0]
    return float(start) if np.ndim(start) == 0 else start


def antisymmetric(table_a, table_b, rules: Rules) -> np.ndarray | float:
    """``(v(A, B) - v(B, A)) / 2``: exactly 0 when the tables are equal, negated when swapped."""
    return (chain_value(table_a, table_b, rules) - chain_value(table_b, table_a, rules)) / 2


# --- the deals ------------------------------------------------------------------------------

def _seating(a: Policy, b: Policy, first: bool) -> list[Policy]:
    return [a, b, a, b] if first else [b, a, b, a]



def first_difference(calls1, calls2, discard1: int, discard2: int) -> tuple[int, str] | None:
    """(seat, decision) of the first call where two biddings of one deal differ, or of the
    dealer's discard when only it differs; None when they are the same."""
    for i in range(max(len(calls1), len(calls2))):
        c1 = calls1[i] if i < len(calls1) else None
        c2 = calls2[i] if i < len(calls2) else None
        if c1 == c2:
            continue
        if c1 is None or c2 is None or "take it from partner" in (c1.action, c2.action):
            seat = (c1 or c2).seat
            return seat, "take from partner"
        if c1.action == c2.action and c1.suit == c2.suit:
            return c1.seat, "alone"
        return c1.seat, "round one call" if i < 4 else "round two make/suit"
    if discard1 != discard2:
        return 0, "discard"
    return None


def chunk_plays(a: Policy, b: Policy, rules: Rules, score: tuple[int, int], chunk: int, n: int, seed: int,
                differences: bool, play: str = "dd", worlds: int = 32, given=None) -> dict:
    """One chunk of deals at A-score (m, o), played in both seatings: the outcomes (dealing
    side first) of each, A's net points in each, and, when ``differences``, where the biddings
    first differ (seat, decision index; -1 for none). The deals are ``given`` (a batch of
    ``n``), or else dealt from the chunk's seed."""
    from fastcore.sampler import sample_deals
    m, o = int(score[0]), int(score[1])
    chunk_seed = duplicate_chunk_seed(seed, score, chunk)
    deals = sample_deals(n, chunk_seed, pack=rules.pack) if given is None else given
    engine = chunk_engine(play, worlds, chunk_seed, rules.pack)
    out = {}
    batches = []
    for first in (True, False):
        s = Score(ac=m, bd=o) if first else Score(ac=o, bd=m)
        bb = bid_batch(deals.hands, deals.turn_up, _seating(a, b, first), rules, s)
        _, points = play_bidding(bb, deals.turn_up, engine)
        key = "1" if first else "2"
        out["outcome" + key] = outcome_index(points[:, 0], points[:, 1])
        net = points[:, 0].astype(np.int16) - points[:, 1]
        out["net" + key] = net if first else -net
        batches.append(bb)
    if differences:
        seat = np.full(n, -1, np.int8)
        kind = np.full(n, -1, np.int8)
        b1, b2 = batches
        for i in range(n):
            d = first_difference(b1.calls(i), b2.calls(i), int(b1.discard[i]), int(b2.discard[i]))
            if d is not None:
                seat[i], kind[i] = d[0], DECISIONS.index(d[1])
        out["seat"], out["kind"] = seat, kind
    return out


def given_deals(deals, rules: Rules):
    """``deals`` as the comparison takes them: a count (None: dealt from the seed) or a batch
    of whole deals of the rules' pack (a :class:`fastcore.deals.Deals`, e.g. from
    :func:`analysis.sample_deals`): (how many, the batch or None)."""
    from fastcore.deals import Deals
    if not isinstance(deals, Deals):
        return bounded(deals, "compare", "deals"), None
    if len(deals) < 1:
        raise EuchreError("deals must hold at least 1 deal, not 0")
    if deals.pack != rules.pack:
        raise EuchreError(f"the deals are of the {deals.pack}-card pack, the rules of the {rules.pack}-card pack: "
                          "deal them with the rules' pack")
    if not np.all(deals.cards >= 0):
        raise EuchreError("the deals must be whole deals, five cards a hand")
    return len(deals), deals


def duplicate_plays(a: Policy, b: Policy, rules: Rules, deals, seed: int, score: Score,
                    n_jobs: int = 1, play: str = "dd", worlds: int = 32, progress=None) -> dict:
    """Every chunk of every A-score below game played in both seatings, gathered by score:
    ``{(m, o): {"outcome1", "outcome2", "net1", "net2"[, "seat", "kind"]}}`` (arrays of
    ``deals``), the differences at ``score`` only. ``deals``: a count, or a batch of deals
    played at every score. ``progress(done, total)`` is called as each chunk is played."""
    from joblib import delayed

    from analysis.parallel import local_parallel
    g = rules.points_for_game
    n_deals, given = given_deals(deals, rules)
    plan = [((m, o), c, start, min(CHUNK, n_deals - start)) for m in range(g) for o in range(g)
            for c, start in enumerate(range(0, n_deals, CHUNK))]
    target = (score.ac, score.bd)
    tasks = (delayed(chunk_plays)(a, b, rules, s, c, n, seed, s == target, play, worlds,
                                  None if given is None else given[start:start + n])
             for s, c, start, n in plan)
    found = []
    for part in local_parallel(n_jobs, batch_size=1, return_as="generator")(tasks):
        found.append(part)
        if progress is not None:
            progress(len(found), len(plan))
    by_score: dict = {}
    for (s, *_), part in zip(plan, found):
        by_score.setdefault(s, []).append(part)
    return {s: {k: np.concatenate([p[k] for p in parts]) for k in parts[0]} for s, parts in by_score.items()}


def tables(plays: dict, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Outcome counts (game, game, 7), dealing side first: of hands dealt by A's side at A's m
    against o, and of hands dealt by B's side at B's m against o."""
    g = rules.points_for_game
    ta = np.zeros((g, g, len(OUTCOMES)))
    tb = np.zeros((g, g, len(OUTCOMES)))
    for (m, o), p in plays.items():
        ta[m, o] = np.bincount(p["outcome1"], minlength=len(OUTCOMES))
        tb[o, m] = np.bincount(p["outcome2"], minlength=len(OUTCOMES))
    return ta, tb


def _probs(counts):
    return counts / counts.sum(axis=-1, keepdims=True)


def bootstrap_tables(plays: dict, rules: Rules, seed: int, draws: int = BOOTSTRAP) -> tuple[np.ndarray, np.ndarray]:
    """``draws`` stacks of the two tables of :func:`tables`, each from the deals drawn again
    with replacement, score pair by score pair: the deals of m-o and o-m (the same cards) are
    drawn together, a deal's plays (two seatings at each of the two scores) kept together.

    A deal counts only through its outcomes, so the deals of a pair of scores are grouped by
    the outcomes of their plays and each group's size drawn from the multinomial distribution
    of the groups' frequencies: the same as drawing the deals. The groups are taken in the
    order of their first deal, so the draws do not depend on which policy is A; the random
    numbers come from :func:`analysis.seeds.duplicate_bootstrap_seed`."""
    g = rules.points_for_game
    ta = np.zeros((draws, g, g, len(OUTCOMES)))
    tb = np.zeros((draws, g, g, len(OUTCOMES)))
    eye = np.eye(len(OUTCOMES))
    for lo in range(g):
        for hi in range(lo, g):
            cells = [(lo, hi)] if lo == hi else [(lo, hi), (hi, lo)]
            arrays = [plays[c][k].astype(np.int64) for c in cells for k in ("outcome1", "outcome2")]
            code = np.zeros(len(arrays[0]), np.int64)
            for x in arrays:
                code = code * len(OUTCOMES) + x
            _, first, inverse, counts = np.unique(code, return_index=True, return_inverse=True, return_counts=True)
            order = np.argsort(first, kind="stable")
            n = int(counts.sum())
            rng = np.random.default_rng(duplicate_bootstrap_seed(seed, lo, hi))
            drawn = rng.multinomial(n, counts[order] / n, size=draws).astype(float)   # (draws, groups)
            reps = first[order]                                   # a deal of each group
            for m, o in cells:
                p = plays[(m, o)]
                ta[:, m, o] = drawn @ eye[p["outcome1"][reps]]
                tb[:, o, m] = drawn @ eye[p["outcome2"][reps]]
    return ta, tb


def bootstrap_estimate(point: float, draws: np.ndarray) -> Estimate:
    """The point value with the draws' standard deviation and their 2.5% and 97.5% order
    statistics (no interpolation: negated draws give exactly the negated interval)."""
    raw = np.asarray(draws, dtype=float)
    d = np.sort(raw)
    k = int(math.floor(0.025 * len(d)))
    se = float(raw.std(ddof=1)) if len(d) > 1 else float("nan")   # in draw order: exact under negation
    return Estimate(float(point), float(d[k]), float(d[len(d) - 1 - k]), se, se, len(d), float("nan"))


# --- whole games ----------------------------------------------------------------------------

def _game_chunk(a: Policy, b: Policy, rules: Rules, chunk: int, n: int, seed: int, play: str = "dd",
                worlds: int = 32) -> np.ndarray:
    """``n`` duplicate pairs of games played hand by hand: twin 0 with A's side dealing first,
    twin 1 with B's side dealing first, hand h of both twins on the same cards. Whether A's side
    won each game (n, 2)."""
    from fastcore.sampler import sample_deals
    g = rules.points_for_game
    score = np.zeros((2, n, 2), np.int64)          # twin, game, (A's side, B's side)
    dealer = np.zeros((2, n), np.int64)             # 0: A's side deals
    dealer[1] = 1
    live = np.ones((2, n), bool)
    hand = 0
    while live.any():
        hand_seed = game_hand_seed(seed, chunk, hand)
        deals = sample_deals(n, hand_seed, pack=rules.pack)
        engine = chunk_engine(play, worlds, hand_seed, rules.pack)
        for twin in (0, 1):
            rows = np.flatnonzero(live[twin])
            if not len(rows):
                continue
            keys = dealer[twin, rows] * g * g + score[twin, rows, 0] * g + score[twin, rows, 1]
            for key in np.unique(keys):
                sel = rows[keys == key]
                d, sa, sb = int(key) // (g * g), int(key) // g % g, int(key) % g
                s = Score(ac=sa, bd=sb) if d == 0 else Score(ac=sb, bd=sa)
                bb = bid_batch(deals.hands[sel], deals.turn_up[sel], _seating(a, b, d == 0), rules, s)
                _, points = play_bidding(bb, deals.turn_up[sel], engine)
                gain_a, gain_b = (points[:, 0], points[:, 1]) if d == 0 else (points[:, 1], points[:, 0])
                score[twin, sel, 0] += gain_a
                score[twin, sel, 1] += gain_b
            dealer[twin, rows] = 1 - dealer[twin, rows]
            live[twin] &= score[twin].max(axis=1) < g
        hand += 1
        if hand > 10_000:
            raise EuchreError("the games did not end: every hand is void (all pass twice)")
    return (score[:, :, 0] >= g).T


def duplicate_games(a: Policy, b: Policy, rules: Rules = Rules(), games: int = 1000, seed: int = 0,
                    n_jobs: int = 1, play: str = "dd", worlds: int = 32) -> dict:
    """``games`` whole games, each played twice on the same sequence of deals with the sides
    swapped (A's side dealing first in one, B's in the other). A's game-win rate minus B's:
    per pair, A's wins minus one (-1, 0 or 1), with a t-interval over the pairs."""
    if not isinstance(games, (int, np.integer)) or isinstance(games, bool) or games < 1:
        raise EuchreError(f"--games must be a whole number of at least 1, not {games!r}")
    from joblib import delayed

    from analysis.parallel import local_parallel
    plan = [(c, min(GAME_CHUNK, games - start)) for c, start in enumerate(range(0, games, GAME_CHUNK))]
    found = local_parallel(n_jobs, batch_size=1)(delayed(_game_chunk)(a, b, rules, c, n, seed, play, worlds) for c, n in plan)
    wins = np.concatenate(found)
    per_pair = wins.sum(axis=1).astype(float) - 1.0
    return {"pairs": int(games), "games_played": 2 * int(games), "a_wins": int(wins.sum()),
            "win_diff": mean_estimate(per_pair)}


# --- the comparison -------------------------------------------------------------------------

def policy_labels(a: str, b: str) -> tuple[str, str]:
    """The two policies as a comparison prints them: their names, or "book (first)" and "book
    (second)" when the names are the same."""
    return (a, b) if a != b else (f"{a} (first)", f"{b} (second)")


@dataclass
class DecisionRow:
    seat: str
    decision: str
    share: float
    points: Estimate


@dataclass
class Comparison:
    a: str
    b: str
    rules: Rules
    deals: int
    seed: int
    score: Score
    points_per_hand: Estimate
    game_win: Estimate
    rubber_points: Estimate
    differ_share: float
    by_decision: list[DecisionRow] = field(default_factory=list)
    games: dict | None = None
    bootstrap: int = BOOTSTRAP
    play: str = "dd"
    worlds: int = 32

    @property
    def play_words(self) -> str:
        return play_words(self.play, self.worlds)

    @property
    def labels(self) -> tuple[str, str]:
        """The two policies' names as printed (see :func:`policy_labels`)."""
        return policy_labels(self.a, self.b)

    @property
    def minus(self) -> str:
        """``"book minus optimised"``: what every number measures."""
        return "{} minus {}".format(*self.labels)

    @property
    def score_words(self) -> str:
        """The score of ``points_per_hand`` and the differences, whose side first when it matters."""
        text = f"{self.score.ac}-{self.score.bd}"
        return text if self.score.ac == self.score.bd else f"{text} ({self.labels[0]}'s side first)"

    def __str__(self) -> str:
        """The table ``euchrelab compare`` prints: the first policy minus the second with 95%
        intervals, then where the biddings first differ."""
        first, second = self.labels
        rules = self.rules
        rules_text = rules.words + (", rubber" if rules.rubber else ", single game")
        lines = [f"{first} against {second}; {rules_text}; {self.play_words}; seed {self.seed}",
                 f"seats: {SEAT_LEGEND}",
                 f"duplicate: {self.deals:,} deals at each score below game, each played twice: {first} sitting "
                 f"{SIDE_NAMES[0]} and {second} {SIDE_NAMES[1]}, then the other way round",
                 f"{self.minus}, 95% intervals:"]
        lines += [f"{name:<28}{_est(e)}  {how}" for name, e, how in self._measures()]
        lines.append(f"biddings differ on {self.differ_share:.1%} of the deals at {self.score_words}; "
                     "by the first difference:")
        if self.by_decision:
            lines.append(f"  {'seat':<5}{'decision':<22}{'share':>8}  points per deal ({first} - {second})")
            for row in self.by_decision:
                e = row.points
                ci = f"[{e.low:+.3f}, {e.high:+.3f}]" if e.n > 1 else "[-, -]"
                lines.append(f"  {row.seat:<5}{row.decision:<22}{row.share:>8.2%}  {e.mean:+.3f} {ci}")
        else:
            lines.append("  (none: the two policies bid the same on every deal)")
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_grid
        return html_grid([self.minus, "estimate", "95% interval", "se"],
                         [[name, f"{e.mean:+.4f}", f"[{e.low:+.4f}, {e.high:+.4f}]", f"{e.se:.4f}"]
                          for name, e, _ in self._measures()])

    def _measures(self) -> list[tuple[str, Estimate, str]]:
        """(the measure, its estimate, how its interval is made), each the first policy's minus the second's."""
        boot = f"(bootstrap over the deals, {self.bootstrap} draws)"
        side = "" if self.score.ac == self.score.bd else f"; {self.labels[0]}'s side first"
        rows = [(f"points per hand at {self.score.ac}-{self.score.bd}", self.points_per_hand,
                 f"(t over the deals{side})"),
                ("chance of winning a game", self.game_win, boot),
                ("rubber points" if self.rules.rubber else "game points", self.rubber_points, boot)]
        if self.games is not None:
            g = self.games
            rows.append(("whole games won", g["win_diff"],
                         f"({g['pairs']:,} deal sequences, each played twice; {self.labels[0]} won "
                         f"{g['a_wins']:,} of {g['games_played']:,})"))
        return rows

    def to_json(self) -> dict:
        """What ``euchrelab compare --json`` prints: the estimates, intervals and differences."""
        return self.as_dict()

    def write_report(self, folder) -> dict:
        """The comparison's page in ``folder``: see :func:`write_report`."""
        return write_report(self, folder)

    def as_dict(self) -> dict:
        out = {"a": self.a, "b": self.b, "deals": self.deals, "seed": self.seed, "score": f"{self.score.ac}-{self.score.bd}",
               "rules": self.rules.as_dict(), "play": self.play,
               **({} if resolve_play(self.play) == "dd" else {"worlds": self.worlds}),
               "points_per_hand": estimate_dict(self.points_per_hand),
               "game_win": estimate_dict(self.game_win), "rubber_points": estimate_dict(self.rubber_points),
               "differ_share": self.differ_share,
               "by_decision": [{"seat": r.seat, "decision": r.decision, "share": r.share,
                                "points": estimate_dict(r.points)} for r in self.by_decision],
               "intervals": {"points_per_hand": "t-interval over the deals (each the mean of its two seatings)",
                             "game_win": f"bootstrap over the deals, {self.bootstrap} draws, seeded from the seed",
                             "rubber_points": f"bootstrap over the deals, {self.bootstrap} draws, seeded from the seed"}}
        if self.games is not None:
            out["games"] = {k: (estimate_dict(v) if isinstance(v, Estimate) else v) for k, v in self.games.items()}
        return out


def _est(e: Estimate) -> str:
    return f"{e.mean:+.4f}  [{e.low:+.4f}, {e.high:+.4f}]  se {e.se:.4f}"


def _num(x: float):
    return float(x) if math.isfinite(x) else None


def estimate_dict(e: Estimate) -> dict:
    return {"estimate": _num(e.mean), "ci": [_num(e.low), _num(e.high)], "se": _num(e.se)}


def compare(a: Policy | str, b: Policy | str, rules: Rules = Rules(), deals=2000, seed: int = 0,
            score: Score | str = Score(), n_jobs: int = 1, games: int | None = None, draws: int = BOOTSTRAP,
            play: str = "dd", worlds: int = 32, progress=None) -> Comparison:
    """Compare policy ``a`` with ``b`` by duplicate deals (see the module's docstring).

    ``a`` and ``b``: policies, or their names as the command line takes them ("book",
    "optimised", a TOML file, package.module:NAME). ``deals``: how many deals are dealt from
    ``seed`` at each score below game (default 2,000, as ``euchrelab compare``), or a batch of
    whole deals of the rules' pack made by the user (:func:`analysis.sample_deals`), then those
    deals played at each score. ``score``: A's side's points and B's side's (a Score or "3-1") for
    ``points_per_hand`` and the differences; ``games`` also plays that many duplicate pairs of
    whole games; ``play`` the play engine (dd, pimc with ``worlds``, book, simple; see
    analysis.play.engines.get_engine); ``progress(done, total)``, if given, is told of each chunk
    of deals played. ``str()`` of the result is the table the command prints."""
    from analysis.bidding.policies import policy_from_name
    a, b = (policy_from_name(p) if isinstance(p, str) else p for p in (a, b))
    if not isinstance(a, Policy) or not isinstance(b, Policy):
        raise EuchreError("compare takes two policies, or their names")
    n_deals, _ = given_deals(deals, rules)
    seed = check_whole(seed, "seed")
    check_jobs(n_jobs, "n_jobs")
    check_play(play, worlds)     # an unknown engine or a bad --worlds, named at once
    bounded(worlds, "compare", "play_worlds", label="worlds")
    if games is not None:
        bounded(games, "compare", "games")
    score = rules.check_score(Score.parse(score) if isinstance(score, str) else score, "score")
    plays = duplicate_plays(a, b, rules, deals, seed, score, n_jobs, play, worlds, progress)
    at, mirror = plays[(score.ac, score.bd)], plays[(score.bd, score.ac)]   # the same cards
    # A's side's net at M-O (the mean of its two seatings) minus B's side's when B holds M (the
    # plays of O-M): whole numbers summed, so exact; at M = O simply the mean of the two seatings.
    per_deal = (at["net1"].astype(np.int64) + at["net2"] + mirror["net1"] + mirror["net2"]) / 4
    points = mean_estimate(per_deal)

    ta, tb = tables(plays, rules)
    if np.any((ta[..., 0] == ta.sum(axis=-1)) & (tb.transpose(1, 0, 2)[..., 0] == tb.transpose(1, 0, 2).sum(axis=-1))):
        raise EuchreError("every hand at some score was void in both seatings (all passed twice): "
                          "the game has no value; try --stick-the-dealer")
    single = Rules(rules.pack, rules.points_for_game, rules.stick_the_dealer, rubber=False)
    pa, pb = _probs(ta), _probs(tb)
    qa, qb = (_probs(t) for t in bootstrap_tables(plays, rules, seed, draws))
    game_win = bootstrap_estimate(antisymmetric(pa, pb, single), antisymmetric(qa, qb, single))
    if rules.rubber:
        rubber = bootstrap_estimate(antisymmetric(pa, pb, rules), antisymmetric(qa, qb, rules))
    else:
        rubber = game_win      # a single game counts one point: net points = P(win) - P(loss)

    kind, seat = at["kind"], at["seat"]
    rows = []
    for k, decision in enumerate(DECISIONS):
        for s in (1, 2, 3, 0):
            sel = (kind == k) & (seat == s)
            if sel.any():
                rows.append(DecisionRow(SEATS[s], decision, float(sel.mean()), mean_estimate(per_deal[sel])))
    result = Comparison(a.name, b.name, rules, n_deals, seed, score, points, game_win, rubber,
                        float((kind >= 0).mean()), rows, None, draws, play, worlds)
    if games is not None:
        result.games = duplicate_games(a, b, rules, games, seed, n_jobs, play, worlds)
    return result


# --- the report -----------------------------------------------------------------------------

def _frame(result: Comparison):
    import pandas as pd
    rows = result._measures()
    return pd.DataFrame({f"measure ({result.minus})": [r[0] for r in rows], "estimate": [r[1].mean for r in rows],
                         "95% low": [r[1].low for r in rows], "95% high": [r[1].high for r in rows],
                         "se": [r[1].se for r in rows]})


def _decision_frame(result: Comparison):
    import pandas as pd
    return pd.DataFrame({"seat": [r.seat for r in result.by_decision],
                         "decision": [r.decision for r in result.by_decision],
                         "share of deals": [r.share for r in result.by_decision],
                         "points per deal ({} - {})".format(*result.labels): [r.points.mean for r in result.by_decision],
                         "95% low": [r.points.low for r in result.by_decision],
                         "95% high": [r.points.high for r in result.by_decision]})


def engine_words(play: str) -> str:
    """The engine in two words, for a title: double-dummy play or table-side play."""
    return "double-dummy play" if resolve_play(play) == "dd" else "table-side play"


def chart_figure(result: Comparison):
    """Where the biddings first differ, a row per seat and decision: the mean difference per deal
    there with its 95% interval, and its share of the deals times that mean (what it adds to the
    points per hand). Returns the matplotlib figure."""
    import textwrap

    from analysis.reporting.charts import OKABE_ITO   # first: it sets the Agg backend
    import matplotlib.pyplot as plt

    rows = result.by_decision
    fig, ax = plt.subplots(figsize=(7, 0.45 * max(len(rows), 1) + 1.4), layout="constrained")
    if rows:
        labels = [f"{r.seat}: {r.decision} ({r.share:.1%})" for r in rows]
        y = np.arange(len(rows))
        mean = np.array([r.points.mean for r in rows])
        low = np.array([r.points.low if math.isfinite(r.points.low) else r.points.mean for r in rows])
        high = np.array([r.points.high if math.isfinite(r.points.high) else r.points.mean for r in rows])
        ax.barh(y, mean * np.array([r.share for r in rows]), color=OKABE_ITO[4],
                label="share x mean (points per hand)")
        ax.errorbar(mean, y, xerr=[mean - low, high - mean], fmt="o", color=OKABE_ITO[0], capsize=3,
                    label="mean per deal, 95% interval")
        ax.set_yticks(y, labels)
        ax.invert_yaxis()
        ax.legend(fontsize=8, loc="best")
    else:
        ax.text(0.5, 0.5, "the policies bid the same on every deal", ha="center", va="center", fontsize=9)
        ax.set_yticks([])
    ax.tick_params(labelsize=9)
    ax.axvline(0, color="black", lw=0.8)
    # wrapped: a policy's name can be longer than the figure is wide
    ax.set_xlabel(textwrap.fill(f"points, {result.minus}", 70) + f"\nseats: {SEAT_LEGEND}", fontsize=9)
    ax.set_title(f"Where the biddings first differ ({engine_words(result.play)}, "
                 f"{result.deals:,} deals at {result.score.ac}-{result.score.bd})", fontsize=10)
    return fig


def _chart(result: Comparison, path) -> None:
    from analysis.tools.strategy import save_figure
    save_figure(chart_figure(result), path, dpi=110)


def headline_text(result: Comparison) -> str:
    """The answer in one sentence: the first policy minus the second in rubber (or game) points and
    in the chance of a game, with the engine; its details dropped when long policy names break a
    headline's limits."""
    from analysis.reporting.report import headline_problem
    r, g = result.rubber_points, result.game_win
    unit = "net rubber points from the start of a rubber" if result.rules.rubber else "net points of a single game"
    numbers = (f"{r.mean:+.3f} [{r.low:+.3f}, {r.high:+.3f}] {unit}, and {100 * g.mean:+.1f} [{100 * g.low:+.1f}, "
               f"{100 * g.high:+.1f}] percentage points in the chance of winning a game")
    full = (f"{result.minus}, {result.play_words}: {numbers} (95% intervals; {result.deals:,} deals at "
            f"each score, each played twice).")
    if headline_problem(full) is None:
        return full
    return f"{result.minus}, {engine_words(result.play)}: {numbers} (95% intervals)."


CHART = "by_decision.png"


def write_report(result: Comparison, folder) -> dict:
    """``by_decision.png``, ``compare.json``, ``report.md`` and ``report.html`` (the chart linked) in
    ``folder``, each written atomically."""
    import json
    from pathlib import Path

    from analysis.storage import write_text

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    chart = folder / CHART
    _chart(result, chart)
    data = write_text(folder / "compare.json", json.dumps(result.as_dict(), indent=2) + "\n")
    return {**write_page(result, folder), "png": chart, "json": data}


def write_page(result: Comparison, folder) -> dict:
    """``report.md`` and ``report.html`` of a comparison, a page of the reports' site, its chart
    (``by_decision.png``, already drawn) beside them."""
    import html

    from analysis.reporting.markup import html_table, md_table
    from analysis.reporting.report import Chart, folded, write_page as write_site_page

    first, second = result.labels
    title = f"Duplicate comparison, {engine_words(result.play)}: {first} against {second}"
    rules = result.rules
    method = (f"Pack {rules.pack}, game of {rules.points_for_game}"
              f"{', stick the dealer' if rules.stick_the_dealer else ''}"
              f"{', the rubber of laws 1, 2 and 7' if rules.rubber else ', a single game'}; {result.play_words}; "
              f"seed {result.seed}. Seats: {SEAT_LEGEND}. Every deal is played twice, {first} sitting "
              f"{SIDE_NAMES[0]} then {SIDE_NAMES[1]}, the same cards; {result.deals:,} deals at each score below game. "
              f"Points per hand at {result.score.ac}-{result.score.bd} ({first}'s side first): a t-interval over the "
              f"deals. Game and rubber: a Markov chain over (the two sides' scores, the dealing side) read from the "
              f"deals at every score, from 0-0 with the first dealer drawn evenly; intervals from a bootstrap over "
              f"the deals "
              f"({result.bootstrap} draws, seeded from the seed).")
    diff = (f"The biddings differ on {result.differ_share:.1%} of the deals at "
            f"{result.score.ac}-{result.score.bd}; each such deal is counted under the first call (or discard) "
            f"where they differ. Deals bid alike contribute 0.")
    main = Chart(CHART, f"Where the biddings first differ, a row per seat and decision (its share of the deals in "
                        f"brackets): the mean points per deal there, {result.minus}, with its 95% "
                        f"interval; the bar, that share times that mean, is what the decision adds to the points per hand.")
    results, decisions = _frame(result), _decision_frame(result)
    md = "\n\n".join(["## Results", md_table(results), "## Where the policies differ", diff,
                       md_table(decisions) if result.by_decision else "(none)", "## Method", method])
    body = "\n".join([
        "<h2>Results</h2>", f'<div class="wide">{html_table(results, "results")}</div>',
        "<h2>Where the policies differ</h2>", f"<p>{html.escape(diff)}</p>",
        f'<div class="wide">{html_table(decisions, "results")}</div>' if result.by_decision else "<p>(none)</p>",
        folded("Method", f"<p>{html.escape(method)}</p>")])
    return write_site_page(folder, title, headline_text(result), main, md, body)


def comparison_from_dict(data: dict) -> Comparison:
    """A comparison as its ``compare.json`` keeps it (:meth:`Comparison.as_dict`): what its page shows.
    A table-side run saved before the file held its worlds a decision played the default, 32."""
    import re

    def estimate(d: dict, n: int = 0) -> Estimate:
        mean, low, high, se = (math.nan if x is None else float(x) for x in (d["estimate"], *d["ci"], d["se"]))
        return Estimate(mean, low, high, se, math.nan, n, math.nan)

    m, o = (int(x) for x in data["score"].split("-"))
    draws = int(re.search(r"(\d+) draws", data["intervals"]["game_win"]).group(1))
    games = None
    if data.get("games") is not None:
        games = {k: estimate(v) if isinstance(v, dict) else v for k, v in data["games"].items()}
    rows = [DecisionRow(r["seat"], r["decision"], float(r["share"]), estimate(r["points"])) for r in data["by_decision"]]
    return Comparison(data["a"], data["b"], Rules(**data["rules"]), int(data["deals"]), int(data["seed"]), Score(m, o),
                      estimate(data["points_per_hand"], int(data["deals"])), estimate(data["game_win"]),
                      estimate(data["rubber_points"]), float(data["differ_share"]), rows, games, draws, data["play"],
                      int(data.get("worlds", 32)))


def redraw_page(folder) -> dict:
    """The page of a comparison drawn again from its ``compare.json``, without playing a deal: only
    ``report.md`` and ``report.html`` are written."""
    import json
    from pathlib import Path

    data = json.loads((Path(folder) / "compare.json").read_text(encoding="utf-8"))
    return write_page(comparison_from_dict(data), folder)

"""One player's every action at one point of the bidding, valued over the worlds he could be in.

A player knows his hand, the turn-up, the score and the calls before him. :func:`advise`

1. draws *worlds*: the other three hands and the undealt cards, uniform given his hand and the
   turn-up (the constrained sampler), kept only when a model of the others' bidding makes the
   calls he heard (rejection: ``model="book"``, the book's policy; ``"uniform"`` reads nothing
   into them); the share kept is the *acceptance*;
2. plays every legal action of his on the same worlds (paired), everything after it by the
   book's policy (the dealer's discard too), the cards double-dummy on every world and, with a
   table-side engine (the default, :data:`PLAY`: PIMC reading the calls), at the table on
   ``table_worlds`` of them (:func:`table_share`), each action's table mean adjusted by its
   double-dummy twin (:func:`twin_estimate`, the regression estimator of two-phase sampling);
3. values each action in his side's net points per hand and for the game the hand leads to: the
   probability that his side wins it, or in the book's rubber its expected net rubber points
   (:data:`GAME_UNITS`), by a game model whose hands were played as his are
   (:func:`analysis.value.models.advice_model`); both with 95% intervals, the game's carrying the
   model's own error (:mod:`analysis.value.game_value`); the best action by the points at
   love-all and by the game elsewhere (:func:`deciding_unit`);
4. gives the book's own action there and the claim of the rule that decides it (:func:`why`).

Worlds come in chunks of :data:`CHUNK`, chunk ``c`` drawn from ``SeedSequence(seed,
spawn_key=(c,))``: the answer is the same however many workers share the chunks.

    from analysis.tools.advise import Spot, advise
    spot = Spot.of(seat="B", hand="JS JC AS KS QS", turn_up="9S")
    advice = advise(spot, worlds=20_000, seed=0)            # at the table; play="dd": double-dummy
    advice.best, advice.book, [(a.action, a.points.mean) for a in advice.actions]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from analysis.bidding import BookPolicy, Call, Policy, Situation, Situations, VectorPolicy, call_word
from analysis.game.cards import SEAT_LABELS, SEATS, SUITS, card_text, check_pack, mask_of, parse_card, parse_cards, parse_seat
from analysis.play.engines import DEFAULT_WORLDS as PLAY_WORLDS, check_play, chunk_engine, play_record, play_words, resolve_play
from analysis.play.registry import TABLE_PLAYER
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.limits import bounded, setting
from analysis.game import ROUND_ORDER, Rules, Score
from analysis.simulator import simulate
from analysis.experiment import Estimate, mean_estimate
from analysis.experiment.stats import twin_adjusted
from analysis.seeds import advise_chunk_seed
from analysis.storage import check_chart_file
from analysis.value.models import MODEL_DEALS, advice_model

CHUNK = 5_000               # worlds per chunk: part of the seeding
ADVICE_WORLDS = setting("advise", "worlds").default         # half-widths about 0.02 points on the differences
TABLE_WORLDS = setting("advise", "table_worlds").default    # of them, played at the table (see the docs' figures)
PLAY = TABLE_PLAYER         # advice is valued at the table by default
MODELS = ("book", "uniform")
UNITS = ("points", "game")

PASS_WORDS = {"pass", "p", "-"}


# --- the point of the bidding -----------------------------------------------------------------

@dataclass(frozen=True)
class Spot:
    """What the advised player knows: his seat, hand, the turn-up, the score (AC-BD), the calls
    before him (all passes: anything else ends the bidding) and the round."""

    seat: int
    hand: tuple[int, ...]
    turn_up: int
    score: Score = Score()
    round: int = 1
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def of(cls, seat, hand, turn_up, score: str | tuple | Score | None = None, calls: str | None = None,
           round: int | None = None, rules: Rules | None = None) -> "Spot":
        """From text: ``seat`` "B", ``hand`` "JS JC AS KS QS", ``turn_up`` "9S"; ``score`` "M-O"
        (text: the player's side first) or a Score (AC, BD); ``calls`` the calls before him in
        seat order from B ("pass,pass"), checked against the laws; ``round`` 1 or 2 (default:
        from the calls, else 1)."""
        rules = rules or Rules()
        seat = parse_seat(seat)
        cards = parse_cards(hand, rules.pack, what="hand")
        if len(cards) != 5:
            raise EuchreError(f"hand has {len(cards)} cards: a hand is five cards")
        turn = turn_up if isinstance(turn_up, int) else parse_card(turn_up, rules.pack)
        if turn in cards:
            raise EuchreError(f"turn_up {card_text(turn)} is in the hand: the turn-up is not dealt to a player")
        if score is None:
            score = Score()
        elif isinstance(score, str):
            score = own_first_score(score, seat, rules)
        else:
            score = rules.check_score(Score.of(score), "score")
        rnd = read_calls(calls, seat, turn >> 3, round)
        return cls(seat, tuple(cards), turn, score, rnd, rules)

    @property
    def side(self) -> int:
        return self.seat & 1

    @property
    def turn_suit(self) -> int:
        return self.turn_up >> 3

    @property
    def mask(self) -> int:
        return mask_of(self.hand)

    @property
    def before(self) -> list[tuple[int, int]]:
        """(round, seat) of every call before his, in order."""
        out = []
        for r in range(1, self.round + 1):
            for s in ROUND_ORDER:
                if r == self.round and s == self.seat:
                    return out
                out.append((r, s))
        return out

    def calls(self) -> tuple[Call, ...]:
        return tuple(Call(s, "turn down" if (r == 1 and s == 0) else "pass") for r, s in self.before)

    @property
    def must_call(self) -> bool:
        return self.round == 2 and self.seat == 0 and self.rules.stick_the_dealer

    def situation(self, trump: int | None = None) -> Situation:
        return Situation(self.seat, self.mask, self.turn_up, self.round, self.score.seat(self.seat), self.calls(),
                         self.rules, self.turn_suit if trump is None and self.round == 1 else trump, self.must_call)


def own_first_score(text: str, seat: int, rules: Rules) -> Score:
    """``"M-O"``, the player's side's points first, as the Score (AC, BD)."""
    try:
        own, theirs = (int(x) for x in str(text).split("-"))
    except ValueError:
        raise EuchreError(f"score {text!r} must be two numbers like 3-1 (your side's points, then the others')") from None
    game = rules.points_for_game
    if not (0 <= own < game and 0 <= theirs < game):
        raise EuchreError(f"score {text}: each side must have 0 to {game - 1} points (a game is {game})")
    return Score(own, theirs) if seat & 1 == 0 else Score(theirs, own)


def _call_word(token: str) -> tuple[str, int | None]:
    """A call's text as (kind, suit): kind pass, order up, assist, take up, turn down, make."""
    words = " ".join(token.strip().lower().replace("-", " ").replace("_", " ").split())
    if words.endswith(" alone"):
        words = words[: -len(" alone")]
    if words in PASS_WORDS or token.strip() == "-":
        return "pass", None
    if words in ("order up", "order", "orders up"):
        return "order up", None
    if words in ("assist", "assists"):
        return "assist", None
    if words in ("take up", "takes up"):
        return "take up", None
    if words in ("turn down", "turns down"):
        return "turn down", None
    if words.startswith("make "):
        words = words[5:]
    if words.upper() in SUITS:
        return "make", SUITS.index(words.upper())
    raise EuchreError(f"calls: {token.strip()!r} is not a call: write pass, order up, assist, take up, "
                      f"turn down, or a suit (round two)")


def read_calls(text: str | None, seat: int, turn_suit: int, round: int | None = None) -> int:
    """Check the calls before ``seat`` (text, comma-separated, in seat order from B) against the
    laws and return the round of his decision. Only passes lead to his decision: any call ends
    the bidding (laws 74-79)."""
    if round not in (None, 1, 2):
        raise EuchreError(f"round {round!r}: the bidding has rounds 1 and 2")
    first_k = ROUND_ORDER.index(seat)
    if text is None or not text.strip():
        rnd = round or 1
        if text is not None and rnd == 1 and first_k:
            raise EuchreError(f"calls is empty: {SEATS[seat]} bids after {first_k} call(s) in round one")
        if text is not None and rnd == 2:
            raise EuchreError(f"calls is empty: {SEATS[seat]} bids in round two after {4 + first_k} calls")
        return rnd
    tokens = text.split(",")
    order = [(r, s) for r in (1, 2) for s in ROUND_ORDER]
    if len(tokens) > len(order):
        raise EuchreError(f"calls has {len(tokens)} calls: the bidding has at most eight")
    ended = None
    for i, token in enumerate(tokens):
        r, s = order[i]
        kind, suit = _call_word(token)
        if ended is not None:
            raise EuchreError(f"calls: {SEATS[s]} cannot call {token.strip()!r} after {ended}: the bidding is over")
        if r == 1:
            allowed = {"pass", call_word(s)} | ({"turn down"} if s == 0 else set())
            if kind not in allowed:
                raise EuchreError(f"calls: {SEATS[s]} cannot call {token.strip()!r} in round one: "
                                  f"{' or '.join(sorted(allowed))}")
        else:
            if kind not in ("pass", "make"):
                raise EuchreError(f"calls: {SEATS[s]} cannot call {token.strip()!r} in round two: pass or name a suit")
            if kind == "make" and suit == turn_suit:
                raise EuchreError(f"calls: {SEATS[s]} cannot name {SUITS[suit]} in round two: it was turned down "
                                  f"(law 78)")
        if kind not in ("pass", "turn down"):
            ended = f"{SEATS[s]}'s {kind}{' ' + SUITS[suit] if suit is not None else ''} in round {r}"
            if round == 2 and r == 1:
                raise EuchreError(f"round 2: {SEATS[s]} called ({token.strip()}) in round one, so there is no "
                                  f"round two")
    if ended is not None:
        raise EuchreError(f"calls: the bidding ended with {ended}: {SEATS[seat]} has no call to make")
    n = len(tokens)
    rnd = 1 if n == first_k else 2 if n == 4 + first_k else None
    if rnd is None or (round is not None and rnd != round):
        want = f"{first_k} call(s) before him in round one or {4 + first_k} in round two"
        if round is not None:
            want = f"{first_k if round == 1 else 4 + first_k} call(s) before him in round {round}"
        raise EuchreError(f"calls has {n} call(s): {SEATS[seat]}'s turn comes after {want}")
    return rnd


# --- the actions --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """One action of the advised player: pass, or the call (``suit``: the trump), alone or not."""

    name: str
    suit: int | None = None
    alone: bool = False

    @property
    def calls(self) -> bool:
        return self.suit is not None


def actions(spot: Spot) -> list[Action]:
    """Every legal action at the spot, pass first (unless the dealer is stuck)."""
    out = [] if spot.must_call else [Action("pass")]
    if spot.round == 1:
        word = call_word(spot.seat)
        return out + [Action(word, spot.turn_suit), Action(f"{word} alone", spot.turn_suit, True)]
    for suit in range(4):
        if suit != spot.turn_suit:
            out += [Action(f"make {SUITS[suit]}", suit), Action(f"make {SUITS[suit]} alone", suit, True)]
    return out


class Acting(VectorPolicy):
    """``base`` for everyone, except the calls before the spot, which are facts (passes, his own
    round-one pass included: every world reaches his decision), and the advised player's decision
    at the spot: ``action``."""

    def __init__(self, base: Policy, spot: Spot, action: Action):
        self.base, self.spot, self.action = base, spot, action
        self.name = f"{base.name} with {SEATS[spot.seat]} {action.name}"
        self.heard = set(spot.before)
        self.reached = 0      # the worlds in which he was asked: counted, not assumed

    def _mine(self, t: Situations) -> bool:
        if t.seat == self.spot.seat and t.round == self.spot.round:
            self.reached += len(t)
            return True
        return False

    def first_round_batch(self, t):
        if self._mine(t):
            return np.full(len(t), self.action.calls)
        if (1, t.seat) in self.heard:
            return np.zeros(len(t), bool)
        return self.base.first_round_batch(t)

    def second_round_batch(self, t):
        if self._mine(t):
            return np.full(len(t), -1 if self.action.suit is None else self.action.suit, np.int8)
        if (2, t.seat) in self.heard:
            return np.full(len(t), -1, np.int8)
        return self.base.second_round_batch(t)

    def alone_batch(self, t):
        if t.seat == self.spot.seat and t.round == self.spot.round and self.action.calls:
            return np.full(len(t), self.action.alone)
        return self.base.alone_batch(t)

    def take_from_partner_batch(self, t):
        return self.base.take_from_partner_batch(t)

    def discard_batch(self, t):
        return self.base.discard_batch(t)


# --- the worlds -------------------------------------------------------------------------------

def reading(spot: Spot, model: str = "book", policy: Policy | None = None):
    """The acceptance test of a world: the model (``"book"``: ``policy``, default BookPolicy)
    makes the calls before him (all passes); None for ``"uniform"`` (no reading)."""
    if model not in MODELS:
        raise EuchreError(f"model {model!r}: {' or '.join(MODELS)}")
    if model == "uniform":
        return None
    policy = policy or BookPolicy()
    before = [(r, s) for r, s in spot.before if s != spot.seat]   # his own round-one pass is known
    rules, score = spot.rules, spot.score

    def accept(deals) -> np.ndarray:
        hands = np.asarray(deals.hands, np.uint32)
        turn_up = np.asarray(deals.turn_up, np.int8)
        turn = (turn_up >> 3).astype(np.int8)
        ok = np.ones(len(hands), bool)
        for r, s in before:
            rows = np.flatnonzero(ok)
            if not len(rows):
                break
            prefix = tuple(Call(x, "turn down" if (q == 1 and x == 0) else "pass")
                           for q, x in spot.before[:spot.before.index((r, s))])
            t = Situations(s, hands[rows, s], turn_up[rows], r, score.seat(s), rules,
                           turn[rows] if r == 1 else None, lambda i, p=prefix: p, False)
            if r == 1:
                passed = ~np.asarray(policy.first_round_batch(t), bool)
            else:
                passed = np.asarray(policy.second_round_batch(t)) < 0
            ok[rows[~passed]] = False
        return ok

    return accept


def _constraints(spot: Spot):
    from fastcore.sampler import Constraints
    return Constraints(hands={spot.seat: list(spot.hand)}, turn_up=spot.turn_up)


def plan(worlds: int, chunk: int = CHUNK) -> list[tuple[int, int]]:
    """(chunk index, worlds) of every chunk."""
    return [(c, min(chunk, worlds - start)) for c, start in enumerate(range(0, worlds, chunk))]


def table_share(worlds: int, table_worlds: int, chunk: int | None = None) -> list[int]:
    """How many of each chunk's worlds are played at the table: ``table_worlds`` shared out over
    the chunks in proportion to their worlds, the first of each chunk's (a random subset of the
    worlds, spread so that workers share the table's work)."""
    shares, start = [], 0
    for _c, n in plan(worlds, chunk or CHUNK):
        shares.append(table_worlds * (start + n) // worlds - table_worlds * start // worlds)
        start += n
    return shares


def _chunk(spot: Spot, model: str, acts: list[Action], c: int, n: int, seed: int, plays):
    """Chunk ``c``: ``n`` worlds; for each (engine, worlds a decision, k) of ``plays``, each
    action's net points to his side on the first k of them, played by that engine; the deals
    drawn to find the worlds; and the fewest worlds, over his actions and engines, in which the
    bidding reached his decision."""
    from fastcore.sampler import DealStream
    chunk_seed = advise_chunk_seed(seed, c)
    stream = DealStream(chunk_seed, spot.rules.pack, _constraints(spot), reading(spot, model), min_acceptance=1e-3)
    try:
        deals = stream.take(n)
    except EuchreError:
        raise EuchreError(f"no worlds accepted: fewer than 1 in 1,000 deals consistent with the hand and the turn-up "
                          f"make the calls before {SEATS[spot.seat]} under the {model} model (the uniform model "
                          f"reads nothing into them)"
                          ) from None
    book = BookPolicy()
    found, reached = [], n
    for play, play_worlds, k in plays:
        engine = chunk_engine(play, play_worlds, chunk_seed, spot.rules.pack)
        subset = deals if k == n else deals[np.arange(k)]
        nets = np.empty((len(acts), k), np.int8)
        for a, action in enumerate(acts):
            acting = Acting(book, spot, action)
            nets[a] = simulate(subset, acting, spot.rules, spot.score, engine=engine).net(spot.side) if k else []
            reached = min(reached, acting.reached + (n - k))
        found.append(nets)
    candidates = stream.candidates if stream.accept is not None else n
    return found, candidates, reached


def _nets(spot: Spot, worlds: int, seed: int, model: str, plays_of, n_jobs: int, progress):
    """Every legal action on ``worlds`` worlds drawn from ``seed`` in chunks, ``plays_of(c, n)``
    the engines of chunk ``c`` (see :func:`_chunk`): (the actions, one array (actions x worlds
    played) per engine, the deals drawn, the worlds reaching his decision)."""
    acts = actions(spot)
    chunks = plan(worlds, CHUNK)
    tasks = [(spot, model, acts, c, n, seed, plays_of(c, n)) for c, n in chunks]
    if n_jobs == 1 or len(chunks) == 1:
        found = (_chunk(*t) for t in tasks)
    else:
        from joblib import delayed

        from analysis.parallel import local_parallel
        found = local_parallel(n_jobs, return_as="generator")(delayed(_chunk)(*t) for t in tasks)
    results = []
    for r in found:
        results.append(r)
        if progress is not None:
            progress(len(results), len(chunks))
    nets = [np.concatenate([r[0][e] for r in results], axis=1) for e in range(len(results[0][0]))]
    return acts, nets, int(sum(r[1] for r in results)), int(sum(r[2] for r in results))


def action_nets(spot: Spot, worlds: int, seed: int, model: str = "book", play: str = "dd",
                play_worlds: int = PLAY_WORLDS, n_jobs: int = 1, progress=None):
    """Every legal action at ``spot`` played on the same ``worlds`` worlds (their chunks drawn from
    ``seed``) by the engine ``play``: (the actions, his side's net points (actions x worlds) as
    int8, the deals drawn to find the worlds, the worlds reaching his decision under every
    action). The worlds depend on the seed alone, not on the engine: two engines value the same
    worlds."""
    acts, (nets,), candidates, reached = _nets(spot, worlds, seed, model, lambda c, n: ((play, play_worlds, n),),
                                               n_jobs, progress)
    return acts, nets, candidates, reached


def twin_nets(spot: Spot, worlds: int, table_worlds: int, seed: int, model: str = "book", play: str = PLAY,
              play_worlds: int = PLAY_WORLDS, n_jobs: int = 1, progress=None):
    """Every legal action at ``spot`` on ``worlds`` worlds played double-dummy, and on
    ``table_worlds`` of them (:func:`table_share`) played by the table-side engine ``play``: (the
    actions, the double-dummy nets (actions x worlds), the table's (actions x table worlds), which
    of the worlds the table played, the deals drawn, the worlds reaching his decision)."""
    shares = table_share(worlds, table_worlds)
    acts, (dd, table), candidates, reached = _nets(
        spot, worlds, seed, model, lambda c, n: (("dd", play_worlds, n), (play, play_worlds, shares[c])),
        n_jobs, progress)
    starts = np.cumsum([0] + [n for _c, n in plan(worlds, CHUNK)])
    played = np.concatenate([np.arange(s, s + k) for s, k in zip(starts, shares)])
    return acts, dd, table, played, candidates, reached


# --- the book's own advice ----------------------------------------------------------------------

def why(spot: Spot, params=None) -> tuple[str, str]:
    """The book's action at the spot and the claim ids of the rules that decide it, as the book's
    policy gives them (:meth:`BookPolicy.explain`): "none" when no rule names the hand and the
    book passes by default; a lone hand adds its rule (``"T4 L1"``)."""
    action, rules = book_rules(spot, params)
    return action, claim_ids(rules)


def policy_action(spot: Spot, policy: Policy) -> str:
    """What ``policy`` does at the spot, in the words of :func:`actions` ("pass", "order up alone",
    "make H"), asked as the auction asks it (everyone before him having passed)."""
    from analysis.bidding.auction import ask_alone, ask_first_round, ask_second_round
    hands = np.array([spot.mask], np.uint32)
    turn = np.array([spot.turn_up], np.int8)
    if spot.round == 1:
        if not ask_first_round(policy, spot.seat, hands, turn, spot.rules, spot.score)[0]:
            return "pass"
        word, trump = call_word(spot.seat), spot.turn_suit
    else:
        suit = int(ask_second_round(policy, spot.seat, hands, turn, spot.rules, spot.score)[0])
        if suit < 0:
            return "pass"
        word, trump = f"make {SUITS[suit]}", suit
    alone = ask_alone(policy, spot.seat, spot.round, hands, turn, np.array([trump], np.int8), spot.rules, spot.score)
    return f"{word} alone" if alone[0] else word


def claim_ids(rules) -> str:
    """The claim ids of the rules behind the book's action, "T4 L1"; "none" when no rule names the hand."""
    return " ".join(r.claim for r in rules) or "none"


def book_rules(spot: Spot, params=None):
    """The book's action at the spot and the rules (:class:`analysis.bidding.book_policy.Rule`) that decide it."""
    from analysis.bidding import BookParams
    return BookPolicy(params or BookParams()).explain(spot.situation())


def rules_words(rules) -> str:
    """The rules behind the book's action, claim id and words: "E2: ...; L1: ..."."""
    return "; ".join(f"{r.claim}: {r.note}" for r in rules) or "no rule of the book names this hand"


# --- valuing ------------------------------------------------------------------------------------

GAME_UNITS = {   # the game's unit: its key in the JSON, and in words
    "game_win": "his side's chance to win the game",
    "rubber_points": "his side's expected net rubber points (the rubber's first game)",
}


@dataclass(frozen=True)
class Valued:
    """One action's value: net points per hand to his side, and its value for the game (the
    chance his side wins it, or in the book's game the rubber points: :attr:`Advice.game_unit`),
    each with a 95% interval; the same as a difference from the best action; and the share of
    the points' variance the double-dummy twin kept (1: no twin, or it did not help)."""

    action: str
    points: Estimate
    game: Estimate
    n: int
    points_vs_best: Estimate | None = None
    game_vs_best: Estimate | None = None
    kept: float = 1.0


@dataclass
class Advice:
    spot: Spot
    actions: list[Valued]
    best: str
    by: str
    book: tuple[str, str]
    worlds: int
    candidates: int
    model: str
    game_model_text: str
    seed: int
    play: str = "dd"
    play_worlds: int = PLAY_WORLDS
    book_words: str = ""       # the rules behind the book's action, in words (rules_words)
    reached: int = 0           # worlds in which the bidding came to his decision, under every action
    table_worlds: int = 0      # of the worlds, those played at the table (0: double-dummy only)
    game_unit: str = "game_win"

    @property
    def acceptance(self) -> float:
        return self.worlds / self.candidates if self.candidates else float("nan")

    @property
    def at_table(self) -> bool:
        return self.table_worlds > 0

    def __str__(self) -> str:
        return text_table(self)

    def to_json(self) -> dict:
        return self.as_dict()

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_table
        import pandas as pd

        def cell(e: Estimate | None, unit: str, signed: bool = False) -> str:
            return "(best)" if e is None else game_text(e, unit, signed)

        unit = self.game_unit
        rows = pd.DataFrame([{"action": v.action, "points": cell(v.points, "points"),
                              "vs best": cell(v.points_vs_best, "points"), BY_WORDS[unit]: cell(v.game, unit),
                              "vs best ": cell(v.game_vs_best, unit, True)} for v in self.actions])
        return (f"<p>{spot_line(self.spot)}</p>" + html_table(rows)
                + f"<p>best by {by_words(self)}: {self.best}; the book: {self.book[0]} ({self.book_words}); "
                  f"{worlds_words(self)}; 95% intervals</p>")

    def as_dict(self) -> dict:
        def est(e: Estimate | None):
            if e is None:
                return None
            return {"estimate": round(e.mean, 6), "ci": [round(e.low, 6), round(e.high, 6)]}

        unit = self.game_unit
        return {
            "seat": SEATS[self.spot.seat], "round": self.spot.round,
            "actions": [{"action": v.action, "points": est(v.points), unit: est(v.game), "n": v.n,
                         "vs_best": {"points": est(v.points_vs_best), unit: est(v.game_vs_best)},
                         **({"variance_kept": round(v.kept, 4)} if self.at_table else {})}
                        for v in self.actions],
            "best": self.best, "by": self.by, "by_words": by_words(self), "game_unit": unit,
            "game_unit_words": GAME_UNITS[unit], "valued": worlds_words(self),
            "book": {"action": self.book[0], "claim": self.book[1], "rules": self.book_words},
            "worlds": self.worlds, "table_worlds": self.table_worlds, "reached": self.reached,
            "acceptance": round(self.acceptance, 6), "candidates": self.candidates,
            "model": self.model, "seed": self.seed, "play": play_record(self.play, self.play_worlds),
            "game_model": {"sample": self.game_model_text, "error": f"included in the {unit} intervals"},
        }


def value_tables(gm, score, seat: int, unit: str = "game_win"):
    """The value (``unit``: game-win chance, or rubber points in the rubber's first game) of each
    net point -4..4 to ``seat``'s side at ``score`` (A+C, B+D): under the model and under every
    draw."""
    from analysis.value.game_value import points_after, win_after
    nets = np.arange(-4, 5)
    a, b = score
    if unit == "rubber_points":
        return points_after(gm.rubber, a, b, seat, nets), points_after(gm.rubber_draws, a, b, seat, nets)
    return win_after(gm.f, a, b, seat, nets), win_after(gm.draws, a, b, seat, nets)


def _counts(net: np.ndarray) -> np.ndarray:
    return np.bincount(net.astype(np.int64) + 4, minlength=9)


def game_estimate(values_f: np.ndarray, draws: np.ndarray, net_a: np.ndarray, net_b: np.ndarray | None = None):
    """The mean game value of net points (or the paired difference of two arms), with the deals'
    error and the model's joined."""
    from analysis.value import with_model_error
    x = values_f[net_a.astype(np.int64) + 4]
    by_draw = draws @ _counts(net_a)
    if net_b is not None:
        x = x - values_f[net_b.astype(np.int64) + 4]
        by_draw = by_draw - draws @ _counts(net_b)
    paired = mean_estimate(x)
    return with_model_error(paired, float(np.std(by_draw / len(x), ddof=1)))


def twin_estimate(t: np.ndarray, d_sub: np.ndarray, d_all: np.ndarray) -> tuple[Estimate, float, float]:
    """The table's mean of ``t`` adjusted by its double-dummy twin (``d_sub`` on the same worlds,
    ``d_all`` on all of them: :func:`analysis.experiment.stats.twin_adjusted`): the estimate, the
    share of the plain mean's variance it keeps, and the slope."""
    t, d_sub, d_all = (np.asarray(x, float) for x in (t, d_sub, d_all))
    return twin_adjusted(len(t), t.sum(), t @ t, d_sub.sum(), d_sub @ d_sub, t @ d_sub,
                         len(d_all), d_all.sum(), d_all @ d_all, with_slope=True)


class Arm:
    """One action's (or a difference of two actions') net points: played double-dummy on every
    world (``dd``), and at the table on the worlds ``played`` (``table``; None: double-dummy only)."""

    def __init__(self, dd: np.ndarray, table: np.ndarray | None, played: np.ndarray | None, minus=None):
        self.parts = [(1, dd, table)] + ([(-1, minus[0], minus[1])] if minus is not None else [])
        self.played = played

    def _values(self, f) -> tuple[np.ndarray, np.ndarray | None]:
        dd = sum(sign * f[d.astype(np.int64) + 4] for sign, d, _t in self.parts)
        table = None if self.played is None else sum(sign * f[t.astype(np.int64) + 4] for sign, _d, t in self.parts)
        return dd, table

    def points(self) -> tuple[Estimate, float]:
        """Net points: the estimate and the variance kept."""
        return self._estimate(np.arange(-4, 5, dtype=float))[:2]

    def _estimate(self, f):
        dd, table = self._values(f)
        if table is None:
            return mean_estimate(dd), 1.0, 0.0
        return twin_estimate(table, dd[self.played], dd)

    def game(self, f: np.ndarray, draws: np.ndarray) -> Estimate:
        """The game's value (table ``f``, and its ``draws`` for the model's error, joined)."""
        from analysis.value import with_model_error
        est, _kept, slope = self._estimate(f)
        by_draw = 0.0
        for sign, d, t in self.parts:
            if self.played is None:
                by_draw = by_draw + sign * (draws @ _counts(d)) / len(d)
            else:
                by_draw = by_draw + sign * (draws @ _counts(t) / len(t)
                                            + slope * (draws @ _counts(d) / len(d) - draws @ _counts(d[self.played])
                                                       / len(self.played)))
        return with_model_error(est, float(np.std(by_draw, ddof=1)))


def deciding_unit(by: str | None, score: Score) -> str:
    """The unit that picks the best action: ``by`` if given, else the points at love-all and the
    game at any other score, where the game is at stake."""
    if by is None:
        return "points" if tuple(score) == (0, 0) else "game"
    if by not in UNITS:
        raise EuchreError(f"by {by!r}: points or game")
    return by


def advise(spot: Spot | None = None, *, seat=None, hand=None, turn_up=None, score=None, calls: str | None = None,
           round: int | None = None, rules: Rules | None = None, worlds: int = ADVICE_WORLDS,
           table_worlds: int | None = None, seed: int = 0, model: str = "book", by: str | None = None,
           n_jobs: int = 1, model_deals: int = MODEL_DEALS, play: str = PLAY, play_worlds: int = PLAY_WORLDS,
           progress=None) -> Advice:
    """Every legal action of the player at ``spot``, valued over ``worlds`` worlds (see the
    module docstring): double-dummy on all of them, and with ``play`` a table-side engine (the
    default, PIMC reading the calls, ``play_worlds`` worlds a decision) at the table on
    ``table_worlds`` of them (default :data:`TABLE_WORLDS`, or every world if fewer), each action's
    table value adjusted by its double-dummy twin.
    ``best`` by ``by``: "points", "game", or None (the default: the game at any score but
    love-all). Instead of a :class:`Spot`, give its parts as :meth:`Spot.of` takes them:
    ``advise(seat="B", hand="JS 9C AS KS QH", turn_up="9S")``. ``print`` the advice for the
    table ``euchrelab advise`` prints. ``progress(done, total)``, if given, is told of each chunk
    of worlds valued."""
    if spot is None:
        if seat is None or hand is None or turn_up is None:
            raise EuchreError("advise needs a spot, or its seat, hand and turn_up")
        spot = Spot.of(seat, hand, turn_up, score, calls, round, rules)
    check_play(play, play_worlds, "play_worlds")
    play = resolve_play(play)
    bounded(play_worlds, "advise", "play_worlds")
    by = deciding_unit(by, spot.score)
    if model not in MODELS:
        raise EuchreError(f"model {model!r}: {' or '.join(MODELS)}")
    bounded(worlds, "advise", "worlds", least=2)
    at_table = play != "dd"
    if table_worlds is None:
        table_worlds = min(TABLE_WORLDS, int(worlds))
    if at_table:
        bounded(table_worlds, "advise", "table_worlds", least=3)
        if table_worlds > worlds:
            raise EuchreError(f"table_worlds {table_worlds:,} is more than the {worlds:,} worlds: the table plays "
                              f"some of the worlds valued double-dummy")
    bounded(model_deals, "advise", "model_deals")
    check_whole(seed, "seed")
    check_jobs(n_jobs)
    check_pack(spot.rules.pack)
    worlds, table_worlds, seed = int(worlds), int(table_worlds) if at_table else 0, int(seed)
    if at_table:
        acts, dd, table, played, candidates, reached = twin_nets(spot, worlds, table_worlds, seed, model, play,
                                                                 play_worlds, n_jobs, progress)
    else:
        acts, dd, candidates, reached = action_nets(spot, worlds, seed, model, play, play_worlds, n_jobs, progress)
        table = played = None
    unit = "rubber_points" if spot.rules.rubber else "game_win"
    gm, model_text = advice_model(spot.rules, play, model_deals, n_jobs)
    f, draws = value_tables(gm, spot.score, spot.seat, unit)

    def arm(k: int, minus: int | None = None) -> Arm:
        other = None if minus is None else (dd[minus], None if table is None else table[minus])
        return Arm(dd[k], None if table is None else table[k], played, other)

    points = [arm(k).points() for k in range(len(acts))]
    games = [arm(k).game(f, draws) for k in range(len(acts))]
    key = [e for e, _kept in points] if by == "points" else games
    best = int(np.argmax([e.mean for e in key]))
    valued = []
    for k, action in enumerate(acts):
        same = k == best
        vs_points = None if same else arm(k, best).points()[0]
        vs_game = None if same else arm(k, best).game(f, draws)
        valued.append(Valued(action.name, points[k][0], games[k], dd.shape[1] if table is None else table.shape[1],
                             vs_points, vs_game, points[k][1]))
    book, rules = book_rules(spot)
    return Advice(spot, valued, acts[best].name, by, (book, claim_ids(rules)), worlds, candidates, model,
                  model_text, seed, play, int(play_worlds), rules_words(rules), reached, table_worlds, unit)


def spot_line(spot: Spot) -> str:
    """The spot in one line: his seat and hand, the turn-up, the round, the score and the rules."""
    own, theirs = spot.score.seat(spot.seat)
    return (f"{SEAT_LABELS[spot.seat]} holds {' '.join(card_text(c) for c in spot.hand)}, {card_text(spot.turn_up)} turned, "
            f"round {spot.round}, score {own}-{theirs} (his side first); {spot.rules.words}.")


BY_WORDS = {"points": "points per hand", "game_win": "game-win chance", "rubber_points": "rubber points"}


def by_words(advice: Advice) -> str:
    """The unit that chose the best action, and why it is that one: "rubber points (the score is
    2-3: the game is at stake)"."""
    unit = BY_WORDS["points" if advice.by == "points" else advice.game_unit]
    own, theirs = advice.spot.score.seat(advice.spot.seat)
    if (advice.by == "points") == ((own, theirs) == (0, 0)):
        why = "love-all" if advice.by == "points" else f"the score is {own}-{theirs}: the game is at stake"
    else:
        why = "as asked"
    return f"{unit} ({why})"


def game_text(e: Estimate, unit: str, signed: bool = False) -> str:
    """An estimate and its interval in ``unit``: percentages for a chance, points otherwise."""
    if unit == "game_win":
        f = (lambda x: f"{x:+.2%}") if signed else (lambda x: f"{x:.2%}")
    else:
        f = lambda x: f"{x:+.3f}"   # noqa: E731
    return f"{f(e.mean)} [{f(e.low)}, {f(e.high)}]"


def reached_words(reached: int, worlds: int) -> str:
    """How many of the worlds came to his decision, as counted (every one, since the calls before
    it are played as given)."""
    if reached == worlds:
        return "every one reaching his decision"
    return f"only {reached:,} reaching his decision under every action"


def kept_words(advice: Advice) -> str:
    kept = [v.kept for v in advice.actions]
    low, high = min(kept), max(kept)
    share = f"{low:.0%}" if round(low, 2) == round(high, 2) else f"{low:.0%} to {high:.0%}"
    return f"the twin left {share} of the table's variance"


def worlds_words(advice: Advice) -> str:
    """How the actions were valued: on how many worlds, by which engine, with the twin."""
    if not advice.at_table:
        return f"{advice.worlds:,} worlds, {play_words(advice.play, advice.play_worlds)}"
    return (f"at the table on {advice.table_worlds:,} of the worlds, {play_words(advice.play, advice.play_worlds)}; "
            f"each action's mean there adjusted by its double-dummy twin, the same action played double-dummy on "
            f"all {advice.worlds:,} ({kept_words(advice)})")


def text_table(advice: Advice) -> str:
    """The advice as a readable table."""
    versus = f"vs {advice.best}"
    unit = advice.game_unit
    game_head = "game" if unit == "game_win" else "rubber"
    lines = [spot_line(advice.spot),
             f"{advice.worlds:,} worlds, {reached_words(advice.reached, advice.worlds)} (others' calls read by the "
             f"{advice.model} model: acceptance {advice.acceptance:.1%}), seed {advice.seed}; after his action the "
             f"book's policy.",
             f"Valued: {worlds_words(advice)}.",
             f"points: his side's net points per hand; {game_head}: {GAME_UNITS[unit]}, by the game model of "
             f"{advice.game_model_text}, its error in the interval; 95% intervals; '{versus}': the paired "
             f"difference from {advice.best}, the best by {by_words(advice)}, in each unit; n = "
             f"{advice.table_worlds or advice.worlds:,} worlds.",
             f"{'action':<16}{'points':>26}{versus[:25]:>26}{game_head:>26}{versus[:27]:>28}"]

    def cell(e: Estimate | None, unit: str, width: int, signed: bool = False) -> str:
        return ("(best)" if e is None else game_text(e, unit, signed)).rjust(width)

    for v in advice.actions:
        lines.append(f"{v.action:<16}{cell(v.points, 'points', 26)}{cell(v.points_vs_best, 'points', 26)}"
                     f"{cell(v.game, unit, 26)}{cell(v.game_vs_best, unit, 28, True)}")
    lines.append(f"best by {by_words(advice)}: {advice.best}")
    lines.append(f"the book: {advice.book[0]} ({advice.book_words})")
    return "\n".join(lines) + "\n"


# --- the chart ----------------------------------------------------------------------------------

CHART_DPI = 110   # a 9-inch figure: 990 px, whole at 100% on a 1280-px screen


def chart_figure(advice: Advice):
    """Each action's value with its 95% interval, a row each, in both units (points per hand,
    then the game's: :data:`GAME_UNITS`); the best action's row shaded. Returns the matplotlib figure."""
    from analysis.reporting.charts import OKABE_ITO   # first: it sets the Agg backend
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    spot = advice.spot
    rows = advice.actions
    y = np.arange(len(rows))
    best = next(k for k, v in enumerate(rows) if v.action == advice.best)
    labels = [v.action + (" (the book)" if v.action == advice.book[0] else "") for v in rows]
    chosen = by_words(advice)
    fig, axes = plt.subplots(1, 2, sharey=True, figsize=(9, 0.42 * len(rows) + 2.2), layout="constrained")
    fig.get_layout_engine().set(wspace=0.06)   # room between the panels for the end labels of both axes
    panels = ((axes[0], [v.points for v in rows], "his side's net points per hand"),
              (axes[1], [v.game for v in rows], GAME_UNITS[advice.game_unit]))
    for ax, values, unit in panels:
        mean = np.array([e.mean for e in values])
        err = np.clip(np.vstack([mean - [e.low for e in values], [e.high for e in values] - mean]), 0, None)
        # a band behind the best row, not a marker on it: its interval stays in view
        ax.axhspan(best - 0.4, best + 0.4, color=OKABE_ITO[3], alpha=0.3, lw=0, label=f"best by {chosen}")
        ax.errorbar(mean, y, xerr=err, fmt="o", color=OKABE_ITO[0], capsize=4, markersize=6,
                    label="estimate, 95% interval")
        ax.set_xlabel(unit, fontsize=9)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
        ax.tick_params(labelsize=9)
        ax.grid(axis="x", alpha=0.3)
    axes[0].axvline(0, color="0.5", lw=0.8)
    if advice.game_unit == "game_win":
        axes[1].xaxis.set_major_formatter(PercentFormatter(1.0))
    else:
        axes[1].axvline(0, color="0.5", lw=0.8)
    axes[0].set_yticks(y, labels)
    axes[0].get_yticklabels()[best].set_fontweight("bold")
    axes[0].set_ylim(len(rows) - 0.5, -0.5)   # the first action on top
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles[::-1], names[::-1], loc="outside lower center", ncols=2, fontsize=8, frameon=False)
    own, theirs = spot.score.seat(spot.seat)
    fig.suptitle(f"{SEAT_LABELS[spot.seat]} holds {' '.join(card_text(c) for c in spot.hand)}, {card_text(spot.turn_up)} "
                 f"turned, round {spot.round}, score {own}-{theirs} (his side first)\n"
                 f"each action over {chart_worlds(advice)} (acceptance {advice.acceptance:.1%}); seed {advice.seed}",
                 fontsize=10)
    return fig


def chart_worlds(advice: Advice) -> str:
    if not advice.at_table:
        return f"{advice.worlds:,} worlds, {play_words(advice.play, advice.play_worlds)}"
    return f"{advice.table_worlds:,} worlds at the table, its double-dummy twin on {advice.worlds:,}"


def write_chart(advice: Advice, path) -> Path:
    """The chart of :func:`chart_figure` as a PNG, written whole or not at all."""
    from analysis.tools.strategy import save_figure
    return save_figure(chart_figure(advice), check_chart_file(path, "--chart"), dpi=CHART_DPI)

"""One player's every action at one point of the bidding, valued over the worlds he could be in.

A player knows his hand, the turn-up, the score and the calls before him. :func:`advise`

1. draws *worlds*: the other three hands and the undealt cards, uniform given his hand and the
   turn-up (the constrained sampler), kept only when a model of the others' bidding makes the
   calls he heard (rejection: ``model="book"``, the book's policy; ``"uniform"`` reads nothing
   into them); the share kept is the *acceptance*;
2. plays every legal action of his on the same worlds (paired), everything after it by the
   book's policy (the dealer's discard too), the cards by a play engine (double-dummy, or
   players who see only their own cards: :func:`analysis.play.engines.get_engine`);
3. values each action in his side's net points per hand and in the probability that his side
   wins the game from the score the hand leads to (:mod:`analysis.value.game_model`, solved from the
   book's outcome counts at every score played double-dummy, :func:`game_model`, cached on
   disk); both with 95% intervals, the game's interval carrying the model's own error
   (:mod:`analysis.value.game_value`);
4. gives the book's own action there and the claim of the rule that decides it (:func:`why`).

Worlds come in chunks of :data:`CHUNK`, chunk ``c`` drawn from ``SeedSequence(seed,
spawn_key=(c,))``: the answer is the same however many workers share the chunks.

    from analysis.tools.advise import Spot, advise
    spot = Spot.of(seat="B", hand="JS JC AS KS QS", turn_up="9S")
    advice = advise(spot, worlds=20_000, seed=0)
    advice.best, advice.book, [(a.action, a.points.mean) for a in advice.actions]
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from analysis.bidding import BookPolicy, Call, FIRST_ROUND_CALL, Policy, Situation, Situations, VectorPolicy
from analysis.game.cards import SEAT_LABELS, SEATS, SUITS, card_text, check_pack, mask_of, parse_card, parse_cards, parse_seat
from analysis.play.engines import DEFAULT_WORLDS as PLAY_WORLDS, check_play, chunk_engine, play_record, play_words
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.limits import bounded, setting
from analysis.game import ROUND_ORDER, Rules, Score
from analysis.simulator import simulate
from analysis.experiment import Estimate, mean_estimate
from analysis.seeds import advise_chunk_seed
from analysis.storage import check_chart_file

CHUNK = 5_000               # worlds per chunk: part of the seeding
ADVICE_WORLDS = setting("advise", "worlds").default         # half-widths about 0.02 points on the differences
MODEL_DEALS = setting("advise", "model_deals").default      # the game model: the book's hands per score
MODEL_SEED = 0
MODEL_STUDY = "advise"
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
            allowed = {"pass", FIRST_ROUND_CALL[s]} | ({"turn down"} if s == 0 else set())
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
        word = FIRST_ROUND_CALL[spot.seat]
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


def _chunk(spot: Spot, model: str, acts: list[Action], c: int, n: int, seed: int, play: str = "dd",
           play_worlds: int = PLAY_WORLDS):
    """Chunk ``c``: ``n`` worlds, each action's net points to his side on each, played by the
    engine ``play``; the deals drawn to find them; and the fewest worlds, over his actions, in
    which the bidding reached his decision."""
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
    engine = chunk_engine(play, play_worlds, chunk_seed, spot.rules.pack)
    nets = np.empty((len(acts), n), np.int8)
    reached = n
    for k, action in enumerate(acts):
        acting = Acting(book, spot, action)
        res = simulate(deals, acting, spot.rules, spot.score, engine=engine)
        nets[k] = res.net(spot.side)
        reached = min(reached, acting.reached)
    candidates = stream.candidates if stream.accept is not None else n
    return nets, candidates, reached


# --- the game model ----------------------------------------------------------------------------

def cache_dir() -> Path:
    """``$EUCHRELAB_CACHE``, else ``~/.cache/euchrelab``."""
    env = os.environ.get("EUCHRELAB_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "euchrelab"


def _model_path(rules: Rules, deals: int, seed: int) -> Path:
    key = (f"outcomes-pack{rules.pack}-game{rules.points_for_game}-stick{int(rules.stick_the_dealer)}"
           f"-deals{deals}-seed{seed}")
    return cache_dir() / f"{key}.npy"


def outcome_counts_cached(rules: Rules, deals: int = MODEL_DEALS, seed: int = MODEL_SEED, n_jobs: int = 1,
                          progress: bool = False) -> tuple[np.ndarray, bool]:
    """The book's outcome counts at every score (:func:`analysis.value.outcomes.outcome_counts`), read
    from the cache or computed and written there atomically; and whether it was cached."""
    path = _model_path(rules, deals, seed)
    game = rules.points_for_game
    if path.exists():
        try:
            counts = np.load(path)
            if counts.shape[:2] == (game, game):
                return counts, True
        except (OSError, ValueError):
            pass
    from analysis.value import outcome_counts
    import sys
    sys.stderr.write(f"euchrelab: estimating the book's game model once ({deals:,} hands at each of {game * game} "
                     f"scores), cached in {path.parent}\n")
    counts = outcome_counts(BookPolicy(), rules, deals=deals, seed=seed, n_jobs=n_jobs, progress=progress)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, counts)
        os.replace(tmp, path)
    except OSError:
        pass   # no cache: the next call computes the counts again
    return counts, False


def game_model(rules: Rules, deals: int = MODEL_DEALS, seed: int = MODEL_SEED, n_jobs: int = 1,
               progress: bool = False):
    """The book's game model for ``rules`` (a :class:`analysis.value.game_value.GameModel`, with its
    bootstrap draws), from cached outcome counts."""
    from analysis.value import solved
    counts, _ = outcome_counts_cached(rules, deals, seed, n_jobs, progress)
    return solved(counts, Rules(pack=rules.pack, points_for_game=rules.points_for_game,
                                stick_the_dealer=rules.stick_the_dealer), seed, MODEL_STUDY)


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
        word, trump = FIRST_ROUND_CALL[spot.seat], spot.turn_suit
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

@dataclass(frozen=True)
class Valued:
    """One action's value: net points per hand to his side, the probability his side wins the
    game, each with a 95% interval; and the same as a difference from the best action."""

    action: str
    points: Estimate
    game_win: Estimate
    n: int
    points_vs_best: Estimate | None = None
    game_vs_best: Estimate | None = None


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

    @property
    def acceptance(self) -> float:
        return self.worlds / self.candidates if self.candidates else float("nan")

    def __str__(self) -> str:
        return text_table(self)

    def to_json(self) -> dict:
        return self.as_dict()

    def _repr_html_(self) -> str:
        from analysis.reporting.markup import html_table
        import pandas as pd

        def cell(e: Estimate | None, pct: bool = False) -> str:
            if e is None:
                return "(best)"
            f = (lambda x: f"{x:+.2%}") if pct else (lambda x: f"{x:+.3f}")
            return f"{f(e.mean)} [{f(e.low)}, {f(e.high)}]"

        rows = pd.DataFrame([{"action": v.action, "points": cell(v.points), "vs best": cell(v.points_vs_best),
                              "game": cell(v.game_win, True), "vs best ": cell(v.game_vs_best, True)}
                             for v in self.actions])
        return (f"<p>{spot_line(self.spot)}</p>" + html_table(rows)
                + f"<p>best: {self.best}; the book: {self.book[0]} ({self.book_words}); "
                  f"{self.worlds:,} worlds, 95% intervals</p>")

    def as_dict(self) -> dict:
        def est(e: Estimate | None):
            if e is None:
                return None
            return {"estimate": round(e.mean, 6), "ci": [round(e.low, 6), round(e.high, 6)]}

        return {
            "seat": SEATS[self.spot.seat], "round": self.spot.round,
            "actions": [{"action": v.action, "points": est(v.points), "game_win": est(v.game_win), "n": v.n,
                         "vs_best": {"points": est(v.points_vs_best), "game_win": est(v.game_vs_best)}}
                        for v in self.actions],
            "best": self.best, "by": self.by,
            "book": {"action": self.book[0], "claim": self.book[1], "rules": self.book_words},
            "worlds": self.worlds, "reached": self.reached, "acceptance": round(self.acceptance, 6),
            "candidates": self.candidates,
            "model": self.model, "seed": self.seed, "play": play_record(self.play, self.play_worlds),
            "game_model": {"sample": self.game_model_text, "error": "included in the game_win intervals"},
        }


def value_tables(gm, score, seat: int):
    """Game-win value of each net point -4..4 to ``seat``'s side at ``score`` (A+C, B+D): under the
    model and under every draw."""
    from analysis.value import win_after
    nets = np.arange(-4, 5)
    a, b = score
    return win_after(gm.f, a, b, seat, nets), win_after(gm.draws, a, b, seat, nets)


def game_estimate(values_f: np.ndarray, draws: np.ndarray, net_a: np.ndarray, net_b: np.ndarray | None = None):
    """The mean game value of net points (or the paired difference of two arms), with the deals'
    error and the model's joined."""
    from analysis.value import with_model_error
    idx_a = net_a.astype(np.int64) + 4
    x = values_f[idx_a]
    counts_a = np.bincount(idx_a, minlength=9)
    by_draw = draws @ counts_a
    if net_b is not None:
        idx_b = net_b.astype(np.int64) + 4
        x = x - values_f[idx_b]
        by_draw = by_draw - draws @ np.bincount(idx_b, minlength=9)
    paired = mean_estimate(x)
    return with_model_error(paired, float(np.std(by_draw / len(x), ddof=1)))


def advise(spot: Spot | None = None, *, seat=None, hand=None, turn_up=None, score=None, calls: str | None = None,
           round: int | None = None, rules: Rules | None = None, worlds: int = ADVICE_WORLDS, seed: int = 0,
           model: str = "book", by: str = "points", n_jobs: int = 1, model_deals: int = MODEL_DEALS,
           play: str = "dd", play_worlds: int = PLAY_WORLDS, progress=None) -> Advice:
    """Every legal action of the player at ``spot``, valued over ``worlds`` worlds (see the
    module docstring); ``best`` by ``by`` ("points" or "game"); the cards played by the engine
    ``play`` (``play_worlds`` worlds a decision for ``pimc``). Instead of a :class:`Spot`, give
    its parts as :meth:`Spot.of` takes them: ``advise(seat="B", hand="JS 9C AS KS QH",
    turn_up="9S")``. ``print`` the advice for the table ``euchrelab advise`` prints.
    ``progress(done, total)``, if given, is told of each chunk of worlds valued."""
    if spot is None:
        if seat is None or hand is None or turn_up is None:
            raise EuchreError("advise needs a spot, or its seat, hand and turn_up")
        spot = Spot.of(seat, hand, turn_up, score, calls, round, rules)
    check_play(play, play_worlds, "play_worlds")
    bounded(play_worlds, "advise", "play_worlds")
    if by not in UNITS:
        raise EuchreError(f"by {by!r}: points or game")
    if model not in MODELS:
        raise EuchreError(f"model {model!r}: {' or '.join(MODELS)}")
    bounded(worlds, "advise", "worlds", least=2)
    bounded(model_deals, "advise", "model_deals")
    check_whole(seed, "seed")
    check_jobs(n_jobs)
    check_pack(spot.rules.pack)
    acts, nets, candidates, reached = action_nets(spot, int(worlds), int(seed), model, play, play_worlds, n_jobs,
                                                  progress)
    gm = game_model(spot.rules, model_deals, MODEL_SEED, n_jobs)
    f, draws = value_tables(gm, spot.score, spot.seat)
    points = [mean_estimate(nets[k]) for k in range(len(acts))]
    games = [game_estimate(f, draws, nets[k]) for k in range(len(acts))]
    key = points if by == "points" else games
    best = int(np.argmax([e.mean for e in key]))
    valued = []
    for k, action in enumerate(acts):
        same = k == best
        vs_points = None if same else mean_estimate(nets[k].astype(np.int16) - nets[best])
        vs_game = None if same else game_estimate(f, draws, nets[k], nets[best])
        valued.append(Valued(action.name, points[k], games[k], nets.shape[1], vs_points, vs_game))
    book, rules = book_rules(spot)
    return Advice(spot, valued, acts[best].name, by, (book, claim_ids(rules)),
                  nets.shape[1], candidates, model, gm.hands_text, int(seed), play, int(play_worlds),
                  rules_words(rules), reached)


def action_nets(spot: Spot, worlds: int, seed: int, model: str = "book", play: str = "dd",
                play_worlds: int = PLAY_WORLDS, n_jobs: int = 1, progress=None):
    """Every legal action at ``spot`` played on the same ``worlds`` worlds (their chunks drawn from
    ``seed``): (the actions, his side's net points (actions x worlds) as int8, the deals drawn to
    find the worlds, the worlds reaching his decision under every action). The worlds depend on
    the seed alone, not on the engine ``play``: two engines value the same worlds."""
    acts = actions(spot)
    chunks = plan(worlds, CHUNK)
    if n_jobs == 1 or len(chunks) == 1:
        found = (_chunk(spot, model, acts, c, n, seed, play, play_worlds) for c, n in chunks)
    else:
        from joblib import delayed

        from analysis.parallel import local_parallel
        found = local_parallel(n_jobs, return_as="generator")(
            delayed(_chunk)(spot, model, acts, c, n, seed, play, play_worlds) for c, n in chunks)
    results = []
    for r in found:
        results.append(r)
        if progress is not None:
            progress(len(results), len(chunks))
    nets = np.concatenate([r[0] for r in results], axis=1)
    return acts, nets, int(sum(r[1] for r in results)), int(sum(r[2] for r in results))


def spot_line(spot: Spot) -> str:
    """The spot in one line: his seat and hand, the turn-up, the round, the score and the rules."""
    own, theirs = spot.score.seat(spot.seat)
    return (f"{SEAT_LABELS[spot.seat]} holds {' '.join(card_text(c) for c in spot.hand)}, {card_text(spot.turn_up)} turned, "
            f"round {spot.round}, score {own}-{theirs} (his side first); {spot.rules.words}.")


BY_WORDS = {"points": "points per hand", "game": "game-win probability"}


def reached_words(reached: int, worlds: int) -> str:
    """How many of the worlds came to his decision, as counted (every one, since the calls before
    it are played as given)."""
    if reached == worlds:
        return "every one reaching his decision"
    return f"only {reached:,} reaching his decision under every action"


def text_table(advice: Advice) -> str:
    """The advice as a readable table."""
    versus = f"vs {advice.best}"
    lines = [spot_line(advice.spot),
             f"{advice.worlds:,} worlds, {reached_words(advice.reached, advice.worlds)} (others' calls read by the {advice.model} model: "
             f"acceptance {advice.acceptance:.1%}), seed {advice.seed}; after his action the book's policy, "
             f"{play_words(advice.play, advice.play_worlds)}.",
             "points: his side's net points per hand; game: his side's chance to win the game (the book's game",
             f"model from {advice.game_model_text}{'' if advice.play == 'dd' else ' played double-dummy'}, its error "
             "in the interval); 95% intervals; "
             f"'{versus}': the paired difference from {advice.best}, the best by {BY_WORDS[advice.by]}, in each unit.",
             f"{'action':<16}{'points':>26}{versus[:25]:>26}{'game':>26}{versus[:27]:>28}"]

    def fmt(e: Estimate | None, pct=False):
        if e is None:
            return f"{'-':>26}"
        if pct:
            return f"{e.mean:.2%} [{e.low:.2%}, {e.high:.2%}]".rjust(26)
        return f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]".rjust(26)

    def fmt_diff(e: Estimate | None, pct=False):
        if e is None:
            return '(best)'.rjust(28 if pct else 26)
        if pct:
            return f"{e.mean:+.2%} [{e.low:+.2%}, {e.high:+.2%}]".rjust(28)
        return fmt(e)

    for v in advice.actions:
        lines.append(f"{v.action:<16}{fmt(v.points)}{fmt_diff(v.points_vs_best)}{fmt(v.game_win, True)}"
                     f"{fmt_diff(v.game_vs_best, True)}")
    lines.append(f"best by {BY_WORDS[advice.by]}: {advice.best}")
    lines.append(f"the book: {advice.book[0]} ({advice.book_words})")
    return "\n".join(lines) + "\n"


# --- the chart ----------------------------------------------------------------------------------

CHART_DPI = 110   # a 9-inch figure: 990 px, whole at 100% on a 1280-px screen


def chart_figure(advice: Advice):
    """Each action's value with its 95% interval, a row each, in both units (points per hand,
    then the chance to win the game); the best action's row shaded. Returns the matplotlib figure."""
    from analysis.reporting.charts import OKABE_ITO   # first: it sets the Agg backend
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    spot = advice.spot
    rows = advice.actions
    y = np.arange(len(rows))
    best = next(k for k, v in enumerate(rows) if v.action == advice.best)
    labels = [v.action + (" (the book)" if v.action == advice.book[0] else "") for v in rows]
    by_words = "points per hand" if advice.by == "points" else "game-win chance"
    fig, axes = plt.subplots(1, 2, sharey=True, figsize=(9, 0.42 * len(rows) + 2.2), layout="constrained")
    fig.get_layout_engine().set(wspace=0.06)   # room between the panels for the end labels of both axes
    panels = ((axes[0], [v.points for v in rows], "his side's net points per hand"),
              (axes[1], [v.game_win for v in rows], "his side's chance to win the game"))
    for ax, values, unit in panels:
        mean = np.array([e.mean for e in values])
        err = np.clip(np.vstack([mean - [e.low for e in values], [e.high for e in values] - mean]), 0, None)
        # a band behind the best row, not a marker on it: its interval stays in view
        ax.axhspan(best - 0.4, best + 0.4, color=OKABE_ITO[3], alpha=0.3, lw=0, label=f"best by {by_words}")
        ax.errorbar(mean, y, xerr=err, fmt="o", color=OKABE_ITO[0], capsize=4, markersize=6,
                    label="estimate, 95% interval")
        ax.set_xlabel(unit, fontsize=9)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
        ax.tick_params(labelsize=9)
        ax.grid(axis="x", alpha=0.3)
    axes[0].axvline(0, color="0.5", lw=0.8)
    axes[1].xaxis.set_major_formatter(PercentFormatter(1.0))
    axes[0].set_yticks(y, labels)
    axes[0].get_yticklabels()[best].set_fontweight("bold")
    axes[0].set_ylim(len(rows) - 0.5, -0.5)   # the first action on top
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles[::-1], names[::-1], loc="outside lower center", ncols=2, fontsize=8, frameon=False)
    own, theirs = spot.score.seat(spot.seat)
    fig.suptitle(f"{SEAT_LABELS[spot.seat]} holds {' '.join(card_text(c) for c in spot.hand)}, {card_text(spot.turn_up)} "
                 f"turned, round {spot.round}, score {own}-{theirs} (his side first)\n"
                 f"each action over {advice.worlds:,} worlds (acceptance {advice.acceptance:.1%}), "
                 f"{play_words(advice.play, advice.play_worlds)}; seed {advice.seed}", fontsize=10)
    return fig


def write_chart(advice: Advice, path) -> Path:
    """The chart of :func:`chart_figure` as a PNG, written whole or not at all."""
    from analysis.tools.strategy import save_figure
    return save_figure(chart_figure(advice), check_chart_file(path, "--chart"), dpi=CHART_DPI)

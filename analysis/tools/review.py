"""A played game reviewed decision by decision, each from what its player knew at that moment.

A game recorded in EGN (:mod:`analysis.game.egn`) is replayed by the laws; then every decision
whose player's cards are known is valued:

- each call of the bidding, round one or two, with going alone (a pass is a decision too): every
  action open to him, as ``euchrelab advise`` values them (:func:`analysis.tools.advise.action_nets`);
- the dealer's discard, when he took up and it is recorded: each of his five dealt cards;
- each card where he had more than one legal card: each legal card.

Each alternative is valued over the same worlds, drawn from what he knew (his cards, the turn-up,
the calls, the cards played and the voids they showed, the score), the calls read as made under
the book's bidding; where the calls cannot have been made so (a human bids as he likes), the worlds
are drawn from the cards alone, and the decision says so. Everything after the decision is played
twice: by the table engine (PIMC reading the calls in every seat: the game people play) and
double-dummy (every card seen). A decision's *cost* is the table's value of the action taken less
that of the table's best action, paired over the worlds, with its 95% interval (each half of the
worlds measured against the best found on the other half, so that chance does not flatter the
best); at love-all (or in a
game of a fixed number of deals) in points per hand, at any other score in the chance of winning
the game, from the book's game models: the table's values by the model whose hands were played at
the table where one is shipped for the rules, the double-dummy values by the double-dummy one
(:mod:`analysis.value.models`).

Labels, chess-style, from the cost at the table in the decision's unit, only when its 95% interval
lies wholly below zero (a cost the worlds cannot tell from nothing is never a mistake):
``[??]`` at least :data:`THRESHOLDS` ``[??]``, ``[?]`` at least ``[?]``, ``[?!]`` at least ``[?!]``;
``[!]`` where he took the best action, not a pass, and the next best loses at least the ``[??]``
threshold, wholly below zero (the one good choice, where any other was a blunder).

Decision ``k`` of kind ``t`` in deal ``d`` draws its worlds from ``review_seed(seed, d, t, k)``:
the answer is the same whatever else is reviewed and however many workers share the decisions.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.bidding import BookPolicy, Call, call_word
from analysis.errors import EuchreError, check_jobs, check_whole
from analysis.experiment import Estimate, mean_estimate
from analysis.experiment.stats import from_se
from analysis.game import SEATS, SUITS, Rules, Score, card_text
from analysis.game.cards import mask_cards, mask_of
from analysis.game.egn import Game, Replay, Replayed, letter_of, replay
from analysis.limits import bounded, setting
from analysis.seeds import review_seed
from analysis.tools.advise import Spot, action_nets, game_estimate, value_tables
from analysis.play.registry import TABLE_PLAYER
from analysis.value.models import MODEL_SEED, advice_model, game_model, model_words

REVIEW_WORLDS = setting("review", "worlds").default
REVIEW_PLAY_WORLDS = setting("review", "play_worlds").default
MODEL_DEALS = setting("review", "model_deals").default
TABLE = "pimc-calls"          # the table engine: PIMC reading the calls in every seat
KINDS = ("call", "discard", "card")
UNITS = {"points": "points per hand", "game": "percentage points (pp) of the game-win chance"}

# The least cost (its interval wholly below 0) for each label, in points per hand and in the game's
# chance: a blunder throws away half a point a hand (about a euchre in four) or 5% of the game.
THRESHOLDS = {"points": {"[??]": 0.50, "[?]": 0.20, "[?!]": 0.05},
              "game": {"[??]": 0.05, "[?]": 0.02, "[?!]": 0.005}}
LABEL_WORDS = {"[??]": "blunder", "[?]": "mistake", "[?!]": "dubious", "[!]": "the one good choice"}
LABELS = tuple(LABEL_WORDS)


# --- what is reviewed ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    """One decision to value: everything its worker needs, picklable."""

    deal: int            # the deal's index in the file
    kind: str
    index: int           # EGN's index: the call's in the calls, the card's across the tricks
    seat: int            # EGN's seat
    letter: int          # the book's seat (A deals)
    trick: int | None
    chosen: str
    score: tuple[int, int]        # (A+C, B+D) before the deal, as the bidding reads it
    unit: str
    rules: Rules
    spot: Spot | None = None                      # a call
    info: object = None                           # a discard or a card: the player's information set
    options: tuple = ()                           # a discard: his five dealt cards; a card: the legal cards
    history: tuple[int, ...] = ()                 # a card: every card before it, in order
    start: tuple[int, ...] = ()                   # a card: each seat's cards played before it (masks)
    leader: int = 1                               # the seat that led the first trick
    lone_scores: tuple[int, int] = (4, 4)         # the file's lone march, and lone euchre to the adversaries


@dataclass(frozen=True)
class Option:
    """One alternative's value: his side's net points per hand (and chance of winning the game,
    None where no game is at stake) at the table and double-dummy."""

    name: str
    table: Estimate
    dd: Estimate
    table_game: Estimate | None = None
    dd_game: Estimate | None = None

    def value(self, unit: str, engine: str = "table") -> Estimate:
        if unit == "points":
            return self.table if engine == "table" else self.dd
        return self.table_game if engine == "table" else self.dd_game


@dataclass(frozen=True)
class Decision:
    """A decision valued: the action taken, each alternative, the table's best, and the cost of
    the action taken against it (at the table and double-dummy, in ``unit``), with its label."""

    deal: int
    number: int
    kind: str
    index: int
    seat: int
    player: str
    letter: int
    trick: int | None
    chosen: str
    options: tuple[Option, ...]
    unit: str
    worlds: int
    read: str
    best: str
    best_dd: str
    cost: Estimate
    cost_dd: Estimate
    label: str | None
    words: str

    def as_dict(self) -> dict:
        def est(e: Estimate | None):
            return None if e is None else {"estimate": round(e.mean, 6), "ci": [round(e.low, 6), round(e.high, 6)]}
        return {"deal": self.number, "kind": self.kind, "index": self.index, "seat": self.seat,
                "player": self.player, "book_seat": SEATS[self.letter], "trick": self.trick,
                "chosen": self.chosen, "best": self.best, "best_double_dummy": self.best_dd, "unit": self.unit,
                "cost": est(self.cost), "cost_double_dummy": est(self.cost_dd), "label": self.label,
                "words": self.words, "worlds": self.worlds, "calls_read": self.read,
                "options": [{"action": o.name, "table": {"points": est(o.table), "game": est(o.table_game)},
                             "double_dummy": {"points": est(o.dd), "game": est(o.dd_game)}} for o in self.options]}


@dataclass(frozen=True)
class Skipped:
    """A decision that could not be valued, and why."""

    deal: int
    number: int
    kind: str
    index: int
    seat: int
    why: str

    def as_dict(self) -> dict:
        return {"deal": self.number, "kind": self.kind, "index": self.index, "seat": self.seat, "why": self.why}


@dataclass
class Review:
    """A game reviewed: its replay, every decision valued, those that could not be, and how."""

    replay: Replay
    decisions: list[Decision]
    skipped: list[Skipped]
    worlds: int
    play_worlds: int
    seed: int
    model_text: str
    notes: list[str] = field(default_factory=list)

    def summary(self) -> list[dict]:
        """Per seat: the decisions valued, their total cost in each unit (a sum of independent
        estimates: its interval from their standard errors), the labels, the largest mistakes."""
        out = []
        names = self.replay.game.players
        for seat in range(4):
            mine = [d for d in self.decisions if d.seat == seat]
            row = {"seat": seat, "player": names[seat] if seat < len(names) else str(seat), "decisions": len(mine),
                   "labels": {k: sum(d.label == k for d in mine) for k in LABELS}}
            for unit in UNITS:
                ds = [d for d in mine if d.unit == unit]
                if not ds:
                    row[unit] = {"decisions": 0, "cost": 0.0, "ci": [0.0, 0.0]}
                    continue
                total = from_se(sum(d.cost.mean for d in ds),
                                float(np.sqrt(sum(d.cost.se ** 2 for d in ds if np.isfinite(d.cost.se)))),
                                float("inf"), sum(d.worlds for d in ds))
                row[unit] = {"decisions": len(ds), "cost": round(total.mean, 6),
                             "ci": [round(total.low, 6), round(total.high, 6)]}
            worst = sorted((d for d in mine if d.label in ("[??]", "[?]", "[?!]")), key=lambda d: d.cost.mean)
            row["largest"] = [where(d) + " " + d.words for d in worst[:3]]
            out.append(row)
        return out

    def as_dict(self) -> dict:
        return {"decisions": [d.as_dict() for d in self.decisions], "skipped": [s.as_dict() for s in self.skipped],
                "summary": self.summary(), "final_score": list(self.replay.final_score),
                "problems": list(self.replay.problems), "worlds": self.worlds, "play_worlds": self.play_worlds,
                "seed": self.seed, "game_model": self.model_text, "notes": self.notes,
                "thresholds": THRESHOLDS}

    def to_json(self) -> dict:
        return self.as_dict()

    def __str__(self) -> str:
        return text(self)

    def annotations(self) -> tuple[dict, dict]:
        """The labelled decisions as EGN annotations: (calls, play), each ``{deal: {index: [text]}}``."""
        calls: dict = {}
        play: dict = {}
        for d in self.decisions:
            if d.label is None:
                continue
            target = calls if d.kind in ("call", "discard") else play
            note = f"{d.label}euchrelab: {'discard ' if d.kind == 'discard' else ''}{d.words}"
            target.setdefault(d.deal, {}).setdefault(d.index, []).append(note)
        return calls, play


def where(d: Decision) -> str:
    """A decision's place in words: "deal 3, call 2 (B)" or "deal 3, trick 2, card 7 (B)"."""
    at = f"deal {d.number}, " + (f"trick {d.trick + 1}, " if d.trick is not None else "")
    what = {"call": f"call {d.index + 1}", "discard": "discard", "card": f"card {d.index + 1}"}[d.kind]
    return f"{at}{what}, {d.player}"


# --- the decisions of a replayed game ---------------------------------------------------------------

def _calls_of(r: Replayed) -> tuple[Call, ...]:
    """The deal's calls in the book's words, seats as the book's letters."""
    out = []
    for i, (seat, call) in enumerate(r.calls):
        letter = letter_of(seat, r.dealer)
        if call == "Pass":
            out.append(Call(letter, "turn down" if (i < 4 and letter == 0) else "pass"))
        elif i < 4:
            out.append(Call(letter, call_word(letter), None, r.alone))
        else:
            out.append(Call(letter, "make", r.trump, r.alone))
    return tuple(out)


def _action_name(r: Replayed, i: int, call: str, letter: int) -> str:
    """The action taken at call ``i`` in :func:`analysis.tools.advise.actions`' names."""
    if call == "Pass":
        return "pass"
    alone = " alone" if r.alone else ""
    if i < 4:
        return call_word(letter) + alone
    return f"make {SUITS[r.trump]}{alone}"


def _book_score(r: Replayed) -> tuple[int, int]:
    """The score before the deal as (A+C, B+D): A deals."""
    t0, t1 = r.score_before
    return (t0, t1) if r.dealer % 2 == 0 else (t1, t0)


def tasks_of(rep: Replay) -> tuple[list[Task], list[Skipped]]:
    """Every decision of the replayed game that can be valued, and those that cannot, with why."""
    game = rep.game
    rules = game.rules.rules
    fixed = game.rules.winning_score == 0
    tasks: list[Task] = []
    skipped: list[Skipped] = []
    lone_scores = (game.rules.loner_march, game.rules.loner_euchred)
    for d, r in enumerate(rep.deals):
        score = (0, 0) if fixed else _book_score(r)
        unit = "points" if fixed or score == (0, 0) else "game"
        if not fixed and max(score) >= rules.points_for_game:
            skipped.append(Skipped(d, r.number, "deal", 0, -1, "the game was already won"))
            continue
        if r.turn_up is None:
            skipped.append(Skipped(d, r.number, "deal", 0, -1, "the turn-up is not recorded"))
            continue
        calls = _calls_of(r)
        # the bidding: each call, a pass included, from the dealt hand
        for i, (seat, call) in enumerate(r.calls):
            letter = letter_of(seat, r.dealer)
            dealt = r.dealt[seat]
            if dealt is None:
                skipped.append(Skipped(d, r.number, "call", i, seat, "his hand is not known"))
                continue
            if call not in ("Pass", "Order") and r.trump is None:
                skipped.append(Skipped(d, r.number, "call", i, seat, "the call is not known"))
                continue
            spot = Spot(letter, tuple(mask_cards(dealt)), r.turn_up, Score(*score), 1 if i < 4 else 2, rules)
            tasks.append(Task(d, "call", i, seat, letter, None, _action_name(r, i, call, letter), score, unit,
                              rules, spot=spot))
        if r.trump is None or r.maker is None:
            continue
        lone = -1 if not r.alone else letter_of(r.maker, r.dealer)
        maker = letter_of(r.maker, r.dealer)
        taken = r.round == 1 and lone != 2        # C alone: his partner the dealer sits out, never taking up
        dealer_play = r.at_play[r.dealer]
        # the dealer's discard
        if taken:
            if r.discard is None or dealer_play is None:
                skipped.append(Skipped(d, r.number, "discard", 0, r.dealer, "the discard is not recorded"))
            elif r.discard == r.turn_up:
                skipped.append(Skipped(d, r.number, "discard", 0, r.dealer,
                                       "he discarded the turn-up, which the laws played here keep in his hand"))
            else:
                from analysis.play.information import start_info
                # the turn-up stays in his hand: he chooses among his five dealt cards
                six = tuple(mask_cards(dealer_play | (1 << r.discard)))
                six = tuple(c for c in six if c != r.turn_up)
                info = start_info(0, dealer_play, r.trump, maker, lone, r.turn_up, True, r.discard, calls,
                                  rules.pack, _first_leader(r))
                tasks.append(Task(d, "discard", len(r.calls) - 1, r.dealer, 0, None, card_text(r.discard), score,
                                  unit, rules, info=info, options=six, leader=_first_leader(r),
                                  lone_scores=lone_scores))
        # the cards
        if not r.complete:
            skipped.append(Skipped(d, r.number, "card", 0, -1, "the play is not wholly known"))
            continue
        tasks += _card_tasks(d, r, score, unit, rules, calls, maker, lone, taken, skipped, lone_scores)
    return tasks, skipped


def _first_leader(r: Replayed) -> int:
    return letter_of(r.leader, r.dealer)


def _card_tasks(d, r: Replayed, score, unit, rules, calls, maker, lone, taken, skipped, lone_scores) -> list[Task]:
    from analysis.play.information import info_from_state
    out = []
    history: list[tuple[int, int]] = []     # (letter, card) so far
    index = 0
    for t, trick in enumerate(r.tricks):
        for seat, card in trick:
            letter = letter_of(seat, r.dealer)
            hand = r.at_play[seat]
            if hand is None:
                skipped.append(Skipped(d, r.number, "card", index, seat, "his hand is not known"))
            else:
                discard = r.discard if letter == 0 and taken else None
                info = info_from_state(letter, hand, list(history), r.trump, maker, lone, r.turn_up, taken,
                                       discard, calls, rules.pack, _first_leader(r))
                legal = tuple(mask_cards(info.legal()))
                if len(legal) > 1:
                    start = [0, 0, 0, 0]
                    for s, c in history:
                        start[s] |= 1 << c
                    out.append(Task(d, "card", index, seat, letter, t, card_text(card), score, unit, rules,
                                    info=info, options=legal, history=tuple(c for _s, c in history),
                                    start=tuple(start), leader=_first_leader(r), lone_scores=lone_scores))
            history.append((letter, card))
            index += 1
    return out


# --- valuing one decision --------------------------------------------------------------------------

def _read_model(task: Task):
    from analysis.play import BiddingModel
    return BiddingModel(BookPolicy(), task.rules, Score(*task.score))


def _worlds(task: Task, n: int, seed: int, model):
    """Worlds consistent with his information set, the calls read under the book's bidding where
    they can have been made so, else from the cards alone: (hands held now (n, 4), how read)."""
    from analysis.play.worlds import CallsContradicted, sample_worlds
    info = task.info
    if info.taken and task.letter == 0 and info.discard is None:
        # the book's dealer is read by the card he discards, which the file does not give
        return sample_worlds(info, n, seed).hands, "cards (his discard is not recorded)"
    try:
        w = sample_worlds(task.info, n, seed, model=model)
        return w.hands, "book"
    except CallsContradicted:
        w = sample_worlds(task.info, n, seed)
        return w.hands, "cards"


def _nets(tricks_ac: np.ndarray, letter: int, maker: int, lone: int, lone_scores=(4, 4)) -> np.ndarray:
    """His side's net points of each hand whose A+C took ``tricks_ac``: the laws' points (makers
    3 or 4 tricks 1, a march 2, euchred 2 to the adversaries), a lone hand's march and euchre as
    the file scores them."""
    tricks = np.asarray(tricks_ac, np.int64)
    made = tricks if maker & 1 == 0 else 5 - tricks
    march, euchred = lone_scores if lone >= 0 else (2, 2)
    to_makers = np.where(made == 5, march, np.where(made >= 3, 1, -euchred))
    return (to_makers if (letter & 1) == (maker & 1) else -to_makers).astype(np.int8)


def _value_call(task: Task, worlds: int, play_worlds: int, seed: int):
    read = "book"
    try:
        acts, dd, _c, _r = action_nets(task.spot, worlds, seed, "book", "dd")
    except EuchreError:
        read = "cards"
        acts, dd, _c, _r = action_nets(task.spot, worlds, seed, "uniform", "dd")
    model = "book" if read == "book" else "uniform"
    _a, table, _c, _r = action_nets(task.spot, worlds, seed, model, TABLE, play_worlds)
    return [a.name for a in acts], table, dd, read


def _value_cards(task: Task, worlds: int, play_worlds: int, seed: int):
    """A card or a discard: each option on the same worlds, played on by the table engine and solved
    double-dummy; his side's net points (options x worlds) under each. Each option's table hands
    are one batch from the same seed, row i world i, so that the options are paired world by
    world, the players' own draws included."""
    from analysis.play.pimc import play_pimc_batch
    from fastcore.solver import move_values_batch, solve_tricks
    info = task.info
    model = _read_model(task) if info.calls else None
    held, read = _worlds(task, worlds, seed, model)
    n = len(held)
    lone, maker, pack = info.lone_seat, info.maker, info.pack
    names = [card_text(c) for c in task.options]
    nets = lambda tricks: _nets(tricks, task.letter, maker, lone, task.lone_scores)   # noqa: E731
    if task.kind == "card":
        trick = [c for _s, c in info.trick]
        _seat, values = move_values_batch(held, info.trump, info.leader, trick, lone, 0, pack=pack)
        dd = np.stack([nets(info.won[0] + values[:, c].astype(np.int64)) for c in task.options])
        start = held.astype(np.uint32) | np.asarray(task.start, np.uint32)   # the hands as play began
        discard = _world_discards(task, start, seed)
        rows = []
        for c in task.options:
            forced = np.full((n, 20), -1, np.int64)
            forced[:, :len(task.history)] = task.history
            forced[:, len(task.history)] = c
            rows.append((start, discard, forced))
    else:   # the discard: his five dealt cards and the turn-up, less each of the five
        six = mask_of(task.options) | (1 << info.turn_up)
        rows = []
        dd_rows = []
        for c in task.options:
            hands = held.astype(np.uint32).copy()
            hands[:, 0] = six & ~(1 << c)
            dd_rows.append(nets(solve_tricks(hands, info.trump, info.leader, lone, 0, pack=pack)))
            rows.append((hands, np.full(n, c, np.int64), None))
        dd = np.stack(dd_rows)
        # his own discard would be judged by the book's: the rollouts read the cards alone, so that
        # the book's discard is not played better than the others
        model = None
        read += ", the play after it from the cards alone"
    table = np.stack([nets(play_pimc_batch(
        hands, info.trump, lone, 0, play_worlds, seed, leader=task.leader, maker=maker, turn_up=info.turn_up,
        taken=info.taken, discard=discard, calls=[info.calls] * n, pack=pack, model=model, forced=forced)[0])
        for hands, discard, forced in rows])
    return names, table, dd, read


def _world_discards(task: Task, start: np.ndarray, seed: int) -> np.ndarray:
    """The dealer's discard in each world (one a world, the same for every option): his own where
    he is the one reviewed; else, where he took up, a card no hand holds that the book's dealer
    would have discarded from his six (the worlds were kept as the book bids, his discard
    included), drawn from the seed; any card no hand holds where none would."""
    info = task.info
    n = len(start)
    if not info.taken:
        return np.full(n, -1, np.int64)
    if task.letter == 0 and info.discard is not None:
        return np.full(n, info.discard, np.int64)
    from analysis.game.cards import pack_mask
    from analysis.game.contract import book_discards
    rng = np.random.default_rng(seed)
    out = np.empty(n, np.int64)
    alone = info.lone_seat == 0
    for i, h in enumerate(start):
        free = mask_cards(pack_mask(info.pack) & ~int(np.bitwise_or.reduce(h)))
        six = np.array([int(h[0]) | (1 << c) for c in free], np.uint32)
        book = book_discards(six, np.full(len(free), info.turn_up, np.int8), alone)
        fits = [c for c, b in zip(free, book) if b == c]
        out[i] = rng.choice(fits or free)
    return out


def value_task(task: Task, worlds: int, play_worlds: int, seed: int):
    """(the options' names, table nets, double-dummy nets, how the calls were read) of one decision;
    (None, why) where no world fits what he knew (a record the laws allow but no deal explains)."""
    dseed = review_seed(seed, task.deal, KINDS.index(task.kind), task.index)
    try:
        if task.kind == "call":
            return _value_call(task, worlds, play_worlds, dseed)
        return _value_cards(task, worlds, play_worlds, dseed)
    except EuchreError as exc:
        return None, str(exc)


# --- judging -----------------------------------------------------------------------------------------

def judge(task: Task, names, table, dd, read, player: str, number: int, models) -> Decision:
    """The decision valued: each option's estimates, the table's best in the decision's unit, the
    cost of the action taken and its label. ``models``: the game models the table's and the
    double-dummy values are read by (None: the points)."""
    game = models is not None and task.unit == "game"
    tables = {"table": None, "dd": None}
    if models is not None:
        tables = {engine: value_tables(gm, task.score, task.letter) for engine, gm in zip(("table", "dd"), models)}
    options = tuple(Option(name, mean_estimate(table[k]), mean_estimate(dd[k]),
                           game_estimate(*tables["table"], table[k]) if models is not None else None,
                           game_estimate(*tables["dd"], dd[k]) if models is not None else None)
                    for k, name in enumerate(names))
    if task.chosen not in names:
        raise EuchreError(f"deal {number}: {player}'s {task.kind} {task.chosen} is not one of his choices "
                          f"({', '.join(names)})")
    c = names.index(task.chosen)

    def best_of(engine):
        return int(np.argmax([o.value(task.unit, engine).mean for o in options]))

    def diff(nets, a, b, engine="table"):
        """Option a less option b, world by world (b: an option, or one per world)."""
        nb = nets[b] if np.ndim(b) == 0 else nets[b, np.arange(nets.shape[1])]
        if game:
            return game_estimate(*tables[engine], nets[a], nb)
        return mean_estimate(nets[a].astype(np.int16) - nb)

    def against_best(nets, engine):
        """The action taken less the best, each half of the worlds against the best of the other
        half: the best found on the worlds that measure it would flatter it (a cost below 0 even
        between equal cards)."""
        n = nets.shape[1]
        first = np.arange(n) < n // 2
        value = (lambda x: tables[engine][0][x.astype(np.int64) + 4]) if game else (lambda x: x)
        best_a = int(np.argmax([value(nets[k, first]).mean() for k in range(len(names))]))
        best_b = int(np.argmax([value(nets[k, ~first]).mean() for k in range(len(names))]))
        return diff(nets, c, np.where(first, best_b, best_a), engine)

    b, b_dd = best_of("table"), best_of("dd")
    cost, cost_dd = against_best(table, "table"), against_best(dd, "dd")
    label = _label(task.unit, cost, options, c, b, table, diff)
    words = _words(task, label, cost, cost_dd, options, c, b, b_dd)
    return Decision(task.deal, number, task.kind, task.index, task.seat, player, task.letter, task.trick,
                    task.chosen, options, task.unit, table.shape[1], read, names[b], names[b_dd], cost, cost_dd,
                    label, words)


def _label(unit, cost: Estimate, options, c, b, table, diff) -> str | None:
    limits = THRESHOLDS[unit]
    if c != b:
        if cost.high < 0:
            for label in ("[??]", "[?]", "[?!]"):
                if -cost.mean >= limits[label]:
                    return label
        return None
    others = [k for k in range(len(options)) if k != c]
    if not others or options[c].name == "pass":      # a pass is never the find of the game
        return None
    second = max(others, key=lambda k: options[k].value(unit).mean)
    gap = diff(table, second, c)
    return "[!]" if gap.high < 0 and -gap.mean >= limits["[??]"] else None


def _fmt(e: Estimate, unit: str) -> str:
    if unit == "game":
        return f"{100 * e.mean:+.1f} pp [{100 * e.low:+.1f}, {100 * e.high:+.1f}] of the game-win chance"
    return f"{e.mean:+.2f} points [{e.low:+.2f}, {e.high:+.2f}]"


def _words(task: Task, label, cost, cost_dd, options, c, b, b_dd) -> str:
    unit = task.unit
    dd = f"double-dummy {_fmt(cost_dd, unit)}" + ("" if b_dd == b else f", best {options[b_dd].name}")
    if c == b:
        head = f"{task.chosen}: the best at the table"
        if label == "[!]":
            head += " and the one good choice"
        return f"{head} ({dd})"
    better = options[b].value(unit)
    took = options[c].value(unit)
    v = (lambda e: f"{100 * e.mean:.1f}%") if unit == "game" else (lambda e: f"{e.mean:+.2f}")
    return (f"{task.chosen} {_fmt(cost, unit)} at the table: {options[b].name} was better ({v(better)} against "
            f"{v(took)}); {dd}")


# --- the review ----------------------------------------------------------------------------------------

def review(game: Game, worlds: int = REVIEW_WORLDS, play_worlds: int = REVIEW_PLAY_WORLDS, seed: int = 0,
           n_jobs: int = 1, model_deals: int = MODEL_DEALS, progress=None) -> Review:
    """Every decision of ``game`` valued (see the module docstring): ``worlds`` worlds each, the
    table's players searching ``play_worlds`` worlds a card. ``progress(done, total)`` is told of
    each decision valued."""
    bounded(worlds, "review", "worlds", least=2)
    bounded(play_worlds, "review", "play_worlds")
    bounded(model_deals, "review", "model_deals")
    check_whole(seed, "seed")
    check_jobs(n_jobs)
    rep = replay(game)
    tasks, skipped = tasks_of(rep)
    if n_jobs == 1 or len(tasks) < 2:
        found = (value_task(t, worlds, play_worlds, seed) for t in tasks)
    else:
        from joblib import delayed

        from analysis.parallel import local_parallel
        found = local_parallel(n_jobs, return_as="generator")(
            delayed(value_task)(t, worlds, play_worlds, seed) for t in tasks)
    values = []
    for v in found:
        values.append(v)
        if progress is not None:
            progress(len(values), len(tasks))
    fixed = game.rules.winning_score == 0
    models = model_text = None
    if not fixed:   # each engine's values read by the game model whose hands were played alike
        at_table, table_text = advice_model(game.rules.rules, TABLE_PLAYER, model_deals, n_jobs)
        dd_model = game_model(game.rules.rules, model_deals, MODEL_SEED, n_jobs)
        models = (at_table, dd_model)
        dd_text = model_words({"play": "dd"}, dd_model.counts)
        model_text = table_text if table_text == dd_text else f"at the table, {table_text}; double-dummy, {dd_text}"
    names = game.players
    decisions = []
    for t, v in zip(tasks, values):
        number = rep.deals[t.deal].number
        if v[0] is None:
            skipped.append(Skipped(t.deal, number, t.kind, t.index, t.seat, f"no world could be valued: {v[1]}"))
            continue
        decisions.append(judge(t, *v, names[t.seat] if t.seat < len(names) else f"seat {t.seat}", number, models))
    notes = []
    r = game.rules
    if r.loner_euchred != 4 or r.loner_march != 4:
        notes.append(f"the calls are valued by the 1888 laws' scoring of a lone hand (4 for a march, 4 to the "
                     f"adversaries when euchred), the discards and cards by the file's ({r.loner_march} and "
                     f"{r.loner_euchred}): a lone call is valued as if a lone euchre cost 4")
    if fixed:
        notes.append("a game of a fixed number of deals: every decision valued in points, the bidding read at love-all")
    return Review(rep, decisions, skipped, worlds, play_worlds, seed, model_text or "none", notes)


# --- text --------------------------------------------------------------------------------------------------

def text(rv: Review) -> str:
    game = rv.replay.game
    lines = [f"{game.title or game.source}: {len(rv.replay.deals)} deals, final score {rv.replay.final_score[0]}-"
             f"{rv.replay.final_score[1]} (seats 0 and 2 first); {game.rules.rules.words}.",
             f"Each decision valued over {rv.worlds:,} worlds consistent with what its player knew, played on at the "
             f"table (PIMC reading the calls, {rv.play_worlds} worlds a card) and double-dummy; cost = the action "
             f"taken less the table's best, 95% interval; in points at love-all, else in percentage points (pp) of "
             f"the game-win chance (the book's game model: {rv.model_text}). Labels only where the interval is wholly below 0: "
             + "; ".join(f"{k} from {_threshold_words(k)}" for k in ("[??]", "[?]", "[?!]")) + "."]
    lines += [f"note: {n}" for n in rv.notes]
    for d in rv.decisions:
        lines.append(f"{d.label or '':5} {where(d)}: {d.words}")
    if rv.skipped:
        lines.append(f"not valued: {len(rv.skipped)} decisions, " + "; ".join(
            sorted({f'{s.why}' for s in rv.skipped})))
    lines.append("")
    lines.append("by seat: total cost (a sum over his decisions, 95% interval) and labels")
    for row in rv.summary():
        p, g = row["points"], row["game"]
        labels = " ".join(f"{k} {v}" for k, v in row["labels"].items() if v)
        costs = []
        if p["decisions"]:
            costs.append(f"{p['cost']:+.2f} points [{p['ci'][0]:+.2f}, {p['ci'][1]:+.2f}] over {p['decisions']}")
        if g["decisions"]:
            costs.append(f"{100 * g['cost']:+.1f} pp [{100 * g['ci'][0]:+.1f}, {100 * g['ci'][1]:+.1f}] of the "
                         f"game-win chance over {g['decisions']}")
        lines.append(f"  seat {row['seat']} {row['player']}: {row['decisions']} decisions; "
                     f"{', '.join(costs) or 'no cost'}; {labels or 'no labels'}")
        for w in row["largest"]:
            lines.append(f"      {w}")
    if rv.replay.problems:
        lines.append("problems in the record: " + "; ".join(rv.replay.problems))
    return "\n".join(lines) + "\n"


def _threshold_words(label: str) -> str:
    return f"{THRESHOLDS['points'][label]:.2f} points or {100 * THRESHOLDS['game'][label]:.1f} pp"

"""The PIMC player (perfect-information Monte Carlo).

At each decision with two or more legal cards it draws ``worlds`` worlds consistent with what it
knows (:mod:`analysis.play.worlds`), values every legal card in every world by the double-dummy
solver (one call of ``fastcore.solver.move_values_batch``), and plays the card with the best mean
tricks for its side. Ties go to the lowest card id. A single legal card is played without search.
The worlds of a decision are drawn from the seed and the key (deal, card number, seat), so a hand
is played the same whatever else is played beside it.

What it cannot see: each world is solved as if every player knew every card (strategy fusion: it
assumes it could play differently in worlds it cannot tell apart), and a card is valued for this
trick's worlds alone, not for what the others will infer from it (non-locality).

:func:`play_pimc_batch` plays whole hands with the player in every seat, from the cards alone or
reading the calls, through the compiled twin ``fastcore.pimcplay``: the same worlds, values and
cards as :func:`analysis.play.table.play_hands` with ``PIMCPlayer(worlds, seed)`` (or
``PIMCPlayer(worlds, seed, model, fallback=True)``) in every seat.
"""
from __future__ import annotations

import numpy as np

from analysis.errors import EuchreError, check_whole
from analysis.game.rules import points_by_side
from analysis.play.information import InfoSet
from analysis.play.players import Player, cards_of
from analysis.bidding.reading import HANDS, TABLE_BYTES
from analysis.play.worlds import MIN_ACCEPTANCE, BiddingModel, CallsContradicted, sample_worlds
from analysis.seeds import root_state
from fastcore.batches import int_array
from fastcore.pimcplay import play_pimc_hands
from fastcore.solver import move_values_batch


CAREFUL = 100       # above any hand's points (fastcore.pimcplay's CAREFUL)


def checked_worlds(worlds) -> int:
    """Worlds a decision as an int, refused unless a whole number of at least 1."""
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise EuchreError(f"worlds must be a whole number of at least 1, not {worlds!r}")
    return int(worlds)


def pimc_values(info: InfoSet, worlds: int, seed, model: BiddingModel | None = None, key=(),
                solver=None) -> tuple[dict[int, float], int, float | None]:
    """For each legal card of the player to move (who must be ``info.player``), AC's mean tricks
    over the whole hand across ``worlds`` worlds; returns (values by card, worlds used, acceptance).
    ``solver``: a solver of :mod:`analysis.play.double_dummy` (default: the compiled one)."""
    legal, tricks, acceptance = pimc_world_tricks(info, worlds, seed, model, key, solver)
    n = len(tricks)
    sums = tricks.sum(axis=0)
    return {c: info.won[0] + float(sums[i]) / n for i, c in enumerate(legal)}, n, acceptance


def pimc_world_tricks(info: InfoSet, worlds: int, seed, model: BiddingModel | None = None, key=(),
                      solver=None) -> tuple[list[int], np.ndarray, float | None]:
    """The worlds of :func:`pimc_values` one by one: (the legal cards, AC's tricks from here on
    after each card in each world (worlds x cards), acceptance), for an interval on the means."""
    if info.to_move != info.player:
        raise EuchreError("the information set must be that of the player to move")
    w = sample_worlds(info, worlds, seed, key, model=model)
    trick = [c for _s, c in info.trick]
    if solver is None:
        _seat, values = move_values_batch(w.hands, info.trump, info.leader, trick, info.lone_seat, 0, pack=info.pack)
    else:
        _seat, values = solver.world_values(w.hands, info.trump, info.leader, trick, info.lone_seat, 0, info.pack)
    legal = cards_of(info.legal())
    return legal, values[:, legal].astype(np.int64), w.acceptance


def net_points(tricks, side: int, maker: int, lone_seat: int) -> np.ndarray:
    """The hand's points to ``side`` less the other side's (laws 2 and 3,
    :func:`analysis.game.rules.points_by_side`) when ``side`` takes ``tricks`` (an array) of the
    hand; ``maker``: the makers' seat (below 0, unknown: refused)."""
    if maker < 0:
        raise EuchreError("playing for the hand's points needs the makers' seat")
    tricks = np.asarray(tricks)
    maker_tricks = (tricks if side == (maker & 1) else 5 - tricks).ravel()
    points = points_by_side(np.full(maker_tricks.size, maker), np.full(maker_tricks.size, lone_seat),
                            maker_tricks).astype(np.int64)
    return (points[:, side] - points[:, side ^ 1]).reshape(tricks.shape)


class PIMCPlayer(Player):
    """Perfect-information Monte Carlo with ``worlds`` worlds a decision, from ``seed``; ``model``
    (a :class:`analysis.play.worlds.BiddingModel`) keeps only the worlds in which the others bid as
    heard. ``decisions`` counts the decisions searched (two or more legal cards).

    When the calls contradict the model (a partner who did not bid as the model says he would),
    the player raises :class:`analysis.play.worlds.CallsContradicted`, or with ``fallback`` reads the
    cards alone from that decision to the end of the hand, as a player who sees he was misled;
    ``contradicted`` lists the keys of the decisions where he saw it (a key starts with the deal).

    The deals whose calls misled him are kept by their key's deal number for the player's life; at
    a table the player reading the calls is made anew for each batch (:meth:`hearing`).

    ``reads_calls``: seated at a table (:class:`analysis.play.table.TablePlay`), he reads the calls
    under the policies that bid them (:meth:`hearing`), falling back to the cards alone when they
    mislead him; a contract fixed without bidding he plays from the cards alone.

    ``stop_at`` (the sequential stop, off at 0): having valued the first ``stop_at`` of his worlds
    (fewer than ``worlds``), he plays the leading card there if it is ahead of every other legal
    card by at least ``stop_margin`` tricks a world (points, playing for points), and values the
    rest of the worlds only otherwise. The worlds drawn are the same, so the calls mislead him
    where they mislead the full player; the cards differ only where the stop is taken.

    ``careful`` (playing for points; 0: off): the book's "very conservative" play (E11), with the other
    side ``careful`` points short of game: a card's value in a world is first whether the hand leaves
    them short of it, then its points."""

    def __init__(self, worlds: int = 32, seed: int = 0, model: BiddingModel | None = None, fallback: bool = False,
                 reads_calls: bool = False, points: bool = False, stop_at: int = 0, stop_margin: float = 0.25,
                 careful: int = 0):
        self.worlds = checked_worlds(worlds)
        self.stop_at, self.stop_margin = checked_stop(stop_at, stop_margin)
        self.seed = int(seed)
        self.model = model
        self.fallback = fallback
        self.reads_calls = bool(reads_calls)
        self.points = bool(points)
        check_whole(careful, "careful", 0)
        if careful and not self.points:
            raise EuchreError("careful play is playing for points: give points=True")
        self.careful = int(careful)      # the points the other side lacks for game (0: ordinary play)
        stop = f", stop at {self.stop_at} by {self.stop_margin:g}" if self.stop_at else ""
        self.name = f"pimc({self.worlds}{', calls' if reads_calls else ''}{', points' if points else ''}{', careful' if careful else ''}{stop})"
        self.decisions = 0
        self.contradicted: list[tuple] = []
        self._misled: set[tuple] = set()      # the deals whose calls he found misleading
        self.parent: PIMCPlayer | None = None  # the player he hears the calls for (hearing)

    def hearing(self, model: BiddingModel | None) -> "PIMCPlayer":
        """The same player (worlds, seed) reading the calls under ``model`` (None: the cards alone),
        with fallback; his decisions and contradictions are counted on this player too."""
        heard = self.reading(model)
        heard.name = self.name
        heard.contradicted = self.contradicted
        heard.parent = self
        return heard

    def reading(self, model: BiddingModel | None) -> "PIMCPlayer":
        """A new player of this kind, worlds and seed, reading the calls under ``model`` with the fallback."""
        return PIMCPlayer(self.worlds, self.seed, model, fallback=True, points=self.points, stop_at=self.stop_at,
                          stop_margin=self.stop_margin, careful=self.careful)

    def play_compiled(self, hands, trump, lone_seat, side, pack: int = 32, threads: int = 1,
                      **table) -> np.ndarray | None:
        """He in every seat, compiled (:func:`play_pimc_batch`, on ``threads`` threads), from the cards
        alone or reading the calls with the fallback (which needs each deal's calls and turn-up): the
        same cards, his decisions and contradictions counted alike. None where the twin cannot play him."""
        if self.careful or (self.model is not None and not (self.fallback and table.get("calls") is not None
                                                            and table.get("turn_up") is not None)):
            return None         # careful play is one seat's (play_pimc_batch's careful_seat), not every seat's
        tricks, decisions, contradicted = play_pimc_batch(hands, trump, lone_seat, side, self.worlds, self.seed,
                                                          pack=pack, model=self.model, points=self.points,
                                                          threads=threads, stop_at=self.stop_at,
                                                          stop_margin=self.stop_margin, **table)
        self.count_decisions(decisions)
        self.contradicted.extend(contradicted)
        return tricks

    def count_decisions(self, n: int) -> None:
        """Counts ``n`` decisions searched, on the player he hears the calls for too."""
        self.decisions += n
        if self.parent is not None:
            self.parent.decisions += n

    def worlds_of(self, info: InfoSet, key: tuple):
        """The decision's worlds: read with the model, or from the cards alone when the calls
        contradict it and ``fallback`` is set."""
        if self.model is None or key[:1] in self._misled:
            return sample_worlds(info, self.worlds, self.seed, key)
        try:
            return sample_worlds(info, self.worlds, self.seed, key, model=self.model)
        except CallsContradicted:
            if not self.fallback:
                raise
            self.contradicted.append(key)
            self._misled.add(key[:1])
            return sample_worlds(info, self.worlds, self.seed, key)

    def choose(self, info: InfoSet, key: tuple) -> int:
        legal = cards_of(info.legal())
        if len(legal) == 1:
            return legal[0]
        self.count_decisions(1)
        hands = self.worlds_of(info, (*key, info.player)).hands
        if 0 < self.stop_at < len(hands):
            first = self.card_values(info, hands[:self.stop_at])
            best = first_max(legal, first)
            if all(first[best] - first[c] >= self.stop_margin * self.stop_at for c in legal if c != best):
                return best
            rest = self.card_values(info, hands[self.stop_at:])   # the first worlds are valued already
            return first_max(legal, [a + b for a, b in zip(first, rest)])
        return first_max(legal, self.card_values(info, hands))

    def misled_on(self, deals) -> None:
        """The calls of these deals (their numbers in the batch) misled him already: he reads the
        cards alone in them (a hand replayed past the card where the calls contradicted the model)."""
        self._misled.update((int(d),) for d in deals)

    def values_at(self, info: InfoSet, key: tuple, misled: bool = False) -> list:
        """Each card's summed value over the decision's worlds (``key``: deal, card number, seat), as
        :meth:`choose` values them without the sequential stop; ``misled``: the calls of this deal
        misled him at an earlier card (he reads the cards alone)."""
        if misled:
            self._misled.add(key[:1])
        return self.card_values(info, self.worlds_of(info, key).hands)

    def card_values(self, info: InfoSet, hands: np.ndarray):
        """Each legal card's value over the worlds ``hands``, indexed by card id: the sum of its
        double-dummy tricks for the mover's side (or, playing for points, of the hand's net points)."""
        side = info.player & 1
        _seat, values = move_values_batch(hands, info.trump, info.leader, [c for _s, c in info.trick],
                                          info.lone_seat, side, pack=info.pack)
        if self.points:
            values = net_points(info.won[side] + values.astype(np.int64), side, info.maker, info.lone_seat)
            if self.careful:        # first keep the other side from game, then the points (the kernel's CAREFUL)
                values = values + CAREFUL * (-values < self.careful)
        return values.sum(axis=0, dtype=np.int64).tolist()


def first_max(legal: list[int], values) -> int:
    """The legal card (``legal`` in card order) of the largest value, the lowest card id of a tie."""
    best = legal[0]
    for c in legal:
        if values[c] > values[best]:
            best = c
    return best


def checked_stop(stop_at, stop_margin) -> tuple[int, float]:
    """The sequential stop's worlds (0: none) and margin, refused unless a whole number of at least 0
    and a number of at least 0."""
    check_whole(stop_at, "stop_at", 0)
    if isinstance(stop_margin, bool) or not isinstance(stop_margin, (int, float, np.integer, np.floating)) \
            or not stop_margin >= 0:
        raise EuchreError(f"stop_margin must be a number of at least 0, not {stop_margin!r}")
    return int(stop_at), float(stop_margin)


def reading_of(model: BiddingModel, turn_up, calls) -> tuple:
    """The calls' tables of a batch of deals for the compiled players (``play_pimc_hands``'s
    ``reading``): each distinct table once, each deal's rows."""
    rows: dict[int, int] = {}
    tables, discards = [], []
    table_of = np.zeros((len(calls), 4), np.int32)
    discard_of = np.full(len(calls), -1, np.int32)

    def row_of(table, kept) -> int:
        key = id(table)          # the tables are kept objects: one id, one table
        if key not in rows:
            rows[key] = len(kept)
            kept.append(table)
        return rows[key]
    for i, heard in enumerate(calls):
        seats, discard = model.tables.heard(int(turn_up[i]), heard)
        for s in range(4):
            table_of[i, s] = row_of(seats[s], tables)
        if discard is not None:
            discard_of[i] = row_of(discard, discards)
    return (np.stack(tables) if tables else np.zeros((1, TABLE_BYTES), np.uint8), table_of,
            np.stack(discards) if discards else np.zeros((0, HANDS), np.int8), discard_of, MIN_ACCEPTANCE)


def play_pimc_batch(hands, trump, lone_seat, side, worlds, seed, leader=None, maker=None, turn_up=None,
                    taken=None, discard=None, calls=None, pack: int = 32, model: BiddingModel | None = None,
                    points: bool = False, threads: int = 1, stop_at: int = 0,
                    stop_margin: float = 0.25, forced=None, careful_seat: int = -1,
                    careful_need: int = 0) -> tuple[np.ndarray, int, list]:
    """:func:`analysis.play.table.play_hands` with ``PIMCPlayer(worlds, seed)`` (uniform worlds) or,
    given ``model``, ``PIMCPlayer(worlds, seed, model, fallback=True)`` (reading the calls) in every
    seat, compiled (``fastcore.pimcplay``): the same arguments, the same cards and so the same tricks
    taken by ``side``.

    hands: (N, 4) masks at the start of play, 5 cards each (a lone player's partner's are
    ignored); trump, lone_seat (-1 none), side (0 AC, 1 BD), leader (default: the first active
    seat left of A), maker (-1 unknown; the worlds do not read it), turn_up (-1 or None
    unknown), taken (the dealer took it up), discard (the dealer's, -1 or None for none): one value
    or (N,) values; ``calls``: one tuple of Call per deal (read only with ``model``, which needs
    them and the turn-ups). ``points``: ``PIMCPlayer(..., points=True)``, playing for the hand's
    points (the maker must be known). ``threads``: the hands shared among that many threads of this
    process, the calls' tables shared by them (the cards do not depend on it). ``stop_at``,
    ``stop_margin``: the sequential stop of ``PIMCPlayer(..., stop_at=, stop_margin=)``. ``forced``:
    None or (N, 20) cards to play as given by card number (-1: the player decides). Returns
    (tricks of ``side`` per deal as int8, the decisions searched: those with two or more legal
    cards, as counted by ``PIMCPlayer.decisions``, the keys (deal, card number, seat) of the
    decisions where the calls contradicted the model)."""
    h = np.asarray(hands)
    n = len(h) if h.ndim else 0
    side_a = int_array(np.full(n, 0, np.int64) if side is None else side, n, "side", 0, 1)
    _plays, won, decisions, contradicted = pimc_hands(
        hands, trump, lone_seat, worlds, seed, leader, maker, turn_up, taken, discard, calls, pack, model, points,
        threads, stop_at, stop_margin, forced, careful_seat=careful_seat, careful_need=careful_need)
    return won[np.arange(n), side_a.astype(np.intp)], decisions, contradicted


def pimc_hands(hands, trump, lone_seat, worlds, seed, leader=None, maker=None, turn_up=None, taken=None,
               discard=None, calls=None, pack: int = 32, model: BiddingModel | None = None, points: bool = False,
               threads: int = 1, stop_at: int = 0, stop_margin: float = 0.25,
               forced=None, misled=None, careful_seat: int = -1,
               careful_need: int = 0) -> tuple[np.ndarray, np.ndarray, int, list]:
    """:func:`play_pimc_batch`'s hands with every card: (plays (N, 20) int8, the cards in the order
    played, -1 after the 15th of a lone hand; won (N, 2), the tricks of AC and BD; the decisions
    searched; the keys of the decisions where the calls contradicted the model). ``misled``: None
    or (N,) the deals whose calls already misled the players (:meth:`PIMCPlayer.misled_on`).
    ``careful_seat``, ``careful_need``: that seat plays carefully (``PIMCPlayer(..., careful=)``)."""
    worlds = checked_worlds(worlds)
    stop_at, stop_margin = checked_stop(stop_at, stop_margin)
    root = root_state(seed)
    h = np.asarray(hands)
    n = len(h) if h.ndim else 0

    def col(x, default):
        return np.full(n, default, np.int64) if x is None else x
    maker_a = int_array(col(maker, -1), n, "maker", -1, 3)
    if points and n and (maker_a < 0).any():
        raise EuchreError("playing for the hand's points needs the makers' seat")
    makers = (maker_a & 1).astype(np.int8) if points else None
    reading = None
    if model is not None:
        if calls is None or turn_up is None:
            raise EuchreError("reading the calls needs each deal's calls and turn-up")
        turn = np.broadcast_to(np.asarray(turn_up, np.int64), (n,))
        if n and (turn < 0).any():
            raise EuchreError("reading the calls needs each deal's calls and turn-up")
        reading = reading_of(model, turn, [tuple(c) for c in calls])
    got = play_pimc_hands(h, col(trump, 0), col(lone_seat, -1), leader, col(turn_up, -1), col(taken, 0),
                          col(discard, -1), worlds, root, pack=pack, reading=reading, makers=makers, threads=threads,
                          stop_at=stop_at, stop_margin=stop_margin, forced=forced, misled=misled,
                          careful_seat=careful_seat, careful_need=careful_need)
    plays, won, decisions = got[0], got[1], got[2]
    contradicted = [tuple(int(x) for x in k) for k in got[3]] if reading is not None else []
    return plays, won, decisions, contradicted

"""The card players by name: the one registry of the table's players and the run's play engines.

Each entry names a player, says in one line who he is and what he sees, makes him (his worlds a
decision, his seed, the rules), and names his compiled twin, the kernel that plays whole hands
with him in every seat card for card the same (the table finds it on the player:
:meth:`analysis.play.players.Player.play_compiled`). The table (:mod:`analysis.play.table`), the
engines (:mod:`analysis.play.engines`), the strength ladder (:mod:`analysis.tools.ladder`) and the
command line read it. ``pimcN`` names PIMC from the cards alone with N worlds a decision.

An engine's words are its entry's too, for every page that names it: its short name (a test's
model in the ledger, a variant's label, a chart's axis), its sentence (the report's note on what
the players are and see), how a sentence says the hands were played (:meth:`Entry.played`) and
its marker on the claims' chart.

A new player: his module in this package, one :class:`Entry` in :data:`ENTRIES`, and a test.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from analysis.bidding.book_policy import BookPolicy
from analysis.errors import EuchreError
from analysis.game.primary import AT_TABLE, DOUBLE_DUMMY
from analysis.game.rules import Rules, Score
from analysis.play.book import BookPlayer
from analysis.play.pimc import PIMCPlayer
from analysis.play.players import DoubleDummyPlayer, Player, SimplePlayer
from analysis.play.postponed import PostponedPIMCPlayer
from analysis.play.worlds import BiddingModel

# what a player sees besides the cards played
OWN = "his own cards"
CALLS = "his own cards and the calls"
ALL = "every card"

DEFAULT_WORLDS = 32
DEFAULT_ENGINE = DOUBLE_DUMMY
# "table": the strongest table-side player fast enough to be a study's engine. On the ladder
# (reports/ladder) PIMC reading the calls rates above PIMC from the cards alone at 32 and at 128
# worlds, and compiled it plays whole hands in about 1.6 times PIMC's time.
TABLE = "table"
TABLE_PLAYER = AT_TABLE       # the primaries' table replications are played by him too
AT_THE_TABLE = "at the table"     # how a sentence says a table-side engine played


@dataclass(frozen=True)
class Entry:
    name: str
    description: str                              # who he is, one line
    sees: str                                     # OWN, CALLS or ALL
    make: Callable[[int, int, Rules], Player]     # (worlds a decision, seed, rules) -> the player
    twin: str | None = None                       # the compiled kernel of him in every seat, if any
    engine: str | None = None                     # as a run's engine (--play), in words; None: not one
    worlds: bool = False                          # as an engine, plays the run's worlds a decision
    solver: bool = False                          # as an engine, the exact solver rather than him at a table
    ladder: bool = False                          # on the strength ladder by default
    short: str = ""                               # as an engine, its name in a few words ("PIMC, calls")
    sentence: str = ""                            # as an engine, what its players are and see (a report's note)
    marker: tuple[str, str] | None = None         # its marker on the claims' chart, and the legend's words

    def played(self, worlds: int | None) -> str:
        """How the hands were played, for a sentence ("played twice {played}"): "double-dummy", "at the
        table (PIMC, 32 worlds a decision)"."""
        if self.solver:
            return self.short
        return AT_THE_TABLE + self.engine.format(worlds=worlds).removeprefix("table-side play")


def book_reader(rules: Rules) -> BiddingModel:
    """The others' bidding as the ladder's players read it: the book's, at love-all."""
    return BiddingModel(BookPolicy(), rules, Score())


def pimc_entry(worlds: int, description: str, ladder: bool = False, name: str | None = None) -> Entry:
    """PIMC from the cards alone with ``worlds`` worlds a decision, whatever worlds the caller gives."""
    return Entry(name or f"pimc{worlds}", description, OWN, lambda _w, seed, _r: PIMCPlayer(worlds, seed),
                 twin="fastcore.pimcplay", ladder=ladder)


# the order is the ladder's order of presentation
ENTRIES: tuple[Entry, ...] = (
    Entry("simple", "wins the trick as cheaply as he can unless his partner is winning it, else throws his lowest card",
          OWN, lambda _w, _s, _r: SimplePlayer(), engine="table-side play (the simple baseline)", ladder=True,
          short="simple",
          sentence="Each player plays a simple baseline: he wins the trick as cheaply as he can unless his partner "
                   "is winning it, else throws his lowest card."),
    Entry("book", "the book's rules of play (E7 ... E10, S8 ... S10), else the simple player's card",
          OWN, lambda _w, _s, _r: BookPlayer(), twin="fastcore.bookplay",
          engine="table-side play (the book's card-play rules)", ladder=True, short="book's play",
          sentence="Each player plays by the book's card-play rules, and where the book is silent wins the trick as "
                   "cheaply as he can unless his partner is winning it, else throws his lowest card."),
    Entry("pimc", "PIMC: each card valued double-dummy in the run's worlds, drawn from those the cards allow",
          OWN, lambda worlds, seed, _r: PIMCPlayer(worlds, seed), twin="fastcore.pimcplay",
          engine="table-side play (PIMC, {worlds} worlds a decision)", worlds=True, short="PIMC",
          sentence="Each player chooses his card by perfect-information Monte Carlo with {worlds} worlds a decision: "
                   "worlds consistent with what he has seen, each solved double-dummy. It assumes it could play "
                   "differently in worlds it cannot tell apart (strategy fusion) and values a card for the present "
                   "trick's worlds only (non-locality): a strong player, not a perfect one. His worlds come from the "
                   "cards alone: he does not read the calls."),
    Entry(AT_TABLE, "PIMC keeping only the worlds in which the others would have bid as heard, under the "
          "policies that bid", CALLS,
          lambda worlds, seed, _r: PIMCPlayer(worlds, seed, fallback=True, reads_calls=True), twin="fastcore.pimcplay",
          engine="table-side play (PIMC reading the calls, {worlds} worlds a decision)", worlds=True,
          short="PIMC, calls",
          sentence="Each player chooses his card by perfect-information Monte Carlo with {worlds} worlds a decision, "
                   "keeping only the worlds in which the others would have bid as he heard them (under the policies "
                   "that bid), each solved double-dummy; where the calls mislead him he reads the cards alone. "
                   "Strategy fusion and non-locality remain: a strong player, not a perfect one.",
          marker=("^", "at the table (PIMC reading the calls)")),
    pimc_entry(8, "PIMC: each card valued double-dummy in 8 worlds drawn uniformly from those the cards allow",
               ladder=True),
    pimc_entry(32, "PIMC with 32 worlds a decision, the cards alone", ladder=True),
    pimc_entry(128, "PIMC with 128 worlds a decision, the cards alone", ladder=True),
    Entry("pimc32-calls", "PIMC with 32 worlds a decision, kept only where the others would have bid as heard "
          "(under the book's bidding)", CALLS,
          lambda _w, seed, rules: PIMCPlayer(32, seed, model=book_reader(rules), fallback=True),
          twin="fastcore.pimcplay", ladder=True),
    # the sequential stop: by name only, rated on the ladder against pimc32-calls
    Entry("pimc32-calls-stop", "PIMC reading the calls, stopping at 16 of his 32 worlds where the leading card is "
          "ahead of every other by at least 0.25 tricks a world", CALLS,
          lambda _w, seed, rules: PIMCPlayer(32, seed, model=book_reader(rules), fallback=True, stop_at=16,
                                             stop_margin=0.25),
          twin="fastcore.pimcplay"),
    Entry("pimc32-calls-points", "PIMC reading the calls, each card valued by the hand's points in each world (a "
          "march, a euchre) rather than its tricks", CALLS,
          lambda _w, seed, rules: PIMCPlayer(32, seed, model=book_reader(rules), fallback=True, points=True),
          twin="fastcore.pimcplay", ladder=True),
    # he plays in Python, about 11 hands a second: by name only
    Entry("epimc32-calls", "PIMC reading the calls, his next decision postponed (in the manner of EPIMC): one card for "
          "the worlds he cannot tell apart then, the others answering world by world", CALLS,
          lambda _w, seed, rules: PostponedPIMCPlayer(32, seed, model=book_reader(rules), fallback=True)),
    Entry(DOUBLE_DUMMY, "double-dummy: sees every card (the ceiling)", ALL, lambda _w, _s, _r: DoubleDummyPlayer(),
          engine="double-dummy play", solver=True, ladder=True, short="double-dummy",
          sentence="The card play is solved **double-dummy**: every player sees all four hands and plays perfectly. "
                   "That is perfect-information play, an approximation of play at the table: it favours whoever the "
                   "unseen cards favour (a finesse always works for the side it works for), so it measures what the "
                   "cards are worth under best play, not what a given player will make of them.",
          marker=("o", "double-dummy")),
)
BY_NAME = {e.name: e for e in ENTRIES}
PIMC_N = re.compile(r"pimc([0-9]+)")


def find(name: str) -> Entry | None:
    """The entry of ``name``, or of ``pimcN`` (N >= 1); None for a name unknown."""
    if name in BY_NAME:
        return BY_NAME[name]
    m = PIMC_N.fullmatch(name)
    if m and int(m[1]) >= 1:
        return pimc_entry(int(m[1]), f"PIMC with {int(m[1])} worlds a decision, the cards alone", name=name)
    return None


def entry(name: str) -> Entry:
    """The entry of ``name`` (see :func:`find`); an unknown name is refused, the names listed."""
    got = find(name)
    if got is None:
        raise EuchreError(f"table player {name!r} is unknown: use {', '.join(BY_NAME)} (or pimcN: N worlds a decision)")
    return got


def make_player(name: str, worlds: int = DEFAULT_WORLDS, seed: int = 0, rules: Rules = Rules()) -> Player:
    """The player ``name`` with ``worlds`` worlds a decision (those who draw worlds and take their
    number from the caller), deterministic from ``seed``; ``rules``: the bidding he reads the calls by."""
    return entry(name).make(worlds, seed, rules)


# the run's engines, the default first
ENGINES = (DEFAULT_ENGINE, TABLE) + tuple(e.name for e in ENTRIES if e.engine and e.name != DEFAULT_ENGINE)
LADDER = tuple(e.name for e in ENTRIES if e.ladder)


def short_name(name: str) -> str:
    """A player's or engine's name in a few words ("double-dummy", "PIMC, calls"); a name with none, itself."""
    got = find(TABLE_PLAYER if name == TABLE else name)
    return got.short if got is not None and got.short else name


def engine_entry(name: str) -> Entry:
    """The entry of a run's engine (``table`` standing for :data:`TABLE_PLAYER`); another name is refused."""
    got = BY_NAME.get(TABLE_PLAYER if name == TABLE else name)
    if got is None or not got.engine:
        raise EuchreError(f"play engine {name!r} is unknown: use {', '.join(ENGINES)}")
    return got


def engines_help() -> str:
    """The engines and what each player sees, for the command line's help."""
    def one(name: str) -> str:
        if name == TABLE:
            return f"{TABLE} (= {TABLE_PLAYER}, the strongest table-side player fast enough for a study)"
        e = BY_NAME[name]
        return (f"{name} ({'double-dummy: ' if e.solver else ''}{e.sees}"
                f"{'; the default' if name == DEFAULT_ENGINE else ''})")
    return "card play, and what its players see: " + ", ".join(one(name) for name in ENGINES)

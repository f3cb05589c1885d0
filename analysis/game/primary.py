"""The primary test of each claim (``analysis/data/primaries.toml``): the one pre-registered test
that decides whether the book's advice is right, and the replications that repeat it.

Rules as applied (the pre-registration's, stated once here):

- Unit: a claim that names a score or is about the game is measured in net rubber points of the
  book's game (margin 0.04), from the first game ("first game") and, as a replication, one game
  all; every other claim in net points per hand at love-all (margin 0.05).
- Replications repeat the same question on the same kind of hands: the play engine (``dd``
  double-dummy; ``pimc-calls``, every seat at the table with PIMC reading the calls), the company
  (``book``, the book's policy; ``optimised``, the optimised policy in the three other chairs),
  for rubber points the rubber state, and for card play the play company (every seat PIMC, or the
  three seats besides the decider by the book's card-play rules). Units are never replications. Card play, the bridge's
  defence and deception claims are played at the table only.
- The anchor cell, reported first: double-dummy, the book's company, the first game (card play:
  the table).
"""
from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from analysis.errors import EuchreError
from analysis.game.claims import catalogue

PRIMARIES = Path(__file__).parents[1] / "data" / "primaries.toml"

DOUBLE_DUMMY, AT_TABLE = "dd", "pimc-calls"
BOOK, OPTIMISED = "book", "optimised"
BOOK_RULES = "book rules"     # the play company where the three seats besides the decider play the book's rules
FIRST_GAME, ONE_GAME_ALL = "first game", "one game all"
POINTS, RUBBER = "points per hand", "expected net rubber points"
JUDGED = ("superiority", "non-inferiority", "comparative", "intersection-union", "valuation", "coup")
AXES = ("engine", "company", "state", "play company", "calls")
FAMILY = 57      # the multiplicity family: the 57 primaries within one replication cell


@dataclass(frozen=True)
class Primary:
    """One claim's primary test, as pre-registered."""

    id: str
    title: str
    unit: str
    margin: float
    judged: str
    axes: tuple[str, ...]
    hands: str = ""          # the hands (or the card-play position, the design, the estimand)
    decision: str = ""
    score: str = ""
    reading: str = ""
    secondary: str = ""
    source: str = ""         # "primary" or "study:key"; "" when not built
    waits: str = ""          # what an unbuilt primary needs
    contrasts: tuple[str, ...] = ()   # an intersection-union test's contrasts (their keys: "S3.assist")
    support_above: float = 0.0        # supported only when the lower bound (every contrast's) is above this
    built_as: str = ""                # how the code reads what the entry leaves open
    cells_given: tuple = ()           # (engines, companies, states) the entry names itself (the coups)
    class_words: str = ""             # the class of hands in the studies' reports' few words (``class``)
    scores: tuple[tuple[int, int], ...] = ()   # the scores named, the deciding side's points first

    @property
    def built(self) -> bool:
        return bool(self.source)

    @property
    def permissive(self) -> bool:
        return self.judged == "non-inferiority"

    @property
    def study(self) -> str:
        """The study whose saved tests hold the primary's estimates."""
        return self.source.split(":")[0]

    @property
    def key(self) -> str:
        """The primary's test key in that study (the claim's id in the primary study)."""
        return self.source.split(":")[1] if ":" in self.source else self.id

    @property
    def engines(self) -> tuple[str, ...]:
        """Double-dummy and the table where the engine is an axis; else the table only (or as the
        entry names them: a coup's continuation at the table first)."""
        if self.cells_given:
            return self.cells_given[0]
        return (DOUBLE_DUMMY, AT_TABLE) if "engine" in self.axes else (AT_TABLE,)

    @property
    def companies(self) -> tuple[str, ...]:
        """The book's and the optimised company where it is an axis (or as the entry names them: a
        coup's reading of the calls, by their necessary conditions or as the book's company bids)."""
        if self.cells_given:
            return self.cells_given[1]
        return (BOOK, OPTIMISED) if "company" in self.axes else (BOOK,)

    @property
    def states(self) -> tuple[str | None, ...]:
        if self.cells_given:
            return self.cells_given[2]
        if self.unit != RUBBER:
            return (None,)
        return (FIRST_GAME, ONE_GAME_ALL) if "state" in self.axes else (FIRST_GAME,)

    @property
    def plays(self) -> tuple[str | None, ...]:
        """The play company where it is an axis: every seat the engine's player (None), then the
        three seats besides the decider by the book's card-play rules."""
        return (None, BOOK_RULES) if "play company" in self.axes else (None,)

    def cells(self) -> list[tuple[str, str, str | None, str | None]]:
        """The replication cells (engine, company, state, play company) the entry names, the anchor first."""
        return list(itertools.product(self.engines, self.companies, self.states, self.plays))

    def as_dict(self) -> dict:
        return {"test": self.title, "reading": self.reading, "hands": self.hands, "decision": self.decision,
                "score": self.score, "unit": self.unit, "margin": self.margin, "judged": self.judged,
                "axes": list(self.axes), "secondary_required": self.secondary, "built_as": self.built_as or None,
                "source": self.source or None,
                "waits": self.waits or None}


def _scores(v: dict) -> tuple[tuple[int, int], ...]:
    """The entry's ``scores``: "all" (the 25 scores below game) or a list of "own-theirs"."""
    named = v.get("scores", ())
    if named == "all":
        return tuple((own, theirs) for own in range(5) for theirs in range(5))
    out = tuple(tuple(int(x) for x in s.split("-")) for s in named)
    if not all(len(s) == 2 and 0 <= min(s) and max(s) <= 4 for s in out):
        raise EuchreError(f"{PRIMARIES.name}: scores are \"all\" or a list of \"own-theirs\" below game, not {named!r}")
    return out


def _cells_given(v: dict) -> tuple:
    """The entry's own cells: ``engines``, ``companies`` and ``states`` all named, or none."""
    named = [v.get(k) for k in ("engines", "companies", "states")]
    if not any(named):
        return ()
    if not all(named):
        raise EuchreError(f"{PRIMARIES.name}: an entry names all of engines, companies and states, or none")
    return tuple(tuple(x) for x in named)


@lru_cache(maxsize=1)
def primaries() -> dict[str, Primary]:
    """Every claim's primary, in the catalogue's order; raises if the two files disagree."""
    with PRIMARIES.open("rb") as f:
        data = tomllib.load(f)
    known = catalogue()
    if set(data) != set(known):
        missing, extra = sorted(set(known) - set(data)), sorted(set(data) - set(known))
        raise EuchreError(f"{PRIMARIES.name} and the catalogue disagree: missing {missing}, unknown {extra}")
    out = {}
    for cid in known:
        v = data[cid]
        hands = v.get("hands") or v.get("position") or v.get("design") or v.get("estimand") or ""
        if v.get("template"):
            hands = f"template {v['template'].rstrip('.')}; " + hands
        p = Primary(cid, v["title"], v["unit"], float(v["margin"]), v["judged"], tuple(v["axes"]), hands,
                    v.get("decision", "") + (f" {v['arms']}" if v.get("arms") else ""), v.get("score", ""),
                    v.get("reading", ""), v.get("secondary", ""), v.get("source", ""), v.get("waits", ""),
                    tuple(v.get("contrasts", ())), float(v.get("support_above", 0.0)), v.get("built_as", ""),
                    _cells_given(v), v.get("class", ""), _scores(v))
        if p.judged not in JUDGED or not set(p.axes) <= set(AXES) or p.unit not in (POINTS, RUBBER):
            raise EuchreError(f"{PRIMARIES.name}: {cid} has an unknown judged, axis or unit")
        if p.built == bool(p.waits):
            raise EuchreError(f"{PRIMARIES.name}: {cid} needs exactly one of source and waits")
        if (p.judged == "intersection-union") != bool(p.contrasts):
            raise EuchreError(f"{PRIMARIES.name}: {cid}: an intersection-union test, and only it, names its contrasts")
        out[cid] = p
    return out

"""The catalogue of the book's claims (``analysis/data/claims.toml``): one entry per sentence of
advice in the chapter "General Remarks" and per coup case, numbered E1..., S1..., T1..., D1...,
B1..., L1..., C1... A policy rule that encodes a claim and a study result that tests one carry
its id; reports quote the book from here and nowhere else.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from analysis.errors import EuchreError

CATALOGUE = Path(__file__).parents[1] / "data" / "claims.toml"


@dataclass(frozen=True)
class BookClaim:
    id: str
    section: str     # the part of the chapter: "Eldest hand (B)", "Lone hands", "Coups", ...
    text: str        # the book's words (quoted where the book is quoted)
    kind: tuple[str, ...]   # what a test needs: bid, play, score, lone, bridge, discard, coup
    reading: str = ""        # how a vague or easily misread sentence is read, and why
    permissive: bool | tuple[str, ...] = False   # permits ("may"): all its tests, or these tests' keys

    def permits(self, key: str = "") -> bool:
        """Is the test ``key`` of this claim judged for non-inferiority (the sentence permits)?"""
        return self.permissive is True or key in (self.permissive or ())


@lru_cache(maxsize=1)
def catalogue() -> dict[str, BookClaim]:
    with CATALOGUE.open("rb") as f:
        data = tomllib.load(f)
    def permissive(v):
        p = v.get("permissive", False)
        return tuple(p) if isinstance(p, list) else bool(p)

    return {cid: BookClaim(cid, v["section"], v["text"], tuple(v["kind"]), v.get("reading", ""), permissive(v))
            for cid, v in data.items()}


def claim(cid: str) -> BookClaim:
    """The claim numbered ``cid``; raises naming the known ids."""
    known = catalogue()
    if cid not in known:
        raise EuchreError(f"no claim {cid!r} in the catalogue: ids are {', '.join(known)}")
    return known[cid]


def quote(cid: str) -> str:
    """The book's words for claim ``cid``."""
    return claim(cid).text

"""Cards played by the compiled PIMC players on fixed deals, recorded so that a faster player can
be checked card for card against the one it replaces (tests/test_pimc_recorded.py).

``python tests/recorded_pimc.py`` writes tests/pimc_cards_recorded.npz from the code in place.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from analysis.bidding.auction import bid_batch
from analysis.bidding.book_policy import BookPolicy
from analysis.bidding.policy import Forced
from analysis.game import contract
from analysis.game.rules import Rules
from analysis.play.pimc import reading_of
from analysis.play.worlds import BiddingModel
from analysis.seeds import root_state
from fastcore.pimcplay import play_pimc_hands
from fastcore.sampler import sample_deals

PATH = Path(__file__).resolve().parent / "pimc_cards_recorded.npz"
B = 1


def bid(n, seed, pack):
    d = sample_deals(n, seed, pack=pack)
    b = bid_batch(d.hands, d.turn_up, BookPolicy())
    keep = np.flatnonzero(b.round > 0)
    takes = contract.dealer_takes_up(b.round, b.lone_seat)
    return dict(hands=b.play_hands[keep], trump=b.trump[keep], lone_seat=b.lone_seat[keep], maker=b.maker[keep],
                turn_up=d.turn_up[keep].astype(np.int64), taken=takes[keep], discard=b.discard[keep],
                calls=[b.calls(int(i)) for i in keep])


# name: (deals bid, pack, worlds, seed, the calls read under: None, "book" or "b passes", for points)
CASES = {
    "calls32": (500, 32, 32, 2, "book", False),
    "cards32": (400, 32, 32, 3, None, False),
    "calls24": (300, 24, 32, 5, "book", False),
    "points16": (300, 32, 16, 7, "book", True),
    "misled8": (300, 32, 8, 11, "b passes", False),
}


def play(name, **kw):
    """(plays, won, decisions, contradicted) of case ``name``; ``kw`` passed to play_pimc_hands."""
    n, pack, worlds, seed, model, points = CASES[name]
    a = bid(n, np.random.SeedSequence((39, n, pack, seed)), pack)
    reading = None
    if model is not None:
        policy = BookPolicy() if model == "book" else Forced(BookPolicy(), B, "first_round", "pass")
        reading = reading_of(BiddingModel(policy, Rules(pack=pack)), a["turn_up"], [tuple(c) for c in a["calls"]])
    got = play_pimc_hands(a["hands"], a["trump"], a["lone_seat"], None, a["turn_up"], a["taken"], a["discard"],
                          worlds, root_state(seed), pack=pack, reading=reading,
                          makers=(a["maker"] & 1) if points else None, **kw)
    contradicted = got[3] if reading is not None else np.zeros((0, 3), np.int32)
    return got[0], got[1], got[2], contradicted


def record(path=PATH) -> None:
    out = {}
    for name in CASES:
        plays, won, decisions, contradicted = play(name)
        out[f"{name}_plays"], out[f"{name}_won"] = plays, won
        out[f"{name}_decisions"], out[f"{name}_contradicted"] = np.array(decisions), contradicted
    np.savez_compressed(path, **out)


if __name__ == "__main__":
    record()

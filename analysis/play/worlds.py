"""Worlds: the hidden cards dealt uniformly among the deals consistent with an information set.

A world gives every seat the cards he still holds. The player's own cards, the turn-up in the
dealer's hand (taken and not yet played), the cards played (out of play), the player's own
discard and a turned-down turn-up (in no hand) are fixed; every void shown is a constraint; each
seat holds as many cards as he has not played. Among the deals meeting all of that, the worlds are
uniform.

Three ways to draw them give the same distribution:

* counting (the default): the hidden cards dealt one by one, each to a place with probability
  proportional to the number of ways to deal the rest (``fastcore.worldsampler``, a small nogil
  kernel: the counts are one dynamic programme over the cards per decision);
* the exact constrained sampler of :mod:`fastcore.sampler` (a :class:`fastcore.sampler.Constraints`
  built by :func:`constraints_of`), which deals around the constraints by construction;
* rejection: the hidden cards shuffled into the hands and the undealt rest, the deals that break a
  void thrown away. It is exact too (uniform over all deals of the right sizes, restricted to the
  consistent ones), but slow when voids are many. Kept as a check of the other two.

``method="auto"`` is counting. All are deterministic: the seed's root comes from numpy's
SeedSequence, the decision's key (deal, card number, seat) is folded into it by SplitMix64, and the
counting kernel draws from SplitMix64 (the other two from PCG64), so the same information set,
seed and key give the same worlds.

What the calls tell is softer. :class:`BiddingModel` reads them under a model of the others'
bidding (a policy per seat): a world is kept only when the policy, given the hands of that world
as dealt, bids exactly as the player heard (and, when the dealer took up and the player is not
the dealer, discards a card of the undealt rest, the discard the world then assumes). Each seat's
calls are read through his table of the hands that answer as he did (:mod:`analysis.bidding.reading`)
and the worlds judged by a compiled kernel (``fastcore.callreading``), the unseen cards drawn from
the batch's own stream; its acceptance is reported.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.bidding.auction import bid_batch
from analysis.bidding.reading import tables_for
from analysis.errors import EuchreError
from analysis.game.rules import Rules, Score
from analysis.play.information import InfoSet, suit_masks
from analysis.seeds import retry_seed, root_state
from fastcore.sampler import Constraints, sample_deals
from fastcore.callreading import judge_worlds
from fastcore.worldsampler import deal_hidden, mix_key
from analysis.game.cards import pack_mask

_BITS = np.uint32(1) << np.arange(32, dtype=np.uint32)
# below this share of 4,096 candidate worlds kept, the calls contradict the model
MIN_ACCEPTANCE = 1e-3
# the key folded after a batch's number for the stream the calls' judge draws unseen cards from
JUDGE = 1 << 32


class CallsContradicted(EuchreError):
    """The calls heard cannot be read under the bidding model: too few worlds accepted."""


@dataclass
class Worlds:
    """``hands``: (n, 4) uint32, each seat's cards still held in each world; ``candidates``: the
    worlds consistent with the cards that the calls model judged (``n`` without a model)."""

    hands: np.ndarray
    candidates: int
    method: str

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def acceptance(self) -> float | None:
        return len(self.hands) / self.candidates if self.candidates else None


def needs(info: InfoSet) -> tuple[list[int], list[int]]:
    """(need, forbidden): per seat, how many hidden cards he holds, and the cards his voids forbid."""
    sizes = info.sizes()
    known = info.known()
    masks = suit_masks(info.trump)
    need, forbidden = [], []
    for s in range(4):
        k = sizes[s] - bin(known[s]).count("1")
        if k < 0:
            raise EuchreError(f"seat {'ABCD'[s]} is known to hold more cards than he has left")
        need.append(k)
        v = info.voids[s]
        forbidden.append(0 if not v else (masks[0] if v & 1 else 0) | (masks[1] if v & 2 else 0)
                         | (masks[2] if v & 4 else 0) | (masks[3] if v & 8 else 0))
    need[info.player] = 0
    return need, forbidden


def constraints_of(info: InfoSet) -> Constraints:
    """The information set as constraints of the exact sampler (hands are the cards still held)."""
    known = info.known()
    hands = [[c for c in range(32) if (known[s] >> c) & 1] for s in range(4)]
    gone = info.gone()
    voids = [(s, suit, info.trump) for s in range(4) for suit in range(4) if (info.voids[s] >> suit) & 1
             and s != info.player]
    return Constraints(hands=hands, out=[c for c in range(32) if (gone >> c) & 1], voids=voids,
                       hand_sizes=info.sizes())


def _exact(info: InfoSet, n: int, root: np.random.SeedSequence) -> np.ndarray:
    deals = sample_deals(n, root, info.pack, constraints_of(info))
    return np.ascontiguousarray(deals.hands, dtype=np.uint32)


def _shuffled(info: InfoSet, n: int, rng: np.random.Generator, need, forbidden) -> tuple[np.ndarray, np.ndarray]:
    """``n`` candidate deals by shuffling; returns (hands (n, 4), ok (n,) bool: no void broken)."""
    hidden = info.hidden()
    cards = np.array([c for c in range(32) if (hidden >> c) & 1], dtype=np.int64)
    known = info.known()
    hands = np.empty((n, 4), np.uint32)
    hands[:] = np.array(known, np.uint32)
    ok = np.ones(n, bool)
    if len(cards):
        order = np.argsort(rng.random((n, len(cards))), axis=1)
        bits = _BITS[cards[order]]
        at = 0
        for s in range(4):
            k = need[s]
            if k:
                part = np.bitwise_or.reduce(bits[:, at:at + k], axis=1)
                hands[:, s] |= part
                if forbidden[s]:
                    ok &= (part & np.uint32(forbidden[s])) == 0
                at += k
    return hands, ok


def _counted(info: InfoSet, n: int, stream: int, need, forbidden) -> np.ndarray:
    """``n`` worlds by the counting kernel: uniform among the deals that keep every void."""
    hidden = info.hidden()
    seats = [s for s in range(4) if s != info.player]
    caps = [need[s] for s in seats]
    caps.append(bin(hidden).count("1") - sum(caps))
    return deal_hidden(hidden, seats, [forbidden[s] for s in seats], caps, stream, n, info.known())


def sample_worlds(info: InfoSet, n: int, seed, key=(), *, model: "BiddingModel | None" = None,
                  method: str = "auto", min_acceptance: float | None = None) -> Worlds:
    """``n`` worlds consistent with ``info`` (and with the calls under ``model``), from ``seed``
    and ``key`` (whole numbers naming the decision, e.g. (deal, card number, seat)).

    method: "auto" or "counting" (the counting kernel), "exact" (the constrained sampler of
    fastcore.sampler) or "rejection" (shuffle and keep the deals that keep the voids). The same
    arguments give the same worlds.
    """
    if method not in ("auto", "counting", "exact", "rejection"):
        raise EuchreError(f"method {method!r} is unknown: use auto, counting, exact or rejection")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise EuchreError(f"the number of worlds must be a whole number of at least 1, not {n!r}")
    min_acceptance = MIN_ACCEPTANCE if min_acceptance is None else min_acceptance
    stream = mix_key(root_state(seed), tuple(key))
    need, forbidden = needs(info)
    if model is None and method in ("auto", "counting"):
        return Worlds(_counted(info, n, stream, need, forbidden), n, "counting")   # checks the sizes
    if sum(need) > bin(info.hidden()).count("1"):
        raise EuchreError("no deal is consistent with this information set: too few hidden cards")
    rng = None if method in ("auto", "counting") else np.random.Generator(np.random.PCG64(stream))
    got: list[np.ndarray] = []
    have = 0
    candidates = 0
    used = "counting" if method == "auto" else method
    batch = n if model is None else max(2 * n, 64)
    tries = 0
    while have < n:
        tries += 1
        if used == "counting":
            hands = _counted(info, batch, mix_key(stream, (tries,)) if tries > 1 else stream, need, forbidden)
            ok = np.ones(len(hands), bool)
        elif used == "exact":
            hands = _exact(info, batch, retry_seed(stream, tries))
            ok = np.ones(len(hands), bool)
        else:
            hands, ok = _shuffled(info, batch, rng, need, forbidden)
            if have == 0 and not ok.any() and tries >= 64:
                raise EuchreError("rejection found no world consistent with the voids in 64 batches: "
                                  "use method=\"counting\"")
        hands = hands[ok]
        if model is not None:
            judged = len(hands)
            keep = model.accept(info, hands, mix_key(stream, (tries, JUDGE)))
            hands = hands[keep]
            candidates += judged
            if candidates >= 4096 and (have + len(hands)) < min_acceptance * candidates:
                raise CallsContradicted(f"the bidding model accepted {have + len(hands)} of {candidates} worlds, below "
                                  f"min_acceptance={min_acceptance:g}: the calls heard contradict the model (every call is "
                                  f"judged, the player's own too)")
        got.append(hands)
        have += len(hands)
        if model is not None and have < n:
            # judging is cheaper in bulk: the next batch sized by the acceptance seen so far
            batch = int(min(4096, max(64, 1.2 * (n - have) * candidates / max(have, 1))))
    out = np.concatenate(got)[:n]
    if model is None:
        candidates = n
    return Worlds(np.ascontiguousarray(out), candidates, used)


class BiddingModel:
    """The calls read under a model of the others' bidding: ``policies`` (one Policy or four,
    seats A B C D) as in :func:`analysis.bidding.auction.bid_batch`, at ``score`` under ``rules``.

    A world is kept when the whole bidding under the model, from that world's hands as dealt, is
    the bidding heard (the player's own calls included: his policy must call as he did). The
    hands as dealt are the cards held plus those played; where the dealer took up, the others do
    not know his discard, so each world draws it from the undealt cards and the model's dealer
    must discard that very card; the hand of a partner who sits out is drawn from them too.

    Each seat's calls are read through the table of the hands that answer as he did
    (:mod:`analysis.bidding.reading`), and a world judged by the compiled judge
    (``fastcore.callreading.judge_worlds``); :meth:`replay` judges by bidding the world again
    (:func:`analysis.bidding.auction.bid_batch`), the reference the tables are tested against."""

    def __init__(self, policies, rules=None, score=None):
        self.policies = policies
        self.rules = rules or Rules()
        self.score = score or Score()
        self.tables = tables_for(policies, self.rules, self.score)

    @staticmethod
    def _check(info: InfoSet) -> None:
        if info.turn_up is None:
            raise EuchreError("reading the calls needs the turn-up")
        if info.taken and info.player == 0 and info.discard is None:
            raise EuchreError("the dealer reads the calls with his own discard: give it")

    def accept(self, info: InfoSet, hands: np.ndarray, state: int) -> np.ndarray:
        """For each world (cards still held), whether the model bids as the player heard; the cards
        nobody saw (a sitting-out partner's hand, the dealer's discard) drawn from ``state``."""
        self._check(info)
        accept, discards = self.tables.tables(info.turn_up, info.calls)
        return judge_worlds(hands, info.played, info.gone(), pack_mask(info.pack), info.turn_up, info.taken,
                            info.lone_seat, info.player, -1 if info.discard is None else info.discard,
                            accept, discards, state)

    def replay(self, info: InfoSet, dealt: np.ndarray, discard: np.ndarray | None = None) -> np.ndarray:
        """For each world given as the hands dealt (n, 4) (a sitting-out partner's included; the
        dealer's five before he took up), whether the model bids exactly as heard and, where the
        dealer took up, discards ``discard`` (one card per world)."""
        self._check(info)
        dealt = np.asarray(dealt, np.uint32)
        b = bid_batch(dealt, np.full(len(dealt), info.turn_up, np.int8), self.policies, self.rules, self.score)
        heard = tuple(info.calls)
        keep = np.array([b.calls(i) == heard for i in range(len(dealt))], bool)
        if info.taken:
            keep &= b.discard.astype(np.int64) == np.asarray(discard, np.int64)
        return keep


def start_of_play_worlds(info: InfoSet, n: int, seed, key=(), accept=None, batch: int = 256,
                         min_acceptance: float = 1e-3, deal_sitting_out: bool = False) -> tuple[list[list[list[int]]], int]:
    """Worlds as the four hands at the start of play (the cards each seat still holds plus those he
    has played, as lists of card ids), optionally kept by ``accept(world) -> bool`` (a predicate on
    such a world: the calls as the coups read them, an inference from the play). Returns (worlds,
    candidates judged). This is the form the coups' table-side view works in.

    ``deal_sitting_out``: the partner of a lone player, who holds no card at play, is dealt five of
    the world's undealt cards uniformly (a predicate may read his hand: he assisted, say)."""
    out: list[list[list[int]]] = []
    candidates = 0
    part = 0
    sits_out = info.lone_seat ^ 2 if deal_sitting_out and info.lone_seat >= 0 else -1
    rng = np.random.Generator(np.random.PCG64(mix_key(root_state(seed), (*key, 1 << 40)))) if sits_out >= 0 else None
    while len(out) < n:
        w = sample_worlds(info, batch if accept is not None else n, seed, (*key, part))
        part += 1
        for row in w.hands:
            world = [[c for c in range(32) if ((int(row[s]) | info.played[s]) >> c) & 1] for s in range(4)]
            if sits_out >= 0:
                dealt = int(np.bitwise_or.reduce(row)) | info.gone() | (1 << info.turn_up if info.turn_up is not None else 0)
                undealt = [c for c in range(32) if (int(pack_mask(info.pack)) & ~dealt) >> c & 1]
                world[sits_out] = sorted(int(c) for c in rng.choice(undealt, 5, replace=False))
            if accept is None:
                out.append(world)
            else:
                candidates += 1
                if accept(world):
                    out.append(world)
            if len(out) == n:
                break
        if accept is not None and candidates >= 4096 and len(out) < min_acceptance * candidates:
            raise EuchreError(f"the predicate accepted {len(out)} of {candidates} worlds, below "
                              f"min_acceptance={min_acceptance:g}")
    return out, (candidates if accept is not None else n)

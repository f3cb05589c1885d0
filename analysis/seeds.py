"""Every derived seed of the project, one function per purpose.

All randomness comes from ``numpy.random.SeedSequence`` keyed by a root seed and the purpose's
own numbers, never from a global stream: a result depends on its seed alone, not on how many
workers computed it, in what order, or whether a run was interrupted and resumed. A reader sees
here every random source of the code; changing a key changes the results that depend on it.
"""
from __future__ import annotations

import functools
import hashlib

import numpy as np

from analysis.errors import EuchreError

# The default root seed of every run, tool and command that takes one (the year of the book): a
# default written nowhere else.
DEFAULT_SEED = 1888

BOOT_KEY = 0xB007        # spawn_key prefix of compare's bootstrap draws
GAMES_KEY = 0x6A3E       # spawn_key prefix of the deals of compare's whole games


def name_key(name: str) -> int:
    """A stable 32-bit number for a name (Python's hash() changes between runs)."""
    return int.from_bytes(hashlib.blake2b(name.encode("utf-8"), digest_size=4).digest(), "little")


def child(seed: np.random.SeedSequence, *key: int) -> np.random.SeedSequence:
    """A stream below a chunk's own (whose deals draw from the seed itself)."""
    return np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, *key))


# --- the runner's studies ----------------------------------------------------------------------

def chunk_seed(root_seed: int, study: str, scenario: str, index: int) -> np.random.SeedSequence:
    """The randomness of one chunk of a study, keyed by (root seed, study, scenario, chunk)."""
    return np.random.SeedSequence(root_seed, spawn_key=(name_key(study), name_key(scenario), index))


def play_seed(seed: np.random.SeedSequence) -> int:
    """The seed of a chunk's table-side players: a child of the chunk's seed, so a chunk plays the
    same whoever computes it."""
    return int(child(seed, 1).generate_state(1)[0])


def extra_seed(seed: np.random.SeedSequence, k: int) -> np.random.SeedSequence:
    """The chunk's ``k``-th batch of extra deals (a study's rare classes)."""
    return child(seed, 1, k)


def model_seed(root_seed: int, study: str) -> np.random.SeedSequence:
    """A study's game-model draws: keyed by (root seed, study, "game model"), as a chunk is keyed
    by (root seed, study, scenario, chunk)."""
    return np.random.SeedSequence(root_seed, spawn_key=(name_key(study), name_key("game model")))


def audit_worlds_seed(player_seed: int, n: int | None) -> int:
    """The worlds a PIMC audit values a decision on again: next to the players' own seed, the
    reference's (``n`` None) apart from each N's."""
    return player_seed + 1 if n is None else player_seed + 2 + n


def audit_bid_seed(player_seed: int, deal: int, alone: bool) -> np.random.SeedSequence:
    """The worlds a PIMC audit predicts a deal's call from, keyed by the players' own seed."""
    return np.random.SeedSequence([player_seed, deal, int(alone)])


# --- the game and rubber models ----------------------------------------------------------------

def score_chunk_seed(seed: int, score: tuple[int, int], chunk: int) -> np.random.SeedSequence:
    """The deals of one chunk at score (m, o) of a hand's outcome counts."""
    return np.random.SeedSequence(seed, spawn_key=(int(score[0]), int(score[1]), int(chunk)))


def rubber_bootstrap_seed(seed: int) -> np.random.SeedSequence:
    """The rubber model's bootstrap draws (``euchrelab rubber``)."""
    return np.random.SeedSequence(seed, spawn_key=(name_key("rubber bootstrap"),))


# --- compare: two policies by duplicate deals --------------------------------------------------

def duplicate_chunk_seed(seed: int, score: tuple[int, int], chunk: int) -> np.random.SeedSequence:
    """The deals of one chunk at A-score (m, o): the same for m-o and o-m."""
    lo, hi = sorted((int(score[0]), int(score[1])))
    return np.random.SeedSequence(int(seed), spawn_key=(lo, hi, int(chunk)))


def duplicate_bootstrap_seed(seed: int, lo: int, hi: int) -> np.random.SeedSequence:
    """The bootstrap draws of the pair of scores lo-hi and hi-lo."""
    return np.random.SeedSequence(int(seed), spawn_key=(BOOT_KEY, int(lo), int(hi)))


def game_hand_seed(seed: int, chunk: int, hand: int) -> np.random.SeedSequence:
    """The deals of hand ``hand`` of a chunk of duplicate whole games."""
    return np.random.SeedSequence(int(seed), spawn_key=(GAMES_KEY, int(chunk), int(hand)))


# --- the tools ---------------------------------------------------------------------------------

def advise_chunk_seed(seed: int, chunk: int) -> np.random.SeedSequence:
    """Chunk ``chunk`` of the worlds ``advise`` values a spot over."""
    return np.random.SeedSequence(seed, spawn_key=(int(chunk),))


def chart_batch_seed(seed: int, seat: int, rnd: int, k: int) -> np.random.SeedSequence:
    """Batch ``k`` of a seat's decision of round ``rnd`` in a strategy chart."""
    return np.random.SeedSequence(seed, spawn_key=(seat, rnd, k))


def case_seed(case_id: str, seed: int) -> int:
    """A coup case's own seed of its table-side worlds, from the root seed ("C5" -> 5)."""
    return seed + int(case_id[1:]) * 7919


# --- worlds --------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def _int_state(seed: int) -> int:
    return int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0])


def root_state(seed) -> int:
    """The 64-bit root of a seed (a whole number >= 0, a tuple of them or a SeedSequence); the
    worlds of a decision are drawn from it and the decision's key."""
    if isinstance(seed, np.random.SeedSequence):
        return int(seed.generate_state(1, np.uint64)[0])
    if isinstance(seed, (tuple, list)):
        if not all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) and x >= 0 for x in seed):
            raise EuchreError(f"a seed tuple must hold whole numbers >= 0, not {seed!r}")
        return int(np.random.SeedSequence([int(x) for x in seed]).generate_state(1, np.uint64)[0])
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0:
        return _int_state(int(seed))
    raise EuchreError(f"seed must be a whole number >= 0, a tuple of them or a SeedSequence, not {seed!r}")


def retry_seed(stream: int, tries: int) -> np.random.SeedSequence:
    """The ``tries``-th batch of a decision's worlds drawn by rejection (``stream`` its key's)."""
    return np.random.SeedSequence([stream, tries])


# --- the strength ladder -------------------------------------------------------------------------

LADDER_KEY = 0x1ADD       # spawn_key prefix of the ladder's deals and players

def ladder_deals_seed(seed: int, chunk: int) -> np.random.SeedSequence:
    """The deals of the ladder's chunk ``chunk``: every pair of players plays the same deals."""
    return np.random.SeedSequence(seed, spawn_key=(LADDER_KEY, chunk))


def ladder_player_seed(seed: int, chunk: int, player: str) -> int:
    """The worlds of one ladder player in one chunk, whoever he plays against."""
    return int(np.random.SeedSequence(seed, spawn_key=(LADDER_KEY, chunk, name_key(player))).generate_state(1)[0])


def ladder_bootstrap_seed(seed: int) -> np.random.SeedSequence:
    """The bootstrap draws of the ladder's ratings."""
    return np.random.SeedSequence(seed, spawn_key=(LADDER_KEY, BOOT_KEY))


# --- the optimiser -------------------------------------------------------------------------------

OPTIMISE_KEY = 0x0B71       # spawn_key prefix of the optimiser's deals


def optimise_batch_seed(seed: int, sweep: int, seat: int, rnd: int, score: tuple[int, int], k: int
                        ) -> np.random.SeedSequence:
    """Batch ``k`` of the deals at ``score`` (AC, BD) on which sweep ``sweep`` of the optimiser
    values seat ``seat``'s decision of round ``rnd`` (seat 4, round 0: the model's outcome counts)."""
    return np.random.SeedSequence(seed, spawn_key=(OPTIMISE_KEY, sweep, seat, rnd, score[0], score[1], k))


# --- the call cards ------------------------------------------------------------------------------

CARD_KEY = 0xCA4D           # spawn_key prefix of the call cards' deals


def card_batch_seed(seed: int, side: int, band: int, k: int) -> np.random.SeedSequence:
    """Batch ``k`` of the deals on which a call card reads the policies of side ``side``'s seats
    (0: AC, 1: BD) in score band ``band`` (its index)."""
    return np.random.SeedSequence(seed, spawn_key=(CARD_KEY, side, band, k))


# --- the review of a played game -------------------------------------------------------------------

REVIEW_KEY = 0x4E71         # spawn_key prefix of a review's worlds


def review_seed(seed: int, deal: int, kind: int, index: int) -> int:
    """The worlds (and the table players' seed) of one decision of a reviewed game: its deal, its
    kind (call, discard, card) and its index there; the same whatever else is reviewed."""
    return int(np.random.SeedSequence(seed, spawn_key=(REVIEW_KEY, deal, kind, index)).generate_state(1)[0])

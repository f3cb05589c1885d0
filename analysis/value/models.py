"""The game models that value a hand by the game it leads to, outside a study: the book's hands
at every score, played double-dummy (counted once and cached on disk) or at the table (counted
once by ``euchrelab game-model`` and shipped with the package).

A study counts its own book hands in its run (:mod:`analysis.value.game_value`). ``advise`` and
``review`` have no run: they read the outcome counts here. The cards of the hands that make the
model should be played as the hand being valued is: a hand valued at the table reads the model
played at the table, where one is shipped for its rules (:func:`advice_model` says which it used).

A table model is built chunk by chunk (:func:`build_table_model`), each chunk kept in a folder
beside the file as it is made, so an interrupted build goes on where it stopped; the file is
written whole at the end, with what made it (policy, engine, hands per score, seed).
"""
from __future__ import annotations

import json
import os
import sys
from importlib import resources
from pathlib import Path

import numpy as np

from analysis.bidding import BookPolicy
from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.limits import setting
from analysis.storage import write_atomic, write_json
from analysis.play.engines import play_words, resolve_play
from analysis.seeds import DEFAULT_SEED
from analysis.value.game_model import OUTCOMES
from analysis.value.game_value import GameModel, solved

MODEL_DEALS = setting("advise", "model_deals").default     # the double-dummy model: the book's hands per score
MODEL_SEED = 0
MODEL_STUDY = "advise"
TABLE_MODEL_SEED = DEFAULT_SEED
TABLE_CHUNK = 20_000   # hands a chunk of a table model: large, as a chunk's players first build the calls' tables


def cache_dir() -> Path:
    """``$EUCHRELAB_CACHE``, else ``~/.cache/euchrelab``."""
    env = os.environ.get("EUCHRELAB_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "euchrelab"


def rules_key(rules: Rules) -> str:
    """The rules a game model depends on, as part of a file name."""
    return f"pack{rules.pack}-game{rules.points_for_game}-stick{int(rules.stick_the_dealer)}"


def _model_path(rules: Rules, deals: int, seed: int) -> Path:
    return cache_dir() / f"outcomes-{rules_key(rules)}-deals{deals}-seed{seed}.npy"


def _saved(path, save) -> None:
    """``save(fh)`` into ``path`` through an open file (numpy would add its own suffix to a
    name), whole or not at all (:func:`analysis.storage.write_atomic`)."""
    def write(tmp):
        with open(tmp, "wb") as fh:
            save(fh)
    write_atomic(path, write)


def outcome_counts_cached(rules: Rules, deals: int = MODEL_DEALS, seed: int = MODEL_SEED, n_jobs: int = 1,
                          progress: bool = False) -> tuple[np.ndarray, bool]:
    """The book's outcome counts at every score played double-dummy
    (:func:`analysis.value.outcomes.outcome_counts`), read from the cache or computed and written
    there atomically; and whether it was cached."""
    path = _model_path(rules, deals, seed)
    game = rules.points_for_game
    if path.exists():
        try:
            counts = np.load(path)
            if counts.shape[:2] == (game, game):
                return counts, True
        except (OSError, ValueError):
            pass
    from analysis.value.outcomes import outcome_counts
    sys.stderr.write(f"euchrelab: estimating the book's game model once ({deals:,} hands at each of {game * game} "
                     f"scores), cached in {path.parent}\n")
    counts = outcome_counts(BookPolicy(), rules, deals=deals, seed=seed, n_jobs=n_jobs, progress=progress)
    try:
        _saved(path, lambda fh: np.save(fh, counts))
    except OSError:
        pass   # no cache: the next call computes the counts again
    return counts, False


def _solved(counts: np.ndarray, rules: Rules, seed: int, with_rubber: bool) -> GameModel:
    return solved(counts, Rules(pack=rules.pack, points_for_game=rules.points_for_game,
                                stick_the_dealer=rules.stick_the_dealer, rubber=rules.rubber),
                  seed, MODEL_STUDY, with_rubber=with_rubber and bool(rules.rubber))


def game_model(rules: Rules, deals: int = MODEL_DEALS, seed: int = MODEL_SEED, n_jobs: int = 1,
               progress: bool = False, with_rubber: bool = False) -> GameModel:
    """The book's game model for ``rules``, its hands played double-dummy (a
    :class:`analysis.value.game_value.GameModel`, with its bootstrap draws, and with
    ``with_rubber`` the rubber's when the rules play one), from cached outcome counts."""
    counts, _ = outcome_counts_cached(rules, deals, seed, n_jobs, progress)
    return _solved(counts, rules, seed, with_rubber)


# --- the models played at the table ----------------------------------------------------------------

def table_model_name(rules: Rules) -> str:
    return f"table-{rules_key(rules)}.npz"


def read_model_file(path) -> tuple[np.ndarray, dict]:
    """The outcome counts of a model file and what made it."""
    try:
        with np.load(path, allow_pickle=False) as f:
            return np.array(f["counts"], np.int64), json.loads(str(f["meta"]))
    except (OSError, KeyError, ValueError) as e:
        raise EuchreError(f"{path}: not a game model file ({e})") from None


def shipped_table_model(rules: Rules) -> tuple[np.ndarray, dict] | None:
    """The outcome counts of the book's hands played at the table shipped for ``rules``, and what
    made them; None when none is shipped for them."""
    ref = resources.files("analysis") / "data" / "models" / table_model_name(rules)
    if not ref.is_file():
        return None
    with resources.as_file(ref) as path:
        counts, meta = read_model_file(path)
    if counts.shape != (rules.points_for_game, rules.points_for_game, len(OUTCOMES)):
        return None
    return counts, meta


def model_words(meta: dict, counts: np.ndarray) -> str:
    """What a model was made from, in words: "the book's hands, 20,000 at each score, played ..."."""
    hands = counts.sum(axis=2)
    low, high = int(hands.min()), int(hands.max())
    sample = f"{low:,} at each score" if low == high else f"{low:,} to {high:,} per score"
    return f"the book's hands, {sample}, {play_words(meta['play'], meta.get('play_worlds', 0))}"


def advice_model(rules: Rules, play: str, deals: int = MODEL_DEALS, n_jobs: int = 1) -> tuple[GameModel, str]:
    """The game model a hand played by ``play`` is valued by (the rubber's too, where the rules play
    one), and its words: the shipped table model for a table-side engine where one exists for the
    rules, else the double-dummy one (said)."""
    play = resolve_play(play)
    if play != "dd":
        shipped = shipped_table_model(rules)
        if shipped is not None:
            counts, meta = shipped
            return _solved(counts, rules, int(meta["seed"]), True), model_words(meta, counts)
    gm = game_model(rules, deals, MODEL_SEED, n_jobs, with_rubber=True)
    words = model_words({"play": "dd"}, gm.counts)
    if play != "dd":
        words += ": none played at the table is shipped for these rules"
    return gm, words


def build_table_model(rules: Rules, out, deals: int, seed: int = TABLE_MODEL_SEED, play: str = "pimc-calls",
                      play_worlds: int = 32, n_jobs: int = 1, progress: bool = False) -> tuple[np.ndarray, dict]:
    """The book's outcome counts at every score, ``deals`` hands each played by ``play``, written to
    ``out`` (.npz: the counts and what made them), in chunks of :data:`TABLE_CHUNK`. Each chunk is kept in ``out``.parts/ as it is
    made; run again with the same settings, the build goes on from the chunks kept there, and
    with other settings it stops with an error rather than mix them. The folder is removed once
    the file is written."""
    from analysis.value.outcomes import outcome_counts

    out = Path(out)
    if out.suffix != ".npz":
        raise EuchreError(f"--out {out}: a game model file ends in .npz")
    meta = {"policy": "book", "rules": rules.as_dict(), "play": resolve_play(play), "play_worlds": int(play_worlds),
            "deals": int(deals), "seed": int(seed), "chunk": min(int(deals), TABLE_CHUNK)}
    parts = out.with_name(out.name + ".parts")
    settings = parts / "settings.json"
    if settings.exists():
        kept = json.loads(settings.read_text())
        if kept != meta:
            raise EuchreError(f"{parts} holds chunks made with other settings ({kept}): remove it, or build with them")
    else:
        parts.mkdir(parents=True, exist_ok=True)
        write_json(settings, meta)
    done = {}
    for f in parts.glob("*.npy"):
        m, o, c = (int(x) for x in f.stem.split("-"))
        done[(m, o, c)] = np.load(f)

    def keep(key, found) -> None:
        _saved(parts / ("-".join(map(str, key)) + ".npy"), lambda fh: np.save(fh, found))

    counts = outcome_counts(BookPolicy(), rules, deals=deals, seed=seed, n_jobs=n_jobs, progress=progress,
                            chunk_size=meta["chunk"], play=meta["play"], play_worlds=play_worlds, done=done,
                            on_chunk=keep)
    _saved(out, lambda fh: np.savez_compressed(fh, counts=counts, meta=json.dumps(meta)))
    for f in parts.iterdir():
        f.unlink()
    parts.rmdir()
    return counts, meta

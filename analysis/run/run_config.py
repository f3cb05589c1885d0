"""Settings of a study run from a TOML file, and the rules of a run from its keys.

Top-level keys apply to every study run with the file; a table named after a study applies to
that study only, its ``options`` sub-table to the study's own options; ``[cluster]`` names a
Dask scheduler. Command-line flags win over the file, the file over the study's defaults::

    seed = 1888
    jobs = 2
    pack = 32                  # the rules: pack, points_for_game, stick_the_dealer
    play = "dd"                # the play engine: dd (the default), pimc, book or simple
    worlds = 32                # worlds a decision, for play = "pimc"

    [cluster]
    scheduler = "tcp://scheduler-host:8786"

    [hand_strength]
    deals = 200000
    chunk_size = 5000

    [hand_strength.options]
    seats = ["A", "B", "C", "D"]

    [primary_play.scenario_deals]   # a scenario's own deals (a run sized to decide its tests)
    "E4.book" = 2000000
"""
from __future__ import annotations


from analysis.errors import EuchreError
from analysis.storage import read_toml

RULE_KEYS = ("pack", "points_for_game", "stick_the_dealer")
RUN_KEYS = ("deals", "chunk_size", "seed", *RULE_KEYS, "play", "worlds", "jobs", "backend", "out")


def load_config(path) -> dict:
    return read_toml(path, "the settings file")


def study_overrides(config: dict, study: str, known_studies) -> dict:
    """The settings a config gives one study: run keys, ``options`` and ``scheduler``."""
    out: dict = {"options": {}}
    for key, value in config.items():
        if isinstance(value, dict) and (key in known_studies or key == study):
            continue  # a study's own table (stick_the_dealer is both a study and a rule)
        if key in RUN_KEYS:
            out[key] = value
        elif key == "cluster":
            if not isinstance(value, dict) or set(value) - {"scheduler"}:
                raise EuchreError("the [cluster] table of the settings file takes one key: scheduler = \"tcp://host:8786\"")
            if "scheduler" in value:
                out["scheduler"] = str(value["scheduler"])
        elif key == "options":
            out["options"].update(value)
        else:
            raise EuchreError(f"unknown key {key!r} in the settings file: use {', '.join(RUN_KEYS)}, "
                              f"[cluster], or a table named after a study")
    table = config.get(study, {})
    for key, value in table.items():
        if key in RUN_KEYS:
            out[key] = value
        elif key == "options" and isinstance(value, dict):
            out["options"].update(value)
        elif key == "scenario_deals" and isinstance(value, dict):
            out["scenario_deals"] = dict(value)
        else:
            raise EuchreError(f"unknown key {key!r} in the [{study}] table: use {', '.join(RUN_KEYS)}, "
                              f"[{study}.options] or [{study}.scenario_deals]")
    return out

"""The card play once the trump is made: double-dummy (the solver facade, the reference solver)
and at the table (what a player knows, the worlds consistent with it, the simple, PIMC and book
players, whole hands card by card), the players and engines by name."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "engine": ["PlayEngine", "DoubleDummy"],
    "engines": ["ENGINES", "DEFAULT_WORLDS", "get_engine", "chunk_engine", "default_engine", "playing"],
    "double_dummy": ["Solver", "get_solver"],
    "reference": ["solve"],
    "information": ["InfoSet"],
    "worlds": ["BiddingModel", "CallsContradicted", "sample_worlds"],
    "players": ["Player", "SimplePlayer"],
    "pimc": ["PIMCPlayer", "pimc_values"],
    "book": ["BookPlayer"],
    "table": ["TablePlay", "play_hand", "play_hands"],
    "registry": ["make_player"],
})

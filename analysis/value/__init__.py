"""What a hand's points are worth: the game as a Markov chain, the rubber of laws 1, 2 and 7, one
hand's outcome counts at every score, and a hand valued by the game or rubber it leads to."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "game_model": ["OUTCOMES"],
    "rubber": ["RubberModel"],
    "outcomes": ["outcome_counts"],
    "game_value": ["GameModel", "solved", "win_after", "with_model_error"],
}, modules=("game_model", "rubber"))

"""The tools a player uses on one question: compare two policies by duplicate deals, advise one
player on one decision, play N hands, rate the card players, chart a policy's strategy, and replay
the book's coup cases. Each returns a result that prints itself (str, to_json, _repr_html_)."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "compare": ["compare"],
    "advise": ["Spot", "advise"],
    "strategy": ["chart_rows"],
    "coups": ["load_cases", "analyse_case"],
    "play_hands": ["Played", "play_hands"],
    "ladder": ["Ladder", "run_ladder"],
})

"""euchrelab's Python layer: the game, bidding, play, the simulator, values, experiments, reports,
the runner, the tools and the command line, one subpackage each (see docs/architecture.md).

What a user's script needs is importable from here::

    from analysis import BookPolicy, Rules, compare, sample_deals, simulate
    deals = sample_deals(10_000, seed=1)
    hands = simulate(deals, BookPolicy(), Rules())
"""
import fastcore as _fastcore

from analysis.public import lazy_exports

if not getattr(_fastcore, "__euchrelab__", False):  # fast.ai publishes a package of the same name
    raise ImportError(
        f"the 'fastcore' package found at {getattr(_fastcore, '__file__', '?')} is not euchrelab's: "
        "install euchrelab into its own virtual environment (make build)"
    )

__version__ = "0.1.0"

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "analysis.errors": ["EuchreError"],
    "analysis.game.rules": ["Rules", "Score", "LOVE_ALL"],
    "analysis.game.cards": ["Seat", "Suit", "parse_card", "parse_cards", "parse_seat", "format_cards", "mask_of",
                            "mask_cards"],
    "fastcore.sampler": ["sample_deals"],
    "fastcore.deals": ["Constraints"],
    "analysis.bidding.policy": ["Policy", "VectorPolicy", "Situation", "Situations", "call_word"],
    "analysis.bidding.book_policy": ["BookPolicy", "BookParams"],
    "analysis.bidding.policies": ["policy_from_name"],
    "analysis.bidding.auction": ["bid", "bid_batch"],
    "analysis.play.engines": ["get_engine"],
    "analysis.simulator": ["simulate", "play_contract"],
    "analysis.tools.compare": ["compare"],
    "analysis.tools.rubber_table": ["rubber_table"],
    "analysis.tools.advise": ["Spot", "advise"],
    "analysis.experiment.study": ["Study", "ClaimTest"],
    "analysis.run.runner": ["run_study", "settings_for"],
})
__all__ = [*__all__, "__version__"]

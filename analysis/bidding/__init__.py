"""Bidding: the policy interface, the book's advice as a policy, policies written in TOML, the
baselines, policies by name, and the auction that asks each seat in the laws' order."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "policy": ["Call", "Policy", "VectorPolicy", "Situation", "Situations", "Forced", "FIRST_ROUND_CALL", "CALL",
               "call_word"],
    "book_policy": ["BookPolicy", "BookParams"],
    "pattern_policy": ["PatternPolicy"],
    "policies": ["policy_from_name"],
    "auction": ["Bidding", "BiddingBatch", "bid", "bid_batch", "calls_of"],
})

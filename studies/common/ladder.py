"""The ladder of hands from strong to light (:mod:`analysis.bidding.ladder`), where the studies
have always found it."""
from analysis.bidding.ladder import RUNGS, SHORT, rung_of

__all__ = ["RUNGS", "SHORT", "rung_of"]

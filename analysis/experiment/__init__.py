"""Experiments: a study as a declared experiment, paired arms on the same deals, statistics from
summed cells, and the estimates, intervals and verdicts on the book's claims."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "study": ["Study", "ClaimTest", "POINTS", "GAME_WIN", "RUBBER", "MARGINS", "verdict_of"],
    "paired": ["Paired", "play_arms", "policy_arm", "contract_arm"],
    "cells": ["counted", "paired_mean", "summed_counts"],
    "stats": ["Estimate", "Verdict", "VERDICTS", "mean_estimate", "welch_difference", "wilson", "normal_quantile",
              "bonferroni_quantile"],
})

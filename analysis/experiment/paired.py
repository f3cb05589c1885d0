"""Paired arms: the same deals played under two or more actions (common random numbers).

A study compares the book's action with its alternative by playing *the same deals* both ways:
the cards, and everything decided before the action, are shared, so the per-deal difference
removes the variance of the deal itself. An :class:`Arm` is one way of playing a batch of deals
(a bidding policy, or a contract fixed by the study); :func:`play_arms` plays every arm on the
deals and returns a :class:`Paired` result, whose ``net`` and ``difference`` give each deal's
net points (the side's points minus the other side's) under an arm, and between two arms.

    arms = {"order up": policy_arm(Forced(book, seat=1, decision="first_round", action="order up")),
            "pass": policy_arm(Forced(book, seat=1, decision="first_round", action="pass"))}
    gain = play_arms(deals, arms, side=1).difference("order up", "pass")
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from analysis.errors import EuchreError
from analysis.game import Rules, Score
from analysis.simulator import HandResults, play_contract, simulate

Arm = Callable[[object], HandResults]   # deals -> the results of playing them this way


def policy_arm(policies, rules: Rules = Rules(), score=Score()) -> Arm:
    """Bid every deal by ``policies`` (one Policy or four), then play and score it."""
    return lambda deals: simulate(deals, policies, rules, score)


def contract_arm(maker, trump=None, round_=1, lone_seat=-1, rules: Rules = Rules(), score=Score(), engine=None) -> Arm:
    """Play every deal with the contract fixed (the bidding skipped): ``maker`` makes ``trump``
    (default the turned-up suit) in round ``round_`` (1: the dealer takes up the turn-up),
    alone when ``lone_seat`` is his seat; scalars or one value per deal; played by ``engine``
    (default double-dummy)."""
    return lambda deals: play_contract(deals, maker, trump, lone_seat, round_, rules=rules, score=score, engine=engine)


@dataclass
class Paired:
    """Each arm's results on the same deals, seen from ``side`` (0 AC, 1 BD; per deal)."""

    results: dict[str, HandResults]
    side: np.ndarray

    def net(self, arm: str) -> np.ndarray:
        """Per deal, ``side``'s points minus the other side's under ``arm``."""
        if arm not in self.results:
            raise EuchreError(f"no arm {arm!r}: the arms are {', '.join(self.results)}")
        return self.results[arm].net(self.side)

    def difference(self, a: str, b: str) -> np.ndarray:
        """Per deal, the net points under arm ``a`` minus under arm ``b``."""
        return self.net(a) - self.net(b)


def play_arms(deals, arms: Mapping[str, Arm], side) -> Paired:
    """Play every arm on the same ``deals``; ``side`` (one value or one per deal) is the side
    whose net points are compared."""
    if len(arms) < 1:
        raise EuchreError("paired arms need at least one arm")
    results = {name: arm(deals) for name, arm in arms.items()}
    n = len(deals.hands)
    return Paired(results, np.broadcast_to(np.asarray(side, np.int64), (n,)))

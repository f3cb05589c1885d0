"""The company: how the other three players bid when a study tests one seat's decision.

A bidding study plays one seat's decision both ways and lets everyone else bid by the book. Its
verdict may hold only in the book's company: against players who call lighter or heavier, passing
or ordering may be worth something else. The company is the policy of the three other chairs
(the decider's partner among them); the decider keeps the book's policy for his other decisions.

Code that builds a study's arms asks :func:`seated` for the policies of a batch: the decider's
policy alone (every chair the book's) unless a ``with keeping(name):`` block names another
company, which then takes the three other chairs. Like the play engine
(:func:`analysis.play.engines.playing`) it is a context variable, set for a chunk by the study
that tests the company and read only where the arms are built.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

from analysis.bidding.policies import policy_from_name
from analysis.bidding.policy import Policy
from analysis.errors import EuchreError

BOOK = "book"   # as a test records the book's company (analysis.experiment.stats.BOOK_COMPANY)
# a company's name (a policy's name) -> how a test records it (its ``company``)
COMPANIES = {BOOK: "book", "cautious": "cautious bidders", "optimised": "optimised"}

_company: ContextVar[tuple[str, Policy] | None] = ContextVar("company", default=None)


def company_name() -> str:
    """The company of the innermost :func:`keeping` block, else the book's."""
    got = _company.get()
    return BOOK if got is None else got[0]


@contextmanager
def keeping(name: str):
    """Within the block, the arms of a study seat the company ``name`` in the three chairs other
    than the decider's (``book``: the book's players, as outside any block)."""
    if name not in COMPANIES:
        raise EuchreError(f"company {name!r} is unknown: use {', '.join(COMPANIES)}")
    token = _company.set(None if name == BOOK else (name, policy_from_name(name)))
    try:
        yield name
    finally:
        _company.reset(token)


def seated(policy: Policy, seat: int) -> Policy | list[Policy]:
    """The policies of a batch whose decider sits at ``seat`` and bids by ``policy``: ``policy``
    alone in the book's company, else four (seats A B C D), the company in the other chairs."""
    got = _company.get()
    if got is None:
        return policy
    return [policy if s == seat else got[1] for s in range(4)]

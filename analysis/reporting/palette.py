"""The colours of the verdicts and of the claims' statuses, and the status words, for every page:
the charts, the studies' reports, the ledger and the workbench (whose stylesheet's status colours
are written from here, :func:`workbench_css`).

Okabe and Ito's palette, safe for the common colour-vision deficiencies: blue is *supported*,
vermillion *contradicted*, and the two stay apart for colour-blind readers. A colour has three
uses: a mark in a chart (:data:`VERDICT_COLOURS`); words on white (:data:`INK`: the same colours,
darker where they are pale, so that words in them read); a badge with words on it (:data:`BADGE`).
"""
from __future__ import annotations

from analysis.experiment.stats import CONTRADICTED, INCONCLUSIVE, NEGLIGIBLE, SUPPORTED, VERDICTS
from analysis.reporting.primary_status import NOT_SHOWN, SPLIT, STATUSES, UNTESTED

NOT_RUN = "not run"       # a replication not run (the workbench's and the ledger's tables)

# every chart's series take these colours in turn
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#E69F00", "#56B4E9", "#CC79A7", "#F0E442", "#000000")
# a verdict's mark in a chart
VERDICT_COLOURS = {SUPPORTED: OKABE_ITO[0], CONTRADICTED: OKABE_ITO[1], NEGLIGIBLE: "#6E6E6E",
                   INCONCLUSIVE: OKABE_ITO[3]}
# words on white in a verdict's or a status's colour (a table's cell, a chart's row label)
INK = {SUPPORTED: OKABE_ITO[0], CONTRADICTED: "#C24E00", NEGLIGIBLE: "#4D4D4D", INCONCLUSIVE: "#8A5D00",
       SPLIT: "#A0527E", NOT_SHOWN: "#8A5D00", UNTESTED: "#999999", NOT_RUN: "#aaa"}
# a status's badge: (its colour, the colour of the words on it); an inconclusive or not-run
# replication's badge is that of a status not shown, of a claim untested
BADGE = {SUPPORTED: (OKABE_ITO[0], "#fff"), CONTRADICTED: ("#C24E00", "#fff"), NEGLIGIBLE: ("#5E5E5E", "#fff"),
         SPLIT: ("#A0527E", "#fff"), NOT_SHOWN: ("#8A5D00", "#fff"), UNTESTED: ("#bbb", "#333")}
BADGE |= {INCONCLUSIVE: BADGE[NOT_SHOWN], NOT_RUN: BADGE[UNTESTED]}

assert set(VERDICT_COLOURS) == set(VERDICTS) and set(STATUSES) <= set(BADGE) and set(BADGE) <= set(INK)


def css_class(word: str) -> str:
    """A verdict's or status's class on a page: "not-shown"."""
    return word.replace(" ", "-")


def badges_css(prefix: str, words=STATUSES) -> str:
    """The badges of ``words`` (the statuses by default) as CSS rules, each selected by ``prefix``
    and its class: ``.status.`` gives ".status.not-shown{...}"."""
    def rule(word: str) -> str:
        colour, words_on_it = BADGE[word]
        return f"background:{colour}" + ("" if words_on_it == "#fff" else f";color:{words_on_it}")
    return "".join(f"{prefix}{css_class(w)}{{{rule(w)}}}" for w in words)


def workbench_css() -> str:
    """The workbench's status colours: its stylesheet's variables (``--supported`` ... ``--untested``,
    a status's badge colour, read by its bars, figures and marks too) and its badges (``.s-supported``)."""
    variables = ";".join(f"--{css_class(s)}:{BADGE[s][0]}" for s in STATUSES)
    return f":root{{{variables}}}" + badges_css(".s-", (*STATUSES, INCONCLUSIVE, NOT_RUN))

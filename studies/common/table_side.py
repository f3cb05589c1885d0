"""The studies that play a double-dummy study's deals again with players who see only their own
cards: the three ways they play, and the parts of their reports that set the ways side by side.

Their claim tests are the PIMC estimates (keys "X.pimc"); the double-dummy verdicts beside them
are of the same deals, judged the same way (:func:`analysis.experiment.study.same_deals_verdicts`).
"""
from __future__ import annotations

from analysis.experiment.study import Study, same_deals_verdicts, verdict_of
from analysis.play import DEFAULT_WORLDS
from analysis.reporting.report import (THREE_WAYS, StudyReport, interval, table_side_headline, tally_sentence,
                                       verdict_words)
from studies.common.report import claims_figure, headline, in_full, study_report

# The engines every deal is played by, side by side: double-dummy, PIMC, the book's card-play rules.
SIDE_BY_SIDE_ENGINES = ("dd", "pimc", "book")
# the same in the words of a study's policies
PLAYED_SIDE_BY_SIDE = "play: double-dummy, PIMC, and the book's card-play rules on the same deals"


class TableSideStudy(Study):
    """A study that chooses its play engines itself, whatever the run's. Not in the default suite:
    PIMC plays a few hundred hands a second; its reference run is committed."""

    suite_position = None
    takes_play = False

    def table_options(self, settings) -> list[int]:
        """The options ``cap`` (the deals of a class played per chunk) and ``worlds`` (PIMC's worlds
        a decision), each a whole number >= 1."""
        return self.whole_options(settings, cap=self.defaults["cap"], worlds=DEFAULT_WORLDS)


def engine_columns(estimates: dict) -> dict:
    """A test's estimate under each engine (``estimates`` by engine name), for a results table."""
    return {"double-dummy [95%]": interval(estimates["dd"]), "PIMC [95%]": interval(estimates["pimc"]),
            "book's play rules [95%]": interval(estimates["book"])}


def verdicts_side_by_side(verdict_list, dd: dict, key: str) -> dict:
    """The PIMC verdict of the test ``key`` and the double-dummy verdict of the same deals."""
    return {"PIMC verdict": verdict_words(verdict_of(verdict_list, f"{key}.pimc")),
            "double-dummy verdict (same deals)": verdict_words(dd.get(key))}


def kept_verdicts(table_side, double_dummy: dict, noun: str, nouns: str) -> str:
    """One sentence: how many of the tests (``noun``/``nouns``: what a test is, one and many) keep
    their double-dummy verdict at the table, and which do not (the one by its verdicts, more by
    key, at most four)."""
    if not table_side:
        return f"No {noun} was measured."
    changed = []
    for v in table_side:
        key = v.claim.key.rsplit(".", 1)[0]
        w = double_dummy.get(key)
        if w is not None and (w.verdict, w.material) != (v.verdict, v.material):
            changed.append((key, w, v))
    n, kept = len(table_side), len(table_side) - len(changed)
    how = "when every player plays by PIMC"
    if not changed:
        return f"Every {noun} keeps its double-dummy verdict {how} ({n} {nouns}, the same deals)."
    keeps = f"{kept} of the {n} {nouns} {'keeps its' if kept == 1 else 'keep their'} double-dummy verdict {how}"
    if len(changed) == 1:
        key, w, v = changed[0]
        return f"{keeps}, and {key} does not: {verdict_words(w)} double-dummy, {verdict_words(v)} at the table."
    keys = [key for key, _w, _v in changed]
    listed = ", ".join(keys[:4]) + (f" and {len(keys) - 4} more" if len(keys) > 4 else "")
    return f"{keeps}, and {len(changed)} do not ({listed})."


def table_side_report(study, table, manifest: dict, out_dir, gain, side_by_side, *, chart_title: str, measured: str,
                      question: str, method: str, caption: str, noun: str, nouns: str, seen: str) -> StudyReport:
    """The report of a table-side study: its PIMC tests charted, the book's sentences of its
    claims after ``question``, the results table ``side_by_side(table, verdicts, double-dummy
    verdicts)``, a headline on the verdicts that change from double-dummy (``noun``/``nouns``: what
    a test is, one and many) and the tests' tally, and last the changes' estimates; ``seen``: what
    double-dummy play lets be seen, in the note on the three ways. ``gain(table, key, engine)``: a
    test's estimate (its key without ".pimc") under an engine; the double-dummy verdicts are of the
    same deals, judged the same way."""
    verdict_list = study.verdicts(table, manifest)
    dd = same_deals_verdicts(study.claims, lambda key: gain(table, key, "dd"))
    files = claims_figure(out_dir, verdict_list, title=chart_title, measured=measured)
    question += "\n\n" + study.quoted(tuple(dict.fromkeys(t.claim for t in study.claims)))
    return study_report(study, question=question, method=method, table=side_by_side(table, verdict_list, dd),
                        caption=caption, files=files, verdicts=verdict_list,
                        headline=headline(kept_verdicts(verdict_list, dd, noun, nouns),
                                          tally_sentence(verdict_list, "at the table, PIMC")),
                        sections=[in_full(table_side_headline(verdict_list, dd, noun, nouns))],
                        play_note=THREE_WAYS.format(seen=seen))

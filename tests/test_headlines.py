"""Headlines a person reads at a glance: at most two sentences and 60 words, the first answering
the study's question on its own (the index shows it alone), whatever the data."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from analysis.experiment.stats import CONTRADICTED, INCONCLUSIVE, NEGLIGIBLE, SUPPORTED, Claim, Estimate, Verdict
from analysis.experiment.study import RUBBER
from analysis.reporting.report import HEADLINE_WORDS, first_sentence, headline_problem, sentences, tally_sentence
from studies import bridge, card_play, score_chart
from studies.book_bidding import STUDY as BOOK_BIDDING
from studies.common.report import headline, largest_effect, verdicts_headline
from studies.common.table_side import kept_verdicts

REPORTS = Path(__file__).resolve().parents[1] / "reports"
SUMMARIES = sorted(REPORTS.glob("*/summary.json"))


def estimate(mean: float, half: float = 0.02) -> Estimate:
    return Estimate(mean, mean - half, mean + half, half / 2, 1.0, 10_000, 0.0)


def verdict(cid: str, kind: str, mean: float = -0.3, key: str = "", label: str = "", unit: str = "points per hand",
            margin: float = 0.05) -> Verdict:
    claim = Claim(cid, "", "", estimate(mean), margin=margin, unit=unit, key=key or cid, label=label or cid)
    return Verdict(claim, 0.01, kind, None, mean - 0.03, mean + 0.03)


# --- the committed reports ---------------------------------------------------------------------

def test_there_are_committed_reports_to_check():
    assert len(SUMMARIES) > 20


@pytest.mark.parametrize("summary", SUMMARIES, ids=lambda p: p.parent.name)
def test_every_committed_headline_is_two_sentences_and_60_words_at_most(summary):
    text = json.loads(summary.read_text(encoding="utf-8"))["headline"]
    assert text, f"{summary.parent.name} has no headline"
    assert headline_problem(text) is None, f"{summary.parent.name}: {headline_problem(text)}"


# --- sentences and the tally ---------------------------------------------------------------------

def test_a_decimal_or_an_interval_does_not_end_a_sentence():
    text = "The book gains +0.05 [+0.01, +0.09] points a hand, 4.5% of hands. E1 holds."
    assert sentences(text) == ["The book gains +0.05 [+0.01, +0.09] points a hand, 4.5% of hands.", "E1 holds."]
    assert first_sentence(text) == "The book gains +0.05 [+0.01, +0.09] points a hand, 4.5% of hands."


def test_a_sentence_ends_before_a_capital_a_figure_a_quote_or_a_bracket():
    assert len(sentences('E1 holds. 27 support it. "Always" is wrong. (S3) too. *Bold* ends.')) == 5
    assert sentences("Ace, king and one suit (e.g. hearts). No more.") == [
        "Ace, king and one suit (e.g. hearts).", "No more."]
    assert sentences("") == [] and first_sentence("") == ""


def test_headline_problem_counts_words_then_sentences():
    assert headline_problem("One. Two.") is None
    assert headline_problem("One. Two. Three.") == "3 sentences (at most 2)"
    assert headline_problem("word " * (HEADLINE_WORDS + 1)) == f"{HEADLINE_WORDS + 1} words (at most {HEADLINE_WORDS})"


def test_the_tally_counts_each_verdict_singular_and_plural():
    vs = [verdict("E1", SUPPORTED), verdict("E2", SUPPORTED), verdict("S3", CONTRADICTED),
          verdict("T4", NEGLIGIBLE), verdict("D1", INCONCLUSIVE), verdict("D1", INCONCLUSIVE)]
    assert tally_sentence(vs, "at love-all, double-dummy") == (
        "Of 6 tests (at love-all, double-dummy), 2 support the book, 1 contradicts it (S3), 1 is negligible and "
        "2 are inconclusive.")
    assert tally_sentence(vs[:1]) == "Of 1 test, 1 supports the book."
    assert tally_sentence([]) == "No claim was tested."


def test_the_tally_names_a_contradicted_claim_once_and_four_at_most():
    ids = ["E1", "E2", "S3", "T4", "D1", "D2"]
    vs = [verdict(c, CONTRADICTED) for c in ids for _ in range(2)]
    text = tally_sentence(vs)
    assert text == "Of 12 tests, 12 contradict it (E1, E2, S3, T4 and 2 more)."


# --- the headlines on any data ------------------------------------------------------------------

LONG = " ".join(["a very long label of a test"] * 8)


def many_contradicted(n: int = 40) -> list[Verdict]:
    return [verdict(f"X{i}", [CONTRADICTED, SUPPORTED, NEGLIGIBLE, INCONCLUSIVE][i % 4], -0.1 - i / 100,
                    label=f"X{i} {LONG}") for i in range(n)]


def test_a_headline_on_tests_keeps_its_limits_with_many_contradicted_claims_and_long_labels():
    vs = many_contradicted()
    text = verdicts_headline(vs, "at love-all, at the table, among cautious bidders")
    assert headline_problem(text) is None and len(sentences(text)) == 2
    assert first_sentence(text) == tally_sentence(vs, "at love-all, at the table, among cautious bidders")
    # the label too long to fit: the claim alone, with the largest loss and its interval
    assert text.endswith("The largest loss is in X36: -0.46 [-0.48, -0.44] points a hand.")


def test_the_largest_effect_compares_tests_in_multiples_of_their_margins():
    vs = [verdict("L2", CONTRADICTED, -0.22, label="L2 light"),
          verdict("L3", CONTRADICTED, -0.12, label="L3 desperate, 2-4", unit=RUBBER, margin=0.04)]
    assert largest_effect(vs)[0] == "The largest loss is in L2 (light): -0.22 [-0.24, -0.20] points a hand."
    vs[1] = verdict("L3", CONTRADICTED, -0.2, label="L3 desperate, 2-4 (score)", unit=RUBBER, margin=0.04)
    assert largest_effect(vs)[0] == "The largest loss is in L3 (desperate, 2-4, score): -0.20 [-0.22, -0.18] " \
                                    "rubber points a hand."
    assert largest_effect([verdict("E1", SUPPORTED, 0.7, label="E1 strong")])[0].startswith("The largest gain is in E1")
    assert largest_effect([verdict("E1", NEGLIGIBLE, 0.01)]) == []


def test_a_headline_drops_a_second_sentence_that_would_break_the_limits():
    first = "Of 3 tests, 3 support the book."
    assert headline(first, "It gains. Twice.", "It gains.") == f"{first} It gains."
    assert headline(first, "word " * HEADLINE_WORDS) == first
    assert headline(first) == first


def test_the_book_bidding_headline_keeps_its_limits_with_every_test_contradicted():
    vs = [verdict(t.claim, CONTRADICTED, -0.2 - i / 100, key=t.key, label=t.label)
          for i, t in enumerate(BOOK_BIDDING.claims)]
    text = verdicts_headline(vs, "at love-all, double-dummy")
    assert headline_problem(text) is None
    assert text.startswith(f"Of {len(vs)} tests (at love-all, double-dummy), {len(vs)} contradict it (")
    claims = len({t.claim for t in BOOK_BIDDING.claims})
    assert f"and {claims - 4} more)" in text and "The largest loss is in " in text


def test_the_card_play_headline_keeps_its_limits_with_every_rule_contradicted():
    vs = [verdict(t.claim, CONTRADICTED, -0.2 - i / 100, key=t.key, label=t.label)
          for i, t in enumerate(card_play.STUDY.claims)]
    text = card_play._headline(vs)
    assert headline_problem(text) is None and len(sentences(text)) == 2
    assert "contradict it (" in text and "more)" in text


def test_the_bridge_headline_answers_whether_keeping_it_pays_whatever_the_tests():
    values = [{"score": s, "lone": lone, "strict": estimate(-0.27 + k / 10)}
              for k, s in enumerate(("4-1", "4-2")) for lone in bridge.LONE]
    vs = [verdict(t.claim, CONTRADICTED, -0.2, key=t.key, label=t.label, unit=RUBBER, margin=0.04)
          for t in bridge.STUDY.claims]
    text = bridge._headline(values, vs)
    assert headline_problem(text) is None and len(sentences(text)) == 2
    assert first_sentence(text) == ("Keeping the bridge at 4-1 does not pay: strictly rather than never, it is worth "
                                    "-0.27 [-0.29, -0.25] rubber points a hand to the eldest hand's side (at 4-2 "
                                    "-0.17 [-0.19, -0.15]).")
    values = [dict(v, strict=estimate(0.01, 0.05)) for v in values]
    assert bridge._headline(values, vs).startswith("Keeping the bridge at 4-1 may or may not pay: ")
    assert bridge._headline([], vs) == "No deals at the bridge's scores."


def test_the_table_side_headline_names_four_changed_verdicts_at_most():
    dd = {f"X{i}": verdict(f"X{i}", SUPPORTED, 0.3) for i in range(9)}
    pimc = [verdict(f"X{i}", CONTRADICTED, -0.3, key=f"X{i}.pimc") for i in range(9)]
    text = kept_verdicts(pimc, dd, "class", "classes")
    assert text == "0 of the 9 classes keep their double-dummy verdict when every player plays by PIMC, and 9 do " \
                   "not (X0, X1, X2, X3 and 5 more)."
    one = kept_verdicts(pimc[:1] + [verdict("X1", SUPPORTED, 0.3, key="X1.pimc")], dd, "class", "classes")
    assert one == "1 of the 2 classes keeps its double-dummy verdict when every player plays by PIMC, and X0 does " \
                  "not: supported double-dummy, contradicted at the table."
    assert kept_verdicts([], dd, "class", "classes") == "No class was measured."


def test_the_score_chart_headline_keeps_its_limits_at_every_score():
    light = pd.DataFrame([{"seat": seat, "own": a, "theirs": b, "rung": (a + b + i) % 9, "sure": True}
                          for i, seat in enumerate("BCDA") for a in range(5) for b in range(5)])
    text = score_chart._headline(light)
    assert headline_problem(text) is None and len(sentences(text)) == 2
    assert text.startswith("At love-all, in net rubber points, the lightest rung worth calling (of 8, from the "
                           "strongest) is none for the eldest hand, 1 for the second, 2 for the third and 3 for the "
                           "dealer.")


def test_the_tally_names_the_furthest_contradicted_claim_first():
    vs = [verdict("E1", CONTRADICTED, -0.1), verdict("E2", CONTRADICTED, -0.9), verdict("E3", CONTRADICTED, -0.4),
          verdict("E4", CONTRADICTED, -0.2), verdict("E5", CONTRADICTED, -0.3)]
    assert tally_sentence(vs) == "Of 5 tests, 5 contradict it (E2, E3, E5, E4 and 1 more)."


def test_an_interval_clear_of_zero_is_shown_clear_of_zero():
    from studies.common.report import figure
    assert figure(Estimate(0.02, 0.004, 0.036, 0.008, 1.0, 100, 0.01)) == "+0.020 [+0.004, +0.036]"
    assert figure(Estimate(0.02, -0.004, 0.044, 0.012, 1.0, 100, 0.1)) == "+0.02 [-0.00, +0.04]"   # not clear: 2 digits


def test_a_test_without_a_margin_does_not_break_the_largest_effect():
    vs = [verdict("E1", CONTRADICTED, -0.3, margin=0.0), verdict("E2", CONTRADICTED, -0.2)]
    assert "E2" in largest_effect(vs)[0]

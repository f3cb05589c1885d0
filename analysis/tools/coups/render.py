"""The coups on paper: text for the terminal, and the report ``reports/coups/`` in Markdown and HTML
(with its verdicts in ``verdicts.json`` and their figure in ``coups.png``).

The report is one list of blocks (heading, paragraph, list, table, preformatted text) written to
Markdown and to HTML alike, through :mod:`analysis.reporting.markup`; the page is one of the reports'
site (:func:`analysis.reporting.report.write_page`): the headline and the figure first, the method
and each case folded away under its heading.
"""
from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence
from pathlib import Path

from analysis.game.cards import SEATS, SUIT_NAMES, card_name, card_text, rank_of, suit_of
from analysis.tools.coups.analyse import CaseResult
from analysis.tools.coups.cases import CALL_TEXT, Case
from analysis.tools.coups.table import SAMPLER, table_word
from analysis.reporting.markup import html_grid, listed, md_grid, md_to_html
from analysis.reporting.report import Chart, folded, headline_problem, write_page
from analysis.storage import write_json
from analysis.game.cards import is_trump, partner_of, side_of, trump_order

REPORT_DIR = Path("reports") / "coups"   # beside the studies' reports, from the working folder


# --- pieces shared by the text and the report -----------------------------------------------

def _hand_text(cards: Sequence[int], trump: int) -> str:
    """Trumps first, highest first (bowers on top), then the plain suits S C H D, highest first."""
    return " ".join(card_text(c) for c in sorted(
        cards, key=lambda c: (0, -trump_order(c, trump)) if is_trump(c, trump) else (1 + suit_of(c), -rank_of(c))))


def diagram(case: Case) -> list[str]:
    """The four hands around the table as the book prints them: A above, D left, B right, C below."""
    label = {0: "A (dealer)", 1: "B", 2: "C", 3: "D"}
    if case.c_not_printed:
        label[2] = "C (not printed; placeholder, sits out)"
    elif case.lone_seat is not None:
        label[partner_of(case.lone_seat)] += " (sits out)"
    h = [_hand_text(x, case.trump) for x in case.hands]
    pad = " " * 22
    return [
        f"{pad}{label[0]}",
        f"{pad}{h[0]}",
        f"{label[3]:<22}{'':22}{label[1]}",
        f"{h[3]:<22}{'':22}{h[1]}",
        f"{pad}{label[2]}",
        f"{pad}{h[2]}",
    ]


def _made_text(case: Case) -> str:
    how = {"adopted": "A takes up the turn-up", "assisted": "C assists", "ordered": f"{SEATS[case.maker]} orders up",
           "alone": f"{SEATS[case.maker]} plays alone"}[case.how]
    if case.is_lone and case.how != "alone":
        how += f", and {SEATS[case.maker]} plays alone"
    return how


def trick_table(result: CaseResult) -> list[str]:
    """One row per card of the book's line: every legal card and the makers' tricks after it."""
    rows = ["trick seat card   makers' tricks after each legal card ([book's card], * coup)   note"]
    for st in result.steps:
        cells = []
        for c, v in st.values.items():
            mark = f"[{card_text(c)} {v.makers_tricks}]" if c == st.card else f"{card_text(c)} {v.makers_tricks}"
            cells.append(mark)
        note = []
        if st.coup:
            note.append("coup")
        better = st.better_cards()
        if better:
            note.append(f"better for {'A+C' if side_of(st.seat) == 0 else 'B+D'}: {' '.join(map(card_text, better))}")
        rows.append(f"{st.trick:>5} {SEATS[st.seat]:>4} {card_text(st.card) + ('*' if st.coup else ''):<6} "
                    f"{'  '.join(cells):<46} {'; '.join(note)}")
    return rows


def book_text(b: dict) -> str:
    """One sentence on the worlds where every call heard is the book policy's call."""
    head = (f"with the book policy's calls (the real deal {'is' if b['true_deal_accepted'] else 'is NOT'} among them): ")
    if "error" in b:
        return head + f"no worlds ({b['error']})"
    return (head + f"acceptance {b['acceptance']:.1%}; gains {b['share_gain']:.0%}, loses {b['share_loss']:.0%}, "
            f"mean {b['mean_gain_points']:+.3f} (95% CI {b['ci95'][0]:+.3f} to {b['ci95'][1]:+.3f})")


# --- text ----------------------------------------------------------------------------------

# --- the claims as the ledger has them -------------------------------------------------------

SECONDARY_REMARKS = ("The book's remarks on the printed deal: secondary tests of the claim, each a statement "
                     "about the deal checked double-dummy (they never move its status)")
SECONDARY_TABLE = ("secondary: the coup against the natural play in net points of the coup player's side per world, "
                   "95% interval; the claim's primary is in rubber points")


def ledger_words(claim_id: str, ledger) -> str:
    """A coup claim as the ledger of the saved results has it: its status and its one number (the
    replication that carries the status, :attr:`analysis.reporting.ledger.Entry.anchor_text`); what to
    do when no ledger was read (``ledger`` None)."""
    if ledger is None:
        return f"{claim_id}: its status is not shown here (no reports folder was read: give --reports DIR)"
    entry = next((e for e in ledger.entries if e.claim.id == claim_id), None)
    if entry is None:
        return f"{claim_id}: not in the ledger"
    number = f": {entry.anchor_text} ({entry.anchor_where})" if entry.anchor_text else ""
    return f"{claim_id} {entry.count_as}{number}"


def render_text(result: CaseResult, ledger=None) -> str:
    """A case in text: the deal, the book's line valued, the claim's status and number from ``ledger``
    (:class:`analysis.reporting.ledger.Ledger`, None: not read), the remarks and the table-side view."""
    c = result.case
    out = [f"{c.id}  CASE {c.number}. {c.title}.", ""]
    out += wrapped(f"The claim, by its primary test (the ledger): {ledger_words(c.id, ledger)}.", "")
    out.append("")
    out += diagram(c)
    out += ["", f"Trumps: {SUIT_NAMES[c.trump]} (turn-up {card_name(c.turn_up)}). {_made_text(c)}; makers {'A+C' if c.makers == 0 else 'B+D'}. "
            f"Score: {c.score}.", ""]
    out += trick_table(result)
    f = result.final
    how = "as played" if result.complete else "the book's line completed double-dummy"
    out += ["", f"Result of the book's line ({how}): makers {f.makers_tricks} tricks, {f.outcome}; points A+C {f.points[0]}, B+D {f.points[1]}."]
    imp = result.improvements()
    if imp:
        out.append("Double-dummy finds better cards than the book's:")
        for i in imp:
            out.append(f"  trick {i['trick']}, {i['seat']} ({i['side']}): {', '.join(f'{k} (makers {v})' for k, v in i['better'].items())} "
                       f"instead of {i['book']} (makers {i['book_makers_tricks']}), {i['gain_points']:+d} points for {i['side']}")
    else:
        out.append("Double-dummy finds no better card than the book's at any card of its line.")
    out += ["", *wrapped(SECONDARY_REMARKS + ":", "", "")]
    for v in result.findings:
        out.append(f"  {v.remark.id} [{v.verdict}] \"{v.remark.text}\"")
        out.append(f"      {v.detail}")
        if v.reading:
            out.append(f"      reading: {v.reading}")
    for r in result.readings:
        out.append(f"  reading of a misprint ({r['reading']}, doubtful {r['doubtful']}): verdicts "
                   f"{'the same' if r['stable'] else 'NOT the same'} with every undealt card in its place")
    t = result.table
    if t is not None:
        out += ["", *wrapped(f"Table-side view ({SECONDARY_TABLE}): {SEATS[t.player]} at the coup card, "
                             f"{card_text(t.coup)} (coup) against {card_text(t.natural)} (natural play).", "", "")]
        out.append(f"  {t.worlds} worlds ({SAMPLER} sampler, {t.solver} solver), acceptance of the calls {t.worlds / t.draws:.1%}"
                   f" ({t.draws} candidate worlds); calls used: {'; '.join(t.calls_used) or 'none'}")
        out.append(f"  coup gains in {t.share_gain:.0%}, loses in {t.share_loss:.0%}, ties in {t.share_tie:.0%} of the worlds; "
                   f"mean gain {t.gain:+.3f} points for {SEATS[t.player]}'s side (95% CI {t.lo:+.3f} to {t.hi:+.3f})")
        u = t.unconstrained
        out.append(f"  from the cards alone (no calls): gains {u['share_gain']:.0%}, loses {u['share_loss']:.0%}, "
                   f"mean {u['mean_gain_points']:+.3f} (95% CI {u['ci95'][0]:+.3f} to {u['ci95'][1]:+.3f})")
        out.append("  " + book_text(t.book))
    out += ["", "Notes on the text:"] + [f"  - {n}" for n in c.notes]
    return "\n".join(out)


def wrapped(text: str, indent: str, hang: str = "      ", width: int = 110) -> list[str]:
    """A statement on lines of at most ``width`` characters, whole words, the lines after the first
    indented by ``hang``."""
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + hang,
                         break_long_words=False, break_on_hyphens=False) or [indent]


def render_summary(results: list[CaseResult], ledger=None) -> str:
    """The claims' status and number from ``ledger`` (None: not read), then one entry per remark (its
    statement whole) and one line per coup: what holds, what does not, what the table changed."""
    out = ["The claims, by their primary tests (their status and number from the ledger)", ""]
    for r in results:
        out += wrapped(ledger_words(r.case.id, ledger), "  ")
    out += ["", *wrapped(SECONDARY_REMARKS, "", ""), ""]
    counts: dict[str, int] = {}
    for r in results:
        for v in r.findings:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
            out += wrapped(f"{v.remark.id:<6} {v.verdict:<27} {v.remark.text}", "  ", " " * 35)
    out.append("")
    out.append("  " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    views = [r for r in results if r.table is not None]
    if views:
        out += ["", *wrapped(f"Table-side view of each coup ({SECONDARY_TABLE}):", "", "")]
        for r in views:
            t = r.table
            out.append(f"  {r.case.id} {SEATS[t.player]} {card_text(t.coup)} vs {card_text(t.natural)}: {t.gain:+.3f} "
                       f"({t.lo:+.3f} to {t.hi:+.3f}); gains {t.share_gain:.0%}, loses {t.share_loss:.0%}, "
                       f"ties {t.share_tie:.0%} of {t.worlds} worlds; {table_word(t)}")
    return "\n".join(out)


# --- the report ----------------------------------------------------------------------------

def report_blocks(results: list[CaseResult], n_worlds: int, seed: int, solver: str) -> list[tuple]:
    """The report as blocks (kind, content): h1 h2 h3 (text), fold (a heading of the second level whose
    section folds away on the page), p (Markdown), ul (list of Markdown items), table (rows, the first
    the header), pre (text). The title and the headline come first."""
    b: list[tuple] = [("h1", "The book's coups, Cases I-IX (claims C1-C9)")]
    b.append(("p", headline(results)))
    b.append(("p", "The Laws of Euchre (Leeds & Dwight, 1888) closes with nine cases of fine play. Each is laid out "
                   "here as the book prints it, its line of play is replayed with the double-dummy value of every "
                   "legal card at every card, each remark is checked as a statement about the deal, and the coup card "
                   "is weighed from the seat of the player who made it: over the worlds he could believe in at the table."))
    b.append(("p", "Double-dummy play is perfect-information play: both sides see all the cards. It favours whoever the "
                   "unseen cards favour and is an approximation of play at the table. A coup that wins double-dummy on "
                   "the printed deal may still be a poor play from what the player could know, and the reverse."))
    b.append(("p", status_note(results)))
    b.append(("fold", "Method"))
    b.append(("ul", [
        "Values: makers' tricks in the whole hand after each legal card, both sides playing perfectly afterwards; "
        "points by laws 2-3 (makers 3-4 tricks 1, 5 tricks 2 or 4 alone; makers under 3 are euchred, 2 to the adversaries, 4 against a lone hand).",
        "Verdicts: 'true', 'false', or 'true only under a reading' (the reading is stated: usually a reply the book supposes "
        "an adversary makes, which double-dummy play would not make). Table-side claims are 'true', 'false' or 'inconclusive' by their 95% interval.",
        f"Table-side view: {n_worlds} worlds per coup, sampled uniformly among the deals consistent with what the coup player "
        "knew: his own hand, the turn-up in the dealer's hand, the cards played so far and by whom, and every void shown "
        "(a player who did not follow the suit led holds none of it). The dealer's discard is not printed in any case, so "
        "it is treated as unknown: a dealer coup player is given one card less of knowledge than he had.",
        "The calls as constraints (a necessary condition on the caller's hand, drawn from the book's lists in General Remarks): "
        + "; ".join(f"{k}: {v}" for k, v in CALL_TEXT.items()) + ". The acceptance rate (worlds kept among candidates) shows how much the calls narrow the worlds.",
        "A second call model: every call heard must be the call the book policy (analysis.bidding.book_policy) makes with that "
        "hand at the case's score (the dealer's taking up, whose hand before the discard is never printed, keeps the "
        "reading above). Its acceptance rate and whether the real deal passes are shown.",
        "Limits: each world is solved double-dummy, so after the coup card both sides play perfectly with all cards seen. "
        "A play whose value lies in what it tells or hides (Case II: the king or the queen, equals in A's hand) is worth "
        "exactly nothing there, and a coup that pays only through an adversary's later error (Case VIII: B throwing the ten "
        "of spades) cannot gain. Such cases are judged by their stated reading, not by the table-side numbers.",
        f"In each world the coup card and the natural play are solved double-dummy; the gain is the difference in the coup "
        f"player's side's net points (its points less the adversaries'; turning a made point into a euchre is worth 3, "
        f"and every 'points' figure of this report is counted so). Reported: the shares of worlds where the coup gains, loses or ties, the mean gain, "
        f"and its 95% t-interval. Seed {seed}; solver: {solver}.",
    ]))
    rows = [["claim", "verdict", "statement"]]
    for r in results:
        for v in r.findings:
            rows.append([v.remark.id, v.verdict, v.remark.text])
    b.append(("h2", "The book's remarks (secondary tests)"))
    b.append(("table", rows))
    views = [r for r in results if r.table is not None]
    if views:
        rows = [["case", "coup", "natural", "worlds", "acceptance", "gains", "loses", "ties", "mean gain (95% CI)", "verdict from the table"]]
        for r in views:
            t = r.table
            rows.append([r.case.id, f"{SEATS[t.player]} {card_text(t.coup)}", card_text(t.natural), str(t.worlds),
                         f"{t.worlds / t.draws:.1%}", f"{t.share_gain:.0%}", f"{t.share_loss:.0%}", f"{t.share_tie:.0%}",
                         f"{t.gain:+.3f} ({t.lo:+.3f} to {t.hi:+.3f})", table_word(t)])
        b.append(("h2", "The coups from the table (secondary tests)"))
        b.append(("p", "Each row is a secondary test: the coup against the natural play in net points of the coup "
                       "player's side per world, with its 95% interval (the claims' primaries are in rubber points)."))
        b.append(("table", rows))
    b.append(("h2", "What holds and what does not"))
    b.append(("ul", conclusions(results)))
    for r in results:
        b += _case_blocks(r)
    return b


def status_note(results: list[CaseResult]) -> str:
    """Where each claim's status and number are: the ledger of the book's claims, from its primary
    test; what this page holds is secondary. (The page does not copy them: it is drawn when the coups
    are run, before the studies that the status comes from.)"""
    links = ", ".join(f"[{r.case.id}](../claims.html#{r.case.id})" for r in results)
    return ("Each claim's status and its number come from its pre-registered primary test: the coup card against "
            "the alternative from the coup player's seat, in net rubber points, replicated double-dummy and at the "
            f"table, with the calls read two ways; see the ledger of the book's claims ({links}). The remarks and "
            "the table-side views on this page are secondary tests of those claims: they never move a status.")


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
REMARK_WORDS = {"true": ("holds", "hold"), "true only under a reading": ("holds only under the reading stated",
                "hold only under the reading stated"), "false": ("does not", "do not")}


def _count(n: int) -> str:
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else f"{n:,}"


def _verb(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _ids(ids: list[str], most: int = 4) -> str:
    return " (" + ", ".join(ids[:most]) + (f" and {len(ids) - most} more" if len(ids) > most else "") + ")"


def headline(results: list[CaseResult]) -> str:
    """At most two sentences and 60 words: how many of the book's remarks hold, then how many of
    the coup cards gain or lose on average from the player's seat; the second sentence loses its
    claim ids, then goes, if the words would run over."""
    by: dict[str, list[str]] = {}
    for r in results:
        for v in r.findings:
            by.setdefault(v.verdict, []).append(v.remark.id)
    total = sum(len(ids) for ids in by.values())
    parts = []
    for verdict, ids in sorted(by.items(), key=lambda kv: (kv[0] == "false", -len(kv[1]))):
        one, many = REMARK_WORDS.get(verdict, (f"is {verdict}", f"are {verdict}"))
        parts.append(f"{len(ids)} {_verb(len(ids), one, many)}" + (_ids(ids) if verdict == "false" else ""))
    first = (f"Of the book's {total} remark{'s' * (total != 1)} on its {_count(len(results))} coup{'s' * (len(results) != 1)}, "
             f"{listed(parts)}." if total else "The book's coups make no remark to check.")
    views = [r for r in results if r.table is not None]
    gain = [r.case.id for r in views if r.table.share_tie < 1 and r.table.lo > 0]
    loss = [r.case.id for r in views if r.table.share_tie < 1 and r.table.hi < 0]
    unclear = len(views) - len(gain) - len(loss)
    if not views:
        return first
    if len(views) == 1:
        return f"{first} From the coup player's seat, {views[0].case.id}'s coup card is {table_word(views[0].table)}."
    for with_ids in (True, False):
        second = (f"From what the coup player could know, {len(gain)} of the {len(views)} coup cards "
                  f"{_verb(len(gain), 'gains', 'gain')} on average{_ids(gain) if with_ids and gain else ''}, "
                  f"{len(loss)} {_verb(len(loss), 'loses', 'lose')}{_ids(loss) if with_ids and loss else ''} and "
                  f"{unclear} {_verb(unclear, 'is', 'are')} not shown either way.")
        if headline_problem(f"{first} {second}") is None:
            return f"{first} {second}"
    return first


def _case_blocks(r: CaseResult) -> list[tuple]:
    c = r.case
    b: list[tuple] = [("fold", f"{c.id}: Case {c.number}. {c.title}")]
    b.append(("pre", "\n".join(diagram(c))))
    b.append(("p", f"Trumps {SUIT_NAMES[c.trump]}, turn-up the {card_name(c.turn_up)}. {_made_text(c)}; the makers are "
                   f"{'A and C' if c.makers == 0 else 'B and D'}. Score: {c.score}."))
    b.append(("pre", "\n".join(trick_table(r))))
    f = r.final
    b.append(("p", f"The book's line {'as played' if r.complete else 'completed double-dummy'}: makers {f.makers_tricks} tricks, "
                   f"{f.outcome} (A+C {f.points[0]}, B+D {f.points[1]})."))
    imp = r.improvements()
    b.append(("p", "Double-dummy finds a better card than the book's: " + "; ".join(
        f"trick {i['trick']}, {i['seat']} ({i['side']}): {', '.join(i['better'])} instead of {i['book']}, {i['gain_points']:+d} points"
        for i in imp) + "." if imp else "Double-dummy finds no better card than the book's anywhere in its line."))
    b.append(("h3", "The book's remarks (secondary tests)"))
    b.append(("ul", [f"**{v.remark.id} — {v.verdict}.** \"{v.remark.text}\" {v.detail}." + (f" Reading: {v.reading}." if v.reading else "")
                     for v in r.findings]))
    for rd in r.readings:
        b.append(("p", f"Misprint check ({rd['reading']}): with each card outside the four hands in place of the doubtful "
                       f"{rd['doubtful']}, the verdicts are {'unchanged' if rd['stable'] else 'NOT unchanged'} "
                       f"({', '.join(f'{k}: {v}' for k, v in rd['by_substitute'].items())})."))
    if r.table is not None:
        t = r.table
        u = t.unconstrained
        b.append(("h3", "From the table (a secondary test, in net points per world)"))
        items = [
            f"{SEATS[t.player]} at the coup: {card_text(t.coup)} (coup) against {card_text(t.natural)} (natural play); "
            f"{t.worlds} worlds, acceptance of the calls {t.worlds / t.draws:.1%} of {t.draws} candidates "
            f"({'; '.join(t.calls_used) or 'no call constrains the worlds'}).",
            f"With the calls: the coup gains in {t.share_gain:.0%}, loses in {t.share_loss:.0%}, ties in {t.share_tie:.0%}; "
            f"mean gain {t.gain:+.3f} points (95% CI {t.lo:+.3f} to {t.hi:+.3f}): {table_word(t)}.",
            f"From the cards alone: gains {u['share_gain']:.0%}, loses {u['share_loss']:.0%}, ties {u['share_tie']:.0%}; "
            f"mean {u['mean_gain_points']:+.3f} (95% CI {u['ci95'][0]:+.3f} to {u['ci95'][1]:+.3f}).",
            book_text(t.book)[0].upper() + book_text(t.book)[1:] + ".",
        ]
        for h in t.holdings:
            items.append(f"{h['claim']}: {h['seat']} holds exactly {' '.join(h['trumps'])} as trumps in "
                         f"{h['share_cards_only']:.0%} of the worlds from the cards alone, {h['share_with_calls']:.0%} "
                         f"with the calls, and {h['share_with_calls_and_inferences']:.0%} of the {h['worlds_kept_by_inferences']} "
                         f"worlds left when also {'; '.join(h['inferences'])}.")
        for ch in t.choices:
            items.append(f"{ch['claim']}: with {'; '.join(ch['calls'])}, {ch['better']} rather than {ch['worse']} gains "
                         f"{ch['mean_gain_points']:+.3f} points (95% CI {ch['ci95'][0]:+.3f} to {ch['ci95'][1]:+.3f}); "
                         f"gains in {ch['share_gain']:.0%}, loses in {ch['share_loss']:.0%} of {ch['worlds']} worlds "
                         f"(acceptance {ch['acceptance']:.1%}).")
        b.append(("ul", items))
    b.append(("h3", "Notes on the text"))
    b.append(("ul", list(c.notes)))
    return b


def conclusions(results: list[CaseResult]) -> list[str]:
    """Which remarks hold, which do not, what the table-side view changed."""
    by: dict[str, list[str]] = {}
    for r in results:
        for v in r.findings:
            by.setdefault(v.verdict, []).append(v.remark.id)
    out = [f"{k.capitalize()}: {', '.join(ids)}." for k, ids in sorted(by.items())]
    errs = [f"{r.case.id} trick {i['trick']} {i['seat']} ({i['book']}; better {' '.join(i['better'])}, {i['gain_points']:+d} for {i['side']})"
            for r in results for i in r.improvements()]
    if errs:
        out.append("Double-dummy finds better cards than the book's line at: " + "; ".join(errs) + ".")
    for r in results:
        t = r.table
        dd = next((s for s in r.steps if s.coup), None)
        if t is None or dd is None:
            continue
        side = side_of(t.player)
        dd_gain = dd.values[t.coup].net(side) - dd.values[t.natural].net(side)
        out.append(f"{r.case.id}: on the printed deal the coup gains {dd_gain:+d} points double-dummy over {card_text(t.natural)}; "
                   f"from {SEATS[t.player]}'s seat it gains {t.gain:+.3f} on average ({t.lo:+.3f} to {t.hi:+.3f}) — {table_word(t)}; "
                   f"from the cards alone, without the calls, {t.unconstrained['mean_gain_points']:+.3f} "
                   f"({t.unconstrained['ci95'][0]:+.3f} to {t.unconstrained['ci95'][1]:+.3f}).")
    return out


def _markdown(kind: str, content) -> str:
    if kind in ("h1", "h2", "h3"):
        return "#" * int(kind[1]) + " " + content
    if kind == "fold":
        return "## " + content
    if kind == "pre":
        return "```\n" + content + "\n```"
    if kind == "ul":
        return "\n".join(f"- {x}" for x in content)
    if kind == "table":
        head, *rows = content
        return md_grid(head, rows)
    return content


def _html(kind: str, content) -> str:
    if kind in ("h1", "h2", "h3"):
        return f"<{kind}>{html.escape(content)}</{kind}>"
    if kind == "pre":
        return f"<pre>{html.escape(content)}</pre>"
    if kind == "table":
        head, *rows = content
        return html_grid(head, rows, "text")
    return md_to_html(_markdown(kind, content))


FIGURE_CAPTION = (
    "A row per case. Left, each of the book's remarks on it, numbered as in the tables below, by its verdict. "
    "Right, the coup card weighed from the seat of the player who made it: the mean net points it gains over the "
    "natural play across the worlds he could believe in, with its 95% interval; the dot with the calls read as the "
    "report reads them (its colour says whether the interval clears 0), the hollow diamond from the cards alone. "
    "The figure's data: verdicts.json, beside this page.")


def _split(blocks: list[tuple]) -> tuple[str, str, list[tuple]]:
    """The title, the headline and the rest of the blocks (see :func:`report_blocks`)."""
    (_, title), (_, head), *rest = blocks
    return title, head, rest


def markdown_body(blocks: list[tuple]) -> str:
    """The blocks after the title and the headline as Markdown."""
    return "\n\n".join(_markdown(kind, content) for kind, content in _split(blocks)[2])


def html_body(blocks: list[tuple]) -> str:
    """The blocks after the title and the headline as HTML: those after a "fold" heading fold away under
    it, up to the next heading of its level."""
    body: list[str] = []
    fold: tuple[str, list[str]] | None = None
    for kind, content in _split(blocks)[2]:
        if kind in ("h2", "fold") and fold is not None:
            body.append(folded(fold[0], "\n".join(fold[1])))
            fold = None
        if kind == "fold":
            fold = (content, [])
        else:
            (fold[1] if fold is not None else body).append(_html(kind, content))
    if fold is not None:
        body.append(folded(fold[0], "\n".join(fold[1])))
    return "\n".join(body)


def verdicts_record(results: list[CaseResult], n_worlds: int, seed: int, solver: str) -> dict:
    """The verdicts of the report, machine-readable: each case's remarks with their verdicts, and
    its table-side view with the report's word for it (read by :mod:`analysis.reporting.ledger`)."""
    cases = []
    for r in results:
        table = None if r.table is None else {**r.table.as_dict(), "word": table_word(r.table)}
        cases.append({"id": r.case.id, "case": r.case.number, "title": r.case.title,
                      "claims": [v.as_dict() for v in r.findings], "table_side": table})
    return {"worlds": n_worlds, "seed": seed, "solver": solver, "cases": cases}


def write_report(results: list[CaseResult], n_worlds: int, seed: int, solver: str,
                 directory: str | Path | None = None) -> list[Path]:
    """Write the verdicts of the cases analysed (``verdicts.json``), their figure (``coups.png``),
    ``report.md`` and ``report.html`` (whole files or none) in ``directory`` (default ``reports/coups``);
    returns the two reports' paths."""
    directory = Path(directory) if directory else REPORT_DIR
    record = verdicts_record(results, n_worlds, seed, solver)
    write_json(directory / "verdicts.json", record)
    return _write_pages(results, record, directory)


def _write_pages(results: list[CaseResult], record: dict, directory: Path) -> list[Path]:
    from analysis.tools.coups.figure import FILE, draw_figure

    draw_figure(record, directory)
    blocks = report_blocks(results, record["worlds"], record["seed"], record["solver"])
    title, head, _ = _split(blocks)
    paths = write_page(directory, title, head, Chart(FILE, FIGURE_CAPTION), markdown_body(blocks), html_body(blocks))
    return [paths["md"], paths["html"]]


def results_from_record(record: dict) -> list[CaseResult]:
    """The cases' results as the report shows them, from their verdicts (``verdicts.json``) without
    sampling a world: the remarks' verdicts and the table-side views as saved; the book's line replayed
    on the printed deal (exact double-dummy values, a fraction of a second), which the record does not keep."""
    from analysis.play import get_solver
    from analysis.tools.coups.cases import load_cases
    from analysis.tools.coups.table import TableView
    from analysis.tools.coups.valuation import Finding, check_remarks_under_readings, line_result, replay

    solver = get_solver(record["solver"])
    by_id = {c.id: c for c in load_cases()}
    results = []
    for saved in record["cases"]:
        case = by_id[saved["id"]]
        remarks = {r.id: r for r in case.remarks}
        findings = [Finding(remarks[f["id"]], f["verdict"], f["detail"], f.get("reading", ""), f.get("values", {}))
                    for f in saved["claims"]]
        view = None if saved["table_side"] is None else TableView.from_dict(saved["table_side"])
        final, complete = line_result(case, solver)
        results.append(CaseResult(case, replay(case, solver), final, complete, findings,
                                  check_remarks_under_readings(case, solver), view))
    return results


def redraw_report(directory: str | Path | None = None) -> list[Path]:
    """The coups' page drawn again from their ``verdicts.json`` in ``directory`` (default ``reports/coups``),
    without sampling a world: ``coups.png``, ``report.md`` and ``report.html`` are written, the verdicts
    left as they are."""
    import json

    directory = Path(directory) if directory else REPORT_DIR
    record = json.loads((directory / "verdicts.json").read_text(encoding="utf-8"))
    return _write_pages(results_from_record(record), record, directory)

"""Reports of a study: a tidy results table, the verdicts, Markdown and one HTML page.

A study renders its results into a :class:`StudyReport` (question, method, table, charts,
verdicts); :func:`write_report` writes to the study's folder

- ``results.parquet`` (or ``results.csv`` without pyarrow): the tidy results table;
- ``verdicts.csv``: one row per claim;
- ``report.md`` and ``report.html`` (the charts are the PNG files beside them, linked: the folder travels
  whole, and the page stays a small text file);
- ``summary.json``: title and headline, read by :func:`write_index` for ``reports/index.html``.

Every file is written to a temporary name and renamed into place. The Markdown and HTML come
from :mod:`analysis.reporting.markup`, as every page of the project does.

The command-line tools' pages (comparisons, the ladder, call cards, the coups) are pages of the same
site: :func:`write_page` opens them as a study's report (the links to the index, the title, the
headline, the main figure) in the same style, the tool giving the rest.
"""
from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from analysis.play.engines import play_words
from analysis.play.registry import DEFAULT_ENGINE, engine_entry
from analysis.experiment.stats import VERDICT_RULE, VERDICTS, Verdict
from analysis.storage import write_atomic, write_json, write_table, write_text
from analysis.reporting.ledger import build_ledger, counts_html, deciding_note, model_cell, write_ledger
from analysis.reporting.markup import (INDEX_STYLE, PAGE_END, STUDY_STYLE, TOOL_STYLE, html_table, inline, listed,
                                       md_table, md_to_html, page_head)

TABLE_SIDE = (
    "The card play of this run is **at the table**, whatever the method says of double-dummy play: every player "
    "sees only his own cards. {how} The estimates measure what the cards are worth among such players, not "
    "under best play."
)


def play_note(manifest: dict) -> str:
    """What the run's play engine can and cannot see (a manifest without ``play``: double-dummy), in
    its entry's sentence (:mod:`analysis.play.registry`)."""
    play = manifest.get("play") or {"engine": DEFAULT_ENGINE}
    entry = engine_entry(play["engine"])
    if entry.solver:
        return entry.sentence
    return TABLE_SIDE.format(how=entry.sentence.format(worlds=play.get("worlds")))


@dataclass
class Chart:
    file: str          # PNG file name inside the study folder
    caption: str


@dataclass
class StudyReport:
    name: str
    title: str
    question: str                      # Markdown: the book's sentences, quoted
    method: str                        # Markdown
    table: pd.DataFrame                # the results shown in the report (a readable subset)
    table_caption: str = ""
    charts: list[Chart] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    headline: str = ""
    sections: list[tuple[str, str]] = field(default_factory=list)   # (heading, Markdown)
    play_note: str | None = None       # what the play engine can and cannot see; None: the run's (play_note)

    def __str__(self) -> str:
        parts = [self.title, self.headline] if self.headline else [self.title]
        if self.verdicts:
            parts.append(md_table(verdict_frame(self.verdicts)))
        return "\n\n".join(parts) + "\n"

    def to_json(self) -> dict:
        return {"name": self.name, "title": self.title, "headline": self.headline,
                "verdicts": [v.row() for v in self.verdicts]}

    def _repr_html_(self) -> str:
        return md_to_html(str(self))


# --- the words of a report ------------------------------------------------------------------

PIMC_SEES = (
    "PIMC draws worlds consistent with what the player saw and solves each double-dummy: it assumes it could play "
    "differently in worlds it cannot tell apart (strategy fusion) and values a card for the present trick's worlds "
    "only, not for what the others will infer from it (non-locality); it is a strong player, not a perfect one.")
THREE_WAYS = ("The card play is played **three ways**: double-dummy (every card seen{seen}), PIMC and the book's rules "
              "(each player sees only his own cards). " + PIMC_SEES)


def verdict_words(v: Verdict | None) -> str:
    """A verdict as a report's table cell says it: "supported (material)"; "" for none."""
    return "" if v is None else v.verdict + (" (material)" if v.material else "")


def changed_verdicts(table_side: list[Verdict], double_dummy: dict) -> list[str]:
    """The table-side verdicts that differ from the double-dummy verdict of the same test (``double_dummy``
    keyed by the test's key without its last part, ".pimc"), each as "key: X double-dummy, Y at the table"."""
    out = []
    for v in table_side:
        key = v.claim.key.rsplit(".", 1)[0]
        w = double_dummy.get(key)
        if w is not None and (w.verdict, w.material) != (v.verdict, v.material):
            out.append(f"{key}: {verdict_words(w)} double-dummy, {verdict_words(v)} at the table "
                       f"({w.estimate.mean:+.3f} -> {v.estimate.mean:+.3f})")
    return out


def claim_by_claim(verdict_list: list[Verdict], lead: str) -> str:
    """A headline: ``lead``, then claim by claim (in the verdicts' order) each test's label without
    its claim id, its estimate and its verdict."""
    parts = []
    for claim in dict.fromkeys(v.claim.id for v in verdict_list):
        words = "; ".join(f"{v.claim.label.split(' ', 1)[1]} {v.estimate.mean:+.3f} ({v.verdict})"
                          for v in verdict_list if v.claim.id == claim)
        parts.append(f"{claim}: {words}")
    return lead + ". ".join(parts) + "."


def table_side_headline(table_side: list[Verdict], double_dummy: dict, noun: str, nouns: str) -> str:
    """A headline naming the verdicts that change when every player plays by PIMC (see
    :func:`changed_verdicts`), or saying that none does."""
    if not table_side:
        return f"No {noun} was measured."
    changed = changed_verdicts(table_side, double_dummy)
    if not changed:
        return (f"Every {noun} keeps its double-dummy verdict when all four players play by PIMC instead "
                f"({len(table_side)} {nouns}, the same deals).")
    return "Verdicts that change with table-side (PIMC) play: " + "; ".join(changed) + "."


# A headline a person reads at a glance: at most two sentences and 60 words; the figures in full go
# into a section of the report (folded on the HTML page).
HEADLINE_WORDS = 60
HEADLINE_SENTENCES = 2
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(*])")


def sentences(text: str) -> list[str]:
    """The sentences of a headline: split where ". ", "! " or "? " is followed by a capital, a
    figure, a quote or a bracket (a decimal point is followed by a digit, not a space)."""
    text = " ".join(text.split())
    return [s for s in _SENTENCE_END.split(text) if s] if text else []


def headline_problem(text: str) -> str | None:
    """Why ``text`` is too long for a headline (words or sentences), or None when it is not."""
    words, count = len(text.split()), len(sentences(text))
    if words > HEADLINE_WORDS:
        return f"{words} words (at most {HEADLINE_WORDS})"
    if count > HEADLINE_SENTENCES:
        return f"{count} sentences (at most {HEADLINE_SENTENCES})"
    return None


def first_sentence(text: str) -> str:
    """A headline's first sentence (the index's line for a report)."""
    found = sentences(text)
    return found[0] if found else ""


def _claim_ids(verdict_list, verdict: str, most: int = 4) -> str:
    """The claims with ``verdict``, the furthest from zero first (in multiples of the margin)."""
    def distance(v) -> float:
        return abs(v.estimate.mean) / v.claim.margin if v.claim.margin > 0 else abs(v.estimate.mean)
    chosen = sorted((v for v in verdict_list if v.verdict == verdict), key=distance, reverse=True)
    ids = list(dict.fromkeys(v.claim.id for v in chosen))
    if not ids:
        return ""
    shown = ", ".join(ids[:most]) + (f" and {len(ids) - most} more" if len(ids) > most else "")
    return f" ({shown})"


def tally_sentence(verdict_list, setting: str = "") -> str:
    """One sentence counting a study's tests by verdict, naming the claims contradicted: "Of 35
    tests (at love-all, double-dummy), 27 support the book, 6 contradict it (S3, T4, D1), 1 is
    negligible and 1 is inconclusive." ``setting`` goes in the brackets."""
    counts = {k: sum(v.verdict == k for v in verdict_list) for k in VERDICTS}
    total = sum(counts.values())
    if not total:
        return "No claim was tested."
    words = {"supported": ("supports the book", "support the book"),
             "contradicted": ("contradicts it", "contradict it"),
             "negligible": ("is negligible", "are negligible"),
             "inconclusive": ("is inconclusive", "are inconclusive")}
    parts = []
    for k in VERDICTS:
        if counts[k]:
            said = words.get(k, (f"is {k}", f"are {k}"))[counts[k] != 1]
            parts.append(f"{counts[k]} {said}" + (_claim_ids(verdict_list, k) if k == "contradicted" else ""))
    what = "test" if total == 1 else "tests"
    return f"Of {total} {what}" + (f" ({setting})" if setting else "") + f", {listed(parts)}."


def interval(e, digits: int = 3, pct: bool = False) -> str:
    """An estimate as "mean [low, high]" (signed; percentages with ``pct``); "" for None."""
    if e is None:
        return ""
    if pct:
        return f"{e.mean:+.2%} [{e.low:+.2%}, {e.high:+.2%}]"
    return f"{e.mean:+.{digits}f} [{e.low:+.{digits}f}, {e.high:+.{digits}f}]"


_UNIT_WORDS = {"points per hand": "points", "probability of winning the game": "of a game",
               "expected net rubber points": "rubber points"}


def verdict_frame(verdicts: list[Verdict]) -> pd.DataFrame:
    """One row per test: the estimate oriented to the book's side with its 95% and simultaneous
    intervals, the model, the margin, the deals, the p-value adjusted within its family (Bonferroni),
    the verdict and whether it is material."""
    rows = []
    for v in verdicts:
        e = v.estimate
        digits = 4 if v.claim.margin < 0.05 else 3
        rows.append({
            "claim": v.claim.id,
            "tested as": v.claim.test,
            "estimate [95% CI]": f"{e.mean:+.{digits}f} [{e.low:+.{digits}f}, {e.high:+.{digits}f}]",
            "simultaneous interval": f"[{v.low:+.{digits}f}, {v.high:+.{digits}f}]",
            "model": model_cell(v.claim),
            "margin": f"±{v.claim.margin:g} {_UNIT_WORDS.get(v.claim.unit, v.claim.unit)}",
            "deals": int(e.n),
            "p (Bonferroni)": v.p_adjusted,
            "family": v.family,
            "verdict": v.verdict + (" (material)" if v.material else ""),
            "deals needed": "" if v.deals_needed is None else f"{v.deals_needed:,}",
        })
    return pd.DataFrame(rows)


def _quotes(verdicts: list[Verdict]) -> list[tuple[str, str]]:
    """Each claim's quote once, in order (a claim may be tested in several ways)."""
    seen: dict[str, str] = {}
    for v in verdicts:
        seen.setdefault(v.claim.id, v.claim.quote)
    return list(seen.items())


def verdict_counts(verdicts: list[Verdict]) -> dict[str, int]:
    return {k: sum(v.verdict == k for v in verdicts) for k in VERDICTS}


def _manifest_rows(manifest: dict) -> list[tuple[str, str]]:
    rules = manifest.get("rules", {})
    play = manifest.get("play")   # none: double-dummy, as every study's method says
    commit = str(manifest.get("git_commit") or "")
    dirty = [("provenance", f"made from uncommitted changes to {commit.removesuffix('-dirty')}")] \
        if commit.endswith("-dirty") else []
    return dirty + [
        ("deals", f"{manifest.get('deals', 0):,} ({manifest.get('deals_per_scenario', 0):,} per scenario, "
                  f"{len(manifest.get('scenarios', []))} scenarios)"),
        ("rules", ", ".join(f"{k} = {v}" for k, v in rules.items())),
        ("policies", str(manifest.get("policies", ""))),
        *([("play", play_words(play["engine"], play.get("worlds")))] if play else []),
        ("root seed / chunk size", f"{manifest.get('root_seed')} / {manifest.get('chunk_size'):,}"),
        ("euchrelab / git commit", f"{manifest.get('euchrelab_version')} / {manifest.get('git_commit')}"),
        ("workers / backend", f"{manifest.get('workers')} / {manifest.get('backend')}"),
        ("wall time", f"{manifest.get('wall_seconds', float('nan')):.1f} s "
                      f"({manifest.get('chunks_computed', 0)} chunks computed, {manifest.get('chunks_resumed', 0)} resumed)"),
        ("finished", str(manifest.get("finished", ""))),
    ]


# --- the report -----------------------------------------------------------------------------

def render_markdown(report: StudyReport, manifest: dict) -> str:
    """The report as Markdown: the headline and the main figure first, then the book's words, the
    method, the verdicts and the results, the other figures, the readings and the run."""
    main, *others = report.charts or [None]
    parts = _top_markdown(report.title, report.headline, main)
    parts += ["## The question", "", report.question.strip(), ""]
    parts += ["## Method", "", report.method.strip(), "", report.play_note or play_note(manifest), ""]
    if report.verdicts:
        parts += ["## Verdicts", "", md_table(verdict_frame(report.verdicts)), "", VERDICT_RULE, ""]
        for cid, quote in _quotes(report.verdicts):
            parts += [f"- **{cid}** — {quote}"]
        parts += [""]
    parts += ["## Results", ""]
    if report.table_caption:
        parts += [report.table_caption, ""]
    parts += [md_table(report.table), ""]
    for chart in others:
        parts += [f"![{chart.caption}]({chart.file})", "", f"*{chart.caption}*", ""]
    for heading, body in report.sections:
        parts += [f"## {heading}", "", body.strip(), ""]
    parts += ["## Run", ""]
    parts += [f"- {k}: {v}" for k, v in _manifest_rows(manifest)]
    parts += ["", "The full manifest is `manifest.json`; the tidy results table is "
              "`results.parquet` (or `results.csv`)."]
    return "\n".join(parts) + "\n"


def _top_markdown(title: str, headline: str, main: Chart | None) -> list[str]:
    """The lines a page opens with: its title, the headline and the main figure."""
    parts = [f"# {title}", ""]
    if headline:
        parts += [f"**Headline.** {headline}", ""]
    if main is not None:
        parts += [f"![{main.caption}]({main.file})", "", f"*{main.caption}*", ""]
    return parts


def figure_html(chart: Chart, out_dir) -> str:
    """A chart as a page's figure: the PNG file beside the page, linked, with its caption."""
    out_dir = Path(out_dir)
    if not (out_dir / chart.file).exists():
        raise FileNotFoundError(out_dir / chart.file)     # a report names only charts it has drawn
    return (f'<figure><img alt="{html.escape(chart.caption)}" src="{html.escape(chart.file)}">'
            f"<figcaption>{inline(chart.caption)}</figcaption></figure>")


def folded(heading: str, body: str, *, open_: bool = False) -> str:
    """A section of the page that folds away under its heading (``<details>``)."""
    return (f'<details{" open" if open_ else ""}><summary><h2>{html.escape(heading)}</h2></summary>'
            f"{body}</details>")


# Every page of the site links back to the index (and to the ledger of the claims).
NAV = ('<p class="nav"><a href="../index.html">All the reports</a> · '
       '<a href="../claims.html">The claims, one by one</a></p>')


def _top_html(title: str, headline: str, main: Chart | None, out_dir: Path, style: str = STUDY_STYLE) -> list[str]:
    """The opening of a page of the site: its head and style, the links to the index, the title, the
    headline in its box and the main figure."""
    start, head_title, style = page_head(html.escape(title), style)
    parts = [start + head_title, style, NAV, f"<h1>{html.escape(title)}</h1>"]
    if headline:
        parts.append(f'<p class="headline">{inline(headline)}</p>')
    if main is not None:
        parts.append(figure_html(main, out_dir))
    return parts


# A printed page shows what the screen folds away.
OPEN_TO_PRINT = ("<script>addEventListener('beforeprint', () => document.querySelectorAll('details')"
                 ".forEach(d => { d.open = true; }));</script>")


def render_html(report: StudyReport, manifest: dict, out_dir) -> str:
    """The report as one page, its charts the PNG files beside it, in the Markdown's order; the method, the readings and
    the run fold away (``<details>``), the headline, the main figure, the book's words and the tables
    stay open."""
    out_dir = Path(out_dir)
    main, *others = report.charts or [None]
    parts = _top_html(report.title, report.headline, main, out_dir)
    parts += ["<h2>The question</h2>", md_to_html(report.question)]
    parts.append(folded("Method", md_to_html(report.method) + md_to_html(report.play_note or play_note(manifest))))
    if report.verdicts:
        table = html_table(verdict_frame(report.verdicts), "verdicts")
        for word in VERDICTS:
            for text in (word, f"{word} (material)"):
                table = table.replace(f"<td>{text}</td>", f'<td class="{word}">{text}</td>')
        quotes = "".join(f"<li><strong>{html.escape(cid)}</strong> — {inline(quote)}</li>"
                         for cid, quote in _quotes(report.verdicts))
        parts += ["<h2>Verdicts</h2>", f'<div class="wide">{table}</div>', f'<p class="note">{inline(VERDICT_RULE)}</p>',
                  f"<ul>{quotes}</ul>"]
    parts.append("<h2>Results</h2>")
    if report.table_caption:
        parts.append(md_to_html(report.table_caption))
    parts.append(f'<div class="wide">{html_table(report.table, "results")}</div>')
    parts += [figure_html(chart, out_dir) for chart in others]
    parts += [folded(heading, md_to_html(body)) for heading, body in report.sections]
    run = ("<ul>" + "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in _manifest_rows(manifest))
           + "</ul><p class=\"note\">The full manifest is <code>manifest.json</code>; the tidy results table "
           "is <code>results.parquet</code> (or <code>results.csv</code>).</p>")
    parts += [folded("Run", run), OPEN_TO_PRINT, PAGE_END]
    return "\n".join(parts) + "\n"


def page_markdown(title: str, headline: str, main: Chart | None, body: str) -> str:
    """A page of the site that is not a study's (a command-line tool's report) as Markdown: it opens
    as a study's report does (title, headline, main figure), then ``body`` (Markdown)."""
    return "\n".join(_top_markdown(title, headline, main)) + "\n" + body.strip() + "\n"


def page_html(title: str, headline: str, main: Chart | None, body: str, out_dir) -> str:
    """The same page as HTML, in the studies' style with their links to the index; ``body`` is HTML
    (:func:`folded` for a section that folds away). The charts are the PNG files in ``out_dir``."""
    parts = _top_html(title, headline, main, Path(out_dir), TOOL_STYLE)
    return "\n".join(parts + [body, OPEN_TO_PRINT, PAGE_END]) + "\n"


def write_page(out_dir, title: str, headline: str, main: Chart | None, markdown: str, body_html: str) -> dict[str, Path]:
    """``report.md`` and ``report.html`` of a tool's page (:func:`page_markdown`, :func:`page_html`),
    each written whole or not at all."""
    out_dir = Path(out_dir)
    return {"md": write_text(out_dir / "report.md", page_markdown(title, headline, main, markdown)),
            "html": write_text(out_dir / "report.html", page_html(title, headline, main, body_html, out_dir))}


def write_report(report: StudyReport, table: pd.DataFrame, manifest: dict, out_dir) -> dict[str, Path]:
    """Writes the results table, verdicts, Markdown and HTML report and the summary of a study."""
    out_dir = Path(out_dir)
    paths = {"results": write_table(table, out_dir / "results.parquet")}
    if report.verdicts:
        rows = pd.DataFrame([v.row() for v in report.verdicts])
        # ten significant digits: the last bits of a sum vary with the machine's BLAS, and a
        # re-rendered run should write the same file
        paths["verdicts"] = write_atomic(out_dir / "verdicts.csv",
                                         lambda tmp: rows.to_csv(tmp, index=False, float_format="%.10g"))
    paths["markdown"] = write_text(out_dir / "report.md", render_markdown(report, manifest))
    paths["html"] = write_text(out_dir / "report.html", render_html(report, manifest, out_dir))
    paths["summary"] = write_json(out_dir / "summary.json", {
        "name": report.name, "title": report.title, "headline": report.headline,
        "verdicts": verdict_counts(report.verdicts), "deals": manifest.get("deals"),
    })
    return paths


# --- the index ------------------------------------------------------------------------------

def _summary_of(folder: Path) -> dict:
    summary_file = folder / "summary.json"
    if summary_file.exists():
        try:
            summary = json.loads(summary_file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            summary = None
        if isinstance(summary, dict):
            return summary
    # A report written by other tools: title from its first heading, headline from its first paragraph.
    title, headline = folder.name, ""
    md = folder / "report.md"
    if md.exists():
        lines = md.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if line.startswith("# "):
                title = line[2:].strip()
                rest = [x.strip() for x in lines[i + 1:]]
                para = []
                for x in rest:
                    if not x and para:
                        break
                    if x and not x.startswith(("#", "|", "!", "```")):
                        para.append(x)
                    elif x and para:
                        break
                headline = " ".join(para).removeprefix("**Headline.** ")   # a tool's page opens as a study's
                break
    return {"name": folder.name, "title": title, "headline": headline}


CLAIMS_CAPTION = (
    "Every claim of the book, a row each, grouped by part of the book; on its row every replication of its primary "
    "test (the one pre-registered test of the claim, repeated under each play engine, company and rubber state it "
    "names), at its estimate divided by the margin (what a difference must reach to matter), with its simultaneous "
    "interval. Right of zero the book's advice gains; inside the shaded band the difference does not matter. The "
    "shape is the play engine (circle double-dummy, triangle at the table); a hollow marker is the optimised "
    "company. The label gives the claim's status: robust when replications along two axes or more decide and "
    "agree, smaller than the margin when it is supported or contradicted by estimates all inside the margin, split "
    "when they disagree, not shown when none decides, untested when the primary is not built. The "
    "figure's data: [claims.csv](claims.csv).")


def _study_line(folder: Path, ledger=None) -> str:
    """A report's line on the index: its title linked, the first sentence of its headline, and its deals
    and verdicts in small type. With the ``ledger``: a study whose tests the ledger reads only as
    secondary says "Secondary tests"; one that holds primary replications says its own verdicts are
    judged within the study, and gives the ledger's verdicts of those replications
    (:func:`ledger_words`)."""
    s = _summary_of(folder)
    counts = s.get("verdicts") or {}
    counts = {k: n for k, n in counts.items() if isinstance(n, int) and n} if isinstance(counts, dict) else {}
    label, said = ledger_words(folder.name, ledger) if ledger is not None else ("", "")
    within = ", judged within the study" if label else ""
    tally = (f"all {sum(counts.values())} tests{within}: " + ", ".join(f"{n} {k}" for k, n in counts.items())
             if counts else "")
    deals = f"{s['deals']:,} deals" if isinstance(s.get("deals"), int) and s["deals"] else ""
    meta = "; ".join(x for x in (deals, tally) if x)
    name = html.escape(folder.name)
    title = str(s.get("title") or folder.name)
    headline = s.get("headline") if isinstance(s.get("headline"), str) else ""
    return (f'<li><a href="{name}/report.html"><strong>{html.escape(title)}</strong></a>'
            f'{"" if title.endswith(("?", "!", ".")) else "."} {html.escape(label)}{inline(first_sentence(headline))}'
            + (f" {html.escape(said)}" if said else "")
            + (f' <span class="note">({html.escape(meta)}; <a href="{name}/report.md">Markdown</a>)</span>'
               if meta else f' <span class="note">(<a href="{name}/report.md">Markdown</a>)</span>') + "</li>")


def ledger_words(study: str, ledger) -> tuple[str, str]:
    """How a study's line on the index stands to the ledger: (the words before its headline, the
    words after it). A study none of whose tests the ledger reads: nothing. One whose tests are all
    secondary: "Secondary tests: " before. One holding replications of primaries: "Judged within
    the study: " before, and after, those replications' verdicts by the primaries' rule, the
    claims named ("The ledger, by the primaries' rule, of its 2 primary replications: 1 contradicted
    (L5), 1 not deciding (L5).")."""
    reps = [(e.claim.id, r) for e in ledger.entries for r in e.standing.replications
            if r.run and r.source.partition("/")[0] == study]
    if not reps:
        tested = any(t.study == study for e in ledger.entries for t in e.tests) or \
            any(t.study == study for t in ledger.foreign)
        return ("Secondary tests: " if tested else "", "")
    groups: dict[str, list[str]] = {}
    for cid, r in reps:
        word = r.verdict if r.powered else "not deciding"
        groups.setdefault(word, [])
        if cid not in groups[word]:
            groups[word].append(cid)
    tally = Counter(r.verdict if r.powered else "not deciding" for _cid, r in reps)

    def named(ids: list[str]) -> str:
        shown = ", ".join(ids[:4]) + (f" and {len(ids) - 4} more" if len(ids) > 4 else "")
        return f" ({shown})"
    order = ("supported", "contradicted", "negligible", "not deciding")
    said = ", ".join(f"{tally[w]} {w}{named(groups[w])}" for w in order if tally[w])
    plural = "s" if len(reps) > 1 else ""
    return ("Judged within the study: ",
            f"The ledger, by the primaries' rule, of its {len(reps)} primary replication{plural}: {said}.")


def local_run_note(reports_dir, reference) -> str:
    """The index's first words for a folder of one's own runs: what was run (the deals a scenario,
    the dates, from the studies' manifests) and a link to the committed reference runs."""
    import os

    manifests = []
    for f in sorted(Path(reports_dir).iterdir()):
        try:
            manifests.append(json.loads((f / "manifest.json").read_text()))
        except (OSError, ValueError):
            continue
    deals = sorted({int(m.get("deals_per_scenario", 0)) for m in manifests})
    dates = sorted({str(m.get("finished") or m.get("started", ""))[:10] for m in manifests} - {""})

    def span(lo, hi):
        return lo if lo == hi else f"{lo} to {hi}"
    what = "no study yet"
    if manifests:
        what = (f"{len(manifests)} {'study' if len(manifests) == 1 else 'studies'}, "
                f"{span(f'{deals[0]:,}', f'{deals[-1]:,}')} deals a scenario")
        what += f", run {span(dates[0], dates[-1])}" if dates else ""
    link = Path(os.path.relpath(Path(reference) / "index.html", Path(reports_dir).resolve())).as_posix()
    return (f'<p class="local-run"><strong>A local run</strong> ({what}), not the reference: its figures rest on '
            f'these runs alone. The committed reference runs, larger: <a href="{html.escape(link)}">{html.escape(link)}</a>.</p>')


def write_index(reports_dir, reference=None) -> Path:
    """``reports/index.html``: first the figure of every claim (:mod:`analysis.reporting.overview`),
    then the ledger's counts of the claims by status per part of the book and the replications that
    do not decide (:func:`~analysis.reporting.ledger.deciding_note`), then one line per study folder
    with a report (its title, the first sentence of its headline, and how it stands to the ledger:
    :func:`ledger_words`). Writes beside it the figure's pages and its data (``claims_1.png``,
    ``claims_2.png``, ``claims.csv``) and the ledger
    (``claims.md``, ``claims.html``; :mod:`analysis.reporting.ledger`). ``reference``: the folder of
    the committed reference runs, when ``reports_dir`` is a local run's (its index says so first)."""
    from analysis.reporting.overview import write_overview   # matplotlib: only when the index is drawn

    reports_dir = Path(reports_dir)
    reports_dir.mkdir(parents=True, exist_ok=True)
    ledger = build_ledger(reports_dir)
    figures, _ = write_overview(ledger, reports_dir)
    write_ledger(ledger, reports_dir, figures=[f.name for f in figures])
    folders = sorted(p for p in reports_dir.iterdir() if p.is_dir() and (p / "report.html").exists())
    body = ('<ul class="studies">' + "\n".join(_study_line(f, ledger) for f in folders) + "</ul>" if folders
            else "<p>No study has been run yet: <code>make report</code>.</p>")
    claims = "".join(f'<figure class="claims"><img alt="the claims of the book with their tests, page {k}" '
                     f'src="{f.name}"></figure>' for k, f in enumerate(figures, 1))
    parts = [
        "".join(page_head("euchrelab reports", INDEX_STYLE)), "<h1>euchrelab: the book's advice, tested</h1>",
        "<p>Each study turns sentences of <em>The Laws of Euchre</em> (Leeds &amp; Dwight, 1888) into a Monte Carlo "
        "experiment on the same deals.</p>",
        "<h2>What did the book get right?</h2>", f'<p class="headline">{html.escape(ledger.headline())}</p>', claims,
        f'<p class="note">{inline(CLAIMS_CAPTION)}</p>',
        "<h2>The claims by status</h2><p>Every claim with its primary test, its replications and its secondary "
        "tests, and what the untested ones wait for: "
        '<a href="claims.html">the claims, one by one</a> (<a href="claims.md">Markdown</a>).</p>', counts_html(ledger),
        f'<p class="note">{html.escape(deciding_note(ledger))}</p>',
        "<h2>The studies</h2><p>The card play is double-dummy (every card seen: an approximation of play at the "
        "table) unless a report says otherwise; the studies whose names end in <em>_table</em> play at the table, "
        "where each player sees only his own cards.</p>", body, PAGE_END]
    if reference is not None:   # a local run says so first
        parts.insert(2, local_run_note(reports_dir, reference))
    page = "\n".join(parts) + "\n"
    return write_text(reports_dir / "index.html", page)

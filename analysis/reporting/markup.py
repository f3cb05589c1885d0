"""Markdown and HTML for every page the project writes: the studies' reports, the index, the
ledger of the book's claims, the coups and the comparisons.

- cells: :func:`fmt` (a value as a table shows it), :func:`md_table` and :func:`html_table`
  (a results frame), :func:`md_grid` and :func:`html_grid` (a table of text cells);
- text: :func:`inline` (one line of Markdown as HTML), :func:`md_to_html` (the small Markdown
  subset the reports write: paragraphs, lists, quotes, tables);
- pages: :func:`page_head` (the opening of a self-contained page) and :data:`PAGE_END`, and
  the style of each kind of page (a study's, the index, the ledger, a tool's).
"""
from __future__ import annotations

import html
import math
import re

import pandas as pd

from analysis.experiment.stats import CONTRADICTED, INCONCLUSIVE, NEGLIGIBLE, SUPPORTED
from analysis.reporting.palette import INK, NOT_RUN, badges_css, css_class

# --- cells ----------------------------------------------------------------------------------


def fmt(value, digits: int = 3) -> str:
    """A value as a table cell: thousands separated, ``digits`` decimals (tiny values in
    scientific notation), "–" for NaN, "" for None."""
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        if value != 0 and abs(value) < 10 ** -digits:
            return f"{value:.1e}"
        return f"{value:,.{digits}f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def listed(parts: list[str]) -> str:
    """Words joined as a sentence lists them: "a", "a and b", "a, b and c" ("" for none)."""
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def text_cells(frame: pd.DataFrame) -> tuple[list[str], list[list[str]]]:
    """A frame's header and rows as text (:func:`fmt`)."""
    rows = [[fmt(v.item() if hasattr(v, "item") else v) for v in record] for record in frame.itertuples(index=False)]
    return [str(c) for c in frame.columns], rows


def md_grid(head: list[str], rows: list[list[str]]) -> str:
    """A Markdown table of text cells (a "|" inside a cell escaped)."""
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def html_grid(head: list[str], rows: list[list[str]], css: str = "") -> str:
    """An HTML table of text cells, each cell's Markdown rendered (:func:`inline`)."""
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{css}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def md_table(frame: pd.DataFrame) -> str:
    return md_grid(*text_cells(frame))


def html_table(frame: pd.DataFrame, css: str = "") -> str:
    return html_grid(*text_cells(frame), css)


# --- text -----------------------------------------------------------------------------------

SAFE_SCHEMES = ("http:", "https:", "mailto:")


def inline(text: str) -> str:
    """The Markdown of one line as HTML, the text escaped first: `code` (its inside kept as written),
    **bold**, *italic*, [links](url) to the web or to a page beside (any other address stays text)."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]+`)", text)):
        if i % 2:
            out.append(f"<code>{html.escape(part[1:-1], quote=False)}</code>")
            continue
        part = html.escape(part, quote=False)
        part = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", part)
        part = re.sub(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])", r"<em>\1</em>", part)
        out.append(re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", _link, part))
    return "".join(out)


def _link(found: re.Match) -> str:
    """A Markdown link as HTML, or its text as written when its address is not one a page may follow
    (a ``javascript:`` address and the like)."""
    words, url = found.group(1), found.group(2)
    scheme = re.match(r"[a-zA-Z][\w+.-]*:", url)
    if scheme and scheme.group(0).lower() not in SAFE_SCHEMES:
        return found.group(0)
    return f'<a href="{url.replace(chr(34), "%22")}">{words}</a>'


def md_to_html(text: str) -> str:
    """The small Markdown subset the reports write: paragraphs, ``- `` lists, ``> `` quotes, tables."""
    blocks = re.split(r"\n\s*\n", text.strip())
    out = []
    for block in blocks:
        lines = block.splitlines()
        if all(line.startswith("- ") for line in lines):
            out.append("<ul>" + "".join(f"<li>{inline(line[2:])}</li>" for line in lines) + "</ul>")
        elif all(line.startswith("|") for line in lines) and len(lines) >= 2:
            out.append(_md_table_to_html(lines))
        elif all(line.startswith(">") for line in lines):
            quote = " ".join(line.lstrip(">").strip() for line in lines)
            out.append(f"<blockquote>{inline(quote)}</blockquote>")
        else:
            out.append(f"<p>{inline(' '.join(lines))}</p>")
    return "\n".join(out)


def _md_table_to_html(lines: list[str]) -> str:
    def cells(line):
        return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
    head = "".join(f"<th>{inline(c)}</th>" for c in cells(lines[0]))
    body = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in cells(line)) + "</tr>" for line in lines[2:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# --- pages ----------------------------------------------------------------------------------

PAGE_END = "</body></html>"


def page_head(title: str, style: str) -> list[str]:
    """The opening of a self-contained page up to its body, in three pieces (the doctype, the
    title, the style), for the page to lay out on its lines; ``title`` is HTML, ``style`` CSS."""
    return ['<!doctype html><html lang="en"><head><meta charset="utf-8">', f"<title>{title}</title>",
            f"<style>{style}</style></head><body>"]


# The verdicts' words in their colours (analysis.reporting.palette.INK: the charts' colours, darker where
# they are pale, so that text in them reads; blue and vermillion stay apart for colour-blind readers).
VERDICT_CSS = f"""
.supported{{color:{INK[SUPPORTED]};font-weight:bold}}.contradicted{{color:{INK[CONTRADICTED]};font-weight:bold}}
.inconclusive{{color:{INK[INCONCLUSIVE]}}}.negligible{{color:{INK[NEGLIGIBLE]};font-weight:bold}}
"""

# A chart wider than the text column spreads beyond it, up to the window's width less a margin (80rem
# at most), so that it shows at its own size on a 1280-pixel screen; its caption keeps to the column.
WIDE_FIGURES = """
figure{margin:1.2rem calc(50% - min(50vw - 1rem, 40rem))}figure img{display:block;margin:0 auto}
figcaption{max-width:60rem;margin:.3rem auto 0}
"""

PRINT_CSS = """
@media print{body{max-width:none;margin:0;font-size:10.5pt}figure,table,section{break-inside:avoid}
 .nav{display:none}a{color:inherit;text-decoration:none}figure{margin:1rem 0}
 figure img{max-height:9.6in;width:auto}}
"""

STUDY_STYLE = """
body{font-family:Georgia,serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.45}
h1{font-size:1.7rem;margin-bottom:.6rem}h2{font-size:1.25rem;border-bottom:1px solid #ccc;margin-top:2rem}
a{color:#1f4e8c}.nav{font-family:system-ui,sans-serif;font-size:.85rem}
.headline{font-size:1.12rem;border-left:4px solid #0072B2;padding:.2rem .9rem;margin:1rem 0 1.2rem;background:#f5f8fb}
details{margin-top:1.4rem}summary{cursor:pointer}summary h2{display:inline;border:none;margin:0}
details[open] summary{border-bottom:1px solid #ccc;margin-bottom:.6rem}
table{border-collapse:collapse;font-family:system-ui,sans-serif;font-size:.8rem;margin:.6rem 0}
th,td{border:1px solid #ddd;padding:.2rem .45rem;text-align:right}th{background:#f3f3f3}
td:first-child,th:first-child{text-align:left}table.verdicts td:nth-child(2){text-align:left}
.wide{overflow-x:auto}
blockquote{border-left:3px solid #999;margin:.6rem 0;padding:.1rem .8rem;color:#444;font-style:italic}
figure{margin:1rem 0}figcaption{font-size:.85rem;color:#555}img{max-width:100%}
.note{font-size:.85rem;color:#555}
""" + VERDICT_CSS + WIDE_FIGURES + PRINT_CSS

INDEX_STYLE = STUDY_STYLE + """
ul.studies{padding-left:1.1rem}ul.studies li{margin:.55rem 0}table.counts tr:last-child td{font-weight:bold}
figure.claims img{display:block;margin:0 auto}
p.local-run{border:2px solid #E69F00;background:#fff7e6;padding:.6rem .8rem}
"""

# The ledger: the studies' style, and its own: a claim's heading with its status's badge, the tests'
# tables set to the top, a claim's secondary tests folded away.
LEDGER_STYLE = STUDY_STYLE + """
h3{font-size:1.05rem;margin:1.6rem 0 .3rem}
th,td{vertical-align:top}td.test,th.test{text-align:left}table.counts tr:last-child td{font-weight:bold}
td.test small{display:block;color:#666;max-width:26rem}
.summary,.primary{margin:.3rem 0}.waits{margin:.3rem 0;color:#555}.primary{font-size:.92rem}
.status{font-family:system-ui,sans-serif;font-size:.75rem;font-weight:bold;padding:.1rem .5rem;border-radius:.7rem;
  margin-left:.5rem;vertical-align:middle;color:#fff;background:#888}
""" + badges_css(".status.") + f"""
td.{css_class(NOT_RUN)}{{color:{INK[NOT_RUN]}}}
details{{margin:.4rem 0}}details[open] summary{{border:none;margin:0}}
summary{{font-family:system-ui,sans-serif;font-size:.85rem;color:#444}}
"""

# The pages of the command-line tools (comparisons, the ladder, call cards, the coups) are in the studies'
# style, with room for preformatted text (the coups' deals) and tables of words, set left.
TOOL_STYLE = STUDY_STYLE + """
pre{background:#f6f4ee;padding:.6em;overflow-x:auto;font-size:.85em}
table.text td,table.text th{text-align:left;vertical-align:top}
"""

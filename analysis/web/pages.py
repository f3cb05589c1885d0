"""The workbench's pages, written on the server as plain HTML: a hand, a position, a heuristic, the charts, the book.

Each page only shows what the library returned (the same JSON the API gives); a page's address
holds every parameter of what it shows, so the same address shows the same numbers.
"""
from __future__ import annotations

import json
from html import escape
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlencode

from analysis.game import SEAT_LABELS, SEAT_LEGEND, SEAT_NAMES, SEATS, SIDE_NAMES, Rules
from analysis.experiment.stats import PRIMARY_RULE
from analysis.play.registry import ENGINES
from analysis.reporting.claim_figure import claim_svg
from analysis.reporting.ledger import estimate_text, model_cell
from analysis.reporting.markup import inline
from analysis.reporting.primary_status import cell_words
from analysis.limits import setting
from analysis.tools.advise import ADVICE_WORLDS, reached_words
from analysis.web.reading import COMPARE_PARAMS, KINDS, in_field_words

HAND_DEFAULTS = {"seat": "D", "hand": "JH AH 9H AS KC", "turn_up": "TH", "score": "2-3", "calls": "", "round": "",
                 "pack": "", "game": "", "stick_the_dealer": "", "play": "dd", "worlds": str(ADVICE_WORLDS), "seed": "0"}
# An address that leaves a field out means the command line's default: the form shows it blank.
HAND_BLANK = {k: "" for k in HAND_DEFAULTS}
SEAT_WORDS = {s: name.split(", ", 1)[1] for s, name in zip(SEATS, SEAT_NAMES)}    # "A": "the dealer"
# Where a seat is chosen: each letter with its role, "C (dealer's partner)".
SEAT_OPTIONS = list(zip(SEATS, SEAT_LABELS))
STATUS_ORDER = ("supported", "contradicted", "negligible", "split", "not shown", "untested")
COMPARE_DEALS = setting("compare", "deals")
# Where a page starts from fewer deals or worlds than the command line, it says so and why.
_CARD, _CHART = setting("card", "deals"), setting("chart", "deals")
DEALS_HINT = (f"a card: a band and side ({_CARD.page_default:,} here, {_CARD.default:,} at the command line); a "
              f"chart: a seat and round ({_CHART.page_default:,}; {_CHART.default:,}). Fewer, to answer soon")
POSITION_WORLDS_HINT = f"at the table ({setting('solve', 'worlds').web_why})"


def e(x) -> str:
    return escape("" if x is None else str(x))


def layout(title: str, body: str, here: str = "") -> str:
    nav = "".join(f'<a href="{href}"{" class=here" if href == here else ""}>{name}</a>'
                  for href, name in (("/hand", "A hand"), ("/position", "A position"), ("/heuristic", "A heuristic"),
                                     ("/charts", "Charts"), ("/book", "The book")))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)} · euchrelab</title><link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg"><script src="/static/app.js" defer></script></head>
<body><header><a class="brand" href="/">euchrelab</a><nav>{nav}</nav></header>
<main>{body}</main>
<footer>euchrelab: the advice of <i>The Laws of Euchre</i> (1888) tested by Monte Carlo. Every number on these pages
is computed by the same code as the <code>euchrelab</code> command line.</footer></body></html>"""


def home() -> str:
    body = """<h1>The workbench</h1>
<div class="cards">
<a class="card" href="/hand"><h2>A hand</h2><p>Your seat, your five cards, the turn-up and the score: each action's
net points and chance to win the game, with 95% intervals; what the book does, and why.</p></a>
<a class="card" href="/heuristic"><h2>A heuristic</h2><p>Write a bidding policy in the TOML policy language, check it,
and compare it by duplicate deals against the book's or the optimised policy.</p></a>
<a class="card" href="/book"><h2>The book</h2><p>The book's 57 claims, each with its pre-registered test, its
replications and its status: what did the book get right?</p></a>
<a class="card" href="/position"><h2>A position</h2><p>A hand in play: the trumps, the four hands and the cards
played. Each card he may play, valued double-dummy and from what he can know.</p></a>
<a class="card" href="/charts"><h2>Charts</h2><p>Call cards and strategy charts of any policy, the book's, the
optimised, the modern ones or your own: the least hand it calls with, by seat and score band, beside the book's line.</p></a>
</div>"""
    return layout("The workbench", body)


def not_found(message: str, title: str = "Not found") -> str:
    return layout(title, f"<h1>{e(title)}</h1><p class=error>{e(message)}</p>")


def busy(retry_after: int, why: str = "every worker is running and the queue is full") -> str:
    return layout("Busy", f"<h1>The workbench is busy</h1><p class=error>{e(why[:1].upper() + why[1:])}. Try again "
                          f"in {retry_after} seconds (reload this page).</p>")


# --- a hand ------------------------------------------------------------------------------------

def field(name: str, label: str, control: str, errors: dict, hint: str = "") -> str:
    error = errors.get(name)
    return (f'<div class="field{" bad" if error else ""}"><label for="{name}">{label}</label>{control}'
            + (f'<span class="hint">{hint}</span>' if hint and not error else "")
            + (f'<span class="error" id="{name}-error">{e(error)}</span>' if error else "") + "</div>")


def text_input(name: str, value, size: int = 8, placeholder: str = "") -> str:
    return (f'<input id="{name}" name="{name}" value="{e(value)}" size="{size}" autocomplete="off" spellcheck="false"'
            + (f' placeholder="{e(placeholder)}"' if placeholder else "") + ">")


def select(name: str, value, options) -> str:
    if value and str(value) not in {str(v) for v, _ in options}:    # a bad value from the address shown as given
        options = [(value, value), *options]
    opts = "".join(f'<option value="{e(v)}"{" selected" if str(v) == str(value) else ""}>{e(text)}</option>'
                   for v, text in options)
    return f'<select id="{name}" name="{name}">{opts}</select>'


def other_actions(spot) -> dict:
    """Beside the advice: the spot in words and the optimised policy's action there (the packaged
    policy made for the spot's rules, if there is one)."""
    from analysis.bidding.policies import optimised_for, policy_from_name
    from analysis.tools.advise import policy_action, spot_line

    name = optimised_for(spot.rules)
    return {"spot": spot_line(spot),
            "optimised": None if name is None else (name, policy_action(spot, policy_from_name(name)))}


def interval(x: dict | None, percent: bool = False, signed: bool = True) -> str:
    if x is None:
        return ""
    lo, hi = x["ci"]
    if percent:
        f = (lambda v: f"{100 * v:+.2f}") if signed else (lambda v: f"{100 * v:.1f}%")
    else:
        f = lambda v: f"{v:+.3f}"   # noqa: E731
    if x["estimate"] is None:
        return "–"
    if lo is None or hi is None:      # one deal: no interval
        return f(x["estimate"])
    return f'{f(x["estimate"])} <span class="ci">[{f(lo)}, {f(hi)}]</span>'


def clear_best(advice: dict) -> tuple[bool, list[str]]:
    """Whether the best action's paired difference from every other action has an interval below
    zero; and the actions whose interval does not clear it."""
    key = "points" if advice["by"] == "points" else "game_win"
    close = [a["action"] for a in advice["actions"]
             if a["action"] != advice["best"] and a["vs_best"][key]["ci"][1] >= 0]
    return not close, close


def claim_links(ids: str) -> str:
    """The claims of the book's rules ("T4 L1"), each linked to its page."""
    if ids == "none":
        return ""
    links = " ".join(f'<a href="/book/{e(i)}">{e(i)}</a>' for i in ids.split())
    return f"(claim{'s' if ' ' in ids else ''} {links})"


def advice_html(advice: dict, extra: dict, params: dict) -> str:
    clear, close = clear_best(advice)
    book = advice["book"]
    optimised = extra.get("optimised")
    rows = []
    for a in advice["actions"]:
        marks = []
        if clear and a["action"] == advice["best"]:
            marks.append('<span class="mark best">best</span>')
        if a["action"] == book["action"]:
            marks.append('<span class="mark book">the book</span>')
        if optimised and a["action"] == optimised[1]:
            marks.append('<span class="mark opt">optimised</span>')
        vs = a["vs_best"]
        rows.append(f'<tr{" class=best" if clear and a["action"] == advice["best"] else ""}>'
                    f'<th scope=row>{e(a["action"])} {"".join(marks)}</th>'
                    f'<td class=num>{interval(a["points"])}</td>'
                    f'<td class=num>{interval(vs["points"]) or "<i>itself</i>"}</td>'
                    f'<td class=num>{interval(a["game_win"], True, False)}</td>'
                    f'<td class=num>{interval(vs["game_win"], True) or "<i>itself</i>"}</td></tr>')
    unit = "net points per hand" if advice["by"] == "points" else "game-win chance"
    if clear:
        verdict = (f'<p class="verdict">Best by {unit}: <b>{e(advice["best"])}</b>, its interval clear of every other '
                   f'action\'s (paired differences, 95%).</p>')
    else:
        verdict = (f'<p class="verdict">No action is marked best: <b>{e(advice["best"])}</b> has the top estimate by '
                   f'{unit}, but its paired difference from {e(", ".join(close))} has a 95% interval that takes in 0. '
                   f'More worlds may separate them.</p>')
    if optimised:
        opt = f'<b>{e(optimised[1])}</b> (the optimised policy <code>{e(optimised[0])}</code>, made for these rules)'
    else:
        opt = "<i>none was made for these rules</i>"
    play = advice["play"]
    engine = play["engine"] + (f', {play["worlds"]} worlds a decision' if "worlds" in play else "")
    query = urlencode({k: v for k, v in params.items() if v != ""})
    reached = reached_words(advice["reached"], advice["worlds"])
    return f"""<section class="result" id="result">
<p class="spot">{e(extra.get("spot", ""))}</p>
<table class="advice"><thead><tr><th>action</th><th>net points per hand</th><th>vs {e(advice["best"])}</th>
<th>chance to win the game</th><th>vs {e(advice["best"])} (percentage points)</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table>
{verdict}
<dl class="facts">
<dt>The book</dt><dd><b>{e(book["action"])}</b> — {e(book["rules"])}
{claim_links(book["claim"])}</dd>
<dt>Optimised</dt><dd>{opt}</dd>
<dt>Worlds</dt><dd>{advice["worlds"]:,}, {reached} (the others' calls read by the {e(advice["model"])} model; acceptance
{100 * advice["acceptance"]:.1f}% of {advice["candidates"]:,} deals), seed {advice["seed"]}; after his action the
book's policy, the cards played by <code>{e(engine)}</code>; the game's chance from the book's game model
({e(advice["game_model"]["sample"])}), its error in the interval.</dd>
<dt>Time</dt><dd>{extra.get("seconds", 0):.1f} s</dd>
</dl>
<p class="links">This analysis: <a href="/hand?{e(query)}">its address</a> (the same address gives the same
numbers) · <a href="/api/advise?{e(query)}">its JSON</a>, as <code>euchrelab advise --json</code> prints it.</p>
</section>"""


def hand(params: dict, advice: dict | None = None, errors: dict | None = None, extra: dict | None = None) -> str:
    errors = errors or {}
    p = params
    engines = [(name, name) for name in ENGINES]
    form = f"""<form class="hand" method="get" action="/hand" id="hand-form">
<fieldset><legend>The player</legend>
{field("seat", "Seat", select("seat", p["seat"], [("", "")] * (not p["seat"]) + SEAT_OPTIONS), errors)}
{field("hand", "His five cards", text_input("hand", p["hand"], 18, "JS JC AS KS QS"), errors, "typed (rank and suit: 7 8 9 T J Q K A × S C H D) or clicked below")}
{field("turn_up", "Turn-up", text_input("turn_up", p["turn_up"], 4, "9S"), errors)}
{field("score", "Score", text_input("score", p["score"], 5, "0-0"), errors, "his side's points first")}
{field("calls", "Calls before him", text_input("calls", p["calls"], 28, "pass,pass"), errors, "from B, comma-separated; empty: all passed")}
{field("round", "Round", select("round", p["round"], [("", "from the calls"), ("1", "1"), ("2", "2")]), errors)}
</fieldset>
<fieldset><legend>The rules and the engine</legend>
{field("pack", "Pack", select("pack", p["pack"], [("", "32 cards (the book)"), ("24", "24 cards")]), errors)}
{field("game", "Game", text_input("game", p["game"], 4, "5"), errors, "points; empty: 5 (32 cards) or 10 (24)")}
{field("stick_the_dealer", "Stick the dealer", select("stick_the_dealer", p["stick_the_dealer"], [("", "no (law 77)"), ("true", "yes")]), errors)}
{field("play", "Card play", select("play", p["play"], engines), errors, "dd: double-dummy")}
{field("worlds", "Worlds", text_input("worlds", p["worlds"], 7, f"{ADVICE_WORLDS}"), errors)}
{field("seed", "Seed", text_input("seed", p["seed"], 6, "0"), errors)}
</fieldset>
<p class="submit"><button type="submit" id="advise">Advise</button><span class="working" hidden>computing…</span></p>
{f'<p class="error" id="form-error">{e(errors[""])}</p>' if errors.get("") else ""}
</form>"""
    result = advice_html(advice, extra or {}, params) if advice is not None else ""
    intro = ("<p class=lead>What should he do with this hand at this score? Every legal action is played on the same "
             "worlds (the hidden cards dealt consistently with what he knows), valued in net points per hand and in "
             "the chance to win the game.</p>")
    return layout("A hand", f"<h1>A hand</h1>{intro}{form}{result}", "/hand")


# --- the book ----------------------------------------------------------------------------------

def status_badge(status: str) -> str:
    return f'<span class="status s-{e(status.replace(" ", "-"))}">{e(status)}</span>'


def count(n) -> str:
    return "" if n is None else f"{n:,}"


def with_interval(estimate, ci, margin=None) -> str:
    """An estimate and its interval as the ledger prints them (:func:`estimate_text`), the interval muted."""
    text = estimate_text(estimate, ci, margin)
    value, bracket, rest = text.partition(" [")
    return e(value) + (f' <span class="ci">[{e(rest)}</span>' if bracket else "")


def anchor_html(c: dict) -> str:
    """The claim's one number: the replication that carries its status, in the primary's unit, where it
    was measured and its n (its own verdict too where that is not the status)."""
    p, a = c["primary"], c["primary"]["anchor"]
    unit = f'<span class="unit">{e(p["unit"])}</span>'
    where = e(a["cell"]) + ("" if a["n"] is None else f', n = {a["n"]:,}')
    if a["verdict"] != c["status"]:
        where += f"; this replication {status_badge(a['verdict'])}"
    return (f'<span class="num">{with_interval(a["estimate"], a["ci"], p["margin"])}</span> {unit}'
            f'<br><span class="muted where">{where}</span>')


def primary_cell(c: dict) -> str:
    a = c["primary"]["anchor"]
    if a is None:
        waits = c["primary"]["waits"]
        title = f' title="waits for {e(waits)}"' if waits else ""
        return f'<span class="muted"{title}>no run saved</span>'
    return anchor_html(c)


def replications_cell(c: dict) -> str:
    reps = c["primary"]["replications"]
    if not reps:
        return '<span class="muted">–</span>'
    dots = "".join(f'<span class="dot s-{e((r["verdict"] or "untested").replace(" ", "-"))}" '
                   f'title="{e(r["cell"])}: {e(r["verdict"])}"></span>' for r in reps)
    return f'{dots} <span class="muted">{len(reps)}</span>'


def book(claims: list[dict], headline: str, part: str, status: str, index: bool) -> str:
    parts = list(dict.fromkeys(c["part"] for c in claims))
    statuses = [s for s in STATUS_ORDER if any(c["status"] == s for c in claims)]
    shown = [c for c in claims if (not part or c["part"] == part) and (not status or c["status"] == status)]
    rows = "".join(f'<tr data-part="{e(c["part"])}" data-status="{e(c["status"])}" data-claim="{e(c["id"])}">'
                   f'<th scope=row><a href="/book/{e(c["id"])}">{e(c["id"])}</a></th><td>{e(c["part"])}</td>'
                   f'<td>{status_badge(c["status"])}{" <span class=muted>robust</span>" if c["robust"] else ""}</td>'
                   f'<td class="anchor">{primary_cell(c)}</td><td>{replications_cell(c)}</td>'
                   f'<td><div class=summary title="{e(c["summary"])}">{inline(c["summary"])}</div></td></tr>'
                   for c in shown)
    form = f"""<form class="filters" method="get" action="/book" id="book-filters">
{field("part", "Part of the book", select("part", part, [("", "every part")] + [(p, p) for p in parts]), {})}
{field("status", "Status", select("status", status, [("", "every status")] + [(s, s) for s in statuses]), {})}
<noscript><button type="submit">Filter</button></noscript></form>"""
    counts = " · ".join(f'{status_badge(s)} {sum(c["status"] == s for c in claims)}' for s in statuses)
    reports = ' The <a href="/reports/index.html">reports</a> hold every study behind them.' if index else ""
    body = f"""<h1>The book</h1>
<p class="lead">{e(headline)}{reports}</p>
<p class="counts">{counts}</p>
{form}
<p class="shown" id="shown">{len(shown)} of {len(claims)} claims</p>
<table class="claims"><thead><tr><th>claim</th><th>part</th><th>status</th>
<th>its number: estimate, simultaneous interval, of the replication that carries the status</th><th>replications</th>
<th>summary</th></tr></thead>
<tbody>{rows}</tbody></table>
<p class="muted">{inline(PRIMARY_RULE)}</p>"""
    return layout("The book", body, "/book")


def secondary_html(tests: list[dict]) -> str:
    """A claim's secondary tests, folded: each with its unit and its own study's verdict."""
    if not tests:
        return ""
    rows = "".join(
        f'<tr><td>{e(t["study"])}</td><td>{e(t["label"])}</td><td>{e(model_words(t))}</td>'
        f'<td class=num>{with_interval(t["estimate"], t["ci"], t["margin"]) if t["estimate"] is not None else ""}</td>'
        f'<td>{e(t["unit"] or "")}</td><td class=num>{count(t["n"])}</td><td>{status_badge(t["verdict"])}</td></tr>'
        for t in tests)
    return (f'<details class="secondary"><summary>The {len(tests)} secondary test{"s" * (len(tests) != 1)}, each in '
            f'its own unit and judged within its own study</summary><table class="reps"><thead><tr><th>study</th>'
            f'<th>secondary test</th><th>model</th><th>estimate, simultaneous interval</th><th>unit</th><th>n</th>'
            f'<th>its study\'s verdict</th></tr></thead><tbody>{rows}</tbody></table></details>')


def model_words(t: dict) -> str:
    """A secondary test's model in a few words, as the ledger's page words it."""
    m = t["model"]
    return model_cell(SimpleNamespace(engine=m["engine"], state=m["state"], company=m["company"],
                                      play=m["play_company"], permissive=t["permissive"]))


def claim(c: dict, reports: Path) -> str:
    from analysis.game import catalogue

    words = catalogue()[c["id"]]
    p = c["primary"]

    def source(r: dict) -> str:
        folder = (r.get("source") or "").split("/")[0]
        if folder and (reports / folder / "report.html").exists():
            return f'<a href="/reports/{e(folder)}/report.html">{e(r["source"])}</a>'
        return e(r.get("source") or "")

    anchor = (p["anchor"] or {}).get("source")
    plays = any(r["play_company"] for r in p["replications"])     # card play: the play company is an axis
    reps = "".join(f'<tr{" class=carries" if r["source"] and r["source"] == anchor else ""}>'
                   f'<td>{e(r["engine"])}</td><td>{e(r["company"])}</td><td>{e(r["state"] or "")}</td>'
                   + (f'<td>{e(cell_words("play company", r["play_company"]))}</td>' if plays else "") +
                   f'<td class=num>{with_interval(r["estimate"], r["ci"], p["margin"])}</td>'
                   f'<td class=num>{count(r["n"])}</td>'
                   f'<td>{status_badge(r["verdict"] or "untested")}</td><td>{e(r["judged_by"] or "")}</td>'
                   f'<td>{source(r)}</td></tr>' for r in p["replications"])
    facts = "".join(f"<dt>{name}</dt><dd>{inline(str(p[key]))}</dd>" for key, name in
                    (("test", "The test"), ("reading", "Reading"), ("hands", "Hands"), ("decision", "Decision"),
                     ("score", "Score"), ("unit", "Unit"), ("margin", "Margin"), ("judged", "Judged for"),
                     ("built_as", "Built as"), ("waits", "Waits for")) if p.get(key) not in (None, ""))
    secondary = c["secondary"]
    disagree = c.get("secondary_disagreeing") or []
    number = "" if p["anchor"] is None else f'<p class="answer">Its number: {anchor_html(c)}</p>'
    svg = claim_svg(c)
    figure_html = "" if not svg else (
        f'<h2>Its figure</h2><figure class="claim">{svg}<figcaption>Each replication of the primary test, with '
        "its verdict and numbers as the table below gives them; the claim's number is marked. A study's own "
        "report judges each test within that study's family of tests, and may word it otherwise.</figcaption></figure>")
    table = "" if not p["replications"] else (
        f'<table class="reps"><thead><tr><th>engine</th><th>company</th><th>state</th>'
        f'{"<th>play company</th>" if plays else ""}<th>estimate, simultaneous interval ({e(p["unit"])})</th>'
        f"<th>n</th><th>verdict</th><th>judged by</th><th>saved in</th></tr></thead><tbody>{reps}</tbody></table>")
    against = f"; against its status: {e(', '.join(disagree))}" if disagree else ""
    body = f"""<p class="crumbs"><a href="/book">The book</a> › {e(c["part"])}</p>
<h1>{e(c["id"])} {status_badge(c["status"])}</h1>
<blockquote class="quote">{e(words.text)}<footer>{e(words.section)}</footer></blockquote>
{f'<p class="muted">Read as: {inline(c["reading"])}</p>' if c["reading"] else ""}
<p class="lead">{inline(c["summary"])}</p>
{number}
{f'<p>{inline(c["note"])}</p>' if c["note"] else ""}
<h2>The primary test</h2><dl class="facts">{facts}</dl>
{figure_html}
<h2>Its replications</h2>
{table or '<p class="muted">None saved yet.</p>'}
<p class="muted">{inline(PRIMARY_RULE)}</p>
<h2>Secondary tests</h2><p>{len(secondary)} secondary test(s), which never move the claim's status{against}.</p>
{secondary_html(secondary)}"""
    return layout(f"Claim {c['id']}", body, "/book")


# --- a heuristic -------------------------------------------------------------------------------

EXAMPLE_POLICY = """# A bidding policy of the book's hand patterns: each seat calls with any pattern listed.
name = "three trumps"

[first_round]
B = ["three trumps", "right and another"]
C = ["three trumps"]
D = ["three trumps", "right and another"]
A = ["three trumps", "right and ace"]

[second_round]
B = ["three trumps"]
C = ["three trumps"]
D = ["three trumps"]
A = ["three trumps"]
"""


def heuristic() -> str:
    from analysis.bidding.policies import NAMED
    against = [(n, n) for n in NAMED] + [("", "another policy of yours (TOML)")]
    errors: dict = {}
    body = f"""<h1>A heuristic</h1>
<p class="lead">Write a bidding policy in the TOML policy language (the book's hand patterns by seat, or hand classes by
score band), check it, then compare it with another by duplicate deals: every deal played twice, the policies
swapping seats, at every score below game.</p>
<form id="policy-form" class="policy">
<div class="field" id="toml-field"><label for="a_toml">Your policy (TOML)</label>
<textarea id="a_toml" name="a_toml" rows="16" cols="80" spellcheck="false">{e(EXAMPLE_POLICY)}</textarea>
<span class="error" id="a_toml-error" hidden></span><span class="ok" id="a_toml-ok" hidden></span></div>
<p><label class="upload">Upload a .toml file <input type="file" id="upload" accept=".toml,text/plain"></label>
<button type="button" id="check">Check</button> <button type="button" id="download">Download the policy</button></p>
<fieldset><legend>Compare it</legend>
{field("b", "Against", select("b", "book", against), errors)}
{field("deals", "Deals at each score", text_input("deals", str(COMPARE_DEALS.page_default), 7), errors)}
{field("score", "Score", text_input("score", "0-0", 5), errors, "yours first")}
{field("play", "Card play", select("play", "dd", [(n, n) for n in ENGINES]), errors)}
{field("pack", "Pack", select("pack", "32", [("32", "32 cards (the book)"), ("24", "24 cards")]), errors)}
{field("game", "Game", text_input("game", "", 4, "5"), errors)}
{field("stick_the_dealer", "Stick the dealer", select("stick_the_dealer", "", [("", "no"), ("true", "yes")]), errors)}
{field("seed", "Seed", text_input("seed", "0", 6), errors)}
<div class="field whole" id="b_toml-field" hidden><label for="b_toml">The other policy (TOML)</label>
<textarea id="b_toml" name="b_toml" rows="10" cols="80" spellcheck="false"></textarea>
<span class="error" id="b_toml-error" hidden></span>
<label class="upload">Upload it <input type="file" id="b_upload" accept=".toml,text/plain"></label></div>
</fieldset>
<p class="submit"><button type="submit" id="compare">Compare</button></p>
<p class="error" id="form-error" hidden></p>
</form>"""
    return layout("A heuristic", body, "/heuristic")


def job(job: dict, text: str | None) -> str:
    params = job["params"]
    state = job["state"]
    done, total = job["progress"]["done"], job["progress"]["total"]
    share = 100 * done / total if total else 0
    from analysis.tools.compare import policy_labels

    result = ""
    if state == "done":
        r = job["result"]
        first, second = policy_labels(r["a"], r["b"])
        rubber = Rules(**r["rules"]).rubber
        rows = "".join(f'<tr><th scope=row>{e(name)}</th><td class=num>{interval(r[key])}</td></tr>'
                       for key, name in (("points_per_hand", f"points per hand at {r['score']}"),
                                         ("game_win", "chance of winning a game"),
                                         ("rubber_points", "rubber points" if rubber else "game points")))
        adds = [d["share"] * (d["points"]["estimate"] or 0) for d in r["by_decision"]]
        most = max((abs(x) for x in adds), default=0) or 1
        decisions = "".join(
            f'<tr><td title="{e(SEAT_WORDS[d["seat"]])}">{e(d["seat"])}</td>'
            f'<td>{e(d["decision"])}</td><td class=num>{100 * d["share"]:.1f}%</td>'
            f'<td class=num>{interval(d["points"])}</td><td class=num>{add:+.3f}</td><td class="chart">'
            f'<span class="bar" data-sign="{"+" if add >= 0 else "-"}" style="width:{50 * abs(add) / most:.1f}%"></span>'
            f'</td></tr>' for d, add in zip(r["by_decision"], adds))
        downloads = "".join(f' · <a href="/api/jobs/{e(job["id"])}/{side}-policy.toml">the policy '
                            f'{e(first if side == "a" else second)} (TOML)</a>' for side in job["uploaded"])
        side = "" if len(set(r["score"].split("-"))) == 1 else f" ({e(first)}'s side first)"
        result = f"""<h2>{e(first)} minus {e(second)}</h2>
<table class="compare"><thead><tr><th>measure</th><th>estimate, 95% interval</th></tr></thead><tbody>{rows}</tbody></table>
<h2>Where the biddings first differ</h2>
<p>On {100 * r["differ_share"]:.1f}% of the deals at {e(r["score"])}{side}, each counted under the first decision
where the two policies differ. What a decision adds to the points per hand is its share times its mean (the bar).
The seats: {e(SEAT_LEGEND)}.</p>
<table class="decisions"><thead><tr><th>seat</th><th>decision</th><th>share</th>
<th>points per deal ({e(first)} − {e(second)})</th>
<th>adds</th><th></th></tr></thead>
<tbody>{decisions or '<tr><td colspan=6>none: the two policies bid alike on every deal</td></tr>'}</tbody></table>
<p class="links">Download: <a href="/api/jobs/{e(job["id"])}/report.txt">the report</a> ·
<a href="/api/jobs/{e(job["id"])}/compare.json">its JSON</a>{downloads}</p>
<pre class="report">{e(text or "")}</pre>"""
    elif state == "failed":     # the library's words, a flag as the form's field ("try stick the dealer")
        result = f'<p class="error">{e(in_field_words(job["error"], COMPARE_PARAMS)[0])}</p>'
    a = params.get("a") or ("your policy" if "a" in job["uploaded"] else "")
    b = params.get("b") or ("your other policy" if "b" in job["uploaded"] else "")
    what = f"{a} against {b}; " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in params.items()
                                             if k not in ("a", "b"))
    body = f"""<h1>A comparison</h1>
<p class="lead">{e(what)}</p>
<div id="job" data-id="{e(job["id"])}" data-state="{e(state)}">
<p>State: <b id="state">{e(state)}</b>{f' (<span id="waiting">{job["waiting_before"]}</span> before it)' if job.get("waiting_before") else ""}
· <span id="seconds">{"" if job["seconds"] is None else f"{job['seconds']:.0f} s"}</span></p>
<progress id="progress" max="100" value="{share:.0f}">{share:.0f}%</progress>
<span id="chunks">{f"{done} of {total} chunks" if total else ""}</span>
{'<button type="button" id="cancel">Cancel</button>' if state in ("waiting", "running") else ""}
</div>
{result}
<p class="links">This page's address keeps the job: reload it at any time; the result is kept for an hour, and for ten
minutes once read.</p>"""
    return layout("A comparison", body, "/heuristic")


# --- the charts ----------------------------------------------------------------------------------

CHARTS_DEFAULTS = {"kind": "card", "policy": "optimised", "policy_toml": "", "against": "book", "seat": "B",
                   "score": "", "deals": str(setting("card", "deals").page_default), "seed": "1888", "cap": "", "pack": "", "game": "",
                   "stick_the_dealer": ""}
CHARTS_BLANK = {k: "" for k in CHARTS_DEFAULTS}
# The deals the form offers for each kind (the command line's defaults, 100,000 and 20,000, take minutes).
FORM_DEALS = {kind: str(setting(kind, "deals").page_default) for kind in ("card", "chart")}


def progress_box(job: dict, unit: str = "chunks") -> str:
    """A job waiting or running: its state, its progress bar and its cancel button; the page's
    script follows it and reloads the page when it ends."""
    done, total = job["progress"]["done"], job["progress"]["total"]
    share = 100 * done / total if total else 0
    waiting = job.get("waiting_before")
    return f"""<div id="job" data-id="{e(job["id"])}" data-state="{e(job["state"])}" data-unit="{e(unit)}">
<p>State: <b id="state">{e(job["state"])}</b>{f' (<span id="waiting">{waiting}</span> before it)' if waiting else ""}
· <span id="seconds">{"" if job["seconds"] is None else f"{job['seconds']:.0f} s"}</span></p>
<progress id="progress" max="100" value="{share:.0f}">{share:.0f}%</progress>
<span id="chunks">{f"{done:,} of {total:,} {unit}" if total else ""}</span>
{'<button type="button" id="cancel">Cancel</button>' if job["state"] in ("waiting", "running") else ""}
</div>"""


def page_caption(name: str) -> str:
    """A strategy chart's page in words, from its file's name (``chart_B_round2_4-2.png``)."""
    from analysis.game import SEAT_NAMES, SEATS as LETTERS
    from analysis.tools.strategy import PAGE_TITLES, read_page_key, score_words

    seat, rnd, (a, b) = read_page_key(name.removeprefix("chart_").removesuffix(".png"))
    return f"{SEAT_NAMES[LETTERS.index(seat)]}, at {score_words(a, b, seat)}: {PAGE_TITLES[rnd]}"


def charts_result(params: dict, job: dict, seat: str | None) -> str:
    """The drawn card or charts of a finished job, as images of the job's files."""
    r = job["result"]
    files = {url.rsplit("/", 1)[1]: url for url in r["files"]}
    here = {k: v for k, v in params.items() if v != ""}
    if params.get("kind", "card") == "card":
        tabs = " ".join(f'<a href="/charts?{e(urlencode({**here, "seat": s}))}"'
                        f'{" class=here" if s == seat else ""}>{e(label)}</a>'
                        for s, label in SEAT_OPTIONS)
        differ = "".join(f"<li>{e(line)}</li>" for line in r["differ"])
        body = f"""<p class="spot">{e(r["headline"])}</p>
<p class="tabs">The card of seat: {tabs}</p>
<figure class="page"><img src="{e(files[f"call_card_{seat}.png"])}" alt="The call card of seat {e(seat)}"
width="910" height="1286"></figure>
<h2>Where the two lines differ</h2><p class="muted">By seat and round: the band, then each policy's rung of the
ladder (1 the strongest).</p><ul class="differ">{differ}</ul>
<p class="links">Download: <a href="{e(files["call_card.pdf"])}">the four cards (PDF, a page a seat)</a> ·
<a href="{e(files["call_card.csv"])}">every rung's share with its 95% interval (CSV)</a></p>"""
    else:
        figures = "".join(f'<figure class="page" id="{e(name[:-4])}"><figcaption>{e(page_caption(name))}</figcaption>'
                          f'<img src="{e(files[name])}" alt="{e(page_caption(name))}" width="1240" height="1754">'
                          f'</figure>' for name in r["pages"])
        index = " · ".join(f'<a href="#{e(name[:-4])}">{e(page_caption(name))}</a>' for name in r["pages"])
        book = ""
        if params.get("policy") != "book":
            book = (f' · <a href="/charts?{e(urlencode({**{k: v for k, v in here.items() if k != "policy_toml"}, "policy": "book"}))}">the book\'s '
                    'charts with the same settings</a>')
        body = f"""<p class="spot">{e(r["verdicts"])}</p>
<p class="links">{index}</p>{figures}
<p class="links">Download: <a href="{e(files["chart.pdf"])}">every page (PDF)</a> ·
<a href="{e(files["chart.csv"])}">every action's value by hand class (CSV)</a>{book}</p>"""
    return body


def charts(params: dict, job: dict | None = None, errors: dict | None = None, seat: str | None = None) -> str:
    from analysis.bidding.policies import NAMED

    errors = errors or {}
    p = params
    kind = p["kind"] or "card"
    names = [(n, n) for n in NAMED]

    def only(which: str, html: str) -> str:     # a field of one kind: the script hides it under the other
        return html.replace('<div class="field', f'<div data-kind="{which}" class="field', 1)

    seats = SEAT_OPTIONS + [("all", "all (charts only)")]
    toml_open = " open" if p["policy_toml"] or errors.get("policy_toml") or p["policy"] == "" and p["kind"] else ""
    form = f"""<form class="hand" method="get" action="/charts" id="charts-form" data-deals="{e(json.dumps(FORM_DEALS))}">
<fieldset><legend>What</legend>
{field("kind", "Draw", select("kind", kind, [(k, w) for k, w in KINDS.items()]), errors)}
{field("policy", "Policy", select("policy", p["policy"], names + [("", "yours (the TOML below)")]), errors)}
{only("card", field("against", "Beside", select("against", p["against"] or "book", names), errors, "its line beside this one's"))}
{field("seat", "Seat", select("seat", p["seat"], [("", "")] * (not p["seat"]) + seats), errors, "a card: its page shown")}
{only("chart", field("score", "Score", text_input("score", p["score"], 5, "0-0"), errors, "A+C's points, then B+D's"))}
</fieldset>
<fieldset><legend>How much</legend>
{field("deals", "Deals", text_input("deals", p["deals"], 8), errors, DEALS_HINT)}
{field("seed", "Seed", text_input("seed", p["seed"], 6, "1888"), errors)}
{only("chart", field("cap", "Cap", text_input("cap", p["cap"], 4, "60"), errors, "hands of a class per 25,000 deals"))}
</fieldset>
<fieldset><legend>The rules</legend>
{field("pack", "Pack", select("pack", p["pack"], [("", "32 cards (the book)"), ("24", "24 cards")]), errors)}
{field("game", "Game", text_input("game", p["game"], 4, "5"), errors, "points; empty: 5 (32 cards) or 10 (24)")}
{field("stick_the_dealer", "Stick the dealer", select("stick_the_dealer", p["stick_the_dealer"], [("", "no (law 77)"), ("true", "yes")]), errors)}
</fieldset>
<details class="toml"{toml_open}><summary>Your policy (TOML), used when no policy is named</summary>
{field("policy_toml", "", f'<textarea id="policy_toml" name="policy_toml" rows="12" cols="80" spellcheck="false">{e(p["policy_toml"])}</textarea>', errors, "the language of the heuristic page; never a file")}
</details>
<p class="submit"><button type="submit" id="draw">Draw</button><span class="working" hidden>drawing…</span></p>
{f'<p class="error" id="form-error">{e(errors[""])}</p>' if errors.get("") else ""}
</form>"""
    result = ""
    if job is not None and job["state"] in ("waiting", "running"):
        unit = "deals" if kind == "chart" else "chunks"
        result = f'<section class="result" id="result">{progress_box(job, unit)}</section>'
    elif job is not None and job["state"] == "cancelled":
        result = ('<section class="result" id="result"><p>Cancelled. Open this address again to draw it.</p></section>')
    elif job is not None and job["state"] == "done":
        query = urlencode({k: v for k, v in params.items() if v != ""})
        result = (f'<section class="result" id="result">{charts_result(params, job, seat)}'
                  f'<p class="links">These {KINDS[kind]}: <a href="/charts?{e(query)}">their address</a> (the same '
                  f'address draws the same {KINDS[kind]}, from the same seed).</p></section>')
    intro = ("<p class=lead>A policy's <b>call cards</b>: for each seat, the least hand it calls with in each round and "
             "score band, beside another policy's line (the book's unless chosen), read from fresh deals. Or its "
             "<b>strategy charts</b>: for each hand class, the best bid found by playing every action double-dummy on "
             "the same deals, and what the policy does there. The same code as <code>euchrelab card</code> and "
             "<code>euchrelab chart</code>.</p>")
    return layout("Charts", f"<h1>Charts</h1>{intro}{form}{result}", "/charts")


# --- a position ----------------------------------------------------------------------------------

POSITION_DEFAULTS = {"pack": "", "trump": "C", "A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH",
                     "D": "KC TC AS 9S 9H", "leader": "B", "alone": "", "played": "JD 7D TC", "turn_up": "",
                     "discard": "", "worlds": str(setting("solve", "worlds").page_default), "seed": "0"}
POSITION_BLANK = {k: "" for k in POSITION_DEFAULTS}


def tricks(ac, seat: str, digits: int = 0) -> str:
    """A+C's tricks as the tricks of ``seat``'s side (of the five)."""
    own = ac if seat in "AC" else 5 - ac
    return f"{own:.{digits}f}"


def position_result(dd: dict, table: dict, seconds: float, params: dict, lines: list[str]) -> str:
    seat = dd["to_move"]
    best_dd = max(float(tricks(v, seat, 2)) for v in dd["moves"].values())
    rows = []
    for card, ac in dd["moves"].items():
        seen = table["moves"][card]
        low, high = sorted(float(tricks(x, seat, 2)) for x in table["ci"][card])    # his side's, from A+C's
        vs = table["vs_best"].get(card)
        vs_text = (f'{vs[0]:+.2f} <span class="muted">[{vs[1]:+.2f}, {vs[2]:+.2f}]</span>' if vs is not None
                   else "<i>the highest mean</i>")
        marks = "".join([' <span class="mark best">best double-dummy</span>' * (float(tricks(ac, seat, 2)) == best_dd),
                         ' <span class="mark opt">highest at the table</span>' * (card == table["best"])])
        rows.append(f'<tr><th scope=row class="cardname">{e(card)}{marks}</th><td class=num>{tricks(ac, seat)}</td>'
                    f'<td class=num>{tricks(seen, seat, 2)} <span class="muted">[{low:.2f}, {high:.2f}]</span></td>'
                    f'<td class=num>{vs_text}</td><td class="num muted">{ac} · {seen:.2f}</td></tr>')
    query = urlencode({k: v for k, v in params.items() if v != ""})
    accepted = f", {100 * table['acceptance']:.1f}% of the worlds drawn kept" if "acceptance" in table else ""
    return f"""<section class="result" id="result">
<p class="spot">{e(seat)} ({e(SEAT_WORDS[seat])}) to play. With best play from here on both sides, {SIDE_NAMES[0]}
(the dealer's side) take {dd[SIDE_NAMES[0]]} of the hand's tricks and {SIDE_NAMES[1]} {dd[SIDE_NAMES[1]]}.</p>
<table class="advice position"><thead><tr><th>his card</th><th>tricks his side takes, double-dummy</th>
<th>tricks his side takes, from what he can know (95% interval)</th>
<th>vs {e(table["best"])}, the highest at the table (paired)</th>
<th>{SIDE_NAMES[0]}'s tricks (double-dummy · at the table)</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table>
<dl class="facts">
<dt>Double-dummy</dt><dd>Every hand seen: the tricks of his side over the whole hand after each card, both sides then
playing perfectly.</dd>
<dt>At the table</dt><dd>What he can know: {table["worlds"]} worlds drawn (seed {e(params.get("seed") or 0)}) of the
cards he cannot see, consistent with the play so far{accepted}, each solved double-dummy; the mean of his side's tricks
with its 95% interval over the worlds, and each card's difference from the highest mean, paired on the same worlds:
where that interval takes in 0, more worlds may reorder the two cards.</dd>
<dt>Time</dt><dd>{seconds:.2f} s</dd>
</dl>
<p class="links">This position: <a href="/position?{e(query)}">its address</a> · <a href="/api/solve?{e(urlencode(
    [("position", line) for line in lines]))}">its JSON</a>, as <code>euchrelab solve</code> prints it.</p>
</section>"""


def position(params: dict, answer: list | None = None, errors: dict | None = None, seconds: float = 0.0,
             lines: list[str] | None = None) -> str:
    errors = errors or {}
    p = params
    suits = [("", "")] * (not p["trump"]) + [(s, f"{s} ({n})") for s, n in zip("SCHD", ("spades", "clubs", "hearts", "diamonds"))]
    seats = [("", "")] + SEAT_OPTIONS
    hands = "".join(field(s, f"{s} ({SEAT_WORDS[s]})", text_input(s, p[s], 18, "5 cards"), errors) for s in "BCDA")
    form = f"""<form class="hand" method="get" action="/position" id="position-form">
<fieldset><legend>The deal: each hand's five cards as dealt</legend>{hands}</fieldset>
<fieldset><legend>The play</legend>
{field("trump", "Trumps", select("trump", p["trump"], suits), errors)}
{field("leader", "Led by", select("leader", p["leader"], seats), errors, "empty: the first player left of A")}
{field("alone", "Alone", select("alone", p["alone"], [("", "nobody")] + seats[1:]), errors, "his partner sits out")}
{field("played", "Cards played, in order", text_input("played", p["played"], 30, "JD 7D TC"), errors, "from the first lead")}
{field("pack", "Pack", select("pack", p["pack"], [("", "32 cards"), ("24", "24 cards")]), errors)}
</fieldset>
<fieldset><legend>What the player knows (the table's view)</legend>
{field("turn_up", "Turn-up", text_input("turn_up", p["turn_up"], 4, "9D"), errors, "in the dealer's hand if taken up")}
{field("discard", "Dealer's discard", text_input("discard", p["discard"], 4), errors, "known to the dealer alone")}
{field("worlds", "Worlds", text_input("worlds", p["worlds"], 6, "32"), errors, POSITION_WORLDS_HINT)}
{field("seed", "Seed", text_input("seed", p["seed"], 6, "0"), errors)}
</fieldset>
<p class="submit"><button type="submit" id="solve">Solve</button><span class="working" hidden>solving…</span></p>
{f'<p class="error" id="form-error">{e(errors[""])}</p>' if errors.get("") else ""}
</form>"""
    result = ""
    if answer is not None:
        result = position_result(answer[0], answer[1], seconds, params, lines or [])
    intro = ("<p class=lead>A hand in play: the four hands as dealt, the trumps and the cards played so far. Each card "
             "the player to move may play is valued double-dummy (every hand seen) and from what he can know (the "
             "hidden cards drawn again and again, consistently with the play). The same code as "
             "<code>euchrelab solve</code>.</p>")
    return layout("A position", f"<h1>A position</h1>{intro}{form}{result}", "/position")

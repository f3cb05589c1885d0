"""The workbench's pages, written on the server as plain HTML: a hand, a position, a game, a heuristic, the charts,
the book.

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
from analysis.reporting.palette import workbench_css
from analysis.reporting.primary_status import SMALL, STATUSES, cell_words
from analysis.limits import setting
from analysis.seeds import DEFAULT_SEED
from analysis.tools.advise import ADVICE_WORLDS, PLAY, TABLE_WORLDS, reached_words
from analysis.web.reading import COMPARE_PARAMS, KINDS, in_field_words

HAND_DEFAULTS = {"seat": "D", "hand": "JH AH 9H AS KC", "turn_up": "TH", "score": "2-3", "calls": "", "round": "",
                 "pack": "", "game": "", "stick_the_dealer": "", "play": PLAY, "worlds": str(ADVICE_WORLDS),
                 "table_worlds": "", "seed": "0"}
# An address that leaves a field out means the command line's default: the form shows it blank.
HAND_BLANK = {k: "" for k in HAND_DEFAULTS}
SEAT_WORDS = {s: name.split(", ", 1)[1] for s, name in zip(SEATS, SEAT_NAMES)}    # "A": "the dealer"
# Where a seat is chosen: each letter with its role, "C (dealer's partner)".
SEAT_OPTIONS = list(zip(SEATS, SEAT_LABELS))
# the statuses' colours, as the reports' and the ledger's (analysis.reporting.palette), after the stylesheet
STATUS_STYLE = f"<style>{workbench_css()}</style>"
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
                  for href, name in (("/hand", "A hand"), ("/position", "A position"), ("/game", "A game"),
                                     ("/heuristic", "A heuristic"), ("/charts", "Charts"), ("/book", "The book")))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)} · euchrelab</title><link rel="stylesheet" href="/static/style.css">{STATUS_STYLE}
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
<a class="card" href="/game"><h2>A game</h2><p>A played game in Euchre Game Notation (EGN): replayed deal by deal and
trick by trick, then reviewed, each call, discard and card valued from what its player knew.</p></a>
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
    key = "points" if advice["by"] == "points" else advice["game_unit"]
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
    game = advice["game_unit"]
    chance = game == "game_win"
    game_head = ("chance to win the game", "(percentage points)") if chance else ("rubber points (first game)", "")
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
                    f'<td class=num>{interval(a[game], chance, False)}</td>'
                    f'<td class=num>{interval(vs[game], chance) or "<i>itself</i>"}</td></tr>')
    unit = advice["by_words"]
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
    engine = play["engine"] + (f' --play-worlds {play["worlds"]}' if "worlds" in play else "")
    query = urlencode({k: v for k, v in params.items() if v != ""})
    reached = reached_words(advice["reached"], advice["worlds"])
    return f"""<section class="result" id="result">
<p class="spot">{e(extra.get("spot", ""))}</p>
<table class="advice"><thead><tr><th>action</th><th>net points per hand</th><th>vs {e(advice["best"])}</th>
<th>{game_head[0]}</th><th>vs {e(advice["best"])} {game_head[1]}</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table>
{verdict}
<dl class="facts">
<dt>The book</dt><dd><b>{e(book["action"])}</b> — {e(book["rules"])}
{claim_links(book["claim"])}</dd>
<dt>Optimised</dt><dd>{opt}</dd>
<dt>Worlds</dt><dd>{advice["worlds"]:,}, {reached} (the others' calls read by the {e(advice["model"])} model; acceptance
{100 * advice["acceptance"]:.1f}% of {advice["candidates"]:,} deals), seed {advice["seed"]}; after his action the
book's policy; valued {e(advice["valued"])} (<code>--play {e(engine)}</code>). For the game: {e(advice["game_unit_words"])}, by the game model of
{e(advice["game_model"]["sample"])}, its error in the interval.</dd>
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
{field("play", "Card play", select("play", p["play"], [("", f"{PLAY} (at the table)")] * (not p["play"]) + engines), errors, f"{PLAY}: at the table, reading the calls; dd: double-dummy")}
{field("worlds", "Worlds", text_input("worlds", p["worlds"], 7, f"{ADVICE_WORLDS}"), errors, "each valued double-dummy")}
{field("table_worlds", "At the table", text_input("table_worlds", p["table_worlds"], 6, f"{TABLE_WORLDS}"), errors, f"of them, played by the card play chosen; empty: {TABLE_WORLDS:,}, or all if fewer")}
{field("seed", "Seed", text_input("seed", p["seed"], 6, "0"), errors)}
</fieldset>
<p class="submit"><button type="submit" id="advise">Advise</button><span class="working" hidden>computing…</span></p>
{f'<p class="error" id="form-error">{e(errors[""])}</p>' if errors.get("") else ""}
</form>"""
    result = advice_html(advice, extra or {}, params) if advice is not None else ""
    intro = ("<p class=lead>What should he do with this hand at this score? Every legal action is played on the same "
             "worlds (the hidden cards dealt consistently with what he knows), by players at the table who see only "
             "their own cards and read the calls, and valued in net points per hand and for the game (its chance to "
             "win; rubber points in the book's game). At love-all the points choose the best action; at any other "
             "score, the game.</p>")
    return layout("A hand", f"<h1>A hand</h1>{intro}{form}{result}", "/hand")


# --- the book ----------------------------------------------------------------------------------

def small_words(c: dict) -> str:
    """"smaller than the margin" after the status of a claim whose estimates all lie inside it."""
    return f' <span class=muted>{e(SMALL)}</span>' if (c.get("primary") or {}).get("smaller_than_margin") else ""


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
    statuses = [s for s in STATUSES if any(c["status"] == s for c in claims)]
    shown = [c for c in claims if (not part or c["part"] == part) and (not status or c["status"] == status)]
    rows = "".join(f'<tr data-part="{e(c["part"])}" data-status="{e(c["status"])}" data-claim="{e(c["id"])}">'
                   f'<th scope=row><a href="/book/{e(c["id"])}">{e(c["id"])}</a></th><td>{e(c["part"])}</td>'
                   f'<td>{status_badge(c["status"])}{" <span class=muted>robust</span>" if c["robust"] else ""}'
                   f'{small_words(c)}</td>'
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
<h1>{e(c["id"])} {status_badge(c["status"])}{small_words(c)}</h1>
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
                   "score": "", "deals": str(setting("card", "deals").page_default), "seed": str(DEFAULT_SEED), "cap": "", "pack": "", "game": "",
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
{field("seed", "Seed", text_input("seed", p["seed"], 6, str(DEFAULT_SEED)), errors)}
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


# --- a game ----------------------------------------------------------------------------------------

SUIT_SYMBOLS = "\u2660\u2663\u2665\u2666"        # by suit id: S C H D
# EGN's seats 0-3 clockwise round the drawn table, seat 0 at the foot
TABLE_PLACES = ("south", "west", "north", "east")
LABEL_CLASS = {"[??]": "blunder", "[?]": "mistake", "[?!]": "dubious", "[!]": "good"}
REVIEW_HINTS = {"worlds": "each decision is valued over them: {default} at the command line, at most {limit} here",
                "play_worlds": "the table's players search them at each card: {default} at the command line, at most "
                               "{limit} here",
                "seed": "the same seed gives the same review"}


def card_html(card, extra: str = "") -> str:
    """A card as the hand page's grid draws it (rank and suit symbol, hearts and diamonds red);
    an unknown card as "?"."""
    from analysis.game.cards import RANKS, card_name, card_text

    if card is None:
        return '<span class="pc unknown" title="not recorded">?</span>'
    rank, suit = RANKS[card % 8], card // 8
    red = " red" if suit in (2, 3) else ""
    return (f'<span class="pc{red}{extra}" title="{e(card_name(card))}" data-card="{card_text(card)}">'
            f'{"10" if rank == "T" else rank}{SUIT_SYMBOLS[suit]}</span>')


def mask_html(mask: int | None, marked: int | None = None) -> str:
    from analysis.game.cards import mask_cards, suit_of

    if mask is None:
        return '<span class="muted">not recorded</span>'
    cards = sorted(mask_cards(mask), key=lambda c: (suit_of(c), -c))
    return "".join(card_html(c, " out" if c == marked else "") for c in cards) or '<span class="muted">–</span>'


def game_upload(text: str = "", name: str = "", error: str = "", limit_games: int = 64,
                limit_bytes: str = "256 KB") -> str:
    body = f"""<h1>A game</h1>
<p class="lead">A played game in Euchre Game Notation (EGN, a JSON record of each deal's dealer, turn-up, calls and
cards): replayed by the laws, deal by deal and trick by trick, then, if you ask, reviewed: every call, discard and card
valued from what its player knew, as <code>euchrelab review</code> values them.</p>
<form id="game-form" class="policy" method="post" action="/game">
<p><label class="upload">Open an .egn file
<input type="file" id="upload" accept=".egn,.json,application/json,text/plain"></label> or paste its text:</p>
<div class="field{" bad" if error else ""}" id="egn-field"><label for="egn">The game (EGN)</label>
<textarea id="egn" name="egn" rows="14" cols="80" spellcheck="false"
placeholder='{{"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {{...}}, "deals": [...]}}'>
{e(text)}</textarea>
<span class="error" id="egn-error"{"" if error else " hidden"}>{e(error)}</span></div>
<input type="hidden" id="name" name="name" value="{e(name)}">
<p class="submit"><button type="submit" id="open">Open the game</button></p>
</form>
<p class="muted">The workbench keeps a game in its memory, never on disk, under the first 12 hex digits of the SHA-256
of the file: its page's address (<code>/game/…</code>) can be shared while the workbench runs, and holds no part of
the file. It keeps the last {limit_games} games opened, of at most {e(limit_bytes)} each.</p>"""
    return layout("A game", body, "/game")


def _name(game, seat: int) -> str:
    return game.players[seat] if seat < len(game.players) else f"seat {seat}"


def _team(game, team: int) -> str:
    return f"{_name(game, team)} & {_name(game, team + 2)}"


def call_words(r, i: int) -> str:
    """Call ``i`` of replayed deal ``r`` in words, as ``euchrelab replay`` words it."""
    from analysis.game.egn import call_words as words

    seat, call = r.calls[i]
    return e(words(i, seat, call, r.dealer, r.alone and seat == r.maker))


def game_address(game_id: str, deal: int = 0, step: int = 0, settings: dict | None = None, anchor: str = "") -> str:
    """A game's page at deal ``deal`` (0-based) and step ``step`` (0 the bidding, then the tricks),
    with the review of ``settings`` shown."""
    params = {}
    if deal or step:
        params["deal"] = deal + 1
    if step:
        params["trick"] = step
    params.update(settings or {})
    return f"/game/{game_id}" + (f"?{urlencode(params)}" if params else "") + (f"#{anchor}" if anchor else "")


def label_html(d: dict | None) -> str:
    from analysis.tools.review import LABEL_WORDS

    if not d or not d.get("label"):
        return ""
    label = d["label"]
    return (f'<span class="lab l-{LABEL_CLASS.get(label, "plain")}" title="{e(LABEL_WORDS.get(label, ""))}">'
            f'{e(label)}</span>')


def cost_html(d: dict) -> str:
    """A decision's cost at the table and its 95% interval: points per hand ("pts") or percentage
    points of the game's chance ("pp"); the exact number in ``data-cost``."""
    c = d.get("cost") or {}
    if c.get("estimate") is None:
        return "–"
    game = d["unit"] == "game"
    f = (lambda v: f"{100 * v:+.1f}") if game else (lambda v: f"{v:+.2f}")   # noqa: E731
    lo, hi = c["ci"]
    return (f'<span class="cost" data-cost="{c["estimate"]!r}" data-unit="{e(d["unit"])}">{f(c["estimate"])} '
            f'<span class="ci">[{f(lo)}, {f(hi)}]</span> {"pp" if game else "pts"}</span>')


def decision_cells(d: dict | None, reviewed: bool, why: str = "not valued") -> str:
    """The review's columns of a decision's row: the table's best, the cost, the label (or why
    it has none)."""
    from analysis.game import parse_card

    if not reviewed:
        return ""
    if d is None:
        return f'<td class="muted" colspan=3>{e(why)}</td>'
    if d["best"] == d["chosen"]:
        best = "<i>the one taken</i>"
    else:
        best = card_html(parse_card(d["best"])) if d["kind"] != "call" else e(d["best"])
    return f'<td>{best}</td><td class="num">{cost_html(d)}</td><td>{label_html(d)}</td>'


def link_html(url: str | None, text: str) -> str:
    return f'<a href="{e(url)}">{e(text)}</a>' if url else ""


def decision_words(d: dict | None, reviewed: bool, columns: int) -> str:
    if not reviewed or d is None:
        return ""
    return f'<tr class="words"><td></td><td colspan={columns - 1}>{e(d["words"])}</td></tr>'


def winner_of(r, t: int) -> int | None:
    """Trick ``t``'s winner; None where it is open (an unknown card) or the replay stopped in it."""
    return r.winners[t] if t < len(r.winners) else None


class DealView:
    """What the game's page needs of one deal: its replay, its decisions by (kind, index) and
    why some were not valued."""

    def __init__(self, r, decisions: dict, skipped: list):
        self.r, self.decisions, self.skipped = r, decisions, skipped

    def card_index(self, t: int, k: int) -> int:
        return sum(len(trick) for trick in self.r.tricks[:t]) + k

    def why_not(self, kind: str, index: int) -> str:
        """Why a call or card has no decision: the review's reason, else (a card) he had no choice."""
        for s in self.skipped:
            if s["kind"] == kind and s["index"] == index and s["seat"] >= 0:
                return s["why"]
        for s in self.skipped:
            if s["seat"] < 0 and s["kind"] in (kind, "deal"):
                return s["why"]
        return "no choice: his only legal card" if kind == "card" else "not valued"


def seat_words(game, r, seat: int) -> str:
    from analysis.game import SEAT_LABELS
    from analysis.game.egn import letter_of

    return f"seat {seat} · {SEAT_LABELS[letter_of(seat, r.dealer)]}"


def felt(game, view: DealView, step: int) -> str:
    """The table drawn at ``step``: each seat's name, role and cards held, and in the middle the
    turn-up (the bidding) or the trick's cards by seat."""
    r = view.r
    if step == 0:
        hands = list(r.dealt)
        trick, winner = (), None
    else:
        trick, winner = r.tricks[step - 1], winner_of(r, step - 1)
        gone = [0, 0, 0, 0]
        for earlier in r.tricks[:step - 1]:
            for seat, card in earlier:
                if card is not None:
                    gone[seat] |= 1 << card
        hands = [None if h is None else h & ~gone[s] for s, h in enumerate(r.at_play)]
    played = {seat: card for seat, card in trick}
    order = {seat: k + 1 for k, (seat, _card) in enumerate(trick)}
    boxes = []
    for seat in range(4):
        badges = []
        if seat == r.dealer:
            badges.append("deals")
        if seat == r.maker:
            badges.append("makes trumps, alone" if r.alone else "makes trumps")
        if seat == r.sits_out:
            badges.append("sits out")
        if trick and trick[0][0] == seat:
            badges.append("leads")
        if trick and winner == seat:
            badges.append("wins the trick")
        hand = '<span class="muted">sits out</span>' if seat == r.sits_out else mask_html(hands[seat], played.get(seat))
        if step == 0 and seat == r.dealer and r.round == 1 and r.discard is not None:
            hand += f' <span class="muted">discards</span> {card_html(r.discard)}'
        marks = "".join(f'<span class="mark{" best" if b == "wins the trick" else ""}">{e(b)}</span>' for b in badges)
        boxes.append(f'<div class="seat at-{TABLE_PLACES[seat]}{" won" if trick and winner == seat else ""}">'
                     f'<p class="who"><b>{e(_name(game, seat))}</b> <span class="muted">{e(seat_words(game, r, seat))}'
                     f'</span>{marks}</p><p class="held">{hand}</p></div>')
    if step == 0:
        turned = ("turned down" if r.round == 2 else "taken up" if r.round == 1 else "turned down by all: no trumps")
        middle = (f'<p class="muted">turn-up</p>{card_html(r.turn_up, " big")}'
                  f'<p class="muted">{e(turned) if r.turn_up is not None else ""}</p>')
    else:
        slots = "".join(f'<div class="slot at-{TABLE_PLACES[seat]}">'
                        + (f'{card_html(played[seat], " big" + (" won" if seat == winner else ""))}'
                           f'<span class="muted">{order[seat]}</span>' if seat in played else "")
                        + "</div>" for seat in range(4))
        middle = f'<div class="trick">{slots}</div>'
    return f'<div class="felt">{"".join(boxes)}<div class="middle">{middle}</div></div>'


def bidding_table(game, game_id: str, view: DealView, reviewed: bool) -> str:
    from analysis.web.games import hand_link

    r = view.r
    head = "<th>best at the table</th><th>cost, 95% interval</th><th>label</th>" if reviewed else ""
    columns = 4 + 3 * reviewed
    rows = []
    for i, (seat, _call) in enumerate(r.calls):
        d = view.decisions.get(("call", i))
        link = hand_link(game, r, i)
        rows.append(f'<tr><td class="num">{i + 1}</td><td>{e(_name(game, seat))} <span class="muted">'
                    f'{e(seat_words(game, r, seat))}</span></td><td>{call_words(r, i)}</td>'
                    f'{decision_cells(d, reviewed, view.why_not("call", i))}<td>{link_html(link, "his hand")}</td></tr>'
                    f'{decision_words(d, reviewed, columns)}')
    if r.round == 1 and r.maker is not None and r.sits_out != r.dealer:
        d = view.decisions.get(("discard", 0))
        discard = card_html(r.discard) if r.discard is not None else "(not recorded)"
        rows.append(f'<tr><td></td><td>{e(_name(game, r.dealer))} <span class="muted">'
                    f'{e(seat_words(game, r, r.dealer))}</span></td><td>discards {discard}</td>'
                    f'{decision_cells(d, reviewed, view.why_not("discard", 0))}<td></td></tr>'
                    f'{decision_words(d, reviewed, columns)}')
    return (f'<table class="steps"><thead><tr><th>#</th><th>player</th><th>call</th>{head}<th>on the hand page</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def trick_table(game, view: DealView, step: int, reviewed: bool) -> str:
    from analysis.web.games import position_link

    r = view.r
    t = step - 1
    head = "<th>best at the table</th><th>cost, 95% interval</th><th>label</th>" if reviewed else ""
    columns = 4 + 3 * reviewed
    rows = []
    for k, (seat, card) in enumerate(r.tricks[t]):
        index = view.card_index(t, k)
        d = view.decisions.get(("card", index))
        link = position_link(game, r, index)
        won = ' <span class="mark best">wins</span>' if seat == winner_of(r, t) else ""
        rows.append(f'<tr><td class="num">{k + 1}</td><td>{e(_name(game, seat))} <span class="muted">'
                    f'{e(seat_words(game, r, seat))}</span></td><td>{card_html(card)}{won}</td>'
                    f'{decision_cells(d, reviewed, view.why_not("card", index))}'
                    f'<td>{link_html(link, "the position")}</td></tr>'
                    f'{decision_words(d, reviewed, columns)}')
    return (f'<table class="steps"><thead><tr><th>#</th><th>player</th><th>card</th>{head}<th>on the position page</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def tricks_overview(game, game_id: str, view: DealView, deal: int, step: int, settings: dict | None) -> str:
    """Every trick of the deal in a row each: who led, the cards in the order played (with their
    labels after a review), who won; each row links to its step."""
    r = view.r
    rows = []
    for t, trick in enumerate(r.tricks):
        cells = []
        for k, (seat, card) in enumerate(trick):
            d = view.decisions.get(("card", view.card_index(t, k)))
            cells.append(f'<td{" class=won" if seat == winner_of(r, t) else ""}>{card_html(card)} '
                         f'<span class="muted">{e(_name(game, seat))}</span> {label_html(d)}</td>')
        cells += ["<td></td>"] * (4 - len(trick))
        winner = winner_of(r, t)
        rows.append(f'<tr{" class=here" if step == t + 1 else ""}><th scope=row><a href="'
                    f'{e(game_address(game_id, deal, t + 1, settings, "deal"))}">trick {t + 1}</a></th>{"".join(cells)}'
                    f'<td>{e(_name(game, winner)) if winner is not None else "?"}</td></tr>')
    if not rows:
        return ""
    return (f'<table class="tricks"><thead><tr><th></th><th colspan=4>the cards, in the order played</th>'
            f'<th>won by</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def deal_summary(game, r) -> str:
    """The deal in a few lines: dealer and turn-up, the contract, the tricks and points, the score."""
    from analysis.game.cards import SUIT_NAMES

    rows = [("Dealer", f"{e(_name(game, r.dealer))}, seat {r.dealer}"),
            ("Turn-up", card_html(r.turn_up) if r.turn_up is not None else "not recorded")]
    if r.maker is not None and r.trump is not None:
        made = [i for i, (seat, call) in enumerate(r.calls) if seat == r.maker and call != "Pass"]
        how = f"{e(_name(game, r.maker))} {call_words(r, made[-1])}" if made else e(_name(game, r.maker))
        contract = f"{SUIT_NAMES[r.trump]} {SUIT_SYMBOLS[r.trump]}: {how}"
        if r.sits_out is not None:
            contract += f"; {e(_name(game, r.sits_out))} sits out"
        if r.round == 1 and r.sits_out != r.dealer:
            contract += "; the dealer takes up the turn-up" + (
                f" and discards {card_html(r.discard)}" if r.discard is not None else "")
        rows.append(("Trumps", contract))
    elif r.round is None and len(r.calls) == 8:
        rows.append(("Trumps", "none: all passed twice, the deal is void"))
    if r.maker is not None and r.complete and r.tricks:
        side = r.maker % 2
        made = r.team_tricks[side]
        what = "a march" if made == 5 else "made" if made >= 3 else "euchred"
        to = 0 if r.points[0] else 1
        rows.append(("Result", f"the makers, {e(_team(game, side))}, take {made} trick{'s' * (made != 1)}: {what}, "
                               f"{r.points[to]} point{'s' * (r.points[to] != 1)} to {e(_team(game, to))}"))
    elif r.maker is not None:
        rows.append(("Result", "not scored"))
    (a, b), (c, d) = r.score_before, r.score_after
    rows.append(("Score", f"{a}–{b} before, <b>{c}–{d}</b> after <span class=muted>(seats 0 and 2 first)</span>"))
    return '<dl class="facts deal-facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows) + "</dl>"


def step_nav(game_id: str, deals: int, deal: int, step: int, steps: int, settings: dict | None) -> str:
    def link(label: str, d: int, s: int, rel: str = "", key: str = "") -> str:
        if d < 0 or d >= deals or s < 0:
            return f'<span class="off">{label}</span>'
        return (f'<a class="step" href="{e(game_address(game_id, d, s, settings, "deal"))}"'
                f'{f" rel={rel}" if rel else ""}{f" data-key={key}" if key else ""}>{label}</a>')
    names = ["the bidding"] + [f"trick {t}" for t in range(1, steps)]
    stops = " ".join(f'<a href="{e(game_address(game_id, deal, s, settings, "deal"))}"'
                     f'{" class=here" if s == step else ""}>{name}</a>' for s, name in enumerate(names))
    previous = link("← previous", deal, step - 1, "prev", "ArrowLeft") if step else link(
        "← previous", deal - 1, 0, "prev", "ArrowLeft")
    following = link("next →", deal, step + 1, "next", "ArrowRight") if step + 1 < steps else link(
        "next →", deal + 1, 0, "next", "ArrowRight")
    return (f'<div class="stepper" role="navigation">{link("« previous deal", deal - 1, 0)} {previous} '
            f'<span class="stops">{stops}</span> {following} {link("next deal »", deal + 1, 0)}</div>')


def deals_strip(game_id: str, replay, deal: int, views: list, settings: dict | None) -> str:
    links = []
    for d, r in enumerate(replay.deals):
        marks = [x.get("label") for x in views[d].decisions.values()]
        bad = sum(m in ("[??]", "[?]") for m in marks)
        badge = f'<span class="lab l-mistake" title="{bad} blunder(s) or mistake(s)">{bad}</span>' if bad else ""
        result = "–".join(map(str, r.score_after))
        links.append(f'<a href="{e(game_address(game_id, d, 0, settings, "deal"))}"'
                     f'{" class=here" if d == deal else ""} title="score after: {result}">{d + 1}{badge}</a>')
    return f'<p class="tabs deals">Deal: {" ".join(links)}</p>'


def review_form(game_id: str, values: dict, errors: dict, deal: int, step: int, time_limit: float) -> str:
    from analysis.limits import setting as limit

    fields = []
    for name, label, size in (("worlds", "Worlds", 6), ("play_worlds", "Worlds a card at the table", 5),
                              ("seed", "Seed", 6)):
        s = limit("review", name) if name != "seed" else None
        hint = REVIEW_HINTS[name] if s is None else REVIEW_HINTS[name].format(default=f"{s.default:,}",
                                                                               limit=f"{s.web_limit:,}")
        fields.append(field(name, label, text_input(name, values.get(name, ""), size), errors, hint))
    return f"""<form class="hand" method="post" action="/game/{e(game_id)}/review" id="review-form">
<fieldset><legend>Review the game</legend>{"".join(fields)}
<input type="hidden" name="deal" value="{deal + 1}"><input type="hidden" name="trick" value="{step}"></fieldset>
<p class="submit"><button type="submit" id="start-review">Review</button>
<span class="working" hidden>starting…</span></p>
{f'<p class="error" id="form-error">{e(errors[""])}</p>' if errors.get("") else ""}
<p class="muted">Every call, the dealer's discard and every card where he had a choice, valued from what its player
knew, as <code>euchrelab review</code> values them. The review runs as one job of at most {time_limit:g} s: a whole
game at the command line's {limit("review", "worlds").default:,} worlds may need longer than that; fewer worlds answer sooner, and the command line has
no time limit.</p>
</form>"""


def review_summary(game, game_id: str, review: dict, settings: dict) -> str:
    from analysis.tools.review import THRESHOLDS

    rv = review["json"]
    rows = []
    for row in rv["summary"]:
        p, g = row["points"], row["game"]
        labels = " ".join(f'{label_html({"label": k})} {v}' for k, v in row["labels"].items() if v) or "–"
        points = (f'{p["cost"]:+.2f} <span class="ci">[{p["ci"][0]:+.2f}, {p["ci"][1]:+.2f}]</span> '
                  f'<span class="muted">over {p["decisions"]}</span>' if p["decisions"] else "–")
        chance = (f'{100 * g["cost"]:+.1f} <span class="ci">[{100 * g["ci"][0]:+.1f}, {100 * g["ci"][1]:+.1f}]</span> '
                  f'<span class="muted">over {g["decisions"]}</span>' if g["decisions"] else "–")
        rows.append(f'<tr><th scope=row>{e(row["player"])} <span class="muted">seat {row["seat"]}</span></th>'
                    f'<td class="num">{row["decisions"]}</td><td class="num">{points}</td><td class="num">{chance}</td>'
                    f'<td>{labels}</td></tr>')
    t = THRESHOLDS
    legend = "; ".join(f'{label_html({"label": k})} from {t["points"][k]:.2f} pts or {100 * t["game"][k]:.1f} pp'
                       for k in ("[??]", "[?]", "[?!]"))
    query = urlencode(settings)
    skipped = rv["skipped"]
    why = sorted({s["why"] for s in skipped})
    notes = "".join(f"<li>{e(n)}</li>" for n in rv["notes"])
    return f"""<h2>The review</h2>
<p>Each decision valued over <b>{rv["worlds"]:,}</b> worlds consistent with what its player knew (seed {rv["seed"]}),
everything after it played on by the table's engine (PIMC reading the calls, {rv["play_worlds"]} worlds a card) and
double-dummy. Its <b>cost</b> is the action taken less the table's best, paired over the worlds, with its 95% interval:
in points per hand (<b>pts</b>) at love-all, else in percentage points of his side's chance to win the game
(<b>pp</b>, from the book's game model: {e(rv["game_model"])}). A label only where the interval lies wholly below 0:
{legend}; {label_html({"label": "[!]"})} where he found the one good choice.</p>
{f'<ul class="notes">{notes}</ul>' if notes else ""}
<table class="summary"><thead><tr><th>player</th><th>decisions valued</th><th>total cost in points per hand (pts)</th>
<th>total cost in the game's chance (pp)</th><th>labels</th></tr></thead><tbody>{"".join(rows)}</tbody></table>
{f'<p class="muted">Not valued: {len(skipped)} decision(s): {e("; ".join(why))}.</p>' if skipped else ""}
<p class="links">Download: <a href="/game/{e(game_id)}/annotated.egn?{e(query)}" id="annotated">the game with the
review's labels as EGN annotations</a> · <a href="/game/{e(game_id)}/review.json?{e(query)}">the review's JSON</a>,
as <code>euchrelab review --json</code> prints it · <a href="{e(game_address(game_id, 0, 0, settings))}">this
review's address</a></p>"""


def labelled_list(game, game_id: str, review: dict, replay, settings: dict) -> str:
    """Every labelled decision of the game, each linked to its deal and step."""
    from analysis.game import parse_card

    rows = []
    for d, at in zip(review["json"]["decisions"], review["deals"]):
        if not d["label"]:
            continue
        step = 0 if d["kind"] != "card" else d["trick"] + 1
        what = {"call": f"call {d['index'] + 1}", "discard": "the discard"}.get(d["kind"], f"trick {step}")
        action = (lambda x: e(x)) if d["kind"] == "call" else (lambda x: card_html(parse_card(x)))   # noqa: E731
        rows.append(f'<tr><td>{label_html(d)}</td><td><a href="{e(game_address(game_id, at, step, settings, "deal"))}">'
                    f'deal {at + 1}, {what}</a></td><td>{e(d["player"])}</td><td>{action(d["chosen"])}</td>'
                    f'<td>{action(d["best"])}</td><td class="num">{cost_html(d)}</td></tr>')
    if not rows:
        return "<h2>Labelled decisions</h2><p>None: no decision's cost was clear of zero by a label's margin.</p>"
    return (f'<h2>Labelled decisions</h2><table class="labelled"><thead><tr><th>label</th><th>where</th><th>player</th>'
            f'<th>chosen</th><th>best at the table</th><th>cost, 95% interval</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def game(kept, deal: int, step: int, values: dict, settings: dict | None = None, review: dict | None = None,
         job: dict | None = None, errors: dict | None = None, time_limit: float = 120.0, reviewed: tuple = ()) -> str:
    """A game's page: the game (players, rules, final score, problems), the review (its form, its
    job's progress or its summary), the deal at ``deal`` and ``step`` drawn with its decisions, and,
    after a review, every labelled decision. ``values``: the review form's fields; ``settings``:
    the review the address names; ``reviewed``: the settings of the reviews kept."""
    from analysis.web.games import REVIEW_FIELDS

    errors = errors or {}
    g, replay, gid = kept.game, kept.replay, kept.id
    views = [DealView(r, {}, []) for r in replay.deals]
    if review is not None:
        for d, at in zip(review["json"]["decisions"], review["deals"]):
            key = ("discard", 0) if d["kind"] == "discard" else (d["kind"], d["index"])
            views[at].decisions[key] = d
        for s, at in zip(review["json"]["skipped"], review.get("skipped_deals", ())):
            views[at].skipped.append(s)
    title = g.title or g.source
    players = "".join(f'<tr><th scope=row>seats {t} and {t + 2}</th><td>{e(_team(g, t))}</td><td class="num">'
                      f'{g.initial_score[t]} at the start, <b>{replay.final_score[t]}</b> at the end</td></tr>'
                      for t in (0, 1))
    from analysis.game.egn import rules_words     # the rules in the words of `euchrelab replay`
    meta = g.raw.get("metadata") if isinstance(g.raw, dict) else None
    date = meta.get("date") if isinstance(meta, dict) and isinstance(meta.get("date"), str) else ""
    problems = "".join(f"<li>{e(p)}</li>" for p in replay.problems)
    facts = f"""<dl class="facts">
<dt>Players</dt><dd><table class="players"><tbody>{players}</tbody></table></dd>
<dt>Deals</dt><dd>{len(replay.deals)}</dd>
<dt>Rules</dt><dd>{e(rules_words(g.rules))}</dd>
{f"<dt>Date</dt><dd>{e(date)}</dd>" if date else ""}
<dt>Problems</dt><dd>{f'<ul class="problems">{problems}</ul>' if problems else "none: every card legal and known"}</dd>
</dl>"""
    if review is not None:
        review_html = (review_summary(g, gid, review, settings or {})
                       + '<details class="again"><summary>Review it again with other settings</summary>'
                       + review_form(gid, values, errors, deal, step, time_limit) + "</details>")
    elif job is not None and job["state"] in ("waiting", "running"):
        review_html = f'<h2>The review</h2>{progress_box(job, "decisions")}'
    else:
        shown = ""
        if job is not None and job["state"] == "failed":
            shown = f'<p class="error" id="review-error">{e(job["error"])}</p>'
        elif job is not None and job["state"] == "cancelled":
            shown = '<p class="muted" id="review-error">The review was cancelled.</p>'
        elif settings and not errors:
            shown = '<p class="muted">Not reviewed with these settings since the workbench started: review it here.</p>'
        kept_links = " · ".join(f'<a href="{e(game_address(gid, deal, step, dict(zip(REVIEW_FIELDS, k))))}">'
                                f'{k[0]:,} worlds, {k[1]} a card, seed {k[2]}</a>' for k in reviewed)
        review_html = (f'<h2>The review</h2>{shown}'
                       + (f'<p class="links">Reviewed already: {kept_links}</p>' if kept_links else "")
                       + review_form(gid, values, errors, deal, step, time_limit))
    if not replay.deals:
        viewer = "<p>The file records no deal.</p>"
    else:
        view = views[deal]
        r = view.r
        steps = 1 + len(r.tricks)
        reviewed_here = review is not None
        if step == 0:
            what, table = "The bidding", bidding_table(g, gid, view, reviewed_here)
        else:
            t = step - 1
            leader, winner = r.tricks[t][0][0] if r.tricks[t] else None, winner_of(r, t)
            what = (f"Trick {step}: {e(_name(g, leader)) if leader is not None else '?'} leads"
                    + (f", {e(_name(g, winner))} wins" if winner is not None else ""))
            table = trick_table(g, view, step, reviewed_here)
        problems = "".join(f"<li>{e(p)}</li>" for p in r.problems)
        skipped = sorted({s["why"] for s in view.skipped})
        viewer = f"""{deals_strip(gid, replay, deal, views, settings)}
<section class="deal" id="deal">
<h2>Deal {deal + 1} of {len(replay.deals)}</h2>
{deal_summary(g, r)}
{f'<ul class="problems">{problems}</ul>' if problems else ""}
{step_nav(gid, len(replay.deals), deal, step, steps, settings)}
{felt(g, view, step)}
<h3>{what}</h3>
{table}
{f'<p class="muted">Not valued in this deal: {e("; ".join(skipped))}.</p>' if skipped else ""}
{tricks_overview(g, gid, view, deal, step, settings)}
</section>"""
    labelled = labelled_list(g, gid, review, replay, settings or {}) if review is not None else ""
    body = f"""<p class="crumbs"><a href="/game">A game</a> › {e(g.source)}</p>
<h1>{e(title)}</h1>
{f'<p class="lead">{e(g.description)}</p>' if g.description else ""}
{facts}
<section class="result" id="review">{review_html}</section>
{viewer}
{labelled}"""
    return layout(title, body, "/game")

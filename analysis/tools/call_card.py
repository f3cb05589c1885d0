"""Call cards: one printed page a seat, the least hand a policy calls with in each round, by
score band, beside another policy's line.

What a policy does is read, not played: for each side and score band (nine bands by each side's
points to go: three or more, two, one; :func:`analysis.tools.optimise.default_bands`, named as
everywhere by the points each side holds: own 0-2, theirs 3), fresh deals
are dealt at the band's scores in turn and bid by the policy. Where a seat's decision is reached
(round one: the seats before him passed; round two: all passed in round one and the seats before
him in round two), his hand is put on the ladder (:mod:`analysis.bidding.rungs`): in round one the
trumps of the turned-up suit, the dealer's hand taken after taking up and the book's discard; in
round two his strongest legal suit. Each rung's share of hands the policy calls with (any suit
made, alone included) is counted, with a 95% Wilson interval.

The line is the last rung, taken from the strongest, whose hands the policy calls with at least
half the time, every stronger rung too (a rung met on fewer than :data:`MIN_HANDS` hands is passed
over, and the line is then marked as resting on few hands). The same deals are read for both policies.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.bidding import call_word
from analysis.bidding.rungs import RUNGS, SHORT, decision_rung
from analysis.game import Rules, SEATS, SEAT_NAMES, SEAT_ORDER, Score
from analysis.seeds import DEFAULT_SEED, card_batch_seed
from analysis.tools.optimise import MIN_HANDS, default_bands, held_words
from analysis.tools.strategy import FEW_MARK, choice_of, reached, save_figure

BATCH = 25_000             # deals per batch
HALF = 0.5                 # a rung is on the line when the policy calls with at least half its hands
# MIN_HANDS (30, shared with the optimiser and the charts): a rung met on fewer hands is passed over,
# neither on the line nor ending it, and a line that passed one over is marked on the card
PAGE = (8.27, 11.69)       # A4 portrait, inches (fits Letter with its margins)
ROUND_WORDS = {1: "Round one: the turned-up suit", 2: "Round two: his strongest suit"}


def band_scores(band: tuple[tuple[int, int], tuple[int, int]]) -> list[tuple[int, int]]:
    """The (own, theirs) scores of a band."""
    (o_lo, o_hi), (t_lo, t_hi) = band
    return [(o, t) for o in range(o_lo, o_hi + 1) for t in range(t_lo, t_hi + 1)]


def read_rows(deals, policy, rules: Rules, side: int, scores) -> pd.DataFrame:
    """Per seat of ``side``, round and rung: the hands that reached the decision and those the
    policy called with, deal i bid at ``scores[i % len(scores)]`` (own, theirs) of the side."""
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    from analysis.bidding import bid_batch
    out = []
    for k, (own, theirs) in enumerate(scores):
        rows = np.arange(k, len(hands), len(scores))
        if not len(rows):
            continue
        score = Score(own, theirs) if side == 0 else Score(theirs, own)
        b = bid_batch(hands[rows], turn_up[rows], policy, rules, score)
        for seat in (s for s in range(4) if s & 1 == side):
            for rnd in (1, 2):
                at = reached(b, seat, rnd)
                rung = decision_rung(hands[rows], turn_up[rows], seat, rnd)
                called = choice_of(b, seat, rnd, hands[rows], turn_up[rows]) > 0
                ok = at & (rung >= 0)
                hands_n = np.bincount(rung[ok], minlength=len(RUNGS))
                calls_n = np.bincount(rung[ok & called], minlength=len(RUNGS))
                out += [{"seat": SEATS[seat], "round": rnd, "rung": r + 1, "hands": int(hands_n[r]),
                         "calls": int(calls_n[r])} for r in range(len(RUNGS))]
    return pd.DataFrame(out, columns=["seat", "round", "rung", "hands", "calls"])


def shares(policies: dict, rules: Rules, deals: int = 100_000, seed: int = DEFAULT_SEED, jobs: int = 1,
           progress=None) -> pd.DataFrame:
    """Per policy (by name), seat, round, band and rung: hands reached, calls, the share called
    and its 95% Wilson interval. ``deals`` per band and side, the same deals for every policy.
    ``progress(done, total)``, if given, is told of each batch read."""
    from fastcore.sampler import sample_deals
    from joblib import delayed

    from analysis.parallel import local_parallel
    from scipy.stats import binomtest

    bands = default_bands(rules.points_for_game)
    tasks = []
    for bi, (band, ranges) in enumerate(bands.items()):
        for side in (0, 1):
            for k, start in enumerate(range(0, deals, BATCH)):
                tasks.append((band, ranges, side, bi, k, min(BATCH, deals - start)))

    def one(name, policy, band, ranges, side, bi, k, n):
        dealt = sample_deals(n, card_batch_seed(seed, side, bi, k), pack=rules.pack)
        return read_rows(dealt, policy, rules, side, band_scores(ranges)).assign(policy=name, band=band)

    frames = []
    total = len(policies) * len(tasks)
    for frame in local_parallel(jobs, return_as="generator")(
            delayed(one)(name, policy, *t) for name, policy in policies.items() for t in tasks):
        frames.append(frame)
        if progress is not None:
            progress(len(frames), total)
    table = (pd.concat(frames).groupby(["policy", "seat", "round", "band", "rung"], sort=False)[["hands", "calls"]]
             .sum().reset_index())
    low, high = [], []
    for n, c in zip(table["hands"], table["calls"]):
        if n:
            ci = binomtest(int(c), int(n)).proportion_ci(0.95, method="wilson")
            low.append(ci.low)
            high.append(ci.high)
        else:
            low.append(np.nan)
            high.append(np.nan)
    share = table["calls"] / table["hands"].where(table["hands"] > 0)
    return table.assign(share=share, share_low=low, share_high=high)


def lines(table: pd.DataFrame) -> pd.DataFrame:
    """Per policy, seat, round and band: the line (the last rung, from the strongest, called with
    at least half the time, every stronger rung too; 0: not even the first; -1: the first met on too
    few hands to tell), the share called
    at that rung and at the next, the hands of that rung read, and ``few_hands``: a rung passed over
    (fewer than :data:`MIN_HANDS` hands) from the strongest down to the one that ended the line, so
    that the line rests on few hands."""
    out = []
    for (policy, seat, rnd, band), g in table.groupby(["policy", "seat", "round", "band"], sort=False):
        g = g.sort_values("rung")
        line, few = 0, False
        for r in g.itertuples():
            if r.hands < MIN_HANDS:
                few = True
                continue
            if r.share < HALF:
                break
            line = r.rung
        if line == 0 and int(g["hands"].iloc[0]) < MIN_HANDS:   # the strongest rung unread: no line to tell
            line = -1
        at = g[g["rung"] == line]
        nxt = g[g["rung"] == line + 1]
        out.append({"policy": policy, "seat": seat, "round": rnd, "band": band, "line": line,
                    "share": float(at["share"].iloc[0]) if len(at) else np.nan,
                    "next_share": float(nxt["share"].iloc[0]) if len(nxt) else np.nan,
                    "hands": int(at["hands"].iloc[0]) if len(at) else 0, "few_hands": few})
    return pd.DataFrame(out)


def held_words_of(ranges) -> tuple[str, str]:
    """A band's points held by each side, in the words of its name (:func:`analysis.tools.optimise.band_name`):
    ``("0-2", "3")`` under the headings own and theirs."""
    return held_words(ranges[0]), held_words(ranges[1])


def rules_words(rules: Rules) -> str:
    stuck = ", stick-the-dealer" if rules.stick_the_dealer else ""
    return f"{rules.pack} cards, game of {rules.points_for_game}{stuck}"


def _cell(line: int, share: float, stuck: bool, few: bool = False) -> str:
    if stuck:
        return "must name\na suit"
    if line < 0:
        return "too few hands\nto tell"
    text = "never" if line == 0 else \
        f"{line}. {SHORT[line - 1]}" + ("" if np.isnan(share) else f"\ncalls {share:.0%} of these")
    return text + (f"\n{FEW_MARK}" if few else "")


def draw_card(lined: pd.DataFrame, seat: str, policy: str, against: str, rules: Rules, deals: int, seed: int):
    """One A4 page: the seat's line in each round by band, ``policy`` beside ``against``."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bands = default_bands(rules.points_for_game)
    fig = plt.figure(figsize=PAGE)
    ax = fig.add_axes([0.06, 0.26, 0.88, 0.62])
    ax.set_axis_off()
    cols = [(1, policy), (1, against), (2, policy), (2, against)]
    x0 = [0.0, 0.1]              # the two points-to-go columns
    width = (1 - 0.2) / len(cols)
    rows = len(bands)
    height = 1.0 / (rows + 1.6)
    cmap = plt.get_cmap("cividis_r", len(RUNGS) + 1)
    top = 1.0
    # headers
    for c, (rnd, name) in enumerate(cols):
        x = 0.2 + c * width
        if c % 2 == 0:
            ax.text(x + width, top - 0.3 * height, ROUND_WORDS[rnd], ha="center", va="center", fontsize=11,
                    weight="bold")
        ax.text(x + width / 2, top - 1.0 * height, name, ha="center", va="center", fontsize=10)
    ax.text(x0[0] + 0.1, top - 0.3 * height, "points held", ha="center", va="center", fontsize=10, weight="bold")
    ax.text(x0[0] + 0.05, top - 1.0 * height, "own", ha="center", va="center", fontsize=10)
    ax.text(x0[1] + 0.05, top - 1.0 * height, "theirs", ha="center", va="center", fontsize=10)
    for i, (band, ranges) in enumerate(bands.items()):
        y = top - (i + 1.6) * height
        own, theirs = held_words_of(ranges)
        ax.text(x0[0] + 0.05, y - height / 2, own, ha="center", va="center", fontsize=12)
        ax.text(x0[1] + 0.05, y - height / 2, theirs, ha="center", va="center", fontsize=12)
        found = {}
        for c, (rnd, name) in enumerate(cols):
            row = lined[(lined["policy"] == name) & (lined["seat"] == seat) & (lined["round"] == rnd)
                        & (lined["band"] == band)]
            stuck = rules.stick_the_dealer and seat == "A" and rnd == 2
            line = int(row["line"].iloc[0]) if len(row) else 0
            share = float(row["share"].iloc[0]) if len(row) else np.nan
            few = not stuck and (bool(row["few_hands"].iloc[0]) if len(row) else True)
            found[c] = line
            x = 0.2 + c * width
            colour = "#ffffff" if stuck or line < 0 else cmap(line)
            ax.add_patch(plt.Rectangle((x + 0.004, y - height + 0.004), width - 0.008, height - 0.008,
                                       facecolor=colour, edgecolor="#666666", linewidth=0.6))
            if few:   # the line rests on a rung of fewer than MIN_HANDS hands: hatched, and said in the cell
                ax.add_patch(plt.Rectangle((x + 0.004, y - height + 0.004), width - 0.008, height - 0.008,
                                           fill=False, hatch="//", edgecolor="#999999", linewidth=0, gid="few hands"))
            dark = not stuck and line >= 5
            ax.text(x + width / 2, y - height / 2, _cell(line, share, stuck, few and line >= 0), ha="center",
                    va="center", fontsize=9, color="white" if dark else "black", linespacing=1.3)
        for c in (0, 2):         # a heavy frame where the policy's line differs from the other's
            if found[c] != found[c + 1] and min(found[c], found[c + 1]) >= 0 \
                    and not (rules.stick_the_dealer and seat == "A" and c == 2):
                x = 0.2 + c * width
                ax.add_patch(plt.Rectangle((x + 0.002, y - height + 0.002), 2 * width - 0.004, height - 0.004,
                                           fill=False, edgecolor="black", linewidth=2.4))
    ax.set_xlim(0, 1)
    ax.set_ylim(top - (rows + 1.6) * height, top)
    fig.text(0.06, 0.955, f"{SEAT_NAMES[SEATS.index(seat)]}: when to {call_word(seat)} or make a suit", fontsize=16,
             weight="bold")
    fig.text(0.06, 0.928, f"{policy}'s line beside {against}'s; the game: {rules_words(rules)}.", fontsize=11)
    fig.text(0.06, 0.908, "Every rung down to the one shown is called at least half the time.", fontsize=11)
    ladder = "\n".join(f"{i + 1}. {r}" for i, r in enumerate(RUNGS))
    fig.text(0.06, 0.235, "The ladder, strongest first (trumps of the suit, the left bower counted):", fontsize=9,
             weight="bold", va="top")
    fig.text(0.06, 0.215, ladder, fontsize=9, va="top", linespacing=1.35)
    mark = FEW_MARK.replace(" ", "\u00a0")   # kept on one line of the note
    note = (f"Each cell: the last rung, from the strongest, the policy calls with at least half the time (every "
            f"stronger rung too; rungs met on fewer than {MIN_HANDS} hands passed over), and its share of that rung's hands; "
            f"the shares are not always monotone, so a lighter rung may still be called (see call_card.csv). Hatched, "
            f"with \"{mark}\": a rung down to where the line ends was met on fewer than {MIN_HANDS} hands, so the "
            f"line rests on few hands. A heavy frame: the two lines differ. Round "
            f"one reads the turned-up suit (the dealer's hand after taking up and discarding); round two his "
            f"strongest legal suit, where all passed before him. Read from the policies, not played: {deals:,} deals "
            f"a band and side, seed {seed}; the bands' scores dealt in turn. The shares' 95% intervals are in "
            f"call_card.csv.")
    fig.text(0.52, 0.215, textwrap.fill(note, 62), fontsize=8, va="top", linespacing=1.35)
    return fig


def write_cards(table: pd.DataFrame, out_dir, policy: str, against: str, rules: Rules, deals: int, seed: int,
                seats=("B", "C", "D", "A")) -> dict[str, Path]:
    """``call_card_<seat>.png`` a seat, ``call_card.pdf`` (a page a seat), ``call_card.csv``
    (every rung's share with its interval) and a short report (``report.md``, ``report.html``,
    the pages shown) in ``out_dir``, each written whole or not at all."""
    from matplotlib.backends.backend_pdf import PdfPages
    from analysis.storage import write_atomic, write_text

    out_dir = Path(out_dir)
    lined = lines(table)
    figures = [(seat, draw_card(lined, seat, policy, against, rules, deals, seed)) for seat in seats]

    def pdf(tmp):
        with PdfPages(tmp, metadata={"Creator": None, "Producer": None, "CreationDate": None}) as book:
            for _, fig in figures:
                book.savefig(fig)

    rungs = table.assign(few_hands=table["hands"] < MIN_HANDS)   # a rung too thin to count towards a line
    paths = {"csv": write_text(out_dir / "call_card.csv", rungs.to_csv(index=False, float_format="%.4f")),
             "pdf": write_atomic(out_dir / "call_card.pdf", pdf)}
    for seat, fig in figures:
        paths[seat] = save_figure(fig, out_dir / f"call_card_{seat}.png", dpi=110)
    paths.update(_write_report(lined, out_dir, policy, against, rules, deals, seed, seats))
    return paths


def headline(lined: pd.DataFrame, policy: str, against: str, rules: Rules) -> str:
    """How far the two lines differ, in a sentence: the cells where they differ by round, and in
    how many of them the policy calls lighter (cells without a line on either side left out)."""
    a = lined[lined["policy"] == policy].set_index(["seat", "round", "band"])["line"]
    b = lined[lined["policy"] == against].set_index(["seat", "round", "band"])["line"]
    a, b = a.align(b, join="inner")
    stuck = a.index.get_level_values("seat").isin(["A"]) & (a.index.get_level_values("round") == 2) \
        if rules.stick_the_dealer else np.zeros(len(a), bool)
    known = ~stuck & (a.to_numpy() >= 0) & (b.to_numpy() >= 0)     # a stuck dealer has no line; -1 is unread
    a, b = a[known], b[known]
    differ = a != b
    by_round = {r: int(differ[a.index.get_level_values("round") == r].sum()) for r in (1, 2)}
    lighter = int((differ & (a > b)).sum())
    return (f"Call cards of {policy} beside {against} ({rules_words(rules)}): the lines differ in {int(differ.sum())} "
            f"of {len(a)} cells ({by_round[1]} in round one, {by_round[2]} in round two), and {policy} calls "
            f"lighter in {lighter} of them.")


def _write_report(lined, out_dir: Path, policy: str, against: str, rules: Rules, deals: int, seed: int,
                  seats) -> dict[str, Path]:
    """``report.md`` and ``report.html``, a page of the reports' site: the headline, the first seat's card
    as its main figure, then the others, the cards drawn already."""
    import html as _html
    from analysis.reporting.markup import inline
    from analysis.reporting.report import Chart, figure_html, folded, write_page

    title = f"Call cards: {policy} beside {against}"
    head = headline(lined, policy, against, rules)
    method = (f"The policies are read, not played: {deals:,} fresh deals a score band and side (seed {seed}), "
              "the band's scores dealt in turn, bid by each policy; where a seat's decision is reached his hand "
              "is put on the ladder (round one: the turned-up suit, the dealer's hand after taking up and "
              "discarding; round two: his strongest legal suit). The line is the last rung, from the strongest, "
              f"the policy calls with at least half the time, every stronger rung too (rungs met on fewer than "
              f"{MIN_HANDS} hands passed over). Every rung's share, with its 95% Wilson interval and the hands "
              "read, is in call_card.csv; the pages print on A4 or Letter (call_card.pdf).")
    cards = [Chart(f"call_card_{seat}.png", f"The card of {SEAT_NAMES[SEATS.index(seat)]}: when to "
                                            f"{call_word(seat)} or make a suit, {policy}'s line beside {against}'s.")
             for seat in seats]
    main, *others = cards
    links = "[The cards as PDF](call_card.pdf) · [the shares](call_card.csv)"
    md = "\n\n".join([links] + [f"![{c.caption}]({c.file})\n\n*{c.caption}*" for c in others] + ["## Method", method])
    body = "\n".join([f"<p>{inline(links)}</p>"] + [figure_html(c, out_dir) for c in others]
                     + [folded("Method", f"<p>{_html.escape(method)}</p>")])
    return write_page(out_dir, title, head, main, md, body)


def redraw_page(out_dir, rules: Rules, deals: int, seed: int, policy: str | None = None, against: str | None = None,
                seats=("B", "C", "D", "A")) -> dict[str, Path]:
    """The cards' page drawn again from their ``call_card.csv``, without reading a deal: only ``report.md``
    and ``report.html`` are written. The file does not hold the rules, the deals a band and side or the
    seed: they are given as the cards were drawn; the policy and the other are the file's first two
    unless named."""
    out_dir = Path(out_dir)
    table = pd.read_csv(out_dir / "call_card.csv")
    # the shares again from the counts: the file rounds them, and a line turns on a share of one half
    table["share"] = table["calls"] / table["hands"].where(table["hands"] > 0)
    first, second = table["policy"].unique()[:2]
    policy, against = policy or first, against or second
    return _write_report(lines(table), out_dir, policy, against, rules, deals, seed, seats)


def summary(lined: pd.DataFrame, policy: str, against: str, stuck: bool = False) -> list[str]:
    """One line per seat and round: the bands where the two lines differ (bands without a line on
    either side left out, as in the headline; ``stuck``: the dealer must name in round two)."""
    out = []
    for seat in SEAT_ORDER:
        for rnd in (1, 2):
            a = lined[(lined["policy"] == policy) & (lined["seat"] == seat) & (lined["round"] == rnd)]
            b = lined[(lined["policy"] == against) & (lined["seat"] == seat) & (lined["round"] == rnd)]
            mine = dict(zip(a["band"], a["line"]))
            theirs = dict(zip(b["band"], b["line"]))
            if rnd == 2 and seat == "A" and stuck:
                out.append(f"{seat} round two: a stuck dealer must name a suit")
                continue
            diff = [f"{band}: {mine[band]} vs {theirs[band]}" for band in mine
                    if band in theirs and min(mine[band], theirs[band]) >= 0 and mine[band] != theirs[band]]
            out.append(f"{seat} round {'one' if rnd == 1 else 'two'}: "
                       + ("the same line in every band" if not diff else "; ".join(diff)))
    return out

"""Strategy charts: the value of every bidding action by a hand class a player recognises.

A chart answers, for one seat and one decision, "with a hand like this, what should I do, and
what does my policy do?". The pieces, shared by the ``strategy_charts`` study and the
``euchrelab chart`` command:

**Hand classes** (:func:`round_one_classes`, :func:`round_two_classes`). Under a candidate trump
suit a hand is read as

- its *holding*: the trumps it holds by rank, the right bower ``R``, the left ``L``, the ace
  ``A``, the king ``K``, the queen and below each an ``x`` (``"R A x"``); four trumps or more
  are coarsened by their bowers alone (``"4+ R L"``, ``"4+ R"``, ``"4+ L"``, ``"4+ no bower"``);
  no trump is ``"none"``: :data:`HOLDINGS`, 36 in all;
- its outside aces (0, 1, 2 or more) and its voids in plain suits (none, one or more).

The holdings are ordered by a strength key, that of the book's policy when it chooses between
suits (:func:`fastcore.handpatterns.hand_numbers`): 100 x trumps held + the sum of their trump
orders, the right 8, the left 7, the ace 6, the king 5 and each ``x`` counted 2 (the middle of
the queen's 4 and the seven's 0); four trumps or more count 400 + the bowers' orders. Classes
are ordered by (holding key, outside aces, voids).

In round one the suit is the turned-up one; the dealer is classed on the hand he would hold
after taking it up and making the book's discard. In round two the suit is the hand's strongest
legal suit by the same key (ties to next), and the class also says whether that suit is *next*
(the turned-down suit's colour) or *cross*, and whether the card turned down was a knave (a
bower turned down); round two counts outside aces as none or some and leaves voids out, to keep
the chart to one page.

**Actions** (:data:`ARMS`): round one pass, call (order up, assist, take up) and call alone;
round two pass, make next, make the stronger cross suit, make the weaker cross suit (by the same
key), each not alone, and make his strongest legal suit alone. The policy's own action is read
from its bidding; in round two, alone in a suit other than his strongest (rare) counts as that
suit made.

**Values** (:func:`decision_rows`): deals are bid by the policy; where the seat's decision is
reached (the earlier players' passes as they happened), the hand is classed, and the first
``cap`` hands of each class of a batch are played once per action, the seat's decision forced,
every other decision by the policy (:class:`ArmPolicy`), double-dummy, on the same deals. The
result is a counted frame: deals per (class, the policy's own action, each action's net points
to the deciding side). :func:`action_table` turns it into the chart's table: every action's
value with its 95% interval, the best action, its margin over the next best with the paired
interval, the policy's share of each action, and what its choice costs.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.errors import EuchreError
from analysis.experiment.cells import MIN_CELL_DEALS
from analysis.bidding import Policy
from analysis.game import ROUND_ORDER, SEATS
from analysis.seeds import chart_batch_seed

from analysis.bidding.hand_classes import (  # noqa: F401 - the classes and actions, named here too
    ARMS, BOLDNESS, CLASS_NOTE, DECISIONS, DISCARD, HOLDING_KEYS, HOLDINGS, class_label, classes_of,
    discard_choices, holding_of, outside_aces, round_one_classes, round_two_classes, round_two_suits,
    seat_hands, strongest_suit, voids)

CLASS_KEYS = ["a", "b", "round", "seat", "holding", "aces", "voids", "relation", "down"]   # a, b: the score AC-BD
NETS = ["net0", "net1", "net2", "net3", "net4"]
KEYS = CLASS_KEYS + ["choice"] + NETS


class ArmPolicy(Policy):
    """``base`` with one seat's decision of one round forced to action ``arm`` of :data:`ARMS`
    (the call or the suit, and whether he plays alone); every other decision is the base
    policy's."""

    def __init__(self, base: Policy, seat: int, rnd: int, arm: int):
        if rnd not in ARMS or not 0 <= arm < len(ARMS[rnd]):
            raise EuchreError(f"no action {arm!r} in round {rnd!r}")
        self.base, self.seat, self.rnd, self.arm = base, seat, rnd, arm
        self.name = f"{base.name}, {SEATS[seat]} forced to {ARMS[rnd][arm]} in round {rnd}"

    def describe(self) -> dict:
        return {"name": self.name, "base": self.base.describe(), "seat": SEATS[self.seat], "round": self.rnd,
                "action": ARMS[self.rnd][self.arm]}

    def first_round_batch(self, t):
        if self.rnd == 1 and t.seat == self.seat:
            return np.full(len(t), self.arm >= 1)
        return self.base.first_round_batch(t)

    def alone_batch(self, t):
        if t.seat == self.seat and t.round == self.rnd:
            return np.full(len(t), self.arm == len(ARMS[self.rnd]) - 1)
        return self.base.alone_batch(t)

    def take_from_partner_batch(self, t):
        return self.base.take_from_partner_batch(t)

    def second_round_batch(self, t):
        if self.rnd == 2 and t.seat == self.seat:
            if self.arm == 0:   # a stuck dealer cannot pass: he names the base policy's suit
                return self.base.second_round_batch(t) if t.must_call else np.full(len(t), -1, np.int8)
            if self.arm == 4:
                return strongest_suit(t.hands, t.turn_up)
            return round_two_suits(t.hands, t.turn_up)[:, self.arm - 1].copy()
        return self.base.second_round_batch(t)

    def discard_batch(self, t):
        if self.rnd == DISCARD and t.seat == self.seat:
            alone = np.zeros(len(t), bool) if t.is_lone is None else t.is_lone
            return discard_choices(t.hands, t.turn_up, alone)[:, self.arm].copy()
        return self.base.discard_batch(t)

    # the one-deal methods are never asked by the simulator; answer as the base would
    def first_round(self, s):
        return self.base.first_round(s)

    def alone(self, s):
        return self.base.alone(s)

    def take_from_partner(self, s):
        return self.base.take_from_partner(s)

    def second_round(self, s):
        return self.base.second_round(s)

    def discard(self, s):
        return self.base.discard(s)


def reached(b, seat: int, rnd: int) -> np.ndarray:
    """Rows where the seat's decision of round ``rnd`` is reached as the bidding ``b`` went: no
    earlier seat called in that round (and, in round two, nobody in round one)."""
    if rnd == DISCARD:   # the dealer takes up the turn-up and plays
        return (b.round == 1) & (b.lone_seat != 2) if seat == 0 else np.zeros(len(b.round), bool)
    earlier = ROUND_ORDER[:ROUND_ORDER.index(seat)]
    before = (b.round == rnd) & np.isin(b.caller, earlier)
    return ~before if rnd == 1 else ~before & (b.round != 1)


def choice_of(b, seat: int, rnd: int, hands, turn_up) -> np.ndarray:
    """The policy's own action at the decision (index in :data:`ARMS`), from its bidding ``b``."""
    if rnd == DISCARD:   # the first rule that throws the policy's card (none: counted as the book's)
        six = np.asarray(hands, np.uint32)[:, 0] | (np.uint32(1) << np.asarray(turn_up, np.uint32))
        rules = discard_choices(six, turn_up, b.lone_seat == 0)
        match = rules == b.discard[:, None]
        return np.where(match.any(axis=1), np.argmax(match, axis=1), 0).astype(np.int8)
    mine = (b.caller == seat) & (b.round == rnd)
    if rnd == 1:
        return np.where(mine, np.where(b.caller_is_lone, 2, 1), 0).astype(np.int8)
    own = np.asarray(hands, np.uint32)[:, seat]
    suits = round_two_suits(own, turn_up)
    arm = 1 + np.argmax(suits == b.trump[:, None], axis=1)
    # alone in his strongest suit is the alone action; alone in another suit (rare) counts as that suit made
    arm = np.where(b.caller_is_lone & (b.trump == strongest_suit(own, turn_up)), 4, arm)
    return np.where(mine, arm, 0).astype(np.int8)


def first_per_class(cls: pd.DataFrame, cap: int) -> np.ndarray:
    """Positions of the first ``cap`` rows of each class (the deals are independent: the first
    are a random sample of the class)."""
    rank = cls.groupby(list(cls.columns), sort=False).cumcount().to_numpy()
    return np.flatnonzero(rank < cap)


def decision_rows(deals, policy: Policy, seat: int, rnd: int, rules, score=(0, 0), cap: int = 100) -> pd.DataFrame:
    """The counted frame of one seat's decision of round ``rnd`` on ``deals``: where the policy's
    bidding reaches it, the first ``cap`` hands of each class played under every action, paired."""
    from analysis.experiment import play_arms, policy_arm
    from analysis.bidding import bid_batch

    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, policy, rules, score)
    rows = np.flatnonzero(reached(b, seat, rnd))
    if not len(rows):
        return counted([])
    cls = classes_of(hands[rows], turn_up[rows], seat, rnd)
    keep = first_per_class(cls, cap)
    rows, cls = rows[keep], cls.iloc[keep].reset_index(drop=True)
    choice = choice_of(b, seat, rnd, hands, turn_up)[rows]
    arms = {name: policy_arm(ArmPolicy(policy, seat, rnd, k), rules, score) for k, name in enumerate(ARMS[rnd])}
    paired = play_arms(deals[rows], arms, side=seat & 1)
    frame = cls.assign(a=int(score[0]), b=int(score[1]), round=rnd, seat=SEATS[seat], choice=choice)
    for k in range(len(NETS)):
        frame[NETS[k]] = paired.net(ARMS[rnd][k]).astype(np.int8) if k < len(ARMS[rnd]) else np.int8(0)
    return counted([frame])


def counted(frames) -> pd.DataFrame:
    """Deals per (class, the policy's action, each action's net points)."""
    frames = [f for f in frames if len(f)]
    if not frames:
        return pd.DataFrame({k: pd.Series(dtype=object if k in ("seat", "relation", "down") else np.int64)
                             for k in KEYS} | {"deals": pd.Series(dtype=np.int64)})
    f = pd.concat(frames, ignore_index=True)
    if "deals" not in f:
        f = f.assign(deals=1)
    out = f.groupby(KEYS, observed=True, sort=True)["deals"].sum().reset_index()
    for k in ("a", "b", "round", "holding", "aces", "voids", "choice"):
        out[k] = out[k].astype(np.int64)
    for k in NETS:
        out[k] = out[k].astype(np.int64)
    return out


# --- the table ---------------------------------------------------------------------------------------------

MIN_DEALS = MIN_CELL_DEALS   # a class with fewer deals (30) is listed, not judged, and marked on its page
FEW_MARK = "* few hands"     # the mark of a cell or line resting on fewer hands, on the charts and the call cards


def _intervals(n: int, d: np.ndarray, w: np.ndarray) -> np.ndarray:
    """(k, 3) mean, low, high of each column of the per-deal values ``d`` (rows weighted by
    ``w`` deals): the t-interval of :func:`analysis.experiment.stats.mean_from_sums`, for many at once."""
    from scipy import stats as st

    from analysis.experiment.stats import CONFIDENCE
    total, total_sq = w @ d, w @ (d * d)
    mean = total / n
    if n < 2:
        return np.stack([mean, mean * np.nan, mean * np.nan], axis=1)
    se = np.sqrt(np.maximum((total_sq - n * mean * mean) / (n - 1), 0.0) / n)
    q = float(st.t.ppf(0.5 + CONFIDENCE / 2, n - 1))
    return np.stack([mean, mean - q * se, mean + q * se], axis=1)


def column(arm: str) -> str:
    """An action's name as a column of the table: ``"other cross"`` -> ``other_cross``."""
    return arm.replace("'", "").replace(" ", "_")


def verdict_word(rnd: int, majority: int, best: int, significant: bool) -> str:
    """How the policy's usual action stands against the best one."""
    if majority == best:
        return "agrees"
    if not significant:
        return "close"
    if rnd == DISCARD:
        return "wrong discard"
    bold = BOLDNESS[rnd]
    if bold[majority] < bold[best]:
        return "too cautious"
    if bold[majority] > bold[best]:
        return "too bold"
    return "wrong suit"


POINTS_UNIT = "net points per hand"


def action_table(frame: pd.DataFrame, value=None, unit: str = POINTS_UNIT) -> pd.DataFrame:
    """One row per (score, round, seat, class): every action's value (by default the mean net
    points per hand to the deciding side; ``value(a, b, seat, nets)`` turns each row's net points
    into another unit), with its 95% interval, the best and the next best action, the margin
    between them (paired, 95% interval), the policy's share of each action, its usual action,
    what its choice costs against the best (paired), and the verdict. Rows of ``round`` 0 (a
    study's own bookkeeping) are left out."""
    rows = []
    if not frame.empty:
        frame = frame[frame["round"] > 0]
    if frame.empty:
        return pd.DataFrame(rows)
    for key, g in frame.groupby(CLASS_KEYS, sort=True):
        a, b, rnd, seat, holding, aces, voids_, relation, down = key
        arms = ARMS[int(rnd)]
        w = g["deals"].to_numpy(np.int64)
        n = int(w.sum())
        nets = g[NETS[:len(arms)]].to_numpy(np.int64)
        if value is not None:
            nets = np.asarray(value(int(a), int(b), SEATS.index(seat), nets), np.float64)
        choice = g["choice"].to_numpy(np.int64)
        means = nets.T @ w / n
        order = np.argsort(-means, kind="stable")
        best, second = int(order[0]), int(order[1])
        row = {"a": int(a), "b": int(b), "unit": unit, "round": int(rnd), "seat": seat,
               "class": class_label(holding, aces, voids_, relation, down),
               "holding": HOLDINGS[int(holding)], "strength_key": HOLDING_KEYS[int(holding)],
               "aces": int(aces), "voids": int(voids_), "relation": relation, "down": down, "deals": n}
        rows_ = np.arange(len(g))
        diffs = np.concatenate([nets, (nets[:, best] - nets[:, second])[:, None],
                                (nets[:, best] - nets[rows_, choice])[:, None]], axis=1).astype(np.float64)
        shares = np.array([w[choice == k].sum() / n for k in range(len(arms))])
        majority = int(np.argmax(shares))
        est = _intervals(n, np.concatenate([diffs, (nets[:, best] - nets[:, majority])[:, None]], axis=1),
                         w.astype(np.float64))
        for k, arm in enumerate(arms):
            c = column(arm)
            row[c], row[f"{c}_low"], row[f"{c}_high"] = est[k]
        margin, loss, against = est[len(arms)], est[len(arms) + 1], est[len(arms) + 2]
        significant = n >= MIN_DEALS and np.isfinite(against[1]) and against[1] > 0
        row.update({"best": arms[best], "next_best": arms[second], "margin": margin[0],
                    "margin_low": margin[1], "margin_high": margin[2]})
        for k, arm in enumerate(arms):
            row[f"policy_{column(arm)}"] = shares[k]
        row.update({"policy_usual": arms[majority], "policy_loss": loss[0], "policy_loss_low": loss[1],
                    "policy_loss_high": loss[2],
                    "verdict": verdict_word(int(rnd), majority, best, significant) if n >= MIN_DEALS else "few deals"})
        rows.append(row)
    out = pd.DataFrame(rows)
    seat_order = {s: i for i, s in enumerate("BCDA")}
    out = out.assign(_s=out["seat"].map(seat_order)).sort_values(
        ["a", "b", "round", "_s", "relation", "down", "strength_key", "holding", "aces", "voids"]).drop(columns="_s")
    first = ["a", "b", "round", "seat", "class", "deals", "best", "next_best", "margin", "margin_low", "margin_high",
             "policy_usual", "verdict", "policy_loss", "policy_loss_low", "policy_loss_high", "unit"]
    return out[first + [c for c in out.columns if c not in first]].reset_index(drop=True)


def write_csv(table: pd.DataFrame, path) -> Path:
    from analysis.storage import write_atomic
    return write_atomic(path, lambda tmp: table.to_csv(tmp, index=False, float_format="%.4f"))


# --- the chart ----------------------------------------------------------------------------------------------

# Okabe and Ito's hues (analysis.reporting.charts.OKABE_ITO), safe for the common colour-vision
# deficiencies, written out here so that the workers that only play the deals need not load
# matplotlib; passing, and the book's own discard, light grey.
GREY = "#D9D9D9"
COLOURS = {"pass": GREY, "call": "#56B4E9", "alone": "#0072B2",
           "next": "#009E73", "cross": "#E69F00", "other cross": "#CC79A7",
           "book's discard": GREY, "lowest plain": "#E69F00", "longest suit": "#009E73", "make a void": "#CC79A7"}
LETTERS = {"pass": "P", "call": "C", "alone": "A", "next": "N", "cross": "X", "other cross": "W",
           "book's discard": "B", "lowest plain": "L", "longest suit": "G", "make a void": "V"}
# The policy's flags: each told by a mark in the cell and by the dash of its frame, not by colour.
FLAGS = {"too cautious": ("▲", "solid"), "too bold": ("▼", (0, (3, 1.5))), "wrong suit": ("◆", (0, (1, 1))),
         "wrong discard": ("◆", (0, (1, 1)))}
# A4 portrait, one panel a page: the 36 rows of holdings run down the long side, so that each row
# has room for two lines of 7-point type (on a landscape page a row would hold one line).
PAGE = (210 / 25.4, 297 / 25.4)   # inches
SMALLEST = 7.0     # points: the smallest type on a page (the cells, the key)
PRINT_DPI = 150    # the PNG pages: 7-point type 14 px high, 12 px where the report scales a page to 990 px
PAD = 0.06         # a cell's margin, a share of its width: the text clears a frame
PAGE_TITLES = {1: "round one, the turned-up suit", 2: "round two, his strongest legal suit",
               DISCARD: "the dealer's discard after taking up"}


def _columns(rnd: int) -> list[tuple]:
    if rnd != 2:
        return [(a, v) for a in (0, 1, 2) for v in (0, 1)]
    return [(r, d, a) for r in ("next", "cross") for d in ("no bower down", "bower down") for a in (0, 1)]


def _column_label(rnd: int, col) -> str:
    if rnd != 2:
        a, v = col
        return f"{('no ace', '1 ace', '2+ aces')[a]}\n{'a void' if v else 'no void'}"
    r, d, a = col
    return f"{r}\n{d}\n{'an ace' if a else 'no ace'}"


def _pale(colour: str, amount: float = 0.6):
    from matplotlib.colors import to_rgb
    return tuple(c + (1 - c) * amount for c in to_rgb(colour))


def _number(x: float, unit: str, sign: str = "") -> str:
    """Net points with two decimals; a probability in percentage points with one (the page's key
    names the unit)."""
    return f"{x:{sign}.2f}" if unit == POINTS_UNIT else f"{100 * x:{sign}.1f}"


def cell_lines(r) -> tuple[str, str, str]:
    """A cell's text, from its row of :func:`action_table`: the best action's letter and its margin
    over the next best (never negative) +- the 95% half-width; the policy's usual action's letter
    and its share of the class's hands; the hands played."""
    half = (r.margin_high - r.margin_low) / 2
    usual = r.policy_usual
    share = float(getattr(r, "policy_" + column(usual)))
    return (f"{LETTERS[r.best]} {_number(r.margin, r.unit)}±{_number(half, r.unit)}",
            f"{LETTERS[usual]} {share:.0%}", f"{r.deals}")


def _panel(ax, rows: pd.DataFrame, rnd: int):
    """The holdings (rows, the weakest at the bottom) by the round's columns: each judged class
    coloured by its best action, strong where its margin clears its interval, with its two lines."""
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Rectangle

    cols = _columns(rnd)
    image = np.ones((len(HOLDINGS), len(cols), 3))
    for r in rows.itertuples(index=False):
        col = (r.aces, r.voids) if rnd != 2 else (r.relation, r.down, r.aces)
        if col not in cols:
            continue
        x, y = cols.index(col), HOLDINGS.index(r.holding)
        if r.deals < MIN_DEALS:   # too few hands to judge: not coloured, but hatched and marked, with its count
            ax.add_patch(Rectangle((x, y), 1, 1, fill=False, hatch="/", edgecolor="0.75", linewidth=0,
                                   gid="few hands"))   # sparse and light: the text stays legible over it
            ax.text(x + PAD, y + 0.72, FEW_MARK, ha="left", va="center", fontsize=SMALLEST, color="black")
            ax.text(x + 1 - PAD, y + 0.28, f"{r.deals}", ha="right", va="center", fontsize=SMALLEST, color="black")
            continue
        clear = bool(np.isfinite(r.margin_low) and r.margin_low > 0)
        image[y, x] = to_rgb(COLOURS[r.best]) if clear else _pale(COLOURS[r.best])
        ink = "white" if clear and r.best == "alone" else "black"
        best, usual, played = cell_lines(r)
        # two lines: the best action on top, the mark at its right; the policy's action, the hands at the right
        ax.text(x + PAD, y + 0.72, best, ha="left", va="center", fontsize=SMALLEST, color=ink)
        ax.text(x + PAD, y + 0.28, usual, ha="left", va="center", fontsize=SMALLEST, color=ink)
        ax.text(x + 1 - PAD, y + 0.28, played, ha="right", va="center", fontsize=SMALLEST, color=ink)
        if r.verdict in FLAGS:
            mark, dash = FLAGS[r.verdict]
            ax.text(x + 1 - PAD, y + 0.72, mark, ha="right", va="center", fontsize=SMALLEST, color=ink)
            ax.add_patch(Rectangle((x + 0.015, y + 0.03), 0.97, 0.94, facecolor="none", edgecolor="black",
                                   linewidth=1.1, linestyle=dash))
    ax.imshow(image, extent=(0, len(cols), 0, len(HOLDINGS)), origin="lower", aspect="auto", interpolation="nearest")
    ax.set_xlim(0, len(cols))
    ax.set_ylim(0, len(HOLDINGS))
    ax.set_xticks(np.arange(len(cols)) + 0.5)
    ax.set_xticklabels([_column_label(rnd, c) for c in cols], fontsize=SMALLEST)
    ax.xaxis.tick_top()
    ax.set_yticks(np.arange(len(HOLDINGS)) + 0.5)
    ax.set_yticklabels(HOLDINGS, fontsize=7.5)
    ax.set_xticks(np.arange(len(cols) + 1), minor=True)
    ax.set_yticks(np.arange(len(HOLDINGS) + 1), minor=True)
    ax.grid(which="minor", color="white", linewidth=1.0)
    ax.tick_params(which="both", length=0)
    for side in ax.spines.values():
        side.set_visible(False)


CHART_KEY = (
    "A cell is a class of hands; its row the trumps held (R the right bower, L the left, A, K, x a lower one), the "
    "weakest at the bottom. Top line: the best action and its margin over the next best {unit}, ± its 95% "
    "interval; the colour strong where the margin clears the interval, pale where not. Bottom line: the usual "
    "action of {policy}, its share of the class's hands and, at the right, the hands played. Hatched, with "
    "\"{few}\" and the hands played: fewer than {min}, too few to judge. A mark and a frame: the usual action of "
    "{policy} loses to the best beyond its 95% interval.")

# The whole of how a chart reads, for a report's method; a page carries CHART_KEY.
CHART_NOTE = (
    "Each page is one seat's decision at one score. A cell is a class of hands: the rows are the trumps held, "
    "weakest at the bottom, ordered by 100 x trumps + their orders; the columns are the outside aces and the "
    "voids in round one and for the dealer's discard, and in round two whether the strongest legal suit is next "
    "or cross, whether a bower was turned down, and whether the hand holds an outside ace. Its colour is the "
    "best action's, strong where the best action's margin over the next best clears its 95% interval, pale "
    "where not; hatched, marked \"* few hands\" with the hands played, where fewer than {min} were played (too few "
    "to judge). Its top line is the best action's letter, its "
    "margin over the next best (in net points per hand to the deciding side at love-all, in percentage points "
    "of the deciding side's probability of winning the game at another score) and the 95% half-width; its "
    "bottom line is the usual action of {policy} there, its share of the class's hands and the hands played. "
    "Where the usual action of {policy} loses to the best by more than its 95% interval, the cell has a mark and "
    "a frame: ▲ and a solid frame too cautious (it passes, or does not go alone, where bolder is better), ▼ and a dashed "
    "frame too bold, ◆ and a dotted frame the wrong suit or the wrong discard. The colours are Okabe and Ito's, "
    "safe for colour-blind readers, and every action has its letter too.")


def chart_key(unit: str, policy_name: str) -> str:
    """The short key printed on a page in ``unit``."""
    unit_words = ("in net points per hand to the deciding side" if unit == POINTS_UNIT else
                  f"in percentage points of the {unit}")
    return CHART_KEY.format(unit=unit_words, policy=policy_name, min=MIN_DEALS, few=FEW_MARK.replace(" ", "\u00a0"))


def draw_page(rows: pd.DataFrame, rnd: int, *, title: str, subtitle: str, note: str,
              policy_name: str = "the book"):
    """One A4 page: the chart of one seat's decision ``rnd`` (1, 2 or :data:`DISCARD`) from its
    ``rows`` of :func:`action_table` at one score, under the ``title``, with the actions' and the
    flags' legend and the ``note`` below. Returns the matplotlib figure."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    width, height = PAGE
    lines = [line for part in note.split("\n") for line in textwrap.wrap(part, 128)]
    note_top = 0.3 + len(lines) * SMALLEST * 1.25 / 72              # inches from the bottom edge
    left, right, top, bottom = 0.95, width - 0.3, height - 1.25, note_top + 0.55
    fig = plt.figure(figsize=PAGE)
    ax = fig.add_axes((left / width, bottom / height, (right - left) / width, (top - bottom) / height))
    _panel(ax, rows, rnd)
    fig.text(0.5, 1 - 0.3 / height, title, fontsize=12, weight="bold", ha="center", va="top")
    fig.text(0.5, 1 - 0.55 / height, subtitle, fontsize=9, ha="center", va="top", color="0.25")
    # the actions in one row, the flags in the row below
    actions = [Patch(facecolor=COLOURS[a], edgecolor="0.5", linewidth=0.5, label=f"{LETTERS[a]}  {a}")
               for a in ARMS[rnd]]
    flags = {1: ("too cautious", "too bold"), 2: ("too cautious", "too bold", "wrong suit"),
             DISCARD: ("wrong discard",)}[rnd]
    flags = [Patch(facecolor="white", edgecolor="black", linewidth=1.1, linestyle=FLAGS[w][1],
                   label=f"{FLAGS[w][0]}  {policy_name} {w}") for w in flags]
    flags.append(Patch(facecolor="white", edgecolor="0.75", hatch="//", linewidth=0.5,   # denser: a swatch is small
                       label=f"{FEW_MARK}: fewer than {MIN_DEALS} played"))
    for row, handles in enumerate((actions, flags)):
        fig.legend(handles=handles, loc="upper center", ncol=len(handles), fontsize=7.5, frameon=False,
                   bbox_to_anchor=(0.5, (bottom - 0.14 - 0.2 * row) / height), handlelength=2.2,
                   columnspacing=1.6, borderpad=0, borderaxespad=0)
    fig.text(left / width, 0.3 / height, "\n".join(lines), fontsize=SMALLEST, ha="left", va="bottom",
             color="0.2", linespacing=1.25)
    return fig


def save_figure(fig, path, dpi: int = PRINT_DPI) -> Path:
    """PNG (or PDF by the suffix), written whole or not at all."""
    import matplotlib.pyplot as plt
    from analysis.storage import write_atomic
    path = Path(path)
    fmt = path.suffix.lstrip(".") or "png"
    try:
        return write_atomic(path, lambda tmp: fig.savefig(tmp, dpi=dpi, format=fmt, metadata=(
            {"Software": None} if fmt == "png" else {"Creator": None, "Producer": None, "CreationDate": None})))
    finally:
        plt.close(fig)


def save_page(fig, path) -> Path:
    """A chart page as PNG at :data:`PRINT_DPI`, written whole or not at all, in 256 colours: a
    page has a few hundred, its cells' colours and their anti-aliased edges, and the palette that
    covers the most pixels keeps every one within a few levels of its own, at a third of the bytes
    (a report embeds every page)."""
    import io

    import matplotlib.pyplot as plt
    from PIL import Image

    from analysis.storage import write_atomic
    buffer = io.BytesIO()
    try:
        fig.savefig(buffer, dpi=PRINT_DPI, format="png")
    finally:
        plt.close(fig)
    image = Image.open(buffer).convert("RGB").quantize(256, method=Image.Quantize.MAXCOVERAGE,
                                                       dither=Image.Dither.NONE)
    return write_atomic(Path(path), lambda tmp: image.save(tmp, format="png", optimize=True))


def score_words(a: int, b: int, seat: str | None = None) -> str:
    """``"love-all"``, or the score from the seat's side: ``"his side 4, the other 2"``."""
    if (a, b) == (0, 0):
        return "love-all"
    if seat is None:
        return f"A+C {a}, B+D {b}"
    own, theirs = (a, b) if SEATS.index(seat) % 2 == 0 else (b, a)
    return f"his side {own}, the other {theirs}"


def page_key(seat: str, a: int, b: int, rnd: int) -> str:
    """A chart page's name: the seat, the decision ("round1", "round2" or "discard") and the score
    AC-BD unless love-all: ``"B_round1"``, ``"A_discard"``, ``"B_round2_4-2"``."""
    decision = "discard" if rnd == DISCARD else f"round{rnd}"
    return f"{seat}_{decision}" + ("" if (a, b) == (0, 0) else f"_{a}-{b}")


def read_page_key(key: str) -> tuple[str, int, tuple[int, int]]:
    """The seat, the decision (1, 2 or :data:`DISCARD`) and the score of a page's name."""
    seat, decision, *score = key.split("_")
    rnd = DISCARD if decision == "discard" else int(decision.removeprefix("round"))
    a, b = (int(x) for x in score[0].split("-")) if score else (0, 0)
    return seat, rnd, (a, b)


def write_charts(table: pd.DataFrame, out_dir, *, title: str, method: str, policy_name: str,
                 seats=("B", "C", "D", "A"), prefix: str = "chart") -> dict[str, Path]:
    """One A4 page per score, seat and decision of ``table`` (round one, round two, the dealer's
    discard), each a PNG (``<prefix>_<page_key>.png``) and all of them, in that order, one PDF
    (``<prefix>.pdf``), in ``out_dir``; returns the paths by page key, and the PDF's as "pdf"."""
    from matplotlib.backends.backend_pdf import PdfPages
    from analysis.storage import write_atomic
    from analysis.game import SEAT_NAMES

    out_dir = Path(out_dir)
    scores = sorted({(int(a), int(b)) for a, b in zip(table["a"], table["b"])}, key=lambda x: (x != (0, 0), x))
    paths = {}

    def pages(tmp):
        with PdfPages(tmp, metadata={"Creator": None, "Producer": None, "CreationDate": None}) as book:
            for a, b in scores:
                at = table[(table["a"] == a) & (table["b"] == b)]
                for seat in seats:
                    for rnd in (1, 2, DISCARD):
                        rows = at[(at["seat"] == seat) & (at["round"] == rnd)]
                        if rows.empty:
                            continue
                        name = SEAT_NAMES[SEATS.index(seat)]
                        note = chart_key(rows["unit"].iloc[0], policy_name) + "\n" + method
                        fig = draw_page(rows, rnd, title=f"{name}, at {score_words(a, b, seat)}: {PAGE_TITLES[rnd]}",
                                        subtitle=title, note=note, policy_name=policy_name)
                        book.savefig(fig)   # one figure at a time: each is closed once its PNG is written
                        key = page_key(seat, a, b, rnd)
                        paths[key] = save_page(fig, out_dir / f"{prefix}_{key}.png")

    pdf = write_atomic(out_dir / f"{prefix}.pdf", pages)
    return paths | {"pdf": pdf}


# --- any policy: what the `euchrelab chart` command runs ----------------------------------------------------

BATCH = 25_000   # deals per batch (the cap is per batch, as in the study's chunks)


def _chart_batch(policy: Policy, seat: int, rnd: int, n: int, seed, rules, score, cap: int) -> pd.DataFrame:
    from fastcore.sampler import sample_deals
    return decision_rows(sample_deals(n, seed, pack=rules.pack), policy, seat, rnd, rules, score, cap)


def chart_rows(policy: Policy, seats, deals: int, seed: int, rules, score=(0, 0), cap: int = 60,
               round_two_factor: int = 3, progress=None, jobs: int = 1) -> pd.DataFrame:
    """The counted frame of every given seat's decisions under ``policy``: ``deals`` fresh deals
    per seat and round (round two ``round_two_factor`` times as many), in batches of
    :data:`BATCH`, each batch capped at ``cap`` hands per class. Each batch has its own seed, so
    ``jobs`` workers give the same frame as one."""
    from joblib import delayed

    from analysis.parallel import local_parallel

    batches = []
    for seat in seats:
        for rnd in ((1, 2, DISCARD) if seat == 0 else (1, 2)):
            total = deals * (round_two_factor if rnd == 2 else 1)
            batches.extend((seat, rnd, k, start, total) for k, start in enumerate(range(0, total, BATCH)))
    tasks = (delayed(_chart_batch)(policy, seat, rnd, min(BATCH, total - start), chart_batch_seed(seed, seat, rnd, k),
                                   rules, score, cap) for seat, rnd, k, start, total in batches)
    frames = []
    for (seat, rnd, _k, start, total), frame in zip(batches, local_parallel(jobs, return_as="generator")(tasks)):
        frames.append(frame)
        if progress:
            progress(SEATS[seat], rnd, min(start + BATCH, total), total)
    return counted(frames)

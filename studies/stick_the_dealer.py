"""Stick-the-dealer: what the modern rule changes, measured.

When all four pass twice the book voids the deal (law 77); under stick-the-dealer the dealer
must name a suit other than the one turned down. The study measures, under two rule sets (the
book's: the 32-card pack, five points; the modern: the 24-card pack, ten points), with the book's
policy for all four players:

1. **What the stuck dealer should name.** On the deals where all four pass twice, the dealer's
   side's net points of naming each of the three legal suits (next: the turned-down suit's
   colour; the stronger and the weaker cross suit, by the strength key of the hand in each),
   played double-dummy on the same deals, against the policy's choice (the suit with most
   trumps, then the higher trumps); in points per hand and in P(win game) at love-all by the
   game model of the rule set with the rule. By a hand class of the dealer (trumps in his
   strongest suit: 0-1, 2, 3+; a bower in it or not). Three plain rules are compared with each
   other: the suit with most trumps (the policy's), always next, the suit of his highest trump.
2. **How the rule changes each side's game.** The book's hands at every score, with and without
   the rule on the same deals: the share of hands void without it, each side's points per hand,
   and the dealing side's P(win game) from love-all by each game model.
3. **The seat before the stuck dealer.** The third hand's round-two make (his strongest suit)
   against his pass, on a ladder of hands (the score chart's rungs, in his strongest suit), without
   the rule and with it (his pass then sticks the dealer), at love-all.

Scenarios: ``game-<set>`` (deal i of a chunk at score i mod game², both rules on the same deals),
``stuck-<set>.<k>`` (deals at love-all, ``replicates`` of them: few deals are stuck, so more
are dealt) and ``third-<set>`` (deals at love-all, at most ``cap`` hands of a rung per chunk). The rule sets are the study's own: it ignores the run's rules.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch
from analysis.errors import EuchreError
from analysis.experiment import GAME_WIN, Study, summed_counts
from analysis.experiment.stats import Estimate, mean_from_sums
from analysis.game.cards import ACE, JACK
from analysis.game import Rules, Score
from analysis.reporting.markup import md_table
from analysis.simulator import play_out
from analysis.value import game_value
from analysis.value.game_model import OUTCOMES, outcome_index
from fastcore.handpatterns import hand_numbers
from fastcore.sampler import sample_deals
from studies.common.game_models import table_outcome_counts, root_seed
from analysis.bidding.rungs import RUNGS, rung_of
from studies.common.report import amount, charts, headline, in_full, options_of, study_report

RULE_SETS = {"book": Rules(pack=32, points_for_game=5), "modern": Rules(pack=24, points_for_game=10)}
SET_WORDS = {"book": "the book's (32 cards, 5 points)", "modern": "the modern (24 cards, 10 points)"}
SET_NAMES = {"book": "the book's rules", "modern": "the modern rules"}
ARM_NAMES = ("next", "stronger cross", "weaker cross")
RULES_COMPARED = {"pol": "most trumps (the policy's)", "tie": "most trumps, ties to next", "next": "always next",
                  "high": "suit of his highest trump"}
KEYS = ["kind", "set", "a", "b", "out_off", "out_on", "cls", "pol", "high", "tie", "n0", "n1", "n2", "n3"]
CLASSES = ("0-1 trump", "2 trumps with a bower", "2 trumps, the ace high", "2 trumps, king or lower high",
           "3+ trumps")
DEFAULT_REPLICATES = 4
DEFAULT_CAP = 250         # the third hand's hands of one rung played per chunk at most
OUT_POINTS = np.array(OUTCOMES, np.int64)    # (7, 2): the dealing side's points, the other's


def with_stick(rules: Rules) -> Rules:
    return Rules(pack=rules.pack, points_for_game=rules.points_for_game, stick_the_dealer=True, rubber=rules.rubber)


# --- the dealer's suits --------------------------------------------------------------------------

def arm_suits(hands: np.ndarray, turn_up: np.ndarray) -> np.ndarray:
    """(N, 3) the suits of the three arms: next, the stronger cross suit, the weaker (by the hand's
    strength key in each, ties to the lower suit)."""
    hands = np.asarray(hands, np.uint32)
    down = (np.asarray(turn_up, np.int64) >> 3)
    nxt = down ^ 1
    c_low = (down & 2) ^ 2
    c_high = c_low + 1
    key_low = hand_numbers_of(hands, c_low)[:, 2]
    key_high = hand_numbers_of(hands, c_high)[:, 2]
    first = np.where(key_high > key_low, c_high, c_low)
    second = np.where(key_high > key_low, c_low, c_high)
    return np.stack([nxt, first, second], axis=1).astype(np.int8)


def hand_numbers_of(hands, trump) -> np.ndarray:
    return hand_numbers(np.asarray(hands, np.uint32), np.broadcast_to(np.asarray(trump, np.int8), np.shape(hands)).copy())


def top_trump(hands: np.ndarray, suit: np.ndarray) -> np.ndarray:
    """The order of the hand's highest trump if ``suit`` were trumps: the right 9, the left 8,
    else the rank (0 the seven, 7 the ace) of its highest card of the suit; -1 none."""
    hands = np.asarray(hands, np.uint32)
    suit = np.asarray(suit, np.uint32)
    cards = (hands >> (suit * 8)) & 0xFF
    plain = cards & ~np.uint32(1 << JACK)
    top = np.full(len(hands), -1, np.int64)
    for rank in range(8):
        top = np.where((plain >> rank) & 1 == 1, rank, top)
    left = (hands >> ((suit ^ 1) * 8 + JACK)) & 1
    right = (cards >> JACK) & 1
    return np.where(right == 1, 9, np.where(left == 1, 8, top))


def class_of(hands: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """The dealer's class (index in :data:`CLASSES`) by his strongest of the three suits (by the
    strength key): the trumps he holds in it, and his highest trump there."""
    keys = np.stack([hand_numbers_of(hands, suits[:, k])[:, 2] for k in range(3)], axis=1)
    best = suits[np.arange(len(hands)), np.argmax(keys, axis=1)]
    trumps = hand_numbers_of(hands, best)[:, 0]
    top = top_trump(hands, best)
    return np.select([trumps <= 1, trumps >= 3, top >= 8, top == ACE], [0, 4, 1, 2], 3).astype(np.int8)


def tie_arm(hands: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """The arm of the rule "most trumps, ties to next": next (0) when it holds as many trumps as
    the stronger cross suit, else the stronger cross suit (1)."""
    count = [hand_numbers_of(hands, suits[:, k])[:, 0] for k in range(2)]
    return np.where(count[0] >= count[1], 0, 1).astype(np.int8)


class RoundTwoArm(BookPolicy):
    """The book's policy, but where ``decides(t)`` (a seat's round-two decision) the call is
    ``call(t)``: one arm of a round-two question."""

    def __init__(self, name: str, decides, call):
        super().__init__()
        self.decides, self.call, self.name = decides, call, name

    def second_round_batch(self, t):
        out = super().second_round_batch(t)
        return self.call(t) if self.decides(t) else out


def stuck_arm(arm: int) -> RoundTwoArm:
    """The stuck dealer names the suit of arm ``arm`` (see :func:`arm_suits`)."""
    return RoundTwoArm(f"book, stuck dealer names {ARM_NAMES[arm]}", lambda t: t.seat == 0 and t.must_call,
                       lambda t: arm_suits(t.hands, t.turn_up)[:, arm].astype(np.int8))


def _nets(deals_hands, turn_up, policy, rules, score) -> tuple[np.ndarray, np.ndarray]:
    """Each deal's net points to AC, and the trump made."""
    b = bid_batch(deals_hands, turn_up, policy, rules, score)
    _, points = play_out(b.maker, b.trump, b.lone_seat, b.play_hands)
    return points[:, 0].astype(np.int64) - points[:, 1], b


# --- one chunk ------------------------------------------------------------------------------------

def _empty_row() -> dict:
    return {"kind": "", "set": "", "a": 0, "b": 0, "out_off": -1, "out_on": -1, "cls": -1, "pol": -1, "high": -1, "tie": -1,
            "n0": 0, "n1": 0, "n2": 0, "n3": 0}


def rule_game_rows(deals, set_name: str) -> pd.DataFrame:
    """The book's hands, deal i at score i mod game² (the dealers' points first), bid and played
    without the rule and with it on the same deals: counts per (score, outcome without, with)."""
    rules = RULE_SETS[set_name]
    game = rules.points_for_game
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    n = len(hands)
    which = np.arange(n) % (game * game)
    a, b = which // game, which % game
    out_off = np.zeros(n, np.int8)
    out_on = np.zeros(n, np.int8)
    for s in range(game * game):
        rows = np.flatnonzero(which == s)
        if not len(rows):
            continue
        score = Score(int(s // game), int(s % game))
        bb = bid_batch(hands[rows], turn_up[rows], BookPolicy(), rules, score)
        _, points = play_out(bb.maker, bb.trump, bb.lone_seat, bb.play_hands)
        out_off[rows] = outcome_index(points[:, 0], points[:, 1])
        out_on[rows] = out_off[rows]
        void = rows[bb.round == 0]      # the only deals the rule changes
        if len(void):
            sb = bid_batch(hands[void], turn_up[void], BookPolicy(), with_stick(rules), score)
            _, points = play_out(sb.maker, sb.trump, sb.lone_seat, sb.play_hands)
            out_on[void] = outcome_index(points[:, 0], points[:, 1])
    frame = pd.DataFrame({**_empty_row(), "kind": "game", "set": set_name, "a": a, "b": b, "out_off": out_off,
                          "out_on": out_on})
    return _counted(frame)


def stuck_rows(deals, set_name: str) -> pd.DataFrame:
    """The deals at love-all where all four pass twice under the book's policy; on them, the
    stuck dealer names each of the three suits: counts per (class, the policy's arm, the highest
    trump's arm, each arm's net points to the dealer's side)."""
    rules = RULE_SETS[set_name]
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    off = bid_batch(hands, turn_up, BookPolicy(), rules, Score(0, 0))
    rows = np.flatnonzero(off.round == 0)
    if not len(rows):
        return _counted(pd.DataFrame(columns=KEYS))
    h, t = hands[rows], turn_up[rows]
    stick = with_stick(rules)
    suits = arm_suits(h[:, 0], t)
    nets = np.stack([_nets(h, t, stuck_arm(k), stick, Score(0, 0))[0] for k in range(3)], axis=1)
    pol_trump = bid_batch(h, t, BookPolicy(), stick, Score(0, 0)).trump
    pol = np.argmax(suits == pol_trump[:, None], axis=1)
    tops = np.stack([top_trump(h[:, 0], suits[:, k]) for k in range(3)], axis=1)
    counts = np.stack([hand_numbers_of(h[:, 0], suits[:, k])[:, 0] for k in range(3)], axis=1)
    high = np.argmax(tops * 16 + counts, axis=1)     # the highest trump, then the most trumps; ties to next
    frame = pd.DataFrame({**_empty_row(), "kind": "stuck", "set": set_name, "cls": class_of(h[:, 0], suits),
                          "pol": pol, "high": high, "tie": tie_arm(h[:, 0], suits), "n0": nets[:, 0], "n1": nets[:, 1], "n2": nets[:, 2]})
    return _counted(frame)


def _counted(frame: pd.DataFrame) -> pd.DataFrame:
    if frame.empty:
        return pd.DataFrame({k: pd.Series(dtype=object) for k in KEYS} | {"deals": pd.Series(dtype=np.int64)})
    return frame[KEYS].groupby(KEYS, observed=True).size().rename("deals").reset_index()


def best_suit(hands: np.ndarray, turn_up: np.ndarray) -> np.ndarray:
    """The suit where a hand is strongest (the strength key) of the three that may be named in
    round two (ties to next)."""
    suits = arm_suits(hands, turn_up)
    keys = [hand_numbers_of(hands, suits[:, k])[:, 2] for k in range(2)]
    return np.where(keys[0] >= keys[1], suits[:, 0], suits[:, 1]).astype(np.int8)


def third_arm(make: bool) -> RoundTwoArm:
    """The third hand (D, before the dealer) in round two makes his strongest suit (``make``) or passes."""
    return RoundTwoArm(f"book, the third hand {'makes' if make else 'passes'} in round two", lambda t: t.seat == 3,
                       lambda t: best_suit(t.hands, t.turn_up) if make else np.full(len(t), -1, np.int8))


def third_rows(deals, set_name: str, cap: int) -> pd.DataFrame:
    """The deals at love-all where the book's bidding reaches the third hand's round-two decision;
    of each rung of his strongest suit (the score chart's ladder, :data:`analysis.bidding.rungs.RUNGS`),
    the first ``cap``, played making and passing, without the rule and with it: counts per (rung,
    the book makes, the four arms' net points to his side)."""
    rules = RULE_SETS[set_name]
    hands = np.asarray(deals.hands, np.uint32)
    turn_up = np.asarray(deals.turn_up, np.int8)
    off = bid_batch(hands, turn_up, BookPolicy(), rules, Score(0, 0))
    reached = (off.round == 0) | ((off.round == 2) & ((off.caller == 3) | (off.caller == 0)))
    rung = rung_of(hands[:, 3], best_suit(hands[:, 3], turn_up))
    rows = np.sort(np.concatenate([np.flatnonzero(reached & (rung == r))[:cap] for r in range(len(RUNGS))]))
    if not len(rows):
        return _counted(pd.DataFrame(columns=KEYS))
    h, t = hands[rows], turn_up[rows]
    nets = [-_nets(h, t, third_arm(make), r, Score(0, 0))[0]       # to BD, the third hand's side
            for r in (rules, with_stick(rules)) for make in (True, False)]
    book = (off.round[rows] == 2) & (off.caller[rows] == 3)
    frame = pd.DataFrame({**_empty_row(), "kind": "third", "set": set_name, "cls": rung[rows], "pol": book,
                          "n0": nets[0], "n1": nets[1], "n2": nets[2], "n3": nets[3]})
    return _counted(frame)


# --- the study ------------------------------------------------------------------------------------

class StickTheDealer(Study):
    name = "stick_the_dealer"
    title = "Stick-the-dealer: what the modern rule changes"
    description = ("The modern rule that the dealer must name a suit when all pass twice, under the book's rules "
                   "and the modern ones: what the stuck dealer should name, and how the rule changes each side's "
                   "points and game (descriptive).")
    policies = ("the book's policy (analysis.bidding.book_policy.BookPolicy, default parameters) for all four players; "
                "the stuck dealer's suit forced to each of the three legal suits")
    defaults = {"deals": 20_000, "chunk_size": 20_000, "replicates": DEFAULT_REPLICATES, "cap": DEFAULT_CAP}
    suite_position = 7
    claims = ()

    def scenarios(self, settings) -> list[str]:
        replicates, _cap = self.whole_options(settings, replicates=DEFAULT_REPLICATES, cap=DEFAULT_CAP)
        return ([f"game-{s}" for s in RULE_SETS]
                + [f"stuck-{s}.{k}" for s in RULE_SETS for k in range(1, replicates + 1)]
                + [f"third-{s}" for s in RULE_SETS])

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        kind, rest = scenario.split("-", 1)
        set_name = rest.split(".")[0]
        deals = sample_deals(n_deals, seed, pack=RULE_SETS[set_name].pack)
        if kind == "third":
            return third_rows(deals, set_name, settings.options.get("cap", DEFAULT_CAP))
        return rule_game_rows(deals, set_name) if kind == "game" else stuck_rows(deals, set_name)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, KEYS, dict.fromkeys(KEYS[2:], np.int8))

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = StickTheDealer()


# --- the numbers ------------------------------------------------------------------------------------

def rule_set_model(table: pd.DataFrame, set_name: str, on: bool, manifest: dict | None = None):
    """The game model of a rule set with the rule or without it, from the study's game scenario;
    its draws keyed by the run's root seed, the study, the set and the rule."""
    rules = with_stick(RULE_SETS[set_name]) if on else RULE_SETS[set_name]
    game_rows = table[(table["kind"] == "game") & (table["set"] == set_name)]
    counts = table_outcome_counts(game_rows, rules.points_for_game, "out_on" if on else "out_off")
    key = f"{StickTheDealer.name}/{set_name}/{'on' if on else 'off'}"
    return game_value.solved(counts, rules, root_seed(manifest), key)


def _weighted(values: np.ndarray, w: np.ndarray) -> Estimate:
    values = np.asarray(values, float)
    w = np.asarray(w, np.int64)
    return mean_from_sums(int(w.sum()), float(w @ values), float(w @ (values * values)))


def _interval(draws: np.ndarray) -> tuple[float, float]:
    low, high = np.percentile(draws, [2.5, 97.5])
    return float(low), float(high)


def game_effects(table: pd.DataFrame, manifest: dict | None = None) -> pd.DataFrame:
    """Per rule set: the share of hands void without the rule, each side's points per hand without
    and with it (over every score, dealt evenly) and the difference on the same deals, and the
    dealing side's P(win game) from love-all by each game model."""
    out = []
    for s in RULE_SETS:
        g = table[(table["kind"] == "game") & (table["set"] == s)]
        n = int(g["deals"].sum())
        if n < 2:
            continue
        w = g["deals"].to_numpy(np.int64)
        off = OUT_POINTS[g["out_off"].to_numpy(int)]
        on = OUT_POINTS[g["out_on"].to_numpy(int)]
        line = {"rules": s, "hands": n, "void": _weighted(g["out_off"].to_numpy() == 0, w)}
        for side, k in (("dealers", 0), ("others", 1)):
            line[f"{side} off"] = _weighted(off[:, k], w)
            line[f"{side} on"] = _weighted(on[:, k], w)
            line[f"{side} change"] = _weighted(on[:, k] - off[:, k], w)
        line["net change"] = _weighted((on[:, 0] - on[:, 1]) - (off[:, 0] - off[:, 1]), w)
        try:
            m_off, m_on = rule_set_model(table, s, False, manifest), rule_set_model(table, s, True, manifest)
        except EuchreError:
            out.append(line)
            continue
        for name, m in (("win off", m_off), ("win on", m_on)):
            line[name] = (float(m.f[0, 0]), *_interval(m.draws[:, 0, 0]))
        diff = m_on.draws[:, 0, 0] - m_off.draws[:, 0, 0]
        line["win change"] = (float(m_on.f[0, 0] - m_off.f[0, 0]), *_interval(diff))
        out.append(line)
    return pd.DataFrame(out)


def stuck_frame(table: pd.DataFrame, set_name: str) -> pd.DataFrame:
    """The stuck deals of a set, with each arm's and each rule's net points (the dealer's side)."""
    rows = table[(table["kind"] == "stuck") & (table["set"] == set_name)].reset_index(drop=True)
    nets = rows[["n0", "n1", "n2"]].to_numpy(np.int64)
    idx = np.arange(len(rows))
    return rows.assign(seat="A", a=0, b=0, pol_net=nets[idx, rows["pol"].to_numpy(int)] if len(rows) else 0,
                       next_net=rows["n0"].astype(np.int64),
                       high_net=nets[idx, rows["high"].to_numpy(int)] if len(rows) else 0,
                       tie_net=nets[idx, rows["tie"].to_numpy(int)] if len(rows) else 0)


def _versus(rows: pd.DataFrame, arm: str, base: str, model) -> dict:
    w = rows["deals"].to_numpy(np.int64)
    p = _weighted(rows[arm].to_numpy(np.int64) - rows[base].to_numpy(np.int64), w)
    out = {"points": p}
    if model is not None:
        out["win"] = model.estimate(rows.astype({arm: np.int64, base: np.int64}), (arm, base), GAME_WIN)
    return out


def suit_table(table: pd.DataFrame, manifest: dict | None = None) -> pd.DataFrame:
    """Per rule set and dealer's class (and all): the stuck deals, the share where the policy
    names each arm, the policy's points per hand, each arm minus the policy's choice."""
    out = []
    for s in RULE_SETS:
        frame = stuck_frame(table, s)
        if frame.empty:
            continue
        model = _safe_model(table, s, manifest)
        groups = [("all", frame)] + [(CLASSES[c], frame[frame["cls"] == c]) for c in range(len(CLASSES))]
        for cls, rows in groups:
            n = int(rows["deals"].sum())
            if n < 2:
                continue
            w = rows["deals"].to_numpy(np.int64)
            line = {"rules": s, "class": cls, "deals": n,
                    "policy names": ", ".join(f"{ARM_NAMES[k]} {w[rows['pol'] == k].sum() / n:.0%}"
                                              for k in range(3)),
                    "policy points": _weighted(rows["pol_net"], w)}
            for k, arm in enumerate(ARM_NAMES):
                v = _versus(rows, f"n{k}", "pol_net", model)
                line[f"{arm} points"] = v["points"]
                line[f"{arm} win"] = v.get("win")
            out.append(line)
    return pd.DataFrame(out)


def rules_table(table: pd.DataFrame, manifest: dict | None = None) -> pd.DataFrame:
    """Per rule set: each plain rule's points per hand on the stuck deals, and each against each
    (paired), in points and P(win game) at love-all."""
    out = []
    for s in RULE_SETS:
        rows = stuck_frame(table, s)
        if int(rows["deals"].sum()) < 2:
            continue
        model = _safe_model(table, s, manifest)
        w = rows["deals"].to_numpy(np.int64)
        for first, second in (("tie", "pol"), ("next", "pol"), ("high", "pol"), ("next", "high")):
            v = _versus(rows, f"{first}_net", f"{second}_net", model)
            differ = int(w[rows[f"{first}_net"] != rows[f"{second}_net"]].sum())
            out.append({"rules": s, "comparison": f"{RULES_COMPARED[first]} - {RULES_COMPARED[second]}",
                        "deals": int(w.sum()), "same suit": _same_share(rows, first, second),
                        "outcome differs": differ / int(w.sum()), "points": v["points"], "win": v.get("win")})
    return pd.DataFrame(out)


def third_table(table: pd.DataFrame, manifest: dict | None = None) -> pd.DataFrame:
    """Per rule set and rung of the third hand's strongest suit: making minus passing in round two,
    without the rule and with it, and the change (paired on the same deals)."""
    out = []
    for s in RULE_SETS:
        frame = table[(table["kind"] == "third") & (table["set"] == s)]
        models = {on: _safe_model(table, s, manifest, on) for on in (False, True)}
        for r, rows in frame.groupby("cls"):
            n = int(rows["deals"].sum())
            if n < 2:
                continue
            rows = rows.assign(seat="D", a=0, b=0).astype({k: np.int64 for k in ("n0", "n1", "n2", "n3")})
            w = rows["deals"].to_numpy(np.int64)
            line = {"rules": s, "rung": int(r) + 1, "hands": RUNGS[int(r)], "deals": n,
                    "book makes": float(w[rows["pol"].to_numpy() == 1].sum() / n)}
            for on, (make, pass_) in ((False, ("n0", "n1")), (True, ("n2", "n3"))):
                v = _versus(rows, make, pass_, models[on])
                line[f"points {'on' if on else 'off'}"] = v["points"]
                line[f"win {'on' if on else 'off'}"] = v.get("win")
            d = (rows["n2"] - rows["n3"] - rows["n0"] + rows["n1"]).to_numpy()
            line["points change"] = _weighted(d, w)
            out.append(line)
    return pd.DataFrame(out)


def _same_share(rows: pd.DataFrame, first: str, second: str) -> float:
    arm = {k: rows[k].to_numpy(int) for k in ("pol", "high", "tie")} | {"next": np.zeros(len(rows), int)}
    w = rows["deals"].to_numpy(np.int64)
    return float(w[arm[first] == arm[second]].sum() / w.sum())


def _safe_model(table, set_name, manifest, on: bool = True):
    try:
        return rule_set_model(table, set_name, on, manifest)
    except EuchreError:   # a tiny run without hands at some score
        return None


# --- the report -------------------------------------------------------------------------------------

def _pm(e, digits=3, pct=False, signed=True) -> str:
    if e is None or (isinstance(e, float) and np.isnan(e)):
        return ""
    if isinstance(e, tuple):
        mean, low, high = e
    else:
        mean, low, high = e.mean, e.low, e.high
    if pct and not signed:
        return f"{mean:.1%} [{low:.1%}, {high:.1%}]"
    if pct:
        return f"{mean:+.1%} [{low:+.1%}, {high:+.1%}]"
    return f"{mean:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]"


def _chart(suits: pd.DataFrame, path: Path) -> Path:
    groups, series = [], {arm: ([], [], [], []) for arm in ARM_NAMES}
    for r in suits.to_dict("records"):
        groups.append(f"{r['rules']}: {r['class']} (n={r['deals']:,})")
        for arm in ARM_NAMES:
            e = r[f"{arm} points"]
            for lst, v in zip(series[arm], (e.mean, e.low, e.high, r["deals"])):
                lst.append(v)
    return charts().error_bars(path, groups, {k: tuple(np.array(v) for v in vals) for k, vals in series.items()},
                             title="The stuck dealer: each suit named minus the policy's choice (most trumps)",
                             ylabel="dealer's side net points per hand", zero_line=True, legend_n=False,
                             note="95% paired intervals; double-dummy play; the book's policy for the others")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    out_dir = Path(out_dir)
    effects = game_effects(table, manifest)
    suits = suit_table(table, manifest)
    rules = rules_table(table, manifest)
    third = third_table(table, manifest)
    files = []
    if not suits.empty:
        files.append((_chart(suits, out_dir / "stuck_suits.png"),
                      "Each of the three legal suits named by the stuck dealer minus the policy's choice, in his "
                      "side's net points per hand, by the dealer's class, on the same deals (95% paired intervals; n "
                      "the stuck deals)."))
    shown_effects = pd.DataFrame([{
        "rules": SET_WORDS[r["rules"]], "hands": f"{r['hands']:,}",
        "void without the rule": _pm(r["void"], pct=True, signed=False),
        "dealers' points/hand: without; with; change": f"{_pm(r['dealers off'])}; {_pm(r['dealers on'])}; "
                                                       f"{_pm(r['dealers change'])}",
        "others' points/hand: without; with; change": f"{_pm(r['others off'])}; {_pm(r['others on'])}; "
                                                      f"{_pm(r['others change'])}",
        "dealers' P(win) from 0-0: without; with; change": (
            f"{_pm(r.get('win off'), pct=True, signed=False)}; {_pm(r.get('win on'), pct=True, signed=False)}; "
            f"{_pm(r.get('win change'), pct=True)}"
            if isinstance(r.get("win off"), tuple) else "")}
        for r in effects.to_dict("records")])
    shown_suits = pd.DataFrame([{
        "rules": r["rules"], "dealer's class": r["class"], "stuck deals": f"{r['deals']:,}",
        "policy names": r["policy names"], "policy's points": _pm(r["policy points"]),
        **{f"{arm} - policy: points": _pm(r[f"{arm} points"]) for arm in ARM_NAMES},
        **{f"{arm} - policy: P(win)": _pm(r[f"{arm} win"], pct=True) for arm in ARM_NAMES}}
        for r in suits.to_dict("records")])
    shown_rules = pd.DataFrame([{
        "rules": r["rules"], "comparison": r["comparison"], "stuck deals": f"{r['deals']:,}",
        "same suit": f"{r['same suit']:.0%}", "points per hand": _pm(r["points"]),
        "P(win game) at love-all": _pm(r["win"], pct=True)} for r in rules.to_dict("records")])
    shown_third = pd.DataFrame([{
        "rules": r["rules"], "rung": r["rung"], "his strongest suit": r["hands"], "deals": f"{r['deals']:,}",
        "book makes": f"{r['book makes']:.0%}",
        "make - pass, points: without the rule": _pm(r["points off"]), "with it": _pm(r["points on"]),
        "change": _pm(r["points change"]),
        "make - pass, P(win): without the rule": _pm(r["win off"], pct=True), "with it ": _pm(r["win on"], pct=True)}
        for r in third.to_dict("records")])
    suits.drop(columns=[c for c in suits.columns if c.endswith("win")]).astype(str).to_csv(
        out_dir / "stuck_suits.csv", index=False)
    replicates = options_of(manifest).get("replicates", DEFAULT_REPLICATES)
    method = (
        "Two rule sets, the study's own whatever the run's rules: " + " and ".join(SET_WORDS.values()) + ", each "
        "without stick-the-dealer (all four passing twice voids the deal, law 77) and with it (the dealer must "
        "name a suit other than the one turned down). The book's policy bids for all four players at every "
        "decision (analysis.bidding.book_policy.BookPolicy, default parameters); when stuck, it names the suit where its "
        "hand is strongest (most trumps, then the higher trumps: its D5 list having failed). Every hand is "
        "played double-dummy (every card seen), which flatters makers and defenders alike.\n\n"
        "Effects on the game (scenarios game-book, game-modern): uniform deals of the set's pack, deal i of a "
        "chunk at score i mod game² (every score below game alike, the dealers' points first), bid and played "
        "without the rule and with it on the same deals (only the void deals differ). Points per hand are "
        "over all scores; the change is paired on the same deals. The game model (analysis/value/game_model.py) is "
        "solved from each arm's outcome counts at every score; the dealing side's P(win game) from love-all "
        "comes with the 95% percentile interval of its bootstrap (analysis/value/game_value.py, 1,000 multinomial "
        "draws per score), and the change's interval from the two models' independent draws (conservative: "
        "the deals are shared).\n\n"
        f"The stuck dealer (scenarios stuck-<set>.1 to .{replicates}): uniform deals at love-all, bid by the book "
        "without the rule; where all four passed twice, the hand is played three times with the rule, the "
        "dealer naming next (the turned-down suit's colour), the stronger cross suit and the weaker (by the "
        "hand's strength key in each), everything else by the book (his lone hand too). Values are the "
        "dealer's side's net points per hand and its P(win game) at love-all by the game model of the set "
        "with the rule (its sampling error joined in quadrature), each paired against the policy's choice on "
        "the same deals. The dealer's class, by the strongest of the three suits "
        "(the strength key): his trumps there (0-1, 2, 3 or more) and, with two, his highest trump there (a "
        "bower, the ace, lower). Having passed the book's round-two list (D5), a stuck dealer mostly holds "
        "two trumps at best. The plain rules are compared only with one another (the "
        "best suit per deal in hindsight is no fair baseline): most trumps (the policy's), always next, the "
        "suit of his highest trump (the right, then the left, then the highest card; ties to the most trumps, "
        "then next), and the most trumps with ties to next (next when it holds as many trumps as the "
        "stronger cross suit).\n\n"
        "The seat before the dealer (scenarios third-book, third-modern): uniform deals at love-all, bid by the "
        "book; where the bidding reaches the third hand's round-two decision (round one passed, and the eldest "
        "and second hands passed in round two), the third hand's hand is put on the score chart's ladder "
        "(studies/score_chart.py) in his strongest suit of the three (by the strength key, ties to next), the "
        f"first {options_of(manifest).get('cap', DEFAULT_CAP):,} hands of each rung of a chunk kept, and "
        "each is played four times: making that suit and passing, without the rule and with it, everything "
        "else by the book. The study tests no claim of the book: the book voids the deal.")
    return study_report(
        study, question=("What does the modern rule of stick-the-dealer change, under the book's rules and the modern "
                         "ones: what should the stuck dealer name, and how does the rule move each side's points and "
                         "game?"),
        method=method, table=shown_effects,
        caption="Each rule set, the book's policy for all: the share of hands void without the rule, each side's "
                "points per hand without it, with it and the paired change, and the dealing side's probability of "
                "winning the game from love-all (95% intervals).",
        files=files, headline=_headline(effects, rules),
        sections=[("What the stuck dealer should name",
                   "Each legal suit minus the policy's choice, by the dealer's class (95% intervals; P(win game) "
                   "at love-all with the model's error). Also in stuck_suits.csv.\n\n" + md_table(shown_suits)),
                  ("Plain rules for the stuck dealer, against each other",
                   "Paired on the same stuck deals: the first rule minus the second; 'same suit' is the share of "
                   "deals where both name the same suit.\n\n" + md_table(shown_rules)),
                  ("The seat before the stuck dealer",
                   "The third hand (D) in round two, all before him having passed: making his strongest suit "
                   "minus passing, in his side's net points per hand and P(win game) at love-all (95% intervals, "
                   "the model's error joined), without the rule and with it (passing then sticks the dealer, "
                   "his adversary), and the change, paired on the same deals. Rungs by his strongest suit (the "
                   "score chart's ladder).\n\n" + (md_table(shown_third) if not shown_third.empty else "No deals.")),
                  in_full(_figures_in_full(effects, rules, third))])


def _headline(effects: pd.DataFrame, rules: pd.DataFrame) -> str:
    """What the rule changes in the dealers' points under the first rule set (the book's), then what
    the stuck dealer gains or loses there always naming next rather than his suit of most trumps."""
    if effects.empty:
        return "No hands were played."
    r = effects.iloc[0]
    first = (f"Under {SET_NAMES[r['rules']]} stick-the-dealer changes the dealers' net by "
             f"{amount(r['net change'])}, the {r['void'].mean:.1%} of hands otherwise void being played.")
    naming = [] if rules.empty else rules[
        (rules["rules"] == r["rules"]) & (rules["comparison"] == f"{RULES_COMPARED['next']} - {RULES_COMPARED['pol']}")
    ]["points"]
    return headline(first, *(f"There a stuck dealer always naming next rather than the suit of his most trumps "
                              f"changes his side's net by {amount(p)}." for p in naming))


def _figures_in_full(effects: pd.DataFrame, rules: pd.DataFrame, third: pd.DataFrame | None = None) -> str:
    parts = []
    for r in effects.to_dict("records"):
        text = (f"{r['rules']}: {r['void'].mean:.1%} of hands void without the rule; the dealers' net points "
                f"per hand change by {_pm(r['net change'])}")
        if isinstance(r.get("win change"), tuple):
            text += f", their P(win game) from love-all by {_pm(r['win change'], pct=True)}"
        parts.append(text)
    for r in rules.to_dict("records"):
        if r["comparison"].startswith(RULES_COMPARED["next"]) and r["comparison"].endswith(RULES_COMPARED["pol"]):
            parts.append(f"{r['rules']} stuck dealer, always next - most trumps: {_pm(r['points'])} points per hand")
    if third is not None and not third.empty:
        for s, g in third.groupby("rules", sort=False):
            changes = [e.mean for e in g["points change"]]
            parts.append(f"{s}: the rule changes the third hand's round-two make - pass by {min(changes):+.2f} to "
                         f"{max(changes):+.2f} points per hand over the rungs")
    return "; ".join(parts) + "."

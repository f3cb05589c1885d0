"""Two audits of the table-side player (PIMC): how many worlds a decision needs, and how PIMC
values a bid against what the bid makes at the table.

1. **Worlds needed.** Hands bid by the book's policy at love-all are played by PIMC players
   (``worlds`` worlds a decision). At every card with two or more legal cards, the card chosen
   from N worlds (N = 4 ... 128, worlds drawn afresh) is compared with the card chosen from
   ``reference_worlds`` worlds: the share of decisions whose choice is unchanged, overall and
   among decisions with a real margin (the best card ahead of the second by at least
   :data:`MARGIN` tricks in the reference).
2. **PIMC's bias in bidding.** The eldest hand's round-one call, order up or order up alone, as
   PIMC values it before the play: the mean over ``bid_worlds`` worlds consistent with his hand
   and the turn-up of the double-dummy result (the rest bid and played by the book's policy), its
   *prediction*; against what the call makes on the true deal when all four play table-side by
   PIMC (*realized*), and double-dummy on the true deal (which the prediction matches in
   expectation: a check). The bias is prediction minus realized, paired per deal, in B's side's
   net points per hand; for the lone hand also the predicted and realized share of marches.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.bidding import BookPolicy, bid_batch, call_word
from analysis.errors import EuchreError
from analysis.experiment import Study, counted, paired_mean, summed_counts, wilson
from analysis.game import LOVE_ALL
from analysis.play import DEFAULT_WORLDS, Player, TablePlay, chunk_engine, pimc_values
from analysis.reporting.markup import md_table
from analysis.reporting.report import interval
from analysis.seeds import audit_bid_seed, audit_worlds_seed
from analysis.simulator import simulate
from fastcore.deals import Constraints
from fastcore.sampler import sample_deals
from studies.common.report import charts, headline, in_full, options_of, pack_of, study_report

NS = (4, 8, 16, 32, 64, 128)
MARGIN = 0.25           # tricks: a decision with a real margin
DEFAULT_REFERENCE = 512
DEFAULT_BID_WORLDS = 64
DEFAULT_DECISIONS = 60  # decisions audited per chunk at most
WORLD_KEYS = ["part", "n", "agree", "margin"]
BID_KEYS = ["part", "action", "pred_sum", "pred_marches", "real_pimc", "real_dd", "march_pimc"]
KEYS = sorted(set(WORLD_KEYS) | set(BID_KEYS), key=lambda k: (WORLD_KEYS + BID_KEYS).index(k))
B = 1
ORDER = call_word(B)     # the eldest hand's round-one call


class Recorder(Player):
    """A PIMC player that also keeps the information sets of its decisions (two or more cards)."""

    def __init__(self, player):
        self.player, self.name, self.seen = player, player.name, []

    def choose(self, info, key):
        legal = info.legal()
        if legal & (legal - 1):
            self.seen.append((info, key))
        return self.player.choose(info, key)


def choice(info, worlds: int, seed: int, key) -> tuple[int, float]:
    """The card PIMC chooses from ``worlds`` worlds (the first best for the player's side by card
    id), and its margin over the second best in tricks."""
    values, _n, _acc = pimc_values(info, worlds, seed, key=key)
    sign = 1.0 if info.player % 2 == 0 else -1.0
    ranked = sorted(values, key=lambda c: (-sign * values[c], c))
    margin = sign * (values[ranked[0]] - values[ranked[1]]) if len(ranked) > 1 else float("inf")
    return ranked[0], margin


def world_rows(deals, rules, worlds: int, reference: int, decisions: int, seed) -> pd.DataFrame:
    """The worlds audit of a chunk (``seed``): its PIMC players' decisions, each valued again from
    the reference's worlds and from N worlds, drawn afresh from seeds next to the players' own."""
    b = bid_batch(deals.hands, deals.turn_up, BookPolicy(), rules, LOVE_ALL)
    pimc = chunk_engine("pimc", worlds, seed, deals.pack).players[0]
    recorder = Recorder(pimc)
    TablePlay(players=[recorder] * 4, pack=deals.pack).play_bidding(b, deals.turn_up)
    rows = []
    for k, (info, key) in enumerate(recorder.seen[:decisions]):
        best, margin = choice(info, reference, audit_worlds_seed(pimc.seed, None), (*key, 1 << 20))
        for n in NS:
            got, _m = choice(info, n, audit_worlds_seed(pimc.seed, n), (*key, 2 << 20, n))
            rows.append(("worlds", n, int(got == best), int(margin >= MARGIN)))
    return counted([pd.DataFrame(rows, columns=WORLD_KEYS)], WORLD_KEYS)


class EldestOrders(BookPolicy):
    """The book's policy, but the eldest hand orders up in round one, alone when ``alone``."""

    def __init__(self, alone: bool):
        super().__init__()
        self.alone_flag = alone
        self.name = f"book, B orders up{' alone' if alone else ''}"

    def first_round_batch(self, t):
        return np.ones(len(t), bool) if t.seat == B else super().first_round_batch(t)

    def alone_batch(self, t):
        if t.seat == B and t.round == 1:
            return np.full(len(t), self.alone_flag)
        return super().alone_batch(t)


def bid_rows(deals, rules, worlds: int, bid_worlds: int, seed) -> pd.DataFrame:
    """The bidding audit of a chunk (``seed``): each deal's call played by the chunk's PIMC players
    and double-dummy, and predicted from worlds drawn from a seed keyed by the players' own."""
    hands = np.asarray(deals.hands, np.uint32)
    rows = []
    for action, alone in ((ORDER, False), (f"{ORDER} alone", True)):
        policy = EldestOrders(alone)
        engine = chunk_engine("pimc", worlds, seed, deals.pack)
        dd = simulate(deals, policy, rules, LOVE_ALL)
        table = simulate(deals, policy, rules, LOVE_ALL, engine=engine)
        real_dd, real_pimc = dd.net(np.full(len(hands), 1)), table.net(np.full(len(hands), 1))
        for i in range(len(hands)):
            mine = [c for c in range(32) if (int(hands[i, B]) >> c) & 1]
            w = sample_deals(bid_worlds, audit_bid_seed(engine.players[0].seed, i, alone), pack=deals.pack,
                             constraints=Constraints(hands={B: mine}, turn_up=int(deals.turn_up[i])))
            pred = simulate(w, policy, rules, LOVE_ALL).net(np.full(bid_worlds, 1)).astype(np.int64)
            march = 4 if alone else 2       # B's side's net points for a march (they made it)
            rows.append(("bid", action, int(pred.sum()), int((pred == march).sum()), int(real_pimc[i]), int(real_dd[i]),
                         int(real_pimc[i] == march)))
    return counted([pd.DataFrame(rows, columns=BID_KEYS)], BID_KEYS)


class PimcAudit(Study):
    name = "pimc_audit"
    title = "Auditing the table-side player: worlds needed, and its bias in bidding"
    description = ("How often PIMC's card is unchanged from N worlds to many more; and the value PIMC predicts for the "
                   "eldest hand's order (alone or not) against what it makes at the table.")
    policies = ("bidding: the book's policy at love-all (the eldest hand forced to order up, alone or not, in the "
                "second audit); play: PIMC in every seat")
    defaults = {"deals": 2_000, "chunk_size": 200, "worlds": DEFAULT_WORLDS, "reference_worlds": DEFAULT_REFERENCE,
                "bid_worlds": DEFAULT_BID_WORLDS, "decisions": DEFAULT_DECISIONS}
    suite_position = None     # table-side play: a few hundred hands a second; the reference run is committed
    takes_play = False       # it chooses its play engines itself
    claims = ()

    def _options(self, settings):
        return self.whole_options(settings, worlds=DEFAULT_WORLDS, reference_worlds=DEFAULT_REFERENCE,
                                  bid_worlds=DEFAULT_BID_WORLDS, decisions=DEFAULT_DECISIONS)

    def scenarios(self, settings) -> list[str]:
        self._options(settings)
        return ["worlds", "bidding"]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        worlds, reference, bid_worlds, decisions = self._options(settings)
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        if scenario == "worlds":
            part = world_rows(deals, settings.rules, worlds, reference, decisions, seed)
        elif scenario == "bidding":
            part = bid_rows(deals, settings.rules, worlds, bid_worlds, seed)
        else:
            raise EuchreError(f"no scenario {scenario!r} in the pimc_audit study")
        part = part.reindex(columns=KEYS + ["deals"])
        for k in KEYS:   # one table for both parts: a column the part lacks is "" or -1
            part[k] = part[k].astype(object).fillna("").astype(str) if k in ("part", "action") else \
                part[k].fillna(-1).astype(np.int64)
        return part

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        return summed_counts(frame, KEYS)

    def estimate(self, key, table, manifest=None):
        return None

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        return render(self, table, manifest, out_dir)


STUDY = PimcAudit()


def worlds_table(table: pd.DataFrame) -> pd.DataFrame:
    t = table[table["part"] == "worlds"]
    out = []
    for n in NS:
        rows = t[t["n"] == n]
        line = {"worlds": n}
        for name, sel in (("all decisions", rows), (f"margin >= {MARGIN} tricks", rows[rows["margin"] == 1])):
            total = int(sel["deals"].sum())
            agree = int(sel.loc[sel["agree"] == 1, "deals"].sum())
            r = wilson(agree, total) if total else None
            line[f"{name}: decisions"] = total
            line[f"{name}: unchanged [95%]"] = "" if r is None else f"{r.rate:.1%} [{r.low:.1%}, {r.high:.1%}]"
        out.append(line)
    return pd.DataFrame(out)


def _worlds_chart(table: pd.DataFrame, path) -> Path:
    """The share of decisions whose card from N worlds is the reference's, by N, with Wilson intervals:
    over all decisions and over those with a real margin."""
    t = table[table["part"] == "worlds"]
    series = {}
    for name, real in (("all decisions", False), (f"margin >= {MARGIN} tricks", True)):
        rates = []
        for n in NS:
            rows = t[(t["n"] == n) & ((t["margin"] == 1) if real else True)]
            total = int(rows["deals"].sum())
            r = wilson(int(rows.loc[rows["agree"] == 1, "deals"].sum()), total) if total else None
            rates.append((np.nan, np.nan, np.nan, 0) if r is None else (r.rate, r.low, r.high, total))
        series[name] = tuple(np.array(column) for column in zip(*rates))
    return charts().error_bars(path, [str(n) for n in NS], series, xlabel="worlds a decision",
                               title="How often PIMC's card is the one the reference's worlds choose",
                               ylabel="share of decisions unchanged", legend_n=True)


def _scaled(e, k: int):
    """An estimate of a sum over ``k`` worlds as one per world."""
    if e is None:
        return None
    return type(e)(e.mean / k, e.low / k, e.high / k, e.se / k, e.sd / k, e.n, e.p_value)


def _bias_line(rows: pd.DataFrame, bid_worlds: int) -> dict:
    n = int(rows["deals"].sum())
    if not n:
        return {}
    rows["pred"] = rows["pred_sum"].astype(np.int64)          # per deal: the sum over the worlds
    rows["pimc_scaled"] = rows["real_pimc"].astype(np.int64) * bid_worlds
    rows["dd_scaled"] = rows["real_dd"].astype(np.int64) * bid_worlds
    w = rows["deals"].to_numpy(np.int64)
    marches = wilson(int(rows.loc[rows["march_pimc"] == 1, "deals"].sum()), n)
    return {"hands": n,
            "predicted (PIMC's worlds)": f"{float(rows['pred'] @ w) / (n * bid_worlds):+.3f}",
            "realized, PIMC at the table": f"{float(rows['real_pimc'].astype(np.int64) @ w) / n:+.3f}",
            "realized, double-dummy": f"{float(rows['real_dd'].astype(np.int64) @ w) / n:+.3f}",
            "predicted - realized at the table [95%]": interval(_scaled(paired_mean(rows, "pred", "pimc_scaled"),
                                                                        bid_worlds)),
            "predicted - realized double-dummy [95%]": interval(_scaled(paired_mean(rows, "pred", "dd_scaled"),
                                                                         bid_worlds)),
            "marches predicted": f"{float(rows['pred_marches'].to_numpy(np.int64) @ w) / (n * bid_worlds):.1%}",
            "marches realized at the table [95%]": f"{marches.rate:.1%} [{marches.low:.1%}, {marches.high:.1%}]"}


def bias_table(table: pd.DataFrame, bid_worlds: int) -> pd.DataFrame:
    t = table[table["part"] == "bid"]
    out = []
    for action in (ORDER, f"{ORDER} alone"):
        every = t[t["action"] == action]
        for which, rows in (("every deal", every), ("where PIMC would call (prediction > 0)", every[every["pred_sum"] > 0])):
            line = _bias_line(rows.copy(), bid_worlds)
            if line:
                out.append({"eldest hand's call": action, "which deals": which} | line)
    return pd.DataFrame(out)


def _headline(wt: pd.DataFrame, bt: pd.DataFrame, reference: int) -> str:
    """How often 32 worlds find the reference's card, and by how much PIMC's worlds over-value
    the eldest hand's order where they say it gains; then the same for ordering up alone."""
    bias = {r["eldest hand's call"]: r["predicted - realized at the table [95%]"]
            for _i, r in bt[bt["which deals"] != "every deal"].iterrows()} if len(bt) else {}
    parts = []
    if len(wt):
        row = wt[wt["worlds"] == 32].iloc[0]
        parts.append(f"With 32 worlds PIMC plays the card {reference} worlds choose in "
                     f"{row['all decisions: unchanged [95%]']} of decisions")
    if ORDER in bias:
        parts.append(f"where it would order up, its worlds' prediction exceeds what the call makes at the table by "
                     f"{bias[ORDER]} points a hand")
    if not parts:
        return ""
    first = ", and ".join(parts) + "."
    alone = bias.get(f"{ORDER} alone")
    if not alone:
        return headline(first[:1].upper() + first[1:])
    low, high = (float(x) for x in re.findall(r"[+-]?\d+\.\d+", alone)[1:3])
    said = ("the excess is" if low > 0 else "the shortfall is" if high < 0 else "no clear excess:")
    return headline(first[:1].upper() + first[1:],
                    f"Where it would order up alone, {said} {alone} points a hand.")


def render(study: Study, table: pd.DataFrame, manifest: dict, out_dir):
    o = options_of(manifest)
    bid_worlds = o.get("bid_worlds", DEFAULT_BID_WORLDS)
    wt, bt = worlds_table(table), bias_table(table, bid_worlds)
    head = []
    if len(wt):
        row = wt[wt["worlds"] == 32].iloc[0]
        head.append(f"with 32 worlds PIMC's card is the one {o.get('reference_worlds', DEFAULT_REFERENCE)} worlds "
                    f"choose in {row['all decisions: unchanged [95%]']} of decisions "
                    f"({row[f'margin >= {MARGIN} tricks: unchanged [95%]']} with a real margin)")
    if len(bt):
        for _i, r in bt[bt["which deals"] != "every deal"].iterrows():
            head.append(f"where PIMC would make the eldest hand's call \"{r.iloc[0]}\", its worlds predict "
                        f"{r.iloc[3]} points a hand and the call makes {r.iloc[4]} at the table "
                        f"(marches {r.iloc[8]} predicted, {r.iloc[9].split(' ')[0]} made)")
    method = (
        f"Uniform random deals of the {pack_of(manifest)}-card pack bid by the book's policy at "
        f"love-all. Worlds needed: the made hands are played by four PIMC players ({o.get('worlds', DEFAULT_WORLDS)} "
        f"worlds a decision); of each chunk's decisions with two or more legal cards, the first "
        f"{o.get('decisions', DEFAULT_DECISIONS)} are valued again from {o.get('reference_worlds', DEFAULT_REFERENCE)} "
        f"worlds (the reference) and from N = {', '.join(map(str, NS))} worlds, each drawn afresh; a choice is "
        f"unchanged when N worlds choose the reference's card; a real margin is the reference's best card ahead of "
        f"the second by {MARGIN} tricks or more. Bidding bias: on every deal the eldest hand is made to order up "
        f"(and, apart, to order up alone), the rest bid by the book's policy; the prediction is the mean over "
        f"{bid_worlds} worlds consistent with his hand and the turn-up of his side's net points, bid on and played "
        "double-dummy (what PIMC would believe the call worth); realized is the same call on the true deal played by "
        "four PIMC players, and double-dummy. Intervals: Wilson for shares, paired t for the differences.")
    play_note = (
        "PIMC draws worlds consistent with what the player saw and solves each double-dummy: it assumes it could play "
        "differently in worlds it cannot tell apart (strategy fusion) and values a card for the present trick's "
        "worlds only (non-locality). Its prediction of a bid is double-dummy in every world, so it credits its "
        "side with the play of a player who sees every card: the bias measured here is that credit.")
    figures = "; ".join(head) + "." if head else ""
    sections = [("Worlds needed", "The share of decisions whose card from N worlds is the reference's, with its "
                 "Wilson interval.\n\n" + (md_table(wt) if len(wt) else "No decisions.")),
                in_full(figures[:1].upper() + figures[1:])]
    return study_report(
        study, question="How many worlds does a PIMC decision need, and does PIMC over-value bids (lone hands above "
                        "all) against what they make at the table?",
        method=method, table=bt,
        caption=("PIMC's bias in bidding: the eldest hand's call on every deal, and on the deals where PIMC's worlds "
                 "say it gains; the prediction minus what the call makes at the table and double-dummy (paired t), "
                 "and the share of marches."),
        headline=_headline(wt, bt, o.get("reference_worlds", DEFAULT_REFERENCE)), sections=sections,
        play_note=play_note, files=[] if not len(wt) else [(
            _worlds_chart(table, Path(out_dir) / "worlds_needed.png"),
            f"The share of decisions whose card from N worlds is the one {o.get('reference_worlds', DEFAULT_REFERENCE)} "
            f"worlds choose, over all decisions and over those whose best card is ahead by {MARGIN} tricks or more, "
            "with 95% Wilson intervals.")])

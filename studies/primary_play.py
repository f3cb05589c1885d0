"""The primary tests of the card-play claims (E4-E10, S8-S11, T5, D7, D9, L6), by the card-play template.

As pre-registered (``analysis/data/primaries.toml``, template CP): deals bid by the company at
love-all (the book's policy, or the optimised policy, in every chair); every seat plays table-side,
PIMC reading the calls under the company's policy (32 worlds a decision, playing for the hand's
points). At the first position of a hand where the claim's rule applies and the cards of the seat to
move hold both a card the book prescribes (P) and one it warns against (W), the hand branches: the
book's arm plays PIMC's best card within P, the other arm PIMC's best card within W, and the same
players play the rest of the hand (:mod:`analysis.play.branching`). The estimate: the branching
seat's side's net points, the book's arm minus the other, per position.

The positions and the two sets, in the pre-registration's words. The eldest hand leads the first
trick:

- E4: B made the trump in round two, his trumps exactly the ace and two below the king: P the ace if
  he made it next, his lowest trump if he crossed; W the rest of his cards;
- E5: C assisted, the right not turned, B with a trump, not exactly the left and one small nor the ace
  and one small, and no void in a plain suit: P his trumps, W his plain cards;
- E6: A took up (assisted or not), B's trumps exactly the right and the ace or the right and the king,
  no outside ace and no guarded outside king: P his plain cards, W his trumps;
- E7: A took up (assisted or not), B with one or two trumps and two outside aces: P his trumps, W the
  rest;
- E8: A took up (assisted or not, as "A took up" reads), B with a bad plain suit (king or queen on top,
  no ace, the next card not touching) and a good lead (a plain ace, a singleton plain king or queen,
  the top of a plain king-queen, queen-knave or knave-ten): P the good leads, W the bad suits' cards;
- E9: A took up unassisted; (b) B with both bowers and an outside ace: P the right, W the rest; else
  (a) B with a trump and a plain card, not E7's hand: P his plain cards, W his trumps;
- E10: D ordered up or made the trump, not alone; (a) B with a trump: P the left with exactly the left
  and a small one, the smaller of exactly two others (the higher of equals), else any trump; W his
  plain cards; (b) made in round two and B without a trump: P his plain cards not of the turned-down
  suit, W that suit.

The other seats (W the rest of his legal cards unless named):

- S8, C after assisting, pooled: (a) with the right and exactly one other trump, B leading a trump at
  the first trick, the ace not turned: P the right; (b) the same with the left, neither the right nor
  the ace turned: P the left; (c) with three trumps, having won the first trick in a plain suit without
  ruffing, leading the second: P his trumps; (d) with two trumps and two aces, at his first lead before
  the adversaries have led a trump: P his trumps;
- S9, C when A took up unassisted, C with exactly two trumps, the higher the queen or lower: (a) at the
  first trick he cannot follow a plain lead: P the higher trump; (b) at his next lead holding the
  lower: P the lower;
- S10, C, pooled: (a) having won the first trick with a plain card, A having discarded a suit X, leading
  the second: P the rest, W suit X; (b) second to a small plain lead at the first trick, void, with a
  single trump: with the right, P his plain cards and W the right; with the left, P the left; (c) with
  exactly one trump, the ten or lower, at his first chance to ruff, A not winning the trick: P the
  trump; (d) second or third in a plain suit, A not winning, holding the highest card of it still out
  and a lower one: P the highest, W the lower;
- S11: C leading the first trick against D's lone hand made in round two after A turned down, holding
  the turned-down suit and another: P that suit's cards;
- T5: D void in a plain suit led, the taken-up card still in A's hand, holding trumps above and below
  it (both arms ruff): P the trumps above it, W those below;
- D7: A took up unassisted with the right and exactly one other trump, won the first trick with the
  other and leads the second, with no outside ace: P the rest, W the right;
- D9: C assisted; A won the first or second trick and leads, C has played no trump, A holds a trump:
  P his trumps;
- L6: a defender leading the first trick against a lone hand: P his singleton plain cards and the tops
  of his plain sequences.

Chunks return counted cells per claim and company: the branching seat, the pair of the two arms'
net points to his side, and the two cards' kinds (trump order R L A K Q T 9 8 7, or a plain card's
rank in lower case). Option ``cap``: at most so many positions of a claim branched a chunk (0: all);
option ``claims``: only these claims (a list, or their ids with commas; default all).

The play company is a replication: ``primary_play`` seats PIMC in every chair (compiled);
``primary_play_rules`` seats PIMC reading the calls in the decider's chair only (the seat the rule is
about) and the book's card-play rules in the three others, before the branch and after it (played
card by card, so its reference run is smaller).
"""
from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from analysis.bidding import bid_batch
from analysis.bidding.policies import policy_from_name
from analysis.errors import EuchreError
from analysis.experiment import ClaimTest, POINTS, Study
from analysis.experiment.stats import mean_from_sums
from analysis.game import contract, primaries
from analysis.game.cards import ACE, JACK, KING, QUEEN, TEN, effective_suit, rank_of, suit_of, trick_power, trump_order
from analysis.play.book import (assisted, is_left, is_right, made_in_round_two, outside_aces, plain_suits, small,
                                trumps)
from analysis.play.branching import EVERY_SEAT, Rule, branch
from analysis.game.primary import BOOK_RULES
from analysis.play.information import InfoSet, suit_masks
from analysis.play.worlds import BiddingModel
from analysis.seeds import play_seed
from fastcore.sampler import sample_deals
from analysis.play.registry import engine_entry
from analysis.reporting.report import play_note
from studies.common.report import love_all_report, measured_tests

A, B, C, D = 0, 1, 2, 3
COMPANIES = ("book", "optimised")
WORLDS = 32
KEYS = ["claim", "company", "seat", "book_net", "other_net", "book_kind", "other_kind"]
SUMS = ["deals", "gain_sum", "gain_sumsq", "gained", "lost"]
TRUMP_KINDS = "789TQKALR"       # by trump order 0 (seven) ... 8 (the right bower)
PLAIN_KINDS = "789tjqka"        # by rank


def mask(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << int(c)
    return out


def trump_mask(info: InfoSet) -> int:
    return info.hand & suit_masks(info.trump)[info.trump]


def opening_lead(info: InfoSet) -> bool:
    """The eldest hand to lead the hand's first card."""
    return info.player == B and not info.history


def took_up(info: InfoSet) -> bool:
    """The dealer took up the turn-up, assisted or not, and nobody plays alone (a lone hand is L6's)."""
    return bool(info.taken) and info.maker in (A, C) and info.lone_seat < 0


def plain_cards(info: InfoSet) -> int:
    return info.hand & ~trump_mask(info)


# --- the positions: each gives (P, W), or None where the claim's position does not arise ---------------

def e4(info: InfoSet):
    t = info.trump
    if not opening_lead(info) or info.maker != B or not made_in_round_two(info) or info.lone_seat >= 0:
        return None
    mine = trumps(info)
    orders = sorted((trump_order(c, t) for c in mine), reverse=True)
    if len(mine) != 3 or orders[0] != 6 or orders[1] > 4:       # the ace and two below the king
        return None
    book = mask([mine[0]] if t == suit_of(info.turn_up) ^ 1 else [mine[-1]])
    return book, info.hand & ~book


def e5(info: InfoSet):
    t = info.trump
    if not opening_lead(info) or not assisted(info) or info.lone_seat >= 0 or info.turn_up is None:
        return None
    if is_right(info.turn_up, t):
        return None
    mine = trumps(info)
    if not mine or len(plain_suits(info)) < 3:
        return None
    if len(mine) == 2 and small(mine[1], t) and (is_left(mine[0], t) or trump_order(mine[0], t) == 6):
        return None
    return trump_mask(info), plain_cards(info)


def e6(info: InfoSet):
    t = info.trump
    if not opening_lead(info) or not took_up(info):
        return None
    orders = sorted((trump_order(c, t) for c in trumps(info)), reverse=True)
    if orders not in ([8, 6], [8, 5]) or outside_aces(info):
        return None
    if any(rank_of(cards[0]) == KING and len(cards) >= 2 for cards in plain_suits(info).values()):
        return None
    return plain_cards(info), trump_mask(info)


def _e7_hand(info: InfoSet) -> bool:
    return len(trumps(info)) in (1, 2) and len(outside_aces(info)) >= 2


def e7(info: InfoSet):
    if not opening_lead(info) or not took_up(info) or not _e7_hand(info):
        return None
    return trump_mask(info), plain_cards(info)


def plain_order(card: int, trump: int) -> int:
    """A plain card's place in its suit: its rank, the knave of next (the left bower, a trump) left out."""
    r = rank_of(card)
    return r - 1 if suit_of(card) == trump ^ 1 and r > JACK else r


def _touching(high: int, low: int, trump: int) -> bool:
    """Two plain cards of a suit in sequence."""
    return plain_order(high, trump) - plain_order(low, trump) == 1


def e8(info: InfoSet):
    if not opening_lead(info) or not took_up(info):
        return None
    good, bad = 0, 0
    for cards in plain_suits(info).values():
        top = cards[0]
        if rank_of(top) == ACE:
            good |= 1 << top
        elif rank_of(top) in (KING, QUEEN) and len(cards) == 1:
            good |= 1 << top
        elif rank_of(top) in (KING, QUEEN, JACK) and len(cards) >= 2 and _touching(top, cards[1], info.trump) \
                and rank_of(cards[1]) >= TEN:
            good |= 1 << top
        if rank_of(top) in (KING, QUEEN) and len(cards) >= 2 and not _touching(top, cards[1], info.trump):
            bad |= mask(cards)
    if not good or not bad:
        return None
    return good, bad & ~good


def e9(info: InfoSet):
    t = info.trump
    if not opening_lead(info) or info.maker != A or not info.taken or assisted(info) or info.lone_seat >= 0:
        return None
    mine = trumps(info)
    if any(is_right(c, t) for c in mine) and any(is_left(c, t) for c in mine) and outside_aces(info):
        right = mask(c for c in mine if is_right(c, t))
        return right, info.hand & ~right                                           # (b)
    if mine and plain_cards(info) and not _e7_hand(info):
        return plain_cards(info), trump_mask(info)                                 # (a)
    return None


def e10(info: InfoSet):
    t = info.trump
    if not opening_lead(info) or info.maker != D or info.lone_seat >= 0:
        return None
    mine = trumps(info)
    if mine:                                                                       # (a)
        if len(mine) == 2 and is_left(mine[0], t) and small(mine[1], t):
            book = mask(mine[:1])
        elif len(mine) == 2:
            book = mask(mine[:1] if trump_order(mine[0], t) - trump_order(mine[1], t) == 1 else mine[1:])
        else:
            book = trump_mask(info)
        return book, plain_cards(info)
    if made_in_round_two(info):                                                    # (b)
        down = mask(c for c in range(32) if info.hand >> c & 1 and effective_suit(c, t) == suit_of(info.turn_up))
        return info.hand & ~down, down
    return None


# --- the other seats: positions later in the hand ---------------------------------------------------

def start_hand(info: InfoSet) -> int:
    """The cards the player held when the play began."""
    return info.hand | info.played[info.player]


def trumps_of(hand: int, trump: int) -> list[int]:
    """The trumps of ``hand``, highest first."""
    return sorted((c for c in range(32) if hand >> c & 1 and effective_suit(c, trump) == trump),
                  key=lambda c: -trump_order(c, trump))


def led_trick(info: InfoSet, k: int) -> tuple:
    """The ``k``-th trick played (0: the first), as (seat, card) pairs."""
    n = len(info.active)
    return info.history[k * n:(k + 1) * n]


def trick_winner(info: InfoSet, cards) -> int:
    led = effective_suit(cards[0][1], info.trump)
    return max(cards, key=lambda sc: trick_power(sc[1], info.trump, led))[0]


def trump_led_by(info: InfoSet, seats) -> bool:
    """A trick already played was led with a trump by one of ``seats``."""
    done = info.won[0] + info.won[1]
    return any(led_trick(info, k)[0][0] in seats and effective_suit(led_trick(info, k)[0][1], info.trump) == info.trump
               for k in range(done))


def a_winning(info: InfoSet) -> bool:
    """The dealer (C's partner) is winning the trick so far."""
    return bool(info.trick) and trick_winner(info, info.trick) == A


def s8(info: InfoSet):
    t = info.trump
    if info.player != C or not assisted(info) or info.lone_seat >= 0:
        return None
    mine = trumps_of(start_hand(info), t)
    legal_rest = info.hand
    done = info.won[0] + info.won[1]
    up = trump_order(info.turn_up, t) if info.turn_up is not None else -1
    if done == 0 and len(info.trick) == 1 and effective_suit(info.trick[0][1], t) == t and len(mine) == 2:
        right = [c for c in mine if is_right(c, t)]
        left = [c for c in mine if is_left(c, t)]
        if right and up != 6:                                                   # (a)
            return mask(right), legal_rest & ~mask(right)
        if left and up not in (6, 8):                                           # (b)
            return mask(left), legal_rest & ~mask(left)
    if info.trick:
        return None
    if done == 1 and info.leader == C and len(mine) == 3:                       # (c)
        first = led_trick(info, 0)
        mine_first = [c for seat, c in first if seat == C][0]
        if effective_suit(first[0][1], t) != t and effective_suit(mine_first, t) != t:
            return trump_mask(info), plain_cards(info)
    led_before = any(led_trick(info, k)[0][0] == C for k in range(done))
    aces = sum(1 for c in range(32) if start_hand(info) >> c & 1 and rank_of(c) == ACE and effective_suit(c, t) != t)
    if len(mine) == 2 and aces >= 2 and not led_before and not trump_led_by(info, (B, D)):   # (d)
        return trump_mask(info), plain_cards(info)
    return None


def s9(info: InfoSet):
    t = info.trump
    if info.player != C or info.maker != A or not info.taken or assisted(info) or info.lone_seat >= 0:
        return None
    mine = trumps_of(start_hand(info), t)
    if len(mine) != 2 or trump_order(mine[0], t) > 4:            # exactly two trumps, the higher the queen or lower
        return None
    high, low = mine
    if info.trick and info.led_suit != t and not info.hand & suit_masks(t)[info.led_suit]:
        if info.hand >> high & 1:                                               # (a) the first chance to ruff
            return 1 << high, info.hand & ~(1 << high)
    if not info.trick and info.leader == C and info.hand >> low & 1 and not info.hand >> high & 1:
        return 1 << low, info.hand & ~(1 << low)                                # (b) his next lead
    return None


def s10(info: InfoSet):
    t = info.trump
    if info.player != C or info.lone_seat >= 0:
        return None
    done = info.won[0] + info.won[1]
    if done == 1 and not info.trick and info.leader == C:                       # (a)
        first = led_trick(info, 0)
        mine_first = [c for seat, c in first if seat == C][0]
        a_card = [c for seat, c in first if seat == A]
        led = effective_suit(first[0][1], t)
        if effective_suit(mine_first, t) != t and a_card and effective_suit(a_card[0], t) not in (led, t):
            shown = info.hand & suit_masks(t)[effective_suit(a_card[0], t)]
            if shown:
                return info.hand & ~shown, shown
    if not info.trick or info.led_suit == t:
        return None
    led = info.led_suit
    void = not info.hand & suit_masks(t)[led]
    mine = trumps_of(info.hand, t)
    if done == 0 and len(info.trick) == 1 and info.trick[0][0] == B and void and len(mine) == 1 \
            and rank_of(info.trick[0][1]) < QUEEN:                               # (b) second to a small lead
        if is_right(mine[0], t):
            return info.hand & ~(1 << mine[0]), 1 << mine[0]
        if is_left(mine[0], t):
            return 1 << mine[0], info.hand & ~(1 << mine[0])
    # the first chance to ruff: no earlier plain lead that he could not follow
    chance_before = any(seat == C and effective_suit(c, t) != effective_suit(led_trick(info, k)[0][1], t)
                        and effective_suit(led_trick(info, k)[0][1], t) != t
                        for k in range(done) for seat, c in led_trick(info, k))
    if void and len(mine) == 1 and trump_order(mine[0], t) <= 3 and not chance_before and not a_winning(info):   # (c)
        return 1 << mine[0], info.hand & ~(1 << mine[0])
    if not void and not a_winning(info) and len(info.trick) in (1, 2) \
            and not any(effective_suit(c, t) == t for _s, c in info.trick):        # (d)
        suit = info.hand & suit_masks(t)[led]
        before = mask(c for _s, c in info.history[:len(info.history) - len(info.trick)])
        out = [c for c in range(32) if suit_masks(t)[led] >> c & 1 and not before >> c & 1
               and (info.pack == 32 or rank_of(c) >= 2)]
        top = max(out, key=lambda c: trick_power(c, t, led)) if out else None
        if top is not None and suit >> top & 1 and suit & ~(1 << top):      # his top beats the table's cards
            return 1 << top, suit & ~(1 << top)
    return None


def s11(info: InfoSet):
    if info.player != C or info.history or info.lone_seat != D or info.taken or info.turn_up is None:
        return None
    down = info.hand & suit_masks(info.trump)[effective_suit(info.turn_up, info.trump)]
    return down, info.hand & ~down


def t5(info: InfoSet):
    t = info.trump
    if info.player != D or not info.trick or info.led_suit == t or info.hand & suit_masks(t)[info.led_suit]:
        return None
    if not info.taken or info.turn_up is None or info.played[A] >> info.turn_up & 1 or info.lone_seat == C:
        return None
    up = trump_order(info.turn_up, t)
    above = mask(c for c in trumps(info) if trump_order(c, t) > up)
    below = mask(c for c in trumps(info) if trump_order(c, t) < up)
    return (above, below) if above and below else None


def d7(info: InfoSet):
    t = info.trump
    if info.player != A or info.maker != A or not info.taken or assisted(info) or info.lone_seat >= 0:
        return None
    if info.won[0] + info.won[1] != 1 or info.trick or info.leader != A:
        return None
    mine = trumps_of(start_hand(info), t)
    first = [c for seat, c in led_trick(info, 0) if seat == A]
    if len(mine) != 2 or not is_right(mine[0], t) or not first or first[0] != mine[1] or outside_aces(info):
        return None
    right = 1 << mine[0]
    return info.hand & ~right, right


def d9(info: InfoSet):
    t = info.trump
    if info.player != A or not assisted(info) or info.lone_seat >= 0 or info.trick or info.leader != A:
        return None
    if info.won[0] + info.won[1] not in (1, 2) or not trumps(info):
        return None
    if any(effective_suit(c, t) == t for seat, c in info.history if seat == C):
        return None
    return trump_mask(info), plain_cards(info)


def l6(info: InfoSet):
    if info.lone_seat < 0 or (info.lone_seat & 1) == (info.player & 1) or info.history:
        return None
    book = 0
    for cards in plain_suits(info).values():
        if len(cards) == 1 or _touching(cards[0], cards[1], info.trump):
            book |= 1 << cards[0]
    return book, info.hand & ~book


# Where a later position can arise at all, from one seat's cards and the calls at the start of play:
# only those hands are played to find it.
def _s8_could(info: InfoSet) -> bool:
    return assisted(info) and info.lone_seat < 0 and len(trumps(info)) in (2, 3)


def _s9_could(info: InfoSet) -> bool:
    mine = trumps(info)
    return (info.maker == A and info.taken and not assisted(info) and info.lone_seat < 0 and len(mine) == 2
            and trump_order(mine[0], info.trump) <= 4)


def _t5_could(info: InfoSet) -> bool:
    if not info.taken or info.turn_up is None or info.lone_seat == C:
        return False
    up = trump_order(info.turn_up, info.trump)
    orders = [trump_order(c, info.trump) for c in trumps(info)]
    return any(o > up for o in orders) and any(o < up for o in orders)


def _d7_could(info: InfoSet) -> bool:
    mine = trumps(info)
    return (info.maker == A and info.taken and not assisted(info) and info.lone_seat < 0 and len(mine) == 2
            and is_right(mine[0], info.trump) and not outside_aces(info))


def _d9_could(info: InfoSet) -> bool:
    return assisted(info) and info.lone_seat < 0 and bool(trumps(info))


POSITIONS = {
    **{c: Rule(c, f, opening_lead=True) for c, f in (("E4", e4), ("E5", e5), ("E6", e6), ("E7", e7), ("E8", e8),
                                                   ("E9", e9), ("E10", e10), ("S11", s11), ("L6", l6))},
    "S8": Rule("S8", s8, seat=C, could=_s8_could),
    "S9": Rule("S9", s9, seat=C, could=_s9_could),
    "S10": Rule("S10", s10, seat=C, could=lambda info: info.lone_seat < 0),
    "T5": Rule("T5", t5, seat=D, could=_t5_could),
    "D7": Rule("D7", d7, seat=A, could=_d7_could),
    "D9": Rule("D9", d9, seat=A, could=_d9_could),
}


def kind(card: int, trump: int) -> str:
    """A card's kind in the cells: its trump order (upper case) or its plain rank (lower case)."""
    if effective_suit(card, trump) == trump:
        return TRUMP_KINDS[trump_order(card, trump)]
    return PLAIN_KINDS[rank_of(card)]


@functools.lru_cache(maxsize=4)
def reading_model(company: str, rules) -> BiddingModel:
    """The players' reading of the company's calls, kept across a worker's chunks (its tables of
    the hands that answer as heard are built once)."""
    return BiddingModel(policy_from_name(company), rules)


def played(deals, claim: str, company: str, rules, seed, cap: int = 0, others=EVERY_SEAT) -> pd.DataFrame:
    """The counted cells of ``claim`` on ``deals`` bid by ``company``: the hands branched at its
    position (the first ``cap`` a chunk when ``cap`` > 0), each arm played on by PIMC reading the calls
    (in every seat, or with ``others`` = BOOK_RULES in the decider's, the book's rules in the others)."""
    policy = policy_from_name(company)       # the company in every chair
    hands, turn_up = np.asarray(deals.hands, np.uint32), np.asarray(deals.turn_up, np.int8)
    b = bid_batch(hands, turn_up, policy, rules)
    made = np.flatnonzero(b.maker >= 0)
    table = dict(hands=b.play_hands[made], trump=b.trump[made], lone_seat=b.lone_seat[made], maker=b.maker[made],
                 turn_up=turn_up[made].astype(np.int64), taken=contract.dealer_takes_up(b.round, b.lone_seat)[made],
                 discard=b.discard[made], calls=[b.calls(int(i)) for i in made], pack=rules.pack)
    rule = POSITIONS[claim]
    # only the hands whose position arises are branched; the cap keeps the first of them
    got = branch(table, rule, WORLDS, seed, reading_model(company, rules), cap=cap, others=others)
    if not len(got):
        return pd.DataFrame(columns=KEYS + SUMS)
    trump = np.asarray(table["trump"])[got.rows]
    cells = pd.DataFrame({"claim": claim, "company": company, "seat": ["ABCD"[s] for s in got.seat],
                          "book_net": got.book_net, "other_net": got.other_net,
                          "book_kind": [kind(int(c), int(t)) for c, t in zip(got.book_card, trump)],
                          "other_kind": [kind(int(c), int(t)) for c, t in zip(got.other_card, trump)]})
    cells = cells.value_counts().rename("deals").reset_index()
    g = (cells["book_net"] - cells["other_net"]).to_numpy(np.int64)
    n = cells["deals"].to_numpy(np.int64)
    return cells.assign(gain_sum=n * g, gain_sumsq=n * g * g, gained=np.where(g > 0, n, 0),
                        lost=np.where(g < 0, n, 0))[KEYS + SUMS]


def _test(claim: str, company: str, others=EVERY_SEAT) -> ClaimTest:
    p = primaries()[claim]
    key = claim if company == "book" else f"{claim}.{company}"
    words = ("" if company == "book" else f", {company} company") + \
        ("" if others is EVERY_SEAT else ", the others by the book's rules")
    return ClaimTest(key, claim, f"{claim} the book's card - the one it warns against{words}",
                     f"{p.hands} {p.decision}".strip(), POINTS, engine="pimc-calls", company=company,
                     permissive=p.permissive, play=others)


class PrimaryPlay(Study):
    defaults = {"deals": 200_000, "chunk_size": 50_000, "cap": 0}
    suite_position = None
    takes_play = False        # the template plays at the table itself

    def __init__(self, others=EVERY_SEAT):
        self.others = others
        every = others is EVERY_SEAT
        self.name = "primary_play" if every else "primary_play_rules"
        self.title = "The primary tests of the card-play claims" + ("" if every else ", the others by the book's rules")
        self.description = (
            "The pre-registered card-play template (E4-E10, S8-S11, T5, D7, D9, L6): at the first position where a "
            "claim's rule applies, PIMC's best card within what the book prescribes against its best card within what "
            "it warns against, " + ("every seat at the table reading the calls" if every else
                                    "the decider at the table reading the calls, the three others by the book's "
                                    "card-play rules") + ", in the book's and the optimised company")
        self.policies = ("bidding: the company's policy (the book's, or the optimised) in every chair at love-all; "
                         "play: " + ("every seat PIMC" if every else "the decider PIMC") + " reading the calls under "
                         "that policy, 32 worlds, for the hand's points" +
                         ("" if every else "; the three other seats the book's card-play rules"))
        self.claims = tuple(_test(c, company, others) for c in POSITIONS for company in COMPANIES)

    def scenarios(self, settings) -> list[str]:
        cap = settings.options.get("cap", 0)
        if not isinstance(cap, int) or isinstance(cap, bool) or cap < 0:
            raise EuchreError(f"option cap must be a whole number >= 0 (0: no cap), not {cap!r}")
        chosen = settings.options.get("claims", list(POSITIONS))
        if isinstance(chosen, str):
            chosen = [c.strip() for c in chosen.split(",") if c.strip()]
        unknown = [c for c in chosen if c not in POSITIONS] if isinstance(chosen, list) else [chosen]
        if unknown or not chosen:
            raise EuchreError(f"option claims must name claims of {', '.join(POSITIONS)}, not {unknown or chosen!r}")
        return [f"{c}.{company}" for c in POSITIONS if c in chosen for company in COMPANIES]

    def run_chunk(self, scenario: str, chunk_index: int, n_deals: int, seed, settings) -> pd.DataFrame:
        claim, company = scenario.split(".")
        deals = sample_deals(n_deals, seed, pack=settings.pack)
        return played(deals, claim, company, settings.rules, play_seed(seed), settings.options.get("cap", 0),
                      self.others)

    def summarise(self, frame: pd.DataFrame, settings=None) -> pd.DataFrame:
        if frame.empty:
            return pd.DataFrame(columns=KEYS + SUMS)
        return frame.groupby(KEYS, observed=True)[SUMS].sum().astype(np.int64).reset_index()

    def scenarios_of(self, key: str) -> tuple[str, ...]:
        claim, _, company = key.partition(".")
        return (f"{claim}.{company or 'book'}",)

    def _rows(self, key: str, table: pd.DataFrame) -> pd.DataFrame:
        claim, _, company = key.partition(".")
        return table[(table["claim"] == claim) & (table["company"] == (company or "book"))]

    def estimate(self, key: str, table: pd.DataFrame, manifest: dict | None = None):
        rows = self._rows(key, table)
        if rows.empty or int(rows["deals"].sum()) < 1:
            return None
        return mean_from_sums(rows["deals"].sum(), rows["gain_sum"].sum(), rows["gain_sumsq"].sum())

    def signs(self, key: str, table: pd.DataFrame) -> tuple[int, int]:
        rows = self._rows(key, table)
        return int(rows["gained"].sum()), int(rows["lost"].sum())

    def render(self, table: pd.DataFrame, manifest: dict, out_dir):
        every = self.others is EVERY_SEAT
        players = ("every player is a strong table-side player" if every else
                   "the player the rule is about is a strong table-side player and the three others play by the "
                   "book's rules")
        seats = ("by every seat at the table" if every else
                 "by the decider at the table (PIMC reading the calls) and the three others by the book's card-play "
                 "rules")
        return love_all_report(
            self, table, manifest, out_dir, _results_table, chart_title="The book's card play, by the template",
            question=f"Does the book's card, where its rule applies, gain against the card it warns against, when "
                     f"{players}?\n\n" + self.quoted(),
            method="Uniform deals bid by the company at love-all; every hand where the claim's position arises is "
                   f"played to it {seats}, then twice on, each arm's card PIMC's best within its "
                   "set (valued over the worlds the player there draws), the rest of the hand by the same "
                   "players. " + __doc__.split("\n\n")[1].replace("\n", " "),
            play_note=play_note({"play": {"engine": "pimc-calls", "worlds": WORLDS}}) + ("" if every else (
                " Here only the player the rule is about plays so; of the three others: " + engine_entry("book").sentence)),
            caption="per claim and company, the positions branched, the two arms' most frequent cards, the book's "
                    "card minus the other with its 95% interval, the positions where it gained and lost, and the study's "
                    "verdict (the ledger judges the primaries again, the 57 primaries of a replication cell as the "
                    "family).")


def _results_table(study, table: pd.DataFrame, verdict_list) -> pd.DataFrame:
    rows = []
    for test, v, e, signs in measured_tests(study, table, verdict_list):
        leads = study._rows(test.key, table).groupby(["book_kind", "other_kind"])["deals"].sum()
        common = ", ".join(f"{b} v {o} ({n:,})" for (b, o), n in leads.sort_values(ascending=False).head(3).items())
        rows.append({"claim": test.claim, "company": test.company, "positions": f"{e.n:,}",
                     "book's card v the other's (most frequent)": common,
                     "estimate [95%]": f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]",
                     "gained / lost": signs, "verdict": v.verdict})
    return pd.DataFrame(rows)


STUDY = PrimaryPlay()
RULES_STUDY = PrimaryPlay(BOOK_RULES)

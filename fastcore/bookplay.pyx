# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled twin of analysis.play.book: whole hands with the book's player in every seat.

Each rule function below is the twin of one rule of ``analysis.play.book.RULES`` (same order,
same name after ``r_``) and must name the same card; the Python rules stay the readable
reference and tests/test_book_play_compiled.py plays both side by side. Where no rule names a
legal card the seat plays as ``analysis.play.table.SimplePlayer``.

A hand's state is one ``Table`` struct of bitmasks and small arrays; a rule answers a card id
or -1 (does not apply). Ties are broken as the Python rules break them: over suits, the lowest
suit first; over cards, the lowest card id.
"""
from libc.stdint cimport uint32_t, uint8_t, int8_t
from fastcore.cards cimport JACK, popcount, effective_suit, trick_power, suit_mask
from fastcore.cards cimport trump_order as order_of_trump

import numpy as np

from fastcore.errors import EuchreError
from fastcore.batches import checked_batch, int_array

cdef extern from *:
    int __builtin_clz(unsigned int) nogil
    int __builtin_ctz(unsigned int) nogil

# The claims in the order of analysis.play.book.CLAIMS; a rule's claim is its index here.
CLAIMS = ("E9", "E10", "D9", "D7", "E4", "E7", "E5", "E6", "S11", "L6", "E8", "S10", "S8", "S9", "T5")
cdef enum:
    K_E9, K_E10, K_D9, K_D7, K_E4, K_E7, K_E5, K_E6, K_S11, K_L6, K_E8, K_S10, K_S8, K_S9, K_T5, N_CLAIMS

cdef enum:
    SEAT_A = 0
    SEAT_B = 1
    SEAT_C = 2
    SEAT_D = 3
    QUEEN = 5
    KING = 6
    ACE = 7
    MAX_PLAYS = 20


cdef struct Table:
    uint32_t hand[4]        # the cards each seat still holds
    uint32_t played[4]      # the cards each seat has played
    int trump, lone, maker, turn_up, taken, assisted   # turn_up -1: not known
    int leader              # who led (or is to lead) the current trick
    int done                # tricks completed
    int n_active            # 3 when a lone player's partner sits out
    int n_trick
    int trick_seat[4]
    int trick_card[4]
    int first[4]            # each seat's card in the first trick (-1: none)
    int first_led           # the card led to the first trick
    int trump_led           # a completed trick was led with a trump


# --- cards and hands -------------------------------------------------------------------------------

cdef inline int top_card(uint32_t m) noexcept nogil:
    return 31 - __builtin_clz(m)


cdef inline int rank(int card) noexcept nogil:
    return card & 7


cdef inline int has(uint32_t m, int card) noexcept nogil:
    return card >= 0 and (m >> card) & 1


cdef inline int order(int card, int t) noexcept nogil:
    # vocabulary.trump_order: -1 for a card that is not a trump
    if effective_suit(card, t) != t:
        return -1
    return order_of_trump(card, t)


cdef inline int small(int card, int t) noexcept nogil:
    cdef int o = order(card, t)
    return 0 <= o <= 4


cdef int smallest(uint32_t m, int t) noexcept nogil:
    # book_play.smallest: the least card by (its power in its own suit, id); -1 for none
    cdef int best = -1, best_cost = 99, c, cost
    while m:
        c = __builtin_ctz(m)
        m &= m - 1
        cost = trick_power(c, t, effective_suit(c, t))
        if cost < best_cost:
            best, best_cost = c, cost
    return best


cdef int trumps(uint32_t hand, int t, int* out) noexcept nogil:
    # book_play.trumps: the trumps held, highest first, into out; returns how many
    cdef int n = 0, r
    if has(hand, t * 8 + JACK):
        out[n] = t * 8 + JACK
        n += 1
    if has(hand, (t ^ 1) * 8 + JACK):
        out[n] = (t ^ 1) * 8 + JACK
        n += 1
    for r in range(ACE, -1, -1):
        if r != JACK and has(hand, t * 8 + r):
            out[n] = t * 8 + r
            n += 1
    return n


cdef inline uint32_t plain(uint32_t hand, int t) noexcept nogil:
    return hand & ~suit_mask(t, t)


cdef inline uint32_t aces(uint32_t hand, int t) noexcept nogil:
    # the outside aces (an ace is never the left bower)
    return plain(hand, t) & <uint32_t>0x80808080


cdef inline int equals(uint32_t m) noexcept nogil:
    # book_play.equals on one plain suit's cards
    if popcount(m) < 2:
        return 0
    cdef int top = top_card(m)
    cdef int second = top_card(m & ~((<uint32_t>1) << top))
    return rank(top) - rank(second) == 1 and rank(top) >= QUEEN


cdef int which_trump(uint32_t hand, int t) noexcept nogil:
    # E10: the left with a small one; equals: the higher; else the smallest
    cdef int mine[9]
    cdef int n = trumps(hand, t, mine)
    if n == 0:
        return -1
    if n == 2 and order(mine[0], t) == 7 and small(mine[1], t):
        return mine[0]
    if n == 2 and order(mine[0], t) - order(mine[1], t) == 1:
        return mine[0]
    return mine[n - 1]


cdef int defender_plain_lead(uint32_t hand, int t) noexcept nogil:
    # E8: an ace, or a short king or queen, or from equals; not from king-seven or queen-seven
    cdef int s
    cdef uint32_t m, pool = 0
    for s in range(4):
        m = hand & suit_mask(s, t)
        if s != t and m and rank(top_card(m)) == ACE:
            return top_card(m)
    for s in range(4):
        m = hand & suit_mask(s, t)
        if s != t and popcount(m) == 1 and (rank(top_card(m)) == KING or rank(top_card(m)) == QUEEN):
            return top_card(m)
    for s in range(4):
        m = hand & suit_mask(s, t)
        if s != t and equals(m):
            return top_card(m)
    for s in range(4):
        m = hand & suit_mask(s, t)
        if s != t and m and not ((rank(top_card(m)) == KING or rank(top_card(m)) == QUEEN) and popcount(m) >= 2):
            pool |= m
    return smallest(pool if pool else plain(hand, t), t)


cdef inline int winning_seat(Table* tb, int* power) noexcept nogil:
    # book_play.winning: the seat winning the trick so far, and its card's power
    cdef int led = effective_suit(tb.trick_card[0], tb.trump), j, p
    cdef int seat = tb.trick_seat[0]
    power[0] = trick_power(tb.trick_card[0], tb.trump, led)
    for j in range(1, tb.n_trick):
        p = trick_power(tb.trick_card[j], tb.trump, led)
        if p > power[0]:
            seat, power[0] = tb.trick_seat[j], p
    return seat


# --- the rules, in the order of book_play.RULES --------------------------------------------------

ctypedef int (*rule_fn)(Table*, int) noexcept nogil


cdef int r_two_bowers_and_ace(Table* tb, int p) noexcept nogil:                       # E9
    cdef int t = tb.trump, right = t * 8 + JACK, left = (t ^ 1) * 8 + JACK
    cdef uint32_t hand = tb.hand[p], played = tb.played[p], outside = aces(hand, t)
    if not outside:
        return -1
    if has(hand, right) and has(hand, left):
        return right
    if has(hand, left) and has(played, right) and not has(played, left):
        return left
    if has(played, right) and has(played, left) and tb.done == 2:
        return __builtin_ctz(outside)
    return -1


cdef int r_lead_trump_for_partner(Table* tb, int p) noexcept nogil:                   # E10
    if tb.maker != (p ^ 2):
        return -1
    return which_trump(tb.hand[p], tb.trump)


cdef int r_give_partner_a_trump(Table* tb, int p) noexcept nogil:                     # D9
    if p != SEAT_A or not tb.assisted or tb.maker != SEAT_A:
        return -1
    if not (tb.done == 1 or tb.done == 2) or tb.leader != SEAT_A:
        return -1
    if tb.played[SEAT_C] & suit_mask(tb.trump, tb.trump):
        return -1
    return which_trump(tb.hand[p], tb.trump)


cdef int r_dealer_keeps_the_right(Table* tb, int p) noexcept nogil:                   # D7
    cdef int mine[9]
    cdef int t = tb.trump
    if p != SEAT_A or tb.maker != SEAT_A or tb.assisted or not tb.taken or tb.done != 1:
        return -1
    if tb.first[SEAT_A] < 0 or not small(tb.first[SEAT_A], t) or tb.leader != SEAT_A:
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    if n == 0 or order(mine[0], t) != 8 or aces(tb.hand[p], t):
        return -1
    return smallest(plain(tb.hand[p], t), t)


cdef int r_ace_and_two_in_round_two(Table* tb, int p) noexcept nogil:                 # E4
    cdef int mine[9]
    cdef int t = tb.trump, j
    cdef uint32_t held = 0          # bit o: the trump of order o
    if tb.maker != p or tb.turn_up < 0 or tb.taken or tb.done != 0:
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    for j in range(n):
        held |= (<uint32_t>1) << order(mine[j], t)
    if n != 3 or not (held >> 6) & 1 or held & ((1 << 5) | (1 << 7) | (1 << 8)):
        return -1
    return mine[0] if t == ((tb.turn_up >> 3) ^ 1) else mine[n - 1]


cdef int r_one_or_two_trumps_and_two_aces(Table* tb, int p) noexcept nogil:           # E7
    # the eldest hand's opening lead against the dealer's adoption, assisted or not
    cdef int mine[9]
    if p != SEAT_B or tb.done != 0 or not tb.taken or (tb.maker != SEAT_A and tb.maker != SEAT_C):
        return -1
    cdef int n = trumps(tb.hand[p], tb.trump, mine)
    if (n == 1 or n == 2) and popcount(aces(tb.hand[p], tb.trump)) >= 2:
        return mine[0]
    return -1


cdef int r_through_the_assisting_hand(Table* tb, int p) noexcept nogil:               # E5
    cdef int mine[9]
    cdef int t = tb.trump
    if p != SEAT_B or tb.done != 0 or not tb.assisted or tb.turn_up < 0:
        return -1
    if order(tb.turn_up, t) == 8 or tb.lone >= 0:
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    if n == 0:
        return -1
    if n == 2 and small(mine[1], t) and (order(mine[0], t) == 7 or order(mine[0], t) == 6):
        return -1
    return mine[n - 1]


cdef int r_large_tenace(Table* tb, int p) noexcept nogil:                             # E6
    cdef int mine[9]
    cdef int t = tb.trump, j
    cdef uint32_t held = 0
    cdef int n = trumps(tb.hand[p], t, mine)
    for j in range(n):
        held |= (<uint32_t>1) << order(mine[j], t)
    if not (held >> 8) & 1 or (held >> 7) & 1 or not (held & ((1 << 6) | (1 << 5))) or aces(tb.hand[p], t):
        return -1
    return smallest(plain(tb.hand[p], t), t)


cdef int r_not_up_to_the_dealer(Table* tb, int p) noexcept nogil:                     # E9
    cdef int t = tb.trump
    cdef uint32_t hand = tb.hand[p]
    if p != SEAT_B or tb.maker != SEAT_A or not tb.taken:
        return -1
    if not plain(hand, t) or not (hand & suit_mask(t, t)):
        return -1
    return defender_plain_lead(hand, t)


cdef int r_turn_down_against_the_third_hand(Table* tb, int p) noexcept nogil:         # S11
    cdef int t = tb.trump, best = -1, c
    if p != SEAT_C or tb.lone != SEAT_D or tb.taken or tb.turn_up < 0 or tb.done != 0:
        return -1
    cdef uint32_t m = tb.hand[p] & suit_mask(effective_suit(tb.turn_up, t), t)
    while m:                        # the first card of the highest rank, by id
        c = __builtin_ctz(m)
        m &= m - 1
        if best < 0 or rank(c) > rank(best):
            best = c
    return best


cdef int r_against_a_lone_hand(Table* tb, int p) noexcept nogil:                      # L6
    cdef int t = tb.trump, s, best = -1, best_len = 99, best_rank = 0
    cdef uint32_t hand = tb.hand[p], m
    if tb.lone < 0 or (tb.lone & 1) == (p & 1) or not plain(hand, t):
        return -1
    for s in range(4):
        m = hand & suit_mask(s, t)
        if s != t and equals(m):
            return top_card(m)
    for s in range(4):              # the shortest suit, then the highest top card
        m = hand & suit_mask(s, t)
        if s != t and m and (popcount(m) < best_len or (popcount(m) == best_len and rank(top_card(m)) > best_rank)):
            best, best_len, best_rank = top_card(m), popcount(m), rank(top_card(m))
    return best


cdef int r_against_the_dealers_adoption(Table* tb, int p) noexcept nogil:             # E8
    if (tb.maker & 1) == (p & 1) or tb.maker != SEAT_A or not tb.taken or tb.done:
        return -1
    if not plain(tb.hand[p], tb.trump):
        return -1
    return defender_plain_lead(tb.hand[p], tb.trump)


cdef int r_not_the_turn_down(Table* tb, int p) noexcept nogil:                        # E10
    if tb.taken or tb.turn_up < 0 or tb.trump_led:
        return -1
    cdef uint32_t down = suit_mask(tb.turn_up >> 3, tb.trump)
    if not (tb.hand[p] & down):
        return -1
    return smallest(tb.hand[p] & ~down, tb.trump)


cdef int r_not_partners_suit(Table* tb, int p) noexcept nogil:                        # S10
    cdef int t = tb.trump
    if tb.done != 1 or tb.leader != p:
        return -1
    cdef int led = effective_suit(tb.first_led, t)
    if led == t or tb.first[p ^ 2] < 0:
        return -1
    cdef int shown = effective_suit(tb.first[p ^ 2], t)
    if shown == led or shown == t:
        return -1
    cdef uint32_t m = suit_mask(shown, t)
    if not (tb.hand[p] & m):
        return -1
    return smallest(tb.hand[p] & ~m, t)


cdef int r_led_through(Table* tb, int p) noexcept nogil:                              # S8
    cdef int mine[9]
    cdef int t = tb.trump
    if p != SEAT_C or tb.n_trick != 1 or tb.trick_seat[0] != SEAT_B or effective_suit(tb.trick_card[0], t) != t:
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    if n != 2 or not small(mine[1], t) or tb.turn_up < 0:
        return -1
    cdef int turned = order(tb.turn_up, t)
    if order(mine[0], t) == 8:
        return mine[1] if turned == 6 else mine[0]
    if order(mine[0], t) == 7:
        return mine[1] if (turned == 8 or turned == 6) else mine[0]
    return -1


cdef inline int cannot_follow(Table* tb, int p, int led) noexcept nogil:
    # a plain suit led that the player cannot follow
    return led != tb.trump and not (tb.hand[p] & suit_mask(led, tb.trump))


cdef int r_big_one_first(Table* tb, int p) noexcept nogil:                            # S9
    cdef int mine[9]
    cdef int t = tb.trump, power
    cdef int led = effective_suit(tb.trick_card[0], t)
    if p != SEAT_C or tb.maker != SEAT_A or tb.assisted or not cannot_follow(tb, p, led):
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    if n != 2 or not small(mine[0], t) or not small(mine[1], t):
        return -1
    winning_seat(tb, &power)
    return mine[0] if trick_power(mine[0], t, led) > power else -1


cdef int r_beat_the_turn_up(Table* tb, int p) noexcept nogil:                         # T5
    cdef int mine[9]
    cdef int t = tb.trump, power, j, best = -1
    cdef int led = effective_suit(tb.trick_card[0], t)
    if not cannot_follow(tb, p, led) or not tb.taken or tb.turn_up < 0:
        return -1
    if has(tb.played[SEAT_A], tb.turn_up) or p == SEAT_A:
        return -1
    for j in range(tb.n_trick):
        if tb.trick_seat[j] == SEAT_A:
            return -1
    if tb.lone == SEAT_C or (p & 1) == 0:
        return -1
    if winning_seat(tb, &power) == (p ^ 2):
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    for j in range(n):              # highest first: the last that qualifies is the lowest
        if order(mine[j], t) > order(tb.turn_up, t) and trick_power(mine[j], t, led) > power:
            best = mine[j]
    return best


cdef int r_ruffing(Table* tb, int p) noexcept nogil:                                  # S10
    cdef int mine[9]
    cdef int t = tb.trump, power
    cdef int led = effective_suit(tb.trick_card[0], t)
    if not cannot_follow(tb, p, led):
        return -1
    cdef int n = trumps(tb.hand[p], t, mine)
    if n == 0 or winning_seat(tb, &power) == (p ^ 2):
        return -1
    if tb.done == 0 and tb.n_trick == 1 and n == 1:
        if order(mine[0], t) == 8:
            return smallest(tb.hand[p] & ~((<uint32_t>1) << mine[0]), t)
        if order(mine[0], t) == 7:
            return mine[0]
    if n == 1 and small(mine[0], t) and trick_power(mine[0], t, led) > power:
        return mine[0]
    return -1


cdef int r_no_finesse(Table* tb, int p) noexcept nogil:                               # S10
    cdef int t = tb.trump, power, c
    cdef int led = effective_suit(tb.trick_card[0], t)
    if led == t or tb.n_trick == tb.n_active - 1:
        return -1
    cdef uint32_t m = tb.hand[p] & suit_mask(led, t), rest
    if popcount(m) < 2 or winning_seat(tb, &power) == (p ^ 2):
        return -1
    rest = m
    while rest:                     # the cheapest card that wins: by id is by rank in one suit
        c = __builtin_ctz(rest)
        rest &= rest - 1
        if trick_power(c, t, led) > power:
            return -1 if c == top_card(m) else top_card(m)
    return -1


cdef struct Rule:
    rule_fn choose
    int claim
    int leading

cdef enum:
    N_RULES = 19

cdef Rule RULES[N_RULES]


cdef void set_rule(int i, rule_fn fn, int claim, int leading) noexcept:
    RULES[i].choose = fn
    RULES[i].claim = claim
    RULES[i].leading = leading

set_rule(0, r_two_bowers_and_ace, K_E9, 1)
set_rule(1, r_lead_trump_for_partner, K_E10, 1)
set_rule(2, r_give_partner_a_trump, K_D9, 1)
set_rule(3, r_dealer_keeps_the_right, K_D7, 1)
set_rule(4, r_ace_and_two_in_round_two, K_E4, 1)
set_rule(5, r_one_or_two_trumps_and_two_aces, K_E7, 1)
set_rule(6, r_through_the_assisting_hand, K_E5, 1)
set_rule(7, r_large_tenace, K_E6, 1)
set_rule(8, r_not_up_to_the_dealer, K_E9, 1)
set_rule(9, r_turn_down_against_the_third_hand, K_S11, 1)
set_rule(10, r_against_a_lone_hand, K_L6, 1)
set_rule(11, r_against_the_dealers_adoption, K_E8, 1)
set_rule(12, r_not_the_turn_down, K_E10, 1)
set_rule(13, r_not_partners_suit, K_S10, 1)
set_rule(14, r_led_through, K_S8, 0)
set_rule(15, r_big_one_first, K_S9, 0)
set_rule(16, r_beat_the_turn_up, K_T5, 0)
set_rule(17, r_ruffing, K_S10, 0)
set_rule(18, r_no_finesse, K_S10, 0)

# Each rule's claim, in order, to be checked against book_play.RULES.
RULE_CLAIMS = tuple(CLAIMS[RULES[i].claim] for i in range(N_RULES))


# --- one card, one hand ----------------------------------------------------------------------------

cdef int simple_choice(Table* tb, int p, uint32_t legal) noexcept nogil:
    # table_play.SimplePlayer: win as cheaply as possible unless partner is winning, else the cheapest
    cdef int t = tb.trump, cheapest = smallest(legal, t), power, led, c, best = -1, best_power = 99, q
    if tb.n_trick == 0 or winning_seat(tb, &power) == (p ^ 2):
        return cheapest
    led = effective_suit(tb.trick_card[0], t)
    while legal:
        c = __builtin_ctz(legal)
        legal &= legal - 1
        q = trick_power(c, t, led)
        if power < q < best_power:
            best, best_power = c, q
    return best if best >= 0 else cheapest


cdef int choose(Table* tb, int p, uint32_t off, uint8_t* fired) noexcept nogil:
    # BookPlayer.choose: the first rule whose card is legal, else the simple player's card
    cdef uint32_t legal = tb.hand[p], follow
    cdef int leading = tb.n_trick == 0, i, card
    if not leading:
        follow = legal & suit_mask(effective_suit(tb.trick_card[0], tb.trump), tb.trump)
        if follow:
            legal = follow
    if popcount(legal) == 1:
        return __builtin_ctz(legal)
    for i in range(N_RULES):
        if RULES[i].leading != leading or (off >> RULES[i].claim) & 1:
            continue
        card = RULES[i].choose(tb, p)
        if has(legal, card):
            fired[p * N_CLAIMS + RULES[i].claim] += 1
            return card
    return simple_choice(tb, p, legal)


cdef inline int next_seat(int seat, int lone) noexcept nogil:
    cdef int n = (seat + 1) & 3
    if lone >= 0 and n == (lone ^ 2):
        n = (n + 1) & 3
    return n


cdef void play_hand(Table* tb, uint32_t* off, int8_t* plays, int8_t* won, uint8_t* fired) noexcept nogil:
    # off: per seat, the claims whose rules never fire
    cdef int seat = tb.leader, trick, j, card, k = 0, power, winner
    cdef uint32_t bit
    for trick in range(5):
        tb.n_trick = 0
        for j in range(tb.n_active):
            card = choose(tb, seat, off[seat], fired)
            plays[k] = card
            k += 1
            bit = (<uint32_t>1) << card
            tb.hand[seat] &= ~bit
            tb.played[seat] |= bit
            tb.trick_seat[j] = seat
            tb.trick_card[j] = card
            tb.n_trick += 1
            if trick == 0:
                tb.first[seat] = card
                if j == 0:
                    tb.first_led = card
            seat = next_seat(seat, tb.lone)
        winner = winning_seat(tb, &power)
        if effective_suit(tb.trick_card[0], tb.trump) == tb.trump:
            tb.trump_led = 1
        won[winner & 1] += 1
        tb.done += 1
        tb.leader = winner
        seat = winner


# --- the Python layer --------------------------------------------------------------------------------

def _flags(x, n, what):
    arr = np.asarray(x)
    return int_array(arr.astype(np.int8) if arr.dtype == bool else arr, n, what, 0, 1)


def off_mask(off) -> int:
    """The bits (by index in CLAIMS) of the claims switched off; an unknown claim is an error."""
    off = frozenset(off)
    unknown = off - set(CLAIMS)
    if unknown:
        raise EuchreError(f"no card-play rule of claim {', '.join(sorted(unknown))}: the rules are of "
                          f"{', '.join(CLAIMS)}")
    return sum(1 << CLAIMS.index(k) for k in off)


def play_book_hands(hands, trump, lone_seat, leader, maker, turn_up, taken, assisted, off=(), *, pack=32,
                    off_by_seat=None):
    """Whole hands with the book's player (analysis.play.book.BookPlayer(off)) in every seat.

    hands: (N, 4) uint32 masks at the start of play, 5 cards each (a lone player's partner's are
    ignored); trump, lone_seat (-1 none), leader (None: the first active seat left of A), maker
    (-1 unknown), turn_up (-1 unknown), taken (the dealer took it up), assisted (C assisted the
    dealer): one value or (N,) values; off: claims whose rules never fire; off_by_seat: instead,
    four such sets, one per seat A B C D (a side playing without a claim's rules).

    Returns (plays, won, fired): plays (N, 20) int8, the cards in the order played (-1 after the
    15th card of a lone hand); won (N, 2) int8, the tricks of AC and BD; fired (N, 4, len(CLAIMS))
    uint8, per seat how many cards each claim's rules chose (BookPlayer.fired, hand by hand).
    """
    cdef int s
    h, trump_a, leader_a, lone_a, _side, _sizes = checked_batch(hands, trump, leader, lone_seat, None, pack, min_cards=5)
    cdef Py_ssize_t n = h.shape[0]
    maker_a = int_array(maker, n, "maker", -1, 3)
    turn_a = int_array(turn_up, n, "turn-up", -1, 31)
    taken_a = _flags(taken, n, "taken")
    assisted_a = _flags(assisted, n, "assisted")
    if off_by_seat is None:
        off_by_seat = [off] * 4
    elif isinstance(off_by_seat, (str, bytes)) or len(off_by_seat) != 4:
        raise EuchreError("off_by_seat must give four sets of claims, one per seat A B C D")
    cdef uint32_t off_bits[4]
    for s in range(4):
        off_bits[s] = off_mask(off_by_seat[s])
    plays = np.full((n, MAX_PLAYS), -1, np.int8)
    won = np.zeros((n, 2), np.int8)
    fired = np.zeros((n, 4, N_CLAIMS), np.uint8)
    cdef const uint32_t[:, ::1] hv = h
    cdef const int8_t[::1] tv = trump_a, lv = leader_a, nv = lone_a, mv = maker_a, uv = turn_a
    cdef const int8_t[::1] kv = taken_a, av = assisted_a
    cdef int8_t[:, ::1] pv = plays, wv = won
    cdef uint8_t[:, :, ::1] fv = fired
    cdef Table tb
    cdef Py_ssize_t i
    with nogil:
        for i in range(n):
            for s in range(4):
                tb.hand[s] = hv[i, s]
                tb.played[s] = 0
                tb.first[s] = -1
            tb.trump, tb.lone, tb.maker, tb.turn_up = tv[i], nv[i], mv[i], uv[i]
            tb.taken, tb.assisted, tb.leader = kv[i], av[i], lv[i]
            tb.done = 0
            tb.trump_led = 0
            tb.n_active = 3 if tb.lone >= 0 else 4
            play_hand(&tb, &off_bits[0], &pv[i, 0], &wv[i, 0], &fv[i, 0, 0])
    return plays, won, fired

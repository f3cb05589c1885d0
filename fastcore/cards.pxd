# The game's vocabulary for the kernels, defined once (its Python twin is fastcore/vocabulary.py).
#
# A card id is suit * 8 + rank, ranks 0..7 = 7 8 9 T J Q K A, suits 0..3 = S C H D.
# A hand is a uint32 mask with bit `id` set. Both packs use the same ids; the 24-card
# pack simply never holds ranks 0 and 1. Seats 0..3 = A B C D; play goes 0 -> 1 -> 2 -> 3.
# S/C are black and H/D red, so the suit of the same colour as s is s ^ 1.
from libc.stdint cimport uint32_t

cdef enum:
    JACK = 4
    N_CARDS = 32

cdef extern from *:
    """
    /* Every x86-64 processor since 2008 has the popcnt instruction; without this GCC calls a
       slow library routine for __builtin_popcount (in every module that cimports this file). */
    #if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
    #pragma GCC target("popcnt")
    #endif
    """
    int __builtin_popcount(unsigned int) nogil

cdef inline int popcount(uint32_t x) noexcept nogil:
    return __builtin_popcount(x)

cdef inline int card_suit(int card) noexcept nogil:
    return card >> 3

cdef inline int card_rank(int card) noexcept nogil:
    return card & 7

cdef inline int is_left_bower(int card, int trump) noexcept nogil:
    return (card & 7) == JACK and (card >> 3) == (trump ^ 1)

cdef inline int effective_suit(int card, int trump) noexcept nogil:
    # The left bower is a trump for every purpose of play.
    if is_left_bower(card, trump):
        return trump
    return card >> 3

cdef inline int trump_order(int card, int trump) noexcept nogil:
    # Rank among trumps of a card known to be a trump: right 8, left 7, A 6 ... seven 0.
    cdef int rank = card & 7
    if rank == JACK:
        return 8 if (card >> 3) == trump else 7
    return rank if rank < JACK else rank - 1

cdef inline int trick_power(int card, int trump, int led) noexcept nogil:
    # Higher beats lower; 0 = cannot win (neither trump nor the suit led).
    # Trumps: right 31, left 30, then A K Q T 9 8 7 as 16 + rank; suit led: 1 + rank.
    cdef int s = effective_suit(card, trump)
    if s == trump:
        if (card & 7) == JACK:
            return 31 if (card >> 3) == trump else 30
        return 16 + (card & 7)
    if s == led:
        return 1 + (card & 7)
    return 0

cdef inline uint32_t suit_mask(int suit, int trump) noexcept nogil:
    # All cards whose effective suit is `suit` under `trump`.
    cdef uint32_t m = (<uint32_t>0xFF) << (suit * 8)
    cdef uint32_t left = (<uint32_t>1) << ((trump ^ 1) * 8 + JACK)
    if suit == trump:
        m |= left
    elif suit == (trump ^ 1):
        m &= ~left
    return m

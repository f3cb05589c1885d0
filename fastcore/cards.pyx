# cython: language_level=3, boundscheck=False, wraparound=False
"""Python view of the card tables in cards.pxd, so tests can check them against the rules."""
from fastcore.cards cimport effective_suit, trick_power, suit_mask, trump_order


def py_effective_suit(int card, int trump):
    return effective_suit(card, trump)


def py_trick_power(int card, int trump, int led):
    return trick_power(card, trump, led)


def py_suit_mask(int suit, int trump):
    return suit_mask(suit, trump)


def py_trump_order(int card, int trump):
    return trump_order(card, trump)

"""The game itself: cards and their notation, the laws' rules and scoring, the contract once the
bidding ends, the book's hand patterns, its discard, the catalogue of its claims and the primary test of each,
and games recorded in Euchre Game Notation (EGN)."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "cards": ["SEATS", "SUITS", "SUIT_NAMES", "SEAT_NAMES", "SEAT_ROLES", "SEAT_LEGEND", "SEAT_LABELS", "SEAT_CHOICES", "SIDE_NAMES",
              "card_text", "format_cards", "mask_of", "mask_cards",
              "parse_card", "parse_cards", "parse_hands", "parse_seat", "parse_suit", "Seat", "Suit"],
    "rules": ["LOVE_ALL", "ROUND_ORDER", "SEAT_ORDER", "Rules", "Score", "legal_cards", "trick_winner",
              "score_hand", "points_by_side"],
    "contract": ["dealer_hand"],
    "patterns": ["matches", "match_table", "any_match", "parse_pattern", "shape_of"],
    "discard": ["book_discard"],
    "position": ["Position", "parse_position"],
    "egn": ["Game", "Replay", "read_egn", "parse_egn", "replay", "to_egn", "write_egn"],
    "claims": ["BookClaim", "catalogue", "quote"],
    "primary": ["Primary", "primaries"],
})

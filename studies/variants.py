"""The bidding studies under a second model, so that the ledger can show whether a verdict survives it.

At the table (``_table``): every card played by the table engine (``--play table``: PIMC, 32 worlds
a decision, consistent with the player's own cards, what has been played and the calls heard, read
under the policies that bid), whatever the run's engine. The deals a scenario are fewer than the
double-dummy runs' (the table players play some hundreds of hands a second a core).
The score study's table variant (``studies.score_table``) plays with the same engine.

In other company (``_cautious``): the three chairs other than the decider's bid by the cautious
policy (``analysis/data/policies/cautious.toml``), double-dummy.

Their reference runs (seed 1888, the defaults below), each writing ``reports/<name>/``:

    euchrelab run book_bidding_table round_two_table assist_take_table lone_hands_table bridge_table discard_table \
        hand_strength_table modern_game_table --jobs 2
    euchrelab run book_bidding_cautious round_two_cautious assist_take_cautious score_cautious --jobs 2
"""
from __future__ import annotations

from analysis.play.engines import TABLE_PLAYER
from studies.assist_take import STUDY as ASSIST_TAKE
from studies.book_bidding import STUDY as BOOK_BIDDING
from studies.bridge import STUDY as BRIDGE
from studies.common.variant import variant
from studies.discard import STUDY as DISCARD
from studies.hand_strength import STUDY as HAND_STRENGTH
from studies.lone_hands import STUDY as LONE_HANDS
from studies.modern_game import STUDY as MODERN_GAME
from studies.primary import STUDY as PRIMARY
from studies.primary_lone_seats import STUDY as PRIMARY_LONE_SEATS
from studies.primary_lone_care import STUDY as PRIMARY_LONE_CARE
from studies.primary_scores import STUDY as PRIMARY_SCORES
from studies.round_two import STUDY as ROUND_TWO
from studies.score import STUDY as SCORE

TABLE = TABLE_PLAYER        # PIMC reading the calls
COMPANY = "cautious"

BOOK_BIDDING_TABLE = variant(BOOK_BIDDING, "book_bidding_table", {"deals": 50_000, "chunk_size": 25_000,
                                                                  "replicates": 2}, engine=TABLE)
ROUND_TWO_TABLE = variant(ROUND_TWO, "round_two_table", {"deals": 150_000, "chunk_size": 50_000, "cap": 1000,
                                                         "extra": 8}, engine=TABLE)
ASSIST_TAKE_TABLE = variant(ASSIST_TAKE, "assist_take_table", {"deals": 100_000, "chunk_size": 50_000, "cap": 500,
                                                               "l8_extra": 4}, engine=TABLE)
# L2, L5 and L7 are played at the table by the lone_play study; here the lone decisions by the score
LONE_HANDS_TABLE = variant(LONE_HANDS, "lone_hands_table", {"deals": 40_000, "chunk_size": 5_000}, engine=TABLE,
                           keep=lambda t: t.claim in ("L1", "L3"))
# B3 and B4 are the bridge study's own table-side tests: its table-* scenarios are left out
BRIDGE_TABLE = variant(BRIDGE, "bridge_table", {**BRIDGE.defaults, "deals": 100_000, "chunk_size": 25_000},
                       engine=TABLE, scenarios=lambda s: not s.startswith("table-"))

DISCARD_TABLE = variant(DISCARD, "discard_table", {"deals": 20_000, "chunk_size": 10_000}, engine=TABLE)
# S6 reads C's hand: the other seats' scenarios are left out (the contract is fixed: no calls to read)
HAND_STRENGTH_TABLE = variant(HAND_STRENGTH, "hand_strength_table", {"deals": 100_000, "chunk_size": 2_500},
                              engine=TABLE, scenarios=lambda s: s == "C",
                              note="Only C's deals are played (S6 reads C's hand); the contract is fixed without "
                                   "bidding, so the players have no calls to read and play from the cards alone.")
# the modern game's chart with players who see only their own cards, under stick-the-dealer (the modern
# game as most play it), 400 deals a score: PIMC plays some hundreds of hands a second. Descriptive, so
# not among VARIANTS (the variants of tested claims)
MODERN_GAME_TABLE = variant(MODERN_GAME, "modern_game_table", {"deals": 40_000, "chunk_size": 10_000, "pack": 24,
                                                               "points_for_game": 10}, engine=TABLE,
                            scenarios=lambda s: s.endswith("-stick"),
                            note="Only stick-the-dealer is played, 400 deals at each score.")

# the primaries of the round-one bidding at the table, in both companies
PRIMARY_TABLE = variant(PRIMARY, "primary_table", {"deals": 100_000, "chunk_size": 20_000, "rare": 20, "cap": 300},
                        engine=TABLE)
# and those that name a score: the company's game played at the table too
PRIMARY_SCORES_TABLE = variant(PRIMARY_SCORES, "primary_scores_table", {"deals": 20_000, "chunk_size": 10_000,
                                                                        "cap": 200}, engine=TABLE)
# L5's rotated lone hands at the table: a chunk's first ``cap`` lone hands played from every seat
PRIMARY_LONE_SEATS_TABLE = variant(PRIMARY_LONE_SEATS, "primary_lone_seats_table",
                                   {"deals": 20_000, "chunk_size": 10_000, "cap": 250}, engine=TABLE)
# and L4's, the lone hands after B's pass played at the table (the game model double-dummy, as the study's)
PRIMARY_LONE_CARE_TABLE = variant(PRIMARY_LONE_CARE, "primary_lone_care_table", {"deals": 400_000, "chunk_size": 25_000,
                                                                                 "model_deals": 20_000}, engine=TABLE)

# about half the deals of the double-dummy reference runs
BOOK_BIDDING_CAUTIOUS = variant(BOOK_BIDDING, "book_bidding_cautious", {"deals": 1_000_000, "chunk_size": 50_000,
                                                                        "replicates": 4}, company=COMPANY)
ROUND_TWO_CAUTIOUS = variant(ROUND_TWO, "round_two_cautious", {**ROUND_TWO.defaults, "deals": 1_250_000},
                             company=COMPANY)
# the cautious policy goes alone only with both bowers: his partner never holds L8's hands (a bower)
ASSIST_TAKE_CAUTIOUS = variant(ASSIST_TAKE, "assist_take_cautious", {**ASSIST_TAKE.defaults, "deals": 2_000_000},
                               company=COMPANY, keep=lambda t: t.key not in ("L8.1", "L8.2"),
                               note="L8.1 and L8.2 are left out: the cautious policy goes alone only with both "
                                    "bowers, so his partner never holds a bower")
SCORE_CAUTIOUS = variant(SCORE, "score_cautious", {"deals": 1_000_000, "chunk_size": 250_000, "replicates": 8,
                                                   "cap": 250}, company=COMPANY,
                        note="The game and rubber models that value a score (the game scenarios) are the book's "
                             "players' game, as in the score study: the company bids only around the decision tested")

VARIANTS = (PRIMARY_TABLE, PRIMARY_SCORES_TABLE, PRIMARY_LONE_SEATS_TABLE, PRIMARY_LONE_CARE_TABLE, BOOK_BIDDING_TABLE, ROUND_TWO_TABLE, ASSIST_TAKE_TABLE, LONE_HANDS_TABLE, BRIDGE_TABLE, DISCARD_TABLE,
            HAND_STRENGTH_TABLE,
            BOOK_BIDDING_CAUTIOUS, ROUND_TWO_CAUTIOUS, ASSIST_TAKE_CAUTIOUS, SCORE_CAUTIOUS)

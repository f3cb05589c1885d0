"""Euchre Game Notation (EGN v1): a played game read, replayed by the laws, and written.

EGN is a public JSON record of a game (``fileType`` "Euchre Game Notation"): the ruleset, the
initial score, and each deal's dealer, turn-up, calls, discard and the cards of each trick in the
order they fell. Who led each trick, who won it and the score are not written: they follow from
the laws, and :func:`replay` works them out, checking every card against the cards its player
must hold.

Seats here are EGN's: 0 to 3 clockwise, fixed for the game, the team of seats 0 and 2 first in
every score. The dealer moves; the book's letters are seats counted from the dealer
(:func:`letter_of`: the dealer is A, his left B, his partner C, his right D).

:func:`read_egn` and :func:`parse_egn` read a file of any version 1.x (the older 1.0 spells some
fields in snake_case); :func:`to_egn` and :func:`write_egn` write the current version, 1.4;
:func:`book_deal` and :func:`game_from_hands` make a game of euchrelab's own hands, all dealt by
seat 0.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path

from analysis.errors import EuchreError
from analysis.game.cards import (JACK, RANKS, SEAT_LABELS, SUIT_NAMES, SUITS, card_id, card_text, effective_suit,
                                 format_cards, in_pack, mask_cards, mask_of, next_suit, pack_cards, suit_of)
from analysis.game.rules import Rules, hand_points, trick_winner


FILE_TYPE = "Euchre Game Notation"
VERSION = "1.4"          # the version written
MAX_DEALS = 100          # the schema's limit of deals in one file

# the calls as EGN writes them
PASS = "Pass"
ORDER = "Order"
SUIT_CALLS = ("s", "c", "h", "d")     # round two: the suit named (EGN's letters, lower case)
UNKNOWN_CALL = "x"
NO_TRUMP_CALL = "n"

LEFT_OF_DEALER = "LEFT_OF_DEALER"
LEFT_OF_LONER = "LEFT_OF_LONER"

BIDDING = "EUCHRE_BIDDING"
TRICK_PLAY = "TRICK_PLAY"

# the variants EGN can name that euchrelab does not play: a file with one of them on is refused
UNPLAYED_RULES = ("canadian", "defend_alone", "farmers", "partners_best", "go_under", "joker", "allow_no_trump",
                  "fast_break", "four_trick_tokens")
KNOWN_RULES = ("std", "min_rank", "winning_score", "num_deals", "loner_lead", "loner_march_score",
               "loner_euchred_score", "num_players") + UNPLAYED_RULES


@dataclass(frozen=True)
class EgnRules:
    """What a file's ``ruleset`` says, in euchrelab's terms: ``rules`` (pack from ``min_rank``,
    points for game from ``winning_score`` (10 when the game is a fixed number of deals),
    stick the dealer from ``std``, never the rubber, which EGN cannot say), and the fields the
    laws' scoring reads beside them."""

    rules: Rules
    winning_score: int = 10          # 0: no target (a game of num_deals deals)
    num_deals: int = 0               # 0: no fixed number of deals
    loner_lead: str = LEFT_OF_DEALER
    loner_march: int = 4
    loner_euchred: int = 2


@dataclass(frozen=True)
class Deal:
    """One deal as the file records it. Cards are euchrelab's card ids; None is an unknown card
    (``Xx``, ``Xc``, ...). ``hands``: the dealt hands by seat as recorded (None: not recorded).
    ``notes_calls``/``notes_play``: the file's own annotations by index (as EGN keys them: the
    call's index, the card's index across the tricks), as int keys to lists of strings."""

    number: int
    dealer: int
    turn_up: int | None
    hands: tuple[tuple[int | None, ...] | None, ...]
    calls: tuple[str, ...]
    alone: bool
    discard: int | None
    tricks: tuple[tuple[int | None, ...], ...]
    lead: int | None = None                        # a recorded first lead (older files: initialLead)
    kitty: tuple[int | None, ...] = ()
    notes_calls: dict = field(default_factory=dict)
    notes_play: dict = field(default_factory=dict)
    alternatives: tuple = field(default=(), compare=False)    # the file's alternativeLines, in 1.4's spelling


@dataclass(frozen=True)
class Game:
    """A whole file: its metadata, rules and deals."""

    source: str                                    # the file's name, for messages
    version: str
    title: str
    description: str
    players: tuple[str, ...]                       # names by seat
    initial_score: tuple[int, int]                 # team of seats 0 and 2, team of seats 1 and 3
    rules: EgnRules
    deals: tuple[Deal, ...]
    raw: dict = field(default_factory=dict, compare=False)     # the file as read


@dataclass(frozen=True)
class Replayed:
    """One deal replayed by the laws.

    ``calls``: (seat, call) in order; ``round``: the round of the call that made trumps (None for
    a void deal); ``maker``, ``trump``, ``alone``, ``sits_out``; ``tricks``: each trick's (seat,
    card) in the order played, card None where unknown; ``winners``: each trick's winning seat
    (None where an unknown card leaves it open); ``team_tricks``, ``points`` and the scores by
    team; ``dealt``: each seat's dealt hand as a mask where it is known (recorded, or worked back
    from the cards he played and the dealer's discard), else None; ``at_play``: each seat's hand
    at the first card, likewise; ``problems``: what broke the laws or could not be read, each
    naming the deal, trick and seat; ``complete``: every card known and legal, the score computed;
    ``scored``: the score computed and counted (a deal with a renege is scored as played, one the
    record leaves unreadable or played after the game ended is not)."""

    number: int
    dealer: int
    turn_up: int | None
    calls: tuple[tuple[int, str], ...]
    round: int | None
    maker: int | None
    trump: int | None
    alone: bool
    sits_out: int | None
    discard: int | None
    leader: int | None
    tricks: tuple[tuple[tuple[int, int | None], ...], ...]
    winners: tuple[int | None, ...]
    team_tricks: tuple[int, int]
    points: tuple[int, int]
    score_before: tuple[int, int]
    score_after: tuple[int, int]
    dealt: tuple[int | None, ...]
    at_play: tuple[int | None, ...]
    problems: tuple[str, ...] = ()
    complete: bool = True
    scored: bool = True


@dataclass(frozen=True)
class Replay:
    """A game replayed: its deals, the final score by team, and every problem found. Its ``str()``
    is the game deal by deal, as ``euchrelab replay`` prints it; ``to_json()`` its JSON."""

    game: Game
    deals: tuple[Replayed, ...]
    final_score: tuple[int, int]
    problems: tuple[str, ...]

    def __str__(self) -> str:
        return replay_text(self)

    def to_json(self) -> dict:
        return replay_json(self)

    def _repr_html_(self) -> str:
        import html
        return f"<pre>{html.escape(str(self))}</pre>"


def letter_of(seat: int, dealer: int) -> int:
    """The book's seat (0 = A, the dealer; 1 = B, his left; 2 = C; 3 = D) of EGN ``seat``."""
    return (seat - dealer) % 4


def seat_of(letter: int, dealer: int) -> int:
    """EGN's seat of the book's seat ``letter`` when ``dealer`` deals."""
    return (letter + dealer) % 4


# --- reading ---------------------------------------------------------------------------------

def read_egn(path) -> Game:
    """The game of the EGN file ``path``; a missing, unreadable or malformed file is refused in
    one line naming it."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EuchreError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise EuchreError(f"{path} is a folder, not an EGN file") from None
    except OSError as exc:
        raise EuchreError(f"{path}: cannot read it ({(exc.strerror or str(exc)).lower()})") from None
    return egn_of_bytes(data, str(path))


def egn_of_bytes(data: bytes, source: str) -> Game:
    """The game of a file's bytes (UTF-8 JSON text), named ``source`` in the one-line refusals."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise EuchreError(f"{source} is not an EGN file: not UTF-8 text") from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EuchreError(f"{source} is not an EGN file: not JSON ({exc.msg} at line {exc.lineno}, "
                          f"column {exc.colno})") from None
    return parse_egn(obj, source=source)


def parse_egn(obj, source: str = "EGN") -> Game:
    """The game of an EGN document already parsed from JSON; ``source`` names it in messages."""
    if not isinstance(obj, dict):
        raise EuchreError(f"{source} is not an EGN file: it holds {_kind(obj)}, not an object with "
                          f"fileType {FILE_TYPE!r}")
    if "fileType" not in obj:
        raise EuchreError(f"{source} is not an EGN file: it has no fileType {FILE_TYPE!r}")
    if obj["fileType"] != FILE_TYPE:
        raise EuchreError(f"{source} is not an EGN file: its fileType is {obj['fileType']!r}, not {FILE_TYPE!r}")
    r = _Reader(source)
    version = r.need(obj, ("version",), "", str)
    parts = version.split(".")
    if parts[0] != "1" or not all(p.isdigit() for p in parts):
        raise r.error("", f"EGN version {version!r} is not read: euchrelab reads version 1 (1.0 to 1.4)")
    meta = r.need(obj, ("metadata",), "", dict)
    rules = _parse_rules(r, r.get(meta, ("ruleset",), "metadata", dict, {}))
    players = _parse_players(r, r.need(meta, ("players",), "metadata", list))
    score = r.need(meta, ("initialScore", "initial_score"), "metadata", list)
    if len(score) != 2 or not all(_is_int(x) for x in score):
        raise r.error("metadata", f"initialScore must be two whole numbers, not {score!r}")
    deals = r.need(obj, ("deals",), "", list)
    if len(deals) > MAX_DEALS:
        raise r.error("", f"{len(deals)} deals: EGN holds at most {MAX_DEALS}")
    return Game(source=source, version=version, title=str(r.get(meta, ("title",), "metadata", str, "")),
                description=str(r.get(meta, ("description",), "metadata", str, "")), players=players,
                initial_score=(int(score[0]), int(score[1])), rules=rules,
                deals=tuple(_parse_deal(r, d, i, rules.rules.pack) for i, d in enumerate(deals)), raw=obj)


_MISSING = object()


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _kind(value) -> str:
    """A JSON value's kind in words: "an array", "a string"."""
    if isinstance(value, bool):
        return "true or false"
    return {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number",
            type(None): "null"}.get(type(value), type(value).__name__)


class _Reader:
    """Reads fields of one file, each mistake one line naming the file and the place."""

    def __init__(self, source: str):
        self.source = source

    def error(self, where: str, what: str) -> EuchreError:
        return EuchreError(f"{self.source}: {where + ': ' if where else ''}{what}")

    def get(self, obj: dict, names: tuple[str, ...], where: str, kind, default=_MISSING):
        """The field of the first of ``names`` present (1.4's spelling first, then the older
        one), checked to be of ``kind``; ``default`` when absent (absent without one: refused)."""
        for name in names:
            if name in obj:
                value = obj[name]
                ok = _is_int(value) if kind is int else isinstance(value, kind)
                if not ok:
                    want = {int: "a whole number", bool: "true or false", str: "a string", list: "an array",
                            dict: "an object"}[kind]
                    raise self.error(where, f"{name} must be {want}, not {json.dumps(value)[:40]}")
                return value
        if default is _MISSING:
            raise self.error(where, f"the field {names[0]} is missing")
        return default

    def need(self, obj: dict, names: tuple[str, ...], where: str, kind):
        return self.get(obj, names, where, kind)


def _parse_rules(r: _Reader, ruleset: dict) -> EgnRules:
    where = "ruleset"
    for name, value in ruleset.items():
        if name in UNPLAYED_RULES and value not in (False, 0, None):
            raise r.error(where, f"the rule {name} is on, and euchrelab does not play it")
        if name not in KNOWN_RULES and value not in (False, 0, None):
            raise r.error(where, f"the rule {name} is not one euchrelab knows (EGN 1.4's rules only)")
    players = r.get(ruleset, ("num_players",), where, int, 4)
    if players != 4:
        raise r.error(where, f"the rule num_players is {players}: euchrelab plays the four-handed game only")
    min_rank = r.get(ruleset, ("min_rank",), where, int, 9)
    if min_rank not in (7, 9):
        raise r.error(where, f"min_rank {min_rank} is not played: euchrelab plays 9 (24 cards) or 7 (32 cards)")
    num_deals = r.get(ruleset, ("num_deals",), where, int, 0)
    winning = r.get(ruleset, ("winning_score",), where, int, 0 if num_deals else 10)
    if winning < 0 or num_deals < 0:
        raise r.error(where, "winning_score and num_deals cannot be negative")
    if winning and num_deals:
        raise r.error(where, "both winning_score and num_deals are set: a game ends one way, by a score or "
                             "after a number of deals")
    if not winning and not num_deals:
        raise r.error(where, "winning_score is 0 and num_deals is not set: the game has no end")
    lead = r.get(ruleset, ("loner_lead",), where, str, LEFT_OF_DEALER)
    if lead not in (LEFT_OF_DEALER, LEFT_OF_LONER):
        raise r.error(where, f"loner_lead {lead!r} is not {LEFT_OF_DEALER} or {LEFT_OF_LONER}")
    std = r.get(ruleset, ("std",), where, bool, True)
    rules = Rules(pack=24 if min_rank == 9 else 32, points_for_game=winning or 10, stick_the_dealer=std, rubber=False)
    return EgnRules(rules, winning, num_deals, lead, r.get(ruleset, ("loner_march_score",), where, int, 4),
                    r.get(ruleset, ("loner_euchred_score",), where, int, 2))


def _parse_players(r: _Reader, players: list) -> tuple[str, ...]:
    if len(players) > 4:
        raise r.error("metadata", f"{len(players)} players: euchrelab plays the four-handed game")
    names = []
    for seat in range(4):
        p = players[seat] if seat < len(players) else f"seat {seat}"
        if isinstance(p, dict) and isinstance(p.get("name"), str):
            p = p["name"]
        if not isinstance(p, str):
            raise r.error("metadata", f"player {seat} must be a name or an object with a name, not {json.dumps(p)[:40]}")
        names.append(p.strip() or f"seat {seat}")
    return tuple(names)


def _card(r: _Reader, text, pack: int, where: str):
    """An EGN card: its id, None (unknown: ``Xx``, ``Xc``, ``Jx``), or "R"/"L" (a bower, the
    trump not yet known)."""
    if not isinstance(text, str):
        raise r.error(where, f"{json.dumps(text)[:40]} is not a card")
    t = text.strip()
    if t in ("R", "L"):
        return t
    if t == "B":
        raise r.error(where, "card B is the joker, which euchrelab does not play")
    if len(t) != 2:
        raise r.error(where, f"{t!r} is not a card: EGN writes rank then suit, like 9c, Ts, Jd")
    rank, suit = t[0].upper(), t[1]
    if suit in ("t", "n", "g"):
        raise r.error(where, f"card {t} names a generic suit (t trump, n next, g green): euchrelab replays the "
                             "suits themselves only (s, c, h, d)")
    if suit.lower() not in "schdx":
        raise r.error(where, f"card {t} has an unknown suit {suit!r}: suits are s, c, h, d (x unknown)")
    rank = "9" if rank == "N" else rank
    if rank not in RANKS + "X":
        raise r.error(where, f"card {t} has an unknown rank {t[0]!r}: ranks are 7 8 9 (or N) T J Q K A (X unknown)")
    if rank == "X" or suit.lower() == "x":
        return None
    card = card_id(RANKS.index(rank), SUITS.index(suit.upper()))
    if not in_pack(card, pack):
        raise r.error(where, f"card {t} is not in the 24-card pack (the ruleset's min_rank is 9)")
    return card


def _bower(card, trump: int | None):
    """``card`` with "R" and "L" made the knaves they are under ``trump`` (unknown without it)."""
    if card == "R":
        return None if trump is None else card_id(JACK, trump)
    if card == "L":
        return None if trump is None else card_id(JACK, next_suit(trump))
    return card


def _call(r: _Reader, text, where: str) -> str:
    if isinstance(text, str):
        low = text.strip().lower()
        if low == "pass":
            return PASS
        if low == "order":
            return ORDER
        if low in SUIT_CALLS or low in (UNKNOWN_CALL, NO_TRUMP_CALL):
            return low
    raise r.error(where, f"{json.dumps(text)[:40]} is not an EGN call (Pass, Order, s, c, h, d, n or x)")


def _notes(r: _Reader, phase: dict, names: tuple[str, ...], where: str) -> dict:
    raw = r.get(phase, names, where, dict, {})
    out = {}
    for key, texts in raw.items():
        if not str(key).isdigit() or not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise r.error(where, f"{names[0]} must map indexes to lists of strings, not {json.dumps({key: texts})[:60]}")
        out[int(key)] = list(texts)
    return out


# 1.4's fields of a phase, and the older spellings a reader meets
_PHASE_FIELDS = {BIDDING: ("phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard", "cardExchanges",
                           "callAnnotations"),
                 TRICK_PLAY: ("phaseNumber", "type", "tricks", "isAlone", "playAnnotations")}
_OLD_NAMES = {"calls_annotations": "callAnnotations", "call_annotations": "callAnnotations",
              "tricks_annotations": "playAnnotations", "play_annotations": "playAnnotations", "is_alone": "isAlone",
              "phase_number": "phaseNumber"}


def _current_phase(phase) -> dict:
    """A phase of an alternative line in 1.4's spelling (fields 1.4 does not have dropped)."""
    if not isinstance(phase, dict):
        return phase
    renamed = {_OLD_NAMES.get(k, k): v for k, v in phase.items()}
    keep = _PHASE_FIELDS.get(renamed.get("type"), tuple(renamed))
    return {k: v for k, v in renamed.items() if k in keep}


def _parse_deal(r: _Reader, raw, index: int, pack: int) -> Deal:
    number = index + 1
    where = f"deal {number}"
    if isinstance(raw, str):
        raise r.error(where, "a condensed deal (a base64 string): condensed deals are not supported, write the "
                             "deals out in full")
    if not isinstance(raw, dict):
        raise r.error(where, f"a deal must be an object, not {_kind(raw)}")
    state = r.need(raw, ("initialState", "initial_state"), where, dict)
    dealer = r.need(state, ("dealer",), where, int)
    if not 0 <= dealer <= 3:
        raise r.error(where, f"dealer {dealer} is not a seat 0 to 3")
    turn_up = _card(r, r.need(state, ("upCard", "up_card"), where, str), pack, f"{where}, upCard")
    phases = r.need(raw, ("phases",), where, list)
    bidding, play = None, None
    for phase in phases:
        kind = phase.get("type") if isinstance(phase, dict) else None
        if kind == BIDDING and bidding is None:
            bidding = phase
        elif kind == TRICK_PLAY and play is None:
            play = phase
        else:
            raise r.error(where, f"a phase must be one {BIDDING} and one {TRICK_PLAY}, not {json.dumps(kind)}")
    calls = ()
    alone = False
    discard = None
    notes_calls: dict = {}
    if bidding is not None:
        at = f"{where}, calls"
        calls = tuple(_call(r, c, at) for c in r.need(bidding, ("calls",), at, list))
        alone = r.get(bidding, ("isAlone", "is_alone"), at, bool, False)
        defender = r.get(bidding, ("aloneDefender",), at, int, -1)
        if defender >= 0:
            raise r.error(at, "a defender defends alone (aloneDefender): euchrelab does not play the rule defend_alone")
        if r.get(bidding, ("cardExchanges",), at, list, []):
            raise r.error(at, "cards are exchanged (cardExchanges): euchrelab plays no rule that exchanges cards")
        if "discard" in bidding:
            discard = _card(r, bidding["discard"], pack, f"{where}, discard")
        notes_calls = _notes(r, bidding, ("callAnnotations", "calls_annotations", "call_annotations"), at)
    tricks: list = []
    lead = None
    notes_play: dict = {}
    if play is not None:
        at = f"{where}, tricks"
        raw_tricks = r.need(play, ("tricks",), at, list)
        for k, trick in enumerate(raw_tricks):
            if not isinstance(trick, list):
                raise r.error(at, f"trick {k + 1} must be an array of cards, not {_kind(trick)}")
            tricks.append([_card(r, c, pack, f"{where}, trick {k + 1}") for c in trick])
        alone = alone or r.get(play, ("isAlone", "is_alone"), at, bool, False)
        lead = r.get(play, ("initialLead", "initial_lead"), at, int, None)
        if lead is not None and not 0 <= lead <= 3:
            raise r.error(at, f"initialLead {lead} is not a seat 0 to 3")
        notes_play = _notes(r, play, ("playAnnotations", "tricks_annotations", "play_annotations"), at)
    hands_raw = r.get(state, ("playerCards", "player_cards"), where, list, [])
    if hands_raw and len(hands_raw) != 4:
        raise r.error(where, f"playerCards lists {len(hands_raw)} hands, not 4")
    hands = []
    for seat, hand in enumerate(hands_raw or [[]] * 4):
        if not isinstance(hand, list) or len(hand) not in (0, 5):
            raise r.error(where, f"playerCards of seat {seat} must be 5 cards (or none), not {json.dumps(hand)[:40]}")
        hands.append([_card(r, c, pack, f"{where}, playerCards of seat {seat}") for c in hand] or None)
    kitty = [_card(r, c, pack, f"{where}, kitty") for c in r.get(state, ("kitty",), where, list, [])]
    # the bowers written R and L are the knaves of the trump the calls make
    trump = _trump_of(calls, turn_up if isinstance(turn_up, int) else None)
    turn_up = turn_up if not isinstance(turn_up, str) else None
    alternatives = r.get(raw, ("alternativeLines",), where, list, [])
    alternatives = tuple({**line, "phases": [_current_phase(p) for p in line["phases"]]}
                         if isinstance(line, dict) and isinstance(line.get("phases"), list) else line
                         for line in alternatives)
    return Deal(number=number, dealer=dealer, turn_up=turn_up,
                hands=tuple(None if h is None else tuple(_bower(c, trump) for c in h) for h in hands),
                calls=calls, alone=alone, discard=_bower(discard, trump),
                tricks=tuple(tuple(_bower(c, trump) for c in t) for t in tricks), lead=lead,
                kitty=tuple(_bower(c, trump) for c in kitty), notes_calls=notes_calls, notes_play=notes_play,
                alternatives=alternatives)


def _trump_of(calls: Sequence[str], turn_up: int | None) -> int | None:
    """The trump the first call other than a pass makes, if the calls say it."""
    for i, call in enumerate(calls):
        if call == PASS:
            continue
        if call == ORDER and i < 4:
            return None if turn_up is None else suit_of(turn_up)
        if call in SUIT_CALLS and i >= 4:
            return SUITS.index(call.upper())
        return None
    return None


# --- replaying -------------------------------------------------------------------------------

class _Stop(Exception):
    """A problem after which the rest of the deal cannot be read."""


def replay(game: Game) -> Replay:
    """The game replayed deal by deal by the laws and the file's ruleset: trumps and makers from
    the calls, each trick's leader, seats and winner, the score; every problem found named."""
    score = game.initial_score
    deals = []
    for i, deal in enumerate(game.deals):
        done = _game_over(game.rules, i, score)
        r = _DealReplay(game, deal, score).run(done)
        deals.append(r)
        score = r.score_after
    return Replay(game, tuple(deals), score, tuple(p for r in deals for p in r.problems))


def _game_over(rules: EgnRules, index: int, score: tuple[int, int]) -> str | None:
    """Why the game had ended before deal ``index`` (0-based), or None."""
    if rules.num_deals and index >= rules.num_deals:
        return f"the game was of {rules.num_deals} deal{'s' * (rules.num_deals != 1)}"
    if rules.winning_score and max(score) >= rules.winning_score:
        return f"the game was won at {score[0]}-{score[1]}"
    return None


def deal_points(rules: EgnRules, maker: int, alone: bool, team_tricks: Sequence[int]) -> tuple[int, int]:
    """The points by team of a deal played out: makers with 3 or 4 tricks 1, a march 2 (alone
    ``loner_march``), makers euchred 2 to the adversaries (against a lone hand ``loner_euchred``)."""
    side = maker % 2
    made = team_tricks[side]
    points = [0, 0]
    if made == 5:
        points[side] = rules.loner_march if alone else 2
    elif made >= 3:
        points[side] = 1
    else:
        points[1 - side] = rules.loner_euchred if alone else 2
    return points[0], points[1]


def first_leader(rules: EgnRules, dealer: int, maker: int | None, alone: bool) -> int:
    """Who leads the first trick: the dealer's left, or with a lone hand as ``loner_lead`` says
    (the dealer's left, passing over the partner who sits out; or the lone player's left)."""
    lead = (dealer + 1) % 4
    if alone and maker is not None:
        if rules.loner_lead == LEFT_OF_LONER:
            return (maker + 1) % 4
        if lead == maker ^ 2:
            lead = (lead + 1) % 4
    return lead


class _DealReplay:
    """One deal replayed: the bidding, then each card checked against what its player may hold.

    Each seat's holding is ``cands`` (cards he is known to hold, from the record), ``slack`` (how
    many of them he may no longer hold: the dealer's unknown discard, unknown cards played) and
    ``open`` (he may hold cards nobody recorded). ``where`` says, for each card known to be out of
    a seat's hand, where it is."""

    def __init__(self, game: Game, deal: Deal, score: tuple[int, int]):
        self.game, self.deal, self.rules = game, deal, game.rules
        self.score = score
        self.problems: list[str] = []
        self.calls = tuple(((deal.dealer + 1 + i) % 4, c) for i, c in enumerate(deal.calls))
        self.maker = self.trump = self.round = self.sits = self.leader = self.made_at = None
        self.discard = None
        self.taken = False
        self.tricks: list[tuple[tuple[int, int | None], ...]] = []
        self.winners: list[int | None] = []
        self.won = [0, 0]
        self.irregular = False        # a renege, or a card not known: scored, but not complete

    # the words of a problem
    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.game.players[seat]})"

    def at(self, trick: int | None = None, seat: int | None = None, call: int | None = None) -> str:
        parts = [f"deal {self.deal.number}"]
        if call is not None:
            parts.append(f"call {call + 1}")
        if trick is not None:
            parts.append(f"trick {trick}")
        if seat is not None:
            parts.append(self.who(seat))
        return ", ".join(parts)

    def note(self, text: str, **at) -> None:
        self.problems.append(f"{self.at(**at)}: {text}")

    def stop(self, text: str, **at):
        self.note(f"{text}; the rest of the deal cannot be read: not scored", **at)
        raise _Stop

    def run(self, game_over: str | None) -> Replayed:
        through = False
        try:
            self.bid()
            if self.maker is not None:
                self.settle()
                self.play()
            through = True
        except _Stop:
            pass
        scored = through and game_over is None
        if through and game_over is not None:
            self.note(f"played after the game ended ({game_over}): not scored")
        elif not through and game_over is not None:
            self.note(f"played after the game ended ({game_over})")
        points = (0, 0)
        if scored and self.maker is not None:
            points = deal_points(self.rules, self.maker, self.deal.alone, self.won)
        after = (self.score[0] + points[0], self.score[1] + points[1])
        dealt, at_play = self.hands_known(through)
        d = self.deal
        return Replayed(d.number, d.dealer, d.turn_up, self.calls, self.round, self.maker, self.trump,
                        bool(d.alone and self.maker is not None), self.sits, self.discard, self.leader,
                        tuple(self.tricks), tuple(self.winners), (self.won[0], self.won[1]), points, self.score,
                        after, dealt, at_play, tuple(self.problems), scored and not self.irregular, scored)

    # the bidding
    def bid(self) -> None:
        d, std = self.deal, self.rules.rules.stick_the_dealer
        for i, (seat, call) in enumerate(self.calls):
            at = {"call": i, "seat": seat}
            if self.maker is not None:
                self.stop(f"a call after trumps were made at call {self.made_at + 1}: calls out of turn", **at)
            if i >= 8:
                self.stop("a ninth call: the bidding has two rounds of four calls", **at)
            if call == UNKNOWN_CALL:
                self.stop("the call is not known (x), so neither is the trump", **at)
            if call == NO_TRUMP_CALL:
                self.stop("calls no trump, which euchrelab does not play", **at)
            if call == PASS:
                if i == 7 and std:
                    self.stop("the dealer passes in round two, but with stick the dealer he must name a suit", **at)
                continue
            if call == ORDER:
                if i >= 4:
                    self.stop("orders up in round two, after the turn-up was turned down: round two names a suit",
                              **at)
                if d.turn_up is None:
                    self.stop("orders up a turn-up that is not known, so the trump is not known", **at)
                trump = suit_of(d.turn_up)
            else:
                trump = SUITS.index(call.upper())
                if i < 4:
                    self.stop(f"names {SUIT_NAMES[trump]} in round one, where only the turn-up's suit can be ordered",
                              **at)
                if d.turn_up is not None and trump == suit_of(d.turn_up):
                    self.stop(f"names {SUIT_NAMES[trump]}, the suit turned down", **at)
            self.maker, self.trump, self.round, self.made_at = seat, trump, 1 if i < 4 else 2, i
        if self.maker is None:
            if len(self.calls) == 8:       # all passed twice, no stick-the-dealer: a void deal, no points
                if d.tricks:
                    self.stop("cards are played though all passed twice (a void deal)", trick=1)
            elif not self.calls:
                self.stop("no calls are recorded")
            else:
                self.stop(f"the calls end after {len(self.calls)} passes, no trump made")

    # the contract and where every known card is
    def settle(self) -> None:
        d = self.deal
        dealer = d.dealer
        self.sits = self.maker ^ 2 if d.alone else None
        self.taken = self.round == 1 and self.sits != dealer
        self.leader = first_leader(self.rules, dealer, self.maker, d.alone)
        if d.lead is not None and d.lead != self.leader:
            self.stop(f"the first lead is recorded as seat {d.lead}'s, but by the laws {self.who(self.leader)} leads")
        self.active = [s for s in range(4) if s != self.sits]
        self.cands = [set() for _ in range(4)]
        self.slack = [0] * 4
        self.open = [True] * 4
        self.where: dict[int, str] = {}
        self.holder: dict[int, int] = {}

        def place(card: int | None, words: str, seat: int | None = None) -> None:
            if card is None:
                return
            if card in self.where:
                self.stop(f"{card_text(card)} is {self.where[card]} and {words}: a card twice")
            self.where[card] = words
            if seat is not None:
                self.cands[seat].add(card)
                self.holder[card] = seat

        for seat, hand in enumerate(d.hands):
            if hand is None:
                continue
            self.open[seat] = None in hand
            for c in hand:
                place(c, f"dealt to {self.who(seat)}", seat)
        tu = d.turn_up
        if tu is not None:
            if self.taken:
                place(tu, "the turn-up, which the dealer took up", dealer)
            elif self.round == 1:
                place(tu, "the turn-up, left out with the dealer who sits out")
            else:
                place(tu, "the turn-up, turned down")
        discard = d.discard
        if discard is not None and self.round == 2:
            self.note(f"a discard ({card_text(discard)}) is recorded, but nobody took up the turn-up: it is left aside")
            discard = None
        if discard is not None and self.sits == dealer:
            if discard != tu and self.holder.get(discard, dealer) != dealer:
                self.stop(f"the discard {card_text(discard)} is {self.where[discard]}: a card twice")
            self.where[discard] = "the dealer's discard"
        elif discard is not None:
            if discard in self.where and self.holder.get(discard) != dealer:
                self.stop(f"the discard {card_text(discard)} is {self.where[discard]}: a card twice")
            if not self.open[dealer] and discard not in self.cands[dealer]:
                self.stop(f"the discard {card_text(discard)} is not one of the dealer's six cards")
            self.cands[dealer].discard(discard)
            self.holder.pop(discard, None)
            self.where[discard] = "the dealer's discard"
        elif self.taken:
            self.slack[dealer] = 1        # he discarded one of his cards, nobody knows which
        self.discard = discard if self.taken or self.sits == dealer else None
        for c in d.kitty:
            place(c, "in the kitty")

    # the cards
    def play(self) -> None:
        d, trump = self.deal, self.trump
        size = len(self.active)
        played: dict[int, tuple[int, int]] = {}
        voids: list[dict[int, int]] = [{} for _ in range(4)]     # suit -> the trick where he did not follow
        told: set[tuple[int, int]] = set()                        # reneges named already (seat, suit)
        lead = self.leader
        for k, cards in enumerate(d.tricks):
            t = k + 1
            if t > 5:
                self.stop("one trick too many, a deal has five", trick=t)
            seats = []
            s = lead
            for _ in cards:
                seats.append(s)
                s = (s + 1) % 4 if (s + 1) % 4 != self.sits else (s + 2) % 4
            plays = tuple(zip(seats, cards))
            self.tricks.append(plays)
            if len(cards) != size:
                self.winners.append(None)
                self.stop(f"the trick has {len(cards)} cards, but {size} players play"
                          + (" (a lone hand)" if self.sits is not None else ""), trick=t)
            led = None
            for n, (seat, card) in enumerate(plays):
                self.take(seat, card, t, played)
                if card is None:
                    self.irregular = True
                    continue
                suit = effective_suit(card, trump)
                if suit in voids[seat] and (seat, suit) not in told:
                    told.add((seat, suit))
                    self.irregular = True
                    self.note(f"plays {card_text(card)}, of {self.suit_words(suit)}, which he did not follow in trick "
                              f"{voids[seat][suit]}: a renege (the deal is scored as played)", trick=t, seat=seat)
                if n == 0:
                    led = suit
                elif led is not None and suit != led:
                    held = sorted(c for c in self.cands[seat] if effective_suit(c, trump) == led)
                    if len(held) > self.slack[seat] and (seat, led) not in told:
                        told.add((seat, led))
                        self.irregular = True
                        self.note(f"does not follow {self.suit_words(led)}, holding {format_cards(held)}: a renege (the "
                                  "deal is scored as played)", trick=t, seat=seat)
                    voids[seat].setdefault(led, t)
            winner = self.trick_winner(plays, played)
            self.winners.append(winner)
            if winner is None:
                self.stop("an unknown card leaves the trick's winner open", trick=t)
            self.won[winner % 2] += 1
            lead = winner
        if len(d.tricks) < 5:
            self.stop(f"the play ends after {len(d.tricks)} trick{'s' * (len(d.tricks) != 1)}" if d.tricks
                      else "no cards are recorded", trick=None)

    def suit_words(self, suit: int) -> str:
        return "trumps" if suit == self.trump else SUIT_NAMES[suit]

    def take(self, seat: int, card: int | None, trick: int, played: dict) -> None:
        """``seat`` plays ``card``: refused where he cannot hold it."""
        at = {"trick": trick, "seat": seat}
        if card is None:
            self.slack[seat] = min(self.slack[seat] + 1, len(self.cands[seat]))
            return
        if card in played:
            t, s = played[card]
            self.stop(f"plays {card_text(card)}, which {self.who(s)} played in trick {t}: a card twice", **at)
        played[card] = (trick, seat)
        if card in self.cands[seat]:
            self.cands[seat].discard(card)
            return
        if card in self.where:
            self.stop(f"plays {card_text(card)}, {self.where[card]}: a card twice", **at)
        if not self.open[seat]:
            self.stop(f"plays {card_text(card)}, which is not in his recorded hand", **at)

    def possible(self, seat: int, played: dict) -> list[int]:
        """The cards ``seat`` may have played where the record says only that he played one."""
        mine = set(self.cands[seat])
        if self.open[seat]:
            mine |= {c for c in pack_cards(self.rules.rules.pack) if c not in played and c not in self.where}
        return sorted(mine)

    def trick_winner(self, plays, played: dict) -> int | None:
        """The trick's winner; with unknown cards, the seat that wins whatever they are, else None."""
        if all(c is not None for _s, c in plays):
            return trick_winner(plays, self.trump)
        unknown = [i for i, (_s, c) in enumerate(plays) if c is None]
        choices = [self.possible(plays[i][0], played) for i in unknown]
        total = 1
        for ch in choices:
            total *= max(len(ch), 1)
        if total > 50_000 or not all(choices):      # too many to try: left open
            return None
        winners = set()
        for combo in product(*choices):
            if len(set(combo)) < len(combo):
                continue
            cards = [c for _s, c in plays]
            for i, c in zip(unknown, combo):
                cards[i] = c
            winners.add(trick_winner([(s, c) for (s, _), c in zip(plays, cards)], self.trump))
            if len(winners) > 1:
                return None
        return winners.pop() if len(winners) == 1 else None

    # the hands known at the end
    def hands_known(self, through: bool) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
        """Each seat's dealt hand and hand at the first card, as masks where they are known: recorded,
        or (a deal played through) worked back from the five cards he played and the discard."""
        d = self.deal
        dealt: list[int | None] = [None] * 4
        at_play: list[int | None] = [None] * 4
        tu = d.turn_up
        for seat in range(4):
            rec = d.hands[seat]
            recorded = mask_of(rec) if rec is not None and None not in rec else None
            cards = [c for trick in self.tricks for s, c in trick if s == seat]
            shown = mask_of(cards) if through and len(cards) == 5 and None not in cards else None
            taker = self.taken and seat == d.dealer
            if seat == self.sits or self.maker is None:
                dealt[seat] = at_play[seat] = recorded
                continue
            if recorded is not None:
                dealt[seat] = recorded
                if not taker:
                    at_play[seat] = recorded
                elif self.discard is not None:
                    at_play[seat] = (recorded | 1 << tu) & ~(1 << self.discard)
                else:
                    at_play[seat] = shown
            elif shown is not None:
                at_play[seat] = shown
                if not taker:
                    dealt[seat] = shown
                elif self.discard is not None and tu is not None:
                    six = shown | 1 << self.discard
                    dealt[seat] = six & ~(1 << tu) if six >> tu & 1 else None
        return tuple(dealt), tuple(at_play)


# --- the replay in words and as JSON -----------------------------------------------------------

def _card_words(card: int | None) -> str:
    return "??" if card is None else card_text(card)


def call_words(i: int, seat: int, call: str, dealer: int, alone: bool = False) -> str:
    """A call in words: "passes", "orders it up", "assists", "takes it up", "names hearts"."""
    if call == PASS:
        return "passes"
    if call == UNKNOWN_CALL:
        return "makes an unknown call"
    if call == NO_TRUMP_CALL:
        return "calls no trump"
    lone = ", alone" if alone else ""
    if call == ORDER:
        word = "takes it up" if seat == dealer else "assists" if seat == dealer ^ 2 else "orders it up"
        return word + lone
    return f"names {SUIT_NAMES[SUITS.index(call.upper())]}{lone}"


def rules_words(rules: EgnRules) -> str:
    """A file's rules in words: the pack, the end of the game, stick the dealer, lone hands."""
    r = rules.rules
    end = f"a game of {rules.winning_score} points" if rules.winning_score else f"{rules.num_deals} deals"
    lead = ("the dealer's left leads, passing over the partner who sits out" if rules.loner_lead == LEFT_OF_DEALER
            else "the lone player's left leads")
    return (f"{r.pack} cards, {end}, {'stick the dealer' if r.stick_the_dealer else 'no stick the dealer'}; "
            f"a lone hand: {lead}, {rules.loner_march} for a march, {rules.loner_euchred} to the adversaries "
            "when euchred")


def replay_text(rep: Replay) -> str:
    """The game deal by deal: dealer, turn-up, hands where known, the calls in words, each trick
    with who played each card and who won, the points and the running score; then the problems."""
    game = rep.game
    names = game.players

    def who(seat: int | None) -> str:
        return "nobody" if seat is None else f"seat {seat} ({names[seat]})"

    lines = [f"{game.title or Path(game.source).name}: EGN {game.version}, {game.source}"]
    if game.description:
        lines.append(game.description)
    lines += [f"players: {', '.join(f'{s} {n}' for s, n in enumerate(names))}; team 0 is seats 0 and 2, "
              "team 1 seats 1 and 3, team 0 first in every score",
              f"rules: {rules_words(game.rules)}",
              f"score at the start: {game.initial_score[0]}-{game.initial_score[1]}"]
    for d, r in zip(game.deals, rep.deals):
        lines.append("")
        lines.append(f"deal {r.number}: {who(r.dealer)} deals, {_card_words(r.turn_up)} turned up")
        recorded = [h is not None and None not in h for h in d.hands]
        for seat in range(4):
            if r.dealt[seat] is not None:
                how = "" if recorded[seat] else "  (worked back from the cards he played)"
                lines.append(f"  {who(seat)} was dealt {format_cards(mask_cards(r.dealt[seat]))}{how}")
            elif r.at_play[seat] is not None:
                lines.append(f"  {who(seat)} holds {format_cards(mask_cards(r.at_play[seat]))} at the first card "
                             "(the cards he played)")
        if r.calls:
            words = [f"{who(s)} {call_words(i, s, c, r.dealer, r.alone and s == r.maker)}"
                     for i, (s, c) in enumerate(r.calls)]
            lines.append("  calls: " + "; ".join(words))
        for i, texts in sorted(d.notes_calls.items()):
            lines += [f"    note on call {i + 1}: {t}" for t in texts]
        if r.trump is not None:
            contract = (f"  {SUIT_NAMES[r.trump]} are trumps, made by {who(r.maker)} in round "
                        f"{'one' if r.round == 1 else 'two'}")
            if r.alone:
                contract += f", alone ({who(r.sits_out)} sits out)"
            if r.round == 1 and r.sits_out != r.dealer:
                contract += f"; the dealer takes up {_card_words(r.turn_up)}"
                contract += f" and discards {card_text(r.discard)}" if r.discard is not None else ""
            lines.append(contract)
        elif r.scored and r.round is None and len(r.calls) == 8:
            lines.append("  all passed twice: a void deal, no points")
        index = 0
        for t, (trick, winner) in enumerate(zip(r.tricks, r.winners)):
            cards = "  ".join(f"{_card_words(c)} ({s})" for s, c in trick)
            end = f"won by {who(winner)}" if winner is not None else "winner not known"
            lines.append(f"  trick {t + 1}: {cards}  {end}")
            for i in range(index, index + len(trick)):
                lines += [f"    note on card {i + 1}: {x}" for x in d.notes_play.get(i, [])]
            index += len(trick)
        if r.maker is not None:
            side = r.maker % 2
            if r.scored:
                made = r.team_tricks[side]
                to = 0 if r.points[0] else 1
                what = "a march" if made == 5 else "made" if made >= 3 else "euchred"
                lines.append(f"  the makers (team {side}) take {made} trick{'s' * (made != 1)}, {what}: "
                             f"{r.points[to]} point{'s' * (r.points[to] != 1)} to team {to}; "
                             f"score {r.score_after[0]}-{r.score_after[1]}")
            else:
                lines.append(f"  not scored; score {r.score_after[0]}-{r.score_after[1]}")
        for p in r.problems:
            lines.append(f"  problem: {p}")
    lines.append("")
    s = rep.final_score
    lines.append(f"final score {s[0]}-{s[1]} (team 0: seats 0 and 2; team 1: seats 1 and 3), "
                 f"{len(rep.deals)} deal{'s' * (len(rep.deals) != 1)}, "
                 f"{sum(1 for r in rep.deals if not r.scored)} not scored")
    if rep.problems:
        lines.append(f"problems ({len(rep.problems)}):")
        lines += [f"  {p}" for p in rep.problems]
    else:
        lines.append("problems: none")
    return "\n".join(lines) + "\n"


def replay_json(rep: Replay) -> dict:
    """The replay as JSON: each deal's number, dealer, trump (a suit letter), maker, alone,
    tricks, points and score after it (by team, seats 0 and 2 first), and its calls and plays;
    the final score and every problem."""
    deals = []
    for r in rep.deals:
        deals.append({
            "number": r.number, "dealer": r.dealer, "turn_up": None if r.turn_up is None else card_text(r.turn_up),
            "calls": [[s, c] for s, c in r.calls],
            "trump": None if r.trump is None else SUITS[r.trump], "maker": r.maker, "alone": r.alone,
            "discard": None if r.discard is None else card_text(r.discard),
            "plays": [[[s, None if c is None else card_text(c)] for s, c in trick] for trick in r.tricks],
            "winners": list(r.winners),
            "tricks": list(r.team_tricks), "points": list(r.points), "score": list(r.score_after),
            "complete": r.complete, "scored": r.scored,
        })
    return {"title": rep.game.title, "players": list(rep.game.players), "initial_score": list(rep.game.initial_score),
            "deals": deals, "final_score": list(rep.final_score), "problems": list(rep.problems)}


# --- writing ---------------------------------------------------------------------------------

def egn_card(card: int | None) -> str:
    """A card as EGN writes it: rank then lower-case suit (``9c``, ``Ts``), ``Xx`` unknown."""
    return "Xx" if card is None else card_text(card)[0] + card_text(card)[1].lower()


def _ruleset(rules: EgnRules) -> dict:
    out = {"std": rules.rules.stick_the_dealer, "min_rank": 9 if rules.rules.pack == 24 else 7}
    if rules.num_deals:
        out["num_deals"] = rules.num_deals
    else:
        out["winning_score"] = rules.winning_score
    out.update({"loner_lead": rules.loner_lead, "loner_march_score": rules.loner_march,
                "loner_euchred_score": rules.loner_euchred})
    return out


def _players(game: Game) -> list:
    """The players as the file gave them (objects with their ids kept), else their names."""
    raw = game.raw.get("metadata", {}).get("players") if isinstance(game.raw, dict) else None
    out = []
    for seat, name in enumerate(game.players):
        p = raw[seat] if isinstance(raw, list) and seat < len(raw) else None
        if isinstance(p, dict) and p.get("name") == name:
            out.append({k: p[k] for k in ("id", "name", "playerIds") if k in p})
        else:
            out.append(name)
    return out


def _merged(own: dict, added: Mapping | None) -> dict:
    """A file's annotations with ``added`` after them, keyed as EGN keys them (strings)."""
    notes = {int(k): list(v) for k, v in own.items()}
    for k, texts in (added or {}).items():
        notes.setdefault(int(k), []).extend(str(t) for t in texts)
    return {str(k): notes[k] for k in sorted(notes) if notes[k]}


def to_egn(game: Game, call_notes: Mapping | None = None, play_notes: Mapping | None = None) -> dict:
    """The game as an EGN document of the current version (1.4): camelCase fields, the hands of
    the seats whose five cards are all known, cards like ``9c``. ``call_notes``, ``play_notes``:
    ``{deal index (0-based): {call or card index: [text, ...]}}``, added after the file's own
    annotations, which are kept."""
    call_notes, play_notes = call_notes or {}, play_notes or {}
    meta: dict = {}
    raw_meta = game.raw.get("metadata", {}) if isinstance(game.raw, dict) else {}
    for key in ("gameId",):
        if isinstance(raw_meta.get(key), str):
            meta[key] = raw_meta[key]
    if game.title:
        meta["title"] = game.title
    if game.description:
        meta["description"] = game.description
    if isinstance(raw_meta.get("date"), str):
        meta["date"] = raw_meta["date"]
    meta.update({"players": _players(game), "initialScore": list(game.initial_score), "ruleset": _ruleset(game.rules)})
    deals = []
    for i, d in enumerate(game.deals):
        state: dict = {"dealer": d.dealer, "upCard": egn_card(d.turn_up)}
        known = [h if h is not None and None not in h else None for h in d.hands]
        if any(h is not None for h in known):
            state["playerCards"] = [[egn_card(c) for c in h] if h is not None else [] for h in known]
        phases = []
        calls = _merged(d.notes_calls, call_notes.get(i))
        if d.calls or d.discard is not None or calls:
            bidding: dict = {"phaseNumber": 0, "type": BIDDING, "calls": list(d.calls), "isAlone": d.alone}
            if d.discard is not None:
                bidding["discard"] = egn_card(d.discard)
            if calls:
                bidding["callAnnotations"] = calls
            phases.append(bidding)
        plays = _merged(d.notes_play, play_notes.get(i))
        if d.tricks or plays:
            play: dict = {"phaseNumber": len(phases), "type": TRICK_PLAY,
                          "tricks": [[egn_card(c) for c in t] for t in d.tricks]}
            if plays:
                play["playAnnotations"] = plays
            phases.append(play)
        deal = {"dealNumber": i, "initialState": state, "phases": phases}
        if d.alternatives:
            deal["alternativeLines"] = list(d.alternatives)
        deals.append(deal)
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": meta, "deals": deals}


def write_egn(path, obj) -> Path:
    """Writes ``obj`` (an EGN document, or a :class:`Game`) to ``path`` whole or not at all."""
    from analysis.storage import write_json
    return write_json(path, to_egn(obj) if isinstance(obj, Game) else obj)


# --- euchrelab's own hands as a game ----------------------------------------------------------

def book_deal(number: int, dealt: Sequence[int], turn_up: int, round_: int, maker: int, trump: int, alone: bool,
              discard: int | None, plays: Sequence[tuple[int, int]], notes: Mapping | None = None) -> Deal:
    """One of euchrelab's hands as an EGN deal, dealt by seat 0: the book's letters are then EGN's
    seats (A = 0). ``dealt``: the four hands as dealt (masks, A B C D); ``round_`` 0 for a void
    deal (all passed twice), else the round ``maker`` made ``trump`` in; ``plays``: every (seat,
    card) in the order played; ``notes``: annotations of the calls by index."""
    if round_:
        index = 4 * (round_ - 1) + (maker - 1) % 4     # EGN's calls start at the dealer's left
        calls = (PASS,) * index + (ORDER if round_ == 1 else SUITS[trump].lower(),)
    else:
        calls = (PASS,) * 8
    size = 3 if alone else 4
    cards = [c for _s, c in plays]
    tricks = tuple(tuple(cards[i:i + size]) for i in range(0, len(cards), size))
    return Deal(number=number, dealer=0, turn_up=int(turn_up),
                hands=tuple(tuple(mask_cards(int(h))) for h in dealt), calls=calls,
                alone=bool(round_ and alone), discard=None if discard is None else int(discard), tricks=tricks,
                notes_calls={int(k): list(v) for k, v in (notes or {}).items()})


def game_from_hands(deals: Sequence[Deal], rules: Rules, score=(0, 0), title: str = "",
                    description: str = "") -> Game:
    """A game of euchrelab's hands (from :func:`book_deal`): a fixed number of deals (EGN has no
    game of independent hands) at ``score`` (A+C's points first: seats 0 and 2), the players named
    by the book's seats, scored by the 1888 laws (a lone march 4, a lone hand euchred 4 to the
    adversaries)."""
    if not 1 <= len(deals) <= MAX_DEALS:
        raise EuchreError(f"an EGN file holds 1 to {MAX_DEALS} deals, not {len(deals)}")
    march, euchred = hand_points(5, True)[0], hand_points(0, True)[1]
    egn_rules = EgnRules(Rules(pack=rules.pack, points_for_game=10, stick_the_dealer=rules.stick_the_dealer,
                               rubber=False), winning_score=0, num_deals=len(deals), loner_lead=LEFT_OF_DEALER,
                         loner_march=march, loner_euchred=euchred)
    return Game(source=title or "euchrelab", version=VERSION, title=title, description=description,
                players=SEAT_LABELS, initial_score=(int(score[0]), int(score[1])), rules=egn_rules,
                deals=tuple(deals))

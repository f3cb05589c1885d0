"""The games the workbench is given (EGN files), kept in memory under a short hash of each file.

A game's address is ``/game/{id}``, ``id`` the first 12 hex digits of the SHA-256 of the file: the
same file gives the same address, and the file itself is never put in an address. The store is
bounded (:data:`MAX_GAMES` games of at most :data:`MAX_BYTES` each, the least recently used
dropped first) and lives as long as the server: a game dropped or forgotten is uploaded again.

Also here: the review's settings as a request gives them, and the links from a decision to the
hand page (a call) and the position page (a card), filled in as that player saw the deal.
"""
from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from urllib.parse import urlencode

from analysis.errors import EuchreError, check_whole
from analysis.game import SEATS, SUITS, card_text
from analysis.game.cards import mask_cards
from analysis.limits import bounded, setting

MAX_GAMES = 64
MAX_BYTES = 256 * 1024
REVIEWS_KEPT = 2          # finished reviews kept with each game (their settings differ)
ID_DIGITS = 12
REVIEW_FIELDS = ("worlds", "play_worlds", "seed")
REVIEW_DEFAULTS = {"worlds": setting("review", "worlds").page_default,
                   "play_worlds": setting("review", "play_worlds").page_default, "seed": 0}


class TooLarge(EuchreError):
    """A file over :data:`MAX_BYTES`."""


def game_id(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:ID_DIGITS]


def size_words(n: int) -> str:
    return f"{n / 1024:,.0f} KB" if n >= 1024 else f"{n} bytes"


def check_size(n: int, more: bool = False) -> None:
    """Refuses a file of ``n`` bytes (``more``: of more than ``n``, not all read) over the bound."""
    if n > MAX_BYTES:
        raise TooLarge(f"the file is {'over ' * more}{size_words(n)}: the workbench takes games of at most "
                       f"{size_words(MAX_BYTES)} (the command line has no such limit)")


def read_game(data: bytes, source: str):
    """A file's bytes read as ``euchrelab review`` reads the file (:func:`read_egn`): UTF-8 text,
    JSON, then EGN, each refused in the same one line, naming the file ``source``."""
    from analysis.game.egn import egn_of_bytes
    return egn_of_bytes(data, source)


@dataclass
class Kept:
    """A game kept: its file (for the review's job), the game read and replayed, and its finished
    reviews by settings (worlds, play_worlds, seed)."""

    id: str
    data: bytes
    game: object
    replay: object
    reviews: OrderedDict = field(default_factory=OrderedDict)

    def add_review(self, key: tuple, result: dict) -> None:
        self.reviews[key] = result
        self.reviews.move_to_end(key)
        while len(self.reviews) > REVIEWS_KEPT:
            self.reviews.popitem(last=False)


class Games:
    """The store: :meth:`add` a file, :meth:`get` a game by its id."""

    def __init__(self, limit: int = MAX_GAMES):
        self.limit = limit
        self._lock = threading.Lock()
        self._games: OrderedDict[str, Kept] = OrderedDict()

    def add(self, data: bytes, source: str) -> Kept:
        """The game of a file's bytes, read and replayed (the one kept already if the same file was
        given before); EuchreError with the command line's message for a bad file."""
        from analysis.game.egn import replay

        check_size(len(data))
        key = game_id(data)
        kept = self.get(key)
        if kept is not None:
            return kept
        game = read_game(data, source)
        kept = Kept(key, data, game, replay(game))
        with self._lock:
            self._games[key] = kept
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        return kept

    def get(self, key: str) -> Kept | None:
        with self._lock:
            kept = self._games.get(key)
            if kept is not None:
                self._games.move_to_end(key)
            return kept


def source_name(name: str | None) -> str:
    """The name an uploaded file's messages use: its own name without any folder, else "pasted text"."""
    name = re.split(r"[\\/]", (name or "").strip())[-1][:80]
    return name or "pasted text"


def review_settings(params) -> tuple[int, int, int]:
    """(worlds, play_worlds, seed) of a review from a form's fields, an empty one its default;
    refused within the workbench's limits in the form's words."""
    from analysis.web.reading import Refused, field_word

    out = []
    for name in REVIEW_FIELDS:
        text = str(params.get(name) or "").strip()
        value = REVIEW_DEFAULTS[name] if not text else int(text) if re.fullmatch(r"-?\d+", text) else text
        try:
            if name == "seed":
                out.append(check_whole(value, "seed"))
            else:
                out.append(bounded(value, "review", name, least=2 if name == "worlds" else 1, web=True,
                                   label=field_word(name)))
        except EuchreError as exc:
            raise Refused(str(exc), name) from None
    return tuple(out)


# --- the links of a decision ---------------------------------------------------------------------

def _rules_params(game) -> dict:
    rules = game.rules.rules
    return {"pack": "24" if rules.pack == 24 else "", "game": str(rules.points_for_game),
            "stick_the_dealer": "true" if rules.stick_the_dealer else ""}


def _cards(mask: int) -> str:
    return " ".join(card_text(c) for c in mask_cards(mask))


def hand_link(game, r, index: int) -> str | None:
    """The hand page at call ``index`` of replayed deal ``r``: his seat as the book's letter, his
    dealt hand, the turn-up, the score from his side (love-all in a game of a fixed number of
    deals, as the review reads it), the passes before him and the round. None where his hand or
    the turn-up is not known."""
    from analysis.game.egn import letter_of

    seat = r.calls[index][0]
    if r.turn_up is None or r.dealt[seat] is None:
        return None
    before = ["turn down" if i < 4 and letter_of(s, r.dealer) == 0 else "pass"
              for i, (s, _call) in enumerate(r.calls[:index])]
    own, other = (0, 0) if game.rules.winning_score == 0 else (r.score_before[seat % 2], r.score_before[1 - seat % 2])
    params = {"seat": SEATS[letter_of(seat, r.dealer)], "hand": _cards(r.dealt[seat]), "turn_up": card_text(r.turn_up),
              "score": f"{own}-{other}", "calls": ",".join(before), "round": "1" if index < 4 else "2",
              **_rules_params(game)}
    return "/hand?" + urlencode({k: v for k, v in params.items() if v})


def position_link(game, r, index: int) -> str | None:
    """The position page before card ``index`` (across the deal's tricks) of replayed deal ``r``:
    the hands as play began by the book's letters, trumps, the first leader, the lone hand, the
    cards played before it, the turn-up and the dealer's discard. None where a hand is not known."""
    from analysis.game.egn import letter_of

    if r.trump is None or r.leader is None:
        return None
    letter = lambda seat: SEATS[letter_of(seat, r.dealer)]   # noqa: E731
    hands = {}
    for seat in range(4):
        if seat == r.sits_out:
            continue
        if r.at_play[seat] is None:
            return None
        hands[letter(seat)] = _cards(r.at_play[seat])
    played = [card for trick in r.tricks for _seat, card in trick][:index]
    if any(c is None for c in played):
        return None
    taken = r.round == 1 and r.sits_out != r.dealer
    params = {"pack": _rules_params(game)["pack"], "trump": SUITS[r.trump], **hands, "leader": letter(r.leader),
              "alone": letter(r.maker) if r.alone and r.maker is not None else "",
              "played": " ".join(card_text(c) for c in played),
              "turn_up": "" if r.turn_up is None else card_text(r.turn_up),
              "discard": card_text(r.discard) if taken and r.discard is not None else "",
              "worlds": str(setting("solve", "worlds").page_default), "seed": "0"}
    return "/position?" + urlencode({k: v for k, v in params.items() if v})

"""The nine coup cases as data: loading ``analysis/data/coups.toml`` and checking each case.

A case is the four hands, the turn-up, the trump, who made it and how, the score, the book's
line of play, the coup card with the natural play it is weighed against, and each of its
REMARKS as a checkable statement (a :class:`Remark`; the file's header describes the fields).
Loading checks that every card is dealt once, five to a hand, the turn-up in the dealer's hand,
every call met by the caller's hand, and every card of the book's line and of every remark legal.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from analysis.play import reference
from analysis.game.cards import SEATS, card_text, parse_card, parse_cards, parse_seat, parse_suit, suit_of
from analysis.errors import EuchreError
from analysis.storage import read_toml
from analysis.game.cards import default_leader, is_trump, side_of

DATA_FILE = Path(__file__).parents[2] / "data" / "coups.toml"
HOWS = ("adopted", "assisted", "ordered", "alone")
REMARK_KINDS = ("outcome", "better", "line", "advice", "table-choice", "table-holding")
CALLS = ("pass", "order", "assist", "adopt", "alone")


@dataclass
class Remark:
    """A remark of the book about a case (C1.1, C1.2, ...), as a statement about the deal to check;
    the ledger reads the remarks as the tests of the case's claim (C1)."""

    id: str
    text: str
    kind: str
    player: int
    after: list[int]
    cards: list[int] | None = None       # None means every legal card ("*")
    versus: list[int] = field(default_factory=list)
    outcome: str = ""
    reading: dict | None = None          # {"cards": [...], "versus": [...], "text": "..."}
    calls: list[tuple[int, str]] | None = None   # table-side remarks: the calls assumed
    better: int | None = None            # table-choice: the card the remark says is better
    worse: int | None = None
    seat: int | None = None              # table-holding: whose trumps
    trumps: list[int] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)   # table-holding: named inferences from the play


@dataclass
class Case:
    id: str
    number: str
    title: str
    trump: int
    turn_up: int
    maker: int
    how: str
    is_lone: bool                        # the maker plays alone
    score: str
    score_points: tuple[int, int]        # (A-C, B-D) before the hand
    hands: list[list[int]]
    calls: list[tuple[int, str]]
    line: list[int]
    coup_player: int
    coup_after: list[int]
    coup_card: int
    natural: int
    remarks: list[Remark]
    notes: list[str]
    readings: list[dict] = field(default_factory=list)
    c_not_printed: bool = False

    @property
    def lone_seat(self) -> int | None:
        """The seat playing alone, or None."""
        return self.maker if self.is_lone else None

    @property
    def makers(self) -> int:
        return side_of(self.maker)

    @property
    def leader(self) -> int:
        return default_leader(self.lone_seat)

    def start(self, played: Sequence[int] = ()) -> reference.PlayState:
        """The position after ``played`` from the start of play (checked card by card)."""
        return reference.start(self.hands, self.trump, self.leader, self.lone_seat, list(played))

    def with_hands(self, hands: list[list[int]]) -> "Case":
        """The same case on other hands (a reading of a misprint, or a sampled world)."""
        return replace(self, hands=hands)


# --- what a call says about the caller's hand ------------------------------------------------

CALL_TEXT = {
    "order": "ordered up: holds at least three trumps",
    "assist": "assisted: holds at least two trumps",
    "adopt": "took up the turn-up: holds at least two trumps, the turn-up included",
    "alone": "played alone: holds at least three trumps",
    "pass": "passed: no constraint",
}
_MIN_TRUMPS = {"order": 3, "assist": 2, "adopt": 2, "alone": 3, "pass": 0}


def call_holds(call: str, hand: Sequence[int], trump: int) -> bool:
    """The stand-in reading of a call as a necessary condition on the caller's hand.

    The book's own lists (General Remarks) ask at least: three trumps to order up ("three medium
    trumps or better"; Case VIII: "B must have had three trumps to order with"), two to assist
    ("right and another", "two trumps and two aces", ...), two for the dealer to take up
    (the turn-up and one more: "right and ace", "two trumps and two aces", ...), three to play
    alone. A pass constrains nothing: the book passes for many reasons (the right turned, a
    better hand at next, the score), so no card count follows from it.
    """
    return sum(1 for c in hand if is_trump(c, trump)) >= _MIN_TRUMPS[call]


# --- loading ---------------------------------------------------------------------------------

def _cards(value, what: str) -> list[int]:
    if value == ["*"] or value == "*":
        raise EuchreError(f"{what}: '*' (every legal card) is allowed only in a claim's cards")
    return parse_cards(value, 32, what=what)


def _remark(case_id: str, raw: dict) -> Remark:
    cid = raw.get("id", "?")
    where = f"case {case_id} claim {cid}"
    kind = raw.get("kind")
    if kind not in REMARK_KINDS:
        raise EuchreError(f"{where}: kind {kind!r} is not one of {', '.join(REMARK_KINDS)}")
    cards_raw = raw.get("cards", [])
    cards = None if cards_raw == ["*"] else _cards(cards_raw, f"{where} cards")
    remark = Remark(
        id=cid, text=raw.get("text", ""), kind=kind, player=parse_seat(raw.get("player", "?")),
        after=_cards(raw.get("after", []), f"{where} after"), cards=cards,
        versus=_cards(raw.get("versus", []), f"{where} versus"), outcome=raw.get("outcome", ""),
    )
    if "reading" in raw:
        r = raw["reading"]
        remark.reading = {"cards": _cards(r["cards"], f"{where} reading cards"),
                         "versus": _cards(r.get("versus", []), f"{where} reading versus"), "text": r["text"]}
    if "calls" in raw:
        remark.calls = [(parse_seat(s), c) for s, c in raw["calls"]]
    if kind == "table-choice":
        remark.better = parse_card(raw["better"])
        remark.worse = parse_card(raw["worse"])
    if kind == "table-holding":
        remark.seat = parse_seat(raw["seat"])
        remark.trumps = _cards(raw["trumps"], f"{where} trumps")
        remark.extra = list(raw.get("extra", []))
    return remark


def load_cases(path: str | Path | None = None) -> list[Case]:
    """The nine cases, validated (see :func:`validate`)."""
    path = Path(path) if path else DATA_FILE
    data = read_toml(path, "the coup cases file")
    cases = []
    for raw in data.get("case", []):
        cid = raw.get("id", "?")
        try:
            coup = raw["coup"]
            case = Case(
                id=cid, number=raw["number"], title=raw["title"], trump=parse_suit(raw["trump"]),
                turn_up=parse_card(raw["turn_up"]), maker=parse_seat(raw["maker"]), how=raw["how"],
                is_lone=bool(raw["alone"]), score=raw["score"], score_points=tuple(raw["score_points"]),
                hands=[_cards(raw["hands"][s], f"case {cid} hand {s}") for s in SEATS],
                calls=[(parse_seat(s), c) for s, c in raw.get("calls", [])],
                line=_cards(raw["line"], f"case {cid} line"),
                coup_player=parse_seat(coup["player"]), coup_after=_cards(coup["after"], f"case {cid} coup"),
                coup_card=parse_card(coup["card"]), natural=parse_card(coup["natural"]),
                remarks=[_remark(cid, c) for c in raw.get("claims", [])],
                notes=list(raw.get("notes", [])), readings=list(raw.get("readings", [])),
                c_not_printed=bool(raw.get("c_not_printed", False)),
            )
        except KeyError as exc:
            raise EuchreError(f"case {cid} lacks the field {exc.args[0]!r}") from None
        validate(case)
        cases.append(case)
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise EuchreError("two coup cases share an id")
    return cases


def select_cases(cases: list[Case], wanted: Sequence[str]) -> list[Case]:
    """Cases by id (C5), roman number (V) or number (5); all of them when none is named."""
    if not wanted:
        return cases
    out = []
    for w in wanted:
        key = str(w).strip().upper()
        match = [c for c in cases if key in (c.id, c.number, c.id[1:]) or key == f"CASE{c.number}"]
        if not match:
            raise EuchreError(f"no coup case {w!r}: name one of {', '.join(c.id for c in cases)} (or I..IX, 1..9)")
        out.extend(m for m in match if m not in out)
    return out


# --- checks ----------------------------------------------------------------------------------

def validate(case: Case) -> None:
    """Raise EuchreError unless the case is a consistent deal and every play in it is legal."""
    where = f"case {case.id}"
    if case.how not in HOWS:
        raise EuchreError(f"{where}: 'how' {case.how!r} is not one of {', '.join(HOWS)}")
    seen: dict[int, str] = {}
    for seat, hand in enumerate(case.hands):
        if len(hand) != 5:
            raise EuchreError(f"{where}: hand {SEATS[seat]} has {len(hand)} cards, not 5")
        for c in hand:
            if c in seen:
                raise EuchreError(f"{where}: card {card_text(c)} is in hands {seen[c]} and {SEATS[seat]}")
            seen[c] = SEATS[seat]
    if case.turn_up not in case.hands[0]:
        raise EuchreError(f"{where}: the turn-up {card_text(case.turn_up)} is not in the dealer A's hand")
    if suit_of(case.turn_up) != case.trump:
        raise EuchreError(f"{where}: the turn-up {card_text(case.turn_up)} is not of the trump suit (all nine cases are made in the turned-up suit)")
    for seat, call in case.calls:
        if call not in CALLS:
            raise EuchreError(f"{where}: call {call!r} is not one of {', '.join(CALLS)}")
        if not call_holds(call, case.hands[seat], case.trump):
            raise EuchreError(f"{where}: {SEATS[seat]}'s hand does not meet the reading of '{call}' ({CALL_TEXT[call]})")
    try:
        case.start(case.line)
    except EuchreError as exc:
        raise EuchreError(f"{where}: the book's line is not legal: {exc}") from None
    _check_prefix(case, case.coup_after, case.coup_player, [case.coup_card, case.natural], f"{where} coup")
    for remark in case.remarks:
        cw = f"{where} claim {remark.id}"
        for _seat, call in remark.calls or []:
            if call not in CALLS:
                raise EuchreError(f"{cw}: call {call!r} is not one of {', '.join(CALLS)}")
        cards = [] if remark.cards is None else remark.cards
        if remark.kind in ("outcome", "better"):
            if remark.kind == "better" and (len(cards) != 1 or not remark.versus):
                raise EuchreError(f"{cw}: a 'better' claim names one card and at least one card in versus")
            _check_prefix(case, remark.after, remark.player, cards + remark.versus, cw)
            if remark.reading:
                for seq in (remark.reading["cards"], remark.reading.get("versus", [])):
                    try:
                        case.start(remark.after + seq)
                    except EuchreError as exc:
                        raise EuchreError(f"{cw} reading: {exc}") from None
        elif remark.kind in ("table-choice", "table-holding", "line"):
            _check_prefix(case, remark.after, remark.player, [], cw)


def _check_prefix(case: Case, after: list[int], player: int, cards: list[int], where: str) -> None:
    try:
        state = case.start(after)
    except EuchreError as exc:
        raise EuchreError(f"{where}: {exc}") from None
    if state.to_move != player:
        who = "nobody" if state.to_move is None else SEATS[state.to_move]
        raise EuchreError(f"{where}: after {' '.join(map(card_text, after)) or 'no cards'} it is {who}'s turn, not {SEATS[player]}'s")
    legal = state.legal()
    for c in cards:
        if c not in legal:
            raise EuchreError(f"{where}: {card_text(c)} is not a legal card for {SEATS[player]} there (legal: {' '.join(map(card_text, legal))})")

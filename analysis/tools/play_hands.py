"""Deal, bid by a policy, play and score N hands: what ``euchrelab play`` shows.

:func:`play_hands` returns :class:`Played`, whose ``str()`` is the makers' rates by seat with 95%
Wilson intervals and the mean points per hand, whose ``to_json()`` is one object per hand
(its deal, calls, contract, tricks and points), and whose ``to_game()`` is the hands as a game
of Euchre Game Notation, every card in the order the engine played it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.bidding import policy_from_name
from analysis.errors import EuchreError
from analysis.experiment import wilson
from analysis.game import SEATS, SUITS, Rules, Score, card_text, contract, format_cards, mask_cards
from analysis.game.egn import Game, book_deal, game_from_hands
from analysis.play.engines import DEFAULT_WORLDS, get_engine
from analysis.play.players import DoubleDummyPlayer
from analysis.play.table import TablePlay, play_hand
from analysis.simulator import simulate
from fastcore.sampler import sample_deals


@dataclass
class Played:
    """N hands dealt from ``seed``, bid by ``policy``, played by the engine and scored."""

    deals: object
    results: object
    policy: str
    seed: int
    rules: Rules
    engine: str
    score: Score = Score()
    # what played them, for playing them again card by card (to_game): the engine, and the bidders
    # (the four policies, the rules, the score) whose calls players reading them read by
    play_engine: object = field(default=None, repr=False)
    bidders: tuple | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.results)

    def __str__(self) -> str:
        res = self.results

        def rate(k, n):
            if n == 0:
                return f"{'-':>22}"
            r = wilson(k, n)
            return f"{r.rate:6.1%} [{r.low:5.1%}, {r.high:5.1%}]"

        lines = [f"{len(res)} hands, policy {self.policy}, seed {self.seed}, {self.rules.words}; {self.engine} play.",
                 f"void deals (all passed twice): {int(np.sum(res.maker < 0))}",
                 "rates with 95% Wilson intervals; n = hands made by that seat",
                 f"{'maker':<6}{'n':>7}  {'made (3+ tricks)':>22}  {'euchred':>22}  {'march':>22}  {'alone':>22}"]
        for seat in list(range(4)) + [None]:
            sel = res.maker >= 0 if seat is None else res.maker == seat
            n = int(sel.sum())
            t = res.maker_tricks[sel]
            lines.append(f"{'all' if seat is None else SEATS[seat]:<6}{n:>7}  {rate((t >= 3).sum(), n)}  "
                         f"{rate((t < 3).sum(), n)}  {rate((t == 5).sum(), n)}  {rate((res.lone_seat[sel] >= 0).sum(), n)}")
        pts = res.points.astype(float)
        diff = pts[:, 0] - pts[:, 1]
        se = diff.std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else float("nan")
        lines.append(f"mean points per hand, A+C's less B+D's: {diff.mean():+.3f} (standard error {se:.3f}, n = {len(diff)})")
        return "\n".join(lines) + "\n"

    def to_json(self) -> list[dict]:
        """One object per hand: the deal, the calls, the contract, the hands played, tricks and points."""
        res, deals = self.results, self.deals
        out = []
        for i in range(len(res)):
            made = res.maker[i] >= 0
            tricks = int(res.maker_tricks[i])
            out.append({
                "deal": {"hands": _hands(deals.hands[i]), "turn_up": card_text(int(deals.turn_up[i]))},
                "calls": [c.as_dict() for c in res.calls[i]] if res.calls else None,
                "void": not made,
                "maker": SEATS[res.maker[i]] if made else None,
                "trump": SUITS[res.trump[i]] if made else None,
                "alone": SEATS[res.lone_seat[i]] if res.lone_seat[i] >= 0 else None,
                "discard": card_text(int(res.discard[i])) if res.discard[i] >= 0 else None,
                "hands": _hands(res.play_hands[i]) if made else None,
                "tricks": ({"A+C": tricks if res.maker[i] % 2 == 0 else 5 - tricks,
                            "B+D": tricks if res.maker[i] % 2 == 1 else 5 - tricks} if made else None),
                "points": {"A+C": int(res.points[i, 0]), "B+D": int(res.points[i, 1])},
            })
        return out

    def _repr_html_(self) -> str:
        return f"<pre>{str(self)}</pre>"

    def plays(self) -> list[list[tuple[int, int]] | None]:
        """Each hand's cards as the engine played them, (seat, card) in order (None for a void
        deal): the hands played again card by card at a table, by the double-dummy player in every
        seat for the solver, by the engine's own players (seeded as it seeds them, each hand keyed
        by its place among the hands played, as the engine keys them) for table-side play. Raises
        where a hand's tricks differ from the engine's."""
        res, deals = self.results, self.deals
        if self.bidders is None or not res.calls:
            raise EuchreError("the hands' cards need the calls: play them with keep_calls=True")
        engine = self.play_engine
        players = engine.hearing(self.bidders) if isinstance(engine, TablePlay) else [DoubleDummyPlayer()] * 4
        takes = contract.dealer_takes_up(res.round, res.lone_seat)
        leaders = contract.leader(res.lone_seat)
        out: list[list[tuple[int, int]] | None] = []
        live = 0
        for i in range(len(res)):
            if res.maker[i] < 0:
                out.append(None)
                continue
            maker, lone = int(res.maker[i]), int(res.lone_seat[i])
            plays, won = play_hand(res.play_hands[i], int(res.trump[i]), players, lone, maker, int(leaders[i]),
                                   int(deals.turn_up[i]), bool(takes[i]),
                                   None if res.discard[i] < 0 else int(res.discard[i]), tuple(res.calls[i]),
                                   self.rules.pack, live)
            if won[maker & 1] != res.maker_tricks[i]:
                raise EuchreError(f"hand {i + 1}: played again card by card the makers take {won[maker & 1]} tricks, "
                                  f"but {int(res.maker_tricks[i])} as the engine played it")
            out.append(plays)
            live += 1
        return out

    def to_game(self) -> Game:
        """The hands as a game of Euchre Game Notation (:class:`analysis.game.egn.Game`): each
        dealt by seat 0 (the book's A) at the score given, with its calls, discard and every card
        in the order the engine played it; the description says what EGN cannot."""
        res, deals = self.results, self.deals
        taken_over = 0
        hands = []
        for i, plays in enumerate(self.plays()):
            notes = {}
            calls = res.calls[i]
            taker = next((c for c in calls if c.action == "take it from partner"), None)
            if taker is not None:
                # EGN has no call for it: the lone player's call is written as his own
                taken_over += 1
                index = 4 * (int(res.round[i]) - 1) + (taker.seat - 1) % 4
                notes[index] = [f"{SEATS[taker.seat ^ 2]} called first; {SEATS[taker.seat]} took it from his partner "
                                "to play alone (laws 93, 94), a call EGN cannot write"]
            hands.append(book_deal(i + 1, [int(h) for h in deals.hands[i]], int(deals.turn_up[i]), int(res.round[i]),
                                   int(res.maker[i]), int(res.trump[i]), bool(res.lone_seat[i] >= 0),
                                   None if res.discard[i] < 0 else int(res.discard[i]), plays or (), notes))
        return game_from_hands(hands, self.rules, self.score, f"euchrelab play: {len(self)} hands, seed {self.seed}",
                               self._description(taken_over))

    def _description(self, taken_over: int) -> str:
        s = self.score
        text = (f"{len(self)} independent hands dealt from seed {self.seed}, each at the score {s.ac}-{s.bd} "
                f"(A+C's points first) and dealt by seat 0, the book's A: single hands, not a game, so the running "
                f"score EGN adds up is not theirs. Policy {self.policy} bids every seat; card play: {self.engine}. "
                f"Rules: {self.rules.words}; a lone hand scores 4 for a march and its adversaries 4 when it is "
                "euchred (laws 2, 3).")
        if self.rules.rubber:
            text += (f" The laws score a game of {self.rules.points_for_game} in a rubber (laws 1, 2, 7), "
                     "which EGN cannot say.")
        if taken_over:
            text += (f" In {taken_over} hand{'s' * (taken_over != 1)} a player took it from his partner to play alone "
                     "(laws 93, 94), which EGN cannot write: his call is written as his own, with a note.")
        return text


def _hands(masks) -> dict:
    return {SEATS[s]: format_cards(mask_cards(int(m))) for s, m in enumerate(masks)}


def play_hands(n: int = 10, seed: int = 0, policy="book", rules: Rules | None = None, score=Score(),
               play: str = "dd", worlds: int = DEFAULT_WORLDS, keep_calls: bool = True) -> Played:
    """Deals ``n`` hands from ``seed``; ``policy`` (a name or a policy) bids every seat, the engine
    ``play`` plays them (``worlds`` worlds a decision at the table), the laws score them."""
    from analysis.errors import check_whole
    check_whole(n, "n", 1)
    rules = rules or Rules()
    policy = policy_from_name(policy) if isinstance(policy, str) else policy
    score = Score.of(score)
    engine = get_engine(play, worlds=worlds, seed=seed, pack=rules.pack)
    deals = sample_deals(n, seed, pack=rules.pack)
    res = simulate(deals, policy, rules, score, engine=engine, keep_calls=keep_calls)
    return Played(deals, res, policy.name, seed, rules, engine.name, score, engine, ((policy,) * 4, rules, score))

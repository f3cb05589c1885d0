"""The registry of the card players and engines: each entry says truly what its player sees and
whether he has a compiled twin; the table picks the twin by the player's attribute; the names of
the engines, the ladder and the command line are the registry's."""
import numpy as np
import pytest

from analysis.bidding.book_policy import BookPolicy
from analysis.commands.cli import build_parser
from analysis.errors import EuchreError
from analysis.game.rules import Rules
from analysis.play import registry
from analysis.play.book import BookPlayer, DeferringBookPlayer
from analysis.play.engine import DoubleDummy
from analysis.play.engines import ENGINES, get_engine, play_record, play_words
from analysis.play.pimc import PIMCPlayer
from analysis.play.players import Player, SimplePlayer
from analysis.play.postponed import PostponedPIMCPlayer
from analysis.play.table import TablePlay
from analysis.simulator import simulate
from analysis.tools.ladder import DEFAULT_PLAYERS, check_players, ladder_player
from fastcore.sampler import sample_deals


@pytest.mark.parametrize("entry", registry.ENTRIES, ids=lambda e: e.name)
def test_each_entry_says_truly_what_its_player_sees_and_whether_he_has_a_twin(entry):
    player = entry.make(4, 1, Rules())
    assert isinstance(player, Player)
    assert "\n" not in entry.description and entry.description
    assert entry.sees in (registry.OWN, registry.CALLS, registry.ALL)
    assert player.sees_all == (entry.sees == registry.ALL)
    reads = player.reads_calls or getattr(player, "model", None) is not None
    assert reads == (entry.sees == registry.CALLS)
    assert (player.play_compiled is not None) == (entry.twin is not None)
    assert registry.entry(entry.name) is entry


def test_a_twin_is_never_inherited_by_a_player_who_plays_otherwise():
    assert BookPlayer().play_compiled is not None and PIMCPlayer(4).play_compiled is not None
    assert DeferringBookPlayer("E7", SimplePlayer()).play_compiled is None
    assert PostponedPIMCPlayer(4).play_compiled is None
    assert SimplePlayer().play_compiled is None


class Fixed(Player):
    """A player whose twin says every side took three tricks, whatever the cards."""
    name = "fixed"

    def __init__(self):
        self.calls = 0

    def play_compiled(self, hands, trump, lone_seat, side, pack=32, **table):
        self.calls += 1
        return np.full(len(hands), 3, np.int8)


def test_the_table_plays_through_the_twin_of_a_player_alone_at_it():
    d = sample_deals(6, 2)
    trump = (np.asarray(d.turn_up) >> 3).astype(np.int64)
    p = Fixed()
    got = TablePlay(players=[p] * 4).maker_tricks(d.hands, trump, np.zeros(6, np.int64), np.full(6, -1), 0)
    assert p.calls == 1 and (got == 3).all()


def test_pimcN_names_pimc_from_the_cards_alone_and_unknown_names_are_refused():
    p = registry.make_player("pimc16", seed=3)
    assert isinstance(p, PIMCPlayer) and p.worlds == 16 and p.model is None
    assert registry.entry("pimc16").name == "pimc16" and registry.entry("pimc16").twin
    for bad in ("pimc0", "psychic"):
        with pytest.raises(EuchreError, match=bad):
            registry.entry(bad)
    assert registry.make_player("pimc", worlds=5).worlds == 5       # "pimc": the caller's worlds


def test_the_engines_are_the_registrys():
    assert set(ENGINES) == {"dd", "table", "pimc", "pimc-calls", "book", "simple"}
    assert isinstance(get_engine("dd"), DoubleDummy)
    for name in ENGINES:
        words = play_words(name, 7)
        assert ("7 worlds" in words) == registry.engine_entry(name).worlds
        assert ("worlds" in play_record(name, 7)) == registry.engine_entry(name).worlds
    with pytest.raises(EuchreError, match="unknown"):
        get_engine("pimc8")                 # a ladder player, not a run's engine
    d = sample_deals(6, 4)
    base = simulate(d, BookPolicy(), engine=get_engine("book"))
    again = simulate(d, BookPolicy(), engine=TablePlay(players=[BookPlayer() for _ in range(4)]))
    assert np.array_equal(base.maker_tricks, again.maker_tricks)   # the twin and the table agree


def test_the_ladder_and_the_command_line_read_the_registry():
    assert DEFAULT_PLAYERS == registry.LADDER
    assert "epimc32-calls" not in DEFAULT_PLAYERS and registry.entry("epimc32-calls")
    assert check_players(["simple", "pimc-calls", "pimc12"]) == ("simple", "pimc-calls", "pimc12")
    assert isinstance(ladder_player("pimc32-calls", 1), PIMCPlayer)
    play = next(a for a in build_parser()._subparsers._group_actions[0].choices["play"]._actions
                if a.dest == "play")
    for name in ENGINES:
        assert f"{name} (" in play.help


def test_an_engines_words_are_its_entrys():
    """Every page names an engine in its entry's words: the short name, the report's sentence, how
    the hands were played, the claims chart's marker."""
    from analysis.game.primary import AT_TABLE, DOUBLE_DUMMY
    from analysis.reporting.overview import PLAY_MARKERS
    from analysis.reporting.report import play_note
    from studies.common.report import played_how
    for name in ENGINES:
        e = registry.engine_entry(name)
        assert e.short and e.sentence and ("{worlds}" in e.sentence) <= e.worlds
    assert registry.short_name("pimc-calls") == "PIMC, calls" and registry.short_name("pimc8") == "pimc8"
    assert played_how({}) == "double-dummy" == registry.short_name(DOUBLE_DUMMY)
    assert played_how({"play": {"engine": "pimc", "worlds": 8}}) == "at the table (PIMC, 8 worlds a decision)"
    assert play_note({}) == registry.engine_entry(DOUBLE_DUMMY).sentence
    assert "with 8 worlds a decision" in play_note({"play": {"engine": "pimc-calls", "worlds": 8}})
    assert PLAY_MARKERS[DOUBLE_DUMMY] == registry.engine_entry(DOUBLE_DUMMY).marker
    assert PLAY_MARKERS[AT_TABLE][0] == "^" and registry.TABLE_PLAYER == AT_TABLE

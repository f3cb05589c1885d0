"""Bidding paths of the laws, the book's lists, the discard, and user policies."""
import numpy as np
import pytest

from analysis.bidding.book_policy import BOTH_BOWERS_NEXT, DEALER_CAUTION, DEALER_TAKE, BookPolicy, BookParams
from analysis.bidding.baselines import AlwaysPass, OrderAnything, PointCount
from analysis.game.cards import mask_of, parse_card, parse_cards
from analysis.game.discard import book_discard
from analysis.play.engine import ReferenceDoubleDummy
from analysis.errors import EuchreError
from analysis.bidding.pattern_policy import PatternPolicy
from analysis.bidding.policy import Forced, Policy, Situation
from analysis.game.rules import Rules
from analysis.bidding.auction import bid
from analysis.simulator import play_out, simulate
from fastcore.sampler import sample_deals

S, C, H, D = range(4)


def m(text):
    return mask_of(parse_cards(text))


class Scripted(Policy):
    """Answers from a script keyed by (decision, seat): for walking each path of the laws."""

    name = "scripted"

    def __init__(self, script):
        self.script = script

    def first_round(self, s):
        return self.script.get(("first", s.seat), "pass")

    def second_round(self, s):
        return self.script.get(("second", s.seat), "pass")

    def alone(self, s):
        return self.script.get(("alone", s.seat), False)

    def take_from_partner(self, s):
        return self.script.get(("take", s.seat), False)


HANDS = [m("9H TH 8S 9S 7D"), m("AC KC QC AH 8D"), m("7C 8C AS KS 9D"), m("JC JS QS TS AD"), ]
TURN = parse_card("9C")  # rest of the pack is elsewhere


def calls(b):
    return [(c.seat, c.action, c.suit, c.is_lone) for c in b.calls]


def test_eldest_orders_up_and_dealer_discards():
    b = bid(HANDS, TURN, Scripted({("first", 1): "order up"}))
    assert (b.maker, b.trump, b.round, b.lone_seat) == (1, C, 1, None)
    assert b.discard is not None and b.discard != TURN
    assert b.play_hands[0] >> TURN & 1 and bin(b.play_hands[0]).count("1") == 5
    assert calls(b) == [(1, "order up", None, False)]


@pytest.mark.parametrize("seat, action", [(2, "assist"), (3, "order up"), (0, "take up")])
def test_each_seat_can_call_in_round_one(seat, action):
    b = bid(HANDS, TURN, Scripted({("first", seat): action}))
    assert b.maker == seat and b.trump == C and calls(b)[-1] == (seat, action, None, False)
    assert len(b.calls) == [1, 2, 3, 0].index(seat) + 1


def test_dealer_turns_down_and_round_two_makes_next_or_crosses():
    b = bid(HANDS, TURN, Scripted({("second", 1): "S"}))
    assert (b.maker, b.trump, b.round, b.discard) == (1, S, 2, None)
    assert b.play_hands == HANDS
    assert calls(b)[3] == (0, "turn down", None, False) and calls(b)[-1] == (1, "make", S, False)
    b = bid(HANDS, TURN, Scripted({("second", 3): "H"}))
    assert (b.maker, b.trump) == (3, H)


def test_all_pass_twice_is_a_void_deal_or_the_dealer_is_stuck():
    b = bid(HANDS, TURN, AlwaysPass())
    assert b.maker is None and len(b.calls) == 8
    b = bid(HANDS, TURN, AlwaysPass(), Rules(stick_the_dealer=True))
    assert b.maker == 0 and b.trump != C and b.round == 2


def test_alone_and_taking_it_from_partner():
    b = bid(HANDS, TURN, Scripted({("first", 1): "order up", ("alone", 1): True}))
    assert (b.maker, b.lone_seat) == (1, 1) and b.play_hands[3] == 0
    # D takes it from B (law 74): D plays alone, B sits out.
    b = bid(HANDS, TURN, Scripted({("first", 1): "order up", ("take", 3): True}))
    assert (b.maker, b.lone_seat) == (3, 3) and b.play_hands[1] == 0
    assert calls(b)[-1] == (3, "take it from partner", None, True)
    # A takes it from C who assisted (law 75): A discards as a lone dealer.
    b = bid(HANDS, TURN, Scripted({("first", 2): "assist", ("take", 0): True}))
    assert (b.maker, b.lone_seat) == (0, 0) and b.play_hands[2] == 0 and b.discard is not None
    # C alone: the dealer sits out and takes no turn-up.
    b = bid(HANDS, TURN, Scripted({("first", 2): "assist", ("alone", 2): True}))
    assert (b.maker, b.lone_seat, b.discard) == (2, 2, None) and b.play_hands[0] == 0


def test_a_partner_who_has_passed_cannot_take_it():
    # D orders: his partner B has passed, so B is never asked (laws 93, 94).
    b = bid(HANDS, TURN, Scripted({("first", 3): "order up", ("take", 1): True}))
    assert (b.maker, b.lone_seat) == (3, None)


@pytest.mark.parametrize("script, fragment", [
    ({("first", 1): "assist"}, "illegal first-round (B) decision 'assist'"),
    ({("first", 2): "order up"}, "illegal first-round (C) decision 'order up'"),
    ({("first", 0): "alone"}, "illegal first-round (A) decision 'alone'"),
    ({("second", 1): "C"}, "C was turned down and cannot be named"),
    ({("second", 1): "X"}, "answer 'pass' or a suit"),
    ({("first", 1): "order up", ("alone", 1): "yes"}, "illegal alone decision 'yes'"),
])
def test_illegal_calls_name_the_policy_the_decision_and_the_action(script, fragment):
    with pytest.raises(EuchreError, match="policy 'scripted'") as err:
        bid(HANDS, TURN, Scripted(script))
    assert fragment in str(err.value)


def test_a_discard_of_the_turn_up_is_refused():
    class Bad(Scripted):
        def discard(self, s):
            return s.turn_up
    with pytest.raises(EuchreError, match="law 88"):
        bid(HANDS, TURN, Bad({("first", 0): "take up"}))


def test_the_books_discard_examples():
    assert book_discard(m("QC JC 9C AH 7H KD"), parse_card("9C")) == parse_card("KD")
    assert book_discard(m("JC 9C AH 7H KD 7D"), parse_card("9C")) == parse_card("7D")
    assert book_discard(m("JC 9C 8C AH KH AD"), parse_card("9C")) == parse_card("KH")
    assert book_discard(m("JC 9C 8C AH KH AD"), parse_card("9C"), alone=True) == parse_card("AD")


def test_the_discard_is_never_the_turn_up_on_many_deals():
    deals = sample_deals(3000, 11)
    res = simulate(deals, OrderAnything(), engine=_NoPlay())
    took = res.discard >= 0
    assert took.sum() > 1000 and np.all(res.discard[took] != deals.turn_up[took])
    assert np.all((res.play_hands[took, 0] >> deals.turn_up[took].astype(np.uint32)) & 1)


class _NoPlay:
    """Skips the play: for tests of the bidding alone."""
    name = "none"

    def maker_tricks(self, hands, trump, leader, lone, side):
        return np.full(len(hands), 3, np.int8)


def situation(seat, hand, turn, score=(0, 0)):
    return Situation(seat, m(hand), parse_card(turn), 1, score, ())


def test_the_book_policy_follows_its_lists():
    book = BookPolicy()
    # E1: ace, queen, ten of the turn-up and two cards of another suit, with an ace.
    assert book.first_round(situation(1, "AC QC TC AH 7H", "9C")) == "order up"
    # E2: right, ten, nine of clubs and king, ten of spades, queen of clubs turned: pass, make it next.
    assert book.first_round(situation(1, "JC TC 9C KS TS", "QC")) == "pass"
    # S2: right and another assists; S5: two small ones with the right turned do not.
    assert book.first_round(situation(2, "JC 7C 8H 9D KS", "9C")) == "assist"
    assert book.first_round(situation(2, "8C 7C 8H 9D KS", "JC")) == "pass"
    # S4: ace and another only at four-all or four-love.
    assert book.first_round(situation(2, "AC 7C 8H 9D KS", "9C")) == "pass"
    assert book.first_round(situation(2, "AC 7C 8H 9D KS", "9C", (4, 4))) == "assist"
    # T4: third hand orders with two bowers and outside ace, not with right and another.
    assert book.first_round(situation(3, "JC JS AH 9D KS", "9C")) == "order up"
    assert book.first_round(situation(3, "JC 8C TH 9D KS", "9C")) == "pass"
    # D1: dealer takes up right and ace (the turn-up being the ace).
    assert book.first_round(situation(0, "JC 8H TH 9D KS", "AC")) == "take up"
    assert book.first_round(situation(0, "QH 8H TH 9D KS", "AC")) == "pass"


def test_the_dealer_passes_with_both_cross_bowers_better_at_next():
    book = BookPolicy()
    # D6 as the glossary reads "cross": both black knaves, the ace of hearts turned; after taking up
    # right and ace (on the take-up list), at next (diamonds) the left, king and queen: three to two
    glossary = situation(0, "JS JC JH KD QD", "AH")
    assert book.first_round(glossary) == "pass"
    assert book.explain(glossary) == ("pass", (BOTH_BOWERS_NEXT,))
    # as many trumps at next (the right and ace of diamonds) as of hearts (left and ace), higher: pass;
    # with the king of diamonds for the ace, as high at next (8 + 5 = 7 + 6), not better: the take-up
    # list's left, ace, and outside ace
    assert book.first_round(situation(0, "JS JC JD AD 9C", "AH")) == "pass"
    assert book.first_round(situation(0, "JS JC JD KD AC", "AH")) == "take up"
    # next's bowers (the turned-up colour's) and four clubs at next against three spades: the other
    # reading of "cross", not played: three trumps are taken up
    next_bowers = situation(0, "JS JC QC KC AD", "9S")
    assert book.first_round(next_bowers) == "take up"
    assert book.explain(next_bowers) == ("take up", (DEALER_TAKE,))


@pytest.mark.parametrize("score", [(3, 3), (4, 2)])
def test_at_three_all_and_four_two_the_dealer_drops_the_weakest_rung(score):
    book = BookPolicy()
    left_ace_ace = "JD AS 7C 8C 9S"      # the ace of hearts turned: left, ace, and outside ace; two trumps
    right_ace = "JH AS 7C 8C 9S"         # right and ace
    assert book.first_round(situation(0, left_ace_ace, "AH", score)) == "pass"
    assert book.explain(situation(0, left_ace_ace, "AH", score)) == ("pass", (DEALER_CAUTION,))
    assert book.first_round(situation(0, right_ace, "AH", score)) == "take up"
    # three trumps without the right are not the weakest rung
    assert book.first_round(situation(0, "AD QD 9D 7S 8C", "TD", score)) == "take up"
    for hand in (left_ace_ace, right_ace):
        assert book.first_round(situation(0, hand, "AH")) == "take up"
        assert book.explain(situation(0, hand, "AH")) == ("take up", (DEALER_TAKE,))


def test_keeping_the_bridge_orders_whatever_the_eldest_holds():
    weak = situation(1, "7H 8H 9S 9D KS", "9C", (4, 1))
    assert BookPolicy().first_round(weak) == "pass"
    assert BookPolicy(BookParams(keep_bridge=True)).first_round(weak) == "order up"


def test_forced_decisions_fix_one_seat_only():
    book = BookPolicy()
    deals = sample_deals(300, 5)
    a = simulate(deals, Forced(book, 1, "first_round", "order up"), engine=_NoPlay())
    b = simulate(deals, Forced(book, 1, "first_round", "pass"), engine=_NoPlay())
    assert np.all(a.maker >= 0) and np.all((a.maker == 1) | (a.maker == 3))
    assert not np.any(b.maker == 1) or np.all(b.round[b.maker == 1] == 2)


def test_the_toml_policy_equals_its_python_twin(tmp_path):
    import importlib.util, pathlib
    root = pathlib.Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("cautious", root / "examples" / "cautious.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    toml_policy = PatternPolicy.from_toml(root / "analysis" / "data" / "policies" / "cautious.toml")
    deals = sample_deals(4000, 7)
    for rules in (Rules(), Rules(stick_the_dealer=True)):
        x = simulate(deals, toml_policy, rules)
        y = simulate(deals, mod.Cautious(), rules)
        for field in ("maker", "trump", "lone_seat", "round", "discard", "play_hands", "maker_tricks", "points"):
            assert np.array_equal(getattr(x, field), getattr(y, field)), field
    assert (x.maker >= 0).sum() > 1000 and (x.lone_seat >= 0).sum() > 0


def test_a_bad_toml_policy_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[first_round]\nB = ["right and a prayer"]\n')
    with pytest.raises(EuchreError, match="first_round.B: unknown term 'a prayer'"):
        PatternPolicy.from_toml(bad)
    bad.write_text('[first_round]\nE = ["three trumps"]\n')
    with pytest.raises(EuchreError, match="unknown key 'E'"):
        PatternPolicy.from_toml(bad)
    bad.write_text('first_round = [')
    with pytest.raises(EuchreError, match="not valid TOML"):
        PatternPolicy.from_toml(bad)


@pytest.mark.slow
def test_simulated_tricks_equal_the_solver_on_the_post_discard_hands():
    deals = sample_deals(6, 3)    # the reference solver takes seconds a deal: the solver's own tests hold many more
    res = simulate(deals, BookPolicy())
    ref_tricks, ref_points = play_out(res.maker, res.trump, res.lone_seat, res.play_hands, ReferenceDoubleDummy())
    assert np.array_equal(res.maker_tricks, ref_tricks) and np.array_equal(res.points, ref_points)
    assert (res.maker >= 0).sum() >= 4


def test_baselines_run_and_behave_as_named():
    deals = sample_deals(500, 9)
    assert np.all(simulate(deals, AlwaysPass(), engine=_NoPlay()).maker == -1)
    assert np.all(simulate(deals, OrderAnything(), engine=_NoPlay()).maker == 1)
    pc = simulate(deals, PointCount(), engine=_NoPlay())
    assert 0 < (pc.maker >= 0).mean() < 1


def test_the_packaged_cautious_policy_is_named():
    from analysis.bidding.policies import policy_from_name
    p = policy_from_name("cautious")
    assert isinstance(p, PatternPolicy) and p.name == "cautious"


# --- a policy file that can only pass is refused ------------------------------------------------------------

@pytest.mark.parametrize("text, why", [
    ("", "has no rules"),
    ('name = "empty"\n[first_round]\nB = []\n[second_round]\nprefer_next = false\n', "has no rules"),
    ('[alone]\npatterns = ["two bowers, ace, and two others"]\n', "no rule for round one or two"),
    ('base = "pass"\n[bands]\nall = [[0, 4], [0, 4]]\n', "calls with no hand class"),
    ('base = "pass"\n[bands]\nall = [[0, 4], [0, 4]]\n[first_round.all.B]\n"R x x; no ace; no void" = "pass"\n'
     '[discard.all.A]\n"R A x; no ace; no void" = "make a void"\n', "calls with no hand class"),
])
def test_a_policy_file_that_can_only_pass_is_refused_in_one_line(tmp_path, text, why):
    from analysis.bidding.policies import policy_from_name
    path = tmp_path / "policy.toml"
    path.write_text(text)
    with pytest.raises(EuchreError) as caught:
        policy_from_name(str(path))
    message = str(caught.value)
    assert str(path) in message and why in message and "would pass every hand" in message
    assert len(message.splitlines()) == 1


def test_a_policy_file_with_one_call_and_the_pass_baseline_are_taken(tmp_path):
    from analysis.bidding.class_policy import ClassPolicy
    from analysis.bidding.policies import policy_from_name
    path = tmp_path / "policy.toml"
    path.write_text('[first_round]\nB = ["four trumps"]\n')
    assert isinstance(policy_from_name(str(path)), PatternPolicy)
    path.write_text('base = "pass"\n[bands]\nall = [[0, 4], [0, 4]]\n[second_round.all.C]\n'
                    '"next: R x; aces; no bower down" = "next"\n')
    assert isinstance(policy_from_name(str(path)), ClassPolicy)
    assert isinstance(policy_from_name("pass"), AlwaysPass)   # the deliberate baseline stays


def test_the_command_line_refuses_an_empty_policy_file_and_takes_pass(tmp_path, capsys):
    from analysis.commands.cli import main
    empty = tmp_path / "policy.toml"
    empty.write_text("")
    assert main(["compare", "book", str(empty), "--deals", "5"]) == 2
    err = capsys.readouterr().err
    assert err == f"euchrelab: error: policy file {empty}: the policy has no rules, so it would pass every hand\n"
    assert main(["compare", "book", "pass", "--deals", "5", "--json"]) == 0
    assert '"b": "always-pass"' in capsys.readouterr().out


def test_a_policy_may_answer_call_at_every_seat():
    """"call" is a first-round call at any seat; the seat's own word still is; another seat's word is refused."""
    import analysis
    from analysis.bidding.policy import Policy, call_word

    class ThreeTrumps(Policy):
        name = "three trumps"

        def first_round(self, s):
            return "call" if s.has("three trumps") else "pass"

    deals = analysis.sample_deals(400, seed=3)
    ours = analysis.simulate(deals, ThreeTrumps(), analysis.Rules())
    assert ours.points.shape[0] == 400
    assert [call_word(s) for s in "ABCD"] == ["take up", "order up", "assist", "order up"]
    assert call_word(analysis.Seat.C) == call_word(2) == "assist"

    class Wrong(Policy):
        name = "wrong"

        def first_round(self, s):
            return "assist"    # the eldest hand, asked first, does not assist

    with pytest.raises(analysis.EuchreError, match="answer 'call' or 'pass'"):
        analysis.simulate(deals, Wrong(), analysis.Rules())


def test_seats_and_suits_print_as_the_books_letters():
    from analysis import Seat, Suit, parse_seat
    assert str(parse_seat("c")) == "C" and parse_seat("c") == 2 and f"{Seat.B:<3}|" == "B  |"
    assert [str(s) for s in Suit] == ["S", "C", "H", "D"] and Seat.A.title == "A, the dealer"


def test_the_round_one_call_words_are_written_once():
    """The words "order up" and "take up" (a seat's round-one call) are written in analysis.bidding.policy
    only: the rest reads them from call_word(seat). analysis.tools.advise reads them from what a user typed."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    home = {"analysis/bidding/policy.py", "analysis/tools/advise.py"}
    found = []
    for path in sorted(p for folder in ("analysis", "studies") for p in (root / folder).rglob("*.py")):
        name = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        found += [f"{name}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in docs
                  and n.value in ("order up", "take up") and name not in home]
    assert not found

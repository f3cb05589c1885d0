"""``euchrelab play`` end to end."""
import json

from cli_run import as_program, run_cli

from analysis.game.cards import parse_cards
from analysis.commands.cli import main

ROUND_ONE = ("B", "C", "D", "A")
CALL = {"B": "order up", "C": "assist", "D": "order up"}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}

# A policy no built-in one resembles: B, C and D call the turned-up suit with both bowers of
# it and never otherwise; the dealer never takes it up; nobody names a suit in round two.
BOWERS_ONLY = """
name = "bowers only"
[first_round]
B = ["two bowers"]
C = ["two bowers"]
D = ["two bowers"]
"""


def json_lines(out):
    assert out.returncode == 0, out.stderr
    return [json.loads(x) for x in out.stdout.splitlines()]


def test_play_json_lines_carry_the_whole_hand():
    lines = json_lines(run_cli("play", "--n", "40", "--seed", "2", "--json"))
    assert len(lines) == 40
    for h in lines:
        assert set(h) >= {"deal", "calls", "void", "maker", "trump", "alone", "discard", "hands", "tricks", "points"}
        if h["void"]:
            assert h["points"] == {"A+C": 0, "B+D": 0} and len(h["calls"]) == 8
        else:
            assert h["tricks"]["A+C"] + h["tricks"]["B+D"] == 5
            assert sum(h["points"].values()) in (1, 2, 4)
            assert h["discard"] != h["deal"]["turn_up"]


def _has_both_bowers(hand: str, suit: str) -> bool:
    return set(parse_cards(f"J{suit} J{SAME_COLOUR[suit]}")) <= set(parse_cards(hand))


def test_play_bids_by_the_toml_policy_given(tmp_path):
    policy = tmp_path / "bowers.toml"
    policy.write_text(BOWERS_ONLY)
    hands = json_lines(run_cli("play", "--n", "400", "--seed", "3", "--policy", str(policy), "--json"))
    made = 0
    for h in hands:
        suit = h["deal"]["turn_up"][-1]
        expected = []
        for seat in ROUND_ONE:   # the first with both bowers calls, everyone before him passes
            if seat in CALL and _has_both_bowers(h["deal"]["hands"][seat], suit):
                expected.append({"seat": seat, "action": CALL[seat]})
                break
            expected.append({"seat": seat, "action": "pass" if seat != "A" else "turn down"})
        else:
            expected += [{"seat": seat, "action": "pass"} for seat in ROUND_ONE]   # round two: nobody names a suit
        assert h["calls"] == expected, h
        if h["void"]:
            assert h["maker"] is None and h["points"] == {"A+C": 0, "B+D": 0}
        else:
            made += 1
            assert h["maker"] == expected[-1]["seat"] and h["trump"] == suit and h["alone"] is None
    assert 15 <= made <= 60 < len(hands) - made   # about 7% of deals give one of B, C, D both bowers


def test_play_summary_names_the_policy_and_the_rules(tmp_path):
    out = run_cli("play", "--n", "200", "--policy", "analysis/data/policies/cautious.toml")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("200 hands, policy cautious, seed 0, pack 32, game 5; double-dummy play.")
    assert "Wilson" in out.stdout and "mean points per hand" in out.stdout
    modern = run_cli("play", "--n", "50", "--pack", "24", "--stick-the-dealer", "--score", "9-0")
    assert modern.returncode == 0, modern.stderr
    assert "pack 24, game 10, stick the dealer;" in modern.stdout.splitlines()[0]
    assert "void deals (all passed twice): 0" in modern.stdout   # the dealer is stuck


def test_play_game_points_bound_the_score(capsys):
    assert main(["play", "--n", "5", "--game", "12", "--score", "11-3"]) == 0
    assert main(["play", "--n", "5", "--game", "7", "--score", "7-0"]) == 2
    assert "--score 7-0: each side must have 0 to 6 points" in capsys.readouterr().err


def test_play_errors_are_one_line(capsys):
    for args, fragment in [(["--policy", "nonsense"], "unknown policy 'nonsense'"),
                           (["--n", "0"], "--n must be a whole number of at least 1, not 0"),
                           (["--score", "4-x"], "--score '4-x'"),
                           (["--score", "5-0"], "each side must have 0 to 4 points"),
                           (["--game", "0"], "points for game must be a positive whole number")]:
        assert main(["play", *args]) == 2
        err = capsys.readouterr().err
        assert fragment in err and err.startswith("euchrelab: error: ") and err.count("\n") == 1, err
    out = as_program("play", "--score", "4-x")   # and as a program: status 2, no traceback
    assert out.returncode == 2 and out.stderr == ("euchrelab: error: --score '4-x' must be two numbers like 4-2 "
                                                  "(A+C's points, then B+D's)\n")


def test_play_at_the_table_bids_the_same_and_scores_the_tricks(capsys):
    dd = json_lines(run_cli("play", "--n", "40", "--seed", "9", "--json"))
    book = json_lines(run_cli("play", "--n", "40", "--seed", "9", "--json", "--play", "book"))
    assert [h["calls"] for h in dd] == [h["calls"] for h in book]           # the engine plays, it does not bid
    made = [(a, b) for a, b in zip(dd, book) if not a["void"]]
    assert all(sum(b["tricks"].values()) == 5 for _a, b in made)
    assert any(a["tricks"] != b["tricks"] for a, b in made)                  # rules are not double-dummy
    assert main(["play", "--n", "5", "--play", "simple"]) == 0
    assert "table-side simple play" in capsys.readouterr().out


def test_play_names_an_unknown_engine(capsys):
    assert main(["play", "--n", "5", "--play", "ddx"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "play engine 'ddx' is unknown" in err[0]
    assert main(["play", "--n", "5", "--play", "pimc", "--worlds", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--worlds must be a whole number of at least 1, not 0" in err[0]


def test_the_hands_played_print_what_the_command_prints(capsys):
    import json

    from analysis.tools.play_hands import play_hands
    from analysis.commands.cli import main as cli
    played = play_hands(25, seed=7)
    assert cli(["play", "--n", "25", "--seed", "7"]) == 0
    assert capsys.readouterr().out == str(played)
    assert cli(["play", "--n", "3", "--seed", "7", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines == json.loads(json.dumps(play_hands(3, seed=7).to_json()))
    assert "<pre>" in played._repr_html_() and len(played) == 25

"""``euchrelab bench``: every benchmark module loads, and a cheap benchmark of each measures a rate."""
import json

from analysis.commands.cli import main

# the cheapest benchmark of each module (analysis.bench.* and studies.bench)
CHEAP = ["sample_per_s", "hands_per_s", "scoring_per_s", "book_play_hands_per_s", "ladder_book_hands_per_s",
         "study_direct_per_s"]


def test_a_cheap_benchmark_of_each_module_measures_a_positive_rate(capsys):
    args = ["bench", "--json", "--seconds", "0.01"]
    for key in CHEAP:
        args += ["--only", key]
    assert main(args) == 0
    got = json.loads(capsys.readouterr().out)
    assert set(CHEAP) <= set(got) and all(got[key] > 0 for key in CHEAP)
    assert got["cores"] >= 1


def test_an_unknown_benchmark_or_no_time_is_one_line_and_exit_2(capsys):
    assert main(["bench", "--only", "nothing_per_s"]) == 2
    err = capsys.readouterr().err
    assert "no benchmark 'nothing_per_s'" in err and err.count("\n") == 1
    assert main(["bench", "--seconds", "0"]) == 2
    assert "--seconds must be positive" in capsys.readouterr().err

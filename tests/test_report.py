"""Reports: the Markdown and self-contained HTML pages, the index, and re-rendering."""
from __future__ import annotations

import base64
import json
import re

import pandas as pd
import pytest

from analysis.cli import main
from analysis.report import md_to_html, write_index
from studies.runner import rerender, run_and_report

import test_runner as toy


def _run(tmp_path):
    return run_and_report(toy, toy.toy_settings(tmp_path))


def test_report_has_verdicts_charts_and_the_double_dummy_caveat(tmp_path):
    _outcome, paths = _run(tmp_path)
    md = paths["markdown"].read_text()
    page = paths["html"].read_text()
    assert "## Verdicts" in md and "| X1 |" in md
    assert "supported" in md          # high - low = 0.5 over 2000 deals is decisive
    assert "![The means.](means.png)" in md
    assert "double-dummy" in md and "perfect-information" in md
    # the HTML page stands alone: the chart is embedded, no link to a file
    images = re.findall(r'<img [^>]*src="([^"]+)"', page)
    assert images and all(src.startswith("data:image/png;base64,") for src in images)
    assert base64.b64decode(images[0].split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    assert '<td class="supported">supported</td>' in page
    assert "High is higher than low." in page
    verdicts = pd.read_csv(paths["verdicts"])
    assert list(verdicts["claim"]) == ["X1"] and verdicts["verdict"][0] == "supported"
    assert pd.read_parquet(paths["results"]).shape[0] == 2


def test_index_links_every_study_with_a_report_including_foreign_ones(tmp_path):
    _run(tmp_path)
    coups = tmp_path / "coups"
    coups.mkdir()
    (coups / "report.md").write_text("# The coups of the book\n\nSix of nine coups hold double-dummy.\n")
    (coups / "report.html").write_text("<html></html>")
    (tmp_path / "empty").mkdir()
    index = write_index(tmp_path).read_text()
    assert 'href="toy/report.html"' in index and 'href="coups/report.html"' in index
    assert "Six of nine coups hold double-dummy." in index and "high - low" in index
    assert "empty" not in index


def test_rerender_from_saved_results_and_from_chunks(tmp_path):
    _outcome, paths = _run(tmp_path)
    first = paths["markdown"].read_text()
    paths["markdown"].unlink()
    again = rerender(tmp_path / "toy")
    assert again["markdown"].read_text() == first
    again["results"].unlink()   # only the chunks left: summarised again
    assert rerender(tmp_path / "toy")["markdown"].read_text() == first


def test_report_command(tmp_path, capsys):
    _run(tmp_path)
    assert main(["report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("index.html") and "toy" in out
    assert main(["report", str(tmp_path / "nothing")]) == 2


def test_markdown_subset():
    html = md_to_html("> *quoted*\n\n- a `b`\n- **c**\n\n| x | y |\n|---|---|\n| 1 | 2 |")
    assert "<blockquote><em>quoted</em></blockquote>" in html
    assert "<li>a <code>b</code></li>" in html and "<strong>c</strong>" in html
    assert "<th>x</th>" in html and "<td>2</td>" in html


def test_studies_command_lists_json(capsys):
    assert main(["studies", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert {"name", "description"} == set(items[0]) and "hand_strength" in [i["name"] for i in items]


def test_run_command_rejects_unknown_study(capsys):
    assert main(["run", "no_such_study"]) == 2
    assert "no study 'no_such_study'" in capsys.readouterr().err


@pytest.mark.slow
def test_hand_strength_study_end_to_end(tmp_path, capsys):
    code = main(["run", "hand_strength", "--deals", "400", "--jobs", "1", "--out", str(tmp_path), "--no-progress"])
    assert code == 0
    folder = tmp_path / "hand_strength"
    md = (folder / "report.md").read_text()
    for needle in ("## Verdicts", "| T1 |", "| D5 |", "| S6 |", "heatmap_turn.png", "double-dummy"):
        assert needle in md
    table = pd.read_parquet(folder / "results.parquet")
    assert table["deals"].sum() == 400 * 4 * 3    # 4 seats x 3 contracts
    assert set(table["contract"]) == {"turn", "next", "cross"}
    assert (table[[f"tricks_{k}" for k in range(6)]].sum(axis=1) == table["deals"]).all()
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["deals"] == 1600
    assert capsys.readouterr().out.strip().endswith("index.html")


def test_csv_fallback_without_pyarrow(tmp_path, monkeypatch):
    import analysis.report as report
    import studies.runner as runner_module
    monkeypatch.setattr(report, "HAVE_PARQUET", False)
    monkeypatch.setattr(runner_module, "HAVE_PARQUET", False)
    _outcome, paths = _run(tmp_path)
    assert paths["results"].name == "results.csv"
    assert list((tmp_path / "toy" / "chunks").glob("*/*.csv")) and not list((tmp_path / "toy").rglob("*.parquet"))
    first = paths["markdown"].read_text()
    assert rerender(tmp_path / "toy")["markdown"].read_text() == first
    # a resumed run reads the CSV chunks back
    outcome = runner_module.run_study(toy, toy.toy_settings(tmp_path, resume=True))
    assert outcome.computed == [] and len(outcome.frame) == 2_000

"""The workbench's game page: an EGN file opened is kept under the hash of its bytes and replayed
on its own page, every text from the file escaped; a bad file is refused with the command line's one
line; in the browser a game is opened, stepped through and reviewed, and a decision's cost shown is
the one the library's review gives with the same settings."""
from __future__ import annotations

import hashlib
import json
import re
import urllib.error
import urllib.request
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import pytest
from conftest import CHROMIUM, SERVE_MODEL_DEALS

from analysis.errors import EuchreError
from analysis.game.egn import read_egn, to_egn

DATA = Path(__file__).resolve().parent / "data" / "egn"
SCENARIO = DATA / "custom-scenario.egn"


def upload(served, data: bytes, name: str = "game.egn"):
    status, _, body = served.request("POST", "/api/game", {"name": name}, body=data)
    return status, json.loads(body)


def cli_message(tmp_path, monkeypatch, name: str, data: bytes) -> str:
    """What ``euchrelab review`` says of the file ``name`` holding ``data``."""
    monkeypatch.chdir(tmp_path)
    Path(name).write_bytes(data)
    with pytest.raises(EuchreError) as caught:
        read_egn(name)
    return str(caught.value)


@pytest.mark.parametrize("name, data", [("invalid1.json", (DATA / "invalid1.json").read_bytes()),
                                        ("notes.txt", b"a game of euchre\n"),
                                        ("latin.egn", "{\"title\": \"caf\u00e9\"}".encode("latin-1"))])
def test_a_file_not_egn_is_refused_with_the_command_lines_line(served, tmp_path, monkeypatch, name, data):
    status, answer = upload(served, data, name)
    assert status == 400
    assert answer == {"error": cli_message(tmp_path, monkeypatch, name, data)}
    assert "\n" not in answer["error"] and answer["error"].startswith(f"{name} is not an EGN file")


def test_a_game_opened_has_an_address_by_its_hash_that_shows_its_deals(served):
    data = SCENARIO.read_bytes()
    status, answer = upload(served, data, "custom-scenario.egn")
    game_id = hashlib.sha256(data).hexdigest()[:12]
    assert status == 200 and answer["id"] == game_id and answer["page"] == f"/game/{game_id}"
    assert answer["deals"] == 1 and answer["players"] == ["North", "East", "South", "West"]
    status, _, page = served.get(answer["page"])
    assert status == 200 and "<h1>Custom Scenario</h1>" in page and "Deal 1 of 1" in page
    assert "North &amp; South" in page and "The bidding" in page
    status, _, page = served.get(answer["page"], deal="1", trick="2")
    assert status == 200 and "Trick 2: West leads, West wins" in page
    game = read_egn(SCENARIO)
    assert 'data-card="JS"' in page and len(game.deals[0].tricks) == 5   # the trick's cards drawn
    # the address holds the hash, never the file; opening the same file again gives the same address
    assert upload(served, data, "again.egn")[1]["id"] == game_id
    assert served.get("/game/000000000000")[0] == 404


def test_every_text_from_the_file_is_escaped(served):
    obj = json.loads(SCENARIO.read_text())
    obj["metadata"]["title"] = "<script>alert(1)</script>"
    obj["metadata"]["description"] = "score < 10 & <b>bold</b>"
    obj["metadata"]["players"][1] = '<img src=x onerror="alert(2)">'
    status, answer = upload(served, json.dumps(obj).encode(), "<b>name.egn")
    assert status == 200
    page = served.get(answer["page"], deal="1", trick="1")[2]
    assert "<script>alert" not in page and "<img src=x" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "score &lt; 10 &amp; &lt;b&gt;bold" in page
    assert "&lt;img src=x onerror=" in page and "&lt;b&gt;name.egn" in page


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_the_form_without_script_opens_a_game_or_shows_the_error_beside_it(served):
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    text = SCENARIO.read_text()
    request = urllib.request.Request(served.url + "/game", data=urlencode({"egn": text, "name": ""}).encode(),
                                     method="POST", headers=headers)
    with pytest.raises(urllib.error.HTTPError) as answer:       # the redirect, not followed
        urllib.request.build_opener(NoRedirect).open(request, timeout=30)
    assert answer.value.code == 303
    assert answer.value.headers["Location"] == f"/game/{hashlib.sha256(text.encode()).hexdigest()[:12]}"
    status, _, page = served.request("POST", "/game", body=urlencode({"egn": "[1, 2]"}).encode(), headers=headers)
    shown = re.search(r'<span class="error" id="egn-error">([^<]*)</span>', page)
    assert status == 400 and unescape(shown.group(1)) == (
        "pasted text is not an EGN file: it holds an array, not an object with fileType 'Euchre Game Notation'")
    assert "[1, 2]</textarea>" in page       # the text kept, to be mended


def test_a_file_too_large_and_a_review_beyond_the_limits_are_refused(served):
    status, answer = upload(served, b" " * (256 * 1024 + 1))
    assert status == 413 and answer["error"].startswith("the file is 256 KB: the workbench takes games of at most")
    game_id = upload(served, SCENARIO.read_bytes())[1]["id"]
    status, _, body = served.request("POST", f"/api/game/{game_id}/review", {"worlds": "5000"})
    assert status == 400 and json.loads(body) == {
        "error": "worlds 5,000 is over the workbench's limit of 2,000 worlds each decision is valued over: a bound on "
                 "one request's work (the command line allows 100,000)", "field": "worlds"}
    status, _, page = served.request("POST", f"/game/{game_id}/review", body=b"worlds=many",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    shown = re.search(r'<span class="error" id="worlds-error">([^<]*)</span>', page)
    assert status == 400 and unescape(shown.group(1)) == "worlds must be a whole number of at least 2, not 'many'"




@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="needs the system's chromium (apt-get install chromium)")
def test_a_game_opened_stepped_through_and_reviewed_in_the_browser(served, page):
    from analysis.tools.review import review

    data = SCENARIO.read_bytes()
    page.goto(served.url + "/game")
    page.set_input_files("#upload", files=[{"name": "custom-scenario.egn", "mimeType": "application/json",
                                            "buffer": data}])
    page.wait_for_url(f"**/game/{hashlib.sha256(data).hexdigest()[:12]}")
    assert page.inner_text("h1") == "Custom Scenario"
    assert page.inner_text("section.deal h3") == "The bidding"
    page.click(".stepper a[rel=next]")                       # the first trick, then the second by the key
    page.wait_for_url("**trick=1*")
    assert page.inner_text("section.deal h3") == "Trick 1: East leads, West wins"
    with page.expect_navigation():
        page.keyboard.press("ArrowRight")
    assert page.inner_text("section.deal h3") == "Trick 2: West leads, West wins"
    assert page.locator(".felt .middle .pc").count() == 4

    page.fill("#worlds", "20")
    page.click("#start-review")
    page.wait_for_selector("table.summary", timeout=60_000)
    assert "worlds=20" in page.url and "trick=2" in page.url       # the same step, the review in the address
    expected = review(read_egn(SCENARIO), 20, 32, 0, 1, SERVE_MODEL_DEALS)
    decisions = expected.to_json()["decisions"]
    cards = [d for d in decisions if d["kind"] == "card" and d["trick"] == 1]
    assert cards, "a card of trick 2 has a choice"
    shown = page.locator("table.steps .cost")
    assert shown.count() == len(cards)
    first = cards[0]
    cost = shown.first
    assert float(cost.get_attribute("data-cost")) == first["cost"]["estimate"]
    low, high = first["cost"]["ci"]
    assert cost.inner_text() == f'{first["cost"]["estimate"]:+.2f} [{low:+.2f}, {high:+.2f}] pts'
    # every labelled decision listed, and the annotated game to download is the library's
    labelled = [d for d in decisions if d["label"]]
    assert page.locator("table.labelled tbody tr").count() == len(labelled)
    href = page.get_attribute("#annotated", "href")
    status, headers, body = served.get(href)
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    assert json.loads(body) == json.loads(json.dumps(to_egn(read_egn(SCENARIO), *expected.annotations())))

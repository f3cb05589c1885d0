"""The workbench in a real browser: the system's Chromium driven by Playwright (no browser is
downloaded). A hand entered shows the API's numbers; the book's page filters by status and opens a
claim; an uploaded policy's error is named with its line, a comparison runs to its table and
another, against a second policy of one's own, is cancelled."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CHROMIUM

from analysis.game.claims import catalogue

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs the system's chromium (apt-get install chromium)")




def test_a_hand_entered_shows_the_apis_numbers(served, page):
    page.goto(served.url + "/hand")
    page.select_option("#seat", "C")
    page.fill("#hand", "JH QH AH KD 9C")
    page.fill("#turn_up", "TH")
    page.fill("#score", "2-3")
    page.fill("#worlds", "600")
    page.fill("#table_worlds", "60")      # the default engine, at the table, on few worlds
    page.select_option("#pack", "24")     # whose calls' tables the players build soon
    page.fill("#seed", "3")
    page.click("#advise")
    page.wait_for_selector("table.advice")
    rows = page.locator("table.advice tbody tr")
    advice = json.loads(served.get("/api/advise", seat="C", hand="JH QH AH KD 9C", turn_up="TH", score="2-3",
                                   worlds="600", table_worlds="60", seed="3", pack="24")[2])
    assert advice["play"]["engine"] == "pimc-calls" and advice["game_unit"] == "game_win"
    assert rows.count() == len(advice["actions"])
    for k, action in enumerate(advice["actions"]):
        cells = rows.nth(k).locator("td")
        assert rows.nth(k).locator("th").inner_text().startswith(action["action"])
        assert cells.nth(0).inner_text().startswith(f'{action["points"]["estimate"]:+.3f}')
        assert cells.nth(2).inner_text().startswith(f'{100 * action["game_win"]["estimate"]:.1f}%')
    # the address holds every parameter: opened again, the same numbers
    address = page.url
    assert "seed=3" in address and "worlds=600" in address and "table_worlds=60" in address and "pack=24" in address
    assert "calls=" not in address
    first = page.inner_text("table.advice")
    page.goto(address)
    assert page.inner_text("table.advice") == first


def test_the_book_filters_and_opens_a_claim(served, page):
    claims = json.loads(served.get("/api/claims")[2])
    page.goto(served.url + "/book")
    assert page.locator("table.claims tbody tr").count() == 57
    with page.expect_navigation():
        page.select_option("#status", "contradicted")
    assert "status=contradicted" in page.url
    contradicted = [c["id"] for c in claims if c["status"] == "contradicted"]
    assert page.locator("table.claims tbody tr").all_inner_texts()[0].startswith(contradicted[0])
    assert page.locator("table.claims tbody tr").count() == len(contradicted)
    page.click(f"text={contradicted[0]}")
    quote = page.inner_text("blockquote.quote")
    assert catalogue()[contradicted[0]].text in quote


def test_a_policys_error_is_named_and_a_comparison_runs(served, page):
    page.goto(served.url + "/heuristic")
    wrong = b'name = "mine"\n\n[first_round]\nB = ["three trumps"]\nC = ["three trumpz"]\n'
    page.set_input_files("#upload", files=[{"name": "mine.toml", "mimeType": "text/plain", "buffer": wrong}])
    error = page.locator("#a_toml-error")      # an uploaded file is checked at once
    error.wait_for(state="visible")
    assert error.inner_text().startswith("line 5: ") and "three trumpz" in error.inner_text()
    page.fill("#a_toml", (Path(__file__).resolve().parents[1] / "analysis/data/policies/cautious.toml").read_text())
    page.click("#check")
    page.locator("#a_toml-ok").wait_for(state="visible")
    page.fill("#deals", "10")
    page.click("#compare")
    page.wait_for_selector("table.compare", timeout=60_000)
    assert "cautious minus book" in page.inner_text("main")
    assert page.locator("#progress").get_attribute("value") == "100"


@pytest.mark.slow
def test_cards_clicked_on_the_grid_and_a_call_card_drawn(served, page):
    page.goto(served.url + "/hand")
    held = page.locator("#card-grid button.held")
    assert held.count() == 5
    while held.count():                                             # the example hand taken out
        held.first.click()
    assert page.input_value("#hand") == ""
    for card in ("JS", "JC", "AS", "KS", "9D", "QS"):               # a sixth card is refused
        page.click(f'#card-grid button[data-card="{card}"]')
    assert page.input_value("#hand") == "JS JC AS KS 9D"
    page.click('#card-grid button[data-card="9D"]')                 # clicked again: out
    page.fill("#turn_up", "QS")
    assert page.is_disabled('#card-grid button[data-card="QS"]')
    page.fill("#hand", "js jc as ks 9h")                            # typed: the grid follows
    assert page.locator("#card-grid button.held").count() == 5
    page.select_option("#pack", "24")
    assert page.locator('#card-grid button[data-card="7S"]').is_hidden()

    page.goto(served.url + "/charts")
    page.select_option("#kind", "card")
    page.select_option("#policy", "modern")
    page.select_option("#pack", "24")       # the modern game, of 10 points
    page.fill("#deals", "200")
    page.select_option("#seat", "D")
    page.click("#draw")
    image = page.locator("figure.page img")
    image.wait_for(timeout=90_000)
    assert "kind=card" in page.url and "policy=modern" in page.url and "score=" not in page.url
    page.wait_for_function("document.querySelector('figure.page img').naturalWidth > 0")
    assert "call_card_D.png" in image.get_attribute("src")
    assert "Call cards of modern beside the book" in page.inner_text("#result")


def test_a_comparison_against_another_own_policy_cancelled_in_the_browser(served, page):
    page.goto(served.url + "/heuristic")
    assert page.locator("#b_toml").is_hidden()
    page.select_option("#b", "")                 # B: another policy of the user's own
    page.set_input_files("#b_upload", files=[{"name": "other.toml", "mimeType": "text/plain",
                                              "buffer": b'name = "other"\n[first_round]\nB = ["thre trumps"]\n'}])
    page.wait_for_function("document.getElementById('b_toml').value.includes('other')")
    page.click("#compare")
    error = page.locator("#b_toml-error")
    error.wait_for(state="visible")
    assert "line 3" in error.inner_text() and "thre trumps" in error.inner_text()
    page.fill("#b_toml", (Path(__file__).resolve().parents[1] / "analysis/data/policies/cautious.toml").read_text())
    page.fill("#deals", "200000")                # long enough to be cancelled while it runs
    page.click("#compare")
    page.wait_for_url("**/jobs/*")
    job_id = page.url.rsplit("/", 1)[1]
    assert "your policy against your other policy" in page.inner_text("p.lead")
    page.locator("#cancel").wait_for(state="visible")
    page.wait_for_function("document.getElementById('state').textContent === 'running'")
    page.click("#cancel")
    page.wait_for_function("document.getElementById('state').textContent === 'cancelled'")
    assert page.locator("#cancel").count() == 0 and page.locator("table.compare").count() == 0
    job = json.loads(served.get(f"/api/jobs/{job_id}")[2])
    assert job["state"] == "cancelled" and job["uploaded"] == ["a", "b"] and "result" not in job
    page.reload()                                # and it stays cancelled
    assert page.inner_text("#state") == "cancelled"

"""``euchrelab serve``: the JSON API gives what the command line gives, with its messages; the
queue of jobs refuses a flood, runs a job to its end and cancels another; the same address gives
the same numbers; the server listens on the loopback unless told otherwise."""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path
from urllib.request import urlopen

import pytest
from conftest import SERVE_MODEL_DEALS, Workbench

from analysis.commands.cli import main

ROOT = Path(__file__).resolve().parents[1]
# played double-dummy: these tests check the workbench, not the engine (the browser's test takes the default, at the table)
SPOT = {"seat": "C", "hand": "JH QH AH KD 9C", "turn_up": "TH", "score": "2-3", "worlds": "600", "seed": "3", "play": "dd"}


def cli(argv, capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def cli_error(argv, capsys) -> str:
    """The one-line message the command line prints for a mistake (after "error: ")."""
    try:
        code, _, err = cli(argv, capsys)
    except SystemExit as exc:   # argparse's own errors
        code, err = exc.code, capsys.readouterr().err
    assert code == 2
    return err.strip().split("error: ", 1)[1]


def in_form_words(message: str) -> str:
    """The command line's message as the workbench gives it: each flag (and the metavar POLICY) as
    the name of its field."""
    message = message.replace("argument --", "--").replace("POLICY", "policy")
    return re.sub(r"--([a-z-]+)", lambda m: m.group(1) if m.group(1) == "turn-up" else m.group(1).replace("-", " "),
                  message)


def advise_argv(params: dict) -> list[str]:
    return ["advise", "--model-deals", str(SERVE_MODEL_DEALS), "--json",
            *[f"--{k.replace('_', '-')}={v}" for k, v in params.items()]]


def wait_for(served, job_id: str, states=("done", "failed", "cancelled"), seconds: float = 60) -> dict:
    deadline = time.time() + seconds
    while time.time() < deadline:
        status, _, body = served.get(f"/api/jobs/{job_id}")
        assert status == 200, body
        job = json.loads(body)
        if job["state"] in states:
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not reach {states}: {job}")


@pytest.mark.slow
def test_advise_api_gives_the_command_lines_json(served, capsys):
    status, headers, body = served.get("/api/advise", **SPOT)
    assert status == 200 and headers["Content-Type"] == "application/json"
    code, out, _ = cli(advise_argv(SPOT), capsys)
    assert code == 0
    assert json.loads(body) == json.loads(out)
    assert json.loads(body)["worlds"] == 600


@pytest.mark.parametrize("change", [{"hand": "JH QH AH KD"}, {"worlds": "many"}, {"turn_up": "JH"},
                                    {"worlds": "1"}, {"score": "7-0"}, {"calls": "pass,order up"}, {"pack": "36"}])
def test_a_bad_input_gets_a_400_and_the_command_lines_message(served, capsys, change):
    params = {**SPOT, **change}
    status, _, body = served.get("/api/advise", **params)
    assert status == 400
    error = json.loads(body)
    assert error["error"] == in_form_words(cli_error(advise_argv(params), capsys)) and "--" not in error["error"]
    assert error["field"] == next(iter(change))


def test_the_hand_page_shows_an_error_beside_its_field(served, capsys):
    params = {**SPOT, "turn_up": "JH"}
    status, _, page = served.get("/hand", **params)
    assert status == 400
    shown = re.search(r'<span class="error" id="turn_up-error">([^<]*)</span>', page)
    assert shown and unescape(shown.group(1)) == in_form_words(cli_error(advise_argv(params), capsys))
    assert unescape(shown.group(1)).startswith("turn-up JH ")


def test_an_error_names_the_forms_field_never_a_flag(served):
    status, _, body = served.get("/api/advise", **{**SPOT, "hand": "JH JH AH KD 9C"})
    assert status == 400 and json.loads(body) == {"error": "hand: card JH appears twice", "field": "hand"}
    status, _, body = served.get("/api/advise", **{**SPOT, "seat": "E"})
    assert status == 400 and json.loads(body)["field"] == "seat"
    assert json.loads(body)["error"].endswith("A (dealer), B (eldest hand), C (dealer's partner), D (third hand)")
    status, _, body = served.request("POST", "/api/compare", {"a": "book"})
    assert status == 400 and json.loads(body) == {"error": "the following arguments are required: second policy",
                                                  "field": "b"}
    status, _, page = served.get("/charts", kind="card", policy="book", against="book")
    shown = re.search(r'<span class="error" id="against-error">([^<]*)</span>', page)
    assert status == 400 and unescape(shown.group(1)).startswith("policy and against are the same policy ")


def test_a_failed_comparisons_page_names_the_field_not_the_flag(served):
    status, _, body = served.request("POST", "/api/compare", {"a": "pass", "b": "pass", "deals": "3"})
    job = wait_for(served, json.loads(body)["id"])
    assert status == 202 and job["state"] == "failed" and job["error"].endswith("try stick the dealer")
    shown = re.search(r'<p class="error">([^<]*)</p>', served.get(f"/jobs/{job['id']}")[2]).group(1)
    assert shown.endswith("the game has no value; try stick the dealer")


@pytest.mark.parametrize("path", ["/hand", "/charts", "/position"])
def test_every_seat_menu_names_each_seats_role(served, path):
    status, _, page = served.get(path)
    assert status == 200
    menus = re.findall(r'<select id="(?:seat|leader|alone)".*?</select>', page, re.S)
    assert menus
    for menu in menus:
        for role in ("A (dealer)", "B (eldest hand)", "C (dealer&#x27;s partner)", "D (third hand)"):
            assert f">{role}</option>" in menu, (path, role)


def test_a_field_the_address_leaves_out_is_blank_and_its_default(served):
    status, _, page = served.get("/hand", seat="B", hand="JS 9C AS KS QH", turn_up="9S", worlds="300")
    assert status == 200
    assert 'id="score" name="score" value=""' in page and "score 0-0 (his side first)" in page
    status, _, page = served.get("/hand", seat="B", hand="JS 9C AS KS QH", turn_up="9S", file="/etc/passwd")
    assert status == 400 and '<p class="error" id="form-error">unknown parameter &#x27;file&#x27;' in page


def test_the_same_address_gives_the_same_numbers(served):
    tables = []
    for _ in range(2):
        status, _, page = served.get("/hand", **SPOT)
        assert status == 200
        tables.append(re.search(r'<table class="advice">.*?</table>', page, re.S).group(0))
    assert tables[0] == tables[1]
    advice = json.loads(served.get("/api/advise", **SPOT)[2])
    for action in advice["actions"]:   # and they are the API's numbers
        assert f'{action["points"]["estimate"]:+.3f}' in tables[0]
    other = served.get("/hand", **{**SPOT, "seed": "4"})[2]
    assert re.search(r'<table class="advice">.*?</table>', other, re.S).group(0) != tables[0]


def test_solve_and_claims_give_the_command_lines_json(served, capsys, tmp_path):
    lines = (ROOT / "examples" / "positions.jsonl").read_text().splitlines()[:3]
    (tmp_path / "positions.jsonl").write_text("\n".join(lines) + "\n")
    status, _, body = served.request("POST", "/api/solve", body="\n".join(lines).encode())
    assert status == 200
    code, out, _ = cli(["solve", str(tmp_path / "positions.jsonl")], capsys)
    assert json.loads(body) == [json.loads(line) for line in out.splitlines()]
    status, _, body = served.get("/api/solve", position='{"hands": {"A": "9C"}}')
    (tmp_path / "bad.jsonl").write_text('{"hands": {"A": "9C"}}\n')
    assert status == 400 and json.loads(body)["error"] == cli_error(["solve", str(tmp_path / "bad.jsonl")], capsys)

    status, _, body = served.get("/api/claims")
    assert status == 200
    code, out, _ = cli(["claims", "--reports", str(ROOT / "reports"), "--json"], capsys)
    assert json.loads(body) == json.loads(out) and len(json.loads(body)) == 57


@pytest.mark.slow
def test_a_comparison_runs_as_a_job_to_the_command_lines_result(served, capsys):
    params = {"a": "optimised", "b": "book", "deals": "20", "seed": "5"}
    status, _, body = served.request("POST", "/api/compare", params)
    assert status == 202
    job = wait_for(served, json.loads(body)["id"])
    assert job["state"] == "done" and job["progress"] == {"done": 25, "total": 25}
    code, out, _ = cli(["compare", "optimised", "book", "--deals", "20", "--seed", "5", "--json"], capsys)
    assert job["result"] == json.loads(out)
    again = json.loads(served.get(f"/api/jobs/{job['id']}")[2])      # kept once read: a refresh shows it again
    assert again["result"] == job["result"]
    status, headers, report = served.get(f"/api/jobs/{job['id']}/report.txt")
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    assert report.startswith("optimised against book; ")


def test_a_comparison_of_an_uploaded_policy_and_its_refusals(served, capsys):
    policy = (ROOT / "analysis" / "data" / "policies" / "cautious.toml").read_text()
    status, _, body = served.request("POST", "/api/compare", body=json.dumps(
        {"a_toml": policy, "b": "book", "deals": 10}).encode(), headers={"Content-Type": "application/json"})
    assert status == 202
    job = wait_for(served, json.loads(body)["id"])
    assert job["state"] == "done" and job["result"]["a"] == "cautious"
    assert served.get(f"/api/jobs/{job['id']}/a-policy.toml")[2] == policy
    status, _, body = served.request("POST", "/api/compare", body=json.dumps(         # B's error by its line
        {"a": "book", "b_toml": 'name = "b"\n[first_round]\nB = ["thre trumps"]\n'}).encode(),
        headers={"Content-Type": "application/json"})
    assert status == 400 and json.loads(body)["field"] == "b_toml" and json.loads(body)["line"] == 3
    # nothing from the browser names a file or a Python module
    for name in ("/etc/passwd", str(ROOT / "analysis/data/policies/cautious.toml"), "os:getcwd"):
        status, _, body = served.request("POST", "/api/compare", {"a": name, "b": "book"})
        assert status == 400 and json.loads(body)["error"].startswith(f"unknown policy {name!r}")
    status, _, body = served.request("POST", "/api/compare", {"a": "book", "b": "book", "deals": "0"})
    assert status == 400
    assert json.loads(body)["error"] == in_form_words(cli_error(["compare", "book", "book", "--deals", "0"], capsys))
    assert json.loads(body)["error"] == "deals must be at least 1, not 0"


def test_a_policys_error_names_its_line(served):
    text = 'name = "mine"\n\n[first_round]\nB = ["three trumps"]\nC = ["three trumpz"]\n'
    status, _, body = served.request("POST", "/api/policy/check", body=text.encode())
    assert status == 400
    answer = json.loads(body)
    assert answer["line"] == 5 and "three trumpz" in answer["error"]
    status, _, body = served.request("POST", "/api/policy/check", body=b'name = "mine"\n[first_round\nB = []\n')
    assert status == 400 and json.loads(body)["line"] == 2 and "line 2" in json.loads(body)["error"]
    status, _, body = served.request("POST", "/api/policy/check", body=text.replace("trumpz", "trumps").encode())
    assert status == 200 and json.loads(body)["name"] == "mine"


def test_a_full_queue_answers_503_with_retry_after_and_jobs_cancel(serve_cache):
    small = Workbench(workers=1, waiting=1, short_waiting=0)
    try:
        long = {"a": "optimised", "b": "book", "deals": "200000"}
        first = json.loads(small.request("POST", "/api/compare", long)[2])["id"]
        second = json.loads(small.request("POST", "/api/compare", long)[2])["id"]
        status, headers, body = small.request("POST", "/api/compare", long)
        assert status == 503 and int(headers["Retry-After"]) > 0 and "busy" in json.loads(body)["error"]
        status, headers, _ = small.get("/api/advise", **SPOT)        # no room for short work either
        assert status == 503 and int(headers["Retry-After"]) > 0
        assert json.loads(small.get(f"/api/jobs/{second}")[2])["state"] == "waiting"
        for job_id in (second, first):
            status, _, body = small.request("POST", f"/api/jobs/{job_id}/cancel")
            assert status == 200 and json.loads(body)["state"] == "cancelled"
        assert json.loads(small.get(f"/api/jobs/{first}")[2])["state"] == "cancelled"
        deadline = time.time() + 10
        while (answer := small.get("/api/advise", **SPOT))[0] == 503 and time.time() < deadline:
            time.sleep(0.1)             # room again once the cancelled job's process has ended
        assert answer[0] == 200 and json.loads(answer[2])["worlds"] == 600
    finally:
        small.stop()


def waiting_before(served, job_id: str, count: int) -> None:
    """Waits until ``count`` jobs wait before ``job_id`` in the queue."""
    deadline = time.time() + 20
    while json.loads(served.get(f"/api/jobs/{job_id}")[2])["waiting_before"] != count:
        assert time.time() < deadline, f"never {count} jobs before {job_id}"
        time.sleep(0.05)


def test_a_short_request_waits_its_turn_ahead_of_long_jobs_for_a_bounded_time(serve_cache):
    small = Workbench(workers=1, waiting=1, short_waiting=1, short_wait=2.0)
    try:
        long = {"a": "optimised", "b": "book", "deals": "200000"}
        first = json.loads(small.request("POST", "/api/compare", long)[2])["id"]
        second = json.loads(small.request("POST", "/api/compare", long)[2])["id"]
        assert small.request("POST", "/api/compare", long)[0] == 503       # the long jobs' bound
        with ThreadPoolExecutor(2) as pool:
            waited = pool.submit(timed, small, "/api/advise", SPOT)
            waiting_before(small, second, 1)                                # it waits ahead of the comparison
            status, headers, _ = small.get("/api/advise", **SPOT)           # the short jobs' bound
            assert status == 503 and int(headers["Retry-After"]) > 0
            (status, headers, body), seconds = waited.result()
        assert status == 503 and int(headers["Retry-After"]) > 0 and seconds >= 2.0
        assert json.loads(body)["error"].startswith("the workbench is busy: every worker has been running for 2 s")
        waiting_before(small, second, 0)                                    # withdrawn from the queue
        with ThreadPoolExecutor(1) as pool:
            answered = pool.submit(timed, small, "/api/advise", SPOT)
            waiting_before(small, second, 1)
            small.request("POST", f"/api/jobs/{first}/cancel")              # a worker free: the advice runs first
            (status, _, body), _ = answered.result()
        assert status == 200 and json.loads(body)["worlds"] == 600
        assert json.loads(small.request("POST", f"/api/jobs/{second}/cancel")[2])["state"] == "cancelled"
    finally:
        small.stop()


def timed(served, path: str, params: dict):
    """(status, headers, body) of a GET, and the seconds it took."""
    start = time.perf_counter()
    answer = served.get(path, **params)
    return answer, time.perf_counter() - start


LOAD_HANDS = [("C", "JH QH AH KD 9C", "TH"), ("B", "JS 9C AS KS QH", "9S"), ("D", "JH AH 9H AS KC", "TH"),
              ("A", "TC JC QD KD AS", "9C")]


@pytest.mark.slow
def test_under_load_every_advice_is_answered_and_the_latency_reported(serve_cache, capsys, record_property):
    """200 advice requests of small worlds, 20 at a time, on the default queue's two workers: none
    fails, however long each waits for a worker; the latencies are reported."""
    from analysis.errors import cores

    bench = Workbench(workers=2)
    try:
        requests = [{"seat": seat, "hand": hand, "turn_up": up, "score": f"{k % 5}-{k // 5 % 5}", "worlds": "200",
                     "seed": str(k), "play": "dd"} for k, (seat, hand, up) in enumerate(LOAD_HANDS * 50)]
        start = time.perf_counter()
        with ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(lambda params: timed(bench, "/api/advise", params), requests))
        took = time.perf_counter() - start
        failed = [(status, body) for (status, _, body), _ in answers if status != 200]
        assert not failed, f"{len(failed)} of {len(requests)} failed, e.g. {failed[0]}"
        for ((_, _, body), _), params in zip(answers, requests):
            answer = json.loads(body)
            assert answer["worlds"] == 200 and answer["seat"] == params["seat"] and answer["actions"]
        latencies = sorted(seconds for _, seconds in answers)
        p50, p95 = latencies[len(latencies) // 2], latencies[int(0.95 * len(latencies)) - 1]
        line = (f"load: {len(requests)} /api/advise requests (worlds 200), 20 at a time, 2 workers on {cores()} "
                f"cores: {len(failed)} failed, latency p50 {p50:.2f} s, p95 {p95:.2f} s, max {latencies[-1]:.2f} s; "
                f"{took:.1f} s in all, {len(requests) / took:.1f} requests/s")
        record_property("load", line)
        with capsys.disabled():      # in make test's log, whatever the output capture
            print("\n" + line)
    finally:
        bench.stop()


def test_a_flood_beyond_the_short_bound_is_refused_in_part_and_the_server_stays(serve_cache):
    small = Workbench(workers=1, short_waiting=4)
    try:
        with ThreadPoolExecutor(40) as pool:
            flood = list(pool.map(lambda k: small.get("/api/advise", **{**SPOT, "worlds": "200", "seed": str(k)}),
                                  range(40)))
        statuses = [status for status, _, _ in flood]
        assert set(statuses) <= {200, 503} and statuses.count(200) >= 1 + 4     # the running one and the waiting
        refused = [(headers, body) for status, headers, body in flood if status == 503]
        assert refused and all(int(headers["Retry-After"]) > 0 and json.loads(body)["error"].startswith(
            "the workbench is busy: every worker is running and the queue is full") for headers, body in refused)
        assert small.get("/api/advise", **SPOT)[0] == 200
    finally:
        small.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_on(port: int) -> set[str]:
    """The local addresses with a socket listening on ``port`` (Linux's /proc/net/tcp)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads the listening sockets from Linux's /proc")
@pytest.mark.slow
def test_the_server_listens_on_the_loopback_unless_told_and_warns(serve_cache):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for host, warned in (("127.0.0.1", False), ("0.0.0.0", True)):
        port = free_port()
        argv = [sys.executable, "-m", "analysis.commands.cli", "serve", "--port", str(port)]
        server = subprocess.Popen(argv + ([] if host == "127.0.0.1" else ["--host", host]), cwd=ROOT, env=env,
                                  stderr=subprocess.PIPE, text=True)
        try:
            said = ""
            while "the workbench at" not in said:
                said += server.stderr.readline()
            assert ("warning: listening on 0.0.0.0" in said) == warned
            deadline = time.time() + 20
            while not listening_on(port) and time.time() < deadline:
                time.sleep(0.05)
            assert listening_on(port) == {host}
        finally:
            server.terminate()
            server.wait(timeout=20)


@pytest.mark.slow
def test_every_claim_has_its_page(served):
    claims = json.loads(served.get("/api/claims")[2])
    for c in claims:
        status, _, page = served.get(f"/book/{c['id']}")
        assert status == 200 and f"<h1>{c['id']} " in page
        assert "simultaneous interval" in page and "Bonferroni" in page     # the intervals' rule, said
    assert served.get("/book/Z9")[0] == 404
    status, _, page = served.get("/book", status="split")
    assert status == 200 and page.count("<tr data-part=") == sum(c["status"] == "split" for c in claims)
    assert "estimate, simultaneous interval" in page and "Bonferroni" in page


def drawn(served, **params) -> tuple[str, str]:
    """The charts page of ``params`` once its job has drawn them: (the page, the job's id)."""
    deadline = time.time() + 120
    while time.time() < deadline:
        status, _, page = served.get("/charts", **params)
        assert status == 200, page
        job_id = re.search(r'/api/jobs/([0-9a-f]+)/|data-id="([0-9a-f]+)"', page)
        if '<figure class="page"' in page:
            return page, job_id.group(1)
        assert 'id="job"' in page and "data-state=" in page      # waiting or running: its progress shown
        time.sleep(0.3)
    raise AssertionError(f"the charts of {params} were not drawn")


@pytest.mark.slow
def test_a_call_card_is_the_commands_own_picture(served, capsys, tmp_path):
    page, job_id = drawn(served, kind="card", policy="optimised", deals="300", seed="7", seat="C")
    code, _, _ = cli(["card", "optimised", "--deals", "300", "--seed", "7", "--out", str(tmp_path)], capsys)
    assert code == 0
    with urlopen(f"{served.url}/api/jobs/{job_id}/call_card_C.png") as answer:
        assert answer.headers["Content-Type"] == "image/png"
        assert answer.read() == (tmp_path / "call_card_C.png").read_bytes()
    headline = unescape(re.search(r'<p class="spot">([^<]*)</p>', page).group(1))
    assert headline.startswith("Call cards of optimised beside the book") and headline in (
        (tmp_path / "report.md").read_text())
    # another seat's card is the same job's: its address draws nothing again
    again, other = drawn(served, kind="card", policy="optimised", deals="300", seed="7", seat="A")
    assert other == job_id and f"/api/jobs/{job_id}/call_card_A.png" in again
    assert served.get("/api/jobs/" + job_id + "/report.md")[0] == 404     # only the pictures, the PDF and the CSV


@pytest.mark.slow
def test_a_strategy_chart_of_a_policys_text_is_the_commands(served, capsys, tmp_path):
    text = (ROOT / "analysis" / "data" / "policies" / "cautious.toml").read_text()
    page, job_id = drawn(served, kind="chart", policy_toml=text, seat="B", deals="200", cap="5", seed="3")
    (tmp_path / "mine.toml").write_text(text)
    code, out, _ = cli(["chart", str(tmp_path / "mine.toml"), "--seat", "B", "--deals", "200", "--cap", "5",
                        "--seed", "3", "--out", str(tmp_path / "out")], capsys)
    assert code == 0
    assert re.search(r'<p class="spot">([^<]*)</p>', page).group(1) == out.splitlines()[-1]
    for name in ("chart_B_round1.png", "chart_B_round2.png", "chart.csv"):
        with urlopen(f"{served.url}/api/jobs/{job_id}/{name}") as answer:
            assert answer.read() == (tmp_path / "out" / name).read_bytes(), name


@pytest.mark.parametrize("params, argv, field", [
    ({"kind": "chart", "policy": "book", "seat": "E"}, ["chart", "book", "--seat", "E"], "seat"),
    ({"kind": "chart", "policy": "book", "deals": "0"}, ["chart", "book", "--deals", "0"], "deals"),
    ({"kind": "chart", "policy": "book", "score": "5-1"}, ["chart", "book", "--score", "5-1"], "score"),
    ({"kind": "card", "policy": "optimised", "deals": "many"}, ["card", "optimised", "--deals", "many"], "deals"),
    ({"kind": "card", "policy": "book"}, ["card", "book"], "against"),     # the card beside itself
    ({"kind": "card", "policy": "modern", "deals": "10"}, ["card", "modern", "--deals", "10"], "game"),
])
def test_a_bad_chart_is_refused_before_any_work_with_the_command_lines_message(served, capsys, tmp_path, params,
                                                                                argv, field):
    status, _, page = served.get("/charts", **params)
    assert status == 400 and 'id="job"' not in page
    shown = re.search(r'<span class="error" id="(\w+)-error">([^<]*)</span>', page)
    assert unescape(shown.group(2)) == in_form_words(cli_error([*argv, "--out", str(tmp_path)], capsys))
    assert shown.group(1) == field and "--" not in shown.group(2)


def test_a_chart_names_no_file(served):
    for params in ({"kind": "chart", "policy": str(ROOT / "analysis/data/policies/cautious.toml")},
                   {"kind": "card", "policy": "os:getcwd"}, {"kind": "card", "policy": "book", "out": "/tmp"}):
        status, _, page = served.get("/charts", **params)
        assert status == 400 and 'id="job"' not in page
    status, _, page = served.get("/charts", kind="card", policy_toml='name = "x"\n[first_round]\nB = ["thre trumps"]\n')
    assert status == 400 and re.search(r'id="policy_toml-error">line 3: your policy', page)


POSITION = {"trump": "C", "A": "9C JC AH KH 8S", "B": "AC QH 8H JD TS", "C": "7D 8D TD QS TH", "D": "KC TC AS 9S 9H",
            "leader": "B", "played": "JD 7D TC", "worlds": "40", "seed": "2"}


def test_a_position_shows_each_card_double_dummy_and_at_the_table_as_solve_gives_them(served, capsys, tmp_path):
    status, _, page = served.get("/position", **POSITION)
    assert status == 200
    hands = {s: POSITION[s] for s in "ABCD"}
    common = {"trump": "C", "hands": hands, "leader": "B", "played": ["JD", "7D", "TC"]}
    (tmp_path / "p.jsonl").write_text(json.dumps({**common, "analyse": True}) + "\n"
                                      + json.dumps({**common, "view": "table", "worlds": 40, "seed": 2}) + "\n")
    code, out, _ = cli(["solve", str(tmp_path / "p.jsonl")], capsys)
    dd, table = (json.loads(line) for line in out.splitlines())
    assert dd["to_move"] == table["to_move"] == "A" and table["worlds"] == 40
    rows = re.findall(r'<th scope=row class="cardname">(\w\w)(?:\s*<span[^>]*>[^<]*</span>)*</th>'
                      r'<td class=num>([\d.]+)</td><td class=num>([\d.]+) <span class="muted">\[([\d.]+), ([\d.]+)\]'
                      r'</span></td><td class=num>(.*?)</td>', page)
    assert [row[0] for row in rows] == list(dd["moves"])
    for card, shown_dd, shown_table, low, high, vs in rows:      # A's side is A+C: its tricks as solve gives them
        assert int(shown_dd) == dd["moves"][card] and float(shown_table) == pytest.approx(table["moves"][card], abs=0.005)
        assert [float(low), float(high)] == pytest.approx(table["ci"][card], abs=0.005)
        if card == table["best"]:
            assert vs == "<i>the highest mean</i>" and 'highest at the table' in page
        else:
            assert vs.startswith(f'{table["vs_best"][card][0]:+.2f} ')
    best = max(dd["moves"].values())
    assert re.findall(r'class="cardname">(\w\w) <span class="mark best">', page) == [
        c for c, v in dd["moves"].items() if v == best]
    table_of = lambda html: re.search(r'<table class="advice position">.*?</table>', html, re.S).group(0)  # noqa: E731
    assert table_of(served.get("/position", **POSITION)[2]) == table_of(page)    # the same address, the same numbers


@pytest.mark.parametrize("change, field", [({"A": "9C JC AH KH"}, "A"), ({"D": "KC TC AS 9S 9C"}, "D"),
                                           ({"trump": "X"}, "trump"), ({"worlds": "0"}, "worlds"),
                                           ({"leader": "Q"}, "leader"), ({"played": "JD 7D TC 8S 9C"}, "played")])
def test_a_bad_position_shows_solves_message_beside_its_field(served, capsys, tmp_path, change, field):
    params = {**POSITION, **change}
    status, _, page = served.get("/position", **params)
    assert status == 400
    shown = re.search(r'<span class="error" id="(\w+)-error">([^<]*)</span>', page)
    hands = {s: params[s] for s in "ABCD"}
    line = {"trump": params["trump"], "hands": hands, "leader": params["leader"], "played": params["played"].split(),
            "view": "table", "worlds": int(params["worlds"]), "seed": 2}
    (tmp_path / "p.jsonl").write_text(json.dumps(line) + "\n")
    message = cli_error(["solve", str(tmp_path / "p.jsonl")], capsys)
    assert (shown.group(1), unescape(shown.group(2))) == (field, message.removeprefix("line 1: "))


def test_a_claims_page_draws_its_replications_from_the_ledger(served):
    claims = {c["id"]: c for c in json.loads(served.get("/api/claims")[2])}
    page = served.get("/book/E4")[2]
    figure = re.search(r'<figure class="claim"><svg class="claim-figure".*?</svg>', page, re.S).group(0)
    labels = [unescape(x) for x in re.findall(r'<text class="label"[^>]*>([^<]*)</text>', figure)]
    anchor = claims["E4"]["primary"]["anchor"]       # the n = 18,379 cell: supported, in the figure too
    assert anchor["n"] == 18_379 and any(label.startswith(f"the claim's number: {anchor['verdict']} ")
                                         and "n = 18,379" in label for label in labels)
    assert claims["L4"]["primary"]["anchor"]["source"] == "primary_lone_care/L4"
    assert '<a href="/reports/primary_lone_care/report.html">' in served.get("/book/L4")[2]     # the study behind it


def test_work_beyond_the_workbenchs_limits_is_refused_naming_its_field(served):
    """The workbench's limits (analysis.limits) are lower than the command line's and refused
    before any work, the answer naming the form's field and both limits."""
    status, _, body = served.get("/api/advise", **{**SPOT, "worlds": "1000000000"})
    error = json.loads(body)
    assert status == 400 and error["field"] == "worlds"
    assert "over the workbench's limit of 400,000 worlds" in error["error"] and "allows 4,000,000" in error["error"]
    status, _, page = served.get("/hand", **{**SPOT, "worlds": "500000"})
    assert status == 400 and "over the workbench's limit of 400,000" in unescape(page)
    status, _, body = served.request("POST", "/api/compare", {"a": "book", "b": "optimised", "deals": "300000"})
    assert status == 400 and json.loads(body)["field"] == "deals"
    status, _, page = served.get("/charts", kind="chart", policy="book", seat="B", deals="300000")
    assert status == 400 and "limit of 200,000 deals" in unescape(page)
    line = json.dumps({"hands": {"A": "AS", "B": "KS", "C": "QS", "D": "JS"}, "trump": "H", "view": "table",
                       "worlds": 20000})
    status, _, body = served.get("/api/solve", position=line)
    assert status == 400 and "limit of 10,000 worlds" in json.loads(body)["error"]


def test_a_job_past_its_time_limit_is_stopped_and_a_browser_that_leaves_costs_one_line(serve_cache, capfd):
    small = Workbench(workers=1, time_limit=1.0)
    try:
        status, _, body = small.request("POST", "/api/compare", {"a": "optimised", "b": "book", "deals": "200000"})
        job = wait_for(small, json.loads(body)["id"], seconds=30)
        assert job["state"] == "failed" and job["error"].startswith("stopped after 1 s, the workbench's limit")
        with socket.create_connection(("127.0.0.1", int(small.url.rsplit(":", 1)[1]))) as browser:
            query = "&".join(f"{k}={v.replace(' ', '+')}" for k, v in {**SPOT, "worlds": "400000"}.items())
            browser.sendall(f"GET /api/advise?{query} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            time.sleep(0.5)            # the job runs; the browser goes away
        deadline = time.time() + 10
        log = ""
        while "the browser left" not in log and time.time() < deadline:
            time.sleep(0.2)
            log += capfd.readouterr().err
    finally:
        small.stop()
    log += capfd.readouterr().err
    assert "stopped at its time limit, 1 s" in log
    left = [line for line in log.splitlines() if "the browser left /api/advise" in line]
    assert len(left) == 1 and "was cancelled after" in left[0]
    assert "Traceback" not in log and "CancelledError" not in log


def test_a_claim_smaller_than_the_margin_says_so_on_the_book_pages(served):
    claims = json.loads(served.get("/api/claims")[2])
    small = [c["id"] for c in claims if c["primary"]["smaller_than_margin"]]
    assert small, "no claim of the ledger is smaller than its margin: the test needs one"
    page = served.get(f"/book/{small[0]}")[2]
    assert re.search(rf"<h1>{small[0]} .*smaller than the margin.*</h1>", page)
    row = re.search(rf'<tr data-part="[^"]*" data-status="[^"]*" data-claim="{small[0]}">.*?</tr>',
                    served.get("/book")[2], re.S).group(0)
    assert "smaller than the margin" in row
    other = next(c["id"] for c in claims if not c["primary"]["smaller_than_margin"])
    assert "smaller than the margin" not in served.get(f"/book/{other}")[2].split("</h1>")[0]

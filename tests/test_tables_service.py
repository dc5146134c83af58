"""The tables service (lessons/tables_service.py) over real HTTP: a tornado server on localhost holds the store,
learners ask it through RemoteTables (lessons/tables_remote.py) with their own token. Each learner gets their own
seat's view only, a foreign seat is refused, two clicks at one version give one move and one clear refusal, bad
input is refused with a message and changes nothing, and the teacher alone sees every hand."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tornado.httpserver

from hickory_widget.core.tables import TableError
from hickory_widget.lessons.tables import classroom_tables, refusal
from hickory_widget.lessons.tables_remote import RemoteTables
from hickory_widget.lessons.tables_service import TablesService, TokenAuthority

TOKENS = {"tok-ann": "ann", "tok-bob": "bob", "tok-teach": "mrs-t"}


class CountingAuthority(TokenAuthority):
    """The token authority, counting the requests it is asked about (each request asks once)."""

    asked = 0

    async def caller(self, token: str) -> Any:
        self.asked += 1
        return await super().caller(token)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A real service on a free localhost port, in a thread of its own, over the store ``tables.sqlite3``; a
    Clocktowers table of two with ann at P1 and bob at P2."""
    store = tmp_path / "tables.sqlite3"
    local = classroom_tables(store)
    table = local.open_table("clocktowers", 2, seed=11, by="mrs-t")
    local.join(table, "P1", "ann")
    local.join(table, "P2", "bob")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    ready, loop_box = threading.Event(), {}
    authority = CountingAuthority(TOKENS, {"mrs-t"})

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = TablesService(classroom_tables(store), authority, "/services/tables/")
        server = tornado.httpserver.HTTPServer(app.application())
        server.listen(port, "127.0.0.1")
        loop_box["loop"], loop_box["server"] = loop, server
        ready.set()
        loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    url = f"http://127.0.0.1:{port}/services/tables/"
    yield {"url": url, "table": table, "store": store, "local": local, "ann": RemoteTables(url, "tok-ann"),
           "bob": RemoteTables(url, "tok-bob"), "teacher": RemoteTables(url, "tok-teach"),
           "authority": authority}
    loop_box["loop"].call_soon_threadsafe(loop_box["server"].stop)
    loop_box["loop"].call_soon_threadsafe(loop_box["loop"].stop)
    thread.join(10)


def _refused(reason: str, call: Any, *args: Any) -> TableError:
    with pytest.raises(TableError) as caught:
        call(*args)
    assert caught.value.reason == reason, str(caught.value)
    return caught.value


def _raw(url: str, body: bytes, token: str = "tok-ann") -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=body, method="POST", headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_each_learner_gets_their_own_seat_view_and_it_is_the_stores_seat_view(service: dict[str, Any]) -> None:
    ann, local, table = service["ann"], service["local"], service["table"]
    mine = ann.view(table, "P1")
    assert mine == json.loads(json.dumps(local.view(table, "P1")))  # the seat view tables.py builds, nothing more
    assert mine["seat"] == "P1" and mine["save"] == local.game(table).to_json(seat="P1")
    assert "seed" not in json.dumps(ann.tables())


def test_a_learner_asking_for_another_seats_view_is_refused(service: dict[str, Any]) -> None:
    ann, table = service["ann"], service["table"]
    refused = _refused("forbidden", ann.view, table, "P2")
    assert refused.facts["status"] == 403 and "not yours" in str(refused)
    assert "only your own seat" in refusal(refused, "en")
    for call, args in ((ann.game, (table,)), (ann.log, (table,)), (ann.set_status, (table, "paused"))):
        assert _refused("forbidden", call, *args).facts["status"] == 403
    view = service["bob"].view(table, "P2")  # bob at P2: not yet his turn, so a move of his is refused by the table
    assert _refused("forbidden", ann.submit, table, "P2", "bob", "x", view["version"]).facts["status"] == 403
    assert service["local"].log(table) == []


def test_a_move_at_someone_elses_seat_or_in_someone_elses_name_is_refused_and_changes_nothing(
        service: dict[str, Any]) -> None:
    ann, bob, table, local = service["ann"], service["bob"], service["table"], service["local"]
    view = ann.view(table, "P1")
    choice = view["decision"]["choices"][0]["id"]
    _refused("forbidden", bob.submit, table, "P1", "bob", choice, view["version"])
    _refused("forbidden", bob.submit, table, "P1", "ann", choice, view["version"])
    _refused("forbidden", bob.join, table, "P1", "ann")
    assert local.log(table) == [] and local.seats(table)[0]["who"] == "ann"


def test_two_clicks_at_one_version_give_one_move_and_one_clear_refusal(service: dict[str, Any]) -> None:
    url, table, local = service["url"], service["table"], service["local"]
    devices = [RemoteTables(url, "tok-ann"), RemoteTables(url, "tok-ann")]  # ann's laptop and her tablet
    view = devices[0].view(table, "P1")
    choices = [c["id"] for c in view["decision"]["choices"]]
    start, outcomes = threading.Barrier(2), []

    def click(device: RemoteTables, choice: str) -> None:
        start.wait()
        try:
            outcomes.append(("accepted", device.submit(table, "P1", "ann", choice, view["version"]).version))
        except TableError as error:
            outcomes.append((error.reason, refusal(error, "en")))

    threads = [threading.Thread(target=click, args=(d, c)) for d, c in zip(devices, choices[:2], strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(o for o, _ in outcomes) == ["accepted", "stale"], outcomes
    assert "Someone played first" in next(text for o, text in outcomes if o == "stale")
    assert len(local.log(table)) == 1


def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(service: dict[str, Any]) -> None:
    url, table, local, ann = service["url"], service["table"], service["local"], service["ann"]
    before = (local.tables(), local.log(table), local.seats(table))
    submit = f"{url}api/tables/{table}/submit"
    cases = [
        (submit, b"{not json", "JSON object"),
        (submit, b"[1, 2]", "JSON object"),
        (submit, json.dumps({"seat": "P1", "choice": "x", "version": "two"}).encode(), "version must be a whole"),
        (submit, json.dumps({"seat": "P1", "version": 0}).encode(), "choice must be a text"),
        (f"{url}api/tables/x/join", json.dumps({"seat": "P1"}).encode(), "table must be a whole number"),
        (f"{url}api/read", json.dumps({"sql": "SELECT choice FROM moves"}).encode(), "stamp reads"),
        (f"{url}api/read", json.dumps({"sql": "SELECT count(*), max(changed) FROM tables", "wait": 99}).encode(),
         "wait must be"),
    ]
    for where, body, said in cases:
        status, answer = _raw(where, body)
        assert status == 400 and answer["reason"] == "bad_input" and said in answer["message"], (body, answer)
    _refused("illegal", ann.submit, table, "P1", "ann", "no-such-card", 0)
    assert _raw(submit, b"{}", token="stolen")[0] == 401
    stranger = _refused("unauthorized", RemoteTables(url, "stolen").view, table, "P1")
    assert stranger.facts["status"] == 401 and "Nichts hat sich geändert" in refusal(stranger, "de")
    assert _raw(submit, b"{}", token="")[0] == 401
    assert (local.tables(), local.log(table), local.seats(table)) == before


def test_both_learners_play_and_the_teacher_alone_sees_every_hand(service: dict[str, Any]) -> None:
    ann, bob, teacher, table, local = (service[k] for k in ("ann", "bob", "teacher", "table", "local"))
    for _ in range(2):
        for remote, seat, who in ((ann, "P1", "ann"), (bob, "P2", "bob")):
            while (view := remote.view(table, seat))["to_move"] == seat:
                remote.submit(table, seat, who, view["decision"]["choices"][0]["id"], view["version"])
    assert len(local.log(table)) >= 4
    assert teacher.game(table).to_json() == local.game(table).to_json()  # every hand: the referee's game
    assert teacher.log(table) == json.loads(json.dumps(local.log(table)))
    assert teacher.view(table, "P2") == json.loads(json.dumps(local.view(table, "P2")))
    assert ann.public(table)["to_move"] == bob.public(table)["to_move"] == local.game(table).decision.player
    teacher.set_status(table, "paused")
    assert _refused("paused", ann.submit, table, "P1", "ann", "x", local.tables()[0]["version"])


def test_a_long_poll_answers_when_the_table_moves(service: dict[str, Any]) -> None:
    ann, bob, table = service["ann"], service["bob"], service["table"]
    sql = "SELECT version, status, changed FROM tables WHERE id = ?"
    now = ann.store.read(sql, (table,))
    assert ann.store.wait(sql, (table,), now, 0.3) == now  # nothing moved: the same stamp after the wait
    answer: dict[str, Any] = {}
    waiting = threading.Thread(target=lambda: answer.update(rows=bob.store.wait(sql, (table,), now, 20)))
    waiting.start()
    view = ann.view(table, "P1")
    ann.submit(table, "P1", "ann", view["decision"]["choices"][0]["id"], view["version"])
    waiting.join(25)
    assert answer["rows"][0][0] == view["version"] + 1 or answer["rows"][0][0] > view["version"]


def test_a_url_in_hickory_tables_gives_the_service_client_and_a_path_the_store(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from hickory_widget.lessons.tables import ClassroomTables, tables_path

    monkeypatch.setenv("HICKORY_TABLES", "https://hub.example/services/hickory-tables/")
    assert tables_path(tmp_path / "p.sqlite3") == "https://hub.example/services/hickory-tables/"
    remote = classroom_tables(tables_path(tmp_path / "p.sqlite3"))
    assert isinstance(remote, RemoteTables) and remote.url == "https://hub.example/services/hickory-tables/api/"
    monkeypatch.setenv("HICKORY_TABLES", str(tmp_path / "t.sqlite3"))
    assert isinstance(classroom_tables(tables_path(tmp_path / "p.sqlite3")), ClassroomTables)


def test_the_readme_the_hub_recipe_and_the_package_name_one_service() -> None:
    root = Path(__file__).resolve().parent.parent
    readme, config = (root / "README.md").read_text(), (root / "scripts" / "jupyterhub_config.py").read_text()
    for text in (readme, config):
        assert '"hickory_widget.lessons.tables_service"' in text and '"name": "hickory-tables"' in text
    pyproject = (root / "pyproject.toml").read_text()
    assert 'hickory-tables-service = "hickory_widget.lessons.tables_service:main"' in pyproject


def test_what_the_service_sends_a_seat_is_the_same_whichever_card_another_seat_sealed(
        service: dict[str, Any]) -> None:
    """Hidden is hidden over the wire: two Mice tables that differ only in the card ann (P1) placed face down give
    bob (P2) the same bytes: his view, the public state, the seats, and the refusal of ann's seat."""
    local, ann, bob = service["local"], service["ann"], service["bob"]
    twins = [local.open_table("mice", 3, seed=5) for _ in range(2)]
    for table, card in zip(twins, ("play:elephant.1", "play:dog.3"), strict=True):
        local.join(table, "P1", "ann")
        local.join(table, "P2", "bob")
        ann.submit(table, "P1", "ann", card, 0)

    def received(table: int) -> str:
        view = {k: v for k, v in bob.view(table, "P2").items() if k != "table"}
        refused = _refused("forbidden", bob.view, table, "P1")
        said = (str(refused).replace(str(table), "N"), {k: v for k, v in refused.facts.items() if k != "table"})
        return json.dumps([view, bob.public(table), bob.seats(table), said], sort_keys=True)

    assert local.game(twins[0]).history != local.game(twins[1]).history, "the referee knows the two cards"
    assert received(twins[0]) == received(twins[1])
    assert {k: v for k, v in ann.view(twins[0], "P1").items() if k != "table"} != {
        k: v for k, v in ann.view(twins[1], "P1").items() if k != "table"}, "ann sees her own card"


def test_polls_faster_than_the_reuse_time_share_one_request_and_a_change_is_read_at_once(
        service: dict[str, Any]) -> None:
    ann, table, authority = service["ann"], service["table"], service["authority"]
    sql = "SELECT version, status, changed FROM tables WHERE id = ?"
    before = authority.asked
    stamps = {tuple(ann.store.read(sql, (table,))) for _ in range(20)}  # a burst of queued polls
    assert len(stamps) == 1 and authority.asked - before <= 2
    view = ann.view(table, "P1")
    ann.submit(table, "P1", "ann", view["decision"]["choices"][0]["id"], view["version"])
    assert ann.store.read(sql, (table,))[0][0] == view["version"] + 1  # after a move of its own it asks again


def test_a_fault_of_the_service_reaches_the_learner_as_a_sentence_and_changes_nothing(
        service: dict[str, Any]) -> None:
    """A damaged store (its seats renamed behind the service's back): the service logs the fault and answers 500
    in its JSON; the learner reads, in their language, that the tables had a problem, not "other" or HTML."""
    import sqlite3

    with sqlite3.connect(service["store"]) as db:
        db.execute("ALTER TABLE seats RENAME TO seats_away")
    error = _refused("service_error", service["ann"].seats, service["table"])
    assert error.facts["status"] == 500 and "failed on this request" in str(error)
    assert "HTTP 500" in refusal(error, "de") and "Lehrkraft" in refusal(error, "de")
    with sqlite3.connect(service["store"]) as db:
        db.execute("ALTER TABLE seats_away RENAME TO seats")
    assert [s["who"] for s in service["ann"].seats(service["table"])] == ["ann", "bob"]


@pytest.mark.parametrize(("status", "reason"), [(503, "unreachable"), (502, "unreachable"), (500, "service_error"),
                                                (403, "forbidden"), (401, "unauthorized"), (404, "other")])
def test_an_answer_that_is_not_the_services_is_refused_by_its_status(status: int, reason: str) -> None:
    """What a hub's proxy or the hub itself answers in the service's place (an HTML page: the service is down, the
    token is not taken) is read by its HTTP status, so the learner is told to wait or to log in again."""
    import http.server

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><body>Service Unavailable</body></html>")

        def log_message(self, *args: Any) -> None:
            return

    server = http.server.HTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        remote = RemoteTables(f"http://127.0.0.1:{server.server_address[1]}/services/tables/", "tok-ann")
        error = _refused(reason, remote.tables)
        assert error.facts["status"] == status
        assert refusal(error, "it") != refusal(TableError("other", "x"), "it")
    finally:
        server.shutdown()
        thread.join(10)

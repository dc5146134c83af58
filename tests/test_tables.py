"""Game tables across devices (core/tables.py over the classroom's store, lessons/tables.py): real SQLite files,
real processes where two kernels meet. Two clicks at one version give one move and one clear refusal; a kernel
killed with SIGKILL loses no accepted move; a seat's view of a Mice! table does not depend on another seat's
sealed card; illegal and stale moves change nothing; bots play their seats; undo is asked and answered."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hickory_widget.core.tables import TableError, Tables
from hickory_widget.lessons.store import Store
from hickory_widget.lessons.tables import classroom_tables


def _table(path: Path, game: str = "clocktowers", players: int = 2, seed: int = 11) -> tuple[Tables, int]:
    tables = classroom_tables(path)
    return tables, tables.open_table(game, players, seed=seed)


def _moves(tables: Tables, table: int) -> list[tuple[str, str]]:
    return [(r["seat"], r["choice"]) for r in tables.log(table) if r["kind"] == "move"]


def _turn(tables: Tables, table: int, seat: str, who: str) -> None:
    """``seat`` plays the first option offered until the table waits for another seat (a Clocktowers turn is a
    play and a draw)."""
    while (view := tables.view(table, seat))["to_move"] == seat:
        tables.submit(table, seat, who, view["decision"]["choices"][0]["id"], view["version"])


def _refused(reason: str, call: Any, *args: Any) -> TableError:
    with pytest.raises(TableError) as caught:
        call(*args)
    assert caught.value.reason == reason, str(caught.value)
    return caught.value


# ------------------------------------------------------------------------------------------------ the store
def test_the_store_gains_tables_seats_and_an_append_only_moves_log(tmp_path: Path) -> None:
    tables, table = _table(tmp_path / "c.sqlite3")
    tables.join(table, "P1", "ada")
    view = tables.view(table, "P1")
    tables.submit(table, "P1", "ada", view["decision"]["choices"][0]["id"], 0)
    db = sqlite3.connect(tmp_path / "c.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone()[0] >= 2  # step 2 of store.MIGRATIONS: the tables
    for sql in ("UPDATE moves SET choice = 'x'", "DELETE FROM moves",
                "INSERT INTO moves VALUES (1, 5, 'P1', 'move', 'x', 'ada', 0)"):
        with pytest.raises(sqlite3.IntegrityError):
            db.execute(sql)
    assert db.execute("SELECT version FROM tables").fetchone()[0] == 1 == len(tables.log(table))


def test_a_version_1_store_is_migrated_and_keeps_its_records(tmp_path: Path) -> None:
    from hickory_widget.lessons import store

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    store._schema_1(db)
    db.execute("INSERT INTO records (learner, exercise, stars) VALUES ('ada', 'goal/x', 2)")
    db.execute("PRAGMA user_version = 1")
    db.close()
    tables = classroom_tables(Store(path))
    assert tables.tables() == []
    assert Store(path).records("ada")["goal/x"]["stars"] == 2


# ------------------------------------------------------------------------------------------------ two devices
def _racer(path: str, table: int, index: int, rounds: int, barrier: Any, out: Any) -> None:
    tables = classroom_tables(path)
    for _ in range(rounds):
        view = tables.view(table, "P1")
        barrier.wait()  # both devices have drawn the same version
        ids = [c["id"] for c in view["decision"]["choices"]]
        choice = ids[0] if index == 0 else ids[-1]
        try:
            tables.submit(table, "P1", "ada", choice, view["version"])
            out.put((view["version"], "accepted", choice))
        except TableError as exc:
            out.put((view["version"], exc.reason, choice))
        barrier.wait()


def test_two_devices_clicking_at_one_version_give_one_move_and_one_clear_refusal(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    tables, table = _table(path, "mice", 3)
    tables.join(table, "P1", "ada")
    tables.give_bot(table, "P2", "random")
    tables.give_bot(table, "P3", "random")
    rounds = 6
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(str(path), table, i, rounds, barrier, out)) for i in (0, 1)]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in range(2 * rounds)]
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    by_version: dict[int, list[tuple[str, str]]] = {}
    for version, outcome, choice in results:
        by_version.setdefault(version, []).append((outcome, choice))
    assert len(by_version) == rounds
    assert all(sorted(o for o, _ in pair) == ["accepted", "stale"] for pair in by_version.values()), by_version
    won = [next(c for o, c in by_version[v] if o == "accepted") for v in sorted(by_version)]
    assert [c for s, c in _moves(tables, table) if s == "P1"] == won, "every accepted click is in the log, in order"


KILLED_KERNEL = """
import sys
from hickory_widget.lessons.tables import classroom_tables
tables = classroom_tables(sys.argv[1])
table = int(sys.argv[2])
while True:
    view = tables.view(table, "P1")
    if view["over"]:
        break
    choice = view["decision"]["choices"][-1]["id"]
    accepted = tables.submit(table, "P1", "ada", choice, view["version"])
    print(accepted.version, choice, flush=True)
"""


def test_a_kernel_killed_mid_game_loses_no_accepted_move(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    tables, table = _table(path, "clocktowers", 2)
    tables.join(table, "P1", "ada")
    tables.give_bot(table, "P2", "greedy")
    kernel = subprocess.Popen([sys.executable, "-c", KILLED_KERNEL, str(path), str(table)], stdout=subprocess.PIPE,
                              text=True, env={**os.environ})
    said = [kernel.stdout.readline().split() for _ in range(12)]  # type: ignore[union-attr]
    kernel.send_signal(signal.SIGKILL)  # while it goes on playing
    kernel.wait(30)
    assert kernel.returncode == -signal.SIGKILL
    restarted = classroom_tables(path)  # a new kernel of the app
    log = restarted.log(table)
    assert log[-1]["version"] >= int(said[-1][0])
    by_version = {r["version"]: r for r in log}
    for version, choice in said:
        assert any(r["choice"] == choice and r["seat"] == "P1" for v, r in by_version.items() if v <= int(version))
    game = restarted.game(table)
    assert game.history == [c for _, c in _moves(restarted, table)], "the game is the log, replayed"
    view = restarted.view(table, "P1")
    assert view["version"] == log[-1]["version"]
    restarted.submit(table, "P1", "ada", view["decision"]["choices"][0]["id"], view["version"])  # play goes on


# ------------------------------------------------------------------------------------------------ hidden is hidden
def test_a_seats_view_of_mice_never_holds_another_seats_sealed_card(tmp_path: Path) -> None:
    tables = classroom_tables(tmp_path / "c.sqlite3")
    twins = [tables.open_table("mice", 3, seed=5) for _ in range(2)]
    for table, card in zip(twins, ("play:elephant.1", "play:dog.3"), strict=True):
        tables.join(table, "P1", "ada")
        tables.join(table, "P2", "bob")
        tables.submit(table, "P1", "ada", card, 0)

    def seen(table: int, seat: str) -> str:
        return json.dumps({k: v for k, v in tables.view(table, seat).items() if k != "table"}, sort_keys=True)

    assert tables.game(twins[0]).history != tables.game(twins[1]).history, "the referee knows the two cards"
    assert seen(twins[0], "P2") == seen(twins[1], "P2"), "P2 is given the same bytes whichever card P1 sealed"
    assert seen(twins[0], "P3") == seen(twins[1], "P3")
    assert seen(twins[0], "P1") != seen(twins[1], "P1"), "P1 sees its own card"
    for table in twins:  # the others commit: the cards are revealed to everyone
        tables.submit(table, "P2", "bob", "play:cat.1", 1)
        tables.give_bot(table, "P3", "greedy")
    assert "play:dog.3" in tables.view(twins[1], "P2")["history"]


# ------------------------------------------------------------------------------------------------ refusals
def test_illegal_stale_and_out_of_turn_moves_are_refused_clearly_and_change_nothing(tmp_path: Path) -> None:
    tables, table = _table(tmp_path / "c.sqlite3")
    tables.join(table, "P1", "ada")
    tables.join(table, "P2", "bob")
    _turn(tables, table, "P1", "ada")
    before = (tables.log(table), tables.game(table).history)
    first = tables.game(table).choice_ids[0]
    illegal = _refused("illegal", tables.submit, table, "P2", "bob", "play:nothing", 2)
    assert "play:nothing" in str(illegal) and illegal.facts["options"] == tables.game(table).choice_ids
    stale = _refused("stale", tables.submit, table, "P2", "bob", first, 1)
    assert "moved on" in str(stale) and "nothing was played" in str(stale) and stale.facts["version"] == 2
    _refused("not_your_turn", tables.submit, table, "P1", "ada", first, 2)
    _refused("not_seated", tables.submit, table, "P2", "ada", first, 2)
    _refused("no_table", tables.submit, 99, "P2", "bob", first, 2)
    _refused("bad_version", tables.submit, table, "P2", "bob", first, "2")
    _refused("seat_taken", tables.join, table, "P2", "cleo")
    spare = tables.open_table("clocktowers", 3, seed=1)
    tables.join(spare, "P1", "bob")
    _refused("already_seated", tables.join, spare, "P2", "bob")
    _refused("bad_setup", tables.open_table, "clocktowers", 9)
    _refused("unknown_game", tables.open_table, "chess", 2)
    _refused("no_bot", tables.give_bot, table, "P2", "mcts")
    tables.set_status(table, "paused")
    _refused("paused", tables.submit, table, "P2", "bob", first, 2)
    tables.set_status(table, "closed")
    _refused("closed", tables.set_status, table, "open")
    _refused("closed", tables.join, table, "P1", "dan")
    assert (tables.log(table), tables.game(table).history) == before


def test_a_closed_laptop_rejoins_its_seat_and_sees_the_table_as_it_is_now(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    tables, table = _table(path)
    tables.join(table, "P1", "ada")
    tables.give_bot(table, "P2", "random")
    _turn(tables, table, "P1", "ada")
    later = classroom_tables(Store(path))  # another kernel, nothing kept
    later.join(table, "P1", "ada")
    assert later.view(table, "P1") == tables.view(table, "P1")


# ------------------------------------------------------------------------------------------------ bots
@pytest.mark.parametrize(("game", "players", "levels"), [
    ("clocktowers", 2, ("eager", "greedy")), ("mice", 3, ("random", "greedy", "eager")),
    ("hickory", 2, ("greedy", "random"))])
def test_bots_play_their_seats_to_the_end(tmp_path: Path, game: str, players: int, levels: tuple[str, ...]) -> None:
    tables, table = _table(tmp_path / "c.sqlite3", game, players, seed=3)
    seats = [s["seat"] for s in tables.seats(table)]
    made = [tables.give_bot(table, seat, level) for seat, level in zip(seats, levels, strict=True)]
    assert made[-1].bot_moves and tables.game(table).over
    assert {r["by"] for r in tables.log(table)} == {f"bot:{level}" for level in set(levels)}


def test_a_bot_answers_a_learners_move_at_once(tmp_path: Path) -> None:
    tables, table = _table(tmp_path / "c.sqlite3", "mice", 3)
    tables.join(table, "P1", "ada")
    tables.give_bot(table, "P2", "greedy")
    tables.give_bot(table, "P3", "random")
    accepted = tables.submit(table, "P1", "ada", "play:mouse.2", 0)
    assert [seat for seat, _ in accepted.bot_moves] == ["P2", "P3"] and accepted.version == 3
    assert tables.view(table, "P1")["to_move"] == "P1"


def test_mcts_takes_a_hickory_seat(tmp_path: Path) -> None:
    tables, table = _table(tmp_path / "c.sqlite3", "hickory", 2)
    tables.join(table, "blue", "ada")
    tables.give_bot(table, "yellow", "mcts")
    while tables.view(table, "blue")["to_move"] == "blue":
        view = tables.view(table, "blue")
        tables.submit(table, "blue", "ada", view["decision"]["choices"][0]["id"], view["version"])
    assert any(r["by"] == "bot:mcts" for r in tables.log(table))


# ------------------------------------------------------------------------------------------------ undo
def _two_moves(path: Path) -> tuple[Tables, int]:
    tables, table = _table(path)
    tables.join(table, "P1", "ada")
    tables.join(table, "P2", "bob")
    _turn(tables, table, "P1", "ada")  # a play and a draw each
    _turn(tables, table, "P2", "bob")
    return tables, table


def test_undo_is_a_request_the_other_seat_accepts(tmp_path: Path) -> None:
    tables, table = _two_moves(tmp_path / "c.sqlite3")
    tables.request_undo(table, "P1", "ada")
    assert tables.view(table, "P2")["undo"] == {"asked_by": "P1", "back_to": 1, "accepted": []}
    assert len(tables.game(table).history) == 4, "nothing is taken back before the others agree"
    _refused("answered", tables.answer_undo, table, "P1", "ada", True)
    tables.answer_undo(table, "P2", "bob", True)
    assert len(tables.game(table).history) == 1, "P1's last choice (its draw) and P2's turn after it are taken back"
    assert tables.view(table, "P1")["decision"]["kind"] == "draw"
    assert [r["kind"] for r in tables.log(table)] == ["move"] * 4 + ["undo_request", "undo"], "the log keeps all"


def test_undo_declined_changes_nothing_and_the_teacher_may_accept(tmp_path: Path) -> None:
    tables, table = _two_moves(tmp_path / "c.sqlite3")
    tables.request_undo(table, "P2", "bob")
    tables.answer_undo(table, "P1", "ada", False)
    assert len(tables.game(table).history) == 4 and tables.view(table, "P1")["undo"] is None
    _refused("no_request", tables.answer_undo, table, None, None, True)
    tables.request_undo(table, "P2", "bob")
    tables.answer_undo(table, None, None, True)  # the teacher
    assert len(tables.game(table).history) == 3 and tables.log(table)[-1]["by"] == "teacher"


def test_a_move_made_meanwhile_ends_an_undo_request(tmp_path: Path) -> None:
    tables, table = _two_moves(tmp_path / "c.sqlite3")
    tables.request_undo(table, "P2", "bob")
    view = tables.view(table, "P1")
    tables.submit(table, "P1", "ada", view["decision"]["choices"][0]["id"], view["version"])
    assert tables.view(table, "P1")["undo"] is None
    _refused("no_request", tables.answer_undo, table, "P1", "ada", True)


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_every_refusal_reads_in_the_learners_language_with_its_facts(tmp_path: Path, lang: str) -> None:
    from hickory_widget.lessons.tables import REFUSALS, refusal

    tables, table = _table(tmp_path / "c.sqlite3", "clocktowers", 3)
    tables.join(table, "P1", "ada")
    tables.join(table, "P2", "bob")
    seat_taken = _refused("seat_taken", tables.join, table, "P2", "cleo")
    assert refusal(seat_taken, lang).endswith("P3.")
    turn = _refused("not_your_turn", tables.submit, table, "P2", "bob", "draw:floors", 0)
    assert "P1" in refusal(turn, lang) and "{" not in refusal(turn, lang)
    levels = {"en": "random, eager, thoughtful, strong.", "it": "a caso, ingordo, riflessivo, forte.",
              "de": "zufällig, gierig, überlegt, stark."}[lang]  # by the names the seat menus give them
    assert refusal(_refused("no_bot", tables.give_bot, table, "P3", "mcts"), lang).endswith(levels)
    assert all(set(texts) == {"en", "it", "de"} for texts in REFUSALS.values())
    other = refusal(_refused("no_table", tables.view, 42, "P1"), lang)
    assert "there is no table 42" in other


class _FailingBot:
    """A bot with a bug: it answers an option the game never offers (the engine refuses it)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Any) -> str:
        return "play:no.such.card"


def test_a_failing_bot_does_not_cost_the_learners_accepted_move(tmp_path: Path) -> None:
    from hickory_widget.lessons.tables import game_kinds

    kinds = game_kinds()
    kinds["clocktowers"] = replace(kinds["clocktowers"], bots={**kinds["clocktowers"].bots, "buggy": _FailingBot})
    tables = Tables(Store(tmp_path / "c.sqlite3"), kinds)
    table = tables.open_table("clocktowers", 2, seed=11)
    tables.join(table, "P1", "ada")
    tables.give_bot(table, "P2", "buggy")
    view = tables.view(table, "P1")
    first = tables.submit(table, "P1", "ada", view["decision"]["choices"][0]["id"], 0)
    second = tables.submit(table, "P1", "ada", tables.view(table, "P1")["decision"]["choices"][0]["id"], 1)
    assert first.bot_error is None and second.version == 2 and "IllegalChoice" in (second.bot_error or "")
    assert len(classroom_tables(tmp_path / "c.sqlite3").game(table).history) == 2, "both learner moves are kept"
    assert tables.give_bot(table, "P2", "random").bot_moves, "another bot takes the seat and plays on"


# ------------------------------------------------------------------------------------------------ simultaneous
def test_mice_seats_place_their_cards_face_down_in_any_order(tmp_path: Path) -> None:
    tables, table = _table(tmp_path / "c.sqlite3", "mice", 3, seed=5)
    for seat, who in (("P1", "ada"), ("P2", "bob"), ("P3", "cleo")):
        tables.join(table, seat, who)
    view = tables.view(table, "P3")
    assert view["to_move"] == "P1" and view["decision"]["secret"], "P3 may choose before P1 and P2"
    tables.submit(table, "P3", "cleo", "play:cat.4", 0)
    assert tables.game(table).history == [], "an early card waits for its turn"
    assert tables.view(table, "P3")["decision"] is None and tables.view(table, "P1")["committed"] == ["P3"]
    _refused("committed", tables.submit, table, "P3", "cleo", "play:cat.3", 1)
    tables.submit(table, "P1", "ada", "play:dog.1", 1)
    _refused("illegal", tables.submit, table, "P2", "bob", "play:lion.1", 2)
    tables.submit(table, "P2", "bob", "play:mouse.2", 2)
    assert tables.game(table).history == ["play:dog.1", "play:mouse.2", "play:cat.4"], "played in seat order"
    restarted = classroom_tables(tmp_path / "c.sqlite3")
    assert restarted.game(table).history == tables.game(table).history, "rebuilt from the log the same way"


def test_an_early_sealed_card_is_not_in_the_other_seats_views(tmp_path: Path) -> None:
    tables = classroom_tables(tmp_path / "c.sqlite3")
    twins = [tables.open_table("mice", 3, seed=5) for _ in range(2)]
    for table, (first, early) in zip(twins, (("play:elephant.1", "play:cat.4"), ("play:dog.3", "play:mouse.1")),
                                      strict=True):
        for seat, who in (("P1", "ada"), ("P2", "bob"), ("P3", "cleo")):
            tables.join(table, seat, who)
        tables.submit(table, "P3", "cleo", early, 0)
        tables.submit(table, "P1", "ada", first, 1)

    def seen(table: int, seat: str) -> str:
        return json.dumps({k: v for k, v in tables.view(table, seat).items() if k != "table"}, sort_keys=True)

    assert seen(twins[0], "P2") == seen(twins[1], "P2")

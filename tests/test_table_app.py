"""Tables in the classroom app, driven in-process as a browser drives them: two learners' "devices" (two app pages,
each with its own Tables object, on one store) join through the app, open and join a table, and click on the same
board widgets as the lessons. A move on one device reaches the other at its next poll; a stale click is refused in
the learner's language and changes nothing; what a seat's widget holds does not depend on another seat's hidden
card; the teacher's Tables tab shows every hand and the projector's page (a view from no seat) none."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from support.classroom import CODE, new_classroom, send

from hickory_widget.core.information import public_view
from hickory_widget.lessons.app import classroom_app
from hickory_widget.lessons.dashboard import Dashboard
from hickory_widget.lessons.table_desk import review_text
from hickory_widget.lessons.table_lobby import TableLobby
from hickory_widget.lessons.table_view import TableSeat
from hickory_widget.lessons.table_watch import TableWatch
from hickory_widget.lessons.tables import TableError, classroom_tables


@pytest.fixture
def classroom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return new_classroom(tmp_path, monkeypatch)


def click(widget: Any, choice: str) -> None:
    """A click on the board: the intent the front end sends, with the board's version."""
    widget._on_msg(None, {"type": "choose", "id": choice, "version": widget._version})


def device(name: str, lang: str = "en") -> TableLobby:
    """A learner joins through the app (name and a new PIN) and presses Tables in the row of games."""
    box = classroom_app(f"learner={name}&lang={lang}")
    send(box.children[0], "join", name=name, pin="2468")
    send(box.children[0], "join", pin2="2468")
    bar = box.children[0]
    assert 'data-testid="show-tables"' in bar.html
    send(bar, "tables")
    lobby = bar._handler.__self__.lobby  # the row of games keeps the learner's tables page
    assert box.children[-1] is lobby.box and 'data-testid="tables"' in lobby.panel.html
    return lobby


def _state(seat: TableSeat) -> str:
    """What the seat's browser is sent: the board widget's synced state and the page above it (ids aside)."""
    widget = seat.widget
    keep = {k: v for k, v in widget.get_state().items() if not k.startswith("_") and k != "layout"}
    return json.dumps({"board": keep, "page": seat.panel.html.replace(f'data-table="{seat.table}"', "")
                                                                 .replace(f"Table {seat.table}<", "<")},
                      sort_keys=True)


def test_a_move_on_one_device_reaches_the_other_at_its_next_poll(classroom: Path) -> None:
    ada, bob = device("ada"), device("bob", "it")
    send(ada.panel, "open", game="clocktowers", players="2", bots="0", level="greedy")
    mine = ada.seat
    assert mine is not None and mine.seat == "P1" and ada.box.children == (mine.box,)
    send(bob.panel, "poll")
    assert f'data-testid="sit-{mine.table}-P2"' in bob.panel.html, "the new table is listed with its free seat"
    send(bob.panel, "sit", f"{mine.table}:P2")
    theirs = bob.seat
    assert theirs is not None and theirs.view["decision"] is None, "P1 plays first"
    drawn = theirs.widget._version
    send(mine.panel, "poll")  # ada's page learns that bob sat down
    choice = mine.view["decision"]["choices"][0]["id"]
    click(mine.widget, choice)
    assert mine.widget.error == "" and mine.view["version"] == 1
    assert theirs.widget._version == drawn, "nothing reaches bob's board before his page asks"
    send(theirs.panel, "poll")
    assert theirs.view["version"] == 1 and theirs.widget._version > drawn
    assert theirs.widget.game.history == mine.widget.game.history[:len(theirs.widget.game.history)]
    send(theirs.panel, "poll")
    assert not theirs.refresh(), "a poll with nothing new draws nothing"
    theirs.widget._on_msg(None, {"type": "language", "lang": "de", "version": theirs.widget._version})
    assert "Tisch" in theirs.panel.html and theirs.lang == "de", "bob reads the table in the language he chose"


def test_a_stale_click_is_refused_in_the_learners_language_and_changes_nothing(classroom: Path) -> None:
    ada, bob = device("ada", "it"), device("bob")
    send(ada.panel, "open", game="mice", players="3", bots="1", level="random")
    table = ada.seat.table
    send(bob.panel, "poll")
    send(bob.panel, "sit", f"{table}:P2")
    send(ada.panel, "poll")  # not on ada's seat page: the seat's own page asks
    send(ada.seat.panel, "poll")
    assert ada.seat.view["decision"] and bob.seat.view["decision"], "a secret choice: both may place a card now"
    click(bob.seat.widget, bob.seat.view["decision"]["choices"][0]["id"])  # bob's card, face down
    log = classroom_tables(classroom).log(table)
    ada.seat.widget._on_msg(None, {"type": "choose", "id": "play:cat.1", "version": ada.seat.widget._version})
    assert "Qualcuno ha giocato prima" in ada.seat.widget.error, ada.seat.widget.error
    assert 'data-testid="seat-refusal"' in ada.seat.panel.html
    assert classroom_tables(classroom).log(table) == log, "the stale click wrote nothing"
    assert ada.seat.view["version"] == len(log) and ada.seat.view["decision"], "ada's board is the table now"
    click(ada.seat.widget, "play:cat.1")
    assert ada.seat.widget.error == "" and len(classroom_tables(classroom).log(table)) > len(log)


def test_out_of_turn_paused_and_not_at_a_table_clicks_are_refused(classroom: Path) -> None:
    ada, bob = device("ada"), device("bob", "de")
    send(ada.panel, "open", game="clocktowers", players="2", bots="0", level="greedy")
    table = ada.seat.table
    send(bob.panel, "poll")
    send(bob.panel, "sit", f"{table}:P2")
    click(bob.seat.widget, "draw:floors")
    assert bob.seat.widget.error.startswith("P1 ist am Zug"), bob.seat.widget.error
    bob.seat.widget._on_msg(None, {"type": "bots_play", "version": bob.seat.widget._version})
    assert "Am Tisch entscheidet das der Tisch" in bob.seat.widget.error
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    send(dash.panel, "table-pause", str(table))
    send(ada.seat.panel, "poll")
    click(ada.seat.widget, ada.seat.view["decision"]["choices"][0]["id"])
    assert "paused" in ada.seat.widget.error and classroom_tables(classroom).log(table) == []


def test_a_seats_widget_does_not_depend_on_another_seats_hidden_card(classroom: Path) -> None:
    """Two Mice! tables that differ only in the card P1 placed face down: P2's device is sent the same bytes."""
    tables = classroom_tables(classroom)
    seen = []
    for card in ("play:elephant.1", "play:dog.3"):
        table = tables.open_table("mice", 3, seed=5)
        for seat, who in (("P1", "ada"), ("P2", "bob"), ("P3", "cleo")):
            tables.join(table, seat, who)
        tables.submit(table, "P1", "ada", card, 0)
        bob = TableSeat(classroom_tables(classroom), table, "P2", "bob")
        seen.append(_state(bob))
        assert json.loads(seen[-1])["board"]["view"]["decision"]["choices"], "bob may place his card"
    assert seen[0] == seen[1]


def test_a_hickory_seat_is_sent_no_other_colours_favor_card(classroom: Path) -> None:
    tables = classroom_tables(classroom)
    table = tables.open_table("hickory", 3, seed=8)
    colours = [s["seat"] for s in tables.seats(table)]
    tables.join(table, colours[0], "ada")
    for colour in colours[1:]:
        tables.give_bot(table, colour, "greedy")
    seat = TableSeat(tables, table, colours[0], "ada")
    checked = 0
    for _ in range(12):  # ada plays on, the bots answer; at each board: no other colour's favor card is sent
        referee = tables.game(table)
        mine = set(referee.state.player(colours[0]).favors) | set(referee.state.favor_discard)
        others = {f for p in referee.state.players if p.color != colours[0] for f in p.favors} - mine
        sent = _state(seat)
        assert not any(f'"{f}"' in sent for f in others), others
        checked += len(others)
        if seat.view["decision"] is None:
            break
        seat.choose(seat.view["decision"]["choices"][0]["id"])
    assert checked, "the other colours held favor cards"


def test_undo_is_asked_on_one_device_and_accepted_on_the_other(classroom: Path) -> None:
    ada, bob = device("ada"), device("bob")
    send(ada.panel, "open", game="clocktowers", players="2", bots="0", level="greedy")
    table = ada.seat.table
    send(bob.panel, "poll")
    send(bob.panel, "sit", f"{table}:P2")
    send(ada.seat.panel, "poll")
    click(ada.seat.widget, ada.seat.view["decision"]["choices"][0]["id"])
    ada.seat.widget._on_msg(None, {"type": "undo", "version": ada.seat.widget._version})  # the board's Undo
    assert 'data-testid="undo-wait"' in ada.seat.panel.html
    send(bob.seat.panel, "poll")
    assert 'data-testid="undo-yes"' in bob.seat.panel.html
    send(bob.seat.panel, "undo-yes")
    send(ada.seat.panel, "poll")
    assert ada.seat.widget.game.history == [] and ada.seat.view["undo"] is None
    assert [r["kind"] for r in classroom_tables(classroom).log(table)] == ["move", "undo_request", "undo"]


def test_a_closed_laptop_rejoins_its_seat_as_the_table_is_now(classroom: Path) -> None:
    ada, bob = device("ada"), device("bob")
    send(ada.panel, "open", game="clocktowers", players="2", bots="0", level="greedy")
    table = ada.seat.table
    send(bob.panel, "poll")
    send(bob.panel, "sit", f"{table}:P2")
    send(ada.seat.panel, "poll")
    while ada.seat.view["decision"]:
        click(ada.seat.widget, ada.seat.view["decision"]["choices"][0]["id"])
    version = ada.seat.view["version"]
    again = device("ada")  # the laptop opened again: a new kernel
    assert f'data-testid="rejoin-{table}"' in again.panel.html
    send(again.panel, "sit", f"{table}:P1")
    assert again.seat.view["version"] == version and again.seat.widget.game.history == ada.seat.widget.game.history
    send(again.seat.panel, "back")
    assert again.seat is None and again.box.children == (again.panel,)


def test_the_teachers_tab_shows_every_hand_and_the_projector_none(classroom: Path) -> None:
    tables = classroom_tables(classroom)
    table = tables.open_table("clocktowers", 3, seed=4)
    for seat, who in (("P1", "ada"), ("P2", "bob")):
        tables.join(table, seat, who)
    tables.give_bot(table, "P3", "greedy")
    referee = tables.game(table)
    hands = {p: list(referee.state.hands[p]) for p in referee.state.players}
    dash = Dashboard(classroom, "de", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    page = dash.panel.html
    assert f'data-testid="dash-table-{table}"' in page and "Tische" in page
    for cards in hands.values():
        assert all(card in page for card in cards), "the teacher sees every hand"
    send(dash.panel, "table-project", str(table))
    assert f'data-link="?watch={table}&amp;lang=de"' in dash.panel.html
    watch = classroom_app(f"watch={table}&lang=de")
    sent = json.dumps({k: v for k, v in watch.children[1].get_state().items() if k == "view"}) + \
        watch.children[0].html
    hidden = [c for cards in hands.values() for c in cards]
    assert hidden and not any(f'"{c}"' in sent or c in sent for c in hidden), "the projector shows no hand"
    watch.children[1]._on_msg(None, {"type": "choose", "id": "draw:floors", "version": watch.children[1]._version})
    assert tables.log(table) == [], "nothing is played from the projector"


def test_the_projector_and_the_public_view_do_not_depend_on_a_face_down_card(classroom: Path) -> None:
    tables = classroom_tables(classroom)
    watched, public = [], []
    for card in ("play:elephant.1", "play:dog.3"):
        table = tables.open_table("mice", 3, seed=5)
        for seat, who in (("P1", "ada"), ("P2", "bob"), ("P3", "cleo")):
            tables.join(table, seat, who)
        tables.submit(table, "P1", "ada", card, 0)
        watch = TableWatch(tables, table)
        watched.append(json.dumps(watch.widget.view, sort_keys=True) + watch.panel.html.replace(
            f'data-table="{table}"', "").replace(f"Table {table}", ""))
        public.append(json.dumps(public_view(tables.game(table)), sort_keys=True))
    assert tables.game(table - 1).history != tables.game(table).history
    assert watched[0] == watched[1] and public[0] == public[1]


def test_a_finished_table_is_reviewed_from_the_teachers_tab(classroom: Path) -> None:
    tables = classroom_tables(classroom)
    table = tables.open_table("clocktowers", 2, seed=3)
    for seat in ("P1", "P2"):
        tables.give_bot(table, seat, "random")
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    assert f'data-testid="dash-table-review-{table}"' in dash.panel.html
    send(dash.panel, "table-review", str(table))
    try:
        assert dash.desk.reviews[table] == "The review is under way…"
        assert f'data-testid="dash-review-{table}"' in dash.panel.html
        assert any(t.name == f"review-table-{table}" for t in threading.enumerate()), "it runs beside the page"
    finally:
        dash.desk.cancel.set()  # a whole game's review takes minutes here: core/review.py's tests judge it


def test_a_review_reads_as_counts_and_mistakes_per_seat() -> None:
    from hickory_widget.core.review import Judgement, Review

    def judged(step: int, player: str, label: str) -> Judgement:
        return Judgement(step=step, player=player, prompt="", played="a", best="b", options=2,
                         value=0.0, value_ci=(0.0, 0.0), best_value=2.0, best_ci=(2.0, 2.0), loss=2.0,
                         loss_ci=(1.0, 3.0), label=label, rules=(), playouts=8)

    done = Review(("P1", "P2"), (judged(0, "P1", "best"), judged(1, "P2", "blunder")), {}, 0, 8)
    text = review_text(done, "en")
    assert text.splitlines()[0] == "P1: best 1" and "P2: blunder 1" in text and "(-2.0)" in text


def test_the_teacher_accepts_an_undo_and_closes_a_table_from_the_tab(classroom: Path) -> None:
    ada, bob = device("ada"), device("bob")
    send(ada.panel, "open", game="clocktowers", players="2", bots="0", level="greedy")
    table = ada.seat.table
    send(bob.panel, "poll")
    send(bob.panel, "sit", f"{table}:P2")
    send(ada.seat.panel, "poll")
    click(ada.seat.widget, ada.seat.view["decision"]["choices"][0]["id"])
    send(ada.seat.panel, "undo")
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    assert f'data-testid="dash-table-undo-{table}"' in dash.panel.html and "asked by P1" in dash.panel.html
    send(dash.panel, "table-undo", str(table))
    send(dash.panel, "table-close", str(table))
    assert 'data-status="closed"' in dash.panel.html
    send(ada.seat.panel, "poll")
    assert ada.seat.widget.game.history == [] and "Closed" in ada.seat.panel.html
    send(ada.seat.panel, "back")
    assert f'data-testid="table-{table}"' not in ada.panel.html, "a closed table leaves the learners' list"


def test_opening_a_table_with_computer_players_seats_them_at_the_last_seats(classroom: Path) -> None:
    ada = device("ada", "it")
    send(ada.panel, "game", "mice")
    assert 'value="mice"' in ada.panel.html
    send(ada.panel, "open", game="mice", players="4", bots="2", level="eager")
    seats = classroom_tables(classroom).seats(ada.seat.table)
    assert [(s["kind"], s["who"]) for s in seats] == [("learner", "ada"), ("empty", None), ("bot", "eager"),
                                                      ("bot", "eager")]
    assert "computer (ingordo)" in ada.seat.panel.html
    send(ada.seat.panel, "back")
    send(ada.panel, "open", game="mice", players="2", bots="0", level="eager")
    assert ada.seat is None and "Scegli il gioco" in ada.panel.html, "Mice! is for 3 to 6: refused, nothing opened"


def test_a_card_game_table_offers_its_strongest_level_the_search_bot_which_answers_a_move(classroom: Path) -> None:
    ada = device("ada", "de")
    send(ada.panel, "game", "clocktowers")
    assert '<option value="search">stark</option>' in ada.panel.html, "the card games' strongest level is offered"
    send(ada.panel, "open", game="clocktowers", players="2", bots="1", level="search")
    tables = classroom_tables(classroom)
    table = ada.seat.table
    assert [(s["kind"], s["who"]) for s in tables.seats(table)] == [("learner", "ada"), ("bot", "search")]
    game = tables.game(table)
    while game.decision is not None and game.decision.player == "P1":
        before = len(tables.log(table))
        first = tables.view(table, "P1")["decision"]["choices"][0]["id"]
        click(ada.seat.widget, first)
        assert len(tables.log(table)) > before, ada.seat.message
        game = tables.game(table)
        if any(move["by"] == "bot:search" for move in tables.log(table)):
            break
    assert any(move["by"] == "bot:search" for move in tables.log(table)), "the search bot answered at its turn"



def _version(tables: Any, table: int) -> int:
    return next(r["version"] for r in tables.tables() if r["id"] == table)


def test_a_table_opened_with_an_option_plays_by_it(classroom: Path) -> None:
    """C5 (floors_on_others): opened from the form with the option unticked, nobody may build a floor on another's
    tower; the same deal with it ticked may. A row says which options are on."""
    ada = device("ada")
    send(ada.panel, "game", "clocktowers")
    assert 'data-testid="open-opt-floors_on_others" checked' in ada.panel.html
    send(ada.panel, "open", game="clocktowers", players="2", bots="0", level="eager", opt_floors_on_others="off",
         opt_tops_on_others="off", opt_shared_heights="off")
    narrow = ada.seat.table
    tables = classroom_tables(classroom)
    row = tables._read_table(narrow)
    assert json.loads(row["options"]) == dict.fromkeys(("floors_on_others", "shared_heights", "tops_on_others"), False)
    wide = tables.open_table("clocktowers", 2, seed=row["seed"], options={"tops_on_others": False,
                                                                          "shared_heights": False})
    tables.join(wide, "P1", "ada")
    for table in (narrow, wide):
        tables.join(table, "P2", "bob")
    who = {"P1": "ada", "P2": "bob"}
    for _ in range(300):  # the same moves (building when one can) at both tables until what is legal differs
        a, b = tables.game(narrow), tables.game(wide)
        assert not a.over, "the option never changed what is legal"
        if set(a.choice_ids) != set(b.choice_ids):
            break
        seat = a.decision.player
        choice = next((c for c in sorted(a.choice_ids) if c.startswith("play:")), sorted(a.choice_ids)[0])
        for table in (narrow, wide):
            tables.submit(table, seat, who[seat], choice, _version(tables, table))
    extra = sorted(set(b.choice_ids) - set(a.choice_ids))
    assert extra and not set(a.choice_ids) - set(b.choice_ids), "only the table with the option may do more"
    seat = a.decision.player
    with pytest.raises(TableError) as refused:
        tables.submit(narrow, seat, who[seat], extra[0], _version(tables, narrow))
    assert refused.value.reason == "illegal"
    tables.submit(wide, seat, who[seat], extra[0], _version(tables, wide))
    send(ada.seat.panel, "back")
    assert f'data-testid="table-options-{wide}">Options: Floors on others' in ada.panel.html
    assert f'data-testid="table-options-{narrow}"' not in ada.panel.html, "no option on: no line"


def test_a_malformed_rule_option_is_refused_and_opens_nothing(classroom: Path) -> None:
    ada = device("ada", "de")
    send(ada.panel, "open", game="mice", players="3", bots="0", level="eager", opt_lower_tiers_hunt="yes")
    assert ada.seat is None and "Der Tisch wurde nicht geöffnet" in ada.panel.html
    assert "Gleichstand oben: eine niedrigere einzelne Karte jagt" in ada.panel.html, "the message names the option"
    assert "nicht \u201eyes\u201c" in ada.panel.html and "cannot" not in ada.panel.html, "all of it in German"
    with pytest.raises(TableError) as refused:
        ada.open_table("hickory", "3", "0", "eager", {"fly_over_cats": True})
    assert refused.value.reason == "bad_setup" and "fly_over_cats" in str(refused.value)
    assert classroom_tables(classroom).tables() == [], "nothing was opened"


def test_the_teacher_gives_an_empty_seat_to_a_bot_from_the_tables_tab(classroom: Path) -> None:
    tables = classroom_tables(classroom)
    table = tables.open_table("clocktowers", 2, seed=4)
    tables.join(table, "P1", "ada")
    dash = Dashboard(classroom, "it", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    assert f'data-testid="dash-bot-{table}_P2"' in dash.panel.html
    assert f'data-testid="dash-bot-{table}_P1"' not in dash.panel.html, "a taken seat gets no bot button"
    send(dash.panel, "table-bot", f"{table}:P2", **{f"bot_{table}_P2": "psychic"})
    assert "Livelli:" in dash.panel.html and tables.seats(table)[1]["kind"] == "empty", "refused, nothing changed"
    send(dash.panel, "table-bot", f"{table}:P2", **{f"bot_{table}_P2": "greedy"})
    assert (tables.seats(table)[1]["kind"], tables.seats(table)[1]["who"]) == ("bot", "greedy")
    assert "computer (riflessivo)" in dash.panel.html and f'data-testid="dash-bot-{table}_P2"' not in dash.panel.html
    for _ in range(3):  # ada plays her turns; the bot then plays its seat by itself
        game = tables.game(table)
        if game.decision.player == "P1":
            tables.submit(table, "P1", "ada", sorted(game.choice_ids)[0], _version(tables, table))
    assert any(entry["seat"] == "P2" for entry in tables.log(table)), "the bot played its seat"


def test_hickory_tables_puts_the_tables_in_a_store_of_their_own(classroom: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """On a hub every learner's progress is their own; $HICKORY_TABLES is the one store their tables share."""
    shared = tmp_path / "class" / "tables.sqlite3"
    shared.parent.mkdir()
    monkeypatch.setenv("HICKORY_TABLES", str(shared))
    ada = device("ada")
    send(ada.panel, "open", game="mice", players="3", bots="0", level="eager")
    assert [row["id"] for row in classroom_tables(shared).tables()] == [ada.seat.table]
    assert classroom_tables(classroom).tables() == [], "nothing of the table in the progress store"
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    assert f'data-testid="dash-table-{ada.seat.table}"' in dash.panel.html, "the teacher sees the shared tables"


def test_hickory_seats_are_named_by_their_color_in_the_pages_language_on_every_tables_page(classroom: Path) -> None:
    tables = classroom_tables(classroom)
    table = tables.open_table("hickory", 2, seed=6)
    colors = [s["seat"] for s in tables.seats(table)]
    tables.join(table, colors[0], "ada")
    german = {"blue": "Blau", "red": "Rot", "green": "Grün", "yellow": "Gelb"}
    names = [german[c] for c in colors]
    lobby = device("bob", "de")
    lobby.draw()
    row = lobby.panel.html.split(f'data-testid="table-{table}"')[1].split("</section>")[0]
    assert f"<li>{names[0]}: ada</li>" in row and f">{names[1]}: " in row, row
    dash = Dashboard(classroom, "de", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "tables")
    desk = dash.panel.html.split(f'data-testid="dash-table-{table}"')[1]
    assert all(f"<td>{name}</td>" in desk for name in names), desk
    watch = TableWatch(tables, table, "de")
    to_move = german[public_view(tables.game(table))["to_move"]]
    assert f"{to_move} ist dran" in watch.panel.html and f"{names[0]}: ada" in watch.panel.html, watch.panel.html
    for page in (row, desk, watch.panel.html):
        assert not any(f">{c}:" in page or f"<td>{c}</td>" in page for c in colors), "a color id shown as a name"


def test_a_pages_poll_is_answered_after_the_kernel_looked_so_it_asks_again_only_then(classroom: Path) -> None:
    """panel.mjs asks "anything new?" once and waits for "polled" before the next question: a busy kernel is never
    sent a queue of them. The answer comes after the page was brought up to date, and also when looking failed."""
    ada = device("ada")
    said: list[Any] = []
    ada.panel.send = said.append  # what the kernel sends this page's front end, in order
    drawn_before = ada.panel.html
    classroom_tables(classroom).open_table("mice", 3, seed=2)
    send(ada.panel, "poll")
    assert said == [{"type": "polled"}] and ada.panel.html != drawn_before, "the new table is drawn, then answered"
    said.clear()
    ada.panel._handler = lambda *_: 1 / 0  # a poll whose look fails is still answered
    send(ada.panel, "poll")
    assert said == [{"type": "polled"}]
    send(ada.panel, "sit", "1:P1")
    assert said == [{"type": "polled"}], "only a poll is answered so"

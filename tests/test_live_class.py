"""Live class mode, driven in-process as the browsers drive it: the teacher's dashboard (its Live question tab) and
learners' "devices" (app pages joined with a PIN, each its own objects on one store). The teacher asks a lesson
exercise; the question reaches every learner's row at its next poll; answers arrive in the teacher's tally; the
reveal reaches every device with right/wrong; the answers are in the class's progress; bad input changes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.classroom import CODE, new_classroom, send

from hickory_widget.lessons.app import classroom_app
from hickory_widget.lessons.dashboard import Dashboard
from hickory_widget.lessons.live import Live, LiveError, exercise
from hickory_widget.lessons.live_view import LiveBar, LiveExercise
from hickory_widget.lessons.store import MIGRATIONS, Store

KEY = "goal/where-hand"
"""A Hickory Dickory question of one answer among 4, 5 and 12 (the Spotter decides next at 5)."""


@pytest.fixture
def classroom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return new_classroom(tmp_path, monkeypatch)


def device(name: str, lang: str = "en") -> LiveBar:
    """A learner joins through the app (name and a new PIN); the row above the lessons is their live bar."""
    box = classroom_app(f"learner={name}&lang={lang}")
    send(box.children[0], "join", name=name, pin="2468")
    send(box.children[0], "join", pin2="2468")
    bar = box.children[0]._handler.__self__
    assert isinstance(bar, LiveBar) and bar.panel.poll == 0.5, "the row asks for a live question every 0.5 s"
    return bar


def teacher(classroom: Path) -> Dashboard:
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "tab", "live")
    assert 'data-testid="live-idle"' in dash.panel.html and dash.panel.poll == 0.5
    return dash


def count(dash: Dashboard, option: str) -> int:
    return int(re.search(rf'data-testid="live-count-{option}" data-count="(\d+)"', dash.panel.html).group(1))


def line(dash: Dashboard, testid: str) -> str:
    return re.search(rf'data-testid="{testid}">([^<]*)<', dash.panel.html).group(1)


def sent(bar: LiveBar) -> str:
    """Everything the learner's row has sent to its browser: the panel's synced state."""
    return json.dumps({k: v for k, v in bar.panel.get_state().items() if k != "layout"}, ensure_ascii=False)


def test_a_question_answered_by_three_devices_tallied_revealed_and_counted(classroom: Path) -> None:
    ada, bob, cleo, dan = device("ada"), device("bob", "it"), device("cleo", "de"), device("dan")
    dash = teacher(classroom)
    send(dash.panel, "live-ask", **{"live-exercise": KEY})
    assert 'data-testid="live-tally"' in dash.panel.html and line(dash, "live-total") == "0 answered"
    assert 'data-testid="live-card"' not in ada.panel.html, "nothing reaches a device before its poll"
    for bar in (ada, bob, cleo, dan):
        send(bar.panel, "poll")
        assert 'data-testid="live-card"' in bar.panel.html and 'data-testid="live-option-5"' in bar.panel.html
    assert "Deine Lehrkraft fragt" in cleo.panel.html and "L&#x27;insegnante chiede" in bob.panel.html

    send(ada.panel, "live-answer", "5")
    send(bob.panel, "live-answer", "4")
    send(bob.panel, "live-answer", "12")  # bob changes his mind: his last answer counts, once
    board = cleo.card.widget  # the exercise on cleo's own board, as in her lessons: she answers there
    assert isinstance(board, LiveExercise) and cleo.box.children[1] is board
    assert board.view["exercise"]["key"] == KEY and board.view["exercise"]["answers"]
    board._on_msg(None, {"type": "show", "version": board._version})  # Show me: not in a live question
    assert board.error and not board.view["exercise"]["shown"] and board.view["verdict"] is None
    board._on_msg(None, {"type": "answer", "value": "4", "version": board._version})
    assert board.error == "" and board.view["exercise"]["picked"] == "4"
    assert 'aria-pressed="true" class=cl-main>12<' in bob.panel.html and "La tua risposta: 12" in bob.panel.html

    # hidden is hidden: before the reveal no device holds the explanation, the solution or a mark of the right one
    ex = exercise(KEY)
    for bar, lang in ((ada, "en"), (bob, "it"), (cleo, "de"), (dan, "en")):
        widget = bar.card.widget.get_state()
        assert widget["view"]["verdict"] is None and widget["view"]["exercise"]["solution"] == []
        assert widget["view"]["exercise"]["hints"] == [] and not widget["view"]["exercise"]["shown"]
        state = sent(bar) + json.dumps({k: v for k, v in widget.items() if not k.startswith("_") and k != "layout"},
                                         ensure_ascii=False)
        theirs = exercise(KEY, lang)
        assert theirs.explanation[:40] not in state and theirs.solution_text() not in state
        assert "data-correct" not in state and "live-verdict" not in state and "✓" not in state

    send(dash.panel, "poll")
    assert (count(dash, "4"), count(dash, "5"), count(dash, "12")) == (1, 1, 1)
    assert line(dash, "live-total") == "3 answered"
    assert line(dash, "live-answered") == "Answered: ada, bob, cleo"
    assert line(dash, "live-missing") == "Not answered yet: dan", "dan has the question on screen, no answer"
    assert "data-correct" not in dash.panel.html, "the teacher sees no mark before the reveal either"
    assert Live(classroom).answers(1) == {"ada": "5", "bob": "12", "cleo": "4"}

    send(dash.panel, "live-reveal")
    assert 'data-testid="live-count-5" data-count="1" data-correct=true' in dash.panel.html
    assert 'data-testid="live-reveal"' not in dash.panel.html and 'data-testid="live-pick"' in dash.panel.html
    verdicts = {}
    for name, bar in (("ada", ada), ("bob", bob), ("cleo", cleo), ("dan", dan)):
        send(bar.panel, "poll")
        verdicts[name] = re.search(r'data-verdict="(\w+)"', bar.panel.html).group(1)
    assert verdicts == {"ada": "right", "bob": "wrong", "cleo": "wrong", "dan": "none"}
    assert ex.explanation[:40] in ada.panel.html and "Giusto" not in bob.panel.html and "Diesmal nicht" in \
        cleo.panel.html
    assert ada.card.widget.view["verdict"]["correct"] is True and cleo.card.widget.view["verdict"]["correct"] is False
    assert dan.card.widget.view["exercise"]["shown"], "dan, who did not answer, is shown the solution on his board"

    records = Store.at(classroom).learners()
    assert records["ada"][KEY]["stars"] == 3 and records["ada"][KEY]["tries"] == 1
    assert records["bob"][KEY]["misses"] == 1 and records["bob"][KEY]["wrong"] == ["12"], "one answer, once"
    assert records["cleo"][KEY]["wrong"] == ["4"] and "dan" not in records
    send(dash.panel, "game", "hickory")
    grid = dash.panel.html
    assert re.search(rf'<tr data-learner="ada".*?data-key="{KEY}" data-stars="3"', grid)
    assert re.search(rf'<tr data-learner="bob".*?data-key="{KEY}" data-stars="0" data-tried', grid)


def test_answers_after_the_reveal_unknown_options_and_stale_pages_are_refused(classroom: Path) -> None:
    ada, bob = device("ada"), device("bob", "de")
    dash = teacher(classroom)
    send(dash.panel, "live-ask", **{"live-exercise": KEY})
    send(ada.panel, "poll")
    send(bob.panel, "poll")
    send(ada.panel, "live-answer", "99")
    assert "Pick one of the answers shown." in ada.panel.html and Live(classroom).answers(1) == {}
    send(ada.panel, "live-answer", "5")
    send(dash.panel, "live-reveal")
    records = Store.at(classroom).learners()
    send(bob.panel, "live-answer", "5")  # bob's page has not seen the reveal yet
    assert "Die Lösung ist schon gezeigt" in bob.panel.html and 'data-verdict="none"' in bob.panel.html
    with pytest.raises(LiveError) as refused:
        Live(classroom).reveal(1)
    assert refused.value.reason == "revealed"
    assert Live(classroom).answers(1) == {"ada": "5"} and Store.at(classroom).learners() == records

    send(dash.panel, "live-ask", **{"live-exercise": "goal/pool-points"})  # the next question: a number
    send(ada.panel, "live-answer", "4")  # ada's page still shows question 1
    assert "This question is over." in ada.panel.html and Live(classroom).answers(2) == {}
    assert 'data-testid="live-number"' in ada.panel.html, "the refusal brought the new question"
    send(ada.panel, "live-number", **{"live-number": "three"})
    assert "a whole number" in ada.panel.html and Live(classroom).answers(2) == {}
    send(ada.panel, "live-number", **{"live-number": "3"})
    assert Live(classroom).answers(2) == {"ada": 3}
    with pytest.raises(LiveError) as stale:
        Live(classroom).answer(1, "bob", "5")
    assert stale.value.reason in ("closed", "stale") and Live(classroom).answers(1) == {"ada": "5"}
    with pytest.raises(LiveError) as unknown:
        Live(classroom).ask("goal/no-such-exercise")
    assert unknown.value.reason == "unknown_exercise"
    send(dash.panel, "live-ask", **{"live-exercise": "plans/ride-and-leap"})
    assert "a task of several moves" in dash.panel.html and Live(classroom).current()["id"] == 2
    send(dash.panel, "live-end")
    assert Live(classroom).current() is None and 'data-testid="live-idle"' in dash.panel.html
    send(ada.panel, "poll")
    assert 'data-testid="live-card"' not in ada.panel.html


def test_several_answers_toggle_and_a_best_move_question_is_judged_by_the_engine(classroom: Path) -> None:
    live = Live(classroom)
    session = live.ask("setup/start-choices")
    q = live.question(session)
    assert q["mode"] == "many" and "solution" not in json.dumps(q)
    card_bar = device("ada")
    send(card_bar.panel, "poll")
    first, second = q["options"][0]["id"], q["options"][1]["id"]
    send(card_bar.panel, "live-answer", first)
    send(card_bar.panel, "live-answer", second)
    assert live.answers(session)["ada"] == sorted([first, second])
    send(card_bar.panel, "live-answer", first)
    assert live.answers(session)["ada"] == [second]
    best = live.ask("jumping/ride-best")
    q = live.question(best)
    assert q["mode"] == "choice" and all(o["label"] for o in q["options"])
    right = exercise("jumping/ride-best").solution()[0]
    live.answer(best, "ada", right)
    assert live.reveal(best) == {"ada": True}


def test_a_position_of_the_teachers_own_is_asked_and_goes_into_nobodys_progress(classroom: Path) -> None:
    live = Live(classroom)
    game = exercise("mice-table/face-down").game()  # any game the teacher holds, e.g. their widget's .game
    right = game.choice_ids[0]
    with pytest.raises(LiveError) as wrong:
        live.ask_position(game, "no-such-choice")
    assert wrong.value.reason == "unknown_option" and live.current() is None
    session = live.ask_position(game, right, explanation={"en": "The first card.", "it": "La prima carta."},
                                prompt="Which card would you place?")
    q = live.question(session, "it")
    assert q["prompt"] == "Which card would you place?" and [o["id"] for o in q["options"]] == game.choice_ids
    assert "La prima carta" not in json.dumps(q)
    live.answer(session, "ada", right)
    live.answer(session, "bob", game.choice_ids[-1])
    assert live.tally(session)["total"] == 2
    assert live.reveal(session) == {"ada": True, "bob": len(game.choice_ids) == 1}
    assert live.result(session, "ada", "it")["message"].endswith("La prima carta.")
    assert Store.at(classroom).learners() == {}

    from hickory_widget.hickory.widget import HickoryWidget

    board = HickoryWidget()  # the teacher's own board: its position now is asked
    asked = live.ask_position(board, board.game.choice_ids[0], prompt="What now?")
    assert [o["id"] for o in live.question(asked)["options"]] == board.game.choice_ids
    assert live.current()["id"] == asked and live.session(session)["status"] == "closed", "one question at a time"


def test_the_store_migration_adds_the_live_tables_and_keeps_everything(classroom: Path) -> None:
    store = Store.at(classroom)
    store.change("ada", KEY, lambda r: {**r, "stars": 2, "tries": 1})
    version = store.read("PRAGMA user_version")[0][0]
    assert version == len(MIGRATIONS) >= 3
    names = {r[0] for r in store.read("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"live", "live_answers", "live_seen", "records", "tables"} <= names
    with pytest.raises(Exception, match=r"UNIQUE|PRIMARY"), store.writing() as db:
        db.execute("INSERT INTO live (exercise, status, asked_at) VALUES (?, 'asked', 0)", (KEY,))
        db.execute("INSERT INTO live_answers (session, learner, answer, at) VALUES (1, 'ada', '\"4\"', 0)")
        db.execute("INSERT INTO live_answers (session, learner, answer, at) VALUES (1, 'ada', '\"5\"', 0)")
    assert store.read("SELECT count(*) FROM live")[0][0] == 0, "the failed transaction left nothing"


def test_a_version_2_store_is_migrated_to_live_class_mode_and_keeps_its_records(tmp_path: Path) -> None:
    import sqlite3

    from hickory_widget.lessons import store as store_module

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for step in MIGRATIONS[:2]:
        step(db)
    db.execute("INSERT INTO records (learner, exercise, stars, tries) VALUES ('ada', ?, 2, 1)", (KEY,))
    db.execute("PRAGMA user_version = 2")
    db.execute("COMMIT")
    db.close()
    opened = store_module.Store(path)
    assert opened.read("PRAGMA user_version")[0][0] == 3 and opened.records("ada")[KEY]["stars"] == 2
    live = Live(opened)
    session = live.ask(KEY)
    live.answer(session, "ada", "5")
    assert live.reveal(session) == {"ada": True} and opened.records("ada")[KEY]["tries"] == 2


def test_a_learner_whose_progress_is_full_does_not_stop_the_reveal_for_the_class(classroom: Path) -> None:
    from hickory_widget.lessons.store import MAX_RECORDS

    store = Store.at(classroom)
    with store.writing() as db:
        db.executemany("INSERT INTO records (learner, exercise) VALUES ('zed', ?)",
                       [(f"x/{i}",) for i in range(MAX_RECORDS)])
    live = Live(store)
    session = live.ask(KEY)
    with pytest.raises(LiveError) as nobody:
        live.answer(session, "  ", "5")
    assert nobody.value.reason == "bad_learner"
    live.answer(session, "zed", "5")
    live.answer(session, "ada", "4")
    assert live.reveal(session) == {"zed": True, "ada": False}
    assert KEY not in store.records("zed") and store.records("ada")[KEY]["misses"] == 1
    assert live.result(session, "zed")["correct"] is True, "zed still sees he was right"

"""The classroom's pages on the Python side: the join form's steps, the tracked lesson widget's notes, and the
teacher's dashboard (the grid, the most missed exercises with their wrong answers, CSV, reset, hand-ins)."""

from __future__ import annotations

import csv
import io
from html import unescape
from pathlib import Path

import pytest

from hickory_widget.lessons.app import classroom_app
from hickory_widget.lessons.dashboard import ClassView, Dashboard, handins_dir
from hickory_widget.lessons.handin import export_handin
from hickory_widget.lessons.identity import Identities
from hickory_widget.lessons.progress import Progress, read_learners

CODE = "K7QM-4XPA"


@pytest.fixture
def classroom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The classroom's store; HICKORY_PROGRESS names it as earlier versions named their JSON file (the store is the
    .sqlite3 beside it)."""
    monkeypatch.setenv("HICKORY_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.setenv("HICKORY_TEACHER_CODE", CODE)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("HICKORY_HANDINS", raising=False)
    return tmp_path / "progress.sqlite3"


def send(page, kind: str, arg: str | None = None, **fields: str) -> None:
    page._on_msg(None, {"type": kind, "arg": arg, "fields": fields})


def join(name: str, pin: str, lang: str = "en", new: bool = True, game: str = ""):
    box = classroom_app(f"learner={name}&lang={lang}" + (f"&game={game}" if game else ""))
    send(box.children[0], "join", name=name, pin=pin)
    if new:
        send(box.children[0], "join", pin2=pin)
    return box


def test_a_new_learner_joins_in_two_steps_and_answers(classroom: Path) -> None:
    box = join("ada", "2468")
    lessons = box.children[-1]
    assert type(lessons).__name__ == "TrackedLessonWidget" and lessons.progress.learner == "ada"
    lessons._on_msg(None, {"type": "choose", "id": "stay", "version": lessons._version})  # legal, not the task
    lessons._on_msg(None, {"type": "choose", "id": "jump_off", "version": lessons._version})
    rec = read_learners(classroom)["ada"]["goal/grab-button"]
    assert rec["stars"] == 1 and rec["misses"] == 1 and rec["wrong"] == ["stay"] and rec["at"] > 0


def test_a_visitor_with_adas_name_but_not_her_pin_gets_nothing(classroom: Path) -> None:
    join("ada", "2468")
    box = join("ada", "1111", new=False)
    form = box.children[0]
    assert type(form).__name__ == "Panel" and "That PIN does not go with this name." in form.html
    box = join("\u0430da", "2468", new=False)
    assert "one alphabet only" in box.children[0].html
    assert type(join("ADA", "2468", new=False).children[-1]).__name__ == "TrackedLessonWidget"


def test_behind_jupyterhub_the_hubs_user_is_the_learner(classroom: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "bea")
    page = classroom_app("learner=ada").children[-1]
    assert type(page).__name__ == "TrackedLessonWidget" and page.progress.learner == "bea"


def test_the_address_sets_language_and_presentation_also_without_preheating(classroom: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    app = classroom_app("learner=ada&lang=it&present=1").children[-1]
    assert app.language == "it" and app.presentation and type(app.progress).__name__ == "NoProgress"
    assert 'lang="de"' in classroom_app("lang=de").children[0].html
    assert 'lang="en"' in classroom_app("lang=fr").children[0].html, "an unknown language falls back to English"
    # without preheating, Voilà puts the visitor's address in QUERY_STRING before the notebook runs
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "learner=cleo&lang=de")
    assert 'value="cleo"' in classroom_app().children[0].html
    monkeypatch.setenv("JUPYTERHUB_USER", "hubby")
    app = classroom_app().children[-1]
    assert app.progress.learner == "hubby" and app.language == "de", "the hub's user, whatever the address says"


def test_a_join_link_opens_the_lessons_and_a_forged_one_the_form(classroom: Path) -> None:
    key = Identities(classroom).link_key("cleo")
    assert type(classroom_app(f"learner=cleo&key={key}").children[-1]).__name__ == "TrackedLessonWidget"
    form = classroom_app(f"learner=ada&key={key}").children[0]
    assert "join link is not valid" in form.html


def test_the_dashboard_opens_with_the_code_and_shows_each_learners_work(classroom: Path) -> None:
    Progress(classroom, "ada").solve("goal/grab-button", 0, 0)
    bea = Progress(classroom, "bea")
    bea.note("goal/grab-button", wrong="leap:6", seconds=12)
    bea.note("goal/where-hand", wrong="7", seconds=5)
    bea.solve("goal/grab-button", 1, 1)
    page = classroom_app("teacher&lang=it")
    send(page, "code", code="nope")
    assert "Questo non è il codice dell'insegnante." in unescape(page.html) and "dash-grid" not in page.html
    send(page, "code", code=CODE)
    assert 'data-learner="ada"' in page.html and 'data-learner="bea"' in page.html
    assert 'data-key="goal/grab-button" data-stars="1"' in page.html
    view = ClassView.read(classroom, "en")
    missed = view.missed("hickory")
    assert [(ex.key, n) for ex, n, _, _ in missed] == [("goal/grab-button", 1), ("goal/where-hand", 1)]
    assert list(missed[0][3]) == ["Leap to outer 6"], "a wrong move is named as the board names it"


def test_the_csv_has_a_line_per_learner_and_exercise_and_no_formulas(classroom: Path) -> None:
    Progress(classroom, "=HYPERLINK(1)").solve("goal/grab-button", 0, 2)
    view = ClassView.read(classroom, "en")
    rows = list(csv.DictReader(io.StringIO(view.csv())))
    assert len(rows) == sum(len(view.exercises(g)) for g in ("hickory", "clocktowers", "mice"))
    assert {r["game"] for r in rows} == {"hickory", "clocktowers", "mice"}
    first = rows[0]
    assert first["learner"] == "'=HYPERLINK(1)" and first["stars"] == "2" and first["hints"] == "2"


def test_the_teacher_resets_one_learner_after_confirming(classroom: Path) -> None:
    Progress(classroom, "ada").solve("goal/grab-button", 0, 0)
    Progress(classroom, "bea").solve("goal/grab-button", 0, 0)
    dash = Dashboard(classroom, "de", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "reset-yes", "bea")  # no confirmation asked yet: nothing happens
    assert set(read_learners(classroom)) == {"ada", "bea"}
    send(dash.panel, "pick", "bea")
    send(dash.panel, "reset", "bea")
    assert "Den gesamten Fortschritt von bea löschen?" in dash.panel.html
    send(dash.panel, "reset-yes", "bea", code="AAAA-AAAA")  # found 10: a destructive intent asks for the code again
    assert set(read_learners(classroom)) == {"ada", "bea"} and 'data-testid="dash-message"' in dash.panel.html
    send(dash.panel, "reset-yes", "bea", code=CODE)
    assert set(read_learners(classroom)) == {"ada"}
    assert "Der Fortschritt von bea ist gelöscht." in dash.panel.html


def test_hand_ins_from_the_static_site_join_the_grid_and_damaged_ones_are_listed(classroom: Path) -> None:
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    text = export_handin({"goal/grab-button": {"stars": 2, "tries": 1, "hints": 1}}, "dora")
    send(dash.panel, "handin", "dora.json", text=text)
    assert "The hand-in of dora is added." in dash.panel.html
    assert 'data-learner="dora" data-source="hand-in"' in dash.panel.html
    send(dash.panel, "handin", "bad.json", text=text.replace('"stars":2', '"stars":9'))
    assert "bad.json is not a valid hand-in" in dash.panel.html
    handins_dir(classroom).mkdir()
    (handins_dir(classroom) / "broken.json").write_bytes(b"\xff")
    assert dash.refresh(force=True) and "broken.json" in dash.panel.html


def test_the_dashboard_redraws_only_when_the_class_has_done_something(classroom: Path) -> None:
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    assert not dash.refresh()
    Progress(classroom, "ada").solve("goal/grab-button", 0, 0)
    assert dash.refresh() and 'data-learner="ada"' in dash.panel.html


def test_a_damaged_progress_file_gives_the_learner_one_sentence_and_the_teacher_the_field(classroom: Path) -> None:
    classroom.with_suffix(".json").write_text('{"format": "hickory-lesson-progress", "learners": {"ada": [1]}}')
    box = join("ada", "2468", new=False)
    assert "Your progress cannot be opened: tell your teacher." in box.children[0].html
    assert "Your progress cannot be opened" in classroom_app("learner=bea&key=0123").children[0].html
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    assert "learner &#x27;ada&#x27;" in dash.panel.html and "an object of exercises, not list" in dash.panel.html


# ------------------------------------------------------------------------------------ the three games' curricula
def test_the_address_picks_the_game_and_the_row_changes_it_without_joining_again(classroom: Path) -> None:
    box = join("ada", "2468", lang="de", game="mice")
    bar, lessons = box.children
    assert type(lessons).__name__ == "TrackedMiceLessonWidget" and lessons.exercise.key == "mice-table/set-size"
    assert 'data-game="mice"' in bar.html and "Die Stunde der Maus" in bar.html and "Uhrtürme" in bar.html
    assert not lessons.answer(15).correct and lessons.answer(16).correct
    rec = read_learners(classroom)["ada"]["mice-table/set-size"]
    assert rec["stars"] == 1 and rec["wrong"] == ["15"], "the Mice! answer is kept under the Mice! exercise's key"
    send(bar, "game", "clocktowers")
    assert type(box.children[-1]).__name__ == "TrackedClocktowersLessonWidget" and 'data-game="clocktowers"' in bar.html
    assert box.children[-1].progress.learner == "ada" and box.children[-1].language == "de"
    box.children[-1].language = "it"  # the learner changes language in the lessons: the next game keeps it
    send(bar, "game", "chess")  # no such game: nothing changes
    assert type(box.children[-1]).__name__ == "TrackedClocktowersLessonWidget"
    send(bar, "game", "mice")
    assert box.children[-1].exercise.key == "mice-table/start-centre", "back in Mice!, at the first unsolved one"
    assert box.children[-1].language == "it"
    assert type(classroom_app("learner=ada&game=go").children[0]).__name__ == "Panel"  # the join form, Hickory next


def test_reset_my_progress_in_one_game_keeps_the_other_games(classroom: Path) -> None:
    box = join("ada", "2468", game="mice")
    Progress(classroom, "ada").solve("goal/grab-button", 0, 0)
    assert box.children[-1].answer(16).correct
    box.children[-1].reset_progress()
    assert set(read_learners(classroom)["ada"]) == {"goal/grab-button"}


def test_the_dashboard_shows_each_game_in_its_own_tab_with_its_most_missed(classroom: Path) -> None:
    ada = Progress(classroom, "ada")
    ada.solve("goal/grab-button", 0, 0)
    ada.note("mice-hunt/take-most", wrong="play:cat.3", seconds=9)
    ada.note("mice-hunt/take-most", wrong="play:cat.3", seconds=4)
    page = classroom_app("teacher&lang=it&game=mice")
    send(page, "code", code=CODE)
    assert 'data-testid="dash-grid" data-game="mice"' in page.html and "Torri dell&#x27;Orologio" in page.html
    assert 'data-key="mice-hunt/take-most" data-stars="0" data-tried' in page.html
    assert 'data-key="goal/grab-button"' not in page.html, "Hickory's exercises are in Hickory's tab only"
    assert '<ol class="cl-missed" data-testid="dash-missed" data-game="mice"><li data-key="mice-hunt/take-most" ' \
           'data-misses="2">' in page.html
    send(page, "game", "hickory")
    assert 'data-key="goal/grab-button" data-stars="3"' in page.html and "mice-hunt/take-most" not in page.html
    send(page, "game", "../etc")  # a stale or forged tab: nothing changes
    assert 'data-game="hickory"' in page.html
    view = ClassView.read(classroom, "en")
    assert [ex.key for ex, *_ in view.missed("mice")] == ["mice-hunt/take-most"] and view.missed("clocktowers") == []
    assert view.learners_in("mice") == 1 and view.learners_in("clocktowers") == 0
    rows = [r for r in csv.DictReader(io.StringIO(view.csv())) if r["key"] == "mice-hunt/take-most"]
    assert rows == [{"learner": "ada", "source": "classroom", "game": "mice", "lesson": rows[0]["lesson"],
                     "exercise": "take-most", "key": "mice-hunt/take-most", "stars": "0", "attempts": "2",
                     "hints": "0", "seconds": "13", "wrong_answers": "play:cat.3 | play:cat.3"}]


def test_a_hand_in_of_card_game_work_shows_in_that_games_tab(classroom: Path) -> None:
    dash = Dashboard(classroom, "en", CODE, game="clocktowers")
    send(dash.panel, "code", code=CODE)
    text = export_handin({"ct-towers/tower-value": {"stars": 3, "tries": 1, "hints": 0}}, "dora")
    send(dash.panel, "handin", "dora.json", text=text)
    assert 'data-learner="dora" data-source="hand-in"' in dash.panel.html
    assert 'data-key="ct-towers/tower-value" data-stars="3"' in dash.panel.html


def test_the_teachers_page_leaves_out_the_learners_intro() -> None:
    """The dashboard's page keeps its title and the teachers' note; how to answer and what the stars mean are the
    learners' (their page keeps them, in their language)."""
    from hickory_widget.lessons.page import classroom_page

    teacher = classroom_page("teacher&lang=de").texts
    learner = classroom_page("learner=ada&lang=de").texts
    assert "intro" not in teacher and "stars" not in teacher and teacher["title"] == learner["title"]
    assert learner["intro"].startswith("Jede Lektion") and learner["stars"]


# ------------------------------------------------------------------------------------ issue 28: takeover, lock-out
def test_a_name_that_joined_by_link_is_not_open_to_the_next_person_who_types_it(classroom: Path) -> None:
    """Found 1: the join form treated a name joined by link as new and let anyone choose its PIN."""
    key = Identities(classroom).link_key("cleo")
    assert type(classroom_app(f"learner=cleo&key={key}").children[-1]).__name__ == "TrackedLessonWidget"
    box = join("cleo", "2468", new=False)
    assert "cleo is in the class without a PIN: only the join link from your teacher opens it." in \
        box.children[0].html and 'data-testid="join-new"' not in box.children[0].html
    assert Identities(classroom).status("cleo") == "closed"


def test_the_name_teacher_cannot_be_registered_from_the_join_form(classroom: Path) -> None:
    """Found 2: anyone could register `teacher`, the record that presentation mode opened."""
    box = join("Teacher", "2468", new=False)
    assert "belongs to a role of the classroom" in unescape(box.children[0].html)
    assert Identities(classroom).learners() == {}


def test_new_pin_asks_the_code_again_and_shows_the_names_new_link(classroom: Path) -> None:
    join("ada", "2468")
    Progress(classroom, "ada").solve("goal/grab-button", 0, 0)
    old = Identities(classroom).link_key("ada")
    dash = Dashboard(classroom, "en", CODE)
    send(dash.panel, "code", code=CODE)
    send(dash.panel, "pick", "ada")
    send(dash.panel, "new-pin", "ada")
    send(dash.panel, "new-pin-yes", "ada", code="nope")
    assert Identities(classroom).known("ada"), "a wrong code changes nothing"
    send(dash.panel, "new-pin-yes", "ada", code=CODE)
    new = Identities(classroom).link_key("ada")
    assert not Identities(classroom).known("ada") and new != old and f"key={new}" in dash.panel.html
    assert "only this link opens the name" in dash.panel.html


def test_a_visitor_who_guesses_locks_their_own_page_and_the_dashboard_clears_name_locks(classroom: Path) -> None:
    """Found 3: five wrong codes from any browser locked the teacher out; nothing in the dashboard cleared it."""
    join("ada", "2468")
    for _ in range(5):
        join("ada", "0000", new=False)
    mallory = Dashboard(classroom, "en", CODE)
    for _ in range(7):
        send(mallory.panel, "code", code="AAAA-AAAA")
    assert "Too many wrong tries" in mallory.panel.html
    teacher = Dashboard(classroom, "en", CODE)
    send(teacher.panel, "code", code=CODE)
    assert 'data-testid="dashboard"' in teacher.panel.html
    assert 'data-who="pin:ada"' in teacher.panel.html
    send(teacher.panel, "unlock", "pin:ada")
    assert "ada is unlocked." in teacher.panel.html and 'data-who="pin:ada"' not in teacher.panel.html
    assert type(join("ada", "2468", new=False).children[-1]).__name__ == "TrackedLessonWidget"
    send(mallory.panel, "code", code=CODE)  # the right code opens even a page locked by wrong ones
    assert 'data-testid="dashboard"' in mallory.panel.html


@pytest.mark.parametrize("weak", ["", " - ", "1", "password"])
def test_a_weak_or_empty_teachers_code_opens_nothing(classroom: Path, weak: str) -> None:
    dash = Dashboard(classroom, "en", weak or None)
    send(dash.panel, "code", code=weak)
    assert 'data-testid="dashboard"' not in dash.panel.html


def test_reset_in_the_classroom_asks_for_the_pin_in_the_row_above_the_lessons(classroom: Path) -> None:
    """Found 10: whoever holds a learner's kernel id can send Reset; it now asks for the learner's PIN again."""
    box = join("ada", "2468", game="mice")
    bar, lessons = box.children
    assert lessons.answer(16).correct
    lessons._on_msg(None, {"type": "reset"})
    assert "type your PIN again" in lessons.error and 'data-testid="reset-form"' in bar.html
    assert read_learners(classroom)["ada"]["mice-table/set-size"]["stars"] == 3
    send(bar, "reset-pin", pin="1111")
    assert "does not go with your name: nothing is reset" in bar.html
    assert read_learners(classroom)["ada"]["mice-table/set-size"]["stars"] == 3
    send(bar, "reset-pin", pin="2468")
    assert "Your progress in this game is reset." in bar.html and 'data-testid="reset-form"' not in bar.html
    assert "ada" not in read_learners(classroom)
    assert lessons.view["total"]["solved"] == 0


def test_a_learner_who_came_by_link_chooses_a_pin_and_then_joins_with_it(classroom: Path) -> None:
    """New PIN gives a fresh link; the learner who opens it chooses a PIN of their own, in the row above the
    lessons, and from then on joins with name and PIN (the link is no longer needed)."""
    key = Identities(classroom).issue_link("cleo")
    box = classroom_app(f"learner=cleo&key={key}&lang=it")
    bar = box.children[0]
    assert 'data-testid="pin-form"' in bar.html and "Sei entrato con il tuo link" in bar.html
    send(bar, "set-pin", pin="12", pin2="12")
    assert "Un PIN ha da 4 a 8 cifre." in unescape(bar.html) and not Identities(classroom).known("cleo")
    send(bar, "set-pin", pin="4321", pin2="4321")
    assert "Il tuo PIN è salvato" in bar.html and 'data-testid="pin-form"' not in bar.html
    assert type(join("cleo", "4321", new=False).children[-1]).__name__ == "TrackedLessonWidget"
    assert 'data-testid="pin-form"' not in classroom_app(f"learner=cleo&key={key}").children[0].html

"""The lesson widget's Python side and the progress file: intents from the browser, stars, a restart, a reset.
(The real browser and Voilà are in tests/browser/test_classroom.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hickory_widget.lessons.progress import Progress, ProgressError
from hickory_widget.lessons.widget import LessonWidget


def widget(tmp_path: Path, **kw) -> LessonWidget:
    return LessonWidget(learner=kw.pop("learner", "ada"), progress_path=tmp_path / "progress.json", **kw)


def send(w: LessonWidget, **intent) -> None:
    w._on_msg(w, {"version": w.view["version"], **intent})


def test_R55_the_first_exercise_done_from_the_browser_earns_three_stars(tmp_path: Path) -> None:
    w = widget(tmp_path)
    assert w.view["exercise"]["key"] == "goal/grab-button"
    send(w, type="choose", id="jump_off")
    assert w.view["verdict"]["correct"] and w.view["exercise"]["done"]
    assert w.view["exercise"]["stars"] == 3
    assert [r["id"] for r in w.view["verdict"]["rules"]] == ["R45", "R55", "R57"]
    assert w.view["board"]["mice"]["blue.spotter"]["where"] == "outer"  # the move is played on the board
    w.next()
    send(w, type="answer", value="5")
    assert w.view["exercise"]["key"] == "goal/where-hand" and w.view["verdict"]["correct"]


def test_R45_a_board_click_that_is_legal_but_wrong_counts_as_a_mistake(tmp_path: Path) -> None:
    w = widget(tmp_path)
    send(w, type="choose", id="stay")
    assert w.view["verdict"]["correct"] is False and w.view["verdict"]["message"].startswith("Not quite.")
    assert w.attempt.game.decision.kind == "hand_mouse"  # the wrong move was not played
    send(w, type="choose", id="jump_off")
    assert w.view["exercise"]["done"] and w.view["exercise"]["stars"] == 1


def test_R89_a_click_on_an_unreachable_spot_gets_the_why_not_answer(tmp_path: Path) -> None:
    w = widget(tmp_path)
    w.go("scurrier", 0)
    send(w, type="why", target={"type": "outer", "number": 9})
    v = w.view["verdict"]
    assert v["correct"] is False and v["legal"] is False and "R89" in [r["id"] for r in v["rules"]]


def test_a_hint_then_the_right_move_earns_two_stars(tmp_path: Path) -> None:
    w = widget(tmp_path)
    w.go("scurrier", 0)
    send(w, type="hint")
    assert w.view["exercise"]["hints"] == ["7 is two numbers ahead of 5."]
    send(w, type="choose", id="leap:7")
    assert w.view["exercise"]["stars"] == 2


def test_show_me_plays_the_solution_and_then_earns_one_star(tmp_path: Path) -> None:
    w = widget(tmp_path)
    w.go("scurrier", 0)
    send(w, type="show")
    assert w.view["verdict"]["shown"] and "leap" in w.view["verdict"]["message"].lower()
    assert w.view["board"]["mice"]["blue.scurrier"]["where"] == "outer"
    send(w, type="retry")
    send(w, type="choose", id="leap:7")
    assert w.view["exercise"]["stars"] == 1


def test_a_stale_click_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    w = widget(tmp_path)
    before = w.view["version"]
    w._on_msg(w, {"type": "answer", "value": "4", "version": before - 1})
    assert w.error == "That click was made on an older view, so nothing changed: look again."
    assert w.view["verdict"] is None


def test_malformed_intents_and_answers_are_refused_with_one_sentence_in_the_learners_language(tmp_path: Path
                                                                                            ) -> None:
    w = widget(tmp_path, language="it")
    w._on_msg(w, {"type": "dance"})
    assert w.error == "Non è andata, quindi non è cambiato nulla."
    w.next()
    send(w, type="answer", value="99")
    assert w.error == "Questa risposta non ha la forma giusta, quindi non è stata valutata."
    assert w.view["verdict"] is None and w.attempt.mistakes == 0


def test_progress_survives_a_restart_and_can_be_reset(tmp_path: Path) -> None:
    w = widget(tmp_path)
    send(w, type="choose", id="jump_off")
    again = widget(tmp_path)
    assert again.view["map"][0]["exercises"][0]["stars"] == 3
    assert again.view["exercise"]["key"] == "goal/where-hand"  # opens at the first unsolved exercise
    other = widget(tmp_path, learner="bea")
    assert other.view["total"]["solved"] == 0
    send(again, type="reset")
    assert widget(tmp_path).view["total"]["solved"] == 0
    assert json.loads((tmp_path / "progress.json").read_text())["learners"]["ada"] == {}


def test_presentation_mode_records_nothing_and_language_switches_live(tmp_path: Path) -> None:
    w = widget(tmp_path, presentation=True)
    send(w, type="choose", id="jump_off")
    assert w.view["exercise"]["done"] and w.progress.stars("goal/grab-button") == 0
    send(w, type="language", lang="de")
    assert w.view["lesson"]["title"].startswith("Das Ziel") and w.view["verdict"]["message"].startswith("Richtig!")
    assert not (tmp_path / "progress.json").exists()


def test_presentation_mode_never_reads_or_writes_a_record_and_refuses_reset(tmp_path: Path) -> None:
    """Found 2: `?present=1` opened the record named `teacher`; its Reset worked, and the `present` intent or a
    synced `presentation` update turned recording back on under that name."""
    Progress(tmp_path / "progress.json", "teacher").solve("goal/grab-button", 0, 0)
    before = (tmp_path / "progress.json").read_bytes()
    w = widget(tmp_path, learner="teacher", presentation=True)
    assert w.view["total"]["solved"] == 0, "the teacher's record is not read"
    send(w, type="reset")
    assert w.error == "Presentation mode records nothing and resets nothing."
    send(w, type="present")
    w.presentation = False  # as an ipywidgets update of the synced trait would
    assert w.presentation and w.view["presentation"]
    send(w, type="choose", id="jump_off")
    assert (tmp_path / "progress.json").read_bytes() == before


def test_reset_asks_the_check_it_is_given_and_a_learner_in_presentation_mode_cannot_reset(tmp_path: Path) -> None:
    """Found 10: whoever holds a learner's kernel id can send their widget's intents; Reset asks for the PIN."""
    w = widget(tmp_path)
    send(w, type="choose", id="jump_off")
    w.reset_check = lambda pin: pin == "2468"
    send(w, type="reset")
    assert w.error.startswith("To reset your progress, type your PIN again") and w.progress.solved("goal/grab-button")
    send(w, type="reset", pin="1111")
    assert w.progress.solved("goal/grab-button")
    w.presentation = True
    send(w, type="reset", pin="2468")
    assert w.progress.solved("goal/grab-button") and "resets nothing" in w.error
    w.presentation = False
    send(w, type="reset", pin="2468")
    assert not widget(tmp_path).progress.solved("goal/grab-button")


def test_a_damaged_progress_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text('{"not": "progress"}')
    with pytest.raises(ProgressError, match="not a lesson progress file"):
        Progress(path, "ada")
    assert path.read_text() == '{"not": "progress"}'


def test_the_front_end_is_the_lesson_bundle() -> None:
    """js/widgets/lesson_hickory.mjs bundled: Hickory's board and the lesson module (tests/test_frontend.py)."""
    assert Path(LessonWidget._esm._path).name == "lesson_hickory.js"


def test_going_to_an_exercise_that_does_not_exist_says_what_exists(tmp_path: Path) -> None:
    w = widget(tmp_path)
    with pytest.raises(ValueError, match="lessons: goal, setup, tick"):
        w.go("chess")
    send(w, type="goto", lesson=3, exercise=99)
    assert w.error == "There is no such exercise, so nothing changed."
    assert w.view["exercise"]["key"] == "goal/grab-button"

"""Tasks of several moves (docs/LESSONS.md, "Tasks of several moves"): every built-in task's goal is reached by
playing its solution line on the engine, a wrong line is judged wrong, an illegal move is refused and changes
nothing, and the lesson widget lets the learner play, take back and be shown the whole line."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from hickory_widget.lessons import DATA_DIR, LessonError, curriculum, load_lesson
from hickory_widget.lessons.task import MISSED, ON, REACHED

GAMES = ("hickory", "mice", "clocktowers")
TASKS = [ex for game in GAMES for lesson in curriculum(game=game) for ex in lesson.exercises if ex.is_task]
IDS = [f"{ex.game_name}:{ex.key}" for ex in TASKS]

WRONG_STARTS = {
    # a line that goes wrong (the test plays on with the first legal moves until the learner's moves run out)
    "plans/ride-and-leap": ["leap:7"],  # off the hand now: 7 at most, and there it stays
    "plans/climb-to-leaf": ["leap:8"],  # the Climb 2 is at 7
    "plans/deliver-both": ["leap:6", "act:0", "deliver:red.button.1", "deliver_done"],  # one item only: 3 points
    "plans/ride-then-deliver": ["jump_off"],  # off at 5: no Deliver space this round
    "plans/deliver-for-quest": ["jump_off", "act:0", "deliver:purple.button.1", "deliver:red.button.1",
                                "deliver:green.feather.1", "deliver:purple.thimble.1", "deliver:wild.1", "quest:Q01"],
    "mice-rounds/two-rounds": ["play:cat.4"],  # the cat first: nobody takes the dogs in round 1, and 8 points at most
    "mice-rounds/seed-then-hunt": ["play:dog.2"],  # a seed nobody of yours can hunt
    "mice-end/win-last-two": ["play:mouse.4"],  # the mouse first: no elephant to take yet
    "towers-build/finish-in-two": ["play:clock.plain.1:t1", "draw:floors"],  # no roof in hand
    "towers-heights/two-reds": ["play:roof.red.1:t2"],  # red starts at 2: t1 (1 floor) can never follow
    "towers-end/best-finish": ["play:roof.yellow.2:t2"],  # the mice tower: 2 points
}


def test_at_least_ten_tasks_across_the_three_games() -> None:
    assert len(TASKS) >= 10
    assert {ex.game_name for ex in TASKS} == set(GAMES)
    assert set(WRONG_STARTS) == {ex.key for ex in TASKS}, "every task needs a wrong line here"


@pytest.mark.parametrize("ex", TASKS, ids=IDS)
def test_the_solution_line_reaches_the_goal_on_the_engine(ex) -> None:
    run = ex.run()
    assert run.status == ON and not run.moves  # the task opens at the learner's decision, the goal not yet met
    for i, move in enumerate(ex.accepted):
        assert run.status == ON, f"{ex.key}: the task ended before move {i}"
        assert move in run.game.choice_ids
        run.play(move)
    assert run.status == REACHED and len(run.moves) <= ex.data.moves
    goal = ex.data.goal
    value = run.value
    if "at_least" in goal:
        assert value[0] >= goal["at_least"]
    elif "includes" in goal:
        assert goal["includes"] in value
    assert ex.check(ex.accepted).correct


@pytest.mark.parametrize("ex", TASKS, ids=IDS)
def test_a_wrong_line_is_judged_wrong_with_a_reason_and_the_rules(ex) -> None:
    run = ex.run()
    status, played = run.play_line(WRONG_STARTS[ex.key])
    assert played == len(WRONG_STARTS[ex.key]) and status in (ON, MISSED)
    while run.status == ON:
        run.play(run.game.choice_ids[0])
    assert run.status == MISSED, f"{ex.key}: the wrong line {run.moves} reaches the goal"
    for lang, start in (("en", "Your moves are used up"), ("it", "Hai finito le mosse"), ("de", "Deine Züge")):
        local = next(x for lesson in curriculum(lang, game=ex.game_name) for x in lesson.exercises if x.key == ex.key)
        verdict = local.check(run.moves)
        assert not verdict.correct and verdict.legal and verdict.message.startswith(start)
        assert verdict.rules == ex.rules


@pytest.mark.parametrize("ex", TASKS, ids=IDS)
def test_a_line_cut_short_is_not_yet_right_and_an_illegal_move_changes_nothing(ex) -> None:
    verdict = ex.check(ex.accepted[:-1])
    assert not verdict.correct and verdict.message.startswith(f"Move {len(ex.accepted) - 1} of {ex.data.moves}")
    run = ex.run(ex.accepted[:1])
    before = list(run.game.history)
    illegal = {"hickory": "leap:12", "mice": "play:elephant.9", "clocktowers": "play:roof.yellow.4:new"}
    verdict = ex.check([*ex.accepted[:1], illegal[ex.game_name]])
    assert not verdict.correct and not verdict.legal
    assert run.play(illegal[ex.game_name]) == "illegal" and run.game.history == before


def test_mice_two_rounds_the_centre_carries_the_mouse_into_the_second_round() -> None:
    """M10: the mouse 1 nobody hunted in round 1 is part of the cat 4's catch in round 2."""
    ex = next(x for x in TASKS if x.key == "mice-rounds/two-rounds")
    run = ex.run(["play:elephant.3"])
    assert run.game.scores["P1"] == 7 and any(c.startswith("mouse.1") for c in run.game.state.centre)
    run.play("play:cat.4")
    assert run.game.scores["P1"] == 10 and run.status == REACHED


def test_the_other_seats_follow_the_file_fixed_moves_then_their_bot() -> None:
    ex = next(x for x in TASKS if x.key == "towers-build/finish-in-two")
    run = ex.run(["play:clock.plain.1:t1", "draw:roofs"])
    assert run.game.history[-2:] == ["play:floor1.plain.2:new", "draw:floors"]  # B's fixed moves
    assert run.game.decision.player == "A"


# ------------------------------------------------------------------------------------------- the file format
MICE = json.loads((DATA_DIR / "mice" / "03-rounds.json").read_text(encoding="utf-8"))


def broken(change) -> dict:
    data = copy.deepcopy(MICE)
    change(data["exercises"][1])
    return data


CASES = {
    "goal on a predict": (lambda e: e.update(kind="predict", mode="number"), "'exercises[1].goal'", "only a 'do'"),
    "two tests": (lambda e: e["goal"].update(at_most=3), "'exercises[1].goal'", "exactly one test"),
    "no test": (lambda e: e["goal"].pop("at_least"), "'exercises[1].goal'", "exactly one test"),
    "test not a number": (lambda e: e["goal"].update(at_least="ten"), "'exercises[1].goal.at_least'", "whole number"),
    "unknown goal kind": (lambda e: e["goal"].update(kind="tiles"), "'exercises[1].goal.kind'", "one of legal"),
    "goal of nobody": (lambda e: e["goal"].update(color="P9"), "'exercises[1].goal'", "cannot be read"),
    "fewer moves than the line": (lambda e: e.update(moves=1), "'exercises[1].moves'", "from the length"),
    "unknown bot": (lambda e: e["others"].update(P2="clever"), "'exercises[1].others.P2'", "first, greedy, random"),
    "an illegal move in the line": (lambda e: e["answers"].__setitem__(1, "play:cat.9"), "'exercises[1].answers[1]'",
                                    "not a legal move"),
    "a line that misses": (lambda e: e["goal"].update(at_least=11), "'exercises[1].goal'",
                           "does not reach the goal: after 2 move(s) it reads [10]"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_malformed_task_is_refused_naming_the_field(tmp_path: Path, case: str) -> None:
    change, field, allowed = CASES[case]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(broken(change)), encoding="utf-8")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    message = str(err.value)
    assert str(path) in message and "exercise 'two-rounds'" in message, message
    assert f"field {field}" in message and allowed in message, message


# ------------------------------------------------------------------------------------------- the widget
def test_the_widget_plays_a_task_move_by_move_with_undo_and_judges_it_at_the_goal(tmp_path: Path) -> None:
    from hickory_widget.lessons.card_widget import lesson_widget

    w = lesson_widget("mice", learner="ada", progress_path=tmp_path / "progress.json", language="de")
    w.go("mice-rounds", 1)
    assert w.view["exercise"]["task"] == {"made": 0, "moves": 2, "text": "Zug 0 von 2", "can_undo": False}

    def click(choice: str) -> None:
        w._on_msg(w, {"type": "choose", "id": choice, "version": w.view["version"]})

    click("play:cat.4")
    assert w.view["verdict"] is None and w.view["exercise"]["task"]["made"] == 1 and w.error == ""
    assert w.view["exercise"]["task"]["can_undo"] and w.view["board"]["decision"] is not None
    w._on_msg(w, {"type": "undo"})
    assert w.attempt.run.moves == [] and w.attempt.game.scores["P1"] == 0
    click("play:cat.4")
    click("play:elephant.3")  # 8 points: the goal was 10
    assert w.view["verdict"]["correct"] is False and w.view["verdict"]["message"].startswith("Deine Züge")
    assert w.view["board"]["decision"] is None and w.attempt.mistakes == 1 and not w.progress.solved(w.exercise.key)
    w._on_msg(w, {"type": "undo"})
    assert w.view["verdict"] is None and w.attempt.run.moves == ["play:cat.4"]
    w._on_msg(w, {"type": "retry"})
    click("play:elephant.3")
    click("play:cat.4")
    assert w.attempt.done and w.view["verdict"]["correct"] and w.progress.solved(w.exercise.key)
    assert w.progress.stars(w.exercise.key) == 1  # a missed line counts as a mistake


def test_show_me_plays_the_whole_line_with_the_other_seats_replies(tmp_path: Path) -> None:
    from hickory_widget.lessons.widget import LessonWidget

    w = LessonWidget(learner="ada", progress_path=tmp_path / "progress.json")
    w.go("plans", 2)  # deliver-both
    w._on_msg(w, {"type": "show"})
    assert w.attempt.run.moves == w.exercise.accepted and w.attempt.run.status == REACHED
    assert "Leap to outer 6 → Do it: Deliver" in w.view["verdict"]["message"]
    w._on_msg(w, {"type": "undo"})
    assert w.error == "That did not work, so nothing changed."  # nothing to take back in a solution shown


@pytest.mark.parametrize("goal, values, right", [
    ({"equals": "outer 7"}, ["outer 7"], True), ({"equals": "outer 7"}, ["hand"], False),
    ({"equals": 3}, [3], True), ({"at_least": 9}, [9], True), ({"at_least": 9}, [8], False),
    ({"at_most": 2}, [2], True), ({"at_most": 2}, [3], False), ({"at_least": 1}, ["yes"], False),
    ({"includes": "P1"}, ["P1", "P3"], True), ({"includes": "P2"}, ["P1", "P3"], False), ({"at_least": 1}, [], False),
])
def test_a_goal_compares_the_value_read_as_its_test_says(goal: dict, values: list, right: bool) -> None:
    from hickory_widget.lessons.task import reached

    assert reached(goal, values) is right


def test_a_teachers_own_task_puts_a_mouse_on_a_space(tmp_path: Path) -> None:
    """A goal of the 'where' kind, in a file of one's own: the Scurrier on the key's leaf space at 7."""
    data = json.loads((DATA_DIR / "07-scurrier.json").read_text(encoding="utf-8"))
    ex = data["exercises"][0]
    ex.update(goal={"kind": "where", "mouse": "blue.scurrier", "equals": "outer 7"}, answers=["leap:7"])
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    task = load_lesson(path, "it").exercises[0]
    assert task.is_task and task.check(["leap:7"]).correct
    verdict = task.check(["leap:6"])
    assert not verdict.correct and verdict.message.startswith("Hai finito le mosse")

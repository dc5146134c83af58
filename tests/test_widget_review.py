"""The review in the widget (issue 27, items 3 and 4), without a browser: the intents the review panel sends, applied
or refused, and the traits it draws.

The game: two players from the last hour, played to the end by bots (Blue at random, Red greedy), then Blue's seat
made a person's, so that the review judges Blue's (often poor) decisions."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from hickory_widget import Game, Position
from hickory_widget.core.review import LABELS
from hickory_widget.hickory.board.timeline import game_at
from hickory_widget.hickory.widget import HickoryWidget

LOST = ("inaccuracy", "mistake", "blunder")


def send(w: HickoryWidget, **content: Any) -> None:
    w._on_msg(w, content, [])


def finished(language: str = "en") -> HickoryWidget:
    game = Position(players=["blue", "red"], seed=4).hour(11).minute(6).game(play_on=True)
    w = HickoryWidget(game, seats={"red": "greedy", "blue": "random"}, language=language)
    w.set_seats({"blue": "human"})
    assert w.game.over
    return w


@pytest.fixture(scope="module")
def reviewed_json() -> str:
    """The finished game (its saved form), reviewed once here to learn that it has a decision that lost points."""
    w = finished()
    send(w, type="review")
    w.wait_review(300)
    assert w.review["status"] == "done", w.review
    assert any(r["label"] in LOST for r in w.review["decisions"]), "the random Blue made no mistake to retry"
    return w.game.to_json()


@pytest.fixture
def reviewed(reviewed_json: str) -> HickoryWidget:
    w = HickoryWidget(Game.from_json(reviewed_json), seats={"red": "greedy"})
    send(w, type="review")
    w.wait_review(300)
    return w


def a_lost_decision(w: HickoryWidget) -> dict[str, Any]:
    return next(r for r in w.review["decisions"] if r["label"] in LOST)


def test_the_review_runs_in_the_background_and_lists_each_decision_of_the_human_seat(reviewed: HickoryWidget) -> None:
    review = reviewed.review
    assert review["status"] == "done" and review["open"] and reviewed.error == ""
    assert review["seats"] == ["blue"]  # the seat a person plays; Red is the greedy bot's
    rows = review["decisions"]
    assert rows and {r["player"] for r in rows} == {"blue"}
    assert all(r["label"] in (*LABELS, "only") for r in rows)
    assert [r["step"] for r in rows] == sorted(r["step"] for r in rows)
    for r in rows:
        assert reviewed.game.history[r["step"]] == r["played"]  # the choice the decision made
        assert r["loss"] >= 0
        if r["played"] == r["best"]:
            assert r["loss"] == 0 and r["label"] in ("best", "only") and r["explain"] == ""
        if r["label"] in LOST:
            assert r["played"] != r["best"] and r["loss"] > 0 and r["explain"]
    assert list(review["curve"]) == ["blue"] and review["curve"]["blue"]
    assert sum(review["counts"]["blue"].values()) == len(rows)
    assert "decisions reviewed" in review["message"]


def test_a_running_review_can_be_cancelled_and_says_so() -> None:
    game = Game.new(2, seed=1)
    while not game.over:
        game.choose(game.choice_ids[0])
    w = HickoryWidget(game)
    send(w, type="review", seat="blue")
    assert w.review["status"] == "running"
    send(w, type="review")  # a second one while it runs: refused, the first goes on
    assert "already running" in w.error
    send(w, type="review_cancel")
    w.wait_review(120)
    assert w.review["status"] == "cancelled" and w.review["message"] == "Review stopped."
    assert w.review["decisions"] == []


def test_a_jump_looks_back_before_the_decision_and_keeps_its_options_to_mark(reviewed: HickoryWidget) -> None:
    row = a_lost_decision(reviewed)
    before = reviewed.game.to_json()
    send(reviewed, type="review_jump", key=reviewed.review["key"], step=row["step"])
    view = reviewed.view
    assert reviewed.error == ""
    assert view["looking"] == {"step": row["step"], "steps": len(reviewed.game.history)}
    assert view["review_focus"]["step"] == row["step"] and view["review_focus"]["label"] == row["label"]
    offered = [c["id"] for c in view["decision"]["choices"]]
    assert row["best"] in offered and row["played"] in offered  # the board marks them (review.mjs)
    assert view["decision"]["player"] == "blue"
    assert reviewed.game.to_json() == before  # a look back changes nothing
    send(reviewed, type="look", step=None)
    assert "looking" not in reviewed.view and "review_focus" not in reviewed.view


def test_retry_from_here_is_judged_like_a_lesson_task(reviewed: HickoryWidget) -> None:
    row = a_lost_decision(reviewed)
    before = reviewed.game.to_json()
    send(reviewed, type="review_retry", key=reviewed.review["key"], step=row["step"])
    retry = reviewed.view["retry"]
    assert retry["tries"] == 0 and retry["verdict"] is None and "looking" not in reviewed.view
    offered = [c["id"] for c in reviewed.view["decision"]["choices"]]
    assert offered == game_at(reviewed.game, row["step"]).choice_ids  # the decision as it was, to take again
    send(reviewed, type="choose", id=row["played"], version=reviewed.view["version"])
    verdict = reviewed.view["retry"]["verdict"]
    assert reviewed.error == "" and verdict["correct"] is False
    assert verdict["loss"] == pytest.approx(row["loss"], abs=0.01)  # the option played keeps the review's value
    assert verdict["message"].startswith("Not the best:") and "points" in verdict["message"]
    assert reviewed.view["retry"]["tries_text"] == "Tries: 1"
    assert reviewed.view["decision"] is None or reviewed.view["decision"]["choices"] == []  # judged: no second pick
    send(reviewed, type="choose", id=row["best"], version=reviewed.view["version"])
    assert "Try again" in reviewed.error and reviewed.view["retry"]["tries"] == 1
    send(reviewed, type="review_again")
    assert reviewed.view["retry"]["verdict"] is None
    send(reviewed, type="choose", id=row["best"], version=reviewed.view["version"])
    retry = reviewed.view["retry"]
    assert retry["verdict"]["correct"] is True and retry["solved"] and retry["tries"] == 2
    assert retry["verdict"]["message"].startswith("Best!")
    assert reviewed.game.to_json() == before  # the retry is played on a separate game


def test_the_verdict_and_the_labels_speak_german(reviewed: HickoryWidget) -> None:
    row = a_lost_decision(reviewed)
    send(reviewed, type="language", lang="de")
    german = next(r for r in reviewed.review["decisions"] if r["step"] == row["step"])
    assert german["label_text"] in ("Ungenauigkeit", "Fehler", "grober Fehler")
    assert german["loss_text"].endswith("Punkte")
    assert "ausgewertet" in reviewed.review["message"]
    send(reviewed, type="review_jump", key=reviewed.review["key"], step=row["step"])
    assert reviewed.view["review_focus"] == german  # the decision shown is worded in German too
    send(reviewed, type="review_retry", key=reviewed.review["key"], step=row["step"])
    send(reviewed, type="choose", id=row["best"], version=reviewed.view["version"])
    verdict = reviewed.view["retry"]["verdict"]
    assert verdict["message"].startswith("Bestens!") and reviewed.view["retry"]["tries_text"] == "Versuche: 1"


@pytest.mark.parametrize(("intent", "said"), [
    ({"type": "review_jump", "key": "9:0000abcd", "step": 3}, "has changed since this review"),
    ({"type": "review_retry", "key": "9:0000abcd", "step": 3}, "has changed since this review"),
    ({"type": "review_jump", "key": None, "step": -1}, "field step"),
    ({"type": "review", "seat": "yellow"}, "no seat Yellow in this game; the seats are Blue, Red"),
    ({"type": "review", "seat": "purple"}, "field seat"),
    ({"type": "review_again"}, "No decision is being retried"),
])
def test_bad_and_stale_review_intents_are_refused_clearly_and_change_nothing(reviewed: HickoryWidget,
                                                                            intent: dict[str, Any], said: str) -> None:
    if intent.get("key") is None and "key" in intent:
        intent = {**intent, "key": reviewed.review["key"]}
    before, review, view = reviewed.game.to_json(), dict(reviewed.review), dict(reviewed.view)
    send(reviewed, **intent)
    assert said in reviewed.error
    assert reviewed.game.to_json() == before and reviewed.review == review
    assert reviewed.view["version"] == view["version"] and "looking" not in reviewed.view


def test_a_step_the_review_did_not_judge_is_refused(reviewed: HickoryWidget) -> None:
    judged = {r["step"] for r in reviewed.review["decisions"]}
    other = next(s for s in range(len(reviewed.game.history)) if s not in judged)  # a decision of Red's
    send(reviewed, type="review_jump", key=reviewed.review["key"], step=other)
    assert f"no decision at step {other}" in reviewed.error and "looking" not in reviewed.view


def test_no_jump_before_a_review_and_no_review_of_a_game_without_decisions() -> None:
    w = finished()
    send(w, type="review_jump", key="1:00000000", step=0)
    assert w.error == "Run the review first."
    fresh = HickoryWidget(Game.new(2, seed=1))
    send(fresh, type="review")
    assert "no decision has been made" in fresh.error and fresh.review == {}


def test_while_retrying_the_game_waits_and_undo_is_refused(reviewed: HickoryWidget) -> None:
    row = a_lost_decision(reviewed)
    send(reviewed, type="review_retry", key=reviewed.review["key"], step=row["step"])
    before = reviewed.game.to_json()
    for intent in ({"type": "undo"}, {"type": "play", "until": "end"}, {"type": "new_game"}):
        send(reviewed, **intent, version=reviewed.view["version"])
        assert "retrying a reviewed decision" in reviewed.error
        assert reviewed.game.to_json() == before
    send(reviewed, type="review_close")
    assert "retry" not in reviewed.view and reviewed.review["open"] is False
    send(reviewed, type="review")  # the same line: the review is shown again, not run again
    assert reviewed.review["open"] and reviewed.review["status"] == "done"


def test_the_review_goes_stale_when_the_game_changes(reviewed: HickoryWidget) -> None:
    key, step = reviewed.review["key"], a_lost_decision(reviewed)["step"]
    send(reviewed, type="undo", version=reviewed.view["version"])
    assert reviewed.error == ""
    assert reviewed.review["status"] == "stale" and reviewed.review["decisions"] == []
    assert "has changed since this review" in reviewed.review["message"]
    send(reviewed, type="review_jump", key=key, step=step)
    assert reviewed.error == "Run the review first." and "looking" not in reviewed.view


def test_expected_margins_are_off_by_default_and_follow_the_board_in_the_background() -> None:
    w = HickoryWidget(Game.new(2, seed=4), seats={"yellow": "greedy"})
    assert w.show_margins is False and w.margins == {}
    send(w, type="toggle", name="show_margins")
    assert w.show_margins is True
    w.wait_margins()
    first = w.margins
    assert first["status"] == "done" and first["viewer"] == "blue"  # the one person at the screen
    assert {r["player"] for r in first["rows"]} == {"blue", "yellow"}
    assert all(r["low"] <= r["value"] <= r["high"] for r in first["rows"])
    assert first["message"] == "as Blue can know it"
    send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"])
    assert w.error == ""
    w.wait_margins()
    assert w.margins["status"] == "done" and w.margins["key"] != first["key"]
    send(w, type="toggle", name="show_margins")
    assert w.show_margins is False and w.margins == {}


def test_expected_margins_stay_hidden_when_people_share_the_screen_and_a_bot_decides() -> None:
    """Hidden is hidden: with two people at one screen the evaluation is made on the deciding person's knowledge;
    while a bot decides, on nobody's, so nothing is shown."""
    w = HickoryWidget(Game.new(3, seed=2), seats={"blue": "greedy"})
    people = [p for p in w.players if p != "blue"]
    steps = [s for s in range(len(w.game.history) + 1)]
    assert w.game.decision.player in people
    w.show_margins = True
    w.wait_margins()
    assert w.margins["status"] == "done" and w.margins["viewer"] == w.game.decision.player
    while len(w.game.history) < 40:  # on until a bot's decision lies in the past, to look back at
        send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"])
        steps = [s for s in range(len(w.game.history)) if game_at(w.game, s).decision.player == "blue"]
        if steps:
            break
    assert steps, "Blue (the bot) decided at some step"
    send(w, type="look", step=steps[0])
    assert w.margins["status"] == "hidden" and w.margins["rows"] == [] and w.margins["viewer"] is None


def test_the_lesson_widget_has_no_evaluation_toggle() -> None:
    from hickory_widget.lessons.widget import LessonWidget

    assert "show_margins" not in LessonWidget.class_trait_names()


def test_where_threads_cannot_start_the_review_runs_cooperatively_in_the_event_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In the browser (JupyterLite) the review is an asyncio task (``review_async``): the kernel's loop answers
    clicks between its batches, and the result is the same kind of review."""
    import asyncio

    from hickory_widget.hickory.board import coach

    monkeypatch.setattr(coach, "THREADS", False)

    async def run() -> HickoryWidget:
        w = finished()
        send(w, type="review")
        assert w.review["status"] == "running" and w._review_job._thread is None
        send(w, type="dismiss")  # the widget answers while the review runs
        await w._review_job._task
        return w

    # on a thread of its own: in a full run Playwright's event loop already runs on pytest's thread
    with ThreadPoolExecutor(1) as alone:
        w = alone.submit(asyncio.run, run()).result()
    assert w.review["status"] == "done" and w.review["decisions"]

"""A finished review travels with the game's save (issue 27, item 3): the widget's save (``HickoryWidget.to_json``)
holds it, ``Game.from_json`` checks it against the game it loads, and a widget given the loaded game shows it at
once. A review that does not fit (malformed, another game, other moves) refuses the whole load with a sentence
naming the field and what is wrong; a save without a review loads as before. A seat's save carries only that seat's
own judgements (hidden is hidden).

The game: two players from the last hour, played to the end by bots, both seats then made people's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hickory_widget import Game, Position
from hickory_widget.core.doors import check_plain
from hickory_widget.core.protocol import SaveError
from hickory_widget.core.review import SAVE_FIELD
from hickory_widget.hickory.widget import HickoryWidget

FAST = {"max_playouts": 16, "seed": 2}


def finished() -> HickoryWidget:
    game = Position(players=["blue", "red"], seed=4).hour(11).minute(6).game(play_on=True)
    w = HickoryWidget(game, seats={"red": "greedy", "blue": "random"})
    w.set_seats({"blue": "human", "red": "human"})
    assert w.game.over
    return w


@pytest.fixture(scope="module")
def reviewed() -> HickoryWidget:
    """The finished game, every seat reviewed."""
    w = finished()
    w.start_review("all", wait=True, **FAST)
    assert w.review["status"] == "done", w.review
    return w


@pytest.fixture(scope="module")
def saved(reviewed: HickoryWidget) -> str:
    return reviewed.to_json()


@pytest.fixture(scope="module")
def midgame() -> HickoryWidget:
    """The same game taken back to move 14 (Blue to decide), every seat reviewed."""
    w = finished()
    while len(w.game.history) > 14:
        w.game.undo()
    w.refresh()
    w.start_review("all", wait=True, **FAST)
    assert w.review["status"] == "done", w.review
    return w


def edited(text: str, change: Any) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def refusal(text: str) -> str:
    with pytest.raises(SaveError) as caught:
        Game.from_json(text)
    return str(caught.value)


def comparable(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows without the values a one-option decision lacks (NaN is not equal to itself)."""
    return [{k: v for k, v in r.items() if r["label"] != "only" or k not in ("value", "best_value", "ci", "best_ci")}
            for r in rows]


def test_the_save_holds_the_review_and_loads_back_with_it_shown_at_once(reviewed: HickoryWidget, saved: str) -> None:
    data = json.loads(saved)
    assert [r["seats"] for r in data[SAVE_FIELD]] == [["blue"], ["red"]]
    game = Game.from_json(saved)
    assert game.history == reviewed.game.history
    assert [r.seats for r in game.saved_reviews] == [("blue",), ("red",)]
    w = HickoryWidget(game)  # no review is run: the saved one is shown
    assert w.review["status"] == "done" and w.review["open"]
    assert comparable(w.review["decisions"]) == comparable(reviewed.review["decisions"])
    assert w.review["counts"] == reviewed.review["counts"] and w.review["curve"] == reviewed.review["curve"]
    assert w.review["message"] == reviewed.review["message"]
    lost = next(r for r in w.review["decisions"] if r["label"] in ("inaccuracy", "mistake", "blunder", "good"))
    w.jump(lost["step"])  # the saved review is a review like a fresh one: a jump shows the decision
    assert w.view["review_focus"]["step"] == lost["step"]


def test_the_saved_review_is_worded_again_in_the_widgets_language(reviewed: HickoryWidget, saved: str) -> None:
    w = HickoryWidget(Game.from_json(saved), language="de")
    assert "Entscheidungen" in w.review["message"]
    assert all(r["label_text"] for r in w.review["decisions"])
    assert [r["played"] for r in w.review["decisions"]] == [r["played"] for r in reviewed.review["decisions"]]


def test_a_save_holds_whole_numbers_only_and_saves_again_the_same(saved: str) -> None:
    text = HickoryWidget(Game.from_json(saved)).to_json()
    assert json.loads(text) == json.loads(saved)
    check_plain(json.loads(saved))  # whole numbers only, as every save (core/doors.py)


def test_an_old_save_without_a_review_still_loads_and_shows_none(reviewed: HickoryWidget) -> None:
    game = Game.from_json(reviewed.game.to_json())
    assert game.saved_reviews == ()
    assert HickoryWidget(game).review == {}


def test_a_widget_without_a_review_saves_the_game_alone() -> None:
    w = finished()
    assert w.to_json() == w.game.to_json()


def test_a_review_of_another_line_is_not_saved(reviewed: HickoryWidget) -> None:
    w = finished()
    w.start_review("blue", wait=True, **FAST)
    w.game.undo()
    w.refresh()
    assert w.review["status"] == "stale"
    assert SAVE_FIELD not in json.loads(w.to_json())


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: d["review"][0]["judgements"].pop(0), "judges no decision at step"),
    (lambda d: d["review"][0]["judgements"][0].update(played="jump_off"), "another game or other moves"),
    (lambda d: d["review"][0]["judgements"][0].update(step=0), "another game or other moves"),
    (lambda d: d["review"][0]["judgements"][0].update(label="brilliant"), "unknown label 'brilliant'"),
    (lambda d: d["review"][0]["judgements"][0].update(value="1.5"), "must be a whole number"),
    (lambda d: d["review"][0].update(seats=["green"]), "'green', who is not a player"),
    (lambda d: d["review"][0].pop("curve"), "incomplete or malformed"),
    (lambda d: d["review"][0].update(format="chess-review"), "not a saved review"),
    (lambda d: d.update(review={"seats": ["blue"]}), "must be a list of saved reviews"),
    (lambda d: d["review"].append(d["review"][0]), "blue is reviewed twice"),
])
def test_a_review_that_does_not_fit_refuses_the_load_saying_what_is_wrong(saved: str, change: Any, says: str) -> None:
    message = refusal(edited(saved, change))
    assert "saved game field 'review'" in message and says in message
    assert "loads without it once the field is removed" in message


def test_a_review_of_another_game_is_refused(saved: str, midgame: HickoryWidget) -> None:
    other = json.loads(midgame.to_json())
    message = refusal(edited(saved, lambda d: d.update(review=other[SAVE_FIELD])))
    assert "saved game field 'review'" in message
    game = Game.from_json(edited(saved, lambda d: d.pop(SAVE_FIELD)))  # the game itself loads without it
    assert game.over and game.saved_reviews == ()


def test_a_seat_save_carries_only_that_seats_own_judgements(midgame: HickoryWidget) -> None:
    """Hidden is hidden: Red's decisions were judged on Red's copy of the game; Blue's save must not hold them."""
    blue = json.loads(midgame.to_json(seat="blue"))
    assert blue["seat"] == "blue"
    (review,) = blue[SAVE_FIELD]
    assert review["seats"] == ["blue"] and {j["player"] for j in review["judgements"]} == {"blue"}
    # the seat's copy begins at its last checkpoint: the judgements are counted from there, and only those kept
    start = len(midgame.game.history) - len(blue["history"])
    mine = [r for r in midgame.review["decisions"] if r["player"] == "blue" and r["step"] >= start]
    assert [j["step"] + start for j in review["judgements"]] == [r["step"] for r in mine]
    assert all(blue["history"][j["step"]] == j["played"] for j in review["judgements"])
    red_steps = {r["step"] + 1 - start for r in midgame.review["decisions"] if r["player"] == "red"}
    assert not red_steps & {a for pts in review["curve"].values() for a, _ in pts}  # no point measured by Red
    w = HickoryWidget(Game.from_json(midgame.to_json(seat="blue")))
    assert w.review["status"] == "done" and {r["player"] for r in w.review["decisions"]} == {"blue"}


def test_a_seat_save_holding_another_seats_review_is_refused(midgame: HickoryWidget) -> None:
    blue = midgame.to_json(seat="blue")
    message = refusal(edited(blue, lambda d: d[SAVE_FIELD][0].update(seats=["red"])))
    assert "this is blue's save: it may hold a review of blue's decisions only, not of red" in message


def test_a_finished_games_seat_save_holds_only_the_judgements_of_its_own_moves(reviewed: HickoryWidget) -> None:
    """A seat save keeps the moves since the seat's last checkpoint: a review rides along only for Blue's decisions
    among them, and none at all when there is none."""
    blue = json.loads(reviewed.to_json(seat="blue"))
    start = len(reviewed.game.history) - len(blue["history"])
    mine = [r for r in reviewed.review["decisions"] if r["player"] == "blue" and r["step"] >= start]
    if not mine:
        assert SAVE_FIELD not in blue
    else:
        (review,) = blue[SAVE_FIELD]
        assert {j["player"] for j in review["judgements"]} == {"blue"}
        assert [j["step"] + start for j in review["judgements"]] == [r["step"] for r in mine]

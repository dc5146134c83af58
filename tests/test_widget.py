"""The widget without a browser: its traits after each change, and intents applied or refused.

The browser sends intents with the version of the board it showed; the tests send the same messages."""

from __future__ import annotations

from typing import Any

import pytest

from hickory_widget import Game
from hickory_widget.widget import HickoryWidget, bundle


def send(w: HickoryWidget, **content: Any) -> None:
    w._on_msg(w, content, [])


@pytest.fixture
def widget() -> HickoryWidget:
    return HickoryWidget(Game.new(4, seed=1))


def test_the_view_trait_shows_the_game_and_its_legal_choices(widget: HickoryWidget) -> None:
    view = widget.view
    assert view["version"] == 1 and widget.error == ""
    assert [c["id"] for c in view["decision"]["choices"]] == widget.game.choice_ids
    assert view["decision"]["prompt"] == widget.game.decision.prompt
    assert view["clock"]["minute"] == widget.game.state.minute
    assert {p["color"] for p in view["players"]} == {"blue", "yellow", "red", "brown"}


def test_a_choice_intent_advances_the_game_and_the_version(widget: HickoryWidget) -> None:
    first = widget.game.choice_ids[0]
    send(widget, type="choose", id=first, version=1)
    assert widget.error == ""
    assert widget.game.history == [first]
    assert widget.view["version"] == 2 and widget.view["can_undo"] is True


def test_a_stale_intent_is_refused_visibly_and_changes_nothing(widget: HickoryWidget) -> None:
    send(widget, type="choose", id=widget.game.choice_ids[0], version=1)
    before = widget.game.to_json()
    send(widget, type="choose", id=widget.game.choice_ids[0], version=1)  # a second click on the old board
    assert "older board" in widget.error and "version 1" in widget.error and "version 2" in widget.error
    assert widget.game.to_json() == before and widget.view["version"] == 2


@pytest.mark.parametrize("content", [{"type": "fly"}, {"nothing": 1}, {"type": None}])
def test_a_malformed_intent_is_refused_with_what_is_understood(widget: HickoryWidget, content: dict) -> None:
    before = widget.game.to_json()
    send(widget, **content)
    assert "does not understand" in widget.error and "choose" in widget.error
    assert widget.game.to_json() == before


def test_an_illegal_choice_is_refused_with_the_legal_ones(widget: HickoryWidget) -> None:
    send(widget, type="choose", id="fly_to_the_moon", version=1)
    assert "'fly_to_the_moon' is not a legal choice" in widget.error
    assert all(c in widget.error for c in widget.game.choice_ids)
    assert widget.game.history == []


def test_undo_and_redo_intents(widget: HickoryWidget) -> None:
    first = widget.game.choice_ids[0]
    send(widget, type="choose", id=first, version=1)
    send(widget, type="undo", version=2)
    assert widget.game.history == [] and widget.view["can_redo"] is True
    send(widget, type="redo", version=3)
    assert widget.game.history == [first]
    send(widget, type="redo", version=4)
    assert "nothing to redo" in widget.error


def test_bots_take_their_seats_until_a_human_must_decide() -> None:
    w = HickoryWidget(Game.new(2, seed=3), seats={"yellow": "greedy"})
    assert w.game.decision.player == "blue"  # yellow's decisions were all taken by its bot
    for _ in range(40):
        send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"])
        assert w.game.over or w.game.decision.player == "blue"
    with pytest.raises(ValueError, match="seat kind for blue must be one of human, random, greedy"):
        w.set_seats({"blue": "clever"})


def test_play_on_to_the_end_of_the_tick_and_of_the_game(widget: HickoryWidget) -> None:
    minute = widget.game.state.minute
    send(widget, type="play", until="tick", version=1)
    assert widget.game.state.minute != minute and widget.error == ""
    widget.play("end")
    assert widget.game.over and widget.view["over"] and widget.view["standings"]


def test_new_game_intent(widget: HickoryWidget) -> None:
    send(widget, type="new_game", players=2, seed=9, version=1)
    assert widget.game.state.colors == ["blue", "yellow"] and widget.game.history == []


def test_an_exception_in_a_callback_is_shown_not_lost(widget: HickoryWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user reads one short sentence (issue 8: never a traceback); the traceback goes to the developer log."""
    def broken(_choice: str) -> None:
        raise RuntimeError("the cat ate the engine")

    monkeypatch.setattr(widget.game, "choose", broken)
    send(widget, type="choose", id="stay", version=1)
    assert "developer log" in widget.error and "Traceback" not in widget.error and "\n" not in widget.error
    assert "RuntimeError: the cat ate the engine" in widget.developer_log[-1]


def test_toggles_and_the_game_shortcut() -> None:
    w = Game.new(1, seed=2).widget()
    assert isinstance(w, HickoryWidget) and w.animate is True
    send(w, type="toggle", name="animate")
    assert w.animate is False
    send(w, type="toggle", name="everything")
    assert "cannot toggle 'everything'" in w.error


def test_the_front_end_is_one_module_with_a_default_export() -> None:
    esm = bundle()
    assert esm.count("export default") == 1
    assert "\nimport " not in esm


def test_why_cant_i_answers_for_a_space_under_a_cat_paw() -> None:
    """R111 and the "why can't I?" question: a Scurrier on the hand at 4 with a paw on 5 cannot leap there; a click
    on outer 5 asks why, and the answer names the paw and the rule, in the widget's language."""
    from hickory_widget import Position

    pos = Position(["blue", "red"], seed=5).empty_leaves().no_favors().minute(3).paws(5)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "inner 11")
    w = HickoryWidget(pos.mouse("blue.scurrier", "hand").game())
    before = w.game.to_json()
    send(w, type="why", target={"type": "outer", "number": 5})
    assert "cat paw" in w.explanation and "R111" in w.explanation
    send(w, type="why", target={"type": "outer", "number": 8})
    assert "R89" in w.explanation  # out of a Scurrier's reach
    w.language = "de"
    send(w, type="why", id="leap:5")
    assert "Katzentatze" in w.explanation
    assert w.game.to_json() == before  # asking changes nothing
    send(w, type="choose", id="stay", version=w.view["version"])
    assert w.explanation == ""

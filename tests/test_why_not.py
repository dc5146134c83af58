"""Why can't I? Each answer names the rule that forbids the option (the rule ids are the test's subject)."""

from __future__ import annotations

import pytest

from hickory_widget import Game, Position
from hickory_widget.hickory.words.why_not import why_not


def quiet(minute: int = 3) -> Position:
    pos = Position(["blue", "red"], seed=5).empty_leaves().no_favors().minute(minute)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "inner 11")
    return pos


@pytest.mark.parametrize(("mouse", "option", "rule"), [
    ("blue.scurrier", "leap:5", "R111"),      # a paw lies on 5
    ("blue.scurrier", "leap:7", "R89"),       # 3 spaces: out of a Scurrier's reach
    ("blue.spotter", "leap:6", "R89"),        # only a Scurrier leaps
])
def test_R111_R89_why_a_leap_is_not_offered(mouse: str, option: str, rule: str) -> None:
    game = quiet().paws(5).mouse(mouse, "hand").game()
    assert option not in game.choice_ids
    assert rule in why_not(game, option)


def test_R46_an_inner_mouse_cannot_stay() -> None:
    game = quiet().mouse("blue.spotter", "inner 4").game()
    assert game.decision.kind == "inner_mouse"
    assert "R46" in why_not(game, "stay")


def test_R84_no_favor_leap_from_an_outer_space() -> None:
    game = quiet().favor("blue", "F06").token(4, "T-CLIMB3").mouse("blue.spotter", "hand").game()
    game.choose("jump_off")
    assert game.decision.kind == "action"
    assert "R84" in why_not(game, "favor_leap:F06:6")


def test_R70_R73_a_cost_that_cannot_be_paid() -> None:
    game = quiet().token(4, "T-MARKET").mouse("blue.spotter", "hand").game()
    game.choose("jump_off")
    assert "act:0" not in game.choice_ids or game.decision is None or game.decision.kind != "action"
    game2 = quiet().token(4, "T-MARKET").mouse("blue.spotter", "hand").favor("blue", "F07").game()
    game2.choose("jump_off")
    assert game2.decision.kind == "action" and "act:0" not in game2.choice_ids
    answer = why_not(game2, "act:0")
    assert "R73" in answer and "1" in answer


def test_legal_and_unknown_options_get_plain_answers() -> None:
    game = Game.new(2, seed=1)
    assert why_not(game, game.choice_ids[0]) == "That is allowed right now."
    answer = why_not(game, "fly")
    assert "What you can do" in answer and game.choices[0].label in answer
    assert "Katzentatze" in why_not(quiet().paws(5).mouse("blue.scurrier", "hand").game(), "leap:5", "de")
    assert "zampa di gatto" in why_not(quiet().paws(5).mouse("blue.scurrier", "hand").game(), "leap:5", "it")

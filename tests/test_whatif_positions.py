"""Positions for what-if users (issue 12): the live board, no silent play past empty Ticks, naming only what
matters, hunt boards by name."""

from __future__ import annotations

import random

import pytest

from hickory_widget import Game, Position, PositionError
from hickory_widget.hickory.positions.position import to_data


def test_the_live_board_mid_tick_and_a_finished_games_last_board() -> None:
    game = Game.new(2, seed=4)
    rng = random.Random(4)
    while len(game.history) < 30 or game.position() == game.position(live=True):
        game.choose(rng.choice(game.choice_ids))
    live = game.position(live=True)
    assert live == to_data(game.state) and live != game.position()
    while not game.over:
        game.choose(rng.choice(game.choice_ids))
    last = game.position(live=True)
    assert last["phase"] == "over"
    assert {c: sum(b["score"].values()) for c, b in last["boards"].items()} == game.scores


def test_R40b_a_built_position_whose_first_tick_is_empty_is_not_played_on_silently() -> None:
    """R40b: a Tick with no mouse on the hand and none on the inner space at its number does nothing; a built
    position that starts with such Ticks says so instead of rolling on to someone's decision."""
    pos = Position(["blue", "red"], seed=2).empty_leaves().no_favors().minute(3).only()
    with pytest.raises(PositionError, match=r"move the hand to 4, 5, .*play_on=True"):
        pos.game()
    game = pos.game(play_on=True)
    assert any(e["kind"] == "tick_empty" for e in game.events) and game.decision is not None


def test_naming_only_what_matters_puts_the_other_mice_out_of_the_way() -> None:
    pos = (Position(["blue", "red"], seed=3).empty_leaves().no_favors().minute(5)
           .mouse("blue.spotter", "hand").only("blue.spotter"))
    mice = pos.data["mice"]
    assert mice["blue.spotter"] == "hand"
    assert mice["red.scamp"] == "card" and mice["blue.scamp"] == "card"
    assert {where for m, where in mice.items() if not m.endswith((".scamp", "blue.spotter"))} == {"inner 5"}
    game = pos.game()
    assert game.decision.kind == "hand_mouse" and game.decision.context["mouse"] == "blue.spotter"
    with pytest.raises(ValueError, match="unknown mice"):
        pos.only("green.spotter")


def test_only_steps_back_from_a_cat_paw() -> None:
    """R111: no mouse may stand under a paw, so the parking number moves back past covered numbers."""
    pos = Position(["blue", "red"], seed=3).minute(5).paws(5, 4).mouse("blue.spotter", "hand").only("blue.spotter")
    assert pos.data["mice"]["red.spotter"] == "inner 3"


def test_a_hunt_board_picked_by_name_is_exchanged_with_its_holder() -> None:
    pos = Position(["blue", "red"], seed=5)
    boards = pos.data["boards"]
    red_board, blue_board = boards["red"]["hunt_board"], boards["blue"]["hunt_board"]
    pos.hunt_board("blue", red_board)
    assert boards["blue"]["hunt_board"] == red_board and boards["red"]["hunt_board"] == blue_board
    free = next(b.id for b in pos.c.hunt_boards if b.id not in (red_board, blue_board))
    pos.hunt_board("red", free)
    assert boards["red"]["hunt_board"] == free
    pos.check()
    with pytest.raises(ValueError, match=r"no hunt board 'HB99'; hunt boards: \['HB1'"):
        pos.hunt_board("red", "HB99")
    with pytest.raises(ValueError, match="no player 'green'"):
        pos.hunt_board("green", free)

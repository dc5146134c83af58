"""Built positions that several test files play from."""

from __future__ import annotations

from hickory_widget import Game, Position


def delivery_choice() -> Game:
    """R78, R103, R104: Blue's Scavenger jumps off at the Deliver token with four items, claims the purple thimble
    there and must now act or decline: the five items score 18 with quest Q07."""
    pos = Position(players=["blue", "red"], seed=3).empty_leaves().no_favors().hour(10).quests("Q07")
    for mouse in list(pos.data["mice"]):
        if not mouse.endswith(".scamp"):
            pos.mouse(mouse, "inner 11")
    pos.minute(5).mouse("blue.scavenger", "hand").leaf(6, "purple thimble")
    for spec in ("purple button", "red button", "green feather", "wild"):
        pos.tile(spec, "blue.scavenger")
    game = pos.game()
    for choice in ("jump_off", "claim:blue.scavenger"):
        game.choose(choice)
    assert game.decision.kind == "action"
    assert game.choice_ids == ["act:0", "decline"] and len(game.history) == 2
    return game

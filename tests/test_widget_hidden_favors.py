"""R94 (favor cards are secret) on Hickory Dickory's board: the widget sends the browser only the favor cards the
people at the screen may see, so nothing it sends depends on a bot's or another person's hand (issue 20)."""

from __future__ import annotations

import json

from hickory_widget import Game, HickoryWidget, Position


def table(blue: list[str], red: list[str]) -> Game:
    """Blue and red at a Tick boundary, each holding the named favor cards (the rest stay in the deck)."""
    pos = Position(players=["blue", "red"], seed=3).no_favors()
    for color, cards in (("blue", blue), ("red", red)):
        for card in cards:
            pos.favor(color, card)
    return pos.game(play_on=True)


def sent(w: HickoryWidget) -> str:
    """Everything the board sends the browser about the table (the view, without its version counter)."""
    return json.dumps({k: v for k, v in w.view.items() if k != "version"}, sort_keys=True)


def test_R94_a_bots_favor_cards_never_reach_the_browser() -> None:
    """Blue is the one person at the screen, red a bot: red's cards travel as placeholders, blue's in full."""
    w = HickoryWidget(table(["F01"], ["F02", "F03"]), seats={"red": "random"})
    players = {p["color"]: p for p in w.view["players"]}
    assert [f["id"] for f in players["blue"]["favors"]] == ["F01"]
    assert [f.get("hidden") for f in players["red"]["favors"]] == [True, True]
    assert "F02" not in sent(w) and "F03" not in sent(w)


def test_R94_two_tables_that_differ_only_in_the_bots_hand_look_the_same() -> None:
    """Indistinguishability: swap red's hidden cards for others; what blue's screen is sent stays byte for byte."""
    one = HickoryWidget(table(["F01"], ["F02", "F03"]), seats={"red": "random"})
    two = HickoryWidget(table(["F01"], ["F04", "F05"]), seats={"red": "random"})
    assert one.game.decision.player == "blue"  # the person decides; the bot's cards are all that differ
    assert one.game.state.player("red").favors != two.game.state.player("red").favors
    assert sent(one) == sent(two)
    assert (one.log_pages, one.log_tail) == (two.log_pages, two.log_tail)


def test_R94_show_secrets_is_the_authors_setting_not_the_browsers() -> None:
    """The browser's "show secrets" toggle is refused unless the notebook's author allowed it from Python."""
    w = HickoryWidget(table(["F01"], ["F02"]), seats={"red": "random"})
    w._on_msg(w, {"type": "toggle", "name": "show_secrets", "version": w.view["version"]}, [])
    assert w.error and "F02" not in sent(w) and w.view["secrets_allowed"] is False
    allowed = HickoryWidget(table(["F01"], ["F02"]), seats={"red": "random"}, allow_secrets=True)
    allowed._on_msg(allowed, {"type": "toggle", "name": "show_secrets", "version": allowed.view["version"]}, [])
    assert "F02" in sent(allowed)


def test_R94_every_hand_is_shown_when_the_game_is_over_or_to_a_teacher() -> None:
    """With nobody's hand to protect (the static picture, no seats given), the board shows every card."""
    from hickory_widget.hickory.board.view import build

    game = table(["F01"], ["F02"])
    assert "F02" in json.dumps(build(game, with_log=False))
    assert "F02" not in json.dumps(build(game, with_log=False, seen_by={"blue"}))

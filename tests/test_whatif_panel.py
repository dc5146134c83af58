"""The "what if?" panel (issue 12): compares the options of the board's decision, shows progress, cancels,
and a click on an option's bar takes it through the widget."""

from __future__ import annotations

import pytest

from hickory_widget import Position
from hickory_widget.core.whatif_panel import WhatIfPanel
from hickory_widget.hickory.analysis.whatif import SerialExecutor


def delivery_position():
    """R78, R103: Blue's Scavenger about to jump off next to a purple thimble and the Deliver token."""
    pos = Position(players=["blue", "red"], seed=3).empty_leaves().no_favors().hour(10).quests("Q07")
    pos.minute(5).mouse("blue.scavenger", "hand").leaf(6, "purple thimble").only("blue.scavenger")
    for spec in ("purple button", "red button", "green feather", "wild"):
        pos.tile(spec, "blue.scavenger")
    return pos.game()


def test_the_panel_compares_the_current_decision_and_takes_a_clicked_option() -> None:
    w = delivery_position().widget()
    panel = w.what_if(playouts=3, executor=SerialExecutor())
    assert panel.decision["player"] == "blue"
    assert [o["id"] for o in panel.decision["options"]] == w.game.choice_ids
    panel.run(wait=True)
    assert panel.status == "done" and panel.done == panel.total == 3 * len(w.game.choice_ids)
    assert [r["id"] for r in panel.rows] == w.game.choice_ids
    assert sum(r["best"] for r in panel.rows) == 1
    assert all(r["low"] <= r["mean"] <= r["high"] for r in panel.rows)
    version = w.view["version"]
    key = panel.decision["key"]
    panel._on_msg(panel, {"type": "take", "choice": "jump_off", "key": key})  # a click on the bar
    assert w.game.history == ["jump_off"] and w.view["version"] > version  # the board redrew
    assert panel.rows == [] and panel.decision["key"] != key  # the panel follows the new decision


def test_a_stale_click_changes_nothing_and_says_why() -> None:
    game = delivery_position()
    panel = WhatIfPanel(game, playouts=2, executor=SerialExecutor())
    old_key = panel.decision["key"]
    game.choose("jump_off")
    panel.refresh()
    panel._on_msg(panel, {"type": "take", "choice": "claim:blue.scavenger", "key": old_key})
    assert game.history == ["jump_off"]
    assert "moved on" in panel.message


def test_bad_playouts_are_refused() -> None:
    panel = WhatIfPanel(delivery_position(), executor=SerialExecutor())
    panel._on_msg(panel, {"type": "run", "playouts": "many"})
    assert panel.status == "idle" and "whole number" in panel.message
    with pytest.raises(Exception, match="from 1 to 100000"):
        panel.playouts = 0
    with pytest.raises(TypeError, match="HickoryWidget or a Game"):
        WhatIfPanel("game")


def test_cancel_stops_a_running_comparison() -> None:
    panel = WhatIfPanel(delivery_position(), playouts=30, executor=SerialExecutor())
    panel.run()
    panel._on_msg(panel, {"type": "cancel"})
    panel.wait(60)
    assert panel.status == "cancelled" and panel.rows == []


def test_the_panel_speaks_the_widgets_language() -> None:
    w = delivery_position().widget()
    panel = w.what_if(executor=SerialExecutor())
    english = panel.decision["prompt"]
    w.language = "de"
    assert panel.strings["run"] == "Starten"
    assert panel.decision["prompt"] != english and "Blau" in panel.decision["prompt"]


def test_the_panel_follows_its_boards_projector_setting() -> None:
    """Large print is for the whole screen: a panel opened on a board in large print, or switched later, has it too;
    a panel on a bare game keeps its own setting."""
    w = delivery_position().widget(projector=True)
    panel = w.what_if(executor=SerialExecutor())
    assert panel.projector
    w.projector = False
    assert not panel.projector
    w._on_msg(w, {"type": "projector", "on": True}, [])  # the board's own checkbox
    assert panel.projector
    alone = WhatIfPanel(delivery_position(), executor=SerialExecutor())
    assert not alone.projector

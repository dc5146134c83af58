"""What-if analysis through the protocol only, on Clocktowers: an option that completes a tower ends better on
average than throwing the roof away, and the game looked at is left unchanged."""

from __future__ import annotations

import pytest

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core import IllegalChoice
from hickory_widget.core.bots import GreedyBot
from hickory_widget.core.whatif import compare, outlook


def position() -> ClocktowersGame:
    return ClocktowersGame.from_position({
        "players": ["A", "B"], "turn": "A",
        "hands": {"A": ["roof.red.1", "floor1.cats.1", "floor1.plain.1"], "B": ["floor1.cats.2", "floor1.plain.2",
                                                                               "clock.plain.2"]},
        "decks": {"floors": ["floor2.plain.1", "floor2.cats.1", "floor1.plain.3"], "roofs": ["roof.blue.1"],
                  "clocks": ["clock.plain.3"]},
        "towers": [{"id": "t1", "owner": "A", "floors": ["floor2.plain.2"], "clock": "clock.plain.1"}],
    })


def test_completing_a_tower_has_the_better_outlook_and_nothing_changes() -> None:
    g = position()
    before = g.to_json()
    ranked = compare(g, ["play:roof.red.1:t1", "discard:roof.red.1"], runs=6, bot=GreedyBot)
    assert [o.option for o in ranked] == ["play:roof.red.1:t1", "discard:roof.red.1"]
    assert ranked[0].scores["A"] >= 5  # the completed t1 is worth 5 in every run (C12)
    assert ranked[0].margin > ranked[1].margin and ranked[0].runs == 6
    assert g.to_json() == before


def test_an_illegal_option_is_refused() -> None:
    with pytest.raises(IllegalChoice, match=r"not a legal choice now; legal: play:roof\.red\.1:t1"):
        outlook(position(), "play:roof.red.1:new")

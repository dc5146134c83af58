"""What-if analysis through the protocol only, on the card games: an option that completes a tower ends better on
average than throwing the roof away, the rows are the same whatever executor runs them, and the game looked at is
left unchanged."""

from __future__ import annotations

import pytest

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.clocktowers.rules.options import OWN_TOWERS
from hickory_widget.core import IllegalChoice
from hickory_widget.core.bots import GreedyBot
from hickory_widget.core.whatif import ReplayPlayouts, SerialExecutor, compare, outlook


def position() -> ClocktowersGame:
    return ClocktowersGame.from_position({
        "players": ["A", "B"], "turn": "A",
        "hands": {"A": ["roof.red.1", "floor1.cats.1", "floor1.plain.1"], "B": ["floor1.cats.2", "floor1.plain.2",
                                                                               "clock.plain.2"]},
        "decks": {"floors": ["floor2.plain.1", "floor2.cats.1", "floor1.plain.3"], "roofs": [],
                  "clocks": ["clock.plain.3"]},
        "towers": [{"id": "t1", "owner": "A", "floors": ["floor2.plain.2"], "clock": "clock.plain.1"}],
        "options": OWN_TOWERS,  # each builds on their own towers: the roof now is clearly worth most (C12)
        # and no other roof is left to draw, so a bot that looks past its draw cannot make up for a thrown roof
    })


def test_completing_a_tower_has_the_better_outlook_and_nothing_changes() -> None:
    g = position()
    before = g.to_json()
    roof, throw = (outlook(g, o, runs=6, bot=GreedyBot) for o in ("play:roof.red.1:t1", "discard:roof.red.1"))
    assert roof.scores["A"] >= 5  # the completed t1 is worth 5 in every run (C12)
    assert roof.margin > throw.margin and roof.runs == 6
    assert g.to_json() == before


def test_compare_ranks_the_options_with_intervals_on_any_executor() -> None:
    """C12: the roof on t1 scores 5 at once, so its row has the higher mean points and margin; the rows are the same
    played serially or on a process pool (playout k has the same chance seed for every option)."""
    g = position()
    before = g.to_json()
    options = ["play:roof.red.1:t1", "discard:roof.red.1"]
    serial = compare(g, options, playouts=12, seed=3, executor=SerialExecutor(), progress=False)
    assert isinstance(type(g).what_if_engine(), ReplayPlayouts)
    assert serial.player == "A" and [r.choice for r in serial.rows] == options
    assert serial.best.choice == "play:roof.red.1:t1"
    roof, throw = serial.rows
    assert min(roof.points) >= 5 and roof.mean_points > throw.mean_points and roof.playouts == 12
    assert roof.points_ci[0] <= roof.mean_points <= roof.points_ci[1] and 0 <= throw.win_rate <= 1
    pooled = compare(g, options, playouts=12, seed=3, progress=False, batch=5)
    assert pooled.rows == serial.rows
    assert g.to_json() == before
    with pytest.raises(ValueError, match="unknown bot 'mcts'; bots: \\['eager', 'greedy', 'random', 'search'\\]"):
        compare(g, options, playouts=2, bot="mcts", progress=False)


def test_an_illegal_option_is_refused() -> None:
    with pytest.raises(IllegalChoice, match=r"not a legal choice now; legal: play:roof\.red\.1:t1"):
        outlook(position(), "play:roof.red.1:new")


def test_the_what_if_panel_works_for_a_card_game_and_takes_the_best_option() -> None:
    """The widget's panel (core/whatif_panel.py) on Clocktowers: it reads A's decision, runs the playouts (on A's
    seat save: the decks dealt anew under their top cards), marks the best mean and a click on its bar plays it."""
    from hickory_widget.clocktowers.widget import ClocktowersWidget

    w = ClocktowersWidget(position(), seats={"B": "greedy"}, language="it")
    panel = w.what_if(playouts=4, executor=SerialExecutor())
    assert panel.decision["player"] == "A" and panel.decision["player_name"] == "A"
    assert {o["id"] for o in panel.decision["options"]} == set(w.game.choice_ids)
    assert panel.strings["title"] == "E se?"  # the panel speaks the widget's language (Italian here)
    panel.run(wait=True)
    assert panel.status == "done" and len(panel.rows) == len(w.game.choice_ids)
    best = next(r for r in panel.rows if r["best"])
    assert best["mean"] == max(r["mean"] for r in panel.rows) and best["low"] <= best["mean"] <= best["high"]
    panel._on_msg(panel, {"type": "take", "choice": best["id"], "key": panel.decision["key"]})
    assert w.game.history[0] == best["id"] and panel.rows == []  # the board moved on; old rows dropped

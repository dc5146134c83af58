"""Undo, redo, saves and positions of Clocktowers through the core runner: exact, and refusing bad input whole."""

from __future__ import annotations

import json

import pytest
from ct_helpers import game, position

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core import IllegalChoice, SaveError
from hickory_widget.core.bots import RandomBot


def played(n: int = 25, seed: int = 2) -> ClocktowersGame:
    g = ClocktowersGame.new(players=3, seed=seed)
    bots = {p: RandomBot(i) for i, p in enumerate(g.state.players)}
    for _ in range(n):
        g.choose(bots[g.decision.player].choose(g))
    return g


def test_undo_then_redo_restores_the_exact_state_and_events() -> None:
    g = played()
    before = (g.position(), g.to_json(), g.events, g.state.hands)
    taken = [g.undo() for _ in range(7)]
    assert len(g.history) == 18
    for entry in reversed(taken):
        assert g.redo() == entry
    assert (g.position(), g.to_json(), g.events, g.state.hands) == before


def test_undo_to_the_start_gives_the_new_game() -> None:
    g = played(6)
    while g.can_undo:
        g.undo()
    fresh = ClocktowersGame.new(players=3, seed=2)
    assert g.position() == fresh.position() and g.events == fresh.events


def test_a_new_choice_clears_redo() -> None:
    g = played(4)
    g.undo()
    g.choose(g.choice_ids[-1])
    with pytest.raises(IllegalChoice, match="nothing to redo"):
        g.redo()


def test_save_and_load_round_trip_including_redo() -> None:
    g = played(30)
    g.undo()
    loaded = ClocktowersGame.from_json(g.to_json())
    assert loaded.history == g.history and loaded.position() == g.position() and loaded.can_redo
    assert loaded.state.hands == g.state.hands and loaded.to_json() == g.to_json()


def test_a_game_from_a_position_saves_and_loads() -> None:
    g = game({"A": ["floor1.cats.1"], "B": ["floor1.cats.2"]})
    g.choose("play:floor1.cats.1:new")
    g.choose("draw:clocks")
    loaded = ClocktowersGame.from_json(g.to_json())
    assert loaded.state.tower("t1").floors == ["floor1.cats.1"] and loaded.decision.player == "B"


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: "not json", "JSON text"),
    (lambda d: {**d, "format": "hickory-game"}, "expected format 'clocktowers-game'"),
    (lambda d: {**d, "version": 9}, "version 9 is not supported"),
    (lambda d: {**d, "history": [*d["history"], "play:nothing:new"]}, "history entry 30"),
    (lambda d: {**d, "history": d["history"][:-1]}, "does not replay to the state"),
    (lambda d: {**d, "origin": {"setup": {**d["origin"]["setup"], "players": 7}}}, "2 to 4 players"),
    (lambda d: {**d, "origin": {"setup": {**d["origin"]["setup"], "colour": "red"}}}, "origin is invalid"),
    (lambda d: {**d, "history": "play"}, "list of choice ids"),
])
def test_a_malformed_save_is_refused_whole(edit, message: str) -> None:
    g = played(30)
    data = json.loads(g.to_json())
    edited = edit(data)
    with pytest.raises(SaveError, match=message):
        ClocktowersGame.from_json(edited if isinstance(edited, str) else json.dumps(edited))


@pytest.mark.parametrize(("change", "message"), [
    ({"players": ["A"]}, "2 to 4 players"),
    ({"turn": "Z"}, "turn must name a player"),
    ({"hands": {"A": ["floor1.cats.1"] * 2, "B": []}}, "placed twice"),
    ({"hands": {"A": ["floor1.cats.1", "floor1.cats.2", "floor1.cats.3", "floor1.cats.4"], "B": []}},
     "at most 3"),
    ({"hands": {"A": ["wall.red"], "B": []}}, "no card 'wall.red'"),
    ({"decks": {"floors": ["roof.red.1"], "roofs": [], "clocks": []}}, "only floor cards"),
    ({"towers": [{"id": "t1", "owner": "A", "floors": ["floor1.plain.1"], "roof": "roof.red.1"}]}, "no clock"),
    ({"towers": [{"id": "t1", "owner": "A", "floors": []}]}, "no floor card"),
    ({"towers": [{"id": "t1", "owner": "Q", "floors": ["floor1.plain.1"]}]}, "owner must be one of"),
    ({"removed": []}, "not each in exactly one place"),
    ({"colour": 1}, "unknown position fields"),
    ({"options": {"roofs_anywhere": True}}, "unknown option"),
    ({"step": "over", "hands": {"A": ["floor1.cats.1"], "B": []}}, "needs every hand played out"),
    ({"step": "lunch"}, "step is 'play', 'draw' or 'over'"),
])
def test_a_malformed_position_is_refused_saying_what_is_wrong(change: dict, message: str) -> None:
    data = {**position({"A": ["floor1.cats.3"], "B": []}), **change}
    with pytest.raises(ValueError, match=message):
        ClocktowersGame.from_position(data)


def test_a_position_where_nobody_could_play_is_refused() -> None:
    with pytest.raises(ValueError, match="every hand is empty but the decks still hold cards"):
        ClocktowersGame.from_position(position({"A": [], "B": []}))


def test_illegal_choices_are_refused_with_what_is_legal_and_change_nothing() -> None:
    g = game({"A": ["roof.red.1"], "B": []})
    before = g.to_json()
    with pytest.raises(IllegalChoice) as info:
        g.choose("play:roof.red.1:new")
    text = str(info.value)
    assert "'play:roof.red.1:new' is not a legal choice" in text
    assert "discard:roof.red.1 (Discard face down: red roof)" in text
    with pytest.raises(IllegalChoice, match="not 3"):
        g.choose(3)
    assert g.to_json() == before


def test_force_reveal_puts_the_named_card_face_up_next() -> None:
    g = ClocktowersGame.new(players=2, seed=1)
    hidden = g.state.decks["roofs"][5]
    with pytest.raises(IllegalChoice, match="not hidden in the roofs deck"):
        g.force("reveal", g.state.decks["roofs"][0])  # the top card is already face up
    with pytest.raises(IllegalChoice, match="forceable outcomes: reveal"):
        g.force("die", 3)
    g.force("reveal", hidden)
    g.choose(g.choice_ids[0])
    g.choose("draw:roofs")
    assert g.state.decks["roofs"][0] == hidden
    assert ClocktowersGame.from_json(g.to_json()).state.decks == g.state.decks


def test_copy_and_branch() -> None:
    g = played(20)
    twin = g.copy()
    twin.choose(twin.choice_ids[0])
    assert len(g.history) == 20 and len(twin.history) == 21
    other = g.branch(seed=99)
    s, o = g.state, other.state
    assert o.hands == s.hands and [t.cards() for t in o.towers] == [t.cards() for t in s.towers]
    assert all(o.decks[d][:1] == s.decks[d][:1] for d in s.decks)  # face-up cards stay
    unseen = [c for d in ("floors", "roofs", "clocks") for c in s.decks[d][1:]] + s.removed
    assert sorted([c for d in o.decks.values() for c in d[1:]] + o.removed) == sorted(unseen)
    assert o.decks != s.decks  # what nobody saw is dealt anew


def test_position_from_a_game_rebuilds_it() -> None:
    g = played(12)
    again = ClocktowersGame.from_position(g.position())
    assert again.position() == g.position()


def test_a_clone_is_equal_and_independent() -> None:
    g = played(30)
    s = g.state
    twin = s.clone()
    assert twin == s
    twin.hands[s.players[0]].append("x")
    twin.towers[0].floors.append("y")
    twin.decks["floors"].clear()
    assert "x" not in s.hands[s.players[0]] and "y" not in s.towers[0].floors and s.decks["floors"]

"""The public Game API as a new user meets it: creating games, choosing, mistakes, undo/redo, saving, forcing
outcomes, positions and branches. Every refused call must say what is allowed and leave the game unchanged.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from hickory_widget import Game, IllegalChoice, SaveError, default_components
from hickory_widget.hickory.positions.position import to_data
from hickory_widget.hickory.rules.invariants import problems

COLORS = default_components().player_colors
HAND_SPACES = {1: 2, 2: 4, 3: 6, 4: 8}
"""Usable minute-hand spaces by player count (R28, R36)."""


# --------------------------------------------------------------------------------------------------- helpers


def play(game: Game, rng: random.Random, steps: int) -> Game:
    """Makes up to ``steps`` random legal choices."""
    for _ in range(steps):
        if game.over:
            break
        game.choose(rng.choice(game.choice_ids))
    return game


def play_until(game: Game, rng: random.Random, done: Callable[[Game], bool], limit: int = 20_000) -> Game:
    """Random legal choices until ``done(game)`` or the game ends."""
    for _ in range(limit):
        if done(game) or game.over:
            return game
        game.choose(rng.choice(game.choice_ids))
    raise AssertionError(f"condition not reached in {limit} choices")


def at_tick_start(game: Game) -> bool:
    """True right after a choice that started a new Tick (R40), so position() is the state before any choice
    of the pending Tick."""
    return bool(game.history) and any(e["kind"] == "hand_moved" for e in game.events_since(len(game.history) - 1))


@pytest.fixture(scope="module")
def finished_text() -> str:
    """A whole 4-player game, saved; tests load their own copy."""
    game = play_until(Game.new(4, seed=2), random.Random(2), lambda g: False)
    assert game.over
    return game.to_json()


@pytest.fixture
def finished(finished_text: str) -> Game:
    return Game.from_json(finished_text)


# --------------------------------------------------------------------------------------------------- new games


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_new_game_for_1_to_4_players(players: int) -> None:
    """R19/R116 (hour 7, solo 6; minute 12), R28/R36 (hand spaces), R33 (Scamp on its card, the others on the
    inner ring), R116 (solo paws before round 1); a decision is pending with labelled choices."""
    game = Game.new(players, seed=7)
    s = game.state
    assert s.colors == list(COLORS[:players])
    assert s.hour == (6 if players == 1 else 7)
    assert next(e["number"] for e in game.events if e["kind"] == "hand_moved") == 1  # R35: 12 -> 1
    assert s.hand_spaces == HAND_SPACES[players]
    assert len(s.paws) == (2 if players == 1 else 0)
    for color in s.colors:
        assert s.loc[f"{color}.scamp"] == ("card", 0)
        assert all(s.loc[f"{color}.{k}"][0] in ("inner", "outer", "hand") for k in ("scurrier", "scavenger", "spotter"))
    assert not game.over
    assert game.history == [] and not game.can_undo and not game.can_redo
    assert game.scores == dict.fromkeys(s.colors, 0)
    assert game.score_breakdown[s.colors[0]] == dict.fromkeys(
        ("deliveries", "quests", "hunt", "chain", "relics", "pool"), 0)
    decision = game.decision
    assert decision is not None and decision.player in s.colors and decision.prompt
    assert [c.id for c in game.choices] == game.choice_ids
    assert all(c.label for c in game.choices)
    assert str(game.choices[0]).startswith(game.choice_ids[0] + ": ")
    assert problems(s, decision) == []
    assert f"{players}p" in repr(game)


@pytest.mark.parametrize("colors", [["red"], ["brown", "blue"], ["yellow", "red", "blue"], list(reversed(COLORS))])
def test_new_game_for_a_list_of_colors(colors: list[str]) -> None:
    """R29-R30: the colors play in the order given; the first one takes the priority marker."""
    game = Game.new(colors, seed=5)
    assert game.state.colors == colors
    assert game.state.priority == colors[0]
    assert sorted(game.scores) == sorted(colors)
    assert Game.new(tuple(colors), seed=5).to_json() == game.to_json()


@pytest.mark.parametrize(("kwargs", "allowed"), [
    ({"players": 0}, "1 to 4 players"),
    ({"players": 5}, "1 to 4 players"),
    ({"players": -1}, "1 to 4 players"),
    ({"players": []}, "1 to 4 player colors"),
    ({"players": ["blue"] * 5}, "1 to 4 player colors"),
    ({"players": ["purple"]}, "blue, yellow, red, brown"),
    ({"players": ["red", "red"]}, "each color may play once"),
    ({"players": "red"}, "a count 1-4 or a list of colors"),
    ({"players": True}, "a count 1-4 or a list of colors"),
    ({"players": 2.0}, "a count 1-4 or a list of colors"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"seed": None}, "seed must be a whole number"),
    ({"options": {"no_such_option": True}}, "trade_any_number"),
    ({"options": {"trade_any_number": "yes"}}, "true or false"),
    ({"options": ["trade_any_number"]}, "mapping of option name"),
])
def test_bad_setup_arguments_raise_valueerror_saying_what_is_allowed(kwargs: dict[str, Any], allowed: str) -> None:
    """R1, R29, R36: 1-4 players of distinct colors from the box; the seed is a whole number; known options."""
    with pytest.raises(ValueError, match=re.escape(allowed)):
        Game.new(**kwargs)


def test_advanced_must_be_true_or_false() -> None:
    """R122: the advanced setup is on or off; anything else is refused up front, not when the position is read."""
    with pytest.raises(ValueError, match="advanced"):
        Game.new(4, advanced="yes")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------- choosing


@pytest.mark.parametrize("steps", [0, 40, 150])
def test_unknown_choice_id_is_refused_naming_it_and_listing_the_legal_ids(steps: int) -> None:
    """An unknown id raises IllegalChoice (a ValueError) naming the id and every legal id; nothing changes."""
    game = play(Game.new(4, seed=9), random.Random(9), steps)
    before = game.to_json()
    with pytest.raises(IllegalChoice) as info:
        game.choose("fly_to_the_moon")
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert "'fly_to_the_moon'" in message
    assert all(cid in message for cid in game.choice_ids)
    assert game.to_json() == before


@pytest.mark.parametrize("bad", [42, None, b"stay", ["stay"], 3.5])
def test_a_choice_that_is_not_a_string_is_refused_and_changes_nothing(bad: Any) -> None:
    """A choice is its id string; anything else raises IllegalChoice naming what was given; nothing changes."""
    game = play(Game.new(3, seed=4), random.Random(4), 25)
    before = game.to_json()
    with pytest.raises(IllegalChoice) as info:
        game.choose(bad)
    assert repr(bad) in str(info.value)
    assert game.to_json() == before


def test_a_choice_that_is_not_a_string_lists_the_legal_ids() -> None:
    """The refusal of a non-string choice also lists the legal ids, as for an unknown id."""
    game = Game.new(4, seed=1)
    with pytest.raises(IllegalChoice) as info:
        game.choose(42)  # type: ignore[arg-type]
    assert all(cid in str(info.value) for cid in game.choice_ids)


def test_choosing_after_the_game_is_over_is_refused(finished: Game) -> None:
    """R107, R113: at midnight the game is over; choices and forced outcomes are refused and change nothing."""
    assert finished.over and finished.decision is None and finished.choices == [] and finished.choice_ids == []
    before = finished.to_json()
    for bad in ("stay", finished.history[-1]):
        with pytest.raises(IllegalChoice, match="over") as info:
            finished.choose(bad)
        assert repr(bad) in str(info.value)
    with pytest.raises(IllegalChoice, match="over"):
        finished.force("die", 5)
    assert finished.to_json() == before


def test_a_finished_game_has_scores_standings_and_events(finished: Game) -> None:
    """R113-R114: final scores add up their sources; standings are by score, ties broken by hunt spaces."""
    assert finished.state.phase == "over" and finished.state.hour == 12
    for color, parts in finished.score_breakdown.items():
        assert sum(parts.values()) == finished.scores[color]
    table = finished.standings()
    assert [t.score for t in table] == sorted(finished.scores.values(), reverse=True)
    assert table[0].place == 1
    assert finished.events[-1]["kind"] == "game_over"
    assert all(isinstance(e["kind"], str) and e["rules"] for e in finished.events)


# --------------------------------------------------------------------------------------------------- undo/redo


def test_undo_and_redo_with_nothing_to_take_back_are_refused_clearly() -> None:
    """Undo needs a history entry, redo an undone one; each refusal says so and changes nothing."""
    game = Game.new(2, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalChoice, match="nothing to undo"):
        game.undo()
    with pytest.raises(IllegalChoice, match="nothing to redo"):
        game.redo()
    assert game.to_json() == before
    game.choose(game.choice_ids[0])
    with pytest.raises(IllegalChoice, match="nothing to redo"):
        game.redo()


def test_undo_returns_the_entry_and_redo_puts_it_back() -> None:
    """Undo restores the exact state before the last entry; redo the state after it."""
    game = play(Game.new(4, seed=12), random.Random(12), 60)
    before = (to_data(game.state), game.choice_ids, game.history)
    choice = game.choice_ids[-1]
    game.choose(choice)
    after = (to_data(game.state), game.choice_ids, game.history)
    assert game.undo() == choice
    assert (to_data(game.state), game.choice_ids, game.history) == before
    assert game.can_redo
    assert game.redo() == choice
    assert (to_data(game.state), game.choice_ids, game.history) == after
    assert not game.can_redo


def test_a_new_choice_after_undo_clears_redo() -> None:
    """Branching off: after an undo, a new choice drops what could have been redone."""
    game = play(Game.new(3, seed=6), random.Random(6), 30)
    game.choose(game.choice_ids[0])
    game.undo()
    assert game.can_redo
    game.choose(game.choice_ids[-1])
    assert not game.can_redo
    with pytest.raises(IllegalChoice, match="nothing to redo"):
        game.redo()


def test_undo_back_to_the_start_gives_the_new_game() -> None:
    """Undoing every entry, across Tick boundaries and a round end, returns to the game as set up."""
    fresh = Game.new(2, seed=21)
    game = play_until(Game.new(2, seed=21), random.Random(21), lambda g: g.state.round > 1)
    n = len(game.history)
    for _ in range(n):
        game.undo()
    assert to_data(game.state) == to_data(fresh.state) and game.choice_ids == fresh.choice_ids
    for _ in range(n):
        game.redo()
    assert game.state.round == 2 and len(game.history) == n


def test_save_keeps_the_redo_list() -> None:
    """to_json saves what could be redone; the loaded game redoes it to the same game."""
    game = play(Game.new(4, seed=13), random.Random(13), 40)
    entry = game.undo()
    loaded = Game.from_json(game.to_json())
    assert loaded.can_redo
    assert loaded.redo() == game.redo() == entry
    assert loaded.to_json() == game.to_json()


# --------------------------------------------------------------------------------------------------- saving


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """A saved 4-player game 120 choices in, as parsed JSON (tests change their own deep copy)."""
    return json.loads(play(Game.new(4, seed=17), random.Random(17), 120).to_json())


def test_save_and_load_round_trip(saved: dict[str, Any]) -> None:
    """A save replays to the same game: loading and saving again gives the same text."""
    text = json.dumps(saved, separators=(",", ":"))
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert len(loaded.history) == 120


@pytest.mark.parametrize(("text", "says"), [
    ("{not json", "JSON"),
    ("", "JSON"),
    (None, "JSON"),
    ("[]", "not a saved game"),
    ('{"format": "hickory-position", "version": 1}', "format 'hickory-game'"),
    ('"hello"', "not a saved game"),
])
def test_loading_malformed_text_raises_saveerror(text: Any, says: str) -> None:
    """Only text made by Game.to_json() loads; anything else raises SaveError (a ValueError) saying why."""
    with pytest.raises(SaveError, match=re.escape(says)) as info:
        Game.from_json(text)
    assert isinstance(info.value, ValueError)


def _tampered(saved: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(json.dumps(saved))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: d.update(version=2), "version 2 is not supported"),
    (lambda d: d.update(version="1"), "version '1' is not supported"),
    (lambda d: d.pop("version"), "version None is not supported"),
    (lambda d: d.update(format="hickory"), "not a saved game"),
    (lambda d: d.update(history="stay"), "'history' must be a list of choice ids"),
    (lambda d: d["history"].__setitem__(3, 7), "'history' must be a list of choice ids"),
    (lambda d: d.update(redo=[None]), "'redo' must be a list of choice ids"),
    (lambda d: d.update(origin={}), "'origin' must be"),
    (lambda d: d["origin"]["setup"].update(players=9), "origin is invalid: Hickory Dickory is for 1 to 4"),
    (lambda d: d["origin"]["setup"].update(colour="red"), "origin.setup"),
    (lambda d: d["history"].__setitem__(50, "no_such_choice"), "history entry 50 ('no_such_choice') is not legal"),
    (lambda d: d["history"].__setitem__(0, "force:die:12"), "history entry 0 ('force:die:12')"),
    (lambda d: d.update(state_sha256="0" * 64), "state_sha256"),
    (lambda d: d.pop("state_sha256"), "state_sha256"),
    (lambda d: d["history"].pop(), "state_sha256"),
])
def test_loading_a_wrong_or_tampered_save_raises_saveerror(saved: dict[str, Any], change: Any, says: str) -> None:
    """Wrong format or version, a malformed field, an illegal or edited history entry, an edited state hash:
    each raises SaveError naming what is wrong."""
    with pytest.raises(SaveError, match=re.escape(says)):
        Game.from_json(_tampered(saved, change))


def test_a_history_entry_replaced_by_another_legal_choice_is_detected(saved: dict[str, Any]) -> None:
    """Swapping one choice for another that was legal at that point replays to another state: SaveError."""
    game = Game.new(4, seed=17)
    step, other = -1, ""
    for entry in saved["history"]:
        others = [c for c in game.choice_ids if c != entry]
        step += 1
        if others:
            other = others[0]
            break
        game.choose(entry)
    assert other, "no decision with two options in the saved history"

    def swap(d: dict[str, Any]) -> None:
        d["history"][step] = other

    with pytest.raises(SaveError, match=r"not legal there|state_sha256"):
        Game.from_json(_tampered(saved, swap))


# --------------------------------------------------------------------------------------------------- forcing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_forced_die_puts_a_cat_paw_on_5_at_the_end_of_round_1(players: int) -> None:
    """R106: at the round's refresh the die is rolled once with 4 players (one paw), twice otherwise; the
    forced 5 is the first roll; no mouse stays at 5 (R106a, R111)."""
    game = Game.new(players, seed=31)
    game.force("die", 5)
    assert game.history == ["force:die:5"]
    play_until(game, random.Random(31), lambda g: g.state.round > 1)
    s = game.state
    assert s.round == 2
    if players == 4:
        assert s.paws == [5]
    else:
        assert len(s.paws) == 2 and s.paws[0] == 5
    placed = [e for e in game.events if e["kind"] == "cat_paws_placed"]
    assert placed and placed[0]["numbers"][0] == 5 and "R106" in placed[0]["rules"]
    assert not [m for m, (ring, n) in s.loc.items() if ring in ("inner", "outer") and n == 5]


def test_forced_die_in_solo_is_the_next_paw_roll() -> None:
    """R116, R118, R121: solo paws are placed before round 1; the next roll (a re-roll or the refresh)
    comes out as forced."""
    game = Game.new(1, seed=8)
    assert len(game.state.paws) == 2
    game.force("die", 5)
    mark = len(game.events)
    rolls = ("cat_paw_rerolled", "cat_paw_placed")
    play_until(game, random.Random(8), lambda g: any(e["kind"] in rolls for e in g.events[mark:]))
    first = next(e for e in game.events[mark:] if e["kind"] in rolls)
    assert first["number"] == 5


def test_forced_draw_is_the_next_tile_from_the_bag() -> None:
    """R75, R109: a forced draw ("<color> <symbol>") is what the next bag draw gives."""
    game = Game.new(4, seed=14)
    spec = next(f"{t.color} {t.symbol}" for t in map(game.state.c.tile, game.state.bag) if t.kind == "item")
    game.force("draw", spec)
    mark = len(game.events)

    def drawn(g: Game) -> list[str]:
        out: list[str] = []
        for e in g.events[mark:]:
            if e["kind"] == "tiles_drawn":
                out.extend(e["tiles"])
            elif e["kind"] in ("leaf_refilled", "bin_refilled"):
                out.append(e["tile"])
        return out

    play_until(game, random.Random(14), lambda g: bool(drawn(g)))
    tile = game.state.c.tile(drawn(game)[0])
    assert f"{tile.color} {tile.symbol}" == spec


@pytest.mark.parametrize(("what", "value", "says"), [
    ("die", 12, "no face"),
    ("die", 1, "no face"),
    ("die", "five", "no face"),
    ("draw", "no such tile", "no tile in the bag"),
    ("draw", "wild", "no tile in the bag"),  # R22: the wilds are on the web, not in the bag
    ("coin", "heads", "forceable outcomes: die, draw"),
])
def test_impossible_forced_outcomes_are_refused(what: str, value: Any, says: str) -> None:
    """A forced outcome must be possible now (a die face, a tile in the bag); refusals change nothing."""
    game = Game.new(4, seed=2)
    before = game.to_json()
    with pytest.raises(IllegalChoice, match=re.escape(says)):
        game.force(what, value)
    assert game.to_json() == before


def test_forced_outcomes_are_history_entries_that_undo_redo_and_save() -> None:
    """A force is recorded as ``force:<kind>:<value>``; it undoes, redoes and survives save and load."""
    game = play(Game.new(4, seed=19), random.Random(19), 10)
    before = game.history
    game.force("die", 7)
    game.force("draw", "relic")
    assert game.history == [*before, "force:die:7", "force:draw:relic"]
    assert game.state.forced == [("die", "7"), ("draw", "relic")]
    loaded = Game.from_json(game.to_json())
    assert loaded.history == game.history and loaded.state.forced == game.state.forced
    assert game.undo() == "force:draw:relic"
    assert game.undo() == "force:die:7"
    assert game.history == before and game.state.forced == []
    assert game.redo() == "force:die:7"
    assert game.state.forced == [("die", "7")]


# --------------------------------------------------------------------------------------------------- positions


def test_position_round_trips_through_from_position() -> None:
    """A position is the state at a Tick boundary as plain data; from_position gives the same position, the
    same pending choices, and the same game from there on."""
    game = Game.new(3, seed=23)
    play(game, random.Random(23), 80)
    play_until(game, random.Random(24), at_tick_start)
    pos = game.position()
    assert json.loads(json.dumps(pos)) == pos
    twin = Game.from_position(pos)
    assert twin.position() == pos
    assert to_data(twin.state) == to_data(game.state)
    assert twin.choice_ids == game.choice_ids
    rng = random.Random(5)
    for _ in range(40):
        if game.over:
            break
        choice = rng.choice(game.choice_ids)
        game.choose(choice)
        twin.choose(choice)
    assert to_data(twin.state) == to_data(game.state)
    again = Game.from_json(twin.to_json())
    assert again.to_json() == twin.to_json()


@pytest.mark.parametrize("players", [1, 4])
def test_position_of_a_new_game_round_trips(players: int) -> None:
    """R116, R122: a position before any choice (advanced setup still to place, solo paws placed) round-trips."""
    game = Game.new(players, seed=3, advanced=True)
    pos = game.position()
    assert Game.from_position(pos).position() == pos


def test_copy_is_an_independent_branch() -> None:
    """copy() branches the game for what-if play: choices (and undo) in one never change the other."""
    game = play(Game.new(4, seed=29), random.Random(29), 70)
    before = game.to_json()
    twin = game.copy()
    assert twin.to_json() == before and twin.history == game.history
    assert twin.state is not game.state
    play(twin, random.Random(1), 50)
    twin.undo()
    assert game.to_json() == before
    game.choose(game.choice_ids[0])
    assert twin.history[:70] == game.history[:70] and twin.to_json() != game.to_json()

"""Resolving a Tick of the Clock (RULES-SPEC R40-R69, acceptance scenarios R124, R125 and Tick 5
of R126).

Each test builds a position on purpose (see ``quiet`` in conftest: empty leaves, no favor cards, every mouse
parked on an outer space), lets the minute hand move one number, makes the choices the rulebook describes
and checks where mice and tiles end up. With two players (blue, red) the minute hand has 4 usable spaces;
with four players it has 8 (R28, R36). The priority track runs blue -> yellow -> red -> brown.
"""

from __future__ import annotations

import pytest

from hickory_widget import Game, IllegalChoice

# ---------------------------------------------------------------------------------------------- helpers

STOPPER = ("red.scamp", "inner 11")
"""A mouse waiting on inner 11: the game pauses there, so the state can be read before the round ends."""


def activated(game, number: int | None = None) -> list[str]:
    """The mice that activated through R40 (on the hand or on the inner ring), in order; only those of the
    Tick at ``number`` if given (the game runs on to the next decision, which may be in a later Tick)."""
    return [e["mouse"] for e in game.events
            if e["kind"] == "mouse_activated" and (number is None or e["number"] == number)]


def events_of(game, kind: str, since: int = 0) -> list[dict]:
    return [e for e in game.events_since(since) if e["kind"] == kind]


def options(game) -> set[str]:
    """The options of the pending decision, without "trade" (open whenever two own mice share the number)."""
    return set(game.choice_ids) - {"trade"}


def ask(game, kind: str, mouse: str | None = None, number: int | None = None) -> None:
    """Asserts the pending decision is of this kind (for this mouse, at this number)."""
    d = game.decision
    assert d is not None, "the game is over"
    assert d.kind == kind, (d, game.choice_ids)
    if mouse is not None:
        assert d.context.get("mouse") == mouse, d
    if number is not None:
        assert d.context.get("number") == number, d


# ---------------------------------------------------------------------------------------------- R40 order


def test_R40_hand_front_to_back_then_inner_ring_by_priority(quiet, decline) -> None:
    """R40: step 2 activates the hand's mice from the front; step 3 the inner mice in priority order (R42)."""
    pos = quiet(minute=3).priority("red")
    pos.hand("red.spotter", "blue.spotter").mouse("blue.scurrier", "inner 4").mouse("red.scurrier", "inner 4")
    game = pos.game()
    ask(game, "hand_mouse", "red.spotter", 4)
    game.choose("stay")
    ask(game, "hand_mouse", "blue.spotter", 4)
    game.choose("stay")
    ask(game, "inner_mouse", "red.scurrier", 4)  # red holds the priority marker
    game.choose("move_out")
    decline(game)
    ask(game, "inner_mouse", "blue.scurrier", 4)
    game.choose("move_out")
    decline(game)
    assert activated(game, 4) == ["red.spotter", "blue.spotter", "red.scurrier", "blue.scurrier"]
    assert game.state.hand == ["red.spotter", "blue.spotter"]
    assert game.state.loc["red.scurrier"] == ("outer", 4)
    assert game.state.loc["blue.scurrier"] == ("outer", 4)


def test_R40a_R112_hand_at_a_paw_number_does_not_activate(quiet) -> None:
    """R40a, R112: the hand reaches a number under a cat paw: no mouse on it activates, the Tick is over."""
    game = quiet(minute=3).paws(4).hand("blue.spotter", "red.spotter").game(play_on=True)
    # The Tick at 4 passed without a decision; the hand's mice next activate at 5.
    ask(game, "hand_mouse", "blue.spotter", 5)
    blocked = events_of(game, "tick_blocked")
    assert [e["number"] for e in blocked] == [4]
    assert "R112" in blocked[0]["rules"]
    assert all(e["number"] != 4 for e in events_of(game, "mouse_activated"))
    assert game.state.hand == ["blue.spotter", "red.spotter"]


def test_R40b_tick_with_no_mouse_at_the_number_passes_without_a_decision(quiet) -> None:
    """R40b: nobody on the hand and nobody on inner 4 or 5: those Ticks pass; the first decision is at 6."""
    game = quiet(minute=3).mouse("blue.spotter", "inner 6").game(play_on=True)
    ask(game, "inner_mouse", "blue.spotter", 6)
    assert [e["number"] for e in events_of(game, "tick_empty")] == [4, 5]
    assert [e["number"] for e in events_of(game, "hand_moved")] == [4, 5, 6]


def test_R40b_first_tick_of_a_new_game_is_empty() -> None:
    """R40b, R35: no mouse starts on the hand or at 1, so the first Tick (12 -> 1) just passes."""
    game = Game.new(4, seed=11)
    first = game.events[:2]
    assert first[0]["kind"] == "hand_moved" and first[0]["number"] == 1
    assert first[1]["kind"] == "tick_empty" and first[1]["number"] == 1


def test_R40c_mice_on_outer_ring_spaces_never_activate(quiet, decline) -> None:
    """R40c: blue's Scavenger stands on outer 4 when the hand arrives at 4; only the inner mouse activates."""
    pos = quiet(minute=3).mouse("blue.scavenger", "outer 4").mouse("red.spotter", "inner 4")
    pos.mouse("red.scurrier", "outer 4")
    game = pos.game()
    ask(game, "inner_mouse", "red.spotter", 4)
    game.choose("jump_on")
    ask(game, "hand_mouse", "red.spotter", 5)  # the Tick at 4 is over: nobody else activated there
    assert activated(game, 4) == ["red.spotter"]
    assert game.state.loc["blue.scavenger"] == ("outer", 4)
    assert game.state.loc["red.scurrier"] == ("outer", 4)


def test_R40c_only_outer_mice_at_the_number_means_an_empty_tick(quiet) -> None:
    """R40b, R40c: mice on outer 4 alone do not make the Tick at 4 happen."""
    game = quiet(minute=3).mouse("blue.spotter", "outer 4").mouse("red.spotter", "inner 5").game(play_on=True)
    ask(game, "inner_mouse", "red.spotter", 5)
    assert [e["number"] for e in events_of(game, "tick_empty")] == [4]
    assert activated(game) == ["red.spotter"]


# ---------------------------------------------------------------------------------------------- R42 priority


@pytest.mark.parametrize(("marker", "first", "second"), [("blue", "blue.spotter", "red.spotter"),
                                                          ("red", "red.spotter", "blue.spotter")])
def test_R42_inner_ring_starts_with_the_color_under_the_priority_marker(quiet, decline, marker, first,
                                                                         second) -> None:
    """R42, R43: the priority marker, not the seat order, decides who moves first on the inner ring."""
    pos = quiet(minute=3).priority(marker).mouse("blue.spotter", "inner 4").mouse("red.spotter", "inner 4")
    game = pos.mouse(*STOPPER).game()
    ask(game, "inner_mouse", first, 4)
    game.choose("move_out")
    decline(game)
    ask(game, "inner_mouse", second, 4)
    game.choose("move_out")
    decline(game)
    assert activated(game, 4) == [first, second]


def test_R42_R124_activation_order_example(quiet, decline) -> None:
    """R124: the hand moves 2 -> 3; the hand's mice go front to back, then inner 3 in priority order. Yellow
    has two mice there and picks which goes when yellow's turn comes, so either can be 2nd or 4th."""
    for pick, other in (("yellow.scurrier", "yellow.spotter"), ("yellow.spotter", "yellow.scurrier")):
        pos = quiet(["blue", "yellow", "red"], minute=2).priority("blue")
        pos.hand("red.scavenger", "blue.spotter")
        for mouse in ("blue.scurrier", "yellow.scurrier", "yellow.spotter", "red.spotter"):
            pos.mouse(mouse, "inner 3")
        game = pos.game()
        for mouse in ("red.scavenger", "blue.spotter"):
            ask(game, "hand_mouse", mouse, 3)
            game.choose("stay")
        ask(game, "inner_mouse", "blue.scurrier", 3)
        game.choose("move_out")
        decline(game)
        ask(game, "activate")
        assert game.decision.player == "yellow"
        assert options(game) == {"activate:yellow.scurrier", "activate:yellow.spotter"}
        game.choose(f"activate:{pick}")
        ask(game, "inner_mouse", pick, 3)
        game.choose("move_out")
        decline(game)
        ask(game, "inner_mouse", "red.spotter", 3)
        game.choose("move_out")
        decline(game)
        # Yellow's last mouse goes 4th without being asked which.
        ask(game, "inner_mouse", other, 3)
        game.choose("move_out")
        decline(game)
        assert activated(game, 3) == ["red.scavenger", "blue.spotter", "blue.scurrier", pick, "red.spotter", other]


def test_R42_colors_without_unactivated_mice_are_skipped(quiet, decline) -> None:
    """R42: blue (marker) has two mice, red one: blue, red, then blue again until all have activated."""
    pos = quiet(minute=3).priority("blue")
    pos.mouse("blue.spotter", "inner 4").mouse("blue.scurrier", "inner 4").mouse("red.spotter", "inner 4")
    game = pos.mouse(*STOPPER).game()
    ask(game, "activate")
    game.choose("activate:blue.scurrier")
    game.choose("move_out")
    decline(game)
    ask(game, "inner_mouse", "red.spotter", 4)
    game.choose("move_out")
    decline(game)
    ask(game, "inner_mouse", "blue.spotter", 4)
    game.choose("move_out")
    decline(game)
    assert activated(game, 4) == ["blue.scurrier", "red.spotter", "blue.spotter"]


def test_R42a_a_mouse_that_left_the_inner_space_is_not_activated(quiet, decline) -> None:
    """R42a: the set of inner mice is taken when step 3 starts, and a mouse that leaves the inner space before
    its turn drops out of it. (In play this is a Scamp teleported by an earlier activation, R88; the move is
    made by hand here because action effects are not part of these tests.)"""
    pos = quiet(minute=3).priority("blue")
    pos.mouse("blue.spotter", "inner 4").mouse("red.scamp", "inner 4").mouse("red.spotter", "inner 8")
    game = pos.game()
    ask(game, "inner_mouse", "blue.spotter", 4)
    game.state.loc["red.scamp"] = ("outer", 7)  # stands in for the Scamp teleport (R88)
    game.choose("move_out")
    decline(game)
    ask(game, "inner_mouse", "red.spotter", 8)  # the Scamp was not asked at 4
    assert "red.scamp" not in activated(game)
    assert game.state.loc["red.scamp"] == ("outer", 7)


# ---------------------------------------------------------------------------------------------- R44-R46


def test_R45_a_hand_mouse_stays_or_jumps_off(quiet) -> None:
    """R45: a non-Scurrier on the hand has exactly two options; staying keeps its place on the hand."""
    game = quiet(minute=3).hand("blue.spotter", "red.scavenger").mouse("red.spotter", "inner 6").game()
    ask(game, "hand_mouse", "blue.spotter", 4)
    assert options(game) == {"stay", "jump_off"}
    game.choose("stay")
    ask(game, "hand_mouse", "red.scavenger", 4)
    assert options(game) == {"stay", "jump_off"}
    game.choose("stay")
    assert game.state.hand == ["blue.spotter", "red.scavenger"]
    assert [e["mouse"] for e in events_of(game, "mouse_stayed")] == ["blue.spotter", "red.scavenger"]


def test_R45_R55_jumping_off_lands_on_the_current_outer_space(quiet, decline) -> None:
    """R45, R55: the mouse jumps off onto outer 4 and enters it; the mouse behind it moves to the front."""
    game = quiet(minute=3).hand("blue.spotter", "red.spotter").game()
    game.choose("jump_off")
    decline(game)
    assert game.state.loc["blue.spotter"] == ("outer", 4)
    assert game.state.hand == ["red.spotter"]
    entered = events_of(game, "mouse_entered")
    assert [(e["mouse"], e["number"]) for e in entered] == [("blue.spotter", 4)]


def test_R45_at_12_a_mouse_jumps_off_onto_lord_cuckoo(quiet, decline) -> None:
    """R45, R55: at 12 the current outer space is Lord Cuckoo."""
    game = quiet(minute=11).hand("red.spotter").mouse("blue.spotter", "inner 12").game()
    ask(game, "hand_mouse", "red.spotter", 12)
    game.choose("jump_off")
    decline(game)
    assert game.state.loc["red.spotter"] == ("outer", 12)


def test_R46_an_inner_mouse_must_move_out_or_jump_on(quiet, decline) -> None:
    """R46: no option to stay on the inner space; moving out enters outer 4."""
    game = quiet(minute=3).mouse("blue.spotter", "inner 4").mouse(*STOPPER).game()
    ask(game, "inner_mouse", "blue.spotter", 4)
    assert options(game) == {"move_out", "jump_on"}
    with pytest.raises(IllegalChoice):
        game.choose("stay")
    game.choose("move_out")
    decline(game)
    assert game.state.loc["blue.spotter"] == ("outer", 4)
    assert game.state.hand == []


# ---------------------------------------------------------------------------------------------- R47-R51 jumping on


def test_R47_a_mouse_jumping_on_goes_behind_the_mice_already_there(quiet) -> None:
    """R47: red's Spotter takes the frontmost free space, behind the two mice on the hand."""
    game = quiet(minute=3).hand("blue.spotter", "blue.scurrier").mouse("red.spotter", "inner 4").game()
    game.choose("stay")
    game.choose("stay")
    ask(game, "inner_mouse", "red.spotter", 4)
    game.choose("jump_on")
    assert game.state.hand == ["blue.spotter", "blue.scurrier", "red.spotter"]
    assert game.state.loc["red.spotter"] == ("hand", 0)
    jumped = events_of(game, "mouse_jumped_on")
    assert jumped[0]["mouse"] == "red.spotter" and jumped[0]["bumped"] == []


def test_R48_R49_no_free_space_the_front_mouse_is_bumped(quiet) -> None:
    """R48, R49: a full hand (4 spaces, two players) and a normal mouse jumps on: the front one is pushed off."""
    pos = quiet(minute=3).hand("blue.spotter", "red.spotter", "blue.scurrier", "red.scurrier")
    game = pos.mouse("red.scamp", "inner 4").game()
    for _ in range(4):
        game.choose("stay")
    ask(game, "inner_mouse", "red.scamp", 4)
    game.choose("jump_on")
    ask(game, "bumped_mouse", "blue.spotter", 4)
    assert game.state.hand == ["red.spotter", "blue.scurrier", "red.scurrier", "red.scamp"]
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["blue.spotter"]


def test_R49_a_scavenger_on_a_full_hand_bumps_two_front_one_first(quiet, decline) -> None:
    """R49: no free space and a Scavenger jumps on: push by 2, so the two front mice are bumped, front first."""
    pos = quiet(minute=3).hand("blue.spotter", "red.spotter", "blue.scurrier", "red.scurrier")
    game = pos.mouse("blue.scavenger", "inner 4").game()
    for _ in range(4):
        game.choose("stay")
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["blue.spotter", "red.spotter"]
    assert game.state.hand == ["blue.scurrier", "red.scurrier", "blue.scavenger"]
    ask(game, "bumped_mouse", "blue.spotter", 4)
    game.choose("jump_off")
    decline(game)
    ask(game, "bumped_mouse", "red.spotter", 4)
    game.choose("jump_off")
    decline(game)
    assert game.state.loc["blue.spotter"] == ("outer", 4)
    assert game.state.loc["red.spotter"] == ("outer", 4)
    assert [e["mouse"] for e in events_of(game, "mouse_bumped")] == ["blue.spotter", "red.spotter"]


def test_R49_a_scavenger_pushing_a_front_scavenger_bumps_only_it(quiet, decline) -> None:
    """R49: the front mouse is a Scavenger: a push by 2 moves exactly it off the hand."""
    pos = quiet(minute=3).hand("red.scavenger", "blue.spotter", "red.spotter")
    game = pos.mouse("blue.scavenger", "inner 4").game()
    for _ in range(3):
        game.choose("stay")
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["red.scavenger"]
    assert game.state.hand == ["blue.spotter", "red.spotter", "blue.scavenger"]
    ask(game, "bumped_mouse", "red.scavenger", 4)


def test_R49_one_free_space_and_a_scavenger_bumps_one(quiet) -> None:
    """R49: one space free, the Scavenger needs two: push by 1, one mouse bumped."""
    pos = quiet(minute=3).hand("blue.spotter", "red.spotter", "blue.scurrier")
    game = pos.mouse("red.scavenger", "inner 4").game()
    for _ in range(3):
        game.choose("stay")
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["blue.spotter"]
    assert game.state.hand == ["red.spotter", "blue.scurrier", "red.scavenger"]
    ask(game, "bumped_mouse", "blue.spotter", 4)


def test_R50_a_half_off_scavenger_is_bumped_whole_and_the_others_move_up(quiet, decline) -> None:
    """R50: a Scavenger on the front two spaces is pushed by 1: it is half off, so it goes whole, and the mice
    behind close up; a space is free again at the back."""
    pos = quiet(minute=3).hand("red.scavenger", "blue.spotter", "red.spotter")
    game = pos.mouse("blue.scurrier", "inner 4").mouse("blue.scamp", "inner 4").priority("blue").game()
    for _ in range(3):
        game.choose("stay")
    ask(game, "activate")
    game.choose("activate:blue.scurrier")
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["red.scavenger"]
    assert game.state.hand == ["blue.spotter", "red.spotter", "blue.scurrier"]
    ask(game, "bumped_mouse", "red.scavenger", 4)
    game.choose("jump_off")
    decline(game)
    # The freed back space takes the next mouse without a bump.
    ask(game, "inner_mouse", "blue.scamp", 4)
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[1]["bumped"] == []
    assert game.state.hand == ["blue.spotter", "red.spotter", "blue.scurrier", "blue.scamp"]


def test_R50_a_scavenger_jumping_on_pushes_a_second_scavenger_half_off(quiet, decline) -> None:
    """R48, R50: hand = Spotter (space 1), Scavenger (2-3), Scurrier (4); a Scavenger jumps on and pushes by 2:
    the Spotter goes off, red's Scavenger is half off and goes whole (front one first), the Scurrier closes up
    to the front and the newcomer sits behind it, leaving the back space free."""
    pos = quiet(minute=3).hand("blue.spotter", "red.scavenger", "blue.scurrier")
    game = pos.mouse("blue.scavenger", "inner 4").mouse(*STOPPER).game()
    for _ in range(3):
        game.choose("stay")
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["blue.spotter", "red.scavenger"]
    assert game.state.hand == ["blue.scurrier", "blue.scavenger"]
    assert game.state.hand_used() == 3
    ask(game, "bumped_mouse", "blue.spotter", 4)
    game.choose("jump_off")
    decline(game)
    ask(game, "bumped_mouse", "red.scavenger", 4)
    game.choose("back:3")
    decline(game)
    assert game.state.loc["red.scavenger"] == ("outer", 3)


def test_R51_a_mouse_that_jumped_on_does_not_activate_again_that_tick(quiet) -> None:
    """R51: the mouse that jumped on at 4 ends its activation; its next activation is at 5."""
    game = quiet(minute=3).mouse("blue.spotter", "inner 4").game()
    game.choose("jump_on")
    ask(game, "hand_mouse", "blue.spotter", 5)
    at_4 = [e for e in events_of(game, "mouse_activated") if e["number"] == 4]
    assert [e["mouse"] for e in at_4] == ["blue.spotter"]


# ---------------------------------------------------------------------------------------------- R52 bumped mice


def full_hand_and_a_jumper(quiet, front: str = "blue.spotter", **kw):
    """A full hand at 4 (front mouse ``front``) and red's Scamp jumping on from inner 4, bumping the front one."""
    others = [m for m in ("red.spotter", "blue.scurrier", "red.scurrier", "blue.spotter") if m != front][:3]
    pos = quiet(minute=3, **kw).hand(front, *others).mouse("red.scamp", "inner 4")
    return pos


def bump_front(game) -> None:
    for _ in range(4):
        game.choose("stay")
    game.choose("jump_on")


def test_R52_a_bumped_mouse_goes_to_the_current_or_the_previous_outer_space(quiet, decline) -> None:
    """R52: no staying, no inner space: outer 4 (current) or outer 3 (previous)."""
    game = full_hand_and_a_jumper(quiet).game()
    bump_front(game)
    ask(game, "bumped_mouse", "blue.spotter", 4)
    assert options(game) == {"jump_off", "back:3"}
    with pytest.raises(IllegalChoice):
        game.choose("stay")
    game.choose("back:3")
    decline(game)
    assert game.state.loc["blue.spotter"] == ("outer", 3)
    assert "blue.spotter" not in game.state.hand


def test_R52_bumped_at_1_the_previous_space_is_lord_cuckoo(quiet, decline) -> None:
    """R52, R9: counter-clockwise from 1 is 12."""
    pos = quiet(minute=12).hand("blue.spotter", "red.spotter", "blue.scurrier", "red.scurrier")
    game = pos.mouse("red.scamp", "inner 1").game()
    bump_front(game)
    ask(game, "bumped_mouse", "blue.spotter", 1)
    assert options(game) == {"jump_off", "back:12"}
    game.choose("back:12")
    decline(game)
    assert game.state.loc["blue.spotter"] == ("outer", 12)


def test_R52_the_previous_space_skips_a_cat_paw(quiet, decline) -> None:
    """R52: with a paw on 3, 'previous' means 2 (keep going counter-clockwise past paws)."""
    game = full_hand_and_a_jumper(quiet).paws(3).game()
    bump_front(game)
    ask(game, "bumped_mouse", "blue.spotter", 4)
    assert options(game) == {"jump_off", "back:2"}
    game.choose("back:2")
    decline(game)
    assert game.state.loc["blue.spotter"] == ("outer", 2)


def test_R52_R69a_a_mouse_bumped_back_claims_only_onto_its_own_card(quiet, decline) -> None:
    """R52, R57, R69a: the bumped mouse enters outer 3 and may claim its tile, but 3 is not the minute hand's
    number, so the tile cannot go to blue's Scurrier standing on outer 3."""
    pos = full_hand_and_a_jumper(quiet).leaf(3, "green button").mouse("blue.scavenger", "outer 3")
    pos.hand("blue.spotter", "red.spotter", "red.scurrier", "blue.scurrier")
    game = pos.game()
    bump_front(game)
    game.choose("back:3")
    ask(game, "claim", "blue.spotter", 3)
    assert options(game) == {"claim:blue.spotter", "skip_claim"}
    game.choose("claim:blue.spotter")
    decline(game)
    assert [game.state.c.tiles[t].color for t in game.state.card("blue.spotter")] == ["green"]
    assert game.state.leaves[3] is None


def test_R52_bumped_mice_activate_at_once_before_the_next_inner_mouse(quiet, decline) -> None:
    """R52 (DE "sofort"): the bumped mouse resolves before the next inner mouse activates."""
    pos = full_hand_and_a_jumper(quiet).mouse("blue.scamp", "inner 4").priority("red")
    game = pos.game()
    bump_front(game)
    ask(game, "bumped_mouse", "blue.spotter", 4)
    game.choose("jump_off")
    decline(game)
    ask(game, "inner_mouse", "blue.scamp", 4)
    assert activated(game, 4)[-2:] == ["red.scamp", "blue.scamp"]


# ---------------------------------------------------------------------------------------------- R89 Scurrier


def test_R89_a_scurrier_jumping_off_may_leap_to_one_of_the_next_two_outer_spaces(quiet, decline) -> None:
    """R89: Blue's Scurrier on the hand at 4 may stay, jump off to 4, or leap to 5 or 6."""
    game = quiet(minute=3).hand("blue.scurrier").mouse(*STOPPER).game()
    ask(game, "hand_mouse", "blue.scurrier", 4)
    assert options(game) == {"stay", "jump_off", "leap:5", "leap:6"}
    game.choose("leap:6")
    decline(game)
    assert game.state.loc["blue.scurrier"] == ("outer", 6)
    assert events_of(game, "mouse_leapt")[0]["number"] == 6


def test_R89_R9_a_scurrier_leap_wraps_past_12(quiet) -> None:
    """R89, R9: from 11 the next two outer spaces are 12 (Lord Cuckoo) and 1."""
    game = quiet(minute=10).hand("red.scurrier").game()
    ask(game, "hand_mouse", "red.scurrier", 11)
    assert options(game) == {"stay", "jump_off", "leap:12", "leap:1"}


def test_R89_a_bumped_scurrier_may_leap_instead(quiet, decline) -> None:
    """R52, R89: a bumped Scurrier has current, previous, or the next two outer spaces."""
    game = full_hand_and_a_jumper(quiet, front="blue.scurrier").game()
    bump_front(game)
    ask(game, "bumped_mouse", "blue.scurrier", 4)
    assert options(game) == {"jump_off", "back:3", "leap:5", "leap:6"}
    game.choose("leap:5")
    decline(game)
    assert game.state.loc["blue.scurrier"] == ("outer", 5)


@pytest.mark.parametrize(("paw", "targets"), [(5, {"leap:6"}), (6, {"leap:5"})])
def test_R89_R82a_a_paw_counts_toward_the_distance_but_is_no_destination(quiet, paw, targets) -> None:
    """R82a, R111: a paw on 5 leaves only 6 (5 still counts as one step); a paw on 6 leaves only 5."""
    game = quiet(minute=3).paws(paw).hand("blue.scurrier").game()
    ask(game, "hand_mouse", "blue.scurrier", 4)
    assert options(game) == {"stay", "jump_off"} | targets
    with pytest.raises(IllegalChoice):
        game.choose(f"leap:{paw}")
    with pytest.raises(IllegalChoice):
        game.choose("leap:7")


def test_R89_only_the_scurrier_can_leap(quiet) -> None:
    """R89: other mice on the hand have no leap option."""
    game = quiet(minute=3).hand("blue.spotter").game()
    with pytest.raises(IllegalChoice):
        game.choose("leap:5")


# ---------------------------------------------------------------------------------------------- R55, R56 gaps


def test_R55_R56_a_gap_left_on_the_hand_closes_at_once(quiet, decline) -> None:
    """R55, R56: the second mouse jumps off; the mice behind it move up, so the free space is at the back and a
    Scavenger jumping on later needs to bump only one mouse."""
    pos = quiet(minute=3).hand("blue.spotter", "red.spotter", "blue.scurrier", "red.scurrier")
    game = pos.mouse("blue.scavenger", "inner 4").game()
    game.choose("stay")
    game.choose("jump_off")  # red's Spotter leaves the 2nd space
    decline(game)
    assert game.state.hand == ["blue.spotter", "blue.scurrier", "red.scurrier"]
    game.choose("stay")
    game.choose("stay")
    ask(game, "inner_mouse", "blue.scavenger", 4)
    game.choose("jump_on")
    assert events_of(game, "mouse_jumped_on")[0]["bumped"] == ["blue.spotter"]
    assert game.state.hand == ["blue.scurrier", "red.scurrier", "blue.scavenger"]


# ---------------------------------------------------------------------------------------------- R57-R59 entering


def test_R57_claim_comes_before_the_action(quiet, decline) -> None:
    """R57: entering outer 4 (a Climb 3 space): first the claim, then the action step."""
    game = quiet(minute=3).token(4, "T-CLIMB3").leaf(4, "green button").hand("blue.spotter").game()
    game.choose("jump_off")
    ask(game, "claim", "blue.spotter", 4)
    assert options(game) == {"claim:blue.spotter", "skip_claim"}
    game.choose("claim:blue.spotter")
    ask(game, "action", "blue.spotter", 4)
    assert "decline" in game.choice_ids
    game.choose("decline")
    order = [e["kind"] for e in game.events if e["kind"] in ("mouse_entered", "tile_claimed", "action_declined")]
    assert order == ["mouse_entered", "tile_claimed", "action_declined"]


def test_R57_claiming_is_optional(quiet, decline) -> None:
    """R57: a mouse may leave the tile where it is."""
    game = quiet(minute=3).leaf(4, "green button").hand("blue.spotter").game()
    tile = game.state.leaves[4]
    game.choose("jump_off")
    game.choose("skip_claim")
    decline(game)
    assert game.state.leaves[4] == tile
    assert game.state.card("blue.spotter") == []


def test_R58_R58a_only_the_first_claims_the_tile_but_the_action_stays(quiet, decline) -> None:
    """R58: blue claims the leaf tile; red's mouse entering the same space later finds none, yet (R58a) the
    Climb 3 action is offered to it again."""
    pos = quiet(minute=3).token(4, "T-CLIMB3").leaf(4, "green button").hand("blue.spotter")
    game = pos.mouse("red.spotter", "inner 4").mouse(*STOPPER).game()
    tile = game.state.leaves[4]
    game.choose("jump_off")
    game.choose("claim:blue.spotter")
    decline(game)
    ask(game, "inner_mouse", "red.spotter", 4)
    game.choose("move_out")
    ask(game, "action", "red.spotter", 4)  # no claim decision: the leaf is empty
    assert "decline" in game.choice_ids
    game.choose("decline")
    assert game.state.card("blue.spotter") == [tile]
    assert game.state.card("red.spotter") == []
    assert game.state.leaves[4] is None
    assert [e["mouse"] for e in events_of(game, "tile_claimed")] == ["blue.spotter"]


def test_R59_lord_cuckoo_has_no_tile_to_claim(quiet, decline) -> None:
    """R59, R10: entering outer 12 never offers a claim."""
    game = quiet(minute=11).hand("blue.spotter").mouse("red.spotter", "inner 12").game()
    ask(game, "hand_mouse", "blue.spotter", 12)
    game.choose("jump_off")
    assert game.decision.kind != "claim"
    decline(game)
    ask(game, "inner_mouse", "red.spotter", 12)
    assert game.state.loc["blue.spotter"] == ("outer", 12)
    assert game.state.leaves[12] is None
    assert events_of(game, "tile_claimed") == []


# ---------------------------------------------------------------------------------------------- R64, R65 storage


def test_R64_R65_claiming_onto_a_full_card_returns_a_tile_of_the_players_choice(quiet, decline) -> None:
    """R64, R65: the Spotter's card (3 spaces) is full; after claiming, blue picks which of the 4 tiles goes
    back to the bag: here an old one, so the new tile stays."""
    pos = quiet(minute=3).leaf(4, "green button").hand("blue.spotter")
    for spec in ("red key", "blue key", "purple key"):
        pos.tile(spec, "blue.spotter")
    game = pos.mouse(*STOPPER).game()
    old = list(game.state.card("blue.spotter"))
    new = game.state.leaves[4]
    bag = len(game.state.bag)
    game.choose("jump_off")
    game.choose("claim:blue.spotter")
    ask(game, "return_excess")
    assert set(game.choice_ids) == {f"return:{t}" for t in [*old, new]}
    game.choose(f"return:{old[1]}")
    decline(game)
    assert sorted(game.state.card("blue.spotter")) == sorted([old[0], old[2], new])
    assert old[1] in game.state.bag
    assert len(game.state.bag) == bag + 1


def test_R64_the_newly_claimed_tile_may_be_the_one_returned(quiet, decline) -> None:
    """R64: 'excess tiles can be either the ones just claimed or ones on the mouse cards'."""
    pos = quiet(minute=3).leaf(4, "green button").hand("blue.spotter")
    for spec in ("red key", "blue key", "purple key"):
        pos.tile(spec, "blue.spotter")
    game = pos.mouse(*STOPPER).game()
    old = list(game.state.card("blue.spotter"))
    new = game.state.leaves[4]
    game.choose("jump_off")
    game.choose("claim:blue.spotter")
    game.choose(f"return:{new}")
    decline(game)
    assert game.state.card("blue.spotter") == old
    assert new in game.state.bag
    assert game.state.leaves[4] is None


# ---------------------------------------------------------------------------------------------- R67-R69 trading


def test_R67_R67a_own_mice_at_the_current_number_trade_freely(quiet, decline) -> None:
    """R67: blue's Spotter (hand at 4) and Scurrier (outer 4) may rearrange tiles, not 1:1. Red's mouse and
    blue's Scavenger on outer 9 are not part of it."""
    pos = quiet(minute=3).hand("blue.spotter").mouse("blue.scurrier", "outer 4").mouse("red.spotter", "outer 4")
    pos.tile("red key", "blue.spotter").tile("blue key", "blue.spotter").tile("green key", "blue.scavenger")
    pos.tile("purple key", "red.spotter")
    game = pos.game()
    ask(game, "hand_mouse", "blue.spotter", 4)
    assert "trade" in game.choice_ids
    game.choose("trade")
    ask(game, "trade")
    red_key, blue_key = game.state.card("blue.spotter")
    moves = set(game.choice_ids) - {"done"}
    assert moves == {f"give:{red_key}:blue.scurrier", f"give:{blue_key}:blue.scurrier"}
    game.choose(f"give:{red_key}:blue.scurrier")
    game.choose(f"give:{blue_key}:blue.scurrier")
    game.choose("done")
    ask(game, "hand_mouse", "blue.spotter", 4)  # back to the activation that was interrupted
    assert game.state.card("blue.scurrier") == [red_key, blue_key]
    assert game.state.card("blue.spotter") == []
    assert len(game.state.card("blue.scavenger")) == 1
    assert len(game.state.card("red.spotter")) == 1


def test_R67a_no_trading_between_own_mice_at_another_number(quiet) -> None:
    """R67a: blue's Scurrier and Scavenger share outer 9, but the hand is at 4: they cannot trade."""
    pos = quiet(minute=3).hand("blue.spotter").tile("red key", "blue.scavenger")
    game = pos.game()
    ask(game, "hand_mouse", "blue.spotter", 4)
    assert "trade" not in game.choice_ids
    with pytest.raises(IllegalChoice):
        game.choose("trade")


def test_R67_trading_at_the_end_of_the_tick_before_the_hand_moves(quiet, decline) -> None:
    """R67, R40e: after the last activation blue may still trade before the hand moves on."""
    pos = quiet(minute=3).hand("blue.spotter").mouse("blue.scurrier", "outer 4").tile("red key", "blue.scurrier")
    game = pos.game()
    game.choose("stay")
    ask(game, "trade_before_move")
    assert game.decision.player == "blue"
    assert set(game.choice_ids) == {"trade", "done"}
    game.choose("trade")
    key = game.state.card("blue.scurrier")[0]
    game.choose(f"give:{key}:blue.spotter")
    game.choose("done")
    ask(game, "hand_mouse", "blue.spotter", 5)
    assert game.state.card("blue.spotter") == [key]
    assert game.state.card("blue.scurrier") == []


def test_R67_a_full_card_trades_by_swapping(quiet) -> None:
    """R67: trades need not be 1:1; onto a full card a tile can only be swapped for one of its tiles."""
    pos = quiet(minute=3).hand("blue.spotter").mouse("blue.scurrier", "outer 4")
    for spec in ("red key", "blue key", "purple key"):
        pos.tile(spec, "blue.spotter")
    for spec in ("green button", "green feather", "green spool"):
        pos.tile(spec, "blue.scurrier")
    game = pos.mouse(*STOPPER).game()
    game.choose("trade")
    keys, greens = list(game.state.card("blue.spotter")), list(game.state.card("blue.scurrier"))
    moves = set(game.choice_ids) - {"done"}
    assert not any(m.startswith("give:") for m in moves)
    assert {frozenset(m.split(":")[1:]) for m in moves} == {frozenset((k, g)) for k in keys for g in greens}
    swap = next(m for m in moves if set(m.split(":")[1:]) == {keys[0], greens[2]})
    game.choose(swap)
    game.choose("done")
    assert sorted(game.state.card("blue.spotter")) == sorted([greens[2], keys[1], keys[2]])
    assert sorted(game.state.card("blue.scurrier")) == sorted([greens[0], greens[1], keys[0]])


def test_R64_R65_R67_trading_can_make_room_instead_of_returning(quiet, decline) -> None:
    """R64, R65: over capacity after a claim, blue may first trade the extra tile to a mouse at that number
    that has room; then the card is within capacity and nothing goes back to the bag."""
    pos = quiet(minute=3).leaf(4, "green button").hand("blue.spotter").mouse("blue.scurrier", "outer 4")
    for spec in ("red key", "blue key", "purple key"):
        pos.tile(spec, "blue.spotter")
    game = pos.mouse(*STOPPER).game()
    new = game.state.leaves[4]
    bag = len(game.state.bag)
    game.choose("jump_off")
    game.choose("claim:blue.spotter")
    ask(game, "return_excess")
    assert "trade" in game.choice_ids
    game.choose("trade")
    game.choose(f"give:{new}:blue.scurrier")
    game.choose("done")
    decline(game)
    assert game.decision.kind != "return_excess"
    assert len(game.state.card("blue.spotter")) == 3
    assert game.state.card("blue.scurrier") == [new]
    assert len(game.state.bag) == bag


def test_R69_a_claimed_tile_may_go_onto_another_own_mouse_at_the_current_number(quiet, decline) -> None:
    """R69: blue's Spotter claims at 4; blue's Scavenger on inner 4 (at that number) may take the tile, blue's
    Scurrier on outer 9 may not, nor may red's mouse at 4."""
    pos = quiet(minute=3).leaf(4, "green button").hand("blue.spotter").mouse("blue.scavenger", "inner 4")
    pos.mouse("red.scavenger", "outer 4")
    game = pos.game()
    tile = game.state.leaves[4]
    game.choose("jump_off")
    ask(game, "claim", "blue.spotter", 4)
    assert options(game) == {"claim:blue.spotter", "claim:blue.scavenger", "skip_claim"}
    game.choose("claim:blue.scavenger")
    decline(game)
    assert game.state.card("blue.scavenger") == [tile]
    assert game.state.card("blue.spotter") == []


def test_R69a_after_a_scurrier_leap_the_claim_goes_onto_its_own_card_only(quiet, decline) -> None:
    """R69a: the Scurrier leaps from the hand at 4 to outer 5; blue's Spotter is on inner 5, but 5 is not the
    minute hand's number, so only the Scurrier's own card may take the tile."""
    pos = quiet(minute=3).leaf(5, "green button").hand("blue.scurrier").mouse("blue.spotter", "inner 5")
    game = pos.game()
    tile = game.state.leaves[5]
    game.choose("leap:5")
    ask(game, "claim", "blue.scurrier", 5)
    assert options(game) == {"claim:blue.scurrier", "skip_claim"}
    with pytest.raises(IllegalChoice):
        game.choose("claim:blue.spotter")
    game.choose("claim:blue.scurrier")
    decline(game)
    assert game.state.card("blue.scurrier") == [tile]
    assert game.state.card("blue.spotter") == []


def test_R69a_a_scurrier_that_leapt_away_does_not_trade_with_mice_left_at_the_hands_number(quiet, decline) -> None:
    """R67a, R69a: after leaping to 5 the Scurrier is no longer at 4, so it is out of blue's trading group."""
    pos = quiet(minute=3).hand("blue.scurrier").mouse("blue.spotter", "outer 4").tile("red key", "blue.scurrier")
    pos.mouse("red.spotter", "inner 4")
    game = pos.mouse(*STOPPER).game()
    assert "trade" in game.choice_ids  # both at 4 while the Scurrier is on the hand
    game.choose("leap:5")
    decline(game)
    ask(game, "inner_mouse", "red.spotter", 4)
    assert "trade" not in game.choice_ids
    game.choose("move_out")
    decline(game)
    ask(game, "inner_mouse", "red.scamp", 11)  # no trading step for blue at the end of the Tick at 4
    assert "trade_before_move" not in [k for k in game.history]
    assert game.state.card("blue.scurrier") != []


def test_R126_tick_5_a_mouse_on_an_outer_space_trades_with_one_that_jumps_on(quiet) -> None:
    """R126 (Flow of Play, Tick 5): the Scavenger on inner 5 jumps on; the Scurrier on outer 5 does not
    activate (R40c) but, being at the hand's number, gives its three tiles to the Scavenger (R67)."""
    pos = quiet(minute=4).mouse("blue.scavenger", "inner 5").mouse("blue.scurrier", "outer 5")
    for spec in ("red button", "green button", "blue button"):
        pos.tile(spec, "blue.scurrier")
    game = pos.mouse(*STOPPER).game()
    tiles = list(game.state.card("blue.scurrier"))
    ask(game, "inner_mouse", "blue.scavenger", 5)
    game.choose("jump_on")
    ask(game, "trade_before_move")
    game.choose("trade")
    for t in tiles:
        game.choose(f"give:{t}:blue.scavenger")
    game.choose("done")
    ask(game, "hand_mouse", "blue.scavenger", 6)
    assert activated(game, 5) == ["blue.scavenger"]
    assert game.state.card("blue.scavenger") == tiles
    assert game.state.card("blue.scurrier") == []
    assert game.state.loc["blue.scurrier"] == ("outer", 5)


# ---------------------------------------------------------------------------------------------- R125 example


def test_R125_resolving_a_tick_example(quiet, decline) -> None:
    """R125 (EN "Example: Resolving a Tick") at a Climb 3 number, as far as it goes with actions declined:
    1-2 the front hand mouse jumps off and claims the leaf tile onto its own card; 3 its activation ends;
    4 the next hand mouse stays; 5 the first inner mouse (priority) moves out, no tile is left; 6 the last
    inner mouse jumps on; 7 before the hand moves, the first mouse trades all its items to its team-mate."""
    pos = quiet(minute=3).priority("blue").token(4, "T-CLIMB3").leaf(4, "green button")
    pos.hand("blue.spotter", "red.scurrier").mouse("blue.scurrier", "inner 4").mouse("red.scavenger", "inner 4")
    pos.tile("red key", "blue.spotter")
    game = pos.game()
    leaf_tile = game.state.leaves[4]
    key = game.state.card("blue.spotter")[0]
    # 1-3
    ask(game, "hand_mouse", "blue.spotter", 4)
    game.choose("jump_off")
    ask(game, "claim", "blue.spotter", 4)
    game.choose("claim:blue.spotter")
    decline(game)
    assert game.state.card("blue.spotter") == [key, leaf_tile]
    # 4
    ask(game, "hand_mouse", "red.scurrier", 4)
    game.choose("stay")
    # 5
    ask(game, "inner_mouse", "blue.scurrier", 4)
    game.choose("move_out")
    ask(game, "action", "blue.scurrier", 4)  # straight to the action: the tile is gone (R58, R58a)
    game.choose("decline")
    # 6
    ask(game, "inner_mouse", "red.scavenger", 4)
    game.choose("jump_on")
    assert game.state.hand == ["red.scurrier", "red.scavenger"]
    # 7
    ask(game, "trade_before_move")
    assert game.decision.player == "blue"
    game.choose("trade")
    game.choose(f"give:{key}:blue.scurrier")
    game.choose(f"give:{leaf_tile}:blue.scurrier")
    game.choose("done")
    assert game.state.card("blue.scurrier") == [key, leaf_tile]
    assert game.state.card("blue.spotter") == []
    assert game.state.loc["blue.spotter"] == ("outer", 4)
    assert game.state.loc["blue.scurrier"] == ("outer", 4)
    assert activated(game, 4) == ["blue.spotter", "red.scurrier", "blue.scurrier", "red.scavenger"]
    # The hand then moves on to 5 with red's two mice.
    ask(game, "hand_mouse", "red.scurrier", 5)

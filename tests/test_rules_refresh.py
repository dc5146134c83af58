"""The end of the round, C.H.I.R.P. (RULES-SPEC R105-R110), cat paws (R111-R112), the end of the game
(R113-R114, R129) and the solo cat (R118-R121).

A position is built at minute 11: the next Tick is the one at 12, then the refresh runs. Cat die rolls and
bag draws are fixed with ``force`` (on the builder, or on the game while a decision is pending), so every
paw lands where the test says.
"""

from __future__ import annotations

import pytest

from hickory_widget import Game, IllegalChoice, default_components

C = default_components()


# ---------------------------------------------------------------------------------------------- helpers


def events_of(game, kind: str) -> list[dict]:
    return [e for e in game.events if e["kind"] == kind]


def first_index(game, kind: str) -> int:
    return next(i for i, e in enumerate(game.events) if e["kind"] == kind)


def empty_bin(pos):
    for tile in [t for t in pos.data["bin"] if t is not None]:
        pos.tile(tile, "bag")
    return pos


def fill_hunt(pos, color: str, cells: list[tuple[int, int]], wild: tuple[int, int] | None = None):
    """Puts matching tiles (a wild at ``wild``) on ``color``'s hunt board cells (row, column)."""
    board = C.hunt_board(pos.data["boards"][color]["hunt_board"])
    for r, c in cells:
        spec = "wild" if (r, c) == wild else " ".join(board.grid[r][c])
        pos.tile(spec, f"hunt {color} {r} {c}")
    return pos


ROW_0_AND_COLUMN_0 = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0)]


# ---------------------------------------------------------------------------------------------- R105 order


def test_R105_chirp_steps_run_in_order_after_the_tick_at_12(quiet) -> None:
    """R105: after the Tick at 12: Cat paws, Hour hand, Inner ring, Refill, Priority; then the Tick at 1."""
    pos = empty_bin(quiet(minute=11).hour(8).quests("Q01").mouse("blue.spotter", "outer 3"))
    game = pos.force("die", 5).force("die", 7).game(play_on=True)
    steps = ["round_ended", "cat_paws_placed", "hour_hand_moved", "mice_moved_inward", "quest_revealed",
             "leaf_refilled", "bin_refilled", "priority_moved"]
    at = [first_index(game, k) for k in steps]
    assert at == sorted(at)
    tick_12 = next(i for i, e in enumerate(game.events) if e["kind"] == "hand_moved" and e["number"] == 12)
    tick_1 = next(i for i, e in enumerate(game.events) if e["kind"] == "hand_moved" and e["number"] == 1)
    assert tick_12 < at[0] and at[-1] < tick_1
    assert game.events[at[0]]["round"] == 2  # hour 8 is the second round (R38)


# ---------------------------------------------------------------------------------------------- R106 cat paws


@pytest.mark.parametrize("players", [["blue", "red"], ["blue", "yellow", "red"]])
def test_R106_two_and_three_players_roll_two_paws(quiet, players) -> None:
    """R106, R36: with 2-3 players the die is rolled twice; the old paws are removed first."""
    game = quiet(players, minute=11).hour(8).paws(2).force("die", 4).force("die", 8).game(play_on=True)
    placed = events_of(game, "cat_paws_placed")
    assert [e["numbers"] for e in placed] == [[4, 8]]
    assert sorted(game.state.paws) == [4, 8]


def test_R106_four_players_roll_one_paw(quiet) -> None:
    """R106, R36: with 4 players only one paw is placed."""
    game = quiet(4, minute=11).hour(8).paws(2).force("die", 4).game(play_on=True)
    assert [e["numbers"] for e in events_of(game, "cat_paws_placed")] == [[4]]
    assert game.state.paws == [4]


def test_R106_both_paws_may_land_on_one_number(quiet) -> None:
    """R106, R112a: two rolls of 5 put both paws on 5; a mouse there flees to 6."""
    game = quiet(minute=11).hour(8).mouse("red.spotter", "inner 5").force("die", 5).force("die", 5).game(play_on=True)
    assert game.state.paws == [5, 5]
    assert game.state.loc["red.spotter"] == ("inner", 6)


def test_R106_R106a_mice_at_a_rolled_number_flee_clockwise_in_their_own_ring(quiet) -> None:
    """R106, R106a: rolls 5 and 6. Mice on inner 5, outer 5 and outer 6 flee to the next number not rolled,
    7, each in its own ring, without being activated and without claiming the tile on leaf 7. In the last
    round there is no Inner-ring step afterwards (R107), so the rings can be seen at the end."""
    pos = quiet(minute=11).hour(11).leaf(7, "green button")
    pos.mouse("blue.scurrier", "inner 5").mouse("red.spotter", "outer 5").mouse("blue.spotter", "outer 6")
    pos.mouse("red.scurrier", "inner 4")
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert game.over
    loc = game.state.loc
    assert loc["blue.scurrier"] == ("inner", 7)
    assert loc["red.spotter"] == ("outer", 7)
    assert loc["blue.spotter"] == ("outer", 7)
    assert loc["red.scurrier"] == ("inner", 4)  # 4 was not rolled
    fled = {(e["mouse"], e["start"], e["number"], e["ring"]) for e in events_of(game, "mouse_fled")}
    assert fled == {("blue.scurrier", 5, 7, "inner"), ("red.spotter", 5, 7, "outer"),
                    ("blue.spotter", 6, 7, "outer")}
    assert events_of(game, "mouse_activated") == []
    assert events_of(game, "tile_claimed") == []
    assert C.tiles[game.state.leaves[7]].color == "green"
    assert all(game.state.card(m) == [] for m in ("blue.scurrier", "red.spotter", "blue.spotter"))


def test_R106_R108_fled_mice_then_move_inward_and_activate_next_round(quiet) -> None:
    """R106, R108: an outer mouse that fled from 5 to 6 goes to inner 6 and activates at 6 next round."""
    game = quiet(minute=11).hour(8).mouse("blue.spotter", "outer 5").force("die", 5).force("die", 10).game(play_on=True)
    assert game.decision.kind == "inner_mouse"
    assert game.decision.context == {"mouse": "blue.spotter", "number": 6}
    assert game.state.hour == 9


def test_R106a_mice_on_the_minute_hand_are_not_moved(quiet) -> None:
    """R106a: the hand points at 12, which the die never shows; its mice stay on it through the refresh."""
    pos = quiet(minute=11).hour(8).hand("blue.spotter", "red.scavenger")
    game = pos.game()
    assert game.decision.kind == "hand_mouse" and game.decision.context["number"] == 12
    game.force("die", 2)
    game.force("die", 3)
    game.choose("stay")
    game.choose("stay")
    assert game.decision.kind == "hand_mouse"
    assert game.decision.context == {"mouse": "blue.spotter", "number": 1}
    assert game.state.hand == ["blue.spotter", "red.scavenger"]
    assert sorted(game.state.paws) == [2, 3]
    assert events_of(game, "mouse_fled") == []


def test_R106a_the_cat_die_never_shows_12(quiet) -> None:
    """R106a, F.4: the hand points at 12 during the refresh, and the die cannot put a paw there."""
    game = quiet(minute=11).hour(8).hand("blue.spotter").game()
    with pytest.raises(IllegalChoice):
        game.force("die", 12)
    assert 12 not in C.die_faces and len(C.die_faces) == 10


# ---------------------------------------------------------------------------------------------- R107 hour hand


def test_R107_the_hour_hand_advances_one_number(quiet) -> None:
    game = quiet(minute=11).hour(8).mouse("blue.spotter", "outer 3").force("die", 5).force("die", 6).game(play_on=True)
    assert [e["hour"] for e in events_of(game, "hour_hand_moved")] == [9]
    assert game.state.hour == 9
    assert not game.over


def test_R107_at_12_the_game_ends_at_once_without_inner_ring_refill_or_priority(quiet) -> None:
    """R107: the hour hand reaches 12: straight to final scoring. Outer mice stay outer, empty leaves stay
    empty, the bin is not refilled and the priority marker does not move."""
    pos = empty_bin(quiet(minute=11).hour(11).quests("Q01").priority("red").mouse("blue.spotter", "outer 3"))
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    s = game.state
    assert game.over and game.decision is None and game.choice_ids == []
    assert s.hour == 12 and s.phase == "over"
    assert s.loc["blue.spotter"] == ("outer", 3)
    assert s.loc["red.spotter"] == ("outer", 9)
    assert all(s.leaves[n] is None for n in range(1, 13))
    assert s.bin == [None] * 4
    assert s.quests_up == ["Q01", None]
    assert s.priority == "red"
    kinds = [e["kind"] for e in game.events]
    for skipped in ("mice_moved_inward", "leaf_refilled", "bin_refilled", "quest_revealed", "priority_moved"):
        assert skipped not in kinds
    assert kinds.index("cat_paws_placed") < kinds.index("hour_hand_moved") < kinds.index("game_over")


def test_R107_R38_a_game_from_the_start_lasts_five_rounds(autoplay) -> None:
    """R38: 2-4 players play 5 rounds (hour 7 -> 12); 60 Ticks in all."""
    game = autoplay(Game.new(2, seed=5))
    assert game.over
    assert [e["hour"] for e in events_of(game, "hour_hand_moved")] == [8, 9, 10, 11, 12]
    assert len(events_of(game, "hand_moved")) == 60


def test_R116_R38_a_solo_game_lasts_six_rounds(autoplay) -> None:
    game = autoplay(Game.new(1, seed=5))
    assert [e["hour"] for e in events_of(game, "hour_hand_moved")] == [7, 8, 9, 10, 11, 12]
    assert len(events_of(game, "hand_moved")) == 72


# ---------------------------------------------------------------------------------------------- R108 inner ring


def test_R108_outer_mice_including_lord_cuckoo_move_to_the_inner_ring(quiet) -> None:
    """R108: every outer mouse, the one on Lord Cuckoo too, goes to the inner space of its number; the hand's
    mice stay on the hand."""
    pos = quiet(minute=11).hour(8).mouse("blue.spotter", "outer 12").mouse("red.spotter", "outer 3")
    game = pos.hand("blue.scurrier").game()
    game.force("die", 5)
    game.force("die", 6)
    game.choose("stay")
    assert game.decision.context == {"mouse": "blue.scurrier", "number": 1}
    loc = game.state.loc
    assert loc["blue.spotter"] == ("inner", 12)
    assert loc["red.spotter"] == ("inner", 3)
    assert loc["red.scavenger"] == ("inner", 9)
    assert loc["blue.scurrier"] == ("hand", 0)
    assert loc["red.scamp"] == ("card", 0)
    moved = events_of(game, "mice_moved_inward")[0]["mice"]
    assert "blue.spotter" in moved and "blue.scurrier" not in moved


# ---------------------------------------------------------------------------------------------- R109 refill


def test_R109_quests_leaves_and_discount_bin_are_refilled(quiet) -> None:
    """R109: the empty quest space, every empty leaf 1-11 (not 12) and every empty bin space are filled from
    the quest deck and the bag; a leaf that still has its tile keeps it."""
    pos = empty_bin(quiet(minute=11).hour(8).quests("Q01").leaf(7, "green button").mouse("blue.spotter", "outer 3"))
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    before = len(pos.data["bag"])
    s = game.state
    assert s.quests_up[0] == "Q01" and s.quests_up[1] not in (None, "Q01")
    assert s.quests_up[1] not in s.quest_deck
    assert len(s.quest_deck) == len(pos.data["quests"]["deck"]) - 1
    assert all(s.leaves[n] is not None for n in range(1, 12))
    assert s.leaves[12] is None
    assert C.tiles[s.leaves[7]].color == "green" and C.tiles[s.leaves[7]].symbol == "button"
    assert all(t is not None for t in s.bin)
    assert len(s.bag) == before - 10 - 4
    assert sorted(e["number"] for e in events_of(game, "leaf_refilled")) == [n for n in range(1, 12) if n != 7]


def test_R109a_leaves_are_refilled_from_1_before_the_bin(quiet) -> None:
    """R109a: quests first, then leaves 1 -> 11, then the bin: the first two tiles drawn go on leaves 1, 2."""
    pos = empty_bin(quiet(minute=11).hour(8).mouse("blue.spotter", "outer 3"))
    game = pos.force("die", 5).force("die", 6).force("draw", "red key").force("draw", "blue thimble").game(play_on=True)
    s = game.state
    assert (C.tiles[s.leaves[1]].color, C.tiles[s.leaves[1]].symbol) == ("red", "key")
    assert (C.tiles[s.leaves[2]].color, C.tiles[s.leaves[2]].symbol) == ("blue", "thimble")
    refills = [e["kind"] for e in game.events if e["kind"] in ("leaf_refilled", "bin_refilled")]
    assert refills == ["leaf_refilled"] * 11 + ["bin_refilled"] * 4


# ---------------------------------------------------------------------------------------------- R110 priority


@pytest.mark.parametrize(("players", "marker", "after"), [
    (["blue", "red"], "blue", "red"),                       # yellow is blocked
    (["blue", "red"], "red", "blue"),                       # brown is blocked, round the track
    (["blue", "yellow", "red", "brown"], "blue", "yellow"),
    (["blue", "yellow", "red", "brown"], "brown", "blue"),
    (["blue", "yellow", "brown"], "yellow", "brown"),       # red is blocked
    (["yellow", "red", "brown"], "brown", "yellow"),        # blue is blocked
])
def test_R110_priority_moves_to_the_next_color_in_play(quiet, players, marker, after) -> None:
    """R110, R41: the marker moves one color along the arrows (blue, yellow, red, brown), skipping blocked
    colors."""
    game = quiet(players, minute=11).hour(8).priority(marker).force("die", 5).force("die", 6).game(play_on=True)
    assert game.state.priority == after
    assert [e["color"] for e in events_of(game, "priority_moved")] == [after]


# ---------------------------------------------------------------------------------------------- R113, R114 end


def test_R113_R129_a_full_row_and_a_full_column_score_10(quiet, autoplay) -> None:
    """R113, R129: blue has row 1 and column 1 of its hunt board filled (one cell by a wild): 5 + 5 = 10.
    Red has one full row: 5. The game is played on to midnight, declining everything."""
    pos = fill_hunt(quiet(minute=8).hour(11), "blue", ROW_0_AND_COLUMN_0, wild=(2, 0))
    fill_hunt(pos, "red", [(3, 0), (3, 1), (3, 2), (3, 3), (0, 1)])
    game = pos.hand("blue.spotter").game()
    autoplay(game)
    assert game.over
    assert game.score_breakdown["blue"]["hunt"] == 10
    assert game.score_breakdown["red"]["hunt"] == 5
    scored = {e["color"]: (e["rows"], e["columns"], e["points"]) for e in events_of(game, "hunt_board_scored")}
    assert scored == {"blue": (1, 1, 10), "red": (1, 0, 5)}


def test_R113_an_unfinished_row_scores_nothing(quiet) -> None:
    """R113: 3 of 4 cells in a row (and the column they start) is not a filled row."""
    pos = fill_hunt(quiet(minute=11).hour(11), "blue", [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)])
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert game.score_breakdown["blue"]["hunt"] == 0


def test_R113_leftover_items_are_scored_as_one_pool_and_relics_score_nothing(quiet) -> None:
    """R113, R62: blue's cards hold red button, red key, a wild (all on one card) and the crown: 3 items,
    largest symbol group 2 (button + wild), largest color group 3 (red, red, wild): 3 + 2 + 3 = 8; the crown
    adds nothing. Red holds only the scepter: 0."""
    pos = quiet(minute=11).hour(11)
    pos.tile("red button", "blue.scavenger").tile("red key", "blue.scavenger").tile("wild", "blue.scavenger")
    pos.tile("crown", "blue.scurrier").tile("scepter", "red.spotter")
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert game.score_breakdown["blue"]["pool"] == 8
    assert game.score_breakdown["red"]["pool"] == 0
    assert game.scores == {"blue": 8, "red": 0}
    pool = {e["color"]: (e["items"], e["symbol_group"], e["color_group"]) for e in events_of(game, "pool_scored")}
    assert pool["blue"] == (3, 2, 3)


def test_R113_R97_favor_bonus_tiles_in_hand_join_the_pool(quiet) -> None:
    """R113, R97: blue still holds F13 (bonus green key) and F01 (bonus purple button): with a purple key on a
    card the pool is 3 items, keys 2, purple 2: 3 + 2 + 2 = 7."""
    pos = quiet(minute=11).hour(11).favor("blue", "F13").favor("blue", "F01").tile("purple key", "blue.spotter")
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert game.over
    assert game.score_breakdown["blue"]["pool"] == 7


def test_R113_the_pool_spans_all_of_a_players_cards(quiet) -> None:
    """R113: items on different mice's cards form one pool: two blue items on two cards score 2 + 1 + 2 = 5,
    not 3 + 3."""
    pos = quiet(minute=11).hour(11).tile("blue key", "blue.scavenger").tile("blue button", "blue.spotter")
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert game.score_breakdown["blue"]["pool"] == 5


def test_R113_final_scores_add_to_what_was_scored_during_play(quiet) -> None:
    pos = fill_hunt(quiet(minute=11).hour(11).score("blue", "chain", 12).score("blue", "deliveries", 9),
                    "blue", ROW_0_AND_COLUMN_0)
    game = pos.tile("red thimble", "blue.spotter").force("die", 5).force("die", 6).game(play_on=True)
    assert game.score_breakdown["blue"] == {"deliveries": 9, "quests": 0, "hunt": 10, "chain": 12, "relics": 0,
                                            "pool": 3}
    assert game.scores["blue"] == 34


def test_R114_most_points_wins(quiet) -> None:
    pos = quiet(minute=11).hour(11).score("blue", "chain", 12).score("red", "chain", 20)
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    standings = game.standings()
    assert [(st.color, st.score, st.place) for st in standings] == [("red", 20, 1), ("blue", 12, 2)]


def test_R114_a_tie_is_broken_by_filled_hunt_board_spaces(quiet) -> None:
    """R114: 15 points each; blue has 2 filled hunt spaces, red 1 (no full lines): blue wins."""
    pos = quiet(minute=11).hour(11).score("blue", "chain", 15).score("red", "chain", 15)
    fill_hunt(pos, "blue", [(0, 0), (1, 1)])
    fill_hunt(pos, "red", [(2, 2)])
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert game.scores == {"blue": 15, "red": 15}
    standings = game.standings()
    assert [(st.color, st.filled, st.place) for st in standings] == [("blue", 2, 1), ("red", 1, 2)]


def test_R114_a_tie_on_points_and_filled_spaces_shares_the_victory(quiet) -> None:
    pos = quiet(["blue", "yellow", "red"], minute=11).hour(11)
    pos.score("blue", "chain", 15).score("yellow", "chain", 15).score("red", "chain", 3)
    fill_hunt(pos, "blue", [(0, 0)])
    fill_hunt(pos, "yellow", [(1, 1)])
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    places = {st.color: st.place for st in game.standings()}
    assert places == {"blue": 1, "yellow": 1, "red": 3}


# ---------------------------------------------------------------------------------------------- R112 paws in play


def test_R111_R112_a_paw_blocks_the_number_for_the_whole_round(quiet) -> None:
    """R112: the paw placed at the refresh blocks that number all next round: the hand passes it without
    activations (R40a)."""
    pos = quiet(minute=11).hour(8).hand("blue.spotter")
    game = pos.game()
    game.force("die", 2)
    game.force("die", 4)
    game.choose("stay")
    assert game.decision.context == {"mouse": "blue.spotter", "number": 1}
    game.choose("stay")
    assert game.decision.context == {"mouse": "blue.spotter", "number": 3}
    assert [e["number"] for e in events_of(game, "tick_blocked")] == [2]
    game.choose("stay")
    assert game.decision.context == {"mouse": "blue.spotter", "number": 5}
    assert [e["number"] for e in events_of(game, "tick_blocked")] == [2, 4]


# ---------------------------------------------------------------------------------------------- solo R118-R121


def solo(quiet, minute: int = 4, hour: int = 8, park: str = "outer 10"):
    return quiet(["blue"], minute=minute, park=park).hour(hour)


def test_R118_a_paw_under_a_loaded_hand_is_rolled_away_and_the_hand_activates(quiet) -> None:
    """R118: the hand with a mouse reaches 5 under a paw; the paw is rolled (9) and moved; the hand's mouse then
    activates normally at 5. The other paw (on 8) stays."""
    game = solo(quiet).paws(5, 8).hand("blue.spotter").force("die", 9).game()
    assert game.decision.kind == "hand_mouse"
    assert game.decision.context == {"mouse": "blue.spotter", "number": 5}
    assert sorted(game.state.paws) == [8, 9]
    rerolled = events_of(game, "cat_paw_rerolled")
    assert [(e["start"], e["number"]) for e in rerolled] == [(5, 9)]


def test_R118_R119_a_rerolled_paw_scratches_the_mice_where_it_lands(quiet) -> None:
    """R118, R119, R120: the paw leaves 5 for 7, where blue's Scavenger stands: one tile is discarded and the
    Scavenger flees to 8 (no paw there, the other paw is on 3); then the hand activates at 5."""
    pos = solo(quiet).paws(5, 3).hand("blue.spotter").mouse("blue.scavenger", "inner 7")
    pos.tile("red key", "blue.scavenger").tile("green key", "blue.scavenger")
    game = pos.force("die", 7).game()
    assert game.decision.kind == "scratch_discard" and game.decision.context["number"] == 7
    red = game.state.card("blue.scavenger")[0]
    game.choose(f"discard:{red}")
    assert game.decision.context == {"mouse": "blue.spotter", "number": 5}
    assert sorted(game.state.paws) == [3, 7]
    assert game.state.loc["blue.scavenger"] == ("inner", 8)
    assert len(game.state.card("blue.scavenger")) == 1 and red in game.state.bag


def test_R118_an_empty_hand_under_a_paw_just_skips_the_tick(quiet) -> None:
    """R118, R112: no mouse on the hand: no re-roll, the Tick passes."""
    pos = solo(quiet).paws(5, 8).mouse("blue.spotter", "inner 6")
    game = pos.game(play_on=True)
    assert game.decision.context == {"mouse": "blue.spotter", "number": 6}
    assert events_of(game, "cat_paw_rerolled") == []
    assert [e["number"] for e in events_of(game, "tick_blocked")] == [5]
    assert sorted(game.state.paws) == [5, 8]


def test_R118_R119_R120_a_paw_rerolled_onto_its_own_number_scratches_the_hand(quiet, decline) -> None:
    """R118: the paw rolls 5 again and stays; R119: it scratches: one tile per mouse at 5 is discarded (two
    mice, two tiles); R120: both hand mice leap to the next outer space without a paw (6) and resolve it; the
    Scurrier may not use its ability. The Tick then ends."""
    pos = solo(quiet).paws(5, 8).hand("blue.scurrier", "blue.spotter").leaf(6, "green button")
    pos.tile("red key", "blue.scurrier").tile("blue key", "blue.scurrier").tile("purple key", "blue.spotter")
    pos.mouse("blue.scavenger", "inner 7")
    game = pos.force("die", 5).game()
    assert game.decision.kind == "scratch_discard"
    tiles = {t: m for m in ("blue.scurrier", "blue.spotter") for t in game.state.card(m)}
    assert set(game.choice_ids) == {f"discard:{t}" for t in tiles}
    red, blue = game.state.card("blue.scurrier")
    purple = game.state.card("blue.spotter")[0]
    game.choose(f"discard:{red}")
    game.choose(f"discard:{blue}")
    assert game.decision.kind == "claim"  # no stay/leap choice: the Scurrier's ability is not offered
    assert game.decision.context["mouse"] == "blue.scurrier" and game.decision.context["number"] == 6
    game.choose("claim:blue.scurrier")
    decline(game)
    assert game.decision.context == {"mouse": "blue.scavenger", "number": 7}
    s = game.state
    assert s.paws.count(5) == 1 and 8 in s.paws
    assert s.loc["blue.scurrier"] == ("outer", 6) and s.loc["blue.spotter"] == ("outer", 6)
    assert s.hand == []
    assert s.card("blue.scurrier") == [pos.data["leaves"]["6"]]
    assert s.card("blue.spotter") == [purple]
    assert red in s.bag and blue in s.bag
    assert [e["mouse"] for e in events_of(game, "mouse_scratched_off")] == ["blue.scurrier", "blue.spotter"]
    assert not [e for e in events_of(game, "mouse_activated") if e["number"] == 5]


def test_R119_R121_end_of_round_paws_scratch_one_tile_per_mouse_and_the_mice_flee(quiet) -> None:
    """R121, R119: the refresh paw lands on 5 where two mice stand: two tiles are discarded (the player picks
    them from either card); R120: the mice move on to 6, in their rings."""
    pos = solo(quiet, minute=11, park="outer 11")
    pos.mouse("blue.scavenger", "inner 5").mouse("blue.spotter", "outer 5")
    pos.tile("red key", "blue.scavenger").tile("blue key", "blue.scavenger").tile("purple key", "blue.spotter")
    game = pos.force("die", 5).force("die", 9).game(play_on=True)
    assert game.decision.kind == "scratch_discard"
    assert game.decision.context["number"] == 5
    bag = len(game.state.bag)
    scav = list(game.state.card("blue.scavenger"))
    game.choose(f"discard:{scav[0]}")
    assert game.decision.kind == "scratch_discard"
    assert len(game.state.bag) == bag + 1 and scav[0] in game.state.bag  # to the bag (R119 [DECISION])
    game.choose(f"discard:{scav[1]}")
    assert len(events_of(game, "tile_scratched")) == 2
    fled = {(e["mouse"], e["start"], e["number"], e["ring"]) for e in events_of(game, "mouse_fled")}
    assert fled == {("blue.scavenger", 5, 6, "inner"), ("blue.spotter", 5, 6, "outer")}
    assert game.state.card("blue.scavenger") == []
    assert len(game.state.card("blue.spotter")) == 1
    assert [e["tile"] for e in events_of(game, "tile_scratched")] == scav


def test_R119_fewer_tiles_than_mice_discards_all_there_is(quiet) -> None:
    """R119: two mice scratched with only one tile between them: that tile goes and the round goes on."""
    pos = solo(quiet, minute=11, park="outer 11")
    pos.mouse("blue.scavenger", "inner 5").mouse("blue.spotter", "outer 5").tile("red key", "blue.spotter")
    game = pos.force("die", 5).force("die", 9).game(play_on=True)
    assert game.decision.kind == "scratch_discard"
    game.choose(game.choice_ids[0])
    assert game.decision is None or game.decision.kind != "scratch_discard"
    assert game.state.card("blue.spotter") == [] and game.state.card("blue.scavenger") == []
    assert len(events_of(game, "tile_scratched")) == 1


def test_R120_solo_flight_is_clockwise_past_both_paws(quiet) -> None:
    """R120, R121: paws on 5, then 6: the mouse flees 5 -> 6 when the first lands, then 6 -> 7."""
    pos = solo(quiet, minute=11, park="outer 11").mouse("blue.spotter", "inner 5")
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    fled = [(e["start"], e["number"]) for e in events_of(game, "mouse_fled")]
    assert fled == [(5, 6), (6, 7)]
    assert all("R120" in e["rules"] for e in events_of(game, "mouse_fled"))
    assert game.decision.context == {"mouse": "blue.spotter", "number": 7}


def test_R107_R121_solo_last_round_scratched_tiles_are_lost_before_final_scoring(quiet) -> None:
    """R107: in the last solo round the paws still scratch; the discarded tile is gone before the pool is
    scored: one red button left = 3 points."""
    pos = solo(quiet, minute=11, hour=11, park="outer 11").mouse("blue.scavenger", "inner 5")
    pos.tile("red button", "blue.scavenger").tile("green key", "blue.scavenger")
    game = pos.force("die", 5).force("die", 9).game(play_on=True)
    assert game.decision.kind == "scratch_discard"
    key = next(t for t in game.state.card("blue.scavenger") if C.tiles[t].symbol == "key")
    game.choose(f"discard:{key}")
    assert game.over
    assert game.score_breakdown["blue"]["pool"] == 3
    assert game.state.loc["blue.scavenger"] == ("inner", 6)

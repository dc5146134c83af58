"""Held-out positions where one option is best by the rules (issue 27): the default bot picks it, what-if's best
row is it, and what-if's value of it is the value the rules give, worked out by hand below.

Every position is in the last round with the other mice parked where they do nothing more, so the rest of the game
is fixed and an option's value is the decider's final score (R113).
"""

from __future__ import annotations

from hickory_widget import Game, Position
from hickory_widget.hickory.analysis.bots import GreedyBot
from hickory_widget.hickory.analysis.whatif import SerialExecutor, compare

MICE = ("blue.scurrier", "blue.scavenger", "blue.spotter", "red.scurrier", "red.scavenger", "red.spotter")


def last_round(minute: int) -> Position:
    """Blue and Red in the last round (hour 11, R113), the hand at ``minute``, every clock mouse parked on outer 10
    (where nothing reaches it again before midnight), no tiles on the leaves, no favor cards."""
    pos = Position(["blue", "red"], seed=7).empty_leaves().no_favors().hour(11).minute(minute)
    for mouse in MICE:
        pos.mouse(mouse, "outer 10")
    return pos


def pool(items: int, symbol_group: int, color_group: int) -> int:
    """R103's first part, which is also how the leftover pool scores at midnight (R113): 1 an item, 1 an item of
    the largest symbol group, 1 an item of the largest color group."""
    return items + symbol_group + color_group


def check(game: Game, best: str, value: int) -> None:
    """The default bot picks ``best``; what-if's best row is ``best`` and its interval holds ``value``."""
    assert GreedyBot().choose(game) == best
    result = compare(game, playouts=4, executor=SerialExecutor(), progress=False)
    assert result.best.choice == best, [(r.choice, r.mean_points) for r in result.rows]
    low, high = result.best.points_ci
    assert low <= value <= high, (result.best.points, value)
    assert all(r.mean_points < value for r in result.rows if r.choice != best)


def test_R113_R104_R103_in_the_last_round_deliver_for_the_quest_rather_than_keep_for_the_pool() -> None:
    """Blue's Scavenger rides the hand at 11 (a Deliver space) with a purple button, a red button and a purple
    feather; quest Q01 wants two buttons and a purple feather. Jumping off to deliver all three scores 3 items, 2 for
    the buttons, 2 for the purples and 5 for the quest; riding on keeps them for midnight's pool, without the quest."""
    pos = last_round(10).mouse("blue.scavenger", "hand").quests("Q01")
    for tile in ("purple button", "red button", "purple feather"):
        pos.tile(tile, "blue.scavenger")
    game = pos.game()
    assert game.choice_ids == ["stay", "jump_off"]
    delivered = pool(3, 2, 2) + 5
    kept = pool(3, 2, 2)
    assert delivered > kept
    check(game, "jump_off", delivered)


def test_R89_R74_R102_a_leap_onto_the_Climb_that_reaches_the_leaf() -> None:
    """Red's Scurrier jumps on at 5 and bumps Blue's Scurrier off the front of the hand (R52). Blue's Scaler is on
    9. Leaping 2 (R89) onto 7's Climb 2 carries it past 10 onto the leaf, first there: 9 points (R102); the red button
    it carries then scores 3 in midnight's pool (R113). Leaping 1 to 6 delivers the button for the same 3 but climbs
    nothing; staying at 5 or stepping back to 4 climbs nothing either."""
    pos = (last_round(4).token(2, "T-SEARCH1").token(3, "T-CLIMB3").token(4, "T-MARKET").token(5, "T-FAVOR")
           .token(7, "T-CLIMB2-MARKET").scaler("blue", 9)
           .mouse("blue.scurrier", "hand").mouse("red.spotter", "hand").mouse("red.scavenger", "hand")
           .mouse("red.scurrier", "inner 5").tile("red button", "blue.scurrier"))
    game = pos.game()
    for choice in ("stay", "stay", "stay", "jump_on"):
        game.choose(choice)
    assert game.decision.player == "blue" and "leap:7" in game.choice_ids
    leaf = 9
    check(game, "leap:7", leaf + pool(1, 1, 1))


def test_R64_R65_R113_return_the_tile_that_keeps_the_larger_end_pool() -> None:
    """Blue's Spotter (3 storage spaces) carries a red button, a red feather and a green button and claims the purple
    key on the leaf at 4: one tile goes back to the bag (R64, R65). Returning the key keeps 3 items with two buttons
    and two reds for midnight's pool (7); returning anything else keeps a pool of 6 at most. The Climb 3 at 4 then
    passes space 3 for 1 point (R101) whichever tile went back."""
    pos = (last_round(3).token(4, "T-CLIMB3").mouse("blue.spotter", "hand").leaf(4, "purple key")
           .tile("red button", "blue.spotter").tile("red feather", "blue.spotter").tile("green button", "blue.spotter"))
    game = pos.game()
    game.choose("jump_off")
    game.choose("claim:blue.spotter")
    assert game.decision.kind == "return_excess"
    key_returned = pool(3, 2, 2)
    others = (pool(3, 1, 1), pool(3, 2, 1), pool(3, 1, 2))  # a red button, the red feather, the green button back
    assert key_returned > max(others)
    check(game, "return:purple.key.1", key_returned + 1)


def test_R90_R113_keep_the_Search_tile_that_matches_what_the_Spotter_carries() -> None:
    """Blue's Spotter carries a blue feather and searches at 2 (Search 1): it draws a red key and a blue button and
    gives one back (R90). Keeping the blue button makes a pool of two blues (2 + 1 + 2 = 5); keeping the red key,
    of two unmatched items (2 + 1 + 1 = 4)."""
    pos = (last_round(1).token(2, "T-SEARCH1").mouse("blue.spotter", "hand").tile("blue feather", "blue.spotter")
           .force("draw", "red key").force("draw", "blue button"))
    game = pos.game()
    game.choose("jump_off")
    game.choose("act:0")
    assert game.choice_ids == ["return:red.key.1", "return:blue.button.1"]
    assert pool(2, 1, 2) > pool(2, 1, 1)
    check(game, "return:red.key.1", pool(2, 1, 2))


def test_R80_R88_R102_send_the_Scamp_to_the_Climb_3_that_reaches_the_leaf() -> None:
    """Blue's Spotter jumps off at 1 and pays its red button to call the Scamp (R80, R88). Blue's Scaler is on 8:
    the Climb 3 at 4 passes space 9 (2 points, R101) and reaches the leaf, first there (9, R102): 11. A Climb 2
    stops on 10 with 2; nothing else climbs, and nothing is left on Blue's cards for midnight."""
    pos = (last_round(12).token(4, "T-CLIMB3").scaler("blue", 8).mouse("blue.spotter", "hand")
           .tile("red button", "blue.spotter"))
    game = pos.game()
    for choice in ("jump_off", "act:0", "pay:red.button.1"):
        game.choose(choice)
    assert game.decision.kind == "scamp"
    check(game, "scamp:4", 2 + 9)


def test_R78_R103_R104_jump_off_to_the_larger_delivery_and_keep_one_item_for_the_pool() -> None:
    """Blue's Scavenger rides the hand at 11 with a purple button, a red button, a green feather and a wild; a purple
    thimble lies on the leaf at 11 and quest Q07 wants two feathers, a purple button and a button. Jumping off claims
    the thimble and delivers: all five score 5 + 3 (buttons, the wild counting) + 3 (purples) + 7 = 18, but the four
    without the thimble score 4 + 3 + 2 + 7 = 16 and the thimble alone makes a pool of 3 at midnight: 19. Riding on,
    the four items are midnight's pool: 4 + 3 + 2 = 9."""
    pos = last_round(10).quests("Q07").mouse("blue.scavenger", "hand").leaf(11, "purple thimble")
    for tile in ("purple button", "red button", "green feather", "wild"):
        pos.tile(tile, "blue.scavenger")
    game = pos.game()
    assert game.choice_ids == ["stay", "jump_off"]
    all_five = pool(5, 3, 3) + 7
    four_and_pool = pool(4, 3, 2) + 7 + pool(1, 1, 1)
    assert four_and_pool > all_five > pool(4, 3, 2)
    check(game, "jump_off", max(all_five, four_and_pool))

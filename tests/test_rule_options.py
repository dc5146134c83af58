"""Rule options (RULES-SPEC A.25 alternatives, German edition L1) and the engine's own rulings (docs/RULINGS.md).

Each test plays the same position with the option off (the RULES-SPEC ruling) and on (the alternative) and
checks that exactly the documented difference appears.
"""

from __future__ import annotations

import pytest

from hickory_widget import Game, IllegalChoice, Position
from hickory_widget.hickory.rules.chance import roll_die
from hickory_widget.hickory.rules.options import OPTIONS


def quiet(options: dict[str, bool] | None = None, minute: int = 3) -> Position:
    """Two players, empty leaves, no favor cards, every mouse but the Scamps parked on inner 11."""
    pos = Position(players=["blue", "red"], seed=5, options=options).empty_leaves().no_favors().minute(minute)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "inner 11")
    return pos


@pytest.mark.parametrize("option", [False, True])
def test_Q1_L1_trade_any_number_lets_mice_trade_away_from_the_hand(option: bool) -> None:
    """Q1/L1: by default only mice at the minute hand's number trade (R67a); with ``trade_any_number`` blue's
    two mice sharing outer 9 may trade while the hand is at 4."""
    pos = quiet({"trade_any_number": option}).mouse("blue.spotter", "hand")
    pos.mouse("blue.scurrier", "outer 9").mouse("blue.scavenger", "outer 9").tile("red key", "blue.scurrier")
    game = pos.game()
    assert game.decision.kind == "hand_mouse"
    assert ("trade" in game.choice_ids) is option
    if option:
        game.choose("trade")
        key = game.state.card("blue.scurrier")[0]
        game.choose(f"give:{key}:blue.scavenger")
        assert game.state.card("blue.scavenger") == [key]


@pytest.mark.parametrize("option", [False, True])
def test_Q2_R69a_claim_after_a_leap_goes_to_own_card_unless_trade_any_number(option: bool) -> None:
    """Q2, R69a: a Scurrier that leaps from 4 to 5 claims onto its own card only; with ``trade_any_number`` its
    Scavenger already standing on outer 5 may receive the tile."""
    pos = quiet({"trade_any_number": option}).mouse("blue.scurrier", "hand").leaf(5, "green button")
    game = pos.mouse("blue.scavenger", "outer 5").game()
    game.choose("leap:5")
    assert game.decision.kind == "claim"
    expected = {"claim:blue.scurrier", "skip_claim"} | ({"claim:blue.scavenger"} if option else set())
    assert set(game.choice_ids) - {"trade"} == expected


@pytest.mark.parametrize(("option", "targets"), [(False, {"leap:6"}), (True, {"leap:6", "leap:7"})])
def test_Q3_R82a_a_paw_counts_toward_leap_distance_unless_leap_skips_paws(option: bool, targets: set) -> None:
    """R82a/Q3: with a paw on 5, a Scurrier jumping off at 4 may leap to 6 only (5 counts, cannot be landed on);
    with ``leap_skips_paws`` the paw number does not count, so 6 and 7 are in reach."""
    game = quiet({"leap_skips_paws": option}).paws(5).mouse("blue.scurrier", "hand").game()
    assert game.decision.kind == "hand_mouse"
    assert {c for c in game.choice_ids if c.startswith("leap:")} == targets


@pytest.mark.parametrize("option", [False, True])
def test_Q9_R54_a_bumped_mouse_may_favor_leap_unless_the_option_forbids_it(option: bool) -> None:
    """R54/Q9: a bumped mouse holding a Leap card (F06) may leap 1-3 instead of its bump destinations; with
    ``no_favor_leap_when_bumped`` it may not."""
    pos = quiet({"no_favor_leap_when_bumped": option})
    pos.hand("blue.spotter", "red.spotter", "blue.scurrier", "red.scurrier").mouse("red.scavenger", "inner 4")
    game = pos.favor("blue", "F06").game()
    for _ in range(4):  # the four hand mice stay (blue's may also be offered its favor leap: not taken)
        assert game.decision.kind == "hand_mouse"
        game.choose("stay")
    game.choose("jump_on")  # red's Scavenger needs 2 spaces on a full hand: the two front mice are bumped
    assert game.decision.kind == "bumped_mouse" and game.decision.context["mouse"] == "blue.spotter"
    leaps = {c for c in game.choice_ids if c.startswith("favor_leap:F06:")}
    assert leaps == (set() if option else {"favor_leap:F06:5", "favor_leap:F06:6", "favor_leap:F06:7"})


def test_Q14_die_1_to_10_changes_the_faces_of_the_cat_die() -> None:
    """Q14: the reconstructed die shows 2-11; with ``die_1_to_10`` it shows 1-10 (and a 1 may be forced)."""
    plain = Game.new(2, seed=1)
    with pytest.raises(IllegalChoice, match="no face '1'"):
        plain.force("die", 1)
    game = Game.new(2, seed=1, options={"die_1_to_10": True})
    game.force("die", 1)
    state = game.state.clone()
    faces = {roll_die(state) for _ in range(400)}
    assert faces == set(range(1, 11))
    plain_state = plain.state.clone()
    assert {roll_die(plain_state) for _ in range(400)} == set(range(2, 12))


def test_unknown_option_is_refused_with_the_list_of_options() -> None:
    with pytest.raises(ValueError, match=r"unknown rule option 'trade_anywhere'; options: .*trade_any_number"):
        Game.new(2, options={"trade_anywhere": True})
    with pytest.raises(ValueError, match="must be true or false"):
        Game.new(2, options={"trade_any_number": "yes"})


def test_options_survive_save_and_load() -> None:
    game = Game.new(3, seed=2, options={"wilds_to_web": True, "leap_skips_paws": True})
    loaded = Game.from_json(game.to_json())
    assert loaded.state.options == {"leap_skips_paws": True, "wilds_to_web": True}


def test_H3_no_action_step_when_nothing_can_be_done() -> None:
    """H3 (docs/RULINGS.md): a Spotter entering the Deliver space 6 with an empty card and no favor card is not
    asked about the action; with an item on its card it is."""
    game = quiet(minute=5).mouse("blue.spotter", "hand").game()
    game.choose("jump_off")
    assert game.state.loc["blue.spotter"] == ("outer", 6)
    assert game.decision is None or game.decision.kind != "action"
    game = quiet(minute=5).mouse("blue.spotter", "hand").tile("red key", "blue.spotter").game()
    game.choose("jump_off")
    assert game.decision.kind == "action" and "act:0" in game.choice_ids


def test_H8_R104_a_single_satisfiable_quest_is_completed_without_asking() -> None:
    """H8: delivering a red button, a green feather and a blue spool with Q06 face up completes Q06 at once."""
    pos = quiet(minute=5).quests("Q06", "Q01").mouse("blue.scavenger", "hand")
    for spec in ("red button", "green feather", "blue spool"):
        pos.tile(spec, "blue.scavenger")
    game = pos.game()
    game.choose("jump_off")
    game.choose("act:0")
    for t in list(game.state.card("blue.scavenger")):
        game.choose(f"deliver:{t}")
    assert game.decision is None or game.decision.kind != "quest"
    assert game.score_breakdown["blue"]["quests"] == 5
    assert "Q06" in game.state.quest_discard


@pytest.mark.parametrize("option", [False, True])
def test_Q7_R108_mice_on_lord_cuckoo_go_inward_or_without_an_inner_12_join_the_hand(option: bool) -> None:
    """R108/Q7: at the Inner ring step a mouse on Lord Cuckoo goes to inner 12; with ``no_inner_12`` it joins the
    back of the minute hand instead."""
    pos = quiet({"no_inner_12": option}, minute=11).mouse("blue.spotter", "outer 12").force("die", 7)
    game = pos.game(play_on=True)  # nobody decides at 12: play on into the refresh
    # Tick 12 is empty, so the refresh runs at once; the spotter is then on the hand, or on inner 12.
    inward = next(e for e in game.events if e["kind"] == "mice_moved_inward")
    if option:
        assert "blue.spotter" not in inward["mice"]
        assert any(e["kind"] == "mouse_joined_hand" and e["mouse"] == "blue.spotter" for e in game.events)
        assert game.decision.kind == "hand_mouse" and game.decision.context["mouse"] == "blue.spotter"
        assert game.state.minute == 1
    else:
        assert "blue.spotter" in inward["mice"]
        assert game.state.loc["blue.spotter"] == ("inner", 12)


def test_Q7_a_position_with_inner_12_is_refused_without_an_inner_12() -> None:
    pos = quiet({"no_inner_12": True}).mouse("blue.spotter", "inner 12")
    with pytest.raises(ValueError, match=r"mice\.blue\.spotter.*no inner space at 12 \(Q7\)"):
        pos.game()


@pytest.mark.parametrize("option", [False, True])
def test_Q13_R65_storage_checked_after_each_gain_or_at_the_end_of_the_activation(option: bool) -> None:
    """R65/Q13: a Spotter holding 3 (full) that claims a tile must return one at once; with
    ``capacity_at_end_of_activation`` it may first act (here: Climb 3 at 4) and returns the excess afterwards."""
    pos = quiet({"capacity_at_end_of_activation": option}).token(4, "T-CLIMB3").leaf(4, "green button")
    for spec in ("red key", "blue key", "purple key"):
        pos.tile(spec, "blue.spotter")
    game = pos.mouse("blue.spotter", "hand").game()
    game.choose("jump_off")
    game.choose("claim:blue.spotter")
    if not option:
        assert game.decision.kind == "return_excess"
        return
    assert game.decision.kind == "action" and len(game.state.card("blue.spotter")) == 4
    game.choose("act:0")
    assert game.decision.kind == "return_excess"
    game.choose(game.choice_ids[0])
    assert len(game.state.card("blue.spotter")) == 3


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_whole_games_with_each_option_keep_every_invariant(option: str, players: int) -> None:
    """Every rule option, alone, through a whole random game: tiles conserved, mice placed, limits kept (R1,
    R13, R64, R94, R111) after every choice."""
    import random

    from hickory_widget.hickory.rules.invariants import problems

    for seed in range(2):
        game = Game.new(players, seed=seed, options={option: True})
        rng = random.Random(seed)
        while not game.over:
            assert problems(game.state, game.decision) == [], (option, players, seed, game.history[-5:])
            game.choose(rng.choice(game.choice_ids))
        assert problems(game.state) == []


def _game_with_f01_slash(slash: bool, option: bool) -> Game:
    """Blue's Scavenger (holding a red key) on the hand at 3 with favor card F01 (Leap; bonus purple button),
    whose slash is set as asked: the reconstructed cards all have one, so a variant card is made here."""
    from dataclasses import replace
    from types import MappingProxyType

    from hickory_widget.hickory.positions.position import from_data
    from hickory_widget.hickory.rules.components import default_components

    c = default_components()
    favors = dict(c.favors)
    favors["F01"] = replace(favors["F01"], slash=slash)
    variant = replace(c, favors=MappingProxyType(favors))
    pos = quiet({"favor_no_slash_both": option}).favor("blue", "F01").mouse("blue.scavenger", "hand")
    data = pos.tile("red key", "blue.scavenger").to_data()
    return Game(from_data(data, variant), {"position": data})


@pytest.mark.parametrize(("slash", "option", "bonus_usable"),
                         [(True, False, False), (True, True, False), (False, False, False), (False, True, True)])
def test_Q5_R98a_a_card_without_a_slash_keeps_its_bonus_only_with_the_option(slash: bool, option: bool,
                                                                          bonus_usable: bool) -> None:
    """R98a/Q5: a favor card is used once, for its action or its bonus item; with ``favor_no_slash_both`` a card
    without a slash may leap and then still give its purple button to the delivery at 6."""
    game = _game_with_f01_slash(slash, option)
    game.choose("favor_leap:F01:6")
    assert "F01" in game.state.favor_discard
    game.choose("act:0")
    assert game.decision.kind == "deliver"
    assert ("deliver_favor:F01" in game.choice_ids) is bonus_usable
    if bonus_usable:
        game.choose("deliver_favor:F01")
        key = game.state.card("blue.scavenger")[0]
        game.choose(f"deliver:{key}")
        assert game.score_breakdown["blue"]["deliveries"] == 2 + 1 + 1  # 2 items, groups of 1 and 1
        assert game.state.favor_discard.count("F01") == 1 and game.state.bonus_left == []

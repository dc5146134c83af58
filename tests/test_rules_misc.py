"""Rules not covered by a file of their own: components as the engine sees them (R3-R8, R15, R16, R27), where
mice may stand (R11, R12, R53, R60, R61), cards and what a mouse may turn in (R63, R66, R72, R74, R78), tokens
and icons (R86, R87), the Scavenger (R91), favor cards used once (R98), no turns (R39) and the solo goal (R115)."""

from __future__ import annotations

import pytest

from hickory_widget import Game, IllegalChoice, Position
from hickory_widget.hickory.rules.components import MOUSE_KINDS, default_components

C = default_components()


def quiet(minute: int = 3, players: tuple[str, ...] = ("blue", "red")) -> Position:
    """Empty leaves, no favor cards, the hand at ``minute``, every mouse but the Scamps parked on outer 9."""
    pos = Position(list(players), seed=7).empty_leaves().no_favors().minute(minute)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "outer 9")
    return pos


def test_R3_R4_each_color_has_five_mice_four_cards_and_the_cards_have_storage() -> None:
    game = Game.new(4, seed=1)
    for p in game.state.players:
        assert sorted(p.cards) == sorted(MOUSE_KINDS)  # Scurrier, Scavenger, Spotter, Scamp: 4 cards
        assert sorted(m for m in game.state.loc if m.startswith(p.color + ".")) == sorted(
            f"{p.color}.{k}" for k in MOUSE_KINDS)
        assert p.scaler == 0  # the fifth mouse, the Scaler, is on the chain (R32, R92)
    assert {k: C.storage[k] for k in MOUSE_KINDS} == {"scurrier": 3, "scavenger": 5, "spotter": 3, "scamp": 2}


def test_R5_R7_R8_R6_boards_cards_and_tokens_show_what_the_rules_read() -> None:
    board = C.hunt_board("HB1")
    assert dict(board.start) == {"scurrier": 2, "scavenger": 5, "spotter": 8} and (board.rows, board.columns) == (4, 4)
    assert C.favors["F01"].acorn and C.favors["F01"].bonus == ("purple", "button")
    assert C.quests["Q07"].points == 7 and len(C.quests["Q07"].requires) == 4
    assert {t.group for t in C.sun_tokens} == {"sun"} and {t.group for t in C.moon_tokens} == {"moon"}


def test_R15_R16_R27_side_boards_and_chain_start_as_laid_out() -> None:
    s = Game.new(3, seed=2).state
    assert len(s.bin) == 4 and len(s.web) == 10 and len(s.quests_up) == 2  # market and quest spaces (R15)
    assert s.weight == 0 and C.chain.right_values[s.weight] == 9  # the weight just below the 9 (R27)
    assert C.chain.leaf == 11 and dict(C.chain.point_spaces) == {3: 1, 6: 1, 9: 2}  # left chain (R16)


def test_R11_any_number_of_mice_share_an_outer_space() -> None:
    pos = quiet()
    game = pos.mouse("blue.spotter", "hand").game()
    game.choose("jump_off")  # onto outer 4, where nobody is yet
    assert game.state.at_outer(9) == [m for m in game.state.loc if game.state.loc[m] == ("outer", 9)]
    assert len(game.state.at_outer(9)) == 5  # five parked mice of two colors on one space


def test_R12_a_mouse_on_the_hand_is_at_the_hand_s_number() -> None:
    game = quiet().mouse("blue.spotter", "hand").mouse("blue.scurrier", "inner 4").game()
    assert game.state.minute == 4
    assert set(game.state.mice_at(4, "blue")) == {"blue.spotter", "blue.scurrier"}
    assert game.state.number_of("blue.spotter") == 4 and game.state.number_of("blue.scavenger") == 9


def test_R53_after_a_bump_the_hand_is_packed_from_the_front() -> None:
    pos = quiet().hand("blue.spotter", "red.spotter", "blue.scurrier", "red.scurrier")
    pos.mouse("blue.scavenger", "inner 4")
    game = pos.game()
    for _ in range(4):
        game.choose("stay")
    game.choose("jump_on")  # the Scavenger needs 2 of the 4 spaces: the two front mice are bumped
    assert game.state.hand == ["blue.scurrier", "red.scurrier", "blue.scavenger"]
    assert game.state.hand_used() == 4


def test_R60_R111_a_number_under_a_paw_is_never_a_destination() -> None:
    game = quiet().paws(5, 6).mouse("blue.scurrier", "hand").game()
    assert game.state.minute == 4
    assert not any(c in game.choice_ids for c in ("leap:5", "leap:6"))  # both leap targets are covered
    game.choose("stay")
    with pytest.raises(IllegalChoice, match="leap:5"):
        game.choose("leap:5")


def test_R61_a_leap_resolves_only_its_destination() -> None:
    pos = quiet().mouse("blue.scurrier", "hand").leaf(5, "red key").leaf(6, "blue key")
    game = pos.game()
    game.choose("leap:6")  # from 4 over 5 to 6
    assert game.decision.kind == "claim" and game.decision.context["number"] == 6
    assert game.state.leaves[5] is not None  # nothing happened at 5
    assert not any(e.get("number") == 5 for e in game.events if e["kind"] == "mouse_entered")


def test_R63_R66_R78_only_the_active_mouse_s_own_items_can_be_delivered() -> None:
    pos = quiet(minute=5).mouse("blue.scurrier", "hand").mouse("blue.spotter", "hand")
    pos.tile("red key", "blue.scurrier").tile("blue spool", "blue.spotter").tile("crown", "blue.spotter")
    game = pos.game()
    game.choose("stay")  # the Scurrier stays; the Spotter jumps off at 6 and delivers
    game.choose("jump_off")
    game.choose("act:0")
    assert game.decision.kind == "deliver"
    spotter_items = {t for t in game.state.card("blue.spotter") if C.tiles[t].is_item}
    offered = {c.partition(":")[2] for c in game.choice_ids if c.startswith("deliver:")}
    assert offered == spotter_items  # not the Scurrier's key (R66), not the crown (R62, relics are not items)


def test_R72_R74_a_token_s_icon_resolves_once_and_climb_moves_the_scaler_wherever_the_mouse_is() -> None:
    game = quiet().token(4, "T-CLIMB3").mouse("blue.spotter", "hand").game()
    game.choose("jump_off")
    game.choose("act:0")
    assert game.state.player("blue").scaler == 3  # once: 3 spaces, not 6
    assert game.score_breakdown["blue"]["chain"] == 1  # space 3 is a 1-point space
    assert game.decision is None or game.decision.kind != "action"  # nothing left to do on this token


def test_R86_the_eight_variable_tokens_are_the_named_types() -> None:
    ids = sorted(t.id for t in (*C.sun_tokens, *C.moon_tokens))
    assert ids == sorted(["T-CLIMB3", "T-SEARCH1", "T-FAVOR", "T-MARKET", "T-CLIMB2-MARKET", "T-CLIMB2-MARKET",
                          "T-CLIMB1-SEARCH2", "T-CLIMB1-SEARCH2"])


def test_R87_throw_appears_only_on_favor_cards_and_leap_only_there_or_on_the_12_token() -> None:
    def icons(actions: tuple) -> set[str]:
        return {i.icon for a in actions for i in (*a.cost, *a.gain)}

    tokens = {n: t for n, t in C.fixed_tokens.items()} | {t.id: t for t in (*C.sun_tokens, *C.moon_tokens)}
    for key, token in tokens.items():
        assert "throw" not in icons(token.actions)
        assert "leap" not in icons(token.actions) or key == 12
    assert any("throw" in icons(f.actions) for f in C.favors.values())


def test_R91_R13_the_scavenger_takes_two_spaces_on_the_hand() -> None:
    game = quiet().hand("blue.scavenger", "red.spotter").game()
    assert game.state.hand_used() == 3 and game.state.size("blue.scavenger") == 2


def test_R98_R98a_a_favor_card_is_used_once_for_its_action_or_its_bonus() -> None:
    """Blue plays F01 (Leap, bonus purple button) to leap: the card is discarded, so its bonus cannot then be
    delivered or spent."""
    pos = quiet(minute=3).favor("blue", "F01").mouse("blue.scavenger", "hand").tile("red key", "blue.scavenger")
    game = pos.game()
    game.choose("favor_leap:F01:6")  # from 4 to the Deliver space 6
    assert "F01" in game.state.favor_discard and "F01" not in game.state.player("blue").favors
    game.choose("act:0")
    assert "deliver_favor:F01" not in game.choice_ids


def test_R39_decisions_follow_activations_not_turns() -> None:
    """No player turns: with two red mice and none of blue's at the hand's number, red decides twice in a row."""
    game = quiet().mouse("red.spotter", "hand").mouse("red.scurrier", "inner 4").game()
    assert game.decision.player == "red"
    game.choose("stay")
    assert game.decision.player == "red" and game.decision.kind == "inner_mouse"


@pytest.mark.parametrize(("points", "won"), [(99, False), (100, True)])
def test_R115_solo_game_is_won_with_100_points_at_midnight(points: int, won: bool) -> None:
    pos = Position(1, seed=3).empty_leaves().no_favors().hour(11).minute(11).score("blue", "chain", points)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "outer 9")
    game = pos.paws(2, 3).force("die", 4).force("die", 5).game(play_on=True)
    assert game.over  # tick 12 was empty; the hour hand reached 12 during the refresh
    assert game.solo_won is won
    result = next(e for e in game.events if e["kind"] == "solo_result")
    assert result["won"] is won and result["goal"] == 100 and result["rules"] == ["R115"]
    assert Game.new(2).solo_won is None

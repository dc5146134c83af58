"""Actions, favor cards, the chain and delivering through the engine (R70-R104, R126-R128, Q4/Q6/Q8/Q17).

Each test builds a position on purpose, answers the engine's questions the way a player would at the table, and
checks what the rulebook says should happen. Every mouse not in the scene is parked on inner 11, so the clock
runs quietly until the hand gets there.
"""

from __future__ import annotations

import pytest

from hickory_widget import Position
from hickory_widget.hickory.game import Game
from hickory_widget.hickory.rules.components import default_components

C = default_components()
PLAYERS = ["blue", "red"]


def quiet(options: dict[str, bool] | None = None) -> Position:
    """Two players, empty leaves, no favor cards, every mouse parked on inner 11."""
    pos = Position(players=PLAYERS, seed=3, options=options).empty_leaves().no_favors()
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "inner 11")
    return pos


def answer(game: Game, kind: str, choice: str) -> None:
    """Checks that ``kind`` is the question being asked, then answers it."""
    assert game.decision is not None and game.decision.kind == kind, (game.decision, game.choice_ids)
    assert choice in game.choice_ids, (kind, choice, game.choice_ids)
    game.choose(choice)


def happened(game: Game, kind: str) -> list[dict]:
    return [e for e in game.events if e["kind"] == kind]


def done_delivering(game: Game) -> None:
    """Says "that's all" unless every item was chosen (then the engine stops asking by itself)."""
    if game.decision is not None and game.decision.kind == "deliver":
        answer(game, "deliver", "deliver_done")


def tile_id(spec: str, pile: list[str]) -> str:
    """The id of the first tile in ``pile`` matching "red key", "wild" or an id."""
    for t in pile:
        tile = C.tiles[t]
        if spec in (t, tile.kind, f"{tile.color} {tile.symbol}"):
            return t
    raise AssertionError(f"no {spec!r} in {pile}")


def names(game: Game, tiles: list[str]) -> list[str]:
    return sorted(f"{C.tiles[t].color} {C.tiles[t].symbol}" if C.tiles[t].kind == "item" else C.tiles[t].kind
                  for t in tiles)


def card(game: Game, mouse: str) -> list[str]:
    return game.state.card(mouse)


def hunt_spot(board_id: str, item: str) -> tuple[int, int] | None:
    color, symbol = item.split()
    grid = C.hunt_board(board_id).grid
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == (color, symbol):
                return r, c
    return None


def on_hand_at(pos: Position, minute: int, *mice: str) -> Position:
    pos.minute(minute)
    for m in mice:
        pos.mouse(m, "hand")
    return pos


# ------------------------------------------------------------------------------------------- R127 the chain
def test_R100_R101_R127_pushed_past_occupied_space_scores_passed_point() -> None:
    """R127: Scaler on the start, red's Scaler on 3 (a 1-point space): climb 3 is pushed on to 4 and scores 1."""
    pos = on_hand_at(quiet(), 2, "blue.scurrier").token(3, "T-CLIMB3").scaler("red", 3)
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    blue, red = game.state.player("blue"), game.state.player("red")
    assert (blue.scaler, blue.score_by["chain"]) == (4, 1)
    assert (red.scaler, red.score_by["chain"]) == (3, 0)


@pytest.mark.parametrize(("weight", "value", "weight_after"),
                         [(0, 9, 1), (1, 7, 2), (2, 6, 3), (3, 5, 4), (4, 4, 4)])
def test_R102_R127_leaf_scores_value_above_weight_and_the_4_is_never_covered(
        weight: int, value: int, weight_after: int) -> None:
    """R102: at the leaf, score the value above the weight, cover it (never the 4), leftover climb is lost."""
    pos = on_hand_at(quiet(), 2, "blue.scurrier").token(3, "T-CLIMB3").scaler("blue", 9).weight(weight)
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    blue = game.state.player("blue")
    assert blue.score_by["chain"] == value
    assert game.state.weight == weight_after
    assert blue.scaler == 0  # back to the start; the leftover step does not continue from there (R102a)


def test_R102_R127_successive_leaf_arrivals_score_9_7_6_5_4_4() -> None:
    from hickory_widget.hickory.rules import chain

    state = quiet().game(play_on=True).state.clone()
    got = []
    for _ in range(6):
        state.player("blue").scaler = 9
        got.append(chain.climb(state, "blue", 3))
    assert got == [9, 7, 6, 5, 4, 4]
    assert state.weight == 4


# ------------------------------------------------------------------------------------------- R126 flow of play
def test_R126_R89_R90_R97_R67_R103_R104a_flow_of_play_example_delivers_9() -> None:
    pos = quiet().token(4, "T-SEARCH1").token(5, "T-MARKET").token(6, "T-DELIVER")
    pos = on_hand_at(pos, 3, "blue.spotter", "blue.scurrier").mouse("blue.scavenger", "inner 5")
    pos.leaf(4, "purple spool").leaf(5, "red button").leaf(6, "green button").favor("blue", "F02")
    for t in [t for t in pos.data["bin"] if t is not None]:
        pos.tile(t, "bag")
    pos.tile("blue button", "bin").tile("red key", "bin").tile("purple thimble", "bin")
    board = pos.data["boards"]["blue"]["hunt_board"]
    game = pos.game()
    # Tick 4: the Spotter jumps off, claims tile 4, searches 1: draws 2, returns 1, keeps 1.
    assert game.state.minute == 4
    answer(game, "hand_mouse", "jump_off")
    assert game.decision.context["mouse"] == "blue.spotter"
    answer(game, "claim", "claim:blue.spotter")
    game.force("draw", "blue feather")
    game.force("draw", "green thimble")
    answer(game, "action", "act:0")
    assert game.decision.kind == "spotter_return"
    assert len(game.choice_ids) == 2
    answer(game, "spotter_return", next(c for c in game.choice_ids if "blue.feather" in c))
    if game.decision.kind == "claim_gained":
        answer(game, "claim_gained", "claim:blue.spotter")
    assert names(game, card(game, "blue.spotter")) == ["green thimble", "purple spool"]
    # The Scurrier leaps to outer 5, claims tile 5, pays the Market with F02's bonus tile, takes 2 bin tiles.
    answer(game, "hand_mouse", "leap:5")
    answer(game, "claim", "claim:blue.scurrier")
    answer(game, "action", "act:0")
    answer(game, "spend", "pay_favor:F02")
    assert "F02" in game.state.favor_discard and game.state.player("blue").favors == []
    answer(game, "market", "market:bin")
    bin_ids = [t for t in game.state.bin if t is not None]
    answer(game, "market_pick", f"take:{tile_id('blue button', bin_ids)}")
    answer(game, "market_pick", f"take:{tile_id('red key', bin_ids)}")
    assert names(game, card(game, "blue.scurrier")) == ["blue button", "red button", "red key"]
    assert sum(t is None for t in game.state.bin) == 3  # R76: the 2 taken spaces stay empty until Refill
    # Tick 5: the Scavenger jumps on; the Scurrier on outer 5 gives it its 3 tiles.
    assert game.state.minute == 5
    answer(game, "inner_mouse", "jump_on")
    answer(game, "trade_before_move", "trade")
    for t in list(card(game, "blue.scurrier")):
        answer(game, "trade", f"give:{t}:blue.scavenger")
    answer(game, "trade", "done")
    assert card(game, "blue.scurrier") == []
    # Tick 6: the Scavenger jumps off, claims tile 6 and delivers its 4 tiles for 9 points.
    assert game.state.minute == 6
    answer(game, "hand_mouse", "jump_off")
    answer(game, "claim", "claim:blue.scavenger")
    delivered = list(card(game, "blue.scavenger"))
    assert names(game, delivered) == ["blue button", "green button", "red button", "red key"]
    answer(game, "action", "act:0")
    for t in delivered:
        answer(game, "deliver", f"deliver:{t}")
    done_delivering(game)
    assert game.state.player("blue").score_by["deliveries"] == 9  # 4 + 3 buttons + 2 red
    hunt = game.state.player("blue").hunt
    for t in delivered:
        spot = hunt_spot(board, names(game, [t])[0])
        if spot is None:
            assert t in game.state.bag
        else:
            assert hunt[spot[0]][spot[1]] == t
    assert card(game, "blue.scavenger") == []


# ------------------------------------------------------------------------------------------- R103/R128 deliveries
def _scavenger_delivers_at_6(pos: Position) -> Game:
    pos = on_hand_at(pos.token(6, "T-DELIVER"), 5, "blue.scavenger")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    return game


def test_R103_R104_R104a_R128_the_18_point_delivery_through_the_engine() -> None:
    pos = quiet().quests("Q07")
    for spec in ("purple button", "red button", "green feather", "purple thimble", "wild"):
        pos.tile(spec, "blue.scavenger")
    board = pos.data["boards"]["blue"]["hunt_board"]
    game = _scavenger_delivers_at_6(pos)
    held = list(card(game, "blue.scavenger"))
    for t in held:
        answer(game, "deliver", f"deliver:{t}")
    done_delivering(game)
    wild = tile_id("wild", held)
    # Items are placed first; the wild may go on any empty space, the player choosing (R104b).
    assert game.decision.kind == "hunt_place"
    empty_spot = next(c for c in game.choice_ids if c.startswith(f"hunt:{wild}:"))
    _, _, r, c = empty_spot.split(":")
    answer(game, "hunt_place", empty_spot)
    blue = game.state.player("blue")
    assert (blue.score_by["deliveries"], blue.score_by["quests"]) == (11, 7)
    assert blue.score == 18
    assert "Q07" in game.state.quest_discard and "Q07" not in game.state.quests_up
    assert blue.hunt[int(r)][int(c)] == wild
    for t in held:
        if t == wild:
            continue
        spot = hunt_spot(board, names(game, [t])[0])
        if spot is None:
            assert t in game.state.bag
        else:
            assert blue.hunt[spot[0]][spot[1]] == t


def test_R97_R96_R104a_favor_bonus_tile_counts_in_delivery_but_is_discarded_not_placed() -> None:
    pos = quiet().favor("blue", "F01").tile("red button", "blue.scavenger")  # F01's bonus: purple button
    board = pos.data["boards"]["blue"]["hunt_board"]
    game = _scavenger_delivers_at_6(pos)
    red = card(game, "blue.scavenger")[0]
    answer(game, "deliver", f"deliver:{red}")
    answer(game, "deliver", "deliver_favor:F01")
    done_delivering(game)
    blue = game.state.player("blue")
    assert blue.score_by["deliveries"] == 2 + 2 + 1  # 2 items, 2 buttons, 1 of a color
    assert "F01" in game.state.favor_discard and "F01" not in blue.favors
    spot = hunt_spot(board, "purple button")
    if spot is not None:
        assert blue.hunt[spot[0]][spot[1]] is None
    placed = [cell for row in blue.hunt for cell in row if cell is not None]
    assert placed == ([red] if hunt_spot(board, "red button") else [])


def test_R128_a_single_item_delivered_alone_scores_3() -> None:
    game = _scavenger_delivers_at_6(quiet().tile("green key", "blue.scavenger"))
    answer(game, "deliver", f"deliver:{card(game, 'blue.scavenger')[0]}")
    done_delivering(game)
    assert game.state.player("blue").score_by["deliveries"] == 3


# ------------------------------------------------------------------------------------------- R73 spend
def test_R70_R73_spend_not_offered_when_card_and_bonus_tiles_cannot_pay() -> None:
    pos = on_hand_at(quiet().token(5, "T-MARKET"), 4, "blue.scurrier").favor("blue", "F05")  # F05: no bonus
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    assert game.decision.kind == "action"
    assert "act:0" not in game.choice_ids and "decline" in game.choice_ids
    # R84: on an outer space the favor card's Leap is not offered, its other icon (Throw) is.
    assert not any(c.startswith("favor_leap:") for c in game.choice_ids)
    assert "favor:F05" in game.choice_ids


def test_R70_R73_R76_spend_is_paid_in_full_before_the_market() -> None:
    pos = on_hand_at(quiet().token(5, "T-MARKET"), 4, "blue.scurrier").tile("green key", "blue.scurrier")
    game = pos.game()
    key = card(game, "blue.scurrier")[0]
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    assert game.decision.kind == "spend"
    assert game.choice_ids == [f"pay:{key}"]
    bin_before = list(game.state.bin)
    answer(game, "spend", f"pay:{key}")
    assert key in game.state.bag and card(game, "blue.scurrier") == []
    assert game.state.bin == bin_before  # nothing gained before the cost is paid
    answer(game, "market", "market:wild")
    assert names(game, card(game, "blue.scurrier")) == ["wild"]


# ------------------------------------------------------------------------------------------- R75 search
def test_R75_a_non_spotter_search_1_draws_exactly_one() -> None:
    pos = on_hand_at(quiet().token(4, "T-SEARCH1"), 3, "blue.scurrier")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    game.force("draw", "red key")
    answer(game, "action", "act:0")
    assert names(game, card(game, "blue.scurrier")) == ["red key"]


def test_R75_R90_spotter_search_2_draws_3_returns_1() -> None:
    pos = on_hand_at(quiet().token(8, "T-CLIMB1-SEARCH2"), 7, "blue.spotter").tile("green key", "blue.spotter")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:1")
    for spec in ("red key", "blue key", "purple key"):
        game.force("draw", spec)
    answer(game, "spend", game.choice_ids[0])
    assert game.decision.kind == "spotter_return" and len(game.choice_ids) == 3
    assert game.state.player("blue").scaler == 0  # L4: the second action was done, the Climb 1 skipped
    back = game.choice_ids[0]
    answer(game, "spotter_return", back)
    assert len(card(game, "blue.spotter")) == 2
    assert back.partition(":")[2] in game.state.bag


def test_R75a_short_bag_draws_what_there_is() -> None:
    from hickory_widget.hickory.rules import actions

    state = quiet().game(play_on=True).state.clone()
    state.loc["blue.spotter"] = ("outer", 4)
    only = state.bag[0]
    state.bag[:] = [only]
    gen = actions.search(state, "blue.spotter", 1)  # a Spotter wants 2, the bag has 1: nothing to put back
    with pytest.raises(StopIteration):
        ask = next(gen)
        assert ask.kind != "spotter_return"
        while True:
            ask = gen.send(ask.options[0])
    assert state.card("blue.spotter") == [only] and state.bag == []


# ------------------------------------------------------------------------------------------- R76 market
def test_R76a_market_with_one_bin_tile_and_an_empty_web_takes_just_that_one() -> None:
    pos = on_hand_at(quiet().token(5, "T-MARKET"), 4, "blue.scurrier").tile("green key", "blue.scurrier")
    for t in [t for t in pos.data["bin"] if t is not None]:
        pos.tile(t, "bag")
    for t in list(pos.data["web"]):
        pos.tile(t, "bag")
    pos.tile("red spool", "bin")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    answer(game, "spend", game.choice_ids[0])
    assert game.decision.kind == "market" and game.choice_ids == ["market:bin"]  # no wild option
    answer(game, "market", "market:bin")
    assert names(game, card(game, "blue.scurrier")) == ["red spool"]
    assert game.state.bin == [None] * len(game.state.bin)  # not refilled until Refill (R76, R109)


def test_R76_market_bin_takes_two_and_leaves_their_spaces_empty() -> None:
    pos = on_hand_at(quiet().token(5, "T-MARKET"), 4, "blue.scurrier").tile("green key", "blue.scurrier")
    game = pos.game()
    full = [t for t in game.state.bin if t is not None]
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    answer(game, "spend", game.choice_ids[0])
    assert set(game.choice_ids) == {"market:bin", "market:wild"}
    answer(game, "market", "market:bin")
    answer(game, "market_pick", f"take:{full[0]}")
    answer(game, "market_pick", f"take:{full[1]}")
    assert sorted(card(game, "blue.scurrier")) == sorted(full[:2])
    assert game.state.bin.count(None) == 2


# ------------------------------------------------------------------------------------------- R77 relics, R94
def test_R77_R94_R85_relics_score_5_and_a_favor_each_third_card_discarded_at_once_then_leap() -> None:
    pos = on_hand_at(quiet(), 11, "blue.scurrier").favor("blue", "F13")
    pos.tile("relic", "blue.scurrier").tile("relic", "blue.scurrier")
    game = pos.game()
    relics = list(card(game, "blue.scurrier"))
    answer(game, "hand_mouse", "jump_off")
    assert game.decision.context["number"] == 12
    answer(game, "action", "act:0")
    answer(game, "return_relics", f"return_relic:{relics[0]}")
    assert len(game.state.player("blue").favors) == 2
    answer(game, "return_relics", f"return_relic:{relics[1]}")
    # The third card must be discarded at once, any of the three.
    assert game.decision.kind == "favor_limit" and len(game.choice_ids) == 3
    answer(game, "favor_limit", "discard_favor:F13")
    blue = game.state.player("blue")
    assert len(blue.favors) == 2 and "F13" in game.state.favor_discard
    assert blue.score_by["relics"] == 10
    assert game.state.returned == relics and card(game, "blue.scurrier") == []
    # Then the 12 token's leap to 1, 2 or 3 (not a favor card, so allowed from an outer space: R84).
    assert game.decision.kind == "action" and "act:1" in game.choice_ids
    answer(game, "action", "act:1")
    assert {"leap:1", "leap:2", "leap:3"} <= set(game.choice_ids)
    answer(game, "leap", "leap:2")
    assert game.state.loc["blue.scurrier"] == ("outer", 2)


# ------------------------------------------------------------------------------------------- R79/R93 favor draw
def test_R79_R93_favor_draw_reshuffles_an_empty_deck() -> None:
    pos = on_hand_at(quiet().token(2, "T-FAVOR"), 1, "blue.scurrier")
    fav = pos.data["favors"]
    fav["discard"], fav["deck"] = fav["deck"], []
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    s = game.state
    assert len(s.player("blue").favors) == 1
    assert s.favor_discard == [] and len(s.favor_deck) == 12
    assert happened(game, "favor_deck_reshuffled")


def test_R79_favor_draw_from_the_deck() -> None:
    pos = on_hand_at(quiet().token(2, "T-FAVOR"), 1, "blue.scurrier")
    top = pos.data["favors"]["deck"][-1]
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    assert game.state.player("blue").favors == [top]


# ------------------------------------------------------------------------------------------- R80/R88 the Scamp
def test_R80_R88_scamp_enters_play_on_first_use_and_resolves_its_space() -> None:
    pos = on_hand_at(quiet().token(3, "T-CLIMB3"), 12, "blue.scurrier").tile("green key", "blue.scurrier")
    pos.leaf(3, "red key")
    game = pos.game()
    assert game.state.loc["blue.scamp"][0] == "card"
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    answer(game, "spend", game.choice_ids[0])
    assert "scamp:1" in game.choice_ids  # R88a: its own space is allowed by default
    answer(game, "scamp", "scamp:3")
    assert game.state.loc["blue.scamp"] == ("outer", 3)
    answer(game, "claim", "claim:blue.scamp")
    answer(game, "action", "act:0")
    assert names(game, card(game, "blue.scamp")) == ["red key"]
    assert game.state.player("blue").score_by["chain"] == 1
    assert happened(game, "scamp_teleported")[0]["first"] is True


def test_Q6_scamp_other_space_option_forbids_the_active_mouse_space() -> None:
    pos = on_hand_at(quiet({"scamp_other_space": True}), 12, "blue.scurrier").tile("green key", "blue.scurrier")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    answer(game, "spend", game.choice_ids[0])
    assert "scamp:1" not in game.choice_ids and "scamp:2" in game.choice_ids


# ------------------------------------------------------------------------------------------- R81-R84 leaps
def test_R46a_R81_R84_favor_leap_from_the_hand_goes_1_to_3_numbers() -> None:
    pos = on_hand_at(quiet().token(5, "T-CLIMB3"), 2, "blue.spotter").favor("blue", "F06")
    game = pos.game()
    assert game.decision.kind == "hand_mouse"
    leaps = [c for c in game.choice_ids if c.startswith("favor_leap:")]
    assert leaps == ["favor_leap:F06:4", "favor_leap:F06:5", "favor_leap:F06:6"]
    answer(game, "hand_mouse", "favor_leap:F06:5")
    assert game.state.loc["blue.spotter"] == ("outer", 5)
    answer(game, "action", "act:0")
    assert game.state.player("blue").score_by["chain"] == 1
    assert "F06" in game.state.favor_discard


def test_R84_no_favor_leap_from_an_outer_space() -> None:
    pos = on_hand_at(quiet().token(3, "T-CLIMB3"), 2, "blue.spotter").favor("blue", "F06")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    assert game.decision.kind == "action"
    assert not any(c.startswith("favor_leap:") or c == "favor:F06" for c in game.choice_ids)


def test_R85_the_12_leap_is_offered_without_a_relic_by_default() -> None:
    game = on_hand_at(quiet(), 11, "blue.spotter").game()
    answer(game, "hand_mouse", "jump_off")
    assert game.choice_ids == ["act:1", "decline"]
    answer(game, "action", "act:1")
    assert game.choice_ids == ["leap:1", "leap:2", "leap:3"]


def test_Q4_cuckoo_leap_needs_relic_option() -> None:
    game = on_hand_at(quiet({"cuckoo_leap_needs_relic": True}), 11, "blue.spotter").game()
    answer(game, "hand_mouse", "jump_off")
    assert not (game.decision.kind == "action" and game.decision.context.get("mouse") == "blue.spotter")
    assert any(e["mouse"] == "blue.spotter" and e["number"] == 12 for e in happened(game, "mouse_entered"))
    assert not happened(game, "mouse_leapt")


def test_Q4_with_the_option_the_12_leap_follows_a_returned_relic() -> None:
    pos = on_hand_at(quiet({"cuckoo_leap_needs_relic": True}), 11, "blue.spotter").tile("relic", "blue.spotter")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    assert "act:1" not in game.choice_ids
    answer(game, "action", "act:0")
    answer(game, "return_relics", game.choice_ids[0])
    answer(game, "action", "act:1")
    assert game.choice_ids == ["leap:1", "leap:2", "leap:3"]


# ------------------------------------------------------------------------------------------- R83 throw
def test_R83_R68_throw_lets_a_mouse_at_another_number_trade() -> None:
    pos = on_hand_at(quiet().token(4, "T-SEARCH1"), 3, "blue.scurrier").favor("blue", "F11")
    pos.mouse("blue.scavenger", "inner 8").tile("purple key", "blue.scavenger")
    game = pos.game()
    key = card(game, "blue.scavenger")[0]
    answer(game, "hand_mouse", "jump_off")
    assert "trade" not in game.choice_ids
    answer(game, "action", "favor:F11")
    assert "throw:blue.scavenger" in game.choice_ids and "throw:blue.scamp" not in game.choice_ids
    answer(game, "throw", "throw:blue.scavenger")
    assert game.state.player("blue").score_by["chain"] == 0  # F11's Climb 1 comes after the Throw
    assert "trade" in game.choice_ids
    answer(game, "action", "trade")
    answer(game, "trade", f"give:{key}:blue.scurrier")
    answer(game, "trade", "done")
    assert card(game, "blue.scurrier") == [key] and card(game, "blue.scavenger") == []


def test_Q17_throw_to_scamp_card_option() -> None:
    pos = on_hand_at(quiet({"throw_to_scamp_card": True}).token(4, "T-SEARCH1"), 3, "blue.scurrier")
    game = pos.favor("blue", "F11").game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "favor:F11")
    assert "throw:blue.scamp" in game.choice_ids


# ------------------------------------------------------------------------------------------- R71/L4 two actions
def test_R71_L4_two_action_token_first_then_second_or_decline() -> None:
    pos = on_hand_at(quiet().token(8, "T-CLIMB1-SEARCH2"), 7, "blue.scurrier").tile("green key", "blue.scurrier")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    assert game.choice_ids[:3] == ["act:0", "act:1", "decline"]
    answer(game, "action", "act:0")
    assert game.state.player("blue").scaler == 1
    assert game.decision.kind == "action" and "act:0" not in game.choice_ids
    assert {"act:1", "decline"} <= set(game.choice_ids)


def test_R71_L4_doing_the_second_action_skips_the_first() -> None:
    pos = on_hand_at(quiet().token(8, "T-CLIMB1-SEARCH2"), 7, "blue.scurrier").tile("green key", "blue.scurrier")
    game = pos.game()
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:1")
    answer(game, "spend", game.choice_ids[0])
    assert game.state.player("blue").scaler == 0
    assert len(card(game, "blue.scurrier")) == 2
    assert not (game.decision.kind == "action" and game.decision.context.get("mouse") == "blue.scurrier")


# ------------------------------------------------------------------------------------------- Q8 wilds to the web
@pytest.mark.parametrize(("option", "to_web"), [(False, False), (True, True)])
def test_Q8_spent_wild_goes_to_the_bag_or_with_the_option_to_the_web(option: bool, to_web: bool) -> None:
    opts = {"wilds_to_web": True} if option else None
    pos = on_hand_at(quiet(opts).token(5, "T-MARKET"), 4, "blue.scurrier").tile("wild", "blue.scurrier")
    game = pos.game()
    wild = card(game, "blue.scurrier")[0]
    answer(game, "hand_mouse", "jump_off")
    answer(game, "action", "act:0")
    answer(game, "spend", f"pay:{wild}")
    assert (wild in game.state.web) is to_web
    assert (wild in game.state.bag) is not to_web

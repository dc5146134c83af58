"""Setting the game up (RULES-SPEC R18-R36), the solo changes (R116) and the advanced setup (R122-R123).

The laid-out table is read with ``new_state`` (the function ``Game.new`` lays the table with) before the
first Tick is resolved; what a new ``Game`` does next is read from its events and decisions.
"""

from __future__ import annotations

from collections import Counter

import pytest

from hickory_widget import Game, IllegalChoice, Position, default_components
from hickory_widget.hickory.rules.setup import new_state

C = default_components()
PLAYER_COUNTS = (1, 2, 3, 4)
SEEDS = (1, 2, 7, 123)


def all_tile_places(s) -> list[str]:
    """Every tile on the table, wherever it lies."""
    tiles = [*s.bag, *s.web, *s.returned, *(t for t in s.bin if t), *(t for t in s.leaves if t)]
    for p in s.players:
        tiles += [t for card in p.cards.values() for t in card]
        tiles += [t for row in p.hunt for t in row if t]
    return tiles


# ---------------------------------------------------------------------------------------------- clock


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R19_hour_hand_on_7_and_minute_hand_on_12(players) -> None:
    """R19: with 2-4 players the hour hand starts on 7, the minute hand on 12."""
    s = new_state(players, seed=3)
    assert (s.hour, s.minute) == (7, 12)
    assert s.round == 1


def test_R116_solo_hour_hand_starts_on_6() -> None:
    """R116, R14: the solo game has 6 rounds, so the hour hand starts on 6."""
    s = new_state(1, seed=3)
    assert (s.hour, s.minute) == (6, 12)


def test_R35_the_first_tick_moves_the_minute_hand_from_12_to_1() -> None:
    """R35: play starts by resolving the first Tick: 12 -> 1, and the hour hand has not moved."""
    game = Game.new(3, seed=4)
    assert game.events[0]["kind"] == "hand_moved" and game.events[0]["number"] == 1
    assert game.state.hour == 7


@pytest.mark.parametrize("seed", SEEDS)
def test_R20_fixed_tokens_lie_on_1_6_11_and_12(seed) -> None:
    """R20, R85: tokens 1 (Scamp), 6 and 11 (Deliver) and 12 (Lord Cuckoo) are always in place."""
    s = new_state(4, seed=seed)
    assert s.tokens[1] == "T-SCAMP"
    assert s.tokens[6] == "T-DELIVER"
    assert s.tokens[11] == "T-DELIVER"
    assert s.tokens[12] == "T-CUCKOO"


@pytest.mark.parametrize("seed", SEEDS)
def test_R21_sun_and_moon_tokens_lie_on_their_own_spaces(seed) -> None:
    """R21: the sun group lies on the sun spaces (2-5), the moon group on the moon spaces (7-10)."""
    s = new_state(4, seed=seed)
    assert Counter(s.tokens[n] for n in (2, 3, 4, 5)) == Counter(t.id for t in C.sun_tokens)
    assert Counter(s.tokens[n] for n in (7, 8, 9, 10)) == Counter(t.id for t in C.moon_tokens)
    assert Counter(s.tokens[n] for n in (2, 3, 4, 5)) == Counter(["T-CLIMB3", "T-SEARCH1", "T-FAVOR", "T-MARKET"])


def test_R21_each_group_is_shuffled() -> None:
    """R21: the groups are shuffled separately, so the sun tokens do not always lie in the same order."""
    layouts = {tuple(new_state(4, seed=seed).tokens[2:6]) for seed in range(20)}
    assert len(layouts) > 1
    moon = {tuple(new_state(4, seed=seed).tokens[7:11]) for seed in range(20)}
    assert len(moon) > 1


# ---------------------------------------------------------------------------------------------- tiles


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_R22_all_ten_wilds_go_on_the_web(players) -> None:
    """R22: the 10 wild tiles lie on Itsy's web, none in the bag or anywhere else."""
    s = new_state(players, seed=5)
    assert len(s.web) == 10
    assert all(C.tiles[t].kind == "wild" for t in s.web)
    assert not any(C.tiles[t].kind == "wild" for t in [*s.bag, *s.bin, *s.leaves[1:12]] if t)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_R23_R24_four_bin_tiles_eleven_leaves_none_at_12_and_the_bag_holds_the_rest(players) -> None:
    """R23, R24: 83 tiles go in the bag; 4 are drawn to the discount bin and 11 to leaves 1-11; 12 has none;
    68 stay in the bag. The 3 relics are among the 83."""
    s = new_state(players, seed=5)
    assert len(s.bin) == 4 and all(t is not None for t in s.bin)
    assert all(s.leaves[n] is not None for n in range(1, 12))
    assert s.leaves[12] is None
    assert len(s.bag) == 83 - 4 - 11 == 68
    drawn = [*s.bag, *s.bin, *s.leaves[1:12]]
    assert Counter(C.tiles[t].kind for t in drawn) == Counter({"item": 80, "relic": 3})
    everything = all_tile_places(s)
    assert len(everything) == len(set(everything)) == 93


# ---------------------------------------------------------------------------------------------- cards


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_R25_each_player_gets_one_acorn_card_and_the_deck_has_the_rest(players) -> None:
    """R25, R99: one acorn favor card each; undealt acorn cards go back into the deck: 13 cards in all."""
    s = new_state(players, seed=6)
    hands = [p.favors for p in s.players]
    assert all(len(h) == 1 for h in hands)
    dealt = [h[0] for h in hands]
    assert all(C.favors[f].acorn for f in dealt)
    assert len(set(dealt)) == players
    assert len(s.favor_deck) == 13 - players
    assert sorted([*dealt, *s.favor_deck]) == sorted(C.favors)
    assert sum(C.favors[f].acorn for f in s.favor_deck) == 4 - players
    assert s.favor_discard == []


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_R26_two_quests_face_up_and_ten_in_the_deck(players) -> None:
    """R26: the 12 quest cards are shuffled and the top 2 revealed."""
    s = new_state(players, seed=6)
    assert len(s.quests_up) == 2 and all(q is not None for q in s.quests_up)
    assert len(s.quest_deck) == 10
    assert sorted([*s.quests_up, *s.quest_deck]) == sorted(C.quests)
    assert s.quest_discard == []


# ---------------------------------------------------------------------------------------------- players


@pytest.mark.parametrize(("players", "spaces"), [(4, 8), (3, 6), (2, 4), (1, 2)])
def test_R28_R36_minute_hand_spaces_by_player_count(players, spaces) -> None:
    """R28, R36, R116: 4 players no blocker (8), 3 the small one (6), 2 the large one (4), solo both (2)."""
    s = new_state(players, seed=2)
    assert s.hand_spaces == spaces
    assert s.hand == []


@pytest.mark.parametrize("players", [["red", "blue"], ["brown", "yellow", "blue"], ["yellow"]])
def test_R30_the_priority_marker_starts_on_the_first_players_color(players) -> None:
    """R30: the marker goes on the color of the first (most punctual) player."""
    s = new_state(players, seed=2)
    assert s.priority == players[0]
    assert s.colors == players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_R31_R33_mice_start_on_their_hunt_boards_numbers_and_the_scamp_on_its_card(players, seed) -> None:
    """R31: a different random hunt board each; R33: Scurrier, Scavenger, Spotter on the inner spaces of the
    board's start numbers; the Scamp starts on its card, out of play."""
    s = new_state(players, seed=seed)
    boards = [p.board for p in s.players]
    assert len(set(boards)) == players
    for p in s.players:
        start = C.hunt_board(p.board).start
        for kind in ("scurrier", "scavenger", "spotter"):
            assert s.loc[f"{p.color}.{kind}"] == ("inner", start[kind])
        assert s.loc[f"{p.color}.scamp"] == ("card", 0)
        assert not s.in_play(f"{p.color}.scamp")
        assert all(cell is None for row in p.hunt for cell in row)
        assert all(card == [] for card in p.cards.values())


def test_R31_hunt_boards_are_dealt_at_random() -> None:
    """R31: over a few seeds blue does not always get the same board."""
    assert len({new_state(2, seed=seed).player("blue").board for seed in range(20)}) > 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_R32_R34_scalers_on_the_starting_pinecone_and_scores_at_0(players) -> None:
    """R32: every Scaler starts on the starting pinecone (0). R34: every score starts at 0."""
    s = new_state(players, seed=8)
    for p in s.players:
        assert p.scaler == 0
        assert p.score == 0
        assert set(p.score_by.values()) == {0}
    assert s.weight == 0


def test_R34_a_new_game_reports_zero_scores() -> None:
    game = Game.new(["blue", "red"], seed=8)
    assert game.scores == {"blue": 0, "red": 0}
    assert all(set(b.values()) == {0} for b in game.score_breakdown.values())


# ---------------------------------------------------------------------------------------------- solo


@pytest.mark.parametrize("seed", SEEDS)
def test_R116_solo_paws_are_placed_before_round_1(seed) -> None:
    """R116: in solo the two cat paws are rolled before the first Tick; no mouse stays at a paw number
    (R111)."""
    game = Game.new(1, seed=seed)
    placed = [e for e in game.events if e["kind"] == "cat_paw_placed"]
    assert len(placed) == 2
    first_tick = next(i for i, e in enumerate(game.events) if e["kind"] == "hand_moved")
    assert all(game.events.index(e) < first_tick for e in placed)
    assert all("R116" in e["rules"] for e in placed)
    assert all("R119" in e["rules"] and "R121" not in e["rules"] for e in placed)  # R121 is the end of a round
    s = game.state
    assert sorted(s.paws) == sorted(e["number"] for e in placed)
    for mouse in s.loc:
        n = s.number_of(mouse)
        assert n is None or n not in s.paws, (mouse, s.loc[mouse], s.paws)


def test_R116_R119_R120_a_first_paw_on_a_start_number_makes_the_mouse_flee_clockwise() -> None:
    """R116, R119, R120: the first paws scratch too; a mouse at a rolled number flees to the next number
    without a paw, in its own ring. (The paw rolls are fixed: 5 on the Scavenger, then 6 just ahead of it.)"""
    pos = Position(["blue"], seed=1)
    pos.data["phase"] = "paws"  # the position before the solo paws are placed (R116)
    pos.mouse("blue.scurrier", "inner 2").mouse("blue.scavenger", "inner 5").mouse("blue.spotter", "inner 8")
    game = pos.force("die", 5).force("die", 6).game(play_on=True)
    assert sorted(game.state.paws) == [5, 6]
    assert game.state.loc["blue.scavenger"] == ("inner", 7)
    fled = [(e["mouse"], e["start"], e["number"]) for e in game.events if e["kind"] == "mouse_fled"]
    assert fled == [("blue.scavenger", 5, 6), ("blue.scavenger", 6, 7)]
    assert game.state.loc["blue.scurrier"] == ("inner", 2)
    assert game.state.loc["blue.spotter"] == ("inner", 8)


def test_R117_solo_deals_one_acorn_card() -> None:
    s = new_state(1, seed=9)
    assert len(s.players) == 1 and len(s.player("blue").favors) == 1
    assert C.favors[s.player("blue").favors[0]].acorn


# ---------------------------------------------------------------------------------------------- seeds


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_same_seed_gives_the_same_setup(players) -> None:
    a, b = Game.new(players, seed=42), Game.new(players, seed=42)
    assert a.position() == b.position()
    assert a.events == b.events
    assert a.choice_ids == b.choice_ids


def test_different_seeds_give_different_setups() -> None:
    a, b = new_state(4, seed=1), new_state(4, seed=2)
    assert (a.bag, a.bin, a.leaves, a.tokens, a.quests_up, [p.board for p in a.players]) != \
        (b.bag, b.bin, b.leaves, b.tokens, b.quests_up, [p.board for p in b.players])
    assert a.leaves != b.leaves


# ---------------------------------------------------------------------------------------------- R122, R123 advanced


def place_options(game) -> dict[str, set[int]]:
    """The numbers offered to each mouse in a place_mouse decision."""
    out: dict[str, set[int]] = {}
    for choice in game.choice_ids:
        _, mouse, number = choice.split(":")
        out.setdefault(mouse, set()).add(int(number))
    return out


def test_R122_players_place_in_priority_order_one_mouse_at_a_time() -> None:
    """R122: blue, yellow, red, blue, yellow, red, ... each placing one mouse on an inner space."""
    game = Game.new(["blue", "yellow", "red"], seed=3, advanced=True)
    s = game.state
    assert all(s.loc[f"{c}.{k}"] == ("setup", 0) for c in s.colors for k in ("scurrier", "scavenger", "spotter"))
    order = []
    picks = {"blue": [2, 7, 6], "yellow": [3, 8, 11], "red": [4, 9, 10]}
    for _ in range(9):
        d = game.decision
        assert d.kind == "place_mouse"
        order.append(d.player)
        mouse = sorted(place_options(game))[0]
        game.choose(f"place:{mouse}:{picks[d.player].pop(0)}")
    assert order == ["blue", "yellow", "red"] * 3
    placed = [(e["mouse"], e["number"]) for e in game.events if e["kind"] == "mouse_placed"]
    assert placed == [("blue.scavenger", 2), ("yellow.scavenger", 3), ("red.scavenger", 4),
                      ("blue.scurrier", 7), ("yellow.scurrier", 8), ("red.scurrier", 9),
                      ("blue.spotter", 6), ("yellow.spotter", 11), ("red.spotter", 10)]
    assert game.decision.kind != "place_mouse"
    assert not any(where == "setup" for where, _ in game.state.loc.values())


def test_R122_the_marker_decides_who_places_first() -> None:
    """R122: placing starts with the color under the priority marker (here the first player, red)."""
    game = Game.new(["red", "blue"], seed=3, advanced=True)
    assert game.decision.player == "red"
    game.choose(game.choice_ids[0])
    assert game.decision.player == "blue"


def test_R123_never_at_12_or_1() -> None:
    """R123: every mouse may go on 2-11 at first; 1 and 12 are never offered and cannot be chosen."""
    game = Game.new(2, seed=3, advanced=True)
    offered = place_options(game)
    assert set(offered) == {"blue.scurrier", "blue.scavenger", "blue.spotter"}
    assert all(numbers == set(range(2, 12)) for numbers in offered.values())
    for n in (1, 12):
        with pytest.raises(IllegalChoice):
            game.choose(f"place:blue.scurrier:{n}")


def test_R123_no_two_of_ones_own_mice_on_one_number_but_other_players_may_share() -> None:
    """R123: after blue places on 5, blue may not use 5 again; yellow may."""
    game = Game.new(2, seed=3, advanced=True)
    game.choose("place:blue.scurrier:5")
    assert game.decision.player == "yellow"
    assert all(5 in numbers for numbers in place_options(game).values())
    game.choose("place:yellow.spotter:5")
    assert game.decision.player == "blue"
    assert all(5 not in numbers for numbers in place_options(game).values())
    with pytest.raises(IllegalChoice):
        game.choose("place:blue.spotter:5")
    assert game.state.loc["yellow.spotter"] == ("inner", 5)
    assert game.state.loc["blue.scurrier"] == ("inner", 5)


def test_R123_at_least_one_mouse_on_a_sun_and_one_on_a_moon_space() -> None:
    """R123: blue puts two mice on sun spaces (2, 3): the last one must go on a moon space (7-10)."""
    game = Game.new(2, seed=3, advanced=True)
    game.choose("place:blue.scurrier:2")
    game.choose("place:yellow.scurrier:7")
    game.choose("place:blue.scavenger:3")
    game.choose("place:yellow.scavenger:8")
    assert place_options(game) == {"blue.spotter": {7, 8, 9, 10}}
    for n in (4, 6, 11):
        with pytest.raises(IllegalChoice):
            game.choose(f"place:blue.spotter:{n}")
    game.choose("place:blue.spotter:9")
    # Yellow has moon spaces only so far: a sun space is now a must.
    assert place_options(game) == {"yellow.spotter": {2, 3, 4, 5}}


def test_R123_a_second_mouse_off_sun_and_moon_still_leaves_room_for_one_of_each() -> None:
    """R123: a first mouse on 6 (neither sun nor moon) forces the other two onto a sun and a moon space."""
    game = Game.new(2, seed=3, advanced=True)
    game.choose("place:blue.scurrier:6")
    game.choose("place:yellow.scurrier:6")
    offered = place_options(game)
    assert offered["blue.spotter"] == {2, 3, 4, 5, 7, 8, 9, 10}
    game.choose("place:blue.spotter:4")
    game.choose("place:yellow.spotter:9")
    assert place_options(game) == {"blue.scavenger": {7, 8, 9, 10}}


def test_R122_after_placing_play_starts_from_the_placed_mice() -> None:
    """R122, R35: once everyone has placed, the first Tick is resolved with the mice where they were put."""
    game = Game.new(2, seed=3, advanced=True)
    for choice in ("place:blue.scurrier:2", "place:yellow.scurrier:4", "place:blue.scavenger:5",
                   "place:yellow.scavenger:7", "place:blue.spotter:9", "place:yellow.spotter:10"):
        game.choose(choice)
    assert game.decision.kind == "inner_mouse"
    assert game.decision.context == {"mouse": "blue.scurrier", "number": 2}
    assert game.state.loc["yellow.scavenger"] == ("inner", 7)
    assert game.state.loc["blue.spotter"] == ("inner", 9)


def test_R122_R116_solo_advanced_setup_places_the_mice_before_the_first_paws() -> None:
    """R122, R116: in solo the player places all three mice, then the two paws are rolled before round 1."""
    game = Game.new(1, seed=3, advanced=True)
    assert game.decision.kind == "place_mouse"
    assert [e for e in game.events if e["kind"] == "cat_paw_placed"] == []
    for choice in ("place:blue.scurrier:2", "place:blue.scavenger:6", "place:blue.spotter:9"):
        game.choose(choice)
    kinds = [e["kind"] for e in game.events]
    assert kinds.count("cat_paw_placed") == 2
    assert kinds.index("mouse_placed") < kinds.index("cat_paw_placed") < kinds.index("hand_moved")
    assert len(game.state.paws) == 2

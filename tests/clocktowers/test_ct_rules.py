"""Clocktowers rules C1-C13, each as a position, an action and the outcome the rulebook gives."""

from __future__ import annotations

from collections import Counter

import pytest
from ct_helpers import game

from hickory_widget.clocktowers import ClocktowersGame, all_cards, card
from hickory_widget.clocktowers.rules.cards import COLOURS
from hickory_widget.clocktowers.rules.options import OWN_TOWERS
from hickory_widget.core import IllegalChoice


def test_C1_the_66_cards() -> None:
    cards = all_cards().values()
    assert len(cards) == 66
    kinds = Counter(c.kind for c in cards)
    assert kinds == {"clock": 18, "roof": 20, "floor": 28}
    assert sum(1 for c in cards if c.kind == "clock" and c.animals == "mice") == 9
    assert Counter(c.colour for c in cards if c.kind == "roof") == dict.fromkeys(COLOURS, 4)
    floors = Counter((c.floors, c.animals) for c in cards if c.kind == "floor")
    assert floors == {(1, "plain"): 5, (1, "cats"): 5, (1, "mice"): 4, (2, "plain"): 5, (2, "cats"): 5,
                      (2, "mice"): 4}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_C2_starting_hand_is_a_floor_with_cats_a_floor_with_mice_and_a_clock_with_mice(players: int) -> None:
    g = ClocktowersGame.new(players=players, seed=7)
    for hand in g.state.hands.values():
        assert sorted(card(c).type for c in hand) == ["clock.mice", "floor1.cats", "floor1.mice"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_C3_three_face_up_decks_with_3_roofs_and_5_floors_removed_unseen(players: int) -> None:
    g = ClocktowersGame.new(players=players, seed=3, first="P2")
    s = g.state
    assert Counter(card(c).kind for c in s.removed) == {"roof": 3, "floor": 5}
    assert len(s.decks["roofs"]) == 17
    assert len(s.decks["floors"]) == 28 - 2 * players - 5
    assert len(s.decks["clocks"]) == 18 - players
    assert all(card(c).deck == d for d, pile in s.decks.items() for c in pile)
    assert g.decision.player == "P2"  # the chosen (oldest) player starts
    assert ClocktowersGame.new(players=players, seed=3).state.decks == s.decks  # a seed deals the same decks
    assert ClocktowersGame.new(players=players, seed=4).state.decks != s.decks


def test_C4_play_one_card_then_draw_the_top_card_of_any_deck() -> None:
    g = game({"A": ["floor1.cats.1", "floor1.mice.1", "clock.mice.1"], "B": ["floor1.cats.2", "floor1.mice.2",
                                                                              "clock.mice.2"]})
    g.choose("play:floor1.cats.1:new")
    assert g.decision.kind == "draw" and g.decision.player == "A"
    assert len(g.state.hands["A"]) == 2
    assert g.choice_ids == ["draw:floors", "draw:roofs", "draw:clocks"]
    g.choose("draw:roofs")
    assert "roof.purple.4" in g.state.hands["A"] and len(g.state.hands["A"]) == 3
    assert g.state.decks["roofs"] == ["roof.purple.3"]  # the next card is now face up
    assert g.decision.player == "B" and g.decision.kind == "play"


def test_C5_option_own_towers_a_floor_starts_a_tower_or_grows_one_of_your_own_without_a_clock() -> None:
    towers = [{"id": "t1", "owner": "A", "floors": ["floor1.plain.1"]},
              {"id": "t2", "owner": "A", "floors": ["floor1.plain.2"], "clock": "clock.plain.3"},
              {"id": "t3", "owner": "B", "floors": ["floor1.plain.3"]}]
    g = game({"A": ["floor2.cats.1"], "B": []}, towers, options=OWN_TOWERS)
    assert [c for c in g.choice_ids if c.startswith("play:")] == ["play:floor2.cats.1:new", "play:floor2.cats.1:t1"]
    g.choose("play:floor2.cats.1:t1")
    assert g.state.tower("t1").floors == ["floor1.plain.1", "floor2.cats.1"]
    assert g.state.tower("t1").height == 3
    assert g.events[-1]["kind"] == "floor_added" and "C5" in g.events[-1]["rules"]


def test_C5_floors_go_on_other_players_towers_too() -> None:
    towers = [{"id": "t3", "owner": "B", "floors": ["floor1.plain.3"]}]
    g = game({"A": ["floor2.cats.1"], "B": []}, towers)
    assert "play:floor2.cats.1:t3" in g.choice_ids
    g.choose("play:floor2.cats.1:t3")
    assert g.state.tower("t3").owner == "B" and g.state.tower("t3").height == 3


def test_C6_a_clock_goes_only_on_a_tower_of_floors_only() -> None:
    towers = [{"id": "t1", "owner": "A", "floors": ["floor1.plain.1"]},
              {"id": "t2", "owner": "A", "floors": ["floor1.plain.2"], "clock": "clock.plain.3"},
              {"id": "t3", "owner": "B", "floors": ["floor1.plain.3"]}]
    g = game({"A": ["clock.mice.1"], "B": []}, towers)
    assert g.choice_ids == ["play:clock.mice.1:t1", "play:clock.mice.1:t3", "discard:clock.mice.1"]
    own = game({"A": ["clock.mice.1"], "B": []}, towers, options=OWN_TOWERS)
    assert own.choice_ids == ["play:clock.mice.1:t1", "discard:clock.mice.1"]
    with pytest.raises(IllegalChoice, match=r"Legal now: play:clock\.mice\.1:t1"):
        g.choose("play:clock.mice.1:t2")  # it already has a clock
    g.choose("play:clock.mice.1:t1")
    assert g.state.tower("t1").clock == "clock.mice.1"


def test_C7_a_roof_completes_a_tower_of_floors_and_a_clock() -> None:
    towers = [{"id": "t1", "owner": "A", "floors": ["floor1.plain.1"]},
              {"id": "t2", "owner": "A", "floors": ["floor1.plain.2"], "clock": "clock.plain.3"}]
    g = game({"A": ["roof.red.1"], "B": []}, towers)
    assert g.choice_ids == ["play:roof.red.1:t2", "discard:roof.red.1"]  # not on t1: it has no clock
    g.choose("play:roof.red.1:t2")
    assert g.state.tower("t2").complete and g.scores["A"] == 5


def test_C8_discard_face_down_even_when_a_play_is_possible_then_draw() -> None:
    g = game({"A": ["floor1.cats.1", "roof.red.1"], "B": []})
    assert "discard:floor1.cats.1" in g.choice_ids and "discard:roof.red.1" in g.choice_ids
    g.choose("discard:roof.red.1")  # no tower can take it: discarding is the only use
    assert g.state.discard == ["roof.red.1"] and g.decision.kind == "draw"
    from hickory_widget.clocktowers.words.labels import event_text

    assert "red" not in event_text(g.events[-1], "en")  # face down: the log does not name it


def test_C9_any_number_of_towers() -> None:
    towers = [{"id": f"t{i}", "owner": "A", "floors": [f"floor1.plain.{i}"]} for i in range(1, 6)]
    g = game({"A": ["floor1.cats.1"], "B": []}, towers)
    g.choose("play:floor1.cats.1:new")
    assert len(g.state.towers_of("A")) == 6 and g.state.towers[-1].id == "t6"


def test_C10_first_tower_of_a_colour_is_1_or_2_floors_high() -> None:
    towers = [{"id": "t1", "owner": "A", "floors": ["floor2.plain.1", "floor1.plain.1"], "clock": "clock.plain.1"},
              {"id": "t2", "owner": "A", "floors": ["floor2.plain.2"], "clock": "clock.plain.2"}]
    g = game({"A": ["roof.blue.1"], "B": []}, towers)
    assert g.choice_ids == ["play:roof.blue.1:t2", "discard:roof.blue.1"]  # t1 is 3 floors high
    with pytest.raises(IllegalChoice, match="not a legal choice"):
        g.choose("play:roof.blue.1:t1")


def test_C10_each_later_tower_of_that_colour_is_exactly_one_floor_higher() -> None:
    towers = [{"id": "t1", "owner": "A", "floors": ["floor2.plain.1"], "clock": "clock.plain.1",
               "roof": "roof.blue.2"},
              {"id": "t2", "owner": "A", "floors": ["floor2.plain.2"], "clock": "clock.plain.2"},
              {"id": "t3", "owner": "A", "floors": ["floor2.plain.3", "floor1.plain.1"], "clock": "clock.plain.3"},
              {"id": "t4", "owner": "A", "floors": ["floor2.plain.4", "floor2.plain.5"], "clock": "clock.plain.4"}]
    g = game({"A": ["roof.blue.1", "roof.red.1"], "B": []}, towers)
    blue = [c for c in g.choice_ids if c.startswith("play:roof.blue")]
    red = [c for c in g.choice_ids if c.startswith("play:roof.red")]
    assert blue == ["play:roof.blue.1:t3"]  # after a blue of 2: exactly 3
    assert red == ["play:roof.red.1:t2"]  # red has its own sequence: 1 or 2
    g.choose("play:roof.blue.1:t3")
    assert g.state.tower("t3").order == 2


def test_C10_the_sequence_is_shared_by_default_and_per_player_as_an_option() -> None:
    towers = [{"id": "t1", "owner": "B", "floors": ["floor2.plain.1"], "clock": "clock.plain.1",
               "roof": "roof.blue.2"},
              {"id": "t2", "owner": "A", "floors": ["floor2.plain.2"], "clock": "clock.plain.2"},
              {"id": "t3", "owner": "A", "floors": ["floor2.plain.3", "floor1.plain.1"], "clock": "clock.plain.3"}]
    hands = {"A": ["roof.blue.1"], "B": []}
    own = game(hands, towers, options={"shared_heights": False})
    assert [c for c in own.choice_ids if c.startswith("play:")] == ["play:roof.blue.1:t2"]
    shared = game(hands, towers)  # B's blue tower of 2 asks 3 of everyone's next blue
    assert [c for c in shared.choice_ids if c.startswith("play:")] == ["play:roof.blue.1:t3"]


def test_C10_a_position_breaking_the_height_rule_is_refused() -> None:
    towers = [{"id": "t1", "owner": "A", "floors": ["floor2.plain.1", "floor2.plain.2"], "clock": "clock.plain.1",
               "roof": "roof.blue.2"}]
    with pytest.raises(ValueError, match=r"height rule \(C10\).*1 or 2 floors high, not 4"):
        game({"A": ["floor1.cats.1"], "B": []}, towers)


def test_C11_after_the_decks_run_out_players_play_their_last_cards_then_the_game_ends() -> None:
    g = game({"A": ["floor1.plain.1", "floor1.plain.2"], "B": ["floor1.plain.3"]},
             decks={"floors": ["floor1.plain.4"], "roofs": [], "clocks": []})
    g.choose("play:floor1.plain.1:new")
    g.choose("draw:floors")  # the last card of the last deck
    assert any(e["kind"] == "deck_empty" and "C11" in e["rules"] for e in g.events)
    g.choose("play:floor1.plain.3:new")  # B: no draw left, B's hand is now empty
    assert g.decision.player == "A" and len(g.state.hands["A"]) == 2
    g.choose("discard:floor1.plain.2")
    assert g.decision.player == "A"  # B, with no card, is passed
    assert g.events[-1]["kind"] == "passed"
    g.choose("play:floor1.plain.4:new")
    assert g.over and g.events[-1]["kind"] == "game_end" and "C11" in g.events[-1]["rules"]


def test_C12_each_complete_tower_scores_by_its_animals() -> None:
    towers = [
        {"id": "t1", "owner": "A", "floors": ["floor1.plain.1"], "clock": "clock.plain.1", "roof": "roof.red.1"},
        {"id": "t2", "owner": "A", "floors": ["floor2.cats.1"], "clock": "clock.plain.2", "roof": "roof.blue.1"},
        {"id": "t3", "owner": "A", "floors": ["floor1.cats.1"], "clock": "clock.mice.1", "roof": "roof.green.1"},
        {"id": "t4", "owner": "A", "floors": ["floor1.mice.1"], "clock": "clock.plain.3", "roof": "roof.yellow.1"},
        {"id": "t5", "owner": "A", "floors": ["floor1.plain.2"], "clock": "clock.mice.2", "roof": "roof.purple.1"},
        {"id": "t6", "owner": "A", "floors": ["floor2.plain.1"], "clock": "clock.plain.4"},
    ]
    g = game({"A": [], "B": []}, towers, decks={"floors": [], "roofs": [], "clocks": []})
    assert g.tower_scores == {"t1": 5, "t2": 4, "t3": 3, "t4": 2, "t5": 2, "t6": 0}
    assert g.over and g.scores == {"A": 16, "B": 0}


def test_C13_a_tie_goes_to_the_mouse_on_the_highest_floor_then_the_cat() -> None:
    def towers(b_floors: list[str]) -> list[dict]:
        return [
            {"id": "a1", "owner": "A", "floors": ["floor2.plain.1"], "clock": "clock.plain.3", "roof": "roof.red.3"},
            {"id": "a2", "owner": "A", "floors": ["floor1.cats.1", "floor2.mice.1"], "clock": "clock.plain.1",
             "roof": "roof.red.1"},
            {"id": "b1", "owner": "B", "floors": ["floor2.plain.2"], "clock": "clock.plain.4", "roof": "roof.blue.3"},
            {"id": "b2", "owner": "B", "floors": b_floors, "clock": "clock.plain.2", "roof": "roof.blue.2"},
        ]

    empty = {"floors": [], "roofs": [], "clocks": []}
    # 8 points each. A's mouse is on floor 3 (a two-floor card on a one-floor card), B's on floor 2.
    g = game({"A": [], "B": []}, towers(["floor1.cats.2", "floor1.mice.1", "floor1.plain.5"]), decks=empty)
    assert g.scores == {"A": 8, "B": 8}
    assert [(s.player, s.mouse_floor, s.rank) for s in g.standings()] == [("A", 3, 1), ("B", 2, 2)]
    assert g.winners == ["A"] and g.events[-1]["winners"] == ["A"]
    # Both mice on floor 3: then B's cat on floor 2 beats A's cat on floor 1.
    g = game({"A": [], "B": []}, towers(["floor2.cats.2", "floor1.mice.1"]), decks=empty)
    assert [(s.player, s.mouse_floor, s.cat_floor) for s in g.standings()] == [("B", 3, 2), ("A", 3, 1)]
    assert g.winners == ["B"]


def test_C13_a_full_tie_shares_the_win_and_clocks_are_not_floors() -> None:
    towers = [
        {"id": "a1", "owner": "A", "floors": ["floor1.plain.1"], "clock": "clock.mice.1", "roof": "roof.red.1"},
        {"id": "b1", "owner": "B", "floors": ["floor1.plain.2"], "clock": "clock.mice.2", "roof": "roof.blue.2"},
    ]
    g = game({"A": [], "B": []}, towers, decks={"floors": [], "roofs": [], "clocks": []})
    assert g.scores == {"A": 2, "B": 2}
    assert [s.mouse_floor for s in g.standings()] == [0, 0]
    assert g.winners == ["A", "B"]

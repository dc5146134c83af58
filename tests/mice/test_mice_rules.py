"""One test per rule of Mice! (RULES-SPEC Part G, M1-M14): a position, the plays, what the rulebook says happens."""

from __future__ import annotations

import pytest
from mice_helpers import captured, faces, play_round, table

from hickory_widget.core import IllegalChoice
from hickory_widget.mice import MiceGame
from hickory_widget.mice.positions.information import unplayed
from hickory_widget.mice.rules.cards import ANIMALS, HELP_CARDS, PREY, STARTING_CARDS, card
from hickory_widget.mice.rules.hunt import winning_value


def test_M1_six_sets_of_sixteen_four_starting_cards_four_help_cards() -> None:
    g = MiceGame.new(players=6, seed=3)
    s = g.state
    everything = [c for h in s.hands.values() for c in h] + s.centre
    assert len(everything) == 6 * 16 + 4 == 100 and len(set(everything)) == 100
    assert sorted(s.colours.values()) == ["blue", "green", "orange", "purple", "red", "yellow"]
    assert len(HELP_CARDS) == 4


def test_M2_a_set_is_four_animals_with_values_one_to_four() -> None:
    hand = MiceGame.new(players=3).state.hands["P1"]
    expected = sorted((a, v) for a in ANIMALS for v in (1, 2, 3, 4))
    assert sorted((card(c).animal, card(c).value) for c in hand) == expected


def test_M3_the_starting_cards_are_mouse_1_cat_2_dog_3_elephant_4() -> None:
    g = MiceGame.new(players=4)
    assert faces(g.state.centre) == ["mouse.1", "cat.2", "dog.3", "elephant.4"]
    assert tuple(g.state.centre) == STARTING_CARDS


def test_M4_each_help_card_is_a_prey_type_taken_by_its_hunter() -> None:
    assert set(HELP_CARDS) == set(ANIMALS) and PREY == {"elephant": "dog", "dog": "cat", "cat": "mouse",
                                                         "mouse": "elephant"}
    g = table(["dog.2", "cat.1", "cat.1"], ["cat.2.start"])
    play_round(g, ["dog.2", "cat.1", "cat.1"])
    hunt = next(e for e in g.last_round() if e["kind"] == "hunt" and e["hunter"] == "dog")
    assert hunt["player"] == "P1" and hunt["prey"] == "cat"  # P1 holds the cat help card this round


def test_M5_each_player_holds_a_full_set_and_the_first_round_is_a_hunt() -> None:
    g = MiceGame.new(players=5, seed=2)
    assert all(len(h) == 16 and len({card(c).set for c in h}) == 1 for h in g.state.hands.values())
    assert g.decision.kind == "hunt" and g.decision.secret and len(g.choice_ids) == 16


def test_M6_the_cycle_elephant_dog_cat_mouse_and_no_animal_hunts_its_own_kind() -> None:
    g = table(["mouse.2", "cat.4", "dog.1"], ["mouse.1.start", "elephant.4.start", "cat.2.start", "dog.3.start"])
    play_round(g, ["mouse.2", "cat.4", "dog.1"])
    assert captured(g) == {"P1": ["elephant.4"], "P2": ["mouse.1", "mouse.2"], "P3": ["cat.2", "cat.4"]}
    # the dog 3 in the centre is not hunted: no elephant was played
    assert faces(g.state.centre) == ["dog.3", "dog.1"]


def test_M7_a_played_card_stays_hidden_until_all_have_played_then_all_turn_up_together() -> None:
    g = table(["cat.3", "dog.2", "mouse.4"], ["mouse.1.start"])
    g.choose("play:cat.3")
    g.choose("play:dog.2")
    assert not any(e["kind"] == "revealed" for e in g.events)
    assert all("card" not in e and "plays" not in e for e in g.events)
    seen = g.seat_game("P3")  # P3's copy draws P1's and P2's face-down cards among their unplayed ones
    assert all(seen.state.committed[p] in unplayed(g.state, p) for p in ("P1", "P2"))
    g.choose("play:mouse.4")
    revealed = next(e for e in g.events if e["kind"] == "revealed")
    assert revealed["plays"] == {"P1": "cat.3.red", "P2": "dog.2.blue", "P3": "mouse.4.green"}


def test_M8_the_highest_single_value_hunts() -> None:
    g = table(["cat.2", "cat.4", "cat.3"], ["mouse.1.start"])
    play_round(g, ["cat.2", "cat.4", "cat.3"])
    assert captured(g) == {"P2": ["mouse.1"]}


def test_M8_a_tie_at_the_top_lets_the_second_highest_hunt_as_in_the_rulebook_dogs_3_3_1() -> None:
    g = table(["dog.3", "dog.3", "dog.1"], ["cat.2.start"])
    play_round(g, ["dog.3", "dog.3", "dog.1"])
    assert captured(g) == {"P3": ["cat.2"]}


def test_M8_ties_at_both_values_mean_no_hunt_and_so_does_a_tie_with_nothing_below() -> None:
    g = table(["elephant.4", "elephant.4", "elephant.2", "elephant.2"], ["dog.3.start"])
    play_round(g, ["elephant.4", "elephant.4", "elephant.2", "elephant.2"])
    assert captured(g) == {} and faces(g.state.centre)[0] == "dog.3"
    assert winning_value([3, 3]) is None and winning_value([4]) == 4


def test_M8_three_tiers_stop_at_the_second_unless_the_option_says_otherwise() -> None:
    plays = ["cat.4", "cat.4", "cat.3", "cat.3", "cat.2"]
    strict = table(plays, ["mouse.1.start"])
    play_round(strict, plays)
    assert captured(strict) == {}
    lower = table(plays, ["mouse.1.start"], options={"lower_tiers_hunt": True})
    play_round(lower, plays)
    assert captured(lower) == {"P5": ["mouse.1"]}


def test_M8_centre_cards_never_hunt() -> None:
    g = table(["mouse.1", "mouse.2", "mouse.3"], ["cat.2.start", "elephant.4.start"])
    play_round(g, ["mouse.1", "mouse.2", "mouse.3"])
    assert captured(g) == {"P3": ["elephant.4"]}  # the centre's cat 2 does not take the played mice
    assert faces(g.state.centre) == ["cat.2", "mouse.1", "mouse.2", "mouse.3"]


def test_M9_the_hunter_captures_every_card_of_its_prey_centre_and_played_alike() -> None:
    g = table(["elephant.1", "dog.4", "dog.2"], ["dog.3.start"])
    play_round(g, ["elephant.1", "dog.4", "dog.2"])
    assert captured(g) == {"P1": ["dog.2", "dog.3", "dog.4"], "P2": []}  # P2's dog 4 hunted, but found no cats
    assert g.scores == {"P1": 9, "P2": 0, "P3": 0}


def test_M10_what_is_not_captured_is_the_next_centre() -> None:
    g = table(["cat.1", "cat.1", "elephant.2"], ["mouse.1.start", "dog.3.start"])
    play_round(g, ["cat.1", "cat.1", "elephant.2"])
    assert captured(g) == {"P3": ["dog.3"]}
    assert faces(g.state.centre) == ["mouse.1", "cat.1", "cat.1", "elephant.2"]


def test_M11_the_rulebooks_worked_round() -> None:
    centre = ["elephant.3.yellow", "elephant.4.purple", "dog.3.start", "cat.2.start", "cat.2.orange"]
    plays = ["elephant.1", "dog.2", "cat.3", "cat.4", "mouse.3", "mouse.3"]
    g = table(plays, centre)
    play_round(g, plays)
    assert captured(g) == {"P1": ["dog.2", "dog.3"], "P2": ["cat.2", "cat.2", "cat.3", "cat.4"],
                           "P4": ["mouse.3", "mouse.3"]}
    hunts = {e["hunter"]: e["player"] for e in g.last_round() if e["kind"] == "hunt"}
    assert hunts == {"elephant": "P1", "dog": "P2", "cat": "P4", "mouse": None}
    assert sorted(faces(g.state.centre)) == ["elephant.1", "elephant.3", "elephant.4"]


def test_M12_an_empty_centre_is_seeded_by_a_round_without_hunts() -> None:
    g = table(["elephant.2", "dog.1", "cat.1", "mouse.3"], ["dog.3.start"], left=16)
    play_round(g, ["elephant.2", "dog.1", "cat.1", "mouse.3"])  # each played card is some hunter's prey
    assert g.state.centre == [] and g.decision.kind == "seed" and g.decision.secret
    before = g.scores
    play_round(g, ["cat.2", "cat.3", "elephant.1", "dog.2"])
    assert faces(g.state.centre) == ["cat.2", "cat.3", "elephant.1", "dog.2"] and g.scores == before
    assert [e["kind"] for e in g.last_round()] == ["revealed", "seeded"] and g.decision.kind == "hunt"


def test_M13_the_game_ends_when_the_hands_are_empty_and_the_centre_leaves_the_game() -> None:
    g = table(["cat.3", "cat.3", "dog.4"], ["elephant.4.start"], left=1)
    play_round(g, ["cat.3", "cat.3", "dog.4"])
    assert g.over and g.state.centre == []
    assert sorted(faces(g.state.out)) == ["dog.4", "elephant.4"]
    assert g.scores == {"P1": 0, "P2": 0, "P3": 6}
    with pytest.raises(IllegalChoice, match="the game is over"):
        g.choose("play:cat.1")


def test_M14_points_are_the_captured_values_and_a_tie_goes_to_the_captured_mice() -> None:
    piles = {"P1": ["mouse.4.blue", "cat.1.blue"], "P2": ["elephant.4.red", "dog.1.red"],
             "P3": ["mouse.2.red", "cat.3.red"]}
    g = table(["cat.4", "dog.4", "elephant.4"], [], left=1, piles=piles)
    assert g.decision.kind == "seed"
    play_round(g, ["cat.4", "dog.4", "elephant.4"])
    assert g.over and g.scores == {"P1": 5, "P2": 5, "P3": 5}
    assert [(st.player, st.rank) for st in g.standings()] == [("P1", 1), ("P3", 2), ("P2", 3)]
    assert g.winners == ["P1"] and g.events[-1]["winners"] == ["P1"]


def test_M14_a_tie_in_points_and_mice_is_a_shared_victory() -> None:
    piles = {"P1": ["mouse.2.green", "cat.1.blue"], "P2": ["mouse.2.red", "dog.1.red"], "P3": []}
    g = table(["cat.4", "dog.4", "elephant.4"], [], left=1, piles=piles)
    play_round(g, ["cat.4", "dog.4", "elephant.4"])
    assert g.winners == ["P1", "P2"]

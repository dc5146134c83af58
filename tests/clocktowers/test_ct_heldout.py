"""Held-out Clocktowers scenarios (RULES-SPEC Part H), written from the spec alone and built only through the public
API: ``ClocktowersGame.new`` / ``from_position`` with plain position data, ``choices``, ``choose``, ``scores``,
``tower_scores``, ``standings()``, ``winners``, ``position()``, ``to_json``/``from_json``, ``undo``/``redo``.

Every expected number is worked out by hand from the spec in the test's comment, never read back from the engine.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from hickory_widget.clocktowers import ClocktowersGame, all_cards
from hickory_widget.clocktowers.rules.options import OWN_TOWERS
from hickory_widget.core.protocol import IllegalChoice, PositionError

EMPTY = {"floors": [], "roofs": [], "clocks": []}


def table(hands: dict[str, list[str]], towers: list[dict[str, Any]] | None = None, *, turn: str | None = None,
          decks: dict[str, list[str]] | None = None, **more: Any) -> ClocktowersGame:
    """A game from a position: these hands, towers and decks (empty unless given); the rest of the 66 cards
    are in the box."""
    players = list(hands)
    data = {"players": players, "turn": turn or players[0], "hands": hands, "decks": decks or EMPTY,
            "towers": towers or [], **more}
    return ClocktowersGame.from_position(data)


def tower(tid: str, owner: str, *floors: str, clock: str | None = None, roof: str | None = None) -> dict[str, Any]:
    return {"id": tid, "owner": owner, "floors": list(floors), "clock": clock, "roof": roof}


def ids(game: ClocktowersGame) -> set[str]:
    return set(game.choice_ids)


def where(game: ClocktowersGame, card_id: str) -> set[str]:
    """The places ``card_id`` may be played now: tower ids and 'new'."""
    return {c.split(":")[2] for c in game.choice_ids if c.startswith(f"play:{card_id}:")}


def card_count(game: ClocktowersGame) -> Counter[str]:
    p = game.position(live=True)
    placed = [c for h in p["hands"].values() for c in h] + [c for d in p["decks"].values() for c in d]
    placed += [c for t in p["towers"] for c in [*t["floors"], t["clock"], t["roof"]] if c]
    return Counter(placed + p["discard"] + p["removed"])


# ------------------------------------------------------------------------------------------------ C1-C3 setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_C1_C2_C3_a_new_game_deals_three_cards_each_and_boxes_three_roofs_and_five_floors(n: int) -> None:
    game = ClocktowersGame.new(players=n, seed=11)
    p = game.position()
    # C1: all 66 cards, each once
    assert card_count(game) == Counter(list(all_cards()))
    assert len(all_cards()) == 66
    # C2: everyone holds one one-floor card with cats, one with mice and one clock with mice
    for hand in p["hands"].values():
        assert sorted(c.rsplit(".", 1)[0] for c in hand) == ["clock.mice", "floor1.cats", "floor1.mice"]
    # C3: 3 roofs and 5 floors out of the game unseen; the rest in three decks
    removed = Counter(all_cards()[c].kind for c in p["removed"])
    assert removed == {"roof": 3, "floor": 5}
    assert len(p["decks"]["floors"]) == 28 - 2 * n - 5
    assert len(p["decks"]["roofs"]) == 20 - 3
    assert len(p["decks"]["clocks"]) == 18 - n


def test_C3_the_decks_are_shuffled_by_the_seed_and_the_named_first_player_starts() -> None:
    a = ClocktowersGame.new(players=["Ann", "Bob", "Cy"], seed=5, first="Bob")
    b = ClocktowersGame.new(players=["Ann", "Bob", "Cy"], seed=5, first="Bob")
    c = ClocktowersGame.new(players=["Ann", "Bob", "Cy"], seed=6, first="Bob")
    assert a.position()["decks"] == b.position()["decks"]
    assert a.position()["decks"] != c.position()["decks"]
    assert a.decision.player == "Bob"
    a.choose(next(i for i in a.choice_ids if i.startswith("discard:")))
    a.choose("draw:floors")
    assert a.decision.player == "Cy"


def test_C3_the_top_cards_are_face_up_and_the_removed_cards_are_never_shown() -> None:
    from hickory_widget.clocktowers.board.view import board

    game = ClocktowersGame.new(players=2, seed=3)
    p = game.position()
    game.choose(next(i for i in game.choice_ids if i.startswith("discard:")))
    tops = {d: pile[0] for d, pile in p["decks"].items()}
    view = board(game, "en", secrets=True)
    assert {d["deck"]: d["top"]["id"] for d in view["decks"]} == tops
    shown = repr(view)
    assert not [c for c in p["removed"] if f"'{c}'" in shown]
    # the draw labels name the face-up card of each deck
    labels = {c.id: c.label for c in game.choices}
    assert "one floor" in labels["draw:floors"] or "two floors" in labels["draw:floors"]


# ------------------------------------------------------------------------------------------------ C4 turn
def test_C4_a_turn_is_one_play_then_one_draw_from_any_deck_with_cards() -> None:
    game = table({"Ann": ["floor1.plain.1", "floor1.plain.2", "floor1.plain.3"],
                  "Bob": ["floor1.cats.1", "floor1.cats.2", "floor1.cats.3"]},
                 decks={"floors": ["floor2.plain.1", "floor2.plain.2"], "roofs": ["roof.red.1", "roof.blue.1"],
                        "clocks": ["clock.plain.1", "clock.plain.2"]})
    game.choose("play:floor1.plain.1:new")
    assert game.decision.player == "Ann" and game.decision.kind == "draw"
    assert ids(game) == {"draw:floors", "draw:roofs", "draw:clocks"}
    game.choose("draw:roofs")
    p = game.position(live=True)
    assert sorted(p["hands"]["Ann"]) == ["floor1.plain.2", "floor1.plain.3", "roof.red.1"]
    assert p["decks"]["roofs"] == ["roof.blue.1"]  # the next card is now face up
    assert game.decision.player == "Bob" and game.decision.kind == "play"


@pytest.mark.parametrize("deck, top", [("floors", "floor2.mice.1"), ("roofs", "roof.green.2"),
                                       ("clocks", "clock.mice.7")])
def test_C4_drawing_from_each_deck_takes_its_top_card(deck: str, top: str) -> None:
    decks = {"floors": ["floor2.mice.1", "floor1.plain.4"], "roofs": ["roof.green.2", "roof.green.3"],
             "clocks": ["clock.mice.7", "clock.plain.3"]}
    game = table({"Ann": ["floor1.plain.1", "floor1.plain.2", "floor1.plain.3"], "Bob": ["floor1.cats.1"]},
                 decks=decks)
    game.choose("discard:floor1.plain.1")
    game.choose(f"draw:{deck}")
    p = game.position(live=True)
    assert top in p["hands"]["Ann"] and len(p["hands"]["Ann"]) == 3
    assert p["decks"][deck] == decks[deck][1:]


def test_C4_an_empty_deck_cannot_be_drawn_from() -> None:
    game = table({"Ann": ["floor1.plain.1", "floor1.plain.2", "floor1.plain.3"], "Bob": ["floor1.cats.1"]},
                 decks={"floors": [], "roofs": ["roof.red.1"], "clocks": []})
    game.choose("discard:floor1.plain.1")
    assert ids(game) == {"draw:roofs"}
    with pytest.raises(IllegalChoice):
        game.choose("draw:floors")


def test_C4_once_every_deck_is_empty_a_turn_is_the_play_alone() -> None:
    game = table({"Ann": ["floor1.plain.1", "floor1.plain.2"], "Bob": ["floor1.cats.1"]})
    game.choose("play:floor1.plain.1:new")
    assert game.decision.player == "Bob" and game.decision.kind == "play"


# ------------------------------------------------------------------------------------------------ C5-C7 placing
def test_C5_a_floor_starts_a_tower_or_grows_any_existing_tower_that_has_no_clock() -> None:
    # "aggiungere la carta ad una Torre dell'Orologio esistente": any tower, Bob's too, while it has no clock
    game = table({"Ann": ["floor2.cats.1"], "Bob": ["floor1.plain.5"]},
                 [tower("t1", "Ann", "floor1.plain.1"),
                  tower("t2", "Ann", "floor1.plain.2", clock="clock.plain.1"),
                  tower("t3", "Bob", "floor1.plain.3")])
    assert where(game, "floor2.cats.1") == {"new", "t1", "t3"}  # not t2 (has a clock)
    game.choose("play:floor2.cats.1:t1")
    t1 = next(t for t in game.position(live=True)["towers"] if t["id"] == "t1")
    assert t1["floors"] == ["floor1.plain.1", "floor2.cats.1"] and t1["owner"] == "Ann"


def test_C5_option_own_towers_a_floor_starts_a_tower_or_grows_an_own_tower_that_has_no_clock() -> None:
    game = table({"Ann": ["floor2.cats.1"], "Bob": ["floor1.plain.5"]},
                 [tower("t1", "Ann", "floor1.plain.1"),
                  tower("t2", "Ann", "floor1.plain.2", clock="clock.plain.1"),
                  tower("t3", "Bob", "floor1.plain.3")], options=OWN_TOWERS)
    assert where(game, "floor2.cats.1") == {"new", "t1"}  # not t2 (has a clock), not t3 (Bob's)
    game.choose("play:floor2.cats.1:t1")
    t1 = next(t for t in game.position(live=True)["towers"] if t["id"] == "t1")
    assert t1["floors"] == ["floor1.plain.1", "floor2.cats.1"] and t1["owner"] == "Ann"


def test_C5_C6_C7_a_floor_clock_or_roof_may_go_on_another_players_tower_which_stays_theirs() -> None:
    # a clock "sulla sommità di una Torre dell'Orologio che contenga solamente Carte Piano", a roof on one "che
    # contenga solo Carte Piano ed un Orologio": whoever's tower it is
    towers = [tower("t1", "Bob", "floor1.plain.1"), tower("t2", "Bob", "floor1.plain.2", clock="clock.plain.1")]
    game = table({"Ann": ["floor1.cats.1", "clock.plain.2", "roof.red.1"], "Bob": ["roof.red.2"]}, towers)
    assert where(game, "floor1.cats.1") == {"new", "t1"}  # t2 has a clock
    assert where(game, "clock.plain.2") == {"t1"}
    assert where(game, "roof.red.1") == {"t2"}
    game.choose("play:roof.red.1:t2")
    assert game.scores == {"Ann": 0, "Bob": 5}  # the tower stays Bob's and scores for him (C12)
    assert game.position(live=True)["towers"][1]["owner"] == "Bob"


def test_C5_option_floors_on_others_alone_a_floor_may_grow_another_players_tower_but_not_a_clock_or_roof() -> None:
    towers = [tower("t1", "Bob", "floor1.plain.1"), tower("t2", "Bob", "floor1.plain.2", clock="clock.plain.1")]
    game = table({"Ann": ["floor1.cats.1", "clock.plain.2", "roof.red.1"], "Bob": ["roof.red.2"]}, towers,
                 options={**OWN_TOWERS, "floors_on_others": True})
    assert where(game, "floor1.cats.1") == {"new", "t1"}  # t2 has a clock
    assert where(game, "clock.plain.2") == set()  # clocks and roofs only on one's own towers
    assert where(game, "roof.red.1") == set()
    label = next(c.label for c in game.choices if c.id == "play:floor1.cats.1:t1")
    assert "Bob" in label
    game.choose("play:floor1.cats.1:t1")
    t1 = next(t for t in game.position(live=True)["towers"] if t["id"] == "t1")
    assert t1["owner"] == "Bob" and t1["floors"] == ["floor1.plain.1", "floor1.cats.1"]


def test_C6_a_clock_goes_only_on_a_tower_of_floors_alone_and_never_starts_one() -> None:
    game = table({"Ann": ["clock.mice.1"], "Bob": ["floor1.plain.5"]},
                 [tower("t1", "Ann", "floor1.plain.1", "floor2.plain.1"),
                  tower("t2", "Ann", "floor1.plain.2", clock="clock.plain.1"),
                  tower("t3", "Bob", "floor1.plain.3")])
    assert where(game, "clock.mice.1") == {"t1", "t3"}
    own = table({"Ann": ["clock.mice.1"], "Bob": ["floor1.plain.5"]},
                [tower("t1", "Ann", "floor1.plain.1", "floor2.plain.1"), tower("t3", "Bob", "floor1.plain.3")],
                options=OWN_TOWERS)
    assert where(own, "clock.mice.1") == {"t1"}  # the option: only on one's own towers
    game.choose("play:clock.mice.1:t1")
    t1 = next(t for t in game.position(live=True)["towers"] if t["id"] == "t1")
    assert t1["clock"] == "clock.mice.1" and t1["roof"] is None


def test_C7_a_roof_goes_only_on_floors_and_a_clock_and_completes_the_tower() -> None:
    game = table({"Ann": ["roof.blue.1"], "Bob": ["floor1.plain.5"]},
                 [tower("t1", "Ann", "floor1.plain.1"),
                  tower("t2", "Ann", "floor1.plain.2", clock="clock.plain.1")])
    assert where(game, "roof.blue.1") == {"t2"}
    assert game.tower_scores == {"t1": 0, "t2": 0}
    game.choose("play:roof.blue.1:t2")
    assert game.tower_scores == {"t1": 0, "t2": 5}
    assert where(game, "floor1.plain.5") == {"new", "t1"}  # Bob's turn; a complete tower takes nothing more


def test_C7_a_complete_tower_takes_no_more_cards() -> None:
    game = table({"Ann": ["floor1.plain.4", "clock.plain.2", "roof.red.2"], "Bob": ["floor1.plain.5"]},
                 [tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1", roof="roof.red.1")])
    assert "t1" not in where(game, "floor1.plain.4") | where(game, "clock.plain.2") | where(game, "roof.red.2")


# ------------------------------------------------------------------------------------------------ C8-C9
def test_C8_any_card_may_be_discarded_face_down_even_when_it_could_be_played() -> None:
    game = table({"Ann": ["floor1.plain.1", "clock.plain.1", "roof.red.1"], "Bob": ["floor1.cats.1"]},
                 decks={"floors": ["floor1.plain.2"], "roofs": [], "clocks": []})
    assert {"discard:floor1.plain.1", "discard:clock.plain.1", "discard:roof.red.1"} <= ids(game)
    game.choose("discard:roof.red.1")
    p = game.position(live=True)
    assert p["discard"] == ["roof.red.1"] and "roof.red.1" not in p["hands"]["Ann"]
    assert all("roof.red.1" not in [*t["floors"], t["clock"], t["roof"]] for t in p["towers"])
    # face down: the log line says a card went, not which one
    from hickory_widget.clocktowers.words.labels import event_text

    line = event_text(game.events[-1], "en")
    assert "Ann" in line and "red" not in line and "roof" not in line
    assert game.decision.kind == "draw"  # C8: then draw as normal
    game.choose("draw:floors")
    assert sorted(game.position(live=True)["hands"]["Ann"]) == ["clock.plain.1", "floor1.plain.1", "floor1.plain.2"]


def test_C8_a_player_whose_cards_all_fit_nowhere_can_still_discard() -> None:
    game = table({"Ann": ["roof.red.1", "clock.plain.1"], "Bob": ["floor1.cats.1"]})
    assert ids(game) == {"discard:roof.red.1", "discard:clock.plain.1"}


def test_C9_a_player_may_own_several_complete_and_incomplete_towers() -> None:
    game = table({"Ann": ["floor1.plain.3", "floor1.plain.4"], "Bob": ["floor1.cats.1", "floor1.cats.2"]},
                 [tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1", roof="roof.red.1"),
                  tower("t2", "Ann", "floor1.plain.2")])
    game.choose("play:floor1.plain.3:new")
    game.choose("play:floor1.cats.1:new")
    game.choose("play:floor1.plain.4:new")
    mine = [t["id"] for t in game.position(live=True)["towers"] if t["owner"] == "Ann"]
    assert len(mine) == 4


# ------------------------------------------------------------------------------------------------ C10 heights
def _roof_heights(done: list[dict[str, Any]], ready: dict[str, list[str]], roof: str, *,
                  player: str = "Ann", options: dict[str, bool] | None = None) -> set[int]:
    """The heights of the towers (each with floors and a clock, named in ``ready`` by height) that may take
    ``roof`` for ``player``, given the complete towers ``done``."""
    clocks = iter(f"clock.plain.{i}" for i in range(1, 10))
    towers = list(done) + [tower(f"h{h}", player, *floors, clock=next(clocks)) for h, floors in ready.items()]
    hands = {"Ann": [roof] if player == "Ann" else ["clock.mice.9"],
             "Bob": [roof] if player == "Bob" else ["clock.mice.9"]}
    game = table(hands, towers, turn=player, options=options or {})
    return {int(w[1:]) for w in where(game, roof)}


READY = {"1": ["floor1.plain.1"], "2": ["floor2.plain.1"], "3": ["floor1.plain.2", "floor2.plain.2"],
         "4": ["floor2.plain.3", "floor2.plain.4"]}


def test_C10_the_first_tower_of_a_colour_is_1_or_2_floors_high() -> None:
    assert _roof_heights([], READY, "roof.red.1") == {1, 2}


def test_C10_a_two_floor_card_counts_two_floors() -> None:
    # one two-floor card on its own is height 2; two one-floor cards are height 2 as well
    ready = {"2": ["floor2.cats.1"], "3": ["floor1.cats.1", "floor1.cats.2", "floor1.cats.3"]}
    assert _roof_heights([], ready, "roof.yellow.1") == {2}


def test_C10_each_later_tower_of_a_colour_is_exactly_one_floor_higher() -> None:
    red2 = [tower("r1", "Ann", "floor1.mice.1", "floor1.mice.2", clock="clock.mice.1", roof="roof.red.2")]
    assert _roof_heights(red2, READY, "roof.red.1") == {3}
    red1_red2 = [tower("r1", "Ann", "floor1.mice.1", clock="clock.mice.1", roof="roof.red.2"),
                 tower("r2", "Ann", "floor1.mice.2", "floor1.mice.3", clock="clock.mice.2", roof="roof.red.3")]
    assert _roof_heights(red1_red2, READY, "roof.red.1") == {3}


def test_C10_the_sequence_follows_the_order_towers_were_finished_not_their_names() -> None:
    # r2 (height 2) was finished first, then r1 (height 3): the next red is 4
    done = [{**tower("r1", "Ann", "floor1.mice.1", "floor2.mice.1", clock="clock.mice.1", roof="roof.red.2"),
             "order": 2},
            {**tower("r2", "Ann", "floor2.mice.2", clock="clock.mice.2", roof="roof.red.3"), "order": 1}]
    assert _roof_heights(done, READY, "roof.red.1") == {4}


def test_C10_each_colour_has_its_own_sequence() -> None:
    red2 = [tower("r1", "Ann", "floor2.mice.1", clock="clock.mice.1", roof="roof.red.2")]
    assert _roof_heights(red2, READY, "roof.blue.1") == {1, 2}


def test_C10_option_per_player_heights_each_player_has_their_own_sequence() -> None:
    bobs_red2 = [tower("r1", "Bob", "floor2.mice.1", clock="clock.mice.1", roof="roof.red.2")]
    assert _roof_heights(bobs_red2, READY, "roof.red.1", options={"shared_heights": False}) == {1, 2}


def test_C10_one_sequence_per_colour_for_the_whole_table() -> None:
    # "La prima Torre dell'Orologio completata in ciascun colore deve essere alta 1 o 2 Piani": no player named
    bobs_red2 = [tower("r1", "Bob", "floor2.mice.1", clock="clock.mice.1", roof="roof.red.2")]
    assert _roof_heights(bobs_red2, READY, "roof.red.1") == {3}
    assert _roof_heights(bobs_red2, READY, "roof.blue.1") == {1, 2}


def test_C10_a_player_may_own_all_four_towers_of_a_colour() -> None:
    done = [tower("r1", "Ann", "floor1.mice.1", clock="clock.mice.1", roof="roof.green.1"),
            tower("r2", "Ann", "floor2.mice.1", clock="clock.mice.2", roof="roof.green.2"),
            tower("r3", "Ann", "floor1.mice.2", "floor2.mice.2", clock="clock.mice.3", roof="roof.green.3")]
    assert _roof_heights(done, READY, "roof.green.4") == {4}
    ready4 = {k: v for k, v in READY.items() if k == "4"}
    clock = "clock.plain.1"
    game = table({"Ann": ["roof.green.4"], "Bob": ["floor1.cats.1"]},
                 [*done, tower("h4", "Ann", *ready4["4"], clock=clock)])
    game.choose("play:roof.green.4:h4")
    assert sum(1 for t in game.position(live=True)["towers"] if (t["roof"] or "").startswith("roof.green")) == 4


def test_C10_an_illegal_roof_is_refused_and_changes_nothing() -> None:
    game = table({"Ann": ["roof.red.1"], "Bob": ["floor1.cats.1"]},
                 [tower("h3", "Ann", "floor1.plain.1", "floor2.plain.1", clock="clock.plain.1")])
    before = game.position(live=True)
    with pytest.raises(IllegalChoice, match="Legal now"):
        game.choose("play:roof.red.1:h3")
    assert game.position(live=True) == before


@pytest.mark.parametrize("heights, shared", [([3], False), ([1, 3], False), ([2, 2], False), ([2, 1], False)])
def test_C10_a_position_whose_complete_towers_break_the_height_rule_is_refused(heights: list[int],
                                                                                shared: bool) -> None:
    stacks = {1: ["floor1.plain.{}"], 2: ["floor2.plain.{}"], 3: ["floor1.plain.{}", "floor2.plain.{}"]}
    towers = []
    n = 0
    for i, h in enumerate(heights, start=1):
        floors = []
        for f in stacks[h]:
            n += 1
            floors.append(f.format(n))
        towers.append(tower(f"t{i}", "Ann", *floors, clock=f"clock.plain.{i}", roof=f"roof.red.{i}"))
    with pytest.raises(PositionError, match="C10"):
        table({"Ann": ["floor1.cats.1"], "Bob": ["floor1.cats.2"]}, towers)


def test_C10_a_position_is_checked_across_players() -> None:
    towers = [tower("t1", "Ann", "floor2.plain.1", clock="clock.plain.1", roof="roof.red.1"),
              tower("t2", "Bob", "floor1.plain.1", clock="clock.plain.2", roof="roof.red.2")]
    table({"Ann": ["floor1.cats.1"], "Bob": ["floor1.cats.2"]}, towers,
          options={"shared_heights": False})  # per player: both first towers
    with pytest.raises(PositionError, match="C10"):
        table({"Ann": ["floor1.cats.1"], "Bob": ["floor1.cats.2"]}, towers)


# ------------------------------------------------------------------------------------------------ C11 the end
def test_C11_with_the_decks_empty_everyone_plays_out_their_hand_and_a_player_with_none_is_passed() -> None:
    game = table({"Ann": ["floor1.plain.1"], "Bob": ["floor1.cats.1", "floor1.cats.2"]})
    game.choose("play:floor1.plain.1:new")  # Ann's last card; no draw
    assert not game.over and game.decision.player == "Bob"
    game.choose("play:floor1.cats.1:new")
    assert not game.over and game.decision.player == "Bob"  # Ann has no card: passed
    assert any(e["kind"] == "passed" and e["player"] == "Ann" for e in game.events)
    game.choose("discard:floor1.cats.2")
    assert game.over and game.decision is None and game.choices == []


def test_C11_the_game_goes_on_while_a_deck_holds_a_card() -> None:
    game = table({"Ann": ["floor1.plain.1"], "Bob": ["floor1.cats.1"]},
                 decks={"floors": [], "roofs": [], "clocks": ["clock.plain.1"]})
    game.choose("discard:floor1.plain.1")
    assert game.decision.kind == "draw" and ids(game) == {"draw:clocks"}
    game.choose("draw:clocks")
    game.choose("discard:floor1.cats.1")
    assert not game.over and game.decision.player == "Ann"
    game.choose("discard:clock.plain.1")
    assert game.over


def test_C11_a_position_at_the_draw_step_with_every_hand_empty_still_draws() -> None:
    # Ann has just played her last card; a clock is still in its deck, so she must draw it (C4) and play it
    game = table({"Ann": [], "Bob": []}, step="draw",
                 decks={"floors": [], "roofs": [], "clocks": ["clock.plain.1"]})
    assert not game.over
    assert game.decision.player == "Ann" and ids(game) == {"draw:clocks"}
    game.choose("draw:clocks")
    assert game.decision.player == "Ann" and ids(game) == {"discard:clock.plain.1"}  # Bob, with no card, passed
    game.choose("discard:clock.plain.1")
    assert game.over


def test_C11_the_end_scores_and_names_the_winner() -> None:
    game = table({"Ann": ["roof.red.1"], "Bob": ["floor1.cats.1"]},
                 [tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1")])
    game.choose("play:roof.red.1:t1")
    game.choose("play:floor1.cats.1:new")
    assert game.over
    assert game.scores == {"Ann": 5, "Bob": 0}
    assert game.winners == ["Ann"]
    end = game.events[-1]
    assert end["kind"] == "game_end" and "C11" in end["rules"]


# ------------------------------------------------------------------------------------------------ C12 scoring
@pytest.mark.parametrize("floors, clock, points", [
    (["floor1.plain.1"], "clock.plain.1", 5),                                # no cats, no mice
    (["floor2.plain.1"], "clock.plain.1", 5),
    (["floor1.cats.1"], "clock.plain.1", 4),                                 # only cats
    (["floor1.plain.1", "floor1.cats.1"], "clock.plain.1", 4),
    (["floor1.cats.1", "floor1.mice.1"], "clock.plain.1", 3),                # cats and mice
    (["floor1.cats.1"], "clock.mice.1", 3),                                  # the clock's mice count
    (["floor2.cats.1"], "clock.mice.1", 3),
    (["floor1.mice.1"], "clock.plain.1", 2),                                 # only mice
    (["floor1.plain.1"], "clock.mice.1", 2),
    (["floor2.mice.1"], "clock.mice.1", 2),
])
def test_C12_a_complete_tower_scores_by_the_animals_it_shows(floors: list[str], clock: str, points: int) -> None:
    game = table({"Ann": ["floor1.plain.5"], "Bob": ["floor1.plain.4"]},
                 [tower("t1", "Ann", *floors, clock=clock, roof="roof.purple.1")])
    assert game.tower_scores == {"t1": points}
    assert game.scores == {"Ann": points, "Bob": 0}


def test_C12_incomplete_towers_score_nothing() -> None:
    game = table({"Ann": ["floor1.plain.5"], "Bob": ["floor1.plain.4"]},
                 [tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1"),
                  tower("t2", "Ann", "floor1.plain.2", "floor2.plain.1")])
    assert game.tower_scores == {"t1": 0, "t2": 0}
    assert game.scores == {"Ann": 0, "Bob": 0}


def test_C12_a_player_scores_the_sum_of_their_complete_towers_whatever_the_roof_colour() -> None:
    # Ann: 5 (plain, red) + 4 (cats, blue) + 2 (mice clock, green) + 0 (no roof) = 11; Bob: 3 (cats+mice)
    game = table({"Ann": ["floor1.plain.5"], "Bob": ["floor1.plain.4"]},
                 [tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1", roof="roof.red.1"),
                  tower("t2", "Ann", "floor1.cats.1", clock="clock.plain.2", roof="roof.blue.1"),
                  tower("t3", "Ann", "floor2.plain.1", clock="clock.mice.1", roof="roof.green.1"),
                  tower("t4", "Ann", "floor2.plain.2", clock="clock.plain.3"),
                  tower("t5", "Bob", "floor1.mice.1", "floor1.cats.2", clock="clock.plain.4", roof="roof.red.2")])
    assert game.scores == {"Ann": 11, "Bob": 3}


def test_C12_a_tower_scores_for_its_owner_whoever_added_floors() -> None:
    game = table({"Ann": ["floor1.cats.1"], "Bob": ["roof.red.1"]},
                 [tower("t1", "Bob", "floor1.plain.1")])
    game.choose("play:floor1.cats.1:t1")
    assert game.scores == {"Ann": 0, "Bob": 0}
    p = game.position(live=True)
    assert p["towers"][0]["owner"] == "Bob"


# ------------------------------------------------------------------------------------------------ C13 ties
def _finished(towers: list[dict[str, Any]], players: tuple[str, ...] = ("Ann", "Bob")) -> ClocktowersGame:
    """A finished game: nobody holds a card, the decks are empty. The tie-break positions give each player their
    own first red (and blue) tower, so they take the per-player height sequence (C10's option)."""
    return table({p: [] for p in players}, towers, step="over", options={"shared_heights": False})


def test_C13_most_points_wins_whatever_the_animals() -> None:
    # Ann 5 (plain) beats Bob 2 (a mouse on floor 2)
    game = _finished([tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Bob", "floor1.plain.2", "floor1.mice.1", clock="clock.plain.2",
                            roof="roof.red.2")])
    assert game.over and game.winners == ["Ann"]
    assert [s.player for s in game.standings()] == ["Ann", "Bob"]


def test_C13_a_tie_goes_to_the_mouse_on_the_highest_floor() -> None:
    # both 2 points; Ann's mouse is on floor 2, Bob's on floor 1
    game = _finished([tower("t1", "Ann", "floor1.plain.1", "floor1.mice.1", clock="clock.plain.1",
                            roof="roof.red.1"),
                      tower("t2", "Bob", "floor1.mice.2", "floor1.plain.2", clock="clock.plain.2",
                            roof="roof.red.2")])
    assert game.scores == {"Ann": 2, "Bob": 2}
    assert game.winners == ["Ann"]
    first, second = game.standings()
    assert (first.player, first.rank, first.mouse_floor) == ("Ann", 1, 2)
    assert (second.player, second.rank, second.mouse_floor) == ("Bob", 2, 1)


def test_C13_a_two_floor_cards_mice_are_on_its_upper_floor() -> None:
    # both 2 points; Bob's two-floor card with mice reaches floor 2, Ann's one-floor mouse is on floor 1
    game = _finished([tower("t1", "Ann", "floor1.mice.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Bob", "floor2.mice.1", clock="clock.plain.2", roof="roof.red.2")])
    assert game.scores == {"Ann": 2, "Bob": 2}
    assert game.winners == ["Bob"]


def test_C13_a_mouse_on_a_clock_is_not_on_a_floor() -> None:
    # both 2 points; Ann's only mice are on her clock, Bob's mouse is on floor 1
    game = _finished([tower("t1", "Ann", "floor1.plain.1", clock="clock.mice.1", roof="roof.red.1"),
                      tower("t2", "Bob", "floor1.mice.1", clock="clock.plain.2", roof="roof.red.2")])
    assert game.scores == {"Ann": 2, "Bob": 2}
    assert game.winners == ["Bob"]


def test_C13_a_mouse_in_an_incomplete_tower_does_not_count() -> None:
    # both 4 points (cats only); Ann's high mouse is in a tower without a roof
    game = _finished([tower("t1", "Ann", "floor1.cats.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Ann", "floor2.plain.1", "floor2.mice.1", clock="clock.plain.3"),
                      tower("t3", "Bob", "floor1.cats.2", clock="clock.plain.2", roof="roof.red.2")])
    assert game.scores == {"Ann": 4, "Bob": 4}
    assert game.winners == ["Ann", "Bob"] or sorted(game.winners) == ["Ann", "Bob"]


def test_C13_with_the_mice_level_the_cat_on_the_highest_floor_decides() -> None:
    # Ann: mice on floor 2 (2 pts) + a cat on floor 1 (4 pts) = 6
    # Bob: mice on floor 2 (2 pts) + a two-floor card with cats, so a cat on floor 2 (4 pts) = 6
    game = _finished([tower("t1", "Ann", "floor2.mice.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Ann", "floor1.cats.1", clock="clock.plain.2", roof="roof.blue.1"),
                      tower("t3", "Bob", "floor1.plain.1", "floor1.mice.1", clock="clock.plain.3",
                            roof="roof.red.2"),
                      tower("t4", "Bob", "floor2.cats.1", clock="clock.plain.4", roof="roof.blue.2")])
    assert game.scores == {"Ann": 6, "Bob": 6}
    assert game.winners == ["Bob"]
    bob = next(s for s in game.standings() if s.player == "Bob")
    assert (bob.mouse_floor, bob.cat_floor) == (2, 2)


def test_C13_a_tie_on_points_mice_and_cats_is_shared() -> None:
    game = _finished([tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Bob", "floor2.plain.1", clock="clock.plain.2", roof="roof.red.2")])
    assert sorted(game.winners) == ["Ann", "Bob"]
    assert [s.rank for s in game.standings()] == [1, 1]


def test_C13_only_the_players_tied_for_most_points_are_compared() -> None:
    # Cy has 2 points and a mouse on floor 2 but no share of the top score; Ann and Bob tie on 5 and nothing else
    game = _finished([tower("t1", "Ann", "floor1.plain.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Bob", "floor1.plain.2", clock="clock.plain.2", roof="roof.red.2"),
                      tower("t3", "Cy", "floor1.plain.3", "floor1.mice.1", clock="clock.plain.3",
                            roof="roof.red.3")], players=("Ann", "Bob", "Cy"))
    assert game.scores == {"Ann": 5, "Bob": 5, "Cy": 2}
    assert sorted(game.winners) == ["Ann", "Bob"]
    assert [(s.player, s.rank) for s in game.standings()][-1] == ("Cy", 3)


def test_C13_the_result_text_says_what_broke_the_tie() -> None:
    from hickory_widget.clocktowers.board.view import result

    game = _finished([tower("t1", "Ann", "floor1.mice.1", clock="clock.plain.1", roof="roof.red.1"),
                      tower("t2", "Bob", "floor2.mice.1", clock="clock.plain.2", roof="roof.red.2")])
    text = result(game, "en")
    assert "Bob" in text.splitlines()[0]
    assert "floor 2" in text and "floor 1" in text


# ------------------------------------------------------------------------------------------------ saves, undo
def test_C4_a_built_position_saves_loads_undoes_and_redoes() -> None:
    game = table({"Ann": ["floor1.plain.1", "clock.plain.1", "roof.red.1"], "Bob": ["floor1.cats.1"]},
                 decks={"floors": ["floor2.plain.1"], "roofs": ["roof.blue.1"], "clocks": ["clock.plain.2"]})
    game.choose("play:floor1.plain.1:new")
    game.choose("draw:clocks")
    again = ClocktowersGame.from_json(game.to_json())
    assert again.position(live=True) == game.position(live=True)
    assert again.history == game.history
    game.undo()
    assert game.decision.kind == "draw"
    game.redo()
    assert game.position(live=True) == again.position(live=True)


# ------------------------------------------------------------------------------------------------ bad positions
@pytest.mark.parametrize("change, words", [
    ({"turn": "Cy"}, "turn"),
    ({"hands": {"Ann": ["floor1.plain.1"]}}, "hands"),
    ({"hands": {"Ann": ["floor1.plain.1", "floor1.plain.2", "floor1.plain.3", "floor1.plain.4"], "Bob": []}},
     "at most 3"),
    ({"hands": {"Ann": ["floor1.plain.1"], "Bob": ["floor1.plain.1"]}}, "twice"),
    ({"hands": {"Ann": ["floor9.plain.1"], "Bob": []}}, "card ids look like"),
    ({"towers": [{"id": "t1", "owner": "Ann", "floors": ["floor1.plain.2"], "roof": "roof.red.1"}]}, "C7"),
    ({"towers": [{"id": "t1", "owner": "Ann", "floors": ["clock.plain.1"]}]}, "floor"),
    ({"decks": {"floors": ["roof.red.1"], "roofs": [], "clocks": []}}, "floor"),
    ({"options": {"floor_on_others": True}}, "floors_on_others"),
    ({"towers": [{"id": "t1", "owner": "Ann", "floors": ["floor1.plain.2"], "roofs": "roof.red.1"}]},
     "'roofs' is not a tower field"),
    ({"hands": {"Ann": ["floor1.plain"], "Bob": []}}, "floor1.plain.1 to floor1.plain.5"),
])
def test_C1_a_malformed_position_is_refused_naming_what_is_wrong(change: dict[str, Any], words: str) -> None:
    data = {"players": ["Ann", "Bob"], "turn": "Ann", "hands": {"Ann": ["floor1.plain.1"], "Bob": []},
            "decks": EMPTY, **change}
    with pytest.raises(PositionError, match=words):
        ClocktowersGame.from_position(data)


# ------------------------------------------------------------------------------------------------ what the board says
def test_C10_the_board_says_which_height_a_picked_roof_needs_and_when_it_fits_nowhere() -> None:
    from hickory_widget.clocktowers.board.view import board

    # Ann's first red roof: height 1 or 2; her only tower with a clock is 3 high, so it fits nowhere now
    game = table({"Ann": ["roof.red.1", "clock.plain.2"], "Bob": ["floor1.cats.1"]},
                 [tower("h3", "Ann", "floor1.plain.1", "floor2.plain.1", clock="clock.plain.1")])
    why = board(game, "en", False)["why"]
    assert "1 or 2" in why["roof.red.1"] and "discard" in why["roof.red.1"]
    assert "discard" in why["clock.plain.2"]  # no tower of floors alone
    for lang in ("it", "de"):
        assert "1" in board(game, lang, False)["why"]["roof.red.1"]


def test_C12_the_board_says_what_each_tower_is_worth_now_and_at_the_end() -> None:
    from hickory_widget.clocktowers.board.view import board

    game = table({"Ann": ["floor1.plain.5"], "Bob": ["floor1.plain.4"]},
                 [tower("t1", "Ann", "floor1.cats.1", clock="clock.mice.1", roof="roof.red.1"),
                  tower("t2", "Ann", "floor1.cats.2", clock="clock.plain.1")])
    ann = board(game, "en", False)["players"][0]
    texts = {tw["id"]: tw["points_text"] for tw in ann["towers"]}
    assert texts == {"t1": "3 points", "t2": "4 points once roofed"}
    game.choose("discard:floor1.plain.5")
    game.choose("discard:floor1.plain.4")
    assert game.over
    ann = board(game, "en", False)["players"][0]
    assert {tw["id"]: tw["points_text"] for tw in ann["towers"]} == {"t1": "3 points", "t2": "incomplete: 0 points"}
    assert ann["next_roofs"] == []  # nothing is next once the game is over


# ------------------------------------------------------------------------------------------------ the builder
def test_C10_a_position_built_by_kinds_of_card_plays_like_the_same_position_written_out() -> None:
    from hickory_widget.clocktowers import Position

    pos = (Position(["Ann", "Bob"]).hand("Ann", "roof.red", "floor1.plain", "floor1.plain").hand("Bob", "clock")
           .tower("Ann", "floor2.plain", clock="clock", roof="roof.red")
           .tower("Ann", "floor1.plain", "floor2.plain", clock="clock.mice")
           .deck("roofs", "roof.red", "roof.blue"))
    game = pos.game()
    p = game.position()
    # the same kind twice takes two cards; every kind took the next free card of its kind
    assert sorted(p["hands"]["Ann"]) == ["floor1.plain.1", "floor1.plain.2", "roof.red.1"]
    assert p["hands"]["Bob"] == ["clock.plain.1"]
    assert p["towers"][0]["roof"] == "roof.red.2" and p["towers"][1]["floors"] == ["floor1.plain.3", "floor2.plain.2"]
    assert p["decks"]["roofs"] == ["roof.red.3", "roof.blue.1"]
    # C10: after her red tower of height 2, Ann's next red roof goes on her tower of height 3
    assert where(game, "roof.red.1") == {"t2"}


@pytest.mark.parametrize("wrong, words", [
    (lambda p: p.hand("Ann", "floor1.cats", "roof.pink"), "no kind of card 'roof.pink'"),
    (lambda p: p.hand("Cy", "clock"), "no player 'Cy'"),
    (lambda p: p.hand("Bob", "floor1.cats", "roof.red", "roof.red"), "all 4 cards of kind roof.red"),
    (lambda p: p.tower("Bob", "floor1.cats", clock="clock", roof="roof.red.1"), "roof.red.1 is placed already"),
    (lambda p: p.tower("Ann"), "at least one floor"),
    (lambda p: p.deck("tops", "roof.red"), "no deck 'tops'"),
    (lambda p: p.discarded("clock.mice.1", "clock.mice.1"), "placed already"),
])
def test_C1_the_builder_refuses_a_wrong_step_and_changes_nothing(wrong: Any, words: str) -> None:
    import copy

    from hickory_widget.clocktowers import Position

    pos = Position(["Ann", "Bob"]).hand("Ann", "roof.red", "roof.red").tower("Ann", "floor1.plain", clock="clock",
                                                                               roof="roof.red")
    before = copy.deepcopy(pos.data)
    with pytest.raises(ValueError, match=words):
        wrong(pos)
    assert pos.data == before


# ------------------------------------------------------------------------------------------------ chance
def test_C3_C4_a_forced_reveal_turns_that_card_face_up_next_but_never_a_boxed_one() -> None:
    game = ClocktowersGame.new(players=2, seed=4)
    p = game.position()
    hidden, boxed = p["decks"]["roofs"][5], next(c for c in p["removed"] if c.startswith("roof"))
    with pytest.raises(IllegalChoice, match="not hidden in the roofs deck"):
        game.force("reveal", boxed)  # C3: the removed cards are out of the game, unseen
    game.force("reveal", hidden)
    game.choose(next(i for i in game.choice_ids if i.startswith("discard:")))
    top = p["decks"]["roofs"][0]
    game.choose("draw:roofs")
    after = game.position(live=True)
    assert top in after["hands"]["P1"] and after["decks"]["roofs"][0] == hidden


def test_C3_a_branch_deals_again_only_what_nobody_has_seen() -> None:
    game = ClocktowersGame.new(players=3, seed=2)
    other = game.branch(seed=99)
    a, b = game.position(live=True), other.position(live=True)
    assert a["hands"] == b["hands"]
    for deck in ("floors", "roofs", "clocks"):
        assert a["decks"][deck][0] == b["decks"][deck][0]  # the face-up top cards stay
        assert len(a["decks"][deck]) == len(b["decks"][deck])
    kinds = Counter(all_cards()[c].kind for c in b["removed"])
    assert kinds == {"roof": 3, "floor": 5}
    assert a["decks"] != b["decks"] or a["removed"] != b["removed"]


def test_C4_the_board_marks_the_towers_the_others_changed_since_your_last_turn() -> None:
    from hickory_widget.clocktowers.board.view import board

    game = table({"Ann": ["floor1.plain.1", "floor1.plain.2"], "Bob": ["clock.plain.1", "floor1.cats.1"]},
                 [tower("t1", "Bob", "floor1.mice.1")])
    game.choose("play:floor1.plain.1:new")   # Ann starts t2
    game.choose("play:clock.plain.1:t1")     # Bob tops t1
    marks = {tw["id"]: tw["recent"] for p in board(game, "en", False)["players"] for tw in p["towers"]}
    assert marks == {"t2": None, "t1": "just played by Bob"}  # Ann's own move is not marked

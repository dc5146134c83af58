"""The component data set: it is RULES-SPEC Part F, it passes the F.4 checks, and bad data fails loudly.

The expected values below are copied from RULES-SPEC Part F (the YAML block, F.1, F.2 and F.3) on purpose:
they are the rulebook-side expectations, written independently of the JSON files they check.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from hickory_widget.hickory.rules.components import (
    DATA_DIR,
    Action,
    ComponentDataError,
    Components,
    Icon,
    Requirement,
    consistency_problems,
    default_components,
    load_components,
)

FILES = ("dataset.json", "clock.json", "tiles.json", "mouse_cards.json", "hunt_boards.json", "quests.json",
         "favor_cards.json", "action_tokens.json", "chain.json")


# --------------------------------------------------------------------------------------------------- helpers


@pytest.fixture(scope="module")
def comps() -> Components:
    return load_components()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A private copy of the packaged data set, free to break."""
    directory = tmp_path / "recon"
    shutil.copytree(DATA_DIR / "recon", directory)
    return directory


Change = Callable[[Any], Any]


def put(*path_and_value: Any) -> Change:
    """A change that sets data[p0][p1]...[pn] = value."""
    *path, value = path_and_value

    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def drop(*path: Any) -> Change:
    """A change that deletes data[p0][p1]...[pn]."""

    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


def append(*path_and_value: Any) -> Change:
    """A change that appends value to the list data[p0]...[pn]."""
    *path, value = path_and_value

    def change(data: Any) -> None:
        for key in path:
            data = data[key]
        data.append(value)

    return change


def rename(*path_and_new: Any) -> Change:
    """A change that moves the key data[p0]...[pn] to a new key."""
    *path, new = path_and_new

    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[new] = data.pop(path[-1])

    return change


def edit(directory: Path, name: str, change: Change) -> None:
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def load_error(directory: Path) -> str:
    with pytest.raises(ComponentDataError) as info:
        load_components(directory)
    return str(info.value)


def broken(directory: Path, name: str, change: Change) -> str:
    """Applies one change to one file of the copy and returns the loader's error message."""
    edit(directory, name, change)
    return load_error(directory)


def icon(name: str, x: int = 0, to: tuple[int, ...] = ()) -> Icon:
    return Icon(name, x, to)


def act(*gain: Icon, cost: tuple[Icon, ...] = ()) -> Action:
    return Action(gain=gain, cost=cost)


def cell(text: str) -> tuple[str, str]:
    color, symbol = text.split()
    return color, symbol


def requirements(text: str) -> tuple[Requirement, ...]:
    out = []
    for part in text.split(", "):
        color, symbol = part.split()
        out.append(Requirement(symbol=symbol, color=None if color == "rainbow" else color))
    return tuple(out)


# ------------------------------------------------------------------------- 1. the packaged data is Part F

SPEC_COLORS = ("purple", "red", "green", "blue")
SPEC_SYMBOLS = ("button", "feather", "spool", "thimble", "key")

# F.1: board -> (start Scurrier / Scavenger / Spotter, rows)
SPEC_HUNT_BOARDS = {
    "HB1": ((2, 5, 8), (
        "purple button · red spool · green thimble · blue feather",
        "red feather · purple thimble · blue spool · green button",
        "green spool · blue button · purple feather · red thimble",
        "blue thimble · green feather · red button · purple spool",
    )),
    "HB2": ((3, 9, 7), (
        "red button · green spool · blue key · purple feather",
        "green feather · red key · purple spool · blue button",
        "blue spool · purple button · red feather · green key",
        "purple key · blue feather · green button · red spool",
    )),
    "HB3": ((7, 4, 10), (
        "green button · blue thimble · purple key · red feather",
        "blue feather · green key · red thimble · purple button",
        "purple thimble · red button · green feather · blue key",
        "red key · purple feather · blue button · green thimble",
    )),
    "HB4": ((8, 10, 3), (
        "blue button · purple thimble · red key · green spool",
        "purple spool · blue key · green thimble · red button",
        "red thimble · green button · blue spool · purple key",
        "green key · red spool · purple button · blue thimble",
    )),
}

# F.2: quest -> (requirement, points)
SPEC_QUESTS = {
    "Q01": ("rainbow button, rainbow button, purple feather", 5),
    "Q02": ("rainbow feather, rainbow feather, red spool", 5),
    "Q03": ("rainbow spool, rainbow spool, green thimble", 5),
    "Q04": ("rainbow thimble, rainbow thimble, blue key", 5),
    "Q05": ("rainbow key, rainbow key, purple button", 5),
    "Q06": ("red button, green feather, blue spool", 5),
    "Q07": ("rainbow feather, rainbow feather, purple button, rainbow button", 7),
    "Q08": ("rainbow spool, rainbow spool, red thimble, rainbow key", 7),
    "Q09": ("rainbow button, rainbow feather, rainbow spool, rainbow thimble", 7),
    "Q10": ("green button, green key, rainbow feather, rainbow thimble", 7),
    "Q11": ("blue feather, blue thimble, rainbow key, rainbow key", 7),
    "Q12": ("purple spool, red key, rainbow thimble, rainbow thimble", 7),
}

LEAP = icon("leap", 3)  # "leap ... up to 3 numbers away" (R81)
SPEND1_SCAMP = act(icon("scamp"), cost=(icon("spend", 1),))

# F.3: card -> (acorn, action side, bonus item, slash)
SPEC_FAVORS = {
    "F01": (True, (act(LEAP),), ("purple", "button"), True),
    "F02": (True, (act(icon("climb", 2)),), ("red", "feather"), True),
    "F03": (True, (act(icon("search", 1)),), ("green", "spool"), True),
    "F04": (True, (act(icon("market")),), ("blue", "key"), True),
    "F05": (False, (act(LEAP), act(icon("throw"))), None, False),
    "F06": (False, (act(LEAP),), None, False),
    "F07": (False, (act(icon("climb", 3)),), None, False),
    "F08": (False, (act(icon("climb", 1)), act(icon("search", 1))), None, False),
    "F09": (False, (act(icon("search", 2)),), None, False),
    "F10": (False, (SPEND1_SCAMP,), None, False),
    "F11": (False, (act(icon("throw")), act(icon("climb", 1))), None, False),
    "F12": (False, (act(icon("market")),), ("red", "spool"), True),
    "F13": (False, (), ("green", "key"), False),
}


def test_dataset_is_marked_as_reconstruction(comps: Components) -> None:
    assert comps.name == "recon"
    assert comps.reconstruction is True
    assert "RECONSTRUCTION" in comps.about


def test_tiles_are_93_items_wilds_and_relics(comps: Components) -> None:
    assert len(comps.tiles) == 93
    assert comps.colors == SPEC_COLORS
    assert comps.symbols == SPEC_SYMBOLS
    kinds = Counter(t.kind for t in comps.tiles.values())
    assert kinds == {"item": 80, "wild": 10, "relic": 3}
    items = Counter((t.color, t.symbol) for t in comps.tiles.values() if t.kind == "item")
    assert items == {(color, symbol): 4 for color in SPEC_COLORS for symbol in SPEC_SYMBOLS}
    assert all(t.color is None and t.symbol is None for t in comps.tiles.values() if t.kind != "item")
    assert sorted(t.id for t in comps.tiles.values() if t.kind == "relic") == ["crown", "goblet", "scepter"]
    assert all(comps.tile(tid).id == tid for tid in comps.tiles)
    assert not comps.tile("crown").is_item
    assert comps.tile("wild.1").is_item


def test_mouse_card_storage(comps: Components) -> None:
    assert dict(comps.storage) == {"scavenger": 5, "scurrier": 3, "spotter": 3, "scamp": 2}


def test_clock_hands_paws_and_die(comps: Components) -> None:
    assert dict(comps.hand_spaces) == {1: 2, 2: 4, 3: 6, 4: 8}
    assert comps.scavenger_size == 2
    assert dict(comps.hour_start) == {1: 6, 2: 7, 3: 7, 4: 7}
    assert dict(comps.paws_per_refresh) == {1: 2, 2: 2, 3: 2, 4: 1}
    assert comps.die_faces == (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)


def test_clock_spaces(comps: Components) -> None:
    assert comps.numbers == 12
    assert comps.leaf_spaces == tuple(range(1, 12))
    assert comps.lord_cuckoo == 12
    assert comps.inner_spaces == tuple(range(1, 13))
    assert comps.sun_spaces == (2, 3, 4, 5)
    assert comps.moon_spaces == (7, 8, 9, 10)


def test_market_quest_and_favor_counts(comps: Components) -> None:
    assert comps.discount_bin_spaces == 4
    assert comps.quests_face_up == 2
    assert comps.favor_hand_limit == 2


def test_player_colors_and_priority_cycle(comps: Components) -> None:
    assert comps.player_colors == ("blue", "yellow", "red", "brown")
    assert comps.priority_cycle == ("blue", "yellow", "red", "brown")


def test_hunt_board_start_numbers(comps: Components) -> None:
    assert [b.id for b in comps.hunt_boards] == ["HB1", "HB2", "HB3", "HB4"]
    for board_id, (start, _rows) in SPEC_HUNT_BOARDS.items():
        board = comps.hunt_board(board_id)
        assert (board.start["scurrier"], board.start["scavenger"], board.start["spotter"]) == start
        assert set(board.start) == {"scurrier", "scavenger", "spotter"}


def test_hunt_board_first_row_of_hb1(comps: Components) -> None:
    assert comps.hunt_board("HB1").grid[0] == (
        ("purple", "button"), ("red", "spool"), ("green", "thimble"), ("blue", "feather"))


@pytest.mark.parametrize("board_id", list(SPEC_HUNT_BOARDS))
def test_hunt_board_grid(comps: Components, board_id: str) -> None:
    board = comps.hunt_board(board_id)
    _start, rows = SPEC_HUNT_BOARDS[board_id]
    assert (board.rows, board.columns) == (4, 4)
    assert board.grid == tuple(tuple(cell(c) for c in row.split(" · ")) for row in rows)


def test_hunt_board_single_cells(comps: Components) -> None:
    assert comps.hunt_board("HB2").grid[1][3] == ("blue", "button")
    assert comps.hunt_board("HB3").grid[3][0] == ("red", "key")
    assert comps.hunt_board("HB4").grid[2][2] == ("blue", "spool")
    with pytest.raises(KeyError):
        comps.hunt_board("HB5")


def test_quests(comps: Components) -> None:
    assert list(comps.quests) == list(SPEC_QUESTS)
    for quest_id, (text, points) in SPEC_QUESTS.items():
        quest = comps.quests[quest_id]
        assert quest.id == quest_id
        assert quest.points == points
        assert quest.requires == requirements(text)
    assert str(comps.quests["Q01"].requires[0]) == "rainbow button"
    assert str(comps.quests["Q01"].requires[2]) == "purple feather"


def test_favor_cards(comps: Components) -> None:
    assert list(comps.favors) == list(SPEC_FAVORS)
    for favor_id, (acorn, actions, bonus, slash) in SPEC_FAVORS.items():
        card = comps.favors[favor_id]
        assert card.id == favor_id
        assert (card.acorn, card.actions, card.bonus, card.slash) == (acorn, actions, bonus, slash), favor_id


def test_fixed_action_tokens(comps: Components) -> None:
    assert sorted(comps.fixed_tokens) == [1, 6, 11, 12]
    assert comps.fixed_tokens[1].actions == (SPEND1_SCAMP,)
    assert comps.fixed_tokens[6].actions == (act(icon("deliver")),)
    assert comps.fixed_tokens[11].actions == (act(icon("deliver")),)
    # 12: return relics, then you may leap to the 1, 2 or 3
    assert comps.fixed_tokens[12].actions == (act(icon("relic")), act(icon("leap", to=(1, 2, 3))))
    assert all(t.group == "fixed" for t in comps.fixed_tokens.values())


def test_sun_and_moon_action_tokens(comps: Components) -> None:
    assert [t.id for t in comps.sun_tokens] == ["T-CLIMB3", "T-SEARCH1", "T-FAVOR", "T-MARKET"]
    assert [t.actions for t in comps.sun_tokens] == [
        (act(icon("climb", 3)),),
        (act(icon("search", 1)),),
        (act(icon("favor")),),
        (act(icon("market"), cost=(icon("spend", 1),)),),
    ]
    climb2_market = (act(icon("climb", 2)), act(icon("market"), cost=(icon("spend", 2),)))
    climb1_search2 = (act(icon("climb", 1)), act(icon("search", 2), cost=(icon("spend", 1),)))
    assert [t.id for t in comps.moon_tokens] == ["T-CLIMB2-MARKET"] * 2 + ["T-CLIMB1-SEARCH2"] * 2
    assert [t.actions for t in comps.moon_tokens] == [climb2_market] * 2 + [climb1_search2] * 2
    assert {t.group for t in comps.sun_tokens} == {"sun"}
    assert {t.group for t in comps.moon_tokens} == {"moon"}


def test_chain(comps: Components) -> None:
    assert comps.chain.spaces == 10
    assert comps.chain.leaf == 11
    assert dict(comps.chain.point_spaces) == {3: 1, 6: 1, 9: 2}
    assert comps.chain.right_values == (9, 7, 6, 5, 4)


def test_packaged_data_has_no_consistency_problems(comps: Components) -> None:
    assert consistency_problems(comps) == []


def test_default_components_is_the_packaged_data_loaded_once(comps: Components) -> None:
    assert default_components() is default_components()
    assert default_components() == comps


# ------------------------------------------------------------------ 2. the F.4 checks, held and broken
# Each check has a test that it holds on the packaged data, computed here from the loaded values, and a test
# that it can fail: one thing is broken in a copy of the JSON and the loader must say so, naming the file.


def test_check_sum_of_tiles_is_93(comps: Components) -> None:
    copies = Counter((t.color, t.symbol) for t in comps.tiles.values() if t.kind == "item")
    assert set(copies.values()) == {4}
    assert 10 + 3 + len(comps.colors) * len(comps.symbols) * 4 == len(comps.tiles) == 93


@pytest.mark.parametrize(("change", "expected"), [
    pytest.param(put("copies_per_kind", 3), ["tiles.json: 73 tiles in all, the game has 93",
                                             "tiles.json: 60 ordinary items, expected 80"], id="3-copies"),
    pytest.param(put("wild", 9), ["tiles.json: 92 tiles in all", "tiles.json: there must be 10 wild tiles"],
                 id="9-wilds"),
    pytest.param(drop("relics", 2), ["tiles.json: 92 tiles in all", "tiles.json: there must be 3 relics"],
                 id="2-relics"),
])
def test_check_sum_of_tiles_is_93_can_fail(data_dir: Path, change: Change, expected: list[str]) -> None:
    message = broken(data_dir, "tiles.json", change)
    assert "the data set is inconsistent" in message
    for text in expected:
        assert text in message


def test_check_hunt_board_cells_exist_and_do_not_repeat(comps: Components) -> None:
    tile_kinds = {(t.color, t.symbol) for t in comps.tiles.values() if t.kind == "item"}
    for board in comps.hunt_boards:
        cells = [c for row in board.grid for c in row]
        assert len(cells) == len(set(cells)) == 16, board.id
        assert set(cells) <= tile_kinds, board.id
        # F.1 design: every row and column has 4 different colors and 4 different symbols
        for line in (*board.grid, *zip(*board.grid, strict=True)):
            assert len({c[0] for c in line}) == len({c[1] for c in line}) == 4, board.id


@pytest.mark.parametrize(("name", "change", "expected"), [
    pytest.param("hunt_boards.json", put(0, "grid", 3, 3, "purple button"),
                 "hunt_boards.json: HB1: a (color, symbol) pair appears twice", id="repeated-pair"),
    pytest.param("tiles.json", put("copies_per_kind", 0),
                 "hunt_boards.json: HB1: a cell names an item that no tile has", id="no-such-tile"),
    pytest.param("hunt_boards.json", put(2, "grid", 0, 2, "orange key"),
                 "hunt_boards.json: HB3.grid[0][2]: unknown color 'orange'", id="unknown-color"),
    pytest.param("hunt_boards.json", put(3, "grid", 1, 0, "purple acorn"),
                 "hunt_boards.json: HB4.grid[1][0]: unknown symbol 'acorn'", id="unknown-symbol"),
    pytest.param("hunt_boards.json", drop(1, "grid", 2, 3),
                 "hunt_boards.json: HB2.grid: rows must be non-empty and all of the same length",
                 id="ragged"),
])
def test_check_hunt_board_cells_exist_and_do_not_repeat_can_fail(
        data_dir: Path, name: str, change: Change, expected: str) -> None:
    assert expected in broken(data_dir, name, change)


def test_check_start_numbers_valid_with_a_sun_and_a_moon(comps: Components) -> None:
    for board in comps.hunt_boards:
        starts = set(board.start.values())
        assert len(starts) == 3, board.id
        assert starts <= set(range(2, 12)), board.id
        assert starts & set(comps.sun_spaces), board.id
        assert starts & set(comps.moon_spaces), board.id


@pytest.mark.parametrize(("change", "expected"), [
    pytest.param(put(0, "start", "spotter", 4),
                 "hunt_boards.json: HB1: start numbers need at least one sun and one moon space",
                 id="no-moon"),
    pytest.param(put(3, "start", "spotter", 9),
                 "hunt_boards.json: HB4: start numbers need at least one sun and one moon space",
                 id="no-sun"),
    pytest.param(put(1, "start", "scurrier", 9),
                 "hunt_boards.json: HB2: start numbers must be three different numbers from 2 to 11",
                 id="repeated"),
    pytest.param(put(2, "start", "spotter", 12),
                 "hunt_boards.json: HB3: start numbers must be three different numbers from 2 to 11",
                 id="12"),
    pytest.param(put(3, "start", "scavenger", 1),
                 "hunt_boards.json: HB4: start numbers must be three different numbers from 2 to 11",
                 id="1"),
    pytest.param(drop(3, "start", "spotter"),
                 "hunt_boards.json: HB4.start: the field 'spotter' is missing", id="missing"),
])
def test_check_start_numbers_valid_with_a_sun_and_a_moon_can_fail(
        data_dir: Path, change: Change, expected: str) -> None:
    assert expected in broken(data_dir, "hunt_boards.json", change)


def test_check_four_hunt_boards(comps: Components) -> None:
    assert len(comps.hunt_boards) == 4


def test_check_four_hunt_boards_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "hunt_boards.json", drop(3))
    assert "hunt_boards.json: 3 boards, the game has 4" in message


def test_check_12_action_tokens_and_group_sizes(comps: Components) -> None:
    assert len(comps.fixed_tokens) + len(comps.sun_tokens) + len(comps.moon_tokens) == 12
    assert len(comps.fixed_tokens) == 4
    assert len(comps.sun_tokens) == len(comps.sun_spaces) == 4
    assert len(comps.moon_tokens) == len(comps.moon_spaces) == 4
    covered = sorted([*comps.fixed_tokens, *comps.sun_spaces, *comps.moon_spaces])
    assert covered == list(range(1, 13))


@pytest.mark.parametrize(("name", "change", "expected"), [
    pytest.param("action_tokens.json", drop("moon", 3),
                 ["action_tokens.json: 11 tokens, the game has 12",
                  "action_tokens.json: as many moon tokens as clock.json has moon spaces"],
                 id="moon-missing"),
    pytest.param("action_tokens.json",
                 append("sun", {"id": "T-FAVOR", "actions": [{"gain": [{"icon": "favor"}]}]}),
                 ["action_tokens.json: 13 tokens, the game has 12",
                  "action_tokens.json: as many sun tokens as clock.json has sun spaces"], id="sun-extra"),
    pytest.param("action_tokens.json", rename("fixed", "6", "7"),
                 ["action_tokens.json: the fixed tokens are those of 1, 6, 11 and 12",
                  "clock.json: fixed, sun and moon spaces must cover each number 1-12 exactly once"],
                 id="fixed-on-7"),
    pytest.param("clock.json", put("sun_spaces", [2, 3, 4]),
                 ["action_tokens.json: as many sun tokens as clock.json has sun spaces",
                  "clock.json: fixed, sun and moon spaces must cover each number 1-12 exactly once"],
                 id="3-sun-spaces"),
])
def test_check_12_action_tokens_and_group_sizes_can_fail(
        data_dir: Path, name: str, change: Change, expected: list[str]) -> None:
    message = broken(data_dir, name, change)
    for text in expected:
        assert text in message


def test_check_13_favor_cards_with_4_acorns(comps: Components) -> None:
    assert len(comps.favors) == 13
    assert sum(card.acorn for card in comps.favors.values()) == 4


@pytest.mark.parametrize("change", [
    pytest.param(put(4, "acorn", True), id="5-acorns"),
    pytest.param(put(0, "acorn", False), id="3-acorns"),
    pytest.param(drop(12), id="12-cards"),
    pytest.param(append({"id": "F14", "acorn": False, "actions": [], "bonus": "red key", "slash": False}),
                 id="14-cards"),
])
def test_check_13_favor_cards_with_4_acorns_can_fail(data_dir: Path, change: Change) -> None:
    message = broken(data_dir, "favor_cards.json", change)
    assert "favor_cards.json: 13 cards, 4 of them with the acorn" in message


def test_check_favor_icons_are_known(comps: Components) -> None:
    allowed = {"leap", "throw", "climb", "search", "market", "scamp", "spend", "favor", "relic", "deliver"}
    for card in comps.favors.values():
        for action in card.actions:
            assert {i.icon for i in (*action.cost, *action.gain)} <= allowed, card.id


def test_check_favor_icons_are_known_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "favor_cards.json", put(4, "actions", 1, "gain", 0, "icon", "teleport"))
    assert message.startswith("favor_cards.json: F05.actions[1].gain[0]: unknown icon 'teleport'")


def test_check_favor_card_with_action_and_bonus_has_slash(comps: Components) -> None:
    with_both = [c.id for c in comps.favors.values() if c.actions and c.bonus]
    assert with_both == ["F01", "F02", "F03", "F04", "F12"]
    assert all(comps.favors[fid].slash for fid in with_both)


@pytest.mark.parametrize(("index", "favor_id"), [(0, "F01"), (11, "F12")])
def test_check_favor_card_with_action_and_bonus_has_slash_can_fail(
        data_dir: Path, index: int, favor_id: str) -> None:
    message = broken(data_dir, "favor_cards.json", put(index, "slash", False))
    expected = f"favor_cards.json: {favor_id}: a card with an action and a bonus item needs slash: true"
    assert expected in message


def test_check_12_quests_worth_5_or_7(comps: Components) -> None:
    assert len(comps.quests) == 12
    assert {q.points for q in comps.quests.values()} == {5, 7}


@pytest.mark.parametrize(("change", "expected"), [
    pytest.param(put(0, "points", 6), "quests.json: Q01: points must be 5 or 7", id="6-points"),
    pytest.param(put(11, "points", 0), "quests.json: Q12: points must be 5 or 7", id="0-points"),
    pytest.param(drop(5), "quests.json: 11 quests, the game has 12", id="11-quests"),
])
def test_check_12_quests_worth_5_or_7_can_fail(data_dir: Path, change: Change, expected: str) -> None:
    assert expected in broken(data_dir, "quests.json", change)


def test_check_every_quest_is_satisfiable_by_the_tiles(comps: Components) -> None:
    items = Counter((t.color, t.symbol) for t in comps.tiles.values() if t.kind == "item")
    per_symbol = Counter(symbol for (_color, symbol) in items.elements())
    for quest in comps.quests.values():
        exact = Counter((r.color, r.symbol) for r in quest.requires if r.color is not None)
        assert all(items[k] >= n for k, n in exact.items()), quest.id
        by_symbol = Counter(r.symbol for r in quest.requires)
        assert all(per_symbol[s] >= n for s, n in by_symbol.items()), quest.id


def test_check_every_quest_is_satisfiable_by_the_tiles_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "quests.json", put(5, "requires", ["purple button"] * 5))
    assert "quests.json: Q06: cannot be satisfied by the tiles in the game" in message


def test_check_right_chain_falls_strictly_from_9_then_7_to_4(comps: Components) -> None:
    values = comps.chain.right_values
    assert values[0] == 9
    assert values[1] == 7
    assert values[-1] == 4
    assert all(a > b for a, b in itertools.pairwise(values))


@pytest.mark.parametrize("values", [
    pytest.param([9, 7, 7, 5, 4], id="repeat"),
    pytest.param([9, 7, 5, 6, 4], id="rises"),
    pytest.param([8, 7, 6, 5, 4], id="starts-8"),
    pytest.param([9, 6, 5, 4], id="second-6"),
    pytest.param([9, 7, 6, 5, 3], id="ends-3"),
    pytest.param([9, 7, 6, 5], id="ends-5"),
    pytest.param([], id="empty"),
])
def test_check_right_chain_falls_strictly_from_9_then_7_to_4_can_fail(
        data_dir: Path, values: list[int]) -> None:
    message = broken(data_dir, "chain.json", put("right_chain_values", values))
    assert "chain.json: right_chain_values must fall strictly from 9, then 7, down to 4" in message


def test_check_solo_minute_hand_has_2_spaces(comps: Components) -> None:
    assert comps.hand_spaces[1] == 2


def test_check_solo_minute_hand_has_2_spaces_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "clock.json", put("minute_hand", "spaces_by_players", "1", 3))
    assert "clock.json: the solo minute hand has 2 usable spaces" in message


def test_check_every_minute_hand_has_at_least_2_spaces(comps: Components) -> None:
    assert all(comps.hand_spaces[n] >= 2 for n in (1, 2, 3, 4))


@pytest.mark.parametrize(("players", "spaces"), [("2", 1), ("4", 0), ("1", 1)])
def test_check_every_minute_hand_has_at_least_2_spaces_can_fail(
        data_dir: Path, players: str, spaces: int) -> None:
    message = broken(data_dir, "clock.json", put("minute_hand", "spaces_by_players", players, spaces))
    assert "clock.json: every minute hand needs at least 2 spaces" in message


def test_check_die_faces_never_12(comps: Components) -> None:
    assert len(comps.die_faces) == 10
    assert 12 not in comps.die_faces
    assert set(comps.die_faces) <= set(range(1, 12))


@pytest.mark.parametrize("faces", [
    pytest.param([2, 3, 4, 5, 6, 7, 8, 9, 10, 12], id="12"),
    pytest.param([0, 3, 4, 5, 6, 7, 8, 9, 10, 11], id="0"),
    pytest.param([2, 3, 4, 5, 6, 7, 8, 9, 10], id="9-faces"),
])
def test_check_die_faces_never_12_can_fail(data_dir: Path, faces: list[int]) -> None:
    message = broken(data_dir, "clock.json", put("cat_die_faces", faces))
    assert "clock.json: the cat die has 10 faces, each a number 1-11 (never 12)" in message


def test_check_storage_bounds(comps: Components) -> None:
    s = comps.storage
    assert s["scurrier"] >= 3
    assert s["spotter"] >= 2
    assert s["scavenger"] >= 4
    assert s["scavenger"] == max(s.values())


@pytest.mark.parametrize(("kind", "storage"), [
    ("scurrier", 2), ("spotter", 1), ("scavenger", 3), ("scamp", 6), ("spotter", 6),
])
def test_check_storage_bounds_can_fail(data_dir: Path, kind: str, storage: int) -> None:
    message = broken(data_dir, "mouse_cards.json", put(kind, "storage", storage))
    assert "mouse_cards.json: storage must allow the rulebook examples" in message


def test_check_hour_hand_starts_on_6_solo_else_7(comps: Components) -> None:
    assert comps.hour_start[1] == 6
    assert {comps.hour_start[n] for n in (2, 3, 4)} == {7}


def test_check_hour_hand_starts_on_6_solo_else_7_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "clock.json", put("hour_hand_start", "3", 8))
    assert "clock.json: the hour hand starts on 6 solo and on 7 otherwise" in message


def test_check_point_spaces_lie_on_the_left_chain(comps: Components) -> None:
    assert all(1 <= space <= comps.chain.spaces for space in comps.chain.point_spaces)


def test_check_point_spaces_lie_on_the_left_chain_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "chain.json", put("point_spaces", "11", 3))
    assert "chain.json: point spaces must lie on the left chain" in message


def test_check_priority_cycle_lists_the_player_colors(comps: Components) -> None:
    assert sorted(comps.priority_cycle) == sorted(comps.player_colors)
    assert len(set(comps.player_colors)) == 4


def test_check_priority_cycle_lists_the_player_colors_can_fail(data_dir: Path) -> None:
    message = broken(data_dir, "clock.json", put("priority_track_cycle", ["blue", "yellow", "red", "green"]))
    assert message.startswith("clock.json: priority_track_cycle: must list the 4 distinct player colors")


def test_consistency_problems_reports_each_problem_with_its_file(comps: Components) -> None:
    storage = MappingProxyType({**comps.storage, "scamp": 9})
    bad = dataclasses.replace(comps, die_faces=(12,) * 10, storage=storage)
    problems = consistency_problems(bad)
    assert problems == [
        "clock.json: the cat die has 10 faces, each a number 1-11 (never 12)",
        "mouse_cards.json: storage must allow the rulebook examples (Scurrier >= 3, Spotter >= 2, "
        "Scavenger >= 4 and the largest)",
    ]


# ------------------------------------------------------------------------------------ 3. malformed files


@pytest.mark.parametrize("name", FILES)
def test_missing_file(data_dir: Path, name: str) -> None:
    (data_dir / name).unlink()
    message = load_error(data_dir)
    assert message.endswith(f"{name}: the data file is missing")


@pytest.mark.parametrize("name", FILES)
def test_invalid_json(data_dir: Path, name: str) -> None:
    text = (data_dir / name).read_text(encoding="utf-8")
    (data_dir / name).write_text(text.rstrip()[:-1], encoding="utf-8")  # drop the closing bracket
    message = load_error(data_dir)
    assert f"{name}: not valid JSON" in message


@pytest.mark.parametrize(("name", "change", "expected"), [
    pytest.param("quests.json", put(1, "points", "5"), "quests.json: Q02.points: expected int, found '5'",
                 id="points-str"),
    pytest.param("quests.json", put(1, "points", True), "quests.json: Q02.points: expected int, found True",
                 id="points-bool"),
    pytest.param("quests.json", put(0, "requires", "purple button"),
                 "quests.json: Q01.requires: expected list, found 'purple button'", id="requires-str"),
    pytest.param("favor_cards.json", put(2, "acorn", "yes"),
                 "favor_cards.json: F03.acorn: expected bool, found 'yes'", id="acorn-str"),
    pytest.param("favor_cards.json", put(0, "bonus", 5),
                 "favor_cards.json: F01.bonus: expected '<color> <symbol>', found 5", id="bonus-int"),
    pytest.param("mouse_cards.json", put("scamp", "storage", 2.5),
                 "mouse_cards.json: scamp.storage: expected int, found 2.5", id="storage-float"),
    pytest.param("clock.json", put("hour_hand_start", "2", "7"),
                 "clock.json: clock.hour_hand_start.2: expected int, found '7'", id="hour-str"),
    pytest.param("clock.json", put("cat_die_faces", 3, "5"),
                 "clock.json: clock.cat_die_faces[3]: expected a whole number, found '5'", id="die-str"),
    pytest.param("chain.json", put("right_chain_values", 2, 6.0),
                 "chain.json: chain.right_chain_values[2]: expected a whole number, found 6.0",
                 id="chain-float"),
    pytest.param("chain.json", put("left_chain_spaces", "10"),
                 "chain.json: chain.left_chain_spaces: expected int, found '10'", id="spaces-str"),
    pytest.param("dataset.json", put("reconstruction", "true"),
                 "dataset.json: dataset.reconstruction: expected bool, found 'true'", id="recon-str"),
    pytest.param("hunt_boards.json", put(1, "grid", 2, "blue spool"),
                 "hunt_boards.json: HB2.grid[2]: expected a list of cells", id="row-str"),
    pytest.param("action_tokens.json", put("sun", 0, "actions", 0, "gain", 0, "x", -1),
                 "action_tokens.json: sun[0].actions[0].gain[0].x: expected a whole number >= 0, found -1",
                 id="x-negative"),
    pytest.param("tiles.json", put("wild", "10"),
                 "tiles.json: tiles.wild: expected int, found '10'", id="wild-str"),
])
def test_field_of_the_wrong_type(data_dir: Path, name: str, change: Change, expected: str) -> None:
    assert broken(data_dir, name, change).startswith(expected)


@pytest.mark.parametrize(("name", "change", "expected"), [
    pytest.param("favor_cards.json", put(4, "actions", 1, "gain", 0, "icon", "teleport"),
                 "favor_cards.json: F05.actions[1].gain[0]: unknown icon 'teleport'", id="favor"),
    pytest.param("action_tokens.json", put("moon", 2, "actions", 1, "gain", 0, "icon", "dig"),
                 "action_tokens.json: moon[2].actions[1].gain[0]: unknown icon 'dig'", id="moon-token"),
    pytest.param("action_tokens.json", put("fixed", "1", "actions", 0, "cost", 0, "icon", "pay"),
                 "action_tokens.json: fixed.1.actions[0].cost[0]: unknown icon 'pay'", id="fixed-cost"),
])
def test_unknown_icon(data_dir: Path, name: str, change: Change, expected: str) -> None:
    message = broken(data_dir, name, change)
    assert message.startswith(expected)
    assert "known icons: spend, climb" in message


def test_icon_that_cannot_be_a_cost(data_dir: Path) -> None:
    message = broken(data_dir, "favor_cards.json", put(6, "actions", 0, "cost", [{"icon": "climb", "x": 1}]))
    assert message.startswith("favor_cards.json: F07.actions[0].cost: 'climb' cannot be a cost")


def test_icon_without_its_number(data_dir: Path) -> None:
    message = broken(data_dir, "favor_cards.json", put(6, "actions", 0, "gain", 0, {"icon": "climb"}))
    expected = "favor_cards.json: F07.actions[0].gain[0]: the climb icon needs a number x >= 1"
    assert message.startswith(expected)


def test_action_with_unknown_field(data_dir: Path) -> None:
    message = broken(data_dir, "action_tokens.json", put("sun", 2, "actions", 0, "optional", True))
    assert message.startswith("action_tokens.json: sun[2].actions[0]: unknown field(s) ['optional']")


def test_unknown_color_in_hunt_board_cell(data_dir: Path) -> None:
    message = broken(data_dir, "hunt_boards.json", put(1, "grid", 1, 3, "orange button"))
    assert message.startswith("hunt_boards.json: HB2.grid[1][3]: unknown color 'orange'")
    assert "known: purple, red, green, blue" in message


def test_rainbow_is_not_a_hunt_board_color(data_dir: Path) -> None:
    message = broken(data_dir, "hunt_boards.json", put(0, "grid", 0, 0, "rainbow button"))
    assert message.startswith("hunt_boards.json: HB1.grid[0][0]: unknown color 'rainbow'")


def test_malformed_hunt_board_cell(data_dir: Path) -> None:
    message = broken(data_dir, "hunt_boards.json", put(3, "grid", 0, 1, "purple"))
    assert message.startswith("hunt_boards.json: HB4.grid[0][1]: expected '<color> <symbol>', found 'purple'")


def test_unknown_symbol_in_quest(data_dir: Path) -> None:
    message = broken(data_dir, "quests.json", put(2, "requires", 1, "rainbow acorn"))
    assert message.startswith("quests.json: Q03.requires[1]: unknown symbol 'acorn'")
    assert "known: button, feather, spool, thimble, key" in message


def test_unknown_color_in_quest(data_dir: Path) -> None:
    message = broken(data_dir, "quests.json", put(9, "requires", 0, "yellow button"))
    assert message.startswith("quests.json: Q10.requires[0]: unknown color 'yellow'")


def test_unknown_color_in_favor_bonus(data_dir: Path) -> None:
    message = broken(data_dir, "favor_cards.json", put(12, "bonus", "rainbow key"))
    assert message.startswith("favor_cards.json: F13.bonus: unknown color 'rainbow'")


def test_missing_field(data_dir: Path) -> None:
    message = broken(data_dir, "quests.json", drop(3, "points"))
    assert message.startswith("quests.json: Q04: the field 'points' is missing")


def test_entry_that_is_not_an_object(data_dir: Path) -> None:
    message = broken(data_dir, "favor_cards.json", put(7, "F08"))
    assert message.startswith("favor_cards.json: [7]: expected an object, found str")


def test_fixed_token_keyed_by_a_non_number(data_dir: Path) -> None:
    message = broken(data_dir, "action_tokens.json", rename("fixed", "6", "six"))
    assert message.startswith("action_tokens.json: fixed.six: fixed tokens are keyed by clock number")


def test_point_space_keyed_by_a_non_number(data_dir: Path) -> None:
    message = broken(data_dir, "chain.json", rename("point_spaces", "9", "nine"))
    expected = "chain.json: point_spaces.nine: point spaces are keyed by left-chain space number"
    assert message.startswith(expected)


def test_empty_hunt_board_list(data_dir: Path) -> None:
    message = broken(data_dir, "hunt_boards.json", lambda data: data.clear())
    assert message.startswith("hunt_boards.json: hunt boards: expected a non-empty list of boards")


def test_loader_accepts_a_path_string(data_dir: Path) -> None:
    assert load_components(str(data_dir)) == load_components()


# ------------------------------------------------------------------------------------------ 4. immutability


def test_loaded_objects_are_frozen(comps: Components) -> None:
    objects_and_fields = [
        (comps, "name"),
        (comps, "tiles"),
        (comps.chain, "spaces"),
        (comps.tile("wild.1"), "kind"),
        (comps.quests["Q01"], "points"),
        (comps.quests["Q01"].requires[0], "color"),
        (comps.favors["F01"], "slash"),
        (comps.favors["F01"].actions[0], "gain"),
        (comps.favors["F01"].actions[0].gain[0], "x"),
        (comps.fixed_tokens[12], "group"),
        (comps.hunt_boards[0], "grid"),
    ]
    for obj, field in objects_and_fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, field, None)
        # frozen + slots: no new attributes either (CPython 3.10/3.11 raise TypeError here, not
        # FrozenInstanceError, because of the slots class rebuild; either way the write is refused)
        with pytest.raises((AttributeError, TypeError)):
            obj.something_new = None  # type: ignore[attr-defined]
        assert not hasattr(obj, "something_new")


def test_mappings_are_read_only(comps: Components) -> None:
    mappings = [comps.tiles, comps.storage, comps.quests, comps.favors, comps.fixed_tokens,
                comps.hand_spaces, comps.hour_start, comps.paws_per_refresh, comps.chain.point_spaces,
                comps.hunt_boards[0].start]
    for mapping in mappings:
        assert isinstance(mapping, MappingProxyType)
        key = next(iter(mapping))
        with pytest.raises(TypeError):
            mapping[key] = mapping[key]  # type: ignore[index]
        with pytest.raises(TypeError):
            del mapping[key]  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            mapping.clear()  # type: ignore[attr-defined]


def _mutable_parts(obj: Any, where: str) -> list[str]:
    if isinstance(obj, (list, dict, set, bytearray)):
        return [where]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [p for f in dataclasses.fields(obj)
                for p in _mutable_parts(getattr(obj, f.name), f"{where}.{f.name}")]
    if isinstance(obj, MappingProxyType):
        return [p for k, v in obj.items() for p in (*_mutable_parts(k, f"{where} key {k!r}"),
                                                    *_mutable_parts(v, f"{where}[{k!r}]"))]
    if isinstance(obj, tuple):
        return [p for i, v in enumerate(obj) for p in _mutable_parts(v, f"{where}[{i}]")]
    assert isinstance(obj, (str, int, bool, type(None))), f"{where}: unexpected {type(obj).__name__}"
    return []


def test_no_mutable_container_anywhere(comps: Components) -> None:
    assert _mutable_parts(comps, "components") == []

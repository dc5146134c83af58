"""Delivering (R78, R103-R104b): pick items from the active mouse's card (and favor bonus tiles), score them,
complete at most one quest, then place matching tiles on the hunt board and return the rest to the bag.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from .chance import to_bag
from .delivery import as_item, satisfiable_quests, score_delivery
from .favor_hand import bonus_cards, discard_favor
from .state import State, owner


def deliver(s: State, mouse: str) -> Generator[Ask, str, None]:
    color = owner(mouse)
    p = s.player(color)
    tiles: list[str] = []
    cards: list[str] = []
    while True:  # R66, R78: only the active mouse's own items; bonus tiles from hand (R97)
        options = [f"deliver:{t}" for t in dict.fromkeys(s.card(mouse)) if s.c.tiles[t].is_item and t not in tiles]
        options += [f"deliver_favor:{f}" for f in bonus_cards(s, color) if f not in cards]
        if tiles or cards:
            options.append("deliver_done")
        if not options or options == ["deliver_done"]:
            break
        choice = yield Ask(color, "deliver", options, {"mouse": mouse, "chosen": [*tiles, *cards]})
        verb, _, what = choice.partition(":")
        if verb == "deliver_done":
            break
        (tiles if verb == "deliver" else cards).append(what)
    items = [as_item(s.c.tiles[t]) for t in tiles] + [s.c.favors[f].bonus for f in cards]
    up = [s.c.quests[q] for q in s.quests_up if q is not None]
    possible = satisfiable_quests(items, up)
    quest = None
    if len(possible) > 1:
        choice = yield Ask(color, "quest", [f"quest:{q.id}" for q in possible], {"mouse": mouse})
        quest = choice.partition(":")[2]
    elif possible:
        quest = possible[0].id
    result = score_delivery(items, up, quest=quest) if quest else score_delivery(items)
    for t in tiles:
        s.card(mouse).remove(t)
    for f in cards:
        discard_favor(s, color, f)
    p.score_by["deliveries"] += result.items + result.symbol_group + result.color_group
    s.emit("delivered", ("R78", "R103"), mouse=mouse, tiles=tiles, bonus_cards=cards, items=result.items,
           symbol_group=result.symbol_group, symbol=result.symbol, color_group=result.color_group,
           color=result.color, points=result.items + result.symbol_group + result.color_group)
    if quest:
        p.score_by["quests"] += result.quest_points
        s.quests_up[s.quests_up.index(quest)] = None
        s.quest_discard.append(quest)
        s.emit("quest_completed", ("R104",), color=color, quest=quest, points=result.quest_points)
    yield from place_on_hunt_board(s, color, tiles)


def place_on_hunt_board(s: State, color: str, tiles: list[str]) -> Generator[Ask, str, None]:
    """R104a-R104b: each delivered tile that fits an empty space must go there (a wild may take any empty
    space, the player choosing); the rest go back to the bag. Ordinary tiles are placed before wilds."""
    p = s.player(color)
    board = s.c.hunt_board(p.board)
    ordered = sorted(tiles, key=lambda t: s.c.tiles[t].kind == "wild")
    for t in ordered:
        tile = s.c.tiles[t]
        empty = [(r, c) for r, row in enumerate(p.hunt) for c, cell in enumerate(row) if cell is None]
        if tile.kind == "wild":
            spots = empty
        else:
            spots = [(r, c) for r, c in empty if board.grid[r][c] == (tile.color, tile.symbol)]
        if not spots:
            to_bag(s, t)
            s.emit("tile_returned_to_bag", ("R104a",), color=color, tile=t)
            continue
        r, c = spots[0]
        if len(spots) > 1:
            choice = yield Ask(color, "hunt_place", [f"hunt:{t}:{r}:{c}" for r, c in spots], {"tile": t})
            _, _, r_s, c_s = choice.split(":")
            r, c = int(r_s), int(c_s)
        p.hunt[r][c] = t
        s.emit("tile_placed_on_hunt_board", ("R104a", "R104b"), color=color, tile=t, row=r, column=c)

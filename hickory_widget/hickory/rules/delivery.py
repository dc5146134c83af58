"""Scoring a Delivery (R103, R104) and the end-game leftover pool (R113).

This module knows nothing about game state: given the delivered items (and the face-up quests) it says what
they are worth, with a breakdown the widget can show. The engine and the bots call it in their inner loop, so
inputs are normalised once, counted with a Counter, and the quest check works on item kinds, not single tiles.

An item is a ``(color, symbol)`` pair and a wild is ``(None, None)``. A wild is never pinned to one identity
within a delivery: it adds to the largest symbol group and to the largest color group, and may also cover one
quest requirement in the same delivery (R103; without that the rulebook's 18-point example would score 17).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .components import Quest, Requirement, Tile, default_components

Item = tuple[str | None, str | None]
"""A deliverable item as (color, symbol); a wild is (None, None)."""
WILD: Item = (None, None)

__all__ = [
    "WILD",
    "DeliveryScore",
    "Item",
    "as_item",
    "group_sizes",
    "quest_satisfied",
    "satisfiable_quests",
    "score_delivery",
    "score_pool",
]


# ------------------------------------------------------------------------------------------------ vocabulary


@dataclass(frozen=True, slots=True)
class _Vocab:
    """Lookup tables built once from the component data, so the hot path is a dict lookup per item."""

    colors: tuple[str, ...]
    symbols: tuple[str, ...]
    pairs: dict[Item, Item]
    """Every valid item (and the wild) mapped to one shared canonical tuple."""
    names: dict[str, Item]
    """Lower-case "purple button" and "wild" mapped to the item."""
    tiles: Mapping[str, Tile]
    quests: Mapping[str, Quest]

    def allowed(self) -> str:
        return (f"allowed colors: {', '.join(self.colors)}; "
                f"allowed symbols: {', '.join(self.symbols)}; or a wild")


@cache
def _vocab() -> _Vocab:
    comps = default_components()
    pairs: dict[Item, Item] = {WILD: WILD}
    names: dict[str, Item] = {"wild": WILD}
    for color in comps.colors:
        for symbol in comps.symbols:
            item = (color, symbol)
            pairs[item] = item
            names[f"{color} {symbol}"] = item
    return _Vocab(comps.colors, comps.symbols, pairs, names, comps.tiles, comps.quests)


# ------------------------------------------------------------------------------------------------ items


def as_item(x: Any) -> Item:
    """Turns a Tile, a (color, symbol) pair or a name like "purple button" / "wild" into an item.

    Relics are refused because they are not items and never score in a delivery or the pool (R62).
    """
    return _as_item(x, _vocab())


def _as_item(x: Any, v: _Vocab) -> Item:
    kind = type(x)
    if kind is tuple:  # the common case in the engine: already an item
        try:
            return v.pairs[x]
        except (KeyError, TypeError):
            return _check_pair(x, v)
    if isinstance(x, Tile):
        return _tile_item(x, v)
    if isinstance(x, str):
        item = v.names.get(" ".join(x.lower().split()))
        if item is not None:
            return item
        if x in v.tiles:  # a tile id such as "red.key.2", "wild.3" or "crown"
            return _tile_item(v.tiles[x], v)
        words = x.split()
        if len(words) == 2:
            return _check_pair((words[0].lower(), words[1].lower()), v)
        raise ValueError(f"cannot read {x!r} as an item: write '<color> <symbol>' or 'wild' ({v.allowed()})")
    if isinstance(x, (tuple, list)):
        return _check_pair(tuple(x), v)
    raise TypeError(f"expected a Tile, a (color, symbol) pair or a name such as 'purple button', got {x!r}")


def _tile_item(tile: Tile, v: _Vocab) -> Item:
    if tile.kind == "relic":
        raise ValueError(f"tile {tile.id!r} is a relic; relics are not items, they cannot be delivered "
                         "or scored as items (R62)")
    if tile.kind == "wild":
        return WILD
    return _check_pair((tile.color, tile.symbol), v)


def _check_pair(pair: tuple[Any, ...], v: _Vocab) -> Item:
    """Validates a pair that missed the fast lookup and explains exactly what is wrong with it."""
    try:
        item = v.pairs.get(pair)  # type: ignore[arg-type]
    except TypeError:
        item = None
    if item is not None:
        return item
    if len(pair) != 2:
        raise ValueError(f"an item is a (color, symbol) pair, got {pair!r} ({v.allowed()})")
    color, symbol = pair
    problems = []
    if (color is None) != (symbol is None):
        problems.append(f"{pair!r} gives only half an item; a wild is written (None, None)")
    if color is not None and color not in v.colors:
        problems.append(f"unknown color {color!r}")
    if symbol is not None and symbol not in v.symbols:
        problems.append(f"unknown symbol {symbol!r}")
    raise ValueError(f"{'; '.join(problems) or f'not an item: {pair!r}'} ({v.allowed()})")


def _count(items: Iterable[Any], v: _Vocab) -> Counter[Item]:
    """How many of each item kind; every later step works on these few kinds instead of single tiles."""
    return Counter([_as_item(x, v) for x in items])


# ------------------------------------------------------------------------------------------------ groups


def group_sizes(items: Iterable[Any]) -> tuple[int, str | None, int, str | None]:
    """Largest symbol group and largest color group as (size, symbol, size, color), wilds counting in both.

    Ties go to the first symbol/color in component order, so the breakdown shown is stable (the score is the
    same whichever equal group is chosen, R103).
    """
    v = _vocab()
    return _groups(_count(items, v), v)


def _groups(kinds: Mapping[Item, int], v: _Vocab) -> tuple[int, str | None, int, str | None]:
    if not kinds:
        return 0, None, 0, None
    wilds = 0
    by_symbol: dict[str, int] = {}
    by_color: dict[str, int] = {}
    for (color, symbol), n in kinds.items():
        if symbol is None or color is None:  # a wild is (None, None)
            wilds += n
        else:
            by_symbol[symbol] = by_symbol.get(symbol, 0) + n
            by_color[color] = by_color.get(color, 0) + n
    symbol, n_symbol = _largest(by_symbol, v.symbols)
    color, n_color = _largest(by_color, v.colors)
    return n_symbol + wilds, symbol, n_color + wilds, color


def _largest(counts: dict[str, int], order: tuple[str, ...]) -> tuple[str, int]:
    if not counts:  # only wilds: they form a group of any identity, report the first
        return order[0], 0
    best = max(counts.values())
    for name in order:
        if counts.get(name) == best:
            return name, best
    raise AssertionError("unreachable: counted names come from the component data")


# ------------------------------------------------------------------------------------------------ quests


def quest_satisfied(items: Iterable[Any], quest: Quest | str) -> bool:
    """Whether the items cover every requirement of the quest, one item per requirement (R104, Q12)."""
    v = _vocab()
    return not _unmet(_count(items, v), _as_quest(quest, v).requires, stop_at_first=True)


def satisfiable_quests(items: Iterable[Any], quests: Iterable[Quest | str]) -> list[Quest]:
    """The given quests the items could complete, in the order given (the player then picks one, R104)."""
    v = _vocab()
    kinds = _count(items, v)
    resolved = [_as_quest(q, v) for q in quests]
    return [q for q in resolved if not _unmet(kinds, q.requires, stop_at_first=True)]


def _as_quest(q: Quest | str, v: _Vocab) -> Quest:
    if isinstance(q, Quest):
        return q
    if isinstance(q, str):
        quest = v.quests.get(q)
        if quest is None:
            raise ValueError(f"unknown quest id {q!r}; valid ids: {', '.join(v.quests)}")
        return quest
    raise TypeError(f"expected a Quest or a quest id, got {q!r}")


def _unmet(kinds: Mapping[Item, int], reqs: tuple[Requirement, ...],
           stop_at_first: bool) -> list[Requirement]:
    """Requirements left uncovered by a maximum matching of items to requirements (empty: quest satisfied).

    Each item kind is a node with as many slots as copies delivered; each requirement looks for a free slot
    and, failing that, tries to move the requirement holding a slot elsewhere (augmenting paths, Kuhn).
    A greedy pass can go wrong, e.g. a rainbow button taking the only purple button a later requirement needs.
    A requirement that fails its search can never be matched later, so the boolean check may stop there.
    """
    if stop_at_first and sum(kinds.values()) < len(reqs):
        return list(reqs)
    wilds = kinds.get(WILD, 0)
    options: list[list[Item]] = []
    for req in reqs:
        if req.color is None:
            opts = [k for k in kinds if k[1] == req.symbol]
        else:
            exact = (req.color, req.symbol)
            opts = [exact] if exact in kinds else []
        if wilds:
            opts.append(WILD)  # tried last: a wild is the one item that can cover anything else
        if not opts and stop_at_first:
            return [req]
        options.append(opts)

    holders: dict[Item, list[int]] = {}

    def place(i: int, seen: set[Item]) -> bool:
        for kind in options[i]:
            if kind in seen:
                continue
            seen.add(kind)
            held = holders.setdefault(kind, [])
            if len(held) < kinds[kind]:
                held.append(i)
                return True
            for pos, other in enumerate(held):
                if place(other, seen):
                    held[pos] = i
                    return True
        return False

    unmet = []
    for i, req in enumerate(reqs):
        if not place(i, set()):
            if stop_at_first:
                return [req]
            unmet.append(req)
    return unmet


# ------------------------------------------------------------------------------------------------ scoring


@dataclass(frozen=True, slots=True)
class DeliveryScore:
    """The breakdown of a delivery (or of the end-game pool), so a player sees where each point came from."""

    items: int
    """+1 per delivered item (R103)."""
    symbol_group: int
    """+1 per item in the largest symbol group, wilds included."""
    symbol: str | None
    """The symbol of that group (first in component order on a tie; None for an empty delivery)."""
    color_group: int
    """+1 per item in the largest color group, wilds included."""
    color: str | None
    quest: str | None = None
    """Id of the quest completed by this delivery, at most one (R104)."""
    quest_points: int = 0

    @property
    def total(self) -> int:
        return self.items + self.symbol_group + self.color_group + self.quest_points

    def as_dict(self) -> dict[str, Any]:
        """Plain data for notebooks and JSON, with the total spelled out."""
        return {
            "items": self.items,
            "symbol_group": self.symbol_group,
            "symbol": self.symbol,
            "color_group": self.color_group,
            "color": self.color,
            "quest": self.quest,
            "quest_points": self.quest_points,
            "total": self.total,
        }

    def __str__(self) -> str:
        """A plain English sum for a developer's print (a player reads the words wing's labels, in any language)."""
        items = f"{self.items} item" if self.items == 1 else f"{self.items} items"
        parts = [items, f"{self.symbol_group} ({self.symbol})",
                 f"{self.color_group} ({self.color})"]
        if self.quest is not None:
            parts.append(f"{self.quest_points} ({self.quest})")
        return f"{' + '.join(parts)} = {self.total}"


_EMPTY = DeliveryScore(0, 0, None, 0, None)


def score_delivery(items: Iterable[Any], quests: Iterable[Quest | str] = (),
                   quest: str | None = None) -> DeliveryScore:
    """Scores a delivery: +1 per item, the largest symbol and color groups, at most one quest (R103, R104).

    ``quests`` are the face-up quests the delivery may complete. With ``quest`` the player names the one to
    take (it must be offered and satisfied); without it the most valuable satisfiable quest is taken, the
    first given on a tie, which is what a player maximising points would choose.
    """
    v = _vocab()
    kinds = _count(items, v)
    offered = [_as_quest(q, v) for q in quests]
    chosen: Quest | None = None
    if quest is not None:
        chosen = _named_quest(kinds, offered, quest, v)
    else:
        for q in offered:
            better = chosen is None or q.points > chosen.points
            if better and not _unmet(kinds, q.requires, stop_at_first=True):
                chosen = q
    if not kinds:
        return _EMPTY
    n_symbol, symbol, n_color, color = _groups(kinds, v)
    return DeliveryScore(
        items=sum(kinds.values()),
        symbol_group=n_symbol,
        symbol=symbol,
        color_group=n_color,
        color=color,
        quest=None if chosen is None else chosen.id,
        quest_points=0 if chosen is None else chosen.points,
    )


def _named_quest(kinds: Counter[Item], offered: list[Quest], quest: Any, v: _Vocab) -> Quest:
    """The quest the player asked for, refusing one that is not on offer or that the items cannot complete."""
    qid = quest.id if isinstance(quest, Quest) else quest
    chosen = next((q for q in offered if q.id == qid), None)
    if chosen is None:
        if qid not in v.quests:
            raise ValueError(f"unknown quest id {qid!r}; valid ids: {', '.join(v.quests)}")
        on_offer = ", ".join(q.id for q in offered) or "none"
        raise ValueError(f"quest {qid!r} is not among the quests offered for this delivery "
                         f"(offered: {on_offer})")
    unmet = _unmet(kinds, chosen.requires, stop_at_first=False)
    if unmet:
        needs = ", ".join(str(r) for r in chosen.requires)
        missing = ", ".join(str(r) for r in unmet)
        raise ValueError(
            f"quest {qid!r} ({needs}) is not satisfied by the delivered items: nothing is left for {missing} "
            f"(each item covers at most one requirement, R104)"
        )
    return chosen


def score_pool(items: Iterable[Any]) -> DeliveryScore:
    """Scores the end-game leftover pool like a delivery's items and groups, but never a quest (R113)."""
    v = _vocab()
    kinds = _count(items, v)
    if not kinds:
        return _EMPTY
    n_symbol, symbol, n_color, color = _groups(kinds, v)
    return DeliveryScore(sum(kinds.values()), n_symbol, symbol, n_color, color)

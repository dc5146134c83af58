"""The game's printed components (tiles, cards, boards, tokens) as typed, immutable data.

Component data lives in JSON files under ``hickory_widget/hickory/rules/data/<dataset>/``, never in rule code, so that a
real data set can replace the reconstruction of RULES-SPEC Part F. Loading validates every entry and the
consistency checks of RULES-SPEC F.4; a bad file fails with its name, the entry and what is wrong.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

DATA_DIR = Path(__file__).parent / "data"
MOUSE_KINDS = ("scurrier", "scavenger", "spotter", "scamp")
"""Mouse kinds that have a card; the fifth mouse, the Scaler, lives on the chain and has none (R3, R92)."""
ICONS = ("spend", "climb", "search", "market", "relic", "deliver", "favor", "scamp", "leap", "throw")
COST_ICONS = ("spend", "relic", "deliver")
"""Icons that may stand left of an arrow (R70, L15)."""

TileKind = Literal["item", "wild", "relic"]


class ComponentDataError(ValueError):
    """A component data file is missing, malformed or inconsistent."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile. Items have a color and a symbol; a wild has all of them; a relic has none (R62)."""

    id: str
    kind: TileKind
    color: str | None = None
    symbol: str | None = None

    @property
    def is_item(self) -> bool:
        """Items (ordinary and wild) can be delivered; relics cannot (R62)."""
        return self.kind != "relic"


@dataclass(frozen=True, slots=True)
class Requirement:
    """One tile a quest asks for; ``color`` None is a rainbow requirement (any color, R104)."""

    symbol: str
    color: str | None

    def __str__(self) -> str:
        return f"{self.color or 'rainbow'} {self.symbol}"


@dataclass(frozen=True, slots=True)
class Quest:
    id: str
    points: int
    requires: tuple[Requirement, ...]


@dataclass(frozen=True, slots=True)
class Icon:
    """An action icon: ``x`` is its number (Climb 3, Search 1, Spend 2, Leap up to 3); ``to`` fixes leap targets."""

    icon: str
    x: int = 0
    to: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Action:
    """Icons right of an arrow (``gain``) are only had after paying every icon left of it (``cost``, R70)."""

    gain: tuple[Icon, ...]
    cost: tuple[Icon, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionToken:
    id: str
    group: Literal["fixed", "sun", "moon"]
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class FavorCard:
    id: str
    acorn: bool
    actions: tuple[Action, ...]
    bonus: tuple[str, str] | None
    """The bonus item as (color, symbol), or None."""
    slash: bool


@dataclass(frozen=True, slots=True)
class HuntBoard:
    id: str
    start: MappingProxyType[str, int]
    """Start number per mouse kind (scurrier, scavenger, spotter), R33."""
    grid: tuple[tuple[tuple[str, str], ...], ...]
    """Rows of (color, symbol) cells."""

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def columns(self) -> int:
        return len(self.grid[0]) if self.grid else 0


@dataclass(frozen=True, slots=True)
class Chain:
    spaces: int
    """Left-chain spaces above the starting pinecone (0); the leaf is ``spaces + 1``."""
    point_spaces: MappingProxyType[int, int]
    right_values: tuple[int, ...]

    @property
    def leaf(self) -> int:
        return self.spaces + 1


@dataclass(frozen=True, slots=True)
class Components:
    """Everything printed in the box, for one data set."""

    name: str
    reconstruction: bool
    about: str
    player_colors: tuple[str, ...]
    priority_cycle: tuple[str, ...]
    hand_spaces: MappingProxyType[int, int]
    scavenger_size: int
    hour_start: MappingProxyType[int, int]
    paws_per_refresh: MappingProxyType[int, int]
    die_faces: tuple[int, ...]
    numbers: int
    leaf_spaces: tuple[int, ...]
    lord_cuckoo: int
    inner_spaces: tuple[int, ...]
    sun_spaces: tuple[int, ...]
    moon_spaces: tuple[int, ...]
    discount_bin_spaces: int
    quests_face_up: int
    favor_hand_limit: int
    colors: tuple[str, ...]
    symbols: tuple[str, ...]
    tiles: MappingProxyType[str, Tile]
    storage: MappingProxyType[str, int]
    hunt_boards: tuple[HuntBoard, ...]
    quests: MappingProxyType[str, Quest]
    favors: MappingProxyType[str, FavorCard]
    fixed_tokens: MappingProxyType[int, ActionToken]
    sun_tokens: tuple[ActionToken, ...]
    moon_tokens: tuple[ActionToken, ...]
    chain: Chain

    def tile(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    def hunt_board(self, board_id: str) -> HuntBoard:
        for board in self.hunt_boards:
            if board.id == board_id:
                return board
        raise KeyError(board_id)


# --------------------------------------------------------------------------------------------------- loading


class _Reader:
    """Reads one file and reports problems with the file name and the entry at fault."""

    def __init__(self, directory: Path, name: str) -> None:
        self.file = name
        path = directory / name
        try:
            self.data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ComponentDataError(f"{path}: the data file is missing") from None
        except json.JSONDecodeError as exc:
            raise ComponentDataError(f"{path}: not valid JSON ({exc})") from None

    def fail(self, entry: str, problem: str) -> ComponentDataError:
        return ComponentDataError(f"{self.file}: {entry}: {problem}")

    def field(self, obj: Any, key: str, kind: type | tuple[type, ...], entry: str) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(entry, f"expected an object, found {type(obj).__name__}")
        if key not in obj:
            raise self.fail(entry, f"the field {key!r} is missing")
        value = obj[key]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(f"{entry}.{key}", f"expected {names}, found {value!r}")
        return value

    def int_list(self, obj: Any, key: str, entry: str) -> tuple[int, ...]:
        values = self.field(obj, key, list, entry)
        for i, v in enumerate(values):
            if isinstance(v, bool) or not isinstance(v, int):
                raise self.fail(f"{entry}.{key}[{i}]", f"expected a whole number, found {v!r}")
        return tuple(values)

    def by_players(self, obj: Any, key: str, entry: str) -> MappingProxyType[int, int]:
        table = self.field(obj, key, dict, entry)
        out: dict[int, int] = {}
        for players in ("1", "2", "3", "4"):
            out[int(players)] = self.field(table, players, int, f"{entry}.{key}")
        return MappingProxyType(out)


def _item(reader: _Reader, text: Any, entry: str, colors: tuple[str, ...], symbols: tuple[str, ...],
          rainbow: bool = False) -> tuple[str | None, str]:
    """Parses "purple button" (or "rainbow button" where allowed) into (color, symbol)."""
    if not isinstance(text, str) or len(text.split()) != 2:
        raise reader.fail(entry, f"expected '<color> <symbol>', found {text!r}")
    color, symbol = text.split()
    allowed_colors = (*colors, "rainbow") if rainbow else colors
    if color not in allowed_colors:
        raise reader.fail(entry, f"unknown color {color!r}; known: {', '.join(allowed_colors)}")
    if symbol not in symbols:
        raise reader.fail(entry, f"unknown symbol {symbol!r}; known: {', '.join(symbols)}")
    return (None if color == "rainbow" else color), symbol


def _actions(reader: _Reader, raw: Any, entry: str) -> tuple[Action, ...]:
    if not isinstance(raw, list):
        raise reader.fail(entry, f"expected a list of actions, found {raw!r}")
    actions = []
    for i, act in enumerate(raw):
        where = f"{entry}[{i}]"
        gain = _icons(reader, reader.field(act, "gain", list, where), f"{where}.gain")
        cost = _icons(reader, act.get("cost", []), f"{where}.cost")
        for icon in cost:
            if icon.icon not in COST_ICONS:
                raise reader.fail(f"{where}.cost", f"{icon.icon!r} cannot be a cost; costs: {', '.join(COST_ICONS)}")
        unknown = set(act) - {"gain", "cost"}
        if unknown:
            raise reader.fail(where, f"unknown field(s) {sorted(unknown)}; allowed: gain, cost")
        actions.append(Action(gain=gain, cost=cost))
    return tuple(actions)


def _icons(reader: _Reader, raw: Any, entry: str) -> tuple[Icon, ...]:
    if not isinstance(raw, list):
        raise reader.fail(entry, f"expected a list of icons, found {raw!r}")
    icons = []
    for i, obj in enumerate(raw):
        where = f"{entry}[{i}]"
        name = reader.field(obj, "icon", str, where)
        if name not in ICONS:
            raise reader.fail(where, f"unknown icon {name!r}; known icons: {', '.join(ICONS)}")
        x = obj.get("x", 0)
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise reader.fail(f"{where}.x", f"expected a whole number >= 0, found {x!r}")
        if name in ("spend", "climb", "search") and x < 1:
            raise reader.fail(where, f"the {name} icon needs a number x >= 1")
        to = reader.int_list(obj, "to", where) if "to" in obj else ()
        if name == "leap" and not (x or to):
            raise reader.fail(where, "a leap needs a range x or fixed targets 'to'")
        icons.append(Icon(icon=name, x=x, to=to))
    return tuple(icons)


def load_components(directory: Path | str | None = None) -> Components:
    """Loads and validates a data set directory (default: the packaged reconstruction)."""
    directory = Path(directory) if directory is not None else DATA_DIR / "recon"
    manifest = _Reader(directory, "dataset.json")
    m = manifest.data
    name = manifest.field(m, "name", str, "dataset")
    recon = manifest.field(m, "reconstruction", bool, "dataset")
    about = manifest.field(m, "about", str, "dataset")

    clock = _Reader(directory, "clock.json")
    c = clock.data
    colors_p = tuple(clock.field(c, "player_colors", list, "clock"))
    cycle = tuple(clock.field(c, "priority_track_cycle", list, "clock"))
    if sorted(cycle) != sorted(colors_p) or len(set(colors_p)) != 4:
        raise clock.fail("priority_track_cycle", "must list the 4 distinct player colors once each")
    hand = clock.field(c, "minute_hand", dict, "clock")
    hand_spaces = clock.by_players(hand, "spaces_by_players", "minute_hand")
    scav = clock.field(hand, "scavenger_size", int, "minute_hand")
    market = clock.field(c, "market", dict, "clock")

    tiles_r = _Reader(directory, "tiles.json")
    t = tiles_r.data
    colors = tuple(tiles_r.field(t, "colors", list, "tiles"))
    symbols = tuple(tiles_r.field(t, "symbols", list, "tiles"))
    copies = tiles_r.field(t, "copies_per_kind", int, "tiles")
    wilds = tiles_r.field(t, "wild", int, "tiles")
    relics = tuple(tiles_r.field(t, "relics", list, "tiles"))
    tiles: dict[str, Tile] = {}
    for color in colors:
        for symbol in symbols:
            for k in range(1, copies + 1):
                tid = f"{color}.{symbol}.{k}"
                tiles[tid] = Tile(tid, "item", color, symbol)
    for k in range(1, wilds + 1):
        tiles[f"wild.{k}"] = Tile(f"wild.{k}", "wild")
    for relic in relics:
        tiles[relic] = Tile(relic, "relic")

    cards = _Reader(directory, "mouse_cards.json")
    storage = {kind: cards.field(cards.field(cards.data, kind, dict, "mouse_cards"), "storage", int, kind)
               for kind in MOUSE_KINDS}

    hb = _Reader(directory, "hunt_boards.json")
    boards = []
    if not isinstance(hb.data, list) or not hb.data:
        raise hb.fail("hunt boards", "expected a non-empty list of boards")
    for i, raw in enumerate(hb.data):
        bid = hb.field(raw, "id", str, f"[{i}]")
        start_raw = hb.field(raw, "start", dict, bid)
        start = {kind: hb.field(start_raw, kind, int, f"{bid}.start") for kind in ("scurrier", "scavenger", "spotter")}
        grid_raw = hb.field(raw, "grid", list, bid)
        grid = []
        for r, row in enumerate(grid_raw):
            if not isinstance(row, list):
                raise hb.fail(f"{bid}.grid[{r}]", "expected a list of cells")
            grid.append(tuple(_item(hb, cell, f"{bid}.grid[{r}][{col}]", colors, symbols)
                              for col, cell in enumerate(row)))
        if not grid or len({len(row) for row in grid}) != 1:
            raise hb.fail(f"{bid}.grid", "rows must be non-empty and all of the same length")
        boards.append(HuntBoard(bid, MappingProxyType(start), tuple(grid)))  # type: ignore[arg-type]

    qr = _Reader(directory, "quests.json")
    quests = {}
    for i, raw in enumerate(qr.data if isinstance(qr.data, list) else []):
        qid = qr.field(raw, "id", str, f"[{i}]")
        reqs = tuple(Requirement(symbol=s, color=c_)
                     for c_, s in (_item(qr, x, f"{qid}.requires[{j}]", colors, symbols, rainbow=True)
                                   for j, x in enumerate(qr.field(raw, "requires", list, qid))))
        quests[qid] = Quest(qid, qr.field(raw, "points", int, qid), reqs)

    fr = _Reader(directory, "favor_cards.json")
    favors = {}
    for i, raw in enumerate(fr.data if isinstance(fr.data, list) else []):
        fid = fr.field(raw, "id", str, f"[{i}]")
        bonus_raw = raw.get("bonus") if isinstance(raw, dict) else None
        bonus = _item(fr, bonus_raw, f"{fid}.bonus", colors, symbols) if bonus_raw is not None else None
        favors[fid] = FavorCard(
            fid, fr.field(raw, "acorn", bool, fid), _actions(fr, fr.field(raw, "actions", list, fid), f"{fid}.actions"),
            bonus, fr.field(raw, "slash", bool, fid),  # type: ignore[arg-type]
        )

    tr = _Reader(directory, "action_tokens.json")
    fixed_raw = tr.field(tr.data, "fixed", dict, "tokens")
    fixed = {}
    for number, raw in fixed_raw.items():
        if not number.isdigit():
            raise tr.fail(f"fixed.{number}", "fixed tokens are keyed by clock number")
        fixed[int(number)] = ActionToken(tr.field(raw, "id", str, f"fixed.{number}"), "fixed",
                                         _actions(tr, tr.field(raw, "actions", list, f"fixed.{number}"),
                                                  f"fixed.{number}.actions"))
    groups = {}
    for group in ("sun", "moon"):
        groups[group] = tuple(
            ActionToken(tr.field(raw, "id", str, f"{group}[{i}]"), group,  # type: ignore[arg-type]
                        _actions(tr, tr.field(raw, "actions", list, f"{group}[{i}]"), f"{group}[{i}].actions"))
            for i, raw in enumerate(tr.field(tr.data, group, list, "tokens")))

    ch = _Reader(directory, "chain.json")
    points_raw = ch.field(ch.data, "point_spaces", dict, "chain")
    for k in points_raw:
        if not k.isdecimal():
            raise ch.fail(f"point_spaces.{k}", "point spaces are keyed by left-chain space number")
    chain = Chain(ch.field(ch.data, "left_chain_spaces", int, "chain"),
                  MappingProxyType({int(k): ch.field(points_raw, k, int, "point_spaces") for k in points_raw}),
                  ch.int_list(ch.data, "right_chain_values", "chain"))

    comps = Components(
        name=name, reconstruction=recon, about=about,
        player_colors=colors_p, priority_cycle=cycle, hand_spaces=hand_spaces, scavenger_size=scav,
        hour_start=clock.by_players(c, "hour_hand_start", "clock"),
        paws_per_refresh=clock.by_players(c, "cat_paws_per_refresh", "clock"),
        die_faces=clock.int_list(c, "cat_die_faces", "clock"), numbers=clock.field(c, "numbers", int, "clock"),
        leaf_spaces=clock.int_list(c, "leaf_spaces", "clock"), lord_cuckoo=clock.field(c, "lord_cuckoo", int, "clock"),
        inner_spaces=clock.int_list(c, "inner_spaces", "clock"), sun_spaces=clock.int_list(c, "sun_spaces", "clock"),
        moon_spaces=clock.int_list(c, "moon_spaces", "clock"),
        discount_bin_spaces=clock.field(market, "discount_bin_spaces", int, "market"),
        quests_face_up=clock.field(c, "quests_face_up", int, "clock"),
        favor_hand_limit=clock.field(c, "favor_hand_limit", int, "clock"),
        colors=colors, symbols=symbols, tiles=MappingProxyType(tiles), storage=MappingProxyType(storage),
        hunt_boards=tuple(boards), quests=MappingProxyType(quests), favors=MappingProxyType(favors),
        fixed_tokens=MappingProxyType(fixed), sun_tokens=groups["sun"], moon_tokens=groups["moon"], chain=chain,
    )
    problems = consistency_problems(comps)
    if problems:
        raise ComponentDataError(f"{directory}: the data set is inconsistent:\n  - " + "\n  - ".join(problems))
    return comps


def consistency_problems(c: Components) -> list[str]:
    """The checks of RULES-SPEC F.4 (and what the rules need of the data); each problem names its file."""
    p: list[str] = []
    n_items = sum(1 for t in c.tiles.values() if t.kind == "item")
    if len(c.tiles) != 93:
        p.append(f"tiles.json: {len(c.tiles)} tiles in all, the game has 93 (R1)")
    if sum(1 for t in c.tiles.values() if t.kind == "wild") != 10:
        p.append("tiles.json: there must be 10 wild tiles (R2)")
    if sum(1 for t in c.tiles.values() if t.kind == "relic") != 3:
        p.append("tiles.json: there must be 3 relics (R2)")
    if n_items != 80:
        p.append(f"tiles.json: {n_items} ordinary items, expected 80 (R2)")
    pairs = {(t.color, t.symbol) for t in c.tiles.values() if t.kind == "item"}
    for b in c.hunt_boards:
        cells = [cell for row in b.grid for cell in row]
        if len(set(cells)) != len(cells):
            p.append(f"hunt_boards.json: {b.id}: a (color, symbol) pair appears twice")
        if any(cell not in pairs for cell in cells):
            p.append(f"hunt_boards.json: {b.id}: a cell names an item that no tile has")
        starts = list(b.start.values())
        if len(set(starts)) != 3 or any(not 2 <= s <= 11 for s in starts):
            p.append(f"hunt_boards.json: {b.id}: start numbers must be three different numbers from 2 to 11")
        if not set(starts) & set(c.sun_spaces) or not set(starts) & set(c.moon_spaces):
            p.append(f"hunt_boards.json: {b.id}: start numbers need at least one sun and one moon space (R123)")
    if len(c.hunt_boards) != 4:
        p.append(f"hunt_boards.json: {len(c.hunt_boards)} boards, the game has 4 (R1)")
    n_tokens = len(c.fixed_tokens) + len(c.sun_tokens) + len(c.moon_tokens)
    if n_tokens != 12:
        p.append(f"action_tokens.json: {n_tokens} tokens, the game has 12 (R1)")
    if sorted(c.fixed_tokens) != [1, 6, 11, 12]:
        p.append("action_tokens.json: the fixed tokens are those of 1, 6, 11 and 12 (R20)")
    if len(c.sun_tokens) != len(c.sun_spaces):
        p.append("action_tokens.json: as many sun tokens as clock.json has sun spaces (R21)")
    if len(c.moon_tokens) != len(c.moon_spaces):
        p.append("action_tokens.json: as many moon tokens as clock.json has moon spaces (R21)")
    covered = sorted([*c.fixed_tokens, *c.sun_spaces, *c.moon_spaces])
    if covered != list(range(1, c.numbers + 1)):
        p.append("clock.json: fixed, sun and moon spaces must cover each number 1-12 exactly once")
    if len(c.favors) != 13 or sum(f.acorn for f in c.favors.values()) != 4:
        p.append("favor_cards.json: 13 cards, 4 of them with the acorn (R1, R25)")
    for f in c.favors.values():
        if f.actions and f.bonus and not f.slash:
            p.append(f"favor_cards.json: {f.id}: a card with an action and a bonus item needs slash: true (F.3)")
    if len(c.quests) != 12:
        p.append(f"quests.json: {len(c.quests)} quests, the game has 12 (R1)")
    kinds = Counter((t.color, t.symbol) for t in c.tiles.values() if t.kind == "item")
    for q in c.quests.values():
        if q.points not in (5, 7):
            p.append(f"quests.json: {q.id}: points must be 5 or 7")
        need = Counter((r.color, r.symbol) for r in q.requires if r.color is not None)
        if any(kinds[k] < n for k, n in need.items()):
            p.append(f"quests.json: {q.id}: cannot be satisfied by the tiles in the game")
        if any(r.symbol not in c.symbols for r in q.requires):
            p.append(f"quests.json: {q.id}: unknown symbol")
    rv = c.chain.right_values
    if not rv or rv[0] != 9 or (len(rv) > 1 and rv[1] != 7) or rv[-1] != 4 or list(rv) != sorted(set(rv), reverse=True):
        p.append("chain.json: right_chain_values must fall strictly from 9, then 7, down to 4 (R102)")
    if any(not 1 <= s <= c.chain.spaces for s in c.chain.point_spaces):
        p.append("chain.json: point spaces must lie on the left chain")
    if c.hand_spaces[1] != 2:
        p.append("clock.json: the solo minute hand has 2 usable spaces (R116)")
    if any(c.hand_spaces[n] < 2 for n in (1, 2, 3, 4)):
        p.append("clock.json: every minute hand needs at least 2 spaces (a Scavenger takes 2)")
    if any(not 1 <= f <= 11 for f in c.die_faces) or len(c.die_faces) != 10:
        p.append("clock.json: the cat die has 10 faces, each a number 1-11 (never 12)")
    s = c.storage
    if s["scurrier"] < 3 or s["spotter"] < 2 or s["scavenger"] < 4 or s["scavenger"] != max(s.values()):
        p.append("mouse_cards.json: storage must allow the rulebook examples (Scurrier >= 3, Spotter >= 2, "
                 "Scavenger >= 4 and the largest)")
    if c.hour_start[1] != 6 or any(c.hour_start[n] != 7 for n in (2, 3, 4)):
        p.append("clock.json: the hour hand starts on 6 solo and on 7 otherwise (R19, R116)")
    return p


@cache
def default_components() -> Components:
    """The packaged data set (the reconstruction), loaded once."""
    return load_components()

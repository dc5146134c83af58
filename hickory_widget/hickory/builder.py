"""Building positions on purpose: start from a fresh setup, then put mice, tiles and cards where you want them.

    >>> from hickory_widget import Position
    >>> pos = Position(players=["blue", "red"], seed=3)
    >>> pos.minute(3).mouse("blue.spotter", "hand").tile("red key", "blue.spotter").leaf(4, "green button")
    >>> game = pos.game()      # the hand moves to 4 on the first Tick

Each method checks what it can at once and returns the builder, so calls chain. ``game()`` validates the whole
position (every tile in one place, no mouse under a paw, ...) and says what is wrong if anything is.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..core.doors import excerpt
from .game import Game
from .positions.position import from_data, to_data
from .rules.components import Components, default_components
from .rules.setup import new_state

F = TypeVar("F", bound=Callable[..., Any])


def _all_or_nothing(method: F) -> F:
    """A builder step either completes or leaves the position as it was, and refuses with a ValueError that
    says what was wrong (never a KeyError or IndexError from deep inside)."""

    @functools.wraps(method)
    def step(self: Position, *args: Any, **kwargs: Any) -> Any:
        before = copy.deepcopy(self.data)
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            self.data = before
            if isinstance(exc, ValueError):
                raise
            shown = ", ".join(excerpt(a) for a in args)
            raise ValueError(f"{method.__name__}({shown}) is not possible here: {type(exc).__name__} "
                             f"{excerpt(str(exc), 80)}; colors in this position: "
                             f"{', '.join(self.data['players'])}") from None

    return step  # type: ignore[return-value]


class Position:
    """A position under construction, kept as the plain data that :meth:`Game.from_position` takes."""

    def __init__(self, players: int | Sequence[str] = 4, seed: int = 1, *,
                 options: dict[str, bool] | None = None) -> None:
        s = new_state(players, seed, options=options)
        s.phase = "play"  # a built position starts at a Tick boundary, after any solo first paws
        self.c: Components = default_components()
        self.data: dict[str, Any] = to_data(s)

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position at the start of the game's current Tick, ready to edit."""
        pos = cls.__new__(cls)
        pos.c = default_components()
        pos.data = game.position()
        return pos

    # --------------------------------------------------------------------------------------------- mice
    @_all_or_nothing
    def mouse(self, mouse: str, where: str) -> Position:
        """Puts a mouse at "inner N", "outer N", "hand" (at the back) or "card" (the Scamp, out of play)."""
        d = self.data
        if mouse not in d["mice"]:
            raise ValueError(f"unknown mouse {mouse!r}; mice here: {sorted(d['mice'])}")
        if mouse in d["hand"]:
            d["hand"].remove(mouse)
        d["mice"][mouse] = where
        if where == "hand":
            d["hand"].append(mouse)
        return self

    @_all_or_nothing
    def only(self, *mice: str) -> Position:
        """Keeps the named mice where they are and puts every other mouse out of the way: Scamps on their cards,
        the rest on the inner ring at the minute hand's number (the last number the hand reaches this round;
        the nearest number before it when a paw covers it). Call it after ``minute`` and ``paws``."""
        d = self.data
        unknown = [m for m in mice if m not in d["mice"]]
        if unknown:
            raise ValueError(f"unknown mice {unknown}; mice here: {sorted(d['mice'])}")
        park = d["minute"]
        while park in d["paws"] or (park == 12 and d["options"].get("no_inner_12")):
            park = (park - 2) % 12 + 1
        for m in d["mice"]:
            if m not in mice:
                self.mouse(m, "card" if m.endswith(".scamp") else f"inner {park}")
        return self

    @_all_or_nothing
    def hand(self, *mice: str) -> Position:
        """Puts exactly these mice on the minute hand, front to back."""
        for m in list(self.data["hand"]):
            if m not in mice:
                raise ValueError(f"{m} is on the hand; move it elsewhere first with mouse({m!r}, 'inner N')")
        for m in mice:
            self.mouse(m, "hand")
        return self

    # --------------------------------------------------------------------------------------------- tiles
    @_all_or_nothing
    def tile(self, spec: str, to: str) -> Position:
        """Moves a tile matching ``spec`` (an id, "red key", "wild", "crown", "relic") to ``to``: a mouse's card
        ("blue.spotter"), "leaf N", "bin", "web", "bag", "returned" or a hunt space "hunt blue R C"."""
        tile = self._take(spec)
        self._put(tile, to)
        return self

    @_all_or_nothing
    def leaf(self, n: int, spec: str | None) -> Position:
        """Sets the tile on leaf space n (None empties it); the tile that was there goes to the bag."""
        old = self.data["leaves"].get(str(n))
        if str(n) not in self.data["leaves"]:
            raise ValueError(f"leaf spaces are 1-11, not {n!r}")
        if old is not None:
            self.data["leaves"][str(n)] = None
            self._bag().append(old)
        if spec is not None:
            self._put(self._take(spec), f"leaf {n}")
        return self

    @_all_or_nothing
    def empty_leaves(self) -> Position:
        """Returns every leaf tile to the bag: a quiet clock to set things up on."""
        for n in range(1, 12):
            self.leaf(n, None)
        return self

    # --------------------------------------------------------------------------------------------- clock
    @_all_or_nothing
    def minute(self, n: int) -> Position:
        """The number the minute hand points at; the next Tick moves it to n + 1."""
        self.data["minute"] = n
        return self

    @_all_or_nothing
    def hour(self, n: int) -> Position:
        self.data["hour"] = n
        return self

    @_all_or_nothing
    def priority(self, color: str) -> Position:
        self.data["priority"] = color
        return self

    @_all_or_nothing
    def paws(self, *numbers: int) -> Position:
        self.data["paws"] = list(numbers)
        return self

    @_all_or_nothing
    def token(self, n: int, token_id: str) -> Position:
        """Puts ``token_id`` on number n, swapping with where it lay (sun and moon tokens stay in their group)."""
        tokens = self.data["tokens"]
        for k, t in tokens.items():
            if t == token_id and k != str(n):
                tokens[k], tokens[str(n)] = tokens[str(n)], token_id
                return self
        if tokens.get(str(n)) != token_id:
            raise ValueError(f"no token {token_id!r} elsewhere on the clock; tokens: {sorted(set(tokens.values()))}")
        return self

    # --------------------------------------------------------------------------------------------- cards, chain, score
    @_all_or_nothing
    def favor(self, color: str, card: str) -> Position:
        """Gives a favor card to a player, from the deck or the discard."""
        f = self.data["favors"]
        for pile in (f["deck"], f["discard"]):
            if card in pile:
                pile.remove(card)
                self.data["boards"][color]["favors"].append(card)
                return self
        raise ValueError(f"favor card {card!r} is not in the deck or the discard")

    @_all_or_nothing
    def no_favors(self, *colors: str) -> Position:
        """Puts the favor cards of these players (default: everyone) back in the deck."""
        for color, board in self.data["boards"].items():
            if not colors or color in colors:
                self.data["favors"]["deck"].extend(board["favors"])
                board["favors"] = []
        return self

    @_all_or_nothing
    def quests(self, *ids: str) -> Position:
        """Sets the face-up quests; the ones they replace go back to the deck."""
        q = self.data["quests"]
        for old in q["face_up"]:
            if old is not None:
                q["deck"].append(old)
        for qid in ids:
            for pile in (q["deck"], q["discard"]):
                if qid in pile:
                    pile.remove(qid)
                    break
            else:
                raise ValueError(f"unknown quest {qid!r}")
        q["face_up"] = list(ids) + [None] * (self.c.quests_face_up - len(ids))
        return self

    @_all_or_nothing
    def hunt_board(self, color: str, board_id: str) -> Position:
        """Gives ``color`` the hunt board ``board_id`` (e.g. "HB3"); a player who had it takes ``color``'s board in
        exchange. Tiles already on either board stay on their spaces."""
        boards = self.data["boards"]
        if color not in boards:
            raise ValueError(f"no player {color!r}; players: {list(boards)}")
        ids = [b.id for b in self.c.hunt_boards]
        if board_id not in ids:
            raise ValueError(f"no hunt board {board_id!r}; hunt boards: {ids}")
        for other, b in boards.items():
            if other != color and b["hunt_board"] == board_id:
                b["hunt_board"] = boards[color]["hunt_board"]
        boards[color]["hunt_board"] = board_id
        return self

    @_all_or_nothing
    def scaler(self, color: str, space: int) -> Position:
        self.data["boards"][color]["scaler"] = space
        return self

    @_all_or_nothing
    def score(self, color: str, source: str, points: int) -> Position:
        self.data["boards"][color]["score"][source] = points
        return self

    @_all_or_nothing
    def weight(self, index: int) -> Position:
        self.data["weight"] = index
        return self

    @_all_or_nothing
    def force(self, what: str, value: str | int) -> Position:
        """Fixes the next random outcome of a kind ("die" or "draw")."""
        self.data["forced"].append([what, str(value)])
        return self

    # --------------------------------------------------------------------------------------------- results
    def to_data(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def game(self, *, play_on: bool = False) -> Game:
        """A game starting from this position (validated). If the first Tick asks nothing, the engine would play
        on through empty Ticks and maybe a round's end before anyone decides: that raises PositionError unless
        ``play_on`` is True."""
        return Game.from_position(self.to_data(), play_on=play_on)

    def check(self) -> None:
        """Raises PositionError if the position is not legal."""
        from_data(self.to_data())

    # --------------------------------------------------------------------------------------------- internals
    def _bag(self) -> list[str]:
        return self.data["bag"]

    def _places(self) -> list[list[Any]]:
        d = self.data
        places = [d["bag"], d["web"], d["bin"], d["returned_relics"]]
        for b in d["boards"].values():
            places.extend(b["cards"].values())
        return places

    def _matches(self, tile: str | None, spec: str) -> bool:
        if tile is None:
            return False
        t = self.c.tiles[tile]
        return tile == spec or spec == t.kind or spec == f"{t.color} {t.symbol}"

    def _take(self, spec: str) -> str:
        for pile in self._places():
            for i, t in enumerate(pile):
                if self._matches(t, spec):
                    if pile is self.data["bin"]:
                        pile[i] = None
                    else:
                        del pile[i]
                    return t  # type: ignore[return-value]
        for n, t in self.data["leaves"].items():
            if self._matches(t, spec):
                self.data["leaves"][n] = None
                return t
        raise ValueError(f"no free tile matches {spec!r}; give a tile id, '<color> <symbol>', 'wild' or a relic")

    def _put(self, tile: str, to: str) -> None:
        d = self.data
        parts = to.split() if isinstance(to, str) else []
        if not parts:
            raise ValueError(f"cannot put a tile at {excerpt(to)}; say a mouse ('blue.spotter'), 'leaf N', 'bin', "
                             "'web', 'bag', 'returned' or 'hunt <color> <row> <column>'")
        if to in d["mice"]:
            color, kind = to.split(".")
            d["boards"][color]["cards"][kind].append(tile)
        elif parts[0] == "leaf" and len(parts) == 2:
            if d["leaves"].get(parts[1], "x") is not None:
                raise ValueError(f"{to!r} is not an empty leaf space (leaves 1-11; empty it with leaf(n, None))")
            d["leaves"][parts[1]] = tile
        elif to == "bin":
            if None not in d["bin"]:
                raise ValueError("the discount bin is full")
            d["bin"][d["bin"].index(None)] = tile
        elif to in ("web", "bag"):
            d[to].append(tile)
        elif to == "returned":
            d["returned_relics"].append(tile)
        elif parts[0] == "hunt" and len(parts) == 4:
            if not (parts[2].isdecimal() and parts[3].isdecimal()):
                raise ValueError(f"a hunt space is 'hunt <color> <row> <column>' with numbers, not {excerpt(to)}")
            d["boards"][parts[1]]["hunt"][int(parts[2])][int(parts[3])] = tile
        else:
            raise ValueError(f"cannot put a tile at {to!r}; say a mouse ('blue.spotter'), 'leaf N', 'bin', 'web', "
                             "'bag', 'returned' or 'hunt <color> <row> <column>'")

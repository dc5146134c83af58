"""The game state as plain data: what is where, who scored what, whose turn the clock says it is.

Rules are functions over this record (see the modules named after the rulebook's concepts). Nothing here
decides a rule; it only stores and answers where things are. Cloning must be cheap: a clone is kept at every
Tick boundary for undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .components import Components

SCORE_SOURCES = ("deliveries", "quests", "hunt", "chain", "relics", "pool")
"""The five ways to score (deliveries, quests, hunt-board rows/columns, the chain, relics) and the end pool."""

Loc = tuple[str, int]
"""Where a clock mouse is: ("inner", n), ("outer", n), ("hand", 0), ("card", 0) for a Scamp out of play,
or ("setup", 0) for a mouse still to be placed in the advanced setup."""


def owner(mouse: str) -> str:
    return mouse.partition(".")[0]


def kind(mouse: str) -> str:
    return mouse.partition(".")[2]


# The dataclasses below write their own __init__ (the one dataclass would generate, by hand): mypyc compiles a
# written __init__, while a generated one stays interpreted and made every clone and decision slower compiled.
@dataclass(slots=True, eq=False, init=False)
class PlayerState:
    color: str
    board: str
    hunt: list[list[str | None]]
    cards: dict[str, list[str]]
    favors: list[str]
    scaler: int = 0
    score_by: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SCORE_SOURCES, 0))

    def __init__(self, color: str, board: str, hunt: list[list[str | None]], cards: dict[str, list[str]],
                 favors: list[str], scaler: int = 0, score_by: dict[str, int] | None = None) -> None:
        self.color = color
        self.board = board
        self.hunt = hunt
        self.cards = cards
        self.favors = favors
        self.scaler = scaler
        self.score_by = dict.fromkeys(SCORE_SOURCES, 0) if score_by is None else score_by

    @property
    def score(self) -> int:
        return sum(self.score_by.values())

    def clone(self) -> PlayerState:
        return PlayerState(self.color, self.board, [row[:] for row in self.hunt],
                           {k: v[:] for k, v in self.cards.items()}, self.favors[:], self.scaler, self.score_by.copy())


@dataclass(slots=True, eq=False, init=False)
class State:
    c: Components
    players: list[PlayerState]
    options: dict[str, bool]
    hour: int
    minute: int
    priority: str
    paws: list[int]
    tokens: list[str]
    leaves: list[str | None]
    bin: list[str | None]
    web: list[str]
    bag: list[str]
    returned: list[str]
    loc: dict[str, Loc]
    hand: list[str]
    quest_deck: list[str]
    quests_up: list[str | None]
    quest_discard: list[str]
    favor_deck: list[str]
    favor_discard: list[str]
    weight: int
    rng: int
    forced: list[tuple[str, str]] = field(default_factory=list)
    phase: str = "play"
    throws: list[tuple[str, str]] = field(default_factory=list)
    """Throw partners (active mouse, partner) for the current activation (R68); empty between Ticks."""
    bonus_left: list[tuple[str, str]] = field(default_factory=list)
    """(color, card) of favor cards played for their action whose bonus item may still be used in this
    activation (Q5, ``favor_no_slash_both``); empty between Ticks."""
    advanced: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)
    """Events of the step being applied; the Game moves them to its log. Not part of the position."""
    quiet: bool = False
    """True in a playout (analysis/playout.py): :meth:`emit` records nothing. Not part of the position, and a
    clone is never quiet, so a state copied out of a playout records its events again."""
    # Lookups the rules make thousands of times per game, filled on first use (ids are split once, not per call).
    # Not part of the position; a clone starts them afresh, since its cards and players are new objects.
    _cards: dict[str, list[str]] = field(default_factory=dict, repr=False)
    """Mouse id -> the list of tiles on its card (the very list in its player's ``cards``)."""
    _by_color: dict[str, PlayerState] = field(default_factory=dict, repr=False)
    _mice_of: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    """Color -> its mice in ``loc`` order (the mice of a game never change, only where they are)."""

    def __init__(self, c: Components, players: list[PlayerState], options: dict[str, bool], hour: int, minute: int,
                 priority: str, paws: list[int], tokens: list[str], leaves: list[str | None], bin: list[str | None],
                 web: list[str], bag: list[str], returned: list[str], loc: dict[str, Loc], hand: list[str],
                 quest_deck: list[str], quests_up: list[str | None], quest_discard: list[str], favor_deck: list[str],
                 favor_discard: list[str], weight: int, rng: int, forced: list[tuple[str, str]] | None = None,
                 phase: str = "play", throws: list[tuple[str, str]] | None = None,
                 bonus_left: list[tuple[str, str]] | None = None, advanced: bool = False,
                 events: list[dict[str, Any]] | None = None, quiet: bool = False,
                 _cards: dict[str, list[str]] | None = None, _by_color: dict[str, PlayerState] | None = None,
                 _mice_of: dict[str, tuple[str, ...]] | None = None) -> None:
        self.c = c
        self.players = players
        self.options = options
        self.hour = hour
        self.minute = minute
        self.priority = priority
        self.paws = paws
        self.tokens = tokens
        self.leaves = leaves
        self.bin = bin
        self.web = web
        self.bag = bag
        self.returned = returned
        self.loc = loc
        self.hand = hand
        self.quest_deck = quest_deck
        self.quests_up = quests_up
        self.quest_discard = quest_discard
        self.favor_deck = favor_deck
        self.favor_discard = favor_discard
        self.weight = weight
        self.rng = rng
        self.forced = [] if forced is None else forced
        self.phase = phase
        self.throws = [] if throws is None else throws
        self.bonus_left = [] if bonus_left is None else bonus_left
        self.advanced = advanced
        self.events = [] if events is None else events
        self.quiet = quiet
        self._cards = {} if _cards is None else _cards
        self._by_color = {} if _by_color is None else _by_color
        self._mice_of = {} if _mice_of is None else _mice_of

    # ----------------------------------------------------------------------------------------- copying
    def clone(self) -> State:
        return State(
            self.c, [p.clone() for p in self.players], dict(self.options), self.hour, self.minute, self.priority,
            self.paws[:], self.tokens[:], self.leaves[:], self.bin[:], self.web[:], self.bag[:], self.returned[:],
            dict(self.loc), self.hand[:], self.quest_deck[:], self.quests_up[:], self.quest_discard[:],
            self.favor_deck[:], self.favor_discard[:], self.weight, self.rng, self.forced[:], self.phase,
            self.throws[:], self.bonus_left[:], self.advanced, [], False, {}, {}, self._mice_of,
        )

    # ----------------------------------------------------------------------------------------- queries
    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def colors(self) -> list[str]:
        return [p.color for p in self.players]

    def player(self, color: str) -> PlayerState:
        p = self._by_color.get(color)
        if p is not None:
            return p
        for p in self.players:
            if p.color == color:
                self._by_color[color] = p
                return p
        raise KeyError(color)

    def mice_of(self, color: str) -> tuple[str, ...]:
        """Every mouse of ``color`` on the clock, the hand, a card or in setup, in ``loc`` order."""
        mice = self._mice_of.get(color)
        if mice is None:
            mice = self._mice_of[color] = tuple(m for m in self.loc if owner(m) == color)
        return mice

    @property
    def hand_spaces(self) -> int:
        """Usable minute-hand spaces for this player count (R28, R36)."""
        return self.c.hand_spaces[len(self.players)]

    def size(self, mouse: str) -> int:
        """Spaces a mouse takes on the minute hand: 2 for a Scavenger, else 1 (R13, R91)."""
        return self.c.scavenger_size if mouse.endswith(".scavenger") else 1

    def hand_used(self) -> int:
        return sum(self.size(m) for m in self.hand)

    def at_inner(self, n: int) -> list[str]:
        key = ("inner", n)
        return [m for m, where in self.loc.items() if where == key]

    def at_outer(self, n: int) -> list[str]:
        key = ("outer", n)
        return [m for m, where in self.loc.items() if where == key]

    def number_of(self, mouse: str) -> int | None:
        """The number a mouse is at (R12): its ring space's number, or the minute hand's when riding it."""
        where, n = self.loc[mouse]
        if where in ("inner", "outer"):
            return n
        if where == "hand":
            return self.minute
        return None

    def mice_at(self, n: int, color: str | None = None) -> list[str]:
        """Every clock mouse at number n (R12), optionally of one color."""
        loc = self.loc
        on_hand = self.minute == n
        out = []
        for m in self.loc if color is None else self.mice_of(color):
            where, k = loc[m]
            if (k == n and (where == "inner" or where == "outer")) or (on_hand and where == "hand"):
                out.append(m)
        return out

    def card(self, mouse: str) -> list[str]:
        tiles = self._cards.get(mouse)
        if tiles is None:
            color, _, k = mouse.partition(".")
            tiles = self._cards[mouse] = self.player(color).cards[k]
        return tiles

    def capacity(self, mouse: str) -> int:
        return self.c.storage[kind(mouse)]

    def covered(self, n: int) -> bool:
        """A number under a cat paw is blocked (R111, R112)."""
        return n in self.paws

    def in_play(self, mouse: str) -> bool:
        return self.loc[mouse][0] in ("inner", "outer", "hand")

    @property
    def round(self) -> int:
        """1-based round number: the hour hand starts on 7 (solo 6) in round 1 (R14, R38)."""
        return self.hour - self.c.hour_start[len(self.players)] + 1

    def emit(self, kind_: str, rules: tuple[str, ...], **data: Any) -> None:
        """Records what just happened and which rules made it happen (nothing in a playout)."""
        if self.quiet:
            return
        for key, value in data.items():  # the record keeps its own lists: later play must not change it
            if type(value) is list:
                data[key] = value[:]
        data["kind"] = kind_
        data["rules"] = list(rules)
        self.events.append(data)


def clockwise(n: int, steps: int = 1) -> int:
    """The number `steps` clockwise from n, wrapping 12 -> 1 (R9)."""
    return (n - 1 + steps) % 12 + 1

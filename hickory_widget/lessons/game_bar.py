"""The classroom's choice of game: one row of buttons above the lessons (Hickory Dickory, Clocktowers, Mice!).

The address picks the game a page opens on (``?game=mice``); the row switches in the same kernel, so a learner
who joined with their PIN changes game without joining again. The game's lessons replace the old ones; the
progress of every game stays in the learner's record, each under its own exercise keys.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..hickory.words.i18n import t
from .games import HICKORY, NAMES
from .panel import Panel


def pick_game(value: str | None) -> str:
    """The game an address names (``hickory``, ``clocktowers``, ``mice``); anything else is Hickory Dickory."""
    value = (value or "").strip().casefold()
    return value if value in NAMES else HICKORY


def game_name(lang: str, game: str) -> str:
    """The game's name in ``lang`` as its edition calls it (German Hickory Dickory: "Die Stunde der Maus")."""
    return t(lang, f"classroom.game.{game}")


class GameBar:
    """The row of games; ``make(game, lang)`` builds the lessons of a game, put after the row in ``box``."""

    def __init__(self, box: Any, lang: str, game: str, make: Callable[[str, str], Any]) -> None:
        self.box, self.lang, self.make = box, lang, make
        self.game = pick_game(game)
        self.panel = Panel(self.handle, failed=t(lang, "classroom.error.failed"))
        self.lessons = make(self.game, lang)
        self.draw()
        box.children = (self.panel, self.lessons)

    def draw(self) -> None:
        buttons = "".join(
            f'<button data-action="game" data-arg="{g}" data-testid="game-{g}" aria-pressed='
            f'"{"true" if g == self.game else "false"}"{" class=cl-main" if g == self.game else ""}>'
            f'{escape(game_name(self.lang, g))}</button>' for g in NAMES)
        self.panel.html = (f'<nav class="cl-bar" data-testid="games" data-game="{self.game}" lang="{self.lang}">'
                           f'<span>{escape(t(self.lang, "classroom.game.choose"))}</span>{buttons}</nav>')

    def handle(self, kind: str, arg: Any, _fields: dict[str, str]) -> None:
        if kind != "game" or arg not in NAMES or arg == self.game:
            return  # a stale or unknown click changes nothing
        lessons = self.make(arg, getattr(self.lessons, "language", self.lang))  # the language the learner chose
        self.game, self.lessons = arg, lessons
        self.draw()
        self.box.children = (self.panel, lessons)

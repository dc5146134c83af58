"""The classroom's choice of game: one row of buttons above the lessons (Hickory Dickory, Clocktowers, Mice!).

The address picks the game a page opens on (``?game=mice``); the row switches in the same kernel, so a learner
who joined with their PIN changes game without joining again. The game's lessons replace the old ones; the
progress of every game stays in the learner's record, each under its own exercise keys.

In the classroom, Reset in the lessons asks for the learner's PIN again: the row then shows a PIN field
(:meth:`GameBar.ask_reset`) whose button resets this game's progress once the PIN is right. A learner who came in
by their join link is offered a PIN of their own there (:meth:`GameBar.offer_pin`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..hickory.words.i18n import t
from .classroom_words import say
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
        self.asking, self.note = False, ""
        self.pin_setter: Callable[[str], Any] | None = None
        self.pin_error: Callable[[Exception], str] = str
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
        x = lambda key: escape(say(self.lang, key))  # noqa: E731
        ask = (f'<form class="cl-form" data-testid="reset-form" onsubmit="return false"><label>'
               f'{x("classroom.reset.ask")} <input name="pin" type="password" inputmode="numeric" maxlength="8" '
               f'autocomplete="off" autofocus data-testid="reset-pin"></label><div class="cl-bar">'
               f'<button class="cl-danger" data-action="reset-pin" data-default data-testid="reset-go">'
               f'{x("classroom.reset.go")}</button><button data-action="reset-cancel">'
               f'{x("classroom.dash.cancel")}</button></div></form>') if self.asking else ""
        if self.pin_setter is not None:
            field = (lambda name, key, focus="": f'<label>{x(key)} <input name="{name}" type="password" '  # noqa: E731
                     f'inputmode="numeric" maxlength="8" autocomplete="off" data-testid="new-{name}"{focus}></label>')
            ask += (f'<form class="cl-form" data-testid="pin-form" onsubmit="return false">'
                    f'{field("pin", "classroom.pin.ask")}{field("pin2", "classroom.pin.again")}<div class="cl-bar">'
                    f'<button class="cl-main" data-action="set-pin" data-default data-testid="pin-save">'
                    f'{x("classroom.pin.save")}</button></div></form>')
        note = f'<p class="cl-note" role="status" data-testid="reset-note">{escape(self.note)}</p>' if self.note else ""
        self.panel.html = (f'<nav class="cl-bar" data-testid="games" data-game="{self.game}" lang="{self.lang}">'
                           f'<span>{escape(t(self.lang, "classroom.game.choose"))}</span>{buttons}</nav>{ask}{note}')

    def ask_reset(self) -> None:
        """Reset came without the PIN: the row asks for it."""
        self.asking, self.note = True, ""
        self.draw()

    def offer_pin(self, setter: Callable[[str], Any], error: Callable[[Exception], str]) -> None:
        """Offers a PIN of their own to a learner who came in by their join link (``setter(pin)`` saves it)."""
        self.pin_setter, self.pin_error = setter, error
        self.draw()

    def handle(self, kind: str, arg: Any, fields: dict[str, str]) -> None:
        if kind == "set-pin" and self.pin_setter is not None:
            self._set_pin(fields.get("pin", ""), fields.get("pin2", ""))
            return
        if kind in ("reset-pin", "reset-cancel"):
            self._reset(kind, fields.get("pin", ""))
            return
        if kind != "game" or arg not in NAMES or arg == self.game:
            return  # a stale or unknown click changes nothing
        lessons = self.make(arg, getattr(self.lessons, "language", self.lang))  # the language the learner chose
        self.game, self.lessons = arg, lessons
        self.draw()
        self.box.children = (self.panel, lessons)

    def _reset(self, kind: str, pin: str) -> None:
        """The PIN field's answer: this game's progress reset with the right PIN, nothing with a wrong one."""
        self.note = ""
        if kind == "reset-pin" and self.asking:
            check = getattr(self.lessons, "reset_check", None)
            if check is not None and check(pin):
                self.lessons.reset_check = lambda _pin: True  # checked just now: the lessons' own reset goes on
                try:
                    self.lessons._reset_intent({"pin": pin})
                    self.note = say(self.lang, "classroom.reset.done")
                finally:
                    self.lessons.reset_check = check
            else:
                self.note = say(self.lang, "classroom.reset.wrong")
                self.draw()
                return
        self.asking = False
        self.draw()

    def _set_pin(self, pin: str, again: str) -> None:
        from .identity import IdentityError
        from .progress import ProgressError

        try:
            if pin != again:
                raise IdentityError("the two PINs differ", "pin_mismatch")
            assert self.pin_setter is not None
            self.pin_setter(pin)
            self.pin_setter, self.note = None, say(self.lang, "classroom.pin.saved")
        except (IdentityError, ProgressError) as error:
            self.note = self.pin_error(error)
        self.draw()

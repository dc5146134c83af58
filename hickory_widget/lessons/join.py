"""The classroom's door for learners: a name and a PIN of their own before their progress opens.

Steps for a learner on the first visit: open the class's address, type a name and a PIN of 4-8 digits, press
Enter, type the PIN again, press Enter. On later visits: name (already in the address the teacher gave) and PIN,
Enter. A join link from the teacher, or JupyterHub's own login, skips the form (see :mod:`.app`). A name that is in
the class without a PIN (joined by its link, or its PIN cleared by the teacher) is not offered to whoever types it:
only its link opens it. When the class's store cannot be used, the form says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..hickory.words.i18n import t
from .classroom_words import say, store_problem
from .identity import Identities, IdentityError, check_pin_shape, clean_name, reserved
from .panel import Panel
from .progress import ProgressError
from .store import StoreError


def error_text(lang: str, error: IdentityError) -> str:
    """The learner's sentence for a refusal (the catalog's ``classroom.error.<code>``)."""
    details = {k: escape(str(v)) for k, v in error.details.items()}
    return say(lang, f"classroom.error.{error.code}", **details)


def store_text(lang: str, error: StoreError) -> str:
    """The learner's sentence when the class's store cannot be used, naming what is wrong with it."""
    return escape(say(lang, "classroom.error.store", problem=store_problem(lang, error)))


class JoinForm:
    """The form, its state (asking, or confirming a new PIN) and what happens on Join: ``joined(name)``."""

    def __init__(self, identities: Identities, lang: str, joined: Callable[[str], None], name: str = "",
                 error: str = "") -> None:
        self.identities, self.lang, self.joined = identities, lang, joined
        self.name, self.error = name, error
        self.first_pin: str | None = None  # while a new learner confirms the PIN they chose
        self.draws = 0
        self.panel = Panel(self.handle, failed=t(lang, "classroom.error.failed"))
        self.draw()

    def draw(self) -> None:
        lang = self.lang
        field = lambda key, name, kind, value="", focus=False: (  # noqa: E731
            f'<label>{escape(t(lang, key))}<input name="{name}" type="{kind}" value="{escape(value)}" '
            f'autocomplete="off" data-testid="join-{name}"{" autofocus" if focus else ""}'
            f'{" inputmode=numeric maxlength=8" if kind == "password" else " maxlength=40"}></label>')
        parts = [f'<h2>{escape(t(lang, "classroom.join.title"))}</h2>']
        if self.first_pin is None:
            parts.append(f'<p class="cl-note">{escape(t(lang, "classroom.join.intro"))}</p>')
            parts.append(field("classroom.join.name", "name", "text", self.name, focus=not self.name))
            parts.append(field("classroom.join.pin", "pin", "password", focus=bool(self.name)))
        else:
            parts.append(f'<p class="cl-note" data-testid="join-new">'
                         f'{escape(t(lang, "classroom.join.new", name=self.name))}</p>')
            parts.append(field("classroom.join.repeat", "pin2", "password", focus=True))
        if self.error:
            parts.append(f'<p class="cl-error" role="alert" data-testid="join-error">{self.error}</p>')
        parts.append('<div class="cl-bar">'
                     f'<button class="cl-main" data-action="join" data-default data-testid="join-go">'
                     f'{escape(t(lang, "classroom.join.go"))}</button>')
        if self.first_pin is not None:
            parts.append(f'<button data-action="other" data-testid="join-other">'
                         f'{escape(t(lang, "classroom.join.other"))}</button>')
        parts.append("</div>")
        self.draws += 1  # a new page each time, so a refused PIN is cleared even when the sentence is the same
        self.panel.html = (f'<form class="cl-form" data-testid="join" data-draw="{self.draws}" lang="{lang}" '
                           'onsubmit="return false">' + "".join(parts) + "</form>")

    def handle(self, kind: str, _arg: Any, fields: dict[str, str]) -> None:
        self.error = ""
        try:
            if kind == "other":
                self.first_pin = None
            elif kind == "join" and self.first_pin is None:
                self.name = clean_name(fields.get("name", ""))
                pin = fields.get("pin", "")
                status = self.identities.status(self.name)
                if status == "pin":
                    self.joined(self.identities.verify(self.name, pin))
                    return
                if status == "closed":
                    raise IdentityError("in the class without a PIN", "no_pin", name=self.identities.shown_name(
                        self.name))
                if reserved(self.name):
                    raise IdentityError("a role's name", "reserved", name=self.name)
                self.first_pin = check_pin_shape(pin)
            elif kind == "join":
                if fields.get("pin2", "") != self.first_pin:
                    self.first_pin = None
                    raise IdentityError("the two PINs differ", "pin_mismatch")
                pin, self.first_pin = self.first_pin, None
                self.joined(self.identities.create(self.name, pin))
                return
        except IdentityError as error:
            self.error = error_text(self.lang, error)
        except ProgressError as error:  # the store cannot be used, or a progress file it imports is damaged
            self.first_pin = None
            self.error = store_text(self.lang, error) if isinstance(error, StoreError) else escape(
                t(self.lang, "classroom.error.progress"))
        self.draw()

"""Intents: the messages a game's front end sends its widget ("choose X at version n", "undo", ...), checked strictly.

Nothing from the browser is trusted: every message is plain bounded data, its ``type`` names a kind the widget's
table lists, and each field has the type and range its :class:`Field` says (``bool`` is not an ``int``: a version
``true`` or ``1.0`` is refused). Intents that change the game carry the version of the board they were made on,
which must equal the board's. A refusal is an :class:`IntentRefused` holding a message key (``door.…``) and its
short parameters, so the widget can say it in the user's language.

A table (``{kind: {field: Field}}``) is a widget's whole protocol: :data:`SHELL_INTENTS` is the shell's, and a game
that brings its own front end passes its own (Hickory Dickory's is ``hickory/intents.py``). This module is pure (no
ipywidgets): the widget calls :func:`parse_intent` and acts on the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .bots import LEVELS
from .doors import MAX_STR, PlainDataError, bounded, check_plain, excerpt
from .messages import LANGUAGES

SEAT_KINDS = ("human", *LEVELS)
"""Who may take a seat at a card game: a person, or one of the core's bot levels (weakest first). A widget offers
its own list (``GameWidget.seat_kinds``: Hickory Dickory's levels differ) and checks a seat intent's kind against it,
so the table below takes any short text there."""
MAX_DEPTH = 4
"""Deepest nesting in an intent (e.g. Hickory's ``bots`` is {"seats": {color: kind}})."""

Intents = dict[str, dict[str, "Field"]]


class IntentRefused(ValueError):
    """A message from the browser that is refused; ``key``/``params`` make the sentence the user reads."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


def int_in(lo: int, hi: int) -> Callable[[Any], bool]:
    """A whole number from ``lo`` to ``hi`` (not a bool, not a float)."""
    return lambda v: type(v) is int and lo <= v <= hi


def text(v: Any) -> bool:
    """A short printable string."""
    return type(v) is str and 0 < len(v) <= MAX_STR and v.isprintable()


def one_of(options: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda v: type(v) is str and v in options


def flag(v: Any) -> bool:
    return type(v) is bool


@dataclass(frozen=True)
class Field:
    """One field of an intent: is it required, which values are valid, its default, the refusal's message key."""

    valid: Callable[[Any], bool]
    required: bool = False
    default: Any = None
    message: str = "door.field"


VERSION = Field(int_in(0, 2**53), required=True)
"""The board version an intent was made on; checked against the board's by :func:`parse_intent`."""
LOOSE_VERSION = Field(int_in(0, 2**53))
"""Intents that change nothing in the game (language, dismiss, picture, ...) may carry a version; it is not
compared."""

SHELL_INTENTS: Intents = {
    "choose": {"version": VERSION, "id": Field(text, required=True)},
    "undo": {"version": VERSION},
    "redo": {"version": VERSION},
    "bot_step": {"version": VERSION},
    "bots_play": {"version": VERSION},
    "seat": {"version": VERSION, "player": Field(text, required=True),
             "kind": Field(text, required=True)},  # the widget's own seat_kinds decide (door.seat_kind)
    "ready": {"version": VERSION, "player": Field(text, required=True)},
    "language": {"version": LOOSE_VERSION, "lang": Field(one_of(LANGUAGES), required=True)},
    "secrets": {"version": LOOSE_VERSION, "on": Field(flag, required=True)},
    "pass_and_play": {"version": LOOSE_VERSION, "on": Field(flag, required=True)},
    "projector": {"version": LOOSE_VERSION, "on": Field(flag, required=True)},
    "picture": {"version": LOOSE_VERSION},
    "dismiss": {"version": LOOSE_VERSION},
}
"""The intents ``core/js/shell.mjs`` sends (every one with the version of the view it was made on)."""


def changes_game(spec: dict[str, Field]) -> bool:
    """Whether an intent of this table entry must be made on the current board (its version is compared)."""
    return spec.get("version") is VERSION


def parse_intent(content: Any, board_version: int, table: Intents) -> dict[str, Any]:
    """The intent as a dict with every field present (defaults filled in), or IntentRefused saying why not."""
    kinds = ", ".join(table)
    if type(content) is not dict or type(content.get("type")) is not str or content["type"] not in table:
        raise IntentRefused("door.malformed", kinds=kinds)
    kind = content["type"]
    spec = table[kind]
    for name in content:
        if name != "type" and name not in spec:
            raise IntentRefused("door.unknown_field", kind=kind, field=bounded(str(name), 30),
                                fields=", ".join(["type", *spec]))
    try:
        check_plain(content, max_depth=MAX_DEPTH, max_str=MAX_STR, max_list=50)
    except PlainDataError as exc:  # a float, a huge number, deep nesting ...: named by its field
        field = exc.path.split(".")[0].split("[")[0]
        raise IntentRefused("door.field", kind=kind, field=bounded(field, 30),
                            value=excerpt(content.get(field), 30)) from None
    out: dict[str, Any] = {"type": kind}
    for name, field in spec.items():
        if name not in content:
            if field.required:
                raise IntentRefused("door.field", kind=kind, field=name, value="—")
            out[name] = field.default
            continue
        value = content[name]
        if not field.valid(value):
            raise IntentRefused(field.message, kind=kind, field=name, value=excerpt(value, 30))
        out[name] = value
    if changes_game(spec) and out["version"] != board_version:
        raise IntentRefused("door.stale", got=out["version"], now=board_version)
    return out

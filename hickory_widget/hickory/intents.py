"""Intents: the messages the browser sends the widget ("choose X at version n", "undo", ...), checked strictly.

Nothing from the browser is trusted: every message is plain bounded data, its ``type`` names a known intent, and
each field has the type and range its spec says (``bool`` is not an ``int``: a version ``true`` or ``1.0`` is
refused). Intents that change the game carry the version of the board they were made on, which must equal the
board's. A refusal is an :class:`IntentRefused` holding a message key of the ``door.`` catalog block and its
short parameters, so the widget can say it in the user's language.

The table :data:`INTENTS` is the whole protocol: a new kind of intent is one entry. This module is pure (no
ipywidgets): the widget calls :func:`parse_intent` and acts on the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.doors import MAX_STR, PlainDataError, bounded, check_plain, excerpt
from ..core.runner import SEED_RANGE
from .chance import FORCE_KINDS
from .components import default_components

PLAY_UNTIL = ("activation", "tick", "round", "end")
SEAT_KINDS = ("human", "random", "greedy")
TOGGLES = ("animate", "show_secrets", "projector")
MAX_DEPTH = 4
"""Deepest nesting in an intent (``bots`` is {"seats": {color: kind}}, ``why`` {"target": {...}})."""


class IntentRefused(ValueError):
    """A message from the browser that is refused; ``key``/``params`` make the sentence the user reads."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


def _int(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and lo <= v <= hi


def _text(v: Any) -> bool:
    return type(v) is str and 0 < len(v) <= MAX_STR and v.isprintable()


def _one_of(options: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda v: type(v) is str and v in options


def _players(v: Any) -> bool:
    colors = default_components().player_colors
    if type(v) is int:
        return 1 <= v <= 4
    return type(v) is list and 1 <= len(v) <= 4 and all(type(c) is str and c in colors for c in v) and len(
        set(v)) == len(v)


def _seats(v: Any) -> bool:
    colors = default_components().player_colors
    return type(v) is dict and len(v) <= 4 and all(k in colors and type(s) is str and s in SEAT_KINDS
                                                   for k, s in v.items())


WHY_TARGETS = ("outer", "inner", "action")
"""Board spots a "why" intent may name: an outer space, an inner space or a number's action box."""


def _target(v: Any) -> bool:
    """A board spot for "why": exactly {"type": one of WHY_TARGETS, "number": 1..12}."""
    return type(v) is dict and set(v) == {"type", "number"} and v["type"] in WHY_TARGETS and type(
        v["number"]) is int and 1 <= v["number"] <= 12


def _why_id(v: Any) -> bool:
    return v is None or _text(v)


def _step_or_none(v: Any) -> bool:
    """A history step to look at (read-only), or None for "now"."""
    return v is None or (type(v) is int and 0 <= v <= 10**6)


def _force_value(v: Any) -> bool:
    return (type(v) is str and 0 < len(v) <= 40) or (type(v) is int and 0 <= v <= 99)


@dataclass(frozen=True)
class Field:
    """One field of an intent: is it required, which values are valid, its default, the refusal's message key."""

    valid: Callable[[Any], bool]
    required: bool = False
    default: Any = None
    message: str = "door.field"


VERSION = Field(_int(0, 2**53), required=True)
"""The board version an intent was made on; checked against the board's by :func:`parse_intent`."""
LOOSE_VERSION = Field(_int(0, 2**53))
"""Intents that change nothing (why, toggle, dismiss, look, hello) may carry a version; it is not compared."""

INTENTS: dict[str, dict[str, Field]] = {
    "choose": {"version": VERSION, "id": Field(_text, required=True)},
    "undo": {"version": VERSION},
    "redo": {"version": VERSION},
    "play": {"version": VERSION, "until": Field(_one_of(PLAY_UNTIL), default="tick")},
    "new_game": {"version": VERSION, "players": Field(_players, default=4),
                 "seed": Field(_int(*SEED_RANGE), default=1)},
    "bots": {"version": VERSION, "seats": Field(_seats, default={})},
    "force": {"version": VERSION, "what": Field(_one_of(FORCE_KINDS), required=True),
              "value": Field(_force_value, required=True)},
    "toggle": {"version": LOOSE_VERSION, "name": Field(_one_of(TOGGLES), required=True, message="door.toggle")},
    "dismiss": {"version": LOOSE_VERSION},
    "why": {"version": LOOSE_VERSION, "id": Field(_why_id), "target": Field(_target)},
    "look": {"version": LOOSE_VERSION, "step": Field(_step_or_none, required=True)},
    "continue": {"version": VERSION, "step": Field(_int(0, 10**6), required=True)},
    "hello": {"version": LOOSE_VERSION},
}
"""Every intent kind and its fields (besides ``type``)."""


def parse_intent(content: Any, board_version: int) -> dict[str, Any]:
    """The intent as a dict with every field present (defaults filled in), or IntentRefused saying why not."""
    kinds = ", ".join(INTENTS)
    if type(content) is not dict or type(content.get("type")) is not str or content["type"] not in INTENTS:
        raise IntentRefused("door.malformed", kinds=kinds)
    kind = content["type"]
    spec = INTENTS[kind]
    for name in content:
        if name != "type" and name not in spec:
            raise IntentRefused("door.unknown_field", kind=kind, field=bounded(str(name), 30))
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
    if spec.get("version") is VERSION and out["version"] != board_version:
        raise IntentRefused("door.stale", got=out["version"], now=board_version)
    return out

"""Hickory Dickory's intents: the messages its front end (``js/widget.mjs``) sends the widget, as one table.

The checking itself is the core's (:mod:`hickory_widget.core.intents`: plain bounded data, a known ``type``, each
field of its type and range, the board's version on intents that change the game); this module holds the table
:data:`INTENTS` and the validators of Hickory's own fields (colors, seats, board spots, forced outcomes). A new
kind of intent is one entry here and one ``intent_<kind>`` handler on the widget.
"""

from __future__ import annotations

from typing import Any

from ...core.intents import (
    LOOSE_VERSION,
    SHELL_INTENTS,
    VERSION,
    Field,
    IntentRefused,
    Intents,
    int_in,
    one_of,
    text,
)
from ...core.intents import parse_intent as parse
from ...core.runner import SEED_RANGE
from ..analysis.bots import LEVELS
from ..rules.chance import FORCE_KINDS
from ..rules.components import default_components

PLAY_UNTIL = ("activation", "tick", "round", "end")
SEAT_KINDS = ("human", *LEVELS)
"""Who may take a seat in Hickory Dickory: a person, or one of its bot levels (weakest first)."""
TOGGLES = ("animate", "show_secrets", "projector")


def _players(v: Any) -> bool:
    colors = default_components().player_colors
    if type(v) is int:
        return 1 <= v <= 4
    return type(v) is list and 1 <= len(v) <= 4 and all(type(c) is str and c in colors for c in v) and len(
        set(v)) == len(v)


def _seats(v: Any) -> bool:
    """Colors to seat kinds (short texts): the widget checks the kinds against its own seat menu's list
    (``door.seat_kind`` names them)."""
    colors = default_components().player_colors
    return type(v) is dict and len(v) <= 4 and all(k in colors and text(s) for k, s in v.items())


WHY_TARGETS = ("outer", "inner", "action")
"""Board spots a "why" intent may name: an outer space, an inner space or a number's action box."""


def _target(v: Any) -> bool:
    """A board spot for "why": exactly {"type": one of WHY_TARGETS, "number": 1..12}."""
    return type(v) is dict and set(v) == {"type", "number"} and v["type"] in WHY_TARGETS and type(
        v["number"]) is int and 1 <= v["number"] <= 12


def _why_id(v: Any) -> bool:
    return v is None or text(v)


def _step_or_none(v: Any) -> bool:
    """A history step to look at (read-only), or None for "now"."""
    return v is None or (type(v) is int and 0 <= v <= 10**6)


def _force_value(v: Any) -> bool:
    return (type(v) is str and 0 < len(v) <= 40) or (type(v) is int and 0 <= v <= 99)


INTENTS: Intents = {
    "choose": {"version": VERSION, "id": Field(text, required=True)},
    "undo": {"version": VERSION},
    "redo": {"version": VERSION},
    "play": {"version": VERSION, "until": Field(one_of(PLAY_UNTIL), default="tick")},
    "new_game": {"version": VERSION, "players": Field(_players, default=4),
                 "seed": Field(int_in(*SEED_RANGE), default=1)},
    "bots": {"version": VERSION, "seats": Field(_seats, default={})},
    "force": {"version": VERSION, "what": Field(one_of(FORCE_KINDS), required=True),
              "value": Field(_force_value, required=True)},
    "toggle": {"version": LOOSE_VERSION, "name": Field(one_of(TOGGLES), required=True, message="door.toggle")},
    # the shell's settings, the same for every game: projector checkbox, language menu, picture button
    "projector": SHELL_INTENTS["projector"],
    "language": SHELL_INTENTS["language"],
    "picture": SHELL_INTENTS["picture"],
    "dismiss": {"version": LOOSE_VERSION},
    "why": {"version": LOOSE_VERSION, "id": Field(_why_id), "target": Field(_target)},
    "look": {"version": LOOSE_VERSION, "step": Field(_step_or_none, required=True)},
    "continue": {"version": VERSION, "step": Field(int_in(0, 10**6), required=True)},
    "hello": {"version": LOOSE_VERSION},
    "log": {"version": LOOSE_VERSION},
}
"""Every intent kind and its fields (besides ``type``)."""


def parse_intent(content: Any, board_version: int) -> dict[str, Any]:
    """The intent as a dict with every field present (defaults filled in), or IntentRefused saying why not."""
    return parse(content, board_version, INTENTS)


__all__ = ["INTENTS", "LOOSE_VERSION", "PLAY_UNTIL", "SEAT_KINDS", "TOGGLES", "VERSION", "Field", "IntentRefused",
           "parse_intent"]

"""The doors into the engine: what every loader and every call from outside may pass in, and how a refusal reads.

Data from outside (a saved game, a position, a widget intent) is checked before any rule sees it: only plain
JSON-like values (objects with string keys, lists, strings, whole numbers, true/false, null), nested at most
:data:`MAX_DEPTH` deep, with bounded integers, strings and lists. A refusal quotes at most a short excerpt of
the bad input (:func:`excerpt`), so a megabyte of junk never becomes a megabyte of error message.

:class:`EngineError` is what a caller gets when a rule itself fails (a bug): the game was rolled back to what it
was before the call, and the error names the choice and the Tick so that the bug can be reported.
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

MAX_DEPTH = 12
"""Deepest nesting of objects and lists in a save or a position (a position needs 6, a save 8)."""
MAX_INT_DIGITS = 20
"""Integers in a save or a position have at most this many digits (seeds are 64-bit at most)."""
MAX_STR = 120
"""Longest string anywhere in a save or a position (choice ids and tile ids are far shorter)."""
MAX_LIST = 200_000
"""Longest list (a history) or object; each field has its own, tighter limit on top."""
MAX_SAVE_CHARS = 20_000_000
"""Longest saved-game text read at all."""
EXCERPT = 40
"""Characters of bad input quoted in an error message."""


class EngineError(RuntimeError):
    """A rule failed on a legal call (a bug in the engine). The game is exactly as it was before the call.

    ``entry`` is the choice (or the door: "undo", "copy" ...) that failed, ``where`` the moment of the game it was
    at (Hickory Dickory: the Tick as (hour, minute); a card game: the number of history entries) and ``position``
    the position at the last checkpoint before it, so a bug report can reproduce it. ``tick`` is ``where`` under
    Hickory Dickory's older name.
    """

    def __init__(self, message: str, entry: str, where: Any, position: dict[str, Any] | None) -> None:
        super().__init__(message)
        self.entry = entry
        self.where = self.tick = where
        self.position = position


class PlainDataError(ValueError):
    """Data that is not plain, bounded JSON-like data; ``path`` names the field."""

    def __init__(self, path: str, problem: str) -> None:
        path = bounded(path, 80)
        super().__init__(f"field {path!r}: {problem}")
        self.path = path
        self.problem = problem


class _Short(reprlib.Repr):
    """reprlib with whole numbers that never expand (a 5,000-digit int has no repr in Python >= 3.11)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:
            return f"<whole number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return int.__repr__(x)

    def repr_instance(self, x: Any, level: int) -> str:
        if type(x) in (bytes, bytearray, float, bool, str):
            return repr(x[:EXCERPT] if type(x) in (bytes, bytearray, str) else x)
        return f"<{type(x).__name__}>"


_SHORT = _Short()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict, _SHORT.maxset = 2, 4, 4, 3, 4
_SHORT.maxstring = _SHORT.maxother = EXCERPT


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A short description of ``value`` for an error message: its start for text, a shortened repr otherwise.

    Safe on any input (deep, cyclic, huge numbers, objects whose repr fails) and never longer than a line."""
    if type(value) is str:
        return repr(value) if len(value) <= limit else repr(value[:limit]) + f"… [{len(value):,}]"
    if type(value) in (bool, float) or value is None:
        return repr(value)
    if type(value) in (list, tuple, dict, set, bytes, bytearray, int):
        try:
            return bounded(_SHORT.repr(value), 2 * limit + 20)
        except Exception:
            pass
    return f"a {bounded(type(value).__name__, limit)}"


def bounded(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters (an error message sent somewhere it must stay short), with anything
    that is not valid UTF-8 (a lone surrogate from a JSON escape) shown as an escape, so it can be printed or sent."""
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def check_plain(data: Any, path: str = "", *, max_depth: int = MAX_DEPTH, max_str: int = MAX_STR,
                max_list: int = MAX_LIST) -> None:
    """Raises PlainDataError unless ``data`` is plain, bounded JSON-like data (iteratively: no recursion).

    Exact types only (a ``str`` subclass or a tuple is refused): what passes behaves like data read from JSON."""
    stack: list[tuple[Any, str, int]] = [(data, path or "(top)", 0)]
    while stack:
        value, where, depth = stack.pop()
        typ = type(value)
        if typ is str:
            if len(value) > max_str:
                raise PlainDataError(where, f"a text of at most {max_str} characters, found {excerpt(value)}")
        elif typ is int:
            if value.bit_length() > 64 or len(str(value)) > MAX_INT_DIGITS:
                raise PlainDataError(where, f"a whole number of at most {MAX_INT_DIGITS} digits, found "
                                            f"{excerpt(value)}")
        elif typ is bool or value is None:
            pass
        elif typ is list or typ is dict:
            if depth >= max_depth:
                raise PlainDataError(where, f"nested more than {max_depth} levels deep")
            if len(value) > max_list:
                raise PlainDataError(where, f"at most {max_list} entries, found {len(value)}")
            if typ is list:
                stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
            else:
                for k, v in value.items():
                    if type(k) is not str:
                        raise PlainDataError(where, f"object keys are texts, found {excerpt(k)}")
                    if len(k) > max_str:
                        raise PlainDataError(where, f"a key of at most {max_str} characters, found {excerpt(k)}")
                    stack.append((v, f"{where}.{k}" if where != "(top)" else k, depth + 1))
        elif typ is float:
            raise PlainDataError(where, f"whole numbers only, found {excerpt(value)}")
        else:
            raise PlainDataError(where, f"plain data only (objects, lists, texts, whole numbers, true/false, "
                                        f"null), found {excerpt(value)}")


def _no_float(text: str) -> Any:
    raise PlainDataError("(number)", f"whole numbers only, found {excerpt(text)}")


def _no_constant(text: str) -> Any:
    raise PlainDataError("(number)", f"{text} is not a number a game uses")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise PlainDataError("(number)", f"a whole number of at most {MAX_INT_DIGITS} digits, found "
                                         f"{excerpt(text)}")
    return int(text)


def load_json(text: Any) -> Any:
    """Parses JSON text into plain data, refusing floats, NaN/Infinity, huge numbers and deep nesting.

    Raises PlainDataError (path "(text)" for text that is not JSON at all)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PlainDataError("(text)", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(text, str):
        raise PlainDataError("(text)", f"JSON text expected, found {excerpt(text)}")
    if len(text) > MAX_SAVE_CHARS:
        raise PlainDataError("(text)", f"at most {MAX_SAVE_CHARS:,} characters, found {len(text):,}")
    try:
        data = json.loads(text, parse_float=_no_float, parse_int=_int, parse_constant=_no_constant)
    except PlainDataError:
        raise
    except json.JSONDecodeError as exc:
        raise PlainDataError("(text)", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise PlainDataError("(text)", f"nested more than {MAX_DEPTH} levels deep") from None
    except (ValueError, TypeError) as exc:  # e.g. lone surrogates
        raise PlainDataError("(text)", f"not valid JSON ({bounded(str(exc), 80)})") from None
    check_plain(data)
    return data

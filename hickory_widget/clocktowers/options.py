"""Rule options: RULES-SPEC's readings are the defaults; the alternatives it names can be switched on.

* ``floors_on_others`` (C5): floor cards may also grow other players' towers that have no clock yet.
* ``shared_heights`` (C10): one height sequence per roof colour for the whole table, not one per player.
"""

from __future__ import annotations

from typing import Any

OPTIONS = {"floors_on_others": False, "shared_heights": False}


def check_options(options: Any) -> dict[str, bool]:
    """All options with their values (defaults filled in); ValueError naming the known ones otherwise."""
    if options is None:
        return dict(OPTIONS)
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict of {', '.join(OPTIONS)} to True/False, not {options!r}")
    for name, value in options.items():
        if name not in OPTIONS:
            raise ValueError(f"unknown option {name!r}; the options are {', '.join(OPTIONS)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be True or False, not {value!r}")
    return {**OPTIONS, **options}

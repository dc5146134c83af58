"""Rule options: RULES-SPEC's readings are the defaults; the alternatives it names can be switched on.

* ``floors_on_others`` (C5): floor cards may also grow other players' towers that have no clock yet.
* ``shared_heights`` (C10): one height sequence per roof colour for the whole table, not one per player.
"""

from __future__ import annotations

from typing import Any

from ..core.setup_checks import check_options as _check

OPTIONS = {"floors_on_others": False, "shared_heights": False}


def check_options(options: Any) -> dict[str, bool]:
    """All options with their values (defaults filled in); ValueError naming the known ones otherwise."""
    return _check(options, OPTIONS)

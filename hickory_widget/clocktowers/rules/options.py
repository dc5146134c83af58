"""Rule options: the rulebook's reading is the default (docs/CLOCKTOWERS.md, "The rulings"); switching an option
off gives the older, narrower reading RULES-SPEC first took.

* ``floors_on_others`` (C5): a floor card may grow any player's tower that has no clock yet ("una Torre
  dell'Orologio esistente"); off: only one's own towers.
* ``tops_on_others`` (C6-C7): a clock or a roof may go on any player's tower that is ready for it (the tower stays
  its builder's and scores for them); off: only on one's own towers.
* ``shared_heights`` (C10): one height sequence per roof colour for the whole table; off: one per player and
  colour.
"""

from __future__ import annotations

from typing import Any

from ...core.setup_checks import check_options as _check

OPTIONS = {"floors_on_others": True, "tops_on_others": True, "shared_heights": True}
OWN_TOWERS = {"floors_on_others": False, "tops_on_others": False, "shared_heights": False}
"""The older reading: each player builds only on their own towers, with heights of their own."""


def check_options(options: Any) -> dict[str, bool]:
    """All options with their values (defaults filled in); ValueError naming the known ones otherwise."""
    return _check(options, OPTIONS)

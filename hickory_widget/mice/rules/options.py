"""Rule options: RULES-SPEC's reading is the default, the alternative it names can be switched on.

* ``lower_tiers_hunt`` (M8): when both the highest and the second-highest value of a type are tied, the default
  (RULES-SPEC's decision) is that the type does not hunt; with this option the next lower value played by exactly
  one card hunts instead (4, 4, 3, 3, 2: the 2 hunts).
"""

from __future__ import annotations

from typing import Any

from ...core.setup_checks import check_options as _check

OPTIONS = {"lower_tiers_hunt": False}


def check_options(options: Any) -> dict[str, bool]:
    """All options with their values (defaults filled in); ValueError naming the known ones otherwise."""
    return _check(options, OPTIONS)

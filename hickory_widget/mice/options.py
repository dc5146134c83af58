"""Rule options: RULES-SPEC's reading is the default, the alternative it names can be switched on.

* ``lower_tiers_hunt`` (M8): when both the highest and the second-highest value of a type are tied, the default
  (RULES-SPEC's decision) is that the type does not hunt; with this option the next lower value played by exactly
  one card hunts instead (4, 4, 3, 3, 2: the 2 hunts).
"""

from __future__ import annotations

from typing import Any

OPTIONS = {"lower_tiers_hunt": False}


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

"""Rule options: where the rulebooks are ambiguous or the editions differ, the default follows the rulings of
RULES-SPEC A.25; each switch turns on the documented alternative.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, str] = {
    "trade_any_number": "Q1, Q2, L1 (German edition): your mice trade whenever they share a number, not only at "
                        "the minute hand's number, and a claim may go to any of your mice at the claiming number.",
}
"""Every option name, with the ruling it switches and what it does. All are off by default."""


def check_options(options: Any) -> dict[str, bool]:
    """Validates an options mapping; unknown names and non-boolean values are refused."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"options must be a mapping of option name to true/false, found {options!r}")
    out: dict[str, bool] = {}
    for name, value in options.items():
        if name not in OPTIONS:
            raise ValueError(f"unknown rule option {name!r}; options: {', '.join(sorted(OPTIONS))}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be true or false, found {value!r}")
        if value:
            out[name] = True
    return dict(sorted(out.items()))

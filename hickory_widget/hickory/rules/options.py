"""Rule options: where the rulebooks are ambiguous or the editions differ, the default follows the rulings of
RULES-SPEC A.25; each switch turns on the documented alternative.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, str] = {
    "trade_any_number": "Q1, Q2, L1 (German edition): your mice trade whenever they share a number, not only at "
                        "the minute hand's number, and a claim may go to any of your mice at the claiming number.",
    "leap_skips_paws": "Q3: a number under a cat paw does not count toward a leap's distance.",
    "cuckoo_leap_needs_relic": "Q4: the 12 token's leap may only follow the return of at least one relic.",
    "favor_no_slash_both": "Q5: a favor card with an action and a bonus item but no slash may resolve its action "
                           "and then still count as its bonus item in the same activation.",
    "scamp_other_space": "Q6, L7 (Italian summary): the Scamp must teleport to a space other than the active "
                         "mouse's own.",
    "no_inner_12": "Q7: the clock has no inner space at 12; at the Inner ring step mice on Lord Cuckoo join the back "
                   "of the minute hand while there is room (otherwise they wait there), and fleeing mice pass 12 by.",
    "wilds_to_web": "Q8: spent, scratched or unplaced wild tiles go back to Itsy's web instead of the bag.",
    "no_favor_leap_when_bumped": "Q9: a bumped mouse may not play a favor Leap instead of its bump destinations.",
    "paw_flight_inner": "Q10: mice fleeing a cat paw always go to the inner ring space of the next free number.",
    "capacity_at_end_of_activation": "Q13: a card may hold extra tiles while its mouse acts; the excess goes back "
                                     "to the bag when the activation ends.",
    "die_1_to_10": "Q14: the cat die shows 1-10 instead of the reconstructed 2-11.",
    "throw_to_scamp_card": "Q17: a Throw may pick the Scamp while it is still out of play on its card.",
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

"""Long fuzz runs of the engine's doors (saves, positions, the acting calls, widget intents), as an outside
tester would: seeded mutations, every outcome counted. Run:

    .venv/bin/python benchmarks/fuzz_doors.py --cases 5000 --seed 1000

For each door it prints the cases tried, those refused with a clear error, those loaded (or applied)
identically, and the counts that must be zero (see support.fuzz_core), with one example of each non-zero
must-be-zero count so it can be reproduced. The exit status is 1 if any must-be-zero count is not zero.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test tools in tests/support/

from support.fuzz_clocktowers import DOORS as CLOCKTOWERS_DOORS
from support.fuzz_core import MUST_BE_ZERO
from support.fuzz_hickory import DOORS as HICKORY_DOORS
from support.fuzz_mice import DOORS as MICE_DOORS

DOORS = {**HICKORY_DOORS, **CLOCKTOWERS_DOORS, **MICE_DOORS}
"""Hickory Dickory's doors, then the card games' (ct_*: Clocktowers, mice_*: Mice!; saves, seat saves, positions)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000, help="cases per door (default 2000)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the run (the test suite uses 1-3)")
    parser.add_argument("--doors", nargs="*", choices=sorted(DOORS), default=list(DOORS))
    args = parser.parse_args(argv)
    bad = 0
    print(f"fuzzing the doors: {args.cases} cases per door, seed {args.seed} (Python {sys.version.split()[0]})")
    print(f"  {'door':<10} {'tried':>7} {'refused':>8} {'identical':>9}  " + " ".join(f"{k:>9}" for k in MUST_BE_ZERO)
          + "   time")
    for name in args.doors:
        start = time.perf_counter()
        tally = DOORS[name](args.seed, args.cases)
        c = tally.counts
        print(f"  {name:<10} {sum(c.values()):>7} {c['refused']:>8} {c['identical']:>9}  "
              + " ".join(f"{c[k]:>9}" for k in MUST_BE_ZERO) + f"   {time.perf_counter() - start:.0f} s")
        for outcome, note in tally.examples.items():
            print(f"      {outcome}: {note}")
        bad += tally.bad()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

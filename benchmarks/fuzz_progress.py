"""A fuzz campaign against the classroom's doors (tests/support/fuzz_progress.py): progress files,
learners' names, hand-ins read by the dashboard, and the join form's and dashboard's intents. Prints the cases
taken and refused per door; a failing case stops it with its seed.

    .venv/bin/python benchmarks/fuzz_progress.py --cases 20000 --seed 1000000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test tools in tests/support/

from support.fuzz_progress import campaign, check_handins, check_intents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0, help="first seed (a fresh campaign: any unused number)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        counts = campaign(args.cases, Path(folder) / "files", args.seed)
        counts["hand-in (dashboard)"] = check_handins(range(args.seed, args.seed + args.cases // 5), Path(folder) / "h")
        intents = check_intents(range(args.seed, args.seed + args.cases // 5), Path(folder) / "i")
        wall = time.perf_counter() - started
    for door, outcome in counts.items():
        print(f"{door:22} {sum(outcome.values()):6} cases: {outcome['taken']:6} taken, {outcome['refused']:6} refused")
    print(f"{'page intents':22} {intents['sent']:6} sent to the join form and the dashboard, none failed "
          f"({intents['joined']} joined)")
    print(f"seeds {args.seed}-{args.seed + args.cases - 1}, {wall:.1f} s, no failure")


if __name__ == "__main__":
    main()

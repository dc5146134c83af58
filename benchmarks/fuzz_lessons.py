"""A long fuzz campaign against the lessons' doors: mutated lesson files (read as a teacher's own file would be)
and intents sent to the Hickory, Mice! and Clocktowers lesson widgets. Run:

    .venv/bin/python benchmarks/fuzz_lessons.py --files 5000 --intents 5000 --seed 1000

For each door it prints the inputs tried, refused (LessonError, or one short sentence in the learner's language),
accepted, and escaped (must be 0), with the first escapes so they can be reproduced. The exit status is 1 if
anything escaped. The test suite runs the same campaign small (tests/test_lessons_fuzz.py, seeds 1-2).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test tools in tests/support/

from support.fuzz_lessons import campaign


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000, help="mutated lesson files (default 2000)")
    parser.add_argument("--intents", type=int, default=2000, help="intents per lesson widget (default 2000)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the run (the test suite uses 1-2)")
    args = parser.parse_args(argv)
    print(f"fuzzing the lesson doors: {args.files} files, {args.intents} intents per widget, seed {args.seed} "
          f"(Python {sys.version.split()[0]})")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        results = campaign(args.seed, args.files, args.intents, Path(tmp))
    escaped = 0
    for door, counts in results.items():
        print("  " + counts.line(door))
        for line in counts.escapes[:5]:
            print(f"      {line}")
        escaped += counts.escaped
    print(f"  time {time.perf_counter() - start:.1f} s")
    return 1 if escaped else 0


if __name__ == "__main__":
    raise SystemExit(main())

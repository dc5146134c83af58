"""Run time of each example notebook, top to bottom on a fresh kernel (what a user waits for after Run All), and
its slowest cells. Usage: .venv/bin/python benchmarks/bench_notebooks.py [examples/NAME.ipynb ...]"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient

EXAMPLES = Path(__file__).parent.parent / "examples"


def seconds(cell: nbformat.NotebookNode) -> float:
    timing = cell.get("metadata", {}).get("execution", {})
    if "iopub.execute_input" not in timing or "shell.execute_reply" not in timing:
        return 0.0
    start, end = (datetime.fromisoformat(timing[k].replace("Z", "+00:00"))
                  for k in ("iopub.execute_input", "shell.execute_reply"))
    return (end - start).total_seconds()


def main(paths: list[Path]) -> None:
    print(f"{'notebook':24} {'total':>7}  slowest cells (index: seconds)")
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        with tempfile.TemporaryDirectory() as where:
            started = time.perf_counter()
            NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": where}}).execute()
            total = time.perf_counter() - started
        slow = sorted(((seconds(c), i) for i, c in enumerate(nb.cells) if c.cell_type == "code"), reverse=True)[:3]
        print(f"{path.stem:24} {total:6.1f}s  " + ", ".join(f"{i}: {s:.1f}" for s, i in slow if s >= 0.1), flush=True)


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]] or sorted(EXAMPLES.glob("*.ipynb")))

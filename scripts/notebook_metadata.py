"""Writes into every example notebook the kernelspec and language_info this Python's kernel reports, so that
JupyterLab opens them without marking them changed (it writes what the kernel reports as it opens a notebook).
Run with the project's Python after upgrading it: ``.venv/bin/python scripts/notebook_metadata.py``."""

from __future__ import annotations

import json
from pathlib import Path

from ipykernel.ipkernel import IPythonKernel

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def main() -> None:
    root = Path(__file__).resolve().parent.parent / "examples"
    for path in sorted(root.rglob("*.ipynb")):
        raw = path.read_text(encoding="utf-8")
        nb = json.loads(raw)
        nb["metadata"]["kernelspec"] = KERNELSPEC
        nb["metadata"]["language_info"] = dict(IPythonKernel.language_info)
        indent = 1 if raw.startswith('{\n "') else 2
        new = json.dumps(nb, indent=indent, ensure_ascii=False) + "\n"
        if new != raw:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path.relative_to(root.parent)}")


if __name__ == "__main__":
    main()

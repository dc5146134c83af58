"""Every example notebook runs top to bottom on a fresh kernel without an error (outputs are not stored)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.ipynb"))


def test_there_are_example_notebooks() -> None:
    assert EXAMPLES, "examples/ has no notebooks"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_notebook_runs_clean(path: Path, tmp_path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), \
        f"{path.name} has stored outputs; clear them before committing"
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()

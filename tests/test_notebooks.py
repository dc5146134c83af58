"""Every example notebook, in English, Italian and German, runs top to bottom on a fresh kernel without an error
(outputs are not stored), and needs nothing beyond what ``bash scripts/lab.sh`` installs: the project
with its ``lab`` extra.

The test environment has more installed than the ``lab`` extra (pytest, playwright, dask ...). So after the
notebook's own cells the kernel lists the distributions of every module it loaded, and each must be the project
itself or a requirement, direct or indirect, of ``hickory-widget[lab]``: a notebook that imports matplotlib while
the extra lacks it fails here, as it would in the user's JupyterLab.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from packaging.requirements import Requirement

HERE = Path(__file__).parent.parent / "examples"
EXAMPLES = [*sorted(HERE.glob("*.ipynb")), *sorted(HERE.glob("it/*.ipynb")), *sorted(HERE.glob("de/*.ipynb"))]
"""The English notebooks, then the Italian and German ones made from them (scripts/notebook_languages.py)."""
PROJECT = "hickory-widget"
OPTIONAL = {"mypy-extensions"}
"""Imported only when present and never needed: hickory_widget/core/runner.py reads mypyc's ``mypyc_attr`` from it
inside ``try``, for a compiled build (docs/SPEED.md). A test environment with mypy has it; the user's need not."""

LOADED = """
import json as _json, sys as _sys
from importlib import metadata as _md
_owners = _md.packages_distributions()
print("LOADED-DISTRIBUTIONS " + _json.dumps(sorted({d for _m in list(_sys.modules)
                                                    for d in _owners.get(_m.partition(".")[0], [])})))
"""


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(project: str, extra: str) -> set[str]:
    """The installed distributions that ``pip install project[extra]`` brings in (markers evaluated here)."""
    found: set[str] = set()
    done: set[tuple[str, str]] = set()
    todo = [(project, extra)]
    while todo:
        name, wanted_extra = todo.pop()
        if (norm(name), wanted_extra) in done:
            continue
        done.add((norm(name), wanted_extra))
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement for another platform or Python
        found.add(norm(name))
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": wanted_extra}):
                todo.extend((req.name, e) for e in ("", *req.extras))
    return found


def test_there_are_example_notebooks() -> None:
    assert EXAMPLES, "examples/ has no notebooks"
    assert {p.parent.name for p in EXAMPLES} == {"examples", "it", "de"}, "no Italian or German notebooks"


def test_the_lab_extra_is_what_lab_sh_installs() -> None:
    script = (Path(__file__).parent.parent / "scripts" / "lab.sh").read_text()
    assert re.search(r"^ensure_venv lab$", script, re.M), "scripts/lab.sh should install the `lab` extra"
    assert {"matplotlib", "tqdm", "jupyterlab"} <= closure(PROJECT, "lab")


def run(nb: nbformat.NotebookNode, where: Path) -> set[str]:
    """Runs ``nb`` on a fresh kernel; the distributions whose modules the kernel then has loaded."""
    nb.cells.append(nbformat.v4.new_code_cell(LOADED))
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(where)}}).execute()
    printed = "".join(out.get("text", "") for out in nb.cells[-1].outputs)
    return {norm(d) for d in json.loads(printed.split("LOADED-DISTRIBUTIONS ", 1)[1])}


@pytest.fixture(scope="module")
def kernel_alone(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """What a kernel loads before any cell (its own machinery, a venv's site hooks): not the notebooks' needs."""
    return run(nbformat.v4.new_notebook(), tmp_path_factory.mktemp("empty"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem if p.parent == HERE else f"{p.parent.name}/{p.stem}"
                                                for p in EXAMPLES])
def test_notebook_runs_clean_with_the_lab_extra(path: Path, tmp_path: Path, kernel_alone: set[str]) -> None:
    nb = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), \
        f"{path.name} has stored outputs; clear them before committing"
    loaded = run(nb, tmp_path) - kernel_alone
    missing = sorted(loaded - closure(PROJECT, "lab") - OPTIONAL)
    assert not missing, (f"{path.name} loads {missing}, which `bash scripts/lab.sh` does not install: add them to "
                         "the `lab` extra in pyproject.toml")


def test_lab_sh_keeps_jupyterlabs_news_toast_off_the_first_notebook(tmp_path: Path) -> None:
    """scripts/lab.sh writes the project's JupyterLab overrides (no 'get notified about Jupyter news?' toast over
    the first notebook), merging into what is there; JupyterLab reads them from its app dir."""
    import json

    from jupyterlab.commands import get_app_dir

    from hickory_widget.core.lab_settings import overrides_file, write_overrides

    script = (Path(__file__).parent.parent / "scripts" / "lab.sh").read_text()
    assert "hickory_widget.core.lab_settings" in script
    assert overrides_file() == Path(get_app_dir()) / "settings" / "overrides.json"
    path = tmp_path / "settings" / "overrides.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
                                "@jupyterlab/apputils-extension:notification": {"doNotDisturbMode": True}}))
    write_overrides(path)
    written = json.loads(path.read_text())
    assert written["@jupyterlab/apputils-extension:notification"] == {"doNotDisturbMode": True, "fetchNews": "false",
                                                                     "checkForUpdates": False}
    assert written["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_an_example_notebook_holds_the_metadata_its_kernel_reports(path: Path) -> None:
    """JupyterLab writes the kernel's language_info into a notebook as it opens it; a notebook holding less is
    shown with unsaved changes before anything runs (tests/browser/test_notebooks_open_clean.py). The examples
    hold what the project's Python reports (its version included: on another Python the mark comes back)."""
    meta = nbformat.read(path, as_version=4).metadata
    assert meta.kernelspec == {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    assert meta.language_info == kernel_language_info(), "rewrite it: scripts/notebook_metadata.py"


@functools.cache
def kernel_language_info() -> dict:
    """The kernel's language_info, asked in a process of its own: importing ipykernel's kernel swaps the comm
    factory for the whole process, and widgets made later in this one would have a comm without a kernel (they
    would send no state: tests/test_widget.py's message tests failed after this file in a full run)."""
    code = "import json; from ipykernel.ipkernel import IPythonKernel; print(json.dumps(IPythonKernel.language_info))"
    return json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                     check=True).stdout)

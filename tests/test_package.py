"""The package as an index and a distro see it: built from this tree into an sdist and a wheel (PEP 517, `build`),
checked by twine, read back by importlib.metadata from a fresh environment, and typed for mypy (py.typed).

What must be in them: the MIT licence (a PEP 639 expression and the file), the classifiers, one version (the
package's ``__version__``). What must not: the publisher's rulebook texts (sdist) and the front end's node tests
(wheel)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import hickory_widget
from hickory_widget.core import frontend

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True)
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist, "dir": out}


@pytest.fixture(scope="module")
def installed(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the wheel alone installed (its dependencies come from the test environment)."""
    env = tmp_path_factory.mktemp("env") / "v"
    venv.create(env, system_site_packages=True, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(dist["wheel"])], check=True)
    return python


def test_twine_accepts_the_sdist_and_the_wheel(dist: dict[str, Path]) -> None:
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(dist["wheel"]), str(dist["sdist"])],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_has_the_licence_types_and_front_end_but_no_tests(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        names = wheel.namelist()
    assert f"hickory_widget-{hickory_widget.__version__}.dist-info/licenses/LICENSE" in names
    assert "hickory_widget/py.typed" in names
    # the front end as its release bundles only (hatch_build.py): one module (and stylesheet) per widget, no sources
    bundles = {f"hickory_widget/static/{name}.js" for name in frontend.WIDGETS}
    assert bundles <= set(names)
    assert not [n for n in names if n.endswith(".mjs") and not n.startswith("hickory_widget/lessons/")]
    data = f"hickory_widget-{hickory_widget.__version__}.data/data"
    assert f"{data}/share/jupyter/voila/templates/hickory/index.html.j2" in names  # the classroom's Voilà page
    assert f"{data}/etc/jupyter/jupyter_server_config.d/hickory_widget.json" in names  # the websocket extension
    assert not [n for n in names if n.endswith(".test.mjs") or n.startswith("tests/")]
    assert not [n for n in names if "rulebook" in n.lower()]


def test_the_sdist_has_the_licence_but_not_the_publishers_rulebooks(dist: dict[str, Path]) -> None:
    with tarfile.open(dist["sdist"]) as sdist:
        names = sdist.getnames()
    top = f"hickory_widget-{hickory_widget.__version__}"
    assert {f"{top}/LICENSE", f"{top}/pyproject.toml", f"{top}/tests/test_texts.py"} <= set(names)
    assert not [n for n in names if "/tests/data/rulebooks" in n], "the sdist republishes the publisher's rulebooks"


def test_an_installed_wheel_reports_its_metadata(installed: Path) -> None:
    script = ("import importlib.metadata as m, json, hickory_widget\n"
              "d = m.metadata('hickory-widget')\n"
              "print(json.dumps({'version': d['Version'], 'module': hickory_widget.__version__,"
              " 'licence': d['License-Expression'], 'licence_files': d.get_all('License-File'),"
              " 'classifiers': d.get_all('Classifier'), 'python': d['Requires-Python'],"
              " 'file': hickory_widget.__file__}))")
    facts = json.loads(subprocess.run([str(installed), "-c", script], check=True, capture_output=True, text=True,
                                      cwd=installed.parent).stdout)
    assert "site-packages" in facts["file"], facts["file"]
    assert facts["version"] == facts["module"] == hickory_widget.__version__
    assert facts["licence"] == "MIT" and facts["licence_files"] == ["LICENSE"]
    assert facts["python"] == ">=3.10"
    for classifier in ("Framework :: Jupyter", "Intended Audience :: Education", "Topic :: Games/Entertainment :: "
                       "Board Games", "Programming Language :: Python :: 3.13", "Typing :: Typed"):
        assert classifier in facts["classifiers"]


def test_an_installed_wheel_draws_with_its_bundles_and_no_node(installed: Path) -> None:
    """Every widget of the installed wheel loads its release bundle from the package (no js/ sources, no Node, no
    source map); the bundle is anywidget's watched file, so a widget reloads only in a checkout (site-packages is
    never watched)."""
    script = ("import json\n"
              "from hickory_widget.core import frontend\n"
              "from hickory_widget.mice.widget import MiceWidget\n"
              "from hickory_widget.lessons.card_widget import ClocktowersLessonWidget\n"
              "print(json.dumps({n: {'path': str(w._esm._path), 'esm': str(w._esm), 'css': str(w._css)} for n, w in"
              " (('mice', MiceWidget), ('lesson_clocktowers', ClocktowersLessonWidget))}))")
    # the wheel's dependencies (anywidget...) from the test environment, after the wheel's own site-packages
    site = subprocess.run([str(installed), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    facts = json.loads(subprocess.run([str(installed), "-c", script], check=True, capture_output=True, text=True,
                                      cwd=installed.parent, env={"PATH": "/usr/bin/nonexistent"}).stdout)
    for name, fact in facts.items():
        assert "site-packages" in fact["path"] and fact["path"].endswith(f"hickory_widget/static/{name}.js")
        assert fact["esm"].rstrip().endswith("as default};") and "sourceMappingURL" not in fact["esm"]
        assert ".cs-" in fact["css"] and "sourceMappingURL" not in fact["css"]


def test_mypy_sees_the_types_of_the_installed_wheel(installed: Path, tmp_path: Path) -> None:
    user = tmp_path / "user.py"
    user.write_text("from hickory_widget import Game\n"
                    "game = Game.new(players=2, seed=1)\n"
                    "reveal_type(game.scores)\n"
                    "Game.new(players=2, seed='one')\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--python-executable", str(installed), "--no-incremental",
                           str(user)], capture_output=True, text=True, cwd=tmp_path)
    out = done.stdout + done.stderr
    assert "import-untyped" not in out and "missing library stubs" not in out, out
    assert re.search(r'Revealed type is "(builtins\.)?dict\[(builtins\.)?str, (builtins\.)?int\]"', out), out
    # a wrong argument is seen: the API is typed, not Any
    assert 'Argument "seed" to "new" of "Game" has incompatible type "str"' in out, out

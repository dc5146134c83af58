"""The classroom from the installed package (lessons/serve.py, the ``hickory-classroom`` command): the wheel carries
the lessons notebook, which has one source (examples/06_lessons.ipynb); bad settings are refused before anything
starts, with the reason; the command line given to Voilà is scripts/classroom.sh's."""

from __future__ import annotations

import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest's own dependency
    import tomli as tomllib

from hickory_widget.lessons import serve

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "06_lessons.ipynb"


def test_the_notebook_has_one_source_the_example_and_the_wheel_carries_it() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["force-include"]["examples/06_lessons.ipynb"] == "hickory_widget/lessons/data/classroom.ipynb"
    assert Path(serve.__file__).parent / "data" / "classroom.ipynb" == serve.PACKAGED
    if Path(serve.__file__).parent != ROOT / "hickory_widget" / "lessons":  # installed from a wheel (compiled build)
        assert serve.PACKAGED.read_bytes() == EXAMPLE.read_bytes()
    assert config["project"]["scripts"]["hickory-classroom"] == "hickory_widget.lessons.serve:run"
    tracked = subprocess.run(["git", "ls-files", "hickory_widget/lessons/data/classroom.ipynb"], cwd=ROOT,
                             capture_output=True, text=True)
    assert tracked.stdout == ""  # no second copy in the source: the build copies the example
    assert serve.notebook() == (serve.PACKAGED if serve.PACKAGED.is_file() else EXAMPLE)


def test_the_built_wheel_has_the_example_as_its_notebook_and_the_command(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                            str(ROOT)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("hickory_widget-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("hickory_widget/lessons/data/classroom.ipynb") == EXAMPLE.read_bytes()
        (entry_points,) = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        assert "hickory-classroom = hickory_widget.lessons.serve:run" in archive.read(entry_points).decode()


def test_a_taken_port_is_refused_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = serve.main(["--port", str(port)], {"HICKORY_TEACHER_CODE": "K7QM-4XPA"})
    assert code == 2
    assert f"port {port} on 127.0.0.1 is taken" in capsys.readouterr().err


@pytest.mark.parametrize("teacher_code", ["", "12345678", "AAAA-AAAA"])
def test_an_empty_or_weak_teachers_code_is_refused(teacher_code: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.main(["--port", "1"], {"HICKORY_TEACHER_CODE": teacher_code}) == 2
    assert "HICKORY_TEACHER_CODE" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "environ", "said"), [
    (["--pool-size", "300"], {}, "--pool-size must be a whole number 0-200, not '300'"),
    ([], {"POOL_SIZE": "ten"}, "--pool-size must be a whole number 0-200, not 'ten'"),
    (["--port", "0"], {}, "--port must be a whole number 1-65535, not '0'"),
])
def test_a_bad_number_is_refused_naming_what_is_allowed(argv: list[str], environ: dict[str, str], said: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        serve.main(argv, environ)
    assert stop.value.code == 2
    assert said in capsys.readouterr().err


def test_voila_gets_scripts_classroom_shs_command_line() -> None:
    command = serve.voila_command("0.0.0.0", 8870, 25, 30, ["--debug"])
    assert command[:4] == [sys.executable, "-m", "voila", str(serve.notebook())]
    assert {"--port=8870", "--Voila.ip=0.0.0.0", "--Voila.port_retries=0", "--preheat_kernel=True",
            "--pool_size=25", "--VoilaKernelManager.fill_delay=30"} <= set(command)
    assert command[-1] == "--debug"  # what hickory-classroom does not know goes to Voilà
    assert not any("preheat" in word for word in serve.voila_command("127.0.0.1", 8866, 0, 60, []))


def test_the_store_is_chosen_as_scripts_classroom_sh_chose_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert serve.store_setting({"HICKORY_PROGRESS": "/srv/class/c.sqlite3"}) == Path("/srv/class/c.sqlite3")
    assert serve.store_setting({}) == tmp_path / ".hickory_widget" / "classroom.sqlite3"
    old = tmp_path / ".hickory_widget" / "classroom-progress.json"
    old.parent.mkdir()
    old.write_text("{}")
    assert serve.store_setting({}) == old  # an earlier version's progress, imported once into the store beside it


def test_python_m_app_is_the_command() -> None:
    shown = subprocess.run([sys.executable, "-m", "hickory_widget.lessons.app", "--help"], capture_output=True,
                           text=True, timeout=120, cwd=ROOT)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("usage: hickory-classroom") and "--pool-size" in shown.stdout


def test_the_readme_and_the_hub_test_run_one_recipe() -> None:
    """The README's JupyterHub recipe is the config file tests/test_jupyterhub.py runs, opening on the notebook the
    package ships."""
    readme = (ROOT / "README.md").read_text()
    config = (ROOT / "scripts" / "jupyterhub_config.py").read_text()
    hub_test = (ROOT / "tests" / "test_jupyterhub.py").read_text()
    assert "jupyterhub -f scripts/jupyterhub_config.py" in readme
    assert 'ROOT / "scripts" / "jupyterhub_config.py"' in hub_test
    assert f'c.Spawner.default_url = "/voila/render/{serve.PACKAGED.name}"' in config
    assert f'"/voila/render/{serve.PACKAGED.name}"' in readme

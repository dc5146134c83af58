"""Browser tests: a real JupyterLab server driven by Debian's headless Chromium through Python's playwright.

Fixtures (all of tests/browser is marked ``browser``):

* ``lab_server`` (session): JupyterLab on a free 127.0.0.1 port, no token, ``--expose-app-in-browser``, config
  and runtime dirs in a temp dir (so no user settings and no news toast), notebooks served from a temp root dir
  (so autosave never writes into the repository).
* ``browser`` (session): Chromium from ``/usr/bin/chromium``. Missing chromium or playwright skips the tests,
  or fails them when ``HICKORY_E2E=1`` (set by scripts/test.sh in CI).
* ``page`` (per test): a fresh browser context and page; on failure it saves a screenshot in ``test-output/``
  and prints the browser console.
* ``open_notebook(page, lab_server, path)``: copies the notebook into the root dir, opens it, waits for its
  kernel and runs all cells. ``wait_for(page, selector)`` waits for a selector to be visible.
"""

from __future__ import annotations

import ctypes
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
PROJECT_ROOT = HERE.parent.parent
OUTPUT_DIR = PROJECT_ROOT / "test-output"
CHROMIUM = Path("/usr/bin/chromium")
# --no-sandbox: CI runs as root. The networking flags keep the closed network from flooding it with refused
# connections. Playwright adds --headless itself and a fresh profile per launch.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_TIMEOUT = 60.0  # seconds; about 2.5 s is usual
DEFAULT_TIMEOUT_MS = 30_000  # Playwright waits; a kernel start plus a widget render takes a few seconds
REQUIRED = os.environ.get("HICKORY_E2E") == "1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keeps each phase's report on the item, so the ``page`` fixture knows whether its test failed."""
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


def unavailable(message: str) -> None:
    """Skips the browser tests, or fails them when they are required (HICKORY_E2E=1, as in CI)."""
    if REQUIRED:
        pytest.fail(f"{message} (HICKORY_E2E=1 makes the browser tests required)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_prerequisites() -> None:
    """Checks for chromium and playwright before anything slow starts."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        unavailable(f"{CHROMIUM} is missing; install Debian's chromium: sudo apt-get update && "
                    "sudo apt-get install -y chromium (scripts/test.sh does it when run as root)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as error:
        unavailable(f"the Python package playwright is not importable ({error}); pip install -e '.[test]'")


# --- the JupyterLab server ---------------------------------------------------------------------------------------


@dataclass
class LabServer:
    url: str  # http://127.0.0.1:PORT, no trailing slash
    root_dir: Path  # the server's root: tests copy their notebooks here
    log_path: Path
    process: subprocess.Popen[bytes] = field(repr=False)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def lab_environment(base: Path) -> dict[str, str]:
    """Config, runtime and settings dirs of our own; the data dirs stay, so installed labextensions load."""
    config, runtime, ipython = base / "config", base / "runtime", base / "ipython"
    settings = config / "lab" / "user-settings"
    notification = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    # The only way to stop the "get notified about Jupyter news?" toast, which covers the page.
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    runtime.mkdir()
    ipython.mkdir()
    env = dict(os.environ)
    env.update({
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(config / "lab" / "workspaces"),
        "IPYTHONDIR": str(ipython),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
        "PYTHONUNBUFFERED": "1",
    })
    env.pop("ANYWIDGET_HMR", None)
    return env


def wait_until_ready(server: LabServer, timeout: float = SERVER_START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        code = server.process.poll()
        if code is not None:
            pytest.fail(f"JupyterLab exited with code {code} while starting; its log:\n{server.log()}", pytrace=False)
        try:
            with urllib.request.urlopen(f"{server.url}/api/status", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    pytest.fail(f"JupyterLab did not answer /api/status within {timeout:.0f} s; its log:\n{server.log()}",
                pytrace=False)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM lets the server shut its kernels down; SIGKILL to its process group if it hangs."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def die_with_parent() -> Callable[[], None] | None:
    """On Linux, a preexec_fn that makes the server get SIGTERM if pytest dies (killed, out of memory), so it
    does not outlive the run; the server then shuts its kernels down itself."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # loaded before the fork
    except OSError:
        return None
    pr_set_pdeathsig = 1

    def preexec() -> None:
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)

    return preexec


def start_server(app: str, base: Path) -> LabServer:
    """``python -m <app>`` (jupyterlab or notebook) on a free port, as described in the module docstring."""
    root_dir = base / "root"
    root_dir.mkdir()
    port = free_port()
    command = [
        sys.executable, "-m", app,
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root_dir}",
        "--expose-app-in-browser",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    log_path = base / f"{app}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=root_dir, env=lab_environment(base), stdin=subprocess.DEVNULL,
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                   preexec_fn=die_with_parent())
    server = LabServer(url=f"http://127.0.0.1:{port}", root_dir=root_dir, log_path=log_path, process=process)
    try:
        wait_until_ready(server)
    except BaseException:
        stop(process)
        raise
    return server


@pytest.fixture(scope="session")
def lab_server(browser_prerequisites: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    server = start_server("jupyterlab", tmp_path_factory.mktemp("lab"))
    try:
        yield server
    finally:
        stop(server.process)


@pytest.fixture(scope="session")
def notebook7_server(browser_prerequisites: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """Notebook 7 (``python -m notebook``), set up like ``lab_server``; its pages are /notebooks/NAME."""
    try:
        import notebook  # noqa: F401
    except ImportError as error:
        unavailable(f"Notebook 7 is not installed ({error}); pip install -e '.[test]'")
    server = start_server("notebook", tmp_path_factory.mktemp("nb7"))
    try:
        yield server
    finally:
        stop(server.process)


# --- the browser -------------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright(browser_prerequisites: None) -> Iterator[Any]:
    """The one Playwright driver of the run: its sync API may be started only once per thread, so every browser
    test file (the JupyterLab ones and the static site's, which opens browsers of its own) shares it."""
    from playwright.sync_api import sync_playwright

    driver = sync_playwright().start()
    try:
        yield driver
    finally:
        driver.stop()


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    from playwright.sync_api import Error

    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    except Error as error:
        unavailable(f"{CHROMIUM} did not start under playwright: {error}")
    yield chromium
    chromium.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; on failure, a screenshot in test-output/ and the browser console on stdout."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    new_page = context.new_page()
    console: list[str] = []
    new_page.on("console", lambda message: console.append(f"[{message.type}] {message.text}"))
    new_page.on("pageerror", lambda error: console.append(f"[pageerror] {error}"))
    yield new_page
    failed = any(getattr(getattr(request.node, f"_report_{when}", None), "failed", False)
                 for when in ("setup", "call"))
    if failed:
        OUTPUT_DIR.mkdir(exist_ok=True)
        shot = OUTPUT_DIR / f"{request.node.name}-failure.png"
        try:
            new_page.screenshot(path=str(shot), full_page=True)
            print(f"\nscreenshot of the failed page: {shot}")
        except Exception as error:
            print(f"\nno screenshot of the failed page: {error}")
        print("browser console:\n" + "\n".join(console[-200:]))
        if "lab_server" in request.fixturenames:
            log = request.getfixturevalue("lab_server").log().splitlines()
            print("JupyterLab log (last 60 lines):\n" + "\n".join(log[-60:]))
    context.close()


# --- helpers -----------------------------------------------------------------------------------------------------


_WORKSPACES = itertools.count(1)


def open_notebook(page: Any, lab_server: LabServer, path: Path | str, *, run_all: bool = True,
                  prefix: str = "/lab/tree") -> None:
    """Copies ``path`` into the server's root, opens it in JupyterLab (or Notebook 7 with
    ``prefix="/notebooks"``), waits for its kernel, runs all cells."""
    source = Path(path)
    shutil.copy(source, lab_server.root_dir / source.name)
    if prefix == "/lab/tree":  # a fresh workspace each time, so notebooks opened by earlier tests stay closed
        prefix = f"/lab/workspaces/test-{next(_WORKSPACES)}/tree"
    page.goto(f"{lab_server.url}{prefix}/{source.name}")
    page.wait_for_function(
        """(name) => {
            const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            return Boolean(widget && widget.sessionContext && widget.context && widget.context.path === name);
        }""",
        arg=source.name,
    )
    page.evaluate(
        """async (runAll) => {
            const app = window.jupyterapp;
            const widget = app.shell.currentWidget;
            await widget.context.ready;
            await widget.sessionContext.ready;
            const kernel = widget.sessionContext.session && widget.sessionContext.session.kernel;
            if (!kernel) throw new Error('the notebook has no kernel');
            await kernel.info;
            if (runAll) await app.commands.execute('notebook:run-all-cells');
        }""",
        run_all,
    )


def write_notebook(path: Path, *cells: str) -> Path:
    """A notebook of code ``cells`` on the python3 kernel, written to ``path`` for open_notebook()."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nbformat.write(nb, path)
    return path


def run_cell(page: Any, index: int) -> None:
    """Selects cell ``index`` of the current notebook and runs it, waiting until its execution is done."""
    page.evaluate(
        """async (index) => {
            const app = window.jupyterapp;
            const notebook = app.shell.currentWidget.content;
            notebook.activeCellIndex = index;
            notebook.deselectAll();
            await app.commands.execute('notebook:run-cell');
        }""",
        index,
    )


def wait_for(page: Any, selector: str, *, state: str = "visible", timeout: float | None = None) -> Any:
    """Waits for ``selector`` (attribute selectors such as ``[data-testid=x][data-value="3"]`` are robust)."""
    return page.wait_for_selector(selector, state=state, timeout=timeout)


def screenshot(page: Any, name: str) -> Path:
    """Saves a screenshot of the page as test-output/NAME.png and returns its path."""
    OUTPUT_DIR.mkdir(exist_ok=True)
    path = OUTPUT_DIR / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def cell_text(page: Any, index: int) -> str:
    """The text output of a cell, read from the notebook model (a tall widget may push the cell off-screen, where
    JupyterLab does not draw it)."""
    return page.evaluate(
        """(index) => {
            const cell = window.jupyterapp.shell.currentWidget.content.model.cells.get(index);
            return cell.outputs.toJSON().map((o) => o.text || "").join("");
        }""",
        index,
    )


def close_everything(page: Any) -> None:
    """Leaves the shared server as the test found it: the notebook saved and closed, its kernel stopped."""
    page.evaluate("""async () => {
        const app = window.jupyterapp;
        const widget = app.shell.currentWidget;
        await widget.context.save();
        await widget.sessionContext.shutdown();
        await app.commands.execute('application:close-all');
    }""")


@contextmanager
def voila(notebook: Path, base: Path, pool_size: int, **env: str) -> Iterator[tuple[str, Path]]:
    """Voilà serving a copy of ``notebook`` from ``base`` on 127.0.0.1 as scripts/classroom.sh does, with
    ``pool_size`` preheated kernels and ``env`` added to the environment; yields (its address, its log file) once it
    answers, and stops it afterwards."""
    shutil.copy(notebook, base / notebook.name)
    port = free_port()
    environment = dict(os.environ, PYTHONUNBUFFERED="1", JUPYTER_RUNTIME_DIR=str(base / "runtime"),
                       PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]), **env)
    log_path = base / "voila.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", notebook.name, "--template=hickory", "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1",
             "--preheat_kernel=True", f"--pool_size={pool_size}",
             "--Voila.kernel_websocket_connection_class=hickory_widget.core.websocket.NoDelayConnection"],
            cwd=base, env=environment, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"Voilà exited with code {process.returncode}; its log:\n"
                            f"{log_path.read_text(errors='replace')}", pytrace=False)
            try:
                with urllib.request.urlopen(f"{url}/voila/static/", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # it answers: the server is up
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    pytest.fail(f"Voilà did not answer within 60 s; its log:\n{log_path.read_text(errors='replace')}",
                                pytrace=False)
                time.sleep(0.2)
        yield url, log_path
    finally:
        stop(process)


@dataclass(frozen=True)
class LabHelpers:
    """The helpers above, for tests (conftest modules are not imported by tests directly)."""

    open_notebook: Callable[..., None] = open_notebook
    write_notebook: Callable[..., Path] = write_notebook
    run_cell: Callable[[Any, int], None] = run_cell
    cell_text: Callable[[Any, int], str] = cell_text
    wait_for: Callable[..., Any] = wait_for
    screenshot: Callable[[Any, str], Path] = screenshot
    close_everything: Callable[[Any], None] = close_everything
    free_port: Callable[[], int] = free_port
    voila: Callable[..., Any] = voila
    output_dir: Path = OUTPUT_DIR

    @property
    def expect(self) -> Any:
        """Playwright's retrying assertions, imported here so that a missing playwright skips instead of erroring."""
        from playwright.sync_api import expect

        return expect


@pytest.fixture(scope="session")
def lab(browser_prerequisites: None) -> LabHelpers:
    return LabHelpers()

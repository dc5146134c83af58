"""The README's JupyterHub recipe, run for real: JupyterHub from PyPI with configurable-http-proxy from npm, on
127.0.0.1 (free ports), configured by scripts/jupyterhub_config.py as it ships, with three Unix users made by
useradd for the test (the shipped file's trial authenticator: one password, only these users allowed).
Each learner logs in from a browser of their own (headless Chromium), lands on the classroom with nothing asked
(the hub's user is the learner, whatever the address says), solves the first exercise, and the progress lands in
their own home, in a file no other learner can read.

JupyterHub starts each learner's server as that user (LocalProcessSpawner), so the users need a Python they may
run. When the suite's Python lies in a folder only root may enter (pyenv under /root), the test shows the users
that very installation through bind mounts in a folder of its own, and a venv made from it that reads the suite's
packages: the same code, reached by another path. Marked ``browser`` (headless Chromium): skipped with the reason
when something is missing, failed instead in CI (HICKORY_E2E=1); scripts/test.sh installs the proxy from npm."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pwd
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "scripts" / "jupyterhub_config.py"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
REQUIRED = os.environ.get("HICKORY_E2E") == "1"
PROXY_VERSION = "4"  # configurable-http-proxy's major version, from npm
PASSWORD = "hickory-" + secrets.token_hex(8)
HUB_START_TIMEOUT = 120.0
FIRST_BOARD_MS = 180_000  # a login, a server started for the user, a kernel and the lessons on a busy 2-core machine
TEACHER_CODE = "oak-" + secrets.token_hex(6)  # the dashboard's code on the teacher's server (users[2]) only
STORE = Path(".hickory_widget") / "lesson-progress.sqlite3"  # in each learner's home (app.progress_path's default)


def unavailable(message: str) -> None:
    """Skips, or fails when the test is required (HICKORY_E2E=1, as scripts/test.sh sets in CI)."""
    if REQUIRED:
        pytest.fail(f"{message} (HICKORY_E2E=1 makes this test required)", pytrace=False)
    pytest.skip(message)


def proxy_cache() -> Path:
    """Where the suite keeps npm packages (as tests/browser/assets.py): ``$HICKORY_NPM_CACHE`` or
    ``~/.cache/hickory-widget/npm``."""
    base = os.environ.get("HICKORY_NPM_CACHE")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hickory-widget" / "npm"


def proxy_command() -> Path:
    """configurable-http-proxy from npm, installed into the suite's cache when missing (scripts/test.sh does it
    before the run)."""
    folder = proxy_cache() / "configurable-http-proxy"
    command = folder / "node_modules" / ".bin" / "configurable-http-proxy"
    if command.exists():
        return command
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        unavailable("node and npm are needed for JupyterHub's proxy; install them (Debian: apt-get install -y nodejs "
                    "npm; scripts/test.sh does it as root)")
    done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(folder),
                           f"configurable-http-proxy@{PROXY_VERSION}"], capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not command.exists():
        unavailable(f"npm could not install configurable-http-proxy: {done.stderr[-1000:]}")
    return command


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def open_to_all(path: Path) -> bool:
    """Whether any user may reach ``path``: every folder on the way may be entered by others."""
    return all(p.stat().st_mode & stat.S_IXOTH for p in [path, *path.parents] if p.is_dir())


@dataclass
class Hub:
    url: str
    users: list[str]
    homes: dict[str, Path]
    log_path: Path
    tables_url: str = ""
    tables_store: Path = Path()
    admin_token: str = ""

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:]

    def token(self, name: str) -> str:
        """A new hub token of ``name``'s (as their server's ``$JUPYTERHUB_API_TOKEN`` is), made through the hub's
        API with the test's own admin service."""
        import json

        request = urllib.request.Request(f"{self.url}/hub/api/users/{name}/tokens", method="POST",
                                         data=json.dumps({"note": "test", "expires_in": 3600}).encode(),
                                         headers={"Authorization": f"token {self.admin_token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())["token"]


def bind(source: Path, target: Path, mounts: list[Path]) -> Path:
    """``source`` shown read-only at ``target`` (a bind mount; the fixture unmounts ``mounts`` at the end)."""
    target.mkdir(parents=True)
    subprocess.run(["mount", "--bind", str(source), str(target)], check=True)
    mounts.append(target)
    subprocess.run(["mount", "-o", "remount,ro,bind", str(target)], check=False)
    return target


def users_python(base: Path, mounts: list[Path]) -> tuple[Path, dict[str, str]]:
    """A Python every user may run, with the suite's packages and this checkout: the suite's own interpreter when
    others can reach it, else the same installation bind-mounted into ``base``; returns it and the environment
    its servers and kernels need."""
    env: dict[str, str] = {}
    prefix = Path(sys.base_prefix)
    if not open_to_all(prefix):
        prefix = base / "python"
        bind(Path(sys.base_prefix), prefix, mounts)
        env["LD_LIBRARY_PATH"] = str(prefix / "lib")  # the interpreter's libpython, found first there
    site = Path(sysconfig.get_paths()["purelib"])
    suite = Path(sys.prefix)
    if not open_to_all(site):
        suite = base / "suite"
        bind(Path(sys.prefix), suite, mounts)
        site = suite / site.relative_to(sys.prefix)
    project = ROOT
    if not open_to_all(project):
        project = base / "project"
        bind(ROOT, project, mounts)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    venv = base / "venv"
    subprocess.run([str(prefix / "bin" / version), "-m", "venv", "--without-pip", str(venv)], check=True,
                   env={**os.environ, **env})
    own_site = venv / "lib" / version / "site-packages"
    (own_site / "suite.pth").write_text(f"import site; site.addsitedir({str(site)!r})\n")
    import voila

    jupyter = Path(voila.__file__).parents[4]  # the environment Voilà was installed into (lib/pythonX.Y/...)
    jupyter = suite if jupyter == Path(sys.prefix) else jupyter
    env.update(PYTHONPATH=str(project),  # this checkout's hickory_widget, ahead of any installed one
               JUPYTER_PATH=str(jupyter / "share" / "jupyter"),  # Voilà's templates, the widgets' front end
               JUPYTER_CONFIG_PATH=str(jupyter / "etc" / "jupyter"))  # Voilà as a server extension
    return venv / "bin" / "python", env


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    """JupyterHub on 127.0.0.1 with scripts/jupyterhub_config.py and three Unix users of its own."""
    if os.geteuid() != 0 or shutil.which("useradd") is None:
        unavailable("the JupyterHub test makes three Unix users (useradd) and starts their servers as them: run it "
                    "as root")
    try:
        import jupyterhub  # noqa: F401
        import playwright.sync_api  # noqa: F401
    except ImportError as error:
        unavailable(f"{error.name} is not importable; pip install -e '.[test]'")
    if not CHROMIUM.is_file():
        unavailable(f"{CHROMIUM} is missing; apt-get install -y chromium (scripts/test.sh does it as root)")
    proxy = proxy_command()
    base = Path(tempfile.mkdtemp(prefix="hickory-hub-"))
    base.chmod(0o755)  # the users reach their homes, the notebook and their Python through it
    tag = secrets.token_hex(2)
    users = [f"hk{tag}{letter}" for letter in "abc"]
    mounts: list[Path] = []
    made: list[str] = []
    made_group = ""
    process = None
    log_path = base / "hub.log"
    try:
        (base / "home").mkdir(mode=0o755)
        for name in users:
            subprocess.run(["useradd", "--create-home", "--home-dir", str(base / "home" / name), "--user-group",
                            "--shell", "/usr/sbin/nologin", name], check=True, capture_output=True)
            made.append(name)
        group = f"hk{tag}class"  # the class's group (a shared folder, as for shared progress): it opens no table
        subprocess.run(["groupadd", group], check=True, capture_output=True)
        made_group = group
        for name in users:
            subprocess.run(["usermod", "-aG", group, name], check=True, capture_output=True)
        shared = base / "class"
        shared.mkdir()
        shutil.chown(shared, group=group)
        shared.chmod(0o2770)  # group-writable, setgid: SQLite's WAL files beside the store stay the class's
        keeper = f"hk{tag}tables"  # the tables service's own user: the only one who may open the tables store
        subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", str(base / "tables"), "--shell",
                        "/usr/sbin/nologin", keeper], check=True, capture_output=True)
        made.append(keeper)
        admin_token = secrets.token_hex(16)
        tables_port = free_port()
        python, server_env = users_python(base, mounts)
        state = base / "hub"
        state.mkdir(mode=0o700)
        port = free_port()
        test_config = state / "test_config.py"
        test_config.write_text(
            "c = get_config()  # noqa: F821\n"
            f"load_subconfig({str(CONFIG)!r})  # noqa: F821  the shipped recipe, then only a test's ports and folders\n"
            f"c.JupyterHub.bind_url = 'http://127.0.0.1:{port}'\n"
            f"c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{free_port()}'\n"
            f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'\n"
            f"c.ConfigurableHTTPProxy.command = [{str(proxy)!r}]\n"
            f"c.ConfigurableHTTPProxy.pid_file = {str(state / 'proxy.pid')!r}\n"
            f"c.JupyterHub.db_url = 'sqlite:///{state / 'jupyterhub.sqlite'}'\n"
            f"c.JupyterHub.cookie_secret_file = {str(state / 'cookie_secret')!r}\n"
            f"c.Spawner.environment = {server_env!r}\n"
            f"c.JupyterHub.services[0]['environment'].update({server_env!r})  # the tables service's Python\n"
            "c.Spawner.environment['HICKORY_TEACHER_CODE'] = lambda spawner: "  # the teacher's dashboard
            f"{TEACHER_CODE!r} if spawner.user.name == {users[2]!r} else ''\n"
            f"c.JupyterHub.services.append({{'name': 'hk-test', 'api_token': {admin_token!r}}})\n"
            "c.JupyterHub.load_roles.append({'name': 'admin', 'services': ['hk-test']})  # mints users' tokens\n")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("HICKORY_", "JUPYTER"))}
        env.update(HICKORY_HUB_USERS=",".join(users), HICKORY_HUB_PASSWORD=PASSWORD,
                   HICKORY_HUB_NOTEBOOKS=str(base / "notebooks"), HICKORY_HUB_PYTHON=str(python),
                   HICKORY_TABLES_SERVICE_USER=keeper, HICKORY_TABLES_STORE=str(base / "tables" / "tables.sqlite3"),
                   HICKORY_TABLES_SERVICE_PORT=str(tables_port), HICKORY_TEACHERS=users[2],
                   PYTHONPATH=str(ROOT))
        with log_path.open("wb") as log:
            process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(test_config)], cwd=state,
                                       env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + HUB_START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"JupyterHub stopped with code {process.returncode}:\n{log_path.read_text()[-4000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{url}/hub/api/", timeout=5) as answer:
                if answer.status == 200:
                    break
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterHub did not answer in {HUB_START_TIMEOUT:.0f} s:\n{log_path.read_text()[-4000:]}")
            time.sleep(0.5)
        yield Hub(url, users, {name: base / "home" / name for name in users}, log_path,
                  f"http://127.0.0.1:{tables_port}/services/hickory-tables/", base / "tables" / "tables.sqlite3",
                  admin_token)
    finally:
        if process is not None and process.poll() is None:
            process.terminate()  # the hub stops the proxy and every learner's server it started
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
                process.wait(10)
        for name in made:  # their servers have stopped with the hub; anything left of theirs goes too
            subprocess.run(["pkill", "-KILL", "-u", name], check=False)
        time.sleep(0.5)
        for name in made:
            subprocess.run(["userdel", name], check=False, capture_output=True)
        if made_group:
            subprocess.run(["groupdel", made_group], check=False, capture_output=True)
        for target in reversed(mounts):
            subprocess.run(["umount", "-l", str(target)], check=False)
        shutil.rmtree(base, ignore_errors=True)


def in_own_browser(body: Any, *args: Any) -> None:
    """Runs ``body(chromium, *args)`` on a thread of its own with a Chromium of its own: in a full run the browser
    tests' Playwright holds an asyncio loop on pytest's thread, where the sync API refuses to start another."""
    from concurrent.futures import ThreadPoolExecutor

    def run() -> None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                body(chromium, *args)
            finally:
                chromium.close()

    with ThreadPoolExecutor(1) as own:
        own.submit(run).result()


def log_in(browser: Any, hub: Hub, name: str) -> Any:
    """A browser of the learner's own: the hub's login page, name and password, then wherever the hub sends it."""
    page = browser.new_context().new_page()
    page.set_default_timeout(FIRST_BOARD_MS)
    page.goto(f"{hub.url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    return page


def _try_read(uid: int, gid: int, path: str, out: Any) -> None:
    """In a child that became another learner for good: try to read ``path``."""
    try:
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
        with open(path, "rb") as handle:
            out.put(("read", len(handle.read())))
    except OSError as error:
        out.put(("refused", type(error).__name__))


def read_as(user: str, path: Path) -> tuple[str, Any]:
    entry = pwd.getpwnam(user)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    child = ctx.Process(target=_try_read, args=(entry.pw_uid, entry.pw_gid, str(path), out))
    child.start()
    result = out.get(timeout=60)
    child.join(60)
    return result


def test_three_learners_on_the_hub_each_themselves_with_progress_only_they_can_read(hub: Hub) -> None:
    in_own_browser(three_learners, hub)


def three_learners(browser: Any, hub: Hub) -> None:
    from playwright.sync_api import expect

    from hickory_widget.lessons.progress import read_learners

    started = time.monotonic()
    pages = []
    for number, name in enumerate(hub.users):
        page = log_in(browser, hub, name)
        try:
            page.wait_for_selector("[data-testid=lesson]")  # the hub started their server and opened the lessons
        except Exception:
            pytest.fail(f"{name}'s lessons did not open (at {page.url}); the hub's log:\n{hub.log()}")
        assert f"/user/{name}/voila/render/classroom.ipynb" in page.url  # c.Spawner.default_url
        expect(page.locator(".ls-learner")).to_contain_text(name)  # the hub's user is the learner
        assert page.locator("[data-testid=join]").count() == 0  # nothing asked: no name, no PIN
        target = page.locator('[data-testid=lesson] .hk-clock-svg [data-target-key="outer:4"]')
        target.click()  # the first exercise, solved on the board
        expect(page.locator("[data-testid=lesson]")).to_have_attribute("data-state", "correct")
        expect(page.locator('[data-map="goal/grab-button"]')).to_have_attribute("data-stars", "3")
        if number == 0:  # an address naming another learner changes nothing: the login decides
            other = hub.users[1]
            page.goto(f"{hub.url}/user/{name}/voila/render/classroom.ipynb?learner={other}")
            page.wait_for_selector("[data-testid=lesson]")
            expect(page.locator(".ls-learner")).to_contain_text(name)
            expect(page.locator(".ls-learner")).not_to_contain_text(other)
        pages.append(page)
    print(f"\nthree learners logged in, served and solving: {time.monotonic() - started:.1f} s")
    # another learner's server, running, is not this learner's to open: the hub refuses, nothing of theirs shows
    page, other = pages[0], hub.users[2]
    answer = page.goto(f"{hub.url}/user/{other}/voila/render/classroom.ipynb")
    assert answer is not None and answer.status == 403, (answer and answer.status, page.url)
    assert page.locator("[data-testid=lesson]").count() == 0
    for page in pages:
        page.context.close()

    for name in hub.users:
        store = hub.homes[name] / STORE
        assert store.is_file(), f"{name}'s progress is not in their home: {sorted(hub.homes[name].rglob('*'))}"
        info = store.stat()
        assert info.st_uid == pwd.getpwnam(name).pw_uid  # written by their own server, as them
        assert stat.S_IMODE(info.st_mode) & 0o077 == 0, oct(info.st_mode)  # for them only
        learners = read_learners(store)
        assert list(learners) == [name]  # their own record, nobody else's
        assert learners[name]["goal/grab-button"]["stars"] == 3
    for reader in hub.users:
        for owner in hub.users:
            if owner != reader:  # the store and whatever SQLite keeps beside it (-wal, -shm)
                for path in (hub.homes[owner] / STORE).parent.glob(STORE.name + "*"):
                    assert read_as(reader, path)[0] == "refused", (reader, path)
    assert read_as(hub.users[0], hub.homes[hub.users[0]] / STORE)[0] == "read"  # the check itself can read


MOVE_TIMEOUT_MS = 20_000
"""How long a move may take to reach the other learner's page (a CI machine under load once took more than 5 s)."""


def test_two_hub_learners_at_one_table_on_their_own_servers(hub: Hub) -> None:
    in_own_browser(two_at_a_table, hub)


def two_at_a_table(browser: Any, hub: Hub) -> None:
    """Two learners, each logged in on their own browser and served by their own server, share a table through the
    tables service ($HICKORY_TABLES is its URL): one opens it, the other sits down, a move of one reaches the other.
    Neither can open the store (it is the service's user's), neither gets the other's seat from the service, and
    the teacher (``HICKORY_TEACHERS``) sees every hand."""
    from playwright.sync_api import expect

    ada, bob = (log_in(browser, hub, name) for name in hub.users[:2])
    for page in (ada, bob):
        page.wait_for_selector("[data-testid=show-tables]").click()
        page.wait_for_selector("[data-testid=tables]")
    ada.click("[data-testid=tables] [data-action=game][data-arg=clocktowers]")
    ada.wait_for_selector("[data-testid=open-opt-floors_on_others]")
    ada.click("[data-testid=open-go]")
    head = ada.wait_for_selector("[data-testid=seat-head]")
    table = int(head.get_attribute("data-table"))
    bob.wait_for_selector(f"[data-testid=sit-{table}-P2]").click()
    bob.wait_for_selector("[data-testid=seat-head]")
    first = ada.wait_for_selector("[data-choice-id]")
    first.click()
    # taken on the mover's device, then on the other's: a move travels through the hub's proxy and the service
    # to the other server's kernel, whose next poll (every 0.5 s) draws it; the rest is a loaded machine's slack
    expect(ada.locator("[data-testid=seat-head]")).to_have_attribute("data-version", "1", timeout=MOVE_TIMEOUT_MS)
    expect(bob.locator("[data-testid=seat-head]")).to_have_attribute("data-version", "1", timeout=MOVE_TIMEOUT_MS)
    from hickory_widget.core.tables import TableError
    from hickory_widget.lessons.tables_remote import RemoteTables

    store = hub.tables_store
    assert store.is_file(), f"the tables service's store is missing; the hub's log:\n{hub.log()}"
    assert store.stat().st_uid == pwd.getpwnam(f"{hub.users[0][:-1]}tables").pw_uid
    for name in hub.users:  # no learner, the teacher neither, may open the store: only the service's user
        for path in store.parent.glob(store.name + "*"):
            assert read_as(name, path)[0] == "refused", (name, path)
    ada_api, bob_api, teacher = (RemoteTables(hub.tables_url, hub.token(name)) for name in hub.users)
    assert ada_api.view(table, "P1")["seat"] == "P1" and bob_api.view(table, "P2")["version"] == 1
    for asker, seat in ((ada_api, "P2"), (bob_api, "P1")):
        with pytest.raises(TableError) as refused:
            asker.view(table, seat)
        assert refused.value.reason == "forbidden" and refused.value.facts["status"] == 403
    with pytest.raises(TableError) as refused:
        ada_api.game(table)
    assert refused.value.facts["status"] == 403
    hands = teacher.game(table)  # the teacher's Tables tab: the referee's game, every hand
    assert hands.to_json(seat="P2") == teacher.view(table, "P2")["save"] and len(teacher.log(table)) == 1
    desk = log_in(browser, hub, hub.users[2])  # the teacher's own server: the dashboard asks the service as them
    desk.wait_for_selector("[data-testid=lesson]")
    desk.goto(f"{hub.url}/user/{hub.users[2]}/voila/render/classroom.ipynb?teacher")
    desk.wait_for_selector("[data-testid=dash-code]").fill(TEACHER_CODE)
    desk.keyboard.press("Enter")
    desk.wait_for_selector("[data-testid=dash-tab-tables]").click()
    row = desk.wait_for_selector(f"[data-testid=dash-table-{table}]")
    cells = [c.inner_text().strip() for c in row.query_selector_all("[data-testid=dash-hand]")]
    assert len(cells) == 2 and all(cells), f"the teacher sees both hands: {cells}"
    desk.context.close()
    for page in (ada, bob):
        page.context.close()

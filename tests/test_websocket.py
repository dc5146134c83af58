"""The kernel websocket without Nagle's delay (hickory_widget/core/websocket.py), in a real Jupyter Server.

The server runs in this process (on its own thread and event loop) with the package's installed Jupyter config,
a real kernel is started, and a real websocket client asks it for its kernel info. The server's end of that
websocket then has TCP_NODELAY set when the package's server extension is enabled, and not when it is switched
off (Jupyter Server's own default): the test sees the option on the very socket the server writes to.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from jupyter_server.extension.config import ExtensionConfigManager
from jupyter_server.gateway.connections import GatewayWebSocketConnection
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.websocket import websocket_connect

from hickory_widget.core.websocket import CLASS_NAME, OFF_SWITCH, NoDelayConnection

EXTENSION = "hickory_widget.core.websocket"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def jupyter_server(tmp_path: Path, *extra: str) -> Iterator[tuple[ServerApp, str]]:
    """A real Jupyter Server on a free port, reading the installed config (JUPYTER_CONFIG_DIR is set by the
    caller to an empty folder, so only the environment's own etc/jupyter speaks)."""
    port = free_port()
    ready = threading.Event()
    holder: dict[str, ServerApp] = {}
    failed: list[BaseException] = []

    def run() -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        try:
            app = ServerApp()
            app.init_signal = lambda: None  # signals belong to the main thread, which is pytest's
            app.initialize(argv=[f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
                                 "--IdentityProvider.token=", f"--ServerApp.root_dir={tmp_path}",
                                 "--ServerApp.open_browser=False", "--allow-root",
                                 "--ServerApp.disable_check_xsrf=True", *extra])
            holder["app"] = app
            app.io_loop.add_callback(ready.set)
            app.start()
        except BaseException as error:
            failed.append(error)
            ready.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(60), "the Jupyter Server did not start within 60 s"
    if failed:
        raise failed[0]
    app = holder["app"]
    try:
        yield app, f"127.0.0.1:{port}"
    finally:
        app.io_loop.add_callback(app.stop)
        thread.join(30)


def server_side_nodelay(address: str) -> int:
    """Start a kernel, talk to it over a websocket, and read TCP_NODELAY on the server's end of that websocket."""
    request = urllib.request.Request(f"http://{address}/api/kernels", data=b"{}", method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        kernel = json.load(response)["id"]
    session = uuid.uuid4().hex

    async def talk() -> int:
        ws = await websocket_connect(f"ws://{address}/api/kernels/{kernel}/channels?session_id={session}")
        msg_id = uuid.uuid4().hex
        ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "kernel_info_request", "username": "test", "session": session,
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": [],
        }))
        while True:  # the reply proves the whole path (browser side, server, kernel) works
            message = json.loads(await asyncio.wait_for(ws.read_message(), 60))
            if message.get("parent_header", {}).get("msg_id") == msg_id and message["channel"] == "shell":
                break
        handler = ZMQChannelsWebsocketConnection._open_sessions[f"{kernel}:{session}"]
        option = handler.ws_connection.stream.socket.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        ws.close()
        return option

    with ThreadPoolExecutor(1) as own_loop:  # pytest's thread may already run a loop (Playwright's, in a full run)
        return own_loop.submit(asyncio.run, talk()).result()


@pytest.fixture
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR"):
        folder = tmp_path / name.lower()
        folder.mkdir()
        monkeypatch.setenv(name, str(folder))
    root = tmp_path / "root"
    root.mkdir()
    return root


def test_the_installed_package_enables_its_server_extension() -> None:
    """pip installs jupyter-config/ into the environment's etc/jupyter: every server there finds the extension."""
    from jupyter_core.paths import jupyter_config_path

    manager = ExtensionConfigManager(read_config_path=jupyter_config_path())
    assert manager.get_jpserver_extensions().get(EXTENSION) is True
    assert f"{EXTENSION}.{NoDelayConnection.__name__}" == CLASS_NAME


def test_a_kernel_websocket_has_nagle_off_in_a_server_with_the_package(own_config: Path) -> None:
    with jupyter_server(own_config) as (app, address):
        assert EXTENSION in app.extension_manager.extensions
        assert app.web_app.settings["kernel_websocket_connection_class"] is NoDelayConnection
        assert server_side_nodelay(address) != 0


def test_without_the_extension_the_server_leaves_nagle_on(own_config: Path) -> None:
    """The control: Jupyter Server's own connection keeps Tornado's default, which is what cost about 30 ms."""
    switched_off = f"--ServerApp.jpserver_extensions={EXTENSION}=False"
    with jupyter_server(own_config, switched_off) as (app, address):
        assert app.web_app.settings["kernel_websocket_connection_class"] is ZMQChannelsWebsocketConnection
        assert server_side_nodelay(address) == 0


def test_a_user_switches_the_extension_off_in_their_own_config(own_config: Path) -> None:
    """The documented opt-out for one user (docs/PACKAGING.md): their jupyter_server_config.json names the extension
    false, which wins over the environment's config that the package installed; the server keeps Tornado's default."""
    import os

    user_config = Path(os.environ["JUPYTER_CONFIG_DIR"]) / "jupyter_server_config.json"
    user_config.write_text(json.dumps({"ServerApp": {"jpserver_extensions": {EXTENSION: False}}}))
    with jupyter_server(own_config) as (app, address):
        assert app.web_app.settings["kernel_websocket_connection_class"] is ZMQChannelsWebsocketConnection
        assert server_side_nodelay(address) == 0


def test_the_environment_switch_leaves_the_servers_own_connection(own_config: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """HICKORY_WIDGET_NODELAY=0 in the server's environment: the extension loads but changes nothing."""
    monkeypatch.setenv(OFF_SWITCH, "0")
    with jupyter_server(own_config) as (app, _):
        assert EXTENSION in app.extension_manager.extensions
        assert app.web_app.settings["kernel_websocket_connection_class"] is ZMQChannelsWebsocketConnection


def test_a_connection_class_the_user_chose_is_kept(own_config: Path) -> None:
    """Somebody's own kernel_websocket_connection_class wins over the package's (it only replaces the default)."""
    chosen = "jupyter_server.gateway.connections.GatewayWebSocketConnection"  # not the default; any would do
    with jupyter_server(own_config, f"--ServerApp.kernel_websocket_connection_class={chosen}") as (app, _):
        assert app.web_app.settings["kernel_websocket_connection_class"] is GatewayWebSocketConnection


def test_the_classroom_scripts_standalone_voila_uses_the_connection(tmp_path: Path, own_config: Path) -> None:
    """A standalone Voilà loads no server extensions: scripts/classroom.sh (through ``hickory-classroom``,
    lessons/serve.py) names the class on its command line, and Voilà's server settings (what its kernel websocket
    handler reads) then hold it."""
    from voila.app import Voila

    from hickory_widget.lessons.serve import voila_command

    script = (Path(__file__).resolve().parent.parent / "scripts" / "classroom.sh").read_text()
    assert "hickory_widget.lessons.serve" in script
    command = voila_command("127.0.0.1", 8866, 10, 60, [])
    flags = [word for word in command if word.startswith("--Voila.kernel_websocket_connection_class=")]
    assert flags == [f"--Voila.kernel_websocket_connection_class={CLASS_NAME}"]
    notebook = tmp_path / "empty.ipynb"
    notebook.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    app = Voila()
    app.initialize(argv=[str(notebook), "--no-browser", *flags])
    assert app.init_settings()["kernel_websocket_connection_class"] is NoDelayConnection

"""The kernel's websocket without Nagle's delay: a click answered within a frame.

A click in the browser reaches the kernel as one message, but the answer comes back as several small ones on the
same websocket (the kernel is busy, the widget's new state, the log's new entries, the kernel is idle). Tornado
leaves Nagle's algorithm on for websockets, so every small message after the first waits until the browser has
acknowledged the one before, and the browser delays that acknowledgement by up to 40 ms. Measured in JupyterLab
(benchmarks/bench_widget.py, late in a 4-player game): 57 ms from click to redrawn board with Nagle, 27 ms without.

Jupyter Server takes the class of that connection as a setting. This module is also a Jupyter Server extension
that the package enables when it is installed (``jupyter-config/`` in the wheel): JupyterLab, Notebook 7 and
Voilà inside them then use :class:`NoDelayConnection`, unless your own config already names another class. A
standalone Voilà loads no server extensions; give it ``--Voila.kernel_websocket_connection_class=`` this class
(scripts/classroom.sh does).

To keep Jupyter Server's own connection (docs/PACKAGING.md): ``HICKORY_WIDGET_NODELAY=0`` in the server's
environment, or ``{"ServerApp": {"jpserver_extensions": {"hickory_widget.core.websocket": false}}}`` in the user's
``~/.jupyter/jupyter_server_config.json`` (the user's config wins over the environment's), or
``--ServerApp.jpserver_extensions=hickory_widget.core.websocket=False`` for one server.
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

CLASS_NAME = f"{__name__}.NoDelayConnection"
"""The dotted name to give ``kernel_websocket_connection_class`` in a config or on a command line."""

OFF_SWITCH = "HICKORY_WIDGET_NODELAY"
"""The environment variable that, set to 0, leaves a server's kernel websockets as Jupyter Server makes them."""


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection with TCP_NODELAY set on its socket."""

    def connect(self) -> Any:
        """Switch Nagle off, then connect as Jupyter Server does (it awaits what this returns)."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Use :class:`NoDelayConnection` where the server would use its default class, never over a chosen one."""
    settings = serverapp.web_app.settings
    if os.environ.get(OFF_SWITCH, "1").strip() in ("0", "false", "False", "no", "off"):
        serverapp.log.info("hickory_widget: %s is off, kernel websockets keep Jupyter Server's own class", OFF_SWITCH)
        return
    if settings.get("kernel_websocket_connection_class") in (None, ZMQChannelsWebsocketConnection):
        settings["kernel_websocket_connection_class"] = NoDelayConnection
        serverapp.log.info("hickory_widget: kernel websockets send without Nagle's delay (%s)", CLASS_NAME)

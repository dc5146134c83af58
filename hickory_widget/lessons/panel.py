"""A page of the classroom app drawn by the kernel (the join form, the teacher's dashboard): HTML in, intents out.

The page is built in Python from escaped text (:func:`html.escape` on every value), so the front end
(``panel.mjs``) only draws it and sends back clicks with the values of the page's fields. A handler that raises is
logged for the developer and the page shows one short sentence; the kernel's paths never reach the browser.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent
log = logging.getLogger(__name__)


class Panel(anywidget.AnyWidget):
    """``Panel(handler)``: ``handler(kind, arg, fields)`` is called for every intent the page sends."""

    _esm = (HERE / "panel.mjs").read_text(encoding="utf-8")
    _css = (HERE / "panel.css").read_text(encoding="utf-8")
    html = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    poll = traitlets.Float(0.0).tag(sync=True)
    """Seconds between the front end's "anything new?" questions (0: never)."""

    def __init__(self, handler: Callable[[str, Any, dict[str, str]], None], failed: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler = handler
        self._failed = failed
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return
        fields = content.get("fields")
        fields = {str(k)[:40]: v[:400_000] for k, v in fields.items() if isinstance(v, str)} \
            if isinstance(fields, dict) else {}
        arg = content.get("arg")
        try:
            self._handler(content["type"][:40], arg if isinstance(arg, str) else None, fields)
        except Exception:  # logged for the developer; the visitor gets one sentence
            log.exception("classroom page: intent %r failed", content.get("type"))
            self.status = self._failed
        finally:
            if content["type"] == "poll":  # the front end asks again only once this answer came (panel.mjs)
                self.send({"type": "polled"})

    def download(self, name: str, text: str, mime: str = "text/csv") -> None:
        """Hands ``text`` to the browser as a file called ``name``."""
        self.send({"type": "download", "name": name, "text": text, "mime": mime})

"""What the classroom app's in-process tests share: the page click a browser would send, and a classroom of its
own (store, teacher's code, no hub user) for one test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CODE = "K7QM-4XPA"
"""The teacher's code of every test classroom."""


def send(page: Any, kind: str, arg: str | None = None, **fields: str) -> None:
    """What the browser sends when a button of a kernel-drawn page is clicked (or its poll ticks)."""
    page._on_msg(None, {"type": kind, "arg": arg, "fields": fields})


def new_classroom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store of its own in ``tmp_path``, the teacher's code set, no JupyterHub user: the store's path."""
    monkeypatch.setenv("HICKORY_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setenv("HICKORY_TEACHER_CODE", CODE)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    return tmp_path / "progress.sqlite3"

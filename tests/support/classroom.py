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


def enter(page: Any, url: str, query: str, timeout: float, *, new: bool = True, pin: str = "2468") -> None:
    """A learner comes into the classroom app in a browser (a new one types a PIN twice, one known once) and opens
    the Tables page."""
    page.goto(f"{url}/?{query}", timeout=timeout)
    page.wait_for_selector("[data-testid=join]", timeout=timeout)
    page.fill("[data-testid=join-pin]", pin)
    page.keyboard.press("Enter")
    if new:
        page.wait_for_selector("[data-testid=join-new]")
        page.fill("[data-testid=join-pin2]", pin)
        page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=show-tables]", timeout=timeout).click()
    page.wait_for_selector("[data-testid=tables]", timeout=timeout)


def teacher_tables(page: Any, url: str, timeout: float, lang: str = "en") -> None:
    """The teacher's dashboard in a browser, the code typed, the Tables tab open."""
    page.goto(f"{url}/?teacher&lang={lang}", timeout=timeout)
    page.wait_for_selector("[data-testid=dash-code]", timeout=timeout).fill(CODE)
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=dash-tab-tables]", timeout=timeout).click()

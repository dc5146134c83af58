"""The classroom's Voilà page asks nothing of another host (issue 31): Voilà's own lab template links two Font
Awesome stylesheets on a CDN and imports mermaid.js from cdnjs; an offline classroom waited on them. The project's
template ``hickory`` (jupyter-data/voila/templates/hickory, installed with the package) is that template without
them, and scripts/classroom.sh serves with it."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXTERNAL = re.compile(r"""<(?:link|script|img)\b[^>]*\b(?:href|src)\s*=\s*["']https?://|import\(\s*["']https?://""",
                      re.I)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_page(tmp_path: Path, *flags: str) -> str:
    notebook = tmp_path / "empty.ipynb"
    notebook.write_text('{"cells": [], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", '
                        '"language": "python"}}, "nbformat": 4, "nbformat_minor": 5}')
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}",
                                "--Voila.ip=127.0.0.1", *flags], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
                    return answer.read().decode("utf-8")
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
    finally:
        process.terminate()
        process.wait(20)


def classroom_flags() -> list[str]:
    """The template flags hickory-classroom (scripts/classroom.sh runs it) gives Voilà."""
    from hickory_widget.lessons.serve import voila_command

    return [word for word in voila_command("127.0.0.1", 8866, 0, 60, []) if word.startswith("--template=")]


def test_the_classroom_serves_with_the_projects_template() -> None:
    assert classroom_flags() == ["--template=hickory"]


def test_the_classroom_page_asks_no_other_host_for_anything(tmp_path: Path) -> None:
    page = voila_page(tmp_path, *classroom_flags())
    assert "jp-Notebook" in page or "voila" in page.lower(), page[:500]
    assert not EXTERNAL.findall(page), EXTERNAL.findall(page)
    assert "theme-light" in page or "--jp-layout-color0" in page, "the page lost JupyterLab's theme"


@pytest.mark.parametrize("template", ["lab"])
def test_the_check_sees_what_voilas_own_template_asks_of_a_cdn(tmp_path: Path, template: str) -> None:
    """The control: Voilà's lab template, as it ships, links the CDN (so the test above can fail)."""
    found = EXTERNAL.findall(voila_page(tmp_path, f"--template={template}"))
    assert any("https://" in f for f in found), found

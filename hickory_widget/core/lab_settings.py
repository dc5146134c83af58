"""The settings a JupyterLab gets when this project opens it (scripts/lab.sh): no toast asking about Jupyter's
news over the first notebook a newcomer opens.

JupyterLab reads defaults from ``<app dir>/settings/overrides.json`` (the app dir of the environment it runs in, here
the project's .venv), below anything the user sets. ``python -m hickory_widget.core.lab_settings`` merges ours into
that file, keeping every other setting there."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

OVERRIDES: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def overrides_file() -> Path:
    from jupyterlab.commands import get_app_dir

    return Path(get_app_dir()) / "settings" / "overrides.json"


def write_overrides(path: Path | None = None) -> Path:
    """Merges :data:`OVERRIDES` into ``path`` (JupyterLab's overrides.json by default); other settings stay."""
    path = path or overrides_file()
    try:
        current = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError):
        current = {}
    if not isinstance(current, dict):
        current = {}
    for plugin, values in OVERRIDES.items():
        mine = current.get(plugin) if isinstance(current.get(plugin), dict) else {}
        current[plugin] = {**mine, **values}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":  # pragma: no cover - scripts/lab.sh
    print(f"==> JupyterLab settings: {write_overrides(Path(sys.argv[1]) if len(sys.argv) > 1 else None)}")

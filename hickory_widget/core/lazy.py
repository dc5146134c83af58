"""Public names imported on first use: a package lists where each name lives, and importing the package stays
cheap (the catalogs, a lesson's format, a Voilà kernel's first cell load only what they use; the widget, and with
it ipywidgets, only when asked)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``where`` is imported from the module named there
    (relative to the package) the first time it is asked for, and then kept on the package."""

    def __getattr__(name: str) -> Any:
        if name in where:
            value = getattr(import_module(f".{where[name]}", package), name)
            setattr(sys.modules[package], name, value)
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__

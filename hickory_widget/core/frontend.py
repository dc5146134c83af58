"""The widgets' front ends as built files: ``hickory_widget/static/<name>.js`` and ``<name>.css``, one pair per
widget, bundled by esbuild from the ES modules in ``js/`` (entry modules ``js/widgets/<name>.mjs``).

A wheel carries the bundles (its build hook, ``hatch_build.py``, makes them), so installing it needs no Node. A
checkout builds them with ``bash scripts/build_js.sh`` (``scripts/test.sh`` and ``scripts/lab.sh`` do it first);
``bash scripts/dev_js.sh`` rebuilds on every save, and with ``ANYWIDGET_HMR=1`` the widget on the page reloads its
module, since ``_esm`` and ``_css`` are the files' paths (anywidget watches them). A checkout without bundles gets a
widget that says what to run instead of a blank output.
"""

from __future__ import annotations

import logging
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
"""Where the bundles are: the wheel's copy, or the checkout's build output (git-ignored)."""
BUILD_COMMAND = "bash scripts/build_js.sh"
WIDGETS = ("hickory", "clocktowers", "mice", "lesson_hickory", "lesson_clocktowers", "lesson_mice", "whatif")
"""The bundles, one per widget (``js/widgets/<name>.mjs``)."""
log = logging.getLogger(__name__)

__all__ = ["BUILD_COMMAND", "STATIC", "WIDGETS", "css", "esm", "not_built"]


def _checked(name: str) -> str:
    if name not in WIDGETS:
        raise ValueError(f"no front-end bundle is named {name!r}; the bundles are {', '.join(WIDGETS)}")
    return name


def not_built(name: str, static: Path | None = None) -> str:
    """The module shown in place of a bundle that was not built: a sentence saying what to run, not a blank."""
    path = (static or STATIC) / f"{name}.js"
    text = (f"hickory_widget's front end is not built: {path} is missing. In the project's checkout run "
            f"`{BUILD_COMMAND}` (it needs Node.js and npm), then restart the kernel.")
    return ("export default { render({ el }) {\n"
            "  const p = document.createElement('p');\n"
            "  p.setAttribute('role', 'alert');\n"
            "  p.dataset.testid = 'front-end-not-built';\n"
            "  p.style.cssText = 'padding: 0.6em; border: 2px solid #b00020; color: #b00020;';\n"
            f"  p.textContent = {text!r};\n"
            "  el.appendChild(p);\n"
            "} };\n")


def esm(name: str, static: Path | None = None) -> Path | str:
    """The widget's ``_esm``: the bundle's path, or, when it was not built, a module saying what to run."""
    path = (static or STATIC) / f"{_checked(name)}.js"
    if path.is_file():
        return path
    log.warning("the front-end bundle %s is missing: run `%s` in the checkout", path, BUILD_COMMAND)
    return not_built(name, static)


def css(name: str, static: Path | None = None) -> Path | str:
    """The widget's ``_css``: the bundle's stylesheet's path ("" for a widget without styles, or not built)."""
    path = (static or STATIC) / f"{_checked(name)}.css"
    return path if path.is_file() else ""

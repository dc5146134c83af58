"""Sphinx settings of the docs site. Built by scripts/docs.sh (docs/site/make_site.py stages the sources first);
the built folder is static: no CDN, no web font, nothing loaded from another host."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE / "_ext"), str(ROOT)]

from hickory_widget import __version__  # noqa: E402

project = "hickory_widget"
author = "the hickory_widget developers"
copyright = "the hickory_widget developers, MIT licence"
release = version = __version__

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode", "rule_links"]
exclude_patterns = [".doctrees", "**/.ipynb_checkpoints"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header", "misc.highlighting_failure"]

# The notebooks are run by make_site.py (cached between builds); Sphinx shows their outputs as they are. A widget's
# live view needs a kernel: its static picture (SVG) is shown instead.
nb_execution_mode = "off"
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_output_stderr = "remove"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}

html_theme = "furo"
html_title = f"hickory_widget {release}"
html_static_path = [str(HERE / "_static")]
html_css_files = ["site.css"]
html_copy_source = False
html_show_sourcelink = False

"""A static picture that chooses its layout by the width of the output showing it.

Python cannot know how wide a notebook's output is, and an SVG's proportions are fixed by its viewBox: drawn
smaller, its texts shrink (a 1,000-unit board is 7.7 px text in JupyterLab's 592 px output at 1024x768 with the
file browser open). So a game's ``_repr_html_`` carries two SVGs, its wide layout and a one-column narrow one, and a
CSS container query on the output's width shows one of them. Each is an ``<img>`` of a data URL, as JupyterLab
shows an SVG itself: the two copies' ids cannot clash, in one output or across a page of them.

JupyterLab and Notebook 7 show a trusted output's HTML (an output is trusted once its cell has run in the session),
nbconvert and the docs site show it as it is; where HTML is not shown, ``_repr_svg_`` (the wide layout) still is.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

DATA_SAFE = " /=:,;()'-.!*~<>_?@+&"
"""Characters a data URL may keep as they are inside a double-quoted attribute (``quote`` codes the rest): about
a third shorter than coding them all."""


def picture_html(wide: str, narrow: str, alt: str, below: int, name: str = "picture") -> str:
    """``wide`` and ``narrow`` (two SVG documents) as one HTML picture that fills its output: ``narrow`` where the
    output is narrower than ``below`` CSS px, ``wide`` from there on. ``alt`` is the text alternative of both;
    ``name`` is the ``data-testid`` of the picture's box."""
    box = f"hw-picture-{below}"  # one class per width: the style rules of pictures on one page must not clash
    images = "".join(f'<img class="hw-{kind}" alt="{escape(alt)}" '
                     f'src="data:image/svg+xml,{quote(svg, safe=DATA_SAFE)}">'
                     for kind, svg in (("wide", wide), ("narrow", narrow)))
    return (f'<div class="{box}" data-testid="{escape(name)}">'
            f'<style>.{box}{{container-type:inline-size;width:100%;max-width:100%}}'
            f'.{box}>img{{display:block;width:100%;height:auto;max-width:100%}}.{box}>.hw-narrow{{display:none}}'
            f'@container (max-width:{below - 0.02}px)'
            f'{{.{box}>.hw-wide{{display:none}}.{box}>.hw-narrow{{display:block}}}}'
            f'</style>{images}</div>')

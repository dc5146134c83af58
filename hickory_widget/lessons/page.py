"""The classroom page's own words: its title, its intro and the teachers' note, in the visitor's language.

The lesson widget follows ``?lang=it`` / ``&lang=de``; the page around it (examples/06_lessons.ipynb served by
Voilà) must too, so its words are not a markdown cell but this small widget, drawn after :func:`.app.classroom_app`
has read the visitor's address. In Voilà it also names the browser tab. The intro is short on purpose: the lesson's
task and its board must start on the first screen.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

import anywidget
import traitlets

from ..hickory.words.i18n import LANGUAGES, t
from .app import static_site

PARTS = ("title", "intro", "stars", "teachers_title", "teachers")

_ESM = """
function render({ model, el }) {
  const draw = () => {
    const x = model.get("texts") || {};
    const head = document.createElement("header");
    head.className = "cp-page";
    head.lang = x.lang || "en";
    head.setAttribute("data-testid", "page-intro");
    const add = (tag, parent, text, cls) => {
      const e = document.createElement(tag);
      e.textContent = text || "";
      if (cls) e.className = cls;
      parent.appendChild(e);
      return e;
    };
    add("h1", head, x.title);
    if (x.intro) add("p", head, x.intro, "cp-intro");
    if (x.stars) add("p", head, x.stars, "cp-stars");
    const more = add("details", head, "", "cp-teachers");
    add("summary", more, x.teachers_title);
    add("p", more, x.teachers);
    el.replaceChildren(head);
    if (model.get("set_title") && x.title) document.title = x.title;
  };
  model.on("change:texts", draw);
  draw();
  return () => model.off("change:texts", draw);
}
export default { render };
"""

_CSS = """
.cp-page { max-width: 1100px; margin: 0 0 6px; color: #2f2a20; font-family: system-ui, sans-serif; }
.cp-page h1 { font-size: 24px; line-height: 1.2; margin: 0 0 4px; }
.cp-page p { margin: 2px 0; font-size: 15px; line-height: 1.4; }
.cp-page .cp-stars { color: #5b5446; font-size: 14px; }
.cp-page details { margin-top: 2px; font-size: 14px; color: #5b5446; }
.cp-page summary { cursor: pointer; }
"""


class ClassroomPage(anywidget.AnyWidget):
    """The title and intro of the classroom page (``texts``: the ``lesson.page.*`` catalog entries)."""

    _esm = _ESM
    _css = _CSS
    texts = traitlets.Dict().tag(sync=True)
    set_title = traitlets.Bool(False).tag(sync=True)
    """Name the browser tab too: only where the page is the app (Voilà), not inside JupyterLab."""


def visitor_language(query: str | None = None) -> str:
    """``lang`` of the visitor's address (``QUERY_STRING``, which classroom_app has waited for), else English."""
    q = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    lang = q.get("lang", ["en"])[0]
    return lang if lang in LANGUAGES else "en"


def page_texts(lang: str, teacher: bool = False, static: bool = False) -> dict[str, str]:
    """The page's words; the teacher's dashboard gets no learner's intro (how to answer, what the stars mean). On
    the static site (``static``: Python in the browser) the teachers' note tells how that site is used, since
    there is no server to start and no PIN to give."""
    shown = [p for p in PARTS if not (teacher and p in ("intro", "stars"))]
    key = {"teachers": "teachers_static"} if static else {}
    return {"lang": lang, **{part: t(lang, f"lesson.page.{key.get(part, part)}") for part in shown}}


def classroom_page(query: str | None = None) -> ClassroomPage:
    """The page's title and intro in the visitor's language (or the language of ``query``)."""
    in_voila = any(key.startswith("VOILA_") for key in os.environ)
    address = os.environ.get("QUERY_STRING", "") if query is None else query
    teacher = "teacher" in parse_qs(address, keep_blank_values=True)
    return ClassroomPage(texts=page_texts(visitor_language(address), teacher, static=static_site()),
                         set_title=in_voila)

"""Sphinx extension of the docs site: every rule id in a page's text (R48, R40a, Q7, H3) becomes a link to its
explanation on the rules page of the page's language (rules/en.html#R48). Code, literal blocks, raw HTML and
existing links are left as they are; only ids the engine explains are linked."""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes

RULE_ID = re.compile(r"\b(R\d+[a-z]?|Q\d+|H\d+)\b")
SKIP = (nodes.reference, nodes.literal, nodes.literal_block, nodes.raw, nodes.FixedTextElement, nodes.title)


def language_of(docname: str) -> str:
    parts = docname.split("/")
    if parts[0] in ("notebooks", "rules") and len(parts) > 1 and parts[1] in ("it", "de"):
        return parts[1]
    return "en"


def link_rule_ids(app: Any, doctree: nodes.document, docname: str) -> None:
    from hickory_widget.hickory.words.explain import explained_ids

    language = language_of(docname)
    known = set(explained_ids(language))
    target = app.builder.get_relative_uri(docname, f"rules/{language}")
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(a, SKIP) for a in _ancestors(parent)):
            continue
        source = str(text)
        pieces: list[nodes.Node] = []
        last = 0
        for m in RULE_ID.finditer(source):
            if m.group(1) not in known:
                continue
            pieces.append(nodes.Text(source[last:m.start()]))
            pieces.append(nodes.reference(m.group(1), m.group(1), refuri=f"{target}#{m.group(1)}",
                                          classes=["rule-link"], internal=True))
            last = m.end()
        if not pieces:
            continue
        pieces.append(nodes.Text(source[last:]))
        parent.replace(text, [p for p in pieces if not (isinstance(p, nodes.Text) and not str(p))])


def _ancestors(node: nodes.Node):
    while node is not None:
        yield node
        node = node.parent


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-resolved", link_rule_ids)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

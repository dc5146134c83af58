"""A static SVG of the table (towers, decks, scores), for notebooks read without a kernel.

Towers stand as stacked cards: floor cards from the ground up (a two-floor card twice as tall) showing their cats
or mice, then the clock, then the roof in its colour with the colour's name written on it (colour is never the
only sign). It shows what every player can see: no hand, no hidden deck order.

The picture fills the width of its output (``width="100%"`` on a fixed viewBox, towers wrapping to a new row when
a player has more than fit); its smallest text is 11 units, 11.7 CSS px in an 848 px output.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..rules.cards import card
from ..rules.scoring import tower_points
from ..words.labels import card_name, deck_name, t

UNIT, CLOCK_H, ROOF_H, TOWER_W, GAP = 18, 26, 26, 62, 14
VIEW_W = 800
"""The drawing's width in its own units."""
TOWERS_X = 150
PER_ROW = (VIEW_W - TOWERS_X) // (TOWER_W + GAP)
NARROW_W = 550
"""The narrow layout's width (fewer towers a row, the discard below the decks): 11-unit text is 11 px in a 550 px
output."""
ROOF_FILL = {"red": "#c0392b", "blue": "#2e6fbf", "green": "#3a9a4a", "yellow": "#e0b020", "purple": "#8e44ad"}
ROOF_TEXT = {"yellow": "#222"}
FLOOR_FILL = {"plain": "#efe4cf", "cats": "#f6d7b0", "mice": "#dde3ea"}


def cat_icon(x: float, y: float) -> str:
    return (f'<path transform="translate({x:.1f},{y:.1f})" d="M-5,-1 L-4.5,-7 L-1.5,-4 L1.5,-4 L4.5,-7 L5,-1 '
            f'A5,4.5 0 1 1 -5,-1Z" fill="#5b3a1e"><title>cat</title></path>')


def mouse_icon(x: float, y: float) -> str:
    return (f'<g transform="translate({x:.1f},{y:.1f})" fill="#6d6d6d"><title>mouse</title>'
            f'<circle cx="-3.6" cy="-3.6" r="2.6"/><circle cx="3.6" cy="-3.6" r="2.6"/><circle r="4.2"/></g>')


def animals(kind: str, cx: float, cy: float) -> str:
    if kind == "cats":
        return cat_icon(cx - 7, cy) + cat_icon(cx + 7, cy)
    if kind == "mice":
        return mouse_icon(cx - 7, cy) + mouse_icon(cx + 7, cy)
    return ""


def floor_svg(card_id: str, x: float, bottom: float) -> tuple[str, float]:
    c = card(card_id)
    h = UNIT * c.floors
    top = bottom - h
    parts = [f'<rect x="{x}" y="{top}" width="{TOWER_W}" height="{h}" fill="{FLOOR_FILL[c.animals]}" '
             f'stroke="#6b5a40"/>']
    for i in range(c.floors):
        wy = top + i * UNIT
        parts.append(f'<rect x="{x + 5}" y="{wy + 5}" width="8" height="{UNIT - 10}" fill="#9fb7c9"/>')
    if c.floors == 2:
        parts.append(f'<line x1="{x}" x2="{x + TOWER_W}" y1="{top + UNIT}" y2="{top + UNIT}" stroke="#6b5a40" '
                     'stroke-dasharray="3 3"/>')
    parts.append(animals(c.animals, x + TOWER_W / 2 + 8, top + UNIT / 2 + 2))
    return "".join(parts), top


def clock_svg(card_id: str, x: float, bottom: float) -> tuple[str, float]:
    top = bottom - CLOCK_H
    cx, cy = x + TOWER_W / 2, top + CLOCK_H / 2
    mice = card(card_id).animals == "mice"
    out = (f'<rect x="{x}" y="{top}" width="{TOWER_W}" height="{CLOCK_H}" fill="#d9c9a3" stroke="#6b5a40"/>'
           f'<circle cx="{cx}" cy="{cy}" r="10" fill="#fffdf5" stroke="#333"/>'
           f'<path d="M{cx},{cy} L{cx},{cy - 7} M{cx},{cy} L{cx + 5},{cy}" stroke="#333" stroke-width="1.6"/>')
    if mice:
        out += mouse_icon(x + 9, cy + 3) + mouse_icon(x + TOWER_W - 9, cy + 3)
    return out, top


def roof_svg(card_id: str, x: float, bottom: float, lang: str) -> tuple[str, float]:
    colour = card(card_id).colour or "red"
    top = bottom - ROOF_H
    name = t(lang, f"ct.colour.{colour}")
    return (f'<path d="M{x - 4},{bottom} L{x + TOWER_W / 2},{top} L{x + TOWER_W + 4},{bottom}Z" '
            f'fill="{ROOF_FILL[colour]}" stroke="#333"/><text x="{x + TOWER_W / 2}" y="{bottom - 5}" '
            f'text-anchor="middle" font-size="11" fill="{ROOF_TEXT.get(colour, "#fff")}">{escape(name)}</text>'), top


def tower_svg(tw: Any, x: float, ground: float, lang: str) -> str:
    parts, y = [], ground
    for f in tw.floors:
        part, y = floor_svg(f, x, y)
        parts.append(part)
    if tw.clock:
        part, y = clock_svg(tw.clock, x, y)
        parts.append(part)
    if tw.roof:
        part, y = roof_svg(tw.roof, x, y, lang)
        parts.append(part)
    label = t(lang, "ct.ui.points", n=tower_points(tw)) if tw.complete else t(lang, "ct.ui.incomplete")
    weight = "bold" if tw.complete else "normal"
    parts.append(f'<text x="{x + TOWER_W / 2}" y="{ground + 13}" text-anchor="middle" font-size="11">'
                 f'{escape(tw.id)}</text><text x="{x + TOWER_W / 2}" y="{ground + 26}" text-anchor="middle" '
                 f'font-size="11" font-weight="{weight}">{escape(label)}</text>')
    return "".join(parts)


def tower_height_px(tw: Any) -> float:
    return UNIT * tw.height + (CLOCK_H if tw.clock else 0) + (ROOF_H if tw.roof else 0)


def game_svg(game: Any, lang: str = "en", narrow: bool = False) -> str:
    """The table as one SVG; ``narrow``: ``NARROW_W`` wide (see ``game_html``)."""
    s = game.state
    width = NARROW_W if narrow else VIEW_W
    per_row = (width - TOWERS_X) // (TOWER_W + GAP)
    parts: list[str] = []
    y = 22
    parts.append(f'<text x="12" y="{y}" font-size="16" font-weight="bold">{escape(t(lang, "ct.ui.title"))}</text>')
    y += 12
    for i, (d, pile) in enumerate(s.decks.items()):
        x = 12 + i * 178
        top = card_name(pile[0], lang) if pile else t(lang, "ct.ui.empty")
        lines = _wrap(top, 26)
        parts.append(f'<rect x="{x}" y="{y}" width="170" height="{26 + 14 * len(lines)}" rx="4" fill="#fff" '
                     f'stroke="#8a7d66"/><text x="{x + 8}" y="{y + 17}" font-size="13" font-weight="bold">'
                     f'{escape(deck_name(d, lang))} ({len(pile)})</text>'
                     + "".join(f'<text x="{x + 8}" y="{y + 33 + 14 * k}" font-size="11">{escape(line)}</text>'
                               for k, line in enumerate(lines)))
    tx, ty = (12, y + 72) if narrow else (12 + 3 * 178, y)  # narrow: the discard below the decks
    parts.append(f'<text x="{tx}" y="{ty + 17}" font-size="12">'
                 f'{escape(t(lang, "ct.ui.discard", n=len(s.discard)))}</text>'
                 f'<text x="{tx}" y="{ty + 35}" font-size="12">'
                 f'{escape(t(lang, "ct.ui.removed", n=len(s.removed)))}</text>')
    y = ty + 66
    scores = game.scores
    mover = game.decision.player if game.decision else None
    for p in s.players:
        towers = s.towers_of(p)
        rows = [towers[i:i + per_row] for i in range(0, len(towers), per_row)] or [[]]
        bold = ' font-weight="bold"' if p == mover else ""
        marker = f" ◀ {t(lang, 'ct.ui.to_move')}" if p == mover else ""
        parts.append(f'<line x1="8" x2="{width - 8}" y1="{y}" y2="{y}" stroke="#d8d0c0"/>'
                     f'<text x="12" y="{y + 18}" font-size="14"{bold}>{escape(p)}{escape(marker)}</text>'
                     f'<text x="12" y="{y + 36}" font-size="12">{escape(t(lang, "ct.ui.points", n=scores[p]))}</text>'
                     + "".join(f'<text x="12" y="{y + 54 + 15 * k}" font-size="11" fill="#555">{escape(line)}</text>'
                               for k, line in enumerate(_wrap(t(lang, "ct.ui.hidden_hand", n=len(s.hands[p])), 20))))
        top = y
        for row in rows:
            tallest = max((tower_height_px(tw) for tw in row), default=UNIT)
            ground = y + max(tallest, UNIT) + 12
            for i, tw in enumerate(row):
                parts.append(tower_svg(tw, TOWERS_X + i * (TOWER_W + GAP), ground, lang))
            y = ground + 30
        y = max(y, top + 90)
    height = y + 8
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif" role="img" aria-label="{escape(t(lang, "ct.ui.title"))}">'
            f'<rect width="{width}" height="{height}" fill="#fbf8f1"/>' + "".join(parts) + "</svg>")


def game_html(game: Any, lang: str = "en") -> str:
    """The table for outputs that show HTML: the wide layout, or in an output narrower than ``VIEW_W`` px (where
    its 11-unit text would be under 11 px) the narrow one (core/picture.py)."""
    from ...core.picture import picture_html

    return picture_html(game_svg(game, lang), game_svg(game, lang, narrow=True), t(lang, "ct.ui.title"), VIEW_W,
                        "clocktowers-picture")


def _wrap(content: str, chars: int) -> list[str]:
    """At most two lines of about ``chars`` characters (SVG has no text flow), the rest cut with "…"."""
    lines: list[str] = []
    for word in content.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], lines[1][: chars - 1] + "…"]
    return lines or [""]

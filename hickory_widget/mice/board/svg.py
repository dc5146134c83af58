"""A static SVG of the table (the hunting cycle, the centre, each player's face-down card, pile and points), for
notebooks read without a kernel. It shows what every player can see: no hand, no face-down card's face.

Laid out as the live table (mice/js/board.mjs): the hunting cycle and the centre on top, the players in two
columns below. The picture fills the width of its output (``width="100%"`` on a fixed viewBox); its smallest text
is 11 units, 12 CSS px in an 848 px output. Every card carries its animal's name and value in writing; the colours
only help.
"""

from __future__ import annotations

from html import escape
from math import cos, pi, sin
from typing import Any

from ..rules.cards import ANIMALS, card
from ..words.labels import animal_name, card_name, t

FILL = {"elephant": "#b8bec6", "dog": "#d9b38c", "cat": "#f2c46d", "mouse": "#c9d8e6"}
BACK = {"red": "#c0392b", "blue": "#2e6fbf", "green": "#3a9a4a", "yellow": "#d4a017", "purple": "#8e44ad",
        "orange": "#e67e22", "start": "#333333"}
CARD_W, CARD_H, GAP = 46, 64, 6
VIEW_W = 760
"""The drawing's width in its own units (11-unit text is 12 px at 848 px)."""
CENTRE_X = 230
PER_ROW = (VIEW_W - CENTRE_X - 10) // (CARD_W + GAP)
PANEL_W, PANEL_H = (VIEW_W - 30) / 2, 104
NARROW_W = 550
"""The narrow layout's width (players in one column): 11-unit text is 11 px in a 550 px output."""


def card_svg(card_id: str, x: float, y: float, lang: str) -> str:
    c = card(card_id)
    name = escape(card_name(card_id, lang))
    animal = animal_name(c.animal, lang)
    # A long name ("elephant", "Elefant") is narrowed to the card rather than cut or made smaller.
    fit = (f' textLength="{CARD_W - 6}" lengthAdjust="spacingAndGlyphs"' if 6.2 * len(animal) > CARD_W - 6 else "")
    return (f'<g transform="translate({x:.1f},{y:.1f})"><title>{name}</title>'
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="{FILL[c.animal]}" stroke="{BACK[c.set]}" '
            f'stroke-width="2.5"/><text x="{CARD_W / 2}" y="30" font-size="22" font-weight="700" '
            f'text-anchor="middle">{c.value}</text><text x="{CARD_W / 2}" y="53" font-size="11" '
            f'text-anchor="middle"{fit}>{escape(animal)}</text></g>')


def back_svg(colour: str, x: float, y: float, label: str) -> str:
    return (f'<g transform="translate({x:.1f},{y:.1f})"><title>{escape(label)}</title>'
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="{BACK[colour]}" stroke="#222"/>'
            f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" fill="none" stroke="#fff" '
            f'stroke-dasharray="3 3"/></g>')


def cycle_svg(cx: float, cy: float, r: float, lang: str) -> str:
    """The hunting cycle as a ring: each animal points to its prey, clockwise from the elephant at the top."""
    parts = []
    spots = {}
    for i, a in enumerate(ANIMALS):
        angle = -pi / 2 + i * pi / 2
        spots[a] = (cx + r * cos(angle), cy + r * sin(angle))
        start, end = angle + 0.5, angle + pi / 2 - 0.5
        parts.append(f'<path d="M{cx + r * cos(start):.1f},{cy + r * sin(start):.1f} A{r},{r} 0 0 1 '
                     f'{cx + r * cos(end):.1f},{cy + r * sin(end):.1f}" fill="none" stroke="#5b4a30" '
                     f'stroke-width="2" marker-end="url(#mice-arrow)"/>')
    for a, (x, y) in spots.items():
        parts.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="34" ry="19" fill="{FILL[a]}" stroke="#5b4a30"/>'
                     f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle">'
                     f'{escape(animal_name(a, lang))}</text>')
    parts.append(f'<text x="{cx:.1f}" y="{cy + r + 38:.1f}" font-size="12" fill="#555" text-anchor="middle">'
                 f'{escape(t(lang, "mice.ui.cycle"))}</text>')
    return "".join(parts)


def player_svg(game: Any, p: str, x: float, y: float, lang: str, panel_w: float = PANEL_W) -> str:
    s = game.state
    colour = s.colours[p]
    mover = game.decision is not None and game.decision.kind in ("hunt", "seed") and p not in s.committed
    lines = [(f"{p}  {t(lang, 'mice.ui.points', n=game.scores[p])}", ' font-weight="700" font-size="14"'),
             (t(lang, "mice.ui.pile", n=len(s.piles[p])), ""),
             (t(lang, "mice.ui.hidden_hand", n=len(s.hands[p]) - (s.committed.get(p) == "?")), ' fill="#555"')]
    if p in s.committed:
        lines.append((t(lang, "mice.ui.face_down"), ' fill="#555" font-style="italic"'))
    elif mover:
        lines.append((t(lang, "mice.ui.waiting"), ' fill="#777" font-style="italic"'))
    out = [f'<g data-player="{escape(p)}"><rect x="{x}" y="{y}" width="{panel_w}" height="{PANEL_H}" rx="6" '
           f'fill="#fff" stroke="#d8d0c0"/><rect x="{x}" y="{y}" width="8" height="{PANEL_H}" rx="3" '
           f'fill="{BACK[colour]}"/>']
    for i, (line, style) in enumerate(lines):
        out.append(f'<text x="{x + 18}" y="{y + 22 + i * 22}"{style}>{escape(line)}</text>')
    if p in s.committed:
        label = t(lang, "mice.ui.face_down")
        out.append(back_svg(colour, x + panel_w - CARD_W - 14, y + (PANEL_H - CARD_H) / 2, label))
    out.append("</g>")
    return "".join(out)


def game_svg(game: Any, lang: str = "en", narrow: bool = False) -> str:
    """The table as one SVG; ``narrow``: ``NARROW_W`` wide, the players in one column (see ``game_html``)."""
    s = game.state
    view_w = NARROW_W if narrow else VIEW_W
    per_row = (view_w - CENTRE_X - 10) // (CARD_W + GAP)
    columns = 1 if narrow else 2
    panel_w = (view_w - 10 - 10 * columns) / columns
    centre_rows = max(1, -(-len(s.centre) // per_row))
    top_h = max(236, 70 + centre_rows * (CARD_H + 10))
    panel_rows = -(-len(s.players) // columns)
    height = top_h + panel_rows * (PANEL_H + 10) + 4
    title = f'{t(lang, "mice.title")} · {t(lang, "mice.ui.round", n=s.round)}'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {view_w} {height}" '
           f'font-family="sans-serif" font-size="12" role="img" aria-label="{escape(title)}"><defs>'
           '<marker id="mice-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0,0 L10,5 L0,10Z" fill="#5b4a30"/></marker></defs>',
           f'<rect width="{view_w}" height="{height}" fill="#fbf8f1"/>',
           f'<text x="10" y="22" font-size="16" font-weight="700">{escape(title)}</text>',
           cycle_svg(110, 118, 58, lang),
           f'<text x="{CENTRE_X}" y="48" font-weight="700" font-size="13">{escape(t(lang, "mice.ui.centre"))}</text>']
    if not s.centre:
        out.append(f'<text x="{CENTRE_X}" y="84" fill="#777">{escape(t(lang, "mice.ui.empty"))}</text>')
    for i, c in enumerate(s.centre):
        row, col = divmod(i, per_row)
        out.append(card_svg(c, CENTRE_X + col * (CARD_W + GAP), 58 + row * (CARD_H + 10), lang))
    for i, p in enumerate(s.players):
        row, col = divmod(i, columns)
        out.append(player_svg(game, p, 10 + col * (panel_w + 10), top_h + row * (PANEL_H + 10), lang, panel_w))
    out.append("</svg>")
    return "".join(out)


def game_html(game: Any, lang: str = "en") -> str:
    """The table for outputs that show HTML: the wide layout, or in an output narrower than ``VIEW_W`` px (where
    its 11-unit text would be under 11 px) the one-column one (core/picture.py)."""
    from ...core.picture import picture_html

    title = f'{t(lang, "mice.title")} · {t(lang, "mice.ui.round", n=game.state.round)}'
    return picture_html(game_svg(game, lang), game_svg(game, lang, narrow=True), title, VIEW_W, "mice-picture")

"""A static SVG of the table (the hunting cycle, the centre, each player's face-down card, pile and points), for
notebooks read without a kernel. It shows what every player can see: no hand, no face-down card's face.

Every card carries its animal's name and value in writing; the colours only help.
"""

from __future__ import annotations

from html import escape
from math import cos, pi, sin
from typing import Any

from .cards import ANIMALS, card
from .labels import animal_name, card_name, t

FILL = {"elephant": "#b8bec6", "dog": "#d9b38c", "cat": "#f2c46d", "mouse": "#c9d8e6"}
BACK = {"red": "#c0392b", "blue": "#2e6fbf", "green": "#3a9a4a", "yellow": "#d4a017", "purple": "#8e44ad",
        "orange": "#e67e22", "start": "#333333"}
CARD_W, CARD_H, GAP = 46, 64, 6


def card_svg(card_id: str, x: float, y: float, lang: str) -> str:
    c = card(card_id)
    name = escape(card_name(card_id, lang))
    return (f'<g transform="translate({x:.1f},{y:.1f})"><title>{name}</title>'
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="{FILL[c.animal]}" stroke="{BACK[c.set]}" '
            f'stroke-width="2.5"/><text x="{CARD_W / 2}" y="30" font-size="22" font-weight="700" '
            f'text-anchor="middle">{c.value}</text><text x="{CARD_W / 2}" y="52" font-size="9" '
            f'text-anchor="middle">{escape(animal_name(c.animal, lang))}</text></g>')


def back_svg(colour: str, x: float, y: float, label: str) -> str:
    return (f'<g transform="translate({x:.1f},{y:.1f})"><title>{escape(label)}</title>'
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="{BACK[colour]}" stroke="#222"/>'
            f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" fill="none" stroke="#fff" '
            f'stroke-dasharray="3 3"/><text x="{CARD_W / 2}" y="{CARD_H / 2 + 4}" font-size="7.5" fill="#fff" '
            f'text-anchor="middle">{escape(label)}</text></g>')


def cycle_svg(cx: float, cy: float, r: float, lang: str) -> str:
    """The hunting cycle as a ring: each animal points to its prey, clockwise from the elephant at the top."""
    parts = []
    spots = {}
    for i, a in enumerate(ANIMALS):
        angle = -pi / 2 + i * pi / 2
        spots[a] = (cx + r * cos(angle), cy + r * sin(angle))
        start, end = angle + 0.42, angle + pi / 2 - 0.42
        parts.append(f'<path d="M{cx + r * cos(start):.1f},{cy + r * sin(start):.1f} A{r},{r} 0 0 1 '
                     f'{cx + r * cos(end):.1f},{cy + r * sin(end):.1f}" fill="none" stroke="#5b4a30" '
                     f'stroke-width="2" marker-end="url(#mice-arrow)"/>')
    for a, (x, y) in spots.items():
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19" fill="{FILL[a]}" stroke="#5b4a30"/>'
                     f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="9" text-anchor="middle">'
                     f'{escape(animal_name(a, lang))}</text>')
    return "".join(parts)


def game_svg(game: Any, lang: str = "en") -> str:
    s = game.state
    width = max(560, 200 + max(len(s.centre), 1) * (CARD_W + GAP))
    rows = len(s.players)
    height = 190 + rows * (CARD_H + 22)
    scores = game.scores
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} '
           f'{height}" font-family="sans-serif" font-size="12"><defs><marker id="mice-arrow" viewBox="0 0 10 10" '
           'refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10Z" '
           'fill="#5b4a30"/></marker></defs>', f'<rect width="{width}" height="{height}" fill="#fbf8f1"/>',
           f'<text x="10" y="18" font-size="15" font-weight="700">{escape(t(lang, "mice.title"))} · '
           f'{escape(t(lang, "mice.ui.round", n=s.round))}</text>',
           cycle_svg(90, 105, 55, lang),
           f'<text x="190" y="44" font-weight="700">{escape(t(lang, "mice.ui.centre"))}</text>']
    if not s.centre:
        out.append(f'<text x="190" y="80" fill="#777">{escape(t(lang, "mice.ui.empty"))}</text>')
    for i, c in enumerate(s.centre):
        out.append(card_svg(c, 190 + i * (CARD_W + GAP), 54, lang))
    y0 = 190
    for i, p in enumerate(s.players):
        y = y0 + i * (CARD_H + 22)
        colour = s.colours[p]
        out.append(f'<rect x="10" y="{y - 4}" width="{width - 20}" height="{CARD_H + 14}" rx="6" fill="#fff" '
                   f'stroke="#d8d0c0"/><rect x="10" y="{y - 4}" width="8" height="{CARD_H + 14}" '
                   f'fill="{BACK[colour]}"/>')
        out.append(f'<text x="26" y="{y + 14}" font-weight="700">{escape(p)}</text>'
                   f'<text x="26" y="{y + 32}">{escape(t(lang, "mice.ui.points", n=scores[p]))}</text>'
                   f'<text x="26" y="{y + 50}">{escape(t(lang, "mice.ui.pile", n=len(s.piles[p])))}</text>'
                   f'<text x="26" y="{y + 66}" fill="#555">'
                   f'{escape(t(lang, "mice.ui.hidden_hand", n=len(s.hands[p]) - (s.committed.get(p) == "?")))}'
                   f'</text>')
        if p in s.committed:
            out.append(back_svg(colour, 230, y, t(lang, "mice.ui.face_down")))
        elif game.decision is not None and game.decision.kind in ("hunt", "seed"):
            out.append(f'<text x="230" y="{y + 36}" fill="#777">{escape(t(lang, "mice.ui.waiting"))}</text>')
    out.append("</svg>")
    return "".join(out)

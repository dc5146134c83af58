"""A static SVG picture of the board, drawn from the view model (``view.build``).

The widget needs a live kernel; this picture does not, so a game still shows on GitHub, in nbviewer and in
exported HTML. It draws state only: no scripts, no links, no clickable targets. Every mouse and tile carries a
letter as well as a color, so the picture reads in grey scale too, and ``<desc>`` carries a text alternative.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

SVG_NS = "http://www.w3.org/2000/svg"
VIEW_WIDTH = 1000
"""Width of the drawing in its own units. The picture fills the width of its output (``width="100%"``), so the
layout is the same at any size."""
MIN_FONT = 13
"""The smallest text, in drawing units: 11 CSS px in an 848 px output area (JupyterLab at 1280x800 with the file
browser open), the size the live board keeps as its smallest too."""
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"

PALETTE = {
    "blue": "#2d6cc0", "yellow": "#f5c824", "red": "#cc3a2e", "brown": "#8b5a2b", "green": "#3d8f45",
    "purple": "#7d4ea3", "gold": "#d4af37", "grey": "#9aa0a6",
}
"""The live board's colors (js/board.mjs: PLAYER_FILL and TILE_FILL), so the picture looks like the widget."""
LIGHT_COLORS = {"yellow", "gold"}
"""Colors light enough that their labels need dark ink."""
KIND_LETTERS = {"scurrier": "S", "scavenger": "V", "spotter": "P", "scamp": "C"}
SYMBOL_LETTERS = {"button": "B", "feather": "F", "spool": "O", "thimble": "T", "key": "K"}
"""Unique against the mouse letters (S is the Scurrier), as in the widget's English legend."""
WILD_STRIPES = ("purple", "red", "green", "blue")
GROUP_FILLS = {"sun": "#fff6d0", "moon": "#e8e6f6", "fixed": "#ecebe6"}
GROUP_MARKS = {"sun": "☀", "moon": "☾"}
SCORE_SOURCES = (("deliveries", "Deliv"), ("quests", "Quest"), ("hunt", "Hunt"), ("chain", "Chain"),
                 ("relics", "Relic"), ("pool", "Pool"))

# Clock geometry, in drawing units.
CLOCK_X = 320
CLOCK_FACE = 295
R_TOKEN = 236
TOKEN_BOX = (100, 88)
TOKEN_CHARS = 12
"""Width and height of an action box (number and action, as on the live board's ring)."""
R_LEAF = 150
LEAF_SIZE = 34
R_PAW = R_LEAF - LEAF_SIZE - 4
R_INNER = 76
INNER_SIZE = 20
SIDE_X = 650
PLAYER_ROW = 104
CHAIN_ROW = 92
NARROW_WIDTH = 650
"""Width of the narrow layout in drawing units: the clock alone across, the side panel below it and each player's
row in two lines, so its smallest text (``MIN_FONT``) is 11 CSS px down to a 550 px output (JupyterLab at 1024x768
with the file browser open gives 592 px)."""
NARROW_BELOW = 846
"""Outputs narrower than this (CSS px) show the narrow layout: below it the wide one's text is under 11 px."""


def esc(text: object) -> str:
    """Escapes text for both element content and double-quoted attributes, so any prompt keeps the SVG valid."""
    return escape(str(text), {'"': "&quot;"})


def fill_of(color: str | None) -> str:
    return PALETTE.get(color or "grey", "#9aa0a6")


def ink_on(color: str | None) -> str:
    """Dark ink on light fills, white on dark ones, so letters stay legible."""
    return "#222" if color in LIGHT_COLORS else "#fff"


def name_of(color: str) -> str:
    return color.capitalize()


@dataclass(frozen=True)
class Texts:
    """The picture's words and letters in the view model's language (``view["ui"]``: the catalog's ``ui.``,
    ``kind.``, ``color.`` ... keys the widget shows), so the picture reads as the widget does. A view without
    them (or a key missing) falls back to English."""

    ui: dict[str, str] = field(default_factory=dict)
    lang: str = "en"

    @classmethod
    def of(cls, view: dict[str, Any]) -> Texts:
        return cls(view.get("ui") or {}, view.get("lang") or "en")

    def say(self, key: str, fallback: str, **values: Any) -> str:
        return self.ui.get(key, fallback).format(**values)

    def name(self, color: str) -> str:
        return self.ui.get(f"color.{color}", name_of(color))

    def kind(self, kind: str) -> str:
        return self.ui.get(f"kind.{kind}", kind.capitalize())

    def kind_letter(self, kind: str) -> str:
        return self.ui.get(f"ui.letter.kind.{kind}", KIND_LETTERS.get(kind, "?"))

    def symbol_letter(self, symbol: str | None) -> str:
        return self.ui.get(f"ui.letter.symbol.{symbol}", SYMBOL_LETTERS.get(symbol or "", "?"))


ENGLISH = Texts()


def text(x: float, y: float, content: object, size: float = 13, anchor: str = "middle", weight: str = "normal",
         fill: str = "#222", extra: str = "") -> str:
    """One line of text centred vertically on ``y`` (dominant-baseline keeps letters inside their shapes)."""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    size = max(size, MIN_FONT)
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" dominant-baseline="central"'
            f' fill="{fill}"{bold}{extra}>{esc(content)}</text>')


def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of a line's width in a sans-serif face (SVG cannot measure text), to size boxes."""
    return len(content) * size * (0.62 if bold else 0.56)


def wrap(content: str, chars: int, lines: int) -> list[str]:
    """Greedy word wrap by character count: SVG 1.1 has no text flow, and a rough wrap is enough for prompts."""
    out: list[str] = []
    line = ""
    for word in content.split():
        if line and len(line) + 1 + len(word) > chars:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: chars - 1].rstrip() + "…"
    return out


def polar(cx: float, cy: float, r: float, n: float) -> tuple[float, float]:
    """The point at radius ``r`` towards clock number ``n`` (12 at the top, clockwise)."""
    a = math.radians(n * 30)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def defs() -> str:
    """Shared fills: the striped wild (readable as 'many colors' even in grey) and the hatch of blocked spaces."""
    w = 1 / len(WILD_STRIPES)
    stops = "".join(f'<stop offset="{i * w:.2f}" stop-color="{fill_of(c)}"/><stop offset="{(i + 1) * w:.2f}" '
                    f'stop-color="{fill_of(c)}"/>' for i, c in enumerate(WILD_STRIPES))
    return ('<defs>'
            f'<linearGradient id="hw-wild" x1="0" y1="0" x2="1" y2="1">{stops}</linearGradient>'
            '<pattern id="hw-blocked" width="6" height="6" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="6" height="6" fill="#d5d5d5"/>'
            '<line x1="0" y1="0" x2="0" y2="6" stroke="#b0b0b0" stroke-width="3"/></pattern>'
            '</defs>')


# ------------------------------------------------------------------------------------------------ pieces
def tile_svg(tile: dict[str, Any] | None, x: float, y: float, size: float = 20, attr: str = "data-tile",
             tx: Texts = ENGLISH) -> str:
    """A tile centred at (x, y): its color with its symbol letter; a wild is striped 'W'; a relic is gold '★'."""
    if tile is None:
        return ""
    kind = tile.get("kind")
    if kind == "wild":
        fill, letter, ink = "url(#hw-wild)", "W", "#fff"
    elif kind == "relic":
        fill, letter, ink = fill_of("gold"), "★", "#222"
    else:
        fill = fill_of(tile.get("color"))
        letter = tx.symbol_letter(tile.get("symbol"))
        ink = ink_on(tile.get("color"))
    h = size / 2
    outline = ' paint-order="stroke" stroke="#222" stroke-width="2"' if kind == "wild" else ""
    label = f"{tile.get('kind')} {tile.get('color') or ''} {tile.get('symbol') or ''}".split()
    return (f'<g {attr}="{esc(tile.get("id"))}"><title>{esc(" ".join(label))}</title>'
            f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{size}" height="{size}" rx="3" fill="{fill}" '
            f'stroke="#222" stroke-width="1.2"/>'
            + text(x, y + 0.5, letter, size * (0.62 if len(letter) < 2 else 0.45), weight="bold", fill=ink,
                   extra=outline) + "</g>")


def want_svg(want: dict[str, Any], x: float, y: float, size: float, tx: Texts = ENGLISH) -> str:
    """What a hunt-board or quest space asks for: a pale tint of its color and the symbol letter."""
    color = want.get("color")
    letter = tx.symbol_letter(want.get("symbol"))
    fill = "url(#hw-wild)" if color is None else fill_of(color)
    h = size / 2
    return (f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{size}" height="{size}" rx="2" fill="{fill}" '
            f'fill-opacity="0.28" stroke="{fill_of(color) if color else "#666"}" stroke-width="1"/>'
            + text(x, y + 0.5, letter, size * (0.55 if len(letter) < 2 else 0.42), fill="#444"))


def mouse_svg(mouse: str, color: str, kind: str, x: float, y: float, r: float = 10, attr: str = "data-mouse",
              width: float = 0, tx: Texts = ENGLISH) -> str:
    """A mouse: its player's color, a dark outline and its kind letter, so it reads without color.
    ``width`` > 0 draws a capsule that long (a Scavenger fills two minute-hand spaces)."""
    letter = tx.kind_letter(kind)
    tip = f"{name_of(color)} {kind.capitalize()}" if tx.lang == "en" else tx.say(
        "mouse", "{owner}'s {kind}", owner=tx.name(color), kind=tx.kind(kind))
    tip = tip[:1].upper() + tip[1:]  # a caption of its own: German "Die Guckmaus von Blau", not "die ..."
    shape = owner_shape(color, x, y, (width / 2) if width > 0 else r, r)
    return (f'<g {attr}="{esc(mouse)}" data-owner="{esc(color)}" data-kind="{esc(kind)}"><title>{esc(tip)}</title>'
            f'{shape}'
            + text(x, y + 0.5, letter, r * (1.15 if len(letter) < 2 else 0.85), weight="bold", fill=ink_on(color))
            + "</g>")


def owner_shape(color: str, x: float, y: float, hw: float, r: float) -> str:
    """A mouse body whose shape tells its owner without colour, as in the widget: Blue round, Yellow square,
    Red pointed, Brown round with a white inner ring."""
    paint = f'fill="{fill_of(color)}" stroke="#111" stroke-width="2"'
    if color == "yellow":
        return (f'<rect x="{x - hw:.1f}" y="{y - r:.1f}" width="{2 * hw:.1f}" height="{2 * r:.1f}" '
                f'rx="{r * 0.22:.1f}" {paint}/>')
    if color == "red":
        k = r * 0.62
        points = [(x - hw, y), (x - hw + k, y - r), (x + hw - k, y - r), (x + hw, y), (x + hw - k, y + r),
                  (x - hw + k, y + r)]
        return f'<polygon points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}" {paint}/>'
    body = (f'<rect x="{x - hw:.1f}" y="{y - r:.1f}" width="{2 * hw:.1f}" height="{2 * r:.1f}" rx="{r:.1f}" '
            f'{paint}/>')
    if color == "brown":
        i = max(2.0, r * 0.24)
        body += (f'<rect x="{x - hw + i:.1f}" y="{y - r + i:.1f}" width="{2 * (hw - i):.1f}" '
                 f'height="{2 * (r - i):.1f}" rx="{r - i:.1f}" fill="none" stroke="#fff" stroke-width="1.6"/>')
    return body


def cluster(n: int, spacing: float, per_row: int = 3) -> list[tuple[float, float]]:
    """Offsets (across, along) for n mice sharing one space: a row of up to ``per_row``, then more rows."""
    per_row = max(1, min(n, per_row)) if n != 4 else 2
    rows = math.ceil(n / per_row) if n else 0
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        out.append(((col - (in_row - 1) / 2) * spacing, (row - (rows - 1) / 2) * spacing))
    return out


def paw_svg(x: float, y: float, count: int, tx: Texts = ENGLISH) -> str:
    """A cat paw (pad and three toes), with the count when more than one paw lies on the number."""
    toes = "".join(f'<circle cx="{x + dx:.1f}" cy="{y - 4.5:.1f}" r="2.4"/>' for dx in (-4.5, 0, 4.5))
    extra = text(x + 12, y - 8, f"×{count}", MIN_FONT, anchor="start", weight="bold") if count > 1 else ""
    tip = esc(tx.say("ui.svg.paws", "Cat paws: {n}", n=count))
    return (f'<g data-paw="{count}" fill="#3b2f2f"><title>{tip}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10.5" fill="#fff" stroke="#3b2f2f" stroke-width="1.5"/>'
            f'<ellipse cx="{x:.1f}" cy="{y + 3:.1f}" rx="5" ry="4"/>{toes}{extra}</g>')


VOWELS = "aeiouyäöüàèéìòùAEIOUYÄÖÜ"
ONSETS = ("schl", "schr", "sch", "str", "spr", "pfl", "kl", "kr", "bl", "br", "pl", "pr", "tr", "dr", "gr", "gl", "fl",
          "fr", "st", "sp", "ch", "ph", "qu")


def hyphen_at(word: str, limit: int) -> int:
    """Where to split a word too long for a line, by syllables ("Pendel-klettern"), as js/geometry.mjs's
    hyphenAt does: the split nearest the middle with at most ``limit`` letters before it, else the limit."""
    best = -1
    middle = len(word) / 2
    for i in range(1, len(word)):
        if word[i - 1] not in VOWELS:
            continue
        j = i
        while j < len(word) and word[j].isalpha() and word[j] not in VOWELS:
            j += 1
        if j >= len(word) or word[j] not in VOWELS or j == i:
            continue
        cluster_ = word[i:j].lower()
        onset = next((len(o) for o in ONSETS if cluster_.endswith(o)), 1)
        at = j - onset
        if 2 <= at <= limit and len(word) - at >= 2 and (best < 0 or abs(at - middle) < abs(best - middle)):
            best = at
    return best if best > 0 else limit


def wrap_words(content: str, chars: int, lines: int) -> list[str]:
    """Word wrap like the live board's fitLines, counting characters: a word longer than a line is hyphenated
    (German compounds wrap instead of being cut); only text beyond ``lines`` ends in "…"."""
    words: list[str] = []
    for word in content.split():
        while len(word) > chars:
            at = hyphen_at(word, chars - 1)
            words.append(word[:at] + "-")
            word = word[at:]
        words.append(word)
    out = wrap(" ".join(words), chars, lines)
    return out


def short_token(token: dict[str, Any], tx: Texts = ENGLISH) -> list[str]:
    """Up to five lines of the action box, from the token's label in the picture's language, written as the live
    board writes it ("Climb 1, then Spend 1 → Search 2"); the full label is the box's tooltip."""
    label = re.sub(r"\s*->\s*", " → ", str(token.get("label") or token.get("id") or "")).strip()
    return wrap_words(label, TOKEN_CHARS, 5)


# ------------------------------------------------------------------------------------------------ sections
def header(view: dict[str, Any], tx: Texts = ENGLISH, chars: int = 120) -> tuple[list[str], float]:
    clock = view["clock"]
    title = tx.say("ui.svg.header", "Hickory Dickory · round {round} · hour {hour} · minute {minute}",
                   round=clock["round"], hour=clock["hour"], minute=clock["minute"])
    heads = [title] if chars >= 120 else wrap(title, 48, 2)  # narrow: 48 bold characters of 18 fill its width
    out = [text(20, 20 + 22 * i, line, 18, anchor="start", weight="bold") for i, line in enumerate(heads)]
    top = 44 + 22 * (len(heads) - 1)
    lines = wrap(status_line(view, tx), chars, 2 if chars >= 120 else 4)
    for i, line in enumerate(lines):
        out.append(text(20, top + 18 * i, line, 14, anchor="start", fill="#333"))
    return out, top + 18 * len(lines)


def status_line(view: dict[str, Any], tx: Texts = ENGLISH) -> str:
    """The pending decision, or the standings once the game is over."""
    decision = view.get("decision")
    if decision is not None:
        return tx.say("ui.svg.to_decide", "{name} to decide: {prompt}", name=tx.name(decision["player"]),
                      prompt=decision["prompt"])
    over = tx.say("ui.svg.game_over", "Game over.")
    standings = view.get("standings") or []
    if standings:
        return over + " " + ", ".join(f"{st['place']}. {tx.name(st['color'])} {st['score']}" for st in standings)
    return over


def clock_svg(view: dict[str, Any], cy: float, tx: Texts = ENGLISH) -> list[str]:
    """The clock: number, action token, outer (leaf) space, paw, inner diamond and the two hands per number."""
    clock = view["clock"]
    mice = view["mice"]
    cx = CLOCK_X
    out = [f'<circle cx="{cx}" cy="{cy}" r="{CLOCK_FACE}" fill="#f7f1e3" stroke="#6b4f2a" stroke-width="4"/>',
           f'<circle cx="{cx}" cy="{cy}" r="{R_LEAF + LEAF_SIZE + 6}" fill="none" stroke="#d8cbb0" '
           'stroke-width="1.5" stroke-dasharray="4 4"/>']
    # The hands first, so the spaces they point at stay visible on top of them.
    hx, hy = polar(cx, cy, 52, clock["hour"])
    mx, my = polar(cx, cy, R_LEAF - LEAF_SIZE - 4, clock["minute"])
    hour_tip = esc(tx.say("ui.svg.hour_hand", "Hour hand at {hour}", hour=clock["hour"]))
    minute_tip = esc(tx.say("ui.svg.minute_hand", "Minute hand at {minute}", minute=clock["minute"]))
    out.append(f'<g data-hand="hour"><title>{hour_tip}</title><line x1="{cx}" y1="{cy}" '
               f'x2="{hx:.1f}" y2="{hy:.1f}" stroke="#333" stroke-width="9" stroke-linecap="round"/></g>')
    ax, ay = polar(cx, cy, R_LEAF - LEAF_SIZE - 16, clock["minute"] - 0.25)
    bx, by = polar(cx, cy, R_LEAF - LEAF_SIZE - 16, clock["minute"] + 0.25)
    out.append(f'<g data-hand="minute"><title>{minute_tip}</title><line x1="{cx}" y1="{cy}" '
               f'x2="{mx:.1f}" y2="{my:.1f}" stroke="#a8322b" stroke-width="4" stroke-linecap="round"/>'
               f'<polygon points="{mx:.1f},{my:.1f} {ax:.1f},{ay:.1f} {bx:.1f},{by:.1f}" fill="#a8322b"/></g>')
    out.append(f'<circle cx="{cx}" cy="{cy}" r="7" fill="#333"/>')
    for num in clock["numbers"]:
        n = num["n"]
        out.extend(number_svg(num, clock, mice, cx, cy, tx))
        if num.get("paw"):
            px, py = polar(cx, cy, R_PAW, n)
            out.append(paw_svg(px, py, num["paw"], tx))
    return out


def number_svg(num: dict[str, Any], clock: dict[str, Any], mice: dict[str, Any], cx: float, cy: float,
               tx: Texts = ENGLISH) -> list[str]:
    n = num["n"]
    out = []
    # The action box, as on the live board: the number in its corner, the action below, sun or moon marked;
    # the hour's number is filled dark and the minute hand's box is ringed in the hand's red.
    is_hour, is_minute = n == clock["hour"], n == clock["minute"]
    token = num["token"]
    kx, ky = polar(cx, cy, R_TOKEN, n)
    bw, bh = TOKEN_BOX
    left, top = kx - bw / 2, ky - bh / 2
    group = token.get("group")
    out.append(f'<g data-token="{esc(token.get("id"))}" data-action="{n}"><title>{n}: {esc(token.get("label"))}'
               f'</title><rect x="{left:.1f}" y="{top:.1f}" width="{bw}" height="{bh}" rx="6" '
               f'fill="{GROUP_FILLS.get(group, "#fff")}" stroke="{"#a8322b" if is_minute else "#8a7350"}" '
               f'stroke-width="{3.5 if is_minute else 1.2}"/>')
    if is_hour:
        out.append(f'<rect x="{left + 3:.1f}" y="{top + 3:.1f}" width="26" height="19" rx="4" fill="#333"/>')
    out.append(text(left + 16, top + 13, n, 15, weight="bold", fill="#fff" if is_hour else "#222"))
    if group in GROUP_MARKS:
        out.append(text(left + bw - 12, top + 12, GROUP_MARKS[group], 14, fill="#b58900" if group == "sun"
                        else "#5a4fa0"))
    lines = short_token(token, tx)
    for i, line in enumerate(lines):
        out.append(text(kx, top + 55 + (i - (len(lines) - 1) / 2) * 13.5, line, MIN_FONT))
    out.append("</g>")
    # Outer ring space: a leaf with its tile, or Lord Cuckoo on 12.
    lx, ly = polar(cx, cy, R_LEAF, n)
    cuckoo = num.get("leaf") is None and n == 12
    out.append(f'<circle data-outer="{n}" cx="{lx:.1f}" cy="{ly:.1f}" r="{LEAF_SIZE}" '
               f'fill="{"#f3e3a6" if cuckoo else "#dcefd2"}" stroke="{"#a08020" if cuckoo else "#5d8a4a"}" '
               'stroke-width="1.5"/>')
    if cuckoo:
        first, _, second = tx.say("ui.svg.lord_cuckoo", "Lord|Cuckoo").partition("|")
        out.append(text(lx, ly - 18, first, 10, fill="#6b5a10"))
        out.append(text(lx, ly - 7, second, 10, fill="#6b5a10"))
    else:
        out.append(tile_svg(num.get("leaf"), lx, ly - 18, 20, tx=tx))
    outer = num.get("outer") or []
    crowded = len(outer) > 3  # a second row of mice: draw them smaller to stay inside the leaf, below the tile
    for m, (dx, dy) in zip(outer, cluster(len(outer), 19 if crowded else 21), strict=True):
        out.append(mouse_svg(m, mice[m]["color"], mice[m]["kind"], lx + dx, ly + 12 + dy, r=9 if crowded else 10,
                             tx=tx))
    # Inner ring space: a diamond.
    ix, iy = polar(cx, cy, R_INNER, n)
    s = INNER_SIZE
    out.append(f'<polygon data-inner="{n}" points="{ix:.1f},{iy - s:.1f} {ix + s:.1f},{iy:.1f} {ix:.1f},{iy + s:.1f} '
               f'{ix - s:.1f},{iy:.1f}" fill="#efe6d2" stroke="#8a7350" stroke-width="1.2"/>')
    # Mice line up along the radius, where there is room, not across it into the neighbouring diamonds.
    a = math.radians(n * 30)
    inner = num.get("inner") or []
    for m, (across, along) in zip(inner, cluster(len(inner), 18, per_row=1 if len(inner) <= 3 else 3), strict=True):
        x = ix + along * math.sin(a) + across * math.cos(a)
        y = iy - along * math.cos(a) + across * math.sin(a)
        out.append(mouse_svg(m, mice[m]["color"], mice[m]["kind"], x, y, r=9, tx=tx))
    return out


def side_svg(view: dict[str, Any], top: float, tx: Texts = ENGLISH, x0: float = SIDE_X) -> tuple[list[str], float]:
    """The side panel: priority order, the minute hand's spaces, quests, market and supplies; and where it ends."""
    side, hand, mice = view["side"], view["hand"], view["mice"]
    out = [text(x0, top, tx.say("ui.priority", "Priority"), 14, anchor="start", weight="bold")]
    y = top + 28
    for i, col in enumerate(side["cycle"]):
        x = x0 + 16 + i * 52
        blocked = col in side.get("blocked", [])
        current = col == side["priority"]
        note = (tx.say("ui.svg.not_playing", " (not playing)") if blocked else "") + (
            tx.say("ui.svg.has_priority", " - has priority") if current else "")
        out.append(f'<g data-priority="{esc(col)}"><title>{esc(tx.name(col))}{esc(note)}</title>'
                   f'<circle cx="{x}" cy="{y}" r="13" fill="{"url(#hw-blocked)" if blocked else fill_of(col)}" '
                   f'stroke="#222" stroke-width="{3 if current else 1}"/>'
                   + text(x, y + 0.5, tx.name(col)[:2], 11, weight="bold",
                          fill="#555" if blocked else ink_on(col)) + "</g>")
        if current:
            out.append(f'<polygon data-marker="priority" points="{x},{y + 17} {x - 7},{y + 27} {x + 7},{y + 27}" '
                       'fill="#222"/>')
        if i < len(side["cycle"]) - 1:
            out.append(text(x + 26, y, "›", 16, fill="#888"))
    y += 50
    # Minute hand: usable spaces, the rest hatched, mice across the spaces they fill.
    cell = 36
    out.append(text(x0, y, tx.say("ui.svg.minute_hand_spaces", "Minute hand at {minute} · {usable} of {total} "
                                  "spaces usable", minute=view["clock"]["minute"], usable=hand["usable"],
                                  total=hand["total"]), 14, anchor="start", weight="bold"))
    y += 16
    for i in range(hand["total"]):
        usable = i < hand["usable"]
        blocked = "" if usable else ' data-blocked="1"'
        out.append(f'<rect data-hand-space="{i}"{blocked} x="{x0 + i * cell}" '
                   f'y="{y}" width="{cell - 2}" height="30" rx="3" '
                   f'fill="{"#f7f1e3" if usable else "url(#hw-blocked)"}" stroke="#8a7350"/>')
    for slot in hand["mice"]:
        m = slot["mouse"]
        first, last = slot["first"], slot["last"]
        mx = x0 + (first + last + 1) * cell / 2 - 1
        width = (last - first + 1) * cell - 8 if last > first else 0
        out.append(mouse_svg(m, mice[m]["color"], mice[m]["kind"], mx, y + 15, r=11, width=width, tx=tx))
    y += 56
    # Quests.
    out.append(text(x0, y, tx.say("ui.quests_deck", "Quests (deck {n})", n=side["quest_deck"]), 14, anchor="start",
                    weight="bold"))
    y += 14
    for q in side["quests"]:
        out.append(f'<rect x="{x0}" y="{y}" width="330" height="36" rx="5" fill="#fff" stroke="#bbb"/>')
        if q is None:
            out.append(text(x0 + 10, y + 18, tx.say("ui.svg.empty", "(empty)"), 12, anchor="start", fill="#888"))
        else:
            out.append(f'<g data-quest="{esc(q["id"])}">' + text(x0 + 10, y + 18, q["id"], 12, anchor="start")
                       + text(x0 + 52, y + 18, tx.say("ui.svg.points", "Points: {n}", n=q["points"]), 13,
                              anchor="start", weight="bold"))
            for j, req in enumerate(q["requires"]):
                out.append(want_svg(req, x0 + 140 + j * 26, y + 18, 22, tx))
            out.append("</g>")
        y += 42
    y += 14
    # Market and supplies.
    out.append(text(x0, y, tx.say("ui.svg.market_bin", "Market bin"), 14, anchor="start", weight="bold"))
    y += 24
    for i, t in enumerate(side["bin"]):
        x = x0 + 14 + i * 32
        out.append(f'<rect x="{x - 14}" y="{y - 14}" width="28" height="28" rx="4" fill="#fff" stroke="#bbb" '
                   'stroke-dasharray="3 2"/>')
        out.append(tile_svg(t, x, y, 22, attr="data-bin-tile", tx=tx))
    out.append(tile_svg({"id": "wild", "kind": "wild"}, x0 + 14 + len(side["bin"]) * 32 + 14, y, 22,
                        attr="data-supply"))
    out.append(text(x0 + 14 + len(side["bin"]) * 32 + 32, y, tx.say("ui.svg.wilds_left", "wilds left: {n}",
                                                                      n=side["web"]), 13, anchor="start"))
    y += 34
    supplies = tx.say("ui.svg.supplies", "Bag {bag} · Favor deck {deck} (discard {discard}) · Relics returned {relics}",
                      bag=side["bag"], deck=side["favor_deck"], discard=len(side["favor_discard"]),
                      relics=len(side["returned_relics"]))
    lines = wrap(supplies, 46, 2)
    for i, line in enumerate(lines):
        out.append(text(x0, y + 18 * i, line, 13, anchor="start", fill="#333"))
    return out, y + 18 * len(lines)


def chain_svg(view: dict[str, Any], top: float, tx: Texts = ENGLISH,
              width: float = VIEW_WIDTH) -> tuple[list[str], float]:
    """The chain: start, spaces with their points, Scalers, the leaf, then the right values under the weight (on a
    second line when they do not fit beside it); and the height it takes."""
    chain = view["chain"]
    points = {int(k): v for k, v in chain["points"].items()}
    leaf = chain["leaf"]
    x0 = 60
    cell = min(50, int((width - 10 - x0) / (leaf + 1)))  # the narrow layout: the spaces closer
    out = [text(20, top + 50, tx.say("ui.chain", "Chain"), 14, anchor="start", weight="bold",
                extra=f' transform="rotate(-90 20 {top + 50})"')]
    y = top + 52
    by_space: dict[int, list[str]] = {}
    for color, space in chain["scalers"].items():
        by_space.setdefault(space, []).append(color)
    for i in range(leaf + 1):
        x = x0 + i * cell
        label = (tx.say("ui.svg.chain_start", "start") if i == 0 else tx.say("ui.svg.chain_leaf", "leaf") if i == leaf
                 else str(i))
        fill = "#dcefd2" if i == leaf else "#efe6d2" if i == 0 else "#fff"
        out.append(f'<rect data-chain="{i}" x="{x}" y="{y - 18}" width="{cell - 4}" height="36" rx="4" fill="{fill}" '
                   'stroke="#8a7350"/>')
        fit = (f' textLength="{cell - 8}" lengthAdjust="spacingAndGlyphs"'
               if text_width(label, MIN_FONT) > cell - 8 else "")  # "partenza", "Start": narrowed, not cut
        out.append(text(x + (cell - 4) / 2, y - 6, label, MIN_FONT, fill="#555", extra=fit))
        if i in points:
            out.append(f'<circle cx="{x + (cell - 4) / 2}" cy="{y + 8}" r="8" fill="{fill_of("gold")}" stroke="#222" '
                       'stroke-width="0.8"/>' + text(x + (cell - 4) / 2, y + 8.5, points[i], 10, weight="bold"))
        for k, color in enumerate(by_space.get(i, [])):
            sx = x + (cell - 4) / 2 + (k - (len(by_space[i]) - 1) / 2) * 20  # side by side above the space
            sy = y - 32
            tip = tx.say("ui.svg.scaler_on", "{name} Scaler on {space}", name=tx.name(color), space=label)
            out.append(f'<g data-scaler="{esc(color)}"><title>{esc(tip)}</title>'
                       f'<rect x="{sx - 9:.1f}" y="{sy - 9}" width="18" height="18" rx="4" fill="{fill_of(color)}" '
                       'stroke="#111" stroke-width="1.5"/>'
                       + text(sx, sy + 0.5, tx.name(color)[:2], 9, weight="bold", fill=ink_on(color)) + "</g>")
    xr = x0 + (leaf + 1) * cell + 16
    height = CHAIN_ROW
    if xr + 8 + len(chain["right"]) * 40 > width - 10:  # the narrow layout: the values below the spaces
        xr, y, height = x0 + 16, y + 74, CHAIN_ROW + 74
    out.append(text(xr - 8, y, "→", 16, fill="#888"))
    for j, value in enumerate(chain["right"]):
        x = xr + 8 + j * 40
        covered = j < chain["weight"]
        current = j == chain["weight"]
        out.append(f'<rect data-chain-value="{value}" x="{x}" y="{y - 16}" width="34" height="32" rx="4" '
                   f'fill="{"url(#hw-blocked)" if covered else "#fff"}" stroke="#222" '
                   f'stroke-width="{3 if current else 1}"/>'
                   + text(x + 17, y + 0.5, value, 14, weight="bold", fill="#888" if covered else "#222"))
        if current:
            out.append(f'<g data-marker="weight"><circle cx="{x + 17}" cy="{y - 30}" r="9" fill="#666" stroke="#222"/>'
                       + text(x + 17, y - 30, tx.say("ui.svg.weight_letter", "W"), 9, weight="bold", fill="#fff")
                       + "</g>")
            out.append(text(x + 17, y + 28, tx.say("ui.svg.weight", "weight"), 10, fill="#555"))
    return out, height


def player_svg(p: dict[str, Any], view: dict[str, Any], top: float, tx: Texts = ENGLISH,
               width: float = VIEW_WIDTH) -> list[str]:
    """One player's row: score by source, mouse cards with their tiles, favors and the hunt board. In the narrow
    layout (``width`` below ``VIEW_WIDTH``) the cards and favors take a second line, under the score."""
    color = p["color"]
    two_lines = width < VIEW_WIDTH
    row = player_row(width)
    ct = top + (PLAYER_ROW - 12 if two_lines else 0)  # the top of the cards' line
    mice = view["mice"]
    decision = view.get("decision")
    out = [f'<g data-player="{esc(color)}">',
           f'<rect x="10" y="{top}" width="{width - 20}" height="{row - 8}" rx="8" fill="#fafafa" '
           f'stroke="{fill_of(color)}" stroke-width="2"/>',
           f'<rect x="10" y="{top}" width="10" height="{row - 8}" rx="4" fill="{fill_of(color)}"/>']
    to_decide = decision is not None and decision.get("player") == color
    out.append(text(30, top + 18, tx.name(color) + (tx.say("ui.svg.deciding", " · to decide") if to_decide else ""), 15,
                    anchor="start", weight="bold"))
    out.append(text(30, top + 44, tx.say("ui.svg.points", "Points: {n}", n=p["score"]), 22, anchor="start",
                    weight="bold"))
    by = p.get("score_by") or {}
    parts = [f"{tx.say(f'ui.svg.short.{key}', short)} {by.get(key, 0)}" for key, short in SCORE_SOURCES]
    out.append(text(30, top + 66, " · ".join(parts[:3]), 11, anchor="start", fill="#444"))
    out.append(text(30, top + 80, " · ".join(parts[3:]), 11, anchor="start", fill="#444"))
    # Mouse cards.
    x = 30 if two_lines else 205
    for kind, card in p["cards"].items():
        slot = 22
        title = f"{tx.kind_letter(kind)} {tx.kind(kind)}"
        w = max(card["capacity"] * slot + 8, round(text_width(title, MIN_FONT, bold=True)) + 12)
        out.append(f'<g data-card="{esc(card["mouse"])}"><rect x="{x}" y="{ct + 8}" width="{w}" height="62" rx="5" '
                   'fill="#fff" stroke="#999"/>')
        out.append(text(x + 6, ct + 20, title, MIN_FONT, anchor="start", weight="bold"))
        for i in range(card["capacity"]):
            sx = x + 4 + i * slot + slot / 2
            out.append(f'<rect x="{sx - 10}" y="{ct + 36}" width="20" height="20" rx="3" fill="none" stroke="#ccc" '
                       'stroke-dasharray="2 2"/>')
        for i, t in enumerate(card["tiles"]):
            out.append(tile_svg(t, x + 4 + i * slot + slot / 2, ct + 46, 20, attr="data-card-tile", tx=tx))
        where = mice.get(card["mouse"], {}).get("where")
        if where is not None and where not in ("inner", "outer", "hand"):
            # Off the clock (a Scamp on its card, a bumped or unplaced mouse): shown here, not counted as in play.
            out.append(mouse_svg(card["mouse"], color, kind, x + w - 11, ct + 46, r=8, attr="data-idle-mouse",
                                 tx=tx))
        out.append("</g>")
        x += w + 8
    favors = p.get("favors") or []
    out.append(text(x + 4, ct + 24, tx.say("ui.svg.favors", "Favors {n}", n=len(favors)), 12, anchor="start"))
    for i, f in enumerate(favors[:3]):
        out.append(f'<g data-favor="{esc(f["id"])}"><title>{esc(f["text"])}</title>'
                   f'<rect x="{x + 4}" y="{ct + 34 + i * 18}" width="44" height="15" rx="3" fill="#fdf4d8" '
                   'stroke="#b59a3a"/>' + text(x + 26, ct + 41.5 + i * 18, f["id"], 10) + "</g>")
    # Hunt board.
    size = 20
    hx = width - 20 - len(p["hunt"][0]) * size if p["hunt"] else width - 100
    hunt = tx.say("ui.svg.hunt", "Hunt {id}", id=p.get("hunt_board", ""))
    out.append(text(hx - 8, top + PLAYER_ROW - 24, hunt, MIN_FONT, anchor="end", weight="bold"))
    for r, row in enumerate(p["hunt"]):
        for c, cell in enumerate(row):
            cx, cy = hx + c * size + size / 2, top + 6 + r * size + size / 2
            out.append(want_svg(cell["want"], cx, cy, size - 2, tx))
            out.append(tile_svg(cell["tile"], cx, cy, size - 2, attr="data-hunt-tile", tx=tx))
    out.append("</g>")
    return out


# ------------------------------------------------------------------------------------------------ public
def player_row(width: float) -> float:
    """The height of a player's row: one line in the wide layout, two in the narrow one."""
    return PLAYER_ROW if width >= VIEW_WIDTH else 2 * PLAYER_ROW - 20


def describe(view: dict[str, Any], tx: Texts = ENGLISH) -> str:
    """The text alternative: where the hands are, the scores and what is being decided."""
    clock = view["clock"]
    scores = ", ".join(f"{tx.name(p['color'])} {p['score']}" for p in view["players"])
    on_clock = sum(1 for m in view["mice"].values() if m["where"] in ("inner", "outer", "hand"))
    return tx.say("ui.svg.describe", "Hickory Dickory, round {round}: hour hand at {hour}, minute hand at {minute}. "
                  "Scores: {scores}. Priority: {priority}. Mice on the clock: {mice}. {status}", round=clock["round"],
                  hour=clock["hour"], minute=clock["minute"], scores=scores, priority=tx.name(view["side"]["priority"]),
                  mice=on_clock, status=status_line(view, tx))


def board_svg(view: dict[str, Any], width: int | None = None, narrow: bool = False) -> str:
    """The board as one standalone SVG string (no scripts, fonts or links), its words and letters in the view
    model's language. It fills the width of its output (a notebook's, nbviewer's, an HTML export's), keeping its
    proportions; ``width`` fixes it to that many pixels instead (a saved file's own size). ``narrow`` draws the
    tall one-column layout for outputs narrower than ``NARROW_BELOW`` (see ``board_html``)."""
    tx = Texts.of(view)
    across = NARROW_WIDTH if narrow else VIEW_WIDTH
    head, head_h = header(view, tx, chars=72 if narrow else 120)
    clock_top = head_h + 8
    cy = clock_top + CLOCK_FACE + 4
    clock_bottom = cy + CLOCK_FACE + 8
    if narrow:  # the side panel below the clock, at the left edge
        side, side_bottom = side_svg(view, clock_bottom + 14, tx, x0=20)
        chain_top = side_bottom + 20
    else:
        side, _ = side_svg(view, clock_top + 12, tx)
        chain_top = clock_bottom
    chain, chain_h = chain_svg(view, chain_top, tx, width=across)
    players_top = chain_top + chain_h
    row = player_row(across)
    height = players_top + row * len(view["players"]) + 4
    body = [*head, *clock_svg(view, cy, tx), *side, *chain]
    for i, p in enumerate(view["players"]):
        body.extend(player_svg(p, view, players_top + i * row, tx, width=across))
    title = tx.say("ui.svg.title", "Hickory Dickory board, minute {minute}, hour {hour}",
                   minute=view["clock"]["minute"], hour=view["clock"]["hour"])
    size = ('width="100%"' if width is None
            else f'width="{width}" height="{round(width * height / across)}"')
    return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {across} {height:.0f}" {size} '
            f'role="img" aria-labelledby="hw-title hw-desc" font-family="{esc(FONT)}">'
            f'<title id="hw-title">{esc(title)}</title><desc id="hw-desc">{esc(describe(view, tx))}</desc>'
            f'{defs()}<rect width="{across}" height="{height:.0f}" fill="#fff"/>' + "".join(body) + "</svg>")


def board_html(view: dict[str, Any]) -> str:
    """The picture for outputs that show HTML (JupyterLab, Notebook 7, an nbconvert export, the docs site): the wide
    layout, or the narrow one in an output narrower than ``NARROW_BELOW`` px (core/picture.py)."""
    from ...core.picture import picture_html

    tx = Texts.of(view)
    alt = tx.say("ui.svg.title", "Hickory Dickory board, minute {minute}, hour {hour}", minute=view["clock"]["minute"],
                 hour=view["clock"]["hour"]) + ". " + describe(view, tx)
    return picture_html(board_svg(view), board_svg(view, narrow=True), alt, NARROW_BELOW, "hickory-picture")


def game_svg(game: Any, language: str = "en") -> str:
    """The board of a live ``Game`` in ``language`` (``Game._repr_svg_`` keeps English; imported late: view imports
    game)."""
    from .view import build

    return board_svg(build(game, lang=language, with_log=False))


def game_html(game: Any, language: str = "en") -> str:
    """``board_html`` of a live ``Game`` in ``language`` (``Game._repr_html_``)."""
    from .view import build

    return board_html(build(game, lang=language, with_log=False))

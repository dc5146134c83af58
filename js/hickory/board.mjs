// DOM/SVG drawing of the view model (hickory_widget/view.py). Draws only; intents go through ctx.send.
// Imports stay on ONE line each (the Python side drops lines starting with `import `).
// No top-level name here may repeat one in geometry.mjs or widget.mjs: the three files are concatenated.
import { CLOCK_HALF, RADII, ACTION_BOX, clockAngle, handRotation, nearestRotation, polar, actionSpace, outerSpace, innerSpace, handSpaceLength, handMouseLocal, rowOffsets, smallActionBox, CHAIN, chainSpaces, chainRight, weightPosition, shortLabel, fitLines, } from "./geometry.mjs";
import { htmlNode, listen } from "../core/dom.mjs";
import { shellButton, shellCheck, shellControls, shellDecision, shellKept, shellLanguage, shellLog, shellProjector, shellSelect, shellUndoRedo } from "../core/shell.mjs";

const SVG_NS = "http://www.w3.org/2000/svg";
const PLAYER_FILL = { blue: "#2d6cc0", yellow: "#f5c824", red: "#cc3a2e", brown: "#8b5a2b" };
const PLAYER_INK = { blue: "#fff", yellow: "#222", red: "#fff", brown: "#fff" };
const TILE_FILL = { purple: "#7d4ea3", red: "#cf3b2f", green: "#3d8f45", blue: "#2f6fc0" };
const TILE_ORDER = ["purple", "red", "green", "blue"];
const SYMBOL_GLYPH = { button: "B", feather: "F", spool: "O", thimble: "T", key: "K" };
const KIND_LETTER = { scurrier: "S", scavenger: "V", spotter: "P", scamp: "C", scaler: "L" };
const SCORE_SOURCES = ["deliveries", "quests", "hunt", "chain", "relics", "pool"];
const I18N = { ui: {} };
/**
 * Readable at every size: the clock is never drawn narrower than CLOCK_MIN_PX (widget.css, --hk-clock-min), so
 * its smallest text, CLOCK_TEXT viewBox units, is 11 CSS px or more (16 px on the projector setting, whose minimum
 * width is larger). The small standalone icons are drawn at ICON_SCALE (1.45 on the projector) with letters of at
 * least ICON_TEXT px.
 */
export const CLOCK_TEXT = 18;
/**
 * The small clock (issue 31): in an output too narrow for the column beside the readable clock (a 592 px output,
 * JupyterLab at 1024x768 with the file browser open) the clock is drawn about 410 px wide so that it, the decision
 * and the deciding player's board fit one screen; its texts are then SMALL_CLOCK_TEXT units, 11 px or more.
 */
export const SMALL_CLOCK_TEXT = 24;
const ICON_TEXT = 11.5;
const SIZES = { icon: 1, clock: CLOCK_TEXT };

/** The clock's smallest text in viewBox units for the drawing that follows (drawAll: small clock or not). */
export function useClockText(units) {
  SIZES.clock = units > 0 ? units : CLOCK_TEXT;
}

/** Whether the drawing under way is of the small clock. */
function smallClock() {
  return SIZES.clock !== CLOCK_TEXT;
}

/** Icons and hunt boards larger for the projector (set by drawAll for the drawing that follows). */
export function useIconScale(scale) {
  SIZES.icon = scale > 0 ? scale : 1;
}

let MEASURE_CTX = null;
/** Width of `text` in viewBox units at `size` units (bold when asked), measured with the widget's font. */
export function textWidth(text, size, bold = false) {
  if (!MEASURE_CTX) {
    try {
      MEASURE_CTX = document.createElement("canvas").getContext("2d");
    } catch {
      MEASURE_CTX = null;
    }
  }
  if (!MEASURE_CTX) return String(text).length * size * 0.58;
  MEASURE_CTX.font = `${bold ? "700 " : ""}${size}px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif`;
  return MEASURE_CTX.measureText(String(text)).width;
}

/** The UI text `key` from the view model's `ui` (English `fallback` if missing), `{name}` filled from `values`. */
export function tr(key, fallback, values = {}) {
  const template = I18N.ui?.[key] ?? fallback;
  return String(template).replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

/** Takes the texts of `view.ui` (the widget's language) for the drawing that follows. */
export function useTexts(view) {
  I18N.ui = view?.ui && typeof view.ui === "object" ? view.ui : {};
}

function svgNode(tag, attrs = {}, parent = null, text = null) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = String(text);
  if (parent) parent.appendChild(e);
  return e;
}

function svgTitle(parent, text) {
  svgNode("title", {}, parent, text);
}

function capitalize(s) {
  s = String(s ?? "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "blue" -> "Blue" (or "Blu", "Blau"). */
export function playerName(color) {
  return tr(`color.${color}`, capitalize(color));
}

/** "blue.scurrier" -> "Blue's Scurrier" (or "Saetta di Blu", "Die Springmaus von Blau"). */
export function mouseLabel(id) {
  const [color, kind] = String(id).split(".");
  const values = { owner: playerName(color), kind: tr(`kind.${kind}`, capitalize(kind)) };
  return capitalize(tr(kind === "scaler" ? "mouse_scaler" : "mouse", "{owner}'s {kind}", values));
}

/** "red button" (or "bottone rosso", "roter Knopf"); a color of null means any color. */
export function itemLabel(color, symbol) {
  if (!color) return tr("ui.any_color", "any color {symbol}", { symbol: tr(`symbol.${symbol}`, symbol) });
  return tr(`item.${color}.${symbol}`, `${color} ${symbol}`);
}

export function tileLabel(tile) {
  if (!tile) return tr("ui.empty", "empty");
  if (tile.kind === "wild") return tr("ui.wild_tile", "wild tile");
  if (tile.kind === "relic") return tr("ui.relic_tile", "relic ({id})", { id: tile.id });
  return itemLabel(tile.color, tile.symbol);
}

// ---------------------------------------------------------------------------------------------------------------
// Targets: the spots on the board that belong to choices.

/** Key of the board spot a choice's target names. */
export function targetKey(target) {
  if (!target) return null;
  switch (target.type) {
    case "outer":
    case "inner":
      return `${target.type}:${target.number}`;
    case "mouse":
      return `mouse:${target.mouse}`;
    case "hand":
      return "hand";
    case "tile":
      return `tile:${target.tile}`;
    case "hunt":
      return `hunt:${target.color}:${target.row}:${target.column}`;
    case "favor":
      return `favor:${target.card}`;
    case "action":
      return `action:${target.number}`;
    case "market":
      return "market";
    default:
      return null;
  }
}

/** Map from target key to the choices offered there. */
export function targetMap(view) {
  const map = new Map();
  for (const ch of view?.decision?.choices ?? []) {
    const key = targetKey(ch.target);
    if (!key) continue;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(ch);
  }
  return map;
}

/**
 * Keyed redraw: a part of the board drawn again only when its data (`dataKey`) or the choices of the spots it
 * marks changed; else the part on the page is kept as it is (a stand-in tells morph.mjs to keep it). Without a
 * memo (ctx.memo, e.g. in a lesson) it is simply drawn.
 */
function memo(ctx, name, dataKey, build) {
  const store = ctx.memo;
  if (!store) return build();
  const seen = store.get(name);
  const signature = (keys) => JSON.stringify(keys.map((k) => (ctx.targets.get(k) ?? []).map((c) => `${c.id}\u0001${c.label}`)));
  if (seen && seen.dataKey === dataKey && seen.node.isConnected && seen.targets === signature(seen.keys)) {
    if (ctx.queried) ctx.queried.push(...seen.keys);
    const standIn = seen.node.cloneNode(false);
    standIn.hkKeep = seen.node;
    return standIn;
  }
  const outer = ctx.queried;
  ctx.queried = [];
  const node = build();
  const keys = ctx.queried;
  ctx.queried = outer;
  if (outer) outer.push(...keys);
  node.hkBuilt = true;
  store.set(name, { dataKey, keys, targets: signature(keys), node });
  return node;
}

/** Make `el` a clickable target if some choices belong to `key`. */
function markTarget(el, ctx, key) {
  ctx.queried?.push(key);
  const choices = ctx.targets.get(key);
  if (!choices || !choices.length) {
    // Not a legal spot now: a click asks the engine why not (a cat paw, too far to leap, ...).
    const [type, number] = key.split(":");
    if ((type === "outer" || type === "inner" || type === "action") && ctx.send) {
      listen(el, "click", (ev) => {
        ev.stopPropagation();
        ctx.send({ type: "why", target: { type, number: Number(number) } });
      });
    }
    return false;
  }
  el.classList.add("hk-target");
  el.setAttribute("role", "button");
  // HickoryWidget (ctx.roving) makes the board one Tab stop and roves it with the arrow keys (widget.mjs)
  el.setAttribute("tabindex", ctx.roving ? "-1" : "0");
  el.setAttribute("data-target-choice", choices.map((c) => c.id).join(" "));
  el.setAttribute("data-target-key", key);
  el.setAttribute("aria-label", choices.map((c) => c.label).join(" / "));
  const act = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    ctx.onTarget(choices, key);
  };
  listen(el, "click", act);
  // Enter and Space choose too. (Inside HickoryWidget, widget.mjs takes every key at the window and turns them
  // into a click; this listener serves other widgets that draw with board.mjs.)
  listen(el, "keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") act(ev);
  });
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Tiles and mice.

/** The letter of a mouse kind or a tile symbol in the widget's language (unique on the board, see the legend). */
export function letterOf(group, name) {
  const fallback = group === "kind" ? KIND_LETTER[name] : SYMBOL_GLYPH[name];
  return tr(`ui.letter.${group}.${name}`, fallback ?? "?");
}

/**
 * The outline of a tile of `color` (`h` = half its size): the shape says the color without color, so a tile
 * reads in grey scale too (red square, green circle, blue diamond, purple octagon).
 */
export function tileShape(parent, color, h, attrs = {}) {
  if (color === "green") return svgNode("circle", { r: h, ...attrs }, parent);
  if (color === "blue") {
    const d = h * 1.12;
    return svgNode("path", { d: `M0 ${-d} Q ${h * 0.1} ${-d * 0.9} ${d} 0 Q ${h * 0.1} ${d * 0.9} 0 ${d} Q ${-h * 0.1} ${d * 0.9} ${-d} 0 Q ${-h * 0.1} ${-d * 0.9} 0 ${-d} Z`, ...attrs }, parent);
  }
  if (color === "purple") {
    const c = h * 0.42;
    return svgNode("path", { d: `M${-h + c} ${-h} H${h - c} L${h} ${-h + c} V${h - c} L${h - c} ${h} H${-h + c} L${-h} ${h - c} V${-h + c} Z`, ...attrs }, parent);
  }
  return svgNode("rect", { x: -h, y: -h, width: 2 * h, height: 2 * h, rx: h * 0.3, ...attrs }, parent);
}

/** Draw a tile centred at (x, y), `size` wide, into the SVG group `parent`. */
export function drawTile(parent, tile, x, y, size, ctx = null, opts = {}) {
  const g = svgNode("g", { class: "hk-tile", transform: `translate(${x} ${y})` }, parent);
  const h = size / 2;
  if (tile && tile.id) g.setAttribute("data-tile", tile.id);
  if (!tile) {
    svgNode("rect", { x: -h, y: -h, width: size, height: size, rx: size * 0.2, class: "hk-slot" }, g);
    svgTitle(g, opts.title ?? tr("ui.empty", "empty"));
    return g;
  }
  g.setAttribute("data-color", tile.kind === "wild" ? "wild" : tile.kind === "relic" ? "relic" : (tile.color ?? "any"));
  if (tile.symbol) g.setAttribute("data-symbol", tile.symbol);
  const glyphSize = Math.max(size * 0.62, opts.minGlyph ?? 0);
  let glyph = "?";
  let ink = "#fff";
  let edge = () => svgNode("rect", { x: -h, y: -h, width: size, height: size, rx: size * 0.2, class: opts.faint ? "hk-tile-edge hk-faint" : "hk-tile-edge" }, g);
  if (tile.kind === "wild") {
    const stripe = size / 4;
    TILE_ORDER.forEach((c, i) => svgNode("rect", { x: -h, y: -h + i * stripe, width: size, height: stripe + 0.2, fill: TILE_FILL[c] }, g));
    glyph = "W";
  } else if (tile.kind === "relic") {
    svgNode("rect", { x: -h, y: -h, width: size, height: size, rx: size * 0.2, fill: "#e2b42f" }, g);
    glyph = "★";
    ink = "#5a3d00";
  } else if (!tile.color) {
    // "any color" requirement: a rainbow ring around the symbol
    svgNode("rect", { x: -h, y: -h, width: size, height: size, rx: size * 0.2, fill: "#fff" }, g);
    const w = Math.max(2, size * 0.14);
    const i = h - w / 2;
    TILE_ORDER.forEach((c, k) => {
      const pts = [[-i, -i, i, -i], [i, -i, i, i], [i, i, -i, i], [-i, i, -i, -i]][k];
      svgNode("line", { x1: pts[0], y1: pts[1], x2: pts[2], y2: pts[3], stroke: TILE_FILL[c], "stroke-width": w, "stroke-linecap": "round" }, g);
    });
    glyph = letterOf("symbol", tile.symbol);
    ink = "#222";
  } else {
    const faint = opts.faint;
    tileShape(g, tile.color, h, { fill: TILE_FILL[tile.color] ?? "#999", "fill-opacity": faint ? 0.22 : 1 });
    edge = () => tileShape(g, tile.color, h, { class: faint ? "hk-tile-edge hk-faint" : "hk-tile-edge" });
    glyph = tile.symbol ? letterOf("symbol", tile.symbol) : ""; // a bare colour (the legend)
    if (faint) ink = TILE_FILL[tile.color] ?? "#555";
  }
  edge();
  svgNode("text", {
    class: opts.faint || ink !== "#fff" ? "hk-glyph" : "hk-glyph hk-glyph-light", "font-size": glyph.length > 1 ? Math.max(glyphSize * 0.75, opts.minGlyph ?? 0) : glyphSize,
    fill: ink, "fill-opacity": opts.faint ? 0.75 : 1, y: glyphSize * 0.36,
  }, g, glyph);
  svgTitle(g, opts.title ?? tileLabel(tile));
  if (ctx && tile.id) markTarget(g, ctx, `tile:${tile.id}`);
  return g;
}

/** A small standalone SVG holding one tile (for HTML side boards and cards). */
export function tileIcon(tile, size = 22, ctx = null, opts = {}) {
  size *= SIZES.icon;
  opts = { minGlyph: (ICON_TEXT * SIZES.icon * (size + 4)) / size, ...opts }; // the viewBox has a 2-unit margin
  const svg = svgNode("svg", { width: size, height: size, viewBox: `${-size / 2 - 2} ${-size / 2 - 2} ${size + 4} ${size + 4}`, class: "hk-icon" });
  drawTile(svg, tile, 0, 0, size, ctx, opts);
  return svg;
}

/**
 * The body of a mouse of `color`, centred at 0,0, `hw` half-wide and `r` half-high: its shape and edge say the
 * owner without color (Blue round, Yellow square, Red pointed, Brown round with a white inner ring).
 */
export function ownerShape(parent, color, hw, r, attrs = {}) {
  const fill = PLAYER_FILL[color] ?? "#888";
  const base = { fill, class: "hk-mouse-body", ...attrs };
  if (color === "yellow") return svgNode("rect", { x: -hw, y: -r, width: 2 * hw, height: 2 * r, rx: r * 0.22, ...base }, parent);
  if (color === "red") {
    const k = r * 0.62;
    return svgNode("path", { d: `M${-hw} 0 L${-hw + k} ${-r} H${hw - k} L${hw} 0 L${hw - k} ${r} H${-hw + k} Z`, "stroke-linejoin": "round", ...base }, parent);
  }
  const body = svgNode("rect", { x: -hw, y: -r, width: 2 * hw, height: 2 * r, rx: r, ...base }, parent);
  if (color === "brown") {
    const inset = Math.max(2.2, r * 0.24);
    svgNode("rect", { x: -hw + inset, y: -r + inset, width: 2 * (hw - inset), height: 2 * (r - inset), rx: r - inset, class: "hk-owner-ring" }, parent);
  }
  return body;
}

/** Draw a mouse token (owner shape; a wide one for a Scavenger) with its kind letter, centred at 0,0 of `g`. */
function drawMouseBody(g0, color, kind, opts = {}) {
  let g = g0;
  const r = opts.r ?? 13;
  if (opts.rotate) g = svgNode("g", { transform: `rotate(${opts.rotate})` }, g);
  if (opts.vertical) g = svgNode("g", { transform: "rotate(90)" }, g);
  const hw = kind === "scavenger" ? (opts.length ?? r * 3.1) / 2 - (opts.vertical ? 1 : 0) : Math.max(r, opts.half ?? 0);
  ownerShape(g, color, hw, r);
  const label = opts.labelParent ?? g0;
  const letter = letterOf("kind", kind);
  const size = Math.max(letter.length > 1 ? r * 0.95 : r * 1.25, opts.minLetter ?? 0);
  svgNode("text", { class: "hk-mouse-letter", "font-size": size, y: size * 0.36, fill: PLAYER_INK[color] ?? "#fff" }, label, letter);
}

/** A small standalone SVG of a mouse (for cards, the decision panel, standings). */
export function mouseIcon(id, size = 24, attrs = {}) {
  size *= SIZES.icon;
  const [color, kind] = String(id).split(".");
  const w = kind === "scavenger" ? size * 1.5 : size;
  const svg = svgNode("svg", { width: w, height: size, viewBox: `${-w / 2} ${-size / 2} ${w} ${size}`, class: "hk-icon", role: "img", "aria-label": mouseLabel(id), "data-owner": color, "data-kind": kind, ...attrs });
  svgTitle(svg, mouseLabel(id));
  const g = svgNode("g", {}, svg);
  drawMouseBody(g, color, kind, { r: size / 2 - 1.5, length: w - 1, minLetter: ICON_TEXT * SIZES.icon });
  return svg;
}

/** A player's mark: the owner shape in the player's color (with an optional letter), for HTML panels. */
export function colorDot(color, size = 14, letter = null) {
  size *= SIZES.icon;
  const svg = svgNode("svg", { width: size, height: size, viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, class: "hk-icon hk-dot", "aria-hidden": "true", "data-owner": color });
  ownerShape(svg, color, size / 2 - 1, size / 2 - 1);
  if (letter) svgNode("text", { y: size * 0.2, class: "hk-mouse-letter", "font-size": Math.max(size * 0.62, ICON_TEXT * SIZES.icon), fill: PLAYER_INK[color] ?? "#fff" }, svg, letter);
  return svg;
}

// ---------------------------------------------------------------------------------------------------------------
// The clock.

function drawPaw(parent, x, y, count) {
  const g = svgNode("g", { class: "hk-paw", transform: `translate(${x} ${y})` }, parent);
  svgTitle(g, count > 1 ? tr("ui.cat_paws", "{n} cat paws", { n: count }) : tr("ui.cat_paw", "cat paw"));
  svgNode("circle", { r: 15, class: "hk-paw-back" }, g);
  svgNode("ellipse", { cx: 0, cy: 4, rx: 6.5, ry: 5.5, class: "hk-paw-pad" }, g);
  for (const [dx, dy] of [[-7, -3], [-2.5, -8], [2.5, -8], [7, -3]]) svgNode("ellipse", { cx: dx, cy: dy, rx: 2.4, ry: 3, class: "hk-paw-pad" }, g);
  if (count > 1) { // beside the paw on the small clock (in its box's row), else at its shoulder
    const at = smallClock() ? { x: 30, y: 0, r: 14, base: 8.5 } : { x: 14, y: -12, r: 11, base: -5.8 };
    svgNode("circle", { cx: at.x, cy: at.y, r: at.r, class: "hk-paw-count" }, g);
    svgNode("text", { x: at.x, y: at.base, class: "hk-paw-count-text" }, g, `${count}`);
  }
}

function drawGroupMark(parent, group, x, y) {
  const g = svgNode("g", { transform: `translate(${x} ${y})`, class: `hk-mark hk-mark-${group}` }, parent);
  svgTitle(g, group === "sun" ? tr("ui.sun_token", "sun token") : group === "moon" ? tr("ui.moon_token", "moon token") : tr("ui.fixed_token", "fixed token"));
  if (group === "sun") {
    for (let k = 0; k < 8; k++) {
      const a = polar(9, k * 45);
      svgNode("line", { x1: 0, y1: 0, x2: a.x, y2: a.y, class: "hk-sun-ray" }, g);
    }
    svgNode("circle", { r: 5, class: "hk-sun" }, g);
  } else if (group === "moon") {
    svgNode("path", { d: "M3 -8 A8 8 0 1 0 3 8 A6 6 0 1 1 3 -8 Z", class: "hk-moon" }, g);
  } else {
    svgNode("rect", { x: -6, y: -6, width: 12, height: 12, rx: 2, class: "hk-fixed" }, g);
    svgNode("circle", { r: 2.5, class: "hk-fixed-dot" }, g);
  }
}

/** A mouse token on the clock (in clock or hand coordinates); animates from its previous spot when asked. */
function placeMouse(parent, id, info, frame, x, y, ctx, opts = {}) {
  const key = JSON.stringify([info, frame, x, y, { ...opts, prevCounter: null }, ctx.promptMouse === id, Boolean(ctx.lastMice?.includes(id)), ctx.lang]);
  const build = () => drawMouseToken(id, info, frame, x, y, ctx, opts);
  return parent.appendChild(ctx.motion?.enabled ? build() : memo(ctx, `mouse:${id}`, key, build));
}

function drawMouseToken(id, info, frame, x, y, ctx, opts) {
  const color = info?.color ?? id.split(".")[0];
  const kind = info?.kind ?? id.split(".")[1];
  const marks = `${ctx.promptMouse === id ? " hk-prompt-mouse" : ""}${ctx.lastMice?.includes(id) ? " hk-last" : ""}`;
  const g = svgNode("g", { class: `hk-mouse${marks}`, "data-mouse": id, "data-owner": color, "data-kind": kind, "data-where": info?.where ?? frame, role: "img", "aria-label": mouseLabel(id) });
  svgTitle(g, mouseLabel(id));
  const to = `translate(${x}px, ${y}px)`;
  const prev = ctx.motion?.prevMice?.get(id);
  ctx.motion?.mice?.set(id, { frame, x, y });
  if (ctx.motion?.enabled && prev && prev.frame === frame && (prev.x !== x || prev.y !== y)) {
    g.style.transform = `translate(${prev.x}px, ${prev.y}px)`;
    ctx.motion.pending.push(() => { g.style.transform = to; });
  } else {
    g.style.transform = to;
  }
  let labelParent = g;
  if (opts.counterRotate !== undefined) {
    labelParent = svgNode("g", { class: "hk-upright" }, null);
    labelParent.style.transform = `rotate(${-opts.counterRotate}deg)`;
    if (opts.prevCounter !== undefined && opts.prevCounter !== opts.counterRotate && ctx.motion?.enabled) {
      labelParent.style.transform = `rotate(${-opts.prevCounter}deg)`;
      ctx.motion.pending.push(() => { labelParent.style.transform = `rotate(${-opts.counterRotate}deg)`; });
    }
  }
  drawMouseBody(g, color, kind, { r: opts.r, half: opts.half, vertical: opts.vertical, length: opts.length, labelParent, rotate: opts.rotate, minLetter: opts.minLetter });
  if (labelParent !== g) g.appendChild(labelParent);
  // A mouse covers the spot it stands on: when the mouse itself is no choice, a click on it picks the spot.
  if (!markTarget(g, ctx, `mouse:${id}`) && opts.spot) markTarget(g, ctx, opts.spot);
  return g;
}

/**
 * An action token's label inside its box (`width` x `height` units): the largest size from 19 down to CLOCK_TEXT
 * at which it wraps into the box, then with "then" written as an arrow, then cut with "…" (the box's title and
 * aria-label keep the whole text). Lines stand LINE_SPACING times their size apart, never closer (issue 31).
 */
export const LINE_SPACING = 1.15;
/** The band of an action box's top row free of the number and the group mark: its width and centre (x). */
const TOP_ROW = { width: 72, x: 6 };
const BOX_TEXT = new Map(); // label|width|height -> its lines: measured once per page

function boxText(label, width, height, topRow = true) {
  const memo = `${label}|${width}|${height}|${SIZES.clock}|${topRow}`;
  if (!BOX_TEXT.has(memo)) {
    if (BOX_TEXT.size > 500) BOX_TEXT.clear();
    BOX_TEXT.set(memo, fitBoxText(label, width, height, topRow));
  }
  return BOX_TEXT.get(memo);
}

function fitBoxText(label, width, height, topRow = true) {
  const text = shortLabel(label);
  const arrows = text.replace(/,\s*(then|dann|poi)\s+/gi, " → ");
  for (const t of text === arrows ? [text] : [text, arrows]) {
    for (const size of [SIZES.clock + 1, SIZES.clock]) {
      const lineH = size * LINE_SPACING;
      const fit = fitLines(t, width, Math.max(1, Math.floor(height / lineH)), (s) => textWidth(s, size));
      if (!fit.cut) return { lines: fit.lines, size, lineH };
    }
  }
  const lineH = SIZES.clock * LINE_SPACING;
  // the small clock's row holds the cat paws: a text still too long there is cut (its title has it whole)
  if (!topRow) return { lines: fitLines(arrows, width, Math.max(1, Math.floor(height / lineH)), (s) => textWidth(s, SIZES.clock)).lines, size: SIZES.clock, lineH };
  // a text still too long starts in the number's row, between the number and the group mark (TOP_ROW)
  const lines = fitLines(arrows, [TOP_ROW.width, width], 1 + Math.floor(height / lineH), (s) => textWidth(s, SIZES.clock)).lines;
  return { lines, size: SIZES.clock, lineH, topRow: true };
}

function tangentAngle(n) {
  return clockAngle(n) + 90;
}

/**
 * Number n's action space: its box, number, token mark and the token's actions fitted inside. On the small clock the
 * box is the larger one of geometry.mjs smallActionBox and holds the number's cat paws in its top row.
 */
function drawActionBox(n, num, a, current, lastNumber, ctx) {
  const small = smallClock();
  const box = svgNode("g", { class: `hk-action hk-group-${num.token.group}${current ? " hk-current" : ""}`, "data-action": n, transform: `translate(${a.x} ${a.y})` });
  svgTitle(box, `${n}: ${num.token.label}`);
  const bw = small ? a.width : ACTION_BOX.width;
  const bh = small ? a.height : ACTION_BOX.height;
  svgNode("rect", { x: -bw / 2, y: -bh / 2, width: bw, height: bh, rx: 9, class: "hk-action-box" }, box);
  svgNode("text", { x: -bw / 2 + 8, y: -bh / 2 + (small ? 25 : 21), class: "hk-number" }, box, n);
  drawGroupMark(box, num.token.group, bw / 2 - 13, -bh / 2 + 13);
  if (small && num.paw > 0) drawPaw(box, -2, -bh / 2 + 16, num.paw); // its count (x + 30) stays clear of the mark
  const row = small ? 30 : 28; // the number's row and the margins
  const fit = boxText(num.token.label, bw - 12, bh - row, !small);
  const first = fit.topRow ? -bh / 2 + 21 : -bh / 2 + row - 3 + (bh - row - fit.lines.length * fit.lineH) / 2 + fit.size * 0.8;
  fit.lines.forEach((line, i) => {
    if (line) svgNode("text", { x: fit.topRow && !i ? TOP_ROW.x : 0, y: first + i * fit.lineH, class: "hk-token-text", "font-size": fit.size }, box, line);
  });
  box.setAttribute("aria-label", `${n}: ${num.token.label}`);
  markTarget(box, ctx, `action:${n}`);
  if (lastNumber) box.classList.add("hk-last-number");
  return box;
}

/**
 * A mouse token on ring space n: its turn (the ordinary clock lays it along the ring), half its height (r), its
 * length and how far it reaches along the ring (its width in the space's row). The small clock's letters are larger
 * than a token laid along the ring at 3 or 9 is thick, so there every token stands upright, as long as its letters
 * need (German marks have two), and reaches along the ring as far as it is long or tall there.
 */
function ringMouse(kind, n) {
  if (!smallClock()) return { rotate: tangentAngle(n), r: 13, length: 38, width: kind === "scavenger" ? 40 : 27 };
  const r = 15;
  const letters = textWidth(letterOf("kind", kind), SIZES.clock, true) + 5;
  const length = kind === "scavenger" ? Math.max(46, letters + 16) : Math.max(2 * r, letters);
  const t = (tangentAngle(n) * Math.PI) / 180;
  const width = Math.abs(Math.cos(t)) * length + Math.abs(Math.sin(t)) * 2 * r + 1;
  return { rotate: 0, r, length, half: length / 2, width };
}

/**
 * A crowded inner ring space: two rows, one just inside the diamond (over the minute hand's tip, which the mice are
 * drawn above) and one between it and the outer ring, each as wide as the ring allows there, so no mouse covers
 * another's letters. The small clock's upright mice reach further across the ring at 3 and 9 (up to half their
 * length), so its rows stand further apart.
 */
const INNER_ROWS = { radii: [-12, 16], maxWidths: [100, 116] };
const SMALL_INNER_ROWS = { radii: [-13, 22], maxWidths: [100, 118] };

/** The clock: numbers, action spaces, outer and inner ring spaces, paws, hands, mice. */
export function drawClock(view, ctx) {
  const H = CLOCK_HALF;
  const small = smallClock();
  const clock = view.clock;
  const svg = svgNode("svg", {
    viewBox: `${-H} ${-H} ${2 * H} ${2 * H}`, class: "hk-clock-svg", role: "group",
    "aria-label": tr("ui.clock_aria", "Clock: minute hand at {minute}, hour hand at {hour}, round {round}", clock),
  });
  // the small clock's face is a rounded square: its larger action boxes reach into the corners
  if (small) svgNode("rect", { x: -H + 1, y: -H + 1, width: 2 * H - 2, height: 2 * H - 2, rx: 140, class: "hk-face" }, svg);
  else svgNode("circle", { r: H - 4, class: "hk-face" }, svg);
  svgNode("circle", { r: RADII.outer + 22, class: "hk-face-ring" }, svg);
  svgNode("circle", { r: (RADII.inner + RADII.outer) / 2, class: "hk-ring-line" }, svg);

  const spaces = svgNode("g", { class: "hk-spaces" }, svg);
  const miceLayer = svgNode("g", { class: "hk-mice" }, null);
  for (const num of clock.numbers) {
    const n = num.n;
    const deg = clockAngle(n);
    const tan = tangentAngle(n);
    const current = n === clock.minute;

    // action space (token box with the number)
    const a = small ? smallActionBox(n) : actionSpace(n);
    const lastNumber = Boolean(ctx.lastNumbers?.includes(n) && !current);
    spaces.appendChild(memo(ctx, `action:${n}`, JSON.stringify([num.token, current, lastNumber, view.lang, small && num.paw]), () => drawActionBox(n, num, a, current, lastNumber, ctx)));

    // paw (the small clock draws it in the action box)
    if (num.paw > 0 && !small) {
      const p = polar(RADII.action - 47, deg + 11);
      drawPaw(spaces, p.x, p.y, num.paw);
    }

    // outer ring space: a leaf holding a tile (12: Lord Cuckoo), mice in a row across it
    const o = outerSpace(n);
    const mouseW = (m) => ringMouse(view.mice[m]?.kind, n).width;
    const outerWidths = [...(num.leaf || n === 12 ? [22] : []), ...num.outer.map(mouseW)];
    const ow = Math.max(44, Math.min(128, outerWidths.reduce((a, w) => a + w + 3, 0) + 16));
    const offs = rowOffsets(outerWidths, n, { gap: 3, maxWidth: small ? 128 : 112 });
    spaces.appendChild(memo(ctx, `outer:${n}`, JSON.stringify([outerWidths, num.leaf, view.lang]), () => {
    const og = svgNode("g", { class: `hk-outer${n === 12 ? " hk-cuckoo" : ""}`, "data-outer": n, transform: `translate(${o.x} ${o.y})` });
    const leaf = svgNode("g", { transform: `rotate(${tan})` }, og);
    svgNode("path", {
      d: `M${-ow / 2} 0 Q ${-ow / 4} ${-19} 0 ${-17} Q ${ow / 4} ${-19} ${ow / 2} 0 Q ${ow / 4} 19 0 17 Q ${-ow / 4} 19 ${-ow / 2} 0 Z`,
      class: "hk-leaf",
    }, leaf);
    svgTitle(og, n === 12 ? tr("ui.lord_cuckoo_outer", "Lord Cuckoo (outer 12)") : tr("ui.outer", "outer {n}", { n }));
    markTarget(og, ctx, `outer:${n}`);
    if (n === 12) {
      const c = offs[0];
      const lc = svgNode("g", { transform: `translate(${c.x} ${c.y})`, class: "hk-lord" }, og);
      svgNode("circle", { r: 14, class: "hk-lord-back" }, lc);
      svgNode("text", { y: 6, class: "hk-lord-text" }, lc, "LC");
    } else if (num.leaf) {
      const c = offs[0];
      drawTile(og, num.leaf, c.x, c.y, 25, ctx, { minGlyph: SIZES.clock });
    }
    return og;
    }));
    let k = num.leaf || n === 12 ? 1 : 0;
    for (const m of num.outer) {
      const c = offs[k++];
      placeMouse(miceLayer, m, view.mice[m], "clock", o.x + c.x, o.y + c.y, ctx, { ...ringMouse(view.mice[m]?.kind, n), spot: `outer:${n}`, minLetter: SIZES.clock });
    }

    // inner ring space: a diamond, mice across it
    const i = innerSpace(n);
    const innerWidths = num.inner.map(mouseW);
    const iw = Math.max(30, Math.min(118, innerWidths.reduce((a, w) => a + w + 3, 0) + 18));
    spaces.appendChild(memo(ctx, `inner:${n}`, JSON.stringify([iw, view.lang]), () => {
      const ig = svgNode("g", { class: "hk-inner", "data-inner": n, transform: `translate(${i.x} ${i.y})` });
      const dia = svgNode("g", { transform: `rotate(${tan})` }, ig);
      svgNode("path", { d: `M${-iw / 2} 0 L 0 -14 L ${iw / 2} 0 L 0 14 Z`, class: "hk-diamond" }, dia);
      svgTitle(ig, tr("ui.inner", "inner {n}", { n }));
      markTarget(ig, ctx, `inner:${n}`);
      return ig;
    }));
    const ioffs = rowOffsets(innerWidths, n, { gap: 3, maxWidth: 104, split: small ? SMALL_INNER_ROWS : INNER_ROWS });
    num.inner.forEach((m, j) => placeMouse(miceLayer, m, view.mice[m], "clock", i.x + ioffs[j].x, i.y + ioffs[j].y, ctx, { ...ringMouse(view.mice[m]?.kind, n), spot: `inner:${n}`, minLetter: SIZES.clock }));
  }

  // hour hand
  const hour = svgNode("g", { class: "hk-hour", transform: `rotate(${handRotation(clock.hour)})` }, svg);
  svgTitle(hour, tr("ui.hour_hand", "hour hand at {hour} (round {round})", clock));
  svgNode("path", { d: `M -9 10 L -6 ${-RADII.hour + 20} L 0 ${-RADII.hour} L 6 ${-RADII.hour + 20} L 9 10 Z`, class: "hk-hour-hand" }, hour);

  // minute hand: drawn pointing up, rotated to the minute
  const total = view.hand.total;
  const usable = view.hand.usable;
  const target = handRotation(clock.minute);
  const prevRot = ctx.motion?.prevHand;
  const rot = nearestRotation(prevRot, target);
  if (ctx.motion) ctx.motion.hand = rot;
  const minute = svgNode("g", { class: "hk-minute" }, svg);
  const body = svgNode("g", { class: "hk-minute-body" }, minute);
  svgTitle(body, tr("ui.minute_hand", "minute hand at {minute}: {usable} of {total} spaces usable", { minute: clock.minute, usable, total }));
  const len = handSpaceLength(total);
  const front = RADII.handFront;
  svgNode("path", { d: `M -17 ${-RADII.handBack + 14} L -17 ${-front} L 0 ${-front - 12} L 17 ${-front} L 17 ${-RADII.handBack + 14} Z`, class: "hk-minute-hand" }, body);
  for (let s = 0; s < total; s++) {
    const y0 = -front + s * len;
    const blocked = s >= usable;
    const cell = svgNode("rect", { x: -13, y: y0 + 1, width: 26, height: len - 2, rx: 3, class: blocked ? "hk-hand-space hk-blocked" : "hk-hand-space", "data-hand-space": s }, body);
    if (blocked) {
      svgNode("line", { x1: -10, y1: y0 + 4, x2: 10, y2: y0 + len - 4, class: "hk-block-x" }, body);
      svgNode("line", { x1: 10, y1: y0 + 4, x2: -10, y2: y0 + len - 4, class: "hk-block-x" }, body);
      svgTitle(cell, tr("ui.hand_blocked", "hand space {n}: blocked", { n: s + 1 }));
    }
  }
  markTarget(body, ctx, "hand");
  const handMice = svgNode("g", { class: "hk-hand-mice" }, minute);
  for (const hm of view.hand.mice) {
    const p = handMouseLocal(hm.first, hm.last, total);
    const info = view.mice[hm.mouse];
    placeMouse(handMice, hm.mouse, info, "hand", p.x, p.y, ctx, {
      vertical: true, length: p.length, r: Math.min(13, handSpaceLength(total) / 2 - 0.8), spot: "hand", minLetter: SIZES.clock, counterRotate: rot, prevCounter: prevRot !== undefined && prevRot !== null ? prevRot : undefined,
    });
  }
  svgNode("circle", { r: 14, class: "hk-hub" }, svg);
  minute.style.transform = `rotate(${rot}deg)`;
  if (ctx.motion?.enabled && prevRot !== null && prevRot !== undefined && prevRot !== rot) {
    minute.style.transform = `rotate(${prevRot}deg)`;
    ctx.motion.pending.push(() => { minute.style.transform = `rotate(${rot}deg)`; });
  }
  svg.appendChild(miceLayer);
  // the round and the hands' numbers at the top left; the small clock keeps the round only (the hands show the
  // hour and the minute, and the clock's label says them)
  svgNode("text", { x: -H + 8, y: -H + (small ? SIZES.clock + 6 : 22), class: "hk-round-text" }, svg, tr("ui.round", "Round {n}", { n: clock.round }));
  if (!small) svgNode("text", { x: -H + 8, y: -H + 42, class: "hk-round-text hk-hour-text" }, svg, tr("ui.hour_minute", "hour {hour}, minute {minute}", clock));
  return svg;
}

// ---------------------------------------------------------------------------------------------------------------
// Chain board.

export function drawChain(view) {
  const chain = view.chain;
  const svg = svgNode("svg", { viewBox: `0 0 ${CHAIN.width} ${CHAIN.bottom + 40}`, class: "hk-chain-svg", role: "group", "aria-label": tr("ui.chain_board", "Chain board") });
  svgNode("rect", { x: 2, y: 2, width: CHAIN.width - 4, height: CHAIN.bottom + 36, rx: 12, class: "hk-board-bg" }, svg);
  svgNode("text", { x: 20, y: 24, class: "hk-board-title", "text-anchor": "start" }, svg, tr("ui.chain", "Chain"));
  const pos = chainSpaces(chain.spaces);
  svgNode("polyline", { points: pos.map((p) => `${p.x},${p.y}`).join(" "), class: "hk-chain-line" }, svg);
  const leafP = pos[pos.length - 1];
  // leaf at the top
  const lg = svgNode("g", { transform: `translate(${leafP.x + 10} ${leafP.y})` }, svg);
  svgNode("path", { d: "M-36 0 Q -18 -20 0 -18 Q 18 -20 36 0 Q 18 20 0 18 Q -18 20 -36 0 Z", class: "hk-leaf" }, lg);
  svgNode("text", { y: 4, class: "hk-small-text" }, lg, tr("ui.leaf", "leaf"));
  svgTitle(lg, tr("ui.leaf_title", "leaf goal (scores the value above the weight: {n})", { n: chain.right[Math.min(chain.weight, chain.right.length - 1)] }));
  for (const p of pos.slice(0, -1)) {
    const pts = chain.points[String(p.index)];
    const g = svgNode("g", { transform: `translate(${p.x} ${p.y})`, class: "hk-chain-space", "data-chain": p.index }, svg);
    if (p.index === 0) {
      svgNode("path", { d: "M0 -14 C 11 -8 11 8 0 14 C -11 8 -11 -8 0 -14 Z", class: "hk-pinecone" }, g);
      svgTitle(g, tr("ui.chain_start", "start (pinecone)"));
    } else {
      svgNode("circle", { r: pts ? 13 : 10, class: pts ? "hk-chain-dot hk-points" : "hk-chain-dot" }, g);
      if (pts) svgNode("text", { y: 4.5, class: "hk-points-text" }, g, `${pts}`);
      svgTitle(g, pts ? tr("ui.chain_space_points", "space {n}: {points} point(s)", { n: p.index, points: pts }) : tr("ui.chain_space", "space {n}", { n: p.index }));
    }
  }
  // scalers
  const byPos = new Map();
  for (const [color, at] of Object.entries(chain.scalers)) {
    if (!byPos.has(at)) byPos.set(at, []);
    byPos.get(at).push(color);
  }
  for (const [at, colors] of byPos) {
    const p = pos[Math.min(at, pos.length - 1)];
    colors.forEach((color, k) => {
      const g = svgNode("g", { class: "hk-scaler", "data-scaler": color, transform: `translate(${p.x + 25 + k * 21} ${p.y})` }, svg);
      g.setAttribute("data-owner", color);
      g.setAttribute("data-kind", "scaler");
      const letter = letterOf("kind", "scaler");
      ownerShape(g, color, letter.length > 1 ? 10.5 : 9.5, 9.5);
      svgNode("text", { y: 5, class: "hk-mouse-letter", "font-size": 14, fill: PLAYER_INK[color] }, g, letter);
      svgTitle(g, tr("ui.scaler_on", "{color}'s Scaler on space {n}", { color: playerName(color), n: at }));
    });
  }
  // right chain
  const right = chainRight(chain.right.length);
  svgNode("line", { x1: CHAIN.rightX, y1: leafP.y + 14, x2: CHAIN.rightX, y2: right[0].y + 30, class: "hk-chain-line" }, svg);
  chain.right.forEach((v, k) => {
    const p = right[k];
    const covered = k < chain.weight;
    const next = k === chain.weight;
    const g = svgNode("g", { transform: `translate(${p.x} ${p.y})`, class: `hk-right${covered ? " hk-covered" : ""}${next ? " hk-next" : ""}` }, svg);
    svgNode("rect", { x: -16, y: -13, width: 32, height: 26, rx: 6, class: "hk-right-box" }, g);
    svgNode("text", { y: 5, class: "hk-right-text" }, g, v);
    svgTitle(g, covered ? tr("ui.covered", "{v} (covered)", { v }) : next ? tr("ui.next_leaf", "{v}: scored next at the leaf", { v }) : `${v}`);
  });
  const w = weightPosition(chain.weight, chain.right.length);
  const wg = svgNode("g", { transform: `translate(${w.x + 27} ${w.y})`, class: "hk-weight" }, svg);
  svgNode("path", { d: "M0 -11 C 9 -6 9 6 0 11 C -9 6 -9 -6 0 -11 Z", class: "hk-pinecone" }, wg);
  svgNode("path", { d: "M -16 0 L -7 0", class: "hk-weight-arrow" }, wg);
  svgTitle(wg, tr("ui.pinecone", "pinecone weight"));
  return svg;
}

// ---------------------------------------------------------------------------------------------------------------
// Side boards: priority, quests, market, favors, bag.

export function drawSide(view, ctx) {
  const side = view.side;
  const wrap = htmlNode("div", { "data-key": "side", class: "hk-side" });

  const pr = htmlNode("section", { class: "hk-box hk-priority", "aria-label": tr("ui.priority_track", "Priority track") }, wrap);
  htmlNode("h4", {}, pr, tr("ui.priority", "Priority"));
  const track = htmlNode("div", { class: "hk-track" }, pr);
  side.cycle.forEach((color, k) => {
    const blocked = side.blocked.includes(color);
    const cur = side.priority === color;
    const item = htmlNode("span", { class: `hk-prio${blocked ? " hk-prio-blocked" : ""}${cur ? " hk-prio-current" : ""}`, title: `${playerName(color)}${blocked ? ` ${tr("ui.blocked", "(blocked)")}` : ""}${cur ? ` ${tr("ui.priority_marker", "(priority marker)")}` : ""}`, "data-priority": color }, track);
    item.appendChild(colorDot(color, 18, cur ? "★" : blocked ? "×" : null));
    htmlNode("span", { class: "hk-prio-name" }, item, playerName(color));
    htmlNode("span", { class: "hk-arrow", "aria-hidden": "true" }, track, k === side.cycle.length - 1 ? "↺" : "→");
  });

  const qs = htmlNode("section", { class: "hk-box hk-quests", "aria-label": tr("ui.quests", "Quests") }, wrap);
  htmlNode("h4", {}, qs, tr("ui.quests_deck", "Quests (deck {n})", { n: side.quest_deck }));
  for (const q of side.quests) {
    const card = htmlNode("div", { class: "hk-quest" }, qs);
    if (!q) {
      htmlNode("span", { class: "hk-muted" }, card, tr("ui.empty_slot", "(empty)"));
      continue;
    }
    htmlNode("span", { class: "hk-quest-pts", title: tr("ui.points", "{n} points", { n: q.points }) }, card, `${q.points}`);
    const req = htmlNode("span", { class: "hk-reqs" }, card);
    for (const r of q.requires) {
      req.appendChild(tileIcon({ kind: "item", color: r.color, symbol: r.symbol }, 20, null, { title: itemLabel(r.color, r.symbol) }));
    }
    htmlNode("span", { class: "hk-muted hk-qid" }, card, q.id);
  }

  const mk = htmlNode("section", { class: "hk-box hk-market", "aria-label": tr("ui.market", "Market") }, wrap);
  htmlNode("h4", {}, mk, tr("ui.market", "Market"));
  const bin = htmlNode("div", { class: "hk-row hk-bin" }, mk);
  markTarget(bin, ctx, "market");
  htmlNode("span", { class: "hk-muted" }, bin, tr("ui.bin", "bin"));
  side.bin.forEach((t) => bin.appendChild(tileIcon(t, 22, ctx, t ? {} : { title: tr("ui.empty_bin_space", "empty bin space") })));
  const web = htmlNode("div", { class: "hk-row" }, mk);
  web.appendChild(tileIcon({ kind: "wild", id: null }, 18));
  htmlNode("span", {}, web, tr("ui.web", "Itsy's web: {n} wild tile(s) left", { n: side.web }));

  const misc = htmlNode("section", { class: "hk-box hk-misc" }, wrap);
  htmlNode("div", {}, misc, tr("ui.favor_deck", "Favor deck: {n}", { n: side.favor_deck }));
  htmlNode("div", {}, misc, tr("ui.favor_discards", "Favor discards: {list}", { list: side.favor_discard.length ? side.favor_discard.join(", ") : tr("ui.none", "none") }));
  htmlNode("div", {}, misc, tr("ui.bag", "Bag: {n} tiles", { n: side.bag }));
  if (side.returned_relics?.length) htmlNode("div", {}, misc, tr("ui.returned_relics", "Returned relics: {list}", { list: side.returned_relics.join(", ") }));
  return wrap;
}

// ---------------------------------------------------------------------------------------------------------------
// Players.

function drawHunt(p, ctx) {
  const cell = 24 * SIZES.icon;
  const rows = p.hunt.length;
  const cols = rows ? p.hunt[0].length : 0;
  const svg = svgNode("svg", { viewBox: `0 0 ${cols * cell + 4} ${rows * cell + 4}`, width: cols * cell + 4, height: rows * cell + 4, class: "hk-hunt", role: "group", "aria-label": tr("ui.hunt_aria", "{color}'s hunt board {id}", { color: playerName(p.color), id: p.hunt_board }) });
  p.hunt.forEach((row, r) => row.forEach((c, col) => {
    const x = 2 + col * cell + cell / 2;
    const y = 2 + r * cell + cell / 2;
    const g = svgNode("g", { class: "hk-hunt-cell", "data-hunt": `${r}:${col}` }, svg);
    svgNode("rect", { x: x - cell / 2, y: y - cell / 2, width: cell, height: cell, class: "hk-hunt-bg" }, g);
    if (c.tile) drawTile(g, c.tile, x, y, cell - 5, ctx);
    else drawTile(g, { kind: "item", color: c.want.color, symbol: c.want.symbol }, x, y, cell - 5, null, { faint: true, title: tr("ui.wanted", "wanted: {item}", { item: itemLabel(c.want.color, c.want.symbol) }) });
    markTarget(g, ctx, `hunt:${p.color}:${r}:${col}`);
  }));
  return svg;
}

export function drawPlayer(view, p, ctx) {
  const deciding = view.decision?.player === p.color;
  const div = htmlNode("section", { class: `hk-player${deciding ? " hk-deciding" : ""}`, "data-player": p.color, "aria-label": tr("ui.player", "{color} player", { color: playerName(p.color) }) });
  div.style.setProperty("--pc", PLAYER_FILL[p.color] ?? "#888");
  const head = htmlNode("div", { class: "hk-player-head" }, div);
  head.appendChild(colorDot(p.color, 16));
  htmlNode("strong", {}, head, playerName(p.color));
  if (deciding) htmlNode("span", { class: "hk-badge" }, head, tr("ui.deciding", "deciding"));
  htmlNode("span", { class: "hk-score", title: tr("ui.score", "score") }, head, tr("ui.pts", "{n} pts", { n: p.score }));
  const split = htmlNode("div", { class: "hk-split" }, div);
  for (const src of SCORE_SOURCES) {
    const v = p.score_by?.[src] ?? 0;
    htmlNode("span", { class: v ? "hk-src" : "hk-src hk-zero" }, split, `${tr(`source.${src}`, capitalize(src))} ${v}`);
  }
  const body = htmlNode("div", { class: "hk-player-body" }, div);
  const cards = htmlNode("div", { class: "hk-cards" }, body);
  for (const [k, card] of Object.entries(p.cards)) {
    const info = view.mice[card.mouse];
    const c = htmlNode("div", { class: `hk-card${card.in_play ? "" : " hk-out"}`, "data-card": card.mouse, title: `${tr("ui.card_title", "{mouse}'s card", { mouse: mouseLabel(card.mouse) })}${card.in_play ? "" : ` ${tr("ui.out_of_play", "(out of play)")}`}` }, cards);
    const top = htmlNode("div", { class: "hk-card-top" }, c);
    const onCard = info && !["inner", "outer", "hand"].includes(info.where);
    if (onCard) {
      const icon = mouseIcon(card.mouse, 20, { "data-mouse": card.mouse, "data-where": info.where, class: "hk-icon hk-mouse" });
      top.appendChild(icon);
      markTarget(icon, ctx, `mouse:${card.mouse}`);
    } else {
      top.appendChild(mouseIcon(card.mouse, 16, { "data-card-mouse": card.mouse, class: "hk-icon hk-faded" }));
    }
    htmlNode("span", { class: "hk-card-name" }, top, tr(`kind.${k}`, capitalize(k)));
    const slots = htmlNode("div", { class: "hk-slots" }, c);
    for (let s = 0; s < card.capacity; s++) slots.appendChild(tileIcon(card.tiles[s] ?? null, 18, ctx, card.tiles[s] ? {} : { title: tr("ui.free_slot", "free slot") }));
    for (let s = card.capacity; s < card.tiles.length; s++) slots.appendChild(tileIcon(card.tiles[s], 18, ctx));
    markTarget(c, ctx, `mouse:${card.mouse}`);
  }
  const right = htmlNode("div", { class: "hk-player-right" }, body);
  right.appendChild(drawHunt(p, ctx));
  const favors = htmlNode("div", { class: "hk-favors" }, right);
  const visible = !p.favors.some((f) => f.hidden);  // Python sends only the cards this screen may show (R94)
  if (!p.favors.length) htmlNode("span", { class: "hk-muted" }, favors, tr("ui.no_favors", "no favor cards"));
  else if (!visible) htmlNode("span", { class: "hk-muted", title: tr("ui.hidden_title", "hidden: turn on show secrets") }, favors, tr("ui.hidden_favors", "{n} favor card(s) (hidden)", { n: p.favors.length }));
  else {
    for (const f of p.favors) {
      const fc = htmlNode("div", { class: "hk-favor", "data-favor": f.id }, favors);
      htmlNode("span", { class: "hk-favor-text" }, fc, f.text);
      if (f.bonus) fc.appendChild(tileIcon({ kind: "item", color: f.bonus[0], symbol: f.bonus[1] }, 16, null, { title: tr("ui.bonus", "bonus: {item}", { item: itemLabel(f.bonus[0], f.bonus[1]) }) }));
      htmlNode("span", { class: "hk-muted" }, fc, f.id);
      markTarget(fc, ctx, `favor:${f.id}`);
    }
  }
  return div;
}

/**
 * Large print or the small clock beside the column (issue 31): the deciding player's board keeps its head and score
 * in view and folds its cards, hunt board and favor cards behind a button, so the clock, the decision and the board
 * fit one screen. widget.css folds only in those layouts (the column beside the projector's clock or beside the
 * small clock); elsewhere the button is hidden.
 */
function foldBoard(panel, ctx) {
  const open = Boolean(ctx.boardOpen);
  panel.classList.toggle("hk-open", open);
  const button = shellButton(`${open ? "▾" : "▸"} ${tr("ui.board_details", "Cards and hunt board")}`, "board-fold",
    () => ctx.toggleBoard?.(), { className: "cs-button hk-board-fold" });
  button.setAttribute("aria-expanded", String(open));
  panel.querySelector(".hk-split")?.after(button);
}

/** Every player's board (the widget itself puts the deciding player's next to the clock). */
export function drawPlayers(view, ctx) {
  const wrap = htmlNode("div", { class: "hk-players" });
  for (const p of view.players) wrap.appendChild(drawPlayer(view, p, ctx));
  return wrap;
}

// ---------------------------------------------------------------------------------------------------------------
// Decision panel, standings, log, controls.

export function drawDecision(view, ctx) {
  const frame = { label: tr("ui.decision", "Decision"), className: "hk-decision" };
  if (view.over) {
    // numbered once: the place is in the text (ties share a place), so the list itself shows no numbers
    const ol = htmlNode("ol", { class: "hk-standings" });
    for (const st of view.standings) {
      const li = htmlNode("li", { "data-standing": st.color }, ol);
      li.appendChild(colorDot(st.color, 14));
      htmlNode("span", {}, li, ` ${tr("ui.standing", "{place}. {color}: {score} points", { place: st.place, color: playerName(st.color), score: st.score })}`);
    }
    return shellDecision({ ...frame, body: [htmlNode("h3", {}, null, tr("ui.game_over", "Game over: standings")), ol] });
  }
  const d = view.decision;
  if (!d) return shellDecision({ ...frame, body: [htmlNode("p", { class: "hk-muted" }, null, tr("ui.no_decision", "No decision pending."))] });
  const seat = ctx.seats?.[d.player];
  const head = [
    colorDot(d.player, 18),
    htmlNode("strong", { class: "hk-decider" }, null, tr("ui.decides", "{color} decides: ", { color: playerName(d.player) })),
    d.mouse ? mouseIcon(d.mouse, 22, { class: "hk-icon hk-prompt-icon" }) : null,
    htmlNode("span", { class: "cs-prompt" }, null, d.prompt),
    seat && seat !== "human" ? htmlNode("span", { class: "hk-muted" }, null, tr("ui.bot_thinking", "(a bot plays this seat)")) : null,
  ].filter(Boolean);
  // each choice names the board spot it stands for (data-target-key), so a click there can flash it
  return shellDecision({ ...frame, player: d.player, color: PLAYER_FILL[d.player] ?? "#888", head, choices: d.choices,
    choicesLabel: tr("ui.choices", "Choices"), onChoose: (id) => ctx.send({ type: "choose", id }),
    choice: (ch) => ({ tabindex: ctx.roving ? "-1" : null, "data-target-key": targetKey(ch.target) ?? "" }) });
}

/**
 * A log entry's rules as {id, text}: the entry's own explanations, else those of `texts` (the widget's table of
 * rule id -> explanation, sent once), else bare ids.
 */
export function ruleBadges(entry, texts = {}) {
  if (Array.isArray(entry?.rule_texts)) return entry.rule_texts;
  return (entry?.rules ?? []).map((id) => ({ id, text: texts?.[id] ?? tr("ui.rule", "rule {id}", { id }) }));
}

const LOG_GROUPS = ["moves", "tiles", "points", "favors", "clock"];

/**
 * The history: every event of the game (filtered by player and kind), each one a way to look at the board as it
 * was then. One Tab stop: the list; the arrow keys walk it, Enter looks back. Rule badges are read with their
 * entry (title and label), not tab stops.
 */
export function drawLog(view, ctx = {}) {
  const filter = ctx.logFilter ?? { player: "", group: "" };
  // The section and its list are kept between drawings (ctx.logNodes holds them and the entries): a redraw
  // rebuilds the head, appends the new events and moves nothing else, so the list never leaves the page.
  const reuse = ctx.logNodes instanceof Map ? ctx.logNodes : null;
  const refilter = () => {
    filter.player = who.value;
    filter.group = what.value;
    ctx.redraw?.();
  };
  const who = shellSelect([["", tr("ui.history_all_players", "all players")], ...view.players.map((p) => [p.color, playerName(p.color)])],
    filter.player, refilter, { "data-control": "log-player", "aria-label": tr("ui.history_player", "Show the moves of") });
  const what = shellSelect([["", tr("ui.history_all_kinds", "all kinds")], ...LOG_GROUPS.map((g) => [g, tr(`ui.history_group.${g}`, g)])],
    filter.group, refilter, { "data-control": "log-group", "aria-label": tr("ui.history_group", "Show events of kind") });
  const extras = [who, what];
  if (ctx.send) {
    extras.push(shellButton(tr("ui.replay", "▶ Replay last moves"), "replay", () => ctx.replay?.(),
      { disabled: !(view.looking?.steps ?? view.steps), title: tr("ui.replay_title", "Show the moves since your last decision one by one") }));
    extras.push(shellSelect([["1500", tr("ui.speed_slow", "slow")], ["700", tr("ui.speed_normal", "normal")], ["250", tr("ui.speed_fast", "fast")]],
      ctx.replaySpeed ?? 700, (v) => ctx.setReplaySpeed?.(Number(v)), { "data-control": "replay-speed", "aria-label": tr("ui.replay_speed", "Replay speed") }));
  }
  const looking = view.looking?.step;
  const { box, list: ol } = shellLog({ keep: reuse ? { box: reuse.get("box"), list: reuse.get("list") } : null,
    label: tr("ui.history", "History"), title: tr("ui.history_title", "History: moves made {n}", { n: view.looking?.steps ?? view.steps ?? 0 }),
    extras, listLabel: tr("ui.log", "Log"), browse: true });
  let shown = 0;
  const kept = new Map([["box", box], ["list", ol]]);
  const wanted = [];
  (view.log ?? []).forEach((e, index) => {
    if (filter.player && e.player !== filter.player) return;
    if (filter.group && e.group !== filter.group) return;
    shown++;
    const here = looking !== undefined && e.step === looking;
    const key = `${view.lang}|${index}|${e.step}|${e.kind}|${e.text}`;
    let li = reuse?.get(key);
    if (!li) li = logItem(e, index, ctx);
    if (li.classList.contains("cs-log-here") !== here) {
      li.className = here ? "cs-log-here" : "";
      li.setAttribute("aria-selected", here ? "true" : "false");
    }
    kept.set(key, li);
    wanted.push(li);
  });
  const have = ol.children;
  let same = 0;
  while (same < wanted.length && same < have.length && have[same] === wanted[same]) same++;
  while (have.length > same) ol.lastChild.remove();
  for (let i = same; i < wanted.length; i++) ol.appendChild(wanted[i]);
  if (reuse) {
    reuse.clear();
    for (const [k, v] of kept) reuse.set(k, v);
  }
  if (!shown) htmlNode("li", { class: "hk-muted", role: "option" }, ol, tr("ui.history_empty", "Nothing to show."));
  return box;
}

/** One entry of the history list: the event's sentence, its player's mark and its rule badges. */
function logItem(e, index, ctx) {
  const li = htmlNode("li", { tabindex: "-1", "data-kind": e.kind, "data-step": e.step ?? "", "data-index": index, "data-player": e.player ?? "", role: "option", "aria-selected": "false" });
  if (e.player) htmlNode("span", { class: `hk-owner-mark hk-owner-${e.player}`, "aria-hidden": "true" }, li);
  htmlNode("span", { class: "hk-log-text" }, li, ` ${e.text}`);
  const rules = ruleBadges(e, ctx.ruleTexts);
  for (const r of rules) htmlNode("span", { class: "hk-rule", title: `${r.id}: ${r.text}`, "data-rule": r.id, "aria-hidden": "true" }, li, r.id);
  if (rules.length) li.setAttribute("aria-label", `${e.text} ${rules.map((r) => `${tr("ui.rule", "rule {id}", { id: r.id })}: ${r.text}`).join("; ")}`);
  if (ctx.send && e.step !== null && e.step !== undefined) {
    li.title = tr("ui.look_title", "Show the board after move {n}", { n: e.step });
    // an entry the review marked (review.mjs reviewMarkLog) jumps to its decision; any other looks back
    li.addEventListener("click", () => {
      const reviewed = li.getAttribute("data-review-step");
      if (reviewed !== null && ctx.jump) ctx.jump(Number(reviewed));
      else ctx.look?.(e.step);
    });
  }
  return li;
}

/** The banner of a look back: which move is shown, and the ways out (back to now, or play on from here). */
export function drawLookBack(view, ctx) {
  const { step, steps } = view.looking;
  const bar = htmlNode("div", { "data-key": "lookback", class: "hk-lookback", role: "group", "aria-label": tr("ui.looking_back", "Looking back") });
  htmlNode("strong", {}, bar, tr("ui.looking_at", "Looking back: after move {n} of {total} (read-only)", { n: step, total: steps }));
  const button = (label, name, fn, disabled = false) => {
    const b = htmlNode("button", { type: "button", "data-control": name, disabled: disabled || null }, bar, label);
    listen(b, "click", fn);
  };
  button(tr("ui.step_back", "◀ Earlier"), "look-back", () => ctx.look(step - 1), step <= 0);
  button(tr("ui.step_forward", "Later ▶"), "look-forward", () => ctx.look(step + 1), step >= steps);
  button(tr("ui.return_now", "Return to now"), "look-now", () => ctx.look(null));
  button(tr("ui.continue_here", "Continue from here"), "look-continue", () => ctx.send({ type: "continue", step }));
  bar.lastChild.title = tr("ui.continue_note", "(continuing starts a new branch; Redo walks the old one)");
  htmlNode("span", { class: "hk-muted" }, bar, tr("ui.continue_note", "(continuing starts a new branch; Redo walks the old one)"));
  return bar;
}

/** What the letters and shapes on the board mean, in the widget's language. */
export function drawLegend(view) {
  const box = htmlNode("div", { "data-key": "legend", class: "hk-legend", role: "region", "aria-label": tr("ui.legend", "Legend") });
  const owners = htmlNode("div", { class: "hk-row" }, box);
  htmlNode("strong", {}, owners, tr("ui.legend_players", "Players:"));
  for (const p of view.players) {
    const item = htmlNode("span", { class: "hk-legend-item" }, owners);
    item.appendChild(mouseIcon(`${p.color}.scurrier`, 20));
    htmlNode("span", {}, item, ` ${playerName(p.color)} — ${tr(`ui.owner_mark.${p.color}`, p.color)}`);
  }
  const kinds = htmlNode("div", { class: "hk-row" }, box);
  htmlNode("strong", {}, kinds, tr("ui.legend_mice", "Mice:"));
  for (const k of ["scurrier", "scavenger", "spotter", "scamp", "scaler"]) htmlNode("span", { class: "hk-legend-item" }, kinds, `${letterOf("kind", k)} = ${tr(`kind.${k}`, capitalize(k))}`);
  const colors = htmlNode("div", { class: "hk-row" }, box);
  htmlNode("strong", {}, colors, tr("ui.legend_colors", "Tile colors:"));
  for (const c of TILE_ORDER) {
    const item = htmlNode("span", { class: "hk-legend-item" }, colors);
    item.appendChild(tileIcon({ kind: "item", color: c, symbol: null, id: null }, 18));
    htmlNode("span", {}, item, ` ${tr(`tile_color.${c}`, c)} — ${tr(`ui.tile_mark.${c}`, c)}`);
  }
  const symbols = htmlNode("div", { class: "hk-row" }, box);
  htmlNode("strong", {}, symbols, tr("ui.legend_symbols", "Symbols:"));
  for (const sym of ["button", "feather", "spool", "thimble", "key"]) htmlNode("span", { class: "hk-legend-item" }, symbols, `${letterOf("symbol", sym)} = ${tr(`symbol.${sym}`, sym)}`);
  htmlNode("span", { class: "hk-legend-item" }, symbols, `W = ${tr("ui.wild_tile", "wild tile")}, ★ = ${tr("ui.legend_relic", "relic")}`);
  return box;
}

/** Hickory Dickory's controls in the shell's bar: undo and redo, play until, legend, and (folded) seats and
 * settings: a new game, and the toggles animate, show secrets (where allowed) and projector. */
export function drawControls(view, ctx) {
  const looking = Boolean(view.looking);
  const humans = view.players.filter((p) => (ctx.seats?.[p.color] ?? "human") === "human").map((p) => playerName(p.color));
  const playNote = humans.length ? tr("ui.play_note", "Bots play every seat on the way, the greedy bot for {humans}", { humans: humans.join(", ") }) : null;
  const off = view.over || looking || Boolean(view.retry); // a retried decision (review.mjs) waits for its pick
  const play = (label, until) => shellButton(label, `play-${until}`, () => ctx.send({ type: "play", until }), { disabled: off, title: playNote });
  const toggle = (on, key, label, fn) => {
    const b = shellButton(label, key, () => fn?.());
    b.setAttribute("aria-expanded", on ? "true" : "false");
    return b;
  };
  // at a table (one seat per device) playing on, the seats, a new game, the review and pictures are the table's
  const table = Boolean(view.at_table);
  // at a table undo is a request to the others: the table's page has that button, so the board has none
  const undoRedo = table ? [] : shellUndoRedo(view, { undo: tr("ui.undo", "↶ Undo"), redo: tr("ui.redo", "↷ Redo"),
    undoTitle: ctx.botsSeated ? tr("ui.undo_title_bots", "Takes back your last decision and the bot moves after it") : null }, ctx.send, looking);
  // beside the small clock the two show their arrows only (widget.css hides the word from sight, not from a screen
  // reader; the title names it on hover), so the controls take two rows, not three (issue 31)
  for (const b of undoRedo) {
    const [, arrow, word] = b.textContent.match(/^(\S+)(\s.*)$/) ?? [];
    if (!word) continue;
    b.textContent = arrow;
    htmlNode("span", { class: "hk-word" }, b, word);
    if (!b.title) b.title = word.trim();
  }
  const row1 = [
    ...undoRedo,
    ...(table ? [] : [
      htmlNode("span", { class: "hk-sep", title: playNote }, null, tr("ui.play_to_end", "Play to end of:")),
      play(tr("ui.until_activation", "activation"), "activation"),
      play(tr("ui.until_tick", "Tick"), "tick"),
      play(tr("ui.until_round", "round"), "round"),
      play(tr("ui.until_game", "game"), "end"),
    ]),
    toggle(ctx.legendOpen, "legend", tr("ui.legend_button", "Legend"), ctx.toggleLegend),
    toggle(ctx.settingsOpen, "settings", table ? tr("ui.settings_table", "Settings") : tr("ui.settings", "Seats and settings"), ctx.toggleSettings),
  ];
  // the language menu in the top bar, as the card games show it (issue 31)
  if (view.languages) row1.push(shellLanguage(view.languages, view.lang, tr("ui.language", "Language"), ctx.send));
  // the review and the evaluation on demand (HickoryWidget only: never inside a lesson); beside the small clock
  // they wait behind "Seats and settings", so the controls take two rows (issue 31)
  const coaching = [];
  if (ctx.coach && !table) {
    coaching.push(shellButton(tr("ui.review.button", "Review the game"), "review-open", () => ctx.send({ type: "review" }),
      { disabled: !(view.looking?.steps ?? view.steps), title: tr("ui.review.button_title", "The computer judges every decision of the chosen seats and shows where points were lost") }));
    coaching.push(shellCheck(tr("ui.margins.toggle", "expected margins"), "show_margins", ctx.toggles.show_margins,
      () => ctx.send({ type: "toggle", name: "show_margins" })));
  }
  if (!ctx.small) row1.push(...coaching);
  const note = humans.length && !off && !table ? htmlNode("div", { class: "hk-muted hk-play-note" }, null, playNote) : null;

  const seats = [htmlNode("span", { class: "hk-sep" }, null, tr("ui.seats", "Seats:"))];
  for (const p of view.players) {
    const lab = htmlNode("label", { class: "hk-seat" });
    lab.appendChild(colorDot(p.color, 12));
    htmlNode("span", {}, lab, ` ${playerName(p.color)} `);
    // the kinds come from Python (trait seat_kinds: "human" and Hickory Dickory's bot levels, weakest first)
    const kinds = (ctx.seatKinds?.length ? ctx.seatKinds : ["human"]).map((v) => [v, tr(`ui.seat.${v}`, v), tr(`ui.seat_help.${v}`, "")]);
    lab.appendChild(shellSelect(kinds, ctx.seats?.[p.color] ?? "human", (kind) => {
      const seats = {};
      for (const q of view.players) seats[q.color] = q.color === p.color ? kind : (ctx.seats?.[q.color] ?? "human");
      ctx.send({ type: "bots", seats });
    }, { "data-control": `seat-${p.color}`, "aria-label": tr("ui.seat_aria", "{color} is played by", { color: playerName(p.color) }) }));
    seats.push(lab);
  }

  const pl = htmlNode("label", {}, null, `${tr("ui.players", "Players")} `);
  const players = shellSelect([1, 2, 3, 4].map((n) => [n, n]), ctx.newGame.players ?? view.players.length,
    (n) => { ctx.newGame.players = Number(n); }, { "data-control": "players" });
  pl.appendChild(players);
  const sl = htmlNode("label", {}, null, ` ${tr("ui.seed", "Seed")} `);
  const seed = htmlNode("input", { type: "number", "data-control": "seed", value: ctx.newGame.seed ?? 1, min: 0, step: 1, class: "hk-seed" }, sl);
  listen(seed, "change", () => { ctx.newGame.seed = Number(seed.value); });
  const game = [pl, sl, shellButton(tr("ui.new_game", "New game"), "new-game", () => {
    ctx.newGame.players = Number(players.value);
    ctx.newGame.seed = seed.value === "" ? null : Number(seed.value);
    ctx.send({ type: "new_game", players: ctx.newGame.players, seed: ctx.newGame.seed });
  })];
  for (const [name, label] of [["animate", tr("ui.animate", "animate")], ["show_secrets", tr("ui.show_secrets", "show secrets")]]) {
    if (name === "show_secrets" && !view.secrets_allowed) continue;  // the notebook's author did not allow it
    game.push(shellCheck(label, name, ctx.toggles[name], () => ctx.send({ type: "toggle", name })));
  }
  game.push(shellProjector(tr("ui.projector", "projector (large print)"), ctx.toggles.projector, ctx.send));
  game.push(shellButton(tr("ui.picture", "Picture (SVG)"), "picture", () => ctx.send({ type: "picture" })));
  if (table) { // a table's board keeps only what changes this screen: animate and large print
    const mine = [shellCheck(tr("ui.animate", "animate"), "animate", ctx.toggles.animate, () => ctx.send({ type: "toggle", name: "animate" })),
      shellProjector(tr("ui.projector", "projector (large print)"), ctx.toggles.projector, ctx.send)];
    return shellControls([row1, { items: mine, hidden: !ctx.settingsOpen }], tr("ui.controls", "Controls"));
  }
  return shellControls([row1, note, ...(ctx.small && coaching.length ? [{ items: coaching, hidden: !ctx.settingsOpen }] : []),
    { items: seats, hidden: !ctx.settingsOpen }, { items: game, hidden: !ctx.settingsOpen }], tr("ui.controls", "Controls"));
}

/** The whole widget's content for one view model. */
export function drawAll(view, ctx) {
  useTexts(view);
  useIconScale(ctx.toggles?.projector && !ctx.small ? 1.45 : 1); // the small clock's output has no room for large print
  useClockText(ctx.small ? SMALL_CLOCK_TEXT : CLOCK_TEXT);
  ctx.lang = view.lang;
  ctx.promptMouse = view.looking ? null : (view.decision?.mouse ?? null);
  ctx.lastMice = view.last?.mice ?? [];
  ctx.lastNumbers = view.last?.numbers ?? [];
  const frag = document.createDocumentFragment();
  const controlsKey = [view.can_undo, view.can_redo, Boolean(view.looking), view.over, view.players.map((p) => p.color), ctx.seats, ctx.botsSeated, ctx.legendOpen, ctx.settingsOpen, ctx.newGame, ctx.toggles, view.lang, Boolean(ctx.coach), Boolean(view.looking?.steps ?? view.steps), Boolean(view.retry), Boolean(view.at_table), Boolean(ctx.small)];
  frag.appendChild(memo(ctx, "controls", JSON.stringify(controlsKey), () => drawControls(view, ctx)));
  if (ctx.legendOpen) frag.appendChild(drawLegend(view));
  if (view.looking && !ctx.messages) frag.appendChild(drawLookBack(view, ctx)); // else in the message box
  const main = htmlNode("div", { "data-key": "main", class: "hk-main", "data-region": "board" }, frag);
  // The decision and the messages head the column beside the clock: the board never moves when the choices change
  // or a message comes (in a stacked layout, widget.css puts them above the clock). The column comes first in the
  // page, so Tab reaches the decision right after the controls; widget.css shows the clock on its left.
  const col = htmlNode("div", { "data-key": "sidecol", class: "hk-sidecol" }, main);
  col.appendChild(drawDecision(view, ctx));
  if (ctx.marginsNode) col.appendChild(ctx.marginsNode); // the evaluation on demand (review.mjs)
  if (ctx.messages) col.appendChild(shellKept(ctx.messages)); // the shell's message area, made once (widget.mjs)
  if (ctx.reviewNode) col.appendChild(ctx.reviewNode); // the review panel, beside the board it moves (review.mjs)
  const deciding = view.decision?.player;
  const current = view.players.find((p) => p.color === deciding);
  const look = [view.lang, Boolean(ctx.toggles?.projector), Boolean(ctx.roving)];
  // the deciding player's board can fold beside the large-print or the small clock (widget.css)
  const fold = place => place === "current" && Boolean(ctx.toggles?.projector || ctx.small);
  const player = (p, place) => memo(ctx, `player:${p.color}:${place}`, JSON.stringify([p, view.decision?.player, view.over, ctx.showSecrets, look, fold(place) && Boolean(ctx.boardOpen), Object.entries(view.mice).filter(([id]) => id.startsWith(`${p.color}.`))]), () => {
    const panel = drawPlayer(view, p, ctx);
    if (place === "current") panel.classList.add("hk-current-player");
    if (fold(place)) foldBoard(panel, ctx);
    return panel;
  });
  if (current) col.appendChild(player(current, "current"));
  const clockWrap = htmlNode("div", { "data-key": "clock", class: "hk-clock" }, main);
  clockWrap.appendChild(drawClock(view, ctx));
  // What does not fit beside the clock goes under it at full width: the chain and the shared boards (no empty
  // area beside a long column).
  const extras = htmlNode("div", { "data-key": "extras", class: "hk-extras" }, main);
  const chainWrap = htmlNode("div", { "data-key": "chain", class: "hk-chain" }, extras);
  chainWrap.appendChild(memo(ctx, "chain", JSON.stringify([view.chain, look]), () => drawChain(view)));
  extras.appendChild(memo(ctx, "side", JSON.stringify([view.side, look]), () => drawSide(view, ctx)));
  const others = htmlNode("div", { "data-key": "players", class: "hk-players" }, main);
  for (const p of view.players) if (p !== current) others.appendChild(player(p, "other"));
  if (!ctx.logApart) frag.appendChild(drawLog(view, ctx)); // else the caller keeps the history in the page itself
  return frag;
}

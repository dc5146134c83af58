// The "what if?" panel's view: it only reads the model (decision, progress, rows) and sends intents
// ({type: "run" | "cancel" | "take"}); the kernel runs the playouts and takes the chosen option.

import { besideOrBelow } from "./dom.mjs";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function html(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

/**
 * Option labels short enough for the chart and never two alike: a label longer than `max` characters keeps its
 * head and, when its cut would read like another option's, the part where it differs from that option
 * ("Discard face down: one floor with cats" and "... with mice" stay apart). The whole label stays in the row's
 * title and aria-label.
 */
export function shortLabels(labels, max = 64) {
  const cut = (text) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
  const shown = labels.map(cut);
  const common = (a, b) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i;
  };
  for (let i = 0; i < labels.length; i++) {
    const twins = labels.filter((other, j) => j !== i && cut(other) === cut(labels[i]));
    if (!twins.length || labels[i].length <= max) continue;
    let from = Math.max(...twins.map((other) => common(labels[i], other)));
    while (from > 0 && labels[i][from - 1] !== " ") from--; // the differing word whole
    const head = Math.max(8, Math.floor(max / 3));
    const tail = labels[i].slice(from);
    const room = max - head - 1;
    shown[i] = `${labels[i].slice(0, head).trimEnd()}…${tail.length > room ? `${tail.slice(0, room - 1)}…` : tail}`;
  }
  return shown.map((text, i) => (shown.indexOf(text) === i ? text : `${text} (${i + 1})`));
}

/** A label in at most two lines of about `width` characters, broken between words. */
export function twoLines(text, width = 34) {
  if (text.length <= width) return [text];
  let at = text.lastIndexOf(" ", width);
  if (at < width / 2) at = width;
  const rest = text.slice(at).trim();
  return [text.slice(0, at).trim(), rest.length > width ? `${rest.slice(0, width - 1)}…` : rest];
}

const NOTE_WIDTH = 150; // room right of the widest interval for "20.5  wins 100%  (best)"

// Pure layout: one bar per row, scaled to the largest upper interval end.
export function layout(rows, width = 560, rowHeight = 34, labelWidth = 230) {
  const top = Math.max(1, ...rows.map((r) => r.high));
  const scale = (width - labelWidth - NOTE_WIDTH) / top;
  return rows.map((r, i) => ({
    ...r,
    y: 8 + i * rowHeight,
    x0: labelWidth,
    bar: Math.max(1, r.mean * scale),
    low: labelWidth + Math.max(0, r.low) * scale,
    high: labelWidth + r.high * scale,
  }));
}

function chart(model, rows, strings, decision, scale = 1, onTake = null) {
  const width = 560;
  const rowHeight = 34;
  const shown = shortLabels(rows.map((r) => r.label), 66);
  const placed = layout(rows, width, rowHeight);
  const height = 30 + rows.length * rowHeight;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: Math.ceil(width * scale), height: Math.ceil(height * scale), role: "list",
    "data-testid": "whatif-chart", class: "hw-whatif-chart", style: `fill: ${INK}` });
  placed.forEach((r, index) => {
    const g = svg("g", { role: "listitem button", tabindex: 0, "data-choice": r.id, class: "hw-whatif-row",
      "aria-label": `${r.label}: ${r.mean.toFixed(1)} (${r.low.toFixed(1)}-${r.high.toFixed(1)})` });
    g.style.cursor = "pointer";
    const mid = r.y + rowHeight / 2 - 4;
    g.appendChild(svg("title", {}, r.label));
    const lines = twoLines(shown[index]);
    const label = svg("text", { x: r.x0 - 6, y: mid + 4 - (lines.length - 1) * 6.5, "text-anchor": "end", "font-size": 12,
      "data-testid": "whatif-label" });
    lines.forEach((line, k) => label.appendChild(svg("tspan", { x: r.x0 - 6, dy: k ? 13 : 0 }, line)));
    g.appendChild(label);
    g.appendChild(svg("rect", { x: r.x0, y: mid - 9, width: r.bar, height: 18, rx: 2,
      fill: r.best ? "#1b6ca8" : "#9a9a9a", stroke: "#555", "data-testid": "whatif-bar" }));
    g.appendChild(svg("line", { x1: r.low, x2: r.high, y1: mid, y2: mid, style: `stroke: ${INK}`, "stroke-width": 1.5 }));
    for (const x of [r.low, r.high]) {
      g.appendChild(svg("line", { x1: x, x2: x, y1: mid - 6, y2: mid + 6, style: `stroke: ${INK}`, "stroke-width": 1.5 }));
    }
    const note = `${r.mean.toFixed(1)}  ${fill(strings.win, { p: `${Math.round(r.win * 100)}%` })}` +
      (r.best ? `  (${strings.best})` : "");
    g.appendChild(svg("text", { x: r.high + 6, y: mid + 4, "font-size": 12 }, note));
    const take = () => {
      model.send({ type: "take", choice: r.id, key: decision.key });
      onTake?.();
    };
    g.addEventListener("click", take);
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        take();
      }
    });
    root.appendChild(g);
  });
  root.appendChild(svg("text", { x: 230, y: height - 6, "font-size": 12, style: `fill: ${MUTED}` },
    fill(strings.axis, { player: decision.player_name || "" })));
  return root;
}

/** Colours: JupyterLab's theme variables, with the light look as fallback outside JupyterLab (docs/THEMES.md). */
const INK = "var(--jp-ui-font-color1, #111)";
const MUTED = "var(--jp-ui-font-color2, #444)";
const CONTROL = "color: var(--jp-ui-font-color1, #111); background: var(--jp-layout-color2, #f0f0f0); " +
  "border: 1px solid var(--jp-border-color1, #888); border-radius: 3px";

/**
 * How far to scroll (px, + down) so that the first `part` px of a board whose top is at `top` stand in the visible
 * band viewTop..viewBottom: 0 when they already do, else the board's top goes to the band's top.
 */
export function scrollToShow(top, viewTop, viewBottom, part) {
  const want = Math.min(part, viewBottom - viewTop);
  if (top >= viewTop - 1 && top + want <= viewBottom + 1) return 0;
  return top - viewTop;
}

/** The board a panel belongs to: the last game board before the panel in the page (beside it in a row, or in an
 * earlier cell, as `w` then `w.what_if()`). */
function boardBefore(node) {
  let found = null;
  for (const b of document.querySelectorAll("[data-testid=hickory], [data-testid=game]")) {
    if (b.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) found = b;
  }
  return found;
}

/** A click on a bar plays its option on the board: the board's top (its clock or table and its decision) is
 * brought into view, so the move is seen (issue 31; the panel may stand far below a tall board). */
function showBoard(panel) {
  const board = boardBefore(panel);
  if (!board) return;
  let scroller = board.parentElement;
  while (scroller && !(/(auto|scroll|overlay)/.test(getComputedStyle(scroller).overflowY)
    && scroller.scrollHeight > scroller.clientHeight + 1)) scroller = scroller.parentElement;
  const page = !scroller || scroller === document.body || scroller === document.documentElement;
  const view = page ? { top: 0, bottom: window.innerHeight } : scroller.getBoundingClientRect();
  const box = board.getBoundingClientRect();
  const delta = scrollToShow(box.top, view.top, view.bottom, Math.min(box.height, 640));
  if (!delta) return;
  if (page) window.scrollBy({ top: delta, behavior: "instant" });
  else scroller.scrollBy({ top: delta, behavior: "instant" });
}

/** The panel's narrowest width: its chart (560 px, drawn at scale 1 so its 12 px texts stay 12 px) and padding. */
const PANEL_MIN = 582;
/** On the projector (the board's large print, followed by the panel) every size is 4/3: its 12 px texts are 16 px. */
const PROJECTOR_SCALE = 4 / 3;

function render({ model, el }) {
  const box = html("div", { class: "hw-whatif", "data-testid": "whatif" });
  box.style.cssText = `font-family: sans-serif; border: 1px solid var(--jp-border-color1, #bbb); border-radius: 6px; padding: 10px; background: var(--jp-layout-color1, #fff); color: ${INK}; box-sizing: border-box`;
  el.appendChild(box);
  let placedAt = null; // the scale the panel last asked its row for (asked again only when it changes)

  const draw = () => {
    const strings = model.get("strings");
    const decision = model.get("decision");
    const status = model.get("status");
    const k = model.get("projector") ? PROJECTOR_SCALE : 1;
    const px = (n) => `${Math.round(n * k * 10) / 10}px`;
    if (placedAt !== k) {
      besideOrBelow(el, Math.ceil(PANEL_MIN * k));
      placedAt = k;
    }
    box.style.maxWidth = px(600);
    box.style.fontSize = px(13);
    box.classList.toggle("hw-whatif-projector", k > 1);
    box.replaceChildren();
    box.dataset.status = status;
    box.appendChild(html("h3", { style: `margin: 0 0 4px 0; font-size: ${px(15)}` }, strings.title));
    if (!decision.key) {
      box.appendChild(html("p", {}, strings.over));
      return;
    }
    box.appendChild(html("p", { style: `margin: 2px 0; font-size: ${px(13)}`, "data-testid": "whatif-prompt" },
      fill(strings.decides, { player: decision.player_name, prompt: decision.prompt })));
    box.appendChild(html("p", { style: `margin: 2px 0 8px 0; font-size: ${px(12)}; color: ${MUTED}` }, strings.intro));

    const controls = html("div", { style: "display: flex; gap: 8px; align-items: center; flex-wrap: wrap" });
    const label = html("label", { style: `font-size: ${px(13)}` }, `${strings.playouts} `);
    const input = html("input", { type: "number", min: 1, max: 100000, value: model.get("playouts"),
      "data-testid": "whatif-playouts", style: `width: 6em; font-size: ${px(13)}; ${CONTROL}` });
    label.appendChild(input);
    const run = html("button", { "data-testid": "whatif-run", style: `font-size: ${px(13)}; ${CONTROL}` }, strings.run);
    run.disabled = status === "running";
    run.addEventListener("click", () => model.send({ type: "run", playouts: Number.parseInt(input.value, 10) }));
    const cancel = html("button", { "data-testid": "whatif-cancel", style: `font-size: ${px(13)}; ${CONTROL}` }, strings.cancel);
    cancel.disabled = status !== "running";
    cancel.addEventListener("click", () => model.send({ type: "cancel" }));
    controls.append(label, run, cancel);
    box.appendChild(controls);

    const total = model.get("total");
    if (status === "running" || total > 0) {
      const line = html("div", { style: "display: flex; gap: 8px; align-items: center; margin: 8px 0" });
      const bar = html("progress", { max: Math.max(total, 1), value: model.get("done"),
        "data-testid": "whatif-progress", style: "flex: 1" });
      line.append(bar, html("span", { style: `font-size: ${px(12)}` },
        fill(strings.progress, { done: model.get("done"), total })));
      box.appendChild(line);
    }
    const rows = model.get("rows");
    if (rows.length) {
      const scroller = html("div", { style: "overflow-x: auto" });
      scroller.appendChild(chart(model, rows, strings, decision, k, () => showBoard(box)));
      box.appendChild(scroller);
    }
    const message = model.get("message");
    if (message) {
      box.appendChild(html("p", { "data-testid": "whatif-message", role: "status",
        style: `margin: 6px 0 0 0; font-size: ${px(12)}` }, message));
    }
  };
  draw();
  for (const name of ["decision", "status", "done", "total", "rows", "message", "strings", "playouts", "projector"]) {
    model.on(`change:${name}`, draw);
  }
}

export default { render };

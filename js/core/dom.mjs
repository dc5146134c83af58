// Small DOM makers shared by the shell and the card games' drawing modules (joined in front of them; see
// core/widget.py bundle() and lessons/card_widget.py).

/** `fn` handles `type` events of `el`; a morph later gives the kept element the fresh one's handler. */
export function listen(el, type, fn) {
  if (!el.hkOn) el.hkOn = {};
  if (!(type in el.hkOn)) el.addEventListener(type, (ev) => el.hkOn[type]?.(ev));
  el.hkOn[type] = fn;
}

/** An HTML element with attributes (false/null ones left out), appended to ``parent``, with ``text`` as text. */
export function htmlNode(tag, attrs = {}, parent = null, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== null) e.textContent = String(text);
  if (parent) parent.appendChild(e);
  return e;
}

/** An element with an optional class and text. */
export function node(tag, className, text) {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text !== undefined) n.textContent = text;
  return n;
}

/** A decorative inline SVG of the given size; ``body`` holds fixed shapes and numbers only, never user text. */
export function svgBox(width, height, body) {
  const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  s.setAttribute("width", String(width));
  s.setAttribute("height", String(height));
  s.setAttribute("viewBox", `0 0 ${width} ${height}`);
  s.setAttribute("aria-hidden", "true");
  s.innerHTML = body;
  return s;
}

/**
 * Panels never squeeze the board: in a row of widgets (an ipywidgets HBox) the row wraps, and this widget asks
 * for `min` px; the game's widget asks for its own minimum the same way (shell.mjs, hickory/widget.mjs, whatif.mjs), so
 * the panel sits beside the board only when both keep their readable sizes, else below it.
 */
export function besideOrBelow(el, min) {
  const place = () => { // again once attached: ipywidgets' layout styles the element when it shows it
    el.style.flex = `1 1 ${min}px`;
    el.style.minWidth = `min(100%, ${min}px)`;
    const row = el.parentElement;
    if (!row) return;
    const style = getComputedStyle(row);
    if (style.display.includes("flex") && !style.flexDirection.startsWith("column")) row.style.flexWrap = "wrap";
  };
  place();
  requestAnimationFrame(place); // the row is there once the widget is attached
  setTimeout(place, 400);
}

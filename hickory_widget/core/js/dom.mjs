// Small DOM makers shared by the shell and the card games' drawing modules (joined in front of them; see
// core/widget.py bundle() and lessons/card_widget.py).

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

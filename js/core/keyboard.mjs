// Keyboard use shared by every game's widget (the core shell and Hickory Dickory's own front end, js/widget.mjs).
// Keys pressed inside a widget stay inside it: JupyterLab's and Notebook 7's command shortcuts (d d, a, b, m,
// arrows, Enter) never see them, while the browser's own actions (Tab, Enter or Space on a button) still happen.
// Each group of controls ([data-roving]) is one Tab stop whose members the arrow keys move between, and after a
// redraw the focus finds "the same" control again. Joined in front of the modules that use it (every top-level
// name here starts with "kb").

/** The attributes that name a control across redraws, most specific first. */
const KB_KEYS = ["data-choice-id", "data-control", "data-target-key", "data-target-choice", "data-card", "data-seat",
  "data-index"];
const KB_ROVE = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const KB_EVENTS = ["keydown", "keyup", "keypress"];

export function kbEscape(v) {
  return globalThis.CSS && CSS.escape ? CSS.escape(v) : String(v).replace(/["\\]/g, "\\$&");
}

/** A key that finds "the same" control again after a re-render, to keep keyboard focus. */
export function kbFocusKey(node) {
  if (!node || !node.getAttribute) return null;
  for (const a of KB_KEYS) {
    const v = node.getAttribute(a);
    if (v) return [a, v];
  }
  if (node.getAttribute("data-roving")) return ["data-roving", node.getAttribute("data-roving")];
  return null;
}

/** The members of a roving group: ``selectors[name]`` if the widget names them, else the enabled, shown buttons,
 * selects and inputs ("controls") or buttons. */
export function kbItems(group, selectors = {}) {
  const name = group.getAttribute("data-roving");
  if (selectors[name]) return [...group.querySelectorAll(selectors[name])];
  if (name === "controls") {
    return [...group.querySelectorAll("button, select, input")].filter((e) => !e.disabled && !e.closest("[hidden]"));
  }
  return [...group.querySelectorAll("button:not(:disabled)")];
}

/** Makes one member of each group its Tab stop (tabindex 0: the one last focused, else the first), the others
 * reachable by arrows only. Groups named in ``whole`` are one Tab stop themselves (a list the arrows walk). */
export function kbTabStops(content, stops, selectors = {}, whole = []) {
  for (const group of content.querySelectorAll("[data-roving]")) {
    const name = group.getAttribute("data-roving");
    if (whole.includes(name)) {
      group.tabIndex = 0;
      continue;
    }
    const items = kbItems(group, selectors);
    const again = items.find((e) => kbFocusKey(e)?.join("=") === stops[name]) ?? items[0];
    for (const e of items) { // written only when it changes: a kept (morphed) node is not touched again
      const want = e === again ? 0 : -1;
      if (e.getAttribute("tabindex") !== String(want)) e.tabIndex = want;
    }
  }
}

/** Puts the focus back on the control ``active`` (a kbFocusKey) named before a redraw, or else on the first
 * element matching one of ``fallbacks`` (selectors tried in order). */
export function kbRefocus(content, active, fallbacks = []) {
  if (!active) return;
  const again = content.querySelector(`[${active[0]}="${kbEscape(active[1])}"]`);
  if (again && !again.disabled && again.tabIndex !== undefined) {
    again.focus({ preventScroll: true });
    return;
  }
  for (const selector of fallbacks) {
    const first = content.querySelector(selector);
    if (first) {
      first.focus({ preventScroll: true });
      return;
    }
  }
}

/**
 * Keyboard handling for the widget whose root is ``root``; returns a function that removes it.
 * ``targets``: selector of board spots that act on Enter and Space as a click; ``selectors``: roving group members
 * by group name; ``stops``: an object that remembers each group's Tab stop; ``onKey(ev, group)``: the widget's own
 * keys, tried first (return true when handled).
 */
export function kbInstall(root, { targets = null, selectors = {}, stops = {}, onKey = null } = {}) {
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // Lumino's own opt-out of keyboard shortcuts
  const handle = (ev) => {
    if (!root.contains(ev.target)) return;
    // Caught on the way down at the window, before Lumino's own capturing listener on the document (Notebook 7)
    // and its bubbling one (JupyterLab).
    ev.stopPropagation();
    if (ev.type !== "keydown") return;
    const target = targets ? ev.target.closest?.(targets) : null;
    if (target && (ev.key === "Enter" || ev.key === " ") && target.tagName !== "BUTTON") {
      ev.preventDefault();
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    const group = ev.target.closest?.("[data-roving]");
    if (onKey && onKey(ev, group)) return;
    if (!group || !(ev.key in KB_ROVE)) return;
    const tag = ev.target.tagName;
    if ((tag === "SELECT" && (ev.key === "ArrowUp" || ev.key === "ArrowDown")) || tag === "INPUT") return; // their own arrows
    const items = kbItems(group, selectors);
    const i = items.findIndex((e) => e === ev.target || e.contains(ev.target));
    if (i < 0 || !items.length) return;
    ev.preventDefault();
    const next = items[(i + KB_ROVE[ev.key] + items.length) % items.length];
    items.forEach((e) => { e.tabIndex = -1; });
    next.tabIndex = 0;
    stops[group.getAttribute("data-roving")] = kbFocusKey(next)?.join("=");
    next.focus();
  };
  const remember = (ev) => {
    const group = ev.target.closest?.("[data-roving]");
    if (group) stops[group.getAttribute("data-roving")] = kbFocusKey(ev.target)?.join("=");
  };
  for (const type of KB_EVENTS) globalThis.addEventListener?.(type, handle, true);
  root.addEventListener("focusin", remember);
  return () => {
    for (const type of KB_EVENTS) globalThis.removeEventListener?.(type, handle, true);
    root.removeEventListener("focusin", remember);
  };
}

// The one layout system of the three games' widgets: the root with its live region, the controls bar and the
// settings every game has, the floating message area, the decision panel's frame, the log's frame, the
// layout by width (beside, stacked or scrolled) and the keyboard set-up. A game plugs in its board and its own
// parts: the card games through core/widget.mjs (their board drawing), Hickory Dickory through hickory/widget.mjs and
// hickory/board.mjs (its clock and chain, question ids and flashed choices, log pages, filters and look-back).
// Joined in front of the games' modules (core/widget.py bundle(), hickory/widget.py JS_FILES): every top-level
// name here starts with "shell" (or SHELL_), so that it clashes with none of theirs.
import { kbFocusKey, kbInstall, kbRefocus, kbTabStops } from "./keyboard.mjs";
import { besideOrBelow, htmlNode, listen } from "./dom.mjs";

/** A button of the shell; ``control`` (data-control) names it for tests, the keyboard's focus and morph keys. */
export function shellButton(label, control, onClick, { disabled = false, title = null, className = "cs-button" } = {}) {
  const b = htmlNode("button", { type: "button", class: className, "data-control": control, title }, null, label);
  b.disabled = Boolean(disabled);
  listen(b, "click", onClick);
  return b;
}

/** A labelled checkbox that calls ``onChange(on)``. */
export function shellCheck(label, control, checked, onChange) {
  const wrap = htmlNode("label", { class: "cs-check" });
  const box = htmlNode("input", { type: "checkbox", "data-control": control }, wrap);
  box.checked = Boolean(checked);
  listen(box, "change", () => onChange(box.checked));
  htmlNode("span", {}, wrap, ` ${label}`);
  return wrap;
}

/** A select of ``options`` ([value, label] pairs) showing ``value``, that calls ``onChange(value)``. */
export function shellSelect(options, value, onChange, attrs = {}) {
  const select = htmlNode("select", { class: "cs-select", ...attrs });
  // an option may carry a third element, its tooltip (a seat menu says what each bot level does)
  for (const [v, label, title] of options) htmlNode("option", title ? { value: v, title } : { value: v }, select, label);
  select.value = String(value);
  const chosen = options.find(([v]) => String(v) === select.value);
  if (chosen?.[2] && !attrs.title) select.title = chosen[2];
  listen(select, "change", () => onChange(select.value));
  return select;
}

/** Undo and redo, off when there is nothing to take back or ``off`` (e.g. while looking back). */
export function shellUndoRedo(view, { undo, redo, undoTitle = null }, send, off = false) {
  return [
    shellButton(undo, "undo", () => send({ type: "undo" }), { disabled: !view.can_undo || off, title: undoTitle }),
    shellButton(redo, "redo", () => send({ type: "redo" }), { disabled: !view.can_redo || off }),
  ];
}

/** The projector setting (large print, trait ``projector``): the same checkbox and intent in every game. */
export function shellProjector(label, on, send) {
  return shellCheck(label, "projector", on, (value) => send({ type: "projector", on: value }));
}

/**
 * Large print on the root (class cs-projector: every text 16 px or more, shell.css and the game's stylesheet) when
 * the model's ``projector`` is on; returns it.
 */
export function shellLargePrint(model, root) {
  const on = Boolean(model.get("projector"));
  root.classList.toggle("cs-projector", on);
  return on;
}

/** The width (px) a widget asks of its row: its board's readable minimum and a column, wider in large print. */
export function shellMinWidth(model) {
  return model.get("projector") ? 840 : 600;
}

/** The language of the widget's words, one of ``languages``. */
export function shellLanguage(languages, language, label, send) {
  return shellSelect(languages.map((code) => [code, code.toUpperCase()]), language,
    (lang) => send({ type: "language", lang }), { "data-control": "language", "aria-label": label });
}

/**
 * The controls bar: one toolbar (one Tab stop, the arrow keys within it) of rows; a row is a list of controls
 * (``null`` ones left out) or ``{items, hidden}``, or a node shown as it is (a note).
 */
export function shellControls(rows, label) {
  const bar = htmlNode("div", { "data-key": "controls", class: "cs-controls", role: "toolbar", "aria-label": label,
    "data-roving": "controls" });
  for (const row of rows) {
    if (!row) continue;
    if (row.nodeType) {
      bar.appendChild(row);
      continue;
    }
    const items = Array.isArray(row) ? row : row.items;
    const line = htmlNode("div", { class: "cs-row", hidden: row.hidden || null }, bar);
    line.append(...items.filter(Boolean));
  }
  return bar;
}

/** The parts of the message area, top to bottom, and how each is announced. */
const SHELL_MESSAGES = {
  look: {}, // the look-back bar (Hickory Dickory)
  note: {}, // a saved page's note
  error: { role: "alert" }, // a refusal
  info: { textRole: "status", testid: "explanation" }, // a why-not answer
  recent: { testid: "recent" }, // the bots' moves since the last human one
};

/**
 * Nothing moves under the pointer: refusals, why-not answers, the look-back bar, a saved page's note and the
 * latest moves float, as tall as their text, over what follows the area's slot of no height (shell.css), never
 * pushing the controls or the board; the games put the slot after the decision. Made once; a drawing puts it in its place with shellKept(). ``show(part, content,
 * {close, closeLabel, control})``: text or nodes (empty: the part is hidden), with a close button when ``close``.
 */
export function shellMessages() {
  const el = htmlNode("div", { class: "cs-messages", "data-testid": "messages", "data-key": "messages" });
  const parts = {};
  for (const [name, how] of Object.entries(SHELL_MESSAGES)) {
    const own = how.textRole ? null : how.testid; // the text's own test id when it is announced by itself
    const box = htmlNode("div", { class: `cs-message cs-${name}`, role: how.role, "data-testid": own, hidden: true }, el);
    const text = htmlNode("div", { class: "cs-message-text", role: how.textRole, "data-testid": own ? null : how.testid }, box);
    parts[name] = { box, text, close: null };
  }
  const show = (name, content, { close = null, closeLabel = "", control = "dismiss" } = {}) => {
    const part = parts[name];
    const nodes = content == null || content === "" ? [] : Array.isArray(content) ? content : [content];
    if (nodes.length === 1 && typeof nodes[0] === "string") {
      if (part.text.childNodes.length !== 1 || part.text.textContent !== nodes[0]) part.text.textContent = nodes[0];
    } else {
      part.text.replaceChildren(...nodes);
    }
    part.box.hidden = !nodes.length;
    if (close && !part.close) {
      part.close = htmlNode("button", { type: "button", class: "cs-close", "data-control": control }, part.box, "×");
    }
    if (part.close) {
      part.close.hidden = !close;
      part.close.setAttribute("aria-label", closeLabel);
      part.close.title = closeLabel;
      listen(part.close, "click", () => {
        part.box.hidden = true;
        close?.();
      });
    }
  };
  return { el, show, shown: (name) => !parts[name].box.hidden };
}

/** A stand-in for a node made once (the message area): morph.mjs puts the node itself in its place, untouched. */
export function shellKept(node) {
  const standIn = node.cloneNode(false);
  standIn.hkKeep = node;
  return standIn;
}

/**
 * The decision panel's frame: a section (the "decision" keyboard group) with a head (who decides and the
 * question), a body (the result, a curtain) and one button per choice. ``choice(ch)`` gives a choice's own
 * attributes (e.g. the board spot it stands for); ``color`` marks the deciding player (CSS --pc).
 */
export function shellDecision({ label, className = "", player = null, color = null, head = [], body = [],
  choices = [], choicesLabel = "", onChoose = null, choice = () => ({}) }) {
  const panel = htmlNode("section", { "data-key": "decision", class: `cs-decision ${className}`.trim(), "aria-label": label,
    "data-region": "decision", "data-roving": "decision", "data-player": player });
  if (color) panel.style.setProperty("--pc", color);
  if (head.length) htmlNode("div", { class: "cs-decision-head" }, panel).append(...head);
  panel.append(...body);
  if (choices.length) {
    const list = htmlNode("div", { class: "cs-choices", role: "toolbar", "aria-label": choicesLabel }, panel);
    for (const ch of choices) {
      const b = htmlNode("button", { type: "button", class: "cs-choice", "data-choice-id": ch.id, ...choice(ch) }, list, ch.label);
      listen(b, "click", () => onChoose(ch.id));
    }
  }
  return panel;
}

/**
 * The log's frame: a section with a head row (a title and the game's own controls: filters, replay) over a list
 * that scrolls by itself. ``keep`` ({box, list}) are the nodes of the last drawing, kept so that a long log is
 * neither rebuilt nor detached; ``browse``: the list is one Tab stop whose entries the arrow keys walk.
 */
export function shellLog({ keep = null, label, title, extras = [], listLabel, browse = false }) {
  const box = keep?.box ?? htmlNode("section", { class: "cs-history", "data-key": "history" });
  box.setAttribute("aria-label", label);
  const head = htmlNode("div", { class: "cs-row cs-history-head" });
  htmlNode("h4", {}, head, title);
  head.append(...extras.filter(Boolean));
  const old = box.querySelector(":scope > .cs-history-head");
  if (old) old.replaceWith(head);
  else box.prepend(head);
  let list = keep?.list;
  if (!list) list = htmlNode("ol", { class: "cs-log", ...(browse ? { tabindex: "0", role: "listbox", "data-roving": "log" } : {}) });
  if (list.getAttribute("aria-label") !== listLabel) list.setAttribute("aria-label", listLabel);
  if (list.parentNode !== box) box.appendChild(list);
  return { box, list };
}

/**
 * The log list follows the newest entry until the user scrolls it up; an entry marked ``here`` (the move looked
 * at) is scrolled to the middle instead. Scrolled in the next frame, where the browser lays out anyway.
 */
export function shellFollow(list, state) {
  if (!list) return;
  const here = list.querySelector(".cs-log-here");
  const count = list.childElementCount;
  if (here || (state.pinned !== false && count !== state.count)) {
    requestAnimationFrame(() => {
      if (here) list.scrollTop = here.offsetTop - list.clientHeight / 2;
      else list.scrollTop = list.scrollHeight;
    });
  }
  state.count = here ? -1 : count;
  if (!list.hasAttribute("data-watched")) {
    list.setAttribute("data-watched", "");
    list.addEventListener("scroll", () => {
      if (!list.querySelector(".cs-log-here")) state.pinned = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    });
  }
}

/** The root (``className``: the game's own class too), its live region (never rebuilt) and its content. */
export function shellRoot(host, { testid, className = "" }) {
  const root = htmlNode("div", { class: `cs-root ${className}`.trim(), "data-testid": testid });
  const live = htmlNode("div", { class: "cs-live", "aria-live": "polite", role: "status", "data-testid": "announcer" }, root);
  const content = htmlNode("div", { class: "cs-content" }, root);
  host.appendChild(root);
  const say = (text) => {
    if (live.textContent !== text) live.textContent = text;
  };
  return { root, live, content, say };
}

/**
 * The layout by width: the widget asks its row (an ipywidgets HBox beside a what-if panel) for ``min()`` px
 * (dom.mjs besideOrBelow: a panel beside the board only when both keep their readable sizes), and its root has
 * each class of ``sizes()`` ({class: width}) while it is narrower than that width: the game's CSS then stacks its
 * column under the board, or lets the board scroll instead of shrinking its text. ``fit()`` again after a
 * setting changed the sizes; ``stop()`` at the end.
 */
export function shellFit(host, root, { min, sizes = () => ({}), then = null }) {
  let asked = null;
  const fit = () => {
    const want = min();
    if (want !== asked) {
      asked = want;
      besideOrBelow(host, want);
    }
    const w = root.getBoundingClientRect().width || host.clientWidth || 0;
    for (const [name, below] of Object.entries(sizes())) root.classList.toggle(name, w > 0 && w < below);
    then?.();
  };
  const observer = globalThis.ResizeObserver ? new ResizeObserver(fit) : null;
  observer?.observe(root);
  fit();
  return { fit, stop: () => observer?.disconnect() };
}

/**
 * The keyboard: keys stay in the widget, each [data-roving] group is one Tab stop roved with the arrows
 * (keyboard.mjs). ``redraw(draw, fallbacks)`` draws with the focus kept on "the same" control, else on the first
 * of ``fallbacks(onBoard)`` (selectors; ``onBoard``: the focus was on the board).
 */
export function shellKeys(root, content, { targets = null, selectors = {}, whole = [], onKey = null } = {}) {
  const stops = {};
  const remove = kbInstall(root, { targets, selectors, stops, onKey });
  const redraw = (draw, fallbacks) => {
    const focus = root.contains(document.activeElement) ? document.activeElement : null;
    const active = focus ? kbFocusKey(focus) : null;
    const onBoard = Boolean(focus?.closest("[data-roving=board]"));
    draw();
    kbTabStops(content, stops, selectors, whole);
    kbRefocus(content, active, fallbacks(onBoard));
  };
  return { stops, redraw, remove };
}

/** Selectors of the focus to fall back on after a move: the first choice, else the board, else the controls. */
export function shellFallbacks(onBoard) {
  const board = "[data-roving=board] [tabindex='0']";
  return onBoard ? [board, ".cs-choice"] : [".cs-choice", board, "[data-roving=controls] [tabindex='0']"];
}

/** The picture a game's Python side sends (trait ``picture``: {svg, name}), downloaded as a file. */
export function shellDownload(model) {
  const picture = model.get("picture") || {};
  if (!picture.svg) return;
  const url = URL.createObjectURL(new Blob([picture.svg], { type: "image/svg+xml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = picture.name || "game.svg";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Handlers of the model's events ({"change:view": draw, ...}); returns the function that removes them all. */
export function shellOn(model, handlers) {
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  return () => {
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
  };
}

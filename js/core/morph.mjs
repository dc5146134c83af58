// Keyed redraw: the board is drawn as a fresh tree (cheap, nothing is laid out) and then morphed into the one on
// the page, so only what changed is touched: an unchanged box, leaf or player panel keeps its node, the browser
// styles and lays out only the changed ones, and a moved mouse keeps its node (its CSS transition animates it).
// Elements are matched by their key (data-key or the board's own ids: data-mouse, data-action, ...), else by kind
// and order. Handlers are attached with listen() so that the morph can hand the fresh node's to the kept one.
// Parts the board memoizes come as a stand-in (hkKeep: keep the node on the page) or new (hkBuilt: replace it).
// No top-level name here may repeat one in geometry.mjs, board.mjs or widget.mjs (nor the card games' board.mjs and
// shell.mjs): the files are concatenated. listen() lives in dom.mjs, which every bundle joins.
import { listen } from "./dom.mjs";

const MORPH_KEYS = ["data-key", "data-mouse", "data-action", "data-outer", "data-inner", "data-player", "data-card",
  "data-favor", "data-hunt", "data-chain", "data-scaler", "data-priority", "data-choice-id", "data-control",
  "data-tile", "data-hand-space", "data-standing", "data-card-mouse"];


const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

const KEY_RANK = new Map(MORPH_KEYS.map((name, i) => [name, i]));

function morphKey(node) {
  if (node.nodeType !== 1 || !node.hasAttributes()) return null;
  let best = null;
  let rank = MORPH_KEYS.length;
  for (const { name, value } of node.attributes) {
    const r = KEY_RANK.get(name);
    if (r !== undefined && r < rank) {
      rank = r;
      best = `${node.nodeName}|${name}=${value}`;
    }
  }
  return best;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && (a.nodeType !== 1 || a.namespaceURI === b.namespaceURI);
}

/** Makes `old` look and act like `fresh` (attributes, handlers, form values, children) and returns it. */
export function morphNode(old, fresh) {
  if (old === fresh) return old;
  if (old.nodeType !== 1) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  for (const { name } of Array.from(old.attributes)) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of Array.from(fresh.attributes)) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  const handlers = fresh.hkOn || {};
  for (const type of Object.keys(old.hkOn || {})) if (!(type in handlers)) old.hkOn[type] = null;
  for (const [type, fn] of Object.entries(handlers)) listen(old, type, fn);
  morphChildren(old, fresh);
  if (old.nodeName === "INPUT") {
    if (old.checked !== fresh.checked) old.checked = fresh.checked;
    if (old.value !== fresh.value && document.activeElement !== old) old.value = fresh.value;
  } else if (old.nodeName === "SELECT" && old.value !== fresh.value) {
    old.value = fresh.value;
  }
  if ("disabled" in old && old.disabled !== fresh.disabled) old.disabled = fresh.disabled;
  return old;
}

/** A new subtree may hold stand-ins of kept parts (when its old counterpart was not found): put the parts in. */
function keepInside(node) {
  if (node.nodeType !== 1 || node.hkBuilt) return node;
  for (const e of Array.from(node.querySelectorAll("*"))) if (e.hkKeep) e.replaceWith(e.hkKeep);
  return node;
}

/** Gives `parent` the children of `fresh` (a node or fragment), keeping every old child that matches one. */
export function morphChildren(parent, fresh) {
  const keyed = new Map();
  const loose = [];
  for (const child of Array.from(parent.childNodes)) {
    const key = morphKey(child);
    if (key !== null && !keyed.has(key)) keyed.set(key, child);
    else loose.push(child);
  }
  let next = 0;
  const wanted = [];
  for (const f of Array.from(fresh.childNodes)) {
    const key = morphKey(f);
    let old = null;
    if (key !== null) {
      old = keyed.get(key) ?? null;
      keyed.delete(key);
    } else {
      while (next < loose.length && !sameKind(loose[next], f)) next++;
      old = next < loose.length ? loose[next++] : null;
    }
    if (f.hkKeep) wanted.push(f.hkKeep); // a part drawn as before (board.mjs memo): kept as it is
    // drawn anew, or a form field (its handlers read the field itself): replaces the old node
    else if (f.hkBuilt || !old || !sameKind(old, f) || FIELDS.has(f.nodeName)) wanted.push(keepInside(f));
    else wanted.push(morphNode(old, f));
  }
  wanted.forEach((node, i) => {
    const at = parent.childNodes[i];
    if (at !== node) parent.insertBefore(node, at ?? null);
  });
  while (parent.childNodes.length > wanted.length) parent.lastChild.remove();
}

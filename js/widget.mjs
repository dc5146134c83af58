// anywidget entry point: wires the model's traits to the drawing in board.mjs and sends the user's intents.
import { drawAll, targetMap, tr, useTexts } from "./board.mjs";

function reducedMotion() {
  try {
    return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

/** A key that finds "the same" control again after a re-render, to keep keyboard focus. */
function focusKey(node) {
  if (!node || !node.getAttribute) return null;
  for (const a of ["data-choice-id", "data-control", "data-target-key"]) {
    const v = node.getAttribute(a);
    if (v) return [a, v];
  }
  return null;
}

function cssEscape(v) {
  return globalThis.CSS && CSS.escape ? CSS.escape(v) : String(v).replace(/["\\]/g, "\\$&");
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "hk-root";
  root.setAttribute("data-testid", "hickory");
  const banner = document.createElement("div");
  banner.className = "hk-error";
  banner.setAttribute("role", "alert");
  const info = document.createElement("div");
  info.className = "hk-info";
  info.setAttribute("role", "status");
  info.setAttribute("data-testid", "explanation");
  const content = document.createElement("div");
  content.className = "hk-content";
  root.append(banner, info, content);
  el.appendChild(root);

  const memory = {
    seats: {},
    newGame: { players: null, seed: 1 },
    prevHand: null,
    prevMice: new Map(),
    frame: 0,
  };

  const send = (intent) => {
    const view = model.get("view") || {};
    model.send({ ...intent, version: view.version ?? 0 });
  };

  const showError = () => {
    const err = model.get("error") || "";
    banner.textContent = err;
    banner.hidden = !err;
    const why = model.get("explanation") || "";
    info.textContent = why;
    info.hidden = !why;
  };

  const flashChoices = (choices) => {
    const buttons = choices
      .map((c) => content.querySelector(`button[data-choice-id="${cssEscape(c.id)}"]`))
      .filter(Boolean);
    for (const b of buttons) {
      b.classList.remove("hk-flash");
      void b.offsetWidth;
      b.classList.add("hk-flash");
    }
    if (buttons[0]) {
      buttons[0].focus();
      if (buttons[0].scrollIntoView) buttons[0].scrollIntoView({ block: "nearest" });
    }
  };

  const draw = () => {
    const started = performance.now();
    const view = model.get("view");
    useTexts(view);
    if (!view || !view.clock) {
      content.textContent = tr("ui.waiting", "Waiting for the game…");
      return;
    }
    if (view.lang) root.setAttribute("lang", view.lang);
    const active = root.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    const animate = Boolean(model.get("animate")) && !reducedMotion();
    const seats = view.seats && typeof view.seats === "object" ? { ...view.seats, ...memory.seats } : memory.seats;
    if (memory.newGame.players === null) memory.newGame.players = view.players.length;
    const motion = {
      enabled: animate,
      prevHand: memory.prevHand,
      prevMice: memory.prevMice,
      mice: new Map(),
      hand: null,
      pending: [],
    };
    const ctx = {
      send,
      targets: targetMap(view),
      onTarget: (choices) => {
        if (choices.length === 1) send({ type: "choose", id: choices[0].id });
        else flashChoices(choices);
      },
      showSecrets: Boolean(model.get("show_secrets")),
      toggles: { animate: Boolean(model.get("animate")), show_secrets: Boolean(model.get("show_secrets")) },
      seats,
      newGame: memory.newGame,
      motion,
    };
    root.setAttribute("data-version", String(view.version ?? ""));
    root.setAttribute("data-minute", String(view.clock.minute ?? ""));
    root.setAttribute("data-decision-kind", view.over ? "over" : (view.decision?.kind ?? ""));
    root.classList.toggle("hk-animate", animate);
    const logBox = content.querySelector(".hk-log");
    const logAtBottom = !logBox || logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 8;
    content.replaceChildren(drawAll(view, ctx));
    memory.prevHand = motion.hand;
    memory.prevMice = motion.mice;
    if (motion.pending.length) {
      const frame = ++memory.frame;
      void root.getBoundingClientRect(); // start from the old positions
      requestAnimationFrame(() => {
        if (frame !== memory.frame) return;
        for (const f of motion.pending) f();
      });
    }
    const log = content.querySelector(".hk-log");
    if (log && logAtBottom) log.scrollTop = log.scrollHeight;
    root.setAttribute("data-draw-ms", (performance.now() - started).toFixed(1));
    if (active) {
      const again = content.querySelector(`[${active[0]}="${cssEscape(active[1])}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else {
        const first = content.querySelector(".hk-choice");
        if (first) first.focus({ preventScroll: true });
      }
    }
  };

  const onView = () => draw();
  const onError = () => showError();
  model.on("change:view", onView);
  model.on("change:error", onError);
  model.on("change:explanation", onError);
  model.on("change:animate", onView);
  model.on("change:show_secrets", onView);
  showError();
  draw();
  return () => {
    model.off("change:view", onView);
    model.off("change:error", onError);
    model.off("change:explanation", onError);
    model.off("change:animate", onView);
    model.off("change:show_secrets", onView);
    memory.frame++;
    root.remove();
  };
}

export default { render };

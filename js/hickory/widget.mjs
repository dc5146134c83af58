// anywidget entry point: wires the model's traits to the drawing in board.mjs and sends the user's intents.
// Keys pressed inside the widget stay inside it (JupyterLab's and Notebook 7's shortcuts never see them); the
// keyboard has three Tab stops (the decision, the board, the controls) plus the history list, each roved with the
// arrow keys; announcements go through one live region that is never rebuilt.
import { drawAll, drawLog, drawLookBack, tr, useTexts, targetMap, playerName } from "./board.mjs";
import { morphChildren } from "../core/morph.mjs";
import { besideOrBelow, htmlNode } from "../core/dom.mjs";
import { kbEscape, kbFocusKey, kbInstall, kbItems, kbRefocus, kbTabStops } from "../core/keyboard.mjs";

function reducedMotion() {
  try {
    return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

/** Widths (px) below which the widget uses its compact and its narrow layout. */
export const COMPACT_WIDTH = 900;
export const NARROW_WIDTH = 560;
/** Widths (px) below which the side column cannot stand beside the clock's readable minimum (widget.css). */
export const STACKED_WIDTH = 830;
export const STACKED_WIDTH_PROJECTOR = 1070;

/** Hickory Dickory's roving groups besides the shell's own: the board's spots and the history list. */
const ROVING = { board: "[data-target-key].hk-target", log: "li[data-step]" };

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "hk-root";
  root.setAttribute("data-testid", "hickory");
  root.setAttribute("data-live", "pending");
  const banner = htmlNode("div", { class: "hk-error", role: "alert" });
  const bannerText = htmlNode("span", { class: "hk-error-text" }, banner);
  const close = htmlNode("button", { type: "button", class: "hk-close", "data-control": "dismiss" }, banner, "×");
  const info = htmlNode("div", { class: "hk-info" });
  const infoText = htmlNode("span", { class: "hk-info-text", role: "status", "data-testid": "explanation" }, info);
  const infoClose = htmlNode("button", { type: "button", class: "hk-close", "data-control": "dismiss-info" }, info, "×");
  const offline = document.createElement("div");
  offline.className = "hk-offline-note";
  offline.hidden = true;
  const live = document.createElement("div");
  live.className = "hk-live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  live.setAttribute("data-testid", "announcer");
  const content = document.createElement("div");
  content.className = "hk-content";
  const boardArea = document.createElement("div");
  boardArea.className = "hk-board-area"; // display: contents, so the layout is as if its children were content's
  // Nothing moves under the pointer: refusals, why-not answers and the saved-page note appear in one box of
  // fixed height at the top of the column beside the clock (it scrolls when a text is longer), never by pushing
  // the controls or the board. The box is made once; each drawing puts it in its place (board.mjs drawAll).
  const messages = document.createElement("div");
  messages.className = "hk-messages";
  messages.setAttribute("data-testid", "messages");
  messages.setAttribute("data-key", "messages");
  const lookSlot = document.createElement("div"); // the look-back bar while looking back (board.mjs drawLookBack)
  lookSlot.className = "hk-look-slot";
  messages.append(lookSlot, offline, banner, info);
  root.append(live, content);
  el.appendChild(root);
  // a panel beside the board only when both keep their readable sizes (core/dom.mjs): the clock's minimum and a column
  const askWidth = (projector) => besideOrBelow(el, projector ? 840 : 600);
  askWidth(Boolean(model.get("projector")));

  const memory = {
    newGame: { players: null, seed: 1 },
    prevHand: null,
    prevMice: new Map(),
    frame: 0,
    stops: {},
    logFilter: { player: "", group: "" },
    legendOpen: false,
    settingsOpen: false,
    replaySpeed: 700,
    replay: null,
    announced: "",
    live: null,
    logNodes: new Map(),
    logPages: null,
    logCount: -1, // entries in the history list when it was last scrolled to its end
    logHead: [],
    logGap: false, // a log delta was missed: the whole log is on its way
    logPinned: true, // the history list follows the newest event until the user scrolls it up
    memo: new Map(), // the board's parts as last drawn (board.mjs memo)
  };

  const send = (intent) => {
    if (memory.live === false) return; // a saved page: no kernel to answer
    const view = model.get("view") || {};
    try {
      model.send({ ...intent, version: view.version ?? 0 });
    } catch (error) {
      console.warn("hickory widget: could not send", intent, error);
    }
  };

  const showError = () => {
    const err = model.get("error") || "";
    bannerText.textContent = err;
    banner.hidden = !err;
    close.setAttribute("aria-label", tr("ui.close", "Close"));
    close.title = tr("ui.close", "Close");
    const why = model.get("explanation") || "";
    infoText.textContent = why;
    info.hidden = !why;
    infoClose.setAttribute("aria-label", tr("ui.close", "Close"));
    infoClose.title = tr("ui.close", "Close");
  };
  const dismiss = () => {
    banner.hidden = true;
    info.hidden = true;
    send({ type: "dismiss" });
  };
  close.addEventListener("click", dismiss);
  infoClose.addEventListener("click", dismiss);

  const flashChoices = (choices) => {
    const buttons = choices
      .map((c) => content.querySelector(`button[data-choice-id="${kbEscape(c.id)}"]`))
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

  const announce = (view) => {
    let text = "";
    if (view.looking) text = tr("ui.looking_at", "Looking back: after move {n} of {total} (read-only)", { n: view.looking.step, total: view.looking.steps });
    else if (view.over) text = tr("ui.game_over", "Game over: standings");
    else if (view.decision) text = `${tr("ui.decides", "{color} decides: ", { color: playerName(view.decision.player) })}${view.decision.prompt}`;
    if (text !== memory.announced) {
      memory.announced = text;
      live.textContent = text;
    }
  };

  const stopReplay = () => {
    if (memory.replay) clearTimeout(memory.replay.timer);
    memory.replay = null;
  };
  const look = (step) => {
    stopReplay();
    send({ type: "look", step });
  };
  const replay = () => {
    const view = model.get("view") || {};
    const steps = view.looking?.steps ?? view.steps ?? 0;
    // from the last move a human made through the widget (the bots' answers follow), else the last 10 moves
    const from = Math.max(0, Math.min(view.replay_from ?? steps - 10, steps - 1));
    memory.replay = { at: from, end: steps, timer: null };
    const next = () => {
      const r = memory.replay;
      if (!r) return;
      if (r.at >= r.end) {
        memory.replay = null;
        root.removeAttribute("data-replaying");
        send({ type: "look", step: null });
        return;
      }
      root.setAttribute("data-replaying", String(r.at));
      send({ type: "look", step: r.at });
      r.at += 1;
      r.timer = setTimeout(next, memory.replaySpeed);
    };
    next();
  };

  // The log travels apart from the view: log_pages (full pages, rarely sent) and log_tail (the newest entries). A
  // click that only adds entries brings them in a "log" message (seq: the log's change count, at: the index of the
  // first), added to the model here without a round trip; a missed one (a gap) asks Python for the whole log.
  const logOf = () => {
    const pages = model.get("log_pages") || [];
    if (memory.logPages !== pages) {
      memory.logPages = pages;
      memory.logHead = pages.flat();
    }
    return memory.logHead.concat(model.get("log_tail") || []);
  };
  const logDelta = (msg) => {
    const seq = model.get("log_seq") ?? 0;
    if (msg.seq <= seq) return; // already taken (another view of the same widget)
    const tail = model.get("log_tail") || [];
    const have = (model.get("log_pages") || []).reduce((n, page) => n + page.length, 0) + tail.length;
    if (msg.seq !== seq + 1 || msg.at !== have || !Array.isArray(msg.entries)) {
      memory.logGap = true;
      send({ type: "log" });
      return;
    }
    model.set("log_tail", tail.concat(msg.entries));
    model.set("log_seq", msg.seq);
  };

  const draw = () => {
    const started = performance.now();
    const sent = model.get("view");
    const view = sent && sent.clock ? { ...sent, ui: model.get("texts") || sent.ui || {}, log: logOf() } : sent;
    useTexts(view);
    if (!view || !view.clock) {
      content.textContent = tr("ui.waiting", "Waiting for the game…");
      return;
    }
    if (view.lang) root.setAttribute("lang", view.lang);
    const active = root.contains(document.activeElement) ? kbFocusKey(document.activeElement) : null;
    const animate = Boolean(model.get("animate")) && !reducedMotion();
    const seats = model.get("seats") || {};
    if (memory.newGame.players === null) memory.newGame.players = view.players.length;
    // A board already on the page is morphed (morph.mjs): its nodes stay, and their CSS transitions animate the
    // moves; only the first drawing starts from nothing.
    const morphing = boardArea.hasChildNodes();
    const motion = {
      enabled: animate && !morphing,
      prevHand: memory.prevHand,
      prevMice: memory.prevMice,
      mice: new Map(),
      hand: null,
      pending: [],
    };
    const toggles = { animate: Boolean(model.get("animate")), show_secrets: Boolean(model.get("show_secrets")), projector: Boolean(model.get("projector")) };
    const ctx = {
      messages,
      memo: memory.memo,
      roving: true,
      send,
      targets: view.looking || memory.live === false ? new Map() : targetMap(view),
      onTarget: (choices) => {
        if (choices.length === 1) send({ type: "choose", id: choices[0].id });
        else flashChoices(choices);
      },
      showSecrets: toggles.show_secrets,
      toggles,
      seats,
      botsSeated: Object.values(seats).some((k) => k !== "human"),
      newGame: memory.newGame,
      motion,
      logFilter: memory.logFilter,
      logNodes: memory.logNodes,
      ruleTexts: (model.get("rule_texts") || {}).texts || {},
      redraw: draw,
      look,
      replay,
      replaySpeed: memory.replaySpeed,
      setReplaySpeed: (ms) => { memory.replaySpeed = ms; },
      legendOpen: memory.legendOpen,
      toggleLegend: () => { memory.legendOpen = !memory.legendOpen; draw(); },
      settingsOpen: memory.settingsOpen,
      toggleSettings: () => { memory.settingsOpen = !memory.settingsOpen; draw(); },
    };
    root.setAttribute("data-version", String(view.version ?? ""));
    root.setAttribute("data-minute", String(view.clock.minute ?? ""));
    root.setAttribute("data-decision-kind", view.over ? "over" : (view.decision?.kind ?? ""));
    root.setAttribute("data-decider", view.decision?.player ?? "");
    root.setAttribute("data-steps", String(view.steps ?? ""));
    root.setAttribute("data-looking", view.looking ? String(view.looking.step) : "");
    root.classList.toggle("hk-animate", animate);
    root.classList.toggle("hk-projector", toggles.projector);
    // The board is drawn anew; the history section stays in the page (drawLog updates it in place), so a long
    // log is neither detached nor styled again on every move.
    if (boardArea.parentNode !== content) content.replaceChildren(boardArea);
    morphChildren(boardArea, drawAll(view, { ...ctx, logApart: true }));
    if (view.looking) lookSlot.replaceChildren(drawLookBack(view, ctx));
    else if (lookSlot.hasChildNodes()) lookSlot.replaceChildren();
    const history = drawLog(view, ctx);
    if (history.parentNode !== content) content.appendChild(history);
    content.querySelector(".hk-main")?.setAttribute("data-roving", "board");
    kbTabStops(content, memory.stops, ROVING, ["log"]);
    if (memory.live === false) disableAll();
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
    if (log) {
      // The list scrolls, never the page; an unpinned list simply stays where the user left it. Scrolled in the
      // next frame, where the layout the browser makes anyway is read once, instead of forcing one more here.
      const here = log.querySelector(".hk-log-here");
      const count = log.childElementCount;
      if (here || (memory.logPinned && count !== memory.logCount)) {
        requestAnimationFrame(() => {
          if (here) log.scrollTop = here.offsetTop - log.clientHeight / 2;
          else log.scrollTop = log.scrollHeight;
        });
      }
      memory.logCount = here ? -1 : count;
      if (!log.hasAttribute("data-watched")) {
        log.setAttribute("data-watched", "");
        log.addEventListener("scroll", () => {
          if (!log.querySelector(".hk-log-here")) memory.logPinned = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
        });
      }
    }
    announce(view);
    root.setAttribute("data-draw-ms", (performance.now() - started).toFixed(1));
    kbRefocus(content, active, [".hk-choice", "[data-roving=controls] [tabindex='0']"]);
  };

  /** A saved page (no kernel): every control is visibly off and a note says why. */
  const disableAll = () => {
    memory.memo.clear(); // the parts are changed below: drawn anew once the kernel answers
    root.classList.add("hk-offline");
    for (const e of content.querySelectorAll("button, select, input")) e.disabled = true;
    for (const e of content.querySelectorAll(".hk-target")) {
      e.classList.remove("hk-target");
      e.removeAttribute("tabindex");
    }
  };

  // ---- keys: everything pressed in the widget stays in the widget (core/js/keyboard.mjs); the history list and
  // Escape (back to the game from looking back) are Hickory Dickory's own
  const ROVE = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const onKey = (ev, group) => {
    const looking = (model.get("view") || {}).looking;
    if (group && group.getAttribute("data-roving") === "log") {
      const items = kbItems(group, ROVING);
      const current = items.indexOf(document.activeElement);
      if (ev.key in ROVE || ev.key === "Home" || ev.key === "End") {
        ev.preventDefault();
        const from = current >= 0 ? current : looking ? items.findIndex((e) => e.classList.contains("hk-log-here")) : items.length - 1;
        let i = from + (ROVE[ev.key] ?? 0);
        if (ev.key === "Home") i = 0;
        if (ev.key === "End") i = items.length - 1;
        i = Math.max(0, Math.min(items.length - 1, i));
        const item = items[i];
        if (item) {
          item.tabIndex = -1;
          item.focus({ preventScroll: true }); // the list scrolls itself (see draw), the page stays on the board
          look(Number(item.getAttribute("data-step")));
        }
      } else if (ev.key === "Escape" && looking) {
        look(null);
      } else if ((ev.key === "Enter" || ev.key === " ") && current >= 0) {
        ev.preventDefault();
        look(Number(items[current].getAttribute("data-step")));
      }
      return true;
    }
    if (ev.key === "Escape" && looking) {
      look(null);
      return true;
    }
    return false;
  };
  const removeKeys = kbInstall(root, { targets: ".hk-target", selectors: ROVING, stops: memory.stops, onKey });

  // ---- layout by width: compact (clock beside the current player, less chrome) and narrow (one column)
  const sizeClasses = () => {
    const w = root.getBoundingClientRect().width || el.clientWidth || 0;
    root.classList.toggle("hk-compact", w > 0 && w < COMPACT_WIDTH);
    root.classList.toggle("hk-narrow", w > 0 && w < NARROW_WIDTH);
    // no room for the column beside the readable clock: decision and messages above it, the rest below
    const projector = Boolean(model.get("projector"));
    root.classList.toggle("hk-stacked", w > 0 && w < (projector ? STACKED_WIDTH_PROJECTOR : STACKED_WIDTH));
    const log = content.querySelector(".hk-log");
    if (log && memory.logPinned && !log.querySelector(".hk-log-here")) log.scrollTop = log.scrollHeight;
  };
  let resize = null;
  if (globalThis.ResizeObserver) {
    resize = new ResizeObserver(sizeClasses);
    resize.observe(root);
  }
  sizeClasses();

  // ---- is a kernel there? A saved page (HTML export with widget state) never answers
  const markAlive = () => {
    if (memory.live === true) return;
    const wasOff = memory.live === false;
    memory.live = true;
    root.setAttribute("data-live", "yes");
    root.classList.remove("hk-offline");
    offline.hidden = true;
    if (wasOff) draw(); // a busy kernel answered late: the controls come back
  };
  const onCustom = (msg) => {
    if (msg && msg.type === "alive") markAlive();
    else if (msg && msg.type === "log") logDelta(msg);
  };
  // the whole log again after a gap: drawn at once (an ordinary move's log arrives before its view, which draws)
  const onLogSeq = () => {
    if (!memory.logGap) return;
    memory.logGap = false;
    draw();
  };
  model.on("msg:custom", onCustom);
  try {
    model.send({ type: "hello" });
  } catch {
    /* no comm: the timer below marks the page read-only */
  }
  const liveTimer = setTimeout(() => {
    if (memory.live === true) return;
    memory.live = false;
    root.setAttribute("data-live", "no");
    offline.hidden = false;
    offline.textContent = tr("ui.offline", "A saved picture of the game: run the notebook to play. The buttons are off.");
    draw();
  }, 4000);

  const onView = () => {
    if (memory.live !== true) markAlive(); // only a kernel changes the view
    draw();
  };
  const onError = () => showError();
  const onProjector = () => { askWidth(Boolean(model.get("projector"))); draw(); sizeClasses(); };
  model.on("change:view", onView);
  model.on("change:error", onError);
  model.on("change:explanation", onError);
  model.on("change:animate", draw);
  model.on("change:show_secrets", draw);
  model.on("change:projector", onProjector);
  model.on("change:seats", draw);
  model.on("change:log_seq", onLogSeq);
  showError();
  draw();
  return () => {
    model.off("change:view", onView);
    model.off("change:error", onError);
    model.off("change:explanation", onError);
    model.off("change:animate", draw);
    model.off("change:show_secrets", draw);
    model.off("change:projector", onProjector);
    model.off("change:seats", draw);
    model.off("msg:custom", onCustom);
    model.off("change:log_seq", onLogSeq);
    removeKeys();
    clearTimeout(liveTimer);
    stopReplay();
    if (resize) resize.disconnect();
    memory.frame++;
    root.remove();
  };
}

export default { render };

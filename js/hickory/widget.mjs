// anywidget entry point of Hickory Dickory: its clock and chain board (board.mjs), its decision panel, log and
// controls plugged into the shell (core/shell.mjs: root and live region, message area, controls bar, decision
// and log frames, layout by width, keyboard). What is Hickory's own is here: the model's traits, the log's delta
// protocol, looking back and replay, the flash of choices a board spot stands for, and a saved page's read-only
// state. Keyboard: three Tab stops (the decision, the board, the controls) plus the history list, each roved with
// the arrow keys; Escape returns from looking back.
import { drawAll, drawLog, drawLookBack, tr, useTexts, targetMap, playerName } from "./board.mjs";
import { morphChildren } from "../core/morph.mjs";
import { kbEscape, kbItems } from "../core/keyboard.mjs";
import { drawMargins, drawRetryBar, drawReview, reviewMarkBoard, reviewMarkLog } from "./review.mjs";
import { shellDownload, shellFit, shellFollow, shellKeys, shellLargePrint, shellMessages, shellMinWidth, shellOn, shellRoot } from "../core/shell.mjs";

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
/**
 * Widths (px) below which the side column cannot stand beside the clock's readable minimum (widget.css). Below
 * STACKED_WIDTH the clock is also the small one (board.mjs SMALL_CLOCK_TEXT, widget.css .hk-small) with the deciding
 * player's board beside it: a 592 px output (JupyterLab at 1024x768 with the file browser open) shows the decision,
 * the clock and that board together.
 */
export const STACKED_WIDTH = 830;
export const STACKED_WIDTH_PROJECTOR = 1070;

/** Hickory Dickory's roving groups besides the shell's own: the board's spots and the history list. */
const ROVING = { board: "[data-target-key].hk-target", log: "li[data-step]" };

function render({ model, el }) {
  const { root, content, say } = shellRoot(el, { testid: "hickory", className: "hk-root" });
  root.setAttribute("data-live", "pending");
  const boardArea = document.createElement("div");
  boardArea.className = "hk-board-area"; // display: contents, so the layout is as if its children were content's
  // The shell's message area (refusals, why-not answers, the look-back bar, the saved-page note) follows the decision
  // in the column beside the clock (board.mjs drawAll puts it there), floating over the deciding player's board.
  const messages = shellMessages();

  const memory = {
    newGame: { players: null, seed: 1 },
    prevHand: null,
    prevMice: new Map(),
    frame: 0,
    logFilter: { player: "", group: "" },
    legendOpen: false,
    settingsOpen: false,
    boardOpen: false,
    replaySpeed: 700,
    replay: null,
    live: null,
    logNodes: new Map(),
    logPages: null,
    follow: { pinned: true, count: -1 }, // the history list follows the newest event until the user scrolls it up
    logHead: [],
    logGap: false, // a log delta was missed: the whole log is on its way
    memo: new Map(), // the board's parts as last drawn (board.mjs memo)
    reviewSeat: { value: "humans" }, // whose decisions the next review judges (the panel's menu)
    small: null, // the small clock was drawn last (null: nothing drawn yet)
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

  const dismiss = () => {
    messages.show("error", "");
    messages.show("info", "");
    send({ type: "dismiss" });
  };
  const showError = () => {
    const close = tr("ui.close", "Close");
    messages.show("error", model.get("error") || "", { close: dismiss, closeLabel: close });
    messages.show("info", model.get("explanation") || "", { close: dismiss, closeLabel: close, control: "dismiss-info" });
  };

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
    if (view.retry?.verdict) text = `${view.retry.verdict.message} ${view.retry.tries_text}`;
    else if (view.retry) text = tr("ui.review.retry_intro", "Move {n} again: what is best for {seat}? Pick an option on the board or in the list.", { n: view.retry.move, seat: view.retry.seat });
    else if (view.looking) text = tr("ui.looking_at", "Looking back: after move {n} of {total} (read-only)", { n: view.looking.step, total: view.looking.steps });
    else if (view.over) text = tr("ui.game_over", "Game over: standings");
    else if (view.decision) text = `${tr("ui.decides", "{color} decides: ", { color: playerName(view.decision.player) })}${view.decision.prompt}`;
    say(text);
  };

  // the review (review.mjs): a jump and a retry name the review they were made on
  const jump = (step) => {
    stopReplay();
    send({ type: "review_jump", key: (model.get("review") || {}).key ?? "", step });
  };
  const retry = (step) => send({ type: "review_retry", key: (model.get("review") || {}).key ?? "", step });
  const reviewTargets = (view) => {
    const row = view.review_focus;
    const marked = (view.decision?.choices ?? []).filter((c) => c.id === row.best || c.id === row.played);
    return targetMap({ decision: { choices: marked } });
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
    const toggles = { animate: Boolean(model.get("animate")), show_secrets: Boolean(model.get("show_secrets")), projector: Boolean(model.get("projector")),
      show_margins: Boolean(model.get("show_margins")) };
    const ctx = {
      messages: messages.el,
      memo: memory.memo,
      roving: true,
      send,
      // a reviewed decision marks its better option's spot (and the one chosen); a look back takes none
      targets: memory.live === false ? new Map() : view.looking ? (view.review_focus ? reviewTargets(view) : new Map()) : targetMap(view),
      onTarget: (choices) => {
        if (view.looking) return;
        if (choices.length === 1) send({ type: "choose", id: choices[0].id });
        else flashChoices(choices);
      },
      showSecrets: toggles.show_secrets,
      toggles,
      seats,
      seatKinds: model.get("seat_kinds") || ["human"],
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
      boardOpen: memory.boardOpen,
      small: root.classList.contains("hk-small"),
      toggleBoard: () => { memory.boardOpen = !memory.boardOpen; draw(); },
      coach: true,
      jump,
      retry,
      reviewSeat: memory.reviewSeat,
    };
    memory.small = ctx.small;
    ctx.reviewNode = drawReview(view, model.get("review"), ctx);
    ctx.marginsNode = drawMargins(model.get("margins"), toggles.show_margins);
    root.setAttribute("data-version", String(view.version ?? ""));
    root.setAttribute("data-minute", String(view.clock.minute ?? ""));
    root.setAttribute("data-decision-kind", view.over ? "over" : (view.decision?.kind ?? ""));
    root.setAttribute("data-decider", view.decision?.player ?? "");
    root.setAttribute("data-steps", String(view.steps ?? ""));
    root.setAttribute("data-looking", view.looking ? String(view.looking.step) : "");
    root.classList.toggle("hk-animate", animate);
    // large print needs the column beside the readable clock: in an output as narrow as the small clock's (under
    // STACKED_WIDTH) the projector setting shows the ordinary print, so the three parts still fit one screen
    if (shellLargePrint(model, root) && ctx.small) root.classList.remove("cs-projector");
    keys.redraw(() => {
      // The board is drawn anew; the history section stays in the page (drawLog updates it in place), so a long
      // log is neither detached nor styled again on every move.
      if (boardArea.parentNode !== content) content.replaceChildren(boardArea);
      morphChildren(boardArea, drawAll(view, { ...ctx, logApart: true }));
      messages.show("look", view.looking ? drawLookBack(view, ctx) : view.retry ? drawRetryBar(view, ctx) : "");
      reviewMarkBoard(content, view);
      const history = drawLog(view, ctx);
      if (history.parentNode !== content) content.appendChild(history);
      reviewMarkLog(history.querySelector(".cs-log"), model.get("review"));
      content.querySelector(".hk-main")?.setAttribute("data-roving", "board");
      if (memory.live === false) disableAll();
    }, () => [".cs-choice", "[data-roving=controls] [tabindex='0']"]);
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
    // the list scrolls, never the page; an unpinned list stays where the user left it (shell.mjs)
    shellFollow(content.querySelector(".cs-log"), memory.follow);
    announce(view);
    root.setAttribute("data-draw-ms", (performance.now() - started).toFixed(1));
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
        const from = current >= 0 ? current : looking ? items.findIndex((e) => e.classList.contains("cs-log-here")) : items.length - 1;
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
        const reviewed = items[current].getAttribute("data-review-step");
        if (reviewed !== null) jump(Number(reviewed));
        else look(Number(items[current].getAttribute("data-step")));
      }
      return true;
    }
    if (ev.key === "Escape" && looking) {
      look(null);
      return true;
    }
    return false;
  };
  const keys = shellKeys(root, content, { targets: ".hk-target", selectors: ROVING, whole: ["log"], onKey });

  // ---- layout by width (shell.mjs): compact (the clock beside the current player, less chrome), narrow (one
  // column), stacked (no room for the column beside the readable clock: decision and messages above it, the rest
  // below); the widget asks its row for the clock's minimum and a column
  const projector = () => Boolean(model.get("projector"));
  const fitting = shellFit(el, root, {
    min: () => shellMinWidth(model),
    // a compact projector widget sizes its clock to the screen (widget.css), so the column fits beside it as usual
    sizes: () => ({ "hk-compact": COMPACT_WIDTH, "hk-narrow": NARROW_WIDTH, "hk-small": STACKED_WIDTH,
      "hk-stacked": projector() && root.getBoundingClientRect().width >= COMPACT_WIDTH
        ? STACKED_WIDTH_PROJECTOR : STACKED_WIDTH }),
    then: () => {
      // the small clock is drawn with other sizes (board.mjs): drawn anew when the width crosses into or out of it
      if (root.classList.contains("hk-small") !== memory.small && memory.small !== null) {
        memory.memo.clear();
        draw();
      }
      const log = content.querySelector(".cs-log");
      if (log && memory.follow.pinned && !log.querySelector(".cs-log-here")) log.scrollTop = log.scrollHeight;
    },
  });

  // ---- is a kernel there? A saved page (HTML export with widget state) never answers
  const markAlive = () => {
    if (memory.live === true) return;
    const wasOff = memory.live === false;
    memory.live = true;
    root.setAttribute("data-live", "yes");
    root.classList.remove("hk-offline");
    messages.show("note", "");
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
    messages.show("note", tr("ui.offline", "A saved picture of the game: run the notebook to play. The buttons are off."));
    draw();
  }, 4000);

  const onView = () => {
    if (memory.live !== true) markAlive(); // only a kernel changes the view
    draw();
  };
  const unwatch = shellOn(model, {
    "change:view": onView, "change:error": showError, "change:explanation": showError, "change:animate": draw,
    "change:show_secrets": draw, "change:projector": () => { draw(); fitting.fit(); }, "change:seats": draw,
    "change:log_seq": onLogSeq, "change:picture": () => shellDownload(model),
    "change:review": draw, "change:margins": draw, "change:show_margins": draw,
  });
  showError();
  draw();
  return () => {
    unwatch();
    model.off("msg:custom", onCustom);
    keys.remove();
    clearTimeout(liveTimer);
    stopReplay();
    fitting.stop();
    memory.frame++;
    root.remove();
  };
}

export default { render };

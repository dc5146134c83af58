// anywidget entry point of the lesson widget (hickory_widget/lessons/widget.py): the task on top, the board drawn
// by board.mjs with the spots that matter highlighted, answers, hint, show me, next/back and a progress map.
// Joined after geometry.mjs and board.mjs (see lesson_bundle); every top-level name here starts with "lesson"
// or "ls" so that it never repeats one of theirs. Imports stay on ONE line each.
import { drawClock, drawChain, drawSide, drawPlayers, drawDecision, targetMap, useTexts } from "./hickory/board.mjs";
import { htmlNode } from "./core/dom.mjs";

function lsReducedMotion() {
  try {
    return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

/** A lesson UI text from view.ui with {name} filled in. */
function lsText(view, key, values = {}) {
  const template = view?.ui?.[key] ?? key;
  return String(template).replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

/** "★★☆" for 0-3 stars. */
export function lessonStars(n) {
  const k = Math.max(0, Math.min(3, Number(n) || 0));
  return "★".repeat(k) + "☆".repeat(3 - k);
}

/** The CSS selectors of the board spots a focus key names ("outer:5", "inner:3", "hand", "mouse:blue.spotter"). */
export function lessonFocusSelectors(key) {
  const [type, rest] = String(key).split(/:(.*)/s);
  switch (type) {
    case "outer":
      return [`[data-outer="${rest}"]`, `[data-action="${rest}"]`];
    case "inner":
      return [`[data-inner="${rest}"]`, `[data-action="${rest}"]`];
    case "hand":
      return [".hk-minute"];
    case "mouse":
      return [`[data-mouse="${rest}"]`, `[data-card="${rest}"]`];
    default:
      return [];
  }
}

/** The learner's last answer when the verdict on it was "not right" (ids as strings; empty otherwise). */
export function lessonWrongPicks(view) {
  const v = view?.verdict;
  const picked = view?.exercise?.picked;
  if (!v || v.correct || v.shown || picked === null || picked === undefined) return new Set();
  return new Set((Array.isArray(picked) ? picked : [picked]).map(String));
}

/** Marks a button (or input) as the learner's wrong pick: red and crossed, and said to screen readers. */
function lsMarkWrong(view, node) {
  node.classList.add("ls-wrong-pick");
  node.setAttribute("data-wrong", "yes");
  const note = view?.ui?.wrong_pick ?? "not right";
  node.setAttribute("aria-description", note);
  node.title = node.title ? `${node.title} (${note})` : note;
}

/** A wrong move of a do/best exercise: its button among the moves, and its spot on the board. */
function lsMarkWrongMove(view, root) {
  for (const id of lessonWrongPicks(view)) {
    for (const b of root.querySelectorAll("[data-choice-id]")) {
      if (b.getAttribute("data-choice-id") !== id) continue;
      lsMarkWrong(view, b);
      const key = b.getAttribute("data-target-key");
      for (const sel of key ? lessonFocusSelectors(key) : []) {
        for (const spot of root.querySelectorAll(sel)) spot.classList.add("ls-wrong-spot");
      }
    }
  }
}

/** The nearest ancestor that scrolls vertically (JupyterLab's notebook panel), else the page. */
function lsScroller(node) {
  for (let e = node.parentElement; e; e = e.parentElement) {
    const oy = getComputedStyle(e).overflowY;
    if ((oy === "auto" || oy === "scroll" || oy === "overlay") && e.scrollHeight > e.clientHeight + 1) return e;
  }
  return document.scrollingElement || document.documentElement;
}

/**
 * The task sticks to the top of whatever scrolls the page (JupyterLab's notebook, Voilà's page). Output areas and
 * widget wrappers between the lesson and that scroller clip their content (overflow: auto or hidden) without
 * scrolling, which would make the task stick inside them instead: those few let their content show instead.
 */
export function lessonUnclip(root) {
  const scroller = lsScroller(root);
  for (let e = root.parentElement; e && e !== scroller && e !== document.body; e = e.parentElement) {
    const c = getComputedStyle(e);
    if ((c.overflowY !== "visible" || c.overflowX !== "visible") && e.scrollHeight <= e.clientHeight + 1) e.style.overflow = "visible";
  }
}

/**
 * When an exercise opens, bring its spots into view with the task: the whole widget from its top if the spots
 * fit on that screen, otherwise the spots at the bottom of the screen while the task, which sticks to the top,
 * stays above them. Without marked spots, the board's decision or the table.
 */
export function lessonBringIntoView(root) {
  // The spots on the clock or the table first (a mouse's card below the board repeats its mouse on the clock).
  let spots = [...root.querySelectorAll(".hk-clock-svg .ls-focus, [data-testid=lesson-board] .ls-focus")];
  if (!spots.length) spots = [...root.querySelectorAll(".ls-focus")];
  if (!spots.length) spots = [...root.querySelectorAll(".ls-choices, .hk-decision, [data-testid=lesson-board]")].slice(0, 1);
  if (!spots.length) return;
  const rects = spots.map((n) => n.getBoundingClientRect()).filter((r) => r.width || r.height);
  if (!rects.length) return;
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const scroller = lsScroller(root);
  const page = scroller === document.scrollingElement || scroller === document.documentElement;
  const view = page ? { top: 0, bottom: window.innerHeight } : scroller.getBoundingClientRect();
  const task = root.querySelector(".ls-task");
  const taskHeight = task ? task.getBoundingClientRect().height : 0;
  const rootTop = root.getBoundingClientRect().top;
  const margin = 12;
  let delta;
  if (bottom - rootTop + margin <= view.bottom - view.top) delta = rootTop - view.top;
  else if (bottom - top + taskHeight + 2 * margin <= view.bottom - view.top) delta = bottom + margin - view.bottom;
  else delta = top - (view.top + taskHeight + margin);
  if (Math.abs(delta) < 1) return;
  if (page) window.scrollBy({ top: delta, behavior: "instant" });
  else scroller.scrollBy({ top: delta, behavior: "instant" });
}

/** The rules of a verdict as a screen reader should hear them after its message: " Rules: R45, R55." */
export function lessonRulesSpoken(label, rules) {
  const ids = (rules ?? []).map((r) => r.id).filter(Boolean);
  return ids.length ? ` ${label}: ${ids.join(", ")}.` : "";
}

function lsRuleBadges(parent, rules) {
  for (const r of rules ?? []) {
    htmlNode("span", { class: "hk-rule", title: `${r.id}: ${r.text}`, tabindex: "0", role: "note", "data-rule": r.id, "aria-label": `${r.id}: ${r.text}` }, parent, r.id);
  }
}

function lsHeader(view, send) {
  const head = htmlNode("header", { class: "ls-head" });
  const l = view.lesson;
  const title = htmlNode("div", { class: "ls-title" }, head);
  htmlNode("span", { class: "ls-lesson-n" }, title, lsText(view, "lesson", { n: l.index + 1 }));
  htmlNode("h2", { "data-testid": "lesson-title" }, title, l.title);
  htmlNode("span", { class: "ls-ex-n" }, title, lsText(view, "exercise", { n: view.exercise.index + 1, total: l.count }));
  const tools = htmlNode("div", { class: "ls-tools" }, head);
  const lang = htmlNode("select", { "data-control": "language", "aria-label": lsText(view, "language") }, tools);
  for (const [code, name] of [["en", "English"], ["it", "Italiano"], ["de", "Deutsch"]]) htmlNode("option", { value: code }, lang, name);
  lang.value = view.lang;
  lang.addEventListener("change", () => send({ type: "language", lang: lang.value }));
  const present = htmlNode("button", { type: "button", "data-control": "present", "aria-pressed": view.presentation ? "true" : "false" }, tools, lsText(view, "presentation"));
  present.addEventListener("click", () => send({ type: "present" }));
  if (!view.presentation) htmlNode("span", { class: "ls-learner", title: lsText(view, "learner") }, tools, `${lsText(view, "learner")}: ${view.learner}`);
  htmlNode("p", { class: "ls-goal" }, head, l.goal);
  return head;
}

function lsTask(view, send, draft) {
  const ex = view.exercise;
  const box = htmlNode("section", { class: `ls-task ls-kind-${ex.kind}`, "aria-label": lsText(view, `kind.${ex.kind}`) });
  htmlNode("div", { class: "ls-kind" }, box, lsText(view, `kind.${ex.kind}`));
  htmlNode("p", { class: "ls-prompt", "data-testid": "prompt" }, box, ex.prompt);
  if (ex.kind === "predict") box.appendChild(lsAnswers(view, send, draft));
  if (ex.task) htmlNode("p", { class: "ls-task-moves", "data-testid": "task-moves" }, box, ex.task.text);
  for (const [i, h] of ex.hints.entries()) htmlNode("p", { class: "ls-hint", "data-hint": i }, box, h);
  const v = view.verdict;
  if (v) {
    const state = v.shown ? "shown" : v.correct ? "correct" : "wrong";
    // The live region holds the message and, for a screen reader, the rules as a sentence of their own; the badges
    // stand beside it, outside the region, so the message is not read as "…leaf.R45R55R57".
    const vb = htmlNode("div", { class: `ls-verdict ls-${state}`, "data-testid": "verdict", "data-verdict": state }, box);
    const live = htmlNode("span", { class: "ls-verdict-live", role: "status", "aria-live": "polite" }, vb);
    htmlNode("span", { class: "ls-verdict-text" }, live, v.message);
    const spoken = lessonRulesSpoken(lsText(view, "rules"), v.rules);
    if (spoken) htmlNode("span", { class: "ls-sr" }, live, spoken);
    lsRuleBadges(vb, v.rules);
  }
  const bar = htmlNode("div", { class: "ls-buttons" }, box);
  const button = (label, name, intent, disabled = false) => {
    const b = htmlNode("button", { type: "button", "data-control": name, disabled: disabled || null }, bar, label);
    b.addEventListener("click", () => send(intent));
    return b;
  };
  button(lsText(view, "hint"), "hint", { type: "hint" }, ex.done || ex.hints_left <= 0);
  button(`▶ ${lsText(view, "show_me")}`, "show", { type: "show" }, ex.done);
  if (ex.task) button(`↶ ${lsText(view, "undo")}`, "undo", { type: "undo" }, !ex.task.can_undo);
  if ((v && !v.correct) || ex.shown) button(`↺ ${lsText(view, "try_again")}`, "retry", { type: "retry" }, ex.done);
  button(`← ${lsText(view, "back")}`, "back", { type: "back" }, !view.can_back);
  const next = button(`${lsText(view, "next")} →`, "next", { type: "next" }, !view.can_next);
  if (ex.done) next.classList.add("ls-primary");
  if (ex.done && ex.stars) htmlNode("span", { class: "ls-stars-now", title: lsText(view, `stars.${ex.stars}`) }, bar, lessonStars(ex.stars));
  return box;
}

function lsAnswers(view, send, draft) {
  const ex = view.exercise;
  const wrap = htmlNode("div", { class: "ls-answers", role: "group" });
  const solution = new Set(ex.solution ?? []);
  const answer = (value) => send({ type: "answer", value });
  if (ex.mode === "number") {
    htmlNode("span", { class: "hk-muted" }, wrap, lsText(view, "pick_number"));
    const input = htmlNode("input", { type: "number", step: 1, "data-control": "number", "aria-label": lsText(view, "your_answer"), disabled: ex.done || null }, wrap);
    if (draft.number !== undefined) input.value = draft.number;
    else if (lessonWrongPicks(view).size) {
      input.value = [...lessonWrongPicks(view)][0];
      lsMarkWrong(view, input);
    }
    input.addEventListener("input", () => { draft.number = input.value; });
    const go = htmlNode("button", { type: "button", "data-control": "check", disabled: ex.done || null }, wrap, lsText(view, "check"));
    const submit = () => {
      if (input.value === "" || !Number.isInteger(Number(input.value))) { input.setCustomValidity(lsText(view, "bad_number")); input.reportValidity(); return; }
      answer(Number(input.value));
    };
    go.addEventListener("click", submit);
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") submit(); });
    if (ex.solution?.length) htmlNode("span", { class: "ls-solution" }, wrap, String(ex.solution[0]));
    return wrap;
  }
  htmlNode("span", { class: "hk-muted" }, wrap, lsText(view, ex.mode === "one" ? "pick_one" : "pick_several"));
  const picked = new Set(draft.picked ?? []);
  const wrong = lessonWrongPicks(view);
  for (const a of ex.answers) {
    const b = htmlNode("button", { type: "button", class: "ls-answer", "data-answer": a.id, "aria-pressed": picked.has(a.id) ? "true" : "false", disabled: ex.done || null }, wrap, a.text);
    if (solution.has(a.id)) b.classList.add("ls-right");
    if (wrong.has(String(a.id))) lsMarkWrong(view, b);
    b.addEventListener("click", () => {
      if (ex.mode === "one") { answer(a.id); return; }
      if (picked.has(a.id)) picked.delete(a.id); else picked.add(a.id);
      draft.picked = [...picked];
      b.setAttribute("aria-pressed", picked.has(a.id) ? "true" : "false");
    });
  }
  if (ex.mode === "several") {
    const go = htmlNode("button", { type: "button", "data-control": "check", disabled: ex.done || null }, wrap, lsText(view, "check"));
    go.addEventListener("click", () => { if (picked.size) answer([...picked]); });
  }
  return wrap;
}

function lsFocus(svg, focus) {
  if (!focus?.length) return;
  svg.classList.add("ls-dim");
  for (const key of focus) {
    for (const sel of lessonFocusSelectors(key)) for (const node of svg.querySelectorAll(sel)) node.classList.add("ls-focus");
  }
}

function lsMap(view, send) {
  const nav = htmlNode("nav", { class: "ls-map", "aria-label": lsText(view, "progress") });
  const t = view.total;
  htmlNode("h3", {}, nav, `${lsText(view, "progress")}: ${t.solved} / ${t.count} · ${t.stars} ★`);
  const ol = htmlNode("ol", {}, nav);
  view.map.forEach((lesson, li) => {
    const item = htmlNode("li", { "data-lesson": lesson.id, class: li === view.lesson.index ? "ls-here" : null }, ol);
    htmlNode("span", { class: "ls-map-title" }, item, lesson.title);
    const row = htmlNode("span", { class: "ls-map-row" }, item);
    lesson.exercises.forEach((ex, ei) => {
      const here = li === view.lesson.index && ei === view.exercise.index;
      const b = htmlNode("button", {
        type: "button", class: `ls-cell ls-stars-${ex.stars}${here ? " ls-current" : ""}`, "data-map": ex.key, "data-stars": ex.stars,
        title: `${ex.key}: ${lsText(view, `stars.${ex.stars}`)}`, "aria-current": here ? "step" : null,
      }, row, ex.stars ? lessonStars(ex.stars) : "·");
      b.addEventListener("click", () => {
        send({ type: "goto", lesson: li, exercise: ei });
        // the exercise already open (the map scrolled into view to be clicked): its spots come back into view
        const lesson = b.closest("[data-testid=lesson]");
        if (here && lesson) requestAnimationFrame(() => requestAnimationFrame(() => lessonBringIntoView(lesson)));
      });
    });
  });
  const reset = htmlNode("button", { type: "button", "data-control": "reset" }, nav, lsText(view, "reset"));
  reset.addEventListener("click", () => send({ type: "reset" }));
  const exp = htmlNode("button", { type: "button", "data-control": "export" }, nav, lsText(view, "export"));
  exp.addEventListener("click", () => exp.dispatchEvent(new CustomEvent("ls-export", { bubbles: true })));
  return nav;
}

/** The legal moves of a card game's decision as buttons (do exercises). */
function lsChoices(view, send) {
  const d = view.board.decision;
  const box = htmlNode("div", { class: "cs-decision ls-choices", "data-testid": "lesson-choices" });
  htmlNode("div", { class: "cs-prompt" }, box, d.prompt);
  const list = htmlNode("div", { class: "cs-choices" }, box);
  for (const c of d.choices) {
    const b = htmlNode("button", { type: "button", class: "cs-choice", "data-choice-id": c.id }, list, c.label);
    b.addEventListener("click", () => send({ type: "choose", id: c.id }));
  }
  return box;
}

/** A lesson of a card game on the core: the task, the moves, and the table drawn by the game's own drawBoard
 * (given by the game's lesson entry module, js/widgets/lesson_<game>.mjs: cardLessonWidget). */
function lsCardLesson(view, send, memory, redraw, drawBoard) {
  const frag = document.createDocumentFragment();
  frag.appendChild(lsHeader(view, send));
  const layout = htmlNode("div", { class: "ls-layout" }, frag);
  const left = htmlNode("div", { class: "ls-left" }, layout);
  left.appendChild(lsTask(view, send, memory.draft));
  if (view.board.decision && !view.exercise.done) left.appendChild(lsChoices(view, send));
  const table = htmlNode("div", { class: "cs-board ls-table", "data-testid": "lesson-board" }, left);
  const ctx = { memory: memory.table, send, choose: (id) => send({ type: "choose", id }), redraw };
  drawBoard(table, view.board.table, ctx);
  if (!view.presentation) layout.appendChild(lsMap(view, send));
  lsMarkWrongMove(view, frag);
  return frag;
}

function render({ model, el }, drawBoard = null) {
  const root = htmlNode("div", { class: "hk-root ls-root", "data-testid": "lesson", tabindex: "-1" });
  const banner = htmlNode("div", { class: "cs-message cs-error", role: "alert", "data-testid": "lesson-error" }, root);
  const content = htmlNode("div", { class: "ls-content" }, root);
  el.appendChild(root);
  const memory = { key: null, prevHand: null, prevMice: new Map(), frame: 0, draft: {}, table: {}, shownKey: null };
  // An exercise just opened (or the widget was just drawn): its spots and its task on one screen, once laid out.
  const lsOpened = () => {
    const key = model.get("view")?.exercise?.key;
    if (key === memory.shownKey) return;
    memory.shownKey = key;
    let frames = 0;
    const when = () => {  // once the widget is on the page and laid out (an output area may attach it later)
      if (memory.shownKey !== key) return;
      if ((!root.isConnected || !root.getBoundingClientRect().height) && ++frames < 600) {
        requestAnimationFrame(when);
        return;
      }
      lessonUnclip(root);
      lessonBringIntoView(root);
      root.setAttribute("data-shown-exercise", key);
    };
    requestAnimationFrame(() => requestAnimationFrame(when));
  };

  const send = (intent) => {
    const view = model.get("view") || {};
    model.send({ ...intent, version: view.version ?? 0 });
  };

  // "Export my progress" (h21-lite): a press counts up export_requests; the kernel answers with the hand-in text,
  // which is saved as a file and shown to copy.
  root.addEventListener("ls-export", () => {
    model.set("export_requests", (model.get("export_requests") || 0) + 1);
    model.save_changes();
  });
  const handin = htmlNode("div", { class: "ls-handin", "data-testid": "handin", hidden: true }, root);
  model.on("msg:custom", (msg) => {
    if (msg?.type !== "handin") return;
    const view = model.get("view") || {};
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
    link.download = msg.file;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    handin.replaceChildren();
    htmlNode("p", {}, handin, lsText(view, "exported", { file: msg.file }));
    const box = htmlNode("textarea", { readonly: "", rows: "3", "data-testid": "handin-text",
      style: "width: 100%; box-sizing: border-box; font-family: monospace" }, handin);
    box.value = msg.text;
    handin.hidden = false;
  });

  const showError = () => {
    const err = model.get("error") || "";
    banner.textContent = err;
    banner.hidden = !err;
  };

  const draw = () => {
    const view = model.get("view");
    if (!view || !view.board) {
      content.textContent = "…";
      return;
    }
    const board = view.board;
    const card = view.game && view.game !== "hickory";
    if (!card) useTexts(board);
    if (memory.key !== view.exercise.key) {
      memory.key = view.exercise.key;
      memory.prevHand = null;
      memory.prevMice = new Map();
      memory.draft = {};
      memory.table = {};
    }
    if (view.verdict && !view.verdict.correct) memory.draft = {};
    root.setAttribute("lang", view.lang);
    root.setAttribute("data-exercise", view.exercise.key);
    root.setAttribute("data-kind", view.exercise.kind);
    root.setAttribute("data-version", String(view.version));
    root.setAttribute("data-state", view.exercise.done ? "correct" : view.verdict ? (view.verdict.shown ? "shown" : "wrong") : "open");
    root.classList.toggle("ls-presentation", Boolean(view.presentation));
    root.setAttribute("data-game", view.game || "hickory");
    if (card) {
      content.replaceChildren(lsCardLesson(view, send, memory, draw, drawBoard));
      lsOpened();
      return;
    }
    const motion = { enabled: !lsReducedMotion(), prevHand: memory.prevHand, prevMice: memory.prevMice, mice: new Map(), hand: null, pending: [] };
    root.classList.toggle("hk-animate", motion.enabled);
    const ctx = {
      send: (intent) => send(intent),
      targets: targetMap(board),
      onTarget: (choices) => { if (choices.length >= 1) send({ type: "choose", id: choices[0].id }); },
      showSecrets: true,
      toggles: { animate: motion.enabled, show_secrets: true },
      seats: {},
      newGame: { players: board.players.length, seed: 1 },
      motion,
    };
    const frag = document.createDocumentFragment();
    frag.appendChild(lsHeader(view, send));
    const layout = htmlNode("div", { class: "ls-layout" }, frag);
    const left = htmlNode("div", { class: "ls-left" }, layout);
    left.appendChild(lsTask(view, send, memory.draft));
    if (board.decision && !view.exercise.done) left.appendChild(drawDecision(board, ctx));
    const main = htmlNode("div", { class: "hk-main" }, left);
    const clockWrap = htmlNode("div", { class: "hk-clock" }, main);
    const svg = drawClock(board, ctx);
    lsFocus(svg, view.exercise.focus);
    clockWrap.appendChild(svg);
    const col = htmlNode("div", { class: "hk-sidecol" }, main);
    htmlNode("div", { class: "hk-chain" }, col).appendChild(drawChain(board));
    col.appendChild(drawSide(board, ctx));
    const players = drawPlayers(board, ctx);
    for (const key of view.exercise.focus ?? []) {
      for (const sel of lessonFocusSelectors(key)) for (const node of players.querySelectorAll(sel)) node.classList.add("ls-focus");
    }
    left.appendChild(players);
    if (!view.presentation) layout.appendChild(lsMap(view, send));
    lsMarkWrongMove(view, frag);
    content.replaceChildren(frag);
    lsOpened();
    memory.prevHand = motion.hand;
    memory.prevMice = motion.mice;
    if (motion.pending.length) {
      const frame = ++memory.frame;
      void root.getBoundingClientRect();
      requestAnimationFrame(() => {
        if (frame !== memory.frame) return;
        for (const f of motion.pending) f();
      });
    }
  };

  const onKey = (ev) => {
    const view = model.get("view");
    if (!view?.presentation || ev.target?.tagName === "INPUT" || ev.target?.tagName === "SELECT") return;
    const intent = { ArrowRight: "next", ArrowLeft: "back", h: "hint", s: "show" }[ev.key];
    if (intent) {
      ev.preventDefault();
      send({ type: intent });
    }
  };
  root.addEventListener("keydown", onKey);
  const onView = () => draw();
  const onError = () => showError();
  model.on("change:view", onView);
  model.on("change:error", onError);
  showError();
  draw();
  return () => {
    model.off("change:view", onView);
    model.off("change:error", onError);
    root.removeEventListener("keydown", onKey);
    memory.frame++;
    root.remove();
  };
}

export default { render };

/** The lesson widget of a card game on the core, whose table is drawn by ``drawBoard(el, view, ctx)``. */
export function cardLessonWidget(drawBoard) {
  return { render: (args) => render(args, drawBoard) };
}

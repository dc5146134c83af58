// The widget shell every game shares (hickory_widget/core/widget.py): controls, seats, the game's board, the
// decision panel with every legal option as a button, and the log. The game's drawing module is joined in
// front of this one and defines drawBoard(el, view, ctx); ctx.choose(id) sends a choice, ctx.memory keeps the
// game's own front-end state (e.g. a selected card) across redraws. The keyboard (keyboard.mjs): Tab goes from
// group to group (controls, seats, board, decision), the arrow keys within one, Enter or Space acts; keys pressed
// in the widget never reach the notebook's shortcuts, and the focus stays on the same control after a move. The
// decision is announced to screen readers through one live region that is never rebuilt. Each drawing is made
// fresh and morphed into the page (core/morph.mjs: keyed updates), so a move touches only what changed.
import { drawBoard } from "./board.mjs";
import { kbFocusKey, kbInstall, kbRefocus, kbTabStops } from "./keyboard.mjs";
import { besideOrBelow, listen, node } from "./dom.mjs";
import { morphChildren } from "./morph.mjs";

/** Board spots a game marks role="button" are the board group's members, and act on Enter and Space. */
const SHELL_ROVING = { board: "[role=button]", seats: "select" };


function button(label, control, onClick, disabled = false) {
  const b = node("button", "cs-button", label);
  b.type = "button";
  b.dataset.control = control;
  b.disabled = disabled;
  listen(b, "click", onClick);
  return b;
}

function checkbox(label, control, checked, onChange) {
  const wrap = node("label", "cs-check");
  const box = node("input");
  box.type = "checkbox";
  box.checked = Boolean(checked);
  box.dataset.control = control;
  listen(box, "change", () => onChange(box.checked));
  wrap.append(box, document.createTextNode(" " + label));
  return wrap;
}

function render({ model, el: host }) {
  const root = node("div", "cs-root");
  root.dataset.testid = "game";
  const live = node("div", "cs-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  live.dataset.testid = "announcer";
  const content = node("div", "cs-content");
  root.append(live, content);
  host.appendChild(root);
  // A panel beside the board only when both keep their readable sizes (dom.mjs); wider with the projector's large
  // print (cs-projector: every text 16 px or more, shell.css and the game's board.css).
  const askWidth = () => besideOrBelow(host, model.get("projector") ? 840 : 600);
  askWidth();
  const memory = {};
  const stops = {};
  const removeKeys = kbInstall(root, { targets: "[role=button]:not(button)", selectors: SHELL_ROVING, stops });

  const send = (intent) => {
    const view = model.get("view") || {};
    model.send({ ...intent, version: view.version ?? 0 });
  };
  const ctx = {
    memory,
    send,
    choose: (id) => send({ type: "choose", id }),
    redraw: () => draw(),
    live: () => content.querySelector("[data-roving=board]"), // the board on the page (a drawing is morphed into it)
  };

  function controls(view) {
    const t = view.texts;
    const bar = node("div", "cs-controls");
    bar.dataset.roving = "controls";
    bar.append(
      node("strong", "cs-title", view.title),
      button(t["shell.undo"], "undo", () => send({ type: "undo" }), !view.can_undo),
      button(t["shell.redo"], "redo", () => send({ type: "redo" }), !view.can_redo),
      button(t["shell.step_bot"], "bot_step", () => send({ type: "bot_step" }), !view.decision),
      button(t["shell.play_bots"], "bots_play", () => send({ type: "bots_play" }), !view.decision),
    );
    const secrets = checkbox(t["shell.secrets"], "secrets", view.secrets, (on) => send({ type: "secrets", on }));
    const pass = checkbox(t["shell.pass_and_play"], "pass_and_play", view.pass_and_play,
      (on) => send({ type: "pass_and_play", on }));
    const lang = node("select", "cs-select");
    lang.dataset.control = "language";
    lang.setAttribute("aria-label", t["shell.language"]);
    for (const code of view.languages) {
      const option = node("option", "", code.toUpperCase());
      option.value = code;
      option.selected = code === view.language;
      lang.append(option);
    }
    listen(lang, "change", () => send({ type: "language", lang: lang.value }));
    if (view.secrets_allowed) bar.append(secrets);  // only where the notebook's author allows hidden cards
    const projector = checkbox(t["shell.projector"], "projector", model.get("projector"),
      (on) => send({ type: "projector", on }));
    bar.append(pass, projector, lang, button(t["shell.picture"], "picture", () => send({ type: "picture" })));
    return bar;
  }

  function seats(view) {
    const t = view.texts;
    const row = node("div", "cs-seats");
    row.dataset.roving = "seats";
    row.append(node("span", "cs-label", t["shell.seats"] + ":"));
    for (const player of view.players) {
      const label = node("label", "cs-seat", player + " ");
      const select = node("select", "cs-select");
      select.dataset.seat = player;
      for (const kind of view.seat_kinds) {
        const option = node("option", "", t["shell.seat." + kind]);
        option.value = kind;
        option.selected = view.seats[player] === kind;
        select.append(option);
      }
      listen(select, "change", () => send({ type: "seat", player, kind: select.value }));
      label.append(select);
      row.append(label);
    }
    return row;
  }

  function decisionPanel(view) {
    const t = view.texts;
    const panel = node("div", "cs-decision");
    panel.dataset.roving = "decision";
    if (!view.decision) {
      panel.append(node("div", "cs-result", view.result || t["shell.over"]));
      return panel;
    }
    if (view.curtain) {
      const fill = (text) => text.replace("{player}", view.curtain);
      const curtain = node("div", "cs-curtain");
      curtain.dataset.testid = "curtain";
      curtain.append(node("p", "", fill(t["shell.pass_to"])),
        button(fill(t["shell.ready"]), "ready", () => send({ type: "ready", player: view.curtain })));
      panel.append(curtain);
      return panel;
    }
    panel.append(node("div", "cs-prompt", view.decision.prompt));
    const list = node("div", "cs-choices");
    list.setAttribute("aria-label", t["shell.choices"]);
    for (const choice of view.decision.choices) {
      const b = node("button", "cs-choice", choice.label);
      b.type = "button";
      b.dataset.choiceId = choice.id;
      listen(b, "click", () => ctx.choose(choice.id));
      list.append(b);
    }
    panel.append(list);
    return panel;
  }

  function log(view) {
    const box = node("details", "cs-log");
    box.open = true;
    box.append(node("summary", "", view.texts["shell.log"]));
    const list = node("ol", "");
    const lines = view.log.slice(-12);
    list.start = view.log.length - lines.length + 1;
    lines.forEach((line, i) => {
      const item = node("li", "", line);
      if (view.recent_from != null && list.start + i > view.recent_from) item.className = "cs-recent-line";
      list.append(item);
    });
    box.append(list);
    return box;
  }

  function draw() {
    const started = performance.now();
    const view = model.get("view") || {};
    if (!view.texts) return;
    root.dataset.version = String(view.version);
    root.dataset.decisionKind = view.decision ? view.decision.kind : "over";
    root.dataset.player = view.decision ? view.decision.player : "";
    root.dataset.curtain = view.curtain || "";
    root.lang = view.language;
    root.classList.toggle("cs-projector", Boolean(model.get("projector")));
    const error = model.get("error") || "";
    // Nothing moves under the pointer: a refusal, else the moves since the last human one, shows in a strip of
    // fixed height above the board (scrolled when longer), never by pushing the controls, board or choices.
    const messages = node("div", "cs-messages");
    messages.dataset.testid = "messages";
    const banner = node("div", "cs-error", error);
    banner.setAttribute("role", "alert");
    banner.hidden = !error;
    if (error) {
      banner.append(button(view.texts["shell.error_close"], "dismiss", () => send({ type: "dismiss" })));
    }
    messages.append(banner);
    const recent = view.recent_from == null || view.curtain || error ? [] : view.log.slice(view.recent_from).slice(-6);
    if (recent.length) { // the bots' answers to the last human move, before the next question
      const box = node("div", "cs-recent");
      box.dataset.testid = "recent";
      box.append(node("div", "cs-recent-title", view.texts["shell.recent"]));
      const list = node("ul", "");
      for (const line of recent) list.append(node("li", "", line));
      box.append(list);
      messages.append(box);
    }
    const focus = root.contains(document.activeElement) ? document.activeElement : null;
    const active = focus ? kbFocusKey(focus) : null;
    const onBoard = Boolean(focus?.closest("[data-roving=board]")); // keep a board user on the board
    const board = node("div", "cs-board");
    board.dataset.roving = "board";
    drawBoard(board, view, ctx);
    const side = node("div", "cs-side");
    side.append(decisionPanel(view), log(view));
    const main = node("div", "cs-main");
    main.append(board, side);
    // The fresh drawing is morphed into the page (morph.mjs): unchanged nodes stay, so the browser styles and lays
    // out only what changed; handlers are attached with listen() so that a kept node takes the fresh one's.
    const fresh = document.createDocumentFragment();
    fresh.append(controls(view), seats(view), messages, main);
    morphChildren(content, fresh);
    const lines = content.querySelector(".cs-log ol");
    if (lines) requestAnimationFrame(() => { lines.scrollTop = lines.scrollHeight; }); // the newest line in view
    kbTabStops(content, stops, SHELL_ROVING);
    const boardStop = "[data-roving=board] [tabindex='0']";
    kbRefocus(content, active, onBoard ? [boardStop, ".cs-choice"] : [".cs-choice", boardStop, "[data-roving=controls] [tabindex='0']"]);
    const t = view.texts;
    const said = view.curtain ? t["shell.pass_to"].replace("{player}", view.curtain)
      : view.decision ? view.decision.prompt : (view.result || t["shell.over"]);
    if (live.textContent !== said) live.textContent = said;
    root.dataset.drawMs = (performance.now() - started).toFixed(1); // read by benchmarks/bench_widget.py
  }

  // The picture button asks Python for the static SVG; when it arrives it is downloaded as a file.
  const download = () => {
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
  };

  draw();
  model.on("change:picture", download);
  model.on("change:view", draw);
  model.on("change:error", draw);
  const onProjector = () => { askWidth(); draw(); };
  model.on("change:projector", onProjector);
  return () => {
    removeKeys();
    model.off("change:picture", download);
    model.off("change:view", draw);
    model.off("change:error", draw);
    model.off("change:projector", onProjector);
  };
}

export default { render };

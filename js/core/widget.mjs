// The widget of a game that brings only its board (the card games, hickory_widget/core/widget.py): the shell's
// parts (shell.mjs) around the game's drawing. A game's entry module (js/widgets/<game>.mjs, bundled by esbuild)
// passes its drawBoard(el, view, ctx) to gameWidget; ctx.choose(id) sends a choice, ctx.memory keeps the game's own front-end state
// (e.g. a selected card) across redraws. The keyboard: Tab goes from group to group (controls, seats, board,
// decision), the arrow keys within one, Enter or Space acts. Each drawing is made fresh and morphed into the page
// (morph.mjs: keyed updates), so a move touches only what changed.
import { node } from "./dom.mjs";
import { morphChildren } from "./morph.mjs";
import {
  shellButton, shellCheck, shellControls, shellDecision, shellDownload, shellFallbacks, shellFit, shellFollow,
  shellKept, shellKeys, shellLanguage, shellLargePrint, shellLog, shellMessages, shellMinWidth, shellOn, shellProjector,
  shellRoot, shellSelect, shellUndoRedo,
} from "./shell.mjs";

/** Board spots a game marks role="button" are the board group's members, and act on Enter and Space. */
const TABLE_ROVING = { board: "[role=button]", seats: "select" };

function render({ model, el: host }, drawBoard) {
  const { root, content, say } = shellRoot(host, { testid: "game" });
  const fitting = shellFit(host, root, { min: () => shellMinWidth(model) });
  const messages = shellMessages();
  const keys = shellKeys(root, content, { targets: "[role=button]:not(button)", selectors: TABLE_ROVING });
  const memory = {};
  const follow = {};

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
    const table = Boolean(view.at_table);
    return shellControls([[
      node("strong", "cs-title", view.title),
      // at a table undo is a request to the others, asked by the table's own button above the board
      ...(table ? [] : shellUndoRedo(view, { undo: t["shell.undo"], redo: t["shell.redo"] }, send)),
      // at a table (one seat per device) the bots, the seats and the pictures are the table's, not this screen's
      table ? null : shellButton(t["shell.step_bot"], "bot_step", () => send({ type: "bot_step" }), { disabled: !view.decision }),
      table ? null : shellButton(t["shell.play_bots"], "bots_play", () => send({ type: "bots_play" }), { disabled: !view.decision }),
      // hidden cards only where the notebook's author allows them
      view.secrets_allowed && !table ? shellCheck(t["shell.secrets"], "secrets", view.secrets, (on) => send({ type: "secrets", on })) : null,
      table ? null : shellCheck(t["shell.pass_and_play"], "pass_and_play", view.pass_and_play, (on) => send({ type: "pass_and_play", on })),
      shellProjector(t["shell.projector"], model.get("projector"), send),
      shellLanguage(view.languages, view.language, t["shell.language"], send),
      table ? null : shellButton(t["shell.picture"], "picture", () => send({ type: "picture" })),
    ]], t["shell.controls"] ?? view.title);
  }

  function seats(view) {
    if (view.at_table) return ""; // every seat of a table is a person's device or the table's bot
    const t = view.texts;
    const row = node("div", "cs-seats");
    row.dataset.roving = "seats";
    row.append(node("span", "cs-label", t["shell.seats"] + ":"));
    for (const player of view.players) {
      const label = node("label", "cs-seat", player + " ");
      // the kinds come from Python (the game's own bot levels, weakest first), each with what it does as a tooltip
      const kinds = view.seat_kinds.map((kind) => [kind, t["shell.seat." + kind] ?? kind, t["shell.seat_help." + kind]]);
      label.append(shellSelect(kinds, view.seats[player],
        (kind) => send({ type: "seat", player, kind }), { "data-seat": player }));
      row.append(label);
    }
    return row;
  }

  function decision(view) {
    const t = view.texts;
    const frame = { label: t["shell.choices"], choicesLabel: t["shell.choices"], onChoose: ctx.choose };
    if (!view.decision) return shellDecision({ ...frame, body: [node("div", "cs-result", view.result || t["shell.over"])] });
    if (view.curtain) {
      const fill = (text) => text.replace("{player}", view.curtain);
      const curtain = node("div", "cs-curtain");
      curtain.dataset.testid = "curtain";
      curtain.append(node("p", "", fill(t["shell.pass_to"])),
        shellButton(fill(t["shell.ready"]), "ready", () => send({ type: "ready", player: view.curtain })));
      return shellDecision({ ...frame, body: [curtain] });
    }
    return shellDecision({ ...frame, head: [node("div", "cs-prompt", view.decision.prompt)], choices: view.decision.choices });
  }

  function log(view) {
    const { box, list } = shellLog({ label: view.texts["shell.log"], title: view.texts["shell.log"],
      listLabel: view.texts["shell.log"] });
    const lines = view.log.slice(-12);
    list.start = view.log.length - lines.length + 1;
    lines.forEach((line, i) => {
      const item = node("li", "", line);
      if (view.recent_from != null && list.start + i > view.recent_from) item.className = "cs-recent-line";
      list.append(item);
    });
    return box;
  }

  function showMessages(view) {
    const t = view.texts;
    const error = model.get("error") || "";
    messages.show("error", error, { close: () => send({ type: "dismiss" }), closeLabel: t["shell.error_close"] });
    // the bots' answers to the last human move, before the next question
    const recent = view.recent_from == null || view.curtain || error ? [] : view.log.slice(view.recent_from).slice(-6);
    const list = node("ul", "");
    for (const line of recent) list.append(node("li", "", line));
    messages.show("recent", recent.length ? [node("div", "cs-recent-title", t["shell.recent"]), list] : "");
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
    shellLargePrint(model, root);
    showMessages(view);
    keys.redraw(() => {
      const board = node("div", "cs-board");
      board.dataset.roving = "board";
      drawBoard(board, view, ctx);
      const side = node("div", "cs-side");
      side.append(decision(view), shellKept(messages.el), log(view)); // messages float over the history (shell.css)
      const main = node("div", "cs-main");
      main.append(board, side);
      // The fresh drawing is morphed into the page (morph.mjs): unchanged nodes stay, so the browser styles and
      // lays out only what changed; handlers are attached with listen() so that a kept node takes the fresh one's.
      const fresh = document.createDocumentFragment();
      fresh.append(controls(view), seats(view), main);
      morphChildren(content, fresh);
    }, shellFallbacks);
    shellFollow(content.querySelector(".cs-log"), follow);
    const t = view.texts;
    say(view.curtain ? t["shell.pass_to"].replace("{player}", view.curtain)
      : view.decision ? view.decision.prompt : (view.result || t["shell.over"]));
    root.dataset.drawMs = (performance.now() - started).toFixed(1); // read by benchmarks/bench_widget.py
  }

  draw();
  // the picture button asks Python for the static SVG; when it arrives it is downloaded as a file
  const unwatch = shellOn(model, { "change:picture": () => shellDownload(model), "change:view": draw, "change:error": draw,
    "change:projector": () => { draw(); fitting.fit(); } });
  return () => {
    unwatch();
    keys.remove();
    fitting.stop();
  };
}

/** The anywidget module of a game whose drawing is ``drawBoard(el, view, ctx)``. */
export function gameWidget(drawBoard) {
  return { render: (args) => render(args, drawBoard) };
}

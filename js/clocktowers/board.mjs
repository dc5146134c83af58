// Clocktowers board for the core widget shell: decks with their top cards, each player's towers as stacked
// cards (floors with cats or mice, clock, roof in its colour), the hand of the player to decide, the discard pile.
// Pick a card in the hand and the places it may go light up (data-target-choice); a click there chooses.
import { listen, node, svgBox } from "../core/dom.mjs";

const ROOF_FILL = { red: "#c0392b", blue: "#2e6fbf", green: "#3a9a4a", yellow: "#e0b020", purple: "#8e44ad" };
const FLOOR_FILL = { plain: "#efe4cf", cats: "#f6d7b0", mice: "#dde3ea" };
const UNIT = 18;


export function catIcon(x, y) {
  return `<path transform="translate(${x},${y})" d="M-5,-1 L-4.5,-7 L-1.5,-4 L1.5,-4 L4.5,-7 L5,-1 A5,4.5 0 1 1 -5,-1Z" fill="#5b3a1e"/>`;
}

export function mouseIcon(x, y) {
  return `<g transform="translate(${x},${y})" fill="#6d6d6d"><circle cx="-3.6" cy="-3.6" r="2.6"/>` +
    `<circle cx="3.6" cy="-3.6" r="2.6"/><circle r="4.2"/></g>`;
}

function animalIcons(kind, cx, cy) {
  if (kind === "cats") return catIcon(cx - 7, cy) + catIcon(cx + 7, cy);
  if (kind === "mice") return mouseIcon(cx - 7, cy) + mouseIcon(cx + 7, cy);
  return "";
}

/** One card drawn as a picture: a floor card (one or two floors), a clock or a roof. */
export function cardPicture(card, width = 62) {
  if (card.kind === "floor") {
    const h = UNIT * card.floors;
    let body = `<rect x="0.5" y="0.5" width="${width - 1}" height="${h - 1}" fill="${FLOOR_FILL[card.animals]}" stroke="#6b5a40"/>`;
    for (let i = 0; i < card.floors; i++) body += `<rect x="5" y="${i * UNIT + 5}" width="8" height="${UNIT - 10}" fill="#9fb7c9"/>`;
    if (card.floors === 2) body += `<line x1="0" x2="${width}" y1="${UNIT}" y2="${UNIT}" stroke="#6b5a40" stroke-dasharray="3 3"/>`;
    body += animalIcons(card.animals, width / 2 + 8, UNIT / 2 + 2);
    return svgBox(width, h, body);
  }
  if (card.kind === "clock") {
    const h = 26, cx = width / 2, cy = 13;
    let body = `<rect x="0.5" y="0.5" width="${width - 1}" height="${h - 1}" fill="#d9c9a3" stroke="#6b5a40"/>` +
      `<circle cx="${cx}" cy="${cy}" r="10" fill="#fffdf5" stroke="#333"/>` +
      `<path d="M${cx},${cy} L${cx},${cy - 7} M${cx},${cy} L${cx + 5},${cy}" stroke="#333" stroke-width="1.6"/>`;
    if (card.animals === "mice") body += mouseIcon(9, cy + 3) + mouseIcon(width - 9, cy + 3);
    return svgBox(width, h, body);
  }
  const h = 26;
  return svgBox(width + 8, h, `<path d="M1,${h - 1} L${(width + 8) / 2},1 L${width + 7},${h - 1}Z" fill="${ROOF_FILL[card.colour]}" stroke="#333"/>`);
}

function cardBox(card, extraClass = "") {
  const box = node("div", `ct-card ct-${card.kind} ${extraClass}`);
  box.dataset.card = card.id;
  box.title = card.name;
  box.append(cardPicture(card), node("span", "ct-card-name", card.name));
  return box;
}

/** Makes ``el`` act as a button: a click runs ``act``; so do Enter and Space, which the shell's keyboard module
 * (core/js/keyboard.mjs) turns into a click with no mouse behind it (``detail`` 0). The time of such a key press is
 * remembered, so that the next drawing puts the focus where the next step is (the widget is redrawn after every
 * change). */
function actsAsButton(el, ctx, act) {
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  listen(el, "click", (e) => { // listen(): a redraw morphs the board (core/morph.mjs) and hands the handler on
    ctx.memory.keyboard = e.detail === 0 ? Date.now() : 0;
    act();
  });
}

function makeTarget(el, choiceId, ctx, label) {
  el.classList.add("ct-target");
  el.dataset.targetChoice = choiceId;
  if (label) el.setAttribute("aria-label", label);
  actsAsButton(el, ctx, () => {
    ctx.memory.selected = null;
    ctx.choose(choiceId);
  });
}

/** After a drawing made soon after a key press on the board, the focus goes to the next step: the first place the
 * picked card may go, else a deck to draw from, else the first card of the hand. The redraw has removed the
 * focused element; the shell (core/js/keyboard.mjs) has put the focus back on the same control if it is still
 * there. The focus moves only if it is on the board (or nowhere), never from the decision list or a code cell. */
function keepKeyboardFocus(root, ctx, selected) {
  if (!ctx.memory.keyboard || Date.now() - ctx.memory.keyboard > 20000) return;
  const pick = (within) => (selected
    ? within.querySelector('[data-target-choice^="play:"]') || within.querySelector("[data-target-choice]")
    : within.querySelector('[data-target-choice^="draw:"]') || within.querySelector(".ct-pickable"));
  if (!pick(root)) return;
  requestAnimationFrame(() => {
    // the board on the page: the fresh drawing was morphed into it (core/morph.mjs), or is it
    const live = root.isConnected ? root : ctx.live?.();
    const want = live && pick(live);
    // only while the keyboard is on the board: a move made from the decision list keeps its focus there
    const active = document.activeElement;
    const onBoard = !active || active === document.body || live?.contains(active);
    if (want?.isConnected && onBoard) want.focus();
  });
}

function towerEl(tower, targets, ctx) {
  const col = node("div", "ct-tower" + (tower.complete ? " ct-complete" : "") + (tower.recent ? " ct-recent" : ""));
  col.dataset.tower = tower.id;
  const stack = node("div", "ct-stack");
  if (tower.roof) {
    const roof = node("div", "ct-roof");
    roof.title = tower.roof.name;
    roof.append(cardPicture(tower.roof), node("span", "ct-roof-name", tower.roof.colour_name));
    stack.append(roof);
  }
  if (tower.clock) {
    const clock = cardPicture(tower.clock);
    clock.dataset.card = tower.clock.id;
    stack.append(clock);
  }
  for (const floor of [...tower.floors].reverse()) {
    const f = cardPicture(floor);
    f.dataset.card = floor.id;
    stack.append(f);
  }
  col.append(stack, node("div", "ct-tower-label", `${tower.id} · ${tower.height_text}`),
    node("div", "ct-tower-points", tower.points_text));
  if (tower.recent) col.append(node("div", "ct-recent-note", tower.recent));
  const target = targets.find((x) => x.where === tower.id);
  if (target) makeTarget(col, target.id, ctx, target.label);
  return col;
}

export function drawBoard(el, view, ctx) {
  const b = view.board;
  const ui = b.ui;
  const root = node("div", "ct-board");
  const selected = b.plays[ctx.memory.selected] ? ctx.memory.selected : null;
  const targets = selected ? b.plays[selected] : [];

  const table = node("div", "ct-table");
  for (const deck of b.decks) {
    const box = node("div", "ct-deck");
    box.dataset.deck = deck.deck;
    box.append(node("div", "ct-deck-name", deck.name), node("div", "ct-deck-count", deck.count_text));
    if (deck.top) box.append(cardBox(deck.top, "ct-top"));
    else box.append(node("div", "ct-empty", ui.empty));
    if (deck.choice) makeTarget(box, deck.choice, ctx, deck.label);
    table.append(box);
  }
  const pile = node("div", "ct-deck ct-discard");
  pile.dataset.deck = "discard";
  pile.append(node("div", "ct-deck-name", ui.discard_pile), node("div", "ct-deck-count", b.discard_text),
    node("div", "ct-removed", b.removed_text));
  if (b.discards && b.discards.length) pile.append(node("div", "ct-secret", b.discards.map((c) => c.name).join(", ")));
  const discard = targets.find((x) => x.where === "discard");
  if (discard) makeTarget(pile, discard.id, ctx, discard.label);
  table.append(pile);
  root.append(table);
  if (ui.legend) root.append(node("div", "ct-legend", ui.legend));

  for (const player of b.players) {
    const section = node("section", "ct-player" + (player.to_move ? " ct-to-move" : ""));
    section.dataset.player = player.id;
    const head = node("div", "ct-player-head");
    head.append(node("strong", "", player.id), node("span", "ct-score", player.score_text));
    if (player.to_move) head.append(node("span", "ct-turn", "◀ " + ui.to_move));
    for (const line of player.next_roofs) head.append(node("span", "ct-next", line));
    section.append(head);
    const row = node("div", "ct-towers");
    for (const tower of player.towers) row.append(towerEl(tower, targets, ctx));
    const fresh = targets.find((x) => x.where === "new");
    if (player.to_move && fresh) {
      const slot = node("div", "ct-tower ct-new", "+ " + ui.new_tower);
      makeTarget(slot, fresh.id, ctx, fresh.label);
      row.append(slot);
    }
    section.append(row);
    const hand = node("div", "ct-hand");
    if (player.hand) {
      hand.append(node("span", "ct-hand-title", player.hand_title + ":"));
      for (const card of player.hand) {
        const playable = player.to_move && b.plays[card.id];
        const box = cardBox(card, card.id === selected ? "ct-selected" : "");
        if (playable) {
          box.classList.add("ct-pickable");
          box.setAttribute("aria-pressed", String(card.id === selected));
          actsAsButton(box, ctx, () => {
            ctx.memory.selected = card.id === selected ? null : card.id;
            ctx.redraw();
          });
        }
        hand.append(box);
      }
      if (player.to_move && b.kind === "play") {
        const why = (b.why || {})[selected];
        const hint = node("div", "ct-hint", selected ? ui.pick_place : ui.pick_card);
        hint.setAttribute("aria-live", "polite");
        if (why) hint.prepend(node("div", "ct-why", why));
        hand.append(hint);
      }
      if (player.to_move && b.kind === "draw") hand.append(node("div", "ct-hint", ui.pick_deck));
    } else {
      hand.append(node("span", "ct-hand-title", player.hand_text));
    }
    section.append(hand);
    root.append(section);
  }
  el.append(root);
  keepKeyboardFocus(root, ctx, selected);
}

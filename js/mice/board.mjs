// Mice! table for the core widget shell: the hunting cycle as a ring, the help cards, the centre of the table,
// the last reveal (animated: the plays turn up, then each hunt in the order of the cycle, its captures flying to
// the capturer's pile; with reduced motion everything is shown at once), and one panel per player: face-down
// card, points, captured pile, and the hand of the seat that may see it (a click on a card plays it).
import { listen, node, svgBox } from "../core/dom.mjs";

const FILL = { elephant: "#b8bec6", dog: "#d9b38c", cat: "#f2c46d", mouse: "#c9d8e6" };
const BACK = { red: "#c0392b", blue: "#2e6fbf", green: "#3a9a4a", yellow: "#d4a017", purple: "#8e44ad",
  orange: "#e67e22", start: "#333333" };
const STEP_MS = 1100;


/** A small drawing of each animal (head and ears), so a card is told by shape as well as by colour and name. */
export function glyph(animal) {
  const shapes = {
    elephant: '<circle cx="14" cy="12" r="8" fill="#7d8590"/><ellipse cx="5" cy="11" rx="4" ry="6" fill="#9aa2ad"/>' +
      '<ellipse cx="23" cy="11" rx="4" ry="6" fill="#9aa2ad"/><path d="M14,17 Q13,25 17,26" stroke="#7d8590" stroke-width="3" fill="none"/>',
    dog: '<circle cx="14" cy="14" r="8" fill="#a0703f"/><ellipse cx="6" cy="14" rx="3" ry="7" fill="#6e4a26"/>' +
      '<ellipse cx="22" cy="14" rx="3" ry="7" fill="#6e4a26"/><circle cx="14" cy="18" r="2" fill="#222"/>',
    cat: '<path d="M7,9 L8,2 L12,7 L16,7 L20,2 L21,9Z" fill="#c98a1f"/><circle cx="14" cy="14" r="8" fill="#e0a43a"/>' +
      '<path d="M9,16 L4,15 M9,18 L4,19 M19,16 L24,15 M19,18 L24,19" stroke="#5b3a1e"/>',
    mouse: '<circle cx="8" cy="9" r="5" fill="#8f9daa"/><circle cx="20" cy="9" r="5" fill="#8f9daa"/>' +
      '<circle cx="14" cy="16" r="7" fill="#aab6c2"/><circle cx="14" cy="20" r="1.5" fill="#222"/>',
  };
  return svgBox(28, 28, shapes[animal] || "");
}

export function cardBox(card, extra = "") {
  const box = node("div", `mice-card mice-${card.animal} ${extra}`);
  box.dataset.card = card.id;
  box.title = card.name;
  box.style.setProperty("--back", BACK[card.set] || "#333");
  box.style.background = FILL[card.animal];
  box.append(node("span", "mice-value", String(card.value)), glyph(card.animal),
    node("span", "mice-name", card.animal_name));
  return box;
}

function backBox(colour, label) {
  const box = node("div", "mice-card mice-back");
  box.style.background = BACK[colour] || "#333";
  box.append(node("span", "mice-back-label", label));
  return box;
}

/** The hunting cycle as a ring: elephant at the top, each arrow pointing from a hunter to its prey. */
function cycleRing(b) {
  const wrap = node("figure", "mice-cycle");
  wrap.dataset.testid = "cycle";
  const r = 58, cx = 92, cy = 80;
  let body = '<defs><marker id="mice-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" ' +
    'orient="auto"><path d="M0,0 L10,5 L0,10Z" fill="#5b4a30"/></marker></defs>';
  b.cycle.forEach((_, i) => {
    const a = -Math.PI / 2 + i * Math.PI / 2, s = a + 0.45, e = a + Math.PI / 2 - 0.45;
    body += `<path d="M${cx + r * Math.cos(s)},${cy + r * Math.sin(s)} A${r},${r} 0 0 1 ${cx + r * Math.cos(e)},` +
      `${cy + r * Math.sin(e)}" fill="none" stroke="#5b4a30" stroke-width="2" marker-end="url(#mice-arrow)"/>`;
  });
  const ring = svgBox(184, 162, body);
  wrap.append(ring);
  b.cycle.forEach((entry, i) => {
    const a = -Math.PI / 2 + i * Math.PI / 2;
    const spot = node("div", `mice-spot mice-${entry.animal}`);
    spot.dataset.animal = entry.animal;
    // in ring units, scaled by --mice-scale (board.css: larger on the projector setting)
    spot.style.left = `calc(${(cx + r * Math.cos(a) - 33).toFixed(1)}px * var(--mice-scale, 1))`;
    spot.style.top = `calc(${(cy + r * Math.sin(a) - 22).toFixed(1)}px * var(--mice-scale, 1))`;
    spot.style.background = FILL[entry.animal];
    spot.title = `${entry.name} ${b.ui.hunts} ${b.cycle.find((x) => x.animal === entry.prey).plural}`;
    spot.append(glyph(entry.animal), node("span", "", entry.name));
    wrap.append(spot);
  });
  wrap.append(node("figcaption", "", b.ui.cycle));
  return wrap;
}

function helpCards(b) {
  const box = node("div", "mice-help");
  box.append(node("div", "mice-heading", b.ui.help));
  for (const h of b.help) {
    const help = node("div", "mice-help-card");
    help.dataset.help = h.prey;
    help.style.background = FILL[h.prey];
    help.style.setProperty("--hunter", FILL[h.hunter]);
    // Like the edition's help cards: the prey in the middle, its hunter's sign in the corners.
    const corner = () => { const g = glyph(h.hunter); g.classList.add("mice-corner"); return g; };
    const middle = node("div", "mice-help-middle");
    middle.append(node("strong", "", h.name), node("span", "mice-taken", h.taken));
    help.append(corner(), middle, corner());
    if (h.taken) help.classList.add("mice-taken-now");
    box.append(help);
  }
  return box;
}

function playerPanel(p, b, ctx) {
  const panel = node("section", "mice-player");
  panel.dataset.player = p.id;
  panel.style.setProperty("--back", BACK[p.colour]);
  if (p.to_move) panel.classList.add("mice-to-move");
  const head = node("div", "mice-player-head");
  const score = node("span", "mice-score", p.score_text);
  score.dataset.score = p.id;
  score.dataset.before = p.score_before_text;
  score.dataset.after = p.score_text;
  head.append(node("strong", "", p.id), score);
  const pile = node("span", "mice-pile", p.pile_text);
  pile.dataset.pile = p.id;
  pile.dataset.before = p.pile_before_text;
  pile.dataset.after = p.pile_text;
  head.append(pile);
  panel.append(head);
  const slot = node("div", "mice-slot");
  if (p.committed) {
    const down = p.face_down ? cardBox(p.face_down, "mice-mine-down") : backBox(p.colour, b.ui.face_down);
    down.dataset.faceDown = p.id;
    slot.append(down);
  } else if (p.waiting) {
    slot.append(node("span", "mice-waiting", b.ui.waiting));
  }
  panel.append(slot);
  if (p.hand) {
    const hand = node("div", "mice-hand");
    hand.setAttribute("aria-label", p.hand_title);
    for (const c of p.hand) {
      const box = cardBox(c, c.choice ? "mice-playable" : "");
      if (c.choice) {
        box.dataset.targetChoice = c.choice;
        box.tabIndex = 0;
        box.setAttribute("role", "button");
        listen(box, "click", () => ctx.choose(c.choice)); // Enter and Space too (core/js/keyboard.mjs)
      }
      hand.append(box);
    }
    panel.append(node("div", "mice-hand-title", p.hand_title), hand);
  } else {
    panel.append(node("div", "mice-hand-count", p.hand_text));
  }
  return panel;
}

/** The last reveal: the centre it started from and the plays, then the hunts one type at a time. */
function revealStage(b, ctx, root) {
  const last = b.last;
  const stage = node("div", "mice-reveal");
  stage.dataset.testid = "reveal";
  const head = node("div", "mice-heading", `${b.ui.last_round} · ${last.round_text}`);
  const replay = node("button", "cs-button", b.ui.replay);
  replay.type = "button";
  replay.dataset.control = "replay";
  listen(replay, "click", () => { ctx.memory.animated = null; ctx.redraw(); });
  head.append(" ", replay);
  stage.append(head);
  const table = node("div", "mice-stage-cards");
  for (const c of last.before) table.append(cardBox(c, "mice-was-centre"));
  for (const play of last.plays) {
    const box = cardBox(play.card, "mice-played");
    box.append(node("span", "mice-owner", play.player));
    table.append(box);
  }
  stage.append(table);
  const steps = node("ol", "mice-steps");
  last.steps.forEach((step, i) => {
    const li = node("li", "mice-step", step.text);
    li.dataset.step = String(i);
    li.dataset.hunter = step.hunter;
    steps.append(li);
  });
  if (last.seeded) steps.append(node("li", "mice-step", last.summary));
  stage.append(steps);

  const key = `${last.round}:${last.plays.map((p) => p.card.id).join(",")}`;
  const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  const show = (i, animate) => {
    const step = last.steps[i];
    const li = steps.children[i];
    if (li) li.classList.add("mice-shown");
    for (const box of table.querySelectorAll(`[data-card]`)) {
      if (step.card === box.dataset.card) box.classList.add("mice-hunter");
      if (!step.captured.includes(box.dataset.card)) continue;
      box.classList.add("mice-captured");
      box.dataset.capturedBy = step.player;
      if (!animate) continue;
      const pile = root.querySelector(`[data-pile="${step.player}"]`);
      if (!pile) continue;
      const from = box.getBoundingClientRect(), to = pile.getBoundingClientRect();
      box.style.transform = `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(0.4)`;
      box.classList.add("mice-flying");
    }
  };
  if (ctx.memory.animated === key || reduced || last.seeded) {
    last.steps.forEach((_, i) => show(i, false));
    stage.classList.add("mice-done");
  } else {
    ctx.memory.animated = key;
    ctx.memory.animatingUntil = Date.now() + STEP_MS * (last.steps.length + 1) + 600;
    stage.classList.add("mice-animating");
    last.steps.forEach((_, i) => setTimeout(() => show(i, true), STEP_MS * (i + 1)));
    // The points and piles stay as they were before the reveal until its last hunt is shown.
    setTimeout(() => {
      for (const s of root.querySelectorAll("[data-score], [data-pile]")) s.textContent = s.dataset.before;
    }, 0);
    setTimeout(() => {
      for (const s of root.querySelectorAll("[data-score], [data-pile]")) s.textContent = s.dataset.after;
      stage.classList.add("mice-done");
      stage.classList.remove("mice-animating");
      for (const box of table.querySelectorAll(".mice-flying")) { // back in place at once, marked as captured
        box.style.transition = "none";
        box.classList.remove("mice-flying");
        box.style.transform = "";
      }
    }, STEP_MS * (last.steps.length + 1) + 600);
  }
  return stage;
}

export function drawBoard(el, view, ctx) {
  const b = view.board;
  const root = node("div", "mice-board");
  root.dataset.testid = "mice-board";
  root.dataset.phase = b.phase;
  const top = node("div", "mice-top");
  const info = node("div", "mice-info");
  info.append(node("div", "mice-round", b.round_text));
  if (b.seed_text) info.append(node("div", "mice-seed", b.seed_text));
  info.append(helpCards(b));
  top.append(cycleRing(b), info);
  const centre = node("div", "mice-centre");
  centre.dataset.testid = "centre";
  centre.append(node("div", "mice-heading", b.ui.centre));
  const cards = node("div", "mice-cards");
  if (!b.centre.length) cards.append(node("span", "mice-empty", b.ui.empty));
  for (const c of b.centre) cards.append(cardBox(c));
  centre.append(cards);
  const players = node("div", "mice-players");
  for (const p of b.players) players.append(playerPanel(p, b, ctx));
  root.append(top, centre);
  el.append(root);
  if (b.last) root.append(revealStage(b, ctx, root));
  root.append(players);
  // An animated reveal works on these very nodes (its timers): the board is put in anew, not morphed (morph.mjs).
  if (Date.now() < (ctx.memory.animatingUntil ?? 0)) root.hkBuilt = true;
}

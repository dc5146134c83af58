// The review of a game in Hickory Dickory's widget (issue 27): the panel beside the board (run, progress, Cancel;
// the graph of each seat's expected final margin; the decisions worth a look; the reviewed decision shown on the
// board with its better option, and "Retry from here"), the review's marks in the history list, and the evaluation
// on demand. It only reads the model (trait `review`, view.review_focus, view.retry, trait `margins`) and sends
// intents; Python runs the review and judges a retry. Joined after board.mjs (its tr, playerName, colorDot): every
// top-level name here starts with "review" or REVIEW_.
import { htmlNode, listen } from "../core/dom.mjs";
import { colorDot, playerName, targetKey, tr } from "./board.mjs";

const REVIEW_SVG = "http://www.w3.org/2000/svg";

/** Each label's mark (as chess annotators write them), its color (dark enough on white) and whether it lost points. */
export const REVIEW_MARKS = {
  best: { mark: "✓", color: "#1d6b2f", lost: false },
  good: { mark: "✓", color: "#4d6b1d", lost: false },
  only: { mark: "·", color: "#555555", lost: false },
  inaccuracy: { mark: "?!", color: "#8a5a00", lost: true },
  mistake: { mark: "?", color: "#b34700", lost: true },
  blunder: { mark: "??", color: "#b00020", lost: true },
};

/** Line colors per seat, darker than the board's fills so that a thin line reads on white; and a dash each. */
const REVIEW_LINES = { blue: ["#2d6cc0", ""], red: ["#c0392b", "6 3"], yellow: ["#9c7a00", "2 3"], brown: ["#6b4420", "8 3 2 3"] };

function reviewSvg(tag, attrs = {}, parent = null, text = null) {
  const e = document.createElementNS(REVIEW_SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = String(text);
  if (parent) parent.appendChild(e);
  return e;
}

/** A tidy step for about `n` ticks over `span`: 1, 2 or 5 times a power of ten. */
export function reviewNiceStep(span, n = 4) {
  const raw = Math.max(span, 1e-9) / n;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const k of [1, 2, 5, 10]) if (k * power >= raw) return k * power;
  return 10 * power;
}

/**
 * The graph's pure layout: from each seat's [step, margin] points, the drawing area, the ticks (0 always among
 * them) and x/y functions. `steps`: the game's length (the x axis ends there).
 */
export function reviewGraphLayout(curve, { width = 240, height = 150, steps = null, left = 40, right = 10, top = 10, bottom = 30 } = {}) {
  const points = Object.values(curve).flat();
  const last = Math.max(1, steps ?? 0, ...points.map((p) => p[0]));
  let lo = Math.min(0, ...points.map((p) => p[1]));
  let hi = Math.max(0, ...points.map((p) => p[1]));
  if (hi - lo < 4) { hi += 2; lo -= 2; }
  const step = reviewNiceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks = [];
  for (let v = lo; v <= hi + 1e-9; v += step) ticks.push(Math.round(v * 1000) / 1000);
  const x = (s) => left + (s / last) * (width - left - right);
  const y = (v) => top + ((hi - v) / (hi - lo)) * (height - top - bottom);
  const xStep = reviewNiceStep(last, 4);
  const xTicks = [];
  for (let s = 0; s <= last + 1e-9; s += xStep) xTicks.push(Math.round(s));
  return { x, y, lo, hi, ticks, xTicks, last, width, height, left, right, top, bottom };
}

/** The evaluation graph: one line per seat, 0 marked, the decisions that lost points as marks one can click. */
function reviewGraph(review, ctx, large) {
  // drawn for the column beside the clock (about 230 px at 1024x768): 1 unit is at least 1 px there, so the
  // 11-unit labels read at 11 px or more (16 in large print); widget.css caps its growth in wide columns
  const width = 220;
  const height = large ? 190 : 150;
  const font = large ? 16 : 11;
  const L = reviewGraphLayout(review.curve || {}, { width, height, steps: review.steps, left: large ? 40 : 30, bottom: large ? 36 : 28, top: 8, right: 6 });
  const root = reviewSvg("svg", { viewBox: `0 0 ${width} ${height}`, class: "hk-review-svg", role: "img", "data-testid": "review-graph",
    "aria-label": tr("ui.review.graph", "Expected final margin after each move") });
  reviewSvg("rect", { x: L.left, y: L.top, width: width - L.left - L.right, height: height - L.top - L.bottom, fill: "#fbfaf6", stroke: "#ccc" }, root);
  for (const v of L.ticks) {
    const y = L.y(v);
    reviewSvg("line", { x1: L.left, x2: width - L.right, y1: y, y2: y, stroke: v === 0 ? "#333" : "#e1ddd2", "stroke-width": v === 0 ? 1.4 : 1 }, root);
    reviewSvg("text", { x: L.left - 4, y: y + font / 3, "text-anchor": "end", "font-size": font, fill: "#222" }, root, v > 0 ? `+${v}` : String(v).replace("-", "−"));
  }
  for (const s of L.xTicks) {
    reviewSvg("text", { x: L.x(s), y: height - L.bottom + font + 3, "text-anchor": "middle", "font-size": font, fill: "#222" }, root, String(s));
  }
  reviewSvg("text", { x: width - L.right, y: height - 3, "text-anchor": "end", "font-size": font, fill: "#444" }, root, tr("ui.review.axis_move", "move"));
  for (const [seat, points] of Object.entries(review.curve || {})) {
    const [color, dash] = REVIEW_LINES[seat] ?? ["#333", ""];
    const d = points.map(([s, v], i) => `${i ? "L" : "M"}${L.x(s).toFixed(1)},${L.y(v).toFixed(1)}`).join(" ");
    reviewSvg("path", { d, fill: "none", stroke: color, "stroke-width": large ? 2.6 : 2, "stroke-dasharray": dash || null, "data-seat": seat }, root);
  }
  const curveAt = (seat, step) => {
    const points = review.curve?.[seat] ?? [];
    let best = null;
    for (const p of points) if (p[0] <= step + 1) best = p;
    return best ? best[1] : 0;
  };
  for (const row of review.decisions || []) {
    const how = REVIEW_MARKS[row.label];
    if (!how?.lost) continue;
    const g = reviewSvg("g", { class: "hk-review-dot", "data-review-step": row.step, role: "button", tabindex: -1,
      "aria-label": reviewItemText(row) }, root);
    reviewSvg("title", {}, g, reviewItemText(row));
    const cx = L.x(row.step + 1);
    const cy = L.y(curveAt(row.player, row.step));
    reviewSvg("circle", { cx, cy, r: large ? 7 : 5.5, fill: how.color, stroke: "#fff", "stroke-width": 1.5 }, g);
    listen(g, "click", () => ctx.jump(row.step));
  }
  return root;
}

/** A reviewed decision in words: "Move 12, Red: mistake, loses 3.1 points". */
export function reviewItemText(row) {
  const values = { n: row.move, seat: row.seat, label: row.label_text, points: row.loss_text };
  return REVIEW_MARKS[row.label]?.lost ? tr("ui.review.item_loss", "Move {n}, {seat}: {label}, loses {points}", values)
    : tr("ui.review.item", "Move {n}, {seat}: {label}", values);
}

/** The label's mark as a small badge (its words for screen readers ride in the badge's label). */
function reviewBadge(row) {
  const how = REVIEW_MARKS[row.label] ?? REVIEW_MARKS.only;
  const badge = htmlNode("span", { class: `hk-review-badge hk-review-${row.label}`, "data-review-label": row.label,
    title: row.label_text }, null, how.mark);
  badge.style.background = how.color;
  return badge;
}

/** The decisions that lost points, each a button that jumps there; `focus` is the step shown now. */
function reviewList(review, ctx, focus) {
  const rows = (review.decisions || []).filter((r) => REVIEW_MARKS[r.label]?.lost);
  const box = htmlNode("div", { class: "hk-review-list", role: "group", "aria-label": tr("ui.review.decisions", "Decisions to look at") });
  htmlNode("h4", {}, box, tr("ui.review.decisions", "Decisions to look at"));
  if (!rows.length) {
    htmlNode("p", { class: "hk-muted" }, box, tr("ui.review.none_to_show", "No decision lost points: well played!"));
    return box;
  }
  const ul = htmlNode("ul", {}, box);
  for (const row of rows) {
    const li = htmlNode("li", {}, ul);
    const b = htmlNode("button", { type: "button", class: "hk-review-item", "data-control": `review-step-${row.step}`,
      "data-review-step": row.step, "data-review-label": row.label, "aria-current": row.step === focus ? "true" : null,
      title: tr("ui.review.jump_title", "Show the board before this decision and the better option") }, li);
    b.appendChild(reviewBadge(row));
    htmlNode("span", {}, b, ` ${reviewItemText(row)}`);
    listen(b, "click", () => ctx.jump(row.step));
  }
  return box;
}

function reviewButton(label, control, fn, { title = null, disabled = false } = {}) {
  const b = htmlNode("button", { type: "button", class: "cs-button", "data-control": control, title, disabled: disabled || null }, null, label);
  listen(b, "click", fn);
  return b;
}

/** The reviewed decision on the board: what was chosen, the better option, why, and the ways on. */
function reviewFocus(view, review, ctx) {
  const row = view.review_focus;
  const box = htmlNode("div", { class: "hk-review-focus", "data-testid": "review-focus", "data-review-step": row.step,
    "data-review-label": row.label, role: "group", "aria-label": reviewItemText(row) });
  const head = htmlNode("p", { class: "hk-review-focus-head" }, box);
  head.appendChild(reviewBadge(row));
  htmlNode("strong", {}, head, ` ${row.label_text}`);
  htmlNode("span", {}, head, ` ${tr("ui.review.focus", "Move {n}: {seat} chose {played}.", { n: row.move, seat: row.seat, played: row.played_label })}`);
  if (row.played !== row.best && (REVIEW_MARKS[row.label]?.lost || row.label === "good")) {
    htmlNode("p", { class: "hk-review-better", "data-testid": "review-better" }, box,
      tr("ui.review.better", "Better: {best} (about {points} more).", { best: row.best_label, points: row.loss_text }));
  } else {
    htmlNode("p", { class: "hk-review-better" }, box, tr("ui.review.was_best", "That was the best option the review found."));
  }
  if (row.explain) htmlNode("p", { class: "hk-review-why", "data-testid": "review-why" }, box, row.explain);
  const lost = (review.decisions || []).filter((r) => REVIEW_MARKS[r.label]?.lost).map((r) => r.step);
  const before = lost.filter((s) => s < row.step).pop();
  const after = lost.find((s) => s > row.step);
  const bar = htmlNode("div", { class: "hk-review-buttons" }, box);
  bar.append(
    reviewButton(tr("ui.review.retry", "Retry from here"), "review-retry", () => ctx.retry(row.step),
      { title: tr("ui.review.retry_title", "Play this decision again; the other seats answer as the review's bot would") }),
    reviewButton(tr("ui.review.previous", "◀ Previous"), "review-prev", () => ctx.jump(before), { disabled: before === undefined }),
    reviewButton(tr("ui.review.next", "Next ▶"), "review-next", () => ctx.jump(after), { disabled: after === undefined }),
    reviewButton(tr("ui.return_now", "Return to now"), "review-now", () => ctx.look(null)),
  );
  return box;
}

/** A retried decision: the question, then the verdict (best, or the points the pick loses) and the tries. */
function reviewRetry(view, ctx) {
  const r = view.retry;
  const box = htmlNode("div", { class: "hk-review-retry", "data-testid": "review-retry", "data-tries": r.tries,
    "data-solved": r.solved ? "yes" : "no", role: "group", "aria-label": tr("ui.review.retry", "Retry from here") });
  htmlNode("p", { class: "hk-review-focus-head" }, box, tr("ui.review.retry_intro",
    "Move {n} again: what is best for {seat}? Pick an option on the board or in the list.", { n: r.move, seat: r.seat }));
  const v = r.verdict;
  if (v) {
    const p = htmlNode("p", { class: `hk-review-verdict ${v.correct ? "hk-review-right" : "hk-review-wrong"}`, role: "status",
      "data-testid": "review-verdict", "data-correct": v.correct ? "yes" : "no" }, box, v.message);
    htmlNode("span", { class: "hk-review-tries" }, p, ` ${r.tries_text}`);
    if (v.explain) htmlNode("p", { class: "hk-review-why" }, box, v.explain);
  } else if (r.tries) {
    htmlNode("p", { class: "hk-review-tries" }, box, r.tries_text);
  }
  const bar = htmlNode("div", { class: "hk-review-buttons" }, box);
  if (v) bar.appendChild(reviewButton(tr("ui.review.try_again", "Try again"), "review-again", () => ctx.send({ type: "review_again" })));
  bar.append(
    reviewButton(tr("ui.review.back_to_review", "Back to the decision"), "review-back", () => ctx.jump(r.step)),
    reviewButton(tr("ui.return_now", "Return to now"), "review-now", () => ctx.look(null)),
  );
  return box;
}

/**
 * The review panel (null when never opened): its controls and progress, then the graph, the label counts, the
 * decisions to look at and the decision shown on the board (or the one retried).
 */
export function drawReview(view, review, ctx) {
  if (!review || !review.open) return null;
  const large = Boolean(ctx.toggles?.projector);
  const status = review.status;
  const box = htmlNode("section", { "data-key": "review", class: "hk-review", "data-testid": "review", "data-status": status,
    role: "region", "aria-label": tr("ui.review.title", "Review of the game") });
  const head = htmlNode("div", { class: "hk-review-head" }, box);
  htmlNode("h3", {}, head, tr("ui.review.title", "Review of the game"));
  const seat = htmlNode("select", { class: "cs-select", "data-control": "review-seat", "aria-label": tr("ui.review.whose", "Whose decisions") }, head);
  for (const [value, label] of [["humans", tr("ui.review.seat_humans", "seats played by people")], ["all", tr("ui.review.seat_all", "every seat")],
    ...view.players.map((p) => [p.color, playerName(p.color)])]) htmlNode("option", { value }, seat, label);
  seat.value = ctx.reviewSeat.value;
  listen(seat, "change", () => { ctx.reviewSeat.value = seat.value; });
  head.append(
    reviewButton(tr("ui.review.run", "Run the review"), "review-run", () => ctx.send({ type: "review", seat: seat.value }), { disabled: status === "running" }),
    reviewButton(tr("ui.review.cancel", "Cancel"), "review-cancel", () => ctx.send({ type: "review_cancel" }), { disabled: status !== "running" }),
    reviewButton("×", "review-close", () => ctx.send({ type: "review_close" }), { title: tr("ui.review.close", "Close the review") }),
  );
  head.lastChild.setAttribute("aria-label", tr("ui.review.close", "Close the review"));
  if (status === "running") {
    const line = htmlNode("div", { class: "hk-review-progress" }, box);
    htmlNode("progress", { max: Math.max(review.total, 1), value: review.done, "data-testid": "review-progress" }, line);
    htmlNode("span", { role: "status" }, line, tr("ui.review.progress", "Reviewing {seat}: decision {done} of {total}",
      { seat: playerName(review.seat), done: review.done, total: review.total || "…" }));
    htmlNode("p", { class: "hk-muted" }, box, tr("ui.review.running_note", "It runs in the background: the board stays usable."));
  }
  if (review.message) htmlNode("p", { class: "hk-review-message", "data-testid": "review-message", role: status === "running" ? null : "status" }, box, review.message);
  if (status !== "done") return box;
  if (view.retry) box.appendChild(reviewRetry(view, ctx));
  else if (view.review_focus) box.appendChild(reviewFocus(view, review, ctx));
  const figure = htmlNode("figure", { class: "hk-review-figure" }, box);
  htmlNode("figcaption", {}, figure, tr("ui.review.graph", "Expected final margin after each move"));
  figure.appendChild(reviewGraph({ ...review, steps: view.looking?.steps ?? view.steps }, ctx, large));
  const key = htmlNode("div", { class: "hk-review-key" }, figure);
  for (const seatName of Object.keys(review.curve || {})) {
    const item = htmlNode("span", { class: "hk-review-key-item" }, key);
    item.appendChild(colorDot(seatName, 12));
    const counts = review.counts?.[seatName] ?? {};
    const said = Object.entries(counts).filter(([label, n]) => n && REVIEW_MARKS[label]?.lost)
      .map(([label, n]) => `${n} ${REVIEW_MARKS[label].mark}`).join("  ");
    htmlNode("span", {}, item, ` ${playerName(seatName)}${said ? `: ${said}` : ""}`);
  }
  htmlNode("p", { class: "hk-muted hk-review-note" }, figure, tr("ui.review.graph_note",
    "Above 0: ahead of the best other player at the end, as the review expects; below 0: behind."));
  box.appendChild(reviewList(review, ctx, view.review_focus?.step));
  return box;
}

/**
 * The review's marks in the history list: the first entry of each reviewed decision gets its label's badge and
 * words for screen readers, and a click on it (or Enter) jumps to the decision. Drawn again on every redraw (the
 * list's entries are kept between drawings, so old marks are removed first).
 */
export function reviewMarkLog(list, review) {
  if (!list) return;
  for (const old of list.querySelectorAll(".hk-review-logmark")) old.remove();
  for (const li of list.querySelectorAll("li[data-review-step]")) {
    li.removeAttribute("data-review-step");
    li.removeAttribute("data-review-label");
  }
  for (const li of list.querySelectorAll("li[data-review-aria]")) { // the entry's own label back
    li.setAttribute("aria-label", li.getAttribute("data-review-aria"));
    li.removeAttribute("data-review-aria");
  }
  if (!review || review.status !== "done") return;
  // the first entry of each step, in order; a decision that left no entry of its own (declining, say) is marked
  // on the first entry after it
  const first = [];
  for (const li of list.querySelectorAll("li[data-step]")) {
    const step = Number(li.getAttribute("data-step"));
    if (li.getAttribute("data-step") !== "" && (!first.length || first[first.length - 1][0] !== step)) first.push([step, li]);
  }
  first.sort((a, b) => a[0] - b[0]);
  let at = 0;
  const rows = (review.decisions || []).filter((row) => row.label !== "only").sort((a, b) => a.step - b.step);
  for (const row of rows) { // nothing to choose, nothing to mark: "only" decisions are left out
    while (at < first.length && first[at][0] < row.step + 1) at++;
    const li = first[at]?.[1];
    if (!li) continue;
    const lost = REVIEW_MARKS[row.label]?.lost;
    const taken = li.getAttribute("data-review-step");
    // one entry may stand for several decisions: the click goes to the one that lost points
    if (taken === null || (lost && !REVIEW_MARKS[li.getAttribute("data-review-label")]?.lost)) {
      li.setAttribute("data-review-step", String(row.step));
      li.setAttribute("data-review-label", row.label);
    }
    const mark = reviewBadge(row);
    mark.classList.add("hk-review-logmark");
    mark.setAttribute("aria-hidden", "true");
    const words = htmlNode("span", { class: "hk-review-logmark hk-sr" }, null,
      `${tr("ui.review.mark_aria", "Review: {label}", { label: row.label_text })}. `);
    const text = li.querySelector(".hk-log-text");
    li.insertBefore(words, text ?? li.firstChild);
    if (li.hasAttribute("aria-label")) { // an entry with rule badges is read by its label: the words go there too
      if (!li.hasAttribute("data-review-aria")) li.setAttribute("data-review-aria", li.getAttribute("aria-label"));
      li.setAttribute("aria-label", `${words.textContent}${li.getAttribute("aria-label")}`);
    }
    li.insertBefore(mark, text ?? li.firstChild);
  }
}

/**
 * The board while a reviewed decision is shown: its better option's spot and button marked "best", the option
 * chosen marked too; the options cannot be taken (the board is a look back).
 */
export function reviewMarkBoard(content, view) {
  for (const e of content.querySelectorAll(".hk-review-best, .hk-review-played")) {
    e.classList.remove("hk-review-best", "hk-review-played");
    e.removeAttribute("data-review-mark");
  }
  const row = view.review_focus;
  if (!row || !view.looking) return;
  const choices = view.decision?.choices ?? [];
  for (const [id, cls, words] of [[row.played, "hk-review-played", tr("ui.review.played_mark", "the option chosen")],
    [row.best, "hk-review-best", tr("ui.review.best_mark", "the better option")]]) {
    const choice = choices.find((c) => c.id === id);
    const button = content.querySelector(`button[data-choice-id="${globalThis.CSS?.escape ? CSS.escape(id) : id}"]`);
    const key = choice ? targetKey(choice.target) : null;
    const spot = key ? content.querySelector(`[data-target-key="${globalThis.CSS?.escape ? CSS.escape(key) : key}"]:not(button)`) : null;
    for (const e of [button, spot]) {
      if (!e) continue;
      e.classList.add(cls);
      e.setAttribute("data-review-mark", words);
    }
    if (button) button.setAttribute("aria-description", words);
  }
  for (const b of content.querySelectorAll(".cs-choice")) b.disabled = true;
}

/** The evaluation on demand: each seat's expected final margin for the position shown (null when off). */
export function drawMargins(margins, on) {
  if (!on) return null;
  const box = htmlNode("div", { "data-key": "margins", class: "hk-margins", "data-testid": "margins", role: "status",
    "data-status": margins?.status ?? "running" });
  htmlNode("strong", {}, box, `${tr("ui.margins.title", "Expected final margin (points ahead of the best other player)")}: `);
  if (margins?.status === "hidden" || margins?.status === "error") {
    htmlNode("span", { class: "hk-muted" }, box, margins.message ?? "");
    return box;
  }
  for (const row of margins?.rows ?? []) {
    const item = htmlNode("span", { class: "hk-margin", "data-margin-player": row.player }, box);
    item.appendChild(colorDot(row.player, 12));
    htmlNode("span", {}, item, ` ${row.seat} ${row.text}`);
  }
  if (margins?.status === "running") htmlNode("span", { class: "hk-muted" }, box, ` ${tr("ui.margins.computing", "computing…")}`);
  else if (margins?.message) htmlNode("span", { class: "hk-muted" }, box, ` (${margins.message})`);
  return box;
}

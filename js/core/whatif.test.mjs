// Tests of the what-if panel's pure chart layout (run with `node --test js/`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { layout } from "./whatif.mjs";

const rows = [
  { id: "a", label: "A", mean: 40, low: 36, high: 44, win: 0.5, best: false },
  { id: "b", label: "B", mean: 20, low: 18, high: 22, win: 0.1, best: false },
];

test("bars are proportional to the mean points and rows stack downwards", () => {
  const [a, b] = layout(rows, 560, 34, 230);
  assert.ok(Math.abs(a.bar - 2 * b.bar) < 1e-9);
  assert.equal(b.y - a.y, 34);
});

test("the interval whiskers sit around the bar's end and the widest fits the chart", () => {
  const [a] = layout(rows, 560, 34, 230);
  assert.ok(a.low < a.x0 + a.bar && a.x0 + a.bar < a.high);
  assert.ok(a.high <= 560 - 150 + 1e-9);
});

test("a zero mean still draws a visible bar", () => {
  const [z] = layout([{ id: "z", label: "Z", mean: 0, low: 0, high: 0, win: 0, best: true }]);
  assert.ok(z.bar >= 1);
});

test("option labels cut to fit stay distinct: the differing part is kept", async () => {
  const { shortLabels } = await import("./whatif.mjs");
  const head = "Discard face down: one floor with a long description of what is on it, ";
  const labels = [`${head}cats`, `${head}mice`, "Draw"];
  const shown = shortLabels(labels, 40);
  assert.equal(new Set(shown).size, 3);
  for (const s of shown) assert.ok(s.length <= 41, s);
  assert.ok(shown[0].includes("cats") && shown[1].includes("mice"));
  assert.equal(shown[2], "Draw");
});

test("a long label goes on two lines broken between words", async () => {
  const { twoLines } = await import("./whatif.mjs");
  const lines = twoLines("Give a red button to Brown's Scurrier now", 20);
  assert.equal(lines.length, 2);
  assert.ok(!lines[0].endsWith(" ") && lines[0].length <= 20);
});

test("a bar's click brings the board's top into view only when it is out of view (issue 31)", async () => {
  const { scrollToShow } = await import("./whatif.mjs");
  assert.equal(scrollToShow(100, 90, 770, 600), 0); // in view: no scroll
  assert.equal(scrollToShow(-1300, 90, 770, 600), -1390); // far above the panel: its top to the view's top
  assert.equal(scrollToShow(500, 90, 770, 600), 410); // its top part hangs below the view
  assert.equal(scrollToShow(95, 90, 770, 2000), 5); // taller than the view: its top to the view's top
});

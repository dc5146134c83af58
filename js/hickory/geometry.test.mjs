// Tests of the pure clock/chain geometry (run with `node --test js/`).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  RADII, clockAngle, handRotation, nearestRotation, polar, actionSpace, outerSpace, innerSpace, handSpaces,
  handMouseLocal, clusterOffsets, rowOffsets, smallActionBox, SMALL_CLEAR, CLOCK_HALF, chainSpaces, chainRight, weightPosition, layoutFor, fitLines, shortLabel,
} from "./geometry.mjs";

const close = (a, b, eps = 1e-6) => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);

test("12 is at the top (-90 degrees), 3 at 0, 6 at 90, 9 at 180", () => {
  assert.equal(clockAngle(12), -90);
  assert.equal(clockAngle(3), 0);
  assert.equal(clockAngle(6), 90);
  assert.equal(clockAngle(9), 180);
  assert.equal(clockAngle(1), -60);
});

test("numbers go clockwise, 30 degrees apart", () => {
  for (let n = 1; n <= 12; n++) assert.equal((clockAngle((n % 12) + 1) - clockAngle(n) + 360) % 360, 30);
});

test("polar puts 12 straight up and 3 straight right", () => {
  const up = polar(100, clockAngle(12));
  close(up.x, 0); close(up.y, -100);
  const right = polar(100, clockAngle(3));
  close(right.x, 100); close(right.y, 0);
  const c = polar(10, 0, 5, 7);
  close(c.x, 15); close(c.y, 7);
});

test("action, outer and inner spaces lie on their circles, outside in", () => {
  for (let n = 1; n <= 12; n++) {
    for (const [f, r] of [[actionSpace, RADII.action], [outerSpace, RADII.outer], [innerSpace, RADII.inner]]) {
      const p = f(n);
      close(Math.hypot(p.x, p.y), r, 0.01);
    }
  }
  assert.ok(RADII.action > RADII.outer && RADII.outer > RADII.inner && RADII.inner > RADII.handFront);
  const six = outerSpace(6);
  close(six.x, 0, 0.01); assert.ok(six.y > 0);
});

test("hand spaces run from the front (tip, outer) to the back (near the centre)", () => {
  for (const total of [2, 4, 8]) {
    const spaces = handSpaces(3, total);
    assert.equal(spaces.length, total);
    for (let i = 1; i < total; i++) assert.ok(spaces[i].r < spaces[i - 1].r);
    assert.ok(spaces[0].r <= RADII.handFront && spaces[total - 1].r >= RADII.handBack);
    // pointing at 3: all on the positive x axis
    for (const s of spaces) { close(s.y, 0, 0.01); assert.ok(s.x > 0); }
  }
});

test("a Scavenger on the hand covers two spaces, in the hand's own frame (pointing up)", () => {
  const one = handMouseLocal(0, 0, 8);
  const two = handMouseLocal(0, 1, 8);
  assert.ok(one.y < 0);
  close(two.length, one.length * 2, 0.01);
  assert.ok(two.y > one.y); // its centre is further back
});

test("hand rotation turns forwards across 12", () => {
  assert.equal(handRotation(12), 0);
  assert.equal(handRotation(3), 90);
  assert.equal(nearestRotation(330, handRotation(12)), 360);
  assert.equal(nearestRotation(360, handRotation(1)), 390);
  assert.equal(nearestRotation(null, 60), 60);
  assert.equal(nearestRotation(390, handRotation(1)), 390);
});

test("cluster offsets are distinct and centred", () => {
  for (const count of [1, 2, 3, 5]) {
    const offs = clusterOffsets(count, 4);
    assert.equal(offs.length, count);
    const keys = new Set(offs.map((o) => `${o.x},${o.y}`));
    assert.equal(keys.size, count);
  }
  const one = clusterOffsets(1, 7)[0];
  close(one.x, 0, 0.01); close(one.y, 0, 0.01);
});

test("chain positions climb monotonically, the leaf on top", () => {
  const spaces = chainSpaces(10);
  assert.equal(spaces.length, 12); // 0..10 and the leaf (11)
  for (let i = 1; i < spaces.length; i++) assert.ok(spaces[i].y < spaces[i - 1].y);
  const right = chainRight(5);
  for (let i = 1; i < right.length; i++) assert.ok(right[i].y < right[i - 1].y);
  assert.ok(weightPosition(0, 5).y > right[0].y);
  assert.ok(weightPosition(1, 5).y < weightPosition(0, 5).y);
});

test("layout: side by side when wide, stacked at 600 px", () => {
  assert.equal(layoutFor(1000).columns, 2);
  assert.equal(layoutFor(600).columns, 1);
  assert.ok(layoutFor(600).clock <= 600);
});

test("labels wrap and shorten", () => {
  const chars = (s) => s.length; // fitLines measuring in characters
  assert.deepEqual(fitLines("Climb 1, then Spend 1 → Search 2", 14, 3, chars).lines, ["Climb 1, then", "Spend 1 →", "Search 2"]);
  assert.equal(fitLines("a b c d e f g h", 3, 2, chars).lines.length, 2);
  assert.equal(shortLabel("Spend 1 -> Scamp"), "Spend 1 → Scamp");
});

test("row offsets: centred, in order along the tangent, squeezed when too wide", () => {
  const one = rowOffsets([20], 3)[0];
  close(one.x, 0, 0.01); close(one.y, 0, 0.01);
  // at 3 o'clock the tangent points down (+y)
  const row = rowOffsets([20, 30, 20], 3, { gap: 4, maxWidth: 200 });
  close(row[0].y, -29, 0.01); close(row[1].y, 0, 0.01); close(row[2].y, 29, 0.01);
  for (const p of row) close(p.x, 0, 0.01);
  const tight = rowOffsets([24, 24, 24, 24, 24, 24], 12, { gap: 2, maxWidth: 100 });
  for (let i = 1; i < tight.length; i++) assert.ok(tight[i].x > tight[i - 1].x);
  assert.ok(tight[5].x - tight[0].x <= 100 - 24 + 0.01);
});

test("row offsets split in two rows on the small clock's crowded inner ring, each row unsqueezed", () => {
  // at 3 o'clock the radius points right (+x) and the tangent down (+y): four mice 34 wide need 145 of 104
  const split = { radii: [-10, 20], maxWidths: [104, 118] };
  const rows = rowOffsets([34, 34, 34, 34], 3, { gap: 3, maxWidth: 104, split });
  assert.deepEqual(rows.map((o) => o.x), [-10, -10, 20, 20]);
  close(rows[1].y - rows[0].y, 37, 0.01); close(rows[3].y - rows[2].y, 37, 0.01);
  // a row that fits stays one row, wherever split is given
  assert.deepEqual(rowOffsets([34, 34], 3, { gap: 3, maxWidth: 104, split }), rowOffsets([34, 34], 3, { gap: 3, maxWidth: 104 }));
});

test("fitLines wraps by measured width, hyphenates a long word and marks a cut text", async () => {
  const { fitLines } = await import("./geometry.mjs");
  const measure = (s) => s.length * 10; // 10 units a character
  const fit = fitLines("Pendelklettern 1, dann Gib 1 aus", 120, 4, measure);
  assert.equal(fit.cut, false);
  for (const line of fit.lines) assert.ok(measure(line) <= 120, line);
  assert.equal(fit.lines.join(" ").replace(/- /g, ""), "Pendelklettern 1, dann Gib 1 aus");
  const cut = fitLines("one two three four five six seven eight nine ten", 60, 2, measure);
  assert.equal(cut.cut, true);
  assert.equal(cut.lines.length, 2);
  assert.ok(cut.lines[1].endsWith("…") && measure(cut.lines[1]) <= 60);
});

test("fitLines with a width per line: a narrow first line takes what fits, the rest the full width (issue 31)", async () => {
  const { fitLines } = await import("./geometry.mjs");
  const chars = (s) => s.length;
  const fit = fitLines("Return relics then jump to 1", [7, 12], 3, chars);
  assert.deepEqual(fit.lines, ["Return", "relics then", "jump to 1"]);
  assert.equal(fit.cut, false);
  assert.deepEqual(fitLines("Insignien x", [6, 12], 3, chars).lines, ["Insig-", "nien x"]); // its first syllables
  assert.deepEqual(fitLines("1/2/3 x", [3, 12], 3, chars).lines, ["", "1/2/3 x"]); // no syllable fits: left empty
  assert.deepEqual(fitLines("ab cd ef", 5, 2, chars).lines, ["ab cd", "ef"]); // one width as before
});

test("the small clock's action boxes: inside the square, clear of the rings, none over another", () => {
  const boxes = Array.from({ length: 12 }, (_, k) => smallActionBox(k + 1));
  const edges = (b) => [b.x - b.width / 2, b.y - b.height / 2, b.x + b.width / 2, b.y + b.height / 2];
  for (const [k, b] of boxes.entries()) {
    const [x0, y0, x1, y1] = edges(b);
    assert.ok(Math.min(x0, y0) >= -CLOCK_HALF && Math.max(x1, y1) <= CLOCK_HALF, `box ${k + 1} leaves the square`);
    const nx = Math.min(Math.max(0, x0), x1) * (x0 <= 0 && 0 <= x1 ? 0 : 1);
    const ny = Math.min(Math.max(0, y0), y1) * (y0 <= 0 && 0 <= y1 ? 0 : 1);
    assert.ok(Math.hypot(nx, ny) >= SMALL_CLEAR, `box ${k + 1} reaches the outer ring (${Math.hypot(nx, ny)})`);
    for (const [j, o] of boxes.entries()) {
      if (j <= k) continue;
      const [a0, b0, a1, b1] = edges(o);
      assert.ok(x1 <= a0 || a1 <= x0 || y1 <= b0 || b1 <= y0, `boxes ${k + 1} and ${j + 1} overlap`);
    }
  }
  // the longest labels whole at the small clock's 24-unit text (30 units of a box are its number's row and margins),
  // measured here at 0.6 of the size a character: a wider measure than the font's (the browser test measures that)
  const measure = (t) => t.length * 24 * 0.6;
  for (const [k, b] of boxes.entries()) {
    if ((k + 1) % 6 === 0) continue; // 6 and 12 hold Deliver and Return relics, then Leap (their tokens are fixed)
    for (const label of ["Climb 1 → Spend 1 → Search 2", "Arrampicati di 1 → Spendi 1 → Cerca 2"]) {
      const fit = fitLines(label, b.width - 12, Math.floor((b.height - 30) / (24 * 1.15)), measure);
      assert.ok(!fit.cut, `${label} in box ${k + 1}: ${fit.lines}`);
    }
  }
});

// Tests of the review panel's pure parts (run with `node --test js/`): the graph's layout and the decisions' words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { REVIEW_MARKS, reviewGraphLayout, reviewNiceStep } from "./review.mjs";

test("ticks are tidy steps and 0 is always among them, so ahead and behind read at a glance", () => {
  assert.equal(reviewNiceStep(17, 4), 5);
  assert.equal(reviewNiceStep(0.7, 4), 0.2);
  const L = reviewGraphLayout({ red: [[0, 3], [10, 12]], blue: [[0, -3], [10, -12]] }, { steps: 10 });
  assert.ok(L.ticks.includes(0));
  assert.ok(L.lo <= -12 && L.hi >= 12);
  const onlyAhead = reviewGraphLayout({ red: [[0, 5], [4, 9]] }, { steps: 4 });
  assert.ok(onlyAhead.ticks.includes(0) && onlyAhead.lo <= 0);
});

test("the x axis spans the whole game and higher margins are drawn higher", () => {
  const L = reviewGraphLayout({ red: [[0, 0], [50, 4]] }, { width: 420, height: 180, steps: 80 });
  assert.equal(L.x(0), L.left);
  assert.equal(L.x(80), 420 - L.right);
  assert.ok(L.y(4) < L.y(0));
  assert.ok(L.y(L.lo) <= 180 - L.bottom + 1e-9 && L.y(L.hi) >= L.top - 1e-9);
});

test("only inaccuracies, mistakes and blunders count as points lost, each with its own mark", () => {
  const lost = Object.entries(REVIEW_MARKS).filter(([, m]) => m.lost).map(([k]) => k);
  assert.deepEqual(lost, ["inaccuracy", "mistake", "blunder"]);
  assert.equal(new Set(lost.map((k) => REVIEW_MARKS[k].mark)).size, 3);
});

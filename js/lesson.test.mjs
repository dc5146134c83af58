// node --test js/ : the lesson widget's pure helpers (stars and the board spots a focus key names).
import { test } from "node:test";
import assert from "node:assert/strict";
import { lessonStars, lessonFocusSelectors, lessonWrongPicks, lessonRulesSpoken } from "./lesson.mjs";

test("stars: three places, filled for each star earned, clamped", () => {
  assert.equal(lessonStars(3), "★★★");
  assert.equal(lessonStars(2), "★★☆");
  assert.equal(lessonStars(0), "☆☆☆");
  assert.equal(lessonStars(7), "★★★");
  assert.equal(lessonStars(undefined), "☆☆☆");
});

test("focus keys name the spots drawn by board.mjs", () => {
  assert.deepEqual(lessonFocusSelectors("outer:5"), ['[data-outer="5"]', '[data-action="5"]']);
  assert.deepEqual(lessonFocusSelectors("inner:12"), ['[data-inner="12"]', '[data-action="12"]']);
  assert.deepEqual(lessonFocusSelectors("hand"), [".hk-minute"]);
  assert.deepEqual(lessonFocusSelectors("mouse:blue.spotter"), ['[data-mouse="blue.spotter"]', '[data-card="blue.spotter"]']);
  assert.deepEqual(lessonFocusSelectors("nonsense"), []);
});

test("a wrong pick is the last answer, only while its verdict says not right", () => {
  const view = (verdict, picked) => ({ verdict, exercise: { picked } });
  assert.deepEqual([...lessonWrongPicks(view({ correct: false }, ["P1:dog", "P2:cat"]))], ["P1:dog", "P2:cat"]);
  assert.deepEqual([...lessonWrongPicks(view({ correct: false }, 3))], ["3"]);
  assert.deepEqual([...lessonWrongPicks(view({ correct: true }, "jump_off"))], []);
  assert.deepEqual([...lessonWrongPicks(view({ correct: null, shown: true }, null))], []);
  assert.deepEqual([...lessonWrongPicks(view(null, "stay"))], []);
});

test("a verdict's rules are spoken as a sentence after its message, not run into it", () => {
  assert.equal(lessonRulesSpoken("Rules", [{ id: "R45" }, { id: "R55" }, { id: "R57" }]), " Rules: R45, R55, R57.");
  assert.equal(lessonRulesSpoken("Regeln", []), "");
  assert.equal(lessonRulesSpoken("Regole", undefined), "");
});

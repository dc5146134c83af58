// Pure geometry of the Hickory Dickory board: no DOM here, so Node's test runner can check it.
// The clock is drawn in a viewBox centred on (0, 0); angles are in degrees, 0 = pointing right (3 o'clock),
// growing clockwise because SVG's y axis points down.

/** Size of the clock's square viewBox (it spans -CLOCK_HALF..CLOCK_HALF on both axes). */
export const CLOCK_HALF = 446;

/** Radii (viewBox units) of the rings, from the centre outwards. */
export const RADII = {
  handBack: 34, // back end of the minute hand (near the centre)
  handFront: 200, // front of the minute hand (its tip)
  inner: 232, // inner ring spaces (diamonds)
  outer: 282, // outer ring spaces (leaves)
  action: 372, // action spaces (token boxes with the number)
  hour: 150, // length of the hour hand
};

/** Size (viewBox units) of an action token box. */
export const ACTION_BOX = { width: 136, height: 116 };

/**
 * The small clock's action boxes (issue 31): its texts are a third larger, so its boxes are larger too and stand
 * where the square has room: 12 and 6 wide, 3 and 9 tall (each against the square's edge), 1, 5, 7 and 11 wider
 * and 2, 4, 8 and 10 taller than the ordinary boxes, each pushed out towards its corner until it touches an edge.
 * The sizes hold the longest action labels in English, Italian and German whole (six lines at most); none overlaps
 * another or comes within SMALL_CLEAR units of the centre (the outer ring's leaves and mice end inside that). The
 * face behind them is a rounded square (board.mjs).
 */
export const SMALL_BOX = { wide: [160, 168], tall: [140, 204], long: 200, deep: 142, edge: CLOCK_HALF - 2 };
export const SMALL_CLEAR = 300;

/** Centre and size of number n's action box on the small clock: {x, y, width, height}. */
export function smallActionBox(n) {
  const deg = clockAngle(n);
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  const { wide, tall, long, deep, edge } = SMALL_BOX;
  if (n % 3 === 0) { // on an axis: 3, 6, 9, 12
    const across = n % 6 === 0; // 12 and 6 lie across the vertical axis
    const r = edge - deep / 2;
    return { x: round(r * c), y: round(r * s), width: across ? long : deep, height: across ? deep : long };
  }
  const [width, height] = Math.abs(s) > Math.abs(c) ? wide : tall; // 1, 5, 7, 11 near the vertical axis
  const r = Math.min((edge - width / 2) / Math.abs(c), (edge - height / 2) / Math.abs(s));
  return { x: round(r * c), y: round(r * s), width, height };
}

/** Angle in degrees of number n (1..12) on the clock: 12 at the top (-90), 3 at 0, 6 at 90, 9 at 180. */
export function clockAngle(n) {
  return ((((n % 12) + 12) % 12) * 30) - 90;
}

/** The rotation (degrees, clockwise from "pointing up") that makes a hand drawn pointing up point at n. */
export function handRotation(n) {
  return clockAngle(n) + 90;
}

/** The equivalent of `target` degrees closest to `previous` (so a hand turning 12 -> 1 turns 30, not -330). */
export function nearestRotation(previous, target) {
  if (previous === null || previous === undefined || !Number.isFinite(previous)) return target;
  const turns = Math.round((previous - target) / 360);
  let r = target + turns * 360;
  // The clock only runs forwards: never turn back by more than a half-step.
  if (r < previous - 15) r += 360;
  return r;
}

/** Polar coordinates to a point: radius r at angle deg around (cx, cy). */
export function polar(r, deg, cx = 0, cy = 0) {
  const a = (deg * Math.PI) / 180;
  return { x: round(cx + r * Math.cos(a)), y: round(cy + r * Math.sin(a)) };
}

function round(v) {
  return Math.round(v * 1000) / 1000;
}

/** Centre of number n's action space (token box). */
export function actionSpace(n) {
  return polar(RADII.action, clockAngle(n));
}

/** Centre of number n's outer ring space (leaf; Lord Cuckoo at 12). */
export function outerSpace(n) {
  return polar(RADII.outer, clockAngle(n));
}

/** Centre of number n's inner ring space (diamond). */
export function innerSpace(n) {
  return polar(RADII.inner, clockAngle(n));
}

/** Distance from the centre of the middle of hand space i (0 = front, at the tip) of a hand of `total` spaces. */
export function handSpaceRadius(i, total) {
  const len = (RADII.handFront - RADII.handBack) / total;
  return RADII.handFront - len * (i + 0.5);
}

/** Length along the hand of one hand space. */
export function handSpaceLength(total) {
  return (RADII.handFront - RADII.handBack) / total;
}

/**
 * Positions of the hand's spaces 0..total-1 when the minute hand points at `minute`:
 * ordered from the front (tip, far from the centre) to the back (near the centre).
 */
export function handSpaces(minute, total) {
  const deg = clockAngle(minute);
  const out = [];
  for (let i = 0; i < total; i++) out.push({ index: i, r: handSpaceRadius(i, total), ...polar(handSpaceRadius(i, total), deg) });
  return out;
}

/**
 * Where a mouse standing on spaces first..last sits, in the hand's own frame (hand pointing up, centre at 0,0):
 * x = 0, y negative (up), and the length it covers along the hand.
 */
export function handMouseLocal(first, last, total) {
  const r = (handSpaceRadius(first, total) + handSpaceRadius(last, total)) / 2;
  return { x: 0, y: round(-r), length: round(handSpaceLength(total) * (last - first + 1)) };
}

/**
 * Offsets of `count` tokens sharing one ring space at number n: a row across the radius (tangential),
 * wrapping to a second row nearer the centre after `perRow`; spacing shrinks so a full row stays within `maxWidth`.
 */
export function clusterOffsets(count, n, { spacing = 26, perRow = 4, rowGap = 24, maxWidth = 110 } = {}) {
  const deg = clockAngle(n);
  const t = ((deg + 90) * Math.PI) / 180; // tangential direction
  const rad = (deg * Math.PI) / 180; // radial direction (outwards)
  const rows = Math.max(1, Math.ceil(count / perRow));
  const out = [];
  for (let k = 0; k < count; k++) {
    const row = Math.floor(k / perRow);
    const inRow = Math.min(perRow, count - row * perRow);
    const step = Math.min(spacing, inRow > 1 ? maxWidth / (inRow - 1) : spacing);
    const along = (k - row * perRow - (inRow - 1) / 2) * step;
    const across = -(row - (rows - 1) / 2) * rowGap;
    out.push({ x: round(along * Math.cos(t) + across * Math.cos(rad)), y: round(along * Math.sin(t) + across * Math.sin(rad)) });
  }
  return out;
}

/**
 * Offsets of items of the given widths laid in one row across the radius (tangential) at number n, centred,
 * `gap` apart; squeezed together (overlapping a little) when the row would be wider than `maxWidth`. With `split`
 * ({radii: [a, b], maxWidths: [wa, wb]}) a row too wide becomes two rows, a and b units out from the centre (the
 * small clock's inner ring, whose larger mice would overlap in one row).
 */
export function rowOffsets(widths, n, { gap = 3, maxWidth = 120, split = null } = {}) {
  const total = widths.reduce((a, w) => a + w, 0) + gap * Math.max(0, widths.length - 1);
  if (split && total > maxWidth && widths.length > 1) {
    // two rows, the first half at split.radii[0] units out from the space's centre, the rest at split.radii[1]
    const half = Math.ceil(widths.length / 2);
    const rad = (clockAngle(n) * Math.PI) / 180;
    return [widths.slice(0, half), widths.slice(half)].flatMap((row, k) => rowOffsets(row, n, { gap, maxWidth: split.maxWidths[k] })
      .map((o) => ({ x: round(o.x + split.radii[k] * Math.cos(rad)), y: round(o.y + split.radii[k] * Math.sin(rad)) })));
  }
  const squeeze = total > maxWidth && widths.length > 1 ? (maxWidth - widths[0] / 2 - widths[widths.length - 1] / 2) / (total - widths[0] / 2 - widths[widths.length - 1] / 2) : 1;
  const t = ((clockAngle(n) + 90) * Math.PI) / 180;
  const out = [];
  let at = -Math.min(total, maxWidth) / 2;
  for (let k = 0; k < widths.length; k++) {
    const centre = at + widths[k] / 2;
    out.push({ x: round(centre * Math.cos(t)), y: round(centre * Math.sin(t)) });
    const step = k + 1 < widths.length ? (widths[k] / 2 + gap + widths[k + 1] / 2) : 0;
    at = centre + step * squeeze - (k + 1 < widths.length ? widths[k + 1] / 2 : 0);
  }
  return out;
}

/** Chain board layout (its own viewBox): width/height and the positions of spaces. */
export const CHAIN = { width: 220, top: 46, bottom: 470, leftX: 62, rightX: 160 };

/**
 * Positions of the left chain spaces 0..spaces (0 = starting pinecone at the bottom) and of the leaf goal at the
 * top (index spaces+1 = chain.leaf): y decreases strictly as the index grows.
 */
export function chainSpaces(spaces) {
  const out = [];
  const count = spaces + 2; // start .. last space, then the leaf
  const step = (CHAIN.bottom - CHAIN.top) / (count - 1);
  for (let i = 0; i < count; i++) {
    // zig-zag a little, like a hanging chain
    const x = CHAIN.leftX + (i === count - 1 ? 30 : (i % 2 === 0 ? -8 : 8));
    out.push({ index: i, x, y: round(CHAIN.bottom - i * step) });
  }
  return out;
}

/**
 * Positions of the right chain values (index 0 = the first value scored, at the bottom) and of the slot below
 * them where the pinecone weight starts: y decreases as the index grows.
 */
export function chainRight(count) {
  const top = CHAIN.top + 70;
  const bottom = CHAIN.bottom - 60;
  const step = (bottom - top) / count;
  const out = [];
  for (let i = 0; i < count; i++) out.push({ index: i, x: CHAIN.rightX, y: round(bottom - (i + 0.5) * step) });
  return out;
}

/** Where the pinecone weight is drawn: just below the value it will score next (index `weight`). */
export function weightPosition(weight, count) {
  const values = chainRight(count);
  const v = values[Math.min(Math.max(weight, 0), count - 1)];
  const step = count > 1 ? values[0].y - values[1].y : 50;
  return { x: v.x, y: round(v.y + step / 2) };
}

/**
 * Simple responsive layout: given the available width in pixels, whether the clock and the side column sit
 * side by side, and the clock's size in pixels.
 */
export function layoutFor(width) {
  const w = Math.max(280, width || 0);
  if (w >= 900) return { columns: 2, clock: Math.min(620, Math.round(w * 0.6)) };
  return { columns: 1, clock: Math.min(600, w) };
}

const VOWELS = "aeiouyäöüàèéìòùAEIOUYÄÖÜ";
const ONSETS = ["schl", "schr", "sch", "str", "spr", "pfl", "kl", "kr", "bl", "br", "pl", "pr", "tr", "dr", "gr", "gl", "fl", "fr", "st", "sp", "ch", "ph", "qu"];

/**
 * Where to hyphenate a word too long for a line (at most `limit` letters before the hyphen), by syllables: the
 * consonants between two vowels split so the next syllable starts with the longest usual onset
 * ("Pendel-klettern", "zurück-bringen", "rocchet-to"); the split nearest the middle wins, else the limit.
 */
export function hyphenAt(word, limit) {
  const isVowel = (ch) => VOWELS.includes(ch);
  const isLetter = (ch) => /\p{L}/u.test(ch ?? "");
  let best = -1;
  const middle = word.length / 2;
  for (let i = 1; i < word.length; i++) {
    if (!isVowel(word[i - 1])) continue;
    let j = i;
    while (j < word.length && isLetter(word[j]) && !isVowel(word[j])) j++;
    if (j >= word.length || !isVowel(word[j]) || j === i) continue;
    const cluster = word.slice(i, j).toLowerCase();
    const onset = ONSETS.find((o) => cluster.endsWith(o) && o.length <= cluster.length)?.length ?? 1;
    const at = j - onset;
    if (at >= 2 && at <= limit && word.length - at >= 2 && (best < 0 || Math.abs(at - middle) < Math.abs(best - middle))) best = at;
  }
  return best > 0 ? best : limit;
}

/** A token label made shorter for the small action space: "Spend 1 -> Market" -> "Spend 1 → Market". */
export function shortLabel(label) {
  return String(label ?? "")
    .replace(/\s*->\s*/g, " → ")
    .replace(/,\s*then\s+/gi, ", then ")
    .replace(/Return relics/i, "Return relics")
    .trim();
}

/**
 * The lines of `text` in a box `width` units wide and at most `lines` lines tall, with `measure(s)` the width of
 * s at the font used: words wrap, a word wider than the box is hyphenated, and a text that still does not fit ends
 * in "…" on its last line (the caller keeps the full text for hover and screen readers). Returns {lines, cut}.
 * `width` may be a list, one width per line (the last one for the lines after): a first line too narrow for the
 * first word takes its first syllables ("Insig-"), else it is left empty ("").
 */
export function fitLines(text, widths, lines, measure) {
  const list = Array.isArray(widths) ? widths : [widths];
  const width = Math.max(...list);
  const widthOf = (i) => list[Math.min(i, list.length - 1)];
  const words = [];
  for (const w of String(text ?? "").split(/\s+/).filter(Boolean)) {
    let rest = w;
    while (measure(rest) > width && rest.length > 2) {
      let n = rest.length - 1;
      while (n > 1 && measure(rest.slice(0, n) + "-") > width) n--;
      const at = Math.max(2, Math.min(n, hyphenAt(rest, n) || n));
      words.push(rest.slice(0, at) + "-");
      rest = rest.slice(at);
    }
    words.push(rest);
  }
  const out = [];
  let cur = "";
  for (let w of words) {
    if (!cur && !out.length && measure(w) > widthOf(0)) { // a narrow first line: the word's first syllables, else none
      let n = w.length - 1;
      while (n > 1 && measure(w.slice(0, n) + "-") > widthOf(0)) n--;
      const at = n >= 2 && /\p{L}{2}$/u.test(w.slice(0, n)) ? hyphenAt(w.replace(/-$/, ""), n) : 0;
      out.push(at >= 2 && measure(w.slice(0, at) + "-") <= widthOf(0) ? w.slice(0, at) + "-" : "");
      if (out[0]) w = w.slice(at);
    }
    if (!cur) cur = w;
    else if (measure(`${cur} ${w}`) <= widthOf(out.length)) cur += ` ${w}`;
    else {
      out.push(cur);
      cur = w;
    }
  }
  if (cur) out.push(cur);
  if (out.length <= lines) return { lines: out, cut: false };
  const kept = out.slice(0, lines);
  let last = kept[lines - 1].replace(/-$/, "");
  while (last.length > 1 && measure(`${last}…`) > widthOf(lines - 1)) last = last.slice(0, -1);
  kept[lines - 1] = `${last.trimEnd()}…`;
  return { lines: kept, cut: true };
}

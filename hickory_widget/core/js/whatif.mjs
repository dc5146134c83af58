// The "what if?" panel's view: it only reads the model (decision, progress, rows) and sends intents
// ({type: "run" | "cancel" | "take"}); the kernel runs the playouts and takes the chosen option.

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function html(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

const NOTE_WIDTH = 150; // room right of the widest interval for "20.5  wins 100%  (best)"

// Pure layout: one bar per row, scaled to the largest upper interval end.
export function layout(rows, width = 560, rowHeight = 34, labelWidth = 230) {
  const top = Math.max(1, ...rows.map((r) => r.high));
  const scale = (width - labelWidth - NOTE_WIDTH) / top;
  return rows.map((r, i) => ({
    ...r,
    y: 8 + i * rowHeight,
    x0: labelWidth,
    bar: Math.max(1, r.mean * scale),
    low: labelWidth + Math.max(0, r.low) * scale,
    high: labelWidth + r.high * scale,
  }));
}

function chart(model, rows, strings, decision) {
  const width = 560;
  const rowHeight = 34;
  const placed = layout(rows, width, rowHeight);
  const height = 30 + rows.length * rowHeight;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "list",
    "data-testid": "whatif-chart", class: "hw-whatif-chart" });
  for (const r of placed) {
    const g = svg("g", { role: "listitem button", tabindex: 0, "data-choice": r.id, class: "hw-whatif-row",
      "aria-label": `${r.label}: ${r.mean.toFixed(1)} (${r.low.toFixed(1)}-${r.high.toFixed(1)})` });
    g.style.cursor = "pointer";
    const mid = r.y + rowHeight / 2 - 4;
    g.appendChild(svg("text", { x: r.x0 - 6, y: mid + 4, "text-anchor": "end", "font-size": 12 },
      r.label.length > 34 ? `${r.label.slice(0, 33)}…` : r.label));
    g.appendChild(svg("rect", { x: r.x0, y: mid - 9, width: r.bar, height: 18, rx: 2,
      fill: r.best ? "#1b6ca8" : "#9a9a9a", "data-testid": "whatif-bar" }));
    g.appendChild(svg("line", { x1: r.low, x2: r.high, y1: mid, y2: mid, stroke: "#222", "stroke-width": 1.5 }));
    for (const x of [r.low, r.high]) {
      g.appendChild(svg("line", { x1: x, x2: x, y1: mid - 6, y2: mid + 6, stroke: "#222", "stroke-width": 1.5 }));
    }
    const note = `${r.mean.toFixed(1)}  ${fill(strings.win, { p: `${Math.round(r.win * 100)}%` })}` +
      (r.best ? `  (${strings.best})` : "");
    g.appendChild(svg("text", { x: r.high + 6, y: mid + 4, "font-size": 11 }, note));
    const take = () => model.send({ type: "take", choice: r.id, key: decision.key });
    g.addEventListener("click", take);
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        take();
      }
    });
    root.appendChild(g);
  }
  root.appendChild(svg("text", { x: 230, y: height - 6, "font-size": 11, fill: "#444" },
    fill(strings.axis, { player: decision.player_name || "" })));
  return root;
}

function render({ model, el }) {
  const box = html("div", { class: "hw-whatif", "data-testid": "whatif" });
  box.style.cssText = "font-family: sans-serif; border: 1px solid #bbb; border-radius: 6px; padding: 10px; " +
    "max-width: 600px; background: #fff; color: #111";
  el.appendChild(box);

  const draw = () => {
    const strings = model.get("strings");
    const decision = model.get("decision");
    const status = model.get("status");
    box.replaceChildren();
    box.dataset.status = status;
    box.appendChild(html("h3", { style: "margin: 0 0 4px 0; font-size: 15px" }, strings.title));
    if (!decision.key) {
      box.appendChild(html("p", {}, strings.over));
      return;
    }
    box.appendChild(html("p", { style: "margin: 2px 0; font-size: 13px", "data-testid": "whatif-prompt" },
      fill(strings.decides, { player: decision.player_name, prompt: decision.prompt })));
    box.appendChild(html("p", { style: "margin: 2px 0 8px 0; font-size: 12px; color: #444" }, strings.intro));

    const controls = html("div", { style: "display: flex; gap: 8px; align-items: center; flex-wrap: wrap" });
    const label = html("label", { style: "font-size: 13px" }, `${strings.playouts} `);
    const input = html("input", { type: "number", min: 1, max: 100000, value: model.get("playouts"),
      "data-testid": "whatif-playouts", style: "width: 6em" });
    label.appendChild(input);
    const run = html("button", { "data-testid": "whatif-run" }, strings.run);
    run.disabled = status === "running";
    run.addEventListener("click", () => model.send({ type: "run", playouts: Number.parseInt(input.value, 10) }));
    const cancel = html("button", { "data-testid": "whatif-cancel" }, strings.cancel);
    cancel.disabled = status !== "running";
    cancel.addEventListener("click", () => model.send({ type: "cancel" }));
    controls.append(label, run, cancel);
    box.appendChild(controls);

    const total = model.get("total");
    if (status === "running" || total > 0) {
      const line = html("div", { style: "display: flex; gap: 8px; align-items: center; margin: 8px 0" });
      const bar = html("progress", { max: Math.max(total, 1), value: model.get("done"),
        "data-testid": "whatif-progress", style: "flex: 1" });
      line.append(bar, html("span", { style: "font-size: 12px" },
        fill(strings.progress, { done: model.get("done"), total })));
      box.appendChild(line);
    }
    const rows = model.get("rows");
    if (rows.length) box.appendChild(chart(model, rows, strings, decision));
    const message = model.get("message");
    if (message) {
      box.appendChild(html("p", { "data-testid": "whatif-message", role: "status",
        style: "margin: 6px 0 0 0; font-size: 12px" }, message));
    }
  };
  draw();
  for (const name of ["decision", "status", "done", "total", "rows", "message", "strings", "playouts"]) {
    model.on(`change:${name}`, draw);
  }
}

export default { render };

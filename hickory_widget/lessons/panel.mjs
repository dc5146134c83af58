// A page drawn by the kernel: the classroom's join form and the teacher's dashboard (lessons/panel.py).
// The kernel sends the page as escaped HTML; this module draws it, sends every click on [data-action] with the
// values of the page's named fields, sends Enter in a field as a click on [data-default], reads a chosen file
// as text, downloads what the kernel sends, and asks the kernel every `poll` seconds whether anything changed.

function fields(el) {
  const out = {};
  for (const input of el.querySelectorAll("input[name], select[name]")) {
    out[input.name] = input.type === "checkbox" ? (input.checked ? "on" : "off") : input.value;
  }
  return out;
}

function render({ model, el }) {
  el.classList.add("cl-panel");
  const page = document.createElement("div");
  const status = document.createElement("div");
  status.className = "cl-status";
  status.dataset.testid = "status";
  el.append(page, status);
  const draw = () => {
    page.innerHTML = model.get("html");
    for (const link of page.querySelectorAll("[data-link]")) {
      link.value = new URL(link.dataset.link, window.location.href).href;
    }
    const focus = page.querySelector("[autofocus]");
    if (focus) focus.focus();
  };
  const drawStatus = () => { status.textContent = model.get("status"); };
  model.on("change:html", draw);
  model.on("change:status", drawStatus);
  draw();
  drawStatus();
  const send = (target) => model.send({ type: target.dataset.action, arg: target.dataset.arg ?? null,
                                        fields: fields(page) });
  page.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target && page.contains(target) && target.tagName !== "INPUT") {
      event.preventDefault();
      send(target);
    }
  });
  page.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("input")) {
      const target = page.querySelector("[data-default]");
      if (target) {
        event.preventDefault();
        send(target);
      }
    }
  });
  page.addEventListener("change", async (event) => {
    const input = event.target;
    if (!input.matches("input[type=file][data-action]")) return;
    for (const file of input.files) {
      const text = await file.slice(0, 400_000).text();
      model.send({ type: input.dataset.action, arg: file.name.slice(0, 200), fields: { text } });
    }
    input.value = "";
  });
  model.on("msg:custom", (msg) => {
    if (msg.type !== "download") return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([msg.text], { type: msg.mime }));
    link.download = msg.name;
    page.append(link);
    link.click();
    link.remove();
  });
  // a button with data-key="r" is pressed by that key too (not while typing in a field)
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !/^[a-z]$/i.test(event.key)) return;
    if (event.target instanceof Element && event.target.matches("input, select, textarea")) return;
    const target = page.querySelector(`[data-key="${event.key.toLowerCase()}"]`);
    if (target && !target.disabled) {
      event.preventDefault();
      send(target);
    }
  };
  document.addEventListener("keydown", onKey);
  // "Anything new?" every `poll` seconds, one question at a time: the next is asked only after the kernel answered
  // the last ("polled"), so a busy kernel is never sent a queue of questions (a lost answer is given up after 15 s)
  let timer = null;
  let lost = null;
  let waiting = false;
  const next = () => {
    clearTimeout(timer);
    const seconds = model.get("poll");
    timer = seconds > 0 ? setTimeout(ask, seconds * 1000) : null;
  };
  const ask = () => {
    if (waiting) return;
    waiting = true;
    model.send({ type: "poll" });
    lost = setTimeout(() => { waiting = false; next(); }, 15000);
  };
  model.on("msg:custom", (msg) => {
    if (msg.type !== "polled") return;
    waiting = false;
    clearTimeout(lost);
    next();
  });
  model.on("change:poll", () => { if (!waiting) next(); });
  next();
  return () => {
    clearTimeout(timer);
    clearTimeout(lost);
    document.removeEventListener("keydown", onKey);
  };
}

export default { render };

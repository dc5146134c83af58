"""After ``jupyter lite build`` (used by scripts/lite.sh): the landing page, and nothing the site does not need.

The site's address opens the lessons, as the Voilà classroom app does: ``index.html`` sends the visitor to
JupyterLite's REPL app with the code hidden and ``lesson_page(<the address's query>)`` run at once
(:mod:`hickory_widget.lessons.static_page`), so ``…/?learner=ada&lang=it`` and ``?present=1`` work as under Voilà.
Everything else is at ``lab/``.

usage: python lite/finish.py SITE_DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LANDING = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Hickory Dickory lessons</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<!-- JupyterLite's apps read the site's root settings from this element (it must stay, empty) -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
  {}
</script>
<script>
  // The lessons, as the classroom app shows them: the address's ?learner=...&lang=...&present=1 is passed on.
  const query = new URLSearchParams(location.search).toString();
  // The console's own prompt and counters are hidden: the page is the lesson, as in the classroom app.
  const code = [
    "from IPython.display import HTML, display",
    "display(HTML('<style>.jp-CodeConsole-promptCell, .jp-CodeConsole-input, .jp-InputPrompt, " +
      ".jp-OutputPrompt, .jp-Toolbar, .jp-InputArea {display: none !important} " +
      "body, #main {background: #fff !important}</style>'))",
    "from hickory_widget.lessons.static_page import landing_page",
    "display(landing_page(" + JSON.stringify(query) + "))",
    // the console scrolls to its last output; the lesson starts at its task, so show its top once it is drawn
    "from IPython.display import Javascript",
    "Javascript('const top = setInterval(() => { const el = document.querySelector(\\"[data-testid=lesson]\\"); " +
      "if (el) { el.scrollIntoView(); clearInterval(top); } }, 200); setTimeout(() => clearInterval(top), 30000);')",
  ].join("\\n");
  // lessons=<language>: the REPL page says the lessons are loading, in that language, until the board is there
  const lang = new URLSearchParams(location.search).get("lang") || "en";
  const repl = new URLSearchParams({kernel: "python", toolbar: "0", showBanner: "0", hideCodeInput: "1",
                                    promptCellPosition: "bottom", code: code, lessons: lang});
  location.replace("repl/index.html?" + repl.toString());
</script>
</head>
<body>
<p>Opening the lessons&hellip; (they run in your browser; the first visit loads about %(mb)s MB).</p>
<p><a href="lab/index.html">All notebooks</a></p>
</body>
</html>
"""


LOADING = """<div id="hd-loading" role="status" data-testid="lessons-loading" style="display:none">
<p></p><div class="hd-bar"></div></div>
<style>
#hd-loading { position: fixed; inset: 0; z-index: 100000; background: #fff; color: #222;
  font: 18px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  flex-direction: column; align-items: center; justify-content: center; gap: 16px; padding: 24px;
  text-align: center; }
#hd-loading .hd-bar { width: min(320px, 80vw); height: 6px; border-radius: 3px; background:
  linear-gradient(90deg, #eee 0 30%, #8b5a2b 30% 50%, #eee 50%) 0 0 / 200% 100%;
  animation: hd-go 1.6s linear infinite; }
@keyframes hd-go { to { background-position: -200% 0; } }
@media (prefers-reduced-motion: reduce) { #hd-loading .hd-bar { animation: none; } }
</style>
<script>
(() => {
  // Only the lessons (index.html sends lessons=<language>): until the board, an error or the address's refusal is
  // drawn, a message says what is loading instead of a blank page.
  const asked = new URLSearchParams(location.search).get("lessons");
  if (!asked) return;
  const words = {
    en: "Loading the lessons\u2026 Python is starting in your browser; the first visit can take a minute.",
    it: "Caricamento delle lezioni\u2026 Python si sta avviando nel browser; "
      + "la prima visita pu\u00f2 richiedere un minuto.",
    de: "Die Lektionen werden geladen\u2026 Python startet im Browser; beim ersten Besuch kann das eine Minute dauern.",
  };
  const lang = words[asked] ? asked : "en";
  const box = document.getElementById("hd-loading");
  box.lang = lang;
  box.querySelector("p").textContent = words[lang];
  box.style.display = "flex";
  const there = "[data-testid=lesson] svg, [data-testid=lesson-board], [data-testid=address-error], "
    + ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']";
  const check = setInterval(() => {
    if (document.querySelector(there)) { clearInterval(check); box.remove(); }
  }, 150);
})();
</script>
"""
"""What the REPL page shows over JupyterLite's empty page while the lessons load (put before its ``</body>``)."""


def loading_message(root: Path) -> None:
    page = root / "repl" / "index.html"
    text = page.read_text(encoding="utf-8")
    if "</body>" not in text:
        sys.exit(f"{page}: no </body> to put the loading message before; update loading_message in lite/finish.py")
    if 'id="hd-loading"' not in text:
        page.write_text(text.replace("</body>", LOADING + "</body>", 1), encoding="utf-8")


SW_PASS = "shouldDrop(t,a)||(n=maybeFromCache(e))"
SW_NATIVE = "shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))"
"""JupyterLite's service worker answers the kernel's drive requests (the browser-stored files) and, with its cache
off (as here), passes every other request on with ``fetch``. Those it now leaves to the browser: the same request,
but answered from the browser's own cache, where Chromium also keeps the compiled code of pyodide.asm.wasm and of
the JavaScript bundles (a response a service worker hands over gets no such cache; measured: the second visit's
first board about 1 s sooner)."""


def lighter_service_worker(root: Path) -> None:
    sw = root / "service-worker.js"
    text = sw.read_text(encoding="utf-8")
    if SW_PASS not in text:
        sys.exit(f"{sw}: JupyterLite's service worker changed; update SW_PASS in lite/finish.py")
    sw.write_text(text.replace(SW_PASS, SW_NATIVE), encoding="utf-8")


def main(site: str) -> None:
    root = Path(site)
    lighter_service_worker(root)
    loading_message(root)
    total = sum(f.stat().st_size for f in root.rglob("*") if f.is_file())
    (root / "index.html").write_text(LANDING.replace("%(mb)s", f"{total / 1e6:.0f}"), encoding="utf-8")
    (root / ".nojekyll").write_text("")  # GitHub Pages: serve the folder as it is (no Jekyll, which drops _files)
    config = json.loads((root / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if settings.get("disablePyPIFallback") is not True or "static/pyodide/" not in settings.get("pyodideUrl", ""):
        sys.exit(f"the built site's kernel settings would fetch from another host: {settings}")


if __name__ == "__main__":
    main(*sys.argv[1:])

"""Builds the docs site (used by scripts/docs.sh): stages the pages, runs the notebooks, calls Sphinx, adds the
JupyterLite site and prints the build's time and size.

The sources stay where they are; the build copies them into a staging folder beside the output:
  README.md                   -> getting-started.md (its links to docs/*.md resolve as in the repository)
  docs/*.md                   -> docs/*.md
  docs/site/*.md              -> the site's own pages (index, guides, API, live site)
  examples/*.ipynb            -> notebooks/en/*.ipynb, run here (outputs kept; the widgets' static SVG pictures)
  examples/it, examples/de    -> notebooks/it, notebooks/de when those folders exist
  explain() of every rule id  -> rules/en.md, rules/it.md, rules/de.md (an anchor per id: rules/en.html#R48)
The JupyterLite build (build/lite from scripts/lite.sh, or LITE=path) is copied to SITE/lite, and every notebook
page links to (and can embed) its live copy there.

usage: python docs/site/make_site.py OUT [--lite PATH] [--no-execute]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE_SRC = Path(__file__).resolve().parent
LANGUAGES = {"en": "English", "it": "Italiano", "de": "Deutsch"}
RULE_TITLES = {"en": "The rules in our words", "it": "Le regole in parole nostre", "de": "Die Regeln in unseren Worten"}
RULE_INTRO = {
    "en": "Every rule id the engine names in its events, badges and why-not answers, explained in plain words "
          "(R: the rulebook's rules, Q: its rulings, H: the project's own rulings, docs/RULINGS.md).",
    "it": "Ogni identificativo di regola che il motore cita negli eventi, nei badge e nelle risposte «perché no», "
          "spiegato con parole semplici (R: le regole del regolamento, Q: i suoi chiarimenti, H: le decisioni del "
          "progetto, docs/RULINGS.md).",
    "de": "Jede Regelnummer, die die Engine in Ereignissen, Abzeichen und Warum-nicht-Antworten nennt, in einfachen "
          "Worten erklärt (R: die Regeln der Anleitung, Q: ihre Klarstellungen, H: die Entscheidungen des Projekts, "
          "docs/RULINGS.md).",
}
GROUPS = {"R": {"en": "Rules", "it": "Regole", "de": "Regeln"},
          "Q": {"en": "Rulings", "it": "Chiarimenti", "de": "Klarstellungen"},
          "H": {"en": "Project rulings", "it": "Decisioni del progetto", "de": "Entscheidungen des Projekts"}}
LIVE = {"en": "Open this notebook live in your browser (JupyterLite)",
        "it": "Apri questo notebook dal vivo nel browser (JupyterLite)",
        "de": "Dieses Notebook live im Browser öffnen (JupyterLite)"}
RUN_HERE = {"en": "Run it here", "it": "Eseguilo qui", "de": "Hier ausführen"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def rules_page(language: str) -> str:
    """The rules page of ``language``: one entry per explained id, each with the anchor ``#<id>``."""
    from hickory_widget.hickory.words.explain import explain, explained_ids

    lines = [f"# {RULE_TITLES[language]}", "", RULE_INTRO[language], ""]
    lines += ["  ·  ".join(f"[{name}]({code}.md)" for code, name in LANGUAGES.items()), ""]
    group = None
    for rid in explained_ids(language):
        if rid[0] != group:
            group = rid[0]
            lines += [f"## {GROUPS[group][language]}", ""]
        text = explain(rid, language).replace("\n", " ")
        # the id's own anchor (uppercase, as events name it), then the explanation as text (searchable; the ids in
        # it are linked by the site's rule_links extension like everywhere else)
        lines += [f'<span class="rule-anchor" id="{rid}"></span>**{rid}** {markdown_escape(text)}', ""]
    return "\n".join(lines)


def markdown_escape(text: str) -> str:
    """``text`` shown as it is by MyST (no emphasis, links or HTML made of its characters)."""
    return re.sub(r"([\\`*_{}\[\]<>#|!$~])", r"\\\1", text)


def notebook_sets() -> dict[str, Path]:
    """The example notebooks' folders by language: examples/ is English, examples/it and examples/de if present."""
    sets = {"en": ROOT / "examples"}
    for code in ("it", "de"):
        if sorted((ROOT / "examples" / code).glob("*.ipynb")):
            sets[code] = ROOT / "examples" / code
    return sets


def package_digest() -> str:
    """A digest of the package's sources: a notebook's cached run is reused only while they are unchanged."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "hickory_widget").rglob("*")):
        if path.is_file() and path.suffix in {".py", ".po", ".json", ".mjs", ".css"}:
            h.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    for path in sorted((ROOT / "js").rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return h.hexdigest()


def run_notebook(path: Path, cache: Path, digest: str, execute: bool) -> tuple[dict, float, bool]:
    """The notebook with its outputs (run on a fresh kernel in its own folder, or from the cache); seconds taken."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    text = path.read_text(encoding="utf-8")
    key = hashlib.sha256((digest + text).encode()).hexdigest()[:20]
    cached = cache / f"{path.stem}.{key}.ipynb"
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8")), 0.0, True
    nb = nbformat.reads(text, as_version=4)
    t0 = time.perf_counter()
    if execute:
        # kernels over IPC (files in a private folder), not TCP: no port another process can take meanwhile
        with tempfile.TemporaryDirectory() as sockets:
            km = KernelManager(kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "kernel"))
            NotebookClient(nb, km=km, timeout=600, kernel_name="python3",
                           resources={"metadata": {"path": str(path.parent)}}).execute()
    data = json.loads(nbformat.writes(nb))
    seconds = time.perf_counter() - t0
    if execute:
        cache.mkdir(parents=True, exist_ok=True)
        for old in cache.glob(f"{path.stem}.*.ipynb"):
            old.unlink()
        cached.write_text(json.dumps(data), encoding="utf-8")
    return data, seconds, False


def static_outputs(nb: dict) -> dict:
    """The notebook as a page shows it without a kernel: widget views give way to their static picture (SVG or
    HTML), widget state is dropped (it would make the page load a widget manager from a CDN)."""
    nb.get("metadata", {}).pop("widgets", None)
    nb["nbformat"], nb["nbformat_minor"] = 4, max(5, nb.get("nbformat_minor", 5))
    for i, cell in enumerate(nb["cells"]):
        cell.setdefault("id", f"cell-{i}")
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                if set(data) <= {"text/plain"}:  # a widget without a picture: say so rather than its repr
                    data["text/plain"] = "(an interactive widget: run the notebook to use it)"
    return nb


def live_cell(nb: dict, name: str, language: str, lite_url: str | None) -> dict:
    """The first cell of a notebook page: the link to its live copy, and the live copy itself on demand; a title
    for a notebook without one (an app such as 06_lessons)."""
    import nbformat

    titled = any(cell["cell_type"] == "markdown" and re.match(r"\s*# ", "".join(cell["source"]))
                 for cell in nb["cells"])
    text = "" if titled else f"# {name[:2]} · {name[3:].replace('_', ' ').capitalize()}\n\n"
    if lite_url is not None:
        text += (f'<p class="live-link"><a href="{lite_url}">▶ {LIVE[language]}</a></p>\n\n'
                f'<details class="live-embed"><summary>{RUN_HERE[language]}</summary>'
                f'<iframe loading="lazy" src="{lite_url}" title="JupyterLite" '
                f'style="width:100%;height:70vh;border:1px solid #ccc"></iframe></details>\n')
    return json.loads(nbformat.writes(nbformat.v4.new_markdown_cell(text)))


def stage(src: Path, lite: Path | None, execute: bool, cache: Path,
          run_languages: tuple[str, ...] = tuple(LANGUAGES)) -> dict[str, float]:
    """Writes the Sphinx source tree into ``src``; the seconds each notebook took to run."""
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")  # the README, titled as the site's first page
    (src / "getting-started.md").write_text(re.sub(r"\A# .*", "# Getting started", readme), encoding="utf-8")
    (src / "docs").mkdir()
    for path in sorted((ROOT / "docs").glob("*.md")):
        shutil.copy(path, src / "docs" / path.name)
    for path in sorted(SITE_SRC.glob("*.md")):
        shutil.copy(path, src / path.name)
    # a guide in docs/ that guides.md does not list yet still gets its page, under "More"
    guides = (src / "guides.md").read_text(encoding="utf-8")
    unlisted = [p.stem for p in sorted((ROOT / "docs").glob("*.md"))
                if not re.search(rf"^docs/{p.stem}$", guides, re.M)]
    if unlisted:
        more = ["", "```{toctree}", ":maxdepth: 1", ":caption: More", "", *(f"docs/{n}" for n in unlisted), "```", ""]
        (src / "guides.md").write_text(guides + "\n".join(more), encoding="utf-8")
    for name in ("CHANGELOG.md", "LICENSE"):  # the README links to them
        shutil.copy(ROOT / name, src / name)
    (src / "rules").mkdir()
    for code in LANGUAGES:
        (src / "rules" / f"{code}.md").write_text(rules_page(code), encoding="utf-8")

    digest, times = package_digest(), {}
    toc = []
    for code, folder in notebook_sets().items():
        out = src / "notebooks" / code
        out.mkdir(parents=True)
        names = []
        for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            nb, seconds, hit = run_notebook(path, cache / code, digest, execute and code in run_languages)
            times[f"{code}/{path.name}"] = seconds
            print(f"    {code}/{path.name}: {'cached' if hit else f'{seconds:.1f} s'}", flush=True)
            rel = path.relative_to(ROOT).as_posix()  # examples/00_x.ipynb, examples/it/00_x.ipynb
            in_lite = lite is not None and (lite / "files" / rel).exists()
            url = f"../../lite/lab/index.html?path={rel}" if in_lite else None
            nb = static_outputs(nb)
            nb["cells"].insert(0, live_cell(nb, path.stem, code, url))
            nb.setdefault("metadata", {})["mystnb"] = {"execution_mode": "off"}
            (out / path.name).write_text(json.dumps(nb), encoding="utf-8")
            names.append(path.stem)
        index = [f"# {LANGUAGES[code]}", "", "```{toctree}", ":maxdepth: 1", "", *names, "```", ""]
        (out / "index.md").write_text("\n".join(index), encoding="utf-8")
        toc.append(f"{code}/index")
    (src / "notebooks" / "index.md").write_text("\n".join(
        ["# Notebooks", "", "The example notebooks, run when the site was built, with the widgets' static pictures. "
         "Each page links to its live copy in the JupyterLite site, where it runs in your browser.", "",
         "```{toctree}", ":maxdepth: 2", "", *toc, "```", ""]), encoding="utf-8")
    return times


def folder_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the site's folder (replaced)")
    parser.add_argument("--lite", type=Path, default=None, help="a JupyterLite build to embed (scripts/lite.sh)")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "cache" / "docs",
                        help="where run notebooks are kept between builds")
    parser.add_argument("--no-execute", action="store_true", help="show the notebooks without running them")
    parser.add_argument("--run", default=",".join(LANGUAGES),
                        help="the languages whose notebooks are run (the others are shown without outputs); "
                             "default: all")
    args = parser.parse_args()
    out = args.out.resolve()
    lite = args.lite.resolve() if args.lite else None
    if lite is not None and not (lite / "index.html").exists():
        sys.exit(f"error: {lite} is no JupyterLite build (no index.html): build one with bash scripts/lite.sh")
    t0 = time.perf_counter()
    src = out.parent / (out.name + ".src")
    print(f"==> staging pages in {src}", flush=True)
    run = tuple(code for code in args.run.split(",") if code)
    unknown = [code for code in run if code not in LANGUAGES]
    if unknown:
        sys.exit(f"error: --run takes languages among {', '.join(LANGUAGES)}, not {', '.join(unknown)}")
    times = stage(src, lite, not args.no_execute, args.cache.resolve(), run)
    t_stage = time.perf_counter() - t0
    print("==> sphinx-build", flush=True)
    if out.exists():
        shutil.rmtree(out)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(":")}
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W",
                    "--keep-going", "-c", str(SITE_SRC), "-d", str(src / ".doctrees"), str(src), str(out)],
                   check=True, env=env)
    t_sphinx = time.perf_counter() - t0 - t_stage
    (out / ".nojekyll").write_text("")
    files, size = folder_size(out)
    if lite is not None:
        shutil.copytree(lite, out / "lite")
    total = time.perf_counter() - t0
    lite_files, lite_size = folder_size(out / "lite") if lite is not None else (0, 0)
    report = {"seconds_total": round(total, 1), "seconds_staging_and_notebooks": round(t_stage, 1),
              "seconds_sphinx": round(t_sphinx, 1), "notebook_seconds": {k: round(v, 1) for k, v in times.items()},
              "docs_files": files, "docs_bytes": size, "lite_files": lite_files, "lite_bytes": lite_size}
    (out.parent / (out.name + ".build.json")).write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(f"==> built {out} in {total:.1f} s (notebooks and staging {t_stage:.1f} s, Sphinx {t_sphinx:.1f} s): "
          f"{files} files, {size / 1e6:.1f} MB" + (f"; with lite/ {lite_files} more files, {lite_size / 1e6:.1f} MB"
                                                   if lite is not None else "; no JupyterLite site embedded"))


if __name__ == "__main__":
    main()

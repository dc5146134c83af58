"""The docs site (``bash scripts/docs.sh``) builds from the repository and holds together offline: every page the
site promises exists, every internal link and anchor resolves, every rule id the engine explains has its anchor on
the rules page of each language, no page loads a script, style sheet, picture or frame from another host, the API
reference names the API, the notebooks show their static pictures, and each notebook page opens its live copy in
the embedded JupyterLite site.

The site is built once per test run into a temporary folder (the notebooks run afresh: no cache is shared with
``build/``). The JupyterLite site embedded is ``build/lite`` when scripts/lite.sh has built it (or
``$HICKORY_DOCS_LITE``); otherwise a stand-in with JupyterLite's layout (its landing page, ``lab/index.html`` and
the notebooks as ``lite/notebooks.py`` writes them), so the embedding links are checked either way. A notebook
the lite site does not carry (an Italian or German one, say) gets no live link; every English one must have its
own. The build's time and size are printed (``-s``) and written next to the site as ``docs.build.json``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from hickory_widget.hickory.words.explain import explained_ids

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "it", "de")
ASSET_TAGS = {"script": "src", "link": "href", "img": "src", "iframe": "src", "source": "src", "embed": "src",
              "audio": "src", "video": "src"}


def notebook_sets() -> dict[str, list[Path]]:
    sets = {"en": sorted((ROOT / "examples").glob("[0-9][0-9]_*.ipynb"))}
    for code in ("it", "de"):
        found = sorted((ROOT / "examples" / code).glob("[0-9][0-9]_*.ipynb"))
        if found:
            sets[code] = found
    return sets


def stand_in_lite(folder: Path) -> Path:
    """A folder with JupyterLite's layout, as scripts/lite.sh writes it (its notebooks by lite/notebooks.py)."""
    (folder / "lab").mkdir(parents=True)
    (folder / "index.html").write_text("<!doctype html><title>lessons</title>", encoding="utf-8")
    (folder / "lab" / "index.html").write_text("<!doctype html><title>lab</title>", encoding="utf-8")
    subprocess.run([sys.executable, str(ROOT / "lite" / "notebooks.py"), str(ROOT / "examples"), str(folder / "files")],
                   check=True)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("docs")
    lite = Path(os.environ.get("HICKORY_DOCS_LITE", ROOT / "build" / "lite"))
    if not (lite / "index.html").exists():
        lite = stand_in_lite(tmp / "lite-stand-in")
    out = tmp / "docs"
    # the English notebooks are run for the site; the Italian and German ones are shown as they are (each is run by
    # tests/test_notebooks.py already: running them twice cost ten minutes of the suite)
    env = {**os.environ, "DOCS_PYTHON": sys.executable, "OUT": str(out), "LITE": str(lite),
           "DOCS_CACHE": str(tmp / "cache"), "DOCS_RUN": "en"}
    t0 = time.perf_counter()
    done = subprocess.run(["bash", str(ROOT / "scripts" / "docs.sh")], env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    assert done.returncode == 0, f"scripts/docs.sh failed:\n{done.stdout[-4000:]}\n{done.stderr[-8000:]}"
    figures = json.loads((tmp / "docs.build.json").read_text())
    print(f"\ndocs site built in {seconds:.1f} s (the script's own count: {figures['seconds_total']} s; notebooks "
          f"and staging {figures['seconds_staging_and_notebooks']} s, Sphinx {figures['seconds_sphinx']} s); "
          f"{figures['docs_files']} files, {figures['docs_bytes'] / 1e6:.1f} MB without lite/, "
          f"lite/ {figures['lite_files']} files, {figures['lite_bytes'] / 1e6:.1f} MB"
          f"\nnotebook run times (s): {figures['notebook_seconds']}")
    return out.resolve()


class Page(HTMLParser):
    """The ids of a page, its links (tag, attribute, value) and its rule links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []
        self.rule_links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for key in ("id", "name") if tag == "a" else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        for attr in ("href", "src"):
            if attr in a:
                self.links.append((tag, attr, a[attr]))
        if tag == "a" and "rule-link" in a.get("class", "").split():
            self.rule_links.append(a.get("href", ""))


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[Path, Page]:
    parsed = {}
    for path in site.rglob("*.html"):
        if "lite" in path.relative_to(site).parts[:1]:
            continue  # JupyterLite's own pages are its build's business (tests/browser/test_lite.py)
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[path.resolve()] = page
    return parsed


def test_every_promised_page_exists(site: Path) -> None:
    wanted = ["index.html", "getting-started.html", "api.html", "live.html", "static-site.html", "guides.html",
              "docs/LESSONS.html", "docs/CLASSROOM.html", "docs/CORE.html", "notebooks/index.html",
              *(f"rules/{code}.html" for code in LANGUAGES), "lite/index.html", "lite/lab/index.html"]
    for code, paths in notebook_sets().items():
        wanted += [f"notebooks/{code}/index.html", *(f"notebooks/{code}/{p.stem}.html" for p in paths)]
    missing = [name for name in wanted if not (site / name).is_file()]
    assert not missing, f"pages missing from the site: {missing}"


def test_every_internal_link_and_anchor_resolves(site: Path, pages: dict[Path, Page]) -> None:
    broken, anchors = [], 0
    for path, page in pages.items():
        for tag, attr, value in page.links:
            parts = urlsplit(value)
            if parts.scheme or value.startswith("//") or value.startswith("mailto:"):
                continue
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site)}: <{tag} {attr}={value!r}>"
            if not target.exists():
                broken.append(f"{where} (no file {target})")
            elif parts.fragment and target.suffix == ".html" and "lite" not in target.relative_to(site).parts[:1]:
                anchors += 1
                if unquote(parts.fragment) not in pages[target].ids:
                    broken.append(f"{where} (no id {parts.fragment!r} in {target.relative_to(site)})")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:40])
    assert anchors > 500, f"only {anchors} links with an anchor were checked"


def test_no_asset_comes_from_another_host(pages: dict[Path, Page], site: Path) -> None:
    outside = [f"{path.relative_to(site)}: <{tag} {attr}={value!r}>" for path, page in pages.items()
               for tag, attr, value in page.links
               if ASSET_TAGS.get(tag) == attr and re.match(r"(https?:)?//", value.strip(), re.I)]
    assert not outside, "pages load assets from other hosts:\n" + "\n".join(outside[:20])
    css = [p for p in site.rglob("*.css") if "lite" not in p.relative_to(site).parts[:1]]
    remote = [f"{p.relative_to(site)}: {m}" for p in css
              for m in re.findall(r"(?:@import|url\()\s*['\"]?(?:https?:)?//[^'\")\s]+", p.read_text("utf-8"))]
    assert not remote, "style sheets load from other hosts (fonts?):\n" + "\n".join(remote[:20])


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_rule_id_has_its_anchor_on_the_rules_page(language: str, site: Path, pages: dict[Path, Page]) -> None:
    page = pages[(site / "rules" / f"{language}.html").resolve()]
    ids = explained_ids(language)
    assert {"R1", "R48", "R40a", "Q7", "H3"} <= set(ids)
    missing = [rid for rid in ids if rid not in page.ids]
    assert not missing, f"rules/{language}.html lacks anchors for {missing}"


def test_rule_ids_in_the_other_pages_link_to_their_explanation(site: Path, pages: dict[Path, Page]) -> None:
    rulings = pages[(site / "docs" / "RULINGS.html").resolve()].rule_links
    assert "../rules/en.html#H1" in rulings, f"docs/RULINGS.html's rule links: {rulings[:10]}"
    linked = sum(len(p.rule_links) for p in pages.values())
    assert linked > 100, f"only {linked} rule ids are linked across the site"
    for code in notebook_sets():
        if code != "en":  # a notebook in Italian links to the Italian explanations
            hrefs = [h for path, p in pages.items() if f"/notebooks/{code}/" in path.as_posix() for h in p.rule_links]
            assert all(f"rules/{code}.html#" in h for h in hrefs), hrefs[:5]


def test_the_api_reference_names_the_api(site: Path, pages: dict[Path, Page]) -> None:
    ids = pages[(site / "api.html").resolve()].ids
    for name in ["hickory_widget.hickory.game.Game.new", "hickory_widget.core.runner.GameRunner.choose",
                 "hickory_widget.hickory.builder.Position", "hickory_widget.hickory.widget.HickoryWidget",
                 "hickory_widget.core.whatif.compare", "hickory_widget.core.review.review",
                 "hickory_widget.hickory.analysis.bots.GreedyBot", "hickory_widget.lessons.curriculum",
                 "hickory_widget.lessons.widget.LessonWidget", "hickory_widget.clocktowers.ClocktowersGame",
                 "hickory_widget.mice.MiceGame"]:
        assert name in ids, f"api.html does not document {name}"


def test_the_notebooks_show_their_static_pictures(site: Path, pages: dict[Path, Page]) -> None:
    """The widgets' outputs are shown by their static SVG picture (a kernel-less page has no live widget)."""
    for code, paths in notebook_sets().items():
        for path in paths:
            page = site / "notebooks" / code / f"{path.stem}.html"
            text = page.read_text(encoding="utf-8")
            assert "Traceback (most recent call last)" not in text, f"{code}/{path.name} shows an error"
            assert "application/vnd.jupyter.widget" not in text, f"{code}/{path.name} wants a widget manager"
    page = (site / "notebooks" / "en" / "00_quickstart.html").resolve()
    pictures = [(page.parent / v).resolve() for tag, _, v in pages[page].links if tag == "img" and v.endswith(".svg")]
    assert pictures, "00_quickstart's page shows no picture"
    boards = [p for p in pictures if "<title id=\"hw-title\">Hickory Dickory board" in p.read_text(encoding="utf-8")]
    assert boards, "none of 00_quickstart's pictures is the board"


def test_every_notebook_page_opens_its_live_copy(site: Path) -> None:
    """Each notebook the JupyterLite site carries is linked and embedded from its page; the English ones all are."""
    for code, paths in notebook_sets().items():
        for path in paths:
            rel = path.relative_to(ROOT).as_posix()
            text = (site / "notebooks" / code / f"{path.stem}.html").read_text(encoding="utf-8")
            url = f"../../lite/lab/index.html?path={rel}"
            if code == "en":
                assert (site / "lite" / "files" / rel).is_file(), f"lite/files/{rel} is missing"
            if (site / "lite" / "files" / rel).is_file():
                assert f'href="{url}"' in text and f'src="{url}"' in text, f"{code}/{path.name}: no live link"
            else:
                assert "lite/lab/index.html" not in text, f"{code}/{path.name} links to a notebook lite/ lacks"

"""Local copies of the CDN files an exported widget page loads, for browser tests that must not touch the network.

A page written by ``ipywidgets.embed.embed_minimal_html`` loads require.js from cdnjs, the widget manager
(``@jupyter-widgets/html-manager``) from jsDelivr, and then, through require.js, each widget's JavaScript module
(for us ``anywidget``) from jsDelivr too. This machine cannot reach those CDNs, so :class:`LocalCDN` answers
those requests (through Playwright's ``page.route``) from the npm tarballs of the same packages, fetched once
with ``npm pack`` and kept unpacked in a cache directory:

* ``$HICKORY_NPM_CACHE`` if set, else ``$XDG_CACHE_HOME/hickory-widget/npm`` (``~/.cache/hickory-widget/npm``).

The versions are pinned in :data:`PINS`, keyed by what the page asks for, so that the test is reproducible.
When an upgrade of ipywidgets or anywidget makes the page ask for something else, the test says which pin to
add instead of quietly serving a mismatched file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REQUIRED = os.environ.get("HICKORY_E2E") == "1"
NPM_TIMEOUT = 180.0  # seconds for one `npm pack`; about 1 s each is usual

PINS: dict[str, str] = {
    # what the page asks for (package@range, as in the CDN's URL) -> the npm package served for it
    "require.js@2.3.4": "requirejs@2.3.4",  # cdnjs.cloudflare.com/ajax/libs/require.js/2.3.4/require.min.js
    "@jupyter-widgets/html-manager@^1.0.1": "@jupyter-widgets/html-manager@1.0.15",  # ipywidgets 8.1
    "anywidget@~0.11.*": "anywidget@0.11.0",  # the anywidget 0.11 Python package's _model_module_version
    # what nbconvert's default HTML template asks for (a notebook exported with its widget state)
    "require.js@2.1.10": "requirejs@2.1.10",  # cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js
    "@jupyter-widgets/html-manager@*": "@jupyter-widgets/html-manager@1.0.15",  # unpkg.com/...@*/dist/embed-amd.js
}
OPTIONAL = re.compile(r"^https://cdnjs\.cloudflare\.com/ajax/libs/mathjax/")
"""Requests a page may make that a test need not serve (nbconvert's pages load MathJax for formulas)."""
KEEP = re.compile(r"^package/(package\.json|require\.js|dist/.*)$")
"""The files kept from each tarball: what the pages load (html-manager's whole tarball is 18 MB unpacked)."""

CDNJS = re.compile(r"^https://cdnjs\.cloudflare\.com/ajax/libs/(?P<name>[^/]+)/(?P<range>[^/]+)/(?P<path>.+)$")
UNPKG = re.compile(r"^https://unpkg\.com/(?P<name>(?:@[^/]+/)?[^/@]+)@(?P<range>[^/]+)/(?P<path>.+)$")
JSDELIVR = re.compile(r"^https://cdn\.jsdelivr\.net/npm/(?P<name>(?:@[^/]+/)?[^/@]+)@(?P<range>[^/]+)/(?P<path>.+)$")
CDNJS_FILES = {"require.min.js": "require.js"}  # cdnjs serves a minified build; the npm package has the source
CONTENT_TYPES = {".js": "application/javascript", ".css": "text/css", ".json": "application/json",
                 ".svg": "image/svg+xml", ".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf",
                 ".eot": "application/vnd.ms-fontobject", ".map": "application/json"}


class AssetsUnavailable(Exception):
    """npm is missing, or a package could not be fetched or unpacked."""


def unavailable(message: str) -> None:
    """Skips the test, or fails it when the browser tests are required (HICKORY_E2E=1, as in CI)."""
    if REQUIRED:
        pytest.fail(f"{message} (HICKORY_E2E=1 makes the browser tests required)", pytrace=False)
    pytest.skip(message)


def cache_dir() -> Path:
    if os.environ.get("HICKORY_NPM_CACHE"):
        return Path(os.environ["HICKORY_NPM_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "hickory-widget" / "npm"


def package_dir(spec: str, cache: Path | None = None) -> Path:
    """The unpacked ``package/`` of an exact npm spec (``name@version``), fetched with ``npm pack`` if not cached."""
    cache = cache or cache_dir()
    target = cache / spec.replace("/", "+")
    if (target / "package" / "package.json").is_file():
        return target / "package"
    npm = shutil.which("npm")
    if npm is None:
        raise AssetsUnavailable(f"npm is not on PATH, so {spec} cannot be fetched; "
                                "install Node.js and npm (Debian: apt-get install -y npm)")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".fetch-") as tmp:
        try:
            result = subprocess.run([npm, "pack", spec, "--json", "--pack-destination", tmp], cwd=tmp,
                                    capture_output=True, text=True, timeout=NPM_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise AssetsUnavailable(f"`npm pack {spec}` took more than {NPM_TIMEOUT:.0f} s") from None
        if result.returncode != 0:
            raise AssetsUnavailable(f"`npm pack {spec}` failed with code {result.returncode}:\n"
                                    f"{(result.stderr or result.stdout).strip()[-2000:]}")
        try:
            tarball = Path(tmp) / json.loads(result.stdout)[0]["filename"]
        except (ValueError, LookupError, TypeError):
            tarballs = list(Path(tmp).glob("*.tgz"))
            if len(tarballs) != 1:
                raise AssetsUnavailable(f"`npm pack {spec}` wrote no tarball; it said:\n{result.stdout[-2000:]}"
                                        ) from None
            tarball = tarballs[0]
        unpacked = Path(tmp) / "unpacked"
        try:
            with tarfile.open(tarball) as archive:
                members = [m for m in archive.getmembers()
                           if m.isfile() and KEEP.match(m.name) and ".." not in m.name.split("/")]
                if hasattr(tarfile, "data_filter"):  # Python >= 3.10.12 / 3.11.4
                    archive.extractall(unpacked, members=members, filter="data")
                else:
                    archive.extractall(unpacked, members=members)
        except (OSError, tarfile.TarError) as error:
            raise AssetsUnavailable(f"could not unpack {tarball.name} from `npm pack {spec}`: {error}") from None
        if not (unpacked / "package" / "package.json").is_file():
            raise AssetsUnavailable(f"the tarball of {spec} has no package/package.json")
        try:
            unpacked.rename(target)  # atomic: a half-unpacked package is never seen as cached
        except OSError:
            if not (target / "package" / "package.json").is_file():  # not a concurrent run that got there first
                raise
    return target / "package"


def requested_spec(url: str) -> tuple[str, str] | None:
    """``("package@range", "path/in/package")`` for a CDN URL the pages use, else None."""
    match = CDNJS.match(url) or JSDELIVR.match(url) or UNPKG.match(url)
    if match is None:
        return None
    name, version_range = (urllib.parse.unquote(match[g]) for g in ("name", "range"))
    path = urllib.parse.unquote(match["path"].split("?")[0])
    if match.re is CDNJS:
        path = CDNJS_FILES.get(path, path)
    return f"{name}@{version_range}", path


@dataclass
class LocalCDN:
    """Answers the pages' CDN requests from the cached npm packages; every other web request is refused.

    ``served`` lists the URLs answered (with the file that answered them), ``refused`` the ones that were not
    (with why): a test asserts ``refused`` is empty, so that a page that needs something new says what.
    """

    cache: Path = field(default_factory=cache_dir)
    served: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def fetch_all(self) -> None:
        """Makes sure every pinned package is cached; skips or fails (HICKORY_E2E=1) the test if it cannot."""
        problem = None
        try:
            for spec in PINS.values():
                package_dir(spec, self.cache)
        except AssetsUnavailable as error:
            problem = str(error)
        if problem is not None:  # outside the except block, so the report shows no chained traceback
            unavailable(f"the exported-page test needs local copies of its CDN files: {problem}")

    def route(self, page: Any) -> None:
        """Routes every http(s) request of ``page`` (file:// pages and their file:// loads are left alone)."""
        page.route(re.compile(r"^https?://"), self._answer)

    def _answer(self, route: Any) -> None:
        url = route.request.url
        if OPTIONAL.match(url):
            route.abort("blockedbyclient")
            return
        requested = requested_spec(url)
        if requested is None:
            self.refused.append(f"{url} (not a CDN file this test knows; no network in the browser tests)")
            route.abort("blockedbyclient")
            return
        wanted, path = requested
        if wanted not in PINS:
            self.refused.append(f"{url}: the page asks for {wanted}, which tests/browser/assets.py does not pin; "
                                f"add it to PINS (the version the CDN would serve: npm view '{wanted}' version)")
            route.abort("blockedbyclient")
            return
        root = package_dir(PINS[wanted], self.cache)
        file = (root / path).resolve()
        if root.resolve() not in file.parents or not file.is_file():
            self.refused.append(f"{url}: {PINS[wanted]} has no {path} (kept: package.json, require.js, dist/)")
            route.fulfill(status=404, body=f"not in {PINS[wanted]}: {path}",
                          headers={"Access-Control-Allow-Origin": "*"})
            return
        self.served.append(f"{url} <- {PINS[wanted]}/{path}")
        route.fulfill(status=200, body=file.read_bytes(), headers={
            "Content-Type": CONTENT_TYPES.get(file.suffix, "application/octet-stream"),
            "Access-Control-Allow-Origin": "*",  # the page is file://, the scripts crossorigin="anonymous"
        })


def strip_integrity(html: str) -> str:
    """Drops the pages' subresource-integrity hashes, which the local copies (unminified require.js) don't match."""
    return re.sub(r"""\s+integrity=(?:"[^"]*"|'[^']*')""", "", html)

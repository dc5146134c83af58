"""Builds the widgets' front ends: each entry module in ``js/widgets/`` (with the modules it imports and the CSS it
imports) bundled by esbuild into ``<out>/<name>.js`` and ``<out>/<name>.css``, the ``_esm`` and ``_css`` of one
widget (``hickory_widget/core/frontend.py``).

    python scripts/build_js.py                    dev bundles (inline source maps) into hickory_widget/static/
    python scripts/build_js.py --watch            the same, rebuilt on every save (ANYWIDGET_HMR=1 reloads the widget)
    python scripts/build_js.py --release --out D  the wheel's bundles (minified, no source maps) into D
    --source DIR                                  another copy of js/ (tests/browser/test_hmr.py edits one)

esbuild comes from npm (pinned, :data:`ESBUILD_VERSION`), installed once into the project's npm cache next to
ESLint (``$HICKORY_NPM_CACHE`` or ``~/.cache/hickory-widget/npm``), never into the tree. Standard library only:
the wheel's build hook (``hatch_build.py``) runs it in pip's isolated build environment.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = ROOT / "js" / "widgets"
DEV_OUT = ROOT / "hickory_widget" / "static"
ESBUILD_VERSION = "0.28.2"
TARGET = "es2020"  # JupyterLab 4's browsers; Pyodide's site runs in the same ones


def npm_cache() -> Path:
    """The folder scripts/test.sh installs the npm tools into (ESLint, esbuild, the hub's proxy)."""
    if os.environ.get("HICKORY_NPM_CACHE"):
        return Path(os.environ["HICKORY_NPM_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hickory-widget" / "npm"


def esbuild() -> Path:
    """esbuild's executable at the pinned version, installed from npm on first use."""
    folder = npm_cache() / "esbuild"
    exe = folder / "node_modules" / ".bin" / "esbuild"
    if exe.exists() and _version(exe) == ESBUILD_VERSION:
        return exe
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("error: building the widgets' front end needs esbuild from npm, and npm is not installed. Install "
                 "Node.js (18 or later) with npm, then run this again (installing a built wheel needs neither).")
    print(f"==> installing esbuild {ESBUILD_VERSION} from npm into {folder}", file=sys.stderr)
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(folder), f"esbuild@{ESBUILD_VERSION}"],
                   check=True, stdout=subprocess.DEVNULL)
    if _version(exe) != ESBUILD_VERSION:
        sys.exit(f"error: npm did not install esbuild {ESBUILD_VERSION} into {folder}")
    return exe


def _version(exe: Path) -> str:
    try:
        return subprocess.run([str(exe), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def entries(source: Path | None = None) -> list[Path]:
    return sorted((source / "widgets" if source else ENTRIES).glob("*.mjs"))


def command(out: Path, *, release: bool, watch: bool = False, source: Path | None = None,
            metafile: Path | None = None) -> list[str]:
    args = [str(esbuild()), *map(str, entries(source)), "--bundle", "--format=esm", f"--target={TARGET}",
            f"--outdir={out}", "--charset=utf8", "--log-level=warning", "--legal-comments=none"]
    if metafile is not None:  # which source modules went into which bundle (tests/test_frontend.py reads it)
        args.append(f"--metafile={metafile}")
    # release: minified, no source map (the wheel, the static site, exported HTML); dev: readable, with an inline
    # source map (a widget's module is a string in the page, so a map beside it could not be fetched)
    args += ["--minify"] if release else ["--sourcemap=inline"]
    if watch:
        args += ["--watch=forever", "--log-level=info"]
    return args


def build(out: Path, *, release: bool, source: Path | None = None,
          metafile: Path | None = None) -> dict[str, tuple[int, int]]:
    """Builds every bundle into ``out``; returns {file name: (bytes, gzipped bytes)}."""
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.js"), *out.glob("*.css")]:
        old.unlink()
    subprocess.run(command(out, release=release, source=source, metafile=metafile), check=True, cwd=ROOT)
    return {p.name: (p.stat().st_size, len(gzip.compress(p.read_bytes(), 9)))
            for p in sorted([*out.glob("*.js"), *out.glob("*.css")])}


def bundle_inputs(metafile: Path) -> dict[str, set[str]]:
    """{bundle name: the js/ modules in it, relative to js/} from esbuild's metafile; names survive minifying."""
    meta = json.loads(metafile.read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for output, info in meta["outputs"].items():
        if output.endswith(".js"):
            found[Path(output).stem] = {str(Path(i).as_posix()).split("js/", 1)[-1] for i in info["inputs"]}
    return found


def report(sizes: dict[str, tuple[int, int]], out: Path) -> str:
    lines = [f"==> front-end bundles in {out}"]
    for name, (size, gz) in sizes.items():
        lines.append(f"    {name:<24} {size / 1024:8.1f} KiB  (gzip {gz / 1024:6.1f} KiB)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", action="store_true", help="minified bundles, no source maps (the wheel's)")
    parser.add_argument("--out", type=Path, default=DEV_OUT, help=f"where the bundles go (default {DEV_OUT})")
    parser.add_argument("--source", type=Path, help="the front end's tree (default: the checkout's js/)")
    parser.add_argument("--watch", action="store_true", help="rebuild the dev bundles on every save")
    parser.add_argument("--quiet", action="store_true", help="do not print the bundles' sizes")
    args = parser.parse_args(argv)
    if args.release and args.watch:
        parser.error("--watch builds dev bundles; --release is for the wheel's")
    out, source = args.out.resolve(), args.source.resolve() if args.source else None
    sizes = build(out, release=args.release, source=source)
    if not args.quiet:
        print(report(sizes, out))
    if args.watch:
        print("==> watching js/ (Ctrl-C stops); with ANYWIDGET_HMR=1 a saved file redraws the widget", flush=True)
        try:
            return subprocess.run(command(out, release=False, watch=True, source=source), cwd=ROOT,
                                  check=False).returncode
        except KeyboardInterrupt:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

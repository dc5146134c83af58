"""The site's own Pyodide folder for JupyterLite, from registry-only sources (used by scripts/lite.sh).

- core runtime: the npm package `pyodide` (pyodide.mjs, pyodide.asm.{mjs,wasm}, python_stdlib.zip, pyodide-lock.json);
  its loader puts the working folder last on sys.path (see CWD_FIRST)
- wheels of the Pyodide packages the kernel needs (micropip, ipython + deps, jedi, ...): PyPI, same versions as
  pyodide-lock.json; their bytes differ from Pyodide's own builds, so the sha256 in the lock is rewritten
- extra pure-Python wheels (comm, ipywidgets, anywidget, psygnal, hickory_widget, ...): added as new lock
  entries with `imports`, so the kernel's loadPackagesFromImports loads them when a cell imports them (the notebooks
  run unchanged, with no %pip cell); lock entries whose wheels are not served are dropped, so `import pandas` is a
  plain ModuleNotFoundError rather than a request that fails

usage: python pyodide_dir.py lock-requirements PYODIDE_LOCK_JSON         (prints name==version lines)
       python pyodide_dir.py assemble NPM_PYODIDE_DIR LOCK_WHEELS_DIR EXTRA_WHEELS_DIR... OUT_DIR
"""
import hashlib
import json
import shutil
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"]
KERNEL_NEEDS = ["micropip", "ipython", "jedi", "typing-extensions", "traitlets"]
"""Lock packages the kernel loads at start (its worker), with their dependencies added by lock_requirements."""


def lock_requirements(lock_json: str) -> None:
    packages = json.loads(Path(lock_json).read_text())["packages"]
    todo, seen = list(KERNEL_NEEDS), set()
    while todo:
        name = canonicalize_name(todo.pop())
        if name not in seen:
            seen.add(name)
            todo += packages[name]["depends"]
    print("\n".join(f"{n}=={packages[n]['version']}" for n in sorted(seen)))


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def wheel_meta(p: Path):
    with zipfile.ZipFile(p) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        msg = Parser().parsestr(z.read(meta).decode())
        tops = set()
        for n in z.namelist():
            first = n.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in n:
                tops.add(first)
            elif n.endswith(".py"):
                tops.add(n[:-3])
    deps = []
    for r in msg.get_all("Requires-Dist") or []:
        req = Requirement(r)
        if req.marker and not req.marker.evaluate({"python_version": "3.14", "extra": ""}):
            continue
        deps.append(canonicalize_name(req.name))
    return sorted(t for t in tops if t.isidentifier()), deps


CWD_FIRST, CWD_LAST = 'sys.path.insert(0,"")', 'sys.path.append("")'
"""Pyodide puts the working folder ('') first on sys.path. The kernel's working folder is the browser-stored drive,
which answers every look-up through the service worker and the page (about 90 of them while the kernel starts, each
a round trip of 5-20 ms): the site's Pyodide puts it last, so installed modules are found without asking the drive
and a notebook's own modules beside it still import (unless named like an installed one)."""


def assemble(npm_dir: str, lock_wheels: str, *rest: str) -> None:
    *extra_dirs, out = map(Path, rest)
    npm_dir, lock_wheels = Path(npm_dir), Path(lock_wheels)
    out.mkdir(parents=True, exist_ok=True)
    for f in CORE:
        shutil.copy2(npm_dir / f, out / f)
    loader = (out / "pyodide.mjs").read_text(encoding="utf-8")
    if loader.count(CWD_FIRST) != 1:
        sys.exit(f"pyodide.mjs: '{CWD_FIRST}' not found once; update CWD_FIRST in lite/pyodide_dir.py")
    (out / "pyodide.mjs").write_text(loader.replace(CWD_FIRST, CWD_LAST), encoding="utf-8")
    lock = json.loads((npm_dir / "pyodide-lock.json").read_text())
    pkgs = lock["packages"]
    by_file = {p["file_name"]: n for n, p in pkgs.items()}
    for w in sorted(lock_wheels.glob("*.whl")):
        name = by_file.get(w.name)
        if name is None:
            sys.exit(f"{w.name} is not in pyodide-lock.json (version mismatch?)")
        shutil.copy2(w, out / w.name)
        pkgs[name]["sha256"] = sha(w)
        pkgs[name]["unvendored_tests"] = False
    for w in sorted(w for d in extra_dirs for w in d.glob("*.whl")):
        dist, version, _, _ = parse_wheel_filename(w.name)
        name = canonicalize_name(dist)
        imports, deps = wheel_meta(w)
        shutil.copy2(w, out / w.name)
        pkgs[name] = {
            "name": name, "version": str(version), "file_name": w.name, "install_dir": "site",
            "sha256": sha(w), "package_type": "package", "imports": imports, "depends": deps,
            "unvendored_tests": False,
        }
    # keep only entries whose wheel is really here, so nothing points at a file we do not serve, and serve no wheel
    # that no entry names (a lock wheel replaced by a newer one of the package's dependencies, e.g. traitlets)
    served = {p.name for p in out.iterdir()}
    lock["packages"] = {n: p for n, p in pkgs.items() if p["file_name"] in served}
    named = {p["file_name"] for p in lock["packages"].values()}
    for w in out.glob("*.whl"):
        if w.name not in named:
            w.unlink()
    served_names = lock["packages"]
    missing = {d for p in served_names.values() for d in p["depends"] if canonicalize_name(d) not in served_names}
    if missing:
        sys.exit(f"dependencies missing from the served lock: {sorted(missing)}")
    dropped = len(pkgs) - len(lock["packages"])
    (out / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    print(f"lock: {len(lock['packages'])} packages served, {dropped} entries of the full distribution dropped")


if __name__ == "__main__":
    {"lock-requirements": lock_requirements, "assemble": assemble}[sys.argv[1]](*sys.argv[2:])

// Compiles the Python files of the site's wheels to bytecode once, at build time, with the site's own Pyodide
// (Python 3.14 compiled to WebAssembly, run here by Node): each visitor's browser then imports IPython, the widgets
// and hickory_widget without compiling them again (measured: several seconds of every first board).
// The project's own wheel keeps its .py files and gets "unchecked-hash" .pyc files under __pycache__/ (no timestamp
// check against the .py beside them; tracebacks still show its source lines). Every other wheel (IPython, jedi,
// pygments, the widgets ...) gets its modules replaced by .pyc files in place, as Pyodide's own distribution ships
// them (about 1.5 times the sources' size, and nothing left to compile in the browser).
// The standard library comes from npm as sources only (python_stdlib.zip: .py files): --stdlib=OUT.zip writes a copy
// whose modules are .pyc files, as Pyodide's own full distribution ships it (the kernel's start imports some 500
// standard modules, which every browser would otherwise compile on every visit: argparse, unittest.mock, pdb ...).
// The built-in lessons are read and checked here too, into the project's wheel (precomputed-<game>.pickle).
// usage: node lite/precompile.mjs PYODIDE_DIR [--stdlib=OUT.zip] WHEEL_DIR...    (rewrites the wheels in place)
import path from "node:path";

const [pyodideDir, ...rest] = process.argv.slice(2);
const stdlibOut = rest.filter((a) => a.startsWith("--stdlib=")).map((a) => path.resolve(a.slice(9)))[0] ?? "";
const wheelDirs = rest.filter((a) => !a.startsWith("--stdlib="));
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: console.log, stderr: console.error });
for (const [i, dir] of wheelDirs.entries()) py.FS.mkdirTree(`/w${i}`), py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, `/w${i}`);
py.globals.set("dirs", wheelDirs.map((_, i) => `/w${i}`));
if (stdlibOut) {
  py.FS.mkdirTree("/stdlib-in"), py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(pyodideDir) }, "/stdlib-in");
  py.FS.mkdirTree("/stdlib-out"), py.FS.mount(py.FS.filesystems.NODEFS, { root: path.dirname(stdlibOut) }, "/stdlib-out");
}
py.globals.set("stdlib_out", stdlibOut ? "/stdlib-out/" + path.basename(stdlibOut) : "");
await py.runPythonAsync(`
import importlib.util, os, sys, warnings, zipfile
warnings.simplefilter("ignore")
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

tag = sys.implementation.cache_tag
# jedi's type stubs of packages the site does not have (Django, and typeshed's third-party part: requests, PyYAML ...):
# 1,100 of its 1,900 files, each unpacked by every kernel; completions on the standard library keep their stubs
UNUSED = ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/")
for d in dirs:
    for wheel in sorted(Path(d).glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            items = [(info, z.read(info)) for info in z.infolist()]
        if any(i.filename.endswith(".pyc") for i, _ in items) and not any(i.filename.startswith(UNUSED) for i, _ in items):
            continue  # done by an earlier build (the lock's wheels are cached compiled)
        keep_source = wheel.name.startswith("hickory_widget-")
        out, n = [], 0
        for info, data in items:
            module = info.filename.endswith(".py") and ".dist-info/" not in info.filename
            if info.filename.startswith(UNUSED):
                if info.filename.startswith(UNUSED[1]) and (UNUSED[1], b"") not in out:
                    out.append((UNUSED[1], b""))  # the folder stays (empty): jedi lists it
                continue  # stubs of packages that are not here: never read
            if module and "/tests/" in info.filename and not keep_source:
                continue  # a dependency's own tests: never imported here
            if keep_source or not module:
                out.append((info.filename, data))
            if module:
                try:
                    code = compile(data, "/lib/python3.14/site-packages/" + info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    out.append((info.filename, data))
                    continue
                folder, name = os.path.split(info.filename)
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                if keep_source:
                    out.append((os.path.join(folder, "__pycache__", f"{name[:-3]}.{tag}.pyc"), bytes(pyc)))
                else:
                    out.append((info.filename + "c", bytes(pyc)))
                n += 1
        tmp = wheel.with_suffix(".tmp")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in out:
                z.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
        os.replace(tmp, wheel)
        print(f"{wheel.name}: {n} modules compiled")

# the built-in lessons, read and checked once here (hickory_widget.lessons.precompute): each browser then loads them
# in a few milliseconds instead of checking every exercise's position
project = next(w for d in dirs for w in Path(d).glob("hickory_widget-*.whl"))
with zipfile.ZipFile(project) as z:
    z.extractall("/project")
sys.path[:0] = ["/project", *(str(w) for d in reversed(dirs) for w in sorted(Path(d).glob("*.whl")))]
from hickory_widget.lessons import precompute, precomputed_path
from hickory_widget.lessons.games import NAMES
with zipfile.ZipFile(project, "a", zipfile.ZIP_DEFLATED) as z:
    for game in NAMES:
        name = str(precomputed_path(game).relative_to("/project"))
        if name not in z.namelist():
            z.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), precompute(game), zipfile.ZIP_DEFLATED)
print(f"{project.name}: lessons precomputed")

if stdlib_out:
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    with zipfile.ZipFile("/stdlib-in/python_stdlib.zip") as z:
        items = [(info.filename, z.read(info)) for info in z.infolist()]
    n = 0
    with zipfile.ZipFile(stdlib_out + ".tmp", "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in items:
            if name.endswith(".py"):
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:  # a test file written to fail; kept as it is
                    pass
                else:
                    name, data = name + "c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                    n += 1
            out.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    os.replace(stdlib_out + ".tmp", stdlib_out)
    print(f"python_stdlib.zip: {n} modules compiled")
`);

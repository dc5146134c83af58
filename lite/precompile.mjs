// Compiles the Python files of the site's wheels to bytecode once, at build time, with the site's own Pyodide
// (Python 3.14 compiled to WebAssembly, run here by Node): each visitor's browser then imports IPython, the widgets
// and hickory_widget without compiling them again (measured: several seconds of every first board).
// The project's own wheel keeps its .py files and gets "unchecked-hash" .pyc files under __pycache__/ (no timestamp
// check against the .py beside them; tracebacks still show its source lines). Every other wheel (IPython, jedi,
// pygments, the widgets ...) gets its modules replaced by .pyc files in place, as Pyodide's own distribution ships
// them (about 1.5 times the sources' size, and nothing left to compile in the browser).
// usage: node lite/precompile.mjs PYODIDE_DIR WHEEL_DIR...    (rewrites the wheels in place)
import path from "node:path";

const [pyodideDir, ...wheelDirs] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: console.log, stderr: console.error });
for (const [i, dir] of wheelDirs.entries()) py.FS.mkdirTree(`/w${i}`), py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, `/w${i}`);
py.globals.set("dirs", wheelDirs.map((_, i) => `/w${i}`));
await py.runPythonAsync(`
import importlib.util, os, sys, warnings, zipfile
warnings.simplefilter("ignore")
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

tag = sys.implementation.cache_tag
for d in dirs:
    for wheel in sorted(Path(d).glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            items = [(info, z.read(info)) for info in z.infolist()]
        if any(info.filename.endswith(".pyc") for info, _ in items):
            continue
        keep_source = wheel.name.startswith("hickory_widget-")
        out, n = [], 0
        for info, data in items:
            module = info.filename.endswith(".py") and ".dist-info/" not in info.filename
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
`);

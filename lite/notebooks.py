"""The example notebooks as the static site shows them (used by scripts/lite.sh): copied unchanged but for a note
at the top that says what runs differently in the browser, and a guard around each cell that needs a package only
a full Python has (pandas, Dask, tqdm: compiled or thread-based, not in the site), which then says so instead of
failing. matplotlib needs no guard: ``Comparison.plot()`` draws the what-if panel's own chart without it.

The Italian and German notebooks (EXAMPLES_DIR/it, /de) go to FILES_DIR/examples/it and /de, with the note in their
language.

usage: python lite/notebooks.py EXAMPLES_DIR FILES_DIR      (writes FILES_DIR/examples/*.ipynb, it/*, de/*)
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

NOTE = ("> **In your browser.** This copy of the notebook runs in your browser (JupyterLite, Python compiled to "
        "WebAssembly): nothing is sent anywhere, and the lessons' progress stays in this browser. There are no "
        "threads or processes here, so what-if playouts run one after another, and a cell that needs pandas or "
        "Dask says so: for those, install the package on a computer (`pip install 'hickory-widget[analysis]'`) "
        "and open the notebooks with `bash scripts/lab.sh`.")
NOTES = {
    "en": NOTE,
    "it": ("> **Nel tuo browser.** Questa copia del notebook gira nel tuo browser (JupyterLite, Python compilato in "
           "WebAssembly): non viene inviato nulla, e i progressi delle lezioni restano in questo browser. Qui non ci "
           "sono thread né processi, quindi le partite simulate del what-if girano una dopo l'altra, e una cella che "
           "ha bisogno di pandas o Dask lo dice: per quelle, installa il pacchetto su un computer (`pip install "
           "'hickory-widget[analysis]'`) e apri i notebook con `bash scripts/lab.sh`."),
    "de": ("> **In deinem Browser.** Diese Kopie des Notebooks läuft in deinem Browser (JupyterLite, Python als "
           "WebAssembly): Nichts wird irgendwohin geschickt, und der Fortschritt in den Lektionen bleibt in diesem "
           "Browser. Hier gibt es keine Threads oder Prozesse, deshalb laufen die Probepartien des What-if eine nach "
           "der anderen, und eine Zelle, die pandas oder Dask braucht, sagt das: Installiere dafür das Paket auf "
           "einem Computer (`pip install 'hickory-widget[analysis]'`) und öffne die Notebooks mit "
           "`bash scripts/lab.sh`."),
}
NEEDS = {"pandas": re.compile(r"\bto_dataframe\(|\bimport pandas|\bfrom pandas\b"),
         "dask": re.compile(r"\bimport dask|\bfrom dask\b|\bdistributed\b"),
         "tqdm": re.compile(r"\bimport tqdm|\bfrom tqdm\b")}


def guarded(source: str) -> str:
    """``source`` run only where the packages it needs are importable; otherwise a message naming them."""
    needs = [name for name, pattern in NEEDS.items() if pattern.search(source)]
    if not needs:
        return source
    body = source.rstrip("\n").splitlines()
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):  # keep the cell's shown value: the last expression goes to display()
        start, end = last.lineno - 1, last.end_lineno or last.lineno
        body[start:end] = ["display(" + "\n".join(body[start:end]) + ")"]
    names = " and ".join(needs)
    return "\n".join([
        "import importlib.util",
        "",
        f"missing = [name for name in {needs!r} if importlib.util.find_spec(name) is None]",
        "if missing:",
        f"    print('This cell needs {names}, which a full Python has and the browser does not '",
        "          \"(pip install 'hickory-widget[analysis]', then bash scripts/lab.sh).\")",
        "else:",
        "    from IPython.display import display",
        "",
        *("    " + line if line else "" for line in "\n".join(body).splitlines()),
    ]) + "\n"


def main(examples: str, files: str) -> None:
    for lang, note in NOTES.items():
        sub = "" if lang == "en" else lang
        copy(Path(examples) / sub, Path(files) / "examples" / sub, note)


def copy(examples: Path, out: Path, note: str) -> None:
    if not examples.is_dir():
        return
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(examples.glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["source"] = guarded("".join(cell["source"]))
                cell["outputs"], cell["execution_count"] = [], None
        nb["cells"].insert(1 if nb["cells"] and nb["cells"][0]["cell_type"] == "markdown" else 0,
                           {"cell_type": "markdown", "metadata": {}, "source": note})
        nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        (out / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])

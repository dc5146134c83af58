"""Starting the classroom app from the installed package: the ``hickory-classroom`` command.

``hickory-classroom`` (or ``python -m hickory_widget.lessons.serve``, or ``python -m hickory_widget.lessons.app``)
does what ``scripts/classroom.sh`` does in a clone, with no clone: it serves the lessons notebook that ships inside
the package (:func:`notebook`) with Voilà, one kernel per visitor, no code visible::

    pip install "hickory-widget[classroom]"
    hickory-classroom                                   # http://127.0.0.1:8866/?learner=NAME
    hickory-classroom --host 0.0.0.0 --pool-size 25     # the classroom's network, kernels for 25 learners

The settings are those of scripts/classroom.sh, each an option or its environment variable (``--host``/``HOST``,
``--port``/``PORT``, ``--pool-size``/``POOL_SIZE``, ``--fill-delay``/``FILL_DELAY``); the teacher's code comes from
``HICKORY_TEACHER_CODE`` only (an option would show it to every user of the machine in the process list), the
class's store from ``HICKORY_PROGRESS``. What is refused before anything starts, with the reason: a taken port, an
empty or weak teacher's code, a pool size that is not 0-200. Arguments it does not know go to Voilà.

The notebook has one source, ``examples/06_lessons.ipynb``: the wheel carries it as
``hickory_widget/lessons/data/classroom.ipynb`` (pyproject.toml's ``force-include``); a checkout (an editable
install) serves the example itself.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

PACKAGED = Path(__file__).parent / "data" / "classroom.ipynb"  # in a wheel (pyproject.toml: force-include)
CHECKOUT = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"  # the one source, in a clone
OLD_JSON = Path("~/.hickory_widget/classroom-progress.json")  # an earlier version's progress, imported once
DEFAULT_STORE = Path("~/.hickory_widget/classroom.sqlite3")
MAX_POOL = 200


def notebook() -> Path:
    """The lessons notebook to serve: the wheel's copy, else the checkout's example."""
    for candidate in (PACKAGED, CHECKOUT):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"the classroom notebook is missing: neither {PACKAGED} (an installed wheel) nor "
                            f"{CHECKOUT} (a checkout) exists; reinstall hickory-widget")


def store_setting(environ: dict[str, str]) -> Path:
    """The class's store, as scripts/classroom.sh chooses it: ``$HICKORY_PROGRESS``; else an earlier version's
    JSON progress file when there is one and no store yet (its store is made beside it, importing it once); else
    ``~/.hickory_widget/classroom.sqlite3``."""
    named = environ.get("HICKORY_PROGRESS")
    if named:
        return Path(named).expanduser()
    old, store = OLD_JSON.expanduser(), DEFAULT_STORE.expanduser()
    return old if old.is_file() and not store.is_file() else store


def _whole(name: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` (to ``high``), else an error naming what is allowed."""

    def check(text: str) -> int:
        if not text.isdigit() or int(text) < low or (high is not None and int(text) > high):
            allowed = f"{low}-{high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{name} must be a whole number {allowed}, not {text!r}")
        return int(text)

    return check


def parser(environ: dict[str, str]) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="hickory-classroom",
        description="Serve the lessons of Hickory Dickory, Clocktowers and Mice! as a classroom app (Voilà, one "
                    "kernel per visitor). Learners open http://HOST:PORT/?learner=NAME (&lang=it|de, &game=mice|"
                    "clocktowers); the teacher's dashboard is http://HOST:PORT/?teacher with the code printed at "
                    "start. Arguments not listed here go to voila.",
        epilog="Environment: HICKORY_TEACHER_CODE (the teacher's code, 8+ characters; default: a new one each "
               "start), HICKORY_PROGRESS (the class's store; default ~/.hickory_widget/classroom.sqlite3), "
               "HICKORY_HANDINS (a folder of hand-ins). docs/CLASSROOM.md tells the rest.")
    p.add_argument("--host", default=environ.get("HOST", "127.0.0.1"),
                   help="address to serve on (0.0.0.0: the classroom's network); default $HOST or 127.0.0.1")
    p.add_argument("--port", type=_whole("--port", 1, 65535), default=environ.get("PORT", "8866"),
                   help="port (a taken one is refused); default $PORT or 8866")
    p.add_argument("--pool-size", type=_whole("--pool-size", 0, MAX_POOL), default=environ.get("POOL_SIZE", "10"),
                   help="kernels kept ready, about 100 MiB each (set it to the class size; 0 turns preheating "
                        "off); default $POOL_SIZE or 10")
    p.add_argument("--fill-delay", type=_whole("--fill-delay", 0), default=environ.get("FILL_DELAY", "60"),
                   help="seconds before a kernel handed out is replaced; default $FILL_DELAY or 60")
    return p


def voila_command(host: str, port: int, pool: int, fill_delay: int, extra: Sequence[str]) -> list[str]:
    """The Voilà command line that serves the lessons (the same as scripts/classroom.sh's)."""
    # --template=hickory: Voilà's lab template asking no CDN for anything (jupyter-data/voila/templates/hickory)
    command = [sys.executable, "-m", "voila", str(notebook()), "--template=hickory", "--no-browser", f"--port={port}",
               "--Voila.port_retries=0", f"--Voila.ip={host}",
               "--Voila.kernel_websocket_connection_class=hickory_widget.core.websocket.NoDelayConnection"]
    if pool > 0:
        command += ["--preheat_kernel=True", f"--pool_size={pool}", f"--VoilaKernelManager.fill_delay={fill_delay}"]
    return command + list(extra)


def main(argv: Sequence[str] | None = None, environ: dict[str, str] | None = None) -> int:
    """Check the settings, print the addresses and the teacher's code, then become Voilà (exec)."""
    from .app import check_port
    from .identity import new_teacher_code, weak_code

    env = dict(os.environ if environ is None else environ)
    options, extra = parser(env).parse_known_args(argv)
    code = env.get("HICKORY_TEACHER_CODE")
    code = new_teacher_code() if code is None else code
    problem = weak_code(code)
    if problem:
        print(f"error: {problem}; set HICKORY_TEACHER_CODE to a stronger one or leave it unset", file=sys.stderr)
        return 2
    problem = check_port(options.host, options.port)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    store = store_setting(env)
    store.parent.mkdir(parents=True, exist_ok=True)
    env.update(HICKORY_TEACHER_CODE=code, HICKORY_PROGRESS=str(store))
    if options.host not in ("0.0.0.0", "::"):  # a preheated kernel calls the server back at the address it serves
        env["VOILA_APP_IP"] = options.host
    address = f"http://{options.host}:{options.port}"
    print(f"==> lessons at {address}/?learner=YOUR_NAME  (progress in {store})")
    print("==>   Clocktowers' or Mice!'s lessons: add &game=clocktowers or &game=mice (or pick the game on the page)")
    print(f"==> teacher's dashboard at {address}/?teacher  code: {code}")
    print(f"==> {options.pool_size} kernels kept ready (--pool-size)", flush=True)
    command = voila_command(options.host, options.port, options.pool_size, options.fill_delay, extra)
    os.execve(command[0], command, env)
    return 0  # not reached: Voilà replaced this process


def run() -> None:
    """The ``hickory-classroom`` console script."""
    sys.exit(main())


if __name__ == "__main__":
    run()

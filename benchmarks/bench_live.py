"""Live class mode with a class of 30: answer-to-teacher's-tally and reveal-to-every-device times.

Six processes (kernels) of five learners each share one classroom store with the teacher's process, as the app's
kernels do. The teacher asks a lesson exercise; each learner's card (live_view.LiveCard, the row above their
lessons) polls, sees the question, and answers after a random pause of 0-3 s (a fifth of them change their answer
once); the teacher's Live question tab (live_view.LiveDesk) polls and draws the tally; when all 30 are in, the
teacher reveals and every card polls until it shows its verdict.

Run twice: with the shipped poll (0.5 s, both sides) and with a 0.05 s poll, which shows the store's own share.

    PYTHONPATH=. python benchmarks/bench_live.py
"""

from __future__ import annotations

import multiprocessing as mp
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

KEY = "goal/where-hand"
KERNELS, PER_KERNEL = 6, 5


def kernel(path: str, names: list[str], poll: float, out: mp.Queue, seed: int) -> None:
    from hickory_widget.lessons.live import Live
    from hickory_widget.lessons.live_view import LiveCard

    rng = random.Random(seed)
    cards = {n: LiveCard(Live(path), n, "en") for n in names}
    due = {}
    changer = {n: rng.random() < 0.2 for n in names}
    verdict_seen: dict[str, float] = {}
    deadline = time.time() + 60
    while time.time() < deadline and len(verdict_seen) < len(names):
        for name, card in cards.items():
            html = card.html() if card.refresh() else ""  # the row is drawn again only when something changed
            s = card.session
            if s is None:
                continue
            if s["status"] == "asked" and name not in due:
                due[name] = time.time() + rng.uniform(0, 3)
                out.put(("question", name, time.time()))
            if s["status"] == "asked" and due.get(name, 1e18) <= time.time():
                options = card.live.question(s["id"])["options"]
                if changer[name]:
                    card.handle("live-answer", options[0]["id"], {})
                    changer[name] = False
                    due[name] = time.time() + rng.uniform(0.2, 1)
                    continue
                sent = time.time()
                card.handle("live-answer", rng.choice(options)["id"], {})
                out.put(("answered", name, sent))
                due[name] = 1e18
            if s["status"] == "revealed" and name not in verdict_seen and "live-verdict" in html:
                verdict_seen[name] = time.time()
                out.put(("verdict", name, verdict_seen[name]))
        time.sleep(poll)


def run(poll: float) -> dict[str, float]:
    from hickory_widget.lessons.live import Live, exercise
    from hickory_widget.lessons.live_view import LiveDesk, exercise_widget

    exercise(KEY)  # the lessons read and the widgets imported before the kernels start, as the app's preheated
    exercise_widget(KEY, "en", lambda _v: None)  # kernels do (app.prepare)
    folder = Path(tempfile.mkdtemp())
    path = str(folder / "classroom.sqlite3")
    live = Live(path)
    names = [f"learner{i:02d}" for i in range(KERNELS * PER_KERNEL)]
    out: mp.Queue = mp.get_context("fork").Queue()
    procs = [mp.get_context("fork").Process(target=kernel, args=(path, names[k::KERNELS], poll, out, k))
             for k in range(KERNELS)]
    for p in procs:
        p.start()
    time.sleep(1.0)  # the kernels are up and polling
    desk = LiveDesk(live, "en", lambda: names)
    session = live.ask(KEY)
    sent: dict[str, float] = {}
    seen: dict[str, float] = {}
    draws: list[float] = []
    stamp = None
    deadline = time.time() + 60
    asked = time.time()
    shown: dict[str, float] = {}

    def drain() -> None:
        while not out.empty():
            kind, name, at = out.get()
            if kind == "question":
                shown[name] = at - asked
            else:
                sent[name] = at

    while len(seen) < len(names) and time.time() < deadline:
        drain()
        if live.stamp() != stamp:
            stamp = live.stamp()
            started = time.perf_counter()
            desk.html()  # what the teacher's tab draws at a change
            draws.append(time.perf_counter() - started)
            now = time.time()
            for name in live.tally(session, "en", names)["answered"]:
                if name not in seen and name in sent:
                    seen[name] = now
        time.sleep(poll)
    drain()
    latencies = [seen[n] - sent[n] for n in seen if n in sent]
    started = time.time()
    live.reveal(session)
    revealed = time.time()
    reached: dict[str, float] = {}
    while len(reached) < len(names) and time.time() < started + 30:
        kind, name, at = out.get(timeout=30)
        if kind == "verdict":
            reached[name] = at - started
    for p in procs:
        p.join(timeout=30)
    counted = sum(1 for r in live.store.learners().values() if KEY in r)
    return {"question on 30 screens median": statistics.median(shown.values()), "worst": max(shown.values()),
            "answers": len(latencies), "tally median": statistics.median(latencies), "tally worst": max(latencies),
            "teacher draw median ms": statistics.median(draws) * 1000, "reveal write s": revealed - started,
            "reveal all 30 median": statistics.median(reached.values()), "reveal all 30 worst": max(reached.values()),
            "reached": len(reached), "in progress": counted}


def main() -> int:
    for poll in (0.5, 0.05):
        figures = run(poll)
        print(f"poll {poll:g} s: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                                 for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

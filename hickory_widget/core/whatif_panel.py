"""The "what if?" panel: a small widget beside the board that compares the options of the current decision, for
any game on the core.

    >>> w = game.widget()
    >>> panel = w.what_if(playouts=40)          # or WhatIfPanel(w), WhatIfPanel(game)
    >>> panel                                   # Run, watch the bar, Cancel; click a bar to take that option

It runs :func:`hickory_widget.core.whatif.compare` in a background thread (the kernel stays free) or, where
threads cannot start (in the browser: JupyterLite), as an asyncio task that plays one small batch at a time
(:func:`~hickory_widget.core.whatif.compare_async`, so the board still answers clicks); it shows the progress,
can cancel it, draws each option's mean points with the 95% interval, and a click on an option's bar takes that
option through the widget's (or game's) public ``choose``, so the board redraws. The panel follows the board:
when the decision changes, old results are cleared.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from . import frontend
from .messages import Catalog, check_language
from .protocol import IllegalChoice
from .runner import GameRunner
from .whatif import THREADS, Cancelled, Comparison, compare, compare_async, question

TEXTS = Catalog(Path(__file__).parent / "messages")


def panel_strings(lang: str) -> dict[str, str]:
    """The panel's texts in ``lang`` (keys without the ``whatif.`` prefix)."""
    return {k.removeprefix("whatif."): v for k, v in TEXTS.prefixed(lang, "whatif.").items()}


class WhatIfPanel(anywidget.AnyWidget):
    """Compares the options of the current decision of a game's widget or of a game."""

    _esm = frontend.esm("whatif")  # js/widgets/whatif.mjs (js/core/whatif.mjs)

    decision = traitlets.Dict().tag(sync=True)
    """{"key", "player", "player_name", "prompt", "options": [{"id", "label"}]} of the pending decision ({} when
    the game is over)."""
    playouts = traitlets.Int(40).tag(sync=True)
    status = traitlets.Unicode("idle").tag(sync=True)
    """idle, running, done, cancelled or error."""
    done = traitlets.Int(0).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    rows = traitlets.List().tag(sync=True)
    """One dict per option: id, label, mean, low, high, win, margin, best."""
    message = traitlets.Unicode("").tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)
    strings = traitlets.Dict().tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)
    """Large print (every text 16 px or more); a panel of a widget follows the widget's projector setting."""

    def __init__(self, source: Any, *, playouts: int = 40, bot: str = "greedy", seed: int = 0,
                 executor: Executor | None = None, cooperative: bool | None = None, **kwargs: Any) -> None:
        if not isinstance(source, GameRunner) and not isinstance(getattr(source, "game", None), GameRunner):
            raise TypeError(f"WhatIfPanel takes a game on the core or its widget (for Hickory Dickory a HickoryWidget "
                            f"or a Game), not {type(source).__name__}")
        super().__init__(playouts=playouts, **kwargs)
        self.source = source
        self.bot, self.seed, self.executor = bot, seed, executor
        self.cooperative = (not THREADS) if cooperative is None else bool(cooperative)
        """Run as an asyncio task in the kernel's event loop instead of a thread (default: where threads cannot
        start). The executor is then not used."""
        self._task: asyncio.Future | None = None
        self.comparison: Comparison | None = None
        self._cancel: threading.Event | None = None
        self._thread: threading.Thread | None = None
        if hasattr(source, "observe") and "view" in getattr(source, "trait_names", lambda: [])():
            source.observe(lambda _change: self.refresh(), names="view")
            source.observe(lambda change: setattr(self, "language", change["new"]), names="language")
            self.language = source.language
        if "projector" in getattr(source, "trait_names", lambda: [])():
            traitlets.dlink((source, "projector"), (self, "projector"))
        self.strings = panel_strings(self.language)
        self.on_msg(self._on_msg)
        self.refresh()

    @property
    def game(self) -> Any:
        return self.source if isinstance(self.source, GameRunner) else self.source.game

    # ------------------------------------------------------------------------------------------ Python API
    def refresh(self) -> None:
        """Reads the pending decision again; results of another decision are dropped."""
        game = self.game
        key = f"{len(game.history)}:{hash(tuple(game.history)) & 0xFFFFFFFF:08x}"
        decision: dict[str, Any] = {}
        if not game.over:
            lang = self.language
            asked = game.decision_in(lang)
            name = game.player_name(asked.player, lang)
            decision = {"key": key, "player": asked.player, "player_name": name,
                        "prompt": question(name, asked.prompt),  # the panel says who decides itself
                        "options": [{"id": c.id, "label": c.label} for c in game.choices_in(lang)]}
        if decision.get("key") != self.decision.get("key"):
            self.cancel()
            self.rows, self.comparison, self.done, self.total, self.status = [], None, 0, 0, "idle"
        elif self.rows:  # same decision, new language: relabel the results
            names = {o["id"]: o["label"] for o in decision.get("options", [])}
            self.rows = [{**r, "label": names.get(r["id"], r["label"])} for r in self.rows]
        self.decision = decision

    def run(self, playouts: int | None = None, *, wait: bool = False) -> None:
        """Starts the comparison in the background (``wait=True``: returns when it has finished)."""
        if playouts is not None:
            self.playouts = playouts
        if self.status == "running":
            self.message = self.strings["busy"]
            return
        if self.game.over:
            self.message = self.strings["over"]
            return
        self.cancel()
        self._cancel = threading.Event()
        self.status, self.message, self.rows, self.done = "running", "", [], 0
        self.total = self.playouts * len(self.decision["options"])
        if self.cooperative:
            if wait:  # nothing else can run meanwhile anyway: play it out here
                self._work(self._cancel, self.decision["key"])
            else:
                self._task = asyncio.ensure_future(self._work_async(self._cancel, self.decision["key"]))
            return
        self._thread = threading.Thread(target=self._work, args=(self._cancel, self.decision["key"]), daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()

    def cancel(self) -> None:
        """Stops a running comparison (it ends at the next finished batch)."""
        if self._cancel is not None:
            self._cancel.set()

    def wait(self, timeout: float | None = None) -> None:
        """Waits for a comparison in its thread (a cooperative one is awaited instead: ``await panel.task``)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def take(self, choice_id: str, key: str | None = None) -> None:
        """Takes ``choice_id`` through the widget's or game's ``choose``; refuses a stale or illegal one."""
        if key is not None and key != self.decision.get("key"):
            self.message = self.strings["stale"]
            return
        try:
            self.source.choose(choice_id)
        except IllegalChoice as exc:
            self.message = str(exc)
            return
        self.refresh()

    @property
    def task(self) -> asyncio.Future | None:
        """The running or last cooperative comparison (``await panel.task`` waits for it)."""
        return self._task

    # ------------------------------------------------------------------------------------------ internals
    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _compare(self, run: Any, cancel: threading.Event) -> Any:
        kw: dict[str, Any] = {} if run is compare_async else {"executor": self.executor}
        return run(self.game, playouts=self.playouts, bot=self.bot, seed=self.seed, progress=self._progress,
                   cancel=cancel, **kw)

    async def _work_async(self, cancel: threading.Event, key: str) -> None:
        try:
            result: Comparison | Exception = await self._compare(compare_async, cancel)
        except Exception as exc:  # Cancelled and failures alike: shown by _finish
            result = exc
        self._finish(lambda: _value(result), key)

    def _work(self, cancel: threading.Event, key: str) -> None:
        self._finish(lambda: self._compare(compare, cancel), key)

    def _finish(self, outcome: Any, key: str) -> None:
        """Runs ``outcome`` (a function giving the comparison, or raising) and shows what came of it."""
        try:
            result = outcome()
        except Cancelled:
            self.status, self.message = "cancelled", self.strings["cancelled"]
            return
        except Exception as exc:  # shown in the panel: a failure in the background must not pass unseen
            self.status, self.message = "error", f"{type(exc).__name__}: {exc}"
            return
        if key != self.decision.get("key"):
            return  # the board moved on meanwhile
        self.comparison = result
        best = result.best.choice
        names = {o["id"]: o["label"] for o in self.decision["options"]}
        self.rows = [{"id": r.choice, "label": names[r.choice],
                      "mean": r.mean_points, "low": r.points_ci[0], "high": r.points_ci[1], "win": r.win_rate,
                      "margin": r.mean_margin, "best": r.choice == best} for r in result.rows]
        self.status = "done"
        seat = f"shell.seat.{result.bot}"  # the bot's name in words ("greedy" is a code name)
        bot = TEXTS.t(self.language, seat) if TEXTS.has(self.language, seat) else result.bot
        self.message = self.strings["done"].format(n=result.rows[0].playouts, bot=bot)

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict[str, Any]) -> str:
        return check_language(proposal["value"])

    @traitlets.observe("language")
    def _language_changed(self, change: dict[str, Any]) -> None:
        self.strings = panel_strings(change["new"])
        self.refresh()

    @traitlets.validate("playouts")
    def _valid_playouts(self, proposal: dict[str, Any]) -> int:
        n = proposal["value"]
        if not 1 <= n <= 100_000:
            raise traitlets.TraitError(f"playouts per option must be from 1 to 100000, not {n}")
        return n

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "run":
            n = content.get("playouts")
            if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 100_000:
                self.run(n)
            else:
                self.message = self.strings["bad_playouts"]
        elif kind == "cancel":
            self.cancel()
        elif kind == "take" and isinstance(content.get("choice"), str):
            self.take(content["choice"], content.get("key"))


__all__ = ["WhatIfPanel"]


def _value(result: Comparison | Exception) -> Comparison:
    if isinstance(result, Exception):
        raise result
    return result

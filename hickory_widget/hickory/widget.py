"""The Jupyter widget: the board drawn in the browser from one view-model trait, played by clicking.

The engine stays the only judge of the rules. Python sends the whole view model (plain JSON, with a version)
on every change, and the log apart from it in pages, so that a move sends only the log's newest entries; the
browser sends intents ("choose X at version n", "undo", ...). An intent made against an older version, a
malformed one, or an illegal choice is refused with a visible message and changes nothing.
Errors raised while handling an intent are shown in the widget, never lost.
"""

from __future__ import annotations

import logging
import re
import traceback
import weakref
from collections import deque
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.doors import bounded
from ..core.protocol import IllegalChoice
from . import bots
from .game import Game
from .i18n import check_language, t
from .intents import IntentRefused, parse_intent
from .svg import board_svg
from .timeline import check_step, game_at, rewind
from .view import LogCache, build, log_view, rule_table
from .why_not import candidate_for, why_not

JS_FILES = ("geometry.mjs", "board.mjs", "widget.mjs")
"""Front-end modules, in dependency order; see :func:`bundle`."""
SEAT_KINDS = ("human", "random", "greedy")
PLAY_UNTIL = ("activation", "tick", "round", "end")
MAX_MESSAGE = 500
LOG_PAGE = 128
"""Log entries per page of the ``log_pages`` trait."""
"""Longest refusal shown to the user."""
log = logging.getLogger(__name__)


def _js_dir() -> Path:
    """The package's own copy (a built wheel) or the repository's top-level ``js/`` (editable install)."""
    here = Path(__file__).parent
    top = here.parent.parent / "js"
    for candidate in (here / "static", top):
        if (candidate / JS_FILES[-1]).exists():
            return candidate
    raise FileNotFoundError(f"the widget's front end ({', '.join(JS_FILES)}) was found neither in {here / 'static'} "
                            f"nor in {top}")


def bundle(directory: Path | None = None) -> str:
    """Joins the front-end modules into the single ES module anywidget loads.

    anywidget takes one module as a string, so relative imports cannot work at run time. The modules are
    written to be joined: their ``import`` lines are dropped and ``export`` is removed, except the widget's
    ``export default``. Node's test runner imports the same files as ordinary modules.
    """
    directory = directory or _js_dir()
    parts = []
    for name in JS_FILES:
        text = (directory / name).read_text(encoding="utf-8")
        text = re.sub(r"^import .*?;\s*$", "", text, flags=re.M | re.S)
        text = re.sub(r"^export (?!default)", "", text, flags=re.M)
        parts.append(f"// ---- {name}\n{text}")
    return "\n".join(parts)


def css() -> str:
    path = _js_dir() / "widget.css"
    return path.read_text(encoding="utf-8") if path.exists() else ""


class LanguageError(traitlets.TraitError, ValueError):
    """An unknown ``language`` (a ValueError as well as a TraitError)."""


class HickoryWidget(anywidget.AnyWidget):
    """Shows a :class:`Game` and lets you play it by clicking; ``HickoryWidget(game)`` or ``game.widget()``.

    The board and Python stay one: a change made to ``w.game`` from Python (``choose``, ``undo``, ``force``, or a
    new game assigned to ``w.game``) is drawn after the cell that made it, and a click made on the older picture
    is refused. ``w.refresh()`` redraws at once (for a change made outside a notebook cell, e.g. in a thread).
    """

    _esm = bundle()
    _css = css()
    view = traitlets.Dict().tag(sync=True)
    """The board as last drawn (see :func:`.view.build`), without the log, which travels in the three traits
    below so that a click sends only what changed: the board, the log's newest entries."""
    texts = traitlets.Dict().tag(sync=True)
    """The view model's ``ui`` texts (every word the widget shows, in its language), sent apart from the view:
    they change only with the language."""
    log_pages = traitlets.List().tag(sync=True)
    """The log's full pages of LOG_PAGE entries each (:func:`.view.log_view`, rule ids without explanations);
    sent again only when a page fills up, the language changes or the past is rewritten (undo, a branch)."""
    log_tail = traitlets.List().tag(sync=True)
    """The log's entries after its last full page (the only log part most moves change)."""
    rule_texts = traitlets.Dict().tag(sync=True)
    """{"lang": the widget's language, "texts": {rule id: its short explanation}} for every rule the log names
    (sent again only when a new rule id turns up or the language changes)."""
    error = traitlets.Unicode("").tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    """The answer to the last "why can't I?" question (a click on a spot that is not a legal choice)."""
    language = traitlets.Unicode("en").tag(sync=True)
    """The language of every text the widget shows: one of ``LANGUAGES`` ("en", "it", "de"); switches live."""
    animate = traitlets.Bool(True).tag(sync=True)
    show_secrets = traitlets.Bool(False).tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)
    """Large print for a projected screen: bigger text, mice and tiles, the clock first."""
    seats = traitlets.Dict().tag(sync=True)
    """Who plays each color: {"red": "greedy", "blue": "random"}; colors not named are "human". The seat menus
    show this trait and set it; bots play their seats until a human seat must decide."""
    allow_force = traitlets.Bool(False)
    """Teacher setting, off by default: when True the browser may fix the next die roll or bag draw (a "force"
    intent, like ``game.force``). Set from Python only (``HickoryWidget(game, allow_force=True)``); it is not
    synced, so the browser cannot switch it on."""

    def __init__(self, game: Game | None = None, *, seats: dict[str, str] | None = None, **kwargs: Any) -> None:
        self._game = game if game is not None else Game.new()
        self._version = 0
        self.developer_log: deque[str] = deque(maxlen=50)
        """Tracebacks of intents that failed inside Python (the user only reads a short sentence)."""
        self._synced: tuple[Any, ...] = ()
        self._look: int | None = None
        self._twin: Game | None = None
        self._replay_from = 0
        """Where "Replay" starts: the step before the last move made through the widget by a human seat."""
        self._log_cache: LogCache = {}
        super().__init__(**kwargs)
        self.seats = self._check_seats(seats or {})
        self.on_msg(self._on_msg)
        self._after_move()
        _redraw_after_each_cell(self)

    # ---------------------------------------------------------------------------------------- Python API
    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        """A new game or position from Python: drawn at once (seats of colors it lacks are dropped)."""
        if not isinstance(game, Game):
            raise TypeError(f"w.game must be a hickory_widget Game, not {type(game).__name__}")
        self._game = game
        self._look = None
        self.seats = {c: k for c, k in self.seats.items() if c in game.state.colors}
        self._after_move()

    def refresh(self) -> None:
        """Redraws the board from ``w.game`` (bots take their seats first). Changes made in a notebook cell are
        drawn after the cell anyway; call this for one made elsewhere (a thread, a callback)."""
        self._after_move()

    def choose(self, choice_id: str) -> None:
        """Applies a choice as if clicked (bots then take their seats)."""
        self.game.choose(choice_id)
        self._replay_from = len(self.game.history) - 1
        self._after_move()

    def undo(self) -> None:
        """Takes back the last human decision and the bot moves after it (one step when no bot is seated)."""
        game = self.game
        if not game.can_undo:
            raise IllegalChoice(self._t("ui.error.nothing_to_undo"))
        if not self._bots_seated():
            game.undo()
            self._refresh()
            return
        taken = 0
        while game.can_undo:
            game.undo()
            taken += 1
            if self._bot(game.decision.player) is None:  # type: ignore[union-attr]
                break
        else:  # only bots have decided so far: put their moves back and say so
            for _ in range(taken):
                game.redo()
            raise IllegalChoice(self._t("ui.error.no_human_move"))
        self._refresh()

    def redo(self) -> None:
        """Puts back the last undone human decision and the bot moves that followed it."""
        game = self.game
        if not game.can_redo:
            raise IllegalChoice(self._t("ui.error.nothing_to_redo"))
        game.redo()
        while game.can_redo and not game.over and self._bot(game.decision.player) is not None:  # type: ignore
            game.redo()
        self._after_move()

    def play(self, until: str = "tick") -> int:
        """Plays on to the end of the current activation, Tick, round or game. Seats with a bot use it; human
        seats are played by the greedy bot too (the buttons say so). Returns how many choices were made."""
        if until not in PLAY_UNTIL:
            raise ValueError(f"play(until={until!r}): until is one of {', '.join(PLAY_UNTIL)}")
        game = self.game
        start_minute, start_hour, start_events = game.state.minute, game.state.hour, len(game.events)
        self._replay_from = len(game.history)
        made = 0
        while not game.over and made < 20_000:
            color = game.decision.player  # type: ignore[union-attr]
            game.choose(self._bot(color, default="greedy").choose(game))  # type: ignore[union-attr]
            made += 1
            if until == "tick" and game.state.minute != start_minute:
                break
            if until == "round" and game.state.hour != start_hour:
                break
            if until == "activation" and (game.state.minute != start_minute or any(
                    e["kind"] == "mouse_activated" for e in game.events[start_events + 1:])):
                break
        self._after_move()  # the bots' seats play on to the next human decision
        return made

    def new_game(self, players: int | list[str] = 4, seed: int = 1, **options: Any) -> None:
        self.game = Game.new(players, seed, **options)

    def what_if(self, **kwargs: Any) -> Any:
        """A "what if?" panel for this board's current decision (``WhatIfPanel``; kwargs: playouts, bot, ...)."""
        from .whatif_panel import WhatIfPanel

        return WhatIfPanel(self, **kwargs)

    def why_not(self, choice_id: str | None) -> str:
        """Why an option is not legal now, in the widget's language (R111 for a paw, R89 for a leap, ...)."""
        if not choice_id:
            return t(self.language, "why.generic", legal="; ".join(c["label"] for c in self.view["decision"]["choices"])
                     ) if self.view.get("decision") else t(self.language, "why.over")
        return why_not(self.game, choice_id, self.language)

    def set_seats(self, seats: dict[str, str]) -> None:
        """Which colors bots play: {"red": "greedy", "blue": "random", "yellow": "human"}; the seat menus follow."""
        self.seats = {**self.seats, **self._check_seats(seats)}

    def look(self, step: int | None) -> None:
        """Shows the board as it was after ``step`` history entries (read-only); ``None`` returns to now."""
        self._look = None if step is None or step == len(self.game.history) else check_step(self.game, step)
        self._refresh()

    def continue_from(self, step: int) -> None:
        """Goes back to after ``step`` entries to play on from there: a new choice starts a branch; until then
        Redo walks the old line again."""
        rewind(self.game, step)
        self._look = None
        self._refresh()

    # ---------------------------------------------------------------------------------------- internals
    def _t(self, key: str, **values: Any) -> str:
        return t(self.language, key, **values)

    def _check_seats(self, seats: Any) -> dict[str, str]:
        if not isinstance(seats, dict):
            raise ValueError(f"seats must map colors to one of {SEAT_KINDS}, got {seats!r}")
        for color, kind in seats.items():
            if color not in self.game.state.colors:
                raise ValueError(f"no {color!r} player in this game; players: {', '.join(self.game.state.colors)}")
            if kind not in SEAT_KINDS:
                raise ValueError(f"seat kind for {color} must be one of {', '.join(SEAT_KINDS)}, got {kind!r}")
        return dict(seats)

    @traitlets.validate("seats")
    def _valid_seats(self, proposal: dict[str, Any]) -> dict[str, str]:
        try:
            return {c: k for c, k in self._check_seats(proposal["value"]).items() if k != "human"}
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.observe("seats")
    def _seats_changed(self, change: dict[str, Any]) -> None:
        if change["old"] != change["new"] and hasattr(self, "_synced") and self._synced:
            self._after_move()

    def _bots_seated(self) -> bool:
        return any(k != "human" for k in self.seats.values())

    def _bot(self, color: str, default: str | None = None) -> bots.Bot | None:
        kind = self.seats.get(color, "human")
        if kind == "human":
            kind = default or "human"
        seed = len(self.game.history)
        return {"random": bots.RandomBot(seed), "greedy": bots.GreedyBot(seed)}.get(kind)

    def _after_move(self) -> None:
        """Lets the bots take their seats until a human seat must decide, then redraws."""
        game = self.game
        made = 0
        while not game.over and made < 20_000:
            bot = self._bot(game.decision.player)  # type: ignore[union-attr]
            if bot is None:
                break
            game.choose(bot.choose(game))
            made += 1
        self._look = None
        self._refresh()

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict[str, Any]) -> str:
        try:
            return check_language(proposal["value"])
        except ValueError as exc:
            self.error = f"{exc}"
            raise LanguageError(f"{exc}") from None

    @traitlets.observe("language")
    def _language_changed(self, change: dict[str, Any]) -> None:
        if change["old"] != change["new"] and hasattr(self, "_game"):
            self.error = ""
            self._refresh()

    def set_language(self, lang: str) -> None:
        """Switches every text to ``lang`` (one of en, it, de); an unknown one raises ValueError."""
        self.language = check_language(lang)

    def _signature(self) -> tuple[Any, ...]:
        """What tells whether ``game`` changed behind the widget's back (a choice, undo, redo, force, new game)."""
        history = self.game.history
        return id(self.game), len(history), history[-1:], self.game.can_redo

    def _changed_from_python(self) -> bool:
        return self._signature() != self._synced

    def _sync(self) -> None:
        """Redraws if the game was changed from Python since the last drawing (called after each cell)."""
        if self._changed_from_python():
            self._after_move()

    def _refresh(self) -> None:
        self._version += 1
        shown = self.game
        if self._look is not None:
            self._twin = game_at(self.game, self._look, self._twin)
            shown = self._twin
        if len(self._log_cache) > 20_000:  # stale branches and languages
            self._log_cache.clear()
        view = build(shown, self._version, self.language, with_log=False)
        del view["log"]  # sent apart, see _send_log
        texts = view.pop("ui")  # sent apart: the same on every move
        if self._look is not None:
            view["decision"] = None if view["decision"] is None else {**view["decision"], "choices": []}
            view["looking"] = {"step": self._look, "steps": len(self.game.history)}
            view["can_undo"] = view["can_redo"] = False
        view["replay_from"] = min(self._replay_from, len(self.game.history))
        self._send_log()  # before the view: the front end draws when the view arrives
        self.texts = texts  # traitlets sends it only when it changed (the language)
        self.view = view
        self._synced = self._signature()

    def _send_log(self) -> None:
        """The whole game's log (also while looking back, to walk on), in pages: traitlets sends a trait only
        when its value changed, so a move sends the tail and the pages travel again only when they change."""
        entries = log_view(self.game, self.language, self._log_cache, explained=False)
        full = len(entries) - len(entries) % LOG_PAGE
        self.log_pages = [entries[i:i + LOG_PAGE] for i in range(0, full, LOG_PAGE)]
        self.log_tail = entries[full:]
        known = self.rule_texts.get("texts", {})
        if self.rule_texts.get("lang") != self.language or any(r not in known for e in entries for r in e["rules"]):
            self.rule_texts = {"lang": self.language, "texts": rule_table(entries, self.language)}

    @property
    def log(self) -> list[dict[str, Any]]:
        """The history panel's entries (every event of ``w.game``), rule texts in :attr:`rule_texts`."""
        return [e for page in self.log_pages for e in page] + list(self.log_tail)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus the board as a static SVG picture for pages without widget state (an HTML
        export, GitHub, nbviewer); JupyterLab and Notebook 7 prefer the live widget."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["image/svg+xml"] = board_svg({**self.view, "ui": self.texts})
        return bundle

    def _refuse(self, message: str) -> None:
        self.error = bounded(message, MAX_MESSAGE)

    def _say(self, key: str, **params: Any) -> None:
        """Refuses with one short sentence of the ``door.`` catalog block, in the widget's language."""
        self._refuse(t(self.language, key, **params))

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Every message from the browser: checked by ``intents.parse_intent``, then applied or refused. The
        user reads one short sentence; a traceback goes to ``developer_log`` and the module's logger."""
        try:
            intent = parse_intent(content, self._version)
        except IntentRefused as refused:
            self._say(refused.key, **refused.params)
            return
        kind = intent["type"]
        try:
            self._handle(intent)
        except IllegalChoice as exc:
            self._note(exc, trace=False)
            if kind == "choose":  # the legal options by their labels, in the user's language
                self._refuse(self._illegal(intent["id"]))
            elif kind in ("undo", "redo", "continue", "look"):  # the widget's own refusals, already a sentence
                self._refuse(str(exc))
            else:
                self._say("door.refused")
        except ValueError as exc:  # a value the engine refuses (an unknown seat color, ...)
            self._note(exc, trace=False)
            self._say("door.refused")
        except Exception as exc:  # never lost, never a traceback for the user: the developer log has it
            self._note(exc)
            self._say("door.engine")

    def _note(self, exc: BaseException, trace: bool = True) -> None:
        """Keeps what went wrong for the notebook's developer: the engine's full message, and the traceback
        of anything unexpected (logged as a warning)."""
        if not trace:
            self.developer_log.append(bounded(f"{type(exc).__name__}: {exc}", 5000))
            log.debug("intent refused: %s", self.developer_log[-1])
            return
        text = bounded("".join(traceback.format_exception(exc)), 20_000)
        self.developer_log.append(text)
        log.warning("intent failed: %s", text)

    def _handle(self, content: dict[str, Any]) -> None:
        """Applies an intent already checked by ``parse_intent`` (every field present and of its type)."""
        kind = content["type"]
        if kind == "hello":  # the front end asks whether a kernel answers (an exported page gets no answer)
            self.send({"type": "alive"})
            return
        if kind == "dismiss":
            self.error = ""
            self.explanation = ""
            return
        if self._changed_from_python():  # the picture the click was made on is out of date
            self._after_move()
            self._refuse(self._t("ui.error.changed_in_python"))
            return
        if kind == "why":
            self.explanation = self.why_not(content.get("id") or candidate_for(self.game, content.get("target")))
            return
        if kind == "toggle":
            name = content["name"]
            setattr(self, name, not getattr(self, name))
            return
        if kind == "look":  # read-only, so not tied to the version: a replay sends one step after another
            step = content["step"]
            self.error = ""
            self.look(None if step is None else self._step(step))
            return
        if kind == "force" and not self.allow_force:
            self._say("door.no_force")
            return
        self.error = ""
        self.explanation = ""
        if kind == "continue":
            self.continue_from(self._step(content.get("step")))
        elif self._look is not None:
            self._refuse(self._t("ui.error.looking_back"))
        elif kind == "choose":
            choice = content.get("id")
            if not isinstance(choice, str) or choice not in self.game.choice_ids:
                self._refuse(self._illegal(choice))
                return
            self.choose(choice)
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "play":
            until = content.get("until", "tick")
            if until not in PLAY_UNTIL:
                self._refuse(self._t("ui.error.play_until", got=repr(until), allowed=", ".join(PLAY_UNTIL)))
                return
            self.play(until)
        elif kind == "new_game":
            self.new_game(content.get("players", 4), content.get("seed", 1))
        elif kind == "bots":
            self.set_seats(content.get("seats", {}))
        elif kind == "force":
            self.game.force(content["what"], content["value"])
            self._refresh()

    def _step(self, step: Any) -> int:
        try:
            return check_step(self.game, step)
        except ValueError:
            raise IllegalChoice(self._t("ui.error.step", got=repr(step), last=len(self.game.history))) from None

    def _illegal(self, choice: Any) -> str:
        """A refused choice, in words a player reads: the legal options by their labels, not their ids."""
        legal = "; ".join(c["label"] for c in (self.view.get("decision") or {}).get("choices", []))
        if self.game.over:
            return self._t("ui.error.over")
        return self._t("ui.error.illegal", legal=legal)




def _redraw_after_each_cell(widget: HickoryWidget) -> None:
    """Registers a check after every notebook cell, so ``w.game.choose(...)`` in a cell redraws the board.

    The hook holds the widget weakly and removes itself once the widget is gone."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    ref = weakref.ref(widget)

    def after_cell(*_args: Any) -> None:
        w = ref()
        if w is None:
            shell.events.unregister("post_run_cell", after_cell)
            return
        try:
            w._sync()
        except Exception as exc:  # never break the user's cell
            w._refuse(f"{type(exc).__name__}: {exc}")

    shell.events.register("post_run_cell", after_cell)

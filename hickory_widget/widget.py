"""The Jupyter widget: the board drawn in the browser from one view-model trait, played by clicking.

The engine stays the only judge of the rules. Python sends the whole view model (plain JSON, with a version)
on every change; the browser sends intents ("choose X at version n", "undo", ...). An intent made against an
older version, a malformed one, or an illegal choice is refused with a visible message and changes nothing.
Errors raised while handling an intent are shown in the widget, never lost.
"""

from __future__ import annotations

import logging
import re
import traceback
from collections import deque
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from . import bots
from .decisions import IllegalChoice
from .doors import bounded, excerpt
from .game import Game
from .i18n import check_language, t
from .intents import IntentRefused, parse_intent
from .view import build
from .why_not import candidate_for, why_not

JS_FILES = ("geometry.mjs", "board.mjs", "widget.mjs")
"""Front-end modules, in dependency order; see :func:`bundle`."""
SEAT_KINDS = ("human", "random", "greedy")
PLAY_UNTIL = ("activation", "tick", "round", "end")
MAX_MESSAGE = 500
"""Longest refusal shown to the user."""
log = logging.getLogger(__name__)


def _js_dir() -> Path:
    """The package's own copy (a built wheel) or the repository's top-level ``js/`` (editable install)."""
    here = Path(__file__).parent
    for candidate in (here / "static", here.parent / "js"):
        if (candidate / JS_FILES[-1]).exists():
            return candidate
    raise FileNotFoundError(f"the widget's front end ({', '.join(JS_FILES)}) was found neither in {here / 'static'} "
                            f"nor in {here.parent / 'js'}")


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
    """Shows a :class:`Game` and lets you play it by clicking; ``HickoryWidget(game)`` or ``game.widget()``."""

    _esm = bundle()
    _css = css()
    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    """The answer to the last "why can't I?" question (a click on a spot that is not a legal choice)."""
    language = traitlets.Unicode("en").tag(sync=True)
    """The language of every text the widget shows: one of ``LANGUAGES`` ("en", "it", "de"); switches live."""
    animate = traitlets.Bool(True).tag(sync=True)
    show_secrets = traitlets.Bool(False).tag(sync=True)
    seats = traitlets.Dict().tag(sync=True)
    allow_force = traitlets.Bool(False)
    """Teacher setting, off by default: when True the browser may fix the next die roll or bag draw (a "force"
    intent, like ``game.force``). Set from Python only (``HickoryWidget(game, allow_force=True)``); it is not
    synced, so the browser cannot switch it on."""

    def __init__(self, game: Game | None = None, *, seats: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game if game is not None else Game.new()
        self._version = 0
        self.developer_log: deque[str] = deque(maxlen=50)
        """Tracebacks of intents that failed inside Python (the user only reads a short sentence)."""
        self.seats = self._check_seats(seats or {})
        self.on_msg(self._on_msg)
        self._refresh()

    # ---------------------------------------------------------------------------------------- Python API
    def choose(self, choice_id: str) -> None:
        """Applies a choice as if clicked (bots then take their seats)."""
        self.game.choose(choice_id)
        self._after_move()

    def undo(self) -> None:
        self.game.undo()
        self._refresh()

    def redo(self) -> None:
        self.game.redo()
        self._refresh()

    def play(self, until: str = "tick") -> int:
        """Plays on to the end of the current activation, Tick, round or game. Seats with a bot use it; the
        others are played by the greedy bot. Returns how many choices were made."""
        if until not in PLAY_UNTIL:
            raise ValueError(f"play(until={until!r}): until is one of {', '.join(PLAY_UNTIL)}")
        game = self.game
        start_minute, start_hour, start_events = game.state.minute, game.state.hour, len(game.events)
        made = 0
        while not game.over and made < 20_000:
            color = game.decision.player  # type: ignore[union-attr]
            game.choose(self._bot(color, default="greedy").choose(game))
            made += 1
            if until == "tick" and game.state.minute != start_minute:
                break
            if until == "round" and game.state.hour != start_hour:
                break
            if until == "activation" and (game.state.minute != start_minute or any(
                    e["kind"] == "mouse_activated" for e in game.events[start_events + 1:])):
                break
        self._refresh()
        return made

    def new_game(self, players: int | list[str] = 4, seed: int = 1, **options: Any) -> None:
        self.game = Game.new(players, seed, **options)
        self.seats = {c: k for c, k in self.seats.items() if c in self.game.state.colors}
        self._after_move()

    def why_not(self, choice_id: str | None) -> str:
        """Why an option is not legal now, in the widget's language (R111 for a paw, R89 for a leap, ...)."""
        if not choice_id:
            return t(self.language, "why.generic", legal="; ".join(c["label"] for c in self.view["decision"]["choices"])
                     ) if self.view.get("decision") else t(self.language, "why.over")
        return why_not(self.game, choice_id, self.language)

    def set_seats(self, seats: dict[str, str]) -> None:
        """Which colors bots play: {"red": "greedy", "blue": "random", "yellow": "human"}."""
        self.seats = {**self.seats, **self._check_seats(seats)}
        self._after_move()

    # ---------------------------------------------------------------------------------------- internals
    def _check_seats(self, seats: Any) -> dict[str, str]:
        if not isinstance(seats, dict):
            raise ValueError(f"seats must map colors to one of {SEAT_KINDS}, got {seats!r}")
        for color, kind in seats.items():
            if color not in self.game.state.colors:
                raise ValueError(f"no {color!r} player in this game; players: {', '.join(self.game.state.colors)}")
            if kind not in SEAT_KINDS:
                raise ValueError(f"seat kind for {color} must be one of {', '.join(SEAT_KINDS)}, got {kind!r}")
        return dict(seats)

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
        if change["old"] != change["new"] and hasattr(self, "game"):
            self.error = ""
            self._refresh()

    def set_language(self, lang: str) -> None:
        """Switches every text to ``lang`` (one of en, it, de); an unknown one raises ValueError."""
        self.language = check_language(lang)

    def _refresh(self) -> None:
        self._version += 1
        self.view = build(self.game, self._version, self.language)

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
            if kind == "choose":
                legal = ", ".join(self.game.choice_ids) or "—"
                self._say("door.illegal", id=excerpt(intent["id"], 40), legal=bounded(legal, 300))
            elif kind in ("undo", "redo"):
                self._say(f"door.nothing_to_{kind}")
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
        if kind == "dismiss":
            self.error = ""
            self.explanation = ""
            return
        if kind == "why":
            self.explanation = self.why_not(content.get("id") or candidate_for(self.game, content.get("target")))
            return
        if kind == "toggle":
            name = content["name"]
            setattr(self, name, not getattr(self, name))
            return
        if kind == "force" and not self.allow_force:
            self._say("door.no_force")
            return
        self.error = ""
        self.explanation = ""
        if kind == "choose":
            choice = content.get("id")
            self.game.choose(choice)  # IllegalChoice says what is legal
            self._after_move()
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "play":
            self.play(content.get("until", "tick"))
        elif kind == "new_game":
            self.new_game(content.get("players", 4), content.get("seed", 1))
        elif kind == "bots":
            self.set_seats(content.get("seats", {}))
        elif kind == "force":
            self.game.force(content["what"], content["value"])
            self._refresh()

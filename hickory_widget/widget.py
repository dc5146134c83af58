"""The Jupyter widget: the board drawn in the browser from one view-model trait, played by clicking.

The engine stays the only judge of the rules. Python sends the whole view model (plain JSON, with a version)
on every change; the browser sends intents ("choose X at version n", "undo", ...). An intent made against an
older version, a malformed one, or an illegal choice is refused with a visible message and changes nothing.
Errors raised while handling an intent are shown in the widget, never lost.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from . import bots
from .decisions import IllegalChoice
from .game import Game
from .i18n import check_language, t
from .view import build
from .why_not import candidate_for, why_not

JS_FILES = ("geometry.mjs", "board.mjs", "widget.mjs")
"""Front-end modules, in dependency order; see :func:`bundle`."""
SEAT_KINDS = ("human", "random", "greedy")
PLAY_UNTIL = ("activation", "tick", "round", "end")


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

    def __init__(self, game: Game | None = None, *, seats: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game if game is not None else Game.new()
        self._version = 0
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
        self.error = message

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        try:
            self._handle(content)
        except IllegalChoice as exc:
            self._refuse(str(exc))
        except Exception as exc:  # shown in the widget: an exception in a callback must never be lost
            self._refuse(f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}")

    def _handle(self, content: Any) -> None:
        kinds = ("choose", "undo", "redo", "play", "new_game", "bots", "toggle", "dismiss", "why")
        if not isinstance(content, dict) or content.get("type") not in kinds:
            self._refuse(f"the browser sent a message this widget does not understand ({content!r}); "
                         f"messages have a type among {', '.join(kinds)}")
            return
        kind = content["type"]
        if kind == "dismiss":
            self.error = ""
            self.explanation = ""
            return
        if kind == "why":
            self.explanation = self.why_not(content.get("id") or candidate_for(self.game, content.get("target")))
            return
        if kind == "toggle":
            name = content.get("name")
            if name not in ("animate", "show_secrets"):
                self._refuse(f"cannot toggle {name!r}; toggles: animate, show_secrets")
                return
            setattr(self, name, not getattr(self, name))
            return
        version = content.get("version")
        if version != self._version:
            self._refuse(f"that click was made on an older board (version {version!r}, the board is now at "
                         f"version {self._version}), so nothing was done: look again and choose anew")
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

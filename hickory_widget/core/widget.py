"""The widget shell every game shares: one synced view model, versioned intents, seats and bots, undo and redo,
languages, and a static SVG in the output so a saved notebook shows the game without a kernel.

A game's widget subclasses :class:`GameWidget`, names its front end's bundle (``_esm``/``_css``, see
:mod:`.frontend`) and implements :meth:`GameWidget.board`, :meth:`GameWidget.log` and :meth:`GameWidget.result`.
The front end is the shell (``js/core/shell.mjs``: the one layout system, with its controls bar, message area,
decision panel and log frames) and its entry point for such games (``js/core/widget.mjs``: ``gameWidget``), given
the game's ``drawBoard(el, view, ctx)`` by the game's entry module (``js/widgets/<game>.mjs``) and bundled by
esbuild into the one ES module anywidget loads. A game
with a richer board (Hickory Dickory) plugs its own entry point into the same shell, sets anywidget's
``_esm``/``_css`` itself, its own intent table and :meth:`GameWidget.publish`; everything else (seats and bots,
undo and redo, languages, refusals, the developer log, pictures) is the same code. The engine stays the only judge
of the rules: an intent made against an older version, a malformed one, or an illegal choice is refused with a
short visible sentence and changes nothing.
"""

from __future__ import annotations

import logging
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from . import bots
from .doors import bounded, excerpt
from .intents import SEAT_KINDS, SHELL_INTENTS, IntentRefused, Intents, changes_game, parse_intent
from .messages import LANGUAGES, Catalog, check_language
from .protocol import IllegalChoice

SHELL = Catalog(Path(__file__).parent / "messages")
INTENTS = tuple(SHELL_INTENTS)
MOVE_LIMIT = 20_000
MAX_MESSAGE = 500
"""Longest refusal shown to the user."""
log = logging.getLogger(__name__)

__all__ = ["MAX_MESSAGE", "MOVE_LIMIT", "SEAT_KINDS", "SHELL", "GameWidget", "LanguageError"]


class LanguageError(traitlets.TraitError, ValueError):
    """An unknown ``language`` (a ValueError as well as a TraitError)."""


class GameWidget(anywidget.AnyWidget):
    """Shows a game on the core and lets people (and bots, per seat) play it by clicking.

    Hooks for a game (class attributes and methods a subclass sets or overrides):

    * front end: anywidget's ``_esm``/``_css``, the game's bundle (``frontend.esm(name)``/``frontend.css(name)``,
      built by esbuild from ``js/widgets/<name>.mjs``: the shell's ``gameWidget(drawBoard)`` around the game's
      drawing, or a whole front end of the game's own);
    * view model: :meth:`board`, :meth:`log`, :meth:`result`, :meth:`title` for the shell's view, or
      :meth:`publish` to send a view of the game's own shape (in any number of traits);
    * intents: ``intents``, the table of what the front end may send (``core/intents.py``), and one handler
      ``intent_<kind>(intent)`` per kind (checked when the class is made); :meth:`admit` for checks that hold for
      every intent; :meth:`refusal` for the sentence an engine refusal shows; :meth:`text` for the widget's words;
    * extra traits: declared on the subclass as usual; ``redraw_on`` names the traits whose change redraws;
    * bots: :meth:`make_bot`, ``undo_over_bots``; players: :attr:`players`; the picture: :meth:`static_svg`.

    The board and Python stay one: a change made to ``w.game`` from Python (``choose``, ``undo``, ``force``, or a
    new game assigned to ``w.game``) is drawn after the notebook cell that made it; ``w.refresh()`` redraws at once.
    """

    intents: ClassVar[Intents] = SHELL_INTENTS
    """The intents this widget's front end sends, with their fields (see :mod:`hickory_widget.core.intents`)."""
    redraw_on: ClassVar[tuple[str, ...]] = ("show_secrets", "pass_and_play")
    """Traits (besides ``language``) whose change redraws the view: those the Python view model reads."""
    game_type: ClassVar[type] = object
    """What ``w.game`` may be set to."""
    undo_over_bots: ClassVar[bool] = True
    bot_levels: ClassVar[Mapping[str, Callable[[int], Any]]] = bots.LEVELS
    """The bots a seat may be given, weakest first: name -> (seed -> bot). The seat menus offer "human" and these
    (:attr:`seat_kinds`); a game with its own bots (Hickory Dickory) gives its own levels."""
    """Whether Undo, at a table of humans and bots, takes back the last human decision and the bot moves after it,
    and Redo puts them back (what a player undoing "my move" means), rather than one move at a time (a bot's move
    put back would wait for "one bot move"). With no bot, or no human, seated, Undo always steps one move."""

    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    """The last refusal, one short sentence in the widget's language ("" when none)."""
    language = traitlets.Unicode("en").tag(sync=True)
    """The language of every text the widget shows: one of ``LANGUAGES`` ("en", "it", "de"); switches live."""
    show_secrets = traitlets.Bool(False).tag(sync=True)
    """Asks to show what the players not to move keep hidden (hands, discarded cards); it takes effect only where
    the notebook's author allows it (``allow_secrets``) and never while a pass-and-play curtain is up."""
    allow_secrets = traitlets.Bool(False)
    """A teacher's setting, from Python only (``ClocktowersWidget(game, allow_secrets=True)``, like Hickory
    Dickory's ``allow_force``): whether hidden cards may be shown at all. Not synced, so no browser can set it."""
    seats = traitlets.Dict().tag(sync=True)
    """Who plays each player: {"P2": "greedy", "P3": "random"}; players not named are "human". The seat menus show
    this trait and set it; bots play their seats until a human seat must decide."""
    seat_kinds = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    """What a seat menu offers: "human", then the game's bot levels weakest first (:attr:`bot_levels`). The front end
    draws its menus from this list; a seat intent naming anything else is refused (``door.seat_kind``)."""
    picture = traitlets.Dict().tag(sync=True)
    """The last exported picture: ``{"svg": text, "name": file name, "n": count}``; the browser downloads it."""
    pass_and_play = traitlets.Bool(False).tag(sync=True)
    """One screen passed from player to player: before a human seat makes a secret choice, the view hides every
    hand and asks that the screen be handed over; the player then shows their own hand (intent ``ready``)."""
    projector = traitlets.Bool(False).tag(sync=True)
    """Large print for a classroom projector: every text of the board, the choices, the log and the controls at 16 CSS
    px or more, the board laid out (wrapped, stacked, scrolled) rather than shrunk. Set from Python
    (``game.widget(projector=True)``) or by the checkbox (intent ``projector``); only the front end reads it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [kind for kind in cls.intents if not callable(getattr(cls, f"intent_{kind}", None))]
        if missing:
            raise TypeError(f"{cls.__name__} lists intents without a handler: "
                            f"{', '.join('intent_' + k for k in missing)}")

    def __init__(self, game: Any, *, seats: dict[str, str] | None = None, language: str = "en",
                 **kwargs: Any) -> None:
        self._game = game
        self._version = 0
        self._synced: tuple[Any, ...] = ()
        self._shown: str | None = None
        self._recent_from: int | None = None
        """Log lines before the bots' answer to the last human move: the shell shows the lines since then."""
        """In pass-and-play: the player who last said the screen is theirs."""
        self.developer_log: deque[str] = deque(maxlen=50)
        """What went wrong inside Python while handling intents (tracebacks of the unexpected); the user only reads
        a short sentence."""
        super().__init__(language=language, **kwargs)
        self.seats = self._check_seats(seats or {})
        if self.redraw_on:
            self.observe(self._redraw, names=list(self.redraw_on))
        self.on_msg(self._on_msg)
        self._after_move()
        _redraw_after_each_cell(self)

    # ---------------------------------------------------------------------------------------- for a game
    def board(self, lang: str, secrets: bool) -> dict[str, Any]:
        """The game's part of the shell's view model (plain JSON), read by its ``drawBoard``."""
        raise NotImplementedError

    def log(self, lang: str, secrets: bool) -> list[str]:
        """What happened, one line per event, oldest first."""
        raise NotImplementedError

    def result(self, lang: str) -> str:
        """The outcome shown once the game is over."""
        raise NotImplementedError

    def title(self, lang: str) -> str:
        """The game's name, shown at the top."""
        return SHELL.t(lang, "shell.title")

    def recent_mark(self) -> int | None:
        """The number of log lines now, taken before the bots answer a human move: the shell shows the lines after
        it as "since your last move". None for a game that shows the bots' moves its own way."""
        return len(self.log(self.language, self.secrets_shown))

    def static_svg(self) -> str:
        """The picture of the game now (the output's ``image/svg+xml``, the picture button, ``save_picture``)."""
        return self.game._repr_svg_()

    def publish(self) -> None:
        """Sends the view model of board version ``self._version``; the shell's is :meth:`shell_view`. A game with
        its own front end overrides this and may send its view in several traits (e.g. the log apart)."""
        self.view = self.shell_view()

    def text(self, key: str, **params: Any) -> str:
        """A sentence the shell says (``door.…`` keys: refusals), in the widget's language, from the shell's catalog
        (``core/messages``, key ``shell.<key>``); a game whose catalog words them its own way overrides this."""
        return SHELL.t(self.language, f"shell.{key}", **params)

    def refusal(self, intent: dict[str, Any], exc: Exception) -> str:
        """What the user reads when the engine or the widget refuses an intent (an IllegalChoice, a ValueError).
        A choice the game does not offer is answered in the widget's language with the options there are (the
        engine's own sentence is English, for programmers; behind a curtain the options stay unsaid); the widget's
        own refusals are already a sentence in its language."""
        if isinstance(exc, IllegalChoice) and intent["type"] == "choose":
            said = self.text("not_offered", choice=excerpt(str(intent["id"])))
            if self.curtain is None and self.game.decision is not None:
                labels = "; ".join(c.label for c in self.game.choices_in(self.language))
                said += " " + SHELL.t(self.language, "lesson.legal_now", labels=labels)
            return said
        return str(exc)

    def admit(self, intent: dict[str, Any]) -> bool:
        """Checks that hold for every intent before its handler runs; refuses (sets ``error``) and returns False to
        stop it. The shell's: an intent that changes the game clears the last refusal."""
        if changes_game(self.intents[intent["type"]]):
            self.error = ""
        return True

    @traitlets.default("seat_kinds")
    def _default_seat_kinds(self) -> list[str]:
        return ["human", *self.bot_levels]

    def make_bot(self, kind: str, seed: int) -> Any:
        """The bot for a seat kind other than "human" (anything with ``choose(game) -> choice id``): the level
        ``kind`` of :attr:`bot_levels`."""
        return self.bot_levels[kind](seed)

    def seat_label(self, kind: str) -> str:
        """A seat kind's name in the widget's language (the seat menus' words)."""
        return self.text(f"seat.{kind}")

    @property
    def players(self) -> list[str]:
        """The players (seats) of the game, in seat order."""
        return list(self.game.state.players)

    @property
    def curtain(self) -> str | None:
        """In pass-and-play, the player the screen must be handed to before their hand is shown; else None."""
        decision = self.game.decision
        if not self.pass_and_play or decision is None or not getattr(decision, "secret", False):
            return None
        if self.seats.get(decision.player, "human") != "human" or decision.player == self._shown:
            return None
        return decision.player

    @property
    def viewer(self) -> str | None:
        """The seat whose own secrets (hand, face-down card) the view may show: the player to decide, unless a
        pass-and-play curtain is up (then nobody's). Games with secret choices read it in :meth:`board`."""
        decision = self.game.decision
        if decision is None or self.curtain is not None:
            return None
        return decision.player

    # ---------------------------------------------------------------------------------------- Python API
    @property
    def game(self) -> Any:
        return self._game

    @game.setter
    def game(self, game: Any) -> None:
        """A new game or position from Python: drawn at once (seats of players it lacks are dropped)."""
        if not isinstance(game, self.game_type):
            kind = self.game_type
            raise TypeError(f"w.game must be a {kind.__module__.split('.')[0]} {kind.__name__}, "
                            f"not {type(game).__name__}")
        self._game = game
        self.seats = {p: k for p, k in self.seats.items() if p in self.players}
        self._after_move()

    def refresh(self) -> None:
        """Redraws from ``w.game`` (bots take their seats first). Changes made in a notebook cell are drawn after
        the cell anyway; call this for one made elsewhere (a thread, a callback)."""
        self._after_move()

    def choose(self, choice_id: str) -> None:
        """Applies a choice as if clicked (bots then take their seats)."""
        self.game.choose(choice_id)
        self._after_move()

    def undo(self) -> None:
        """Takes back the last move; with ``undo_over_bots``, the last human decision and the bot moves after it."""
        game = self.game
        if not game.can_undo:
            raise IllegalChoice(self.text("door.nothing_to_undo"))
        self._recent_from = None
        bots_seated = any(k != "human" for k in self.seats.values())
        if not (self.undo_over_bots and bots_seated and self._humans_seated):  # one move at a time
            game.undo()
            self._refresh()
            return
        taken = 0
        while game.can_undo:
            game.undo()
            taken += 1
            if self._bot(game.decision.player) is None:
                break
        else:  # only bots have decided so far: put their moves back and say so
            for _ in range(taken):
                game.redo()
            raise IllegalChoice(self.text("door.no_human_move"))
        self._refresh()

    def redo(self) -> None:
        """Puts back the last undone move; with ``undo_over_bots``, the human decision and the bot moves after it."""
        game = self.game
        if not game.can_redo:
            raise IllegalChoice(self.text("door.nothing_to_redo"))
        game.redo()
        if not self.undo_over_bots:
            self._refresh()
            return
        while game.can_redo and not game.over and self._bot(game.decision.player) is not None:
            game.redo()
        self._after_move()

    def set_seats(self, seats: dict[str, str]) -> None:
        """Which players bots play: {"P1": "greedy", "P2": "random", "P3": "human"}; the seat menus follow and the
        bots play at once."""
        self.seats = {**self.seats, **self._check_seats(seats)}

    def set_language(self, lang: str) -> None:
        """Switches every text to ``lang`` (one of en, it, de); an unknown one raises ValueError."""
        self.language = check_language(lang)

    def ready(self, player: str) -> None:
        """``player`` has the screen: their hand may be shown (pass-and-play)."""
        if self.curtain is None or player != self.curtain:
            raise ValueError(SHELL.t(self.language, "shell.not_your_turn", player=player,
                                     curtain=self.curtain or "-"))
        self._shown = player
        self._refresh()

    def bot_step(self) -> None:
        """One move by the bot of the player to decide (the greedy bot if that seat is human)."""
        if not self.game.over:
            self.game.choose(bots.decide(self.game, self._bot(self.game.decision.player, "greedy")))
        self._after_move()

    def play_bots(self) -> int:
        """Plays to the end, every seat by its bot (human seats by the greedy bot). Returns the moves made."""
        made = 0
        while not self.game.over and made < MOVE_LIMIT:
            self.game.choose(bots.decide(self.game, self._bot(self.game.decision.player, "greedy")))
            made += 1
        self._refresh()
        return made

    def what_if(self, **kwargs: Any) -> Any:
        """A "what if?" panel for this board's current decision (:class:`~.whatif_panel.WhatIfPanel`; kwargs:
        playouts, bot, seed, executor): bots play each option to the end many times; a click on an option's bar
        takes it here."""
        from .whatif_panel import WhatIfPanel

        return WhatIfPanel(self, **kwargs)

    def save_picture(self, path: str | Path) -> Path:
        """Writes the static picture of the game (SVG) to ``path``; the widget's picture button does the same as a
        download."""
        out = Path(path)
        out.write_text(self.static_svg(), encoding="utf-8")
        return out

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus a static SVG picture for pages without widget state (an HTML export, GitHub,
        nbviewer); JupyterLab and Notebook 7 prefer the live widget."""
        out = super()._repr_mimebundle_(**kwargs)
        if out is None:
            return None
        data, meta = out if isinstance(out, tuple) else (out, {})
        return {**data, "image/svg+xml": self.static_svg()}, meta

    # ---------------------------------------------------------------------------------------- the shell's intents
    def intent_choose(self, intent: dict[str, Any]) -> None:
        self.choose(intent["id"])  # IllegalChoice says what is legal

    def intent_undo(self, intent: dict[str, Any]) -> None:
        self.undo()

    def intent_redo(self, intent: dict[str, Any]) -> None:
        self.redo()

    def intent_bot_step(self, intent: dict[str, Any]) -> None:
        self.bot_step()

    def intent_bots_play(self, intent: dict[str, Any]) -> None:
        self.play_bots()

    def intent_seat(self, intent: dict[str, Any]) -> None:
        if self._known_kinds([intent["kind"]]):
            self.set_seats({intent["player"]: intent["kind"]})

    def _known_kinds(self, kinds: Iterable[str]) -> bool:
        """Whether every kind is one this widget's seat menus offer; else refuses (``door.seat_kind``, naming the
        kinds there are) and returns False, so nothing changes (a menu drawn by an older front end, a typing slip)."""
        unknown = next((k for k in kinds if k not in self.seat_kinds), None)
        if unknown is None:
            return True
        self._say("door.seat_kind", kind=excerpt(str(unknown)),
                  kinds=", ".join(self.seat_label(k) for k in self.seat_kinds))
        return False

    def intent_ready(self, intent: dict[str, Any]) -> None:
        self.ready(intent["player"])

    def intent_language(self, intent: dict[str, Any]) -> None:
        self.set_language(intent["lang"])

    def intent_secrets(self, intent: dict[str, Any]) -> None:
        if intent["on"] and not self.allow_secrets:
            self._refuse(SHELL.t(self.language, "shell.secrets_not_allowed"))
        elif intent["on"] and self.curtain is not None:
            self._refuse(SHELL.t(self.language, "shell.secrets_curtain", curtain=self.curtain))
        else:
            self.show_secrets = bool(intent["on"])

    @property
    def secrets_shown(self) -> bool:
        """Whether the view shows hidden cards now: asked for, allowed by the author, and no curtain up."""
        return self.show_secrets and self.allow_secrets and self.curtain is None

    def intent_pass_and_play(self, intent: dict[str, Any]) -> None:
        self.pass_and_play = bool(intent["on"])

    def intent_projector(self, intent: dict[str, Any]) -> None:
        self.projector = bool(intent["on"])

    def intent_picture(self, intent: dict[str, Any]) -> None:
        rules = getattr(self.game, "rules", None)
        name = getattr(rules, "name", type(self.game).__name__.lower())
        self.picture = {"svg": self.static_svg(), "name": f"{name}-{self._version}.svg",
                        "n": self.picture.get("n", 0) + 1}

    def intent_dismiss(self, intent: dict[str, Any]) -> None:
        self.error = ""

    # ---------------------------------------------------------------------------------------- internals
    def shell_view(self) -> dict[str, Any]:
        """The shell's view model (``core/js/shell.mjs`` draws it; the game's part is :meth:`board`)."""
        lang, game = self.language, self.game
        decision = game.decision_in(lang)
        curtain = self.curtain
        choices = [] if curtain else [{"id": c.id, "label": c.label} for c in game.choices_in(lang)]
        return {
            "version": self._version, "language": lang, "languages": list(LANGUAGES),
            "title": self.title(lang),
            "texts": SHELL.prefixed(lang, "shell."), "players": self.players,
            "seats": {p: self.seats.get(p, "human") for p in self.players}, "seat_kinds": list(self.seat_kinds),
            "can_undo": game.can_undo, "can_redo": game.can_redo, "secrets": self.secrets_shown,
            "secrets_allowed": self.allow_secrets,
            "decision": None if decision is None else {
                "player": decision.player, "kind": decision.kind, "prompt": decision.prompt,
                "secret": decision.secret, "choices": choices,
            },
            "curtain": curtain, "pass_and_play": self.pass_and_play,
            "result": self.result(lang) if game.over else "",
            "log": self.log(lang, self.secrets_shown), "recent_from": self._recent_from,
            "board": self.board(lang, self.secrets_shown),
        }

    def _check_seats(self, seats: Any) -> dict[str, str]:
        players = self.players
        if not isinstance(seats, dict):
            raise ValueError(f"seats must map players to one of {', '.join(self.seat_kinds)}, got {seats!r}")
        for player, kind in seats.items():
            if player not in players:
                raise ValueError(f"no player {player!r} in this game; players: {', '.join(players)}")
            if kind not in self.seat_kinds:
                raise ValueError(f"seat kind for {player} must be one of {', '.join(self.seat_kinds)}, got {kind!r}")
        return dict(seats)

    @traitlets.validate("seats")
    def _valid_seats(self, proposal: dict[str, Any]) -> dict[str, str]:
        try:
            return {p: k for p, k in self._check_seats(proposal["value"]).items() if k != "human"}
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.observe("seats")
    def _seats_changed(self, change: dict[str, Any]) -> None:
        if change["old"] != change["new"] and self._version:
            self._after_move()

    @property
    def _humans_seated(self) -> bool:
        """Whether a person plays at least one seat (``seats`` holds the bot seats only)."""
        return any(p not in self.seats for p in self.players)

    def _bot(self, player: str, default: str | None = None) -> Any:
        kind = self.seats.get(player, "human")
        if kind == "human":
            kind = default or "human"
        return None if kind == "human" else self.make_bot(kind, len(self.game.history))

    def _after_move(self) -> None:
        """Lets the bots take their seats until a human seat must decide, then redraws; what the bots did is marked
        as recent (a human at the table sees the answers to their move at a glance)."""
        game = self.game
        made = 0
        bot_turn = not game.over and self._bot(game.decision.player) is not None and self._humans_seated
        self._recent_from = self.recent_mark() if bot_turn else None
        while not game.over and made < MOVE_LIMIT:
            bot = self._bot(game.decision.player)
            if bot is None:
                break
            game.choose(bots.decide(game, bot))
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
        if change["old"] != change["new"] and self._version:
            self.error = ""
            self._refresh()

    def _redraw(self, change: dict[str, Any]) -> None:
        if change["old"] != change["new"] and self._version:
            self._refresh()

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

    def send_state(self, key: Any = None) -> None:
        """As ipywidgets sends state, without its search for binary buffers through every value: these widgets'
        traits hold JSON only, and walking a late game's view for them cost milliseconds a move."""
        state = self.get_state(key=key)
        if not state:
            return
        if self._property_lock:  # kept up to date with the front end's values, as ipywidgets does
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])

    def _refresh(self) -> None:
        self._version += 1
        self.publish()
        self._synced = self._signature()

    def _refuse(self, message: str) -> None:
        self.error = bounded(message, MAX_MESSAGE)

    def _say(self, key: str, **params: Any) -> None:
        """Refuses with one short sentence (see :meth:`text`), in the widget's language."""
        self._refuse(self.text(key, **params))

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Every message from the browser: checked against ``intents``, then applied or refused. The user reads one
        short sentence; a traceback goes to ``developer_log`` and the module's logger."""
        try:
            intent = parse_intent(content, self._version, self.intents)
        except IntentRefused as refused:
            self._say(refused.key, **refused.params)
            return
        try:
            self._handle(intent)
        except (IllegalChoice, ValueError, traitlets.TraitError) as exc:  # the engine's or the widget's refusal
            self._note(exc, trace=False)
            self._refuse(self.refusal(intent, exc))
        except Exception as exc:  # never lost, never a traceback for the user: the developer log has it
            self._note(exc)
            self._say("door.engine")

    def _handle(self, intent: dict[str, Any]) -> None:
        """Applies an intent already checked against ``intents``: :meth:`admit`, then its ``intent_<kind>``."""
        if self.admit(intent):
            getattr(self, f"intent_{intent['type']}")(intent)

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


def _redraw_after_each_cell(widget: GameWidget) -> None:
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

"""The Jupyter widget: the board drawn in the browser from one view-model trait, played by clicking.

Built on the core's widget shell (:class:`~hickory_widget.core.widget.GameWidget`: seats and bots, undo and redo,
languages, versioned intents and their refusals, the developer log, the static SVG, redrawing after a notebook
cell), and on the shell's front end (``js/core/shell.mjs``: controls bar, message area, decision and log frames,
layout, keyboard) with Hickory Dickory's board, panels and wiring plugged in (``js/hickory/``: clock and chain,
projector, "why not?", log pages, look-back and replay). What is Hickory's own is here: its view model, sent in
several traits so that a move sends only the log's newest entries; its intents (play until, look back and
continue, why, toggles, new game, force, hello); and the words of its refusals, from its own catalog.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ..core.intents import SEAT_KINDS
from ..core.messages import LANGUAGES
from ..core.protocol import IllegalChoice
from ..core.widget import FRONT_END, MAX_MESSAGE, GameWidget, LanguageError, join_modules
from .analysis import bots
from .board.intents import INTENTS, PLAY_UNTIL
from .board.svg import board_svg
from .board.timeline import check_step, game_at, rewind
from .board.view import LogCache, build, log_view, rule_table
from .game import Game
from .words.i18n import t
from .words.why_not import candidate_for, why_not

JS_FILES = ("core/keyboard.mjs", "core/dom.mjs", "core/morph.mjs", "core/shell.mjs", "hickory/geometry.mjs",
            "hickory/board.mjs", "hickory/widget.mjs")
"""Front-end modules (paths in the front end's tree, :data:`.core.widget.FRONT_END`), in dependency order; see
:func:`bundle`."""
LOG_PAGE = 128
"""Log entries per page of the ``log_pages`` trait."""
TEXT_KEYS = {"door.nothing_to_undo": "ui.error.nothing_to_undo", "door.no_human_move": "ui.error.no_human_move",
             "door.nothing_to_redo": "ui.error.nothing_to_redo"}
"""The shell's sentences that Hickory's catalog words under other keys (the rest share the shell's ``door.`` keys)."""

__all__ = ["JS_FILES", "LOG_PAGE", "MAX_MESSAGE", "PLAY_UNTIL", "SEAT_KINDS", "HickoryWidget", "LanguageError",
           "bundle", "css"]


def _js_dir() -> Path:
    """The front end's tree (:func:`.core.widget.front_end_dir`): a built wheel's copy or the top-level ``js/``."""
    return FRONT_END


def bundle(directory: Path | None = None) -> str:
    """Joins the front-end modules into the single ES module anywidget loads (:func:`.core.widget.join_modules`);
    Node's test runner imports the same files as ordinary modules."""
    directory = directory or _js_dir()
    return join_modules(directory / name for name in JS_FILES)


def css() -> str:
    """The shell's styles (``core/shell.css``: layout, controls, messages, panels) and Hickory Dickory's own."""
    paths = (_js_dir() / "core" / "shell.css", _js_dir() / "hickory" / "widget.css")
    return "\n".join(p.read_text(encoding="utf-8") for p in paths if p.exists())


class HickoryWidget(GameWidget):
    """Shows a :class:`Game` and lets you play it by clicking; ``HickoryWidget(game)`` or ``game.widget()``.

    The board and Python stay one: a change made to ``w.game`` from Python (``choose``, ``undo``, ``force``, or a
    new game assigned to ``w.game``) is drawn after the cell that made it, and a click made on the older picture
    is refused. ``w.refresh()`` redraws at once (for a change made outside a notebook cell, e.g. in a thread).
    """

    _esm = bundle()  # the shell with Hickory Dickory's board, decision panel and log plugged in
    _css = css()
    intents: ClassVar = INTENTS
    redraw_on: ClassVar[tuple[str, ...]] = ("show_secrets",)  # the view holds only the favor cards one may see
    game_type: ClassVar[type] = Game

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
    """The log's entries after its last full page (the only log part most moves change). A click that only adds
    entries sends just those (a "log" message, see :meth:`_send_log`), not the whole tail again."""
    log_seq = traitlets.Int(0).tag(sync=True)
    """Counts the log's changes, so the front end sees a missed delta and asks for the whole log again."""
    rule_texts = traitlets.Dict().tag(sync=True)
    """{"lang": the widget's language, "texts": {rule id: its short explanation}} for every rule the log names
    (sent again only when a new rule id turns up or the language changes)."""
    explanation = traitlets.Unicode("").tag(sync=True)
    """The answer to the last "why can't I?" question (a click on a spot that is not a legal choice)."""
    animate = traitlets.Bool(True).tag(sync=True)
    seats = traitlets.Dict().tag(sync=True)
    """Who plays each color: {"red": "greedy", "blue": "random"}; colors not named are "human". The seat menus
    show this trait and set it; bots play their seats until a human seat must decide."""
    allow_force = traitlets.Bool(False)
    """Teacher setting, off by default: when True the browser may fix the next die roll or bag draw (a "force"
    intent, like ``game.force``). Set from Python only (``HickoryWidget(game, allow_force=True)``); it is not
    synced, so the browser cannot switch it on."""

    def __init__(self, game: Game | None = None, *, seats: dict[str, str] | None = None, **kwargs: Any) -> None:
        self._look: int | None = None
        self._twin: Game | None = None
        self._replay_from = 0
        """Where "Replay" starts: the step before the last move made through the widget by a human seat."""
        self._log_cache: LogCache = {}
        self._from_browser = False
        """True while a message from the browser is handled: the log then travels as a delta."""
        self._unsent: set[str] = set()
        """Traits changed without a state message (their change went out as a delta)."""
        super().__init__(game if game is not None else Game.new(), seats=seats, **kwargs)

    # ---------------------------------------------------------------------------------------- Python API
    def choose(self, choice_id: str) -> None:
        """Applies a choice as if clicked (bots then take their seats)."""
        self.game.choose(choice_id)
        self._replay_from = len(self.game.history) - 1
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
            game.choose(self._bot(game.decision.player, default="greedy").choose(game))  # type: ignore[union-attr]
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

    def why_not(self, choice_id: str | None) -> str:
        """Why an option is not legal now, in the widget's language (R111 for a paw, R89 for a leap, ...)."""
        if not choice_id:
            return t(self.language, "why.generic", legal="; ".join(c["label"] for c in self.view["decision"]["choices"])
                     ) if self.view.get("decision") else t(self.language, "why.over")
        return why_not(self.game, choice_id, self.language)

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

    @property
    def log(self) -> list[dict[str, Any]]:  # type: ignore[override]
        """The history panel's entries (every event of ``w.game``), rule texts in :attr:`rule_texts`."""
        return [e for page in self.log_pages for e in page] + list(self.log_tail)

    # ---------------------------------------------------------------------------------------- the shell's hooks
    @property
    def players(self) -> list[str]:
        return list(self.game.state.colors)

    def make_bot(self, kind: str, seed: int) -> bots.Bot:
        return {"random": bots.RandomBot, "greedy": bots.GreedyBot}[kind](seed)

    def text(self, key: str, **params: Any) -> str:
        return t(self.language, TEXT_KEYS.get(key, key), **params)

    def static_svg(self) -> str:
        return board_svg({**self.view, "ui": self.texts})

    def refusal(self, intent: dict[str, Any], exc: Exception) -> str:
        """A choice refused names the legal options by their labels; the widget's own refusals (undo, redo,
        looking back) are already a sentence; anything else the engine refused is one short general sentence."""
        kind = intent["type"]
        if isinstance(exc, IllegalChoice) and kind == "choose":
            return self._illegal(intent["id"])
        if isinstance(exc, IllegalChoice) and kind in ("undo", "redo", "continue", "look"):
            return str(exc)
        return self.text("door.refused")

    def admit(self, intent: dict[str, Any]) -> bool:
        """A click made on a board Python has changed since is refused (the board is redrawn); while looking back
        only looking, asking and "continue from here" are taken; forcing chance needs ``allow_force``."""
        kind = intent["type"]
        if kind in ("hello", "dismiss", "log"):
            return True
        if self._changed_from_python():  # the picture the click was made on is out of date
            self._after_move()
            self._refuse(self._t("ui.error.changed_in_python"))
            return False
        if kind in ("why", "toggle", "look"):  # change nothing; "look" is not tied to the version (a replay)
            return True
        if kind == "force" and not self.allow_force:
            self._say("door.no_force")
            return False
        self.error = ""
        self.explanation = ""
        if kind != "continue" and self._look is not None:
            self._refuse(self._t("ui.error.looking_back"))
            return False
        return True

    def recent_mark(self) -> None:
        """Hickory Dickory replays the bots' moves on its clock (the Replay control) and marks them in its history."""
        return None

    def publish(self) -> None:
        """The board (or, while looking back, the board as it was) in ``view``, its words in ``texts``, the log
        in pages (see :meth:`_send_log`)."""
        shown = self.game
        if self._look is not None:
            self._twin = game_at(self.game, self._look, self._twin)
            shown = self._twin
        if len(self._log_cache) > 20_000:  # stale branches and languages
            self._log_cache.clear()
        view = build(shown, self._version, self.language, with_log=False, seen_by=self.favors_seen_by(shown))
        del view["log"]  # sent apart, see _send_log
        texts = view.pop("ui")  # sent apart: the same on every move
        if self._look is not None:
            view["decision"] = None if view["decision"] is None else {**view["decision"], "choices": []}
            view["looking"] = {"step": self._look, "steps": len(self.game.history)}
            view["can_undo"] = view["can_redo"] = False
        view["replay_from"] = min(self._replay_from, len(self.game.history))
        view["secrets_allowed"] = self.allow_secrets
        view["languages"] = list(LANGUAGES)  # the shell's language menu
        self._send_log()  # before the view: the front end draws when the view arrives
        self.texts = texts  # traitlets sends it only when it changed (the language)
        self.view = view

    def favors_seen_by(self, game: Game) -> set[str] | None:
        """The colors whose favor cards (secret, R94) this screen may show: everyone's at the end of the game or
        when the notebook's author allows hidden cards and they are asked for (None); otherwise the one human
        seat's, or, with several people at the screen, only the deciding person's. A bot's cards never."""
        if game.over or self.secrets_shown:
            return None
        humans = {p for p in self.players if p not in self.seats}
        if len(humans) == 1:
            return humans
        decision = game.decision
        return {decision.player} & humans if decision is not None else set()

    # ---------------------------------------------------------------------------------------- Hickory's intents
    def intent_hello(self, intent: dict[str, Any]) -> None:
        """The front end asks whether a kernel answers (an exported page gets no answer)."""
        self.send({"type": "alive"})

    def intent_log(self, intent: dict[str, Any]) -> None:
        """The front end missed a log delta (a view opened in between, a lost message): the whole log again."""
        self.send_state(["log_pages", "log_tail", "log_seq"])

    def intent_dismiss(self, intent: dict[str, Any]) -> None:
        self.error = ""
        self.explanation = ""

    def intent_why(self, intent: dict[str, Any]) -> None:
        self.explanation = self.why_not(intent.get("id") or candidate_for(self.game, intent.get("target")))

    def intent_toggle(self, intent: dict[str, Any]) -> None:
        name = intent["name"]
        if name == "show_secrets":  # the author's setting decides, as for every game (core: intent_secrets)
            self.intent_secrets({"on": not self.show_secrets})
            return
        setattr(self, name, not getattr(self, name))

    def intent_look(self, intent: dict[str, Any]) -> None:
        step = intent["step"]
        self.error = ""
        self.look(None if step is None else self._step(step))

    def intent_continue(self, intent: dict[str, Any]) -> None:
        self.continue_from(self._step(intent.get("step")))

    def intent_choose(self, intent: dict[str, Any]) -> None:
        choice = intent.get("id")
        if not isinstance(choice, str) or choice not in self.game.choice_ids:
            self._refuse(self._illegal(choice))
            return
        self.choose(choice)

    def intent_play(self, intent: dict[str, Any]) -> None:
        until = intent.get("until", "tick")
        if until not in PLAY_UNTIL:
            self._refuse(self._t("ui.error.play_until", got=repr(until), allowed=", ".join(PLAY_UNTIL)))
            return
        self.play(until)

    def intent_new_game(self, intent: dict[str, Any]) -> None:
        self.new_game(intent.get("players", 4), intent.get("seed", 1))

    def intent_bots(self, intent: dict[str, Any]) -> None:
        self.set_seats(intent.get("seats", {}))

    def intent_force(self, intent: dict[str, Any]) -> None:
        self.game.force(intent["what"], intent["value"])
        self._refresh()

    # ---------------------------------------------------------------------------------------- internals
    def _t(self, key: str, **values: Any) -> str:
        return t(self.language, key, **values)

    def _after_move(self) -> None:
        self._look = None  # a move, a new game or a redraw from Python shows the game as it is now
        super()._after_move()

    def _send_log(self) -> None:
        """The whole game's log (also while looking back, to walk on), in pages: traitlets sends a trait only
        when its value changed, so the pages travel again only when they change. A click that only adds entries
        sends those alone ({"type": "log", "seq", "at", "entries"}; the trait takes them without a state
        message); a change from Python sends the whole tail, so a notebook's saved widget state holds the log."""
        entries = log_view(self.game, self.language, self._log_cache, explained=False)
        full = len(entries) - len(entries) % LOG_PAGE
        pages = [entries[i:i + LOG_PAGE] for i in range(0, full, LOG_PAGE)]
        tail, old = entries[full:], self.log_tail
        added = (self._from_browser and pages == self.log_pages and len(tail) > len(old)
                 and all(a is b for a, b in zip(old, tail[:len(old)], strict=True)))
        if added:
            self._unsent = {"log_tail", "log_seq"}
            try:
                self.log_tail = tail
                self.log_seq += 1
            finally:
                self._unsent = set()
            self.send({"type": "log", "seq": self.log_seq, "at": full + len(old), "entries": tail[len(old):]})
        elif pages != self.log_pages or tail != old:
            self.log_pages = pages
            self.log_tail = tail
            self.log_seq += 1
        known = self.rule_texts.get("texts", {})
        if self.rule_texts.get("lang") != self.language or any(r not in known for e in entries for r in e["rules"]):
            self.rule_texts = {"lang": self.language, "texts": rule_table(entries, self.language)}

    def _should_send_property(self, key: str, value: Any) -> bool:
        """A trait whose change went out as a delta (see :meth:`_send_log`) sends no state message."""
        return key not in self._unsent and super()._should_send_property(key, value)

    def _on_msg(self, widget: Any, content: Any, buffers: Any = None) -> None:
        """A message from the browser (see :attr:`_from_browser`)."""
        self._from_browser = True
        try:
            super()._on_msg(widget, content, buffers)
        finally:
            self._from_browser = False

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

"""The widget shell every game shares: one synced view model, versioned intents, seats and bots, undo and redo,
languages, and a static SVG in the output so a saved notebook shows the game without a kernel.

A game's widget subclasses :class:`GameWidget`, names its drawing module (``board_js``, a JavaScript file that
defines ``function drawBoard(el, view, ctx)``) and implements :meth:`GameWidget.board`, :meth:`GameWidget.log`
and :meth:`GameWidget.result`. The front end is the shell module ``core/js/shell.mjs`` (controls, decision panel,
log) joined with the game's drawing module into the one ES module anywidget loads. The engine stays the only
judge of the rules: an intent made against an older version, a malformed one, or an illegal choice is refused
with a visible message and changes nothing.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from . import bots
from .messages import LANGUAGES, Catalog, check_language
from .protocol import IllegalChoice

SHELL_DIR = Path(__file__).parent / "js"
SHELL = Catalog(Path(__file__).parent / "messages")
SEAT_KINDS = ("human", "random", "greedy")
INTENTS = ("choose", "undo", "redo", "bot_step", "bots_play", "seat", "language", "secrets", "dismiss", "picture",
           "ready", "pass_and_play")
MOVE_LIMIT = 20_000


def _module_text(path: Path) -> str:
    """A module with its import lines dropped and its exports made plain, except ``export default``."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^import .*?;\s*$", "", text, flags=re.M | re.S)
    return re.sub(r"^export (?!default)", "", text, flags=re.M)


def bundle(board_js: Path) -> str:
    """The game's drawing module followed by the shell, as one ES module (anywidget takes a single one)."""
    return "\n".join(f"// ---- {p.name}\n{_module_text(p)}" for p in (board_js, SHELL_DIR / "shell.mjs"))


def styles(board_css: Path | None) -> str:
    paths = [SHELL_DIR / "shell.css", *([board_css] if board_css else [])]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths if p.exists())


class GameWidget(anywidget.AnyWidget):
    """Shows a game on the core and lets people (and bots, per seat) play it by clicking."""

    board_js: ClassVar[Path]
    board_css: ClassVar[Path | None] = None

    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)
    """The language of every text the widget shows: one of ``LANGUAGES`` ("en", "it", "de")."""
    show_secrets = traitlets.Bool(False).tag(sync=True)
    """Shows the hands of players not to move and the discarded cards."""
    seats = traitlets.Dict().tag(sync=True)
    picture = traitlets.Dict().tag(sync=True)
    """The last exported picture: ``{"svg": text, "name": file name, "n": count}``; the browser downloads it."""
    pass_and_play = traitlets.Bool(False).tag(sync=True)
    """One screen passed from player to player: before a human seat makes a secret choice, the view hides every
    hand and asks that the screen be handed over; the player then shows their own hand (intent ``ready``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "board_js" in cls.__dict__:
            cls._esm = bundle(cls.board_js)
            cls._css = styles(cls.board_css)

    def __init__(self, game: Any, *, seats: dict[str, str] | None = None, language: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(language=check_language(language), **kwargs)
        self.game = game
        self._version = 0
        self._shown: str | None = None
        """In pass-and-play: the player who last said the screen is theirs."""
        self.seats = self._check_seats(seats or {})
        self.on_msg(self._on_msg)
        self._after_move()

    # ---------------------------------------------------------------------------------------- for a game
    def board(self, lang: str, secrets: bool) -> dict[str, Any]:
        """The game's part of the view model (plain JSON), read by its ``drawBoard``."""
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

    def static_svg(self) -> str:
        return self.game._repr_svg_()

    @property
    def curtain(self) -> str | None:
        """In pass-and-play, the player the screen must be handed to before their hand is shown; else None."""
        decision = self.game.decision
        if not self.pass_and_play or decision is None or not decision.secret:
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

    def ready(self, player: str) -> None:
        """``player`` has the screen: their hand may be shown (pass-and-play)."""
        if self.curtain is None or player != self.curtain:
            raise ValueError(SHELL.t(self.language, "shell.not_your_turn", player=player,
                                     curtain=self.curtain or "-"))
        self._shown = player
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

    def set_seats(self, seats: dict[str, str]) -> None:
        """Which players bots play: {"P1": "greedy", "P2": "random", "P3": "human"}."""
        self.seats = {**self.seats, **self._check_seats(seats)}
        self._after_move()

    def set_language(self, lang: str) -> None:
        self.language = check_language(lang)

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

    def save_picture(self, path: str | Path) -> Path:
        """Writes the static picture of the game (SVG) to ``path``; the widget's picture button does the same as a
        download."""
        out = Path(path)
        out.write_text(self.static_svg(), encoding="utf-8")
        return out

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus a static SVG picture for places with no kernel (saved notebooks, exports)."""
        out = super()._repr_mimebundle_(**kwargs)
        if out is None:
            return None
        data, meta = out if isinstance(out, tuple) else (out, {})
        data = {**data, "image/svg+xml": self.static_svg()}
        return data, meta

    # ---------------------------------------------------------------------------------------- internals
    def _check_seats(self, seats: Any) -> dict[str, str]:
        players = list(self.game.state.players)
        if not isinstance(seats, dict):
            raise ValueError(f"seats must map players to one of {', '.join(SEAT_KINDS)}, got {seats!r}")
        for player, kind in seats.items():
            if player not in players:
                raise ValueError(f"no player {player!r} in this game; players: {', '.join(players)}")
            if kind not in SEAT_KINDS:
                raise ValueError(f"seat kind for {player} must be one of {', '.join(SEAT_KINDS)}, got {kind!r}")
        return dict(seats)

    def _bot(self, player: str, default: str | None = None) -> Any:
        kind = self.seats.get(player, "human")
        if kind == "human":
            kind = default or "human"
        seed = len(self.game.history)
        return {"random": bots.RandomBot(seed), "greedy": bots.GreedyBot(seed)}.get(kind)

    def _after_move(self) -> None:
        """Lets the bots take their seats until a human seat must decide, then redraws."""
        made = 0
        while not self.game.over and made < MOVE_LIMIT:
            bot = self._bot(self.game.decision.player)
            if bot is None:
                break
            self.game.choose(bots.decide(self.game, bot))
            made += 1
        self._refresh()

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict[str, Any]) -> str:
        try:
            return check_language(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.observe("language", "show_secrets", "pass_and_play")
    def _redraw(self, change: dict[str, Any]) -> None:
        if change["old"] != change["new"] and hasattr(self, "game"):
            self._refresh()

    def _refresh(self) -> None:
        self._version += 1
        lang, game = self.language, self.game
        decision = game.decision_in(lang)
        curtain = self.curtain
        choices = [] if curtain else [{"id": c.id, "label": c.label} for c in game.choices_in(lang)]
        self.view = {
            "version": self._version, "language": lang, "languages": list(LANGUAGES),
            "title": self.title(lang),
            "texts": SHELL.prefixed(lang, "shell."), "players": list(game.state.players),
            "seats": {p: self.seats.get(p, "human") for p in game.state.players}, "seat_kinds": list(SEAT_KINDS),
            "can_undo": game.can_undo, "can_redo": game.can_redo, "secrets": self.show_secrets,
            "decision": None if decision is None else {
                "player": decision.player, "kind": decision.kind, "prompt": decision.prompt,
                "secret": decision.secret, "choices": choices,
            },
            "curtain": curtain, "pass_and_play": self.pass_and_play,
            "result": self.result(lang) if game.over else "",
            "log": self.log(lang, self.show_secrets),
            "board": self.board(lang, self.show_secrets),
        }

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        try:
            self._handle(content)
        except (IllegalChoice, ValueError, traitlets.TraitError) as exc:
            self.error = str(exc)
        except Exception as exc:  # shown in the widget: an exception in a callback must never be lost
            self.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}"

    def _handle(self, content: Any) -> None:
        lang = self.language
        if not isinstance(content, dict) or content.get("type") not in INTENTS:
            self.error = SHELL.t(lang, "shell.unknown_intent", got=repr(content)[:80], kinds=", ".join(INTENTS))
            return
        kind = content["type"]
        if kind == "dismiss":
            self.error = ""
            return
        if kind == "language":
            self.set_language(content.get("lang"))
            return
        if kind == "secrets":
            self.show_secrets = bool(content.get("on"))
            return
        if kind == "pass_and_play":
            self.pass_and_play = bool(content.get("on"))
            return
        if kind == "picture":
            n = self.picture.get("n", 0) + 1
            self.picture = {"svg": self.static_svg(), "name": f"{self.game.rules.name}-{self._version}.svg", "n": n}
            return
        version = content.get("version")
        if version != self._version:
            self.error = SHELL.t(lang, "shell.stale", got=version, now=self._version)
            return
        self.error = ""
        if kind == "choose":
            self.choose(content.get("id"))  # IllegalChoice says what is legal
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "bot_step":
            self.bot_step()
        elif kind == "bots_play":
            self.play_bots()
        elif kind == "seat":
            self.set_seats({content.get("player"): content.get("kind")})
        elif kind == "ready":
            self.ready(content.get("player"))

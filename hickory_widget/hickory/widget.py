"""The Jupyter widget: the board drawn in the browser from one view-model trait, played by clicking.

Built on the core's widget shell (:class:`~hickory_widget.core.widget.GameWidget`: seats and bots, undo and redo,
languages, versioned intents and their refusals, the developer log, the static SVG, redrawing after a notebook
cell), and on the shell's front end (``js/core/shell.mjs``: controls bar, message area, decision and log frames,
layout, keyboard) with Hickory Dickory's board, panels and wiring plugged in (``js/hickory/``: clock and chain,
projector, "why not?", log pages, look-back and replay). What is Hickory's own is here: its view model, sent in
several traits so that a move sends only the log's newest entries; its intents (play until, look back and
continue, why, toggles, new game, force, hello); the coach (issue 27: the review of the game in a panel beside
the board, a jump to a reviewed decision, "Retry from here" judged, the expected margins on demand; see
``board/coach.py`` and docs/REVIEW-WIDGET.md); and the words of its refusals, from its own catalog.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ..core import frontend
from ..core.intents import LOOSE_VERSION, Field, text
from ..core.messages import LANGUAGES
from ..core.protocol import IllegalChoice
from ..core.widget import MAX_MESSAGE, GameWidget, LanguageError
from .analysis import bots
from .board.coach import (
    MARGIN_PLAYOUTS,
    RETRY_PLAYOUTS,
    Background,
    Retry,
    history_key,
    judge,
    margins_row,
    review_rows,
)
from .board.intents import INTENTS, PLAY_UNTIL, SEAT_KINDS, TOGGLES
from .board.svg import board_svg
from .board.timeline import check_step, game_at, rewind
from .board.view import LogCache, build, log_view, rule_table
from .game import Game
from .rules.components import default_components
from .words.i18n import t
from .words.why_not import candidate_for, why_not

LOG_PAGE = 128
"""Log entries per page of the ``log_pages`` trait."""
TEXT_KEYS = {"door.nothing_to_undo": "ui.error.nothing_to_undo", "door.no_human_move": "ui.error.no_human_move",
             "door.nothing_to_redo": "ui.error.nothing_to_redo"}
"""The shell's sentences that Hickory's catalog words under other keys (the rest share the shell's ``door.`` keys)."""
REVIEW_SEATS = ("humans", "all")
"""Whose decisions a review judges besides one named seat: the seats people play (all seats when bots play every
one), or every seat."""


def _review_seat(v: Any) -> bool:
    return v is None or (type(v) is str and (v in REVIEW_SEATS or v in default_components().player_colors))


def _step(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 10**6


WIDGET_TOGGLES = (*TOGGLES, "show_margins")
WIDGET_INTENTS = {
    **INTENTS,
    "toggle": {"version": LOOSE_VERSION, "name": Field(lambda v: type(v) is str and v in WIDGET_TOGGLES,
                                                       required=True, message="door.toggle")},
    # the review (issue 27): none of these changes the game, so they are not tied to the board's version; a jump or
    # a retry names the review it was made on (``key``) and is refused once the game has changed since
    "review": {"version": LOOSE_VERSION, "seat": Field(_review_seat)},
    "review_cancel": {"version": LOOSE_VERSION},
    "review_close": {"version": LOOSE_VERSION},
    "review_jump": {"version": LOOSE_VERSION, "key": Field(text, required=True), "step": Field(_step, required=True)},
    "review_retry": {"version": LOOSE_VERSION, "key": Field(text, required=True), "step": Field(_step, required=True)},
    "review_again": {"version": LOOSE_VERSION},
}
"""Hickory's intents (:data:`.board.intents.INTENTS`) and the coach's: the review and the evaluation toggle."""
REVIEW_INTENTS = ("review", "review_cancel", "review_close", "review_jump", "review_retry", "review_again")

__all__ = ["LOG_PAGE", "MAX_MESSAGE", "PLAY_UNTIL", "SEAT_KINDS", "HickoryWidget", "LanguageError"]


class HickoryWidget(GameWidget):
    """Shows a :class:`Game` and lets you play it by clicking; ``HickoryWidget(game)`` or ``game.widget()``.

    The board and Python stay one: a change made to ``w.game`` from Python (``choose``, ``undo``, ``force``, or a
    new game assigned to ``w.game``) is drawn after the cell that made it, and a click made on the older picture
    is refused. ``w.refresh()`` redraws at once (for a change made outside a notebook cell, e.g. in a thread).
    """

    _esm = frontend.esm("hickory")  # js/widgets/hickory.mjs: the shell with Hickory's board, decision panel and log
    _css = frontend.css("hickory")
    intents: ClassVar = WIDGET_INTENTS
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
    review = traitlets.Dict().tag(sync=True)
    """The game's review (issue 27), as the review panel draws it: {"status": idle | running | done | cancelled |
    error | stale, "open", "key" (the reviewed line), "done"/"total" (decisions judged while running), "seat" (the seat
    being reviewed), "decisions" (one row per reviewed decision: step, label, played and best options, loss,
    explanation), "curve" (each seat's expected final margin after each step), "counts", "message"}."""
    show_margins = traitlets.Bool(False).tag(sync=True)
    """The evaluation on demand, off by default: each seat's expected final margin for the position shown,
    computed in the background after each decision on what the viewing seat may know (see :attr:`margins`)."""
    margins = traitlets.Dict().tag(sync=True)
    """{"key": the position, "status": running | done | hidden | error, "viewer", "rows": [{player, seat, value,
    low, high, text}]} for :attr:`show_margins`."""
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
        self._reviews: list[Any] = []
        """The finished reviews (``core.review.Review``, one per reviewed seat) of the line named ``_review_key``."""
        self._review_key: str | None = None
        self._review_rows: tuple[Any, ...] = ()
        """(key, language, rows, curves) as last worded: the rows are worded again only when one of them changes."""
        self._review_job = Background()
        self._focus: int | None = None
        """The step of the reviewed decision shown on the board (looked back to, its better option marked)."""
        self._retry: Retry | None = None
        self._margin_job = Background()
        self._margin_wanted: tuple[str, Game, str | None] | None = None
        self._review_source: Game | None = None
        """The game whose saved review was last looked for (a game loaded with one shows it at once)."""
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

    def start_review(self, seat: str | None = None, *, wait: bool = False, **options: Any) -> None:
        """Reviews the game (``core.review.review``) in the background: every decision of ``seat`` (a color), of
        the seats people play (None, "humans"), or of every seat ("all"); the review panel shows its progress and
        then its graph and labels. ``options`` go to ``review`` (seed, bot, precision, ...); ``wait=True`` returns
        when it is done."""
        from ..core.review import review, review_async

        if self._review_job.running:
            raise IllegalChoice(self._t("ui.review.busy"))
        if not self.game.history:
            raise IllegalChoice(self._t("ui.review.nothing"))
        seats = self._review_seats(seat)
        game, key = self.game.copy(), history_key(self.game)
        self._reviews, self._review_key, self._focus, self._retry = [], key, None, None
        self.review = {"status": "running", "open": True, "key": key, "done": 0, "total": 0, "seat": seats[0],
                       "seats": seats, "decisions": [], "curve": {}, "counts": {}, "message": ""}
        self._refresh_review_view()

        def progress(index: int) -> Any:
            shown = [-1]

            def tell(done: int, total: int) -> None:  # decisions judged of all; a message per percent at most
                percent = 100 * done // max(total, 1)
                if percent != shown[0] and self.review.get("key") == key:
                    shown[0] = percent
                    self.review = {**self.review, "done": done, "total": total, "seat": seats[index]}
            return tell

        def run(cancel: Any) -> list[Any]:
            return [review(game, seat=s, progress=progress(i), cancel=cancel, **options) for i, s in enumerate(seats)]

        async def run_async(cancel: Any) -> list[Any]:
            return [await review_async(game, seat=s, progress=progress(i), cancel=cancel, **options)
                    for i, s in enumerate(seats)]

        self._review_job.start(run, lambda result: self._review_done(result, key), run_async=run_async)
        if wait:
            self._review_job.wait()

    def cancel_review(self) -> None:
        """Stops a running review (at its next finished batch of playouts)."""
        self._review_job.cancel.set()

    def wait_review(self, timeout: float | None = None) -> None:
        """Waits for a review running in its thread."""
        self._review_job.wait(timeout)

    def jump(self, step: int) -> None:
        """Shows the board before the reviewed decision at ``step`` (a look back), its better option marked."""
        self._judgement(step)
        self._retry = None
        self._focus = step
        self.look(step)

    def retry(self, step: int) -> None:
        """Plays the reviewed decision at ``step`` again: the board stands before it and the learner's next choice
        is judged against the review's values (see :func:`.board.coach.judge`); the other seats then answer as the
        review's bot would."""
        j = self._judgement(step)
        start = game_at(self.game, step)
        self._retry = Retry(judgement=j, start=start, game=start.copy())
        self._focus = step
        self._look = None
        self._refresh()

    def retry_again(self) -> None:
        """Back to the position of the decision being retried, for another try."""
        if self._retry is None:
            raise IllegalChoice(self._t("ui.review.no_retry"))
        self._retry.game, self._retry.verdict = self._retry.start.copy(), None
        self._refresh()

    def to_json(self, seat: str | None = None) -> str:
        """The game's save (``Game.to_json(seat)``) with its finished review when there is one of the game as it
        stands: loaded back (``Game.from_json``, then ``.widget()``) the review panel shows it at once. A seat's save
        holds only that seat's own judgements (``core.review.save_reviews``)."""
        import json

        from ..core.review import SAVE_FIELD, save_reviews

        text = self.game.to_json(seat=seat)
        if not self._reviews or self.review.get("status") != "done" or self._review_key != history_key(self.game):
            return text
        reviews = save_reviews(self._reviews, self.game, seat)
        if not reviews:
            return text
        data = json.loads(text)
        data[SAVE_FIELD] = reviews
        return json.dumps(data, separators=(",", ":"))

    def save(self, path: str | Path, seat: str | None = None) -> Path:
        """Writes :meth:`to_json` to ``path`` (UTF-8) and returns it."""
        path = Path(path)
        path.write_text(self.to_json(seat), encoding="utf-8")
        return path

    def close_review(self) -> None:
        """Hides the review panel (its results are kept: Review shows them again) and returns to the game now."""
        self._focus, self._retry = None, None
        if self.review:
            self.review = {**self.review, "open": False}
        self.look(None)

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
        if step != self._focus or self._retry is not None:
            self._focus, self._retry = None, None  # looking elsewhere leaves the reviewed decision
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

    bot_levels = bots.LEVELS
    """Hickory Dickory's own levels (random, eager, greedy, mcts: docs/BOTS.md) in the seat menus."""

    def make_bot(self, kind: str, seed: int) -> bots.Bot:
        return self.bot_levels[kind](seed)

    def seat_label(self, kind: str) -> str:
        return self._t(f"ui.seat.{kind}")

    def text(self, key: str, **params: Any) -> str:
        return t(self.language, TEXT_KEYS.get(key, key), **params)

    def static_svg(self) -> str:
        return board_svg({**self.view, "ui": self.texts})

    def refusal(self, intent: dict[str, Any], exc: Exception) -> str:
        """A choice refused names the legal options by their labels; the widget's own refusals (undo, redo,
        looking back) are already a sentence; anything else the engine refused is one short general sentence."""
        kind = intent["type"]
        if isinstance(exc, IllegalChoice) and kind == "choose" and self._retry is None:
            return self._illegal(intent["id"])
        if isinstance(exc, IllegalChoice) and kind == "choose":  # a retried decision's own sentence
            return str(exc)
        if isinstance(exc, IllegalChoice) and kind in ("undo", "redo", "continue", "look", *REVIEW_INTENTS):
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
        if kind in ("why", "toggle", "look", *REVIEW_INTENTS):  # change nothing in the game
            return True
        if self._retry is not None and kind != "choose":  # the game waits while a reviewed decision is retried
            self._refuse(self._t("ui.review.retrying"))
            return False
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
        self._check_review()
        self._refresh_review_view()  # before the view: a reviewed decision shown is worded as the review is
        shown = self.game
        if self._retry is not None:
            shown = self._retry.game
        elif self._look is not None:
            self._twin = game_at(self.game, self._look, self._twin)
            shown = self._twin
        if len(self._log_cache) > 20_000:  # stale branches and languages
            self._log_cache.clear()
        view = build(shown, self._version, self.language, with_log=False, seen_by=self.favors_seen_by(shown))
        del view["log"]  # sent apart, see _send_log
        texts = view.pop("ui")  # sent apart: the same on every move
        focus = self._focus_row() if self._focus is not None else None
        if self._look is not None:
            if focus is None and view["decision"] is not None:  # a reviewed decision keeps its options to mark
                view["decision"] = {**view["decision"], "choices": []}
            view["looking"] = {"step": self._look, "steps": len(self.game.history)}
            view["can_undo"] = view["can_redo"] = False
        if focus is not None:
            view["review_focus"] = focus
        if self._retry is not None:
            view["retry"] = self._retry_view()
            if self._retry.verdict is not None and view["decision"] is not None:  # judged: the board shows what
                view["decision"] = {**view["decision"], "choices": []}  # followed, nothing more to pick there
            view["can_undo"] = view["can_redo"] = False
            if self._retry.verdict is not None and view["decision"] is not None:  # judged: one decision, no more
                view["decision"] = {**view["decision"], "choices": []}
        view["replay_from"] = min(self._replay_from, len(self.game.history))
        view["secrets_allowed"] = self.allow_secrets
        view["languages"] = list(LANGUAGES)  # the shell's language menu
        self._send_log()  # before the view: the front end draws when the view arrives
        self.texts = texts  # traitlets sends it only when it changed (the language)
        self.view = view
        if self.show_margins:
            self._want_margins(shown)

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

    def intent_review(self, intent: dict[str, Any]) -> None:
        seat = intent.get("seat")
        if seat is None and self._review_key == history_key(self.game) and self.review.get("status") == "done":
            self.review = {**self.review, "open": True}  # the review of this very line: shown again
            return
        self.start_review(seat)

    def intent_review_cancel(self, intent: dict[str, Any]) -> None:
        self.cancel_review()

    def intent_review_close(self, intent: dict[str, Any]) -> None:
        self.close_review()

    def intent_review_jump(self, intent: dict[str, Any]) -> None:
        self._check_key(intent["key"])
        self.jump(intent["step"])

    def intent_review_retry(self, intent: dict[str, Any]) -> None:
        self._check_key(intent["key"])
        self.retry(intent["step"])

    def intent_review_again(self, intent: dict[str, Any]) -> None:
        self.retry_again()

    def intent_look(self, intent: dict[str, Any]) -> None:
        step = intent["step"]
        self.error = ""
        self.look(None if step is None else self._step(step))

    def intent_continue(self, intent: dict[str, Any]) -> None:
        self.continue_from(self._step(intent.get("step")))

    def intent_choose(self, intent: dict[str, Any]) -> None:
        choice = intent.get("id")
        if self._retry is not None:
            self._retry_pick(choice)
            return
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
        seats = intent.get("seats", {})
        if self._known_kinds(seats.values()):
            self.set_seats(seats)

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

    # ---------------------------------------------------------------------------------------- the coach
    def _review_seats(self, seat: str | None) -> list[str]:
        players = self.players
        if seat in (None, "humans"):
            humans = [p for p in players if p not in self.seats]
            return humans or players
        if seat == "all":
            return players
        if seat not in players:
            names = ", ".join(self.game.player_name(p, self.language) for p in players)
            raise IllegalChoice(self._t("ui.review.no_seat", seat=self.game.player_name(seat, self.language),
                                        seats=names))
        return [seat]

    def _review_done(self, result: Any, key: str) -> None:
        """The review's thread (or task) finished: its results, or why there are none, in the panel."""
        if self.review.get("key") != key:
            return  # another review started meanwhile
        if isinstance(result, Exception):
            from ..core.whatif import Cancelled

            cancelled = isinstance(result, Cancelled)
            if not cancelled:
                self._note(result)
            message = self._t("ui.review.cancelled") if cancelled else self._t("ui.review.failed", error=str(result))
            self.review = {**self.review, "status": "cancelled" if cancelled else "error", "message": message}
            return
        self._reviews = list(result)
        self._review_rows = ()
        self.review = {**self.review, "status": "done", "done": self.review.get("total", 0)}
        self._refresh_review_view()

    def _refresh_review_view(self) -> None:
        """The review's rows in the widget's language (worded again only after a new review or language)."""
        if not self._reviews or self.review.get("status") != "done":
            return
        if self._review_rows[:2] != (self._review_key, self.language):
            rows, extra = review_rows(self._reviews, self.game, self.language)
            self._review_rows = (self._review_key, self.language, rows, extra)
        _, _, rows, extra = self._review_rows
        spent = sum(r.playouts for r in self._reviews)
        message = self._t("ui.review.done", n=len(rows), playouts=spent)
        if rows != self.review.get("decisions") or self.review.get("message") != message:
            self.review = {**self.review, "decisions": rows, **extra, "message": message}

    def _check_review(self) -> None:
        """A review belongs to the line it judged: once the game has left it (a move, undo, a branch, a new game)
        the review is marked stale, a running one is stopped, and the reviewed decision is left. A game given to
        the widget with a saved review (``Game.from_json`` of a save that holds one) shows it at once."""
        if self.game is not self._review_source:
            self._review_source = self.game
            self._restore_review()
        if self._review_key is None or history_key(self.game) == self._review_key:
            return
        self.cancel_review()
        self._review_key, self._reviews, self._focus, self._retry = None, [], None, None
        if self.review:
            self.review = {**self.review, "status": "stale", "decisions": [], "curve": {}, "counts": {},
                           "message": self._t("ui.review.stale")}

    def _restore_review(self) -> None:
        """The finished review a loaded save held (``game.saved_reviews``, checked on load), as if just run; none
        when it no longer fits the game (played on since it was loaded)."""
        saved = list(getattr(self.game, "saved_reviews", ()))
        if not saved or self._review_job.running:
            return
        try:
            for r in saved:
                r.check(self.game)
        except ValueError:
            return
        seats = [s for r in saved for s in r.seats]
        n = sum(len(r.judgements) for r in saved)
        self._reviews, self._review_key, self._review_rows = saved, history_key(self.game), ()
        self._focus, self._retry = None, None
        self.review = {"status": "done", "open": True, "key": self._review_key, "done": n, "total": n,
                       "seat": seats[0], "seats": seats, "decisions": [], "curve": {}, "counts": {}, "message": ""}

    def _check_key(self, key: str) -> None:
        if self._review_key is None or self.review.get("status") != "done":
            raise IllegalChoice(self._t("ui.review.no_review"))
        if key != self._review_key:
            raise IllegalChoice(self._t("ui.review.stale"))

    def _judgement(self, step: Any) -> Any:
        """The reviewed decision made at ``step``, or a refusal naming the steps there are."""
        for r in self._reviews:
            for seat in r.seats:
                for j in r.for_seat(seat):
                    if j.step == step:
                        return j
        raise IllegalChoice(self._t("ui.review.no_step", step=repr(step)))

    def _focus_row(self) -> dict[str, Any] | None:
        rows = self._review_rows[2] if len(self._review_rows) > 2 else []
        return next((r for r in rows if r["step"] == self._focus), None)

    def _retry_view(self) -> dict[str, Any]:
        r = self._retry
        assert r is not None
        return {"step": r.judgement.step, "move": r.judgement.step + 1, "player": r.seat,
                "seat": self.game.player_name(r.seat, self.language), "tries": r.tries, "solved": r.solved,
                "verdict": r.verdict, "tries_text": self._t("ui.review.tries", n=r.tries)}

    def _retry_pick(self, choice: Any) -> None:
        """A pick in a retried decision: judged, then played with the other seats' answers after it."""
        r = self._retry
        assert r is not None
        if r.verdict is not None:
            raise IllegalChoice(self._t("ui.review.retry_judged"))
        if not isinstance(choice, str) or choice not in r.start.choice_ids:
            labels = "; ".join(c.label for c in r.start.choices_in(self.language))
            raise IllegalChoice(self._t("ui.error.illegal", legal=labels))
        from ..core.review import expected_margins

        def value_of(game: Game, seat: str) -> float:
            return expected_margins(game, playouts=RETRY_PLAYOUTS, seed=r.tries, viewer=seat)[seat][0]

        r.tries += 1
        r.picks.append(choice)
        r.verdict = judge(r, choice, self.language, value_of)
        game = r.game
        game.choose(choice)
        bot = self.make_bot("greedy", r.judgement.step)  # the review's line: its default playout bot
        for _ in range(10_000):
            if game.over or game.decision.player == r.seat:
                break
            game.choose(bot.choose(game))
        self._refresh()

    def _margin_viewer(self, game: Game) -> tuple[str | None, bool]:
        """Whose knowledge the evaluation may use (hidden is hidden): the one person at the screen, else the
        person deciding; (None, True): the decider's own (bots only, or the game is over); (None, False): nobody's
        (several people share the screen and a bot decides)."""
        if game.over:
            return None, True
        if self._retry is not None:
            return self._retry.seat, True
        humans = [p for p in self.players if p not in self.seats]
        if len(humans) == 1:
            return humans[0], True
        decider = game.decision.player if game.decision is not None else None
        if decider in humans:
            return decider, True
        return None, not humans

    def _want_margins(self, shown: Game) -> None:
        """Asks for the evaluation of the position shown; computed in the background, one at a time, the newest
        position wanted next (a click never waits for it)."""
        viewer, allowed = self._margin_viewer(shown)
        key = f"{history_key(shown)}|{viewer}|{self.language}"
        if self.margins.get("key") == key:
            return
        if not allowed:
            self.margins = {"key": key, "status": "hidden", "viewer": None, "rows": [],
                            "message": self._t("ui.margins.hidden")}
            return
        self._margin_wanted = (key, shown.copy(), viewer)
        self.margins = {**self.margins, "key": key, "status": "running", "viewer": viewer}
        if not self._margin_job.running:
            self._next_margins()

    def _next_margins(self) -> None:
        wanted, self._margin_wanted = self._margin_wanted, None
        if wanted is None or not self.show_margins:
            return
        key, game, viewer = wanted
        from ..core.review import expected_margins

        def run(_cancel: Any) -> Any:
            return expected_margins(game, playouts=MARGIN_PLAYOUTS, seed=len(game.history), viewer=viewer)

        def done(result: Any) -> None:
            if self.margins.get("key") == key:
                if isinstance(result, Exception):
                    self._note(result)
                    self.margins = {**self.margins, "status": "error", "message": str(result)}
                else:
                    rows = margins_row(result, game, self.language)
                    name = game.player_name(viewer, self.language) if viewer else ""
                    self.margins = {"key": key, "status": "done", "viewer": viewer, "rows": rows,
                                    "message": self._t("ui.margins.as_seen", seat=name) if viewer else ""}
            self._next_margins()

        self._margin_job.start(run, done)

    @traitlets.observe("show_margins")
    def _margins_toggled(self, change: dict[str, Any]) -> None:
        if change["new"] and self._version:
            self.margins = {}
            self._refresh()
        elif not change["new"]:
            self._margin_wanted = None
            self.margins = {}

    def wait_margins(self, timeout: float = 60.0) -> None:
        """Waits until the evaluation on demand has caught up with the board (tests, notebooks)."""
        import time

        end = time.monotonic() + timeout
        while (self._margin_job.running or self._margin_wanted is not None) and time.monotonic() < end:
            self._margin_job.wait(0.05)
            time.sleep(0.01)

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

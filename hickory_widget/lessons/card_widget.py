"""The lesson widget for the card games on the core: the same task panel, answers, hints, "show me" and progress
map as Hickory's (:class:`~.widget.LessonWidget`, ``js/lesson.mjs``), with the game's own table drawn by the
game's drawing module (``js/<game>/board.mjs``, as in its core widget) and the legal moves as buttons.

``lesson_widget("mice", learner="ada")`` opens a game's built-in lessons; ``lessons=`` takes lessons of your own.
"""

from __future__ import annotations

from typing import Any

from ..core import frontend
from .widget import LessonWidget


class CardLessonWidget(LessonWidget):
    """A lesson widget for one card game; subclasses name the game, its front end's bundle
    (``js/widgets/lesson_<game>.mjs``: ``js/lesson.mjs`` given the game's ``drawBoard``) and its view model."""

    def table(self, lang: str, clickable: bool) -> dict[str, Any]:
        """The game's own board view model (what its core widget sends as ``view.board``); without clickable
        targets when the board only shows a question, an answer or a solution."""
        raise NotImplementedError

    def _board(self, lang: str, clickable: bool) -> dict[str, Any]:
        game = self.attempt.game
        d = game.decision
        decision = None if d is None or not clickable else {
            "player": d.player, "prompt": game.decision_in(lang).prompt,
            "choices": [{"id": c.id, "label": c.label} for c in game.choices_in(lang)]}
        return {"decision": decision, "players": list(game.state.players),
                "table": {"board": self.table(lang, clickable)}}


class ClocktowersLessonWidget(CardLessonWidget):
    """The Clocktowers lessons: ``ClocktowersLessonWidget(learner="ada", language="it")``."""

    game_name = "clocktowers"
    _esm = frontend.esm("lesson_clocktowers")
    _css = frontend.css("lesson_clocktowers")

    def table(self, lang: str, clickable: bool) -> dict[str, Any]:
        from ..clocktowers.board import view
        board = view.board(self.attempt.game, lang, False)
        if not clickable:
            board["plays"] = {}
            for deck in board["decks"]:
                deck["choice"] = None
        return board


class MiceLessonWidget(CardLessonWidget):
    """The Mice! lessons, seen from the learner's seat (the first to decide in the exercise): the other players'
    hands and face-down cards stay hidden, as at the table."""

    game_name = "mice"
    _esm = frontend.esm("lesson_mice")
    _css = frontend.css("lesson_mice")

    def table(self, lang: str, clickable: bool) -> dict[str, Any]:
        from ..mice.board import view
        seat = self.exercise.game().decision
        board = view.board(self.attempt.game, lang, seat.player if seat else None, False)
        if not clickable:
            for player in board["players"]:
                for c in player["hand"] or []:
                    c["choice"] = None
        return self._unasked(board)

    def _unasked(self, board: dict[str, Any]) -> dict[str, Any]:
        """The board under a question not yet answered right nor shown, without the fact it asks for: the hand
        counts of "how many cards", the score of "what is the score" (a last round that captures nothing leaves it
        as it is), the centre of "what lies in the centre" when no card is played first; a "?" stands there."""
        a, ex = self.attempt, self.exercise
        if ex.kind != "predict" or a.showing or (a.verdict is not None and a.verdict.correct):
            return board
        proof = ex.data.proof or {}
        name = proof.get("name") if proof.get("kind") == "fact" else proof.get("kind")
        if name == "hand":
            for player in board["players"]:
                player["hand_text"] = "?"
        elif name == "score":
            for player in board["players"]:
                if player["id"] == proof.get("of"):
                    player["score"] = None
                    player["score_text"] = player["score_before_text"] = "?"
        elif name == "centre" and not proof.get("play"):
            board["centre"] = []
            board["ui"] = {**board["ui"], "empty": "?"}
        return board


WIDGETS: dict[str, type[LessonWidget]] = {"hickory": LessonWidget, "clocktowers": ClocktowersLessonWidget,
                                          "mice": MiceLessonWidget}


def lesson_widget(game: str = "hickory", **kwargs: Any) -> LessonWidget:
    """The lesson widget of ``game`` (hickory, clocktowers or mice), with the keyword arguments of LessonWidget."""
    if game not in WIDGETS:
        raise ValueError(f"game must be one of {', '.join(WIDGETS)}, not {game!r}")
    return WIDGETS[game](**kwargs)

"""The Mice! widget: the core's shell with the Mice! table (js/board.mjs) and view model. By default one screen is
passed from player to player (pass-and-play): before each human's secret play the hands are hidden until that
player takes the screen."""

from __future__ import annotations

from typing import Any

from ..core import frontend
from ..core.widget import GameWidget
from .board import view
from .board.svg import game_svg
from .game import MiceGame
from .words.labels import t


class MiceWidget(GameWidget):
    """``MiceWidget(game, seats={"P2": "greedy"}, language="it", pass_and_play=True)`` or ``game.widget(...)``."""

    _esm = frontend.esm("mice")  # js/widgets/mice.mjs: the shell around js/mice/board.mjs
    _css = frontend.css("mice")
    game_type = MiceGame

    def __init__(self, game: MiceGame | None = None, *, pass_and_play: bool = True, **kwargs: Any) -> None:
        super().__init__(game if game is not None else MiceGame.new(), pass_and_play=pass_and_play, **kwargs)

    def title(self, lang: str) -> str:
        return t(lang, "mice.title")

    def board(self, lang: str, secrets: bool) -> dict[str, Any]:
        return view.board(self.game, lang, self.viewer, secrets)

    def log(self, lang: str, secrets: bool) -> list[str]:
        return view.log(self.game, lang)

    def static_svg(self) -> str:
        return game_svg(self.game, self.language)

    def result(self, lang: str) -> str:
        return view.result(self.game, lang)

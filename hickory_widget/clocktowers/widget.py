"""The Clocktowers widget: the core's shell with the Clocktowers board (js/board.mjs) and view model."""

from __future__ import annotations

from typing import Any

from ..core import frontend
from ..core.widget import GameWidget
from .board import view
from .board.svg import game_svg
from .game import ClocktowersGame
from .words.labels import t


class ClocktowersWidget(GameWidget):
    """``ClocktowersWidget(game, seats={"P2": "greedy"}, language="it")`` or ``game.widget(...)``."""

    _esm = frontend.esm("clocktowers")  # js/widgets/clocktowers.mjs: the shell around js/clocktowers/board.mjs
    _css = frontend.css("clocktowers")
    game_type = ClocktowersGame

    def __init__(self, game: ClocktowersGame | None = None, **kwargs: Any) -> None:
        super().__init__(game if game is not None else ClocktowersGame.new(), **kwargs)

    def title(self, lang: str) -> str:
        return t(lang, "ct.ui.title")

    def board(self, lang: str, secrets: bool) -> dict[str, Any]:
        return view.board(self.game, lang, secrets)

    def log(self, lang: str, secrets: bool) -> list[str]:
        return view.log(self.game, lang, secrets)

    def static_svg(self) -> str:
        return game_svg(self.game, self.language)

    def result(self, lang: str) -> str:
        return view.result(self.game, lang)

"""hickory_widget: a rules engine for the board game Hickory Dickory, and a Jupyter widget on top of it.

    >>> from hickory_widget import Game
    >>> game = Game.new(players=4, seed=1)
    >>> game.choose(game.choices[0].id)
    >>> explain("R48", language="it")  # any rule id, ruling Q1-Q18 or project ruling H1-H14, in en/it/de
"""

from .builder import Position
from .components import ComponentDataError, default_components, load_components
from .decisions import Choice, Decision, IllegalChoice
from .doors import EngineError
from .explain import explain
from .game import Game, SaveError
from .position import PositionError

__all__ = [
    "Choice",
    "ComponentDataError",
    "Decision",
    "EngineError",
    "Game",
    "IllegalChoice",
    "Position",
    "PositionError",
    "SaveError",
    "default_components",
    "explain",
    "load_components",
]

"""hickory_widget: a rules engine for the board game Hickory Dickory, and a Jupyter widget on top of it.

    >>> from hickory_widget import Game
    >>> game = Game.new(players=4, seed=1)
    >>> game.choose(game.choices[0].id)
    >>> explain("R48", language="it")  # any rule id, ruling Q1-Q18 or project ruling H1-H17, in en/it/de
"""

from typing import Any

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
    "HickoryWidget",
    "IllegalChoice",
    "Position",
    "PositionError",
    "SaveError",
    "default_components",
    "explain",
    "load_components",
]


def __getattr__(name: str) -> Any:
    """``from hickory_widget import HickoryWidget`` imports the widget (and ipywidgets) only when asked, so the
    engine itself never needs Jupyter."""
    if name == "HickoryWidget":
        from .widget import HickoryWidget

        return HickoryWidget
    raise AttributeError(f"module 'hickory_widget' has no attribute {name!r}")

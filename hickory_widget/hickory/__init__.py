"""Hickory Dickory on the core: its state, rules, positions, labels, view model, widget and analysis.

    >>> from hickory_widget.hickory import Game
    >>> game = Game.new(players=4, seed=1)

The same names are importable from ``hickory_widget`` itself, where Hickory Dickory is the default game.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .builder import Position
    from .game import Game, HickoryRules
    from .positions.position import PositionError
    from .rules.components import ComponentDataError, default_components, load_components
    from .widget import HickoryWidget

# ``explain`` (words/explain.py) is bound now: it is small and the package's most used name.
from ..core.lazy import lazy_names
from .words.explain import explain

# Imported on first use, so that importing one part (the catalogs, a lesson's format) does not load the whole
# engine, and the widget (ipywidgets) only when asked.
_WHERE = {
    "ComponentDataError": "rules.components",
    "Game": "game",
    "HickoryRules": "game",
    "HickoryWidget": "widget",
    "Position": "builder",
    "PositionError": "positions.position",
    "default_components": "rules.components",
    "load_components": "rules.components",
}

__all__ = [
    "ComponentDataError",
    "Game",
    "HickoryRules",
    "HickoryWidget",
    "Position",
    "PositionError",
    "default_components",
    "explain",
    "load_components",
]


__getattr__ = lazy_names(__name__, _WHERE)

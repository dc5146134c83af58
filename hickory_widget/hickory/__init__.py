"""Hickory Dickory on the core: its state, rules, positions, labels, view model, widget and analysis.

    >>> from hickory_widget.hickory import Game
    >>> game = Game.new(players=4, seed=1)

The same names are importable from ``hickory_widget`` itself, where Hickory Dickory is the default game.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .builder import Position
    from .components import ComponentDataError, default_components, load_components
    from .game import Game, HickoryRules
    from .position import PositionError
    from .widget import HickoryWidget

# ``explain`` shares its name with its module, so it is bound now: a later ``import hickory_widget.hickory.explain``
# would otherwise leave the module where the function should be.
from ..core.lazy import lazy_names
from .explain import explain

# Imported on first use, so that importing one part (the catalogs, a lesson's format) does not load the whole
# engine, and the widget (ipywidgets) only when asked.
_WHERE = {
    "ComponentDataError": "components",
    "Game": "game",
    "HickoryRules": "game",
    "HickoryWidget": "widget",
    "Position": "builder",
    "PositionError": "position",
    "default_components": "components",
    "load_components": "components",
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

"""hickory_widget: a rules engine for the board game Hickory Dickory, and a Jupyter widget on top of it.

    >>> from hickory_widget import Game
    >>> game = Game.new(players=4, seed=1)
    >>> game.choose(game.choices[0].id)
    >>> explain("R48", language="it")  # any rule id, ruling Q1-Q18 or project ruling H1-H17, in en/it/de
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .builder import Position
    from .components import ComponentDataError, default_components, load_components
    from .decisions import Choice, Decision, IllegalChoice
    from .doors import EngineError
    from .game import Game, SaveError
    from .position import PositionError
    from .widget import HickoryWidget

# ``explain`` shares its name with its module, so it is bound now: a later ``import hickory_widget.explain``
# would otherwise leave the module where the function should be.
from .explain import explain

# Each public name and the module that defines it. They are imported on first use, so that importing one part
# (the i18n catalogs, the lessons' format, a Voilà kernel's first cell) does not load the whole engine, and the
# widget (ipywidgets) only when asked: the engine itself never needs Jupyter.
_WHERE = {
    "Choice": "decisions",
    "ComponentDataError": "components",
    "Decision": "decisions",
    "EngineError": "doors",
    "Game": "game",
    "HickoryWidget": "widget",
    "IllegalChoice": "decisions",
    "Position": "builder",
    "PositionError": "position",
    "SaveError": "game",
    "default_components": "components",
    "load_components": "components",
}

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
    """Import a public name from its module the first time it is asked for."""
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'hickory_widget' has no attribute {name!r}")

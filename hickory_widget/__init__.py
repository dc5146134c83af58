"""hickory_widget: Hickory Dickory, Clocktowers and Mice! on one game-agnostic core, with Jupyter widgets.

    >>> from hickory_widget import Game                 # Hickory Dickory (hickory_widget.hickory)
    >>> game = Game.new(players=4, seed=1)
    >>> game.choose(game.choices[0].id)
    >>> explain("R48", language="it")  # any rule id, ruling Q1-Q18 or project ruling H1-H17, in en/it/de
    >>> from hickory_widget.clocktowers import ClocktowersGame
    >>> from hickory_widget.mice import MiceGame

The layout (docs/CORE.md): ``core/`` imports no game; ``hickory/``, ``clocktowers/`` and ``mice/`` each import
the core and nothing of another game; ``lessons/`` sits on top of all three.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .core.doors import EngineError
    from .core.protocol import Choice, Decision, IllegalChoice, SaveError
    from .hickory.builder import Position
    from .hickory.game import Game
    from .hickory.positions.position import PositionError
    from .hickory.rules.components import ComponentDataError, default_components, load_components
    from .hickory.widget import HickoryWidget

from .core.lazy import lazy_names
from .hickory.words.explain import explain

__version__ = "0.1.0"
"""The package's version, written only here: pyproject.toml reads it (``[tool.hatch.version]``)."""

# Each public name and the module that defines it. They are imported on first use, so that importing one part
# (the i18n catalogs, the lessons' format, a Voilà kernel's first cell) does not load the whole engine, and the
# widget (ipywidgets) only when asked: the engine itself never needs Jupyter.
_WHERE = {
    "Choice": "core.protocol",
    "ComponentDataError": "hickory.rules.components",
    "Decision": "core.protocol",
    "EngineError": "core.doors",
    "Game": "hickory.game",
    "HickoryWidget": "hickory.widget",
    "IllegalChoice": "core.protocol",
    "Position": "hickory.builder",
    "PositionError": "hickory.positions.position",
    "SaveError": "core.protocol",
    "default_components": "hickory.rules.components",
    "load_components": "hickory.rules.components",
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
    "__version__",
    "default_components",
    "explain",
    "load_components",
]


__getattr__ = lazy_names(__name__, _WHERE)

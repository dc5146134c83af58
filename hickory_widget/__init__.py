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

import importlib.abc
import importlib.util
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core.doors import EngineError
    from .core.protocol import Choice, Decision, IllegalChoice, SaveError
    from .hickory.builder import Position
    from .hickory.components import ComponentDataError, default_components, load_components
    from .hickory.game import Game
    from .hickory.position import PositionError
    from .hickory.widget import HickoryWidget

from .core.lazy import lazy_names
from .hickory import explain

# Each public name and the module that defines it. They are imported on first use, so that importing one part
# (the i18n catalogs, the lessons' format, a Voilà kernel's first cell) does not load the whole engine, and the
# widget (ipywidgets) only when asked: the engine itself never needs Jupyter.
_WHERE = {
    "Choice": "core.protocol",
    "ComponentDataError": "hickory.components",
    "Decision": "core.protocol",
    "EngineError": "core.doors",
    "Game": "hickory.game",
    "HickoryWidget": "hickory.widget",
    "IllegalChoice": "core.protocol",
    "Position": "hickory.builder",
    "PositionError": "hickory.position",
    "SaveError": "core.protocol",
    "default_components": "hickory.components",
    "load_components": "hickory.components",
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


__getattr__ = lazy_names(__name__, _WHERE)


# Before the games moved into subpackages, Hickory Dickory's modules sat directly in this package. Code written
# then (``from hickory_widget.game import Game``, ``from hickory_widget.state import State``) keeps working: the old
# name is the new module itself, not a copy, so classes and module state are shared. (``hickory_widget.explain``
# is left out: that name is the function.)
_OLD_PATHS = {name: f"hickory.{name}" for name in (
    "actions", "activation", "bots", "builder", "chain", "chance", "components", "delivering", "delivery",
    "end_of_game", "end_of_round", "favor_hand", "favors", "flow", "fuzzing", "game", "i18n", "intents",
    "invariants", "labels", "mcts", "minute_hand", "options", "outer_ring", "playout", "position", "setup", "solo",
    "state", "storage", "svg", "tick", "timeline", "trading", "view", "whatif", "why_not", "widget",
)} | {"decisions": "core.protocol", "doors": "core.doors", "rng": "core.rng", "whatif_panel": "core.whatif_panel"}


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``hickory_widget.<old module>`` and answers with the module where it lives now."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        head, _, tail = fullname.rpartition(".")
        if head == __name__ and tail in _OLD_PATHS:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: Any) -> Any:
        return import_module(f"{__name__}.{_OLD_PATHS[spec.name.rpartition('.')[2]]}")

    def exec_module(self, module: Any) -> None:
        """The module was run under its new name already."""


if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
    sys.meta_path.append(_OldPaths())

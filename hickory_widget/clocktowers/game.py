"""The public face of Clocktowers: ``ClocktowersGame.new(players=3, seed=1)``, played through the core protocol
(decision, choices, choose, undo, redo, history, to_json/from_json, position/from_position, force, events)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.runner import GameRunner
from . import bots
from .engine import RULES
from .rules.scoring import Standing, standings, tower_points, winners


class ClocktowersGame(GameRunner):
    """A game of Clocktowers (2-4 players). Create one with :meth:`new` or :meth:`from_position`."""

    rules = RULES

    @classmethod
    def new(cls, players: int | Sequence[str] = 3, seed: int = 1, *, options: dict[str, bool] | None = None,
            first: str | None = None) -> ClocktowersGame:
        """A new game: ``players`` is a count (2-4) or a list of names; the same seed deals the same decks.
        ``options``: ``floors_on_others``, ``tops_on_others``, ``shared_heights`` (all on by default, the rulebook's
        reading; see :mod:`.options`); ``first``: who starts."""
        return cls._new(players=list(players) if isinstance(players, (list, tuple)) else players, seed=seed,
                        options=options, first=first)

    @property
    def tower_scores(self) -> dict[str, int]:
        """Points of every tower by id (incomplete towers score 0, C12)."""
        return {t.id: tower_points(t) for t in self._state.towers}

    def standings(self) -> list[Standing]:
        """Players best first, ties broken by the highest mouse, then cat, floor (C13)."""
        return standings(self._state)

    @property
    def winners(self) -> list[str]:
        return winners(self._state)

    @staticmethod
    def bot_rank(option: str) -> int:
        """Bots' tie order: play before drawing, discard last."""
        return 1 if option.startswith("discard:") else 0

    def bot_value(self, player: str) -> float:
        """A short-sighted worth for the greedy bot: its own points and progress (a little for each unfinished tower
        of its own with its clock, a roof away from scoring, or with floors), less half the best other player's.
        Since a clock or a roof may go on anyone's tower, this keeps the bot from finishing a rival's tower for
        nothing, while a roof that takes a height the rival needed still counts for what it blocks."""
        s = self._state
        scores = self.scores

        def worth(p: str) -> float:
            towers = [t for t in s.towers_of(p) if not t.complete]
            return scores[p] + sum(0.6 if t.clock else 0.2 for t in towers)

        rivals = [worth(p) for p in s.players if p != player]
        return worth(player) - 0.5 * max(rivals, default=0.0)

    bot_sim = True
    """Its flow restarts from a clone of the state at any decision, so the core's greedy and search bots play it on
    bare states (core/search.py)."""
    bot_search = bots.SEARCH
    """The search bot's budget here (deals, horizon, playouts per decision)."""
    bot_eval = staticmethod(bots.evaluate)
    """The greedy and search bots' worth of a position (core/search.py; see :mod:`.bots`)."""

    def widget(self, **kwargs: Any) -> Any:
        """This game in an interactive widget; needs Jupyter."""
        from .widget import ClocktowersWidget

        return ClocktowersWidget(self, **kwargs)

    def _repr_svg_(self) -> str:
        """A static picture of the table: notebooks show it with no kernel."""
        from .board.svg import game_svg

        return game_svg(self)

    def _repr_html_(self) -> str:
        """The same picture for outputs that show HTML (JupyterLab, Notebook 7, an HTML export): in a narrow output
        a narrow layout, so its texts stay 11 px or more."""
        from .board.svg import game_html

        return game_html(self)

    def __repr__(self) -> str:
        s = self._state
        where = "over" if self.over else f"{self._ask.player} to {self._ask.kind}"  # type: ignore[union-attr]
        decks = ", ".join(f"{d} {len(p)}" for d, p in s.decks.items())
        return f"<ClocktowersGame {len(s.players)}p decks {decks} scores {self.scores} {where}>"

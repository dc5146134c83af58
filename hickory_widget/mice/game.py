"""The public face of Mice!: ``MiceGame.new(players=4, seed=1)``, played through the core protocol (decision,
choices, choose, undo, redo, history, to_json/from_json, position/from_position, events), with a simultaneous,
secret decision every round."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from ..core.runner import GameRunner
from . import bots
from .engine import RULES
from .rules.cards import HUNTER, PREY, card
from .rules.scoring import Standing, standings, winners
from .rules.state import HIDDEN

GUESS = 0.25
"""The greedy bot's guess of the chance that another player plays a given animal this round."""


class MiceGame(GameRunner):
    """A game of Mice! (3-6 players). Create one with :meth:`new` or :meth:`from_position`."""

    rules = RULES

    @classmethod
    def new(cls, players: int | Sequence[str] = 4, seed: int = 1, *,
            options: dict[str, bool] | None = None) -> MiceGame:
        """A new game: ``players`` is a count (3-6) or a list of names; the seed hands out the coloured sets.
        ``options``: ``lower_tiers_hunt`` (see :mod:`.options`)."""
        return cls._new(players=list(players) if isinstance(players, (list, tuple)) else players, seed=seed,
                        options=options)

    def standings(self) -> list[Standing]:
        """Players best first, ties broken by the captured mice (M14)."""
        return standings(self._state)

    @property
    def winners(self) -> list[str]:
        return winners(self._state)

    def last_round(self) -> list[dict[str, Any]]:
        """The events of the last reveal (revealed, hunts, captures, centre), oldest first; [] before any."""
        events = self.events
        starts = [i for i, e in enumerate(events) if e["kind"] == "revealed"]
        if not starts:
            return []
        out = []
        for e in events[starts[-1]:]:
            if e["kind"] == "committed":
                break
            out.append(e)
        return out

    @staticmethod
    def bot_rank(option: str) -> int:
        """Bots' tie order: the lower card first (keep the strong ones)."""
        return int(option.rsplit(".", 1)[1])

    def bot_value(self, player: str) -> float:
        """A short-sighted worth for the greedy bot, from what ``player`` can see (a seat's copy has the others'
        cards hidden, and every unplayed card is known from the sets): points, plus what the face-down card would
        capture in the centre, weighed by the chance that no one else plays the same animal as high; less its
        value weighed by the share of others who still hold its hunter. A small per-player jitter makes it a mixed
        strategy: with simultaneous choices, bots that always pick alike only tie with each other."""
        s = self._state
        mine = s.committed.get(player)
        if mine in (None, HIDDEN) or s.phase != "hunt":
            return float(self.scores[player])
        c = card(mine)
        others = [s.hands[p] + [c for c in [s.committed.get(p)] if c not in (None, HIDDEN)]
                  for p in s.players if p != player]  # another's face-down card is as unknown as their hand
        rivals = sum(any(card(x).animal == c.animal and card(x).value >= c.value for x in h) for h in others)
        hunters = sum(any(card(x).animal == HUNTER[c.animal] for x in h) for h in others)
        centre = sum(card(x).value for x in s.centre if card(x).animal == PREY[c.animal])
        gain = (centre + len(others) * GUESS * 2.5) * (1 - GUESS) ** rivals
        loss = c.value * (1 - (1 - GUESS) ** hunters)
        jitter = zlib.crc32(f"{player}:{s.round}:{mine}".encode()) % 1000 / 1000
        return self.scores[player] + gain - loss + 3.0 * jitter

    bot_sim = True
    """Its flow restarts from a clone of the state at any decision, so the core's greedy and search bots play it on
    bare states (core/search.py)."""
    bot_option_value = staticmethod(bots.option_value)
    """The greedy bot's worth of a card this round, against draws of the others' plays (see :mod:`.bots`)."""
    bot_playout_value = staticmethod(bots.playout_value)
    """The same on fewer draws: the search bot's policy inside its playouts."""
    bot_search = bots.SEARCH
    """The search bot's budget here (deals, horizon)."""
    bot_redeal = staticmethod(bots.redeal)
    """The search bot's deal of the others' face-down cards anew (see :mod:`.bots`)."""

    def widget(self, **kwargs: Any) -> Any:
        """This game in an interactive widget; needs Jupyter."""
        from .widget import MiceWidget

        return MiceWidget(self, **kwargs)

    def _repr_svg_(self) -> str:
        """A static picture of the table: notebooks show it with no kernel. Face-down cards stay face down."""
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
        return f"<MiceGame {len(s.players)}p round {s.round} centre {len(s.centre)} scores {self.scores} {where}>"

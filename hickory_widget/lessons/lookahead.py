"""Proving the best choice: an exhaustive search over a player's own decisions to the end of the Tick or round.

A *best* exercise asks for the choice that scores the most. The engine proves it by trying every legal option
of the learner's decision, then every option of each later decision of the same player up to the horizon, and
taking the best score reached. Other players' decisions are answered by their first legal option (lesson
positions are built so that they have none, or none that matter). Trading is left out of the search: it moves
tiles between cards and never scores by itself.
"""

from __future__ import annotations

from ..core.protocol import IllegalChoice
from ..hickory.game import Game

HORIZONS = ("tick", "round")
NODE_LIMIT = 20_000
"""Lesson positions are small on purpose; a search beyond this many choices means the position is not."""


class SearchTooLarge(RuntimeError):
    """The look-ahead would need more than :data:`NODE_LIMIT` choices: the lesson's position is too open."""


def _searchable(options: list[str]) -> list[str]:
    found = [o for o in options if o != "trade"]
    return found or options


def _done(game: Game, horizon: str, minute: int, hour: int) -> bool:
    s = game.state
    if game.over:
        return True
    return s.hour != hour if horizon == "round" else (s.minute != minute or s.hour != hour)


def option_values(game: Game, horizon: str = "tick") -> dict[str, int]:
    """For each legal option of the pending decision: the most points its player can have at the horizon."""
    if horizon not in HORIZONS:
        raise ValueError(f"horizon must be one of {HORIZONS}, not {horizon!r}")
    if game.decision is None:
        raise IllegalChoice("the game is over; there is no choice to compare")
    g = game.copy()
    color = g.decision.player  # type: ignore[union-attr]
    minute, hour = g.state.minute, g.state.hour
    budget = [NODE_LIMIT]

    def value() -> int:
        if _done(g, horizon, minute, hour):
            return g.scores[color]
        d = g.decision
        options = _searchable(g.choice_ids)
        if d.player != color:  # type: ignore[union-attr]
            options = options[:1]
        best = -1
        for o in options:
            budget[0] -= 1
            if budget[0] < 0:
                raise SearchTooLarge(f"proving the best choice needs more than {NODE_LIMIT} choices here")
            g.choose(o)
            best = max(best, value())
            g.undo()
        return best

    out = {}
    for option in _searchable(g.choice_ids):
        g.choose(option)
        out[option] = value()
        g.undo()
    return out

"""What-if analysis for any game on the core: how does each option of the pending decision end, on average, when
bots play the rest? Each run starts from a branch of the game (what nobody has seen is dealt anew with the run's
seed), so the answer does not peek at hidden cards or future dice; in a simultaneous decision it starts from the
decider's own copy of the game, where the others' hidden commitments are drawn anew in every run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot, RandomBot, play
from .protocol import IllegalChoice


@dataclass(frozen=True, slots=True)
class Outlook:
    """One option's average final scores over ``runs`` play-outs, and the decider's average margin over the best
    other player (positive: ahead)."""

    option: str
    runs: int
    scores: dict[str, float]
    margin: float


def outlook(game: Any, option: str, *, runs: int = 8, seed: int = 0,
            bot: Callable[[int], Bot] = RandomBot) -> Outlook:
    """Plays ``option`` then the rest of the game by ``bot`` for every seat, ``runs`` times; the game itself is not
    changed. IllegalChoice if ``option`` is not legal now."""
    if game.over:
        raise IllegalChoice("the game is over; there is no option to look at")
    if option not in game.choice_ids:
        raise IllegalChoice(f"{option!r} is not a legal choice now; legal: {', '.join(game.choice_ids)}")
    if not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a whole number of at least 1, not {runs!r}")
    me = game.decision.player
    seen = game.seat_game(me) if hasattr(game, "seat_game") else game
    totals: dict[str, float] = dict.fromkeys(game.scores, 0.0)
    margin = 0.0
    for r in range(runs):
        twin = seen.branch(seed + r)
        twin.choose(option)
        play(twin, {p: bot(seed * 1000 + r * 10 + i) for i, p in enumerate(totals)})
        final = twin.scores
        for p, v in final.items():
            totals[p] += v
        others = [v for p, v in final.items() if p != me]
        margin += final[me] - (max(others) if others else 0)
    return Outlook(option, runs, {p: v / runs for p, v in totals.items()}, margin / runs)


def compare(game: Any, options: Sequence[str] | None = None, **kwargs: Any) -> list[Outlook]:
    """The outlook of each option (all legal ones by default), best margin for the decider first."""
    chosen = list(options) if options is not None else game.choice_ids
    return sorted((outlook(game, o, **kwargs) for o in chosen), key=lambda x: -x.margin)

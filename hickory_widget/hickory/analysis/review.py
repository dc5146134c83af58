"""Hickory Dickory's review engine: the core's review (core/review.py) on the fast playouts.

A worker rebuilds the seat's position from its last Tick boundary plus the choices since (as what-if does), forks a
:class:`~.playout.Playout` per run, reseeds it with the run's chance seed and lets the bot play every seat; it
reports every seat's final margin and the decider's points by source (``PlayerState.score_by``), each source with
the rule ids that score it, so a review can say what the better option gains: a delivery, a quest, the chain, a
relic, the hunt board or the end pool.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.review import Outcome, margins
from ...core.whatif import SEED_STRIDE
from ..positions.position import from_data
from ..rules.end_of_game import SOLO_GOAL
from .playout import Playout
from .whatif import HickoryPlayouts

SOURCE_RULES = {
    "deliveries": ("R78", "R103"),
    "quests": ("R104",),
    "hunt": ("R113", "R129"),
    "chain": ("R74", "R100", "R101", "R102", "R102a"),
    "relics": ("R77",),
    "pool": ("R113",),
}
"""The rules that score each of a player's sources of points (the rule ids of the events that add to it:
delivered, quest_completed, hunt_board_scored, scaler_climbed / scaler_reached_leaf, relic_returned, pool_scored;
tests/test_review.py checks them against a game's events)."""
NAMES = {"hunt": "hunt_board"}
"""Source names in a review's keys where the card games' event kinds would read the same word differently."""
Start = tuple[dict[str, Any], list[str], list[tuple[str, str]]]
"""A position (its queue of forced outcomes empty), the choices since, and that queue."""
KEYS = {source: f"{NAMES.get(source, source)}|{','.join(rules)}" for source, rules in SOURCE_RULES.items()}


class HickoryReview(HickoryPlayouts):
    """Hickory Dickory's what-if playouts with a batch that reports every seat's result (``Game.review_engine``)."""

    goal = SOLO_GOAL
    """Solo: the margin is over the 100-point goal (R115)."""

    def start(self, game: Any) -> Start:
        """What-if's start data, with the outcomes queued for replay (a seat's copy replays the draws and rolls
        it saw) taken apart: a position checks a queued draw against the bag as it is now, but a tile drawn, put
        back and drawn again since is queued twice (position.py's D4 check would refuse it)."""
        if game.seat is None and game.decision is None:
            raise ValueError("the game is over: there is no position to play out")
        data, since = super().start(game)
        data = dict(data)
        forced = [tuple(f) for f in data.pop("forced", [])]
        data["forced"] = []
        return data, since, forced

    def seat_batch(self, start: Start, option: str | None, ks: Iterable[int],
                   bot: str | Callable[[int], Any], seed: int) -> list[Outcome]:
        return seat_batch(start, option, ks, bot, seed)


def seat_batch(start: Start, option: str | None, ks: Iterable[int],
               bot: str | Callable[[int], Any], seed: int) -> list[Outcome]:
    """Playouts ``ks`` after ``option`` (runs in a worker): every seat's final margin and the decider's points by
    source."""
    state = from_data(start[0])
    state.forced[:] = start[2]
    base = Playout(state, start[1])
    me = base.player
    make = HickoryPlayouts().bots[bot] if isinstance(bot, str) else bot
    out: list[Outcome] = []
    for k in ks:
        chance = seed * SEED_STRIDE + k
        p = base.fork()
        p.reseed(chance)
        if option is not None:
            p.choose(option)
        p.run(make(chance))
        s = p.state
        scores = [(q.color, q.score) for q in s.players]
        by = s.player(me).score_by
        out.append((margins(scores, SOLO_GOAL), {KEYS[src]: v for src, v in by.items() if v}))
    return out

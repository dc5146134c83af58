"""Bots that can take any seat: a uniform-random bot and a greedy bot, both seeded.

The greedy bot tries each option, looks at its own score once the engine next asks something (for an item added
to a delivery: once that delivery is finished), takes the option that scored most, and undoes the rest. Ties
(most options score nothing right now) go to the first option in this preference: act, deliver items, claim,
take from the market, move out or jump off, leap, return relics, then everything else in the engine's order;
trading and declining come last. It never trades.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from ...core.bots import RandomBot as RandomBot  # the core's, offered here too: it reads only its seat's options
from ..rules.components import Action
from .playout import Playout

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import Game

PREFERENCE = ("act:", "deliver:", "deliver_favor:", "deliver_done", "quest:", "claim:", "market:", "take:",
              "return_relic:", "jump_off", "move_out", "leap:", "favor:", "stay", "done")
LAST = ("decline", "skip_claim", "give:", "swap:", "trade")
"""Opening a trade session comes after everything, even declining, so the greedy bot never trades."""


class Bot(Protocol):
    def choose(self, game: Game | Playout) -> str: ...


class GreedyBot:
    """Takes the option that raises its own score most by the next decision; see the module for ties."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @staticmethod
    def rank(option: str) -> int:
        for i, prefix in enumerate(PREFERENCE):
            if option.startswith(prefix):
                return i
        for i, prefix in enumerate(LAST):
            if option.startswith(prefix):
                return len(PREFERENCE) + 1 + i
        return len(PREFERENCE)

    def choose(self, game: Game | Playout) -> str:
        ids = game.choice_ids
        if len(ids) == 1:
            return ids[0]
        here = game if isinstance(game, Playout) else game.seat_game(game.decision.player).playout()  # its seat's view
        order = sorted(range(len(ids)), key=lambda i: (self.rank(ids[i]), i))  # the tie-break order
        scoring = [i for i in order if may_score(here, ids[i])]
        if not scoring or scoring == order[:1]:
            # Quiet options gain nothing, and no option can lose points: the first in tie-break order wins.
            return ids[order[0]]
        me = here.player
        base = here.scores[me]
        gains = {i: gain_after(here, me, ids[i], FOLLOW_UP.get(ids[i].partition(":")[0], ())) - base
                 for i in scoring}
        return ids[min(order, key=lambda i: (-gains.get(i, 0), self.rank(ids[i]), i))]


FOLLOW_UP = {"deliver": ("deliver_done",), "deliver_favor": ("deliver_done",)}
"""An item added to a delivery scores only once the delivery is finished: look that far ahead."""
QUIET = ("activate:", "stay", "jump_off", "jump_on", "move_out", "back:", "leap:", "claim:", "skip_claim", "take:",
         "market:", "scamp:", "return:", "hunt:", "discard:", "discard_favor:", "decline", "trade", "give:", "swap:")
"""Options after which the engine asks again before anyone scores: scores change only by a delivery, a relic
returned, a chain climb or the final scoring. Trading moves never score by themselves."""
SAME_GAIN = ("pay:", "pay_favor:")
"""Paying a cost: whichever tile pays, what follows (a climb, say) scores the same; only the final scoring, which
counts the tiles left, tells them apart."""
LAST_HOUR = 11
"""The hour of the last round: after its Tick at 12 the final scoring runs, so there every option is tried."""


def may_score(here: Playout, option: str) -> bool:
    """Whether ``option`` could change the decider's score before the engine next asks something (quiet options
    cannot), or could score differently from the other options of its kind."""
    s = here.state
    if (s.hour == LAST_HOUR and s.minute == 12) or s.phase != "play":
        return not option.startswith(("trade", "give:", "swap:"))
    if option.startswith("act:"):  # a token's action scores at once only by climbing the chain
        ask = here.ask
        token = ask.context.get("token") if ask is not None and ask.kind == "action" else None
        if token is None:
            return True
        from ..rules.actions import token_actions

        return climbs(token_actions(s, s.tokens.index(token))[int(option[4:]):][:1])
    if option.startswith(("favor:", "favor_leap:")):  # so does a favor card
        card = s.c.favors.get(option.split(":")[1])
        return card is None or climbs(card.actions)
    return not option.startswith(QUIET + SAME_GAIN)


def climbs(actions: Sequence[Action]) -> bool:
    return any(icon.icon == "climb" for action in actions for icon in (*action.cost, *action.gain))


def gain_after(here: Playout, me: str, option: str, then: tuple[str, ...]) -> int:
    """``me``'s score once ``option`` (then each of ``then`` legal by its turn) is applied on a fork of ``here``
    and the engine next asks something: the same look-ahead as ``Game.scores_after``, without any undo."""
    fork = here.fork()
    fork.choose(option)
    for follow in then:
        if fork.ask is not None and follow in fork.ask.options:
            fork.choose(follow)
    return fork.state.player(me).score


def play(game: Game, bots: Mapping[str, Bot], *, until: str = "end", limit: int = 100_000) -> int:
    """Lets bots decide for their colors until the game ends, a seat without a bot must decide, or ``until``
    ("end", "tick", "round") is reached. Returns how many choices were made."""
    start_minute, start_hour = game.state.minute, game.state.hour
    made = 0
    while not game.over and made < limit:
        decision = game.decision
        bot = bots.get(decision.player) if decision else None
        if bot is None:
            break
        game.choose(bot.choose(game))
        made += 1
        if until == "tick" and game.state.minute != start_minute:
            break
        if until == "round" and game.state.hour != start_hour:
            break
    return made

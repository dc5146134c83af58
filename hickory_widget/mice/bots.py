"""What the core's bots (core/bots.py, core/search.py) need to know of Mice!: each card's worth this round,
against the cards the others may still play, and a deal of the others' face-down cards anew.

A seat sees every unplayed card (M2, M7) but not the cards placed face down this round, so the others' plays are
drawn, uniformly, among their unplayed cards (a face-down card counts as unplayed: the seat's copy only guessed it)
and the round is resolved by the rules (M8-M10): the worth of a card is the points it brings less the most any
other player takes, on average, less a little of its own value (a strong card kept is a threat later). Seeding an
empty centre (M12) scores nothing: the lowest card gives the others least to capture.
"""

from __future__ import annotations

import random

from .rules.cards import card, play_id
from .rules.hunt import resolve
from .rules.state import HIDDEN, MiceState

SAMPLES = 16
"""Draws of the others' plays per option."""
KEEP = 0.15
"""Worth of keeping one point of card value in hand for later rounds."""


def _unplayed(s: MiceState, player: str) -> list[str]:
    return s.hands[player] + [c for c in [s.committed.get(player)] if c is not None and c != HIDDEN]


PLAYOUT_SAMPLES = 1
"""Draws per option inside the search bot's playouts (many playouts average the rest out)."""
SEARCH = {"deals": 8, "horizon": 6}
"""The search bot's budget in Mice!: deals of the others' face-down cards, and decisions played on after each
option (two rounds of three players) before the score margin is read."""


def playout_value(s: MiceState, player: str, option: str, rng: random.Random) -> float:
    """:func:`option_value` on fewer draws: the search bot's policy inside its playouts."""
    return option_value(s, player, option, rng, samples=PLAYOUT_SAMPLES)


def option_value(s: MiceState, player: str, option: str, rng: random.Random, samples: int = SAMPLES) -> float:
    """The points ``option`` brings this round less the most any other player takes, averaged over draws of the
    others' plays among their unplayed cards, less a little of the card's value."""
    mine = next(c for c in s.hands[player] if play_id(c) == option)
    value = card(mine).value
    if s.phase == "seed":
        return -float(value)
    others = [p for p in s.players if p != player]
    pools = [(p, _unplayed(s, p)) for p in others]
    lower = s.options.get("lower_tiers_hunt", False)
    total = 0.0
    for _ in range(samples):
        plays = {p: pool[rng.randrange(len(pool))] for p, pool in pools if pool}
        plays[player] = mine
        hunts, _rest = resolve(s.centre, plays, lower)
        gain = dict.fromkeys(s.players, 0)
        for h in hunts:
            if h.player is not None:
                gain[h.player] += sum(card(x).value for x in h.captured)
        total += gain[player] - max((gain[p] for p in others), default=0)
    return total / samples - KEEP * value


def redeal(s: MiceState, player: str, rng: random.Random) -> None:
    """Each other player's face-down card drawn anew among their unplayed cards (what ``player`` cannot see)."""
    for p in s.players:
        mine = s.committed.get(p)
        if p == player or mine is None or mine == HIDDEN:
            continue
        pool = _unplayed(s, p)
        pick = pool[rng.randrange(len(pool))]
        pool.remove(pick)
        s.committed[p] = pick
        s.hands[p] = pool

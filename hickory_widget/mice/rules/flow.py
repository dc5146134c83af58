"""The flow of a whole game: rounds of secret plays until the hands are empty (M13).

Each round every player places a card face down (a secret Ask of the core, one per player, a checkpoint between
them); once all have, the flow yields REVEAL and the cards are turned up together (M7). With a centre, the hunts
follow (M8-M10); with an empty centre, the revealed cards become the centre and nobody hunts (M12). In a seat's
copy a card that seat may not see is HIDDEN, and the copy stops at the reveal with an Ask no one can answer.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...core.protocol import CHECKPOINT, REVEAL, SEALED, Ask
from .cards import play_id
from .hunt import resolve
from .scoring import scores, winners
from .state import HIDDEN, MiceState


def play_options(s: MiceState, player: str) -> list[str]:
    """``play:<animal>.<value>`` for each card of the hand, in hand order."""
    return [play_id(c) for c in s.hands[player]]


def commit(s: MiceState, player: str, choice: str) -> None:
    """The player's card goes face down in front of them; only the fact that they placed one is public."""
    if choice == SEALED:
        s.committed[player] = HIDDEN
    else:
        c = next(c for c in s.hands[player] if play_id(c) == choice)
        s.hands[player].remove(c)
        s.committed[player] = c
    s.emit("committed", ("M12",) if s.phase == "seed" else ("M7",), player=player, round=s.round, phase=s.phase)


def reveal(s: MiceState) -> None:
    plays = {p: s.committed[p] for p in s.players}
    s.committed = {}
    s.emit("revealed", ("M12",) if s.phase == "seed" else ("M7",), round=s.round, phase=s.phase, plays=plays)
    if s.phase == "seed":
        s.centre = list(plays.values())
        s.emit("seeded", ("M12",), centre=list(s.centre))
        return
    hunts, rest = resolve(s.centre, plays, s.options["lower_tiers_hunt"])
    for h in hunts:
        s.emit("hunt", ("M8",), hunter=h.hunter, prey=h.prey, player=h.player, card=h.card, values=h.values)
        if h.player is not None:
            s.piles[h.player] += h.captured
            s.emit("captured", ("M9",), player=h.player, prey=h.prey, cards=list(h.captured))
    s.centre = rest
    s.emit("centre", ("M10",), centre=list(rest))


def play(s: MiceState) -> Generator[Any, str | None, None]:
    while s.phase != "over":
        if not s.committed and not any(s.hands.values()):
            s.out, s.centre = s.centre, []
            s.phase = "over"
            s.emit("game_end", ("M13", "M14"), out=list(s.out), scores=scores(s), winners=winners(s))
            return
        if not s.committed:
            s.phase = "hunt" if s.centre else "seed"
        for player in s.waiting:
            yield CHECKPOINT
            choice = yield Ask(player, s.phase, play_options(s, player), {"round": s.round}, secret=True)
            commit(s, player, choice)
        if HIDDEN in s.committed.values():
            hidden = [p for p in s.players if s.committed[p] == HIDDEN]
            yield Ask(hidden[0], "reveal", [], {"hidden": hidden})
            return
        yield REVEAL
        reveal(s)
        s.round += 1
        yield CHECKPOINT

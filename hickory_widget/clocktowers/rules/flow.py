"""The flow of a whole game: turn after turn until the decks are empty and every hand is played out (C11).

``play`` yields an Ask for each decision and ``CHECKPOINT`` at the start of every turn, where the state is plain
data (undo and ``position()`` work from there). A player whose hand is empty once the decks are gone is passed.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...core.protocol import CHECKPOINT, Ask
from .scoring import scores, winners
from .state import TowersState
from .turn import apply_draw, apply_play, draw_options, play_options


def play(s: TowersState) -> Generator[Any, str | None, None]:
    while s.step != "over":
        if s.step == "play" and not any(s.hands.values()):  # a turn's draw still comes after its last card
            s.step = "over"
            s.emit("game_end", ("C11", "C12", "C13"), scores=scores(s), winners=winners(s))
            return
        if s.step == "play":
            yield CHECKPOINT
        player = s.mover
        if s.step == "play":
            if not s.hands[player]:
                s.emit("passed", ("C11",), player=player)
                s.turn = (s.turn + 1) % len(s.players)
                continue
            choice = yield Ask(player, "play", play_options(s, player))
            apply_play(s, player, choice)
            s.step = "draw"
        if s.step == "draw":
            options = draw_options(s)
            if options:
                choice = yield Ask(player, "draw", options)
                apply_draw(s, player, choice)
            s.step = "play"
            s.turn = (s.turn + 1) % len(s.players)

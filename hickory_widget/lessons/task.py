"""Tasks of several moves: a *do* exercise with a ``goal`` is played move by move until the goal is reached or the
learner's moves run out (docs/LESSONS.md, "Tasks of several moves").

The learner plays one seat (the one deciding when the task opens); every other seat answers as the file says, by
fixed moves or a named bot, so the same line always meets the same replies. The goal is read from the resulting
position by the same readers as a predict question's proof (points, where a mouse is, a fact, captures ...) and
compared as the goal says (``equals``, ``at_least``, ``at_most``, ``includes``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

GOAL_TESTS = ("equals", "at_least", "at_most", "includes")
BOTS = ("first", "greedy", "random")
"""How a seat without fixed moves plays: its first legal option, the game's greedy bot, or a seeded random bot."""
MAX_MOVES = 40
"""A task is a few moves long; a longer one is a game, not an exercise."""

ON, REACHED, MISSED, ILLEGAL = "on", "reached", "missed", "illegal"


def reached(goal: dict[str, Any], values: list[Any]) -> bool:
    """Whether the values read from the position meet the goal's test."""
    if "includes" in goal:
        return str(goal["includes"]) in map(str, values)
    value = values[0] if values else None
    if "equals" in goal:
        return str(value) == str(goal["equals"])
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    if "at_least" in goal:
        return value >= goal["at_least"]
    return value <= goal["at_most"]


def _bot(name: str, game_name: str, seat_index: int) -> Callable[[Any], str]:
    """A named bot as a function of the game to decide on."""
    if name == "first":
        return lambda game: game.choice_ids[0]
    if name == "random":
        rng = random.Random(seat_index)
        return lambda game: rng.choice(game.choice_ids)
    if game_name == "hickory":
        from ..hickory.analysis.bots import GreedyBot as HickoryGreedy
        hickory_bot = HickoryGreedy(seat_index)
        return hickory_bot.choose
    from ..core.bots import GreedyBot, decide
    core_bot = GreedyBot(seat_index)
    return lambda game: decide(game, core_bot)


class TaskRun:
    """One attempt at a task: the game, the learner's moves so far and the other seats' replies.

    ``exercise`` is an :class:`~.exercise.Exercise` (anything with ``game()``, ``data`` and ``read(game, spec)``).
    """

    def __init__(self, exercise: Any) -> None:
        self.exercise = exercise
        data = exercise.data
        self.goal: dict[str, Any] = data.goal
        self.limit: int = data.moves
        self.game = exercise.game()
        self.seat = self.game.decision.player
        self.moves: list[str] = []
        players = list(self.game.state.players) if data.game != "hickory" else [
            p.color for p in self.game.state.players]
        self._fixed = {seat: list(plan) for seat, plan in data.others.items() if isinstance(plan, list)}
        self._used = dict.fromkeys(self._fixed, 0)
        self._bots: dict[str, Callable[[Any], str]] = {}
        default = data.others.get("*", "first")
        for i, seat in enumerate(players):
            plan = data.others.get(seat, default)
            self._bots[seat] = _bot(plan if isinstance(plan, str) else "first", data.game, i)
        self._reply()

    # ------------------------------------------------------------------------------------------------ reading
    @property
    def value(self) -> list[Any]:
        """The goal's reading on the position now."""
        return self.exercise.read(self.game, self.goal)

    @property
    def status(self) -> str:
        if reached(self.goal, self.value):
            return REACHED
        if len(self.moves) >= self.limit or self.game.decision is None or self.game.decision.player != self.seat:
            return MISSED
        return ON

    @property
    def left(self) -> int:
        return self.limit - len(self.moves)

    # ------------------------------------------------------------------------------------------------ playing
    def play(self, choice: str) -> str:
        """The learner's next move: ``illegal`` (nothing changes), else the status after the other seats reply."""
        if self.status != ON or choice not in self.game.choice_ids:
            return ILLEGAL
        self.game.choose(choice)
        self.moves.append(choice)
        self._reply()
        return self.status

    def play_line(self, line: list[str]) -> tuple[str, int]:
        """Plays a whole line; the status reached and how many of its moves were played (stops at the first
        illegal one, or when the task ends before the line does)."""
        for i, move in enumerate(line):
            if self.status != ON:
                return self.status, i
            if self.play(move) == ILLEGAL:
                return ILLEGAL, i
        return self.status, len(line)

    def undo(self) -> bool:
        """Takes back the learner's last move and the replies to it (the task replays from its start)."""
        if not self.moves:
            return False
        moves = self.moves[:-1]
        self.__init__(self.exercise)  # type: ignore[misc]
        for move in moves:
            self.play(move)
        return True

    def _reply(self) -> None:
        """The other seats decide until the learner's seat is asked again or the game ends."""
        game = self.game
        for _ in range(10_000):
            d = game.decision
            if d is None or d.player == self.seat:
                return
            game.choose(self._other(d.player))
        raise RuntimeError("the other seats played 10,000 moves without the learner being asked again")

    def _other(self, seat: str) -> str:
        plan = self._fixed.get(seat)
        if plan is not None and self._used[seat] < len(plan):
            move = plan[self._used[seat]]
            self._used[seat] += 1
            if move in self.game.choice_ids:
                return move
        return self._bots[seat](self.game)

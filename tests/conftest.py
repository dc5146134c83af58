"""Shared helpers for the rules tests (tests/test_rules_*.py).

A *quiet* position is a fresh setup with no leaf tiles, no favor cards (so no favor options appear) and every
mouse parked on one outer ring space, where it never activates (R40c). A test then puts on the clock exactly
the mice, tiles and paws its rule needs.

The *passive* player answers every decision the least eventful way: it declines actions, skips claims, stays
on the hand, moves out from the inner ring, jumps off when bumped and ends trading. Action steps are only ever
declined: their effects are being added elsewhere, so no test here depends on what an action offers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from hickory_widget import Game, Position

PASSIVE = ("decline", "skip_claim", "done", "stay", "move_out", "jump_off")


def quiet_position(players: int | Sequence[str] = ("blue", "red"), seed: int = 1, *, minute: int = 3,
                   park: str = "outer 9") -> Position:
    """Empty leaves, no favors, the hand at ``minute`` and every mouse but the Scamps parked at ``park``."""
    pos = Position(list(players) if not isinstance(players, int) else players, seed=seed)
    pos.empty_leaves().no_favors().minute(minute)
    for mouse in pos.data["mice"]:
        if not mouse.endswith(".scamp"):
            pos.mouse(mouse, park)
    return pos


def passive_choice(game: Game) -> str:
    ids = game.choice_ids
    for choice in PASSIVE:
        if choice in ids:
            return choice
    return ids[0]


def play_passively(game: Game, until: Callable[[Game], bool] | None = None, limit: int = 3000) -> Game:
    """Answers decisions passively until the game is over or ``until(game)`` holds."""
    for _ in range(limit):
        if game.over or (until is not None and until(game)):
            return game
        game.choose(passive_choice(game))
    raise AssertionError(f"the game did not reach the wanted point in {limit} choices: {game!r}")


def decline_actions(game: Game) -> Game:
    """Declines every pending action step (R71: all actions are optional)."""
    while game.decision is not None and game.decision.kind == "action":
        game.choose("decline")
    return game


@pytest.fixture
def quiet() -> Callable[..., Position]:
    return quiet_position


@pytest.fixture
def autoplay() -> Callable[..., Game]:
    return play_passively


@pytest.fixture
def decline() -> Callable[[Game], Game]:
    return decline_actions

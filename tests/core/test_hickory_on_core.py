"""Hickory Dickory's own rules run unchanged by the core's GameRunner, through an adapter written here (the core
never imports a game; a test may). Same history, same positions, same events and byte-identical saves as
``hickory_widget.Game``, and each loads the other's saves — the ground for moving Hickory onto the core."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hickory_widget import Game, labels
from hickory_widget import flow as hickory_flow
from hickory_widget.core import CHECKPOINT, GameRunner
from hickory_widget.core.runner import Flow, reseed_rng
from hickory_widget.hickory.chance import FORCE_KINDS, check_force
from hickory_widget.hickory.options import check_options
from hickory_widget.hickory.position import from_data, to_data
from hickory_widget.hickory.setup import new_state
from hickory_widget.hickory.state import State


class HickoryRules:
    name = "hickory"
    save_version = 1
    force_kinds = FORCE_KINDS

    def new_state(self, players: Any = 4, seed: int = 1, options: Any = None,
                  advanced: bool = False) -> tuple[State, dict[str, Any]]:
        opts = check_options(options)
        state = new_state(players, seed, options=opts, advanced=advanced)
        return state, {"players": state.colors, "seed": seed, "options": opts, "advanced": advanced}

    def state_from_data(self, data: Any) -> State:
        return from_data(data)

    def state_to_data(self, state: State) -> dict[str, Any]:
        return to_data(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def flow(self, state: State) -> Flow:
        """Hickory's flow, its own CHECKPOINT marker passed on as the core's."""
        inner = hickory_flow.play(state)
        value = None
        while True:
            try:
                out = inner.send(value)
            except StopIteration:
                return
            value = yield CHECKPOINT if out is hickory_flow.CHECKPOINT else out

    def check_force(self, state: State, kind: str, value: str) -> str:
        return check_force(state, kind, value)

    def reseed(self, state: State, seed: int) -> None:
        reseed_rng(state, seed)

    def scores(self, state: State) -> dict[str, int]:
        return {p.color: p.score for p in state.players}

    def prompt(self, state: State, ask: Any, lang: str) -> str:
        return labels.prompt(state, ask, lang)

    def label(self, state: State, ask: Any, option: str, lang: str) -> str:
        return labels.label(state, ask, option, lang)


class HickoryOnCore(GameRunner):
    rules = HickoryRules()


def random_history(players: int, seed: int, steps: int) -> Game:
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    for i in range(steps):
        if game.over:
            break
        if i == 3:
            game.force("die", game.state.c.die_faces[0])
        game.choose(rng.choice(game.choice_ids))
    return game


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 1), (4, 5)])
def test_the_core_runner_plays_hickory_exactly_like_game(players: int, seed: int) -> None:
    game = random_history(players, seed, 250)
    core = HickoryOnCore._new(players=players, seed=seed)
    for entry in game.history:
        if entry.startswith("force:"):
            _, kind, value = entry.split(":", 2)
            core.force(kind, value)
        else:
            core.choose(entry)
    assert core.to_json() == game.to_json()  # same format, origin, history and state digest
    assert core.position() == game.position()
    assert core.events == game.events
    assert core.choice_ids == game.choice_ids and core.scores == game.scores
    assert [c.label for c in core.choices] == [c.label for c in game.choices]


def test_saves_cross_load_and_undo_matches() -> None:
    game = random_history(3, 2, 180)
    core = HickoryOnCore.from_json(game.to_json())
    assert core.position() == game.position()
    for _ in range(25):
        assert core.undo() == game.undo()
    assert core.position() == game.position() and core.events == game.events
    assert json.loads(Game.from_json(core.to_json()).to_json()) == json.loads(game.to_json())

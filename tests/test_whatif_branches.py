"""Cheap branches for what-if play (issue 12): copy from the last Tick boundary, reseeded branches, playouts."""

from __future__ import annotations

import random

import pytest

from hickory_widget import Game, IllegalChoice
from hickory_widget.hickory.analysis.bots import RandomBot, play
from hickory_widget.hickory.positions.position import to_data


def mid_tick(players: int = 4, seed: int = 1, choices: int = 150) -> Game:
    """A game some way in, stopped inside a Tick (choices made since its boundary)."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while len(game.history) < choices or len(game.history) == game._checkpoints[-1][0]:
        game.choose(rng.choice(game.choice_ids))
    return game


def finish(game: Game, seed: int) -> Game:
    play(game, {c: RandomBot(seed) for c in game.state.colors})
    return game


def test_copy_is_the_same_game_and_independent() -> None:
    game = mid_tick()
    twin = game.copy()
    assert twin.to_json() == game.to_json() and twin.events == game.events
    assert twin.choices == game.choices
    before = game.to_json()
    finish(twin, 3)
    assert twin.over and game.to_json() == before
    twin.undo()  # the copy keeps its own undo history
    assert not twin.over


def test_branch_without_seed_has_the_same_future() -> None:
    game = mid_tick(seed=2)
    a, b = finish(game.branch(), 7), finish(game.branch(), 7)
    assert to_data(a.state) == to_data(b.state)
    assert a.history == b.history


def test_reseeded_branches_differ_with_the_seed_and_repeat_with_it() -> None:
    game = mid_tick(seed=3)
    finals = [to_data(finish(game.branch(seed=s), 7).state) for s in range(6)]
    assert finals[0] == to_data(finish(game.branch(seed=0), 7).state)
    assert len({str(f) for f in finals}) == 6  # every seed gave another future
    assert game.history[-1] != "seed:0"  # the game branched from is untouched


def test_a_reseeded_branch_saves_undoes_and_reloads() -> None:
    branch = mid_tick(seed=4).branch(seed=11)
    assert branch.history[-1] == "seed:11"
    finish(branch, 1)
    assert Game.from_json(branch.to_json()).to_json() == branch.to_json()
    while branch.history[-1] != "seed:11":
        branch.undo()
    assert branch.undo() == "seed:11"


def test_a_branch_seed_must_be_a_whole_number() -> None:
    game = mid_tick(seed=5)
    with pytest.raises(IllegalChoice, match="whole number"):
        game.branch(seed="7")  # type: ignore[arg-type]
    finish(game, 1)
    with pytest.raises(IllegalChoice, match="over"):
        game.branch(seed=1)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_playout_mode_plays_by_identical_rules(players: int) -> None:
    """The same bot seeds through a full Game and through a Playout give the same final state."""
    for seed in (1, 2):
        game = mid_tick(players, seed=seed, choices=40)
        playout = game.playout(seed=seed)
        full = finish(game.branch(seed=seed), seed)
        playout.run(RandomBot(seed) if players == 1 else {c: RandomBot(seed) for c in game.state.colors})
        assert playout.over
        assert to_data(playout.state) == to_data(full.state)
        assert playout.scores == full.scores


def test_playout_keeps_no_events_and_forks_exactly() -> None:
    playout = mid_tick(seed=6).playout()
    assert playout.state.events == []
    fork = playout.fork()
    assert fork.choice_ids == playout.choice_ids
    playout.run(RandomBot(2))
    fork.run(RandomBot(2))
    assert playout.state.events == [] and to_data(fork.state) == to_data(playout.state)


def test_playout_refuses_an_illegal_choice_and_changes_nothing() -> None:
    playout = mid_tick(seed=7).playout()
    before = to_data(playout.state)
    with pytest.raises(IllegalChoice, match="Legal now"):
        playout.choose("not-a-choice")
    assert to_data(playout.state) == before

"""The cheaper look-ahead of the bots (issue 27): forks that share their Tick snapshot, the greedy bot's memo and
spare forks, and the search's time budget. Each speed-up must leave every position and every choice unchanged."""

from __future__ import annotations

import random

import pytest

from hickory_widget import Game
from hickory_widget.hickory.analysis.bots import (
    GreedyBot,
    best_by_evaluation,
    best_to_the_end,
    calm,
    finishing,
    tie_order,
)
from hickory_widget.hickory.analysis.mcts import MCTSBot
from hickory_widget.hickory.analysis.playout import Playout
from hickory_widget.hickory.positions.position import to_data


def replayed(p: Playout) -> Playout:
    """A fork made the way forks were made before: a playout of its own from a copy of the snapshot."""
    snapshot = p.tick_snapshot
    assert snapshot is not None
    return Playout(snapshot.clone(), list(p.since))


def same_to_the_end(a: Playout, b: Playout, seed: int) -> None:
    """Plays both on with the same random choices, position for position."""
    rng = random.Random(seed)
    while True:
        assert to_data(a.state) == to_data(b.state)
        assert (a.ask is None) == (b.ask is None)
        if a.ask is None or b.ask is None:
            return
        assert (a.ask.player, a.ask.kind, a.ask.options) == (b.ask.player, b.ask.kind, b.ask.options)
        choice = rng.choice(a.choice_ids)
        a.choose(choice)
        b.choose(choice)


@pytest.mark.parametrize("players", [2, 4])
def test_a_fork_is_the_replayed_fork_position_for_position(players: int) -> None:
    p = Game.new(players, seed=11).playout()
    rng = random.Random(players)
    step = 0
    while not p.over:
        step += 1
        if step % 37 == 0:
            fork = p.fork()
            assert fork.tick_snapshot is p.tick_snapshot  # shared, never changed
            same_to_the_end(fork, replayed(p), step)
            same_to_the_end(p.fork(this_tick=True), replayed(p), step)
        p.choose(rng.choice(calm(p.choice_ids)))
    assert step > 100


def test_a_look_ahead_fork_cannot_be_forked_once_its_tick_is_over() -> None:
    p = Game.new(2, seed=4).playout()
    fork = p.fork(this_tick=True)
    minute = fork.state.minute
    fork.fork()  # still in its Tick
    while fork.state.minute == minute:
        fork.choose(fork.choice_ids[0])
    with pytest.raises(ValueError, match="this_tick fork past its Tick"):
        fork.fork()
    p.fork()  # the playout it came from is untouched


@pytest.mark.parametrize(("players", "depth", "budget"), [(2, 1, 24), (4, 1, 24), (2, 2, 6), (3, 2, 200)])
def test_the_memo_and_spare_forks_change_no_choice(players: int, depth: int, budget: int) -> None:
    """Every choice of the greedy bot (which keeps look-ahead values and forks from one decision to the next) is
    the choice of a look-ahead from scratch at that decision; a small budget exercises looks cut short."""
    p = Game.new(players, seed=20 + players).playout()
    bot = GreedyBot(1, depth=depth, budget=budget, finish=False)
    checked = 0
    while not p.over and checked < 120:
        choice = bot.choose(p)
        order = calm(tie_order(p.choice_ids))
        if len(order) > 1:
            me = p.player
            assert me is not None
            assert choice == best_by_evaluation(p, me, order, depth, budget)
            checked += 1
        p.choose(choice)
    assert checked == 120


@pytest.mark.parametrize("players", [2, 4])
def test_the_runs_to_the_end_kept_change_no_choice(players: int) -> None:
    """Late in the last round every option is played to the end; the final scores kept from earlier runs give the
    choice a run from scratch gives, and the window is the last 24 seat-Ticks."""
    p = Game.new(players, seed=30 + players).playout()
    rng = random.Random(players)
    while not finishing(p.state):
        p.choose(rng.choice(calm(p.choice_ids)))
    first = 1 if players == 2 else 7
    assert p.state.hour == 11 and p.state.minute >= first
    earlier = p.state.clone()
    earlier.minute = first - 1
    assert not finishing(earlier)
    bot = GreedyBot(2)
    checked = 0
    while not p.over:
        choice = bot.choose(p)
        order = calm(tie_order(p.choice_ids))
        if len(order) > 1:
            me = p.player
            assert me is not None
            assert choice == best_to_the_end(p, me, order)
            checked += 1
        p.choose(choice)
    assert checked > 10


def test_a_greedy_bot_gives_up_its_memo_when_pickled() -> None:
    import pickle

    p = Game.new(2, seed=3).playout()
    bot = GreedyBot(5, depth=2)
    bot.choose(p)
    copy = pickle.loads(pickle.dumps(bot))
    assert (copy.depth, copy.budget, copy.finish) == (2, 24, True)
    assert copy.choose(p) == bot.choose(p)


def mid_game() -> Game:
    game = Game.new(2, seed=9)
    rng = random.Random(9)
    while game.state.hour < 3 or len(calm(game.choice_ids)) < 2:
        game.choose(rng.choice(calm(game.choice_ids)))
    return game


def test_the_search_stops_at_its_deadline_and_is_seeded_without_one() -> None:
    game = mid_game()
    hurried = MCTSBot(3, playouts=50, deadline=1e-9)
    hurried.choose(game)
    assert (hurried.iterations, hurried.cut_short) == (1, 1)  # one iteration always runs
    calm_bot = MCTSBot(3, playouts=12, deadline=None)
    first = calm_bot.choose(game)
    assert (calm_bot.iterations, calm_bot.cut_short) == (12, 0)
    assert MCTSBot(3, playouts=12, deadline=None).choose(game) == first
    with pytest.raises(ValueError, match="deadline must be a positive number"):
        MCTSBot(deadline=0)


def test_the_search_overrules_the_greedy_bot_only_by_a_clear_margin() -> None:
    """Standings are in 0..1, so a margin of 2 can never be met: the greedy bot's choice stands at every decision;
    with no margin at all the search's own pick is taken, and it differs somewhere."""
    p = Game.new(2, seed=12).playout()
    rng = random.Random(12)
    differ = 0
    for _ in range(12):
        while len(calm(p.choice_ids)) < 2:
            p.choose(p.choice_ids[0])
        greedy = GreedyBot().choose(p)
        assert MCTSBot(4, playouts=8, deadline=None, clearly=2.0).choose(p) == greedy
        differ += MCTSBot(4, playouts=8, deadline=None, clearly=-2.0).choose(p) != greedy
        p.choose(rng.choice(calm(p.choice_ids)))
    assert differ > 0


def test_the_deadline_works_where_time_has_no_thread_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide (the static site) has no time.thread_time: the deadline falls back to the process's CPU clock."""
    import time

    monkeypatch.delattr(time, "thread_time")
    hurried = MCTSBot(3, playouts=50, deadline=1e-9)
    hurried.choose(mid_game())
    assert (hurried.iterations, hurried.cut_short) == (1, 1)

"""Bot levels (issue 27): named weakest to strongest, the same names in what-if, each finishing games without
trading; the greedy bot's evaluation counts what the final scoring would give now."""

from __future__ import annotations

import pytest

from hickory_widget import Game, Position
from hickory_widget.hickory.analysis.bots import LEVELS, EagerBot, GreedyBot, play
from hickory_widget.hickory.analysis.evaluation import evaluate, final_now
from hickory_widget.hickory.analysis.mcts import MCTSBot
from hickory_widget.hickory.analysis.whatif import BOTS


def test_levels_are_named_weakest_first_and_what_if_offers_the_same_names() -> None:
    assert list(LEVELS) == ["random", "eager", "greedy", "mcts"]
    assert list(BOTS) == list(LEVELS)
    assert isinstance(LEVELS["eager"](1), EagerBot) and isinstance(LEVELS["greedy"](1), GreedyBot)
    assert isinstance(LEVELS["mcts"](1), MCTSBot)


@pytest.mark.parametrize("level", ["eager", "greedy"])
def test_a_level_finishes_a_two_player_game_without_trading_and_is_seeded(level: str) -> None:
    games = []
    for _ in range(2):
        game = Game.new(2, seed=11)
        made = play(game, {c: LEVELS[level](3) for c in game.state.colors}, limit=5000)
        assert game.over and made < 5000 and "trade" not in game.history
        games.append(game.to_json())
    assert games[0] == games[1]


def test_R113_the_evaluation_adds_what_the_final_scoring_would_give_now() -> None:
    """Blue's cards hold a red button and a red feather (a pool of 2 + 1 + 2 = 5, R113) and Blue has 4 points from
    the chain: the evaluation is 9 while the game runs, and just the score once it is over."""
    pos = (Position(["blue", "red"], seed=7).empty_leaves().no_favors().minute(3).mouse("blue.spotter", "hand")
           .tile("red button", "blue.spotter").tile("red feather", "blue.spotter").score("blue", "chain", 4))
    game = pos.game()
    assert final_now(game.state, game.state.player("blue")) == 2 + 1 + 2
    assert evaluate(game.state, "blue") == 4 + 5
    assert evaluate(game.state, "red") == 0


def test_the_greedy_bot_leaves_the_game_it_looks_at_alone() -> None:
    game = Game.new(2, seed=4)
    while len(game.choice_ids) < 2:
        game.choose(game.choice_ids[0])
    before = game.to_json()
    assert GreedyBot().choose(game) in game.choice_ids
    assert game.to_json() == before

"""MCTSBot (issue 12): seeded information-set MCTS; what its player cannot see is sampled per iteration."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hickory_widget import Game, IllegalChoice, Position
from hickory_widget.hickory.analysis.bots import RandomBot
from hickory_widget.hickory.analysis.mcts import MCTSBot
from hickory_widget.hickory.analysis.whatif import SerialExecutor, compare
from hickory_widget.hickory.positions.position import to_data


def delivery_decision() -> Game:
    """R78, R103: Blue's Scavenger on the Deliver space with items worth 18 points with quest Q07."""
    pos = (Position(players=["blue", "red"], seed=3).empty_leaves().no_favors().hour(10).quests("Q07")
           .minute(5).mouse("blue.scavenger", "hand").leaf(6, "purple thimble").only("blue.scavenger"))
    for spec in ("purple button", "red button", "green feather", "wild"):
        pos.tile(spec, "blue.scavenger")
    game = pos.game()
    game.choose("jump_off")
    return game


def test_mcts_claims_the_tile_that_completes_the_bigger_delivery() -> None:
    """R57, R103: claiming the thimble makes the delivery 18 points instead of 16; the search sees it."""
    game = delivery_decision()
    assert game.choice_ids == ["claim:blue.scavenger", "skip_claim"]
    picks = Counter(MCTSBot(seed, playouts=20).choose(game) for seed in range(5))
    assert picks["claim:blue.scavenger"] >= 4


def test_mcts_is_seeded_and_leaves_the_game_alone() -> None:
    game = Game.new(4, seed=2)
    rng = random.Random(2)
    while len(game.choice_ids) < 3:
        game.choose(rng.choice(game.choice_ids))
    before = game.to_json()
    assert MCTSBot(7, playouts=8).choose(game) == MCTSBot(7, playouts=8).choose(game)
    assert game.to_json() == before
    with pytest.raises(ValueError, match="at least 1"):
        MCTSBot(playouts=0)


def test_the_timed_mode_searches_on_after_its_fixed_iterations() -> None:
    """With a budget the search does not stop at its ``playouts`` count: it iterates on until the CPU time is spent;
    the fixed mode runs exactly its count. A budget beyond the hard deadline is refused."""
    game = delivery_decision()
    fixed = MCTSBot(5, playouts=2, deadline=None)
    fixed.choose(game)
    assert fixed.iterations == 2
    timed = MCTSBot(5, playouts=2, budget=0.2)
    assert timed.choose(game) == "claim:blue.scavenger"
    assert timed.iterations > 2
    with pytest.raises(ValueError, match="no larger than the deadline"):
        MCTSBot(budget=1.5)
    with pytest.raises(ValueError, match="budget must be a positive"):
        MCTSBot(budget=0)


def test_redeal_samples_only_what_the_viewer_cannot_see() -> None:
    """R93, R95: a player sees their own favor cards, not the others' nor the deck's order."""
    pos = Position(["blue", "red", "yellow"], seed=5).no_favors()
    for color in ("blue", "red", "red", "yellow"):
        pos.favor(color, pos.data["favors"]["deck"][0])
    game = pos.mouse("blue.spotter", "hand").game()
    seen = {p.color: list(p.favors) for p in game.state.players}
    unseen = sorted(game.state.favor_deck + [f for c, fs in seen.items() if c != "blue" for f in fs])
    samples = set()
    for seed in range(8):
        p = game.playout()
        p.redeal("blue", seed)
        s = p.state
        assert s.player("blue").favors == seen["blue"]
        assert all(len(s.player(c).favors) == len(seen[c]) for c in seen)
        assert sorted(s.favor_deck + [f for q in s.players if q.color != "blue" for f in q.favors]) == unseen
        assert to_data(s)["bag"] == to_data(game.state)["bag"]  # the bag's contents stay, only draws change
        samples.add(str(to_data(s)["boards"]))
    assert len(samples) > 1
    finished = game.playout()
    finished.run(RandomBot(1))
    with pytest.raises(IllegalChoice, match="over"):
        finished.redeal("blue", 1)


def test_compare_takes_mcts_bots() -> None:
    game = delivery_decision()
    mcts = compare(game, ["skip_claim"], playouts=1, bot=lambda seed: MCTSBot(seed, playouts=1, horizon=4),
                   executor=SerialExecutor(), progress=False)
    assert mcts.rows[0].playouts == 1 and mcts.rows[0].mean_points > 0

"""Every prompt and every option a player meets reads as words, never as a raw id (a user-facing property)."""

from __future__ import annotations

import random

import pytest

from hickory_widget import Game


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_option_and_prompt_is_described_in_words(players: int) -> None:
    kinds: set[str] = set()
    for seed in range(6):
        game = Game.new(players, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision
            assert decision is not None
            fallback = f"{decision.player.capitalize()}: {decision.kind.replace('_', ' ')}"
            assert decision.prompt != fallback, f"no prompt written for decision kind {decision.kind!r}"
            for choice in game.choices:
                assert choice.label and choice.label != choice.id, choice
                assert ":" not in choice.label or choice.id.startswith(("act:",)), choice
            kinds.add(decision.kind)
            game.choose(rng.choice(game.choice_ids))
    assert {"hand_mouse", "inner_mouse", "claim", "action"} <= kinds

"""Whole games by the core's random and greedy bots for 2, 3 and 4 players, with the invariants checked after
every choice: the 66 cards each in exactly one place (C1), hand sizes (C4), tower shapes (C5-C7) and heights (C10)."""

from __future__ import annotations

import pytest
from ct_helpers import ALL, accounted

from hickory_widget.clocktowers import ClocktowersGame, card
from hickory_widget.clocktowers.rules.heights import sequence_error
from hickory_widget.core.bots import GreedyBot, RandomBot, play


def check_invariants(g: ClocktowersGame) -> None:
    s = g.state
    assert accounted(g) == ALL
    decks_left = any(s.decks.values())
    for p, hand in s.hands.items():
        mid_turn = g.decision is not None and g.decision.kind == "draw" and p == g.decision.player
        assert len(hand) <= 3
        if decks_left:
            assert len(hand) == (2 if mid_turn else 3), (p, hand)
    for t in s.towers:
        assert t.floors and all(card(f).kind == "floor" for f in t.floors)
        assert t.clock is None or card(t.clock).kind == "clock"
        assert t.roof is None or (t.clock is not None and card(t.roof).kind == "roof")
    shared = s.options["shared_heights"]
    for p in [None] if shared else s.players:  # C10: one sequence per colour (per player as an option)
        for colour in {card(t.roof).colour for t in s.towers if t.complete}:
            run = sorted((t for t in s.towers if (shared or t.owner == p) and t.complete
                          and card(t.roof).colour == colour), key=lambda t: t.order)
            assert sequence_error([t.height for t in run]) is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_to_the_end_keeping_every_invariant(players: int, bot: str) -> None:
    g = ClocktowersGame.new(players=players, seed=11 + players)
    make = RandomBot if bot == "random" else GreedyBot
    check_invariants(g)
    made = play(g, {p: make(i) for i, p in enumerate(g.state.players)}, after=check_invariants)
    assert g.over and made == len(g.history)
    assert not any(g.state.decks.values()) and not any(g.state.hands.values())  # C11
    end = g.events[-1]
    assert end["kind"] == "game_end" and end["scores"] == g.scores and end["winners"] == g.winners


def test_greedy_bots_outscore_random_bots_over_several_games() -> None:
    greedy = random_ = 0
    for seed in range(6):
        g = ClocktowersGame.new(players=2, seed=seed)
        play(g, {"P1": GreedyBot(seed), "P2": RandomBot(seed)})
        greedy += g.scores["P1"]
        random_ += g.scores["P2"]
    assert greedy > random_

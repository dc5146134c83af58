"""Game review on the card games (issue 27, item 2): Clocktowers and Mice! reviewed through the core protocol (the
core's replaying review engine), and a secret commitment of another player changes nothing in a seat's review."""

from __future__ import annotations

from typing import Any

import pytest

from hickory_widget.clocktowers.game import ClocktowersGame
from hickory_widget.core.bots import GreedyBot, play
from hickory_widget.core.review import LABELS, Review, expected_margins, review
from hickory_widget.core.whatif import SerialExecutor
from hickory_widget.mice.game import MiceGame

FAST = {"min_playouts": 4, "max_playouts": 8, "executor": SerialExecutor(), "progress": False}


def late(cls: Any, players: int, seed: int, made: int) -> Any:
    """A game of ``cls`` started from the position a greedy game reached after ``made`` choices (short to review)."""
    game = cls.new(players, seed=seed)
    play(game, {p: GreedyBot(i) for i, p in enumerate(game.scores)}, limit=made)
    assert not game.over
    return cls.from_position(game.position())


@pytest.mark.parametrize("cls, players, made", [(ClocktowersGame, 2, 80), (MiceGame, 3, 30)])
def test_a_card_game_is_reviewed_to_its_end(cls: Any, players: int, made: int) -> None:
    game = late(cls, players, 2, made)
    play(game, {p: GreedyBot(i) for i, p in enumerate(game.scores)})
    assert game.over
    before = game.to_json()
    seat = next(iter(game.scores))
    result = review(game, seat, seed=1, **FAST)
    assert game.to_json() == before
    mine = [i for i, _ in enumerate(game.history) if result.at(i) is not None]
    assert mine and all(result.at(i).player == seat for i in mine)  # type: ignore[union-attr]
    for j in result.judgements:
        assert game.history[j.step] == j.played and j.label in (*LABELS, "only")
        assert (j.label == "only") == (j.options == 1)
        for lang in ("en", "it", "de"):
            assert j.explain(lang) and j.played_label(lang)
    text = result.to_json()  # a decision with one option has no value: null in the JSON, NaN in Python
    assert "NaN" not in text and Review.from_json(text).to_json() == text
    final = expected_margins(game)
    assert [pts[-1] for pts in result.curve.values()] == [(len(game.history), m) for m, _ in final.values()]


def test_M7_another_players_secret_card_does_not_change_a_seats_review() -> None:
    """M7: the cards of a round are played face down; P3's review of its card in that round is the same whatever
    P1 played before it, since P3's position is its own seat's copy."""
    start = late(MiceGame, 3, 4, 12)
    assert start.decision.player == "P1" and start.decision.secret
    judged = []
    for first in start.choice_ids[:2]:
        game = MiceGame.from_json(start.to_json())
        game.choose(first)
        game.choose(game.choice_ids[0])
        assert game.decision.player == "P3"
        game.choose(game.choice_ids[-1])
        judged.append(review(game, "P3", seed=3, **FAST).at(len(game.history) - 1))
    assert judged[0] is not None and judged[0].options > 1
    assert judged[0] == judged[1]


def test_expected_margins_on_a_card_game_in_play() -> None:
    game = late(ClocktowersGame, 2, 3, 60)
    margins = expected_margins(game, playouts=4, seed=1)
    assert set(margins) == set(game.scores)
    assert margins["P1"][0] == pytest.approx(-margins["P2"][0])  # two players: one's lead is the other's deficit

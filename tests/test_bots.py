"""Bots take any seat, are seeded, and finish games (issue 3: random and greedy bots)."""

from __future__ import annotations

import pytest

from hickory_widget import Game, Position
from hickory_widget.hickory.analysis.bots import EagerBot, GreedyBot, RandomBot, play


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [5, 8])
def test_greedy_bots_finish_whole_games_without_trading(players: int, seed: int) -> None:
    """Seeds 5 and 8 once trapped the greedy bot opening and closing trade sessions for ever."""
    game = Game.new(players, seed=seed)
    made = play(game, {c: GreedyBot(seed) for c in game.state.colors}, limit=5000)
    assert game.over and made < 5000
    assert "trade" not in game.history
    assert all(score > 0 for score in game.scores.values())


def test_random_bots_are_seeded() -> None:
    a, b = Game.new(3, seed=2), Game.new(3, seed=2)
    play(a, {c: RandomBot(9) for c in a.state.colors})
    play(b, {c: RandomBot(9) for c in b.state.colors})
    assert a.over and a.to_json() == b.to_json()


def test_play_stops_where_a_human_seat_must_decide() -> None:
    game = Game.new(2, seed=1)
    play(game, {"blue": RandomBot(1)})
    assert not game.over and game.decision.player == "yellow"


def test_greedy_takes_the_option_that_scores_now() -> None:
    """R74, R101: at a Climb 3 space the greedy bot climbs (onto the 1-point space 3) rather than decline."""
    pos = Position(["blue", "red"], seed=4).empty_leaves().no_favors().minute(3).token(4, "T-CLIMB3")
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "outer 9")
    game = pos.mouse("blue.spotter", "hand").game()
    game.choose("jump_off")
    assert game.decision.kind == "action"
    before = game.to_json()
    assert GreedyBot().choose(game) == "act:0"
    assert game.to_json() == before  # looking ahead leaves the game as it was
    assert game.scores_after("act:0")["blue"] == 1


def full_look_ahead_choice(game: Game) -> str:
    """The greedy rule spelt out with Game.scores_after on every option (slow: each look-ahead replays)."""
    ids = game.choice_ids
    if len(ids) == 1:
        return ids[0]
    me = game.decision.player
    base = game.scores[me]

    def key(option: str) -> tuple[int, int]:
        trades = option.startswith(("trade", "give:", "swap:"))
        then = ("deliver_done",) if option.startswith(("deliver:", "deliver_favor:")) else ()
        return (0 if trades else base - game.scores_after(option, *then)[me], EagerBot.rank(option))

    return min(ids, key=key)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1)])
def test_eager_picks_what_a_full_look_ahead_picks(players: int, seed: int) -> None:
    """The eager bot (the greedy bot of earlier versions) skips looking ahead through options that cannot score
    before the next decision; its picks match trying every option, at every decision of whole games. The one
    difference allowed is in the last round before its final Tick, where a full look-ahead counts the final
    scoring a quiet option reaches sooner (it comes whatever is chosen), and the bot does not."""
    game, bot = Game.new(players, seed=seed), EagerBot()
    compared = 0
    while not game.over:
        expected = full_look_ahead_choice(game)
        if game.state.hour < 11 or game.state.minute == 12:
            assert bot.choose(game) == expected, (game.history[-5:], game.choices)
            compared += 1
        game.choose(expected)
    assert compared > 100


def test_eager_plays_a_playout_as_it_plays_a_game() -> None:
    """The eager bot looks no further than the next decision, which hidden things cannot change, so it plays a
    playout (which holds the bag's and decks' order) as it plays a game (where it decides on its seat's view).
    The greedy bot looks further, through draws its seat cannot foresee, so its games and playouts may differ."""
    game = Game.new(3, seed=9)
    for _ in range(60):
        game.choose(game.choice_ids[-1])
    playout = game.playout()
    playout.run(EagerBot())
    play(game, {c: EagerBot() for c in game.state.colors})
    assert playout.scores == game.scores and playout.over and game.over

"""The card games' bot levels (issue 27): random, eager, greedy, search, named weakest first through the core's bot
protocol; each plays whole seeded games of Clocktowers and Mice! to the end the same way every time, decides only on
what its seat may see, and a level the core does not have is refused naming the ones it has. The seat menus of
every widget offer "human" and the game's own levels, and refuse any other kind, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from test_information import _ct_pairs, _mice_pairs

from hickory_widget import Game
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core import bots
from hickory_widget.core.bots import LEVELS, EagerBot, GreedyBot, RandomBot, decide, make, play
from hickory_widget.core.search import SearchBot
from hickory_widget.core.whatif import SerialExecutor, compare
from hickory_widget.hickory.widget import HickoryWidget
from hickory_widget.mice import MiceGame

GAMES = {"clocktowers": lambda seed: ClocktowersGame.new(players=2, seed=seed),
         "mice": lambda seed: MiceGame.new(players=3, seed=seed)}


def _level(name: str, seed: int) -> bots.Bot:
    """The level by name; the search level on a small budget (the tests play whole games with it)."""
    return SearchBot(seed, deals=1, horizon=2) if name == "search" else make(name, seed)


def test_the_levels_are_named_weakest_first() -> None:
    assert list(LEVELS) == ["random", "eager", "greedy", "search"] and bots.DEFAULT == "greedy"
    assert [type(make(name, 1)) for name in LEVELS] == [RandomBot, EagerBot, GreedyBot, SearchBot]


def test_a_level_the_core_does_not_have_is_refused_naming_the_levels() -> None:
    with pytest.raises(ValueError, match=r"no bot level 'mcts'; levels, weakest first: random, eager, greedy, "
                                         r"search"):
        make("mcts")
    game = ClocktowersGame.new(players=2, seed=3)
    before = game.to_json()
    with pytest.raises(ValueError, match=r"unknown bot 'clever'; bots: \['eager', 'greedy', 'random', 'search'\]"):
        compare(game, game.choice_ids[:2], playouts=2, bot="clever", progress=False, executor=SerialExecutor())
    assert game.to_json() == before


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("name", list(GAMES))
def test_a_level_plays_a_seeded_game_to_the_end_the_same_way_twice(name: str, level: str) -> None:
    """The level at the first seat, the greedy level at the others (every level at every seat for the cheap ones):
    the same seeds give the same game, move for move."""
    saves = []
    for _ in range(2):
        game = GAMES[name](7)
        made = play(game, {p: _level(level if i == 0 or level != "search" else "greedy", 10 + i)
                           for i, p in enumerate(game.scores)})
        assert game.over and game.decision is None and made > 0
        saves.append(game.to_json())
    assert saves[0] == saves[1]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_search_level_at_its_full_budget_is_seeded(name: str) -> None:
    """The search level as the seat menus give it, on one decision a few moves in: the same choice twice."""
    game = GAMES[name](5)
    play(game, {p: GreedyBot(i) for i, p in enumerate(game.scores)}, limit=6)
    first = decide(game, make("search", 4))
    assert first in game.choice_ids and decide(game, make("search", 4)) == first


def test_the_search_level_keeps_to_its_budget_per_decision() -> None:
    """Clocktowers' budget (deals, horizon, at most ``playouts`` option playouts and ``steps`` policy decisions a
    decision) counted on the decisions of a seeded game: each option gets the same number of deals, and the caps
    hold but for the floor of 2 deals of 2 steps when a turn offers more than half as many options as playouts."""
    budget = ClocktowersGame.bot_search
    game = ClocktowersGame.new(players=2, seed=5)
    greedy = {p: GreedyBot(i) for i, p in enumerate(game.scores)}
    searched, widest = 0, 0
    while not game.over and searched < 4:
        n = len(game.choice_ids)
        if n > 1 and (searched < 2 or n > widest):  # the first decisions and the widest ones seen later
            bot = SearchBot(2)
            decide(game, bot)
            deals = min(budget["deals"], max(2, budget["playouts"] // n))
            assert bot.playouts == deals * n and bot.playouts <= max(budget["playouts"], 2 * n)
            assert 0 < bot.steps <= min(budget["horizon"] * bot.playouts, max(budget["steps"], 2 * bot.playouts))
            searched, widest = searched + 1, max(widest, n)
        game.choose(decide(game, greedy[game.decision.player]))
    assert searched == 4 and widest > budget["playouts"] // budget["deals"]  # a decision where the deals shrank
    one = ClocktowersGame.new(players=2, seed=5)
    while len(one.choice_ids) > 1:
        one.choose(decide(one, greedy[one.decision.player]))
    bot = SearchBot(2)
    assert decide(one, bot) == one.choice_ids[0] and bot.playouts == bot.steps == 0


@pytest.mark.parametrize("level", ["eager", "greedy", "search"])
@pytest.mark.parametrize("pairs", [_ct_pairs, _mice_pairs], ids=["clocktowers", "mice"])
def test_a_level_decides_the_same_in_two_games_its_seat_cannot_tell_apart(pairs: Any, level: str) -> None:
    """Pairs of games that differ only in what the deciding seat cannot see (the decks' hidden order, the others'
    hands and face-down cards): each level makes the same choice in both."""
    decided = differ = 0
    for game, twin, seat in pairs():
        if game.over or game.decision.player != seat or len(game.choice_ids) < 2:
            continue
        if level == "search" and decided >= 8:  # the search level plays games out: a few positions suffice
            break
        differ += game.to_json() != twin.to_json()
        assert decide(game, _level(level, 3)) == decide(twin, _level(level, 3)), (seat, game.history)
        decided += 1
    assert decided >= 8 and differ >= decided // 2


def test_the_greedy_level_finishes_a_tower_it_can_finish() -> None:
    """C12, C7: A's roof completes t1 for 5 points at once; no other roof is left to draw, so the greedy level roofs
    now, where throwing the roof away would lose the tower."""
    from test_core_whatif import position

    game = position()
    assert decide(game, GreedyBot(1)) == "play:roof.red.1:t1"


# ------------------------------------------------------------------------------------------------ seat menus
def _intent(w: Any, **fields: Any) -> None:
    w._on_msg(w, {"version": w.view["version"], **fields})


def test_a_card_widget_offers_human_and_the_core_levels_and_a_search_seat_plays() -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget()
    assert w.seat_kinds == ["human", "random", "eager", "greedy", "search"] == w.view["seat_kinds"]
    _intent(w, type="seat", player="P2", kind="search")
    assert w.error == "" and w.seats == {"P2": "search"} and w.game.decision.player == "P1"
    w.choose(w.game.choice_ids[0])
    w.choose(w.game.choice_ids[0])  # P1 plays and draws; the search bot answers for P2
    assert w.game.decision.player == "P1" and len(w.game.history) == 4


SAID = {"en": "choose one of: human, random bot, eager bot, greedy bot, search bot",
        "de": "wähle eine davon: Mensch, Zufalls-Bot, eifriger Bot, gieriger Bot, Such-Bot",
        "it": "scegli tra: umano, bot casuale, bot frettoloso, bot avido, bot di ricerca"}


@pytest.mark.parametrize(("lang", "said"), list(SAID.items()))
def test_a_card_widget_refuses_a_seat_kind_it_does_not_offer_and_changes_nothing(lang: str, said: str) -> None:
    w = MiceGame.new(players=3, seed=2).widget(language=lang, seats={"P3": "random"})
    before, version = w.game.to_json(), w.view["version"]
    _intent(w, type="seat", player="P2", kind="mcts")  # Hickory Dickory's level, from a stale menu
    assert "'mcts'" in w.error and said in w.error
    assert w.seats == {"P3": "random"} and w.game.to_json() == before and w.view["version"] == version


def test_hickory_offers_its_own_levels_and_refuses_the_card_games_search() -> None:
    w = HickoryWidget(Game.new(2, seed=3))
    assert w.seat_kinds == ["human", "random", "eager", "greedy", "mcts"]
    before = w.game.to_json()
    _intent(w, type="bots", seats={"blue": "search"})
    assert "'search'" in w.error and "tree search (MCTS)" in w.error and w.seats == {}
    assert w.game.to_json() == before
    _intent(w, type="bots", seats={"blue": "eager"})
    assert w.seats == {"blue": "eager"} and w.error == ""


def test_seats_given_from_python_keep_their_kinds() -> None:
    """A notebook that seats bots by name (the names of earlier versions included) still opens the same table."""
    w = ClocktowersGame.new(players=3, seed=1).widget(seats={"P2": "greedy", "P3": "random"})
    assert w.seats == {"P2": "greedy", "P3": "random"}
    with pytest.raises(ValueError, match="seat kind for P2 must be one of human, random, eager, greedy, search, "
                                         "got 'mcts'"):
        w.set_seats({"P2": "mcts"})
    assert w.seats == {"P2": "greedy", "P3": "random"}

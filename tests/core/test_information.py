"""Hidden is hidden (issue 20): for random reachable states of each game and each seat X, a second game that differs
only in what X cannot know (another player's face-down or discarded card, the order of unseen cards, the
generator) must give X the very same things, byte for byte: its save, its copy of the game (and that copy's save,
position, events and choices), the events and history as X reads them, X's decision, choices and board, and what
every bot chooses for X.

Each pair is built from one start: the twin starts from the same state with every card X never sees by the end
shuffled again (and another generator), and replays the same history with each hidden answer of another player
(a Clocktowers discard, a Mice! card still face down) replaced by another legal one where the rest still replays.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hickory_widget import Game
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.clocktowers.board import view as ct_view
from hickory_widget.clocktowers.engine import RULES as CT_RULES
from hickory_widget.clocktowers.rules.cards import DECKS, card
from hickory_widget.core.bots import GreedyBot, RandomBot, decide
from hickory_widget.core.protocol import IllegalChoice
from hickory_widget.core.whatif import SerialExecutor, compare
from hickory_widget.mice import MiceGame
from hickory_widget.mice.board import view as mice_view
from hickory_widget.mice.engine import RULES as MICE_RULES

PAIRS = 40
"""Random states per game; each is checked for every seat."""


def _replays(game: Any, entries: list[str]) -> bool:
    try:
        for e in entries:
            game._check(e)
            game._apply(e)
    except (IllegalChoice, ValueError):
        return False
    return True


def _twin_history(cls: Any, start: Any, origin: dict[str, Any], history: list[str], hidden: set[int],
                  rng: random.Random) -> list[str]:
    """``history`` with each hidden entry replaced, where the rest still replays, by another legal option."""
    out: list[str] = []
    game = cls(cls.rules.clone(start), origin)
    for i, entry in enumerate(history):
        if i in hidden:
            options = [o for o in game.choice_ids if o != entry and (game._hides(game._ask, o))]
            rng.shuffle(options)
            for option in options:
                trial = game.copy()
                if _replays(trial, [option, *history[i + 1:]]):
                    entry = option
                    break
        out.append(entry)
        game._check(entry)
        game._apply(entry)
    return out


def _given_to(game: Any, seat: str, board: Any) -> dict[str, Any]:
    """Everything ``game`` gives ``seat``."""
    copy = game.seat_game(seat)
    out: dict[str, Any] = {
        "save": game.to_json(seat=seat), "copy_save": copy.to_json(), "copy_position": copy.position(live=True),
        "copy_events": copy.events, "copy_history": copy.history, "copy_choices": copy.choice_ids,
        "events": game.events_for(seat), "history": game.history_for(seat),
        "branch": copy.branch(5).to_json() if not copy.over else None,
    }
    decision = game.decision
    if decision is not None and decision.player == seat:
        out["decision"] = [decision, [(c.id, c.label) for c in game.choices_in("it")]]
        out["board"] = json.dumps(board(game), sort_keys=True)
        out["bots"] = [decide(game, GreedyBot(3)), decide(game, RandomBot(3))]
        if len(game.history) % 4 == 0:  # what-if for the seat, on a quarter of the states (it plays games out)
            out["what_if"] = compare(game, game.choice_ids[:2], playouts=2, seed=1, progress=False,
                                     executor=SerialExecutor()).rows
    return out


def _compare(a: Any, b: Any, seat: str, board: Any) -> None:
    given_a, given_b = _given_to(a, seat, board), _given_to(b, seat, board)
    for key in given_a:
        assert given_a[key] == given_b[key], f"{seat} is given a different {key!r}"


# ------------------------------------------------------------------------------------------------ Clocktowers
def _ct_twin_start(start: Any, game: ClocktowersGame, rng: random.Random) -> Any:
    """The start with every deck card no one has seen turned up by the end, and the boxed cards, dealt again by
    kind (a floor stays in the floor deck or the box), and another generator."""
    twin = CT_RULES.clone(start)
    draws = {d: sum(1 for e in game.events if e["kind"] == "drew" and e["deck"] == d) for d in DECKS}
    unseen: dict[str, list[str]] = {}
    for d in DECKS:
        unseen[d] = twin.decks[d][draws[d] + 1:]
    boxed = list(twin.removed)
    for kind, d in (("floor", "floors"), ("roof", "roofs"), ("clock", "clocks")):
        cards = unseen[d] + [c for c in boxed if card(c).kind == kind]
        rng.shuffle(cards)
        keep = draws[d] + 1
        twin.decks[d] = twin.decks[d][:keep] + cards[:len(unseen[d])]
        boxed = [c for c in boxed if card(c).kind != kind] + cards[len(unseen[d]):]
    twin.removed = boxed
    twin.rng = rng.getrandbits(63)
    return twin


def _ct_pairs() -> list[tuple[ClocktowersGame, ClocktowersGame, str]]:
    rng = random.Random(20)
    pairs = []
    for k in range(PAIRS):
        players = 2 + k % 3
        start, setup = CT_RULES.new_state(players=players, seed=1000 + k)
        origin = {"setup": setup}
        game = ClocktowersGame(CT_RULES.clone(start), origin)
        for _ in range(rng.randrange(0, 70)):
            if game.over:
                break
            ids = game.choice_ids
            discards = [i for i in ids if i.startswith("discard:")]
            game.choose(rng.choice(discards if discards and rng.random() < 0.3 else ids))
        for seat in game.scores:
            hidden = set(game.sealed(seat))
            twin_start = _ct_twin_start(start, game, rng)
            history = _twin_history(ClocktowersGame, twin_start, origin, game.history, hidden, rng)
            twin = ClocktowersGame(twin_start, origin)
            for entry in history:
                twin.choose(entry)
            pairs.append((game, twin, seat))
    return pairs


def _ct_board(game: ClocktowersGame) -> Any:
    return [ct_view.board(game, "de", False), ct_view.log(game, "en", False)]


def test_a_clocktowers_seat_is_given_the_same_whatever_it_cannot_see() -> None:
    differ = 0
    pairs = _ct_pairs()
    for game, twin, seat in pairs:
        differ += game.to_json() != twin.to_json()
        _compare(game, twin, seat, _ct_board)
    assert differ > len(pairs) // 2  # most pairs really do differ in what the seat cannot see


# ------------------------------------------------------------------------------------------------ Mice!
def _mice_pairs() -> list[tuple[MiceGame, MiceGame, str]]:
    rng = random.Random(21)
    pairs = []
    for k in range(PAIRS):
        players = 3 + k % 4
        start, setup = MICE_RULES.new_state(players=players, seed=2000 + k)
        origin = {"setup": setup}
        game = MiceGame(MICE_RULES.clone(start), origin)
        for _ in range(rng.randrange(0, 40)):
            if game.over:
                break
            game.choose(rng.choice(game.choice_ids))
        for seat in game.scores:
            twin_start = MICE_RULES.clone(start)
            twin_start.rng = rng.getrandbits(63)
            history = _twin_history(MiceGame, twin_start, origin, game.history, set(game.sealed(seat)), rng)
            twin = MiceGame(twin_start, origin)
            for entry in history:
                twin.choose(entry)
            pairs.append((game, twin, seat))
    return pairs


@pytest.mark.parametrize("lang", ["en"])
def test_a_mice_seat_is_given_the_same_whatever_it_cannot_see(lang: str) -> None:
    differ = 0
    pairs = _mice_pairs()
    for game, twin, seat in pairs:
        differ += game.to_json() != twin.to_json()
        _compare(game, twin, seat, lambda g, s=seat: [mice_view.board(g, lang, s, False), mice_view.log(g, lang)])
    assert differ > len(pairs) // 4


# ------------------------------------------------------------------------------------------------ Hickory Dickory
def _hickory_pairs() -> tuple[list[tuple[Any, Any, str]], int]:
    """Pairs from Tick boundaries of random games: the twin's other favor hands and favor deck dealt again
    together, the bag and quest deck in another order, another generator. A pair whose first Tick then rolls or
    draws differently (the seat would see it) is left out and counted."""
    from hickory_widget import Game
    from hickory_widget.hickory.positions.information import DRAWS, ROLLS

    rng = random.Random(22)
    pairs, left_out = [], 0
    for k in range(PAIRS // 2):
        source = Game.new(1 + k % 4, seed=3000 + k)
        for _ in range(rng.randrange(0, 300)):
            if source.over:
                break
            source.choose(rng.choice(source.choice_ids))
        if source.over:
            continue
        pos = source.position()
        for seat in source.scores:
            twin_pos = json.loads(json.dumps(pos))
            others = [c for c in twin_pos["boards"] if c != seat]
            pool = twin_pos["favors"]["deck"] + [f for c in others for f in twin_pos["boards"][c]["favors"]]
            rng.shuffle(pool)
            for c in others:
                n = len(twin_pos["boards"][c]["favors"])
                twin_pos["boards"][c]["favors"], pool = pool[:n], pool[n:]
            twin_pos["favors"]["deck"] = pool
            rng.shuffle(twin_pos["bag"])
            rng.shuffle(twin_pos["quests"]["deck"])
            twin_pos["rng"] = f"{rng.getrandbits(64):016x}"
            game, twin = Game.from_position(pos, play_on=True), Game.from_position(twin_pos, play_on=True)

            def chance(g: Any, s: str = seat) -> list[Any]:
                return [e for e in g.events_for(s) if e["kind"] in ROLLS or e["kind"] in DRAWS
                        or (e["kind"] == "favor_drawn" and e.get("color") == s)]

            if chance(game) != chance(twin) or game.decision != twin.decision:
                left_out += 1
                continue
            pairs.append((game, twin, seat))
    return pairs, left_out


def test_a_hickory_seat_is_given_the_same_whatever_it_cannot_see() -> None:
    from hickory_widget.hickory.analysis.bots import GreedyBot as HickoryGreedy
    from hickory_widget.hickory.analysis.mcts import MCTSBot

    pairs, left_out = _hickory_pairs()
    assert len(pairs) >= 30, (len(pairs), left_out)
    differ = 0
    for game, twin, seat in pairs:
        differ += game.to_json() != twin.to_json()
        _compare(game, twin, seat, lambda g: None)
        if game.decision is not None and game.decision.player == seat:
            assert HickoryGreedy(4).choose(game) == HickoryGreedy(4).choose(twin)
            assert MCTSBot(4, playouts=6, horizon=4).choose(game) == MCTSBot(4, playouts=6, horizon=4).choose(twin)
    assert differ > len(pairs) // 2


@pytest.mark.parametrize("make", [lambda: ClocktowersGame.new(players=3, seed=4),
                                  lambda: MiceGame.new(players=4, seed=4), lambda: Game.new(3, seed=4)],
                         ids=["clocktowers", "mice", "hickory"])
def test_a_random_bot_decides_on_the_game_itself_as_it_would_on_its_seats_copy(make: Any) -> None:
    """A random bot reads only the deciding seat's own options, which are the same on the game and on that seat's
    copy; so decide() hands it the game itself (no copy drawn per move) and it picks what it would pick there."""
    game = make()
    for step in range(80):
        if game.over:
            break
        seen = game.seat_game(game.decision.player)
        assert seen.choice_ids == game.choice_ids
        on_copy = RandomBot(seed=step).choose(seen)
        assert decide(game, RandomBot(seed=step)) == on_copy
        game.choose(on_copy)

"""The engine's speed work changes no game: seeded games, saves, positions and playouts are pinned bit for bit.

The expected digests in tests/data/same_games.json were produced once by the engine as it was before the speed
work of issue 27 (main at 7c9cffd), by running this very file as a script with that checkout's interpreter and no
PYTHONPATH, so that it imported the unmodified package::

    cd /work/main && .venv/bin/python /path/to/worktree/tests/test_same_games.py > tests/data/same_games.json

They are a regression pin, not a rule: a change that is meant to alter games (a new ruling, a rules fix) must
regenerate them and say why in its commit. Both builds, pure Python and the compiled wheel (docs/SPEED.md), must
match them.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from hickory_widget import Game

DATA = Path(__file__).parent / "data" / "same_games.json"

ALL_OPTIONS = ("leap_skips_paws", "cuckoo_leap_needs_relic", "scamp_other_space", "no_inner_12", "wilds_to_web",
               "no_favor_leap_when_bumped", "paw_flight_inner", "die_1_to_10", "throw_to_scamp_card")
CASES: dict[str, dict[str, Any]] = {
    "solo-1": {"players": 1, "seed": 1},
    "solo-2": {"players": 1, "seed": 2},
    "2p-1": {"players": 2, "seed": 1},
    "2p-advanced-3": {"players": 2, "seed": 3, "advanced": True},
    "3p-2": {"players": 3, "seed": 2},
    "3p-advanced-5": {"players": 3, "seed": 5, "advanced": True},
    "4p-1": {"players": 4, "seed": 1},
    "4p-2": {"players": 4, "seed": 2},
    "4p-7": {"players": 4, "seed": 7},
    "4p-trade-any-number-4": {"players": 4, "seed": 4, "options": {"trade_any_number": True}},
    "3p-capacity-q5-6": {"players": 3, "seed": 6,
                         "options": {"capacity_at_end_of_activation": True, "favor_no_slash_both": True}},
    "4p-every-other-option-8": {"players": 4, "seed": 8, "options": dict.fromkeys(ALL_OPTIONS, True)},
    "2p-every-option-9": {"players": 2, "seed": 9,
                          "options": {**dict.fromkeys(ALL_OPTIONS, True), "trade_any_number": True,
                                      "capacity_at_end_of_activation": True, "favor_no_slash_both": True}},
}


def sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def game_record(setup: dict[str, Any]) -> dict[str, Any]:
    """A whole game by uniform-random choices seeded from the setup, with a seat's copy looked at now and then."""
    game = Game.new(**setup)
    rng = random.Random(setup["seed"] * 1000 + 17)
    seats: list[Any] = []
    positions: list[Any] = []
    while not game.over:
        game.choose(rng.choice(game.choice_ids))
        if len(game.history) % 97 == 0:
            seat = game.decision.player if game.decision else None
            if seat is not None:
                seats.append([seat, game.seat_game(seat).position(live=True)])
            positions.append(game.position())
    save = game.to_json()
    loaded = Game.from_json(save)
    last = game.undo()
    return {
        "history": [*game.history, last],
        "events": game.events,
        "scores": game.scores,
        "breakdown": game.score_breakdown,
        "standings": [[st.color, st.score, st.filled, st.place] for st in loaded.standings()],
        "save": save,
        "loaded_position": loaded.position(live=True),
        "undone_position": game.position(live=True),
        "positions": positions,
        "seats": seats,
    }


def playout_record(setup: dict[str, Any]) -> dict[str, Any]:
    """A playout from the start with forks, a reseed and a redeal on the way, each fork played to its end."""
    from hickory_widget.hickory.positions.position import to_data

    p = Game.new(**setup).playout(forkable=True)
    rng = random.Random(setup["seed"] * 1000 + 29)
    ends: list[Any] = []
    steps = 0
    while not p.over:
        steps += 1
        if steps % 150 == 0:
            p.reseed(steps)
            if p.over:
                break
        if steps % 70 == 0:
            fork = p.fork()
            if steps % 140 == 0 and fork.player is not None:
                fork.redeal(fork.player, steps)
            frng = random.Random(steps)
            while not fork.over:
                fork.choose(frng.choice(fork.choice_ids))
            ends.append([fork.scores, to_data(fork.state)])
        p.choose(rng.choice(p.choice_ids))
    return {"steps": steps, "scores": p.scores, "end": to_data(p.state), "forks": ends}


def digests() -> dict[str, str]:
    out = {}
    for name, setup in CASES.items():
        out[f"game {name}"] = sha(game_record(setup))
        out[f"playout {name}"] = sha(playout_record(setup))
    return out


def test_seeded_games_saves_positions_and_playouts_are_those_of_the_engine_before_the_speed_work() -> None:
    expected = json.loads(DATA.read_text(encoding="utf-8"))["digests"]
    got = digests()
    assert set(got) == set(expected)
    differ = [name for name in expected if got[name] != expected[name]]
    assert not differ, f"these games no longer play as before: {differ}"


if __name__ == "__main__":
    import hickory_widget

    json.dump({"about": "sha256 digests of seeded games (history, events, scores, saves, positions, seat copies) "
                        "and playouts (forks, reseeds, redeals), by tests/test_same_games.py run as a script on the "
                        "engine before the speed work of issue 27 (main at 7c9cffd)",
               "made_with": hickory_widget.__file__.replace(str(Path.home()), "~"),
               "digests": digests()}, sys.stdout, indent=1)
    print()


def test_R67a_the_one_pass_check_says_someone_may_trade_exactly_when_some_player_may() -> None:
    """``anyone_can_trade`` (one pass over the mice, asked at the end of every Tick) agrees with asking each color,
    at every decision of random games, with and without Q1's trade_any_number."""
    from hickory_widget.hickory.rules.trading import anyone_can_trade, can_trade

    seen = set()
    for setup in (CASES["4p-1"], CASES["4p-trade-any-number-4"], CASES["3p-capacity-q5-6"]):
        game = Game.new(**setup)
        rng = random.Random(5)
        while not game.over:
            s = game.state
            each = any(can_trade(s, color) for color in s.colors)
            assert anyone_can_trade(s) == each
            seen.add(each)
            game.choose(rng.choice(game.choice_ids))
    assert seen == {True, False}

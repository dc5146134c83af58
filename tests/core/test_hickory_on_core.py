"""Hickory Dickory runs on the core: ``hickory_widget.Game`` is a ``GameRunner`` over ``HickoryRules``, and the saves
made before the move (tests/data/saves_before_core, written by the pre-core ``Game`` of commit 140b1f4) load into
it, reach the same position and decision, and save again byte for byte."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hickory_widget import Game, SaveError
from hickory_widget.core import GameRunner
from hickory_widget.core.bots import GreedyBot, RandomBot, play
from hickory_widget.core.whatif import outlook
from hickory_widget.hickory import HickoryRules

SAVES = Path(__file__).parents[1] / "data" / "saves_before_core"
NAMES = sorted(p.name.removesuffix(".json") for p in SAVES.glob("*.json") if not p.name.endswith(".facts.json"))


def test_game_is_the_core_runner_over_hickorys_rules() -> None:
    assert issubclass(Game, GameRunner) and isinstance(Game.rules, HickoryRules)
    assert Game.save_format() == "hickory-game" and Game.rules.save_version == 1


def test_every_kind_of_old_save_is_kept() -> None:
    assert set(NAMES) == {"solo-60-choices", "two-advanced-with-redo", "three-options-forced-die", "four-finished",
                          "from-position", "branch-reseeded"}


@pytest.mark.parametrize("name", NAMES)
def test_a_save_made_before_the_core_loads_and_saves_again_unchanged(name: str) -> None:
    text = (SAVES / f"{name}.json").read_text(encoding="utf-8").strip()
    facts = json.loads((SAVES / f"{name}.facts.json").read_text(encoding="utf-8"))
    game = Game.from_json(text)
    assert game.to_json() == text
    assert len(game.history) == facts["history_length"] and game.scores == facts["scores"]
    assert game.over == facts["over"] and game.choice_ids == facts["choice_ids"]
    assert (None if game.decision is None else [game.decision.player, game.decision.kind]) == facts["decision"]
    assert game.can_redo == facts["can_redo"] and game.position() == facts["position"]


def test_an_old_save_edited_after_the_fact_is_still_refused() -> None:
    data = json.loads((SAVES / "three-options-forced-die.json").read_text(encoding="utf-8"))
    data["origin"]["setup"]["seed"] += 1  # another game's setup under this history
    with pytest.raises(SaveError, match=r"history entry|does not replay"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_cores_bots_play_hickory_to_the_end(players: int) -> None:
    game = Game.new(players, seed=40 + players)
    play(game, {color: (GreedyBot(i) if i % 2 else RandomBot(i)) for i, color in enumerate(game.scores)})
    assert game.over and game.decision is None and game.choices == []
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_the_cores_what_if_reads_a_hickory_position() -> None:
    game, rng = Game.new(3, seed=9), random.Random(9)
    for _ in range(30):
        game.choose(rng.choice(game.choice_ids))
    before = game.to_json()
    option = game.choice_ids[0]
    result = outlook(game, option, runs=3, seed=1, bot=RandomBot)
    assert game.to_json() == before  # the game is left as it was
    assert result.option == option and result.runs == 3 and set(result.scores) == set(game.scores)
    best_other = max(v for p, v in result.scores.items() if p != game.decision.player)
    # the margin is each run's lead over that run's best other player, averaged: never above the lead of the means
    assert result.margin <= result.scores[game.decision.player] - best_other + 1e-9


def test_public_names_stay_and_pre_split_paths_are_gone() -> None:
    """The README's names import from the package; the module paths from before the games' split (never released)
    are gone, with no finder left to answer for them."""
    import importlib

    import hickory_widget

    assert hickory_widget.Game is Game
    assert hickory_widget.IllegalChoice is importlib.import_module("hickory_widget.core.protocol").IllegalChoice
    assert callable(hickory_widget.explain)  # the function, never the module
    for old in ("hickory_widget.state", "hickory_widget.game", "hickory_widget.decisions", "hickory_widget.no_such"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)


def test_R114_winners_follow_the_standings() -> None:
    """The core asks a game for its ``winners`` (what-if win rates count first places); Hickory Dickory's are the
    standings' first place, ties broken by the hunt board (R114), not the plain top score."""
    game = Game.from_json((SAVES / "four-finished.json").read_text(encoding="utf-8").strip())
    assert game.over and game.winners == [s.color for s in game.standings() if s.place == 1] == ["yellow"]

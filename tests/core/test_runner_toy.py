"""The core runner with a game that is not in the package: a two-player dice race written here in a few lines.

It shows that the runner is game-agnostic and checks what every game gets from it: refusals listing what is legal,
forced chance, undo and redo across checkpoints, saves that load exactly or not at all, copies and branches."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from hickory_widget.core import CHECKPOINT, Ask, GameRunner, IllegalChoice, Rng, SaveError, seed_state
from hickory_widget.core.rng import take_forced
from hickory_widget.core.runner import Flow


@dataclass
class Race:
    """Two runners; on a turn, roll the die (1-3) and step that far, or rest. First to 6 wins."""

    at: dict[str, int]
    turn: str = "a"
    rng: int = 0
    forced: list[list[str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


class RaceRules:
    name = "race"
    save_version = 1
    force_kinds = ("die",)

    def new_state(self, seed: int = 1) -> tuple[Race, dict[str, Any]]:
        if not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        return Race({"a": 0, "b": 0}, rng=seed_state(seed)), {"seed": seed}

    def state_from_data(self, data: Any) -> Race:
        if not isinstance(data, dict) or set(data) != {"at", "turn", "rng", "forced"}:
            raise ValueError("a race position has at, turn, rng and forced")
        return Race(dict(data["at"]), data["turn"], data["rng"], [list(f) for f in data["forced"]])

    def state_to_data(self, s: Race) -> dict[str, Any]:
        return {"at": dict(s.at), "turn": s.turn, "rng": s.rng, "forced": [list(f) for f in s.forced]}

    def clone(self, s: Race) -> Race:
        return replace(s, at=dict(s.at), forced=list(s.forced), events=list(s.events))

    def flow(self, s: Race) -> Flow:
        while max(s.at.values()) < 6:
            yield CHECKPOINT
            choice = yield Ask(s.turn, "move", ["roll", "rest"])
            if choice == "roll":
                forced = take_forced(s.forced, "die")
                if forced is not None:
                    face = int(forced)
                else:
                    rng = Rng(s.rng)
                    face = rng.below(3) + 1
                    s.rng = rng.state
                s.at[s.turn] += face
                s.events.append({"kind": "rolled", "rules": ["T1"], "player": s.turn, "face": face})
            s.turn = "b" if s.turn == "a" else "a"

    def check_force(self, s: Race, kind: str, value: str) -> str:
        if value not in ("1", "2", "3"):
            raise ValueError(f"the die has faces 1, 2, 3, not {value!r}")
        return value

    def reseed(self, s: Race, seed: int) -> None:
        s.rng = seed_state(seed)

    def scores(self, s: Race) -> dict[str, int]:
        return dict(s.at)

    def prompt(self, s: Race, ask: Ask, lang: str) -> str:
        return f"{ask.player}: roll or rest"

    def label(self, s: Race, ask: Ask, option: str, lang: str) -> str:
        return option.capitalize()


class RaceGame(GameRunner):
    rules = RaceRules()

    @classmethod
    def new(cls, seed: int = 1) -> RaceGame:
        return cls._new(seed=seed)


def test_choices_and_a_refusal_that_lists_what_is_legal() -> None:
    g = RaceGame.new()
    assert [str(c) for c in g.choices] == ["roll: Roll", "rest: Rest"]
    with pytest.raises(IllegalChoice, match=r"'jump' is not a legal choice for a's decision \(a: roll or rest\)\. "
                                            r"Legal now: roll \(Roll\); rest \(Rest\)"):
        g.choose("jump")
    assert g.history == []


def test_forced_die_then_undo_and_redo_restore_everything() -> None:
    g = RaceGame.new(seed=3)
    g.force("die", 3)
    g.choose("roll")
    g.choose("roll")
    assert g.scores["a"] == 3 and g.events[0] == {"kind": "rolled", "rules": ["T1"], "player": "a", "face": 3}
    with pytest.raises(IllegalChoice, match="faces 1, 2, 3"):
        g.force("die", 6)
    before = (g.to_json(), g.events)
    assert g.undo() == "roll" and g.undo() == "roll" and g.undo() == "force:die:3"
    assert g.scores == {"a": 0, "b": 0} and g.events == []
    for _ in range(3):
        g.redo()
    assert (g.to_json(), g.events) == before


def test_save_load_copy_and_branch() -> None:
    g = RaceGame.new(seed=5)
    for _ in range(4):
        g.choose("roll")
    loaded = RaceGame.from_json(g.to_json())
    assert loaded.scores == g.scores and loaded.history == g.history
    tampered = json.loads(g.to_json())
    tampered["history"][0] = "rest"
    with pytest.raises(SaveError, match="does not replay"):
        RaceGame.from_json(json.dumps(tampered))
    with pytest.raises(SaveError, match="expected format 'race-game'"):
        RaceGame.from_json(json.dumps({**tampered, "format": "clocktowers-game"}))
    twin = g.copy()
    twin.choose("rest")
    assert len(g.history) == 4
    other = g.branch(seed=77)
    assert other.scores == g.scores and other.state.rng != g.state.rng


def test_play_to_the_end_with_core_bots() -> None:
    from hickory_widget.core.bots import GreedyBot, RandomBot, play

    g = RaceGame.new(seed=2)
    play(g, {"a": GreedyBot(1), "b": RandomBot(2)})
    assert g.over and max(g.scores.values()) >= 6 and g.decision is None and g.choices == []
    with pytest.raises(IllegalChoice, match="the game is over"):
        g.choose("roll")

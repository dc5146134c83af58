"""Secret, simultaneous choices in the core, with a toy game written here: three players each secretly bid 1-3,
all bids are revealed together, the highest bid nobody else made scores its value plus a die (1-3).

It checks what the core promises for such a decision: no one's hidden bid is in anyone else's copy (the seat
game, the seat save, the history as a seat knows it) until the reveal; undo, redo, save, load, forcing, bots and
what-if analysis all work across it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from hickory_widget.core import CHECKPOINT, Ask, GameRunner, IllegalChoice, Rng, SaveError, seed_state
from hickory_widget.core.bots import GreedyBot, RandomBot, play
from hickory_widget.core.protocol import REVEAL, SEALED
from hickory_widget.core.rng import take_forced
from hickory_widget.core.runner import Flow
from hickory_widget.core.whatif import outlook

PLAYERS = ("a", "b", "c")
HIDDEN = "?"


@dataclass
class Bids:
    round: int = 1
    bids: dict[str, str] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    rng: int = 0
    forced: list[list[str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


class BidRules:
    name = "bids"
    save_version = 1
    force_kinds = ("die",)

    def new_state(self, seed: int = 1) -> tuple[Bids, dict[str, Any]]:
        return Bids(rng=seed_state(seed)), {"seed": seed}

    def state_from_data(self, data: Any) -> Bids:
        if not isinstance(data, dict) or set(data) != {"round", "bids", "points", "rng", "forced"}:
            raise ValueError("a bids position has round, bids, points, rng and forced")
        return Bids(data["round"], dict(data["bids"]), dict(data["points"]), data["rng"],
                    [list(f) for f in data["forced"]])

    def state_to_data(self, s: Bids) -> dict[str, Any]:
        return {"round": s.round, "bids": dict(s.bids), "points": dict(s.points), "rng": s.rng,
                "forced": [list(f) for f in s.forced]}

    def clone(self, s: Bids) -> Bids:
        return replace(s, bids=dict(s.bids), points=dict(s.points), forced=list(s.forced),
                       events=list(s.events))

    def flow(self, s: Bids) -> Flow:
        while s.round <= 3:
            for p in PLAYERS:
                if p in s.bids:
                    continue
                yield CHECKPOINT
                bid = yield Ask(p, "bid", ["1", "2", "3"], secret=True)
                s.bids[p] = HIDDEN if bid == SEALED else bid
                s.events.append({"kind": "committed", "rules": ["T1"], "player": p})
            if HIDDEN in s.bids.values():
                yield Ask(next(p for p in PLAYERS if s.bids[p] == HIDDEN), "hidden", [])
                return
            yield REVEAL
            s.events.append({"kind": "revealed", "rules": ["T2"], "bids": dict(s.bids)})
            values = sorted(s.bids.values())
            unique = [v for v in values if values.count(v) == 1]
            if unique:
                winner = next(p for p, v in s.bids.items() if v == max(unique))
                die = take_forced(s.forced, "die")
                if die is None:
                    rng = Rng(s.rng)
                    die, s.rng = str(rng.below(3) + 1), rng.state
                s.points[winner] += int(max(unique)) + int(die)
            s.bids, s.round = {}, s.round + 1
            yield CHECKPOINT

    def check_force(self, s: Bids, kind: str, value: str) -> str:
        if value not in ("1", "2", "3"):
            raise ValueError(f"the die has faces 1, 2, 3, not {value!r}")
        return value

    def reseed(self, s: Bids, seed: int) -> None:
        s.rng = seed_state(seed)

    def scores(self, s: Bids) -> dict[str, int]:
        return dict(s.points)

    def prompt(self, s: Bids, ask: Ask, lang: str) -> str:
        return f"{ask.player}: bid in secret"

    def label(self, s: Bids, ask: Ask, option: str, lang: str) -> str:
        return f"bid {option}"


class BidGame(GameRunner):
    rules = BidRules()

    @classmethod
    def new(cls, seed: int = 1) -> BidGame:
        return cls._new(seed=seed)


def test_a_secret_bid_is_sealed_from_the_others_until_all_are_revealed() -> None:
    g = BidGame.new()
    g.choose("3")
    g.choose("1")
    assert g.decision.secret and g.decision.player == "c"
    assert g.sealed() == [0, 1] and g.sealed("a") == [1] and g.history_for("c") == [SEALED, SEALED]
    seen = g.seat_game("c")
    assert seen.seat == "c" and seen.state.bids == {"a": HIDDEN, "b": HIDDEN} and seen.choice_ids == ["1", "2", "3"]
    assert "3" not in json.dumps(g.events) and g.history_for("a") == ["3", SEALED]
    save = json.loads(g.to_json(seat="c"))
    assert save["seat"] == "c" and save["history"] == [SEALED, SEALED] and save["redo"] == []
    loaded = BidGame.from_json(g.to_json(seat="c"))
    assert loaded.state.bids == {"a": HIDDEN, "b": HIDDEN}
    assert BidGame.from_json(loaded.to_json()).to_json() == loaded.to_json() == g.to_json(seat="c")
    loaded.choose("2")
    assert loaded.decision.kind == "hidden" and loaded.choice_ids == []  # the seat's copy stops at the reveal
    g.force("die", 2)
    g.choose("2")
    assert g.sealed() == [] and g.seat_game("c") is g and g.scores["a"] == 3 + 2
    assert g.events[3] == {"kind": "revealed", "rules": ["T2"], "bids": {"a": "3", "b": "1", "c": "2"}}


def test_sealed_cannot_be_chosen_and_a_seat_save_must_name_a_player() -> None:
    g = BidGame.new()
    with pytest.raises(IllegalChoice, match="'sealed' stands for another player's hidden choice"):
        g.choose(SEALED)
    g.choose("1")
    data = json.loads(g.to_json(seat="b"))
    with pytest.raises(SaveError, match="field 'seat' must name a player"):
        BidGame.from_json(json.dumps({**data, "seat": "z"}))
    with pytest.raises(SaveError, match="not legal there"):
        BidGame.from_json(json.dumps({**data, "seat": None}))  # a whole game's save cannot hold a sealed choice
    with pytest.raises(ValueError, match="no player 'z'"):
        g.to_json(seat="z")


def test_undo_redo_save_and_load_across_a_reveal() -> None:
    g = BidGame.new(seed=4)
    for bid in ("3", "3", "1", "2"):
        g.choose(bid)
    before = (g.to_json(), g.events, g.sealed("b"))
    assert g.sealed("b") == [3]
    for _ in range(3):
        g.undo()
    assert g.sealed("c") == [0] and g.scores == {"a": 0, "b": 0, "c": 0}
    for _ in range(3):
        g.redo()
    assert (g.to_json(), g.events, g.sealed("b")) == before
    loaded = BidGame.from_json(g.to_json())
    assert loaded.history == g.history and loaded.sealed("b") == [3] and loaded.scores == g.scores


def test_bots_and_what_if_decide_without_the_hidden_bids() -> None:
    g = BidGame.new(seed=2)
    g.choose("3")
    g.choose("3")
    # c's seat cannot know that a and b both bid 3: what-if draws their bids anew in each run.
    look = outlook(g, "1", runs=12, seed=5)
    assert look.runs == 12 and g.history == ["3", "3"]
    play(g, {p: (GreedyBot(7) if p == "a" else RandomBot(3)) for p in PLAYERS})
    assert g.over and g.sealed() == [] and sum(1 for e in g.events if e["kind"] == "revealed") == 3

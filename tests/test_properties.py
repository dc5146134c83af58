"""Whole games played by random legal choices: what must hold after every single choice, for 1-4 players.

Each game is set up from a seed and played by a ``random.Random(chooser)`` picking uniformly from
``game.choice_ids`` (now and then also forcing a die roll or a bag draw), so every failure is reproduced by
its players, seed, options, advanced flag and chooser seed, which the assertion messages print.

Checked after every choice: the invariants of ``hickory_widget.hickory.rules.invariants`` (tiles, mice, cards, decks,
tracks), the minute hand's capacity (R13), cat paws (R111), scores never falling (R17). Undo and redo
(whole games: after every choice; other games: at random points), save and load (at every Tick boundary
or at random points) and determinism are checked on the same games.

The number of examples is sized for about a minute on two cores; ``HICKORY_PROPERTY_SCALE=10`` runs ten
times as many.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hickory_widget import Game, IllegalChoice
from hickory_widget.hickory.positions.position import from_data, to_data
from hickory_widget.hickory.rules.invariants import problems
from hickory_widget.hickory.rules.options import OPTIONS
from hickory_widget.hickory.rules.state import State

SCALE = float(os.environ.get("HICKORY_PROPERTY_SCALE", "1"))
MAX_CHOICES = 50_000
"""A game still running after this many choices counts as not terminating."""
ROUNDS = {1: 6, 2: 5, 3: 5, 4: 5}
"""Rounds per game by player count (R38): the hour hand runs 7 (solo 6) to 12."""


def examples(n: int) -> int:
    """Example counts scale together, so a longer local run needs no edits."""
    return max(1, round(n * SCALE))


seeds = st.integers(min_value=0, max_value=2**32 - 1)
option_sets = st.one_of(
    st.just({}),
    st.sets(st.sampled_from(sorted(OPTIONS))).map(lambda names: dict.fromkeys(sorted(names), True)),
)


# --------------------------------------------------------------------------------------------------- playing


Snapshot = tuple[str, list[str], list[str]]


def snapshot(game: Game) -> Snapshot:
    """What must be identical after undo+redo or save+load: the position, the pending choices, the history."""
    return json.dumps(to_data(game.state), sort_keys=True), game.choice_ids, game.history


def stale(game: Game) -> str | None:
    """What is out of date in the pending question, if anything: a mouse asked to move from where it no longer
    is, a claim of a tile already gone, an over-full card that is not (R44-R46, R52, R58, R64, R88b, R95a).
    A favor card or a trade played at a decision point can change the state the question was asked about."""
    d = game.decision
    if d is None:
        return None
    s, ctx = game.state, d.context
    mouse, n = ctx.get("mouse"), ctx.get("number")
    where = s.loc.get(mouse) if mouse else None
    expected = {"hand_mouse": ("hand", 0), "inner_mouse": ("inner", n), "bumped_mouse": ("bumped", 0),
                "claim": ("outer", n), "action": ("outer", n)}.get(d.kind)
    if expected is not None and where != expected:
        return f"{d.kind} asked about {mouse} at {expected}, but it is at {where}"
    if d.kind in ("hand_mouse", "inner_mouse", "bumped_mouse") and n != s.minute:
        return f"{d.kind} asked at number {n}, but the minute hand is at {s.minute}"
    if d.kind == "claim" and s.leaves[n] != ctx.get("tile"):
        return f"claim of {ctx.get('tile')!r} at {n}, but the leaf holds {s.leaves[n]!r} (R58)"
    if d.kind == "return_excess" and len(s.card(ctx["card"])) <= s.capacity(ctx["card"]):
        return f"return_excess for {ctx['card']}, but its card is within storage (R64)"
    if d.kind == "activate":
        away = [c for c in game.choice_ids if c.startswith("activate:") and s.loc[c[9:]] != ("inner", n)]
        if away:
            return f"activate offers {away}, no longer on inner {n} (R42)"
    return None


def crossed_tick_boundary(game: Game) -> bool:
    """Whether the last history entry started a new Tick (R40: the minute hand moved)."""
    return any(e["kind"] == "hand_moved" for e in game.events_since(len(game.history) - 1))


@dataclass
class Player:
    """A seeded game and its random chooser, with what to check along the way."""

    players: int
    seed: int
    chooser: int
    options: dict[str, bool] = field(default_factory=dict)
    advanced: bool = False
    undo_rate: float = 0.0
    """Chance of an undo/redo round trip after a choice (1.0: after every choice)."""
    save_rate: float = 0.0
    """Chance of a save/load round trip after a choice."""
    save_at_ticks: bool = False
    """Save and load at every Tick boundary."""
    force_rate: float = 0.0
    """Chance of forcing a die roll or a bag draw before a choice."""
    steps: int = 0
    saves: int = 0
    undos: int = 0

    def __post_init__(self) -> None:
        self.game = Game.new(self.players, seed=self.seed, options=self.options, advanced=self.advanced)
        self.rng = random.Random(self.chooser)
        self.best = self.game.scores
        self.log: list[dict] = []
        """A deep copy of every event recorded so far: the log is a record of facts (issue 8, D12)."""

    def where(self) -> str:
        """The reproduction (the checks draw from the chooser too, so their rates are part of it)."""
        g = self.game
        return (f"\nreproduce (tests/test_properties.py): Player({self.players}, seed={self.seed}, "
                f"chooser={self.chooser}, options={self.options}, advanced={self.advanced}, "
                f"undo_rate={self.undo_rate}, save_rate={self.save_rate}, save_at_ticks={self.save_at_ticks}, "
                f"force_rate={self.force_rate}).play()\nat step {self.steps} ({len(g.history)} history entries), "
                f"last {g.history[-6:]}; pending {g.decision}")

    def play(self) -> Game:
        """Plays to the end, checking every property after every history entry."""
        self.check()
        while not self.game.over:
            assert self.steps < MAX_CHOICES, f"the game did not end after {MAX_CHOICES} choices" + self.where()
            before = snapshot(self.game) if self.undo_rate else None
            self.step()
            self.check()
            if before is not None and self.rng.random() < self.undo_rate:
                self.check_undo_redo(before)
            if (self.save_at_ticks and crossed_tick_boundary(self.game)) or self.rng.random() < self.save_rate:
                self.check_save_load()
        self.check_end()
        return self.game

    def step(self) -> None:
        g, rng = self.game, self.rng
        self.steps += 1
        if self.force_rate and rng.random() < self.force_rate:
            self.force()
            return
        g.choose(rng.choice(g.choice_ids))

    def force(self) -> None:
        """Forces a die face or a tile in the bag; a refused force must leave the game as it was."""
        g, rng = self.game, self.rng
        s = g.state
        if s.bag and rng.random() < 0.5:
            what, value = "draw", rng.choice(s.bag)
        else:
            what, value = "die", str(rng.choice(s.c.die_faces))
        text = g.to_json()
        try:
            g.force(what, value)
        except IllegalChoice:  # e.g. a face the die does not have under an option
            assert g.to_json() == text, "a refused force changed the game" + self.where()
            g.choose(rng.choice(g.choice_ids))

    def check(self) -> None:
        """R13, R17, R64, R94, R111 and every invariant, after one history entry; the pending decision is about
        the state as it is now."""
        g = self.game
        s = g.state
        pending = g.decision
        found = problems(s, pending)
        assert found == [], "invariants broken:\n  " + "\n  ".join(found) + self.where()
        assert s.hand_used() <= s.hand_spaces, (
            f"the minute hand carries {s.hand} ({s.hand_used()} spaces) but has {s.hand_spaces} (R13)" + self.where())
        scratching = pending.context.get("number") if pending and pending.kind == "scratch_discard" else None
        for m, (ring, n) in s.loc.items():
            assert not (ring in ("inner", "outer") and n in s.paws and n != scratching), (
                f"{m} at {ring} {n} shares its number with a cat paw {s.paws} (R111)" + self.where())
        out_of_date = stale(g)
        assert out_of_date is None, "the pending decision is out of date: " + out_of_date + self.where()
        assert len(g.choice_ids) == len(set(g.choice_ids)), f"a choice id offered twice {g.choice_ids}" + self.where()
        self.check_events()
        scores = g.scores
        fell = {c: (self.best[c], v) for c, v in scores.items() if v < self.best[c]}
        assert not fell, f"scores went down (before, after): {fell} (R17)" + self.where()
        self.best = scores

    def check_events(self) -> None:
        """Events are immutable once recorded: after any later choice, undo or redo, every earlier event is
        unchanged (D12: the Spotter's drawn tiles; R120: scratched-off mice activate and are narrated)."""
        g = self.game
        events = g.events
        new = g.events_since(len(g.history) - 1) if g.history else events
        kept = len(events) - len(new)
        assert len(self.log) >= kept and events[:kept] == self.log[:kept], (
            "an event recorded earlier has changed since" + self.where())
        self.log = self.log[:kept] + copy.deepcopy(new)
        if any(e["kind"] == "mouse_scratched_off" for e in new):
            kinds = [(e["kind"], e.get("mouse")) for e in new]
            for i, (k, mouse) in enumerate(kinds):
                if k == "mouse_scratched_off":
                    assert ("mouse_activated", mouse) in kinds[i + 1:i + 2], "R120: not narrated" + self.where()

    def check_undo_redo(self, before: Snapshot) -> None:
        """Undo restores the state before the entry; redo restores the state after it, events included."""
        g = self.game
        after, caused = snapshot(g), g.events_since(len(g.history) - 1)
        entry = g.history[-1]
        assert g.undo() == entry
        assert snapshot(g) == before, f"undo of {entry!r} did not restore the previous state" + self.where()
        assert g.can_redo
        assert g.redo() == entry
        assert snapshot(g) == after, f"undo then redo of {entry!r} changed the game" + self.where()
        assert g.events_since(len(g.history) - 1) == caused, f"redo of {entry!r} changed its events" + self.where()
        self.undos += 1

    def check_save_load(self) -> None:
        """Game.from_json(game.to_json()) is the same game: same text, position, pending choices, history."""
        g = self.game
        text = g.to_json()
        loaded = Game.from_json(text)
        assert loaded.to_json() == text, "save, load, save gave different text" + self.where()
        assert snapshot(loaded) == snapshot(g), "save then load changed the game" + self.where()
        self.saves += 1

    def check_end(self) -> None:
        """R38, R107, R113, R114: the game ends at midnight after its rounds; standings follow the scores."""
        g = self.game
        s = g.state
        kinds = [e["kind"] for e in g.events]
        assert (s.phase, s.hour) == ("over", 12), self.where()
        assert kinds.count("round_ended") == ROUNDS[self.players], self.where()
        assert kinds.count("hand_moved") == 12 * ROUNDS[self.players], self.where()
        assert kinds[-1] == "game_over", self.where()
        assert g.choice_ids == [] and g.decision is None
        table = g.standings()
        assert [t.score for t in table] == sorted(g.scores.values(), reverse=True)
        assert all(t.score == sum(g.score_breakdown[t.color].values()) for t in table)
        found = problems(s)
        assert found == [], "invariants broken at the end:\n  " + "\n  ".join(found) + self.where()


# --------------------------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@settings(max_examples=examples(60), deadline=None)
@given(seed=seeds, chooser=seeds, options=option_sets, advanced=st.booleans())
def test_random_games_keep_every_invariant(players: int, seed: int, chooser: int, options: dict[str, bool],
                                           advanced: bool) -> None:
    """R1-R2 (93 tiles, each in one place), R10 (no tile at 12), R13/R28 (hand capacity, Scavenger = 2),
    R22 (web holds wilds), R64 (storage), R94 (favor hand), R111 (no mouse at a paw), R17 (scores never
    fall), R38 (game length); undo/redo, save/load and forced outcomes at random points."""
    Player(players, seed, chooser, options, advanced, undo_rate=0.05, save_rate=0.01, force_rate=0.01).play()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@settings(max_examples=examples(10), deadline=None)
@given(seed=seeds, chooser=seeds)
def test_advanced_setup_games_keep_every_invariant(players: int, seed: int, chooser: int) -> None:
    """R122-R123 (advanced setup: mice placed by the players), then every invariant of R1-R2, R13, R64, R94,
    R111 after every choice, and undo/redo at random points."""
    p = Player(players, seed, chooser, advanced=True, undo_rate=0.1)
    p.play()
    assert p.game.history[0].startswith("place:")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@settings(max_examples=examples(4), deadline=None)
@given(seed=seeds, chooser=seeds, advanced=st.booleans())
def test_undo_then_redo_after_every_choice_gives_the_identical_game(players: int, seed: int, chooser: int,
                                                                   advanced: bool) -> None:
    """Undo restores the exact state, pending choices and history from before each entry, and redo the state
    after it, for every entry of whole games (forced outcomes included); with every invariant checked."""
    p = Player(players, seed, chooser, advanced=advanced, undo_rate=1.0, force_rate=0.02)
    p.play()
    assert p.undos == p.steps


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@settings(max_examples=examples(3), deadline=None)
@given(seed=seeds, chooser=seeds, options=option_sets)
def test_save_then_load_at_every_tick_boundary_gives_the_identical_game(players: int, seed: int, chooser: int,
                                                                       options: dict[str, bool]) -> None:
    """R37, R40: at the start of every Tick, Game.from_json(game.to_json()) gives the same text, position,
    pending choices and history (a load replays the whole history, so this is done per Tick, not per choice)."""
    p = Player(players, seed, chooser, options, save_at_ticks=True, force_rate=0.01)
    p.play()
    assert p.saves >= ROUNDS[players]  # empty and blocked Ticks can pass within one choice


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@settings(max_examples=examples(5), deadline=None)
@given(seed=seeds, chooser=seeds, options=option_sets, advanced=st.booleans())
def test_same_setup_seed_and_choices_give_byte_identical_games(players: int, seed: int, chooser: int,
                                                              options: dict[str, bool], advanced: bool) -> None:
    """Determinism: the same setup, seed and history (forced outcomes included) give byte-identical
    to_json(), replayed choice by choice or played again by the same chooser."""
    first = Player(players, seed, chooser, options, advanced, force_rate=0.02).play()
    again = Player(players, seed, chooser, options, advanced, force_rate=0.02).play()
    assert again.to_json() == first.to_json()

    replay = Game.new(players, seed=seed, options=options, advanced=advanced)
    for entry in first.history:
        if entry.startswith("force:"):
            _, what, value = entry.split(":", 2)
            replay.force(what, value)
        else:
            replay.choose(entry)
    assert replay.to_json() == first.to_json()
    assert replay.events == first.events


def test_different_seeds_give_different_games() -> None:
    """R23-R26: the seed drives the setup shuffles and draws, so two seeds do not lay out the same game."""
    a, b = Game.new(4, seed=1), Game.new(4, seed=2)
    assert to_data(a.state) != to_data(b.state)
    assert to_data(Game.new(4, seed=1).state) == to_data(a.state)


# --------------------------------------------------------------------------------------------------- the checker


def _item_not_for(s: State, cell: tuple[str, str]) -> str:
    return next(t for t in s.bag if s.c.tiles[t].kind == "item" and (s.c.tiles[t].color, s.c.tiles[t].symbol) != cell)


def _plant_wrong_hunt_tile(s: State) -> None:
    p = s.players[0]
    tile = _item_not_for(s, s.c.hunt_board(p.board).grid[0][0])
    s.bag.remove(tile)
    p.hunt[0][0] = tile


PLANTED: list[tuple[str, Callable[[State], object], str]] = [
    ("tile in two places", lambda s: s.players[0].cards["scurrier"].append(s.bag[0]), "in 2 places at once"),
    ("tile lost", lambda s: s.bag.pop(), "nowhere"),
    ("tile at Lord Cuckoo", lambda s: s.leaves.__setitem__(12, s.bag.pop()), "R10"),
    ("item on the web", lambda s: s.web.append(s.bag.pop()), "R22"),
    ("mouse at a paw", lambda s: (s.paws.append(5), s.loc.__setitem__("blue.scurrier", ("outer", 5))), "R111"),
    ("hand lists a mouse not on it", lambda s: s.hand.append("blue.spotter"), "mice placed 'hand'"),
    ("hand over capacity", lambda s: [(s.hand.append(m), s.loc.__setitem__(m, ("hand", 0)))
                                      for m in ("blue.scavenger", "red.scavenger", "blue.spotter")], "R13"),
    ("card over storage", lambda s: [s.players[0].cards["spotter"].append(s.bag.pop()) for _ in range(4)], "R64"),
    ("three favor cards", lambda s: [s.players[0].favors.append(s.favor_deck.pop()) for _ in range(2)], "R94"),
    ("favor card lost", lambda s: s.favor_deck.pop(), "favor cards out of place: missing"),
    ("quest in two places", lambda s: s.quest_discard.append(s.quests_up[0]), "quests out of place"),
    ("Scaler off the chain", lambda s: setattr(s.players[0], "scaler", s.c.chain.spaces + 1), "R92"),
    ("weight off the chain", lambda s: setattr(s, "weight", len(s.c.chain.right_values)), "R102"),
    ("wrong tile on a hunt board", _plant_wrong_hunt_tile, "R104a"),
    ("Spotter on its card", lambda s: s.loc.__setitem__("blue.spotter", ("card", 0)), "R33"),
    ("mouse missing", lambda s: s.loc.pop("red.scamp"), "mice with no place"),
]


@pytest.mark.parametrize(("what", "plant", "says"), PLANTED, ids=[p[0] for p in PLANTED])
def test_the_checker_reports_each_planted_violation(what: str, plant: Callable[[State], object], says: str) -> None:
    """The invariants are not vacuous: each planted violation (R1, R10, R13, R22, R33, R64, R92, R94, R102,
    R104a, R111) is reported, naming its rule, on a state that was sound before."""
    state = from_data(Game.new(["blue", "red"], seed=1).position())
    assert problems(state) == []
    plant(state)
    found = problems(state)
    assert any(says in p for p in found), f"{what}: {found}"


# --------------------------------------------------------------------------------------------------- regressions
# Failures these properties found, shrunk by hand to a position a few choices away from the bug.


def assert_sound(game: Game) -> None:
    found = problems(game.state, game.decision)
    assert found == [], "invariants broken:\n  " + "\n  ".join(found)
    out_of_date = stale(game)
    assert out_of_date is None, out_of_date


def rigged_with_f10(mouse: str, place: str) -> tuple[Game, int, str]:
    """A 2-player game at a Tick boundary where blue holds favor F10 (Spend 1 -> Scamp), ``mouse`` has one
    tile to spend and stands at ``place`` ("hand" or "inner"; inner means the next Tick's number).
    Returns the game, the next Tick's number and the spare tile."""
    pos = Game.new(2, seed=1).position()
    n = pos["minute"] % 12 + 1
    blue = pos["boards"]["blue"]
    pos["favors"]["deck"] = [f for f in pos["favors"]["deck"] if f != "F10"] + blue["favors"]
    blue["favors"] = ["F10"]
    spare = pos["bag"].pop()
    blue["cards"][mouse.partition(".")[2]] = [spare]
    if place == "hand":
        pos["mice"][mouse] = "hand"
        pos["hand"] = [mouse]
    else:
        pos["mice"][mouse] = f"inner {n}"
    return Game.from_position(pos), n, spare


def answer(game: Game, *choices: str) -> None:
    for choice in choices:
        game.choose(choice)
        assert_sound(game)


def test_a_scamp_that_teleports_itself_from_the_hand_ends_its_hand_activation() -> None:
    """R88, R88b, R95a: the Scamp on the minute hand plays F10 and teleports itself to an outer space; once
    that resolves, it is not asked to stay on or jump off the hand it has left (this crashed in jump_off:
    list.remove on the hand). Then the game plays on soundly to the end of the round."""
    game, n, spare = rigged_with_f10("blue.scamp", "hand")
    assert (game.decision.kind, game.decision.context["mouse"]) == ("hand_mouse", "blue.scamp")
    answer(game, "favor:F10", f"pay:{spare}")
    target = next(int(c[6:]) for c in game.choice_ids if c.startswith("scamp:") and int(c[6:]) != n)
    answer(game, f"scamp:{target}")
    while game.decision.context.get("mouse") == "blue.scamp" and game.decision.kind in ("claim", "action"):
        answer(game, "skip_claim" if game.decision.kind == "claim" else "decline")
    assert game.state.loc["blue.scamp"] == ("outer", target) and game.state.hand == []
    assert not (game.decision.kind == "hand_mouse" and game.decision.context["mouse"] == "blue.scamp")
    rng = random.Random(0)
    while not game.over and game.state.round == 1:
        answer(game, rng.choice(game.choice_ids))


def test_a_leaf_tile_claimed_by_a_teleported_scamp_is_not_claimed_again() -> None:
    """R58, R88, R95a: the Scurrier enters a leaf, plays F10 during its claim, the Scamp teleports to the same
    space and claims the tile; the Scurrier is not then asked to claim it too (it used to copy the tile onto
    its own card, one tile in two places, R1)."""
    game, n, spare = rigged_with_f10("blue.scurrier", "inner")
    tile = game.state.leaves[n]
    assert tile is not None
    answer(game, "move_out")
    assert game.decision.kind == "claim" and "favor:F10" in game.choice_ids
    answer(game, "favor:F10", f"pay:{spare}", f"scamp:{n}", "claim:blue.scamp")
    assert tile in game.state.player("blue").cards["scamp"] and game.state.leaves[n] is None
    while game.decision.context.get("mouse") == "blue.scamp" and game.decision.kind == "action":
        answer(game, "decline")
    assert not (game.decision.kind == "claim" and game.decision.context["mouse"] == "blue.scurrier")
    assert tile not in game.state.player("blue").cards["scurrier"]
    rng = random.Random(0)
    while not game.over and game.state.round == 1:
        answer(game, rng.choice(game.choice_ids))

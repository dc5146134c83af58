"""Every reproduction of issue 20's "What was found", replayed: each must now be refused, hidden or kept."""

from __future__ import annotations

import json

import pytest

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core.protocol import SEALED, PositionError, SaveError
from hickory_widget.mice import MiceGame


def test_R120_R121_Q10_the_solo_scratch_keeps_its_mice_in_their_ring_whatever_paw_flight_inner_says(quiet) -> None:
    """R120: the scratched mice move on in the same ring. Q10's ``paw_flight_inner`` rules the round-end flight
    (R106) only, which the solo game replaces (R121): an outer mouse stays outer, as without the option."""
    for inner in (False, True):
        pos = quiet(["blue"], minute=4, park="outer 10").hour(8)
        pos.data["options"]["paw_flight_inner"] = inner
        pos.paws(5, 3).hand("blue.spotter").mouse("blue.scavenger", "outer 7")
        pos.tile("red key", "blue.scavenger").tile("green key", "blue.scavenger")
        game = pos.force("die", 7).game()
        assert game.decision.kind == "scratch_discard" and game.decision.context["number"] == 7
        game.choose(f"discard:{game.state.card('blue.scavenger')[0]}")
        assert game.state.loc["blue.scavenger"] == ("outer", 8), f"paw_flight_inner={inner}"
        fled = [e for e in game.events if e["kind"] == "mouse_fled"]
        assert fled[-1]["ring"] == "outer" and fled[-1]["rules"] == ["R120"]


def _mice_position(committed: str) -> dict:
    g = MiceGame.new(players=3, seed=1)
    pos = g.position()
    p1 = pos["colours"]["P1"]
    pos["hands"]["P1"].remove(f"{committed}.{p1}")
    pos["committed"] = {"P1": f"{committed}.{p1}"}
    return pos


def test_M7_a_face_down_card_in_a_position_is_not_given_to_the_other_seats() -> None:
    """A position with P1's card face down: P2's save, copy and bots are the same whichever card it is."""
    games = [MiceGame.from_position(_mice_position(c)) for c in ("elephant.4", "mouse.1")]
    assert games[0].to_json() != games[1].to_json()
    saves = [g.to_json(seat="P2") for g in games]
    assert saves[0] == saves[1]
    copies = [g.seat_game("P2") for g in games]
    assert copies[0].to_json() == copies[1].to_json() and copies[0].position(live=True) == copies[1].position(live=True)
    from hickory_widget.core.bots import GreedyBot, decide
    assert decide(games[0], GreedyBot(1)) == decide(games[1], GreedyBot(1))
    again = MiceGame.from_position(games[0].position())  # the position round trip keeps the card, for the referee
    assert again.to_json(seat="P2") == saves[0]


def test_C8_a_card_discarded_face_down_is_not_given_to_the_others() -> None:
    def after(discard: str) -> ClocktowersGame:
        g = ClocktowersGame.new(players=2, seed=4)
        g.choose(f"discard:{discard}")
        g.choose("draw:floors")
        return g

    a, b = after("floor1.cats.1"), after("clock.mice.1")
    assert a.to_json() != b.to_json()
    assert a.to_json(seat="P2") == b.to_json(seat="P2")
    assert a.history_for("P2")[0] == SEALED and "card" not in a.events_for("P2")[-3]
    assert a.seat_game("P2") is not a and a.seat_game("P2").to_json() == b.seat_game("P2").to_json()
    assert a.events_for("P1") == a.events  # P1 knows its own discard


@pytest.mark.parametrize("make", [lambda: ClocktowersGame.new(players=3, seed=9),
                                  lambda: MiceGame.new(players=3, seed=9)])
def test_a_seat_save_holds_no_generator_state_and_no_seed(make) -> None:
    game = make()
    for _ in range(5):
        game.choose(game.choice_ids[0])
    save = json.loads(game.to_json(seat="P2"))
    assert "setup" not in save["origin"]  # the seed would re-deal every deck
    position = save["origin"]["position"]
    other = make()
    other._state.rng ^= 0x5555  # another generator, the same table
    for entry in game.history:
        other.choose(entry)
    assert position == json.loads(other.to_json(seat="P2"))["origin"]["position"]


def test_card_game_positions_are_bounded_and_typed_so_what_is_accepted_saves_and_loads() -> None:
    base = ClocktowersGame.new(players=2, seed=1).position()
    for field, value in (("rng", 2**70), ("rng", -1), ("next_tower", 10**9), ("completed", True)):
        with pytest.raises(PositionError, match=field):
            ClocktowersGame.from_position({**base, field: value})
    with pytest.raises(PositionError, match="forced"):
        ClocktowersGame.from_position({**base, "forced": {}})
    with pytest.raises(PositionError, match="player names"):
        ClocktowersGame.from_position({**base, "players": ["P1", "x" * 500]})
    mice = MiceGame.new(players=3, seed=1).position()
    with pytest.raises(PositionError, match="forced"):
        MiceGame.from_position({**mice, "forced": {}})
    with pytest.raises(PositionError, match="round"):
        MiceGame.from_position({**mice, "round": 10**30})
    with pytest.raises(PositionError, match=r"committed\.P1"):
        MiceGame.from_position({**_mice_position("elephant.4"), "committed": {"P1": "?"}})
    with pytest.raises(PositionError, match="phase 'over'"):
        MiceGame.from_position({**mice, "phase": "over"})
    g = ClocktowersGame.from_position({**base, "rng": 2**64 - 1})
    assert ClocktowersGame.from_json(g.to_json()).to_json() == g.to_json()


def test_a_seat_save_with_a_card_in_place_of_sealed_or_a_sealed_redo_is_refused() -> None:

    g = ClocktowersGame.new(players=2, seed=1)
    g.choose("discard:floor1.cats.1")  # P1 still draws: P2's copy holds the discard sealed
    save = json.loads(g.to_json(seat="P2"))
    assert save["history"] == [SEALED]
    card = g.seat_game("P2").history_for(None)[0]
    drawn = next(c for c in save["origin"]["position"]["hands"]["P1"]
                 if f"discard:{c}" != card)  # another card of P1's hand in the copy
    referee = ClocktowersGame.from_position(save["origin"]["position"])
    referee.choose(f"discard:{drawn}")
    forged = {**save, "history": [f"discard:{drawn}"], "state_sha256": referee._digest()}
    with pytest.raises(SaveError, match=r"history\[0\]"):
        ClocktowersGame.from_json(json.dumps(forged))
    with pytest.raises(SaveError, match="redo"):
        ClocktowersGame.from_json(json.dumps({**save, "redo": [SEALED]}))
    g.undo()
    with pytest.raises(SaveError, match="redo"):
        ClocktowersGame.from_json(json.dumps({**json.loads(g.to_json()), "redo": [SEALED]}))


def test_redo_is_all_or_nothing_when_the_rules_fail(monkeypatch) -> None:
    from hickory_widget.clocktowers.rules import flow
    from hickory_widget.core.doors import EngineError

    g = ClocktowersGame.new(players=2, seed=3)
    g.choose(g.choice_ids[0])
    g.choose(g.choice_ids[0])
    g.undo()
    before = (g.to_json(), g.history, g.can_redo)

    def broken(*args, **kwargs):
        raise RuntimeError("planted")

    monkeypatch.setattr(flow, "apply_draw", broken)
    with pytest.raises(EngineError):
        g.redo()
    monkeypatch.undo()
    assert (g.to_json(), g.history, g.can_redo) == before
    g.redo()
    assert len(g.history) == 2


@pytest.mark.patches_engine  # it traces redo line by line: compiled code has no Python lines to trace
def test_redo_is_all_or_nothing_when_interrupted_at_any_line(monkeypatch) -> None:
    """An interrupt (Ctrl-C in a notebook) may land on any line of redo: afterwards the game is either redone or
    exactly as before, never applied with the entry still waiting in its redo list."""
    import sys

    from hickory_widget.core import runner

    code = runner.GameRunner.redo.__code__
    lines = sorted({line for _, _, line in code.co_lines() if line is not None and line > code.co_firstlineno})
    assert len(lines) >= 5
    for target in lines:
        g = ClocktowersGame.new(players=2, seed=3)
        g.choose(g.choice_ids[0])
        g.choose(g.choice_ids[0])
        g.undo()
        before = (g.to_json(), g.history, g.can_redo)
        fired = []

        def tracer(frame, event, arg, target=target, fired=fired):
            if frame.f_code is code:
                if event == "line" and frame.f_lineno == target and not fired:
                    fired.append(target)
                    raise KeyboardInterrupt
                return tracer
            return None

        sys.settrace(tracer)
        try:
            g.redo()
        except KeyboardInterrupt:
            pass
        finally:
            sys.settrace(None)
        after = (g.to_json(), g.history, g.can_redo)
        redone = len(g.history) == 2 and not g.can_redo
        assert after == before or redone, f"an interrupt at line {target} of redo left the game half-changed"

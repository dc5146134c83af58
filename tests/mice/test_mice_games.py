"""Whole games of Mice! by bots for 3 to 6 players, with invariants checked after every choice; exact undo, redo,
save and load; illegal plays refused clearly; nothing hidden shows before the reveal."""

from __future__ import annotations

import json

import pytest

from hickory_widget.core import IllegalChoice, SaveError
from hickory_widget.core.bots import GreedyBot, RandomBot, play
from hickory_widget.mice import MiceGame
from hickory_widget.mice.board import view
from hickory_widget.mice.positions.information import unplayed
from hickory_widget.mice.rules.state import HIDDEN
from hickory_widget.mice.words.labels import event_text


def check_invariants(g: MiceGame) -> None:
    """Every card in exactly one place; equal cards left to play; no face-down card named in any event before its
    reveal; a seat's copy never holds another player's face-down card."""
    s = g.state
    places = [*s.centre, *s.out, *(c for h in s.hands.values() for c in h), *s.committed.values(),
              *(c for p in s.piles.values() for c in p)]
    assert len(places) == len(set(places)) == 16 * len(s.players) + 4
    left = {len(s.hands[p]) + (p in s.committed) for p in s.players}
    assert len(left) == 1
    hidden = set(s.committed.values())
    for e in g.events:
        text = json.dumps(e)
        assert not any(c in text for c in hidden), e
    if g.decision is not None and s.committed:
        me = g.decision.player
        seen = g.seat_game(me)
        for p in s.committed:
            if p != me:  # face down: the seat's copy draws it anew among that player's unplayed cards
                assert unplayed(seen.state, p) == unplayed(s, p) and seen.state.committed[p] in unplayed(s, p)
        assert all(h == "sealed" or h.startswith("play:") for h in seen.history)
        for viewer in (me, None):  # the widget's view model for the decider's seat, and for nobody (a curtain)
            shown = json.dumps([view.board(g, "en", viewer, False), view.log(g, "de")])
            assert not [c for p, c in s.committed.items() if p != viewer and c in shown]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_play_whole_games_and_every_card_is_accounted_for(players: int, kind: str) -> None:
    g = MiceGame.new(players=players, seed=players * 7)
    make = RandomBot if kind == "random" else GreedyBot
    bots = {p: (make(i) if i % 2 == 0 else RandomBot(100 + i)) for i, p in enumerate(g.state.players)}
    made = play(g, bots, after=check_invariants)
    assert g.over and made == 16 * players
    assert all(not h for h in g.state.hands.values()) and g.state.centre == []
    assert sum(g.scores.values()) + sum(int(c.split(".")[1]) for c in g.state.out) == 40 * players + 10
    assert g.events[-1]["kind"] == "game_end"
    for e in g.events:
        assert event_text(e, "it") and event_text(e, "de")


def test_undo_redo_save_and_load_are_exact_mid_round() -> None:
    g = MiceGame.new(players=4, seed=9)
    play(g, {p: RandomBot(i) for i, p in enumerate(g.state.players)}, limit=22)
    assert g.state.committed  # mid-round: two cards face down
    saved, events = g.to_json(), g.events
    for _ in range(7):
        g.undo()
    for _ in range(7):
        g.redo()
    assert (g.to_json(), g.events) == (saved, events)
    loaded = MiceGame.from_json(saved)
    assert loaded.to_json() == saved and loaded.events == events and loaded.decision == g.decision
    tampered = json.loads(saved)
    tampered["history"][3] = "play:elephant.1" if tampered["history"][3] != "play:elephant.1" else "play:mouse.4"
    with pytest.raises(SaveError):
        MiceGame.from_json(json.dumps(tampered))


def test_a_seat_save_before_the_reveal_is_the_same_whatever_the_others_placed_face_down() -> None:
    saves = []
    for first, second in (("mouse.4", "elephant.2"), ("cat.1", "dog.3")):
        g = MiceGame.new(players=3, seed=1)
        g.choose(f"play:{first}")
        g.choose(f"play:{second}")
        saves.append(g.to_json(seat="P3"))
    assert saves[0] == saves[1]  # M7: P3 cannot know what P1 and P2 placed, so its save cannot either
    mine = MiceGame.from_json(saves[0])
    assert mine.seat == "P3" and set(mine.state.committed) == {"P1", "P2"} and HIDDEN not in mine.state.committed
    assert mine.to_json() == saves[0]
    mine.choose("play:cat.1")  # the copy is a whole game: the cards drawn for P1 and P2 turn up
    assert any(e["kind"] == "revealed" for e in mine.events)
    g.choose("play:cat.1")
    after = MiceGame.from_json(g.to_json(seat="P3"))  # once revealed, the table is public
    assert (after.state.piles, after.state.centre, after.state.hands) == (g.state.piles, g.state.centre, g.state.hands)


def test_an_illegal_play_is_refused_and_says_what_is_legal() -> None:
    g = MiceGame.new(players=3, seed=1)
    g.choose("play:cat.3")
    with pytest.raises(IllegalChoice, match=r"'play:cat\.5' is not a legal choice for P2's decision .*"
                                            r"Legal now: play:elephant\.1 \(Elephant 1\)"):
        g.choose("play:cat.5")
    g.choose("play:cat.3")
    g.choose("play:dog.1")
    with pytest.raises(IllegalChoice, match=r"'play:cat\.3' is not a legal choice for P1's decision"):
        g.choose("play:cat.3")  # already played
    with pytest.raises(IllegalChoice, match="forceable outcomes: none in this game"):
        g.force("die", 3)


def test_a_malformed_position_is_refused_saying_what_is_wrong() -> None:
    with pytest.raises(ValueError, match=r"hands\.P1 holds only the red set"):
        MiceGame.from_position({"players": ["P1", "P2", "P3"], "hands": {"P1": ["cat.1.blue"]}})
    with pytest.raises(ValueError, match=r"is not a Mice! card id"):
        MiceGame.from_position({"players": ["P1", "P2", "P3"], "centre": ["lion.2.red"]})
    with pytest.raises(ValueError, match="as many cards left to play"):
        MiceGame.from_position({"players": ["P1", "P2", "P3"], "hands": {"P1": ["cat.1.red"]}})
    with pytest.raises(ValueError, match="Mice! is for 3 to 6 players"):
        MiceGame.new(players=2)


@pytest.mark.parametrize("first", ["play:cat.4", "play:mouse.1", "play:elephant.3"])
def test_bots_and_what_if_answer_the_same_whatever_the_hidden_card(first: str) -> None:
    """P2 decides after P1 placed a card face down: the greedy bot's pick and the what-if figures are the same
    whichever card P1 placed, so neither reads it."""
    from hickory_widget.core.bots import decide
    from hickory_widget.core.whatif import SerialExecutor, compare

    g = MiceGame.new(players=3, seed=4)
    g.choose(first)
    pick = decide(g, GreedyBot(5))
    options = ["play:dog.4", "play:cat.1"]
    outlooks = compare(g, options, playouts=3, seed=2, executor=SerialExecutor(), progress=False).rows
    reference = MiceGame.new(players=3, seed=4)
    reference.choose("play:dog.2")
    assert pick == decide(reference, GreedyBot(5))
    assert outlooks == compare(reference, options, playouts=3, seed=2, executor=SerialExecutor(), progress=False).rows
    assert g.history == [first]

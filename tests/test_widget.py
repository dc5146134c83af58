"""The widget without a browser: its traits after each change, and intents applied or refused.

The browser sends intents with the version of the board it showed; the tests send the same messages."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hickory_widget import Game
from hickory_widget.hickory.widget import HickoryWidget


def send(w: HickoryWidget, **content: Any) -> None:
    w._on_msg(w, content, [])


@pytest.fixture
def widget() -> HickoryWidget:
    return HickoryWidget(Game.new(4, seed=1))


def test_the_view_trait_shows_the_game_and_its_legal_choices(widget: HickoryWidget) -> None:
    view = widget.view
    assert view["version"] == 1 and widget.error == ""
    assert [c["id"] for c in view["decision"]["choices"]] == widget.game.choice_ids
    assert view["decision"]["prompt"] == widget.game.decision.prompt
    assert view["clock"]["minute"] == widget.game.state.minute
    assert {p["color"] for p in view["players"]} == {"blue", "yellow", "red", "brown"}


def test_a_choice_intent_advances_the_game_and_the_version(widget: HickoryWidget) -> None:
    first = widget.game.choice_ids[0]
    send(widget, type="choose", id=first, version=1)
    assert widget.error == ""
    assert widget.game.history == [first]
    assert widget.view["version"] == 2 and widget.view["can_undo"] is True


def test_a_stale_intent_is_refused_visibly_and_changes_nothing(widget: HickoryWidget) -> None:
    send(widget, type="choose", id=widget.game.choice_ids[0], version=1)
    before = widget.game.to_json()
    send(widget, type="choose", id=widget.game.choice_ids[0], version=1)  # a second click on the old board
    assert "older board" in widget.error and "version 1" in widget.error and "version 2" in widget.error
    assert widget.game.to_json() == before and widget.view["version"] == 2


@pytest.mark.parametrize("content", [{"type": "fly"}, {"nothing": 1}, {"type": None}])
def test_a_malformed_intent_is_refused_with_what_is_understood(widget: HickoryWidget, content: dict) -> None:
    before = widget.game.to_json()
    send(widget, **content)
    assert "does not understand" in widget.error and "choose" in widget.error
    assert widget.game.to_json() == before


def test_an_illegal_choice_is_refused_with_the_legal_ones(widget: HickoryWidget) -> None:
    """The banner names the legal options by the labels the player sees, never by internal ids."""
    send(widget, type="choose", id="fly_to_the_moon", version=1)
    assert "not one of the choices now" in widget.error
    assert all(c.label in widget.error for c in widget.game.choices)
    assert not any(c in widget.error for c in widget.game.choice_ids if ":" in c)
    assert "fly_to_the_moon" not in widget.error
    assert widget.game.history == []


def test_undo_and_redo_intents(widget: HickoryWidget) -> None:
    first = widget.game.choice_ids[0]
    send(widget, type="choose", id=first, version=1)
    send(widget, type="undo", version=2)
    assert widget.game.history == [] and widget.view["can_redo"] is True
    send(widget, type="redo", version=3)
    assert widget.game.history == [first]
    send(widget, type="redo", version=4)
    assert "Nothing to redo" in widget.error


def test_bots_take_their_seats_until_a_human_must_decide() -> None:
    w = HickoryWidget(Game.new(2, seed=3), seats={"yellow": "greedy"})
    assert w.game.decision.player == "blue"  # yellow's decisions were all taken by its bot
    for _ in range(40):
        send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"])
        assert w.game.over or w.game.decision.player == "blue"
    with pytest.raises(ValueError, match="seat kind for blue must be one of human, random, eager, greedy, mcts"):
        w.set_seats({"blue": "clever"})


def test_play_on_to_the_end_of_the_tick_and_of_the_game(widget: HickoryWidget) -> None:
    minute = widget.game.state.minute
    send(widget, type="play", until="tick", version=1)
    assert widget.game.state.minute != minute and widget.error == ""
    widget.play("end")
    assert widget.game.over and widget.view["over"] and widget.view["standings"]


def test_new_game_intent(widget: HickoryWidget) -> None:
    send(widget, type="new_game", players=2, seed=9, version=1)
    assert widget.game.state.colors == ["blue", "yellow"] and widget.game.history == []


def test_an_exception_in_a_callback_is_shown_not_lost(widget: HickoryWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user reads one short sentence (issue 8: never a traceback); the traceback goes to the developer log."""
    def broken(_choice: str) -> None:
        raise RuntimeError("the cat ate the engine")

    legal = widget.game.choice_ids[0]
    monkeypatch.setattr(widget.game, "choose", broken)
    send(widget, type="choose", id=legal, version=1)
    assert "developer log" in widget.error and "Traceback" not in widget.error and "\n" not in widget.error
    assert "RuntimeError: the cat ate the engine" in widget.developer_log[-1]


def test_toggles_and_the_game_shortcut() -> None:
    w = Game.new(1, seed=2).widget()
    assert isinstance(w, HickoryWidget) and w.animate is True
    send(w, type="toggle", name="animate")
    assert w.animate is False
    send(w, type="toggle", name="everything")
    assert "no setting 'everything'" in w.error and w.animate is False
    # the refusal names the settings as the panel does, in the widget's language, never by their code names
    for lang, labels in (("en", ("show secrets", "projector (large print)", "expected margins")),
                         ("it", ("mostra i segreti", "proiettore (caratteri grandi)", "margini attesi")),
                         ("de", ("Geheimes zeigen", "Beamer (große Schrift)", "erwartete Abstände"))):
        w.language = lang
        send(w, type="toggle", name="everything")
        assert all(label in w.error for label in labels), w.error
        assert "show_secrets" not in w.error and "show_margins" not in w.error, w.error


def test_the_front_end_is_one_module_with_a_default_export() -> None:
    esm = str(HickoryWidget._esm)  # the esbuild bundle (tests/test_frontend.py: every widget's)
    assert len(re.findall(r"\bas default\b", esm)) == 1  # minified or not
    assert not re.search(r"^\s*import\s", esm, re.M)


def test_why_cant_i_answers_for_a_space_under_a_cat_paw() -> None:
    """R111 and the "why can't I?" question: a Scurrier on the hand at 4 with a paw on 5 cannot leap there; a click
    on outer 5 asks why, and the answer names the paw and the rule, in the widget's language."""
    from hickory_widget import Position

    pos = Position(["blue", "red"], seed=5).empty_leaves().no_favors().minute(3).paws(5)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "inner 11")
    w = HickoryWidget(pos.mouse("blue.scurrier", "hand").game())
    before = w.game.to_json()
    send(w, type="why", target={"type": "outer", "number": 5})
    assert "cat paw" in w.explanation and "R111" in w.explanation
    send(w, type="why", target={"type": "outer", "number": 8})
    assert "R89" in w.explanation  # out of a Scurrier's reach
    w.language = "de"
    send(w, type="why", id="leap:5")
    assert "Katzentatze" in w.explanation
    assert w.game.to_json() == before  # asking changes nothing
    send(w, type="choose", id="stay", version=w.view["version"])
    assert w.explanation == ""


def _quiet(minute: int = 3) -> Any:
    from hickory_widget import Position

    pos = Position(["blue", "red"], seed=5).empty_leaves().no_favors().minute(minute)
    for m in list(pos.data["mice"]):
        if not m.endswith(".scamp"):
            pos.mouse(m, "inner 11")
    return pos


def test_why_cant_i_on_inner_spaces_R46_R108() -> None:
    """R46: a Spotter on inner 4 must leave; a click on its own inner space asks why it cannot stay. R108: in
    play no option moves a mouse onto another inner space; the answer says so and lists what is legal."""
    w = HickoryWidget(_quiet().mouse("blue.spotter", "inner 4").game())
    assert w.game.decision.kind == "inner_mouse"
    before = w.game.to_json()
    send(w, type="why", target={"type": "inner", "number": 4})
    assert "R46" in w.explanation and "may not stay" in w.explanation
    send(w, type="why", target={"type": "inner", "number": 7})
    assert "inner space 7" in w.explanation and "R108" in w.explanation and "What you can do" in w.explanation
    w.language = "it"
    send(w, type="why", target={"type": "inner", "number": 7})
    assert "casella interna 7" in w.explanation
    assert w.game.to_json() == before


def test_why_cant_i_on_inner_spaces_in_the_advanced_setup_R123() -> None:
    """R123: in the advanced set-up no mouse starts at 12 or 1; a click on inner 1 says why."""
    w = HickoryWidget(Game.new(2, seed=1, advanced=True))
    assert w.game.decision.kind == "place_mouse"
    assert not any(c.endswith(":1") for c in w.game.choice_ids)
    send(w, type="why", target={"type": "inner", "number": 1})
    assert "R123" in w.explanation and "start at 1" in w.explanation


def test_why_cant_i_on_action_boxes_R57_R70_R73() -> None:
    """R70/R73: a Spotter that jumped off at 4 (Market) holds no tile to pay: a click on the action box of 4 says
    the cost cannot be paid. R57: the action box of another number is not its to use."""
    w = HickoryWidget(_quiet().token(4, "T-MARKET").mouse("blue.spotter", "hand").favor("blue", "F07").game())
    send(w, type="choose", id="jump_off", version=w.view["version"])
    assert w.game.decision.kind == "action" and "act:0" not in w.game.choice_ids
    send(w, type="why", target={"type": "action", "number": 4})
    assert "R73" in w.explanation and "cost" in w.explanation
    send(w, type="why", target={"type": "action", "number": 9})
    assert "R57" in w.explanation and "actions at 9" in w.explanation
    w.language = "de"
    send(w, type="why", target={"type": "action", "number": 9})
    assert "Aktionen der 9" in w.explanation


@pytest.mark.parametrize("target", [
    {"type": "mouse", "number": 4}, {"type": "inner"}, {"type": "action", "number": 0}, {"type": "inner", "number": 13},
    {"type": "outer", "number": 5, "extra": 1}, {"type": "inner", "number": "4"}, {"type": "action", "number": True},
])
def test_a_why_target_outside_the_spec_is_refused_and_changes_nothing(target: dict[str, Any]) -> None:
    """The why intent names exactly {type: outer | inner | action, number: 1..12}; anything else is refused."""
    w = HickoryWidget(_quiet().mouse("blue.spotter", "inner 4").game())
    before = w.game.to_json()
    send(w, type="why", target=target)
    assert w.error and w.explanation == "" and w.game.to_json() == before


# ------------------------------------------------------------------------------------------------ issue 9
def human_seat_decides(w: HickoryWidget) -> bool:
    return w.game.over or w.seats.get(w.game.decision.player, "human") == "human"


def test_play_to_the_end_of_the_round_stops_only_at_a_human_seat() -> None:
    """Bots play through after a play button: Brown is a bot, so the round's end never leaves Brown deciding."""
    w = HickoryWidget(Game.new(4, seed=1))
    w.set_seats({"yellow": "greedy", "red": "random", "brown": "greedy"})
    assert w.seats == {"yellow": "greedy", "red": "random", "brown": "greedy"}
    for until in ("activation", "tick", "round"):
        send(w, type="play", until=until, version=w.view["version"])
        assert w.error == "" and human_seat_decides(w)
        assert w.view["decision"] is None or w.view["decision"]["player"] == "blue"


def test_the_seats_trait_is_what_the_menus_show_and_set() -> None:
    """The seat menus send a "bots" intent; Python answers by setting the synced ``seats`` trait, which the menus
    draw; setting the trait from Python makes the bots play at once."""
    w = HickoryWidget(Game.new(4, seed=1))
    send(w, type="bots", seats={"blue": "human", "yellow": "greedy", "red": "greedy", "brown": "greedy"},
         version=w.view["version"])
    assert w.seats == {"yellow": "greedy", "red": "greedy", "brown": "greedy"}  # human is the default
    assert human_seat_decides(w)
    w.seats = {"blue": "greedy", "yellow": "greedy", "red": "greedy", "brown": "human"}
    assert w.game.decision.player == "brown"
    send(w, type="bots", seats={"green": "greedy"}, version=w.view["version"])
    assert "seats" in w.error and "green" in w.error and "Traceback" not in w.error and w.seats["blue"] == "greedy"


def test_undo_and_redo_step_by_human_decisions_when_bots_are_seated() -> None:
    w = HickoryWidget(Game.new(4, seed=1), seats={"yellow": "greedy", "red": "greedy", "brown": "greedy"})
    for _ in range(3):
        send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"])
    before_last = None
    history = w.game.history
    # the last human (blue) choice: the decision before it was blue's
    probe = Game.from_json(w.game.to_json())
    while probe.can_undo:
        probe.undo()
        if probe.decision.player == "blue":
            before_last = len(probe.history)
            break
    send(w, type="undo", version=w.view["version"])
    assert w.error == "" and len(w.game.history) == before_last and w.game.decision.player == "blue"
    send(w, type="redo", version=w.view["version"])
    assert w.game.history == history and w.game.decision.player == "blue"


def test_undo_before_any_human_decision_says_so_and_changes_nothing() -> None:
    w = HickoryWidget(Game.new(2, seed=3), seats={"blue": "greedy"})
    assert w.game.decision.player == "yellow" and w.game.history  # blue's bot moved first
    history = w.game.history
    send(w, type="undo", version=w.view["version"])
    assert "only bots have decided" in w.error and w.game.history == history


def test_a_change_made_from_python_redraws_and_refuses_a_click_on_the_old_board() -> None:
    """R-free plumbing: the game is changed behind the widget's back (as a notebook cell does); after the cell
    the board is redrawn with a new version, and a click made on the picture before is refused."""
    w = HickoryWidget(Game.new(4, seed=1))
    version = w.view["version"]
    w.game.choose(w.game.choice_ids[0])
    stale = w.game.to_json()
    send(w, type="choose", id=w.game.choice_ids[0], version=version)
    assert "changed since this board was drawn" in w.error and "another board" in w.error
    assert w.game.to_json() == stale and w.view["version"] > version
    assert w.view["steps"] == 1
    w.game.undo()
    w._sync()  # what the post_run_cell hook does after each cell
    assert w.view["steps"] == 0 and w.view["can_redo"] is True
    w.game = Game.new(2, seed=4)
    assert [p["color"] for p in w.view["players"]] == ["blue", "yellow"]
    version = w.view["version"]
    w.refresh()
    assert w.view["version"] == version + 1


def test_the_output_carries_the_board_as_a_static_svg() -> None:
    w = HickoryWidget(Game.new(4, seed=1))
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg") and "data-mouse" in data["image/svg+xml"]


def test_look_back_is_read_only_and_continue_from_here_branches() -> None:
    w = HickoryWidget(Game.new(4, seed=1))
    for _ in range(6):
        w.choose(w.game.choice_ids[0])
    history = w.game.history
    send(w, type="look", step=2, version=w.view["version"])
    assert w.view["looking"] == {"step": 2, "steps": 6} and w.view["decision"]["choices"] == []
    assert w.game.history == history  # looking changes nothing
    send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"])
    assert "looking back" in w.error and w.game.history == history
    send(w, type="look", step=99, version=w.view["version"])
    assert "from 0 to 6" in w.error
    send(w, type="continue", step=2, version=w.view["version"])
    assert w.game.history == history[:2] and w.view.get("looking") is None and w.view["can_redo"]
    send(w, type="redo", version=w.view["version"])
    assert w.game.history == history[:3]


def test_the_log_keeps_every_event_with_its_step_and_player() -> None:
    w = HickoryWidget(Game.new(4, seed=1))
    w.play("round")
    log = w.log
    assert "log" not in w.view  # the log travels in its own traits
    assert len(log) == len(w.game.events) > 40
    steps = [e["step"] for e in log]
    assert steps == sorted(steps) and steps[-1] == len(w.game.history)
    assert {e["group"] for e in log} <= {"moves", "tiles", "points", "favors", "clock"}
    assert any(e["player"] == "blue" for e in log)
    assert w.view["last"]["step"] == len(w.game.history)


def test_a_click_late_in_a_game_sends_only_the_new_log_entries_and_a_gap_gets_the_whole_log() -> None:
    """A click (a message from the browser) that only adds log entries sends those alone, numbered, and no state
    message for the tail; the front end that missed one asks ("log") and gets the pages and tail whole. A change
    made from Python sends the whole tail (a notebook's saved widget state holds the log)."""
    w = HickoryWidget(Game.new(4, seed=1), animate=False)
    for _ in range(3):
        w.play("round")
    out: list[dict] = []
    w._send = lambda msg, buffers=None: out.append(msg)  # what goes to the browser, state and custom messages
    deltas: list[dict] = []
    for _ in range(50):
        before, seq = len(w.log), w.log_seq
        out.clear()
        w._on_msg(w, {"type": "choose", "id": w.game.choice_ids[0], "version": w.view["version"]}, [])
        assert not w.error
        deltas = [m["content"] for m in out if m["method"] == "custom" and m["content"]["type"] == "log"]
        if deltas and len(w.log) > before:
            break
    states = [m["state"] for m in out if m["method"] == "update"]
    assert deltas == [{"type": "log", "seq": seq + 1, "at": before, "entries": w.log[before:]}]
    assert w.log_seq == seq + 1 and not any({"log_tail", "log_pages", "log_seq"} & set(s) for s in states)
    assert "view" in states[-1]
    out.clear()
    w._on_msg(w, {"type": "log", "version": 0}, [])
    assert [set(m["state"]) for m in out] == [{"log_pages", "log_tail", "log_seq"}]
    assert [e for page in out[0]["state"]["log_pages"] for e in page] + out[0]["state"]["log_tail"] == w.log
    out.clear()
    w.choose(w.game.choice_ids[0])  # from Python: the whole tail, as a state message
    sent = {name for m in out if m["method"] == "update" for name in m["state"]}
    assert "log_tail" in sent and not [m for m in out if m["method"] == "custom"]


def test_a_move_late_in_a_game_sends_the_board_and_the_log_tail_only() -> None:
    """The log is kept whole but sent in pages: a move changes the tail; the full pages stay the very same
    objects (traitlets sends only changed traits); every rule the log names is explained once, per language."""
    import json

    import hickory_widget
    from hickory_widget.hickory.widget import LOG_PAGE

    w = HickoryWidget(Game.new(4, seed=1), animate=False)
    w.play("round")
    w.play("round")
    w.play("round")
    assert len(w.log) > LOG_PAGE and len(w.log_tail) < LOG_PAGE
    sent = []
    w.observe(lambda change: sent.append(change["name"]),
              names=["view", "texts", "log_pages", "log_tail", "rule_texts"])
    for _ in range(50):  # a move that adds events without filling a page
        pages, before = w.log_pages, len(w.log)
        sent.clear()
        w.choose(w.game.choice_ids[0])
        if "log_pages" not in sent and len(w.log) > before:
            break
    assert w.log_pages == pages and "log_pages" not in sent and "log_tail" in sent and sent[-1] == "view"
    assert "texts" not in sent and "ui" not in w.view  # the words travel once per language
    assert len(w.log) == len(w.game.events)
    assert len(json.dumps(w.view)) < 64_000
    for lang in ("en", "it"):
        w.language = lang
        texts = w.rule_texts["texts"]
        assert w.rule_texts["lang"] == lang
        assert all(r in texts for e in w.log for r in e["rules"])
        assert all(text == hickory_widget.hickory.explain(r, lang) for r, text in texts.items())


def test_the_hello_intent_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    w = HickoryWidget(Game.new(1, seed=1))
    sent = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    send(w, type="hello")
    assert sent == [{"type": "alive"}] and w.error == ""


def test_the_widget_is_importable_from_the_package_without_the_engine_importing_jupyter() -> None:
    import subprocess
    import sys

    code = ("import sys, hickory_widget; assert 'ipywidgets' not in sys.modules and 'anywidget' not in sys.modules;"
            "from hickory_widget import HickoryWidget; print(HickoryWidget.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "hickory_widget.hickory.widget"


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_letters_on_the_board_are_unique_in_each_language(lang: str) -> None:
    from hickory_widget.hickory.words.i18n import catalog

    letters = {k: v for k, v in catalog(lang).items() if k.startswith("ui.letter.")}
    assert len(letters) == 10 and len(set(letters.values())) == 10, letters
    names = {k: catalog(lang)[k.replace("ui.letter.", "")] for k in letters}
    for key, letter in letters.items():  # the edition word's initial, or its letters in order
        word = iter(names[key].lower())
        assert all(ch in word for ch in letter.lower()), (key, letter, names[key])
    if lang == "de":
        assert letters["ui.letter.symbol.key"] == "S" and letters["ui.letter.symbol.button"] == "K"


def test_a_choice_that_performs_the_action_is_offered_on_the_action_box() -> None:
    w = HickoryWidget(Game.new(4, seed=1))
    for _ in range(400):
        d = w.view["decision"]
        if d is None or d["kind"] == "action":
            break
        w.choose(w.game.choice_ids[0])
    act = [c for c in w.view["decision"]["choices"] if c["id"].startswith("act")]
    assert act and act[0]["target"] == {"type": "action", "number": w.game.decision.context["number"]}


def test_the_shells_settings_work_on_hickory_as_on_every_game(widget: HickoryWidget) -> None:
    """The shell's projector checkbox, language menu and picture button send the shell's own intents: each takes
    effect (large print, every word in German, the board's SVG to download), and a malformed one changes nothing."""
    assert widget.projector is False and widget.view["languages"] == ["en", "it", "de"]
    send(widget, type="projector", on=True, version=1)
    assert widget.projector is True and widget.error == ""
    send(widget, type="language", lang="de", version=1)
    assert widget.language == "de" and widget.view["lang"] == "de" and widget.texts["ui.undo"] == "↶ Rückgängig"
    send(widget, type="picture", version=widget.view["version"])
    assert widget.picture["svg"].startswith("<svg") and widget.picture["name"].endswith(".svg")
    send(widget, type="language", lang="fr", version=widget.view["version"])
    assert widget.language == "de" and widget.error
    send(widget, type="projector", on="yes", version=widget.view["version"])
    assert widget.projector is True and widget.error

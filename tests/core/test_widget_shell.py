"""The widget shell's hooks (core/widget.py, docs/CORE.md section 6), shown on the real games: Clocktowers and Mice!
on the shell's front end, Hickory Dickory with its own front end on the same Python shell. What the shell does once
(intent checking, refusals in the user's language, the developer log, bot-aware undo, redraw after Python changed
the game) works the same for every game; what a game adds comes through a named hook."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

from hickory_widget import Game
from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.clocktowers.widget import ClocktowersWidget
from hickory_widget.core.intents import SHELL_INTENTS, Field, Intents, text
from hickory_widget.core.widget import SHELL, GameWidget
from hickory_widget.hickory.analysis import bots as hickory_bots
from hickory_widget.hickory.widget import HickoryWidget
from hickory_widget.hickory.words.i18n import t
from hickory_widget.mice import MiceGame


def send(w: GameWidget, **content: Any) -> None:
    w._on_msg(w, content, [])


def test_every_intent_a_widget_lists_needs_its_handler() -> None:
    """A kind in ``intents`` without ``intent_<kind>`` is a mistake found when the class is made, not at a click."""
    with pytest.raises(TypeError, match="intent_shout"):
        type("Loud", (ClocktowersWidget,), {"intents": {**SHELL_INTENTS, "shout": {"word": Field(text)}}})

    class Loud(ClocktowersWidget):
        intents: ClassVar[Intents] = {**SHELL_INTENTS, "shout": {"word": Field(text, required=True)}}

        def intent_shout(self, intent: dict[str, Any]) -> None:
            self.error = intent["word"].upper()

    w = Loud(ClocktowersGame.new(players=2, seed=1))
    send(w, type="shout", word="hello")
    assert w.error == "HELLO"
    send(w, type="shout", word=3)
    assert w.error.startswith("The field word of a shout message is missing or wrong (found 3)")


@pytest.mark.parametrize(("lang", "says"), [("en", "has no field colour"), ("it", "non ha il campo colour"),
                                            ("de", "hat kein Feld colour")])
def test_the_shell_checks_each_intent_against_its_table_and_refuses_in_the_users_language(lang: str,
                                                                                         says: str) -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget(language=lang)
    before = w.game.to_json()
    send(w, type="choose", id=w.game.choice_ids[0], version=w.view["version"], colour="red")
    assert says in w.error and w.game.to_json() == before
    send(w, type="undo", version=True)  # a bool is not a version
    assert "version" in w.error and w.game.to_json() == before
    send(w, type="language", lang="fr")
    assert "lang" in w.error and w.language == lang


def test_an_unexpected_failure_is_one_sentence_for_the_user_and_a_traceback_in_the_developer_log(
        monkeypatch: pytest.MonkeyPatch) -> None:
    w = MiceGame.new(players=3, seed=1).widget(pass_and_play=False)

    def broken(_choice: str) -> None:
        raise RuntimeError("the elephant sat on the engine")

    monkeypatch.setattr(w.game, "choose", broken)
    send(w, type="choose", id="play:cat.1", version=w.view["version"])
    assert w.error == SHELL.t("en", "shell.door.engine") and "Traceback" not in w.error
    assert w.developer_log[-1].startswith("Traceback") and "the elephant sat on the engine" in w.developer_log[-1]


def test_undo_over_bots_takes_back_the_human_decision_and_the_bots_moves_after_it() -> None:
    """Undo (``undo_over_bots``, every game) steps over the bots' moves back to the human's last decision; Redo puts
    them back. Clocktowers: P1's draw and the two bots' turns go back together; with only bots seated, or a game
    that steps, one move at a time."""
    hd = HickoryWidget(Game.new(3, seed=2), seats={"yellow": "greedy", "red": "random"})
    before = list(hd.game.history)  # red decides first: the bot has played up to blue's decision
    assert before and hd.game.decision.player == "blue"
    while len(hd.game.history) <= len(before) + 1:  # blue decides until a bot has moved after blue
        before = list(hd.game.history)
        hd.choose(hd.game.choice_ids[0])
    made = list(hd.game.history)
    assert hd.game.decision.player == "blue"
    hd.undo()
    assert hd.game.history == before and hd.game.decision.player == "blue"
    hd.redo()
    assert hd.game.history == made
    ct = ClocktowersGame.new(players=3, seed=2).widget(seats={"P2": "greedy", "P3": "random"})
    ct.choose(ct.game.choice_ids[0])  # P1 plays a card, then draws (C4): a turn is two decisions
    ct.choose(ct.game.choice_ids[0])
    assert len(ct.game.history) == 6 and ct.game.decision.player == "P1"
    ct.undo()
    assert len(ct.game.history) == 1 and ct.game.decision.player == "P1"  # P1's draw: P1's last decision
    ct.redo()
    assert len(ct.game.history) == 6
    send(ct, type="redo", version=ct.view["version"])
    assert ct.error == SHELL.t("en", "shell.door.nothing_to_redo")
    watch = ClocktowersGame.new(players=2, seed=2).widget(seats={"P1": "random", "P2": "greedy"})  # bots only
    played = len(watch.game.history)
    assert watch.game.over and played > 2
    watch.undo()
    assert len(watch.game.history) == played - 1 and not watch.game.over  # one move back


def test_undo_before_any_human_move_says_only_bots_have_decided() -> None:
    w = HickoryWidget(Game.new(2, seed=2), seats={"yellow": "greedy"}, language="it")  # yellow decides first
    history = list(w.game.history)
    assert history and w.game.decision.player == "blue"
    send(w, type="undo", version=w.view["version"])
    assert w.error == "Niente da annullare: finora hanno deciso solo i bot." and w.game.history == history


def test_a_game_words_the_shells_sentences_in_its_own_catalog() -> None:
    """The ``text`` hook: Hickory Dickory's catalog says "nothing to undo" its own way."""
    hickory, clocktowers = HickoryWidget(Game.new(2, seed=1)), ClocktowersGame.new(players=2, seed=1).widget()
    for w in (hickory, clocktowers):
        send(w, type="undo", version=w.view["version"])
    assert hickory.error == "Nothing to undo: no move has been made yet."
    assert clocktowers.error == SHELL.t("en", "shell.door.nothing_to_undo") == hickory.error


def test_bots_come_from_the_games_make_bot_hook() -> None:
    w = HickoryWidget(Game.new(2, seed=1), seats={"yellow": "greedy"})
    assert isinstance(w._bot("yellow"), hickory_bots.GreedyBot) and w._bot("blue") is None
    assert isinstance(w._bot("blue", default="random"), hickory_bots.RandomBot)
    assert w.players == ["blue", "yellow"]


def test_a_game_changed_from_python_is_redrawn_and_a_new_game_of_another_kind_is_refused() -> None:
    w = ClocktowersGame.new(players=3, seed=1).widget(seats={"P3": "greedy"})
    version = w.view["version"]
    w.game.choose(w.game.choice_ids[0])
    w.game.choose(w.game.choice_ids[0])
    w._sync()  # what runs after each notebook cell
    assert w.view["version"] == version + 1 and w.view["decision"]["player"] == "P2"
    w.game = ClocktowersGame.new(players=2, seed=5)
    assert w.seats == {} and w.view["players"] == ["P1", "P2"] and w.game.history == []
    with pytest.raises(TypeError, match=r"w\.game must be a hickory_widget ClocktowersGame, not Game"):
        w.game = Game.new(2, seed=1)


def test_redraw_on_names_the_traits_the_python_view_reads() -> None:
    """Both views hold hidden cards only when show_secrets is on (and allowed), so a change sends the view again."""
    ct = ClocktowersGame.new(players=2, seed=1).widget(allow_secrets=True)
    hd = HickoryWidget(Game.new(2, seed=1), allow_secrets=True)
    versions = ct.view["version"], hd.view["version"]
    ct.show_secrets = hd.show_secrets = True
    assert (ct.view["version"], hd.view["version"]) == (versions[0] + 1, versions[1] + 1)
    assert ct.view["secrets"] is True


def test_a_game_with_its_own_front_end_publishes_its_own_view() -> None:
    """Hickory sets ``_esm`` (its js/ modules, not the shell's) and ``publish`` (the log in pages, texts apart)."""
    assert Path(HickoryWidget._esm._path).name == "hickory.js"  # tests/test_frontend.py: what each bundle holds
    assert Path(ClocktowersWidget._esm._path).name == "clocktowers.js"
    w = HickoryWidget(Game.new(2, seed=1))
    assert "log" not in w.view and "ui" not in w.view and w.texts["ui.undo"] == t("en", "ui.undo")
    assert set(ClocktowersGame.new(players=2, seed=1).widget().view) >= {"log", "board", "texts", "seats"}


def test_the_picture_export_is_the_same_for_every_game(tmp_path: Any) -> None:
    w = HickoryWidget(Game.new(2, seed=1))
    svg = w.save_picture(tmp_path / "board.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg == w._repr_mimebundle_()[0]["image/svg+xml"]


def test_the_bots_answers_to_a_human_move_are_marked_recent() -> None:
    """After P1's move in Clocktowers the greedy P2 plays; the view names the log lines since P1's move, and a move
    with no bot to answer (or an undo) marks nothing."""
    from hickory_widget.clocktowers import ClocktowersGame

    game = ClocktowersGame.new(players=2, seed=4)
    w = game.widget(seats={"P2": "greedy"})
    assert w.view["recent_from"] is None
    w.choose(game.choice_ids[0])  # P1 plays; the draw is still P1's: no bot has answered yet
    assert w.view["recent_from"] is None or w.view["recent_from"] == len(w.view["log"])
    before = len(w.view["log"])
    w.choose(w.game.choice_ids[0])  # P1 draws; P2 plays and draws
    mark = w.view["recent_from"]
    recent = w.view["log"][mark:]
    assert mark > before and "P1" in w.view["log"][mark - 1]  # P1's own draw is not news to P1
    assert recent and all("P2" in line for line in recent)  # P2's play and draw
    assert w.game.decision.player == "P1"
    w.undo()
    assert w.view["recent_from"] is None

"""The card games' projector setting (issue 18, large print for a classroom): a synced ``projector`` trait on the
shell, set from Python or by the shell's checkbox (intent ``projector``); a malformed intent is refused in the user's
language and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.core.widget import SHELL, GameWidget
from hickory_widget.mice import MiceGame


def send(w: GameWidget, **content: Any) -> None:
    w._on_msg(w, content, [])


@pytest.mark.parametrize("make", [lambda **kw: ClocktowersGame.new(players=3, seed=1).widget(**kw),
                                  lambda **kw: MiceGame.new(players=3, seed=1).widget(**kw)],
                         ids=["clocktowers", "mice"])
def test_the_projector_is_set_from_python_and_by_its_checkbox(make: Any) -> None:
    assert make().projector is False
    w = make(projector=True)
    assert w.projector is True and "projector" in w.keys  # synced: the front end reads it
    before, version = w.game.to_json(), w.view["version"]
    send(w, type="projector", on=False, version=version)
    assert w.projector is False and w.error == ""
    send(w, type="projector", on=True)  # a setting, not a move: no version needed
    assert w.projector is True and w.error == ""
    assert w.game.to_json() == before  # the game is untouched


@pytest.mark.parametrize("lang", ["en", "it", "de"])
@pytest.mark.parametrize("content", [{"type": "projector", "on": "yes"}, {"type": "projector", "on": 1},
                                     {"type": "projector"}, {"type": "projector", "on": True, "size": 20}])
def test_a_malformed_projector_intent_is_refused_and_changes_nothing(lang: str, content: dict[str, Any]) -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget(language=lang)
    before, version = w.game.to_json(), w.view["version"]
    send(w, **content)
    assert w.error and "projector" in w.error  # names the message that was wrong
    assert w.projector is False and w.game.to_json() == before and w.view["version"] == version


def test_the_checkbox_label_is_in_every_language() -> None:
    labels = {lang: SHELL.t(lang, "shell.projector") for lang in ("en", "it", "de")}
    assert labels == {"en": "Projector (large print)", "it": "Proiettore (caratteri grandi)",
                      "de": "Beamer (große Schrift)"}
    w = MiceGame.new(players=3, seed=1).widget(language="de")
    assert w.view["texts"]["shell.projector"] == labels["de"]

"""The Mice! widget on the core shell, from Python: the view model never holds another seat's face-down card
before the reveal; pass-and-play hides every hand until the next player takes the screen; bots per seat; the
last reveal is described step by step; three languages; stale and wrong intents are refused."""

from __future__ import annotations

import json

import pytest
from mice_helpers import table

from hickory_widget.mice import MiceGame
from hickory_widget.mice.widget import MiceWidget


def hidden_cards(w: MiceWidget, viewer: str | None) -> list[str]:
    return [c for p, c in w.game.state.committed.items() if p != viewer]


def test_no_face_down_card_of_another_seat_is_in_the_view_model_before_the_reveal() -> None:
    w = MiceGame.new(players=4, seed=5).widget(pass_and_play=False)
    for face in ("mouse.4", "elephant.3", "cat.2"):
        w.choose(f"play:{face}")
        viewer = w.viewer
        text = json.dumps(w.view)
        # a card's id names its set; the unplayed hand of the viewer is in the view, the others' cards are not
        assert all(c not in text for c in hidden_cards(w, viewer))
        assert all(p["face_down"] is None for p in w.view["board"]["players"] if p["id"] != viewer)
        assert all(p["hand"] is None for p in w.view["board"]["players"] if p["id"] != viewer)
        assert all(json.dumps(c) not in json.dumps(w.view["log"]) for c in w.game.state.committed.values())
    w.choose("play:dog.1")
    last = w.view["board"]["last"]
    assert [p["card"]["name"] for p in last["plays"]] == ["Mouse 4", "Elephant 3", "Cat 2", "Dog 1"]
    assert [s["hunter"] for s in last["steps"]] == ["elephant", "dog", "cat", "mouse"]


def test_pass_and_play_hides_every_hand_until_the_next_player_takes_the_screen() -> None:
    w = MiceGame.new(players=3, seed=1).widget()
    assert w.view["curtain"] == "P1" and w.view["decision"]["choices"] == []
    assert all(p["hand"] is None for p in w.view["board"]["players"])
    with pytest.raises(ValueError, match="Only P1 may take the screen now, not P2"):
        w.ready("P2")
    w.ready("P1")
    assert w.view["curtain"] is None and len(w.view["decision"]["choices"]) == 16
    w.choose("play:cat.4")
    assert w.view["curtain"] == "P2" and all(p["hand"] is None for p in w.view["board"]["players"])
    assert "cat.4" not in json.dumps(w.view)
    w._handle({"type": "ready", "player": "P2", "version": w.view["version"]})
    hands = {p["id"]: p["hand"] for p in w.view["board"]["players"]}
    assert hands["P1"] is None and len(hands["P2"]) == 16


def test_bot_seats_play_their_secret_choices_and_a_stale_click_is_refused() -> None:
    w = MiceGame.new(players=3, seed=2).widget(seats={"P2": "greedy", "P3": "random"})
    w.ready("P1")
    stale = w.view["version"]
    w.choose("play:elephant.4")
    assert w.game.state.round == 2 and w.view["board"]["last"]["round"] == 1  # the bots played, all revealed
    assert w.view["curtain"] is None  # only one human: no screen to pass
    w._on_msg(w, {"type": "choose", "id": "play:cat.1", "version": stale})
    assert "older board" in w.error and w.game.state.round == 2
    w._on_msg(w, {"type": "choose", "id": "play:lion.9", "version": w.view["version"]})
    assert w.error.startswith("'play:lion.9' is not one of the options now, so nothing was done. Here you may choose:")


def test_behind_the_curtain_a_refused_choice_does_not_name_the_hand_of_the_player_to_come() -> None:
    """Hidden is hidden: while the screen waits for P1, a made-up click is refused without listing P1's cards."""
    w = MiceGame.new(players=3, seed=2).widget()
    assert w.view["curtain"] == "P1"
    before = w.game.to_json()
    w._on_msg(w, {"type": "choose", "id": "play:lion.9", "version": w.view["version"]})
    assert w.error == "'play:lion.9' is not one of the options now, so nothing was done."
    assert w.game.to_json() == before
    w.ready("P1")
    w._on_msg(w, {"type": "choose", "id": "play:lion.9", "version": w.view["version"]})
    assert "Here you may choose: " in w.error


def test_the_last_reveal_of_the_rulebook_round_step_by_step_in_three_languages() -> None:
    plays = ["elephant.1", "dog.2", "cat.3", "cat.4", "mouse.3", "mouse.3"]
    g = table(plays, ["elephant.3.yellow", "elephant.4.purple", "dog.3.start", "cat.2.start", "cat.2.orange"])
    for face in plays:
        g.choose(f"play:{face}")
    texts = {}
    for lang in ("en", "it", "de"):
        w = g.widget(language=lang, pass_and_play=False)
        steps = w.view["board"]["last"]["steps"]
        assert [(s["hunter"], s["player"], len(s["captured"])) for s in steps] == [
            ("elephant", "P1", 2), ("dog", "P2", 4), ("cat", "P4", 2), ("mouse", None, 0)]
        texts[lang] = steps[3]["text"]
        p2 = w.view["board"]["players"][1]  # the points before the reveal, shown while it is animated
        assert (p2["score_before_text"], p2["score_text"]) == {"en": ("0 points", "11 points"),
                                                              "it": ("0 punti", "11 punti"),
                                                              "de": ("0 Punkte", "11 Punkte")}[lang]
        assert {h["prey"]: bool(h["taken"]) for h in w.view["board"]["help"]} == {
            "dog": True, "cat": True, "mouse": True, "elephant": False}
    assert texts == {"en": "Mice: 3, 3; no single card wins, so no hunt.",
                     "it": "Topi: 3, 3; nessuna carta vince da sola, quindi niente caccia.",
                     "de": "Mäuse: 3, 3; keine Karte gewinnt allein, also keine Jagd."}
    assert "carte catturate" in MiceWidget(g, language="it").static_svg()


def test_the_italian_and_german_terms_come_from_the_glossary() -> None:
    import csv
    from pathlib import Path

    from hickory_widget.mice.words.labels import CATALOG

    rows = {r["key"]: r for r in csv.DictReader((Path(__file__).parents[2] / "hickory_widget" / "mice" / "words" /
                                                 "glossary.csv").open(encoding="utf-8"))}
    for animal in ("elephant", "dog", "cat", "mouse"):
        for lang in ("en", "it", "de"):
            assert CATALOG.t(lang, f"mice.animal.{animal}") == rows[animal][lang]
    assert CATALOG.t("it", "mice.ui.help") == "Carte aiuto" and rows["help_card"]["it"] == "carta aiuto"
    assert CATALOG.t("it", "mice.ui.centre").lower() == rows["centre"]["it"]
    assert CATALOG.t("de", "mice.ui.cycle") == rows["hunting_cycle"]["de"]


def test_while_the_curtain_is_up_no_intent_and_no_setting_shows_a_face_down_card() -> None:
    """Issue 20: with the screen waiting for P2, the "show hidden cards" intent is refused and nothing hidden
    reaches the browser, even where the author allows hidden cards and they were asked for from Python."""
    g = MiceGame.new(players=3, seed=1)
    w = g.widget(pass_and_play=True, allow_secrets=True)
    w.ready("P1")
    w.game.choose(w.game.choice_ids[0])
    w.show_secrets = True
    w._after_move()
    assert w.view["curtain"] == "P2"
    hidden = w.game.state.committed["P1"]
    assert hidden not in json.dumps(w.view)
    w._on_msg(w, {"type": "secrets", "on": True, "version": w.view["version"]}, [])
    assert w.view["curtain"] == "P2" and hidden not in json.dumps(w.view) and w.error

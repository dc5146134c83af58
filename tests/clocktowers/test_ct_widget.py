"""The Clocktowers widget on the core shell, from Python: what the view model shows and hides, intents refused
with clear messages (stale version, illegal choice, unknown intent), seats, languages, the static SVG."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from ct_helpers import game

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.clocktowers.words.labels import CATALOG
from hickory_widget.core.widget import SHELL

PACKAGE = Path(__file__).parents[2] / "hickory_widget"


def test_the_view_shows_the_hand_to_move_and_hides_the_others_unless_secrets() -> None:
    w = ClocktowersGame.new(players=3, seed=1).widget()
    players = {p["id"]: p for p in w.view["board"]["players"]}
    assert [c["id"] for c in players["P1"]["hand"]] == w.game.state.hands["P1"]
    assert players["P2"]["hand"] is None and players["P2"]["hand_text"] == "3 cards in hand"
    text = json.dumps(w.view)
    assert not any(c in text for c in w.game.state.removed)  # removed unseen (C3)
    assert not any(c in text for c in w.game.state.decks["floors"][1:])  # the deck order under the top card
    w.show_secrets = True  # asked for (as a browser could set the synced trait) but not allowed by the author
    assert players["P2"]["hand"] is None and w.view["secrets"] is False and "P2" not in json.dumps(w.view["log"])
    assert w.view["board"]["players"][1]["hand"] is None
    w._on_msg(w, {"type": "secrets", "on": True, "version": w.view["version"]}, [])
    assert w.error.startswith("Hidden cards can be shown only if the notebook's author")
    assert w.view["board"]["players"][1]["hand"] is None
    w.allow_secrets = True  # the notebook author's teacher setting
    w.show_secrets = False
    w.show_secrets = True
    assert all(p["hand"] is not None for p in w.view["board"]["players"])


def test_every_legal_play_is_a_choice_and_a_board_target() -> None:
    g = game({"A": ["floor1.cats.1", "roof.red.1"], "B": []},
             [{"id": "t1", "owner": "A", "floors": ["floor1.plain.1"], "clock": "clock.plain.1"}])
    w = g.widget()
    ids = [c["id"] for c in w.view["decision"]["choices"]]
    assert ids == g.choice_ids
    targets = [x["id"] for ts in w.view["board"]["plays"].values() for x in ts]
    assert sorted(targets) == sorted(ids)
    assert {x["where"] for x in w.view["board"]["plays"]["roof.red.1"]} == {"t1", "discard"}


def test_a_stale_click_an_illegal_choice_and_an_unknown_intent_are_refused_and_change_nothing() -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget()
    before = w.game.to_json()
    w._on_msg(w, {"type": "choose", "id": w.game.choice_ids[0], "version": 0})
    assert "older board (version 0" in w.error and w.game.to_json() == before
    w._on_msg(w, {"type": "choose", "id": "play:roof.red.1:new", "version": w.view["version"]})
    assert w.error.startswith("'play:roof.red.1:new' is not one of the options now, so nothing was done.")
    assert f"Here you may choose: {w.game.choices[0].label};" in w.error and w.game.to_json() == before
    w._on_msg(w, {"type": "fly"})
    assert "does not understand" in w.error and w.game.to_json() == before
    w._on_msg(w, {"type": "choose", "id": w.game.choice_ids[0], "version": w.view["version"]})
    assert w.error == "" and len(w.game.history) == 1


def test_a_choice_not_offered_is_refused_in_the_widgets_language_with_the_options_there_are() -> None:
    """The engine's own sentence is English, for programmers; the player reads the widget's language."""
    w = ClocktowersGame.new(players=2, seed=1).widget()
    before = w.game.to_json()
    for lang, said, options in (("it", "non è tra le scelte possibili", "Qui puoi scegliere: "),
                                ("de", "steht gerade nicht zur Wahl", "Hier kannst du wählen: ")):
        w.language = lang
        w._on_msg(w, {"type": "choose", "id": "play:roof.red.1:new", "version": w.view["version"]})
        first = w.game.choices_in(lang)[0].label
        assert said in w.error and f"{options}{first};" in w.error and w.game.to_json() == before
        assert "legal" not in w.error


def test_bot_seats_play_until_a_human_must_decide() -> None:
    w = ClocktowersGame.new(players=3, seed=2).widget(seats={"P2": "greedy", "P3": "random"})
    w.choose(w.game.choice_ids[0])
    w.choose(w.game.choice_ids[0])
    assert w.game.decision.player == "P1" and len(w.game.history) == 6
    with pytest.raises(ValueError, match="no player 'P9'"):
        w.set_seats({"P9": "greedy"})
    with pytest.raises(ValueError, match="one of human, random, eager, greedy, search"):
        w.set_seats({"P1": "clever"})
    assert w.play_bots() > 0 and w.game.over and w.view["result"].startswith("Winner:")


def test_languages_switch_every_text() -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget(language="de")
    assert w.view["title"] == "Uhrtürme" and w.view["decision"]["prompt"].startswith("P1: Spiele")
    w.set_language("it")
    assert w.view["title"] == "Torri dell'Orologio" and "Piano" in w.view["decision"]["choices"][0]["label"]
    with pytest.raises(ValueError, match="the languages are en, it, de"):
        w.set_language("fr")


def test_the_output_carries_a_static_svg_for_places_without_a_kernel() -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget(language="it")
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    floors = len(w.game.state.decks["floors"])
    assert floors == 28 - 2 * 2 - 5  # C2-C3
    assert data["image/svg+xml"].startswith("<svg") and f"Piani ({floors})" in data["image/svg+xml"]


def test_the_picture_intent_and_save_picture(tmp_path: Path) -> None:
    w = ClocktowersGame.new(players=2, seed=1).widget(language="de")
    w._on_msg(w, {"type": "picture"})
    assert w.picture["svg"].startswith("<svg") and "Stockwerke (19)" in w.picture["svg"] and w.picture["n"] == 1
    assert w.save_picture(tmp_path / "table.svg").read_text(encoding="utf-8") == w.picture["svg"]


@pytest.mark.parametrize("catalog", [CATALOG, SHELL], ids=["clocktowers", "shell"])
def test_the_three_catalogs_have_the_same_keys_and_placeholders(catalog) -> None:
    en = catalog.texts["en"]
    for lang in ("it", "de"):
        other = catalog.texts[lang]
        assert set(other) == set(en)
        for key, text in en.items():
            assert set(re.findall(r"{(\w+)}", other[key])) == set(re.findall(r"{(\w+)}", text)), (lang, key)


def test_the_glossary_terms_are_the_ones_the_italian_catalog_uses() -> None:
    with (PACKAGE / "clocktowers" / "words" / "glossary.csv").open(encoding="utf-8") as f:
        rows = {r["key"]: r for r in csv.DictReader(f)}
    it = " ".join(CATALOG.texts["it"].values())
    for key in ("clocktower", "floor_card", "clock", "roof"):
        assert rows[key]["it"].split()[0].lower() in it.lower()
    assert CATALOG.texts["it"]["ct.ui.title"] == rows["clocktowers"]["it"]
    assert CATALOG.texts["de"]["ct.ui.title"] == rows["clocktowers"]["de"]


def test_C13_the_result_says_which_floor_broke_the_tie() -> None:
    towers = [
        {"id": "a1", "owner": "A", "floors": ["floor1.cats.1", "floor1.mice.1"], "clock": "clock.plain.1",
         "roof": "roof.red.1"},
        {"id": "b1", "owner": "B", "floors": ["floor1.mice.2", "floor1.cats.2"], "clock": "clock.plain.2",
         "roof": "roof.blue.2"},
    ]
    w = game({"A": [], "B": []}, towers, decks={"floors": [], "roofs": [], "clocks": []}).widget()
    assert w.view["decision"] is None
    assert w.view["result"].splitlines() == [
        "Winner: A",
        "1. A: 3 points · highest mouse on floor 2",
        "2. B: 3 points · highest mouse on floor 1",
    ]

"""The static SVG board (hickory/svg.py): valid XML, a text alternative, one element per piece, nothing clickable.

Without a kernel this picture is all a reader sees, so it must parse everywhere and say the same as the clock.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from hickory_widget import Game, Position
from hickory_widget.hickory.board.svg import board_svg, esc, game_svg
from hickory_widget.hickory.board.view import build

NS = "{http://www.w3.org/2000/svg}"
ON_CLOCK = ("inner", "outer", "hand")


def four_player() -> Game:
    """A 4-player position with a wild and a relic on leaves, crowded spaces, mice on the hand and a paw."""
    pos = Position(4, seed=3)
    pos.leaf(3, "wild").leaf(5, "crown").paws(11, 11).minute(6).hour(9)
    pos.tile("wild", "hunt blue 0 2").tile("wild", "blue.scavenger").tile("scepter", "red.spotter")
    pos.mouse("yellow.scurrier", "inner 8").mouse("brown.scurrier", "inner 8").mouse("red.scamp", "outer 1")
    pos.mouse("blue.scurrier", "outer 1").mouse("yellow.spotter", "outer 1").mouse("brown.spotter", "outer 1")
    pos.hand("blue.scavenger", "red.spotter")
    pos.scaler("blue", 4).scaler("red", 5)  # one Scaler per chain space but the start (R102a)
    return pos.game()


GAMES = {"solo": lambda: Game.new(1, seed=2), "four": four_player}


@pytest.fixture(params=sorted(GAMES))
def view(request: pytest.FixtureRequest) -> dict[str, Any]:
    return build(GAMES[request.param]())


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in el.attrib]


def test_standalone_svg_with_viewbox_and_role(view: dict[str, Any]) -> None:
    root = parse(board_svg(view, width=600))
    assert root.get("role") == "img"
    assert root.get("width") == "600"
    _, _, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert float(root.get("height", "0")) == pytest.approx(600 * h / w, abs=1)


def test_the_picture_fills_its_output_width(view: dict[str, Any]) -> None:
    """What a notebook shows scales with the output area (tests/browser/test_static_svg.py measures it): a viewBox,
    width 100% and no fixed height, for each game's _repr_svg_."""
    from hickory_widget.clocktowers import ClocktowersGame
    from hickory_widget.mice import MiceGame

    for svg in (board_svg(view), Game.new(2, seed=1)._repr_svg_(), ClocktowersGame.new(players=3, seed=1)._repr_svg_(),
                MiceGame.new(players=4, seed=1)._repr_svg_()):
        root = parse(svg)
        assert root.get("width") == "100%" and root.get("height") is None
        assert len(root.get("viewBox", "").split()) == 4


def test_no_text_is_smaller_than_the_readable_size(view: dict[str, Any]) -> None:
    from hickory_widget.hickory.board.svg import MIN_FONT, VIEW_WIDTH

    sizes = [float(el.get("font-size", "0")) for el in parse(board_svg(view)).iter(f"{NS}text")]
    assert min(sizes) >= MIN_FONT and MIN_FONT * 848 / VIEW_WIDTH >= 11


def test_the_narrow_layout_is_650_units_wide_with_every_piece_of_the_wide_one(view: dict[str, Any]) -> None:
    """A 592 px output (JupyterLab at 1024x768, file browser open) shows the narrow layout: 13-unit text is 11 px
    there down to a 550 px output, and it draws the same pieces as the wide layout."""
    from hickory_widget.hickory.board.svg import MIN_FONT, NARROW_WIDTH

    narrow, wide = parse(board_svg(view, narrow=True)), parse(board_svg(view))
    assert narrow.get("viewBox", "").split()[2] == str(NARROW_WIDTH) and MIN_FONT * 550 / NARROW_WIDTH >= 11
    assert min(float(el.get("font-size", "0")) for el in narrow.iter(f"{NS}text")) >= MIN_FONT
    for attr in ("data-token", "data-mouse", "data-player", "data-chain", "data-quest", "data-hand-space"):
        assert len(with_attr(narrow, attr)) == len(with_attr(wide, attr)), attr


def test_the_html_picture_holds_both_layouts_and_chooses_by_the_output_width() -> None:
    from urllib.parse import unquote

    from hickory_widget.clocktowers import ClocktowersGame
    from hickory_widget.mice import MiceGame

    for game, below in ((four_player(), 846), (ClocktowersGame.new(players=3, seed=1), 800),
                        (MiceGame.new(players=4, seed=1), 760)):
        html = game._repr_html_()
        images = html.split('src="data:image/svg+xml,')[1:]
        assert len(images) == 2 and f"@container (max-width:{below - 0.02}px)" in html
        wide, narrow = (parse(unquote(image.split('"')[0])) for image in images)
        assert ET.tostring(wide) == ET.tostring(parse(game._repr_svg_()))
        assert float(narrow.get("viewBox", "").split()[2]) < float(wide.get("viewBox", "").split()[2])


def test_title_and_desc_name_the_minute_and_scores(view: dict[str, Any]) -> None:
    root = parse(board_svg(view))
    title, desc = root.find(f"{NS}title"), root.find(f"{NS}desc")
    assert title is not None and desc is not None
    minute, hour = view["clock"]["minute"], view["clock"]["hour"]
    assert f"minute {minute}" in (title.text or "")
    text = desc.text or ""
    assert f"minute hand at {minute}" in text and f"hour hand at {hour}" in text
    for p in view["players"]:
        assert f"{p['color'].capitalize()} {p['score']}" in text
    assert view["decision"]["prompt"] in text


def test_one_element_per_mouse_in_play(view: dict[str, Any]) -> None:
    root = parse(board_svg(view))
    drawn = [el.get("data-mouse") for el in with_attr(root, "data-mouse")]
    in_play = [m for m, where in view["mice"].items() if where["where"] in ON_CLOCK]
    assert sorted(drawn) == sorted(in_play)
    idle = {el.get("data-idle-mouse") for el in with_attr(root, "data-idle-mouse")}
    assert idle == {m for m, where in view["mice"].items() if where["where"] not in ON_CLOCK}


def test_mice_have_kind_letters(view: dict[str, Any]) -> None:
    root = parse(board_svg(view))
    letters = {"scurrier": "S", "scavenger": "V", "spotter": "P", "scamp": "C"}
    for el in with_attr(root, "data-mouse"):
        mouse = el.get("data-mouse", "")
        label = el.find(f"{NS}text")
        assert label is not None and label.text == letters[view["mice"][mouse]["kind"]]


def test_leaf_tiles_are_drawn(view: dict[str, Any]) -> None:
    root = parse(board_svg(view))
    drawn = sorted(el.get("data-tile", "") for el in with_attr(root, "data-tile"))
    leaves = sorted(num["leaf"]["id"] for num in view["clock"]["numbers"] if num["leaf"])
    assert drawn == leaves and leaves


def test_wild_and_relic_leaves_read_without_color() -> None:
    root = parse(game_svg(four_player()))
    by_kind = {el.get("data-tile"): "".join(el.itertext()) for el in with_attr(root, "data-tile")}
    wild = next(t for t in by_kind if t and t.startswith("wild."))
    assert by_kind[wild].endswith("W") and by_kind["crown"].endswith("★")


def test_blocked_hand_spaces_are_marked() -> None:
    view = build(GAMES["solo"]())
    root = parse(board_svg(view))
    blocked = with_attr(root, "data-blocked")
    assert len(blocked) == view["hand"]["total"] - view["hand"]["usable"] > 0
    assert len(with_attr(root, "data-hand-space")) == view["hand"]["total"]


def test_nothing_is_interactive(view: dict[str, Any]) -> None:
    svg = board_svg(view)
    root = parse(svg)
    tags = {el.tag.removeprefix(NS) for el in root.iter()}
    assert not tags & {"script", "a", "foreignObject", "style", "image"}
    assert not [a for el in root.iter() for a in el.attrib if a.lower().startswith("on")]
    assert "cursor" not in svg and "@import" not in svg and "http://" not in svg.replace(NS[1:-1], "")
    choice_ids = {ch["id"] for ch in view["decision"]["choices"]}
    assert not [el for el in root.iter() if el.get("data-choice") in choice_ids]


def test_players_rows_and_chain(view: dict[str, Any]) -> None:
    root = parse(board_svg(view))
    assert [el.get("data-player") for el in with_attr(root, "data-player")] == [p["color"] for p in view["players"]]
    assert len(with_attr(root, "data-scaler")) == len(view["chain"]["scalers"])
    assert len(with_attr(root, "data-chain")) == view["chain"]["leaf"] + 1
    assert len(with_attr(root, "data-marker")) == 2  # the priority marker and the weight


def test_escape_helper() -> None:
    assert esc('a < b & "c" > d') == "a &lt; b &amp; &quot;c&quot; &gt; d"


def test_text_with_markup_characters_still_parses(view: dict[str, Any]) -> None:
    view = copy.deepcopy(view)
    view["decision"]["prompt"] = 'Take <b>two</b> & "one" </svg>'
    view["decision"]["player"] = "blue"
    root = parse(board_svg(view))
    desc = root.find(f"{NS}desc")
    assert desc is not None and 'Take <b>two</b> & "one" </svg>' in (desc.text or "")


def test_game_over_shows_standings(view: dict[str, Any]) -> None:
    view = copy.deepcopy(view)
    view["decision"], view["over"] = None, True
    view["standings"] = [{"color": p["color"], "score": p["score"], "place": i + 1}
                         for i, p in enumerate(view["players"])]
    desc = parse(board_svg(view)).find(f"{NS}desc")
    assert desc is not None and "Game over. 1. " in (desc.text or "")


def test_game_svg_draws_the_live_game() -> None:
    game = Game.new(2, seed=5)
    assert game_svg(game) == board_svg(build(game))


def test_each_owner_has_a_shape_of_its_own(view: dict[str, Any]) -> None:
    """Without colour the owners still differ: the body's element (and Brown's inner ring) depends on the owner."""
    root = parse(board_svg(view))
    shapes: dict[str, set[str]] = {}
    for el in with_attr(root, "data-owner"):
        body = [child.tag.replace(NS, "") + (":round" if child.tag == f"{NS}rect" and 2 * float(child.get("rx", 0))
                                             >= float(child.get("height", 0)) - 0.2 else "")
                for child in el if child.tag not in (f"{NS}title", f"{NS}text")]
        shapes.setdefault(el.get("data-owner", ""), set()).add("+".join(body))
    assert all(len(s) == 1 for s in shapes.values()), shapes
    signatures = [next(iter(s)) for s in shapes.values()]
    assert len(signatures) == len(set(signatures)) or len(shapes) == 1


@pytest.mark.parametrize("lang", ["it", "de"])
def test_the_picture_speaks_the_widgets_language(lang: str) -> None:
    """The picture in Italian or German: the widget's letters (catalog ui.letter.*) on the mice and tiles, the
    words of the catalog, no English heading left; the owner shapes stay the same as in English."""
    from hickory_widget.hickory.words.i18n import t

    game = four_player()
    view = build(game, lang=lang)
    svg = game_svg(game, language=lang)
    root = parse(svg)
    for el in with_attr(root, "data-mouse"):
        label = el.find(f"{NS}text")
        kind = view["mice"][el.get("data-mouse")]["kind"]
        assert label is not None and label.text == t(lang, f"ui.letter.kind.{kind}")
    tile_letters = {t(lang, f"ui.letter.symbol.{s}") for s in ("button", "feather", "spool", "thimble", "key")}
    drawn = {el.find(f"{NS}text").text for el in with_attr(root, "data-tile") + with_attr(root, "data-bin-tile")
             if el.find(f"{NS}text") is not None}
    assert drawn - {"W", "★"} and drawn - {"W", "★"} <= tile_letters
    words = "".join(root.itertext())
    for key in ("ui.chain", "ui.priority", "ui.svg.market_bin", "kind.scurrier"):
        assert t(lang, key) in words, key
    for english in ("Market bin", "Priority", "Minute hand at", "wilds left", "Favors ", "Scurrier"):
        assert english not in words, english
    clock = view["clock"]
    assert t(lang, "ui.svg.title", minute=clock["minute"], hour=clock["hour"]) == root.find(f"{NS}title").text

    def owners(svg_text: str) -> dict[str, str]:
        return {el.get("data-mouse", ""): "+".join(child.tag for child in el if child.tag != f"{NS}text")
                for el in with_attr(parse(svg_text), "data-mouse")}
    assert owners(svg) == owners(game_svg(game))  # only the letters and the words change


def test_repr_svg_stays_english_and_the_widget_picture_follows_its_language() -> None:
    from hickory_widget.hickory.widget import HickoryWidget

    game = Game.new(2, seed=5)
    assert "Market bin" in game._repr_svg_() and game._repr_svg_() == game_svg(game, language="en")
    w = HickoryWidget(game)
    w.language = "de"
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "Angebote im Kaufladen" in data["image/svg+xml"] and "Market bin" not in data["image/svg+xml"]

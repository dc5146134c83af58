"""Lessons for Clocktowers and Mice! in the lesson format (docs/LESSONS.md, "Other games"): every exercise's
solution is accepted by the game's own engine, a wrong answer is refused with a reason and the rule ids (C.., M..),
an illegal move is refused with the legal options, every text exists in three languages, and a malformed ``game``
field is refused naming it. Hickory's curriculum is untouched."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from hickory_widget.clocktowers import ClocktowersGame
from hickory_widget.hickory.words.i18n import LANGUAGES
from hickory_widget.lessons import DATA_DIR, LessonError, curriculum, load_lesson
from hickory_widget.mice import MiceGame, card

GAME_CLASS = {"clocktowers": ClocktowersGame, "mice": MiceGame}
LESSONS = {game: curriculum(game=game) for game in GAME_CLASS}
EXERCISES = [ex for lessons in LESSONS.values() for lesson in lessons for ex in lesson.exercises]
IDS = [f"{ex.game_name}:{ex.key}" for ex in EXERCISES]
RULE = {"clocktowers": re.compile(r"^C\d+$"), "mice": re.compile(r"^M\d+$")}


def by_key(game: str, key: str, lang: str = "en"):
    return next(ex for lesson in curriculum(lang, game=game) for ex in lesson.exercises if ex.key == key)


def test_each_card_game_has_five_lessons_each_of_three_exercises_of_two_kinds() -> None:
    assert len(LESSONS["clocktowers"]) >= 5 and len(LESSONS["mice"]) >= 5
    for game, lessons in LESSONS.items():
        for lesson in lessons:
            assert lesson.game_name == game
            assert len(lesson.exercises) >= 3, lesson.id
            assert len({ex.kind for ex in lesson.exercises}) >= 2, lesson.id
            assert lesson.rules and all(RULE[game].match(r) for r in lesson.rules)


def test_hickory_curriculum_is_the_default_and_unchanged() -> None:
    default = curriculum("it")
    assert [lesson.id for lesson in default] == [lesson.id for lesson in curriculum("it", game="hickory")]
    assert {lesson.game_name for lesson in default} == {"hickory"}
    assert default[0].id == "goal"


def test_an_unknown_game_is_refused_by_curriculum() -> None:
    with pytest.raises(ValueError, match="game must be one of hickory, clocktowers, mice, not 'chess'"):
        curriculum(game="chess")


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_the_position_loads_in_its_game_and_leaves_a_decision(ex) -> None:
    cls = GAME_CLASS[ex.game_name]
    game = ex.game()
    assert isinstance(game, cls)
    start = cls.from_position(ex.data.position)  # the file holds the game's own position data
    assert cls.from_position(start.position()).position() == start.position()
    assert game.decision is not None
    if ex.kind == "do":  # a task's line starts with a legal move (tests/test_lessons_tasks.py plays it all)
        assert set(ex.accepted[:1] if ex.is_task else ex.accepted) <= set(game.choice_ids)


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_the_solution_is_accepted(ex) -> None:
    solution = ex.solution()
    verdict = ex.check(solution if ex.mode == "several" or ex.is_task else solution[0])
    assert verdict.correct, f"{ex.key}: {verdict.message}"
    assert verdict.message.startswith("Right!") and verdict.rules


PREDICT = [ex for ex in EXERCISES if ex.kind == "predict"]


@pytest.mark.parametrize("ex", PREDICT, ids=[f"{ex.game_name}:{ex.key}" for ex in PREDICT])
def test_what_the_file_expects_is_what_the_engine_proves(ex) -> None:
    assert ex.data.proof is not None
    assert sorted(map(str, ex.solution())) == sorted(map(str, ex.accepted))


def wrong_answer(ex):
    """A well-formed answer that is not right: another legal move, another option, another number."""
    if ex.kind == "do":
        return next(c for c in ex.game().choice_ids if c not in ex.accepted)
    if ex.mode == "number":
        return ex.solution()[0] + 1
    ids = [a.id for a in ex.answers]
    if ex.mode == "one":
        return next(i for i in ids if i not in ex.solution())
    return sorted(set(ids) - set(ex.solution()))[:1] or ids


ONE_MOVE = [ex for ex in EXERCISES if not ex.is_task]  # tasks of several moves: tests/test_lessons_tasks.py


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ex", ONE_MOVE, ids=[f"{ex.game_name}:{ex.key}" for ex in ONE_MOVE])
def test_a_wrong_answer_is_refused_with_a_reason_and_the_games_rule_ids(ex, lang) -> None:
    ex = by_key(ex.game_name, ex.key, lang)
    verdict = ex.check(wrong_answer(ex))
    assert not verdict.correct and verdict.legal
    assert verdict.message.split(" ", 2)[-1].strip()  # "Not quite." and then the reason
    assert verdict.rules and all(RULE[ex.game_name].match(r) for r in verdict.rules)


DO = [ex for ex in EXERCISES if ex.kind == "do"]


@pytest.mark.parametrize("ex", DO, ids=[f"{ex.game_name}:{ex.key}" for ex in DO])
def test_an_illegal_move_is_refused_with_the_legal_options_and_changes_nothing(ex) -> None:
    illegal = {"clocktowers": "play:roof.yellow.4:new", "mice": "play:elephant.9"}[ex.game_name]
    for lang, word in (("en", "Here you may choose:"), ("it", "Qui puoi scegliere:"), ("de", "Hier kannst du")):
        local = by_key(ex.game_name, ex.key, lang)
        verdict = local.check(illegal)
        assert not verdict.correct and not verdict.legal and word in verdict.message
        for choice in local.game().choices_in(lang):
            assert choice.label in verdict.message
        assert verdict.solution == ex.accepted
    assert ex.game().history == []


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_every_text_is_there_in_three_languages(ex) -> None:
    texts = {lang: by_key(ex.game_name, ex.key, lang) for lang in LANGUAGES}
    for local in texts.values():
        assert local.prompt.strip() and local.explanation.strip() and all(h.strip() for h in local.hints)
        assert all(a.text.strip() for a in local.answers)
        assert local.solution_text().strip()
    assert len({local.prompt for local in texts.values()}) == 3


def test_M11_lesson_captures_are_the_rulebooks() -> None:
    """The engine's reading of the M11 exercise, card by card (the issue's worked round)."""
    ex = by_key("mice", "mice-hunt/m11-captures")
    game = ex.game()
    for move in ex.data.proof["play"]:
        game.choose(move)
    taken = {e["player"]: sorted(card(c).value for c in e["cards"]) for e in game.last_round()
             if e["kind"] == "captured" and e["cards"]}
    assert taken == {"P1": [2, 3], "P2": [2, 2, 3, 4], "P4": [3, 3]}
    assert sorted(card(c).face for c in game.state.centre) == ["elephant.1", "elephant.3", "elephant.4"]
    assert ex.check(["P1:dog", "P2:cat", "P4:mouse"]).correct
    wrong = ex.check(["P1:dog", "P2:cat", "P3:mouse"])
    assert not wrong.correct and "M8" in wrong.rules


def points_after(ex, mine: str, others: list[str]) -> int:
    game = ex.game()
    for move in [mine, *others]:
        game.choose(move)
    return game.scores["P1"]


def test_M9_the_do_answer_captures_the_most_when_nobody_else_plays_that_animal() -> None:
    ex = by_key("mice", "mice-hunt/take-most")
    others = ["play:mouse.1", "play:mouse.3"]  # P2 and P3 play mice: no other elephant, dog or cat is played
    points = {c: points_after(ex, c, others) for c in ex.game().choice_ids}
    assert max(points, key=points.get) == ex.accepted[0] and points[ex.accepted[0]] == 7


def test_M8_the_do_answer_dodges_the_tie_of_the_dogs_4() -> None:
    ex = by_key("mice", "mice-ties/dodge-tie")
    others = ["play:dog.4", "play:dog.4"]
    assert points_after(ex, "play:dog.2", others) == 5  # the cats 3 and 2
    assert points_after(ex, "play:dog.4", others) == 0  # three dogs 4 tie: nobody hunts
    assert ex.check("play:dog.4").message.startswith("Not quite. Three dogs 4 tie")


# ------------------------------------------------------------------------------------------------ the file format
MICE = json.loads((DATA_DIR / "mice" / "01-hunt.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_teachers_own_clocktowers_lesson_from_position_data_loads_and_is_judged(tmp_path: Path) -> None:
    game = ClocktowersGame.from_position({"players": ["A", "B"], "turn": "A",
                                          "hands": {"A": ["clock.plain.5"], "B": []},
                                          "decks": {"floors": ["floor1.plain.3"], "roofs": [], "clocks": []},
                                          "towers": [{"id": "t1", "owner": "A", "floors": ["floor1.plain.1"]}]})
    text = {"en": "x", "it": "x", "de": "x"}
    data = {"format": "hickory-lesson", "version": 1, "game": "clocktowers", "id": "own", "title": text,
            "goal": text, "rules": ["C6"],
            "exercises": [{"id": "clock", "kind": "do", "position": game.position(), "task": text, "hints": [text],
                           "explanation": text, "rules": ["C6"], "answers": ["play:clock.plain.5:t1"]}]}
    ex = load_lesson(write(tmp_path, data), "de").exercises[0]
    assert ex.check("play:clock.plain.5:t1").correct
    assert not ex.check("discard:clock.plain.5").correct


def broken(change) -> dict:
    data = copy.deepcopy(MICE)
    change(data)
    return data


CASES = {
    "unknown game": (lambda d: d.update(game="chess"), "'game'", "one of hickory, clocktowers, mice"),
    "game not a string": (lambda d: d.update(game=4), "'game'", "expected str"),
    "hickory setup in a mice lesson": (
        lambda d: d["exercises"][0].update(setup={"players": 2}), "'exercises[0].position'", "for hickory only"),
    "a hand of another set": (
        lambda d: d["exercises"][0]["position"]["hands"]["P1"].__setitem__(0, "elephant.1.blue"),
        "'exercises[0].position'", "holds only the red set"),
    "best in mice": (lambda d: d["exercises"][3].update(kind="best"), "'exercises[3].kind'", "use 'do'"),
    "unknown fact": (lambda d: d["exercises"][2]["proof"].update(name="tiles"), "'exercises[2].proof.name'",
                     "one of score, centre, phase"),
    "fact of nobody": (lambda d: d["exercises"][2]["proof"].update(name="score"), "'exercises[2].proof.of'",
                       "a player or tower id"),
    "illegal secret play": (lambda d: d["exercises"][0]["proof"]["play"].__setitem__(1, "play:cat.4"),
                            "'exercises[0].proof.play[1]'", "not a legal choice"),
    "hickory rule id": (lambda d: d["exercises"][1]["rules"].append("M99x"), "'exercises[1].rules[2]'",
                        "'C10' or 'M8'"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_malformed_game_lesson_is_refused_naming_the_field(tmp_path: Path, case: str) -> None:
    change, field, allowed = CASES[case]
    path = write(tmp_path, broken(change))
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    message = str(err.value)
    assert str(path) in message and f"field {field}" in message and allowed in message, message


# ------------------------------------------------------------------------------------------------ the widget
def test_the_card_lesson_widget_sends_the_games_table_and_judges_clicks_by_the_engine(tmp_path: Path) -> None:
    from hickory_widget.lessons.card_widget import lesson_widget

    w = lesson_widget("mice", learner="ada", progress_path=tmp_path / "progress.json")
    assert w.view["game"] == "mice" and w.view["exercise"]["key"] == "mice-table/set-size"
    w.go("mice-hunt", 0)
    table = w.view["board"]["table"]["board"]
    assert w.view["board"]["decision"] is None  # a question: nothing to click on the table
    assert all(c["choice"] is None for p in table["players"] for c in p["hand"] or [])
    assert [p["hand"] is not None for p in table["players"]] == [True] + [False] * 5  # the learner's seat only
    w.go("mice-hunt", 3)
    labels = [c["label"] for c in w.view["board"]["decision"]["choices"]]
    assert labels == ["Elephant 2", "Dog 1", "Cat 3"]
    old = w.view["version"]
    w._on_msg(w, {"type": "choose", "id": "play:dog.1", "version": old})
    assert w.view["verdict"]["correct"] is False and w.view["verdict"]["rules"][0]["id"] == "M6"
    w._on_msg(w, {"type": "choose", "id": "play:elephant.2", "version": old})  # made on the older board
    assert "older view" in w.error and not w.attempt.done
    w._on_msg(w, {"type": "choose", "id": "play:elephant.2", "version": w.view["version"]})
    assert w.attempt.done and w.attempt.game.history == ["play:elephant.2"]


ASKED = [  # (lesson, exercise index, key, what of the board would give the answer away)
    ("mice-table", 0, "mice-table/set-size", lambda t: {p["hand_text"] for p in t["players"]}),
    ("mice-table", 1, "mice-table/start-centre", lambda t: sorted(c["id"] for c in t["centre"])),
    ("mice-end", 1, "mice-end/final-score", lambda t: t["players"][0]["score_text"]),
]


@pytest.mark.parametrize(("lesson", "index", "key", "shown"), ASKED, ids=[a[2] for a in ASKED])
def test_a_mice_question_does_not_show_its_answer_on_the_board_below_it(tmp_path: Path, lesson: str, index: int,
                                                                        key: str, shown) -> None:
    """Issue 31: the board under a question holds the question's position without the fact asked (M1, M5, M14);
    the answer appears there once the learner answers right or asks to see it."""
    from hickory_widget.lessons.card_widget import lesson_widget

    w = lesson_widget("mice", learner="ada", progress_path=tmp_path / "progress.json")
    w.go(lesson, index)
    assert w.view["exercise"]["key"] == key
    asked = shown(w.view["board"]["table"]["board"])
    answer = w.exercise.data.answers
    texts = {"mice-table/set-size": {"16 cards in hand"}, "mice-table/start-centre":
             ["cat.2.start", "dog.3.start", "elephant.4.start", "mouse.1.start"],
             "mice-end/final-score": "7 points"}[key]
    assert asked != texts, f"{key}: the board shows the answer {answer} before it is given"
    w.show_me()
    assert shown(w.view["board"]["table"]["board"]) == texts  # shown: the board tells it
    w.retry()
    assert shown(w.view["board"]["table"]["board"]) != texts


def test_an_unknown_game_has_no_lesson_widget() -> None:
    from hickory_widget.lessons.card_widget import lesson_widget

    with pytest.raises(ValueError, match="game must be one of hickory, clocktowers, mice, not 'go'"):
        lesson_widget("go")


@pytest.mark.parametrize("game, prefix, count", [("mice", "M", 14), ("clocktowers", "C", 13)])
def test_every_card_game_rule_is_practised_by_at_least_one_exercise(game: str, prefix: str, count: int) -> None:
    """M1-M14 and C1-C13: every rule a player acts on (and the components and setup, asked about the table a new
    game lays out) is named by an exercise of the game's lessons."""
    practised = {r for lesson in LESSONS[game] for ex in lesson.exercises for r in ex.rules}
    missing = [f"{prefix}{n}" for n in range(1, count + 1) if f"{prefix}{n}" not in practised]
    assert not missing, f"rules no {game} exercise practises: {missing}"


def test_C5_a_floor_may_grow_another_players_tower_that_has_no_clock_yet() -> None:
    ex = by_key("clocktowers", "towers-build/where-floors")
    assert "play:floor2.plain.3:t3" in ex.solution()  # B's tower t3: floors only
    game = ex.game()
    game.choose("play:floor2.plain.3:t3")
    assert game.state.tower("t3").owner == "B" and game.state.tower("t3").height == 4


def test_C8_with_no_card_to_play_only_face_down_discards_are_offered() -> None:
    ex = by_key("clocktowers", "towers-table/nothing-fits")
    assert all(c.startswith("discard:") for c in ex.game().choice_ids)
    assert not ex.check(["play:roof.green.3:t2"]).correct


def test_M12_a_seeding_round_fills_the_centre_and_nobody_captures() -> None:
    ex = by_key("mice", "mice-rounds/seed-centre")
    game = ex.game()
    for move in ex.data.proof["play"]:
        game.choose(move)
    assert game.scores == {"P1": 0, "P2": 0, "P3": 0} and game.state.phase == "hunt"
    assert ex.check(["cat.4", "mouse.1", "mouse.3"]).correct and not ex.check(["mouse.1", "mouse.3"]).correct

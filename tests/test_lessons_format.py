"""The lesson file format (docs/LESSONS.md): a teacher's own file loads, a malformed one is refused with a message
naming the file, the exercise and the field, and what is allowed."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from hickory_widget import Position
from hickory_widget.lessons import DATA_DIR, LessonError, load_lesson

GOOD = json.loads((DATA_DIR / "07-scurrier.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict | str, name: str = "mine.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_a_lesson_written_with_full_position_data_loads_and_is_judged(tmp_path: Path) -> None:
    """A held-out position (Game.position() output) pasted into a file of one's own."""
    pos = (Position(players=["blue", "red"], seed=5).empty_leaves().no_favors().minute(4)
           .mouse("blue.scurrier", "hand").leaf(6, "green.key.1"))
    data = {
        "format": "hickory-lesson", "version": 1, "id": "mine", "order": 1,
        "title": {"en": "Mine", "it": "Mia", "de": "Meine"},
        "goal": {"en": "Leap", "it": "Balza", "de": "Spring"}, "rules": ["R89"],
        "exercises": [{
            "id": "one", "kind": "do", "position": pos.game().position(),
            "task": {"en": "Get the key at 6", "it": "Prendi la chiave al 6", "de": "Hol den Schlüssel bei 6"},
            "hints": [{"en": "Leap", "it": "Balza", "de": "Spring"}],
            "explanation": {"en": "One ahead", "it": "Uno avanti", "de": "Eins weiter"},
            "rules": ["R89"], "answers": ["leap:6"],
        }],
    }
    lesson = load_lesson(write(tmp_path, data), "it")
    ex = lesson.exercises[0]
    assert lesson.title == "Mia" and ex.prompt == "Prendi la chiave al 6"
    assert ex.check("leap:6").correct
    wrong = ex.check("stay")
    assert not wrong.correct and wrong.message.startswith("Non proprio.") and wrong.rules == ["R89"]


def broken(change) -> dict:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


CASES = {
    "missing Italian title": (lambda d: d["title"].pop("it"), None, "title.it"),
    "unknown kind": (lambda d: d["exercises"][1].update(kind="guess"), "paw-counts", "exercises[1].kind"),
    "bad rule id": (lambda d: d["exercises"][0]["rules"].append("rule 89"), "leap-key", "exercises[0].rules[2]"),
    "no hints": (lambda d: d["exercises"][2].update(hints=[]), "bumped-leap", "exercises[2].hints"),
    "German task missing": (lambda d: d["exercises"][3]["task"].pop("de"), "best-leap", "exercises[3].task.de"),
    "unknown setup step": (lambda d: d["exercises"][0]["setup"]["steps"].append(["teleport", "x"]), "leap-key",
                           "exercises[0].setup.steps[11]"),
    "mouse under a paw": (lambda d: d["exercises"][0]["setup"]["steps"].append(["paws", 7, 10]), "leap-key",
                          "exercises[0].setup"),
    "answer not an option": (lambda d: d["exercises"][1].update(answers=["stay", "fly"]), "paw-counts",
                             "exercises[1].answers[1]"),
    "proof of an unknown kind": (lambda d: d["exercises"][1]["proof"].update(kind="oracle"), "paw-counts",
                                 "exercises[1].proof.kind"),
    "proof with an unknown field": (lambda d: d["exercises"][1]["proof"].update(mice=1), "paw-counts",
                                    "exercises[1].proof"),
    "both position and setup": (lambda d: d["exercises"][0].update(position={}), "leap-key", "exercises[0].position"),
    "unknown field": (lambda d: d["exercises"][0].update(colour="red"), "leap-key", "exercises[0]"),
    "repeated exercise id": (lambda d: d["exercises"][1].update(id="leap-key"), None, "exercises"),
    "wrong format": (lambda d: d.update(format="lesson"), None, "format"),
    "number answer not a number": (lambda d: d["exercises"][1].update(mode="number", answers=["seven"]), "paw-counts",
                                   "exercises[1].answers"),
    "an accepted answer that is not legal": (lambda d: d["exercises"][0].update(answers=["leap:9"]), "leap-key",
                                             "exercises[0].answers[0]"),
    "a move before the task that is not legal": (lambda d: d["exercises"][2].update(before=["stay", "fly"]),
                                                 "bumped-leap", "exercises[2].before[1]"),
    "a proof move that is not legal": (lambda d: d["exercises"][1]["proof"].update(play=["leap:9"]), "paw-counts",
                                       "exercises[1].proof.play[0]"),
    "a position that plays itself to the end": (
        lambda d: d["exercises"][0]["setup"]["steps"].extend([["hour", 11], ["minute", 11],
                                                              ["mouse", "blue.scurrier", "outer 10"]]),
        "leap-key", "exercises[0].position"),
    "bad horizon": (lambda d: d["exercises"][3].update(horizon="week"), "best-leap", "exercises[3].horizon"),
    "a fact of a number off the clock": (lambda d: d["exercises"][1].update(
        mode="one", proof={"kind": "fact", "name": "token", "of": 13}), "paw-counts", "exercises[1].proof.of"),
    "a fact of a color that names none": (lambda d: d["exercises"][1].update(
        mode="one", proof={"kind": "fact", "name": "cards"}), "paw-counts", "exercises[1].proof.of"),
}


@pytest.mark.parametrize("name", CASES)
def test_a_malformed_lesson_file_is_refused_naming_file_exercise_and_field(name: str, tmp_path: Path) -> None:
    change, exercise, field = CASES[name]
    path = write(tmp_path, broken(change), "broken.json")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    message = str(err.value)
    assert str(path) in message
    assert f"field {field!r}" in message
    if exercise:
        assert f"exercise {exercise!r}" in message


def test_a_file_that_is_not_json_is_refused_with_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, '{"format": "hickory-lesson",\n "id": }')
    with pytest.raises(LessonError, match=re.escape(f"lesson file {path}: not valid JSON (line 2")):
        load_lesson(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match="cannot be read"):
        load_lesson(tmp_path / "nowhere.json")


def test_the_good_file_itself_loads() -> None:
    assert load_lesson(DATA_DIR / "07-scurrier.json").id == "scurrier"


def test_the_example_in_docs_LESSONS_md_loads_and_its_answer_is_right(tmp_path: Path) -> None:
    doc = (Path(__file__).parent.parent / "docs" / "LESSONS.md").read_text(encoding="utf-8")
    example = doc.split("## A complete example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    lesson = load_lesson(write(tmp_path, example), "de")
    ex = lesson.exercises[0]
    assert ex.check("leap:7").correct
    assert ex.check("jump_off").message == "Nicht ganz. So kommst du nicht zur 7."


def test_a_teachers_predict_question_without_a_proof_is_judged_by_its_answers(tmp_path: Path) -> None:
    data = broken(lambda d: d["exercises"][1].pop("proof"))
    ex = load_lesson(write(tmp_path, data)).exercises[1]
    assert ex.check(["stay", "jump_off", "leap:7"]).correct
    assert not ex.check(["stay"]).correct


# ------------------------------------------------------------------------------------------- files as doors
MICE_ROUNDS = json.loads((DATA_DIR / "mice" / "03-rounds.json").read_text(encoding="utf-8"))


def refused(path: Path) -> str:
    """The LessonError's message for a file that must be refused (any other exception fails the test)."""
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    message = str(err.value)
    assert message.startswith(f"lesson file {path}"), message
    return message


def test_deep_nesting_is_refused_not_a_recursion_error(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert "nested deeper than 32 levels" in refused(deep)
    data = copy.deepcopy(GOOD)
    nest: list = []
    data["exercises"][0]["hints"] = nest
    for _ in range(40):  # deep enough to pass JSON, too deep for a lesson
        nest.append([])
        nest = nest[0]
    assert "nested deeper than 32 levels" in refused(write(tmp_path, data))


def test_a_5000_digit_number_is_refused_not_a_value_error(tmp_path: Path) -> None:
    text = json.dumps(GOOD).replace('"order": 7', '"order": 1' + "0" * 5000, 1)
    message = refused(write(tmp_path, text))
    assert "a value cannot be read" in message and len(message) < 400


def test_a_fact_of_a_superscript_digit_is_refused_naming_proof_of(tmp_path: Path) -> None:
    data = json.loads((DATA_DIR / "02-setup.json").read_text(encoding="utf-8"))
    index = next(i for i, e in enumerate(data["exercises"]) if (e.get("proof") or {}).get("name") == "token")
    data["exercises"][index]["proof"]["of"] = "²"
    message = refused(write(tmp_path, data))
    assert f"field 'exercises[{index}].proof.of'" in message and "1 to 12; found '²'" in message


def test_a_file_that_is_not_utf8_is_refused_not_a_unicode_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(GOOD, ensure_ascii=False).encode("utf-8").replace(b"{", b"{\"x\": \"\xe9\", ", 1))
    assert "not UTF-8 text (byte 7" in refused(path)


@pytest.mark.parametrize("step", [{"mouse": "blue.scurrier"}, [{"mouse": 1}], [["mouse"]], [7, 1]])
def test_a_setup_step_of_the_wrong_shape_is_refused_naming_it(tmp_path: Path, step) -> None:
    data = copy.deepcopy(GOOD)
    data["exercises"][0]["setup"]["steps"][2] = step
    message = refused(write(tmp_path, data))
    assert "field 'exercises[0].setup.steps[2]'" in message and "a list [step, arguments...]" in message


def test_a_proof_of_a_player_who_is_not_there_is_refused_at_load(tmp_path: Path) -> None:
    """proof.color = "mice" used to load and then raise KeyError in solution()."""
    data = copy.deepcopy(MICE_ROUNDS)
    data["exercises"][0]["proof"] = {"kind": "points", "color": "mice", "play": data["exercises"][0]["proof"]["play"]}
    message = refused(write(tmp_path, data))
    assert "exercise 'carry-over', field 'exercises[0].proof': cannot be read on this game: 'mice'" in message


def test_a_huge_value_is_quoted_in_at_most_80_characters(tmp_path: Path) -> None:
    for change in (lambda e: e.update(kind="x" * 100_000), lambda e: e.update(id="y" * 100_000),
                   lambda e: e["rules"].append("z" * 100_000), lambda e: e.update({"w" * 100_000: 1})):
        data = copy.deepcopy(GOOD)
        change(data["exercises"][0])
        message = refused(write(tmp_path, data))
        assert len(message) < 600, message[:700]
        assert all(len(run) <= 80 for run in re.findall(r"[xyzw]{10,}…?", message)), message


@pytest.mark.parametrize("name, said", [(123, "named by a path, not int"), ("missing.json", "cannot be read"),
                                        ("a\x00b.json", "cannot be read"), (".", "cannot be read")])
def test_a_lesson_file_that_cannot_be_opened_is_a_lesson_error(name, said: str) -> None:
    with pytest.raises(LessonError, match=said):
        load_lesson(name)


def test_a_predict_answer_the_engine_does_not_prove_is_refused_at_load(tmp_path: Path) -> None:
    """The answer key must be what the proof reads: a question nobody could answer right is a broken file."""
    data = copy.deepcopy(MICE_ROUNDS)
    data["exercises"][0]["answers"] = [4]  # three cards stay in the center
    message = refused(write(tmp_path, data))
    assert "field 'exercises[0].answers': the engine reads [3] where the proof points; the file's answers are [4]" \
        in message

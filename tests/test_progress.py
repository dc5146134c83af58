"""The progress file as a door: old files load, new records keep time and wrong answers, and every malformed file
is refused with a ProgressError naming the file, the learner and the field, quoting a bounded excerpt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hickory_widget.lessons.progress import (
    FORMAT,
    WRONG_KEPT,
    Progress,
    ProgressError,
    forget_learner,
    read_progress_file,
)


def write(path: Path, learners: object, **top: object) -> Path:
    path.write_text(json.dumps({"format": FORMAT, "version": 1, "learners": learners, **top}))
    return path


def refused(path: Path, learner: str = "ada") -> ProgressError:
    with pytest.raises(ProgressError) as info:
        Progress(path, learner)
    error = info.value
    assert str(path) in str(error) and len(str(error)) < len(str(path)) + 400, str(error)[:500]
    return error


def test_a_version_1_file_loads_with_the_new_fields_at_zero(tmp_path: Path) -> None:
    path = write(tmp_path / "p.json", {"ada": {"goal/grab-button": {"stars": 3, "tries": 1, "hints": 0}}})
    p = Progress(path, "ada")
    assert p.stars("goal/grab-button") == 3
    assert read_progress_file(path)["ada"]["goal/grab-button"] == {
        "stars": 3, "tries": 1, "hints": 0, "misses": 0, "seconds": 0, "at": 0, "wrong": []}


def test_a_record_only_solved_keeps_the_version_1_shape_that_hand_ins_read(tmp_path: Path) -> None:
    from hickory_widget.lessons.handin import export_handin, read_handin

    p = Progress(tmp_path / "p.json", "ada")
    p.solve("goal/grab-button", mistakes=1, hints=1)
    assert p.records == {"goal/grab-button": {"stars": 1, "tries": 2, "hints": 1}}
    assert read_handin(export_handin(p.records, "ada")) == ("ada", p.records)
    again = Progress(tmp_path / "p.json", "ada")  # as a new kernel reads it
    assert read_handin(export_handin(again.records, "ada")) == ("ada", p.records)


def test_wrong_answers_and_time_are_kept_and_bounded(tmp_path: Path) -> None:
    p = Progress(tmp_path / "p.json", "ada")
    for i in range(WRONG_KEPT + 5):
        p.note("goal/grab-button", wrong=f"leap:{i}", seconds=2.0)
    p.note("goal/grab-button", wrong=["a", "x" * 500], seconds=1.5)
    p.solve("goal/grab-button", mistakes=26, hints=1)
    rec = read_progress_file(tmp_path / "p.json")["ada"]["goal/grab-button"]
    assert rec["stars"] == 1 and rec["misses"] == 26 and rec["tries"] == 27 and rec["seconds"] == 51.5
    assert len(rec["wrong"]) == WRONG_KEPT and rec["wrong"][0] == "leap:6" and len(rec["wrong"][-1]) == 80
    assert rec["wrong"][-1].startswith("a, xxx") and rec["wrong"][-1].endswith("…")


def test_the_teacher_forgets_one_learner_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    Progress(path, "ada").solve("goal/grab-button", 0, 0)
    Progress(path, "bea").solve("goal/grab-button", 0, 0)
    assert forget_learner(path, "bea") and not forget_learner(path, "bea")
    assert set(read_progress_file(path)) == {"ada"}


@pytest.mark.parametrize(("learners", "learner", "field", "words"), [
    ({"ada": [1, 2]}, "ada", None, "an object of exercises, not list"),
    ({"ada": {"goal/x": [3]}}, "ada", "goal/x", "a record is an object, not list"),
    ({"ada": {"goal/x": {"stars": "3"}}}, "ada", "goal/x.stars", "a whole number from 0 to 3"),
    ({"ada": {"goal/x": {"stars": 4}}}, "ada", "goal/x.stars", "a whole number from 0 to 3"),
    ({"ada": {"goal/x": {"tries": True}}}, "ada", "goal/x.tries", "a whole number"),
    ({"ada": {"goal/x": {"seconds": -1}}}, "ada", "goal/x.seconds", "a number of seconds"),
    ({"ada": {"goal/x": {"wrong": "leap:6"}}}, "ada", "goal/x.wrong", "a list of at most"),
    ({"ada": {"goal/x": {"wrong": ["x" * 100_000]}}}, "ada", "goal/x.wrong[0]", "an answer is a text"),
    ({"ada": {"goal/x": {"Stars": 3}}}, "ada", "goal/x.'Stars'", "unknown field"),
    ({"bea": {}, "\ud800": {}}, "'\\ud800'", None, "a learner's name"),
])
def test_a_malformed_record_names_the_learner_and_the_field(tmp_path: Path, learners: dict, learner: str,
                                                            field: str | None, words: str) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": FORMAT, "learners": learners}))
    before = path.read_bytes()
    error = refused(path)
    assert words in str(error)
    assert error.learner == learner and error.field == field
    assert path.read_bytes() == before, "a refused file is left untouched"


@pytest.mark.parametrize(("raw", "words"), [
    (b'{"format": "hickory-lesson-progress", "learners": {"ada": {"k/x": {"stars": \xff}}}}', "not UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deep"),
    (b'{"format": "hickory-lesson-progress", "learners": {"ada": {"k/x": {"tries": ' + b"9" * 5000 + b"}}}}",
     "a value JSON cannot hold"),
    (b'{"format": "hickory-lesson-progress", "learners": {"ada": {"k/x": {"seconds": NaN}}}}',
     "a value JSON cannot hold"),
    (b'{"format": "hickory-lesson-progress", "learners": {"ada": {"k/x": {"stars": 1}}', "cannot be read as JSON"),
    (b'{"format": "hickory-lesson-progress", "version": 99, "learners": {}}', "a newer hickory_widget wrote it"),
    (b'{"format": "hickory-lesson-progress", "learners": []}', "'learners' is an object"),
    (b'{"format": "other"}', "not a lesson progress file"),
])
def test_a_file_that_is_no_progress_file_is_refused_in_a_bounded_sentence(tmp_path: Path, raw: bytes,
                                                                           words: str) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(raw)
    error = refused(path)
    assert words in str(error), str(error)[:300]
    with pytest.raises(ProgressError):
        Progress(path, "ada").solve("goal/grab-button", 0, 0)
    assert path.read_bytes() == raw


def test_a_learner_name_that_no_file_can_hold_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="a learner is named by a string"):
        Progress(tmp_path / "p.json", "\ud800")
    assert not (tmp_path / "p.json").exists()

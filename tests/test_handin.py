"""The hand-in of lesson progress (format hickory-progress/1): what is exported reads back, and every malformed
hand-in is refused with an error naming the field."""

import json

import pytest

from hickory_widget.lessons.handin import FORMAT, MAX_CHARS, HandinError, export_handin, read_handin
from hickory_widget.lessons.progress import Progress


def solved_progress(tmp_path):
    progress = Progress(tmp_path / "p.json", "Ada")
    progress.solve("04-jumping/1", mistakes=0, hints=0)
    progress.solve("04-jumping/2", mistakes=2, hints=1)
    progress.solve("mice/01-play/1", mistakes=0, hints=1)
    return progress


def test_a_real_progress_record_round_trips(tmp_path):
    progress = solved_progress(tmp_path)
    text = export_handin(progress.records, progress.learner)
    assert json.loads(text)["format"] == FORMAT
    assert len(text) < 400
    learner, record = read_handin(text)
    assert learner == "Ada"
    assert record == progress.records
    assert record["04-jumping/2"] == {"stars": 1, "tries": 3, "hints": 1}


def test_bytes_and_non_ascii_names_are_read(tmp_path):
    text = export_handin(solved_progress(tmp_path).records, "Jürgen Müller")
    assert read_handin(text.encode("utf-8"))[0] == "Jürgen Müller"


def test_an_empty_record_is_a_valid_hand_in():
    assert read_handin(export_handin({}, "ben")) == ("ben", {})


def edited(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(format="hickory-progress/2"), "format"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.pop("learner"), "learner"),
    (lambda d: d.update(learner=""), "learner"),
    (lambda d: d.update(learner=7), "learner"),
    (lambda d: d.update(learner="x" * 61), "learner"),
    (lambda d: d.update(exercises=[]), "exercises"),
    (lambda d: d["exercises"].update({"no slash": {"stars": 1, "tries": 1, "hints": 0}}), "exercises"),
    (lambda d: d["exercises"]["04-jumping/1"].update(stars=4), "exercises.04-jumping/1.stars"),
    (lambda d: d["exercises"]["04-jumping/1"].update(stars=True), "exercises.04-jumping/1.stars"),
    (lambda d: d["exercises"]["04-jumping/1"].update(tries=0), "exercises.04-jumping/1.tries"),
    (lambda d: d["exercises"]["04-jumping/1"].update(hints=-1), "exercises.04-jumping/1.hints"),
    (lambda d: d["exercises"]["04-jumping/1"].pop("hints"), "exercises.04-jumping/1.hints"),
    (lambda d: d["exercises"]["04-jumping/1"].update(time=3), "exercises.04-jumping/1"),
    (lambda d: d.update(check="XYZ"), "check"),
    (lambda d: d["exercises"]["04-jumping/2"].update(stars=3), "check"),  # a hand edit
])
def test_a_malformed_hand_in_names_the_field(tmp_path, change, field):
    text = edited(export_handin(solved_progress(tmp_path).records, "Ada"), change)
    with pytest.raises(HandinError) as err:
        read_handin(text)
    assert err.value.field == field
    assert repr(field) in str(err.value)


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"format": "hickory-progress/1", "learner": 1.5}',
                                  '"' + "x" * (MAX_CHARS + 1) + '"', None, 42])
def test_what_is_not_a_hand_in_at_all_is_refused(text):
    with pytest.raises(HandinError):
        read_handin(text)


def test_a_cut_short_paste_is_refused(tmp_path):
    text = export_handin(solved_progress(tmp_path).records, "Ada")
    with pytest.raises(HandinError) as err:
        read_handin(text[:-10])
    assert err.value.field == "(text)"


def test_export_hands_in_solved_exercises_with_stars_tries_and_hints_only():
    record = {"04-jumping/1": {"stars": 2, "tries": 1, "hints": 1, "seconds": 31.5, "wrong": ["stay"]},
              "04-jumping/2": {"stars": 0, "tries": 0, "hints": 0, "misses": 2}}  # noted by a classroom server
    assert read_handin(export_handin(record, "Ada")) == ("Ada", {"04-jumping/1": {"stars": 2, "tries": 1,
                                                                                   "hints": 1}})


def test_export_refuses_a_record_it_could_not_read_back():
    with pytest.raises(HandinError) as err:
        export_handin({"04-jumping/1": {"stars": 4, "tries": 1, "hints": 0}}, "Ada")
    assert err.value.field == "record.04-jumping/1.stars"
    with pytest.raises(HandinError) as err:
        export_handin({"04-jumping/1": {"stars": 1, "hints": 0}}, "Ada")
    assert err.value.field == "record.04-jumping/1.tries"
    with pytest.raises(HandinError):
        export_handin({}, "   ")
    with pytest.raises(HandinError):
        export_handin([], "Ada")


def test_the_lesson_widget_exports_what_the_teacher_reads_back(tmp_path):
    from hickory_widget.lessons.widget import LessonWidget

    w = LessonWidget(learner="Ada", progress_path=tmp_path / "p.json")
    ex = w.lessons[0].exercises[0]
    w.progress.solve(ex.key, mistakes=0, hints=1)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)  # what would go to the browser
    w.export_requests += 1  # what the front end's "Export my progress" does
    assert w.error == ""
    assert sent[0]["type"] == "handin" and sent[0]["file"] == "hickory-progress-Ada.json"
    assert read_handin(sent[0]["text"]) == ("Ada", {ex.key: {"stars": 2, "tries": 1, "hints": 1}})
    assert "export" in w.view["ui"] and "exported" in w.view["ui"]

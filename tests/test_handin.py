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


# ------------------------------------------------------------------------------------------------ issue 28, found 8
def _with_check(body: str) -> str:
    """A hand-in text as written by hand: ``body`` (fields in any order, duplicates kept) with a valid check."""
    from hickory_widget.lessons.handin import _checksum

    data = json.loads(body)  # the last of duplicate keys, as a JSON reader keeps it
    return body[:-1] + f',"check":"{_checksum(data["learner"], data["exercises"])}"}}'


def test_a_key_given_twice_is_refused_so_a_file_that_opens_as_ada_is_not_read_as_mallory():
    text = _with_check('{"format":"hickory-progress/1","learner":"ada","learner":"mallory",'
                       '"exercises":{"goal/grab-button":{"stars":3,"tries":1,"hints":0}}}')
    with pytest.raises(HandinError, match="given twice") as info:
        read_handin(text)
    assert info.value.field == "learner"
    inner = _with_check('{"format":"hickory-progress/1","learner":"ada","exercises":{"goal/grab-button":'
                        '{"stars":1,"stars":3,"tries":1,"hints":0}}}')
    with pytest.raises(HandinError, match="given twice"):
        read_handin(inner)


def test_a_record_no_lesson_can_write_is_refused():
    """2 stars are earned with a hint and no mistake: 2 stars with no hint at all cannot come from a lesson."""
    text = _with_check('{"format":"hickory-progress/1","learner":"ada","exercises":{"goal/grab-button":'
                       '{"stars":2,"tries":1,"hints":0}}}')
    with pytest.raises(HandinError, match="2 stars") as info:
        read_handin(text)
    assert info.value.field == "exercises.goal/grab-button"


def test_a_name_typed_in_nfd_or_nfc_is_one_learner():
    nfd = export_handin({"goal/grab-button": {"stars": 3, "tries": 1, "hints": 0}}, "Jose\u0301")
    nfc = export_handin({"goal/grab-button": {"stars": 3, "tries": 1, "hints": 0}}, "Jos\u00e9")
    assert read_handin(nfd)[0] == read_handin(nfc)[0] == "Jos\u00e9"


def test_keys_in_no_curriculum_are_flagged_on_the_dashboard(tmp_path, monkeypatch):
    from hickory_widget.lessons.dashboard import Dashboard

    monkeypatch.delenv("HICKORY_HANDINS", raising=False)
    dash = Dashboard(tmp_path / "c.sqlite3", "en", "K7QM-4XPA")
    dash.handle("code", None, {"code": "K7QM-4XPA"})
    real = export_handin({"goal/grab-button": {"stars": 3, "tries": 1, "hints": 0}}, "dora")
    made_up = export_handin({"goal/grab-button": {"stars": 3, "tries": 1, "hints": 0},
                             "nowhere/at-all": {"stars": 3, "tries": 1, "hints": 0}}, "eve")
    dash.handle("handin", "dora.json", {"text": real})
    dash.handle("handin", "eve.json", {"text": made_up})
    html = dash.panel.html
    eve_row = html[html.index('data-learner="eve"'):]
    dora_row = html[html.index('data-learner="dora"'):html.index('data-learner="eve"')]
    assert 'data-testid="dash-flag"' in eve_row[:2000] and "nowhere/at-all" in eve_row[:2000]
    assert 'data-testid="dash-flag"' not in dora_row
    dash.handle("handin", "dora-again.json", {"text": real})
    assert dash.panel.html.count('data-learner="dora"') == 1, "the same hand-in twice is one row"


@pytest.mark.parametrize("text", [
    '{"format":"hickory-progress/1","learner":"' + "x" * 5000 + '"}',
    '{"format":"hickory-progress/1","learner":"ada","exercises":{"' + "a/" * 900 + 'b":{}},"check":"0"}',
    '{"' + "k" * 3000 + '":1}',
])
def test_every_refusal_is_at_most_300_characters(text):
    with pytest.raises(HandinError) as info:
        read_handin(text)
    assert len(str(info.value)) <= 300


def test_a_lesson_file_refusal_is_at_most_300_characters_and_keeps_the_file_and_the_problem():
    from hickory_widget.lessons.format import LessonError, read_lesson_text

    source = "/very/long/folder/" * 20 + "lesson.json"
    with pytest.raises(LessonError) as info:
        read_lesson_text('{"format": "hickory-lesson/1", "id": "' + "x" * 400 + '"}', source)
    text = str(info.value)
    assert len(text) <= 300 and text.startswith("lesson file …") and text.endswith("lesson.json") is False
    assert "long/folder/lesson.json: " in text and "…" in text

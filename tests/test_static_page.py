"""The static site's landing page (lessons/static_page.py): the address names the learner, the language and the
presentation mode; a name that could not be handed in is refused with the reason."""

import pytest

from hickory_widget.lessons.static_page import lesson_page


@pytest.fixture(autouse=True)
def progress_file(tmp_path, monkeypatch):
    monkeypatch.setenv("HICKORY_PROGRESS", str(tmp_path / "progress.json"))


def test_the_address_names_the_learner_and_the_language():
    w = lesson_page("learner=Ada%20L&lang=it")
    assert (w.progress.learner, w.language, w.presentation) == ("Ada L", "it", False)
    assert w.view["learner"] == "Ada L"


def test_defaults_and_the_presentation_mode():
    w = lesson_page("")
    assert (w.progress.learner, w.language, w.presentation) == ("learner", "en", False)
    assert lesson_page("present=1&lang=xx").presentation and lesson_page("lang=xx").language == "en"


@pytest.mark.parametrize("query", ["learner=", "learner=" + "x" * 61, "learner=a%0Ab"])
def test_a_name_that_cannot_be_handed_in_is_refused(query):
    with pytest.raises(ValueError, match="learner's name in the address"):
        lesson_page(query)

"""The static site's landing page (lessons/static_page.py): the address names the learner, the language and the
presentation mode; a name that could not be handed in is refused with the reason. The lessons notebook
(06_lessons, lessons/app.py) in the site opens the lessons as the landing page does: no join form, no PIN."""

import sys

import pytest

from hickory_widget.lessons.app import classroom_app
from hickory_widget.lessons.static_page import AddressError, landing_page, lesson_page


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


@pytest.mark.parametrize("query, says", [("learner=", "1 to 60 characters"), ("learner=" + "x" * 61, "1 to 60"),
                                         ("learner=a%0Ab", "control characters")])
def test_a_name_that_cannot_be_handed_in_is_refused(query, says):
    with pytest.raises(ValueError, match="learner's name in this address") as refused:
        lesson_page(query)
    assert says in str(refused.value) and "learner=" in str(refused.value)


@pytest.mark.parametrize("lang, says", [("it", "Il nome dell'allievo in questo indirizzo"),
                                        ("de", "Der Name in dieser Adresse")])
def test_the_refusal_speaks_the_addresss_language_and_the_page_shows_it(lang, says):
    with pytest.raises(AddressError, match=says):
        lesson_page(f"learner=a%0Ab&lang={lang}")
    page = landing_page(f"learner=&lang={lang}")
    assert type(page).__name__ == "HTML" and 'role="alert"' in page.value and says.replace("'", "&#x27;") in page.value
    assert type(landing_page(f"learner=Ada&lang={lang}")).__name__ == "LessonWidget"


@pytest.fixture
def in_the_browser(monkeypatch):
    """A kernel in the visitor's browser (Pyodide reports the platform 'emscripten'): the static site."""
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_the_lessons_notebook_in_the_static_site_opens_the_lessons_with_no_pin(in_the_browser, tmp_path):
    box = classroom_app("")  # 06_lessons in the site's JupyterLab: no address, no server, no teacher
    bar, lessons = box.children
    assert 'data-testid="games"' in bar.html and "join" not in bar.html
    assert type(lessons).__name__ == "LessonWidget" and lessons.progress.learner == "learner"  # the landing page's
    assert lessons.progress.path == tmp_path / "progress.json"
    lessons._on_msg(None, {"type": "choose", "id": "jump_off", "version": lessons._version})
    assert lessons.progress.stars("goal/grab-button") == 3
    again = classroom_app("learner=learner").children[-1]  # a reload: the same record
    assert again.progress.stars("goal/grab-button") == 3
    other = classroom_app("learner=Ada&lang=de&game=mice").children[-1]
    assert (type(other).__name__, other.progress.learner, other.language) == ("MiceLessonWidget", "Ada", "de")
    with pytest.raises(AddressError, match="Der Name in dieser Adresse"):
        classroom_app("learner=a%0Ab&lang=de")


def test_outside_the_browser_the_lessons_notebook_still_asks_who_joins(tmp_path):
    assert 'data-testid="join"' in classroom_app("learner=ada").children[0].html


def test_the_static_sites_teachers_note_tells_how_that_site_is_used_in_every_language() -> None:
    """No server to start and no PIN on the static site: its note gives the learner links and the hand-in."""
    from hickory_widget.lessons.page import page_texts

    for lang in ("en", "it", "de"):
        served, static = page_texts(lang)["teachers"], page_texts(lang, static=True)["teachers"]
        assert "classroom.sh" in served and "classroom.sh" not in static
        assert "?learner=ada" in static and "?present=1" in static
        assert page_texts(lang, static=True)["intro"] == page_texts(lang)["intro"]

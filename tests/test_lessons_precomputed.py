"""The built-in lessons read and checked once at build time (the static site's wheel carries them): the copy is used
only when it was made from the very lesson files and reader installed, and is then the same as reading the files;
anything else (a changed lesson, a damaged or foreign file, none at all) reads the files as before."""

from pathlib import Path

import pytest

import hickory_widget.lessons as lessons
from hickory_widget.lessons.games import NAMES


@pytest.fixture
def stored_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where this test's precomputed copies live (the package's data folder stays untouched)."""
    monkeypatch.setattr(lessons, "precomputed_path", lambda game="hickory": tmp_path / f"precomputed-{game}.pickle")
    return tmp_path


def files(game: str) -> list[Path]:
    return sorted(lessons._folder(game).glob("*.json"))


def test_a_source_checkout_has_no_copy_and_reads_the_files() -> None:
    assert not any(lessons.precomputed_path(g).exists() for g in NAMES)
    assert lessons._stored("hickory", files("hickory")) is None


@pytest.mark.parametrize("game", NAMES)
def test_a_copy_made_from_these_files_is_what_reading_them_gives(stored_in: Path, game: str) -> None:
    lessons.precomputed_path(game).write_bytes(lessons.precompute(game))
    stored = lessons._stored(game, files(game))
    assert stored is not None and stored == lessons._read_builtin(game, files(game))


def test_a_copy_of_other_lesson_files_is_not_used(stored_in: Path, tmp_path: Path) -> None:
    lessons.precomputed_path("hickory").write_bytes(lessons.precompute("hickory"))
    edited = tmp_path / "edited"
    edited.mkdir()
    changed = []
    for path in files("hickory"):
        (edited / path.name).write_bytes(path.read_bytes() + (b" " if not changed else b""))
        changed.append(path.name)
    assert lessons._stored("hickory", sorted(edited.glob("*.json"))) is None  # one lesson file differs by a space
    assert lessons._stored("hickory", files("hickory")[1:]) is None  # one lesson fewer


@pytest.mark.parametrize("content", [b"", b"not a pickle", b"\x80\x05K\x01."])
def test_a_damaged_copy_is_not_used(stored_in: Path, content: bytes) -> None:
    lessons.precomputed_path("hickory").write_bytes(content)
    assert lessons._stored("hickory", files("hickory")) is None

"""A seeded fuzz campaign against the lessons' doors on every test run (a bigger one: benchmarks/fuzz_lessons.py):
mutated lesson files are refused with a LessonError naming the file (or accepted and then usable), and intents to
the lesson widgets are carried out or refused with one short sentence; nothing else escapes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from support.fuzz_lessons import fuzz_files, fuzz_intents, mutate

from hickory_widget.lessons import DATA_DIR
from hickory_widget.lessons.card_widget import lesson_widget
from hickory_widget.lessons.format import LessonError, read_lesson_text


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_lesson_files_are_refused_or_accepted_and_nothing_escapes(seed: int) -> None:
    counts = fuzz_files(seed, 120)
    assert counts.escaped == 0, counts.escapes
    assert counts.tried == 120 and counts.refused >= 30 and counts.accepted >= 10  # both outcomes are exercised


@pytest.mark.parametrize("game, lang", [("hickory", "en"), ("mice", "it"), ("clocktowers", "de")])
def test_fuzzed_intents_are_carried_out_or_refused_in_one_sentence(tmp_path: Path, game: str, lang: str) -> None:
    counts = fuzz_intents(7, 150, lambda: lesson_widget(game, learner="fuzz", language=lang,
                                                        progress_path=tmp_path / "progress.json"))
    assert counts.escaped == 0, counts.escapes
    assert counts.refused >= 20 and counts.accepted >= 20


def test_the_mutations_are_seeded() -> None:
    base = json.loads((DATA_DIR / "mice" / "00-table.json").read_text(encoding="utf-8"))
    first = [mutate(random.Random(5), base) for _ in range(3)]
    assert first == [mutate(random.Random(5), base) for _ in range(3)]


def test_an_escape_would_be_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer can fail: a reader that lets a TypeError out is counted as an escape, not as a refusal."""
    from support import fuzz_lessons as fuzz

    with pytest.raises(LessonError):
        read_lesson_text(b"{", "x.json")

    def leaky(raw: bytes, source: str):
        raise TypeError("unhashable type: 'dict'")

    monkeypatch.setattr(fuzz, "read_lesson_text", leaky)
    counts = fuzz_files(3, 5, bases=("mice/00-table.json",))
    assert counts.escaped == 5 and counts.escapes[0].startswith("TypeError: \"unhashable")


# ------------------------------------------------------------------------------- what the big campaign found
def test_a_superscript_digit_is_no_number_answer(tmp_path: Path) -> None:
    w = lesson_widget("mice", learner="fuzz", language="it", progress_path=tmp_path / "progress.json")
    assert w.exercise.mode == "number"
    w._on_msg(w, {"type": "choose", "id": "²", "version": w.view["version"]})
    assert w.error == "Questa risposta non ha la forma giusta, quindi non è stata valutata."
    assert w.attempt.mistakes == 0


def test_an_answer_after_show_me_is_judged_on_a_fresh_board(tmp_path: Path) -> None:
    w = lesson_widget("clocktowers", learner="fuzz", progress_path=tmp_path / "progress.json")
    w.go("towers-table", 2)  # draw the roof
    w._on_msg(w, {"type": "show"})
    w._on_msg(w, {"type": "answer", "value": "draw:roofs", "version": w.view["version"]})
    assert w.error == "" and w.attempt.done and w.attempt.game.history == ["draw:roofs"]
    assert w.progress.stars(w.exercise.key) == 1  # the solution was shown

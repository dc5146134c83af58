"""Puzzles from games (hickory_widget/lessons/data/puzzles/puzzles.json, written by scripts/make_puzzles.py): the
file reads with the lesson format's checker, every puzzle asks a real decision whose answer is legal there, has its
texts in English, Italian and German, and a few puzzles, picked by a seed, still hold against the engine: the lesson
judge finds the answer best, and a fresh review (another seed) finds it the best option of the decision."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.scripts import load_script

from hickory_widget.core.review import review
from hickory_widget.core.whatif import SerialExecutor
from hickory_widget.hickory.words.i18n import LANGUAGES
from hickory_widget.lessons import PUZZLES, puzzles
from hickory_widget.lessons.format import RULE_ID, read_lesson_file

LESSON = puzzles()
EXERCISES = LESSON.exercises
SAMPLE = random.Random(27).sample(EXERCISES, 3)


def test_the_puzzle_file_reads_with_the_lesson_checker_and_holds_at_least_100_puzzles() -> None:
    data = read_lesson_file(PUZZLES)  # checks every field, plays every `before` move and every answer
    assert data.id == "puzzles"
    assert len(data.exercises) >= 100
    assert {e.kind for e in data.exercises} == {"best"}
    assert len({e.id for e in data.exercises}) == len(data.exercises)


def test_each_puzzle_has_one_answer_legal_at_its_decision_and_names_its_rules() -> None:
    for ex in EXERCISES:
        game = ex.game()
        assert game.decision is not None and len(game.choice_ids) > 1, ex.key
        assert len(ex.accepted) == 1 and ex.accepted[0] in game.choice_ids, ex.key
        assert ex.rules and all(RULE_ID.match(r) for r in ex.rules), ex.key


def test_each_puzzle_has_its_task_hints_and_explanation_in_english_italian_and_german() -> None:
    by_lang = {lang: puzzles(lang).exercises for lang in LANGUAGES}
    for i, ex in enumerate(EXERCISES):
        texts = [by_lang[lang][i] for lang in LANGUAGES]
        for e in texts:
            assert e.prompt.strip() and e.explanation.strip() and all(h.strip() for h in e.hints), e.key
        assert len({e.prompt for e in texts}) == 3 and len({e.explanation for e in texts}) == 3, ex.key


def test_the_puzzles_are_of_three_or_more_decision_kinds_none_above_two_fifths() -> None:
    kinds = Counter(ex.game().decision.kind for ex in EXERCISES)
    assert len(kinds) >= 3, kinds
    assert max(kinds.values()) <= 0.4 * len(EXERCISES), kinds


@pytest.mark.parametrize("ex", SAMPLE, ids=[e.key for e in SAMPLE])
def test_a_sampled_puzzle_still_holds_against_the_engine_with_a_fresh_seed(ex) -> None:
    answer = ex.accepted[0]
    assert ex.solution() == [answer]  # the lesson judge: the only option that scores most by the end of the Tick
    verdict = ex.check(answer)
    assert verdict.correct and verdict.points["yours"] > max(
        v for o, v in ex.values().items() if o != answer)
    game = ex.game()
    player, step = game.decision.player, len(game.history)
    game.choose(answer)
    judged = review(game, seat=player, seed=4242, executor=SerialExecutor(), progress=False)
    judgement = judged.at(step)
    assert judgement is not None and judgement.played == answer
    assert judgement.best == answer, judgement.explain("en")


def test_a_wrong_answer_to_a_puzzle_is_not_quite_with_the_points_of_both() -> None:
    ex = SAMPLE[0]
    wrong = next(o for o in ex.values() if o != ex.accepted[0])
    verdict = ex.check(wrong)
    assert not verdict.correct and verdict.message.startswith("Not quite.")
    assert verdict.points["yours"] < verdict.points["best"]


def test_the_script_keeps_only_an_option_whose_interval_clears_the_next_by_the_margin() -> None:
    clear_best = load_script("make_puzzles").clear_best

    def stats(mean: float, half: float) -> dict:
        return {"mean": mean, "low": mean - half, "high": mean + half, "by": {}}

    assert clear_best({"a": stats(10, 1), "b": stats(4, 1)}, 2.0) == ("a", "b")  # 9 - 5 = 4 > 2
    assert clear_best({"a": stats(10, 1), "b": stats(6, 1)}, 2.0) is None  # 9 - 7 = 2: not more than the margin
    assert clear_best({"a": stats(3, 0), "b": stats(7, 3), "c": stats(1, 0)}, 2.0) is None  # b: 4 - 3 = 1


def test_the_script_needs_the_lesson_judge_to_find_one_option_best_by_a_point() -> None:
    lesson_best = load_script("make_puzzles").lesson_best
    assert lesson_best({"a": 12, "b": 9}) == "a"
    assert lesson_best({"a": 12, "b": 12}) is None
    assert lesson_best({"a": 12}) is None

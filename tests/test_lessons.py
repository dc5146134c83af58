"""The built-in curriculum (hickory_widget.lessons): every exercise's solution is accepted by the real engine, a
wrong legal answer is refused with a reason and a rule id, an illegal move gets the why-not answer with its rule,
and every text exists in English, Italian and German."""

from __future__ import annotations

import re

import pytest

from hickory_widget import Game
from hickory_widget.hickory.words.i18n import LANGUAGES
from hickory_widget.lessons import AnswerError, curriculum
from hickory_widget.lessons.format import RULE_ID

LESSONS = curriculum()
EXERCISES = [ex for lesson in LESSONS for ex in lesson.exercises]
IDS = [ex.key for ex in EXERCISES]


def by_key(key: str, lang: str = "en"):
    for lesson in curriculum(lang):
        for ex in lesson.exercises:
            if ex.key == key:
                return ex
    raise KeyError(key)


def test_the_curriculum_has_at_least_14_lessons_and_60_exercises() -> None:
    assert len(LESSONS) >= 14
    assert len(EXERCISES) >= 60
    assert {ex.kind for ex in EXERCISES} == {"do", "predict", "best"}


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_each_lesson_has_three_exercises_of_two_kinds(lesson) -> None:
    assert len(lesson.exercises) >= 3
    assert len({ex.kind for ex in lesson.exercises}) >= 2
    assert lesson.rules and all(RULE_ID.match(r) for r in lesson.rules)


def test_lessons_come_in_teaching_order_goal_first_solo_last() -> None:
    ids = [lesson.id for lesson in LESSONS]
    assert ids[0] == "goal" and ids[-1] == "solo"
    assert ids.index("tick") < ids.index("jumping") < ids.index("pushing") < ids.index("bumped")
    assert ids.index("refresh") < ids.index("end")


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_the_position_loads_and_is_at_a_decision(ex) -> None:
    game = ex.game()
    assert isinstance(game, Game)
    start = Game.from_position(ex.data.position, play_on=True)  # the file's position is the engine's own position data
    assert Game.from_position(start.position(), play_on=True).position() == start.position()
    # the board shows the question, never its outcome: someone still has to decide (for do and best, the learner)
    assert game.decision is not None, f"{ex.key}: the position runs to the end of the game by itself"
    if ex.kind in ("do", "best"):  # a task's line: its first move here, the whole line in test_lessons_tasks.py
        for answer in ex.accepted[:1] if ex.is_task else ex.accepted:
            assert answer in game.choice_ids, f"{ex.key}: accepted answer {answer!r} is not legal there"


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_the_solution_is_accepted(ex) -> None:
    solution = ex.solution()
    answer = solution if (ex.kind == "predict" and ex.mode == "several") or ex.is_task else solution[0]
    verdict = ex.check(answer)
    assert verdict.correct, f"{ex.key}: {verdict.message}"
    assert verdict.message.startswith("Right!")
    assert verdict.rules


PROVED = [e for e in EXERCISES if e.kind != "do"]


@pytest.mark.parametrize("ex", PROVED, ids=[e.key for e in PROVED])
def test_what_the_file_expects_is_what_the_engine_proves(ex) -> None:
    assert ex.kind == "best" or ex.data.proof is not None, f"{ex.key}: a built-in predict question needs a proof"
    assert sorted(map(str, ex.solution())) == sorted(map(str, ex.accepted))


def _wrong_answer(ex):
    if ex.kind == "predict":
        if ex.mode == "number":
            return ex.solution()[0] + 1
        truth = {str(t) for t in ex.solution()}
        others = [a.id for a in ex.answers if a.id not in truth]
        if ex.mode == "one":
            return others[0]
        return others[:1] if others else [a.id for a in ex.answers][:1]
    game = ex.game()
    right = set(ex.solution())
    wrong = [c for c in game.choice_ids if c not in right]
    return wrong[0] if wrong else None


ONE_MOVE = [e for e in EXERCISES if not e.is_task]  # tasks of several moves: tests/test_lessons_tasks.py


@pytest.mark.parametrize("ex", ONE_MOVE, ids=[e.key for e in ONE_MOVE])
def test_a_wrong_answer_is_refused_with_a_reason_and_a_rule(ex) -> None:
    answer = _wrong_answer(ex)
    if answer is None:  # every legal option is right: then an illegal one must be refused
        answer = "leap:9"
    verdict = ex.check(answer)
    assert not verdict.correct
    assert verdict.message.startswith(("Not quite.", "That move is not allowed.",
                                       "That is not one of the options now."))
    assert len(verdict.message) > len("Not quite.") + 10
    assert verdict.rules and all(RULE_ID.match(r) for r in verdict.rules)
    assert verdict.solution


@pytest.mark.parametrize("ex", EXERCISES, ids=IDS)
def test_every_text_exists_in_english_italian_and_german(ex) -> None:
    texts = {lang: by_key(ex.key, lang) for lang in LANGUAGES}
    for e in texts.values():
        assert e.prompt.strip() and e.explanation.strip() and e.hints and all(h.strip() for h in e.hints)
        assert all(a.text.strip() for a in e.answers)
        whole = (e.kind == "predict" and e.mode == "several") or e.is_task
        assert e.check(e.solution() if whole else e.solution()[0]).correct
    assert texts["en"].prompt != texts["it"].prompt != texts["de"].prompt
    assert texts["en"].explanation != texts["de"].explanation


def test_lesson_titles_differ_by_language() -> None:
    for en, it, de in zip(curriculum("en"), curriculum("it"), curriculum("de"), strict=True):
        assert en.id == it.id == de.id
        assert len({en.title, it.title, de.title}) == 3, en.id


def test_R89_leaping_too_far_gets_the_why_not_answer_with_its_rule() -> None:
    ex = by_key("scurrier/leap-key")
    verdict = ex.check("leap:9")
    assert not verdict.correct and not verdict.legal
    assert "R89" in verdict.rules
    assert verdict.message.startswith("That move is not allowed.")
    assert verdict.solution == ["leap:7"]


def test_R111_landing_under_a_paw_gets_the_why_not_answer_in_italian() -> None:
    ex = by_key("bumped/paw-behind", "it")
    game = ex.game()
    assert "back:4" not in game.choice_ids
    do = by_key("bumped/paw-skip-back", "it")
    verdict = do.check("leap:5")
    assert not verdict.correct and "R111" in verdict.rules
    assert "zampa" in verdict.message


def test_R45_a_legal_but_wrong_move_is_not_quite_with_the_reason() -> None:
    ex = by_key("goal/grab-button", "de")
    verdict = ex.check("stay")
    assert not verdict.correct and verdict.legal
    assert verdict.message.startswith("Nicht ganz.")
    assert "Knopf" in verdict.message
    assert verdict.rules == ["R45", "R55", "R57"]


def test_R102_best_compares_the_learners_choice_in_points() -> None:
    ex = by_key("chain/leaf-beats")
    verdict = ex.check("jump_off")
    assert not verdict.correct
    assert verdict.points == {"yours": 3, "best": 9}
    assert "3 points" in verdict.message and "9" in verdict.message
    assert ex.check("leap:7").points == {"yours": 9, "best": 9}


def test_R104_predict_several_needs_exactly_the_right_set() -> None:
    ex = by_key("delivering/what-goes")
    assert ex.check(["deliver:red.button.1", "deliver:wild.1"]).correct
    assert not ex.check(["deliver:red.button.1"]).correct
    assert not ex.check(["deliver:red.button.1", "deliver:wild.1", "deliver:crown"]).correct


def test_malformed_answers_raise_and_say_what_is_allowed() -> None:
    ex = by_key("delivering/eighteen")
    assert ex.check("18").correct  # a number typed as text is read as the number
    with pytest.raises(AnswerError, match="whole number"):
        ex.check("eighteen")
    pick = by_key("tick/priority")
    with pytest.raises(AnswerError, match=re.escape("['blue.scavenger', 'red.scurrier']")):
        pick.check("yellow.scamp")
    with pytest.raises(AnswerError, match="choice id"):
        by_key("goal/grab-button").check(7)


def test_the_exercises_practise_many_rules() -> None:
    practised = {r for ex in EXERCISES for r in ex.rules}
    base = {re.match(r"R\d+", r).group(0) for r in practised if r.startswith("R")}
    assert len(base) >= 60, sorted(base)


def test_the_look_ahead_refuses_a_position_too_open_to_prove(monkeypatch) -> None:
    from hickory_widget.lessons import lookahead

    monkeypatch.setattr(lookahead, "NODE_LIMIT", 5)
    with pytest.raises(lookahead.SearchTooLarge, match="more than 5 choices"):
        lookahead.option_values(by_key("relics/patience").game(), "round")
    with pytest.raises(ValueError, match="horizon must be one of"):
        lookahead.option_values(Game.new(2, seed=1), "week")


def test_R89_the_best_choice_values_every_option_in_points() -> None:
    values = by_key("scurrier/best-leap").values()
    assert values == {"stay": 0, "jump_off": 0, "leap:6": 5, "leap:7": 0}


def test_setup_and_refresh_facts_a_learner_can_be_asked_are_practised() -> None:
    practised = {r for ex in EXERCISES for r in ex.rules}
    assert {"R2", "R4", "R5", "R7", "R8", "R9", "R14", "R16", "R17", "R21", "R27", "R29", "R30", "R32", "R34", "R35",
            "R37", "R109"} <= practised


@pytest.mark.parametrize("key, truth", [("setup/scaler-start", "0"), ("setup/score-start", "0"),
                                        ("setup/priority-start", "yellow"), ("setup/weight-start", "9"),
                                        ("setup/first-tick", "2"),
                                        ("refresh/minute-wraps", "1"), ("refresh/refill-cuckoo", "empty")])
def test_R32_R34_R30_R27_R35_R9_R109_the_engine_proves_the_setup_and_refresh_answers(key: str, truth: str) -> None:
    ex = by_key(key, "it")
    assert ex.truth() == [truth]
    assert ex.check(truth).correct
    wrong = next(a.id for a in ex.answers if a.id != truth)
    verdict = ex.check(wrong)
    assert not verdict.correct and verdict.message.startswith("Non proprio.") and verdict.rules


def test_every_rule_R1_to_R123_is_practised_by_at_least_one_exercise() -> None:
    practised = {m.group(0) for ex in EXERCISES for r in ex.rules if (m := re.match(r"R\d+", r))}
    missing = [f"R{n}" for n in range(1, 124) if f"R{n}" not in practised]
    assert not missing, f"rules no exercise practises: {missing}"


@pytest.mark.parametrize("key, truth", [("setup/bag-count", 68), ("setup/favor-deck", 11)])
def test_R23_R25_R99_the_engine_counts_what_setup_left_in_the_bag_and_the_favor_deck(key: str, truth: int) -> None:
    ex = by_key(key, "de")
    assert ex.truth() == [truth]
    assert ex.check(truth).correct
    verdict = ex.check(truth - 1)
    assert not verdict.correct and verdict.message.startswith("Nicht ganz.") and verdict.rules


def test_R6_R20_the_token_facts_read_the_table_the_seed_laid_out() -> None:
    assert by_key("setup/token-one").truth() == ["T-SCAMP"]
    # "whatever the shuffle": the token on 1 is the same in every game, the one on 8 only keeps its moon back
    tables = [Game.new(2, seed=seed).state.tokens for seed in range(1, 9)]
    assert {tokens[1] for tokens in tables} == {"T-SCAMP"}
    assert {tokens[8] for tokens in tables} == {"T-CLIMB1-SEARCH2", "T-CLIMB2-MARKET"}
    assert by_key("setup/token-back").truth() == ["moon"]
    assert not by_key("setup/token-back").check("sun").correct


def test_R72_an_icon_already_resolved_is_not_offered_again_in_the_same_entry() -> None:
    ex = by_key("search/once-each")
    assert ex.truth() == ["act:1", "decline"]
    verdict = ex.check(["act:0", "act:1", "decline"])
    assert not verdict.correct and "R72" in verdict.rules


def test_R87_only_the_favor_card_with_a_throw_icon_offers_a_throw() -> None:
    ex = by_key("favors/which-throws")
    thrown = ex.game()
    thrown.choose("favor:F11")
    assert any(c.startswith("throw:") for c in thrown.choice_ids)
    climbed = ex.game()
    climbed.choose("favor:F07")
    assert not any(c.startswith("throw:") for c in climbed.choice_ids)
    verdict = ex.check("favor:F07")
    assert not verdict.correct and verdict.legal and "R87" in verdict.rules


def test_R123_R40b_a_premise_of_a_fresh_setup_is_a_setup_the_rules_allow() -> None:
    """An exercise that says setup is done must start from a placement setup could give: no mouse at 12 or 1 and no
    two mice of one player at one number (R123). Lesson 02-setup once began with Blue's Scurrier on inner 1."""
    fresh = [ex for ex in EXERCISES if "Setup is done" in ex.data.task["en"]]
    assert fresh, "no exercise premises a finished setup any more: this test has nothing to check"
    for ex in fresh:
        mice = ex.data.position["mice"]
        where = {m: spot for m, spot in mice.items() if isinstance(spot, str) and spot.startswith("inner ")}
        assert where, f"{ex.key}: no mouse on the inner ring after setup"
        numbers = {m: int(spot.split()[1]) for m, spot in where.items()}
        assert not [m for m, n in numbers.items() if n in (12, 1)], f"{ex.key}: {numbers} has a mouse at 12 or 1 (R123)"
        for color in {m.split(".")[0] for m in numbers}:
            own = [n for m, n in numbers.items() if m.startswith(color + ".")]
            assert len(own) == len(set(own)), f"{ex.key}: two of {color}'s mice share a number (R123)"

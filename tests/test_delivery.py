"""Delivery scoring (R103, R104, Q12), the rulebook's worked examples (R126, R128), the end-game pool (R113).

Each test lays out the tiles delivered, the quests on offer and the breakdown a player counts on the table.
"""

from __future__ import annotations

import json
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hickory_widget.hickory.rules.components import Quest, Requirement, default_components
from hickory_widget.hickory.rules.delivery import (
    WILD,
    DeliveryScore,
    as_item,
    group_sizes,
    quest_satisfied,
    satisfiable_quests,
    score_delivery,
    score_pool,
)

COMPONENTS = default_components()
RULEBOOK_EXAMPLE = ["purple button", "red button", "green feather", "purple thimble", "wild"]


def breakdown(score: DeliveryScore) -> tuple[int, int, int, str | None, int]:
    """(items, symbol group, color group, quest, total): what a player adds up on the table."""
    return score.items, score.symbol_group, score.color_group, score.quest, score.total


# ------------------------------------------------------------------------------ R128 / R103 worked examples


def test_r128_r103_rulebook_example_with_quest_q07_scores_18() -> None:
    """R128: buttons 2 + wild = 3, purple 2 + wild = 3, and the same wild also stands in as a Q07 feather."""
    score = score_delivery(RULEBOOK_EXAMPLE, quests=["Q07"])
    assert score.items == 5
    assert (score.symbol_group, score.symbol) == (3, "button")
    assert (score.color_group, score.color) == (3, "purple")
    assert (score.quest, score.quest_points) == ("Q07", 7)
    assert score.total == 18


def test_r128_r103_rulebook_example_without_a_quest_scores_11() -> None:
    assert breakdown(score_delivery(RULEBOOK_EXAMPLE)) == (5, 3, 3, None, 11)
    # Q02 needs a red spool: the wild could be that spool, but then only one feather is left for two.
    assert breakdown(score_delivery(RULEBOOK_EXAMPLE, quests=["Q02"])) == (5, 3, 3, None, 11)


def test_r103_wild_is_not_fixed_to_one_identity() -> None:
    """R103: pinning the wild to one identity could give at most 17 in the rulebook example."""
    without_wild = RULEBOOK_EXAMPLE[:-1]
    assert not quest_satisfied(without_wild, "Q07")
    assert quest_satisfied(RULEBOOK_EXAMPLE, "Q07")
    assert group_sizes(RULEBOOK_EXAMPLE) == (3, "button", 3, "purple")


@pytest.mark.parametrize(
    "single",
    [
        pytest.param("purple button", id="item"),
        pytest.param(COMPONENTS.tiles["blue.key.1"], id="item-tile"),
        pytest.param("wild", id="wild"),
        pytest.param(COMPONENTS.tiles["wild.1"], id="wild-tile"),
        pytest.param(COMPONENTS.favors["F01"].bonus, id="favor-bonus"),
    ],
)
def test_r103_r128_a_single_item_wild_or_favor_bonus_alone_scores_3(single: object) -> None:
    score = score_delivery([single])
    assert (score.items, score.symbol_group, score.color_group, score.total) == (1, 1, 1, 3)


def test_r103_a_lone_wild_reports_the_first_symbol_and_color() -> None:
    score = score_delivery([WILD])
    assert (score.symbol, score.color) == (COMPONENTS.symbols[0], COMPONENTS.colors[0])


def test_r126_flow_of_play_delivery_scores_9() -> None:
    """R126: three buttons of three colors plus a red key: 4 items + 3 buttons + 2 reds."""
    score = score_delivery(["red button", "green button", "blue button", "red key"])
    assert (score.symbol, score.color) == ("button", "red")
    assert breakdown(score) == (4, 3, 2, None, 9)


def test_r103_equal_groups_score_the_same_and_report_the_first_in_component_order() -> None:
    """R103 (DE): with equal groups the player picks one; the score does not depend on it."""
    score = score_delivery(["blue key", "red button"])
    assert (score.symbol_group, score.symbol, score.color_group, score.color) == (1, "button", 1, "red")
    assert score.total == 4


def test_r103_only_wilds_form_one_group_of_every_identity() -> None:
    assert group_sizes(["wild", "wild"]) == (2, "button", 2, "purple")
    assert score_delivery(["wild", "wild"]).total == 6


def test_r103_an_empty_delivery_scores_nothing() -> None:
    assert score_delivery([]) == DeliveryScore(0, 0, None, 0, None, None, 0)
    assert score_delivery([], quests=["Q01"]).total == 0
    assert group_sizes([]) == (0, None, 0, None)


# ------------------------------------------------------------------------------ R104 quests, Q12 matching


def test_r104_rainbow_requirement_is_met_by_any_color_of_that_symbol() -> None:
    """Q01 = rainbow button, rainbow button, purple feather."""
    assert quest_satisfied(["red button", "blue button", "purple feather"], "Q01")
    assert quest_satisfied(["green button", "green button", "purple feather"], "Q01")


def test_r104_rainbow_requirement_is_not_met_by_another_symbol() -> None:
    assert not quest_satisfied(["red button", "blue key", "purple feather"], "Q01")


def test_r104_specific_requirement_is_not_met_by_another_color() -> None:
    assert not quest_satisfied(["red button", "blue button", "red feather"], "Q01")


def test_r104_q12_each_item_covers_one_requirement() -> None:
    """Q12: one button cannot fill both rainbow-button requirements of Q01."""
    assert not quest_satisfied(["red button", "purple feather"], "Q01")
    assert not quest_satisfied(["red button", "purple feather", "purple feather"], "Q01")


def test_r104_a_wild_fills_any_one_requirement() -> None:
    assert quest_satisfied(["red button", "wild", "purple feather"], "Q01")  # as a rainbow button
    assert quest_satisfied(["red button", "blue button", "wild"], "Q01")  # as the purple feather
    assert not quest_satisfied(["wild", "purple feather"], "Q01")  # but only one of them


def test_r104_at_most_one_quest_per_delivery() -> None:
    """These items satisfy Q01 (5) and Q07 (7); only the better one scores, never both."""
    items = ["purple button", "red button", "green button", "purple feather", "red feather"]
    assert [q.id for q in satisfiable_quests(items, ["Q01", "Q07"])] == ["Q01", "Q07"]
    score = score_delivery(items, quests=["Q01", "Q07"])
    assert (score.quest, score.quest_points) == ("Q07", 7)
    assert score.total == 5 + 3 + 2 + 7


def test_r104_the_player_may_choose_between_satisfiable_quests() -> None:
    items = ["purple button", "red button", "green button", "purple feather", "red key", "blue key"]
    assert score_delivery(items, quests=["Q01", "Q05"], quest="Q05").quest == "Q05"
    assert score_delivery(items, quests=["Q01", "Q05"], quest="Q01").quest == "Q01"
    # Left to the engine: most points, and the first offered on a tie (both are worth 5).
    assert score_delivery(items, quests=["Q05", "Q01"]).quest == "Q05"
    assert score_delivery(items, quests=["Q01", "Q05"]).quest == "Q01"
    # Choosing the cheaper quest is allowed: a player may prefer it (e.g. to deny it to others).
    items_for_both = ["purple button", "red button", "green button", "purple feather", "red feather"]
    assert score_delivery(items_for_both, quests=["Q01", "Q07"], quest="Q01").quest_points == 5


def test_r104_asking_for_an_unsatisfied_quest_says_what_is_missing() -> None:
    with pytest.raises(ValueError, match=r"'Q01'.*not satisfied.*purple feather"):
        score_delivery(["red button", "blue button", "red feather"], quests=["Q01"], quest="Q01")


def test_r104_asking_for_a_quest_that_is_not_offered_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'Q07' is not among the quests offered.*Q01"):
        score_delivery(RULEBOOK_EXAMPLE, quests=["Q01"], quest="Q07")


def test_q12_matching_succeeds_where_a_greedy_rainbow_first_pass_fails() -> None:
    """A greedy pass lets the rainbow button take the purple button, leaving the purple requirement empty."""
    quest = Quest("T1", 5, (Requirement("button", None), Requirement("button", "purple")))
    assert quest_satisfied(["purple button", "red button"], quest)
    assert not quest_satisfied(["purple button", "purple feather"], quest)


def test_q12_matching_succeeds_where_a_greedy_wild_first_pass_fails() -> None:
    """Q01 with the wild listed first: a greedy pass spends it on a button and finds no purple feather."""
    assert quest_satisfied(["wild", "red button", "blue button"], "Q01")


def test_q12_matching_moves_an_earlier_choice_when_a_later_requirement_needs_it() -> None:
    """The rainbow button first takes the red button; the red-button requirement later claims it back."""
    quest = Quest("T2", 7, (Requirement("button", None), Requirement("feather", "purple"),
                            Requirement("button", "red")))
    assert quest_satisfied(["wild", "red button", "green button"], quest)
    assert not quest_satisfied(["wild", "green button", "green button"], quest)


def test_r104_quests_may_be_given_as_objects() -> None:
    q07 = COMPONENTS.quests["Q07"]
    assert satisfiable_quests(RULEBOOK_EXAMPLE, [q07]) == [q07]
    assert score_delivery(RULEBOOK_EXAMPLE, quests=[q07]).total == 18


# ------------------------------------------------------------------------------ R113 end-game pool


def test_r113_pool_scores_items_and_groups_but_never_a_quest() -> None:
    assert quest_satisfied(RULEBOOK_EXAMPLE, "Q07")
    score = score_pool(RULEBOOK_EXAMPLE)
    assert breakdown(score) == (5, 3, 3, None, 11)
    assert score.quest_points == 0


def test_r113_pool_takes_favor_bonus_items_and_an_empty_pool_scores_nothing() -> None:
    bonus = COMPONENTS.favors["F04"].bonus  # blue key
    assert breakdown(score_pool(["blue key", bonus])) == (2, 2, 2, None, 6)
    assert score_pool([]).total == 0


# ------------------------------------------------------------------------------ inputs and errors


def test_r62_a_relic_cannot_be_delivered() -> None:
    crown = COMPONENTS.tiles["crown"]
    with pytest.raises(ValueError, match="relic"):
        as_item(crown)
    with pytest.raises(ValueError, match="relic"):
        score_delivery(["red key", crown])
    with pytest.raises(ValueError, match="relic"):
        score_pool(["crown"])


def test_as_item_accepts_tiles_pairs_and_names() -> None:
    assert as_item(COMPONENTS.tiles["purple.button.2"]) == ("purple", "button")
    assert as_item(COMPONENTS.tiles["wild.3"]) == WILD
    assert as_item(("red", "key")) == ("red", "key")
    assert as_item(["red", "key"]) == ("red", "key")
    assert as_item("  Purple   Button ") == ("purple", "button")
    assert as_item("WILD") == WILD
    assert as_item((None, None)) == WILD


def test_unknown_color_lists_the_allowed_colors() -> None:
    with pytest.raises(ValueError, match=r"unknown color 'pink'.*purple, red, green, blue"):
        as_item("pink button")
    with pytest.raises(ValueError, match=r"unknown color 'pink'.*purple, red, green, blue"):
        score_delivery([("pink", "button")])


def test_unknown_symbol_lists_the_allowed_symbols() -> None:
    with pytest.raises(ValueError, match=r"unknown symbol 'spoon'.*button, feather, spool, thimble, key"):
        as_item("purple spoon")


def test_half_an_item_or_an_unreadable_name_is_refused() -> None:
    with pytest.raises(ValueError, match=r"half an item.*allowed colors"):
        as_item(("purple", None))
    with pytest.raises(ValueError, match=r"'<color> <symbol>'.*allowed symbols"):
        as_item("a purple button")
    with pytest.raises(TypeError):
        as_item(42)


def test_unknown_quest_id_lists_the_valid_ids() -> None:
    with pytest.raises(ValueError, match=r"unknown quest id 'Q99'.*Q01, Q02.*Q12"):
        score_delivery(["red key"], quests=["Q99"])
    with pytest.raises(ValueError, match=r"unknown quest id 'Q99'.*Q01"):
        score_delivery(["red key"], quests=["Q01"], quest="Q99")
    with pytest.raises(ValueError, match=r"unknown quest id 'Q99'"):
        quest_satisfied(["red key"], "Q99")


def test_as_dict_is_plain_json_with_the_total() -> None:
    data = score_delivery(RULEBOOK_EXAMPLE, quests=["Q07"]).as_dict()
    assert data == {"items": 5, "symbol_group": 3, "symbol": "button", "color_group": 3, "color": "purple",
                    "quest": "Q07", "quest_points": 7, "total": 18}
    assert json.loads(json.dumps(data)) == data


# ------------------------------------------------------------------------------ properties


ALL_ITEMS = [(c, s) for c in COMPONENTS.colors for s in COMPONENTS.symbols] + [WILD]
item_lists = st.lists(st.sampled_from(ALL_ITEMS), max_size=15)
quest_lists = st.lists(st.sampled_from(sorted(COMPONENTS.quests)), max_size=3, unique=True)


@settings(max_examples=300, deadline=None)
@given(items=item_lists, quests=quest_lists)
def test_r103_r104_property_total_is_the_sum_of_its_parts(items: list, quests: list[str]) -> None:
    score = score_delivery(items, quests=quests)
    assert score.total == score.items + score.symbol_group + score.color_group + score.quest_points
    assert score.items == len(items)
    assert score.symbol_group <= score.items
    assert score.color_group <= score.items
    assert (score.symbol_group >= 1) == bool(items)
    assert (score.quest is None) == (score.quest_points == 0)
    if score.quest is not None:
        assert score.quest in quests
        assert quest_satisfied(items, score.quest)
        assert score.quest_points == max(q.points for q in satisfiable_quests(items, quests))


@settings(max_examples=300, deadline=None)
@given(items=item_lists, quests=quest_lists)
def test_r103_r104_property_adding_a_wild_never_lowers_the_score(items: list, quests: list[str]) -> None:
    before = score_delivery(items, quests=quests).total
    after = score_delivery([*items, WILD], quests=quests).total
    assert after >= before + 3  # +1 item and +1 in each largest group, and no quest is lost
    assert score_pool([*items, WILD]).total == score_pool(items).total + 3


@settings(max_examples=200, deadline=None)
@given(items=item_lists, data=st.data())
def test_r103_property_order_of_the_tiles_does_not_matter(items: list, data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(items))
    assert score_delivery(shuffled, quests=sorted(COMPONENTS.quests)) == \
        score_delivery(items, quests=sorted(COMPONENTS.quests))


def _brute_force_satisfied(items: list, quest: Quest) -> bool:
    """Tries every way to give each requirement its own item (only for small cases)."""

    def meets(item: tuple, req: Requirement) -> bool:
        color, symbol = item
        return symbol is None or (symbol == req.symbol and req.color in (None, color))

    return any(all(meets(items[i], r) for i, r in zip(pick, quest.requires, strict=True))
               for pick in permutations(range(len(items)), len(quest.requires)))


@settings(max_examples=400, deadline=None)
@given(items=st.lists(st.sampled_from(ALL_ITEMS), max_size=7), qid=st.sampled_from(sorted(COMPONENTS.quests)))
def test_q12_property_matching_agrees_with_trying_every_assignment(items: list, qid: str) -> None:
    quest = COMPONENTS.quests[qid]
    assert quest_satisfied(items, quest) == _brute_force_satisfied(items, quest)


requirements = st.builds(Requirement, symbol=st.sampled_from(COMPONENTS.symbols),
                         color=st.sampled_from([None, *COMPONENTS.colors]))


@settings(max_examples=400, deadline=None)
@given(items=st.lists(st.sampled_from(ALL_ITEMS), max_size=6),
       reqs=st.lists(requirements, min_size=1, max_size=4))
def test_q12_property_matching_agrees_on_made_up_quests(items: list, reqs: list[Requirement]) -> None:
    """Random requirement lists reach orders the printed quests never use (e.g. rainbow before specific)."""
    quest = Quest("T", 5, tuple(reqs))
    assert quest_satisfied(items, quest) == _brute_force_satisfied(items, quest)

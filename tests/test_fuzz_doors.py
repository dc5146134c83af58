"""Seeded mutation fuzzing of every door (issue 8), a few hundred cases each in the normal test run.

Saved games, positions, the acting calls and the widget's intents are mutated (truncation, flipped characters,
wrong types, huge numbers, deep nesting, long strings, NaN and Infinity, duplicated or missing tiles and mice,
changed versions, tampered history and redo). Every case must end in a clear refusal of the door's own type
with nothing changed, or in an input accepted exactly as given that then plays on keeping every invariant.
The seeds are fixed, so a failure reproduces; ``benchmarks/fuzz_doors.py`` runs the long campaigns.
"""

from __future__ import annotations

import pytest
from support.fuzz_clocktowers import DOORS as CLOCKTOWERS_DOORS
from support.fuzz_core import MUST_BE_ZERO
from support.fuzz_hickory import DOORS
from support.fuzz_mice import DOORS as MICE_DOORS

CASES = {"saves": 300, "positions": 300, "choices": 300, "intents": 300}
CARD_DOORS = {**CLOCKTOWERS_DOORS, **MICE_DOORS}
CARD_CASES = 150
"""Per card-game door (Clocktowers and Mice!: saves, seat saves, positions)."""


@pytest.mark.parametrize("door", sorted(DOORS))
def test_every_mutated_input_is_refused_clearly_or_accepted_identically(door: str) -> None:
    tally = DOORS[door](seed=7, cases=CASES[door])
    counts = tally.counts
    assert sum(counts.values()) >= CASES[door]
    assert tally.bad() == 0, f"{door}: {dict(counts)}; examples: {tally.examples}"
    assert counts["refused"] > CASES[door] // 3, f"{door}: the mutations are too gentle to test refusals"
    assert counts["identical"] > 0, f"{door}: no mutated input was ever accepted, so acceptance is untested"
    assert set(MUST_BE_ZERO).isdisjoint(k for k, v in counts.items() if v)


@pytest.mark.parametrize("door", sorted(CARD_DOORS))
def test_every_mutated_card_game_input_is_refused_clearly_or_accepted_identically(door: str) -> None:
    tally = CARD_DOORS[door](7, CARD_CASES)
    counts = tally.counts
    assert sum(counts.values()) >= CARD_CASES
    assert tally.bad() == 0, f"{door}: {dict(counts)}; examples: {tally.examples}"
    assert counts["refused"] > CARD_CASES // 3, f"{door}: the mutations are too gentle to test refusals"
    assert counts["identical"] > 0, f"{door}: no mutated input was ever accepted, so acceptance is untested"

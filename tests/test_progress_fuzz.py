"""A seeded fuzz campaign against the classroom's doors (tests/support/fuzz_progress.py): progress files,
learners' names, hand-ins read by the dashboard, intents of the join form and the dashboard. A failing case is
replayed by its seed; benchmarks/fuzz_progress.py runs a longer campaign and prints the counts per door."""

from __future__ import annotations

from pathlib import Path

from support.fuzz_progress import campaign, check_handins, check_intents

CASES = 1500


def test_progress_files_and_names_are_taken_whole_or_refused_by_their_own_error(tmp_path: Path) -> None:
    counts = campaign(CASES, tmp_path)
    for door, outcome in counts.items():
        assert outcome["taken"] > CASES // 10 and outcome["refused"] > CASES // 10, (door, outcome)


def test_damaged_hand_ins_are_listed_and_never_stop_the_dashboard(tmp_path: Path) -> None:
    counts = check_handins(range(200), tmp_path)
    assert counts["taken"] and counts["refused"]


def test_no_intent_makes_a_classroom_page_fail(tmp_path: Path) -> None:
    assert check_intents(range(300), tmp_path)["sent"] == 600

"""Who a learner is: names compared after NFKC, casefolding and a look-alike fold, mixed alphabets refused; PINs
kept as salted hashes, wrong ones counted across kernels and locking the name; join links; the teacher's code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hickory_widget.lessons.identity import (
    FREE_FAILURES,
    Identities,
    IdentityError,
    LearnerNameError,
    check_teacher_code,
    lock_seconds,
    name_key,
    new_teacher_code,
)


@pytest.mark.parametrize(("one", "other"), [
    ("Ada", "ada"), ("ＡＤＡ", "ada"), ("  Ada   Lovelace ", "ada lovelace"), ("Straße", "strasse"),
    ("\u0410\u0441\u0435", "ace"),  # all Cyrillic, drawn like "Ace"
    ("\u0391\u0392\u0391", "aba"),  # all Greek capitals, drawn like "ABA"
    ("Jose\u0301", "José"),  # a combining accent and the composed letter
])
def test_names_that_look_the_same_have_the_same_key(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("name", "code"), [
    ("\u0430da", "name_mixed"),  # Cyrillic а in a Latin name
    ("Ad\u03b1", "name_mixed"),  # Greek alpha at the end
    ("a\u200bda", "name_chars"),  # a zero-width space hides in it
    ("", "name_length"), ("x" * 41, "name_length"), ("<b>", "name_chars"),
])
def test_names_that_pretend_are_refused(name: str, code: str) -> None:
    with pytest.raises(LearnerNameError) as info:
        name_key(name)
    assert info.value.code == code


def test_names_that_only_look_different_keep_apart() -> None:
    assert name_key("Саша") != name_key("Sasha") and name_key("Ann") != name_key("Anne")


def test_a_pin_is_kept_only_as_a_salted_hash_and_opens_only_its_name(tmp_path: Path) -> None:
    ids = Identities(tmp_path / "progress.json")
    assert ids.create("Ada", "2468") == "Ada"
    assert ids.create("Bea", "2468") == "Bea"
    stored = ids.path.read_text()
    assert "2468" not in stored
    entries = json.loads(stored)["learners"]
    assert entries["ada"]["hash"] != entries["bea"]["hash"], "a salt of its own for each learner"
    assert ids.path.stat().st_mode & 0o077 == 0, "readable by its owner only"
    assert ids.verify("ＡＤＡ", "2468") == "Ada"
    with pytest.raises(IdentityError) as info:
        ids.create("ada", "1111")
    assert info.value.code == "taken"
    with pytest.raises(IdentityError) as info:
        ids.verify("ada", "1111")
    assert info.value.code == "wrong_pin"


def test_wrong_pins_lock_the_name_for_a_while_shared_by_every_kernel(tmp_path: Path) -> None:
    now = [1000.0]
    kernel_a = Identities(tmp_path / "p.json", clock=lambda: now[0])
    kernel_b = Identities(tmp_path / "p.json", clock=lambda: now[0])
    kernel_a.create("ada", "2468")
    for i in range(FREE_FAILURES):
        with pytest.raises(IdentityError) as info:
            (kernel_a if i % 2 else kernel_b).verify("ada", "0000")
        assert info.value.code == "wrong_pin"
    with pytest.raises(IdentityError) as info:
        kernel_a.verify("ada", "2468")  # even the right PIN waits
    assert info.value.code == "locked" and info.value.details["n"] == 60
    now[0] += 61
    assert kernel_b.verify("ada", "2468") == "ada"
    assert lock_seconds(FREE_FAILURES + 1) == 120 and lock_seconds(100) == 15 * 60


def test_the_teacher_clears_a_forgotten_pin_and_the_learner_chooses_anew(tmp_path: Path) -> None:
    ids = Identities(tmp_path / "p.json")
    ids.create("Ada", "2468")
    ids.forget_pin("ada")
    assert not ids.known("ada")
    assert ids.create("ada", "1357") == "Ada", "the name as first typed stays the progress file's key"


def test_a_join_link_opens_its_name_only(tmp_path: Path) -> None:
    ids = Identities(tmp_path / "p.json")
    key = ids.link_key("Ada")
    assert ids.check_link("ADA", key) == "ADA"
    assert Identities(tmp_path / "p.json").check_link("ada", key) == "ADA", "links survive a restart"
    for name, wrong in (("bea", key), ("ada", key[:-1] + ("1" if key[-1] == "0" else "0")), ("ada", None)):
        with pytest.raises(IdentityError) as info:
            ids.check_link(name, wrong)
        assert info.value.code == "bad_link"


def test_the_teachers_code_ignores_case_and_dashes_and_wrong_ones_lock(tmp_path: Path) -> None:
    code = new_teacher_code()
    assert len(code) == 9 and not set(code) & set("01OIL")
    assert check_teacher_code(code.lower().replace("-", " "), code)
    assert not check_teacher_code(code, None) and not check_teacher_code(None, code)
    ids = Identities(tmp_path / "p.json", clock=lambda: 5.0)
    for _ in range(FREE_FAILURES):
        with pytest.raises(IdentityError):
            ids.check_teacher("AAAA-AAAA", code)
    with pytest.raises(IdentityError) as info:
        ids.check_teacher(code, code)
    assert info.value.code == "locked"


def test_a_damaged_identities_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    ids = Identities(tmp_path / "p.json")
    ids.path.write_bytes(b"\xff[[[")
    with pytest.raises(IdentityError) as info:
        ids.verify("ada", "2468")
    assert info.value.code == "damaged" and ids.path.read_bytes() == b"\xff[[["

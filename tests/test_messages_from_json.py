"""scripts/messages_from_json.py: keys added to the old flat JSON catalogs on other branches are carried into the
gettext catalogs, never overwriting a message that is already there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from support.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
script = load_script("messages_from_json")


def po(folder: Path, lang: str):
    with (folder / f"{lang}.po").open("rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture
def messages(tmp_path: Path) -> Path:
    folder = tmp_path / "messages"
    shutil.copytree(ROOT / "hickory_widget" / "hickory" / "words" / "messages", folder)
    return folder


def write(path: Path, data: dict[str, str]) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_new_keys_are_added_and_existing_messages_kept(messages: Path, capsys: pytest.CaptureFixture) -> None:
    before = po(messages, "it")
    en = write(messages / "en.json", {"ui.undo": "Undo it all", "lesson.intro": "Welcome, {who}!"})
    it = write(messages / "it.json", {"ui.undo": "Annulla tutto", "lesson.intro": "Benvenuto, {who}!"})
    assert script.main(["--messages", str(messages), f"en={en}", f"it={it}"]) == 0
    after_en, after_it = po(messages, "en"), po(messages, "it")
    assert after_en.get("lesson.intro").string == "Welcome, {who}!"
    assert after_it.get("lesson.intro").string == "Benvenuto, {who}!"
    assert after_it.get("lesson.intro").auto_comments == ["en: Welcome, {who}!"]   # for translators
    assert after_it.get("ui.undo").string == before.get("ui.undo").string          # never overwritten
    assert after_it.get("count.points").string == ("{n} punto", "{n} punti")        # plural forms untouched
    assert after_it.plural_forms == "nplurals=2; plural=(n != 1);"
    out = capsys.readouterr().out
    assert "it: added 1 keys" in out and "kept the .po text of 1 keys" in out and "ui.undo" in out
    assert en.exists() and it.exists()                                             # kept without --delete-json


def test_default_sources_and_delete_json(messages: Path) -> None:
    write(messages / "de.json", {"whatif.title": "Was wäre, wenn?"})
    assert script.main(["--messages", str(messages), "--delete-json"]) == 0
    assert po(messages, "de").get("whatif.title").string == "Was wäre, wenn?"
    assert not (messages / "de.json").exists()


def test_dry_run_changes_nothing(messages: Path) -> None:
    text = (messages / "en.po").read_bytes()
    write(messages / "en.json", {"door.open": "Open the door"})
    assert script.main(["--messages", str(messages), "--dry-run"]) == 0
    assert (messages / "en.po").read_bytes() == text


def test_a_missing_catalog_is_created_with_plural_forms(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    folder.mkdir()
    write(folder / "de.json", {"ui.undo": "Rückgängig"})
    assert script.main(["--messages", str(folder)]) == 0
    catalog = po(folder, "de")
    assert catalog.get("ui.undo").string == "Rückgängig"
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize("content, message", [("{not json", "not a readable JSON file"),
                                              ('["a", "b"]', "one JSON object mapping keys to template strings"),
                                              ('{"a": 3}', "one JSON object mapping keys to template strings")])
def test_a_bad_json_file_is_refused_clearly(messages: Path, content: str, message: str) -> None:
    bad = messages / "it.json"
    bad.write_text(content, encoding="utf-8")
    text = (messages / "it.po").read_bytes()
    with pytest.raises(SystemExit, match=message):
        script.main(["--messages", str(messages), f"it={bad}"])
    assert (messages / "it.po").read_bytes() == text


def test_a_bad_argument_names_the_languages(messages: Path, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit):
        script.main(["--messages", str(messages), "fr=x.json"])
    assert "en, it, de" in capsys.readouterr().err

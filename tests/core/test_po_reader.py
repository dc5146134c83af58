"""The package's own .po reader (core/messages.py) gives exactly what Babel's reader and Python's gettext give, for
every catalog of every game; its written-out plural rules agree with each catalog's Plural-Forms header; and the
package runs with no Babel at all (as in the browser, where Babel is not shipped)."""

import gettext
import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po

import hickory_widget
from hickory_widget.core.messages import PLURAL_RULES, PoError, load_po

CATALOGS = sorted(Path(hickory_widget.__file__).parent.glob("**/messages/*.po"))


def babel_book(path):
    with path.open("rb") as f:
        po = babel_read_po(f, locale=path.stem)
    buf = io.BytesIO()
    write_mo(buf, po, use_fuzzy=True)
    buf.seek(0)
    return po, gettext.GNUTranslations(buf)


def test_there_are_catalogs_to_compare():
    assert len(CATALOGS) >= 12


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_message_reads_as_babel_and_gettext_read_it(path):
    po, compiled = babel_book(path)
    book = load_po(path, path.stem)
    babel_keys = [m.id[0] if m.pluralizable else m.id for m in po if m.id]
    assert list(book.messages) == babel_keys
    for message in po:
        if not message.id:
            continue
        if message.pluralizable:
            key = message.id[0]
            assert book.plural(key)
            for n in range(0, 4):
                assert book.template(key, n) == compiled.ngettext(key, key, n), (key, n)
        else:
            assert not book.plural(message.id)
            assert book.template(message.id) == compiled.gettext(message.id)


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_the_written_plural_rule_is_the_catalogs_own(path):
    po, _ = babel_book(path)
    header_rule = gettext.c2py(po.plural_expr)
    rule = PLURAL_RULES[path.stem]
    assert [rule(n) for n in range(200)] == [header_rule(n) for n in range(200)]


def test_escapes_continuations_obsolete_and_empty_strings(tmp_path):
    po = tmp_path / "it.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: it\\n"\n\n'
                  '#, fuzzy\nmsgid "a"\nmsgstr "uno \\"due\\"\\n"\n"tre\\\\"\n\n'
                  '#~ msgid "old"\n#~ msgstr "vecchio"\n\n'
                  'msgid "empty"\nmsgstr ""\n\n'
                  'msgid "n"\nmsgid_plural "n"\nmsgstr[0] "{n} punto"\nmsgstr[1] ""\n', encoding="utf-8")
    book = load_po(po, "it")
    assert book.template("a") == 'uno "due"\ntre\\'
    assert "old" not in book.messages
    assert book.template("empty") == "empty"
    assert book.template("n", 1) == "{n} punto"
    assert book.template("n", 5) == "n"
    with pytest.raises(TypeError, match="pass the count"):
        book.template("n")
    with pytest.raises(KeyError, match="no message 'b' in the 'it' catalog"):
        book.template("b")


def test_a_damaged_catalog_names_the_line(tmp_path):
    po = tmp_path / "de.po"
    po.write_text('msgid "a"\nmsgstr "eins"\nmsgtext "zwei"\n', encoding="utf-8")
    with pytest.raises(PoError, match=r"de\.po:3: msgid, msgid_plural, msgstr or msgctxt expected"):
        load_po(po, "de")


def test_the_package_speaks_three_languages_without_babel():
    code = ("import sys; sys.modules['babel'] = None\n"
            "from hickory_widget.hickory.words import i18n\n"
            "from hickory_widget.mice.words.labels import CATALOG\n"
            "print(i18n.t('it', 'count.points', n=1), '|', i18n.t('de', 'count.points', n=2), '|',"
            " len(CATALOG.texts['de']) > 0)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "1 punto | 2 Siegpunkte | True"

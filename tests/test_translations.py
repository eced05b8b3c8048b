"""Every text a person reads exists in English and Italian."""

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion import i18n

REPO = Path(__file__).resolve().parents[1]
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
# In kv files texts are written _('...') or L.t('...') / L.f('...') (companion.app.lang).
KV_STRING = re.compile(r"""(?:\b_|\bL\.[tf])\(\s*(["'])(.+?)\1""")


def marked_strings() -> dict[str, str]:
    """msgid -> where it is marked, over the package's Python files and the kv files."""
    found = {}
    for package in ("companion", "hardware"):
        for filename, lineno, message, _comments, _context in extract_from_dir(
                str(REPO / package), method_map=[("**.py", "python")], keywords=KEYWORDS):
            for msgid in (message if isinstance(message, tuple) else (message,)):
                if msgid:
                    found.setdefault(msgid, f"{package}/{filename}:{lineno}")
    for kv in (REPO / "kv").glob("*.kv"):
        for lineno, line in enumerate(kv.read_text(encoding="utf-8").splitlines(), 1):
            for match in KV_STRING.finditer(line):
                found.setdefault(match.group(2), f"kv/{kv.name}:{lineno}")
    return found


def test_every_marked_string_has_an_italian_translation():
    catalog = i18n.load_catalog("it")
    missing = {m: where for m, where in marked_strings().items() if m not in catalog}
    assert not missing, "no Italian for:\n" + "\n".join(f"  {w}: {m!r}" for m, w in sorted(missing.items()))


def test_translations_keep_their_placeholders():
    catalog = i18n.load_catalog("it")
    for msgid, msgstr in catalog.items():
        assert set(re.findall(r"\{(\w+)", msgid)) == set(re.findall(r"\{(\w+)", msgstr)), msgid


def test_the_catalogs_read_the_same_with_gettext_tools():
    """Our reader agrees with Babel's on every catalog file."""
    for po in (REPO / "companion" / "locale").glob("*/LC_MESSAGES/*.po"):
        with open(po, "rb") as f:
            babel = {m.id: m.string for m in read_po(f) if m.id and m.string and not m.fuzzy}
        assert i18n.parse_po(po.read_text(encoding="utf-8")) == babel, po.name


def test_switching_language_switches_the_rules_messages():
    from companion.words import card_name
    from companion.rules import parse_card
    i18n.set_language("it")
    try:
        assert card_name(parse_card("R3")) == "Rosso 3"
    finally:
        i18n.set_language("en")
    assert card_name(parse_card("R3")) == "Red 3"

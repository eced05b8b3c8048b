"""English and Italian for every text a person reads, through gettext catalogs.

Catalogs are the .po files in companion/locale/<lang>/LC_MESSAGES/ (one per part of the
product); they are read directly at start-up, so there is no compile step to forget.
"""

from __future__ import annotations

import ast
import gettext as _gettext
from pathlib import Path

LANGUAGES = ("en", "it")
LOCALE_DIR = Path(__file__).parent / "locale"

_current = "en"
_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_listeners: list = []


class PoTranslations(_gettext.NullTranslations):
    """A gettext catalog built from .po files."""

    def __init__(self, catalog: dict[str, str]) -> None:
        super().__init__()
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        return self._catalog.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (untranslated and fuzzy entries are left out)."""
    catalog: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    target = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        key, value = "".join(msgid), "".join(msgstr)
        if key and value and not fuzzy:
            catalog[key] = value
        msgid.clear()
        msgstr.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            if msgstr:
                flush()
            fuzzy = True
        elif line.startswith("msgid "):
            if msgstr:
                flush()
            target = msgid
            target.append(ast.literal_eval(line[6:]))
        elif line.startswith("msgstr "):
            target = msgstr
            target.append(ast.literal_eval(line[7:]))
        elif line.startswith('"') and target is not None:
            target.append(ast.literal_eval(line))
        elif not line:
            if msgstr:
                flush()
            target = None
    if msgstr:
        flush()
    return catalog


_catalogs: dict[str, dict[str, str]] = {}


def load_catalog(lang: str) -> dict[str, str]:
    """Every .po file of `lang` merged (read once; a language switch then costs nothing)."""
    if lang not in _catalogs:
        _catalogs[lang] = _read_catalog(lang)
    return _catalogs[lang]


def _read_catalog(lang: str) -> dict[str, str]:
    catalog: dict[str, str] = {}
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    for po in sorted(folder.glob("*.po")):
        catalog.update(parse_po(po.read_text(encoding="utf-8")))
    return catalog


def set_language(lang: str) -> None:
    """Switches every text to `lang` ("en" or "it"); unknown languages fall back to English."""
    global _current, _translations
    lang = lang if lang in LANGUAGES else "en"
    _current = lang
    _translations = PoTranslations(load_catalog(lang)) if lang != "en" else _gettext.NullTranslations()
    for listener in list(_listeners):
        listener(lang)


def language() -> str:
    return _current


def on_change(listener) -> None:
    """Calls listener(lang) whenever the language changes."""
    _listeners.append(listener)


def gettext(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


_ = gettext


def N_(message: str) -> str:
    """Marks a string for translation without translating it."""
    return message

"""Every text the table shows has its Italian translation, and the translations keep their
{placeholders} (a missing one would show English, or break the sentence)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from companion import i18n

REPO = Path(__file__).resolve().parents[2]
GETTEXT_NAMES = {"N_", "_", "gettext"}
KV_TEXT = re.compile(r"""L\.[tf]\(\s*(['"])((?:\\.|(?!\1).)*)\1""")


def python_messages(path: Path) -> set[str]:
    """The literal first arguments of N_(...), _(...) and gettext(...) in a Python file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        first = node.args[0]
        if name in GETTEXT_NAMES and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.add(first.value)
    return found


def kv_messages(path: Path) -> set[str]:
    """The texts of L.t('...') and L.f('...') in a kv file."""
    return {ast.literal_eval(m.group(1) + m.group(2) + m.group(1))
            for m in KV_TEXT.finditer(path.read_text(encoding="utf-8"))}


def rules_messages() -> set[str]:
    files = sorted((REPO / "companion" / "rules").glob("*.py"))
    files += sorted((REPO / "companion" / "words").glob("*.py")) + [REPO / "companion" / "session.py"]
    out = set()
    for f in files:
        out |= python_messages(f)
    return out


def ui_messages() -> set[str]:
    out = set()
    for f in sorted((REPO / "companion" / "app").glob("*.py")):
        if f.name == "history.py":
            continue
        out |= python_messages(f)
    for f in sorted((REPO / "kv").glob("*.kv")):
        if f.name == "history.kv":
            continue
        out |= kv_messages(f)
    for f in sorted((REPO / "companion" / "demo").glob("*.py")):
        out |= python_messages(f)
    return out


def italian() -> dict[str, str]:
    return i18n.load_catalog("it")


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("kind,messages", [("rules", rules_messages), ("ui", ui_messages)])
def test_every_message_has_an_italian_translation(kind, messages):
    catalog = italian()
    found = messages()
    assert len(found) > 50
    missing = sorted(m for m in found if m not in catalog)
    assert missing == [], f"{kind} texts without Italian: {missing}"


def test_translations_keep_their_placeholders():
    catalog = italian()
    for message in rules_messages() | ui_messages():
        translated = catalog.get(message)
        if translated:
            assert fields(translated) == fields(message), (message, translated)
            assert translated.count("[") == message.count("["), (message, translated)


def test_the_words_of_the_game_in_italian():
    catalog = italian()
    suits = {"Red": "Rosso", "Yellow": "Giallo", "Green": "Verde", "Blue": "Blu", "White": "Bianco",
             "Multicolor": "Multicolore"}
    for english, italian_name in suits.items():
        assert catalog[english] == italian_name
    bands = {"horrible": "orribile", "mediocre": "mediocre", "honourable": "degno di nota",
             "excellent": "eccellente", "amazing": "straordinario", "legendary": "leggendario",
             "divine": "divino"}
    for english, italian_name in bands.items():
        assert catalog[english] == italian_name


def test_a_refusal_and_a_result_read_in_italian():
    from companion.words import outcome_text
    from companion.rules import GameSetup, parse_card
    from companion.session import TableSession

    session = TableSession()
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    i18n.set_language("it")
    try:
        refused = session.discard(parse_card("R1"))
        assert outcome_text(refused) == ("Tutti gli 8 gettoni indizio sono disponibili: "
                                         "non puoi scartare")
        played = session.play(parse_card("B1"))
        assert outcome_text(played, ["Ana", "Ben"]) == "Blu 1 giocato: il blu è a 1"
        misfire = session.play(parse_card("G3"))
        assert outcome_text(misfire) == "Errore: Verde 3 non va, il verde è a 0"
        assert outcome_text(session.undo()) == "Annullato: Gioca Verde 3"
    finally:
        i18n.set_language("en")


def test_the_catalog_files_are_where_the_app_reads_them():
    folder = REPO / "companion" / "locale" / "it" / "LC_MESSAGES"
    for name in ("ui.po", "messages.po"):
        text = (folder / name).read_text(encoding="utf-8")
        assert 'Language: it' in text
        assert i18n.parse_po(text)

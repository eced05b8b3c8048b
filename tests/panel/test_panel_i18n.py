"""Every text of the panel a person can read has its Italian translation."""

from __future__ import annotations

import ast
import string
from pathlib import Path

from companion import i18n

REPO = Path(__file__).resolve().parents[2]
SOURCES = [REPO / "companion" / "panel_setup.py", REPO / "companion" / "words" / "panel.py",
           REPO / "companion" / "panel_link.py"]
CATALOG = REPO / "companion" / "locale" / "it" / "LC_MESSAGES" / "panel.po"


def marked_texts() -> set[str]:
    texts = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("_", "N_") and node.args \
                    and isinstance(node.args[0], ast.Constant):
                texts.add(node.args[0].value)
    return texts


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_panel_has_texts_to_translate():
    texts = marked_texts()
    assert len(texts) >= 5
    assert any(text.startswith("No button panel found") for text in texts)


def test_every_panel_text_has_an_italian_translation_with_the_same_fields():
    catalog = i18n.parse_po(CATALOG.read_text(encoding="utf-8"))
    texts = marked_texts()
    assert sorted(texts - set(catalog)) == []  # untranslated
    assert sorted(set(catalog) - texts) == []  # left over from texts that changed
    for english, italian in catalog.items():
        assert fields(italian) == fields(english), english
        assert italian != english

"""Every text of the scan and camera parts that a person reads has its Italian translation."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.i18n import parse_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "companion" / "scan").glob("*.py")),
           ROOT / "companion" / "words" / "camera.py",
           ROOT / "companion" / "commands" / "scan.py", ROOT / "companion" / "commands" / "tags.py"]
CATALOG = ROOT / "companion" / "locale" / "it" / "LC_MESSAGES" / "scan.po"


def marked_strings() -> dict[str, str]:
    found = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args):
                arg = node.args[0]
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                    f"{path.name}:{node.lineno}: translate a plain string, not an expression"
                found[arg.value] = f"{path.name}:{node.lineno}"
    return found


def test_every_marked_text_has_an_italian_translation():
    catalog = parse_po(CATALOG.read_text(encoding="utf-8"))
    strings = marked_strings()
    assert len(strings) > 40
    missing = {text: where for text, where in strings.items() if text not in catalog}
    assert not missing


def test_translations_keep_the_placeholders():
    import string

    catalog = parse_po(CATALOG.read_text(encoding="utf-8"))
    fields = lambda s: sorted(f for _, f, _, _ in string.Formatter().parse(s) if f)  # noqa: E731
    for english, italian in catalog.items():
        assert fields(english) == fields(italian), english

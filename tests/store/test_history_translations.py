"""Every text of the history, the store's messages, export and import exists in Italian."""

from __future__ import annotations

from companion.words import message as words_message
import ast
import re
from pathlib import Path

from companion import i18n

REPO = Path(__file__).resolve().parents[2]
SOURCES = ["companion/store/database.py", "companion/store/open_safely.py", "companion/store/stats.py",
           "companion/formats/hanablive.py", "companion/commands/history.py",
           "companion/commands/export.py", "companion/commands/import_log.py",
           "companion/app/history.py"]
KV = REPO / "kv" / "history.kv"
CATALOG = REPO / "companion" / "locale" / "it" / "LC_MESSAGES" / "store.po"


def marked() -> dict[str, str]:
    found = {}
    for source in SOURCES:
        tree = ast.parse((REPO / source).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("N_", "_") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.setdefault(node.args[0].value, f"{source}:{node.lineno}")
    for lineno, line in enumerate(KV.read_text(encoding="utf-8").splitlines(), 1):
        for match in re.finditer(r"L\.t\('((?:[^'\\]|\\.)*)'", line):
            found.setdefault(match.group(1), f"kv/history.kv:{lineno}")
    return found


def test_every_text_has_italian():
    catalog = i18n.parse_po(CATALOG.read_text(encoding="utf-8"))
    strings = marked()
    assert len(strings) > 80
    missing = {m: where for m, where in strings.items() if m not in catalog}
    assert not missing, "no Italian for:\n" + "\n".join(f"  {w}: {m!r}" for m, w in missing.items())


def test_the_italian_keeps_every_placeholder():
    catalog = i18n.parse_po(CATALOG.read_text(encoding="utf-8"))
    for msgid, msgstr in catalog.items():
        assert sorted(re.findall(r"\{[^}]*\}", msgid)) == sorted(re.findall(r"\{[^}]*\}", msgstr)), msgid


def test_a_refusal_reads_in_italian():
    from companion.rules.errors import Message
    from companion.session import JournalError

    error = JournalError("The SD card is full: free some space, then go on. {kept}",
                         kept=Message("The game is kept up to turn {turn}.", turn=12))
    i18n.set_language("it")
    try:
        text = words_message(error)
    finally:
        i18n.set_language("en")
    assert text == ("La scheda SD è piena: liberate un po' di spazio, poi continuate. "
                    "La partita è conservata fino al turno 12.")
    assert words_message(error).endswith("The game is kept up to turn 12.")

"""The last table set up and the language chosen, kept in a small JSON file between evenings.

The file lives in companion.config.data_dir() and is written atomically (a temporary file
renamed over the old one), so a pulled plug leaves either the old choices or the new ones.
A missing or damaged file simply means the defaults.

The writes (each waits for the card to confirm it, which can take a while on an SD card) run
in order on one thread of their own, so a tap on a language or on Start never waits for the
disk; reading waits for the writes asked for before it (`flush`).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from companion import config
from companion.i18n import LANGUAGES
from companion.rules.errors import SetupError
from companion.rules.game import MAX_PLAYERS, OPTION_NAMES, GameSetup

FILE_NAME = "last-setup.json"


def default_names() -> list[str]:
    from companion.i18n import gettext as _

    return [_("Player {number}").format(number=i) for i in range(1, MAX_PLAYERS + 1)]




def path() -> Path:
    return config.data_dir() / FILE_NAME


_writer = None  # a one-thread ThreadPoolExecutor, made at the first write
_writer_lock = threading.Lock()


def _read_file(target: Path) -> dict:
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _read() -> dict:
    flush()
    return _read_file(path())


def _submit(task, *args):
    global _writer
    with _writer_lock:
        if _writer is None:
            from concurrent.futures import ThreadPoolExecutor

            _writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="remember")
        return _writer.submit(task, *args)


def in_turn(task, *args):
    """Runs task(*args) on the writer thread, after every write asked for before it: a file kept
    beside this one (a taught deck) is written in order with the entries that name it, and
    `flush` (called as the app stops) waits for it too. Returns its concurrent.futures.Future."""
    return _submit(task, *args)


def flush(timeout: float = 10.0) -> None:
    """Waits until every change asked for so far is on the disk (or has failed quietly)."""
    if _writer is not None:
        try:
            _submit(lambda: None).result(timeout)
        except Exception:  # a stuck card: remembering is a convenience, never a reason to hang
            pass


def _remember(key: str, value) -> None:
    """Sets one entry of the file, on the writer thread (the file is named now, on the caller's)."""
    _submit(_update, path(), key, value)


def _update(target: Path, key: str, value) -> None:
    data = _read_file(target)
    data[key] = value
    _write(data, target)


def _write(data: dict, target: Path | None = None) -> None:
    """Atomic: a reader sees the old file or the new one, never half of one. Errors are ignored
    (remembering is a convenience: a read-only card must not stop the game)."""
    target = target or path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError:
        pass


def language() -> str | None:
    lang = _read().get("language")
    return lang if lang in LANGUAGES else None


def remember_language(lang: str) -> None:
    _remember("language", lang)


def default_setup() -> GameSetup:
    """Three players with the default names, the classic game."""
    return GameSetup(tuple(default_names()[:3]))


def setup_from_file(raw: object) -> GameSetup:
    """The setup the file held (GameSetup.from_dict), or the default one if it holds none that
    the rules accept. A file written before the options were nested is read too."""
    if isinstance(raw, dict) and "options" not in raw:
        raw = {**raw, "options": {k: raw[k] for k in OPTION_NAMES if k in raw}}
        raw = {k: v for k, v in raw.items() if k not in OPTION_NAMES}
    try:
        return GameSetup.from_dict(raw)
    except SetupError:
        return default_setup()


def last_setup() -> GameSetup:
    return setup_from_file(_read().get("setup"))


def remember_setup(setup: GameSetup) -> None:
    _remember("setup", setup.to_dict())


# ----- the deck of card faces taught last, and a teach pass left half-way ----------------------

def decks_dir() -> Path:
    """Where the app keeps the decks it taught, next to the store."""
    return config.data_dir() / "decks"


def taught_deck() -> Path | None:
    """The deck file taught last in the app (None: none yet)."""
    raw = _read().get("deck")
    return Path(raw) if isinstance(raw, str) and raw and "\0" not in raw else None


def remember_taught_deck(deck: Path) -> None:
    _remember("deck", str(deck))


def teach_pass() -> dict:
    """The teach pass left half-way ({} if none): its variant, deck file and faces skipped."""
    raw = _read().get("teach_pass")
    return raw if isinstance(raw, dict) else {}


def remember_teach_pass(saved: dict | None) -> None:
    _remember("teach_pass", saved or {})

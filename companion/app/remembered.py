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
from companion.rules.game import MAX_PLAYERS, MIN_PLAYERS
from companion.rules.options import ENDGAMES, FUSE_OUTS
from companion.rules.variants import VARIANTS

FILE_NAME = "last-setup.json"
MAX_NAME_LENGTH = 40


def default_names() -> list[str]:
    from companion.i18n import gettext as _

    return [_("Player {number}").format(number=i) for i in range(1, MAX_PLAYERS + 1)]


DEFAULT_SETUP = {
    "players": ["Player 1", "Player 2", "Player 3"],
    "first_player": 0,
    "variant": "classic",
    "endgame": "standard",
    "fuse_out": "zero",
    "empty_clues": False,
}


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


def clean_setup(raw: object) -> dict:
    """A usable setup from whatever the file held: bad or missing fields take the defaults."""
    setup = dict(DEFAULT_SETUP)
    setup["players"] = default_names()[:3]
    if not isinstance(raw, dict):
        return setup
    players = raw.get("players")
    if (isinstance(players, list) and MIN_PLAYERS <= len(players) <= MAX_PLAYERS
            and all(isinstance(p, str) and p.strip() and len(p) <= MAX_NAME_LENGTH for p in players)):
        setup["players"] = [p.strip() for p in players]
    first = raw.get("first_player")
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(setup["players"]):
        setup["first_player"] = first
    if raw.get("variant") in VARIANTS:
        setup["variant"] = raw["variant"]
    if raw.get("endgame") in ENDGAMES:
        setup["endgame"] = raw["endgame"]
    if raw.get("fuse_out") in FUSE_OUTS:
        setup["fuse_out"] = raw["fuse_out"]
    if isinstance(raw.get("empty_clues"), bool):
        setup["empty_clues"] = raw["empty_clues"]
    return setup


def last_setup() -> dict:
    return clean_setup(_read().get("setup"))


def remember_setup(setup: dict) -> None:
    _remember("setup", clean_setup(setup))

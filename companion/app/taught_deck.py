"""Which taught deck of card faces the app reads with, and where the teach screen keeps decks.

The configuration's `[camera] deck` wins; without it, the deck taught last in the app (its
file is remembered in the last-setup file). Decks taught in the app live in the data folder,
next to the store: `decks/<variant>.deck`, and `decks/<variant>-teaching.deck` for a pass left
half-way. A deck that cannot be used (missing, damaged, from another version) gives one notice
and the app reads tags and taps as before.

`open_reader` imports OpenCV and NumPy: call it off the UI thread.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

from companion import config
from companion.app import last_setup
from companion.i18n import N_
from companion.words import format_message, message

log = logging.getLogger(__name__)

NOT_READ_NOTICE = N_("Card faces are not read: {reason}. Tags and taps work as before.")


def deck_in_use(cfg: dict) -> Path | None:
    """The deck file to read card faces with (None: tags and taps only)."""
    named = config.deck_path(cfg) if cfg.get("camera", {}).get("deck") else None
    return named or last_setup.taught_deck()


def deck_for(variant_name: str) -> Path:
    """Where a finished teach pass saves the deck of this variant."""
    return last_setup.decks_dir() / f"{variant_name}.deck"


def half_way_deck_for(variant_name: str) -> Path:
    """Where a teach pass of this variant keeps what it learned so far."""
    return last_setup.decks_dir() / f"{variant_name}-teaching.deck"


def open_reader(path: Path | None) -> tuple[Callable | None, str | None]:
    """(read, notice): FaceReader(deck).read for the deck in `path`, or None and the notice
    saying why faces are not read (None and no notice when there is no deck at all)."""
    if path is None:
        return None, None
    try:
        from companion.faces.deck_file import DeckError, load_deck
        from companion.faces.reader import FaceReader
    except ImportError as err:  # no OpenCV: there is no camera reading either
        log.warning("card faces cannot be read: %s", err)
        return None, None
    try:
        deck = load_deck(path)
        reader = FaceReader(deck)  # learns the deck's faces: a second or two
    except DeckError as err:
        return None, format_message(NOT_READ_NOTICE, {"reason": message(err)})
    except Exception as err:  # never a traceback for a deck file, whatever is in it
        log.warning("the deck %s cannot be read: %s", path, err)
        return None, format_message(NOT_READ_NOTICE, {"reason": str(err) or type(err).__name__})
    return reader.read, None

"""Everything the app is started with: configuration, session, store, devices, notices.

Built by companion.app.main before any window opens (and by the tests and the snapshot
command with their own choices), so that the App itself only shows and forwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion.i18n import N_
from companion.session import TableSession

MANUAL_NOTICE = N_("No camera: manual mode. Tap Play or Discard and pick the card.")
KEYS_NOTICE = N_("Keys: C clue, D discard, P play, U undo")


@dataclass
class AppContext:
    session: TableSession
    cfg: dict = field(default_factory=dict)
    store: object | None = None  # companion.store.Store (closed when the app stops)
    notices: list[str] = field(default_factory=list)  # shown once the window is up
    camera_factory: Callable[[], object] | None = None  # opens the camera; None: manual mode
    service_factory: Callable | None = None  # makes the scanner (default: ScanService)
    panel: object | None = None  # a hardware.panel.base.Panel: GpioPanel or NoPanel
    panel_opener: Callable[[], tuple] | None = None  # opens the panel after the first frame
    demo: object | None = None  # companion.demo.director.DemoDirector
    banner_seconds: float = 4.0
    sound: bool = True
    start_screen: str | None = None  # "table", "end", "newgame"; None: from the game's state
    deck_path: object | None = None  # a taught deck: card faces are read too (None: tags only)

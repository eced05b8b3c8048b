"""A screen of the app for the state at the end of a game, drawn into a PNG with no window shown.

It runs the real app (same screens, same kv files) on SDL's offscreen video driver, so it works
on a headless machine as well as on a desktop, waits a few frames, saves the picture and stops.
Call it in a fresh process: Kivy opens one window per process, at the size asked for here.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from companion import i18n
from companion.app import kivy_setup
from companion.app.context import AppContext
from companion.rules import Game
from companion.session import TableSession

FRAMES_BEFORE_CAPTURE = 5


def render(game: Game, out: str | Path, screen: str = "table", size: tuple[int, int] = (800, 480),
           lang: str = "en") -> Path:
    """Draws `screen` for `game`'s final state into `out` (a PNG of exactly `size`)."""
    kivy_setup.prepare(size, offscreen=True)
    i18n.set_language(lang)
    session = TableSession()
    session.resume(1, game.setup, list(game.events))
    context = AppContext(session=session, sound=False, start_screen=screen, banner_seconds=1.0)

    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.app.companion_app import CompanionApp

    if Window is None:
        raise RuntimeError("no offscreen window could be opened")
    Window.size = size
    app = CompanionApp(context)
    out = Path(out)
    result: dict = {}
    frames = {"n": 0}

    def capture(_dt) -> bool:
        frames["n"] += 1
        if frames["n"] < FRAMES_BEFORE_CAPTURE:
            return True
        with tempfile.TemporaryDirectory() as tmp:
            shot = Window.screenshot(name=str(Path(tmp) / "snapshot.png"))
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(shot, out)
        result["path"] = out
        app.stop()
        return False

    Clock.schedule_interval(capture, 0)
    app.run()
    if "path" not in result:
        raise RuntimeError("the screen was not drawn")
    return out

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
CAMERA_WAIT_SECONDS = 8.0  # the teach screen's longest wait for the camera to take a card


def render(game: Game, out: str | Path, screen: str = "table", size: tuple[int, int] = (800, 480),
           lang: str = "en", camera: str | Path | None = None) -> Path:
    """Draws `screen` for `game`'s final state into `out` (a PNG of exactly `size`). `camera`:
    an image the teach screen's camera sees."""
    kivy_setup.prepare(size, offscreen=True)
    i18n.set_language(lang)
    session = TableSession()
    session.resume(1, game.setup, list(game.events))
    context = AppContext(session=session, sound=False, start_screen=screen, banner_seconds=1.0)
    kept = None
    if screen == "teach":
        import os
        import time

        # the pass it starts is kept in a folder of its own, never in the player's data folder
        kept = os.environ["HANABI_COMPANION_DATA"] = tempfile.mkdtemp(prefix="hanabi-snapshot-")
        if camera is not None:
            from hardware.camera.file_source import FileSource

            context.camera_factory = lambda: FileSource(str(camera), loop=True, fps=15)
        started = time.monotonic()

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
        if screen == "teach" and not _teach_drawn(app, started, camera is not None):
            return True
        with tempfile.TemporaryDirectory() as tmp:
            shot = Window.screenshot(name=str(Path(tmp) / "snapshot.png"))
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(shot, out)
        result["path"] = out
        app.stop()
        return False

    Clock.schedule_interval(capture, 0)
    try:
        app.run()
    finally:
        if kept is not None:
            shutil.rmtree(kept, ignore_errors=True)
    if "path" not in result:
        raise RuntimeError("the screen was not drawn")
    return out


def _teach_drawn(app, started: float, camera: bool) -> bool:
    """The teach screen shows its pass (read from the disk off the UI thread) and, with a
    `camera`, the camera's picture and the card held still in it, or taken (or it gave up
    waiting)."""
    import time

    teach = app.screen("teach")
    if time.monotonic() - started > CAMERA_WAIT_SECONDS:
        return True
    if teach is None or teach.teach is None or teach.opening:
        return False
    if not camera:
        return True
    if teach.preview is None:
        return False
    return teach.steady_share >= 0.5 or teach.can_retake

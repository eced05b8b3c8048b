"""Kivy's settings, made before Kivy is first imported (its window reads them when it opens)."""

from __future__ import annotations

import os


def parse_size(text: str) -> tuple[int, int] | None:
    """(800, 480) for "800x480"; None if it is not WIDTHxHEIGHT with sane numbers."""
    parts = str(text).lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    width, height = int(parts[0]), int(parts[1])
    if not (100 <= width <= 8000 and 100 <= height <= 8000):
        return None
    return width, height


def prepare(size: tuple[int, int] = (800, 480), fullscreen: bool = False,
            offscreen: bool = False, maxfps: int = 30) -> None:
    """Sets up Kivy for the companion. `offscreen`: no visible window (SDL's offscreen driver)."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our own command line, not Kivy's
    # A clock whose "free" events run as soon as the loop turns, not at the next frame: a button
    # press or a card read reaches the table in well under a frame (30 fps is 33 ms).
    os.environ.setdefault("KIVY_CLOCK", "free_all")
    if not os.environ.get("HANABI_COMPANION_DEBUG"):
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    if offscreen:  # a picture, not a session: no window, no log file
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ.setdefault("KIVY_NO_FILELOG", "1")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "borderless", "1" if fullscreen else "0")
    Config.set("graphics", "multisamples", "0")
    Config.set("graphics", "maxfps", str(maxfps))
    Config.set("kivy", "exit_on_escape", "0")  # Escape closes a dialog, never the game
    Config.set("kivy", "pause_on_minimize", "0")
    if Config.has_option("input", "mouse"):  # kept out where the kiosk reads the touchscreen itself
        Config.set("input", "mouse", "mouse,multitouch_on_demand")  # no red dots on right-click
    if fullscreen:  # a kiosk touchscreen may have no keyboard: dock Kivy's own on the screen
        Config.set("kivy", "keyboard_mode", "systemanddock")

"""Driving the real app headlessly, the way Kivy's own tests do.

One Kivy window per test process (SDL's offscreen driver, or the X display of xvfb-run);
each test builds a fresh app on it, taps its widgets with UnitTestTouch, advances
frames with EventLoop.idle() and reads the labels the players would read.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", str(Path(__file__).resolve().parents[2] / ".kivy-test"))
if not os.environ.get("DISPLAY"):  # no X display (xvfb-run gives one): SDL's offscreen driver
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")


ARTEFACTS = Path(__file__).resolve().parents[1] / "artefacts"

MARKUP_TAG = re.compile(r"\[/?(?:b|i|u|s|sub|sup|font|size|color|ref|anchor|font_context|"
                        r"font_family|font_features|text_language)(?:=[^\]]*)?\]")


def unmarkup(text: str) -> str:
    """Kivy markup read as a person reads it: the tags gone, the escapes back."""
    text = MARKUP_TAG.sub("", text)
    return text.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def plain(widget) -> str:
    """The words a label or button shows."""
    return unmarkup(widget.text) if getattr(widget, "markup", False) else widget.text


@pytest.fixture(scope="session")
def window():
    from companion.app import kivy_setup

    kivy_setup.prepare((800, 480), maxfps=0)  # frames as fast as they come
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    win = EventLoop.window
    win.size = (800, 480)
    return win


FONT_SPAN = re.compile(r"\[font=([^\]]+)\]|\[/font\]")
_glyphs: dict = {}


def draws(char: str, font: str) -> bool:
    """Whether `font` has a glyph for `char` (not the empty box drawn for a missing one)."""
    from kivy.core.text import Label as CoreLabel

    def pixels(text: str):
        label = CoreLabel(text=text, font_size=32, font_name=font)
        label.refresh()
        return label.texture.size, label.texture.pixels

    if (char, font) not in _glyphs:
        if (None, font) not in _glyphs:
            _glyphs[(None, font)] = pixels("\U000F0001")  # private use: no font has it
        _glyphs[(char, font)] = pixels(char) != _glyphs[(None, font)]
    return _glyphs[(char, font)]


def shown(widget) -> bool:
    """On the screen and visible: it and every parent have a size and are not transparent."""
    if widget.get_root_window() is None:
        return False
    node = widget
    while node is not None and node is not node.parent:
        if getattr(node, "opacity", 1) == 0 or node.width <= 0 or node.height <= 0:
            return False
        node = node.parent
        if node is widget.get_root_window():
            break
    return True


def labels_on_screen(window) -> list:
    from kivy.uix.label import Label

    return [w for top in list(window.children) for w in top.walk()
            if isinstance(w, Label) and w.text.strip() and shown(w)]


def missing_glyphs(window) -> list[tuple[str, str]]:
    """(text, character) for every character a label draws as an empty box: its font lacks it."""
    missing = []
    for label in labels_on_screen(window):
        if not label.markup:
            pieces = [(label.text, label.font_name)]
        else:  # each stretch of the text in the font its [font=...] tags give it
            pieces, fonts, at = [], [label.font_name], 0
            for match in FONT_SPAN.finditer(label.text):
                pieces.append((unmarkup(label.text[at:match.start()]), fonts[-1]))
                if match.group(1):
                    fonts.append(match.group(1))
                elif len(fonts) > 1:
                    fonts.pop()
                at = match.end()
            pieces.append((unmarkup(label.text[at:]), fonts[-1]))
        for piece, font in pieces:
            for char in set(piece):
                if ord(char) > 127 and not char.isspace() and not draws(char, font):
                    missing.append((plain(label), char))
    return missing


def drawn_words(label) -> list[str]:
    """The words the label's texture holds, line after line, as Kivy laid them out."""
    label.texture_update()
    lines = getattr(label._label, "_cached_lines", [])
    return " ".join("".join(word.text for word in line.words) for line in lines).split()


def unreadable_labels(window) -> list[tuple[str, str]]:
    """(text, why) for every label whose words do not all show whole, inside the label: a word
    broken over two lines, a line left out, or text running out of its box."""
    bad = []
    for label in labels_on_screen(window):
        if label.shorten:
            continue  # shortened with an ellipsis on purpose (a long name in a one-line title)
        words = plain(label).split()
        drawn = drawn_words(label)
        if drawn != words:
            bad.append((plain(label), f"drawn as {drawn}"))
            continue
        tw, th = label.texture_size
        if th > label.height + 2 or tw > label.width + 2:
            bad.append((plain(label), f"text {tw}x{th} in a box of {label.width:.0f}x{label.height:.0f}"))
    return bad


class Driver:
    """Starts a CompanionApp on the test window and plays the table's part."""

    def __init__(self, window, context) -> None:
        from kivy.app import App

        from companion.app.companion_app import CompanionApp

        self.window = window
        self.app = CompanionApp(context)
        self.app._run_prepare()  # App.run() without its endless loop
        assert App.get_running_app() is self.app
        self.frames(3)

    # ----- time ------------------------------------------------------------------------------
    def frames(self, n: int = 2) -> None:
        from kivy.base import EventLoop

        for _ in range(n):
            EventLoop.idle()

    def wait(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frames(1)
            time.sleep(0.01)

    def wait_for(self, condition, timeout: float = 3.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.frames(1)
            if condition():
                return True
            time.sleep(0.01)
        return condition()

    # ----- the screen ---------------------------------------------------------------------------
    @property
    def root(self):
        return self.app.root_view

    @property
    def model(self):
        return self.app.model

    @property
    def session(self):
        return self.app.session

    def screen(self, name: str | None = None):
        screens = self.root.screens
        return screens.get_screen(name or screens.current)

    @property
    def current(self) -> str:
        return self.root.screens.current

    def ids(self, name: str | None = None):
        return self.screen(name).ids

    def text(self, widget_id: str, screen: str | None = None) -> str:
        """What the widget reads as, markup or not."""
        return plain(self.ids(screen)[widget_id])

    @property
    def dialog(self):
        return self.app.actions.dialog

    # ----- touches and keys ----------------------------------------------------------------------
    def tap(self, widget) -> None:
        from kivy.tests.common import UnitTestTouch

        assert widget.get_root_window() is not None, f"{widget} is not on the screen"
        self.frames(1)
        x, y = widget.to_window(*widget.center)
        assert widget.width > 0 and widget.height > 0, f"{widget} has no size"
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(2)

    def tap_id(self, widget_id: str, screen: str | None = None) -> None:
        self.tap(self.ids(screen)[widget_id])

    def key(self, letter: str) -> None:
        self.window.dispatch("on_key_down", ord(letter), 0, letter, [])
        self.window.dispatch("on_key_up", ord(letter), 0)
        self.frames(2)

    def pick(self, card_text: str) -> None:
        """Taps a card in the open picker ("R1")."""
        from companion.rules import parse_card

        picker = self.dialog
        assert picker is not None, "no card picker is open"
        from ui_helpers import button_for

        self.tap(button_for(picker, parse_card(card_text)))

    @property
    def can_shoot(self) -> bool:
        """Whether a screenshot shows the window as it is: SDL's offscreen window keeps its first
        size's stencil after a resize, and Xvfb's screen is 1280x720."""
        size = tuple(self.window.size)
        if os.environ.get("SDL_VIDEODRIVER") == "offscreen":
            return size == (800, 480)
        return size[0] <= 1280 and size[1] <= 720

    def shot(self, name: str) -> Path:
        """A screenshot into tests/artefacts (kept to look at, never compared)."""
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        self.frames(2)
        out = ARTEFACTS / f"{name}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        made = self.window.screenshot(name=str(ARTEFACTS / f"{name}-tmp.png"))
        os.replace(made, out)
        return out

    def stop(self) -> None:
        from kivy.app import App

        self.app.actions.close_dialog()
        self.root.hide_toast()
        self.app.dispatch("on_stop")
        self.window.remove_widget(self.root)
        App._running_app = None
        self.frames(1)



@pytest.fixture
def start_app(window):
    """start_app(context=None, players=("Ana", "Ben", "Cy"), ...) -> a running Driver."""
    from companion.app.context import AppContext
    from companion.session import TableSession

    drivers = []

    def start(context: AppContext | None = None, players=("Ana", "Ben", "Cy"), new_game=True,
              size=(800, 480), **setup):
        from companion.rules import GameSetup

        window.size = size
        if context is None:
            session = TableSession()
            if new_game:
                session.new_game(GameSetup.create(list(players), **setup))
            context = AppContext(session=session, sound=False)
        driver = Driver(window, context)
        drivers.append(driver)
        return driver

    yield start
    from companion import i18n

    for driver in drivers:
        driver.stop()
    i18n.set_language("en")

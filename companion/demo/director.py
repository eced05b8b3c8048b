"""`hanabi-companion --demo`: the real app playing a short scripted game, no Pi needed.

The camera is a FileSource fed with generated frames of tagged cards (companion.demo.synth):
the table seen from above, and the script's cards laid on it one after another. The button panel is
gpiozero's mock panel, whose buttons the script presses (and holds) on time. Everything else is
the app as it runs at a table: the same scanner, session, rules, screens, lights and sounds.
A caption says what happens, and a strip shows the panel's lights.

In about a minute: a card read and played, a clue from the panel, a discard armed with the
panel's button and then shown, a misfire, an undo by holding the button, a completed firework.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from companion.app.context import AppContext
from companion.i18n import N_, gettext as _
from companion.rules import Card, GameSetup
from companion.words import format_message
from companion.session import TableSession

log = logging.getLogger(__name__)

PLAYERS = ("Ana", "Ben", "Cy")
FPS = 8  # frames per second of the film
FRAME_SIZE = (640, 480)
BACKGROUND = 11  # the table top of the film
PANEL_PINS = {"pin_factory": "mock", "enabled": "yes"}


@dataclass(frozen=True)
class Step:
    action: str  # say, show, clue, discard, undo, end
    caption: str = ""  # what the caption says (English, translated when shown)
    card: Card | None = None
    copy: int = 1
    pause: float = 2.5  # seconds to wait once the step is done


# Ana, Ben and Cy take turns in that order.
SCRIPT = (
    Step("say", N_("Ana shows Red 1 to the camera: it is read and played"), pause=1.5),
    Step("show", card=Card("R", 1), pause=3.0),
    Step("clue", N_("Ben presses the Clue button: a clock token is spent"), pause=3.5),
    Step("say", N_("Cy shows Red 2"), pause=1.0),
    Step("show", card=Card("R", 2), pause=3.0),
    Step("discard", N_("Ana presses Discard (the light blinks), then shows Yellow 4"), pause=2.5),
    Step("show", card=Card("Y", 4), pause=3.0),
    Step("say", N_("Ben shows Red 4, but red is at 2: a misfire!"), pause=1.5),
    Step("show", card=Card("R", 4), pause=4.0),
    Step("undo", N_("Oops, the wrong card: Ben holds Undo for a second"), pause=3.0),
    Step("say", N_("Ben shows Red 3 instead"), pause=1.0),
    Step("show", card=Card("R", 3), pause=3.0),
    Step("clue", N_("Cy gives a clue"), pause=2.5),
    Step("say", N_("Ana shows Red 4, Ben gives a clue..."), pause=1.0),
    Step("show", card=Card("R", 4), copy=2, pause=2.0),
    Step("clue", pause=2.5),
    Step("say", N_("...and Cy shows Red 5: the red firework is complete!"), pause=1.0),
    Step("show", card=Card("R", 5), pause=5.0),
    Step("end", N_("End of the demo: go on with the buttons on the screen or the keys C, D, P, U")),
)
CARD_TIMEOUT = 10.0  # a card not read by then is taken away and the demo goes on
UNDO_HOLD_SECONDS = 1.6


def film_frames(script=SCRIPT, size=FRAME_SIZE) -> tuple:
    """The table with nothing in view, and each card of the script lying on it (card, copy) -> frame."""
    from companion.demo.synth import Placement, empty_frame, render_frame

    clean = {"blur": 0.3, "motion": 0.0, "light": 0.1, "glare": 0.0, "noise": 1.5, "jpeg": 0,
             "brightness": 1.0, "tint": (1.0, 1.0, 1.0), "occlusion": 0.0}
    empty = empty_frame(size, seed=1, conditions=clean, background=BACKGROUND)
    cards = {}
    for i, step in enumerate(script):
        if step.action == "show" and (step.card, step.copy) not in cards:
            place = Placement(x=0.5, y=0.52, width=0.3, angle=8.0 * (1 if i % 2 else -1), tilt=6.0)
            cards[(step.card, step.copy)] = render_frame(
                [(step.card, step.copy)], size, seed=100 + i, conditions=clean,
                placements=[place], background=BACKGROUND)
    return empty, cards


def film_source(empty, fps: int = FPS):
    """A FileSource whose frames the demo changes as the script goes: what the camera sees."""
    from hardware.camera import FileSource

    class FilmSource(FileSource):
        def show(self, frame) -> None:
            self._items = [frame]  # one reference swap: the scanner's thread reads either list
            self._index = 0

    return FilmSource([empty], loop=True, fps=fps)


class DemoDirector:
    """Runs the script against the running app: shows cards to the camera, presses the buttons.

    Each step waits for the table to have done the previous one (a card is read, an undo
    happened), so a slow machine only makes the demo slower, never wrong.
    """

    def __init__(self, panel, script=SCRIPT) -> None:
        self.panel = panel
        self.script = script
        self.app = None
        self.source = None
        self.frames: tuple | None = None
        self.caption = ""
        self.index = 0
        self.waiting_for: str | None = None  # "card" or "undo"
        self._event = None
        self._releases: list = []
        self._stopped = False
        self.done = threading.Event()
        self.strip = None

    # ----- the camera: made on the scanner's thread -------------------------------------------------
    def camera_factory(self):
        if self.frames is None:
            self.frames = film_frames(self.script)
        self.source = film_source(self.frames[0])
        return self.source

    # ----- the UI thread ------------------------------------------------------------------------------
    def start(self, app) -> None:
        from kivy.clock import Clock

        from companion.app.kv_files import load_kv
        from companion.demo.strip import DemoStrip

        load_kv("demo.kv")
        self.app = app
        app.model.bind(scan_state=self._camera_state, on_outcome=self._outcome)
        self.strip = DemoStrip(director=self, panel=self.panel)
        app.show_in_turn_bar(self.strip)
        self._say(_("Demo: starting the camera..."))
        self._event = Clock.schedule_once(lambda _dt: self._go(), 30.0)  # no camera after all

    def _camera_state(self, _model, state) -> None:
        if self.index == 0 and state in ("ready", "seeing", "card"):
            self._go()
        elif self.index == 0 and state in ("no_camera", "lost"):
            self._camera_missing()

    def _camera_missing(self) -> None:
        """No film can be shown: the script stops here, saying why (the app goes on by hand)."""
        self._stopped = True
        if self._event is not None:
            self._event.cancel()
        why = self.app.model.scan_detail if self.app is not None else ""
        self._say(_("The demo camera could not start: {why}").format(why=why or "-"))

    def _go(self, *_args) -> None:
        if self.index == 0 and not self._stopped:
            self._next()

    def _later(self, seconds: float) -> None:
        from kivy.clock import Clock

        if self._event is not None:
            self._event.cancel()
        self._event = Clock.schedule_once(lambda _dt: self._next(), seconds)

    def _say(self, text: str) -> None:
        self.caption = text
        if self.strip is not None:
            self.strip.caption = text

    def _next(self) -> None:
        if self._stopped or self.index >= len(self.script):
            return
        step = self.script[self.index]
        self.index += 1
        self.current = step
        if step.caption:
            self._say(format_message(step.caption, {}))
        if step.action == "show":
            if self.source is None:  # the camera never opened (its start gave up after 30 s)
                self._camera_missing()
                return
            self.waiting_for = "card"
            self.source.show(self.frames[1][(step.card, step.copy)])
            self._later(CARD_TIMEOUT)
            return
        if step.action == "clue":
            self._press(self.panel.clue_button, 0.2)
        elif step.action == "discard":
            self._press(self.panel.discard_button, 0.2)
        elif step.action == "undo":
            self.waiting_for = "undo"
            self._press(self.panel.undo_button, UNDO_HOLD_SECONDS)
            self._later(CARD_TIMEOUT)
            return
        elif step.action == "end":
            self.done.set()
            return
        self._later(step.pause)

    def _outcome(self, _model, outcome) -> None:
        """The table did something: if it was what the script waits for, go on."""
        step = getattr(self, "current", None)
        if step is None or self.waiting_for is None:
            return
        if self.waiting_for == "card" and outcome.source == "camera" and outcome.kind in ("applied", "refused"):
            self.source.show(self.frames[0])  # the card is taken away
        elif self.waiting_for == "undo" and outcome.kind == "undone":
            pass
        else:
            return
        self.waiting_for = None
        self._later(step.pause)

    def _press(self, button, seconds: float) -> None:
        """Presses a mock button (its pin goes low: it is wired to ground) and lets go later."""
        from kivy.clock import Clock

        def release(_dt) -> None:
            if button.pin is not None:  # None once the panel is closed
                button.pin.drive_high()

        button.pin.drive_low()
        self._releases.append(Clock.schedule_once(release, seconds))

    def stop(self) -> None:
        self._stopped = True
        if self._event is not None:
            self._event.cancel()
        for release in self._releases:
            release.cancel()


def run_demo(args) -> int:
    """`hanabi-companion --demo`: the app on the demo's context."""
    from companion.app.main import load_settings, run_app

    return run_app(args, make_context=lambda args: demo_context(load_settings(args)))


def demo_context(cfg: dict) -> AppContext:
    """The app's start-up for the demo: a fresh game, the film as camera, the mock panel."""
    from companion.panel_setup import open_panel

    try:
        from companion.store import memory_store

        store = memory_store()
    except ImportError:
        store = None
    session = TableSession(journal=store, arm_seconds=cfg["table"]["discard_arm_seconds"])
    session.new_game(GameSetup.create(list(PLAYERS)))
    panel_cfg = dict(cfg["panel"])
    panel_cfg.update(PANEL_PINS)
    panel, _notice = open_panel(panel_cfg, where="demo")
    director = DemoDirector(panel)
    return AppContext(session=session, cfg=cfg, store=store, camera_factory=director.camera_factory,
                      panel=panel, demo=director, banner_seconds=cfg["table"]["banner_seconds"],
                      sound=cfg["ui"]["sound"],
                      notices=[_("Demo: a scripted game with a simulated camera and button panel")])

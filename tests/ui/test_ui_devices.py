"""The camera and the button panel feeding the app from their own threads, and the demo."""

from __future__ import annotations

import threading

import pytest

from companion.app.context import AppContext
from companion.rules import Card, GameSetup
from companion.session import TableSession

pytestmark = pytest.mark.ui


class FakeScanner:
    """Stands in for companion.scan.service.ScanService: calls back from its own thread."""

    def __init__(self, source_factory, on_card, on_status, variant=None, preview_size=(192, 144)):
        self.on_card, self.on_status = on_card, on_status
        self.variant = variant
        self.stopped = False
        self.preview = None

    def start(self):
        self.run_in_thread(self.on_status, "ready", "")

    def stop(self):
        self.stopped = True

    def latest_preview(self):
        return self.preview

    def set_variant(self, variant):
        self.variant = variant

    @staticmethod
    def run_in_thread(fn, *args):
        thread = threading.Thread(target=fn, args=args)
        thread.start()
        thread.join()


def camera_context(players=("Ana", "Ben", "Cy"), **kw) -> tuple[AppContext, list]:
    scanners = []

    def factory(*args, **kwargs):
        scanner = FakeScanner(*args, **kwargs)
        scanners.append(scanner)
        return scanner

    session = TableSession()
    session.new_game(GameSetup.create(list(players)))
    context = AppContext(session=session, sound=False, camera_factory=lambda: None,
                         service_factory=factory, **kw)
    return context, scanners


def test_a_card_read_by_the_camera_is_played_on_the_ui_thread(start_app):
    import numpy as np

    context, scanners = camera_context()
    d = start_app(context)
    assert d.wait_for(lambda: scanners and d.model.scan_state == "ready")
    scanner = scanners[0]
    assert scanner.variant.name == "classic"
    threads = []
    d.session.subscribe(lambda outcome: threads.append(threading.current_thread()))
    scanner.preview = np.zeros((144, 192, 3), np.uint8)
    scanner.run_in_thread(scanner.on_card, Card("B", 1), 2)
    assert d.wait_for(lambda: d.text("message") == "Blue 1 played: blue is at 1")
    assert threads == [threading.main_thread()]
    assert d.session.game.events[-1].copy == 2
    assert d.root.banner_shown and d.model.banner_kind == "played"
    assert d.text("scan") == "Camera ready: show a card to play it"
    assert d.wait_for(lambda: d.model.preview_texture is not None)
    assert tuple(d.model.preview_texture.size) == (192, 144)


def test_an_armed_discard_takes_the_next_card_shown(start_app):
    context, scanners = camera_context()
    d = start_app(context)
    assert d.wait_for(lambda: d.model.camera_running)
    d.tap_id("clue_button")
    d.tap_id("discard_button")
    assert d.model.armed and d.dialog is not None
    assert d.dialog.hint == "or show it to the camera"
    assert d.text("scan") == "Camera ready: show the card to discard it"
    assert "DISCARD ARMED" in d.text("armed")
    scanners[0].run_in_thread(scanners[0].on_card, Card("W", 3), 1)
    assert d.wait_for(lambda: d.text("message") == "White 3 discarded")
    assert d.dialog is None, "the picker closes once the camera read the card"
    assert not d.model.armed
    # the same tag shown again: the table says when it went
    scanners[0].run_in_thread(scanners[0].on_card, Card("W", 3), 1)
    assert d.wait_for(lambda: d.text("message") == "\u26a0 This White 3 was already discarded on turn 2")


def test_camera_states_are_worded(start_app):
    context, scanners = camera_context()
    d = start_app(context)
    assert d.wait_for(lambda: scanners)
    scanner = scanners[0]
    scanner.run_in_thread(scanner.on_status, "rejected", "a QR code that is not a card")
    assert d.wait_for(lambda: d.model.scan_state == "rejected")
    assert d.text("scan") == "Tag not read: hold the card flat and still\na QR code that is not a card"
    scanner.run_in_thread(scanner.on_status, "lost", "the camera was unplugged")
    assert d.wait_for(lambda: d.model.scan_state == "lost")
    assert d.text("scan").startswith("Camera lost: tap Play or Discard to pick the card")
    assert not d.model.camera_running


def test_without_a_camera_the_app_says_manual_mode(start_app):
    session = TableSession()
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    # the real scanner, with a camera factory that finds no camera
    d = start_app(AppContext(session=session, sound=False, camera_factory=lambda: None))
    assert d.wait_for(lambda: d.model.scan_state == "no_camera", timeout=10)
    assert d.text("scan") == "No camera: tap Play or Discard to pick the card"
    assert d.wait_for(lambda: "No camera: manual mode" in d.root.notice_shown)
    d.tap_id("play_button")
    d.pick("G1")
    assert d.text("message") == "Green 1 played: green is at 1"


def test_the_mock_panel_drives_the_table(start_app):
    from companion import config
    from companion.panel_setup import open_panel

    panel_cfg = dict(config.DEFAULTS["panel"], pin_factory="mock", enabled="yes",
                     undo_hold_seconds=0.3)
    panel, notice = open_panel(panel_cfg, where="test")
    assert notice is None and panel.present
    session = TableSession()
    session.new_game(GameSetup.create(["Ana", "Ben", "Cy"]))
    d = start_app(AppContext(session=session, sound=False, panel=panel))
    assert d.wait_for(lambda: d.app.panel_link is not None)
    panel.clue_button.pin.drive_low()
    panel.clue_button.pin.drive_high()
    assert d.wait_for(lambda: "7/8" in d.ids().clocks.text)
    assert d.text("message") == "Ana gave a clue"
    panel.discard_button.pin.drive_low()
    panel.discard_button.pin.drive_high()
    assert d.wait_for(lambda: d.model.armed)
    assert d.text("discard_button") == "Cancel discard"
    # armed by the panel, the card picked on the screen is discarded, as the armed light says
    d.tap_id("play_button")
    assert d.dialog.mode == "discard" and d.dialog.ids.title.text == "Discard: which card?"
    d.pick("Y4")
    assert d.text("message") == "Yellow 4 discarded"
    assert not d.model.armed
    d.tap_id("play_button")
    assert d.dialog.mode == "play"
    d.pick("R3")  # a misfire
    assert d.wait_for(lambda: panel.fuse_leds[0].is_lit)
    assert not panel.fuse_leds[1].is_lit
    panel.undo_button.pin.drive_low()  # held past undo_hold_seconds
    assert d.wait_for(lambda: d.text("message") == "Undone: Play Red 3", timeout=3)
    panel.undo_button.pin.drive_high()
    assert d.wait_for(lambda: not panel.fuse_leds[0].is_lit)
    d.stop()
    assert panel.on_clue is None  # the app let go of the panel


def test_the_demo_plays_its_script(start_app):
    """The demo's own pieces (generated frames, real scanner, mock panel), a shorter script."""
    from companion import config
    from companion.demo import director as demo

    script = (
        demo.Step("show", card=Card("R", 1), pause=0.1),
        demo.Step("clue", "clue", pause=0.4),
        demo.Step("discard", "discard", pause=0.4),
        demo.Step("show", card=Card("Y", 4), pause=0.1),
        demo.Step("show", card=Card("R", 4), pause=0.1),
        demo.Step("undo", "undo", pause=0.1),
        demo.Step("end", "the end"),
    )
    cfg = config.load(None)
    context = demo.demo_context(cfg)
    context.demo.script = script
    context.panel.undo_button.hold_time = 0.3
    d = start_app(context)
    assert d.app.context.demo.done.wait(0) is False
    assert d.wait_for(lambda: context.demo.done.is_set(), timeout=40)
    texts = [line.split(": ", 1)[1] for line in reversed(d.model.recent)]
    assert texts == ["Play Red 1", "Clue", "Discard Yellow 4"]
    assert d.text("message") == "Undone: Play Red 4"
    assert d.session.game.events[0].copy == 1  # read from the tag
    assert context.demo.strip.caption == "the end"


def test_a_scanner_that_cannot_start_leaves_the_app_in_manual_mode(start_app):
    def broken_scanner(*args, **kwargs):
        raise RuntimeError("libzbar0 is not installed")

    session = TableSession()
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    d = start_app(AppContext(session=session, sound=False, camera_factory=lambda: None,
                             service_factory=broken_scanner))
    assert d.wait_for(lambda: d.model.scan_state == "no_camera", timeout=10)
    assert d.text("scan").startswith("No camera: tap Play or Discard to pick the card")
    d.tap_id("play_button")
    d.pick("R1")
    assert d.text("message") == "Red 1 played: red is at 1"


class WatchedSession(TableSession):
    """A session that notes the threads its game state is read from."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.readers: set = set()

    @property
    def state(self):
        self.readers.add(threading.current_thread().name)
        return super().state


def test_the_camera_thread_never_touches_the_session(start_app):
    scanners = []

    def factory(*args, **kwargs):
        scanners.append(FakeScanner(*args, **kwargs))
        return scanners[-1]

    session = WatchedSession()
    session.new_game(GameSetup.create(["Ana", "Ben"], variant="multicolor"))
    d = start_app(AppContext(session=session, sound=False, camera_factory=lambda: None,
                             service_factory=factory))
    assert d.wait_for(lambda: d.model.scan_state == "ready")
    assert scanners[0].variant.name == "multicolor"  # handed to the scanner by the UI thread
    assert session.readers == {threading.main_thread().name}
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    d.frames(2)
    assert scanners[0].variant.name == "classic"


def test_the_demo_without_a_camera_says_why_and_goes_on_by_hand(start_app):
    from companion import config
    from companion.demo import director as demo

    def broken_scanner(*args, **kwargs):
        raise RuntimeError("libzbar0 is not installed")

    context = demo.demo_context(config.load(None))
    context.service_factory = broken_scanner
    d = start_app(context)
    director = context.demo
    assert d.wait_for(lambda: d.model.scan_state == "no_camera", timeout=10)
    assert director.caption == "The demo camera could not start: libzbar0 is not installed"
    director._go()  # what its 30-second fallback would do: nothing more, and no crash
    director.index, director._stopped = 0, False
    director.script = (demo.Step("show", card=Card("R", 1)),)
    director._go()  # a show step with no camera to show it to
    d.frames(2)
    assert director.caption == "The demo camera could not start: libzbar0 is not installed"
    d.tap_id("play_button")
    d.pick("R1")
    assert d.text("message") == "Red 1 played: red is at 1"

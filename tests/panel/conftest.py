"""Fixtures for the button panel: gpiozero's mock pins, a table, and the UI thread's queue.

The panel is built the way the app builds it (open_panel with the [panel] settings, PanelLink
with a TableSession); only the pins are gpiozero's MockFactory and the Kivy Clock is replaced
by a queue the test runs, as the UI thread would.
"""

from __future__ import annotations

import copy
import queue
import threading
import time

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.config import DEFAULTS
from companion.panel_link import PanelLink
from companion.panel_setup import open_panel
from companion.rules import GameSetup
from companion.session import TableSession

HOLD = 0.05  # panel.undo_hold_seconds in these tests: the real hold, kept short
ARM_SECONDS = 20.0


@pytest.fixture
def mock_pins(monkeypatch):
    """gpiozero's mock pins as the default pin factory; cleared after each test."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = previous


@pytest.fixture
def panel_cfg() -> dict:
    """The default [panel] settings, with a short hold so that tests stay fast."""
    cfg = copy.deepcopy(DEFAULTS["panel"])
    cfg["undo_hold_seconds"] = HOLD
    return cfg


class FakeClock:
    """The session's clock, moved by hand (for the armed discard's timeout)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class UiThread:
    """Stands in for Kivy's Clock: `schedule` queues from any thread, `run()` runs on this one."""

    def __init__(self) -> None:
        self.pending: queue.Queue = queue.Queue()
        self.scheduled_from: list[threading.Thread] = []

    def schedule(self, action) -> None:
        self.scheduled_from.append(threading.current_thread())
        self.pending.put(action)

    def run(self) -> int:
        """Runs what was handed over; returns how many actions ran."""
        count = 0
        while True:
            try:
                action = self.pending.get_nowait()
            except queue.Empty:
                return count
            action()
            count += 1

    def wait(self, timeout: float = 3.0) -> None:
        """Waits until something was handed over (a hold arrives on gpiozero's thread)."""
        deadline = time.monotonic() + timeout
        while self.pending.empty():
            if time.monotonic() > deadline:
                raise AssertionError("nothing was handed over to the UI thread")
            time.sleep(0.005)


class Table:
    """A table with the panel wired up the way the app wires it."""

    def __init__(self, pins: MockFactory, panel_cfg: dict) -> None:
        self.pins = pins
        self.clock = FakeClock()
        self.session = TableSession(arm_seconds=ARM_SECONDS, clock=self.clock)
        self.panel, self.notice = open_panel(panel_cfg)
        assert self.notice is None
        self.ui = UiThread()
        self.link = PanelLink(self.session, self.panel, self.ui.schedule)
        self.outcomes = []
        self.session.subscribe(self.outcomes.append)
        self.cfg = panel_cfg

    def pin(self, setting: str, index: int | None = None):
        number = self.cfg[setting] if index is None else self.cfg[setting][index]
        return self.pins.pin(number)

    def new_game(self, players=("Ann", "Ben", "Cid")) -> None:
        self.session.new_game(GameSetup.create(list(players)))

    def press(self, setting: str) -> int:
        """Presses and releases a button, then lets the UI thread run what it was given."""
        pin = self.pin(setting)
        pin.drive_low()
        pin.drive_high()
        return self.ui.run()

    def hold(self, setting: str) -> int:
        pin = self.pin(setting)
        pin.drive_low()
        try:
            self.ui.wait()
        finally:
            pin.drive_high()
        return self.ui.run()

    def tones(self, setting: str = "buzzer_pin") -> list[float]:
        """How long each finished 'on' period of an output pin lasted, in seconds."""
        states = self.pin(setting).states
        return [now.timestamp for before, now in zip(states, states[1:])
                if before.state and not now.state]

    @staticmethod
    def wait_for(condition, timeout: float = 3.0, settle: float = 0.0) -> None:
        """Waits until condition() holds (blinks and beeps run in the background)."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("timed out waiting for the panel")
            time.sleep(0.005)
        time.sleep(settle)

    def close(self) -> None:
        self.link.close()
        self.panel.close()


@pytest.fixture
def table(mock_pins, panel_cfg):
    t = Table(mock_pins, panel_cfg)
    yield t
    t.close()

"""The button panel on the Pi's GPIO header, built from gpiozero devices.

Three buttons (clue, discard, undo) wired between a GPIO pin and ground with the internal
pull-up, three red fuse LEDs and a green status LED through resistors, and an active buzzer.
The pins are given as PanelPins (see hardware/WIRING.md); gpiozero's MockFactory as the pin
factory runs the whole panel without hardware (the tests and the demo).

Button callbacks (`on_clue`, `on_discard`, `on_undo`) run on gpiozero's threads: whoever sets
them must only hand the event over (the app schedules it on its UI thread).
The outputs never block: blinking and beeping run on gpiozero's background threads.
"""

from __future__ import annotations

import logging

from gpiozero import LED, Button, Buzzer

from hardware.panel.base import Callback, Lights, PanelPins
from hardware.panel.errors import PanelError, error_text
from hardware.panel.patterns import (ARMED_BLINK, CARD_FLASH, CARD_FLASH_STEP, beeps_for,
                                     checked_status)
from hardware.panel.pin_factory import pin_factory_for

log = logging.getLogger(__name__)


class GpioPanel:
    """The real panel (or gpiozero's mock pins, with a MockFactory as `pin_factory`).

    `pin_factory` is a gpiozero Factory; None means gpiozero's own choice. PanelError (code
    "pin", naming the part) when a pin cannot be opened; nothing is left half-open then.
    """

    present = True

    def __init__(self, pins: PanelPins = PanelPins(), pin_factory=None, *,
                 undo_hold_seconds: float = 1.0, bounce_seconds: float = 0.05) -> None:
        self.pins = pins
        self.on_clue: Callback = None
        self.on_discard: Callback = None
        self.on_undo: Callback = None
        self.status = "off"
        self.fuses = 0
        self._devices: list = []
        if pin_factory is None:
            pin_factory = pin_factory_for("")
        self.pin_factory = pin_factory
        bounce = bounce_seconds or None
        part = "clue_pin"
        try:
            self.clue_button = self._add(Button(
                pins.clue_pin, pull_up=True, bounce_time=bounce, pin_factory=pin_factory))
            part = "discard_pin"
            self.discard_button = self._add(Button(
                pins.discard_pin, pull_up=True, bounce_time=bounce, pin_factory=pin_factory))
            part = "undo_pin"
            self.undo_button = self._add(Button(
                pins.undo_pin, pull_up=True, bounce_time=bounce,
                hold_time=undo_hold_seconds, pin_factory=pin_factory))
            self.fuse_leds = []
            for index, pin in enumerate(pins.fuse_led_pins):
                part = f"fuse_led_pins[{index}]"
                self.fuse_leds.append(self._add(LED(pin, pin_factory=pin_factory)))
            part = "status_led_pin"
            self.status_led = self._add(LED(pins.status_led_pin, pin_factory=pin_factory))
            part = "buzzer_pin"
            self.buzzer = self._add(Buzzer(pins.buzzer_pin, pin_factory=pin_factory))
        except Exception as err:  # gpiozero, lgpio and the OS each raise their own kinds
            self.close()
            raise PanelError(PanelError.PIN, part=part, detail=error_text(err)) from None
        # A short press of undo does nothing: only holding it (when_held) takes back an event.
        self.clue_button.when_pressed = self._clue_pressed
        self.discard_button.when_pressed = self._discard_pressed
        self.undo_button.when_held = self._undo_held

    def _add(self, device):
        self._devices.append(device)
        return device

    # ----- inputs: gpiozero's threads -----------------------------------------------------
    def _clue_pressed(self) -> None:
        self._call(self.on_clue, "clue")

    def _discard_pressed(self) -> None:
        self._call(self.on_discard, "discard")

    def _undo_held(self) -> None:
        self._call(self.on_undo, "undo")

    @staticmethod
    def _call(callback: Callback, button: str) -> None:
        if callback is None:
            return
        try:
            callback()
        except Exception:  # a failing handler must not kill gpiozero's thread
            log.exception("the %s button's handler failed", button)

    # ----- outputs ------------------------------------------------------------------------
    def set_fuses(self, n: int) -> None:
        """Lights the first `n` fuse LEDs (the fuses burnt, 0 to 3)."""
        self.fuses = max(0, min(len(self.fuse_leds), int(n)))
        for index, led in enumerate(self.fuse_leds):
            if index < self.fuses:
                led.on()
            else:
                led.off()

    def set_status(self, state: str) -> None:
        """off; ready (steady on); card (a quick flash, then on); armed (blinking)."""
        checked_status(state)
        led = self.status_led
        led.source = None  # stops a card flash still running
        if state == "off":
            led.off()
        elif state == "ready":
            led.on()
        elif state == "card":
            led.off()  # stops an armed blink
            led.source_delay = CARD_FLASH_STEP
            led.source = CARD_FLASH  # played on gpiozero's source thread; ends lit
        else:
            on, off = ARMED_BLINK
            led.blink(on_time=on, off_time=off, background=True)
        self.status = state

    def buzz(self, pattern: str) -> None:
        """Sounds "misfire" or "refused" in the background."""
        beeps = beeps_for(pattern)
        self.buzzer.beep(on_time=beeps.on, off_time=beeps.off, n=beeps.count, background=True)

    def lights(self) -> Lights:
        return Lights(fuses=tuple(bool(led.is_lit) for led in self.fuse_leds),
                      status=bool(self.status_led.is_lit), buzzer=bool(self.buzzer.is_active))

    def close(self) -> None:
        """Turns everything off and frees the pins; safe to call twice."""
        self.on_clue = self.on_discard = self.on_undo = None
        for device in self._devices:
            # Each button's hold thread looks for a stop only every 0.1 s: wake them all now
            # rather than waiting for each in turn (gpiozero's HoldThread).
            hold_thread = getattr(device, "_hold_thread", None)
            if hold_thread is not None:
                hold_thread.stopping.set()
                hold_thread.holding.set()
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception:
                log.exception("closing %r failed", device)
        self._devices.clear()

    def __enter__(self) -> "GpioPanel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

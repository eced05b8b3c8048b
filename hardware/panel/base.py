"""What every panel offers (the GPIO one and its stand-in), its pins and what its lights show.

    panel.on_clue = ...            # called on gpiozero's threads
    panel.set_fuses(2); panel.set_status("ready"); panel.buzz("misfire")
    panel.lights()                 # Lights(fuses=(True, True, False), status=True, buzzer=False)
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Protocol, runtime_checkable

Callback = Callable[[], None] | None


class PanelPins(NamedTuple):
    """Where each part is wired: BCM GPIO numbers. The defaults are the wiring of WIRING.md."""

    clue_pin: int = 17
    discard_pin: int = 27
    undo_pin: int = 22
    fuse_led_pins: tuple[int, int, int] = (5, 6, 13)
    status_led_pin: int = 19
    buzzer_pin: int = 26


class Lights(NamedTuple):
    """What the panel shows at one moment."""

    fuses: tuple[bool, ...]  # each fuse LED lit, first to last
    status: bool  # the status LED lit
    buzzer: bool  # the buzzer sounding


@runtime_checkable
class Panel(Protocol):
    """Three buttons in, three fuse lights, a status light and a buzzer out.

    `present` is False for the stand-in used when no panel is wired. The callbacks run on
    gpiozero's threads. set_status takes one of patterns.STATUS_STATES, buzz one of
    patterns.BUZZ_PATTERNS (ValueError otherwise); close() is safe to call twice.
    """

    present: bool
    on_clue: Callback
    on_discard: Callback
    on_undo: Callback
    status: str  # what set_status was last told
    fuses: int  # how many fuse lights set_fuses lit

    def set_fuses(self, n: int) -> None: ...

    def set_status(self, state: str) -> None: ...

    def buzz(self, pattern: str) -> None: ...

    def lights(self) -> Lights: ...

    def close(self) -> None: ...

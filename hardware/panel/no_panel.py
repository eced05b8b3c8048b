"""The panel's stand-in when none is wired (a desktop, a Pi without buttons): it does nothing.

Same interface (base.Panel) as GpioPanel, so the app never asks whether a panel is there; the
keyboard and the screen do the panel's job. Its lights() say what a panel would show.
"""

from __future__ import annotations

from hardware.panel.base import Callback, Lights
from hardware.panel.patterns import beeps_for, checked_status

FUSE_LIGHTS = 3


class NoPanel:
    present = False

    def __init__(self) -> None:
        self.on_clue: Callback = None
        self.on_discard: Callback = None
        self.on_undo: Callback = None
        self.status = "off"
        self.fuses = 0

    def set_fuses(self, n: int) -> None:
        self.fuses = max(0, min(FUSE_LIGHTS, int(n)))

    def set_status(self, state: str) -> None:
        self.status = checked_status(state)

    def buzz(self, pattern: str) -> None:
        beeps_for(pattern)

    def lights(self) -> Lights:
        return Lights(fuses=tuple(i < self.fuses for i in range(FUSE_LIGHTS)),
                      status=self.status != "off", buzzer=False)

    def close(self) -> None:
        self.on_clue = self.on_discard = self.on_undo = None

    def __enter__(self) -> "NoPanel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

"""The panel's stand-in when none is wired (a desktop, a Pi without buttons): it does nothing.

Same interface as Panel, so the app never asks whether a panel is there; the keyboard and the
screen do the panel's job.
"""

from __future__ import annotations

from typing import Callable

from hardware.panel.patterns import beeps_for, checked_status


class NoPanel:
    present = False

    def __init__(self) -> None:
        self.on_clue: Callable[[], None] | None = None
        self.on_discard: Callable[[], None] | None = None
        self.on_undo: Callable[[], None] | None = None
        self.status = "off"
        self.fuses = 0

    def set_fuses(self, n: int) -> None:
        self.fuses = max(0, min(3, int(n)))

    def set_status(self, state: str) -> None:
        self.status = checked_status(state)

    def buzz(self, pattern: str) -> None:
        beeps_for(pattern)

    def close(self) -> None:
        self.on_clue = self.on_discard = self.on_undo = None

    def __enter__(self) -> "NoPanel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

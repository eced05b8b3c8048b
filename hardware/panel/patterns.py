"""What the status light and the buzzer do, in seconds: one place to tune the panel's feel.

The buzzer is an active one (it sounds at its own pitch while powered), so a pattern is only
on and off times: a misfire is one long tone, a refused action two short chirps.
"""

from __future__ import annotations

from typing import NamedTuple


class Beeps(NamedTuple):
    on: float  # seconds the buzzer sounds
    off: float  # seconds of silence after each tone
    count: int  # tones in the pattern


BUZZ_PATTERNS: dict[str, Beeps] = {
    "misfire": Beeps(on=0.6, off=0.0, count=1),
    "refused": Beeps(on=0.08, off=0.08, count=2),
}

# The status light.
STATUS_STATES = ("off", "ready", "card", "armed")
CARD_FLASH = (0, 1, 0, 1)  # a card was read: two quick dips, then steady on again ("ready")
CARD_FLASH_STEP = 0.08  # seconds each step of CARD_FLASH lasts
ARMED_BLINK = (0.25, 0.25)  # on, off seconds while a discard is armed


def checked_status(state: str) -> str:
    """The status light's state, or ValueError naming the known ones."""
    if state not in STATUS_STATES:
        raise ValueError(f"unknown status {state!r}; known: {', '.join(STATUS_STATES)}")
    return state


def beeps_for(pattern: str) -> Beeps:
    """The buzzer pattern of that name, or ValueError naming the known ones."""
    if pattern not in BUZZ_PATTERNS:
        raise ValueError(f"unknown buzzer pattern {pattern!r}; known: {', '.join(BUZZ_PATTERNS)}")
    return BUZZ_PATTERNS[pattern]

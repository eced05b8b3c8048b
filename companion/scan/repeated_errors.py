"""An error met on every frame is logged once with its traceback, then once a minute, counted.

The scan thread reads 10-30 frames a second. A reader that fails on each of them (a library
broken by an upgrade, a camera giving frames of an odd shape) must not write a traceback per
frame into the journal of a Raspberry Pi's SD card for the whole evening: the first failure of
each kind is logged in full, the same failure again only once every EVERY seconds, saying how
many times it happened in between.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from typing import Callable

EVERY = 60.0  # seconds between two log lines for the same failure


class RepeatedErrors:
    """`exception(what)`, called inside an `except` block, logs like Logger.exception(what), at
    most once every `every` seconds for the same `what` and exception type."""

    def __init__(self, logger: logging.Logger, every: float = EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._log = logger
        self._every = every
        self._clock = clock
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, str], list] = {}  # (what, exception type) -> [logged at, unlogged]

    def exception(self, what: str) -> None:
        kind = type(sys.exc_info()[1]).__name__
        now = self._clock()
        with self._lock:
            seen = self._seen.get((what, kind))
            if seen is not None and now - seen[0] < self._every:
                seen[1] += 1
                return
            again = seen[1] if seen is not None else 0
            self._seen[(what, kind)] = [now, 0]
        if seen is None:
            self._log.exception(what)
        else:
            self._log.exception("%s (%s): %d times in the last %.0f s", what, kind, again + 1,
                                now - seen[0])

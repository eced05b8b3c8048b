"""Work done off the UI thread, one piece after the other in the order it was asked for.

The teach screen keeps its deck file this way: a write to an SD card (compressing, then fsync)
can take a few tenths of a second on a Raspberry Pi, too long for a tap to wait. The worker is a
plain thread that ends once nothing is left to do, so the app never exits with a write still
waiting: Python waits for it.
"""

from __future__ import annotations

import collections
import logging
import threading
from typing import Callable

log = logging.getLogger(__name__)


class InOrder:
    """`put(work, done)`: `work()` runs on the worker thread after everything put before it;
    then `done(error)` (None when the work succeeded) on the same thread."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._waiting: collections.deque = collections.deque()
        self._worker: threading.Thread | None = None

    def put(self, work: Callable[[], object], done: Callable[[Exception | None], object] | None = None) -> None:
        with self._lock:
            self._waiting.append((work, done))
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name=self.name)
                self._worker.start()

    def idle(self) -> bool:
        """Nothing waiting and nothing running."""
        with self._lock:
            return self._worker is None

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._worker = None
                    return
                work, done = self._waiting.popleft()
            error = None
            try:
                work()
            except Exception as err:
                error = err
            if done is not None:
                try:
                    done(error)
                except Exception:  # a broken callback must not stop the writes after it
                    log.exception("%s: the callback after a piece of work failed", self.name)
            elif error is not None:
                log.warning("%s: %s", self.name, error)

"""What every camera source offers, and the one error they raise."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np


class CameraError(Exception):
    """A camera that cannot be opened or has stopped; the message says so in plain words."""


@runtime_checkable
class CameraSource(Protocol):
    """A source of BGR frames.

    open() starts it (CameraError if it cannot; calling it again is harmless); read() gives the
    newest frame as a BGR uint8 array, None when no new frame is ready yet, and raises
    CameraError once the camera is gone (unplugged, stopped); close() releases it.
    """

    name: str

    def open(self) -> None: ...

    def read(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


def as_bgr(frame: np.ndarray) -> np.ndarray:
    """A frame as 3-channel BGR uint8 whatever it came as (grey, BGRA, 16-bit)."""
    import cv2

    if frame.dtype != np.uint8:
        if frame.dtype == np.uint16:
            frame = (frame >> 8).astype(np.uint8)
        else:
            frame = np.clip(frame, 0, 255).astype(np.uint8)
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.shape[2] == 1:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    return frame

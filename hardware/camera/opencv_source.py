"""USB webcams through OpenCV's VideoCapture (V4L2 on Linux).

OpenCV does not drive the Pi Camera Module on the libcamera stack; use Picamera2 for that.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from hardware.camera.base import CameraError, as_bgr

if TYPE_CHECKING:  # OpenCV and numpy are imported when the camera opens, not before
    import numpy as np

# After this many failed reads in a row a webcam counts as gone (about a second at 15 fps).
FAILED_READS_LIMIT = 15


def quiet_opencv() -> None:
    """Keeps OpenCV's own warnings (a missing /dev/video node...) off the console."""
    import cv2

    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    except Exception:
        pass


class OpenCVSource:
    name = "opencv"

    def __init__(self, device: int | str = 0, width: int = 640, height: int = 480,
                 fps: float | None = None) -> None:
        self.device = device
        self.width, self.height = int(width), int(height)
        self.fps = float(fps) if fps else None
        self._capture = None
        self._failures = 0

    @property
    def where(self) -> str:
        return f"/dev/video{self.device}" if isinstance(self.device, int) else str(self.device)

    @property
    def details(self) -> dict:
        return {"device": self.where, "width": self.width, "height": self.height}

    def _present(self) -> bool:
        if isinstance(self.device, int) and sys.platform.startswith("linux"):
            return Path(self.where).exists()
        return True

    def open(self) -> None:
        if self._capture is not None:
            return
        import cv2

        quiet_opencv()
        if not self._present():
            raise CameraError("no_device", device=self.where)
        api = cv2.CAP_V4L2 if sys.platform.startswith("linux") else cv2.CAP_ANY
        try:
            capture = cv2.VideoCapture(self.device, api)
        except Exception as err:
            raise CameraError("cannot_open", device=self.where, detail=str(err)) from None
        if not capture.isOpened():
            capture.release()
            raise CameraError("cannot_open", device=self.where, detail="")
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        if self.fps:
            capture.set(cv2.CAP_PROP_FPS, self.fps)
        ok, _frame = capture.read()
        if not ok:
            capture.release()
            raise CameraError("no_picture", device=self.where)
        self._capture = capture
        self._failures = 0

    def read(self) -> np.ndarray | None:
        if self._capture is None:
            raise CameraError("not_open")
        ok, frame = self._capture.read()
        if ok and frame is not None:
            self._failures = 0
            return as_bgr(frame)
        self._failures += 1
        if not self._present() or self._failures >= FAILED_READS_LIMIT:
            raise CameraError("stopped", device=self.where)
        return None

    def close(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()

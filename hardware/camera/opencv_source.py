"""USB webcams through OpenCV's VideoCapture (V4L2 on Linux).

OpenCV does not drive the Pi Camera Module on the libcamera stack; use Picamera2 for that.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from companion.i18n import _
from hardware.camera.base import CameraError, as_bgr

# After this many failed reads in a row a webcam counts as gone (about a second at 15 fps).
FAILED_READS_LIMIT = 15


def quiet_opencv() -> None:
    """Keeps OpenCV's own warnings (a missing /dev/video node...) off the console."""
    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    except Exception:
        pass


def video_devices() -> list[int]:
    """The V4L2 device numbers present (/dev/video0 -> 0), in order."""
    found = []
    for path in Path("/dev").glob("video*"):
        suffix = path.name[len("video"):]
        if suffix.isdigit():
            found.append(int(suffix))
    return sorted(found)


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
    def description(self) -> str:
        return _("USB camera {device} ({width}x{height})").format(
            device=self.where, width=self.width, height=self.height)

    def _present(self) -> bool:
        if isinstance(self.device, int) and sys.platform.startswith("linux"):
            return Path(self.where).exists()
        return True

    def open(self) -> None:
        if self._capture is not None:
            return
        quiet_opencv()
        if not self._present():
            raise CameraError(_("no camera at {device}").format(device=self.where))
        api = cv2.CAP_V4L2 if sys.platform.startswith("linux") else cv2.CAP_ANY
        try:
            capture = cv2.VideoCapture(self.device, api)
        except Exception as err:
            raise CameraError(_("the camera {device} cannot be opened: {error}")
                              .format(device=self.where, error=err)) from None
        if not capture.isOpened():
            capture.release()
            raise CameraError(_("the camera {device} cannot be opened").format(device=self.where))
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        if self.fps:
            capture.set(cv2.CAP_PROP_FPS, self.fps)
        ok, _frame = capture.read()
        if not ok:
            capture.release()
            raise CameraError(_("the camera {device} gives no picture").format(device=self.where))
        self._capture = capture
        self._failures = 0

    def read(self) -> np.ndarray | None:
        if self._capture is None:
            raise CameraError(_("the camera is not open"))
        ok, frame = self._capture.read()
        if ok and frame is not None:
            self._failures = 0
            return as_bgr(frame)
        self._failures += 1
        if not self._present() or self._failures >= FAILED_READS_LIMIT:
            raise CameraError(_("the camera {device} stopped giving pictures").format(device=self.where))
        return None

    def close(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()

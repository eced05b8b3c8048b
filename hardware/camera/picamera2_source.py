"""The Raspberry Pi Camera Module through Picamera2 (libcamera).

Picamera2 comes only from Raspberry Pi OS packages (python3-picamera2); it is imported when the
source opens, so everything else runs on any machine. A venv must be created with
--system-site-packages to see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hardware.camera.base import CameraError, as_bgr
from hardware.camera.devices import picamera2_module

if TYPE_CHECKING:  # numpy is imported when frames are read, not before
    import numpy as np


class Picamera2Source:
    name = "picamera2"

    def __init__(self, width: int = 640, height: int = 480, camera_num: int = 0,
                 fps: float | None = None) -> None:
        self.width, self.height, self.camera_num = int(width), int(height), int(camera_num)
        self.fps = float(fps) if fps else None
        self._camera = None

    @property
    def details(self) -> dict:
        return {"width": self.width, "height": self.height}

    def open(self) -> None:
        if self._camera is not None:
            return
        module = picamera2_module()
        if module is None:
            raise CameraError("no_picamera2")
        camera = None
        try:
            if not module.Picamera2.global_camera_info():
                raise CameraError("no_pi_camera")
            camera = module.Picamera2(self.camera_num)
            controls = {"FrameRate": self.fps} if self.fps else {}
            config = camera.create_video_configuration(
                main={"size": (self.width, self.height), "format": "RGB888"}, controls=controls)
            camera.configure(config)
            camera.start()
        except Exception as err:
            # libcamera keeps a camera it has acquired until it is closed: let it go, or the
            # next attempt finds it busy
            if camera is not None:
                _release(camera)
            if isinstance(err, CameraError):
                raise
            raise CameraError("pi_cannot_start", detail=str(err)) from None
        self._camera = camera

    def read(self) -> np.ndarray | None:
        if self._camera is None:
            raise CameraError("not_open")
        try:
            # "RGB888" arrays are laid out B, G, R: what OpenCV expects.
            frame = self._camera.capture_array("main")
        except Exception as err:
            raise CameraError("pi_stopped", detail=str(err)) from None
        if frame is None:
            return None
        import numpy as np

        return as_bgr(np.asarray(frame))

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            _release(camera)


def _release(camera) -> None:
    """Stops and closes a Picamera2 whatever state it is in."""
    for step in ("stop", "close"):
        try:
            getattr(camera, step)()
        except Exception:
            pass

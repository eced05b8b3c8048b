"""What every camera source offers, and the one error they raise.

Nothing here imports numpy or OpenCV at load time: a program that never opens a camera (the
table with cards entered by touch) does not pay for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np


class CameraError(Exception):
    """A camera that cannot be opened or has stopped: `code` says what, `facts` the plain
    details (device, path, what the driver said) for the app to put in words.

    code                facts
    "not_open"          -              read() before open()
    "no_device"         device         nothing at that /dev/video node
    "cannot_open"       device, detail the webcam will not open (detail may be "")
    "no_picture"        device         it opened but gives no picture
    "stopped"           device         it stopped giving pictures (unplugged)
    "no_picamera2"      -              the Picamera2 module is not installed
    "no_pi_camera"      -              libcamera lists no camera
    "pi_cannot_start"   detail         the Pi camera fails to start
    "pi_stopped"        detail         the Pi camera stopped
    "no_path"           -              a file source without a path
    "no_frames"         -              an empty list of frames
    "missing"           path           no such file or folder
    "no_images"         path           a folder without images
    "not_an_image"      path           an image file that cannot be read
    "unreadable"        path           neither an image nor a video
    "gone"              path           the image or folder of a file source went away
    "none_left"         path           no image of the folder can be read any more
    """

    def __init__(self, code: str, **facts: object) -> None:
        self.code = code
        self.facts = facts
        shown = ", ".join(f"{k}={v}" for k, v in facts.items() if v != "")
        super().__init__(f"{code} ({shown})" if shown else code)


@runtime_checkable
class CameraSource(Protocol):
    """A source of BGR frames.

    open() starts it (CameraError if it cannot; calling it again is harmless); read() gives the
    newest frame as a BGR uint8 array, None when no new frame is ready yet, and raises
    CameraError once the camera is gone (unplugged, stopped); close() releases it. `details`
    are plain facts about it (device, size, path) for the app to describe it.
    """

    name: str

    @property
    def details(self) -> dict: ...

    def open(self) -> None: ...

    def read(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


def as_bgr(frame: np.ndarray) -> np.ndarray:
    """A frame as 3-channel BGR uint8 whatever it came as (grey, BGRA, 16-bit)."""
    import cv2
    import numpy as np

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

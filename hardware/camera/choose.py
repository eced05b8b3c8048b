"""Choosing the camera: a source by name, or the first that works ("auto").

source = "auto" probes: the Pi Camera Module through Picamera2 when it is installed and
libcamera lists a camera, then the USB cameras (/dev/video*, the given device first), else no
camera (the table goes on with cards entered by touch). "picamera2", "opencv" and "file" use
that source only; "none" turns the camera off.

Only the chosen source's module is imported, and OpenCV, numpy or Picamera2 only once a
source is opened: choosing "none" or a file imports no Picamera2, and nothing here imports
OpenCV before a camera is needed.
"""

from __future__ import annotations

from hardware.camera.base import CameraError, CameraSource
from hardware.camera.devices import cameras_listed, video_devices

SOURCES = ("auto", "picamera2", "opencv", "file", "none")
PROBED_DEVICES = 4  # USB cameras tried by auto at most


def make_source(source: str, *, device: int = 0, path: str = "", width: int = 640,
                height: int = 480, fps: float = 15) -> CameraSource | None:
    """The source named `source`, not opened yet (None for "none" and for "auto")."""
    if source == "picamera2":
        from hardware.camera.picamera2_source import Picamera2Source

        return Picamera2Source(width, height, fps=fps)
    if source == "opencv":
        from hardware.camera.opencv_source import OpenCVSource

        return OpenCVSource(device, width, height, fps=fps)
    if source == "file":
        if not path:
            raise CameraError("no_path")
        from hardware.camera.file_source import FileSource

        return FileSource(path, loop=True, fps=fps)
    return None


def probe(*, device: int = 0, width: int = 640, height: int = 480,
          fps: float = 15) -> CameraSource | None:
    """Auto: the first camera that opens and gives a picture, opened; None if there is none."""
    candidates: list[CameraSource] = []
    if cameras_listed():
        candidates.append(make_source("picamera2", width=width, height=height, fps=fps))
    devices = video_devices()
    ordered = ([device] if device in devices else []) + [d for d in devices if d != device]
    candidates += [make_source("opencv", device=d, width=width, height=height, fps=fps)
                   for d in ordered[:PROBED_DEVICES]]
    for candidate in candidates:
        try:
            candidate.open()
        except CameraError:
            candidate.close()
            continue
        return candidate
    return None


def open_camera(source: str = "auto", *, device: int = 0, path: str = "", width: int = 640,
                height: int = 480, fps: float = 15) -> CameraSource | None:
    """The camera to use: opened when found by probing ("auto"), openable when named.

    None when `source` is "none" or auto finds none. A named source that cannot be opened
    raises CameraError from its open(), which the scan service reports.
    """
    if source == "none":
        return None
    if source == "auto":
        return probe(device=device, width=width, height=height, fps=fps)
    return make_source(source, device=device, path=path, width=width, height=height, fps=fps)

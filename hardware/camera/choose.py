"""Choosing the camera from the configuration ([camera] in config.toml).

source = "auto" probes: the Pi Camera Module through Picamera2 when it is installed and
libcamera lists a camera, then the USB cameras (/dev/video*, the configured device first),
else no camera (the table goes on with cards entered by touch). "picamera2", "opencv" and
"file" use that source only; "none" turns the camera off.
"""

from __future__ import annotations

from companion.i18n import _
from hardware.camera.base import CameraError, CameraSource
from hardware.camera.file_source import FileSource
from hardware.camera.opencv_source import OpenCVSource, video_devices
from hardware.camera.picamera2_source import Picamera2Source, cameras_listed

DEFAULT_CAMERA = {"source": "auto", "device": 0, "path": "", "width": 640, "height": 480, "fps": 15}
PROBED_DEVICES = 4  # USB cameras tried by auto at most


def _settings(camera_cfg: dict | None) -> dict:
    cfg = dict(DEFAULT_CAMERA)
    cfg.update(camera_cfg or {})
    return cfg


def make_source(camera_cfg: dict | None) -> CameraSource | None:
    """The source the configuration names, not opened yet (None for "none" and for "auto")."""
    cfg = _settings(camera_cfg)
    kind = cfg["source"]
    if kind == "picamera2":
        return Picamera2Source(cfg["width"], cfg["height"], fps=cfg["fps"])
    if kind == "opencv":
        return OpenCVSource(cfg["device"], cfg["width"], cfg["height"], fps=cfg["fps"])
    if kind == "file":
        if not cfg["path"]:
            raise CameraError(_("camera.source is file but camera.path is empty"))
        return FileSource(cfg["path"], loop=True, fps=cfg["fps"])
    return None


def probe(camera_cfg: dict | None) -> CameraSource | None:
    """Auto: the first camera that opens and gives a picture, opened; None if there is none."""
    cfg = _settings(camera_cfg)
    candidates: list[CameraSource] = []
    if cameras_listed():
        candidates.append(Picamera2Source(cfg["width"], cfg["height"], fps=cfg["fps"]))
    devices = video_devices()
    preferred = cfg["device"]
    ordered = ([preferred] if preferred in devices else []) + [d for d in devices if d != preferred]
    candidates += [OpenCVSource(d, cfg["width"], cfg["height"], fps=cfg["fps"])
                   for d in ordered[:PROBED_DEVICES]]
    for source in candidates:
        try:
            source.open()
        except CameraError:
            source.close()
            continue
        return source
    return None


def open_camera(camera_cfg: dict | None) -> CameraSource | None:
    """The camera to use: opened when found by probing ("auto"), openable when configured by name.

    None when the configuration turns the camera off or auto finds none. A configured source
    that cannot be opened raises CameraError from its open(), which the scan service reports.
    """
    cfg = _settings(camera_cfg)
    if cfg["source"] == "none":
        return None
    if cfg["source"] == "auto":
        return probe(cfg)
    return make_source(cfg)


def describe(source: CameraSource | None, camera_cfg: dict | None = None) -> str:
    """One line for the screen or the log saying which camera is in use, or why there is none."""
    cfg = _settings(camera_cfg)
    if source is None:
        if cfg["source"] == "none":
            return _("Camera off (camera.source = none): enter cards by touch")
        return _("No camera found: enter cards by touch")
    what = getattr(source, "description", None) or source.name
    return _("Camera: {camera}").format(camera=what)

"""Which cameras this computer has, found without OpenCV or numpy: USB cameras as /dev/video*
nodes, the Pi Camera Module as libcamera lists it (through Picamera2, when installed)."""

from __future__ import annotations

from pathlib import Path


def video_devices() -> list[int]:
    """The V4L2 device numbers present (/dev/video0 -> 0), in order."""
    found = []
    for path in Path("/dev").glob("video*"):
        suffix = path.name[len("video"):]
        if suffix.isdigit():
            found.append(int(suffix))
    return sorted(found)


def picamera2_module():
    """The picamera2 module, or None where it is not installed."""
    try:
        import picamera2  # noqa: F401  (Raspberry Pi OS only)
    except Exception:  # ImportError, or libcamera failing to load
        return None
    return picamera2


def cameras_listed() -> int:
    """How many cameras libcamera lists (0 without Picamera2)."""
    module = picamera2_module()
    if module is None:
        return 0
    try:
        return len(module.Picamera2.global_camera_info())
    except Exception:
        return 0

"""The camera in words: which one is in use, and why one cannot be used.

hardware.camera raises CameraError with a code and plain facts; these functions word them in
the table's language.
"""

from __future__ import annotations

from companion import i18n
from companion.i18n import N_, _
from hardware.camera.base import CameraError

CAMERA_ERRORS = {
    "not_open": N_("the camera is not open"),
    "no_device": N_("no camera at {device}"),
    "no_picture": N_("the camera {device} gives no picture"),
    "stopped": N_("the camera {device} stopped giving pictures"),
    "no_picamera2": N_("Picamera2 is not installed (on Raspberry Pi OS: "
                       "sudo apt install python3-picamera2)"),
    "no_pi_camera": N_("no Raspberry Pi camera is connected"),
    "pi_cannot_start": N_("the Raspberry Pi camera cannot be started: {error}"),
    "pi_stopped": N_("the Raspberry Pi camera stopped: {error}"),
    "no_path": N_("camera.source is file but camera.path is empty"),
    "no_frames": N_("no frames to show"),
    "missing": N_("{path} does not exist"),
    "no_images": N_("{path} holds no images"),
    "not_an_image": N_("{path} cannot be read as an image"),
    "unreadable": N_("{path} is neither an image nor a video that can be read"),
    "gone": N_("{path} is gone"),
    "none_left": N_("no image in {path} can be read any more"),
}
CANNOT_OPEN = N_("the camera {device} cannot be opened")
CANNOT_OPEN_BECAUSE = N_("the camera {device} cannot be opened: {error}")
UNKNOWN_CAMERA_ERROR = N_("the camera cannot be used: {error}")

CAMERA_KINDS = {
    "opencv": N_("USB camera {device} ({width}x{height})"),
    "picamera2": N_("Raspberry Pi camera ({width}x{height})"),
}


def camera_error_text(err: CameraError) -> str:
    """One sentence saying why the camera cannot be used."""
    facts = err.facts
    if err.code == "cannot_open":
        template = CANNOT_OPEN_BECAUSE if facts.get("detail") else CANNOT_OPEN
    else:
        template = CAMERA_ERRORS.get(err.code)
    if template is None:  # a code this version does not know
        return i18n.gettext(UNKNOWN_CAMERA_ERROR).format(error=err)
    try:  # what the driver said is the {error} of the sentence
        return i18n.gettext(template).format(**facts, error=facts.get("detail", ""))
    except (KeyError, IndexError):  # a fact missing
        return i18n.gettext(UNKNOWN_CAMERA_ERROR).format(error=err)


def camera_name(source) -> str:
    """The source in a few words: "USB camera /dev/video0 (640x480)", "frames from table.png"."""
    details = getattr(source, "details", {}) or {}
    if source.name in CAMERA_KINDS:
        return i18n.gettext(CAMERA_KINDS[source.name]).format(**details)
    if "path" in details:
        return _("frames from {path}").format(path=details["path"])
    if "count" in details:
        return _("{count} frames from memory").format(count=details["count"])
    return _("frames made on the fly")


def camera_line(source, setting: str = "auto") -> str:
    """One line for the screen or the log saying which camera is in use, or why there is none
    (`setting` is camera.source)."""
    if source is None:
        if setting == "none":
            return _("Camera off (camera.source = none): enter cards by touch")
        return _("No camera found: enter cards by touch")
    return _("Camera: {camera}").format(camera=camera_name(source))

"""Camera sources: the Pi Camera Module (Picamera2), USB webcams (OpenCV) and files.

Every source has the same small interface (CameraSource: name, open, read, close) and raises
CameraError with a plain message. open_camera(cfg["camera"]) picks one from the configuration,
probing when it says "auto"; describe() says in one line what was found.
"""

from hardware.camera.base import CameraError, CameraSource, as_bgr
from hardware.camera.choose import describe, make_source, open_camera, probe
from hardware.camera.file_source import FileSource, read_image
from hardware.camera.opencv_source import OpenCVSource, video_devices
from hardware.camera.picamera2_source import Picamera2Source, cameras_listed

__all__ = [
    "CameraError", "CameraSource", "as_bgr", "describe", "make_source", "open_camera", "probe",
    "FileSource", "read_image", "OpenCVSource", "video_devices", "Picamera2Source",
    "cameras_listed",
]

"""Camera sources: the Pi Camera Module (Picamera2), USB webcams (OpenCV) and files.

Every source has the same small interface (CameraSource: name, details, open, read, close)
and raises CameraError with a code and plain facts, which the app puts in words.
open_camera("auto", device=0, ...) picks one, probing for "auto".

Each name below is imported from its module when first asked for, so that importing this
package costs nothing: OpenCV and numpy load with the source that needs them.
"""

from hardware.lazy import lazy_exports

_WHERE = {
    "CameraError": "base", "CameraSource": "base", "as_bgr": "base",
    "SOURCES": "choose", "make_source": "choose", "open_camera": "choose", "probe": "choose",
    "cameras_listed": "devices", "video_devices": "devices",
    "FileSource": "file_source", "read_image": "file_source",
    "OpenCVSource": "opencv_source",
    "Picamera2Source": "picamera2_source",
}

__all__ = list(_WHERE)

__getattr__ = lazy_exports(__name__, _WHERE)

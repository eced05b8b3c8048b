"""Frames from files, for demos and tests: one image, a folder of images, a video, or a list.

    FileSource("table.png")                      one image (repeated with loop=True)
    FileSource("frames/")                        the folder's images in name order
    FileSource("game.mp4", loop=True, fps=15)    a video, played again and again, at 15 fps
    FileSource([frame1, frame2, "more.png"])     frames already in memory, or image paths
    FileSource(frame_generator())                frames made as they are read (never loops)

At the end of a stream that does not loop, read() gives None (no new frame) from then on.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Sequence, Union

from hardware.camera.base import CameraError, as_bgr

if TYPE_CHECKING:  # OpenCV and numpy are imported when frames are read, not before
    import cv2
    import numpy as np

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm"}

Item = Union["np.ndarray", str, os.PathLike]


# No photo of a table, nor a scanned sheet, comes near this; a bigger file is not read at all.
MAX_IMAGE_BYTES = 128 * 1024 * 1024


def read_image(path: str | os.PathLike) -> np.ndarray | None:
    """An image file as BGR, or None if it cannot be read as an image (or is too big to be one:
    see MAX_IMAGE_BYTES and too_big_to_read)."""
    import cv2
    import numpy as np

    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_IMAGE_BYTES:
                return None
            raw = f.read(MAX_IMAGE_BYTES + 1)  # a device or a pipe has no size: read what fits
    except OSError:
        return None
    if not raw or len(raw) > MAX_IMAGE_BYTES:
        return None
    try:
        image = cv2.imdecode(np.frombuffer(raw, dtype=np.uint8), cv2.IMREAD_UNCHANGED)
    except (cv2.error, MemoryError):  # e.g. a small file that unpacks to billions of pixels
        return None
    return None if image is None else as_bgr(image)


def too_big_to_read(path: str | os.PathLike) -> bool:
    """The file is bigger than any image read_image takes."""
    try:
        return os.path.getsize(path) > MAX_IMAGE_BYTES
    except OSError:
        return False


class FileSource:
    name = "file"

    def __init__(self, source: str | os.PathLike | Sequence[Item] | Iterator[Item], *,
                 loop: bool = False,
                 fps: float | None = None) -> None:
        self.source = source
        self.loop = bool(loop)
        self.fps = float(fps) if fps else None
        self.finished = False
        self.frames_read = 0
        self._items: list[Item] | None = None
        self._iterator: Iterator[Item] | None = None
        self._video: cv2.VideoCapture | None = None
        self._index = 0
        self._next_due = 0.0

    @property
    def details(self) -> dict:
        """{"path": ...} for files, {"count": n} for frames in memory, {} for a generator."""
        if isinstance(self.source, (str, os.PathLike)):
            return {"path": os.fspath(self.source)}
        if hasattr(self.source, "__len__"):
            return {"count": len(self.source)}
        return {}

    # -------------------------------------------------------------- opening

    def open(self) -> None:
        if self._items is not None or self._video is not None or self._iterator is not None:
            return
        self.finished = False
        self._index = 0
        self._next_due = 0.0
        if hasattr(self.source, "__next__"):
            self._iterator = self.source
            return
        if not isinstance(self.source, (str, os.PathLike)):
            items = list(self.source)
            if not items:
                raise CameraError("no_frames")
            self._items = items
            return
        path = Path(self.source)
        if not path.exists():
            raise CameraError("missing", path=str(path))
        if path.is_dir():
            images = sorted(p for p in path.iterdir()
                            if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
            if not images:
                raise CameraError("no_images", path=str(path))
            self._items = list(images)
            return
        if path.suffix.lower() in IMAGE_SUFFIXES:
            if read_image(path) is None:
                raise CameraError("not_an_image", path=str(path))
            self._items = [path]
            return
        self._video = self._open_video(path)

    @staticmethod
    def _open_video(path: Path) -> cv2.VideoCapture:
        import cv2

        video = cv2.VideoCapture(str(path))
        if not video.isOpened():
            video.release()
            raise CameraError("unreadable", path=str(path))
        return video

    # -------------------------------------------------------------- reading

    def _paced(self) -> bool:
        """True when the next frame is due (always, without fps)."""
        if self.fps is None:
            return True
        now = time.monotonic()
        if now < self._next_due:
            return False
        period = 1.0 / self.fps
        self._next_due = max(self._next_due + period, now) if self._next_due else now + period
        return True

    def read(self) -> np.ndarray | None:
        if self._items is None and self._video is None and self._iterator is None:
            raise CameraError("not_open")
        if self.finished or not self._paced():
            return None
        if self._video is not None:
            frame = self._read_video()
        elif self._iterator is not None:
            frame = self._read_next()
        else:
            frame = self._read_item()
        if frame is None:
            return None
        self.frames_read += 1
        return frame

    def _read_item(self) -> np.ndarray | None:
        import numpy as np

        items = self._items
        tries = 0
        while tries < len(items):
            if self._index >= len(items):
                if not self.loop:
                    self.finished = True
                    return None
                self._index = 0
            item = items[self._index]
            self._index += 1
            tries += 1
            frame = as_bgr(item) if isinstance(item, np.ndarray) else read_image(item)
            if frame is not None:
                return frame.copy() if isinstance(item, np.ndarray) else frame
        self.finished = True  # nothing in the list can be read
        return None

    def _read_next(self) -> np.ndarray | None:
        import numpy as np

        for item in self._iterator:
            frame = as_bgr(item) if isinstance(item, np.ndarray) else read_image(item)
            if frame is not None:
                return frame
        self.finished = True
        return None

    def _read_video(self) -> np.ndarray | None:
        ok, frame = self._video.read()
        if ok and frame is not None:
            return as_bgr(frame)
        if not self.loop or self.frames_read == 0:
            self.finished = True
            return None
        self._video.release()
        self._video = self._open_video(Path(self.source))
        ok, frame = self._video.read()
        if not ok:
            self.finished = True
            return None
        return as_bgr(frame)

    def close(self) -> None:
        video, self._video = self._video, None
        if video is not None:
            video.release()
        self._items = None
        self._iterator = None

"""Frames from files, for demos and tests: one image, a folder of images, a video, or a list.

    FileSource("table.png")                      one image (repeated with loop=True)
    FileSource("frames/")                        the folder's images in name order
    FileSource("game.mp4", loop=True, fps=15)    a video, played again and again, at 15 fps
    FileSource([frame1, frame2, "more.png"])     frames already in memory, or image paths
    FileSource(frame_generator())                frames made as they are read (never loops)

At the end of a stream that does not loop, read() gives None (no new frame) from then on. An
image or folder that goes away (none of its images can be read any more) is a CameraError, as
for an unplugged camera, so the scan service reports it lost and opens it again once it is back.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Sequence, Union

from hardware.camera.base import CameraError, as_bgr
from hardware.camera.image_size import HEADER_BYTES, ImageSize, image_size

if TYPE_CHECKING:  # OpenCV and numpy are imported when frames are read, not before
    import cv2
    import numpy as np

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm", ".pgm"}

Item = Union["np.ndarray", str, os.PathLike]


# No photo of a table, nor a scanned sheet, comes near this; a bigger file is not read at all.
MAX_IMAGE_BYTES = 128 * 1024 * 1024
# Nor this many pixels (a 600 dpi A4 scan is 35 million). A JPEG above it is decoded at a half,
# a quarter or an eighth of its size (the decoder scales while it decodes, so the memory stays
# small); any other image above it is not read at all: a 440 kB PNG can hold 400 million.
MAX_IMAGE_PIXELS = 40_000_000
REDUCED_FACTORS = (2, 4, 8)  # what OpenCV's JPEG decoder can scale down by while decoding


def _read_head(path: str | os.PathLike, whole_limit: int | None) -> tuple[bytes, object] | None:
    """(the first HEADER_BYTES of the file, the open file to read the rest from), or None if it
    cannot be opened (or, with `whole_limit`, is longer than that)."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    try:
        if whole_limit is not None and os.fstat(f.fileno()).st_size > whole_limit:
            f.close()
            return None
        return f.read(HEADER_BYTES), f
    except OSError:
        f.close()
        return None


def _flags(size: ImageSize | None, gray: bool) -> int | None:
    """How to decode an image of this declared size; None: too big to decode at all."""
    import cv2

    plain = cv2.IMREAD_GRAYSCALE if gray else cv2.IMREAD_UNCHANGED
    if size is None or size.pixels <= MAX_IMAGE_PIXELS:
        return plain
    if size.kind == "jpeg":
        for factor in REDUCED_FACTORS:
            if size.pixels <= MAX_IMAGE_PIXELS * factor * factor:
                kind = "GRAYSCALE" if gray else "COLOR"
                return getattr(cv2, f"IMREAD_REDUCED_{kind}_{factor}")
    return None


def read_image(path: str | os.PathLike, gray: bool = False) -> np.ndarray | None:
    """An image file as BGR (grey with gray=True), or None if it cannot be read as an image, or
    is too big to be one (see MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS and too_big_to_read). The size
    the header declares is checked before the rest of the file is read; a big JPEG comes back
    smaller, never holding more than MAX_IMAGE_PIXELS."""
    import cv2
    import numpy as np

    opened = _read_head(path, MAX_IMAGE_BYTES)
    if opened is None:
        return None
    head, f = opened
    with f:
        flags = _flags(image_size(head), gray)
        if flags is None or not head:
            return None
        try:  # a device or a pipe has no size: read what fits
            raw = head + f.read(MAX_IMAGE_BYTES + 1 - len(head))
        except OSError:
            return None
    if len(raw) > MAX_IMAGE_BYTES:
        return None
    try:
        image = cv2.imdecode(np.frombuffer(raw, dtype=np.uint8), flags)
        del raw
        if image is None:
            return None
        return image if gray else as_bgr(image)
    except (cv2.error, MemoryError):  # e.g. a format OpenCV refuses, or no memory left
        return None


def too_many_pixels(path: str | os.PathLike) -> ImageSize | None:
    """The size the file declares, if it is more pixels than read_image takes."""
    opened = _read_head(path, None)
    if opened is None:
        return None
    head, f = opened
    f.close()
    size = image_size(head)
    if size is None or _flags(size, gray=True) is not None:
        return None
    return size


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
            self._check_still_there()
        if isinstance(self.source, (str, os.PathLike)):
            # every image of the folder went away or broke: lost, like an unplugged camera, so
            # that it is opened again (and the folder listed again) once they are back
            raise CameraError("none_left", path=os.fspath(self.source))
        self.finished = True  # nothing in the list can be read
        return None

    def _check_still_there(self) -> None:
        """CameraError if the image or folder the frames come from has gone."""
        if isinstance(self.source, (str, os.PathLike)) and not os.path.exists(self.source):
            raise CameraError("gone", path=os.fspath(self.source))

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

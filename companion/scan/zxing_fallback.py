"""A second reader for the patches zbar could not read: zxing-cpp, when it is installed.

zbar stays the reader of record: this is asked only about a patch that the region finder
located and zbar read nothing in, after every retry. zxing-cpp finds and samples a code on its
own (its detector copes with a smeared or partly washed-out code that zbar gives up on), so it
is handed the patch with a wide margin around it (the region may cover only part of a code
whose other part is blown out by glare), as it is and with its contrast raised locally, with
zxing's two binarisers. Like zbar, zxing only returns a text whose error correction checks out,
and the text then goes through the same tag parsing and the same tracking as a zbar read.
Where it finds a code but its error correction does not check out, where it found it is handed
on: the tag fit (companion.scan.tag_fit) starts from that outline too.

A frame in which nothing at all was read, no patch and no code, is handed to zxing-cpp whole
(`read_frame`): a code under a glare spot may not stand out as a patch at all.

Without zxing-cpp the decoder reads with zbar alone: `read_patch` and `read_frame` then return
nothing.
"""

from __future__ import annotations

from contextlib import contextmanager

import cv2
import numpy as np

_MISSING = object()
_module = None


def _zxing():
    """The zxingcpp module, or None if it is not installed (looked up once)."""
    global _module
    if _module is None:
        try:
            import zxingcpp
        except ImportError:
            _module = _MISSING
        else:
            _module = zxingcpp
    return None if _module is _MISSING else _module


def available() -> bool:
    return _zxing() is not None


@contextmanager
def set_aside():
    """Within the block the decoder reads as if zxing-cpp were not installed (a comparison)."""
    global _module
    saved = _module
    _module = _MISSING
    try:
        yield
    finally:
        _module = saved


def local_contrast(patch: np.ndarray) -> np.ndarray:
    """Contrast raised tile by tile: a code's modules under a glare spot or in a shadow."""
    return cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4)).apply(patch)


def read_patch(patch: np.ndarray, located: list | None = None) -> list[str]:
    """The QR texts zxing-cpp reads in a grey patch (as is, then with local contrast), or [].

    With `located`, the outline of each code zxing-cpp found but could not decode (its four
    corners clockwise from the top-left one, 4x2 float32 in patch pixels) is appended to it."""
    zxing = _zxing()
    if zxing is None or patch.size == 0:
        return []
    binarisers = (zxing.Binarizer.LocalAverage, zxing.Binarizer.GlobalHistogram)
    asked = {} if located is None else {"return_errors": True}  # codes that failed, too
    for prepared in (patch, local_contrast(patch)):
        image = np.ascontiguousarray(prepared, dtype=np.uint8)
        for binariser in binarisers:
            try:
                found = zxing.read_barcodes(image, formats=zxing.BarcodeFormat.QRCode,
                                            binarizer=binariser, try_downscale=False,
                                            try_invert=False, **asked)
            except (RuntimeError, ValueError):
                continue
            if located is not None:
                located += [_outline(result.position) for result in found if not result.valid]
            texts = [result.text for result in found if result.valid and result.text]
            if texts:
                return texts
    return []


def _outline(position) -> np.ndarray:
    """A zxing-cpp position's four corners (4x2 float32), clockwise from the top-left one."""
    return np.array([[position.top_left.x, position.top_left.y],
                     [position.top_right.x, position.top_right.y],
                     [position.bottom_right.x, position.bottom_right.y],
                     [position.bottom_left.x, position.bottom_left.y]], np.float32)


def read_frame(gray: np.ndarray) -> list[str]:
    """The QR texts zxing-cpp finds in a whole grey frame on its own, or []."""
    zxing = _zxing()
    if zxing is None or gray.size == 0:
        return []
    found = zxing.read_barcodes(np.ascontiguousarray(gray, dtype=np.uint8),
                                formats=zxing.BarcodeFormat.QRCode)
    return [result.text for result in found if result.valid and result.text]

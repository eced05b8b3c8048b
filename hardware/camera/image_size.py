"""The pixel size an image file declares in its header, read without decoding a pixel.

    image_size(data) -> ImageSize("png", 20000, 20000) or None (a format not known here)

A small PNG can declare billions of pixels; knowing the size first lets the reader refuse it,
or have a JPEG decoded at a fraction of its size, before any memory is given to the pixels.
Known: PNG, JPEG, GIF, BMP, WebP, PNM (P1-P6). Anything else is left to OpenCV's own limit.
"""

from __future__ import annotations

import re
import struct
from typing import NamedTuple

# Enough of the start of a file to find the size: a JPEG's frame header comes after its EXIF,
# ICC and other segments, which are at most 64 kB each.
HEADER_BYTES = 1024 * 1024


class ImageSize(NamedTuple):
    kind: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


# JPEG start-of-frame markers (every SOFn but DHT C4, JPG C8 and DAC CC).
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
_PNM = re.compile(rb"^P[1-6](?:\s+|#[^\n]*\n)*(\d+)(?:\s+|#[^\n]*\n)+(\d+)")


def _jpeg(data: bytes) -> ImageSize | None:
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if marker in _SOF and i + 9 <= len(data):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return ImageSize("jpeg", width, height)
        if marker == 0xDA or length < 2:  # the image data: no frame header came first
            return None
        i += 2 + length
    return None


def image_size(data: bytes) -> ImageSize | None:
    """The kind and size declared at the start of an image file's bytes; None if unknown."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return ImageSize("png", width, height)
    if data.startswith(b"\xff\xd8"):
        return _jpeg(data)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return ImageSize("gif", width, height)
    if data.startswith(b"BM") and len(data) >= 26:
        header = struct.unpack("<I", data[14:18])[0]
        if header == 12:
            width, height = struct.unpack("<HH", data[18:22])
        else:
            width, height = struct.unpack("<ii", data[18:26])
        return ImageSize("bmp", abs(width), abs(height))
    if data.startswith(b"RIFF") and data[8:12] == b"WEBP" and len(data) >= 30:
        chunk = data[12:16]
        if chunk == b"VP8X":
            width = 1 + int.from_bytes(data[24:27], "little")
            height = 1 + int.from_bytes(data[27:30], "little")
            return ImageSize("webp", width, height)
        if chunk == b"VP8 ":
            width, height = struct.unpack("<HH", data[26:30])
            return ImageSize("webp", width & 0x3FFF, height & 0x3FFF)
        if chunk == b"VP8L" and len(data) >= 25:
            bits = int.from_bytes(data[21:25], "little")
            return ImageSize("webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        return None
    match = _PNM.match(data[:4096])
    if match:
        return ImageSize("pnm", int(match.group(1)), int(match.group(2)))
    return None

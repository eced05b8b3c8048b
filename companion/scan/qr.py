"""The QR code of a tag and the sticker around it, shared by the sheets and the synthetic frames.

A tag is always a full QR Code (model 2) with error correction M or better: segno.make_qr, never
segno.make, which picks Micro QR for short texts and zbar cannot read Micro QR.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import segno

QUIET_MODULES = 4  # the quiet zone the QR standard asks for, on every side
ERROR = "m"  # the least error correction a tag has; segno raises it when the size allows
DEFAULT_STICKER_MM = 36.0  # the code and its quiet zone: 1.24 mm modules on a 44 mm wide card


def label_mm(sticker_mm: float) -> float:
    """Height of the strip under the code where the card is written in plain text."""
    return max(4.0, round(0.15 * sticker_mm, 2))


def make_qr(text: str) -> segno.QRCode:
    return segno.make_qr(text, error=ERROR)


@lru_cache(maxsize=256)
def _matrix(text: str) -> np.ndarray:
    code = make_qr(text)
    matrix = np.array([[bool(v) for v in row] for row in code.matrix], dtype=bool)
    matrix.setflags(write=False)
    return matrix


def qr_matrix(text: str) -> np.ndarray:
    """The code's modules (True = dark), without quiet zone."""
    return _matrix(text)


def qr_image(text: str, module_px: int = 8, quiet: int = QUIET_MODULES) -> np.ndarray:
    """The code as a grey image (dark modules 0, light 255) with its quiet zone."""
    matrix = np.pad(qr_matrix(text), quiet, constant_values=False)
    image = np.where(matrix, 0, 255).astype(np.uint8)
    return np.kron(image, np.ones((module_px, module_px), dtype=np.uint8))


def save_png(text: str, path, scale: int = 10) -> None:
    """A single tag as a PNG with its quiet zone."""
    make_qr(text).save(str(path), kind="png", scale=scale, border=QUIET_MODULES)

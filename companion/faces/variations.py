"""A taught face as a camera at a table might see it another time.

A deck is taught from one photo per face, but at the table the same face comes back under
another lamp, blurred, its outline found a pixel or two off (or by a printed border inside
it). `variations` makes such views of a taught face, so that the reader can learn which
differences between two faces survive them (the rank's figure) and which do not tell faces
apart at all (the lamp, the blur).

A glare or a thumb is left out on purpose: either can hide a figure, and a reader taught that
figures may vanish would take a card with a figure hidden for one without it (a 2 for a 1, a
blank notebook for a white 1). The reader's other judge (features.residuals) caps what such
a spot costs instead.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

MAX_CORNER_SHIFT = 0.025  # of the face's width: how far off a found outline's corner may be
ZOOM_RANGE = (0.97, 1.10)  # an outline a little outside the card, or on a border inside it
MAX_BLUR = 1.8  # pixels of an upright face (defocus), Gaussian sigma
MAX_MOTION = 4  # pixels of an upright face (a card moved while the frame was taken)
WARMTH = 0.28  # the largest shift of blue against red under a warm or a cold light
# the most each channel's gain strays besides: a camera's white balance moves green against red
# and blue too, from one photo to the next (a card's own colour sways it), and a shift no view
# made would tell two faces apart by the light of their teach photos (a 1 taught greyish read
# as a 2 taught mint, under a mint light)
TINT = 0.15
BRIGHTNESS = (0.5, 1.3)
NOISE = (1.0, 6.0)  # grey levels, standard deviation


def _reframed(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = face.shape[:2]
    zoom = rng.uniform(*ZOOM_RANGE)
    dx, dy = w * (1 - 1 / zoom) / 2, h * (1 - 1 / zoom) / 2
    src = np.float32([[dx, dy], [w - dx, dy], [w - dx, h - dy], [dx, h - dy]])
    src += rng.normal(0, MAX_CORNER_SHIFT * w / 2, (4, 2)).astype(np.float32)
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    matrix = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(face, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _blurred(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < 0.3:
        length = int(rng.integers(2, MAX_MOTION + 1))
        kernel = np.zeros((length * 2 + 1, length * 2 + 1), np.float32)
        angle = rng.uniform(0, np.pi)
        c, s = np.cos(angle) * length, np.sin(angle) * length
        cv2.line(kernel, (round(length - c), round(length - s)), (round(length + c), round(length + s)), 1.0, 1)
        return cv2.filter2D(face, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REPLICATE)
    sigma = rng.uniform(0.3, MAX_BLUR)
    return cv2.GaussianBlur(face, (0, 0), sigma)


def _lit(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    warm = rng.uniform(-1, 1) * WARMTH
    gains = np.float32([1 - warm, 1.0, 1 + warm]) * rng.uniform(1 - TINT, 1 + TINT, 3).astype(np.float32)
    gains *= rng.uniform(*BRIGHTNESS)
    out = cv2.multiply(face, tuple(map(float, gains)) + (0.0,))  # each channel by its gain, as face * gains
    h, w = face.shape[:2]
    # a lamp to one side: the light falls off across the card
    angle = rng.uniform(0, 2 * np.pi)
    across, down = _grid(h, w)
    falloff = 1 + rng.uniform(0, 0.35) * (across * np.cos(angle) + down * np.sin(angle))
    # in double precision, as out *= falloff[:, :, None] makes it with numpy 2, in a third of the time
    return cv2.multiply(out.astype(np.float64), cv2.merge([falloff] * 3)).astype(np.float32)


@functools.lru_cache(maxsize=4)
def _grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's place across and down a face h x w, from -0.5 to 0.5 (the float32 values
    of xs / w - 0.5 and ys / h - 0.5, held in double precision)."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    across, down = (xs / w - 0.5).astype(np.float64), (ys / h - 0.5).astype(np.float64)
    across.flags.writeable = down.flags.writeable = False  # shared by every view
    return across, down


def variation(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One view of the upright `face` (BGR uint8) as a table's camera might give it."""
    out = _reframed(face, rng).astype(np.float32)
    out = _lit(out, rng)
    out = _blurred(out, rng)
    out += rng.standard_normal(out.shape, dtype=np.float32) * np.float32(rng.uniform(*NOISE))
    return np.clip(out, 0, 255).astype(np.uint8)


def variations(face: np.ndarray, count: int, seed: int = 0) -> list[np.ndarray]:
    """`count` views of the face, the same ones for the same face and seed."""
    rng = np.random.default_rng(seed)
    return [variation(face, rng) for _ in range(count)]

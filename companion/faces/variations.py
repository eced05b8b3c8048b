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
from dataclasses import dataclass

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


@dataclass(frozen=True, eq=False)
class _View:
    """What makes one view, the same for every face of its size: drawn from the random
    generator alone, in the order `variation` draws it (read-only: shared by every face)."""

    warp: np.ndarray  # 3 x 3: the outline found a little off, as a perspective transform
    gains: tuple[float, float, float, float]  # each channel's (cv2.multiply's scalar)
    falloff: np.ndarray  # h x w, float64: a lamp to one side
    motion: np.ndarray | None  # a moved card's line kernel, or None: a Gaussian blur of `sigma`
    sigma: float
    noise: np.ndarray  # h x w x channels, float32


def _drawn(h: int, w: int, channels: int, rng: np.random.Generator) -> _View:
    """One view's draws for a face h x w of `channels` channels."""
    # reframed: an outline a little outside the card or on a border inside it, its corners off
    zoom = rng.uniform(*ZOOM_RANGE)
    dx, dy = w * (1 - 1 / zoom) / 2, h * (1 - 1 / zoom) / 2
    src = np.float32([[dx, dy], [w - dx, dy], [w - dx, h - dy], [dx, h - dy]])
    src += rng.normal(0, MAX_CORNER_SHIFT * w / 2, (4, 2)).astype(np.float32)
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    warp = cv2.getPerspectiveTransform(src, dst)
    # lit: each channel's gain, and a lamp to one side, the light falling off across the card
    warm = rng.uniform(-1, 1) * WARMTH
    gains = np.float32([1 - warm, 1.0, 1 + warm]) * rng.uniform(1 - TINT, 1 + TINT, 3).astype(np.float32)
    gains *= rng.uniform(*BRIGHTNESS)
    angle = rng.uniform(0, 2 * np.pi)
    across, down = _grid(h, w)
    falloff = 1 + rng.uniform(0, 0.35) * (across * np.cos(angle) + down * np.sin(angle))
    # blurred: a card moved while the frame was taken, or out of focus
    motion, sigma = None, 0.0
    if rng.random() < 0.3:
        length = int(rng.integers(2, MAX_MOTION + 1))
        kernel = np.zeros((length * 2 + 1, length * 2 + 1), np.float32)
        angle = rng.uniform(0, np.pi)
        c, s = np.cos(angle) * length, np.sin(angle) * length
        cv2.line(kernel, (round(length - c), round(length - s)), (round(length + c), round(length + s)), 1.0, 1)
        motion = kernel / kernel.sum()
    else:
        sigma = rng.uniform(0.3, MAX_BLUR)
    noise = rng.standard_normal((h, w, channels), dtype=np.float32) * np.float32(rng.uniform(*NOISE))
    for shared in (warp, falloff, noise) + (() if motion is None else (motion,)):
        shared.flags.writeable = False
    return _View(warp, tuple(map(float, gains)) + (0.0,), falloff, motion, sigma, noise)


def _made(face: np.ndarray, view: _View) -> np.ndarray:
    h, w = face.shape[:2]
    out = cv2.warpPerspective(face, view.warp, (w, h), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    out = cv2.multiply(out, view.gains)  # each channel by its gain, as face * gains
    # in double precision, as out *= falloff[:, :, None] makes it with numpy 2, in a third of the time
    out = cv2.multiply(out.astype(np.float64), cv2.merge([view.falloff] * face.shape[2])).astype(np.float32)
    if view.motion is not None:
        out = cv2.filter2D(out, -1, view.motion, borderType=cv2.BORDER_REPLICATE)
    else:
        out = cv2.GaussianBlur(out, (0, 0), view.sigma)
    out += view.noise
    return np.clip(out, 0, 255).astype(np.uint8)


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
    h, w = face.shape[:2]
    return _made(face, _drawn(h, w, face.shape[2], rng))


def variations(face: np.ndarray, count: int, seed: int = 0) -> list[np.ndarray]:
    """`count` views of the face, the same ones for the same face and seed: every face of a
    size under the same lamps, blurs and shifts, drawn once."""
    h, w = face.shape[:2]
    return [_made(face, view) for view in _views(h, w, face.shape[2], count, seed)]


@functools.lru_cache(maxsize=1)  # about 2.5 MB for 24 views of a face 60 x 90
def _views(h: int, w: int, channels: int, count: int, seed: int) -> tuple[_View, ...]:
    rng = np.random.default_rng(seed)
    return tuple(_drawn(h, w, channels, rng) for _ in range(count))

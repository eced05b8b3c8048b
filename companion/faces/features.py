"""What a face is compared by, and how two faces are compared.

A face (finder.upright_face, 60 x 90) becomes `sample`: its colour channels at two scales, the
whole card small (the layout, the art, the colours) and its two corners larger (where editions
print the rank), a little blurred so that a sharp teach photo and a soft frame look alike, and
its edges trimmed (a card's outline is never exact).

`residuals` compares one sample with many taught ones. For each taught face it first finds the
light under which that face best explains the sample: one gain per colour channel, fitted by
least squares, and held within the range a lamp or a camera's white balance can shift the
colours (MAX_TINT): so a white card under a warm lamp can pass for itself but never for a yellow
one, and a dark frame for a bright one. The residual is what is left, per pixel, capped (a glare
spot or a finger over the card costs only a little), relative to the taught face's own contrast.
Lower is closer; 0 is the same face.

The residual says whether a face is a taught one at all; between two close faces (a 2 and a 3
of one suit differ in a few pixels only) `leaning` decides, looking only where they differ.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.faces.finder import FACE_H, FACE_W

TRIM = 3  # pixels trimmed off each side of an upright face
WHOLE = (18, 27)  # the whole card, small
CORNER = (20, 18)  # each corner, larger
CORNER_SHARE = (0.36, 0.22)  # a corner's width and height, as shares of the card
CORNER_WEIGHT = 1.0  # of a corner pixel against a pixel of the whole card
MAX_TINT = 1.5  # a channel's gain over the mean gain, at most (and at least its inverse)
CAP = 0.5  # the largest residual of one pixel, as a share of the taught face's contrast


def _corners(face: np.ndarray) -> list[np.ndarray]:
    h, w = face.shape[:2]
    cw, ch = round(w * CORNER_SHARE[0]), round(h * CORNER_SHARE[1])
    return [face[:ch, :cw], face[h - ch:, w - cw:][::-1, ::-1]]


def sample(face: np.ndarray) -> np.ndarray:
    """A face as the 3 x P array that is compared (float32, 0-1 per channel)."""
    f = face[TRIM:FACE_H - TRIM, TRIM:FACE_W - TRIM].astype(np.float32) / 255.0
    f = cv2.GaussianBlur(f, (0, 0), 0.8)
    parts = [cv2.resize(f, WHOLE, interpolation=cv2.INTER_AREA)]
    parts += [cv2.resize(c, CORNER, interpolation=cv2.INTER_AREA) for c in _corners(f)]
    return np.concatenate([p.reshape(-1, 3) for p in parts]).T.copy()


def weights() -> np.ndarray:
    n_whole, n_corner = WHOLE[0] * WHOLE[1], CORNER[0] * CORNER[1]
    w = np.concatenate([np.ones(n_whole), np.full(2 * n_corner, CORNER_WEIGHT)]).astype(np.float32)
    return w / w.sum()


_WEIGHTS = None


def residuals(candidate: np.ndarray, taught: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How far the candidate sample (3 x P) is from each taught sample (N x 3 x P), each under
    its best-fitting light: N values, lower is closer; and those lights (N x 3 gains)."""
    global _WEIGHTS
    if _WEIGHTS is None:
        _WEIGHTS = weights()
    w = _WEIGHTS
    cw = candidate * w
    num = np.einsum("cp,ncp->nc", cw, taught)  # <C_c, T_c> per template and channel
    den = (cw * candidate).sum(axis=1) + 1e-6  # <C_c, C_c>
    gains = np.maximum(num / den, 1e-3)
    mean = np.exp(np.log(gains).mean(axis=1, keepdims=True))
    gains = mean * np.clip(gains / mean, 1 / MAX_TINT, MAX_TINT)
    fitted = gains[:, :, None] * candidate[None]
    lum = taught.mean(axis=1)  # N x P
    contrast = np.sqrt((w * (lum - (lum * w).sum(axis=1, keepdims=True)) ** 2).sum(axis=1)) + 0.02
    diff = np.abs(fitted - taught).mean(axis=1)  # N x P, over the channels
    capped = np.minimum(diff, CAP * contrast[:, None])
    return (capped * w).sum(axis=1) / contrast, gains


def leaning(candidate: np.ndarray, gains: np.ndarray, first: np.ndarray, second: np.ndarray) -> float:
    """Where the candidate lies between two taught samples, looking only at where they differ:
    +0.5 is exactly `first`, -0.5 exactly `second`, 0 halfway (and 0 when the two are the same).
    The candidate is seen under `gains`, the light fitted for `first`."""
    global _WEIGHTS
    if _WEIGHTS is None:
        _WEIGHTS = weights()
    seen = gains[:, None] * candidate
    diff = first - second
    norm = float((_WEIGHTS * diff * diff).sum())
    if norm < 1e-8:
        return 0.0
    return float((_WEIGHTS * (seen - (first + second) / 2) * diff).sum()) / norm

"""What a face is compared by, and how two faces are compared.

A face (finder.upright_face, 60 x 90) becomes `sample`: its colour channels at two scales, the
whole card small (the layout, the art, the colours) and its two corners larger (where editions
print the rank), a little blurred so that a sharp teach photo and a soft frame look alike, the
light that changes across the card divided out, the whole card's edge trimmed (a card's
outline is never exact) and its rounded corners left out.

`residuals` compares one sample with many taught ones. For each taught face it first finds the
light under which that face best explains the sample: one gain per colour channel, fitted by
least squares, and held within the range a lamp or a camera's white balance can shift the
colours (MAX_TINT): so a white card under a warm lamp can pass for itself but never for a yellow
one, and a dark frame for a bright one. The residual is what is left, per pixel, capped (a glare
spot or a finger over the card costs only a little), relative to the contrast of the deck's faces.
Lower is closer; 0 is the same face.

The residual says whether a face is a taught one at all; between two close faces (a 2 and a 3
of one suit differ in a few pixels only) `leanings` says which way the face leans, looking only
where they differ, and `separations` whether they differ enough, for this face, for its leaning
to mean anything (each against several rivals at once). The pixel judge's discriminant
(discriminant.py) must agree before it names a card (reader.py says when the network's card is
named).
"""

from __future__ import annotations

import functools
import zlib

import cv2
import numpy as np

from companion.faces.finder import FACE_H, FACE_W

LIGHT_SIGMA = 0.25  # the light is taken as the brightness smoothed over this share of the card
SAMPLE_BLUR = 1.0  # pixels: a sharp teach photo and a soft frame look alike
TRIM = 3  # pixels trimmed off each side of an upright face
WHOLE = (18, 27)  # the whole card, small
CORNER = (20, 18)  # each corner, larger
CORNER_SHARE = (0.36, 0.22)  # a corner's width and height, as shares of the card
CORNER_WEIGHT = 0.6  # of a corner pixel against a pixel of the whole card
ZOOMS = (1.0, 1.08)  # a face is compared as found and with its edge trimmed (see zoomed)
ROUNDED = 0.04  # pixels this near a corner of the card (share of its width) are not compared
MAX_TINT = 1.7  # a channel's gain over the mean gain, at most (and at least its inverse)
CAP = 3.0  # the largest residual of one pixel, as a share of the deck's contrast
SATURATED = 250  # a channel this bright, or brighter, the camera may have saturated
SATURATED_MAX_TINT = 2.5  # the lamp allowed where the camera saturated a channel (saturated_residuals)
BLOCK = 64  # taught samples measured at once (_part_sums)
EVENED_KEPT = 4  # the faces last evened, kept with their evened copies (evened)

_evened_kept: tuple = ()  # (face, its checksum, its evened copy) of the faces last evened, the newest last


def corner_size(w: int, h: int) -> tuple[int, int]:
    """(width, height) of each corner of a face w x h pixels."""
    return round(w * CORNER_SHARE[0]), round(h * CORNER_SHARE[1])


def corners(face: np.ndarray) -> list[np.ndarray]:
    """The two corners of a face (corner_size; any number of channels), the bottom-right one
    turned like the top-left one."""
    h, w = face.shape[:2]
    cw, ch = corner_size(w, h)
    return [face[:ch, :cw], face[h - ch:, w - cw:][::-1, ::-1]]


def zoomed(face: np.ndarray, zoom: float) -> np.ndarray:
    """The face's middle, `zoom` times larger, at the same size: a card printed with a border
    is found by its outer outline in one frame and by its border's inner one in another."""
    if zoom == 1.0:
        return face
    h, w = face.shape[:2]
    dx, dy = w * (1 - 1 / zoom) / 2, h * (1 - 1 / zoom) / 2
    src = np.float32([[dx, dy], [w - dx, dy], [w - dx, h - dy]])
    dst = np.float32([[0, 0], [w, 0], [w, h]])
    return cv2.warpAffine(face, cv2.getAffineTransform(src, dst), (w, h), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def sample(face: np.ndarray, whole: tuple[int, int] = WHOLE, corner: tuple[int, int] = CORNER) -> np.ndarray:
    """A face as the 3 x P array that is compared (float32, 0-1 per channel): the whole card at
    `whole` pixels, then each corner at `corner`."""
    return _laid_out(evened(face), whole, corner).copy()


def _laid_out(f: np.ndarray, whole: tuple[int, int] = WHOLE, corner: tuple[int, int] = CORNER) -> np.ndarray:
    """3 x P (a view of them): a picture's channels as `sample` lays them out. The whole card
    without its edge (never exact); the corners from the edge in, where editions print the rank."""
    parts = [whole_sample(f, whole)] + corner_samples(f, corner)
    return np.concatenate([p.reshape(-1, 3) for p in parts]).T


def evened(face: np.ndarray) -> np.ndarray:
    """The face (BGR uint8) as float32 0-1, a little blurred, with the light that changes
    across the card (a lamp to one side, a shadow) divided out: the brightness smoothed over a
    quarter of the card stands for the light. Read-only: the faces last evened are kept
    (EVENED_KEPT), as the pixel judge, its discriminant and the corner colours each even the
    face they are asked of; one asked of again, unchanged, is not evened again."""
    global _evened_kept
    if not face.flags.c_contiguous:  # not kept (its checksum would need a copy), read-only all the same
        out = _evened(face)
        out.flags.writeable = False
        return out
    check = zlib.crc32(face)  # a kept face changed since is evened anew
    kept = _evened_kept
    for known, known_check, out in kept:
        if known is face and known_check == check:
            return out
    out = _evened(face)
    out.flags.writeable = False
    _evened_kept = (kept + ((face, check, out),))[-EVENED_KEPT:]  # one assignment: safe across threads
    return out


def _evened(face: np.ndarray) -> np.ndarray:
    f = face.astype(np.float32) / 255.0
    f = cv2.GaussianBlur(f, (0, 0), SAMPLE_BLUR)
    h, w = f.shape[:2]
    sigma = LIGHT_SIGMA * w
    # the brightness (the mean of the channels) smoothed across, in the same product
    field = _smoothing(h, sigma) @ (f.reshape(h, w * 3) @ _across(w, sigma)) + 0.02
    light = float(field.mean()) / field
    return cv2.multiply(f, cv2.merge([light] * 3))  # f * light[:, :, None], in a third of the time


@functools.lru_cache(maxsize=8)
def _across(w: int, sigma: float) -> np.ndarray:
    """3w x w: a line of w BGR pixels to its brightness smoothed (_smoothing), in one product."""
    return np.repeat(_smoothing(w, sigma).T / 3.0, 3, axis=0).astype(np.float32)


@functools.lru_cache(maxsize=8)
def _smoothing(n: int, sigma: float) -> np.ndarray:
    """n x n: a line of n pixels smoothed by OpenCV's Gaussian blur of `sigma` (its kernel
    size for float pictures, its default border: reflected without the edge pixel), as one
    matrix product. The light's blur is wider than a face, and so applied twice as fast."""
    if n == 1:
        return np.ones((1, 1), np.float32)
    size = int(round(sigma * 4 * 2 + 1)) | 1
    kernel = cv2.getGaussianKernel(size, sigma, cv2.CV_64F).ravel()
    radius = size // 2
    matrix = np.zeros((n, n))
    for i in range(n):
        for t, weight in enumerate(kernel):
            p = i + t - radius
            while not 0 <= p < n:  # reflected as often as the kernel runs past an end
                p = -p if p < 0 else 2 * (n - 1) - p
            matrix[i, p] += weight
    return matrix.astype(np.float32)


def whole_sample(f: np.ndarray, whole: tuple[int, int] = WHOLE) -> np.ndarray:
    """The whole card of an evened face (`evened`) at `whole` pixels, without its edge."""
    return cv2.resize(f[TRIM:FACE_H - TRIM, TRIM:FACE_W - TRIM], whole, interpolation=cv2.INTER_AREA)


def corner_samples(f: np.ndarray, corner: tuple[int, int] = CORNER) -> list[np.ndarray]:
    """The two corners of an evened face (`evened`) at `corner` pixels, the second turned."""
    return [cv2.resize(c, corner, interpolation=cv2.INTER_AREA) for c in corners(f)]


def weights() -> np.ndarray:
    """The weight of each compared pixel: a corner pixel counts CORNER_WEIGHT times a pixel of
    the whole card, and the very corners of the card count nothing (they are rounded, and show
    the table)."""
    tw, th = FACE_W - 2 * TRIM, FACE_H - 2 * TRIM
    radius = ROUNDED * tw

    def mask(shape, width_px, height_px, corners):
        h, w = shape
        ys, xs = np.mgrid[0:h, 0:w]
        px, py = (xs + 0.5) * width_px / w, (ys + 0.5) * height_px / h
        keep = np.ones(shape, bool)
        for cx, cy in corners:
            keep &= np.hypot(px - cx, py - cy) > radius
        return keep.astype(np.float32).ravel()

    whole = mask((WHOLE[1], WHOLE[0]), tw, th, [(0, 0), (tw, 0), (0, th), (tw, th)])
    radius += TRIM * 1.4  # the corners of the untrimmed face
    cw, ch = corner_size(FACE_W, FACE_H)
    corner = CORNER_WEIGHT * mask((CORNER[1], CORNER[0]), cw, ch, [(0, 0)])
    w = np.concatenate([whole, corner, corner])
    return (w / w.sum()).astype(np.float32)


_WEIGHTS = None
_PART_WEIGHTS = None


def contrast(samples: np.ndarray) -> float:
    """The typical contrast of a deck's taught samples (N x 3 x P): the spread of their
    brightness, which residuals are measured against so that one threshold fits every edition."""
    w = _weights()
    lum = samples.mean(axis=1)
    spread = np.sqrt((w * (lum - (lum * w).sum(axis=1, keepdims=True)) ** 2).sum(axis=1))
    return float(np.median(spread)) + 0.02


def _weights() -> np.ndarray:
    global _WEIGHTS
    if _WEIGHTS is None:
        _WEIGHTS = weights()
    return _WEIGHTS


def _part_weights() -> np.ndarray:
    """P x 3: the pixels' weights (weights()) in three columns, the whole card's pixels in the
    first, each corner's in the next two, 0 elsewhere."""
    global _PART_WEIGHTS
    if _PART_WEIGHTS is None:
        w = _weights()
        n_whole, n_corner = WHOLE[0] * WHOLE[1], CORNER[0] * CORNER[1]
        columns = np.zeros((len(w), 3), np.float32)
        columns[:n_whole, 0] = w[:n_whole]
        columns[n_whole:n_whole + n_corner, 1] = w[n_whole:n_whole + n_corner]
        columns[n_whole + n_corner:, 2] = w[n_whole + n_corner:]
        _PART_WEIGHTS = columns
    return _PART_WEIGHTS


def residuals(candidate: np.ndarray, taught: np.ndarray, scale: float,
              gains: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """How far the candidate sample (3 x P) is from each taught sample (N x 3 x P), each under
    its best-fitting light, relative to the deck's contrast `scale`: N values, lower is closer;
    and those lights (N x 3 gains; `lights`, given where already fitted)."""
    gains = lights(candidate, taught) if gains is None else gains
    return _combined(_part_sums(candidate, taught, gains, scale, _part_weights()), scale), gains


def _combined(sums: np.ndarray, scale: float) -> np.ndarray:
    """The residuals of the part sums (N x 3: the whole card, each corner)."""
    whole, first, second = sums.T
    # the rank is printed in both corners: the better one counts twice (a finger or a glare
    # over one corner costs nothing)
    return (whole + 2 * np.minimum(first, second)) / scale


def any_within(candidate: np.ndarray, taught: np.ndarray, scale: float, bound: float,
               gains: np.ndarray | None = None) -> bool:
    """Whether a taught sample may be within `bound` of the candidate (residuals' least value at
    most `bound`; True also when one is within rounding of it). The whole card's part of a
    residual is a part of it: only the samples whose whole card alone is that near are measured
    in full, the pixels of the whole card first for all (about 40% of the work). `gains`: the
    lights, where already fitted (`lights`)."""
    bound = bound * (1 + 1e-5) + 1e-6  # the sums are made in another order here
    gains = lights(candidate, taught) if gains is None else gains
    n_whole = WHOLE[0] * WHOLE[1]
    whole = _part_sums(candidate[:, :n_whole], taught[:, :, :n_whole], gains, scale,
                       _part_weights()[:n_whole, :1])[:, 0] / scale
    near = np.flatnonzero(whole <= bound)
    if not len(near):
        return False
    sums = _part_sums(candidate, taught[near], gains[near], scale, _part_weights())
    return bool(_combined(sums, scale).min() <= bound)


def saturated(face: np.ndarray) -> np.ndarray:
    """3 x P, as `sample` lays a face out: where the camera saturated a channel of the face (BGR
    uint8; SATURATED or more over more than a quarter of the pixels a sample pixel takes in)."""
    return _laid_out((face >= SATURATED).astype(np.float32)) > 0.25


def saturated_share(face: np.ndarray) -> float:
    """The share of an upright face's pixels, its trimmed edge left out, with a channel the
    camera saturated (SATURATED or more)."""
    inner = face[TRIM:-TRIM, TRIM:-TRIM]
    return float((inner >= SATURATED).any(axis=2).mean())


def saturated_residuals(candidate: np.ndarray, saturated_pixels: np.ndarray, taught: np.ndarray,
                        scale: float) -> np.ndarray:
    """residuals of a candidate sample whose pixels `saturated_pixels` (3 x P, `saturated`) the camera
    saturated, against taught samples (K x 3 x P): the light fitted on the other pixels alone and
    allowed up to SATURATED_MAX_TINT (a lamp strong enough to saturate a channel is stronger than
    what is seen says; a channel saturated all over, as strong as allowed), and a saturated pixel
    taken as at least as bright as seen, costing only where it is brighter than the taught face
    under that light."""
    unsaturated = (~saturated_pixels).astype(np.float32) * _weights()
    num = np.einsum("kcp,cp->kc", taught, candidate * unsaturated)
    den = (candidate * candidate * unsaturated).sum(axis=1)
    # a channel saturated all over tells nothing of its gain but that the lamp is strong there:
    # it takes the least gain allowed, and the mean is of the other channels
    known = unsaturated.sum(axis=1) > 1e-3
    gains = _held(np.maximum(num / np.maximum(den, 1e-6), 1e-3), SATURATED_MAX_TINT, known)
    diff = gains[:, :, None] * candidate[None] - taught
    diff = np.where(saturated_pixels[None] & (diff < 0), 0.0, np.abs(diff))
    sums = np.minimum(diff.sum(axis=1), 3.0 * CAP * scale) @ _part_weights() / 3.0
    return _combined(sums, scale)


def lights(candidate: np.ndarray, taught: np.ndarray) -> np.ndarray:
    """N x 3: per taught sample, the gain of each channel under which it best explains the
    candidate (least squares), held within MAX_TINT of their mean."""
    cw = candidate * _weights()
    # <C_c, T_c> per template and channel: a product per channel (BLAS), not one einsum
    num = np.stack([taught[:, c] @ cw[c] for c in range(3)], axis=1)
    den = (cw * candidate).sum(axis=1) + 1e-6  # <C_c, C_c>
    return _held(np.maximum(num / den, 1e-3), MAX_TINT)


def _held(gains: np.ndarray, max_tint: float, known: np.ndarray | None = None) -> np.ndarray:
    """N x 3 gains held within `max_tint` of their mean (geometric, per row). With `known` (per
    channel), the mean is of the known channels alone, and a channel not known takes the least
    gain allowed (no known channel: a mean of 1)."""
    if known is None:
        mean = np.exp(np.log(gains).mean(axis=1, keepdims=True))
    else:
        mean = np.exp(np.log(gains)[:, known].mean(axis=1, keepdims=True)) if known.any() \
            else np.ones((len(gains), 1), np.float32)
        gains = np.where(known, gains, mean / max_tint)
    # held by np.maximum and np.minimum: np.clip's result, several times faster on so few values
    return mean * np.minimum(np.maximum(gains / mean, 1 / max_tint), max_tint)


def _part_sums(candidate: np.ndarray, taught: np.ndarray, gains: np.ndarray, scale: float,
               weights: np.ndarray) -> np.ndarray:
    """N x K: per taught sample, the mean over the channels of |fitted - taught| per pixel,
    capped (_off), summed with each column of `weights` (P x K). BLOCK samples at a time: the
    work of each block stays in the processor's cache (a deck of 55 faces: 0.98 ms, against
    1.18 ms all at once)."""
    sums = np.empty((len(taught), weights.shape[1]), np.float32)
    # the work's two arrays, made once and used by every block (making them anew costs more)
    work = np.empty((2, min(BLOCK, len(taught)), candidate.shape[1]), np.float32)
    for start in range(0, len(taught), BLOCK):
        rows = slice(start, start + BLOCK)
        block = taught[rows]
        sums[rows] = _off(candidate, block, gains[rows], scale, work[:, :len(block)]) @ weights
    return sums / 3.0


def _off(candidate: np.ndarray, taught: np.ndarray, gains: np.ndarray, scale: float,
         work: np.ndarray) -> np.ndarray:
    """N x P: per taught sample and pixel, the sum over the channels of |fitted - taught|,
    each capped at 3 * CAP * scale (a glare spot or a finger costs only a little); in the
    first of the two N x P arrays of `work`."""
    diff, channel = work
    for c in range(3):
        out = diff if c == 0 else channel
        np.multiply(gains[:, c, None], candidate[c], out=out)
        cv2.absdiff(out, taught[:, c], out)  # |out - taught| in one pass
        if c:
            diff += channel
    # capped: a truncating threshold (each value above it set to it) is cv2.min's result in a third of the time
    return cv2.threshold(diff, 3.0 * CAP * scale, 0, cv2.THRESH_TRUNC, dst=diff)[1]


def separations(candidate: np.ndarray, gains: np.ndarray, first: np.ndarray, seconds: np.ndarray) -> np.ndarray:
    """How far apart `first` and each of the taught samples `seconds` (K x 3 x P) are, against how
    far the candidate is from `first`: K values. Below 1, the two differ less than the candidate
    differs from either, and which one it leans to says nothing."""
    w = _weights()
    apart = (w * (first - seconds) ** 2).reshape(len(seconds), first.size).sum(axis=1).astype(np.float64)
    off = float((w * (gains[:, None] * candidate - first) ** 2).sum())
    return np.sqrt(apart / max(off, 1e-9))


def leanings(candidate: np.ndarray, gains: np.ndarray, first: np.ndarray, seconds: np.ndarray) -> np.ndarray:
    """Where the candidate lies between `first` and each of the taught samples `seconds` (K x 3 x
    P), looking only at where the two differ: K values, +0.5 exactly `first`, -0.5 exactly the
    other, 0 halfway (and 0 where the two are the same). The candidate is seen under `gains`,
    the light fitted for `first`. Each row is summed as a lone pair's would be, to the last bit."""
    seen = gains[:, None] * candidate
    diff = first - seconds
    w = _weights()
    rows = (len(seconds), first.size)  # K x 3 x P, each rival's row as one sample's
    norm = (w * diff * diff).reshape(rows).sum(axis=1).astype(np.float64)
    towards = (w * (seen - (first + seconds) / 2) * diff).reshape(rows).sum(axis=1).astype(np.float64)
    same = norm < 1e-8
    return np.where(same, 0.0, towards / np.where(same, 1.0, norm))

"""Card outlines found as what stands out from the table's own colours.

A card whose outline is lost among other edges (a striped rainbow card on a checked cloth: its
stripes run into the cloth's checks, and no closed edge or straight side is left alone) still
differs from the cloth in colour. The cloth is what the frame's border shows (a card lies
inside the view): its colours are the cells of a CIE Lab histogram that enough pixels of a band
round the border fall in, with their neighbouring cells (a shade between two checks, a little
more or less light; the brightness is binned coarsely, so that light falling off across the
table is still the cloth). Every pixel whose colour is none of those stands out. The blobs
that stand out, their small holes closed (a stripe of the cloth's own colour across the card),
are outlines like any other: the finder keeps only those that are card-shaped and run along an
edge of the picture. A finger across a card stands out with it, and the blob of both is no
card's shape: opened by a disc half as wide as the blob's thickest part (the card), the finger
goes and the card stays (the reader's second look asks for such outlines too). A frame always
gives the same outlines: nothing in it is drawn at random.

numpy and OpenCV only; every length is in pixels of the picture given.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

BAND = 0.06  # the border band the cloth is learned from, as a share of the picture's width
BINS = (8, 32, 32)  # of Lab's L, a and b: the brightness coarse (light falls off across a table)
MIN_BIN_SHARE = 0.004  # a colour of fewer border pixels is not the cloth's (a card at the border)
MIN_HULL_SHARE = 0.82  # of a blob's rotated bounding box its convex hull must fill
ARM_SHARE = 0.5  # of the thickest part's width: see _without_arms


def border_band(image: np.ndarray) -> np.ndarray:
    """The pixels of the band round the image's border the cloth is learned from (BAND of its
    width, at least 2 pixels), each once: N values, or N x channels."""
    h, w = image.shape[:2]
    b = max(2, round(BAND * w))
    parts = (image[:b], image[h - b:], image[b:h - b, :b], image[b:h - b, w - b:])
    return np.concatenate([part.reshape(-1, *image.shape[2:]) for part in parts])


class Cloth:
    """The cloth's colours, learned from the border band of a Lab picture, judged on a picture
    half as wide (a card is still dozens of pixels across, at a quarter of the cost)."""

    def __init__(self, lab: np.ndarray) -> None:
        h, w = self.shape = lab.shape[:2]
        self._half = cv2.resize(lab, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
        band = _bins(border_band(self._half))
        counts = np.bincount(band, minlength=BINS[0] * BINS[1] * BINS[2]).reshape(BINS)
        # the cloth's colours: those of enough border pixels, and their neighbours (a shade between
        # two checks, a little more light): a 3 x 3 x 3 box grown one axis at a time
        grown = counts >= MIN_BIN_SHARE * len(band)
        for axis in range(3):
            near = grown.copy()
            ahead, behind = [slice(None)] * 3, [slice(None)] * 3
            ahead[axis], behind[axis] = slice(1, None), slice(None, -1)
            near[tuple(behind)] |= grown[tuple(ahead)]
            near[tuple(ahead)] |= grown[tuple(behind)]
            grown = near
        self._colours = grown.ravel()

    def standing(self) -> np.ndarray:
        """1 where a pixel stands out from the cloth's colours, 0 where it is the cloth's, small
        specks dropped and small holes closed; the size of the picture learned from."""
        return self._whole.copy()

    @functools.cached_property
    def _whole(self) -> np.ndarray:
        """`standing`'s mask, made once (read-only)."""
        h, w = self.shape
        mask = (cv2.resize(self._mask(self._half), (w, h), interpolation=cv2.INTER_LINEAR) >= 128).astype(np.uint8)
        mask.flags.writeable = False
        return mask

    def standing_at(self, points: np.ndarray) -> np.ndarray:
        """Per point (N x 2, in pixels of the picture learned from): 1 where it stands out from
        the cloth, as in `standing` (that mask made only round the points), 0 where it is the
        cloth's, -1 off the picture."""
        h, w = self.shape
        x = np.round(points[:, 0]).astype(int)
        y = np.round(points[:, 1]).astype(int)
        inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
        out = np.full(len(points), -1, np.int8)
        if not inside.any():
            return out
        x, y = x[inside], y[inside]
        if h % 2 or w % 2:
            # the whole mask is scaled back by w / (w // 2), not by 2: asked of that mask itself
            out[inside] = self._whole[y, x]
            return out
        # in the picture half as wide: the mask at a pixel depends on the picture up to 6 pixels
        # away (its opening and closing), and made twice as wide, on one more
        pad = 8
        half_h, half_w = self._half.shape[:2]
        x0, y0 = max(0, int(x.min()) // 2 - pad), max(0, int(y.min()) // 2 - pad)
        x1, y1 = min(half_w, int(x.max()) // 2 + pad + 1), min(half_h, int(y.max()) // 2 + pad + 1)
        mask = self._mask(self._half[y0:y1, x0:x1])
        mask = cv2.resize(mask, (2 * (x1 - x0), 2 * (y1 - y0)), interpolation=cv2.INTER_LINEAR)
        out[inside] = mask[np.minimum(y - 2 * y0, mask.shape[0] - 1), np.minimum(x - 2 * x0, mask.shape[1] - 1)] >= 128
        return out

    def _mask(self, half: np.ndarray) -> np.ndarray:
        """255 where a pixel of `half` (a part of the picture half as wide) stands out, 0 where it
        is the cloth's, small specks dropped and small holes closed."""
        mask = np.where(self._colours[_bins(half)], 0, 255).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))


def _bins(lab: np.ndarray) -> np.ndarray:
    """The histogram cell (of BINS) of each Lab value (... x 3 uint8)."""
    shifts = [int(np.log2(256 // n)) for n in BINS]
    return ((lab[..., 0] >> shifts[0]).astype(np.int32) * BINS[1] + (lab[..., 1] >> shifts[1])) * BINS[2] \
        + (lab[..., 2] >> shifts[2])


def standing_out(mask: np.ndarray, min_side: float, max_side: float, aspect: tuple[float, float],
                 without_arms: bool = False) -> list[np.ndarray]:
    """The outer outlines (N x 1 x 2 point arrays, every point of the blob's edge, so that its
    sides can be fitted) of the blobs of `mask` (Cloth.standing) that could be a card: short side
    between min_side and max_side, long side over short side within `aspect`, and about as full
    as their bounding box. A finger across a card stands out with it, an arm off its side that
    leaves the blob no card's shape: with `without_arms`, such a blob is looked at again
    without its arms too (_without_arms). Opened so, a firework's rays go and its middle may
    be left card-shaped: a face is read from such an outline only under the stricter rules of
    a second look, and never taught from one."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    out = []
    for contour in contours:
        shaped = _card_like(contour, min_side, max_side, aspect)
        if shaped:
            out.append(contour)
        elif shaped is None and without_arms:
            out += _without_arms(contour, min_side, max_side, aspect)
    return out


def _card_like(contour: np.ndarray, min_side: float, max_side: float, aspect: tuple[float, float]) -> bool | None:
    """Whether a blob's outline could be a card's (standing_out); None where it is big enough
    but not card-shaped."""
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(hull)
    if area < min_side * min_side * aspect[0] * 0.8:
        return False
    _centre, (rw, rh), _angle = cv2.minAreaRect(hull)
    short, long_ = min(rw, rh), max(rw, rh)
    if short < min_side or not aspect[0] <= long_ / max(short, 1.0) <= aspect[1] \
            or area < MIN_HULL_SHARE * rw * rh:
        return None
    return short <= max_side


def _without_arms(contour: np.ndarray, min_side: float, max_side: float,
                  aspect: tuple[float, float]) -> list[np.ndarray]:
    """The card-shaped outlines of a blob opened by a disc ARM_SHARE as wide as its thickest
    part (a card, the thickest thing in it, stays, its corners rounded; a finger, thinner than
    the disc, goes), in the picture's pixels. The opening is made of two distance transforms
    (what lies deeper in the blob than the disc's radius, grown back by that radius): its cost
    does not grow with the disc, as a morphological opening's does."""
    x, y, w, h = cv2.boundingRect(contour)
    blob = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(blob, [contour], -1, 1, -1, offset=(1 - x, 1 - y))
    depth = cv2.distanceTransform(blob, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    width = 2 * float(depth.max())  # the card's, if one is in it
    if width < min_side:
        return []
    radius = round(ARM_SHARE * width / 2) + 0.5
    core = np.where(depth > radius, 0, 1).astype(np.uint8)  # 0 deeper than the radius
    opened = np.where(cv2.distanceTransform(core, cv2.DIST_L2, cv2.DIST_MASK_PRECISE) <= radius, blob, 0)
    parts, _ = cv2.findContours(opened.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE,
                                offset=(x - 1, y - 1))
    return [part for part in parts if _card_like(part, min_side, max_side, aspect)]

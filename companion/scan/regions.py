"""Where the tags may be in a frame: small patches dense with sharp light/dark edges.

A QR code is the densest patch of edges on a table: every module is a black/white step in
both directions. The frame is shrunk, its edge strength measured relative to the local light
(so a dim corner or a glare spot does not hide a code), the dense patches joined and the
code-sized ones kept, best first; a wide blob is split on its cores and on its edges
unsmoothed (a code joined to a card back by the card's outline). The decoder then works on
those few patches only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import cv2
import numpy as np

WORK_WIDTH = 320  # the frame is searched at this width
LIKELY_SCORE = 0.45
LIKELY_STRIPES = 2.5
# A blob at least this many of the smallest code sides wide (a card, a code with what touches
# it) is also split on the edges unsmoothed: a code on a card lying on a patterned card back
# stays joined to it through the card's outline even after the wider opening, but its quiet
# zone parts it from that outline where the edges are not smoothed over. A part counts if it
# is this square and this filled, and if no region found already, at most twice its size,
# holds its centre.
SHARP_SPLIT_SIDES = 3.0
SHARP_PART_SQUARE = 0.6
SHARP_PART_FILLED = 0.6
SPLIT_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))


@dataclass(frozen=True)
class Region:
    """A patch of the full frame that may hold a code: bounding box, rotated outline, score."""

    x: int
    y: int
    w: int
    h: int
    rect: tuple  # the patch's rotated box in frame pixels: ((cx, cy), (w, h), angle)
    score: float  # mean edge density
    stripes: float = 0.0  # light/dark changes per row and per column across the middle, the lower

    @property
    def quad(self) -> np.ndarray:
        return cv2.boxPoints(self.rect).astype(np.float32)

    def holds(self, point) -> bool:
        """Whether a point (x, y in frame pixels) lies in the patch's rotated box."""
        return cv2.pointPolygonTest(self.quad.reshape(-1, 1, 2), point, False) >= 0

    @property
    def code_like(self) -> bool:
        """Dense and striped both ways, as a code is; a token, a card back or a shadow is not."""
        return self.score >= LIKELY_SCORE and self.stripes >= LIKELY_STRIPES

    @property
    def side(self) -> float:
        """The patch's longer side in frame pixels."""
        return float(max(self.w, self.h))


def edge_strength(small: np.ndarray) -> np.ndarray:
    """Edge strength per pixel relative to the local brightness."""
    grad = cv2.morphologyEx(small, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    light = cv2.blur(small, (15, 15))
    return grad.astype(np.float32) / (light.astype(np.float32) + 16.0)


def find_regions(gray: np.ndarray, max_regions: int | None = 6, min_side: float = 0.035,
                 threshold: float = 0.28,
                 keep: Callable[[Region], bool] | None = None) -> list[Region]:
    """The likeliest code patches of a grey frame, best first (all of them if max_regions is None).

    min_side is the smallest code side looked for, as a fraction of the frame width. With
    `keep`, only the patches it accepts are counted and returned (their stripes measured).
    """
    h, w = gray.shape[:2]
    factor = max(1.0, w / WORK_WIDTH)
    if factor > 1.0:
        small = cv2.resize(gray, (int(round(w / factor)), int(round(h / factor))),
                           interpolation=cv2.INTER_AREA)
    else:
        small = gray
    sh, sw = small.shape[:2]
    strength = edge_strength(small)
    density = cv2.blur(strength, (5, 5))  # smoothed over a few pixels
    mask = (density > threshold).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    smallest = max(4.0, min_side * sw)
    largest = 0.9 * min(sw, sh) * 1.5
    found: list[Region] = []
    parts: list[Region] = []
    for x, y, patch, fits in _blobs(mask, smallest, largest):
        if fits:
            found.append(_region(x, y, patch, density, factor))
        # A code touching a card's outline, a card back or a token merges with it into one
        # blob: a wider opening keeps only the thick cores, the code among them.
        if max(patch.shape) >= 2 * smallest:
            cores = cv2.morphologyEx(patch.astype(np.uint8), cv2.MORPH_OPEN, SPLIT_KERNEL)
            for cx, cy, core, core_fits in _blobs(cores, smallest, largest):
                if core_fits and core.sum() < 0.8 * patch.sum():
                    found.append(_region(x + cx, y + cy, core, density, factor))
        if max(patch.shape) >= SHARP_SPLIT_SIDES * smallest:
            parts += _sharp_parts(x, y, patch, strength, density, threshold, smallest,
                                  largest / 2, factor)
    # a part is new only where no region at most twice its size was found already
    found += [part for part in parts if not any(
        other.side <= 2 * part.side and other.holds(part.rect[0]) for other in found)]
    found.sort(key=lambda r: -r.score)
    kept: list[Region] = []
    for region in found:
        if max_regions is not None and len(kept) >= max_regions:
            break
        region = _with_stripes(gray, region)
        if keep is None or keep(region):
            kept.append(region)
    return kept


def _sharp_parts(x: int, y: int, patch: np.ndarray, strength: np.ndarray, density: np.ndarray,
                 threshold: float, smallest: float, largest: float, factor: float) -> list[Region]:
    """The code-sized, square and filled parts of a blob where its edges are not smoothed."""
    bh, bw = patch.shape
    sharp = ((strength[y:y + bh, x:x + bw] > threshold) & patch).astype(np.uint8)
    sharp = cv2.morphologyEx(sharp, cv2.MORPH_CLOSE, np.ones((2, 2), np.uint8))
    parts = []
    for px, py, part, fits in _blobs(sharp, smallest, largest):
        ph, pw = part.shape
        if (fits and min(ph, pw) >= SHARP_PART_SQUARE * max(ph, pw)
                and part.sum() >= SHARP_PART_FILLED * ph * pw):
            parts.append(_region(x + px, y + py, part, density, factor))
    return parts


def _blobs(mask: np.ndarray, smallest: float, largest: float):
    """(x, y, blob mask, code-sized and filled enough) for each connected blob of the mask."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    for i in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        side = max(bw, bh)
        if side < smallest:
            continue
        fits = side <= largest and min(bw, bh) >= 0.25 * side and area >= 0.3 * bw * bh
        yield x, y, labels[y:y + bh, x:x + bw] == i, fits


def _region(x: int, y: int, patch: np.ndarray, density: np.ndarray, factor: float) -> Region:
    bh, bw = patch.shape
    score = float(density[y:y + bh, x:x + bw][patch].mean())
    points = cv2.findNonZero(patch.astype(np.uint8)).astype(np.float32)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(points + np.array([x, y], np.float32))
    rect = ((cx * factor, cy * factor), (rw * factor, rh * factor), angle)
    return Region(int(x * factor), int(y * factor), int(bw * factor), int(bh * factor), rect, score)


def stripes(box: np.ndarray) -> float:
    """Light/dark changes along the rows and along the columns of a patch's middle (the lower)."""
    if box.size == 0:
        return 0.0
    b = cv2.resize(box, (48, 48), interpolation=cv2.INTER_AREA)
    _, bw = cv2.threshold(b, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    inner = bw[12:36, 12:36].astype(np.int8)
    across = np.count_nonzero(np.diff(inner, axis=1)) / inner.shape[0]
    down = np.count_nonzero(np.diff(inner, axis=0)) / inner.shape[1]
    return float(min(across, down))


def _with_stripes(gray: np.ndarray, region: Region) -> Region:
    box = gray[region.y:region.y + region.h, region.x:region.x + region.w]
    return replace(region, stripes=stripes(box))


def around(gray: np.ndarray, quad: np.ndarray, score: float) -> Region:
    """The region of a code located otherwise (its four corners in frame pixels), its stripes
    measured in the frame, its score given."""
    rect = cv2.minAreaRect(quad.astype(np.float32))
    x, y, w, h = cv2.boundingRect(quad.astype(np.float32))
    x0, y0 = max(0, x), max(0, y)  # the box kept within the frame
    w, h = max(0, min(x + w, gray.shape[1]) - x0), max(0, min(y + h, gray.shape[0]) - y0)
    return _with_stripes(gray, Region(x0, y0, w, h, rect, score))
